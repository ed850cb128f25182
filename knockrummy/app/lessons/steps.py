"""What a lesson is made of, as plain data: steps that say one thing, light what they
talk about and wait for one thing; the moves they anticipate as wrong; the lesson.

A step waits for one of three things:

- :class:`Do`: an engine action (draw, discard, knock, meld, lay off, pass, done);
- :class:`Arrange`: cards brought next to each other in the hand order the table keeps;
- :class:`Next`: nothing but reading (the *Next* button).

>>> from knockrummy.engine import Card, Discard, Knock
>>> same_move(Knock(Card.parse("QD")), Knock(Card.parse("QD"), ((),)))
True
>>> same_move(Discard(Card.parse("QD")), Knock(Card.parse("QD")))
False
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from knockrummy.engine import Action, Card, Knock, MeldCards, parse_cards


class Place(StrEnum):
    """A place on the table the coach panel may light, besides cards and table melds."""

    STOCK = "stock"
    DISCARD = "discard"
    KNOCK_BUTTON = "knock_button"
    MELD_BUTTON = "meld_button"
    #: where melds are dropped on the table (Rummy)
    TABLE = "table"
    PASS_BUTTON = "pass_button"
    DONE_BUTTON = "done_button"
    DEADWOOD = "deadwood"
    SHOWDOWN = "showdown"


@dataclass(frozen=True)
class Lit:
    """What the table lights while a step shows: cards (wherever they lie), places,
    and melds on the table by their index in ``HandState.table``."""

    cards: tuple[Card, ...] = ()
    places: tuple[Place, ...] = ()
    melds: tuple[int, ...] = ()


@dataclass(frozen=True)
class Do:
    """Wait for this engine action (a knock matches whatever melds it shows)."""

    action: Action


@dataclass(frozen=True)
class Arrange:
    """Wait until these cards stand next to each other in the hand, in any order."""

    cards: tuple[Card, ...]

    def done_by(self, order: tuple[Card, ...]) -> bool:
        """Whether ``order`` (the hand from left to right) has the cards side by side."""
        places = sorted(order.index(c) for c in self.cards if c in order)
        return len(places) == len(self.cards) and places[-1] - places[0] == len(places) - 1


@dataclass(frozen=True)
class Next:
    """Wait for the player to press *Next* (a step to read)."""


Wait = Do | Arrange | Next


@dataclass(frozen=True)
class Wrong:
    """Moves a step anticipates as wrong, and the kind words that refuse them."""

    actions: tuple[Action, ...]
    text: str


@dataclass(frozen=True)
class Step:
    """One thing the coach says and waits for.

    ``text`` is the coach panel's text; it may name figures of the finished hand as
    ``{you_count}``, ``{their_count}``, ``{you_points}``, ``{their_cards}`` (see
    :func:`knockrummy.app.lessons.runner.facts`). ``ask`` is the one short sentence
    that says what to do, repeated when a move is refused.
    """

    text: str
    ask: str
    wait: Wait
    lit: Lit = Lit()
    wrongs: tuple[Wrong, ...] = ()


@dataclass(frozen=True)
class SeatPlan:
    """A seat of the game offered after a lesson: a name, "human" or "computer" (as
    ``app.controller`` spells them), and a computer's level (ignored for a human)."""

    name: str
    kind: str
    level: str = "easy"


@dataclass(frozen=True)
class FirstGame:
    """The game a finished lesson offers: *Play your first game*."""

    preset: str
    seats: tuple[SeatPlan, ...]
    label: str = "Play your first game"


@dataclass(frozen=True)
class Lesson:
    """A prepared hand, the opponent's scripted moves and the steps.

    ``hands``: the cards of each seat in dealt order (the player is seat 0);
    ``upcard``: the first card of the discard pile; ``stock_top``: the next cards of
    the stock in the order they will be drawn; ``dealer``: the seat that deals (the
    player on its left plays first); ``script``: the opponent's moves, in order.
    """

    key: str
    title: str
    preset: str
    names: tuple[str, ...]
    hands: tuple[str, ...]
    upcard: str
    stock_top: str
    dealer: int
    script: tuple[Action, ...]
    steps: tuple[Step, ...]
    first_game: FirstGame
    summary: str = ""


def same_move(a: Action, b: Action) -> bool:
    """Whether two actions are the same move for a lesson: a knock with the same card
    (whatever melds it shows), a meld of the same cards (in any order), else equal."""
    if isinstance(a, Knock) and isinstance(b, Knock):
        return a.card is b.card
    if isinstance(a, MeldCards) and isinstance(b, MeldCards):
        return sorted(c.index for c in a.cards) == sorted(c.index for c in b.cards)
    return a == b


def cards(text: str) -> tuple[Card, ...]:
    """Cards from their codes, for writing lessons: ``cards("7H 8H 9H")``."""
    return tuple(parse_cards(text))


def card(text: str) -> Card:
    """One card from its code: ``card("TH")``."""
    return Card.parse(text)
