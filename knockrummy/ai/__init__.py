"""Computer players for every preset and player count, at five levels.

>>> from knockrummy.ai import LEVELS, make_player
>>> LEVELS
('simple', 'easy', 'medium', 'hard', 'expert')
>>> make_player("simple", seed=1).level
'simple'

``make_player(level, seed)`` returns a :class:`Player`; the game calls
``player.choose(view, legal_actions)`` with the seat's
:class:`~knockrummy.engine.view.PlayerView` and gets one of the legal actions.
Players decide from the view only and keep no hidden state, so they can be
created fresh at any point of a saved game and are safe on a worker thread.
"""

from __future__ import annotations

from collections.abc import Sequence

from knockrummy.ai.base import Player
from knockrummy.ai.easy import EasyPlayer
from knockrummy.ai.expert import ExpertPlayer
from knockrummy.ai.rummy import RummyPlayer
from knockrummy.ai.simple import SimplePlayer
from knockrummy.ai.strong import HARD, MEDIUM, StrongPlayer, Style
from knockrummy.engine.actions import Action
from knockrummy.engine.rules import Family
from knockrummy.engine.view import PlayerView

LEVELS: tuple[str, ...] = ("simple", "easy", "medium", "hard", "expert")

_NAMES = {"simple": "Simple", "easy": "Easy", "medium": "Medium", "hard": "Hard",
          "expert": "Expert"}


def make_player(level: str, seed: int) -> Player:
    """A computer player of ``level`` (one of :data:`LEVELS`), seeded for reproducibility."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; choose one of {', '.join(LEVELS)}")
    if level == "expert":
        return ExpertPlayer(seed, _NAMES[level])
    if level in ("medium", "hard"):
        return ByFamily(level, seed, _NAMES[level])
    if level == "easy":
        return EasyPlayer(seed, _NAMES[level])
    return SimplePlayer(seed, _NAMES[level])


class ByFamily:
    """A level's player: the Rummy policy for Rummy, the knocking policy otherwise."""

    def __init__(self, level: str, seed: int, name: str, style: Style | None = None) -> None:
        self.level = level
        self.name = name
        if style is None:
            style = HARD if level == "hard" else MEDIUM
        self._knocking = StrongPlayer(seed, level, style, name)
        self._rummy = RummyPlayer(seed, level, style, name)

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """Delegate to the policy for the view's rules."""
        if view.rules.family is Family.RUMMY:
            return self._rummy.choose(view, legal)
        return self._knocking.choose(view, legal)


__all__ = ["LEVELS", "ByFamily", "Player", "make_player"]
