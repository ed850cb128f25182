"""Turning engine steps into card flights.

The table always draws the *after* view of the step being animated, with the
cards still in the air hidden at their destination; each :class:`Flight` moves
a card from where it was in the *before* layout to where it is in the *after*
layout, eased, and unhides it on landing. A click (or any player command)
calls :meth:`Director.finish`, which lands everything at once.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from knockrummy.app.controller import Step
from knockrummy.engine import Card, PlayerView
from knockrummy.engine.events import (
    Dealt,
    Discarded,
    Drew,
    HandEnded,
    Knocked,
    LaidOff,
    Melded,
    Passed,
    StockTurnedOver,
    UpcardTurned,
)
from knockrummy.ui.easing import Easing, ease_in_out_cubic, ease_out_cubic, move_duration
from knockrummy.ui.felt.layout import TableLayout
from knockrummy.words.grammar import does

DEAL_STAGGER = 0.065


@dataclass
class Flight:
    """One card moving across the table."""

    card: Card | None
    start: tuple[float, float, float]
    end: tuple[float, float, float]
    delay: float
    duration: float
    face_up: bool
    flip: bool = False
    easing: Easing = ease_out_cubic
    on_land: Callable[[], None] | None = None
    elapsed: float = 0.0
    landed: bool = False

    @property
    def started(self) -> bool:
        """Whether the card has left its start."""
        return self.elapsed >= self.delay

    def progress(self) -> float:
        """Eased progress 0..1."""
        if self.duration <= 0:
            return 1.0
        return self.easing((self.elapsed - self.delay) / self.duration)

    def frame(self) -> tuple[float, float, float, bool]:
        """(x, y, width, face up) now."""
        p = self.progress()
        x = self.start[0] + (self.end[0] - self.start[0]) * p
        y = self.start[1] + (self.end[1] - self.start[1]) * p
        w = self.start[2] + (self.end[2] - self.start[2]) * p
        face = self.face_up
        if self.flip:
            t = (self.elapsed - self.delay) / self.duration if self.duration > 0 else 1.0
            face = t >= 0.5
        return x, y, w, face

    def flip_scale(self) -> float:
        """Horizontal squash while turning over (1 = flat)."""
        if not self.flip or self.duration <= 0:
            return 1.0
        t = max(0.0, min(1.0, (self.elapsed - self.delay) / self.duration))
        return max(0.05, abs(math.cos(ease_in_out_cubic(t) * math.pi)))


@dataclass
class Hidden:
    """Cards drawn elsewhere (in flight) and so not at their resting place."""

    hand: set[Card] = field(default_factory=set)
    opp: dict[int, int] = field(default_factory=dict)
    discard: int = 0
    table: set[Card] = field(default_factory=set)

    def clear(self) -> None:
        """Nothing hidden."""
        self.hand.clear()
        self.opp.clear()
        self.discard = 0
        self.table.clear()


def _box(rect: pygame.Rect) -> tuple[float, float, float]:
    return float(rect.x), float(rect.y), float(rect.width)


class Director:
    """Plans and runs the flights of one step at a time."""

    def __init__(self, play: Callable[[str], None],
                 tell: Callable[[str, float], None] | None = None) -> None:
        self.play = play
        #: where a note goes (the table's model); without it the director keeps it itself
        #: (``note``, ``note_time``: the replay shows it)
        self._tell = tell
        self.flights: list[Flight] = []
        self.hidden = Hidden()
        self.speed = 1.0
        self.banner = ""
        self.banner_time = 0.0
        self.note = ""
        self.note_time = 0.0
        #: the viewer's hand is hidden (pass-and-play): cards flying into it go face down
        self.conceal = False
        #: the viewer's on-screen hand order in the before and after layouts
        self._order: list[Card] = []
        self._before_order: list[Card] = []

    @property
    def active(self) -> bool:
        """Whether anything is moving."""
        return bool(self.flights)

    def update(self, dt: float) -> bool:
        """Advance the flights; True when something moved."""
        if self.banner_time > 0:
            self.banner_time = max(0.0, self.banner_time - dt)
        if self.note_time > 0:
            self.note_time = max(0.0, self.note_time - dt)
        if not self.flights:
            return False
        for flight in self.flights:
            flight.elapsed += dt
            if not flight.landed and flight.elapsed >= flight.delay + flight.duration:
                self._land(flight)
        self.flights = [f for f in self.flights if not f.landed]
        return True

    def finish(self) -> None:
        """Land every card now."""
        for flight in self.flights:
            if not flight.landed:
                self._land(flight)
        self.flights = []
        self.hidden.clear()

    def _land(self, flight: Flight) -> None:
        flight.landed = True
        if flight.on_land is not None:
            flight.on_land()

    def say(self, text: str, seconds: float = 1.6) -> None:
        """A short line in the middle of the table."""
        self.banner = text
        self.banner_time = seconds

    def tell(self, text: str, seconds: float = 2.4) -> None:
        """A note under the status line."""
        if self._tell is not None:
            self._tell(text, seconds)
            return
        self.note = text
        self.note_time = seconds

    # ----------------------------------------------------------------- planning

    def plan(self, step: Step, before: TableLayout, after: TableLayout,
             sources: dict[Card, pygame.Rect]) -> None:
        """Flights for ``step``; ``sources`` overrides where the viewer's cards start."""
        self.finish()
        view = step.after
        clock = 0.0
        for event in step.events:
            if isinstance(event, Dealt):
                clock = self._deal(event, view, after)
            elif isinstance(event, UpcardTurned):
                clock = self._upcard(event.card, after, clock)
            elif isinstance(event, Drew):
                clock = self._drew(event, step, before, after, clock)
            elif isinstance(event, Discarded):
                clock = self._discard(event.seat, event.card, step, before, after, sources,
                                      clock, face_up=True)
                self.play("discard")
            elif isinstance(event, Passed):
                self.tell(does(view.names[event.seat], f"passes on the {event.card.name}"))
            elif isinstance(event, Knocked):
                clock = self._knocked(event, step, before, after, sources, clock)
            elif isinstance(event, Melded):
                for card in event.cards:
                    self._to_table(event.seat, card, event.target, step, before, after,
                                   sources, clock)
                clock += 0.12 * self.speed
                self.play("discard")
            elif isinstance(event, LaidOff) and view.result is None:
                self._to_table(event.seat, event.card, event.target, step, before, after,
                               sources, clock)
                clock += 0.12 * self.speed
                self.play("discard")
            elif isinstance(event, StockTurnedOver):
                clock = self._turn_over(event, after, clock)
            elif isinstance(event, HandEnded):
                won = view.seat in event.winners
                self.play("win" if won else "lose" if event.winners else "click")

    def _fly(self, card: Card | None, src: pygame.Rect, dst: pygame.Rect, delay: float,
             face_up: bool, on_land: Callable[[], None] | None, flip: bool = False) -> float:
        dist = math.hypot(dst.x - src.x, dst.y - src.y)
        duration = move_duration(dist, self.speed)
        self.flights.append(Flight(card, _box(src), _box(dst), delay, duration, face_up, flip,
                                   on_land=on_land))
        return delay + duration

    def _deal(self, event: Dealt, view: PlayerView, after: TableLayout) -> float:
        self.play("shuffle")
        n = view.players
        mine = list(view.hand)
        position = {card: i for i, card in enumerate(self._order)}
        self.hidden.hand.update(mine)
        for seat in after.pods:
            self.hidden.opp[seat] = view.hand_sizes[seat]
        delay = 0.0
        for r in range(event.cards_each):
            for i in range(1, n + 1):
                seat = (event.dealer + i) % n
                if seat == view.seat:
                    if r >= len(mine) or mine[r] not in position:
                        continue
                    card = mine[r]
                    dst = after.hand[position[card]]
                    self._fly(None if self.conceal else card, after.stock, dst, delay,
                              not self.conceal, self._unhide_hand(card))
                elif seat in after.pods:
                    pod = after.pods[seat]
                    if r < len(pod.fan):
                        self._fly(None, after.stock, pod.fan[r], delay, False,
                                  self._unhide_opp(seat))
                delay += DEAL_STAGGER * self.speed
        return delay + move_duration(0, self.speed)

    def set_order(self, order: list[Card]) -> None:
        """The viewer's on-screen hand order in the after layout."""
        self._order = list(order)

    def _unhide_hand(self, card: Card) -> Callable[[], None]:
        def land() -> None:
            self.hidden.hand.discard(card)
            self.play("deal")
        return land

    def unhide_card(self, card: Card) -> Callable[[], None]:
        def land() -> None:
            self.hidden.hand.discard(card)
        return land

    def _unhide_table(self, card: Card) -> Callable[[], None]:
        def land() -> None:
            self.hidden.table.discard(card)
        return land

    def _unhide_opp(self, seat: int) -> Callable[[], None]:
        def land() -> None:
            self.hidden.opp[seat] = max(0, self.hidden.opp.get(seat, 0) - 1)
        return land

    def _unhide_discard(self) -> None:
        self.hidden.discard = max(0, self.hidden.discard - 1)

    def _upcard(self, card: Card, after: TableLayout, clock: float) -> float:
        self.hidden.discard += 1
        end = self._fly(card, after.stock, after.discard, clock, True, self._unhide_discard,
                        flip=True)
        return end

    def _hand_rect(self, seat: int, card: Card | None, layout: TableLayout,
                   order: list[Card], sources: dict[Card, pygame.Rect],
                   view: PlayerView, last: bool = True) -> pygame.Rect:
        """Where a card of ``seat`` sits (or the end of that player's fan)."""
        if seat == view.seat:
            if card is not None and card in sources:
                return sources[card]
            if card is not None and card in order and order.index(card) < len(layout.hand):
                return layout.hand[order.index(card)]
            return layout.hand[-1] if layout.hand else layout.stock
        pod = layout.pods.get(seat)
        if pod is None:
            return layout.stock
        if card is not None and view.public_taken and card in view.public_taken[seat]:
            i = view.public_taken[seat].index(card)
            if i < len(pod.taken):
                return pod.taken[i]
        if pod.fan:
            return pod.fan[-1] if last else pod.fan[0]
        return pod.plate

    def _drew(self, event: Drew, step: Step, before: TableLayout, after: TableLayout,
              clock: float) -> float:
        src = before.stock if event.source == "stock" else before.discard
        seat = event.seat
        view = step.after
        self.play("draw")
        if seat == view.seat and event.card is not None:
            self.hidden.hand.add(event.card)
            dst = self._hand_rect(seat, event.card, after, self._order, {}, view)
            face = event.source == "discard" or not self.conceal
            return self._fly(event.card if face else None, src, dst, clock, face,
                             self.unhide_card(event.card))
        self.hidden.opp[seat] = self.hidden.opp.get(seat, 0) + 1
        dst = self._hand_rect(seat, None, after, [], {}, view)
        face = event.source == "discard"
        return self._fly(event.card if face else None, src, dst, clock, face,
                         self._unhide_opp(seat))

    def _discard(self, seat: int, card: Card, step: Step, before: TableLayout,
                 after: TableLayout, sources: dict[Card, pygame.Rect], clock: float,
                 face_up: bool) -> float:
        src = self._hand_rect(seat, card, before, self._before_order, sources, step.before)
        self.hidden.discard += 1 if face_up else 0
        land = self._unhide_discard if face_up else None
        return self._fly(card if face_up else None, src, after.discard, clock, face_up, land)

    def set_before_order(self, order: list[Card]) -> None:
        """The viewer's hand order in the before layout."""
        self._before_order = list(order)

    def _knocked(self, event: Knocked, step: Step, before: TableLayout, after: TableLayout,
                 sources: dict[Card, pygame.Rect], clock: float) -> float:
        names = step.after.names
        kind = {"gin": "goes gin!", "big_gin": "goes big gin!", "rum": "has rum!"}.get(
            event.kind, f"knocks with {event.deadwood}")
        self.say(does(names[event.seat], kind), 2.0)
        self.play("gin" if event.kind in ("gin", "big_gin", "rum") else "knock")
        if event.card is None and not (event.face_down and event.seat == step.after.seat):
            return clock + 0.3 * self.speed
        card = event.card
        if card is None:
            return clock + 0.3 * self.speed
        if event.face_down:
            return self._discard(event.seat, card, step, before, after, sources, clock, False)
        return self._discard(event.seat, card, step, before, after, sources, clock, True)

    def _to_table(self, seat: int, card: Card, target: int, step: Step, before: TableLayout,
                  after: TableLayout, sources: dict[Card, pygame.Rect], clock: float) -> None:
        view = step.after
        if target >= len(view.table) or target >= len(after.melds):
            return
        meld = view.table[target].cards
        if card not in meld:
            return
        dst = after.melds[target][meld.index(card)]
        src = self._hand_rect(seat, card, before, self._before_order, sources, step.before)
        self.hidden.table.add(card)
        self._fly(card, src, dst, clock, True, self._unhide_table(card))

    def _turn_over(self, event: StockTurnedOver, after: TableLayout, clock: float) -> float:
        self.tell("The discard pile is turned over to make a new stock"
                  if not event.shuffled else "The discard pile is shuffled into the stock")
        end = clock
        for i in range(min(3, max(1, event.cards))):
            end = self._fly(None, after.discard, after.stock, clock + i * 0.05 * self.speed,
                            False, None)
        return end
