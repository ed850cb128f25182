"""Fast play-outs of a classic Rummy hand on card masks, for ``expert``'s search.

``expert`` values a Rummy move as it values a Gin move (:mod:`knockrummy.ai.rollout`):
the hidden cards are dealt out to fit what its seat has seen, then every seat plays
the rest of the hand with a fast policy and the engine's scoring scores the end.

The fast policy, the same for every seat (a quick stand-in for ``hard``, which keeps
its melds in hand until it can go out in one turn):

- draw: take the up card when the hand with it, after its best discard, leaves less
  deadwood than now (a card that can be laid off onto the table's melds counts as
  placed); otherwise draw from the stock, turning the pile over when it is empty
  (its top card turned up, as the Rummy presets do);
- go out when, after a discard, every card left can be melded or laid off onto the
  table's melds;
- otherwise discard the card that leaves the least deadwood, the highest on ties,
  never the card just taken and never a card that fits the table; melds stay in hand.

Scored by the engine: going out (:func:`~knockrummy.engine.scoring.score_rummy_out`,
the doubled rummy where the rules have it and the seat has not melded before), or
the stock running out for the last time
(:func:`~knockrummy.engine.scoring.score_rummy_exhausted`). My value is my points
less the others' average (points over the table), as the ladder counts them.

Simplified: melds are kept in hand to the end of a play-out (no seat melds early), and
cards are laid off only onto the table's melds as they are when the play-out starts.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from knockrummy.ai.costs import SUIT, CostModel, deadwood_model
from knockrummy.ai.evaluate import extensions
from knockrummy.ai.rollout import Table, worst_and_count
from knockrummy.engine.rules import Rules, StockOut
from knockrummy.engine.scoring import score_rummy_exhausted, score_rummy_out


def fits_on(hand: int, melds: Sequence[int], ace_high: bool) -> int:
    """The cards of ``hand`` that can be laid off onto ``melds`` (masks), chaining as the
    melds grow (a 9 onto 5-6-7 once the 8 is laid off). A card that fits a run and a set
    counts as going onto the run, where it may let another card follow.

    >>> from knockrummy.engine.cards import cards_mask, mask_cards, parse_cards
    >>> run = cards_mask(parse_cards("5H 6H 7H"))
    >>> hand = cards_mask(parse_cards("8H 9H 2C"))
    >>> [str(c) for c in mask_cards(fits_on(hand, [run], False))]
    ['8H', '9H']
    """
    grown = sorted(melds, key=_is_set)  # runs first: a set of four takes nothing more
    ends = [extensions(m, ace_high) for m in grown]
    out = 0
    changed = True
    while changed and grown:
        changed = False
        rest = hand & ~out
        while rest:
            low = rest & -rest
            rest ^= low
            for i, fits in enumerate(ends):
                if fits & low:
                    grown[i] |= low
                    ends[i] = extensions(grown[i], ace_high)
                    out |= low
                    changed = True
                    break
    return out


def _is_set(meld: int) -> bool:
    """Whether ``meld`` (a mask) holds more than one suit: a set, not a run."""
    return sum(1 for k in range(4) if meld >> (13 * k) & SUIT) > 1


@dataclass(frozen=True)
class RummyContext:
    """What a Rummy play-out needs besides the table."""

    rules: Rules
    me: int
    #: the table's melds (masks) when the play-out starts
    melds: tuple[int, ...]
    #: per seat, whether it has melded before in this hand (no rummy for it)
    melded: tuple[bool, ...]
    #: a play-out that has not ended after this many draws scores 0
    max_turns: int = 120

    @property
    def model(self) -> CostModel:
        """The deadwood solver for these rules."""
        return deadwood_model(self.rules.ace_high)

    def fits(self, hand: int) -> int:
        """The cards of ``hand`` that can go onto the table's melds."""
        if not self.melds:
            return 0
        return fits_on(hand, self.melds, self.rules.ace_high)


def points(hand: int, model: CostModel) -> int:
    """What a hand counts when the hand ends: the value of every card in it."""
    costs = model.costs
    total = 0
    while hand:
        low = hand & -hand
        hand ^= low
        total += costs[low.bit_length() - 1]
    return total


def over_table(values: Sequence[int], me: int) -> float:
    """My points less the others' average."""
    others = [v for s, v in enumerate(values) if s != me]
    return values[me] - sum(others) / len(others)


def take_up(hand: int, up: int, ctx: RummyContext, model: CostModel) -> bool:
    """The fast policy's draw: whether taking card ``up`` lowers the deadwood left after
    the best discard (cards that fit the table count as placed)."""
    grown = hand | 1 << up
    core = hand & ~ctx.fits(hand)
    grown_core = grown & ~ctx.fits(grown)
    if grown_core == core:  # the up card goes onto the table: a card of the core can go
        return bool(core) and model.least(core) > 0
    return model.least_after_discard(grown_core) < model.least(core)


def turn(table: Table, ctx: RummyContext, rng: random.Random, drawn: int | None = None
         ) -> float | None:
    """One turn of the fast policy for ``table.current``; my value if the hand ends.

    ``drawn``: the draw already decided (-1 for the stock, or the up card's index), so a
    caller can force the draw and let the policy do the rest.
    """
    rules = ctx.rules
    model = ctx.model
    seat = table.current
    table.turns += 1
    if not table.stock:
        if table.exhaustions >= rules.exhaustions_end_round > 0 or not table.pile:
            counts = [points(h, model) for h in table.hands]
            return over_table(score_rummy_exhausted(rules, _NAMES[len(counts)], counts,
                                                    seat).points, ctx.me)
        table.stock = table.pile[::-1]
        table.pile = []
        if rules.stock_out is StockOut.CHOICE_TURN_UP and len(table.stock) > 1:
            table.pile = [table.stock.pop()]
    hand = table.hands[seat]
    up = table.pile[-1] if table.pile else None
    if drawn is None:
        drawn = up if up is not None and take_up(hand, up, ctx, model) else -1
    taken = 0
    if drawn >= 0 and table.pile:
        table.pile.pop()
        taken = 1 << drawn
        hand |= taken
    else:
        hand |= 1 << table.stock.pop()
        if not table.stock:
            table.exhaustions += 1
    fits = ctx.fits(hand)
    core = hand & ~fits
    if not core or (model.least(core) == 0 and fits & ~taken):
        return _out(table, seat, ctx, model)
    throw, count = worst_and_count(core, model, taken if core & ~taken else 0)
    if count == 0:
        return _out(table, seat, ctx, model)
    table.hands[seat] = hand ^ throw
    table.pile.append(throw.bit_length() - 1)
    table.current = (seat + 1) % len(table.hands)
    return None


def _out(table: Table, winner: int, ctx: RummyContext, model: CostModel) -> float:
    """``winner`` goes out: the engine's score, as my points over the table."""
    counts = [0 if s == winner else points(h, model) for s, h in enumerate(table.hands)]
    result = score_rummy_out(ctx.rules, _NAMES[len(counts)], counts, winner,
                             not ctx.melded[winner])
    return over_table(result.points, ctx.me)


def play_out(table: Table, ctx: RummyContext, rng: random.Random) -> float:
    """Play the hand to its end with the fast policy; my value."""
    for _ in range(ctx.max_turns):
        value = turn(table, ctx, rng)
        if value is not None:
            return value
    return 0.0


_NAMES = {n: tuple(str(s) for s in range(n)) for n in range(1, 7)}

__all__ = ["RummyContext", "fits_on", "over_table", "play_out", "points", "take_up", "turn"]
