"""Where the game's art, sounds and fonts live on disk.

Pure paths: nothing here imports pygame.  Cards and most interface pieces are SVG, meant to be
loaded at the size they are shown with ``pygame.image.load_sized_svg(path, (w, h))`` (which
keeps the aspect ratio: cards are 2.5:3.5).  ``table/felt.png`` is a seamless tile.

Card names use rank ``A 2-9 T J Q K`` and suit ``S H D C``: ``"AS"``, ``"TD"``, ``"QH"``.
A language whose decks print other corner letters (German D for the Dame, French R for the
roi) has its own faces for those cards in a folder named by its code inside each deck's
folder (``cards/classic/de/QH.svg``); every other card is the English face.
"""

from __future__ import annotations

import sys
from pathlib import Path

RANKS = "A23456789TJQK"
SUITS = "SHDC"
SCHEMES = ("classic", "fourcolor")
SOUNDS = ("click", "deal", "discard", "draw", "gin", "knock", "lose", "shuffle", "win")


def asset_root() -> Path:
    """The ``assets/`` folder: inside the PyInstaller bundle when frozen, else the one next to
    the ``knockrummy`` package in the repository."""
    bundle = getattr(sys, "_MEIPASS", None)
    if getattr(sys, "frozen", False) and bundle is not None:
        return Path(bundle) / "assets"
    return Path(__file__).resolve().parent.parent / "assets"


def normalise_card(card_text: str) -> str:
    """``"10h"`` / ``"th"`` / ``"TH"`` -> ``"TH"``; raises ValueError for anything else."""
    text = card_text.strip().upper()
    if text.startswith("10"):
        text = "T" + text[2:]
    if len(text) != 2 or text[0] not in RANKS or text[1] not in SUITS:
        raise ValueError(f"not a card: {card_text!r} (expected e.g. 'AS', 'TD', 'QH')")
    return text


def card_path(card_text: str, scheme: str = "classic", large_index: bool = False,
              language: str = "en") -> Path:
    """SVG of one card face, e.g. ``card_path("QH", "fourcolor", large_index=True)``: the
    face with ``language``'s corner letters when it has its own, else the English one."""
    if scheme not in SCHEMES:
        raise ValueError(f"unknown card scheme {scheme!r}; choose from {SCHEMES}")
    folder = asset_root() / "cards" / (scheme + ("-large" if large_index else ""))
    name = f"{normalise_card(card_text)}.svg"
    if language and language != "en" and "/" not in language and "." not in language:
        own = folder / language / name
        if own.is_file():
            return own
    return folder / name


def back_names() -> list[str]:
    """Names of the available card backs, sorted (e.g. ``["blue", "green", "red"]``)."""
    return sorted(p.stem for p in (asset_root() / "cards" / "backs").glob("*.svg"))


def back_path(name: str) -> Path:
    """SVG of the card back called name (one of :func:`back_names`)."""
    path = asset_root() / "cards" / "backs" / f"{name}.svg"
    if not path.is_file():
        raise ValueError(f"unknown card back {name!r}; choose from {back_names()}")
    return path


def sound_path(name: str) -> Path:
    """WAV file of a sound effect: one of :data:`SOUNDS`."""
    if name not in SOUNDS:
        raise ValueError(f"unknown sound {name!r}; choose from {SOUNDS}")
    return asset_root() / "sounds" / f"{name}.wav"


def font_path(bold: bool = False) -> Path:
    """The interface font (DejaVu Sans, licence in ``assets/fonts/LICENSE-DejaVu.txt``)."""
    return asset_root() / "fonts" / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")


def ui_path(name: str) -> Path:
    """An interface piece, e.g. ``ui_path("button_hover")`` or ``ui_path("knock_marker")``."""
    return asset_root() / "ui" / f"{name}.svg"


def table_path(name: str = "felt.png") -> Path:
    """Table surface: ``felt.png`` (tile), ``table.svg`` (gradient), ``vignette.svg``."""
    return asset_root() / "table" / name
