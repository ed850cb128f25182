"""Melds and the deadwood solver.

Terminology (as in RULES.md):

- **set** (group): 3 or 4 cards of one rank.
- **run** (sequence): 3 or more consecutive cards of one suit; runs never wrap.
  With the ace low, A-2-3 is a run and Q-K-A is not; with the ace high (Rummy
  option) Q-K-A is a run and A-2-3 is not.
- **meld**: a set or a run; a card belongs to at most one meld.
- **deadwood**: the cards of a hand left outside melds, and their total value.
- **arrangement**: a choice of disjoint melds from a hand.

The solvers work on 52-bit masks (bit ``card.index``). The reference search
(:func:`min_deadwood_search`, and the arrangement search built on it) tries, for
the lowest card still undecided, "deadwood" and every meld containing it, so it
always finds the true minimum (the card that fits both a set and a run
included); its results are memoised per mask within a call.

The fast solver (:func:`min_deadwood`, :func:`min_deadwood_mask`,
:func:`best_discard`) answers the same without a search. Sets only involve
ranks held three or four times; once the cards going into sets are chosen, each
suit is independent and its best runs are its stretches of three or more
consecutive cards. So a hand's deadwood is the best, over the few set choices,
of four table look-ups, one per suit (``_RUNS``: the runs-only deadwood of every
13-bit rank mask). On a 10-card hand:

- no rank held three times (76% of random hands): the four look-ups, nothing else;
- one rank held exactly three times (22%): the four look-ups with that rank's
  set and without it, the smaller;
- four of a rank, or two ranks or more held three times (2%): the lowest
  such rank's choices (no set, or each set its holders make) are tried in turn,
  and the last rank's choice has a closed form: taking its card out of suit k
  saves ``d_k = runs[s_k] - runs[s_k without it]`` (negative when that breaks a
  run, 0 when the suit lacks it), savings of different suits add up, so a set
  of three saves ``d_a + d_b + d_c``, the best set from four holders saves
  ``d_0 + d_1 + d_2 + d_3`` less the least ``d_k`` when that is negative, and no
  set saves 0.

On hands this small most of the time is Python's cost per operation and per
call, so :func:`min_deadwood` does the first two cases in its own body (it
repeats :func:`min_deadwood_mask`, which the tests compare with the reference).
Nothing is cached between calls.

The best discard goes over the same set choices. At each one the deadwood after
throwing card r of suit k is ``total - runs[s_k] + runs[s_k without r]``; a table
per suit (``_DISCARD``) holds, for every rank mask, the best of these changes
over its cards as one integer that also orders the tie-break (the higher card,
then the higher index; see ``_discard_key``), so each choice is ``total`` plus
the least of four look-ups.

>>> from knockrummy.engine.cards import parse_cards
>>> min_deadwood(parse_cards("7H 8H 9H 9S 9D 9C"))   # 9H in the run or the set
0
>>> min_deadwood(parse_cards("3S 4S 5S 9H 9S 9D JH JS JD 7C AS"))
8
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations, product

from knockrummy.engine.cards import DECK, Card, cards_mask, mask_cards

Meld = tuple[Card, ...]
Arrangement = tuple[Meld, ...]


def _position(card: Card, ace_high: bool) -> int:
    """Place of a card in run order: A=1 (or 14 when the ace is high) ... K=13."""
    return 14 if (ace_high and card.rank == 1) else card.rank


def is_set(cards: Sequence[Card]) -> bool:
    """Three or four cards of one rank."""
    return 3 <= len(cards) <= 4 and len({c.rank for c in cards}) == 1 and len(set(cards)) == len(
        cards
    )


def is_run(cards: Sequence[Card], ace_high: bool = False) -> bool:
    """Three or more consecutive cards of one suit (no wrapping)."""
    if len(cards) < 3 or len({c.suit for c in cards}) != 1:
        return False
    positions = sorted(_position(c, ace_high) for c in cards)
    return all(b == a + 1 for a, b in zip(positions, positions[1:], strict=False))


def is_meld(cards: Sequence[Card], ace_high: bool = False) -> bool:
    """A set or a run."""
    return is_set(cards) or is_run(cards, ace_high)


def sort_meld(cards: Iterable[Card], ace_high: bool = False) -> Meld:
    """A meld's cards in display order: runs low to high, sets by suit."""
    return tuple(sorted(cards, key=lambda c: (_position(c, ace_high), c.suit)))


def fits_meld(card: Card, meld: Sequence[Card], ace_high: bool = False) -> bool:
    """Whether ``card`` can be laid off onto ``meld`` (the result is still a meld)."""
    return card not in meld and is_meld([*meld, card], ace_high)


def _all_melds(ace_high: bool) -> list[int]:
    masks: list[int] = []
    for rank in range(1, 14):
        same = [DECK[s * 13 + rank - 1] for s in range(4)]
        masks.append(cards_mask(same))
        masks.extend(cards_mask(three) for three in combinations(same, 3))
    low, high = (2, 14) if ace_high else (1, 13)
    for suit in range(4):
        def card_at(pos: int, suit: int = suit) -> Card:
            rank = 1 if pos == 14 else pos
            return DECK[suit * 13 + rank - 1]
        for start in range(low, high - 1):
            for end in range(start + 2, high + 1):
                masks.append(cards_mask(card_at(p) for p in range(start, end + 1)))
    return masks


def _melds_by_card(ace_high: bool) -> list[list[int]]:
    table: list[list[int]] = [[] for _ in range(52)]
    for mask in _all_melds(ace_high):
        for card in mask_cards(mask):
            table[card.index].append(mask)
    # Larger melds first: finds good solutions early.
    for lst in table:
        lst.sort(key=lambda m: -m.bit_count())
    return table


_MELDS_CONTAINING = {False: _melds_by_card(False), True: _melds_by_card(True)}
_VALUES = {
    False: [c.value(False) for c in DECK],
    True: [c.value(True) for c in DECK],
}

# ---------------------------------------------------------------------------
# The fast solver (the module's docstring says how it works).
#: one suit's 13 rank bits
_SUIT = 0x1FFF
#: ``_BIT[i]``: the bit of the card with index ``i`` (a look-up is cheaper than ``1 << i``)
_BIT: tuple[int, ...] = tuple(1 << i for i in range(52))


def rank_values(ace_high: bool) -> list[int]:
    """Card values by rank index (ace first), as deadwood counts them."""
    return [15 if ace_high else 1] + [min(r, 10) for r in range(2, 14)]


def runs_cost_table(ace_high: bool, rank_costs: list[int]) -> list[int]:
    """For every 13-bit rank mask of one suit (bit r for rank index r, ace first): the
    summed ``rank_costs`` of its cards left outside runs, its runs being its stretches of
    three or more consecutive ranks (Q-K-A with a high ace, never wrapping).

    >>> table = runs_cost_table(False, rank_values(False))
    >>> table[0b111], table[0b1011]   # A-2-3 is a run; A-2 and 4 are not
    (0, 7)
    """
    cost_sum = [0] * 8192
    for m in range(1, 8192):
        low = m & -m
        cost_sum[m] = cost_sum[m ^ low] + rank_costs[low.bit_length() - 1]
    table = [0] * 8192
    for m in range(8192):
        order = ((m >> 1) | ((m & 1) << 12)) if ace_high else m  # bit p: p-th card in run order
        starts = order & (order >> 1) & (order >> 2)
        covered = starts | (starts << 1) | (starts << 2)
        if ace_high:
            covered = ((covered << 1) & _SUIT) | ((covered >> 12) & 1)
        table[m] = cost_sum[m & ~covered]
    return table


def _runs_table(ace_high: bool) -> list[int]:
    return runs_cost_table(ace_high, rank_values(ace_high))


_RUNS = {False: _runs_table(False), True: _runs_table(True)}
#: ``_DROP[ace_high][m]``: for each rank bit r in m, (r, runs deadwood of m without r)
_DROP = {
    flag: [
        tuple((r, _RUNS[flag][m ^ (1 << r)]) for r in range(13) if m >> r & 1)
        for m in range(8192)
    ]
    for flag in (False, True)
}
#: the suits holding a rank (bit k for suit k) -> the ways to take a set from them (the
#: same kind of mask; three suits or four)
HOLDER_SETS = {
    holders: [
        sub for sub in range(1, 16)
        if sub & holders == sub and sub.bit_count() >= 3
    ]
    for holders in range(16)
}


def set_ranks(s0: int, s1: int, s2: int, s3: int) -> list[int]:
    """The ranks (one bit each, lowest first) held in three suits or four: the ranks a set
    can be made of, given each suit's 13 rank bits."""
    three = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))
    out = []
    while three:
        low = three & -three
        out.append(low)
        three ^= low
    return out


_RUNS_LOW, _RUNS_HIGH = _RUNS[False], _RUNS[True]


def min_deadwood_mask(mask: int, ace_high: bool = False) -> int:
    """Least deadwood of the cards in ``mask`` (bit ``card.index``) over every arrangement."""
    runs = _RUNS_HIGH if ace_high else _RUNS_LOW
    s0 = mask & _SUIT
    s1 = mask >> 13 & _SUIT
    s2 = mask >> 26 & _SUIT
    s3 = mask >> 39 & _SUIT
    total = runs[s0] + runs[s1] + runs[s2] + runs[s3]
    # ranks held in three suits or four
    three = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))
    if three:
        if three & (three - 1) or s0 & s1 & s2 & s3:  # two ranks or more, or four of one
            return _search_sets(s0, s1, s2, s3, three, runs)
        keep = ~three  # one rank held three times: its set, or not
        melded = runs[s0 & keep] + runs[s1 & keep] + runs[s2 & keep] + runs[s3 & keep]
        if melded < total:
            return melded
    return total


def _search_sets(s0: int, s1: int, s2: int, s3: int, three: int, runs: list[int]) -> int:
    """Least deadwood of the suits ``s0``-``s3`` when the ranks in ``three`` (a rank mask,
    not empty) may each give a set: the lowest rank's choices are tried in turn (no set,
    or each set its holders can make), the last rank's is settled in closed form."""
    bit = three & -three
    three ^= bit
    keep = ~bit
    t0, t1, t2, t3 = s0 & keep, s1 & keep, s2 & keep, s3 & keep
    if three:
        best = _search_sets(s0, s1, s2, s3, three, runs)
        for sub in HOLDER_SETS[suits_holding(s0, s1, s2, s3, bit)]:
            value = _search_sets(t0 if sub & 1 else s0, t1 if sub & 2 else s1,
                                 t2 if sub & 4 else s2, t3 if sub & 8 else s3, three, runs)
            if value < best:
                best = value
        return best
    r0, r1, r2, r3 = runs[s0], runs[s1], runs[s2], runs[s3]
    # what taking this rank's card out of each suit saves (0 where the suit lacks it)
    d0, d1, d2, d3 = r0 - runs[t0], r1 - runs[t1], r2 - runs[t2], r3 - runs[t3]
    saved = d0 + d1 + d2 + d3
    if s0 & s1 & s2 & s3 & bit:
        # all four held: a set of three may leave out the suit whose card does more in
        # its runs (the most negative d), the four-card set leaves out none
        saved -= min(d0, d1, d2, d3, 0)
    total = r0 + r1 + r2 + r3
    return total - saved if saved > 0 else total


#: bits of a discard key below the deadwood (see ``_discard_key``)
_TIE_BITS = 10
#: a discard key for a suit holding no card (larger than any real one)
_NO_DISCARD = 1 << 40


def _discard_key(after: int, value: int, index: int) -> int:
    """One integer ordering discards as ``best_discard`` does: least ``after`` (the
    deadwood left), then highest ``value``, then highest ``index``. ``value`` is at most
    15 and ``index`` at most 51, so the deadwood is ``key >> _TIE_BITS`` and the index
    ``63 - (key & 63)``. Keys add: the tables hold keys of the change in a suit's deadwood
    (``after`` negative when the card thrown was deadwood), and a hand's key is theirs
    plus ``total << _TIE_BITS``."""
    return (after << _TIE_BITS) + ((15 - value) << 6) + 63 - index


def _discard_tables(ace_high: bool) -> tuple[list[int], list[int], list[int], list[int]]:
    """Per suit k, for every 13-bit rank mask m: the least ``_discard_key`` over the cards
    of m of the change in m's runs-only deadwood when that card is thrown."""
    runs = _RUNS[ace_high]
    values = rank_values(ace_high)
    best_in_suit = [_NO_DISCARD] + [
        min(_discard_key(rest - runs[m], values[r], r) for r, rest in _DROP[ace_high][m])
        for m in range(1, 8192)
    ]
    # the card of rank index r in suit k has index 13k + r: its key is 13k smaller
    s0, s1, s2, s3 = ([key - 13 * k for key in best_in_suit] for k in range(4))
    return s0, s1, s2, s3


_DISCARD = {False: _discard_tables(False), True: _discard_tables(True)}


def _best_discard_key(mask: int, ace_high: bool) -> int:
    """The least ``_discard_key`` of a card of ``mask`` (not empty) over every arrangement
    of the others: the best discard and the deadwood it leaves."""
    runs = _RUNS_HIGH if ace_high else _RUNS_LOW
    tables = _DISCARD[ace_high]
    s0, s1, s2, s3 = mask & _SUIT, mask >> 13 & _SUIT, mask >> 26 & _SUIT, mask >> 39 & _SUIT
    three = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))
    return _search_discards(s0, s1, s2, s3, three, runs, tables)


def _search_discards(s0: int, s1: int, s2: int, s3: int, three: int, runs: list[int],
                     tables: tuple[list[int], list[int], list[int], list[int]]) -> int:
    """``_best_discard_key`` over every set choice for the ranks in ``three``."""
    if not three:
        e0, e1, e2, e3 = tables
        total = runs[s0] + runs[s1] + runs[s2] + runs[s3]
        return (total << _TIE_BITS) + min(e0[s0], e1[s1], e2[s2], e3[s3])
    bit = three & -three
    three ^= bit
    best = _search_discards(s0, s1, s2, s3, three, runs, tables)
    keep = ~bit
    for sub in HOLDER_SETS[suits_holding(s0, s1, s2, s3, bit)]:
        value = _search_discards(
            s0 & keep if sub & 1 else s0, s1 & keep if sub & 2 else s1,
            s2 & keep if sub & 4 else s2, s3 & keep if sub & 8 else s3, three, runs, tables)
        if value < best:
            best = value
    return best


def suits_holding(s0: int, s1: int, s2: int, s3: int, bit: int) -> int:
    """Which suits (bit k for suit k) hold the rank ``bit``."""
    return (
        (1 if s0 & bit else 0) | (2 if s1 & bit else 0)
        | (4 if s2 & bit else 0) | (8 if s3 & bit else 0)
    )


def _leaf(suits: list[int], runs: list[int], drop: list[tuple[tuple[int, int], ...]],
          best: dict[int, int]) -> None:
    """Record, for each card in ``suits``, the deadwood after discarding it (runs only)."""
    total = runs[suits[0]] + runs[suits[1]] + runs[suits[2]] + runs[suits[3]]
    for k in range(4):
        m = suits[k]
        if m:
            base = total - runs[m]
            offset = 13 * k
            for r, rest in drop[m]:
                value = base + rest
                index = offset + r
                if value < best.get(index, 1 << 20):
                    best[index] = value


def discard_deadwoods_mask(mask: int, ace_high: bool = False) -> dict[int, int]:
    """For each card index in ``mask``: the least deadwood left after discarding it."""
    runs = _RUNS[ace_high]
    drop = _DROP[ace_high]
    suits = [mask & _SUIT, (mask >> 13) & _SUIT, (mask >> 26) & _SUIT, (mask >> 39) & _SUIT]
    ranks = set_ranks(*suits)
    best: dict[int, int] = {}
    if not ranks:
        _leaf(suits, runs, drop, best)
        return best
    s0, s1, s2, s3 = suits
    choices = [(0, *HOLDER_SETS[suits_holding(s0, s1, s2, s3, bit)]) for bit in ranks]
    for choice in product(*choices):
        trial = list(suits)
        for bit, sub in zip(ranks, choice, strict=True):
            if sub:
                for k in range(4):
                    if sub >> k & 1:
                        trial[k] ^= bit
        _leaf(trial, runs, drop, best)
    return best


def min_deadwood_search(mask: int, ace_high: bool = False) -> int:
    """Reference solver: tries every meld containing the lowest undecided card.

    Slower than :func:`min_deadwood_mask`; the arrangement search builds on it and the
    tests check both agree.
    """
    return _dfs(mask, ace_high, {})


def _dfs(mask: int, ace_high: bool, memo: dict[int, int]) -> int:
    hit = memo.get(mask)
    if hit is not None:
        return hit
    if mask == 0:
        return 0
    low = mask & -mask
    index = low.bit_length() - 1
    best = _VALUES[ace_high][index] + _dfs(mask ^ low, ace_high, memo)
    if best:
        for meld in _MELDS_CONTAINING[ace_high][index]:
            if meld & mask == meld:
                best = min(best, _dfs(mask ^ meld, ace_high, memo))
                if best == 0:
                    break
    memo[mask] = best
    return best


def min_deadwood(cards: Iterable[Card], ace_high: bool = False) -> int:
    """The least deadwood of exactly these cards, any number of them.

    >>> from knockrummy.engine.cards import parse_cards
    >>> min_deadwood(parse_cards("AS 2S 3S 4S KD"))
    10
    """
    mask = 0
    for card in cards:
        mask |= _BIT[card.index]
    # min_deadwood_mask(mask, ace_high) written out, as a call costs about as much as its
    # work on the usual hand; 0x1FFF is _SUIT, a constant being quicker to load
    runs = _RUNS_HIGH if ace_high else _RUNS_LOW
    s0 = mask & 0x1FFF
    s1 = mask >> 13 & 0x1FFF
    s2 = mask >> 26 & 0x1FFF
    s3 = mask >> 39
    total = runs[s0] + runs[s1] + runs[s2] + runs[s3]
    three = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))
    if three:
        if three & (three - 1) or s0 & s1 & s2 & s3:
            return _search_sets(s0, s1, s2, s3, three, runs)
        keep = ~three
        melded = runs[s0 & keep] + runs[s1 & keep] + runs[s2 & keep] + runs[s3 & keep]
        if melded < total:
            return melded
    return total


def _arrangements_mask(mask: int, ace_high: bool) -> list[list[int]]:
    """Every set of disjoint melds (as masks) reaching the minimum deadwood of ``mask``."""
    target = min_deadwood_mask(mask, ace_high)
    results: list[list[int]] = []

    def walk(remaining: int, budget: int, chosen: list[int]) -> None:
        # budget: deadwood still allowed for the cards in ``remaining``.
        if min_deadwood_mask(remaining, ace_high) > budget:
            return
        if remaining == 0:
            results.append(list(chosen))
            return
        low = remaining & -remaining
        index = low.bit_length() - 1
        value = _VALUES[ace_high][index]
        if value <= budget:
            walk(remaining ^ low, budget - value, chosen)
        for meld in _MELDS_CONTAINING[ace_high][index]:
            if meld & remaining == meld:
                chosen.append(meld)
                walk(remaining ^ meld, budget, chosen)
                chosen.pop()

    walk(mask, target, [])
    return results


def arrangements(cards: Iterable[Card], ace_high: bool = False) -> list[Arrangement]:
    """Every optimal arrangement (least deadwood), in a stable canonical order.

    >>> from knockrummy.engine.cards import parse_cards
    >>> [[" ".join(map(str, m)) for m in a] for a in arrangements(parse_cards("7H 8H 9H 9S 9D 9C"))]
    [['9S 9D 9C', '7H 8H 9H']]
    """
    out = {
        tuple(sorted((sort_meld(mask_cards(m), ace_high) for m in found), key=_meld_key))
        for found in _arrangements_mask(cards_mask(cards), ace_high)
    }
    return sorted(out, key=lambda a: [_meld_key(m) for m in a])


def _meld_key(meld: Meld) -> tuple[int, ...]:
    return tuple(c.index for c in meld)


def best_arrangement(cards: Iterable[Card], ace_high: bool = False) -> Arrangement:
    """The first optimal arrangement in canonical order (``()`` when nothing melds)."""
    found = arrangements(cards, ace_high)
    return found[0] if found else ()


def deadwood_cards(cards: Iterable[Card], arrangement: Arrangement) -> list[Card]:
    """The cards of ``cards`` outside ``arrangement``."""
    used = {c for meld in arrangement for c in meld}
    return [c for c in cards if c not in used]


def cards_value(cards: Iterable[Card], ace_high: bool = False) -> int:
    """Total value of the cards."""
    return sum(c.value(ace_high) for c in cards)


def best_discard(cards: Sequence[Card], ace_high: bool = False) -> tuple[Card, int]:
    """For a hand one card over its size: the discard leaving the least deadwood.

    Among equal discards the highest-valued card goes (then the highest index).

    >>> from knockrummy.engine.cards import parse_cards
    >>> best_discard(parse_cards("3S 4S 5S 9H 9S 9D JH JS JD 7C AS"))
    (Card('7C'), 1)
    """
    if not cards:
        raise ValueError("an empty hand has nothing to discard")
    mask = 0
    for card in cards:
        mask |= _BIT[card.index]
    key = _best_discard_key(mask, ace_high)
    return DECK[63 - (key & 63)], key >> _TIE_BITS


def discard_deadwoods(cards: Iterable[Card], ace_high: bool = False) -> dict[Card, int]:
    """For each card: the least deadwood of the others (the count after discarding it)."""
    after = discard_deadwoods_mask(cards_mask(cards), ace_high)
    return {DECK[i]: dw for i, dw in after.items()}


def melds_in(cards: Iterable[Card], ace_high: bool = False) -> list[Meld]:
    """Every meld that can be formed from these cards (overlapping ones included)."""
    mask = cards_mask(cards)
    seen: set[int] = set()
    out: list[Meld] = []
    for lst in _MELDS_CONTAINING[ace_high]:
        for meld in lst:
            if meld & mask == meld and meld not in seen:
                seen.add(meld)
                out.append(sort_meld(mask_cards(meld), ace_high))
    return sorted(out, key=_meld_key)
