"""Undo of a player's own last move against computer players, as pure logic.

A match is fully determined by its rules, seed and actions, so the state
before any action can be rebuilt instead of kept: :func:`undo_plan` deals the
current hand again from its seed and applies the hand's actions up to the
seat's last one. The result is *equal* (``==``) to the :class:`MatchState`
the match had then, computer moves made after it rolled back with it; a test
checks it against snapshots and against ``engine.match.replay`` of the whole
match. Only the current hand is replayed, so an undo costs the same early or
late in a long match.

What may be undone (:func:`why_not_undo` says why not, in words):

- only when the settings allow it, never in pass-and-play (more than one
  human seat), and only a human seat's own move;
- only within the hand being played: once a hand is over it is scored;
- never a draw from the stock (nor a turn-over that turns up a new card):
  the player has seen the card, and the stock would deal it again.

An undone match is identical to one that never had the move, so whether undo
was used is kept beside it: :class:`UndoTracker` (its ``used`` goes to
``StatsStore.record_match(undo_used=...)``, its ``count`` into the save).

>>> from knockrummy.engine import PRESETS, new_match, apply, legal_actions
>>> m0 = new_match(PRESETS["knock"], 2, seed=3)
>>> me = m0.hand.current
>>> m1, _ = apply(m0, legal_actions(m0)[0])
>>> undo_target(m1, me) == m0
True
>>> why_not_undo(m1, me, allowed=True, humans=[0, 1])
'There is no undo in a pass-and-play game'
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, replace

from knockrummy.engine.actions import Action, DrawStock, TurnOver
from knockrummy.engine.flow import apply, deal
from knockrummy.engine.match import MatchState
from knockrummy.engine.rules import StockOut
from knockrummy.engine.state import HandState
from knockrummy.i18n import _, ngettext


@dataclass(frozen=True)
class UndoPlan:
    """What an undo does: the match to go back to, and the moves it takes back
    (``(seat, action)``, oldest first: the seat's own move, then the others')."""

    target: MatchState
    undone: tuple[tuple[int, Action], ...]

    def text(self) -> str:
        """``"Took back your move and 2 moves after it"``."""
        others = len(self.undone) - 1
        if others <= 0:
            return _("Took back your move")
        return ngettext("Took back your move and {n} move after it",
                        "Took back your move and {n} moves after it", others).format(n=others)


def _hand_history(match: MatchState) -> list[tuple[HandState, int, Action]]:
    """The current hand move by move: (state before, seat acting, action)."""
    hand = match.hand
    state, _events = deal(match.rules, match.players, hand.dealer, hand.seed, match.names)
    out: list[tuple[HandState, int, Action]] = []
    for action in match.hand_actions:
        out.append((state, state.current, action))
        state, _events = apply(state, action)
    return out


def undo_plan(match: MatchState, seat: int) -> UndoPlan | None:
    """Where undoing ``seat``'s last move of the current hand leads, or ``None`` if
    ``seat`` has not moved in this hand (or the hand is over). This does not check
    the settings or who plays: see :func:`why_not_undo`."""
    if match.over or match.hand.over:
        return None
    history = _hand_history(match)
    for k in range(len(history) - 1, -1, -1):
        before, actor, _action = history[k]
        if actor == seat:
            target = replace(match, hand=before, hand_actions=match.hand_actions[:k])
            undone = tuple((s, a) for _before, s, a in history[k:])
            return UndoPlan(target, undone)
    return None


def undo_target(match: MatchState, seat: int) -> MatchState | None:
    """The match exactly as it was before ``seat``'s last move of this hand, or ``None``."""
    plan = undo_plan(match, seat)
    return plan.target if plan is not None else None


def _reveals(match: MatchState, action: Action) -> bool:
    """Whether taking back ``action`` would let the player act on a card it showed."""
    if isinstance(action, DrawStock):
        return True
    return isinstance(action, TurnOver) and match.rules.stock_out is StockOut.CHOICE_TURN_UP


def why_not_undo(
    match: MatchState, seat: int, *, allowed: bool, humans: Collection[int]
) -> str | None:
    """Why ``seat`` may not undo now, in words, or ``None`` when it may.

    ``allowed``: the undo setting; ``humans``: the seats people play (more than
    one is pass-and-play, where undo is never allowed).
    """
    if len(humans) > 1:
        return _("There is no undo in a pass-and-play game")
    if not allowed:
        return _("Undo is off (turn it on in the settings)")
    if seat not in humans:
        return _("Only your own moves can be taken back")
    if match.over:
        return _("The match is over")
    if match.hand.over:
        return _("The hand is over: its score stands")
    plan = undo_plan(match, seat)
    if plan is None:
        return _("Nothing to undo: you have not moved in this hand yet")
    _seat, last = plan.undone[0]
    if _reveals(match, last):
        return _("You have seen the card you drew: a draw from the stock cannot be taken "
                 "back")
    return None


class UndoRefused(ValueError):
    """An undo that :func:`why_not_undo` refuses; the message says why."""


@dataclass
class UndoTracker:
    """Counts the undos of a match, so its statistics can be marked.

    ``undo`` checks and performs one undo; ``used`` is what
    ``StatsStore.record_match(undo_used=...)`` wants. Keep ``count`` in the saved
    game (``UndoTracker(count)`` restores it): the undone match itself carries no
    trace of the undo.
    """

    count: int = 0

    @property
    def used(self) -> bool:
        """Whether any move of the match was taken back."""
        return self.count > 0

    def undo(
        self, match: MatchState, seat: int, *, allowed: bool, humans: Collection[int]
    ) -> MatchState:
        """The match before ``seat``'s last move; raises :class:`UndoRefused` with the
        reason when it may not be undone."""
        reason = why_not_undo(match, seat, allowed=allowed, humans=humans)
        if reason is not None:
            raise UndoRefused(reason)
        target = undo_target(match, seat)
        assert target is not None
        self.count += 1
        return target
