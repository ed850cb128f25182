"""The player's settings, read and saved through ``knockrummy.storage``.

:class:`Prefs` is the storage ``Settings`` class itself (frozen), so screens can hold it
without sharing a mutable object and a new setting is declared once, in
``storage/settings.py``. This module adds what the window needs around it: the choices
offered for speed and pacing, the last game of a setup, and saving only what changed.

>>> Prefs is Settings, Prefs().speed_factor, Prefs(animation_speed=2.0).speed_factor
(True, 1.0, 0.5)
"""

from __future__ import annotations

import logging
from dataclasses import fields, replace
from typing import TYPE_CHECKING

from knockrummy.i18n import N_, _
from knockrummy.storage import load_settings, update_settings
from knockrummy.storage.settings import LastGame, Settings

if TYPE_CHECKING:
    from knockrummy.app.controller import GameSetup

__all__ = ["AI_PACINGS", "ANIMATION_SPEEDS", "LastGame", "Prefs", "last_game_of", "load",
           "pacing_words", "save", "speed_words"]

log = logging.getLogger(__name__)

#: animation speed multipliers offered (2.0 is twice as fast), each with its name (an
#: English key: show it as ``_(name)``, or with :func:`speed_words`)
ANIMATION_SPEEDS = (
    # Translators: how fast cards move on screen, and how long a computer player takes
    # over each move (Settings: "Normal" is said of both)
    (0.5, N_("Slow")), (1.0, N_("Normal")), (1.5, N_("Fast")), (3.0, N_("Very fast")))
#: seconds a computer move takes on screen, each with its name (an English key: show it
#: with :func:`pacing_words`)
AI_PACINGS = ((0.3, N_("Quick")), (0.8, N_("Normal")), (1.5, N_("Relaxed")))


def speed_words() -> list[str]:
    """The animation speeds' names in the player's language, as :data:`ANIMATION_SPEEDS`."""
    return [_(name) for _speed, name in ANIMATION_SPEEDS]


def pacing_words() -> list[str]:
    """The computer paces' names in the player's language, as :data:`AI_PACINGS`."""
    return [_(name) for _pace, name in AI_PACINGS]

#: the settings the window uses: the storage ``Settings``, one declaration of the fields
Prefs = Settings


def last_game_of(setup: GameSetup) -> LastGame:
    """What New game should offer after ``setup`` was started."""
    from knockrummy.app.options import chosen_texts
    return LastGame(setup.rules.key,
                    tuple((s.name, s.kind, s.level) for s in setup.seats),
                    tuple(sorted(chosen_texts(setup.rules))))


#: the settings as this copy of the game last read or wrote them: :func:`save` writes only
#: what changed since, so another copy's changes to other settings are kept
_base: Prefs | None = None


def load() -> tuple[Prefs, list[str]]:
    """The saved settings and notes about anything that fell back."""
    global _base
    try:
        settings, notes = load_settings()
    except Exception as err:  # storage promises not to raise; be safe anyway
        log.warning("settings: %s", err)
        return Prefs(), [str(err)]
    _base = settings
    return settings, list(notes)


def save(prefs: Prefs) -> bool:
    """Save what changed since this copy read the settings (keeping keys this version does
    not know, and settings another copy of the game changed meanwhile: a read-modify-write
    under the settings lock, ``storage.update_settings``); False if it failed."""
    global _base
    base = _base
    changed = {f.name: getattr(prefs, f.name) for f in fields(Prefs)
               if f.name != "unknown"
               and (base is None or getattr(prefs, f.name) != getattr(base, f.name))}

    def change(settings: Settings) -> Settings:
        return replace(settings, **changed)

    try:
        update_settings(change)
    except (OSError, ValueError) as err:
        log.warning("saving settings: %s", err)
        return False
    _base = prefs
    return True
