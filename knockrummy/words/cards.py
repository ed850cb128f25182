"""Cards in words, in the player's language: the corner label (``10♥``, ``Q♠``; ``D♠`` in
German, where the queen is the Dame), the long name (``ten of hearts``, ``Herz-Zehn``)
and lists of them. Suit symbols are the same in every language.

>>> from knockrummy.engine import Card
>>> card_label(Card.parse("TH")), card_label(Card.parse("QS")), card_name(Card.parse("TD"))
('10♥', 'Q♠', 'ten of diamonds')
>>> cards_label([Card.parse("8D"), Card.parse("9D")]), suit_name(Card.parse("KC").suit)
('8♦ 9♦', 'clubs')
"""

from __future__ import annotations

from collections.abc import Iterable

from knockrummy.engine.cards import SUIT_SYMBOLS, Card, Suit
from knockrummy.i18n import pgettext

_CORNERS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def rank_letter(rank: int) -> str:
    """What a card's corner shows for ``rank`` (1 ace ... 13 king)."""
    if rank == 1:
        # Translators: the letter in the corner of an ace, jack, queen and king, as your
        # players' decks print them (German decks print B, D, K for Bube, Dame, König;
        # French V, D, R). The card faces show the same letter.
        return pgettext("card corner", "A")
    if rank == 11:
        return pgettext("card corner", "J")
    if rank == 12:
        return pgettext("card corner", "Q")
    if rank == 13:
        return pgettext("card corner", "K")
    return _CORNERS[rank - 1]


def _ranks() -> tuple[str, ...]:
    return (pgettext("rank", "ace"), pgettext("rank", "two"), pgettext("rank", "three"),
            pgettext("rank", "four"), pgettext("rank", "five"), pgettext("rank", "six"),
            pgettext("rank", "seven"), pgettext("rank", "eight"), pgettext("rank", "nine"),
            pgettext("rank", "ten"), pgettext("rank", "jack"), pgettext("rank", "queen"),
            pgettext("rank", "king"))


def _ranks_plural() -> tuple[str, ...]:
    return (pgettext("ranks", "aces"), pgettext("ranks", "twos"),
            pgettext("ranks", "threes"), pgettext("ranks", "fours"),
            pgettext("ranks", "fives"), pgettext("ranks", "sixes"),
            pgettext("ranks", "sevens"), pgettext("ranks", "eights"),
            pgettext("ranks", "nines"), pgettext("ranks", "tens"),
            pgettext("ranks", "jacks"), pgettext("ranks", "queens"),
            pgettext("ranks", "kings"))


def _suits() -> tuple[str, ...]:
    return (pgettext("suit", "spades"), pgettext("suit", "hearts"),
            pgettext("suit", "diamonds"), pgettext("suit", "clubs"))


def card_label(card: Card) -> str:
    """The card as its corner shows it: rank then suit symbol (``10♥``, ``Q♠``)."""
    return f"{rank_letter(card.rank)}{SUIT_SYMBOLS[card.suit.value]}"


def cards_label(cards: Iterable[Card], sep: str = " ") -> str:
    """Cards as their corners show them, ``sep`` between (``8♦ 9♦ 10♦``)."""
    return sep.join(card_label(c) for c in cards)


def rank_name(rank: int) -> str:
    """The rank in words (``queen``)."""
    return _ranks()[rank - 1]


def ranks_name(rank: int) -> str:
    """The rank in words, many of it (``queens``: "three queens")."""
    return _ranks_plural()[rank - 1]


def suit_name(suit: Suit) -> str:
    """The suit in words (``hearts``)."""
    return _suits()[suit.value]


def card_name(card: Card) -> str:
    """The card's long name (``ten of hearts``; ``Herz-Zehn`` in German)."""
    # Translators: a card's long name, {rank} and {suit} as translated ("ten", "hearts").
    return pgettext("card name", "{rank} of {suit}").format(
        rank=rank_name(card.rank), suit=suit_name(card.suit))
