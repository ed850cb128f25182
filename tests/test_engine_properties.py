"""Properties over many seeded random matches of every preset and player count."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from knockrummy.engine import (
    PRESETS,
    Action,
    BigGin,
    IllegalAction,
    Knock,
    LayDown,
    MatchState,
    apply,
    legal_actions,
    match_from_json,
    match_to_json,
    new_match,
    replay,
)
from knockrummy.engine.rules import Family
from knockrummy.engine.state import HandState
from tests.soak_support import SoakLength

COMBOS = [(key, n) for key, r in PRESETS.items() for n in range(r.min_players, r.max_players + 1)]


def cards_on_table(hand: HandState) -> int:
    total = sum(len(h) for h in hand.hands) + len(hand.stock) + len(hand.discard)
    total += sum(len(m.cards) for m in hand.table)
    if hand.knock_card is not None and hand.knock_card not in hand.discard:
        total += 1
    return total


def choose(rng: random.Random, actions: list[Action], knock_bias: float) -> Action:
    ending = [a for a in actions if isinstance(a, Knock | BigGin | LayDown)]
    if ending and rng.random() < knock_bias:
        return rng.choice(ending)
    return rng.choice(actions)


def play_match(key: str, players: int, seed: int, knock_bias: float,
               check_all: bool = False, max_actions: int = 60_000) -> MatchState:
    """Play a whole match at random, checking the invariants after every action."""
    rules = PRESETS[key]
    rng = random.Random(seed)
    match = new_match(rules, players, seed)
    for _ in range(max_actions):
        if match.over:
            break
        actions = legal_actions(match)
        assert actions, f"no legal action in {match.hand.phase} before the end"
        if check_all:
            for action in actions:
                apply(match, action)  # every listed action applies
        before = match
        match, _events = apply(match, choose(rng, actions, knock_bias))
        hand = match.hand
        assert cards_on_table(hand) == 52
        seen = [c for h in hand.hands for c in h] + list(hand.stock) + list(hand.discard)
        seen += [c for m in hand.table for c in m.cards]
        assert len(seen) == len(set(seen)), "a card is in two places"
        for seat in range(players):  # cards shown as taken from the pile are still held
            assert set(hand.public_taken[seat]) <= set(hand.hands[seat]), (seat, hand.phase)
        if rules.family is Family.KNOCK and hand.result is not None:
            assert sum(hand.result.points) == 0
        if before.hand is not hand and hand.result is None:
            assert 0 <= hand.current < players
    assert match.over, "the match did not end"
    return match


@pytest.mark.parametrize(("key", "players"), COMBOS)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    knock_bias=st.floats(min_value=0.05, max_value=1.0),
)
def test_random_matches_keep_every_invariant(key: str, players: int, seed: int,
                                             knock_bias: float) -> None:
    """Every preset and player count: cards accounted for, zero-sum Knock Rummy, the game
    ends, never without a legal action, every listed action applies, JSON and replay."""
    match = play_match(key, players, seed, knock_bias, check_all=True)
    # JSON round trip gives an equal match; a replay from seed and actions gives the same
    assert match_from_json(match_to_json(match)) == match
    again = replay(match.rules, players, seed, match.all_actions, match.names)
    assert again == match
    assert again.final == match.final and again.winners == match.winners


@pytest.mark.soak
def test_every_preset_and_player_count_many_seeded_games(soak_length: SoakLength) -> None:
    for key, players in COMBOS:
        for seed in range(soak_length.pick(1, 12)):
            match = play_match(key, players, seed * 7919 + players, knock_bias=0.3,
                               check_all=seed < 2)
            assert match.winners
            for record in match.records:
                assert len(record.result.points) == players


def test_round_trip_mid_hand_and_between_hands() -> None:
    for key, players in COMBOS:
        rng = random.Random(players)
        match = new_match(PRESETS[key], players, seed=42)
        for step in range(400):
            if match.over:
                break
            if step % 37 == 0:
                assert match_from_json(match_to_json(match)) == match
            match, _ = apply(match, choose(rng, legal_actions(match), 0.2))


def test_an_illegal_action_never_changes_the_match() -> None:
    match = new_match(PRESETS["gin"], 2, seed=1)
    text = match_to_json(match)
    try:
        apply(match, Knock(match.hand.hands[0][0]))
    except IllegalAction as err:
        assert str(err)
    assert match_to_json(match) == text
