"""The icon generator reproduces the committed icon; the launcher files are well formed."""

from __future__ import annotations

import configparser
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_icon_generator_reproduces_committed_files(tmp_path: Path) -> None:
    subprocess.run([sys.executable, str(ROOT / "tools" / "gen_icon.py"), "--out", str(tmp_path)],
                   check=True, capture_output=True, timeout=120)
    for name in ("knockrummy.svg", "knockrummy-256.png"):
        assert (tmp_path / "icon" / name).read_bytes() == (ROOT / "assets" / "icon" / name
                                                           ).read_bytes(), name


def test_icon_png_has_transparent_corners() -> None:
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    image = pygame.image.load(str(ROOT / "assets" / "icon" / "knockrummy-256.png"))
    assert image.get_size() == (256, 256)
    assert image.get_at((0, 0)).a == 0
    assert image.get_at((128, 128)).a == 255


def test_desktop_file_names_the_program_and_icon() -> None:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(ROOT / "packaging" / "linux" / "knockrummy.desktop")
    entry = parser["Desktop Entry"]
    assert entry["Type"] == "Application"
    assert entry["Exec"] == "knockrummy" and entry["Icon"] == "knockrummy"
    assert "CardGame" in entry["Categories"]
