"""Computer players from ``knockrummy.ai``, made with a seed per (match, seat).

Seeding by seat and deciding from the view alone means a resumed match goes on
with the same decisions it would have made.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from knockrummy import ai
from knockrummy.engine import Action, PlayerView
from knockrummy.i18n import N_, _, pgettext

#: each level's name with a capital, as a choice shows it (English keys: :func:`level_title`)
LEVEL_TITLES = {"simple": N_("Simple"), "easy": N_("Easy"), "medium": N_("Medium"),
                "hard": N_("Hard"), "expert": N_("Expert")}


#: what each level is like, in a player's words (the New game screen says it when a
#: seat's level is pointed at)
LEVEL_NOTES = {
    "simple": N_("takes only cards that make a meld and knocks as soon as it may: the "
                 "plainest game"),
    "easy": N_("overlooks some cards it could use and knocks only with a very low count: "
               "gentle, for learning"),
    "medium": N_("keeps track of the cards and plays a natural game, knocking with a fair "
                 "count"),
    "hard": N_("reads what you take and throw, and ends the hand the moment the odds "
               "favour it"),
    "expert": N_("plays as Hard, then tries its best moves out in many deals of the cards "
                 "it cannot see: the strongest"),
}


def level_note(level: str, family: str = "") -> str:
    """What a computer level is like, in the player's language; in Knock Rummy
    (``family`` "knock") the strong levels' habit of knocking at once is said too (the
    game's first-time players met it as a surprise).

    >>> level_note("medium")
    'keeps track of the cards and plays a natural game, knocking with a fair count'
    >>> level_note("hard", "knock")
    'reads what you take and throw, and ends the hand the moment the odds favour it. In \
Knock Rummy it often ends the hand on its first turn'
    """
    key = LEVEL_NOTES.get(level)
    note = _(key) if key is not None else ""
    if family == "knock" and level in ("hard", "expert"):
        # Translators: added to a strong level's note in Knock Rummy; {note} is the note
        note = _("{note}. In Knock Rummy it often ends the hand on its first turn").format(
            note=note)
    return note


class ComputerPlayer(Protocol):
    """What the controller needs from a computer player."""

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """Pick one of ``legal`` from what ``view`` shows."""
        ...


def levels() -> tuple[str, ...]:
    """The levels the computer players offer, weakest first."""
    return ai.LEVELS


def level_title(level: str) -> str:
    """A computer level's name as a choice shows it ("Easy"), in the player's language.

    >>> level_title("hard"), level_title("expert")
    ('Hard', 'Expert')
    """
    key = LEVEL_TITLES.get(level)
    return _(key) if key is not None else level.title()


def seat_title(kind: str) -> str:
    """A seat's kind as a choice shows it: "Human", "Computer", or a computer level
    ("Easy"), in the player's language.

    >>> seat_title("human"), seat_title("computer"), seat_title("medium")
    ('Human', 'Computer', 'Medium')
    """
    if kind == "human":
        # Translators: a seat played by a person (New game, Settings)
        return _("Human")
    if kind == "computer":
        # Translators: a seat played by the computer (New game)
        return _("Computer")
    return level_title(kind)


def level_word(level: str) -> str:
    """A computer level in a line of text ("Bot (hard)"), in the player's language.

    >>> level_word("easy")
    'easy'
    """
    # Translators: a computer player's level inside a sentence or after its name, as
    # in "Bot (hard)"
    words = {"simple": pgettext("level", "simple"), "easy": pgettext("level", "easy"),
             "medium": pgettext("level", "medium"), "hard": pgettext("level", "hard"),
             "expert": pgettext("level", "expert")}
    return words.get(level, level)


def seat_seed(match_seed: int, seat: int) -> int:
    """A stable seed for the computer in ``seat`` of the match with ``match_seed``.

    >>> seat_seed(7, 1) == seat_seed(7, 1) != seat_seed(7, 2)
    True
    """
    return random.Random(f"knockrummy-ai:{match_seed}:{seat}").getrandbits(63)


def make_computer(level: str, seed: int) -> ComputerPlayer:
    """A computer player of ``level``."""
    return ai.make_player(level, seed)
