"""What the game will read, and what it does with a file it cannot use: in one place.

Every file the game reads (settings, statistics, saves, match records) goes
through :func:`read_bytes`, and every file it cannot use through
:func:`set_aside`. The policy (``docs/STORAGE.md``):

- Only **regular files** are read: a pipe (FIFO), a device, a socket or a folder
  named like a save is refused at once, never opened in a way that could wait
  (the file is opened non-blocking and checked with ``fstat`` before reading).
- A file of the game's folders must be **inside the game's folders** once links are
  followed: a link leading out (to ``/dev/zero``, to another user's files) is
  refused. A file the player names (``--import FILE``) may be anywhere, but must
  still be a regular file.
- Each kind of file has a **size cap** (:data:`LIMITS`); a larger one is refused
  with a message, and only that much is ever read.
- A file the game cannot use is **set aside once**: moved (never copied, never
  deleted) into ``damaged/`` with a ``.reason.txt`` note. If it cannot be moved (a
  read-only folder), that is reported once, a note says so in ``damaged/`` when that
  folder can be written, and the file is skipped from then on, for as long as it is
  unchanged, instead of being tried again at every listing.

Numbers are range-checked where each kind of file is parsed, and text from files
is cleaned by :mod:`knockrummy.engine.text` (the same rules for the engine).
"""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import stat
import threading
from datetime import UTC, datetime
from pathlib import Path
from typing import Literal

from knockrummy.i18n import _
from knockrummy.storage.paths import damaged_dir, home

Kind = Literal["settings", "stats", "save", "record"]

#: the largest file of each kind the game reads (bytes)
LIMITS: dict[Kind, int] = {
    "settings": 1_000_000,
    "stats": 5_000_000,
    "save": 5_000_000,
    "record": 4_000_000,
}

#: Suffix of the note written beside a file set aside.
REASON_SUFFIX = ".reason.txt"
#: Suffix of the note about a file that could not be moved aside.
LEFT_SUFFIX = ".left-in-place.txt"


class DamagedFile(ValueError):
    """A file that cannot be used; the message says why, in words."""


class Refused(DamagedFile):
    """A path the policy does not read at all (not a regular file, a link leading out)."""


def inside(path: Path, root: Path) -> bool:
    """Whether ``path``, links followed, is ``root`` or inside it (links in ``root`` too)."""
    real = os.path.realpath(path)
    base = os.path.realpath(root)
    return real == base or real.startswith(base.rstrip(os.sep) + os.sep)


def game_root(path: Path) -> Path:
    """The folder a game file must stay inside: the storage home when ``path`` is in it,
    else the file's own folder (a store opened on another folder, in tests)."""
    root = home()
    try:
        path.absolute().relative_to(root)
    except ValueError:
        return path.absolute().parent
    return root


def read_bytes(path: Path, kind: Kind, *, anywhere: bool = False) -> bytes:
    """The bytes of ``path`` under the policy above.

    ``anywhere``: a file the player named, which may be outside the game's folders.
    Raises :class:`Refused` / :class:`DamagedFile` (the file's fault, in words) or
    ``OSError`` (missing, no permission: not the file's fault).
    """
    limit = LIMITS[kind]
    if not anywhere and not inside(path, game_root(path)):
        if os.path.lexists(path) and not os.path.exists(path):
            raise Refused(_("it is a link to nothing"))
        if os.path.lexists(path):
            raise Refused(_("it is a link leading out of the game's folder"))
    flags = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
             | getattr(os, "O_BINARY", 0))
    fd = os.open(path, flags)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise Refused(_("it is not a regular file (a pipe, a device or a folder)"))
        if info.st_size > limit:
            raise DamagedFile(_too_large(limit))
        chunks: list[bytes] = []
        left = limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > limit:
        raise DamagedFile(_too_large(limit))
    return data


def _too_large(limit: int) -> str:
    # Translators: {size} is a size such as "5 MB"
    return _("the file is too large (over {size})").format(size=_size(limit))


def _size(limit: int) -> str:
    return f"{limit // 1_000_000} MB" if limit >= 1_000_000 else f"{limit // 1000} kB"


# --- setting aside ----------------------------------------------------------------

#: files this process could not move aside, by identity: skipped, not retried
_left: set[tuple[str, int, int, int]] = set()
_left_lock = threading.Lock()


def _identity(path: Path) -> tuple[str, int, int, int] | None:
    try:
        info = os.lstat(path)
    except OSError:
        return None
    return (os.path.abspath(path), info.st_ino, info.st_size, info.st_mtime_ns)


def _left_note(path: Path) -> Path:
    return damaged_dir() / f"{path.name}{LEFT_SUFFIX}"


def known_unmovable(path: Path) -> bool:
    """Whether ``path`` is a damaged file already reported as impossible to move aside
    (in this run, or in an earlier one whose note is in ``damaged/``), still unchanged."""
    ident = _identity(path)
    if ident is None:
        return False
    with _left_lock:
        if ident in _left:
            return True
    try:
        note = _left_note(path).read_text(encoding="utf-8")
    except (OSError, ValueError):
        return False
    if f"\nIdentity: {ident[1]} {ident[2]} {ident[3]}\n" in note:
        with _left_lock:
            _left.add(ident)
        return True
    return False


def set_aside(path: Path, reason: str) -> Path:
    """Move ``path`` into ``damaged_dir()`` under a timestamped name, with ``reason``
    (words for a person) beside it as ``<name>.reason.txt``; the new path.

    The file is moved, never copied: across filesystems it is copied and the original
    removed, and if that removal fails the copy is removed again. Raises ``OSError`` if
    the file cannot be moved (it stays where it is, and :func:`remember_unmovable` keeps
    it from being tried again).
    """
    folder = damaged_dir()
    folder.mkdir(parents=True, exist_ok=True)
    now = datetime.now(UTC)
    stamp = now.strftime("%Y%m%d-%H%M%S-%f")
    target = folder / f"{path.stem}.{stamp}{path.suffix}"
    counter = 1
    while os.path.lexists(target):
        target = folder / f"{path.stem}.{stamp}-{counter}{path.suffix}"
        counter += 1
    try:
        os.replace(path, target)
    except OSError as err:
        if err.errno != errno.EXDEV:
            raise
        _move_across(path, target)
    note = (f"{reason}\n\nOriginal file: {path}\n"
            f"Set aside: {now.isoformat(timespec='seconds')}\n")
    with contextlib.suppress(OSError):
        target.with_name(target.name + REASON_SUFFIX).write_text(note, encoding="utf-8")
    return target


def _move_across(path: Path, target: Path) -> None:
    """A move to another filesystem: copy, then remove the original; never leave both."""
    if path.is_symlink() or not path.is_file():
        raise OSError(errno.EXDEV, _("cannot move this kind of file to another disk"),
                      str(path))
    shutil.copy2(path, target)
    try:
        path.unlink()
    except OSError:
        with contextlib.suppress(OSError):
            target.unlink()
        raise


def remember_unmovable(path: Path, reason: str, err: OSError) -> None:
    """Note that ``path`` (damaged for ``reason``) could not be moved aside, so it is
    skipped, not retried, for as long as it is unchanged: in this process, and in later
    ones through a note in ``damaged/`` when that folder can be written."""
    ident = _identity(path)
    if ident is None:
        return
    with _left_lock:
        _left.add(ident)
    note = (f"{reason}\n\nThis file could not be moved here ({err.strerror or err}); it was "
            f"left where it is and the game skips it while it is unchanged.\n"
            f"Original file: {path}\n"
            f"Identity: {ident[1]} {ident[2]} {ident[3]}\n")
    with contextlib.suppress(OSError):
        damaged_dir().mkdir(parents=True, exist_ok=True)
        _left_note(path).write_text(note, encoding="utf-8")


def put_aside(path: Path, reason: str) -> Path | OSError | None:
    """Set a damaged file aside once: the new path; or the error the first time it cannot
    be moved (it is then remembered and skipped); or ``None`` when it was already
    reported as impossible to move (say nothing again)."""
    if known_unmovable(path):
        return None
    try:
        return set_aside(path, reason)
    except OSError as err:
        remember_unmovable(path, reason, err)
        return err
