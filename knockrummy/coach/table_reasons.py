"""Reasons for moves on the table: laying off after a knock, and Rummy's melds,
layoffs and discards."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from knockrummy.ai.rummy import RummyPlayer
from knockrummy.ai.strong import HARD
from knockrummy.coach.advice import HINT_LEVEL, Hint, card_bit, safety_words, seat_name
from knockrummy.coach.position import Position, table_fits
from knockrummy.coach.words import cards_words, meld_text, plural
from knockrummy.engine.actions import Action, Discard, FinishLayoffs, LayOff
from knockrummy.engine.cards import Card, cards_mask, mask_cards
from knockrummy.engine.layoffs import best_layoffs, can_lay_off
from knockrummy.engine.melds import best_arrangement, fits_meld, min_deadwood_mask


def gin_layoff(pos: Position, action: LayOff, kind: str) -> Hint:
    """Laying off onto the knocker's melds: the meld and the count it leads to."""
    view = pos.view
    tm = view.table[action.target]
    owner = "the knocker's" if tm.owner != view.seat else "your"
    if tm.owner != view.seat:
        owner = f"{seat_name(pos, tm.owner)}'s"
    before = pos.hand_deadwood
    targets = [(m.cards, m.original) for m in view.table]
    _, best = best_layoffs(view.hand, targets, view.rules.layoffs, pos.ace_high)
    reason = (f"Lay off {action.card.label} on {owner} {meld_text(tm.cards, pos.ace_high)}: "
              f"laying off takes your count from {before} to {best}")
    return Hint(action, kind, reason, (action.card,), target=action.target, deadwood=best)


def finish_layoffs(pos: Position, action: FinishLayoffs, kind: str) -> Hint:
    """Done laying off: why nothing more goes down, and the count."""
    view = pos.view
    rules = view.rules
    count = pos.hand_deadwood
    fits = [c for c in view.hand for m in view.table
            if can_lay_off(c, m.cards, m.original, rules.layoffs, pos.ace_high)]
    if not fits:
        why = "none of your cards fits the knocker's melds"
    else:
        why = (f"laying off {cards_words(fits[:2])} would break your own melds and "
               "not lower your count")
    return Hint(action, kind, f"Finish laying off: {why}; your count is {count}",
                deadwood=count)


# ---------------------------------------------------------------------- Rummy


def _going_out_card(pos: Position) -> Card | None:
    """A discard after which every other card can be melded or laid off this turn."""
    view = pos.view
    for card in view.hand:
        if card is view.taken and not view.rules.may_discard_taken_upcard:
            continue
        rest = pos.mine & ~card_bit(card)
        fits = mask_cards(table_fits(rest, view.table, pos.ace_high))
        for size in range(len(fits) + 1):
            for laid in combinations(fits, size):
                if min_deadwood_mask(rest & ~cards_mask(laid), pos.ace_high) == 0:
                    return card
    return None


def _play_now(pos: Position) -> str | None:
    """Why the hint's player puts melds down this turn, or ``None`` when it keeps them in
    hand: the Rummy policy's own test (:meth:`RummyPlayer.play_now`), so the words
    always agree with the move."""
    return RummyPlayer(0, HINT_LEVEL, HARD, "Hard").play_now(pos.view)


def rummy_table_play(pos: Position, action: Action, kind: str, layoff: Card | None,
                      cards: Sequence[Card]) -> Hint:
    """Rummy: why meld or lay off now rather than hold the cards."""
    view = pos.view
    if isinstance(action, LayOff):
        tm = view.table[action.target]
        assert layoff is not None
        what = f"Lay off {layoff.label} on the {meld_text(tm.cards, pos.ace_high)}"
        target: int | None = action.target
    else:
        what = f"Meld the {meld_text(cards, pos.ace_high)}"
        target = None
    out = _going_out_card(pos)
    value = sum(c.value(pos.ace_high) for c in cards)
    points = plural(value, "point")
    reason = None if out is not None else _play_now(pos)  # going out needs no other reason
    if out is not None:
        melded = view.melded_before and view.melded_before[view.seat]
        rummy = (", all in this one turn: rummy, which doubles your score"
                 if view.rules.rummy_doubles and not melded
                 else "")
        why = f"you can go out this turn, then discard the {out.label}{rummy}"
    elif reason == "near_out":
        others = [s for s in pos.opponents if view.hand_sizes[s] <= HARD.near_out]
        seat = min(others, key=lambda s: view.hand_sizes[s])
        why = (f"{seat_name(pos, seat)} has only {plural(view.hand_sizes[seat], 'card')} and "
               f"may go out next turn; cards on the table no longer count against you "
               f"({points})")
    elif reason == "stock_out":
        why = (f"the stock has run out once, so the round may end soon "
               f"({points} safe)")
    elif reason == "melded":
        why = (f"you have melded before, so rummy is no longer possible, and that takes "
               f"{points} out of your hand before anyone goes out")
    else:
        why = (f"too many cards are left over to hope for rummy, so take {points} out of "
               f"your hand before anyone goes out")
    rest = pos.mine & ~cards_mask(cards)
    return Hint(action, kind, f"{what} now: {why}", tuple(cards), target=target,
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
        extra = " in one turn: rummy, the score is doubled" if rummy else ""
        reason = (f"Discard {card.label} and go out{extra}: you score the cards "
                  "left in the other hands")
        return Hint(action, kind, reason, (card,), deadwood=0)
    after = pos.deadwood(rest)
    reason = (f"Discard {card.label}: it leaves you {plural(after, 'point')} you cannot meld "
              "or lay off")
    held_melds = best_arrangement(mask_cards(rest), pos.ace_high)
    if held_melds and _play_now(pos) is None:
        if view.rules.rummy_doubles:
            reason += ("; keep your melds in hand for a chance at rummy (going out in one "
                       "turn, having melded nothing before, doubles the score)")
        else:
            reason += "; keep your melds in hand, so nobody can lay off on them yet"
    elif any(fits_meld(card, tm.cards, pos.ace_high) for tm in view.table):
        reason += ", though anyone can lay it off on the table"
    else:
        reason += f", and {safety_words(pos, card)}"
    return Hint(action, kind, reason, (card,), deadwood=after)
