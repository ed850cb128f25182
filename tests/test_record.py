"""Exported text records import back to the same match; edits that break it are refused."""

from __future__ import annotations

import random

import pytest

from knockrummy.engine import (
    PRESETS,
    BigGin,
    Knock,
    LayDown,
    SaveError,
    apply,
    legal_actions,
    new_match,
)
from knockrummy.engine.record import export_record, import_record, move_text, parse_move
from knockrummy.engine.rules import with_options


def _finished(key: str, players: int, seed: int):  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    match = new_match(PRESETS[key], players, seed, [f"Name {i}" for i in range(players)])
    while not match.over:
        actions = legal_actions(match)
        ending = [a for a in actions if isinstance(a, Knock | BigGin | LayDown)]
        match, _ = apply(match, ending[0] if ending and rng.random() < 0.4 else rng.choice(actions))
    return match


@pytest.mark.parametrize(("key", "players"), [("knock", 4), ("gin-yimmaw", 2), ("gin-multi", 3),
                                              ("rummy", 3), ("knock-hoyle", 2)])
def test_an_exported_match_imports_to_the_same_match(key: str, players: int) -> None:
    match = _finished(key, players, seed=players)
    text = export_record(match)
    assert text.startswith("# Knock Rummy match record")
    assert "Winner: " in text
    assert import_record(text) == match


def test_every_move_reads_back() -> None:
    match = _finished("rummy", 2, seed=5)
    for action in match.all_actions:
        assert parse_move(move_text(action)) == action


def test_changed_options_are_kept() -> None:
    rules = with_options(PRESETS["knock"], deals_per_player=1)
    match = new_match(rules, 2, seed=1)
    assert import_record(export_record(match)).rules == rules


def test_an_edited_deal_is_refused() -> None:
    text = export_record(_finished("knock", 2, seed=8))
    lines = text.splitlines()
    i = next(i for i, line in enumerate(lines) if line.strip().startswith("Deal "))
    first, second = lines[i].rsplit(" ", 1)[0], lines[i].rsplit(" ", 1)[1]
    lines[i] = first + " " + ("AS" if second != "AS" else "2S")
    with pytest.raises(SaveError, match="deal does not match"):
        import_record("\n".join(lines))


def test_an_impossible_move_is_refused_with_its_line() -> None:
    text = export_record(_finished("knock", 2, seed=8))
    broken = text.replace(": draw from the stock", ": discard ZZ", 1)
    with pytest.raises(SaveError, match=r"line \d+: not a card"):
        import_record(broken)
    with pytest.raises(SaveError, match="not a Knock Rummy match record"):
        import_record("hello")
