"""The end of a hand: showing melds, laying off, and handing over to scoring."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from knockrummy.engine.codes import Note
from knockrummy.engine.events import Event, HandEnded, LaidOff
from knockrummy.engine.layoffs import best_layoffs
from knockrummy.engine.melds import (
    Arrangement,
    best_arrangement,
    cards_value,
    deadwood_cards,
    min_deadwood,
    sort_meld,
)
from knockrummy.engine.rules import Family, Layoffs
from knockrummy.engine.scoring import (
    score_gin,
    score_gin_multi,
    score_knock_rummy,
    score_rummy_exhausted,
    score_rummy_out,
    void_result,
)
from knockrummy.engine.state import HandResult, HandState, Phase, SeatShow, TableMeld


def _show(state: HandState, seat: int, melds: Arrangement | None = None) -> SeatShow:
    hand = state.hands[seat]
    ace_high = state.rules.ace_high
    arranged = melds if melds is not None else best_arrangement(hand, ace_high)
    dead = tuple(deadwood_cards(hand, arranged))  # the knocker's table melds are not in hand
    laid = state.laid_off[seat] if state.laid_off else ()
    return SeatShow(arranged, dead, laid, sum(c.value(ace_high) for c in dead))


def _over(state: HandState, result: HandResult, shows: tuple[SeatShow, ...],
          events: list[Event]) -> tuple[HandState, list[Event]]:
    new = replace(state, phase=Phase.HAND_OVER, result=result, shows=shows, taken=None)
    events.append(HandEnded(result.outcome, result.winners, result.points))
    return new, events


def finish_knock(
    state: HandState, knocker_melds: Arrangement, events: list[Event]
) -> tuple[HandState, list[Event]]:
    """After a knock (or gin, big gin, rum): show hands, lay off, score."""
    rules = state.rules
    knocker = state.knocker
    assert knocker is not None
    if rules.family is Family.KNOCK:
        shows = tuple(
            _show(state, s, knocker_melds if s == knocker else None) for s in range(state.players)
        )
        counts = [sh.count for sh in shows]
        # A lay-down (no knock card) is going out: it wins ties, unlike a knock.
        kind = "lay_down" if state.knock_card is None else (state.knock_kind or "knock")
        result = score_knock_rummy(rules, state.names, counts, knocker, kind)
        return _over(state, result, shows, events)
    table = tuple(TableMeld(m, m, knocker) for m in knocker_melds)
    on_table = {c for m in knocker_melds for c in m}
    kept = tuple(c for c in state.hands[knocker] if c not in on_table)
    still_held = tuple(c for c in state.public_taken[knocker] if c not in on_table)
    state = replace(
        state, table=table, hands=state.hands[:knocker] + (kept,) + state.hands[knocker + 1:],
        public_taken=(*state.public_taken[:knocker], still_held,
                      *state.public_taken[knocker + 1:]),
    )
    no_layoffs = state.knock_kind in ("gin", "big_gin") or rules.layoffs is Layoffs.NONE
    defenders = [(knocker + i) % state.players for i in range(1, state.players)]
    if no_layoffs:
        return score_gin_hand(state, events)
    if rules.auto_layoffs:
        for seat in defenders:
            state = _auto_layoffs(state, seat, events)
        return score_gin_hand(state, events)
    state = replace(state, phase=Phase.LAYOFF, current=defenders[0],
                    layoff_queue=tuple(defenders[1:]))
    return state, events


def _auto_layoffs(state: HandState, seat: int, events: list[Event]) -> HandState:
    rules = state.rules
    targets = [(tm.cards, tm.original) for tm in state.table]
    plays, _count = best_layoffs(state.hands[seat], targets, rules.layoffs, rules.ace_high)
    for card, index in plays:
        tm = state.table[index]
        grown = TableMeld(sort_meld((*tm.cards, card), rules.ace_high), tm.original, tm.owner)
        state = replace(
            state,
            table=state.table[:index] + (grown,) + state.table[index + 1:],
            hands=state.hands[:seat] + (tuple(c for c in state.hands[seat] if c is not card),)
            + state.hands[seat + 1:],
            laid_off=state.laid_off[:seat] + ((*state.laid_off[seat], card),)
            + state.laid_off[seat + 1:],
            public_taken=state.public_taken[:seat]
            + (tuple(c for c in state.public_taken[seat] if c is not card),)
            + state.public_taken[seat + 1:],
        )
        events.append(LaidOff(seat, card, index))
    return state


def finish_layoffs(state: HandState) -> tuple[HandState, list[Event]]:
    """The defender laying off by hand is done: the next defender, or the score."""
    if state.layoff_queue:
        return replace(
            state, current=state.layoff_queue[0], layoff_queue=state.layoff_queue[1:]
        ), []
    return score_gin_hand(state, [])


def score_gin_hand(state: HandState, events: list[Event]) -> tuple[HandState, list[Event]]:
    """Count every hand after layoffs and score Gin (two players or three to four)."""
    rules = state.rules
    knocker = state.knocker
    assert knocker is not None
    knocker_melds = tuple(tm.original for tm in state.table)
    shows = tuple(
        _show(state, s, knocker_melds if s == knocker else None) for s in range(state.players)
    )
    counts = [min_deadwood(state.hands[s], rules.ace_high) for s in range(state.players)]
    scorer = score_gin if rules.family is Family.GIN else score_gin_multi
    result = scorer(rules, state.names, counts, knocker, state.knock_kind or "knock")
    return _over(state, result, shows, events)


def finish_rummy(
    state: HandState, winner: int | None, rummy: bool, events: list[Event]
) -> tuple[HandState, list[Event]]:
    """Rummy: someone went out (``winner``), or the stock ran out for the last time."""
    ace_high = state.rules.ace_high
    counts = [cards_value(h, ace_high) for h in state.hands]
    shows = tuple(SeatShow((), tuple(h), (), cards_value(h, ace_high)) for h in state.hands)
    if winner is not None:
        result = score_rummy_out(state.rules, state.names, counts, winner, rummy)
    else:
        result = score_rummy_exhausted(state.rules, state.names, counts, state.current)
    return _over(state, result, shows, events)


def void_hand(state: HandState, reason: Note, events: list[Event]
              ) -> tuple[HandState, list[Event]]:
    """End the hand with no score (Gin's dead hand)."""
    shows = tuple(_show(state, s) for s in range(state.players))
    return _over(state, void_result(state.players, reason), shows, events)


#: a knock short of gin with at least this many cards still in the stock is a race: a
#: player who waits for gin knocks short of it only near the end (``hard`` with 3 or
#: fewer, unless the knock wins the match)
RACE_STOCK = 4
#: ... and a knock by a player this near the target may be a bid to end the match
RACE_REACH = 25


def raced(state: HandState, scores: Sequence[int] | None = None) -> tuple[bool, ...]:
    """Per seat, whether it ended the hand by knocking short of gin while the stock still
    held :data:`RACE_STOCK` cards or more: shown racing, where :func:`held_back` shows a
    player waiting for gin. With the match ``scores`` before the hand, a knock by a
    player within :data:`RACE_REACH` points of the target is no race: a player who waits
    for gin knocks early to end the match."""
    result = state.result
    knocker = state.knocker
    if (state.rules.knock_limit is None or result is None or knocker is None
            or result.outcome not in ("knock", "undercut")
            or len(state.stock) < RACE_STOCK
            or scores is not None
            and state.rules.target_score - scores[knocker] <= RACE_REACH):
        return (False,) * state.players
    return tuple(seat == knocker for seat in range(state.players))


def held_back(state: HandState) -> tuple[bool, ...]:
    """Per seat, whether the hand ended with that seat shown holding a hand it could
    have knocked with: its last move was a discard (not the knock), and the cards it
    then held, before any layoffs, were within the knock limit. A player who knocks as
    soon as it may is never shown so; a player who waits for gin often is.
    """
    limit = state.rules.knock_limit
    if limit is None or not state.over:
        return (False,) * state.players
    last: dict[int, str] = {}
    for entry in state.log:
        last[entry.seat] = entry.what
    size = state.rules.cards_for(state.players)
    held = []
    for seat in range(state.players):
        cards = (*state.hands[seat], *(state.laid_off[seat] if state.laid_off else ()))
        held.append(seat != state.knocker and last.get(seat) == "discard"
                    and len(cards) == size
                    and min_deadwood(cards, state.rules.ace_high) <= limit)
    return tuple(held)


__all__ = [
    "finish_knock", "finish_layoffs", "finish_rummy", "held_back", "raced", "score_gin_hand",
    "void_hand", "min_deadwood",
]
