"""Saved games through the real scene loop: autosave while playing, Continue resumes
exactly, the saved-games list resumes and deletes (asking first), damaged files are
said in words, and the settings and statistics screens edit and show what is stored.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from knockrummy.app.controller import COMPUTER, HUMAN, GameSetup, SeatSetup
from knockrummy.app.prefs import Prefs
from knockrummy.engine import PRESETS, Discard, apply, legal_actions, new_match, with_options
from knockrummy.storage import SaveStore, Seat, StatsStore, load_settings
from knockrummy.ui import matches, widgets
from knockrummy.ui.app import App
from knockrummy.ui.pilot import Pilot
from knockrummy.ui.screens.confirm import ConfirmScene
from knockrummy.ui.screens.handoff import HandoffScene
from knockrummy.ui.screens.notice import NoticeScene
from knockrummy.ui.screens.saved import SavedGamesScene
from knockrummy.ui.screens.settings import SettingsScene
from knockrummy.ui.screens.showdown import ShowdownScene
from knockrummy.ui.screens.stats import StatsScene
from knockrummy.ui.screens.title import TitleScene
from knockrummy.ui.table.scene import TableScene

FAST = Prefs(animation_speed=4.0, ai_pacing=0.0)


@pytest.fixture
def pilot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Pilot]:
    monkeypatch.setenv("KNOCKRUMMY_HOME", str(tmp_path))
    app = App((1280, 720), FAST, save_prefs=True)
    app.fixed_dt = 1 / 60
    app.reset(TitleScene(app))
    yield Pilot(app)
    matches.close_game(app)
    pygame.quit()


def wait_turn(p: Pilot) -> TableScene:
    def ready() -> bool:
        top = p.top
        if isinstance(top, HandoffScene) and top.armed:
            top.ready()
        return isinstance(top, TableScene) and top.controller.human_to_act \
            and bool(top.model.legal) and not top.director.active \
            and p.app.now() >= top.settled_at  # after a hand-off, a look at the cards
    assert p.until(ready, 100_000)
    t = p.top
    assert isinstance(t, TableScene)
    return t


def take_turn(p: Pilot, t: TableScene) -> None:
    """Draw from the stock and discard the last card, with clicks and a drag."""
    held = len(t.view.hand)
    p.click(t.layout.stock.center)
    assert p.until(lambda: not t.director.active and len(t.view.hand) == held + 1)
    card = next(c for c in reversed(t.order.cards)
                if any(isinstance(a, Discard) and a.card is c for a in t.model.legal))
    r = t.layout.hand[t.order.cards.index(card)]
    p.drag((r.x + 6, r.centery), t.layout.discard.center)


def leave_to_title(p: Pilot) -> None:
    p.key(pygame.K_ESCAPE)
    p.press("Leave to title")
    assert isinstance(p.top, TitleScene)


def test_continue_resumes_exactly(pilot: Pilot) -> None:
    rules = with_options(PRESETS["knock"], knock_penalty=20, deals_per_player=3)
    seats = (SeatSetup("Ann", HUMAN), SeatSetup("Bob", COMPUTER, "hard"),
             SeatSetup("Cleo", COMPUTER, "easy"))
    c = matches.start_game(pilot.app, GameSetup(rules, seats, 2024)).controller
    assert pilot.app.session is not None
    save_id = pilot.app.session.save_id
    for _ in range(3):
        take_turn(pilot, wait_turn(pilot))
    t = wait_turn(pilot)
    pilot.press("Sort by suit")
    first = t.order.cards[0]
    r = t.layout.hand[0]  # drag the first card to the end: a hand arranged by hand
    pilot.drag((r.x + 6, r.centery), (t.layout.hand[-1].right + 10, r.centery))
    assert t.order.mode == "manual" and t.order.cards[-1] is first
    order = list(t.order.cards)
    match = c.match
    leave_to_title(pilot)
    pilot.press("Continue")
    t2 = pilot.top
    assert isinstance(t2, TableScene) and t2 is not t
    c2 = t2.controller
    assert pilot.app.session is not None and pilot.app.session.save_id == save_id
    assert c2.match == match  # hands, stock order, discard, scores, turn, dealer, rules
    assert c2.match.hand.stock == match.hand.stock and c2.match.rules == rules
    assert c2.setup.seats == seats and c2.setup.seed == 2024
    assert t2.order.mode == "manual" and t2.order.cards == order


def test_pass_and_play_resume_keeps_each_seats_arrangement(pilot: Pilot) -> None:
    seats = (SeatSetup("Ann", HUMAN), SeatSetup("Bob", HUMAN), SeatSetup("Cy", COMPUTER))
    matches.start_game(pilot.app, GameSetup(PRESETS["knock"], seats, 77))
    modes: dict[int, str] = {}
    for _ in range(2):
        t = wait_turn(pilot)
        seat = t.controller.viewer
        pilot.press("Sort by suit" if seat == 0 else "Sort by rank")
        modes[seat] = t.order.mode
        take_turn(pilot, t)
    assert set(modes) == {0, 1}
    leave_to_title(pilot)
    pilot.press("Continue")
    assert pilot.until(lambda: isinstance(pilot.top, HandoffScene))  # nobody holds the screen
    for _ in range(2):
        t = wait_turn(pilot)
        assert t.order.mode == modes[t.controller.viewer]
        take_turn(pilot, t)


def test_pass_and_play_resumed_after_a_draw_says_to_throw(pilot: Pilot) -> None:
    """A first-time player closed the game after Bob drew; on Continue the hand-off said
    "Your turn: draw a card" over a hand that had drawn, and its recap was empty."""
    seats = (SeatSetup("Ann", HUMAN), SeatSetup("Bob", HUMAN), SeatSetup("Cy", COMPUTER))
    matches.start_game(pilot.app, GameSetup(PRESETS["knock"], seats, 77))
    take_turn(pilot, wait_turn(pilot))
    t = wait_turn(pilot)
    held = len(t.view.hand)
    before = set(t.view.hand)
    pilot.click(t.layout.stock.center)
    assert pilot.until(lambda: not t.director.active and len(t.view.hand) == held + 1)
    (drawn,) = set(t.view.hand) - before
    assert t.model.fresh_card() == (drawn, "new")
    who = t.view.names[t.view.seat]
    leave_to_title(pilot)
    pilot.press("Continue")
    assert pilot.until(lambda: isinstance(pilot.top, HandoffScene))
    handoff = pilot.top
    assert isinstance(handoff, HandoffScene) and handoff.who == who
    assert "you have drawn" in handoff.todo and "draw a card" not in handoff.todo
    assert any(line.startswith("Ann") for line in handoff.recap), handoff.recap
    # the longer line wraps inside a narrow panel (it ran past the edge at 960x600)
    lines = handoff._todo_lines(420)
    font = pilot.app.fonts.font(pilot.app.text_size(17), True)
    assert len(lines) > 1 and all(font.size(line)[0] <= 420 for line in lines), lines
    assert " ".join(lines).replace("  ", " ").endswith("now throw a card to the pile.")
    t = wait_turn(pilot)
    assert len(t.view.hand) == held + 1 and any(isinstance(a, Discard) for a in t.model.legal)
    # the card drawn is still marked "new", and the first arrow lights it
    assert t.model.fresh_card() == (drawn, "new")
    pilot.key(pygame.K_RIGHT)
    assert t.model.focus is drawn


def test_title_with_continue_keeps_the_first_button_clear_of_the_subtitle(pilot: Pilot) -> None:
    """With a game saved the title shows ten buttons; a first-time player saw Continue's
    focus ring touch the subtitle at 1280x720."""
    seats = (SeatSetup("Ann", HUMAN), SeatSetup("Bob", COMPUTER, "easy"))
    matches.start_game(pilot.app, GameSetup(PRESETS["gin"], seats, 5))
    wait_turn(pilot)
    leave_to_title(pilot)
    title = pilot.top
    assert isinstance(title, TitleScene)
    pilot.step(2)
    shown = title.shown()
    assert shown[0].label == "Continue" and len(shown) == 10
    ring = shown[0].rect.inflate(6, 6)
    assert title.subtitle_rect.height and title.subtitle_rect.bottom + 4 <= ring.top
    assert shown[-1].rect.bottom <= pilot.app.size[1]
    pilot.move((shown[0].rect.centerx - 40, shown[0].rect.centery + 60))
    pilot.move(shown[0].rect.center)  # Continue's tooltip keeps off the subtitle
    pilot.step(3)
    tips = widgets.tooltips_drawn()
    assert len(tips) == 1 and not tips[0].colliderect(title.subtitle_rect)


def test_continue_says_which_game_it_resumes(pilot: Pilot) -> None:
    """With several games saved, Continue's tooltip said only "Continue the last game":
    a first-time player could not tell which. It names the game it resumes (the newest
    unfinished), its players, where it stands and when it was saved."""
    ids = make_saves()
    pilot.app.reset(TitleScene(pilot.app))
    pilot.step(2)
    if isinstance(pilot.top, NoticeScene):  # the damaged file make_saves leaves
        pilot.press("OK")
    title = pilot.top
    assert isinstance(title, TitleScene)
    newest = SaveStore().latest()
    assert newest is not None and newest.id in ids and newest.preset == "rummy"
    cont = title.shown()[0]
    assert cont.label == "Continue"
    pilot.move((cont.rect.left + 4, cont.rect.bottom - 4))
    pilot.move(cont.rect.center)
    pilot.step(40)
    said = pilot.app.fonts.record()
    pilot.app.dirty = True
    pilot.step(2)
    words = " ".join(text for _size, text in said)
    assert "Continue Rummy with Ann and Bob (medium): hand 1, saved today" in words, words


def make_saves() -> list[str]:
    store = SaveStore()
    ids = []
    for i, (preset, players) in enumerate((("gin", 2), ("knock", 3), ("rummy", 2))):
        match = new_match(PRESETS[preset], players, seed=i, names=["Ann", "Bob", "Cy"][:players])
        for _ in range(i + 2):
            match, _ = apply(match, legal_actions(match)[0])
        seats = [Seat("Ann")] + [Seat(n, "computer", "medium") for n in match.names[1:]]
        save_id = f"save000{i}"
        store.save(save_id, match, seats)
        ids.append(save_id)
    (store.folder / "broken01.json").write_text('{"schema": 1, "kind": "knockrum')
    return ids


def test_saved_games_list_resume_and_delete(pilot: Pilot, tmp_path: Path) -> None:
    ids = make_saves()
    pilot.app.reset(TitleScene(pilot.app))
    pilot.step(2)
    notice = pilot.top  # the damaged file, said in words over the title
    assert isinstance(notice, NoticeScene)
    assert any("broken01" in line and "damaged" in line for line in notice.lines)
    assert (tmp_path / "damaged").exists() and not (tmp_path / "saves/broken01.json").exists()
    pilot.press("OK")
    pilot.press("Saved games")
    scene = pilot.top
    assert isinstance(scene, SavedGamesScene)
    assert sorted(info.id for info in scene.infos) == ids
    assert {row.game for row in scene.row_texts} == {"Gin Rummy", "Knock Rummy", "Rummy"}
    victim = scene.infos[1].id
    pilot.click(scene.row_rects[1][1].center)
    assert scene.picked is not None and scene.picked.id == victim
    pilot.press("Delete")
    assert isinstance(pilot.top, ConfirmScene)
    pilot.press("No")  # asked first: nothing deleted
    assert pilot.top is scene and (tmp_path / f"saves/{victim}.json").exists()
    pilot.key(pygame.K_DELETE)
    pilot.press("Yes")
    assert pilot.top is scene and not (tmp_path / f"saves/{victim}.json").exists()
    assert victim not in [info.id for info in scene.infos] and len(scene.infos) == 2
    keep = scene.infos[0].id
    saved = SaveStore().load(keep).match.all_actions
    row = scene.row_rects[0][1]
    pilot.click(row.center)
    pilot.click(row.center)  # a double click resumes
    t = pilot.top
    assert isinstance(t, TableScene) and pilot.app.session is not None \
        and pilot.app.session.save_id == keep
    assert t.controller.match.all_actions[: len(saved)] == saved  # computers may play on


def test_a_finished_hand_and_match_are_counted(pilot: Pilot) -> None:
    rules = with_options(PRESETS["knock"], deals_per_player=1)
    seats = (SeatSetup("Ann", HUMAN), SeatSetup("Bob", COMPUTER, "easy"))
    c = matches.start_game(pilot.app, GameSetup(rules, seats, 31)).controller
    while not c.match.over:
        assert pilot.until(lambda: isinstance(pilot.top, ShowdownScene)
                           or (isinstance(pilot.top, TableScene) and pilot.top.controller
                               .human_to_act and bool(pilot.top.model.legal)), 100_000)
        top = pilot.top
        if isinstance(top, ShowdownScene):
            top.skip()
            top.proceed()
            continue
        assert isinstance(top, TableScene)
        knock = [a for a in top.model.legal if type(a).__name__ == "Knock"]
        top.act(knock[0] if knock else top.model.legal[0])
    assert pilot.app.session is not None and pilot.app.session.autosaver.wait(10.0)
    tally = StatsStore().tally("knock", "easy")
    assert tally.matches_played == 1 and tally.hands_played == len(c.match.records) == 2


def test_settings_screen_saves_every_change(pilot: Pilot) -> None:
    pilot.press("Settings")
    scene = pilot.top
    assert isinstance(scene, SettingsScene)
    rows = {name: choice for name, choice in scene.left + scene.right}
    pilot.click(rows["four_color"].right.center)
    pilot.click(rows["muted"].right.center)
    pilot.click(rows["allow_undo"].right.center)
    pilot.click(rows["default_preset"].right.center)  # Knock Rummy -> Hoyle
    pilot.click(scene.pills[1].rect.center)  # seat 2: medium -> hard
    # the row shows the window's real size (1280 x 720); > asks for the next: resized now
    pilot.click(rows["window_size"].right.center)
    settings, notes = load_settings()
    assert notes == []
    assert settings.four_color and settings.muted and settings.allow_undo
    assert settings.default_preset == "knock-hoyle"
    assert settings.default_seats == ("human", "hard", "medium")
    assert tuple(settings.window_size) == pilot.app.size == (1280, 800)
    assert pilot.app.cards.four_color
    pilot.press("Done")
    title = pilot.top
    assert isinstance(title, TitleScene) and title.quick.label == "Play Knock Rummy - Hoyle"


def test_statistics_screen_filters_and_resets(pilot: Pilot) -> None:
    stats = StatsStore()
    rng = random.Random(4)
    for i, (preset, level) in enumerate((("knock", "easy"), ("knock-hoyle", "hard"),
                                         ("knock-hoyle", "hard"))):
        match = new_match(PRESETS[preset], 2, seed=i, names=["Ann", "Bot"])
        while not match.over:
            match, _ = apply(match, rng.choice(legal_actions(match)))
        seats = [Seat("Ann"), Seat("Bot", "computer", level)]
        for record in match.records:
            stats.record_hand(match, record, seats, match_id=f"m{i}")
        stats.record_match(match, seats, match_id=f"m{i}")
    pilot.press("Statistics")
    scene = pilot.top
    assert isinstance(scene, StatsScene)
    assert scene.tally.matches_played == 3 and len(scene.points) == 3
    pilot.click(scene.game.right.center)  # Knock Rummy (presets in their usual order)
    assert scene.game.value == "knock" and scene.tally.matches_played == 1
    pilot.click(scene.game.right.center)
    assert scene.game.value == "knock-hoyle"
    assert scene.tally == StatsStore().tally("knock-hoyle") and scene.tally.matches_played == 2
    pilot.press("Reset")
    pilot.press("No")
    assert StatsStore().keys() != []
    pilot.press("Reset")
    pilot.press("Yes")
    assert StatsStore().keys() == [] and scene.tally.matches_played == 0
