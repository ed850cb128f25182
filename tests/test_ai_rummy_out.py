"""Rummy: a computer player that starts going out finishes it. ``hard`` once melded
8♠ 8♦ 8♣ and 2♥ 2♦ 2♣ to go out, counting 9♦ as laid off onto 4♦-7♦, but 9♦ fits there
only after 8♦, which it had melded: it was left holding A♠ and 9♦ with its melds shown
and no rummy. Going out is now checked with the layoffs it really needs, and played in
that order."""

from __future__ import annotations

from dataclasses import replace

import pytest

from knockrummy.ai.masks import mask_of
from knockrummy.ai.rummy import RummyPlayer, out_layoffs
from knockrummy.ai.rummy_rollout import fits_on
from knockrummy.ai.strong import HARD, MEDIUM, Style
from knockrummy.coach import hint
from knockrummy.engine import PRESETS
from knockrummy.engine.actions import DrawDiscard
from knockrummy.engine.flow import apply
from knockrummy.engine.flow import legal_actions as hand_legal
from knockrummy.engine.state import HandState, Phase, TableMeld
from knockrummy.engine.view import observe_hand
from tests.builders import cards, make_hand

RUMMY = PRESETS["rummy"]


def masks(*melds: str) -> list[int]:
    return [mask_of(cards(m)) for m in melds]


def test_a_card_that_fits_only_after_another_needs_that_one_laid_off() -> None:
    table = masks("2S 3S 4S 5S", "4D 5D 6D 7D")
    # 9D fits 4D-7D only once 8D is on it, and 8D is needed for the eights
    assert out_layoffs(mask_of(cards("AS 8C 8D 8S 2D 2H 2C 9D")), table, False) is None
    # with 8H for the eights, 8D and 9D both go onto the run, and AS onto the spades
    laid = out_layoffs(mask_of(cards("AS 8C 8D 8S 8H 2D 2H 2C 9D")), table, False)
    assert laid == mask_of(cards("AS 8D 9D"))
    # nothing to lay off when everything melds
    assert out_layoffs(mask_of(cards("8C 8S 8H 2D 2H 2C")), table, False) == 0


def test_a_card_that_fits_a_run_and_a_set_counts_on_the_run() -> None:
    table = masks("8S 8C 8H", "4D 5D 6D 7D")  # the set first
    assert fits_on(mask_of(cards("8D 9D")), table, False) == mask_of(cards("8D 9D"))


def table_of(*melds: str) -> tuple[TableMeld, ...]:
    return tuple(TableMeld(cards(m), cards(m), 1) for m in melds)


def with_table(state: HandState, table: tuple[TableMeld, ...]) -> HandState:
    used = {c for tm in table for c in tm.cards}
    return replace(state, table=table, stock=tuple(c for c in state.stock if c not in used),
                   discard=tuple(c for c in state.discard if c not in used))


def play_turn(state: HandState, player: RummyPlayer) -> HandState:
    """Seat 0's whole turn, as the player chooses it."""
    while not state.over and state.current == 0:
        state, _ = apply(state, player.choose(observe_hand(state, 0), hand_legal(state)))
    return state


@pytest.mark.parametrize(("level", "style"), [("medium", MEDIUM), ("hard", HARD)])
def test_no_going_out_is_started_that_cannot_end(level: str, style: Style) -> None:
    """The reported hand: 9D just taken from the pile (so it may not be thrown). There
    is no way out; ``hard`` holds its melds, ``medium`` may meld, but neither strands
    A♠ by laying it down first as part of a going out that cannot end."""
    start = make_hand(RUMMY, ["AS 8C 8D 2D 8S 2H 2C", "KC QC JH TH 4H 6H 3C",
                              "KS QS JS TS 9S 9C 7C"], discard="KH 9D")
    start = with_table(start, table_of("2S 3S 4S 5S", "4D 5D 6D 7D"))
    start, _ = apply(start, DrawDiscard())
    assert start.phase is Phase.PLAY
    after = play_turn(start, RummyPlayer(1, level, style, level))
    assert not after.over
    if level == "hard":  # it keeps its melds for rummy: the table is as it was
        assert after.table == start.table
    assert len(after.hands[0]) >= 2  # never down to the one card it could not throw


@pytest.mark.parametrize(("level", "style"), [("medium", MEDIUM), ("hard", HARD)])
def test_going_out_lays_off_where_the_next_card_can_follow(level: str, style: Style) -> None:
    """8D fits the set of eights and the run 4D-7D; 9D follows only on the run. Both
    levels go out: the kings melded, 8D and 9D onto the run, 2C thrown."""
    start = make_hand(RUMMY, ["8D 9D KC KD KS 2C", "QC JC TH 3H 5H 6H 3C",
                              "QS JS TS 9S 9C 7C 4C"], phase=Phase.PLAY)
    start = with_table(start, table_of("8S 8C 8H", "4D 5D 6D 7D"))
    after = play_turn(start, RummyPlayer(1, level, style, level))
    assert after.over
    assert after.hands[0] == ()
    run = [tm.cards for tm in after.table if cards("4D")[0] in tm.cards][0]
    assert set(cards("8D 9D")) <= set(run)
    assert after.discard[-1] == cards("2C")[0]


def test_the_hint_goes_out_the_same_way() -> None:
    """The hint (``hard``'s move, with its words) at the same table: it says the turn goes
    out, and following it move by move empties the hand."""
    state = make_hand(RUMMY, ["8D 9D KC KD KS 2C", "QC JC TH 3H 5H 6H 3C",
                              "QS JS TS 9S 9C 7C 4C"], phase=Phase.PLAY)
    state = with_table(state, table_of("8S 8C 8H", "4D 5D 6D 7D"))
    first = True
    while not state.over:
        given = hint(observe_hand(state, 0), hand_legal(state), seed=1)
        if first:
            assert "you can go out this turn" in given.reason, given.reason
            first = False
        state, _ = apply(state, given.action)
    assert state.hands[0] == ()
