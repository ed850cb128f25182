"""Coach speed: a hint, a hand review, an undo, replaying a match.

``python -m knockrummy.bench coach [--json] [--quick]``. Hands are played by
computer players (``easy`` in the reviewed seat, so the review has mistakes to
explain, ``hard`` elsewhere); each figure is timed per call and the median and
the slowest are reported, in milliseconds.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from knockrummy.ai import make_player
from knockrummy.coach import hint, replay_all, review_match_hand, undo_target
from knockrummy.engine.match import MatchState, apply, legal_actions, new_match
from knockrummy.engine.rules import PRESETS
from knockrummy.engine.view import observe


def _timed(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return (time.perf_counter() - start) * 1000


def _play(key: str, players: int, seed: int, hands: int) -> tuple[MatchState, list[float],
                                                                   list[float]]:
    """Play ``hands`` hands; time a hint at every decision and an undo at seat 0's turns."""
    match = new_match(PRESETS[key], players, seed)
    seats = [make_player("easy" if s == 0 else "hard", seed + s) for s in range(players)]
    hints: list[float] = []
    undos: list[float] = []
    while len(match.records) < hands and not match.over:
        if match.hand.over:
            match, _ = apply(match, legal_actions(match)[0])
            continue
        seat = match.hand.current
        view = observe(match, seat)
        legal = legal_actions(match)
        hints.append(_timed(partial(hint, view, legal, seed)))
        if seat == 0:
            undos.append(_timed(partial(undo_target, match, 0)))
        match, _ = apply(match, seats[seat].choose(view, legal))
    return match, hints, undos


def _summary(values: list[float]) -> dict[str, float]:
    return {"median_ms": round(statistics.median(values), 2), "max_ms": round(max(values), 2),
            "count": len(values)}


def run(quick: bool = False, seed: int = 1) -> dict[str, Any]:
    """Measure everything; ``quick`` for a short smoke run."""
    hands = 2 if quick else 12
    figures: dict[str, Any] = {}
    for key, players in (("gin", 2), ("knock", 3), ("rummy", 3)):
        match, hints, undos = _play(key, players, seed, hands)
        reviews = [_timed(partial(review_match_hand, match, record.number, 0, seed))
                   for record in match.records]
        actions = [len(r.actions) for r in match.records]
        figures[key] = {
            "hint": _summary(hints),
            "review": _summary(reviews),
            "actions_per_hand": round(statistics.mean(actions), 1),
            "undo": _summary(undos),
            "replay_all_ms": round(_timed(partial(replay_all, match)), 2),
        }
    return figures


def report(figures: dict[str, Any]) -> str:
    """Human-readable lines."""
    lines = []
    for key, f in figures.items():
        lines.append(
            f"{key}: hint {f['hint']['median_ms']} ms median, {f['hint']['max_ms']} max "
            f"({f['hint']['count']}); hand review {f['review']['median_ms']} ms median, "
            f"{f['review']['max_ms']} max ({f['review']['count']} hands, "
            f"{f['actions_per_hand']} actions each); undo {f['undo']['median_ms']} ms median, "
            f"{f['undo']['max_ms']} max; replay of the match {f['replay_all_ms']} ms"
        )
    return "\n".join(lines)
