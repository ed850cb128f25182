"""Every screen in every language, at 960x600 and 3840x2160: no text leaves its box. Each
text the top screen draws lies inside the window, uncut, over no other text; no label
was shortened with "..." or a wrapped word overflowed its width; none is drawn under
14 px. The walk finds its buttons by their words in that language."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from knockrummy import i18n
from knockrummy.app.prefs import Prefs
from knockrummy.ui import matches, widgets
from knockrummy.ui.app import App
from knockrummy.ui.pilot import Pilot
from knockrummy.ui.screens.title import TitleScene
from knockrummy.ui.widgets import MIN_TEXT
from tests.screen_walk import WALKED, walk
from tests.text_boxes import draw_top, faults, record_texts

SIZES = ((960, 600), (3840, 2160))
FAST = Prefs(animation_speed=4.0, ai_pacing=0.0, lessons_offered=True, allow_undo=True)


@pytest.fixture
def pilot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Pilot]:
    monkeypatch.setenv("KNOCKRUMMY_HOME", str(tmp_path))
    app = App(SIZES[0], FAST, save_prefs=False)
    app.fixed_dt = 1 / 60
    app.reset(TitleScene(app))
    yield Pilot(app)
    matches.close_game(app)
    i18n.set_language("en")
    pygame.quit()


def check_screens(p: Pilot, code: str) -> tuple[list[str], list[str]]:
    """Walk every screen speaking ``code``; the names walked and every fault found."""
    p.app.apply_prefs(p.app.prefs.__class__(**{**p.app.prefs.__dict__, "language": code}))
    p.step()
    assert i18n.language() == code
    texts = record_texts(p.app)
    found: list[str] = []

    def look(name: str) -> None:
        for size in SIZES:
            p.app.set_window_size(size)
            sizes = p.app.fonts.record()
            cuts = widgets.record_cuts()
            drawn = draw_top(p.app, texts)
            p.app.fonts.stop_recording()
            widgets.stop_recording_cuts()
            assert drawn, f"{name}: no text drawn at {size}"
            where = f"{code} {name} at {size[0]}x{size[1]}"
            found.extend(f"{where}: {fault}" for fault in faults(drawn))
            found.extend(f"{where}: shortened {cut!r}" for cut in cuts)
            found.extend(f"{where}: {px} px {text!r}" for px, text in sizes if px < MIN_TEXT)
        p.app.set_window_size(SIZES[0])

    return walk(p, look), found


@pytest.mark.parametrize("code", list(i18n.LANGUAGES))
def test_every_screen_holds_its_words(pilot: Pilot, code: str) -> None:
    walked, found = check_screens(pilot, code)
    assert walked == list(WALKED)
    assert not found, "\n".join(found[:60])
