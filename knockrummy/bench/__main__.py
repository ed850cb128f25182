"""``python -m knockrummy.bench engine|ai|coach [--json] [--quick]``."""

from __future__ import annotations

import argparse
import json
import sys

from knockrummy.bench import ai, coach, engine


def main(argv: list[str] | None = None) -> int:
    """Run a benchmark and print its figures."""
    parser = argparse.ArgumentParser(prog="python -m knockrummy.bench")
    parser.add_argument("what", choices=["engine", "ai", "coach"],
                        help="engine: solver and random-play speed; "
                             "ai: computer players' decision times at every preset; "
                             "coach: hint, hand review and undo times")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--quick", action="store_true", help="a short run (for tests)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hands", type=int, default=60,
                        help="ai: hands per table (preset and player count)")
    args = parser.parse_args(argv)
    if args.what == "ai":
        figures = ai.run(hands=2 if args.quick else args.hands, seed=args.seed)
        print(json.dumps(figures) if args.json else ai.report(figures))
        return 0
    bench = coach if args.what == "coach" else engine
    figures = bench.run(quick=args.quick, seed=args.seed)
    print(json.dumps(figures) if args.json else bench.report(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
