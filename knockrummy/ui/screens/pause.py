"""The in-game menu (Esc): resume, rules, scores, settings, leave."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from knockrummy.i18n import _
from knockrummy.ui import matches
from knockrummy.ui.gfx import ACCENT, panel
from knockrummy.ui.screens.base import ButtonScene

if TYPE_CHECKING:
    from knockrummy.app.session import MatchSession
    from knockrummy.ui.app import App


#: how dark the table gets behind the menu (of 255): cards and text behind stay shapes only
SHADE = 200
#: the menu's panel, solid
MENU = (14, 44, 31)


class PauseScene(ButtonScene):
    """Menu over the table."""

    name = "pause"
    opaque = False
    heading = ""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        assert app.session is not None, "the menu is for a running match"
        #: the running match
        self.session: MatchSession = app.session
        self.button(_("Resume"), self.back, "Esc", _("Back to the table"))
        self.button(_("Rules"), self.rules, "R", _("The rules of this game"))
        self.button(_("Scores"), self.scores, "", _("The match so far"))
        self.button(_("Settings"), self.settings, "", _("Animation speed, sound, cards"))
        self.button(_("Leave to title"), self.leave_game, "", _("Stop this match"))
        self.button(_("Quit"), app.quit, "Ctrl+Q", _("Close the game"))

    def rules(self) -> None:
        """Rules of the running game."""
        self.app.open("rules", self.session.match.rules)

    def scores(self) -> None:
        """Scores so far."""
        self.app.open("scores", self.session)

    def settings(self) -> None:
        """Settings."""
        self.app.open("settings")

    def leave_game(self) -> None:
        """Back to the title."""
        matches.to_title(self.app)

    def key(self, event: pygame.event.Event) -> None:
        """R for rules."""
        if event.key == pygame.K_r:
            self.rules()
        else:
            super().key(event)

    def resize(self, size: tuple[int, int]) -> None:
        """Column in the middle."""
        n = len(self.shown())
        h = max(44, self.app.px(52)) + self.app.px(12)
        self.column(size[1] // 2 - n * h // 2)

    def draw(self, surface: pygame.Surface) -> None:
        """Dim the table, then the menu."""
        shade = pygame.Surface(self.app.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, SHADE))
        surface.blit(shade, (0, 0))
        shown = self.shown()
        if shown:
            box = shown[0].rect.unionall([b.rect for b in shown]).inflate(60, 60)
            panel(surface, box, 255, 16, MENU, border=ACCENT)  # solid: nothing reads through
        self.draw_buttons(surface)
