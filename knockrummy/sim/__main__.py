"""``python -m knockrummy.sim``: tournaments between computer players.

Examples::

    python -m knockrummy.sim --preset gin --seats hard,simple --matches 2000 --seed 1
    python -m knockrummy.sim --preset knock --players 4 --seats hard,simple --hands 2000 --json
    python -m knockrummy.sim --preset rummy --seats medium --players 3 --option target_score=250

``--seats`` lists levels by line-up position (up to six); with ``--players``
larger than the list, the last level fills the remaining seats. Line-ups are
rotated round the table from one match (or hand) to the next so each entry sits
in each seat equally often. The same command always gives the same numbers
(decision times aside).

Per seat: match wins with a 95% interval, points per hand, points per hand over
the table (its points less the other seats' average, the fairer figure where
only the winner scores, as in Gin and Rummy), hands won, gins (rum, rummy),
undercuts won, and decision times; for the table, turns per hand and (whole
matches) hands per match.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from knockrummy.ai import LEVELS
from knockrummy.engine.rules import PRESETS, Family, preset
from knockrummy.sim.runner import Tournament, run_tournament
from knockrummy.sim.variants import VARIANTS, known


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(prog="python -m knockrummy.sim", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--preset", default="knock", choices=sorted(PRESETS))
    parser.add_argument("--seats", default="hard,simple",
                        help="comma-separated levels, up to six: " + ", ".join(LEVELS)
                        + "; or a variant kept for comparisons: " + ", ".join(VARIANTS)
                        + "; medium, hard and variants take +field=value Style overrides")
    parser.add_argument("--players", type=int, default=None,
                        help="players at the table (default: the number of --seats)")
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--matches", type=int, default=None, help="whole matches to play")
    group.add_argument("--hands", type=int, default=None, help="single hands to play instead")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a rules option changed from the preset's default, e.g. "
                        "target_score=250 or rummy_doubles=false (repeatable)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)
    seats = [s.strip() for s in args.seats.split(",") if s.strip()]
    if not 1 <= len(seats) <= 6:
        parser.error("--seats takes one to six levels")
    for level in seats:
        if not known(level):
            parser.error(f"unknown level {level!r}; choose from {', '.join(LEVELS)}"
                         f" (or a variant: {', '.join(VARIANTS)})")
    players = args.players or max(len(seats), PRESETS[args.preset].min_players)
    try:
        PRESETS[args.preset].check_players(players)
    except ValueError as err:
        parser.error(str(err))
    if len(seats) > players:
        parser.error(f"{len(seats)} seats listed for {players} players")
    args.lineup = seats + [seats[-1]] * (players - len(seats))
    args.players = players
    try:
        args.options = tuple(rule_option(text) for text in args.option)
        preset(args.preset, **dict(args.options))
    except ValueError as err:
        parser.error(str(err))
    if args.matches is None and args.hands is None:
        args.matches = 100
    return args


def rule_option(text: str) -> tuple[str, object]:
    """``"target_score=250"`` -> ``("target_score", 250)``; ``true``/``false``/``none``
    and whole numbers are read as such, anything else stays text.

    >>> rule_option("rummy_doubles=false"), rule_option("game_end=target")
    (('rummy_doubles', False), ('game_end', 'target'))
    """
    name, sep, value = text.partition("=")
    if not sep or not name.strip():
        raise ValueError(f"--option {text!r}: expected NAME=VALUE")
    low = value.strip().lower()
    parsed: object
    if low in ("true", "false"):
        parsed = low == "true"
    elif low == "none":
        parsed = None
    else:
        try:
            parsed = int(low)
        except ValueError:
            parsed = value.strip()
    return name.strip(), parsed


def render(tournament: Tournament, summary: dict[str, object]) -> str:
    """The human-readable table."""
    unit = "matches" if tournament.hands_mode is False else "hands"
    penalty = PRESETS[tournament.preset].family is Family.GIN_MULTI
    options = "".join(f", {name}={value}" for name, value in tournament.options)
    lines = [
        f"{tournament.preset}{options}, {tournament.players} players, {tournament.count} "
        f"{unit}, seed {tournament.seed}" + (" (points are penalty points: lower is better)"
                                             if penalty else ""),
    ]
    seats = summary["seats"]
    assert isinstance(seats, list)
    for i, s in enumerate(seats):
        dm = s["decision_ms"]
        ci = s["points_per_hand_ci95"]
        text = f"  seat {i + 1} {s['level']:<7}"
        if s["match_win_rate"] is not None:
            lo, hi = s["match_win_ci95"]
            text += (f" match wins {100 * s['match_win_rate']:5.1f}%"
                     f" [{100 * lo:4.1f}, {100 * hi:4.1f}]")
        over = s["points_over_table_ci95"]
        text += (
            f"  pts/hand {s['points_per_hand']:+6.2f} [{ci[0]:+.2f}, {ci[1]:+.2f}]"
            f"  over table {s['points_over_table']:+6.2f} [{over[0]:+.2f}, {over[1]:+.2f}]"
            f"  hands won {100 * s['hand_win_rate']:5.1f}%  gins {s['gins']}"
            f"  undercuts {s['undercuts']}"
            f"  decision ms median {dm['median']:.2f} p99 {dm['p99']:.2f} max {dm['max']:.1f}"
        )
        lines.append(text)
    turns = summary["turns_per_hand"]
    assert isinstance(turns, dict)
    lines.append(f"  turns a hand (draws, all seats): median {turns['median']:g}"
                 f" ({turns['median_per_player']:.2f} per player), mean {turns['mean']:.1f},"
                 f" 10th-90th percentile {turns['p10']:g}-{turns['p90']:g},"
                 f" over before every seat drew {100 * turns['before_all_played']:.0f}%")
    per_match = summary.get("hands_per_match")
    if isinstance(per_match, dict):
        lines.append(f"  hands a match: median {per_match['median']:g}, mean "
                     f"{per_match['mean']:.1f}, 10th-90th percentile {per_match['p10']:g}-"
                     f"{per_match['p90']:g}, over in one hand {100 * per_match['one_hand']:.0f}%")
    lines.append(f"  hands per second: {summary['hands_per_second']:.1f}"
                 f" ({summary['hands']} hands in {summary['seconds']:.1f} s)")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the tournament and print the result."""
    args = parse_args(argv)
    tournament = Tournament(
        preset=args.preset, lineup=tuple(args.lineup), players=args.players,
        count=args.hands if args.hands is not None else args.matches,
        hands_mode=args.hands is not None, seed=args.seed, options=args.options,
    )
    summary = run_tournament(tournament, jobs=args.jobs, progress=not args.quiet)
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        print(render(tournament, summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
