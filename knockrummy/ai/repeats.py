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
out). ``simple`` keeps its own rule instead, the baseline's: it never repeats a
take-and-discard pair (:func:`knockrummy.ai.simple.taken_discard_pairs`).

The log of the hand is public, so this needs no memory.
"""

from __future__ import annotations

from knockrummy.ai.masks import bit
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


def draws_so_far(view: PlayerView) -> int:
    """Turns taken in this hand: draws from the stock or the pile, by every seat."""
    return sum(1 for entry in view.log if entry.what in ("draw_stock", "draw_discard"))
