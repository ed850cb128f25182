"""Card tracking: what a seat can infer about where every card is, from its view.

Built fresh from a :class:`~knockrummy.engine.view.PlayerView` (the view's public
log holds the whole history of the hand, so no memory is needed):

- ``mine``: my hand; ``held[s]``: cards seat ``s`` took from the pile and still holds;
- ``pile``: the discard pile; ``table``: melds on the table;
- ``unseen``: every other card (in the stock or in an opponent's unknown cards);
- ``weights[s][i]``: how likely seat ``s`` holds unseen card ``i``, relative to a
  uniform guess. A seat that discards a card, or declines it (draws from the
  stock or passes while it is the up card), probably holds nothing that melds
  with it; a seat that takes a card probably holds cards that meld with it.

``holds(s)`` turns the weights into probabilities summing to the seat's number
of unknown cards, and ``in_stock`` what is left for the stock.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from knockrummy.ai.masks import FULL_DECK, PARTNERS, bit, cards_of, mask_of
from knockrummy.engine.cards import Card
from knockrummy.engine.view import PlayerView

#: how a card's weight changes when a seat discards or declines a card it melds with
DISCARDED_PARTNER = 0.55
DECLINED_PARTNER = 0.45
TAKEN_PARTNER = 2.2


@dataclass
class Knowledge:
    """Where the cards are, as far as one seat can tell. See the module docstring."""

    seat: int
    players: int
    ace_high: bool
    mine: int
    held: list[int]
    pile: int
    table: int
    unseen: int
    unknown_slots: list[int]
    stock_count: int = 0
    knock_limit: int | None = None
    weights: list[list[float]] = field(default_factory=list)
    _holds: dict[int, list[float]] = field(default_factory=dict)

    def holds(self, seat: int) -> list[float]:
        """Per card index: the probability ``seat`` holds it (1 for known cards)."""
        cached = self._holds.get(seat)
        if cached is not None:
            return cached
        probs = [0.0] * 52
        held = self.held[seat]
        for i in range(52):
            if held >> i & 1:
                probs[i] = 1.0
        slots = self.unknown_slots[seat]
        unseen = cards_of(self.unseen)
        if slots > 0 and unseen:
            w = self.weights[seat]
            total = sum(w[c.index] for c in unseen)
            scale = slots / total if total > 0 else 0.0
            for c in unseen:
                probs[c.index] = min(1.0, w[c.index] * scale)
        self._holds[seat] = probs
        return probs

    def opponents(self) -> list[int]:
        """Other seats in turn order from my left."""
        return [(self.seat + k) % self.players for k in range(1, self.players)]

    def in_stock(self) -> list[float]:
        """Per card index: the probability the card is in the stock."""
        probs = [0.0] * 52
        unseen = cards_of(self.unseen)
        held_by = [self.holds(s) for s in self.opponents()]
        for c in unseen:
            p = 1.0 - sum(h[c.index] for h in held_by)
            probs[c.index] = max(0.0, p)
        return probs


def _adjust(weights: list[float], card: Card, factor: float, ace_high: bool) -> None:
    partners = PARTNERS[ace_high][card.index]
    while partners:
        low = partners & -partners
        weights[low.bit_length() - 1] *= factor
        partners ^= low


def read_view(view: PlayerView, infer: bool = True) -> Knowledge:
    """Track the cards of ``view``; with ``infer`` False the weights stay uniform."""
    ace_high = view.rules.ace_high
    players = view.players
    mine = mask_of(view.hand)
    held = [mask_of(cards) for cards in view.public_taken] if view.public_taken else [0] * players
    held[view.seat] = 0
    pile = mask_of(view.discard)
    table = 0
    for tm in view.table:
        table |= mask_of(tm.cards)
    known = mine | pile | table
    for m in held:
        known |= m
    unseen = FULL_DECK & ~known
    slots = [max(0, view.hand_sizes[s] - held[s].bit_count()) for s in range(players)]
    slots[view.seat] = 0
    weights = [[1.0] * 52 for _ in range(players)]
    if infer:
        _infer(view, weights, ace_high)
    return Knowledge(view.seat, players, ace_high, mine, held, pile, table, unseen, slots,
                     view.stock_count, view.rules.knock_limit, weights)


def _infer(view: PlayerView, weights: list[list[float]], ace_high: bool) -> None:
    """Replay the public log, moving each opponent's weights as it acts."""
    top: Card | None = None
    pile: list[Card] = _initial_pile(view)
    for entry in view.log:
        seat = entry.seat
        what = entry.what
        if what == "discard" and entry.card is not None:
            if seat != view.seat:
                _adjust(weights[seat], entry.card, DISCARDED_PARTNER, ace_high)
            pile.append(entry.card)
        elif what in ("draw_stock", "pass"):
            top = entry.card if what == "pass" else (pile[-1] if pile else None)
            if seat != view.seat and top is not None:
                _adjust(weights[seat], top, DECLINED_PARTNER, ace_high)
        elif what == "draw_discard" and entry.card is not None:
            if seat != view.seat:
                _adjust(weights[seat], entry.card, TAKEN_PARTNER, ace_high)
            if pile and pile[-1] is entry.card:
                pile.pop()
        elif what == "turn_over":
            pile = []


def _initial_pile(view: PlayerView) -> list[Card]:
    """The up card the hand started with, when the view still tells it."""
    for entry in view.log:
        if entry.what in ("pass", "draw_discard") and entry.card is not None:
            return [entry.card]
        if entry.what == "discard":
            break
        if entry.what == "turn_over":
            return []
    if any(e.what == "turn_over" for e in view.log) or not view.discard:
        return []
    return [view.discard[0]]


def hidden_from(knowledge: Knowledge, card: Card) -> bool:
    """Whether ``card`` is unseen by this seat."""
    return bool(knowledge.unseen & bit(card))
