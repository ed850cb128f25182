"""Gin Rummy (seed 002) and Gin Rummy - Yimmaw (seed 004), rule by rule."""

from __future__ import annotations

import pytest

from knockrummy.engine import (
    PRESETS,
    BigGin,
    Card,
    Discard,
    DrawDiscard,
    DrawStock,
    FinishLayoffs,
    IllegalAction,
    Knock,
    LayOff,
    PassUpcard,
)
from knockrummy.engine.flow import apply, deal, legal_actions
from knockrummy.engine.match import HandRecord, MatchState, _check_end, next_dealer
from knockrummy.engine.state import HandResult, Phase
from tests.builders import card_count, make_hand, play

GIN = PRESETS["gin"]
YIMMAW = PRESETS["gin-yimmaw"]
C = Card.parse

# Knocker: 4-5-6C, J-J-J, 7-8-9S, deadwood 3H; discards KC -> 3.
KNOCKER_3 = "4C 5C 6C JH JS JD 7S 8S 9S 3H KC"
# Defender: 2-3-4-5D, Q-Q-Q, deadwood AH KD TD -> 21; nothing fits the knocker's melds.
DEFENDER_21 = "2D 3D 4D 5D QH QS QC AH KD TD"


def test_first_turn_non_dealer_then_dealer_may_take_the_up_card_or_pass() -> None:
    state, _ = deal(GIN, 2, dealer=0, seed=11)
    assert state.phase is Phase.UPCARD_OFFER and state.current == 1
    assert legal_actions(state) == [DrawDiscard(), PassUpcard()]
    state = play(state, PassUpcard())
    assert state.phase is Phase.UPCARD_OFFER and state.current == 0
    state = play(state, PassUpcard())
    # both passed: the non-dealer takes a normal turn
    assert state.phase is Phase.DRAW and state.current == 1
    assert set(map(type, legal_actions(state))) == {DrawStock, DrawDiscard}


def test_first_turn_taking_the_up_card_then_discarding() -> None:
    state, _ = deal(GIN, 2, dealer=0, seed=11)
    upcard = state.discard[-1]
    state = play(state, DrawDiscard())
    assert state.phase is Phase.PLAY and upcard in state.hands[1]
    assert state.public_taken[1] == (upcard,)
    state = play(state, Discard(state.hands[1][0]))
    assert state.current == 0 and state.phase is Phase.DRAW


def test_deal_ten_each_and_only_two_players() -> None:
    state, _ = deal(GIN, 2, 0, seed=2)
    assert [len(h) for h in state.hands] == [10, 10]
    with pytest.raises(ValueError, match="for 2 players"):
        deal(GIN, 3, 0, seed=2)


def test_knock_refused_above_10_deadwood_with_the_reason() -> None:
    # 4-5-6C, J-J-J; 7S 8S 9H TH KC unmatched: any discard leaves 34 or more.
    heavy = make_hand(GIN, ["4C 5C 6C JH JS JD 7S 8S 9H TH KC", DEFENDER_21], phase=Phase.PLAY)
    with pytest.raises(IllegalAction, match="need 10 or less deadwood.*throwing K♣ leaves 34"):
        apply(heavy, Knock(C("KC")))
    assert not any(isinstance(a, Knock) for a in legal_actions(heavy))
    assert Discard(C("KC")) in legal_actions(heavy)


def test_knock_allowed_at_exactly_10() -> None:
    # 4-5-6C, J-J-J, 7-8-9S; TH and KC unmatched: discarding either leaves 10.
    state = make_hand(GIN, ["4C 5C 6C JH JS JD 7S 8S 9S TH KC", DEFENDER_21], phase=Phase.PLAY)
    knocks = {str(a.card) for a in legal_actions(state) if isinstance(a, Knock)}
    assert knocks == {"TH", "KC"}


def test_seed_002_knock_points_21_minus_3_is_18() -> None:
    state = make_hand(YIMMAW, [KNOCKER_3, DEFENDER_21], phase=Phase.PLAY)
    pile = state.discard
    state = play(state, Knock(C("KC")))
    assert state.discard == pile  # the knock card goes face down
    assert state.knock_card is C("KC")
    assert state.result is not None
    assert state.result.outcome == "knock"
    assert state.result.counts == (3, 21)
    assert state.result.points == (18, 0)
    assert card_count(state) == 52


def test_gin_scores_25_plus_the_defenders_count_and_allows_no_layoffs() -> None:
    # 3C would fit 4-5-6C, but nobody lays off on gin.
    state = make_hand(
        YIMMAW,
        ["4C 5C 6C JH JS JD 7S 8S 9S TS KC", "2D 3D 4D 5D QH QS QC AH KD 3C"],
        phase=Phase.PLAY,
    )
    state = play(state, Knock(C("KC")))
    assert state.knock_kind == "gin"
    assert state.result is not None
    assert state.result.points == (25 + 14, 0)
    assert state.laid_off == ((), ())


@pytest.mark.parametrize(("rules", "bonus"), [(GIN, 31), (YIMMAW, 30)])
def test_big_gin_all_eleven_melded_no_discard(rules: object, bonus: int) -> None:
    state = make_hand(rules, ["4C 5C 6C 7C JH JS JD 7S 8S 9S TS", DEFENDER_21],  # type: ignore[arg-type]
                      phase=Phase.PLAY)
    assert BigGin() in legal_actions(state)
    state = play(state, BigGin())
    assert state.result is not None
    assert state.result.outcome == "big_gin"
    assert state.result.points == (bonus + 21, 0)


def test_big_gin_not_offered_when_a_card_is_unmelded() -> None:
    state = make_hand(GIN, [KNOCKER_3, DEFENDER_21], phase=Phase.PLAY)
    assert BigGin() not in legal_actions(state)
    with pytest.raises(IllegalAction, match="Every card must be in a meld"):
        apply(state, BigGin())


def test_undercut_when_defender_is_lower_scores_difference_plus_25() -> None:
    # Knocker 3 (3H); defender 2-6D, Q-Q-Q, deadwood AC AH = 2.
    state = make_hand(YIMMAW, [KNOCKER_3, "2D 3D 4D 5D 6D QH QS QC AC AH"], phase=Phase.PLAY)
    state = play(state, Knock(C("KC")))
    assert state.result is not None
    assert state.result.counts == (3, 2)
    assert state.result.outcome == "undercut"
    assert state.result.winners == (1,)
    assert state.result.points == (0, 25 + 1)
    assert state.result.lines[-1] == "Undercut: 25 + 1 = 26"


def test_undercut_on_a_tie() -> None:
    # Knocker 3; defender's deadwood AC 2C = 3: a tie is an undercut in two-player Gin.
    state = make_hand(YIMMAW, [KNOCKER_3, "2D 3D 4D 5D 6D QH QS QC AC 2C"], phase=Phase.PLAY)
    state = play(state, Knock(C("KC")))
    assert state.result is not None
    assert state.result.counts == (3, 3)
    assert state.result.outcome == "undercut"
    assert state.result.points == (0, 25)


def test_gin_is_never_undercut() -> None:
    state = make_hand(
        YIMMAW,
        ["4C 5C 6C JH JS JD 7S 8S 9S TS KC", "2D 3D 4D 5D QH QS QC 8D 8C 8H"],
        phase=Phase.PLAY,
    )
    state = play(state, Knock(C("KC")))
    assert state.result is not None
    assert state.result.counts == (0, 0)
    assert state.result.outcome == "gin"
    assert state.result.points == (25, 0)


def test_automatic_layoffs_are_made_optimally() -> None:
    # 3C and 7C fit 4-5-6C, TS fits 7-8-9S, JC fits J-J-J.
    state = make_hand(
        YIMMAW, [KNOCKER_3, "2D 3D 4D QH QS QC 3C 7C TS JC"], phase=Phase.PLAY
    )
    state = play(state, Knock(C("KC")))
    assert state.result is not None
    assert sorted(map(str, state.laid_off[1])) == ["3C", "7C", "JC", "TS"]
    assert state.result.counts == (3, 0)
    assert state.result.outcome == "undercut"


def test_laying_off_by_hand_then_finishing() -> None:
    state = make_hand(GIN, [KNOCKER_3, "2D 3D 4D QH QS QC 3C 7C TS AH"], phase=Phase.PLAY)
    state = play(state, Knock(C("KC")))
    assert state.phase is Phase.LAYOFF and state.current == 1
    assert [str(m.cards[0]) for m in state.table] == [str(m.original[0]) for m in state.table]
    actions = legal_actions(state)
    assert FinishLayoffs() in actions
    lay = [a for a in actions if isinstance(a, LayOff)]
    assert {str(a.card) for a in lay} == {"3C", "7C", "TS"}
    with pytest.raises(IllegalAction, match="does not fit"):
        apply(state, LayOff(C("AH"), lay[0].target))
    for action in lay:
        state = play(state, action)
    state = play(state, FinishLayoffs())
    assert state.result is not None
    assert state.result.counts == (3, 1)
    assert state.result.points == (0, 25 + 2)


def test_knocker_never_lays_off_and_cannot_act_in_the_layoff_phase() -> None:
    state = make_hand(GIN, [KNOCKER_3, "2D 3D 4D QH QS QC 3C 7C TS AD"], phase=Phase.PLAY)
    state = play(state, Knock(C("KC")))
    assert state.knocker == 0 and state.current == 1 and state.layoff_queue == ()


def test_dead_hand_when_two_cards_are_left_in_the_stock() -> None:
    state = make_hand(GIN, [KNOCKER_3, DEFENDER_21], stock_top="2C", stock_size=3)
    state = play(state, DrawStock())
    assert len(state.stock) == 2
    state = play(state, Discard(C("2C")))
    assert state.result is not None
    assert state.result.outcome == "void"
    assert state.result.points == (0, 0)


def _result(outcome: str, winner: int | None, points: tuple[int, int]) -> HandResult:
    return HandResult(outcome, () if winner is None else (winner,), points, (0, 0), ())


def _match_with(results: list[HandResult]) -> MatchState:
    base = make_hand(GIN, [KNOCKER_3, DEFENDER_21], phase=Phase.PLAY)
    records = tuple(HandRecord(i, 0, 0, (), r) for i, r in enumerate(results))
    scores = tuple(sum(r.points[s] for r in results) for s in range(2))
    match = MatchState(GIN, 2, ("A", "B"), 1, base, len(results) - 1, scores, records)
    return _check_end(match)


def test_game_to_100_with_game_bonus_and_line_bonus() -> None:
    results = [_result("knock", 0, (60, 0)), _result("undercut", 1, (0, 30)),
               _result("gin", 0, (45, 0))]
    match = _match_with(results)
    assert match.over
    # A: 105 + 100 game + 2 x 25 lines = 255; B: 30 + 25 = 55
    assert match.final == (255, 55)
    assert match.winners == (0,)


def test_game_not_over_below_100() -> None:
    assert not _match_with([_result("knock", 0, (60, 0))]).over


def test_shutout_doubles_hand_points_before_the_line_bonus() -> None:
    match = _match_with([_result("knock", 0, (60, 0)), _result("gin", 0, (45, 0))])
    assert match.final == (105 * 2 + 100 + 50, 0)
    assert any("Shutout" in line for line in match.bonus_lines)


def test_no_shutout_when_a_hand_was_void() -> None:
    match = _match_with(
        [_result("knock", 0, (60, 0)), _result("void", None, (0, 0)), _result("gin", 0, (45, 0))]
    )
    assert match.final == (105 + 100 + 50, 0)


def test_next_dealer_is_the_winner_and_the_same_after_a_void_hand() -> None:
    state = make_hand(GIN, [KNOCKER_3, DEFENDER_21], stock_top="2C", stock_size=3, dealer=1)
    void = play(state, DrawStock(), Discard(C("2C")))
    match = MatchState(GIN, 2, ("A", "B"), 1, void, 0, (0, 0))
    assert next_dealer(match) == 1
    won = play(make_hand(YIMMAW, [KNOCKER_3, DEFENDER_21], phase=Phase.PLAY, dealer=0),
               Knock(C("KC")))
    assert next_dealer(MatchState(YIMMAW, 2, ("A", "B"), 1, won, 0, (0, 0))) == 0


def test_the_knocker_chooses_among_equally_low_arrangements() -> None:
    # 2-3-4 of spades, hearts and diamonds: three runs or three sets, both leave AC (1).
    knocker = "2S 3S 4S 2H 3H 4H 2D 3D 4D AC KC"
    defender = "5S 5H QH QS QC 9D 8C 7H TC JD"
    state = make_hand(YIMMAW, [knocker, defender], phase=Phase.PLAY)
    runs = tuple(tuple(C(t) for t in m.split()) for m in ("2S 3S 4S", "2H 3H 4H", "2D 3D 4D"))
    sets = tuple(tuple(C(t) for t in m.split()) for m in ("2S 2H 2D", "3S 3H 3D", "4S 4H 4D"))
    shown_runs = play(state, Knock(C("KC"), runs))
    shown_sets = play(state, Knock(C("KC"), sets))
    # 5S and 5H extend the runs; nothing fits the sets of twos, threes and fours.
    assert sorted(map(str, shown_runs.laid_off[1])) == ["5H", "5S"]
    assert shown_sets.laid_off[1] == ()
    assert shown_runs.result is not None and shown_sets.result is not None
    assert shown_runs.result.counts[1] + 10 == shown_sets.result.counts[1]
    with pytest.raises(IllegalAction, match="not a best arrangement"):
        apply(state, Knock(C("KC"), runs[:2]))


def test_first_turn_the_dealer_may_take_the_up_card_after_the_non_dealer_passes() -> None:
    state, _ = deal(GIN, 2, dealer=0, seed=11)
    upcard = state.discard[-1]
    state = play(state, PassUpcard(), DrawDiscard())
    assert state.current == 0 and state.phase is Phase.PLAY
    assert upcard in state.hands[0] and state.taken is upcard
    with pytest.raises(IllegalAction, match="just took from the discard pile"):
        apply(state, Discard(upcard))


def test_chained_layoffs_onto_cards_already_laid_off_by_hand() -> None:
    # Knocker: 3-4-5H, J-J-J, 7-8-9S, 2C; knocks with KC (2).
    # Defender lays off 6H, and then 7H next to it; 7H does not fit before 6H is down.
    knocker = "3H 4H 5H JH JS JD 7S 8S 9S 2C KC"
    defender = "6H 7H QS QD QC 2D 3D 4D KD TD"
    state = play(make_hand(GIN, [knocker, defender], phase=Phase.PLAY), Knock(C("KC")))
    run = next(i for i, m in enumerate(state.table) if C("3H") in m.cards)
    assert LayOff(C("7H"), run) not in legal_actions(state)
    state = play(state, LayOff(C("6H"), run))
    assert LayOff(C("7H"), run) in legal_actions(state)
    state = play(state, LayOff(C("7H"), run), FinishLayoffs())
    assert state.result is not None
    assert state.result.counts == (2, 20)
    assert state.result.points == (18, 0)


def test_no_layoffs_after_big_gin() -> None:
    # 3C and 8C would fit 4-5-6-7C, TS fits... nothing is laid off on big gin.
    state = make_hand(YIMMAW, ["4C 5C 6C 7C JH JS JD 7S 8S 9S TS",
                               "3C 8C 6S 2D 3D 4D QH QS QD KD"], phase=Phase.PLAY)
    state = play(state, BigGin())
    assert state.result is not None
    assert state.laid_off == ((), ())
    assert state.result.counts == (0, 3 + 8 + 6 + 10)
    assert state.result.points == (30 + 27, 0)


def test_dead_hand_the_knock_is_still_allowed_with_two_cards_left() -> None:
    state = make_hand(YIMMAW, ["4C 5C 6C JH JS JD 7S 8S 9S 3H", DEFENDER_21],
                      stock_top="KC", stock_size=3)
    state = play(state, DrawStock())
    assert len(state.stock) == 2
    assert Knock(C("KC")) in legal_actions(state)
    state = play(state, Knock(C("KC")))
    assert state.result is not None and state.result.outcome == "knock"
