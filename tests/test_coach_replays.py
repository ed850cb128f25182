"""Replays: every hand of a saved match replays to its recorded score, face up and step by
step; a match exported as a text record imports back to the same match, for every preset."""

from __future__ import annotations

import dataclasses

import pytest

from knockrummy.ai import make_player
from knockrummy.coach import ReplayCursor, replay_all, step_caption
from knockrummy.engine import (
    PRESETS,
    MatchState,
    apply,
    legal_actions,
    new_match,
    observe,
    with_options,
)
from knockrummy.engine.codec import match_from_json, match_to_json
from knockrummy.engine.record import export_record, import_record
from knockrummy.engine.rules import GameEnd

TABLES = [
    (key, players)
    for key, rules in PRESETS.items()
    for players in sorted({rules.min_players, rules.max_players})
]


def finished_match(key: str, players: int, seed: int = 12) -> MatchState:
    """A whole (short) match between computer players."""
    rules = PRESETS[key]
    rules = (with_options(rules, deals_per_player=1) if rules.game_end is GameEnd.DEALS
             else with_options(rules, target_score=60))
    match = new_match(rules, players, seed, [f"Seat {s + 1}" for s in range(players)])
    seats = [make_player("easy" if s % 2 else "medium", seed + s) for s in range(players)]
    while not match.over:
        if match.hand.over:
            match, _ = apply(match, legal_actions(match)[0])
            continue
        seat = match.hand.current
        match, _ = apply(match, seats[seat].choose(observe(match, seat), legal_actions(match)))
    return match


@pytest.mark.parametrize(("key", "players"), TABLES)
def test_every_hand_of_a_saved_match_replays_to_its_score(key: str, players: int) -> None:
    match = finished_match(key, players)
    saved = match_from_json(match_to_json(match))
    hands = replay_all(saved)
    assert [h.record for h in hands] == list(match.records)
    totals = tuple([0] * players)
    for hand in hands:
        assert hand.points == hand.record.result.points
        assert hand.scores_before == totals
        totals = hand.scores_after
    assert totals == match.scores

    text = export_record(match)
    assert import_record(text) == match
    assert import_record(export_record(import_record(text))) == match


@pytest.mark.parametrize(("key", "players"), [("gin", 2), ("knock", 4), ("rummy", 3)])
def test_the_cursor_steps_through_a_hand_face_up(key: str, players: int) -> None:
    match = finished_match(key, players, seed=4)
    hand = max(replay_all(match), key=lambda h: len(h.steps))  # the longest hand
    cursor = hand.cursor()
    assert cursor.at_start and not cursor.back()
    assert len(cursor) == len(hand.record.actions) + 1
    frames = [cursor.frame]
    while cursor.forward():
        frames.append(cursor.frame)
    assert cursor.at_end and not cursor.forward()
    for i, frame in enumerate(frames):
        assert frame.index == i
        for seat, view in enumerate(frame.views):
            assert view.seat == seat and view.hand == frame.hands[seat]
        assert frame.caption
    assert frames[0].caption.startswith(f"{match.names[hand.record.dealer]} deals")
    assert frames[-1].step.state.result == hand.record.result
    assert frames[-1].scores == hand.scores_after and frames[0].scores == hand.scores_before
    assert any("Hand over" in f.caption for f in frames)
    assert cursor.captions() == [f.caption for f in frames]
    cursor.seek(3)
    assert cursor.index == 3 and cursor.back() and cursor.index == 2
    with pytest.raises(IndexError):
        cursor.seek(len(cursor))
    cursor.to_start()
    assert cursor.view(0).hand == frames[0].hands[0]


def test_captions_name_the_cards_even_stock_draws() -> None:
    match = finished_match("gin", 2, seed=2)
    hand = replay_all(match)[0]
    captions = [step_caption(s, match.names) for s in hand.steps]
    draws = 0
    for step, caption in zip(hand.steps[1:], captions[1:], strict=True):
        if caption.endswith("from the stock") and step.seat is not None:
            drawn = step.state.hands[step.seat][-1]
            assert caption == f"{match.names[step.seat]} draws the {drawn.label} from the stock"
            draws += 1
    assert draws > 0  # the hand had stock draws to name


def test_a_cursor_opens_any_finished_hand_of_a_match() -> None:
    match = finished_match("knock", 3)
    for record in match.records:
        cursor = ReplayCursor.of_match(match, record.number)
        cursor.to_end()
        assert cursor.step.state.result == record.result
    with pytest.raises(ValueError):
        ReplayCursor.of_match(match, len(match.records) + 5)


def test_a_damaged_save_does_not_replay() -> None:
    match = finished_match("knock", 2)
    record = match.records[0]
    wrong_points = dataclasses.replace(
        record, result=dataclasses.replace(record.result, points=(99, -99)))
    damaged = dataclasses.replace(match, records=(wrong_points, *match.records[1:]))
    with pytest.raises(ValueError):
        replay_all(damaged)
    bad_totals = dataclasses.replace(match, scores=tuple(s + 1 for s in match.scores))
    with pytest.raises(ValueError, match="add up"):
        replay_all(bad_totals)
