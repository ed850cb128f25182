"""Render every card face and back through pygame-ce's ``load_sized_svg`` into one PNG.

Usage: ``python tools/contact_sheet.py [--out docs/cards.png] [--card-width 96]``
``--variants`` picks which folders under assets/cards to show (default: all four); a
language's own faces are folders too (``--variants classic/de classic-large/de``), showing
only the cards it has.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Sequence
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
ASSETS = REPO / "assets"
RANKS = "A23456789TJQK"
SUITS = "SHDC"
VARIANTS = ("classic", "fourcolor", "classic-large", "fourcolor-large")


def render(out: Path, card_w: int, variants: Sequence[str]) -> None:
    pygame.init()
    card_h = round(card_w * 1.4)
    pad = max(4, card_w // 16)
    font = pygame.font.Font(str(ASSETS / "fonts" / "DejaVuSans-Bold.ttf"), max(12, card_w // 6))
    title_h = font.get_linesize() + pad
    backs = sorted((ASSETS / "cards" / "backs").glob("*.svg"))
    sections: list[tuple[str, list[list[Path]]]] = []
    for v in variants:
        rows = [[ASSETS / "cards" / v / f"{r}{s}.svg" for r in RANKS] for s in SUITS]
        rows = [[p for p in row if p.is_file()] for row in rows]
        sections.append((v, [row for row in rows if row]))
    sections.append(("backs", [backs]))
    cols = len(RANKS)
    width = pad + cols * (card_w + pad)
    height = pad + sum(title_h + len(rows) * (card_h + pad) for _, rows in sections)
    sheet = pygame.Surface((width, height))
    sheet.fill((24, 92, 56))
    y = pad
    for title, rows in sections:
        sheet.blit(font.render(title, True, (240, 240, 230)), (pad, y))
        y += title_h
        for row in rows:
            x = pad
            for p in row:
                img = pygame.image.load_sized_svg(str(p), (card_w, card_h))
                sheet.blit(img, (x, y))
                x += card_w + pad
            y += card_h + pad
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(sheet, str(out))


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Render a contact sheet of the card SVGs.")
    ap.add_argument("--out", type=Path, default=REPO / "docs" / "cards.png")
    ap.add_argument("--card-width", type=int, default=96)
    ap.add_argument("--variants", nargs="*", default=list(VARIANTS))
    args = ap.parse_args(argv)
    render(args.out, args.card_width, args.variants)
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
