"""Drive the real scene loop with synthetic input: for tests, screenshots and tools.

>>> # pilot = Pilot(app); pilot.click(button.rect.center); pilot.until(lambda: ...)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pygame

from knockrummy.app import jobs
from knockrummy.ui.app import App
from knockrummy.ui.scene import Scene
from knockrummy.ui.widgets import Button


class Pilot:
    """Posts mouse and key events and runs the loop without blocking."""

    def __init__(self, app: App) -> None:
        self.app = app

    def step(self, n: int = 1) -> None:
        """Run ``n`` loop passes.

        The real loop sleeps to 60 frames a second, which leaves the interpreter to the
        computer player's worker thread; a pilot that never sleeps would starve it (a
        10 ms decision took seconds). So while a computer decides, a hint or a hand review
        is worked out or an autosave is being written, each pass yields the processor for
        a moment, as a real frame does.
        """
        for _ in range(n):
            self.app.step(block=False)
            session = self.app.session
            if (session is not None and (session.thinking or session.hinting
                                         or session.saving)) or jobs.busy():
                time.sleep(0.001)  # the same for the autosave's writer thread

    def settle(self, timeout: float = 30.0) -> bool:
        """Wait, without running the loop, for the work started on other threads: a
        computer's decision, a hint, an autosave, a screen's job. The loop takes their
        results at its next pass, so a test that settles after every pass plays the same
        whatever the machine's speed. Whether all of it finished within ``timeout``."""
        session = self.app.session
        done = True
        if session is not None:
            done = (session.controller.wait_decision(timeout)
                    and session.controller.hints.wait(timeout)
                    and session.autosaver.wait(timeout))
        return jobs.wait_idle(timeout) and done

    def step_settled(self, n: int = 1) -> None:
        """Run ``n`` loop passes, settling after each (:meth:`settle`)."""
        for _ in range(n):
            self.step()
            self.settle()

    def post(self, event_type: int, **attrs: Any) -> None:
        """Queue one event."""
        pygame.event.post(pygame.event.Event(event_type, **attrs))

    def move(self, pos: tuple[int, int]) -> None:
        """Move the pointer."""
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        self.step()

    def click(self, pos: tuple[int, int], steps: int = 2) -> None:
        """Press and release the left button at ``pos``."""
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
        self.step(steps)

    def drag(self, start: tuple[int, int], end: tuple[int, int], moves: int = 4) -> None:
        """Press at ``start``, move in a few steps, release at ``end``."""
        self.post(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
        self.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
        self.step()
        for i in range(1, moves + 1):
            x = start[0] + (end[0] - start[0]) * i // moves
            y = start[1] + (end[1] - start[1]) * i // moves
            self.post(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(1, 0, 0))
            self.step()
        self.post(pygame.MOUSEBUTTONUP, pos=end, button=1)
        self.step(2)

    def key(self, key: int, mod: int = 0, text: str = "") -> None:
        """Press and release a key."""
        self.post(pygame.KEYDOWN, key=key, mod=mod, unicode=text, scancode=0)
        self.post(pygame.KEYUP, key=key, mod=mod, unicode=text, scancode=0)
        self.step()

    def until(self, done: Callable[[], bool], max_steps: int = 20_000) -> bool:
        """Run the loop until ``done()``; False if it never happened."""
        for _ in range(max_steps):
            if done():
                return True
            self.step()
        return done()

    @property
    def top(self) -> Scene | None:
        """The active scene."""
        top = self.app.stack.top
        return top if isinstance(top, Scene) else None

    def button(self, label: str) -> Button:
        """The visible button whose label starts with ``label`` on the active scene."""
        top = self.top
        candidates: list[Button] = []
        buttons = getattr(top, "buttons", None)
        if isinstance(buttons, dict):
            candidates = list(buttons.values())
        elif isinstance(buttons, list):
            candidates = buttons
        for b in candidates:
            if b.visible and b.label.startswith(label):
                return b
        raise LookupError(f"no button {label!r} on {getattr(top, 'name', top)}")

    def press(self, label: str) -> None:
        """Click the button labelled ``label``."""
        self.click(self.button(label).rect.center)
