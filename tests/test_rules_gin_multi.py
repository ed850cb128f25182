"""Gin Rummy for 3-4 players (seed 002, second part), rule by rule."""

from __future__ import annotations

import pytest

from knockrummy.engine import PRESETS, Card, Discard, DrawStock, Knock
from knockrummy.engine.flow import deal, legal_actions
from knockrummy.engine.match import HandRecord, MatchState, _check_end
from knockrummy.engine.scoring import score_gin_multi
from knockrummy.engine.state import HandResult, Phase
from tests.builders import card_count, make_hand, play

MULTI = PRESETS["gin-multi"]
C = Card.parse


@pytest.mark.parametrize("players", [3, 4])
def test_three_or_four_players_seven_cards_each(players: int) -> None:
    state, _ = deal(MULTI, players, 0, seed=3)
    assert [len(h) for h in state.hands] == [7] * players
    assert state.phase is Phase.DRAW  # no first-turn up-card offer here


def test_seed_002_original_melds_only_six_then_five_of_hearts() -> None:
    # Knocker: 4-5-6C, 7-8-9H, 2S; discards KD -> 2.
    # Next player lays off 6H on 7-8-9H; the one after cannot add 5H, but may add TH.
    state = make_hand(
        MULTI,
        ["4C 5C 6C 7H 8H 9H 2S KD", "6H QS QH QD 9S 8D 2D", "5H TH KS KH KC 3D AS"],
        phase=Phase.PLAY,
    )
    state = play(state, Knock(C("KD")))
    assert state.result is not None
    assert [str(c) for c in state.laid_off[1]] == ["6H"]
    assert [str(c) for c in state.laid_off[2]] == ["TH"]
    assert state.result.counts == (2, 9 + 8 + 2, 5 + 3 + 1)
    assert state.result.outcome == "knock"
    assert state.result.points == (0, 17, 7)
    assert card_count(state) == 52


def test_knock_limit_is_ten() -> None:
    state = make_hand(
        MULTI,
        ["4C 5C 6C 7H 8H 9H TS KD", "6H QS QH QD 9S 8D 2D", "5H TH KS KH KC 3D AS"],
        phase=Phase.PLAY,
    )
    knocks = {str(a.card) for a in legal_actions(state) if isinstance(a, Knock)}
    assert knocks == {"TS", "KD"}


def test_gin_penalty_is_own_deadwood_plus_25() -> None:
    result = score_gin_multi(MULTI, "ABCD", [0, 12, 4, 30], knocker=0, kind="gin")
    assert result.points == (0, 37, 29, 55)


def test_knock_penalty_is_own_deadwood_minus_knockers() -> None:
    result = score_gin_multi(MULTI, "ABC", [8, 12, 30], knocker=0, kind="knock")
    assert result.points == (0, 4, 22)


def test_a_tie_with_the_knocker_is_not_an_undercut() -> None:
    result = score_gin_multi(MULTI, "ABC", [5, 5, 30], knocker=0, kind="knock")
    assert result.outcome == "knock" and result.points == (0, 0, 25)


def test_undercut_lowest_opponent_wins_knocker_pays_25_more() -> None:
    result = score_gin_multi(MULTI, "ABCD", [8, 3, 20, 2], knocker=0, kind="knock")
    assert result.outcome == "undercut"
    assert result.winners == (3,)
    assert result.points == (8 - 2 + 25, 3 - 2, 20 - 2, 0)


def test_undercut_ties_go_to_the_first_from_the_knockers_left() -> None:
    result = score_gin_multi(MULTI, "ABCD", [8, 3, 20, 3], knocker=2, kind="knock")
    assert result.winners == (3,)


def test_two_cards_left_the_discard_pile_is_shuffled_into_the_stock_top_card_stays() -> None:
    state = make_hand(
        MULTI,
        ["4C 5C 6C 7H 8H 9H TS", "6H QS QH QD 9S 8D 2D", "5H TH KS KH KC 3D AS"],
        stock_top="2C 3H 4H",
        stock_size=3,
    )
    pile_before = set(state.discard)
    state = play(state, DrawStock())
    state = play(state, Discard(C("2C")))
    assert state.discard == (C("2C"),)
    assert len(state.stock) == len(pile_before) + 2
    assert state.stock[-2:] == (C("4H"), C("3H"))  # the two left stay on top
    assert set(state.stock[:-2]) == pile_before
    assert card_count(state) == 52


def test_game_ends_at_100_penalty_points_lowest_wins() -> None:
    base = make_hand(MULTI, ["4C 5C 6C 7H 8H 9H TS", "6H QS QH QD 9S 8D 2D",
                             "5H TH KS KH KC 3D AS"])
    result = HandResult("knock", (0,), (0, 60, 40), (0, 0, 0), ())
    records = (HandRecord(0, 1, 0, (), result), HandRecord(1, 1, 0, (), result))
    match = _check_end(MatchState(MULTI, 3, ("A", "B", "C"), 1, base, 1, (0, 120, 80), records))
    assert match.over and match.winners == (0,)
    not_yet = _check_end(MatchState(MULTI, 3, ("A", "B", "C"), 1, base, 0, (0, 60, 40),
                                    records[:1]))
    assert not not_yet.over


def test_gin_played_out_each_opponent_takes_own_deadwood_plus_25_no_layoffs() -> None:
    # Knocker: 4-5-6C, 7-8-9-TH, discards KD: gin. 6H and JH would fit, but not on gin.
    state = make_hand(
        MULTI,
        ["4C 5C 6C 7H 8H 9H TH KD", "6H QS QH QD 9S 8D 2D", "5H JH KS KH KC 3D AS"],
        phase=Phase.PLAY,
    )
    state = play(state, Knock(C("KD")))
    assert state.result is not None
    assert state.result.outcome == "gin"
    assert state.laid_off == ((), (), ())
    assert state.result.counts == (0, 25, 19)
    assert state.result.points == (0, 25 + 25, 19 + 25)


def test_undercut_played_out_after_layoffs_in_turn_from_the_knockers_left() -> None:
    # Knocker: 4-5-6C, 7-8-9H, 9D (9). Seat 1 lays off 6H and is left with 0;
    # seat 2 may not add 5H next to 6H but adds TH, keeping 5H 3D AS (9).
    state = make_hand(
        MULTI,
        ["4C 5C 6C 7H 8H 9H 9D KD", "6H QS QH QD 2S 3S 4S", "5H TH KS KH KC 3D AS"],
        phase=Phase.PLAY,
    )
    state = play(state, Knock(C("KD")))
    assert state.result is not None
    assert [str(c) for c in state.laid_off[1]] == ["6H"]
    assert [str(c) for c in state.laid_off[2]] == ["TH"]
    assert state.result.counts == (9, 0, 5 + 3 + 1)
    assert state.result.outcome == "undercut"
    assert state.result.winners == (1,)
    assert state.result.points == (9 - 0 + 25, 0, 9 - 0)
