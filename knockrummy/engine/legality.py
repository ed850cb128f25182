"""What the current player may do: one table per phase, read two ways.

``legal_actions(state)`` lists every action the current player may take;
``refusal(state, action)`` says why an action is not allowed, as a :class:`Refusal` (a
code and its values; :mod:`knockrummy.words.refusals` makes the words), ``None`` when it
is. Both are read off the same tables, so that they cannot drift apart:

- Each phase (the up-card offer, the draw, play after the draw, laying off after a
  knock, the hand over) is one :class:`PhaseLegality`, as OpenSpiel's gin rummy has one
  legal-actions function per phase. Play has two tables, one for the games that end by
  knocking and one for Rummy: they share the discard and nothing else.
- A phase is an ordered tuple of :class:`Kind` s, one per kind of action it may allow.
  A kind has ONE check (why an action of the kind is refused, or ``None``) and its
  candidates (every action of the kind the check could accept: each card in the hand,
  each card onto each table meld...). Its legal actions ARE the candidates its check
  accepts, in the candidates' order; the phase's list is its kinds' lists in order. So
  the list cannot hold an action the check refuses nor miss a candidate it accepts.
- An action of a kind the phase does not have goes to the phase's ``other``, which
  returns a refusal, never ``None``: no phase accepts a kind it does not list.
- Three kinds on hot paths (the discard, the knock, Rummy's layoff) also have a
  ``quick`` list, built without asking the check action by action (the knocks with one
  pass of the solver instead of one per card). ``tests/test_legality.py`` holds each
  quick list to its checked candidates, order included, and the candidates to every
  action the checks accept, over random states of every preset.

Why not "legal when listed"? Every refusal (one per move played) would then pay for
listing the whole phase, and the refusals would still need checks of their own.

An action naming its melds (a knock, big gin, laying down) is listed once, with
``melds=None``, the engine's choice; naming melds the check accepts is the same move.
A Rummy meld is listed once, its cards in display order.

To change what is allowed, change the kind's check in
:mod:`knockrummy.engine.legality_checks` (and its quick list, if it has one); to add a
kind of action, add a :class:`Kind` to the phase tables below.

>>> from knockrummy.engine.flow import deal
>>> from knockrummy.engine.rules import PRESETS
>>> state, _ = deal(PRESETS["gin"], 2, 0, seed=7)
>>> legal_actions(state)
[DrawDiscard(), PassUpcard()]
>>> refusal(state, DrawStock())
Refusal('take_or_pass_upcard')
>>> legality_of(state).name
'up-card offer'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from knockrummy.engine import legality_checks as checks
from knockrummy.engine.actions import (
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
    PassUpcard,
    TurnOver,
)
from knockrummy.engine.codes import Refusal as Refusal
from knockrummy.engine.rules import Family
from knockrummy.engine.state import HandState, Phase

A = TypeVar("A", bound=Action)


@dataclass(frozen=True)
class Kind(Generic[A]):
    """One kind of action (``type``) in one phase.

    ``check``: why such an action is refused now (a :class:`Refusal`), or ``None`` when
    it is legal.
    ``candidates``: every action of the kind that ``check`` might accept, in the order
    the game offers them. ``quick``: optional, the same list as the candidates that
    ``check`` accepts, found faster.
    """

    type: type[A]
    check: Callable[[HandState, A], Refusal | None]
    candidates: Callable[[HandState], Sequence[A]]
    quick: Callable[[HandState], Sequence[A]] | None = None
    #: the legal actions of this kind in a state: ``quick``, or the checked candidates
    moves: Callable[[HandState], Sequence[A]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "moves", self.quick or self.checked)

    def checked(self, state: HandState) -> list[A]:
        """The candidates ``check`` accepts: what ``quick`` must equal."""
        check = self.check
        return [a for a in self.candidates(state) if check(state, a) is None]


def single(action: A, check: Callable[[HandState, A], Refusal | None]) -> Kind[A]:
    """A kind with one possible action, ``action``; its quick list asks ``check`` once."""
    only = (action,)

    def quick(state: HandState) -> Sequence[A]:
        return only if check(state, action) is None else ()

    return Kind(type(action), check, lambda state: only, quick)


def always(state: HandState, action: Action) -> None:
    """A check for a kind always legal in its phase."""
    return None


@dataclass(frozen=True)
class PhaseLegality:
    """Legality in one phase: its ``kinds`` in the order they are listed, and ``other``,
    why an action of any other kind is refused (always a refusal)."""

    name: str
    kinds: tuple[Kind[Any], ...]
    other: Callable[[HandState, Action], Refusal]
    #: each kind by its action type, for ``refusal``
    by_type: dict[type, Kind[Any]] = field(init=False, repr=False, compare=False)
    #: each kind's ``moves``, in order, for ``legal_actions``
    listers: tuple[Callable[[HandState], Sequence[Action]], ...] = field(
        init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_type", {kind.type: kind for kind in self.kinds})
        object.__setattr__(self, "listers", tuple(kind.moves for kind in self.kinds))


# ----------------------------------------------------------------------------- refused kinds

_DRAWS = (DrawStock, DrawDiscard, PassUpcard, TurnOver)


def not_a_hand_move(action: Action) -> Refusal:
    """The refusal of an action that no phase of a hand has (``NextHand``)."""
    return Refusal.of("not_a_hand_move", action=type(action).__name__)


def _play_other(state: HandState, action: Action) -> Refusal:
    if isinstance(action, _DRAWS):
        return Refusal.of("already_drawn")
    if isinstance(action, FinishLayoffs):
        return Refusal.of("no_layoffs_to_finish")
    return not_a_hand_move(action)


def _knocking_play_other(state: HandState, action: Action) -> Refusal:
    if isinstance(action, MeldCards):
        return Refusal.of("melds_only_in_rummy")
    if isinstance(action, LayOff):
        return Refusal.of("layoff_only_after_knock")
    return _play_other(state, action)


def _rummy_play_other(state: HandState, action: Action) -> Refusal:
    if isinstance(action, Knock):
        reason = checks.card_refusal(state, action.card)
        return reason or Refusal.of("no_knocking_in_rummy")
    if isinstance(action, (BigGin, LayDown)):
        return Refusal.of("rummy_won_by_discarding")
    return _play_other(state, action)


def _say(code: str) -> Callable[[HandState, Action], Refusal]:
    said = Refusal.of(code)
    return lambda state, action: said


# ----------------------------------------------------------------------------- the phases

HAND_OVER = PhaseLegality("hand over", (), _say("hand_over"))

UPCARD_OFFER = PhaseLegality(
    "up-card offer",
    (
        single(DrawDiscard(), always),
        single(PassUpcard(), always),
    ),
    _say("take_or_pass_upcard"),
)

DRAW = PhaseLegality(
    "draw",
    (
        single(DrawStock(), checks.stock_refusal),
        single(TurnOver(), checks.turn_over_refusal),
        single(DrawDiscard(), checks.discard_pile_refusal),
    ),
    _say("draw_first"),
)

_DISCARD = Kind(Discard, checks.discard_refusal, checks.discard_candidates, checks.discards)

PLAY_KNOCKING = PhaseLegality(
    "play (knocking games)",
    (
        _DISCARD,
        Kind(Knock, checks.knock_refusal, checks.knock_candidates, checks.knocks),
        single(BigGin(), checks.big_gin_refusal),
        single(LayDown(), checks.lay_down_refusal),
    ),
    _knocking_play_other,
)

PLAY_RUMMY = PhaseLegality(
    "play (Rummy)",
    (
        _DISCARD,
        Kind(MeldCards, checks.meld_refusal, checks.meld_candidates),
        Kind(LayOff, checks.table_layoff_refusal, checks.layoff_candidates, checks.table_layoffs),
    ),
    _rummy_play_other,
)

LAYOFF = PhaseLegality(
    "laying off",
    (
        Kind(LayOff, checks.knocker_layoff_refusal, checks.layoff_candidates),
        single(FinishLayoffs(), always),
    ),
    _say("lay_off_or_finish"),
)


_BY_PHASE: dict[Phase, PhaseLegality] = {
    Phase.UPCARD_OFFER: UPCARD_OFFER,
    Phase.DRAW: DRAW,
    Phase.LAYOFF: LAYOFF,
    Phase.HAND_OVER: HAND_OVER,
}
_PLAY_BY_FAMILY = {family: PLAY_KNOCKING for family in Family} | {Family.RUMMY: PLAY_RUMMY}


def legality_of(state: HandState) -> PhaseLegality:
    """The table for the state's phase (and, in play, its family of games).
    ``legal_actions`` and ``refusal`` look it up the same way inline: they run for
    every move of every game the computer plays."""
    return _BY_PHASE.get(state.phase) or _PLAY_BY_FAMILY[state.rules.family]


def legal_actions(state: HandState) -> list[Action]:
    """Every action the current player may take now (empty once the hand is over):
    each kind's legal actions, kind by kind."""
    out: list[Action] = []
    table = _BY_PHASE.get(state.phase) or _PLAY_BY_FAMILY[state.rules.family]  # legality_of
    for moves in table.listers:
        out += moves(state)
    return out


def refusal(state: HandState, action: Action) -> Refusal | None:
    """Why ``action`` is not allowed now (a code and values); ``None`` when it is legal:
    the check of its kind in this phase, or the phase's ``other``."""
    table = _BY_PHASE.get(state.phase) or _PLAY_BY_FAMILY[state.rules.family]  # legality_of
    kind = table.by_type.get(type(action))
    if kind is None:
        return table.other(state, action)
    return kind.check(state, action)
