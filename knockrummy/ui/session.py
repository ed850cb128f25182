"""Starting and leaving matches: the glue between screens, the controller and the autosave."""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from knockrummy.app import saves
from knockrummy.app.autosave import Autosaver
from knockrummy.app.controller import Controller, GameSetup
from knockrummy.engine import MatchState
from knockrummy.storage import SaveStore, Seat

if TYPE_CHECKING:
    from knockrummy.ui.app import App


def start_game(app: App, setup: GameSetup, match: MatchState | None = None, *,
               save_id: str | None = None, hand_orders: saves.HandOrders | None = None,
               saved_seats: Sequence[Seat] | None = None,
               marks: saves.CoachMarks | None = None) -> Controller:
    """Open the table for a new (or resumed) match, autosaving it; the title stays underneath.

    ``saved_seats``: the seats written to the save when they differ from those
    playing (``--autoplay`` lets computers play a saved match's human seats).
    ``marks``: a resumed match's undo count (it stays marked in the statistics) and
    hints asked.
    """
    from knockrummy.ui.screens.title import TitleScene
    from knockrummy.ui.table.scene import TableScene
    close_game(app)
    store = SaveStore()
    save_id = save_id or store.new_id()
    resumed = match is not None
    if not resumed:
        remember(app, setup)
    seats = list(saved_seats) if saved_seats is not None else saves.store_seats(setup)
    autosaver = Autosaver(
        save_id, seats, store=store, record_stats=app.record_stats,
        counted_hands=max(0, len(match.records) - 1) if match is not None else 0,
        on_saved=_trace_saved(save_id) if app.trace else None)
    marks = marks or saves.CoachMarks()
    controller = Controller(setup, match=match, pacing=app.prefs.pacing_seconds,
                            saver=autosaver,
                            on_change=_trace_applied(save_id) if app.trace else None,
                            undo_count=marks.undo_count)
    controller.hints.count = marks.hints
    autosaver.undo_used = lambda: controller.undo_tracker.used
    app.controller = controller
    app.autosaver = autosaver
    app.save_id = save_id
    app.reset(TitleScene(app))
    table = TableScene(app, controller, hand_orders or {})
    autosaver.extra = table.save_extra
    if app.trace:
        _say(f"{'resumed' if resumed else 'started'} {save_id} "
             f"{len(controller.match.all_actions)}")
    autosaver.record(controller.match)  # listed at once, and dated now when resumed
    app.push(table)
    return controller


def remember(app: App, setup: GameSetup) -> None:
    """Keep ``setup`` as the last game started: New game opens with it, in this run and
    the next (saved in the settings unless the window does not save them)."""
    from knockrummy.app import prefs as prefs_store
    from knockrummy.app.prefs import last_game_of
    app.prefs = replace(app.prefs, last_game=last_game_of(setup))
    if app.save_prefs:
        prefs_store.save(app.prefs)


def play_again(app: App, setup: GameSetup) -> Controller:
    """The same game, seats, names and options as ``setup``, dealt from a new seed."""
    from knockrummy.app.controller import random_seed
    return start_game(app, replace(setup, seed=random_seed()))


def resume(app: App, save_id: str, store: SaveStore | None = None) -> str | None:
    """Continue the saved match ``save_id``; the reason in words when it cannot."""
    loaded = saves.load(save_id, store)
    if isinstance(loaded, str):
        return loaded
    start_game(app, loaded.setup, loaded.match, save_id=loaded.save_id,
               hand_orders=loaded.hand_orders, marks=loaded.marks)
    return None


def continue_saved(app: App) -> str | None:
    """Resume the newest unfinished saved match; the reason when it cannot."""
    loaded = saves.load_latest()
    if isinstance(loaded, str):
        return loaded
    start_game(app, loaded.setup, loaded.match, save_id=loaded.save_id,
               hand_orders=loaded.hand_orders, marks=loaded.marks)
    return None


def close_game(app: App) -> None:
    """Stop the running match's computer worker and write its last save."""
    controller = app.controller
    if controller is not None:
        controller.close()
    autosaver = app.autosaver
    if autosaver is not None:
        autosaver.touch()  # the hands as arranged right now
        autosaver.close()
    app.controller = None
    app.autosaver = None
    app.save_id = None


def to_title(app: App) -> None:
    """Leave the match and show the title."""
    from knockrummy.ui.screens.title import TitleScene
    close_game(app)
    app.reset(TitleScene(app))


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
