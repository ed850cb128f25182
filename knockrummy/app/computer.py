"""Computer players, made through ``knockrummy.ai`` with a seed per (match, seat).

The AI package is looked up at run time; if it is missing (a source tree without
it) a small built-in greedy player stands in so the game still runs.
"""

from __future__ import annotations

import importlib
import logging
import random
from collections.abc import Sequence
from typing import Protocol, cast

from knockrummy.engine import (
    Action,
    BigGin,
    Discard,
    DrawDiscard,
    DrawStock,
    FinishLayoffs,
    Knock,
    LayDown,
    LayOff,
    MeldCards,
    NextHand,
    PassUpcard,
    PlayerView,
    TurnOver,
    min_deadwood,
)

log = logging.getLogger(__name__)

DEFAULT_LEVELS: tuple[str, ...] = ("simple", "easy", "medium", "hard")


class ComputerPlayer(Protocol):
    """What the controller needs from a computer player."""

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """Pick one of ``legal`` from what ``view`` shows."""
        ...


def levels() -> tuple[str, ...]:
    """The levels the AI package offers."""
    try:
        module = importlib.import_module("knockrummy.ai")
    except ImportError:
        return DEFAULT_LEVELS
    return tuple(getattr(module, "LEVELS", DEFAULT_LEVELS))


def seat_seed(match_seed: int, seat: int) -> int:
    """A stable seed for the computer in ``seat`` of the match with ``match_seed``.

    >>> seat_seed(7, 1) == seat_seed(7, 1) != seat_seed(7, 2)
    True
    """
    return random.Random(f"knockrummy-ai:{match_seed}:{seat}").getrandbits(63)


def make_computer(level: str, seed: int) -> ComputerPlayer:
    """A computer player of ``level``."""
    try:
        module = importlib.import_module("knockrummy.ai")
    except ImportError:
        log.warning("knockrummy.ai is missing: using the built-in greedy player")
        return GreedyPlayer(seed)
    return cast(ComputerPlayer, module.make_player(level, seed))


class GreedyPlayer:
    """Stand-in player: keeps deadwood low, knocks when it can. Used only without ``ai``."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """A greedy legal action."""
        ace = view.rules.ace_high
        for kind in (BigGin, LayDown, NextHand):
            for action in legal:
                if isinstance(action, kind):
                    return action
        melds = [a for a in legal if isinstance(a, MeldCards | LayOff)]
        if melds:
            return melds[0]
        if any(isinstance(a, FinishLayoffs) for a in legal):
            return next(a for a in legal if isinstance(a, FinishLayoffs))
        if any(isinstance(a, DrawStock | DrawDiscard | PassUpcard | TurnOver) for a in legal):
            top = view.upcard
            if top is not None and any(isinstance(a, DrawDiscard) for a in legal):
                now = min_deadwood(view.hand, ace)
                with_top = min(
                    min_deadwood([c for c in (*view.hand, top) if c is not d], ace)
                    for d in view.hand
                )
                if with_top < now - 2:
                    return DrawDiscard()
            for kind2 in (DrawStock, PassUpcard, TurnOver, DrawDiscard):
                for action in legal:
                    if isinstance(action, kind2):
                        return action
        best: tuple[int, Action] | None = None
        for action in legal:
            if isinstance(action, Discard):
                rest = [c for c in view.hand if c is not action.card]
                score = min_deadwood(rest, ace) * 2 - action.card.value(ace)
                if best is None or score < best[0]:
                    best = (score, action)
        knocks = [a for a in legal if isinstance(a, Knock)]
        if best is not None:
            disc = best[1]
            assert isinstance(disc, Discard)
            rest = [c for c in view.hand if c is not disc.card]
            limit = view.rules.knock_limit
            if min_deadwood(rest, ace) <= (5 if limit is None else min(limit, 5)):
                for knock in knocks:
                    if knock.card is disc.card:
                        return knock
            return disc
        return legal[0] if legal else NextHand()
