"""Play through the real scene loop with synthetic mouse and key events.

Title -> New game -> (players) -> Start -> draw from the stock -> drag a card to
the discard pile -> knock -> showdown -> scores, for Knock Rummy with four
players, Gin and Rummy (which has no knock: meld and go out instead).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from knockrummy.app.prefs import Prefs
from knockrummy.engine import Discard, Family, Knock, LayOff, Phase, best_discard
from knockrummy.ui.app import App
from knockrummy.ui.pilot import Pilot
from knockrummy.ui.screens.newgame import NewGameScene
from knockrummy.ui.screens.scores import ScoresScene
from knockrummy.ui.screens.showdown import ShowdownScene
from knockrummy.ui.screens.title import TitleScene
from knockrummy.ui.table.scene import TableScene

FAST = Prefs(animation_speed=4.0, ai_pacing=0.0)


@pytest.fixture
def pilot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Pilot]:
    monkeypatch.setenv("KNOCKRUMMY_HOME", str(tmp_path))
    seeds = iter(range(1000, 2000))
    monkeypatch.setattr("knockrummy.ui.screens.newgame.random_seed", lambda: next(seeds))
    app = App((1280, 720), FAST, save_prefs=False)
    app.fixed_dt = 1 / 60
    app.reset(TitleScene(app))
    yield Pilot(app)
    if app.session is not None:
        app.session.controller.close()
    pygame.quit()


def table(p: Pilot) -> TableScene:
    top = p.top
    assert isinstance(top, TableScene), top
    return top


def my_turn(p: Pilot) -> bool:
    top = p.top
    return isinstance(top, TableScene) and top.controller.human_to_act and bool(top.model.legal)


def start(p: Pilot, preset_name: str, players: int) -> TableScene:
    p.press("New game")
    scene = p.top
    assert isinstance(scene, NewGameScene)
    while scene.base_rules.name != preset_name:
        p.click(scene.preset.right.center)
    while scene.players.value != players:
        p.click(scene.players.right.center)
    p.press("Start")
    t = table(p)
    assert t.controller.match.players == players
    assert t.controller.match.rules.name == preset_name
    return t


def wait_turn_or_end(p: Pilot) -> None:
    assert p.until(lambda: my_turn(p) or isinstance(p.top, ShowdownScene), 50_000)


def hand_point(t: TableScene, card_index: int) -> tuple[int, int]:
    r = t.layout.hand[card_index]
    return r.x + 6, r.centery


def draw_from_stock(p: Pilot) -> None:
    t = table(p)
    before = len(t.view.hand)
    p.click(t.layout.stock.center)
    assert p.until(lambda: not t.director.active and len(t.view.hand) == before + 1)
    assert t.view.phase is Phase.PLAY


def drag_best_to_pile(p: Pilot) -> None:
    t = table(p)
    assert p.until(lambda: bool(t.model.legal))
    legal = {a.card for a in t.model.legal if isinstance(a, Discard)}
    card, _ = best_discard([c for c in t.view.hand if c in legal], t.view.rules.ace_high)
    index = t.order.cards.index(card)
    p.drag(hand_point(t, index), t.layout.discard.center)
    assert t.view.discard and t.view.discard[-1] is card or isinstance(p.top, ShowdownScene)


def finish_hand(p: Pilot) -> None:
    assert p.until(lambda: isinstance(p.top, ShowdownScene), 50_000)
    show = p.top
    assert isinstance(show, ShowdownScene)
    p.click((5, 5))  # a click skips the counting
    assert show.done
    assert show.view.result is not None and show.view.result.lines
    p.press("Scores")
    assert isinstance(p.top, ScoresScene)
    p.press("Back")
    assert p.top is show


def play_to_knock(p: Pilot, t: TableScene, knock_when_enabled: bool) -> TableScene:
    """Play turns (draw, drag the best card to the pile) until we knock; hands that a
    computer ends first are shown, skipped and the next hand dealt."""
    drew_and_dragged = False
    for _ in range(200):
        wait_turn_or_end(p)
        if isinstance(p.top, ShowdownScene):
            finish_hand(p)
            if t.controller.match.over:  # the computer won the match: see it, start again
                p.press("Final scores")
                assert isinstance(p.top, ScoresScene) and p.top.final
                p.press("New game")
                p.press("Start")
                t = table(p)
            else:
                p.press("Next hand")
            continue
        if t.view.phase is Phase.UPCARD_OFFER:
            p.press("Pass")
            continue
        if t.view.phase is Phase.LAYOFF:
            lay_off_by_hand(p, t)
            continue
        draw_from_stock(p)
        if drew_and_dragged and t.buttons["knock"].enabled and knock_when_enabled:
            p.key(pygame.K_k)  # the Knock button's key: now choose the card
            assert t.controller.match.hand.knocker is None and t.model.choice is not None
            card = min(t.model.choice.options, key=lambda c: (t.model.choice.options[c], c.index)) \
                if t.model.choice else None
            assert card is not None
            p.move(hand_point(t, t.order.cards.index(card)))  # hover it: still nothing
            assert t.controller.match.hand.knocker is None
            p.click(hand_point(t, t.order.cards.index(card)))
            assert t.controller.match.hand.knocker == t.controller.viewer
            assert t.controller.match.hand_actions[-1] == Knock(card)
            return t
        drag_best_to_pile(p)
        drew_and_dragged = True
    raise AssertionError("never knocked")


def lay_off_by_hand(p: Pilot, t: TableScene) -> None:
    """Gin, a computer knocked: drag each card that fits onto the knocker's melds, then Done."""
    for _ in range(10):
        offs = [a for a in t.model.legal if isinstance(a, LayOff)]
        if not offs:
            break
        action = offs[0]
        rects = t.layout.melds[action.target]
        p.drag(hand_point(t, t.order.cards.index(action.card)), rects[len(rects) // 2].center)
        assert p.until(lambda: not t.director.active and bool(t.model.legal)
                       or isinstance(p.top, ShowdownScene))
        assert action.card not in t.view.hand
    p.press("Done laying off")


def test_knock_rummy_four_players(pilot: Pilot) -> None:
    t = start(pilot, "Knock Rummy", 4)
    t = play_to_knock(pilot, t, True)
    finish_hand(pilot)
    number = t.controller.match.hand_number
    pilot.press("Next hand")
    assert pilot.until(lambda: isinstance(pilot.top, TableScene)
                       and pilot.top.controller.match.hand_number == number + 1)


def test_gin(pilot: Pilot) -> None:
    t = start(pilot, "Gin Rummy", 2)
    t = play_to_knock(pilot, t, True)
    assert t.controller.match.rules.name == "Gin Rummy"
    finish_hand(pilot)


def test_rummy(pilot: Pilot) -> None:
    t = start(pilot, "Rummy", 2)
    melded = False
    for _ in range(60):
        wait_turn_or_end(pilot)
        if isinstance(pilot.top, ShowdownScene):
            break
        draw_from_stock(pilot)
        melds = [a for a in t.model.legal if type(a).__name__ == "MeldCards"]
        if melds:
            cards = list(melds[0].cards)  # type: ignore[union-attr]
            for c in cards:  # pick the cards with clicks, then drag them to the table
                pilot.click(hand_point(t, t.order.cards.index(c)))
            assert set(t.model.selected) == set(cards)
            pilot.drag(hand_point(t, t.order.cards.index(cards[0])), t.layout.meld_zone.center)
            assert pilot.until(lambda: not t.director.active)
            assert any(set(m.cards) >= set(cards) for m in t.view.table), (
                t.model.message.text, cards, t.view.table, t.model.selected)
            melded = True
        if isinstance(pilot.top, TableScene) and t.model.legal:
            drag_best_to_pile(pilot)
    assert t.view.rules.family is Family.RUMMY
    finish_hand(pilot)
    del melded


def test_refused_drop_slides_back_with_reason(pilot: Pilot) -> None:
    t = start(pilot, "Knock Rummy", 2)
    assert pilot.until(lambda: my_turn(pilot))
    card = t.order.cards[0]
    pilot.drag(hand_point(t, 0), t.layout.discard.center)  # not drawn yet
    assert "Draw a card first" in t.model.message.text
    assert card in t.view.hand
    assert t.director.flights or card not in t.director.hidden.hand


def test_title_one_click_game_and_menu(pilot: Pilot) -> None:
    pilot.press("Play Knock Rummy")
    t = table(pilot)
    assert t.controller.match.players == 3
    pilot.key(pygame.K_ESCAPE)
    assert pilot.top is not None and pilot.top.name == "pause"
    pilot.press("Rules")
    assert pilot.top is not None and pilot.top.name == "rules"
    pilot.key(pygame.K_ESCAPE)
    pilot.press("Leave to title")
    assert isinstance(pilot.top, TitleScene)


def test_resize_keeps_layout_inside(pilot: Pilot) -> None:
    t = start(pilot, "Knock Rummy", 6)
    for size in ((960, 600), (1920, 1080), (3840, 2160)):
        pilot.app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        pilot.app.on_resize()
        pilot.step(3)
        lay = t.layout
        window = pygame.Rect(0, 0, *size).inflate(-20, -20)
        for rect in [*lay.hand, lay.stock, lay.discard, *(p.plate for p in lay.pods.values())]:
            assert window.contains(rect), (size, rect)
        for b in t.buttons.values():
            if b.visible:
                assert b.rect.height >= 44 and window.contains(b.rect), (size, b.label, b.rect)
    assert os.environ["SDL_VIDEODRIVER"] == "dummy"


def test_continue_resumes_the_saved_match(pilot: Pilot) -> None:
    from knockrummy.engine import PRESETS, apply, legal_actions, new_match
    from knockrummy.storage import SaveStore, Seat

    match = new_match(PRESETS["gin"], 2, seed=77, names=["Ann", "Bot"])
    for _ in range(3):
        match, _ = apply(match, legal_actions(match)[0])
    store = SaveStore()
    store.save(store.new_id(), match, [Seat("Ann"), Seat("Bot", "computer", "easy")])
    pilot.app.reset(TitleScene(pilot.app))
    pilot.press("Continue")
    t = table(pilot)
    done = match.all_actions  # the computer may already have played on from there
    assert t.controller.match.all_actions[: len(done)] == done
    assert t.controller.match.seed == 77 and t.controller.match.names == ("Ann", "Bot")
    assert t.controller.is_computer(1) and not t.controller.is_computer(0)


def test_keyboard_only_turn(pilot: Pilot) -> None:
    t = start(pilot, "Knock Rummy", 2)
    assert pilot.until(lambda: my_turn(pilot) and t.view.phase is Phase.DRAW)
    held = len(t.view.hand)
    pilot.key(pygame.K_RETURN)  # draw from the stock (the focused pile)
    assert pilot.until(lambda: not t.director.active and len(t.view.hand) == held + 1)
    pilot.key(pygame.K_RIGHT)  # pick the first card
    card = t.model.focus
    assert card is not None
    if card is t.view.taken:
        pilot.key(pygame.K_RIGHT)
        card = t.model.focus
    pilot.key(pygame.K_SPACE)  # discard it
    assert t.view.discard[-1] is card and card not in t.view.hand
    pilot.key(pygame.K_s)  # sort by rank
    assert t.order.mode == "rank"
    pilot.key(pygame.K_s)
    assert t.order.mode == "suit"


def test_new_game_names_follow_the_seat_kind_and_typing_replaces_a_default(pilot: Pilot) -> None:
    pilot.press("New game")
    scene = pilot.top
    assert isinstance(scene, NewGameScene)
    row = scene.seats[1]
    assert row.name.text == "Ada" and row.kind.value == "computer"
    pilot.click(row.kind.rect.center)  # Computer -> Human
    assert row.kind.value == "human" and row.name.text == "Player 2"
    pilot.click(row.name.rect.center)  # focus selects the whole name
    assert row.name.active and row.name.selected
    pilot.post(pygame.TEXTINPUT, text="B")
    pilot.post(pygame.TEXTINPUT, text="o")
    pilot.key(pygame.K_BACKSPACE)
    pilot.post(pygame.TEXTINPUT, text="e")
    pilot.key(pygame.K_RETURN)
    assert row.name.text == "Be" and not row.name.active
    pilot.click(row.kind.rect.center)  # a typed name stays when the seat changes back
    assert row.kind.value == "computer" and row.name.text == "Be"
    pilot.press("Start")
    t = table(pilot)
    assert t.controller.match.names[1] == "Be"


def test_pointing_at_a_computers_level_says_what_it_is_like(pilot: Pilot) -> None:
    """A helper clicked "Medium" and met "Hard", then "Expert", with no word of either:
    the level under the pointer is explained where the options are, and a click moves
    it on, the words with it."""
    from knockrummy.app.computer import level_note, levels
    assert all(level_note(lv) for lv in levels())  # every level has its words
    pilot.press("New game")
    scene = pilot.top
    assert isinstance(scene, NewGameScene)
    level = scene.seats[1].level
    assert scene.explained(None) == (None, None)
    pilot.move((level.rect.left + 4, level.rect.top + 4))
    pilot.move(level.rect.center)
    assert level.value == "medium" and scene.explained(None) == (None, level)
    pilot.click(level.rect.center)
    assert level.value == "hard" and scene.explained(None) == (None, level)
    note = level_note("hard", scene.base_rules.family.value)
    assert scene.base_rules.family.value == "knock"  # the default game
    assert "ends the hand the moment the odds favour it" in note
    assert note.endswith("In Knock Rummy it often ends the hand on its first turn")
    assert "Knock Rummy" not in level_note("hard", "rummy")
    fonts, small = pilot.app.fonts, pilot.app.text_size(14)
    text = f"Hard: {note}. Click it, or press Enter, Left or Right, for another level."
    lines = fonts.wrap(text, small, scene.explain_box.width)
    assert len(lines) * fonts.font(small).get_linesize() <= scene.explain_box.height
    # an option under the pointer is explained instead
    option = scene.option_rows[0][1]
    pilot.move(option.rect.center)
    assert scene.explained(None) == (option, None)


def test_a_seats_human_or_computer_button_says_what_it_means(pilot: Pilot) -> None:
    """A first-time player moved to a seat's Human and Computer buttons and found only
    "Point at an option ..." under the options. Pointed at, or reached by the keys, the
    button now says what it means and how to change it; the line shown on no option says
    that Enter starts the game."""
    pilot.press("New game")
    scene = pilot.top
    assert isinstance(scene, NewGameScene)

    def words() -> str:
        said = pilot.app.fonts.record()
        pilot.app.dirty = True
        pilot.step(2)
        pilot.app.fonts.stop_recording()
        return " ".join(text for _size, text in said)

    pilot.move((640, 700))  # nowhere: the keys' row is the Game row, not explained
    assert "Enter starts the game" in words()
    human = scene.seats[0].kind
    pilot.move((human.rect.left + 4, human.rect.top + 4))
    pilot.move(human.rect.center)
    assert scene.explained(None) == (None, human)
    assert "Human: a person plays this seat" in words()
    pilot.move((640, 700))
    while scene.focused_widget() is not scene.seats[1].kind:  # Ada's, by the keys
        pilot.key(pygame.K_DOWN)
    assert "Computer: the game plays this seat" in words()
    pilot.key(pygame.K_RETURN)  # Enter presses it: a person now
    assert scene.seats[1].kind.value == "human"
    assert "Human: a person plays this seat" in words()


def test_new_game_names_follow_how_many_people_play(pilot: Pilot) -> None:
    """After a pass-and-play game, New game offered it again with "Player 1" and "Player
    2"; a helper switched Player 2 to a computer and played against it as "Player 1".
    One person playing is "You"; people sharing the screen are "Player N", as the game
    will call them; a typed name stays."""
    pilot.press("New game")
    scene = pilot.top
    assert isinstance(scene, NewGameScene)
    me, other = scene.seats[0], scene.seats[1]
    assert me.name.text == "You"
    pilot.move((other.kind.rect.left + 3, other.kind.rect.top + 3))
    pilot.click(other.kind.rect.center)  # Computer -> Human: two people share the screen
    assert other.kind.value == "human" and other.name.text == "Player 2"
    assert me.name.text == "Player 1"
    pilot.press("Start")
    t = table(pilot)
    assert t.controller.match.names[:2] == ("Player 1", "Player 2")
    pilot.key(pygame.K_ESCAPE)
    pilot.press("Leave to title")
    assert isinstance(pilot.top, TitleScene)
    pilot.press("New game")  # the last game again: Player 1 and Player 2
    scene = pilot.top
    assert isinstance(scene, NewGameScene)
    me, other = scene.seats[0], scene.seats[1]
    assert (me.name.text, other.name.text) == ("Player 1", "Player 2")
    pilot.move(other.kind.rect.center)
    pilot.click(other.kind.rect.center)  # Human -> Computer: one person plays
    assert other.kind.value == "computer" and me.name.text == "You"
    pilot.press("Start")
    t = table(pilot)
    assert t.controller.match.names[0] == "You" and t.controller.humans == (0,)
