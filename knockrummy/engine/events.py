"""What happened: the engine returns these from ``apply`` for the UI to animate.

Events carry every card involved; :func:`mask_event` hides what a seat may not see
(another player's card drawn from the stock, the face-down knock card).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from knockrummy.engine.cards import Card
from knockrummy.engine.melds import Meld


@dataclass(frozen=True)
class Dealt:
    """Cards dealt: ``cards`` per seat, dealt one at a time from the dealer's left."""

    dealer: int
    cards_each: int


@dataclass(frozen=True)
class UpcardTurned:
    """The top of the stock turned face up to start (or restart) the discard pile."""

    card: Card


@dataclass(frozen=True)
class Drew:
    """``seat`` drew ``card`` from ``source`` ("stock" or "discard")."""

    seat: int
    source: str
    card: Card | None


@dataclass(frozen=True)
class Passed:
    """``seat`` declined the up card on the first turn."""

    seat: int
    card: Card


@dataclass(frozen=True)
class Discarded:
    """``seat`` discarded ``card`` face up."""

    seat: int
    card: Card


@dataclass(frozen=True)
class Knocked:
    """``seat`` ended the hand: kind is knock, gin, big_gin or rum; ``card`` the knock discard."""

    seat: int
    kind: str
    card: Card | None
    deadwood: int
    face_down: bool


@dataclass(frozen=True)
class Melded:
    """``seat`` laid ``cards`` on the table as meld number ``target``."""

    seat: int
    cards: Meld
    target: int


@dataclass(frozen=True)
class LaidOff:
    """``seat`` laid ``card`` off onto table meld ``target``."""

    seat: int
    card: Card
    target: int


@dataclass(frozen=True)
class StockTurnedOver:
    """The discard pile became the stock: ``cards`` of them, ``shuffled`` or not."""

    cards: int
    shuffled: bool


@dataclass(frozen=True)
class HandEnded:
    """The hand is over and scored: ``outcome`` as in ``HandResult``."""

    outcome: str
    winners: tuple[int, ...]
    points: tuple[int, ...]


@dataclass(frozen=True)
class MatchEnded:
    """The match is over."""

    winners: tuple[int, ...]
    totals: tuple[int, ...]


Event = (
    Dealt | UpcardTurned | Drew | Passed | Discarded | Knocked | Melded | LaidOff
    | StockTurnedOver | HandEnded | MatchEnded
)


def mask_event(event: Event, seat: int) -> Event:
    """The event as ``seat`` may see it."""
    if isinstance(event, Drew) and event.source == "stock" and event.seat != seat:
        return replace(event, card=None)
    if isinstance(event, Knocked) and event.face_down and event.seat != seat:
        return replace(event, card=None)
    return event
