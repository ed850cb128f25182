"""Seeded play is unchanged: the same seeds give the same moves and scores as when the
fingerprint was written (``tests/fingerprint.py`` says how and when to write it again)."""

from __future__ import annotations

import json

import pytest

from tests.fingerprint import DATA, MATCHES, TABLES, play

KEPT: dict[str, str] = json.loads(DATA.read_text())


def test_the_fingerprint_covers_a_few_hundred_hands() -> None:
    assert len(KEPT) == len(TABLES) * MATCHES
    assert sum(int(v.split()[1]) for v in KEPT.values()) >= 300


@pytest.mark.parametrize(("preset", "players"), TABLES)
def test_seeded_matches_play_as_before(preset: str, players: int) -> None:
    for seed in range(1, MATCHES + 1):
        digest, hands = play(preset, players, seed)
        assert f"{digest} {hands}" == KEPT[f"{preset}/{players}/{seed}"], (
            f"{preset} with {players} players, seed {seed}: not the game it was")
