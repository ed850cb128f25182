"""A whole game by keyboard, as the third play-through (keyboard only, 960x600) tried it.

- New game: Up/Down (Tab) walk the rows and the buttons, Left/Right change a row, Enter
  presses the focused button: Back goes back, it does not start a match.
- The showdown: Enter presses the focused button (Scores when tabbed to), not always
  Next hand.
- Rummy: one card picked with Up, then M, lays it off on the meld it fits.
- After a draw, the first Right picks the card just drawn.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from knockrummy.app.controller import HUMAN
from knockrummy.engine import PRESETS, Card, Discard, DrawStock, LayOff, MeldCards, Phase
from knockrummy.ui.gfx import ACCENT
from knockrummy.ui.pilot import Pilot
from knockrummy.ui.screens.newgame import NewGameScene
from knockrummy.ui.screens.review import ReviewScene
from knockrummy.ui.screens.scores import ScoresScene
from knockrummy.ui.screens.showdown import ShowdownScene
from knockrummy.ui.screens.title import TitleScene
from knockrummy.ui.table.scene import TableScene
from tests.table_support import (
    Person,
    Scripted,
    make_pilot,
    my_turn,
    parse_cards,
    ringed,
    stacked,
    start,
)

C = Card.parse


@pytest.fixture
def pilot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Pilot]:
    yield from make_pilot(tmp_path, monkeypatch, size=(960, 600))


def test_new_game_by_keyboard_and_back_means_back(pilot: Pilot) -> None:
    me = Person(pilot)
    pilot.press("New game")
    scene = pilot.top
    assert isinstance(scene, NewGameScene) and scene.focused_widget() is scene.preset
    while scene.base_rules.name != "Gin Rummy":
        me.key(pygame.K_RIGHT)
    length = scene.option_rows[-1][1]
    before = length.value
    while scene.focused_widget() is not length:
        me.key(pygame.K_DOWN)
    me.key(pygame.K_LEFT)
    assert length.value != before
    while not (scene.row is None and scene.shown()[scene.focus].label == "Back"):
        me.key(pygame.K_TAB)
    me.key(pygame.K_RETURN)  # Back: no match starts
    assert isinstance(pilot.top, TitleScene) and pilot.app.session is None
    pilot.press("New game")
    scene = pilot.top
    assert isinstance(scene, NewGameScene)
    me.key(pygame.K_TAB, 2)  # Shift+Tab comes back up
    pilot.key(pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    assert scene.row == 1
    pilot.key(pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    assert scene.focused_widget() is scene.preset
    shown = scene.base_rules.name  # (Back kept nothing: the default game again)
    me.key(pygame.K_RETURN)  # Enter on a row of choices starts the game shown
    assert isinstance(pilot.top, TableScene)
    assert pilot.top.controller.match.rules.name == shown


def test_a_seats_level_is_picked_by_keys_and_shows_the_focus(pilot: Pilot) -> None:
    """Down to the second seat's level: its pill is ringed (the keyboard is there), and
    Right steps it to Expert; Enter starts the match with an expert in that seat."""
    me = Person(pilot)
    pilot.press("New game")
    scene = pilot.top
    assert isinstance(scene, NewGameScene)
    level = scene.seats[1].level
    while scene.focused_widget() is not level:
        me.key(pygame.K_DOWN)
    assert ringed(pilot.app.screen, level.rect, ACCENT) > 20
    assert ringed(pilot.app.screen, scene.seats[2].level.rect, ACCENT) == 0
    while level.value != "expert":
        me.key(pygame.K_RIGHT)
    assert level.texts[level.index] == "Expert"
    # the pill looks like a button: Enter (or Space) presses it as a click does, and never
    # starts the game from it (a first-time player started two games meaning to switch)
    me.key(pygame.K_RETURN)
    assert isinstance(pilot.top, NewGameScene) and level.value != "expert"
    me.key(pygame.K_SPACE)
    kind = scene.seats[1].kind
    me.key(pygame.K_UP)
    assert scene.focused_widget() is kind
    me.key(pygame.K_RETURN)  # Computer -> Human, and back
    assert isinstance(pilot.top, NewGameScene) and kind.value == HUMAN
    me.key(pygame.K_SPACE)
    assert kind.value != HUMAN and isinstance(pilot.top, NewGameScene)
    me.key(pygame.K_DOWN)
    while level.value != "expert":
        me.key(pygame.K_RIGHT)
    while not (scene.row is None and scene.shown()[scene.focus].label == "Start"):
        me.key(pygame.K_TAB)
    me.key(pygame.K_RETURN)
    table = pilot.top
    assert isinstance(table, TableScene)
    assert table.controller.setup.seats[1].level == "expert"


def laid_down_showdown(pilot: Pilot, monkeypatch: pytest.MonkeyPatch, me: Person
                       ) -> ShowdownScene:
    """Knock Rummy (Hoyle), by keyboard: Enter draws 7♥, L lays down all eleven cards,
    and the first Enter on the showdown shows the count at once."""
    stacked(monkeypatch, ["AS 2S 3S 4S 4H 5H 6H 7C 7D 7S", "KD QD JH 9C 9D 5C TC TS 2C 8H"],
            upcard="KC", stock_top="7H")
    start(pilot, PRESETS["knock-hoyle"], (HUMAN, "computer"))
    t = my_turn(pilot)
    assert isinstance(t, TableScene)
    me.key(pygame.K_RETURN)  # draw 7♥ from the stock
    assert pilot.until(lambda: bool(t.model.legal) and t.view.phase is Phase.PLAY)
    me.key(pygame.K_l)  # lay down: all eleven cards matched
    assert pilot.until(lambda: isinstance(pilot.top, ShowdownScene), 20_000)
    show = pilot.top
    assert isinstance(show, ShowdownScene)
    me.key(pygame.K_RETURN)  # the first Enter shows the count at once
    assert show.done and pilot.top is show
    return show


def test_enter_on_the_showdown_presses_the_focused_button(
        pilot: Pilot, monkeypatch: pytest.MonkeyPatch) -> None:
    me = Person(pilot)
    show = laid_down_showdown(pilot, monkeypatch, me)
    while show.shown()[show.focus % len(show.shown())].label != "Scores":
        me.key(pygame.K_TAB)
    me.key(pygame.K_RETURN)
    assert isinstance(pilot.top, ScoresScene), pilot.top


def test_right_then_enter_on_the_showdown_opens_the_review(
        pilot: Pilot, monkeypatch: pytest.MonkeyPatch) -> None:
    """The showdown's buttons stand in a row: Right moves to the next (Review), Left
    back, and Enter opens what is focused, not the next hand."""
    me = Person(pilot)
    show = laid_down_showdown(pilot, monkeypatch, me)
    labels = [b.label for b in show.shown()]
    assert labels[show.focus % len(labels)] == "Next hand"
    me.key(pygame.K_RIGHT, 2)
    assert labels[show.focus % len(labels)] == "Scores"
    me.key(pygame.K_LEFT)
    assert labels[show.focus % len(labels)] == "Review"
    me.key(pygame.K_RETURN)
    assert isinstance(pilot.top, ReviewScene), pilot.top
    assert pilot.app.session is not None and len(pilot.app.session.match.records) == 1


RUMMY = ["TS 4C 5C 6C 9H 9C 9D", "7S 8S 9S QD 2H 3D JC", "2D 5D 8H TC JH QS KS"]


def test_rummy_up_then_m_lays_one_card_off(pilot: Pilot, monkeypatch: pytest.MonkeyPatch) -> None:
    stacked(monkeypatch, RUMMY, upcard="AH", stock_top="AD 4S KC", first=1)
    me = Person(pilot)
    c = start(pilot, PRESETS["rummy"], (HUMAN, "computer", "computer"))
    c.computers[1] = Scripted([DrawStock(), MeldCards(tuple(parse_cards("7S 8S 9S"))),
                               Discard(C("QD"))])
    c.computers[2] = Scripted([DrawStock(), Discard(C("KS"))])
    t = my_turn(pilot)
    assert isinstance(t, TableScene)
    me.key(pygame.K_RETURN)  # draw K♣
    assert pilot.until(lambda: bool(t.model.legal) and t.view.phase is Phase.PLAY)
    me.key(pygame.K_RIGHT)  # the first Right picks the card just drawn
    assert t.model.focus is C("KC")
    while t.model.focus is not C("TS"):
        me.key(pygame.K_RIGHT)
    me.key(pygame.K_UP)
    me.key(pygame.K_m)
    run = next(i for i, m in enumerate(c.match.hand.table) if C("9S") in m.cards)
    assert c.match.hand_actions[-1] == LayOff(C("TS"), run)


def test_up_before_the_draw_says_how_to_draw(pilot: Pilot) -> None:
    """Up during the draw told a first-time player to "pick a card with Left and Right
    first; Up then adds it to a meld", meaningless before drawing. It now says how to
    draw (at Gin's first up card: take it or pass), and changes nothing."""
    me = Person(pilot)
    start(pilot, PRESETS["gin"], (HUMAN, "computer"))
    t = my_turn(pilot)
    assert isinstance(t, TableScene)
    assert t.view.phase is Phase.UPCARD_OFFER  # the first up card is offered to you
    me.key(pygame.K_UP)
    assert t.model.telling == "First take the up card (Enter) or pass on it (P)"
    assert t.view.phase is Phase.UPCARD_OFFER
    me.key(pygame.K_p)
    t = my_turn(pilot)
    assert isinstance(t, TableScene)
    while t.view.phase is Phase.UPCARD_OFFER:  # Ada passed too: yours to take or pass
        me.key(pygame.K_p)
        t = my_turn(pilot)
        assert isinstance(t, TableScene)
    assert t.view.phase is Phase.DRAW
    hand = list(t.view.hand)
    me.key(pygame.K_UP)
    assert t.model.telling == ("Draw first: Left and Right choose the stock or the discard "
                               "pile, and Enter takes its card")
    assert t.view.phase is Phase.DRAW and list(t.view.hand) == hand
