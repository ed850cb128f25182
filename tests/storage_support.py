"""Shared helpers for the storage tests (no tests here).

Every storage test points ``KNOCKRUMMY_HOME`` at a fresh temporary folder
through the ``kr_home`` fixture, so nothing touches the real user folders.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from knockrummy.engine import PRESETS, MatchState, apply, legal_actions, new_match
from knockrummy.engine.actions import BigGin, Knock, LayDown
from knockrummy.storage import Seat


@pytest.fixture
def kr_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A fresh ``KNOCKRUMMY_HOME`` for one test."""
    home = tmp_path / "krhome"
    monkeypatch.setenv("KNOCKRUMMY_HOME", str(home))
    yield home


def random_match(preset: str, players: int, seed: int, max_actions: int = 10**6,
                 knock_weight: float = 1.0) -> MatchState:
    """A match played with random legal actions, up to ``max_actions`` or its end.

    ``knock_weight`` < 1 makes knocking rarer so hands last longer (random
    players otherwise knock almost at once in Knock Rummy).
    """
    rng = random.Random(seed)
    match = new_match(PRESETS[preset], players, seed=seed)
    for _ in range(max_actions):
        if match.over:
            break
        actions = legal_actions(match)
        calm = [a for a in actions if not isinstance(a, Knock | BigGin | LayDown)]
        if calm and len(calm) < len(actions) and rng.random() > knock_weight:
            actions = calm
        match, _ = apply(match, rng.choice(actions))
    return match


def seats_for(match: MatchState, humans: int = 1, level: str = "medium") -> list[Seat]:
    """Seats for ``match``: the first ``humans`` human, the rest computers at ``level``."""
    return [Seat(name, "human") if i < humans else Seat(name, "computer", level)
            for i, name in enumerate(match.names)]
