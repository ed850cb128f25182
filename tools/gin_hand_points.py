"""Measure what a won hand of two-player Gin scores, for ``knockrummy/ai/equity.py``.

Plays matches to 100 between two computer players (``hard`` by default) and prints how
many hands won scored 1-4 points, 5-9, 10-14 and so on, the tuple
:data:`knockrummy.ai.equity.HAND_POINTS` holds::

    python tools/gin_hand_points.py --matches 600 --first 0
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from knockrummy.ai import make_player  # noqa: E402
from knockrummy.ai.equity import BIN, HAND_POINTS  # noqa: E402
from knockrummy.engine.rules import PRESETS  # noqa: E402
from knockrummy.sim.play import play_match  # noqa: E402


def hand_points(level: str, matches: int, first: int) -> tuple[list[int], int]:
    """Hands won per points bin, and the dead hands, over ``matches`` matches (seeds
    100000 + ``first`` on)."""
    bins = [0] * len(HAND_POINTS)
    dead = 0
    for m in range(first, first + matches):
        players = [make_player(level, 7 * m + 1), make_player(level, 7 * m + 2)]
        for result in play_match(PRESETS["gin"], players, 100000 + m).results:
            points = max(result.points)
            if points == 0:
                dead += 1
            else:
                bins[min(points // BIN, len(bins) - 1)] += 1
    return bins, dead


def main(argv: Sequence[str] | None = None) -> int:
    """Print the measured bins."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="hard")
    parser.add_argument("--matches", type=int, default=600)
    parser.add_argument("--first", type=int, default=0)
    args = parser.parse_args(argv)
    bins, dead = hand_points(args.level, args.matches, args.first)
    print(f"{sum(bins)} hands won, {dead} dead")
    print("HAND_POINTS =", tuple(bins))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
