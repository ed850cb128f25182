"""Where a replay draws everything: the table on the left with every hand face up,
the move list and the controls in a side panel on the right.

The table part is the game table's own layout (:func:`knockrummy.ui.felt.layout.compute`)
for the seat at the bottom, computed for the width left of the side panel; each
opponent's fan of backs is then replaced by a fan of face-up cards wide enough to
read their corners. Every card in a hand gets a rectangle in :attr:`ReplayLayout.spots`,
so the animation director can fly a card from wherever it is, in any seat.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields

import pygame

from knockrummy.engine import Card, PlayerView
from knockrummy.ui.felt.hand import HandOrder
from knockrummy.ui.felt.layout import EDGE, Pod, TableLayout, card_height, compute

#: the side panel's share of the window width (at least ``PANEL_MIN`` pixels)
PANEL_SHARE = 0.27
PANEL_MIN = 300


@dataclass
class ReplayLayout(TableLayout):
    """A table layout with every hand's cards placed face up."""

    #: every card held by any seat, by card
    spots: dict[Card, pygame.Rect] = field(default_factory=dict)
    #: each seat's name plate (the bottom seat's is ``me_plate``)
    plates: dict[int, pygame.Rect] = field(default_factory=dict)
    #: the side panel
    side: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    #: per seat: groups of cards as arranged (melds first, deadwood last)
    rows: dict[int, list[list[Card]]] = field(default_factory=dict)
    #: per seat: how many of those groups are melds
    meld_rows: dict[int, int] = field(default_factory=dict)


def arranged(hand: tuple[Card, ...], ace_high: bool) -> tuple[list[Card], list[int], int]:
    """A hand arranged by melds, deadwood last: cards, group sizes, how many groups
    (the first) are melds."""
    order = HandOrder("melds")
    order.sync(hand, ace_high)
    return order.cards, order.groups, sum(order.meld_groups)


def _room(pod: Pod, pods: list[Pod], width: int) -> int:
    """How wide a face-up fan may be at ``pod``: up to the next pod on its row."""
    if pod.rect.top > EDGE + 1:  # a side pod: its own width
        return pod.rect.width
    room = round(width * 0.6)
    for other in pods:
        if other is not pod and other.rect.top <= EDGE + 1:
            room = min(room, abs(other.rect.centerx - pod.rect.centerx) - 16)
    return max(pod.rect.width, room)


def compute_replay(size: tuple[int, int], views: tuple[PlayerView, ...],
                   bottom: int) -> ReplayLayout:
    """The layout for one moment of a replay (``views``: every seat's view)."""
    w, h = size
    side_w = max(PANEL_MIN, round(w * PANEL_SHARE))
    view = views[bottom]
    ace = view.rules.ace_high
    cards, groups, meld_groups = arranged(view.hand, ace)
    base = compute((w - side_w - 8, h), view, groups, meld_groups)
    values = {f.name: getattr(base, f.name) for f in fields(TableLayout)}
    lay = ReplayLayout(**values)
    lay.side = pygame.Rect(w - side_w + 8, EDGE, side_w - 8 - EDGE, h - 2 * EDGE)
    lay.rows[bottom] = _groups(cards, groups)
    lay.meld_rows[bottom] = meld_groups
    for card, rect in zip(cards, base.hand, strict=False):
        lay.spots[card] = rect
    # the bottom seat's plate: left, above the hand, where the table has its status
    # and count lines (a replay says those in its side panel), three lines high
    plate_h = max(base.me_plate.height, round(h * 0.1))
    plate = pygame.Rect(EDGE, 0, max(base.left_buttons.width, round((w - side_w) * 0.3)),
                        plate_h)
    plate.bottom = base.hand_area.top - 4
    lay.plates[bottom] = plate
    fw = max(36, round(base.card_w * 0.7))
    fh = card_height(fw)
    pods = list(base.pods.values())
    for seat, pod in base.pods.items():
        lay.plates[seat] = pod.plate
        seat_cards, seat_groups, seat_melds = arranged(views[seat].hand, ace)
        lay.rows[seat] = _groups(seat_cards, seat_groups)
        lay.meld_rows[seat] = seat_melds
        n = len(seat_cards)
        if not n:
            pod.fan = []
            continue
        gap = fw // 5 if len(seat_groups) > 1 else 0
        room = _room(pod, pods, w - side_w)
        step = max(fw * 0.22, min(fw * 0.42,
                                  (room - fw - gap * (len(seat_groups) - 1)) / max(1, n - 1)))
        total = fw + step * (n - 1) + gap * (len(seat_groups) - 1)
        x = pod.rect.centerx - total / 2
        x = max(EDGE, min(w - side_w - EDGE - total, x))
        y = pod.plate.bottom + 6
        rects: list[pygame.Rect] = []
        index = 0
        for g, size_g in enumerate(seat_groups):
            if g:
                x += gap
            for _ in range(size_g):
                rect = pygame.Rect(round(x), y, fw, fh)
                rects.append(rect)
                lay.spots[seat_cards[index]] = rect
                index += 1
                x += step
        pod.fan = rects
        span = rects[0].unionall(rects[1:]) if len(rects) > 1 else rects[0]
        if span.width > pod.plate.width:  # the plate as wide as the cards below it
            pod.plate = pygame.Rect(span.left, pod.plate.top, span.width, pod.plate.height)
            lay.plates[seat] = pod.plate
    return lay


def _groups(cards: list[Card], sizes: list[int]) -> list[list[Card]]:
    out: list[list[Card]] = []
    i = 0
    for n in sizes:
        out.append(cards[i:i + n])
        i += n
    return out
