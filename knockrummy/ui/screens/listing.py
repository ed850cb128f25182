"""A screen that lists rows to pick from: saved games, match records.

Rows sit in a box in the middle with the buttons along the bottom; a click picks a
row, a double-click (or Enter) opens it, the wheel and Up/Down scroll and pick, Esc
goes back. Subclasses say how many rows there are, what opening one does, what sits
above the box and how a row is drawn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from knockrummy.ui.screens.base import ButtonScene

if TYPE_CHECKING:
    from knockrummy.ui.app import App

DOUBLE_CLICK = 0.4


class ListScene(ButtonScene):
    """Rows to pick from, scrolled in a box, with buttons along the bottom."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.selected = 0
        self.scroll = 0
        #: (row index, where it is drawn) for the rows in view
        self.row_rects: list[tuple[int, pygame.Rect]] = []
        self._last_click = (0.0, -1)

    # ----------------------------------------------------------------- for subclasses

    def row_count(self) -> int:
        """How many rows there are."""
        raise NotImplementedError

    def activate(self) -> None:
        """Open the picked row (double-click, Enter)."""
        raise NotImplementedError

    def header_height(self) -> int:
        """Room taken above the box (messages, a folder's path)."""
        return 0

    def row_height(self) -> int:
        """The height of one row."""
        return max(58, self.app.px(70))

    # ----------------------------------------------------------------- input

    def handle(self, event: pygame.event.Event) -> None:
        """Rows (click, double-click, wheel), then buttons and keys."""
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for index, rect in self.row_rects:
                if rect.collidepoint(event.pos):
                    self._click_row(index)
                    return
        super().handle(event)

    def _click_row(self, index: int) -> None:
        now = self.app.now()
        last_time, last_index = self._last_click
        self.selected = index
        self.app.dirty = True
        if last_index == index and now - last_time < DOUBLE_CLICK:
            self._last_click = (0.0, -1)
            self.activate()
            return
        self._last_click = (now, index)

    def key(self, event: pygame.event.Event) -> None:
        """Up/Down pick, Enter opens (or presses Back when there is nothing to open), Esc
        goes back."""
        count = self.row_count()
        if event.key in (pygame.K_UP, pygame.K_DOWN) and count:
            step = 1 if event.key == pygame.K_DOWN else -1
            self.selected = (self.selected + step) % count
            self.keep_visible()
            self.app.dirty = True
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            shown = self.shown()
            place = self.focus % len(shown) if shown else 0
            if place == 0:
                self.activate()
            elif shown[place].enabled:  # no row to open: the focus went on (to Back)
                shown[place].on_click()
                self.app.dirty = True
        elif event.key == pygame.K_ESCAPE:
            self.back()

    def settle_focus(self) -> None:
        """The keyboard focus on the first button (Open, Resume: what Enter does to the
        picked row); when there is no row to open, on the first that can be pressed."""
        self.focus = 0
        shown = self.shown()
        if shown and not shown[0].enabled:
            self.move_focus(1)

    def scroll_by(self, rows: int) -> None:
        """Scroll the list by ``rows``."""
        self.scroll = max(0, min(max(0, self.row_count() - self.visible_rows()),
                                 self.scroll + rows))
        self.resize(self.app.size)
        self.app.dirty = True

    def keep_visible(self) -> None:
        """Scroll so the picked row is in view."""
        rows = self.visible_rows()
        if self.selected < self.scroll:
            self.scroll = self.selected
        elif self.selected >= self.scroll + rows:
            self.scroll = self.selected - rows + 1
        self.resize(self.app.size)

    # ----------------------------------------------------------------- layout

    def box_width(self) -> int:
        """The width of the list (and of what sits above it)."""
        return min(self.app.size[0] - 48, self.app.px(1100))

    def list_box(self) -> pygame.Rect:
        """Where the rows go."""
        w, h = self.app.size
        top = self.app.px(96) + self.header_height()
        bottom = h - 16 - max(44, self.app.px(50)) - self.app.px(16)
        box = pygame.Rect(0, top, self.box_width(), max(self.row_height(), bottom - top))
        box.centerx = w // 2
        return box

    def visible_rows(self) -> int:
        """How many rows fit in the box."""
        return max(1, self.list_box().height // self.row_height())

    def resize(self, size: tuple[int, int]) -> None:
        """Rows in the middle, buttons along the bottom."""
        w, h = size
        bw, bh = max(150, self.app.px(170)), max(44, self.app.px(50))
        shown = self.shown()
        x = w // 2 - (len(shown) * (bw + 16) - 16) // 2
        for b in shown:
            b.rect = pygame.Rect(x, h - 16 - bh, bw, bh)
            x += bw + 16
        box = self.list_box()
        row_h = self.row_height()
        count = self.row_count()
        self.scroll = max(0, min(self.scroll, count - self.visible_rows()))
        self.row_rects = [
            (i, pygame.Rect(box.left, box.top + (i - self.scroll) * row_h, box.width, row_h - 6))
            for i in range(self.scroll, min(count, self.scroll + self.visible_rows()))
        ]
