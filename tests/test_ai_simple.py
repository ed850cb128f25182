"""The ``simple`` baseline behaves as the published challenge player does."""

from __future__ import annotations

from dataclasses import replace

from knockrummy.ai import LEVELS, make_player
from knockrummy.ai.simple import SimplePlayer, joins_best_meld
from knockrummy.engine import (
    PRESETS,
    Discard,
    DrawDiscard,
    DrawStock,
    Knock,
    PassUpcard,
    apply,
    legal_actions,
    new_match,
    observe,
    parse_cards,
)
from knockrummy.engine.flow import apply as hand_apply
from knockrummy.engine.flow import legal_actions as hand_legal
from knockrummy.engine.melds import min_deadwood
from knockrummy.engine.state import HandState, LogEntry, Phase
from knockrummy.engine.view import PlayerView, observe_hand


def gin_hand(hand: str, upcard: str, phase: Phase = Phase.DRAW) -> HandState:
    """A Gin hand where seat 0 holds ``hand`` and ``upcard`` tops the pile."""
    match = new_match(PRESETS["gin"], 2, seed=3)
    state = match.hand
    mine = tuple(parse_cards(hand))
    up = parse_cards(upcard)[0]
    used = set(mine) | {up}
    others = [c for c in state.hands[1] + state.stock + state.discard if c not in used]
    return replace(
        state, hands=(mine, tuple(others[:10])), stock=tuple(others[10:]), discard=(up,),
        current=0, phase=phase,
    )


def choose(state: HandState, seed: int = 1) -> object:
    player = SimplePlayer(seed)
    return player.choose(observe_hand(state, state.current), hand_legal(state))


def test_levels_and_factory() -> None:
    assert LEVELS == ("simple", "easy", "medium", "hard", "expert")
    assert make_player("simple", 1).level == "simple"


def test_takes_upcard_that_joins_a_meld() -> None:
    # 5H joins 6H 7H
    state = gin_hand("6H 7H KS KD 2C 9C TS JD 4S QH", "5H")
    assert choose(state) == DrawDiscard()


def test_refuses_upcard_that_melds_nowhere() -> None:
    state = gin_hand("6H 7H KS KD 2C 9C TS JD 4S QH", "AD")
    assert choose(state) == DrawStock()
    offer = gin_hand("6H 7H KS KD 2C 9C TS JD 4S QH", "AD", Phase.UPCARD_OFFER)
    assert choose(offer) == PassUpcard()


def test_upcard_must_join_a_best_arrangement() -> None:
    # 9H would make 9H 9S 9D but the best arrangement keeps 7H 8H 9H... here 9S 9D
    # are spare cards, so the set is in the best arrangement: take it.
    hand = parse_cards("7H 8H 9S 9D 2C 3C 4C KS QD JC")
    assert joins_best_meld(parse_cards("9H")[0], hand, False)
    # 4D with 2C 3C is no meld; 5C extends 2C 3C 4C
    assert not joins_best_meld(parse_cards("4D")[0], hand, False)
    assert joins_best_meld(parse_cards("5C")[0], hand, False)


def test_discards_least_deadwood_never_the_taken_card() -> None:
    state = gin_hand("6H 7H KS KD 2C 9C TS JD 4S QH", "5H")
    state, _ = hand_apply(state, DrawDiscard())
    view = observe_hand(state, 0)
    action = SimplePlayer(1).choose(view, hand_legal(state))
    assert isinstance(action, Discard | Knock)
    assert action.card != parse_cards("5H")[0]
    rest = [c for c in view.hand if c is not action.card]
    best = min(
        min_deadwood([c for c in view.hand if c is not x]) for x in view.hand
        if x is not view.taken
    )
    assert min_deadwood(rest) == best


def test_knocks_as_soon_as_allowed() -> None:
    # after the draw: 3 melds and KC: discarding KC leaves 1 deadwood (AS)
    state = gin_hand("2H 3H 4H 7S 7D 7C 8C 9C TC AS", "JC")
    state = replace(state, hands=(state.hands[0] + tuple(parse_cards("KC")), state.hands[1]),
                    phase=Phase.PLAY)
    action = choose(state)
    assert isinstance(action, Knock)


def test_never_repeats_a_take_and_discard_pair() -> None:
    state = gin_hand("6H 7H KS KD 2C 9C TS JD 4S 5H", "5D")
    state = replace(state, hands=(state.hands[0] + tuple(parse_cards("5D")), state.hands[1]),
                    phase=Phase.PLAY, taken=parse_cards("5D")[0])
    view = observe_hand(state, 0)
    first = SimplePlayer(1).choose(view, hand_legal(state))
    assert isinstance(first, Discard)
    # The log says this seat already took 5D and then discarded that card once.
    log = (LogEntry(0, "draw_discard", parse_cards("5D")[0]), LogEntry(0, "discard", first.card))
    again = SimplePlayer(1).choose(replace(view, log=log), hand_legal(state))
    assert isinstance(again, Discard) and again.card is not first.card


def test_simple_ignores_nothing_it_cannot_see() -> None:
    match = new_match(PRESETS["knock"], 4, seed=11)
    view: PlayerView = observe(match, match.hand.current)
    action = SimplePlayer(2).choose(view, legal_actions(match))
    assert action in legal_actions(match)
    apply(match, action)
