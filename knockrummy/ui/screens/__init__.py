"""The screens other than the table, and every screen by name, filled in this one
place (see :mod:`knockrummy.ui.navigator`).

The window's start-up imports this package (``knockrummy.__main__``, the screenshot
tool, the tests' ``conftest``); no screen imports another. Each factory imports its
screen when it is first opened, so start-up pays only for the screens shown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from knockrummy.ui.navigator import register

if TYPE_CHECKING:
    from knockrummy.ui.app import App
    from knockrummy.ui.scene import Scene



def _title(app: App, *args: Any, **kwargs: Any) -> Scene:
    """The title: new game, continue, saved games, statistics, settings."""
    from knockrummy.ui.screens.title import TitleScene
    return TitleScene(app, *args, **kwargs)


def _newgame(app: App, *args: Any, **kwargs: Any) -> Scene:
    """Choosing the game, seats and options."""
    from knockrummy.ui.screens.newgame import NewGameScene
    return NewGameScene(app, *args, **kwargs)


def _saved(app: App, *args: Any, **kwargs: Any) -> Scene:
    """The saved matches: continue, look, delete."""
    from knockrummy.ui.screens.saved import SavedGamesScene
    return SavedGamesScene(app, *args, **kwargs)


def _records(app: App, *args: Any, **kwargs: Any) -> Scene:
    """Match records to open."""
    from knockrummy.ui.screens.records import RecordsScene
    return RecordsScene(app, *args, **kwargs)


def _stats(app: App, *args: Any, **kwargs: Any) -> Scene:
    """The statistics."""
    from knockrummy.ui.screens.stats import StatsScene
    return StatsScene(app, *args, **kwargs)


def _settings(app: App, *args: Any, **kwargs: Any) -> Scene:
    """The settings."""
    from knockrummy.ui.screens.settings import SettingsScene
    return SettingsScene(app, *args, **kwargs)


def _rules(app: App, *args: Any, **kwargs: Any) -> Scene:
    """The rules of a game."""
    from knockrummy.ui.screens.rules import RulesScene
    return RulesScene(app, *args, **kwargs)


def _howto(app: App, *args: Any, **kwargs: Any) -> Scene:
    """How to play a family of games, illustrated with cards."""
    from knockrummy.ui.screens.howto import HowToScene
    return HowToScene(app, *args, **kwargs)


def _notice(app: App, *args: Any, **kwargs: Any) -> Scene:
    """A few lines to read, then OK."""
    from knockrummy.ui.screens.notice import NoticeScene
    return NoticeScene(app, *args, **kwargs)


def _confirm(app: App, *args: Any, **kwargs: Any) -> Scene:
    """A yes/no question."""
    from knockrummy.ui.screens.confirm import ConfirmScene
    return ConfirmScene(app, *args, **kwargs)


def _table(app: App, *args: Any, **kwargs: Any) -> Scene:
    """The game table of the running match."""
    from knockrummy.ui.table.scene import TableScene
    return TableScene(app, *args, **kwargs)


def _pause(app: App, *args: Any, **kwargs: Any) -> Scene:
    """The in-game menu."""
    from knockrummy.ui.screens.pause import PauseScene
    return PauseScene(app, *args, **kwargs)


def _handoff(app: App, *args: Any, **kwargs: Any) -> Scene:
    """Pass-and-play: the screen handed to the next human."""
    from knockrummy.ui.screens.handoff import HandoffScene
    return HandoffScene(app, *args, **kwargs)


def _showdown(app: App, *args: Any, **kwargs: Any) -> Scene:
    """A hand's result."""
    from knockrummy.ui.screens.showdown import ShowdownScene
    return ShowdownScene(app, *args, **kwargs)


def _scores(app: App, *args: Any, **kwargs: Any) -> Scene:
    """The score sheet and the match history."""
    from knockrummy.ui.screens.scores import ScoresScene
    return ScoresScene(app, *args, **kwargs)


def _review(app: App, *args: Any, **kwargs: Any) -> Scene:
    """One hand's decisions reviewed."""
    from knockrummy.ui.screens.review import ReviewScene
    return ReviewScene(app, *args, **kwargs)


def _replay(app: App, *args: Any, **kwargs: Any) -> Scene:
    """A finished hand replayed face up."""
    from knockrummy.ui.replay.scene import ReplayScene
    return ReplayScene(app, *args, **kwargs)


def _learn(app: App, *args: Any, **kwargs: Any) -> Scene:
    """Learn to play: the lessons to choose from."""
    from knockrummy.ui.screens.learn import LearnScene
    return LearnScene(app, *args, **kwargs)


def _learn_offer(app: App, *args: Any, **kwargs: Any) -> Scene:
    """The first start's offer of the lessons."""
    from knockrummy.ui.screens.learn import LearnOfferScene
    return LearnOfferScene(app, *args, **kwargs)


def _lesson(app: App, *args: Any, **kwargs: Any) -> Scene:
    """A lesson at the table."""
    from knockrummy.ui.table.lesson import LessonScene
    return LessonScene(app, *args, **kwargs)


for _name, _factory in (
        ("title", _title),
        ("newgame", _newgame),
        ("saved", _saved),
        ("records", _records),
        ("stats", _stats),
        ("settings", _settings),
        ("rules", _rules),
        ("howto", _howto),
        ("notice", _notice),
        ("confirm", _confirm),
        ("table", _table),
        ("pause", _pause),
        ("handoff", _handoff),
        ("showdown", _showdown),
        ("scores", _scores),
        ("review", _review),
        ("replay", _replay),
        ("learn", _learn),
        ("learn_offer", _learn_offer),
        ("lesson", _lesson),
):
    register(_name, _factory)
