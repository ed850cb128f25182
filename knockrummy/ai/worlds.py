"""Sampled worlds: opponents' hands drawn to fit what the seat knows.

Each opponent keeps the cards it is known to hold (taken from the pile) and gets
its unknown cards drawn, without replacement, from the unseen cards, each card
weighted by :class:`~knockrummy.ai.knowledge.Knowledge` for that opponent.

With ``extra``, an opponent gets ``extra[seat]`` more cards and throws back, one at
a time, the card that leaves the least deadwood: a player who drew from the stock
and threw its worst card holds better than a random hand.

With ``racers``, an opponent seat listed there has its guess drawn again (up to
:data:`LIVE_TRIES` times) while it is within the knock limit: a player who knocks as
soon as it may, and has not knocked, cannot hold such a hand. With ``Racers.thrown``,
such a guess is also drawn again while the card that seat threw last would not have
been its worst (a discard leaving the least deadwood): a racer that throws its worst
card, as ``simple`` does, holds nothing higher that is out of its melds.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from knockrummy.ai.costs import CostModel, deadwood_model
from knockrummy.ai.knowledge import Knowledge
from knockrummy.ai.masks import cards_of

World = dict[int, int]
"""Per opponent seat, a mask of the cards it holds in this world."""


#: with ``live``, at most this many draws of one opponent's hand before a gin is kept
LIVE_TRIES = 8


@dataclass(frozen=True)
class Racers:
    """The opponent seats taken to knock as soon as their count is within ``limit``."""

    seats: frozenset[int]
    limit: int
    #: per racer seat, the card (index) it threw last in this hand, if its guesses must
    #: make that card its worst
    thrown: dict[int, int] | None = None


def sample_worlds(
    knowledge: Knowledge, count: int, rng: random.Random, extra: Sequence[int] | None = None,
    live: bool = False, racers: Racers | None = None,
) -> list[World]:
    """``count`` guesses of every opponent's hand (see the module docstring for ``extra``
    and ``racers``).

    With ``live``, a guess that would give an opponent gin (no deadwood) is drawn again,
    up to :data:`LIVE_TRIES` times: in two-player Gin an opponent holding gin would have
    gone out, so the hand would not still be going."""
    model = deadwood_model(knowledge.ace_high)
    unseen = [c.index for c in cards_of(knowledge.unseen)]
    opponents = knowledge.opponents()
    worlds: list[World] = []
    for _ in range(count):
        pool = list(unseen)
        world: World = {}
        for seat in opponents:
            more = extra[seat] if extra else 0
            floor = 0 if live else -1  # the count a guess must beat
            thrown = -1  # the card a guess must make the worst of its hand and it
            if racers and seat in racers.seats:
                floor = racers.limit
                if racers.thrown:
                    thrown = racers.thrown.get(seat, -1)
            again = floor >= 0
            for _try in range(LIVE_TRIES if again else 1):
                left = list(pool) if again else pool  # a copy only to draw again
                cards = _guess(knowledge, seat, more, left, rng, model)
                if not again:
                    break
                least = model.least(cards)
                if least > floor and (thrown < 0 or least <= model.least_after_discard(
                        cards | 1 << thrown)):
                    break
            pool = left
            world[seat] = cards
        worlds.append(world)
    return worlds


def _guess(knowledge: Knowledge, seat: int, more: int, pool: list[int], rng: random.Random,
           model: CostModel) -> int:
    """One guess of ``seat``'s hand, its unknown cards taken out of ``pool``."""
    slots = knowledge.unknown_slots[seat]
    w = knowledge.weights[seat]
    hand = knowledge.held[seat]
    drawn = 0
    for _slot in range(min(slots + more, len(pool))):
        weights = [w[i] for i in pool]
        pick = rng.choices(range(len(pool)), weights=weights)[0]
        drawn |= 1 << pool[pick]
        pool[pick] = pool[-1]
        pool.pop()
    for _throw in range(max(0, drawn.bit_count() - slots)):
        drawn ^= worst_card(hand | drawn, drawn, model)
    return hand | drawn


def worst_card(hand: int, among: int, model: CostModel) -> int:
    """The card of ``among`` (a subset of ``hand``) whose loss leaves the least deadwood,
    the highest such card on ties (the lowest index among equals), as a one-bit mask.

    The least any discard leaves (one solve, :meth:`CostModel.least_after_discard`) is
    tried first on the cards of ``among``, highest first: usually the first or second
    card reaches it, instead of a solve for every card. When none of ``among`` does (the
    best throw is a card outside it), every card is solved as before; same answer."""
    target = model.least_after_discard(hand)
    costs = model.costs
    cards = []
    rest = among
    while rest:
        low = rest & -rest
        rest ^= low
        cards.append((-costs[low.bit_length() - 1], low.bit_length(), low))
    for _cost, _index, low in sorted(cards):
        if model.least(hand ^ low) == target:
            return low
    return _worst_card_solved(hand, among, model)


def _worst_card_solved(hand: int, among: int, model: CostModel) -> int:
    """:func:`worst_card` by a solve for every card of ``among``."""
    best = 0
    best_cost = float("inf")
    rest = among
    while rest:
        low = rest & -rest
        rest ^= low
        cost = model.least(hand ^ low) - model.costs[low.bit_length() - 1] * 1e-3
        if cost < best_cost:
            best, best_cost = low, cost
    return best
