"""Two copies of the game on one folder: locks, with the maintained ``filelock`` library.

Two kinds of lock, both advisory OS locks (``flock`` on POSIX, ``LockFileEx`` on
Windows) that the system drops when a process ends, however it ends (a crash or
SIGKILL leaves no stale lock behind, only an empty lock file):

- :func:`locked` wraps a **read-modify-write** of a shared file (settings,
  statistics): the other copy waits its turn (up to :data:`WAIT` seconds), then
  reads what the first one wrote before it changes anything, so no update is lost.
- :func:`claim` takes a **saved match** for this process for as long as it plays it
  (``release`` gives it back): a second copy that tries to resume, save or delete
  that match is refused and told so in words, instead of the two overwriting each
  other's moves.

If a lock file cannot be created at all (a read-only folder), the lock is skipped:
nothing can be written there either, and every write already says so.
"""

from __future__ import annotations

import contextlib
import errno
import threading
from collections.abc import Iterator
from pathlib import Path

from filelock import FileLock, Timeout

from knockrummy.i18n import _
from knockrummy.storage.paths import home

#: seconds a read-modify-write waits for the other copy before giving up
WAIT = 10.0
#: lock files end like this, in this folder of the storage home
LOCK_SUFFIX = ".lock"
LOCKS_DIR = "locks"

IN_USE = "this match is open in another copy of Knock Rummy"


class InUse(OSError):
    """A lock another copy of the game holds; ``strerror`` says so in words."""

    def __init__(self, what: str = IN_USE) -> None:
        super().__init__(errno.EBUSY, what)


def lock_path(path: Path) -> Path:
    """The lock file that guards ``path``: ``locks/<path in the home, dotted>.lock`` in the
    storage home (``locks/saves.a1b2c3d4.json.lock``), or ``.<name>.lock`` beside a file
    outside it. The lock files stay (empty) after use: removing one while another copy
    waits on it would let two copies hold "the" lock."""
    try:
        relative = path.absolute().relative_to(home())
    except ValueError:
        return path.with_name(f".{path.name}{LOCK_SUFFIX}")
    return home() / LOCKS_DIR / (".".join(relative.parts) + LOCK_SUFFIX)


def _new_lock(path: Path) -> FileLock:
    return FileLock(lock_path(path), thread_local=False, preserve_lock_file=True)


@contextlib.contextmanager
def locked(path: Path, wait: float = WAIT) -> Iterator[None]:
    """Hold the lock of ``path`` for a read-modify-write; :class:`InUse` if the other copy
    holds it for more than ``wait`` seconds. Threads of one process take turns too."""
    lock = _new_lock(path)
    try:
        lock_path(path).parent.mkdir(parents=True, exist_ok=True)
        lock.acquire(timeout=wait)
        have = True
    except Timeout:
        raise InUse(_("another copy of Knock Rummy kept the file busy")) from None
    except OSError:
        have = False  # cannot lock here (read-only folder): nothing can be written either
    try:
        yield
    finally:
        if have:
            lock.release()


# --- saved matches ------------------------------------------------------------------

_claims: dict[str, FileLock] = {}
_claims_lock = threading.Lock()


def claim(path: Path) -> bool:
    """Take the match saved at ``path`` for this process (again is fine); ``False`` when
    another copy of the game has it. Held until :func:`release` or the process ends."""
    key = str(path.absolute())
    with _claims_lock:
        if key in _claims:
            return True
        lock = _new_lock(path)
        try:
            lock_path(path).parent.mkdir(parents=True, exist_ok=True)
            lock.acquire(timeout=0)
        except Timeout:
            return False
        except OSError:
            return True  # cannot lock (read-only folder): the save itself will say why
        _claims[key] = lock
        return True


def release(path: Path) -> None:
    """Give the match at ``path`` back (nothing if this process does not hold it)."""
    with _claims_lock:
        lock = _claims.pop(str(path.absolute()), None)
    if lock is not None:
        lock.release()


def held(path: Path) -> bool:
    """Whether this process holds the match at ``path``."""
    with _claims_lock:
        return str(path.absolute()) in _claims


def busy(path: Path) -> bool:
    """Whether another copy of the game holds the match at ``path`` right now."""
    if held(path):
        return False
    if not claim(path):
        return True
    release(path)
    return False
