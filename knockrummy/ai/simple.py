"""``simple``: the baseline of the AAAI/EAAI Gin Rummy challenge, re-implemented.

From the published description of ``SimpleGinRummyPlayer``:

- take the face-up card only if it becomes part of a meld in the resulting best
  arrangement, else draw from the stock;
- discard a card leaving the least deadwood, at random among ties, never the
  card just taken and never repeating a take-and-discard pair;
- knock (or go gin) as soon as the rules allow; lay off everything it can;
- ignore the opponent.

Natural equivalents elsewhere: in Knock Rummy it knocks as soon as its count is
10 or less; in Rummy it melds and lays off everything as soon as it can and takes
the up card when it joins a meld in hand or fits a meld on the table.

The take-and-discard pairs come from the hand's public log (cards taken from the
pile, then the seat's next discard), so the player needs no memory. The pair rule
also decides the draw: the baseline takes a card only when some discard after it
would make a new pair, so it can never keep taking the same card and throwing the
same one back (two players could otherwise pass cards through the pile for ever:
see :mod:`knockrummy.ai.repeats`). In Gin for 3-4, whose stock never runs out,
it also never throws a card it threw before in the hand while it has another to
throw: the nearest the view allows to the published player's rule for stock
draws (:func:`knockrummy.ai.repeats.fresh_discards`).
"""

from __future__ import annotations

from collections.abc import Sequence

from knockrummy.ai.base import all_of, decision_rng, first_of
from knockrummy.ai.masks import MELDS_WITH, bit, mask_of
from knockrummy.ai.repeats import fresh_discards
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
    NextHand,
    PassUpcard,
    TurnOver,
)
from knockrummy.engine.cards import Card
from knockrummy.engine.layoffs import best_layoffs
from knockrummy.engine.melds import best_arrangement, fits_meld, min_deadwood_mask
from knockrummy.engine.rules import Family
from knockrummy.engine.state import Phase
from knockrummy.engine.view import PlayerView

#: Knock Rummy has no knock limit: the baseline knocks at this count or less.
KNOCK_RUMMY_THRESHOLD = 10


def knock_threshold(view: PlayerView) -> int:
    """The count at or under which the baseline knocks.

    Knock Rummy turns the pile over when the stock runs out and never ends a hand
    by itself, so once the stock has run out the baseline knocks at any count
    (a turned-over pile replays in the same order and could loop for ever).
    """
    rules = view.rules
    if rules.knock_limit is not None:
        return rules.knock_limit
    return KNOCK_RUMMY_THRESHOLD if view.exhaustions == 0 else 10_000


def joins_best_meld(card: Card, hand: Sequence[Card], ace_high: bool) -> bool:
    """Whether ``card`` is in a meld of some best arrangement of ``hand`` plus ``card``."""
    full = mask_of(hand) | bit(card)
    target = min_deadwood_mask(full, ace_high)
    for meld in MELDS_WITH[ace_high][card.index]:
        if meld & full == meld and min_deadwood_mask(full ^ meld, ace_high) == target:
            return True
    return False


def taken_discard_pairs(view: PlayerView) -> set[tuple[Card, Card]]:
    """Every (card taken from the pile, card discarded next) of this seat in this hand."""
    pairs: set[tuple[Card, Card]] = set()
    taken: Card | None = None
    for entry in view.log:
        if entry.seat != view.seat:
            continue
        if entry.what == "draw_discard":
            taken = entry.card
        elif entry.what == "draw_stock":
            taken = None
        elif entry.what in ("discard", "knock") and taken is not None and entry.card is not None:
            pairs.add((taken, entry.card))
            taken = None
    return pairs


def has_fresh_discard(view: PlayerView, card: Card) -> bool:
    """Whether, after taking ``card`` from the pile, some discard would make a new pair."""
    used = taken_discard_pairs(view)
    return any((card, other) not in used for other in view.hand)


class SimplePlayer:
    """The challenge baseline; see the module docstring."""

    level = "simple"

    def __init__(self, seed: int, name: str = "Simple") -> None:
        self.seed = seed
        self.name = name

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """Pick the baseline's action."""
        if not legal:
            raise ValueError("no legal action to choose from")
        next_hand = first_of(legal, NextHand)
        if next_hand is not None:
            return next_hand
        if view.phase is Phase.UPCARD_OFFER:
            return DrawDiscard() if self._wants_upcard(view) else PassUpcard()
        if view.phase is Phase.DRAW:
            return self._draw(view, legal)
        if view.phase is Phase.LAYOFF:
            return self._lay_off(view, legal)
        return self._play(view, legal)

    # ------------------------------------------------------------------ draw

    def _wants_upcard(self, view: PlayerView) -> bool:
        card = view.upcard
        if card is None:
            return False
        ace_high = view.rules.ace_high
        useful = joins_best_meld(card, view.hand, ace_high) or (
            view.rules.family is Family.RUMMY
            and any(fits_meld(card, tm.cards, ace_high) for tm in view.table)
        )
        return useful and has_fresh_discard(view, card)

    def _draw(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if first_of(legal, DrawDiscard) is not None and self._wants_upcard(view):
            return DrawDiscard()
        for action in legal:
            if isinstance(action, DrawStock):
                return action
        for action in legal:
            if isinstance(action, TurnOver):
                return action
        return legal[0]

    # ------------------------------------------------------------------ after a knock

    def _lay_off(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        targets = [(tm.cards, tm.original) for tm in view.table]
        plays, _count = best_layoffs(view.hand, targets, view.rules.layoffs, view.rules.ace_high)
        allowed = set(all_of(legal, LayOff))
        for card, index in plays:
            if LayOff(card, index) in allowed:
                return LayOff(card, index)
        return FinishLayoffs()

    # ------------------------------------------------------------------ after the draw

    def _play(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        for action in legal:
            if isinstance(action, BigGin | LayDown):
                return action
        if view.rules.family is Family.RUMMY:
            table_play = self._rummy_table_play(view, legal)
            if table_play is not None:
                return table_play
        card, count = self._discard_choice(view, legal)
        if (
            view.rules.family is not Family.RUMMY
            and count <= knock_threshold(view)
            and Knock(card) in set(all_of(legal, Knock))
        ):
            return Knock(card)
        return Discard(card)

    def _rummy_table_play(self, view: PlayerView, legal: Sequence[Action]) -> Action | None:
        melds = all_of(legal, MeldCards)
        if melds:
            best = {m for m in best_arrangement(view.hand, view.rules.ace_high)}
            for action in melds:
                if action.cards in best:
                    return action
            return melds[0]
        layoffs = all_of(legal, LayOff)
        return layoffs[0] if layoffs else None

    def _discard_choice(self, view: PlayerView, legal: Sequence[Action]) -> tuple[Card, int]:
        """The discard leaving least deadwood (random among ties) and that deadwood."""
        cards = [a.card for a in all_of(legal, Discard)]
        if not cards:
            cards = [a.card for a in all_of(legal, Knock)]
        if view.taken is not None:
            used = taken_discard_pairs(view)
            fresh = [c for c in cards if (view.taken, c) not in used]
            cards = fresh or cards
        cards = fresh_discards(view, cards)
        ace_high = view.rules.ace_high
        hand_mask = mask_of(view.hand)
        scored = [(min_deadwood_mask(hand_mask & ~bit(c), ace_high), c) for c in cards]
        low = min(s for s, _ in scored)
        ties = [c for s, c in scored if s == low]
        if len(ties) == 1:
            return ties[0], low
        return decision_rng(self.seed, view).choice(ties), low
