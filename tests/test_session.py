"""The match session (``knockrummy.app.session``), without a window: a match started,
moves applied, saved and resumed keeps its hand orders, coach marks and save id; and
every callback is in place from construction (nothing is patched in afterwards)."""

from __future__ import annotations

import inspect
import os
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from knockrummy.app import saves
from knockrummy.app.controller import COMPUTER, HUMAN, GameSetup, SeatSetup
from knockrummy.app.session import MatchSession, SessionOptions
from knockrummy.engine import PRESETS
from knockrummy.engine.actions import DrawStock
from knockrummy.storage import SaveStore

FAST = SessionOptions(pacing=0.0, record_stats=False)


@pytest.fixture(autouse=True)
def home(tmp_path: Path) -> Iterator[Path]:
    old = os.environ.get("KNOCKRUMMY_HOME")
    os.environ["KNOCKRUMMY_HOME"] = str(tmp_path)
    yield tmp_path
    if old is None:
        del os.environ["KNOCKRUMMY_HOME"]
    else:
        os.environ["KNOCKRUMMY_HOME"] = old


def gin(seed: int = 5) -> GameSetup:
    return GameSetup(PRESETS["gin"], (SeatSetup("Ann", HUMAN), SeatSetup("Bot", COMPUTER)),
                     seed)


def play_a_draw(session: MatchSession) -> None:
    """The human passes or draws until they hold a drawn card (computers move too)."""
    c = session.controller
    for _ in range(2000):
        c.update(time.monotonic() + 60, True)
        c.steps.clear()
        if c.human_to_act:
            legal = c.legal()
            draw = next((a for a in legal if isinstance(a, DrawStock)), None)
            assert c.submit(draw or legal[0]) is None
            if draw is not None:
                return
        time.sleep(0.005)
    raise AssertionError("the human never drew")


def test_callbacks_are_given_at_construction() -> None:
    session = MatchSession.start(gin(), FAST)
    try:
        saver = session.autosaver
        # the autosave reads the session's data through the callables it was built with
        assert saver.extra is not None and saver.undo_used is not None
        assert saver.extra.__self__ is session  # type: ignore[attr-defined]
        assert saver.undo_used() is False
        assert session.controller.saver is saver
        # and the session's own code never assigns into the controller or the autosave
        source = inspect.getsource(MatchSession)
        for patched in ("autosaver.extra =", "autosaver.undo_used =", "hints.count =",
                        "controller.saver ="):
            assert patched not in source
    finally:
        session.close()


def test_started_moved_saved_resumed_keeps_orders_marks_and_id(home: Path) -> None:
    session = MatchSession.start(gin(), FAST)
    save_id = session.save_id
    session.record()
    play_a_draw(session)
    hand = session.controller.view().hand
    arranged = tuple(reversed(hand))
    session.arrange({0: ("manual", arranged), 1: ("melds", ())})
    session.controller.hints.count = 3  # three hints asked during play (the desk counts)
    session.touch()
    assert session.autosaver.wait(10)
    match = session.match
    session.close()

    extra = SaveStore().load(save_id).extra
    assert saves.hand_orders_from_extra(extra, 2) == {0: ("manual", arranged)}
    assert saves.coach_from_extra(extra) == saves.CoachMarks(0, 3)

    again = MatchSession.resume(save_id, FAST)
    assert isinstance(again, MatchSession)
    try:
        assert again.save_id == save_id
        assert again.match == match
        assert again.hand_orders == {0: ("manual", arranged)}
        assert again.marks == saves.CoachMarks(0, 3)
        assert again.controller.hints.count == 3
    finally:
        again.close()


def test_continue_latest_and_a_missing_save_say_why() -> None:
    assert MatchSession.continue_latest(FAST) == "There is no saved game."
    assert isinstance(MatchSession.resume("deadbeef", FAST), str)
    session = MatchSession.start(gin(9), FAST)
    session.record()
    session.close()
    latest = MatchSession.continue_latest(FAST)
    assert isinstance(latest, MatchSession) and latest.save_id == session.save_id
    latest.close()


def test_play_again_deals_the_same_game_from_a_new_seed() -> None:
    first = MatchSession.start(gin(11), FAST)
    again = MatchSession.play_again(first.setup, FAST)
    try:
        assert again.setup.seats == first.setup.seats
        assert again.setup.rules == first.setup.rules
        assert again.setup.seed != first.setup.seed
        assert again.save_id != first.save_id
    finally:
        first.close()
        again.close()
