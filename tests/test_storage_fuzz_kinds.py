"""The fuzz test extended from saves to settings, statistics and match records.

For each kind of file: real files damaged byte by byte (truncated, bit-flipped,
spliced, huge numbers, wrong types, dropped keys, odd tiny files; for records also
lines swapped, dropped, doubled and control characters put in) and structured
cases from hypothesis (well-formed JSON or records holding values of every type,
size and range). Every file must be read under a time limit with no exception,
either used (its values checked, maybe with notes) or set aside once with a
reason, and nothing else on disk may change. The counts per kind are printed.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from knockrummy.app.records import list_records, read_record
from knockrummy.engine import PRESETS, MatchState, apply, legal_actions, new_match
from knockrummy.engine.record import export_record
from knockrummy.engine.text import unsafe
from knockrummy.storage import (
    Settings,
    StatsStore,
    load_settings,
    records_dir,
    save_settings,
    settings_path,
    stats_path,
)
from knockrummy.storage.savefile import Seat
from tests.soak_support import SoakLength
from tests.storage_support import random_match
from tests.test_storage_fuzz import (
    bit_flip,
    drop_key,
    huge_number,
    splice,
    time_limit,
    tiny,
    truncate,
    wrong_type,
)

#: no file may take longer than this to read (seconds)
LIMIT = 5.0
#: cases of each kind in the full run (``--soak``); the quick run tries a fifth
BYTE_CASES = {"settings": 1500, "stats": 1500, "records": 600}
HYPOTHESIS_CASES = {"settings": 300, "stats": 300, "records": 150}


def cases(soak_length: SoakLength, full: int) -> int:
    """``full`` with ``--soak``, a fifth of it in the quick run."""
    return soak_length.pick(full // 5, full)


class Tally:
    """Per kind of file: tried, used, set aside, slowest read."""

    def __init__(self) -> None:
        self.rows: dict[str, list[float]] = {}

    def add(self, kind: str, used: bool, seconds: float) -> None:
        row = self.rows.setdefault(kind, [0, 0, 0, 0.0])
        row[0] += 1
        row[1 if used else 2] += 1
        row[3] = max(row[3], seconds)


TALLY = Tally()


def say(capsys: pytest.CaptureFixture[str], *kinds: str) -> None:
    """Print the counts of ``kinds`` (the README's fuzz figures)."""
    with capsys.disabled():
        for kind in kinds:
            tried, used, aside, slowest = TALLY.rows[kind]
            print(f"\nfuzz {kind}: {int(tried)} tried, {int(used)} used, {int(aside)} set "
                  f"aside or refused, 0 exceptions, slowest {slowest * 1000:.0f} ms")


@pytest.fixture
def fuzz_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "home"
    folder.mkdir()
    monkeypatch.setenv("KNOCKRUMMY_HOME", str(folder))
    return folder


def entries(folder: Path) -> dict[str, tuple[int, int]]:
    """Every file under ``folder`` but the lock files: size and modification time."""
    out = {}
    for path in folder.rglob("*"):
        rel = path.relative_to(folder)
        if rel.parts[0] == "locks" or path.is_dir():
            continue
        info = path.lstat()
        out[str(rel)] = (info.st_size, info.st_mtime_ns)
    return out


def checked(kind: str, folder: Path, path: Path, read: Callable[[], bool]) -> None:
    """Run ``read`` (whether the file was used) under the time limit; then the file is
    in place (used or refused) or moved into ``damaged/`` with its reason, and nothing
    else changed. ``damaged/`` is emptied for the next case."""
    before = entries(folder)
    start = time.perf_counter()
    with time_limit(LIMIT):
        used = read()
    seconds = time.perf_counter() - start
    after = entries(folder)
    name = str(path.relative_to(folder))
    moved = {k for k in after if k.startswith("damaged/")}
    if name in after:
        assert after == before, f"{kind}: something else changed on disk"
        assert not moved
    else:
        assert not used, f"{kind}: a file set aside was also used"
        assert len(moved) == 2 and any(k.endswith(".reason.txt") for k in moved), moved
        assert {k: v for k, v in after.items() if k not in moved} == \
            {k: v for k, v in before.items() if k != name}
    TALLY.add(kind, used, seconds)
    for extra in moved:
        (folder / extra).unlink()


# --- what each kind of file is read with ----------------------------------------------

def safe(text: str) -> bool:
    """No control, escape, bidi, separator or lone surrogate character (``engine.text``)."""
    return not any(unsafe(c) for c in text)


def read_settings() -> bool:
    values, notes = load_settings()
    assert isinstance(values, Settings) and all(isinstance(n, str) for n in notes)
    assert 0.25 <= values.animation_speed <= 4.0 and 0 <= values.volume <= 1
    assert 0 <= values.ai_pacing <= 3 and all(480 <= side <= 7680 for side in values.window_size)
    assert values.default_preset in PRESETS
    rules = PRESETS[values.default_preset]
    assert rules.min_players <= len(values.default_seats) <= rules.max_players
    for note in notes:
        assert safe(note) and len(note) < 400, note
    return settings_path().exists()


def read_stats() -> bool:
    stats = StatsStore()
    for message in stats.messages:
        assert safe(message)
    known = stats.keys()
    for preset, level in known:
        total = stats.tally(preset, level)
        assert isinstance(total.hands_played, int) and total.hands_played >= 0  # a count
        assert total.average_points is None or isinstance(total.average_points, float)
    stats.tally()
    for result in stats.history():
        assert safe(result.name)
    return stats_path().exists() and not stats.messages


def read_records() -> bool:
    [row] = list_records()
    match = read_record(row.path)
    assert safe(row.game) and safe(row.players) and safe(row.name)
    if isinstance(match, str):
        assert safe(match), ascii(match)
        return False
    assert isinstance(match, MatchState) and isinstance(legal_actions(match), list)
    return True


# --- real files to damage ---------------------------------------------------------------

def real_settings() -> list[str]:
    path = settings_path()
    texts = []
    for values in (Settings(), Settings(volume=0.2, default_preset="gin",
                                        default_seats=["human", "hard"], window_size=(960, 600),
                                        card_back="red", allow_undo=True)):
        save_settings(values)
        texts.append(path.read_text())
    path.unlink()
    return texts


def real_stats() -> list[str]:
    stats = StatsStore()
    for seed, preset, players in ((1, "knock", 3), (2, "gin", 2), (3, "gin-multi", 4)):
        match = random_match(preset, players, seed, max_actions=4000)
        seats = [Seat(n) if i == 0 else Seat(n, "computer", "medium")
                 for i, n in enumerate(match.names)]
        for record in match.records:
            stats.record_hand(match, record, seats, match_id=f"m{seed}")
        if match.over:
            stats.record_match(match, seats, match_id=f"m{seed}")
    text = stats_path().read_text()
    stats_path().unlink()
    return [text]


def real_records() -> list[str]:
    out = []
    for preset, players, seed, moves in (("gin", 2, 1, 120), ("knock", 3, 2, 90),
                                         ("rummy", 2, 3, 150)):
        match = new_match(PRESETS[preset], players, seed, ["Ann", "Bo", "Cy"][:players])
        rng = random.Random(seed)
        for _ in range(moves):
            if match.over:
                break
            match, _ = apply(match, rng.choice(legal_actions(match)))
        out.append(export_record(match))
    return out


def record_damage(rng: random.Random, text: str) -> bytes:
    lines = text.splitlines()
    kind = rng.randrange(6)
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    if kind == 0:
        lines[i], lines[j] = lines[j], lines[i]
    elif kind == 1:
        del lines[i]
    elif kind == 2:
        lines.insert(i, lines[j])
    elif kind == 3:
        lines[i] = lines[i].replace(rng.choice("0123456789"), rng.choice("0123456789"))
    elif kind == 4:
        at = rng.randrange(len(lines[i]) + 1)
        lines[i] = lines[i][:at] + rng.choice(("\x00", "\x1b[2J", "\u202e", "\x07", "\r",
                                               "\ufeff", "\u2028")) + lines[i][at:]
    else:
        lines[i] = lines[i] + rng.choice((" 5", ": x", " with AS 2S 3S", " []", " {}"))
    return ("\n".join(lines) + "\n").encode("utf-8", "surrogatepass")


JSON_DAMAGE = [truncate, bit_flip, splice, huge_number, wrong_type, drop_key, tiny]
TEXT_DAMAGE = [truncate, bit_flip, splice, record_damage, record_damage, record_damage]


def byte_cases(kind: str, bases: list[str], damage: list[Any], target: Callable[[], Path],
               read: Callable[[], bool], folder: Path, count: int) -> None:
    rng = random.Random(f"fuzz:{kind}")
    for _ in range(count):
        path = target()
        path.parent.mkdir(parents=True, exist_ok=True)
        mutate = rng.choice(damage)
        try:
            raw = mutate(rng, rng.choice(bases))
        except (ValueError, IndexError, KeyError, TypeError):
            raw = rng.choice(bases).encode()[: rng.randrange(50)]
        path.write_bytes(raw)
        checked(kind, folder, path, read)
        path.unlink(missing_ok=True)


@pytest.mark.soak
def test_damaged_settings_files(fuzz_home: Path, capsys: pytest.CaptureFixture[str],
                                soak_length: SoakLength) -> None:
    byte_cases("settings", real_settings(), JSON_DAMAGE, settings_path, read_settings,
               fuzz_home, cases(soak_length, BYTE_CASES["settings"]))
    say(capsys, "settings")


@pytest.mark.soak
def test_damaged_statistics_files(fuzz_home: Path, capsys: pytest.CaptureFixture[str],
                                  soak_length: SoakLength) -> None:
    byte_cases("stats", real_stats(), JSON_DAMAGE, stats_path, read_stats, fuzz_home,
               cases(soak_length, BYTE_CASES["stats"]))
    say(capsys, "stats")


@pytest.mark.soak
def test_damaged_records(fuzz_home: Path, capsys: pytest.CaptureFixture[str],
                        soak_length: SoakLength) -> None:
    byte_cases("records", real_records(), TEXT_DAMAGE, lambda: records_dir() / "r.txt",
               read_records, fuzz_home, cases(soak_length, BYTE_CASES["records"]))
    say(capsys, "records")


# --- structured cases (hypothesis) ---------------------------------------------------

NUMBERS = st.one_of(st.integers(), st.integers(min_value=-(10**400), max_value=10**400),
                    st.floats(allow_nan=False), st.booleans(), st.none())
TEXT = st.text(max_size=60) | st.sampled_from(["\x00", "\ud800", "\x1b[2J", "\u202e",
                                                "x" * 5000, "knock", "human", "hard"])
VALUES = st.recursive(NUMBERS | TEXT, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(TEXT, inner, max_size=4), max_leaves=12)
SETTING_KEYS = [f.name for f in Settings.__dataclass_fields__.values() if f.name != "unknown"]


def dumps(value: Any) -> bytes:
    return json.dumps(value).encode()  # ASCII escapes: lone surrogates, NULs and all


@pytest.mark.soak
def test_structured_settings_stats_and_records(fuzz_home: Path,
                                               capsys: pytest.CaptureFixture[str],
                                               soak_length: SoakLength) -> None:
    """Hypothesis draws whole files of plausible shape and wild values."""
    bases = real_records()

    @settings(max_examples=cases(soak_length, HYPOTHESIS_CASES["settings"]), deadline=None,
              database=None,
              suppress_health_check=list(HealthCheck))
    @given(st.dictionaries(st.sampled_from([*SETTING_KEYS, "schema", "x"]), VALUES,
                           max_size=len(SETTING_KEYS)))
    def settings_files(data: dict[str, Any]) -> None:
        path = settings_path()
        path.write_bytes(dumps(data))
        checked("settings (structured)", fuzz_home, path, read_settings)
        path.unlink(missing_ok=True)

    tally = st.fixed_dictionaries({"preset": TEXT | st.sampled_from(list(PRESETS)),
                                   "level": TEXT}, optional={"hands_played": NUMBERS,
                                                             "best_hand": NUMBERS,
                                                             "total_points": NUMBERS,
                                                             "gins": VALUES})
    result = st.fixed_dictionaries({"date": TEXT, "preset": TEXT, "level": TEXT,
                                    "name": TEXT, "won": NUMBERS, "score": NUMBERS,
                                    "hands": NUMBERS, "players": NUMBERS,
                                    "undo_used": NUMBERS})

    @settings(max_examples=cases(soak_length, HYPOTHESIS_CASES["stats"]), deadline=None,
              database=None,
              suppress_health_check=list(HealthCheck))
    @given(st.fixed_dictionaries({"schema": st.sampled_from([1, 1, 1, 2, "1", None]),
                                  "kind": st.sampled_from(["knockrummy-stats"] * 3 + ["x"]),
                                  "buckets": st.lists(tally, max_size=4),
                                  "history": st.lists(result, max_size=4),
                                  "recorded": st.lists(TEXT, max_size=4) | VALUES}))
    def stats_files(data: dict[str, Any]) -> None:
        path = stats_path()
        path.write_bytes(dumps(data))
        checked("stats (structured)", fuzz_home, path, read_stats)
        path.unlink(missing_ok=True)

    keep = st.none()  # the record's own line
    header = st.fixed_dictionaries({
        "options": keep | st.dictionaries(st.sampled_from(list(PRESETS["gin"].to_dict())
                                                          + ["key", "x"]), VALUES, max_size=3),
        "players": keep | st.lists(TEXT, min_size=1, max_size=7),
        "seed": keep | st.integers(min_value=-5, max_value=2**70) | TEXT,
        "record": st.sampled_from(range(len(bases))),
        "cut": st.sampled_from([0, 0, 0]) | st.integers(min_value=0, max_value=400),
    })

    @settings(max_examples=cases(soak_length, HYPOTHESIS_CASES["records"]), deadline=None,
              database=None,
              suppress_health_check=list(HealthCheck))
    @given(header)
    def record_files(h: dict[str, Any]) -> None:
        lines = bases[h["record"]].splitlines()
        if h["options"] is not None:
            lines[2] = "Options: " + json.dumps(h["options"])
        if h["players"] is not None:
            lines[3] = "Players: " + json.dumps(h["players"])
        if h["seed"] is not None:
            lines[4] = f"Seed: {h['seed']}"
        lines = lines[: len(lines) - h["cut"]] if h["cut"] < len(lines) else lines
        path = records_dir() / "r.txt"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(("\n".join(lines) + "\n").encode("utf-8", "surrogatepass"))
        checked("records (structured)", fuzz_home, path, read_records)
        path.unlink(missing_ok=True)

    settings_files()
    stats_files()
    record_files()
    say(capsys, "settings (structured)", "stats (structured)", "records (structured)")
