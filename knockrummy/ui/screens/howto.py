"""*How to play*: one short page per family (Knock Rummy, Gin Rummy, Rummy), laid out
from :mod:`knockrummy.app.howto` and illustrated with the table's own card art: a set,
a run, a hand with its deadwood counted, and one showdown worked through with the
engine's own figures.

The page scrolls in a panel and shows that it does (a scrollbar, "more below" / "more
above"). Keys: Up/Down (a line), PageUp/PageDown, Space or Enter (a page), Home/End; Tab and
Shift+Tab (or Left/Right) switch family; Esc goes back. Mouse: the wheel, the thumb
dragged, a click on the track (a page), the tabs, Back.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from knockrummy.app.howto import PAGES, VARIANT_SECTIONS, CardRow, Page, page
from knockrummy.engine import Card, preset
from knockrummy.engine.melds import is_run, is_set
from knockrummy.i18n import N_, _, pgettext
from knockrummy.ui.felt import cards as felt
from knockrummy.ui.gfx import ACCENT, TEXT, TEXT_DIM, Color, panel
from knockrummy.ui.screens.base import ButtonScene
from knockrummy.ui.screens.scrolling import Scrolling
from knockrummy.ui.widgets import Button
from knockrummy.words.scores import score_lines

if TYPE_CHECKING:
    from knockrummy.ui.app import App

#: the tabs, in order: page key and the family's name
FAMILIES = (("knock", N_("Knock Rummy")), ("gin", N_("Gin Rummy")), ("rummy", N_("Rummy")))

#: what a group of cards under a picture is, in words (by :func:`group_label`)
GROUP_WORDS: dict[str, Callable[[], str]] = {
    # Translators: under a picture of cards: three or four cards of one rank
    "set": lambda: pgettext("meld", "set"),
    # Translators: under a picture of cards: cards in sequence in one suit
    "run": lambda: pgettext("meld", "run"),
    # Translators: under a picture of cards: the cards in no meld
    "deadwood": lambda: pgettext("meld", "deadwood"),
}

#: a rule family (``Rules.family``) to the page that teaches it
FAMILY_PAGE = {"knock": "knock", "gin": "gin", "gin_multi": "gin", "rummy": "rummy"}


@dataclass(frozen=True)
class Text:
    """A line of text at a place in the page (page coordinates)."""

    text: str
    pos: tuple[int, int]
    size: int
    color: Color
    bold: bool = False


@dataclass(frozen=True)
class Placed:
    """A card image at a place in the page (page coordinates)."""

    card: Card
    rect: pygame.Rect


@dataclass
class Layout:
    """A page laid out for one width: its texts, its cards and its height; ``blocks``
    are what a page turn never cuts (a line of text, a row of cards with its caption and
    note), top and bottom, from the top."""

    texts: list[Text]
    cards: list[Placed]
    height: int
    blocks: list[tuple[int, int]]


def group_label(group: tuple[Card, ...], row: CardRow, ace_high: bool) -> str:
    """What a group of a row is: "set", "run", or "deadwood" (a hand's left-overs)."""
    if len(group) >= 3 and is_set(group):
        return "set"
    if len(group) >= 3 and is_run(group, ace_high):
        return "run"
    return "deadwood" if row.note.startswith(("Deadwood", _("Deadwood"))) else ""


class HowToScene(Scrolling, ButtonScene):
    """The *How to play* pages, one family at a time, in a scrolling panel."""

    name = "howto"

    def __init__(self, app: App, key: str = "knock", section: str = "") -> None:
        super().__init__(app)
        #: the heading of a section to open the page at ("With the keyboard"), once; a
        #: game taught by a section of another family's page (Gin Rummy for 3-4, on the
        #: Gin Rummy page) opens at that section, whose keys follow it
        variant = VARIANT_SECTIONS.get(key)
        self.start_at = _(variant) if variant is not None else section
        key = FAMILY_PAGE.get(key, key)
        if key not in PAGES:
            raise ValueError(f"no How to play page {key!r}")
        self.family = key
        self.pages: dict[str, Page] = {}
        self.scroll = 0
        #: a drag of the scrollbar's thumb: (pointer y at the press, scroll then)
        self.dragging: tuple[int, int] | None = None
        self._layout: tuple[object, Layout] | None = None
        #: the cards drawn in the last frame and where (window coordinates), for tests
        self.drawn_cards: list[tuple[Card, pygame.Rect]] = []
        self.tabs: dict[str, Button] = {}
        for k, label in FAMILIES:
            # Translators: a tab's tooltip: {game} is "Knock Rummy", "Gin Rummy" or "Rummy"
            self.tabs[k] = self.button(_(label), self._shows(k), "Tab",
                                       _("How to play {game}").format(game=_(label)))
        self.button(_("Back"), self.back, "Esc", _("Back"))
        self.focus = len(self.buttons) - 1  # Back

    # ----------------------------------------------------------------- the page

    @property
    def page(self) -> Page:
        """The page shown (built once per family)."""
        if self.family not in self.pages:
            self.pages[self.family] = page(self.family)
        return self.pages[self.family]

    def show(self, key: str) -> None:
        """Show the page of another family, from its top."""
        if key != self.family:
            self.family = key
            self.scroll = 0
            self.app.dirty = True

    def _shows(self, key: str) -> Callable[[], None]:
        """A tab's action: show the page ``key``."""
        return lambda: self.show(key)

    def switch(self, delta: int) -> None:
        """The next or previous family's page."""
        keys = [k for k, _label in FAMILIES]
        self.show(keys[(keys.index(self.family) + delta) % len(keys)])

    # ----------------------------------------------------------------- geometry

    def tab_height(self) -> int:
        """The height of the tabs and of the Back button."""
        return max(40, self.app.px(46))

    def box(self) -> pygame.Rect:
        """The panel the page scrolls in."""
        w, h = self.app.size
        top = self.app.px(72) + self.tab_height() + self.app.px(12)
        bottom = h - 16 - self.tab_height() - self.app.px(12)
        box = pygame.Rect(0, top, min(w - 64, self.app.px(1100)), bottom - top)
        box.centerx = w // 2
        return box

    def view(self) -> pygame.Rect:
        """The part of the panel the page shows through."""
        box = self.box()
        pad = max(16, self.app.px(24))
        cue = self.cue_height() + 4  # the cues sit in this margin, over no text
        return pygame.Rect(box.left + pad, box.top + cue, box.width - 2 * pad - self.bar().width,
                           box.height - 2 * cue)

    def text_size(self) -> int:
        """The size of the page's sentences."""
        return self.app.text_size(18)

    def layout(self) -> Layout:
        """The page laid out for the panel's width (cached)."""
        width = self.view().width
        key = (self.family, width, self.text_size(), self.app.px(60))
        if self._layout is None or self._layout[0] != key:
            self._layout = (key, self._lay_out(self.page, width))
            if self.start_at:  # opened at a section: scrolled to its heading
                heading = next((t.pos[1] for t in self._layout[1].texts
                                if t.text == self.start_at), 0)
                self.start_at = ""
                self.scroll_to(heading)
        return self._layout[1]

    def _wrap(self, out: list[Text], text: str, y: int, width: int, size: int, color: Color,
              bold: bool = False, x: int = 0) -> int:
        """Wrapped lines of ``text`` from ``y``; the y below them."""
        for line in self.app.fonts.wrap(text, size, width, bold):
            out.append(Text(line, (x, y), size, color, bold))
            y += self.app.fonts.font(size, bold).get_linesize()
        return y

    def _lay_out(self, pg: Page, width: int) -> Layout:
        """Sections one below the other: heading, sentences, then the rows of cards, side
        by side where they fit (a set beside a run), otherwise one below the other."""
        texts: list[Text] = []
        cards: list[Placed] = []
        size = self.text_size()
        head = self.app.text_size(24)
        small = self.app.text_size(15)
        gap = max(6, self.app.px(8))
        ace_high = preset(pg.key).ace_high
        y = 0
        rows: list[tuple[int, int]] = []
        for n, section in enumerate(pg.sections):
            if n:
                y += self.app.px(26)
            y = self._wrap(texts, section.title, y, width, head, ACCENT, bold=True) + gap // 2
            for sentence in section.sentences:
                y = self._wrap(texts, sentence, y, width, size, TEXT) + gap // 2
            if not section.rows:
                continue
            y += gap
            x, line_h = 0, 0
            for row in section.rows:
                w, h = self._row_size(row, width, ace_high)
                if x and x + self.app.px(48) + w > width:
                    x, y, line_h = 0, y + line_h + gap * 2, 0
                elif x:
                    x += self.app.px(48)
                _rw, rh = self._row(texts, cards, row, (x, y), width - x, ace_high)
                rows.append((y, y + rh))
                x += w
                line_h = max(line_h, h)
            y += line_h
            if section.rows == pg.showdown.rows:  # the engine's own words for the score
                y += gap * 2
                y = self._wrap(texts, _("The score, as the game says it:"), y, width, small,
                               TEXT_DIM, bold=True)
                for line in score_lines(pg.showdown.result, pg.showdown.names):
                    y = self._wrap(texts, line, y, width, size, ACCENT, bold=True, x=gap * 2)
        lines = [(t.pos[1], t.pos[1] + self.app.fonts.font(t.size, t.bold).get_linesize())
                 for t in texts if not any(top <= t.pos[1] < bottom for top, bottom in rows)]
        return Layout(texts, cards, y + gap, sorted(rows + lines))

    def card_width(self, row: CardRow, width: int) -> int:
        """Cards as large as the table's, smaller only if a row would not fit."""
        n = sum(len(g) for g in row.groups)
        groups = len(row.groups)
        want = self.app.px(60)
        step_gap, group_gap = max(2, want // 16), max(8, want // 3)
        room = width - (n - groups) * step_gap - (groups - 1) * group_gap
        return max(24, min(want, room // max(1, n)))

    def _row_size(self, row: CardRow, width: int, ace_high: bool) -> tuple[int, int]:
        """The width and height a row of cards takes."""
        probe_t: list[Text] = []
        probe_c: list[Placed] = []
        return self._row(probe_t, probe_c, row, (0, 0), width, ace_high)

    def _row(self, texts: list[Text], cards: list[Placed], row: CardRow, at: tuple[int, int],
             width: int, ace_high: bool) -> tuple[int, int]:
        """Lay out one row: caption, the groups of cards with what each is below them,
        then the note; its width and height."""
        fonts = self.app.fonts
        size = self.text_size()
        small = self.app.text_size(15)
        x0, y = at
        cw = self.card_width(row, width)
        ch = round(cw * 3.5 / 2.5)
        step_gap, group_gap = max(2, cw // 16), max(8, cw // 3)
        right = x0
        caption_w = fonts.font(size, True).size(row.caption)[0]
        y = self._wrap(texts, row.caption, y, width, size, TEXT, bold=True, x=x0)
        y += max(4, self.app.px(6))
        x = x0
        labels_below = False
        for i, group in enumerate(row.groups):
            if i:
                x += group_gap
            start = x
            for j, c in enumerate(group):
                if j:
                    x += step_gap
                cards.append(Placed(c, pygame.Rect(x, y, cw, ch)))
                x += cw
            kind = group_label(group, row, ace_high)
            label = GROUP_WORDS[kind]() if kind else ""
            if label:
                t = fonts.font(small).size(label)[0]
                texts.append(Text(label, ((start + x) // 2 - t // 2, y + ch + 4), small,
                                  TEXT_DIM))
                labels_below = True
        right = max(right, x, x0 + min(width, caption_w))
        y += ch + 6
        if labels_below:
            y += fonts.font(small).get_linesize()
        if row.note:
            note_w = fonts.font(size).size(row.note)[0]
            y = self._wrap(texts, row.note, y, width, size, TEXT_DIM, x=x0)
            right = max(right, x0 + min(width, note_w))
        return right - x0, y - at[1]

    def content_height(self) -> int:
        """How tall the whole page is (what :class:`Scrolling` scrolls)."""
        return self.layout().height

    def max_scroll(self) -> int:
        """The furthest the page scrolls: its end at the bottom of the view, or a little
        further where that would cut the line (or row of cards) at the top in half, under
        "more above": the view then starts below it, with whole lines only."""
        end = super().max_scroll()
        if end <= 0:
            return 0
        for top, bottom in self.layout().blocks:  # by their tops: a later one may be cut
            if top < end < bottom:
                end = bottom
        return end

    def line(self) -> int:
        """One line's scroll."""
        return self.app.fonts.font(self.text_size()).get_linesize()

    def page_step(self) -> int:
        """One page's scroll at most: the view less two lines."""
        return max(self.line(), self.view_height() - self.line() * 2)

    def page_down(self) -> int:
        """Where a page turn forward scrolls to: the first line or row of cards cut at
        the bottom comes to the top, whole (a page at most)."""
        bottom, limit = self.scroll + self.view_height(), self.scroll + self.page_step()
        blocks = self.layout().blocks
        cut = next((top for top, end in blocks if end > bottom and top > self.scroll), None)
        if cut is None:
            return self.max_scroll()
        if cut <= limit:
            return cut
        return max((top for top, _ in blocks if self.scroll < top <= limit), default=limit)

    def page_up(self) -> int:
        """Where a page turn back scrolls to: a page up, at the top of a line or a row."""
        target = self.scroll - self.page_step()
        for top, _bottom in self.layout().blocks:
            if top >= target:
                return min(top, self.scroll - 1) if top < self.scroll else max(0, target)
        return max(0, target)

    # ----------------------------------------------------------------- input

    def handle(self, event: pygame.event.Event) -> None:
        """The wheel, the scrollbar, then the tabs, Back and the keys."""
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_to(self.scroll - event.y * self.line() * 3)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            thumb = self.thumb()
            if thumb is not None and thumb.inflate(8, 0).collidepoint(event.pos):
                self.dragging = (event.pos[1], self.scroll)
                self.app.dirty = True
                return
            if thumb is not None and self.bar().inflate(8, 0).collidepoint(event.pos):
                self.scroll_to(self.page_down() if event.pos[1] > thumb.centery
                               else self.page_up())
                return
        if event.type == pygame.MOUSEMOTION and self.dragging is not None:
            start_y, start = self.dragging
            self.thumb_dragged(start_y, start, event.pos[1])
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = None
            self.app.dirty = True
            return
        super().handle(event)

    def key(self, event: pygame.event.Event) -> None:
        """Up/Down, PageUp/PageDown, Home/End scroll, and Enter or Space read on a page
        (a page is read, never closed, by the Enter pressed out of habit); Tab, Shift+Tab,
        Left and Right switch family; Esc goes back."""
        moves = {pygame.K_UP: -self.line(), pygame.K_DOWN: self.line()}
        if event.key in moves:
            self.scroll_to(self.scroll + moves[event.key])
        elif event.key in (pygame.K_PAGEDOWN, pygame.K_SPACE, pygame.K_RETURN,
                           pygame.K_KP_ENTER):
            self.scroll_to(self.page_down())
        elif event.key == pygame.K_PAGEUP:
            self.scroll_to(self.page_up())
        elif event.key == pygame.K_HOME:
            self.scroll_to(0)
        elif event.key == pygame.K_END:
            self.scroll_to(self.max_scroll())
        elif event.key == pygame.K_TAB:
            self.switch(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.switch(-1 if event.key == pygame.K_LEFT else 1)
        else:
            super().key(event)

    def buttons_focused(self) -> bool:
        """The keys read the page: no button holds the keyboard focus (Esc is Back)."""
        return False

    # ----------------------------------------------------------------- layout and drawing

    def resize(self, size: tuple[int, int]) -> None:
        """Tabs under the title, Back at the bottom; the scroll kept within the page."""
        w, h = size
        th = self.tab_height()
        tw = max(150, self.app.px(190))
        gap = self.app.px(12)
        x = w // 2 - (len(FAMILIES) * (tw + gap) - gap) // 2
        for k, _label in FAMILIES:
            self.tabs[k].rect = pygame.Rect(x, self.app.px(72), tw, th)
            x += tw + gap
        bw = max(170, self.app.px(200))
        self.buttons[-1].rect = pygame.Rect(w // 2 - bw // 2, h - 16 - th, bw, th)
        self.clamp_scroll()

    def draw(self, surface: pygame.Surface) -> None:
        """Title, tabs, the page through its panel, the scrollbar, cues and Back."""
        surface.blit(self.app.table.surface(self.app.size), (0, 0))
        w, _h = self.app.size
        fonts = self.app.fonts
        t = fonts.text(self.page.title, self.app.text_size(32), ACCENT, bold=True)
        surface.blit(t, t.get_rect(midtop=(w // 2, self.app.px(16))))
        box = self.box()
        panel(surface, box, 170, 14)
        view = self.view()
        layout = self.layout()
        clip = surface.get_clip()
        surface.set_clip(view)
        dy = view.top - self.scroll
        self.drawn_cards = []
        for placed in layout.cards:
            rect = placed.rect.move(view.left, dy)
            if rect.colliderect(view):
                felt.card(self, surface, placed.card, rect)
                self.drawn_cards.append((placed.card, rect))
        for text in layout.texts:
            y = text.pos[1] + dy
            # a line the view's edge would cut is left out: half a line under "more
            # above" (or over "more below") read as a mistake
            if view.top <= y and y + fonts.font(text.size, text.bold).get_height() <= view.bottom:
                surface.blit(fonts.text(text.text, text.size, text.color, text.bold),
                             (view.left + text.pos[0], y))
        surface.set_clip(clip)
        self.draw_scrollbar(surface, self.dragging is not None)
        self.draw_buttons(surface)
        tab = self.tabs[self.family].rect
        pygame.draw.rect(surface, ACCENT, tab.inflate(8, 8), 3, tab.height // 3)
