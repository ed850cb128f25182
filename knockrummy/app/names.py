"""Players' names as kept and as shown.

The default human seat is called "You" in every language where it is *kept* (saves,
records, the settings' last game, the engine's names: "You" is how the words floor knows
the seat is the player's own, and an English "You" in a save stays the player's own seat
whatever language reads it); where a name is *shown*, :func:`shown_name` gives "You" in
the player's language, and :func:`kept_name` turns what a player left in a name field
back into the key. Every other name is a person's and is shown as it is. The computers'
names (Ada, Bert...) are names too, the same in every language.

>>> shown_name("You"), shown_name("Ann"), kept_name("You"), kept_name(" Ann ")
('You', 'Ann', 'You', ' Ann ')
>>> player_name(2)
'Player 2'
"""

from __future__ import annotations

from knockrummy.i18n import _
from knockrummy.words.names import YOU, shown_name

__all__ = ["YOU", "kept_name", "player_name", "shown_name"]

def kept_name(text: str) -> str:
    """What to keep for a name the player left as shown: "You" in the player's language
    is kept as the key "You"; any other text as it is."""
    return YOU if text.strip() and text.strip() == shown_name(YOU) else text


def player_name(number: int) -> str:
    """The default name of human seat ``number`` (1, 2...) when several people share the
    screen, in the player's language (a name like any typed one once the match starts)."""
    # Translators: the default name of a human seat when several people share the screen
    return _("Player {number}").format(number=number)
