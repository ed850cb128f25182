"""What happened since a seat last played, in words, from the hand's public log.

The hand-off screen shows it to the human taking the screen, who did not watch
the turns in between (only public facts: the log never holds a card drawn
face down from the stock). The table's "last moves" list says the same facts one
turn a line, with cards as players write them (:func:`last_moves`).

>>> from knockrummy.engine import Card
>>> from knockrummy.engine.state import LogEntry
>>> log = (LogEntry(0, "discard", Card.parse("7H")), LogEntry(1, "draw_stock", None),
...        LogEntry(1, "discard", Card.parse("KS")), LogEntry(2, "draw_discard", Card.parse("KS")))
>>> since_last_turn(log, seat=0, names=("Ann", "Bob", "Cy"))
['Bob drew from the stock', 'Bob discarded the king of spades', 'Cy took the king of spades']
>>> last_moves(log, names=("Ann", "Bob", "Cy"))
['Ann threw 7♥', 'Bob drew from the stock, threw K♠', 'Cy took K♠ from the pile']
"""

from __future__ import annotations

from collections.abc import Sequence

from knockrummy.engine import PlayerView
from knockrummy.engine.cards import cards_label
from knockrummy.engine.rules import GameEnd
from knockrummy.engine.state import LogEntry

_WORDS = {
    "draw_stock": "drew from the stock",
    "turn_over": "turned the discard pile over",
    "knock": "knocked",
}


def describe_entry(entry: LogEntry, names: Sequence[str]) -> str:
    """One log entry as a short sentence."""
    who = names[entry.seat] if 0 <= entry.seat < len(names) else "Someone"
    card = entry.card.name if entry.card is not None else ""
    if entry.what == "draw_discard":
        return f"{who} took the {card}" if card else f"{who} took the up card"
    if entry.what == "discard":
        return f"{who} discarded the {card}"
    if entry.what == "pass":
        return f"{who} passed on the {card}" if card else f"{who} passed"
    if entry.what == "lay_off":
        return f"{who} laid off the {card}"
    if entry.what == "knock" and card:
        return f"{who} knocked, discarding the {card}"
    return f"{who} {_WORDS.get(entry.what, entry.what.replace('_', ' '))}"


def since_last_turn(log: Sequence[LogEntry], seat: int, names: Sequence[str],
                    limit: int = 8) -> list[str]:
    """The public moves made after ``seat``'s last one this hand (the last ``limit``)."""
    start = 0
    for i in range(len(log) - 1, -1, -1):
        if log[i].seat == seat:
            start = i + 1
            break
    lines: list[str] = []
    i = start
    while i < len(log):
        entry = log[i]
        if entry.what == "meld":  # one entry per card: say it once per meld
            cards = [entry]
            while i + 1 < len(log) and log[i + 1].what == "meld" and log[i + 1].seat == entry.seat:
                i += 1
                cards.append(log[i])
            shown = cards_label([e.card for e in cards if e.card is not None])
            lines.append(f"{names[entry.seat]} laid a meld: {shown}")
        else:
            lines.append(describe_entry(entry, names))
        i += 1
    return lines[-limit:]


def _short(entry: LogEntry) -> str:
    """One log entry as a short clause, its card as players write it ("took 6♦ from
    the pile")."""
    card = entry.card.label if entry.card is not None else ""
    what = entry.what
    if what == "draw_discard":
        return f"took {card} from the pile" if card else "took the up card"
    if what == "discard":
        return f"threw {card}"
    if what == "pass":
        return f"passed on {card}" if card else "passed"
    if what == "knock":
        return f"knocked, throwing {card}" if card else "knocked"
    if what == "lay_off":
        return f"laid off {card}"
    return _WORDS.get(what, what.replace("_", " "))


def last_moves(log: Sequence[LogEntry], names: Sequence[str], limit: int = 12) -> list[str]:
    """The hand's public moves, one turn a line, oldest first (the last ``limit``):
    "Ada took 6♦ from the pile, threw K♣", "Ben laid 7♠ 8♠ 9♠, threw 2♦"."""
    turns: list[tuple[int, list[str]]] = []
    i = 0
    while i < len(log):
        entry = log[i]
        if entry.what == "meld":  # one entry per card: one clause per meld
            cards = [entry.card]
            while i + 1 < len(log) and log[i + 1].what == "meld" and log[i + 1].seat == entry.seat:
                i += 1
                cards.append(log[i].card)
            clause = "laid " + cards_label([c for c in cards if c is not None])
        else:
            clause = _short(entry)
        if turns and turns[-1][0] == entry.seat and entry.what != "pass":
            turns[-1][1].append(clause)
        else:
            turns.append((entry.seat, [clause]))
        i += 1
    lines = []
    for seat, clauses in turns[-limit:]:
        who = names[seat] if 0 <= seat < len(names) else "Someone"
        lines.append(f"{who} {', '.join(clauses)}")
    return lines


def match_info(view: PlayerView) -> tuple[str, str]:
    """The match at a glance: the hand ("Hand 3 of 6", or "Hand 3" in a game played to
    a score) and how long the match is ("2 deals each", "Playing to 100")."""
    rules = view.rules
    number = view.hand_number + 1
    if rules.game_end is GameEnd.DEALS:
        total = rules.deals_per_player * view.players
        each = rules.deals_per_player
        return f"Hand {number} of {total}", f"{each} deal{'s' if each != 1 else ''} each"
    if rules.game_end is GameEnd.PENALTY:
        return f"Hand {number}", f"Out at {rules.target_score} penalty"
    return f"Hand {number}", f"Playing to {rules.target_score}"
