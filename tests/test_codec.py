"""A whole match to JSON and back; damaged input is refused with a reason."""

from __future__ import annotations

import json
import random

import pytest

from knockrummy.engine import PRESETS, SaveError, apply, legal_actions, new_match
from knockrummy.engine.codec import SCHEMA_VERSION, match_from_json, match_to_dict, match_to_json
from knockrummy.engine.rules import with_options


def _played(key: str, players: int, steps: int, seed: int = 1):  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    match = new_match(PRESETS[key], players, seed)
    for _ in range(steps):
        if match.over:
            break
        match, _ = apply(match, rng.choice(legal_actions(match)))
    return match


def test_json_has_a_schema_version_and_round_trips() -> None:
    match = _played("gin", 2, 150)
    data = json.loads(match_to_json(match))
    assert data["schema"] == SCHEMA_VERSION
    assert data["rules"]["key"] == "gin"
    assert match_from_json(match_to_json(match)) == match


def test_changed_options_survive_the_round_trip() -> None:
    rules = with_options(PRESETS["knock"], deals_per_player=3, may_discard_taken_upcard=True)
    match = new_match(rules, 4, seed=9, names=["Ann", "Bo", "Cy", "Di"])
    back = match_from_json(match_to_json(match))
    assert back.rules == rules and back.names == ("Ann", "Bo", "Cy", "Di")


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d.update(schema=99), "newer version"),
        (lambda d: d.pop("schema"), "no schema version"),
        (lambda d: d.pop("seed"), "missing 'seed'"),
        (lambda d: d.update(seed="x"), "seed is damaged"),
        (lambda d: d.update(players=9), "players"),
        (lambda d: d["rules"].update(key="poker"), "unknown rules preset"),
        (lambda d: d["rules"].update(knock_limit="ten"), "rules are damaged"),
        (lambda d: d["actions"].append({"type": "fly"}), "unknown action"),
        (lambda d: d["actions"].insert(0, {"type": "discard", "card": "ZZ"}), "not a card"),
        (lambda d: d["actions"].insert(0, {"type": "next_hand"}), "cannot be replayed"),
        (lambda d: d.update(actions="lots"), "moves are damaged"),
        (lambda d: d.update(names=[1, 2]), "names are damaged"),
    ],
)
def test_damaged_saves_are_refused_with_a_reason(mutate, message: str) -> None:  # type: ignore[no-untyped-def]
    data = match_to_dict(_played("knock", 2, 30))
    mutate(data)
    with pytest.raises(SaveError, match=message):
        match_from_json(json.dumps(data))


def test_not_json_and_deep_nesting_are_refused() -> None:
    with pytest.raises(SaveError, match="not valid JSON"):
        match_from_json("{not json")
    with pytest.raises(SaveError):
        match_from_json("[" * 100_000 + "]" * 100_000)
    with pytest.raises(SaveError, match="does not hold a saved match"):
        match_from_json("[1, 2]")
