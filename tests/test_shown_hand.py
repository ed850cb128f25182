"""``tools/shown_hand.py``: the measurement that tells ``expert`` the real hidden cards
(docs/AI.md, thirteenth round) tells it what it says, and only while it runs."""

from __future__ import annotations

import random

import pytest

import knockrummy.ai.expert as expert
import knockrummy.sim.play as play
from knockrummy.ai import make_player
from knockrummy.ai.costs import deadwood_model
from knockrummy.ai.knowledge import read_view
from knockrummy.ai.masks import mask_of
from knockrummy.ai.worlds import sample_worlds
from knockrummy.engine import PRESETS
from knockrummy.engine.match import MatchState, apply, legal_actions, new_match
from knockrummy.engine.state import Phase
from knockrummy.engine.view import observe
from tools import shown_hand


def mid_hand(turns: int = 12) -> MatchState:
    """A two-player Gin match of ``hard`` and ``simple`` played some turns in."""
    match = new_match(PRESETS["gin"], 2, 2000)
    players = [make_player("hard", 1), make_player("simple", 2)]
    for _ in range(turns):
        seat = match.hand.current
        match, _ = apply(match, players[seat].choose(observe(match, seat), legal_actions(match)))
    assert match.hand.phase in (Phase.DRAW, Phase.PLAY)
    return match


def test_the_hand_shown_is_the_real_one_and_only_while_the_tool_runs() -> None:
    match = mid_hand()
    real = mask_of(match.hand.hands[1])
    with shown_hand.shown("hand"):
        view = play.observe(match, 0)  # as the simulation sees the match before a decision
        worlds = expert.sample_worlds(read_view(view), 5, random.Random(1))
        assert [w[1] for w in worlds] == [real] * 5
    assert play.observe is observe and expert.sample_worlds is sample_worlds
    plain = sample_worlds(read_view(observe(match, 0)), 5, random.Random(1))
    assert any(w[1] != real for w in plain)


def test_the_count_shown_is_the_real_hands_count() -> None:
    model = deadwood_model(False)
    match = mid_hand()
    real = model.least(mask_of(match.hand.hands[1]))
    knowledge = read_view(observe(match, 0))

    def off(worlds: list[dict[int, int]]) -> float:
        return sum(abs(model.least(w[1]) - real) for w in worlds) / len(worlds)

    plain = off(sample_worlds(knowledge, 20, random.Random(2)))
    with shown_hand.shown("count", tries=40):
        play.observe(match, 0)
        told = off(expert.sample_worlds(knowledge, 20, random.Random(2)))
    assert told < plain / 2, (told, plain)


def test_an_unknown_mode_is_refused() -> None:
    with pytest.raises(ValueError, match="--shown is one of"), shown_hand.shown("cards"):
        pass
