"""What the engine says, as codes and values, never as words.

A refusal ("that card is not in your hand") and a score line ("Ann pays 5: 16 - 11 = 5")
are a code and the values it needs: cards as :class:`~knockrummy.engine.cards.Card`,
seats as numbers, counts as numbers. :mod:`knockrummy.words` makes the player's words
from them in the player's language; :mod:`knockrummy.engine.english` makes the English
developer text (exception messages, the match record's score lines, which are a file
format and the same whatever the language).

>>> from knockrummy.engine.cards import Card
>>> r = Refusal.of("card_not_in_hand", card=Card.parse("5H"))
>>> r.code, r["card"], r
('card_not_in_hand', Card('5H'), Refusal('card_not_in_hand', card=Card('5H')))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Self


@dataclass(frozen=True)
class Coded:
    """A code and its values, by name, in a fixed order."""

    code: str
    values: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, code: str, **values: Any) -> Self:
        """``code`` with ``values`` by name."""
        return cls(code, tuple(values.items()))

    def __getitem__(self, name: str) -> Any:
        for key, value in self.values:
            if key == name:
                return value
        raise KeyError(name)

    def get(self, name: str, default: Any = None) -> Any:
        """The value ``name``, or ``default``."""
        try:
            return self[name]
        except KeyError:
            return default

    def as_dict(self) -> dict[str, Any]:
        """The values by name."""
        return dict(self.values)

    def __repr__(self) -> str:
        values = "".join(f", {k}={v!r}" for k, v in self.values)
        return f"{type(self).__name__}({self.code!r}{values})"


@dataclass(frozen=True, repr=False)
class Refusal(Coded):
    """Why an action is not allowed now (codes: :data:`REFUSALS`)."""


@dataclass(frozen=True, repr=False)
class Note(Coded):
    """One line of a hand's or a match's score explained (codes: :data:`NOTES`). Seats
    are numbers (``seat``, ``knocker``, ``winner``; ``seats`` a tuple): the words layer
    names them, and says "You pay" for the viewer's seat."""


#: every refusal code the engine can give, with the names of its values
REFUSALS: dict[str, tuple[str, ...]] = {
    # the phase does not have that kind of action
    "already_drawn": (),
    "no_layoffs_to_finish": (),
    "not_a_hand_move": ("action",),
    "melds_only_in_rummy": (),
    "layoff_only_after_knock": (),
    "no_knocking_in_rummy": (),
    "rummy_won_by_discarding": (),
    "hand_over": (),
    "take_or_pass_upcard": (),
    "draw_first": (),
    "lay_off_or_finish": (),
    # drawing
    "stock_empty": (),
    "discard_pile_empty": (),
    "stock_not_empty": (),
    "pile_turned_for_you": (),
    "no_pile_to_turn": (),
    "one_card_no_stock": (),
    # the card
    "card_not_in_hand": ("card",),
    "taken_card_kept": (),
    # knocking, big gin, laying down
    "knock_too_much": ("limit", "card", "count"),
    "no_big_gin": (),
    "big_gin_all_cards": (),
    "no_lay_down": (),
    "all_melded_needed": (),
    "meld_too_short": (),
    "not_best_melds": (),
    # Rummy's table and laying off
    "not_a_meld": ("cards",),
    "keep_a_discard": (),
    "does_not_fit": ("card",),
    "no_such_meld": (),
    # the match
    "match_over": (),
    "finish_hand_first": (),
}

#: every score-line code, with the names of its values
NOTES: dict[str, tuple[str, ...]] = {
    # Knock Rummy
    "lowest_takes": ("seats", "low", "pool"),
    "rum_takes": ("seats", "low", "pool"),
    "pays": ("seat", "pay", "count", "low", "diff", "rum", "penalty"),
    "knocker_tied": ("seat",),
    "odd_points": ("seat",),
    # Gin
    "gin_scores": ("seat", "bonus", "count", "points"),
    "big_gin_scores": ("seat", "bonus", "count", "points"),
    "undercut_has": ("seat", "count", "knocker", "knocked"),
    "undercut_points": ("bonus", "diff", "points"),
    "knock_points": ("count", "knocked", "points", "seat"),
    # Gin for 3-4
    "gin_out": ("seat",),
    "gin_penalty": ("seat", "count", "bonus", "points"),
    "knock_with": ("seat", "knocked"),
    "penalty": ("seat", "count", "low", "points"),
    "undercut_lower": ("seat", "count", "knocker", "knocked"),
    "knocker_penalty": ("seat", "count", "low", "bonus", "points"),
    # Rummy
    "holds": ("seat", "count"),
    "rummy_doubled": ("seat", "total", "points"),
    "scores_going_out": ("seat", "total"),
    "exhausted_lowest": ("seat", "low"),
    "exhausted_diff": ("seat", "count", "low", "diff"),
    "exhausted_scores": ("seat", "parts", "points"),
    # a void hand
    "void_stock_low": ("cards",),
    # the end of a match
    "shutout": ("seat", "points"),
    "game_bonus": ("seat", "bonus"),
    "line_bonus": ("seat", "won", "bonus", "points"),
}
