"""Who a sentence is about: the game's default human seat is called "You", and sentences
about it are said to the player ("You draw", "Your turn"), in every language.

>>> is_you("You"), is_you(" you "), is_you("Ann")
(True, True, False)
"""

from __future__ import annotations

from knockrummy.i18n import pgettext


def is_you(name: str) -> bool:
    """Whether ``name`` is the default human seat: "You" as kept in saves, or as the
    player's language shows it (a name typed over it in the new-game screen)."""
    plain = name.strip().lower()
    # Translators: the default name of the human seat (as the seat setup names it)
    return plain == "you" or plain == pgettext("seat name", "You").strip().lower()
