"""Undo restores exactly the match before the player's own last move (computer moves
after it rolled back), equal to a replay of the shorter action list; it is refused
in pass-and-play, when off, across hands and over a stock draw."""

from __future__ import annotations

import random

import pytest

from knockrummy.ai import make_player
from knockrummy.coach import UndoRefused, UndoTracker, undo_plan, undo_target, why_not_undo
from knockrummy.engine import (
    PRESETS,
    BigGin,
    Discard,
    DrawDiscard,
    DrawStock,
    Knock,
    LayDown,
    MatchState,
    apply,
    legal_actions,
    new_match,
    observe,
)
from knockrummy.engine.match import replay

ME = 0
TABLES = [("knock", 3), ("knock-hoyle", 2), ("gin", 2), ("gin-yimmaw", 2), ("gin-multi", 4),
          ("rummy", 3), ("rummy-high", 2)]


def computers_play(match: MatchState, seed: int) -> MatchState:
    """Computer seats play until it is my turn again or the hand is over."""
    while not match.hand.over and match.hand.current != ME:
        seat = match.hand.current
        action = make_player("easy", seed + seat).choose(observe(match, seat),
                                                           legal_actions(match))
        match, _ = apply(match, action)
    return match


@pytest.mark.parametrize(("key", "players"), TABLES)
def test_undo_restores_the_state_before_my_last_move_exactly(key: str, players: int) -> None:
    rng = random.Random(players)
    match = new_match(PRESETS[key], players, seed=21)
    undos = 0
    while len(match.records) < 2 and not match.over:
        if match.hand.over:
            match, _ = apply(match, legal_actions(match)[0])
            continue
        match = computers_play(match, 7)
        if match.hand.over:
            continue
        snapshot = match
        legal = legal_actions(match)
        playing_on = [a for a in legal if not isinstance(a, Knock | BigGin | LayDown)]
        action = rng.choice(playing_on if playing_on and rng.random() < 0.95 else legal)
        match, _ = apply(match, action)
        match = computers_play(match, 7)
        if match.hand.over:
            assert undo_target(match, ME) is None
            assert why_not_undo(match, ME, allowed=True, humans=[ME]) == (
                "The hand is over: its score stands" if not match.over else "The match is over")
            continue
        target = undo_target(match, ME)
        assert target == snapshot
        undone = len(match.all_actions) - len(snapshot.all_actions)
        rebuilt = replay(match.rules, players, match.seed, match.all_actions[:-undone],
                         match.names)
        assert rebuilt == snapshot
        plan = undo_plan(match, ME)
        assert plan is not None and plan.undone[0] == (ME, action)
        assert len(plan.undone) == undone
        reason = why_not_undo(match, ME, allowed=True, humans=[ME])
        if isinstance(action, DrawStock):
            assert reason is not None and "stock" in reason
        else:
            assert reason is None
            undos += 1
            # playing the same moves again leads back to the same match
            again = target
            for _, redo in plan.undone:
                again, _ = apply(again, redo)
            assert again == match
    assert undos >= 5, undos


def test_undo_goes_back_one_move_at_a_time_and_never_over_a_stock_draw() -> None:
    match = new_match(PRESETS["knock"], 2, seed=5)
    match = computers_play(match, 1)
    start = match
    match, _ = apply(match, DrawStock())
    after_draw = match
    discard = next(a for a in legal_actions(match) if isinstance(a, Discard))
    match, _ = apply(match, discard)
    match = computers_play(match, 1)
    tracker = UndoTracker()
    assert not tracker.used
    back = tracker.undo(match, ME, allowed=True, humans=[ME])
    assert back == after_draw and tracker.used and tracker.count == 1
    with pytest.raises(UndoRefused, match="cannot be taken back"):
        tracker.undo(back, ME, allowed=True, humans=[ME])
    assert undo_target(back, ME) == start  # the raw target exists; the refusal is the rule
    assert tracker.count == 1


def test_taking_the_discard_can_be_undone() -> None:
    match = new_match(PRESETS["knock"], 2, seed=8)
    match = computers_play(match, 1)
    before = match
    match, _ = apply(match, DrawDiscard())
    assert why_not_undo(match, ME, allowed=True, humans=[ME]) is None
    assert undo_target(match, ME) == before


def test_undo_is_refused_in_pass_and_play_when_off_and_for_others() -> None:
    match = new_match(PRESETS["gin"], 2, seed=3)
    seat = match.hand.current
    match, _ = apply(match, legal_actions(match)[0])
    assert why_not_undo(match, seat, allowed=True, humans=[0, 1]) == (
        "There is no undo in a pass-and-play game")
    assert why_not_undo(match, seat, allowed=False, humans=[seat]) == (
        "Undo is off (turn it on in the settings)")
    assert why_not_undo(match, seat, allowed=True, humans=[1 - seat]) == (
        "Only your own moves can be taken back")
    assert why_not_undo(match, 1 - seat, allowed=True, humans=[1 - seat]) == (
        "Nothing to undo: you have not moved in this hand yet")
    tracker = UndoTracker()
    with pytest.raises(UndoRefused, match="pass-and-play"):
        tracker.undo(match, seat, allowed=True, humans=[0, 1])
    assert not tracker.used


def test_the_undo_plan_says_what_it_takes_back() -> None:
    match = new_match(PRESETS["knock"], 2, seed=5)
    match = computers_play(match, 1)
    match, _ = apply(match, DrawDiscard())
    plan = undo_plan(match, ME)
    assert plan is not None and plan.text() == "Took back your move"
    discard = next(a for a in legal_actions(match) if isinstance(a, Discard))
    match, _ = apply(match, discard)
    match = computers_play(match, 1)
    plan = undo_plan(match, ME)
    assert plan is not None
    assert plan.text() == f"Took back your move and {len(plan.undone) - 1} moves after it"
