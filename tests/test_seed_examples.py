"""Every worked example of the source documents (shared/seeds/), with the cards written out.

Examples already covered elsewhere are named in the comments:
seed 000's 16-11 = 5 (test_rules_knock_rummy), seed 002's 21-3 = 18 and seed 002's
6H/5H (test_rules_gin, test_rules_gin_multi), seed 004's 3-4-5C + 6C (test_layoffs),
seed 004's 7C / AS discard (test_melds), seed 003's Alice/Bob/Carol/Dan from counts
(test_rules_rummy). This file adds the others, and plays the counted ones as hands.
"""

from __future__ import annotations

import pytest

from knockrummy.engine import (
    PRESETS,
    Card,
    Discard,
    DrawStock,
    FinishLayoffs,
    IllegalAction,
    Knock,
    LayOff,
    best_layoffs,
    is_meld,
    is_run,
    is_set,
    min_deadwood,
)
from knockrummy.engine.flow import apply, legal_actions
from knockrummy.engine.rules import Layoffs
from knockrummy.engine.state import Phase, evolve
from tests.builders import card_count, cards, make_hand, play

GIN = PRESETS["gin"]
YIMMAW = PRESETS["gin-yimmaw"]
RUMMY = PRESETS["rummy"]
C = Card.parse


# ----------------------------------------------------------------------------- seed 002


def test_seed_002_basic_concepts_sets_runs_and_no_wrapping() -> None:
    """H8 S8 D8 and H12 S12 D12 C12 are sets; H1 H2 H3 and C6-C10 are runs;
    Q,K,A,2 is not a run; an 8 cannot count in both 8,8,8 and 7,8,9."""
    assert is_set(cards("8H 8S 8D"))
    assert is_set(cards("QH QS QD QC"))
    assert is_run(cards("AH 2H 3H"))
    assert is_run(cards("6C 7C 8C 9C TC"))
    assert not is_meld(cards("QS KS AS 2S"))
    assert min_deadwood(cards("8H 8S 8D 7H 9H")) == 7 + 9


def test_seed_002_deadwood_3_5_9_knocks_with_the_9_and_keeps_8() -> None:
    # J-J-J-J and 4-5-6-7C melded; deadwood 3H 5D 9S. Knocking with the 9 leaves 3 + 5 = 8.
    knocker = "JH JS JD JC 4C 5C 6C 7C 3H 5D 9S"
    defender = "2D 3D 4D QH QS QC 8H 8S KD TS"  # 8H 8S KD TS unmatched: 36
    state = make_hand(YIMMAW, [knocker, defender], phase=Phase.PLAY)
    knocks = {str(a.card) for a in legal_actions(state) if isinstance(a, Knock)}
    assert knocks == {"9S"}  # the 5 would leave 12, the 3 would leave 14
    with pytest.raises(IllegalAction, match="throwing 5♦ leaves 12"):
        apply(state, Knock(C("5D")))
    state = play(state, Knock(C("9S")))
    assert state.result is not None
    assert state.result.counts == (8, 36)
    assert state.result.points == (28, 0)


def test_seed_002_layoff_h4_onto_the_knockers_h1_h2_h3() -> None:
    # Knocker: A-2-3H, 9-9-9, K-K-K, 2C; knocks with QD (2). Defender holds 4H as deadwood.
    knocker = "AH 2H 3H 9S 9D 9C KS KD KC 2C QD"
    defender = "4H 5S 6S 7S 8D 8H 8C JD JS TC"  # 4H JD JS TC unmatched: 34
    state = play(make_hand(GIN, [knocker, defender], phase=Phase.PLAY), Knock(C("QD")))
    assert state.phase is Phase.LAYOFF
    run = next(i for i, m in enumerate(state.table) if C("AH") in m.cards)
    assert [a for a in legal_actions(state) if isinstance(a, LayOff)] == [LayOff(C("4H"), run)]
    state = play(state, LayOff(C("4H"), run), FinishLayoffs())
    assert state.result is not None
    assert [str(c) for c in state.table[run].cards] == ["AH", "2H", "3H", "4H"]
    assert state.result.counts == (2, 30)
    assert state.result.points == (28, 0)


def test_seed_002_jh_6h_and_two_4s_lay_off_from_24_to_4() -> None:
    """"has JH and 6H and two 4s ... lowering the penalty points from 24 to 4":
    JH and 6H go on 7-8-9-TH, one 4 on 5-6-7S; the other 4 stays."""
    run_h, run_s = cards("7H 8H 9H TH"), cards("5S 6S 7S")
    hand = cards("QS QD QC 8C 9C TC JH 6H 4S 4C")
    assert min_deadwood(hand) == 24
    for mode in (Layoffs.ORIGINAL_ONLY, Layoffs.CHAINED):
        plays, count = best_layoffs(hand, [(run_h, run_h), (run_s, run_s)], mode)
        assert count == 4
        assert sorted(str(c) for c, _ in plays) == ["4S", "6H", "JH"]
    # Played out as a two-player hand: the knocker keeps AD 2C 3D (6), so 4 undercuts.
    knocker = "7H 8H 9H TH 5S 6S 7S AD 2C 3D KH"
    state = play(make_hand(YIMMAW, [knocker, " ".join(map(str, hand))], phase=Phase.PLAY),
                 Knock(C("KH")))
    assert state.result is not None
    assert sorted(map(str, state.laid_off[1])) == ["4S", "6H", "JH"]
    assert state.result.counts == (6, 4)
    assert state.result.outcome == "undercut"
    assert state.result.points == (0, 25 + 2)


# ----------------------------------------------------------------------------- seed 004

KNOCK_HAND_004 = "3S 4S 5S 9H 9S 9D JH JS JD 7C AS"


def test_seed_004_knock_with_the_7c_leaves_the_ace_and_wins_against_2() -> None:
    # Defender: 6-7-8H, T-T-T, Q-Q-Q and 2C: 2 points, nothing to lay off.
    defender = "6H 7H 8H TC TD TH QD QH QC 2C"
    state = play(make_hand(YIMMAW, [KNOCK_HAND_004, defender], phase=Phase.PLAY),
                 Knock(C("7C")))
    assert state.result is not None
    assert state.result.counts == (1, 2)
    assert state.result.outcome == "knock"
    assert state.result.points == (1, 0)


def test_seed_004_knock_with_the_7c_is_undercut_by_an_equal_1() -> None:
    defender = "6H 7H 8H TC TD TH QD QH QC AC"
    state = play(make_hand(YIMMAW, [KNOCK_HAND_004, defender], phase=Phase.PLAY),
                 Knock(C("7C")))
    assert state.result is not None
    assert state.result.counts == (1, 1)
    assert state.result.outcome == "undercut"
    assert state.result.points == (0, 25)


def test_seed_004_knocking_with_the_ace_instead_leaves_7() -> None:
    defender = "6H 7H 8H TC TD TH QD QH QC 2C"
    state = play(make_hand(YIMMAW, [KNOCK_HAND_004, defender], phase=Phase.PLAY),
                 Knock(C("AS")))
    assert state.result is not None
    assert state.result.counts == (7, 2)
    assert state.result.points == (0, 25 + 5)


def test_seed_004_you_must_draw_before_knocking() -> None:
    state = make_hand(YIMMAW, ["3S 4S 5S 9H 9S 9D JH JS JD AS", "6H 7H 8H TC TD TH QD QH QC 2C"],
                      stock_top="7C")
    with pytest.raises(IllegalAction, match="Draw a card first"):
        apply(state, Knock(C("AS")))
    state = play(state, DrawStock(), Knock(C("7C")))
    assert state.result is not None and state.result.counts == (1, 2)


# ----------------------------------------------------------------------------- seed 003


def test_seed_003_second_exhaustion_alice_6_bob_15_carol_7_dan_21_alice_scores_25() -> None:
    # Dan draws the last card of the second stock and throws it back: the round ends.
    state = make_hand(
        RUMMY,
        ["AS 2H 3D", "5C KD", "4S 3C", "JH 9S 2C"],
        stock_top="KH",
        stock_size=1,
        current=3,
    )
    state = evolve(state, exhaustions=1, names=("Alice", "Bob", "Carol", "Dan"))
    state = play(state, DrawStock(), Discard(C("KH")))
    assert state.result is not None
    assert state.result.outcome == "exhausted"
    assert state.result.counts == (6, 15, 7, 21)
    assert state.result.winners == (0,)
    assert state.result.points == (25, 0, 0, 0)
    assert state.result.lines[-1] == "Alice scores 9 + 1 + 15 = 25"
    assert card_count(state) == 52
