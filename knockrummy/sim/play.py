"""Play matches or single hands between computer players, recording what happened.

Every decision goes through :func:`~knockrummy.engine.view.observe` and the
engine's legal actions, exactly as in the game window, and every action is
checked by the engine's ``apply`` (an illegal one raises ``IllegalAction``).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from knockrummy.ai.base import Player
from knockrummy.engine import flow
from knockrummy.engine.actions import Action, DrawDiscard, DrawStock
from knockrummy.engine.match import apply, legal_actions, new_match
from knockrummy.engine.rules import Rules
from knockrummy.engine.state import HandResult, HandState
from knockrummy.engine.view import observe, observe_hand


@dataclass
class SeatLog:
    """What one seat did over a run: decision times (seconds) and hand results."""

    times: list[float] = field(default_factory=list)


@dataclass
class Outcome:
    """One match or hand: results per hand and, for a match, the winners and totals."""

    results: list[HandResult]
    winners: tuple[int, ...] = ()
    final: tuple[int, ...] = ()
    actions: int = 0
    #: per hand: turns taken (draws from the stock or the pile), over all seats
    turns: list[int] = field(default_factory=list)


def is_draw(action: Action) -> bool:
    """Whether ``action`` starts a turn (a draw from the stock or the pile)."""
    return isinstance(action, DrawStock | DrawDiscard)


def play_match(
    rules: Rules, players: Sequence[Player], seed: int, logs: Sequence[SeatLog] | None = None,
    max_actions: int = 200_000,
) -> Outcome:
    """Play a whole match; ``players[s]`` sits in seat ``s``."""
    match = new_match(rules, len(players), seed)
    actions = 0
    while not match.over:
        seat = match.hand.current
        legal = legal_actions(match)
        view = observe(match, seat)
        start = time.perf_counter()
        action = players[seat].choose(view, legal)
        if logs is not None:
            logs[seat].times.append(time.perf_counter() - start)
        match, _ = apply(match, action)
        actions += 1
        if actions > max_actions:
            raise RuntimeError(f"match {seed} did not end after {max_actions} actions")
    return Outcome(
        [r.result for r in match.records], match.winners, match.final, actions,
        [sum(1 for a in r.actions if is_draw(a)) for r in match.records],
    )


def play_hand(
    rules: Rules, players: Sequence[Player], dealer: int, seed: int,
    logs: Sequence[SeatLog] | None = None, max_actions: int = 20_000,
) -> Outcome:
    """Play one hand from a fresh deal (match scores all zero)."""
    hand: HandState
    hand, _ = flow.deal(rules, len(players), dealer, seed)
    actions = 0
    turns = 0
    while not hand.over:
        seat = hand.current
        legal = flow.legal_actions(hand)
        view = observe_hand(hand, seat)
        start = time.perf_counter()
        action = players[seat].choose(view, legal)
        if logs is not None:
            logs[seat].times.append(time.perf_counter() - start)
        hand, _ = flow.apply(hand, action)
        actions += 1
        turns += is_draw(action)
        if actions > max_actions:
            raise RuntimeError(f"hand {seed} did not end after {max_actions} actions")
    assert hand.result is not None
    return Outcome([hand.result], actions=actions, turns=[turns])
