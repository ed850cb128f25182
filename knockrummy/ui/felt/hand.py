"""The player's hand as arranged on screen: order, sorting, meld groups.

This is presentation only (the engine does not care about order). Sorting by
rank or suit, arranging melds first with deadwood last, and dragging a card to
a new place all change only this object.

Melds are grouped and underlined in every mode as the hand changes: in "melds"
mode (the default) the hand is arranged melds first; in the other modes the
player's order (or the sort) is kept and every meld of the best arrangement whose
cards sit side by side is still set apart and underlined, so dragging a card to a
new place never loses the marks.

>>> from knockrummy.engine import parse_cards
>>> h = HandOrder()
>>> h.sync(parse_cards("KS 2H 3H 4H 9C"), ace_high=False)
>>> h.mode = "melds"; h.sync(h.cards, ace_high=False)
>>> [str(c) for c in h.cards], h.groups
(['2H', '3H', '4H', '9C', 'KS'], [3, 2])
>>> h.move(h.cards[4], 0)  # the king to the front: the run stays grouped
>>> [str(c) for c in h.cards], h.groups, h.meld_groups
(['KS', '2H', '3H', '4H', '9C'], [1, 3, 1], [False, True, False])
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
        #: per group, whether it is a meld (in "melds" mode the first groups; in a
        #: manual or sorted order, wherever a meld's cards sit together)
        self.meld_groups: list[bool] = []
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
        self._group_in_place(self._ace_high)

    _ace_high = False

    def _resort(self, ace_high: bool) -> None:
        self._ace_high = ace_high
        if self.mode == "rank":
            self.cards = rank_sort(self.cards, ace_high)
        elif self.mode == "suit":
            self.cards = sort_by_suit(self.cards)
        elif self.mode == "melds":
            melds = best_arrangement(self.cards, ace_high)
            in_melds = {c for m in melds for c in m}
            dead = rank_sort([c for c in self.cards if c not in in_melds], ace_high)
            self.cards = [c for m in melds for c in m] + dead
            self.groups = [len(m) for m in melds] + ([len(dead)] if dead else [])
            self.meld_groups = [True] * len(melds) + ([False] if dead else [])
            return
        self._group_in_place(ace_high)

    def _group_in_place(self, ace_high: bool) -> None:
        """Groups for an order the player chose (or a sort): each meld of the best
        arrangement whose cards sit side by side is a group of its own."""
        cards = self.cards
        melds = best_arrangement(cards, ace_high) if len(cards) >= 3 else ()
        where = {c: i for i, c in enumerate(cards)}
        spans: list[tuple[int, int]] = []
        for meld in melds:
            places = sorted(where[c] for c in meld)
            if places[-1] - places[0] == len(meld) - 1:
                spans.append((places[0], places[-1] + 1))
        spans.sort()
        groups: list[int] = []
        flags: list[bool] = []
        i = 0
        for start, end in spans:
            if start > i:
                groups.append(start - i)
                flags.append(False)
            groups.append(end - start)
            flags.append(True)
            i = end
        if i < len(cards):
            groups.append(len(cards) - i)
            flags.append(False)
        self.groups = groups or [len(cards)]
        self.meld_groups = flags or [False]


def rank_sort(cards: Sequence[Card], ace_high: bool) -> list[Card]:
    """Cards by rank, the ace last when it is high (where it counts and melds)."""
    out = sort_by_rank(cards)
    if ace_high:
        out = [c for c in out if c.rank != 1] + [c for c in out if c.rank == 1]
    return out
