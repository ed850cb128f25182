"""What happened since a seat last played, in words, from the hand's public log.

The hand-off screen shows it to the human taking the screen, who did not watch
the turns in between (only public facts: the log never holds a card drawn
face down from the stock).

>>> from knockrummy.engine import Card
>>> from knockrummy.engine.state import LogEntry
>>> log = (LogEntry(0, "discard", Card.parse("7H")), LogEntry(1, "draw_stock", None),
...        LogEntry(1, "discard", Card.parse("KS")), LogEntry(2, "draw_discard", Card.parse("KS")))
>>> since_last_turn(log, seat=0, names=("Ann", "Bob", "Cy"))
['Bob drew from the stock', 'Bob discarded the king of spades', 'Cy took the king of spades']
"""

from __future__ import annotations

from collections.abc import Sequence

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
            shown = ", ".join(str(e.card) for e in cards if e.card is not None)
            lines.append(f"{names[entry.seat]} laid a meld: {shown}")
        else:
            lines.append(describe_entry(entry, names))
        i += 1
    return lines[-limit:]
