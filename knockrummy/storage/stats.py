"""Statistics for the human seat(s): per preset and per level played against.

Counters live in one :class:`Tally` per (preset, opponent level); the views
the UI shows are sums of those (:meth:`StatsStore.tally`). Each finished match
also adds a :class:`MatchResult` to a dated history, for the chart over time
and for winning streaks (computed from the history, so they are exact for any
filter). Everything is counted once per human seat: in a pass-and-play match
of two humans each seat's result counts.

The opponent level of a seat is the level of the computer seats it played
against: one level (``"medium"``), ``"mixed"`` for several, ``"humans"`` when
every other seat was human.

The file is JSON with a schema version, written atomically after every
record (a read-modify-write under a lock, so two copies of the game lose no
count); a damaged file is set aside (``policy.put_aside``) and counting
starts afresh, with a message in :attr:`StatsStore.messages`.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass, fields, replace
from datetime import UTC, datetime
from typing import Any

from knockrummy.engine.match import HandRecord, MatchState
from knockrummy.engine.rules import PRESETS, GameEnd
from knockrummy.engine.text import clean_text
from knockrummy.i18n import _
from knockrummy.storage.atomic import write_atomic
from knockrummy.storage.jsonio import DamagedFile, read_json
from knockrummy.storage.locks import locked
from knockrummy.storage.paths import stats_path
from knockrummy.storage.policy import put_aside
from knockrummy.storage.savefile import Seat

STATS_SCHEMA = 1
STATS_KIND = "knockrummy-stats"
#: Oldest results are dropped beyond this many (about 1 MB of JSON).
MAX_HISTORY = 5000
#: Keys of hands/matches already counted, to ignore a repeat after a resume.
MAX_RECORDED_KEYS = 400


@dataclass
class Tally:
    """Counts for one preset and opponent level (or a sum of several)."""

    matches_played: int = 0
    matches_won: int = 0
    matches_with_undo: int = 0
    hands_played: int = 0
    hands_won: int = 0
    #: gin and big gin
    gins: int = 0
    #: rum (Knock Rummy) and rummy (Rummy, all out at once)
    rums: int = 0
    undercuts_made: int = 0
    undercuts_suffered: int = 0
    #: points of the best and worst single hand (for penalty presets, best is lowest)
    best_hand: int | None = None
    worst_hand: int | None = None
    total_points: int = 0
    #: filled in by :meth:`StatsStore.tally` from the history
    longest_streak: int = 0

    @property
    def average_points(self) -> float | None:
        """Points per hand played, or ``None`` before the first hand."""
        return self.total_points / self.hands_played if self.hands_played else None


@dataclass(frozen=True)
class MatchResult:
    """One human seat's finished match, for the history chart."""

    date: str
    preset: str
    level: str
    name: str
    won: bool
    score: int
    hands: int
    players: int
    undo_used: bool


def opponent_level(seats: Sequence[Seat], seat: int) -> str:
    """What ``seat`` played against: a level, ``"mixed"`` or ``"humans"``."""
    levels = {s.level for i, s in enumerate(seats) if i != seat and s.kind == "computer"}
    if not levels:
        return "humans"
    return str(levels.pop()) if len(levels) == 1 else "mixed"


def _penalty(preset_key: str) -> bool:
    rules = PRESETS.get(preset_key)
    return rules is not None and rules.game_end is GameEnd.PENALTY


def _combine(total: Tally, part: Tally, penalty: bool) -> None:
    """Add ``part`` into ``total`` (best/worst compared by what is good for the player)."""
    sign = -1 if penalty else 1
    for f in fields(Tally):
        if f.name in ("best_hand", "worst_hand", "longest_streak"):
            continue
        setattr(total, f.name, getattr(total, f.name) + getattr(part, f.name))
    if part.best_hand is not None and (
            total.best_hand is None or sign * part.best_hand > sign * total.best_hand):
        total.best_hand = part.best_hand
    if part.worst_hand is not None and (
            total.worst_hand is None or sign * part.worst_hand < sign * total.worst_hand):
        total.worst_hand = part.worst_hand


class StatsStore:
    """The statistics file, loaded on creation and saved after every change."""

    def __init__(self) -> None:
        self.messages: list[str] = []
        self._buckets: dict[tuple[str, str], Tally] = {}
        self._history: list[MatchResult] = []
        self._recorded: list[str] = []
        self._load()

    # --- recording ------------------------------------------------------

    def record_hand(self, match: MatchState, record: HandRecord, seats: Sequence[Seat],
                    match_id: str | None = None) -> None:
        """Count a finished hand for every human seat. With ``match_id`` a repeat of
        the same hand (e.g. after resuming) is ignored."""
        with self._changing():
            if self._first_time(match_id and f"{match_id}#hand{record.number}"):
                self._count_hand(match, record, seats)

    def _count_hand(self, match: MatchState, record: HandRecord, seats: Sequence[Seat]) -> None:
        result = record.result
        penalty = _penalty(match.rules.key)
        for seat in _humans(seats):
            tally = self._bucket(match.rules.key, opponent_level(seats, seat))
            points = result.points[seat]
            won = seat in result.winners
            tally.hands_played += 1
            tally.hands_won += won
            tally.total_points += points
            tally.gins += won and result.outcome in ("gin", "big_gin")
            tally.rums += won and result.outcome in ("rum", "rummy")
            tally.undercuts_made += won and result.outcome == "undercut"
            tally.undercuts_suffered += (result.outcome == "undercut"
                                         and result.knocker == seat)
            _combine(tally, Tally(best_hand=points, worst_hand=points), penalty)

    def record_match(self, match: MatchState, seats: Sequence[Seat],
                     match_id: str | None = None, undo_used: bool = False) -> None:
        """Count a finished match for every human seat and add it to the history.
        ``undo_used`` flags matches where a move was taken back."""
        if not match.over:
            raise ValueError("the match is not over")
        with self._changing():
            if self._first_time(match_id and f"{match_id}#match"):
                self._count_match(match, seats, undo_used)

    def _count_match(self, match: MatchState, seats: Sequence[Seat], undo_used: bool) -> None:
        date = datetime.now(UTC).isoformat(timespec="seconds")
        totals = match.final or match.scores
        for seat in _humans(seats):
            level = opponent_level(seats, seat)
            tally = self._bucket(match.rules.key, level)
            won = seat in match.winners
            tally.matches_played += 1
            tally.matches_won += won
            tally.matches_with_undo += undo_used
            self._history.append(MatchResult(date, match.rules.key, level, seats[seat].name, won,
                                             totals[seat], len(match.records), match.players,
                                             undo_used))
        del self._history[:-MAX_HISTORY]

    def reset(self) -> None:
        """Forget everything (the UI asks first)."""
        with self._changing():
            self._buckets.clear()
            self._history.clear()
            self._recorded.clear()

    # --- reading --------------------------------------------------------

    def tally(self, preset: str | None = None, level: str | None = None) -> Tally:
        """The sum over matching presets and levels (``None``: all), with the longest
        winning streak from the history."""
        total = Tally()
        for (key, lvl), part in self._buckets.items():
            if preset in (None, key) and level in (None, lvl):
                _combine(total, part, _penalty(key))
        total.longest_streak = longest_streak(self.history(preset, level))
        return total

    def history(self, preset: str | None = None, level: str | None = None) -> list[MatchResult]:
        """Finished matches, oldest first, filtered like :meth:`tally`."""
        return [r for r in self._history
                if preset in (None, r.preset) and level in (None, r.level)]

    def keys(self) -> list[tuple[str, str]]:
        """Every (preset, level) with something recorded, for the UI's filters."""
        return sorted(self._buckets)

    # --- storage --------------------------------------------------------

    @contextlib.contextmanager
    def _changing(self) -> Iterator[None]:
        """A read-modify-write under the statistics lock: read what any other copy of the
        game wrote, change it, write it, before the other copy may do the same."""
        with locked(stats_path()):
            self._buckets, self._history, self._recorded = {}, [], []
            self._load()
            yield
            self._write()

    def _write(self) -> None:
        data = {
            "schema": STATS_SCHEMA,
            "kind": STATS_KIND,
            "buckets": [{"preset": p, "level": lvl, **asdict(t)}
                        for (p, lvl), t in sorted(self._buckets.items())],
            "history": [asdict(r) for r in self._history],
            "recorded": self._recorded,
        }
        write_atomic(stats_path(), json.dumps(data, separators=(",", ":")))

    def _load(self) -> None:
        path = stats_path()
        try:
            data = read_json(path, "stats")
            self._parse(data)
        except FileNotFoundError:
            return
        except OSError as err:
            self.messages.append(_("The statistics could not be read ({reason}).")
                                 .format(reason=err.strerror))
            return
        except (DamagedFile, ValueError, TypeError, KeyError) as err:
            self._buckets, self._history, self._recorded = {}, [], []
            damage = str(err or type(err).__name__)
            reason = _("Statistics file damaged: {reason}").format(reason=damage)
            outcome = put_aside(path, reason)
            if isinstance(outcome, OSError):
                self.messages.append(
                    _("Statistics file damaged: {reason}; it could not be moved aside "
                      "({error}), so counting starts afresh.").format(
                        reason=damage, error=outcome.strerror or outcome))
            elif outcome is not None:
                self.messages.append(
                    _("Statistics file damaged: {reason}; it was moved to {path} and "
                      "counting starts afresh.").format(reason=damage, path=outcome))

    def _parse(self, data: Any) -> None:
        if not isinstance(data, dict) or data.get("kind") != STATS_KIND:
            raise ValueError(_("it does not hold statistics"))
        version = data.get("schema")
        if version != STATS_SCHEMA:
            raise ValueError(_("unknown or newer format {version}").format(
                version=f"{version!r:.20}"))
        for item in _list(data.get("buckets")):
            if not isinstance(item, dict):
                raise ValueError(_("a tally is damaged"))
            key = (_text(item.pop("preset", None)), _text(item.pop("level", None)))
            self._buckets[key] = _tally(item)
        self._history = [_result(item) for item in _list(data.get("history"))]
        self._recorded = [_text(k) for k in _list(data.get("recorded"))]

    def _bucket(self, preset: str, level: str) -> Tally:
        return self._buckets.setdefault((preset, level), Tally())

    def _first_time(self, key: str | None) -> bool:
        if not key:
            return True
        if key in self._recorded:
            return False
        self._recorded.append(key)
        del self._recorded[:-MAX_RECORDED_KEYS]
        return True


def longest_streak(results: Iterable[MatchResult]) -> int:
    """The most matches won in a row."""
    best = run = 0
    for result in results:
        run = run + 1 if result.won else 0
        best = max(best, run)
    return best


def _humans(seats: Sequence[Seat]) -> list[int]:
    return [i for i, seat in enumerate(seats) if seat.kind == "human"]


def _list(value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise ValueError(_("a list is damaged"))
    return value


def _text(value: Any) -> str:
    if not isinstance(value, str) or len(value) > 100:
        raise ValueError(_("a name is damaged"))
    return clean_text(value)


def _int(value: Any, optional: bool = False) -> Any:
    if optional and value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or abs(value) > 10**12:
        raise ValueError(_("a number is damaged"))
    return value


def _tally(item: dict[str, Any]) -> Tally:
    names = {f.name for f in fields(Tally)}
    if set(item) - names:
        raise ValueError(_("a tally has unknown entries"))
    return Tally(**{k: _int(v, k in ("best_hand", "worst_hand")) for k, v in item.items()})


def _result(item: Any) -> MatchResult:
    if not isinstance(item, dict):
        raise ValueError(_("a match result is damaged"))
    try:
        result = MatchResult(**item)
    except TypeError:
        raise ValueError(_("a match result is damaged")) from None
    result = replace(result, date=_text(result.date), preset=_text(result.preset),
                     level=_text(result.level), name=_text(result.name))
    for name in ("score", "hands", "players"):
        _int(getattr(result, name))
    if not isinstance(result.won, bool) or not isinstance(result.undo_used, bool):
        raise ValueError(_("a match result is damaged"))
    return result
