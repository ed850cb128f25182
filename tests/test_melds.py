"""Melds and deadwood (RULES.md, common ground), with the cards written out."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from knockrummy.engine import DECK, Card, arrangements, best_discard, min_deadwood
from knockrummy.engine.cards import cards_mask
from knockrummy.engine.melds import (
    discard_deadwoods,
    fits_meld,
    is_meld,
    is_run,
    is_set,
    melds_in,
    min_deadwood_mask,
    min_deadwood_search,
)
from tests.builders import cards


def test_set_is_three_or_four_of_a_rank() -> None:
    assert is_set(cards("8H 8S 8D"))
    assert is_set(cards("QH QS QD QC"))
    assert not is_set(cards("8H 8S"))
    assert not is_set(cards("8H 8S 9D"))


def test_run_is_three_or_more_consecutive_of_one_suit() -> None:
    assert is_run(cards("AH 2H 3H"))
    assert is_run(cards("6C 7C 8C 9C TC"))
    assert not is_run(cards("6C 7C 9C"))
    assert not is_run(cards("6C 7C 8D"))


def test_runs_never_wrap_and_ace_is_low() -> None:
    assert not is_run(cards("QS KS AS"))
    assert not is_run(cards("KS AS 2S"))
    assert not is_run(cards("QS KS AS 2S"))


def test_ace_high_option_allows_QKA_and_forbids_A23() -> None:
    assert is_run(cards("QS KS AS"), ace_high=True)
    assert not is_run(cards("AS 2S 3S"), ace_high=True)
    assert min_deadwood(cards("QS KS AS 2H"), ace_high=True) == 2
    assert min_deadwood(cards("AS 2S 3S"), ace_high=True) == 15 + 2 + 3


def test_deadwood_counts_A1_faces_10() -> None:
    assert min_deadwood(cards("AS KD QC 5H")) == 1 + 10 + 10 + 5


def test_a_card_belongs_to_one_meld_only() -> None:
    # 8H cannot serve both 8-8-8 and 7H-8H-9H: either way two cards are left (16).
    assert min_deadwood(cards("7H 8H 9H 8S 8D")) == 7 + 9
    # with the fourth eight both melds fit: 6-7-8-9H and 8S 8D 8C share no card.
    assert min_deadwood(cards("6H 7H 8H 9H 8S 8D 8C")) == 0


def test_the_card_that_fits_both_a_set_and_a_run_is_placed_best() -> None:
    # 9H in the run leaves 9S 9D (18); in the set it leaves 7H 8H (15).
    assert min_deadwood(cards("7H 8H 9H 9S 9D")) == 15
    # with the fourth nine the set keeps three and the run keeps 9H.
    assert min_deadwood(cards("7H 8H 9H 9S 9D 9C")) == 0


def test_empty_and_small_hands() -> None:
    assert min_deadwood([]) == 0
    assert min_deadwood(cards("KS")) == 10


def test_every_optimal_arrangement_is_listed() -> None:
    # 5H could go in the run or the set, but only 3-4-5-6H with 5S 5D 5C reaches 0.
    found = arrangements(cards("3H 4H 5H 6H 5S 5D 5C"))
    assert [[str(c) for c in m] for a in found for m in a] == [
        ["5S", "5D", "5C"], ["3H", "4H", "5H", "6H"],
    ]
    # 4S in the set of fours (with 5-6-7S) is the only way to meld all six cards.
    two = arrangements(cards("4S 5S 6S 7S 4H 4D"))
    assert len(two) == 1
    many = arrangements(cards("2S 3S 4S 2H 3H 4H 2D 3D 4D"))  # three runs or three sets
    assert len(many) == 2
    assert all(sum(len(m) for m in a) == 9 for a in many)


def test_seed_004_seven_of_clubs_or_ace_of_spades() -> None:
    """3-4-5S, 9-9-9, J-J-J, 7C and AS: discarding 7C leaves 1, discarding AS leaves 7."""
    hand = cards("3S 4S 5S 9H 9S 9D JH JS JD 7C AS")
    after = discard_deadwoods(hand)
    assert after[Card.parse("7C")] == 1
    assert after[Card.parse("AS")] == 7
    assert best_discard(hand) == (Card.parse("7C"), 1)


def test_best_discard_prefers_the_highest_card_on_a_tie() -> None:
    # Both KD and QC leave the other as deadwood... discarding either leaves 10.
    card, dw = best_discard(cards("AS 2S 3S 4H 5H 6H 7D 8D 9D KD QC"))
    assert dw == 10 and card in cards("KD QC")


def test_fits_meld_for_layoffs() -> None:
    assert fits_meld(Card.parse("6C"), cards("3C 4C 5C"))
    assert fits_meld(Card.parse("2C"), cards("3C 4C 5C"))
    assert not fits_meld(Card.parse("7C"), cards("3C 4C 5C"))
    assert fits_meld(Card.parse("8D"), cards("8H 8S 8C"))


def test_melds_in_lists_overlapping_melds() -> None:
    found = {" ".join(map(str, m)) for m in melds_in(cards("5S 6S 7S 8S"))}
    assert found == {"5S 6S 7S", "6S 7S 8S", "5S 6S 7S 8S"}


# ----------------------------------------------------------------- brute force reference


def _reference_melds(hand: list[Card], ace_high: bool) -> list[frozenset[Card]]:
    out: list[frozenset[Card]] = []
    for size in (3, 4):
        for combo in combinations(hand, size):
            if len({c.rank for c in combo}) == 1:
                out.append(frozenset(combo))

    def pos(c: Card) -> int:
        return 14 if ace_high and c.rank == 1 else c.rank

    for suit in range(4):
        line = sorted((c for c in hand if c.suit == suit), key=pos)
        for i in range(len(line)):
            for j in range(i + 2, len(line)):
                chunk = line[i : j + 1]
                if all(pos(b) == pos(a) + 1 for a, b in zip(chunk, chunk[1:], strict=False)):
                    out.append(frozenset(chunk))
    return out


def reference_deadwood(hand: list[Card], ace_high: bool = False) -> int:
    """Try every set of disjoint melds: the plain, slow definition of deadwood."""
    melds = _reference_melds(hand, ace_high)
    total = sum(c.value(ace_high) for c in hand)
    best = total

    def search(i: int, used: frozenset[Card], melded: int) -> None:
        nonlocal best
        best = min(best, total - melded)
        for k in range(i, len(melds)):
            if not (melds[k] & used):
                search(k + 1, used | melds[k], melded + sum(c.value(ace_high) for c in melds[k]))

    search(0, frozenset(), 0)
    return best


@pytest.mark.parametrize("size", [10, 11])
def test_solver_agrees_with_brute_force_on_10000_random_hands_each(size: int) -> None:
    rng = random.Random(size)
    for _ in range(10_000):
        hand = rng.sample(DECK, size)
        assert min_deadwood(hand) == reference_deadwood(hand), hand


def test_solver_agrees_with_brute_force_on_meld_rich_hands() -> None:
    """Random hands drawn from few ranks and suits, so melds overlap a lot."""
    rng = random.Random(7)
    pool = [c for c in DECK if 3 <= c.rank <= 9]
    for _ in range(3_000):
        hand = rng.sample(pool, rng.randint(7, 13))
        ace_high = rng.random() < 0.3
        expected = reference_deadwood(hand, ace_high)
        assert min_deadwood(hand, ace_high) == expected
        assert min_deadwood_search(cards_mask(hand), ace_high) == expected
        for arrangement in arrangements(hand, ace_high):
            used = [c for m in arrangement for c in m]
            assert len(used) == len(set(used))
            assert all(is_meld(m, ace_high) for m in arrangement)
            assert sum(c.value(ace_high) for c in hand if c not in used) == expected


def test_best_discard_agrees_with_trying_every_discard() -> None:
    rng = random.Random(3)
    for _ in range(3_000):
        hand = rng.sample(DECK, 11)
        card, dw = best_discard(hand)
        options = {c: reference_deadwood([x for x in hand if x is not c]) for c in hand}
        assert dw == min(options.values())
        assert options[card] == dw


def test_every_optimal_arrangement_is_found_compared_with_brute_force() -> None:
    """``arrangements`` lists exactly the sets of disjoint melds reaching the least deadwood
    (the knocker chooses among them), on meld-rich hands, ace low and high."""
    rng = random.Random(5)
    several = 0
    for _ in range(1000):
        ace_high = rng.random() < 0.3
        hand = rng.sample([c for c in DECK if 3 <= c.rank <= 8], rng.randint(6, 10))
        target = min_deadwood(hand, ace_high)
        melds = [frozenset(combo) for k in range(3, len(hand) + 1)
                 for combo in combinations(hand, k) if is_meld(combo, ace_high)]
        expected: set[frozenset[frozenset[Card]]] = set()

        def search(i: int, used: frozenset[Card], chosen: list[frozenset[Card]],
                   melds: list[frozenset[Card]] = melds, hand: list[Card] = hand,
                   ace_high: bool = ace_high, target: int = target,
                   expected: set[frozenset[frozenset[Card]]] = expected) -> None:
            if sum(c.value(ace_high) for c in hand if c not in used) == target:
                expected.add(frozenset(chosen))
            for k in range(i, len(melds)):
                if not melds[k] & used:
                    search(k + 1, used | melds[k], [*chosen, melds[k]])

        search(0, frozenset(), [])
        found = {frozenset(frozenset(m) for m in a) for a in arrangements(hand, ace_high)}
        assert found == expected, hand
        several += len(expected) > 1
    assert several > 20


# ------------------------------------------- the fast solver's paths against the reference

# Hands from few ranks, so ranks held three and four times (one, two, three of them) are
# common: every path of ``min_deadwood`` and ``best_discard`` is taken (no rank held three
# times; one rank held three times; four of a rank; two ranks or more).
_meld_rich_hands = st.integers(min_value=1, max_value=13).flatmap(
    lambda low: st.lists(
        st.sampled_from([c for c in DECK if low <= c.rank < low + 4 or c.rank == 1]),
        min_size=1, max_size=14, unique=True,
    )
)
_any_hands = st.lists(st.sampled_from(DECK), min_size=1, max_size=16, unique=True)


@settings(max_examples=1500, deadline=None)
@given(hand=st.one_of(_meld_rich_hands, _any_hands), ace_high=st.booleans())
def test_min_deadwood_agrees_with_the_reference_search(hand: list[Card], ace_high: bool) -> None:
    expected = min_deadwood_search(cards_mask(hand), ace_high)
    assert min_deadwood(hand, ace_high) == expected
    assert min_deadwood_mask(cards_mask(hand), ace_high) == expected


@settings(max_examples=1000, deadline=None)
@given(hand=st.one_of(_meld_rich_hands, _any_hands), ace_high=st.booleans())
def test_best_discard_is_the_least_deadwood_then_the_highest_card(
    hand: list[Card], ace_high: bool,
) -> None:
    """The best discard by its definition: the least deadwood left (the reference search),
    then the highest value, then the highest index; ``discard_deadwoods`` agrees."""
    mask = cards_mask(hand)
    left = {c: min_deadwood_search(mask ^ 1 << c.index, ace_high) for c in hand}
    card = min(hand, key=lambda c: (left[c], -c.value(ace_high), -c.index))
    assert best_discard(hand, ace_high) == (card, left[card])
    assert discard_deadwoods(hand, ace_high) == left


def test_four_of_a_rank_and_two_sets_beside_runs() -> None:
    # the four nines: 9H goes to the run 7-8-9H, the set keeps 9S 9D 9C
    assert min_deadwood(cards("7H 8H 9H 9S 9D 9C KC")) == 10
    # sixes and eights held three times, 6S and 8S wanted by the run: 4-5-6-7S with
    # 8S 8H 8D leaves 6H 6D KC (22); both sets leave 4S 5S 7S KC (26)
    hand = cards("4S 5S 6S 6H 6D 8S 8H 8D 7S KC")
    assert min_deadwood(hand) == min_deadwood_search(cards_mask(hand)) == 22
    assert best_discard(hand) == (Card.parse("KC"), 12)
