"""A modal notice: things the player should know, in words, and an OK button.

Used for files that could not be read (set aside by the store) and settings
that fell back to defaults; the game goes on after OK.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from knockrummy.i18n import _
from knockrummy.ui.gfx import ACCENT, TEXT, panel
from knockrummy.ui.screens.base import ButtonScene

if TYPE_CHECKING:
    from knockrummy.ui.app import App


class NoticeScene(ButtonScene):
    """A heading and some sentences over the current screen."""

    name = "notice"
    opaque = False

    def __init__(self, app: App, title: str, lines: list[str]) -> None:
        super().__init__(app)
        self.title = title
        self.lines = list(lines)
        self.button(_("OK"), self.back, "Enter", _("Close this notice"))

    def key(self, event: pygame.event.Event) -> None:
        """Enter, Space or Esc close it."""
        if event.key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER, pygame.K_ESCAPE):
            self.back()

    def _box(self) -> tuple[pygame.Rect, list[str]]:
        w, h = self.app.size
        width = min(w - 64, self.app.px(820))
        size = self.app.text_size(16)
        wrapped: list[str] = []
        for line in self.lines:
            wrapped.extend(self.app.fonts.wrap(line, size, width - 48))
            wrapped.append("")
        room = (h - self.app.px(240)) // (size + 5)
        wrapped = wrapped[:-1][:max(3, room)]
        height = self.app.px(70) + len(wrapped) * (size + 5) + max(44, self.app.px(50)) + 40
        box = pygame.Rect(0, 0, width, min(h - 48, height))
        box.center = (w // 2, h // 2)
        return box, wrapped

    def resize(self, size: tuple[int, int]) -> None:
        """OK at the bottom of the box."""
        box, _ = self._box()
        bw, bh = max(140, self.app.px(150)), max(44, self.app.px(50))
        self.buttons[0].rect = pygame.Rect(box.centerx - bw // 2, box.bottom - bh - 16, bw, bh)

    def draw(self, surface: pygame.Surface) -> None:
        """Shade, box, title, sentences, OK."""
        shade = pygame.Surface(self.app.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 120))
        surface.blit(shade, (0, 0))
        box, lines = self._box()
        panel(surface, box, 240, 16, border=ACCENT)
        title = self.app.fonts.text(self.title, self.app.text_size(24), ACCENT, bold=True)
        surface.blit(title, (box.left + 24, box.top + 18))
        size = self.app.text_size(16)
        y = box.top + 18 + title.get_height() + 14
        for line in lines:
            if line:
                surface.blit(self.app.fonts.text(line, size, TEXT), (box.left + 24, y))
            y += size + 5
        self.draw_buttons(surface)
