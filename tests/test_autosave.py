"""The autosave writer thread, the controller's wait for it, and exact resumes.

No test here measures time: they check what is on disk and what the controller
does while a save has not landed (a fake saver holds it back).
"""

from __future__ import annotations

import os
import random
import time
from pathlib import Path

import pytest

from knockrummy.app import saves
from knockrummy.app.autosave import Autosaver
from knockrummy.app.controller import COMPUTER, HUMAN, Controller, GameSetup, SeatSetup
from knockrummy.engine import PRESETS, MatchState, NextHand, apply, legal_actions, new_match
from knockrummy.storage import SaveStore, Seat, StatsStore


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("KNOCKRUMMY_HOME", str(tmp_path))
    return tmp_path


SEATS = [Seat("Ann"), Seat("Bot", "computer", "easy")]


def played(actions: int, preset: str = "gin", seed: int = 5) -> list[MatchState]:
    """States of a match after 0, 1, ... ``actions`` actions (first legal action each)."""
    match = new_match(PRESETS[preset], 2, seed=seed, names=["Ann", "Bot"])
    states = [match]
    for _ in range(actions):
        match, _ = apply(match, legal_actions(match)[0])
        states.append(match)
    return states


def test_every_recorded_state_is_written_and_the_newest_wins() -> None:
    states = played(30)
    saver = Autosaver("abc12345", SEATS, extra=lambda: {"hand_order": {}})
    for state in states:  # faster than the disk: older pending states are skipped
        saver.record(state)
    assert saver.wait(10.0) and saver.caught_up()
    saver.close()
    loaded = SaveStore().load("abc12345")
    assert loaded.match == states[-1]
    assert loaded.extra == {"hand_order": {}}
    assert 1 <= len(saver.save_ms) <= len(states)


def test_close_writes_what_is_pending() -> None:
    states = played(5)
    saver = Autosaver("pending1", SEATS)
    saver.record(states[-1])
    saver.close()
    assert SaveStore().load("pending1").match == states[-1]


def test_a_disk_that_refuses_is_reported_and_the_game_goes_on(home: Path) -> None:
    (home / "saves").write_text("not a folder")  # the saves folder cannot be made
    saver = Autosaver("refused1", SEATS)
    saver.record(played(1)[-1])
    assert saver.wait(10.0)  # a failed save still counts as done: play goes on
    messages = saver.take_messages()
    assert messages and "could not be saved" in messages[0]
    assert saver.take_messages() == []
    saver.close()


def test_an_unexpected_error_in_a_save_is_reported_and_later_saves_go_on() -> None:
    """A bug in the store (not a disk error) must not kill the writer: the controller
    waits for it before every action, so a dead writer would stop the game."""
    states = played(3)
    store = SaveStore()
    calls: list[int] = []
    real_save = store.save

    def flaky(*args: object, **kwargs: object) -> None:
        calls.append(1)
        if len(calls) == 1:
            raise RuntimeError("a bug")
        real_save(*args, **kwargs)  # type: ignore[arg-type]

    store.save = flaky  # type: ignore[method-assign]
    saver = Autosaver("flaky123", SEATS, store=store)
    saver.record(states[1])
    assert saver.wait(10.0) and saver.caught_up()
    assert any("a bug" in m for m in saver.take_messages())
    saver.record(states[2])
    assert saver.wait(10.0)
    saver.close()
    assert SaveStore().load("flaky123").match == states[2]


def test_hands_and_the_match_are_counted_once_for_human_seats() -> None:
    match = new_match(PRESETS["knock"], 2, seed=8, names=["Ann", "Bot"])  # 4 deals
    saver = Autosaver("count123", SEATS, record_stats=True)
    rng = random.Random(8)
    while not match.over:
        match, _ = apply(match, rng.choice(legal_actions(match)))
        saver.record(match)
        assert saver.wait(10.0)
    saver.record(match)  # the same again (a resave): not counted twice
    saver.close()
    tally = StatsStore().tally()
    assert tally.hands_played == len(match.records) > 0
    assert tally.matches_played == 1
    resumed = Autosaver("count123", SEATS, record_stats=True,
                        counted_hands=len(match.records) - 1)
    resumed.record(match)  # a resume counts the last hand again: ignored by the store
    resumed.close()
    assert StatsStore().tally().hands_played == len(match.records)


def test_computers_only_are_not_counted() -> None:
    match = played(3)[-1]
    saver = Autosaver("bots1234", [Seat("A", "computer", "easy"), Seat("B", "computer", "easy")],
                      record_stats=True)
    assert not saver.record_stats
    saver.record(match)
    saver.close()
    assert StatsStore().keys() == []


class HeldSaver:
    """A saver whose writes land only when the test says so."""

    def __init__(self) -> None:
        self.recorded: list[int] = []
        self.landed = 0
        self.waits = 0

    def record(self, match: MatchState) -> None:
        self.recorded.append(len(match.all_actions))

    def caught_up(self) -> bool:
        return self.landed >= len(self.recorded)

    def wait(self, timeout: float) -> bool:
        self.waits += 1
        self.landed = len(self.recorded)  # the disk catches up while we wait
        return True


def computers(seed: int = 3, preset: str = "knock", players: int = 3) -> GameSetup:
    seats = tuple(SeatSetup(f"C{i}", COMPUTER, "easy") for i in range(players))
    return GameSetup(PRESETS[preset], seats, seed)


def drive(controller: Controller, until: int, deadline: float = 60.0) -> None:
    """Play computer turns (and deal on) until ``until`` actions, like the table does."""
    end = time.monotonic() + deadline
    while len(controller.match.all_actions) < until and not controller.match.over:
        assert time.monotonic() < end, "the computers stopped playing"
        controller.steps.clear()
        if controller.match.hand.over:
            controller.next_hand()
            continue
        controller.update(time.monotonic(), ui_idle=True)
        time.sleep(0.0005)


def test_a_computer_does_not_play_before_the_last_action_is_saved() -> None:
    saver = HeldSaver()
    c = Controller(computers(), pacing=0.0, saver=saver)
    c.steps.clear()
    saver.record(c.match)  # the starting state, not yet on disk
    for _ in range(200):
        c.update(time.monotonic(), ui_idle=True)
        time.sleep(0.001)
    assert c.match.all_actions == [] and not c.deciding
    saver.landed = len(saver.recorded)
    drive(c, 1)
    assert len(c.match.all_actions) == 1 and saver.recorded[-1] == 1
    c.close()


def test_a_human_action_waits_for_the_previous_save() -> None:
    seed = next(s for s in range(100)
                if new_match(PRESETS["gin"], 2, seed=s).hand.current == 0)  # Ann first
    setup = GameSetup(PRESETS["gin"], (SeatSetup("Ann", HUMAN), SeatSetup("Bot", COMPUTER)),
                      seed)
    saver = HeldSaver()
    c = Controller(setup, pacing=0.0, saver=saver)
    saver.record(c.match)  # the starting state, still being written
    assert c.human_to_act
    assert c.submit(c.legal()[0]) is None
    assert saver.waits == 1 and saver.recorded == [0, 1]  # waited, then applied and recorded
    saver.landed = 2
    if c.human_to_act:  # Ann's turn goes on (she drew, now she discards)
        assert c.submit(c.legal()[0]) is None
        assert saver.waits == 1  # nothing was pending: no wait
    c.close()


def test_resumed_computers_make_the_same_decisions() -> None:
    """Seeded by (match seed, seat) and deciding from the view alone: a match saved
    and resumed mid-hand goes on exactly as if it had never stopped."""
    straight = Controller(computers(seed=12), pacing=0.0)
    drive(straight, 40)
    straight.close()
    first = Controller(computers(seed=12), pacing=0.0)
    drive(first, 17)
    store = SaveStore()
    store.save("resume12", first.match, saves.store_seats(first.setup))
    first.close()
    loaded = saves.load("resume12", store)
    assert not isinstance(loaded, str)
    assert loaded.match == first.match and loaded.setup == first.setup
    second = Controller(loaded.setup, loaded.match, pacing=0.0)
    drive(second, 40)
    second.close()
    assert second.match.all_actions == straight.match.all_actions[: len(second.match.all_actions)]
    assert len(second.match.all_actions) >= 40 or second.match.over


def test_next_hand_resets_who_holds_the_screen() -> None:
    seats = (SeatSetup("Ann", HUMAN), SeatSetup("Bob", HUMAN))
    c = Controller(GameSetup(PRESETS["knock"], seats, 9), pacing=0.0)
    due = c.handoff_due
    assert due is not None and not c.hand_shown  # nobody holds the screen at the deal
    assert c.acknowledge_handoff() is None  # the deal is still to be shown
    c.steps.clear()
    assert c.acknowledge_handoff() == due and c.hand_shown and c.viewer == due
    match = c.match
    rng = random.Random(9)
    while not match.hand.over:
        match, _ = apply(match, rng.choice(legal_actions(match)))
    c.match = match
    assert c.handoff_due is None and c.hand_shown  # the showdown shows every hand
    assert c.next_hand() is None
    assert isinstance(c.steps[-1].action, NextHand) and not c.steps[-1].shown_after
    assert c.seating.holder is None and c.handoff_due is not None
    c.close()


def test_hand_orders_round_trip_through_a_save() -> None:
    from knockrummy.engine import parse_cards
    orders = {0: ("manual", tuple(parse_cards("KS 2H 9C"))), 1: ("suit", ())}
    extra = saves.hand_orders_to_extra(orders)
    store = SaveStore()
    store.save("orders12", played(0)[0], SEATS, extra)
    loaded = saves.load("orders12", store)
    assert not isinstance(loaded, str)
    assert loaded.hand_orders == orders
    assert saves.hand_orders_from_extra({"hand_order": {"0": {"mode": "manual",
                                                              "cards": ["XX"]}}}, 2) == {}
    assert os.listdir(store.folder) == ["orders12.json"]
