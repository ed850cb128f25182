"""Hands that end: no player takes the same card from the pile twice in a hand.

Two players can pass cards back and forth through the discard pile for ever:
each takes the card the other just threw, because it is (or looks) a little
better than a blind draw, and throws back a card the other wants. In Rummy,
Gin and Hoyle's Knock Rummy nothing else moves while they do (the stock does
not shrink), so the hand never ends. Seen with 2C 2S 2D 2H passed round between
two Rummy players holding two cards each, 11 cards left in the stock.

The rule the stronger levels follow: a seat does not take a card from the pile
that it has already taken from the pile earlier in this hand, unless taking it
lets the seat end the hand this turn (gin, rum, going out). Each seat then takes
at most 52 cards from the pile per hand, every other draw comes from the stock,
and the stock rules end the hand (a void Gin hand, Rummy's second exhaustion) or
the knocking rules do (Knock Rummy: every level knocks once the stock has run
out; Gin for 3-4: the levels that wait for a better knock knock at the limit once
a whole stock has been drawn, :func:`stock_lengths`). ``simple`` keeps its own
rule instead, the baseline's: it never repeats a take-and-discard pair
(:func:`knockrummy.ai.simple.taken_discard_pairs`).

Gin for 3-4 has a second trap. Its stock never runs out (the pile is shuffled
back in), so only a knock ends a hand; when the players between them hold every
low card, scattered so that nobody melds, each draws a high card and throws it
straight back, for ever (seen with four ``simple`` players: about one hand in 50).
The baseline's pair rule, applied to stock draws too as the published player
does, breaks this: a card drawn and thrown before may not be thrown again right
after it is drawn. A player deciding from the view cannot tell which card it drew
from the stock, so every level follows the nearest rule the public log allows
(:func:`fresh_discards`): in a game whose stock never runs out, never discard a
card it has already discarded in this hand while it has another card to throw.

The log of the hand is public, so this needs no memory.
"""

from __future__ import annotations

from collections.abc import Sequence

from knockrummy.ai.masks import bit
from knockrummy.engine.cards import Card
from knockrummy.engine.rules import StockOut
from knockrummy.engine.view import PlayerView


def taken_before(view: PlayerView) -> int:
    """The mask of cards this seat has taken from the discard pile so far this hand."""
    mask = 0
    for entry in view.log:
        if entry.seat == view.seat and entry.what == "draw_discard" and entry.card is not None:
            mask |= bit(entry.card)
    return mask


def retake(view: PlayerView) -> bool:
    """Whether the up card is one this seat has already taken from the pile this hand."""
    up = view.upcard
    return up is not None and bool(taken_before(view) & bit(up))


def stock_lengths(view: PlayerView) -> int:
    """How many whole stocks have been drawn in this hand (0 while the first one lasts).

    Gin for 3-4 shuffles the pile into the stock when it runs low, so its hands end
    only by a knock, and :attr:`PlayerView.exhaustions` stays 0: the levels that wait
    for a good knock (``easy``, ``medium``, ``hard``) settle for less as this grows.
    """
    rules = view.rules
    first_stock = 52 - view.players * rules.cards_for(view.players) - 1
    per_stock = max(1, first_stock - rules.stock_low_mark)
    drawn = sum(1 for entry in view.log if entry.what == "draw_stock")
    return drawn // per_stock


def discarded_before(view: PlayerView) -> int:
    """The mask of cards this seat has discarded (or knocked with, face up) this hand."""
    mask = 0
    for entry in view.log:
        if entry.seat == view.seat and entry.what in ("discard", "knock") and entry.card:
            mask |= bit(entry.card)
    return mask


def fresh_discards(view: PlayerView, cards: Sequence[Card]) -> list[Card]:
    """``cards`` less those this seat already threw this hand, where the stock never runs
    out (Gin for 3-4) and some other card is left; otherwise ``cards`` unchanged."""
    if view.rules.stock_out is not StockOut.RESHUFFLE:
        return list(cards)
    thrown = discarded_before(view)
    fresh = [c for c in cards if not thrown & bit(c)]
    return fresh or list(cards)
