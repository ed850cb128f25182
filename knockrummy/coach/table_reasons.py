"""Reasons for moves on the table: laying off after a knock, and Rummy's melds,
layoffs and discards."""

from __future__ import annotations

from collections.abc import Sequence

from knockrummy.ai.expert import EXPERT_RUMMY
from knockrummy.ai.rummy import RummyPlayer, out_discard
from knockrummy.coach.advice import Hint, card_bit, safety_words, seat_name
from knockrummy.coach.position import Position
from knockrummy.coach.words import cards_words, meld_text, points
from knockrummy.engine.actions import Action, Discard, FinishLayoffs, LayOff
from knockrummy.engine.cards import Card, cards_mask, mask_cards
from knockrummy.engine.layoffs import best_layoffs, can_lay_off
from knockrummy.engine.melds import best_arrangement, fits_meld
from knockrummy.i18n import _, ngettext
from knockrummy.words.cards import card_label


def gin_layoff(pos: Position, action: LayOff, kind: str) -> Hint:
    """Laying off onto the knocker's melds: the meld and the count it leads to."""
    view = pos.view
    tm = view.table[action.target]
    before = pos.hand_deadwood
    targets = [(m.cards, m.original) for m in view.table]
    _plays, best = best_layoffs(view.hand, targets, view.rules.layoffs, pos.ace_high)
    values = {"card": card_label(action.card), "meld": meld_text(tm.cards, pos.ace_high),
              "before": before, "after": best}
    if tm.owner == view.seat:
        # Translators: {meld} is "run 5♠ 6♠ 7♠" or "set 4♠ 4♦ 4♣"
        reason = _("Lay off {card} on your {meld}: laying off takes your count from "
                   "{before} to {after}").format(**values)
    else:
        # Translators: {meld} is "run 5♠ 6♠ 7♠" or "set 4♠ 4♦ 4♣"; {name} owns the meld
        reason = _("Lay off {card} on {name}'s {meld}: laying off takes your count from "
                   "{before} to {after}").format(name=seat_name(pos, tm.owner), **values)
    return Hint(action, kind, reason, (action.card,), target=action.target, deadwood=best)


def finish_layoffs(pos: Position, action: FinishLayoffs, kind: str) -> Hint:
    """Done laying off: why nothing more goes down, and the count."""
    view = pos.view
    rules = view.rules
    count = pos.hand_deadwood
    fits = [c for c in view.hand for m in view.table
            if can_lay_off(c, m.cards, m.original, rules.layoffs, pos.ace_high)]
    if not fits:
        reason = _("Finish laying off: none of your cards fits the knocker's melds; your "
                   "count is {count}").format(count=count)
    else:
        reason = _("Finish laying off: laying off {cards} would break your own melds and "
                   "not lower your count; your count is {count}").format(
                       cards=cards_words(fits[:2]), count=count)
    return Hint(action, kind, reason, deadwood=count)


# ---------------------------------------------------------------------- Rummy


def _going_out_card(pos: Position) -> Card | None:
    """A discard after which every other card can be melded or laid off this turn."""
    view = pos.view
    discards = (c for c in view.hand
                if c is not view.taken or view.rules.may_discard_taken_upcard)
    return out_discard(pos.mine, discards, view)


#: the Rummy player the hints follow (:data:`HINT_LEVELS`), whose meld-or-hold test the words read
_HINT_RUMMY = RummyPlayer(0, "expert", EXPERT_RUMMY, "Expert")


def _play_now(pos: Position) -> str | None:
    """Why the hint's player puts melds down this turn, or ``None`` when it keeps them in
    hand: the Rummy policy's own test (:meth:`RummyPlayer.play_now`), so the words
    always agree with the move (the Rummy hints are ``expert``'s: :data:`HINT_LEVELS`)."""
    return _HINT_RUMMY.play_now(pos.view)


def rummy_table_play(pos: Position, action: Action, kind: str, layoff: Card | None,
                      cards: Sequence[Card]) -> Hint:
    """Rummy: why meld or lay off now rather than hold the cards."""
    view = pos.view
    if isinstance(action, LayOff):
        tm = view.table[action.target]
        assert layoff is not None
        # Translators: {meld} is "run 5♠ 6♠ 7♠" or "set 4♠ 4♦ 4♣"
        what = _("Lay off {card} on the {meld}").format(
            card=card_label(layoff), meld=meld_text(tm.cards, pos.ace_high))
        target: int | None = action.target
    else:
        # Translators: {meld} is "run 5♠ 6♠ 7♠" or "set 4♠ 4♦ 4♣"
        what = _("Meld the {meld}").format(meld=meld_text(cards, pos.ace_high))
        target = None
    out = _going_out_card(pos)
    value = sum(c.value(pos.ace_high) for c in cards)
    reason = None if out is not None else _play_now(pos)  # going out needs no other reason
    if out is not None:
        melded = view.melded_before and view.melded_before[view.seat]
        if view.rules.rummy_doubles and not melded:
            why = _("you can go out this turn, then discard the {card}, all in this one "
                    "turn: rummy, which doubles your score").format(card=card_label(out))
        else:
            why = _("you can go out this turn, then discard the {card}").format(
                card=card_label(out))
    elif reason == "near_out":
        _hold, near_out = _HINT_RUMMY.holding(view)
        others = [s for s in pos.opponents if view.hand_sizes[s] <= near_out]
        seat = min(others, key=lambda s: view.hand_sizes[s])
        size = view.hand_sizes[seat]
        # Translators: {points} is "1 point" or "5 points"
        why = ngettext("{name} has only {n} card and may go out next turn; cards on the "
                       "table no longer count against you ({points})",
                       "{name} has only {n} cards and may go out next turn; cards on the "
                       "table no longer count against you ({points})", size).format(
                           name=seat_name(pos, seat), n=size, points=points(value))
    elif reason == "stock_out":
        why = ngettext("the stock has run out once, so the round may end soon "
                       "({n} point safe)",
                       "the stock has run out once, so the round may end soon "
                       "({n} points safe)", value).format(n=value)
    elif reason == "melded":
        why = ngettext("you have melded before, so rummy is no longer possible, and that "
                       "takes {n} point out of your hand before anyone goes out",
                       "you have melded before, so rummy is no longer possible, and that "
                       "takes {n} points out of your hand before anyone goes out",
                       value).format(n=value)
    else:
        why = ngettext("too many cards are left over to hope for rummy, so take {n} point "
                       "out of your hand before anyone goes out",
                       "too many cards are left over to hope for rummy, so take {n} points "
                       "out of your hand before anyone goes out", value).format(n=value)
    rest = pos.mine & ~cards_mask(cards)
    # Translators: {what} is "Meld the run 5♠ 6♠ 7♠" or "Lay off 8♥ on the run ...";
    # {why} the reason
    said = _("{what} now: {why}").format(what=what, why=why)
    return Hint(action, kind, said, tuple(cards), target=target,
                deadwood=pos.deadwood(rest))


def rummy_discard(pos: Position, action: Action, kind: str) -> Hint:
    """Rummy: a discard, going out, or holding melds back for rummy."""
    assert isinstance(action, Discard)
    view = pos.view
    card = action.card
    rest = pos.mine & ~card_bit(card)
    if not rest:
        seat = view.seat
        rummy = view.rules.rummy_doubles and not (view.melded_before and view.melded_before[seat])
        if rummy:
            reason = _("Discard {card} and go out in one turn: rummy, the score is doubled: "
                       "you score the cards left in the other hands").format(
                           card=card_label(card))
        else:
            reason = _("Discard {card} and go out: you score the cards left in the other "
                       "hands").format(card=card_label(card))
        return Hint(action, kind, reason, (card,), deadwood=0)
    after = pos.deadwood(rest)
    reason = ngettext("Discard {card}: it leaves you {n} point you cannot meld or lay off",
                      "Discard {card}: it leaves you {n} points you cannot meld or lay off",
                      after).format(card=card_label(card), n=after)
    held_melds = best_arrangement(mask_cards(rest), pos.ace_high)
    # Translators: {reason} is "Discard 8♥: it leaves you 5 points you cannot meld or lay off"
    if held_melds and _play_now(pos) is None:
        if view.rules.rummy_doubles:
            # Translators: {reason} is "Discard 8♥: it leaves you 5 points you cannot meld ..."
            reason = _("{reason}; keep your melds in hand for a chance at rummy (going out in "
                       "one turn, having melded nothing before, doubles the score)").format(
                           reason=reason)
        else:
            # Translators: {reason} is "Discard 8♥: it leaves you 5 points you cannot meld ..."
            reason = _("{reason}; keep your melds in hand, so nobody can lay off on them "
                       "yet").format(reason=reason)
    elif any(fits_meld(card, tm.cards, pos.ace_high) for tm in view.table):
        # Translators: {reason} is "Discard 8♥: it leaves you 5 points you cannot meld ..."
        reason = _("{reason}, though anyone can lay it off on the table").format(reason=reason)
    else:
        # Translators: {safety} says why the discard is safe ("Ada can no longer meld it")
        reason = _("{reason}, and {safety}").format(reason=reason,
                                                    safety=safety_words(pos, card))
    return Hint(action, kind, reason, (card,), deadwood=after)
