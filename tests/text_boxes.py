"""Where each text lands when a screen draws: every text the top screen blits is
recorded with the rectangle of its ink, so a test can say a text left the window, was
cut by the area it was blitted from, lies over another text, or runs out of the panel
it is written on (a text touching a panel drawn before it must lie inside one). A text drawn through a
clipping view (a page that scrolls) counts as much of it as shows."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from knockrummy.ui import gfx
from knockrummy.ui.app import App


@dataclass(frozen=True)
class Drawn:
    """One text as drawn: its words, where its ink is, whether it was clipped, and the
    panels drawn before it that its ink touches (those it must lie inside)."""

    text: str
    ink: pygame.Rect
    clipped: bool
    panels: tuple[pygame.Rect, ...] = ()


class Recording(pygame.Surface):
    """A window-sized surface that notes every text blitted onto it."""

    def __init__(self, size: tuple[int, int], texts: dict[int, str]) -> None:
        super().__init__(size)
        self.texts = texts
        self.drawn: list[Drawn] = []
        #: every panel drawn so far (gfx.panel), in order
        self.panels: list[pygame.Rect] = []

    def blit(self, source: pygame.Surface, dest: Any, area: Any = None,  # type: ignore[override]
             special_flags: int = 0) -> pygame.Rect:
        done = super().blit(source, dest, area, special_flags)
        if area is None and any(source is box for box in gfx._PANELS.values()):
            self.panels.append(done.clip(self.get_clip()))
            return done
        text = self.texts.get(id(source))
        if text is not None and text.strip():
            pos = dest.topleft if isinstance(dest, pygame.Rect) else (int(dest[0]), int(dest[1]))
            ink = source.get_bounding_rect()
            cut = False
            if area is not None:
                shown = pygame.Rect(area).clip(source.get_rect())
                cut = not shown.contains(ink)
                ink = ink.clip(shown).move(-shown.x, -shown.y)
            ink = ink.move(pos)
            window, clip = self.get_rect(), self.get_clip()
            if clip != window:  # drawn through a view (a scrolled page): what shows of it
                ink = ink.clip(clip)
                if not ink.width or not ink.height:
                    return done
            clipped = cut or not window.contains(ink)
            under = tuple(p for p in self.panels if p.colliderect(ink))
            self.drawn.append(Drawn(text, ink, clipped, under))
        return done


def record_texts(app: App) -> dict[int, str]:
    """From now on, each surface ``app.fonts.text`` makes is known by its words."""
    texts: dict[int, str] = {}
    make: Callable[..., pygame.Surface] = app.fonts.text

    def text(words: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        surf = make(words, *args, **kwargs)
        texts[id(surf)] = words
        return surf

    app.fonts.text = text  # type: ignore[method-assign]
    return texts


def draw_top(app: App, texts: dict[int, str]) -> list[Drawn]:
    """Draw the top screen alone onto a recording surface; the texts it drew."""
    top = app.stack.top
    assert top is not None
    surface = Recording(app.size, texts)
    top.draw(surface)
    return surface.drawn


def faults(drawn: list[Drawn]) -> list[str]:
    """What is wrong with these texts: one left the window or was cut, two overlap."""
    out = [f"cut or off screen: {d.text!r} at {tuple(d.ink)}" for d in drawn if d.clipped]
    out += [f"out of its panel: {d.text!r} at {tuple(d.ink)}" for d in drawn
            if d.panels and not any(p.contains(d.ink) for p in d.panels)]
    for i, a in enumerate(drawn):
        for b in drawn[i + 1:]:
            if a.text == b.text and abs(a.ink.x - b.ink.x) <= 3 and abs(a.ink.y - b.ink.y) <= 3:
                continue  # the same words twice (a shadow, or drawn again): not two texts
            both = a.ink.clip(b.ink)
            if both.width > 1 and both.height > 1:
                out.append(f"overlap: {a.text!r} {tuple(a.ink)} and {b.text!r} {tuple(b.ink)}")
    return out
