"""The player's settings, read and saved through ``knockrummy.storage`` when present.

:class:`Prefs` mirrors the storage ``Settings`` fields the window uses. When the
storage package is missing, defaults are used and nothing is saved.
"""

from __future__ import annotations

import importlib
import logging
from dataclasses import asdict, dataclass, fields, replace
from typing import Any

log = logging.getLogger(__name__)

ANIMATION_SPEEDS = (("off", 0.0), ("fast", 0.6), ("normal", 1.0), ("slow", 1.5))
AI_PACINGS = (("quick", 0.25), ("normal", 0.7), ("relaxed", 1.3))


@dataclass(frozen=True)
class Prefs:
    """Settings the window uses (names as in ``knockrummy.storage.Settings``)."""

    animation_speed: str = "normal"
    ai_pacing: str | float = "normal"
    volume: float = 0.8
    muted: bool = False
    card_back: str = "blue"
    four_color: bool = False
    large_index: bool = False
    window_size: tuple[int, int] = (1280, 720)
    fullscreen: bool = False
    default_preset: str = "knock"
    default_seats: int = 3
    confirm_knock: bool = False
    allow_undo: bool = False

    @property
    def speed_factor(self) -> float:
        """Animation duration multiplier."""
        return _lookup(ANIMATION_SPEEDS, self.animation_speed, 1.0)

    @property
    def pacing_seconds(self) -> float:
        """Pause before a computer player acts."""
        return _lookup(AI_PACINGS, self.ai_pacing, 0.7)


def _lookup(table: tuple[tuple[str, float], ...], key: Any, default: float) -> float:
    if isinstance(key, int | float) and not isinstance(key, bool):
        return float(key)
    for name, value in table:
        if name == key:
            return value
    return default


def _storage() -> Any:
    try:
        return importlib.import_module("knockrummy.storage")
    except ImportError:
        return None


def _coerce(name: str, value: Any, default: Any) -> Any:
    if name == "window_size":
        try:
            w, h = value
            return (int(w), int(h))
        except (TypeError, ValueError):
            return default
    if isinstance(default, bool):
        return bool(value)
    if isinstance(default, float):
        try:
            return float(value)
        except (TypeError, ValueError):
            return default
    if isinstance(default, int):
        try:
            return int(value)
        except (TypeError, ValueError):
            return default
    return value if isinstance(value, str) else str(value)


def load() -> tuple[Prefs, list[str]]:
    """The saved settings and any notes about problems reading them."""
    storage = _storage()
    if storage is None or not hasattr(storage, "load_settings"):
        return Prefs(), []
    try:
        settings, notes = storage.load_settings()
    except Exception as err:  # a broken settings file must never stop the game
        log.warning("settings: %s", err)
        return Prefs(), [str(err)]
    base = Prefs()
    values: dict[str, Any] = {}
    for f in fields(Prefs):
        if hasattr(settings, f.name):
            values[f.name] = _coerce(f.name, getattr(settings, f.name), getattr(base, f.name))
    return replace(base, **values), list(notes)


def save(prefs: Prefs) -> bool:
    """Save through storage; False when there is no storage or it failed."""
    storage = _storage()
    if storage is None or not hasattr(storage, "save_settings"):
        return False
    try:
        current, _ = storage.load_settings()
        known = {f.name for f in fields(current)}
        data = {k: v for k, v in asdict(prefs).items() if k in known}
        storage.save_settings(replace(current, **data))
    except Exception as err:
        log.warning("saving settings: %s", err)
        return False
    return True
