"""Computer players for every preset and player count, at four levels.

>>> from knockrummy.ai import LEVELS, make_player
>>> LEVELS
('simple', 'easy', 'medium', 'hard')
>>> make_player("simple", seed=1).level
'simple'

``make_player(level, seed)`` returns a :class:`Player`; the game calls
``player.choose(view, legal_actions)`` with the seat's
:class:`~knockrummy.engine.view.PlayerView` and gets one of the legal actions.
Players decide from the view only and keep no hidden state, so they can be
created fresh at any point of a saved game and are safe on a worker thread.
"""

from __future__ import annotations

from knockrummy.ai.base import Player
from knockrummy.ai.simple import SimplePlayer
from knockrummy.ai.strong import make_strong

LEVELS: tuple[str, ...] = ("simple", "easy", "medium", "hard")

_NAMES = {"simple": "Simple", "easy": "Easy", "medium": "Medium", "hard": "Hard"}


def make_player(level: str, seed: int) -> Player:
    """A computer player of ``level`` (one of :data:`LEVELS`), seeded for reproducibility."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; choose one of {', '.join(LEVELS)}")
    if level in ("medium", "hard"):
        return make_strong(level, seed, _NAMES[level])
    return SimplePlayer(seed, _NAMES[level])


__all__ = ["LEVELS", "Player", "make_player"]
