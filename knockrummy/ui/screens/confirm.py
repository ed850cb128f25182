"""A small modal question: Yes / No.

Every question that can lose something (reset the statistics, delete a saved game)
opens with *No* focused, so Enter pressed out of habit, or twice, keeps everything;
Y (or a click on Yes) says yes, N or Esc no. The dialog is opaque and the screen
behind it is darkened, so nothing behind reads through its text.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from knockrummy.i18n import _
from knockrummy.ui.gfx import ACCENT, TEXT, panel
from knockrummy.ui.screens.base import ButtonScene

if TYPE_CHECKING:
    from knockrummy.ui.app import App

#: the dialog's background: solid, so nothing behind it shows between its lines
DIALOG = (14, 44, 31)


class ConfirmScene(ButtonScene):
    """Ask a question over the current screen.

    ``safe_default``: whether *No* has the focus when it opens (the default: a yes
    that forgets data must be chosen, never fallen into). A question whose yes loses
    nothing (knock now?) may pass False to focus *Yes*.
    """

    name = "confirm"
    opaque = False

    def __init__(self, app: App, question: str, on_yes: Callable[[], None],
                 safe_default: bool = True) -> None:
        super().__init__(app)
        self.question = question
        self.on_yes = on_yes
        self.yes_button = self.button(_("Yes"), self.yes, "Y", _("Yes, do it"))
        self.no_button = self.button(_("No"), self.back, _("N or Esc"),
                                     _("No, keep things as they are"))
        self.focus = 1 if safe_default else 0

    def yes(self) -> None:
        """Close and do it."""
        self.app.pop()
        self.on_yes()

    def key(self, event: pygame.event.Event) -> None:
        """Y says yes, N no; Left/Right move the focus between the two buttons."""
        if event.key == pygame.K_y:
            self.yes()
        elif event.key == pygame.K_n:
            self.back()
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.focus = 0 if event.key == pygame.K_LEFT else 1
            self.app.dirty = True
        else:
            super().key(event)

    def box(self) -> pygame.Rect:
        """The dialog's panel."""
        w, h = self.app.size
        box = pygame.Rect(0, 0, min(w - 64, self.app.px(640)), self.app.px(190))
        lines = self._lines(box.width - 40)
        size = self.app.text_size(20)
        bh = max(44, self.app.px(50))
        box.height = max(box.height, 20 + len(lines) * (size + 6) + 20 + bh + 24)
        box.center = (w // 2, h // 2)
        return box

    def _lines(self, width: int) -> list[str]:
        return self.app.fonts.wrap(self.question, self.app.text_size(20), width, bold=True)

    def resize(self, size: tuple[int, int]) -> None:
        """Two buttons side by side at the bottom of the panel."""
        w, _h = size
        box = self.box()
        bw, bh = max(140, self.app.px(150)), max(44, self.app.px(50))
        top = box.bottom - bh - 24
        self.buttons[0].rect = pygame.Rect(w // 2 - bw - 10, top, bw, bh)
        self.buttons[1].rect = pygame.Rect(w // 2 + 10, top, bw, bh)

    def draw(self, surface: pygame.Surface) -> None:
        """Darken what is behind, then the question in a solid panel."""
        w, h = self.app.size
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        box = self.box()
        panel(surface, box, 255, 16, DIALOG, border=ACCENT)
        size = self.app.text_size(20)
        for i, line in enumerate(self._lines(box.width - 40)):
            t = self.app.fonts.text(line, size, TEXT, bold=True)
            surface.blit(t, t.get_rect(midtop=(w // 2, box.top + 20 + i * (size + 6))))
        self.draw_buttons(surface)
