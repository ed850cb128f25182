"""The language setting, driven as a person does: the Settings screen's Language row,
changed with the pointer (hover, then the row's arrow) and with the keyboard (the focus
moved with arrows and Tab, Left/Right to change). The settings file then holds the code,
the whole window speaks the language from the next frame without a restart, and the
Settings screen comes back in it with the focus on the same row.

The real catalogues come from translators later; the pseudo-language ``qps`` (every
message wrapped in ⟦ ⟧) stands in for one.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from knockrummy import i18n
from knockrummy.app.prefs import Prefs
from knockrummy.ui.app import App
from knockrummy.ui.pilot import Pilot
from knockrummy.ui.screens.settings import SettingsScene
from knockrummy.ui.screens.title import TitleScene
from knockrummy.ui.widgets import Choice
from tools import catalogues
from tools.catalogues import stretch

FAST = Prefs(animation_speed=4.0, ai_pacing=0.0)
OPEN = catalogues.OPEN


@pytest.fixture(scope="module")
def pseudo_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The pseudo-language's catalogue, made once from every marked message."""
    catalogues.LOCALE.mkdir(parents=True, exist_ok=True)  # a fresh clone has none yet
    return catalogues.pseudo(tmp_path_factory.mktemp("locale"))


@pytest.fixture
def pilot(tmp_path: Path, pseudo_dir: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Pilot]:
    """The title in English with a private home, "qps" offered among the languages."""
    monkeypatch.setenv("KNOCKRUMMY_HOME", str(tmp_path))
    monkeypatch.setattr(i18n, "LOCALE_DIR", pseudo_dir)
    monkeypatch.setitem(i18n.LANGUAGES, "qps", "Pseudo")
    app = App((1280, 720), replace(FAST, language="en"), save_prefs=True)
    app.fixed_dt = 1 / 60
    app.reset(TitleScene(app))
    p = Pilot(app)
    p.step()
    yield p
    i18n.set_language("en")
    pygame.quit()


def settings_file(home: Path) -> dict[str, object]:
    """The settings as written on disk."""
    found = [f for f in home.rglob("*.json") if "language" in f.read_text(encoding="utf-8")]
    assert found, "no settings file was written"
    data = json.loads(found[0].read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def language_row(scene: SettingsScene) -> Choice:
    return dict(scene.right)["language"]


def open_settings(p: Pilot) -> SettingsScene:
    settings = p.button("Settings")
    p.move(settings.rect.center)
    p.click(settings.rect.center)
    scene = p.top
    assert isinstance(scene, SettingsScene)
    return scene


def words_shown(p: Pilot) -> list[str]:
    """Every text drawn in one frame of the window."""
    texts = p.app.fonts.record()
    p.app.dirty = True
    p.step()
    return [t for _, t in texts]


def test_languages_are_named_in_their_own_language_starting_at_the_one_in_use(
        pilot: Pilot) -> None:
    scene = open_settings(pilot)
    row = language_row(scene)
    assert list(row.values)[:6] == ["en", "de", "fr", "es", "it", "pt_BR"]
    assert "Deutsch" in row.texts and "Français" in row.texts
    assert "Português (Brasil)" in row.texts
    assert row.value == i18n.language() == "en"
    assert "Language" in words_shown(pilot)


def test_pointer_changes_the_language_at_once(pilot: Pilot, tmp_path: Path) -> None:
    scene = open_settings(pilot)
    row = language_row(scene)
    before = words_shown(pilot)
    assert "Settings" in before and "Animation speed" in before
    focus = scene.focus
    pilot.move(row.rect.center)  # the pointer hovers the row first, as a person's does
    assert row.hover
    pilot.click(row.left.center)  # < from English: the last language offered, qps
    pilot.step(2)
    assert settings_file(tmp_path)["language"] == "qps"
    assert pilot.app.prefs.language == "qps" and i18n.language() == "qps"
    top = pilot.top
    assert isinstance(top, SettingsScene)
    shown = words_shown(pilot)
    assert stretch("Settings") in shown  # the heading in the new language
    assert stretch("Animation speed") in shown and stretch("Language") in shown
    assert "Animation speed" not in shown and "Done" not in shown
    # the row still shows the language chosen, by its own name
    assert language_row(top).value == "qps" and "Pseudo" in shown
    assert top.focus == focus and language_row(top).hover  # as it was: same row, lit
    # the screen below speaks it too: back on the title, every button's word is new
    pilot.key(pygame.K_ESCAPE)
    assert isinstance(pilot.top, TitleScene)
    title_words = words_shown(pilot)
    assert stretch("New game") in title_words
    assert "New game" not in title_words


def test_keyboard_changes_the_language_and_keeps_the_focus(pilot: Pilot,
                                                           tmp_path: Path) -> None:
    scene = open_settings(pilot)
    rows = scene.controls()
    target = rows.index(language_row(scene))
    pilot.key(pygame.K_DOWN)  # arrows and Tab move the focus row by row
    pilot.key(pygame.K_TAB)
    assert scene.focus == 2
    pilot.key(pygame.K_TAB, pygame.KMOD_SHIFT)
    pilot.key(pygame.K_UP)
    assert scene.focus == 0
    for _ in range(target):
        pilot.key(pygame.K_TAB)
    assert scene.controls()[scene.focus] is language_row(scene)
    pilot.key(pygame.K_RIGHT)  # English -> Deutsch
    pilot.step(2)
    assert settings_file(tmp_path)["language"] == "de"
    pilot.key(pygame.K_LEFT)  # and back to English
    pilot.key(pygame.K_LEFT)  # on past it: the last offered, qps
    pilot.step(2)
    assert settings_file(tmp_path)["language"] == "qps"
    top = pilot.top
    assert isinstance(top, SettingsScene)
    assert top.focus == target  # the same row, in the new language
    shown = words_shown(pilot)
    assert "Language" not in shown
    assert stretch("Language") in shown
    pilot.key(pygame.K_RIGHT)  # on from the last: English again, every word as it was
    pilot.step(2)
    assert settings_file(tmp_path)["language"] == "en"
    shown = words_shown(pilot)
    assert "Language" in shown and "Settings" in shown
    assert not any(t.startswith(OPEN) for t in shown)
