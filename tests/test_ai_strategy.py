"""The building blocks of the stronger players, each on a hand written out."""

from __future__ import annotations

from dataclasses import replace

import pytest

from knockrummy.ai import make_player
from knockrummy.ai.easy import EasyPlayer
from knockrummy.ai.evaluate import after_draw, leftover_cost
from knockrummy.ai.knocking import knock_value, least_exposed
from knockrummy.ai.knowledge import read_view
from knockrummy.ai.masks import mask_of
from knockrummy.ai.strong import HARD, StrongPlayer
from knockrummy.engine import (
    DECK,
    PRESETS,
    Discard,
    Knock,
    LayOff,
    MeldCards,
    parse_cards,
)
from knockrummy.engine.flow import apply as hand_apply
from knockrummy.engine.flow import deal
from knockrummy.engine.flow import legal_actions as hand_legal
from knockrummy.engine.state import HandState, LogEntry, Phase
from knockrummy.engine.view import observe_hand


def cards(text: str) -> list:  # type: ignore[type-arg]
    return parse_cards(text)


def set_hands(key: str, mine: str, other: str, pile: str, phase: Phase, players: int = 2
              ) -> HandState:
    """A hand where seat 0 holds ``mine``, seat 1 ``other``, the rest in the stock."""
    state, _ = deal(PRESETS[key], players, 1, seed=4)
    me, them, up = cards(mine), cards(other), cards(pile)
    used = set(me) | set(them) | set(up)
    rest = [c for c in DECK if c not in used]
    hands = [tuple(me), tuple(them)]
    for _ in range(players - 2):
        size = len(them)
        hands.append(tuple(rest[:size]))
        rest = rest[size:]
    return replace(state, hands=tuple(hands), stock=tuple(rest), discard=tuple(up),
                   current=0, phase=phase)


def test_after_draw_is_the_exact_expectation() -> None:
    # 7H 8H KS: drawing 6H or 9H melds and KS goes (deadwood 0); drawing 2C, KS goes
    # and 7H 8H 2C are left (17)
    hand = mask_of(cards("7H 8H KS"))
    probs = [0.0] * 52
    for c in cards("6H 9H 2C"):
        probs[c.index] = 1.0
    expected = after_draw(hand, probs, mask_of(cards("6H 9H 2C")), False)
    assert expected == pytest.approx(17 / 3)


def test_leftover_cost_counts_cards() -> None:
    # two low cards to get rid of cost more than one ten for Rummy
    assert leftover_cost(mask_of(cards("2C 3D")), False) > leftover_cost(mask_of(cards("TS")),
                                                                         False)
    assert leftover_cost(mask_of(cards("5H 6H 7H")), False) == 0


def test_knocker_picks_the_arrangement_least_exposed() -> None:
    # Both arrangements leave 7H 2H (9); the run 8D-JD would take 7D, the 8s set nothing.
    state = set_hands("gin", "8S 8H 8D 8C 9D TD JD 7H 2H KC", "AS 2S 3S 4S 5S 6S 7S 9S TS JS",
                      "QS", Phase.PLAY)
    knowledge = read_view(observe_hand(state, 0))
    kept = cards("8S 8H 8D 8C 9D TD JD 7H 2H")
    chosen = least_exposed(kept, knowledge, PRESETS["gin"])
    assert tuple(cards("8S 8H 8D 8C")) in chosen


def test_knock_value_counts_undercuts() -> None:
    state = set_hands("gin", "2H 3H 4H 7S 7D 7C 8C 9C TC 9H", "AS 2S 3S 4S 5S 6S 7S 9S TS JS",
                      "QS", Phase.PLAY)
    knowledge = read_view(observe_hand(state, 0))
    melds = (tuple(cards("2H 3H 4H")), tuple(cards("7S 7D 7C")), tuple(cards("8C 9C TC")))
    low = mask_of(cards("AD 2D 3D AC 2C 3C 5D 5C 5H 9D"))  # 9: a tie undercuts
    high = mask_of(cards("KD QD JH 9D 6C 5D 5H 6D QH JC"))
    rules = PRESETS["gin"]
    assert knock_value(9, melds, [{1: low}], knowledge, rules) < -20  # undercut
    assert knock_value(9, melds, [{1: high}], knowledge, rules) > 20


def test_danger_of_feeding_the_next_player() -> None:
    state = set_hands("gin", "2H 3H 4H 7S 7D 7C 8C 9C TC KD", "AS 2S 3S 4S 5S 6S 7S 9S TS JS",
                      "QS", Phase.PLAY)
    # seat 1 took QH and QD from the pile: KD... no, QC completes their set
    state = replace(state, public_taken=((), tuple(cards("QH QD"))),
                    hands=(state.hands[0], tuple(cards("QH QD 3S 4S 5S 6S 7S 9S TS JS"))))
    view = observe_hand(state, 0)
    player = StrongPlayer(1, "hard", HARD, "Hard")
    knowledge = read_view(view)
    assert player.danger(cards("QC")[0], knowledge) == pytest.approx(1.0)
    assert player.danger(cards("2C")[0], knowledge) < 0.3


def test_knowledge_accounts_for_every_card() -> None:
    state = set_hands("knock", "2H 3H 4H 7S 7D 7C 8C", "AS 2S 3S 4S 5S 6S 7H", "QS", Phase.DRAW,
                      players=4)
    state = replace(state, public_taken=((), tuple(cards("7H")), (), ()))
    knowledge = read_view(observe_hand(state, 0))
    for seat in (1, 2, 3):
        probs = knowledge.holds(seat)
        assert sum(probs) == pytest.approx(7)
        assert probs[cards("2H")[0].index] == 0.0  # mine
        assert probs[cards("QS")[0].index] == 0.0  # in the pile
    assert knowledge.holds(1)[cards("7H")[0].index] == 1.0
    assert knowledge.holds(2)[cards("7H")[0].index] == 0.0


def test_declined_upcards_lower_the_odds_of_its_partners() -> None:
    state = set_hands("gin", "2H 3H 4H 7S 7D 7C 8C 9C TC KD", "AS 2S 3S 4S 5S 6S 7H 9S TS JS",
                      "QS", Phase.DRAW)
    view = observe_hand(state, 0)
    log = (LogEntry(1, "pass", cards("QS")[0]), LogEntry(0, "pass", cards("QS")[0]))
    informed = read_view(replace(view, log=log))
    assert informed.holds(1)[cards("QH")[0].index] < informed.holds(1)[cards("5D")[0].index]


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_defender_lays_off_optimally(level: str) -> None:
    # seat 1 knocks with 3H-6H (4 deadwood); 2H, 7H and 8H all lay off (8H after 7H)
    state = set_hands("gin", "7H 8H 2H KS KD QC 9S 9D", "3H 4H 5H 6H JC JD JS AC AD 2S",
                      "TS", Phase.PLAY)
    state = replace(state, current=1, hands=(state.hands[0], state.hands[1] + (cards("2C")[0],)))
    state, _ = hand_apply(state, Knock(cards("2C")[0]))
    assert state.phase is Phase.LAYOFF and state.current == 0
    player = make_player(level, 1)
    laid = []
    while state.phase is Phase.LAYOFF:
        action = player.choose(observe_hand(state, 0), hand_legal(state))
        if isinstance(action, LayOff):
            laid.append(str(action.card))
        state, _ = hand_apply(state, action)
    assert sorted(laid) == ["2H", "7H", "8H"]


def test_easy_knocks_late() -> None:
    state = set_hands("gin", "2H 3H 4H 7S 7D 7C 8C 9C TC 8H KD", "AS 2S 3S 4S 5S 6S 7H 9S TS JS",
                      "QS", Phase.PLAY)
    action = EasyPlayer(1).choose(observe_hand(state, 0), hand_legal(state))
    assert isinstance(action, Discard)  # 8 deadwood: simple would knock, easy waits
    simple = make_player("simple", 1).choose(observe_hand(state, 0), hand_legal(state))
    assert isinstance(simple, Knock)


@pytest.mark.parametrize("level", ["simple", "easy", "medium", "hard"])
def test_rummy_goes_out_when_it_can(level: str) -> None:
    state = set_hands("rummy", "5C 6C 7C 9D 9H 9S 9C KD", "AS 2S 3S 4S 5S 6S 7S", "2D",
                      Phase.PLAY, players=3)
    player = make_player(level, 2)
    while not state.over:
        assert state.current == 0, "the hand should end this turn"
        action = player.choose(observe_hand(state, 0), hand_legal(state))
        assert isinstance(action, MeldCards | Discard | LayOff)
        state, _ = hand_apply(state, action)
        if isinstance(action, Discard):
            break
    assert state.over or len(state.hands[0]) == 1


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_gin_holds_a_low_hand_while_the_stock_is_long(level: str) -> None:
    """Deadwood 3 after the discard: a knock is allowed, but gin or an undercut pays more
    while the stock is long; near the end of the stock the knock is taken."""
    mine = "2H 3H 4H 7S 7D 7C 8C 9C TC 3D KS"
    state = set_hands("gin", mine, "AS 2S 3S 4S 5S 6S 7H 9S TS JS", "QS", Phase.PLAY)
    legal = hand_legal(state)
    assert Knock(cards("KS")[0]) in legal
    long_stock = make_player(level, 1).choose(observe_hand(state, 0), legal)
    assert isinstance(long_stock, Discard) and long_stock.card == cards("KS")[0]
    short = replace(state, stock=state.stock[:3])
    late = make_player(level, 1).choose(observe_hand(short, 0), hand_legal(short))
    assert isinstance(late, Knock) and late.card == cards("KS")[0]


def rummy_hand(opponent: str) -> HandState:
    """Three-player Rummy: seat 0 holds two melds and two loose cards; seat 1 ``opponent``."""
    state = set_hands("rummy", "5C 6C 7C 9D 9H 9S KD 2S", opponent, "QH", Phase.PLAY, players=3)
    return state


def test_hard_keeps_melds_for_rummy_until_an_opponent_is_nearly_out() -> None:
    player = make_player("hard", 3)
    state = rummy_hand("AH 2H 3D 4S 5S 6S 8H")
    action = player.choose(observe_hand(state, 0), hand_legal(state))
    assert isinstance(action, Discard)  # holds 5C-7C and the 9s for rummy
    near_out = replace(state, hands=(state.hands[0], cards("8H"), state.hands[2]))
    action = player.choose(observe_hand(near_out, 0), hand_legal(near_out))
    assert isinstance(action, MeldCards)
