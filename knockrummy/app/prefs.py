"""The player's settings, read and saved through ``knockrummy.storage``.

:class:`Prefs` is a frozen copy of the storage ``Settings`` fields the window
uses, so screens can hold it without sharing a mutable object.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any

from knockrummy.storage import Settings, load_settings, update_settings

if TYPE_CHECKING:
    from knockrummy.app.controller import GameSetup

log = logging.getLogger(__name__)

#: animation speed multipliers offered (2.0 is twice as fast)
ANIMATION_SPEEDS = ((0.5, "Slow"), (1.0, "Normal"), (1.5, "Fast"), (3.0, "Very fast"))
#: seconds a computer move takes on screen
AI_PACINGS = ((0.3, "Quick"), (0.8, "Normal"), (1.5, "Relaxed"))


@dataclass(frozen=True)
class LastGame:
    """The last match started, as New game should offer it again: the preset's key, each
    seat as (name, "human" or "computer", level), and each option as (Rules field, the
    option's text as shown)."""

    preset: str
    seats: tuple[tuple[str, str, str], ...]
    options: tuple[tuple[str, str], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """As stored in the settings file."""
        return {"preset": self.preset,
                "seats": [{"name": n, "kind": k, "level": lv} for n, k, lv in self.seats],
                "options": dict(self.options)}

    @staticmethod
    def from_dict(data: dict[str, Any]) -> LastGame | None:
        """From the settings file's (checked) form; None when empty."""
        if not data:
            return None
        return LastGame(str(data["preset"]),
                        tuple((s["name"], s["kind"], s["level"]) for s in data["seats"]),
                        tuple(sorted((str(k), str(v)) for k, v in data["options"].items())))


@dataclass(frozen=True)
class Prefs:
    """Settings the window uses (names and meanings as in ``storage.Settings``)."""

    animation_speed: float = 1.0
    ai_pacing: float = 0.8
    volume: float = 0.7
    muted: bool = False
    card_back: str = "blue"
    four_color: bool = False
    large_index: bool = False
    window_size: tuple[int, int] = (1280, 800)
    fullscreen: bool = False
    default_preset: str = "knock"
    default_seats: tuple[str, ...] = ("human", "medium", "medium")
    confirm_knock: bool = False
    allow_undo: bool = False
    #: the last match started, for New game (None: none yet)
    last_game: LastGame | None = None
    #: the game terms already explained once (see ``knockrummy.app.explain``)
    explained: tuple[str, ...] = ()

    @property
    def speed_factor(self) -> float:
        """Multiplier on animation durations (the inverse of the speed)."""
        return 1.0 / max(0.25, self.animation_speed)

    @property
    def pacing_seconds(self) -> float:
        """Pause before a computer player acts."""
        return max(0.0, self.ai_pacing)


def last_game_of(setup: GameSetup) -> LastGame:
    """What New game should offer after ``setup`` was started."""
    from knockrummy.app.options import chosen_texts
    return LastGame(setup.rules.key,
                    tuple((s.name, s.kind, s.level) for s in setup.seats),
                    tuple(sorted(chosen_texts(setup.rules))))


def from_settings(settings: Settings) -> Prefs:
    """A :class:`Prefs` from storage settings."""
    values = {f.name: getattr(settings, f.name) for f in fields(Prefs)}
    values["default_seats"] = tuple(values["default_seats"])
    values["window_size"] = tuple(values["window_size"])
    values["last_game"] = LastGame.from_dict(values["last_game"])
    values["explained"] = tuple(values["explained"])
    return Prefs(**values)


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
    _base = from_settings(settings)
    return _base, list(notes)


def _stored(name: str, value: Any) -> Any:
    """A :class:`Prefs` value as the storage ``Settings`` keep it."""
    if name == "last_game":
        return value.to_dict() if value else {}
    if name in ("default_seats", "explained"):
        return list(value)
    return value


def save(prefs: Prefs) -> bool:
    """Save what changed since this copy read the settings (keeping keys this version does
    not know, and settings another copy of the game changed meanwhile: a read-modify-write
    under the settings lock, ``storage.update_settings``); False if it failed."""
    global _base
    base = _base

    def change(settings: Settings) -> None:
        for f in fields(Prefs):
            value = getattr(prefs, f.name)
            if base is None or value != getattr(base, f.name):
                setattr(settings, f.name, _stored(f.name, value))

    try:
        update_settings(change)
    except (OSError, ValueError) as err:
        log.warning("saving settings: %s", err)
        return False
    _base = prefs
    return True
