"""The hand state machine: ``deal``, ``legal_actions`` and ``apply``.

``legal_actions(state)`` and ``refusal(state, action)`` say what may be done; both come
from :mod:`knockrummy.engine.legality`, one table per phase. ``apply(state, action)``
returns ``(new_state, events)`` or raises :class:`IllegalAction` carrying the refusal
(a code and values). States are never changed in place.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

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
    PassUpcard,
    TurnOver,
)
from knockrummy.engine.cards import DECK, Card
from knockrummy.engine.codes import Note
from knockrummy.engine.errors import IllegalAction
from knockrummy.engine.events import (
    Dealt,
    Discarded,
    Drew,
    Event,
    Knocked,
    LaidOff,
    Melded,
    Passed,
    StockTurnedOver,
    UpcardTurned,
)
from knockrummy.engine.legality import legal_actions as legal_actions
from knockrummy.engine.legality import not_a_hand_move
from knockrummy.engine.legality import refusal as refusal
from knockrummy.engine.melds import (
    Arrangement,
    best_arrangement,
    min_deadwood,
    sort_meld,
)
from knockrummy.engine.rules import Family, Rules, StockOut
from knockrummy.engine.showdown import finish_knock, finish_layoffs, finish_rummy, void_hand
from knockrummy.engine.state import HandState, LogEntry, Phase, TableMeld, evolve


def deal(
    rules: Rules, players: int, dealer: int, seed: int, names: tuple[str, ...] | None = None
) -> tuple[HandState, list[Event]]:
    """Shuffle with ``random.Random(seed)`` and deal one card at a time from the dealer's left."""
    rules.check_players(players)
    if not 0 <= dealer < players:
        raise ValueError(f"no seat {dealer}")
    hands, deck = _deal_cards(rules.cards_for(players), players, dealer, seed)
    upcard = deck.pop()
    state = HandState(
        rules=rules,
        players=players,
        names=names or tuple(f"Player {i + 1}" for i in range(players)),
        dealer=dealer,
        seed=seed,
        hands=tuple(tuple(h) for h in hands),
        stock=tuple(deck),
        discard=(upcard,),
        phase=Phase.UPCARD_OFFER if rules.first_turn_upcard_offer else Phase.DRAW,
        current=(dealer + 1) % players,
        public_taken=tuple(() for _ in range(players)),
        melded_before=tuple(False for _ in range(players)),
        laid_off=tuple(() for _ in range(players)),
    )
    return state, [Dealt(dealer, rules.cards_for(players)), UpcardTurned(upcard)]


def _deal_cards(
    each: int, players: int, dealer: int, seed: int
) -> tuple[list[list[Card]], list[Card]]:
    """The hands dealt, ``each`` cards a seat, and the rest of the shuffled deck."""
    deck = list(DECK)
    random.Random(seed).shuffle(deck)
    hands: list[list[Card]] = [[] for _ in range(players)]
    for _ in range(each):
        for i in range(1, players + 1):
            hands[(dealer + i) % players].append(deck.pop())
    return hands, deck


# ----------------------------------------------------------------------------- apply


def _without(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    if card not in cards:
        return cards
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]


def _set_seat(
    seq: tuple[tuple[Card, ...], ...], seat: int, value: tuple[Card, ...]
) -> tuple[tuple[Card, ...], ...]:
    return seq[:seat] + (value,) + seq[seat + 1 :]


def _seat_without(
    seq: tuple[tuple[Card, ...], ...], seat: int, card: Card | None
) -> tuple[tuple[Card, ...], ...]:
    """``seq`` with ``card`` (if any) gone from seat ``seat``'s cards."""
    return seq if card is None else _set_seat(seq, seat, _without(seq[seat], card))


def _log(state: HandState, what: str, card: Card | None) -> tuple[LogEntry, ...]:
    return (*state.log, LogEntry(state.current, what, card))


def apply(state: HandState, action: Action) -> tuple[HandState, list[Event]]:
    """Apply ``action`` for the current player; raise :class:`IllegalAction` if not allowed."""
    reason = refusal(state, action)
    if reason is not None:
        raise IllegalAction(reason)
    step = _STEPS.get(type(action))
    if step is None:  # refusal says no to any such action first
        raise IllegalAction(not_a_hand_move(action))
    return step(state, action)


def _draw_stock(state: HandState) -> tuple[HandState, list[Event]]:
    card = state.stock[-1]
    seat = state.current
    stock = state.stock[:-1]
    new = evolve(
        state,
        hands=_set_seat(state.hands, seat, (*state.hands[seat], card)),
        stock=stock,
        phase=Phase.PLAY,
        taken=None,
        exhaustions=state.exhaustions + (0 if stock else 1),
        log=_log(state, "draw_stock", None),
    )
    return new, [Drew(seat, "stock", card)]


def _draw_discard(state: HandState) -> tuple[HandState, list[Event]]:
    card = state.discard[-1]
    seat = state.current
    new = evolve(
        state,
        hands=_set_seat(state.hands, seat, (*state.hands[seat], card)),
        discard=state.discard[:-1],
        phase=Phase.PLAY,
        taken=card,
        public_taken=_set_seat(state.public_taken, seat, (*state.public_taken[seat], card)),
        log=_log(state, "draw_discard", card),
    )
    return new, [Drew(seat, "discard", card)]


def _pass(state: HandState) -> tuple[HandState, list[Event]]:
    passes = state.passes + 1
    seat = state.current
    events: list[Event] = [Passed(seat, state.discard[-1])]
    if passes < state.players:
        new = evolve(
            state,
            passes=passes,
            current=(seat + 1) % state.players,
            log=_log(state, "pass", state.discard[-1]),
        )
    else:
        new = evolve(
            state,
            passes=passes,
            current=(state.dealer + 1) % state.players,
            phase=Phase.DRAW,
            log=_log(state, "pass", state.discard[-1]),
        )
    return new, events


def _turn_over(state: HandState) -> tuple[HandState, list[Event]]:
    stock = tuple(reversed(state.discard))
    events: list[Event] = [StockTurnedOver(len(stock), False)]
    discard: tuple[Card, ...] = ()
    if state.rules.stock_out is StockOut.CHOICE_TURN_UP and stock:
        discard = (stock[-1],)
        stock = stock[:-1]
        events.append(UpcardTurned(discard[0]))
    new = evolve(state, stock=stock, discard=discard, log=_log(state, "turn_over", None))
    return new, events


def _discard(state: HandState, card: Card) -> tuple[HandState, list[Event]]:
    seat = state.current
    hand = _without(state.hands[seat], card)
    new = evolve(
        state,
        hands=_set_seat(state.hands, seat, hand),
        discard=(*state.discard, card),
        public_taken=_set_seat(state.public_taken, seat, _without(state.public_taken[seat], card)),
        taken=None,
        log=_log(state, "discard", card),
    )
    events: list[Event] = [Discarded(seat, card)]
    if state.rules.family is Family.RUMMY:
        if not hand:
            return finish_rummy(new, seat, rummy=not state.melded_before[seat], events=events)
        if state.melded_now:
            new = evolve(
                new,
                melded_before=tuple(
                    True if s == seat else m for s, m in enumerate(state.melded_before)
                ),
                melded_now=False,
            )
    return _next_turn(new, events)


def _next_turn(state: HandState, events: list[Event]) -> tuple[HandState, list[Event]]:
    """After a discard: stock-low rules, then the next player's draw."""
    rules = state.rules
    mark = rules.stock_low_mark
    if rules.stock_out is StockOut.DEAD_HAND and len(state.stock) <= mark:
        return void_hand(state, Note.of("void_stock_low", cards=len(state.stock)), events)
    if (
        rules.stock_out is StockOut.RESHUFFLE
        and len(state.stock) <= mark
        and len(state.discard) > 1
    ):
        state, more = _reshuffle(state)
        events.extend(more)
    state = evolve(state, current=(state.current + 1) % state.players, phase=Phase.DRAW)
    if not state.stock:
        if rules.stock_out is StockOut.CHOICE_TURN_UP and (
            state.exhaustions >= rules.exhaustions_end_round > 0
        ):
            return finish_rummy(state, None, rummy=False, events=events)
        if rules.stock_out in (StockOut.TURN_OVER, StockOut.RESHUFFLE, StockOut.DEAD_HAND):
            stock = tuple(reversed(state.discard))
            state = evolve(state, stock=stock, discard=())
            events.append(StockTurnedOver(len(stock), False))
    return state, events


def _reshuffle(state: HandState) -> tuple[HandState, list[Event]]:
    """Gin for 3-4: the discard pile, less its top card, is shuffled under the stock."""
    pile = list(state.discard[:-1])
    random.Random(f"{state.seed}:reshuffle:{state.reshuffles}").shuffle(pile)
    new = evolve(
        state,
        stock=tuple(pile) + state.stock,
        discard=state.discard[-1:],
        reshuffles=state.reshuffles + 1,
    )
    return new, [StockTurnedOver(len(pile), True)]


def _knock(
    state: HandState, card: Card | None, melds: Arrangement | None, kind: str | None = None
) -> tuple[HandState, list[Event]]:
    rules = state.rules
    seat = state.current
    hands = _seat_without(state.hands, seat, card)
    hand = hands[seat]
    count = min_deadwood(hand, rules.ace_high)
    if kind is None:
        kind = ("rum" if rules.family is Family.KNOCK else "gin") if count == 0 else "knock"
    face_down = rules.family in (Family.GIN, Family.GIN_MULTI)
    chosen = melds if melds is not None else best_arrangement(hand, rules.ace_high)
    chosen = tuple(sort_meld(m, rules.ace_high) for m in chosen)
    new = evolve(
        state,
        hands=hands,
        public_taken=_seat_without(state.public_taken, seat, card),
        discard=state.discard if (card is None or face_down) else (*state.discard, card),
        knocker=seat,
        knock_kind=kind,
        knock_card=card,
        taken=None,
        log=_log(state, "knock", None if face_down else card),
    )
    events: list[Event] = [Knocked(seat, kind, card, count, face_down)]
    return finish_knock(new, chosen, events)


def _meld(state: HandState, cards: tuple[Card, ...]) -> tuple[HandState, list[Event]]:
    seat = state.current
    meld = sort_meld(cards, state.rules.ace_high)
    hand = tuple(c for c in state.hands[seat] if c not in meld)
    new = evolve(
        state,
        hands=_set_seat(state.hands, seat, hand),
        public_taken=_set_seat(
            state.public_taken, seat, tuple(c for c in state.public_taken[seat] if c not in meld)
        ),
        table=(*state.table, TableMeld(meld, meld, seat)),
        melded_now=True,
        log=(*state.log, *(LogEntry(seat, "meld", c) for c in meld)),
    )
    return new, [Melded(seat, meld, len(state.table))]


def _lay_off(state: HandState, card: Card, target: int) -> tuple[HandState, list[Event]]:
    seat = state.current
    tm = state.table[target]
    grown = TableMeld(sort_meld((*tm.cards, card), state.rules.ace_high), tm.original, tm.owner)
    table = state.table[:target] + (grown,) + state.table[target + 1 :]
    new = evolve(
        state,
        hands=_set_seat(state.hands, seat, _without(state.hands[seat], card)),
        public_taken=_set_seat(state.public_taken, seat, _without(state.public_taken[seat], card)),
        table=table,
        log=_log(state, "lay_off", card),
    )
    if state.phase is Phase.LAYOFF:
        new = evolve(new, laid_off=_set_seat(state.laid_off, seat, (*state.laid_off[seat], card)))
    else:
        new = evolve(new, melded_now=True)
    return new, [LaidOff(seat, card, target)]


_STEPS: dict[type, Callable[[HandState, Any], tuple[HandState, list[Event]]]] = {
    Discard: lambda state, action: _discard(state, action.card),
    DrawStock: lambda state, action: _draw_stock(state),
    DrawDiscard: lambda state, action: _draw_discard(state),
    PassUpcard: lambda state, action: _pass(state),
    TurnOver: lambda state, action: _turn_over(state),
    Knock: lambda state, action: _knock(state, action.card, action.melds),
    BigGin: lambda state, action: _knock(state, None, action.melds, "big_gin"),
    LayDown: lambda state, action: _knock(state, None, action.melds, "rum"),
    MeldCards: lambda state, action: _meld(state, action.cards),
    LayOff: lambda state, action: _lay_off(state, action.card, action.target),
    FinishLayoffs: lambda state, action: finish_layoffs(state),
}
"""How each kind of action changes a hand, once :func:`refusal` has allowed it."""
