"""Hands end: no player passes the same cards back and forth through the pile for ever."""

from __future__ import annotations

from dataclasses import replace

import pytest

from knockrummy.ai import LEVELS, make_player
from knockrummy.ai.repeats import fresh_discards, retake, taken_before
from knockrummy.ai.simple import SimplePlayer
from knockrummy.engine import PRESETS, DrawDiscard, DrawStock, parse_cards
from knockrummy.engine.flow import legal_actions as hand_legal
from knockrummy.engine.state import HandState, LogEntry, TableMeld
from knockrummy.engine.view import observe_hand
from knockrummy.sim.play import play_hand
from knockrummy.sim.runner import Tournament, play_unit
from tests.builders import cards, make_hand


def test_the_reported_endless_rummy_hands_end() -> None:
    """``--preset rummy --seats medium,simple --hands 300 --seed 1`` used to stop on hand
    1000006 ("did not end after 20000 actions"): two players passed 2C 2S 2D 2H round."""
    for level in ("medium", "hard"):
        tournament = Tournament("rummy", (level, "simple"), 2, 300, True, seed=1)
        for index in (3, 5):  # hands 1000006 and 1000008
            unit = play_unit(tournament, index)
            assert unit.outcome.results[0].outcome in ("out", "rummy", "exhausted")
            assert unit.outcome.actions < 400, (level, index, unit.outcome.actions)


def ping_pong(history: bool) -> HandState:
    """Rummy, two players holding two 3s each round a table of melds; 3C is up and seat 0
    already took it once this hand (and threw it back later)."""
    rules = PRESETS["rummy"]
    state = make_hand(rules, ["3S 3D", "3H KC"], discard="3C", current=0)
    table = (TableMeld(cards("5D 6D 7D"), cards("5D 6D 7D"), 1),
             TableMeld(cards("AS AD AC"), cards("AS AD AC"), 0))
    log = (
        LogEntry(0, "draw_discard", cards("3C")[0]), LogEntry(0, "discard", cards("3D")[0]),
        LogEntry(1, "draw_discard", cards("3D")[0]), LogEntry(1, "discard", cards("3C")[0]),
    ) if history else ()
    used = set(cards("5D 6D 7D AS AD AC"))
    stock = tuple(c for c in state.stock if c not in used)
    return replace(state, table=table, log=log, stock=stock)


def test_taken_before_reads_the_log() -> None:
    view = observe_hand(ping_pong(True), 0)
    assert taken_before(view) == 1 << cards("3C")[0].index
    assert retake(view)
    assert not retake(observe_hand(ping_pong(False), 0))
    assert not retake(observe_hand(ping_pong(True), 1))


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_no_level_takes_a_card_twice(level: str) -> None:
    state = ping_pong(True)
    action = make_player(level, 1).choose(observe_hand(state, 0), hand_legal(state))
    assert action == DrawStock()


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_a_card_taken_before_is_taken_again_to_go_out(level: str) -> None:
    """Gin: 5H completes gin; it was taken (and thrown back) before, but gin ends the hand."""
    state = make_hand(PRESETS["gin"], ["2H 3H 4H 7S 7D 7C 8C 9C TC KD",
                                       "AS 2S 3S 4S 5S 6S 8S 9S TS JS"], discard="QD 5H")
    log = (LogEntry(0, "draw_discard", cards("5H")[0]), LogEntry(0, "discard", cards("5H")[0]))
    state = replace(state, log=log)
    assert retake(observe_hand(state, 0))
    action = make_player(level, 1).choose(observe_hand(state, 0), hand_legal(state))
    assert action == DrawDiscard()


def test_simple_takes_only_while_a_new_pair_is_left() -> None:
    """The baseline never repeats a take-and-discard pair, so once every discard after
    taking the card would repeat one, it draws from the stock instead."""
    rules = PRESETS["gin"]
    hand = "2H 3H 7S 7D 7C 8C 9C TC KD QS"
    state = make_hand(rules, [hand, "AS 2S 3S 4S 5S 6S 8S 9S TS JS"], discard="QD 4H")
    player = SimplePlayer(1)
    assert player.choose(observe_hand(state, 0), hand_legal(state)) == DrawDiscard()
    four = parse_cards("4H")[0]
    log = tuple(e for c in parse_cards(hand)
                for e in (LogEntry(0, "draw_discard", four), LogEntry(0, "discard", c)))
    state = replace(state, log=log)
    assert player.choose(observe_hand(state, 0), hand_legal(state)) == DrawStock()


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("key", ["rummy", "rummy-high", "gin", "knock-hoyle"])
def test_two_players_of_a_level_finish_their_hands(level: str, key: str) -> None:
    """Where the stock does not shrink while players take from the pile, hands still end."""
    rules = PRESETS[key]
    for seed in range(8):
        seats = [make_player(level, seed), make_player(level, seed + 50)]
        outcome = play_hand(rules, seats, seed % 2, seed, max_actions=1500)  # type: ignore[arg-type]
        assert outcome.results[0].outcome


@pytest.mark.parametrize(("level", "index"), [("simple", 14), ("simple", 58), ("easy", 14)])
def test_gin_for_four_hands_that_locked_up_end(level: str, index: int) -> None:
    """Four players holding every low card between them, none melding: each drew a high card
    and threw it straight back, the pile was shuffled in again, for ever."""
    seats = [make_player(level, 1000 * index + s) for s in range(4)]
    seed = 7919 * index + 7
    outcome = play_hand(PRESETS["gin-multi"], seats, index % 4, seed,  # type: ignore[arg-type]
                        max_actions=2000)
    assert outcome.results[0].knocker is not None


def test_a_card_thrown_before_is_not_thrown_again_where_the_stock_never_ends() -> None:
    two = make_hand(PRESETS["gin"], ["2H 3H", "4H 5H"])
    four = make_hand(PRESETS["gin-multi"], ["2H 3H 9S", "4H 5H 6S", "AS AD AC"])
    log = (LogEntry(0, "discard", cards("9S")[0]),)
    hand = list(cards("2H 9S KD"))
    assert fresh_discards(observe_hand(replace(four, log=log), 0), hand) == list(cards("2H KD"))
    assert fresh_discards(observe_hand(replace(two, log=log), 0), hand) == hand
    assert fresh_discards(observe_hand(replace(four, log=log), 0), cards("9S")) == list(cards("9S"))
