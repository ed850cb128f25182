"""Drawing a replay: the table with every hand face up, and the side panel.

Cards are drawn with the game table's own :func:`knockrummy.ui.felt.cards.card`
(so the deck settings apply), cards in flight by the director's flights. Reads
the scene; changes nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from knockrummy.app.names import shown_name
from knockrummy.app.recap import replay_heading
from knockrummy.coach import Decision, FaceUp, ReplayCursor
from knockrummy.engine import Family, PlayerView, min_deadwood
from knockrummy.engine.melds import cards_value
from knockrummy.i18n import _, ngettext, pgettext
from knockrummy.ui.felt import cards
from knockrummy.ui.gfx import ACCENT, COACH, TEXT, TEXT_DIM, Color, panel
from knockrummy.ui.replay.director import ReplayDirector
from knockrummy.ui.replay.layout import ReplayLayout
from knockrummy.ui.widgets import Button, draw_tooltip
from knockrummy.ui.widgets import fit_text as _fit
from knockrummy.words.rules import preset_name

if TYPE_CHECKING:
    from knockrummy.app.history import History
    from knockrummy.ui.app import App


class ReplayShown(Protocol):
    """What the drawing reads of the replay screen (:class:`.scene.ReplayScene`, which
    calls :func:`draw`); nothing here changes it."""

    @property
    def app(self) -> App:
        """The window."""
        ...

    @property
    def history(self) -> History:
        """The match replayed."""
        ...

    @property
    def number(self) -> int:
        """The hand replayed (from 0)."""
        ...

    @property
    def cursor(self) -> ReplayCursor:
        """The steps of the hand and where the replay is."""
        ...

    @property
    def index(self) -> int:
        """The step shown (0 is the deal)."""
        ...

    @property
    def frame(self) -> FaceUp:
        """The table at the step shown, every hand face up."""
        ...

    @property
    def bottom(self) -> int:
        """The seat at the bottom of the table."""
        ...

    @property
    def layout(self) -> ReplayLayout:
        """Where everything is."""
        ...

    @property
    def director(self) -> ReplayDirector:
        """The cards in flight and the banner."""
        ...

    @property
    def decisions(self) -> dict[int, Decision]:
        """The review's decisions to point out, by step."""
        ...

    @property
    def decision(self) -> Decision | None:
        """The reviewed decision at this point."""
        ...

    @property
    def clock(self) -> float:
        """Seconds since the replay opened."""
        ...

    @property
    def title_area(self) -> pygame.Rect:
        """The side panel's heading."""
        ...

    @property
    def info_area(self) -> pygame.Rect:
        """The side panel's words on the step shown."""
        ...

    @property
    def info_size(self) -> int:
        """The text size of the information box."""
        ...

    @property
    def info(self) -> list[tuple[str, Color, bool]]:
        """Those words: text, colour, bold."""
        ...

    @property
    def move_rows(self) -> list[tuple[int, pygame.Rect]]:
        """The moves in the list on screen: move, row."""
        ...

    @property
    def buttons(self) -> list[Button]:
        """The replay's buttons."""
        ...

    @property
    def tip(self) -> Button | None:
        """The button whose tooltip shows."""
        ...

    def row_lines(self, index: int) -> list[str]:
        """Move ``index`` as it reads in the list, wrapped."""
        ...


def draw(sc: ReplayShown, surface: pygame.Surface) -> None:
    """The whole replay screen."""
    app = sc.app
    surface.blit(app.table.surface(app.size), (0, 0))
    view = sc.frame.views[sc.bottom]
    _piles(sc, surface, view)
    _melds(sc, surface, view)
    for seat in range(view.players):
        _seat(sc, surface, seat)
    for f in sc.director.flights:
        if not f.started:
            continue
        x, y, w, face = f.frame()
        rect = pygame.Rect(round(x), round(y), round(w), round(w * 1.4))
        cards.card(sc, surface, f.card, rect, face, lifted=True, squash=f.flip_scale(),
                          art_w=round(f.end[2]))
    _banner(sc, surface)
    _side(sc, surface)
    for b in sc.buttons:
        b.draw(surface, app.fonts, app.text_size(17))
    if sc.tip is not None and sc.tip.visible:
        draw_tooltip(surface, app.fonts, sc.tip.tip(), sc.tip.rect, app.text_size(15))


def _piles(sc: ReplayShown, surface: pygame.Surface, view: PlayerView) -> None:
    lay = sc.layout
    fonts = sc.app.fonts
    size = sc.app.text_size(15)
    stock = sc.frame.stock
    if stock:
        for i in range(min(2, len(stock) // 12)):
            cards.card(sc, surface, None, lay.stock.move(-(i + 1) * 2, -(i + 1) * 2),
                              False)
        # every card face up: the stock's top card is the next one a draw would take
        cards.card(sc, surface, stock[-1], lay.stock, True)
    else:
        pygame.draw.rect(surface, (255, 255, 255), lay.stock, 2, lay.stock.width // 12)
    stock_text = stock_label(len(stock))
    label = fonts.text(stock_text, size, TEXT_DIM)
    surface.blit(label, label.get_rect(midtop=(lay.stock.centerx, lay.stock.bottom + 6)))
    pile = list(view.discard)
    hide = sc.director.hidden.discard
    if hide:
        pile = pile[:-hide] if hide < len(pile) else []
    shown = pile[-3:]
    if not shown:
        pygame.draw.rect(surface, (255, 255, 255), lay.discard, 2, lay.discard.width // 12)
    offset = max(3, lay.pile_w // 9)
    for i, c in enumerate(shown):
        cards.card(sc, surface, c, lay.discard.move((i - len(shown) + 1) * offset, 0))
    count = len(view.discard)
    # Translators: the label under the pile of thrown cards, with how many it holds
    text = ngettext("Discard pile {count}", "Discard pile {count}", count).format(count=count)
    room = (lay.discard.centerx - lay.stock.centerx) * 2 - fonts.font(size).size(
        stock_text)[0] - 16
    if fonts.font(size).size(text)[0] > room:  # a narrow table: the labels would touch
        # Translators: a shorter label under the pile of thrown cards, where room is short
        text = ngettext("Discards {count}", "Discards {count}", count).format(count=count)
    label = fonts.text(text, size, TEXT_DIM)
    surface.blit(label, label.get_rect(midtop=(lay.discard.centerx, lay.discard.bottom + 6)))


def stock_label(count: int) -> str:
    """The label under the stock, with how many cards it holds."""
    # Translators: the label under the pile of face-down cards, with how many it holds
    return ngettext("Stock {count}", "Stock {count}", count).format(count=count)


def _melds(sc: ReplayShown, surface: pygame.Surface, view: PlayerView) -> None:
    hidden = sc.director.hidden.table
    for tm, rects in zip(view.table, sc.layout.melds, strict=False):
        for c, r in zip(tm.cards, rects, strict=False):
            if c not in hidden:
                cards.card(sc, surface, c, r)


def _count(view: PlayerView) -> str:
    ace = view.rules.ace_high
    if view.rules.family is Family.RUMMY:
        # Translators: on a replay's name plate, the hand's value in Rummy
        return _("value {value}").format(value=cards_value(view.hand, ace))
    # Translators: on a replay's name plate
    return _("deadwood {deadwood}").format(deadwood=min_deadwood(view.hand, ace))


def _seat(sc: ReplayShown, surface: pygame.Surface, seat: int) -> None:
    """A seat's name plate and its cards face up, melds underlined."""
    lay = sc.layout
    frame = sc.frame
    view = frame.views[seat]
    plate = lay.plates.get(seat)
    result = frame.step.state.result
    current = view.current == seat and result is None
    if plate is not None:
        plate = _wide_enough(sc, plate, view, seat)
        panel(surface, plate, 170, 10, border=ACCENT if current else None)
        _plate_text(sc, surface, plate, view, seat, current)
    hidden = sc.director.hidden.hand
    meld_rows = lay.meld_rows.get(seat, 0)
    for g, group in enumerate(lay.rows.get(seat, [])):
        rects = [lay.spots[c] for c in group if c in lay.spots]
        for c in group:
            if c in lay.spots and c not in hidden:
                cards.card(sc, surface, c, lay.spots[c])
        if g < meld_rows and rects:
            mark = pygame.Rect(rects[0].left + 3, rects[0].bottom + 2,
                               rects[-1].right - rects[0].left - 6, max(3, rects[0].width // 28))
            pygame.draw.rect(surface, ACCENT, mark, border_radius=2)


def _plate_lines(sc: ReplayShown, view: PlayerView, seat: int) -> tuple[str, str, str]:
    """A seat plate's words: name (and dealer), the count or the hand's points, the score."""
    frame = sc.frame
    result = frame.step.state.result
    name = _("{name}  dealer").format(name=shown_name(view.names[seat])) \
        if seat == view.dealer else shown_name(view.names[seat])
    # Translators: {points} is signed: +25, -10
    first = _count(view) if result is None else _("{points} this hand").format(
        points=f"{result.points[seat]:+d}")
    return name, first, _("score {score}").format(score=frame.scores[seat])


def _wide_enough(sc: ReplayShown, plate: pygame.Rect, view: PlayerView,
                 seat: int) -> pygame.Rect:
    """The plate widened (about its centre, inside the table) so its words fit whole
    ("value 30, score 0" was cut short beside a short hand)."""
    fonts = sc.app.fonts
    big, small = sc.app.text_size(16), sc.app.text_size(14)
    name, first, score = _plate_lines(sc, view, seat)
    need = max(fonts.font(big, True).size(name)[0],
               fonts.font(small).size(joined(first, score))[0]) + 18
    if need <= plate.width:
        return plate
    wide = plate.inflate(need - plate.width, 0)
    right = sc.layout.side.left - 16
    if wide.right > right:
        wide.right = right
    wide.left = max(16, wide.left)
    return wide


def _plate_text(sc: ReplayShown, surface: pygame.Surface, plate: pygame.Rect,
                view: PlayerView, seat: int, current: bool) -> None:
    """Name (and dealer), then the count and the score: on one line when the plate is
    short, on two when it has room (the bottom seat's)."""
    app = sc.app
    fonts = app.fonts
    frame = sc.frame
    result = frame.step.state.result
    big, small = app.text_size(16), app.text_size(14)
    width = plate.width - 16
    name, first, score = _plate_lines(sc, view, seat)
    line_big = fonts.font(big, True).get_linesize()
    line_small = fonts.font(small).get_linesize()
    if plate.height >= line_big + 2 * line_small + 8:
        lines = [first, score]
    else:
        both = joined(first, score)
        if result is not None and fonts.font(small).size(both)[0] > width:
            both = joined(f"{result.points[seat]:+d}", score)
        lines = [both]
    y = plate.top + max(2, (plate.height - line_big - len(lines) * line_small) // 2)
    tall = fonts.font(small).get_height()  # the lines' own height, descenders and all
    if y + line_big + (len(lines) - 1) * line_small + tall > plate.bottom - 2:
        y = plate.top + 1  # a short plate (a very large window): the leading goes first
        line_big = max(1, plate.bottom - 2 - tall - (len(lines) - 1) * line_small - y)
    surface.blit(fonts.text(_fit(fonts, name, big, width, True), big,
                            ACCENT if current else TEXT, True), (plate.left + 8, y))
    y += line_big
    for line in lines:
        surface.blit(fonts.text(_fit(fonts, line, small, width), small, TEXT_DIM),
                     (plate.left + 8, y))
        y += line_small


def joined(first: str, second: str) -> str:
    """Two parts of a name plate's line, one after the other."""
    # Translators: two parts of a line on a name plate ("deadwood 12, score 30")
    return pgettext("name plate", "{first}, {second}").format(first=first, second=second)


def _banner(sc: ReplayShown, surface: pygame.Surface) -> None:
    cards.draw_banner(surface, sc.app, sc.director.banner, sc.director.banner_time,
                             sc.clock, sc.app.text_size(34), sc.layout.size)


def decision_lines(d: Decision, before: bool) -> list[tuple[str, bool]]:
    """What the review said about a decision: (text, is it the strong player's)."""
    # Translators: {made} and {strong} are moves as the coach words them ("discard the 7♥")
    said = d.contrast or _("you chose to {made}; the strong player would {strong}").format(
        made=d.made_text, strong=d.strong_text)
    said = said[:1].lower() + said[1:] if said.startswith("You ") else said
    said = said.rstrip(".")
    if before:
        # Translators: {said} is what the review said about the decision
        head = _("Next, your decision (turn {turn}): {said}.").format(turn=d.turn, said=said)
    else:
        head = _("Your decision (turn {turn}): {said}.").format(turn=d.turn, said=said)
    return [(head, False),
            (d.note[:1].upper() + d.note[1:] + ("." if not d.note.endswith(".") else ""), False),
            (_("Strong move: {reason}").format(reason=d.strong_reason), True)]


def _side(sc: ReplayShown, surface: pygame.Surface) -> None:
    app = sc.app
    fonts = app.fonts
    side = sc.layout.side
    panel(surface, side.inflate(8, 8), 200, 12)
    pad = app.px(10)
    width = side.width - 2 * pad
    match = sc.history.match
    big = app.text_size(22)
    heading = replay_heading(match.rules, match.players, sc.number + 1, len(match.records))
    head = _fit(fonts, heading, big, width, True)
    surface.blit(fonts.text(head, big, ACCENT, True), (side.left + pad, sc.title_area.top + pad))
    small = app.text_size(15)
    moves = len(sc.cursor) - 1
    if sc.index == 0:
        # Translators: under the replay's heading, {game} the game's name
        text = _("{game}: the deal").format(game=preset_name(match.rules))
    else:
        text = _("{game}: move {move} of {moves}").format(game=preset_name(match.rules),
                                                          move=sc.index, moves=moves)
    sub = _fit(fonts, text, small, width)
    surface.blit(fonts.text(sub, small, TEXT_DIM),
                 (side.left + pad, sc.title_area.top + pad + big + app.px(4)))
    _info(sc, surface, pad)
    _move_list(sc, surface, pad)


def _info(sc: ReplayShown, surface: pygame.Surface, pad: int) -> None:
    """The current move in words, then the review's words or the score of the hand."""
    app = sc.app
    fonts = app.fonts
    area = sc.info_area
    panel(surface, area.inflate(-pad, 0), 120, 10,
          border=COACH if sc.decision is not None else None)
    size = sc.info_size
    y = area.top + pad // 2
    for text, color, bold in sc.info:
        surface.blit(fonts.text(_fit(fonts, text, size, area.width - 2 * pad, bold), size,
                                color, bold), (area.left + pad, y))
        y += size + 4


def _move_list(sc: ReplayShown, surface: pygame.Surface, pad: int) -> None:
    app = sc.app
    fonts = app.fonts
    size = app.text_size(15)
    marked = set(sc.decisions)
    line_h = fonts.font(size).get_linesize()
    for index, rect in sc.move_rows:
        current = index == sc.index
        if current:
            panel(surface, rect.inflate(-pad // 2, 0), 200, 6, border=ACCENT)
        color = ACCENT if current else (TEXT if index < sc.index else TEXT_DIM)
        left = rect.left + pad
        lines = sc.row_lines(index)
        if index in marked:  # a decision the review points out
            pygame.draw.circle(surface, COACH, (rect.left + pad // 2 + 2,
                                                rect.top + rect.height // (2 * len(lines))),
                               max(3, size // 4))
        y = rect.centery - line_h * len(lines) // 2
        for j, line in enumerate(lines):
            t = fonts.text(line, size, color)
            surface.blit(t, (left + (pad if j else 0), y))
            y += line_h
