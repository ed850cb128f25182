"""Who is looking at the screen: the view to show and pass-and-play hand-offs.

With one human (or none) nothing changes hands: the table always shows that seat
(seat 0 when every seat is a computer) and its hand is always face up.

With several humans the screen is passed around the table, and the rule is that
no human's hand is ever face up while another human may be looking:

- the *viewer* is the seat drawn at the bottom of the table; the *holder* is the
  human who has said "I'm ready" and so has the screen now;
- the viewer's hand is face up only while it is the holder's own turn (or once
  the hand is over and the rules show every hand);
- when a human must act who does not hold the screen, a hand-off is due: every
  hand stays hidden until that human says they are ready, then they become the
  viewer and the holder;
- computers' turns are played with every hand hidden, from the last viewer's
  side of the table, so the layout does not jump;
- at every new deal nobody holds the screen (everyone saw the showdown), so the
  first human to act gets a hand-off too.

>>> from knockrummy.engine import PRESETS, new_match
>>> match = new_match(PRESETS["knock"], 3, seed=4, names=["Ann", "Bob", "Cy"])
>>> seating = Seating.for_humans((0, 1), players=3)
>>> match.hand.current, seating.handoff_due(match), seating.hand_shown(match)
(1, 1, False)
>>> seating.acknowledge(1); seating.viewer, seating.hand_shown(match)
(1, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from knockrummy.engine import MatchState


@dataclass
class Seating:
    """The pass-and-play state: human seats, the viewer and who holds the screen."""

    humans: tuple[int, ...]
    viewer: int
    holder: int | None

    @staticmethod
    def for_humans(humans: Sequence[int], players: int) -> Seating:
        """The seating at the start of a match (or of a resumed one)."""
        humans = tuple(sorted(h for h in humans if 0 <= h < players))
        viewer = humans[0] if humans else 0
        holder = None if len(humans) > 1 else viewer
        return Seating(humans, viewer, holder)

    @property
    def shared(self) -> bool:
        """Whether several humans share the screen (pass-and-play)."""
        return len(self.humans) > 1

    def handoff_due(self, match: MatchState) -> int | None:
        """The human who must be handed the screen before play goes on, if any."""
        hand = match.hand
        if not self.shared or match.over or hand.over:
            return None
        if hand.current in self.humans and hand.current != self.holder:
            return hand.current
        return None

    def hand_shown(self, match: MatchState) -> bool:
        """Whether the viewer's hand may be drawn face up now."""
        if not self.shared or match.over or match.hand.over:
            return True
        current = match.hand.current
        return current == self.holder == self.viewer and current in self.humans

    def acknowledge(self, seat: int) -> None:
        """``seat`` has the screen and is ready: show the table from their side."""
        if seat in self.humans:
            self.holder = seat
            self.viewer = seat

    def new_deal(self) -> None:
        """A new hand is dealt: everyone saw the showdown, so nobody holds the screen."""
        if self.shared:
            self.holder = None
