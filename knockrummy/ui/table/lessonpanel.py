"""Drawing a lesson over the table: the coach panel (the step's words, a refused move's
reason, *Next*), the lights of the places the step talks about, and the ending (the
hand's score explained, *Play your first game*, back to the title).

The panel sits in the table's empty top-left corner, left of the piles and the
opponent, above your name; the ending is a box in the middle. Both are drawn in the
hint's colour and look, their text wrapped, and made smaller (never under 14 px) until
it fits."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from knockrummy.app.controller import GameSetup, SeatSetup, random_seed
from knockrummy.app.lessons import FirstGame, Place
from knockrummy.app.lessons.runner import YOU
from knockrummy.app.names import shown_name
from knockrummy.engine import PRESETS, Card, Family, best_arrangement
from knockrummy.i18n import _
from knockrummy.ui.felt.cards import card
from knockrummy.ui.gfx import ACCENT, COACH, TEXT, TEXT_DIM, glow, panel
from knockrummy.ui.table.render import DRAWN, mark_width
from knockrummy.ui.widgets import fit_text

if TYPE_CHECKING:
    from knockrummy.app.lessons import Ending, LessonRun
    from knockrummy.engine import PlayerView
    from knockrummy.ui.app import App
    from knockrummy.ui.felt.layout import TableLayout
    from knockrummy.ui.widgets import Button


class LessonLights(Protocol):
    """The lesson's coach as the panel uses it: how strongly to light, which buttons."""

    def pulse(self) -> float:
        """How strongly to light now."""
        ...

    def buttons_lit(self) -> list[str]:
        """The table buttons the step lights."""
        ...


class LessonScene(Protocol):
    """The table in lesson mode as this module draws it (the scene imports this module,
    so it is named here by what is read of it)."""

    @property
    def app(self) -> App:
        """The window."""
        ...

    @property
    def layout(self) -> TableLayout:
        """Where everything goes."""
        ...

    @property
    def view(self) -> PlayerView:
        """The view shown."""
        ...

    @property
    def buttons(self) -> dict[str, Button]:
        """The table's buttons (the panel's among them)."""
        ...

    run: LessonRun
    panel_buttons: dict[str, Button]
    ended: Ending | None

    @property
    def lesson_coach(self) -> LessonLights:
        """What the step lights."""
        ...

    def coach_showing(self) -> bool:
        """Whether the coach panel speaks now."""
        ...

    def saying(self) -> str | None:
        """A refused move's reason for this step."""
        ...

#: the colour of a refused move's reason (the table's note colour)
REFUSED = (255, 236, 200)
MARGIN = 16

Color = tuple[int, int, int]
#: paragraphs wrapped: their lines, colour and weight
Wrapped = list[tuple[list[str], Color, bool]]
#: the ending's lines: wrapped lines, size, colour, weight
EndLines = list[tuple[list[str], int, Color, bool]]


def offer_setup(offer: FirstGame) -> GameSetup:
    """The game a finished lesson offers, as a setup with a fresh seed."""
    seats = tuple(SeatSetup(s.name, s.kind, s.level) for s in offer.seats)
    return GameSetup(PRESETS[offer.preset], seats, random_seed())


def area(s: LessonScene) -> pygame.Rect:
    """Where the coach panel may go: the top-left corner of the table."""
    lay = s.layout
    right = min([lay.stock.left] + [p.rect.left for p in lay.pods.values()]) - MARGIN
    bottom = lay.me_plate.top - 10
    return pygame.Rect(MARGIN, MARGIN, max(120, right - MARGIN), max(80, bottom - MARGIN))


def heading(s: LessonScene, width: int) -> str:
    """The panel's heading: the lesson and the step, shortened to fit ``width``."""
    run = s.run
    step, steps = run.index + 1, len(run.lesson.steps)
    # Translators: the lesson panel's heading, {lesson} the lesson's title
    long = _("{lesson}: step {step} of {steps}").format(lesson=run.lesson.title, step=step,
                                                      steps=steps)
    short = _("Step {step} of {steps}").format(step=step, steps=steps)
    for text in (long, short):
        if s.app.fonts.font(s.app.text_size(15), True).size(text)[0] <= width:
            return text
    return fit_text(s.app.fonts, short, s.app.text_size(15), width, True)


def _button_size(s: LessonScene) -> tuple[int, int]:
    return max(120, s.app.px(140)), max(44, s.app.px(46))


def _paragraphs(s: LessonScene) -> list[tuple[str, Color, bool]]:
    """The panel's paragraphs: the step, the reason of a refused move."""
    out = [(s.run.text, TEXT, False)]
    said = s.saying()
    if said:
        out.append((said, REFUSED, True))
    return out


def _fit(s: LessonScene, paragraphs: list[tuple[str, Color, bool]],
         width: int, room: int, big: int) -> tuple[int, Wrapped]:
    """The largest text size (``big`` down to 14 px) whose wrapped paragraphs fit
    ``room`` pixels high, and the wrapped lines."""
    fonts = s.app.fonts
    smallest = s.app.text_size(14)
    size = big
    while True:
        wrapped = [(fonts.wrap(text, size, width, bold=bold), color, bold)
                   for text, color, bold in paragraphs]
        line = fonts.font(size).get_linesize()
        height = sum(len(lines) for lines, _, _ in wrapped) * line + line // 2 * len(wrapped)
        if height <= room or size <= smallest:
            return size, wrapped
        size -= 1


def _coach_box(s: LessonScene) -> tuple[pygame.Rect, int, Wrapped, int]:
    """The panel's rect, its text size, its wrapped paragraphs and the heading's height."""
    room = area(s)
    pad = max(10, s.app.px(12))
    bw, bh = _button_size(s)
    fonts = s.app.fonts
    head = fonts.font(s.app.text_size(15), True).get_linesize()
    text_room = room.height - 2 * pad - head - bh - pad
    size, wrapped = _fit(s, _paragraphs(s), room.width - 2 * pad, text_room,
                         s.app.text_size(18))
    line = fonts.font(size).get_linesize()
    height = sum(len(lines) for lines, _, _ in wrapped) * line + line // 2 * (len(wrapped) - 1)
    button_room = bh + pad if s.panel_buttons["next"].visible else 0
    box = pygame.Rect(room.left, room.top, room.width, 2 * pad + head + 4 + height + button_room)
    return box, size, wrapped, head


def place_buttons(s: LessonScene) -> None:
    """Next at the foot of the coach panel; the ending's two buttons under its text."""
    bw, bh = _button_size(s)
    nxt = s.panel_buttons["next"]
    if nxt.visible:
        box = _coach_box(s)[0]
        pad = max(10, s.app.px(12))
        nxt.rect = pygame.Rect(box.right - pad - bw, box.bottom - pad - bh, bw, bh)
    if s.ended is not None:
        box, _ = _ending_box(s)
        pad = max(12, s.app.px(16))
        first, title = s.panel_buttons["first_game"], s.panel_buttons["title"]
        wide = max(bw, s.app.fonts.font(s.app.text_size(17), True).size(first.label)[0]
                   + s.app.px(48))
        gap = pad
        left = box.centerx - (wide * 2 + gap) // 2
        first.rect = pygame.Rect(left, box.bottom - pad - bh, wide, bh)
        title.rect = pygame.Rect(left + wide + gap, box.bottom - pad - bh, wide, bh)
        first.primary = True


def _ending_parts(s: LessonScene) -> list[tuple[str, int, Color, bool]]:
    ending = s.ended
    assert ending is not None
    parts = [(ending.headline, 26, ACCENT, True)]
    parts += [(line, 18, TEXT, False) for line in ending.lines]
    parts += [(term, 16, TEXT_DIM, False) for term in ending.terms]
    return parts


def _ending_box(s: LessonScene) -> tuple[pygame.Rect, EndLines]:
    """The ending's box (centred) and its wrapped lines at the sizes that fit."""
    app = s.app
    w, h = app.size
    pad = max(12, app.px(16))
    _, bh = _button_size(s)
    width = min(w - 2 * MARGIN, app.px(760))
    room = h - 2 * MARGIN - 3 * pad - bh
    fonts = app.fonts
    smallest = app.text_size(14)
    shrink = 0
    while True:
        wrapped = []
        for text, size, color, bold in _ending_parts(s):
            px = max(smallest, app.text_size(size) - shrink)
            wrapped.append((fonts.wrap(text, px, width - 2 * pad, bold=bold), px, color, bold))
        height = sum(len(lines) * fonts.font(px, bold).get_linesize() + px // 3
                     for lines, px, _, bold in wrapped)
        if height <= room or all(px <= smallest for _, px, _, _ in wrapped):
            break
        shrink += 1
    box = pygame.Rect(0, 0, width, min(h - 2 * MARGIN, height + 3 * pad + bh))
    box.center = (w // 2, h // 2)
    return box, wrapped


def draw(s: LessonScene, surface: pygame.Surface) -> None:
    """The coach panel and the lights, or the ending."""
    if s.ended is not None:
        _ending(s, surface)
        return
    if not s.coach_showing():
        return
    DRAWN.pop("showdown", None)
    if s.run.match.hand.over:
        _showdown(s, surface)
    _lights(s, surface)
    box, size, wrapped, head = _coach_box(s)
    pad = max(10, s.app.px(12))
    panel(surface, box, 235, min(16, box.height // 4), border=COACH)
    DRAWN["lesson"] = box
    fonts = s.app.fonts
    title = heading(s, box.width - 2 * pad)
    surface.blit(fonts.text(title, s.app.text_size(15), COACH, bold=True),
                 (box.left + pad, box.top + pad))
    y = box.top + pad + head + 4
    line = fonts.font(size).get_linesize()
    for lines, color, bold in wrapped:
        for text in lines:
            surface.blit(fonts.text(text, size, color, bold=bold), (box.left + pad, y))
            y += line
        y += line // 2
    nxt = s.panel_buttons["next"]
    if nxt.visible:
        nxt.draw(surface, fonts, s.app.text_size(17))


def _lights(s: LessonScene, surface: pygame.Surface) -> None:
    """The places the step talks about that the hint's drawing does not light: the
    deadwood count, the table melds and meld zone, both hands at the showdown, a lit
    card lying on the discard pile, and every button named."""
    lit = s.run.step.lit
    lay = s.layout
    strength = s.lesson_coach.pulse()
    width = mark_width(lay)

    def ring(rect: pygame.Rect) -> None:
        color = tuple(round(c * (0.6 + 0.4 * strength)) for c in COACH)
        pygame.draw.rect(surface, color, rect, width, min(12, rect.height // 3))

    if Place.DEADWOOD in lit.places:
        ring(DRAWN.get("count", lay.deadwood).inflate(14, 6))
    if Place.SHOWDOWN in lit.places and "showdown" in DRAWN:
        ring(DRAWN["showdown"].inflate(6, 6))
    if Place.TABLE in lit.places:
        ring(lay.meld_zone.inflate(8, 8))
    for index in lit.melds:
        if index < len(lay.melds) and lay.melds[index]:
            rects = lay.melds[index]
            ring(rects[0].unionall(rects[1:]).inflate(8, 8))
    upcard = s.view.upcard
    if upcard is not None and upcard in lit.cards and Place.DISCARD not in lit.places:
        glow(surface, lay.discard, strength, COACH)
    for key in s.lesson_coach.buttons_lit():
        button = s.buttons.get(key)
        if button is not None and button.visible and button.rect.width:
            pygame.draw.rect(surface, COACH, button.rect.inflate(8, 8), 3,
                             button.rect.height // 3)


def _ending(s: LessonScene, surface: pygame.Surface) -> None:
    """The end of the lesson: the score explained and the offer."""
    shade = pygame.Surface(s.app.size, pygame.SRCALPHA)
    shade.fill((0, 0, 0, 120))
    surface.blit(shade, (0, 0))
    box, wrapped = _ending_box(s)
    pad = max(12, s.app.px(16))
    panel(surface, box, 245, 16, border=COACH)
    DRAWN["lesson"] = box
    fonts = s.app.fonts
    y = box.top + pad
    for lines, px, color, bold in wrapped:
        for text in lines:
            surface.blit(fonts.text(text, px, color, bold=bold), (box.left + pad, y))
            y += fonts.font(px, bold).get_linesize()
        y += px // 3
    for key in ("first_game", "title"):
        s.panel_buttons[key].draw(surface, fonts, s.app.text_size(17))


def showdown_area(s: LessonScene) -> pygame.Rect:
    """Where the hands are shown once the hand is over: right of the coach panel, left of
    the last moves, above the count line (over the piles, which no longer matter)."""
    lay = s.layout
    # over the whole of the piles, the stock's cards drawn up and left of its place
    # included: at 1280x720 their left edges showed as a white line beside it
    coach = area(s).right
    left = max(coach + 2, min(coach + MARGIN, lay.stock.left - 6))
    right = (lay.log.left if lay.log.width else lay.size[0]) - MARGIN
    return pygame.Rect(left, MARGIN, max(100, right - left),
                       max(100, lay.deadwood.top - 8 - MARGIN))


def _groups(s: LessonScene, seat: int) -> list[tuple[tuple[Card, ...], bool]]:
    """A seat's cards laid out: its melds, then its deadwood (marked True)."""
    hand = s.run.match.hand
    cards = hand.hands[seat]
    melds = list(best_arrangement(cards, hand.rules.ace_high))
    used = {c for meld in melds for c in meld}
    dead = tuple(c for c in cards if c not in used)
    return [(tuple(m), False) for m in melds] + ([(dead, True)] if dead else [])


def _showdown(s: LessonScene, surface: pygame.Surface) -> None:
    """Both hands face up, in melds then deadwood, with their counts (the showdown the
    coach panel talks about)."""
    hand = s.run.match.hand
    result = hand.result
    if result is None:
        return
    box = showdown_area(s)
    panel(surface, box, 255, 14)
    DRAWN["showdown"] = box
    fonts = s.app.fonts
    pad = max(8, s.app.px(10))
    size = s.app.text_size(15)
    line = fonts.font(size, True).get_linesize()
    seats = [1 - YOU, YOU]  # the opponent on top, you below, as at the table
    row_h = (box.height - 2 * pad) // len(seats)
    for k, seat in enumerate(seats):
        top = box.top + pad + k * row_h
        groups = _groups(s, seat)
        if hand.rules.family is Family.RUMMY:
            label = _("{name}: hand value {value}").format(name=shown_name(hand.names[seat]),
                                                         value=result.counts[seat])
        else:
            label = _("{name}: deadwood {deadwood}").format(name=shown_name(hand.names[seat]),
                                                           deadwood=result.counts[seat])
        surface.blit(fonts.text(label, size, ACCENT if k else TEXT, bold=True),
                     (box.left + pad, top))
        n = sum(len(g) for g, _ in groups)
        if not n:
            continue
        room_w = box.width - 2 * pad
        gap_groups = len(groups) - 1
        # width w: w + (n - 1) * 0.5w + 0.85w more between groups must fit room_w
        w = int(room_w / (1 + 0.5 * (n - 1) + 0.85 * gap_groups))
        h = round(w * 1.4)
        if h > row_h - line - pad:
            h = row_h - line - pad
            w = round(h / 1.4)
        x = box.left + pad
        y = top + line + 2
        for group, dead in groups:
            for c in group:
                rect = pygame.Rect(x, y, w, h)
                card(s, surface, c, rect, True)
                if dead:
                    pygame.draw.rect(surface, (255, 236, 200), rect.inflate(2, 2), 2, w // 9)
                x += w // 2
            x += w // 2 + round(0.35 * w)
