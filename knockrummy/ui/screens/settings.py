"""Settings: every persisted setting, each saved as soon as it changes.

Two columns: play (animation speed, computer pace, confirmations, undo, the
default game and who sits where) and cards, sound and window (volume, mute, card
back, four-colour deck, large index, window size, full screen). Click a value
(or its arrows) to change it; Up/Down pick a row, Left/Right change it. A card
preview shows the deck as set.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pygame

from knockrummy import i18n
from knockrummy.app.computer import levels, seat_title
from knockrummy.app.prefs import AI_PACINGS, ANIMATION_SPEEDS, Prefs, pacing_words, speed_words
from knockrummy.engine import PRESETS, Card
from knockrummy.i18n import N_, _, pgettext
from knockrummy.ui import paths
from knockrummy.ui.gfx import ACCENT, TEXT, TEXT_DIM, panel
from knockrummy.ui.screens.base import ButtonScene
from knockrummy.ui.screens.names import back_name, on_off
from knockrummy.ui.widgets import Choice, pointer
from knockrummy.words.rules import preset_name

if TYPE_CHECKING:
    from knockrummy.ui.app import App

WINDOW_SIZES = ((960, 600), (1280, 720), (1280, 800), (1600, 900), (1920, 1080), (2560, 1440))
SEAT_KINDS = ("human", *levels())


def _size_text(size: tuple[int, int]) -> str:
    """``"1280 x 720"``."""
    # Translators: a window's size in pixels, width x height
    return _("{width} x {height}").format(width=size[0], height=size[1])


def _on_off() -> tuple[list[Any], list[str]]:
    """The values and words of an on/off row."""
    return [True, False], [on_off(True), on_off(False)]



def _near(values: list[float], value: float) -> float:
    return min(values, key=lambda v: abs(v - value))


class SettingsScene(ButtonScene):
    """Edit and save the settings."""

    name = "settings"
    heading = N_("Settings")

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self._build()

    def relabel(self) -> None:
        """The language changed: every word made anew in it, the focus kept on its row
        (the rows are made again from the settings, which hold every value shown)."""
        focus = self.focus
        self.buttons = []
        self.tip = None
        self._build()
        self.focus = focus
        where = pointer()  # the row under the pointer stays lit
        for choice in self.controls():
            choice.hover = where is not None and choice.rect.collidepoint(where)

    def _build(self) -> None:
        """Every row and the Done button, in the language now spoken."""
        app = self.app
        p = app.prefs
        ON_OFF = _on_off()  # noqa: N806 - the rows' shared on/off
        backs = paths.back_names() or ["blue"]
        volumes = [round(v / 10, 1) for v in range(0, 11)]
        speeds = [v for v, _ in ANIMATION_SPEEDS]
        pacings = [v for v, _ in AI_PACINGS]
        keys = list(PRESETS)
        self.preset = self._choice(_("Default game"), keys,
                                   [preset_name(PRESETS[k]) for k in keys],
                                   p.default_preset if p.default_preset in keys else "knock",
                                   self._preset_changed)
        self.count = self._choice(_("Default players"), [3], ["3"], 3)
        self.pills = [Choice("", list(SEAT_KINDS), [seat_title(k) for k in SEAT_KINDS], 0,
                             on_change=lambda _: self._changed(), compact=True)
                      for _ in range(6)]
        for pill, kind in zip(self.pills, p.default_seats, strict=False):
            pill.index = SEAT_KINDS.index(kind) if kind in SEAT_KINDS else 0
        for pill in self.pills[len(p.default_seats):]:
            pill.index = SEAT_KINDS.index("medium")
        self.left: list[tuple[str, Choice]] = [
            ("animation_speed", self._choice(_("Animation speed"), speeds,
                                             speed_words(),
                                             _near(speeds, p.animation_speed))),
            ("ai_pacing", self._choice(_("Computer pace"), pacings,
                                       pacing_words(),
                                       _near(pacings, p.ai_pacing))),
            ("confirm_knock", self._choice(_("Confirm before knocking"), *ON_OFF,
                                           p.confirm_knock)),
            ("allow_undo", self._choice(_("Allow undo"), *ON_OFF, p.allow_undo)),
            ("default_preset", self.preset),
            ("players", self.count),
        ]
        self.right: list[tuple[str, Choice]] = [
            ("volume", self._choice(_("Volume"), volumes,
                                    [_("{percent}%").format(percent=round(v * 100))
                                     for v in volumes],
                                    _near(volumes, p.volume))),
            ("muted", self._choice(_("Mute"), *ON_OFF, p.muted)),
            ("card_back", self._choice(_("Card back"), backs, [back_name(b) for b in backs],
                                       p.card_back)),
            ("four_color", self._choice(_("Four-colour deck"), *ON_OFF, p.four_color)),
            ("large_index", self._choice(_("Large card index"), *ON_OFF, p.large_index)),
            ("window_size", self._choice(_("Window size"), [app.size], [_size_text(app.size)],
                                         app.size, self._window_size_changed)),
            ("fullscreen", self._choice(_("Full screen"), *ON_OFF, app.fullscreen,
                                        self._fullscreen_changed)),
            ("language", self._choice(_("Language"), list(i18n.LANGUAGES),
                                      list(i18n.LANGUAGES.values()),
                                      p.language if p.language in i18n.LANGUAGES
                                      else i18n.language(),
                                      self._language_changed)),
        ]
        self._show_window()
        self.button(_("Done"), self.back, "Esc", _("Back (every change is already saved)"))
        self._preset_changed(None, initial=len(p.default_seats))

    def _choice(self, label: str, values: list[Any], texts: list[str], current: Any,
                on_change: Any = None) -> Choice:
        index = values.index(current) if current in values else 0
        return Choice(label, values, texts, index,
                      on_change=on_change or (lambda _: self._changed()))

    # ----------------------------------------------------------------- model

    @property
    def rows(self) -> list[tuple[str, Choice]]:
        """Every setting's control by name (the seat pills as seat0, seat1, ...)."""
        n = int(self.count.value)
        return self.left + self.right + [(f"seat{i}", p) for i, p in enumerate(self.pills[:n])]

    def controls(self) -> list[Choice]:
        """Every editable control in focus order: left column, seat pills, right column."""
        return ([c for _, c in self.left] + self.pills[: int(self.count.value)]
                + [c for _, c in self.right])

    def _preset_changed(self, _value: Any, initial: int | None = None) -> None:
        rules = PRESETS[str(self.preset.value)]
        counts = list(range(rules.min_players, rules.max_players + 1))
        wanted = initial if initial is not None else int(self.count.value)
        wanted = max(counts[0], min(counts[-1], wanted))
        self.count.values = counts
        self.count.texts = [str(c) for c in counts]
        self.count.index = counts.index(wanted)
        self.count.on_change = lambda _: self._changed()
        if initial is None:
            self._changed()
        self.resize(self.app.size)

    def _show_window(self) -> None:
        """Window size and full screen as the window really is now: the sizes offered are
        the usual ones that fit the screen, with the window's own size among them."""
        app = self.app
        rows = dict(self.right)
        largest = app.largest_window()
        sizes = sorted({s for s in WINDOW_SIZES if s[0] <= largest[0] and s[1] <= largest[1]}
                       | {app.size, largest}, key=lambda s: (s[0] * s[1], s))
        choice = rows["window_size"]
        choice.values = sizes
        choice.texts = [_size_text(s) for s in sizes]
        choice.index = sizes.index(app.size)
        choice.wrap = False  # > at the largest never jumps to the smallest
        screen = rows["fullscreen"]
        screen.index = screen.values.index(app.fullscreen)

    def _window_size_changed(self, size: Any) -> None:
        """Stepping the window size is a request: the window takes that size now (fitted
        to the screen) and it is remembered; nothing else ever resizes it from here."""
        if self.app.fullscreen:
            self.app.toggle_fullscreen()
        self.app.set_window_size(tuple(size))
        self.app.apply_prefs(replace(self.app.prefs, window_size=self.app.size))
        self.app.sounds.play("click")
        self.resize(self.app.size)

    def _fullscreen_changed(self, on: Any) -> None:
        """Full screen on or off; the row then shows what the window really did."""
        if bool(on) != self.app.fullscreen:
            self.app.toggle_fullscreen()
        self.app.sounds.play("click")
        self.resize(self.app.size)

    def _language_changed(self, code: Any) -> None:
        """Speak ``code`` from the next frame: the window makes every screen's words anew
        (this one keeps its rows and focus, :meth:`relabel`)."""
        self.app.apply_prefs(replace(self.app.prefs, language=str(code)))
        self.app.sounds.play("click")

    def prefs(self) -> Prefs:
        """The settings as shown (the window's size and full screen are not among them:
        they change only when asked for, by their own rows)."""
        values = {name: choice.value for name, choice in self.left + self.right
                  if name not in ("players", "window_size", "fullscreen", "language")}
        seats = tuple(str(p.value) for p in self.pills[: int(self.count.value)])
        return replace(self.app.prefs, **values, default_seats=seats)

    def _changed(self) -> None:
        self.app.apply_prefs(self.prefs())
        self.app.sounds.play("click")
        self.resize(self.app.size)

    # ----------------------------------------------------------------- input

    def handle(self, event: pygame.event.Event) -> None:
        """Rows, then buttons."""
        for choice in self.controls():
            if choice.handle(event):
                self.app.dirty = True
                if event.type == pygame.MOUSEBUTTONDOWN:
                    # one click changes one row: the change may move the rows (a new
                    # window size), and the row now under the pointer was not clicked
                    return
        super().handle(event)

    def key(self, event: pygame.event.Event) -> None:
        """Up/down (Tab, Shift+Tab) pick a row, left/right change it."""
        rows = self.controls()
        if event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
            back = event.key == pygame.K_UP or (event.key == pygame.K_TAB
                                                and event.mod & pygame.KMOD_SHIFT)
            self.focus = (self.focus + (-1 if back else 1)) % len(rows)
            self.app.dirty = True
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            rows[self.focus % len(rows)].step(1 if event.key == pygame.K_RIGHT else -1)
            self.app.dirty = True
        else:
            super().key(event)

    # ----------------------------------------------------------------- layout

    def _columns(self) -> tuple[pygame.Rect, pygame.Rect, int]:
        w, h = self.app.size
        margin = max(24, self.app.px(40))
        col_w = min((w - margin * 3) // 2, self.app.px(560))
        gap = w - col_w * 2 - margin * 2
        row_h = max(44, self.app.px(48))
        # under the heading, with room for the panels' titles
        top = self.app.px(28) + self.app.text_size(40) + self.app.text_size(14) + 34
        left = pygame.Rect(margin + max(0, gap - margin) // 2, top, col_w, row_h)
        right = left.move(col_w + min(gap, margin), 0)
        return left, right, row_h + self.app.px(6)

    def resize(self, size: tuple[int, int]) -> None:
        """Two columns of rows; the seat pills under the left one; Done at the bottom."""
        w, h = size
        self._show_window()  # the window may have changed size or mode
        left, right, step = self._columns()
        arrow = left.height - 6
        fonts, text = self.app.fonts, self.app.text_size(18)
        for i, (_name, choice) in enumerate(self.left):
            choice.layout(left.move(0, i * step), arrow, fonts, text, self._box(self.left, left))
        labels = len(self._seats_label(left.width))
        y = left.top + len(self.left) * step + labels * self.app.text_size(14) + 4  # label
        n = int(self.count.value)
        gap = self.app.px(6)
        pill_w = (left.width - gap * (n - 1)) // max(1, n)
        for i, pill in enumerate(self.pills[:n]):
            pill.layout(pygame.Rect(left.left + i * (pill_w + gap), y, pill_w, left.height), 0)
        for i, (_name, choice) in enumerate(self.right):
            choice.layout(right.move(0, i * step), arrow, fonts, text,
                          self._box(self.right, right))
        bw, bh = max(150, self.app.px(170)), max(44, self.app.px(50))
        self.buttons[0].rect = pygame.Rect(w // 2 - bw // 2, h - 16 - bh, bw, bh)

    def _box(self, rows: list[tuple[str, Choice]], rect: pygame.Rect) -> int:
        """One value width for a column, so its arrows line up: wide enough for the longest
        value of any row where the labels leave room."""
        arrow = rect.height - 6
        rooms = [c.value_room(rect, arrow, self.app.fonts, self.app.text_size(18))
                 for _, c in rows]
        wanted = max(rect.width * 11 // 40, *(longest for longest, _ in rooms))
        return min(wanted, *(most for _, most in rooms))

    # ----------------------------------------------------------------- drawing

    def draw(self, surface: pygame.Surface) -> None:
        """Both columns, the seats, the card preview and Done."""
        self.draw_background(surface)
        fonts = self.app.fonts
        size = self.app.text_size(18)
        small = self.app.text_size(14)
        n = int(self.count.value)
        left_area = self.left[0][1].rect.unionall([p.rect for p in self.pills[:n]])
        right_area = self.right[0][1].rect.union(self.right[-1][1].rect)
        # Translators: the settings' two panels
        for area, title in ((left_area, pgettext("settings", "Play")),
                            (right_area, _("Cards, sound and window"))):
            box = area.inflate(24, 24)
            box.top -= small + 8
            box.height += small + 8
            panel(surface, box, 130, 14)
            head = fonts.text(title, small, ACCENT, bold=True)
            surface.blit(head, (box.left + 12, box.top + 6))
        rows = self.controls()
        focus = self.focus % len(rows)
        for i, choice in enumerate(rows):
            choice.draw(surface, fonts, size, i == focus)
            if choice.compact and i == focus:
                pygame.draw.rect(surface, TEXT, choice.rect.inflate(6, 6), 2,
                                 choice.rect.height // 3)
        lines = self._seats_label(left_area.width)
        y = self.pills[0].rect.top - 2 - len(lines) * fonts.font(small).get_height()
        for line in lines:
            label = fonts.text(line, small, TEXT_DIM)
            surface.blit(label, (left_area.left + 6, y))
            y += label.get_height()
        self._preview(surface, right_area)
        self.draw_buttons(surface)

    def _seats_label(self, width: int) -> list[str]:
        """The line over the seat pills, wrapped to the column (a longer language)."""
        return self.app.fonts.wrap(_("Seats in order round the table (click to change)"),
                                   self.app.text_size(14), width - 12)

    def _preview(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """Two faces and a back as the deck is set, where there is room."""
        room = self.buttons[0].rect.top - area.bottom - self.app.px(30)
        width = min(self.app.px(64), round(room / 1.4))
        if width < 36:
            return
        art = self.app.cards
        x = area.left + 6
        y = area.bottom + self.app.px(22)
        for card in (Card.parse("AD"), Card.parse("KC")):
            surface.blit(art.face(card, width), (x, y))
            x += width + self.app.px(10)
        surface.blit(art.back(width), (x, y))
