"""Asset paths, read through ``knockrummy.assets`` (the art package).

Kept in one place so every loader asks the same functions; a missing asset
file is reported once and drawn as a plain fallback instead of crashing.
"""

from __future__ import annotations

from pathlib import Path

from knockrummy import assets


def card_face(card_text: str, four_color: bool, large_index: bool,
              language: str = "en") -> Path:
    """SVG of a card face in the chosen scheme, with ``language``'s corner letters when
    that language has its own face for the card (else the English face)."""
    return assets.card_path(card_text, "fourcolor" if four_color else "classic", large_index,
                            language)


def card_back(name: str) -> Path:
    """SVG of a card back; the first available back when ``name`` is unknown."""
    names = assets.back_names()
    if name not in names and names:
        name = names[0]
    return assets.back_path(name)


def back_names() -> list[str]:
    """The available card backs."""
    return assets.back_names()


def sound(name: str) -> Path:
    """WAV of a sound effect."""
    return assets.sound_path(name)


def font(bold: bool = False) -> Path:
    """The interface font."""
    return assets.font_path(bold)


def table(name: str) -> Path:
    """A table surface file."""
    return assets.table_path(name)


def ui_piece(name: str) -> Path:
    """An interface SVG."""
    return assets.ui_path(name)
