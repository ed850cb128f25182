"""The house-rule options the new-game screen offers, each explained in words.

Each :class:`OptionSpec` names a ``Rules`` field, the values offered and a one-line
explanation; ``applies`` says for which presets it is shown. Game length is
separate (:func:`length_spec`) because its field depends on how the game ends.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from knockrummy.engine import Family, Rules
from knockrummy.engine.rules import GameEnd, StockOut


@dataclass(frozen=True)
class OptionSpec:
    """One option row."""

    field: str
    label: str
    explain: str
    values: tuple[Any, ...]
    texts: tuple[str, ...]
    applies: Callable[[Rules], bool]


def _on_off(field: str, label: str, explain: str, applies: Callable[[Rules], bool]) -> OptionSpec:
    return OptionSpec(field, label, explain, (True, False), ("On", "Off"), applies)


def _family(*families: Family) -> Callable[[Rules], bool]:
    return lambda r: r.family in families


OPTIONS: tuple[OptionSpec, ...] = (
    _on_off("may_discard_taken_upcard", "Discard the taken card",
            "Throw back the card just taken from the pile, same turn?",
            lambda r: True),
    OptionSpec("rum_bonus", "Rum bonus",
               "Paid by each player when the winner has no deadwood.",
               (0, 10, 25), ("none", "10", "25"), _family(Family.KNOCK)),
    OptionSpec("knock_penalty", "Knocker's penalty",
               "Paid to the winner by a knocker who is not lowest.",
               (0, 10, 20), ("none", "10", "20"), _family(Family.KNOCK)),
    _on_off("lay_down_without_discard", "Lay down, no discard",
            "All cards matched after the draw: lay them down (rum).",
            _family(Family.KNOCK)),
    OptionSpec("stock_out", "When the stock runs out",
               "Pile turned over for you, or you choose pile or turn-over.",
               (StockOut.TURN_OVER, StockOut.CHOICE), ("turn over", "player chooses"),
               _family(Family.KNOCK)),
    OptionSpec("knock_limit", "Knock limit",
               "The most deadwood you may keep when you knock.",
               (10, 7, 5), ("10", "7", "5"), _family(Family.GIN, Family.GIN_MULTI)),
    OptionSpec("gin_bonus", "Gin bonus", "Points for going gin (no deadwood).",
               (25, 20), ("25", "20"), _family(Family.GIN, Family.GIN_MULTI)),
    OptionSpec("big_gin_bonus", "Big gin",
               "All 11 cards melded after the draw, no discard: bonus.",
               (31, 30, None), ("31", "30", "none"), _family(Family.GIN)),
    OptionSpec("undercut_bonus", "Undercut bonus",
               "Extra points when the defender is not above the knocker.",
               (25, 20, 10), ("25", "20", "10"), _family(Family.GIN, Family.GIN_MULTI)),
    _on_off("auto_layoffs", "Automatic layoffs",
            "After a knock, your layoffs are made for you (else by hand).",
            _family(Family.GIN)),
    _on_off("ace_high", "Ace high",
            "Ace worth 15, above the king: Q-K-A is a run, A-2-3 is not.",
            _family(Family.RUMMY)),
    _on_off("rummy_doubles", "Rummy doubles",
            "Going out all at once, nothing melded before: double score.",
            _family(Family.RUMMY)),
)


def options_for(rules: Rules) -> list[OptionSpec]:
    """The options shown for a preset."""
    return [o for o in OPTIONS if o.applies(rules)]


def length_spec(rules: Rules) -> OptionSpec:
    """The game-length row for a preset."""
    if rules.game_end is GameEnd.DEALS:
        return OptionSpec("deals_per_player", "Game length",
                          "Deals each player makes; most points at the end wins.",
                          (1, 2, 3, 4), ("1 deal each", "2 deals each", "3 deals each",
                                         "4 deals each"), lambda r: True)
    if rules.game_end is GameEnd.PENALTY:
        return OptionSpec("target_score", "Game length",
                          "Ends when someone reaches this many penalty points; lowest wins.",
                          (50, 100, 150), ("to 50", "to 100", "to 150"), lambda r: True)
    return OptionSpec("target_score", "Game length", "First to this many points wins.",
                      (50, 100, 150, 200, 250),
                      ("to 50", "to 100", "to 150", "to 200", "to 250"), lambda r: True)


def index_of(spec: OptionSpec, value: Any) -> int:
    """Position of ``value`` among the spec's values (0 when absent)."""
    for i, v in enumerate(spec.values):
        if v == value:
            return i
    return 0


def chosen_texts(rules: Rules) -> tuple[tuple[str, str], ...]:
    """Every option row of ``rules`` (game length included) as (field, text shown).

    >>> from knockrummy.engine import PRESETS
    >>> dict(chosen_texts(PRESETS["gin"]))["target_score"]
    'to 100'
    """
    specs = [*options_for(rules), length_spec(rules)]
    return tuple((spec.field, spec.texts[index_of(spec, getattr(rules, spec.field))])
                 for spec in specs)
