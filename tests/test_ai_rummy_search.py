"""``expert`` in classic Rummy: the play-outs on masks score as the engine does, and the
search checks ``hard``'s draws and discards (legal moves, the same move for the same
view, and not always ``hard``'s)."""

from __future__ import annotations

import dataclasses
import random

from knockrummy.ai import make_player
from knockrummy.ai.costs import deadwood_model
from knockrummy.ai.expert import EXPERT_SEARCH, ExpertPlayer
from knockrummy.ai.rollout import Table
from knockrummy.ai.rummy import table_fits
from knockrummy.ai.rummy_rollout import (
    RummyContext,
    fits_on,
    over_table,
    play_out,
    points,
    take_up,
    turn,
)
from knockrummy.engine import PRESETS
from knockrummy.engine.cards import cards_mask, parse_cards
from knockrummy.engine.flow import apply, deal, legal_actions
from knockrummy.engine.rules import with_options
from knockrummy.engine.scoring import score_rummy_exhausted, score_rummy_out
from knockrummy.engine.state import TableMeld
from knockrummy.engine.view import observe_hand

RUMMY = PRESETS["rummy"]


def mask(text: str) -> int:
    return cards_mask(parse_cards(text))


def index(text: str) -> int:
    return parse_cards(text)[0].index


def test_fits_on_chains_as_melds_grow() -> None:
    melds = [mask("5H 6H 7H"), mask("9S 9D 9C"), mask("JD QD KD")]
    assert fits_on(mask("8H 9H TH 2C"), melds, False) == mask("8H 9H TH")
    assert fits_on(mask("TH 2C"), melds, False) == 0  # no 8♥ 9♥ to bridge the gap
    assert fits_on(mask("9H 4H 3H"), melds, False) == mask("9H 4H 3H")  # 9♥: the nines
    assert fits_on(mask("AD TD 2H"), melds, False) == mask("TD")
    assert fits_on(mask("AD"), melds, True) == mask("AD")  # Q-K-A with the ace high
    table = [TableMeld(tuple(parse_cards(t)), tuple(parse_cards(t)), 0)
             for t in ("5H 6H 7H", "9S 9D 9C", "JD QD KD")]
    assert table_fits(mask("8H 9H TH 9H 2C"), table, False) == mask("8H 9H TH")


def test_going_out_is_scored_by_the_engine() -> None:
    """Seat 1 draws the card it needs and goes out: the others pay their cards' value."""
    hands = [mask("KS QH 9C 2D 3H 4S 7C"), mask("3C 4C 5C 8S 8H 8D 2S"),
             mask("AH AD 6S 6H JC TC 5D")]
    table = Table(hands, stock=[index("KC"), index("6C")], pile=[index("TD")], current=1)
    ctx = RummyContext(RUMMY, me=0, melds=(), melded=(False, False, False))
    value = turn(table, ctx, random.Random(1))
    model = deadwood_model(False)
    counts = [points(hands[0], model), 0, points(hands[2], model)]
    expected = score_rummy_out(RUMMY, ("0", "1", "2"), counts, 1, True).points
    assert counts[0] == 10 + 10 + 9 + 2 + 3 + 4 + 7
    assert value == over_table(expected, 0) == -expected[1] / 2
    # from seat 1's side the same end is worth its whole score less nothing
    table = Table(list(hands), stock=[index("KC"), index("6C")], pile=[index("TD")], current=1)
    mine = turn(table, dataclasses.replace(ctx, me=1), random.Random(1))
    assert mine == expected[1] > 0


def test_a_card_that_fits_the_table_lets_a_hand_go_out() -> None:
    """With 9♥ 10♥ on the table's 6-7-8♥ run, a hand of a set and those two goes out."""
    hands = [mask("4C 4D 4S 9H TH KD KS"), mask("2C 3D 5S 7S 9C JD QS")]
    table = Table(hands, stock=[index("KH")], pile=[index("QC")], current=0)
    ctx = RummyContext(RUMMY, me=0, melds=(mask("6H 7H 8H"),), melded=(False, False))
    model = deadwood_model(False)
    assert not take_up(hands[0], index("QC"), ctx, model)  # it leaves 20 as now
    assert take_up(hands[0], index("2H"), ctx, model)  # a king out, a two in: 12
    assert take_up(hands[0], index("JH"), ctx, model)  # onto the run after 10♥
    value = turn(table, ctx, random.Random(1))  # draws K♥: K♦ K♠ K♥ and out
    assert value is not None and value > 0


def test_the_last_stock_is_scored_as_the_engine_scores_it() -> None:
    hands = [mask("KS QH 9C"), mask("3C 4C 8S"), mask("AH AD 6S")]
    table = Table(list(hands), stock=[], pile=[index("2C"), index("5D")], current=2,
                  exhaustions=2)
    ctx = RummyContext(RUMMY, me=2, melds=(), melded=(True, True, True))
    value = turn(table, ctx, random.Random(1))
    model = deadwood_model(False)
    counts = [points(h, model) for h in hands]
    expected = score_rummy_exhausted(RUMMY, ("0", "1", "2"), counts, 2).points
    assert value == over_table(expected, 2) and expected[2] > 0


def test_play_outs_end_and_the_points_add_up() -> None:
    """Played to the end from real deals, every seat's values are zero-sum."""
    for seed in range(20):
        state, _ = deal(RUMMY, 3, 0, seed)
        hands = [cards_mask(h) for h in state.hands]
        stock = [c.index for c in state.stock]
        pile = [c.index for c in state.discard]
        total = 0.0
        for me in range(3):
            table = Table(list(hands), list(stock), list(pile), state.current)
            ctx = RummyContext(RUMMY, me=me, melds=(), melded=(False,) * 3)
            total += play_out(table, ctx, random.Random(seed))
            assert table.turns > 0
        assert abs(total) < 1e-9


def rummy_positions(players: int, seeds: range) -> list[tuple[object, list[object]]]:
    """Positions of real Rummy hands where a seat chooses, each hand played by ``hard``."""
    out = []
    for seed in seeds:
        state, _ = deal(RUMMY, players, 0, seed)
        bots = [make_player("hard", 10 * seed + s) for s in range(players)]
        while not state.over:
            legal = legal_actions(state)
            view = observe_hand(state, state.current)
            out.append((view, legal))
            state, _ = apply(state, bots[state.current].choose(view, legal))
    return out  # type: ignore[return-value]


def test_expert_searches_rummy_and_changes_some_of_its_judgements_moves() -> None:
    """With the Rummy search on, ``expert`` checks the moves of its own Rummy judgement
    (what it plays with the search off, the default) and overrules some."""
    search = dataclasses.replace(EXPERT_SEARCH, families=("rummy",))
    expert = ExpertPlayer(7, search=search)
    judgement = ExpertPlayer(7)
    searched = changed = 0
    for view, legal in rummy_positions(3, range(2)):
        move = expert.choose(view, legal)  # type: ignore[arg-type]
        assert move in legal
        if expert.last is not None:
            searched += 1
            assert expert.last.worlds == expert.search.worlds
            base = judgement.choose(view, legal)  # type: ignore[arg-type]
            assert expert.last.base == base
            changed += move != base
            again = ExpertPlayer(7, search=search).choose(view, legal)  # type: ignore[arg-type]
            assert again == move  # deterministic: the same view, the same move
    assert searched >= 10, searched
    assert 0 < changed < searched


def test_rummy_doubles_count_in_the_play_outs() -> None:
    doubled = with_options(RUMMY, rummy_doubles=True)
    hands = [mask("KS QH 9C 2D 3H 4S 7C"), mask("3C 4C 5C 8S 8H 8D 2S"),
             mask("AH AD 6S 6H JC TC 5D")]
    for melded, factor in (((False, False, False), 2), ((False, True, False), 1)):
        table = Table(list(hands), stock=[index("KC"), index("6C")], pile=[index("TD")],
                      current=1)
        ctx = RummyContext(doubled, me=1, melds=(), melded=melded)
        model = deadwood_model(False)
        others = points(hands[0], model) + points(hands[2], model)
        assert turn(table, ctx, random.Random(1)) == factor * others
