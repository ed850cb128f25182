"""Learn to play: the chooser of the three lessons, and the offer of them on the very
first start.

:class:`LearnScene` lists the lessons (Knock Rummy, the default game, first), each with
what it teaches and about how long it takes, and marks those finished (the settings'
``lessons_done``); a lesson opens the table in lesson mode (``app.open("lesson", key)``).

:class:`LearnOfferScene` asks once, over the title, "New to these games?": *Learn to play*
or *Skip* (Esc skips too). Either answer is kept in the settings (``lessons_offered``),
so it is never asked again; *Learn to play* stays on the title for later.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from knockrummy.app import prefs as prefs_store
from knockrummy.app.lessons import LESSONS, estimate
from knockrummy.i18n import N_, _
from knockrummy.ui.gfx import ACCENT, TEXT, TEXT_DIM, panel
from knockrummy.ui.screens.base import ButtonScene

if TYPE_CHECKING:
    from knockrummy.ui.app import App

#: said under the heading of the chooser
INTRO = N_("A guided hand at the real table, one thing at a time. Pick a game:")


def lesson_label(key: str, done: tuple[str, ...]) -> str:
    """A lesson's button: its title, marked when finished."""
    title = LESSONS[key].title
    # Translators: a lesson's button once the lesson is finished
    return _("{lesson}  (done)").format(lesson=title) if key in done else title


class LearnScene(ButtonScene):
    """The lessons to choose from."""

    name = "learn"
    heading = N_("Learn to play")

    def __init__(self, app: App) -> None:
        super().__init__(app)
        done = app.prefs.lessons_done
        for key, lesson in LESSONS.items():
            time = estimate(lesson)
            # Translators: a lesson's tooltip: what it teaches, then how long it takes
            tip = _("{summary} {time}.").format(summary=lesson.summary,
                                                time=time[:1].upper() + time[1:])
            self.button(lesson_label(key, done), self._opener(key), "", tip)
        self.button(_("Back"), self.back, "Esc", _("Back to the title"))
        self.resize(app.size)

    def _opener(self, key: str) -> Callable[[], None]:
        return lambda: self.app.open("lesson", key)

    def resize(self, size: tuple[int, int]) -> None:
        """The lessons in a column under the introduction."""
        self.column(self.app.px(170), max(300, self.app.px(380)))

    def draw(self, surface: pygame.Surface) -> None:
        """Heading, introduction, the lessons with what each teaches."""
        self.draw_background(surface)
        app = self.app
        fonts = app.fonts
        size = app.text_size(17)
        width = min(app.size[0] - 32, app.px(700))
        y = app.px(100)
        for line in fonts.wrap(_(INTRO), size, width):
            text = fonts.text(line, size, TEXT_DIM)
            surface.blit(text, text.get_rect(midtop=(app.size[0] // 2, y)))
            y += fonts.font(size).get_linesize()
        self.draw_buttons(surface)


class LearnOfferScene(ButtonScene):
    """The first start's question, over the title: learn, or skip."""

    name = "learn_offer"
    opaque = False

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.button(_("Learn to play"), self.learn, "Enter",
                    _("A guided first hand, about 2 minutes"))
        self.button(_("Skip"), self.skip, "Esc", _("Go straight to the title (Learn to play "
                                                     "stays there)"))
        self.resize(app.size)

    def _answered(self) -> None:
        self.app.prefs = replace(self.app.prefs, lessons_offered=True)
        if self.app.save_prefs:
            prefs_store.save(self.app.prefs)
        self.app.pop()

    def learn(self) -> None:
        """Open the lessons."""
        self._answered()
        self.app.open("learn")

    def skip(self) -> None:
        """Not now (never asked again)."""
        self._answered()

    def back(self) -> None:
        """Esc skips."""
        self.skip()

    def _box(self) -> pygame.Rect:
        """As tall as the question, its words and the buttons need (a fixed height left
        a gap above the buttons that a helper took for something missing)."""
        w, h = self.app.size
        width = min(w - 64, self.app.px(620))
        fonts = self.app.fonts
        lines = len(fonts.wrap(self._words(), self.app.text_size(16), width - 48))
        needed = (18 + fonts.font(self.app.text_size(24), True).get_linesize() + 10
                  + lines * fonts.font(self.app.text_size(16)).get_linesize()
                  + self.app.px(24) + max(44, self.app.px(50)) + 20)
        box = pygame.Rect(0, 0, width, min(h - 48, needed))
        box.center = (w // 2, h // 2)
        return box

    @staticmethod
    def _words() -> str:
        return _("Learn to play with a guided first hand at the real table: about 2 minutes, "
                 "one thing at a time. Or skip it: Learn to play stays on the title.")

    def resize(self, size: tuple[int, int]) -> None:
        """The two buttons side by side at the foot of the box."""
        box = self._box()
        bw, bh = max(150, self.app.px(200)), max(44, self.app.px(50))
        gap = self.app.px(20)
        left = box.centerx - bw - gap // 2
        for i, b in enumerate(self.buttons):
            b.rect = pygame.Rect(left + i * (bw + gap), box.bottom - bh - 20, bw, bh)

    def key(self, event: pygame.event.Event) -> None:
        """Left and Right move between the two answers; Enter, Space and Esc as usual."""
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.focus = 0 if event.key == pygame.K_LEFT else 1
            self.app.dirty = True
        else:
            super().key(event)

    def draw(self, surface: pygame.Surface) -> None:
        """Shade, the question, the two answers."""
        shade = pygame.Surface(self.app.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 120))
        surface.blit(shade, (0, 0))
        box = self._box()
        panel(surface, box, 240, 16, border=ACCENT)
        fonts = self.app.fonts
        title = fonts.text(_("New to these games?"), self.app.text_size(24), ACCENT, bold=True)
        surface.blit(title, (box.left + 24, box.top + 18))
        size = self.app.text_size(16)
        y = box.top + 18 + title.get_height() + 10
        for line in fonts.wrap(self._words(), size, box.width - 48):
            surface.blit(fonts.text(line, size, TEXT), (box.left + 24, y))
            y += fonts.font(size).get_linesize()
        self.draw_buttons(surface)
