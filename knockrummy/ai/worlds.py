"""Sampled worlds: opponents' hands drawn to fit what the seat knows.

Each opponent keeps the cards it is known to hold (taken from the pile) and gets
its unknown cards drawn, without replacement, from the unseen cards, each card
weighted by :class:`~knockrummy.ai.knowledge.Knowledge` for that opponent.
"""

from __future__ import annotations

import random

from knockrummy.ai.knowledge import Knowledge
from knockrummy.ai.masks import cards_of

World = dict[int, int]
"""Per opponent seat, a mask of the cards it holds in this world."""


def sample_worlds(knowledge: Knowledge, count: int, rng: random.Random) -> list[World]:
    """``count`` guesses of every opponent's hand."""
    unseen = [c.index for c in cards_of(knowledge.unseen)]
    opponents = knowledge.opponents()
    worlds: list[World] = []
    for _ in range(count):
        pool = list(unseen)
        world: World = {}
        for seat in opponents:
            slots = knowledge.unknown_slots[seat]
            w = knowledge.weights[seat]
            hand = knowledge.held[seat]
            for _slot in range(min(slots, len(pool))):
                weights = [w[i] for i in pool]
                pick = rng.choices(range(len(pool)), weights=weights)[0]
                hand |= 1 << pool[pick]
                pool[pick] = pool[-1]
                pool.pop()
            world[seat] = hand
        worlds.append(world)
    return worlds
