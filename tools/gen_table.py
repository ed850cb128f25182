"""Generate the table surface and the interface pieces.

Writes, under ``--out`` (default: the repository's ``assets/``)::

    table/felt.png        256 x 256 seamless felt texture, tile it over the window
    table/table.svg       felt-green radial gradient, stretch it over the window
    table/vignette.svg    transparent centre, dark edges: draw over the tiled felt
    ui/button_normal.svg, ui/button_hover.svg, ui/button_pressed.svg, ui/button_disabled.svg
    ui/panel.svg          translucent dark-green panel with a gold rule
    ui/knock_marker.svg   brass token with KNOCK lettered as paths

Pure Python (PNG written with ``zlib``), fixed seed: output is byte-for-byte reproducible.
"""

from __future__ import annotations

import argparse
import math
import random
import struct
import sys
import zlib
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from gen_cards import FONT_BOLD, Glyphs, num  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
FELT = (28, 104, 66)
TILE = 256

# --------------------------------------------------------------------------- felt texture


def periodic_value_noise(size: int, cells: int, rng: random.Random) -> list[list[float]]:
    """Smooth noise in [-1, 1] on a size x size grid that wraps at the edges."""
    lattice = [[rng.uniform(-1.0, 1.0) for _ in range(cells)] for _ in range(cells)]
    out: list[list[float]] = []
    step = size / cells
    for y in range(size):
        fy = y / step
        y0 = int(fy) % cells
        y1 = (y0 + 1) % cells
        ty = fy - int(fy)
        ty = ty * ty * (3 - 2 * ty)
        row: list[float] = []
        for x in range(size):
            fx = x / step
            x0 = int(fx) % cells
            x1 = (x0 + 1) % cells
            tx = fx - int(fx)
            tx = tx * tx * (3 - 2 * tx)
            a = lattice[y0][x0] + (lattice[y0][x1] - lattice[y0][x0]) * tx
            b = lattice[y1][x0] + (lattice[y1][x1] - lattice[y1][x0]) * tx
            row.append(a + (b - a) * ty)
        out.append(row)
    return out


def felt_pixels(rng: random.Random) -> list[bytes]:
    coarse = periodic_value_noise(TILE, 4, rng)
    medium = periodic_value_noise(TILE, 16, rng)
    fine = periodic_value_noise(TILE, 64, rng)
    rows: list[bytes] = []
    for y in range(TILE):
        row = bytearray()
        for x in range(TILE):
            grain = rng.randint(-5, 5)
            v = 5.0 * coarse[y][x] + 4.0 * medium[y][x] + 3.0 * fine[y][x] + grain
            for c, k in zip(FELT, (0.55, 1.0, 0.8), strict=True):
                row.append(max(0, min(255, round(c + v * k))))
        rows.append(bytes(row))
    return rows


def png_bytes(rows: Sequence[bytes], width: int, height: int) -> bytes:
    def chunk(tag: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + tag + data
                + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF))

    raw = b"".join(b"\x00" + r for r in rows)
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(raw, 9))
            + chunk(b"IEND", b""))


# --------------------------------------------------------------------------- SVG pieces


def svg(w: int, h: int, body: Sequence[str]) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
            f'viewBox="0 0 {w} {h}">\n' + "\n".join(body) + "\n</svg>\n")


def table_svg() -> str:
    return svg(1600, 900, [
        '<defs><radialGradient id="felt" cx="50%" cy="45%" r="75%">'
        '<stop offset="0" stop-color="#2a8a57"/><stop offset="0.6" stop-color="#1c6842"/>'
        '<stop offset="1" stop-color="#0e3b25"/></radialGradient></defs>',
        '<rect x="0" y="0" width="1600" height="900" fill="url(#felt)"/>',
    ])


def vignette_svg() -> str:
    return svg(1600, 900, [
        '<defs><radialGradient id="v" cx="50%" cy="50%" r="72%">'
        '<stop offset="55%" stop-color="#000000" stop-opacity="0"/>'
        '<stop offset="1" stop-color="#000000" stop-opacity="0.55"/></radialGradient></defs>',
        '<rect x="0" y="0" width="1600" height="900" fill="url(#v)"/>',
    ])


BUTTON_STATES: dict[str, tuple[str, str, str, str, float]] = {
    # state: top colour, bottom colour, border, highlight, y offset
    "normal": ("#f7e7b9", "#d8b35c", "#6b4a12", "#fffaf0", 0.0),
    "hover": ("#fff3cf", "#e9c670", "#6b4a12", "#ffffff", 0.0),
    "pressed": ("#b8903a", "#d6b469", "#4d340a", "#d9c28a", 2.0),
    "disabled": ("#d9d6cf", "#b3afa6", "#7a766e", "#ecebe7", 0.0),
}


def button_svg(state: str) -> str:
    top, bottom, border, hi, dy = BUTTON_STATES[state]
    w, h = 240, 64
    body = [
        f'<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">'
        f'<stop offset="0" stop-color="{top}"/><stop offset="1" stop-color="{bottom}"/>'
        '</linearGradient></defs>',
    ]
    if state != "pressed":  # drop shadow
        body.append('<rect x="3" y="6" width="234" height="56" rx="14" fill="#000000" '
                    'fill-opacity="0.28"/>')
    body += [
        f'<rect x="3" y="{num(3 + dy)}" width="234" height="54" rx="14" fill="url(#g)" '
        f'stroke="{border}" stroke-width="3"/>',
        f'<rect x="10" y="{num(8 + dy)}" width="220" height="4" rx="2" fill="{hi}" '
        'fill-opacity="0.7"/>',
    ]
    return svg(w, h, body)


def panel_svg() -> str:
    return svg(400, 300, [
        '<rect x="4" y="8" width="392" height="288" rx="20" fill="#000000" fill-opacity="0.3"/>',
        '<rect x="3" y="3" width="394" height="290" rx="20" fill="#0f3322" fill-opacity="0.9" '
        'stroke="#d8b35c" stroke-width="3"/>',
        '<rect x="11" y="11" width="378" height="274" rx="14" fill="none" stroke="#f7e7b9" '
        'stroke-opacity="0.35" stroke-width="1.5"/>',
    ])


def knock_marker_svg(g: Glyphs) -> str:
    body = [
        '<defs><radialGradient id="brass" cx="40%" cy="35%" r="70%">'
        '<stop offset="0" stop-color="#fff1b8"/><stop offset="0.5" stop-color="#e0b44a"/>'
        '<stop offset="1" stop-color="#9a6f16"/></radialGradient></defs>',
        '<circle cx="100" cy="104" r="92" fill="#000000" fill-opacity="0.3"/>',
        '<circle cx="100" cy="100" r="92" fill="url(#brass)" stroke="#5c400a" '
        'stroke-width="4"/>',
        '<circle cx="100" cy="100" r="76" fill="none" stroke="#5c400a" stroke-width="2"/>',
    ]
    for i in range(24):
        a = math.radians(i * 15)
        body.append(f'<circle cx="{num(100 + 84 * math.cos(a))}" '
                    f'cy="{num(100 + 84 * math.sin(a))}" r="2.2" fill="#5c400a"/>')
    names = [g.name(c) for c in "KNOCK"]
    body.append(f'<path d="{g.fit(names, 100, 100, 30, by_cap=True, sx=0.9)}" fill="#3d2a05"/>')
    return svg(200, 200, body)


def generate(out: Path) -> list[Path]:
    g = Glyphs(FONT_BOLD)
    files: dict[str, bytes] = {
        "table/felt.png": png_bytes(felt_pixels(random.Random(4)), TILE, TILE),
        "table/table.svg": table_svg().encode("ascii"),
        "table/vignette.svg": vignette_svg().encode("ascii"),
        "ui/panel.svg": panel_svg().encode("ascii"),
        "ui/knock_marker.svg": knock_marker_svg(g).encode("ascii"),
    }
    for state in BUTTON_STATES:
        files[f"ui/button_{state}.svg"] = button_svg(state).encode("ascii")
    written: list[Path] = []
    for rel in sorted(files):
        p = out / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(files[rel])
        written.append(p)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Generate the table surface and UI pieces.")
    ap.add_argument("--out", type=Path, default=REPO / "assets")
    args = ap.parse_args(argv)
    files = generate(args.out)
    print(f"wrote {len(files)} files under {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
