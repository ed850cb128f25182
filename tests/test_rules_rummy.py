"""Rummy (seed 003), rule by rule."""

from __future__ import annotations

import pytest

from knockrummy.engine import (
    PRESETS,
    Card,
    Discard,
    DrawDiscard,
    DrawStock,
    IllegalAction,
    LayOff,
    MeldCards,
    TurnOver,
    with_options,
)
from knockrummy.engine.flow import apply, deal, legal_actions
from knockrummy.engine.match import HandRecord, MatchState, _check_end
from knockrummy.engine.scoring import score_rummy_exhausted
from knockrummy.engine.state import HandResult
from tests.builders import card_count, cards, make_hand, play

RUMMY = PRESETS["rummy"]
HIGH = PRESETS["rummy-high"]
#: the source's rummy double (seed 003), a house rule: off by default (see test_pace.py)
DOUBLING = with_options(RUMMY, rummy_doubles=True)
C = Card.parse


@pytest.mark.parametrize(("players", "dealt"), [(2, 10), (3, 7), (4, 7)])
def test_cards_dealt(players: int, dealt: int) -> None:
    state, _ = deal(RUMMY, players, 0, seed=1)
    assert [len(h) for h in state.hands] == [dealt] * players


def test_melding_and_laying_off_after_the_draw() -> None:
    state = make_hand(RUMMY, ["5H 6H 7H 9C 9D KS AS", "2S 3S 4S QD JD TD 8C"], stock_top="9S")
    with pytest.raises(IllegalAction, match="Draw a card first"):
        apply(state, MeldCards(cards("5H 6H 7H")))
    state = play(state, DrawStock(), MeldCards(cards("9C 9D 9S")), MeldCards(cards("5H 6H 7H")))
    assert [tuple(map(str, m.cards)) for m in state.table] == [
        ("9S", "9D", "9C"), ("5H", "6H", "7H"),
    ]
    assert state.melded_now
    state = play(state, Discard(C("KS")))
    assert state.melded_before == (True, False)
    assert state.current == 1 and state.hands[0] == (C("AS"),)


def test_lay_off_onto_any_meld_on_the_table() -> None:
    state = make_hand(RUMMY, ["5H 6H 7H KS AS", "2S 3S 4S QD JD TD 8H"], stock_top="9S 5D")
    state = play(state, DrawStock(), MeldCards(cards("5H 6H 7H")), Discard(C("9S")))
    state = play(state, DrawStock())
    assert LayOff(C("8H"), 0) in legal_actions(state)
    state = play(state, LayOff(C("8H"), 0))
    assert [str(c) for c in state.table[0].cards] == ["5H", "6H", "7H", "8H"]
    with pytest.raises(IllegalAction, match="does not fit"):
        apply(state, LayOff(C("QD"), 0))


def test_may_not_meld_or_lay_off_the_last_card() -> None:
    state = make_hand(RUMMY, ["5H 6H 7H", "2S 3S 4S QD JD TD 8C"], stock_top="8H")
    state = play(state, DrawStock())
    with pytest.raises(IllegalAction, match="keep a card to discard"):
        apply(state, MeldCards(cards("5H 6H 7H 8H")))
    assert MeldCards(cards("5H 6H 7H 8H")) not in legal_actions(state)
    state = play(state, MeldCards(cards("5H 6H 7H")))
    assert not any(isinstance(a, LayOff) for a in legal_actions(state))


def test_the_card_taken_from_the_pile_cannot_be_the_only_card_kept() -> None:
    state = make_hand(RUMMY, ["5H 6H 7H", "2S 3S 4S QD JD TD 8C"], discard="KD")
    state = play(state, DrawDiscard())
    with pytest.raises(IllegalAction, match="keep a card to discard"):
        apply(state, MeldCards(cards("5H 6H 7H")))


def test_going_out_with_the_final_discard() -> None:
    state = make_hand(RUMMY, ["9D 9C KS", "2S 3S 4S QD JD TD 8C"], stock_top="9S")
    state = state.__class__(**{**state.__dict__, "melded_before": (True, False)})
    state = play(state, DrawStock(), MeldCards(cards("9S 9D 9C")), Discard(C("KS")))
    assert state.result is not None
    assert state.result.outcome == "out"
    assert state.result.winners == (0,)
    assert state.result.points == (2 + 3 + 4 + 10 + 10 + 10 + 8, 0)
    assert card_count(state) == 52


def test_rummy_going_out_in_one_turn_doubles_the_score() -> None:
    state = make_hand(DOUBLING, ["9D 9C KS 5H 6H 7H", "2S 3S 4S QD JD TD 8C"],
                      stock_top="9S")
    state = play(
        state, DrawStock(), MeldCards(cards("9S 9D 9C")), MeldCards(cards("5H 6H 7H")),
        Discard(C("KS")),
    )
    assert state.result is not None
    assert state.result.outcome == "rummy"
    assert state.result.points == (2 * 47, 0)


def test_by_default_a_rummy_is_not_doubled() -> None:
    assert not RUMMY.rummy_doubles and not HIGH.rummy_doubles
    state = make_hand(RUMMY, ["9D 9C KS 5H 6H 7H", "2S 3S 4S QD JD TD 8C"], stock_top="9S")
    state = play(
        state, DrawStock(), MeldCards(cards("9S 9D 9C")), MeldCards(cards("5H 6H 7H")),
        Discard(C("KS")),
    )
    assert state.result is not None
    assert state.result.points == (47, 0)


def test_stock_exhausted_turn_over_top_card_turned_up_second_time_ends_the_round() -> None:
    state = make_hand(RUMMY, ["9D 9C KS", "2S 3S 4S QD JD TD 8C"], stock_top="AH", stock_size=1)
    state = play(state, DrawStock(), Discard(C("AH")))
    assert state.stock == () and state.exhaustions == 1
    assert set(map(type, legal_actions(state))) == {TurnOver, DrawDiscard}
    pile = state.discard
    state = play(state, TurnOver())
    assert state.discard == (pile[0],)  # the new stock's top card is turned up
    assert state.stock == tuple(reversed(pile[1:]))
    # run the stock out again: the next player to draw ends the round instead
    while state.stock:
        state = play(state, DrawStock(), Discard(state.hands[state.current][-1]))
    assert state.result is not None
    assert state.result.outcome == "exhausted"


def test_seed_003_exhausted_alice_6_bob_15_carol_7_dan_21_alice_scores_25() -> None:
    result = score_rummy_exhausted(
        RUMMY, ("Alice", "Bob", "Carol", "Dan"), [6, 15, 7, 21], first=1
    )
    assert result.winners == (0,)
    assert result.points == (25, 0, 0, 0)
    assert result.lines[-1] == "Alice scores 9 + 1 + 15 = 25"


def test_ace_high_counts_15_and_QKA_melds() -> None:
    state = make_hand(HIGH, ["QS KS 9D", "2S 3S 4S QD JD TD 8C"], stock_top="AS")
    state = play(state, DrawStock())
    assert MeldCards(cards("QS KS AS")) in legal_actions(state)
    low = make_hand(RUMMY, ["QS KS 9D", "2S 3S 4S QD JD TD 8C"], stock_top="AS")
    low = play(low, DrawStock())
    assert MeldCards(cards("QS KS AS")) not in legal_actions(low)
    with pytest.raises(IllegalAction, match="not a set or a run"):
        apply(low, MeldCards(cards("QS KS AS")))


def test_session_to_150() -> None:
    base = make_hand(RUMMY, ["QS KS 9D", "2S 3S 4S QD JD TD 8C"])
    result = HandResult("out", (0,), (150, 0), (0, 40), ())
    match = _check_end(MatchState(RUMMY, 2, ("A", "B"), 1, base, 0, (150, 0),
                                  (HandRecord(0, 1, 0, (), result),)))
    assert match.over and match.winners == (0,) and match.final == (150, 0)
    assert RUMMY.target_score == 150


def test_laying_off_in_an_earlier_turn_means_no_rummy() -> None:
    # Seat 0 lays off 8H on seat 1's 5-6-7H and discards; next turn melds 9-9-9 and goes out.
    state = make_hand(DOUBLING, ["8H 9D 9C KS", "5H 6H 7H 2S 3S 4S TD JD"],
                      stock_top="2C 4C 2H 9S", current=1)
    state = play(state, DrawStock(), MeldCards(cards("5H 6H 7H")), Discard(C("2C")))
    state = play(state, DrawStock(), LayOff(C("8H"), 0), Discard(C("4C")))
    assert state.melded_before == (True, True)
    state = play(state, DrawStock(), Discard(C("2H")))
    state = play(state, DrawStock(), MeldCards(cards("9S 9D 9C")), Discard(C("KS")))
    assert state.result is not None
    assert state.result.outcome == "out"  # not rummy: not doubled
    assert state.result.points == (2 + 3 + 4 + 10 + 10, 0)


def test_ace_high_aces_count_15_in_the_score_and_A23_is_not_a_run() -> None:
    state = make_hand(with_options(HIGH, rummy_doubles=True), ["9D 9C KS", "AS 2S 3S QD"],
                      stock_top="9S")
    assert not any(isinstance(a, MeldCards) for a in legal_actions(
        play(make_hand(HIGH, ["AS 2S 3S 7D", "9D 9C KS QD"], stock_top="KH"), DrawStock())))
    state = play(state, DrawStock(), MeldCards(cards("9S 9D 9C")), Discard(C("KS")))
    assert state.result is not None
    assert state.result.points == (2 * (15 + 2 + 3 + 10), 0)  # rummy doubles it


def test_stock_exhausted_the_next_player_may_take_the_top_discard_instead() -> None:
    state = make_hand(RUMMY, ["9D 9C KS", "2S 3S 4S QD JD TD 8C"], stock_top="AH", stock_size=1)
    state = play(state, DrawStock(), Discard(C("AH")))
    state = play(state, DrawDiscard())
    assert state.hands[1][-1] is C("AH") and state.stock == ()
    state = play(state, Discard(C("8C")))
    assert state.result is None and state.phase.value == "draw"


def test_one_discard_cannot_be_turned_over_into_a_stock() -> None:
    # Turning over a one-card pile would turn that card straight back up: no stock at all.
    state = make_hand(RUMMY, ["9D 9C KS", "2S 3S 4S QD JD TD 8C"], stock_top="AH", stock_size=1)
    state = play(state, DrawStock(), Discard(C("AH")))
    state = state.__class__(**{**state.__dict__, "discard": (C("AH"),)})
    assert TurnOver() not in legal_actions(state)
    with pytest.raises(IllegalAction, match="One card cannot make a new stock"):
        apply(state, TurnOver())


def test_next_dealer_is_the_next_player_clockwise() -> None:
    from knockrummy.engine.match import next_dealer

    state = make_hand(RUMMY, ["9D 9C KS", "2S 3S 4S QD JD TD 8C", "5H 6H KD"], stock_top="9S",
                      dealer=2, current=0)
    state = play(state, DrawStock(), MeldCards(cards("9D 9C 9S")), Discard(C("KS")))
    assert state.result is not None and state.result.winners == (0,)
    match = MatchState(RUMMY, 3, ("A", "B", "C"), 1, state, 0, (0, 0, 0))
    assert next_dealer(match) == 0  # clockwise from seat 2, whoever won


def test_custom_target_score() -> None:

    rules = with_options(RUMMY, target_score=100)
    base = make_hand(rules, ["QS KS 9D", "2S 3S 4S QD JD TD 8C"])
    result = HandResult("out", (1,), (0, 100), (40, 0), ())
    match = _check_end(MatchState(rules, 2, ("A", "B"), 1, base, 0, (0, 100),
                                  (HandRecord(0, 1, 0, (), result),)))
    assert match.over and match.winners == (1,)
