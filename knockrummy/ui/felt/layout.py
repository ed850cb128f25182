"""Where everything sits on the table, computed from the window size and the view.

Pure geometry (pygame ``Rect`` only): the same inputs give the same layout, so
the animator can compute "before" and "after" positions of a step and tests can
check that nothing overlaps the window edge.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field

import pygame

from knockrummy.engine import Card, PlayerView

EDGE = 16
RATIO = 3.5 / 2.5
#: the least of a card's width that shows beside the next card where the hand closes up
#: to open round a card drawn whole: its corner index, the large one too
CORNER = 0.3

# Opponent seats around the table for 1..5 opponents, from the player's left
# clockwise: (x, y) as fractions of the width and height; x = 0/1 means the edge.
_SPOTS: dict[int, list[tuple[float, float]]] = {
    1: [(0.5, 0.0)],
    2: [(0.3, 0.0), (0.7, 0.0)],
    3: [(0.0, 0.40), (0.5, 0.0), (1.0, 0.40)],
    4: [(0.0, 0.42), (0.34, 0.0), (0.66, 0.0), (1.0, 0.42)],
    5: [(0.0, 0.44), (0.25, 0.0), (0.5, 0.0), (0.75, 0.0), (1.0, 0.44)],
}


def card_height(width: int) -> int:
    """Height of a card ``width`` wide (poker ratio)."""
    return round(width * RATIO)


@dataclass
class Pod:
    """An opponent's place: the fan of backs, the name plate, the taken cards."""

    seat: int
    rect: pygame.Rect
    fan: list[pygame.Rect]
    plate: pygame.Rect
    taken: list[pygame.Rect]


@dataclass
class TableLayout:
    """Every rectangle the table screen draws or hit-tests."""

    size: tuple[int, int]
    card_w: int
    small_w: int
    pile_w: int
    meld_w: int
    hand: list[pygame.Rect]
    hand_area: pygame.Rect
    group_marks: list[pygame.Rect]
    stock: pygame.Rect
    discard: pygame.Rect
    pods: dict[int, Pod]
    melds: list[list[pygame.Rect]]
    meld_zone: pygame.Rect
    status: pygame.Rect
    deadwood: pygame.Rect
    left_buttons: pygame.Rect
    right_buttons: pygame.Rect
    me_plate: pygame.Rect
    extra: dict[str, pygame.Rect] = field(default_factory=dict)
    #: the match at a glance (hand number, length or target), top right
    info: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    #: the last moves of the hand: the right column below the info and any opponent
    #: there, down to the action buttons (the drawer stops above the topmost one)
    log: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    #: the places of the hand each of ``group_marks`` runs under: first and last
    mark_spans: list[tuple[int, int]] = field(default_factory=list)

    def spread(self, whole: Collection[int]) -> list[int]:
        """How far each card of the hand stands aside, in pixels along x, so that a card
        drawn whole over its neighbours (the places ``whole``: the keys' card, the
        hint's) leaves the corner of the card after it in view: the hand opens after that
        card by the part of it that covered the corner, into the room beside the hand
        (up to the button columns) and, where that is not enough, by closing the other
        gaps, never below a corner's width (:data:`CORNER`). All 0 when no card is drawn
        whole, or only the last."""
        hand = self.hand
        n = len(hand)
        shifts = [0] * n
        w = self.card_w
        lefts = [r.left for r in hand]
        gaps = [lefts[k + 1] - lefts[k] for k in range(n - 1)]
        want: list[float] = [float(g) for g in gaps]
        clear = w + max(3, w // 16)  # the next card starts just past the whole one
        opened = {i for i in whole if 0 <= i < n - 1 and i + 1 not in whole
                  and gaps[i] < clear}
        for i in opened:
            want[i] = float(clear)
        extra = sum(want) - sum(gaps)
        if extra <= 0:
            return shifts
        lo = self.left_buttons.right + 8
        hi = self.right_buttons.left - 8
        squeeze = extra - max(0, lefts[0] - lo) - max(0, hi - hand[-1].right)
        floor = round(w * CORNER)
        slack = {k: gaps[k] - floor for k in range(n - 1) if k not in opened and gaps[k] > floor}
        total = sum(slack.values())
        if squeeze > 0 and total > 0:
            take = min(squeeze, total)
            for k, room in slack.items():
                want[k] -= take * room / total
        span = w + sum(want)
        start = (lefts[0] + hand[-1].right - span) / 2  # about the same middle
        if span <= hi - lo:
            start = min(max(start, lo), hi - span)
        x = start
        for k in range(n):
            shifts[k] = round(x) - lefts[k]
            if k < n - 1:
                x += want[k]
        return shifts

    def card_at(self, pos: tuple[int, int]) -> int | None:
        """Index of the topmost hand card under ``pos``."""
        for i in range(len(self.hand) - 1, -1, -1):
            if self.hand[i].collidepoint(pos):
                return i
        return None


def _hand_slots(w: int, h: int, card_w: int, groups: list[int], bottom: int,
                max_span: float) -> list[pygame.Rect]:
    """Card rects for a hand split into groups (sizes), with gaps between groups."""
    n = sum(groups)
    if n == 0:
        return []
    ch = card_height(card_w)
    gap = card_w // 4
    gaps = max(0, len([g for g in groups if g]) - 1)
    span_max = max_span * w
    step = card_w * 0.62
    if n > 1:
        step = min(step, (span_max - card_w - gaps * gap) / (n - 1))
    step = max(step, card_w * 0.24)
    total = card_w + step * (n - 1) + gaps * gap
    x = (w - total) / 2
    y = bottom - ch
    rects: list[pygame.Rect] = []
    for gi, size in enumerate(groups):
        if not size:
            continue
        if gi and rects:
            x += gap
        for _ in range(size):
            rects.append(pygame.Rect(round(x), y, card_w, ch))
            x += step
    return rects


def _pod(seat: int, spot: tuple[float, float], w: int, h: int, small_w: int, count: int,
         taken: int, top: int) -> Pod:
    sh = card_height(small_w)
    step = max(4, small_w // 4)
    fan_w = small_w + step * max(0, count - 1)
    plate_h = max(44, round(sh * 0.55))
    plate_w = max(small_w * 4, fan_w)
    pod_w = max(plate_w, fan_w)
    taken_h = card_height(round(small_w * 0.8))
    pod_h = sh + plate_h + 6 + taken_h + 6  # room for taken cards always: nothing jumps
    fx, fy = spot
    if fx == 0.0:
        cx = EDGE + pod_w // 2
    elif fx == 1.0:
        cx = w - EDGE - pod_w // 2
    else:
        cx = round(fx * w)
    y0 = top if fy == 0.0 else round(fy * h - pod_h / 2)
    rect = pygame.Rect(0, y0, pod_w, pod_h)
    rect.centerx = cx
    plate = pygame.Rect(0, rect.top, plate_w, plate_h)
    plate.centerx = cx
    fan_left = cx - fan_w // 2
    fan = [pygame.Rect(fan_left + i * step, plate.bottom + 6, small_w, sh) for i in range(count)]
    tw = round(small_w * 0.8)
    tstep = max(tw // 2, 8)
    tleft = cx - (tw + tstep * max(0, taken - 1)) // 2
    ty = plate.bottom + 6 + sh + 6
    taken_rects = [pygame.Rect(tleft + i * tstep, ty, tw, taken_h) for i in range(taken)]
    return Pod(seat, rect, fan, plate, taken_rects)


def _meld_rects(zone: pygame.Rect, sizes: list[int], w: int,
                max_w: int) -> tuple[int, list[list[pygame.Rect]]]:
    """Flow the table melds into ``zone``: the largest card width that fits, at most
    ``max_w`` (table cards stay smaller than the hand's)."""
    if not sizes:
        return max(24, w // 30), []
    best = max(24, w // 30)
    for meld_w in range(max(24, min(max_w, zone.height * 5 // 7)), 23, -2):
        rows = _flow(zone, sizes, meld_w)
        if rows is not None:
            best = meld_w
            return best, rows
    rows = _flow(zone, sizes, 24, force=True)
    return 24, rows or []


def _flow(zone: pygame.Rect, sizes: list[int], meld_w: int,
          force: bool = False) -> list[list[pygame.Rect]] | None:
    ch = card_height(meld_w)
    step = max(10, round(meld_w * 0.34))
    gap = meld_w // 2
    x, y = zone.left, zone.top
    out: list[list[pygame.Rect]] = []
    for n in sizes:
        width = meld_w + step * (n - 1)
        if x + width > zone.right and x > zone.left:
            x = zone.left
            y += ch + gap // 2
        if y + ch > zone.bottom and not force:
            return None
        out.append([pygame.Rect(x + i * step, y, meld_w, ch) for i in range(n)])
        x += width + gap
    return out


def compute(size: tuple[int, int], view: PlayerView, hand_groups: list[int],
            meld_groups: int | Sequence[bool] = 0,
            texts: tuple[int, int] = (0, 0)) -> TableLayout:
    """The layout of the table for ``view`` in a window of ``size``. ``meld_groups``:
    which of ``hand_groups`` are melds (underlined): per group, or the first so many.
    ``texts``: how tall a pile's label is, and the count line over a hint of three lines
    (the table's fonts know: they stand above the status line's bottom, in place of the
    count line and the status line); the piles stand higher in a small window to leave
    them that room."""
    w, h = size
    card_w = max(40, min(round(h * 0.15), round(w * 0.095)))
    ch = card_height(card_w)
    small_w = max(30, round(card_w * 0.5))
    pile_w = round(card_w * 0.92)
    pile_h = card_height(pile_w)
    hand_bottom = h - EDGE - max(8, card_w // 10)
    hand = _hand_slots(w, h, card_w, hand_groups, hand_bottom, 0.62)
    hand_area = pygame.Rect(round(w * 0.18), hand_bottom - ch - card_w // 3,
                            round(w * 0.64), ch + card_w // 3)
    flags = [gi < meld_groups for gi in range(len(hand_groups))] \
        if isinstance(meld_groups, int) else list(meld_groups)
    marks = []
    spans = []
    idx = 0
    for gi, size_g in enumerate(hand_groups):
        if gi < len(flags) and flags[gi] and idx + size_g <= len(hand):
            first, last = hand[idx], hand[idx + size_g - 1]
            marks.append(pygame.Rect(first.left + 4, first.bottom + 3,
                                     last.right - first.left - 8, max(3, card_w // 28)))
            spans.append((idx, idx + size_g - 1))
        idx += size_g
    text_h = max(22, round(h * 0.04))
    status = pygame.Rect(0, 0, round(w * 0.64), text_h)
    status.midbottom = (w // 2, hand_area.top - 4)
    deadwood = pygame.Rect(0, 0, round(w * 0.64), text_h)
    deadwood.midbottom = (w // 2, status.top - 2)

    opponents = [(view.seat + k) % view.players for k in range(1, view.players)]
    spots = _SPOTS[len(opponents)] if opponents else []
    pods: dict[int, Pod] = {}
    for seat, spot in zip(opponents, spots, strict=True):
        taken = len(view.public_taken[seat]) if view.public_taken else 0
        pods[seat] = _pod(seat, spot, w, h, small_w, view.hand_sizes[seat], taken, EDGE)
    top_bottom = max((p.rect.bottom for p in pods.values() if p.rect.top <= EDGE + 1),
                     default=EDGE)
    has_table = bool(view.table) or view.rules.family.value == "rummy"
    gap = card_w // 3
    label_h, band_h = texts  # the piles' labels, then the count line and a hint, fit
    highest = status.bottom - band_h - 2 - label_h - 6 - pile_h // 2
    side = [p.rect for p in pods.values() if p.rect.top > EDGE + 1]
    zone_left = max([r.right for r in side if r.centerx < w // 2], default=round(w * 0.16))
    zone_right = min([r.left for r in side if r.centerx > w // 2], default=round(w * 0.84))
    stock = pygame.Rect(0, 0, pile_w, pile_h)
    discard = pygame.Rect(0, 0, pile_w, pile_h)
    if has_table:
        # Melds on the table are what Rummy is played on: the piles move to the left of
        # the band between the opponents and the hand, and the melds get the rest of it.
        band = pygame.Rect(zone_left + gap, top_bottom + gap // 2, 0, 0)
        band.width = max(100, zone_right - gap - band.left)
        band.height = max(40, deadwood.top - 4 - band.top)
        center_y = band.top + max(pile_h // 2, (band.height - text_h) // 2)
        center_y = max(min(center_y, highest), min(center_y, band.top + pile_h // 2))
        stock.center = (band.left + pile_w // 2 + pile_w // 4, center_y)
        discard.center = (stock.centerx + pile_w * 3 // 2, center_y)
        zone = pygame.Rect(discard.right + gap, band.top, 0, band.height)
        zone.width = max(100, band.right - zone.left)
    else:
        center_y = (top_bottom + deadwood.top) // 2
        center_y = max(min(center_y, highest),  # never up against the opponents
                       min(center_y, top_bottom + pile_h // 2 + gap // 3))
        stock.center = (w // 2 - pile_w * 3 // 4, center_y)
        discard.center = (w // 2 + pile_w * 3 // 4, center_y)
        zone = pygame.Rect(zone_left + gap, stock.bottom + text_h + gap // 2, 0, 0)
        zone.width = max(100, zone_right - gap - zone.left)
        zone.height = max(40, deadwood.top - 4 - zone.top)
    meld_w, melds = _meld_rects(zone, [len(m.cards) for m in view.table], w,
                                 max_w=round(card_w * 0.8))
    bw = max(150, round(w * 0.14))
    left_buttons = pygame.Rect(EDGE, hand_area.top, bw, h - EDGE - hand_area.top)
    right_buttons = pygame.Rect(w - EDGE - bw, hand_area.top - text_h * 2, bw,
                                h - EDGE - hand_area.top + text_h * 2)
    me_plate = pygame.Rect(EDGE, deadwood.top - text_h, bw, text_h * 2)
    info, log = _corner(w, h, bw, text_h, list(pods.values()))
    return TableLayout(size, card_w, small_w, pile_w, meld_w, hand, hand_area, marks, stock,
                       discard, pods, melds, zone, status, deadwood, left_buttons,
                       right_buttons, me_plate, info=info, log=log, mark_spans=spans)


def _corner(w: int, h: int, bw: int, text_h: int,
            pods: list[Pod]) -> tuple[pygame.Rect, pygame.Rect]:
    """The match info in the top right corner (narrowed beside an opponent sitting
    there) and the last-moves column under it (below an opponent on the right side)."""
    info = pygame.Rect(w - EDGE - bw, EDGE, bw, round(text_h * 2.2) + 6)
    for pod in pods:
        if pod.rect.colliderect(info) and pod.rect.top <= EDGE + 1:
            info.width = max(0, info.right - pod.rect.right - 8)
            info.left = pod.rect.right + 8
    column = pygame.Rect(w - EDGE - bw, info.bottom + 8, bw, 0)
    top = column.top
    for pod in pods:
        if pod.rect.right > column.left and pod.rect.bottom + 8 > top:
            top = pod.rect.bottom + 8
    # down to the window's edge: the buttons are stacked from the bottom and only the
    # scene knows how many show, so the drawer stops above the topmost one
    log = pygame.Rect(column.left, top, bw, max(0, h - EDGE - top))
    return info, log


def hand_groups_for(order: list[Card], groups: list[int] | None) -> list[int]:
    """Group sizes covering ``order`` (one group when there is no arrangement)."""
    if groups and sum(groups) == len(order):
        return groups
    return [len(order)]
