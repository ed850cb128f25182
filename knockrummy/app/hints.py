"""Hints for the game window, worked out off the drawing thread.

A hint is :func:`knockrummy.coach.hint` in the viewer's own view: the hint level's
move there (:func:`~knockrummy.coach.hint_level`), seeded per seat for the whole match
(:func:`~knockrummy.app.computer.seat_seed`, as the coach suggests), so asking
twice gives the same hint and the hand review judges with the player that gave
it. It takes from about 2 ms (Knock Rummy, Rummy) to 35 ms and at worst 150 ms
(``expert``'s search in two-player Gin), so it runs on its own worker thread, the way
a computer's decision does, and the window polls for it.

A term of the game (deadwood, knock, gin, lay off...) is explained in the first hint
that uses it, for each player, and not again in that session: a hint is one line on
the table, and the same meaning in every hint would crowd out the reason.

A hint belongs to one position: the :class:`~knockrummy.engine.MatchState`
object it was asked for. Any action (or an undo) makes a new state, so a hint
never outlives the position it is about.

>>> from knockrummy.engine import PRESETS, new_match, legal_actions
>>> match = new_match(PRESETS["gin"], 2, seed=5, names=["Ann", "Bob"])
>>> desk = HintDesk()
>>> desk.ask(match, match.hand.current)
True
>>> desk.wait(5.0)
True
>>> hint = desk.current(match, match.hand.current)
>>> hint is not None and hint.action in legal_actions(match)
True
>>> desk.count, desk.ask(match, match.hand.current)   # the same position: no new hint
(1, False)
>>> desk.close()
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Set
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass

from knockrummy.app.computer import seat_seed
from knockrummy.coach import Hint, hint, terms_used
from knockrummy.engine import MatchState, legal_actions, observe
from knockrummy.i18n import _


@dataclass(frozen=True)
class GivenHint:
    """A hint and the position it is for (the very state object), with its cost."""

    match: MatchState
    seat: int
    hint: Hint
    #: milliseconds it took on the worker thread
    ms: float


def work_out(match: MatchState, seat: int, told: Set[str] = frozenset()) -> GivenHint:
    """The hint for ``seat`` in ``match`` (runs on the worker thread; pure); the terms in
    ``told`` are not explained again."""
    start = time.perf_counter()
    given = hint(observe(match, seat), legal_actions(match), seat_seed(match.seed, seat),
                 told)
    return GivenHint(match, seat, given, (time.perf_counter() - start) * 1000)


class HintDesk:
    """Asks for hints on a worker thread and keeps the newest one."""

    def __init__(self, count: int = 0, by_seat: Mapping[int, int] | None = None) -> None:
        """``count``: hints already asked in this match (a resumed save); ``by_seat``: of
        those, how many each seat asked (a save from before seats were counted has
        none)."""
        self._executor: ThreadPoolExecutor | None = None
        self._future: Future[GivenHint] | None = None
        self._asked: tuple[MatchState, int] | None = None
        self._given: GivenHint | None = None
        #: positions a hint was asked for in this session (shown on the final scores)
        self.count = count
        #: per seat, the hints it asked (pass-and-play: the final scores name who asked)
        self.by_seat: dict[int, int] = dict(by_seat or {})
        #: milliseconds each hint took on the worker thread (``--stats``, the docs)
        self.times_ms: list[float] = []
        #: a hint that failed: the error in words (shown instead of the hint)
        self.error: str | None = None
        #: per seat, the game's terms its hints have explained (not explained again)
        self.told: dict[int, set[str]] = {}

    def ask(self, match: MatchState, seat: int) -> bool:
        """Start working out the hint for ``seat`` in ``match``; False if it is
        already there or on its way (asking again costs nothing)."""
        self._collect()
        if self._asked is not None and self._asked[0] is match and self._asked[1] == seat:
            return False
        if self._executor is None:
            self._executor = ThreadPoolExecutor(1, thread_name_prefix="knockrummy-hint")
        self._asked = (match, seat)
        self._given = None
        self.error = None
        self.count += 1
        self.by_seat[seat] = self.by_seat.get(seat, 0) + 1
        told = frozenset(self.told.get(seat, ()))
        self._future = self._executor.submit(work_out, match, seat, told)
        return True

    def _collect(self) -> None:
        future = self._future
        if future is None or not future.done():
            return
        self._future = None
        try:
            given = future.result()
        except Exception as err:  # a failing hint must not stop the game
            # Translators: {error} is what went wrong (a message of the program)
            self.error = _("No hint this time ({error})").format(error=err)
            return
        if self._asked is not None and given.match is self._asked[0]:
            self._given = given
            self.told.setdefault(given.seat, set()).update(terms_used(given.hint.reason))
            self.times_ms.append(given.ms)
            if len(self.times_ms) > 10_000:
                del self.times_ms[:5_000]

    def current(self, match: MatchState, seat: int) -> Hint | None:
        """The hint for exactly this position, once it is worked out."""
        self._collect()
        given = self._given
        if given is None or given.match is not match or given.seat != seat:
            return None
        return given.hint

    def pending(self, match: MatchState, seat: int) -> bool:
        """Whether the hint for this position is still being worked out."""
        self._collect()
        return (self._future is not None and self._asked is not None
                and self._asked[0] is match and self._asked[1] == seat)

    @property
    def working(self) -> bool:
        """Whether the worker thread is busy with a hint now."""
        return self._future is not None and not self._future.done()

    def wait(self, timeout: float) -> bool:
        """Wait for the hint in progress (tests, tools); whether it is done."""
        future = self._future
        if future is None:
            return True
        try:
            future.result(timeout)
        except FutureTimeout:
            return False
        except Exception:  # reported by _collect
            return True
        return True

    def forget(self) -> None:
        """Drop the hint shown and any hint on its way (the position changed)."""
        self._asked = None
        self._given = None
        self._future = None
        self.error = None

    def speak_again(self) -> None:
        """The language changed: the hint shown was worded in the old one, and the terms
        it explained were explained in it; forget both (a hint asked again comes in the
        new language, explaining its terms once more)."""
        self.forget()
        self.told.clear()

    def close(self) -> None:
        """Stop the worker thread (a hint in progress is abandoned)."""
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
        self._future = None
