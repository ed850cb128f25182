"""Where the game keeps its files: one root, read through functions.

Every path is computed when asked, never at import, so tests and portable
installs can redirect everything by setting ``KNOCKRUMMY_HOME`` (or by
monkeypatching) at any time. The root is, in order of precedence:

1. ``KNOCKRUMMY_HOME`` when set and not empty;
2. portable mode: a file ``portable.txt`` beside the frozen executable puts the
   data in a ``userdata`` folder beside it (see :func:`portable_home`);
3. platformdirs' per-user data directory for the app ``knockrummy``
   (``~/.local/share/knockrummy`` on Linux, ``%LOCALAPPDATA%\\knockrummy`` on
   Windows, ``~/Library/Application Support/knockrummy`` on macOS).

Nothing here creates a directory; writers create what they need.

>>> import os
>>> os.environ["KNOCKRUMMY_HOME"] = "/tmp/kr-doctest"
>>> str(saves_dir())
'/tmp/kr-doctest/saves'
>>> del os.environ["KNOCKRUMMY_HOME"]
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import platformdirs

APP_NAME = "knockrummy"
#: The environment variable that points all storage elsewhere.
HOME_ENV = "KNOCKRUMMY_HOME"
#: The marker file that turns on portable mode when it sits beside the executable.
PORTABLE_MARKER = "portable.txt"
#: The folder, beside the executable, that holds a portable install's data.
PORTABLE_DIR = "userdata"


def portable_home(executable: str | None = None) -> Path | None:
    """The portable data folder if a ``portable.txt`` marker sits beside the
    frozen executable (a PyInstaller build), else ``None``.

    When running from source there is no game executable (``sys.executable``
    is the Python interpreter), so portable mode is only ``KNOCKRUMMY_HOME``.
    ``executable`` overrides ``sys.executable`` and the frozen check, for tests.
    """
    if executable is None:
        if not getattr(sys, "frozen", False):
            return None
        executable = sys.executable
    folder = Path(executable).resolve().parent
    if (folder / PORTABLE_MARKER).is_file():
        return folder / PORTABLE_DIR
    return None


def home() -> Path:
    """The root of everything the game stores (read afresh on every call)."""
    override = os.environ.get(HOME_ENV, "").strip()
    if override:
        return Path(override).expanduser().absolute()
    portable = portable_home()
    if portable is not None:
        return portable
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def settings_path() -> Path:
    """The settings file."""
    return home() / "settings.json"


def stats_path() -> Path:
    """The statistics file."""
    return home() / "stats.json"


def saves_dir() -> Path:
    """The folder of saved matches, one ``<id>.json`` each."""
    return home() / "saves"


def records_dir() -> Path:
    """The folder of exported match records (readable text, ``.txt``), and where the
    game looks for records to import."""
    return home() / "records"


def damaged_dir() -> Path:
    """Where damaged or unreadable files are moved, never deleted."""
    return home() / "damaged"
