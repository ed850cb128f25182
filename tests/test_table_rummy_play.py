"""Rummy at the table as a first-time player met it (a helper's play): the last card
thrown with Enter, a single card laid off with the button, played as a person."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from knockrummy.app.controller import HUMAN
from knockrummy.engine import (
    PRESETS,
    Card,
    Discard,
    DrawStock,
    LayOff,
    MeldCards,
    parse_cards,
)
from knockrummy.ui.pilot import Pilot
from tests.table_support import (
    Person,
    Scripted,
    card_point,
    make_pilot,
    on_table,
    stacked,
    start,
)

C = Card.parse


@pytest.fixture
def pilot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Pilot]:
    yield from make_pilot(tmp_path, monkeypatch, size=(960, 600))


def test_enter_throws_the_one_card_left(pilot: Pilot, monkeypatch: pytest.MonkeyPatch) -> None:
    """With every other card melded, a helper pressed Enter to throw the one card left
    and was told to pick a card first: with one card there is nothing to choose."""
    stacked(monkeypatch, ["3C 4C 5C 6C 9H 9S 9D", "AH 2H 4D 7S JC QD KH",
                          "2D 5D 8S TC JH QS KS"], upcard="2S", stock_top="KD")
    me = Person(pilot)
    c = start(pilot, PRESETS["rummy"], (HUMAN, "computer", "computer"))
    t = on_table(pilot)
    me.key(pygame.K_RETURN)  # draw from the stock: the K♦
    assert pilot.until(lambda: len(t.view.hand) == 8 and not t.director.active
                       and bool(t.model.legal))
    for meld in ("3C 4C 5C 6C", "9H 9S 9D"):
        assert t.act(MeldCards(tuple(parse_cards(meld)))) is None
        assert pilot.until(lambda: not t.director.active and bool(t.model.legal))
    assert t.view.hand == (C("KD"),) and t.model.focus is None
    me.key(pygame.K_RETURN)
    assert pilot.until(lambda: c.match.hand.over, 3_000)
    assert c.match.hand_actions[-1] == Discard(C("KD"))  # out, with the last card


def test_one_picked_card_that_fits_a_table_meld_is_laid_off_with_the_button(
        pilot: Pilot, monkeypatch: pytest.MonkeyPatch) -> None:
    """A helper picked the 3♥ that fits a meld on the table and found the Meld button
    grey, so took laying off for impossible by mouse (M laid it off): the button says
    "Lay off" and does it."""
    stacked(monkeypatch, ["TS 4C 5C 6C 9H 9C 9D", "7S 8S 9S QD 2H 3D JC",
                          "2D 5D 8H TC JH QS KS"], upcard="AH", stock_top="AD 4S KC", first=1)
    me = Person(pilot)
    c = start(pilot, PRESETS["rummy"], (HUMAN, "computer", "computer"))
    c.computers[1] = Scripted([DrawStock(), MeldCards(tuple(parse_cards("7S 8S 9S")))])
    t = on_table(pilot)
    assert pilot.until(lambda: c.human_to_act and bool(t.model.legal)
                       and not t.director.active, 20_000)
    assert any(tm.cards and C("9S") in tm.cards for tm in t.view.table)
    me.click(t.layout.stock.center)
    assert pilot.until(lambda: len(t.view.hand) == 8 and not t.director.active
                       and bool(t.model.legal))
    meld = t.buttons["meld"]
    assert meld.label == "Meld" and not meld.enabled  # nothing picked
    me.click(card_point(t, C("TS")))  # pick the 10♠
    assert t.model.selected == [C("TS")]
    assert meld.label == "Lay off" and meld.enabled
    done = len(c.match.all_actions)
    me.press("Lay off")
    assert pilot.until(lambda: len(c.match.all_actions) > done, 2_000)
    made = c.match.all_actions[done]
    assert isinstance(made, LayOff) and made.card is C("TS")
    assert C("TS") not in c.match.hand.hands[0]
    assert any(C("TS") in tm.cards for tm in c.match.hand.table)
