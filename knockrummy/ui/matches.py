"""Starting and leaving matches in the window: a :class:`MatchSession` built, kept as
``app.session`` and shown at the table (with the title underneath), or closed.

The session itself (controller, autosave, save id, hand orders, coach marks) lives in
:mod:`knockrummy.app.session`; this module only ties it to the window.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from knockrummy.app import prefs as prefs_store
from knockrummy.app import saves
from knockrummy.app.controller import GameSetup, random_seed
from knockrummy.app.prefs import last_game_of
from knockrummy.app.session import MatchSession, SessionOptions
from knockrummy.engine import MatchState

if TYPE_CHECKING:
    from knockrummy.ui.app import App


def start_game(app: App, setup: GameSetup, match: MatchState | None = None, *,
               save_id: str | None = None, hand_orders: saves.HandOrders | None = None,
               saved_seats: Sequence[saves.Seat] | None = None,
               marks: saves.CoachMarks | None = None) -> MatchSession:
    """Open the table for a new (or resumed) match, autosaving it; the title stays
    underneath. The arguments are those of :class:`MatchSession`."""
    close_game(app)
    if match is None:
        remember(app, setup)
    session = MatchSession(setup, match, save_id=save_id, hand_orders=hand_orders,
                           marks=marks, saved_seats=saved_seats, options=options(app))
    show(app, session)
    return session


def show(app: App, session: MatchSession) -> None:
    """Make ``session`` the window's match: the title, the table over it, a first save
    (listed at once, and dated now when resumed)."""
    app.session = session
    app.open_fresh("title")
    app.open("table", session)
    session.record()


def options(app: App) -> SessionOptions:
    """How the window's matches are played and kept: its pacing setting, whether they
    count in the statistics, ``--trace``."""
    return SessionOptions(app.prefs.pacing_seconds, app.record_stats, app.trace)


def remember(app: App, setup: GameSetup) -> None:
    """Keep ``setup`` as the last game started: New game opens with it, in this run and
    the next (saved in the settings unless the window does not save them)."""
    app.prefs = replace(app.prefs, last_game=last_game_of(setup))
    if app.save_prefs:
        prefs_store.save(app.prefs)


def play_again(app: App, setup: GameSetup) -> MatchSession:
    """The same game, seats, names and options as ``setup``, dealt from a new seed."""
    return start_game(app, replace(setup, seed=random_seed()))


def resume(app: App, save_id: str, shelf: saves.SavedGames | None = None) -> str | None:
    """Continue the saved match ``save_id``; the reason in words when it cannot."""
    loaded = (shelf or saves.SavedGames()).load(save_id)
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
    session = app.session
    app.session = None
    if session is not None:
        session.close()


def to_title(app: App) -> None:
    """Leave the match and show the title."""
    close_game(app)
    app.open_fresh("title")
