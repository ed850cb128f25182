"""The match controller: the one place that calls ``engine.apply``.

Data flows one way. The UI proposes an action; the controller checks it with
``refusal``, applies it, and queues a :class:`Step` (the viewer's view before and
after, and the events as the viewer may see them) for the UI to animate.
Computer turns run on a worker thread, so the drawing thread never waits: the
UI calls :meth:`Controller.update` every frame and the controller starts a
computer's decision once the UI has caught up and the pacing pause has passed.

Pass-and-play (several human seats) is decided here, not in the UI: the
:class:`~knockrummy.app.seating.Seating` says whose side of the table is shown,
whether that hand may be face up, and when a hand-off is due. The viewer changes
only in :meth:`Controller.acknowledge_handoff`, when no step is waiting, so every
queued step's before and after views belong to one viewer.

Hints and undo (issue 8): :meth:`Controller.ask_hint` starts the viewer's hint on
its own worker thread (:class:`~knockrummy.app.hints.HintDesk`); :meth:`Controller.undo`
takes back the viewer's last move against computers (``knockrummy.coach.undo``):
it abandons a computer decision in flight, drops the queued steps, puts back the
match exactly as it was, counts the undo (:attr:`Controller.undo_tracker`, saved
with the game and marked in the statistics) and saves the restored match.

After every applied action the controller hands the match to its :class:`Saver`
(the autosave). It never applies an action while the previous one is still being
written, so a crash loses at most the action in flight: computers simply wait for
the save to land (it takes milliseconds, far less than their pacing), and a human
action that comes faster than the disk waits for it.
"""

from __future__ import annotations

import logging
import random
from collections import deque
from collections.abc import Callable, Mapping
from concurrent.futures import CancelledError, Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass
from typing import Protocol

from knockrummy.app.computer import ComputerPlayer, make_computer, seat_seed
from knockrummy.app.hints import HintDesk
from knockrummy.app.names import shown_name
from knockrummy.app.seating import Seating
from knockrummy.coach import Hint, UndoPlan, UndoTracker, undo_plan, why_not_undo
from knockrummy.engine import (
    Action,
    IllegalAction,
    MatchState,
    NextHand,
    PlayerView,
    Rules,
    apply,
    legal_actions,
    mask_event,
    new_match,
    observe,
)
from knockrummy.engine.events import Dealt, Event, UpcardTurned
from knockrummy.i18n import _
from knockrummy.words.refusals import refusal

log = logging.getLogger(__name__)

HUMAN = "human"
COMPUTER = "computer"


@dataclass(frozen=True)
class SeatSetup:
    """Who sits in a seat: a name, human or computer, and the computer's level."""

    name: str
    kind: str = COMPUTER
    level: str = "medium"


@dataclass(frozen=True)
class GameSetup:
    """Everything needed to start a match."""

    rules: Rules
    seats: tuple[SeatSetup, ...]
    seed: int

    @property
    def players(self) -> int:
        """Number of seats."""
        return len(self.seats)


@dataclass(frozen=True)
class Step:
    """One applied action as the viewer sees it, for the UI to animate."""

    seat: int
    action: Action | None
    events: tuple[Event, ...]
    before: PlayerView
    after: PlayerView
    #: whether the viewer's hand may be face up before and after (pass-and-play)
    shown_before: bool = True
    shown_after: bool = True


class Saver(Protocol):
    """Where the controller sends the match after every action (the autosave)."""

    def record(self, match: MatchState) -> None:
        """Keep ``match`` (called right after each action is applied)."""
        ...

    def caught_up(self) -> bool:
        """Whether everything recorded so far is safely written."""
        ...

    def wait(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds until caught up; whether it is."""
        ...


#: longest a human action waits for the previous save to land (a slow disk)
SAVE_WAIT = 2.0


def random_seed() -> int:
    """A fresh match seed."""
    return random.SystemRandom().getrandbits(48)


class Controller:
    """Owns the match; applies human and computer actions; queues steps."""

    def __init__(
        self,
        setup: GameSetup,
        match: MatchState | None = None,
        pacing: float = 0.7,
        saver: Saver | None = None,
        on_change: Callable[[MatchState], None] | None = None,
        undo_count: int = 0,
        hints_asked: int = 0,
        hints_by_seat: Mapping[int, int] | None = None,
    ) -> None:
        """``undo_count``, ``hints_asked``: moves already taken back and hints already
        asked in this match (a resumed save); ``hints_by_seat``: those hints, per seat."""
        self.setup = setup
        self.match = match or new_match(
            setup.rules, setup.players, setup.seed, [s.name for s in setup.seats]
        )
        self.pacing = pacing
        self.saver = saver
        #: called after every applied action, just before the saver (tests, tracing)
        self.on_change = on_change
        humans = [i for i, s in enumerate(setup.seats) if s.kind == HUMAN]
        #: whose side of the table is shown, who holds the screen (pass-and-play)
        self.seating = Seating.for_humans(humans, setup.players)
        self.computers: dict[int, ComputerPlayer] = {
            i: make_computer(s.level, seat_seed(setup.seed, i))
            for i, s in enumerate(setup.seats)
            if s.kind != HUMAN
        }
        self.steps: deque[Step] = deque()
        self._executor: ThreadPoolExecutor | None = None
        self._future: Future[Action] | None = None
        self._thinking_seat: int | None = None
        self._ready_at: float | None = None
        self.errors: list[str] = []
        #: the viewer's hints, worked out on their own thread
        self.hints = HintDesk(max(0, hints_asked), hints_by_seat)
        #: undos of this match (``used`` marks it in the statistics)
        self.undo_tracker = UndoTracker(max(0, undo_count))
        view = self.view()
        if not self.match.hand_actions and not self.match.hand.over:
            deal: tuple[Event, ...] = (
                Dealt(self.match.hand.dealer, self.match.hand.cards_each),
                UpcardTurned(self.match.hand.discard[-1]),
            )
            shown = self.hand_shown
            self.steps.append(Step(-1, None, deal, view, view, shown, shown))

    # ----------------------------------------------------------------- seating

    @property
    def viewer(self) -> int:
        """The seat whose side of the table is shown."""
        return self.seating.viewer

    @property
    def humans(self) -> tuple[int, ...]:
        """The human seats."""
        return self.seating.humans

    @property
    def hand_shown(self) -> bool:
        """Whether the viewer's hand may be face up on screen now."""
        return self.seating.hand_shown(self.match)

    @property
    def handoff_due(self) -> int | None:
        """The human who must be handed the screen before play goes on, if any."""
        return self.seating.handoff_due(self.match)

    def acknowledge_handoff(self) -> int | None:
        """The human due a hand-off says they are ready; returns their seat.

        Ignored while steps are still waiting to be shown (they belong to the old viewer).
        """
        seat = self.handoff_due
        if seat is None or self.steps:
            return None
        self.seating.acknowledge(seat)
        return seat

    # ----------------------------------------------------------------- reading

    def view(self, seat: int | None = None) -> PlayerView:
        """The view of ``seat`` (the viewer by default)."""
        return observe(self.match, self.viewer if seat is None else seat)

    def legal(self) -> list[Action]:
        """Legal actions now."""
        return legal_actions(self.match)

    def is_computer(self, seat: int) -> bool:
        """Whether a computer plays ``seat``."""
        return seat in self.computers

    @property
    def human_to_act(self) -> bool:
        """Whether the viewer (a human) acts now."""
        hand = self.match.hand
        return (
            not self.match.over
            and not hand.over
            and hand.current == self.viewer
            and not self.is_computer(self.viewer)
            and self.seating.hand_shown(self.match)
        )

    @property
    def thinking(self) -> int | None:
        """The computer seat now deciding (or waiting its paced turn), if any."""
        return self._thinking_seat

    def refusal(self, action: Action) -> str | None:
        """Why the viewer may not do ``action`` now, or None."""
        if isinstance(action, NextHand):
            return refusal(self.match, action)
        if not self.human_to_act:
            hand = self.match.hand
            if self.match.over or hand.over:
                return _("The hand is over")
            due = self.handoff_due
            if due is not None:
                return self._pass_to(due)
            # Translators: {name} is the player whose turn it is
            return _("Wait for {name} to play").format(name=self._name(hand.current))
        return refusal(self.match, action)

    def _name(self, seat: int) -> str:
        """The seat's name as shown to players (the default "You" in their language)."""
        return shown_name(self.match.names[seat])

    def _pass_to(self, seat: int) -> str:
        # Translators: pass-and-play: the screen must go to {name} before play goes on
        return _("Pass the screen to {name} first").format(name=self._name(seat))

    # ----------------------------------------------------------------- acting

    def submit(self, action: Action) -> str | None:
        """Apply the viewer's ``action``; return the reason when it is refused."""
        reason = self.refusal(action)
        if reason is not None:
            return reason
        self._apply(action)
        return None

    def next_hand(self) -> str | None:
        """Deal the next hand (anyone at the table may ask once a hand is over)."""
        reason = refusal(self.match, NextHand())
        if reason is None:
            self._apply(NextHand())
        return reason

    def _apply(self, action: Action) -> None:
        if self.saver is not None and not self.saver.caught_up():
            # never two actions ahead of the disk: a crash loses at most one
            self.saver.wait(SAVE_WAIT)
        before = self.view()
        shown_before = self.hand_shown
        seat = self.match.hand.current
        try:
            self.match, events = apply(self.match, action)
        except IllegalAction as err:  # refusal said yes: a bug, but never a crash
            log.error("engine refused %s: %s", action, err)
            self.errors.append(str(err))
            return
        if isinstance(action, NextHand):
            self.seating.new_deal()
        after = self.view()
        masked = tuple(mask_event(e, self.viewer) for e in events)
        self.steps.append(Step(seat, action, masked, before, after, shown_before,
                               self.hand_shown))
        self._ready_at = None
        if self.on_change is not None:
            self.on_change(self.match)
        if self.saver is not None:
            self.saver.record(self.match)

    # ----------------------------------------------------------------- hints

    def hint_refusal(self) -> str | None:
        """Why the viewer cannot have a hint now, or None (hints are for your own turn)."""
        if self.human_to_act:
            return None
        hand = self.match.hand
        if self.match.over or hand.over:
            return _("The hand is over: hints are for your own turns")
        due = self.handoff_due
        if due is not None:
            return self._pass_to(due)
        if not self.humans:
            return _("Hints are for human players")
        return _("Hints are for your own turn: wait for {name} to play").format(
            name=self._name(hand.current))

    def ask_hint(self) -> str | None:
        """Start working out the viewer's hint; the reason in words when refused."""
        reason = self.hint_refusal()
        if reason is None:
            self.hints.ask(self.match, self.viewer)
        return reason

    @property
    def hint(self) -> Hint | None:
        """The viewer's hint for the position now, once worked out."""
        return self.hints.current(self.match, self.viewer)

    @property
    def hint_pending(self) -> bool:
        """Whether the viewer's hint for the position now is being worked out."""
        return self.hints.pending(self.match, self.viewer)

    # ----------------------------------------------------------------- undo

    def undo_refusal(self, allowed: bool) -> str | None:
        """Why the viewer may not take back their last move, or None (``allowed``: the
        setting). Never in pass-and-play; never a stock draw; only within the hand."""
        return why_not_undo(self.match, self.viewer, allowed=allowed, humans=self.humans)

    def undo(self, allowed: bool) -> UndoPlan | str:
        """Take back the viewer's last move (and the computers' moves since).

        Abandons a computer decision in flight and the steps not yet shown, puts the
        match back exactly as it was, counts the undo and saves. Returns what was
        taken back, or the reason in words when it may not be.
        """
        reason = self.undo_refusal(allowed)
        if reason is not None:
            return reason
        plan = undo_plan(self.match, self.viewer)
        if plan is None:  # why_not_undo said yes, so there is a plan
            return _("Nothing to undo")
        if self.saver is not None and not self.saver.caught_up():
            self.saver.wait(SAVE_WAIT)
        self._abandon_decision()
        self.steps.clear()
        self.match = self.undo_tracker.undo(self.match, self.viewer, allowed=allowed,
                                            humans=self.humans)
        self.hints.forget()
        if self.on_change is not None:
            self.on_change(self.match)
        if self.saver is not None:
            self.saver.record(self.match)
        return plan

    def _abandon_decision(self) -> None:
        """Forget the computer decision in flight: its result is never applied (the
        worker finishes it and it is dropped; players keep no state between calls)."""
        if self._future is not None:
            self._future.cancel()
        self._future = None
        self._thinking_seat = None
        self._ready_at = None

    # ----------------------------------------------------------------- computers

    def update(self, now: float, ui_idle: bool) -> bool:
        """Advance computer turns; True when a step was queued."""
        future = self._future
        saved = self.saver is None or self.saver.caught_up()
        if future is not None:
            if not future.done() or not saved:
                return False
            self._future = None
            self._thinking_seat = None
            try:
                action = future.result()
            except Exception as err:  # a failing AI must not stop the game
                log.exception("computer player failed")
                self.errors.append(f"computer player failed: {err}")
                action = self.legal()[0]
            if refusal(self.match, action) is not None:
                self.errors.append(f"computer chose an illegal action: {action}")
                action = self.legal()[0]
            self._apply(action)
            return True
        hand = self.match.hand
        if self.match.over or hand.over or not self.is_computer(hand.current):
            self._thinking_seat = None
            self._ready_at = None
            return False
        self._thinking_seat = hand.current
        if not ui_idle or self.steps or not saved:
            self._ready_at = None
            return False
        if self._ready_at is None:
            self._ready_at = now + self.pacing
        if now < self._ready_at:
            return False
        seat = hand.current
        view = observe(self.match, seat)
        legal = self.legal()
        player = self.computers[seat]
        if self._executor is None:
            self._executor = ThreadPoolExecutor(1, thread_name_prefix="knockrummy-ai")
        self._future = self._executor.submit(player.choose, view, legal)
        return False

    def wait_decision(self, timeout: float) -> bool:
        """Wait for the computer's decision in flight (tests, tools); whether it is done.
        It is applied by the next :meth:`update`, not here."""
        future = self._future
        if future is None:
            return True
        try:
            future.exception(timeout)
        except FutureTimeout:
            return False
        except CancelledError:
            return True
        return True

    @property
    def deciding(self) -> bool:
        """Whether a computer's decision is running on the worker thread now."""
        return self._future is not None

    @property
    def busy(self) -> bool:
        """Whether a computer is deciding or about to."""
        return self._future is not None or self._thinking_seat is not None

    def close(self) -> None:
        """Stop the worker threads (a decision or hint in progress is abandoned)."""
        self.hints.close()
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
        self._future = None
