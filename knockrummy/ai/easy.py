"""``easy``: a plausible beginner. It plays sensible cards but is beatable.

- It takes the up card only when it makes a meld, and overlooks two such cards
  in five; never a card it already took from the pile in this hand
  (:mod:`knockrummy.ai.repeats`). (Overlooking one in four, it won 42% of Gin
  matches against ``simple``, too close to the baseline for a beginner; two in
  five: 36%, 400 matches.)
- It discards by deadwood alone, with a beginner's habit: among the discards
  that cost at most ``SLACK`` more deadwood than the best, it throws the highest
  card, whatever its chances of making a meld later. It never breaks a meld of
  its best arrangement.
- It knocks late: only at ``EASY_KNOCK`` or less (or gin); in Knock Rummy at any
  count once the stock has run out, and in Gin for 3-4 at the limit once a whole
  stock has been drawn, so hands always end.
- In Rummy it melds as soon as it can, like the baseline, with the same discards.
- It lays off everything it can.
"""

from __future__ import annotations

from collections.abc import Sequence

from knockrummy.ai.base import all_of, decision_rng, first_of
from knockrummy.ai.masks import bit, mask_of
from knockrummy.ai.repeats import fresh_discards, retake, stock_lengths
from knockrummy.ai.simple import SimplePlayer, joins_best_meld
from knockrummy.engine.actions import (
    Action,
    BigGin,
    Discard,
    DrawDiscard,
    DrawStock,
    Knock,
    LayDown,
    NextHand,
    PassUpcard,
    TurnOver,
)
from knockrummy.engine.cards import Card
from knockrummy.engine.melds import best_arrangement, fits_meld, min_deadwood_mask
from knockrummy.engine.rules import Family
from knockrummy.engine.state import Phase
from knockrummy.engine.view import PlayerView

#: chance of overlooking an up card that makes a meld
OVERLOOK = 0.4
#: deadwood the beginner will give away to throw a high card
SLACK = 3
#: the beginner knocks only at this count or less
EASY_KNOCK = 4


class EasyPlayer:
    """The beginner; see the module docstring."""

    level = "easy"

    def __init__(self, seed: int, name: str = "Easy") -> None:
        self.seed = seed
        self.name = name
        self._baseline = SimplePlayer(seed, name)

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """The beginner's action."""
        if not legal:
            raise ValueError("no legal action to choose from")
        next_hand = first_of(legal, NextHand)
        if next_hand is not None:
            return next_hand
        if view.phase in (Phase.UPCARD_OFFER, Phase.DRAW):
            return self._draw(view, legal)
        if view.phase is Phase.PLAY:
            return self._play(view, legal)
        return self._baseline.choose(view, legal)

    def _sees_upcard(self, view: PlayerView) -> bool:
        card = view.upcard
        if card is None or retake(view):
            return False
        ace_high = view.rules.ace_high
        useful = joins_best_meld(card, view.hand, ace_high) or (
            view.rules.family is Family.RUMMY
            and any(fits_meld(card, tm.cards, ace_high) for tm in view.table)
        )
        return useful and decision_rng(self.seed, view, "overlook").random() >= OVERLOOK

    def _draw(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        take = first_of(legal, DrawDiscard) is not None and self._sees_upcard(view)
        if view.phase is Phase.UPCARD_OFFER:
            return DrawDiscard() if take else PassUpcard()
        if take:
            return DrawDiscard()
        for action in legal:
            if isinstance(action, DrawStock | TurnOver):
                return action
        return legal[0]

    def _play(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        for action in legal:
            if isinstance(action, BigGin | LayDown):
                return action
        rules = view.rules
        if rules.family is Family.RUMMY:
            table_play = self._baseline._rummy_table_play(view, legal)
            if table_play is not None:
                return table_play
        card, count = self._discard(view, legal)
        if rules.family is not Family.RUMMY:
            knocks = {a.card for a in all_of(legal, Knock)}
            late = (rules.family is Family.KNOCK and view.exhaustions > 0) or (
                rules.family is Family.GIN_MULTI and stock_lengths(view) > 0
            )
            if card in knocks and (count <= EASY_KNOCK or late):
                return Knock(card)
        return Discard(card)

    def _discard(self, view: PlayerView, legal: Sequence[Action]) -> tuple[Card, int]:
        ace_high = view.rules.ace_high
        cards = fresh_discards(view, [a.card for a in all_of(legal, Discard)])
        hand = mask_of(view.hand)
        scored = {c: min_deadwood_mask(hand & ~bit(c), ace_high) for c in cards}
        low = min(scored.values())
        melded = {c for m in best_arrangement(view.hand, ace_high) for c in m}
        loose = [c for c in cards if c not in melded and scored[c] <= low + SLACK]
        pool = loose or [c for c in cards if scored[c] == low]
        top = max(c.value(ace_high) for c in pool)
        ties = sorted((c for c in pool if c.value(ace_high) == top), key=lambda c: c.index)
        card = ties[0] if len(ties) == 1 else decision_rng(self.seed, view).choice(ties)
        return card, scored[card]
