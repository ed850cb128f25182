"""The window and the main loop.

The loop sleeps when nothing changes: it polls input every 25 ms unless a
scene is busy (something moving, a computer thinking) or a redraw is pending,
and it draws only then. Frame work times (input + update + draw + flip, not the
sleep) are kept for ``--stats``.
"""

from __future__ import annotations

import logging
import os
import time
import warnings
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pygame

from knockrummy import i18n
from knockrummy.app import prefs as prefs_store
from knockrummy.app.prefs import Prefs
from knockrummy.app.session import MatchSession
from knockrummy.i18n import _
from knockrummy.ui import display, navigator, widgets
from knockrummy.ui.gfx import CardArt, Fonts, Table
from knockrummy.ui.sound import Sounds
from knockrummy.ui.stack import Layer, SceneStack

log = logging.getLogger(__name__)

MIN_SIZE = display.MIN_SIZE
MAX_SIZE = display.MAX_SIZE
FPS = 60
IDLE_POLL = 0.025


def screen_area(driver: str) -> tuple[int, int, int, int] | None:
    """The usable area of the screen for ``driver``; None for drivers that show nothing
    (tests and headless tools size their window freely)."""
    if driver in display.INVISIBLE:
        return None
    return display.usable_area()


class App:
    """Owns the window, shared resources, the scene stack, the running match's session
    and the loop. Screens are opened by name (:meth:`open`, see
    :mod:`knockrummy.ui.navigator`)."""

    def __init__(self, size: tuple[int, int], prefs: Prefs, save_prefs: bool = True,
                 fullscreen: bool = False) -> None:
        """Open the window at ``size`` fitted to the screen's usable area (a remembered
        or asked-for size larger than the screen is fitted down, never off screen).
        :class:`~knockrummy.ui.display.NoDisplay` when there is no screen."""
        self.driver = display.open_display()
        pygame.font.init()
        self.prefs = prefs
        self.save_prefs = save_prefs
        #: the usable part of the screen (x, y, w, h), None where there is no real screen
        self.usable = screen_area(self.driver)
        size = display.fit_window(size, self.usable[2:] if self.usable else None)
        placed = self.usable is not None and not (os.environ.get("SDL_VIDEO_WINDOW_POS")
                                                  or os.environ.get("SDL_VIDEO_CENTERED"))
        if placed and self.usable is not None:  # where the window opens (read by SDL once)
            x, y = display.centre_in(size, self.usable)
            os.environ["SDL_VIDEO_WINDOW_POS"] = f"{x},{y}"
        pygame.display.set_caption("Knock Rummy")
        try:
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        finally:
            if placed:
                os.environ.pop("SDL_VIDEO_WINDOW_POS", None)
        #: the window itself: resized and made full screen in place, never re-created
        self._window: pygame.Window | None = None
        #: in borderless full screen (X11): where the window was and its size
        self._windowed: tuple[tuple[int, int], tuple[int, int]] | None = None
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                self._window = pygame.Window.from_display_module()
            self._window.minimum_size = MIN_SIZE
        except (AttributeError, pygame.error):
            self._window = None
        if fullscreen:
            self._set_fullscreen(True)
            self.screen = pygame.display.get_surface() or self.screen
        pygame.key.set_repeat(350, 40)
        widgets.pointer_moved(None)  # until the pointer moves over the window
        self.fonts = Fonts()
        self.table = Table()
        self.cards = CardArt(prefs.four_color, prefs.large_index, prefs.card_back)
        self.sounds = Sounds(prefs.volume, prefs.muted)
        self.stack = SceneStack()
        self.clock = pygame.time.Clock()
        self.running = True
        self.dirty = True
        self.frame_ms: list[float] = []
        #: per frame: whether a computer was deciding on the worker thread
        self.frame_thinking: list[bool] = []
        #: per frame: whether an autosave was being written on its thread
        self.frame_saving: list[bool] = []
        #: per frame: whether a hint was being worked out on its thread
        self.frame_hinting: list[bool] = []
        self.frames = 0
        self._last = time.perf_counter()
        self.on_frame: Callable[[], None] | None = None
        #: tests: advance time by this much per step instead of the wall clock
        self.fixed_dt: float | None = None
        #: the clock of :meth:`now` while ``fixed_dt`` is set: the steps' time added up
        self._stepped = 0.0
        self.exit_code = 0
        #: the running match (its controller, autosave, save id), if any
        self.session: MatchSession | None = None
        #: whether finished hands count in the statistics (not when computers play
        #: every seat for ``--autoplay``)
        self.record_stats = True
        #: ``--trace``: print a line for every action applied and every save written
        self.trace = False
        #: sentences to show once on the title (settings that fell back to defaults)
        self.notes: list[str] = []
        #: whether the title offers Learn to play (once, until answered): set by the
        #: start-up for a player who never answered the offer
        self.offer_lessons = False
        #: whether every screen must make its words anew (the language changed)
        self._relabel = False
        self.speak(prefs.language)

    # ----------------------------------------------------------------- sizes

    @property
    def size(self) -> tuple[int, int]:
        """Window size in pixels."""
        return self.screen.get_size()

    @property
    def scale(self) -> float:
        """Interface scale: 1.0 at 1280x720."""
        w, h = self.size
        return max(0.75, min(3.0, min(w / 1280, h / 720)))

    def px(self, n: float) -> int:
        """``n`` pixels at 1280x720, scaled to the window."""
        return max(1, round(n * self.scale))

    def text_size(self, n: float) -> int:
        """A font size scaled to the window, never below a readable 14 px."""
        return max(14, round(n * self.scale))

    # ----------------------------------------------------------------- settings

    def apply_prefs(self, prefs: Prefs) -> None:
        """Use new settings (deck art, sound) and save them."""
        old = self.prefs
        self.prefs = prefs
        if old.language != prefs.language:
            self._relabel = True  # the next frame, not under the settings' own click
        if (old.four_color, old.large_index, old.card_back) != (
            prefs.four_color, prefs.large_index, prefs.card_back
        ):
            self.cards = CardArt(prefs.four_color, prefs.large_index, prefs.card_back)
        self.sounds.set_volume(prefs.volume, prefs.muted)
        if self.save_prefs:
            prefs_store.save(prefs)
        self.dirty = True

    def speak(self, code: str) -> None:
        """Speak ``code`` ("" follows the system's locale; an unknown one is English)."""
        i18n.set_language(code or i18n.system_language())
        pygame.display.set_caption(_("Knock Rummy"))

    def relabel(self) -> None:
        """Speak the chosen language now, every open screen's words made anew (screens
        opened by name are made again with their arguments; the table and replays renew
        their words themselves)."""
        self._relabel = False
        self.speak(self.prefs.language)
        self.stack.scenes = [navigator.remake(s, self) for s in self.stack.scenes]
        for scene in self.stack.scenes:
            scene.resize(self.size)
        self.dirty = True

    # ----------------------------------------------------------------- loop

    def run(self) -> int:
        """Run until quit; the exit code."""
        while self.running:
            self.step()
        return self.exit_code

    def now(self) -> float:
        """Seconds on the window's clock, for double clicks and the computers' pace: the
        wall clock, or with ``fixed_dt`` the steps' time added up, so that a test's run
        does not depend on how fast the machine is."""
        return time.monotonic() if self.fixed_dt is None else self._stepped

    def busy(self) -> bool:
        """Whether frames are needed now."""
        return (any(scene.busy() for scene in self.stack.visible()[-2:])
                or self.on_frame is not None)

    def step(self, block: bool = True) -> None:
        """One pass of the loop: wait or poll for input, update, draw if needed."""
        busy = self.dirty or self.busy()
        if busy or not block:
            events = pygame.event.get()
        else:
            # Idle: a short sleep and a poll. SDL's own event wait polls internally and
            # costs about 1.5% of a core; this costs about 0.2% for at most 25 ms latency.
            time.sleep(IDLE_POLL)
            events = pygame.event.get()
        start = time.perf_counter()
        dt = min(0.1, start - self._last) if self.fixed_dt is None else self.fixed_dt
        self._last = start
        self._stepped += dt
        for event in events:
            self.dispatch(event)
            if not self.running:
                return
        if self._relabel:
            self.relabel()
        if self.on_frame is not None:
            self.on_frame()
        top = self.stack.top
        if top is not None:
            top.update(dt)
        if self.dirty or busy:
            session = self.session
            thinking = session is not None and session.thinking
            saving = session is not None and session.saving
            hinting = session is not None and session.hinting
            self.draw()
            self.frame_ms.append((time.perf_counter() - start) * 1000)
            self.frame_thinking.append(thinking)
            self.frame_saving.append(saving)
            self.frame_hinting.append(hinting)
            self.frames += 1
            if len(self.frame_ms) > 200_000:
                del self.frame_ms[:100_000]
                del self.frame_thinking[:100_000]
                del self.frame_saving[:100_000]
                del self.frame_hinting[:100_000]
        if busy and block:
            self.clock.tick(FPS)

    def draw(self) -> None:
        """Draw the visible scenes and show the frame."""
        widgets.begin_frame()
        for scene in self.stack.visible():
            widgets.begin_scene_draw()  # tooltips keep clear of this scene's own widgets
            for rect in scene.tooltip_keep_clear():
                widgets.keep_clear(rect)
            scene.draw(self.screen)
        pygame.display.flip()
        self.dirty = False

    def dispatch(self, event: pygame.event.Event) -> None:
        """Window-wide keys first, then the top scene."""
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self.on_resize()
            return
        if event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN, pygame.WINDOWRESTORED):
            self.dirty = True
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            widgets.pointer_moved(event.pos)
        elif event.type == pygame.WINDOWLEAVE:
            widgets.pointer_moved(None)  # no tooltip for a pointer gone elsewhere
            self.dirty = True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_q and event.mod & pygame.KMOD_CTRL:
                self.quit()
                return
            if event.key == pygame.K_F11:
                self.toggle_fullscreen()
                return
        top = self.stack.top
        if top is not None:
            top.handle(event)

    def on_resize(self) -> None:
        """Re-lay out every scene for the new window size."""
        surface = pygame.display.get_surface()
        if surface is not None:
            self.screen = surface
        for scene in self.stack.scenes:
            scene.resize(self.size)
        self.dirty = True

    @property
    def fullscreen(self) -> bool:
        """Whether the window really fills the screen now: its size is checked against
        the desktop's where there is a real screen, since SDL can report full screen for
        a window nothing was done to."""
        if self._windowed is not None:
            said = True
        else:
            try:
                said = bool(pygame.display.is_fullscreen())
            except (AttributeError, pygame.error):
                said = bool(self.screen.get_flags() & pygame.FULLSCREEN)
        if not said or self.usable is None:
            return said
        desktop = self.usable_desktop()
        return self.size[0] >= desktop[2] and self.size[1] >= desktop[3]

    def largest_window(self) -> tuple[int, int]:
        """The largest window that fits the screen's usable area (title bar included)."""
        return display.fit_window(MAX_SIZE, self.usable[2:] if self.usable else None)

    def set_window_size(self, size: tuple[int, int]) -> None:
        """Resize the window (asked for in the settings) within the sizes the layout
        supports and the screen's usable area. The window is resized, not re-created:
        it keeps its place and identity."""
        size = display.fit_window(size, self.usable[2:] if self.usable else None)
        if size == self.size:
            return
        try:
            if self._window is not None:
                self._window.size = size
            surface = pygame.display.get_surface()
            if surface is None or surface.get_size() != size:
                pygame.display.set_mode(size, pygame.RESIZABLE)
        except pygame.error as err:
            log.info("window size: %s", err)
        self.on_resize()

    def _set_fullscreen(self, on: bool) -> None:
        """Full screen at the desktop's size, or back to the window as it was, in place
        (the window keeps its identity). On X11 this is a borderless window covering the
        screen: SDL's own full screen there asks the window manager, and where there is
        none (Xvfb, kiosks) nothing happens although SDL then reports full screen."""
        window = self._window
        try:
            if window is None:
                if on != self.fullscreen:
                    pygame.display.toggle_fullscreen()
            elif self.driver == "x11":
                if on and self._windowed is None:
                    self._windowed = (window.position, window.size)
                    area = self.usable_desktop()
                    window.borderless = True
                    window.position = area[:2]
                    window.size = area[2:]
                elif not on and self._windowed is not None:
                    position, size = self._windowed
                    self._windowed = None
                    window.borderless = False
                    window.size = size
                    window.position = position
            elif on:
                window.set_fullscreen(True)
            else:
                window.set_windowed()
            pygame.event.pump()
        except pygame.error as err:
            log.info("full screen: %s", err)

    def usable_desktop(self) -> tuple[int, int, int, int]:
        """The whole first screen (x, y, w, h)."""
        try:
            w, h = pygame.display.get_desktop_sizes()[0]
        except (pygame.error, IndexError):
            w, h = self.size
        return 0, 0, w, h

    def toggle_fullscreen(self) -> None:
        """F11 (or the setting): full screen on and off; the setting follows what the
        window really did."""
        self._set_fullscreen(not self.fullscreen)
        self.on_resize()
        if self.prefs.fullscreen != self.fullscreen:
            self.prefs = replace(self.prefs, fullscreen=self.fullscreen)
            if self.save_prefs:
                prefs_store.save(self.prefs)

    def quit(self) -> None:
        """Leave the loop."""
        self.running = False

    # ----------------------------------------------------------------- scenes

    def open(self, name: str, *args: Any, **kwargs: Any) -> None:
        """Open the screen called ``name`` on top, with its arguments."""
        self.push(navigator.make(name, self, *args, **kwargs))

    def open_instead(self, name: str, *args: Any, **kwargs: Any) -> None:
        """Open the screen called ``name`` in place of the top one."""
        self.replace(navigator.make(name, self, *args, **kwargs))

    def open_fresh(self, name: str, *args: Any, **kwargs: Any) -> None:
        """Close every screen and open the one called ``name``."""
        self.reset(navigator.make(name, self, *args, **kwargs))

    def push(self, scene: Layer) -> None:
        """Open ``scene`` on top."""
        self.stack.push(scene)
        scene.resize(self.size)
        self.dirty = True

    def pop(self) -> None:
        """Close the top scene."""
        self.stack.pop()
        self.dirty = True

    def replace(self, scene: Layer) -> None:
        """Swap the top scene."""
        self.stack.replace(scene)
        scene.resize(self.size)
        self.dirty = True

    def reset(self, scene: Layer) -> None:
        """Start over from ``scene``."""
        self.stack.reset(scene)
        scene.resize(self.size)
        self.dirty = True

    def stats(self) -> dict[str, object]:
        """Frame statistics for ``--stats``."""
        times = sorted(self.frame_ms)
        if not times:
            return {"frames": 0, "frame_ms": {"median": 0.0, "p99": 0.0, "max": 0.0}}
        def pick(q: float) -> float:
            return round(times[min(len(times) - 1, int(q * len(times)))], 2)
        thinking = [ms for ms, t in zip(self.frame_ms, self.frame_thinking, strict=False) if t]
        slow = sum(1 for ms in times if ms > 33.0)
        saving = [ms for ms, s in zip(self.frame_ms, self.frame_saving, strict=False) if s]
        out: dict[str, object] = {
            "frames": self.frames,
            "frame_ms": {"median": pick(0.5), "p99": pick(0.99), "max": round(times[-1], 2)},
            "thinking_frames": len(thinking),
            "thinking_max_ms": round(max(thinking, default=0.0), 2),
            "frames_over_33ms": slow,
            "saving_frames": len(saving),
            "saving_max_ms": round(max(saving, default=0.0), 2)}
        hinting = [ms for ms, h in zip(self.frame_ms, self.frame_hinting, strict=False) if h]
        out["hinting_frames"] = len(hinting)
        out["hinting_max_ms"] = round(max(hinting, default=0.0), 2)
        if self.session is not None:
            out.update(self.session.timings())
        return out
