"""The standalone build: PyInstaller makes it from build/installer.spec, and it plays a hand.

This is the Linux build of the release workflow, built and run here headless.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if sys.platform != "linux":
        pytest.skip("the release workflow builds the other systems")
    work = tmp_path_factory.mktemp("pyinstaller")
    subprocess.run(
        [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
         "--distpath", str(work / "dist"), "--workpath", str(work / "build"),
         str(ROOT / "build" / "installer.spec")],
        check=True, cwd=work, timeout=900, capture_output=True,
    )
    return work / "dist" / "knockrummy"


def _env(tmp_path: Path) -> dict[str, str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               KNOCKRUMMY_HOME=str(tmp_path / "home"))
    env.pop("PYTHONPATH", None)
    return env


def test_build_has_both_programs_and_the_assets(built: Path) -> None:
    assert (built / "knockrummy").is_file() and (built / "knockrummy-console").is_file()
    internal = built / "_internal" / "assets"
    assert len(list((internal / "cards" / "classic").glob("*.svg"))) == 52
    assert (internal / "fonts" / "LICENSE-DejaVu.txt").is_file()
    assert len(list((internal / "sounds").glob("*.wav"))) == 9


@pytest.mark.parametrize("program", ["knockrummy-console", "knockrummy"])
def test_frozen_game_plays_a_hand_headless_and_exits_0(built: Path, tmp_path: Path,
                                                       program: str) -> None:
    """Both the console build and the windowed one find their assets and play a hand."""
    run = subprocess.run(
        [str(built / program), "--autoplay", "1", "--fast", "--seed", "1"],
        env=_env(tmp_path), capture_output=True, text=True, timeout=300, cwd=tmp_path,
    )
    assert run.returncode == 0, run.stderr
    assert "missing" not in run.stderr  # the computer players are inside the build
    # settings and saves go to the per-user folder, never beside the executable
    assert not (built / "userdata").exists()


def test_frozen_smoke_prints_the_start_up_time(built: Path, tmp_path: Path) -> None:
    run = subprocess.run([str(built / "knockrummy-console"), "--smoke"], env=_env(tmp_path),
                         capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("first frame ") and run.stdout.rstrip().endswith("process start")


def test_smoke_from_source(tmp_path: Path) -> None:
    run = subprocess.run([sys.executable, "-m", "knockrummy", "--smoke"], env=_env(tmp_path),
                         capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert run.returncode == 0, run.stderr
    seconds = float(run.stdout.split()[2])
    assert 0 < seconds < 30


def test_the_frozen_game_speaks_the_systems_language(built: Path, tmp_path: Path) -> None:
    """The catalogues are inside the build: a German system gets German help."""
    assert (built / "_internal" / "knockrummy" / "locale" / "de" / "LC_MESSAGES"
            / "knockrummy.mo").is_file()
    env = dict(_env(tmp_path), LANGUAGE="de")
    run = subprocess.run([str(built / "knockrummy-console"), "--help"], env=env,
                         capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert "Fenstergröße" in run.stdout
