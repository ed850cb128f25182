"""No word reaches the player without gettext: every screen is walked in a
pseudo-language whose every message is wrapped in ⟦ ⟧ (tools/catalogues.py ``pseudo``),
and every text drawn must be made of such messages. What may stand outside them: numbers,
punctuation, suit symbols, and the names the players gave their seats. A string written
straight into the code shows up here as bare English."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from knockrummy import i18n
from knockrummy.app.prefs import Prefs
from knockrummy.app.setups import COMPUTER_NAMES
from knockrummy.ui import matches
from knockrummy.ui.app import App
from knockrummy.ui.pilot import Pilot
from knockrummy.ui.screens.title import TitleScene
from tests.screen_walk import WALKED, walk
from tools import catalogues

#: the names the walk's players have and the computers' names (names: never translated)
NAMES = {"Ann", "Ben", *COMPUTER_NAMES}
_WORD_OF = re.compile(r"[^\W\d_]{2,}")
#: a word of two letters or more, and the tildes the pseudo-language puts after it
_WORD = re.compile(r"([^\W\d_]{2,})(\u27e6|~*)")
#: a file's path (a folder shown as it is) is no words
_PATH = re.compile(r"\S*[/\\]\S*")
#: each language is named in its own language on the Settings screen, whatever is spoken
OWN_NAMES = {word for name in i18n.LANGUAGES.values() for word in _WORD_OF.findall(name)}


def bare_words(text: str) -> list[str]:
    """The words of ``text`` that no message brought (no tilde after them), names aside.
    Lines of a wrapped message keep their tildes, so wrapping does not hide a word. A
    word cut short with "..." is the layout's fault, not gettext's (test_language_layout
    finds it); a path is shown as it is. A term's explanation put straight after the term
    (the coach's "deadwood (the points ...)") lands between the word and its tildes.

    >>> bare_words("⟦Ann draws~~~ ⟦10♥⟧~⟧ 7"), bare_words("Ann: ⟦Knock~~⟧"), bare_words("Draw")
    ([], [], ['Draw'])
    >>> bare_words("⟦Folder~~~: /home/ann/records⟧"), bare_words("⟦Play~~ aga...")
    ([], [])
    >>> bare_words("⟦play on with deadwood⟦ (⟦the~ points~~~⟧)⟧~~~~"), bare_words("Hint: ⟦x⟧")
    (['play', 'on', 'with'], ['Hint'])
    """
    text = _PATH.sub(" ", text)
    return [m.group(1) for m in _WORD.finditer(text)
            if not m.group(2) and m.group(1) not in NAMES and m.group(1) not in OWN_NAMES
            and not text.startswith("...", m.end())]


@pytest.fixture
def pseudo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Pilot]:
    catalogues.pseudo(tmp_path / "locale")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path / "locale")
    monkeypatch.setitem(i18n.LANGUAGES, "qps", "\u27e6Pseudo~~~\u27e7")  # its own name
    monkeypatch.setenv("KNOCKRUMMY_HOME", str(tmp_path / "home"))
    prefs = Prefs(animation_speed=4.0, ai_pacing=0.0, lessons_offered=True, language="qps",
                  allow_undo=True)
    app = App((960, 600), prefs, save_prefs=False)
    app.fixed_dt = 1 / 60
    app.reset(TitleScene(app))
    yield Pilot(app)
    matches.close_game(app)
    i18n.set_language("en")
    pygame.quit()


def test_every_word_on_every_screen_comes_through_gettext(pseudo: Pilot) -> None:
    p = pseudo
    assert i18n.language() == "qps"
    bare: dict[str, set[str]] = {}

    def look(name: str) -> None:
        texts = p.app.fonts.record()
        p.app.dirty = True
        p.app.draw()
        p.app.fonts.stop_recording()
        assert texts, name
        for _px, text in texts:
            if bare_words(text):
                bare.setdefault(text, set()).add(name)

    assert walk(p, look) == list(WALKED)
    report = [f"{text!r} on {', '.join(sorted(where))}" for text, where in sorted(bare.items())]
    assert not report, f"{len(report)} texts bypass gettext:\n" + "\n".join(report[:80])


def test_a_string_that_bypasses_gettext_is_caught(pseudo: Pilot) -> None:
    # the check itself: a bare word is found, a wrapped one and a name are not
    assert bare_words("Knock") == ["Knock"]
    assert bare_words("\u27e6Knock~~\u27e7  Ann 30") == []
    assert bare_words("\u27e6Play~~ aga...") == []  # cut: the layout test's to find
    assert bare_words("\u27e6play on with deadwood\u27e6 (\u27e6the~ points~~~\u27e7)"
                      "\u27e7~~~~") == ["play", "on", "with"]
    p = pseudo
    texts = p.app.fonts.record()
    p.app.fonts.text("Draw from the stock", 20)
    p.app.fonts.stop_recording()
    assert [bare_words(t) for _px, t in texts] == [["Draw", "from", "the", "stock"]]


def test_the_pseudo_language_is_every_message_wrapped(pseudo: Pilot) -> None:
    assert i18n.pgettext("suit", "hearts") == "\u27e6hearts~~~\u27e7"
    p = pseudo
    p.app.apply_prefs(replace(p.app.prefs, language="en"))
    p.step()
    assert i18n.pgettext("suit", "hearts") == "hearts"
