"""How long the computer players take to decide, at every preset and player count.

For each level and each table (preset, players), the level plays single hands
against ``simple`` players through :mod:`knockrummy.sim` (seats rotated), and its
decision times are pooled per preset. A decision is one call of
``player.choose(view, legal)``, timed on the wall clock, so a busy machine shows
in the figures: quote them with the load they were measured under.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from knockrummy.engine.rules import PRESETS
from knockrummy.sim.runner import Tournament, play_unit
from knockrummy.sim.stats import percentile

LEVELS = ("easy", "medium", "hard", "expert")


def tables() -> list[tuple[str, int]]:
    """Every preset with every player count it allows."""
    return [
        (key, players)
        for key, rules in PRESETS.items()
        for players in range(rules.min_players, rules.max_players + 1)
    ]


def decision_times(level: str, key: str, players: int, hands: int, seed: int) -> list[float]:
    """Seconds per decision of ``level`` over ``hands`` hands against ``simple`` players."""
    lineup = (level,) + ("simple",) * (players - 1)
    tournament = Tournament(key, lineup, players, hands, hands_mode=True, seed=seed)
    times: list[float] = []
    for index in range(hands):
        times.extend(play_unit(tournament, index).times[0])
    return times


def run(hands: int = 60, seed: int = 1, levels: Sequence[str] = LEVELS) -> dict[str, Any]:
    """Per level and preset: decisions measured, median, 99th percentile and max, in ms;
    and the same per table (preset and player count) under ``"tables"``."""
    figures: dict[str, Any] = {"hands_per_table": hands, "seed": seed, "levels": {},
                               "tables": {}}
    for level in levels:
        per_preset: dict[str, dict[str, float]] = {}
        per_table: dict[str, dict[str, float]] = {}
        for key in PRESETS:
            pooled: list[float] = []
            for table_key, players in tables():
                if table_key == key:
                    times = decision_times(level, key, players, hands, seed)
                    per_table[f"{key}/{players}"] = _figures(sorted(times))
                    pooled.extend(times)
            per_preset[key] = _figures(sorted(pooled))
        figures["levels"][level] = per_preset
        figures["tables"][level] = per_table
    return figures


def _figures(ordered: list[float]) -> dict[str, float]:
    return {
        "decisions": len(ordered),
        "median_ms": round(1000 * percentile(ordered, 0.5), 3),
        "p99_ms": round(1000 * percentile(ordered, 0.99), 3),
        "max_ms": round(1000 * ordered[-1], 3) if ordered else 0.0,
    }


def report(figures: dict[str, Any]) -> str:
    """A table: one line per level and preset."""
    lines = [
        f"decision time per preset, every player count, {figures['hands_per_table']} hands "
        f"per table against simple, seed {figures['seed']}",
        f"{'level':<7} {'preset':<12} {'decisions':>9} {'median ms':>10} {'p99 ms':>8} "
        f"{'max ms':>8}",
    ]
    for level, presets in figures["levels"].items():
        for key, f in presets.items():
            lines.append(
                f"{level:<7} {key:<12} {f['decisions']:>9} {f['median_ms']:>10.2f} "
                f"{f['p99_ms']:>8.2f} {f['max_ms']:>8.2f}"
            )
    worst = [
        (f["p99_ms"], level, table, f)
        for level, per_table in figures.get("tables", {}).items()
        for table, f in per_table.items()
    ]
    for level in figures.get("tables", {}):
        rows = [w for w in worst if w[1] == level]
        if rows:
            _p99, _level, table, f = max(rows, key=lambda w: w[0])
            lines.append(f"{level}: slowest table {table} (p99 {f['p99_ms']:.2f} ms, "
                         f"max {f['max_ms']:.2f} ms)")
    return "\n".join(lines)
