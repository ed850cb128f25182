"""Knocking throws only the card the player chose (playtest defect 1), played as a person.

The playtest: holding 8♥ 8♦ 8♣ 2♠ 2♥ 3♥, the player threw K♠ with a double click, left
the pointer resting over 8♦, drew 10♦ and clicked Knock: the game threw 8♦ out of the
set (38 deadwood instead of 12). Here the same hand is dealt and played with the mouse
only and with the keyboard only; Knock must throw nothing until a card is chosen, and
then exactly that card.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from knockrummy.app.controller import HUMAN
from knockrummy.engine import PRESETS, Card, Discard, Knock, Phase
from knockrummy.ui.pilot import Pilot
from knockrummy.ui.table import render
from knockrummy.ui.table.controls import deadwood_after, status_line
from knockrummy.ui.table.render import fit_status
from knockrummy.ui.table.scene import TableScene
from tests.table_support import Person, card_point, make_pilot, on_table, stacked, start

C = Card.parse
MINE = "8H 8D 8C 2S 2H 3H KS"
ADA = "KH QD JS 9H 7C 6S 4D"
BEN = "KD QH JH 9S 7D 6C 4S"
#: first drawn first: Q♣ for me, then two for the computers, then 10♦ for me
STOCK = "QC AD 5S TD"


@pytest.fixture
def pilot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Pilot]:
    stacked(monkeypatch, [MINE, ADA, BEN], upcard="9C", stock_top=STOCK)
    yield from make_pilot(tmp_path, monkeypatch)


def drawn(p: Pilot, t: TableScene, before: int) -> None:
    assert p.until(lambda: len(t.view.hand) == before + 1 and not t.director.active
                   and t.view.phase is Phase.PLAY and bool(t.model.legal))


def knocked_with(t: TableScene) -> Card | None:
    actions = [a for a in t.controller.match.hand_actions if isinstance(a, Knock)]
    return actions[-1].card if actions else None


def best_knock(t: TableScene) -> Card:
    return min((a.card for a in t.model.legal if isinstance(a, Knock)),
               key=lambda c: (deadwood_after(t.view, c), c.index))


def test_mouse_hover_then_knock_throws_nothing_until_a_card_is_clicked(pilot: Pilot) -> None:
    me = Person(pilot)
    c = start(pilot, PRESETS["knock"], (HUMAN, "computer", "computer"))
    t = on_table(pilot)
    me.click(t.layout.stock.center)
    drawn(pilot, t, 7)
    me.double_click(card_point(t, C("KS")))  # throw K♠ the quick way
    assert t.view.discard[-1] is C("KS")
    me.point(card_point(t, C("8D")))  # ... and the pointer rests over 8♦
    t = on_table(pilot)
    me.click(t.layout.stock.center)
    drawn(pilot, t, 7)
    me.point(card_point(t, C("8D")))  # hover 8♦, then move on to Knock
    held = list(t.view.hand)
    me.press("Knock")
    assert knocked_with(t) is None and list(t.view.hand) == held, "Knock threw a card"
    assert t.model.choice is not None and t.buttons["knock"].label == "Cancel"
    # the choice starts on the knock that leaves least, lit and named by the prompt, not
    # on the 8♦ hovered on the way to the button (nor on the card just drawn, which
    # leaves more: Enter would have knocked with it)
    drew = t.model.fresh_card()
    first = best_knock(t)
    assert drew is not None and deadwood_after(t.view, drew[0]) > deadwood_after(t.view, first)
    assert t.model.choice_candidate() is first is not C("8D")
    status = t.coach.status()
    assert status is not None and status[0].startswith(f"Knock throwing {first.label}:")
    # hovering 8♦ shows what it would leave, and still throws nothing
    me.point(card_point(t, C("8D")))
    status = t.coach.status()
    assert status is not None
    assert f"Knock throwing 8♦: {deadwood_after(t.view, C('8D'))} deadwood left" in status[0]
    assert knocked_with(t) is None
    best = best_knock(t)
    assert best is not C("8D")
    me.click(card_point(t, best))
    assert knocked_with(t) is best
    assert c.match.hand.knocker == 0 and best not in c.match.hand.hands[0]
    assert C("8D") in c.match.hand.hands[0]


def test_keyboard_knock_waits_for_its_card_and_throws_the_one_chosen(pilot: Pilot) -> None:
    me = Person(pilot)
    c = start(pilot, PRESETS["knock"], (HUMAN, "computer", "computer"))
    t = on_table(pilot)
    me.key(pygame.K_RETURN)  # draw from the stock (the pile focus starts there)
    drawn(pilot, t, 7)
    while t.model.focus is not C("KS"):
        me.key(pygame.K_RIGHT)
    me.key(pygame.K_RETURN)
    assert t.view.discard[-1] is C("KS") and t.model.focus is None
    t = on_table(pilot)
    me.key(pygame.K_RETURN)  # draw
    drawn(pilot, t, 7)
    # a player on the keyboard alone never hovers the Knock button for its tooltip: the
    # status line names the key
    assert t.coach.status() is None  # no hint or prompt over the status line
    said = status_line(t.view, t.model.legal, True, None, True)
    assert said == "Discard a card to the pile, or knock (the Knock button or the K key)"
    assert fit_status(t, said)[0] == [said]  # on one line, nothing cut
    me.key(pygame.K_RETURN)  # out of habit: nothing is picked, nothing is thrown
    assert len(t.view.hand) == 8
    assert t.model.message.text == "Pick a card with the Left and Right keys first"
    while t.model.focus is not C("8D"):  # the focus left on 8♦ of the set
        me.key(pygame.K_RIGHT)
    me.key(pygame.K_k)
    assert knocked_with(t) is None and len(t.view.hand) == 8
    assert t.model.choice is not None and t.model.choice_candidate() is C("8D")
    assert t.model.lift_target(t.order.cards.index(C("8D")), C("8D")) == 2.0  # raised
    best = best_knock(t)
    while t.model.focus is not best:  # Right moves among the cards that may knock
        me.key(pygame.K_RIGHT)
        assert t.model.focus in t.model.choice.options
    me.key(pygame.K_RETURN)
    assert knocked_with(t) is best and c.match.hand.knocker == 0
    me.key(pygame.K_RETURN)  # Enter again, out of habit, on the showdown: harmless
    assert knocked_with(t) is best


def test_escape_and_a_second_knock_cancel_the_choice(pilot: Pilot) -> None:
    me = Person(pilot)
    start(pilot, PRESETS["knock"], (HUMAN, "computer", "computer"))
    t = on_table(pilot)
    me.click(t.layout.stock.center)
    drawn(pilot, t, 7)
    me.press("Knock")
    assert t.model.choice is not None
    me.key(pygame.K_ESCAPE)
    assert t.model.choice is None and pilot.top is t and t.buttons["knock"].label == "Knock"
    me.press("Knock")
    me.press("Cancel")
    assert t.model.choice is None
    # with no knock pending, a drop on the pile is an ordinary discard
    me.drag(card_point(t, C("KS")), t.layout.discard.center)
    assert knocked_with(t) is None
    assert any(a == Discard(C("KS")) for a in t.controller.match.hand_actions)


def test_a_card_dropped_on_knock_knocks_with_that_card(pilot: Pilot) -> None:
    me = Person(pilot)
    c = start(pilot, PRESETS["knock"], (HUMAN, "computer", "computer"))
    t = on_table(pilot)
    me.click(t.layout.stock.center)
    drawn(pilot, t, 7)
    me.drag(card_point(t, C("KS")), t.buttons["knock"].rect.center)
    assert knocked_with(t) is C("KS") and c.match.hand.knocker == 0


def test_a_hint_asked_while_choosing_the_knock_card_is_read_in_the_status_line(
        pilot: Pilot) -> None:
    """A helper pressed H while choosing the card to knock with and saw only a small
    "hint" tag, drawn over the status line's "press Enter": the hint now takes the
    status line while the choice shows its card (or none), and its tag never covers the
    line."""
    me = Person(pilot)
    start(pilot, PRESETS["knock"], (HUMAN, "computer", "computer"))
    t = on_table(pilot)
    me.key(pygame.K_RETURN)  # draw
    drawn(pilot, t, 7)
    me.key(pygame.K_k)
    assert t.model.choice is not None
    status = t.coach.status()
    assert status is not None and not status[1]  # the choice's prompt
    me.key(pygame.K_h)
    assert pilot.until(lambda: t.model.lit_hint is not None, 5_000)
    hint = t.coach.hint
    assert hint is not None
    status = t.coach.status()
    assert status is not None and status[1], status
    assert status[0] == f"Hint: {hint.reason}"
    pilot.app.dirty = True
    pilot.step()
    t.draw(pilot.app.screen)
    if "hint_tag" in render.DRAWN:
        assert not render.DRAWN["hint_tag"].colliderect(render.DRAWN["status"])
    # the keys move on to another card: the prompt for that card comes back
    other = next(c for c in t.model.choice.options if c not in hint.cards)
    while t.model.focus is not other:
        me.key(pygame.K_RIGHT)
    status = t.coach.status()
    assert status is not None and not status[1]
    assert status[0].startswith(f"Knock throwing {other.label}:")
    assert knocked_with(t) is None  # nothing thrown by any of it


def test_enter_knocks_with_the_card_the_choice_shows(pilot: Pilot) -> None:
    """The choice's prompt names one card ("Knock throwing 8♦ ... Click it or press
    Enter"): the hovered one once the pointer moves over a card, else the keyboard's.
    Enter knocked with the keyboard's card whatever the prompt said; a pointer that only
    rests where it fell shows nothing."""
    me = Person(pilot)
    c = start(pilot, PRESETS["knock"], (HUMAN, "computer", "computer"))
    t = on_table(pilot)
    me.key(pygame.K_RETURN)  # draw
    drawn(pilot, t, 7)
    best = best_knock(t)
    other = next(c for c in t.order.cards if c is not best)
    me.point(card_point(t, other))  # the pointer comes to rest over another card
    while t.model.focus is not best:
        me.key(pygame.K_RIGHT)
    me.key(pygame.K_k)
    assert t.model.choice is not None
    assert t.model.choice_candidate() is best  # the resting pointer chooses nothing
    me.point(card_point(t, C("8D")))  # the pointer moves over the 8♦: shown, and named
    status = t.coach.status()
    assert status is not None and status[0].startswith("Knock throwing 8♦:")
    assert t.model.choice_candidate() is C("8D")
    me.key(pygame.K_RIGHT)  # the keys take over again
    assert t.model.choice_candidate() is t.model.focus is not best
    me.point(card_point(t, best))  # the pointer moves over the best card: Enter follows it
    status = t.coach.status()
    assert status is not None and status[0].startswith(f"Knock throwing {best.label}:")
    me.key(pygame.K_RETURN)
    assert knocked_with(t) is best and c.match.hand.knocker == 0
