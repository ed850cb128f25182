"""Two-player Gin: the chance of winning the match from a score (a match equity table).

A match of Gin to 100 is won by reaching the target first, not by points a hand: at 90 to
20 any win ends it, at 20 to 90 any loss does. ``expert`` can value a play-out by the
match it leaves rather than by its points (:attr:`knockrummy.ai.expert.Search.equity`).

The table comes from a model of a hand between two equal players: each wins it half the
time (dead hands are dealt again and leave the scores as they were), and the winner scores
the points a hand of two-player Gin scores between two ``hard`` players, measured over
600 matches to 100 (3,394 hands won, 104 dead: :data:`HAND_POINTS`). Then, from the
highest scores down, the chance at every pair of scores is the average of the chances the
hand leads to. Reaching the target is taken to win the match; the game bonus and the line
bonuses that decide the final totals almost always agree.
"""

from __future__ import annotations

from functools import cache
from operator import mul

#: how many of 3,394 hands won scored the winner 1-4 points, 5-9, 10-14, ... 95-99 (none
#: more), two ``hard`` players in two-player Gin matches to 100 (``python -m
#: knockrummy.sim.ladder``'s players, seeds 100000-100599; docs/AI.md, ninth round). The
#: peak at 25-34 is gin and the undercut, each worth 25 and the count.
HAND_POINTS: tuple[int, ...] = (235, 140, 101, 49, 38, 1308, 828, 337, 153, 84, 36, 36,
                                19, 8, 12, 4, 3, 1, 2, 0)

#: the width of each :data:`HAND_POINTS` bin
BIN = 5


def points_share() -> list[float]:
    """The share of hands won by ``d`` points, for ``d`` from 0 (none) to the most, each
    bin's hands spread evenly over its points."""
    total = sum(HAND_POINTS)
    share = [0.0] * (BIN * len(HAND_POINTS))
    for i, hands in enumerate(HAND_POINTS):
        points = range(max(1, i * BIN), (i + 1) * BIN)
        for d in points:
            share[d] = hands / total / len(points)
    return share


@cache
def equity_table(target: int) -> tuple[tuple[float, ...], ...]:
    """``table[a][b]``: the chance that a player at ``a`` beats one at ``b`` (both below
    ``target``) in a match to ``target``, a hand about to be dealt."""
    share = points_share()
    most = len(share) - 1
    # tail[k]: the share of hands won by k points or more
    tail = [0.0] * (target + most + 2)
    for k in range(most, -1, -1):
        tail[k] = tail[k + 1] + share[k]
    rows = [[0.0] * target for _ in range(target)]
    cols = [[0.0] * target for _ in range(target)]  # cols[b][a] == rows[a][b]
    for a in range(target - 1, -1, -1):
        row = rows[a]
        for b in range(target - 1, -1, -1):
            up = target - a  # points that take a to the target
            win = tail[up] if up <= most else 0.0
            win += sum(map(mul, share[1:min(up, most + 1)], cols[b][a + 1:target]))
            lose = sum(map(mul, share[1:min(target - b, most + 1)], row[b + 1:target]))
            value = 0.5 * (win + lose)
            row[b] = value
            cols[b][a] = value
    return tuple(tuple(r) for r in rows)


def equity(target: int, mine: int, other: int) -> float:
    """My chance of winning the match at ``mine`` to ``other`` (1 once I reach ``target``,
    0 once the other does)."""
    if mine >= target:
        return 1.0
    if other >= target:
        return 0.0
    return equity_table(target)[max(0, mine)][max(0, other)]


__all__ = ["HAND_POINTS", "equity", "equity_table", "points_share"]
