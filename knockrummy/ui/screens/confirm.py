"""A small modal question: Yes / No."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from knockrummy.ui.gfx import ACCENT, TEXT, panel
from knockrummy.ui.screens.base import ButtonScene

if TYPE_CHECKING:
    from knockrummy.ui.app import App


class ConfirmScene(ButtonScene):
    """Ask a question over the current screen."""

    name = "confirm"
    opaque = False

    def __init__(self, app: App, question: str, on_yes: Callable[[], None]) -> None:
        super().__init__(app)
        self.question = question
        self.on_yes = on_yes
        self.button("Yes", self.yes, "Enter", "Yes")
        self.button("No", self.back, "Esc", "No")

    def yes(self) -> None:
        """Close and do it."""
        self.app.pop()
        self.on_yes()

    def resize(self, size: tuple[int, int]) -> None:
        """Two buttons side by side."""
        w, h = size
        bw, bh = max(140, self.app.px(150)), max(44, self.app.px(50))
        self.buttons[0].rect = pygame.Rect(w // 2 - bw - 10, h // 2 + self.app.px(10), bw, bh)
        self.buttons[1].rect = pygame.Rect(w // 2 + 10, h // 2 + self.app.px(10), bw, bh)

    def draw(self, surface: pygame.Surface) -> None:
        """The question in a panel."""
        w, h = self.app.size
        box = pygame.Rect(0, 0, min(w - 64, self.app.px(640)), self.app.px(190))
        box.center = (w // 2, h // 2)
        panel(surface, box, 235, 16, border=ACCENT)
        size = self.app.text_size(20)
        for i, line in enumerate(self.app.fonts.wrap(self.question, size, box.width - 40)[:2]):
            t = self.app.fonts.text(line, size, TEXT, bold=True)
            surface.blit(t, t.get_rect(midtop=(w // 2, box.top + 20 + i * (size + 6))))
        self.draw_buttons(surface)
