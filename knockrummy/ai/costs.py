"""Fast solvers for what the cards left outside melds cost, with any per-rank cost.

A :class:`CostModel` gives each card left outside melds a cost by rank: its value
(:func:`deadwood_model`, the engine's deadwood), or its value plus a fixed charge
per card (:func:`leftover_model`, for Rummy, where every card left over must still
be got rid of). ``least(mask)`` is the least total over every arrangement of the
cards, and ``least_after_discard(mask)`` the same with the best card thrown away.

The method is the engine's (:mod:`knockrummy.engine.melds`): sets only involve
ranks held three or four times; once the cards going into sets are chosen, each
suit is independent, and its best runs cover every stretch of three or more
consecutive cards (all costs are positive). So a hand is the best, over the few
set choices, of four table look-ups, one per suit; a second table per suit gives
the most that dropping one card saves. Tables are built on first use (about 15 ms
each), so importing the players stays quick.

>>> from knockrummy.engine.cards import cards_mask, parse_cards
>>> model = deadwood_model(False)
>>> model.least(cards_mask(parse_cards("7H 8H 9H 9S 9D 9C KC")))
10
>>> model.least_after_discard(cards_mask(parse_cards("7H 8H 9H 9S 9D 9C KC")))
0
>>> leftover_model(False, 8).least(cards_mask(parse_cards("2C 3D")))
21
"""

from __future__ import annotations

from functools import cache

from knockrummy.engine.melds import rank_values, runs_cost_table

SUIT = 0x1FFF
_NONE = 1 << 20

#: suits holding a rank (bit per suit) -> no set, or the ways to take three or four of them
_SET_CHOICES = [
    [0] + [sub for sub in range(1, 16) if sub & holders == sub and sub.bit_count() >= 3]
    for holders in range(16)
]


class CostModel:
    """Costs of unmatched cards by rank, and the per-suit tables that solve hands fast."""

    def __init__(self, ace_high: bool, rank_costs: list[int]) -> None:
        #: cost per card index (52 entries)
        self.costs = rank_costs * 4
        self.ace_high = ace_high
        self.runs, self.gain = _suit_tables(ace_high, rank_costs)

    def least(self, mask: int) -> int:
        """Least total cost of the cards left outside melds, over every arrangement."""
        return self._solve(mask, after_discard=False)

    def least_after_discard(self, mask: int) -> int:
        """:meth:`least` of ``mask`` less one card, the best one to throw."""
        if not mask:
            return 0
        return self._solve(mask, after_discard=True)

    def _solve(self, mask: int, after_discard: bool) -> int:
        s0, s1, s2, s3 = mask & SUIT, mask >> 13 & SUIT, mask >> 26 & SUIT, mask >> 39 & SUIT
        three = (s0 & s1 & s2) | (s0 & s1 & s3) | (s0 & s2 & s3) | (s1 & s2 & s3)
        runs, gain = self.runs, self.gain
        if not three:
            total = runs[s0] + runs[s1] + runs[s2] + runs[s3]
            if after_discard:
                total += min(gain[s0], gain[s1], gain[s2], gain[s3])
            return total
        ranks = []
        while three:
            low = three & -three
            ranks.append(low)
            three ^= low
        return self._search([s0, s1, s2, s3], ranks, 0, after_discard)

    def _search(self, suits: list[int], ranks: list[int], i: int, after_discard: bool) -> int:
        if i == len(ranks):
            runs = self.runs
            s0, s1, s2, s3 = suits
            total = runs[s0] + runs[s1] + runs[s2] + runs[s3]
            if after_discard:
                gain = self.gain
                total += min(gain[s0], gain[s1], gain[s2], gain[s3])
            return total
        bit = ranks[i]
        holders = ((1 if suits[0] & bit else 0) | (2 if suits[1] & bit else 0)
                   | (4 if suits[2] & bit else 0) | (8 if suits[3] & bit else 0))
        best = _NONE
        for sub in _SET_CHOICES[holders]:
            for k in range(4):
                if sub >> k & 1:
                    suits[k] ^= bit
            value = self._search(suits, ranks, i + 1, after_discard)
            for k in range(4):
                if sub >> k & 1:
                    suits[k] ^= bit
            if value < best:
                best = value
        return best


def _suit_tables(ace_high: bool, rank_costs: list[int]) -> tuple[list[int], list[int]]:
    """Per 13-bit rank mask of one suit (bit r for the card of index r in the suit): its
    cost using runs only, and the best change in that cost from dropping one of its cards
    (``_NONE`` for an empty suit, which has nothing to drop)."""
    runs = runs_cost_table(ace_high, rank_costs)
    gain = [_NONE] * 8192
    for m in range(1, 8192):
        best = _NONE
        rest = m
        while rest:
            low = rest & -rest
            rest ^= low
            if runs[m ^ low] < best:
                best = runs[m ^ low]
        gain[m] = best - runs[m]
    return runs, gain


@cache
def deadwood_model(ace_high: bool) -> CostModel:
    """Each unmatched card costs its value: the rules' deadwood."""
    return CostModel(ace_high, rank_values(ace_high))


@cache
def leftover_model(ace_high: bool, card_cost: int) -> CostModel:
    """Each unmatched card costs its value plus ``card_cost``."""
    return CostModel(ace_high, [v + card_cost for v in rank_values(ace_high)])
