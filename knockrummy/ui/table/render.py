"""Drawing the table from its model (:attr:`TableHost.model`: the view shown, focus,
picks, the knock choice, the lit hint, the drag) and its layout, with the scene's
animation (flights, lifts). Reads them; changes nothing."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from knockrummy.app.names import shown_name
from knockrummy.app.recap import match_info
from knockrummy.coach import Hint
from knockrummy.engine import (
    Card,
    Discard,
    DrawDiscard,
    DrawStock,
    Phase,
    PlayerView,
    TurnOver,
)
from knockrummy.i18n import _, ngettext, pgettext
from knockrummy.ui.felt.cards import card, draw_banner
from knockrummy.ui.felt.layout import TableLayout
from knockrummy.ui.gfx import ACCENT, COACH, TEXT, TEXT_DIM, glow, panel
from knockrummy.ui.table import choice, controls
from knockrummy.ui.widgets import draw_tooltip, fit_text
from knockrummy.words.names import is_you

if TYPE_CHECKING:
    from knockrummy.ui.app import App
    from knockrummy.ui.table.host import TableHost


#: where the last frame drew its texts and panels ("status", "note", "count", "info",
#: "log", "zone_label", "hint_tag", "fresh_tag", "taken_tags", "stock_label",
#: "discard_label"): a record for tests and
#: tools to check overlaps against; the scene is never changed
DRAWN: dict[str, pygame.Rect] = {}


def draw(s: TableHost, surface: pygame.Surface) -> None:
    """The whole table."""
    for key in [k for k in DRAWN if k not in _BASE_KEYS]:
        del DRAWN[key]
    app = s.app
    targets = s.model.drop_targets() if s.model.dragging() is not None else {}
    surface.blit(_base(s, targets), (0, 0))
    _hand(s, surface, targets)
    _texts(s, surface)
    for b in s.buttons.values():
        b.draw(surface, app.fonts, app.text_size(17))
    for f in s.director.flights:
        if not f.started:
            continue
        x, y, w, face = f.frame()
        rect = pygame.Rect(round(x), round(y), round(w), round(w * 1.4))
        card(s, surface, f.card, rect, face, lifted=True, squash=f.flip_scale(),
             art_w=round(f.end[2]))
    hint = s.coach.hint
    if hint is not None:
        _hint_marks(s, surface, hint)
    choice.draw(s, surface, lambda i, c: _raised(s, i, c))
    _fresh_tag(s, surface)
    _picked_rings(s, surface)
    _dragged(s, surface)
    _banner(s, surface)
    tip = s.pointer.tip
    if tip is not None and tip.visible and s.model.drag is None:
        # never over the hint or the status line as drawn (a long hint grows past its
        # place), nor the count line above it, nor over the last moves where there is
        # room elsewhere (beside the button): a tip above Knock covered the moves the
        # player was reading, and Hint's tip the "D" of "Deadwood"
        draw_tooltip(surface, app.fonts, tip.tip(), tip.rect, app.text_size(15),
                     [DRAWN[k] for k in ("status", "note", "count", "log") if k in DRAWN])


_BASE: dict[str, tuple[object, pygame.Surface]] = {}


def forget_cache() -> None:
    """Drop the cached drawing (its words are in the language it was drawn in)."""
    _BASE.clear()
    _LOG_CACHE.clear()


def tag_word(tag: str) -> str:
    """The word over a card of the hand, by its key ("new", "taken", "hint")."""
    if tag == "new":
        # Translators: over the card just drawn from the stock, in the hand
        return pgettext("card tag", "new")
    if tag == "taken":
        # Translators: over the card just taken from the discard pile, in the hand
        return pgettext("card tag", "taken")
    if tag == "hint":
        # Translators: over the cards a hint is about, in the hand
        return pgettext("card tag", "hint")
    return tag
#: the DRAWN entries that belong to the cached layer (kept while it is reused)
_BASE_KEYS = ("zone_label", "taken_tags")


def _base(s: TableHost, targets: dict[str, bool]) -> pygame.Surface:
    """Felt, piles, table melds and opponents: redrawn only when one of them changes,
    so a frame where only a card flies costs one blit for all of it."""
    d = s.director
    dragging = s.model.dragging()
    drag = dragging.source if dragging is not None else None
    thinking = s.controller.thinking
    hint = s.coach.hint
    lit = (hint.pile, hint.target, round(s.coach.pulse(), 2)) if hint is not None else None
    key = (s.app.size, id(s.model.view), id(s.layout), tuple(sorted(d.hidden.opp.items())), lit,
           d.hidden.discard, frozenset(d.hidden.table), pointed_pile(s), s.model.pile_focus,
           s.controller.human_to_act, drag, tuple(sorted(k for k, v in targets.items() if v)),
           thinking, int(s.clock * 3) % 3 if thinking is not None else 0, id(s.app.cards))
    cached = _BASE.get("table")
    if cached is not None and cached[0] == key and cached[1].get_size() == s.app.size:
        return cached[1]
    layer = cached[1] if cached is not None and cached[1].get_size() == s.app.size else \
        pygame.Surface(s.app.size).convert()
    layer.blit(s.app.table.surface(s.app.size), (0, 0))
    for name in _BASE_KEYS:
        DRAWN.pop(name, None)
    _piles(s, layer, targets)
    _melds(s, layer, targets)
    for pod in s.layout.pods.values():
        _pod(s, layer, pod.seat)
    _BASE["table"] = (key, layer)
    return layer


def _piles(s: TableHost, surface: pygame.Surface, targets: dict[str, bool]) -> None:
    lay = s.layout
    view = s.model.view
    stock = lay.stock
    hot = view.phase in (Phase.DRAW, Phase.UPCARD_OFFER) and s.controller.human_to_act
    live = drawable_piles(s) if hot else set()
    pointed = pointed_pile(s)
    if pointed is not None:  # a pile a click would take from (or throw to) lights
        glow(surface, stock if pointed == "stock" else lay.discard)
    if view.stock_count:
        layers = min(3, 1 + view.stock_count // 12)
        for i in range(layers):
            r = stock.move(-i * 2, -i * 2)
            card(s, surface, None, r, False, lifted=i == layers - 1 and pointed == "stock")
    else:
        pygame.draw.rect(surface, (255, 255, 255), stock, 2, stock.width // 12)
    if targets.get("discard"):
        glow(surface, lay.discard)
    hint = s.coach.hint
    if hint is not None and hint.pile is not None and s.model.drag is None \
            and hint.kind != "pass":  # a pass leaves the pile alone: only Pass is lit
        glow(surface, lay.stock if hint.pile == "stock" else lay.discard, s.coach.pulse(), COACH)
    pile = list(view.discard)
    hide = s.director.hidden.discard
    if hide:
        pile = pile[:-hide] if hide < len(pile) else []
    dragging = s.model.dragging()
    if dragging is not None and dragging.source == "discard" and pile:
        pile = pile[:-1]
    shown = pile[-3:]
    if not shown:
        pygame.draw.rect(surface, (255, 255, 255), lay.discard, 2, lay.discard.width // 12)
    offset = max(3, lay.pile_w // 9)
    for i, c in enumerate(shown):
        r = lay.discard.move((i - len(shown) + 1) * offset, 0)
        lifted = i == len(shown) - 1 and pointed == "discard"
        card(s, surface, c, r, True, lifted)
    if hot and s.model.drag is None and s.model.pile_focus in live:  # only a pile that may be drawn
        focus = lay.stock if s.model.pile_focus == "stock" else lay.discard
        pygame.draw.rect(surface, ACCENT, focus.inflate(8, 8), 2, focus.width // 10)


def drawable_piles(s: TableHost) -> set[str]:
    """The piles the player may draw from now ("stock" also when it may be turned over)."""
    out: set[str] = set()
    for a in s.model.legal:
        if isinstance(a, DrawStock | TurnOver):
            out.add("stock")
        elif isinstance(a, DrawDiscard):
            out.add("discard")
    return out


def pointed_pile(s: TableHost) -> str | None:
    """The pile under the resting pointer when a click there is a move: taking from it
    while drawing, or throwing the card picked (by a click or the keys) onto the discard
    pile. It lights as the stock and the discard pile alike do (a player saw the stock
    lit and took the pile for dead)."""
    m = s.model
    pile = m.hover_pile
    if pile is None or m.drag is not None or not s.controller.human_to_act:
        return None
    phase = m.view.phase
    if phase in (Phase.DRAW, Phase.UPCARD_OFFER):
        return pile if pile in drawable_piles(s) else None
    if phase is not Phase.PLAY or pile != "discard" or m.choice is not None \
            or len(m.selected) > 1:
        return None
    picked = m.picked_one()
    if picked is None or not any(isinstance(a, Discard) and a.card is picked for a in m.legal):
        return None
    return pile


def _melds(s: TableHost, surface: pygame.Surface, targets: dict[str, bool]) -> None:
    lay = s.layout
    view = s.model.view
    if targets.get("zone"):
        glow(surface, lay.meld_zone, 0.6)
    if view.rules.family.value == "rummy" and not view.table:
        _zone_label(s, surface, lay.meld_zone)
    hidden = s.director.hidden.table
    hint = s.coach.hint
    for i, (tm, rects) in enumerate(zip(view.table, lay.melds, strict=False)):
        if targets.get(f"meld{i}") and rects:
            glow(surface, rects[0].unionall(rects[1:]), 0.8)
        if hint is not None and hint.target == i and rects and s.model.drag is None:
            glow(surface, rects[0].unionall(rects[1:]), s.coach.pulse(), COACH)
        for c, r in zip(tm.cards, rects, strict=False):
            if c not in hidden:
                card(s, surface, c, r)


def _zone_label(s: TableHost, surface: pygame.Surface, zone: pygame.Rect) -> None:
    """"Melds go here", wrapped inside the meld zone (never under the piles)."""
    fonts = s.app.fonts
    size = s.app.text_size(15)
    lines = fonts.wrap(_("Melds go here: drag a set or a run onto the table"), size,
                       max(40, zone.width - 16))
    line_h = fonts.font(size).get_linesize()
    y = zone.centery - line_h * len(lines) // 2
    for line in lines:
        text = fonts.text(line, size, TEXT_DIM)
        rect = text.get_rect(midtop=(zone.centerx, y))
        surface.blit(text, rect)
        DRAWN["zone_label"] = DRAWN["zone_label"].union(rect) if "zone_label" in DRAWN \
            else rect
        y += line_h


def table_scores(view: PlayerView) -> tuple[int, ...]:
    """The scores the table shows: before this hand's points while the hand is over
    (the showdown reveals them), else the match's."""
    result = view.result
    if view.phase is Phase.HAND_OVER and result is not None \
            and len(result.points) == len(view.scores):
        return tuple(total - won for total, won in zip(view.scores, result.points, strict=True))
    return view.scores


def _pod(s: TableHost, surface: pygame.Surface, seat: int) -> None:
    lay = s.layout
    view = s.model.view
    pod = lay.pods[seat]
    fonts = s.app.fonts
    current = view.current == seat and view.phase is not Phase.HAND_OVER
    thinking = s.controller.thinking == seat
    border = ACCENT if current else None
    panel(surface, pod.plate, 170, 10, border=border)
    size = s.app.text_size(16)
    name = fonts.text(shown_name(view.names[seat]), size, ACCENT if current else TEXT, bold=True)
    surface.blit(name, (pod.plate.left + 8, pod.plate.top + 4))
    count = view.hand_sizes[seat]
    score = table_scores(view)[seat]
    if seat == view.dealer:
        info = ngettext("{count} card  score {score}  dealer",
                        "{count} cards  score {score}  dealer", count).format(
            count=count, score=score)
    else:
        info = ngettext("{count} card  score {score}", "{count} cards  score {score}",
                        count).format(count=count, score=score)
    small = fonts.text(info, s.app.text_size(14), TEXT_DIM)
    surface.blit(small, (pod.plate.left + 8, pod.plate.bottom - small.get_height() - 4))
    if thinking:
        dots = "." * (1 + int(s.clock * 3) % 3)
        # Translators: on a computer's name plate while it decides (dots follow)
        word = _("thinking")
        t = fonts.text(f"{word}{dots}", s.app.text_size(14), ACCENT)
        surface.blit(t, (pod.plate.right - fonts.font(s.app.text_size(14)).size(f"{word}...")[0]
                         - 8, pod.plate.top + 4))
    hidden = s.director.hidden.opp.get(seat, 0)
    fan = pod.fan[: max(0, len(pod.fan) - hidden)]
    if fan and view.knocker == seat and view.knocker_deadwood:
        _face_up_fan(s, surface, view.knocker_deadwood[: len(fan)], fan)
    elif fan:
        img, origin = _fan(s, fan)
        surface.blit(img, origin)
    taken = view.public_taken[seat] if view.public_taken else ()
    shown = list(zip(taken, pod.taken, strict=False))
    for c, r in shown:
        card(s, surface, c, r)
    if shown:
        # what the face-up cards under a hand are (a helper had to work it out): the
        # "taken" tag the player's own card wears, beside them, inside the window
        row = shown[0][1].unionall([r for _c, r in shown[1:]])
        tag = fonts.text(tag_word("taken"), s.app.text_size(13), TEXT_DIM)
        where = tag.get_rect(midleft=(row.right + 6, row.centery))
        if where.right > surface.get_width() - 4:
            where.midright = (row.left - 6, row.centery)
        DRAWN["taken_tags"] = DRAWN["taken_tags"].union(where) if "taken_tags" in DRAWN \
            else where
        surface.blit(tag, where)


def _face_up_fan(s: TableHost, surface: pygame.Surface, cards: Sequence[Card],
                 fan: list[pygame.Rect]) -> None:
    """The Gin knocker's deadwood, face up after the knock, spread so each index reads."""
    width, height = fan[0].size
    step = round(width * 0.55)
    left = (fan[0].left + fan[-1].right) // 2 - (width + step * (len(cards) - 1)) // 2
    for i, c in enumerate(cards):
        card(s, surface, c, pygame.Rect(left + i * step, fan[0].top, width, height))


_FANS: dict[tuple[object, ...], tuple[pygame.Surface, tuple[int, int]]] = {}


def _fan(s: TableHost, rects: list[pygame.Rect]) -> tuple[pygame.Surface, tuple[int, int]]:
    """An opponent's fan of backs as one cached picture (and where it goes)."""
    step = rects[1].x - rects[0].x if len(rects) > 1 else 0
    key = (len(rects), rects[0].width, step, id(s.app.cards))
    pad = rects[0].width // 4
    hit = _FANS.get(key)
    if hit is None:
        area = rects[0].unionall(rects[1:]) if len(rects) > 1 else rects[0].copy()
        img = pygame.Surface((area.width + pad * 2, area.height + pad * 2), pygame.SRCALPHA)
        for r in rects:
            card(s, img, None, r.move(pad - area.x, pad - area.y), False)
        if len(_FANS) > 200:
            _FANS.clear()
        hit = (img, (0, 0))
        _FANS[key] = hit
    return hit[0], (rects[0].x - pad, rects[0].y - pad)


def fresh_card(s: TableHost) -> tuple[Card, str] | None:
    """The card the player just drew (from the stock) or took (from the pile), with its
    tag: raised and marked in the hand until their next move."""
    return s.model.fresh_card()


#: how far (of a full hover lift) the just-drawn card stands raised
FRESH_LIFT = 0.8


def _hand(s: TableHost, surface: pygame.Surface, targets: dict[str, bool]) -> None:
    lay = s.layout
    hidden = s.director.hidden.hand
    drag = s.model.dragging()
    dragging = set(drag.cards) if drag is not None and drag.source == "hand" else set()
    if not s.model.shown:  # pass-and-play: the screen may be in someone else's hands
        for c, r in zip(s.model.cards, lay.hand, strict=False):
            if c not in hidden:
                card(s, surface, None, r, False)
        return
    cards = s.model.cards
    for mark, (first, last) in zip(lay.group_marks, lay.mark_spans, strict=False):
        if last < len(cards):  # under its cards, where they stand aside
            left = mark.left + round(s.shift.get(cards[first], 0.0))
            mark = pygame.Rect(left, mark.top,
                               mark.right + round(s.shift.get(cards[last], 0.0)) - left,
                               mark.height)
        pygame.draw.rect(surface, ACCENT, mark, border_radius=2)
    hint = s.coach.hint if not dragging else None
    hinted = set(hint.cards) if hint is not None else set()
    strength = s.coach.pulse()
    placed: list[tuple[int, Card, pygame.Rect]] = []
    for i, c in enumerate(s.model.cards[:len(lay.hand)]):
        if c in hidden or c in dragging:
            continue
        placed.append((i, c, _raised(s, i, c)))
    for _i, c, rr in placed:  # the hint's glow under every card: it never covers one
        if c in hinted:
            glow(surface, rr, 0.35 * strength, COACH)
    # the card the keys point at and the hint's cards are drawn over their neighbours,
    # whole (the pointer's clicks find them first: Pointer.card_at); the hand opens
    # after each so that the next card's corner shows (TableLayout.spread)
    whole = s.model.on_top(hinted)
    on_top = [p for p in placed if p[0] in whole]
    for i, c, rr in placed:
        if (i, c, rr) not in on_top:
            _hand_card(s, surface, i, c, rr)
    for i, c, rr in on_top:
        _hand_card(s, surface, i, c, rr)
        if c in hinted:
            width = mark_width(lay)
            pygame.draw.rect(surface, COACH, rr.inflate(width * 2, width * 2), width,
                             rr.width // 9)
            # picked (or under the keys) too: its mark goes round the hint's, where it
            # shows (inside, it was a thin line a player took for nothing)
            if _ringed(s, c):
                colour = ACCENT if c in s.model.selected else (255, 255, 255)
                _ring(surface, colour, rr, width)


def mark_width(lay: TableLayout) -> int:
    """How thick the coach's marks are drawn (the hint's outline, a picked hint card's
    ring): thicker with bigger cards."""
    return max(3, lay.card_w // 24)


def _ring(surface: pygame.Surface, colour: tuple[int, int, int], rr: pygame.Rect,
          width: int) -> None:
    """The mark of a hint's card ``rr`` picked (or under the keys), round the hint's own,
    where it shows."""
    pygame.draw.rect(surface, colour, _ring_rect(rr, width), width, rr.width // 8)


def _ring_rect(rr: pygame.Rect, width: int) -> pygame.Rect:
    """Where :func:`_ring` goes round the card ``rr``."""
    return rr.inflate(width * 4 + 2, width * 4 + 2)


def _picked_rings(s: TableHost, surface: pygame.Surface) -> None:
    """The gold ring of a hint's card picked, drawn again over the tags: where a two-line
    message leaves no room above the raised cards, the "hint" tag stands on the ring's
    top edge, and the tags' dark grounds cut it to a stub. The hint's tag is drawn whole
    again over the ring (the ring had clipped its letters' tops); the "taken" tag keeps
    off the ring (:func:`_fresh_tag`)."""
    hint = s.coach.hint
    m = s.model
    if hint is None or not m.shown:
        return
    tags = [DRAWN[k] for k in ("fresh_tag", "hint_tag") if k in DRAWN]
    width = mark_width(s.layout)
    for c in hint.cards:
        if c not in m.selected or c not in m.cards:
            continue
        i = m.cards.index(c)
        if i >= len(s.layout.hand):
            continue
        rr = _raised(s, i, c)
        if any(_ring_rect(rr, width).colliderect(t) for t in tags):
            _ring(surface, ACCENT, rr, width)
            for tag, where, grounded in _HINT_TAG:  # the tag whole over the ring's edge
                if where.colliderect(_ring_rect(rr, width)):
                    _tag(surface, tag, where, grounded)


def _tag(surface: pygame.Surface, tag: pygame.Surface, where: pygame.Rect,
         grounded: bool) -> None:
    """A tag over a card (its words drawn), on a dark ground of its own if ``grounded``."""
    if grounded:
        pygame.draw.rect(surface, (15, 22, 18), where.inflate(8, 2), 0, 6)
    surface.blit(tag, where)


#: the hint's tag as last drawn (its words, where, on a ground or not), for the picked
#: card's ring drawn after it
_HINT_TAG: list[tuple[pygame.Surface, pygame.Rect, bool]] = []


def _fresh_tag(s: TableHost, surface: pygame.Surface) -> None:
    """The tag over the card just drawn or taken ("new", "taken"), drawn after every card
    and the knock choice's marks: a raised neighbour covered "taken" down to "tak", and
    in the knock choice the ring of the raised card beside it made it read "Faken". Where
    a raised neighbour reaches it, it stands on a dark ground of its own. (The hint's own
    tag says "new · hint" when it is that card.)"""
    fresh = fresh_card(s)
    m = s.model
    if fresh is None or not m.shown or fresh[0] not in m.cards:
        return
    drag = m.dragging()
    dragging = set(drag.cards) if drag is not None and drag.source == "hand" else set()
    hint = s.coach.hint if not dragging else None
    c = fresh[0]
    if c in s.director.hidden.hand or c in dragging or (hint is not None and c in hint.cards):
        return
    lay = s.layout
    i = m.cards.index(c)
    if i >= len(lay.hand):
        return
    rr = _raised(s, i, c)
    t = s.app.fonts.text(tag_word(fresh[1]), s.app.text_size(14), ACCENT, bold=True)
    where = t.get_rect(midbottom=(rr.centerx, rr.top - 2))
    near = where.inflate(4, 4)
    ring = 6  # the knock choice's ring round a raised card, and the keys' focus ring
    # the hint's card raised beside it: "taken" and "hint" were drawn through each other,
    # and the gold ring of that card picked through both; the tag steps aside of them,
    # over the part of its card that shows
    width = mark_width(lay)
    keep_off = [_ring_rect(_raised(s, j, other), width)
                for j, other in enumerate(m.cards[:len(lay.hand)])
                if other in m.selected and hint is not None and other in hint.cards]
    if "hint_tag" in DRAWN:
        keep_off.append(DRAWN["hint_tag"])
    hit = [r for r in keep_off if where.inflate(8, 0).colliderect(r)]
    if hit:
        if where.centerx <= min(r.centerx for r in hit):
            where.right = min(r.left for r in hit) - 4
        else:
            where.left = max(r.right for r in hit) + 4
        near = where.inflate(4, 4)
    # over a picked (raised) card at 960x600 the tag reached into the status line and
    # hid a word of it: it steps down onto its card's top edge instead
    status = DRAWN.get("status")
    grounded = False
    if status is not None and where.colliderect(status):
        where.top = status.bottom + 1
        near = where.inflate(4, 4)
        grounded = True
    if grounded or any(
            j != i and _raised(s, j, other).inflate(ring * 2, ring * 2).colliderect(near)
            for j, other in enumerate(m.cards[:len(lay.hand)])):
        pygame.draw.rect(surface, (15, 22, 18), where.inflate(8, 2), 0, 6)
    DRAWN["fresh_tag"] = where
    surface.blit(t, where)


def _raised(s: TableHost, i: int, c: Card) -> pygame.Rect:
    """Where the card at place ``i`` of the hand stands now, raised as :func:`_hand`
    raises it (and aside, where the hand opens round a card drawn whole)."""
    return hand_rect(s, i, c)


def hand_rect(s: TableHost, i: int, c: Card) -> pygame.Rect:
    """Where the card ``c`` at place ``i`` of the hand is drawn now: its place, moved
    aside where the hand opens round a card drawn whole, and raised (under the pointer,
    picked, under the keys, just drawn)."""
    r = s.layout.hand[i].move(round(s.shift.get(c, 0.0)), 0)
    amount = s.lift.get(c, 0.0)
    fresh = fresh_card(s)
    if fresh is not None and c is fresh[0]:
        amount = max(amount, FRESH_LIFT)
    if s.model.focus is c:
        amount = max(amount, 1.0)
    lift = max(4, s.layout.card_w // 9)
    return r.move(0, -round(lift * amount)) if amount else r


def whole_places(s: TableHost) -> list[int]:
    """The places of the hand whose cards are drawn whole over their neighbours, last on
    top: the card the keys point at and the hint's cards (none while a card of the hand
    is dragged but the keys', none while the hand is hidden)."""
    m = s.model
    if not m.shown:
        return []
    drag = m.dragging()
    carried = set(drag.cards) if drag is not None and drag.source == "hand" else set()
    hint = s.coach.hint if not carried else None
    return [i for i in m.on_top(hint.cards if hint is not None else ())
            if m.cards[i] not in carried]


def _ringed(s: TableHost, c: Card) -> bool:
    """Whether ``c``, a hint's card, also has its own ring round the hint's outline: it is
    picked, or under the keys."""
    return c in s.model.selected or s.model.focus is c


def _hand_card(s: TableHost, surface: pygame.Surface, i: int, c: Card, rr: pygame.Rect) -> None:
    """One card of the player's hand with its marks: picked (gold), keyboard focus (white).
    The card just drawn wears no ring, only its lift and its "new" tag: its gold ring read
    as picked, or as the keys' focus, and a player pressed Enter to throw it."""
    card(s, surface, c, rr, True, lifted=rr.y < s.layout.hand[i].y - 1)
    if c in s.model.selected:
        pygame.draw.rect(surface, ACCENT, rr.inflate(4, 4), 3, rr.width // 10)
    if s.model.focus is c:
        pygame.draw.rect(surface, (255, 255, 255), rr.inflate(6, 6), 2, rr.width // 10)


def hint_tag(s: TableHost) -> str:
    """The words over the hint's first card: "hint", and "new · hint" when that card is
    the one just drawn (its own "new" tag gives way to the hint's, and a player told to
    throw the card they drew should still see that it is that card)."""
    hint = s.coach.hint
    if hint is None or not hint.cards or not s.coach.tag:
        return ""
    words = tag_word(s.coach.tag)
    fresh = fresh_card(s)
    if fresh is not None and fresh[0] is hint.cards[0]:
        return f"{tag_word(fresh[1])} · {words}"
    return words


def _dragged(s: TableHost, surface: pygame.Surface) -> None:
    drag = s.model.dragging()
    grip = s.pointer.grip
    if drag is None or grip is None:
        return
    lay = s.layout
    w = lay.card_w if drag.source == "hand" else lay.pile_w
    x = grip.pos[0] + grip.offset[0]
    y = grip.pos[1] + grip.offset[1]
    for i, c in enumerate(drag.cards or [None]):
        rect = pygame.Rect(x + i * w // 4, y, w, round(w * 1.4))
        face = drag.source != "stock" and (s.model.shown or drag.source == "discard")
        card(s, surface, c, rect, face, lifted=True)


def _hint_marks(s: TableHost, surface: pygame.Surface, hint: Hint) -> None:
    """The hint's cards in the hand and its button, outlined in the coach's colour."""
    if s.model.dragging() is not None:
        return
    width = mark_width(s.layout)
    first: pygame.Rect | None = None
    ringed = False
    if s.model.shown:  # the cards' glow and outline are drawn with the hand (see _hand)
        for c in hint.cards:
            if c not in s.model.cards or c in s.director.hidden.hand:
                continue
            i = s.model.cards.index(c)
            if i >= len(s.layout.hand):
                continue
            if first is None:
                first = _raised(s, i, c)
                ringed = _ringed(s, c)
    words = hint_tag(s)
    _HINT_TAG.clear()
    if first is not None and words:
        tag = s.app.fonts.text(words, s.app.text_size(14), COACH, bold=True)
        above = width * 3 + 3 if ringed else width + 2  # clear of a picked card's ring
        where = tag.get_rect(midbottom=(first.centerx, first.top - above))
        # a two-line hint, or a card raised for the knock choice, brings the status line
        # down to the tag: the line's words stay whole, and the tag moves down onto the
        # card's top edge, on a dark ground of its own
        lines = [DRAWN[k] for k in ("status", "note") if k in DRAWN]
        for box in lines:
            if where.colliderect(box):
                where.top = box.bottom + 2
        grounded = where.top > first.top - above - where.height
        _tag(surface, tag, where, grounded)
        DRAWN["hint_tag"] = where
        _HINT_TAG[:] = [(tag, where, grounded)]
    key = s.coach.button_key(hint)
    button = s.buttons.get(key) if key else None
    if button is not None and button.visible and button.rect.width:
        pygame.draw.rect(surface, COACH, button.rect.inflate(8, 8), 3,
                         button.rect.height // 3)


#: the most lines a hint takes (at 14 px, growing up over the piles) before it is cut
MOST_HINT_LINES = 9


def _coach_lines(s: TableHost) -> tuple[list[str], int, bool] | None:
    """The hint (or "working out a hint") for the status line: its lines, text size, and
    whether it is the hint. One line when it fits at a smaller size, else two or three
    (in the count line's place: the count line stands above them, in the room the layout
    leaves under the piles, :func:`text_room`); the longest reasons in a longer language
    or a small window take more lines at 14 px, the box growing up over the piles until
    the player moves."""
    coach = s.coach.status()
    if coach is None:
        return None
    line, is_hint = coach
    fonts = s.app.fonts
    width = status_width(s)
    for size in range(s.app.text_size(19), s.app.text_size(15) - 1, -1):
        if fonts.font(size, True).size(line)[0] <= width - size * 3 // 2:
            return [line], size, is_hint
    smallest = s.app.text_size(14)
    for size in range(s.app.text_size(16), smallest - 1, -1):
        lines = fonts.wrap(line, size, width - size * 3 // 2, bold=True)
        if len(lines) <= 3:  # the longest reasons take three lines even at 960x600
            return lines, size, is_hint
    size = smallest  # a longer language's, a small window's longest reasons: more lines,
    lines = fonts.wrap(line, size, width - size * 3 // 2, bold=True)  # over the piles
    if len(lines) > MOST_HINT_LINES:  # never expected: cut where a test sees it
        keep = MOST_HINT_LINES - 1
        lines = lines[:keep] + [fit_text(fonts, " ".join(lines[keep:]), size,
                                         width - size * 3 // 2, bold=True)]
    return lines, size, is_hint


def text_room(app: App) -> tuple[int, int]:
    """How tall the texts under the piles are at most, for the layout
    (:func:`~knockrummy.ui.felt.layout.compute`'s ``texts``): a pile's label, and the
    count line over a hint of three lines (its largest size, see :func:`_coach_lines`)."""
    fonts = app.fonts
    label = fonts.font(app.text_size(15)).get_linesize()
    count = fonts.font(app.text_size(16), True).get_linesize()
    size = app.text_size(16)
    return label, count + 2 + fonts.font(size, True).get_linesize() * 3 + size // 3


def status_width(s: TableHost) -> int:
    """How wide the status line may be: its rect, kept clear of the button columns on
    both sides (Hint and Undo sit level with it on the left)."""
    lay = s.layout
    gap = 8
    left = max(lay.status.left, lay.left_buttons.right + gap)
    right = min(lay.status.right, lay.right_buttons.left - gap)
    half = min(lay.status.centerx - left, right - lay.status.centerx)
    return max(100, half * 2)


def fit_status(s: TableHost, text: str) -> tuple[list[str], int, bool]:
    """The status line's lines, size and weight: one bold line at the largest size that
    fits, else one regular line at 14 px, else two lines (the count line above them)."""
    fonts = s.app.fonts
    room = status_width(s)
    big = s.app.text_size(19)
    for size in range(big, s.app.text_size(14) - 1, -1):
        if fonts.font(size, True).size(text)[0] + size <= room:
            return [text], size, True
    size = s.app.text_size(14)
    if fonts.font(size).size(text)[0] + size <= room:
        return [text], size, False
    lines = fonts.wrap(text, size, room - size, bold=True)
    if len(lines) > 2:  # never expected: cut where a test sees it, not dropped unseen
        lines = [lines[0], fit_text(fonts, " ".join(lines[1:]), size, room - size, bold=True)]
    return lines, size, True


def _status(s: TableHost, surface: pygame.Surface,
            coach: tuple[list[str], int, bool] | None) -> pygame.Rect:
    """The status line; a hint takes its place (growing up into the count line's when it
    takes several lines: the count line then stands above it). Its box."""
    if coach is None:
        view = s.model.view
        legal = s.model.legal
        status = controls.status_line(view, legal, bool(legal), s.controller.thinking,
                                      not s.controller.is_computer(view.seat))
        lines, size, bold = fit_status(s, status)
        return _lines_box(s, surface, lines, size, TEXT, bold, 150, None)
    lines, size, is_hint = coach
    return _lines_box(s, surface, lines, size, COACH if is_hint else TEXT, True, 225,
                      COACH if is_hint else None)


def _lines_box(s: TableHost, surface: pygame.Surface, lines: list[str], size: int,
               color: tuple[int, int, int], bold: bool, alpha: int,
               border: tuple[int, int, int] | None) -> pygame.Rect:
    """Lines of text on a panel centred on the status line; several lines grow up from
    its bottom, into the count line's place (the count line moves up over them), and a
    long hint's further lines over the piles."""
    lay = s.layout
    surfs = [s.app.fonts.text(t, size, color, bold=bold) for t in lines]
    height = sum(t.get_height() for t in surfs)
    box = pygame.Rect(0, 0, max(t.get_width() for t in surfs) + size * 3 // 2,
                      height + size // 3)
    if len(surfs) > 1:
        box.midbottom = (lay.status.centerx, lay.status.bottom)
    else:
        box.center = lay.status.center
    panel(surface, box, alpha, min(box.height // 2, 16), border=border)
    DRAWN["status"] = box
    y = box.centery - height // 2
    for t in surfs:
        surface.blit(t, t.get_rect(midtop=(box.centerx, y)))
        y += t.get_height()
    return box


def _note(s: TableHost, surface: pygame.Surface, note: str) -> pygame.Rect:
    """A short-lived message (a refused move, a save problem) in the status line's place
    for its moment: never over the piles, their labels or the hand (on two lines, the
    count line moves up over it, as over a hint). Its box."""
    app = s.app
    size = app.text_size(17)
    fonts = app.fonts
    lines = fonts.wrap(note, size, status_width(s) - size * 2, bold=True)
    if len(lines) > 2:  # smaller, and what is left after two lines shortened
        size = app.text_size(14)
        room = status_width(s) - size * 2
        lines = fonts.wrap(note, size, room, bold=True)
        if len(lines) > 2:
            lines = [lines[0], fit_text(fonts, " ".join(lines[1:]), size, room, bold=True)]
    surfs = [fonts.text(t, size, (255, 236, 200), bold=True) for t in lines]
    height = sum(t.get_height() for t in surfs)
    box = pygame.Rect(0, 0, max(t.get_width() for t in surfs) + 24, height + 10)
    lay = s.layout
    if len(surfs) > 1:
        box.bottom = lay.status.bottom
    else:
        box.centery = lay.status.centery
    box.centerx = lay.status.centerx
    panel(surface, box, 235, 12, (60, 20, 10), ACCENT)
    DRAWN["note"] = box
    y = box.centery - height // 2
    for t in surfs:
        surface.blit(t, t.get_rect(midtop=(box.centerx, y)))
        y += t.get_height()
    return box


def _info(s: TableHost, surface: pygame.Surface) -> None:
    """Top right: which hand of the match this is and how the match ends."""
    rect = s.layout.info
    if rect.width < 60:
        return
    app = s.app
    fonts = app.fonts
    head, tail = match_info(s.model.view)
    big, small = app.text_size(17), app.text_size(14)
    rect = _info_room(s, rect, max(fonts.font(big, True).size(head)[0],
                                   fonts.font(small).size(tail)[0]) + 16)
    width = rect.width - 16
    panel(surface, rect, 150, 10)
    DRAWN["info"] = rect
    line_big = fonts.font(big, True).get_linesize()
    line_small = fonts.font(small).get_linesize()
    y = rect.top + max(2, (rect.height - line_big - line_small) // 2)
    surface.blit(fonts.text(fit_text(fonts, head, big, width, True), big, ACCENT, True),
                 (rect.left + 8, y))
    surface.blit(fonts.text(fit_text(fonts, tail, small, width), small, TEXT),
                 (rect.left + 8, y + line_big))


def _info_room(s: TableHost, rect: pygame.Rect, need: int) -> pygame.Rect:
    """The match info's box, widened to the left for words longer than it (another
    language's), by at most half its width and never over an opponent beside it."""
    if need <= rect.width:
        return rect
    left = rect.left - rect.width // 2
    for pod in s.layout.pods.values():
        r = pod.rect
        if r.top < rect.bottom + 8 and r.bottom > rect.top - 8 and r.centerx < rect.centerx:
            left = max(left, r.right + 8)
    wide = rect.copy()
    wide.left = min(rect.left, max(left, rect.right - need))
    wide.width = rect.right - wide.left
    return wide


def _right_buttons_top(s: TableHost) -> int:
    """The top of the action buttons stacked at the bottom right."""
    column = s.layout.log
    tops = [b.rect.top for b in s.buttons.values()
            if b.visible and b.rect.width and b.rect.right > column.left
            and b.rect.top > column.top]
    return min(tops, default=s.layout.size[1] - 16)


_LOG_CACHE: dict[tuple[object, ...], tuple[list[list[str]], int]] = {}


def log_lines(s: TableHost) -> list[str]:
    """The last moves of this hand, one turn a line, oldest first."""
    return s.model.last_moves()


def _log(s: TableHost, surface: pygame.Surface) -> None:
    """The last moves of the hand, newest at the bottom, in the right column: as many
    as fit between the opponents above and the buttons below."""
    lay = s.layout
    moves = log_lines(s)
    if not moves:
        return
    rect = lay.log.copy()
    rect.height = _right_buttons_top(s) - 10 - rect.top
    app = s.app
    fonts = app.fonts
    size = app.text_size(14)
    line_h = fonts.font(size).get_linesize()
    head_h = fonts.font(size, True).get_linesize()
    if rect.height < head_h + line_h * 2 + 12:
        return
    pad = 8
    width = rect.width - 2 * pad
    room = (rect.height - head_h - 12) // line_h
    key = (tuple(moves), width, size, room)
    hit = _LOG_CACHE.get(key)
    if hit is None:  # wrapping is the costly part: once per new move or size
        hit = ([], 0)
        for move in reversed(moves):
            lines = fonts.wrap(move, size, width)
            if hit[1] + len(lines) > room:
                break
            hit = ([lines, *hit[0]], hit[1] + len(lines))
        _LOG_CACHE.clear()
        _LOG_CACHE[key] = hit
    wrapped, used = hit
    if not wrapped:
        return
    box = pygame.Rect(rect.left, rect.top, rect.width, head_h + used * line_h + 12)
    panel(surface, box, 150, 10)
    DRAWN["log"] = box
    y = box.top + 4
    surface.blit(fonts.text(_("Last moves"), size, ACCENT, True), (box.left + pad, y))
    y += head_h + 2
    for k, lines in enumerate(wrapped):
        color = TEXT if k == len(wrapped) - 1 else TEXT_DIM
        for j, line in enumerate(lines):
            surface.blit(fonts.text(line, size, color), (box.left + pad + (6 if j else 0), y))
            y += line_h


def _texts(s: TableHost, surface: pygame.Surface) -> None:
    app = s.app
    lay = s.layout
    view = s.model.view
    fonts = app.fonts
    coach = _coach_lines(s)
    message = s.model.telling
    box = _note(s, surface, message) if message is not None else _status(s, surface, coach)
    if s.model.shown:
        count = fonts.text(controls.hand_count_text(view), app.text_size(16), ACCENT, bold=True)
    else:
        count = fonts.text(hidden_text(view, s.controller.is_computer(view.current)),
                           app.text_size(16), TEXT_DIM, bold=True)
    where = count.get_rect(center=lay.deadwood.center)
    if where.colliderect(box):
        # a hint (or a message) of two or three lines stands where the count line was:
        # the count goes up over it, on a ground of its own (the layout leaves it room
        # under the piles' labels), both to be read while the hint is up
        where.bottom = box.top - 2
        panel(surface, where.inflate(12, 0), 150, min(8, where.height // 2))
    DRAWN["count"] = where
    surface.blit(count, where)
    _pile_labels(s, surface, [where, box])
    me = view.seat
    plate = lay.me_plate
    panel(surface, plate, 150, 10, border=ACCENT if view.current == me and
          view.phase is not Phase.HAND_OVER else None)
    name = fonts.text(shown_name(view.names[me]), app.text_size(16), TEXT, bold=True)
    surface.blit(name, (plate.left + 8, plate.top + 4))
    score = table_scores(view)[me]
    info = _("score {score}   dealer").format(score=score) if view.dealer == me else \
        _("score {score}").format(score=score)
    small = fonts.text(info, app.text_size(14), TEXT_DIM)
    surface.blit(small, (plate.left + 8, plate.bottom - small.get_height() - 4))
    _info(s, surface)
    _log(s, surface)


def _pile_labels(s: TableHost, surface: pygame.Surface, clear: list[pygame.Rect]) -> None:
    """The labels under the piles, each left out while the count line or a long hint
    stands over it (the words drawn through each other read as neither)."""
    lay = s.layout
    view = s.model.view
    fonts = s.app.fonts
    size = s.app.text_size(15)
    labels = (
        # Translators: the label under the pile of face-down cards, with how many it holds
        ("stock_label", lay.stock, ngettext("Stock {count}", "Stock {count}",
                                            view.stock_count).format(count=view.stock_count)),
        # Translators: the label under the pile of thrown cards, with how many it holds
        ("discard_label", lay.discard, ngettext(
            "Discard pile {count}", "Discard pile {count}",
            len(view.discard)).format(count=len(view.discard))),
    )
    for key, pile, words in labels:
        label = fonts.text(words, size, TEXT_DIM)
        where = label.get_rect(midtop=(pile.centerx, pile.bottom + 6))
        if where.collidelist(clear) >= 0:
            DRAWN.pop(key, None)
            continue
        DRAWN[key] = where
        surface.blit(label, where)


def hidden_text(view: PlayerView, computer: bool) -> str:
    """The line in place of the count while the hand of ``view`` is hidden (pass-and-play):
    a computer playing (``computer``: the seat to play is one), or the screen being
    passed to the next human. No screen is passed while a computer plays: every hand
    stays hidden then, so that the last human's cards are not left shown."""
    current = view.names[view.current]
    if computer and view.current != view.seat and view.phase is not Phase.HAND_OVER:
        # Translators: pass-and-play, in place of the deadwood count while a
        # computer plays; {name} is the computer's name
        return _("{name} is playing; your cards stay hidden until it is your turn").format(
            name=controls.capital(shown_name(current)))
    name = view.names[view.seat]
    if is_you(name):
        return _("Your cards are hidden while the screen is passed")
    return _("{name}'s cards are hidden while the screen is passed").format(
        name=controls.capital(shown_name(name)))


def _banner(s: TableHost, surface: pygame.Surface) -> None:
    draw_banner(surface, s.app, s.director.banner, s.director.banner_time, s.clock,
                s.app.text_size(40), s.app.size)
