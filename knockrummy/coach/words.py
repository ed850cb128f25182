"""Small helpers that put cards, melds and counts into the coach's words.

>>> from knockrummy.engine.cards import parse_cards
>>> meld_text(tuple(parse_cards("5S 6S 7S")))
'run 5S-6S-7S'
>>> meld_text(tuple(parse_cards("4S 4D 4C")))
'set 4S 4D 4C'
>>> listing(["the 8H", "the 9C", "the TD"])
'the 8H, the 9C and the TD'
>>> plural(1, "card"), plural(3, "live out")
('1 card', '3 live outs')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from knockrummy.engine.cards import Card
from knockrummy.engine.melds import is_run, sort_meld

RANK_PLURALS = (
    "aces", "twos", "threes", "fours", "fives", "sixes", "sevens",
    "eights", "nines", "tens", "jacks", "queens", "kings",
)


def plural(count: int, noun: str) -> str:
    """``"1 card"``, ``"2 cards"``."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def listing(items: Sequence[str]) -> str:
    """Items joined the way people write them: ``a, b and c``."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " and " + items[-1]


def cards_words(cards: Iterable[Card]) -> str:
    """``"the 8H and the 9C"``."""
    return listing([f"the {c}" for c in cards])


def meld_cards(meld: Sequence[Card], ace_high: bool = False) -> str:
    """A run as ``5S-6S-7S``, a set as ``4C 4D 4S``."""
    ordered = sort_meld(meld, ace_high)
    if is_run(ordered, ace_high):
        return "-".join(str(c) for c in ordered)
    return " ".join(str(c) for c in ordered)


def meld_text(meld: Sequence[Card], ace_high: bool = False) -> str:
    """``"run 5S-6S-7S"`` or ``"set 4C 4D 4S"``."""
    kind = "run" if is_run(sort_meld(meld, ace_high), ace_high) else "set"
    return f"{kind} {meld_cards(meld, ace_high)}"


def suit_and_rank(card: Card) -> str:
    """``"hearts or nines"``: what showing interest in ``card`` would mean."""
    return f"{card.suit.title} or {RANK_PLURALS[card.rank - 1]}"


def signed(value: int) -> str:
    """``"+5"``, ``"-3"``, ``"0"``."""
    return f"+{value}" if value > 0 else str(value)


def ordinal(number: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ``11th``, ``22nd``.

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd']
    """
    if 10 <= number % 100 <= 20:
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"
