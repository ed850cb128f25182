"""The saved-match file format: building it, upgrading older versions, checking it.

A save is one JSON object::

    {"schema": 1, "kind": "knockrummy-save", "id": "a1b2c3d4",
     "saved_at": "2024-05-01T14:03:22.123456+00:00",
     "seats": [{"name": "Ann", "kind": "human", "level": null}, ...],
     "match": <knockrummy.engine.codec.match_to_dict(match)>,
     "extra": {...free UI state...}}

The match part is the engine's: rules, seed and every action, replayed on
load, so a loaded match is exactly the saved one and a damaged file cannot
produce an impossible position. Its ``summary`` is only used for listings.

Older layouts are brought up to date by :func:`upgrade`, one step per version.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Literal

from knockrummy.engine.codec import MAX_ACTIONS, SaveError, match_from_dict, match_to_dict
from knockrummy.engine.match import MatchState
from knockrummy.engine.rules import PRESETS
from knockrummy.engine.text import clean_name
from knockrummy.i18n import _, pgettext
from knockrummy.storage.jsonio import depth_within
from knockrummy.storage.settings import LEVELS

SAVE_SCHEMA = 1
SAVE_KIND = "knockrummy-save"
#: Ids are file names: short, letters, digits, '-' and '_' only.
ID_PATTERN = re.compile(r"[A-Za-z0-9_-]{1,40}")
#: How deeply the free ``extra`` data may nest.
MAX_EXTRA_DEPTH = 32

SeatKind = Literal["human", "computer"]


class LoadError(Exception):
    """A save that cannot be used; ``str(err)`` is a sentence for the player."""


def _english(error: SaveError) -> str:
    return str(error)


#: the words of a :class:`SaveError` (a code and values) for a player. Storage is below
#: the words, so the app gives them (``knockrummy.app.saves`` puts
#: ``knockrummy.words.errors.save_error_words`` here); until it does, the engine's English
_save_error_words: Callable[[SaveError], str] = _english


def say_save_errors_with(words: Callable[[SaveError], str]) -> None:
    """Say the reason a saved match cannot be replayed with ``words`` from now on."""
    global _save_error_words
    _save_error_words = words


def save_error_words(error: SaveError) -> str:
    """Why the match of a save cannot be replayed, in the words the app gave."""
    return _save_error_words(error)


def damaged(reason: str) -> str:
    """The sentence for a save damaged for ``reason`` (words, in the player's language)."""
    # Translators: {reason} says what is damaged ("the seats are damaged")
    return _("This save is damaged: {reason}.").format(reason=reason)


def shown_name(name: str) -> str:
    """A seat's name as shown: the default human seat "You" (kept as "You" in every
    language) in the player's language (``app.names.shown_name``, which storage cannot
    import)."""
    return pgettext("seat name", "You") if name == "You" else name


@dataclass(frozen=True)
class Seat:
    """Who sits in a seat: a human, or the computer at ``level``."""

    name: str
    kind: SeatKind = "human"
    level: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data."""
        return {"name": self.name, "kind": self.kind, "level": self.level}

    @staticmethod
    def from_dict(data: Any) -> Seat:
        """The seat in ``data``; ``ValueError`` with a reason if it is not one."""
        if not isinstance(data, dict):
            raise ValueError(_("a seat is damaged"))
        name, kind, level = data.get("name"), data.get("kind"), data.get("level")
        if not isinstance(name, str) or len(name) > 100:
            raise ValueError(_("a seat's name is damaged"))
        name = clean_name(name, "Player")
        if kind == "human" and level is None:
            return Seat(name, "human", None)
        if kind == "computer" and level in LEVELS:
            return Seat(name, "computer", level)
        raise ValueError(_("a seat's kind {kind} / level {level} is not known").format(
            kind=f"{kind!r:.30}", level=f"{level!r:.30}"))


@dataclass(frozen=True)
class SaveInfo:
    """One line of the saved-matches list (read without replaying the match)."""

    id: str
    preset: str
    preset_name: str
    players: int
    names: tuple[str, ...]
    seats: tuple[Seat, ...]
    scores: tuple[int, ...]
    hand_number: int
    saved_at: datetime
    over: bool
    #: another copy of the game has this match open right now (``SaveStore.list``)
    open_elsewhere: bool = False
    #: the hand ``hand_number`` has ended and the next is not dealt yet (a save made
    #: before this was kept says False)
    hand_over: bool = False

    @property
    def state(self) -> str:
        """Where the match stands: finished, in a hand, or between hands."""
        if self.over:
            return _("finished")
        if self.hand_over:
            # Translators: a saved game stopped between hands ("after hand 1")
            return _("after hand {number}").format(number=self.hand_number + 1)
        return _("hand {number}").format(number=self.hand_number + 1)

    def line(self, game: str | None = None) -> str:
        """One line for ``knockrummy --list-saves``: the id first, then what and when;
        ``game``: the game's name in the player's language (storage cannot make it; the
        name saved by default).

        The date is shown in local time.
        """
        # Translators: one player's score in a list of saved games ("Ann 30")
        scores = pgettext("list", ", ").join(
            _("{name} {score}").format(name=shown_name(n), score=s)
            for n, s in zip(self.names, self.scores, strict=False))
        when = self.saved_at.astimezone().strftime("%Y-%m-%d %H:%M")
        state = self.state
        if self.open_elsewhere:
            state = _("{state} (open in another copy of the game)").format(state=state)
        return f"{self.id}  {game or self.preset_name}  {scores}  {state}  {when}"


@dataclass(frozen=True)
class LoadedSave:
    """A save read back: the match (replayed), its seats and the UI's free data."""

    id: str
    match: MatchState
    seats: tuple[Seat, ...]
    extra: dict[str, Any] = field(default_factory=dict)
    saved_at: datetime = datetime.min.replace(tzinfo=UTC)


def save_to_dict(
    save_id: str, match: MatchState, seats: Sequence[Seat], extra: dict[str, Any] | None,
    now: datetime | None = None,
) -> dict[str, Any]:
    """The JSON data of a save. ``ValueError`` if the seats do not match the match."""
    if len(seats) != match.players:
        raise ValueError(f"{match.players} players need {match.players} seats, not {len(seats)}")
    return {
        "schema": SAVE_SCHEMA,
        "kind": SAVE_KIND,
        "id": save_id,
        "saved_at": (now or datetime.now(UTC)).isoformat(),
        "seats": [seat.to_dict() for seat in seats],
        "match": match_to_dict(match),
        "extra": extra if extra is not None else {},
    }


# --- upgrades ---------------------------------------------------------------

def _upgrade_0_to_1(data: dict[str, Any]) -> dict[str, Any]:
    """Version 0 (the prototype's layout): ``{"version": 0, "time": <unix seconds>,
    "players": [{"name": ..., "ai": null | "<level>"}], "match": {...}, "ui": {...}}``."""
    players = data.get("players")
    if not isinstance(players, list):
        raise LoadError(_("This save is damaged: its players are missing."))
    seats = []
    for player in players:
        if not isinstance(player, dict):
            raise LoadError(_("This save is damaged: a player is not readable."))
        ai = player.get("ai")
        seats.append({"name": player.get("name"), "kind": "human" if ai is None else "computer",
                      "level": ai})
    stamp = data.get("time")
    if isinstance(stamp, bool) or not isinstance(stamp, int | float):
        raise LoadError(_("This save is damaged: its date is missing."))
    try:
        saved_at = datetime.fromtimestamp(stamp, UTC).isoformat()
    except (OverflowError, OSError, ValueError):
        raise LoadError(_("This save is damaged: its date is impossible.")) from None
    return {"schema": 1, "kind": SAVE_KIND, "id": data.get("id"), "saved_at": saved_at,
            "seats": seats, "match": data.get("match"), "extra": data.get("ui", {})}


#: ``UPGRADES[n]`` turns a version-n save into version n+1.
UPGRADES: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {0: _upgrade_0_to_1}


def schema_of(data: dict[str, Any]) -> int:
    """The format version of a save's data; :class:`LoadError` if it has none."""
    version = data.get("schema", data.get("version"))
    if isinstance(version, bool) or not isinstance(version, int):
        raise LoadError(_("This file is not a Knock Rummy save: it has no version."))
    return version


def upgrade(data: Any) -> dict[str, Any]:
    """The save brought up to :data:`SAVE_SCHEMA`; :class:`LoadError` for a file that
    is not a save, is from a newer version of the game, or from an unknown one."""
    if not isinstance(data, dict):
        raise LoadError(_("This file is not a Knock Rummy save."))
    version = schema_of(data)
    if version > SAVE_SCHEMA:
        raise LoadError(_("This save is from a newer version of Knock Rummy (format "
                          "{version}; this version reads up to {known}).").format(
                            version=version, known=SAVE_SCHEMA))
    if version < 0:
        raise LoadError(_("This save has an unknown format ({version}).").format(
            version=version))
    current: dict[str, Any] = data
    while version < SAVE_SCHEMA:
        current = UPGRADES[version](current)
        version += 1
    if current.get("kind") != SAVE_KIND:
        raise LoadError(_("This file is not a Knock Rummy save."))
    return current


# --- reading ----------------------------------------------------------------

def _common(data: dict[str, Any]) -> tuple[tuple[Seat, ...], datetime, dict[str, Any]]:
    try:
        seats_data = data.get("seats")
        if not isinstance(seats_data, list) or not 2 <= len(seats_data) <= 6:
            raise ValueError(_("the seats are damaged"))
        seats = tuple(Seat.from_dict(s) for s in seats_data)
        stamp = data.get("saved_at")
        if not isinstance(stamp, str) or len(stamp) > 40:
            raise ValueError(_("the date is damaged"))
        saved_at = datetime.fromisoformat(stamp)
    except ValueError as err:
        raise LoadError(damaged(str(err))) from None
    if saved_at.tzinfo is None:
        saved_at = saved_at.replace(tzinfo=UTC)
    if not 1970 <= saved_at.year <= 9000:  # shown in local time: no overflow at the ends
        raise LoadError(_("This save is damaged: its date is impossible."))
    extra = data.get("extra", {})
    if not isinstance(extra, dict) or not depth_within(extra, MAX_EXTRA_DEPTH):
        raise LoadError(_("This save is damaged: its screen layout data is unreadable."))
    return seats, saved_at, extra


def read_info(save_id: str, data: Any) -> SaveInfo:
    """The list line of a save, from its stored summary (or, if only the summary is
    damaged, from replaying the match); :class:`LoadError` if the save is damaged."""
    data = upgrade(data)
    seats, saved_at, _ = _common(data)
    try:
        return _info_from_summary(save_id, data, seats, saved_at)
    except LoadError:
        loaded = read_save(save_id, data)
    match = loaded.match
    return SaveInfo(save_id, match.rules.key, match.rules.name, match.players, match.names,
                    seats, match.scores, match.hand_number, saved_at, match.over,
                    hand_over=match.hand.over)


def _info_from_summary(save_id: str, data: dict[str, Any], seats: tuple[Seat, ...],
                       saved_at: datetime) -> SaveInfo:
    match = data.get("match")
    if not isinstance(match, dict):
        raise LoadError(_("This save is damaged: the match is missing."))
    summary = match.get("summary")
    rules = match.get("rules")
    names = match.get("names")
    key = rules.get("key") if isinstance(rules, dict) else None
    try:
        if not isinstance(summary, dict) or not isinstance(key, str) or key not in PRESETS:
            raise ValueError
        scores = tuple(_whole(s) for s in summary["scores"])
        hand_number, over = _whole(summary["hand_number"]), summary["over"]
        hand_over = summary.get("hand_over", False)  # older saves have none
        if (not isinstance(over, bool) or not isinstance(hand_over, bool)
                or not isinstance(names, list)
                or not all(isinstance(n, str) for n in names)
                or not len(names) == len(scores) == len(seats)):
            raise ValueError
    except (ValueError, TypeError, KeyError):
        raise LoadError(_("This save is damaged: its summary is unreadable.")) from None
    if not 0 <= hand_number <= MAX_ACTIONS:
        raise LoadError(_("This save is damaged: its summary is unreadable."))
    shown = tuple(clean_name(n, _("Player {number}").format(number=i + 1))
                  for i, n in enumerate(names))
    # the game's name is the preset's (a file cannot rename it: codec.check_rules)
    return SaveInfo(save_id, key, PRESETS[key].name, len(seats), shown, seats, scores,
                    hand_number, saved_at, over, hand_over=hand_over)


def _whole(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or abs(value) > 10**9:
        raise ValueError
    return value


def read_save(save_id: str, data: Any) -> LoadedSave:
    """The save in ``data``, its match replayed; :class:`LoadError` if anything is wrong."""
    data = upgrade(data)
    seats, saved_at, extra = _common(data)
    try:
        match = match_from_dict(data.get("match"))
    except SaveError as err:
        raise LoadError(damaged(save_error_words(err))) from None
    except RecursionError:
        raise LoadError(_("This save is damaged: it is nested too deeply.")) from None
    except (ValueError, TypeError, KeyError, AttributeError, IndexError) as err:
        # The codec should turn every damage into SaveError; this net keeps a
        # codec gap from ever crashing the game.
        raise LoadError(_("This save is damaged ({error}).").format(
            error=type(err).__name__)) from None
    if len(seats) != match.players:
        raise LoadError(_("This save is damaged: its seats do not match its players."))
    return LoadedSave(save_id, match, seats, extra, saved_at)
