"""Saved matches, from ``knockrummy.storage`` (full integration is issue #6)."""

from __future__ import annotations

import logging

from knockrummy.app.controller import COMPUTER, HUMAN, GameSetup, SeatSetup
from knockrummy.engine import MatchState
from knockrummy.storage import SaveStore

log = logging.getLogger(__name__)


def has_saved_match() -> bool:
    """Whether an unfinished saved match can be continued."""
    try:
        return SaveStore().latest() is not None
    except Exception as err:  # a broken store must not stop the title screen
        log.warning("saves: %s", err)
        return False


def load_latest() -> tuple[GameSetup, MatchState] | str:
    """The newest unfinished saved match as a setup and its state, or why it cannot load."""
    store = SaveStore()
    info = store.latest()
    if info is None:
        return "There is no saved game"
    loaded = store.try_load(info.id)
    if loaded is None:
        return " ".join(store.messages) or "The saved game could not be read"
    seats = tuple(
        SeatSetup(s.name, HUMAN if s.kind == HUMAN else COMPUTER, s.level or "medium")
        for s in loaded.seats
    )
    match = loaded.match
    return GameSetup(match.rules, seats, match.seed), match
