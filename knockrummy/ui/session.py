"""Starting and leaving matches: the glue between screens and the controller."""

from __future__ import annotations

from typing import TYPE_CHECKING

from knockrummy.app.controller import Controller, GameSetup
from knockrummy.engine import MatchState

if TYPE_CHECKING:
    from knockrummy.ui.app import App


def start_game(app: App, setup: GameSetup, match: MatchState | None = None) -> Controller:
    """Open the table for a new (or resumed) match; the title stays underneath."""
    from knockrummy.ui.screens.title import TitleScene
    from knockrummy.ui.table.scene import TableScene
    close_game(app)
    controller = Controller(setup, match=match, pacing=app.prefs.pacing_seconds)
    app.controller = controller
    app.reset(TitleScene(app))
    app.push(TableScene(app, controller))
    return controller


def continue_saved(app: App) -> str | None:
    """Resume the newest unfinished saved match; the reason when it cannot."""
    from knockrummy.app import saves
    loaded = saves.load_latest()
    if isinstance(loaded, str):
        return loaded
    setup, match = loaded
    start_game(app, setup, match)
    return None


def close_game(app: App) -> None:
    """Stop the running match's worker."""
    controller = app.controller
    if controller is not None:
        controller.close()
    app.controller = None


def to_title(app: App) -> None:
    """Leave the match and show the title."""
    from knockrummy.ui.screens.title import TitleScene
    close_game(app)
    app.reset(TitleScene(app))
