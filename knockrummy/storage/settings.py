"""Player settings: one JSON file, every value checked on load.

Loading never fails: a wrong value falls back (or is clamped into range) with
a note in words, keys this version does not know are kept and written back
(a newer version of the game may own them), and a damaged file is set aside
and defaults used.

:class:`Settings` is the one list of the settings: frozen, so the window holds it as its
preferences (``app.prefs.Prefs`` is this class) and changes it with
``dataclasses.replace``; a new setting is a field here, a check in :func:`_check` and a
row on the settings screen.

>>> Settings().window_size
(1280, 800)
>>> settings, notes = settings_from_dict({"volume": 2, "default_seats": ["human", "hard"]})
>>> settings.volume, settings.default_seats, notes
(1.0, ('human', 'hard'), ['Setting volume: 2 is outside 0.0-1.0; using 1.0.'])
>>> settings_from_dict(settings_to_dict(settings)) == (settings, [])
True
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any

from knockrummy.engine.rules import DEFAULT_PRESET, PRESETS
from knockrummy.engine.text import clean_text
from knockrummy.i18n import LANGUAGES, _
from knockrummy.storage.atomic import write_atomic
from knockrummy.storage.jsonio import DamagedFile, read_json
from knockrummy.storage.locks import locked
from knockrummy.storage.paths import settings_path
from knockrummy.storage.policy import put_aside

SETTINGS_SCHEMA = 1
#: Computer levels a seat may have; "human" is the other seat kind.
LEVELS = ("simple", "easy", "medium", "hard", "expert")
HUMAN = "human"

#: Inclusive ranges of the numeric settings; values outside are clamped.
RANGES: dict[str, tuple[float, float]] = {
    "animation_speed": (0.25, 4.0),
    "ai_pacing": (0.0, 3.0),
    "volume": (0.0, 1.0),
}
#: finished lessons kept at most, and the letters of a lesson's key
MAX_LESSONS = 8
_LESSON_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz-")
#: each side of the remembered window; the window itself is at least 960 x 600
WINDOW_SIDE = (480, 7680)


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
class Settings:
    """Everything the player can set, as the window uses it. Frozen: change a copy
    (``dataclasses.replace``), then :func:`save_settings` or :func:`update_settings`."""

    #: multiplier on animation speed; 2.0 is twice as fast
    animation_speed: float = 1.0
    #: seconds a computer move takes on screen
    ai_pacing: float = 0.8
    volume: float = 0.7
    muted: bool = False
    card_back: str = "blue"
    four_color: bool = False
    large_index: bool = False
    window_size: tuple[int, int] = (1280, 800)
    fullscreen: bool = False
    default_preset: str = DEFAULT_PRESET
    #: one entry per seat: "human" or a computer level from :data:`LEVELS`
    default_seats: tuple[str, ...] = (HUMAN, "medium", "medium")
    confirm_knock: bool = False
    allow_undo: bool = False
    #: the last match started, for New game (None: none yet); stored as {"preset": key,
    #: "seats": [{"name", "kind" ("human" or "computer"), "level"}, ...], "options": {Rules
    #: field: the option's text as shown, e.g. "to 150"}}, or {} until a match is started
    last_game: LastGame | None = None
    #: the game terms (knock, undercut, gin...) already explained once on a showdown
    explained: tuple[str, ...] = ()
    #: the lessons of *Learn to play* finished (their keys; storage cannot know them: at
    #: most 8 short lowercase words, no repeats)
    lessons_done: tuple[str, ...] = ()
    #: whether the first-start offer of *Learn to play* was answered (never asked again)
    lessons_offered: bool = False
    #: the language's code (``knockrummy.i18n.LANGUAGES``); "" follows the system's locale
    #: (the first start, until the player chooses one)
    language: str = ""
    #: keys this version does not know, kept as read and written back
    unknown: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    @property
    def speed_factor(self) -> float:
        """Multiplier on animation durations (the inverse of the speed)."""
        return 1.0 / max(0.25, self.animation_speed)

    @property
    def pacing_seconds(self) -> float:
        """Pause before a computer player acts."""
        return max(0.0, self.ai_pacing)


_DEFAULTS = Settings()
_KNOWN = tuple(f.name for f in fields(Settings) if f.name != "unknown")


def load_settings() -> tuple[Settings, list[str]]:
    """The saved settings and notes (in words) on anything that fell back.

    A missing file gives the defaults without a note.
    """
    path = settings_path()
    try:
        data = read_json(path, "settings")
    except FileNotFoundError:
        return Settings(), []
    except OSError as err:
        return Settings(), [_("The settings could not be read ({reason}); using defaults.")
                            .format(reason=err.strerror)]
    except DamagedFile as err:
        return Settings(), _set_aside_note(str(err))
    if not isinstance(data, dict):
        return Settings(), _set_aside_note(_("it does not hold settings"))
    return settings_from_dict(data)


def read_language() -> str:
    """The language the settings file chose (a code of ``i18n.LANGUAGES``), or "" (follow
    the system) when it chose none or cannot be read; nothing is noted or set aside: the
    command line reads this first, to speak the player's language before any message."""
    try:
        data = read_json(settings_path(), "settings")
    except (OSError, DamagedFile):
        return ""
    value = data.get("language") if isinstance(data, dict) else None
    return value if isinstance(value, str) and value in LANGUAGES else ""


def _set_aside_note(reason: str) -> list[str]:
    """Set the damaged settings file aside once; the note to show (none if said before)."""
    path = settings_path()
    outcome = put_aside(path, _("Settings file damaged: {reason}").format(reason=reason))
    if outcome is None:
        return []
    if isinstance(outcome, OSError):
        return [_("The settings file is damaged ({reason}) and could not be moved aside "
                  "({error}); using defaults.").format(reason=reason,
                                                       error=outcome.strerror or outcome)]
    return [_("The settings file was damaged ({reason}); it was moved to {path} and "
              "defaults used.").format(reason=reason, path=outcome)]


def settings_from_dict(data: dict[str, Any]) -> tuple[Settings, list[str]]:
    """Settings from plain data, with a note for each value that fell back."""
    notes: list[str] = []
    values: dict[str, Any] = {}
    for name in _KNOWN:
        if name in data:
            value, note = _check(name, data[name])
            values[name] = value
            if note:
                # Translators: {name} is the setting's key in the settings file
                # ("volume"), {note} what was wrong with it and what is used instead
                notes.append(_("Setting {name}: {note}").format(name=name, note=note))
    unknown = {k: v for k, v in data.items() if k not in _KNOWN and k != "schema"}
    settings = Settings(**values, unknown=unknown)
    if not _seats_fit(settings.default_preset, settings.default_seats):
        notes.append(_("Setting default_seats: {count} seats do not fit {game}; using the "
                       "preset's usual seats.").format(count=len(settings.default_seats),
                                                       game=settings.default_preset))
        settings = replace(settings, default_seats=_seats_for(settings.default_preset))
    return settings, notes


def settings_to_dict(settings: Settings) -> dict[str, Any]:
    """Plain JSON data: unknown keys first, then every known setting."""
    out: dict[str, Any] = dict(settings.unknown)
    out["schema"] = SETTINGS_SCHEMA
    for name in _KNOWN:
        out[name] = _plain(getattr(settings, name))
    return out


def _plain(value: Any) -> Any:
    """A setting's value as JSON data: tuples as lists, the last game as its dict."""
    if isinstance(value, LastGame):
        return value.to_dict()
    if value is None:  # no last game yet
        return {}
    if isinstance(value, tuple | list):
        return list(value)
    return value


def save_settings(settings: Settings) -> None:
    """Write the settings atomically, keeping unknown keys (those in ``settings.unknown``
    and any another copy of the game wrote to the file since it was loaded).

    This writes every known setting as ``settings`` has it: to change some settings
    while another copy of the game may change others, use :func:`update_settings`.
    """
    with locked(settings_path()):
        _write(settings)


def update_settings(change: Callable[[Settings], Settings | None]) -> Settings:
    """Read the settings, apply ``change`` to them and write them back, all under the
    settings lock, so two copies of the game changing settings at once lose nothing
    (each reads what the other wrote). ``change`` returns the changed settings (made
    with ``dataclasses.replace``), or None when it only changed ``unknown`` in place.
    The settings written."""
    with locked(settings_path()):
        settings, _ = load_settings()
        changed = change(settings)
        if changed is not None:
            settings = changed
        _write(settings)
        return settings


def _write(settings: Settings) -> None:
    path = settings_path()
    kept: dict[str, Any] = {}
    try:
        current = read_json(path, "settings")
        if isinstance(current, dict):
            kept = {k: v for k, v in current.items() if k not in _KNOWN and k != "schema"}
    except (OSError, DamagedFile):
        pass
    data = settings_to_dict(settings)
    # ASCII escapes: a lone surrogate kept from the file can still be written
    write_atomic(path, json.dumps({**kept, **data}, indent=2) + "\n")


def _check(name: str, value: Any) -> tuple[Any, str | None]:
    """The value to use for setting ``name`` and a note when it is not ``value``."""
    default = getattr(_DEFAULTS, name)
    # as in the file
    fallback = _("{value} is not valid; using {default}.").format(
        value=_short(value), default=repr(_plain(default)))
    if name in RANGES:
        return _number(value, default, *RANGES[name])
    if name == "window_size":
        return _window_size(value, default)
    if name == "default_preset":
        ok = isinstance(value, str) and value in PRESETS
        return (value, None) if ok else (default, fallback)
    if name == "default_seats":
        ok = (isinstance(value, list) and 2 <= len(value) <= 6
              and all(v == HUMAN or v in LEVELS for v in value))
        return (tuple(value), None) if ok else (default, fallback)
    if name == "last_game":
        last = _last_game(value)
        return (LastGame.from_dict(last), None) if last is not None else (None, fallback)
    if name == "language":
        ok = value == "" or (isinstance(value, str) and value in LANGUAGES)
        return (value, None) if ok else (default, fallback)
    if name == "card_back":
        ok = isinstance(value, str) and 0 < len(value) <= 40 and value.isprintable()
        return (value, None) if ok else (default, fallback)
    if isinstance(default, bool):
        return (value, None) if isinstance(value, bool) else (default, fallback)
    if name == "explained":
        ok = isinstance(value, list) and len(value) <= 40 and all(
            isinstance(v, str) and 0 < len(v) <= 40 and v.isprintable() for v in value)
        return (tuple(value), None) if ok else (default, fallback)
    if name == "lessons_done":
        ok = isinstance(value, list) and len(value) <= MAX_LESSONS and all(
            isinstance(v, str) and 0 < len(v) <= 20 and all(ch in _LESSON_CHARS for ch in v)
            for v in value)
        return (tuple(dict.fromkeys(value)), None) if ok else (default, fallback)
    raise AssertionError(f"no check for setting {name}")


def _last_game(value: Any) -> dict[str, Any] | None:
    """A valid ``last_game`` (a copy), or None.

    >>> _last_game({"preset": "gin", "seats": [{"name": "Ann", "kind": "human",
    ...     "level": "medium"}, {"name": "Ada", "kind": "computer", "level": "hard"}],
    ...     "options": {"target_score": "to 150"}})["seats"][1]["level"]
    'hard'
    >>> _last_game({"preset": "gin", "seats": []}) is None, _last_game({}) == {}
    (True, True)
    """
    if value == {}:
        return {}
    if not isinstance(value, dict) or value.get("preset") not in PRESETS:
        return None
    seats = value.get("seats")
    options = value.get("options", {})
    if not isinstance(seats, list) or not 2 <= len(seats) <= 6 \
            or not _seats_fit(value["preset"], seats) or not isinstance(options, dict):
        return None
    clean = []
    for seat in seats:
        if not isinstance(seat, dict):
            return None
        name, kind, level = seat.get("name"), seat.get("kind"), seat.get("level")
        if not (isinstance(name, str) and len(name) <= 40 and name.isprintable()
                and kind in (HUMAN, "computer") and level in LEVELS):
            return None
        clean.append({"name": name, "kind": kind, "level": level})
    if not all(isinstance(k, str) and isinstance(v, str) and len(v) <= 60
               and k.isprintable() and v.isprintable() for k, v in options.items()):
        return None
    return {"preset": value["preset"], "seats": clean, "options": dict(options)}


def _number(value: Any, default: float, low: float, high: float) -> tuple[float, str | None]:
    # ints are compared as ints: float() of a 309-digit number raises OverflowError
    if isinstance(value, bool) or not isinstance(value, int | float) or (
            isinstance(value, float) and not math.isfinite(value)):
        return default, _("{value} is not a number; using {default}.").format(
            value=_short(value), default=default)
    if value < low or value > high:
        clamped = float(low) if value < low else float(high)
        return clamped, _("{value} is outside {low}-{high}; using {used}.").format(
            value=_short(value), low=low, high=high, used=clamped)
    return float(value), None


def _short(value: Any) -> str:
    """A value from the file, as a short, safe piece of a note."""
    text = clean_text(repr(value))
    return text if len(text) <= 40 else text[:37] + "..."


def _window_size(value: Any, default: tuple[int, int]) -> tuple[tuple[int, int], str | None]:
    ok = (isinstance(value, list | tuple) and len(value) == 2
          and all(isinstance(v, int) and not isinstance(v, bool) for v in value))
    if not ok:
        return default, _("{value} is not a width and height; using {default}.").format(
            value=_short(value), default=default)
    low, high = WINDOW_SIDE
    size = (min(max(value[0], low), high), min(max(value[1], low), high))
    if size != tuple(value):
        return size, _("{value} is outside {low}-{high} a side; using {used}.").format(
            value=_short(tuple(value)), low=low, high=high, used=size)
    return size, None


def _seats_fit(preset_key: str, seats: Sequence[Any]) -> bool:
    rules = PRESETS[preset_key]
    return rules.min_players <= len(seats) <= rules.max_players


def _seats_for(preset_key: str) -> tuple[str, ...]:
    """The default seats, trimmed or padded to what the preset allows."""
    rules = PRESETS[preset_key]
    seats = _DEFAULTS.default_seats
    count = min(max(len(seats), rules.min_players), rules.max_players)
    return (*seats, *["medium"] * count)[:count]
