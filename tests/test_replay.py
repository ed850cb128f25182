"""Every hand of a match replays from its seed and actions to the same scores."""

from __future__ import annotations

import random

from knockrummy.engine import PRESETS, Knock, apply, legal_actions, new_match
from knockrummy.engine.codec import match_from_json, match_to_json
from knockrummy.engine.hand_replay import hand_steps


def test_replaying_every_hand_of_a_saved_match_reproduces_its_scores() -> None:
    for key, players in (("knock", 4), ("gin-yimmaw", 2), ("rummy", 3), ("gin-multi", 3)):
        rng = random.Random(players)
        match = new_match(PRESETS[key], players, seed=11)
        while not match.over:
            actions = legal_actions(match)
            knocks = [a for a in actions if isinstance(a, Knock)]
            match, _ = apply(match, knocks[0] if knocks and rng.random() < 0.3
                             else rng.choice(actions))
        saved = match_from_json(match_to_json(match))
        totals = [0] * players
        for record in saved.records:
            steps = hand_steps(saved.rules, players, saved.names, record)
            final = steps[-1].state
            assert final.result == record.result
            assert len(steps) == len(record.actions) + 1
            assert all(s.state.players == players for s in steps)
            totals = [t + p for t, p in zip(totals, final.result.points, strict=True)]
        assert tuple(totals) == saved.scores


def test_a_damaged_record_does_not_replay() -> None:
    import dataclasses

    import pytest

    match = new_match(PRESETS["knock"], 2, seed=2)
    while not match.hand.over:
        match, _ = apply(match, legal_actions(match)[-1])
    record = match.records[0]
    wrong = dataclasses.replace(record, seed=record.seed + 1)
    # an illegal action (IllegalAction is a ValueError) or a different result
    with pytest.raises(ValueError):
        hand_steps(match.rules, 2, match.names, wrong)
