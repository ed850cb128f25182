"""Final scores offer Play again (same game, seats, names and options, a new deal), and
New game remembers the last game started, across runs, and opens with it from the
final scores too."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from knockrummy.app import prefs as prefs_store
from knockrummy.app.prefs import Prefs
from knockrummy.ui import matches
from knockrummy.ui.app import App
from knockrummy.ui.pilot import Pilot
from knockrummy.ui.screens.newgame import NewGameScene
from knockrummy.ui.screens.scores import ScoresScene
from knockrummy.ui.screens.title import TitleScene
from knockrummy.ui.table.scene import TableScene

FAST = Prefs(animation_speed=4.0, ai_pacing=0.0)


def open_app(size: tuple[int, int] = (1280, 720)) -> Pilot:
    prefs, _ = prefs_store.load()
    app = App(size, prefs, save_prefs=True)
    app.fixed_dt = 1 / 60
    app.reset(TitleScene(app))
    return Pilot(app)


@pytest.fixture
def pilot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Pilot]:
    monkeypatch.setenv("KNOCKRUMMY_HOME", str(tmp_path))
    prefs_store.save(FAST)
    p = open_app()
    yield p
    matches.close_game(p.app)
    pygame.quit()


def hover_click(p: Pilot, rect: pygame.Rect) -> None:
    p.move((rect.left + 3, rect.top + 3))
    p.move(rect.center)
    p.click(rect.center)


def set_up_gin(p: Pilot) -> NewGameScene:
    """New game: Gin Rummy, the first name "Ben", the computer hard, to 150."""
    hover_click(p, p.button("New game").rect)
    scene = p.top
    assert isinstance(scene, NewGameScene)
    while scene.base_rules.key != "gin":
        hover_click(p, scene.preset.right)
    field = scene.seats[0].name
    hover_click(p, field.rect)
    for ch in "Ben":
        p.post(pygame.TEXTINPUT, text=ch)
    p.step()
    while scene.seats[1].level.value != "hard":
        hover_click(p, scene.seats[1].level.rect)
    length = next(choice for spec, choice in scene.option_rows if spec.label == "Game length")
    while length.value != 150:
        hover_click(p, length.right)
    return scene


def test_new_game_remembers_the_last_game_across_runs(pilot: Pilot) -> None:
    set_up_gin(pilot)
    hover_click(pilot, pilot.button("Start").rect)
    table = pilot.top
    assert isinstance(table, TableScene)
    assert table.controller.match.rules.target_score == 150
    matches.close_game(pilot.app)
    pygame.quit()
    again = open_app()  # the next run
    hover_click(again, again.button("New game").rect)
    scene = again.top
    assert isinstance(scene, NewGameScene)
    setup = scene.setup(seed=1)
    assert setup.rules.key == "gin" and setup.rules.target_score == 150
    assert [(s.name, s.kind, s.level) for s in setup.seats] == [
        ("Ben", "human", "medium"), ("Ada", "computer", "hard")]
    matches.close_game(again.app)


def test_final_scores_play_again_and_new_game(pilot: Pilot) -> None:
    set_up_gin(pilot)
    hover_click(pilot, pilot.button("Start").rect)
    table = pilot.top
    assert isinstance(table, TableScene)
    first = table.controller.setup
    # forget what New game would offer: Final scores must know the game itself
    pilot.app.prefs = Prefs(animation_speed=4.0, ai_pacing=0.0)
    pilot.app.push(ScoresScene(pilot.app, pilot.app.session, final=True))
    hover_click(pilot, pilot.button("Play again").rect)
    again = pilot.top
    assert isinstance(again, TableScene) and again is not table
    setup = again.controller.setup
    assert setup.rules == first.rules and setup.seats == first.seats
    assert setup.seed != first.seed
    assert list(again.controller.match.names) == ["Ben", "Ada"]
    pilot.app.prefs = Prefs(animation_speed=4.0, ai_pacing=0.0)
    pilot.app.push(ScoresScene(pilot.app, pilot.app.session, final=True))
    hover_click(pilot, pilot.button("New game").rect)
    scene = pilot.top
    assert isinstance(scene, NewGameScene)
    offered = scene.setup(seed=1)
    assert offered.rules == first.rules and offered.seats == first.seats
