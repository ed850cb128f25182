"""A panel whose content scrolls, for the screens that read like a page (Rules, How to
play): where the content stands, the scrollbar's thumb (as long as the share in view)
and the "more below" / "more above" cues at the edges that hide something.

A screen mixes :class:`Scrolling` in and says how tall its content is
(:meth:`~Scrolling.content_height`), which panel it scrolls in (:meth:`~Scrolling.box`)
and the part of it the content shows through (:meth:`~Scrolling.view`); the scrollbar
runs inside the panel's right edge.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from knockrummy.i18n import N_, _
from knockrummy.ui.gfx import ACCENT, TEXT_DIM, panel

if TYPE_CHECKING:
    from knockrummy.ui.app import App

#: what the cues say
MORE_BELOW = N_("more below: scroll, or Page Down")
MORE_ABOVE = N_("more above")


class Scrolling:
    """The scroll position of a page and what follows from it."""

    app: App
    #: how far the content is scrolled, in pixels from its top
    scroll: int = 0

    def content_height(self) -> int:
        """How tall the whole content is."""
        raise NotImplementedError

    def view(self) -> pygame.Rect:
        """The part of the panel the content shows through."""
        raise NotImplementedError

    def view_height(self) -> int:
        """How much of the content the panel shows at once."""
        return self.view().height

    def box(self) -> pygame.Rect:
        """The panel the content scrolls in."""
        raise NotImplementedError

    def bar(self) -> pygame.Rect:
        """The scrollbar's track, inside the panel's right edge."""
        box = self.box()
        width = max(12, self.app.px(14))
        return pygame.Rect(box.right - width - 8, box.top + 10, width, box.height - 20)

    def clamp_scroll(self) -> None:
        """Keep the scroll within the content (after a resize, or new content)."""
        self.scroll = max(0, min(self.max_scroll(), self.scroll))

    def max_scroll(self) -> int:
        """The furthest the content scrolls (0 when it all fits)."""
        return max(0, self.content_height() - self.view_height())

    def scroll_to(self, value: int) -> None:
        """Scroll to ``value`` pixels, kept within the content."""
        value = max(0, min(self.max_scroll(), value))
        if value != self.scroll:
            self.scroll = value
            self.app.dirty = True

    def thumb(self) -> pygame.Rect | None:
        """The scrollbar's thumb, or None when everything fits."""
        most = self.max_scroll()
        if most <= 0:
            return None
        track = self.bar()
        length = max(self.app.px(30),
                     track.height * self.view_height() // max(1, self.content_height()))
        top = track.top + (track.height - length) * self.scroll // most
        return pygame.Rect(track.left, top, track.width, length)

    def thumb_dragged(self, start_y: int, start_scroll: int, y: int) -> None:
        """The thumb, grabbed at ``start_y`` when the content stood at ``start_scroll``,
        is now at ``y``: scroll in proportion."""
        thumb = self.thumb()
        track = self.bar().height - (thumb.height if thumb else 0)
        self.scroll_to(start_scroll + (y - start_y) * self.max_scroll() // max(1, track))

    def cue_height(self) -> int:
        """The height of the "more below" / "more above" tabs: the content is shown
        between margins this tall (and a little more), so a cue never covers it."""
        small = self.app.text_size(15)
        return self.app.fonts.font(small, True).get_height() + small // 2

    def draw_scrollbar(self, surface: pygame.Surface, active: bool) -> None:
        """The track, the thumb (lit while ``active``, being dragged) and the cues, when
        the content does not fit."""
        thumb = self.thumb()
        if thumb is None:
            return
        track = self.bar()
        pygame.draw.rect(surface, (8, 26, 18), track, border_radius=track.width // 2)
        pygame.draw.rect(surface, ACCENT if active else TEXT_DIM, thumb,
                         border_radius=track.width // 2)
        self.draw_cues(surface, self.box())

    def draw_cues(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """"more below" (and "more above") on a solid tab at the edges of ``box`` where
        content is hidden."""
        small = self.app.text_size(15)
        for shown, text, bottom in ((self.scroll < self.max_scroll(), MORE_BELOW, True),
                                    (self.scroll > 0, MORE_ABOVE, False)):
            if not shown:
                continue
            t = self.app.fonts.text(_(text), small, ACCENT, bold=True)
            tab = pygame.Rect(0, 0, t.get_width() + small, self.cue_height())
            if bottom:
                tab.midbottom = (box.centerx, box.bottom - 2)
            else:
                tab.midtop = (box.centerx, box.top + 2)
            panel(surface, tab, 255, 8, (10, 34, 24), ACCENT)
            surface.blit(t, t.get_rect(center=tab.center))
