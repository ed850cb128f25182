"""No text below 14 px on any screen, at the smallest (960x600) and the largest
(3840x2160) window: every text drawn goes through ``Fonts.text``, which records its
pixel size while a test asks; this walks every screen and asserts the smallest."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from knockrummy.app.controller import COMPUTER, HUMAN, GameSetup, SeatSetup
from knockrummy.app.prefs import Prefs
from knockrummy.engine import PRESETS
from knockrummy.ui import matches
from knockrummy.ui.app import App
from knockrummy.ui.pilot import Pilot
from knockrummy.ui.scene import Scene
from knockrummy.ui.screens.confirm import ConfirmScene
from knockrummy.ui.screens.handoff import HandoffScene
from knockrummy.ui.screens.howto import HowToScene
from knockrummy.ui.screens.newgame import NewGameScene
from knockrummy.ui.screens.pause import PauseScene
from knockrummy.ui.screens.records import RecordsScene
from knockrummy.ui.screens.rules import RulesScene
from knockrummy.ui.screens.saved import SavedGamesScene
from knockrummy.ui.screens.scores import ScoresScene
from knockrummy.ui.screens.settings import SettingsScene
from knockrummy.ui.screens.showdown import ShowdownScene
from knockrummy.ui.screens.stats import StatsScene
from knockrummy.ui.screens.title import TitleScene
from knockrummy.ui.table.scene import TableScene
from knockrummy.ui.widgets import MIN_TEXT
from tests.screen_walk import play_until

SIZES = ((960, 600), (3840, 2160))
FAST = Prefs(animation_speed=4.0, ai_pacing=0.0)

Small = list[tuple[str, tuple[int, int], int, str]]


@pytest.fixture
def pilot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Pilot]:
    monkeypatch.setenv("KNOCKRUMMY_HOME", str(tmp_path))
    app = App(SIZES[0], FAST, save_prefs=False)
    app.fixed_dt = 1 / 60
    app.reset(TitleScene(app))
    yield Pilot(app)
    matches.close_game(app)
    pygame.quit()


def measure(p: Pilot, name: str, small: Small) -> int:
    """Draw the current screens at every size; note each text under the minimum; the
    number of texts seen."""
    seen = 0
    for size in SIZES:
        p.app.set_window_size(size)
        texts = p.app.fonts.record()
        p.app.dirty = True
        p.app.draw()
        p.app.fonts.stop_recording()
        assert texts, f"{name}: nothing drawn at {size}"
        seen += len(texts)
        small.extend((name, size, px, text) for px, text in texts if px < MIN_TEXT)
    p.app.set_window_size(SIZES[0])
    return seen


def start(p: Pilot, seats: tuple[SeatSetup, ...], preset: str = "knock") -> TableScene:
    matches.start_game(p.app, GameSetup(PRESETS[preset], seats, 7))
    p.step(3)
    top = p.app.stack.scenes[1]
    assert isinstance(top, TableScene)
    return top


def test_no_text_below_14_px_on_any_screen(pilot: Pilot) -> None:
    p = pilot
    small: Small = []
    walked: list[str] = []

    def look(name: str, kind: type[Scene]) -> None:
        assert isinstance(p.top, kind), (name, p.top)
        measure(p, name, small)
        walked.append(name)

    # a played hand: the table, the hand-off, the showdown, scores; saves and stats too
    two = (SeatSetup("Ann", HUMAN), SeatSetup("Ben", HUMAN), SeatSetup("Ada", COMPUTER))
    start(p, two)
    play_until(p, lambda: isinstance(p.top, HandoffScene))
    look("hand-off", HandoffScene)
    play_until(p, lambda: isinstance(p.top, TableScene) and p.top.controller.human_to_act)
    look("table", TableScene)
    p.key(pygame.K_ESCAPE)
    look("menu", PauseScene)
    p.key(pygame.K_ESCAPE)
    play_until(p, lambda: isinstance(p.top, ShowdownScene))
    p.step(400)
    look("showdown", ShowdownScene)
    p.app.push(ScoresScene(p.app, p.app.session))
    look("scores", ScoresScene)
    p.app.pop()
    p.app.push(ScoresScene(p.app, p.app.session, final=True))
    look("final scores", ScoresScene)
    matches.to_title(p.app)
    p.step(2)
    while not isinstance(p.top, TitleScene):  # notes said once over the title
        p.key(pygame.K_ESCAPE)
    look("title", TitleScene)
    p.press("New game")
    scene = p.top
    assert isinstance(scene, NewGameScene)
    while scene.players.value != 6:
        p.click(scene.players.right.center)
    look("new game, six seats", NewGameScene)
    for key in PRESETS:  # every game's name and options in the pickers
        while scene.base_rules.key != key:
            p.click(scene.preset.right.center)
        measure(p, f"new game, {key}", small)
    p.key(pygame.K_ESCAPE)
    p.press("Settings")
    settings = p.top
    assert isinstance(settings, SettingsScene)
    look("settings", SettingsScene)
    game = dict(settings.left)["default_preset"]
    for _ in PRESETS:  # "Gin Rummy - Yimmaw", "Knock Rummy - Hoyle" ...
        p.click(game.right.center)
        measure(p, f"settings, {game.texts[game.index]}", small)
    p.key(pygame.K_ESCAPE)
    p.press("Statistics")
    look("statistics", StatsScene)
    p.press("Reset")
    look("confirm", ConfirmScene)
    p.key(pygame.K_ESCAPE)
    p.key(pygame.K_ESCAPE)
    p.press("Saved games")
    look("saved games", SavedGamesScene)
    p.key(pygame.K_ESCAPE)
    p.press("Match records")
    look("match records", RecordsScene)
    p.key(pygame.K_ESCAPE)
    p.press("Rules")
    look("rules", RulesScene)
    p.press("How to play")
    look("how to play", HowToScene)
    for _ in range(2):  # the other families' pages
        p.key(pygame.K_TAB)
        measure(p, f"how to play, {p.top.family if isinstance(p.top, HowToScene) else ''}",
                small)
    assert len(walked) == 15
    report = sorted({(name, size, px, text[:40]) for name, size, px, text in small})
    assert not report, "\n".join(f"{n} at {s[0]}x{s[1]}: {px} px {t!r}" for n, s, px, t in report)
