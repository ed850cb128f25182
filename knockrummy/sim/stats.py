"""Summaries of a tournament: win rates with 95% intervals, points, decision times."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

Z95 = 1.959964


def wilson(successes: float, trials: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion (fractional successes allowed).

    >>> [round(x, 3) for x in wilson(50, 100)]
    [0.404, 0.596]
    """
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = Z95 * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_ci(values: Sequence[float]) -> tuple[float, float, float]:
    """Mean and its 95% normal interval: ``(mean, low, high)``."""
    n = len(values)
    if n == 0:
        return (0.0, 0.0, 0.0)
    mean = sum(values) / n
    if n == 1:
        return (mean, mean, mean)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return (mean, mean - half, mean + half)


def percentile(sorted_values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) of already sorted values, nearest rank."""
    if not sorted_values:
        return 0.0
    rank = max(0, min(len(sorted_values) - 1, math.ceil(q * len(sorted_values)) - 1))
    return sorted_values[rank]


@dataclass
class EntryStats:
    """Running totals for one entry of the line-up (one level in one position)."""

    level: str
    matches: int = 0
    match_wins: float = 0.0
    hands: int = 0
    hand_wins: float = 0.0
    points: list[float] = field(default_factory=list)
    #: per hand: this entry's points less the average of the other seats' points
    over_table: list[float] = field(default_factory=list)
    gins: int = 0
    undercuts: int = 0
    undercut_against: int = 0
    knocks: int = 0
    times: list[float] = field(default_factory=list)

    def summary(self) -> dict[str, object]:
        """The JSON-ready summary of this entry."""
        times = sorted(self.times)
        ppm, low, high = mean_ci(self.points)
        over, over_low, over_high = mean_ci(self.over_table)
        return {
            "level": self.level,
            "matches": self.matches,
            "match_win_rate": self.match_wins / self.matches if self.matches else None,
            "match_win_ci95": list(wilson(self.match_wins, self.matches)) if self.matches
            else None,
            "points_per_hand": ppm,
            "points_per_hand_ci95": [low, high],
            "points_over_table": over,
            "points_over_table_ci95": [over_low, over_high],
            "hands": self.hands,
            "hand_win_rate": self.hand_wins / self.hands if self.hands else 0.0,
            "gins": self.gins,
            "undercuts": self.undercuts,
            "undercut_against": self.undercut_against,
            "knocks": self.knocks,
            "decision_ms": {
                "median": 1000 * percentile(times, 0.5),
                "p99": 1000 * percentile(times, 0.99),
                "max": 1000 * (times[-1] if times else 0.0),
                "count": len(times),
            },
        }


def turns_summary(turns: Sequence[int], players: int) -> dict[str, float]:
    """How long hands lasted, in turns (draws) over all seats: median, mean, 10th and 90th
    percentiles, the median per player (the turns a person at the table gets), and the
    share of hands that ended before every seat had drawn once (``before_all_played``:
    someone, perhaps the person, never had a turn).

    >>> summary = turns_summary([2, 3, 9, 4], 2)
    >>> summary["median_per_player"], summary["before_all_played"]
    (1.75, 0.0)
    >>> turns_summary([2, 3, 9, 4], 3)["before_all_played"]
    0.25
    """
    ordered = sorted(turns)
    if not ordered:
        return {"median": 0.0, "mean": 0.0, "p10": 0.0, "p90": 0.0, "median_per_player": 0.0,
                "before_all_played": 0.0}
    n = len(ordered)
    median = (ordered[(n - 1) // 2] + ordered[n // 2]) / 2
    return {
        "median": median,
        "mean": sum(ordered) / n,
        "p10": percentile(ordered, 0.1),
        "p90": percentile(ordered, 0.9),
        "median_per_player": median / players,
        "before_all_played": sum(1 for t in ordered if t < players) / n,
    }


def hands_summary(hands: Sequence[int]) -> dict[str, float]:
    """How long matches lasted, in hands: median, mean, 10th and 90th percentiles, and
    the share of matches over after a single hand.

    >>> hands_summary([1, 3, 4, 6])["median"], hands_summary([1, 3, 4, 6])["one_hand"]
    (3.5, 0.25)
    """
    ordered = sorted(hands)
    if not ordered:
        return {"median": 0.0, "mean": 0.0, "p10": 0.0, "p90": 0.0, "one_hand": 0.0}
    n = len(ordered)
    return {
        "median": (ordered[(n - 1) // 2] + ordered[n // 2]) / 2,
        "mean": sum(ordered) / n,
        "p10": percentile(ordered, 0.1),
        "p90": percentile(ordered, 0.9),
        "one_hand": sum(1 for h in ordered if h == 1) / n,
    }
