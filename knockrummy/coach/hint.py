"""Hints: the strongest computer level's move now, with a one-line reason in words.

``hint(view, legal, seed)`` asks the strongest level for the game
(:func:`~knockrummy.coach.advice.hint_level`: ``expert`` in Knock Rummy, two-player
Gin and Rummy, ``hard`` in Gin for 3-4) for its move in exactly this view, so the hint
is always legal and always the move that level would make. ``explain(view, action)``
then says why in plain words, from facts of the view only (:mod:`knockrummy.coach.position`): the
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
    LOW_STOCK,
    STOCK,
    Hint,
    card_bit,
    danger_words,
    hint_level,
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
    live_outs,
    meld_text,
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
from knockrummy.engine.cards import Card, mask_cards
from knockrummy.engine.layoffs import can_lay_off
from knockrummy.engine.melds import best_arrangement, is_meld
from knockrummy.engine.rules import Family
from knockrummy.engine.state import Phase
from knockrummy.engine.view import PlayerView
from knockrummy.i18n import _, ngettext, pgettext
from knockrummy.words.cards import card_label, cards_label


def hint(view: PlayerView, legal: Sequence[Action], seed: int, told: Set[str] = frozenset(),
         ) -> Hint:
    """The hint level's move in ``view`` (``legal``: the legal actions now), explained.

    Use a seed that stays the same for the seat during a match (for example the
    match seed), so asking twice in one position gives the same hint. The game's terms
    are explained in brackets where the reason first uses them, except those in
    ``told`` (explained to this player before: see :func:`terms_used`).
    """
    if not legal:
        raise ValueError("there is no move to suggest now")
    action = make_player(hint_level(view.rules), seed).choose(view, legal)
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
        return Hint(action, kind, _("The hand is over: deal the next one"))
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
    rummy = view.rules.family is Family.RUMMY
    if isinstance(action, DrawDiscard):
        assert up is not None
        after, thrown = _after_taking(pos, up)
        meld = _meld_with(pos, pos.mine | card_bit(up), up)
        if meld is not None and now > after:
            rest = [c for c in meld if c != up]
            if len(rest) >= 3 and is_meld(rest, pos.ace_high):  # a fourth ten, a longer run
                # Translators: {meld} is "run 5♠ 6♠ 7♠ 8♠" or "set 4♠ 4♥ 4♦ 4♣", one
                # already whole without the card taken
                why = _("it adds to your {meld}").format(meld=meld_text(meld, pos.ace_high))
            else:
                # Translators: {meld} is "run 5♠ 6♠ 7♠" or "set 4♠ 4♦ 4♣"
                why = _("it completes your {meld}").format(meld=meld_text(meld, pos.ace_high))
        elif after < now and after < round(expected := pos.expected_after_draw(pos.mine)):
            # (the stock's average worked out only here: it tries every unseen card; "a
            # sure 15 where a stock draw would leave about 15" would say nothing)
            # Translators: {card} is the card that would be thrown for the one taken;
            # {about} is "about 46"
            why = _("it takes the place of your {card}, and leaves a sure {after} where a "
                    "stock draw would leave {about} on average").format(
                        card=card_label(thrown), after=after, about=about(expected))
        else:
            friends, completing = _companions(pos, up)
            if friends:
                why = ngettext("it goes with your {cards}, and {n} unseen card could complete "
                               "the meld",
                               "it goes with your {cards}, and {n} unseen cards could "
                               "complete the meld", completing).format(
                                   cards=cards_label(friends), n=completing)
            else:
                why = _("it gives your hand more chances to improve than a stock draw")
        if rummy:  # Rummy counts every card held; the hints speak of those left unmelded
            # Translators: Rummy; {why} is why the card helps; the points before and after
            reason = _("Take the {card} from the pile: {why} (points you cannot meld "
                       "{before} -> {after})").format(card=card_label(up), why=why,
                                                      before=now, after=after)
        else:
            # Translators: {why} is why the card helps ("it completes your run 5♠ 6♠ 7♠");
            # the deadwood before and after
            reason = _("Take the {card} from the pile: {why} (deadwood {before} -> "
                       "{after})").format(card=card_label(up), why=why, before=now,
                                          after=after)
        return Hint(action, kind, reason, (up,), DISCARD_PILE, deadwood=after)
    outs = len(pos.live_outs(pos.mine))
    expected = pos.expected_after_draw(pos.mine)
    if isinstance(action, PassUpcard):
        # Translators: advice: pass on the up card
        verb = pgettext("advice", "Pass")
    elif isinstance(action, TurnOver):
        verb = pgettext("advice", "Turn the discard pile over")
    else:
        verb = pgettext("advice", "Draw from the stock")
    if up is None:
        # Translators: {move} is "Pass", "Draw from the stock" ...
        reason = _("{move}: the discard pile is empty").format(move=verb)
        return Hint(action, kind, reason, (), STOCK)
    after, _discard = _after_taking(pos, up)
    if after >= now:
        why = _("the {card} does not help your hand").format(card=card_label(up))
    elif after < expected:
        # the up card beats the stock's average on deadwood: the level left it for what
        # a taken card tells the table (and, for ``expert``, what its play-outs found)
        who = (seat_name(pos, (view.seat + 1) % 2) if view.players == 2
               # Translators: who would see a card taken from the pile, at a bigger table
               else _("the other players"))
        # Translators: {who} is a name or "the other players"; the deadwood before, after
        why = (_("the {card} would take the points you cannot meld from {before} to "
                 "{after}, but {who} would see the card you took, and a stock draw shows "
                 "nothing") if rummy else
               _("the {card} would take your deadwood from {before} to {after}, but {who} "
                 "would see the card you took, and a stock draw shows nothing")).format(
                    card=card_label(up), before=now, after=after, who=who)
    else:
        why = (_("the {card} would only take the points you cannot meld from {before} to "
                 "{after}") if rummy else
               _("the {card} would only take your deadwood from {before} to {after}")
               ).format(card=card_label(up), before=now, after=after)
    pile = DISCARD_PILE if isinstance(action, PassUpcard | TurnOver) else STOCK
    if not outs:
        # Translators: {move} is "Pass", "Draw from the stock" ...; {why} the reason
        return Hint(action, kind, _("{move}: {why}").format(move=verb, why=why), (), pile)
    if rummy:
        # Translators: Rummy; {about} is "about 46"
        tail = ngettext("{n} unseen card would complete a meld, and after a stock draw the "
                        "points you cannot meld would be {about} on average",
                        "{n} unseen cards would complete a meld, and after a stock draw the "
                        "points you cannot meld would be {about} on average", outs)
    else:
        # Translators: {about} is "about 46"
        tail = ngettext("{n} unseen card would complete a meld, and after a stock draw your "
                        "deadwood would be {about} on average",
                        "{n} unseen cards would complete a meld, and after a stock draw your "
                        "deadwood would be {about} on average", outs)
    tail = tail.format(n=outs, about=about(expected))
    # Translators: {move} is "Pass", "Draw from the stock" ...; {why} the reason; {chances}
    # "3 unseen cards would complete a meld, and ..."
    reason = _("{move}: {why}; {chances}").format(move=verb, why=why, chances=tail)
    return Hint(action, kind, reason, (), pile)


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
    reason = ngettext("Discard {card}: it leaves you {n} deadwood",
                      "Discard {card}: it leaves you {n} deadwood", after).format(
                          card=card_label(card), n=after)
    if after > lowest:
        alt = max((c for c in options if by_count.get(c.index) == lowest),
                  key=lambda c: (c.value(pos.ace_high), c.index))
        reason = _why_not_lowest(pos, rest, alt, lowest, reason)
    else:
        # Translators: {reason} is "Discard 8♥: it leaves you 5 deadwood"; {safety} says
        # why the discard is safe ("Ada can no longer meld it")
        reason = _("{reason}, and {safety}").format(reason=reason,
                                                    safety=safety_words(pos, card))
    return Hint(action, kind, reason, (card,), deadwood=after)


def _beat_words(pos: Position, lose: float) -> str:
    """How often a knock would be beaten, in words: by the one opponent (named) or by
    "an opponent"."""
    others = pos.opponents
    often = tenths(lose)
    knock = pos.view.rules.family is Family.KNOCK
    if len(others) == 1:
        name = seat_name(pos, others[0])
        # Translators: {often} is "in about 3 of 10 deals of the unseen cards"
        if knock:
            return _("{name} would hold a lower count {often}").format(name=name, often=often)
        # Translators: {often} is "in about 3 of 10 deals of the unseen cards"
        return _("{name} would get under you after layoffs {often}").format(
            name=name, often=often)
    if knock:
        # Translators: {often} is "in about 3 of 10 deals of the unseen cards"
        return _("an opponent would hold a lower count {often}").format(often=often)
    # Translators: {often} is "in about 3 of 10 deals of the unseen cards"
    return _("an opponent would get under you after layoffs {often}").format(often=often)


def _why_not_lowest(pos: Position, rest: int, alt: Card, lowest: int, reason: str) -> str:
    """``reason`` with why keep ``alt`` although discarding it would leave less deadwood
    (``lowest``)."""
    card = card_label(alt)
    danger = danger_words(pos, alt)
    if danger is not None:
        # Translators: {reason} is "Discard 8♥: it leaves you 5 deadwood"; {danger} is
        # "Bob took the 8♥ and could meld it"
        return _("{reason}; the {card} would leave {lowest}, but {danger}").format(
            reason=reason, card=card, lowest=lowest, danger=danger)
    alt_rest = pos.mine & ~card_bit(alt)
    outs = len(pos.live_outs(rest))
    alt_outs = len(pos.live_outs(alt_rest))
    if outs > alt_outs:
        # Translators: {reason} is "Discard 8♥: it leaves you 5 deadwood"; {outs} and
        # {alt_outs} are "3 live outs", "1 live out"
        if alt_outs:
            return _("{reason} and keeps {outs}; the {card} would leave {lowest} but only "
                     "{alt_outs}").format(reason=reason, outs=live_outs(outs), card=card,
                                          lowest=lowest, alt_outs=live_outs(alt_outs))
        # Translators: {reason} is "Discard 8♥: it leaves you 5 deadwood"; {outs} "3 live outs"
        return _("{reason} and keeps {outs}; the {card} would leave {lowest} but no live "
                 "outs").format(reason=reason, outs=live_outs(outs), card=card, lowest=lowest)
    expected = pos.expected_after_draw(rest)
    alt_expected = pos.expected_after_draw(alt_rest)
    if expected < alt_expected - 0.05:
        if round(expected) < round(alt_expected):
            # Translators: deadwood expected after the next draw: "about 8 this way
            # against about 11"
            odds = _("{about} this way against {other}").format(
                about=about(expected), other=about(alt_expected))
        else:
            # Translators: deadwood expected after the next draw; {about} is "about 8"
            odds = _("a little less this way ({about} either way)").format(
                about=about(expected))
        # Translators: {odds} is "about 8 this way against about 11"
        return _("{reason}; the {card} would leave {lowest} now, but after your next draw you "
                 "can expect {odds}").format(reason=reason, card=card, lowest=lowest,
                                             odds=odds)
    for seat in pos.interested(alt):
        shown = [c for c in mask_cards(pos.took[seat] & ~pos.mine)
                 if c.suit == alt.suit or c.rank == alt.rank]
        # Translators: {reason} is "Discard 8♥: it leaves you 5 deadwood"
        return _("{reason}; the {card} would leave {lowest}, but {name} took {cards}").format(
            reason=reason, card=card, lowest=lowest, name=seat_name(pos, seat),
            cards=cards_words(shown))
    # Translators: {reason} is "Discard 8♥: it leaves you 5 deadwood"; {lowest} a count
    return _("{reason}; the {card} would leave less ({lowest}), but with the cards still to "
             "come this discard does a little better: a close call").format(
        reason=reason, card=card, lowest=lowest)


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
        why = _("{name} picked up {cards}, which could be laid off on your melds").format(
            name=seat_name(pos, seat), cards=cards_words(cards))
    elif lose >= 0.3:
        why = _beat_words(pos, lose)
        if rules.knock_penalty:
            # Translators: {why} is "Bob would hold a lower count in about 3 of 10 deals ..."
            why = _("{why} (if someone has a lower count than you, you pay the difference "
                    "and {penalty} more)").format(why=why, penalty=rules.knock_penalty)
    elif gin and view.stock_count > LOW_STOCK:
        why = ngettext("{n} unseen card would give you gin",
                       "{n} unseen cards would give you gin", len(gin)).format(n=len(gin))
    else:
        outs = len(pos.live_outs(rest))
        stock = ngettext("{n} card", "{n} cards", view.stock_count).format(
            n=view.stock_count)
        # Translators: {stock} is "1 card" or "20 cards"
        why = ngettext("{n} unseen card would complete a meld, with {stock} still in the "
                       "stock",
                       "{n} unseen cards would complete a meld, with {stock} still in the "
                       "stock", outs).format(n=outs, stock=stock)
    # Translators: {why} is why a knock is not wise yet ("Bob would hold a lower count ...")
    reason = _("Don't knock yet: discard {card} and play on with {after} deadwood. You could "
               "knock throwing {knock_card} with {knock_count}, but {why}").format(
                   card=card_label(action.card), after=after,
                   knock_card=card_label(knock_card), knock_count=knock_dw, why=why)
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
            reason = _("Rum: discard {card} and show every card matched ({bonus} more from "
                       "each player)").format(card=card_label(card), bonus=rules.rum_bonus)
        else:
            reason = _("Gin: discard {card} and lay everything down (bonus {bonus}, and "
                       "nobody may lay off on your melds)").format(
                           card=card_label(card), bonus=rules.gin_bonus)
        return Hint(action, kind, reason, (card,), melds=melds, deadwood=0)
    lose = 1.0 - pos.knock_odds(count, melds)
    why = _beat_words(pos, lose)
    if lose >= 0.5:
        # Translators: {why} is "Bob would hold a lower count in about 6 of 10 deals ..."
        why = _("{why}, but waiting is worse").format(why=why)
    if view.stock_count <= LOW_STOCK:
        # Translators: {why} is "Bob would hold a lower count in about 3 of 10 deals ..."
        why = ngettext("{why}, and the stock is running low ({n} card left)",
                       "{why}, and the stock is running low ({n} cards left)",
                       view.stock_count).format(why=why, n=view.stock_count)
    if rules.knock_limit is not None:
        # Translators: {why} is "Bob would hold a lower count in about 3 of 10 deals ..."
        reason = _("Knock now, throwing {card}: {count} deadwood, within the limit of "
                   "{limit}; {why}").format(card=card_label(card), count=count,
                                            limit=rules.knock_limit, why=why)
    else:
        # Translators: {why} is "Bob would hold a lower count in about 3 of 10 deals ..."
        reason = _("Knock now, throwing {card}: {count} deadwood; {why}").format(
            card=card_label(card), count=count, why=why)
    return Hint(action, kind, reason, (card,), melds=melds, deadwood=count)


def _all_melded(pos: Position, action: BigGin | LayDown, kind: str) -> Hint:
    rules = pos.view.rules
    melds = action.melds if action.melds is not None else best_arrangement(
        pos.view.hand, pos.ace_high)
    if isinstance(action, BigGin):
        size = len(pos.view.hand)
        reason = ngettext("Big gin: all {n} card are in melds; lay them down without a "
                          "discard for the {bonus} bonus",
                          "Big gin: all {n} cards are in melds; lay them down without a "
                          "discard for the {bonus} bonus", size).format(
                              n=size, bonus=rules.big_gin_bonus)
    else:
        reason = _("Lay down: every card is matched, so you go out without a discard (rum, "
                   "{bonus} from each player)").format(bonus=rules.rum_bonus)
    return Hint(action, kind, reason, tuple(pos.view.hand), melds=melds, deadwood=0)


__all__ = ["Hint", "explain", "hint"]
