"""The new-game screen: preset, players, who sits where, house rules, game length."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from knockrummy.app import options
from knockrummy.app.computer import level_note, level_title, levels, seat_title
from knockrummy.app.controller import COMPUTER, HUMAN, GameSetup, SeatSetup, random_seed
from knockrummy.app.names import YOU, kept_name, player_name, shown_name
from knockrummy.app.prefs import LastGame
from knockrummy.app.setups import COMPUTER_NAMES, NAMES
from knockrummy.engine import PRESETS, Family, Rules, with_options
from knockrummy.i18n import N_, _, ngettext
from knockrummy.ui import matches
from knockrummy.ui.gfx import ACCENT, TEXT, TEXT_DIM, Fonts, panel
from knockrummy.ui.screens.base import ButtonScene
from knockrummy.ui.widgets import Choice, TextField, cut
from knockrummy.words.rules import preset_name, preset_summary

if TYPE_CHECKING:
    from knockrummy.ui.app import App

def _box(choices: list[Choice], rect: pygame.Rect, arrow: int, fonts: Fonts,
         size: int) -> int:
    """The value width for a column of pickers: the longest value, where labels allow."""
    rooms = [c.value_room(rect, arrow, fonts, size) for c in choices]
    wanted = max(rect.width * 11 // 40, *(longest for longest, _ in rooms))
    return min(wanted, *(most for _, most in rooms))


class SeatRow:
    """One seat: name, human or computer, level."""

    def __init__(self, index: int, on_change: Any) -> None:
        self.index = index
        self.name = TextField(shown_name(NAMES[index]))

        def kind_changed(value: object) -> None:
            self._default_name_for(str(value))
            on_change(value)

        self.kind = Choice("", [HUMAN, COMPUTER], [seat_title(HUMAN), seat_title(COMPUTER)],
                           0 if index == 0 else 1,
                           on_change=kind_changed, compact=True)
        lv = levels()
        self.level = Choice("", list(lv), [level_title(x) for x in lv],
                            lv.index("medium") if "medium" in lv else 0, compact=True)

    def _default_name_for(self, kind: str) -> None:
        """A seat switched between human and computer keeps a name the player typed, but a
        default name follows the switch (a computer's "Ada" becomes "Player 2")."""
        computer_name = NAMES[self.index] if self.index else COMPUTER_NAMES[-1]
        defaults = {NAMES[self.index], shown_name(NAMES[self.index]), computer_name,
                    f"Player {self.index + 1}", player_name(self.index + 1)}
        if self.name.text.strip() not in defaults | {""}:
            return
        if kind == HUMAN:
            self.name.text = shown_name(NAMES[0]) if self.index == 0 else \
                player_name(self.index + 1)
        else:
            self.name.text = computer_name


def players_note(rules: Rules) -> str:
    """What the Players row says when pointed at: how many may play this game, and for
    two-player Gin, where its bigger table is (a first-time player clicked its arrows
    for three and nothing happened)."""
    game = preset_name(rules)
    if rules.min_players == rules.max_players:
        if rules.family is Family.GIN:
            # Translators: the Players row of New game, for two-player Gin; {game} is its
            # name, {multi} the name of the game for 3 or 4
            return _("{game} is played by two. For three or four players, choose "
                     "{multi} as the game.").format(game=game,
                                                   multi=preset_name(PRESETS["gin-multi"]))
        return ngettext("{game} is played by {n} player.", "{game} is played by {n} players.",
                        rules.min_players).format(game=game, n=rules.min_players)
    # Translators: the Players row of New game; {game} is the game's name
    return _("{game} is played by {low} to {high} players.").format(
        game=game, low=rules.min_players, high=rules.max_players)


class NewGameScene(ButtonScene):
    """Choose and start a game."""

    name = "newgame"
    heading = N_("New game")

    def __init__(self, app: App) -> None:
        super().__init__(app)
        keys = list(PRESETS)
        start = keys.index(app.prefs.default_preset) if app.prefs.default_preset in keys else 0
        self.preset = Choice(_("Game"), keys, [preset_name(PRESETS[k]) for k in keys], start,
                             on_change=lambda _: self._preset_changed())
        self.players = Choice(_("Players"), [3], ["3"], 0,
                              on_change=lambda _: self._players_changed())
        #: the table size the player chose last: a game for fewer shows fewer, and the
        #: next game that allows it has it again (Rummy for 3, Left through Gin for 2
        #: only, left Knock Rummy - Hoyle at 2, and a first-time player did not notice)
        self.wanted_players: int | None = None
        self.seats = [SeatRow(i, lambda _: self._humans_changed()) for i in range(6)]
        self.option_rows: list[tuple[options.OptionSpec, Choice]] = []
        self.start = self.button(_("Start"), self.start_game, "Enter", _("Deal the first hand"))
        self.rules_button = self.button(_("Rules"), self.show_rules, "R",
                                        _("The rules of this game with these options"))
        self.button(_("Back"), self.back, "Esc", _("Back to the title"))
        #: the keyboard's row among the widgets (``_widgets``), or None on the buttons:
        #: Up/Down (Tab) move through the rows and on to the buttons, Left/Right change
        #: the row's value, Enter edits a name (Enter again to finish) or starts the game
        self.row: int | None = 0
        last = app.prefs.last_game
        if last is not None and last.preset in keys:
            self._restore(last)
            return
        for row, kind in zip(self.seats, app.prefs.default_seats, strict=False):
            if kind == HUMAN:
                row.kind.index = 0
            elif kind in row.level.values:
                row.kind.index = 1
                row.level.index = list(row.level.values).index(kind)
        self._preset_changed(initial=len(app.prefs.default_seats))

    def _restore(self, last: LastGame) -> None:
        """Open with the last match started: its game, seats, names and options."""
        self.preset.index = list(self.preset.values).index(last.preset)
        for row, (name, kind, level) in zip(self.seats, last.seats, strict=False):
            row.kind.index = 0 if kind == HUMAN else 1
            if level in row.level.values:
                row.level.index = list(row.level.values).index(level)
            row.name.text = shown_name(name)[: row.name.max_len]
        self._preset_changed(initial=len(last.seats))
        chosen = dict(last.options)
        for spec, choice in self.option_rows:
            text = chosen.get(spec.field)
            if text in spec.texts:
                choice.index = list(spec.texts).index(text)
        self._relayout()

    # ----------------------------------------------------------------- model

    @property
    def base_rules(self) -> Rules:
        """The chosen preset."""
        return PRESETS[str(self.preset.value)]

    def rules(self) -> Rules:
        """The preset with the chosen options."""
        chosen = {spec.field: choice.value for spec, choice in self.option_rows}
        try:
            return with_options(self.base_rules, **chosen)
        except ValueError:
            return self.base_rules

    def setup(self, seed: int | None = None) -> GameSetup:
        """The match to start."""
        n = int(self.players.value)
        rows = self.seats[:n]
        shared = sum(1 for row in rows if row.kind.value == HUMAN) > 1

        def name(i: int, row: SeatRow) -> str:
            text = row.name.text.strip()
            if not text or (shared and kept_name(text) == YOU):  # "You": nobody when passing
                return player_name(i + 1)
            return kept_name(text)

        seats = tuple(SeatSetup(name(i, row), str(row.kind.value), str(row.level.value))
                      for i, row in enumerate(rows))
        return GameSetup(self.rules(), seats, random_seed() if seed is None else seed)

    def _humans_changed(self) -> None:
        """Default names follow how many people play, as :meth:`setup` will name them: one
        person is "You"; with several sharing the screen "You" would be nobody, so each is
        "Player N". A name the player typed stays. (After a pass-and-play game, a game
        against the computer showed "Player 1" for the one person playing.)"""
        rows = self.seats[: int(self.players.value)]
        humans = [row for row in rows if row.kind.value == HUMAN]
        for row in humans:
            text = row.name.text.strip()
            if len(humans) == 1 and text in {f"Player {row.index + 1}",
                                             player_name(row.index + 1)}:
                row.name.text = shown_name(YOU)
            elif len(humans) > 1 and kept_name(text) == YOU:
                row.name.text = player_name(row.index + 1)
        self._relayout()

    def _players_changed(self) -> None:
        """The player chose a table size: remembered for the next games (see
        ``wanted_players``)."""
        if len(self.players.values) > 1:  # not Gin's greyed arrows
            self.wanted_players = int(self.players.value)
        self._humans_changed()

    def _preset_changed(self, initial: int | None = None) -> None:
        rules = self.base_rules
        counts = list(range(rules.min_players, rules.max_players + 1))
        if initial is not None:
            self.wanted_players = initial
        wanted = (self.wanted_players if self.wanted_players is not None
                  else int(self.players.value))
        self.players.values = counts
        self.players.texts = [str(c) for c in counts]
        self.players.index = counts.index(min(max(wanted, counts[0]), counts[-1]))
        self.players.explain = players_note(rules)
        specs = [*options.options_for(rules), options.length_spec(rules)]
        self.option_rows = []
        for spec in specs:
            value = getattr(rules, spec.field)
            self.option_rows.append((spec, Choice(spec.shown_label, list(spec.values),
                                                  list(spec.shown_texts),
                                                  options.index_of(spec, value),
                                                  explain=spec.shown_explain)))
        self._relayout()

    # ----------------------------------------------------------------- actions

    def start_game(self) -> None:
        """Start the match."""
        matches.start_game(self.app, self.setup())

    def show_rules(self) -> None:
        """The rules of the chosen game."""
        self.app.open("rules", self.rules())

    def handle(self, event: pygame.event.Event) -> None:
        """Widgets, then buttons."""
        changed = False
        #: the click landed on a widget (a value changed, a field took the focus)
        consumed = False
        typing = any(row.name.active for row in self.seats)
        widgets = self._widgets()  # the name fields first: each hears every click
        clicked: Any = None
        for widget in sorted(widgets, key=lambda w: not isinstance(w, TextField)):
            was_active = isinstance(widget, TextField) and widget.active
            if widget.handle(event):
                changed = True
                # a field losing the focus to a click elsewhere does not eat that click:
                # the name is kept and the click also does what it was aimed at (Start)
                consumed = consumed or not (was_active and not widget.active)
                if consumed and event.type == pygame.MOUSEBUTTONDOWN \
                        and not isinstance(widget, TextField):
                    clicked = widget
                    break  # one click, one change: the rows may have moved under it
        if changed:
            self.app.dirty = True
            # a name clicked for typing, or a row clicked, takes the keyboard's focus too:
            # the row focused before kept its ring, two things lit at once (a first-time
            # player)
            editing = [w for w in widgets if isinstance(w, TextField) and w.active]
            now = self._widgets()  # the click may have added or taken away a row
            for widget in (*editing, clicked):
                if widget is not None and widget in now:
                    self.row = now.index(widget)
                    break
        if typing and event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
            return
        if consumed and event.type == pygame.MOUSEBUTTONDOWN:
            return
        super().handle(event)

    def key(self, event: pygame.event.Event) -> None:
        """Up/Down (Tab, Shift+Tab) move through the rows and the buttons, Left/Right change
        a row, Enter edits the focused name, steps a seat's Human/Computer or level (drawn
        as buttons) or presses the focused button (on a row with arrows, it starts the
        game); R shows the rules."""
        widgets = self._widgets()
        if self.row is not None and self.row >= len(widgets):  # fewer seats now
            self.row = len(widgets) - 1
        key = event.key
        back = key == pygame.K_UP or (key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT)
        if key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
            self._move(-1 if back else 1, len(widgets))
        elif key in (pygame.K_LEFT, pygame.K_RIGHT) and self.row is not None:
            widget = widgets[self.row]
            if isinstance(widget, Choice):
                widget.step(-1 if key == pygame.K_LEFT else 1)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.row is not None:
            widget = widgets[self.row]
            if isinstance(widget, TextField):
                widget.active, widget.selected = True, bool(widget.text)
            elif isinstance(widget, Choice) and widget.compact:
                # a seat's Human/Computer or level looks like a button: Enter presses it,
                # as a click does (it started the game, twice, for a first-time player)
                widget.step(1)
            else:
                self.start_game()
        elif key == pygame.K_r:
            self.show_rules()
        else:
            super().key(event)
        self.app.dirty = True

    def _move(self, delta: int, rows: int) -> None:
        """One step of the keyboard focus through the rows, then the buttons, round."""
        buttons = len(self.shown())
        place = self.row if self.row is not None else rows + self.focus % max(1, buttons)
        place = (place + delta) % (rows + buttons)
        if place < rows:
            self.row = place
        else:
            self.row, self.focus = None, place - rows

    def buttons_focused(self) -> bool:
        """The buttons show the focus only when the keyboard is on them."""
        return self.row is None

    def focused_widget(self) -> Any:
        """The row the keyboard is on, if any."""
        widgets = self._widgets()
        return widgets[self.row] if self.row is not None and self.row < len(widgets) else None

    def _widgets(self) -> list[Any]:
        out: list[Any] = [self.preset, self.players]
        for row in self.seats[: int(self.players.value)]:
            out.extend([row.name, row.kind])
            if row.kind.value == COMPUTER:
                out.append(row.level)
        out.extend(choice for _, choice in self.option_rows)
        return out

    # ----------------------------------------------------------------- layout

    def resize(self, size: tuple[int, int]) -> None:
        """Lay out both columns."""
        self._relayout()

    def _relayout(self) -> None:
        w, h = self.app.size
        px = self.app.px
        row_h = max(44, px(44))
        margin = max(24, px(40))
        col_w = (w - margin * 3) // 2
        top = px(90)
        arrow = row_h
        left = pygame.Rect(margin, top, col_w, row_h)
        fonts, text = self.app.fonts, self.app.text_size(17)
        # one value width a column, wide enough for the longest value, so arrows line up
        box = _box([self.preset, self.players], left, arrow, fonts, text)
        self.preset.layout(left, arrow, box=box)
        self.summary_y = left.bottom + 2
        y = left.bottom + self.app.text_size(15) * 2 + px(10)
        self.players.layout(pygame.Rect(margin, y, col_w, row_h), arrow, box=box)
        y += row_h + px(8)
        for row in self.seats[: int(self.players.value)]:
            name_w = col_w * 36 // 100
            row.name.rect = pygame.Rect(margin, y + 2, name_w, row_h - 4)
            kind_w = col_w * 34 // 100
            row.kind.layout(pygame.Rect(margin + name_w + px(8), y, kind_w, row_h), arrow)
            lv_x = row.kind.rect.right + px(8)
            row.level.layout(pygame.Rect(lv_x, y, margin + col_w - lv_x, row_h), arrow)
            y += row_h + px(4)
        x2 = margin * 2 + col_w
        y = top
        box = _box([c for _, c in self.option_rows], pygame.Rect(x2, y, col_w, row_h), arrow,
                   fonts, text)
        for _spec, choice in self.option_rows:
            choice.layout(pygame.Rect(x2, y, col_w, row_h), arrow, box=box)
            y += row_h + px(6)
        #: where the option pointed at (or the keyboard's) is explained in full
        self.explain_box = pygame.Rect(x2 + 6, y + px(4), col_w - 12,
                                       max(0, h - 16 - max(44, px(50)) - px(20) - y))
        bw = max(150, px(170))
        bh = max(44, px(50))
        by = h - 16 - bh - px(8)
        gap = px(16)
        total = bw * 3 + gap * 2
        x = w // 2 - total // 2
        for b in self.shown():
            b.rect = pygame.Rect(x, by, bw, bh)
            x += bw + gap
        self.app.dirty = True

    def draw(self, surface: pygame.Surface) -> None:
        """Both columns and the buttons."""
        self.draw_background(surface)
        fonts = self.app.fonts
        size = self.app.text_size(17)
        small = self.app.text_size(14)
        w, h = self.app.size
        margin = max(24, self.app.px(40))
        col_w = (w - margin * 3) // 2
        area = pygame.Rect(margin - 10, self.app.px(84), col_w + 20,
                           self.start.rect.top - self.app.px(96))
        panel(surface, area, 110, 12)
        panel(surface, area.move(col_w + margin, 0), 110, 12)
        focused = self.focused_widget()
        self.preset.draw(surface, fonts, size, focused is self.preset)
        summary = fonts.wrap(preset_summary(self.base_rules), small, col_w - 12)
        if len(summary) > 2:  # two lines are kept for it: said, so a test finds it
            cut(preset_summary(self.base_rules), len(summary), 2)
        for i, line in enumerate(summary[:2]):
            t = fonts.text(line, small, TEXT_DIM)
            surface.blit(t, (margin + 6, self.summary_y + i * (small + 3)))
        self.players.draw(surface, fonts, size, focused is self.players)
        for row in self.seats[: int(self.players.value)]:
            row.name.draw(surface, fonts, size)
            if focused is row.name:
                pygame.draw.rect(surface, ACCENT, row.name.rect.inflate(6, 6), 2, 6)
            row.kind.draw(surface, fonts, size, focused is row.kind)
            if row.kind.value == COMPUTER:
                row.level.draw(surface, fonts, size, focused is row.level)
        for _spec, choice in self.option_rows:
            choice.draw(surface, fonts, size, focused is choice)
        self._draw_explanation(surface, focused)
        self.draw_buttons(surface)

    def explained(self, focused: Any) -> tuple[Choice | None, Choice | None]:
        """The option explained under the options, or else a seat's Human/Computer button
        or computer level: the one under the pointer, else the keyboard's. A level is
        explained as well as the options (a helper clicked Medium and met Hard, then
        Expert, with no word of either)."""
        rows = [self.players, *(choice for _spec, choice in self.option_rows)]
        seats = self.seats[: int(self.players.value)]
        # a seat's Human/Computer button is explained too (a first-time player found the
        # generic line there), and its level
        buttons = [*(r.kind for r in seats),
                   *(r.level for r in seats if r.kind.value == COMPUTER)]
        option = next((c for c in rows if c.hover), None)
        if option is not None:
            return option, None
        hovered = next((c for c in buttons if c.hover), None)
        if hovered is not None:
            return None, hovered
        if focused in rows:
            return focused, None
        return None, focused if focused in buttons else None

    def _seat_words(self, seat: Choice) -> str:
        """What a seat's Human or Computer button, or a computer's level, means, and how
        to change it."""
        value = str(seat.value)
        if value == HUMAN:
            return _("Human: a person plays this seat; two or more people share the "
                     "screen, passing it between turns. Click it, or press Enter, for a "
                     "computer.")
        if value == COMPUTER:
            return _("Computer: the game plays this seat, at the level beside it. Click "
                     "it, or press Enter, for a person.")
        # Translators: a computer level and what it is like, then how to change it
        return _("{level}: {note}. Click it, or press Enter, Left or Right, for another "
                 "level.").format(level=level_title(value),
                                  note=level_note(value, self.base_rules.family.value))

    def _draw_explanation(self, surface: pygame.Surface, focused: Any) -> None:
        """What the option under the pointer (else the keyboard's) does, in full, under
        the options; a line saying how to read it when neither is on one."""
        fonts, small, box = self.app.fonts, self.app.text_size(14), self.explain_box
        shown, level = self.explained(focused)
        if shown is None and level is None and not self.option_rows:
            return
        if level is not None and shown is None:
            words, color = self._seat_words(level), TEXT
        elif shown is None:
            words = _("Point at an option, or move to it with the arrow keys, to read what "
                      "it does. Enter starts the game.")
            color = TEXT_DIM
        else:
            # Translators: an option of the game and what it does ("Knock penalty: ...")
            words = _("{option}: {explanation}").format(option=shown.label,
                                                       explanation=shown.explain)
            color = TEXT
        lines = fonts.wrap(words, small, box.width)
        step = fonts.font(small).get_linesize()
        if len(lines) * step > box.height:  # never expected: said, so a test finds it
            cut(" ".join(lines), len(lines) * step, box.height)
        for i, line in enumerate(lines):
            surface.blit(fonts.text(line, small, color), (box.left, box.top + i * step))
