"""Statistics: counting hands and matches from engine results, streaks, reset, damage."""

from __future__ import annotations

import json
from pathlib import Path

from knockrummy.engine import MatchState
from knockrummy.storage import Seat, StatsStore, damaged_dir, stats_path
from knockrummy.storage.stats import opponent_level
from tests.storage_support import kr_home, random_match, seats_for

__all__ = ["kr_home"]


def _record_all(stats: StatsStore, match: MatchState, seats: list[Seat], match_id: str,
                undo_used: bool = False) -> None:
    for record in match.records:
        stats.record_hand(match, record, seats, match_id)
    stats.record_match(match, seats, match_id, undo_used)


def test_hands_and_match_are_counted_for_the_human(kr_home: Path) -> None:
    match = random_match("knock", 3, seed=21, knock_weight=0.2)
    assert match.over
    seats = seats_for(match)
    stats = StatsStore()
    _record_all(stats, match, seats, "m1")
    tally = stats.tally()
    results = [r.result for r in match.records]
    assert tally.hands_played == len(results)
    assert tally.hands_won == sum(0 in r.winners for r in results)
    assert tally.total_points == sum(r.points[0] for r in results) == match.scores[0]
    assert tally.best_hand == max(r.points[0] for r in results)
    assert tally.worst_hand == min(r.points[0] for r in results)
    assert tally.rums == sum(0 in r.winners and r.outcome == "rum" for r in results)
    assert tally.matches_played == 1 and tally.matches_won == (0 in match.winners)
    assert tally.average_points == tally.total_points / tally.hands_played
    assert stats.keys() == [("knock", "medium")]
    [result] = stats.history()
    assert result.preset == "knock" and result.won == (0 in match.winners)
    # a repeat after a resume is not counted twice, and everything survives a reload
    _record_all(stats, match, seats, "m1")
    again = StatsStore()
    assert again.tally() == tally and again.history() == [result] and again.messages == []


def test_views_by_preset_and_level_streaks_and_undo(kr_home: Path) -> None:
    stats = StatsStore()
    wins = 0
    for seed in range(30, 36):
        match = random_match("knock-hoyle", 2, seed=seed, knock_weight=0.3)
        level = "easy" if seed % 2 else "hard"
        _record_all(stats, match, seats_for(match, level=level), f"g{seed}",
                    undo_used=seed == 33)
        wins += 0 in match.winners
    gin_multi = random_match("gin-multi", 3, seed=40, knock_weight=0.5)
    assert gin_multi.over
    _record_all(stats, gin_multi, seats_for(gin_multi, humans=2), "gm")
    hoyle = stats.tally("knock-hoyle")
    assert hoyle.matches_played == 6 and hoyle.matches_won == wins
    assert stats.tally(level="easy").matches_played == 3
    assert stats.tally("gin-multi").matches_played == 2  # two human seats
    assert stats.tally().matches_with_undo == 1
    assert [r.undo_used for r in stats.history("knock-hoyle")].count(True) == 1
    won = [r.won for r in stats.history()]
    best = run = 0
    for w in won:
        run = run + 1 if w else 0
        best = max(best, run)
    assert stats.tally().longest_streak == best
    stats.reset()
    assert stats.tally().matches_played == 0 and StatsStore().history() == []


def test_penalty_best_hand_is_the_lowest(kr_home: Path) -> None:
    match = random_match("gin-multi", 3, seed=40, knock_weight=0.5)
    stats = StatsStore()
    _record_all(stats, match, seats_for(match), "gm")
    penalties = [r.result.points[0] for r in match.records]
    assert stats.tally().best_hand == min(penalties)
    assert stats.tally().worst_hand == max(penalties)


def test_opponent_level() -> None:
    seats = [Seat("A"), Seat("B", "computer", "easy"), Seat("C", "computer", "hard"),
             Seat("D")]
    assert opponent_level(seats, 0) == "mixed"
    assert opponent_level(seats[:2], 0) == "easy"
    assert opponent_level([Seat("A"), Seat("B")], 1) == "humans"


def test_a_damaged_stats_file_is_set_aside(kr_home: Path) -> None:
    stats_path().parent.mkdir(parents=True)
    good = {"schema": 1, "kind": "knockrummy-stats", "buckets": [{"preset": "knock",
            "level": "easy", "matches_played": "many"}], "history": [], "recorded": []}
    stats_path().write_text(json.dumps(good))
    stats = StatsStore()
    assert stats.tally().matches_played == 0
    assert len(stats.messages) == 1 and "moved to" in stats.messages[0]
    assert len(list(damaged_dir().glob("stats.*.json"))) == 1
    match = random_match("knock", 2, seed=2)
    stats.record_match(match, seats_for(match))  # and counting goes on
    assert StatsStore().tally().matches_played == 1
