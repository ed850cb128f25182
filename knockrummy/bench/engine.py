"""Engine speed: the deadwood solver, the best discard, random-play Gin hands.

Each figure is measured on fresh uniformly random hands (nothing is cached
between hands), in batches; the median over batches is reported.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from knockrummy.engine.cards import DECK, Card
from knockrummy.engine.flow import apply, deal, legal_actions
from knockrummy.engine.melds import best_discard, min_deadwood
from knockrummy.engine.rules import PRESETS


def _per_call_us(
    fn: Callable[[list[Card]], object], size: int, batches: int, batch: int, seed: int
) -> float:
    rng = random.Random(seed)
    results: list[float] = []
    for _ in range(batches):
        hands = [rng.sample(DECK, size) for _ in range(batch)]
        start = time.perf_counter()
        for hand in hands:
            fn(hand)
        results.append((time.perf_counter() - start) / batch * 1e6)
    return statistics.median(results)


def random_gin_hands_per_second(seconds: float, seed: int) -> tuple[float, float]:
    """Hands of two-player Gin played with uniformly random legal actions, per second;
    also the mean number of actions per hand."""
    rules = PRESETS["gin"]
    rng = random.Random(seed)
    hands = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state, _ = deal(rules, 2, hands % 2, rng.getrandbits(32))
        while not state.over:
            state, _ = apply(state, rng.choice(legal_actions(state)))
            actions += 1
        hands += 1
    elapsed = time.perf_counter() - start
    return hands / elapsed, actions / max(hands, 1)


def run(quick: bool = False, seed: int = 1) -> dict[str, Any]:
    """Measure everything; ``quick`` for a short smoke run."""
    batches, batch, seconds = (5, 200, 0.5) if quick else (41, 2000, 5.0)
    rate, per_hand = random_gin_hands_per_second(seconds, seed)
    return {
        "min_deadwood_10_us": round(_per_call_us(min_deadwood, 10, batches, batch, seed), 2),
        "best_discard_11_us": round(_per_call_us(best_discard, 11, batches, batch, seed), 2),
        "random_gin_hands_per_second": round(rate, 1),
        "random_gin_actions_per_hand": round(per_hand, 1),
    }


def report(figures: dict[str, Any]) -> str:
    """Human-readable lines."""
    return "\n".join([
        f"min_deadwood, random 10-card hands: {figures['min_deadwood_10_us']} us (median)",
        f"best_discard, random 11-card hands: {figures['best_discard_11_us']} us (median)",
        f"random-play Gin: {figures['random_gin_hands_per_second']} hands/s "
        f"({figures['random_gin_actions_per_hand']} actions per hand)",
    ])
