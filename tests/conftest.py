"""Headless pygame for the UI tests: dummy video and audio, a private storage home."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# every screen by name, for ``app.open`` (the game's start-up imports it the same way)
import knockrummy.ui.screens  # noqa: E402,F401
