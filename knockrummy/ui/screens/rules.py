"""The rules of a game and its options, in plain words.

The text scrolls in a panel, and shows that it does: a scrollbar on the right
(its thumb as long as the share in view) and a "more below" / "more above" cue
at the edge that hides text. It scrolls with the wheel, Up/Down (a line),
PageUp/PageDown (a page), Home/End, by dragging the text or the thumb, and by a
click on the bar's track (a page towards the click).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from knockrummy.engine import PRESETS, Rules
from knockrummy.i18n import _, language
from knockrummy.ui.gfx import ACCENT, TEXT, panel
from knockrummy.ui.screens.base import ButtonScene
from knockrummy.ui.screens.scrolling import Scrolling
from knockrummy.words.rules import describe, preset_name

if TYPE_CHECKING:
    from knockrummy.ui.app import App


class RulesScene(Scrolling, ButtonScene):
    """Scrollable rules text; with ``browse`` the arrows switch between presets."""

    name = "rules"

    def __init__(self, app: App, rules: Rules, browse: bool = False) -> None:
        super().__init__(app)
        self.rules = rules
        self.browse = browse
        self.scroll = 0
        #: a drag in progress: (pointer y at the press, scroll then, whether on the thumb)
        self.dragging: tuple[int, int, bool] | None = None
        self._height = 0
        self._wrapped: tuple[object, list[tuple[str, int]]] | None = None
        if browse:
            self.button(_("< Previous game"), lambda: self.switch(-1), "Left", _("Previous game"))
            self.button(_("Next game >"), lambda: self.switch(1), "Right", _("Next game"))
        self.button(_("How to play"), self.how_to_play, "H",
                    _("How to play this game, with pictures of the cards"))
        self.button(_("Back"), self.back, "Esc", _("Back"))
        self.focus = len(self.buttons) - 1  # Back

    # ----------------------------------------------------------------- text and geometry

    def switch(self, delta: int) -> None:
        """Show the next or previous preset."""
        keys = list(PRESETS)
        i = keys.index(self.rules.key) if self.rules.key in keys else 0
        self.rules = PRESETS[keys[(i + delta) % len(keys)]]
        self.scroll = 0
        self.app.dirty = True

    def how_to_play(self) -> None:
        """Open the *How to play* page of the family being read."""
        self.app.open("howto", self.rules.family.value)

    def box(self) -> pygame.Rect:
        """The text panel."""
        w, h = self.app.size
        box = pygame.Rect(0, 0, min(w - 64, self.app.px(1000)),
                          h - self.app.px(90) - max(44, self.app.px(50)) - 40)
        box.midtop = (w // 2, self.app.px(80))
        return box

    def text_size(self) -> int:
        """The size of the rules text."""
        return self.app.text_size(18)

    def lines(self) -> list[tuple[str, int]]:
        """Every line of text and its offset from the top of the text."""
        size = self.text_size()
        width = self.box().width - 40 - self.bar().width - 8
        key = (self.rules, width, size, language())
        if self._wrapped is not None and self._wrapped[0] == key:
            return self._wrapped[1]
        out: list[tuple[str, int]] = []
        y = 0
        for para in describe(self.rules):
            for line in self.app.fonts.wrap(para, size, width):
                out.append((line, y))
                y += size + 6
            y += size // 2
        self._height = y
        self._wrapped = (key, out)
        return out

    def text_height(self) -> int:
        """How tall the whole text is."""
        self.lines()
        return self._height

    def view(self) -> pygame.Rect:
        """The part of the panel the text shows through: clear of the "more above" and
        "more below" cues at its edges."""
        box = self.box()
        margin = max(16, self.cue_height() + 4)
        return pygame.Rect(box.left + 8, box.top + margin, box.width - 16,
                           box.height - 2 * margin)

    def content_height(self) -> int:
        """How tall the whole text is (what :class:`Scrolling` scrolls)."""
        return self.text_height()

    def max_scroll(self) -> int:
        """The furthest the text scrolls: its end at the bottom of the view, or a little
        further where that would cut the top line in half, under "more above"."""
        end = super().max_scroll()
        if end <= 0:
            return 0
        height = self.app.fonts.font(self.text_size()).get_height()
        for _line, offset in self.lines():
            if offset < end < offset + height:
                return offset + height
        return end

    # ----------------------------------------------------------------- input

    def handle(self, event: pygame.event.Event) -> None:
        """Wheel, drags on the text or the scrollbar, then buttons and keys."""
        line = self.text_size() + 6
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_to(self.scroll - event.y * line * 2)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            thumb = self.thumb()
            if thumb is not None and thumb.inflate(8, 0).collidepoint(event.pos):
                self.dragging = (event.pos[1], self.scroll, True)
                return
            if thumb is not None and self.bar().inflate(8, 0).collidepoint(event.pos):
                page = self.view_height() - line
                self.scroll_to(self.scroll + (page if event.pos[1] > thumb.centery else -page))
                return
            if self.box().collidepoint(event.pos):
                self.dragging = (event.pos[1], self.scroll, False)
                return
        if event.type == pygame.MOUSEMOTION and self.dragging is not None:
            start_y, start_scroll, on_thumb = self.dragging
            if on_thumb:
                self.thumb_dragged(start_y, start_scroll, event.pos[1])
            else:
                self.scroll_to(start_scroll - (event.pos[1] - start_y))  # the text follows
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = None
            return
        super().handle(event)

    def key(self, event: pygame.event.Event) -> None:
        """H: How to play; Left/Right switch game; Up/Down, PageUp/PageDown, Home/End scroll."""
        line = self.text_size() + 6
        page = self.view_height() - line
        moves = {pygame.K_UP: -line, pygame.K_DOWN: line,
                 pygame.K_PAGEUP: -page, pygame.K_PAGEDOWN: page}
        if self.browse and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.switch(-1 if event.key == pygame.K_LEFT else 1)
        elif event.key in moves:
            self.scroll_to(self.scroll + moves[event.key])
        elif event.key == pygame.K_h:
            self.how_to_play()
        elif event.key == pygame.K_HOME:
            self.scroll_to(0)
        elif event.key == pygame.K_END:
            self.scroll_to(self.max_scroll())
        else:
            super().key(event)

    # ----------------------------------------------------------------- layout and drawing

    def resize(self, size: tuple[int, int]) -> None:
        """Buttons along the bottom; the scroll kept within the text."""
        w, h = size
        bw, bh = max(170, self.app.px(200)), max(44, self.app.px(50))
        shown = self.shown()
        x = w // 2 - (len(shown) * (bw + 16) - 16) // 2
        for b in shown:
            b.rect = pygame.Rect(x, h - 16 - bh, bw, bh)
            x += bw + 16
        self.clamp_scroll()

    def draw(self, surface: pygame.Surface) -> None:
        """Title, paragraphs, the scrollbar and the cues."""
        surface.blit(self.app.table.surface(self.app.size), (0, 0))
        w, _h = self.app.size
        fonts = self.app.fonts
        t = fonts.text(_("Rules: {game}").format(game=preset_name(self.rules)),
                       self.app.text_size(32), ACCENT, bold=True)
        surface.blit(t, t.get_rect(midtop=(w // 2, self.app.px(18))))
        box = self.box()
        panel(surface, box, 160, 14)
        size = self.text_size()
        view = self.view()
        clip = surface.get_clip()
        surface.set_clip(view)
        height = fonts.font(size).get_height()
        for line, offset in self.lines():
            y = view.top + offset - self.scroll
            if view.top <= y and y + height <= view.bottom:  # whole lines only, as on
                surface.blit(fonts.text(line, size, TEXT), (box.left + 20, y))  # How to play
        surface.set_clip(clip)
        self.draw_scrollbar(surface, bool(self.dragging and self.dragging[2]))
        self.draw_buttons(surface)
