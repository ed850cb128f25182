"""The table's animation director, taught that every hand is face up in a replay.

The game table's :class:`~knockrummy.ui.felt.anim.Director` knows one hand (the
viewer's) card by card and the others only as fans of backs. In a replay every
card of every hand has its place (:attr:`ReplayLayout.spots`), so this director
finds a card's start and end there whoever holds it, deals every seat's cards
face up, and flies draws face up into the drawer's hand. Everything else (discards,
knocks, melds, layoffs, the stock turned over, the banner and the sounds) is the
table's own planning, unchanged.

A card in flight is in ``hidden.hand`` whoever holds it: the replay's drawing
leaves it out of its resting place until it lands.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from knockrummy.app.controller import Step
from knockrummy.engine import Card, HandState, PlayerView
from knockrummy.engine.events import Dealt, Drew
from knockrummy.ui.easing import move_duration
from knockrummy.ui.felt.anim import DEAL_STAGGER, Director
from knockrummy.ui.felt.layout import TableLayout
from knockrummy.ui.replay.layout import ReplayLayout


class ReplayDirector(Director):
    """Plans flights between two moments of a replay, every card face up."""

    def __init__(self, play: Callable[[str], None]) -> None:
        super().__init__(play)
        #: the state after the step being planned (its hands are dealt face up)
        self.state: HandState | None = None

    def plan_replay(self, step: Step, state: HandState, before: ReplayLayout,
                    after: ReplayLayout) -> None:
        """Flights from ``before`` to ``after`` for ``step`` (the state after it: ``state``)."""
        self.state = state
        self.plan(step, before, after, {})

    def _hand_rect(self, seat: int, card: Card | None, layout: TableLayout,
                   order: list[Card], sources: dict[Card, pygame.Rect],
                   view: PlayerView, last: bool = True) -> pygame.Rect:
        if card is not None and isinstance(layout, ReplayLayout) and card in layout.spots:
            return layout.spots[card]
        return super()._hand_rect(seat, card, layout, order, sources, view, last)

    def _deal(self, event: Dealt, view: PlayerView, after: TableLayout) -> float:
        self.play("shuffle")
        state = self.state
        if state is None or not isinstance(after, ReplayLayout):
            return super()._deal(event, view, after)
        n = state.players
        delay = 0.0
        for r in range(event.cards_each):
            for i in range(1, n + 1):
                seat = (event.dealer + i) % n
                hand = state.hands[seat]
                if r >= len(hand) or hand[r] not in after.spots:
                    continue
                card = hand[r]
                self.hidden.hand.add(card)
                self._fly(card, after.stock, after.spots[card], delay, True,
                          self.unhide_card(card))
                delay += DEAL_STAGGER * self.speed * 0.5
        return delay + move_duration(0, self.speed)

    def _drew(self, event: Drew, step: Step, before: TableLayout, after: TableLayout,
              clock: float) -> float:
        card = event.card
        if card is None or not isinstance(after, ReplayLayout) or card not in after.spots:
            return super()._drew(event, step, before, after, clock)
        self.play("draw")
        src = before.stock if event.source == "stock" else before.discard
        self.hidden.hand.add(card)
        return self._fly(card, src, after.spots[card], clock, True, self.unhide_card(card))
