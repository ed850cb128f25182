"""Step through a finished hand again, from its seed and actions, all cards known.

>>> from knockrummy.engine.rules import PRESETS
>>> from knockrummy.engine.match import new_match, apply, legal_actions
>>> m = new_match(PRESETS["knock"], 2, seed=1)
>>> while not m.hand.over:
...     m, _ = apply(m, legal_actions(m)[-1])
>>> steps = hand_steps(m.rules, m.players, m.names, m.records[0])
>>> steps[-1].state.result == m.records[0].result
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from knockrummy.engine.actions import Action
from knockrummy.engine.events import Event
from knockrummy.engine.flow import apply, deal
from knockrummy.engine.match import HandRecord
from knockrummy.engine.rules import Rules
from knockrummy.engine.state import HandState


@dataclass(frozen=True)
class Step:
    """One point of a replay: the state after ``action`` (None for the deal) and its events."""

    state: HandState
    action: Action | None
    seat: int | None
    events: tuple[Event, ...]


def hand_steps(
    rules: Rules, players: int, names: Sequence[str], record: HandRecord
) -> list[Step]:
    """Every state of a recorded hand, the deal first. Raises ``ValueError`` if the replay
    does not end with the recorded result (a damaged record)."""
    state, events = deal(rules, players, record.dealer, record.seed, tuple(names))
    steps = [Step(state, None, None, tuple(events))]
    for action in record.actions:
        seat = state.current
        state, events = apply(state, action)
        steps.append(Step(state, action, seat, tuple(events)))
    if state.result != record.result:
        raise ValueError(f"hand {record.number + 1} does not replay to its recorded result")
    return steps
