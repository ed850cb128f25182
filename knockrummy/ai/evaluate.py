"""Valuing a hand by its deadwood and by the live chances of its partial melds.

``after_draw(hand, draw_probs)`` is the expected deadwood after one more draw
from the stock (keeping the best cards), where ``draw_probs[i]`` is the chance
the next stock card is card ``i``. It is exact: a drawn card that melds with
nothing replaces the worst deadwood card or is thrown back, and a card that melds
is tried against every discard with the solver. ``potential`` is how much one
draw is expected to lower the deadwood: a hand of 7H 8H with 6H and 9H unseen has
more than 7H 8H with both outs in the pile.
"""

from __future__ import annotations

from collections.abc import Callable

from knockrummy.ai.masks import MELDS_WITH
from knockrummy.engine.cards import DECK
from knockrummy.engine.melds import min_deadwood_mask

VALUES = {False: [c.value(False) for c in DECK], True: [c.value(True) for c in DECK]}


#: Rummy: leaving a card unmelded costs this much on top of its value, because the
#: hand goes out only when every card but one is melded or laid off.
CARD_COST = 8
_LEFTOVER_CACHE: dict[tuple[int, bool], int] = {}


def leftover_cost(mask: int, ace_high: bool) -> int:
    """Least total of (``CARD_COST`` + value) over the cards left outside melds.

    Like the engine's deadwood solver, but counting cards as well as points: for
    Rummy, two low cards to get rid of are worse than one ten.
    """
    key = (mask, ace_high)
    hit = _LEFTOVER_CACHE.get(key)
    if hit is not None:
        return hit
    if mask == 0:
        return 0
    low = mask & -mask
    index = low.bit_length() - 1
    rest = mask ^ low
    best = CARD_COST + VALUES[ace_high][index] + leftover_cost(rest, ace_high)
    for meld in MELDS_WITH[ace_high][index]:
        if meld & mask == meld:
            cost = leftover_cost(mask ^ meld, ace_high)
            if cost < best:
                best = cost
                if best == 0:
                    break
    if len(_LEFTOVER_CACHE) > 1_000_000:
        _LEFTOVER_CACHE.clear()
    _LEFTOVER_CACHE[key] = best
    return best


Solver = Callable[[int, bool], int]


def best_removal(hand: int, ace_high: bool, solve: Solver = min_deadwood_mask) -> int:
    """The least deadwood left after removing one card of ``hand``."""
    best = 1 << 30
    rest = hand
    while rest:
        low = rest & -rest
        rest ^= low
        dw = solve(hand ^ low, ace_high)
        if dw < best:
            best = dw
    return best if hand else 0


def melds_with(card_index: int, hand: int, ace_high: bool) -> bool:
    """Whether card ``card_index`` completes a meld with cards of ``hand``."""
    full = hand | (1 << card_index)
    return any(m & full == m for m in MELDS_WITH[ace_high][card_index])


def after_draw(
    hand: int, draw_probs: list[float], candidates: int, ace_high: bool,
    solve: Solver = min_deadwood_mask, card_cost: int = 0, limit: int = 0, excess: float = 0.0,
) -> float:
    """Expected least deadwood after drawing one of ``candidates`` and discarding one.

    ``draw_probs`` need not sum to one; they are normalised over ``candidates``.
    With ``excess``, each point of deadwood over ``limit`` (the knock limit) counts
    ``1 + excess``: getting under the limit is what lets a player knock.
    """
    base = solve(hand, ace_high)
    if base == 0 or not candidates:
        return float(base + excess * max(0, base - limit))
    removal = best_removal(hand, ace_high, solve)
    values = VALUES[ace_high]
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
        if melds_with(index, hand, ace_high):
            grown = hand | low
            best = base
            others = hand
            while others:
                o = others & -others
                others ^= o
                dw = solve(grown ^ o, ace_high)
                if dw < best:
                    best = dw
                    if dw == 0:
                        break
        else:
            best = min(base, removal + card_cost + values[index])
        acc += p * (best + excess * max(0, best - limit)) if excess else p * best
    if total_p <= 0.0:
        return float(base + excess * max(0, base - limit))
    return acc / total_p


def penalised(deadwood: int, limit: int, excess: float) -> float:
    """Deadwood with each point over ``limit`` counting ``1 + excess`` (see :func:`after_draw`)."""
    return deadwood + excess * max(0, deadwood - limit)
