"""Scores and the match history: the match hand by hand, a chart of the running
totals, the winner; pick a hand to replay or review it, or export the match.

The same screen shows the match being played (from the showdown or the menu), a
saved match (saved games: History) and an imported record (title: Match records).
Click a hand's row (or Up/Down) to pick it; *Replay* opens it face up step by
step, *Review* sets its decisions against the strong player (see
:class:`~knockrummy.app.history.History` for whose hands may be reviewed, and
when), *Export* writes the match as a readable text record into the records
folder and says where.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from knockrummy.app.history import History
from knockrummy.app.records import export_match
from knockrummy.i18n import N_, _, ngettext, pgettext
from knockrummy.ui import matches
from knockrummy.ui.gfx import ACCENT, TEXT, TEXT_DIM, panel
from knockrummy.ui.screens.base import ButtonScene
from knockrummy.ui.widgets import fit_text
from knockrummy.words.names import is_you, shown_name
from knockrummy.words.scores import bonus_lines, names_and

if TYPE_CHECKING:
    from knockrummy.app.session import MatchSession
    from knockrummy.ui.app import App

SEAT_COLORS = ((255, 204, 77), (120, 200, 255), (255, 140, 120), (170, 240, 150),
               (220, 160, 255), (255, 255, 255))


#: how a hand ended, as the score sheet's rows say it
SHEET_OUTCOMES = {
    # Translators: how a hand ended, on a row of the score sheet ("3 knock")
    "knock": N_("knock"), "gin": N_("gin"), "big_gin": N_("big gin"),
    "undercut": N_("undercut"), "rum": N_("rum"), "void": N_("void"), "out": N_("out"),
    "rummy": N_("rummy"), "exhausted": N_("exhausted"),
}


def winners_line(names: list[str]) -> str:
    """Who won the match, as a sentence ("You win the game!", "Ann wins the game!").

    >>> winners_line(["You"]), winners_line(["Ann"]), winners_line(["Ann", "Bert"])
    ('You win the game!', 'Ann wins the game!', 'Ann and Bert win the game!')
    """
    if len(names) == 1:
        if is_you(names[0]):
            return _("You win the game!")
        return _("{name} wins the game!").format(name=names[0])
    return _("{names} win the game!").format(names=names_and(names))

class ScoresScene(ButtonScene):
    """The score sheet and the match history."""

    name = "scores"

    def __init__(self, app: App, session: MatchSession | None, final: bool = False,
                 history: History | None = None) -> None:
        """``session``: the match being played (None for a saved match or a record,
        given as ``history``); ``final``: the end of the match being played."""
        super().__init__(app)
        self.controller = session.controller if session is not None else None
        self.final = final
        if history is None:
            assert session is not None, "a scores screen needs a match"
            history = History.of_controller(session.controller, session.save_id)
        self.history = history
        #: the hand picked for Replay and Review, and the first row on screen
        self.picked = max(0, len(history.match.records) - 1)
        self.first = 0
        #: where the last frame drew the chart's plot (for tests and tools)
        self.chart_plot: pygame.Rect | None = None
        #: each hand's row on the sheet: (hand number, rect), for clicks
        self.row_rects: list[tuple[int, pygame.Rect]] = []
        self.replay_button = self.button(_("Replay hand"), self.replay, "Enter",
                                         _("Watch the picked hand again, every card face up"))
        self.review_button = self.button(_("Review"), self.review, "V",
                                         _("Your decisions in the picked hand against the "
                                           "strong player's"))
        self.export_button = self.button(_("Export"), self.export, "X",
                                         _("Save the match as a readable text record"))
        self.export_button.visible = not history.source.endswith(".txt")
        if final:
            self.again_button = self.button(
                _("Play again"), self.play_again, "A",
                _("The same game with the same players and names, dealt afresh"))
            self.again_button.visible = session is not None
            self.button(_("New game"), self.new_game, "N",
                        _("Set up another game (it opens with this one's choices)"))
            self.button(_("Title"), self.title, "Esc", _("Back to the title screen"))
            match = history.match
            humans = history.reviewers or (history.viewer,)
            won = any(seat in match.winners for seat in humans)  # pass-and-play: one of you
            app.sounds.play("win" if won else "lose")
        else:
            self.button(_("Back"), self.back, "Esc", _("Back"))
        self._states()

    # ----------------------------------------------------------------- actions

    def _states(self) -> None:
        finished = self.history.finished_hands > 0
        self.replay_button.enabled = finished
        self.replay_button.reason = _("No hand is finished yet")
        refusal = self.history.review_refusal
        self.review_button.enabled = refusal is None
        self.review_button.reason = refusal or ""

    def replay(self) -> None:
        """Replay the picked hand."""
        if not self.replay_button.enabled:
            return
        try:
            self.app.open("replay", self.history, self.picked)
        except ValueError as err:  # the hand does not replay to its result (damaged)
            self._notice(_("This hand cannot be replayed"), [str(err)])

    def review(self) -> None:
        """Review the picked hand (or say why not)."""
        refusal = self.history.review_refusal
        if refusal is not None:
            self._notice(_("No review now"), [refusal])
            return
        self.app.open("review", self.history, self.picked)

    def export(self) -> None:
        """Write the match as a text record; say where (or why it could not)."""
        try:
            path = export_match(self.history.match, self.history.save_id)
        except OSError as err:
            self._notice(_("The record was not saved"),
                         [_("The disk refused it ({error}). Nothing was lost; try again, or "
                            "free some space.").format(error=err.strerror or err)])
            return
        self._notice(_("Match record saved"), [
            _("The match is saved as a readable text record: {path}").format(path=path),
            # Translators: {command} is a command line, kept as it is
            _("Match records on the title screen replays it, as does {command}.").format(
                command=f'knockrummy --import "{path}"')])

    def _notice(self, title: str, lines: list[str]) -> None:
        self.app.open("notice", title, lines)

    def play_again(self) -> None:
        """The same game, seats, names and options, with a new deal."""
        if self.controller is None:
            return
        matches.play_again(self.app, self.controller.setup)

    def new_game(self) -> None:
        """The new-game screen, opening with the choices of the game just played."""
        if self.controller is not None:  # a resumed match too: offer this game again
            matches.remember(self.app, self.controller.setup)
        matches.to_title(self.app)
        self.app.open("newgame")

    def title(self) -> None:
        """Back to the title."""
        matches.to_title(self.app)

    def back(self) -> None:
        """Esc."""
        if self.final:
            self.title()
        else:
            self.app.pop()

    # ----------------------------------------------------------------- input

    def handle(self, event: pygame.event.Event) -> None:
        """A click on a hand's row picks it (a second click replays it)."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for number, rect in self.row_rects:
                if rect.collidepoint(event.pos):
                    if number == self.picked:
                        self.replay()
                    else:
                        self.picked = number
                        self.app.dirty = True
                    return
        if event.type == pygame.MOUSEWHEEL:
            self._pick(self.picked - event.y)
            return
        super().handle(event)

    def key(self, event: pygame.event.Event) -> None:
        """Up/Down pick a hand, Enter replays, V reviews, X exports, Tab moves the focus."""
        if event.key in (pygame.K_UP, pygame.K_DOWN):
            self._pick(self.picked + (1 if event.key == pygame.K_DOWN else -1))
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.focus == 0:
            self.replay()
        elif event.key == pygame.K_v:
            self.review()
        elif event.key == pygame.K_x and self.export_button.visible:
            self.export()
        elif event.key == pygame.K_n and self.final:
            self.new_game()
        elif event.key == pygame.K_a and self.final and self.controller is not None:
            self.play_again()
        else:
            super().key(event)

    def _pick(self, number: int) -> None:
        hands = self.history.finished_hands
        if hands:
            self.picked = max(0, min(hands - 1, number))
            self.resize(self.app.size)
            self.app.dirty = True

    def enter(self) -> None:
        """Back from a replay or a review: the window may have been resized."""
        self.resize(self.app.size)

    # ----------------------------------------------------------------- layout

    def resize(self, size: tuple[int, int]) -> None:
        """Buttons bottom right; the sheet's rows (scrolled to show the picked hand)."""
        w, h = size
        bw, bh = max(150, self.app.px(170)), max(44, self.app.px(50))
        gap = self.app.px(14)
        shown = self.shown()
        bw = min(bw, (w - 32 - gap * (len(shown) - 1)) // max(1, len(shown)))
        x = w - 16 - bw
        for b in reversed(shown):
            b.rect = pygame.Rect(x, h - 16 - bh, bw, bh)
            x -= bw + gap
        sheet = self._sheet_box()
        size_t = self.app.text_size(16)
        row_h = size_t + 6
        m = self.history.match
        room = max(1, (sheet.height - 3 * (size_t + 10)) // row_h - len(m.bonus_notes))
        rows = len(m.records)
        if rows > room:  # a line says which hands show
            room = max(1, room - 1)
        if self.picked < self.first:
            self.first = self.picked
        elif self.picked >= self.first + room:
            self.first = self.picked - room + 1
        self.first = max(0, min(self.first, rows - room))
        top = sheet.top + 10 + size_t + 10
        self.row_rects = [(n, pygame.Rect(sheet.left + 4, top + (n - self.first) * row_h,
                                          sheet.width - 8, row_h))
                          for n in range(self.first, min(rows, self.first + room))]

    def _top(self) -> int:
        extra = self.app.text_size(26) + 4 if self.history.match.over else 0
        marks = self.app.text_size(16) + 6 if self._marks_line() else 0
        return self.app.px(16) + self.app.text_size(34) + 8 + extra + marks

    def _sheet_box(self) -> pygame.Rect:
        w, h = self.app.size
        top = max(self.app.px(110), self._top())
        bottom = h - 16 - max(44, self.app.px(50)) - self.app.px(16)
        return pygame.Rect(16, top, w // 2 - 24, bottom - top)

    def _marks_line(self) -> str:
        """Hints asked and moves taken back, for the match being played."""
        c = self.controller
        if c is None:
            return ""
        hints, undos = c.hints.count, c.undo_tracker.count
        asked = ngettext("{count} hint asked", "{count} hints asked", hints).format(count=hints)
        by_seat = c.hints.by_seat
        if len(c.humans) > 1 and hints and sum(by_seat.values()) == hints:
            # several people shared the screen: say who asked (a save from before the
            # hints were counted seat by seat keeps the plain count)
            names = self.history.match.names
            asked = names_and([
                # Translators: the hints one player asked in a match shared at one
                # screen: "Ann asked 12 hints"
                ngettext("{name} asked {count} hint", "{name} asked {count} hints",
                         n).format(name=shown_name(names[seat]), count=n)
                for seat, n in sorted(by_seat.items()) if n])
        back = ngettext("{count} move taken back (marked in your statistics)",
                        "{count} moves taken back (marked in your statistics)",
                        undos).format(count=undos)
        if hints and undos:
            # Translators: the coach's marks on a match: "2 hints asked", "1 move taken back"
            return _("Coach: {hints}, {undos}").format(hints=asked, undos=back)
        if hints or undos:
            # Translators: the coach's marks on a match: "2 hints asked" or "1 move taken back"
            return _("Coach: {marks}").format(marks=asked if hints else back)
        return ""

    # ----------------------------------------------------------------- drawing

    def draw(self, surface: pygame.Surface) -> None:
        """Heading, sheet, chart, buttons."""
        surface.blit(self.app.table.surface(self.app.size), (0, 0))
        m = self.history.match
        fonts = self.app.fonts
        w, h = self.app.size
        if self.history.source:
            head = _("Match history: {source}").format(source=self.history.source)
        else:
            hands = len(m.records)
            head = _("Final scores") if m.over else \
                ngettext("Scores after {count} hand", "Scores after {count} hands",
                         hands).format(count=hands)
        big = self.app.text_size(34)
        t = fonts.text(fit_text(fonts, head, big, w - 48, bold=True), big, ACCENT, bold=True)
        surface.blit(t, (24, self.app.px(16)))
        y = self.app.px(16) + t.get_height() + 4
        if m.over:
            line = winners_line([shown_name(m.names[s]) for s in m.winners])
            win = fonts.text(line, self.app.text_size(26), TEXT, bold=True)
            surface.blit(win, (24, y))
            y += win.get_height() + 4
        marks = self._marks_line()
        if marks:
            surface.blit(fonts.text(marks, self.app.text_size(16), TEXT_DIM), (24, y))
        sheet = self._sheet_box()
        chart = pygame.Rect(w // 2 + 8, sheet.top, w // 2 - 24, sheet.height)
        panel(surface, sheet, 150, 12)
        panel(surface, chart, 150, 12)
        self._sheet(surface, sheet)
        self._chart(surface, chart)
        self.draw_buttons(surface)

    def _sheet(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        m = self.history.match
        fonts = self.app.fonts
        size = self.app.text_size(16)
        n = m.players
        col0 = max(130, self.app.px(140))
        col = (box.width - col0 - 24) // n
        y = box.top + 10
        # Translators: the score sheet's first column: each hand's number and outcome
        surface.blit(fonts.text(pgettext("sheet", "Hand"), size, TEXT_DIM, bold=True),
                     (box.left + 12, y))
        for s in range(n):
            name = fonts.text(shown_name(m.names[s])[:10], size, SEAT_COLORS[s], bold=True)
            surface.blit(name, (box.left + col0 + s * col, y))
        running = [0] * n
        for r in m.records[: self.first]:
            running = [a + b for a, b in zip(running, r.result.points, strict=True)]
        y = box.top
        for number, rect in self.row_rects:
            r = m.records[number]
            running = [a + b for a, b in zip(running, r.result.points, strict=True)]
            if number == self.picked:
                panel(surface, rect, 200, 6, border=ACCENT)
            y = rect.top + 3
            outcome = r.result.outcome
            outcome = _(SHEET_OUTCOMES[outcome]) if outcome in SHEET_OUTCOMES \
                else outcome.replace("_", " ")
            # Translators: a row of the score sheet: the hand's number and how it ended
            surface.blit(fonts.text(_("{number} {outcome}").format(number=r.number + 1,
                                                                   outcome=outcome),
                                    size, TEXT_DIM),
                         (box.left + 12, y))
            font = fonts.font(size)
            for s in range(n):
                pts = r.result.points[s]
                text = f"{pts:+d} = {running[s]}" if pts else f"  {running[s]}"
                if font.size(text)[0] > col - 8:  # narrow columns: the hand's points only
                    text = f"{pts:+d}" if pts else "0"
                surface.blit(fonts.text(text, size, TEXT), (box.left + col0 + s * col, y))
            y = rect.bottom
        if not self.row_rects:
            y = box.top + 10 + size + 10
        for line in bonus_lines(m):
            surface.blit(fonts.text(line, size, ACCENT), (box.left + 12, y + 3))
            y += size + 6
        if len(m.records) > len(self.row_rects):
            more = fonts.text(_("hands {first}-{last} of {count} (Up/Down or the wheel for "
                                "more)").format(first=self.first + 1,
                                                last=self.first + len(self.row_rects),
                                                count=len(m.records)),
                              self.app.text_size(14), TEXT_DIM)
            surface.blit(more, (box.left + 12, y + 3))
        y = box.bottom - size - 14
        pygame.draw.line(surface, TEXT_DIM, (box.left + 10, y - 6), (box.right - 10, y - 6))
        surface.blit(fonts.text(_("Total"), size, TEXT, bold=True), (box.left + 12, y))
        totals = m.final if m.over and m.final else m.scores
        for s in range(n):
            surface.blit(fonts.text(str(totals[s]), self.app.text_size(20), SEAT_COLORS[s],
                                    bold=True), (box.left + col0 + s * col, y - 2))

    def _chart(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        m = self.history.match
        fonts = self.app.fonts
        size = self.app.text_size(14)
        n = m.players
        series = [[0] for _ in range(n)]
        for r in m.records:
            for s in range(n):
                series[s].append(series[s][-1] + r.result.points[s])
        title = fonts.text(_("Running totals"), self.app.text_size(16), TEXT_DIM, bold=True)
        surface.blit(title, (box.left + 12, box.top + 8))
        top = box.top + 8 + title.get_height() + size // 2 + 8
        values = [v for line in series for v in line]
        low, high = min(0, *values), max(1, *values)
        if high == low:
            high = low + 1
        # room for the axis's figures on the left and the names under it, at any size
        label_w = max(fonts.font(size).size(str(v))[0] for v in (low, 0, high))
        legend_h = fonts.font(size, True).get_height()
        left = box.left + 12 + label_w + 6
        bottom = box.bottom - legend_h - 12 - size // 2
        plot = pygame.Rect(left, top, box.right - self.app.px(16) - left, bottom - top)
        points = len(series[0])

        def at(i: int, v: int) -> tuple[int, int]:
            x = plot.left + (plot.width * i // max(1, points - 1))
            y = plot.bottom - round((v - low) / (high - low) * plot.height)
            return x, y

        zero = at(0, 0)[1]
        pygame.draw.line(surface, TEXT_DIM, (plot.left, zero), (plot.right, zero), 1)
        for v in sorted({low, 0, high}):
            t = fonts.text(str(v), size, TEXT_DIM)
            surface.blit(t, t.get_rect(midright=(plot.left - 6, at(0, v)[1])))
        if m.records:  # the picked hand, marked on the chart in no player's colour (in
            # gold it read as a line of the first player's)
            x = at(self.picked + 1, 0)[0]
            pygame.draw.line(surface, TEXT_DIM, (x, plot.top), (x, plot.bottom), 1)
        # each line a little thinner than the one under it, so two players with the same
        # totals both show (the second hid the first)
        thin = max(2, self.app.px(2))
        for s in range(n):
            width = thin + 2 * (n - 1 - s)
            pts = [at(i, v) for i, v in enumerate(series[s])]
            if len(pts) > 1:
                pygame.draw.lines(surface, SEAT_COLORS[s], False, pts, width)
            for p in pts:
                pygame.draw.circle(surface, SEAT_COLORS[s], p, max(3, width // 2 + 2))
        self.chart_plot = plot
        x = plot.left
        for s in range(n):
            t = fonts.text(shown_name(m.names[s]), size, SEAT_COLORS[s], bold=True)
            surface.blit(t, (x, box.bottom - legend_h - 8))
            x += t.get_width() + 16
