"""Hand review: a finished hand's decisions set against the strong player's.

Opened from the showdown (Review) and from the match history (the scores screen:
pick a hand, Review). It shows, for one seat, the verdict line, how many of its
decisions matched the strong player, and each decision where the strong player
would have chosen differently: the turn, your move against the strong move,
what it changed (in words and numbers, from
:func:`knockrummy.coach.review_match_hand`) and why the strong move, with a Show
button that opens the replay at that decision. The review is worked out on a
background thread (tens of milliseconds; about a second for a two-player Gin hand, whose
strong player, ``expert``, searches), so the screen never stalls.

In pass-and-play the humans take turns: *Whose hand* picks the seat (each human
reviews their own); against computers it is the one human's hand. Keys: Up/Down
and PageUp/PageDown scroll, Tab moves between buttons, Enter presses, R replays
the hand, Esc goes back.
"""

from __future__ import annotations

import logging
import time
from concurrent.futures import Future
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

import pygame

from knockrummy.app import jobs
from knockrummy.app.computer import level_title
from knockrummy.app.history import History, review_seed
from knockrummy.coach import Decision, HandReview, review_match_hand
from knockrummy.engine.rules import GameEnd
from knockrummy.i18n import N_, _, ngettext
from knockrummy.ui.gfx import ACCENT, COACH, TEXT, TEXT_DIM, Color, panel
from knockrummy.ui.screens.base import ButtonScene
from knockrummy.ui.widgets import Button, Choice
from knockrummy.words.names import is_you, shown_name, shown_names

if TYPE_CHECKING:
    from knockrummy.ui.app import App


#: how a hand ended, in a sentence ("The hand ended in an undercut")
#: how a hand ended, said in "The hand ended in {outcome}: ..."
ENDINGS = {
    # Translators: how a hand ended, in "The hand ended in a knock: you score +12 for it."
    "knock": N_("a knock"), "gin": N_("gin"), "big_gin": N_("big gin"),
    "undercut": N_("an undercut"), "rum": N_("rum"), "void": N_("a void hand"),
    "out": N_("a player going out"), "rummy": N_("rummy"), "exhausted": N_("an exhausted stock"),
}


def penalty_summary(outcome: str, name: str, you: bool, points: int) -> str:
    """The review's result line in a game of penalty points (Gin for 3-4), where the
    fewest win: "you take 14 penalty points for it", not "you score +14"."""
    if not points:
        return (_("The hand ended in {outcome}: you take no penalty points for it.") if you
                else _("The hand ended in {outcome}: {name} takes no penalty points for "
                       "it.")).format(outcome=outcome, name=name)
    if you:
        text = ngettext("The hand ended in {outcome}: you take {points} penalty point for it.",
                        "The hand ended in {outcome}: you take {points} penalty points for "
                        "it.", points)
    else:
        text = ngettext("The hand ended in {outcome}: {name} takes {points} penalty point "
                        "for it.",
                        "The hand ended in {outcome}: {name} takes {points} penalty points "
                        "for it.", points)
    return text.format(outcome=outcome, name=name, points=points)


@dataclass
class Row:
    """One differing decision as laid out: its lines, its height, its Show button."""

    decision: Decision
    lines: list[tuple[str, Color, bool]]
    height: int
    show: Button


def work_out(history: History, number: int, seat: int) -> HandReview:
    """The review (runs on the background thread)."""
    match = history.match
    return review_match_hand(match, number, seat, review_seed(match, seat))


class ReviewScene(ButtonScene):
    """One hand reviewed for one seat."""

    name = "review"

    def __init__(self, app: App, history: History, number: int,
                 seat: int | None = None) -> None:
        super().__init__(app)
        self.history = history
        self.number = number
        reviewers = history.reviewers
        self.seat = seat if seat is not None and seat in reviewers else \
            history.first_reviewer()
        self.review: HandReview | None = None
        self.error: str | None = None
        self.job: Future[HandReview] | None = None
        #: milliseconds the last review took (shown to nobody; for the docs' figures)
        self.ms = 0.0
        self._started = 0.0
        self.decision_rows: list[Row] = []
        self.scroll = 0
        self.list_area = pygame.Rect(0, 0, 0, 0)
        self.head_lines: list[tuple[str, Color, bool]] = []
        names = shown_names(history.match.names)
        self.whose = Choice(_("Whose hand"), list(reviewers), [names[s] for s in reviewers],
                            reviewers.index(self.seat) if self.seat in reviewers else 0,
                            on_change=self._seat_changed, compact=True)
        self.replay_button = self.button(_("Replay hand"), self.replay, "R",
                                         _("Watch the whole hand again, every card face up"))
        self.button(_("Back"), self.back, "Esc", _("Back"))
        self._start()

    # ----------------------------------------------------------------- model

    def _start(self) -> None:
        self.review = None
        self.error = None
        # the last review's Show buttons go with its rows (they stayed, at the bottom, and
        # opened the other player's moves: a first-time player)
        old = [r.show for r in self.decision_rows]
        self.buttons = [b for b in self.buttons if b not in old]
        self.decision_rows = []
        self._started = time.perf_counter()
        self.job = jobs.submit(work_out, self.history, self.number, self.seat)
        self.resize(self.app.size)

    def _seat_changed(self, seat: object) -> None:
        if isinstance(seat, int) and seat != self.seat:
            self.seat = seat
            self.scroll = 0
            self._start()

    def update(self, dt: float) -> None:
        """Pick up the review once it is worked out."""
        job = self.job
        if job is None or not job.done():
            return
        self.job = None
        self.ms = (time.perf_counter() - self._started) * 1000
        try:
            self.review = job.result()
        except ValueError as err:  # a damaged save: the hand does not replay
            self.error = _("This hand cannot be reviewed: {problem}.").format(problem=err)
        except Exception as err:  # a bug in the review must not take the game down
            logging.getLogger(__name__).exception("hand review")
            self.error = _("This hand cannot be reviewed ({problem}).").format(
                problem=f"{type(err).__name__}: {err}")
        self.resize(self.app.size)
        self.app.dirty = True

    def busy(self) -> bool:
        """Frames while the review is being worked out (the "working" line)."""
        return self.job is not None

    def replay(self, start: int = 0) -> None:
        """Open the replay of this hand (at ``start``), the reviewed seat at the bottom."""
        decisions = self.review.decisions if self.review is not None else ()
        try:
            self.app.open("replay", self.history, self.number, start, decisions, self.seat)
        except ValueError as err:  # the hand does not replay to its result (damaged)
            self.error = _("This hand cannot be replayed: {problem}.").format(problem=err)
            self.app.dirty = True

    def _show(self, decision: Decision) -> None:
        self.replay(max(0, decision.step - 1))

    # ----------------------------------------------------------------- input

    def handle(self, event: pygame.event.Event) -> None:
        """The seat pill, the wheel, then buttons and keys."""
        if len(self.history.reviewers) > 1 and self.whose.handle(event):
            self.app.dirty = True
            return
        if event.type == pygame.MOUSEWHEEL:
            self._scroll_by(-event.y * self.app.px(40))
            return
        super().handle(event)

    def key(self, event: pygame.event.Event) -> None:
        """Scroll with Up/Down and PageUp/PageDown; Tab, Enter and Esc as usual; R replays."""
        page = max(40, self.list_area.height - self.app.px(40))
        steps = {pygame.K_UP: -self.app.px(40), pygame.K_DOWN: self.app.px(40),
                 pygame.K_PAGEUP: -page, pygame.K_PAGEDOWN: page}
        if event.key in steps:
            self._scroll_by(steps[event.key])
        elif event.key == pygame.K_r:
            self.replay()
        else:
            super().key(event)

    def _scroll_by(self, pixels: int) -> None:
        total = sum(r.height for r in self.decision_rows)
        self.scroll = max(0, min(max(0, total - self.list_area.height), self.scroll + pixels))
        self.resize(self.app.size)
        self.app.dirty = True

    # ----------------------------------------------------------------- layout

    def _wrap(self, text: str, color: Color, bold: bool, width: int,
              size: int) -> list[tuple[str, Color, bool]]:
        return [(line, color, bold) for line in self.app.fonts.wrap(text, size, width, bold)]

    def resize(self, size: tuple[int, int]) -> None:
        """Heading lines, the decision rows and their Show buttons, the bottom buttons."""
        w, h = size
        app = self.app
        bw, bh = max(150, app.px(170)), max(44, app.px(50))
        shows = [r.show for r in self.decision_rows]
        bottom = [b for b in self.buttons if b.visible and b not in shows]
        x = w - 16 - bw
        for b in reversed(bottom):
            b.rect = pygame.Rect(x, h - 16 - bh, bw, bh)
            x -= bw + app.px(14)
        self.whose.layout(pygame.Rect(16 + app.px(150), h - 16 - bh, max(150, app.px(200)), bh),
                          bh)
        text = app.text_size(16)
        width = min(w - 48, app.px(1180))
        left = (w - width) // 2
        self.head_lines = self._head(width - 32, text)
        top = app.px(20) + app.text_size(30) + app.px(12)
        head_h = len(self.head_lines) * (text + 6) + app.px(20)
        self.list_area = pygame.Rect(left, top + head_h + app.px(10), width,
                                     h - 16 - bh - app.px(16) - (top + head_h + app.px(10)))
        self._layout_rows(left, width, text)

    def _head(self, width: int, size: int) -> list[tuple[str, Color, bool]]:
        review = self.review
        if self.error is not None:
            return self._wrap(self.error, (255, 236, 200), True, width, size)
        if review is None:
            return [(_("Working out the review..."), TEXT_DIM, False)]
        lines = self._wrap(review.verdict, TEXT, True, width, size)
        outcome = _(ENDINGS[review.outcome]) if review.outcome in ENDINGS \
            else review.outcome.replace("_", " ")
        name = shown_name(self.history.match.names[self.seat])
        you = is_you(name)
        points = f"{review.points:+d}"
        if self.history.match.rules.game_end is GameEnd.PENALTY:  # points are bad here
            summary = penalty_summary(outcome, name, you, review.points)
        else:
            if review.points and you:
                summary = _("The hand ended in {outcome}: you score {points} for it.")
            elif review.points:
                summary = _("The hand ended in {outcome}: {name} scores {points} for it.")
            elif you:
                summary = _("The hand ended in {outcome}: you score nothing for it.")
            else:
                summary = _("The hand ended in {outcome}: {name} scores nothing for it.")
            summary = summary.format(outcome=outcome, name=name, points=points)
        if review.total and review.tally not in review.verdict:
            # Translators: the review's tally ("2 of 9 decisions differed"), then the summary
            summary = _("{tally}. {summary}").format(
                tally=review.tally[:1].upper() + review.tally[1:], summary=summary)
        # Translators: under the review's verdict; {level} is a level's name as the
        # choices show it ("Hard")
        against = _("The strong player is the computer at level {level}, the one that gives "
                    "the hints.").format(level=level_title(review.level))
        return (lines + self._wrap(summary, TEXT_DIM, False, width, size)
                + self._wrap(against, TEXT_DIM, False, width, size))

    def _layout_rows(self, left: int, width: int, size: int) -> None:
        """Each decision's lines and height; Show buttons placed (hidden when scrolled away)."""
        app = self.app
        review = self.review
        old = [r.show for r in self.decision_rows]
        self.buttons = [b for b in self.buttons if b not in old]
        self.decision_rows = []
        if review is None:
            return
        show_w, show_h = max(110, app.px(120)), max(44, app.px(46))
        text_w = width - show_w - app.px(48)
        y = self.list_area.top - self.scroll
        for d in review.decisions:
            if d.close_call:
                # Translators: a decision of the review: "Turn 4: a close call"
                head = _("Turn {turn}: a close call").format(turn=d.turn)
            else:
                # Translators: a decision of the review: "Turn 4: cost about 6 points"
                head = ngettext("Turn {turn}: cost about {points} point",
                                "Turn {turn}: cost about {points} points",
                                round(d.cost)).format(turn=d.turn, points=f"{d.cost:.0f}")
            lines = self._wrap(head, ACCENT, True, text_w, size)
            lines += self._wrap(d.contrast, COACH, True, text_w, size)
            lines += self._wrap(d.note[:1].upper() + d.note[1:], TEXT, False, text_w, size)
            lines += self._wrap(_("Why: {reason}").format(reason=d.strong_reason), TEXT_DIM, False,
                                text_w, size)
            height = max(show_h + app.px(16), len(lines) * (size + 5) + app.px(18))
            show = Button(_("Show"), partial(self._show, d), "",
                          _("Open the replay at this decision"))
            show.rect = pygame.Rect(left + width - show_w - app.px(14),
                                    y + (height - show_h) // 2, show_w, show_h)
            show.visible = self.list_area.contains(show.rect)
            self.decision_rows.append(Row(d, lines, height, show))
            self.buttons.append(show)
            y += height + app.px(8)
        # the last row's spacing counts in the scroll range
        for r in self.decision_rows:
            r.height += app.px(8)

    # ----------------------------------------------------------------- drawing

    def draw(self, surface: pygame.Surface) -> None:
        """Heading, verdict, the decisions, the buttons."""
        app = self.app
        fonts = app.fonts
        surface.blit(app.table.surface(app.size), (0, 0))
        names = self.history.match.names
        # Translators: the review's title: "Hand 3 review: Ann"
        title = _("Hand {number} review: {name}").format(number=self.number + 1,
                                                          name=shown_name(names[self.seat]))
        t = fonts.text(title, app.text_size(30), ACCENT, bold=True)
        surface.blit(t, (self.list_area.left, app.px(20)))
        size = app.text_size(16)
        head_box = pygame.Rect(self.list_area.left, app.px(20) + t.get_height() + app.px(8),
                               self.list_area.width,
                               len(self.head_lines) * (size + 6) + app.px(20))
        panel(surface, head_box, 170, 12, border=ACCENT if self.review else None)
        y = head_box.top + app.px(10)
        for text, color, bold in self.head_lines:
            surface.blit(fonts.text(text, size, color, bold), (head_box.left + 16, y))
            y += size + 6
        self._draw_rows(surface, size)
        if len(self.history.reviewers) > 1:
            label = fonts.text(_("Whose hand"), app.text_size(16), TEXT_DIM, bold=True)
            surface.blit(label, label.get_rect(midright=(self.whose.rect.left - 10,
                                                         self.whose.rect.centery)))
            self.whose.draw(surface, fonts, app.text_size(17), False)
        self.draw_buttons(surface)

    def _draw_rows(self, surface: pygame.Surface, size: int) -> None:
        app = self.app
        fonts = app.fonts
        area = self.list_area
        review = self.review
        if review is not None and not review.decisions:
            msg = (_("Every decision matched the strong player, or was just as good.")
                   if review.total else
                   _("There was no choice to make: every move was forced."))
            done = fonts.text(msg, app.text_size(18), TEXT)
            surface.blit(done, done.get_rect(midtop=(area.centerx, area.top + app.px(20))))
            return
        clip = surface.get_clip()
        surface.set_clip(area)
        y = area.top - self.scroll
        for row in self.decision_rows:
            box = pygame.Rect(area.left, y, area.width, row.height - app.px(8))
            if box.bottom >= area.top and box.top <= area.bottom:
                turning = review is not None and row.decision is review.turning_point
                panel(surface, box, 160, 12, border=ACCENT if turning else None)
                ty = box.top + app.px(9)
                for text, color, bold in row.lines:
                    surface.blit(fonts.text(text, size, color, bold), (box.left + 16, ty))
                    ty += size + 5
            y += row.height
        surface.set_clip(clip)
        total = sum(r.height for r in self.decision_rows)
        if total > area.height:  # a slim scroll bar beside the list
            track = pygame.Rect(area.right + 6, area.top, max(4, app.px(6)), area.height)
            pygame.draw.rect(surface, (0, 0, 0), track, border_radius=3)
            thumb = track.copy()
            thumb.height = max(20, area.height * area.height // total)
            thumb.top = area.top + (area.height - thumb.height) * self.scroll // max(
                1, total - area.height)
            pygame.draw.rect(surface, TEXT_DIM, thumb, border_radius=3)
