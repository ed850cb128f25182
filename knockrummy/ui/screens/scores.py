"""Scores: the match hand by hand, a chart of the running totals, and the winner."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from knockrummy.app.controller import Controller
from knockrummy.ui.gfx import ACCENT, TEXT, TEXT_DIM, panel
from knockrummy.ui.screens.base import ButtonScene

if TYPE_CHECKING:
    from knockrummy.ui.app import App

SEAT_COLORS = ((255, 204, 77), (120, 200, 255), (255, 140, 120), (170, 240, 150),
               (220, 160, 255), (255, 255, 255))


class ScoresScene(ButtonScene):
    """The score sheet."""

    name = "scores"

    def __init__(self, app: App, controller: Controller, final: bool = False) -> None:
        super().__init__(app)
        self.controller = controller
        self.final = final
        if final:
            self.button("New game", self.new_game, "Enter", "Set up another game")
            self.button("Title", self.title, "Esc", "Back to the title screen")
            winners = controller.match.winners
            humans = controller.humans or (controller.viewer,)
            won = any(seat in winners for seat in humans)  # pass-and-play: one of you won
            app.sounds.play("win" if won else "lose")
        else:
            self.button("Back", self.back, "Esc", "Back")

    def new_game(self) -> None:
        """The new-game screen."""
        from knockrummy.ui import session
        from knockrummy.ui.screens.newgame import NewGameScene
        session.to_title(self.app)
        self.app.push(NewGameScene(self.app))

    def title(self) -> None:
        """Back to the title."""
        from knockrummy.ui import session
        session.to_title(self.app)

    def back(self) -> None:
        """Esc."""
        if self.final:
            self.title()
        else:
            self.app.pop()

    def resize(self, size: tuple[int, int]) -> None:
        """Buttons bottom right."""
        w, h = size
        bw, bh = max(150, self.app.px(170)), max(44, self.app.px(50))
        x = w - 16 - bw
        for b in reversed(self.shown()):
            b.rect = pygame.Rect(x, h - 16 - bh, bw, bh)
            x -= bw + self.app.px(14)

    def draw(self, surface: pygame.Surface) -> None:
        """Heading, sheet, chart, buttons."""
        surface.blit(self.app.table.surface(self.app.size), (0, 0))
        m = self.controller.match
        fonts = self.app.fonts
        w, h = self.app.size
        head = "Final scores" if m.over else f"Scores after {len(m.records)} hands"
        t = fonts.text(head, self.app.text_size(34), ACCENT, bold=True)
        surface.blit(t, (24, self.app.px(16)))
        if m.over:
            names = " and ".join(m.names[s] for s in m.winners)
            verb = "wins" if len(m.winners) == 1 else "win"
            win = fonts.text(f"{names} {verb} the game!", self.app.text_size(26), TEXT, bold=True)
            surface.blit(win, (24, self.app.px(16) + t.get_height() + 4))
        top = self.app.px(110)
        bottom = h - 16 - max(44, self.app.px(50)) - self.app.px(16)
        sheet = pygame.Rect(16, top, w // 2 - 24, bottom - top)
        chart = pygame.Rect(w // 2 + 8, top, w // 2 - 24, bottom - top)
        panel(surface, sheet, 150, 12)
        panel(surface, chart, 150, 12)
        self._sheet(surface, sheet)
        self._chart(surface, chart)
        self.draw_buttons(surface)

    def _sheet(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        m = self.controller.match
        fonts = self.app.fonts
        size = self.app.text_size(16)
        n = m.players
        col0 = max(130, self.app.px(140))
        col = (box.width - col0 - 24) // n
        y = box.top + 10
        surface.blit(fonts.text("Hand", size, TEXT_DIM, bold=True), (box.left + 12, y))
        for s in range(n):
            name = fonts.text(m.names[s][:10], size, SEAT_COLORS[s], bold=True)
            surface.blit(name, (box.left + col0 + s * col, y))
        y += size + 10
        rows = list(m.records)
        room = max(1, (box.height - 3 * (size + 10)) // (size + 6) - len(m.bonus_lines))
        if len(rows) > room:
            rows = rows[-room:]
        running = [0] * n
        for r in m.records[: len(m.records) - len(rows)]:
            running = [a + b for a, b in zip(running, r.result.points, strict=True)]
        for r in rows:
            running = [a + b for a, b in zip(running, r.result.points, strict=True)]
            surface.blit(fonts.text(f"{r.number + 1} {r.result.outcome}", size, TEXT_DIM),
                         (box.left + 12, y))
            for s in range(n):
                pts = r.result.points[s]
                text = f"{pts:+d} = {running[s]}" if pts else f"  {running[s]}"
                surface.blit(fonts.text(text, size, TEXT), (box.left + col0 + s * col, y))
            y += size + 6
        for line in m.bonus_lines:
            surface.blit(fonts.text(line, size, ACCENT), (box.left + 12, y))
            y += size + 6
        y = box.bottom - size - 14
        pygame.draw.line(surface, TEXT_DIM, (box.left + 10, y - 6), (box.right - 10, y - 6))
        surface.blit(fonts.text("Total", size, TEXT, bold=True), (box.left + 12, y))
        totals = m.final if m.over and m.final else m.scores
        for s in range(n):
            surface.blit(fonts.text(str(totals[s]), self.app.text_size(20), SEAT_COLORS[s],
                                    bold=True), (box.left + col0 + s * col, y - 2))

    def _chart(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        m = self.controller.match
        fonts = self.app.fonts
        size = self.app.text_size(14)
        n = m.players
        series = [[0] for _ in range(n)]
        for r in m.records:
            for s in range(n):
                series[s].append(series[s][-1] + r.result.points[s])
        title = fonts.text("Running totals", self.app.text_size(16), TEXT_DIM, bold=True)
        surface.blit(title, (box.left + 12, box.top + 8))
        plot = pygame.Rect(box.left + 50, box.top + 40, box.width - 70, box.height - 80)
        values = [v for line in series for v in line]
        low, high = min(0, *values), max(1, *values)
        if high == low:
            high = low + 1
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
        for s in range(n):
            pts = [at(i, v) for i, v in enumerate(series[s])]
            if len(pts) > 1:
                pygame.draw.lines(surface, SEAT_COLORS[s], False, pts, max(2, self.app.px(3)))
            for p in pts:
                pygame.draw.circle(surface, SEAT_COLORS[s], p, max(3, self.app.px(4)))
        x = plot.left
        for s in range(n):
            t = fonts.text(m.names[s], size, SEAT_COLORS[s], bold=True)
            surface.blit(t, (x, plot.bottom + 12))
            x += t.get_width() + 16
