"""``--autoplay``: computer players in every seat, driven through the real scenes.

The driver only does what a person would: when the showdown has finished
counting, it clicks the showdown's first button (Next hand / Final scores)
with a synthetic mouse click. It stops after the requested number of hands.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import pygame

from knockrummy.ui.screens.base import ButtonScene

if TYPE_CHECKING:
    from knockrummy.ui.app import App


class AutoplayDriver:
    """Counts hands and presses Continue between them."""

    def __init__(self, app: App, hands: int, pause: float = 0.4) -> None:
        self.app = app
        self.hands = hands
        self.played = 0
        self.pause = pause
        self._seen: object | None = None
        self._since = 0.0
        self.started = time.perf_counter()

    def __call__(self) -> None:
        """Called once per frame."""
        top = self.app.stack.top
        if top is not None and top.name == "scores" and getattr(top, "final", False):
            self.app.quit()
            return
        if not isinstance(top, ButtonScene) or top.name != "showdown":
            self._seen = None
            return
        if self._seen is not top:
            self._seen = top
            self._since = time.perf_counter()
            self.played += 1
        if not getattr(top, "done", False) or time.perf_counter() - self._since < self.pause:
            return
        if self.played >= self.hands:
            self.app.quit()
            return
        button = top.shown()[0]
        pos = button.rect.center
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                             buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        self._since = time.perf_counter() + 3600  # one click per showdown
