"""The window and the screen: it opens fitted to the usable area (laptops included), the
settings show its real size and never resize it unasked, full screen is told truly, and
where there is no display or no sound device the game says so in one line."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from knockrummy.app.prefs import Prefs
from knockrummy.ui import app as app_module
from knockrummy.ui import display
from knockrummy.ui.app import App
from knockrummy.ui.pilot import Pilot
from knockrummy.ui.screens.settings import SettingsScene
from knockrummy.ui.screens.title import TitleScene

FAST = Prefs(animation_speed=4.0, ai_pacing=0.0)


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("KNOCKRUMMY_HOME", str(tmp_path))
    monkeypatch.delenv("SDL_VIDEO_WINDOW_POS", raising=False)
    yield tmp_path
    pygame.quit()


@pytest.mark.parametrize(("screen", "wanted", "fits"), [
    ((0, 0, 1366, 728), (1280, 800), (1280, 680)),     # 1366x768 laptop, 40 px task bar
    ((0, 0, 1280, 680), (1280, 800), (1264, 632)),     # 1280x720 laptop
    ((0, 0, 1280, 720), (1280, 800), (1264, 672)),     # 1280x720, no task bar
    ((0, 0, 1920, 1040), (2560, 1440), (1904, 992)),   # remembered on a bigger screen
    ((0, 0, 1920, 1040), (1280, 800), (1280, 800)),    # fits: as asked
])
def test_window_opens_fitted_to_the_usable_area(home: Path, monkeypatch: pytest.MonkeyPatch,
                                                screen: tuple[int, int, int, int],
                                                wanted: tuple[int, int],
                                                fits: tuple[int, int]) -> None:
    monkeypatch.setattr(app_module, "screen_area", lambda driver: screen)
    asked: list[str] = []
    real_set_mode = pygame.display.set_mode
    monkeypatch.setattr(pygame.display, "set_mode", lambda *a, **k: (
        asked.append(os.environ.get("SDL_VIDEO_WINDOW_POS", "")), real_set_mode(*a, **k))[1])
    app = App(wanted, FAST, save_prefs=False)
    assert app.size == fits
    x, y = (int(v) for v in asked[0].split(","))
    # on screen, title bar included: the window's top leaves room for it
    assert screen[0] <= x and x + fits[0] <= screen[0] + screen[2]
    assert screen[1] + 30 <= y and y + fits[1] <= screen[1] + screen[3]
    assert app.largest_window()[1] <= screen[3] - 30


def test_settings_show_the_real_size_and_only_the_size_row_resizes(
        home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(app_module, "screen_area", lambda driver: (0, 0, 1920, 1040))
    app = App((1600, 900), replace(FAST, window_size=(960, 600)), save_prefs=True)
    app.fixed_dt = 1 / 60
    app.reset(TitleScene(app))
    p = Pilot(app)
    p.press("Settings")
    scene = p.top
    assert isinstance(scene, SettingsScene)
    rows = dict(scene.left + scene.right)
    assert rows["window_size"].value == (1600, 900)  # the window, not the remembered 960x600
    assert rows["fullscreen"].value is app.fullscreen is False
    calls: list[object] = []
    real_set_mode = pygame.display.set_mode
    monkeypatch.setattr(pygame.display, "set_mode",
                        lambda *a, **k: calls.append(a) or real_set_mode(*a, **k))
    for name in ("volume", "muted", "four_color", "animation_speed", "default_preset"):
        p.move(rows[name].right.center)
        p.click(rows[name].right.center)
    assert app.size == (1600, 900) and calls == []  # nothing else touches the window
    p.move(rows["window_size"].right.center)
    p.click(rows["window_size"].right.center)  # asked for: the next size that fits
    assert app.size == (1904, 992) and rows["window_size"].value == app.size
    p.click(rows["window_size"].right.center)  # the largest: > goes no further
    assert app.size == (1904, 992)
    p.click(rows["window_size"].left.center)
    assert app.size == (1600, 900) and rows["window_size"].value == (1600, 900)


def run_game(env: dict[str, str], *args: str) -> tuple[subprocess.CompletedProcess[str], float]:
    start = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "knockrummy", *args], env=env, text=True,
                          capture_output=True, timeout=20)
    return done, time.monotonic() - start


@pytest.mark.parametrize("driver", [None, "x11"])
def test_no_display_is_one_line_and_a_quick_exit(home: Path, driver: str | None) -> None:
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env["KNOCKRUMMY_HOME"] = str(home)
    if driver:
        env["SDL_VIDEODRIVER"] = driver
    done, took = run_game(env)
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert done.returncode != 0 and took < 2.0
    assert len(lines) == 1 and "needs a screen" in lines[0], done.stderr
    assert done.stdout == ""


def test_no_sound_device_is_one_line_then_silence(home: Path) -> None:
    env = dict(os.environ, KNOCKRUMMY_HOME=str(home), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="no-such-device")
    done, _ = run_game(env, "--smoke")
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert done.returncode == 0 and "first frame" in done.stdout
    assert len(lines) == 1 and "no sound device" in lines[0], done.stderr


def test_fit_window_never_leaves_the_supported_sizes() -> None:
    for usable in ((800, 500), (1024, 700), (3840, 2100), (7680, 4320), None):
        w, h = display.fit_window((5000, 5000), usable)
        assert display.MIN_SIZE[0] <= w <= display.MAX_SIZE[0]
        assert display.MIN_SIZE[1] <= h <= display.MAX_SIZE[1]
