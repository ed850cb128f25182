"""Computer players from ``knockrummy.ai``, made with a seed per (match, seat).

Seeding by seat and deciding from the view alone means a resumed match goes on
with the same decisions it would have made.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from knockrummy import ai
from knockrummy.engine import Action, PlayerView


class ComputerPlayer(Protocol):
    """What the controller needs from a computer player."""

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """Pick one of ``legal`` from what ``view`` shows."""
        ...


def levels() -> tuple[str, ...]:
    """The levels the computer players offer, weakest first."""
    return tuple(level for level in ai.LEVELS if level not in ai.EXPERIMENTAL)


def seat_seed(match_seed: int, seat: int) -> int:
    """A stable seed for the computer in ``seat`` of the match with ``match_seed``.

    >>> seat_seed(7, 1) == seat_seed(7, 1) != seat_seed(7, 2)
    True
    """
    return random.Random(f"knockrummy-ai:{match_seed}:{seat}").getrandbits(63)


def make_computer(level: str, seed: int) -> ComputerPlayer:
    """A computer player of ``level``."""
    return ai.make_player(level, seed)
