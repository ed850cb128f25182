"""The rules of a game and its options, in plain words."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from knockrummy.engine import PRESETS, Rules
from knockrummy.engine.describe import describe
from knockrummy.ui.gfx import ACCENT, TEXT, panel
from knockrummy.ui.screens.base import ButtonScene

if TYPE_CHECKING:
    from knockrummy.ui.app import App


class RulesScene(ButtonScene):
    """Scrollable rules text; with ``browse`` the arrows switch between presets."""

    name = "rules"

    def __init__(self, app: App, rules: Rules, browse: bool = False) -> None:
        super().__init__(app)
        self.rules = rules
        self.browse = browse
        self.scroll = 0
        if browse:
            self.button("< Previous game", lambda: self.switch(-1), "Left", "Previous game")
            self.button("Next game >", lambda: self.switch(1), "Right", "Next game")
        self.button("Back", self.back, "Esc", "Back")

    def switch(self, delta: int) -> None:
        """Show the next or previous preset."""
        keys = list(PRESETS)
        i = keys.index(self.rules.key) if self.rules.key in keys else 0
        self.rules = PRESETS[keys[(i + delta) % len(keys)]]
        self.scroll = 0
        self.app.dirty = True

    def handle(self, event: pygame.event.Event) -> None:
        """Wheel scrolls."""
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, self.scroll - event.y * self.app.px(40))
            self.app.dirty = True
            return
        super().handle(event)

    def key(self, event: pygame.event.Event) -> None:
        """Arrows switch game or scroll."""
        if self.browse and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.switch(-1 if event.key == pygame.K_LEFT else 1)
        elif event.key in (pygame.K_PAGEDOWN,):
            self.scroll += self.app.px(200)
            self.app.dirty = True
        elif event.key in (pygame.K_PAGEUP,):
            self.scroll = max(0, self.scroll - self.app.px(200))
            self.app.dirty = True
        else:
            super().key(event)

    def resize(self, size: tuple[int, int]) -> None:
        """Buttons along the bottom."""
        w, h = size
        bw, bh = max(170, self.app.px(200)), max(44, self.app.px(50))
        shown = self.shown()
        x = w // 2 - (len(shown) * (bw + 16) - 16) // 2
        for b in shown:
            b.rect = pygame.Rect(x, h - 16 - bh, bw, bh)
            x += bw + 16

    def draw(self, surface: pygame.Surface) -> None:
        """Title and paragraphs."""
        surface.blit(self.app.table.surface(self.app.size), (0, 0))
        w, h = self.app.size
        fonts = self.app.fonts
        t = fonts.text(f"Rules: {self.rules.name}", self.app.text_size(32), ACCENT, bold=True)
        surface.blit(t, t.get_rect(midtop=(w // 2, self.app.px(18))))
        box = pygame.Rect(0, 0, min(w - 64, self.app.px(1000)),
                          h - self.app.px(90) - max(44, self.app.px(50)) - 40)
        box.midtop = (w // 2, self.app.px(80))
        panel(surface, box, 160, 14)
        size = self.app.text_size(18)
        y = box.top + 16 - self.scroll
        clip = surface.get_clip()
        surface.set_clip(box.inflate(-8, -8))
        for para in describe(self.rules):
            for line in fonts.wrap(para, size, box.width - 40):
                surface.blit(fonts.text(line, size, TEXT), (box.left + 20, y))
                y += size + 6
            y += size // 2
        surface.set_clip(clip)
        self.draw_buttons(surface)
