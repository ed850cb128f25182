"""The showdown: every hand in melds and deadwood, layoffs moving onto the
knocker's melds one by one, and the score of the hand explained line by line."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from knockrummy.engine import Card, Family, PlayerView
from knockrummy.ui.easing import ease_out_cubic
from knockrummy.ui.gfx import ACCENT, TEXT, TEXT_DIM, panel
from knockrummy.ui.screens.base import ButtonScene
from knockrummy.ui.table import render

if TYPE_CHECKING:
    from knockrummy.ui.app import App
    from knockrummy.ui.table.scene import TableScene

OUTCOMES = {
    "knock": "Knock", "gin": "Gin!", "big_gin": "Big gin!", "undercut": "Undercut!",
    "rum": "Rum!", "void": "Void hand", "out": "Out!", "rummy": "Rummy!",
    "exhausted": "Stock exhausted",
}
CELEBRATE = {"gin", "big_gin", "rum", "rummy"}


class ShowdownScene(ButtonScene):
    """The end of a hand."""

    name = "showdown"

    def __init__(self, app: App, table: TableScene) -> None:
        super().__init__(app)
        self.table = table
        self.controller = table.controller
        self.view: PlayerView = self.controller.view()
        table.hand_over_hold = -1.0
        shows = self.view.shows
        self.layoffs: list[tuple[int, Card]] = [
            (seat, c) for seat, sh in enumerate(shows) for c in sh.laid_off]
        self.landed: set[Card] = set()
        self.time = 0.0
        self.lines_shown = 0
        self.done = False
        over = self.controller.match.over
        self.next = self.button("Final scores" if over else "Next hand", self.proceed, "Enter",
                                "See the final result" if over else "Deal the next hand")
        self.review_button = self.button(
            "Review", self.review, "V", "Your decisions this hand against the strong "
                                        "player's, with what each would have changed")
        self.review_button.visible = bool(self.controller.humans)
        self.button("Scores", self.scores, "", "The match so far, hand by hand: replay, "
                                               "review or export any hand")
        self.button("Menu", self.menu, "Esc", "Rules, settings, leave")
        result = self.view.result
        if result is not None and result.outcome in CELEBRATE:
            app.sounds.play("gin")

    # ----------------------------------------------------------------- timing

    def _speed(self) -> float:
        return max(0.05, self.app.prefs.speed_factor)

    def _reveal_at(self, seat: int) -> float:
        """When a hand is turned up: one row after another, the knocker first."""
        order = (seat - (self.view.knocker or 0)) % self.view.players
        return 0.12 * order * self._speed()

    def _layoff_at(self, i: int) -> float:
        return (0.12 * self.view.players + 0.3 + 0.45 * i) * self._speed()

    def _lines_start(self) -> float:
        return self._layoff_at(len(self.layoffs)) + 0.2 * self._speed()

    def update(self, dt: float) -> None:
        """Advance layoffs, score lines and count-ups."""
        if self.done:
            return
        self.time += dt
        for i, (_seat, c) in enumerate(self.layoffs):
            if self.time >= self._layoff_at(i) + 0.3 * self._speed() and c not in self.landed:
                self.landed.add(c)
                self.app.sounds.play("discard")
        lines = self.view.result.lines if self.view.result else ()
        shown = int((self.time - self._lines_start()) / (0.35 * self._speed())) + 1
        self.lines_shown = max(0, min(len(lines), shown))
        if self.time > self._lines_start() + 0.35 * self._speed() * len(lines) + 0.8:
            self.done = True
        self.app.dirty = True

    def busy(self) -> bool:
        """Animating until every line is shown."""
        return not self.done

    def skip(self) -> None:
        """Show everything at once."""
        self.landed = {c for _, c in self.layoffs}
        self.lines_shown = len(self.view.result.lines) if self.view.result else 0
        self.time = 1e9
        self.done = True
        self.app.dirty = True

    # ----------------------------------------------------------------- actions

    def proceed(self) -> None:
        """Next hand, or the final scores."""
        if self.controller.match.over:
            from knockrummy.ui.screens.scores import ScoresScene
            self.app.replace(ScoresScene(self.app, self.controller, final=True))
            return
        self.controller.next_hand()
        self.app.pop()

    def review(self) -> None:
        """Review this hand (the viewer's, or in pass-and-play whichever human's)."""
        from knockrummy.app.history import History
        from knockrummy.ui.screens.review import ReviewScene
        history = History.of_controller(self.controller, self.app.save_id)
        if history.review_refusal is not None or not self.controller.match.records:
            return
        number = self.controller.match.records[-1].number
        self.skip()
        self.app.push(ReviewScene(self.app, history, number))

    def scores(self) -> None:
        """The scores screen."""
        from knockrummy.ui.screens.scores import ScoresScene
        self.app.push(ScoresScene(self.app, self.controller))

    def menu(self) -> None:
        """The in-game menu."""
        from knockrummy.ui.screens.pause import PauseScene
        self.app.push(PauseScene(self.app, self.table))

    def back(self) -> None:
        """Esc opens the menu."""
        self.menu()

    def handle(self, event: pygame.event.Event) -> None:
        """A click skips the animation; buttons as usual."""
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not self.done
                and not any(b.rect.collidepoint(event.pos) for b in self.shown())):
            self.skip()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_v \
                and self.review_button.visible:
            self.review()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE,
                                                          pygame.K_KP_ENTER):
            if not self.done:
                self.skip()
            else:
                self.proceed()
            return
        super().handle(event)

    # ----------------------------------------------------------------- layout

    def resize(self, size: tuple[int, int]) -> None:
        """Buttons along the bottom right."""
        w, h = size
        bw, bh = max(150, self.app.px(170)), max(44, self.app.px(50))
        gap = self.app.px(14)
        x = w - 16 - bw
        for b in reversed(self.shown()):
            b.rect = pygame.Rect(x, h - 16 - bh, bw, bh)
            x -= bw + gap

    def _rows(self) -> tuple[pygame.Rect, int]:
        w, h = self.app.size
        top = self.app.px(70)
        bottom = h - 16 - max(44, self.app.px(50)) - self.app.px(16)
        area = pygame.Rect(16, top, round(w * 0.64), bottom - top)
        row_h = min(area.height // max(1, self.view.players), round(h * 0.26))
        return area, row_h

    def draw(self, surface: pygame.Surface) -> None:
        """Rows of hands, the score lines, the buttons."""
        surface.blit(self.app.table.surface(self.app.size), (0, 0))
        view = self.view
        result = view.result
        fonts = self.app.fonts
        title = OUTCOMES.get(result.outcome, result.outcome) if result else "Hand over"
        t = fonts.text(f"Hand {view.hand_number + 1}: {title}", self.app.text_size(30), ACCENT,
                       bold=True)
        surface.blit(t, (24, self.app.px(18)))
        area, row_h = self._rows()
        for seat in range(view.players):
            shown = 1.0 if self.done else (self.time - self._reveal_at(seat)) / (
                0.25 * self._speed())
            if shown <= 0:
                continue
            slide = round((1.0 - ease_out_cubic(shown)) * area.width * 0.3)
            self._row(surface, seat, pygame.Rect(area.left + slide, area.top + seat * row_h,
                                                 area.width, row_h - 6))
        self._lines(surface, area)
        self.draw_buttons(surface)

    def _row(self, surface: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
        view = self.view
        fonts = self.app.fonts
        result = view.result
        knocker = view.knocker
        winner = result is not None and seat in result.winners
        panel(surface, rect, 120, 10, border=ACCENT if winner else None)
        plate_w = max(130, rect.width // 5)
        size = self.app.text_size(16)
        name = view.names[seat] + ("  (knocked)" if seat == knocker else "")
        lines = fonts.wrap(name, size, plate_w - 10, bold=True)[:2]
        for i, line in enumerate(lines):
            surface.blit(fonts.text(line, size, ACCENT if winner else TEXT, bold=True),
                         (rect.left + 8, rect.top + 6 + i * (size + 2)))
        show = view.shows[seat] if seat < len(view.shows) else None
        if show is None:
            return
        count = show.count
        label = "value" if view.rules.family is Family.RUMMY else "count"
        text = f"{label} {count}"
        landed = [str(c) for c in show.laid_off if c in self.landed]
        if landed:
            text += "   laid off " + " ".join(landed)
        c_text = fonts.text(text, self.app.text_size(15), TEXT_DIM)
        surface.blit(c_text, (rect.left + 8, rect.bottom - c_text.get_height() - 6))
        if result is not None:
            pts = result.points[seat]
            prog = ease_out_cubic((self.time - self._lines_start()) / (0.6 * self._speed()))
            shown = round(pts * (1.0 if self.done else max(0.0, prog)))
            p_text = fonts.text(f"{shown:+d}", self.app.text_size(24),
                                ACCENT if pts > 0 else TEXT, bold=True)
            surface.blit(p_text, p_text.get_rect(midright=(rect.right - 12, rect.centery)))
        groups = [g for g in self._groups(seat) if g[1]]
        n = sum(len(cards) for _, cards in groups)
        room = rect.width - plate_w - self.app.px(90)
        units = len(groups) * 1.33 + 0.42 * max(0, n - len(groups))
        card_h = rect.height - 16
        card_w = max(24, min(round(card_h / 1.4), int(room / max(1.0, units))))
        step = max(12, round(card_w * 0.42))
        x = rect.left + plate_w
        y = rect.top + (rect.height - round(card_w * 1.4)) // 2
        for kind, cards in groups:
            if not cards:
                continue
            for i, c in enumerate(cards):
                r = pygame.Rect(x + i * step, y, card_w, round(card_w * 1.4))
                render.card(self.table, surface, c, r)
                if c in self.landed:  # laid off onto this meld by a defender
                    pygame.draw.rect(surface, ACCENT, r.inflate(4, 4), 3, card_w // 10)
            width = card_w + step * (len(cards) - 1)
            mark = pygame.Rect(x + 2, y + round(card_w * 1.4) + 2, width - 4, 3)
            pygame.draw.rect(surface, ACCENT if kind == "meld" else (210, 120, 110), mark)
            x += width + card_w // 3
        self._flying(surface, seat, rect, card_w, step, plate_w)

    def _groups(self, seat: int) -> list[tuple[str, list[Card]]]:
        view = self.view
        show = view.shows[seat]
        out: list[tuple[str, list[Card]]] = []
        table_melds = view.knocker == seat and view.rules.family in (Family.GIN,
                                                                     Family.GIN_MULTI)
        if table_melds:
            for tm in view.table:
                out.append(("meld", [c for c in tm.cards if c in tm.original
                                     or c in self.landed]))
        else:
            out.extend(("meld", list(m)) for m in show.melds)
        waiting = [c for c in show.laid_off if c not in self.landed]
        if waiting:
            out.append(("layoff", waiting))
        out.append(("dead", list(show.deadwood)))
        return out

    def _flying(self, surface: pygame.Surface, seat: int, rect: pygame.Rect, card_w: int,
                step: int, plate_w: int) -> None:
        """The card now travelling to the knocker's row (drawn over it)."""
        if self.done or self.view.knocker is None:
            return
        for i, (owner, c) in enumerate(self.layoffs):
            start = self._layoff_at(i)
            if owner != seat or not start <= self.time < start + 0.3 * self._speed():
                continue
            area, row_h = self._rows()
            k_rect = pygame.Rect(area.left, area.top + self.view.knocker * row_h, area.width,
                                 row_h - 6)
            p = ease_out_cubic((self.time - start) / (0.3 * self._speed()))
            x0, y0 = rect.left + plate_w, rect.top + 6
            x1, y1 = k_rect.left + plate_w + card_w, k_rect.top + 6
            r = pygame.Rect(round(x0 + (x1 - x0) * p), round(y0 + (y1 - y0) * p), card_w,
                            round(card_w * 1.4))
            render.card(self.table, surface, c, r, lifted=True)

    def _lines(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        view = self.view
        result = view.result
        fonts = self.app.fonts
        w, _h = self.app.size
        box = pygame.Rect(area.right + 16, area.top, w - area.right - 32, area.height)
        panel(surface, box, 150, 12)
        size = self.app.text_size(17)
        y = box.top + 12
        head = fonts.text("Score of the hand", size, ACCENT, bold=True)
        surface.blit(head, (box.left + 12, y))
        y += head.get_height() + 8
        lines = list(result.lines[: self.lines_shown]) if result else []
        for line in lines:
            for part in fonts.wrap(line, size, box.width - 24):
                surface.blit(fonts.text(part, size, TEXT), (box.left + 12, y))
                y += size + 6
        if self.done:
            y += 8
            for seat in range(view.players):
                total = self.controller.match.scores[seat]
                t = fonts.text(f"{view.names[seat]}: {total}", size, TEXT_DIM)
                surface.blit(t, (box.left + 12, y))
                y += size + 4
