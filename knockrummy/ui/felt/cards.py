"""Drawing a card (with its shadow) and a banner: shared by the table, the replay and the
showdown, with the window's card art and fonts."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Protocol

import pygame

from knockrummy.engine import Card
from knockrummy.ui.gfx import ACCENT, panel

if TYPE_CHECKING:
    from knockrummy.ui.app import App


class HasApp(Protocol):
    """Anything that draws cards: it knows the app (and so the card art)."""

    @property
    def app(self) -> App:
        """The window."""
        ...


def card(scene: HasApp, surface: pygame.Surface, c: Card | None, rect: pygame.Rect,
         face_up: bool = True, lifted: bool = False, squash: float = 1.0,
         art_w: int | None = None) -> None:
    """One card with its soft shadow. ``art_w``: render the art at this cached width and
    scale it to the rect (cards in flight change size every frame; rendering the SVG at
    each of those sizes would cost a millisecond or more a frame)."""
    art = scene.app.cards
    w = art_w or rect.width
    shadow = art.shadow(w, lifted)
    pad = (shadow.get_width() - w) // 2
    off = max(2, w // (12 if lifted else 30))
    surface.blit(shadow, (rect.x - pad + off // 2, rect.y - pad + off))
    img = art.face(c, w) if (face_up and c is not None) else art.back(w)
    if img.get_width() != rect.width:
        img = pygame.transform.scale(img, (rect.width, round(img.get_height() * rect.width
                                                              / img.get_width())))
    if squash < 0.999:
        sw = max(1, round(img.get_width() * squash))
        img = pygame.transform.scale(img, (sw, img.get_height()))
        surface.blit(img, (rect.centerx - sw // 2, rect.y))
        return
    surface.blit(img, rect.topleft)


def draw_banner(surface: pygame.Surface, app: App, banner: str, banner_time: float,
                clock: float, size: int, area: tuple[int, int]) -> None:
    """A knock, gin or win announced in large pulsing letters over an ``area`` (the table
    or the replay's table), while ``banner_time`` lasts."""
    if banner_time <= 0 or not banner:
        return
    pulse = 1.0 + 0.04 * math.sin(clock * 10)
    text = app.fonts.text(banner, size, ACCENT, bold=True)
    w, h = text.get_size()
    text = pygame.transform.smoothscale(text, (round(w * pulse), round(h * pulse)))
    rect = text.get_rect(center=(area[0] // 2, round(area[1] * 0.42)))
    panel(surface, rect.inflate(size, size // 2), 200, 16, border=ACCENT)
    surface.blit(text, rect)
