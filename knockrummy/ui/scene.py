"""Scenes: what the window shows, one screen each.

A scene has ``handle(event)``, ``update(dt)`` and ``draw(surface)``; ``draw`` never
changes state. The window keeps them on its stack (:mod:`knockrummy.ui.stack`), which
knows them only by the shape :class:`~knockrummy.ui.stack.Layer` describes, so the
window never imports this module and this module may import the window.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from knockrummy.ui.app import App


class Scene:
    """Base scene. Subclasses override what they need."""

    #: whether scenes below this one are hidden (False for modals)
    opaque: bool = True
    #: a short name for tests and the autoplay driver
    name: str = "scene"

    def __init__(self, app: App) -> None:
        self.app = app

    def handle(self, event: pygame.event.Event) -> None:
        """React to one input event."""

    def update(self, dt: float) -> None:
        """Advance time by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene (no state changes here)."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size."""

    def busy(self) -> bool:
        """Whether the scene needs frames now (something moves or waits on time)."""
        return False

    def enter(self) -> None:
        """The scene became the top of the stack."""

    def leave(self) -> None:
        """The scene was removed from the stack."""

    def tooltip_keep_clear(self) -> list[pygame.Rect]:
        """Areas this scene's tooltips must not cover, besides its buttons and pickers
        (which every tooltip keeps off anyway). The window registers them before the
        scene draws. By default, a scene with a card-table ``layout`` keeps clear its
        hand (``hand_area`` and the cards in ``hand``), the piles and their labels, the
        deadwood count, the status line, the name plates and the melds on the table (the
        Meld button's tooltip covered a set laid in Rummy at 960x600); scenes may
        override this."""
        layout = getattr(self, "layout", None)
        if layout is None:
            return []
        found: list[pygame.Rect] = []
        for name in ("hand_area", "stock", "discard", "deadwood", "status", "me_plate"):
            rect = getattr(layout, name, None)
            if isinstance(rect, pygame.Rect) and rect.width > 0 and rect.height > 0:
                if name in ("stock", "discard"):  # with the pile's label under it
                    rect = rect.inflate(rect.width // 2, 0)  # the label is wider
                    rect.height += max(24, rect.height // 4)
                found.append(rect)
        pods = getattr(layout, "pods", None)
        for pod in pods.values() if isinstance(pods, dict) else ():
            plate = getattr(pod, "plate", None)
            if isinstance(plate, pygame.Rect):
                found.append(plate)
        cards = getattr(layout, "hand", None)
        if isinstance(cards, list) and cards and all(isinstance(r, pygame.Rect) for r in cards):
            found.append(cards[0].unionall(cards))
        for meld in getattr(layout, "melds", None) or ():
            if meld and all(isinstance(r, pygame.Rect) for r in meld):
                found.append(meld[0].unionall(meld))
        return found

    def forget_pointer(self) -> None:
        """Another screen covered this one or it came back on top: forget the tooltip and
        the hover and press of every button, so nothing from before is drawn again (the
        pointer has been elsewhere; the next motion shows what it is over now). Works for
        any scene that keeps its tooltip in ``tip``/``tip_button`` and its buttons in
        ``buttons`` (a list or a dict)."""
        for attr in ("tip", "tip_button"):
            if getattr(self, attr, None) is not None:
                setattr(self, attr, None)
        buttons = getattr(self, "buttons", None)
        found = list(buttons.values()) if isinstance(buttons, dict) else \
            list(buttons) if isinstance(buttons, list) else []
        for button in found:
            if hasattr(button, "hover"):
                button.hover = False
            if hasattr(button, "pressed"):
                button.pressed = False
