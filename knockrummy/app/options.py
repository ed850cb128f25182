"""The house-rule options the new-game screen offers, each explained in words.

Each :class:`OptionSpec` names a ``Rules`` field, the values offered and a one-line
explanation; ``applies`` says for which presets it is shown. Game length is
separate (:func:`length_spec`) because its field depends on how the game ends.

``label``, ``explain`` and ``texts`` are the English keys (``texts`` are what the
settings file keeps as the last game's options, e.g. ``"to 150"``, in every language);
the words shown are :attr:`OptionSpec.shown_label`, :attr:`OptionSpec.shown_explain`
and :attr:`OptionSpec.shown_texts`, made in the player's language when asked for.

>>> from knockrummy.engine import PRESETS
>>> spec = length_spec(PRESETS["gin"])
>>> spec.shown_label, spec.shown_texts[:2], spec.texts[2]
('Game length', ('to 50', 'to 100'), 'to 150')
>>> length_spec(PRESETS["knock"]).shown_texts[:2]
('1 deal each', '2 deals each')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from knockrummy.engine import Family, Rules
from knockrummy.engine.rules import GameEnd, StockOut
from knockrummy.i18n import N_, _, ngettext, pgettext


@dataclass(frozen=True)
class OptionSpec:
    """One option row: ``label``, ``explain`` and ``texts`` are English keys (marked
    with ``N_``); the ``shown_*`` properties are the words in the player's language."""

    field: str
    label: str
    explain: str
    values: tuple[Any, ...]
    texts: tuple[str, ...]
    applies: Callable[[Rules], bool]
    #: the words of one value in the player's language (None: the text translated)
    word: Callable[[Any, str], str] | None = None

    @property
    def shown_label(self) -> str:
        """The row's label in the player's language."""
        return _(self.label)

    @property
    def shown_explain(self) -> str:
        """The row's explanation in the player's language."""
        return _(self.explain)

    @property
    def shown_texts(self) -> tuple[str, ...]:
        """Each value's words in the player's language, in the order of ``values``."""
        return tuple(self.shown_text(i) for i in range(len(self.values)))

    def shown_text(self, index: int) -> str:
        """The words of the value at ``index`` in the player's language."""
        text = self.texts[index]
        if self.word is not None:
            return self.word(self.values[index], text)
        return text if text.isdigit() else _(text)


def _on_off_word(value: Any, text: str) -> str:
    # Translators: an option switched on or off (New game)
    return pgettext("option", "On") if value else pgettext("option", "Off")


def _none_word(value: Any, text: str) -> str:
    # Translators: an option's value: no bonus at all (New game)
    return pgettext("option", "none") if value in (0, None) else text


def _to_word(value: Any, text: str) -> str:
    # Translators: game length: the match ends when someone reaches {points} points
    return _("to {points}").format(points=value)


def _deals_word(value: Any, text: str) -> str:
    # Translators: game length: each player deals {n} times
    return ngettext("{n} deal each", "{n} deals each", value).format(n=value)


def _on_off(field: str, label: str, explain: str, applies: Callable[[Rules], bool]) -> OptionSpec:
    return OptionSpec(field, label, explain, (True, False), ("On", "Off"), applies,
                      _on_off_word)


def _family(*families: Family) -> Callable[[Rules], bool]:
    return lambda r: r.family in families


OPTIONS: tuple[OptionSpec, ...] = (
    _on_off("may_discard_taken_upcard", N_("Discard the taken card"),
            N_("Throw back the card just taken from the pile, same turn?"),
            lambda r: True),
    OptionSpec("rum_bonus", N_("Rum bonus"),
               N_("Paid by each player when the winner has no deadwood (no card outside a "
                  "meld)."),
               (0, 10, 25), ("none", "10", "25"), _family(Family.KNOCK), _none_word),
    OptionSpec("knock_penalty", N_("Knocker's penalty"),
               N_("Paid to the winner by a knocker who is not lowest."),
               (0, 10, 20), ("none", "10", "20"), _family(Family.KNOCK), _none_word),
    _on_off("lay_down_without_discard", N_("Lay down, no discard"),
            N_("All cards matched after the draw: lay them down (rum)."),
            _family(Family.KNOCK)),
    OptionSpec("stock_out", N_("When the stock runs out"),
               N_("Pile turned over for you, or you choose pile or turn-over."),
               (StockOut.TURN_OVER, StockOut.CHOICE),
               # Translators: when the stock runs out, the discard pile is turned over
               # for you; or the player chooses
               (N_("turn over"), N_("player chooses")),
               _family(Family.KNOCK)),
    OptionSpec("knock_limit", N_("Knock limit"),
               N_("The most deadwood you may keep when you knock."),
               (10, 7, 5), ("10", "7", "5"), _family(Family.GIN, Family.GIN_MULTI)),
    OptionSpec("gin_bonus", N_("Gin bonus"), N_("Points for going gin (no deadwood)."),
               (25, 20), ("25", "20"), _family(Family.GIN, Family.GIN_MULTI)),
    OptionSpec("big_gin_bonus", N_("Big gin"),
               N_("All 11 cards melded after the draw, no discard: bonus."),
               (31, 30, None), ("31", "30", "none"), _family(Family.GIN), _none_word),
    OptionSpec("undercut_bonus", N_("Undercut bonus"),
               N_("Extra points when the defender is not above the knocker."),
               (25, 20, 10), ("25", "20", "10"), _family(Family.GIN, Family.GIN_MULTI)),
    _on_off("auto_layoffs", N_("Automatic layoffs"),
            N_("After a knock, your layoffs are made for you (else by hand)."),
            _family(Family.GIN)),
    _on_off("ace_high", N_("Ace high"),
            N_("Ace worth 15, above the king: Q-K-A is a run, A-2-3 is not."),
            _family(Family.RUMMY)),
    _on_off("rummy_doubles", N_("Rummy doubles"),
            N_("Going out all at once, nothing melded before: double score."),
            _family(Family.RUMMY)),
)


def options_for(rules: Rules) -> list[OptionSpec]:
    """The options shown for a preset."""
    return [o for o in OPTIONS if o.applies(rules)]


def length_spec(rules: Rules) -> OptionSpec:
    """The game-length row for a preset."""
    if rules.game_end is GameEnd.DEALS:
        return OptionSpec("deals_per_player", N_("Game length"),
                          N_("Deals each player makes; most points at the end wins."),
                          (1, 2, 3, 4), ("1 deal each", "2 deals each", "3 deals each",
                                         "4 deals each"), lambda r: True, _deals_word)
    if rules.game_end is GameEnd.PENALTY:
        return OptionSpec("target_score", N_("Game length"),
                          N_("Ends when someone reaches this many penalty points; lowest "
                             "wins."),
                          (50, 100, 150), ("to 50", "to 100", "to 150"), lambda r: True,
                          _to_word)
    return OptionSpec("target_score", N_("Game length"), N_("First to this many points wins."),
                      (50, 100, 150, 200, 250),
                      ("to 50", "to 100", "to 150", "to 200", "to 250"), lambda r: True,
                      _to_word)


def index_of(spec: OptionSpec, value: Any) -> int:
    """Position of ``value`` among the spec's values (0 when absent)."""
    for i, v in enumerate(spec.values):
        if v == value:
            return i
    return 0


def chosen_texts(rules: Rules) -> tuple[tuple[str, str], ...]:
    """Every option row of ``rules`` (game length included) as (field, text key): the
    English text the settings file keeps, in every language (see ``shown_texts``).

    >>> from knockrummy.engine import PRESETS
    >>> dict(chosen_texts(PRESETS["gin"]))["target_score"]
    'to 100'
    """
    specs = [*options_for(rules), length_spec(rules)]
    return tuple((spec.field, spec.texts[index_of(spec, getattr(rules, spec.field))])
                 for spec in specs)
