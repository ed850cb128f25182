"""The keyboard focus never rests on a button that cannot be pressed.

Found in a play-through by keyboard: the empty Match records list put its ring on a
greyed-out Open, and Enter did nothing. Now:

- a list with nothing to open (no record, no saved game, or the last one just
  deleted) focuses Back, and Enter goes back;
- Down, Up and Tab pass over disabled buttons (Statistics' Reset with nothing to
  reset);
- a list with rows still focuses Open, and Enter opens the picked row.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from knockrummy.ui.gfx import TEXT
from knockrummy.ui.pilot import Pilot
from knockrummy.ui.screens.base import ButtonScene
from knockrummy.ui.screens.confirm import ConfirmScene
from knockrummy.ui.screens.records import RecordsScene
from knockrummy.ui.screens.saved import SavedGamesScene
from knockrummy.ui.screens.showdown import ShowdownScene
from knockrummy.ui.screens.stats import StatsScene
from knockrummy.ui.screens.title import TitleScene
from knockrummy.ui.table.scene import TableScene
from tests.table_support import Person, make_pilot, my_turn, ringed


@pytest.fixture
def pilot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Pilot]:
    yield from make_pilot(tmp_path, monkeypatch, size=(960, 600))


def focused(scene: ButtonScene) -> str:
    shown = scene.shown()
    return shown[scene.focus % len(shown)].label


def walk_title_to(me: Person, pilot: Pilot, label: str) -> None:
    """Down on the title until ``label`` has the focus, then Enter."""
    title = pilot.top
    assert isinstance(title, TitleScene)
    for _ in range(len(title.shown())):
        if focused(title) == label:
            break
        me.key(pygame.K_DOWN)
    assert focused(title) == label
    me.key(pygame.K_RETURN)


def test_an_empty_records_list_focuses_back_and_enter_goes_back(pilot: Pilot) -> None:
    me = Person(pilot)
    walk_title_to(me, pilot, "Match records")
    scene = pilot.top
    assert isinstance(scene, RecordsScene) and not scene.records
    assert not scene.open_button.enabled
    assert focused(scene) == "Back"
    pilot.step()
    back = next(b for b in scene.shown() if b.label == "Back")
    assert ringed(pilot.app.screen, back.rect, TEXT) > 20
    assert ringed(pilot.app.screen, scene.open_button.rect, TEXT) == 0
    me.key(pygame.K_DOWN)  # nothing to pick: the focus stays where Enter works
    assert focused(scene) == "Back"
    me.key(pygame.K_RETURN)
    assert isinstance(pilot.top, TitleScene)


def test_reset_with_nothing_to_reset_is_passed_over(pilot: Pilot) -> None:
    me = Person(pilot)
    walk_title_to(me, pilot, "Statistics")
    scene = pilot.top
    assert isinstance(scene, StatsScene) and not scene.reset_button.enabled
    assert focused(scene) == "Back"
    for key in (pygame.K_DOWN, pygame.K_UP, pygame.K_TAB):
        me.key(key)
        assert focused(scene) == "Back"
    me.key(pygame.K_RETURN)
    assert isinstance(pilot.top, TitleScene)


def test_deleting_the_last_saved_game_leaves_the_focus_on_back(pilot: Pilot) -> None:
    me = Person(pilot)
    me.press("New game")
    me.press("Start")
    table = my_turn(pilot)
    for _ in range(5):  # a computer may knock before your first turn: next hand
        if not isinstance(table, ShowdownScene):
            break
        table.skip()
        me.press("Next hand")
        table = my_turn(pilot)
    assert isinstance(table, TableScene)
    pilot.key(pygame.K_ESCAPE)
    me.press("Leave to title")
    title = pilot.top
    assert isinstance(title, TitleScene)
    assert pilot.app.session is None
    walk_title_to(me, pilot, "Saved games")
    scene = pilot.top
    assert isinstance(scene, SavedGamesScene) and len(scene.infos) == 1
    assert focused(scene) == "Resume"  # a row to open: Enter would resume it
    me.key(pygame.K_DELETE)
    dialog = pilot.top
    assert isinstance(dialog, ConfirmScene)
    me.key(pygame.K_LEFT)  # to Yes
    me.key(pygame.K_RETURN)
    assert pilot.top is scene and not scene.infos
    assert focused(scene) == "Back"
    me.key(pygame.K_RETURN)  # Enter again, out of habit: back to the title
    assert isinstance(pilot.top, TitleScene)
