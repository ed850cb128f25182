"""The title screen: Continue, New game, Rules, Settings, Statistics, Quit."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from knockrummy.app import saves
from knockrummy.ui.gfx import TEXT_DIM
from knockrummy.ui.screens.base import ButtonScene

if TYPE_CHECKING:
    from knockrummy.ui.app import App


class TitleScene(ButtonScene):
    """The first screen."""

    name = "title"
    heading = "Knock Rummy"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.message = ""
        self.cont = self.button("Continue", self.continue_game, "Enter",
                                "Continue the saved game")
        self.button("Play Knock Rummy", self.quick_game, "P",
                    "Start Knock Rummy against two medium computer players now")
        self.button("New game", self.new_game, "N", "Choose a game and the players")
        self.button("Rules", self.rules, "R", "How the games are played")
        self.button("Settings", self.settings, "", "Animation speed, sound, cards")
        self.button("Statistics", self.statistics, "", "Games played and won")
        self.button("Quit", app.quit, "Ctrl+Q", "Leave the game")
        self.enter()

    def enter(self) -> None:
        """Show Continue only when there is a saved game."""
        self.cont.visible = saves.has_saved_match()
        self.focus = 0
        self.resize(self.app.size)

    def continue_game(self) -> None:
        """Resume the saved match."""
        from knockrummy.ui import session
        reason = session.continue_saved(self.app)
        if reason is not None:
            self.message = reason
            self.cont.visible = False
            self.resize(self.app.size)
            self.app.dirty = True

    def quick_game(self) -> None:
        """One click: Knock Rummy against two medium opponents."""
        from knockrummy.ui import session
        from knockrummy.ui.screens.newgame import default_setup
        session.start_game(self.app, default_setup("knock", 3))

    def new_game(self) -> None:
        """Open the new-game screen."""
        from knockrummy.ui.screens.newgame import NewGameScene
        self.app.push(NewGameScene(self.app))

    def rules(self) -> None:
        """Open the rules screen for the default preset."""
        from knockrummy.engine import PRESETS
        from knockrummy.ui.screens.rules import RulesScene
        key = self.app.prefs.default_preset
        self.app.push(RulesScene(self.app, PRESETS.get(key, PRESETS["knock"]), browse=True))

    def settings(self) -> None:
        """Open the settings screen."""
        from knockrummy.ui.screens.settings import SettingsScene
        self.app.push(SettingsScene(self.app))

    def statistics(self) -> None:
        """Open the statistics screen."""
        from knockrummy.ui.screens.stats import StatsScene
        self.app.push(StatsScene(self.app))

    def back(self) -> None:
        """Esc on the title does nothing (Quit is a button)."""

    def key(self, event: pygame.event.Event) -> None:
        """N starts a new game; R opens the rules."""
        if event.key == pygame.K_p:
            self.quick_game()
        elif event.key == pygame.K_n:
            self.new_game()
        elif event.key == pygame.K_r:
            self.rules()
        else:
            super().key(event)

    def resize(self, size: tuple[int, int]) -> None:
        """Centre the column."""
        self.column(round(size[1] * 0.3))

    def draw(self, surface: pygame.Surface) -> None:
        """Title, subtitle, buttons."""
        self.draw_background(surface)
        sub = self.app.fonts.text("Knock Rummy, Gin Rummy and Rummy", self.app.text_size(20),
                                  TEXT_DIM)
        surface.blit(sub, sub.get_rect(midtop=(self.app.size[0] // 2, self.app.px(90))))
        if self.message:
            note = self.app.fonts.text(self.message, self.app.text_size(17), TEXT_DIM)
            surface.blit(note, note.get_rect(midtop=(self.app.size[0] // 2,
                                                     self.app.px(130))))
        self.draw_buttons(surface)
