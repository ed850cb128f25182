"""Saved matches: several at once, one JSON file each in ``saves_dir()``.

>>> import os, tempfile
>>> os.environ["KNOCKRUMMY_HOME"] = tempfile.mkdtemp()
>>> from knockrummy.engine import PRESETS, new_match
>>> store = SaveStore()
>>> match = new_match(PRESETS["knock"], 2, seed=1, names=["Ann", "Computer"])
>>> seats = [Seat("Ann"), Seat("Computer", "computer", "medium")]
>>> save_id = store.new_id()
>>> store.save(save_id, match, seats, {"hand_order": {"0": []}})
>>> store.load(save_id).match == match
True
>>> [info.names for info in store.list()]
[('Ann', 'Computer')]
>>> del os.environ["KNOCKRUMMY_HOME"]

Nothing here raises for a bad file except :meth:`SaveStore.load`, and it raises
only :class:`LoadError` (use :meth:`SaveStore.try_load` to get ``None``
instead). Every bad file is moved to ``damaged_dir()`` and a sentence about it
appended to :attr:`SaveStore.messages` for the UI to show.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from knockrummy.engine.match import MatchState
from knockrummy.i18n import _
from knockrummy.storage import locks
from knockrummy.storage.atomic import TEMP_SUFFIX, write_atomic
from knockrummy.storage.jsonio import DamagedFile, read_json
from knockrummy.storage.paths import saves_dir
from knockrummy.storage.policy import LIMITS, known_unmovable, put_aside
from knockrummy.storage.savefile import (
    ID_PATTERN,
    LoadedSave,
    LoadError,
    SaveInfo,
    Seat,
    damaged,
    read_info,
    read_save,
    save_to_dict,
)

#: Saves larger than this are refused as damaged (a long real match is ~0.3 MB).
MAX_SAVE_BYTES = LIMITS["save"]
#: Temporary files older than this (seconds) are leftovers of a crash.
STALE_TEMP_AGE = 600.0


class SaveStore:
    """The saved matches. Cheap to create; every call reads the folder afresh."""

    def __init__(self, folder: Path | None = None,
                 clock: Callable[[], float] = time.time) -> None:
        #: ``None``: ``saves_dir()`` at each call, so ``KNOCKRUMMY_HOME`` changes apply
        self._folder = folder
        #: the time (Unix seconds) a save is dated with: the list is newest first by it
        self.clock = clock
        #: sentences about files that were set aside, oldest first; the UI shows and clears them
        self.messages: list[str] = []

    @property
    def folder(self) -> Path:
        """The folder holding the saves."""
        return self._folder if self._folder is not None else saves_dir()

    def path(self, save_id: str) -> Path:
        """The file of save ``save_id``; ``ValueError`` for an id that is not file-safe."""
        if not ID_PATTERN.fullmatch(save_id):
            raise ValueError(f"not a save id: {save_id!r:.50}")
        return self.folder / f"{save_id}.json"

    def new_id(self) -> str:
        """A fresh id: eight lowercase letters and digits, not used by any save here."""
        while True:
            save_id = secrets.token_hex(4)
            if not self.path(save_id).exists():
                return save_id

    def save(self, save_id: str, match: MatchState, seats: Sequence[Seat],
             extra: dict[str, Any] | None = None) -> None:
        """Write the match atomically (call it after every action).

        ``extra`` is free JSON data for the UI (hand order per seat, ...).
        Raises ``ValueError`` for a bad id or seats, ``OSError`` if the disk
        refuses; the previous save is then intact.
        """
        data = save_to_dict(save_id, match, seats, extra,
                            now=datetime.fromtimestamp(self.clock(), UTC))
        path = self.path(save_id)
        text = json.dumps(data, separators=(",", ":"))
        if locks.held(path):  # this copy plays it (the autosave claims the match)
            write_atomic(path, text)
            return
        if not locks.claim(path):  # another copy plays it: never overwrite its moves
            raise locks.InUse()
        try:
            write_atomic(path, text)
        finally:
            locks.release(path)

    def claim(self, save_id: str) -> bool:
        """Take match ``save_id`` for this copy of the game while it plays it (until
        :meth:`release` or the end of the process); ``False`` if another copy has it
        open. While it is claimed, other copies can neither load, save nor delete it.
        See ``storage.locks``."""
        return locks.claim(self.path(save_id))

    def release(self, save_id: str) -> None:
        """Give match ``save_id`` back when this copy stops playing it."""
        with contextlib.suppress(ValueError):
            locks.release(self.path(save_id))

    def in_use(self, save_id: str) -> bool:
        """Whether another copy of the game has match ``save_id`` open right now."""
        try:
            return locks.busy(self.path(save_id))
        except ValueError:
            return False

    def load(self, save_id: str, *, to_play: bool = True) -> LoadedSave:
        """The save, its match replayed exactly. :class:`LoadError` (and the file
        set aside, and a message) if it is damaged, newer or too large, or (to play it)
        if another copy of the game is playing it; ``to_play=False`` only reads it
        (to show its history), which is safe while the other copy plays."""
        try:
            path = self.path(save_id)
        except ValueError:
            raise LoadError(_no_save(f"{save_id!r:.50}")) from None
        if to_play and locks.busy(path):
            raise LoadError(_("Saved match {id} is already open in another copy of Knock "
                              "Rummy. Continue it there, or close that copy first; nothing "
                              "played there is lost.").format(id=save_id))
        data = self._read(path)
        try:
            return read_save(save_id, data)
        except LoadError as err:
            self._set_aside(path, str(err))
            raise

    def try_load(self, save_id: str, *, to_play: bool = True) -> LoadedSave | None:
        """:meth:`load`, but ``None`` instead of an error (the reason is in :attr:`messages`)."""
        try:
            return self.load(save_id, to_play=to_play)
        except LoadError as err:
            if not self.messages or str(err) not in self.messages[-1]:
                self.messages.append(str(err))
            return None

    def list(self) -> list[SaveInfo]:
        """Every readable save, newest first. Damaged files are set aside with a message.
        ``SaveInfo.open_elsewhere`` marks a match another copy of the game is playing.

        Reads each file's summary without replaying it, so a file damaged only
        in its moves shows here and is caught by :meth:`load`.
        """
        infos: list[SaveInfo] = []
        folder = self.folder
        try:
            paths = sorted(folder.glob("*.json"))
        except OSError:
            return []
        self._sweep_temps(folder)
        for path in paths:
            if not ID_PATTERN.fullmatch(path.stem) or known_unmovable(path):
                continue
            try:
                info = read_info(path.stem, self._read(path))
                infos.append(replace(info, open_elsewhere=locks.busy(path)))
            except LoadError as err:
                if os.path.lexists(path):
                    self._set_aside(path, str(err))
        infos.sort(key=lambda info: (info.saved_at, info.id), reverse=True)
        return infos

    def latest(self) -> SaveInfo | None:
        """The newest unfinished match (the title screen's Continue), or ``None``."""
        return next((info for info in self.list() if not info.over), None)

    def delete(self, save_id: str) -> bool:
        """Delete a save the player chose to delete; whether there was one. A match open
        in another copy of the game is not deleted: ``False``, and a message says why."""
        try:
            path = self.path(save_id)
        except ValueError:
            return False
        if locks.busy(path):
            self.messages.append(_("Saved match {id} is open in another copy of Knock "
                                   "Rummy; close it there first.").format(id=save_id))
            return False
        try:
            path.unlink()
        except FileNotFoundError:
            return False
        finally:
            self.release(save_id)
            with contextlib.suppress(OSError):
                locks.lock_path(path).unlink()
        return True

    # --- inside ---------------------------------------------------------

    def _read(self, path: Path) -> Any:
        try:
            return read_json(path, "save")
        except FileNotFoundError:
            raise LoadError(_no_save(repr(path.stem))) from None
        except OSError as err:
            raise LoadError(_("The saved match {id} cannot be read ({reason}).").format(
                id=repr(path.stem), reason=err.strerror or err)) from None
        except DamagedFile as err:
            message = damaged(str(err))
            self._set_aside(path, message)
            raise LoadError(message) from None

    def _set_aside(self, path: Path, reason: str) -> None:
        """Set a damaged save aside once (``policy.put_aside``) and say so once."""
        name = path.stem
        outcome = put_aside(path, reason)
        if outcome is None:
            return  # reported before: it could not be moved and is skipped
        if isinstance(outcome, OSError):
            # Translators: {reason} is a whole sentence on what is wrong with the save
            self.messages.append(_("Saved match {id}: {reason} It could not be moved aside "
                                   "({error}), so it is left where it is and skipped.")
                                 .format(id=name, reason=reason,
                                         error=outcome.strerror or outcome))
            return
        # Translators: {reason} is a whole sentence on what is wrong with the save
        self.messages.append(_("Saved match {id}: {reason} It was moved to {path}.").format(
            id=name, reason=reason, path=outcome))

    @staticmethod
    def _sweep_temps(folder: Path) -> None:
        """Remove temporary files a crash left behind (never a save itself)."""
        cutoff = time.time() - STALE_TEMP_AGE
        for temp in folder.glob(f".*{TEMP_SUFFIX}"):
            with contextlib.suppress(OSError):
                if temp.stat().st_mtime < cutoff:
                    temp.unlink()


def _no_save(save_id: str) -> str:
    return _("There is no saved match {id}.").format(id=save_id)
