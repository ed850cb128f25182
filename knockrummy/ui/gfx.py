"""Loaded art at the size it is shown: fonts, cached text, cards, the table.

Everything is cached per size, so a frame only blits. Cards are rendered from
SVG once per (card, size, scheme); a missing or broken file becomes a plain
drawn card rather than an exception.
"""

from __future__ import annotations

import logging

import pygame

from knockrummy import i18n
from knockrummy.engine import Card
from knockrummy.ui import paths
from knockrummy.words.cards import card_label

log = logging.getLogger(__name__)

Color = tuple[int, int, int]
TEXT = (245, 241, 228)
TEXT_DIM = (200, 212, 198)
ACCENT = (255, 204, 77)
#: the coach's colour: hints on the table, the strong move in reviews (never the
#: accent, which marks your own selection and legal drops)
COACH = (125, 215, 255)
DARK = (20, 28, 24)
PANEL = (12, 40, 28)
RED_SUIT = (200, 30, 40)


class Fonts:
    """Fonts by pixel size, and rendered text cached by (text, size, colour, bold).

    Every piece of text on screen is rendered through :meth:`text`, so this is the one
    place that knows how small the text gets: :meth:`record` collects the size of every
    text drawn from then on (a test walks every screen and asserts the smallest).
    """

    def __init__(self) -> None:
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._text: dict[tuple[str, int, Color, bool], pygame.Surface] = {}
        self._record: list[tuple[int, str]] | None = None

    def record(self) -> list[tuple[int, str]]:
        """Start collecting (pixel size, text) of every text rendered; the list filled."""
        self._record = []
        return self._record

    def stop_recording(self) -> None:
        """Stop collecting text sizes."""
        self._record = None

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        """The interface font at ``size`` pixels."""
        key = (max(8, size), bold)
        font = self._fonts.get(key)
        if font is None:
            try:
                font = pygame.font.Font(paths.font(bold), key[0])
            except (OSError, FileNotFoundError, pygame.error):
                font = pygame.font.Font(None, key[0])
            self._fonts[key] = font
        return font

    def text(self, text: str, size: int, color: Color = TEXT, bold: bool = False) -> pygame.Surface:
        """``text`` rendered once and reused."""
        if self._record is not None and text.strip():
            self._record.append((max(8, size), text))
        key = (text, size, color, bold)
        surf = self._text.get(key)
        if surf is None:
            if len(self._text) > 3000:
                self._text.clear()
            surf = self.font(size, bold).render(text, True, color)
            self._text[key] = surf
        return surf

    def wrap(self, text: str, size: int, width: int, bold: bool = False) -> list[str]:
        """``text`` broken into lines no wider than ``width`` pixels."""
        font = self.font(size, bold)
        lines: list[str] = []
        for para in text.split("\n"):
            line = ""
            for word in para.split(" "):
                trial = f"{line} {word}" if line else word
                if font.size(trial)[0] <= width or not line:
                    line = trial
                else:
                    lines.append(line)
                    line = word
            lines.append(line)
        return lines


def rounded_shadow(size: tuple[int, int], radius: int, alpha: int, blur: int) -> pygame.Surface:
    """A soft shadow: a dark rounded rectangle, blurred by scaling down and up."""
    w, h = size
    pad = blur * 2
    surf = pygame.Surface((w + pad * 2, h + pad * 2), pygame.SRCALPHA)
    pygame.draw.rect(surf, (0, 0, 0, alpha), (pad, pad, w, h), border_radius=radius)
    if blur > 0:
        small = pygame.transform.smoothscale(
            surf, (max(1, surf.get_width() // blur), max(1, surf.get_height() // blur))
        )
        surf = pygame.transform.smoothscale(small, surf.get_size())
    return surf


class CardArt:
    """Card faces and backs at one size, for the current deck settings.

    A face shows the corner letters of the language spoken when it is drawn (a German
    queen reads D, as the text does): faces are kept per language, so a change of
    language needs no new CardArt.
    """

    def __init__(self, four_color: bool, large_index: bool, back: str) -> None:
        self.four_color = four_color
        self.large_index = large_index
        self.back_name = back
        self._faces: dict[tuple[Card, int, str], pygame.Surface] = {}
        self._backs: dict[int, pygame.Surface] = {}
        self._shadows: dict[tuple[int, int], pygame.Surface] = {}

    @staticmethod
    def size_for(width: int) -> tuple[int, int]:
        """Card size (poker ratio 2.5 : 3.5) for a width."""
        return width, round(width * 3.5 / 2.5)

    def face(self, card: Card, width: int) -> pygame.Surface:
        """The face of ``card`` at ``width`` pixels, in the current language's letters."""
        language = i18n.language()
        key = (card, width, language)
        surf = self._faces.get(key)
        if surf is None:
            size = self.size_for(width)
            try:
                path = paths.card_face(str(card), self.four_color, self.large_index, language)
                surf = pygame.image.load_sized_svg(path, size).convert_alpha()
                if surf.get_size() != size:
                    surf = pygame.transform.smoothscale(surf, size)
            except (OSError, ValueError, pygame.error) as err:
                log.warning("card art %s: %s", card, err)
                surf = self._plain_face(card, size)
            self._faces[key] = surf
        return surf

    def back(self, width: int) -> pygame.Surface:
        """The card back at ``width`` pixels."""
        surf = self._backs.get(width)
        if surf is None:
            size = self.size_for(width)
            try:
                surf = pygame.image.load_sized_svg(paths.card_back(self.back_name), size)
                surf = surf.convert_alpha()
                if surf.get_size() != size:
                    surf = pygame.transform.smoothscale(surf, size)
            except (OSError, ValueError, pygame.error) as err:
                log.warning("card back: %s", err)
                surf = pygame.Surface(size, pygame.SRCALPHA)
                pygame.draw.rect(surf, (40, 60, 140), surf.get_rect(), border_radius=width // 12)
                pygame.draw.rect(surf, (240, 240, 240), surf.get_rect(), 2, width // 12)
            self._backs[width] = surf
        return surf

    def shadow(self, width: int, lifted: bool) -> pygame.Surface:
        """The soft shadow drawn under a card; larger when it is lifted."""
        key = (width, int(lifted))
        surf = self._shadows.get(key)
        if surf is None:
            size = self.size_for(width)
            blur = max(2, width // (10 if lifted else 18))
            surf = rounded_shadow(size, max(3, width // 12), 110 if lifted else 80, blur)
            self._shadows[key] = surf
        return surf

    @staticmethod
    def _plain_face(card: Card, size: tuple[int, int]) -> pygame.Surface:
        surf = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(surf, (250, 250, 250), surf.get_rect(), border_radius=size[0] // 12)
        color = RED_SUIT if card.suit.char in "HD" else DARK
        font = pygame.font.Font(None, max(12, size[0] // 3))
        surf.blit(font.render(card_label(card), True, color), (size[0] // 10, size[0] // 10))
        return surf


class Table:
    """The felt: gradient, tiled texture and vignette, pre-rendered per window size."""

    def __init__(self) -> None:
        self._cache: dict[tuple[int, int], pygame.Surface] = {}
        self._tile: pygame.Surface | None = None

    def surface(self, size: tuple[int, int]) -> pygame.Surface:
        """The background for a window of ``size``."""
        surf = self._cache.get(size)
        if surf is not None:
            return surf
        self._cache.clear()
        surf = pygame.Surface(size).convert()
        surf.fill((28, 104, 66))
        try:
            # Gradients are smooth: render them small and scale up (70 ms -> a few ms at 1080p).
            small = (max(16, size[0] // 4), max(9, size[1] // 4))
            grad = pygame.image.load_sized_svg(paths.table("table.svg"), small)
            surf.blit(pygame.transform.smoothscale(grad.convert_alpha(), size), (0, 0))
            if self._tile is None:
                self._tile = pygame.image.load(paths.table("felt.png")).convert_alpha()
            tw, th = self._tile.get_size()
            for x in range(0, size[0], tw):
                for y in range(0, size[1], th):
                    surf.blit(self._tile, (x, y))
            vig = pygame.image.load_sized_svg(paths.table("vignette.svg"), small)
            surf.blit(pygame.transform.smoothscale(vig.convert_alpha(), size), (0, 0))
        except (OSError, ValueError, pygame.error) as err:
            log.warning("table art: %s", err)
        self._cache[size] = surf
        return surf


_PANELS: dict[tuple[object, ...], pygame.Surface] = {}


def panel(surface: pygame.Surface, rect: pygame.Rect, alpha: int = 150, radius: int = 10,
          color: Color = PANEL, border: Color | None = None) -> None:
    """A translucent rounded panel behind text (cached per size and style)."""
    key = (rect.size, alpha, radius, color, border)
    box = _PANELS.get(key)
    if box is None:
        box = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(box, (*color, alpha), box.get_rect(), border_radius=radius)
        if border is not None:
            pygame.draw.rect(box, (*border, 220), box.get_rect(), 2, radius)
        if len(_PANELS) > 400:
            _PANELS.clear()
        _PANELS[key] = box
    surface.blit(box, rect.topleft)


_GLOWS: dict[tuple[int, int, int, Color], pygame.Surface] = {}


def glow(surface: pygame.Surface, rect: pygame.Rect, strength: float = 1.0,
         color: Color = ACCENT) -> None:
    """The accent glow around a legal drop target (or, in the coach's colour, a hint)."""
    pad = max(4, rect.width // 14)
    outer = rect.inflate(pad * 2, pad * 2)
    a = int(90 * strength)
    key = (outer.width, outer.height, a, color)
    box = _GLOWS.get(key)
    if box is None:
        box = pygame.Surface(outer.size, pygame.SRCALPHA)
        pygame.draw.rect(box, (*color, a), box.get_rect(), border_radius=pad * 2)
        pygame.draw.rect(box, (*color, min(255, a * 2 + 40)), box.get_rect(), max(2, pad // 2),
                         pad * 2)
        if len(_GLOWS) > 200:
            _GLOWS.clear()
        _GLOWS[key] = box
    surface.blit(box, outer.topleft)
