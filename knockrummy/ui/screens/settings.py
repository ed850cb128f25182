"""Settings: animation speed, computer pacing, volume and mute, cards, confirmations."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pygame

from knockrummy.app.prefs import AI_PACINGS, ANIMATION_SPEEDS
from knockrummy.ui import paths
from knockrummy.ui.gfx import panel
from knockrummy.ui.screens.base import ButtonScene
from knockrummy.ui.widgets import Choice

if TYPE_CHECKING:
    from knockrummy.ui.app import App

ON_OFF = ([True, False], ["On", "Off"])


def _near(values: list[float], value: float) -> float:
    return min(values, key=lambda v: abs(v - value))


class SettingsScene(ButtonScene):
    """Edit and save the settings."""

    name = "settings"
    heading = "Settings"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        p = app.prefs
        backs = paths.back_names() or ["blue"]
        volumes = [round(v / 10, 1) for v in range(0, 11)]
        self.rows: list[tuple[str, Choice]] = [
            ("animation_speed", self._choice("Animation speed", [v for v, _ in ANIMATION_SPEEDS],
                                             [n for _, n in ANIMATION_SPEEDS],
                                             _near([v for v, _ in ANIMATION_SPEEDS],
                                                   p.animation_speed))),
            ("ai_pacing", self._choice("Computer pace", [v for v, _ in AI_PACINGS],
                                       [n for _, n in AI_PACINGS],
                                       _near([v for v, _ in AI_PACINGS], p.ai_pacing))),
            ("volume", self._choice("Volume", volumes, [f"{round(v * 100)}%" for v in volumes],
                                    _near(volumes, p.volume))),
            ("muted", self._choice("Mute", *ON_OFF, p.muted)),
            ("card_back", self._choice("Card back", backs, [b.title() for b in backs],
                                       p.card_back)),
            ("four_color", self._choice("Four-colour deck", *ON_OFF, p.four_color)),
            ("large_index", self._choice("Large card index", *ON_OFF, p.large_index)),
            ("confirm_knock", self._choice("Confirm before knocking", *ON_OFF, p.confirm_knock)),
        ]
        self.button("Done", self.back, "Esc", "Save and go back")

    def _choice(self, label: str, values: list[Any], texts: list[str], current: Any) -> Choice:
        index = values.index(current) if current in values else 0
        return Choice(label, values, texts, index, on_change=lambda _: self._changed())

    def _changed(self) -> None:
        values = {name: choice.value for name, choice in self.rows}
        self.app.apply_prefs(replace(self.app.prefs, **values))
        self.app.sounds.play("click")

    def handle(self, event: pygame.event.Event) -> None:
        """Rows, then buttons."""
        for _, choice in self.rows:
            if choice.handle(event):
                self.app.dirty = True
        super().handle(event)

    def key(self, event: pygame.event.Event) -> None:
        """Up/down pick a row, left/right change it."""
        if event.key in (pygame.K_UP, pygame.K_DOWN):
            self.focus = (self.focus + (1 if event.key == pygame.K_DOWN else -1)) % len(self.rows)
            self.app.dirty = True
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.rows[self.focus][1].step(1 if event.key == pygame.K_RIGHT else -1)
            self.app.dirty = True
        else:
            super().key(event)

    def resize(self, size: tuple[int, int]) -> None:
        """A centred list of rows."""
        w, h = size
        row_h = max(44, self.app.px(48))
        width = min(w - 64, self.app.px(640))
        y = self.app.px(100)
        for _, choice in self.rows:
            choice.layout(pygame.Rect(w // 2 - width // 2, y, width, row_h), row_h - 6)
            y += row_h + self.app.px(6)
        bw, bh = max(150, self.app.px(170)), max(44, self.app.px(50))
        self.buttons[0].rect = pygame.Rect(w // 2 - bw // 2, h - 16 - bh, bw, bh)

    def draw(self, surface: pygame.Surface) -> None:
        """Rows and the Done button."""
        self.draw_background(surface)
        first, last = self.rows[0][1].rect, self.rows[-1][1].rect
        panel(surface, first.union(last).inflate(30, 24), 130, 14)
        for i, (_, choice) in enumerate(self.rows):
            choice.draw(surface, self.app.fonts, self.app.text_size(18), i == self.focus)
        for b in self.shown():
            b.draw(surface, self.app.fonts, self.app.text_size(18))
        if self.tip is not None:
            super().draw_buttons(surface)
