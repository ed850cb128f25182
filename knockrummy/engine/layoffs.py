"""Laying off onto the knocker's melds, and the defender's best layoffs.

Modes (``Layoffs``): CHAINED lets a card go next to cards already laid off
(3-4-5H, then 6H, then 7H); ORIGINAL_ONLY (Gin for 3-4) allows only cards that fit
next to the knocker's own cards, so once one player adds 6H to 7-8-9H, 5H no
longer fits. The best play may break one of the defender's own melds when that
lowers the count; the search tries every combination of layoffs and re-arranges
what is left.

>>> from knockrummy.engine.cards import parse_cards
>>> from knockrummy.engine.rules import Layoffs
>>> run = tuple(parse_cards("3H 4H 5H"))
>>> plays, count = best_layoffs(parse_cards("6H 7H KS"), [(run, run)], Layoffs.CHAINED)
>>> [(str(c), i) for c, i in plays], count
([('6H', 0), ('7H', 0)], 10)
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, product

from knockrummy.engine.cards import DECK, Card, cards_mask
from knockrummy.engine.melds import fits_meld, is_set, min_deadwood_mask
from knockrummy.engine.rules import Layoffs

#: (cards now, cards as the knocker laid them)
TargetMeld = tuple[Sequence[Card], Sequence[Card]]


def _pos(card: Card, ace_high: bool) -> int:
    return 14 if (ace_high and card.rank == 1) else card.rank


def _card_at(suit: int, pos: int) -> Card | None:
    if pos < 1 or pos > 14:
        return None
    rank = 1 if pos == 14 else pos
    return DECK[suit * 13 + rank - 1]


def can_lay_off(
    card: Card, cards: Sequence[Card], original: Sequence[Card], mode: Layoffs, ace_high: bool
) -> bool:
    """Whether ``card`` may be laid off onto a meld now holding ``cards``."""
    if mode is Layoffs.NONE or not fits_meld(card, cards, ace_high):
        return False
    if mode is Layoffs.ORIGINAL_ONLY and not is_set(list(cards)):
        positions = [_pos(c, ace_high) for c in original]
        return _pos(card, ace_high) in (min(positions) - 1, max(positions) + 1)
    return True


def _options(
    hand_mask: int, cards: Sequence[Card], original: Sequence[Card], mode: Layoffs,
    ace_high: bool,
) -> list[tuple[Card, ...]]:
    """Every group of the defender's cards that could be laid off onto one meld."""
    if is_set(list(cards)):
        rank = cards[0].rank
        fitting = [DECK[s * 13 + rank - 1] for s in range(4)]
        mine = [c for c in fitting if c not in cards and hand_mask >> c.index & 1]
        room = 4 - len(cards)
        return [combo for k in range(min(room, len(mine)) + 1) for combo in combinations(mine, k)]
    suit = int(cards[0].suit)
    positions = sorted(_pos(c, ace_high) for c in cards)
    lo, hi = positions[0], positions[-1]
    limit_low = 1 if not ace_high else 2
    limit_high = 14 if ace_high else 13
    chain = mode is Layoffs.CHAINED
    low_side: list[Card] = []
    p = lo - 1
    while p >= limit_low:
        c = _card_at(suit, p)
        if c is None or not hand_mask >> c.index & 1:
            break
        low_side.append(c)
        if not chain:
            break
        p -= 1
    high_side: list[Card] = []
    p = hi + 1
    while p <= limit_high:
        c = _card_at(suit, p)
        if c is None or not hand_mask >> c.index & 1:
            break
        high_side.append(c)
        if not chain:
            break
        p += 1
    if mode is Layoffs.ORIGINAL_ONLY:
        opos = [_pos(c, ace_high) for c in original]
        allowed = {min(opos) - 1, max(opos) + 1}
        low_side = [c for c in low_side if _pos(c, ace_high) in allowed]
        high_side = [c for c in high_side if _pos(c, ace_high) in allowed]
    return [
        tuple(low_side[:a]) + tuple(high_side[:b])
        for a in range(len(low_side) + 1)
        for b in range(len(high_side) + 1)
    ]


def best_layoffs(
    hand: Sequence[Card],
    melds: Sequence[TargetMeld],
    mode: Layoffs,
    ace_high: bool = False,
) -> tuple[list[tuple[Card, int]], int]:
    """The defender's best layoffs: ``([(card, meld index), ...], count after)``.

    Among plays with equal count, the one laying off fewer cards comes first.
    """
    hand_mask = cards_mask(hand)
    no_play = min_deadwood_mask(hand_mask, ace_high)
    if mode is Layoffs.NONE or not melds:
        return [], no_play
    per_meld = [_options(hand_mask, cards, orig, mode, ace_high) for cards, orig in melds]
    best_count = no_play
    best_play: list[tuple[Card, int]] = []
    best_size = 0
    for choice in product(*per_meld):
        used = 0
        size = 0
        ok = True
        for group in choice:
            for c in group:
                bit = 1 << c.index
                if used & bit:
                    ok = False
                    break
                used |= bit
                size += 1
            if not ok:
                break
        if not ok or size == 0:
            continue
        count = min_deadwood_mask(hand_mask & ~used, ace_high)
        if count < best_count or (count == best_count and best_play and size < best_size):
            best_count, best_size = count, size
            best_play = [(c, i) for i, group in enumerate(choice) for c in group]
    return _ordered(best_play, melds, ace_high), best_count


def _ordered(
    plays: list[tuple[Card, int]], melds: Sequence[TargetMeld], ace_high: bool
) -> list[tuple[Card, int]]:
    """Put plays in an order where each card fits when it is laid (chains outward)."""
    out: list[tuple[Card, int]] = []
    current = [list(cards) for cards, _ in melds]
    pending = list(plays)
    while pending:
        for item in pending:
            card, index = item
            if fits_meld(card, current[index], ace_high):
                current[index].append(card)
                out.append(item)
                pending.remove(item)
                break
        else:  # pragma: no cover - best_layoffs only produces chains that fit
            raise AssertionError("layoffs do not chain")
    return out
