"""Buttons, choice rows and text fields, drawn with the art's button pieces.

Widgets keep their rectangle and state; the scene lays them out on resize and
routes events to them. Every button can name its key in its tooltip.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from knockrummy.ui import paths
from knockrummy.ui.gfx import ACCENT, DARK, TEXT, TEXT_DIM, Fonts, panel

_ART: dict[tuple[str, tuple[int, int]], pygame.Surface] = {}


def button_art(state: str, size: tuple[int, int]) -> pygame.Surface:
    """The button piece for ``state`` (normal, hover, pressed, disabled) at ``size``."""
    key = (state, size)
    surf = _ART.get(key)
    if surf is None:
        try:
            raw = pygame.image.load_sized_svg(paths.ui_piece(f"button_{state}"), size)
            surf = pygame.transform.smoothscale(raw.convert_alpha(), size)
        except (OSError, ValueError, pygame.error):
            surf = pygame.Surface(size, pygame.SRCALPHA)
            color = {"disabled": (120, 120, 110), "hover": (250, 225, 150)}.get(
                state, (230, 195, 110))
            pygame.draw.rect(surf, color, surf.get_rect(), border_radius=size[1] // 4)
        if len(_ART) > 200:
            _ART.clear()
        _ART[key] = surf
    return surf


@dataclass
class Button:
    """A clickable button with a label, a key hint and a tooltip."""

    label: str
    on_click: Callable[[], None]
    key_hint: str = ""
    tooltip: str = ""
    enabled: bool = True
    reason: str = ""
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    hover: bool = False
    pressed: bool = False
    visible: bool = True
    primary: bool = False

    def tip(self) -> str:
        """Tooltip text: what it does and its key, or why it is disabled."""
        parts = [self.tooltip or self.label]
        if self.key_hint:
            parts[0] += f"  [{self.key_hint}]"
        if not self.enabled and self.reason:
            parts.append(self.reason)
        return "\n".join(parts)

    def handle(self, event: pygame.event.Event) -> bool:
        """Track hover/press; True when the event changed how the button looks."""
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            inside = self.rect.collidepoint(event.pos)
            if inside != self.hover:
                self.hover = inside
                return True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.rect.collidepoint(event.pos) and self.enabled:
                self.pressed = True
                return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was = self.pressed
            self.pressed = False
            if was and self.rect.collidepoint(event.pos) and self.enabled:
                self.on_click()
                return True
            return was
        return False

    def draw(self, surface: pygame.Surface, fonts: Fonts, size: int) -> None:
        """Draw the button."""
        if not self.visible or self.rect.width <= 0:
            return
        state = "disabled" if not self.enabled else (
            "pressed" if self.pressed else "hover" if self.hover else "normal")
        surface.blit(button_art(state, self.rect.size), self.rect.topleft)
        color = (95, 90, 80) if not self.enabled else DARK
        text = fonts.text(self.label, size, color, bold=True)
        if text.get_width() > self.rect.width - 8:
            text = fonts.text(self.label, max(10, size * 4 // 5), color, bold=True)
        y = self.rect.centery - text.get_height() // 2 - (0 if self.pressed else 2)
        surface.blit(text, (self.rect.centerx - text.get_width() // 2, y))


def fit_text(fonts: Fonts, text: str, size: int, width: int, bold: bool = False) -> str:
    """``text`` shortened with an ellipsis to fit ``width`` pixels."""
    font = fonts.font(size, bold)
    if font.size(text)[0] <= width:
        return text
    while text and font.size(text + "...")[0] > width:
        text = text[:-1]
    return text.rstrip(" ,;:") + "..."


def draw_tooltip(surface: pygame.Surface, fonts: Fonts, text: str, anchor: pygame.Rect,
                 size: int) -> None:
    """A tooltip beside ``anchor`` (on the side with more room, wrapped to fit), or above
    or below it when neither side has room, kept inside the window: beside is where it
    never covers the buttons stacked over and under its own."""
    if not text:
        return
    inside = surface.get_rect().inflate(-32, -32)
    gap = 10
    right_room = inside.right - anchor.right - gap
    left_room = anchor.left - gap - inside.left
    side_room = max(right_room, left_room) - size
    beside = side_room >= size * 12
    width = min(inside.width, size * 26, side_room if beside else inside.width)
    lines: list[str] = []
    for para in text.split("\n"):
        lines.extend(fonts.wrap(para, size, width))
    surfs = [fonts.text(line, size, TEXT) for line in lines]
    w = max(s.get_width() for s in surfs) + size
    h = sum(s.get_height() for s in surfs) + size // 2
    rect = pygame.Rect(0, 0, w, h)
    if beside and right_room >= left_room:
        rect.midleft = (anchor.right + gap, anchor.centery)
    elif beside:
        rect.midright = (anchor.left - gap, anchor.centery)
    else:
        rect.midbottom = (anchor.centerx, anchor.top - 6)
        if rect.top < inside.top:
            rect.midtop = (anchor.centerx, anchor.bottom + 6)
    rect.clamp_ip(inside)
    panel(surface, rect, 235, 8, (15, 22, 18), ACCENT)
    y = rect.top + size // 4
    for s in surfs:
        surface.blit(s, (rect.left + size // 2, y))
        y += s.get_height()


@dataclass
class Choice:
    """A labelled value picked from a list with < and > (click or arrow keys)."""

    label: str
    values: Sequence[Any]
    texts: Sequence[str]
    index: int = 0
    explain: str = ""
    on_change: Callable[[Any], None] | None = None
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    left: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    right: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    hover: bool = False
    #: a pill without arrows: click for the next value, right-click for the previous
    compact: bool = False

    @property
    def value(self) -> Any:
        """The value shown."""
        return self.values[self.index]

    def step(self, delta: int) -> None:
        """Move to the next or previous value (wrapping)."""
        if not self.values:
            return
        self.index = (self.index + delta) % len(self.values)
        if self.on_change is not None:
            self.on_change(self.value)

    def layout(self, rect: pygame.Rect, arrow: int) -> None:
        """Place the row; ``arrow`` is the arrow buttons' size."""
        self.rect = rect
        if self.compact:
            self.left = pygame.Rect(rect.left, rect.top, 0, 0)
            self.right = pygame.Rect(rect.left, rect.top, 0, 0)
            return
        self.right = pygame.Rect(rect.right - arrow, rect.centery - arrow // 2, arrow, arrow)
        self.left = pygame.Rect(0, 0, arrow, arrow)
        self.left.midright = (self.right.left - rect.width * 11 // 40, rect.centery)

    def handle(self, event: pygame.event.Event) -> bool:
        """Clicks on the arrows (or the value) change it; True when something changed."""
        if event.type == pygame.MOUSEMOTION:
            inside = self.rect.collidepoint(event.pos)
            if inside != self.hover:
                self.hover = inside
                return True
        if self.compact and event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            if self.rect.collidepoint(event.pos):
                self.step(1 if event.button == 1 else -1)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.left.collidepoint(event.pos):
                self.step(-1)
                return True
            value_box = pygame.Rect(self.left.right, self.rect.top,
                                    self.right.left - self.left.right, self.rect.height)
            if self.right.collidepoint(event.pos) or value_box.collidepoint(event.pos):
                self.step(1)
                return True
        return False

    def draw(self, surface: pygame.Surface, fonts: Fonts, size: int, focused: bool) -> None:
        """Draw label, value and arrows (or the pill)."""
        if self.compact:
            state = "hover" if self.hover else "normal"
            surface.blit(button_art(state, self.rect.size), self.rect.topleft)
            text = fonts.text(self.texts[self.index] if self.texts else "", size, DARK, True)
            surface.blit(text, text.get_rect(center=(self.rect.centerx, self.rect.centery - 2)))
            return
        if self.hover or focused:
            panel(surface, self.rect.inflate(8, 4), 90, 8, (0, 0, 0),
                  ACCENT if focused else None)
        label = fonts.text(self.label, size, TEXT, bold=True)
        surface.blit(label, (self.rect.left + 6, self.rect.centery - label.get_height() // 2))
        for box, glyph in ((self.left, "<"), (self.right, ">")):
            surface.blit(button_art("normal", box.size), box.topleft)
            g = fonts.text(glyph, size, DARK, bold=True)
            surface.blit(g, g.get_rect(center=(box.centerx, box.centery - 2)))
        shown = self.texts[self.index] if self.texts else ""
        room = self.right.left - self.left.right - 8
        value = fonts.text(shown, size, ACCENT, bold=True)
        smaller = size
        while value.get_width() > room and smaller > 11:  # long names: a smaller size
            smaller -= 1
            value = fonts.text(shown, smaller, ACCENT, bold=True)
        mid = (self.left.right + self.right.left) // 2
        surface.blit(value, value.get_rect(center=(mid, self.rect.centery)))


@dataclass
class TextField:
    """A one-line text entry (names). Focusing it selects the whole text, as desktop
    fields do, so typing replaces a default name; Ctrl+A selects it again."""

    text: str
    max_len: int = 16
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    active: bool = False
    #: the whole text is selected: the next key typed replaces it
    selected: bool = False

    def handle(self, event: pygame.event.Event) -> bool:
        """Click to focus, type to edit; True when something changed."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            was = self.active
            self.active = self.rect.collidepoint(event.pos)
            if self.active and not was:
                self.selected = bool(self.text)
            return was != self.active
        if not self.active:
            return False
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_a and event.mod & pygame.KMOD_CTRL:
                self.selected = bool(self.text)
                return True
            if event.key == pygame.K_BACKSPACE:
                self.text = "" if self.selected else self.text[:-1]
                self.selected = False
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB):
                self.active = self.selected = False
                return True
        if event.type == pygame.TEXTINPUT:
            clean = "".join(ch for ch in event.text if ch.isprintable())
            if not clean:
                return False
            base = "" if self.selected else self.text
            self.selected = False
            self.text = (base + clean)[: self.max_len]
            return True
        return False

    def draw(self, surface: pygame.Surface, fonts: Fonts, size: int) -> None:
        """Draw the field."""
        panel(surface, self.rect, 200 if self.active else 140, 6, (8, 20, 14),
              ACCENT if self.active else (90, 120, 100))
        shown = self.text + ("|" if self.active and not self.selected else "")
        text = fonts.text(shown or " ", size, TEXT if self.text else TEXT_DIM)
        pos = (self.rect.left + size // 2, self.rect.centery - text.get_height() // 2)
        if self.active and self.selected:
            pygame.draw.rect(surface, (60, 110, 170), text.get_rect(topleft=pos).inflate(4, 2),
                             border_radius=3)
        surface.blit(text, pos)
