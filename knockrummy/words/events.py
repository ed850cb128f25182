"""What happened, in the player's language: the engine's events as whole sentences.

Every sentence whose verb agrees with a player has two messages: one for the seat
called "You" (the game's default human seat; "You draw") and one for any other name
("Ann draws"). ``event_line`` is the replay's caption of an event, every card named as
its corner shows it; ``shout`` what the table calls out when a hand ends.

>>> from knockrummy.engine.cards import Card
>>> from knockrummy.engine.events import Drew, Discarded
>>> event_line(Drew(0, "stock", Card.parse("7S")), ("You", "Ann"))
'You draw the 7♠ from the stock'
>>> event_line(Discarded(1, Card.parse("TH")), ("You", "Ann"))
'Ann discards the 10♥'
"""

from __future__ import annotations

from collections.abc import Sequence

from knockrummy.engine.cards import Card
from knockrummy.engine.events import (
    Dealt,
    Discarded,
    Drew,
    Event,
    HandEnded,
    Knocked,
    LaidOff,
    Melded,
    Passed,
    StockTurnedOver,
    UpcardTurned,
)
from knockrummy.engine.melds import sort_meld
from knockrummy.i18n import _, ngettext
from knockrummy.words.cards import card_label, card_name, cards_label
from knockrummy.words.names import is_you, shown_names


def _drew(event: Drew, name: str) -> str:
    you = is_you(name)
    if event.source == "stock":
        if event.card is None:
            # Translators: {name} is the player; the first form of each such pair is
            # for the player called "You" ("You draw"), the second for any other name
            return (_("{name} draw a card from the stock") if you
                    else _("{name} draws a card from the stock")).format(name=name)
        return (_("{name} draw the {card} from the stock") if you
                else _("{name} draws the {card} from the stock")).format(
            name=name, card=card_label(event.card))
    if event.card is None:
        return (_("{name} take a card from the pile") if you
                else _("{name} takes a card from the pile")).format(name=name)
    return (_("{name} take the {card} from the pile") if you
            else _("{name} takes the {card} from the pile")).format(
        name=name, card=card_label(event.card))


def _knocked(event: Knocked, name: str) -> str:
    you = is_you(name)
    card = card_label(event.card) if event.card is not None else ""
    down = event.face_down
    if event.kind == "big_gin":
        text = _("{name} go big gin") if you else _("{name} goes big gin")
    elif event.kind == "gin":
        if event.card is None:
            text = _("{name} go gin") if you else _("{name} goes gin")
        elif down:
            text = (_("{name} go gin, discarding the {card} face down") if you
                    else _("{name} goes gin, discarding the {card} face down"))
        else:
            text = (_("{name} go gin, discarding the {card}") if you
                    else _("{name} goes gin, discarding the {card}"))
    elif event.kind == "rum":
        if event.card is None:
            text = (_("{name} go out with every card matched (rum)") if you
                    else _("{name} goes out with every card matched (rum)"))
        elif down:
            text = (_("{name} go out with every card matched (rum), discarding the {card} "
                      "face down") if you
                    else _("{name} goes out with every card matched (rum), discarding the "
                           "{card} face down"))
        else:
            text = (_("{name} go out with every card matched (rum), discarding the {card}")
                    if you
                    else _("{name} goes out with every card matched (rum), discarding the "
                           "{card}"))
    elif event.card is None:
        # Translators: {deadwood} is points of unmatched cards
        text = (_("{name} knock with {deadwood} deadwood") if you
                else _("{name} knocks with {deadwood} deadwood"))
    elif down:
        text = (_("{name} knock with {deadwood} deadwood, discarding the {card} face down")
                if you
                else _("{name} knocks with {deadwood} deadwood, discarding the {card} face "
                       "down"))
    else:
        text = (_("{name} knock with {deadwood} deadwood, discarding the {card}") if you
                else _("{name} knocks with {deadwood} deadwood, discarding the {card}"))
    return text.format(name=name, card=card, deadwood=event.deadwood)


def passes_on(name: str, card: str) -> str:
    """``name`` declines the up card ``card`` (its label or its long name)."""
    # Translators: {card} is a card, "7♠" or "seven of spades"
    return (_("{name} pass on the {card}") if is_you(name)
            else _("{name} passes on the {card}")).format(name=name, card=card)


def event_line(event: Event, names: Sequence[str], ace_high: bool = False,
               score_line: str | None = None) -> str | None:
    """The event in a sentence (``None`` for an event not told); ``score_line`` is the
    first line of the hand's score, told with the end of the hand."""
    names = shown_names(names)
    if isinstance(event, Drew):
        return _drew(event, names[event.seat])
    if isinstance(event, Passed):
        return passes_on(names[event.seat], card_label(event.card))
    if isinstance(event, Discarded):
        name = names[event.seat]
        return (_("{name} discard the {card}") if is_you(name)
                else _("{name} discards the {card}")).format(
            name=name, card=card_label(event.card))
    if isinstance(event, Knocked):
        return _knocked(event, names[event.seat])
    if isinstance(event, Melded):
        name = names[event.seat]
        cards = cards_label(sort_meld(event.cards, ace_high))
        return (_("{name} meld {cards}") if is_you(name)
                else _("{name} melds {cards}")).format(name=name, cards=cards)
    if isinstance(event, LaidOff):
        name = names[event.seat]
        return (_("{name} lay off the {card}") if is_you(name)
                else _("{name} lays off the {card}")).format(
            name=name, card=card_label(event.card))
    if isinstance(event, StockTurnedOver):
        if event.shuffled:
            return _("The discard pile is shuffled into the stock")
        return _("The discard pile is turned over as the new stock")
    if isinstance(event, UpcardTurned):
        return _("the up card is {card}").format(card=card_label(event.card))
    if isinstance(event, HandEnded):
        if score_line:
            # Translators: {line} is the first line of the hand's score
            return _("Hand over: {line}").format(line=score_line)
        return _("Hand over")
    if isinstance(event, Dealt):
        name, n = names[event.dealer], event.cards_each
        return (ngettext("{name} deal {n} card each", "{name} deal {n} cards each", n)
                if is_you(name) else
                ngettext("{name} deals {n} card each", "{name} deals {n} cards each", n)
                ).format(name=name, n=n)
    return None


def finishes_laying_off(name: str) -> str:
    """``name`` is done laying off."""
    return (_("{name} finish laying off") if is_you(name)
            else _("{name} finishes laying off")).format(name=name)


def joined(lines: Sequence[str]) -> str:
    """Sentences of one step told together: "Ann draws ...; Ann discards ..."."""
    if not lines:
        return ""
    out = lines[0]
    for line in lines[1:]:
        out = _("{first}; {second}").format(first=out, second=line)
    return out


def shout(event: Knocked, name: str) -> str:
    """What the table calls out when ``name`` ends the hand: "Ann goes gin!"."""
    you = is_you(name)
    if event.kind == "gin":
        return (_("{name} go gin!") if you else _("{name} goes gin!")).format(name=name)
    if event.kind == "big_gin":
        return (_("{name} go big gin!") if you else _("{name} goes big gin!")).format(
            name=name)
    if event.kind == "rum":
        return (_("{name} have rum!") if you else _("{name} has rum!")).format(name=name)
    return (_("{name} knock with {deadwood}") if you
            else _("{name} knocks with {deadwood}")).format(name=name, deadwood=event.deadwood)


def card_passed_on(name: str, card: Card) -> str:
    """``name`` declines the up card, named in full ("Ann passes on the seven of spades")."""
    return passes_on(name, card_name(card))
