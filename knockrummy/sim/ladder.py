"""``python -m knockrummy.sim.ladder``: every level against every other, on the same deals.

A round robin per preset: for every pair of entrants (A, B), each deal is played
once with A in every seat of the table and B in all the others, so both sides
get the same cards (duplicate play: the luck of the deal cancels within a deal).
Per pair it reports A's points a hand over the table (A's points less the
average of the other seats'; in Gin for 3-4, whose points are penalties, the
others' average less A's, so that above zero is always better), with a 95%
interval over deals, and, with
``--matches``, A's share of matches won with its interval; the figure for B
against A is the same with the sign turned.

Entrants are levels, kept variants and ``+field=value`` overrides
(:mod:`knockrummy.sim.variants`); by default every level and the kept
``medium@eager`` (``hard@eager`` plays exactly as ``hard`` outside Knock Rummy's
options, which ``hard`` keeps off, so it is left out).

Examples::

    python -m knockrummy.sim.ladder --hands 200                       # every preset
    python -m knockrummy.sim.ladder --preset gin --hands 400 --markdown docs/LADDER.md \\
        --svg docs/ladder.svg
    python -m knockrummy.sim.ladder --preset gin --entrants expert,hard --matches 1000

The ``expected`` order (weakest first: ``easy``, ``simple``, ``medium@eager``,
``medium``, ``hard``, ``expert``) is what the levels are meant to be; a pair
where the entrant meant to be stronger loses with its whole interval below zero
is printed as a finding.

>>> pairs(["a", "b", "c"])
[('a', 'b'), ('a', 'c'), ('b', 'c')]
"""

from __future__ import annotations

import argparse
import html
import json
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from knockrummy.engine.rules import PRESETS, GameEnd
from knockrummy.sim.play import Outcome, SeatLog, play_hand, play_match
from knockrummy.sim.stats import mean_ci, percentile
from knockrummy.sim.variants import known, make_seat

#: entrants by default, in the order they are meant to be in, weakest first
EXPECTED = ("easy", "simple", "medium@eager", "medium", "hard", "expert")


def pairs(entrants: Sequence[str]) -> list[tuple[str, str]]:
    """Every unordered pair, in entrant order."""
    return [(a, b) for i, a in enumerate(entrants) for b in entrants[i + 1:]]


def strength(name: str) -> int | None:
    """The place of ``name`` in :data:`EXPECTED` (None for other entrants)."""
    return EXPECTED.index(name) if name in EXPECTED else None


@dataclass
class PairResult:
    """A against B over ``deals`` deals, A in every seat of each."""

    a: str
    b: str
    #: per deal: A's points a hand over the table, averaged over A's seats
    over: list[float] = field(default_factory=list)
    #: per deal (matches only): A's share of the matches won
    wins: list[float] = field(default_factory=list)
    hands: int = 0
    times_a: list[float] = field(default_factory=list)
    times_b: list[float] = field(default_factory=list)

    def summary(self) -> dict[str, Any]:
        """JSON-ready figures."""
        mean, low, high = mean_ci(self.over)
        times_a = sorted(self.times_a)
        out: dict[str, Any] = {
            "a": self.a, "b": self.b, "deals": len(self.over), "hands": self.hands,
            "over_table": mean, "over_table_ci95": [low, high],
            "a_decision_ms": {"median": 1000 * percentile(times_a, 0.5),
                              "p99": 1000 * percentile(times_a, 0.99),
                              "max": 1000 * (times_a[-1] if times_a else 0.0),
                              "count": len(times_a)},
            "per_deal": {"over_table": self.over, "wins": self.wins},
        }
        if self.wins:
            w, wl, wh = mean_ci(self.wins)
            out["match_win_rate"] = w
            out["match_win_ci95"] = [max(0.0, wl), min(1.0, wh)]
        return out


def seat_seed(seed: int, deal: int, seat: int, name: str) -> int:
    """The seed of the player in ``seat`` for ``deal`` (the same for every seating)."""
    return random.Random(f"ladder:{seed}:{deal}:{seat}:{name}").getrandbits(48)


def play_pair(preset: str, players: int, a: str, b: str, deals: int, seed: int,
              matches: bool = False, progress: bool = False, first: int = 0) -> PairResult:
    """Play ``deals`` deals of A against B (see the module docstring), numbered from
    ``first`` (so a long run can be split into parts and merged)."""
    rules = PRESETS[preset]
    # Gin for 3-4 scores penalty points: fewer is better, so the sign is turned
    sign = -1.0 if rules.game_end is GameEnd.PENALTY else 1.0
    result = PairResult(a, b)
    started = time.perf_counter()
    for deal in range(first, first + deals):
        deal_seed = seed * 1_000_003 + deal
        overs: list[float] = []
        wins: list[float] = []
        for seat_a in range(players):
            names = [b] * players
            names[seat_a] = a
            lineup = [make_seat(n, seat_seed(seed, deal, s, n)) for s, n in enumerate(names)]
            logs = [SeatLog() for _ in range(players)]
            outcome: Outcome
            if matches:
                outcome = play_match(rules, lineup, deal_seed, logs)
                wins.append(1 / len(outcome.winners) if seat_a in outcome.winners else 0.0)
            else:
                outcome = play_hand(rules, lineup, deal % players, deal_seed, logs)
            total = 0.0
            for hand in outcome.results:
                points = hand.points
                others = [p for s, p in enumerate(points) if s != seat_a]
                total += sign * (points[seat_a] - sum(others) / len(others))
            result.hands += len(outcome.results)
            overs.append(total / max(1, len(outcome.results)))
            result.times_a.extend(logs[seat_a].times)
            for s in range(players):
                if s != seat_a:
                    result.times_b.extend(logs[s].times)
        result.over.append(sum(overs) / len(overs))
        if matches:
            result.wins.append(sum(wins) / len(wins))
        if progress:
            elapsed = time.perf_counter() - started
            sys.stderr.write(f"\r  {preset} {a} v {b}: {deal + 1 - first}/{deals} deals, "
                             f"{elapsed:5.0f}s")
            sys.stderr.flush()
    if progress:
        sys.stderr.write("\n")
    return result


def run(presets: Sequence[str], entrants: Sequence[str], deals: int, seed: int,
        players: int | None = None, matches: bool = False,
        progress: bool = False, first: int = 0) -> dict[str, Any]:
    """The round robin at every preset; JSON-ready."""
    out: dict[str, Any] = {"seed": seed, "deals": deals, "mode": "matches" if matches else "hands",
                           "first": first, "entrants": list(entrants), "presets": {}}
    for preset in presets:
        table = players or PRESETS[preset].min_players
        results = [play_pair(preset, table, a, b, deals, seed, matches, progress, first)
                   for a, b in pairs(entrants)]
        out["presets"][preset] = {"players": table,
                                  "pairs": [r.summary() for r in results]}
    out["findings"] = findings(out)
    return out


def merge(parts: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Runs of the same entrants as one run: a preset played in several runs (a long run
    split with ``--first``) has its deals put together and its figures worked out again;
    presets played in different runs (Gin at 20 deals, the others at 30) sit side by
    side. Decision times are kept per part (a 99th percentile cannot be merged): the
    merged pair gives the largest median, 99th percentile and maximum of its parts.

    >>> one = {"seed": 1, "deals": 2, "mode": "hands", "first": 0, "entrants": ["a", "b"],
    ...        "presets": {"gin": {"players": 2, "pairs": [{"a": "a", "b": "b", "hands": 4,
    ...        "a_decision_ms": {"median": 1, "p99": 2, "max": 3, "count": 9},
    ...        "per_deal": {"over_table": [1.0, 3.0], "wins": []}}]}}}
    >>> two = json.loads(json.dumps(one)); two["first"] = 2
    >>> pair = merge([one, two])["presets"]["gin"]["pairs"][0]
    >>> pair["deals"], pair["hands"], pair["over_table"], pair["a_decision_ms"]["count"]
    (4, 8, 2.0, 18)
    """
    if not parts:
        raise ValueError("nothing to merge")
    first = parts[0]
    if any(p["entrants"] != first["entrants"] for p in parts):
        raise ValueError("the runs have different entrants")
    out: dict[str, Any] = {"seed": first["seed"], "mode": first["mode"],
                           "first": min(p["first"] for p in parts),
                           "entrants": list(first["entrants"]), "presets": {}}
    for part in parts:
        for preset in part["presets"]:
            if preset in out["presets"]:
                continue
            runs = [p["presets"][preset] for p in parts if preset in p["presets"]]
            out["presets"][preset] = {"players": runs[0]["players"],
                                      "pairs": _merged_pairs(preset, runs)}
    counts = sorted({_deals(summary) for summary in out["presets"].values()})
    out["deals"] = (str(counts[0]) if len(counts) == 1
                    else f"{counts[0]}-{counts[-1]}")
    out["findings"] = findings(out)
    return out


def _merged_pairs(preset: str, runs: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """One preset's pairs, each with the deals of every run put together."""
    merged = []
    for index, pair in enumerate(runs[0]["pairs"]):
        result = PairResult(pair["a"], pair["b"])
        times: list[dict[str, float]] = []
        for run in runs:
            other = run["pairs"][index]
            if (other["a"], other["b"]) != (pair["a"], pair["b"]):
                raise ValueError(f"the runs play different pairs in {preset}")
            result.over.extend(other["per_deal"]["over_table"])
            result.wins.extend(other["per_deal"]["wins"])
            result.hands += other["hands"]
            times.append(other["a_decision_ms"])
        figures = result.summary()
        figures["a_decision_ms"] = {key: max(t[key] for t in times)
                                    for key in ("median", "p99", "max")}
        figures["a_decision_ms"]["count"] = sum(t["count"] for t in times)
        figures["parts"] = len(runs)
        merged.append(figures)
    return merged


def cell(summary: dict[str, Any], row: str, col: str) -> tuple[float, float, float] | None:
    """Row's points a hand over the table against col, with its interval."""
    for p in summary["pairs"]:
        if p["a"] == row and p["b"] == col:
            lo, hi = p["over_table_ci95"]
            return p["over_table"], lo, hi
        if p["a"] == col and p["b"] == row:
            lo, hi = p["over_table_ci95"]
            return -p["over_table"], -hi, -lo
    return None


def findings(figures: dict[str, Any]) -> list[str]:
    """Pairs where the entrant meant to be stronger loses, its whole interval below 0."""
    out = []
    for preset, summary in figures["presets"].items():
        for p in summary["pairs"]:
            sa, sb = strength(p["a"]), strength(p["b"])
            if sa is None or sb is None:
                continue
            stronger, weaker = (p["a"], p["b"]) if sa > sb else (p["b"], p["a"])
            value = cell(summary, stronger, weaker)
            if value is not None and value[2] < 0:
                out.append(f"{preset}: {stronger} loses to {weaker}: {value[0]:+.2f} a hand "
                           f"[{value[1]:+.2f}, {value[2]:+.2f}]")
    return out


def render(figures: dict[str, Any]) -> str:
    """Plain-text tables: per preset, row's points a hand over the table against column."""
    entrants = figures["entrants"]
    lines = [f"Round robin, {figures['deals']} deals a pair ({figures['mode']}), every entrant "
             f"in every seat of each deal, seed {figures['seed']}: row's points a hand over "
             f"the table against column, 95% interval"]
    width = 22
    for preset, summary in figures["presets"].items():
        lines.append("")
        lines.append(f"{preset} ({summary['players']} players, {_deals(summary)} deals a pair)")
        lines.append(" " * 14 + "".join(f"{e:>{width}}" for e in entrants))
        for row in entrants:
            cells = []
            for col in entrants:
                value = cell(summary, row, col)
                cells.append("-" if value is None else
                             f"{_signed(value[0])} [{_signed(value[1])},{_signed(value[2])}]")
            lines.append(f"{row:<14}" + "".join(f"{c:>{width}}" for c in cells))
        for p in summary["pairs"]:
            if "match_win_rate" in p:
                lo, hi = p["match_win_ci95"]
                rate = 100 * p["match_win_rate"]
                lines.append(f"  {p['a']} v {p['b']}: {p['a']} wins {rate:.1f}%"
                             f" of matches [{100 * lo:.1f}, {100 * hi:.1f}]")
    lines.append("")
    lines.append("Findings: " + ("; ".join(figures["findings"]) or "none"))
    return "\n".join(lines)


def markdown(figures: dict[str, Any]) -> str:
    """The tables in Markdown, for docs/."""
    entrants = figures["entrants"]
    out = [f"Round robin: {figures['deals']} deals a pair ({figures['mode']}), each entrant in "
           f"every seat of each deal, seed {figures['seed']}. Each cell: the row's points a hand "
           f"over the table against the column, with its 95% interval.", ""]
    for preset, summary in figures["presets"].items():
        out.append(f"**{preset}** ({summary['players']} players, {_deals(summary)} deals a pair)")
        out.append("")
        out.append("| | " + " | ".join(f"`{e}`" for e in entrants) + " |")
        out.append("|---" * (len(entrants) + 1) + "|")
        for row in entrants:
            cells = []
            for col in entrants:
                value = cell(summary, row, col)
                cells.append("" if value is None else
                             f"{_signed(value[0])} [{_signed(value[1])}, {_signed(value[2])}]")
            out.append(f"| `{row}` | " + " | ".join(cells) + " |")
        out.append("")
    out.append("Findings: " + ("; ".join(figures["findings"]) or "none") + ".")
    return "\n".join(out) + "\n"


def svg(figures: dict[str, Any]) -> str:
    """A chart: per preset, a grid coloured by the row's points against the column
    (green: row ahead, red: behind, pale: the interval spans 0)."""
    entrants = figures["entrants"]
    n = len(entrants)
    size, label, gap = 54, 96, 40
    block = label + n * size
    cols = min(3, len(figures["presets"]))
    rows = (len(figures["presets"]) + cols - 1) // cols
    width = cols * (block + gap) + gap
    height = rows * (block + gap + 30) + 60
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'font-family="sans-serif" font-size="11">',
             f'<rect width="{width}" height="{height}" fill="white"/>',
             f'<text x="{gap}" y="24" font-size="15">Round robin: row\'s points a hand over the '
             f'table against column (each pair on the same deals)</text>']
    for k, (preset, summary) in enumerate(figures["presets"].items()):
        x0 = gap + (k % cols) * (block + gap)
        y0 = 60 + (k // cols) * (block + gap + 30)
        parts.append(f'<text x="{x0}" y="{y0}" font-size="13" font-weight="bold">'
                     f'{html.escape(preset)} ({summary["players"]} players, '
                     f'{_deals(summary)} deals)</text>')
        for j, col in enumerate(entrants):
            parts.append(f'<text x="{x0 + label + j * size + size / 2}" y="{y0 + 16}" '
                         f'text-anchor="middle" font-size="{9 if len(col) > 8 else 11}">'
                         f'{html.escape(col)}</text>')
        for i, row in enumerate(entrants):
            y = y0 + 22 + i * size
            parts.append(f'<text x="{x0 + label - 6}" y="{y + size / 2 + 4}" '
                         f'text-anchor="end">{html.escape(row)}</text>')
            for j, col in enumerate(entrants):
                x = x0 + label + j * size
                value = cell(summary, row, col)
                fill = "#eeeeee"
                text = ""
                if value is not None:
                    mean, lo, hi = value
                    strength_ = min(1.0, abs(mean) / 10.0)
                    sure = lo > 0 or hi < 0
                    share = 0.25 + 0.75 * strength_ if sure else 0.15
                    text = _signed(mean)
                    if text != "0.0":
                        fill = _tint((46, 160, 67) if mean > 0 else (214, 39, 40), share)
                parts.append(f'<rect x="{x}" y="{y}" width="{size - 2}" height="{size - 2}" '
                             f'fill="{fill}"/>')
                if text:
                    parts.append(f'<text x="{x + size / 2 - 1}" y="{y + size / 2 + 4}" '
                                 f'text-anchor="middle">{text}</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _tint(rgb: tuple[int, int, int], share: float) -> str:
    """``rgb`` mixed with white, ``share`` of the colour (0 to 1), as ``#rrggbb``.

    >>> _tint((214, 39, 40), 1.0), _tint((0, 0, 0), 0.5)
    ('#d62728', '#808080')
    """
    r, g, b = (round(255 - (255 - c) * share) for c in rgb)
    return f"#{r:02x}{g:02x}{b:02x}"


def _deals(summary: dict[str, Any]) -> int:
    """Deals a pair at one preset (the same for every pair of a run)."""
    return int(summary["pairs"][0]["deals"]) if summary["pairs"] else 0


def _signed(value: float) -> str:
    """``+1.2``, ``-0.4``, and ``0.0`` for anything that rounds to zero.

    >>> _signed(-0.04), _signed(2.25)
    ('0.0', '+2.2')
    """
    text = f"{value:+.1f}"
    return "0.0" if text in ("+0.0", "-0.0") else text


def write_docs(figures: dict[str, Any], markdown_file: str | None, svg_file: str | None) -> None:
    """Write the Markdown tables and the chart, where asked."""
    if markdown_file:
        with open(markdown_file, "w", encoding="utf-8") as fh:
            fh.write(markdown(figures))
    if svg_file:
        with open(svg_file, "w", encoding="utf-8") as fh:
            fh.write(svg(figures))


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the command line, run, print (and write the Markdown and SVG if asked)."""
    parser = argparse.ArgumentParser(prog="python -m knockrummy.sim.ladder", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--preset", action="append", choices=sorted(PRESETS),
                        help="a preset (repeat for several; default: every preset)")
    parser.add_argument("--entrants", default=",".join(EXPECTED),
                        help="comma-separated players (default: %(default)s)")
    parser.add_argument("--players", type=int, default=None,
                        help="players at the table (default: each preset's fewest)")
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--hands", type=int, default=None, help="single-hand deals a pair")
    group.add_argument("--matches", type=int, default=None, help="whole-match deals a pair")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--first", type=int, default=0,
                        help="number of the first deal (to split a long run into parts)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--markdown", help="also write the tables to this Markdown file")
    parser.add_argument("--svg", help="also write the chart to this SVG file")
    parser.add_argument("--quiet", action="store_true", help="no progress lines")
    parser.add_argument("--merge", nargs="+", metavar="JSON",
                        help="put together the --json output of runs (parts split with "
                             "--first, or other presets) and show them as one run, with "
                             "--markdown and --svg as asked (nothing is played)")
    args = parser.parse_args(argv)
    if args.merge:
        parts = []
        for name in args.merge:
            with open(name, encoding="utf-8") as fh:
                parts.append(json.load(fh))
        try:
            merged = merge(parts)
        except (KeyError, IndexError, ValueError) as err:
            parser.error(f"cannot merge these files: {err}")
        write_docs(merged, args.markdown, args.svg)
        print(json.dumps(merged, indent=2) if args.json else render(merged))
        return 0
    entrants = [e.strip() for e in args.entrants.split(",") if e.strip()]
    if len(entrants) < 2:
        parser.error("--entrants needs two players at least")
    for name in entrants:
        if not known(name):
            parser.error(f"unknown player {name!r}")
    presets = args.preset or list(PRESETS)
    if args.players is not None:
        for key in presets:
            try:
                PRESETS[key].check_players(args.players)
            except ValueError as err:
                parser.error(str(err))
    matches = args.matches is not None
    deals = args.matches if matches else (args.hands or 100)
    if deals < 2:
        parser.error("play two deals a pair at least (an interval needs two)")
    figures = run(presets, entrants, deals, args.seed, args.players, matches,
                  progress=not args.quiet, first=args.first)
    write_docs(figures, args.markdown, args.svg)
    print(json.dumps(figures, indent=2) if args.json else render(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
