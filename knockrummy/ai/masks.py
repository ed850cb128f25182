"""Bit-mask helpers for the computer players (bit ``card.index`` set per card).

The engine's solver works on the same masks, so hands, piles and candidate
draws can be combined with ``|``, ``&`` and ``^`` and passed straight to
:func:`knockrummy.engine.melds.min_deadwood_mask`.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations

from knockrummy.engine.cards import DECK, Card, cards_mask

FULL_DECK = (1 << 52) - 1


def bit(card: Card) -> int:
    """The mask of one card."""
    return 1 << card.index


def mask_of(cards: Iterable[Card]) -> int:
    """The mask of these cards."""
    return cards_mask(cards)


def cards_of(mask: int) -> list[Card]:
    """The cards of a mask, lowest index first."""
    out: list[Card] = []
    while mask:
        low = mask & -mask
        out.append(DECK[low.bit_length() - 1])
        mask ^= low
    return out


def _card_at(suit: int, pos: int) -> Card:
    return DECK[suit * 13 + (0 if pos == 14 else pos - 1)]


def _build_melds(ace_high: bool) -> list[list[int]]:
    """Per card index, every meld mask containing it."""
    table: list[list[int]] = [[] for _ in range(52)]
    masks: list[int] = []
    for rank in range(13):
        same = [DECK[s * 13 + rank] for s in range(4)]
        masks.append(cards_mask(same))
        masks.extend(cards_mask(three) for three in combinations(same, 3))
    low, high = (2, 14) if ace_high else (1, 13)
    for suit in range(4):
        for start in range(low, high - 1):
            for end in range(start + 2, high + 1):
                masks.append(cards_mask(_card_at(suit, p) for p in range(start, end + 1)))
    for m in masks:
        rest = m
        while rest:
            low_bit = rest & -rest
            table[low_bit.bit_length() - 1].append(m)
            rest ^= low_bit
    return table


MELDS_WITH: dict[bool, list[list[int]]] = {False: _build_melds(False), True: _build_melds(True)}


def _build_partners(ace_high: bool) -> list[int]:
    """Per card index, the cards that can share a three-card meld with it."""
    out = [0] * 52
    for index, melds in enumerate(MELDS_WITH[ace_high]):
        for m in melds:
            if m.bit_count() == 3:
                out[index] |= m
        out[index] &= ~(1 << index)
    return out


#: per ace rule, per card index: cards that can sit in a three-card meld with it
PARTNERS: dict[bool, list[int]] = {False: _build_partners(False), True: _build_partners(True)}


def in_some_meld(card: Card, hand_mask: int, ace_high: bool) -> bool:
    """Whether ``card`` forms a meld with cards of ``hand_mask`` (card's bit may be set)."""
    full = hand_mask | bit(card)
    return any(m & full == m for m in MELDS_WITH[ace_high][card.index])
