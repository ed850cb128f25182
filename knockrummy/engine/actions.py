"""Actions a player (or the match) can take. Plain frozen values with JSON forms.

>>> from knockrummy.engine.cards import Card
>>> action_from_json(action_to_json(Discard(Card.parse("TD"))))
Discard(card=Card('TD'))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from knockrummy.engine.cards import Card
from knockrummy.engine.codes import DataError
from knockrummy.engine.melds import Arrangement, Meld


@dataclass(frozen=True)
class DrawStock:
    """Draw the top card of the stock."""


@dataclass(frozen=True)
class DrawDiscard:
    """Take the top card of the discard pile (also: accept the up card on the first turn)."""


@dataclass(frozen=True)
class PassUpcard:
    """Gin's first turn: decline the up card."""


@dataclass(frozen=True)
class TurnOver:
    """The stock is empty: turn the discard pile over to make a new stock."""


@dataclass(frozen=True)
class Discard:
    """Discard ``card`` face up, ending the turn."""

    card: Card


@dataclass(frozen=True)
class Knock:
    """Knock, discarding ``card``. ``melds``: the knocker's choice among the optimal
    arrangements of the cards kept (None: the engine's canonical first one)."""

    card: Card
    melds: Arrangement | None = None


@dataclass(frozen=True)
class BigGin:
    """Gin with all cards melded after the draw, no discard."""

    melds: Arrangement | None = None


@dataclass(frozen=True)
class LayDown:
    """Knock Rummy (Hoyle): all cards matched after the draw, laid down without a discard."""

    melds: Arrangement | None = None


@dataclass(frozen=True)
class MeldCards:
    """Rummy: lay a meld from the hand on the table."""

    cards: Meld


@dataclass(frozen=True)
class LayOff:
    """Lay ``card`` off onto table meld number ``target``."""

    card: Card
    target: int


@dataclass(frozen=True)
class FinishLayoffs:
    """Gin, laying off by hand: done laying off."""


@dataclass(frozen=True)
class NextHand:
    """Deal the next hand of the match."""


Action = (
    DrawStock | DrawDiscard | PassUpcard | TurnOver | Discard | Knock | BigGin | LayDown
    | MeldCards | LayOff | FinishLayoffs | NextHand
)

_NAMES: dict[type, str] = {
    DrawStock: "draw_stock",
    DrawDiscard: "draw_discard",
    PassUpcard: "pass",
    TurnOver: "turn_over",
    Discard: "discard",
    Knock: "knock",
    BigGin: "big_gin",
    LayDown: "lay_down",
    MeldCards: "meld",
    LayOff: "lay_off",
    FinishLayoffs: "finish_layoffs",
    NextHand: "next_hand",
}
_TYPES = {name: cls for cls, name in _NAMES.items()}


def _melds_json(melds: Arrangement | None) -> list[list[str]] | None:
    return None if melds is None else [[str(c) for c in m] for m in melds]


def _melds_parse(data: Any) -> Arrangement | None:
    if data is None:
        return None
    if not isinstance(data, list):
        raise DataError.of("melds_not_list")
    return tuple(tuple(Card.parse(_text(c)) for c in _list(m)) for m in data)


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise DataError.of("expected_card", got=f"{value!r:.40}")
    return value


def _list(value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise DataError.of("expected_list", got=f"{value!r:.40}")
    return value


def action_to_json(action: Action) -> dict[str, Any]:
    """A JSON-ready dict: ``{"type": "discard", "card": "TD"}``."""
    out: dict[str, Any] = {"type": _NAMES[type(action)]}
    if isinstance(action, Discard | Knock | LayOff):
        out["card"] = str(action.card)
    if isinstance(action, Knock | BigGin | LayDown) and action.melds is not None:
        out["melds"] = _melds_json(action.melds)
    if isinstance(action, MeldCards):
        out["cards"] = [str(c) for c in action.cards]
    if isinstance(action, LayOff):
        out["target"] = action.target
    return out


def action_from_json(data: Any) -> Action:
    """Inverse of :func:`action_to_json`; ``ValueError`` for anything malformed."""
    if not isinstance(data, dict):
        raise DataError.of("action_not_object")
    cls = _TYPES.get(data.get("type"))  # type: ignore[arg-type]
    if cls is None:
        raise DataError.of("unknown_action", got=f"{data.get('type')!r:.40}")
    if cls in (Discard, Knock, LayOff):
        card = Card.parse(_text(data.get("card")))
        if cls is Discard:
            return Discard(card)
        if cls is Knock:
            return Knock(card, _melds_parse(data.get("melds")))
        target = data.get("target")
        if not isinstance(target, int) or isinstance(target, bool) or not 0 <= target < 1000:
            raise DataError.of("layoff_needs_meld")
        return LayOff(card, target)
    if cls is BigGin:
        return BigGin(_melds_parse(data.get("melds")))
    if cls is LayDown:
        return LayDown(_melds_parse(data.get("melds")))
    if cls is MeldCards:
        return MeldCards(tuple(Card.parse(_text(c)) for c in _list(data.get("cards"))))
    action: Action = cls()
    return action


def describe_action(action: Action) -> str:
    """Short words for an action, the same everywhere the game names a move (the text
    record adds the melds of a knock).

    >>> describe_action(Discard(Card.parse("9H")))
    'discard 9H'
    >>> describe_action(DrawDiscard())
    'take the discard'
    """
    if isinstance(action, Discard):
        return f"discard {action.card}"
    if isinstance(action, Knock):
        return f"knock, discarding {action.card}"
    if isinstance(action, MeldCards):
        return "meld " + " ".join(str(c) for c in action.cards)
    if isinstance(action, LayOff):
        return f"lay off {action.card} on meld {action.target + 1}"
    return _WORDS[type(action)]


_WORDS: dict[type, str] = {
    DrawStock: "draw from the stock",
    DrawDiscard: "take the discard",
    PassUpcard: "pass",
    TurnOver: "turn the discard pile over",
    BigGin: "big gin",
    LayDown: "lay down",
    FinishLayoffs: "finish laying off",
    NextHand: "next hand",
}
