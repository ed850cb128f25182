"""Sound: no audio device means silence, never a crash; mute and volume are obeyed."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

CHILD = r"""
import pygame
from knockrummy.ui.sound import NAMES, Sounds
sounds = Sounds(0.7, False)
for name in NAMES:
    sounds.play(name)
print(sounds.available, len(sounds.played))
"""


def run_child(driver: str) -> str:
    env = dict(os.environ, SDL_AUDIODRIVER=driver, SDL_VIDEODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    done = subprocess.run([sys.executable, "-c", CHILD], env=env, capture_output=True,
                          text=True, timeout=60, check=True)
    return done.stdout.strip()


def test_an_audio_driver_that_does_not_exist_is_silence() -> None:
    """SDL cannot open this driver (as on a machine with no sound card): the game plays
    every effect without a sound and without an error."""
    assert run_child("no-such-audio-driver") == "False 9"


def test_no_audio_at_all_is_silence() -> None:
    assert run_child("none") == "False 9"


def test_the_dummy_device_loads_every_effect() -> None:
    assert run_child("dummy") == "True 9"


def test_mute_and_volume_are_kept_in_range() -> None:
    from knockrummy.ui.sound import Sounds
    sounds = Sounds(0.5, False)
    sounds.set_volume(3.0, True)
    assert sounds.volume == 1.0 and sounds.muted
    sounds.set_volume(-1.0, False)
    assert sounds.volume == 0.0 and not sounds.muted


@pytest.mark.parametrize(("volume", "muted", "heard"), [
    (0.7, False, True),   # the control: the same effect, not muted, is heard
    (0.7, True, False),   # muted
    (0.0, False, False),  # volume 0
])
def test_an_effect_is_heard_unless_muted_or_at_volume_zero(
        volume: float, muted: bool, heard: bool) -> None:
    """On the dummy device (which plays in real time, without a speaker) an effect that
    is heard occupies a mixer channel at its volume; a muted one never starts."""
    import pygame

    from knockrummy.ui.sound import Sounds
    sounds = Sounds(0.5, False)
    assert sounds.available, "the dummy audio device should open"
    sounds.set_volume(volume, muted)
    pygame.mixer.stop()
    assert not pygame.mixer.get_busy()
    sounds.play("knock")
    assert sounds.played[-1] == "knock"  # asked for, either way
    effect = sounds._sounds["knock"]
    assert pygame.mixer.get_busy() is heard
    assert effect.get_num_channels() == (1 if heard else 0)
    if heard:
        assert effect.get_volume() == pytest.approx(volume, abs=0.01)
    pygame.mixer.stop()
