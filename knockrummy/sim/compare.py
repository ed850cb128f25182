"""``python -m knockrummy.sim.compare``: players compared on the same deals.

Each candidate sits at a table of ``--field`` players (seats rotated hand by hand)
and plays the same seeded single hands as every other candidate: the same deals,
the same seats, the same field players' seeds. Printed per candidate: its points a
hand with a 95% interval, how long hands lasted, and its difference from the first
candidate, hand by hand, with the paired 95% interval (deals shared by both runs
cancel much of the luck, so the difference is measured more tightly than either
figure).

Examples::

    python -m knockrummy.sim.compare --preset knock --players 3 --field simple \\
        --hands 4000 hard@eager hard
    python -m knockrummy.sim.compare --preset knock --players 3 --field hard@eager \\
        --hands 4000 hard@eager hard          # head to head against the old hard

Candidates and the field are levels, kept variants or ``+field=value`` overrides
(:mod:`knockrummy.sim.variants`).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
from collections.abc import Sequence
from typing import Any

from knockrummy.engine.rules import PRESETS
from knockrummy.sim.runner import Tournament, play_unit
from knockrummy.sim.stats import mean_ci, turns_summary
from knockrummy.sim.variants import known


def play_one(job: tuple[Tournament, int]) -> tuple[float, int, int, float]:
    """Hand ``index`` of a tournament: entry 0's points, the hand's turns, whether
    entry 0 knocked (1 or 0), and entry 0's points less the other seats' average."""
    tournament, index = job
    unit = play_unit(tournament, index)
    seat = unit.seat_of_entry[0]
    result = unit.outcome.results[0]
    others = [p for s, p in enumerate(result.points) if s != seat]
    over = result.points[seat] - sum(others) / len(others)
    return (float(result.points[seat]), unit.outcome.turns[0], int(result.knocker == seat),
            float(over))


def compare(
    preset: str, players: int, field: str, candidates: Sequence[str], hands: int, seed: int,
    jobs: int = 1,
) -> dict[str, Any]:
    """Play every candidate on the same ``hands`` deals; the JSON-ready summary."""
    tournaments = [
        Tournament(preset, (c,) + (field,) * (players - 1), players, hands, True, seed)
        for c in candidates
    ]
    work = [(t, i) for t in tournaments for i in range(hands)]
    if jobs > 1:
        ctx = multiprocessing.get_context("fork")
        with ctx.Pool(jobs) as pool:
            played = pool.map(play_one, work, chunksize=16)
    else:
        played = [play_one(job) for job in work]
    rows = [played[k * hands:(k + 1) * hands] for k in range(len(candidates))]
    base = [p for p, _, _, _ in rows[0]]
    base_over = [o for _, _, _, o in rows[0]]
    out: list[dict[str, Any]] = []
    for name, row in zip(candidates, rows, strict=True):
        points = [p for p, _, _, _ in row]
        over = [o for _, _, _, o in row]
        mean, low, high = mean_ci(points)
        diff, dlow, dhigh = mean_ci([p - b for p, b in zip(points, base, strict=True)])
        omean, olow, ohigh = mean_ci(over)
        odiff, odlow, odhigh = mean_ci([o - b for o, b in zip(over, base_over, strict=True)])
        out.append({
            "player": name,
            "points_per_hand": mean,
            "points_per_hand_ci95": [low, high],
            "minus_first": diff,
            "minus_first_ci95": [dlow, dhigh],
            "over_table": omean,
            "over_table_ci95": [olow, ohigh],
            "over_table_minus_first": odiff,
            "over_table_minus_first_ci95": [odlow, odhigh],
            "knock_rate": sum(k for _, _, k, _ in row) / hands,
            "turns_per_hand": turns_summary([t for _, t, _, _ in row], players),
        })
    return {"preset": preset, "players": players, "field": field, "hands": hands, "seed": seed,
            "candidates": out}


def render(summary: dict[str, Any]) -> str:
    """The human-readable table."""
    lines = [f"{summary['preset']}, {summary['players']} players, each candidate with "
             f"{summary['players'] - 1} x {summary['field']}, {summary['hands']} hands, "
             f"seed {summary['seed']}"]
    for c in summary["candidates"]:
        lo, hi = c["points_per_hand_ci95"]
        dlo, dhi = c["minus_first_ci95"]
        olo, ohi = c["over_table_minus_first_ci95"]
        t = c["turns_per_hand"]
        lines.append(
            f"  {c['player']:<32} pts/hand {c['points_per_hand']:+6.2f} [{lo:+.2f}, {hi:+.2f}]"
            f"  minus first {c['minus_first']:+6.2f} [{dlo:+.2f}, {dhi:+.2f}]"
            f"  over table {c['over_table']:+6.2f}, minus first {c['over_table_minus_first']:+6.2f}"
            f" [{olo:+.2f}, {ohi:+.2f}]"
            f"  knocks {100 * c['knock_rate']:4.1f}%  turns median {t['median']:g}"
            f" ({t['median_per_player']:.2f} per player) mean {t['mean']:.1f}"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the command line, run, print."""
    parser = argparse.ArgumentParser(prog="python -m knockrummy.sim.compare",
                                     description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("candidates", nargs="+", help="players to compare (the first is the "
                        "reference)")
    parser.add_argument("--preset", default="knock", choices=sorted(PRESETS))
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--field", default="simple", help="the other seats' player")
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    for name in [*args.candidates, args.field]:
        if not known(name):
            parser.error(f"unknown player {name!r}")
    try:
        PRESETS[args.preset].check_players(args.players)
    except ValueError as err:
        parser.error(str(err))
    summary = compare(args.preset, args.players, args.field, args.candidates, args.hands,
                      args.seed, args.jobs)
    print(json.dumps(summary, indent=2) if args.json else render(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
