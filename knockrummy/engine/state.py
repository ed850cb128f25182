"""The state of one hand: plain frozen data, changed only by ``flow.apply``."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple

from knockrummy.engine.cards import Card
from knockrummy.engine.codes import Note
from knockrummy.engine.melds import Arrangement, Meld
from knockrummy.engine.rules import Rules


class Phase(StrEnum):
    """Where a hand is."""

    UPCARD_OFFER = "upcard_offer"  # Gin's first turn: take the up card or pass
    DRAW = "draw"                  # draw from the stock or the discard pile
    PLAY = "play"                  # after the draw: discard, knock, meld, lay off
    LAYOFF = "layoff"              # Gin, laying off by hand after a knock
    HAND_OVER = "hand_over"


@dataclass(frozen=True)
class TableMeld:
    """A meld on the table: ``cards`` now, ``original`` as first laid, by ``owner``."""

    cards: Meld
    original: Meld
    owner: int


class LogEntry(NamedTuple):
    """One public fact of the hand: ``what`` is draw_stock, draw_discard, pass,
    discard, turn_over, meld, lay_off or knock; ``card`` when it was seen face up."""

    seat: int
    what: str
    card: Card | None


@dataclass(frozen=True)
class SeatShow:
    """A hand as shown at the end: melds, deadwood cards, cards laid off, the count."""

    melds: Arrangement
    deadwood: tuple[Card, ...]
    laid_off: tuple[Card, ...]
    count: int


@dataclass(frozen=True)
class HandResult:
    """How a hand ended and what it scored.

    ``outcome``: knock, gin, big_gin, undercut, rum, void, out, rummy, exhausted.
    ``points``: what each seat adds to its match total (penalty points in Gin for 3-4).
    ``notes``: the score explained line by line, as codes and values (the words are
    made from them by :mod:`knockrummy.words.scores`); ``lines``: the same in English,
    developer text (the match record's score lines, the same in every language).
    """

    outcome: str
    winners: tuple[int, ...]
    points: tuple[int, ...]
    counts: tuple[int, ...]
    lines: tuple[str, ...]
    knocker: int | None = None
    notes: tuple[Note, ...] = ()


@dataclass(frozen=True)
class HandState:
    """Everything about one hand. Top of ``stock`` and ``discard`` is the last card."""

    rules: Rules
    players: int
    names: tuple[str, ...]
    dealer: int
    seed: int
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    discard: tuple[Card, ...]
    phase: Phase
    current: int
    #: the card taken from the discard pile this turn, if any
    taken: Card | None = None
    #: first-turn passes so far (Gin)
    passes: int = 0
    #: per seat: cards taken from the discard pile and still held (public knowledge)
    public_taken: tuple[tuple[Card, ...], ...] = ()
    #: melds on the table (Rummy), or the knocker's melds after a knock (Gin)
    table: tuple[TableMeld, ...] = ()
    #: Rummy: per seat, melded or laid off in an earlier turn
    melded_before: tuple[bool, ...] = ()
    #: Rummy: the current player melded or laid off this turn
    melded_now: bool = False
    #: times the stock has run out
    exhaustions: int = 0
    #: times the discard pile was shuffled into the stock
    reshuffles: int = 0
    knocker: int | None = None
    knock_kind: str | None = None
    knock_card: Card | None = None
    #: seats still to lay off, in order (Gin, by hand)
    layoff_queue: tuple[int, ...] = ()
    #: per seat: cards laid off onto the knocker's melds
    laid_off: tuple[tuple[Card, ...], ...] = ()
    #: per seat, once the hand is over
    shows: tuple[SeatShow, ...] = ()
    result: HandResult | None = None
    log: tuple[LogEntry, ...] = ()

    @property
    def cards_each(self) -> int:
        """Cards dealt to each player."""
        return self.rules.cards_for(self.players)

    @property
    def over(self) -> bool:
        """Whether the hand has ended."""
        return self.phase is Phase.HAND_OVER


def evolve(state: HandState, **changes: object) -> HandState:
    """A copy of ``state`` with ``changes``: like ``dataclasses.replace`` but much faster,
    for the hot paths of ``apply``. Field names are checked."""
    if not changes.keys() <= _FIELDS:
        raise TypeError(f"HandState has no field {sorted(changes.keys() - _FIELDS)[0]!r}")
    new = object.__new__(HandState)
    object.__setattr__(new, "__dict__", {**state.__dict__, **changes})
    return new


_FIELDS = frozenset(HandState.__dataclass_fields__)
