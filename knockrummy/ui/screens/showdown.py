"""The showdown: every hand in melds and deadwood, layoffs moving onto the
knocker's melds one by one, and the score of the hand explained line by line.

Each row shows a hand melds first, then deadwood: a human's hand in the order they
arranged it, the others' melds as laid out and their deadwood sorted by rank, so a
count is quick to check. In Rummy a row also shows the melds that seat put on the
table (the winner went out with them) and the cards it laid off. The row's label
says how the hand ended for that seat (knocked, gin, big gin, went out).

The score panel says, when a computer ended the hand before a human had a turn,
what happened and why that is allowed; then the score lines, the match totals, and
each term that happened (knock, undercut, gin...) explained in one line the first
time it is met (remembered in the settings, ``Prefs.explained``)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from knockrummy.app.explain import early_end, explain, terms_in
from knockrummy.engine import Card, Family, PlayerView
from knockrummy.engine.rules import GameEnd
from knockrummy.i18n import N_, _
from knockrummy.ui.easing import ease_out_cubic
from knockrummy.ui.felt import cards as felt
from knockrummy.ui.felt.hand import rank_sort
from knockrummy.ui.gfx import ACCENT, COACH, TEXT, TEXT_DIM, Color, panel
from knockrummy.ui.screens.base import ButtonScene
from knockrummy.words.cards import card_label
from knockrummy.words.names import shown_name
from knockrummy.words.scores import bonus_lines, score_lines

if TYPE_CHECKING:
    from knockrummy.app.session import MatchSession
    from knockrummy.ui.app import App

#: the showdown's title by the hand's outcome
OUTCOMES = {
    # Translators: the title of a hand's end: "Hand 3: Knock"
    "knock": N_("Knock"), "gin": N_("Gin!"), "big_gin": N_("Big gin!"),
    "undercut": N_("Undercut!"), "rum": N_("Rum!"), "void": N_("Void hand"), "out": N_("Out!"),
    "rummy": N_("Rummy!"), "exhausted": N_("Stock exhausted"),
}
CELEBRATE = {"gin", "big_gin", "rum", "rummy"}
#: how the seat that ended the hand ended it, by ``knock_kind``
ENDED = {
    # Translators: after a player's name on the showdown: "Ann  (knocked)"
    "knock": N_("  (knocked)"), "gin": N_("  (gin)"), "big_gin": N_("  (big gin)"),
    "rum": N_("  (rum)"),
}
#: group kinds -> underline colour: melds in hand, melds on the table (Rummy: as they
#: ended, layoffs in them), layoffs still to land, deadwood
MARKS = {"meld": ACCENT, "table": COACH, "layoff": ACCENT,
         "dead": (210, 120, 110)}


class ShowdownScene(ButtonScene):
    """The end of a hand."""

    name = "showdown"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        assert app.session is not None, "a showdown is for a running match"
        #: the running match
        self.session: MatchSession = app.session
        self.controller = self.session.controller
        self.view: PlayerView = self.controller.view()
        shows = self.view.shows
        self.layoffs: list[tuple[int, Card]] = [
            (seat, c) for seat, sh in enumerate(shows) for c in sh.laid_off]
        self.landed: set[Card] = set()
        #: Rummy: the cards laid off onto melds on the table (shown in those melds)
        self.laid_on_table: set[Card] = {c for tm in self.view.table for c in tm.cards
                                         if c not in tm.original}
        self.time = 0.0
        self.lines_shown = 0
        self.done = False
        self.next = self.button("", self.proceed, "Enter")
        self.review_button = self.button("", self.review, "V")
        self.review_button.visible = bool(self.controller.humans)
        self.scores_button = self.button("", self.scores, "")
        self.menu_button = self.button("", self.menu, "Esc")
        result = self.view.result
        if result is not None and result.outcome in CELEBRATE:
            app.sounds.play("gin")
        humans = self.controller.humans
        #: terms met for the first time this hand (explained in one line each)
        self.new_terms = [t for t in terms_in(self.view) if t not in app.prefs.explained]
        self.relabel()
        if self.new_terms and humans:
            app.apply_prefs(replace(app.prefs,
                                    explained=(*app.prefs.explained, *self.new_terms)))

    def relabel(self) -> None:
        """Every word made in the language now spoken; the hand's animation goes on (the
        language changed under the menu)."""
        over = self.controller.match.over
        self.next.label = _("Final scores") if over else _("Next hand")
        self.next.tooltip = _("See the final result") if over else _("Deal the next hand")
        self.review_button.label = _("Review")
        self.review_button.tooltip = _("Your decisions this hand against the strong "
                                       "player's, with what each would have changed")
        self.scores_button.label = _("Scores")
        self.scores_button.tooltip = _("The match so far, hand by hand: replay, review or "
                                       "export any hand")
        self.menu_button.label = _("Menu")
        self.menu_button.tooltip = _("Rules, settings, leave")
        #: why the hand ended before a human had a turn, when a computer ended it
        self.early = early_end(self.view, self.controller.humans)
        #: the terms met for the first time this hand, each explained in one line
        self.explanations = [explain(t, self.view) for t in self.new_terms]

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
        lines = score_lines(self.view.result, self.view.names) if self.view.result else []
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
        self.lines_shown = len(self.view.result.notes) if self.view.result else 0
        self.time = 1e9
        self.done = True
        self.app.dirty = True

    # ----------------------------------------------------------------- actions

    def proceed(self) -> None:
        """Next hand, or the final scores."""
        if self.controller.match.over:
            self.app.open_instead("scores", self.session, final=True)
            return
        self.controller.next_hand()
        self.app.pop()

    def review(self) -> None:
        """Review this hand (the viewer's, or in pass-and-play whichever human's)."""
        from knockrummy.app.history import History
        history = History.of_controller(self.controller, self.session.save_id)
        if history.review_refusal is not None or not self.controller.match.records:
            return
        number = self.controller.match.records[-1].number
        self.skip()
        self.app.open("review", history, number)

    def scores(self) -> None:
        """The scores screen."""
        self.app.open("scores", self.session)

    def menu(self) -> None:
        """The in-game menu."""
        self.app.open("pause")

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
                                                          pygame.K_KP_ENTER) and not self.done:
            self.skip()  # the first Enter shows the count at once
            return
        super().handle(event)  # then Enter presses the focused button (Next hand at first)

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
        title = _(OUTCOMES[result.outcome]) if result and result.outcome in OUTCOMES \
            else result.outcome if result else _("Hand over")
        if result is not None and result.outcome == "knock" and result.knocker is not None \
                and result.knocker not in result.winners:  # tied for lowest: no undercut
            title = _("Knock, and a tie")
        # Translators: the showdown's title: "Hand 3: Gin!"
        t = fonts.text(_("Hand {number}: {outcome}").format(number=view.hand_number + 1,
                                                             outcome=title),
                       self.app.text_size(30), ACCENT, bold=True)
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
        self._legend(surface)
        self.draw_buttons(surface)

    def points_colour(self, points: int) -> Color:
        """The colour of a hand's points by a row: gold for points won; in a game of
        penalty points (Gin for 3-4), where points are bad, the deadwood's colour (a
        first-time player read a gold +14 there as a reward)."""
        if points <= 0:
            return TEXT
        return MARKS["dead"] if self.view.rules.game_end is GameEnd.PENALTY else ACCENT

    def legend(self) -> list[tuple[str, str]]:
        """What the lines under the cards mean, for the kinds the rows show: (kind,
        words), in the order the rows use them (a helper found the coloured lines with
        nothing to say what they were)."""
        rummy = self.view.rules.family is Family.RUMMY
        words = {"meld": _("melds"), "table": _("melds on the table"),
                 # Translators: the legend under the showdown: the cards left out of melds
                 "dead": _("cards held") if rummy else _("deadwood")}
        kinds: list[str] = []
        for seat in range(self.view.players):
            for kind, cards in self._groups(seat):
                if cards and kind in words and kind not in kinds:
                    kinds.append(kind)
        out = [(kind, words[kind]) for kind in kinds]
        if self.landed or self.laid_on_table:
            # Translators: the legend under the showdown: a ringed card in a meld
            out.append(("ring", _("laid off onto it")))
        return out

    def legend_area(self) -> pygame.Rect:
        """Left of the buttons, in their row."""
        buttons = self.shown()
        right = min(b.rect.left for b in buttons) - 12 if buttons else self.app.size[0] - 16
        first = buttons[0].rect if buttons else pygame.Rect(0, self.app.size[1] - 66, 0, 50)
        return pygame.Rect(16, first.top, max(0, right - 16), first.height)

    def _legend(self, surface: pygame.Surface) -> None:
        """A coloured line and its words for each kind of group shown, wrapped into the
        room left of the buttons."""
        fonts = self.app.fonts
        size = self.app.text_size(13)
        area = self.legend_area()
        bar = self.app.px(18)
        x, y = area.left, area.top + 4
        line_h = fonts.font(size).get_linesize() + 2
        for kind, words in self.legend():
            text = fonts.text(words, size, TEXT_DIM)
            width = bar + 6 + text.get_width()
            if x > area.left and x + width > area.right:
                x, y = area.left, y + line_h
            mid = y + text.get_height() // 2
            if kind == "ring":  # as a card laid off is ringed
                pygame.draw.rect(surface, ACCENT, pygame.Rect(x + bar // 4, mid - bar // 3,
                                                              bar // 2, bar * 2 // 3), 2, 2)
            else:
                pygame.draw.rect(surface, MARKS[kind], pygame.Rect(x, mid - 1, bar, 3))
            surface.blit(text, (x + bar + 6, y))
            x += width + self.app.px(16)

    def count_lines(self, seat: int, count: str, room: int) -> list[str]:
        """The lines under ``seat``'s name: its count, and the cards it laid off once they
        have landed, all within ``room`` pixels (the first card starts past it)."""
        view = self.view
        if view.rules.family is Family.RUMMY:  # laid off in the turns, onto the table
            cards = rank_sort([e.card for e in view.log if e.seat == seat
                               and e.what == "lay_off" and e.card is not None],
                              view.rules.ace_high)
        else:  # laid off at the showdown, once landed
            cards = [c for c in view.shows[seat].laid_off if c in self.landed]
        landed = [card_label(c) for c in cards]
        if not landed:
            return [count]
        fonts = self.app.fonts
        small = self.app.text_size(15)
        # Translators: under a hand: its count, then the cards it laid off ("8♦ 9♦")
        whole = _("{count}   laid off {cards}").format(count=count, cards=" ".join(landed))
        if fonts.font(small).size(whole)[0] <= room:
            return [whole]
        # Translators: under a hand, over its count: the cards it laid off ("8♦ 9♦")
        laid = _("laid off {cards}").format(cards=" ".join(landed))
        return [*fonts.wrap(laid, small, room), count]

    def _row(self, surface: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
        view = self.view
        fonts = self.app.fonts
        result = view.result
        winner = result is not None and seat in result.winners
        panel(surface, rect, 120, 10, border=ACCENT if winner else None)
        plate_w = max(130, rect.width // 5)
        size = self.app.text_size(16)
        ended = self._ended(seat)
        name = shown_name(view.names[seat]) + ended
        # the name from 8 px in, and 10 px clear of the first card ("You  (knocked)" touched it)
        room = plate_w - 18
        lines = fonts.wrap(name, size, room, bold=True)
        if len(lines) > 1 and ended:  # "(went" / "out)" at 960x600: the ending on a line of its own
            lines = [*fonts.wrap(shown_name(view.names[seat]), size, room, bold=True)[:1],
                     *fonts.wrap(ended.strip(), size, room, bold=True)]
        lines = lines[:2]
        for i, line in enumerate(lines):
            surface.blit(fonts.text(line, size, ACCENT if winner else TEXT, bold=True),
                         (rect.left + 8, rect.top + 6 + i * (size + 2)))
        show = view.shows[seat] if seat < len(view.shows) else None
        if show is None:
            return
        count = show.count
        if view.rules.family is Family.RUMMY:
            # Translators: under a hand on the showdown: the points of the cards held
            text = _("value {points}").format(points=count)
        else:
            # Translators: under a hand on the showdown: the deadwood counted
            text = _("count {points}").format(points=count)
        small = self.app.text_size(15)
        y = rect.bottom - 6
        for line in reversed(self.count_lines(seat, text, plate_w - 16)):
            c_text = fonts.text(line, small, TEXT_DIM)
            y -= c_text.get_height()
            surface.blit(c_text, (rect.left + 8, y))
        if result is not None:
            pts = result.points[seat]
            prog = ease_out_cubic((self.time - self._lines_start()) / (0.6 * self._speed()))
            shown = round(pts * (1.0 if self.done else max(0.0, prog)))
            p_text = fonts.text(f"{shown:+d}", self.app.text_size(24),
                                self.points_colour(pts), bold=True)
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
                felt.card(self, surface, c, r)
                if c in self.landed or c in self.laid_on_table:  # laid off onto it
                    pygame.draw.rect(surface, ACCENT, r.inflate(4, 4), 3, card_w // 10)
            width = card_w + step * (len(cards) - 1)
            mark = pygame.Rect(x + 2, y + round(card_w * 1.4) + 2, width - 4, 3)
            pygame.draw.rect(surface, MARKS.get(kind, ACCENT), mark)
            x += width + card_w // 3
        self._flying(surface, seat, rect, card_w, step, plate_w)

    def _ended(self, seat: int) -> str:
        """How ``seat`` ended the hand, for its row's label ("  (gin)"), or nothing."""
        view = self.view
        result = view.result
        if seat == view.knocker:
            if result is not None and result.outcome == "rum" and seat in result.winners \
                    and view.knock_kind == "knock":
                return _("  (knocked, rum)")
            return _(ENDED.get(view.knock_kind or "knock", ENDED["knock"]))
        if result is not None and result.outcome in ("out", "rummy") and seat in result.winners:
            return _("  (rummy)") if result.outcome == "rummy" else _("  (went out)")
        return ""

    def _own_order(self, seat: int) -> list[Card] | None:
        """The order a human arranged their hand in (None for a computer's hand)."""
        if seat not in self.controller.humans:
            return None
        order = self.session.hand_orders.get(seat)
        return list(order[1]) if order is not None and order[1] else None

    def _groups(self, seat: int) -> list[tuple[str, list[Card]]]:
        """The row's card groups, melds first and deadwood last: in the human's own
        order, or (another hand) melds as laid out and deadwood sorted by rank."""
        view = self.view
        show = view.shows[seat]
        family = view.rules.family
        ace = view.rules.ace_high
        out: list[tuple[str, list[Card]]] = []
        own = self._own_order(seat)
        where = {c: i for i, c in enumerate(own)} if own else {}
        if view.knocker == seat and family in (Family.GIN, Family.GIN_MULTI):
            table = list(view.table)
            if where:  # the knocker's melds in the order they held them
                table.sort(key=lambda tm: min(where.get(c, 99) for c in tm.original))
            for tm in table:
                out.append(("meld", [c for c in tm.cards if c in tm.original
                                     or c in self.landed]))
        elif family is Family.RUMMY:
            # the melds this seat put on the table, whole, as they ended: a card laid off
            # onto one stands in it, ringed, and the row of the seat that laid it off says
            # so (shown in that seat's row as a group of their own, "7♦ 6♦" passed for a
            # meld)
            out.extend(("table", rank_sort(list(tm.cards), ace)) for tm in view.table
                       if tm.owner == seat)
        else:
            melds = [list(m) for m in show.melds]
            if where:
                melds = [sorted(m, key=lambda c: where.get(c, 99)) for m in melds]
                melds.sort(key=lambda m: min(where.get(c, 99) for c in m))
            out.extend(("meld", m) for m in melds)
        waiting = [c for c in show.laid_off if c not in self.landed]
        if waiting:
            out.append(("layoff", waiting))
        dead = list(show.deadwood)
        if where:
            dead.sort(key=lambda c: where.get(c, 99))
        else:
            dead = rank_sort(dead, ace)  # for a count that reads easily
        out.append(("dead", dead))
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
            felt.card(self, surface, c, r, lifted=True)

    def panel_box(self) -> pygame.Rect:
        """The score panel, right of the rows."""
        area, _row_h = self._rows()
        w, _h = self.app.size
        return pygame.Rect(area.right + 16, area.top, w - area.right - 32, area.height)

    def panel_rows(self) -> list[tuple[str, int, tuple[int, int, int], bool, int]]:
        """The score panel's lines wrapped to its width, each with the y it is drawn at
        (those below the panel's foot are not drawn)."""
        box = self.panel_box()
        fonts = self.app.fonts
        width = box.width - 24
        y = box.top + 12
        out: list[tuple[str, int, tuple[int, int, int], bool, int]] = []
        for text, size, color, bold in self.panel_lines():
            if bold and out and color == ACCENT:  # a heading, not the leader's total
                y += 8
            for part in fonts.wrap(text, size, width, bold):
                out.append((part, size, color, bold, y))
                y += fonts.font(size, bold).get_linesize()
            y += 2 if size < self.app.text_size(17) else 0
        return out

    def _lines(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The score panel: why the hand ended so soon (when a computer ended it before a
        human's turn), the score lines, the match totals, new terms explained."""
        box = self.panel_box()
        panel(surface, box, 150, 12)
        fonts = self.app.fonts
        for text, size, color, bold, y in self.panel_rows():
            if y + size > box.bottom - 6:
                return
            surface.blit(fonts.text(text, size, color, bold), (box.left + 12, y))

    def panel_lines(self) -> list[tuple[str, int, tuple[int, int, int], bool]]:
        """What the score panel says, as shown now: (text, size, colour, bold) each."""
        view = self.view
        result = view.result
        size = self.app.text_size(17)
        small = self.app.text_size(15)
        paras: list[tuple[str, int, tuple[int, int, int], bool]] = []
        if self.early:
            paras.append((self.early, small, ACCENT, False))
        paras.append((_("Score of the hand"), size, ACCENT, True))
        lines = score_lines(result, view.names)[: self.lines_shown] if result else []
        paras.extend((line, size, TEXT, False) for line in lines)
        if self.done:
            paras.append((self._totals_head(), size, ACCENT, True))
            match = self.controller.match
            # a finished match shows its final totals, its bonuses (Gin's game, line and
            # shutout) included, with the bonus lines: the same figures as Final scores
            scores = match.final if match.over and match.final else match.scores
            if match.over:
                paras.extend((line, small, TEXT, False) for line in bonus_lines(match))
            best = max(scores) if view.rules.game_end is not GameEnd.PENALTY else min(scores)
            for seat in range(view.players):
                # Translators: a player's match total: "Ann: 42"
                paras.append((_("{name}: {points}").format(name=shown_name(view.names[seat]),
                                                           points=scores[seat]), size,
                              TEXT if scores[seat] == best else TEXT_DIM, scores[seat] == best))
            paras.extend((text, small, COACH, False) for text in self.explanations)
        return paras

    def _totals_head(self) -> str:
        """"Match totals" with how far the match has to go."""
        rules = self.view.rules
        match = self.controller.match
        if match.over:
            return _("Final totals")
        if rules.game_end is GameEnd.DEALS:
            total = rules.deals_per_player * match.players
            return _("Totals after hand {number} of {total}").format(number=len(match.records),
                                                                     total=total)
        if rules.game_end is GameEnd.PENALTY:
            return _("Penalty totals (out at {points})").format(points=rules.target_score)
        return _("Totals (playing to {points})").format(points=rules.target_score)
