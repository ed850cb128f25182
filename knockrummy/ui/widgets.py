"""Buttons, choice rows and text fields, drawn with the art's button pieces.

Widgets keep their rectangle and state; the scene lays them out on resize and
routes events to them. Every button can name its key in its tooltip.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from knockrummy.i18n import pgettext
from knockrummy.ui import paths
from knockrummy.ui.gfx import ACCENT, DARK, TEXT, TEXT_DIM, Fonts, panel

_ART: dict[tuple[str, tuple[int, int]], pygame.Surface] = {}
#: no text is drawn smaller than this many pixels (the README's promise)
MIN_TEXT = 14

#: what was cut while recording (:func:`record_cuts`), else None
_cuts: list[tuple[str, int, int]] | None = None


def record_cuts(on: bool = True) -> list[tuple[str, int, int]]:
    """Start (or with ``on=False`` stop) recording every text cut with "..." by
    :func:`fit_text` (a button's label, a choice's value that neither a smaller size, down
    to :data:`MIN_TEXT`, nor two lines could fit) and every choice label running under
    its value: a list, filled while recording, of ``(text, width it wanted, room it
    had)`` in pixels. Tests switch it on to find words that do not fit
    (a longer language); the game never does.

    >>> pygame.font.init(); cuts = record_cuts()
    >>> fit_text(Fonts(), "a rather long sentence", 18, 40)[-3:]
    '...'
    >>> [text for text, wanted, room in cuts], cuts[0][1] > cuts[0][2] == 40
    (['a rather long sentence'], True)
    >>> record_cuts(False)
    []
    """
    global _cuts
    _cuts = [] if on else None
    return _cuts if _cuts is not None else []


def stop_recording_cuts() -> None:
    """Stop recording cuts (:func:`record_cuts`)."""
    record_cuts(False)


def cut(text: str, wanted: int, room: int) -> None:
    """Report ``text`` as cut: it wanted ``wanted`` pixels and had ``room``."""
    if _cuts is not None:
        _cuts.append((text, wanted, room))


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


#: the keys named in tooltips (a letter key is its own name): English as the buttons are
#: made with them, in the player's language when the tooltip is shown
KEY_NAMES: dict[str, Callable[[], str]] = {
    # Translators: the name of a key on the keyboard, shown in tooltips as [Enter]
    "Enter": lambda: pgettext("key", "Enter"),
    # Translators: the name of a key on the keyboard (Escape)
    "Esc": lambda: pgettext("key", "Esc"),
    # Translators: the keys that quit (Control and Q), as the keyboard names them
    "Ctrl+Q": lambda: pgettext("key", "Ctrl+Q"),
    # Translators: the keys that undo (Control and Z), as the keyboard names them
    "Ctrl+Z": lambda: pgettext("key", "Ctrl+Z"),
    # Translators: the name of a key on the keyboard (the space bar)
    "Space": lambda: pgettext("key", "Space"),
    # Translators: the name of a key on the keyboard
    "Tab": lambda: pgettext("key", "Tab"),
    # Translators: the name of a key on the keyboard (Delete)
    "Del": lambda: pgettext("key", "Del"),
    # Translators: the name of a key on the keyboard
    "Home": lambda: pgettext("key", "Home"),
    # Translators: the name of a key on the keyboard
    "End": lambda: pgettext("key", "End"),
    # Translators: the name of an arrow key on the keyboard
    "Left": lambda: pgettext("key", "Left"),
    # Translators: the name of an arrow key on the keyboard
    "Right": lambda: pgettext("key", "Right"),
}


def key_name(hint: str) -> str:
    """The key ``hint`` as the player's language names it ("Esc" in French: "Échap");
    a letter, or a name given already translated, as it is."""
    name = KEY_NAMES.get(hint)
    return name() if name is not None else hint


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
            parts[0] += f"  [{key_name(self.key_hint)}]"
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
        drawn(self.rect)
        color = (95, 90, 80) if not self.enabled else DARK
        room = self.rect.width - 8
        text = fonts.text(self.label, size, color, bold=True)
        smaller = size
        while text.get_width() > room and smaller > MIN_TEXT:  # a long label: a bit smaller
            smaller -= 1
            text = fonts.text(self.label, smaller, color, bold=True)
        if text.get_width() > room:  # never below the readable size: shortened instead
            text = fonts.text(fit_text(fonts, self.label, smaller, room, True), smaller, color,
                              bold=True)
        y = self.rect.centery - text.get_height() // 2 - (0 if self.pressed else 2)
        surface.blit(text, (self.rect.centerx - text.get_width() // 2, y))


def fit_text(fonts: Fonts, text: str, size: int, width: int, bold: bool = False) -> str:
    """``text`` shortened with an ellipsis to fit ``width`` pixels."""
    font = fonts.font(size, bold)
    if font.size(text)[0] <= width:
        return text
    cut(text, font.size(text)[0], width)
    while text and font.size(text + "...")[0] > width:
        text = text[:-1]
    return text.rstrip(" ,;:") + "..."


# ----------------------------------------------------------------- tooltips
#
# A tooltip is drawn only while the pointer is over its button (the window tells this
# module where the pointer is, so a tooltip can never outlive the hover that opened it,
# whatever the scene remembers), and it is placed where it covers nothing the player
# needs: every button, value picker and field the current scene drew this frame, plus
# any area the scene asked to keep clear (the hand on the table).

_pointer: tuple[int, int] | None = None
_drawn: list[pygame.Rect] = []
_tips: list[pygame.Rect] = []


def pointer_moved(pos: tuple[int, int] | None) -> None:
    """Where the pointer is now (None: it left the window). Called by the window's loop."""
    global _pointer
    _pointer = None if pos is None else (int(pos[0]), int(pos[1]))


def pointer() -> tuple[int, int] | None:
    """The pointer's last known position in the window, or None when it is outside."""
    return _pointer


def begin_frame() -> None:
    """A new frame starts: no tooltip drawn yet."""
    _tips.clear()


def begin_scene_draw() -> None:
    """A scene starts drawing: forget the widgets and areas recorded for the last one."""
    _drawn.clear()


def tooltips_drawn() -> list[pygame.Rect]:
    """Where tooltips were drawn in the last frame (for tests: never more than one)."""
    return list(_tips)


def drawn(rect: pygame.Rect) -> None:
    """Record a widget drawn this frame (tooltips keep off it)."""
    if rect.width > 0 and rect.height > 0:
        _drawn.append(pygame.Rect(rect))


def keep_clear(rect: pygame.Rect) -> None:
    """Ask tooltips drawn later in this scene's frame to keep off ``rect`` (e.g. the hand)."""
    drawn(rect)


def _overlap(a: pygame.Rect, b: pygame.Rect) -> int:
    """The area ``a`` and ``b`` share."""
    both = a.clip(b)
    return both.width * both.height


def gap_between(a: pygame.Rect, b: pygame.Rect) -> int:
    """How far apart two rects are: the gap across plus the gap along (0 touching).

    >>> gap_between(pygame.Rect(0, 0, 10, 10), pygame.Rect(15, 30, 5, 5))
    25
    """
    dx = max(b.left - a.right, a.left - b.right, 0)
    dy = max(b.top - a.bottom, a.top - b.bottom, 0)
    return dx + dy


def _side_rank(rect: pygame.Rect, anchor: pygame.Rect) -> int:
    """0 above the button, 1 below, 2 to its right, 3 to its left (the order tried); 5
    off a corner, beside none of its sides."""
    across = rect.right > anchor.left and rect.left < anchor.right
    along = rect.bottom > anchor.top and rect.top < anchor.bottom
    if across:
        return 0 if rect.bottom <= anchor.top else 1
    if along:
        return 2 if rect.left >= anchor.right else 3
    return 5


#: places already worked out: (anchor, size, screen, avoid, gap) -> place. A tooltip is
#: placed again every frame the pointer rests on its button, over the same things
_PLACED: dict[tuple[object, ...], pygame.Rect] = {}


def place_tooltip(anchor: pygame.Rect, size: tuple[int, int], screen: pygame.Rect,
                  avoid: Sequence[pygame.Rect] = (), gap: int = 8) -> pygame.Rect:
    """Where a tooltip of ``size`` for the button at ``anchor`` goes: inside ``screen``
    (16 px from its edges when it fits), never over the anchor, and over none of the
    ``avoid`` rects (other buttons, the hand) when any place allows it.

    The nearest clear place wins, counting the gap between the tip and the button (with
    a few points' preference for above, then below, right and left, and off a corner
    last; on ties, the one most in line with the button). Places are tried
    against the button and against the edges of everything in the way, diagonals
    included: a tip for a button under a full column goes beside the column, near the
    button, not to the far corner of the window. When no place is clear, the tip goes
    where it covers the least.

    >>> screen = pygame.Rect(0, 0, 1280, 720)
    >>> row = [pygame.Rect(x, 640, 160, 50) for x in (700, 880, 1060)]
    >>> place_tooltip(row[1], (300, 40), screen, row).bottom <= 632   # above the row
    True
    >>> col = [pygame.Rect(480, y, 320, 50) for y in (200, 260, 320)]
    >>> tip = place_tooltip(col[1], (200, 40), screen, col)
    >>> tip.left >= 808 or tip.right <= 472   # beside the column, not over a neighbour
    True
    >>> # a button at the foot of a full column, the hand to its left: beside the column
    >>> button = pygame.Rect(794, 390, 150, 44)
    >>> column = pygame.Rect(794, 85, 150, 295)
    >>> hand = pygame.Rect(180, 380, 600, 200)
    >>> tip = place_tooltip(button, (260, 60), pygame.Rect(0, 0, 960, 600), [column, hand])
    >>> tip.right <= 786 and tip.bottom <= 372 and tip.top >= 300
    True
    >>> # the title's menu: beside the button, in line with it, not off its corner
    >>> menu = [pygame.Rect(352, y, 256, 38) for y in range(162, 540, 53)]
    >>> tip = place_tooltip(menu[5], (298, 24), pygame.Rect(0, 0, 960, 600), menu)
    >>> tip.top < menu[5].bottom and tip.bottom > menu[5].top
    True
    """
    key = (tuple(anchor), size, tuple(screen), tuple(tuple(r) for r in avoid), gap)
    known = _PLACED.get(key)
    if known is not None:
        return known.copy()
    margin = 16 if screen.width > size[0] + 32 and screen.height > size[1] + 32 else 0
    inside = screen.inflate(-2 * margin, -2 * margin)
    others = [pygame.Rect(r) for r in avoid if r.width > 0 and r.height > 0 and r != anchor]
    blockers = [*others, pygame.Rect(anchor)]
    w, h = size
    xs = {anchor.centerx - w // 2, anchor.left, anchor.right - w, anchor.right + gap,
          anchor.left - gap - w, inside.left, inside.right - w}
    ys = {anchor.top - gap - h, anchor.bottom + gap, anchor.centery - h // 2,
          inside.top, inside.bottom - h}
    for r in others:
        xs.update((r.left - gap - w, r.right + gap))
        ys.update((r.top - gap - h, r.bottom + gap))
    best: tuple[int, int, int, int, pygame.Rect] | None = None
    for x in xs:
        for y in ys:
            rect = pygame.Rect(x, y, w, h)
            if not inside.contains(rect) or rect.collidelist(blockers) >= 0:
                continue
            off = abs(rect.centerx - anchor.centerx) + abs(rect.centery - anchor.centery)
            place = (gap_between(rect, anchor) + 4 * _side_rank(rect, anchor), off, x, y, rect)
            if best is None or place[:4] < best[:4]:
                best = place
    found = best[4] if best is not None else _least_covering(anchor, size, inside, others, gap)
    if len(_PLACED) > 256:
        _PLACED.clear()
    _PLACED[key] = found.copy()
    return found


def _least_covering(anchor: pygame.Rect, size: tuple[int, int], inside: pygame.Rect,
                    others: list[pygame.Rect], gap: int) -> pygame.Rect:
    """With no clear place: above, below, right or left of the button, kept inside, where
    the tip covers the least (its own button counting many times over: the pointer is
    there)."""
    fallback: tuple[int, pygame.Rect] | None = None
    for side in ("above", "below", "right", "left"):
        rect = pygame.Rect((0, 0), size)
        if side == "above":
            rect.midbottom = (anchor.centerx, anchor.top - gap)
        elif side == "below":
            rect.midtop = (anchor.centerx, anchor.bottom + gap)
        elif side == "right":
            rect.midleft = (anchor.right + gap, anchor.centery)
        else:
            rect.midright = (anchor.left - gap, anchor.centery)
        rect = rect.clamp(inside)
        covered = sum(_overlap(rect, r) for r in others) + 100 * _overlap(rect, anchor)
        if fallback is None or covered < fallback[0]:
            fallback = (covered, rect)
    assert fallback is not None
    return fallback[1]


def draw_tooltip(surface: pygame.Surface, fonts: Fonts, text: str, anchor: pygame.Rect,
                 size: int, avoid: Sequence[pygame.Rect] | None = None) -> None:
    """The tooltip of the button at ``anchor``, wrapped to a readable width and placed by
    :func:`place_tooltip` clear of ``avoid`` and of every widget the scene drew this
    frame. Nothing is drawn unless the pointer is over ``anchor``: a tooltip never stays
    behind when its button moves or another screen comes and goes."""
    if not text:
        return
    where = pointer()
    if where is None or not anchor.collidepoint(where):
        return
    inside = surface.get_rect().inflate(-32, -32)
    keep_off = [*_drawn, *(avoid or ())]
    best: tuple[int, pygame.Rect, list[pygame.Surface]] | None = None
    for chars in (26, 18, 12):  # wide and short first; narrower when that sits nearer
        lines: list[str] = []
        for para in text.split("\n"):
            lines.extend(fonts.wrap(para, size, min(inside.width, size * chars)))
        surfs = [fonts.text(line, size, TEXT) for line in lines]
        w = max(s.get_width() for s in surfs) + size
        h = sum(s.get_height() for s in surfs) + size // 2
        rect = place_tooltip(anchor, (w, h), surface.get_rect(), keep_off)
        covered = any(rect.colliderect(r) for r in keep_off)
        score = gap_between(rect, anchor) + (100_000 if covered else 0)
        if best is None or score < best[0]:
            best = (score, rect, surfs)
    assert best is not None
    _, rect, surfs = best
    _tips.append(pygame.Rect(rect))
    panel(surface, rect, 245, 8, (15, 22, 18), ACCENT)
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
    #: whether stepping past the last value comes back to the first
    wrap: bool = True

    @property
    def value(self) -> Any:
        """The value shown."""
        return self.values[self.index]

    def step(self, delta: int) -> None:
        """Move to the next or previous value (wrapping)."""
        if not self.values:
            return
        if not self.wrap and not 0 <= self.index + delta < len(self.values):
            return
        self.index = (self.index + delta) % len(self.values)
        if self.on_change is not None:
            self.on_change(self.value)

    def value_room(self, rect: pygame.Rect, arrow: int, fonts: Fonts,
                   size: int) -> tuple[int, int]:
        """(the value box the longest value wants, the most the label leaves) for a row
        at ``rect``: scenes line up a column's arrows with these."""
        font = fonts.font(size, True)
        longest = max((font.size(t)[0] for t in self.texts), default=0) + 12
        label_right = rect.left + 6 + (font.size(self.label)[0] if self.label else 0) + 10
        return longest, rect.right - arrow * 2 - label_right

    def layout(self, rect: pygame.Rect, arrow: int, fonts: Fonts | None = None,
               size: int = 0, box: int | None = None) -> None:
        """Place the row; ``arrow`` is the arrow buttons' size. With ``fonts`` and the text
        ``size``, the value box grows leftwards (never over the label) until the longest
        value fits at that size, so long names need not shrink; ``box`` sets its width."""
        self.rect = rect
        if self.compact:
            self.left = pygame.Rect(rect.left, rect.top, 0, 0)
            self.right = pygame.Rect(rect.left, rect.top, 0, 0)
            return
        self.right = pygame.Rect(rect.right - arrow, rect.centery - arrow // 2, arrow, arrow)
        self.left = pygame.Rect(0, 0, arrow, arrow)
        width = rect.width * 11 // 40
        if box is not None:
            width = box
        elif fonts is not None and size > 0 and self.texts:
            longest, most = self.value_room(rect, arrow, fonts, size)
            width = max(width, min(longest, most))
        self.left.midright = (self.right.left - width, rect.centery)

    def value_lines(self, fonts: Fonts, size: int) -> tuple[list[str], int]:
        """The value as drawn: its lines and text size. It shrinks a little if it must,
        never below :data:`MIN_TEXT`; then it takes two lines; then it is shortened.

        >>> pygame.font.init(); f = Fonts()
        >>> c = Choice("Game", ["a"], ["Gin Rummy - Yimmaw"])
        >>> c.layout(pygame.Rect(0, 0, 300, 44), 38)
        >>> lines, size = c.value_lines(f, 18)
        >>> size >= MIN_TEXT and all(f.font(size, True).size(x)[0] <= 90 for x in lines)
        True
        """
        shown = self.texts[self.index] if self.texts else ""
        room = self.right.left - self.left.right - 8
        font_size = size
        while font_size > MIN_TEXT and fonts.font(font_size, True).size(shown)[0] > room:
            font_size -= 1
        if fonts.font(font_size, True).size(shown)[0] <= room:
            return [shown], font_size
        lines = fonts.wrap(shown, font_size, room, bold=True)
        two_fit = fonts.font(font_size, True).get_linesize() * 2 <= self.rect.height
        if len(lines) == 2 and two_fit and all(
                fonts.font(font_size, True).size(x)[0] <= room for x in lines):
            return lines, font_size
        return [fit_text(fonts, shown, font_size, room, bold=True)], font_size

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
        drawn(self.rect)
        if self.compact:
            state = "hover" if self.hover else "normal"
            surface.blit(button_art(state, self.rect.size), self.rect.topleft)
            shown = self.texts[self.index] if self.texts else ""
            text = fonts.text(shown, size, DARK, True)
            smaller = size
            while text.get_width() > self.rect.width - 8 and smaller > MIN_TEXT:
                smaller -= 1
                text = fonts.text(shown, smaller, DARK, True)
            if text.get_width() > self.rect.width - 8:
                text = fonts.text(fit_text(fonts, shown, smaller, self.rect.width - 8, True),
                                  smaller, DARK, True)
            surface.blit(text, text.get_rect(center=(self.rect.centerx, self.rect.centery - 2)))
            if focused:  # the keyboard is on it: the ring a focused name field has
                pygame.draw.rect(surface, ACCENT, self.rect.inflate(6, 6), 2, 8)
            return
        if self.hover or focused:
            panel(surface, self.rect.inflate(8, 4), 90, 8, (0, 0, 0),
                  ACCENT if focused else None)
        label = fonts.text(self.label, size, TEXT, bold=True)
        if self.label and label.get_width() > self.left.left - self.rect.left - 10:
            cut(self.label, label.get_width(), self.left.left - self.rect.left - 10)  # overlaps
        surface.blit(label, (self.rect.left + 6, self.rect.centery - label.get_height() // 2))
        # a choice of one value: its arrows greyed (they change nothing)
        art = "normal" if len(self.values) > 1 else "disabled"
        for box, glyph in ((self.left, "<"), (self.right, ">")):
            surface.blit(button_art(art, box.size), box.topleft)
            g = fonts.text(glyph, size, DARK, bold=True)
            surface.blit(g, g.get_rect(center=(box.centerx, box.centery - 2)))
        lines, value_size = self.value_lines(fonts, size)
        mid = (self.left.right + self.right.left) // 2
        height = fonts.font(value_size, True).get_linesize()
        y = self.rect.centery - height * len(lines) // 2
        for line in lines:
            value = fonts.text(line, value_size, ACCENT, bold=True)
            surface.blit(value, value.get_rect(midtop=(mid, y)))
            y += height


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
        drawn(self.rect)
        panel(surface, self.rect, 200 if self.active else 140, 6, (8, 20, 14),
              ACCENT if self.active else (90, 120, 100))
        shown = self.text + ("|" if self.active and not self.selected else "")
        text = fonts.text(shown or " ", size, TEXT if self.text else TEXT_DIM)
        pos = (self.rect.left + size // 2, self.rect.centery - text.get_height() // 2)
        if self.active and self.selected:
            pygame.draw.rect(surface, (60, 110, 170), text.get_rect(topleft=pos).inflate(4, 2),
                             border_radius=3)
        surface.blit(text, pos)
