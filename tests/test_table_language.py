"""The table and the replay change language in the middle of a match (#18): every word
they draw afterwards is in the new language, and nothing of the game changes.

The catalogues are translated by people; the test speaks a pseudo-language, ``qps``
(every message wrapped in ⟦ ⟧ and stretched with ~, see ``tools/catalogues.py``), so a
word that bypasses gettext shows up as plain English.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from knockrummy import i18n
from knockrummy.app.recap import last_moves, match_info
from knockrummy.engine import PRESETS, DrawStock, PassUpcard, Phase
from knockrummy.ui.pilot import Pilot
from knockrummy.ui.table.scene import TableScene
from tests.table_support import (
    FAST,
    Opener,
    first_hand_replay,
    on_table,
    start,
    table,
    wait_play,
    windows,
)
from tools import catalogues

#: what a pseudo-translated text (or a line of one, wrapped) always holds
MARKS = (catalogues.OPEN, catalogues.CLOSE, "~")
#: texts that are no words: numbers, signs, card corners and suits
NOT_WORDS = re.compile(r"[\d\s+\-.,:()\[\]♠♥♦♣⟦⟧AJQK]*")


@pytest.fixture
def pseudo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The pseudo-language ``qps`` on offer (its catalogue in ``tmp_path``)."""
    catalogues.POT.parent.mkdir(parents=True, exist_ok=True)  # no catalogue yet
    catalogues.pseudo(tmp_path / "locale")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path / "locale")
    monkeypatch.setitem(i18n.LANGUAGES, "qps", "Pseudo")
    yield
    i18n.set_language("en")


@pytest.fixture
def window(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Opener]:
    yield from windows(tmp_path / "home", monkeypatch, FAST)


def translated(text: str, names: tuple[str, ...]) -> bool:
    """Whether ``text`` is pseudo-translated, or no words at all (numbers, card labels,
    a player's name)."""
    return any(m in text for m in MARKS) or NOT_WORDS.fullmatch(text) is not None \
        or text.strip() in names


def drawn_texts(p: Pilot) -> list[str]:
    """Every text drawn in a frame (the pointer resting where it is)."""
    texts = p.app.fonts.record()
    p.app.dirty = True
    p.step()
    p.app.fonts.stop_recording()
    return [text for _size, text in texts]


def speak_pseudo(p: Pilot) -> None:
    """The player chooses the pseudo-language in the settings (applied the next frame)."""
    p.app.apply_prefs(replace(p.app.prefs, language="qps"))
    p.step(2)
    assert i18n.language() == "qps"


def from_other_floors(t: TableScene, texts: list[str]) -> list[str]:
    """``texts`` but those whose words other floors make (the recap of the last moves,
    the match's progress, wrapped as they fit): checked on their own too."""
    view = t.view
    theirs = [*match_info(view), *last_moves(view.log, view.names, limit=12)]
    return [text for text in texts if not any(text in line for line in theirs)]


def test_the_table_speaks_the_new_language_and_keeps_the_game(window: Opener,
                                                              pseudo: None) -> None:
    p = window((1280, 720))
    start(p, PRESETS["gin"], ("human", "computer"), seed=7)
    t = on_table(p)
    before = (t.view.hand, list(t.order.cards), t.view.current, t.view.phase,
              len(t.controller.match.hand_actions), t.controller.match.hand_number)
    english = {key: b.label for key, b in t.buttons.items()}

    speak_pseudo(p)

    assert table(p) is t  # the same table: relabelled, not made anew
    after = (t.view.hand, list(t.order.cards), t.view.current, t.view.phase,
             len(t.controller.match.hand_actions), t.controller.match.hand_number)
    assert after == before
    for key, button in t.buttons.items():
        assert catalogues.OPEN in button.label, (key, button.label, english[key])
        assert catalogues.OPEN in button.tooltip, (key, button.tooltip)

    knock = t.buttons["knock"]  # the pointer rests on Knock: its tooltip shows
    p.move(knock.rect.center)
    p.step(3)
    texts = drawn_texts(p)
    names = tuple(t.view.names)
    mine = from_other_floors(t, texts)
    assert any(knock.tooltip.split("  ")[0][:12] in text for text in texts), texts
    untranslated = [text for text in mine if not translated(text, names)]
    assert not untranslated, untranslated


def test_the_table_messages_speak_the_new_language(window: Opener, pseudo: None) -> None:
    p = window((1280, 720))
    start(p, PRESETS["gin"], ("human", "computer"), seed=7)
    t = on_table(p)
    speak_pseudo(p)
    t.press("knock")  # before the draw: refused, the reason said
    said = t.model.telling
    assert said is not None and catalogues.OPEN in said, said
    texts = from_other_floors(t, drawn_texts(p))
    assert not [text for text in texts if not translated(text, tuple(t.view.names))]
    while t.view.phase is not Phase.DRAW:  # the up card offered first: passed
        assert t.act(PassUpcard()) is None
        t = on_table(p)
    assert t.act(DrawStock()) is None
    wait_play(p, t)
    p.step(5)
    texts = from_other_floors(t, drawn_texts(p))
    untranslated = [text for text in texts if not translated(text, tuple(t.view.names))]
    assert not untranslated, untranslated


def test_the_other_floors_words_on_the_table_speak_it_too(window: Opener,
                                                         pseudo: None) -> None:
    p = window((1280, 720))
    start(p, PRESETS["gin"], ("human", "computer"), seed=7)
    t = on_table(p)
    speak_pseudo(p)
    texts = drawn_texts(p)
    untranslated = [text for text in texts if not translated(text, tuple(t.view.names))]
    assert not untranslated, untranslated


def test_the_replay_speaks_the_new_language_and_keeps_its_place(window: Opener,
                                                                pseudo: None) -> None:
    p = window((1280, 720))
    replay = first_hand_replay(p, PRESETS["rummy"], 4, 3)  # over in one hand
    replay.seek(len(replay.captions) - 1)  # the end: the score lines too
    p.step()
    index, frame = replay.index, replay.frame
    speak_pseudo(p)
    assert p.top is replay and replay.index == index and replay.frame is frame
    for button in replay.buttons:
        assert catalogues.OPEN in button.label and catalogues.OPEN in button.tooltip, \
            button.label
    texts = drawn_texts(p)
    names = tuple(replay.frame.views[0].names)
    untranslated = [text for text in texts if not translated(text, names)]
    assert not untranslated, untranslated


def test_a_lesson_speaks_the_new_language_and_keeps_its_step(window: Opener,
                                                             pseudo: None) -> None:
    from knockrummy.ui.table.lesson import LessonScene
    p = window((1280, 720))
    p.app.open("lesson", "gin")
    p.step(30)
    lesson = p.top
    assert isinstance(lesson, LessonScene)
    lesson.press("hint")  # answered in the panel: the lesson's own words
    step, hand = lesson.run.index, lesson.view.hand
    speak_pseudo(p)
    assert p.top is lesson and lesson.run.index == step and lesson.view.hand == hand
    for key in ("next", "first_game", "title"):
        button = lesson.panel_buttons[key]
        assert catalogues.OPEN in button.label and catalogues.OPEN in button.tooltip, key
    said = lesson.saying()
    assert said is not None and catalogues.OPEN in said, said
