"""Words the screens show for keys kept in files (on/off, card backs): each
marked with ``N_`` here and made in the player's language when shown.

>>> on_off(True), back_name("blue")
('On', 'Blue')
>>> hands(1), hands(3)
('1 hand', '3 hands')
"""

from __future__ import annotations

from knockrummy.i18n import N_, _, ngettext, pgettext

#: card backs by their file's name
BACKS = {
    # Translators: a card back's colour
    "blue": N_("Blue"),
    # Translators: a card back's colour
    "green": N_("Green"),
    # Translators: a card back's colour
    "red": N_("Red"),
}


def back_name(key: str) -> str:
    """A card back's name ("blue" -> "Blue")."""
    return _(BACKS[key]) if key in BACKS else key.title()


def on_off(value: bool) -> str:
    """A setting's "On" or "Off" (the same words as New game's options)."""
    # Translators: a setting or an option switched on or off
    return pgettext("option", "On") if value else pgettext("option", "Off")


def hands(count: int) -> str:
    """"1 hand", "3 hands"."""
    return ngettext("{count} hand", "{count} hands", count).format(count=count)
