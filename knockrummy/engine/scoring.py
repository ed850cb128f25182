"""Scoring a finished hand, one function per family, each explained in words.

All functions take the final counts (deadwood or hand value per seat) and who
ended the hand, and return a :class:`HandResult`.
"""

from __future__ import annotations

from collections.abc import Sequence

from knockrummy.engine.rules import Rules
from knockrummy.engine.state import HandResult
from knockrummy.engine.words import does, possessive


def _order_from(seat: int, players: int) -> list[int]:
    """Seats in turn order starting left of ``seat``."""
    return [(seat + i) % players for i in range(1, players + 1)]


def score_knock_rummy(
    rules: Rules, names: Sequence[str], counts: Sequence[int], knocker: int, kind: str
) -> HandResult:
    """Knock Rummy, zero-sum: the lowest count takes the difference from each other player.

    Rum (a winner at 0) takes ``rum_bonus`` more from each; a knocker who is not
    lowest pays ``knock_penalty`` more; a knocker tied for lowest neither pays nor
    receives; tied non-knockers split, odd points going in turn order from the
    knocker's left. ``kind`` "lay_down" (Hoyle: all cards laid down without a
    discard) is going out, not a knock: that player wins even if another player
    also has no unmatched cards.
    """
    players = len(counts)
    low = min(counts)
    lowest = [s for s in _order_from(knocker, players) if counts[s] == low]
    went_out = kind == "lay_down"
    knocker_tied = knocker in lowest and len(lowest) > 1 and not went_out
    if went_out:
        lowest = [knocker]
    winners = [s for s in lowest if not (knocker_tied and s == knocker)]
    rum = low == 0
    points = [0] * players
    lines: list[str] = []
    pool = 0
    for seat in range(players):
        if seat in winners or (knocker_tied and seat == knocker):
            continue
        pay = counts[seat] - low
        parts = [f"{counts[seat]} - {low} = {pay}"]
        if rum:
            pay += rules.rum_bonus
            parts.append(f"rum {rules.rum_bonus}")
        if seat == knocker and knocker not in lowest:
            pay += rules.knock_penalty
            parts.append(f"knock penalty {rules.knock_penalty}")
        points[seat] -= pay
        pool += pay
        lines.append(does(names[seat], f"pays {pay}: ") + " + ".join(parts))
    share, spare = divmod(pool, len(winners))
    for i, seat in enumerate(winners):
        points[seat] += share + (1 if i < spare else 0)
    if knocker_tied:
        lines.insert(0, f"{names[knocker]} knocked and tied for lowest: nothing paid or won")
    who = " and ".join(names[s] for s in winners)
    verb = "split" if len(winners) > 1 else "takes"
    title = "Rum" if rum else "Lowest count"
    lines.insert(0, f"{title}: {who} ({low}) {verb} {pool}")
    if len(winners) > 1 and spare:
        lines.append(f"Odd points go first to {names[winners[0]]}")
    # a knocker tied for lowest is not undercut: they pay no penalty (the others still pay
    # the lowest), so the hand is an ordinary knock, not an "Undercut!"
    undercut = winners != [knocker] and not knocker_tied
    outcome = "rum" if rum else ("undercut" if undercut else "knock")
    return HandResult(
        outcome=outcome,
        winners=tuple(winners),
        points=tuple(points),
        counts=tuple(counts),
        lines=tuple(lines),
        knocker=knocker,
    )


def score_gin(
    rules: Rules, names: Sequence[str], counts: Sequence[int], knocker: int, kind: str
) -> HandResult:
    """Two-player Gin: knock points, gin and big gin bonuses, undercuts."""
    defender = 1 - knocker
    k, d = counts[knocker], counts[defender]
    points = [0, 0]
    if kind in ("gin", "big_gin"):
        bonus = rules.gin_bonus if kind == "gin" else (rules.big_gin_bonus or 0)
        label = "Gin" if kind == "gin" else "Big gin"
        points[knocker] = d + bonus
        lines = [f"{label}: " + does(names[knocker], f"scores {bonus} + {d} = {d + bonus}")]
        winner, outcome = knocker, kind
    elif d < k or (rules.undercut_on_tie and d == k):
        points[defender] = (k - d) + rules.undercut_bonus
        lines = [
            "Undercut: " + does(names[defender], f"has {d}, ")
            + f"{names[knocker]} knocked with {k}",
            f"Undercut: {rules.undercut_bonus} + {k - d} = {points[defender]}",
        ]
        winner, outcome = defender, "undercut"
    else:
        points[knocker] = d - k
        lines = [f"Knock: {d} - {k} = {d - k} to {names[knocker]}"]
        winner, outcome = knocker, "knock"
    return HandResult(outcome, (winner,), tuple(points), tuple(counts), tuple(lines), knocker)


def score_gin_multi(
    rules: Rules, names: Sequence[str], counts: Sequence[int], knocker: int, kind: str
) -> HandResult:
    """Gin for 3-4: penalty points for each defeated player (lower is better)."""
    players = len(counts)
    k = counts[knocker]
    points = [0] * players
    lines: list[str] = []
    opponents = [s for s in _order_from(knocker, players) if s != knocker]
    if kind == "gin":
        for s in opponents:
            points[s] = counts[s] + rules.gin_bonus
            lines.append(f"{names[s]}: {counts[s]} + {rules.gin_bonus} = {points[s]} penalty")
        lines.insert(0, "Gin: " + does(names[knocker], "goes out with no deadwood"))
        return HandResult("gin", (knocker,), tuple(points), tuple(counts), tuple(lines), knocker)
    under = [s for s in opponents if counts[s] < k]
    if not under:
        for s in opponents:
            points[s] = counts[s] - k
            lines.append(f"{names[s]}: {counts[s]} - {k} = {points[s]} penalty")
        lines.insert(0, f"Knock: {names[knocker]} knocked with {k}")
        return HandResult("knock", (knocker,), tuple(points), tuple(counts), tuple(lines), knocker)
    low = min(counts[s] for s in under)
    winner = next(s for s in under if counts[s] == low)
    lines.append("Undercut: " + does(names[winner], f"has {low}, lower than ")
                 + f"{possessive(names[knocker])} {k}")
    for s in _order_from(knocker, players):
        if s == winner:
            continue
        points[s] = counts[s] - low
        if s == knocker:
            points[s] += rules.undercut_bonus
            lines.append(
                f"{names[s]}: {counts[s]} - {low} + {rules.undercut_bonus} = {points[s]} penalty"
            )
        else:
            lines.append(f"{names[s]}: {counts[s]} - {low} = {points[s]} penalty")
    return HandResult("undercut", (winner,), tuple(points), tuple(counts), tuple(lines), knocker)


def score_rummy_out(
    rules: Rules, names: Sequence[str], counts: Sequence[int], winner: int, rummy: bool
) -> HandResult:
    """Rummy, going out: the winner scores the value of every other hand (doubled for rummy)."""
    total = sum(c for s, c in enumerate(counts) if s != winner)
    points = [0] * len(counts)
    lines = [
        does(names[s], f"holds {counts[s]}") for s in range(len(counts)) if s != winner
    ]
    doubled = rummy and rules.rummy_doubles
    points[winner] = total * 2 if doubled else total
    if doubled:
        lines.append(f"Rummy! {names[winner]} went out in one turn: {total} x 2 = {total * 2}")
        outcome = "rummy"
    else:
        lines.append(does(names[winner], f"scores {total} for going out"))
        outcome = "out"
    return HandResult(outcome, (winner,), tuple(points), tuple(counts), tuple(lines))


def score_rummy_exhausted(
    rules: Rules, names: Sequence[str], counts: Sequence[int], first: int
) -> HandResult:
    """Rummy, stock exhausted for the last time: the lowest hand value scores the
    differences. Ties go to the first in turn order from ``first``."""
    players = len(counts)
    order = [(first + i) % players for i in range(players)]
    low = min(counts)
    winner = next(s for s in order if counts[s] == low)
    points = [0] * players
    parts = []
    for s in range(players):
        if s != winner:
            parts.append(counts[s] - low)
    points[winner] = sum(parts)
    lines = ["Stock exhausted: " + does(names[winner], f"has the lowest hand, {low}")]
    lines += [f"{names[s]}: {counts[s]} - {low} = {counts[s] - low}" for s in range(players)
              if s != winner]
    lines.append(does(names[winner], f"scores {' + '.join(map(str, parts))} = {points[winner]}"))
    return HandResult("exhausted", (winner,), tuple(points), tuple(counts), tuple(lines))


def void_result(players: int, reason: str) -> HandResult:
    """A hand that scores nothing."""
    zeros = tuple([0] * players)
    return HandResult("void", (), zeros, zeros, (reason,))
