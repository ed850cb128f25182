"""The replay screen: one finished hand, every card face up, step by step or played.

It holds a :class:`~knockrummy.coach.ReplayCursor` over the hand's steps (the deal,
then every move) and draws the cursor's :class:`~knockrummy.coach.FaceUp` frame:
every hand face up, the piles, the table melds, each seat's score and deadwood,
and in a side panel the move list (each move's caption, the current one lit),
what the review said about a decision when the replay was opened from one, the
score lines at the end, and the controls.

Stepping forward animates the step with the table's own director (cards fly from
wherever they were, in any seat); stepping back jumps. Play steps on by itself,
a short pause after each move has landed. Keys: Left/Right step, Space plays or
pauses, Home/End jump to the deal or the end, PageUp/PageDown scroll the move
list, Esc closes. A click on a move jumps there; a click on the table lands the
cards in flight.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from knockrummy.app.controller import Step
from knockrummy.app.history import History
from knockrummy.coach import Decision, FaceUp, ReplayCursor
from knockrummy.i18n import _, pgettext
from knockrummy.ui.gfx import COACH, TEXT, Color
from knockrummy.ui.replay.director import ReplayDirector
from knockrummy.ui.replay.layout import ReplayLayout, compute_replay
from knockrummy.ui.scene import Scene
from knockrummy.ui.widgets import Button, fit_text
from knockrummy.words.scores import score_lines

if TYPE_CHECKING:
    from knockrummy.ui.app import App

#: seconds between moves when playing (times the animation speed setting)
PLAY_PAUSE = 0.55
#: the move list keeps at least this many rows beside the information box
LIST_ROWS = 3


class ReplayScene(Scene):
    """A finished hand replayed face up."""

    name = "replay"

    def __init__(self, app: App, history: History, number: int, start: int = 0,
                 decisions: Sequence[Decision] = (), seat: int | None = None) -> None:
        """``number``: the hand (from 0); ``start``: the step to open at; ``decisions``:
        the review's decisions to point out; ``seat``: the seat at the bottom (the one
        reviewed, else the history's viewer). ``ValueError`` when the hand is not
        finished or does not replay to its recorded result (a damaged save)."""
        super().__init__(app)
        self.history = history
        self.number = number
        self.cursor = ReplayCursor.of_match(history.match, number)
        self.cursor.seek(max(0, min(len(self.cursor) - 1, start)))
        self.bottom = seat if seat is not None else history.viewer
        self.decisions = {d.step: d for d in decisions}
        self.captions = self.cursor.captions()
        self.frame: FaceUp = self.cursor.frame
        self.layout: ReplayLayout = compute_replay(app.size, self.frame.views, self.bottom)
        self.director = ReplayDirector(app.sounds.play)
        self.director.speed = app.prefs.speed_factor
        self.playing = False
        self.wait = 0.0
        self.clock = 0.0
        #: the side panel's parts: heading, what is happening (and what the review or
        #: the score says), the move list and its rows (index, rect), from the top
        self.title_area = pygame.Rect(0, 0, 0, 0)
        self.info_area = pygame.Rect(0, 0, 0, 0)
        self.list_area = pygame.Rect(0, 0, 0, 0)
        self.row_h = 20
        #: the lines of the information box: (text, colour, bold)
        self.info: list[tuple[str, Color, bool]] = []
        #: the text size of the information box (a size smaller when a note is long)
        self.info_size = 15
        self.scroll = 0
        self.move_rows: list[tuple[int, pygame.Rect]] = []
        #: each move's wrapped lines in the list, by (move, width, text size)
        self._row_cache: dict[tuple[int, int, int], list[str]] = {}
        self.tip: Button | None = None
        self.buttons: list[Button] = [
            Button("", self.back_step), Button("", self.toggle_play),
            Button("", self.next_step), Button("", self.to_start), Button("", self.to_end),
            Button("", self.close),
        ]
        self._label_buttons()
        self._place()
        self._follow()

    def _label_buttons(self) -> None:
        """The controls' words, keys and tooltips in the language now chosen."""
        words = [
            (pgettext("button", "Back"), pgettext("key", "Left"), _("One move back")),
            (pgettext("button", "Play"), pgettext("key", "Space"),
             _("Play the hand move by move")),
            (pgettext("button", "Next"), pgettext("key", "Right"), _("One move on")),
            # Translators: the replay's button back to the hand's deal
            (pgettext("button", "Deal"), pgettext("key", "Home"), _("Back to the deal")),
            # Translators: the replay's button on to the hand's end
            (pgettext("button", "End"), pgettext("key", "End"),
             _("On to the end of the hand and its score")),
            (pgettext("button", "Close"), pgettext("key", "Esc"),
             _("Back to where you came from")),
        ]
        for button, (label, key, tip) in zip(self.buttons, words, strict=True):
            button.label, button.key_hint, button.tooltip = label, key, tip

    def relabel(self) -> None:
        """The language changed: the moves' captions, the controls and the side panel
        made anew; the hand and the move shown are kept."""
        self.captions = self.cursor.captions()
        self._row_cache = {}
        self._label_buttons()
        self._place()
        self._follow()
        self.app.dirty = True

    # ----------------------------------------------------------------- moving

    @property
    def index(self) -> int:
        """The step shown (0 is the deal)."""
        return self.cursor.index

    def _show(self, animate: bool) -> None:
        """Show the cursor's frame, flying the cards of one forward step if ``animate``."""
        before = self.layout
        before_frame = self.frame
        self.director.finish()
        self.frame = self.cursor.frame
        self.layout = compute_replay(self.app.size, self.frame.views, self.bottom)
        self._place()
        if animate:
            self.director.speed = self.app.prefs.speed_factor
            after = self.frame.views[self.bottom]
            step = Step(self.frame.step.seat if self.frame.step.seat is not None else -1,
                        self.frame.step.action, self.frame.step.events,
                        before_frame.views[self.bottom], after)
            self.director.plan_replay(step, self.frame.step.state, before, self.layout)
        self._follow()
        self._buttons()
        self.app.dirty = True

    def next_step(self) -> None:
        """One move on (animated)."""
        if self.cursor.forward():
            self._show(animate=True)
        else:
            self.playing = False
            self._buttons()

    def back_step(self) -> None:
        """One move back."""
        self.playing = False
        if self.cursor.back():
            self._show(animate=False)

    def seek(self, index: int) -> None:
        """Jump to step ``index`` (the deal is 0)."""
        self.playing = False
        self.cursor.seek(max(0, min(len(self.cursor) - 1, index)))
        self._show(animate=False)

    def to_start(self) -> None:
        """Back to the deal."""
        self.seek(0)

    def to_end(self) -> None:
        """On to the end of the hand."""
        self.seek(len(self.cursor) - 1)

    def toggle_play(self) -> None:
        """Play on from here (from the deal when at the end), or pause."""
        if self.playing:
            self.playing = False
        else:
            if self.cursor.at_end:
                self.cursor.to_start()
                self._show(animate=False)
            self.playing = True
            self.wait = 0.0
        self._buttons()
        self.app.dirty = True

    def close(self) -> None:
        """Back to the review or the scores."""
        self.director.finish()
        self.app.pop()

    @property
    def decision(self) -> Decision | None:
        """The reviewed decision at this point: shown before the move and after it."""
        return self.decisions.get(self.index + 1) or self.decisions.get(self.index)

    # ----------------------------------------------------------------- scene API

    def update(self, dt: float) -> None:
        """Fly cards; when playing, step on after a pause."""
        self.clock += dt
        moved = self.director.update(dt)
        if moved or self.director.banner_time > 0:
            self.app.dirty = True
        if self.playing and not self.director.active:
            self.wait += dt
            if self.wait >= PLAY_PAUSE * max(0.25, self.app.prefs.speed_factor):
                self.wait = 0.0
                self.next_step()

    def busy(self) -> bool:
        """Frames while cards fly, a banner shows or the hand plays."""
        return self.director.active or self.playing or self.director.banner_time > 0

    def handle(self, event: pygame.event.Event) -> None:
        """Buttons, the move list, the keys; a click on the table lands the cards."""
        for b in self.buttons:
            if b.handle(event):
                self.app.dirty = True
                if event.type == pygame.MOUSEBUTTONUP:
                    return
        if event.type == pygame.MOUSEMOTION:
            tip = next((b for b in self.buttons if b.visible and b.rect.collidepoint(event.pos)),
                       None)
            if tip is not self.tip:
                self.tip = tip
                self.app.dirty = True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for index, rect in self.move_rows:
                if rect.collidepoint(event.pos):
                    self.seek(index)
                    return
            if self.director.active and not self.layout.side.collidepoint(event.pos):
                self.director.finish()
                self.app.dirty = True
        elif event.type == pygame.MOUSEWHEEL:
            self._scroll_by(-3 * event.y)
        elif event.type == pygame.KEYDOWN:
            self._key(event.key)

    def _key(self, key: int) -> None:
        actions = {pygame.K_RIGHT: self.next_step, pygame.K_LEFT: self.back_step,
                   pygame.K_SPACE: self.toggle_play, pygame.K_HOME: self.to_start,
                   pygame.K_END: self.to_end, pygame.K_ESCAPE: self.close}
        if key in actions:
            if key != pygame.K_ESCAPE and self.director.active:
                self.director.finish()
            actions[key]()
        elif key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_UP, pygame.K_DOWN):
            rows = max(1, len(self.move_rows))
            step = {pygame.K_PAGEUP: -rows, pygame.K_PAGEDOWN: rows, pygame.K_UP: -1,
                    pygame.K_DOWN: 1}[key]
            self._scroll_by(step)

    def resize(self, size: tuple[int, int]) -> None:
        """New window size: lay out again (cards in flight land)."""
        self.director.finish()
        self.layout = compute_replay(size, self.frame.views, self.bottom)
        self._place()
        self._follow()
        self.app.dirty = True

    def enter(self) -> None:
        """Back on top: the window may have changed size meanwhile."""
        if self.layout.size != self.app.size:
            self.resize(self.app.size)

    def tooltip_keep_clear(self) -> list[pygame.Rect]:
        """The table's cards, piles and plates (not the whole strip of the hand: the
        replay's hand is seen, not played) and the side panel's words: the End button's
        tooltip covered the move list's last row, the hand's result, at 960x600."""
        table = [r for r in super().tooltip_keep_clear() if r != self.layout.hand_area]
        return [*table, self.title_area, self.info_area, self.list_area]

    def draw(self, surface: pygame.Surface) -> None:
        """Everything (see :mod:`knockrummy.ui.replay.render`)."""
        from knockrummy.ui.replay import render
        render.draw(self, surface)

    # ----------------------------------------------------------------- side panel

    def _place(self) -> None:
        """The side panel: heading, information, move list, and the buttons in two rows
        of three at its foot."""
        side = self.layout.side
        gap = max(6, self.app.px(8))
        bh = max(44, self.app.px(46))
        bw = (side.width - 2 * gap) // 3
        for i, b in enumerate(self.buttons):
            row, col = divmod(i, 3)
            b.rect = pygame.Rect(side.left + col * (bw + gap),
                                 side.bottom - (2 - row) * bh - (1 - row) * gap, bw, bh)
        top = side.top
        title_h = self.app.text_size(22) + self.app.text_size(15) + self.app.px(16)
        self.title_area = pygame.Rect(side.left, top, side.width, title_h)
        rest = self.buttons[0].rect.top - gap - self.title_area.bottom
        size = self.app.text_size(15)
        pad = self.app.px(10)
        self.row_h = size + self.app.px(7)
        # the information box takes what it needs, leaving the move list three rows (this
        # move and its neighbours); a long review note is set a size smaller before any of
        # it is cut (at 960x600 a knock's note lost its last words)
        room_h = max(2 * (size + 4), rest - gap - LIST_ROWS * self.row_h - pad)
        for info_size in (size, self.app.text_size(13)):
            self.info = self._compose(side.width - 3 * pad, info_size)
            room = max(2, room_h // (info_size + 4))
            if len(self.info) <= room:
                break
        if len(self.info) > room:
            text, color, bold = self.info[room - 1]
            self.info = self.info[:room - 1] + [(text + " ...", color, bold)]
        self.info_size = info_size
        info_h = len(self.info) * (info_size + 4) + pad
        self.info_area = pygame.Rect(side.left, self.title_area.bottom, side.width, info_h)
        self.list_area = pygame.Rect(side.left, self.info_area.bottom + gap, side.width,
                                     max(self.row_h, self.buttons[0].rect.top - gap * 2
                                         - self.info_area.bottom))
        self._rows()
        self._buttons()

    def _compose(self, width: int, size: int) -> list[tuple[str, Color, bool]]:
        """The information box: this move in words, then what the review said about the
        decision here, or the score of the hand at its end; wrapped to ``width``."""
        from knockrummy.ui.replay.render import decision_lines
        parts: list[tuple[str, Color, bool]] = [(self.captions[self.index], TEXT, True)]
        d = self.decision
        result = self.frame.step.state.result
        if d is not None:
            parts += [(text, COACH if strong else TEXT, False)
                      for text, strong in decision_lines(d, before=self.index == d.step - 1)]
        elif result is not None:  # the score lines the caption does not already say
            caption = self.captions[self.index]
            state = self.frame.step.state
            parts += [(line, TEXT, False) for line in score_lines(result, state.names)
                      if line not in caption]
        lines: list[tuple[str, Color, bool]] = []
        for text, color, bold in parts:
            lines += [(line, color, bold) for line in self.app.fonts.wrap(text, size, width,
                                                                          bold)]
        return lines

    def _buttons(self) -> None:
        self.buttons[0].enabled = self.buttons[3].enabled = not self.cursor.at_start
        self.buttons[2].enabled = self.buttons[4].enabled = not self.cursor.at_end
        self.buttons[0].reason = self.buttons[3].reason = _("This is the deal")
        self.buttons[2].reason = self.buttons[4].reason = _("The hand is over")
        self.buttons[1].label = pgettext("button", "Pause") if self.playing else \
            pgettext("button", "Play")

    def row_lines(self, index: int) -> list[str]:
        """Move ``index`` as it reads in the list ("4. You knock..."), wrapped to the
        list's width on at most two lines."""
        pad = self.app.px(10)
        size = self.app.text_size(15)
        width = self.list_area.width - 3 * pad
        key = (index, width, size)
        lines = self._row_cache.get(key)
        if lines is None:
            # Translators: a move in the replay's numbered list of moves
            text = self.captions[index] if index == 0 else _("{number}. {move}").format(
                number=index, move=self.captions[index])
            lines = self.app.fonts.wrap(text, size, width) or [""]
            if len(lines) > 2:
                lines = [lines[0], fit_text(self.app.fonts, " ".join(lines[1:]), size, width)]
            self._row_cache[key] = lines
        return lines

    def _row_height(self, index: int) -> int:
        return self.row_h + (len(self.row_lines(index)) - 1) * self.app.fonts.font(
            self.app.text_size(15)).get_linesize()

    def _fitting(self, scroll: int) -> int:
        """How many moves from ``scroll`` fit in the list (at least one)."""
        room = self.list_area.height - self.app.px(8)
        used = 0
        count = 0
        for i in range(scroll, len(self.captions)):
            used += self._row_height(i)
            if used > room:
                break
            count += 1
        return max(1, count)

    def _visible_rows(self) -> int:
        return self._fitting(self.scroll)

    def _rows(self) -> None:
        while self.scroll > 0 and self.scroll - 1 + self._fitting(self.scroll - 1) \
                >= len(self.captions):
            self.scroll -= 1  # no empty space under the last move
        self.scroll = max(0, min(self.scroll, len(self.captions) - 1))
        y = self.list_area.top + self.app.px(4)
        self.move_rows = []
        for i in range(self.scroll, self.scroll + self._fitting(self.scroll)):
            if i >= len(self.captions):
                break
            height = self._row_height(i)
            self.move_rows.append((i, pygame.Rect(self.list_area.left, y,
                                                  self.list_area.width, height)))
            y += height

    def _follow(self) -> None:
        """Scroll the move list so the current move shows, with one move after it."""
        if self.index < self.scroll:
            self.scroll = self.index
        else:
            last = min(len(self.captions) - 1, self.index + 1)
            while self.scroll < self.index and self.scroll + self._fitting(self.scroll) <= last:
                self.scroll += 1
        self._rows()

    def _scroll_by(self, rows: int) -> None:
        self.scroll = max(0, self.scroll + rows)
        self._rows()
        self.app.dirty = True
