"""What every computer player shares: the :class:`Player` protocol and helpers.

A player decides from a :class:`~knockrummy.engine.view.PlayerView` and the legal
actions only. Players here keep no memory between calls: every decision is a
function of the player's seed and the view (which carries the public log of the
hand), so a player created fresh mid-hand, after a saved game is resumed, plays
exactly as one that watched the whole hand. That also makes ``choose`` safe to
call from a worker thread: it reads only its arguments and immutable tables.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol, TypeVar

from knockrummy.engine.actions import Action
from knockrummy.engine.cards import cards_mask
from knockrummy.engine.view import PlayerView

A = TypeVar("A")


class Player(Protocol):
    """A computer player: ``choose`` one of ``legal`` for the seat of ``view``."""

    name: str
    level: str

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """The action to take now; always one of ``legal``."""
        ...


def decision_rng(seed: int, view: PlayerView, salt: str = "") -> random.Random:
    """A random source fixed by the player's seed and the point of the game.

    Seeded from text (hashed with SHA-512 by :mod:`random`), so it is the same on
    every run and platform, whatever ``PYTHONHASHSEED`` is.
    """
    key = (
        f"{seed}:{salt}:{view.seat}:{view.hand_number}:{len(view.log)}:{view.phase.value}:"
        f"{view.stock_count}:{cards_mask(view.hand)}"
    )
    return random.Random(key)


def first_of(legal: Sequence[Action], kind: type[A]) -> A | None:
    """The first legal action of this type, if any."""
    for action in legal:
        if isinstance(action, kind):
            return action
    return None


def all_of(legal: Sequence[Action], kind: type[A]) -> list[A]:
    """Every legal action of this type."""
    return [a for a in legal if isinstance(a, kind)]
