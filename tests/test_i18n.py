"""The language: the system's locale is followed on first start, an unknown one falls
back to English, and a chosen one is kept; words are looked up in the language current
at the moment they are made."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from knockrummy import i18n
from knockrummy.app.prefs import Prefs
from knockrummy.ui.app import App
from tools import catalogues


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


@pytest.mark.parametrize(("env", "wanted"), [
    ({"LANGUAGE": "de:en"}, "de"),
    ({"LANGUAGE": "", "LC_ALL": "fr_CA.UTF-8"}, "fr"),
    ({"LANGUAGE": "", "LANG": "pt_BR.UTF-8"}, "pt_BR"),
    ({"LANGUAGE": "", "LANG": "pt_PT.UTF-8"}, "pt_BR"),
    ({"LANGUAGE": "", "LANG": "es_MX.UTF-8"}, "es"),
    ({"LANGUAGE": "", "LANG": "it_IT@euro"}, "it"),
    ({"LANGUAGE": "", "LANG": "ja_JP.UTF-8"}, "en"),
    ({"LANGUAGE": "", "LANG": "C.UTF-8"}, "en"),
    ({"LANGUAGE": "sv:fr"}, "fr"),  # the first offered language of a list
    ({"LANGUAGE": "en_GB:de"}, "en"),
])
def test_the_system_locale_picks_the_language(monkeypatch: pytest.MonkeyPatch,
                                               env: dict[str, str], wanted: str) -> None:
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    for var, value in env.items():
        if value:
            monkeypatch.setenv(var, value)
    assert i18n.system_language() == wanted


def test_an_unknown_or_missing_language_is_english(tmp_path: Path) -> None:
    i18n.set_language("tlh")
    assert i18n.language() == "en" and i18n._("Knock Rummy") == "Knock Rummy"
    i18n.set_language("de", localedir=tmp_path)  # no catalogue there
    assert i18n.language() == "en"


def test_words_are_made_in_the_language_of_the_moment(tmp_path: Path) -> None:
    catalogues.pseudo(tmp_path)
    i18n.set_language("qps", localedir=tmp_path)
    assert i18n.pgettext("suit", "hearts") == "\u27e6hearts~~~\u27e7"
    i18n.set_language("en")
    assert i18n.pgettext("suit", "hearts") == "hearts"


def test_a_first_start_follows_the_system_and_a_choice_is_kept(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KNOCKRUMMY_HOME", str(tmp_path))
    monkeypatch.setenv("LANGUAGE", "fr")
    app = App((960, 600), Prefs(), save_prefs=False)  # language "": the system's
    assert i18n.language() == "fr"
    app.apply_prefs(Prefs(language="it"))
    app.step(block=False)
    assert i18n.language() == "it"
    pygame.quit()
