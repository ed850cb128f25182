"""Every level plays every preset and player count to the end, legally."""

from __future__ import annotations

from dataclasses import replace

import pytest

from knockrummy.ai import LEVELS, make_player
from knockrummy.engine import (
    DECK,
    PRESETS,
    DrawDiscard,
    FinishLayoffs,
    LayOff,
    TurnOver,
    parse_cards,
    with_options,
)
from knockrummy.engine.flow import apply as hand_apply
from knockrummy.engine.flow import deal, refusal
from knockrummy.engine.flow import legal_actions as hand_legal
from knockrummy.engine.rules import GameEnd
from knockrummy.engine.state import Phase
from knockrummy.engine.view import observe_hand
from knockrummy.sim.play import play_match

TABLES = [
    (key, players)
    for key, rules in PRESETS.items()
    for players in range(rules.min_players, rules.max_players + 1)
]


def short(key: str) -> object:
    """The preset with a short game, so a whole match fits in a test."""
    rules = PRESETS[key]
    if rules.game_end is GameEnd.DEALS:
        return with_options(rules, deals_per_player=1)
    return with_options(rules, target_score=40)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(("key", "players"), TABLES)
def test_level_plays_a_whole_match(level: str, key: str, players: int) -> None:
    rules = short(key)
    # the level in seat 0, the others mixed so each level meets the others
    seats = [make_player(level, 10 + s) if s == 0 else make_player(LEVELS[s % 4], 20 + s)
             for s in range(players)]
    outcome = play_match(rules, seats, seed=players * 100 + len(key))  # type: ignore[arg-type]
    assert outcome.winners
    assert outcome.results
    if PRESETS[key].family.value == "knock":
        for result in outcome.results:
            assert sum(result.points) == 0


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_gin_manual_layoffs_are_played(level: str) -> None:
    """Gin (laying off by hand): over many hands the defender lays off and finishes."""
    rules = PRESETS["gin"]
    assert rules.auto_layoffs is False
    seats = [make_player(level, 1), make_player("simple", 2)]
    layoffs = finishes = 0
    for seed in range(30):
        state, _ = deal(rules, 2, seed % 2, seed)
        while not state.over:
            legal = hand_legal(state)
            action = seats[state.current].choose(observe_hand(state, state.current), legal)
            assert action in legal or refusal(state, action) is None
            if state.phase is Phase.LAYOFF and state.current == 0:
                layoffs += isinstance(action, LayOff)
                finishes += isinstance(action, FinishLayoffs)
            state, _ = hand_apply(state, action)
    assert finishes > 0 and layoffs > 0


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("key", ["knock-hoyle", "rummy"])
def test_stock_out_choice(level: str, key: str) -> None:
    """With the stock empty each level picks between turning the pile over and the up card."""
    state, _ = deal(PRESETS[key], 2, 0, seed=5)
    pile = state.stock[:6]
    state = replace(state, stock=(), discard=pile, phase=Phase.DRAW)
    legal = hand_legal(state)
    assert set(legal) == {TurnOver(), DrawDiscard()}
    action = make_player(level, 3).choose(observe_hand(state, state.current), legal)
    assert action in legal


def test_hard_takes_a_gin_card() -> None:
    """An up card that completes gin is taken by every level but easy's blind spot."""
    state, _ = deal(PRESETS["gin"], 2, 0, seed=9)
    mine = tuple(parse_cards("2H 3H 4H 7S 7D 7C 8C 9C TC KD"))
    up = parse_cards("KS")[0]
    gin_card = parse_cards("5H")[0]
    others = [c for c in DECK if c not in mine and c is not up and c is not gin_card]
    state = replace(state, hands=(tuple(others[:10]), mine), stock=tuple(others[10:]),
                    discard=(up, gin_card), current=1, phase=Phase.DRAW)
    for level in ("simple", "medium", "hard"):
        action = make_player(level, 1).choose(observe_hand(state, 1), hand_legal(state))
        assert action == DrawDiscard(), level
