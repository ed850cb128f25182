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
    if not hand:
        return 0
    if solve is min_deadwood_mask:
        return least_after_discard(hand, ace_high)
    best = 1 << 30
    rest = hand
    while rest:
        low = rest & -rest
        rest ^= low
        dw = solve(hand ^ low, ace_high)
        if dw < best:
            best = dw
    return best


def _suit_tables(ace_high: bool) -> tuple[list[int], list[int]]:
    """Per 13-bit rank mask of one suit: its deadwood using runs only, and that deadwood
    less the most one card's removal can save (``runs[m without r] - runs[m]``, best r)."""
    runs = [min_deadwood_mask(m, ace_high) for m in range(8192)]
    gain = [1 << 20] * 8192  # no card to drop from an empty suit
    for m in range(1, 8192):
        best = 1 << 20
        rest = m
        while rest:
            low = rest & -rest
            rest ^= low
            best = min(best, runs[m ^ low])
        gain[m] = best - runs[m]
    return runs, gain


#: built on first use (about 15 ms each), so importing the players stays quick
_TABLES: dict[bool, tuple[list[int], list[int]]] = {}
#: suits holding a rank (bit per suit) -> the ways to take a set of three or four from them
_SET_CHOICES = [
    [0] + [sub for sub in range(1, 16) if sub & holders == sub and sub.bit_count() >= 3]
    for holders in range(16)
]


def least_after_discard(hand: int, ace_high: bool) -> int:
    """The least deadwood of ``hand`` less any one of its cards (the best discard).

    The same answer as the least value of the engine's ``discard_deadwoods_mask``, without
    building its table: for each choice of sets, the rest of each suit is runs only, and
    the best card to drop is a table look-up per suit.
    """
    suits = [hand & _SUIT, hand >> 13 & _SUIT, hand >> 26 & _SUIT, hand >> 39 & _SUIT]
    tables = _TABLES.get(ace_high)
    if tables is None:
        tables = _TABLES[ace_high] = _suit_tables(ace_high)
    runs, gain = tables
    s0, s1, s2, s3 = suits
    three = (s0 & s1 & s2) | (s0 & s1 & s3) | (s0 & s2 & s3) | (s1 & s2 & s3)
    if not three:
        return (runs[s0] + runs[s1] + runs[s2] + runs[s3]
                + min(gain[s0], gain[s1], gain[s2], gain[s3]))
    ranks = []
    while three:
        low = three & -three
        ranks.append(low)
        three ^= low
    return _search(suits, ranks, 0, runs, gain)


def _search(suits: list[int], ranks: list[int], i: int, runs: list[int], gain: list[int]) -> int:
    if i == len(ranks):
        s0, s1, s2, s3 = suits
        return (runs[s0] + runs[s1] + runs[s2] + runs[s3]
                + min(gain[s0], gain[s1], gain[s2], gain[s3]))
    bit = ranks[i]
    holders = ((1 if suits[0] & bit else 0) | (2 if suits[1] & bit else 0)
               | (4 if suits[2] & bit else 0) | (8 if suits[3] & bit else 0))
    best = 1 << 20
    for sub in _SET_CHOICES[holders]:
        for k in range(4):
            if sub >> k & 1:
                suits[k] ^= bit
        value = _search(suits, ranks, i + 1, runs, gain)
        for k in range(4):
            if sub >> k & 1:
                suits[k] ^= bit
        if value < best:
            best = value
    return best


_SUIT = 0x1FFF


def _run_order(suit: int, ace_high: bool) -> int:
    """A suit's 13-bit rank mask with bit p for the p-th card in run order."""
    return ((suit >> 1) | ((suit & 1) << 12)) if ace_high else suit


def _rank_order(order: int, ace_high: bool) -> int:
    """The inverse of :func:`_run_order`."""
    return (((order << 1) & _SUIT) | (order >> 12)) if ace_high else order


def meld_outs(hand: int, ace_high: bool) -> int:
    """The cards outside ``hand`` that would make a meld with two or more of its cards.

    A card melds with a hand exactly when it makes a three-card meld with two of its
    cards (a longer meld holds a three-card one), so this is a few shifts per suit.
    """
    s0, s1, s2, s3 = (hand & _SUIT, hand >> 13 & _SUIT, hand >> 26 & _SUIT, hand >> 39 & _SUIT)
    pairs = (s0 & s1) | (s0 & s2) | (s0 & s3) | (s1 & s2) | (s1 & s3) | (s2 & s3)
    out = 0
    for k, suit in enumerate((s0, s1, s2, s3)):
        o = _run_order(suit, ace_high)
        ends = ((o << 1) & (o << 2)) | ((o >> 1) & (o >> 2)) | ((o << 1) & (o >> 1))
        runs = _rank_order(ends & _SUIT & ~o, ace_high)
        out |= ((pairs & ~suit) | runs) << (13 * k)
    return out


def melds_with(card_index: int, hand: int, ace_high: bool) -> bool:
    """Whether card ``card_index`` completes a meld with cards of ``hand``."""
    return bool(meld_outs(hand & ~(1 << card_index), ace_high) >> card_index & 1)


def _best_after_meld(hand: int, card: int, base: int, ace_high: bool, solve: Solver) -> int:
    """Least deadwood of ``hand`` plus ``card`` (a bit) less one of its cards."""
    grown = hand | card
    if solve is min_deadwood_mask:
        return least_after_discard(grown, ace_high)
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
    return best


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
    outs = meld_outs(hand, ace_high)
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
        if outs & low:
            best = _best_after_meld(hand, low, base, ace_high, solve)
        else:
            best = min(base, removal + card_cost + values[index])
        acc += p * (best + excess * max(0, best - limit)) if excess else p * best
    if total_p <= 0.0:
        return float(base + excess * max(0, base - limit))
    return acc / total_p


def penalised(deadwood: int, limit: int, excess: float) -> float:
    """Deadwood with each point over ``limit`` counting ``1 + excess`` (see :func:`after_draw`)."""
    return deadwood + excess * max(0, deadwood - limit)
