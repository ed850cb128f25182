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

from typing import TYPE_CHECKING

import pygame

from knockrummy.app.history import History
from knockrummy.app.records import RecordFile, list_records, read_record, records_folder
from knockrummy.i18n import N_, _, ngettext
from knockrummy.ui.gfx import ACCENT, TEXT, TEXT_DIM, panel
from knockrummy.ui.screens.listing import ListScene
from knockrummy.ui.widgets import fit_text as _fit
from knockrummy.words.dates import short_date

if TYPE_CHECKING:
    from knockrummy.ui.app import App

class RecordsScene(ListScene):
    """The list of match records."""

    name = "records"
    heading = N_("Match records")

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.records: list[RecordFile] = []
        #: what went wrong opening a record, in words, shown at the top
        self.messages: list[str] = []
        self.open_button = self.button(_("Open"), self.open, "Enter",
                                       _("Replay the picked record: its match history"))
        self.button(_("Back"), self.back, "Esc", _("Back to the title"))
        self.reload()

    def reload(self) -> None:
        """Read the folder again."""
        self.records = list_records()
        self.selected = max(0, min(self.selected, len(self.records) - 1))
        self.open_button.enabled = bool(self.records)
        self.open_button.reason = _("There is no record in the records folder")
        self.settle_focus()
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
            # Translators: a record file's name, then why it cannot be opened
            self.messages = [_("{file}: {problem}").format(file=record.name, problem=match)]
            self.resize(self.app.size)
            self.app.dirty = True
            return
        self.messages = []
        self.app.open("scores", None, history=History.of_record(match, record.name))

    # ----------------------------------------------------------------- layout

    def row_count(self) -> int:
        """One row a record."""
        return len(self.records)

    def activate(self) -> None:
        """Double-click or Enter opens the record."""
        self.open()

    def row_height(self) -> int:
        """Records' rows are a little lower than saved games'."""
        return max(58, self.app.px(66))

    def header_height(self) -> int:
        """The folder's path and any refusal sit above the list."""
        return len(self._lines()) * (self.app.text_size(15) + 4) + self.app.px(20)

    def _lines(self) -> list[tuple[str, bool]]:
        """Text above the list: the folder, and any refusal (True: a warning)."""
        width = self.box_width() - 32
        size = self.app.text_size(15)
        out = [(line, True) for m in self.messages for line in self.app.fonts.wrap(m, size, width)]
        folder = _("Records folder: {folder}").format(folder=records_folder())
        out += [(line, False) for line in self.app.fonts.wrap(folder, size, width)]
        return out[:6]

    # ----------------------------------------------------------------- drawing

    def draw(self, surface: pygame.Surface) -> None:
        """The folder and messages, the rows, the buttons."""
        self.draw_background(surface)
        app = self.app
        fonts = app.fonts
        box = self.list_box()
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
            msg = _("No records yet. Export a match from its scores screen, or copy a "
                    "record into the records folder.")
            step = fonts.font(app.text_size(19)).get_linesize()
            for i, line in enumerate(fonts.wrap(msg, app.text_size(19), box.width - 40)):
                text = fonts.text(line, app.text_size(19), TEXT)
                surface.blit(text, text.get_rect(midtop=(app.size[0] // 2,
                                                         box.top + app.px(30) + i * step)))
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
        game = record.game if record.problem is None else _("Not a readable record")
        title = fonts.text(_fit(fonts, game, big, half), big, ACCENT if picked else TEXT, True)
        surface.blit(title, (rect.left + pad, rect.top + app.px(6)))
        when = short_date(record.modified)
        if record.finished:
            # Translators: a record's row: "12 hands, finished, 01 May 2024 09:05"
            state = ngettext("{count} hand, finished, {when}", "{count} hands, finished, {when}",
                             record.hands)
        else:
            # Translators: a record's row: "3 hands, 01 May 2024 09:05"
            state = ngettext("{count} hand, {when}", "{count} hands, {when}", record.hands)
        right = fonts.text(state.format(count=record.hands, when=when), small, TEXT_DIM)
        surface.blit(right, right.get_rect(topright=(rect.right - pad, rect.top + app.px(8))))
        detail = record.players if record.problem is None else record.problem
        surface.blit(fonts.text(_fit(fonts, detail, small, half), small, TEXT),
                     (rect.left + pad, rect.bottom - small - app.px(8)))
        name = fonts.text(_fit(fonts, record.name, small, half), small, TEXT_DIM)
        surface.blit(name, name.get_rect(bottomright=(rect.right - pad,
                                                      rect.bottom - app.px(6))))
