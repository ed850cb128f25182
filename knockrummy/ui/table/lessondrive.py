"""The table's match in a lesson: a controller and a session over a
:class:`~knockrummy.app.lessons.LessonRun` (no pygame here).

The table drives a :class:`~knockrummy.app.controller.Controller`; a lesson gives it
:class:`LessonController`, which sends every move of the player to the run
(``run.attempt``: a refused move changes nothing and its kind words come back as the
refusal) and plays the scripted opponent one paced move at a time
(``run.play_opponent``), queueing each as a step for the table to animate like a
computer's. :class:`LessonSession` is the session the table is handed: it keeps the hand
arrangement for the run and saves nothing: no autosave, no statistics, no records.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from knockrummy.app import saves
from knockrummy.app.controller import COMPUTER, HUMAN, Controller, GameSetup, SeatSetup, Step
from knockrummy.app.lessons import Lesson, LessonRun, Refused
from knockrummy.app.lessons.runner import YOU
from knockrummy.engine import PRESETS, Action, Card, Event, mask_event
from knockrummy.i18n import _


def lesson_setup(lesson: Lesson) -> GameSetup:
    """The lesson's game as a setup: you, and its opponent as an easy computer (the
    seed is never used: the deal is the lesson's)."""
    them = 1 - YOU
    seats = [SeatSetup(lesson.names[YOU], HUMAN), SeatSetup(lesson.names[them], COMPUTER, "easy")]
    return GameSetup(PRESETS[lesson.preset], tuple(seats), 0)


class LessonController(Controller):
    """A controller whose moves go through a lesson's run (see the module docstring)."""

    def __init__(self, run: LessonRun, pacing: float = 0.7) -> None:
        super().__init__(lesson_setup(run.lesson), run.match, pacing=pacing)
        self.run = run
        #: the refusal of the player's last move, in the coach's words (None once a move
        #: is made)
        self.refused: str | None = None

    def _queue(self, seat: int, action: Action, events: Sequence[Event]) -> None:
        before = self.view()
        shown = self.hand_shown
        self.match = self.run.match
        masked = tuple(mask_event(e, self.viewer) for e in events)
        self.steps.append(Step(seat, action, masked, before, self.view(), shown,
                               self.hand_shown))

    def submit(self, action: Action) -> str | None:
        """The player's move, sent to the run: None when made, else the coach's words."""
        if not self.human_to_act:
            return self.refusal(action)
        result = self.run.attempt(action)
        if isinstance(result, Refused):
            self.refused = result.reason
            return result.reason
        self.refused = None
        self._queue(YOU, action, result.events)
        return None

    def update(self, now: float, ui_idle: bool) -> bool:
        """The scripted opponent's next move, once the table is idle and its pause is
        over; True when a step was queued."""
        if not self.run.opponent_to_move:
            self._thinking_seat = None
            self._ready_at = None
            return False
        self._thinking_seat = self.match.hand.current
        if not ui_idle or self.steps:
            self._ready_at = None
            return False
        if self._ready_at is None:
            self._ready_at = now + self.pacing
        if now < self._ready_at:
            return False
        seat = self.match.hand.current
        action, events = self.run.play_opponent()
        self._ready_at = None
        self._queue(seat, action, events)
        return True

    def hint_refusal(self) -> str | None:
        """No hints in a lesson: the coach panel says what to do."""
        return _("No hints in a lesson: the coach panel says what to do")

    def undo_refusal(self, allowed: bool) -> str | None:
        """No undo in a lesson: a refused move changes nothing anyway."""
        return _("Nothing to take back in a lesson: a move it does not ask for is never made")


class LessonSession:
    """The session of a lesson: its controller and the player's hand order, kept for
    the run; nothing is ever saved."""

    def __init__(self, run: LessonRun, pacing: float = 0.7) -> None:
        self.run = run
        self._controller = LessonController(run, pacing)
        # the hand starts as dealt, in manual order: the lesson asks the player to group it
        self._orders: saves.HandOrders = {YOU: ("manual", run.order)}

    @property
    def controller(self) -> LessonController:
        """The lesson's controller."""
        return self._controller

    @property
    def hand_orders(self) -> saves.HandOrders:
        """Each seat's arrangement of its hand (a copy)."""
        return dict(self._orders)

    def arrange(self, orders: Mapping[int, tuple[str, Sequence[Card]]]) -> None:
        """The table's word on the hands' arrangements (kept in memory only)."""
        self._orders = {seat: (mode, tuple(cards)) for seat, (mode, cards) in orders.items()
                        if cards}

    def touch(self) -> None:
        """A lesson saves nothing."""

    def take_messages(self) -> list[str]:
        """No save, so no save problems to tell."""
        return []

    def close(self) -> None:
        """Stop the controller's threads (none are started in a lesson)."""
        self._controller.close()
