"""Habits of a real player, through the real scene loop: the pointer moves and rests on
things before it clicks, Enter is pressed out of habit (twice), focus is left where it
fell. Nothing is lost that way, the first click counts, tooltips never linger or cover
a neighbour, overlays hide what is behind them, and the rules show that they scroll.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from knockrummy.app.prefs import Prefs
from knockrummy.engine import PRESETS, apply, legal_actions, new_match
from knockrummy.storage import Seat, StatsStore
from knockrummy.storage.paths import stats_path
from knockrummy.ui import matches, widgets
from knockrummy.ui.app import App
from knockrummy.ui.pilot import Pilot
from knockrummy.ui.screens.base import ButtonScene
from knockrummy.ui.screens.confirm import ConfirmScene
from knockrummy.ui.screens.newgame import NewGameScene
from knockrummy.ui.screens.pause import PauseScene
from knockrummy.ui.screens.rules import RulesScene
from knockrummy.ui.screens.saved import SavedGamesScene
from knockrummy.ui.screens.settings import SettingsScene
from knockrummy.ui.screens.stats import StatsScene
from knockrummy.ui.screens.title import TitleScene
from knockrummy.ui.table.scene import TableScene
from knockrummy.ui.widgets import Button, place_tooltip

FAST = Prefs(animation_speed=4.0, ai_pacing=0.0)


@pytest.fixture
def pilot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Pilot]:
    monkeypatch.setenv("KNOCKRUMMY_HOME", str(tmp_path))
    app = App((1280, 720), FAST, save_prefs=False)
    app.fixed_dt = 1 / 60
    app.reset(TitleScene(app))
    yield Pilot(app)
    matches.close_game(app)
    pygame.quit()


def hover_click(p: Pilot, label: str) -> None:
    """Move to a button, rest on it a moment (its tooltip shows), then click it."""
    b = p.button(label)
    p.move((b.rect.left + 4, b.rect.top + 4))
    p.move(b.rect.center)
    p.step(3)
    p.click(b.rect.center)


def record_stats(count: int = 3) -> None:
    stats = StatsStore()
    rng = random.Random(4)
    for i in range(count):
        match = new_match(PRESETS["knock"], 2, seed=i, names=["Ann", "Bot"])
        while not match.over:
            match, _ = apply(match, rng.choice(legal_actions(match)))
        seats = [Seat("Ann"), Seat("Bot", "computer", "easy")]
        for record in match.records:
            stats.record_hand(match, record, seats, match_id=f"m{i}")
        stats.record_match(match, seats, match_id=f"m{i}")


def tooltips_this_frame(p: Pilot) -> list[pygame.Rect]:
    p.app.dirty = True
    p.step()
    return widgets.tooltips_drawn()


# ----------------------------------------------------------------- playtest 3


def test_enter_enter_and_space_on_statistics_wipe_nothing(pilot: Pilot) -> None:
    record_stats()
    before = stats_path().read_bytes()
    hover_click(pilot, "Statistics")
    assert isinstance(pilot.top, StatsScene)
    for key in (pygame.K_RETURN, pygame.K_RETURN, pygame.K_SPACE, pygame.K_RETURN):
        pilot.key(key)
    assert stats_path().read_bytes() == before and StatsStore().keys() != []


def test_reset_asks_with_no_focused_and_enter_keeps_everything(pilot: Pilot) -> None:
    record_stats()
    before = stats_path().read_bytes()
    hover_click(pilot, "Statistics")
    stats = pilot.top
    assert isinstance(stats, StatsScene)
    hover_click(pilot, "Reset")  # the dialog opens over the statistics
    dialog = pilot.top
    assert isinstance(dialog, ConfirmScene)
    assert dialog.shown()[dialog.focus] is dialog.no_button
    pilot.key(pygame.K_RETURN)  # habit: Enter
    assert pilot.top is stats and stats_path().read_bytes() == before
    pilot.key(pygame.K_RETURN)  # and again, with the focus left where it fell
    pilot.key(pygame.K_SPACE)
    pilot.key(pygame.K_RETURN)
    assert stats_path().read_bytes() == before and StatsStore().keys() != []
    # the question itself still works: asked again, Y says yes
    pilot.app.reset(TitleScene(pilot.app))
    hover_click(pilot, "Statistics")
    hover_click(pilot, "Reset")
    pilot.key(pygame.K_y)
    assert StatsStore().keys() == []


def test_delete_a_saved_game_asks_with_no_focused(pilot: Pilot, tmp_path: Path) -> None:
    from knockrummy.app.controller import COMPUTER, HUMAN, GameSetup, SeatSetup
    setup = GameSetup(PRESETS["gin"], (SeatSetup("You", HUMAN), SeatSetup("Ada", COMPUTER)), 5)
    matches.start_game(pilot.app, setup)
    pilot.step(5)
    matches.to_title(pilot.app)
    saves = sorted((tmp_path / "saves").glob("*.json"))
    assert len(saves) == 1
    hover_click(pilot, "Saved games")
    assert isinstance(pilot.top, SavedGamesScene)
    pilot.key(pygame.K_DELETE)
    assert isinstance(pilot.top, ConfirmScene)
    pilot.key(pygame.K_RETURN)
    pilot.key(pygame.K_RETURN)  # Enter on the list again: resumes, never deletes
    assert saves[0].exists()


def opaque_over(scene: ButtonScene, area: pygame.Rect) -> bool:
    """Whether ``scene`` drawn over white and over black shows the same pixels in
    ``area``: nothing behind reads through there."""
    size = scene.app.size
    shots = []
    for back in ((255, 255, 255), (0, 0, 0)):
        surface = pygame.Surface(size)
        surface.fill(back)
        scene.draw(surface)
        shots.append(pygame.image.tobytes(surface.subsurface(area), "RGB"))
    return shots[0] == shots[1]


def test_confirm_dialog_is_opaque(pilot: Pilot) -> None:
    record_stats()
    hover_click(pilot, "Statistics")
    hover_click(pilot, "Reset")
    dialog = pilot.top
    assert isinstance(dialog, ConfirmScene)
    assert opaque_over(dialog, dialog.box().inflate(-12, -12))
    assert not opaque_over(dialog, pygame.Rect(0, 0, 40, 40))  # the test can tell


# ----------------------------------------------------------------- playtest 10


def test_first_click_on_start_after_typing_a_name_counts(pilot: Pilot) -> None:
    hover_click(pilot, "New game")
    scene = pilot.top
    assert isinstance(scene, NewGameScene)
    field = scene.seats[0].name
    pilot.click(field.rect.center)
    assert field.active
    for ch in "Ben":
        pilot.post(pygame.TEXTINPUT, text=ch)
    pilot.step()
    hover_click(pilot, "Start")  # one click: the name is kept and the game starts
    table = pilot.top
    assert isinstance(table, TableScene)
    assert table.controller.match.names[0] == "Ben"


def test_a_name_clicked_for_typing_is_the_one_thing_lit(pilot: Pilot) -> None:
    """A first-time player clicked a name to type it while the Game row still had the
    keyboard's ring: two things lit. The clicked name now takes the focus, and Down goes
    on from it."""
    hover_click(pilot, "New game")
    scene = pilot.top
    assert isinstance(scene, NewGameScene)
    assert scene.focused_widget() is scene.preset
    field = scene.seats[1].name
    pilot.click(field.rect.center)
    assert field.active and scene.focused_widget() is field
    pilot.key(pygame.K_RETURN)  # done typing
    pilot.key(pygame.K_DOWN)
    assert scene.focused_widget() is scene.seats[1].kind


def test_a_seat_s_button_clicked_takes_the_keyboard_s_ring(pilot: Pilot) -> None:
    """A click on a seat's Human/Computer or level button left the keyboard's ring on the
    Game row: two things lit, and Down went on from the Game row. The clicked row now
    takes the focus (and its explanation), and the keys go on from there."""
    hover_click(pilot, "New game")
    scene = pilot.top
    assert isinstance(scene, NewGameScene)
    assert scene.focused_widget() is scene.preset
    seat = scene.seats[1]
    before = seat.kind.value
    pilot.move((seat.kind.rect.left + 3, seat.kind.rect.top + 3))
    pilot.move(seat.kind.rect.center)
    pilot.step(2)
    pilot.click(seat.kind.rect.center)
    assert seat.kind.value != before
    assert scene.focused_widget() is seat.kind
    pilot.click(seat.kind.rect.center)  # back to a computer: its level row comes back
    assert seat.kind.value == before
    pilot.move(seat.level.rect.center)
    pilot.step(2)
    level = seat.level.value
    pilot.click(seat.level.rect.center)
    assert seat.level.value != level and scene.focused_widget() is seat.level
    widgets_now = scene._widgets()
    pilot.key(pygame.K_DOWN)
    assert scene.focused_widget() is widgets_now[widgets_now.index(seat.level) + 1]


def test_gin_s_players_arrows_say_where_three_or_four_play(pilot: Pilot) -> None:
    """A first-time player chose Gin Rummy and clicked the Players arrows for three:
    nothing changed and nothing was said. The arrows of a one-value row are greyed, and
    the row, clicked or pointed at, says that Gin Rummy is played by two and which game
    is for three or four."""
    hover_click(pilot, "New game")
    scene = pilot.top
    assert isinstance(scene, NewGameScene)
    while scene.preset.value != "gin":
        pilot.click(scene.preset.right.center)
    arrow = scene.players.right
    pilot.move((arrow.left + 2, arrow.top + 2))
    pilot.move(arrow.center)
    pilot.step(2)
    pilot.click(arrow.center)
    assert scene.players.value == 2 and scene.focused_widget() is scene.players
    pilot.move((640, 700))  # the pointer off the rows: the keyboard's row is explained
    said = pilot.app.fonts.record()
    pilot.app.dirty = True
    pilot.step(2)
    words = " ".join(text for _size, text in said)
    assert "Gin Rummy is played by two" in words and "Gin Rummy for 3-4" in words, words
    def golden(rect: pygame.Rect) -> bool:
        pixel = pilot.app.screen.get_at((rect.centerx, rect.top + rect.height // 4))
        return pixel.r - pixel.b > 60

    assert not golden(arrow) and golden(scene.preset.right)  # greyed, beside a live one
    while scene.preset.value != "knock":  # a game for 2-6: live arrows, and its range
        pilot.click(scene.preset.right.center)
    before = scene.players.value
    pilot.click(scene.players.right.center)
    assert scene.players.value == before + 1 and golden(scene.players.right)


def test_a_table_size_chosen_comes_back_after_a_game_for_fewer(pilot: Pilot) -> None:
    """A first-time player chose Rummy for 3, then pressed Left on the Game row to reach
    Knock Rummy - Hoyle: passing Gin Rummy (two players only) set Players to 2, and
    Hoyle stayed at 2. The size chosen comes back in the next game that allows it."""
    hover_click(pilot, "New game")
    scene = pilot.top
    assert isinstance(scene, NewGameScene) and scene.focused_widget() is scene.preset
    while scene.preset.value != "rummy":
        pilot.key(pygame.K_RIGHT)
    pilot.key(pygame.K_DOWN)  # to Players
    assert scene.focused_widget() is scene.players
    while scene.players.value != 3:
        pilot.key(pygame.K_RIGHT)
    pilot.key(pygame.K_UP)  # back to the Game row
    seen = {}
    while scene.preset.value != "knock-hoyle":
        pilot.key(pygame.K_LEFT)
        seen[scene.preset.value] = scene.players.value
    assert seen["gin"] == 2 and seen["gin-yimmaw"] == 2  # Gin is for two
    assert seen["gin-multi"] == 3 and seen["knock-hoyle"] == 3
    assert len(scene.setup().seats) == 3
    pilot.key(pygame.K_DOWN)  # a size chosen now is the one kept
    pilot.key(pygame.K_RIGHT)
    assert scene.players.value == 4
    pilot.key(pygame.K_UP)
    while scene.preset.value != "rummy":
        pilot.key(pygame.K_RIGHT)
    assert scene.players.value == 4


# ----------------------------------------------------------------- playtest 9


def test_tooltip_is_gone_after_another_screen_and_never_two(pilot: Pilot) -> None:
    b = pilot.button("Settings")
    pilot.move(b.rect.center)
    tips = tooltips_this_frame(pilot)
    assert len(tips) == 1
    pilot.key(pygame.K_DOWN)  # keyboard to another button, the pointer stays put
    pilot.click(b.rect.center)
    assert isinstance(pilot.top, SettingsScene)
    assert len(tooltips_this_frame(pilot)) <= 1
    pilot.key(pygame.K_ESCAPE)  # back on the title: the pointer is where Done was
    assert isinstance(pilot.top, TitleScene)
    assert tooltips_this_frame(pilot) == []
    # over a modal: only the modal's own tooltip, never the one of the screen below
    record_stats()
    hover_click(pilot, "Statistics")
    reset = pilot.button("Reset")
    pilot.move(reset.rect.center)
    assert len(tooltips_this_frame(pilot)) == 1
    pilot.click(reset.rect.center)
    dialog = pilot.top
    assert isinstance(dialog, ConfirmScene)
    assert tooltips_this_frame(pilot) == []
    pilot.move(dialog.no_button.rect.center)
    assert len(tooltips_this_frame(pilot)) == 1


def _others(scene: ButtonScene, b: Button) -> list[pygame.Rect]:
    return [o.rect for o in scene.shown() if o is not b]


@pytest.mark.parametrize("size", [(960, 600), (1280, 720)])
def test_tooltips_cover_no_other_button(pilot: Pilot, size: tuple[int, int]) -> None:
    pilot.app.set_window_size(size)
    checked = 0
    for opener in (None, "New game", "Statistics"):
        pilot.app.reset(TitleScene(pilot.app))
        if opener:
            hover_click(pilot, opener)
        scene = pilot.top
        assert isinstance(scene, ButtonScene)
        for b in scene.shown():
            pilot.move(b.rect.center)
            tips = tooltips_this_frame(pilot)
            assert len(tips) == 1, b.label
            assert not tips[0].colliderect(b.rect), b.label
            assert not any(tips[0].colliderect(r) for r in _others(scene, b)), b.label
            assert pilot.app.screen.get_rect().contains(tips[0])
            checked += 1
    assert checked >= 12


def test_start_tooltip_leaves_rules_visible(pilot: Pilot) -> None:
    hover_click(pilot, "New game")
    rules = pilot.button("Rules").rect
    pilot.move(pilot.button("Start").rect.center)
    tips = tooltips_this_frame(pilot)
    assert len(tips) == 1 and not tips[0].colliderect(rules)


def test_place_tooltip_keeps_off_the_table_hand_and_buttons(pilot: Pilot) -> None:
    from knockrummy.app.controller import COMPUTER, HUMAN, GameSetup, SeatSetup
    setup = GameSetup(PRESETS["knock"], (SeatSetup("You", HUMAN), SeatSetup("Ada", COMPUTER),
                                         SeatSetup("Bo", COMPUTER)), 3)
    matches.start_game(pilot.app, setup)
    t = pilot.top
    assert isinstance(t, TableScene)
    pilot.step(5)
    buttons = [b.rect for b in t.buttons.values() if b.visible and b.rect.width]
    assert buttons
    for anchor in buttons:
        tip = place_tooltip(anchor, (330, 44), pilot.app.screen.get_rect(),
                            [*buttons, t.layout.hand_area])
        assert not tip.colliderect(t.layout.hand_area)
        assert not any(tip.colliderect(r) for r in buttons)


def test_a_tooltip_with_nowhere_clear_stays_on_the_screen() -> None:
    """With every side blocked, the tip goes where it covers least, inside the screen:
    the place it fell back to was moved on by the search, and the replay's End tooltip
    was drawn half off the window's left edge."""
    screen = pygame.Rect(0, 0, 960, 600)
    anchor = pygame.Rect(762, 540, 88, 44)
    wall = [pygame.Rect(0, 0, 960, 530), pygame.Rect(0, 530, 750, 70),
            pygame.Rect(860, 530, 100, 70)]
    tip = place_tooltip(anchor, (334, 41), screen, wall)
    assert screen.contains(tip), tip
    assert not tip.colliderect(anchor)


def test_table_tooltip_follows_the_pointer_only(pilot: Pilot) -> None:
    from knockrummy.app.controller import COMPUTER, HUMAN, GameSetup, SeatSetup
    setup = GameSetup(PRESETS["knock"], (SeatSetup("You", HUMAN), SeatSetup("Ada", COMPUTER)), 3)
    matches.start_game(pilot.app, setup)
    t = pilot.top
    assert isinstance(t, TableScene)
    pilot.step(5)
    menu = next(b for b in t.buttons.values() if b.visible and b.label == "Menu")
    pilot.move(menu.rect.center)
    assert len(tooltips_this_frame(pilot)) == 1
    pilot.key(pygame.K_ESCAPE)  # the menu opens: the table's tooltip goes
    assert isinstance(pilot.top, PauseScene)
    assert tooltips_this_frame(pilot) == []
    pilot.key(pygame.K_ESCAPE)  # and does not come back with the table
    assert pilot.top is t
    assert tooltips_this_frame(pilot) == []
    pilot.move((5, 5))
    assert tooltips_this_frame(pilot) == []


# ----------------------------------------------------------------- playtest 22


def test_menu_over_the_table_hides_what_is_behind(pilot: Pilot) -> None:
    from knockrummy.app.controller import COMPUTER, HUMAN, GameSetup, SeatSetup
    setup = GameSetup(PRESETS["knock"], (SeatSetup("You", HUMAN), SeatSetup("Ada", COMPUTER)), 3)
    matches.start_game(pilot.app, setup)
    pilot.step(5)
    pilot.key(pygame.K_ESCAPE)
    menu = pilot.top
    assert isinstance(menu, PauseScene)
    shown = menu.shown()
    box = shown[0].rect.unionall([b.rect for b in shown]).inflate(44, 44)
    assert opaque_over(menu, box)


# ----------------------------------------------------------------- playtest 21


@pytest.mark.parametrize("size", [(960, 600), (1920, 1080)])
def test_rules_show_that_they_scroll_and_scroll_every_way(pilot: Pilot,
                                                          size: tuple[int, int]) -> None:
    pilot.app.set_window_size(size)
    hover_click(pilot, "Rules")
    rules = pilot.top
    assert isinstance(rules, RulesScene)
    assert rules.max_scroll() > 0 and rules.thumb() is not None
    seen = pilot.app.fonts.record()
    pilot.app.dirty = True
    pilot.step()
    assert any(text.startswith("more below") for _, text in seen)
    pilot.app.fonts.stop_recording()
    pilot.key(pygame.K_DOWN)
    assert rules.scroll > 0
    pilot.key(pygame.K_END)
    assert rules.scroll == rules.max_scroll()
    seen = pilot.app.fonts.record()
    pilot.app.dirty = True
    pilot.step()
    assert not any(text.startswith("more below") for _, text in seen)
    assert any(text.startswith("more above") for _, text in seen)
    pilot.app.fonts.stop_recording()
    pilot.key(pygame.K_HOME)
    assert rules.scroll == 0
    pilot.key(pygame.K_PAGEDOWN)
    page = rules.scroll
    assert page > 0
    pilot.key(pygame.K_PAGEUP)
    assert rules.scroll == 0
    box = rules.box()
    # the cues sit in margins of their own: the text (clipped to the view) never runs
    # under "more above" or "more below"
    view = rules.view()
    assert box.top + 2 + rules.cue_height() <= view.top
    assert view.bottom <= box.bottom - 2 - rules.cue_height()
    pilot.move(box.center)
    pilot.post(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)
    pilot.step()
    assert rules.scroll > 0
    pilot.key(pygame.K_HOME)
    # drag the text up: it follows the pointer
    pilot.drag((box.centerx, box.centery + 60), (box.centerx, box.centery - 40))
    assert rules.scroll == min(100, rules.max_scroll())
    # drag the thumb to the bottom of its track
    pilot.key(pygame.K_HOME)
    thumb = rules.thumb()
    assert thumb is not None
    pilot.drag(thumb.center, (thumb.centerx, rules.bar().bottom + 50))
    assert rules.scroll == rules.max_scroll()
    pilot.key(pygame.K_ESCAPE)
    assert isinstance(pilot.top, TitleScene)
