"""What a lesson is made of, as plain data: steps that say one thing, light what they
talk about and wait for one thing; the moves they anticipate as wrong; the lesson.

A step waits for one of three things:

- :class:`Do`: an engine action (draw, discard, knock, meld, lay off, pass, done);
- :class:`Arrange`: cards brought next to each other in the hand order the table keeps;
- :class:`Next`: nothing but reading (the *Next* button).

What a lesson says is a :class:`Say`: a message marked with ``N_`` (English) and the
cards it names by placeholder, made into the player's language each time it is shown
(card labels from :mod:`knockrummy.words.cards`), so a language change takes effect at
the next step shown.

>>> from knockrummy.engine import Card, Discard, Knock
>>> same_move(Knock(Card.parse("QD")), Knock(Card.parse("QD"), ((),)))
True
>>> same_move(Discard(Card.parse("QD")), Knock(Card.parse("QD")))
False
>>> Step(say(N_("Take the {card}."), card=card("TH")), "Press Next.", Next()).text
'Take the 10♥.'
>>> say(N_("{run}: {you_points} points."), run=cards("7H 8H 9H")).words()
'7♥ 8♥ 9♥: {you_points} points.'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from knockrummy.engine import Action, Card, Knock, MeldCards, parse_cards
from knockrummy.i18n import N_, _
from knockrummy.words.cards import cards_label


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


class _Kept(dict[str, str]):
    """Values for ``str.format_map`` that keep a placeholder they do not hold as it is
    (a figure of the finished hand, filled in by the run once the hand is over)."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


@dataclass(frozen=True)
class Say:
    """Words a lesson says: ``message`` (marked with ``N_``, in English) and the cards
    it names, by placeholder; :meth:`words` makes them in the player's language."""

    message: str
    cards: tuple[tuple[str, tuple[Card, ...]], ...] = ()

    def words(self, **facts: str) -> str:
        """The message in the current language, each card as its corner shows it and
        ``facts`` filled in; a placeholder not given stays as it is."""
        values = _Kept({key: cards_label(group) for key, group in self.cards})
        values.update(facts)
        return _(self.message).format_map(values)


def say(message: str, **named: Card | tuple[Card, ...]) -> Say:
    """:class:`Say` ``message`` (marked with ``N_`` by the caller), naming cards by
    placeholder: ``say(N_("Take the {card}."), card=card("TH"))``."""
    return Say(message, tuple((key, (group,) if isinstance(group, Card) else tuple(group))
                              for key, group in named.items()))


def words(said: Say | str, **facts: str) -> str:
    """What ``said`` says now, in the player's language (a plain string is a message
    marked with ``N_``)."""
    return (said if isinstance(said, Say) else Say(said)).words(**facts)


#: the ask of every step that waits for the *Next* button
# Translators: Next is the lesson panel's button that goes on to the next step.
PRESS_NEXT = Say(N_("Press Next."))


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
    """Moves a step anticipates as wrong, and the kind words that refuse them
    (``says``; ``text`` is them in the player's language)."""

    actions: tuple[Action, ...]
    says: Say | str

    @property
    def text(self) -> str:
        """The kind words, in the player's language."""
        return words(self.says)


@dataclass(frozen=True)
class Step:
    """One thing the coach says and waits for.

    ``says`` is the coach panel's text; it may name figures of the finished hand as
    ``{you_count}``, ``{their_count}``, ``{you_points}``, ``{their_cards}`` (see
    :func:`knockrummy.app.lessons.runner.facts`). ``asks`` is the one short sentence
    that says what to do, repeated when a move is refused. ``text`` and ``ask`` are
    them in the player's language, now.
    """

    says: Say | str
    asks: Say | str
    wait: Wait
    lit: Lit = Lit()
    wrongs: tuple[Wrong, ...] = ()

    @property
    def text(self) -> str:
        """The step's words in the player's language (figures of the hand unfilled)."""
        return words(self.says)

    @property
    def ask(self) -> str:
        """What to do, in the player's language."""
        return words(self.asks)


@dataclass(frozen=True)
class SeatPlan:
    """A seat of the game offered after a lesson: a name, "human" or "computer" (as
    ``app.controller`` spells them), and a computer's level (ignored for a human).
    The name is the game's seat name ("You" is the human seat, as in ``app.setups``)."""

    name: str
    kind: str
    level: str = "easy"


@dataclass(frozen=True)
class FirstGame:
    """The game a finished lesson offers: *Play your first game* (``label``)."""

    preset: str
    seats: tuple[SeatPlan, ...]

    @property
    def label(self) -> str:
        """The offer's button, in the player's language."""
        return _("Play your first game")


@dataclass(frozen=True)
class Lesson:
    """A prepared hand, the opponent's scripted moves and the steps.

    ``hands``: the cards of each seat in dealt order (the player is seat 0);
    ``upcard``: the first card of the discard pile; ``stock_top``: the next cards of
    the stock in the order they will be drawn; ``dealer``: the seat that deals (the
    player on its left plays first); ``script``: the opponent's moves, in order.
    ``named`` and ``summed_up``: the title and what the lesson teaches, marked with
    ``N_``; ``title`` and ``summary`` are them in the player's language. ``names``: the
    seats' names in the match ("You" is the game's human seat, a name the table shows
    in words, as it does in any game).
    """

    key: str
    named: str
    preset: str
    names: tuple[str, ...]
    hands: tuple[str, ...]
    upcard: str
    stock_top: str
    dealer: int
    script: tuple[Action, ...]
    steps: tuple[Step, ...]
    first_game: FirstGame
    summed_up: str = ""

    @property
    def title(self) -> str:
        """The lesson's title in the player's language."""
        return _(self.named)

    @property
    def summary(self) -> str:
        """What the lesson teaches, in the player's language."""
        return _(self.summed_up) if self.summed_up else ""


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
