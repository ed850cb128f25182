"""One running match: its controller, its autosave, its save id, each seat's hand
arrangement and the coach's marks, built complete in one place.

A :class:`MatchSession` is made by :meth:`MatchSession.start` (a new match),
:meth:`MatchSession.resume` (a saved one), :meth:`MatchSession.continue_latest` or
:meth:`MatchSession.play_again`; every callback the controller and the autosaver
need is handed to them as they are built, never set afterwards. The window keeps
the session (``app.session``) and the screens talk to it; the table tells it how
each hand is arranged (:meth:`MatchSession.arrange`), and the autosave reads that,
with the undo count and the hints asked, from the session with every save.

>>> import os, tempfile
>>> os.environ["KNOCKRUMMY_HOME"] = tempfile.mkdtemp()
>>> from knockrummy.app.controller import GameSetup, SeatSetup
>>> from knockrummy.engine import PRESETS
>>> setup = GameSetup(PRESETS["gin"], (SeatSetup("Ann", "human"), SeatSetup("Bot")), 7)
>>> session = MatchSession.start(setup, SessionOptions(pacing=0.0))
>>> session.record()
>>> session.close()
>>> again = MatchSession.resume(session.save_id)
>>> again.save_id == session.save_id, again.controller.match == session.controller.match
(True, True)
>>> again.close()
>>> del os.environ["KNOCKRUMMY_HOME"]
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from knockrummy.app import saves
from knockrummy.app.autosave import Autosaver
from knockrummy.app.controller import Controller, GameSetup, random_seed
from knockrummy.engine import Card, MatchState
from knockrummy.storage import SaveStore, Seat


@dataclass(frozen=True)
class SessionOptions:
    """How a match is played and kept: the computers' pause before each move (seconds),
    whether its hands count in the statistics, whether to print a line for every
    action applied and save written (``--trace``)."""

    pacing: float = 0.7
    record_stats: bool = True
    trace: bool = False


class MatchSession:
    """The owner of one running match (no window needed)."""

    def __init__(self, setup: GameSetup, match: MatchState | None = None, *,
                 save_id: str | None = None, store: SaveStore | None = None,
                 hand_orders: saves.HandOrders | None = None,
                 marks: saves.CoachMarks | None = None,
                 saved_seats: Sequence[Seat] | None = None,
                 options: SessionOptions = SessionOptions()) -> None:
        """A new match from ``setup``, or the saved ``match`` continued.

        ``saved_seats``: the seats written to the save when they differ from those
        playing (``--autoplay`` lets computers play a saved match's human seats).
        ``marks``: a resumed match's undo count (it stays marked in the statistics) and
        hints asked.
        """
        trace = options.trace
        store = store or SaveStore()
        self.save_id: str = save_id or store.new_id()
        self.resumed = match is not None
        self.trace = trace
        #: each seat's arrangement of its hand, as the table last said (saved with it)
        self._hand_orders: saves.HandOrders = dict(hand_orders or {})
        marks = marks or saves.CoachMarks()
        seats = list(saved_seats) if saved_seats is not None else saves.store_seats(setup)
        self.autosaver = Autosaver(
            self.save_id, seats, store=store, record_stats=options.record_stats,
            counted_hands=max(0, len(match.records) - 1) if match is not None else 0,
            extra=self.save_extra, undo_used=self._undo_used,
            on_saved=_trace_saved(self.save_id) if trace else None)
        self.controller = Controller(
            setup, match=match, pacing=options.pacing, saver=self.autosaver,
            on_change=_trace_applied(self.save_id) if trace else None,
            undo_count=marks.undo_count, hints_asked=marks.hints,
            hints_by_seat=dict(enumerate(marks.hints_by_seat)))

    # ----------------------------------------------------------------- factories

    @classmethod
    def start(cls, setup: GameSetup, options: SessionOptions = SessionOptions(),
              store: SaveStore | None = None) -> MatchSession:
        """A new match of ``setup``."""
        return cls(setup, store=store, options=options)

    @classmethod
    def play_again(cls, setup: GameSetup, options: SessionOptions = SessionOptions(),
                   store: SaveStore | None = None) -> MatchSession:
        """The same game, seats, names and options as ``setup``, dealt from a new seed."""
        return cls(replace(setup, seed=random_seed()), store=store, options=options)

    @classmethod
    def of_saved(cls, loaded: saves.Resumed, options: SessionOptions = SessionOptions(),
                 store: SaveStore | None = None) -> MatchSession:
        """A loaded save continued: its match, id, hand orders and marks."""
        return cls(loaded.setup, loaded.match, save_id=loaded.save_id, store=store,
                   hand_orders=loaded.hand_orders, marks=loaded.marks, options=options)

    @classmethod
    def resume(cls, save_id: str, options: SessionOptions = SessionOptions(),
               store: SaveStore | None = None) -> MatchSession | str:
        """The saved match ``save_id`` continued; the reason in words when it cannot be."""
        loaded = saves.load(save_id, store)
        if isinstance(loaded, str):
            return loaded
        return cls.of_saved(loaded, options, store)

    @classmethod
    def continue_latest(cls, options: SessionOptions = SessionOptions(),
                        store: SaveStore | None = None) -> MatchSession | str:
        """The newest unfinished saved match continued; the reason when there is none."""
        loaded = saves.load_latest(store)
        if isinstance(loaded, str):
            return loaded
        return cls.of_saved(loaded, options, store)

    # ----------------------------------------------------------------- the match

    @property
    def setup(self) -> GameSetup:
        """The match's game, seats and seed."""
        return self.controller.setup

    @property
    def match(self) -> MatchState:
        """The match as it stands."""
        return self.controller.match

    @property
    def hand_orders(self) -> saves.HandOrders:
        """Each seat's arrangement of its hand (a copy)."""
        return dict(self._hand_orders)

    @property
    def marks(self) -> saves.CoachMarks:
        """Moves taken back and hints asked in this match so far."""
        hints = self.controller.hints
        by_seat = tuple(hints.by_seat.get(s, 0) for s in range(self.controller.match.players))
        if sum(by_seat) != hints.count:  # a save from before seats were counted
            by_seat = ()
        return saves.CoachMarks(self.controller.undo_tracker.count, hints.count, by_seat)

    def arrange(self, orders: Mapping[int, tuple[str, Sequence[Card]]]) -> None:
        """The table's word on how each seat's hand is arranged now (kept for the saves;
        seats with no cards are left out)."""
        self._hand_orders = {seat: (mode, tuple(cards))
                             for seat, (mode, cards) in orders.items() if cards}

    def save_extra(self) -> dict[str, Any]:
        """What the save keeps beside the match: hand arrangements, undos and hints."""
        return {**saves.hand_orders_to_extra(self._hand_orders),
                **saves.coach_to_extra(self.marks)}

    def _undo_used(self) -> bool:
        return self.controller.undo_tracker.used

    # ----------------------------------------------------------------- saving

    def record(self) -> None:
        """Save the match now: a new one is listed at once, a resumed one dated now."""
        if self.trace:
            _say(f"{'resumed' if self.resumed else 'started'} {self.save_id} "
                 f"{len(self.controller.match.all_actions)}")
        self.autosaver.record(self.controller.match)

    def touch(self) -> None:
        """Save again with the hands as arranged now (a hand was rearranged)."""
        self.autosaver.touch()

    def take_messages(self) -> list[str]:
        """Sentences about failed saves since the last call, for the screen."""
        return self.autosaver.take_messages()

    def close(self) -> None:
        """Stop the computer worker and write the last save (hands as arranged now)."""
        self.controller.close()
        self.autosaver.touch()
        self.autosaver.close()

    # ----------------------------------------------------------------- frame statistics

    @property
    def thinking(self) -> bool:
        """Whether a computer is deciding on the worker thread now."""
        return self.controller.deciding

    @property
    def saving(self) -> bool:
        """Whether an autosave is being written on its thread now."""
        return not self.autosaver.caught_up()

    @property
    def hinting(self) -> bool:
        """Whether a hint is being worked out on its thread now."""
        return self.controller.hints.working

    def timings(self) -> dict[str, object]:
        """How long hints and saves took (``--stats``): count, median and max in ms."""
        out: dict[str, object] = {}
        if self.controller.hints.times_ms:
            out["hint_ms"] = _spread(self.controller.hints.times_ms)
        if self.autosaver.save_ms:
            out["save_ms"] = _spread(self.autosaver.save_ms)
        return out


def _spread(times: list[float]) -> dict[str, object]:
    ordered = sorted(times)
    return {"count": len(ordered), "median": round(ordered[len(ordered) // 2], 2),
            "max": round(ordered[-1], 2)}


_PRINT = threading.Lock()


def _say(line: str) -> None:
    """One whole line on stdout, flushed (the drawing and the writer thread both trace)."""
    with _PRINT:
        sys.stdout.write(line + "\n")
        sys.stdout.flush()


def _trace_applied(save_id: str) -> Callable[[MatchState], None]:
    def applied(match: MatchState) -> None:
        _say(f"applied {save_id} {len(match.all_actions)}")
    return applied


def _trace_saved(save_id: str) -> Callable[[MatchState], None]:
    def saved(match: MatchState) -> None:
        _say(f"saved {save_id} {len(match.all_actions)}")
    return saved
