"""Shared pieces of the menu-like screens: a felt background, a heading, a button column."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from knockrummy.i18n import _
from knockrummy.ui.gfx import ACCENT, TEXT
from knockrummy.ui.scene import Scene
from knockrummy.ui.widgets import Button, draw_tooltip

if TYPE_CHECKING:
    from knockrummy.ui.app import App


class ButtonScene(Scene):
    """A scene with buttons: hover, click, tooltips, and up/down/Enter to choose."""

    #: the heading, marked with ``N_`` (translated when drawn)
    heading = ""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.buttons: list[Button] = []
        self.focus = 0
        self.tip: Button | None = None

    def button(self, label: str, on_click: Callable[[], None], key: str = "",
               tooltip: str = "") -> Button:
        """Add a button."""
        b = Button(label, on_click, key, tooltip)
        self.buttons.append(b)
        return b

    def shown(self) -> list[Button]:
        """Visible buttons in order."""
        return [b for b in self.buttons if b.visible]

    def handle(self, event: pygame.event.Event) -> None:
        """Buttons, then keys."""
        for b in list(self.buttons):
            if b.handle(event):
                self.app.dirty = True
                if event.type == pygame.MOUSEBUTTONUP:
                    return
        if event.type == pygame.MOUSEMOTION:
            tip = next((b for b in self.shown() if b.rect.collidepoint(event.pos)), None)
            if tip is not self.tip:
                self.tip = tip
                self.app.dirty = True
        if event.type == pygame.KEYDOWN:
            self.key(event)

    def key(self, event: pygame.event.Event) -> None:
        """Arrow keys move the focus (Left and Right too, for a row of buttons such as
        the showdown's, unless a scene gives them a use of its own), Enter presses, Esc
        goes back."""
        shown = self.shown()
        if event.key == pygame.K_ESCAPE:
            self.back()
        elif shown and (event.key in (pygame.K_DOWN, pygame.K_RIGHT) or (
                event.key == pygame.K_TAB and not event.mod & pygame.KMOD_SHIFT)):
            self.move_focus(1)
        elif shown and event.key in (pygame.K_UP, pygame.K_LEFT, pygame.K_TAB):  # Shift+Tab
            self.move_focus(-1)
        elif shown and event.key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER):
            b = shown[self.focus % len(shown)]
            if b.enabled:
                b.on_click()
                self.app.dirty = True

    def move_focus(self, delta: int) -> None:
        """Move the keyboard focus ``delta`` buttons on, round, passing over disabled
        buttons (nothing to press there; the pointer still shows why they are off)."""
        shown = self.shown()
        if not shown:
            return
        place = self.focus % len(shown)
        for _step in range(len(shown)):
            place = (place + delta) % len(shown)
            if shown[place].enabled:
                break
        self.focus = place
        self.app.dirty = True

    def back(self) -> None:
        """Esc: close this screen."""
        self.app.pop()

    def draw_background(self, surface: pygame.Surface) -> None:
        """Felt and the heading."""
        surface.blit(self.app.table.surface(self.app.size), (0, 0))
        if self.heading:
            text = self.app.fonts.text(_(self.heading), self.app.text_size(40), ACCENT, bold=True)
            surface.blit(text, text.get_rect(midtop=(self.app.size[0] // 2, self.app.px(28))))

    def buttons_focused(self) -> bool:
        """Whether the keyboard focus is on the buttons (a screen with rows of its own
        may hold it elsewhere)."""
        return True

    def draw_buttons(self, surface: pygame.Surface) -> None:
        """Buttons, the keyboard focus and the tooltip."""
        shown = self.shown()
        # under a dialog the keys are the dialog's: no ring here (the title's first
        # button kept one behind "New to these games?", two rings at once)
        on_top = self.app.stack.top is self
        for i, b in enumerate(shown):
            b.draw(surface, self.app.fonts, self.app.text_size(18))
            if i == self.focus % max(1, len(shown)) and self.buttons_focused() and on_top:
                pygame.draw.rect(surface, TEXT, b.rect.inflate(6, 6), 2, b.rect.height // 3)
        if self.tip is not None and self.tip.visible:
            draw_tooltip(surface, self.app.fonts, self.tip.tip(), self.tip.rect,
                         self.app.text_size(15))

    def column(self, top: int, width: int | None = None) -> None:
        """Stack the visible buttons in a centred column starting at ``top``."""
        w = width or max(260, self.app.px(320))
        h = max(44, self.app.px(52))
        gap = self.app.px(12)
        x = self.app.size[0] // 2 - w // 2
        for i, b in enumerate(self.shown()):
            b.rect = pygame.Rect(x, top + i * (h + gap), w, h)

    def draw(self, surface: pygame.Surface) -> None:
        """Background and buttons."""
        self.draw_background(surface)
        self.draw_buttons(surface)
