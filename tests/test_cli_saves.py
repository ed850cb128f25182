"""``knockrummy --list-saves`` and ``knockrummy --resume ID [--autoplay N]``, as processes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from knockrummy.engine import PRESETS, apply, legal_actions, new_match
from knockrummy.storage import SaveStore, Seat


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("KNOCKRUMMY_HOME", str(tmp_path))
    (tmp_path / "settings.json").write_text(json.dumps({"schema": 1, "animation_speed": 4.0}))
    return tmp_path


def run(*args: str, home: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "KNOCKRUMMY_HOME": str(home), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run([sys.executable, "-m", "knockrummy", *args], env=env,
                          capture_output=True, text=True, timeout=300)


def save(store: SaveStore, save_id: str, preset: str, actions: int,
         seats: list[Seat] | None = None) -> None:
    match = new_match(PRESETS[preset], 2, seed=3, names=["Ann", "Bot"])
    for _ in range(actions):
        match, _ = apply(match, legal_actions(match)[0])
    store.save(save_id, match, seats or [Seat("Ann"), Seat("Bot", "computer", "easy")])


def test_list_saves_one_a_line_id_first_newest_first(home: Path) -> None:
    store = SaveStore()
    save(store, "older001", "gin", 2)
    save(store, "newer002", "knock", 4)
    (store.folder / "junk0003.json").write_text("[1, 2")
    result = run("--list-saves", home=home)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert [line.split()[0] for line in lines] == ["newer002", "older001"]
    assert "Knock Rummy" in lines[0] and "Ann 0, Bot 0" in lines[0]
    assert "junk0003" in result.stderr and "damaged" in result.stderr
    assert list((home / "damaged").glob("junk0003*.json"))


def test_list_saves_with_none(home: Path) -> None:
    result = run("--list-saves", home=home)
    assert result.returncode == 0 and result.stdout == ""
    assert "no saved matches" in result.stderr


def test_resume_autoplay_continues_headless_and_keeps_the_seats(home: Path) -> None:
    store = SaveStore()
    seats = [Seat("Ann"), Seat("Bot", "computer", "hard")]
    save(store, "cont0001", "knock", 3, seats)
    before = store.load("cont0001").match
    result = run("--resume", "cont0001", "--autoplay", "1", "--fast", "--size", "960x600",
                 home=home)
    assert result.returncode == 0, result.stderr
    after = store.load("cont0001")
    assert after.match.all_actions[: len(before.all_actions)] == before.all_actions
    assert len(after.match.records) >= 1  # played the hand to its end
    assert list(after.seats) == seats  # the human seat is still human in the save
    assert [info.id for info in store.list()] == ["cont0001"]  # no second save made


def test_autoplay_saves_like_any_match(home: Path) -> None:
    result = run("--autoplay", "1", "--fast", "--seed", "4", "--players", "2", "--trace",
                 home=home)
    assert result.returncode == 0, result.stderr
    words = [line.split() for line in result.stdout.splitlines()]
    save_id = words[0][1]
    assert words[0][0] == "started"
    applied = [int(w[2]) for w in words if w[0] == "applied"]
    loaded = SaveStore().load(save_id)
    assert len(loaded.match.all_actions) == applied[-1]
    assert all(s.kind == "computer" for s in loaded.seats)


@pytest.mark.parametrize("bad", ["nothere1", "../../etc", ""])
def test_resume_of_a_missing_save_says_why(home: Path, bad: str) -> None:
    result = run("--resume", bad, "--autoplay", "1", home=home)
    assert result.returncode == 2
    assert "cannot resume" in result.stderr and "Traceback" not in result.stderr
