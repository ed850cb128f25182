"""The screen the window opens on: is there one, how much of it is usable, what fits.

* :func:`open_display` starts SDL's video. Where there is no display (no ``DISPLAY``
  or Wayland socket, a remote shell) SDL either fails or quietly picks its invisible
  ``offscreen`` driver, and the game would run with no window, forever. Both become a
  :class:`NoDisplay` error with one sentence, which the command line prints before
  exiting non-zero. SDL's own chatter on stderr (libwayland's "XDG_RUNTIME_DIR is
  invalid...") is held back, so the player reads one line.
* :func:`usable_area` is the part of the desktop a window may use (the screen less
  task bars and docks), from SDL's ``SDL_GetDisplayUsableBounds`` where the SDL
  library can be reached, else the desktop size.
* :func:`fit_window` fits a wanted window size into it, keeping room for the title
  bar, and never below the smallest size the layout supports.
"""

from __future__ import annotations

import ctypes
import glob
import logging
import os
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager

import pygame

from knockrummy.i18n import _

log = logging.getLogger(__name__)

#: smallest and largest window the layout supports
MIN_SIZE = (960, 600)
MAX_SIZE = (3840, 2160)
#: kept free around a fitted window: its title bar and frame
DECORATION = (16, 48)
#: video drivers that show nothing on any screen
INVISIBLE = ("offscreen", "dummy")

Rect = tuple[int, int, int, int]


class NoDisplay(RuntimeError):
    """There is no screen to open the window on; the message says so in one sentence."""


@contextmanager
def quiet_stderr() -> Iterator[list[str]]:
    """Hold back what C libraries write to stderr meanwhile (SDL, ALSA, libwayland);
    the list receives it afterwards, for the log."""
    caught: list[str] = []
    try:
        fd = sys.stderr.fileno()
    except (AttributeError, OSError, ValueError):  # no real stderr (a windowed build)
        yield caught
        return
    sys.stderr.flush()
    saved = os.dup(fd)
    with tempfile.TemporaryFile() as sink:
        os.dup2(sink.fileno(), fd)
        try:
            yield caught
        finally:
            sys.stderr.flush()
            os.dup2(saved, fd)
            os.close(saved)
            sink.seek(0)
            caught.extend(sink.read().decode("utf-8", "replace").splitlines())


def open_display() -> str:
    """Start SDL's video; the driver's name. :class:`NoDisplay` when there is no screen
    (an invisible driver counts only when asked for by ``SDL_VIDEODRIVER``, as tests and
    headless tools do)."""
    wanted = os.environ.get("SDL_VIDEODRIVER", "").strip().lower()
    with quiet_stderr() as chatter:
        try:
            pygame.display.init()
            driver = pygame.display.get_driver()
        except pygame.error as err:
            driver = ""
            failure = str(err)
        else:
            failure = ""
    for line in chatter:
        log.info("SDL: %s", line)
    if driver and (driver not in INVISIBLE or driver == wanted or wanted in INVISIBLE):
        return driver
    pygame.display.quit()
    where = os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    if where:
        # Translators: {display} is the display's name (":0"), {detail} SDL's own words
        # or "no screen there"
        raise NoDisplay(_("Knock Rummy needs a screen to open its window, but the display "
                          "{display} could not be opened ({detail}).").format(
            display=where, detail=failure or _("no screen there")))
    if sys.platform.startswith("linux"):
        raise NoDisplay(_("Knock Rummy needs a screen to open its window, but no display was "
                          "found (DISPLAY and WAYLAND_DISPLAY are not set)."))
    # Translators: {detail} is SDL's own words, or "unknown reason"
    raise NoDisplay(_("Knock Rummy needs a screen to open its window, but no display could "
                      "be opened ({detail}).").format(
        detail=failure or driver or _("unknown reason")))


def _sdl_library() -> ctypes.CDLL | None:
    """The SDL library pygame itself loaded (the same instance: it shares its state)."""
    here = os.path.dirname(pygame.__file__)
    patterns = [os.path.join(here, "SDL2.dll"),
                os.path.join(here, ".dylibs", "libSDL2*.dylib"),
                os.path.join(here, "..", "pygame_ce.libs", "libSDL2*"),
                os.path.join(here, "..", "pygame.libs", "libSDL2*")]
    for pattern in patterns:
        for path in sorted(glob.glob(pattern)):
            name = os.path.basename(path)
            rest = name.split("SDL2", 1)[1]
            if rest[:1] in ("-", ".") and not rest.startswith(("_", "-2.0_")):
                try:
                    return ctypes.CDLL(path)
                except OSError:
                    continue
    return None


class _SdlRect(ctypes.Structure):
    _fields_ = [("x", ctypes.c_int), ("y", ctypes.c_int), ("w", ctypes.c_int),
                ("h", ctypes.c_int)]


def usable_area(display: int = 0) -> Rect | None:
    """The usable part of ``display`` (x, y, width, height): the desktop less task bars
    and docks where SDL knows them, else the whole desktop; None without a screen."""
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    if not sizes or display >= len(sizes):
        return None
    desktop = sizes[display]
    try:
        lib = _sdl_library()
        if lib is not None:
            rect = _SdlRect()
            if lib.SDL_GetDisplayUsableBounds(display, ctypes.byref(rect)) == 0 \
                    and rect.w > 0 and rect.h > 0:
                return rect.x, rect.y, rect.w, rect.h
    except (OSError, AttributeError, ValueError) as err:
        log.info("usable bounds: %s", err)
    return 0, 0, desktop[0], desktop[1]


def fit_window(wanted: tuple[int, int], usable: tuple[int, int] | None) -> tuple[int, int]:
    """``wanted`` fitted into a usable area of ``usable`` (width, height), with room for
    the title bar and frame, within the sizes the layout supports.

    >>> fit_window((1280, 800), (1366, 728))      # a 1366x768 laptop, task bar 40
    (1280, 680)
    >>> fit_window((1280, 800), (1280, 680))      # a 1280x720 laptop
    (1264, 632)
    >>> fit_window((2560, 1440), (1920, 1040))    # remembered on a bigger screen
    (1904, 992)
    >>> fit_window((1280, 800), (1920, 1040))     # fits: unchanged
    (1280, 800)
    >>> fit_window((800, 500), None)               # below the smallest: raised
    (960, 600)
    """
    w = max(MIN_SIZE[0], min(MAX_SIZE[0], wanted[0]))
    h = max(MIN_SIZE[1], min(MAX_SIZE[1], wanted[1]))
    if usable is not None:
        w = max(MIN_SIZE[0], min(w, usable[0] - DECORATION[0]))
        h = max(MIN_SIZE[1], min(h, usable[1] - DECORATION[1]))
    return w, h


def centre_in(size: tuple[int, int], area: Rect) -> tuple[int, int]:
    """Where a window of ``size`` sits centred in ``area`` (its title bar on screen).

    >>> centre_in((1280, 680), (0, 0, 1366, 728))
    (43, 40)
    """
    x, y, w, h = area
    left = x + max(0, (w - size[0]) // 2)
    top = y + max(DECORATION[1] - 8, (h - size[1]) // 2)
    return left, min(top, y + max(0, h - size[1]))
