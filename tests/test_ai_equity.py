"""The match equity table of two-player Gin (``knockrummy/ai/equity.py``) and the play-outs'
value by it (``rollout.match_gain``)."""

from __future__ import annotations

import random

import pytest

from knockrummy.ai.equity import HAND_POINTS, equity, equity_table, points_share
from knockrummy.ai.rollout import EQUITY_SCALE, Context, Policy, points_for
from knockrummy.engine.rules import PRESETS


def test_shares_cover_every_hand_won() -> None:
    share = points_share()
    assert share[0] == 0.0
    assert sum(share) == pytest.approx(1.0)
    # gin and the undercut (25 and the count) are the commonest wins
    assert max(range(len(share)), key=share.__getitem__) in range(25, 30)
    assert len(share) == 5 * len(HAND_POINTS)


def test_level_scores_are_even_and_the_table_is_a_zero_sum() -> None:
    table = equity_table(100)
    for a in range(0, 100, 7):
        assert table[a][a] == pytest.approx(0.5)
        for b in range(0, 100, 11):
            assert table[a][b] + table[b][a] == pytest.approx(1.0)


def test_more_points_is_a_better_match() -> None:
    table = equity_table(100)
    for a in range(0, 99, 3):
        for b in range(0, 100, 9):
            assert table[a + 1][b] >= table[a][b]
            assert table[b][a + 1] <= table[b][a]
    assert equity(100, 100, 40) == 1.0
    assert equity(100, 40, 104) == 0.0


def _simulated(a: int, b: int, rng: random.Random, runs: int) -> float:
    """The table's own model played out: each wins a hand half the time, scoring points
    drawn from the measured shares."""
    share = points_share()
    points = range(len(share))
    won = 0
    for _ in range(runs):
        mine, other = a, b
        while mine < 100 and other < 100:
            d = rng.choices(points, share)[0]
            if rng.random() < 0.5:
                mine += d
            else:
                other += d
        won += mine >= 100
    return won / runs


@pytest.mark.parametrize(("a", "b"), [(0, 0), (60, 10), (20, 90), (85, 80)])
def test_table_agrees_with_the_matches_it_models(a: int, b: int) -> None:
    runs = 6000
    seen = _simulated(a, b, random.Random(a * 1000 + b), runs)
    # four standard errors of a share measured over 6,000 matches
    assert abs(seen - equity(100, a, b)) < 4 * (0.25 / runs) ** 0.5


def _gin_context(scores: tuple[int, int], on: bool) -> Context:
    return Context(PRESETS["gin"], 0, scores, Policy(), on)


def test_a_showdown_is_valued_by_the_match_it_leaves() -> None:
    # a knock winning by 12 (counts 3 against 15) at 90 to 20 ends the match
    ends = points_for(_gin_context((90, 20), True), [3, 15], 0, "knock")
    assert ends == pytest.approx(EQUITY_SCALE * (1.0 - equity(100, 90, 20)))
    # at 20 to 95 any loss ends it: a big loss costs no more than a small one
    small = points_for(_gin_context((20, 95), True), [8, 3], 1, "knock")
    big = points_for(_gin_context((20, 95), True), [40, 3], 1, "knock")
    assert small == pytest.approx(big) == pytest.approx(-EQUITY_SCALE * equity(100, 20, 95))
    # ... which the points, with the game bonus, tell apart
    assert (points_for(_gin_context((20, 95), False), [40, 3], 1, "knock")
            < points_for(_gin_context((20, 95), False), [8, 3], 1, "knock"))


def test_at_the_start_a_point_is_worth_about_a_point() -> None:
    on = points_for(_gin_context((0, 0), True), [2, 14], 0, "knock")
    off = points_for(_gin_context((0, 0), False), [2, 14], 0, "knock")
    assert off == 12
    assert on == pytest.approx(off, rel=0.2)
