"""The hint and the hand review are one judgement: a player who follows every hint is
never told in the review that one of those moves was a mistake.

The hint comes from :func:`knockrummy.app.hints.work_out` (what the game window shows
on H) and the review from :func:`knockrummy.coach.review_match_hand` with
:func:`knockrummy.app.history.review_seed` (what the Review screen runs), so both go
through the game's own paths, with the game's own seeds.
"""

from __future__ import annotations

import pytest

from knockrummy.ai import make_player
from knockrummy.app.computer import seat_seed
from knockrummy.app.hints import work_out
from knockrummy.app.history import review_seed
from knockrummy.coach import review_match_hand
from knockrummy.engine import PRESETS, Action, MatchState, apply, legal_actions, new_match, observe
from knockrummy.engine.actions import DrawDiscard, DrawStock, NextHand


def play_following_hints(key: str, players: int, seed: int, hands: int) -> tuple[
        MatchState, list[tuple[int, Action]]]:
    """Seat 0 takes every hint; the others are ``medium`` computers, as in *Play*.
    Returns the match once ``hands`` hands are over, and each hint taken (hand, action)."""
    match = new_match(PRESETS[key], players, seed, ["You", "Ada", "Bo", "Cy"][:players])
    computers = {s: make_player("medium", seat_seed(match.seed, s)) for s in range(1, players)}
    taken: list[tuple[int, Action]] = []
    while len(match.records) < hands and not match.over:
        legal = legal_actions(match)
        if any(isinstance(a, NextHand) for a in legal):
            match, _ = apply(match, NextHand())
            continue
        seat = match.hand.current
        if seat == 0:
            action = work_out(match, 0).hint.action
            assert action in legal
            taken.append((match.hand_number, action))
        else:
            action = computers[seat].choose(observe(match, seat), legal)
        match, _ = apply(match, action)
    return match, taken


@pytest.mark.parametrize(("key", "players", "seed"), [
    ("knock", 3, 11), ("knock-hoyle", 2, 12), ("gin", 2, 13), ("gin-yimmaw", 2, 14),
    ("gin-multi", 3, 15), ("rummy", 3, 16), ("rummy-high", 2, 17),
])
def test_a_hand_played_by_the_hints_reviews_clean(key: str, players: int, seed: int) -> None:
    match, taken = play_following_hints(key, players, seed, hands=3)
    reviewed = 0
    for record in match.records:
        mine = [a for number, a in taken if number == record.number]
        review = review_match_hand(match, record.number, 0, review_seed(match, 0))
        flagged = [(d.turn, d.contrast) for d in review.decisions]
        assert flagged == [], f"hand {record.number + 1} of {key}: hints flagged {flagged}"
        assert review.matched == review.total
        # the review looked at the hints taken: every choice with an alternative
        choices = [a for a in mine if not isinstance(a, DrawStock | DrawDiscard)] or mine
        assert review.total >= 1 if choices else review.total == 0
        reviewed += review.total
    assert reviewed >= 4, "too few decisions to show anything"


def test_the_review_does_flag_a_move_that_left_the_hint() -> None:
    """The check above can fail: leave the hint once for a worse discard and the review
    names that very move."""
    match = new_match(PRESETS["gin"], 2, 21, ["You", "Ada"])
    computer = make_player("medium", seat_seed(match.seed, 1))
    left = None
    while not match.records:
        legal = legal_actions(match)
        seat = match.hand.current
        if seat == 0:
            action = work_out(match, 0).hint.action
            worse = _worst_discard(match, legal)
            if left is None and worse is not None and worse != action:
                action = left = worse
        else:
            action = computer.choose(observe(match, seat), legal)
        match, _ = apply(match, action)
    assert left is not None
    review = review_match_hand(match, 0, 0, review_seed(match, 0))
    assert [d.made for d in review.decisions] == [left]


def _worst_discard(match: MatchState, legal: list[Action]) -> Action | None:
    """The discard that leaves the most deadwood, if discarding is what is legal now."""
    from knockrummy.engine import Discard, min_deadwood

    discards = [a for a in legal if isinstance(a, Discard)]
    if not discards:
        return None
    hand = match.hand.hands[0]

    def after(a: Discard) -> int:
        return min_deadwood([c for c in hand if c is not a.card])

    best = min(after(a) for a in discards)
    worst = max(discards, key=after)
    return worst if after(worst) >= best + 8 else None
