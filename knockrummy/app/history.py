"""A match's history as the scores screen shows it: which hands can be replayed and
whose hands can be reviewed, now.

Three sources: the match being played (from the table, the showdown or the
menu), a saved match (from the saved-games screen) and an imported record.

- Replays: any finished hand, every card face up, always (a finished hand has no
  secrets left: the showdown showed every hand).
- Reviews: a human seat's own hands. In pass-and-play each human may review
  their own hand, and only between hands: never while a hand is being played,
  when the screen may be in the wrong hands. Against computers the one human
  reviews their hands at any time. An imported record does not say who was human,
  so any seat may be reviewed.

Reviews and hints use the same strong player, seeded per seat for the match
(:func:`review_seed`), so a review judges with the player that gave the hints.

>>> from knockrummy.engine import PRESETS, new_match
>>> match = new_match(PRESETS["gin"], 2, seed=3, names=["Ann", "Bob"])
>>> h = History.of_record(match, "gin.txt")
>>> h.reviewers, h.review_refusal, h.source
((0, 1), 'No hand is finished yet', 'gin.txt')
>>> History(match, reviewers=(0, 1), viewer=0, shared=True).review_refusal
'In pass-and-play, hands are reviewed between hands, not during one'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from knockrummy.app.computer import seat_seed
from knockrummy.app.controller import HUMAN, Controller, SeatSetup
from knockrummy.engine import MatchState
from knockrummy.i18n import _


def review_seed(match: MatchState, seat: int) -> int:
    """The strong player's seed for ``seat``: the hints' seed, for the whole match."""
    return seat_seed(match.seed, seat)


@dataclass(frozen=True)
class History:
    """A match to look back on: its hands, who may review, who sits at the bottom."""

    match: MatchState
    #: seats whose hands may be reviewed (humans, or every seat of a record)
    reviewers: tuple[int, ...]
    #: the seat drawn at the bottom of a replay, and the first one reviewed
    viewer: int
    #: several humans share the screen (pass-and-play)
    shared: bool = False
    #: the saved match's id, if it is one (named in an exported record's file name)
    save_id: str | None = None
    #: where it comes from, for the heading: "" for the match being played
    source: str = ""

    @staticmethod
    def of_controller(controller: Controller, save_id: str | None = None) -> History:
        """The match being played."""
        humans = controller.humans
        return History(controller.match, humans, controller.viewer, len(humans) > 1, save_id)

    @staticmethod
    def of_seats(match: MatchState, seats: Sequence[SeatSetup], save_id: str | None,
                 source: str = "") -> History:
        """A saved match (its seats say who is human)."""
        humans = tuple(i for i, s in enumerate(seats) if s.kind == HUMAN)
        viewer = humans[0] if humans else 0
        return History(match, humans, viewer, len(humans) > 1, save_id, source)

    @staticmethod
    def of_record(match: MatchState, source: str) -> History:
        """An imported record: nobody is known to be human, so anyone may be reviewed."""
        return History(match, tuple(range(match.players)), 0, False, None, source)

    @property
    def finished_hands(self) -> int:
        """How many hands are over (and so can be replayed and reviewed)."""
        return len(self.match.records)

    @property
    def review_refusal(self) -> str | None:
        """Why no hand can be reviewed now, in words, or None."""
        if not self.reviewers:
            return _("Reviews are of human players' hands; computers played every seat here")
        if self.shared and not (self.match.over or self.match.hand.over):
            return _("In pass-and-play, hands are reviewed between hands, not during one")
        if not self.match.records:
            return _("No hand is finished yet")
        return None

    def first_reviewer(self) -> int:
        """The seat reviewed first: the viewer when they may be, else the first one."""
        return self.viewer if self.viewer in self.reviewers else (
            self.reviewers[0] if self.reviewers else self.viewer)
