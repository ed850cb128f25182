"""Statistics: per game and per opponent level, with a chart over time and a Reset.

The numbers come from ``StatsStore.tally`` for the chosen game and level (or all
of them); the chart shows the last matches as bars of the points each scored
(won ones in the accent colour) and the running share of matches won as a line.
Reset asks first.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

import pygame

from knockrummy.app.statistics import MatchResult, StatsStore, Tally, open_statistics
from knockrummy.engine import PRESETS
from knockrummy.i18n import N_, _, ngettext, pgettext
from knockrummy.ui.gfx import ACCENT, TEXT, TEXT_DIM, panel
from knockrummy.ui.screens.base import ButtonScene
from knockrummy.ui.widgets import MIN_TEXT, Choice
from knockrummy.words.dates import month_name
from knockrummy.words.rules import preset_name

if TYPE_CHECKING:
    from knockrummy.ui.app import App

#: whom the matches were against, by the key the statistics keep
LEVEL_NAMES = {"simple": N_("Simple computers"), "easy": N_("Easy computers"),
               "medium": N_("Medium computers"), "hard": N_("Hard computers"),
               "expert": N_("Expert computers"),
               "mixed": N_("Computers of mixed levels"), "humans": N_("Other people only")}
#: how many of the latest matches the chart shows
CHART_MATCHES = 40
LOSS = (150, 190, 215)


def percent(part: int, whole: int) -> str:
    """``"3 of 4 (75%)"``; ``"none yet"`` when ``whole`` is 0.

    >>> percent(3, 4), percent(0, 0)
    ('3 of 4 (75%)', 'none yet')
    """
    if not whole:
        # Translators: a statistic with nothing counted yet
        return _("none yet")
    # Translators: "3 of 4 (75%)": matches or hands won of those played
    return _("{part} of {whole} ({percent}%)").format(part=part, whole=whole,
                                                       percent=round(100 * part / whole))


def tally_lines(t: Tally) -> list[tuple[str, str]]:
    """The numbers of a tally as (label, value) rows, in words.

    >>> dict(tally_lines(Tally(matches_played=2, matches_won=1, hands_played=4,
    ...                        total_points=10)))["Average points per hand"]
    'about +3'
    >>> dict(tally_lines(Tally(hands_played=3, total_points=-1)))["Average points per hand"]
    'about 0'
    """
    def signed(v: int | None) -> str:
        return "-" if v is None else f"{v:+d}"

    average = t.average_points
    return [
        (_("Matches won"), percent(t.matches_won, t.matches_played)),
        (_("Hands won"), percent(t.hands_won, t.hands_played)),
        (_("Gins (and big gins)"), str(t.gins)),
        (_("Rums (and rummies)"), str(t.rums)),
        (_("Undercuts made"), str(t.undercuts_made)),
        (_("Undercuts suffered"), str(t.undercuts_suffered)),
        (_("Best hand"), signed(t.best_hand)),
        (_("Worst hand"), signed(t.worst_hand)),
        (_("Longest winning streak"),
         ngettext("{count} match", "{count} matches", t.longest_streak).format(
             count=t.longest_streak)),
        (_("Average points per hand"), "-" if average is None else _about(average)),
        (_("Matches with a move taken back"), str(t.matches_with_undo)),
    ]


def _about(value: float) -> str:
    """A whole number for a player to read: ``about +3``, ``about 0``, ``about -12``."""
    whole = int(value + 0.5) if value >= 0 else -int(-value + 0.5)  # half away from zero
    # Translators: an average rounded to a whole number: "about +3", "about -12"
    return _("about {points}").format(points=f"{whole:+d}" if whole else "0")


@dataclass(frozen=True)
class ChartPoint:
    """One match in the chart: its points, whether it was won, the running win share."""

    score: int
    won: bool
    win_rate: float
    date: str = ""


def chart_points(history: list[MatchResult], last: int = CHART_MATCHES) -> list[ChartPoint]:
    """The last ``last`` matches, each with the share of all matches won up to it.

    >>> from knockrummy.app.statistics import MatchResult
    >>> h = [MatchResult("d", "knock", "easy", "Ann", w, s, 3, 2, False)
    ...      for w, s in ((True, 30), (False, -5), (True, 12))]
    >>> [(p.score, round(p.win_rate, 2)) for p in chart_points(h, last=2)]
    [(-5, 0.5), (12, 0.67)]
    """
    points: list[ChartPoint] = []
    won = 0
    for i, result in enumerate(history):
        won += result.won
        points.append(ChartPoint(result.score, result.won, won / (i + 1), result.date))
    return points[-last:]


def short_date(iso: str) -> str:
    """A stored date (ISO, UTC) as a short local date, e.g. ``"3 May"``; as is if odd."""
    try:
        when = datetime.fromisoformat(iso)
    except ValueError:
        return iso[:10]
    if when.tzinfo is not None:
        when = when.astimezone()
    # Translators: a short date under the chart: {day} 1-31, {month} a month's short name
    return _("{day} {month}").format(day=when.day, month=month_name(when.month))


class StatsScene(ButtonScene):
    """The statistics screen."""

    name = "stats"
    heading = N_("Statistics")

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.store = self._load()
        self.game = Choice(_("Game"), [None], [_("All games")], 0,
                           on_change=lambda _v: self._changed())
        # Translators: the statistics' filter: whom the matches were played against
        self.level = Choice(_("Against"), [None], [_("Everyone")], 0,
                            on_change=lambda _: self._changed())
        self.reset_button = self.button(_("Reset"), self.ask_reset, "",
                                        _("Forget every statistic (asks first)"))
        self.button(_("Back"), self.back, "Esc", _("Back"))
        self.focus = 1  # Back: Enter out of habit leaves, it never starts a reset
        self.tally = Tally()
        self.points: list[ChartPoint] = []
        self.matches = 0
        self._filters()

    def _load(self) -> StatsStore:
        store = open_statistics()
        #: what happened to a damaged statistics file, said once over this screen
        self.notes = list(store.messages)
        return store

    def update(self, dt: float) -> None:
        """Say once what happened to a damaged statistics file."""
        if self.notes and self.app.stack.top is self:
            notes, self.notes = self.notes, []
            self.app.open("notice", _("Statistics"), notes)

    def _filters(self) -> None:
        """Offer the games and levels that have something recorded."""
        keys = self.store.keys()
        games = [k for k in PRESETS if any(p == k for p, _ in keys)]
        levels = [lv for lv in LEVEL_NAMES if any(level == lv for _, level in keys)]
        for choice, values, texts in (
                (self.game, games, [preset_name(PRESETS[k]) for k in games]),
                (self.level, levels, [_(LEVEL_NAMES[lv]) for lv in levels])):
            current = choice.value
            choice.values = [None, *values]
            choice.texts = [_("All games") if choice is self.game else _("Everyone"), *texts]
            choice.index = choice.values.index(current) if current in choice.values else 0
        self._changed()

    def _changed(self) -> None:
        game = self.game.value
        level = self.level.value
        self.tally = self.store.tally(game, level)
        history = self.store.history(game, level)
        self.matches = len(history)
        self.points = chart_points(history)
        self.reset_button.enabled = bool(self.store.keys())
        self.reset_button.reason = _("Nothing is recorded yet")
        self.app.dirty = True

    def ask_reset(self) -> None:
        """Ask, then forget everything."""
        self.app.open("confirm", _("Forget every statistic, for every game? "
                                   "This cannot be undone."), self.reset)

    def reset(self) -> None:
        """Forget everything (after the player said yes)."""
        try:
            self.store.reset()
        except OSError as err:
            self.app.open("notice", _("Statistics"),
                          [_("The statistics could not be reset ({error}).").format(error=err)])
        self._filters()

    def handle(self, event: pygame.event.Event) -> None:
        """Filters, then buttons."""
        for choice in (self.game, self.level):
            if choice.handle(event):
                self.app.dirty = True
        super().handle(event)

    def key(self, event: pygame.event.Event) -> None:
        """Left/Right change the game, Up/Down the level."""
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.game.step(1 if event.key == pygame.K_RIGHT else -1)
        elif event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.level.step(1 if event.key == pygame.K_PAGEDOWN else -1)
        else:
            super().key(event)

    # ----------------------------------------------------------------- layout

    def _areas(self) -> tuple[pygame.Rect, pygame.Rect]:
        w, h = self.app.size
        top = self.app.px(90) + max(44, self.app.px(46)) + self.app.px(16)
        bottom = h - 16 - max(44, self.app.px(50)) - self.app.px(14)
        numbers = pygame.Rect(24, top, round(w * 0.42) - 24, bottom - top)
        chart = pygame.Rect(numbers.right + 16, top, w - numbers.right - 40, bottom - top)
        return numbers, chart

    def resize(self, size: tuple[int, int]) -> None:
        """Filters across the top, numbers left, chart right, buttons at the bottom."""
        w, h = size
        row_h = max(44, self.app.px(46))
        y = self.app.px(88)
        half = (w - 72) // 2
        arrow = row_h - 6
        fonts, text = self.app.fonts, self.app.text_size(17)
        self.game.layout(pygame.Rect(24, y, half, row_h), arrow, fonts, text)
        self.level.layout(pygame.Rect(48 + half, y, half, row_h), arrow, fonts, text)
        bw, bh = max(150, self.app.px(170)), max(44, self.app.px(50))
        x = w - 16 - bw
        for b in reversed(self.shown()):
            b.rect = pygame.Rect(x, h - 16 - bh, bw, bh)
            x -= bw + self.app.px(14)

    # ----------------------------------------------------------------- drawing

    def draw(self, surface: pygame.Surface) -> None:
        """Filters, numbers, chart, buttons."""
        self.draw_background(surface)
        fonts = self.app.fonts
        size = self.app.text_size(17)
        self.game.draw(surface, fonts, size, False)
        self.level.draw(surface, fonts, size, False)
        numbers, chart = self._areas()
        panel(surface, numbers, 150, 12)
        panel(surface, chart, 150, 12)
        if not self.store.keys():
            self._empty(surface, numbers.union(chart))
        else:
            self._numbers(surface, numbers)
            self._chart(surface, chart)
        self.draw_buttons(surface)

    def _empty(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        fonts = self.app.fonts
        size = self.app.text_size(20)
        lines = [_("Nothing recorded yet."),
                 _("Every hand you play, against the computer or with friends, counts here.")]
        y = area.centery - len(lines) * (size + 8) // 2
        for line in lines:
            for part in fonts.wrap(line, size, area.width - 40):
                t = fonts.text(part, size, TEXT)
                surface.blit(t, t.get_rect(midtop=(area.centerx, y)))
                y += size + 8

    def _numbers(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        fonts = self.app.fonts
        rows = tally_lines(self.tally)
        size = self.app.text_size(17)
        step = min(round(size * 2.1), (box.height - 20) // len(rows))
        size = max(MIN_TEXT, min(size, step - 4))
        y = box.top + (box.height - step * len(rows)) // 2
        for label, value in rows:
            surface.blit(fonts.text(label, size, TEXT_DIM), (box.left + 16, y))
            v = fonts.text(value, size, TEXT, bold=True)
            surface.blit(v, v.get_rect(topright=(box.right - 16, y)))
            y += step

    def _chart(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        fonts = self.app.fonts
        small = self.app.text_size(14)
        shown = len(self.points)
        title = (_("Points per match and share won, last {shown} of {count}").format(
            shown=shown, count=self.matches)
                 if self.matches > shown else _("Points per match and share of matches won"))
        surface.blit(fonts.text(title, small, TEXT_DIM, bold=True), (box.left + 12,
                                                                      box.top + 8))
        if not self.points:
            t = fonts.text(_("No finished match yet"), self.app.text_size(18), TEXT)
            surface.blit(t, t.get_rect(center=box.center))
            return
        plot = pygame.Rect(box.left + self.app.px(48), box.top + small + 24,
                           box.width - self.app.px(96), box.height - small * 4 - 48)
        scores = [p.score for p in self.points]
        low, high = min(0, *scores), max(1, *scores)
        span = high - low or 1

        def y_of(v: float) -> int:
            return plot.bottom - round((v - low) / span * plot.height)

        zero = y_of(0)
        pygame.draw.line(surface, TEXT_DIM, (plot.left, zero), (plot.right, zero), 1)
        for v in sorted({low, 0, high}):
            t = fonts.text(str(v), small, TEXT_DIM)
            surface.blit(t, t.get_rect(midright=(plot.left - 6, y_of(v))))
        slot = plot.width / len(self.points)
        bar_w = max(2, round(slot * 0.6))
        line: list[tuple[int, int]] = []
        for i, p in enumerate(self.points):
            x = plot.left + round(slot * (i + 0.5))
            top, bottom = sorted((y_of(p.score), zero))
            rect = pygame.Rect(x - bar_w // 2, top, bar_w, max(2, bottom - top))
            pygame.draw.rect(surface, ACCENT if p.won else LOSS, rect, border_radius=2)
            line.append((x, plot.bottom - round(p.win_rate * plot.height)))
        if len(line) > 1:
            pygame.draw.lines(surface, TEXT, False, line, max(2, self.app.px(3)))
        for point in line:
            pygame.draw.circle(surface, TEXT, point, max(3, self.app.px(4)))
        for share in (0.0, 0.5, 1.0):
            t = fonts.text(_("{percent}%").format(percent=round(share * 100)), small, TEXT)
            surface.blit(t, t.get_rect(midleft=(plot.right + 6,
                                               plot.bottom - round(share * plot.height))))
        for first, align in ((self.points[0], "left"), (self.points[-1], "right")):
            t = fonts.text(short_date(first.date), small, TEXT_DIM)
            spot = (plot.left, plot.bottom + 4) if align == "left" else (plot.right,
                                                                       plot.bottom + 4)
            surface.blit(t, t.get_rect(topleft=spot) if align == "left"
                         else t.get_rect(topright=spot))
        x = plot.left
        y = plot.bottom + small + 12
        # Translators: the chart's key: bars of matches won and lost, a line of the share won
        for color, text in ((ACCENT, pgettext("chart", "won")), (LOSS, pgettext("chart", "lost")),
                            (TEXT, _("share of matches won"))):
            pygame.draw.rect(surface, color, (x, y + small // 4, small, small // 2))
            t = fonts.text(text, small, TEXT_DIM)
            surface.blit(t, (x + small + 6, y))
            x += small + 6 + t.get_width() + 18
