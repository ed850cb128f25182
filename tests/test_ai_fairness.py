"""No cheating, and no surprises: players see only their view and replay from a seed."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from knockrummy.ai import LEVELS, make_player
from knockrummy.engine import PRESETS, Card, with_options
from knockrummy.engine.flow import apply as hand_apply
from knockrummy.engine.flow import deal
from knockrummy.engine.flow import legal_actions as hand_legal
from knockrummy.engine.match import HandState, MatchState
from knockrummy.engine.state import Phase
from knockrummy.engine.view import PlayerView, observe_hand
from knockrummy.sim.play import play_match

TABLES = [("gin", 2), ("gin-yimmaw", 2), ("knock", 4), ("knock-hoyle", 2), ("gin-multi", 3),
          ("rummy", 3), ("rummy-high", 2)]


def midgame(key: str, players: int, seed: int, steps: int) -> HandState:
    """A hand after ``steps`` actions of simple players (stopped early if it ends)."""
    state, _ = deal(PRESETS[key], players, 0, seed)
    seats = [make_player("simple", s) for s in range(players)]
    for _ in range(steps):
        legal = hand_legal(state)
        action = seats[state.current].choose(observe_hand(state, state.current), legal)
        new, _ = hand_apply(state, action)
        if new.over or new.exhaustions:
            break
        state = new
    return state


def reachable_objects(value: Any, seen: set[int] | None = None) -> list[Any]:
    """Everything reachable from ``value`` through dataclass fields and containers."""
    seen = set() if seen is None else seen
    if id(value) in seen:
        return []
    seen.add(id(value))
    out = [value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            out += reachable_objects(getattr(value, f.name), seen)
    elif isinstance(value, tuple | list | set | frozenset):
        for item in value:
            out += reachable_objects(item, seen)
    elif isinstance(value, dict):
        for k, v in value.items():
            out += reachable_objects(k, seen) + reachable_objects(v, seen)
    return out


def hidden_cards(state: HandState, seat: int) -> set[Card]:
    """Cards ``seat`` may not know: the stock and the others' cards not taken from the pile
    (a Gin knocker's unmatched cards are face up once the knocker has laid down)."""
    hidden = set(state.stock)
    for s, hand in enumerate(state.hands):
        if s != seat:
            hidden |= set(hand) - set(state.public_taken[s]) - set(_shown(state, s))
    return hidden


def _shown(state: HandState, seat: int) -> tuple[Card, ...]:
    return state.hands[seat] if seat == state.knocker and state.table else ()


def permuted(state: HandState, seat: int, rng: random.Random) -> HandState:
    """The same hand with the hidden cards dealt out again, consistently with the view."""
    pool = sorted(hidden_cards(state, seat), key=lambda c: c.index)
    rng.shuffle(pool)
    hands = []
    for s, hand in enumerate(state.hands):
        if s == seat:
            hands.append(hand)
            continue
        known = [c for c in hand if c in state.public_taken[s] or c in _shown(state, s)]
        unknown = len(hand) - len(known)
        hands.append(tuple(known + pool[:unknown]))
        pool = pool[unknown:]
    return dataclasses.replace(state, hands=tuple(hands), stock=tuple(pool))


@pytest.mark.parametrize(("key", "players"), TABLES)
def test_view_reaches_no_hidden_card(key: str, players: int) -> None:
    for steps in (1, 7, 15, 24):
        state = midgame(key, players, seed=steps, steps=steps)
        seat = state.current
        view = observe_hand(state, seat)
        objects = reachable_objects(view)
        assert not any(isinstance(o, HandState | MatchState) for o in objects)
        cards = {o for o in objects if isinstance(o, Card)}
        assert not cards & hidden_cards(state, seat)


@pytest.mark.parametrize(("key", "players"), TABLES)
def test_decisions_ignore_hidden_cards(key: str, players: int) -> None:
    """Dealing the hidden cards out differently changes neither the view nor any decision."""
    rng = random.Random(key)
    for steps in (0, 3, 8, 13, 20):
        state = midgame(key, players, seed=steps + 1, steps=steps)
        seat = state.current
        view = observe_hand(state, seat)
        legal = hand_legal(state)
        for _ in range(2):
            other = permuted(state, seat, rng)
            assert other.hands != state.hands or other.stock != state.stock or steps == 0
            assert observe_hand(other, seat) == view
            assert hand_legal(other) == legal
            for level in LEVELS:
                a = make_player(level, 7).choose(view, legal)
                b = make_player(level, 7).choose(observe_hand(other, seat), hand_legal(other))
                assert a == b, (level, steps)


@pytest.mark.parametrize("level", LEVELS)
def test_matches_replay_from_seeds(level: str) -> None:
    rules = with_options(PRESETS["gin"], target_score=60)
    runs = []
    for _ in range(2):
        seats = [make_player(level, 3), make_player("simple", 4)]
        outcome = play_match(rules, seats, seed=12)  # type: ignore[arg-type]
        runs.append((outcome.final, [r.points for r in outcome.results], outcome.actions))
    assert runs[0] == runs[1]


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(("key", "players"), TABLES)
def test_hands_replay_from_seeds(level: str, key: str, players: int) -> None:
    """The same seeds give the same actions, at every preset."""
    def actions(player_seed: int) -> list[object]:
        state, _ = deal(PRESETS[key], players, 0, seed=33)
        seats = [make_player(level, player_seed + s) for s in range(players)]
        done: list[object] = []
        while not state.over:
            action = seats[state.current].choose(observe_hand(state, state.current),
                                                 hand_legal(state))
            done.append(action)
            state, _ = hand_apply(state, action)
        return done

    assert actions(5) == actions(5)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(("key", "players"), [("gin", 2), ("knock", 3), ("rummy", 3)])
def test_fresh_player_mid_hand_decides_the_same(level: str, key: str, players: int) -> None:
    """A player created mid-hand (a resumed saved game) plays as one that saw it all."""
    state, _ = deal(PRESETS[key], players, 1, seed=21)
    steady = [make_player(level, 50 + s) for s in range(players)]
    while not state.over:
        seat = state.current
        view: PlayerView = observe_hand(state, seat)
        legal = hand_legal(state)
        action = steady[seat].choose(view, legal)
        assert make_player(level, 50 + seat).choose(view, legal) == action
        state, _ = hand_apply(state, action)
    assert state.phase is Phase.HAND_OVER


def test_different_seeds_can_differ() -> None:
    """The seed matters: simple breaks ties at random."""
    rules = PRESETS["gin"]
    finals = set()
    for seed in range(6):
        seats = [make_player("simple", seed), make_player("simple", seed + 100)]
        finals.add(play_match(rules, seats, seed=1).final)  # type: ignore[arg-type]
    assert len(finals) > 1
