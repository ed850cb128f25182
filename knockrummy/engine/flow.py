"""The hand state machine: ``deal``, ``legal_actions`` and ``apply``.

``legal_actions(state)`` is the single source of truth for what may be done;
``apply(state, action)`` returns ``(new_state, events)`` or raises
:class:`IllegalAction` with a reason in words. States are never changed in place.
"""

from __future__ import annotations

import random

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
from knockrummy.engine.cards import DECK, Card, cards_label, cards_mask
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
from knockrummy.engine.layoffs import can_lay_off
from knockrummy.engine.melds import (
    Arrangement,
    arrangements,
    best_arrangement,
    discard_deadwoods_mask,
    is_meld,
    melds_in,
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
    deck = list(DECK)
    random.Random(seed).shuffle(deck)
    hands: list[list[Card]] = [[] for _ in range(players)]
    for _ in range(rules.cards_for(players)):
        for i in range(1, players + 1):
            hands[(dealer + i) % players].append(deck.pop())
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


# ----------------------------------------------------------------------------- legal


def _discardable(state: HandState) -> list[Card]:
    hand = state.hands[state.current]
    if state.taken is None or state.rules.may_discard_taken_upcard:
        return list(hand)
    return [c for c in hand if c is not state.taken]


def _keeps_a_discard(state: HandState, removed: set[Card]) -> bool:
    """Rummy: after melding/laying off ``removed`` the hand must keep a card it may discard."""
    left = [c for c in state.hands[state.current] if c not in removed]
    if state.taken is None or state.rules.may_discard_taken_upcard:
        return bool(left)
    return any(c is not state.taken for c in left)


_DISCARDS = [Discard(c) for c in DECK]
_KNOCKS = [Knock(c) for c in DECK]
_DRAW_STOCK = DrawStock()
_DRAW_DISCARD = DrawDiscard()


def legal_actions(state: HandState) -> list[Action]:
    """Every action the current player may take now (empty once the hand is over)."""
    rules = state.rules
    if state.phase is Phase.HAND_OVER:
        return []
    if state.phase is Phase.UPCARD_OFFER:
        return [_DRAW_DISCARD, PassUpcard()]
    if state.phase is Phase.DRAW:
        actions: list[Action] = []
        if state.stock:
            actions.append(_DRAW_STOCK)
        elif _turn_over_refusal(state) is None:
            actions.append(TurnOver())
        if state.discard:
            actions.append(_DRAW_DISCARD)
        return actions
    if state.phase is Phase.LAYOFF:
        out: list[Action] = []
        for card in state.hands[state.current]:
            for i, tm in enumerate(state.table):
                if can_lay_off(card, tm.cards, tm.original, rules.layoffs, rules.ace_high):
                    out.append(LayOff(card, i))
        out.append(FinishLayoffs())
        return out
    # PLAY
    hand = state.hands[state.current]
    discards = _discardable(state)
    play: list[Action] = [_DISCARDS[c.index] for c in discards]
    if rules.family is Family.RUMMY:
        for meld in melds_in(hand, rules.ace_high):
            if _keeps_a_discard(state, set(meld)):
                play.append(MeldCards(meld))
        for card in hand:
            if not _keeps_a_discard(state, {card}):
                continue
            for i, tm in enumerate(state.table):
                if is_meld([*tm.cards, card], rules.ace_high):
                    play.append(LayOff(card, i))
        return play
    limit = rules.knock_limit
    if limit is None:
        play.extend(_KNOCKS[c.index] for c in discards)
    full = min_deadwood(hand, rules.ace_high)
    # Discarding a card lowers the least deadwood by at most its value (10 at most):
    # most hands are too far from the limit to need the count after each discard.
    if limit is not None and full - 15 <= limit:
        after = discard_deadwoods_mask(cards_mask(hand), rules.ace_high)
        play.extend(_KNOCKS[c.index] for c in discards if after[c.index] <= limit)
    all_melded = full == 0
    if all_melded and rules.big_gin_bonus is not None and len(hand) == state.cards_each + 1:
        play.append(BigGin())
    if all_melded and rules.lay_down_without_discard:
        play.append(LayDown())
    return play


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


def _log(state: HandState, what: str, card: Card | None) -> tuple[LogEntry, ...]:
    return (*state.log, LogEntry(state.current, what, card))


def apply(state: HandState, action: Action) -> tuple[HandState, list[Event]]:
    """Apply ``action`` for the current player; raise :class:`IllegalAction` if not allowed."""
    reason = refusal(state, action)
    if reason is not None:
        raise IllegalAction(reason)
    if type(action) is Discard:
        return _discard(state, action.card)
    if type(action) is DrawStock:
        return _draw_stock(state)
    if type(action) is DrawDiscard:
        return _draw_discard(state)
    if isinstance(action, PassUpcard):
        return _pass(state)
    if isinstance(action, TurnOver):
        return _turn_over(state)
    if isinstance(action, Knock):
        return _knock(state, action.card, action.melds)
    if isinstance(action, (BigGin, LayDown)):
        kind = "big_gin" if isinstance(action, BigGin) else "rum"
        return _knock(state, None, action.melds, kind)
    if isinstance(action, MeldCards):
        return _meld(state, action.cards)
    if isinstance(action, LayOff):
        return _lay_off(state, action.card, action.target)
    if isinstance(action, FinishLayoffs):
        return finish_layoffs(state)
    raise IllegalAction(f"{type(action).__name__} is not a move within a hand")


def refusal(state: HandState, action: Action) -> str | None:
    """Why ``action`` is not allowed now, in words; ``None`` when it is legal."""
    rules = state.rules
    phase = state.phase
    if phase is Phase.HAND_OVER:
        return "The hand is over"
    hand = state.hands[state.current]
    if phase is Phase.UPCARD_OFFER:
        if isinstance(action, (DrawDiscard, PassUpcard)):
            return None
        return "First take the up card or pass"
    if phase is Phase.DRAW:
        if isinstance(action, DrawStock):
            return None if state.stock else "The stock is empty"
        if isinstance(action, DrawDiscard):
            return None if state.discard else "The discard pile is empty"
        if isinstance(action, TurnOver):
            return _turn_over_refusal(state)
        return "Draw a card first, from the stock or the discard pile"
    if phase is Phase.LAYOFF:
        if isinstance(action, FinishLayoffs):
            return None
        if isinstance(action, LayOff):
            return _layoff_refusal(state, action, knocker_melds=True)
        return "Lay off cards onto the knocker's melds, or finish"
    # PLAY
    if isinstance(action, (DrawStock, DrawDiscard, PassUpcard, TurnOver)):
        return "You have already drawn this turn; now discard"
    if isinstance(action, (Discard, Knock)):
        if action.card not in hand:
            return f"The {action.card.name} is not in your hand"
        if action.card is state.taken and not rules.may_discard_taken_upcard:
            return "You may not discard the card you just took from the discard pile"
    if isinstance(action, Discard):
        return None
    if isinstance(action, Knock):
        if rules.family is Family.RUMMY:
            return "There is no knocking in Rummy: go out by melding and discarding"
        rest = [c for c in hand if c is not action.card]
        count = min_deadwood(rest, rules.ace_high)
        if rules.knock_limit is not None and count > rules.knock_limit:
            return (
                f"To knock you need {rules.knock_limit} or less deadwood after the discard; "
                f"throwing {action.card.label} leaves {count}"
            )
        return _melds_refusal(rest, action.melds, rules.ace_high)
    if isinstance(action, (BigGin, LayDown)):
        if rules.family is Family.RUMMY:
            return "Rummy is won by discarding your last card"
        if isinstance(action, BigGin) and rules.big_gin_bonus is None:
            return "These rules have no big gin"
        if isinstance(action, LayDown) and not rules.lay_down_without_discard:
            return "These rules have no laying down without a discard"
        if isinstance(action, BigGin) and len(hand) != state.cards_each + 1:
            return "Big gin needs all your cards after the draw"
        if min_deadwood(hand, rules.ace_high) != 0:
            return "Every card must be in a meld for that"
        return _melds_refusal(list(hand), action.melds, rules.ace_high)
    if isinstance(action, MeldCards):
        if rules.family is not Family.RUMMY:
            return "Melds go on the table only in Rummy; here you show them when the hand ends"
        missing = [c for c in action.cards if c not in hand]
        if missing:
            return f"The {missing[0].name} is not in your hand"
        if len(set(action.cards)) != len(action.cards) or not is_meld(action.cards, rules.ace_high):
            return f"{cards_label(action.cards)} is not a set or a run"
        if not _keeps_a_discard(state, set(action.cards)):
            return "You must keep a card to discard"
        return None
    if isinstance(action, LayOff):
        if rules.family is not Family.RUMMY:
            return "You can lay off only after a knock"
        return _layoff_refusal(state, action, knocker_melds=False)
    if isinstance(action, FinishLayoffs):
        return "There are no layoffs to finish"
    return f"{type(action).__name__} is not a move within a hand"


def _turn_over_refusal(state: HandState) -> str | None:
    """Why the discard pile may not be turned over now, or ``None``."""
    mode = state.rules.stock_out
    if state.stock:
        return "The stock is not empty yet"
    if mode not in (StockOut.CHOICE, StockOut.CHOICE_TURN_UP):
        return "The discard pile is turned over for you"
    if not state.discard:
        return "There is no discard pile to turn over"
    if mode is StockOut.CHOICE_TURN_UP and len(state.discard) < 2:
        # its only card would be turned straight back up: no new stock at all
        return "One card cannot make a new stock: take it from the discard pile"
    return None


def _melds_refusal(cards: list[Card], melds: Arrangement | None, ace_high: bool) -> str | None:
    if melds is None:
        return None
    if not all(melds):
        return "A meld needs at least three cards"
    wanted = tuple(sorted((sort_meld(m, ace_high) for m in melds), key=lambda m: m[0].index))
    for option in arrangements(cards, ace_high):
        if tuple(sorted(option, key=lambda m: m[0].index)) == wanted:
            return None
    return "Those melds are not a best arrangement of your cards"


def _layoff_refusal(state: HandState, action: LayOff, knocker_melds: bool) -> str | None:
    rules = state.rules
    hand = state.hands[state.current]
    if action.card not in hand:
        return f"The {action.card.name} is not in your hand"
    if not 0 <= action.target < len(state.table):
        return "There is no such meld on the table"
    meld = state.table[action.target]
    if knocker_melds:
        if not can_lay_off(action.card, meld.cards, meld.original, rules.layoffs, rules.ace_high):
            return f"The {action.card.name} does not fit that meld"
        return None
    if not is_meld([*meld.cards, action.card], rules.ace_high):
        return f"The {action.card.name} does not fit that meld"
    if not _keeps_a_discard(state, {action.card}):
        return "You must keep a card to discard"
    return None


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
        return void_hand(
            state, f"Only {len(state.stock)} cards left in the stock: the hand is void", events
        )
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
    hand = state.hands[seat] if card is None else _without(state.hands[seat], card)
    count = min_deadwood(hand, rules.ace_high)
    if kind is None:
        kind = ("rum" if rules.family is Family.KNOCK else "gin") if count == 0 else "knock"
    face_down = rules.family in (Family.GIN, Family.GIN_MULTI)
    chosen = melds if melds is not None else best_arrangement(hand, rules.ace_high)
    chosen = tuple(sort_meld(m, rules.ace_high) for m in chosen)
    new = evolve(
        state,
        hands=_set_seat(state.hands, seat, hand),
        public_taken=_set_seat(
            state.public_taken,
            seat,
            state.public_taken[seat] if card is None else _without(state.public_taken[seat], card),
        ),
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
