"""``python -m knockrummy.sim.ladder``: the round robin on shared deals."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from knockrummy.sim import ladder


def test_a_player_against_itself_is_exactly_even_on_every_deal() -> None:
    # the same deal with the same players, seat for seat: each seat's share cancels
    result = ladder.play_pair("knock", 3, "simple", "simple", 4, seed=2)
    assert len(result.over) == 4
    assert all(abs(v) < 1e-9 for v in result.over)


def test_each_deal_is_played_with_a_in_every_seat() -> None:
    result = ladder.play_pair("gin", 2, "hard", "easy", 3, seed=1)
    assert result.hands == 6  # 3 deals, each with hard in seat 0 and in seat 1
    assert len(result.times_a) > 0 and len(result.times_b) > 0
    summary = result.summary()
    low, high = summary["over_table_ci95"]
    assert low <= summary["over_table"] <= high


def test_matches_give_a_win_share() -> None:
    result = ladder.play_pair("knock", 2, "hard", "easy", 2, seed=3, matches=True)
    summary = result.summary()
    assert 0.0 <= summary["match_win_rate"] <= 1.0
    assert all(w in (0.0, 0.5, 1.0) for w in result.wins)


def _figures(value: float, low: float, high: float) -> dict[str, Any]:
    return {"seed": 1, "deals": 10, "mode": "hands", "entrants": ["hard", "simple"],
            "presets": {"gin": {"players": 2, "pairs": [
                {"a": "hard", "b": "simple", "deals": 10, "hands": 20, "over_table": value,
                 "over_table_ci95": [low, high]}]}}}


def test_a_stronger_level_losing_is_a_finding() -> None:
    assert ladder.findings(_figures(-2.0, -3.0, -1.0)) == [
        "gin: hard loses to simple: -2.00 a hand [-3.00, -1.00]"]
    assert ladder.findings(_figures(-2.0, -5.0, +1.0)) == []  # not sure: no finding
    assert ladder.findings(_figures(4.0, 1.0, 7.0)) == []


def test_the_table_reads_both_ways() -> None:
    figures = _figures(4.0, 1.0, 7.0)
    summary = figures["presets"]["gin"]
    assert ladder.cell(summary, "hard", "simple") == (4.0, 1.0, 7.0)
    assert ladder.cell(summary, "simple", "hard") == (-4.0, -7.0, -1.0)


def test_command_writes_markdown_and_chart(tmp_path: Path, capsys: Any) -> None:
    md = tmp_path / "ladder.md"
    chart = tmp_path / "ladder.svg"
    code = ladder.main(["--preset", "knock", "--entrants", "easy,simple,hard", "--hands", "3",
                        "--quiet", "--markdown", str(md), "--svg", str(chart)])
    assert code == 0
    out = capsys.readouterr().out
    assert "knock (2 players, 3 deals a pair)" in out and "Findings:" in out
    text = md.read_text()
    assert "| `hard` |" in text and "**knock**" in text
    drawing = chart.read_text()
    assert drawing.startswith("<svg") and drawing.count("<rect") == 1 + 9


def test_penalty_points_count_against_the_player() -> None:
    # Gin for 3-4 scores penalties: the level that wins more must come out above zero
    result = ladder.play_pair("gin-multi", 3, "hard", "easy", 6, seed=4)
    assert result.hands == 18
    raw = ladder.play_pair("gin-multi", 3, "easy", "hard", 6, seed=4)
    assert sum(result.over) > 0 > sum(raw.over)


def test_parts_merge_into_the_run_played_at_once(tmp_path: Path, capsys: Any) -> None:
    """A run split with --first, its parts merged with --merge, gives the same deals and
    figures as the whole run played at once."""
    common = ["--preset", "gin", "--entrants", "easy,simple", "--quiet", "--json"]
    files = []
    for first, deals in ((0, 2), (2, 3)):
        assert ladder.main([*common, "--hands", str(deals), "--first", str(first)]) == 0
        path = tmp_path / f"part-{first}.json"
        path.write_text(capsys.readouterr().out)
        files.append(str(path))
    assert ladder.main([*common, "--hands", "5"]) == 0
    whole = json.loads(capsys.readouterr().out)["presets"]["gin"]["pairs"][0]
    assert ladder.main(["--json", "--merge", *files]) == 0
    merged = json.loads(capsys.readouterr().out)["presets"]["gin"]["pairs"][0]
    assert merged["per_deal"] == whole["per_deal"] and merged["deals"] == 5
    assert merged["over_table"] == whole["over_table"] and merged["hands"] == whole["hands"]
    assert ladder.main(["--merge", *files]) == 0
    assert "gin (2 players, 5 deals a pair)" in capsys.readouterr().out


def test_runs_of_other_presets_sit_side_by_side(tmp_path: Path, capsys: Any) -> None:
    """Gin at 3 deals and Knock Rummy at 2, run apart, make one table and chart."""
    files = []
    for preset, deals in (("gin", "3"), ("knock", "2")):
        assert ladder.main(["--preset", preset, "--entrants", "easy,simple", "--quiet",
                            "--json", "--hands", deals]) == 0
        path = tmp_path / f"{preset}.json"
        path.write_text(capsys.readouterr().out)
        files.append(str(path))
    md, chart = tmp_path / "ladder.md", tmp_path / "ladder.svg"
    assert ladder.main(["--merge", *files, "--markdown", str(md), "--svg", str(chart)]) == 0
    text = md.read_text()
    assert "2-3 deals a pair" in text
    assert "**gin** (2 players, 3 deals a pair)" in text
    assert "**knock** (2 players, 2 deals a pair)" in text
    assert chart.read_text().count("<rect") == 1 + 2 * 4
