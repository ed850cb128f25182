"""``python -m knockrummy.bench engine|coach [--json] [--quick]``."""

from __future__ import annotations

import argparse
import json
import sys

from knockrummy.bench import coach, engine


def main(argv: list[str] | None = None) -> int:
    """Run a benchmark and print its figures."""
    parser = argparse.ArgumentParser(prog="python -m knockrummy.bench")
    parser.add_argument("what", choices=["engine", "coach"], help="what to measure")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--quick", action="store_true", help="a short run (for tests)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    bench = coach if args.what == "coach" else engine
    figures = bench.run(quick=args.quick, seed=args.seed)
    print(json.dumps(figures) if args.json else bench.report(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
