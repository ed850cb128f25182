"""Words the screens show for keys kept in files (on/off, card backs, dates): each
marked with ``N_`` here and made in the player's language when shown.

>>> on_off(True), back_name("blue")
('On', 'Blue')
>>> short_date(datetime(2024, 5, 1, 9, 5)), hands(1), hands(3)
('01 May 2024 09:05', '1 hand', '3 hands')
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

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
    """A setting's "On" or "Off"."""
    # Translators: a setting's value (switched on / off)
    return _("On") if value else _("Off")


#: the months' short names, January first
MONTHS: tuple[Callable[[], str], ...] = (
    # Translators: a month's short name in a date ("01 Jan 2024 09:05")
    lambda: pgettext("month", "Jan"),
    lambda: pgettext("month", "Feb"),
    lambda: pgettext("month", "Mar"),
    lambda: pgettext("month", "Apr"),
    lambda: pgettext("month", "May"),
    lambda: pgettext("month", "Jun"),
    lambda: pgettext("month", "Jul"),
    lambda: pgettext("month", "Aug"),
    lambda: pgettext("month", "Sep"),
    lambda: pgettext("month", "Oct"),
    lambda: pgettext("month", "Nov"),
    lambda: pgettext("month", "Dec"),
)


def short_date(when: datetime) -> str:
    """A date and time as a file's row shows it ("01 May 2024 09:05")."""
    # Translators: a date and time: {day} 01-31, {month} a month's short name, {time} 09:05
    return _("{day} {month} {year} {time}").format(
        day=f"{when.day:02d}", month=MONTHS[when.month - 1](), year=when.year,
        time=f"{when:%H:%M}")


def hands(count: int) -> str:
    """"1 hand", "3 hands"."""
    return ngettext("{count} hand", "{count} hands", count).format(count=count)
