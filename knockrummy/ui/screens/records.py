"""Match records: the text records in the records folder, to open and replay.

Reached from the title (*Match records*). Every ``.txt`` file in the records
folder of the storage home is listed (exported matches land there; any record
copied there shows up too), newest first, with its game, players and hands as
its header says. *Open* (Enter, or a double-click) imports the record: the match
is replayed from its seed and every deal checked, and its history opens (replay
any hand, review any seat's hands). A record that was edited or damaged is
refused with the engine's reason, in words, at the top of the list; nothing else
happens. The folder's path is shown so a player knows where to put records.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import pygame

from knockrummy.app.history import History
from knockrummy.app.records import RecordFile, list_records, read_record
from knockrummy.storage import records_dir
from knockrummy.ui.gfx import ACCENT, TEXT, TEXT_DIM, panel
from knockrummy.ui.screens.base import ButtonScene
from knockrummy.ui.widgets import fit_text as _fit

if TYPE_CHECKING:
    from knockrummy.ui.app import App

DOUBLE_CLICK = 0.4


class RecordsScene(ButtonScene):
    """The list of match records."""

    name = "records"
    heading = "Match records"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.records: list[RecordFile] = []
        #: what went wrong opening a record, in words, shown at the top
        self.messages: list[str] = []
        self.selected = 0
        self.scroll = 0
        self.row_rects: list[tuple[int, pygame.Rect]] = []
        self._last_click = (0.0, -1)
        self.open_button = self.button("Open", self.open, "Enter",
                                       "Replay the picked record: its match history")
        self.button("Back", self.back, "Esc", "Back to the title")
        self.reload()

    def reload(self) -> None:
        """Read the folder again."""
        self.records = list_records()
        self.selected = max(0, min(self.selected, len(self.records) - 1))
        self.open_button.enabled = bool(self.records)
        self.open_button.reason = "There is no record in the records folder"
        self.resize(self.app.size)
        self.app.dirty = True

    def enter(self) -> None:
        """Back on top: records may have been added meanwhile."""
        self.reload()

    @property
    def picked(self) -> RecordFile | None:
        """The selected record."""
        return self.records[self.selected] if 0 <= self.selected < len(self.records) else None

    def open(self) -> None:
        """Import the picked record and show its history; say why when it is refused."""
        record = self.picked
        if record is None:
            return
        match = read_record(record.path)
        if isinstance(match, str):
            self.messages = [f"{record.name}: {match}"]
            self.resize(self.app.size)
            self.app.dirty = True
            return
        self.messages = []
        from knockrummy.ui.screens.scores import ScoresScene
        self.app.push(ScoresScene(self.app, None, history=History.of_record(match, record.name)))

    # ----------------------------------------------------------------- input

    def handle(self, event: pygame.event.Event) -> None:
        """Rows (click, double-click, wheel), then buttons and keys."""
        if event.type == pygame.MOUSEWHEEL:
            self._scroll_by(-event.y)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for index, rect in self.row_rects:
                if rect.collidepoint(event.pos):
                    now = time.monotonic()
                    last_time, last_index = self._last_click
                    self.selected = index
                    self.app.dirty = True
                    if last_index == index and now - last_time < DOUBLE_CLICK:
                        self._last_click = (0.0, -1)
                        self.open()
                    else:
                        self._last_click = (now, index)
                    return
        super().handle(event)

    def key(self, event: pygame.event.Event) -> None:
        """Up/Down pick, Enter opens, Esc goes back."""
        if event.key in (pygame.K_UP, pygame.K_DOWN) and self.records:
            self.selected = (self.selected + (1 if event.key == pygame.K_DOWN else -1)) \
                % len(self.records)
            rows = self._visible_rows()
            self.scroll = min(self.selected, max(self.scroll, self.selected - rows + 1))
            self.resize(self.app.size)
            self.app.dirty = True
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.open()
        elif event.key == pygame.K_ESCAPE:
            self.back()

    def _scroll_by(self, rows: int) -> None:
        self.scroll = max(0, min(max(0, len(self.records) - self._visible_rows()),
                                 self.scroll + rows))
        self.resize(self.app.size)
        self.app.dirty = True

    # ----------------------------------------------------------------- layout

    def _row_h(self) -> int:
        return max(58, self.app.px(66))

    def _lines(self) -> list[tuple[str, bool]]:
        """Text above the list: the folder, and any refusal (True: a warning)."""
        width = self._box_width() - 32
        size = self.app.text_size(15)
        out = [(line, True) for m in self.messages for line in self.app.fonts.wrap(m, size, width)]
        folder = f"Records folder: {records_dir()}"
        out += [(line, False) for line in self.app.fonts.wrap(folder, size, width)]
        return out[:6]

    def _box_width(self) -> int:
        return min(self.app.size[0] - 48, self.app.px(1100))

    def _list_box(self) -> pygame.Rect:
        w, h = self.app.size
        size = self.app.text_size(15)
        top = self.app.px(96) + len(self._lines()) * (size + 4) + self.app.px(20)
        bottom = h - 16 - max(44, self.app.px(50)) - self.app.px(16)
        box = pygame.Rect(0, top, self._box_width(), max(self._row_h(), bottom - top))
        box.centerx = w // 2
        return box

    def _visible_rows(self) -> int:
        return max(1, self._list_box().height // self._row_h())

    def resize(self, size: tuple[int, int]) -> None:
        """Rows in the middle, buttons along the bottom."""
        w, h = size
        bw, bh = max(150, self.app.px(170)), max(44, self.app.px(50))
        shown = self.shown()
        x = w // 2 - (len(shown) * (bw + 16) - 16) // 2
        for b in shown:
            b.rect = pygame.Rect(x, h - 16 - bh, bw, bh)
            x += bw + 16
        box = self._list_box()
        row_h = self._row_h()
        self.scroll = max(0, min(self.scroll, len(self.records) - self._visible_rows()))
        self.row_rects = [
            (i, pygame.Rect(box.left, box.top + (i - self.scroll) * row_h, box.width, row_h - 6))
            for i in range(self.scroll, min(len(self.records), self.scroll
                                            + self._visible_rows()))]

    # ----------------------------------------------------------------- drawing

    def draw(self, surface: pygame.Surface) -> None:
        """The folder and messages, the rows, the buttons."""
        self.draw_background(surface)
        app = self.app
        fonts = app.fonts
        box = self._list_box()
        size = app.text_size(15)
        lines = self._lines()
        note = pygame.Rect(box.left, app.px(88), box.width,
                           len(lines) * (size + 4) + app.px(12))
        warn = any(w for _, w in lines)
        panel(surface, note, 215 if warn else 140, 10, (60, 20, 10) if warn else (12, 40, 28),
              ACCENT if warn else None)
        y = note.top + app.px(6)
        for line, is_warning in lines:
            color = (255, 236, 200) if is_warning else TEXT_DIM
            surface.blit(fonts.text(line, size, color), (note.left + 16, y))
            y += size + 4
        if not self.records:
            msg = ("No records yet. Export a match from its scores screen, or copy a "
                   "record into the records folder.")
            for i, line in enumerate(fonts.wrap(msg, app.text_size(19), box.width - 40)):
                text = fonts.text(line, app.text_size(19), TEXT)
                surface.blit(text, text.get_rect(midtop=(app.size[0] // 2,
                                                         box.top + app.px(30) + i * 30)))
        for index, rect in self.row_rects:
            self._row(surface, index, rect)
        self.draw_buttons(surface)

    def _row(self, surface: pygame.Surface, index: int, rect: pygame.Rect) -> None:
        app = self.app
        fonts = app.fonts
        record = self.records[index]
        picked = index == self.selected
        panel(surface, rect, 190 if picked else 120, 10, border=ACCENT if picked else None)
        big, small = app.text_size(18), app.text_size(15)
        pad = app.px(14)
        half = rect.width // 2 - pad
        game = record.game if record.problem is None else "Not a readable record"
        title = fonts.text(_fit(fonts, game, big, half), big, ACCENT if picked else TEXT, True)
        surface.blit(title, (rect.left + pad, rect.top + app.px(6)))
        when = f"{record.modified:%d %b %Y %H:%M}"
        state = f"{record.hands} hand{'s' if record.hands != 1 else ''}" + (
            ", finished" if record.finished else "")
        right = fonts.text(f"{state}, {when}", small, TEXT_DIM)
        surface.blit(right, right.get_rect(topright=(rect.right - pad, rect.top + app.px(8))))
        detail = record.players if record.problem is None else record.problem
        surface.blit(fonts.text(_fit(fonts, detail, small, half), small, TEXT),
                     (rect.left + pad, rect.bottom - small - app.px(8)))
        name = fonts.text(_fit(fonts, record.name, small, half), small, TEXT_DIM)
        surface.blit(name, name.get_rect(bottomright=(rect.right - pad,
                                                      rect.bottom - app.px(6))))
