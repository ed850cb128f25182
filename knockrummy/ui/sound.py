"""Sound effects. No audio device (or ``SDL_AUDIODRIVER=dummy``/``none``) means silence:
without a device the game says so in one line on stderr (the sound libraries' own
messages are held back) and plays on without sound.

Every call is safe: if the mixer cannot start or a file is missing, ``play`` does
nothing. Nothing loops.
"""

from __future__ import annotations

import logging
import os
import sys

import pygame

from knockrummy.i18n import _
from knockrummy.ui import paths
from knockrummy.ui.display import quiet_stderr

log = logging.getLogger(__name__)

NAMES = ("shuffle", "deal", "draw", "discard", "knock", "gin", "win", "lose", "click")


class Sounds:
    """The game's sound effects with volume and mute."""

    def __init__(self, volume: float = 0.8, muted: bool = False) -> None:
        self.volume = volume
        self.muted = muted
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self.available = False
        self.played: list[str] = []  # what was asked for, for tests (kept short)
        if os.environ.get("SDL_AUDIODRIVER", "").lower() == "none":
            return
        try:
            with quiet_stderr() as chatter:  # ALSA and friends: many lines, held back
                if not pygame.mixer.get_init():
                    pygame.mixer.init(44100, -16, 2, 512)
            self.available = bool(pygame.mixer.get_init())
        except pygame.error as err:
            for line in chatter:
                log.info("audio: %s", line)
            # Translators: one line on the terminal; {error} is SDL's own words
            print(_("knockrummy: no sound device ({error}); playing without sound.").format(
                error=err), file=sys.stderr)
            return
        for name in NAMES:
            try:
                self._sounds[name] = pygame.mixer.Sound(paths.sound(name))
            except (pygame.error, OSError, ValueError) as err:
                log.info("sound %s: %s", name, err)

    def set_volume(self, volume: float, muted: bool) -> None:
        """Change the volume (0..1) and mute."""
        self.volume = max(0.0, min(1.0, volume))
        self.muted = muted

    def play(self, name: str) -> None:
        """Play one effect once (or do nothing when muted or silent)."""
        self.played.append(name)
        if len(self.played) > 64:
            del self.played[:32]
        if self.muted or self.volume <= 0:
            return
        sound = self._sounds.get(name)
        if sound is None:
            return
        try:
            sound.set_volume(self.volume)
            sound.play()
        except pygame.error:
            pass
