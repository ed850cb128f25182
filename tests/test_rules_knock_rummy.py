"""Knock Rummy (seed 000) and Knock Rummy - Hoyle (seed 001), rule by rule."""

from __future__ import annotations

import pytest

from knockrummy.engine import (
    PRESETS,
    Card,
    Discard,
    DrawDiscard,
    DrawStock,
    IllegalAction,
    Knock,
    LayDown,
    TurnOver,
    legal_actions,
    new_match,
)
from knockrummy.engine.flow import apply, deal
from knockrummy.engine.match import apply as match_apply
from knockrummy.engine.match import next_dealer
from knockrummy.engine.rules import with_options
from knockrummy.engine.scoring import score_knock_rummy
from knockrummy.engine.state import Phase
from tests.builders import card_count, make_hand, play

KNOCK = PRESETS["knock"]
HOYLE = PRESETS["knock-hoyle"]
C = Card.parse


@pytest.mark.parametrize(("players", "dealt"), [(2, 10), (3, 7), (4, 7), (5, 6), (6, 6)])
def test_cards_dealt_by_player_count(players: int, dealt: int) -> None:
    state, _ = deal(KNOCK, players, 0, seed=1)
    assert [len(h) for h in state.hands] == [dealt] * players
    assert len(state.discard) == 1
    assert len(state.stock) == 52 - players * dealt - 1


def test_deal_one_at_a_time_from_dealers_left_and_left_of_dealer_plays_first() -> None:
    state, _ = deal(KNOCK, 3, dealer=1, seed=9)
    assert state.current == 2
    # replaying the shuffle by hand: first card to seat 2, then 0, then 1
    import random

    from knockrummy.engine import DECK

    deck = list(DECK)
    random.Random(9).shuffle(deck)
    assert state.hands[2][0] is deck[-1]
    assert state.hands[0][0] is deck[-2]
    assert state.hands[1][0] is deck[-3]
    assert state.discard == (deck[-22],)


def test_seed_000_example_knocker_11_opponent_16_scores_5() -> None:
    # Knocker: AS-2S-3S, 4H-5H-6H-7H-8H, deadwood 9C 2D (11), discards KC.
    state = make_hand(
        KNOCK,
        ["AS 2S 3S 4H 5H 6H 7H 8H 9C 2D KC", "9S TS JS QS KS 8D 8C 8S 9D 7C"],
        discard="3C",
        phase=Phase.PLAY,
    )
    state = play(state, Knock(C("KC")))
    assert state.result is not None
    assert state.result.counts == (11, 16)
    assert state.result.points == (5, -5)
    assert sum(state.result.points) == 0
    assert state.discard[-1] is C("KC")  # Knock Rummy's knock discard is face up


def test_knock_allowed_at_any_count() -> None:
    state = make_hand(
        KNOCK, ["AS 3D 5H 7C 9S JH KD QC 2S 4C 6H", "9H TS JS QS KS 8D 8C 8S 9D 7S"],
        phase=Phase.PLAY,
    )
    knocks = [a for a in legal_actions_hand(state) if isinstance(a, Knock)]
    assert len(knocks) == 11


def legal_actions_hand(state):  # type: ignore[no-untyped-def]
    from knockrummy.engine.flow import legal_actions as hand_legal

    return hand_legal(state)


def test_rum_takes_the_difference_plus_25_from_each() -> None:
    result = score_knock_rummy(KNOCK, "ABC", [0, 16, 7], knocker=0, kind="rum")
    assert result.points == (16 + 25 + 7 + 25, -(16 + 25), -(7 + 25))
    assert result.outcome == "rum"


def test_knocker_not_lowest_pays_the_10_point_penalty() -> None:
    result = score_knock_rummy(KNOCK, "AB", [11, 5], knocker=0, kind="knock")
    assert result.points == (-(6 + 10), 6 + 10)
    assert result.winners == (1,)


def test_knocker_tying_for_lowest_neither_pays_nor_receives() -> None:
    result = score_knock_rummy(KNOCK, "ABC", [11, 11, 20], knocker=0, kind="knock")
    assert result.points == (0, 9, -9)
    assert result.winners == (1,)
    assert result.outcome == "knock"  # a tie is no undercut: the knocker pays no penalty
    two = score_knock_rummy(KNOCK, "AB", [25, 25], knocker=0, kind="knock")
    assert two.points == (0, 0) and two.outcome == "knock"
    assert two.lines[1] == "A knocked and tied for lowest: nothing paid or won"


def test_tied_non_knockers_split_and_odd_points_go_from_the_knockers_left() -> None:
    # knocker (seat 2) 20 pays 15 + 10; seat 3 with 9 pays 4: 29 to split between 0 and 1.
    result = score_knock_rummy(KNOCK, "ABCD", [5, 5, 20, 9], knocker=2, kind="knock")
    assert result.points == (15, 14, -25, -4)
    # from the knocker's left (seat 3, then 0, then 1): seat 0 gets the odd point
    result = score_knock_rummy(KNOCK, "ABCD", [5, 5, 20, 9], knocker=0, kind="knock")
    assert sum(result.points) == 0


def test_split_odd_point_order() -> None:
    result = score_knock_rummy(KNOCK, "ABCD", [20, 5, 9, 5], knocker=0, kind="knock")
    # pool: 15 + 10 from A, 4 from C = 29; order from A's left: B (1), C, D (3)
    assert result.points == (-25, 15, -4, 14)


def test_every_knock_rummy_hand_is_zero_sum() -> None:
    for counts in ([3, 9, 9, 1], [0, 0, 4], [7, 7], [30, 2, 2, 2, 9, 2]):
        for knocker in range(len(counts)):
            result = score_knock_rummy(KNOCK, "ABCDEF"[: len(counts)], counts, knocker, "knock")
            assert sum(result.points) == 0


def test_no_layoffs_in_knock_rummy_everyone_shows_melds() -> None:
    state = make_hand(
        KNOCK,
        ["3H 4H 5H 9S 9D 9C KS KD KH 2C QC", "6H 7C 8C 9H TD JD 2S 3S 4S AD"],
        phase=Phase.PLAY,
    )
    state = play(state, Knock(C("QC")))
    # 6H would fit 3-4-5H, but there are no layoffs: the defender keeps 6H in its count.
    assert state.result is not None
    assert state.result.counts == (2, 6 + 7 + 8 + 9 + 10 + 10 + 1)
    assert state.shows[1].laid_off == ()


def test_may_not_discard_the_card_just_taken_from_the_discard_pile() -> None:
    state = make_hand(KNOCK, ["AS 3D 5H 7C 9S JH KD QC 2S 4C", "9H TS JS QS KS 8D 8C 8S 9D 7S"],
                      discard="6D")
    state = play(state, DrawDiscard())
    with pytest.raises(IllegalAction, match="You may not discard the card you just took"):
        apply(state, Discard(C("6D")))
    with pytest.raises(IllegalAction, match="You may not discard the card you just took"):
        apply(state, Knock(C("6D")))


def test_stock_runs_out_the_discard_pile_is_turned_over_not_shuffled() -> None:
    state = make_hand(
        KNOCK,
        ["AS 3D 5H 7C 9S JH KD QC 2S 4C", "9H TS JS QS KS 8D 8C 8S 9D 7S"],
        stock_top="6C",
        stock_size=1,
        phase=Phase.DRAW,
    )
    pile = state.discard
    state = play(state, DrawStock(), Discard(C("6C")))
    assert state.phase is Phase.DRAW and state.current == 1
    assert state.discard == ()
    assert state.stock == tuple(reversed((*pile, C("6C"))))
    assert state.stock[-1] is pile[0]  # the first card discarded is now on top
    assert card_count(state) == 52


def test_next_dealer_is_the_next_player_clockwise() -> None:
    match = new_match(KNOCK, 2, seed=3)
    dealer = match.hand.dealer
    while not match.hand.over:
        actions = legal_actions(match)
        knock = [a for a in actions if isinstance(a, Knock)]
        match, _ = match_apply(match, knock[0] if knock else actions[0])
    assert next_dealer(match) == (dealer + 1) % 2


def test_game_length_two_deals_per_player_most_points_wins() -> None:
    match = new_match(KNOCK, 3, seed=4)
    hands = 0
    while not match.over:
        actions = legal_actions(match)
        knock = [a for a in actions if isinstance(a, Knock)]
        match, _ = match_apply(match, knock[0] if knock else actions[0])
        if match.hand.over:
            hands += 1
    assert len(match.records) == 6 == KNOCK.deals_per_player * 3
    assert match.winners == tuple(s for s in range(3) if match.scores[s] == max(match.scores))
    assert sum(match.scores) == 0


# ------------------------------------------------------------------ Hoyle options


def test_hoyle_two_player_winner_deals_next() -> None:
    match = new_match(HOYLE, 2, seed=5)
    while not match.hand.over:
        actions = legal_actions(match)
        knock = [a for a in actions if isinstance(a, Knock)]
        match, _ = match_apply(match, knock[0] if knock else actions[0])
    assert match.hand.result is not None
    assert next_dealer(match) == match.hand.result.winners[0]


def test_hoyle_three_players_deal_passes_left() -> None:
    match = new_match(HOYLE, 3, seed=5)
    dealer = match.hand.dealer
    while not match.hand.over:
        actions = legal_actions(match)
        knock = [a for a in actions if isinstance(a, Knock)]
        match, _ = match_apply(match, knock[0] if knock else actions[0])
    assert next_dealer(match) == (dealer + 1) % 3


def test_hoyle_lay_down_all_matched_without_discarding_is_rum() -> None:
    state = make_hand(
        HOYLE,
        ["AS 2S 3S 4H 5H 6H 7H 9D 9C 9S 9H", "TH TS JS QS KS 8D 8C 8S 7D 7S"],
        phase=Phase.PLAY,
    )
    assert LayDown() in legal_actions_hand(state)
    assert LayDown() not in legal_actions_hand(
        make_hand(KNOCK, ["AS 2S 3S 4H 5H 6H 7H 9D 9C 9S 9H", "TH TS JS QS KS 8D 8C 8S 7D 7S"],
                  phase=Phase.PLAY)
    )
    discards = len(state.discard)
    state = play(state, LayDown())
    assert state.result is not None
    assert state.result.outcome == "rum"
    assert len(state.discard) == discards  # no discard
    opponent = state.result.counts[1]
    assert state.result.points == (opponent + 25, -(opponent + 25))


def test_hoyle_stock_out_next_player_may_take_the_discard_or_turn_the_pile_over() -> None:
    state = make_hand(
        HOYLE,
        ["AS 3D 5H 7C 9S JH KD QC 2S 4C", "9H TS JS QS KS 8D 8C 8S 9D 7S"],
        stock_top="6C",
        stock_size=1,
    )
    state = play(state, DrawStock(), Discard(C("6C")))
    assert state.stock == ()
    assert set(map(type, legal_actions_hand(state))) == {TurnOver, DrawDiscard}
    taken = play(state, DrawDiscard())
    assert taken.hands[1][-1] is C("6C")
    turned = play(state, TurnOver())
    assert turned.discard == () and len(turned.stock) > 0
    assert legal_actions_hand(turned) == [DrawStock()]


# ------------------------------------------------ scoring edge cases, played with cards

# Seat 0 knocks with KD: A-2-3S, 4-5-6H, 9C left: 9.
KNOCKER_9 = "AS 2S 3S 4H 5H 6H 9C KD"
# 2C 3C 5D 7S 8H TS QH: nothing melds, 45.
NOTHING_45 = "2C 3C 5D 7S 8H TS QH"


def test_knocker_tying_for_lowest_the_non_knocker_wins_and_the_knocker_pays_nothing() -> None:
    # Seat 1: 7-8-9D, J-Q-KC, 9H: 9, the same as the knocker.
    state = make_hand(KNOCK, [KNOCKER_9, "7D 8D 9D JC QC KC 9H", NOTHING_45], phase=Phase.PLAY)
    state = play(state, Knock(C("KD")))
    assert state.result is not None
    assert state.result.counts == (9, 9, 45)
    assert state.result.winners == (1,)
    # no undercut: the knocker pays no penalty (RULES.md: "the knocker pays nothing")
    assert state.result.outcome == "knock"
    assert state.result.points == (0, 36, -36)


def test_knocker_not_lowest_pays_the_difference_plus_the_10_penalty() -> None:
    state = make_hand(KNOCK, [KNOCKER_9, "7D 8D 9D JC QC KC 5S", NOTHING_45], phase=Phase.PLAY)
    state = play(state, Knock(C("KD")))
    assert state.result is not None
    assert state.result.counts == (9, 5, 45)
    assert state.result.winners == (1,)
    assert state.result.points == (-(4 + 10), 4 + 10 + 40, -40)


def test_rum_by_a_non_knocker_takes_25_more_from_each_and_the_knocker_penalty() -> None:
    # Seat 1 holds 7-8-9-TD and J-Q-KC: no unmatched card.
    state = make_hand(KNOCK, [KNOCKER_9, "7D 8D 9D TD JC QC KC", NOTHING_45], phase=Phase.PLAY)
    state = play(state, Knock(C("KD")))
    assert state.result is not None
    assert state.result.outcome == "rum"
    assert state.result.points == (-(9 + 25 + 10), 9 + 25 + 10 + 45 + 25, -(45 + 25))


def test_tied_non_knockers_split_and_the_odd_point_goes_first_from_the_knockers_left() -> None:
    # Knocker (0): A-2-3S, 4-5-6H, TD: 10. Seats 1 and 3 tie at 5, seat 2 has 9.
    # Pool: knocker 5 + 10 penalty, seat 2 pays 4: 19 -> 10 to seat 1, 9 to seat 3.
    state = make_hand(
        KNOCK,
        ["AS 2S 3S 4H 5H 6H TD KD", "7D 8D 9D JC QC KC 5S", "QH QS QD 9H TH JH 9C",
         "4C 5C 6C 8S 8H 8C 5D"],
        phase=Phase.PLAY,
    )
    state = play(state, Knock(C("KD")))
    assert state.result is not None
    assert state.result.counts == (10, 5, 9, 5)
    assert state.result.winners == (1, 3)
    assert state.result.points == (-15, 10, -4, 9)
    assert sum(state.result.points) == 0


def test_hoyle_laying_down_is_going_out_and_wins_even_against_another_zero() -> None:
    # The opponent's 10 cards are all matched too (T-J-Q-KS, 8-8-8, 2-3-4D); a knocker
    # tied for lowest would lose to them, but laying down is going out: rum to seat 0.
    state = make_hand(
        HOYLE,
        ["AS 2S 3S 4H 5H 6H 7H 9D 9C 9S 9H", "TS JS QS KS 8D 8C 8S 2D 3D 4D"],
        phase=Phase.PLAY,
    )
    state = play(state, LayDown())
    assert state.result is not None
    assert state.result.counts == (0, 0)
    assert state.result.winners == (0,)
    assert state.result.outcome == "rum"
    assert state.result.points == (25, -25)


def test_knocking_at_zero_is_still_a_knock_a_tied_zero_wins_instead() -> None:
    # Knock Rummy: knocking with no unmatched card and a tie at 0: the other player has rum.
    state = make_hand(
        KNOCK,
        ["AS 2S 3S 4H 5H 6H 7H 9D 9C 9S KC", "TS JS QS KS 8D 8C 8S 2D 3D 4D"],
        phase=Phase.PLAY,
    )
    state = play(state, Knock(C("KC")))
    assert state.result is not None
    assert state.result.winners == (1,)
    assert state.result.points == (0, 0)


def test_option_may_discard_taken_upcard() -> None:
    hands = ["AS 3D 5H 7C 9S JH KD QC 2S 4C", "9H TS JS QS KS 8D 8C 8S 9D 7S"]
    allowed = with_options(KNOCK, may_discard_taken_upcard=True)
    state = play(make_hand(allowed, hands, discard="6D"), DrawDiscard())
    assert Discard(C("6D")) in legal_actions_hand(state)
    assert play(state, Discard(C("6D"))).discard[-1] is C("6D")


def test_first_dealer_is_chosen_at_random_from_the_match_seed() -> None:
    dealers = {new_match(KNOCK, 4, seed=s).hand.dealer for s in range(40)}
    assert dealers == {0, 1, 2, 3}
