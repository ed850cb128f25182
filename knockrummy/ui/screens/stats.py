"""Statistics: games played and won, from ``knockrummy.storage`` when it records them."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from knockrummy.storage import StatsStore
from knockrummy.ui.gfx import TEXT, panel
from knockrummy.ui.screens.base import ButtonScene

if TYPE_CHECKING:
    from knockrummy.ui.app import App


def stats_lines() -> list[str]:
    """Lines of statistics for every game played, or why there are none."""
    try:
        store = StatsStore()
        tally = store.tally()
    except Exception as err:  # a broken statistics file must not crash the screen
        return [f"Statistics could not be read: {err}"]
    lines = list(store.messages)
    if not tally.matches_played and not tally.hands_played:
        return [*lines, "No games recorded yet."]
    for name in ("matches_played", "matches_won", "hands_played", "hands_won", "gins", "rums",
                 "undercuts_made", "undercuts_suffered", "best_hand", "worst_hand",
                 "average_points", "longest_streak"):
        value = getattr(tally, name, None)
        if value is not None:
            lines.append(f"{name.replace('_', ' ').capitalize()}: {value}")
    return lines


class StatsScene(ButtonScene):
    """Statistics."""

    name = "stats"
    heading = "Statistics"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.lines = stats_lines()
        self.button("Back", self.back, "Esc", "Back")

    def resize(self, size: tuple[int, int]) -> None:
        """Back button at the bottom."""
        w, h = size
        bw, bh = max(150, self.app.px(170)), max(44, self.app.px(50))
        self.buttons[0].rect = pygame.Rect(w // 2 - bw // 2, h - 16 - bh, bw, bh)

    def draw(self, surface: pygame.Surface) -> None:
        """The lines."""
        self.draw_background(surface)
        w, _ = self.app.size
        size = self.app.text_size(18)
        box = pygame.Rect(0, self.app.px(100), min(w - 64, self.app.px(800)),
                          (size + 8) * len(self.lines) + 32)
        box.centerx = w // 2
        panel(surface, box, 150, 12)
        for i, line in enumerate(self.lines):
            t = self.app.fonts.text(line, size, TEXT)
            surface.blit(t, (box.left + 16, box.top + 16 + i * (size + 8)))
        self.draw_buttons(surface)
