"""Generate the SVG card faces and backs for Knock Rummy.

Every rank glyph and suit symbol is a ``<path>`` (SDL's SVG loader, nanosvg, draws no
``<text>``): the outlines come from DejaVu Sans Bold in ``assets/fonts`` via fontTools.
Only path/rect/circle/ellipse/polygon elements, fill/stroke attributes and ``<g transform>``
are used, so pygame-ce's ``load_sized_svg`` renders them exactly.

Output (under ``--out``, default: the repository's ``assets/`` folder)::

    cards/classic/AS.svg ... cards/classic/KC.svg        (52 faces)
    cards/fourcolor/...                                    (four-colour deck)
    cards/classic-large/..., cards/fourcolor-large/...    (large corner index)
    cards/<scheme>/<lang>/QH.svg ...                       (a language's own corners)
    cards/backs/blue.svg, cards/backs/red.svg, cards/backs/green.svg

Cards in text show each language's corner letters (``knockrummy.words.cards.rank_letter``:
a German deck prints B and D for Bube and Dame, a French one V, D, R for valet, dame, roi),
and the faces must show the same letter. So for every language whose letters for the ace,
jack, queen or king differ from English, only the faces that differ are written again with
its letters, in a folder named by the language code inside each deck's folder; the game
takes a card's face from there when it speaks that language, else the English one.

The letters of a language come from its compiled catalogue (``i18n.set_language(code)``
then ``rank_letter``), so faces and text cannot disagree; a language without a catalogue
yet takes what its decks print (:data:`DECK_CORNERS`); ``--corners de=A,B,D,K`` overrides
both. A language whose catalogue changes its letters needs the faces made again (the test
that reproduces the committed files says so).

The output is deterministic: running it again reproduces the files byte for byte.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from fontTools.pens.boundsPen import BoundsPen  # type: ignore[import-untyped]
from fontTools.pens.svgPathPen import SVGPathPen  # type: ignore[import-untyped]
from fontTools.pens.transformPen import TransformPen  # type: ignore[import-untyped]
from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

REPO = Path(__file__).resolve().parent.parent
FONT_BOLD = REPO / "assets" / "fonts" / "DejaVuSans-Bold.ttf"
FONT_REGULAR = REPO / "assets" / "fonts" / "DejaVuSans.ttf"

W, H = 250, 350
RANKS = "A23456789TJQK"
SUITS = "SHDC"
SUIT_GLYPH = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}
RANK_TEXT = {"T": "10"}
#: the ranks whose corner letter a language may change, in the order of a ``--corners`` list
LETTER_RANKS = "AJQK"
#: the engine's rank numbers of LETTER_RANKS (for ``rank_letter``)
LETTER_RANK_NUMBERS = (1, 11, 12, 13)
ENGLISH_CORNERS = ("A", "J", "Q", "K")
#: what each language's decks print on the ace, jack, queen and king: used for a language
#: until its catalogue gives its letters (Spanish and Italian decks mostly print J, Q, K;
#: Brazilian ones A, J, Q, K)
DECK_CORNERS: dict[str, tuple[str, str, str, str]] = {
    "de": ("A", "B", "D", "K"),  # As, Bube, Dame, König
    "fr": ("A", "V", "D", "R"),  # as, valet, dame, roi
    "es": ENGLISH_CORNERS,
    "it": ENGLISH_CORNERS,
    "pt_BR": ENGLISH_CORNERS,
}

SCHEMES: dict[str, dict[str, str]] = {
    "classic": {"S": "#151515", "C": "#151515", "H": "#c8102e", "D": "#c8102e"},
    "fourcolor": {"S": "#151515", "H": "#c8102e", "D": "#1546b8", "C": "#12813a"},
}

GOLD = "#f0b92a"
GOLD_DARK = "#8a6300"
SKIN = "#f6d3ae"
INK = "#2a1d14"
CREAM = "#fcf5e3"


def num(v: float) -> str:
    """Fixed, locale-free number formatting (two decimals, trailing zeros dropped)."""
    s = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


# --------------------------------------------------------------------------- glyphs


class Glyphs:
    """Glyph outlines of one TrueType font, emitted as SVG path data."""

    def __init__(self, path: Path) -> None:
        self.font = TTFont(str(path))
        self.gs = self.font.getGlyphSet()
        self.cmap: dict[int, str] = self.font.getBestCmap()
        self.cap = 1493.0  # cap height of DejaVu Sans (height of 'A' and digits)

    def name(self, ch: str) -> str:
        return self.cmap[ord(ch)]

    def _draw(self, names: Sequence[str], xform: tuple[float, ...], gap: float) -> str:
        pen = SVGPathPen(self.gs, ntos=num)
        x = 0.0
        for n in names:
            t = (xform[0], xform[1], xform[2], xform[3],
                 xform[4] + xform[0] * x, xform[5] + xform[1] * x)
            self.gs[n].draw(TransformPen(pen, t))
            x += self.gs[n].width + gap
        return str(pen.getCommands())

    def bounds(self, names: Sequence[str], gap: float) -> tuple[float, float, float, float]:
        bp = BoundsPen(self.gs)
        x = 0.0
        for n in names:
            self.gs[n].draw(TransformPen(bp, (1, 0, 0, 1, x, 0)))
            x += self.gs[n].width + gap
        assert bp.bounds is not None
        b = bp.bounds
        return (float(b[0]), float(b[1]), float(b[2]), float(b[3]))

    def fit(self, names: Sequence[str], cx: float, cy: float, h: float,
            sx: float = 1.0, gap: float = 0.0, rot180: bool = False,
            by_cap: bool = False) -> str:
        """Path data for glyphs centred on (cx, cy); height h (of the outline, or of the cap
        height when by_cap), x squeezed by sx, optionally turned 180 degrees."""
        x0, y0, x1, y1 = self.bounds(names, gap)
        if by_cap:
            s = h / self.cap
            mx, my = (x0 + x1) / 2, self.cap / 2
        else:
            s = h / (y1 - y0)
            mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        if rot180:
            xf = (-s * sx, 0.0, 0.0, s, cx + s * sx * mx, cy - s * my)
        else:
            xf = (s * sx, 0.0, 0.0, -s, cx - s * sx * mx, cy + s * my)
        return self._draw(names, xf, gap)

    def width(self, names: Sequence[str], h: float, sx: float = 1.0, gap: float = 0.0,
              by_cap: bool = False) -> float:
        x0, y0, x1, y1 = self.bounds(names, gap)
        s = h / self.cap if by_cap else h / (y1 - y0)
        return (x1 - x0) * s * sx


def path(d: str, fill: str, extra: str = "") -> str:
    return f'<path d="{d}" fill="{fill}"{extra}/>'


# --------------------------------------------------------------------------- layout


@dataclass(frozen=True)
class Layout:
    rank_h: float  # cap height of the corner rank
    suit_h: float  # height of the corner suit
    index_cx: float  # x centre of the corner index column
    index_top: float  # y of the top of the corner rank
    index_gap: float  # gap between rank and suit
    ten_sx: float  # horizontal squeeze of "10"
    cols: tuple[float, float, float]  # pip columns
    row_top: float  # centre y of the top pip row
    row_bottom: float
    pip_h: float
    court: tuple[float, float, float, float]  # x0, y0, x1, y1 of the court frame
    ace_h: float


NORMAL = Layout(rank_h=30, suit_h=24, index_cx=23, index_top=15, index_gap=7, ten_sx=0.74,
                cols=(74, 125, 176), row_top=68, row_bottom=282, pip_h=44,
                court=(46, 44, 204, 306), ace_h=96)
LARGE = Layout(rank_h=54, suit_h=42, index_cx=39, index_top=13, index_gap=8, ten_sx=0.66,
               cols=(97, 125, 153), row_top=52, row_bottom=298, pip_h=30,
               court=(78, 62, 172, 288), ace_h=66)


def pip_positions(rank: str, lay: Layout) -> list[tuple[float, float]]:
    left, mid, right = lay.cols
    top, bot = lay.row_top, lay.row_bottom
    cen = (top + bot) / 2
    r13 = top + (bot - top) / 3
    r23 = top + 2 * (bot - top) / 3
    n = int(RANK_TEXT.get(rank, rank))
    if n == 2:
        return [(mid, top), (mid, bot)]
    if n == 3:
        return [(mid, top), (mid, cen), (mid, bot)]
    sides4 = [(left, top), (right, top), (left, bot), (right, bot)]
    sides6 = [(left, top), (right, top), (left, cen), (right, cen), (left, bot), (right, bot)]
    sides8 = [(x, y) for y in (top, r13, r23, bot) for x in (left, right)]
    if n == 4:
        return sides4
    if n == 5:
        return sides4 + [(mid, cen)]
    if n == 6:
        return sides6
    if n == 7:
        return sides6 + [(mid, (top + cen) / 2)]
    if n == 8:
        return sides6 + [(mid, (top + cen) / 2), (mid, (cen + bot) / 2)]
    if n == 9:
        return sides8 + [(mid, cen)]
    if n == 10:
        return sides8 + [(mid, (top + r13) / 2), (mid, (r23 + bot) / 2)]
    raise ValueError(rank)


# --------------------------------------------------------------------------- court art


def crown_king() -> list[str]:
    pts = [(55, 40), (53, 15), (64, 29), (75, 10), (86, 29), (97, 15), (95, 40)]
    poly = " ".join(f"{x},{y}" for x, y in pts)
    return [
        f'<polygon points="{poly}" fill="{GOLD}" stroke="{GOLD_DARK}" stroke-width="1.5" '
        'stroke-linejoin="round"/>',
        f'<rect x="54" y="34" width="42" height="7" fill="{GOLD}" stroke="{GOLD_DARK}" '
        'stroke-width="1.5"/>',
        f'<circle cx="53" cy="14" r="3" fill="{GOLD}" stroke="{GOLD_DARK}"/>',
        f'<circle cx="75" cy="9" r="3.2" fill="{GOLD}" stroke="{GOLD_DARK}"/>',
        f'<circle cx="97" cy="14" r="3" fill="{GOLD}" stroke="{GOLD_DARK}"/>',
    ]


def figure(rank: str, colour: str, suit_d: str) -> list[str]:
    """Upper half of a double-headed court figure, in a 150 x 127 reference box whose
    bottom edge is the mirror line."""
    e: list[str] = []
    trim = GOLD
    # props behind the body
    if rank == "K":  # sword
        e.append('<rect x="116" y="48" width="5" height="80" fill="#c9ced6" stroke="#59606b" '
                 'stroke-width="1.2"/>')
        e.append(f'<rect x="106" y="66" width="25" height="5" rx="2" fill="{GOLD}" '
                 f'stroke="{GOLD_DARK}" stroke-width="1.2"/>')
        e.append(f'<circle cx="118.5" cy="60" r="4.5" fill="{GOLD}" stroke="{GOLD_DARK}" '
                 'stroke-width="1.2"/>')
    elif rank == "J":  # halberd
        e.append('<rect x="117" y="22" width="4" height="106" fill="#8a5a2b" stroke="#4a2e12" '
                 'stroke-width="1"/>')
        e.append('<path d="M121 28 Q134 34 132 50 Q126 44 121 46 Z" fill="#c9ced6" '
                 'stroke="#59606b" stroke-width="1.2"/>')
        e.append('<polygon points="119,8 123,22 115,22" fill="#c9ced6" stroke="#59606b" '
                 'stroke-width="1.2"/>')
    # hair behind the head
    if rank == "Q":
        e.append('<path d="M51 52 Q50 24 75 24 Q100 24 99 52 L102 84 Q75 92 48 84 Z" '
                 'fill="#8b4a1c" stroke="#4a2a10" stroke-width="1.2"/>')
    elif rank == "J":
        e.append('<path d="M57 46 Q56 30 75 30 Q94 30 93 46 L95 64 L55 64 Z" fill="#c98a2c" '
                 'stroke="#6b4510" stroke-width="1.2"/>')
    else:
        e.append('<path d="M57 46 Q57 30 75 30 Q93 30 93 46 L94 62 L56 62 Z" fill="#e9e4dc" '
                 'stroke="#8b857b" stroke-width="1.2"/>')
    # body: robe in the suit colour with gold trim
    robe = "M24 128 L27 98 Q31 78 58 74 L92 74 Q119 78 123 98 L126 128 Z"
    e.append(f'<path d="{robe}" fill="{colour}" stroke="{INK}" stroke-width="1.5" '
             'stroke-linejoin="round"/>')
    e.append(f'<path d="M64 75 L86 75 L84 128 L66 128 Z" fill="{trim}" stroke="{GOLD_DARK}" '
             'stroke-width="1.2"/>')
    e.append(f'<path d="M34 128 Q34 104 42 90" fill="none" stroke="{trim}" stroke-width="4" '
             'stroke-linecap="round"/>')
    e.append(f'<path d="M116 128 Q116 104 108 90" fill="none" stroke="{trim}" stroke-width="4" '
             'stroke-linecap="round"/>')
    # collar
    if rank == "K":  # ermine
        e.append('<path d="M46 80 Q75 100 104 80 Q98 72 75 72 Q52 72 46 80 Z" fill="#ffffff" '
                 f'stroke="{INK}" stroke-width="1.2"/>')
        for x in (56, 66, 75, 84, 94):
            e.append(f'<rect x="{x - 1.2}" y="78" width="2.4" height="5" fill="{INK}"/>')
    elif rank == "Q":  # lace ruff
        for i in range(9):
            lx = 49 + i * 6.5
            e.append(f'<circle cx="{num(lx)}" cy="78" r="4.2" fill="#ffffff" stroke="{INK}" '
                     'stroke-width="1"/>')
    else:  # gold collar
        e.append(f'<path d="M50 78 Q75 92 100 78 L96 72 Q75 82 54 72 Z" fill="{GOLD}" '
                 f'stroke="{GOLD_DARK}" stroke-width="1.2"/>')
    # neck and face
    e.append(f'<rect x="68" y="62" width="14" height="14" fill="{SKIN}" stroke="{INK}" '
             'stroke-width="1"/>')
    e.append(f'<ellipse cx="75" cy="52" rx="15" ry="18" fill="{SKIN}" stroke="{INK}" '
             'stroke-width="1.3"/>')
    e.append(f'<circle cx="69" cy="49" r="2" fill="{INK}"/>')
    e.append(f'<circle cx="81" cy="49" r="2" fill="{INK}"/>')
    e.append(f'<path d="M64 44 L72 43 M78 43 L86 44" stroke="{INK}" stroke-width="1.4" '
             'fill="none"/>')
    e.append(f'<path d="M75 51 L73 58 L76 58" stroke="{INK}" stroke-width="1.1" fill="none"/>')
    if rank == "K":  # beard and moustache
        e.append('<path d="M60 56 Q62 62 75 62 Q88 62 90 56 Q92 74 75 80 Q58 74 60 56 Z" '
                 'fill="#e9e4dc" stroke="#8b857b" stroke-width="1.2"/>')
        e.append(f'<path d="M66 62 Q75 57 84 62" stroke="{INK}" stroke-width="1.3" fill="none"/>')
    elif rank == "Q":
        e.append('<ellipse cx="75" cy="63" rx="4" ry="2" fill="#c8102e"/>')
        e.append('<circle cx="66" cy="57" r="3" fill="#f2a7a0"/>')
        e.append('<circle cx="84" cy="57" r="3" fill="#f2a7a0"/>')
    else:
        e.append(f'<path d="M69 62 Q75 66 81 62" stroke="{INK}" stroke-width="1.3" fill="none"/>')
    # headwear
    if rank == "K":
        e.extend(crown_king())
    elif rank == "Q":
        pts = "58,38 60,22 67,31 75,16 83,31 90,22 92,38"
        e.append(f'<polygon points="{pts}" fill="{GOLD}" stroke="{GOLD_DARK}" '
                 'stroke-width="1.3" stroke-linejoin="round"/>')
        for x, y in ((60, 21), (75, 15), (90, 21)):
            e.append(f'<circle cx="{x}" cy="{y}" r="3.3" fill="#ffffff" stroke="{GOLD_DARK}"/>')
        e.append(f'<circle cx="75" cy="33" r="2.6" fill="{colour}"/>')
    else:  # feathered cap
        e.append('<path d="M92 30 Q114 2 128 8 Q112 14 98 34 Z" fill="#ffffff" '
                 f'stroke="{INK}" stroke-width="1.2"/>')
        e.append(f'<path d="M52 38 Q54 18 75 18 Q96 18 98 38 Z" fill="{colour}" '
                 f'stroke="{INK}" stroke-width="1.3"/>')
        e.append(f'<rect x="51" y="35" width="48" height="6" rx="2" fill="{GOLD}" '
                 f'stroke="{GOLD_DARK}" stroke-width="1.2"/>')
    # suit emblem on a shield on the chest
    e.append(f'<path d="M63 96 L87 96 L87 108 Q87 120 75 125 Q63 120 63 108 Z" fill="#ffffff" '
             f'stroke="{GOLD_DARK}" stroke-width="1.5"/>')
    e.append(path(suit_d, colour))
    if rank == "Q":  # flower
        e.append('<path d="M36 128 Q34 100 38 78" stroke="#2e7d32" stroke-width="2.5" '
                 'fill="none"/>')
        for ang in range(0, 360, 72):
            a = math.radians(ang)
            e.append(f'<circle cx="{num(38 + 5 * math.cos(a))}" cy="{num(72 + 5 * math.sin(a))}" '
                     'r="4" fill="#e64a6e" stroke="#8a1c36" stroke-width="0.8"/>')
        e.append(f'<circle cx="38" cy="72" r="3" fill="{GOLD}"/>')
    return e


def court(rank: str, suit: str, colour: str, lay: Layout, g: Glyphs,
          letter: str | None = None) -> list[str]:
    x0, y0, x1, y1 = lay.court
    bw, bh = x1 - x0, y1 - y0
    half = bh / 2
    mid = y0 + half
    u = min(bw / 118, half / 128)
    tx = x0 + (bw - 150 * u) / 2
    ty = mid - 128 * u
    suit_d = g.fit([SUIT_GLYPH[suit]], 75, 108, 15)
    fig = "".join(figure(rank, colour, suit_d))
    inner = f'<g transform="translate({num(tx)} {num(ty)}) scale({num(u)})">{fig}</g>'
    out = [
        f'<rect x="{num(x0)}" y="{num(y0)}" width="{num(bw)}" height="{num(bh)}" rx="4" '
        f'fill="{CREAM}" stroke="{colour}" stroke-width="2"/>',
        inner,
        f'<g transform="rotate(180 {num(x0 + bw / 2)} {num(mid)})">{inner}</g>',
        f'<rect x="{num(x0)}" y="{num(mid - 1)}" width="{num(bw)}" height="2" fill="{colour}"/>',
        f'<rect x="{num(x0 + 3)}" y="{num(y0 + 3)}" width="{num(bw - 6)}" height="{num(bh - 6)}" '
        f'rx="2" fill="none" stroke="{GOLD}" stroke-width="1.5"/>',
    ]
    # rank letter and suit in two corners of the frame, so a court reads at a glance
    sh = 15 * min(1.0, bw / 150)
    for rot in (False, True):
        cx = x1 - 12 * min(1.0, bw / 150) if not rot else x0 + 12 * min(1.0, bw / 150)
        cy = y0 + 15 if not rot else y1 - 15
        d = g.fit([g.name(c) for c in (letter or rank)], cx, cy, sh, by_cap=True, rot180=rot)
        out.append(path(d, colour))
    return out


# --------------------------------------------------------------------------- faces


def face_svg(rank: str, suit: str, colours: dict[str, str], lay: Layout, g: Glyphs,
             g_reg: Glyphs, letter: str | None = None) -> str:
    """One face; ``letter`` is what its corners (and a court's frame) show instead of the
    English rank letter."""
    colour = colours[suit]
    sg = SUIT_GLYPH[suit]
    e: list[str] = [
        f'<rect x="1" y="1" width="{W - 2}" height="{H - 2}" rx="14" ry="14" fill="#ffffff" '
        'stroke="#7d7d7d" stroke-width="2"/>',
    ]
    # corner indices
    text = letter or RANK_TEXT.get(rank, rank)
    names = [g.name(c) for c in text]
    sx = lay.ten_sx if len(text) > 1 else 1.0
    gap = -110.0 if len(text) > 1 else 0.0
    rank_cy = lay.index_top + lay.rank_h / 2
    # ranks with a descender (J, Q) push the suit down so the two never touch
    descent = max(0.0, -g.bounds(names, gap)[1]) * lay.rank_h / g.cap
    suit_cy = lay.index_top + lay.rank_h + descent * 0.8 + lay.index_gap + lay.suit_h / 2
    for rot in (False, True):
        if rot:
            rcx, rcy, scx, scy = W - lay.index_cx, H - rank_cy, W - lay.index_cx, H - suit_cy
        else:
            rcx, rcy, scx, scy = lay.index_cx, rank_cy, lay.index_cx, suit_cy
        e.append(path(g.fit(names, rcx, rcy, lay.rank_h, sx=sx, gap=gap, rot180=rot,
                            by_cap=True), colour))
        e.append(path(g.fit([sg], scx, scy, lay.suit_h, rot180=rot), colour))
    # centre
    if rank == "A":
        if suit == "S":
            e.extend(ace_of_spades(colour, lay, g, g_reg))
        else:
            e.append(path(g.fit([sg], W / 2, H / 2, lay.ace_h), colour))
    elif rank in "JQK":
        e.extend(court(rank, suit, colour, lay, g, letter))
    else:
        for x, y in pip_positions(rank, lay):
            e.append(path(g.fit([sg], x, y, lay.pip_h, rot180=y > H / 2 + 1), colour))
    return svg_doc(e)


def ace_of_spades(colour: str, lay: Layout, g: Glyphs, g_reg: Glyphs) -> list[str]:
    big = lay.ace_h * 1.45
    r = big * 0.72
    cx, cy = W / 2, H / 2
    e = [
        f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r)}" fill="none" stroke="{colour}" '
        'stroke-width="2.5"/>',
        f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r - 6)}" fill="none" stroke="{GOLD}" '
        'stroke-width="2"/>',
    ]
    for i in range(16):
        a = math.radians(i * 22.5)
        x, y = cx + (r + 0.0) * math.cos(a), cy + r * math.sin(a)
        e.append(f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(max(1.5, r * 0.04))}" '
                 f'fill="{GOLD if i % 2 else colour}"/>')
    e.append(path(g.fit(["spade"], cx, cy - big * 0.02, big), colour))
    label = [g_reg.name(c) for c in "KNOCK RUMMY"]
    lh = max(5.0, big * 0.055)
    e.append(path(g_reg.fit(label, cx, cy + r + lh * 1.9, lh, by_cap=True, gap=120),
                  colour))
    return e


def svg_doc(elements: Sequence[str]) -> str:
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" '
            f'viewBox="0 0 {W} {H}">\n')
    return head + "\n".join(elements) + "\n</svg>\n"


# --------------------------------------------------------------------------- backs


def clip_line(p: tuple[float, float], d: tuple[float, float],
              box: tuple[float, float, float, float]) -> tuple[float, float, float, float] | None:
    """Clip the infinite line p + t*d to box (Liang-Barsky)."""
    x0, y0, x1, y1 = box
    t0, t1 = -1e9, 1e9
    for pc, dc, lo, hi in ((p[0], d[0], x0, x1), (p[1], d[1], y0, y1)):
        if dc == 0:
            if pc < lo or pc > hi:
                return None
            continue
        a, b = (lo - pc) / dc, (hi - pc) / dc
        t0, t1 = max(t0, min(a, b)), min(t1, max(a, b))
    if t0 >= t1:
        return None
    return (p[0] + t0 * d[0], p[1] + t0 * d[1], p[0] + t1 * d[0], p[1] + t1 * d[1])


def lattice(box: tuple[float, float, float, float], step: float) -> str:
    """Two families of diagonal lines (x - y = c and x + y = c) clipped to box."""
    x0, y0, x1, y1 = box
    segs: list[str] = []
    n = int(((x1 - x0) + (y1 - y0)) / step) + 2
    for k in range(-n, n + 1):
        for d in ((1.0, 1.0), (1.0, -1.0)):
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
            # a point on the line through the box centre, shifted along x by k * step
            c = clip_line((cx + k * step, cy), d, box)
            if c is not None and math.hypot(c[2] - c[0], c[3] - c[1]) > 1.0:
                segs.append(f"M{num(c[0])} {num(c[1])}L{num(c[2])} {num(c[3])}")
    return "".join(segs)


def back_svg(name: str, dark: str, mid: str, light: str, style: str, g: Glyphs) -> str:
    e = [
        f'<rect x="1" y="1" width="{W - 2}" height="{H - 2}" rx="14" ry="14" fill="#ffffff" '
        'stroke="#7d7d7d" stroke-width="2"/>',
        f'<rect x="13" y="13" width="{W - 26}" height="{H - 26}" rx="8" fill="{dark}"/>',
    ]
    box = (16.0, 16.0, W - 16.0, H - 16.0)
    if style == "lattice":
        e.append(f'<path d="{lattice(box, 14)}" fill="none" stroke="{mid}" stroke-width="2.2"/>')
        e.append(f'<path d="{lattice(box, 14)}" fill="none" stroke="{light}" '
                 'stroke-width="0.7"/>')
    elif style == "diamonds":
        step = 18.0
        rows = int((box[3] - box[1]) // step)
        cols = int((box[2] - box[0]) // step)
        ox = box[0] + ((box[2] - box[0]) - cols * step) / 2
        oy = box[1] + ((box[3] - box[1]) - rows * step) / 2
        for j in range(rows):
            for i in range(cols):
                cx, cy = ox + (i + 0.5) * step, oy + (j + 0.5) * step
                r = step * 0.42
                pts = f"{num(cx)},{num(cy - r)} {num(cx + r)},{num(cy)} {num(cx)},{num(cy + r)} " \
                      f"{num(cx - r)},{num(cy)}"
                fill = mid if (i + j) % 2 else light
                e.append(f'<polygon points="{pts}" fill="{fill}"/>')
    else:  # rings
        step = 20.0
        rows = int((box[3] - box[1]) // step)
        cols = int((box[2] - box[0]) // step)
        ox = box[0] + ((box[2] - box[0]) - cols * step) / 2
        oy = box[1] + ((box[3] - box[1]) - rows * step) / 2
        for j in range(rows):
            for i in range(cols):
                cx, cy = ox + (i + 0.5) * step, oy + (j + 0.5) * step
                e.append(f'<circle cx="{num(cx)}" cy="{num(cy)}" r="7.5" fill="none" '
                         f'stroke="{mid}" stroke-width="2"/>')
                e.append(f'<circle cx="{num(cx)}" cy="{num(cy)}" r="2" fill="{light}"/>')
    # frame and centre medallion with the four suits
    e.append(f'<rect x="13" y="13" width="{W - 26}" height="{H - 26}" rx="8" fill="none" '
             f'stroke="{light}" stroke-width="3"/>')
    e.append(f'<rect x="19" y="19" width="{W - 38}" height="{H - 38}" rx="5" fill="none" '
             f'stroke="{mid}" stroke-width="1.5"/>')
    cx, cy = W / 2, H / 2
    e.append(f'<ellipse cx="{num(cx)}" cy="{num(cy)}" rx="58" ry="72" fill="{dark}" '
             f'stroke="{light}" stroke-width="3"/>')
    e.append(f'<ellipse cx="{num(cx)}" cy="{num(cy)}" rx="50" ry="64" fill="none" '
             f'stroke="{mid}" stroke-width="1.5"/>')
    for (dx, dy), s in zip(((0, -32), (28, 0), (0, 32), (-28, 0)), "SHDC", strict=True):
        e.append(path(g.fit([SUIT_GLYPH[s]], cx + dx, cy + dy, 24, rot180=dy > 0), light))
    return svg_doc(e)


BACKS: dict[str, tuple[str, str, str, str]] = {
    # name: dark, mid, light, style
    "blue": ("#163a7a", "#2f63b8", "#dfe9fb", "lattice"),
    "red": ("#8e1424", "#c2364a", "#fbe3e6", "diamonds"),
    "green": ("#14573a", "#2e8a5c", "#e2f5ea", "rings"),
}


# --------------------------------------------------------------------------- main


def card_names() -> list[str]:
    return [r + s for s in SUITS for r in RANKS]


Corners = Mapping[str, Sequence[str]]


def catalogue_corners(code: str) -> tuple[str, ...] | None:
    """The letters (ace, jack, queen, king) language ``code``'s compiled catalogue gives,
    exactly as the game's text shows them; None when it has no catalogue."""
    if str(REPO) not in sys.path:
        sys.path.insert(0, str(REPO))
    from knockrummy import i18n
    from knockrummy.words.cards import rank_letter

    before = i18n.language()
    i18n.set_language(code)
    try:
        if i18n.language() != code:
            return None
        return tuple(rank_letter(r) for r in LETTER_RANK_NUMBERS)
    finally:
        i18n.set_language(before)


def default_corners() -> dict[str, tuple[str, ...]]:
    """Every language's letters: its catalogue's, else what its decks print."""
    out: dict[str, tuple[str, ...]] = {}
    for code, deck in sorted(DECK_CORNERS.items()):
        out[code] = catalogue_corners(code) or deck
    return out


def parse_corners(specs: Sequence[str]) -> dict[str, tuple[str, ...]]:
    """``["de=A,B,D,K", "fr=A,V,D,R"]`` -> ``{"de": ("A", "B", "D", "K"), ...}``."""
    out: dict[str, tuple[str, ...]] = {}
    for spec in specs:
        code, sep, letters = spec.partition("=")
        parts = tuple(p.strip() for p in letters.split(","))
        if not sep or not code or len(parts) != len(LETTER_RANKS) or not all(parts):
            raise ValueError(f"--corners {spec!r}: expected e.g. de=A,B,D,K "
                             "(the letters of the ace, jack, queen and king)")
        out[code.strip()] = parts
    return out


def language_faces(corners: Corners) -> dict[str, dict[str, str]]:
    """For each language, the ranks whose letter differs from English and that letter
    (``{"de": {"J": "B", "Q": "D"}}``); languages with nothing to draw are left out."""
    out: dict[str, dict[str, str]] = {}
    for code, letters in sorted(corners.items()):
        differ = {rank: letter for rank, letter, english
                  in zip(LETTER_RANKS, letters, ENGLISH_CORNERS, strict=True)
                  if letter != english}
        if differ:
            out[code] = differ
    return out


def generate(out: Path, corners: Corners | None = None) -> list[Path]:
    """Write every card SVG under out/cards (and the faces each language draws with its own
    letters, ``corners`` or :func:`default_corners`); returns the written paths (sorted)."""
    g = Glyphs(FONT_BOLD)
    g_reg = Glyphs(FONT_REGULAR)
    per_language = language_faces(default_corners() if corners is None else corners)
    for code, letters in per_language.items():
        missing = sorted({c for text in letters.values() for c in text
                          if ord(c) not in g.cmap})
        if missing:
            raise ValueError(f"{code}: the card font has no glyph for {''.join(missing)!r}")
    jobs: list[tuple[Path, Callable[[], str]]] = []
    for scheme, colours in sorted(SCHEMES.items()):
        for large in (False, True):
            folder = out / "cards" / (scheme + ("-large" if large else ""))
            lay = LARGE if large else NORMAL
            for card in card_names():
                def make(card: str = card, colours: dict[str, str] = colours,
                         lay: Layout = lay) -> str:
                    return face_svg(card[0], card[1], colours, lay, g, g_reg)
                jobs.append((folder / f"{card}.svg", make))
            for code, letters in per_language.items():
                for card in card_names():
                    if card[0] not in letters:
                        continue

                    def make_local(card: str = card, colours: dict[str, str] = colours,
                                   lay: Layout = lay, letter: str = letters[card[0]]) -> str:
                        return face_svg(card[0], card[1], colours, lay, g, g_reg, letter)
                    jobs.append((folder / code / f"{card}.svg", make_local))
    for name, (dark, mid, light, style) in sorted(BACKS.items()):
        def make_back(name: str = name, dark: str = dark, mid: str = mid, light: str = light,
                      style: str = style) -> str:
            return back_svg(name, dark, mid, light, style, g)
        jobs.append((out / "cards" / "backs" / f"{name}.svg", make_back))
    # a language's faces no longer drawn (its letters became English ones) are removed
    wanted = {p for p, _fn in jobs}
    for scheme in SCHEMES:
        for folder in (out / "cards" / scheme, out / "cards" / f"{scheme}-large"):
            for code in DECK_CORNERS.keys() | per_language.keys():
                for stale in sorted((folder / code).glob("*.svg")):
                    if stale not in wanted:
                        stale.unlink()
                if (folder / code).is_dir() and not any((folder / code).iterdir()):
                    (folder / code).rmdir()
    written: list[Path] = []
    for p, fn in sorted(jobs, key=lambda j: str(j[0])):
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(fn().encode("ascii"))
        written.append(p)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--out", type=Path, default=REPO / "assets",
                    help="assets folder to write into (default: the repository's assets/)")
    ap.add_argument("--corners", nargs="*", default=[], metavar="LANG=A,J,Q,K",
                    help="a language's corner letters of the ace, jack, queen and king, "
                         "e.g. de=A,B,D,K fr=A,V,D,R (default: from its catalogue, else "
                         "what its decks print)")
    args = ap.parse_args(argv)
    try:
        corners = {**default_corners(), **parse_corners(args.corners)}
    except ValueError as err:
        ap.error(str(err))
    files = generate(args.out, corners)
    for code, letters in language_faces(corners).items():
        shown = ", ".join(f"{rank}->{letter}" for rank, letter in letters.items())
        print(f"{code}: own faces for {shown}")
    print(f"wrote {len(files)} SVG files under {args.out / 'cards'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
