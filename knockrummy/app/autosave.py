"""Autosave: the match written after every action, off the drawing thread.

One writer thread per running match takes the newest recorded state and writes
it with :meth:`SaveStore.save` (a temporary file, flushed and fsynced, then
renamed over the old save), so a save's 2-20 ms of disk time never lands in a
frame. The controller records a state right after each action and does not apply
the next one before that state is on disk (see ``Controller._apply``), so a crash
or a kill loses at most the action in flight, and never the save.

The same thread counts finished hands and matches in the statistics (human seats
only), after the save, so a hand is never counted without its save: after a crash
the last hand is counted again on resume, and the store ignores the repeat. A
match where a move was taken back is marked (``undo_used``, read with each state).

Failures (a full disk, a read-only folder) become sentences in :attr:`messages`
for the window to show; the game goes on.

>>> import os, tempfile
>>> os.environ["KNOCKRUMMY_HOME"] = tempfile.mkdtemp()
>>> from knockrummy.engine import PRESETS, new_match
>>> from knockrummy.storage import SaveStore, Seat
>>> match = new_match(PRESETS["gin"], 2, seed=3, names=["Ann", "Bot"])
>>> saver = Autosaver("a1b2c3d4", [Seat("Ann"), Seat("Bot", "computer", "easy")])
>>> saver.record(match)
>>> saver.wait(5.0)
True
>>> saver.close()
>>> SaveStore().load("a1b2c3d4").match == match
True
>>> del os.environ["KNOCKRUMMY_HOME"]
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from knockrummy.engine import MatchState
from knockrummy.i18n import N_, _
from knockrummy.storage import SaveStore, Seat, StatsStore
from knockrummy.storage.locks import InUse

log = logging.getLogger(__name__)

#: said once when another copy of the game has the match open (an English key: shown as
#: ``_(IN_USE_MESSAGE)``)
IN_USE_MESSAGE = N_("This match is open in another copy of Knock Rummy, so this copy "
                    "cannot save it: continue it there (nothing played there is lost).")


@dataclass(frozen=True)
class _Snapshot:
    version: int
    match: MatchState
    extra: dict[str, Any]
    undo_used: bool = False


class Autosaver:
    """Writes one match's save (and its statistics) on a background thread."""

    def __init__(self, save_id: str, seats: Sequence[Seat], *, store: SaveStore | None = None,
                 record_stats: bool = False, counted_hands: int = 0,
                 extra: Callable[[], dict[str, Any]] | None = None,
                 on_saved: Callable[[MatchState], None] | None = None,
                 undo_used: Callable[[], bool] | None = None) -> None:
        """``counted_hands``: hands of the match already in the statistics (a resumed
        match passes one less than it has, to count again a hand a crash may have
        cut short; the statistics ignore the repeat)."""
        self.save_id = save_id
        self.seats = tuple(seats)
        self.store = store or SaveStore()
        self.record_stats = record_stats and any(s.kind == "human" for s in self.seats)
        #: free UI data saved with every state (each seat's hand order), read on the
        #: drawing thread when a state is recorded
        self.extra = extra
        #: called on the writer thread after each save lands (tests, ``--trace``)
        self.on_saved = on_saved
        #: whether a move of the match was taken back (read on the drawing thread with
        #: each state; marks the match in the statistics)
        self.undo_used = undo_used
        #: milliseconds each save took (writing the file, not the statistics)
        self.save_ms: list[float] = []
        self._messages: list[str] = []
        self._counted_hands = counted_hands
        self._match_counted = False
        self._cond = threading.Condition()
        self._pending: _Snapshot | None = None
        self._version = 0
        self._written = 0
        self._last: MatchState | None = None
        self._closing = False
        self._told_in_use = False
        if not self._claim():
            self._tell_in_use()
        self._thread = threading.Thread(target=self._run, name="knockrummy-autosave",
                                        daemon=True)
        self._thread.start()

    def _tell_in_use(self) -> None:
        """Say once that another copy of the game has this match (it keeps every move
        made there; this copy does not overwrite them)."""
        if not self._told_in_use:
            self._told_in_use = True
            self._say(_(IN_USE_MESSAGE))

    def _claim(self) -> bool:
        try:
            return self.store.claim(self.save_id)
        except ValueError:  # a bad id: every save will say so
            return True

    # ----------------------------------------------------------------- drawing thread

    def record(self, match: MatchState) -> None:
        """Save ``match`` (the newest state wins if the writer is still busy)."""
        extra = self._extra()
        undo_used = self.undo_used is not None and self.undo_used()
        with self._cond:
            if self._closing:
                return
            self._version += 1
            self._last = match
            self._pending = _Snapshot(self._version, match, extra, undo_used)
            self._cond.notify_all()

    def touch(self) -> None:
        """Save the last state again with fresh ``extra`` (a hand was rearranged)."""
        with self._cond:
            last = self._last
        if last is not None:
            self.record(last)

    def caught_up(self) -> bool:
        """Whether every recorded state is written (or failed and was reported); a
        writer that is gone holds nothing up."""
        with self._cond:
            return self._written >= self._version or not self._thread.is_alive()

    def wait(self, timeout: float) -> bool:
        """Wait until caught up, at most ``timeout`` seconds; whether it is."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while self._written < self._version:
                left = deadline - time.monotonic()
                if left <= 0 or not self._thread.is_alive():
                    return False
                self._cond.wait(left)
            return True

    def take_messages(self) -> list[str]:
        """Sentences about failed saves since the last call, for the screen."""
        with self._cond:
            out, self._messages = self._messages, []
        return out

    def close(self, timeout: float = 10.0) -> None:
        """Write what is pending, then stop the thread."""
        with self._cond:
            self._closing = True
            self._cond.notify_all()
        self._thread.join(timeout)
        if not self._thread.is_alive():
            self.store.release(self.save_id)  # another copy may continue it now

    def _extra(self) -> dict[str, Any]:
        if self.extra is None:
            return {}
        try:
            return self.extra()
        except Exception as err:  # the hand order is a nicety: never lose the save over it
            log.warning("autosave extra: %s", err)
            return {}

    # ----------------------------------------------------------------- writer thread

    def _run(self) -> None:
        while True:
            with self._cond:
                while self._pending is None and not self._closing:
                    self._cond.wait()
                snap = self._pending
                if snap is None:
                    return
                self._pending = None
            try:
                self._write(snap)
            except Exception as err:  # a bug here must not stop the saves, or the game
                log.exception("autosave %s", self.save_id)
                self._say(_not_saved(str(err)))
            finally:
                with self._cond:
                    self._written = max(self._written, snap.version)
                    self._cond.notify_all()

    def _write(self, snap: _Snapshot) -> None:
        start = time.perf_counter()
        try:
            self.store.save(self.save_id, snap.match, self.seats, snap.extra)
        except InUse:
            self._tell_in_use()
            return
        except (OSError, ValueError) as err:
            log.warning("autosave %s: %s", self.save_id, err)
            reason = err.strerror if isinstance(err, OSError) and err.strerror else str(err)
            self._say(_not_saved(reason))
            return
        self.save_ms.append((time.perf_counter() - start) * 1000)
        if len(self.save_ms) > 10_000:
            del self.save_ms[:5_000]
        if self.on_saved is not None:
            self.on_saved(snap.match)
        if self.record_stats:
            self._count(snap.match, snap.undo_used)

    def _count(self, match: MatchState, undo_used: bool = False) -> None:
        """Hands and the match finished since the last count, into the statistics."""
        new_hands = match.records[self._counted_hands:]
        finished = match.over and not self._match_counted
        if not new_hands and not finished:
            return
        try:
            stats = StatsStore()
            for record in new_hands:
                stats.record_hand(match, record, self.seats, match_id=self.save_id)
            if finished:
                stats.record_match(match, self.seats, match_id=self.save_id,
                                   undo_used=undo_used)
        except (OSError, ValueError) as err:
            log.warning("statistics: %s", err)
            self._say(_("The statistics could not be saved ({reason}).").format(reason=err))
            return
        for message in stats.messages:
            self._say(message)
        self._counted_hands = len(match.records)
        self._match_counted = finished or self._match_counted

    def _say(self, message: str) -> None:
        with self._cond:
            if message not in self._messages:
                self._messages.append(message)


def _not_saved(reason: str) -> str:
    # Translators: {reason} is the system's reason ("No space left on device")
    return _("The game could not be saved ({reason}); play goes on.").format(reason=reason)
