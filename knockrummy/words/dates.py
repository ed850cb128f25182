"""Dates in the player's language: the months' short names and a date with its time, as
the lists of saved games, match records and the statistics show them.

>>> from datetime import datetime
>>> short_date(datetime(2024, 5, 1, 9, 5)), month_name(12)
('01 May 2024 09:05', 'Dec')
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from knockrummy.i18n import _, pgettext

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


def month_name(month: int) -> str:
    """The short name of ``month`` (1 January ... 12 December)."""
    return MONTHS[month - 1]()
