"""``python -m knockrummy.sim``: tournaments, seeded, seats rotated, JSON as documented."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from knockrummy.sim.__main__ import main, parse_args
from knockrummy.sim.runner import Tournament, play_unit, run_tournament


def without_times(summary: dict[str, Any]) -> dict[str, Any]:
    """The summary less everything measured on the clock."""
    out = {k: v for k, v in summary.items() if k not in ("seconds", "hands_per_second", "jobs")}
    out["seats"] = [{k: v for k, v in s.items() if k != "decision_ms"} for s in summary["seats"]]
    return out


def test_json_has_the_documented_fields() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "knockrummy.sim", "--preset", "gin", "--seats", "medium,simple",
         "--matches", "2", "--seed", "3", "--json", "--quiet"],
        capture_output=True, text=True, check=True, timeout=300,
    )
    summary = json.loads(out.stdout)
    assert summary["hands_per_second"] > 0
    assert [s["level"] for s in summary["seats"]] == ["medium", "simple"]
    for seat in summary["seats"]:
        for key in ("match_win_rate", "match_win_ci95", "points_per_hand", "hand_win_rate",
                    "points_over_table", "points_over_table_ci95",
                    "gins", "undercuts"):
            assert key in seat
        assert set(seat["decision_ms"]) >= {"median", "p99", "max"}
        assert seat["decision_ms"]["count"] > 0
    assert sum(s["match_win_rate"] for s in summary["seats"]) == pytest.approx(1.0)


def test_same_seed_same_numbers_with_one_or_two_workers() -> None:
    tournament = Tournament("knock", ("hard", "simple", "easy"), 3, 8, hands_mode=True, seed=5)
    one = run_tournament(tournament, jobs=1, progress=False)
    again = run_tournament(tournament, jobs=1, progress=False)
    two = run_tournament(tournament, jobs=2, progress=False)
    assert without_times(one) == without_times(again) == without_times(two)
    other = run_tournament(Tournament("knock", ("hard", "simple", "easy"), 3, 8, True, seed=6),
                           progress=False)
    assert without_times(other) != without_times(one)


def test_line_up_rotates_round_the_table() -> None:
    tournament = Tournament("knock", ("hard", "simple", "easy"), 3, 3, hands_mode=True, seed=1)
    seats = [play_unit(tournament, i).seat_of_entry for i in range(3)]
    assert seats == [[0, 1, 2], [1, 2, 0], [2, 0, 1]]


def test_knock_rummy_hands_are_zero_sum_per_hand() -> None:
    summary = run_tournament(
        Tournament("knock", ("hard", "simple", "simple", "simple"), 4, 12, True, seed=2),
        progress=False,
    )
    total = sum(s["points_per_hand"] for s in summary["seats"])  # type: ignore[attr-defined]
    assert total == pytest.approx(0.0, abs=1e-9)


def test_command_line_checks_its_seats(capsys: pytest.CaptureFixture[str]) -> None:
    args = parse_args(["--preset", "knock", "--players", "4", "--seats", "hard,simple"])
    assert args.lineup == ["hard", "simple", "simple", "simple"]
    for bad in (["--seats", "hard,genius"], ["--preset", "gin", "--seats", "hard,simple,easy"],
                ["--preset", "gin-multi", "--players", "2"]):
        with pytest.raises(SystemExit):
            parse_args(bad)
    assert main(["--preset", "gin", "--seats", "simple,simple", "--hands", "4", "--quiet"]) == 0
    assert "hands per second" in capsys.readouterr().out


def test_turns_a_hand_are_counted_and_summarised() -> None:
    tournament = Tournament("knock", ("simple", "simple", "simple"), 3, 6, hands_mode=True,
                            seed=4)
    for index in range(6):
        unit = play_unit(tournament, index)
        actions = unit.outcome.actions
        (turns,) = unit.outcome.turns
        # every turn is a draw and then a discard or a knock (no up-card offer here)
        assert turns >= 1 and actions == 2 * turns
    summary = run_tournament(tournament, progress=False)
    turns_summary = summary["turns_per_hand"]
    assert isinstance(turns_summary, dict)
    assert turns_summary["median_per_player"] == pytest.approx(turns_summary["median"] / 3)
    assert turns_summary["p10"] <= turns_summary["median"] <= turns_summary["p90"]


def test_match_outcomes_count_turns_per_hand() -> None:
    unit = play_unit(Tournament("knock", ("simple", "easy"), 2, 1, hands_mode=False, seed=2), 0)
    assert len(unit.outcome.turns) == len(unit.outcome.results) > 1
    assert all(t >= 1 for t in unit.outcome.turns)


def test_variants_and_overrides_name_players() -> None:
    from knockrummy.ai.strong import HARD
    from knockrummy.sim.variants import EAGER_HARD, known, make_seat, style_of

    assert style_of("hard") == HARD
    assert style_of("hard@eager") == EAGER_HARD
    assert style_of("hard+worlds=7+wait_margin=none").worlds == 7
    assert style_of("hard+wait_margin=none").wait_margin is None
    assert make_seat("medium@eager", 1).level == "medium"
    assert make_seat("simple", 1).level == "simple"
    for good in ("simple", "hard", "medium@eager+early_bar=2.5"):
        assert known(good)
    for bad in ("genius", "simple+worlds=3", "hard+colour=red", "hard+worlds", "hard+worlds=x"):
        assert not known(bad)
    args = parse_args(["--preset", "knock", "--seats", "hard@eager,hard+count_cap=9"])
    assert args.lineup == ["hard@eager", "hard+count_cap=9"]


def test_compare_plays_candidates_on_the_same_deals() -> None:
    from knockrummy.sim.compare import compare

    summary = compare("knock", 3, "simple", ["hard", "hard", "simple"], 12, seed=3)
    first, same, other = summary["candidates"]
    # the same player on the same deals: the same points, hand by hand
    assert same["points_per_hand"] == first["points_per_hand"]
    assert same["minus_first_ci95"] == [0.0, 0.0]
    assert other["minus_first"] == pytest.approx(
        other["points_per_hand"] - first["points_per_hand"])
    assert 0.0 <= other["knock_rate"] <= 1.0
    assert first["turns_per_hand"]["median"] >= 1
