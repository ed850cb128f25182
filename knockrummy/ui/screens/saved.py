"""Saved games: every kept match with its game, players, scores and date; resume or delete.

Reached from the title. Click a row to pick it (double-click resumes), or use
Up/Down, Enter to resume and Delete to delete; deleting asks first. Files the
store could not read were moved aside by it: what happened is said in words at
the top, and the list shows the rest.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from knockrummy.app import saves
from knockrummy.i18n import N_, _
from knockrummy.ui import matches
from knockrummy.ui.gfx import ACCENT, TEXT, TEXT_DIM, panel
from knockrummy.ui.screens.listing import ListScene
from knockrummy.ui.widgets import fit_text as _fit

if TYPE_CHECKING:
    from knockrummy.ui.app import App

class SavedGamesScene(ListScene):
    """The list of saved matches."""

    name = "saved"
    heading = N_("Saved games")

    def __init__(self, app: App, messages: list[str] | None = None) -> None:
        super().__init__(app)
        #: the saved matches on disk
        self.shelf = saves.SavedGames()
        self.infos: list[saves.SaveInfo] = []
        self.row_texts: list[saves.SaveRow] = []
        #: sentences about files set aside or a resume that failed, shown at the top
        self.messages: list[str] = list(messages or [])
        self.resume_button = self.button(_("Resume"), self.resume, "Enter",
                                         _("Continue the picked game"))
        self.history_button = self.button(_("History"), self.history, "H",
                                          _("The picked game hand by hand: replay, review "
                                            "or export it"))
        self.delete_button = self.button(_("Delete"), self.delete, "Del",
                                         _("Delete the picked game (asks first)"))
        self.button(_("Back"), self.back, "Esc", _("Back to the title"))
        self.reload()

    # ----------------------------------------------------------------- model

    def reload(self) -> None:
        """Read the folder again."""
        self.infos = self.shelf.listed()
        self.messages.extend(m for m in self.shelf.take_messages() if m not in self.messages)
        self.row_texts = [saves.save_row(info) for info in self.infos]
        self.selected = max(0, min(self.selected, len(self.infos) - 1))
        for b in (self.resume_button, self.history_button, self.delete_button):
            b.enabled = bool(self.infos)
            b.reason = _("There is no saved game")
        self.settle_focus()
        self.resize(self.app.size)
        self.app.dirty = True

    @property
    def picked(self) -> saves.SaveInfo | None:
        """The selected save."""
        return self.infos[self.selected] if 0 <= self.selected < len(self.infos) else None

    def resume(self) -> None:
        """Continue the picked match."""
        info = self.picked
        if info is None:
            return
        reason = matches.resume(self.app, info.id, self.shelf)
        if reason is not None:
            self.messages.append(reason)
            self.shelf.take_messages()  # said in the reason
            self.reload()

    def history(self) -> None:
        """The picked match's history (scores, replays, reviews, export), without resuming it."""
        info = self.picked
        if info is None:
            return
        loaded = self.shelf.load(info.id, to_play=False)  # only to look at it
        if isinstance(loaded, str):
            self.messages.append(loaded)
            self.shelf.take_messages()  # said in the reason
            self.reload()
            return
        from knockrummy.app.history import History
        history = History.of_seats(loaded.match, loaded.setup.seats, loaded.save_id,
                                   source=f"{saves.save_row(info).game}, {info.id}")
        self.app.open("scores", None, history=history)

    def delete(self) -> None:
        """Ask, then delete the picked match."""
        info = self.picked
        if info is None:
            return
        row = self.row_texts[self.selected]
        # Translators: {game} the game's name, {players} who plays, {state} "hand 3" or "finished"
        question = _("Delete {game} ({players}, {state})? It cannot be brought back.").format(
            game=row.game, players=row.players, state=row.state)
        self.app.open("confirm", question, lambda: self._delete(info.id))

    def _delete(self, save_id: str) -> None:
        if not self.shelf.delete(save_id):
            self.messages.append(_("The saved game {name} was already gone.").format(name=save_id))
        self.reload()

    # ----------------------------------------------------------------- input

    def row_count(self) -> int:
        """One row a saved match."""
        return len(self.infos)

    def activate(self) -> None:
        """Double-click or Enter resumes."""
        self.resume()

    def key(self, event: pygame.event.Event) -> None:
        """Up/Down pick, Enter resumes, Delete deletes, H the history, Esc goes back."""
        if event.key in (pygame.K_DELETE, pygame.K_BACKSPACE):
            self.delete()
        elif event.key == pygame.K_h:
            self.history()
        else:
            super().key(event)

    # ----------------------------------------------------------------- layout

    def header_height(self) -> int:
        """The messages, if any, sit above the list."""
        return self._messages_h()

    def _messages_h(self) -> int:
        if not self.messages:
            return 0
        size = self.app.text_size(15)
        return len(self._message_lines()) * (size + 4) + self.app.px(24)

    def _message_lines(self) -> list[str]:
        w = min(self.app.size[0] - 48, self.app.px(1100)) - 32
        lines: list[str] = []
        for message in self.messages[-3:]:
            lines.extend(self.app.fonts.wrap(message, self.app.text_size(15), w))
        return lines[:6]

    # ----------------------------------------------------------------- drawing

    def draw(self, surface: pygame.Surface) -> None:
        """Messages, rows, buttons."""
        self.draw_background(surface)
        app = self.app
        fonts = app.fonts
        if self.messages:
            box = self.list_box()
            note = pygame.Rect(box.left, app.px(88), box.width, self._messages_h() - app.px(8))
            panel(surface, note, 215, 10, (60, 20, 10), ACCENT)
            size = app.text_size(15)
            y = note.top + app.px(8)
            for line in self._message_lines():
                surface.blit(fonts.text(line, size, (255, 236, 200)), (note.left + 16, y))
                y += size + 4
        if not self.infos:
            text = fonts.text(_("No saved games yet: a game is saved after every move."),
                              app.text_size(20), TEXT)
            surface.blit(text, text.get_rect(center=(app.size[0] // 2, app.size[1] // 2)))
        for index, rect in self.row_rects:
            self._row(surface, index, rect)
        if len(self.infos) > self.visible_rows():
            # Translators: which rows of the list are shown: "1-5 of 12 (scroll for more)"
            more = fonts.text(_("{first}-{last} of {count} (scroll for more)").format(
                first=self.scroll + 1, last=self.scroll + len(self.row_rects),
                count=len(self.infos)), app.text_size(14),
                              TEXT_DIM)
            box = self.list_box()
            surface.blit(more, more.get_rect(bottomright=(box.right, box.top - 4)))
        self.draw_buttons(surface)

    def _row(self, surface: pygame.Surface, index: int, rect: pygame.Rect) -> None:
        app = self.app
        fonts = app.fonts
        row = self.row_texts[index]
        picked = index == self.selected
        panel(surface, rect, 190 if picked else 120, 10, border=ACCENT if picked else None)
        big = app.text_size(18)
        small = app.text_size(15)
        pad = app.px(14)
        game = fonts.text(row.game, big, ACCENT if picked else TEXT, bold=True)
        surface.blit(game, (rect.left + pad, rect.top + app.px(6)))
        if row.mode:
            mode = fonts.text(row.mode, small, TEXT_DIM)
            surface.blit(mode, mode.get_rect(bottomleft=(rect.left + pad * 2 + game.get_width(),
                                                        rect.top + app.px(6)
                                                        + game.get_height() - 2)))
        # Translators: a saved game's state and when it was saved: "hand 3, today 14:05"
        state = fonts.text(_("{state}, {when}").format(state=row.state, when=row.when), small,
                           TEXT_DIM)
        surface.blit(state, state.get_rect(topright=(rect.right - pad, rect.top + app.px(8))))
        left_w = rect.width - pad * 2
        players = _fit(fonts, row.players, small, left_w // 2 - pad)
        surface.blit(fonts.text(players, small, TEXT),
                     (rect.left + pad, rect.bottom - small - app.px(8)))
        scores = fonts.text(_fit(fonts, row.scores, small, left_w // 2, bold=True), small, TEXT,
                            bold=True)
        surface.blit(scores, scores.get_rect(bottomright=(rect.right - pad,
                                                          rect.bottom - app.px(6))))

