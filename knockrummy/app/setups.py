"""The default matches: the seats' names and the game the title's quick button starts.

Nothing here imports pygame; the new-game screen and the command line share it.

The default human seat is kept as "You" in every language and shown through
:func:`knockrummy.app.names.shown_name` (see there).
"""

from __future__ import annotations

from collections.abc import Sequence

from knockrummy.app.computer import levels
from knockrummy.app.controller import COMPUTER, HUMAN, GameSetup, SeatSetup, random_seed
from knockrummy.app.names import YOU, kept_name, player_name, shown_name
from knockrummy.engine import PRESETS

__all__ = ["COMPUTER_NAMES", "NAMES", "YOU", "default_setup", "kept_name", "player_name",
           "shown_name"]

#: the seats' names when one human plays (the human is "You": a key, see :func:`shown_name`)
NAMES = (YOU, "Ada", "Bert", "Cleo", "Dev", "Edie")
#: names when every seat is a computer (autoplay)
COMPUTER_NAMES = ("Ada", "Bert", "Cleo", "Dev", "Edie", "Finn")


def default_setup(preset_key: str = "knock", players: int = 3, seed: int | None = None,
                  level: str = "medium", seats: Sequence[str] | None = None) -> GameSetup:
    """The default match: the viewer against computers of ``level``; or, with ``seats``
    (each "human" or a level, as in the settings), those seats.

    >>> [(s.name, s.kind, s.level) for s in default_setup("gin", seed=1).seats]
    [('You', 'human', 'medium'), ('Ada', 'computer', 'medium')]
    >>> [s.name for s in default_setup(seats=["human", "hard", "human"], seed=1).seats]
    ['Player 1', 'Ada', 'Player 3']
    """
    rules = PRESETS.get(preset_key, PRESETS["knock"])
    kinds = list(seats) if seats else [HUMAN] + [level] * (players - 1)
    count = max(rules.min_players, min(rules.max_players, len(kinds)))
    kinds = (kinds + [level] * count)[:count]
    shared = kinds.count(HUMAN) > 1
    out = []
    for i, kind in enumerate(kinds):
        if kind == HUMAN:
            out.append(SeatSetup(player_name(i + 1) if shared else YOU, HUMAN, level))
        else:
            out.append(SeatSetup(COMPUTER_NAMES[sum(1 for k in kinds[:i] if k != HUMAN)],
                                 COMPUTER, kind if kind in levels() else level))
    return GameSetup(rules, tuple(out), random_seed() if seed is None else seed)
