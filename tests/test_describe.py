"""Every option is shown to the player in the rules text."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

import pytest

from knockrummy.engine.rules import PRESETS, Layoffs, NextDealer, Rules, StockOut, with_options
from knockrummy.words.rules import describe

# an option, the preset where it matters, and another value for it
CHANGES: list[tuple[str, str, Any]] = [
    ("min_players", "knock", 3),
    ("max_players", "knock", 4),
    ("cards_dealt", "knock", [[2, 9], [3, 7], [4, 7], [5, 6], [6, 6]]),
    ("may_discard_taken_upcard", "knock", True),
    ("knock_limit", "gin", 5),
    ("layoffs", "gin", Layoffs.ORIGINAL_ONLY),
    ("auto_layoffs", "gin", True),
    ("gin_bonus", "gin", 20),
    ("big_gin_bonus", "gin", None),
    ("undercut_bonus", "gin", 20),
    ("undercut_on_tie", "gin", False),
    ("rum_bonus", "knock", 50),
    ("knock_penalty", "knock", 5),
    ("lay_down_without_discard", "knock", True),
    ("first_turn_upcard_offer", "gin", False),
    ("stock_out", "knock", StockOut.CHOICE),
    ("stock_low_mark", "gin", 4),
    ("exhaustions_end_round", "rummy", 3),
    ("next_dealer", "knock", NextDealer.WINNER),
    ("game_end", "rummy", "penalty"),
    ("deals_per_player", "knock", 3),
    ("target_score", "rummy", 100),
    ("game_bonus", "gin", 50),
    ("line_bonus", "gin", 20),
    ("shutout_doubles", "gin", False),
    ("ace_high", "rummy", True),
    ("rummy_doubles", "rummy", True),
    ("summary", "knock", "Another summary."),
    ("name", "knock", "House rules"),
]


@pytest.mark.parametrize(("option", "key", "value"), CHANGES)
def test_changing_an_option_changes_the_rules_text(option: str, key: str, value: Any) -> None:
    base = PRESETS[key]
    changed = with_options(base, **{option: value})
    assert describe(changed) != describe(base)


def test_every_option_is_covered_by_the_text_test() -> None:
    covered = {c[0] for c in CHANGES} | {"key", "family"}
    assert covered == {f.name for f in fields(Rules)}


def test_every_preset_describes_itself() -> None:
    for rules in PRESETS.values():
        text = describe(rules)
        assert text[0].startswith(rules.name)
        assert all(line.strip() for line in text)


def test_bad_options_are_refused_with_a_reason() -> None:
    with pytest.raises(ValueError, match="unknown rules option"):
        with_options(PRESETS["gin"], jokers=True)
    with pytest.raises(ValueError, match="must be true or false"):
        with_options(PRESETS["gin"], auto_layoffs="yes")
    with pytest.raises(ValueError, match="whole number"):
        with_options(PRESETS["gin"], target_score="100")
    with pytest.raises(ValueError, match="unknown preset"):
        from knockrummy.engine.rules import preset

        preset("poker")
