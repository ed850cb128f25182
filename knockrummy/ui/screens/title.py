"""The title screen: Continue, Play, Learn to play, New game, Saved games, Match records,
Rules, Settings, Statistics, Quit.

Continue appears when an unfinished match is saved, Saved games when any is.
Anything the store had to set aside (a damaged save) and any setting that fell
back to its default is said once, in words, in a notice over the title; the
game then goes on normally. On the very first start, the lessons are offered once
(Learn to play or Skip, over the title).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from knockrummy.app import prefs as prefs_store
from knockrummy.app import saves
from knockrummy.app.setups import default_setup
from knockrummy.engine import PRESETS
from knockrummy.i18n import N_, _
from knockrummy.ui import matches
from knockrummy.ui.gfx import TEXT_DIM
from knockrummy.ui.screens.base import ButtonScene
from knockrummy.words.rules import preset_name

if TYPE_CHECKING:
    from knockrummy.ui.app import App


class TitleScene(ButtonScene):
    """The first screen."""

    name = "title"
    heading = N_("Knock Rummy")

    def __init__(self, app: App) -> None:
        super().__init__(app)
        #: sentences to show once in a notice (first update)
        self.notes: list[str] = []
        #: where the subtitle was last drawn
        self.subtitle_rect = pygame.Rect(0, 0, 0, 0)
        self._buttons()
        if app.notes:  # settings that fell back: say so once, and write them back fixed
            self.notes.extend(app.notes)
            app.notes.clear()
            if app.save_prefs:
                prefs_store.save(app.prefs)
        self.enter()

    def relabel(self) -> None:
        """The language changed: the buttons in it, the focus where it was."""
        focus = self.focus
        self.buttons = []
        self.tip = None
        self._buttons()
        self.enter()
        self.focus = focus

    def _buttons(self) -> None:
        app = self.app
        self.cont = self.button(_("Continue"), self.continue_game, "Enter",
                                _("Continue the last game, where it was left"))
        self.quick = self.button(_("Play Knock Rummy"), self.quick_game, "P",
                                 _("Start the default game now"))
        self.button(_("Learn to play"), self.learn, "",
                    _("A guided first hand of Knock Rummy, Gin or Rummy, about 2 minutes"))
        self.button(_("New game"), self.new_game, "N", _("Choose a game and the players"))
        self.saved = self.button(_("Saved games"), self.saved_games, "L",
                                 _("Every saved game: resume it, look back on it, or delete it"))
        self.button(_("Match records"), self.records, "M",
                    _("Replay a match record: exported matches and any record in the "
                      "records folder"))
        self.button(_("Rules"), self.rules, "R", _("How the games are played"))
        self.button(_("Settings"), self.settings, "",
                    _("Animation speed, sound, cards, defaults"))
        self.button(_("Statistics"), self.statistics, "", _("Games played and won"))
        self.button(_("Quit"), app.quit, "Ctrl+Q", _("Leave the game"))

    def enter(self) -> None:
        """Show Continue and Saved games only when there are saved games."""
        shelf = saves.SavedGames()
        infos = shelf.listed()
        self.notes.extend(m for m in shelf.take_messages() if m not in self.notes)
        latest = next((info for info in infos if not info.over), None)
        self.cont.visible = latest is not None
        if latest is not None:  # which game Continue resumes (with two saved, it said not)
            row = saves.save_row(latest)
            # Translators: Continue's tooltip on the title; {state} is "hand 2" or "after
            # hand 1", {when} "today 14:05"
            self.cont.tooltip = _("Continue {game} with {players}: {state}, saved "
                                  "{when}").format(game=row.game, players=row.players,
                                                   state=row.state, when=row.when)
        self.saved.visible = bool(infos)
        rules = PRESETS.get(self.app.prefs.default_preset, PRESETS["knock"])
        # Translators: the quick-start button; {game} is a game's name ("Play Gin Rummy")
        self.quick.label = _("Play {game}").format(game=preset_name(rules))
        self.quick.tooltip = _("Start {game} with your default players now").format(
            game=preset_name(rules))
        self.focus = 0
        self.resize(self.app.size)

    def update(self, dt: float) -> None:
        """Show pending notes once, over the title."""
        if self.app.stack.top is not self:
            return
        if self.notes:
            notes, self.notes = self.notes, []
            self.app.open("notice", _("Good to know"), notes)
        elif self.app.offer_lessons and not self.app.prefs.lessons_offered:
            # the very first start (the start-up says so): offer the lessons, once
            self.app.offer_lessons = False
            self.app.open("learn_offer")

    def continue_game(self) -> None:
        """Resume the saved match."""
        reason = matches.continue_saved(self.app)
        if reason is not None:  # said in a notice; the title goes on without it
            self.notes.append(reason)
            self.enter()
            self.app.dirty = True

    def quick_game(self) -> None:
        """One click: the default game with the default seats (Knock Rummy against two
        medium computers unless changed in the settings)."""
        prefs = self.app.prefs
        matches.start_game(self.app, default_setup(prefs.default_preset,
                                                   seats=prefs.default_seats))

    def learn(self) -> None:
        """Open Learn to play: the lessons."""
        self.app.open("learn")

    def new_game(self) -> None:
        """Open the new-game screen."""
        self.app.open("newgame")

    def saved_games(self) -> None:
        """Open the saved-games screen."""
        self.app.open("saved")

    def records(self) -> None:
        """Open the match records screen."""
        self.app.open("records")

    def rules(self) -> None:
        """Open the rules screen for the default preset."""
        key = self.app.prefs.default_preset
        self.app.open("rules", PRESETS.get(key, PRESETS["knock"]), browse=True)

    def settings(self) -> None:
        """Open the settings screen."""
        self.app.open("settings")

    def statistics(self) -> None:
        """Open the statistics screen."""
        self.app.open("stats")

    def back(self) -> None:
        """Esc on the title does nothing (Quit is a button)."""

    def key(self, event: pygame.event.Event) -> None:
        """P plays, N starts a new game, L lists saved games, M match records, R the rules."""
        if event.key == pygame.K_p:
            self.quick_game()
        elif event.key == pygame.K_n:
            self.new_game()
        elif event.key == pygame.K_l and self.saved.visible:
            self.saved_games()
        elif event.key == pygame.K_r:
            self.rules()
        elif event.key == pygame.K_m:
            self.records()
        else:
            super().key(event)

    def resize(self, size: tuple[int, int]) -> None:
        """Centre the column, high enough that every button fits."""
        n = len(self.shown())
        bh, gap = max(44, self.app.px(52)), self.app.px(12)
        top = min(round(size[1] * 0.3), size[1] - 16 - n * (bh + gap))
        low = self.app.px(150)
        if top < low:  # every button shown in a small window: closer together, higher up,
            # the first one's focus ring clear of the subtitle (a player saw them touch)
            sub = self.app.fonts.font(self.app.text_size(20)).get_linesize()
            low = self.app.px(90) + sub + self.app.px(16)
            gap = max(4, min(gap, (size[1] - 16 - low) // n - bh))
        self.column(max(low, top))
        for i, b in enumerate(self.shown()):
            b.rect.top = max(low, top) + i * (bh + gap)

    def tooltip_keep_clear(self) -> list[pygame.Rect]:
        """The subtitle: Continue's tooltip was drawn over it, letters showing round its
        edges (a first-time player)."""
        return [self.subtitle_rect] if self.subtitle_rect.height else []

    def draw(self, surface: pygame.Surface) -> None:
        """Title, subtitle, buttons."""
        self.draw_background(surface)
        sub = self.app.fonts.text(_("Knock Rummy, Gin Rummy and Rummy"), self.app.text_size(20),
                                  TEXT_DIM)
        self.subtitle_rect = sub.get_rect(midtop=(self.app.size[0] // 2, self.app.px(90)))
        surface.blit(sub, self.subtitle_rect)
        self.draw_buttons(surface)
