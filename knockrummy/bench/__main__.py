"""``python -m knockrummy.bench engine|ai|coach|storage|soak [--json] [--quick]``."""

from __future__ import annotations

import argparse
import json
import sys

from knockrummy.bench import ai, coach, engine, openspiel, soak, storage


def main(argv: list[str] | None = None) -> int:
    """Run a benchmark and print its figures."""
    parser = argparse.ArgumentParser(prog="python -m knockrummy.bench")
    parser.add_argument("what", choices=["engine", "ai", "coach", "storage", "soak"],
                        help="engine: solver and random-play speed (beside OpenSpiel's "
                             "where installed); "
                             "ai: computer players' decision times at every preset; "
                             "coach: hint, hand review and undo times; "
                             "storage: loading a 5,000-action hand and a 50,000-action "
                             "match; soak: two copies of the game playing on one folder")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--quick", action="store_true", help="a short run (for tests)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hands", type=int, default=60,
                        help="ai: hands per table (preset and player count)")
    parser.add_argument("--seconds", type=float, default=120.0,
                        help="soak: how long the two copies play")
    parser.add_argument("--home", default=None,
                        help="soak: the folder the two copies share (default: a new one)")
    parser.add_argument("--levels", default=None,
                        help="ai: comma-separated levels (default: easy, medium, hard, expert)")
    args = parser.parse_args(argv)
    if args.what == "soak":
        report = soak.run(seconds=5.0 if args.quick else args.seconds, home=args.home,
                          seed=args.seed)
        print(json.dumps(report) if args.json else soak.describe(report))
        return 0 if report["ok"] else 1
    if args.what == "ai":
        levels = args.levels.split(",") if args.levels else ai.LEVELS
        figures = ai.run(hands=2 if args.quick else args.hands, seed=args.seed, levels=levels)
        print(json.dumps(figures) if args.json else ai.report(figures))
        return 0
    if args.what == "storage":
        figures = storage.run(quick=args.quick, seed=args.seed)
        print(json.dumps(figures) if args.json else storage.report(figures))
        return 0
    if args.what == "engine":
        figures = engine.run(quick=args.quick, seed=args.seed)
        # beside OpenSpiel's C++ solver where it is installed (else a note)
        figures["openspiel"] = openspiel.compare(quick=args.quick, seed=args.seed)
        print(json.dumps(figures) if args.json
              else engine.report(figures) + "\n" + openspiel.report(figures["openspiel"]))
        return 0
    bench = coach if args.what == "coach" else engine
    figures = bench.run(quick=args.quick, seed=args.seed)
    print(json.dumps(figures) if args.json else bench.report(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
