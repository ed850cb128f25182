"""Crash-safe file writes, and setting a damaged file aside.

:func:`write_atomic` writes a temporary file in the target's folder, flushes
and fsyncs it, then renames it over the target with ``os.replace`` (atomic on
POSIX and on Windows/NTFS) and fsyncs the folder where the OS allows it. A
crash, a kill or a power cut at any moment leaves either the old file or the
new one, never a mixture; at worst a stray ``.tmp`` file is left behind.

:func:`set_aside` (from :mod:`knockrummy.storage.policy`, re-exported here) moves a
file the game cannot use into ``damaged_dir()`` with a timestamped name and a
``.reason.txt`` beside it. Nothing is ever deleted, so a player (or a bug report)
can still recover it.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
import time
from pathlib import Path

from knockrummy.storage.policy import set_aside

__all__ = ["TEMP_SUFFIX", "set_aside", "write_atomic"]

#: Suffix of temporary files; readers ignore these.
TEMP_SUFFIX = ".tmp"
#: Windows may briefly refuse a rename while an antivirus or indexer holds the target.
_REPLACE_RETRIES = 5


def write_atomic(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` (UTF-8) so that it is never half-written.

    Creates the parent folder if needed. On any error the temporary file is
    removed and the error raised; the old ``path`` is untouched.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    data = text.encode("utf-8")
    fd, temp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TEMP_SUFFIX, dir=path.parent)
    temp = Path(temp_name)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        _replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            temp.unlink()
        raise
    _fsync_dir(path.parent)


def _replace(source: Path, target: Path) -> None:
    for attempt in range(_REPLACE_RETRIES):
        try:
            os.replace(source, target)
            return
        except PermissionError:
            if os.name != "nt" or attempt == _REPLACE_RETRIES - 1:
                raise
            time.sleep(0.02 * (attempt + 1))


def _fsync_dir(folder: Path) -> None:
    """Make the rename itself durable (POSIX); Windows cannot open a folder for this."""
    if os.name == "nt":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some filesystems refuse fsync on a folder; the data itself is synced
    finally:
        os.close(fd)
