"""Valuing a hand by its deadwood and by the live chances of its partial melds.

``after_draw(hand, draw_probs, candidates, model)`` is the expected cost of the
hand's unmatched cards after one more draw from the stock (keeping the best
cards), where ``draw_probs[i]`` is the chance the next stock card is card ``i``.
It is exact: a drawn card that melds with nothing replaces the worst unmatched
card or is thrown back, and a card that melds is tried against every discard
with the solver. The cost is the deadwood, or for Rummy the deadwood plus a
charge per card (:mod:`knockrummy.ai.costs`). A hand of 7H 8H with 6H and 9H
unseen expects more from a draw than 7H 8H with both outs in the pile.
"""

from __future__ import annotations

from knockrummy.ai.costs import SUIT, CostModel, deadwood_model, leftover_model
from knockrummy.engine.cards import DECK

VALUES = {False: [c.value(False) for c in DECK], True: [c.value(True) for c in DECK]}

#: Rummy: leaving a card unmelded costs this much on top of its value, because the
#: hand goes out only when every card but one is melded or laid off.
CARD_COST = 8


def leftover_cost(mask: int, ace_high: bool) -> int:
    """Least total of (``CARD_COST`` + value) over the cards left outside melds.

    Like the engine's deadwood solver, but counting cards as well as points: for
    Rummy, two low cards to get rid of are worse than one ten.
    """
    return leftover_model(ace_high, CARD_COST).least(mask)


def best_removal(hand: int, ace_high: bool) -> int:
    """The least deadwood left after removing one card of ``hand``."""
    return deadwood_model(ace_high).least_after_discard(hand)


def _run_order(suit: int, ace_high: bool) -> int:
    """A suit's 13-bit rank mask with bit p for the p-th card in run order."""
    return ((suit >> 1) | ((suit & 1) << 12)) if ace_high else suit


def _rank_order(order: int, ace_high: bool) -> int:
    """The inverse of :func:`_run_order`."""
    return (((order << 1) & SUIT) | (order >> 12)) if ace_high else order


def meld_outs(hand: int, ace_high: bool) -> int:
    """The cards outside ``hand`` that would make a meld with two or more of its cards.

    A card melds with a hand exactly when it makes a three-card meld with two of its
    cards (a longer meld holds a three-card one), so this is a few shifts per suit.
    """
    s0, s1, s2, s3 = (hand & SUIT, hand >> 13 & SUIT, hand >> 26 & SUIT, hand >> 39 & SUIT)
    pairs = (s0 & s1) | (s0 & s2) | (s0 & s3) | (s1 & s2) | (s1 & s3) | (s2 & s3)
    out = 0
    for k, suit in enumerate((s0, s1, s2, s3)):
        o = _run_order(suit, ace_high)
        ends = ((o << 1) & (o << 2)) | ((o >> 1) & (o >> 2)) | ((o << 1) & (o >> 1))
        runs = _rank_order(ends & SUIT & ~o, ace_high)
        out |= ((pairs & ~suit) | runs) << (13 * k)
    return out


def extensions(meld: int, ace_high: bool) -> int:
    """The cards that can be laid off onto ``meld`` (a set or run, as a mask).

    >>> from knockrummy.engine.cards import cards_mask, mask_cards, parse_cards
    >>> [str(c) for c in mask_cards(extensions(cards_mask(parse_cards("5H 6H 7H")), False))]
    ['4H', '8H']
    >>> [str(c) for c in mask_cards(extensions(cards_mask(parse_cards("9S 9H 9D")), False))]
    ['9C']
    """
    suits = [meld >> (13 * k) & SUIT for k in range(4)]
    held = [k for k in range(4) if suits[k]]
    if len(held) > 1:  # a set: the missing suits of its rank, while it has three cards
        if len(held) != 3:
            return 0
        missing = ({0, 1, 2, 3} - set(held)).pop()
        return suits[held[0]] << (13 * missing)
    if not held:
        return 0
    k = held[0]
    o = _run_order(suits[k], ace_high)
    return _rank_order(((o << 1) | (o >> 1)) & SUIT & ~o, ace_high) << (13 * k)


def melds_with(card_index: int, hand: int, ace_high: bool) -> bool:
    """Whether card ``card_index`` completes a meld with cards of ``hand``."""
    return bool(meld_outs(hand & ~(1 << card_index), ace_high) >> card_index & 1)


def after_draw(
    hand: int, draw_probs: list[float], candidates: int, model: CostModel | bool,
    limit: int = 0, excess: float = 0.0,
) -> float:
    """Expected least cost of ``hand`` after drawing one of ``candidates`` and discarding one.

    ``model`` is a :class:`~knockrummy.ai.costs.CostModel`, or the ace rule (``True``:
    ace high) for plain deadwood. ``draw_probs`` need not sum to one; they are
    normalised over ``candidates``. With ``excess``, each point over ``limit`` (the
    knock limit) counts ``1 + excess``: getting under the limit is what lets a player
    knock.
    """
    if isinstance(model, bool):
        model = deadwood_model(model)
    base = model.least(hand)
    if base == 0 or not candidates:
        return float(base + excess * max(0, base - limit))
    removal = model.least_after_discard(hand)
    outs = meld_outs(hand, model.ace_high)
    costs = model.costs
    total_p = 0.0
    acc = 0.0
    rest = candidates
    while rest:
        low = rest & -rest
        rest ^= low
        index = low.bit_length() - 1
        p = draw_probs[index]
        if p <= 0.0:
            continue
        total_p += p
        if outs & low:
            best = model.least_after_discard(hand | low)
        else:
            best = min(base, removal + costs[index])
        acc += p * (best + excess * max(0, best - limit)) if excess else p * best
    if total_p <= 0.0:
        return float(base + excess * max(0, base - limit))
    return acc / total_p


def penalised(deadwood: int, limit: int, excess: float) -> float:
    """Deadwood with each point over ``limit`` counting ``1 + excess`` (see :func:`after_draw`)."""
    return deadwood + excess * max(0, deadwood - limit)
