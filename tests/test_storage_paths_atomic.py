"""Paths read the environment on every call; atomic writes; setting files aside."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs
import pytest

from knockrummy.storage import (
    damaged_dir,
    home,
    portable_home,
    saves_dir,
    set_aside,
    settings_path,
    stats_path,
    write_atomic,
)
from tests.storage_support import kr_home

__all__ = ["kr_home"]


def test_home_follows_the_environment_on_every_call(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KNOCKRUMMY_HOME", str(tmp_path / "a"))
    assert home() == tmp_path / "a"
    monkeypatch.setenv("KNOCKRUMMY_HOME", str(tmp_path / "b"))
    assert saves_dir() == tmp_path / "b" / "saves"
    assert settings_path().parent == stats_path().parent == damaged_dir().parent == home()


def test_without_override_home_is_the_platformdirs_data_dir(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("KNOCKRUMMY_HOME", raising=False)
    assert home() == Path(platformdirs.user_data_dir("knockrummy", appauthor=False))


def test_portable_marker_beside_the_executable(tmp_path: Path) -> None:
    exe = tmp_path / "KnockRummy.exe"
    exe.write_bytes(b"")
    assert portable_home(str(exe)) is None
    (tmp_path / "portable.txt").write_text("")
    assert portable_home(str(exe)) == tmp_path.resolve() / "userdata"


def test_portable_mode_applies_to_a_frozen_build(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("KNOCKRUMMY_HOME", raising=False)
    (tmp_path / "portable.txt").write_text("")
    monkeypatch.setattr("sys.frozen", True, raising=False)
    monkeypatch.setattr("sys.executable", str(tmp_path / "knockrummy"))
    assert home() == tmp_path.resolve() / "userdata"


def test_write_atomic_writes_and_replaces(kr_home: Path) -> None:
    target = kr_home / "deep" / "file.json"
    write_atomic(target, "first")
    write_atomic(target, "second é")
    assert target.read_text(encoding="utf-8") == "second é"
    assert os.listdir(target.parent) == ["file.json"]


def test_a_crash_before_the_rename_leaves_the_old_file_whole(
        kr_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = kr_home / "file.json"
    write_atomic(target, "old content")

    def crash(src: object, dst: object) -> None:
        raise OSError("simulated crash between write and rename")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError, match="simulated"):
        write_atomic(target, "new content " * 1000)
    assert target.read_text() == "old content"
    assert os.listdir(kr_home) == ["file.json"]  # the temporary file was removed


def test_a_crash_before_the_first_rename_leaves_no_target(
        kr_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def crash(src: object, dst: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(KeyboardInterrupt):
        write_atomic(kr_home / "file.json", "x" * 100_000)
    assert os.listdir(kr_home) == []


def test_set_aside_moves_never_deletes_and_explains(kr_home: Path) -> None:
    first = kr_home / "saves" / "abc.json"
    first.parent.mkdir(parents=True)
    first.write_text("garbage 1")
    moved1 = set_aside(first, "not valid JSON")
    first.write_text("garbage 2")
    moved2 = set_aside(first, "truncated")
    assert not first.exists()
    assert moved1 != moved2
    assert moved1.parent == moved2.parent == damaged_dir()
    assert moved1.read_text() == "garbage 1" and moved2.read_text() == "garbage 2"
    reason = moved1.with_name(moved1.name + ".reason.txt").read_text()
    assert "not valid JSON" in reason and "abc.json" in reason
