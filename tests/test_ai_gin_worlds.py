"""Two-player Gin: the guessed hands of an opponent who has been drawing are as good as
real ones.

``hard`` holds on for gin, drawing and throwing its worst card turn after turn, so late
in a hand it holds far better than ten unseen cards at random. Worlds sampled as the
best of its unseen cards plus three more (``kept_draws``) guess its count within a few
points; uniform guesses count it about 17 points too high, which made every knock look
better than it was (docs/AI.md, sixth round).
"""

from __future__ import annotations

import dataclasses
import random
import statistics
from collections.abc import Iterator

from knockrummy.ai import make_player
from knockrummy.ai.costs import deadwood_model
from knockrummy.ai.expert import EXPERT_GIN, EXPERT_SEARCH, racers
from knockrummy.ai.knowledge import read_view
from knockrummy.ai.masks import mask_of
from knockrummy.ai.rollout import Context, Policy, Table, knocks
from knockrummy.ai.strong import HARD, StrongPlayer, drawn_from_stock
from knockrummy.ai.worlds import Racers, sample_worlds
from knockrummy.coach import hint
from knockrummy.coach.position import read_position
from knockrummy.engine import PRESETS
from knockrummy.engine.actions import Discard, Knock
from knockrummy.engine.cards import cards_mask, parse_cards
from knockrummy.engine.flow import apply, deal, legal_actions
from knockrummy.engine.melds import best_arrangement
from knockrummy.engine.state import HandState, Phase
from knockrummy.engine.view import PlayerView, observe_hand


def late_views(hands: int = 24) -> Iterator[tuple[PlayerView, int]]:
    """Seat 0's view at each of its draws once the stock is down to 20 cards, over
    ``hands`` seeded hands of ``hard`` against ``hard``, with seat 1's real hand."""
    rules = PRESETS["gin"]
    players = [make_player("hard", 1), make_player("hard", 2)]
    for seed in range(hands):
        state, _ = deal(rules, 2, seed % 2, 500 + seed)
        while not state.over:
            seat = state.current
            view = observe_hand(state, seat)
            if seat == 0 and state.phase is Phase.DRAW and view.stock_count <= 20:
                yield view, mask_of(state.hands[1])
            state, _ = apply(state, players[seat].choose(view, legal_actions(state)))


def guess_errors(kept: int) -> list[float]:
    """Seat 0's guess of seat 1's count less the real count, at each of :func:`late_views`."""
    model = deadwood_model(False)
    errors: list[float] = []
    for number, (view, real) in enumerate(late_views()):
        extra = drawn_from_stock(view, kept) if kept else None
        worlds = sample_worlds(read_view(view), 30, random.Random(number), extra)
        guess = statistics.mean(model.least(w[1]) for w in worlds)
        errors.append(guess - model.least(real))
    return errors


def test_kept_worlds_guess_a_holding_opponent_within_a_few_points() -> None:
    uniform = guess_errors(0)
    kept = guess_errors(EXPERT_SEARCH.kept_draws)
    assert len(kept) > 60
    assert statistics.mean(uniform) > 10
    assert abs(statistics.mean(kept)) < 3


def late_knock_position() -> tuple[HandState, PlayerView]:
    """Seat 0 of a seeded ``hard`` game with two cards left in the stock, holding
    2♠ 2♣ 7♦ 4♦ A♠ 6♦ 3♠ 5♦ 3♦ A♥ 5♣: thrown, 5♣ leaves A♥ and 2♣, a count of 3."""
    rules = PRESETS["gin"]
    players = [make_player("hard", 1), make_player("hard", 2)]
    state, _ = deal(rules, 2, 1, 707)
    while not (state.current == 0 and state.phase is Phase.PLAY and len(state.stock) == 2):
        view = observe_hand(state, state.current)
        state, _ = apply(state, players[state.current].choose(view, legal_actions(state)))
    return state, observe_hand(state, 0)


def test_expert_holds_where_hard_knocks_into_an_undercut() -> None:
    """Two cards from a dead hand, ``hard`` knocks with 3 because its uniform guesses give
    the other player about 20; ``expert``'s prior, guessing from the other's draws, sees an
    undercut coming and lets the hand die instead (a dead hand scores nothing)."""
    state, view = late_knock_position()
    assert sorted(c.index for c in view.hand) == sorted(
        c.index for c in parse_cards("2S 2C 7D 4D AS 6D 3S 5D 3D AH 5C"))
    legal = legal_actions(state)
    assert isinstance(make_player("hard", 1).choose(view, legal), Knock)
    prior = StrongPlayer(1, "expert", EXPERT_GIN, "Expert")
    assert prior.choose(view, legal) == Discard(parse_cards("5C")[0])
    knowledge = read_view(view)
    model = deadwood_model(False)
    uniform = sample_worlds(knowledge, 200, random.Random(3))
    kept = sample_worlds(knowledge, 200, random.Random(3),
                         drawn_from_stock(view, EXPERT_GIN.gin_kept_draws))
    assert statistics.mean(model.least(w[1]) for w in uniform) > 12
    assert statistics.mean(model.least(w[1]) for w in kept) < 8
    assert HARD.gin_kept_draws == 0


def test_the_gin_hint_holds_there_and_says_why() -> None:
    """The hint (``expert``'s move) holds in the same position, and its reason counts the
    other player as ``expert`` guesses it: it would get under 3 after layoffs. The other
    player really holds 9♥ 9♦ 9♣ 9♠ 2♦ A♣ 2♥ A♦ 10♠ J♠: 3 after laying 10♠ J♠ off is a
    tie, and a tie is an undercut."""
    state, view = late_knock_position()
    got = hint(view, legal_actions(state), 1)
    assert got.action == Discard(parse_cards("5C")[0])
    assert got.reason.startswith("Don't knock yet")
    assert "would get under you after layoffs in almost every deal" in got.reason
    kept = [c for c in view.hand if c != parse_cards("5C")[0]]
    assert read_position(view).knock_odds(3, best_arrangement(kept, False)) < 0.2


def test_live_worlds_give_no_opponent_gin() -> None:
    """Guessed as the best of thirteen cards, the other player sometimes holds gin, which
    it would have gone out with; ``live`` draws such a guess again (up to
    ``LIVE_TRIES`` times: where nearly every guess is gin, one is kept)."""
    model = deadwood_model(False)

    def gins(live: bool) -> int:
        count = 0
        for number, (view, _real) in enumerate(late_views(8)):
            extra = drawn_from_stock(view, 3)
            worlds = sample_worlds(read_view(view), 20, random.Random(number), extra, live)
            assert all(w[1].bit_count() == 10 for w in worlds)
            count += sum(model.least(w[1]) == 0 for w in worlds)
        return count

    plain, live = gins(False), gins(True)
    assert plain > 40
    assert live < plain / 5


def test_racing_guesses_fit_a_player_who_has_not_knocked() -> None:
    """An opponent taken to knock as soon as it may, and still playing, cannot hold 10 or
    less: such guesses are drawn again (up to ``LIVE_TRIES`` times)."""
    model = deadwood_model(False)

    def within(fit: Racers | None) -> float:
        counts = []
        for number, (view, _real) in enumerate(late_views(8)):
            worlds = sample_worlds(read_view(view), 20, random.Random(number),
                                   drawn_from_stock(view, 3), racers=fit)
            assert all(w[1].bit_count() == 10 for w in worlds)
            counts += [model.least(w[1]) <= 10 for w in worlds]
        return sum(counts) / len(counts)

    holding, racing = within(None), within(Racers(frozenset({1}), 10))
    assert holding > 0.5
    assert racing < holding / 2  # where most guesses fit, eight tries may not find one


def test_play_outs_let_a_racer_knock_at_once() -> None:
    """In a play-out, a seat in ``Table.racers`` knocks as soon as its count is within
    the limit, stock long or not; another seat holds for gin while the stock is long."""
    rules = PRESETS["gin"]
    knocker = cards_mask(parse_cards("2C 3C 4C 7H 7S 7D 8S 9S TS 6D"))
    other = cards_mask(parse_cards("KH KS QD QH JH JD 9D 8D AS 2H"))
    ctx = Context(rules, 1, (0, 0), Policy())
    assert not knocks(6, Table([knocker, other], list(range(20)), [], 0), ctx)
    assert knocks(6, Table([knocker, other], list(range(20)), [], 0, racers=frozenset({0})),
                  ctx)
    assert not knocks(11, Table([knocker, other], list(range(20)), [], 0,
                                racers=frozenset({0})), ctx)
    copied = Table([knocker, other], [], [], 0, racers=frozenset({0})).copy()
    assert copied.racers == frozenset({0})


def test_an_opponent_shown_racing_and_never_holding_is_a_racer() -> None:
    """An opponent is taken to race once a finished hand showed it knocking short of gin
    with the stock still long (``PlayerView.raced``), unless one showed it holding a hand
    it could have knocked with (``PlayerView.held``); shown neither (the first hand), it
    is taken to hold, or to race with ``unknown``; in two-player Gin only."""
    _state, view = late_knock_position()
    racer = Racers(frozenset({1}), 10)
    assert racers(view) is None
    assert racers(view, unknown=True) == racer
    assert racers(dataclasses.replace(view, raced=(0, 1))) == racer
    assert racers(dataclasses.replace(view, raced=(0, 1), held=(0, 1))) is None
    assert racers(dataclasses.replace(view, raced=(2, 0))) is None
    assert racers(dataclasses.replace(view, held=(0, 1)), unknown=True) is None
    assert racers(dataclasses.replace(view, raced=(0, 1), held=(3, 0))) == racer
    assert racers(dataclasses.replace(view, rules=PRESETS["gin-multi"], raced=(0, 1))) is None


def simple_views(hands: int) -> Iterator[tuple[PlayerView, int, int]]:
    """Seat 0's view at each of its draws once ``simple`` (seat 1) has thrown a card,
    over ``hands`` seeded hands, with seat 1's real hand and the card it threw last."""
    players = [make_player("hard", 1), make_player("simple", 2)]
    for seed in range(hands):
        state, _ = deal(PRESETS["gin"], 2, seed % 2, 700 + seed)
        while not state.over:
            view = observe_hand(state, state.current)
            if state.current == 0 and state.phase is Phase.DRAW:
                thrown = [e.card for e in view.log if e.seat == 1 and e.what == "discard"]
                if thrown and thrown[-1] is not None:
                    yield view, mask_of(state.hands[1]), thrown[-1].index
            state, _ = apply(state, players[state.current].choose(view, legal_actions(state)))


def test_a_racer_guessed_as_throwing_its_worst_card_is_guessed_closer() -> None:
    """``simple`` throws the card that leaves the least deadwood. With ``Racers.thrown``
    its guesses are drawn again while the card it threw last would not have been such a
    card: nearly every guess then fits that throw, and the guessed count is nearer the
    real one than with the knock limit alone."""
    model = deadwood_model(False)

    def guesses(use: bool) -> tuple[float, float]:
        fits: list[bool] = []
        errors: list[float] = []
        for number, (view, real, last) in enumerate(simple_views(12)):
            fit = Racers(frozenset({1}), 10, {1: last} if use else None)
            worlds = sample_worlds(read_view(view), 20, random.Random(number),
                                   drawn_from_stock(view, 3), racers=fit)
            fits += [model.least(w[1]) <= model.least_after_discard(w[1] | 1 << last)
                     for w in worlds]
            guess = statistics.mean(model.least(w[1]) for w in worlds)
            errors.append(abs(guess - model.least(real)))
        assert len(errors) > 50
        return sum(fits) / len(fits), statistics.mean(errors)

    (plain_fit, plain_error), (fit, error) = guesses(False), guesses(True)
    assert plain_fit < 0.85 < 0.9 < fit
    assert error < plain_error - 0.5


def test_a_racer_s_last_throw_is_read_from_the_hand_s_log() -> None:
    """``racers(view, thrown=True)`` gives each racer the card it threw last in this hand
    (none for a racer that has not thrown yet)."""
    view, _real, last = next(v for v in simple_views(2))
    raced = dataclasses.replace(view, raced=(0, 1))
    assert racers(raced, thrown=True) == Racers(frozenset({1}), 10, {1: last})
    assert racers(raced) == Racers(frozenset({1}), 10)
    fresh = dataclasses.replace(raced, log=())
    assert racers(fresh, thrown=True) == Racers(frozenset({1}), 10, {})
