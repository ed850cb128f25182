"""``expert``: the search, its play-outs, its two modes, and replaying a saved game."""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from knockrummy.ai import LEVELS, make_player
from knockrummy.ai.base import Player
from knockrummy.ai.costs import deadwood_model
from knockrummy.ai.expert import (
    EXPERT_GIN,
    EXPERT_SEARCH,
    Decision,
    ExpertPlayer,
    Search,
    _decide,
)
from knockrummy.ai.rollout import (
    Context,
    Policy,
    Table,
    knocks,
    play_out,
    score_knock,
    worst,
    worst_and_count,
)
from knockrummy.ai.strong import StrongPlayer
from knockrummy.ai.worlds import _worst_card_solved, worst_card
from knockrummy.engine import PRESETS
from knockrummy.engine.actions import Action, Discard, DrawDiscard, DrawStock, Knock
from knockrummy.engine.cards import Card, cards_mask, parse_cards
from knockrummy.engine.flow import apply, deal, legal_actions
from knockrummy.engine.scoring import score_gin, score_knock_rummy
from knockrummy.engine.state import HandState, Phase
from knockrummy.engine.view import PlayerView, observe_hand


def test_expert_is_the_fifth_level() -> None:
    assert LEVELS[-1] == "expert"
    player = make_player("expert", 3)
    assert player.level == "expert" and player.name == "Expert"


def test_worst_card_leaves_the_least_deadwood() -> None:
    model = deadwood_model(False)
    rng = random.Random(5)
    for _ in range(300):
        hand = cards_mask(rng.sample(list(parse_cards(
            "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD "
            "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS")), 11))
        card = worst(hand, hand, model)
        assert card.bit_count() == 1 and card & hand
        assert model.least(hand ^ card) == model.least_after_discard(hand)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=2, max_size=15, unique=True),
       st.integers(1, 15), st.booleans())
def test_the_quick_worst_card_is_the_card_every_solve_finds(
        cards: list[int], among_size: int, ace_high: bool) -> None:
    """``worst_card`` tries the least any discard leaves on the highest cards first; it
    must pick exactly the card a solve of every card would (ties: the highest, then the
    lowest index), also when the best throw is outside ``among``."""
    model = deadwood_model(ace_high)
    hand = sum(1 << c for c in cards)
    among = sum(1 << c for c in cards[:among_size])
    assert worst_card(hand, among, model) == _worst_card_solved(hand, among, model)


@pytest.mark.parametrize("ace_high", [False, True])
def test_table_discard_matches_the_plain_search(ace_high: bool) -> None:
    """The play-outs' per-suit discard (every set choice) throws the card the plain
    search over every card throws, ties included, and leaves the count it says; with a
    card kept back (the one just taken) too. Half the hands are built around sets."""
    model = deadwood_model(ace_high)
    rng = random.Random(7)
    for trial in range(3000):
        if trial % 2:
            cards = rng.sample(range(52), rng.choice([8, 11]))
        else:
            picked = {13 * k + r for r in rng.sample(range(13), 4)
                      for k in rng.sample(range(4), rng.choice([2, 3, 4]))}
            cards = sorted(picked)[:11]
        hand = 0
        for i in cards:
            hand |= 1 << i
        keep = 1 << rng.choice(cards) if trial % 3 == 0 else 0
        among = hand & ~keep
        plain, best = 0, 1 << 30
        rest = among
        while rest:
            low = rest & -rest
            rest ^= low
            cost = model.least(hand ^ low) * 64 - model.costs[low.bit_length() - 1]
            if cost < best:
                plain, best = low, cost
        card, count = worst_and_count(hand, model, keep)
        assert card == plain == worst(hand, among, model)
        assert count == model.least(hand ^ card)


def test_play_outs_knock_to_win_the_match() -> None:
    """Two-player Gin, stock long: a play-out holds a count of 6, unless the knock takes
    the knocker to 100 (as ``hard`` knocks then); an undercut or too few points hold."""
    rules = PRESETS["gin"]
    knocker = cards_mask(parse_cards("2C 3C 4C 7H 7S 7D 8S 9S TS 6D"))
    # 50 (J-Q-K of hearts melds), nothing to lay off: the knock scores 44
    high = cards_mask(parse_cards("KH KS QD QH JH JD 9D 8D AS 2H"))
    low = cards_mask(parse_cards("KH KS KD 5H 6H 7H 9D 8D TD AS"))  # 1: undercuts
    stock = list(range(20))
    assert knocks(6, Table([knocker, high], list(stock), [], 0),
                  Context(rules, 1, (60, 0), Policy()))
    assert not knocks(6, Table([knocker, high], list(stock), [], 0),
                      Context(rules, 1, (40, 0), Policy()))
    assert not knocks(6, Table([knocker, low], list(stock), [], 0),
                      Context(rules, 1, (99, 0), Policy()))
    assert not knocks(6, Table([knocker, high], list(stock), [], 0),
                      Context(rules, 1, (60, 0), Policy(match_knock=False)))
    assert not knocks(6, Table([knocker, high], list(stock), [], 0),
                      Context(rules, 1, (), Policy()))
    # stock short: knock as before, whatever the score
    assert knocks(6, Table([knocker, high], stock[:3], [], 0), Context(rules, 1, (0, 0), Policy()))


def test_a_knock_is_scored_as_the_engine_scores_it() -> None:
    rules = PRESETS["gin"]
    knocker = cards_mask(parse_cards("2C 3C 4C 7H 7S 7D 8S 9S TS 2D"))
    # the defender's 5C lays off on 2C-3C-4C; the KH stays
    defender = cards_mask(parse_cards("5C KH KS KD QH JH TD 9D 8D AS"))
    table = Table([knocker, defender], [], [], 0)
    ctx = Context(rules, 0, (), Policy())
    count = deadwood_model(False).least(knocker)
    assert count == 2
    # defender: K set or J-Q-K run, 8D 9D TD run, 5C laid off: 21 left (26 without)
    expected = score_gin(rules, ("0", "1"), [2, 21], 0, "knock").points
    assert score_knock(table, 0, count, ctx) == expected[0] - expected[1] == 19
    knock_rules = PRESETS["knock"]
    ctx = Context(knock_rules, 1, (), Policy())
    points = score_knock_rummy(knock_rules, ("0", "1"), [2, 26], 0, "knock").points
    assert score_knock(table, 0, 2, ctx) == points[1] < 0


@pytest.mark.parametrize(("key", "players"), [("gin", 2), ("knock", 3), ("gin-multi", 4),
                                              ("knock-hoyle", 2)])
def test_play_outs_end(key: str, players: int) -> None:
    rules = PRESETS[key]
    rng = random.Random(key)
    for trial in range(30):
        state, _ = deal(rules, players, 0, trial)
        hands = [cards_mask(h) for h in state.hands]
        table = Table(hands, [c.index for c in state.stock], [c.index for c in state.discard],
                      state.current)
        value = play_out(table, Context(rules, 0, (0,) * players, Policy()), rng)
        assert -200 <= value <= 200
        assert sum(h.bit_count() for h in table.hands) + len(table.stock) + len(table.pile) <= 52


def test_hard_stands_unless_clearly_beaten() -> None:
    base: Action = Discard(Card.parse("KC"))
    other: Action = Discard(Card.parse("QC"))
    search = Search()
    noisy = {base: [0.0, 10.0, 0.0, 10.0], other: [5.0, 0.0, 10.0, 1.0]}
    assert _decide(base, noisy, search, 4).chosen == base
    clear = {base: [0.0, 10.0, 0.0, 10.0], other: [3.0, 13.0, 2.0, 12.0]}
    decision = _decide(base, clear, search, 4)
    assert decision.chosen == other
    assert decision.gains[other][0] == pytest.approx(2.5)
    assert _decide(base, clear, dataclasses.replace(search, margin=3.0), 4).chosen == base
    knock: Action = Knock(Card.parse("QC"))
    clear_knock = {base: clear[base], knock: clear[other]}
    assert _decide(base, clear_knock, search, 4).chosen == knock
    assert _decide(base, clear_knock, dataclasses.replace(search, knock_margin=3.0),
                   4).chosen == base


def _gin_draw_position(seed: int) -> HandState:
    """A two-player Gin hand at a draw after some turns of ``hard``."""
    state, _ = deal(PRESETS["gin"], 2, 0, seed)
    players = [make_player("hard", 1), make_player("hard", 2)]
    turns = 0
    while True:
        legal = legal_actions(state)
        view = observe_hand(state, state.current)
        if state.phase is Phase.DRAW and turns >= 6:
            return state
        action = players[state.current].choose(view, legal)
        state, _ = apply(state, action)
        turns += isinstance(action, DrawStock | DrawDiscard)
        assert not state.over


def test_expert_searches_draws_deterministically() -> None:
    state = _gin_draw_position(11)
    view = observe_hand(state, state.current)
    legal = legal_actions(state)
    first = ExpertPlayer(4)
    second = ExpertPlayer(4)
    a = first.choose(view, legal)
    b = second.choose(view, legal)
    assert a == b and a in legal
    assert first.last is not None and second.last is not None
    assert first.last.worlds == EXPERT_SEARCH.worlds
    assert first.last.means == second.last.means
    assert set(first.last.means) == {DrawDiscard(), DrawStock()}


def _two_sets_on_offer() -> tuple[HandState, Action]:
    """Seat 0's second draw in a seeded hand of two ``medium`` players: K♠ 2♥ 9♥ 9♠ J♠
    10♠ 5♠ J♥ Q♣ 9♣ with J♣ on the pile. Taking it (and throwing K♠) makes two sets and
    takes the deadwood from 55 to 27; a stock draw leaves about 48."""
    state, _ = deal(PRESETS["gin"], 2, 0, 104)
    state = _play_until(state, [make_player("medium", 1), make_player("medium", 2)],
                        lambda s: s.current == 0 and s.phase is Phase.DRAW
                        and bool(s.discard) and s.discard[-1] == Card.parse("JC"))
    return state, DrawDiscard()


def _play_until(state: HandState, players: list[Player],
                stop: Callable[[HandState], bool]) -> HandState:
    """``state`` played on by ``players`` until ``stop`` holds (the hand must not end
    first)."""
    while not stop(state):
        state, _ = apply(state, players[state.current].choose(
            observe_hand(state, state.current), legal_actions(state)))
        assert not state.over
    return state


def test_a_big_take_of_hards_stands_unsearched() -> None:
    """40 worlds once found a stock draw "better" than two sets made at once (the
    play-outs hold for gin until the stock is short, so an early lead washes out in
    them), and the hint said so. ``hard``'s take of an up card that lowers its deadwood
    by ``keep_take`` points or more now stands; smaller takes are still searched."""
    state, take = _two_sets_on_offer()
    view = observe_hand(state, 0)
    legal = legal_actions(state)
    assert set(view.hand) == set(parse_cards("KS 2H 9H 9S JS TS 5S JH QC 9C"))
    assert make_player("hard", 1).choose(view, legal) == take
    expert = ExpertPlayer(1)
    assert expert.choose(view, legal) == take and expert.last is None  # not searched
    searched = ExpertPlayer(1, search=dataclasses.replace(EXPERT_SEARCH, keep_take=29))
    searched.choose(view, legal)
    assert searched.last is not None and searched.last.base == take  # 28 < 29: searched


def _knock_with_eight_at_stock_17() -> tuple[PlayerView, list[Action]]:
    """Seat 0 (``expert`` holding its knocks at 1.5 standard errors, against ``hard``) in
    a seeded hand, after its draw with 17 cards in the stock: 8♦ 8♠ 8♥, 10♦ 10♥ 10♣, and
    A♦ 2♥ 2♦ 3♠ 4♠. Throwing 4♠ leaves 8, a knock; ``hard``'s judgement holds on."""
    state, _ = deal(PRESETS["gin"], 2, 0, 4132)
    players = [ExpertPlayer(5, search=dataclasses.replace(EXPERT_SEARCH, knock_z=1.5)),
               make_player("hard", 6)]
    state = _play_until(state, players, lambda s: s.current == 0 and len(s.stock) == 17
                        and any(isinstance(a, Knock) for a in legal_actions(s)))
    return observe_hand(state, 0), list(legal_actions(state))


def test_a_searched_knock_must_be_surer_than_other_moves() -> None:
    """Knocks are searched against holding on, and overrule ``hard`` only at ``knock_z``
    (2) standard errors, other moves at ``z`` (1.5): the play-outs undervalue holding on,
    and knocks found at 1 to 1.5 standard errors lost 0.74 a hand in whole matches.
    Here the knock gains 8.7 points with a standard error of 4.9: 1.8 standard errors."""
    view, legal = _knock_with_eight_at_stock_17()
    assert set(view.hand) == set(parse_cards("8D TD 8S 8H AD 2H TH TC 3S 4S 2D"))
    hold = Discard(Card.parse("4S"))
    expert = ExpertPlayer(5)
    assert expert.choose(view, legal) == hold
    assert expert.last is not None and expert.last.base == hold
    knock = Knock(Card.parse("4S"))
    mean, se = expert.last.gains[knock]
    assert 1.5 * se < mean <= 2 * se
    eager = ExpertPlayer(5, search=dataclasses.replace(EXPERT_SEARCH, knock_z=1.5))
    assert eager.choose(view, legal) == knock


def test_a_knock_clears_its_own_bar() -> None:
    """A knock gaining 2 points at 1.73 standard errors: not enough at ``knock_z`` (2),
    enough at the bar against a racer (1.5); another move with those numbers clears
    ``z`` (1.5)."""
    base: Action = Discard(Card.parse("KC"))
    knock: Action = Knock(Card.parse("QC"))
    other: Action = Discard(Card.parse("QC"))
    values = {base: [0.0, 0.0, 0.0, 0.0], knock: [0.0, 4.0, 0.0, 4.0]}
    assert _decide(base, values, EXPERT_SEARCH, 4).chosen == base
    assert _decide(base, values, EXPERT_SEARCH, 4, EXPERT_SEARCH.racer_knock_z).chosen == knock
    assert _decide(base, {base: values[base], other: values[knock]}, EXPERT_SEARCH,
                   4).chosen == other


def test_against_a_racer_a_knock_needs_less(monkeypatch: pytest.MonkeyPatch) -> None:
    """The search's knock bar is ``racer_knock_z`` once the other player has been shown
    racing (against ``simple`` the higher bar cost 1.4 points of match share), else
    ``knock_z``."""
    import knockrummy.ai.expert as expert_module

    view, legal = _knock_with_eight_at_stock_17()
    bars: list[float | None] = []
    real = expert_module._decide

    def spy(base: Action, values: dict[Action, list[float]], search: Search, played: int,
            knock_z: float | None = None) -> Decision:
        bars.append(knock_z)
        return real(base, values, search, played, knock_z)

    monkeypatch.setattr(expert_module, "_decide", spy)
    ExpertPlayer(5).choose(view, legal)
    ExpertPlayer(5).choose(dataclasses.replace(view, raced=(0, 1)), legal)
    assert bars == [EXPERT_SEARCH.knock_z, EXPERT_SEARCH.racer_knock_z] == [2.0, 1.5]


def test_turn_budget_adds_worlds_deterministically() -> None:
    """With a budget of play-out turns, a decision plays at least ``worlds`` worlds and
    more while the turns allow, never past ``max_worlds``; the same view gets the same
    search (a count of work, not of time)."""
    state = _gin_draw_position(11)
    view = observe_hand(state, state.current)
    legal = legal_actions(state)
    search = dataclasses.replace(EXPERT_SEARCH, worlds=6, turn_budget=600, max_worlds=30)
    first = ExpertPlayer(4, search=search)
    second = ExpertPlayer(4, search=search)
    assert first.choose(view, legal) == second.choose(view, legal)
    assert first.last is not None and second.last is not None
    assert first.last.means == second.last.means
    assert 6 < first.last.worlds <= 30
    assert first.last.turns >= 600 or first.last.worlds == 30
    plain = ExpertPlayer(4, search=dataclasses.replace(search, turn_budget=0))
    plain.choose(view, legal)
    assert plain.last is not None and plain.last.worlds == 6 and plain.last.turns < 600


def test_timed_mode_respects_its_budget() -> None:
    state = _gin_draw_position(12)
    view = observe_hand(state, state.current)
    legal = legal_actions(state)
    player = ExpertPlayer(4, search=dataclasses.replace(EXPERT_SEARCH, budget_ms=40.0))
    start = time.perf_counter()
    player.choose(view, legal)
    took = time.perf_counter() - start
    assert player.last is not None
    assert player.last.worlds >= EXPERT_SEARCH.min_worlds
    # the budget, plus one world's play-outs and hard's own judgement; generous for a
    # shared machine
    assert took < 0.040 + 0.25
    quick = ExpertPlayer(4, search=dataclasses.replace(EXPERT_SEARCH, budget_ms=1.0))
    quick.choose(view, legal)
    assert quick.last is not None and quick.last.worlds < player.last.worlds + 1


@pytest.mark.parametrize(("key", "players", "searches"),
                         [("gin", 2, 3), ("gin-multi", 3, 3), ("knock", 3, 0)])
def test_resumed_hand_replays_the_same_decisions(key: str, players: int, searches: int) -> None:
    """Play a hand with an expert seat; then, from every point of it, a fresh expert made
    with the same seed (as after loading a save) makes the same move."""
    rules = PRESETS[key]
    expert = ExpertPlayer(9)
    seats = [expert] + [make_player("hard", s) for s in range(1, players)]
    played: list[tuple[HandState, Action]] = []
    searched = 0
    for seed in range(70, 80):
        state, _ = deal(rules, players, players - 1, seed)  # the expert plays first
        while not state.over and len(played) < 400:
            action = seats[state.current].choose(observe_hand(state, state.current),
                                                 legal_actions(state))
            if state.current == 0:
                played.append((state, action))
                searched += expert.last is not None
            state, _ = apply(state, action)
        if searched >= 3 or (not searches and len(played) >= 12):
            break
    assert searched >= searches and played
    for before, action in played[::3]:
        fresh = make_player("expert", 9)
        assert fresh.choose(observe_hand(before, 0), legal_actions(before)) == action


def test_the_gin_prior_is_hards_retuned() -> None:
    """With the search off, ``expert`` in two-player Gin plays :data:`EXPERT_GIN`, not
    ``hard``: some of its draws and discards differ."""
    rules = PRESETS["gin"]
    quiet = ExpertPlayer(5, search=dataclasses.replace(EXPERT_SEARCH, families=()))
    prior = StrongPlayer(5, "expert", EXPERT_GIN, "Expert")
    hard = make_player("hard", 5)
    differ = 0
    for seed in range(12):
        state, _ = deal(rules, 2, 1, seed)
        while not state.over:
            view, legal = observe_hand(state, state.current), legal_actions(state)
            if state.current == 0:
                move = quiet.choose(view, legal)
                assert move == prior.choose(view, legal)
                differ += move != hard.choose(view, legal)
            else:
                move = hard.choose(view, legal)
            state, _ = apply(state, move)
    assert differ > 0
