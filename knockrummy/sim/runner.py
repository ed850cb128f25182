"""Run a tournament (many seeded matches or hands) and summarise it per line-up entry."""

from __future__ import annotations

import multiprocessing
import random
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import partial

from knockrummy.engine.rules import Rules, preset
from knockrummy.sim.play import Outcome, SeatLog, play_hand, play_match
from knockrummy.sim.stats import EntryStats, hands_summary, turns_summary
from knockrummy.sim.variants import make_seat

#: outcomes that count as a gin (or its equivalent: rum, rummy) for the winner
GIN_OUTCOMES = frozenset({"gin", "big_gin", "rum", "rummy"})


@dataclass(frozen=True)
class Tournament:
    """What to play: line-up of levels by entry, table size, how many, single hands or not."""

    preset: str
    lineup: tuple[str, ...]
    players: int
    count: int
    hands_mode: bool
    seed: int
    #: rules options changed from the preset's defaults, as ``(name, value)`` pairs
    options: tuple[tuple[str, object], ...] = ()

    @property
    def rules(self) -> Rules:
        """The preset with :attr:`options` applied."""
        return preset(self.preset, **dict(self.options))


@dataclass
class UnitResult:
    """One match or hand, per line-up entry (plain data, cheap to send between processes)."""

    outcome: Outcome
    seat_of_entry: list[int]
    times: list[list[float]] = field(default_factory=list)


def unit_seed(seed: int, index: int) -> int:
    """The deal seed of match or hand ``index`` of a tournament."""
    return seed * 1_000_003 + index


def play_unit(tournament: Tournament, index: int) -> UnitResult:
    """Play match (or hand) number ``index``, the line-up rotated by ``index`` seats."""
    players = tournament.players
    rotation = index % players
    seat_of_entry = [(e + rotation) % players for e in range(players)]
    seats: list[object] = [None] * players
    for entry, seat in enumerate(seat_of_entry):
        player_seed = random.Random(f"{tournament.seed}:{index}:{entry}").getrandbits(48)
        seats[seat] = make_seat(tournament.lineup[entry], player_seed)
    lineup = [p for p in seats]
    logs = [SeatLog() for _ in range(players)]
    rules = tournament.rules
    seed = unit_seed(tournament.seed, index)
    if tournament.hands_mode:
        dealer = (index // players) % players
        outcome = play_hand(rules, lineup, dealer, seed, logs)  # type: ignore[arg-type]
    else:
        outcome = play_match(rules, lineup, seed, logs)  # type: ignore[arg-type]
    return UnitResult(outcome, seat_of_entry, [logs[s].times for s in seat_of_entry])


def _units(tournament: Tournament, jobs: int) -> Iterator[UnitResult]:
    work = partial(play_unit, tournament)
    if jobs <= 1:
        for i in range(tournament.count):
            yield work(i)
        return
    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(jobs) as pool:
        yield from pool.imap(work, range(tournament.count), chunksize=4)


def _progress(done: int, total: int, started: float) -> None:
    width = 30
    filled = width * done // max(total, 1)
    elapsed = time.perf_counter() - started
    eta = elapsed / done * (total - done) if done else 0.0
    sys.stderr.write(
        f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} "
        f"{elapsed:6.0f}s elapsed, ~{eta:5.0f}s left"
    )
    sys.stderr.flush()


def run_tournament(
    tournament: Tournament, jobs: int = 1, progress: bool = True
) -> dict[str, object]:
    """Play everything and return the JSON-ready summary."""
    entries = [EntryStats(level) for level in tournament.lineup]
    started = time.perf_counter()
    last_draw = started
    hands = 0
    turns: list[int] = []
    per_match: list[int] = []
    shown = False
    for done, unit in enumerate(_units(tournament, jobs), start=1):
        hands += len(unit.outcome.results)
        turns.extend(unit.outcome.turns)
        per_match.append(len(unit.outcome.results))
        _add(entries, unit, tournament.hands_mode)
        now = time.perf_counter()
        if progress and now - started > 1.0 and (now - last_draw > 0.5 or done == tournament.count):
            _progress(done, tournament.count, started)
            last_draw = now
            shown = True
    if shown:
        sys.stderr.write("\n")
    seconds = time.perf_counter() - started
    return {
        "preset": tournament.preset,
        "players": tournament.players,
        "mode": "hands" if tournament.hands_mode else "matches",
        "count": tournament.count,
        "seed": tournament.seed,
        "seats": [e.summary() for e in entries],
        "options": {name: value for name, value in tournament.options},
        "turns_per_hand": turns_summary(turns, tournament.players),
        "hands_per_match": None if tournament.hands_mode else hands_summary(per_match),
        "hands": hands,
        "seconds": seconds,
        "hands_per_second": hands / seconds if seconds > 0 else 0.0,
        "jobs": jobs,
    }


def _add(entries: list[EntryStats], unit: UnitResult, hands_mode: bool) -> None:
    outcome = unit.outcome
    for entry, seat in enumerate(unit.seat_of_entry):
        stats = entries[entry]
        stats.times.extend(unit.times[entry])
        if not hands_mode:
            stats.matches += 1
            if seat in outcome.winners:
                stats.match_wins += 1 / len(outcome.winners)
        for result in outcome.results:
            stats.hands += 1
            stats.points.append(float(result.points[seat]))
            others = [p for s, p in enumerate(result.points) if s != seat]
            stats.over_table.append(result.points[seat] - sum(others) / len(others))
            won = seat in result.winners
            if won:
                stats.hand_wins += 1 / len(result.winners)
                if result.outcome in GIN_OUTCOMES:
                    stats.gins += 1
                if result.outcome == "undercut":
                    stats.undercuts += 1
            if result.knocker == seat:
                stats.knocks += 1
                if result.outcome == "undercut":
                    stats.undercut_against += 1
