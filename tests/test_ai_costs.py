"""The players' fast solvers agree with the engine's and with a plain search."""

from __future__ import annotations

import random

import pytest

from knockrummy.ai.costs import deadwood_model, leftover_model
from knockrummy.ai.evaluate import extensions, meld_outs
from knockrummy.ai.masks import MELDS_WITH
from knockrummy.engine.cards import DECK, mask_cards
from knockrummy.engine.melds import discard_deadwoods_mask, fits_meld, min_deadwood_mask


def random_hands(seed: int, count: int) -> list[int]:
    """Hands of 1 to 14 cards, crowded into a few ranks so that sets and runs are common."""
    rng = random.Random(seed)
    hands = []
    for _ in range(count):
        size = rng.randint(1, 14)
        mask = 0
        while mask.bit_count() < size:
            if rng.random() < 0.6:
                mask |= 1 << (rng.randrange(4) * 13 + rng.randrange(5))
            else:
                mask |= 1 << rng.randrange(52)
        hands.append(mask)
    return hands


def plain_search(mask: int, ace_high: bool, card_cost: int, memo: dict[int, int]) -> int:
    """Least cost by trying, for the lowest card, "unmatched" and every meld holding it."""
    if mask == 0:
        return 0
    if mask in memo:
        return memo[mask]
    low = mask & -mask
    index = low.bit_length() - 1
    rank = index % 13 + 1
    value = 15 if (ace_high and rank == 1) else min(rank, 10)
    best = value + card_cost + plain_search(mask ^ low, ace_high, card_cost, memo)
    for meld in MELDS_WITH[ace_high][index]:
        if meld & mask == meld:
            best = min(best, plain_search(mask ^ meld, ace_high, card_cost, memo))
    memo[mask] = best
    return best


@pytest.mark.parametrize("ace_high", [False, True])
def test_deadwood_model_is_the_engines_deadwood(ace_high: bool) -> None:
    model = deadwood_model(ace_high)
    for mask in random_hands(1 + ace_high, 3000):
        assert model.least(mask) == min_deadwood_mask(mask, ace_high)
        after = min(discard_deadwoods_mask(mask, ace_high).values())
        assert model.least_after_discard(mask) == after


@pytest.mark.parametrize("ace_high", [False, True])
def test_leftover_model_matches_a_plain_search(ace_high: bool) -> None:
    model = leftover_model(ace_high, 8)
    for mask in random_hands(3 + ace_high, 2000):
        memo: dict[int, int] = {}
        assert model.least(mask) == plain_search(mask, ace_high, 8, memo)
        rest = [mask ^ (1 << i) for i in range(52) if mask >> i & 1]
        assert model.least_after_discard(mask) == min(
            plain_search(r, ace_high, 8, memo) for r in rest
        )


@pytest.mark.parametrize("ace_high", [False, True])
def test_meld_outs_are_the_cards_that_meld(ace_high: bool) -> None:
    for mask in random_hands(5 + ace_high, 3000):
        want = 0
        for i in range(52):
            full = mask | 1 << i
            if not mask >> i & 1 and any(m & full == m for m in MELDS_WITH[ace_high][i]):
                want |= 1 << i
        assert meld_outs(mask, ace_high) == want


@pytest.mark.parametrize("ace_high", [False, True])
def test_extensions_are_the_cards_that_fit_a_meld(ace_high: bool) -> None:
    melds = [m for masks in MELDS_WITH[ace_high] for m in masks]
    for meld in set(melds):
        cards = mask_cards(meld)
        want = 0
        for card in DECK:
            if fits_meld(card, cards, ace_high):
                want |= 1 << card.index
        assert extensions(meld, ace_high) == want
