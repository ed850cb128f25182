"""Scoring a finished hand, one function per family, each explained line by line.

All functions take the final counts (deadwood or hand value per seat) and who
ended the hand, and return a :class:`HandResult`. Its ``notes`` explain the score as
codes and values (:class:`Note`; :mod:`knockrummy.words.scores` makes the player's
words); its ``lines`` are their English developer text (the match record's score lines).
"""

from __future__ import annotations

from collections.abc import Sequence

from knockrummy.engine.codes import Note
from knockrummy.engine.english import note_text
from knockrummy.engine.rules import Rules
from knockrummy.engine.state import HandResult


def _result(outcome: str, winners: Sequence[int], points: Sequence[int],
            counts: Sequence[int], notes: Sequence[Note], names: Sequence[str],
            knocker: int | None = None) -> HandResult:
    """The result, its lines the English of its notes."""
    return HandResult(outcome, tuple(winners), tuple(points), tuple(counts),
                      tuple(note_text(n, names) for n in notes), knocker, tuple(notes))


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
    lines: list[Note] = []
    pool = 0
    for seat in range(players):
        if seat in winners or (knocker_tied and seat == knocker):
            continue
        diff = pay = counts[seat] - low
        rum_bonus = penalty = None
        if rum:
            pay += rules.rum_bonus
            rum_bonus = rules.rum_bonus
        if seat == knocker and knocker not in lowest:
            pay += rules.knock_penalty
            penalty = rules.knock_penalty
        points[seat] -= pay
        pool += pay
        lines.append(Note.of("pays", seat=seat, pay=pay, count=counts[seat], low=low,
                             diff=diff, rum=rum_bonus, penalty=penalty))
    share, spare = divmod(pool, len(winners))
    for i, seat in enumerate(winners):
        points[seat] += share + (1 if i < spare else 0)
    if knocker_tied:
        lines.insert(0, Note.of("knocker_tied", seat=knocker))
    lines.insert(0, Note.of("rum_takes" if rum else "lowest_takes", seats=tuple(winners),
                            low=low, pool=pool))
    if len(winners) > 1 and spare:
        lines.append(Note.of("odd_points", seat=winners[0]))
    # a knocker tied for lowest is not undercut: they pay no penalty (the others still pay
    # the lowest), so the hand is an ordinary knock, not an "Undercut!"
    undercut = winners != [knocker] and not knocker_tied
    outcome = "rum" if rum else ("undercut" if undercut else "knock")
    return _result(outcome, winners, points, counts, lines, names, knocker)


def score_gin(
    rules: Rules, names: Sequence[str], counts: Sequence[int], knocker: int, kind: str
) -> HandResult:
    """Two-player Gin: knock points, gin and big gin bonuses, undercuts."""
    defender = 1 - knocker
    k, d = counts[knocker], counts[defender]
    points = [0, 0]
    if kind in ("gin", "big_gin"):
        bonus = rules.gin_bonus if kind == "gin" else (rules.big_gin_bonus or 0)
        code = "gin_scores" if kind == "gin" else "big_gin_scores"
        points[knocker] = d + bonus
        lines = [Note.of(code, seat=knocker, bonus=bonus, count=d, points=d + bonus)]
        winner, outcome = knocker, kind
    elif d < k or (rules.undercut_on_tie and d == k):
        points[defender] = (k - d) + rules.undercut_bonus
        lines = [
            Note.of("undercut_has", seat=defender, count=d, knocker=knocker, knocked=k),
            Note.of("undercut_points", bonus=rules.undercut_bonus, diff=k - d,
                    points=points[defender]),
        ]
        winner, outcome = defender, "undercut"
    else:
        points[knocker] = d - k
        lines = [Note.of("knock_points", count=d, knocked=k, points=d - k, seat=knocker)]
        winner, outcome = knocker, "knock"
    return _result(outcome, (winner,), points, counts, lines, names, knocker)


def score_gin_multi(
    rules: Rules, names: Sequence[str], counts: Sequence[int], knocker: int, kind: str
) -> HandResult:
    """Gin for 3-4: penalty points for each defeated player (lower is better)."""
    players = len(counts)
    k = counts[knocker]
    points = [0] * players
    lines: list[Note] = []
    opponents = [s for s in _order_from(knocker, players) if s != knocker]
    if kind == "gin":
        for s in opponents:
            points[s] = counts[s] + rules.gin_bonus
            lines.append(Note.of("gin_penalty", seat=s, count=counts[s], bonus=rules.gin_bonus,
                                 points=points[s]))
        lines.insert(0, Note.of("gin_out", seat=knocker))
        return _result("gin", (knocker,), points, counts, lines, names, knocker)
    under = [s for s in opponents if counts[s] < k]
    if not under:
        for s in opponents:
            points[s] = counts[s] - k
            lines.append(Note.of("penalty", seat=s, count=counts[s], low=k, points=points[s]))
        lines.insert(0, Note.of("knock_with", seat=knocker, knocked=k))
        return _result("knock", (knocker,), points, counts, lines, names, knocker)
    low = min(counts[s] for s in under)
    winner = next(s for s in under if counts[s] == low)
    lines.append(Note.of("undercut_lower", seat=winner, count=low, knocker=knocker,
                         knocked=k))
    for s in _order_from(knocker, players):
        if s == winner:
            continue
        points[s] = counts[s] - low
        if s == knocker:
            points[s] += rules.undercut_bonus
            lines.append(Note.of("knocker_penalty", seat=s, count=counts[s], low=low,
                                 bonus=rules.undercut_bonus, points=points[s]))
        else:
            lines.append(Note.of("penalty", seat=s, count=counts[s], low=low, points=points[s]))
    return _result("undercut", (winner,), points, counts, lines, names, knocker)


def score_rummy_out(
    rules: Rules, names: Sequence[str], counts: Sequence[int], winner: int, rummy: bool
) -> HandResult:
    """Rummy, going out: the winner scores the value of every other hand (doubled for rummy)."""
    total = sum(c for s, c in enumerate(counts) if s != winner)
    points = [0] * len(counts)
    lines = [Note.of("holds", seat=s, count=counts[s]) for s in range(len(counts)) if s != winner]
    doubled = rummy and rules.rummy_doubles
    points[winner] = total * 2 if doubled else total
    if doubled:
        lines.append(Note.of("rummy_doubled", seat=winner, total=total, points=total * 2))
        outcome = "rummy"
    else:
        lines.append(Note.of("scores_going_out", seat=winner, total=total))
        outcome = "out"
    return _result(outcome, (winner,), points, counts, lines, names)


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
    lines = [Note.of("exhausted_lowest", seat=winner, low=low)]
    lines += [Note.of("exhausted_diff", seat=s, count=counts[s], low=low, diff=counts[s] - low)
              for s in range(players) if s != winner]
    lines.append(Note.of("exhausted_scores", seat=winner, parts=tuple(parts),
                         points=points[winner]))
    return _result("exhausted", (winner,), points, counts, lines, names)


def void_result(players: int, reason: Note) -> HandResult:
    """A hand that scores nothing, and why."""
    zeros = [0] * players
    return _result("void", (), zeros, zeros, (reason,), ())
