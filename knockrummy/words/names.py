"""Who a sentence is about: the game's default human seat is called "You", and sentences
about it are said to the player ("You draw", "Your turn"), in every language.

>>> is_you("You"), is_you(" you "), is_you("Ann"), shown_name("You"), shown_name("Ann")
(True, True, False, 'You', 'Ann')
"""

from __future__ import annotations

from collections.abc import Sequence

from knockrummy.i18n import pgettext

#: the name the default human seat is kept under (saves, records, the engine), in every
#: language
YOU = "You"


def shown_name(name: str) -> str:
    """A seat's name as shown: the default human seat's "You" in the player's language,
    any other name as it is."""
    if name == YOU:
        # Translators: the name of the player's own seat at the table (the default name
        # of the one human seat; it stands where other players' names stand)
        return pgettext("seat name", "You")
    return name


def shown_names(names: Sequence[str]) -> list[str]:
    """Every seat's name as shown (:func:`shown_name`)."""
    return [shown_name(n) for n in names]


def is_you(name: str) -> bool:
    """Whether ``name`` is the default human seat: "You" as kept in saves, or as the
    player's language shows it (a name typed over it in the new-game screen)."""
    plain = name.strip().lower()
    # Translators: the default name of the human seat (as the seat setup names it)
    return plain == "you" or plain == pgettext("seat name", "You").strip().lower()
