"""A card picked with one click stands raised above the hint's lift and is ringed in
gold outside the hint's outline: helpers clicked the hinted card once, saw nothing
change (a thin line inside the outline, then a white keyboard ring the hint had already
put there), and thought the click had done nothing."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from knockrummy.app.controller import HUMAN
from knockrummy.engine import PRESETS, Card, Discard, Phase
from knockrummy.ui.gfx import ACCENT
from knockrummy.ui.pilot import Pilot
from knockrummy.ui.table import render
from knockrummy.ui.table.scene import TableScene
from tests.table_support import Person, card_point, make_pilot, my_turn, stacked, start


@pytest.fixture
def pilot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Pilot]:
    yield from make_pilot(tmp_path, monkeypatch, size=(960, 600))


def ring_pixels(screen: pygame.Surface, rect: pygame.Rect) -> int:
    """Gold pixels along the top edge of ``rect`` (the picked card's ring)."""
    return sum(1 for x in range(rect.left + 12, rect.right - 12)
               for y in (rect.top, rect.top + 1)
               if tuple(screen.get_at((x, y)))[:3] == ACCENT)


def test_a_picked_hint_card_is_ringed_outside_the_hint(
        pilot: Pilot, monkeypatch: pytest.MonkeyPatch) -> None:
    # the up card is no use and the K♠ is the card to throw
    stacked(monkeypatch, ["2C 3C 4C 7H 7D 7S 9H 10H JH KS", "AD 2D 3D 5H 6H 8C 9C QD QC JS"],
            "4S", stock_top="8D")
    start(pilot, PRESETS["gin"], (HUMAN, "computer"))
    me = Person(pilot)
    t = my_turn(pilot)
    assert isinstance(t, TableScene)
    while t.view.phase is not Phase.PLAY:  # pass on the up card or draw, as the hint says
        me.key(pygame.K_h)
        assert pilot.until(lambda t=t: t.model.lit_hint is not None, 5_000)
        me.key(pygame.K_RETURN)
        t = my_turn(pilot)
        assert isinstance(t, TableScene)
    me.key(pygame.K_h)
    assert pilot.until(lambda: t.model.lit_hint is not None, 5_000)
    hint = t.coach.hint
    assert hint is not None and isinstance(hint.action, Discard)
    card = hint.action.card
    index = t.order.cards.index(card)
    lift = max(4, t.layout.card_w // 9)
    width = max(3, t.layout.card_w // 24)
    rest = t.layout.hand[index]
    before = ring_pixels(pilot.app.screen, rest.move(0, -lift).inflate(width * 4 + 2,
                                                                     width * 4 + 2))
    me.click(card_point(t, card))  # one click: picked, not thrown
    assert t.model.picked_one() is card and card in t.view.hand
    assert "picked" in (t.model.telling or ""), t.model.telling
    other = next(c for c in t.order.cards if c is not card)
    me.point((card_point(t, other)[0], card_point(t, other)[1] - 200))  # pointer moves off
    pilot.step(30)  # the lift has risen
    assert t.lift[card] == 2.0  # above the hint's lift (1)
    ring = rest.move(0, -2 * lift).inflate(width * 4 + 2, width * 4 + 2)
    assert ring_pixels(pilot.app.screen, ring) > ring.width // 2  # gold, round the hint's
    assert before < ring.width // 4  # nothing gold there before the click
    # the 4♠ taken stands beside it: its "taken" tag and the "hint" tag were drawn
    # through each other; they stand apart, each over its own card
    tags = render.DRAWN.get("fresh_tag"), render.DRAWN.get("hint_tag")
    assert tags[0] is not None and tags[1] is not None
    assert not tags[0].colliderect(tags[1]), tags
    assert not tags[0].colliderect(ring), (tags[0], ring)  # clear of the gold ring too
    taken = render.hand_rect(t, t.model.cards.index(Card.parse("4S")), Card.parse("4S"))
    assert taken.left <= tags[0].centerx < tags[1].centerx, (tags[0], taken)
    # a click on another card picks that one instead
    me.click(card_point(t, other))
    assert t.model.picked_one() is other and card not in t.model.selected
    # ... and the pile takes the card picked
    me.click(t.layout.discard.center)
    match = t.controller.match
    assert pilot.until(lambda: Discard(other) in t.controller.match.all_actions[
        len(match.all_actions) - 1:], 2_000)
