"""A seat's view holds only what that seat may know."""

from __future__ import annotations

import dataclasses

from knockrummy.engine import (
    PRESETS,
    Discard,
    DrawDiscard,
    DrawStock,
    PassUpcard,
    apply,
    new_match,
    observe,
)
from knockrummy.engine.events import Drew, mask_event
from knockrummy.engine.state import Phase
from knockrummy.engine.view import PlayerView


def _all_cards_in(value: object, seen: set[int]) -> list[object]:
    from knockrummy.engine import Card

    found: list[object] = []
    if id(value) in seen:
        return found
    seen.add(id(value))
    if isinstance(value, Card):
        return [value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            if f.name == "rules":
                continue
            found += _all_cards_in(getattr(value, f.name), seen)
    elif isinstance(value, tuple | list):
        for item in value:
            found += _all_cards_in(item, seen)
    return found


def test_view_holds_own_hand_and_public_cards_only() -> None:
    match = new_match(PRESETS["knock"], 4, seed=3)
    hand = match.hand
    for seat in range(4):
        view = observe(match, seat)
        assert view.hand == hand.hands[seat]
        visible = set(_all_cards_in(view, set()))
        hidden = {c for s in range(4) if s != seat for c in hand.hands[s]} | set(hand.stock)
        assert not (visible & hidden)
        assert view.stock_count == len(hand.stock)
        assert view.hand_sizes == (7, 7, 7, 7)
        assert not any(isinstance(getattr(view, f.name), type(hand))
                       for f in dataclasses.fields(PlayerView))


def test_cards_taken_from_the_pile_are_public_until_discarded() -> None:
    match = new_match(PRESETS["gin"], 2, seed=5)
    seat = match.hand.current
    upcard = match.hand.discard[-1]
    match, _ = apply(match, DrawDiscard())
    other = observe(match, 1 - seat)
    assert other.public_taken[seat] == (upcard,)
    keep = next(c for c in match.hand.hands[seat] if c is not upcard)
    match, _ = apply(match, Discard(keep))
    assert observe(match, 1 - seat).public_taken[seat] == (upcard,)


def test_other_players_stock_draws_are_masked_in_events() -> None:
    match = new_match(PRESETS["gin"], 2, seed=5)
    match, _ = apply(match, PassUpcard())
    match, _ = apply(match, PassUpcard())
    seat = match.hand.current
    match, events = apply(match, DrawStock())
    drew = next(e for e in events if isinstance(e, Drew))
    assert drew.card is not None
    masked = mask_event(drew, 1 - seat)
    assert isinstance(masked, Drew) and masked.card is None
    assert mask_event(drew, seat) == drew


def test_after_the_hand_every_hand_is_shown() -> None:
    from knockrummy.engine import Knock, legal_actions

    match = new_match(PRESETS["knock"], 3, seed=8)
    while match.hand.phase is not Phase.HAND_OVER:
        actions = legal_actions(match)
        knock = [a for a in actions if isinstance(a, Knock)]
        match, _ = apply(match, knock[0] if knock else actions[0])
    view = observe(match, 1)
    assert len(view.shows) == 3 and view.result is not None


def test_the_knockers_deadwood_is_shown_during_layoffs() -> None:
    from knockrummy.engine import Card, Knock
    from knockrummy.engine.view import observe_hand
    from tests.builders import make_hand, play

    state = make_hand(PRESETS["gin"], ["4C 5C 6C JH JS JD 7S 8S 9S 3H KC",
                                       "2D 3D 4D QH QS QC 3C 7C TS AH"], phase=Phase.PLAY)
    state = play(state, Knock(Card.parse("KC")))
    assert state.phase is Phase.LAYOFF
    view = observe_hand(state, 1)
    assert [str(c) for c in view.knocker_deadwood] == ["3H"]
    assert len(view.table) == 3


def test_no_view_ever_shows_a_hidden_card_in_random_play_of_every_preset() -> None:
    """At every step of random matches: outside the public log, a seat sees no card of
    the stock and no card of another hand unless it is public (taken from the pile, or a
    Gin knocker's deadwood laid face up); stock draws and Gin's knock card stay unlogged."""
    import random

    from knockrummy.engine import BigGin, Knock, LayDown, legal_actions
    from knockrummy.engine.rules import Family

    for key, rules in PRESETS.items():
        for players in range(rules.min_players, rules.max_players + 1):
            rng = random.Random(players)
            match = new_match(rules, players, seed=players * 31)
            for _ in range(300):
                hand = match.hand
                if match.over or hand.over:
                    break
                for seat in range(players):
                    view = observe(match, seat)
                    visible = set(_all_cards_in(dataclasses.replace(view, log=()), set()))
                    public = {c for s in range(players) for c in hand.public_taken[s]}
                    public |= set(view.knocker_deadwood)
                    hidden = {c for s in range(players) if s != seat for c in hand.hands[s]}
                    hidden = (hidden - public) | set(hand.stock)
                    assert not (visible & hidden), (key, players, seat, visible & hidden)
                for entry in hand.log:
                    if entry.what == "draw_stock":
                        assert entry.card is None
                    if entry.what == "knock" and rules.family in (Family.GIN, Family.GIN_MULTI):
                        assert entry.card is None
                actions = legal_actions(match)
                quiet = [a for a in actions if not isinstance(a, Knock | BigGin | LayDown)]
                pick = quiet if quiet and rng.random() < 0.97 else actions
                match, _ = apply(match, rng.choice(pick))
