"""Hints: the strongest computer level's move now, with a one-line reason in words.

``hint(view, legal, seed)`` asks ``make_player("hard", seed)`` for its move in
exactly this view, so the hint is always legal and always the move the
``hard`` level would make. ``explain(view, action)`` then says why in plain
words, from facts of the view only (:mod:`knockrummy.coach.position`): the
deadwood the move leaves (the engine's figure), the live outs, what the
opponents have taken, thrown or passed on, the stock and the knock limit. It
also names what the table should highlight: cards of the hand, a pile, a meld.

>>> from knockrummy.engine import PRESETS, new_match, observe, legal_actions
>>> m = new_match(PRESETS["knock"], 2, seed=4, names=["Ann", "Bob"])
>>> h = hint(observe(m, m.hand.current), legal_actions(m), seed=1)
>>> h.action in legal_actions(m), h.pile in ("stock", "discard")
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence, Set
from dataclasses import replace

from knockrummy.ai import make_player
from knockrummy.coach.advice import (
    DISCARD_PILE,
    HINT_LEVEL,
    LOW_STOCK,
    STOCK,
    Hint,
    card_bit,
    danger_words,
    safety_words,
    seat_name,
)
from knockrummy.coach.position import TRIPLES, Position, read_position
from knockrummy.coach.table_reasons import (
    finish_layoffs,
    gin_layoff,
    rummy_discard,
    rummy_table_play,
)
from knockrummy.coach.words import (
    about,
    cards_words,
    explain_terms,
    meld_text,
    plural,
    tenths,
)
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
    action_to_json,
)
from knockrummy.engine.cards import Card, cards_label, mask_cards
from knockrummy.engine.layoffs import can_lay_off
from knockrummy.engine.melds import best_arrangement
from knockrummy.engine.rules import Family
from knockrummy.engine.state import Phase
from knockrummy.engine.view import PlayerView


def hint(view: PlayerView, legal: Sequence[Action], seed: int, told: Set[str] = frozenset(),
         ) -> Hint:
    """The ``hard`` player's move in ``view`` (``legal``: the legal actions now), explained.

    Use a seed that stays the same for the seat during a match (for example the
    match seed), so asking twice in one position gives the same hint. The game's terms
    are explained in brackets where the reason first uses them, except those in
    ``told`` (explained to this player before: see :func:`terms_used`).
    """
    if not legal:
        raise ValueError("there is no move to suggest now")
    action = make_player(HINT_LEVEL, seed).choose(view, legal)
    given = plain_hint(view, action, legal)
    return replace(given, reason=explain_terms([given.reason], skip=told)[0])


def explain(view: PlayerView, action: Action, legal: Sequence[Action] = ()) -> Hint:
    """Why ``action`` in ``view``: a :class:`Hint` for any move, not only the hard player's.

    ``legal`` (the legal actions) lets the reason mention the alternatives, for
    example "don't knock yet" when a knock was possible.
    """
    given = plain_hint(view, action, legal)
    return replace(given, reason=explain_terms([given.reason])[0])


def plain_hint(view: PlayerView, action: Action, legal: Sequence[Action] = ()) -> Hint:
    """:func:`explain` without the meanings of the game's terms in brackets, for texts
    that explain them once for all their lines (the hand review)."""
    pos = read_position(view)
    kind = action_to_json(action)["type"]
    if isinstance(action, NextHand):
        return Hint(action, kind, "The hand is over: deal the next one")
    if isinstance(action, (DrawDiscard, DrawStock, PassUpcard, TurnOver)):
        return _draw(pos, action, kind)
    if isinstance(action, Knock):
        return _knock(pos, action, kind)
    if isinstance(action, (BigGin, LayDown)):
        return _all_melded(pos, action, kind)
    if isinstance(action, FinishLayoffs):
        return finish_layoffs(pos, action, kind)
    if isinstance(action, LayOff):
        if view.phase is Phase.LAYOFF:
            return gin_layoff(pos, action, kind)
        return rummy_table_play(pos, action, kind, action.card, (action.card,))
    if isinstance(action, MeldCards):
        return rummy_table_play(pos, action, kind, None, action.cards)
    if view.rules.family is Family.RUMMY:
        return rummy_discard(pos, action, kind)
    return _discard(pos, action, kind, legal)


# ---------------------------------------------------------------------- helpers


def _after_taking(pos: Position, card: Card) -> tuple[int, Card]:
    """Deadwood after taking ``card`` from the pile and the best discard, and that discard."""
    grown = pos.mine | card_bit(card)
    after = pos.after_discards(grown)
    if not pos.view.rules.may_discard_taken_upcard:
        after.pop(card.index, None)
    values = {i: mask_cards(1 << i)[0].value(pos.ace_high) for i in after}
    index = min(after, key=lambda i: (after[i], -values[i], -i))
    return after[index], mask_cards(1 << index)[0]


def _meld_with(pos: Position, hand: int, card: Card) -> tuple[Card, ...] | None:
    """The meld ``card`` sits in, in the best arrangement of ``hand``."""
    for meld in best_arrangement(mask_cards(hand), pos.ace_high):
        if card in meld:
            return meld
    return None


def _companions(pos: Position, card: Card) -> tuple[list[Card], int]:
    """My cards that ``card`` would start a meld with, and how many unseen cards
    could complete such a meld."""
    friends = 0
    completing = 0
    for meld in TRIPLES[pos.ace_high][card.index]:
        others = meld & ~card_bit(card)
        mine = others & pos.mine
        if mine and others & ~pos.mine & pos.unseen:
            friends |= mine
            completing |= others & ~pos.mine & pos.unseen
    return mask_cards(friends), completing.bit_count()


# ---------------------------------------------------------------------- draws


def _draw(pos: Position, action: Action, kind: str) -> Hint:
    view = pos.view
    up = view.upcard
    now = pos.hand_deadwood
    if isinstance(action, DrawDiscard):
        assert up is not None
        after, _ = _after_taking(pos, up)
        meld = _meld_with(pos, pos.mine | card_bit(up), up)
        if meld is not None and now > after:
            why = f"it completes your {meld_text(meld, pos.ace_high)}"
        elif after < now:
            why = "it is lower than the cards it replaces"
        else:
            friends, completing = _companions(pos, up)
            if friends:
                why = (f"it goes with your {cards_label(friends)}, and "
                       f"{plural(completing, 'unseen card')} could complete the meld")
            else:
                why = "it gives your hand more chances to improve than a stock draw"
        reason = f"Take the {up.label} from the pile: {why} (deadwood {now} -> {after})"
        return Hint(action, kind, reason, (up,), DISCARD_PILE, deadwood=after)
    outs = len(pos.live_outs(pos.mine))
    expected = pos.expected_after_draw(pos.mine)
    if isinstance(action, PassUpcard):
        verb = "Pass"
    elif isinstance(action, TurnOver):
        verb = "Turn the discard pile over"
    else:
        verb = "Draw from the stock"
    if up is None:
        reason = f"{verb}: the discard pile is empty"
        return Hint(action, kind, reason, (), STOCK)
    after, _ = _after_taking(pos, up)
    if after >= now:
        why = f"the {up.label} does not help your hand"
    else:
        why = f"the {up.label} would only take your deadwood from {now} to {after}"
    tail = (f"; {plural(outs, 'unseen card')} would complete a meld, and after a stock "
            f"draw your deadwood would be {about(expected)} on average") if outs else ""
    pile = DISCARD_PILE if isinstance(action, PassUpcard | TurnOver) else STOCK
    return Hint(action, kind, f"{verb}: {why}{tail}", (), pile)


# ---------------------------------------------------------------------- discards


def _discard(pos: Position, action: Action, kind: str, legal: Sequence[Action]) -> Hint:
    assert isinstance(action, Discard)
    card = action.card
    rest = pos.mine & ~card_bit(card)
    after = pos.deadwood(rest)
    knocks = [a.card for a in legal if isinstance(a, Knock)]
    if knocks:
        return _dont_knock(pos, action, kind, knocks, after)
    options = [a.card for a in legal if isinstance(a, Discard)] or mask_cards(pos.mine)
    by_count = pos.after_discards(pos.mine)
    lowest = min(by_count.get(c.index, 1 << 20) for c in options)
    reason = f"Discard {card.label}: it leaves you {after} deadwood"
    if after > lowest:
        alt = max((c for c in options if by_count.get(c.index) == lowest),
                  key=lambda c: (c.value(pos.ace_high), c.index))
        reason += _why_not_lowest(pos, rest, alt, lowest)
    else:
        reason += f", and {safety_words(pos, card)}"
    return Hint(action, kind, reason, (card,), deadwood=after)


def _beaters(pos: Position) -> str:
    """Who could beat a knock: the opponent's name, or "an opponent"."""
    others = pos.opponents
    return seat_name(pos, others[0]) if len(others) == 1 else "an opponent"


def _beat_words(pos: Position, lose: float) -> str:
    """How often a knock would be beaten, in words."""
    if pos.view.rules.family is Family.KNOCK:
        return f"{_beaters(pos)} would hold a lower count {tenths(lose)}"
    return f"{_beaters(pos)} would get under you after layoffs {tenths(lose)}"


def _why_not_lowest(pos: Position, rest: int, alt: Card, lowest: int) -> str:
    """Why keep ``alt`` although discarding it would leave less deadwood (``lowest``)."""
    danger = danger_words(pos, alt)
    if danger is not None:
        return f"; the {alt.label} would leave {lowest}, but {danger}"
    alt_rest = pos.mine & ~card_bit(alt)
    outs = len(pos.live_outs(rest))
    alt_outs = len(pos.live_outs(alt_rest))
    if outs > alt_outs:
        return (f" and keeps {plural(outs, 'live out')}; the {alt.label} would leave {lowest} "
                f"but {'only ' + plural(alt_outs, 'live out') if alt_outs else 'no live outs'}")
    expected = pos.expected_after_draw(rest)
    alt_expected = pos.expected_after_draw(alt_rest)
    if expected < alt_expected - 0.05:
        if round(expected) < round(alt_expected):
            odds = f"{about(expected)} this way against {about(alt_expected)}"
        else:
            odds = f"a little less this way ({about(expected)} either way)"
        return (f"; the {alt.label} would leave {lowest} now, but after your next draw you "
                f"can expect {odds}")
    for seat in pos.interested(alt):
        shown = [c for c in mask_cards(pos.took[seat] & ~pos.mine)
                 if c.suit == alt.suit or c.rank == alt.rank]
        who = seat_name(pos, seat)
        return f"; the {alt.label} would leave {lowest}, but {who} took {cards_words(shown)}"
    return f"; a close call with the {alt.label}, which would leave {lowest}"


def _dont_knock(pos: Position, action: Discard, kind: str, knocks: list[Card],
                after: int) -> Hint:
    view = pos.view
    rules = view.rules
    knock_card = min(knocks, key=lambda c: (pos.deadwood(pos.mine & ~card_bit(c)), -c.index))
    kept = pos.mine & ~card_bit(knock_card)
    knock_dw = pos.deadwood(kept)
    lose = 1.0 - pos.knock_odds(knock_dw, best_arrangement(mask_cards(kept), pos.ace_high))
    rest = pos.mine & ~card_bit(action.card)
    layable = _layoff_risk(pos, kept) if rules.family is not Family.KNOCK else None
    gin = pos.gin_outs(rest) if rules.family is not Family.KNOCK else []
    if layable:
        seat, cards = layable
        why = (f"{seat_name(pos, seat)} picked up {cards_words(cards)}, which could be laid off "
               "on your melds")
    elif lose >= 0.3:
        why = _beat_words(pos, lose)
        if rules.knock_penalty:
            why += (f" (if someone has a lower count than you, you pay the difference "
                    f"and {rules.knock_penalty} more)")
    elif gin and view.stock_count > LOW_STOCK:
        why = f"{plural(len(gin), 'unseen card')} would give you gin"
    else:
        outs = len(pos.live_outs(rest))
        why = (f"{plural(outs, 'unseen card')} would complete a meld, with "
               f"{plural(view.stock_count, 'card')} still in the stock")
    reason = (f"Don't knock yet: discard {action.card.label} and play on with {after} "
              f"deadwood. You could knock throwing {knock_card.label} with {knock_dw}, but "
              f"{why}")
    return Hint(action, kind, reason, (action.card,), deadwood=after)


def _layoff_risk(pos: Position, hand: int) -> tuple[int, list[Card]] | None:
    """An opponent known to hold cards it could lay off on my melds."""
    rules = pos.view.rules
    melds = best_arrangement(mask_cards(hand), pos.ace_high)
    for seat in pos.opponents:
        fits = [c for c in mask_cards(pos.held[seat])
                if any(can_lay_off(c, m, m, rules.layoffs, pos.ace_high) for m in melds)]
        if fits:
            return seat, fits
    return None


# ---------------------------------------------------------------------- knocks


def _knock(pos: Position, action: Knock, kind: str) -> Hint:
    view = pos.view
    rules = view.rules
    card = action.card
    kept = mask_cards(pos.mine & ~card_bit(card))
    melds = action.melds if action.melds is not None else best_arrangement(kept, pos.ace_high)
    count = pos.deadwood(pos.mine & ~card_bit(card))
    if count == 0:
        if rules.family is Family.KNOCK:
            reason = (f"Rum: discard {card.label} and show every card matched "
                      f"({rules.rum_bonus} more from each player)")
        else:
            reason = (f"Gin: discard {card.label} and lay everything down "
                      f"(bonus {rules.gin_bonus}, and nobody may lay off on your melds)")
        return Hint(action, kind, reason, (card,), melds=melds, deadwood=0)
    limit = f", within the limit of {rules.knock_limit}" if rules.knock_limit is not None else ""
    lose = 1.0 - pos.knock_odds(count, melds)
    why = _beat_words(pos, lose)
    if lose >= 0.5:
        why += ", but waiting is worse"
    if view.stock_count <= LOW_STOCK:
        why += f", and the stock is running low ({plural(view.stock_count, 'card')} left)"
    reason = f"Knock now, throwing {card.label}: {count} deadwood{limit}; {why}"
    return Hint(action, kind, reason, (card,), melds=melds, deadwood=count)


def _all_melded(pos: Position, action: BigGin | LayDown, kind: str) -> Hint:
    rules = pos.view.rules
    melds = action.melds if action.melds is not None else best_arrangement(
        pos.view.hand, pos.ace_high)
    if isinstance(action, BigGin):
        reason = (f"Big gin: all {plural(len(pos.view.hand), 'card')} are in melds; "
                  f"lay them down without a discard for the {rules.big_gin_bonus} bonus")
    else:
        reason = ("Lay down: every card is matched, so you go out without a discard "
                  f"(rum, {rules.rum_bonus} from each player)")
    return Hint(action, kind, reason, tuple(pos.view.hand), melds=melds, deadwood=0)


__all__ = ["HINT_LEVEL", "Hint", "explain", "hint"]
