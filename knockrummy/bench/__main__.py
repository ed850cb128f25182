"""``python -m knockrummy.bench engine|ai|coach [--json] [--quick]``."""

from __future__ import annotations

import argparse
import json
import sys

from knockrummy.bench import ai, coach, engine, openspiel


def main(argv: list[str] | None = None) -> int:
    """Run a benchmark and print its figures."""
    parser = argparse.ArgumentParser(prog="python -m knockrummy.bench")
    parser.add_argument("what", choices=["engine", "ai", "coach"],
                        help="engine: solver and random-play speed (beside OpenSpiel's "
                             "where installed); "
                             "ai: computer players' decision times at every preset; "
                             "coach: hint, hand review and undo times")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--quick", action="store_true", help="a short run (for tests)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hands", type=int, default=60,
                        help="ai: hands per table (preset and player count)")
    parser.add_argument("--levels", default=None,
                        help="ai: comma-separated levels (default: easy, medium, hard, expert)")
    args = parser.parse_args(argv)
    if args.what == "ai":
        levels = args.levels.split(",") if args.levels else ai.LEVELS
        figures = ai.run(hands=2 if args.quick else args.hands, seed=args.seed, levels=levels)
        print(json.dumps(figures) if args.json else ai.report(figures))
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
