"""Cards and their text notation.

A card is written as rank then suit: rank ``A 2-9 T J Q K``, suit ``S H D C``.
``Card.parse("TD")`` and ``str(card) == "TD"`` round-trip; ``"10D"`` also parses.

Every card is interned: ``Card.parse("TD") is Card.parse("TD")``, and each has an
``index`` in ``0..51`` (suit-major) used by the meld solver's bit masks.

>>> Card.parse("10d")
Card('TD')
>>> str(Card.parse("QS")), Card.parse("QS").rank
('QS', 12)
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum
from typing import ClassVar

from knockrummy.engine.codes import DataError

RANK_CHARS = "A23456789TJQK"
SUIT_CHARS = "SHDC"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
#: the suit symbols players read, in suit order
SUIT_SYMBOLS = "♠♥♦♣"
#: ranks as printed on a card's corner
RANK_LABELS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
RANK_NAMES = (
    "ace", "two", "three", "four", "five", "six", "seven",
    "eight", "nine", "ten", "jack", "queen", "king",
)


class Suit(IntEnum):
    """The four suits, in the order S H D C."""

    S = 0
    H = 1
    D = 2
    C = 3

    @property
    def char(self) -> str:
        """One-letter notation, e.g. ``"S"``."""
        return SUIT_CHARS[self.value]

    @property
    def title(self) -> str:
        """Plural name, e.g. ``"spades"``."""
        return SUIT_NAMES[self.value]


class Card:
    """A playing card: rank 1 (ace) to 13 (king) and a suit. Immutable and interned."""

    __slots__ = ("rank", "suit", "index", "_text")
    _all: ClassVar[list[Card]] = []

    rank: int
    suit: Suit
    index: int
    _text: str

    def __new__(cls, rank: int, suit: Suit | int) -> Card:
        if not 1 <= rank <= 13 or not 0 <= int(suit) <= 3:
            raise ValueError(f"no such card: rank {rank}, suit {suit}")
        if cls._all:
            return cls._all[int(suit) * 13 + rank - 1]
        return super().__new__(cls)

    @classmethod
    def _make_all(cls) -> None:
        cards: list[Card] = []
        for suit in Suit:
            for rank in range(1, 14):
                card = object.__new__(cls)
                object.__setattr__(card, "rank", rank)
                object.__setattr__(card, "suit", suit)
                object.__setattr__(card, "index", int(suit) * 13 + rank - 1)
                object.__setattr__(card, "_text", RANK_CHARS[rank - 1] + suit.char)
                cards.append(card)
        cls._all = cards

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[object, tuple[int, Suit]]:
        return (Card, (self.rank, self.suit))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse ``"TD"``, ``"10D"``, ``"qs"``; raise ``ValueError`` with a readable reason.

        >>> Card.parse("AS").rank, Card.parse("AS").suit
        (1, <Suit.S: 0>)
        """
        t = text.strip().upper()
        if t.startswith("10"):
            t = "T" + t[2:]
        if len(t) != 2 or t[0] not in RANK_CHARS or t[1] not in SUIT_CHARS:
            raise DataError.of("not_a_card", text=text)
        return cls._all[SUIT_CHARS.index(t[1]) * 13 + RANK_CHARS.index(t[0])]

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card with this ``index`` (0..51)."""
        return cls._all[index]

    @property
    def name(self) -> str:
        """Long name, e.g. ``"ten of diamonds"``."""
        return f"{RANK_NAMES[self.rank - 1]} of {self.suit.title}"

    @property
    def label(self) -> str:
        """How a player writes the card: rank then suit symbol, e.g. ``"10♥"``, ``"Q♠"``.

        >>> Card.parse("TH").label, Card.parse("QS").label
        ('10♥', 'Q♠')
        """
        return f"{RANK_LABELS[self.rank - 1]}{SUIT_SYMBOLS[self.suit.value]}"

    def value(self, ace_high: bool = False) -> int:
        """Deadwood value: A=1 (15 when ace is high), 2-10 face value, J/Q/K=10."""
        if self.rank == 1:
            return 15 if ace_high else 1
        return min(self.rank, 10)

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card({self._text!r})"

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other: object) -> bool:
        return self is other

    def __lt__(self, other: Card) -> bool:
        return (self.suit, self.rank) < (other.suit, other.rank)


Card._make_all()

#: All 52 cards in index order (spades A-K, hearts, diamonds, clubs).
DECK: tuple[Card, ...] = tuple(Card._all)


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Parse a space- or comma-separated list of cards: ``parse_cards("AS 2S 3S")``.

    >>> [str(c) for c in parse_cards("10h,js QS")]
    ['TH', 'JS', 'QS']
    """
    parts = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [Card.parse(p) for p in parts]


def cards_text(cards: Iterable[Card]) -> str:
    """Cards written out, space separated: the inverse of :func:`parse_cards`."""
    return " ".join(str(c) for c in cards)


def cards_label(cards: Iterable[Card], sep: str = " ") -> str:
    """Cards as a player writes them: ``cards_label(parse_cards("8D 9D TD"))`` is ``"8♦ 9♦ 10♦"``.

    >>> cards_label(parse_cards("8D 9D TD"))
    '8♦ 9♦ 10♦'
    """
    return sep.join(c.label for c in cards)


def cards_mask(cards: Iterable[Card]) -> int:
    """A 52-bit mask with the bit of each card's ``index`` set."""
    mask = 0
    for c in cards:
        mask |= 1 << c.index
    return mask


def mask_cards(mask: int) -> list[Card]:
    """The cards of a mask, in index order."""
    out: list[Card] = []
    while mask:
        low = mask & -mask
        out.append(DECK[low.bit_length() - 1])
        mask ^= low
    return out


def sort_by_suit(cards: Iterable[Card]) -> list[Card]:
    """Sorted by suit (S H D C), then rank."""
    return sorted(cards, key=lambda c: c.index)


def sort_by_rank(cards: Iterable[Card]) -> list[Card]:
    """Sorted by rank, then suit."""
    return sorted(cards, key=lambda c: (c.rank, c.suit))
