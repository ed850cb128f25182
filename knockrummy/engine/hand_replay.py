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

from knockrummy.engine.actions import Action, DrawStock
from knockrummy.engine.cards import Card
from knockrummy.engine.events import Drew, Event
from knockrummy.engine.flow import apply, deal
from knockrummy.engine.match import HandRecord, MatchState
from knockrummy.engine.rules import Rules
from knockrummy.engine.state import HandState, LogEntry, evolve


class Step:
    """One point of a replay: the state after ``action`` (None for the deal) and its events.

    The steps of a hand share one list of log entries; each step's ``state`` is built
    with its own part of the log when asked for, so a long hand costs memory and time
    in proportion to its moves (holding every state's full log would be quadratic).
    """

    __slots__ = ("_bare", "_log", "_size", "action", "events", "seat")

    def __init__(self, state: HandState, action: Action | None, seat: int | None,
                 events: tuple[Event, ...], log: list[LogEntry] | None = None,
                 size: int = 0) -> None:
        self._bare = state
        self._log = log
        self._size = size
        self.action = action
        self.seat = seat
        self.events = events

    @property
    def state(self) -> HandState:
        """The hand after this step."""
        if self._log is None:
            return self._bare
        return evolve(self._bare, log=tuple(self._log[:self._size]))

    def __repr__(self) -> str:
        return f"Step(action={self.action!r}, seat={self.seat!r})"


def hand_steps(
    rules: Rules, players: int, names: Sequence[str], record: HandRecord
) -> list[Step]:
    """Every state of a recorded hand, the deal first. Raises ``ValueError`` if the replay
    does not end with the recorded result (a damaged record). Linear in the moves."""
    state, events = deal(rules, players, record.dealer, record.seed, tuple(names))
    log: list[LogEntry] = list(state.log)
    state = evolve(state, log=())
    steps = [Step(state, None, None, tuple(events), log, len(log))]
    for action in record.actions:
        seat = state.current
        state, events = apply(state, action)
        log.extend(state.log)
        state = evolve(state, log=())
        steps.append(Step(state, action, seat, tuple(events), log, len(log)))
    if state.result != record.result:
        raise ValueError(f"hand {record.number + 1} does not replay to its recorded result")
    return steps


def drawn_from_stock(match: MatchState) -> tuple[int, Card] | None:
    """The seat and the card of the hand under way's last move, when it was a draw from the
    stock (what only that seat saw), else None: a game resumed after the draw marks the
    card "new" again. Replays the hand from its deal (linear in its moves)."""
    actions = match.hand_actions
    if not actions or not isinstance(actions[-1], DrawStock):
        return None
    hand = match.hand
    state, events = deal(match.rules, match.players, hand.dealer, hand.seed, match.names)
    for action in actions:
        state, events = apply(state, action)
    return next(((e.seat, e.card) for e in events
                 if isinstance(e, Drew) and e.source == "stock" and e.card is not None), None)
