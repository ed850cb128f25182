"""The checks behind legality: for each kind of action, why one is refused, and which
actions of the kind could be legal at all.

Each ``*_refusal(state, action)`` returns a :class:`Refusal` (a code and its values: the
words are made above the engine, in :mod:`knockrummy.words.refusals`), or ``None`` when
the action is legal. Each ``*_candidates(state)`` lists, in the order the game offers
them, every action of its kind that its check might accept (every card in the hand,
every card onto every table meld, every meld in the hand). ``knockrummy.engine.legality``
puts them together, phase by phase.

>>> from knockrummy.engine.flow import deal
>>> from knockrummy.engine.rules import PRESETS
>>> state, _ = deal(PRESETS["gin"], 2, 0, seed=7)
>>> stock_refusal(state, DrawStock()) is None
True
>>> discard_refusal(state, Discard(state.stock[0]))
Refusal('card_not_in_hand', card=Card('5H'))
>>> turn_over_refusal(state)
Refusal('stock_not_empty')
"""

from __future__ import annotations

from knockrummy.engine.actions import (
    BigGin,
    Discard,
    DrawDiscard,
    DrawStock,
    Knock,
    LayDown,
    LayOff,
    MeldCards,
    TurnOver,
)
from knockrummy.engine.cards import DECK, Card, cards_mask
from knockrummy.engine.codes import Refusal
from knockrummy.engine.layoffs import can_lay_off
from knockrummy.engine.melds import (
    Arrangement,
    arrangements,
    discard_deadwoods_mask,
    is_meld,
    melds_in,
    min_deadwood,
    sort_meld,
)
from knockrummy.engine.rules import StockOut
from knockrummy.engine.state import HandState

#: one discard and one knock per card, by ``card.index``, made once (actions are values)
DISCARDS = [Discard(c) for c in DECK]
KNOCKS = [Knock(c) for c in DECK]
#: refusals without values, made once (they are values)
_STOCK_EMPTY = Refusal.of("stock_empty")
_PILE_EMPTY = Refusal.of("discard_pile_empty")
_TAKEN_KEPT = Refusal.of("taken_card_kept")
_KEEP_A_DISCARD = Refusal.of("keep_a_discard")

# ----------------------------------------------------------------------------- drawing


def stock_refusal(state: HandState, action: DrawStock) -> Refusal | None:
    """Drawing from the stock needs a stock."""
    return None if state.stock else _STOCK_EMPTY


def discard_pile_refusal(state: HandState, action: DrawDiscard) -> Refusal | None:
    """Taking the top discard needs a discard pile."""
    return None if state.discard else _PILE_EMPTY


def turn_over_refusal(state: HandState, action: TurnOver | None = None) -> Refusal | None:
    """Why the discard pile may not be turned over now, or ``None``."""
    mode = state.rules.stock_out
    if state.stock:
        return Refusal.of("stock_not_empty")
    if mode not in (StockOut.CHOICE, StockOut.CHOICE_TURN_UP):
        return Refusal.of("pile_turned_for_you")
    if not state.discard:
        return Refusal.of("no_pile_to_turn")
    if mode is StockOut.CHOICE_TURN_UP and len(state.discard) < 2:
        # its only card would be turned straight back up: no new stock at all
        return Refusal.of("one_card_no_stock")
    return None


# ----------------------------------------------------------------------------- discarding


def card_refusal(state: HandState, card: Card) -> Refusal | None:
    """Why ``card`` may not leave the hand by a discard or a knock, or ``None``."""
    if card not in state.hands[state.current]:
        return Refusal.of("card_not_in_hand", card=card)
    if card is state.taken and not state.rules.may_discard_taken_upcard:
        return _TAKEN_KEPT
    return None


def discard_refusal(state: HandState, action: Discard) -> Refusal | None:
    """A discard needs a card of the hand that may be thrown."""
    return card_refusal(state, action.card)


def discard_candidates(state: HandState) -> list[Discard]:
    """A discard of every card in the hand."""
    return [DISCARDS[c.index] for c in state.hands[state.current]]


def discards(state: HandState) -> list[Discard]:
    """The legal discards, quickly: the candidates :func:`discard_refusal` accepts."""
    return [DISCARDS[c.index] for c in _discardable(state)]


def _discardable(state: HandState) -> list[Card]:
    hand = state.hands[state.current]
    if state.taken is None or state.rules.may_discard_taken_upcard:
        return list(hand)
    return [c for c in hand if c is not state.taken]


# ----------------------------------------------------------------------------- knocking


def knock_refusal(state: HandState, action: Knock) -> Refusal | None:
    """A knock: a card that may be thrown, little enough deadwood left, true melds."""
    rules = state.rules
    reason = card_refusal(state, action.card)
    if reason is not None:
        return reason
    rest = [c for c in state.hands[state.current] if c is not action.card]
    count = min_deadwood(rest, rules.ace_high)
    if rules.knock_limit is not None and count > rules.knock_limit:
        return Refusal.of("knock_too_much", limit=rules.knock_limit, card=action.card,
                          count=count)
    return melds_refusal(rest, action.melds, rules.ace_high)


def knock_candidates(state: HandState) -> list[Knock]:
    """A knock discarding each card in the hand."""
    return [KNOCKS[c.index] for c in state.hands[state.current]]


def knocks(state: HandState) -> list[Knock]:
    """The legal knocks, quickly: the candidates :func:`knock_refusal` accepts, found with
    one pass of the solver over the hand instead of one per card."""
    limit = state.rules.knock_limit
    if limit is None:
        return [KNOCKS[c.index] for c in _discardable(state)]
    # Discarding a card lowers the least deadwood by at most its value (10 at most):
    # most hands are too far from the limit to need the count after each discard.
    if hand_deadwood(state) - 15 > limit:
        return []
    after = discard_deadwoods_mask(cards_mask(state.hands[state.current]), state.rules.ace_high)
    return [KNOCKS[c.index] for c in _discardable(state) if after[c.index] <= limit]


def big_gin_refusal(state: HandState, action: BigGin) -> Refusal | None:
    """Big gin: rules that have it, every card after the draw, all of them melded."""
    if state.rules.big_gin_bonus is None:
        return Refusal.of("no_big_gin")
    if len(state.hands[state.current]) != state.cards_each + 1:
        return Refusal.of("big_gin_all_cards")
    return _all_melded_refusal(state, action.melds)


def lay_down_refusal(state: HandState, action: LayDown) -> Refusal | None:
    """Laying down without a discard: rules that allow it, every card melded."""
    if not state.rules.lay_down_without_discard:
        return Refusal.of("no_lay_down")
    return _all_melded_refusal(state, action.melds)


def _all_melded_refusal(state: HandState, melds: Arrangement | None) -> Refusal | None:
    if hand_deadwood(state) != 0:
        return Refusal.of("all_melded_needed")
    return melds_refusal(list(state.hands[state.current]), melds, state.rules.ace_high)


def melds_refusal(cards: list[Card], melds: Arrangement | None, ace_high: bool) -> Refusal | None:
    """Melds a player names for a knock must be a best arrangement of ``cards``
    (``None``: the engine picks the first one)."""
    if melds is None:
        return None
    if not all(melds):
        return Refusal.of("meld_too_short")
    wanted = tuple(sorted((sort_meld(m, ace_high) for m in melds), key=lambda m: m[0].index))
    for option in arrangements(cards, ace_high):
        if tuple(sorted(option, key=lambda m: m[0].index)) == wanted:
            return None
    return Refusal.of("not_best_melds")


_memo: tuple[tuple[Card, ...] | None, bool, int] = (None, False, 0)


def hand_deadwood(state: HandState) -> int:
    """The least deadwood of the current player's whole hand.

    Listing a state's actions asks for it up to three times (knocks, big gin, laying
    down), so the last answer is kept, keyed by the very hand tuple it is for (held,
    so its identity cannot be reused) and the ace rule.
    """
    global _memo
    hand = state.hands[state.current]
    ace_high = state.rules.ace_high
    memo = _memo
    if memo[0] is hand and memo[1] is ace_high:
        return memo[2]
    count = min_deadwood(hand, ace_high)
    _memo = (hand, ace_high, count)
    return count


# ----------------------------------------------------------------------------- Rummy's table


def keeps_a_discard(state: HandState, removed: set[Card]) -> bool:
    """Rummy: after melding/laying off ``removed`` the hand must keep a card it may discard."""
    left = [c for c in state.hands[state.current] if c not in removed]
    if state.taken is None or state.rules.may_discard_taken_upcard:
        return bool(left)
    return any(c is not state.taken for c in left)


def meld_refusal(state: HandState, action: MeldCards) -> Refusal | None:
    """Rummy: a meld from the hand goes on the table if a card is left to discard."""
    hand = state.hands[state.current]
    missing = [c for c in action.cards if c not in hand]
    if missing:
        return Refusal.of("card_not_in_hand", card=missing[0])
    if len(set(action.cards)) != len(action.cards) or not is_meld(
        action.cards, state.rules.ace_high
    ):
        return Refusal.of("not_a_meld", cards=tuple(action.cards))
    if not keeps_a_discard(state, set(action.cards)):
        return _KEEP_A_DISCARD
    return None


def meld_candidates(state: HandState) -> list[MeldCards]:
    """Every meld in the hand, in display order."""
    return [MeldCards(m) for m in melds_in(state.hands[state.current], state.rules.ace_high)]


def table_layoff_refusal(state: HandState, action: LayOff) -> Refusal | None:
    """Rummy: a card onto any meld on the table that it extends, keeping a discard."""
    reason = _layoff_target_refusal(state, action)
    if reason is not None:
        return reason
    if not is_meld([*state.table[action.target].cards, action.card], state.rules.ace_high):
        return Refusal.of("does_not_fit", card=action.card)
    if not keeps_a_discard(state, {action.card}):
        return _KEEP_A_DISCARD
    return None


def table_layoffs(state: HandState) -> list[LayOff]:
    """Rummy's legal layoffs, quickly: the candidates :func:`table_layoff_refusal`
    accepts, asking once per card whether it leaves a discard."""
    ace_high = state.rules.ace_high
    out: list[LayOff] = []
    for card in state.hands[state.current]:
        if keeps_a_discard(state, {card}):
            out += [
                LayOff(card, i)
                for i, meld in enumerate(state.table)
                if is_meld([*meld.cards, card], ace_high)
            ]
    return out


def knocker_layoff_refusal(state: HandState, action: LayOff) -> Refusal | None:
    """After a knock: a card onto the knocker's melds as the rules' layoffs allow."""
    reason = _layoff_target_refusal(state, action)
    if reason is not None:
        return reason
    rules = state.rules
    meld = state.table[action.target]
    if not can_lay_off(action.card, meld.cards, meld.original, rules.layoffs, rules.ace_high):
        return Refusal.of("does_not_fit", card=action.card)
    return None


def _layoff_target_refusal(state: HandState, action: LayOff) -> Refusal | None:
    if action.card not in state.hands[state.current]:
        return Refusal.of("card_not_in_hand", card=action.card)
    if not 0 <= action.target < len(state.table):
        return Refusal.of("no_such_meld")
    return None


def layoff_candidates(state: HandState) -> list[LayOff]:
    """Every card in the hand onto every meld on the table, card by card."""
    targets = range(len(state.table))
    return [LayOff(card, i) for card in state.hands[state.current] for i in targets]
