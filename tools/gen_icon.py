"""Generate the game's icon: two fanned cards, a red K and a black spade.

Writes, under ``--out`` (default: the repository's ``assets/``)::

    icon/knockrummy.svg        the icon as paths (any size)
    icon/knockrummy-256.png    rendered through pygame-ce's SVG loader, for launchers
                               and PyInstaller (which turns the PNG into .ico / .icns)

Deterministic: the PNG is written with zlib from the rendered pixels.
"""

from __future__ import annotations

import argparse
import os
import struct
import sys
import zlib
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from gen_cards import FONT_BOLD, Glyphs, num  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
SIZE = 256


def card(x: float, y: float, angle: float, body: Sequence[str]) -> str:
    inner = "".join(body)
    return (
        f'<g transform="rotate({num(angle)} {num(x + 70)} {num(y + 98)})">'
        f'<rect x="{num(x + 3)}" y="{num(y + 5)}" width="140" height="196" rx="14" '
        f'fill="#000000" fill-opacity="0.25"/>'
        f'<rect x="{num(x)}" y="{num(y)}" width="140" height="196" rx="14" fill="#ffffff" '
        f'stroke="#1d3b2a" stroke-width="4"/>{inner}</g>'
    )


def icon_svg() -> str:
    g = Glyphs(FONT_BOLD)
    spade = g.fit([g.name("\u2660")], 128, 140, 96)
    king = g.fit([g.name("K")], 68, 84, 44, by_cap=True)
    heart = g.fit([g.name("\u2665")], 68, 124, 26)
    back = card(34, 36, -14, [
        f'<path d="{king}" fill="#c8102e"/>', f'<path d="{heart}" fill="#c8102e"/>',
    ])
    front = card(86, 40, 12, [f'<path d="{spade}" fill="#151515"/>'])
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{SIZE}" height="{SIZE}" '
        f'viewBox="0 0 {SIZE} {SIZE}">'
        f'<rect x="4" y="4" width="248" height="248" rx="48" fill="#1c6842"/>'
        f"{back}{front}</svg>\n"
    )


def rgba_png(pixels: bytes, width: int, height: int) -> bytes:
    """A PNG (8-bit RGBA) from raw pixels, written with zlib: the same bytes every time."""

    def chunk(tag: bytes, data: bytes) -> bytes:
        crc = struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)
        return struct.pack(">I", len(data)) + tag + data + crc

    stride = width * 4
    raw = b"".join(b"\x00" + pixels[y * stride : (y + 1) * stride] for y in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def render_png(svg_path: Path, size: int) -> bytes:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    surface = pygame.image.load_sized_svg(str(svg_path), (size, size))
    return rgba_png(pygame.image.tobytes(surface, "RGBA"), size, size)


def generate(out: Path) -> list[Path]:
    folder = out / "icon"
    folder.mkdir(parents=True, exist_ok=True)
    svg_path = folder / "knockrummy.svg"
    svg_path.write_text(icon_svg(), encoding="utf-8")
    png_path = folder / f"knockrummy-{SIZE}.png"
    png_path.write_bytes(render_png(svg_path, SIZE))
    return [svg_path, png_path]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=REPO / "assets")
    args = parser.parse_args(argv)
    for p in generate(args.out):
        print(p)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
