"""Each finished hand records, in public, who was shown holding a hand it could have
knocked with, and who knocked short of gin with the stock still long; the view counts
those hands per seat for the rest of the match.

A player who knocks as soon as its count is within the limit (``simple``) is never
shown holding and soon shown racing; one who waits for gin (``hard``) is often shown
holding and never racing, and ``expert`` tells the two apart by it
(``knockrummy.ai.expert.racers``).
"""

from __future__ import annotations

from knockrummy.ai import make_player
from knockrummy.engine import PRESETS
from knockrummy.engine.match import MatchState, apply, legal_actions, new_match
from knockrummy.engine.melds import min_deadwood
from knockrummy.engine.view import observe


def play(levels: tuple[str, str], seed: int) -> list[MatchState]:
    """Every state of a whole two-player Gin match between ``levels``."""
    players = [make_player(level, seed * 2 + i) for i, level in enumerate(levels)]
    match = new_match(PRESETS["gin"], 2, seed)
    states = [match]
    while not match.over:
        seat = match.hand.current
        match, _ = apply(match, players[seat].choose(observe(match, seat),
                                                     legal_actions(match)))
        states.append(match)
    return states


def test_a_player_who_knocks_at_once_is_never_shown_holding() -> None:
    hands = 0
    for seed in range(6):
        records = play(("simple", "simple"), seed)[-1].records
        hands += len(records)
        assert all(record.held == (False, False) for record in records)
    assert hands > 20


def test_a_player_who_knocks_at_once_is_shown_racing_and_the_view_counts_it() -> None:
    raced = 0
    for seed in range(6):
        states = play(("simple", "simple"), seed)
        for record in states[-1].records:
            raced += sum(record.raced)
            for seat, was in enumerate(record.raced):
                if was:  # the knocker, short of gin, with 4 cards or more in the stock
                    assert record.result.knocker == seat
                    assert record.result.outcome in ("knock", "undercut")
        for state in states:
            expected = tuple(sum(r.raced[s] for r in state.records) for s in range(2))
            assert (observe(state, 1).raced or (0, 0)) == expected
    assert raced > 15


def test_a_player_who_waits_for_gin_is_shown_holding_and_the_view_counts_it() -> None:
    held = 0
    for seed in range(4):
        states = play(("hard", "hard"), seed)
        final = states[-1]
        for record in final.records:
            # hard knocks short of gin only near the end, or to win the match
            assert not any(record.raced) or record is final.records[-1]
            for seat, was in enumerate(record.held):
                if not was:
                    continue
                held += 1
                # never the knocker, and its count was within the limit (10)
                assert record.result.knocker != seat
        for state in states:
            view = observe(state, 0)
            # every finished hand counts, the one just shown included
            expected = tuple(sum(r.held[s] for r in state.records) for s in range(2))
            assert (view.held or (0, 0)) == expected
    assert held >= 4


def test_held_is_worked_out_from_the_cards_shown_before_layoffs() -> None:
    """The defender's cards, put back with the ones it laid off, count 10 or less exactly
    when the record says it held (and it did not end the hand, and its last move was a
    discard)."""
    checked = set_held = 0
    for seed in range(4):
        for state in play(("hard", "hard"), seed):
            hand = state.hand
            if not hand.over:
                continue
            record = state.records[-1]
            assert record.number == state.hand_number
            for seat in range(2):
                cards = (*hand.hands[seat], *hand.laid_off[seat])
                last = [e.what for e in hand.log if e.seat == seat][-1:]
                within = (len(cards) == 10 and min_deadwood(cards, False) <= 10
                          and seat != hand.knocker and last == ["discard"])
                assert record.held[seat] == within
                checked += 1
                set_held += within
    assert checked > 20
    assert 0 < set_held < checked
