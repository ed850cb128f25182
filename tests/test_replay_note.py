"""A review's note on the replay, at the smallest window: a helper at 960x600 read a
knock's note cut off at "(to undercut is to ..."; the information box now takes the
room the move list can spare, and a long note is set a size smaller before any of it is
cut."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from knockrummy.app.history import History
from knockrummy.ui.pilot import Pilot
from knockrummy.ui.replay.render import decision_lines
from knockrummy.ui.replay.scene import ReplayScene
from knockrummy.ui.screens.review import ReviewScene
from tests.coach_ui_support import make_pilot
from tests.test_coach_review import undercut_knock


@pytest.fixture
def pilot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Pilot]:
    yield from make_pilot(tmp_path, monkeypatch, size=(960, 600))


def test_a_knocks_review_note_is_read_whole_on_the_replay_at_960x600(pilot: Pilot) -> None:
    match, number, knock = undercut_knock()
    history = History(match, (0,), 0)
    pilot.app.open("review", history, number)
    review = pilot.top
    assert isinstance(review, ReviewScene)
    assert pilot.until(lambda: review.review is not None, 20_000)
    assert review.review is not None and review.seat == 0
    row = next(r for r in review.decision_rows if r.decision.made == knock)
    assert row.show.visible
    pilot.click(row.show.rect.center)  # the pointer moves there, rests, then clicks
    replay = pilot.top
    assert isinstance(replay, ReplayScene) and replay.decision is row.decision
    shown = " ".join(text for text, _colour, _bold in replay.info)
    assert not shown.endswith("..."), shown
    said = " ".join(" ".join(text.split()) for text, _strong in
                    decision_lines(row.decision, before=True))
    assert " ".join(shown.split()).endswith(said), (shown, said)
    # the box stays above the move list, which still shows the knock itself
    assert replay.info_area.bottom < replay.list_area.top
    assert any(index == row.decision.step for index, _rect in replay.move_rows)
