"""The player's hand as arranged on screen: order, sorting, meld groups.

This is presentation only (the engine does not care about order). Sorting by
rank or suit, arranging melds first with deadwood last, and dragging a card to
a new place all change only this object.

>>> from knockrummy.engine import parse_cards
>>> h = HandOrder()
>>> h.sync(parse_cards("KS 2H 3H 4H 9C"), ace_high=False)
>>> h.mode = "melds"; h.sync(h.cards, ace_high=False)
>>> [str(c) for c in h.cards], h.groups
(['2H', '3H', '4H', '9C', 'KS'], [3, 2])
"""

from __future__ import annotations

from collections.abc import Sequence

from knockrummy.engine import Card, best_arrangement
from knockrummy.engine.cards import sort_by_rank, sort_by_suit

MODES = ("melds", "rank", "suit", "manual")


class HandOrder:
    """Card order and grouping of the viewer's hand."""

    def __init__(self, mode: str = "melds") -> None:
        self.cards: list[Card] = []
        self.groups: list[int] = []
        #: how many of the first groups are melds (the rest is deadwood)
        self.meld_groups = 0
        self.mode = mode

    def sync(self, hand: Sequence[Card], ace_high: bool) -> None:
        """Follow the engine's hand: drop cards gone, add new ones, re-sort by mode."""
        held = set(hand)
        kept = [c for c in self.cards if c in held]
        kept.extend(c for c in hand if c not in set(kept))
        self.cards = kept
        self._resort(ace_high)

    def set_mode(self, mode: str, ace_high: bool) -> None:
        """Sort by ``mode`` (melds, rank, suit) now and keep it on later changes."""
        self.mode = mode
        self._resort(ace_high)

    def move(self, card: Card, index: int) -> None:
        """Drag ``card`` to position ``index``; the order becomes manual."""
        if card not in self.cards:
            return
        self.cards.remove(card)
        index = max(0, min(len(self.cards), index))
        self.cards.insert(index, card)
        self.mode = "manual"
        self.groups = [len(self.cards)]
        self.meld_groups = 0

    def _resort(self, ace_high: bool) -> None:
        if self.mode == "rank":
            self.cards = _rank_sort(self.cards, ace_high)
        elif self.mode == "suit":
            self.cards = sort_by_suit(self.cards)
        elif self.mode == "melds":
            melds = best_arrangement(self.cards, ace_high)
            in_melds = {c for m in melds for c in m}
            dead = _rank_sort([c for c in self.cards if c not in in_melds], ace_high)
            self.cards = [c for m in melds for c in m] + dead
            self.groups = [len(m) for m in melds] + ([len(dead)] if dead else [])
            self.meld_groups = len(melds)
            return
        self.groups = [len(self.cards)]
        self.meld_groups = 0


def _rank_sort(cards: Sequence[Card], ace_high: bool) -> list[Card]:
    out = sort_by_rank(cards)
    if ace_high:
        out = [c for c in out if c.rank != 1] + [c for c in out if c.rank == 1]
    return out
