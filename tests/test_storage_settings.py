"""Settings: round trip, invalid values fall back with a note, unknown keys kept; the
window's ``Prefs`` are these settings, every field saved and loaded by name."""

from __future__ import annotations

import json
from dataclasses import fields, replace
from pathlib import Path
from typing import Any

import pytest

from knockrummy.app import prefs as prefs_store
from knockrummy.app.prefs import LastGame, Prefs
from knockrummy.storage import (
    Settings,
    damaged_dir,
    load_settings,
    save_settings,
    settings_path,
    update_settings,
)
from tests.storage_support import kr_home

__all__ = ["kr_home"]


def test_no_file_gives_defaults_without_notes(kr_home: Path) -> None:
    assert load_settings() == (Settings(), [])


def test_round_trip(kr_home: Path) -> None:
    settings = Settings(animation_speed=2.0, ai_pacing=0.0, volume=0.25, muted=True,
                        card_back="red", four_color=True, large_index=True,
                        window_size=(1920, 1080), fullscreen=True, default_preset="gin",
                        default_seats=("human", "hard"), confirm_knock=True, allow_undo=True,
                        lessons_done=("knock", "gin"), lessons_offered=True)
    save_settings(settings)
    loaded, notes = load_settings()
    assert (loaded, notes) == (settings, [])


def test_invalid_values_fall_back_with_a_note(kr_home: Path) -> None:
    settings_path().parent.mkdir(parents=True)
    settings_path().write_text(json.dumps({
        "schema": 1, "animation_speed": "fast", "ai_pacing": 99, "volume": -1,
        "muted": "yes", "card_back": 7, "window_size": [100, 10000], "fullscreen": None,
        "default_preset": "poker", "default_seats": ["human", "grandmaster"],
        "confirm_knock": True, "lessons_done": ["knock", "Gin Rummy!"],
        "lessons_offered": "yes", "language": "klingon",
    }))
    loaded, notes = load_settings()
    assert loaded.animation_speed == 1.0
    assert loaded.ai_pacing == 3.0 and loaded.volume == 0.0  # clamped into range
    assert loaded.muted is False and loaded.card_back == "blue" and loaded.fullscreen is False
    assert loaded.window_size == (480, 7680)
    assert loaded.default_preset == "knock"
    assert loaded.default_seats == ("human", "medium", "medium")
    assert loaded.confirm_knock is True
    assert loaded.lessons_done == () and loaded.lessons_offered is False
    assert loaded.language == ""
    joined = "\n".join(notes)
    for name in ("animation_speed", "ai_pacing", "volume", "muted", "card_back",
                 "window_size", "fullscreen", "default_preset", "default_seats",
                 "lessons_done", "lessons_offered", "language"):
        assert f"Setting {name}:" in joined
    assert len(notes) == 12


def test_finished_lessons_keep_each_key_once_and_at_most_eight(kr_home: Path) -> None:
    settings_path().parent.mkdir(parents=True)
    settings_path().write_text(json.dumps({"lessons_done": ["gin", "knock", "gin"]}))
    assert load_settings() == (Settings(lessons_done=("gin", "knock")), [])
    settings_path().write_text(json.dumps({"lessons_done": [f"l-{c}" for c in "abcdefghi"]}))
    loaded, notes = load_settings()
    assert loaded.lessons_done == () and len(notes) == 1 and "lessons_done" in notes[0]


def test_seats_that_do_not_fit_the_preset_fall_back(kr_home: Path) -> None:
    save_settings(Settings(default_preset="gin", default_seats=("human", "easy", "hard")))
    loaded, notes = load_settings()
    assert loaded.default_seats == ("human", "medium")
    assert len(notes) == 1 and "do not fit" in notes[0]


def test_unknown_keys_are_kept_and_written_back(kr_home: Path) -> None:
    settings_path().parent.mkdir(parents=True)
    settings_path().write_text(json.dumps({"volume": 0.5, "from_the_future": {"a": [1, 2]}}))
    loaded, notes = load_settings()
    assert notes == [] and loaded.volume == 0.5
    save_settings(replace(loaded, muted=True))
    data = json.loads(settings_path().read_text())
    assert data["from_the_future"] == {"a": [1, 2]} and data["muted"] is True
    # even a fresh Settings object keeps what is in the file
    save_settings(Settings())
    assert json.loads(settings_path().read_text())["from_the_future"] == {"a": [1, 2]}


def test_a_damaged_file_is_set_aside_and_defaults_used(kr_home: Path) -> None:
    settings_path().parent.mkdir(parents=True)
    settings_path().write_bytes(b'{"volume": 0.3, "mut')
    loaded, notes = load_settings()
    assert loaded == Settings()
    assert len(notes) == 1 and "moved to" in notes[0]
    assert not settings_path().exists()
    assert [p.read_bytes() for p in damaged_dir().glob("settings.*.json")] == [
        b'{"volume": 0.3, "mut']
    save_settings(loaded)  # and the game carries on
    assert load_settings() == (Settings(), [])


def test_a_file_that_is_not_an_object_is_set_aside(kr_home: Path) -> None:
    settings_path().parent.mkdir(parents=True)
    settings_path().write_text("[1, 2, 3]")
    loaded, notes = load_settings()
    assert loaded == Settings() and "does not hold settings" in notes[0]


def test_the_smallest_window_is_remembered_without_a_note(kr_home: Path) -> None:
    """The window's own minimum, 960 x 600, must load back as it was (it once fell
    outside the settings' range and the title showed a note after every small game)."""
    save_settings(Settings(window_size=(960, 600)))
    loaded, notes = load_settings()
    assert loaded.window_size == (960, 600)
    assert notes == []


#: a value other than the default for every setting: a new setting must be added here
CHANGED: dict[str, Any] = {
    "animation_speed": 2.0, "ai_pacing": 0.0, "volume": 0.25, "muted": True,
    "card_back": "red", "four_color": True, "large_index": True, "window_size": (1920, 1080),
    "fullscreen": True, "default_preset": "gin", "default_seats": ("human", "hard"),
    "confirm_knock": True, "allow_undo": True,
    "last_game": LastGame("gin", (("Ann", "human", "medium"), ("Ada", "computer", "hard")),
                          (("target_score", "to 150"),)),
    "explained": ("knock", "gin"),
    "lessons_done": ("knock", "rummy"),
    "lessons_offered": True,
    "language": "de",
}


def test_the_prefs_are_the_settings_every_field_with_a_test_value() -> None:
    """One declaration of the settings: the window's ``Prefs`` is the storage class, and
    every field has a changed value above (so the round trips below cover it)."""
    assert Prefs is Settings
    names = [f.name for f in fields(Settings) if f.name != "unknown"]
    assert sorted(CHANGED) == sorted(names)
    defaults = Settings()
    assert all(CHANGED[name] != getattr(defaults, name) for name in names)


@pytest.fixture
def fresh_prefs(kr_home: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh home, and ``app.prefs``' memory of what it read put back afterwards."""
    monkeypatch.setattr(prefs_store, "_base", None)
    return kr_home


def test_every_setting_round_trips_through_the_file(fresh_prefs: Path) -> None:
    prefs_store.load()
    assert prefs_store.save(Prefs(**CHANGED))
    assert prefs_store.load() == (Prefs(**CHANGED), [])
    data = json.loads(settings_path().read_text())
    assert set(data) == {"schema", *CHANGED}
    assert data["last_game"]["seats"][1] == {"name": "Ada", "kind": "computer", "level": "hard"}


def test_saving_one_setting_keeps_what_another_copy_changed(fresh_prefs: Path) -> None:
    """For each setting: this copy changes it alone while another copy of the game has
    changed every other one: both copies' changes are in the file."""
    for name, value in CHANGED.items():
        settings_path().unlink(missing_ok=True)
        mine, _ = prefs_store.load()
        others = {k: v for k, v in CHANGED.items() if k != name}
        update_settings(lambda s, others=others: replace(s, **others))
        assert prefs_store.save(replace(mine, **{name: value}))
        assert load_settings() == (Settings(**CHANGED), []), name
