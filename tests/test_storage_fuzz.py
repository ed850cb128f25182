"""The issue's fuzz test: 5,000 damaged save files fed to the loader (1,000 in the quick run).

Each file starts as a real save of a match played with random legal actions,
then is damaged one way: truncated, bit-flipped, bytes overwritten, values of
the wrong type, huge numbers, deep nesting, a wrong version, moves shuffled,
or a huge size. Every load must either give a valid match or raise
``LoadError`` with the file moved aside and a message; no other exception, and
no load may take long (a timer fails the test if one hangs).
"""

from __future__ import annotations

import json
import os
import random
import re
import signal
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from knockrummy.engine import MatchState, legal_actions
from knockrummy.storage import LoadError, SaveStore, damaged_dir, saves_dir
from knockrummy.storage.saves import MAX_SAVE_BYTES
from tests.soak_support import SoakLength
from tests.storage_support import kr_home, random_match, seats_for

__all__ = ["kr_home"]

#: damaged saves of the quick run and of the full one (``--soak``)
SHORT, FULL = 1000, 5000
#: No single load may take longer than this (seconds).
LOAD_LIMIT = 5.0

Mutator = Callable[[random.Random, str], bytes]


def _bases(store: SaveStore) -> list[str]:
    """Real saves: several presets and sizes, one finished match."""
    plays = [("knock", 3, 1, 400, 0.3), ("knock", 6, 2, 400, 1.0), ("gin", 2, 3, 250, 1.0),
             ("gin-multi", 4, 4, 200, 1.0), ("rummy", 4, 5, 250, 1.0),
             ("rummy-high", 2, 6, 200, 1.0), ("knock-hoyle", 2, 7, 300, 0.3),
             ("gin-yimmaw", 2, 8, 150, 1.0)]
    texts = []
    for preset, players, seed, cap, weight in plays:
        match = random_match(preset, players, seed=seed, max_actions=cap, knock_weight=weight)
        store.save("base", match, seats_for(match), {"hand_order": {"0": [1, 2, 3]}})
        texts.append((saves_dir() / "base.json").read_text())
    store.delete("base")
    return texts


# --- byte-level damage ------------------------------------------------------

def truncate(rng: random.Random, text: str) -> bytes:
    raw = text.encode()
    return raw[: rng.randrange(len(raw))]


def bit_flip(rng: random.Random, text: str) -> bytes:
    raw = bytearray(text.encode())
    for _ in range(rng.choice((1, 1, 2, 8, 64))):
        raw[rng.randrange(len(raw))] ^= 1 << rng.randrange(8)
    return bytes(raw)


def splice(rng: random.Random, text: str) -> bytes:
    raw = bytearray(text.encode())
    at = rng.randrange(len(raw))
    junk = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 40)))
    kind = rng.randrange(3)
    if kind == 0:
        raw[at:at + len(junk)] = junk
    elif kind == 1:
        del raw[at:at + rng.randrange(1, 200)]
    else:
        raw[at:at] = junk
    return bytes(raw)


def huge_number(rng: random.Random, text: str) -> bytes:
    spots = [m.span() for m in re.finditer(r"(?<=[:\[,])-?\d+", text)]
    start, end = rng.choice(spots)
    digits = "9" * rng.choice((19, 20, 40, 400, 4400, 50_000))
    return (text[:start] + rng.choice(("", "-")) + digits + text[end:]).encode()


def huge_size(rng: random.Random, text: str) -> bytes:
    pad = MAX_SAVE_BYTES + rng.randrange(1, 1000)
    return (text[:-1] + " " * pad + text[-1:]).encode()


# --- value-level damage -----------------------------------------------------

_DEEP = "__deep__"
WRONG_VALUES: list[Any] = [
    None, True, False, 0, -1, 7, 1.5, -(2**63), 2**64, 10**300, 1e308, "", "x" * 1000,
    "TD", "knock", [], {}, [1, 2, 3], {"a": 1}, ["TD"] * 50, _DEEP,
]


def _walk(rng: random.Random, data: Any) -> tuple[Any, Any]:
    """A random (container, key) inside ``data``."""
    parent, key = data, rng.choice(list(data))
    for _ in range(rng.randrange(8)):
        child = parent[key]
        if isinstance(child, dict) and child:
            parent, key = child, rng.choice(list(child))
        elif isinstance(child, list) and child:
            parent, key = child, rng.randrange(len(child))
        else:
            break
    return parent, key


def _dump(rng: random.Random, data: Any) -> bytes:
    text = json.dumps(data, separators=(",", ":"))
    depth = rng.choice((40, 300, 1000, 200_000))
    return text.replace(f'"{_DEEP}"', "[" * depth + "]" * depth).encode()


def wrong_type(rng: random.Random, text: str) -> bytes:
    data = json.loads(text)
    for _ in range(rng.choice((1, 1, 1, 3))):
        parent, key = _walk(rng, data)
        parent[key] = rng.choice(WRONG_VALUES)
    return _dump(rng, data)


def drop_key(rng: random.Random, text: str) -> bytes:
    data = json.loads(text)
    parent, key = _walk(rng, data)
    del parent[key]
    return _dump(rng, data)


def wrong_version(rng: random.Random, text: str) -> bytes:
    data = json.loads(text)
    field = rng.choice(("schema", "schema", "kind", "match.schema", "match.game"))
    value = rng.choice((0, 2, 99, -1, "1", None, 1.0, "knockrummy-save", True))
    if field.startswith("match."):
        data["match"][field[6:]] = value
    elif rng.random() < 0.2:
        del data[field]
    else:
        data[field] = value
    return _dump(rng, data)


def moves(rng: random.Random, text: str) -> bytes:
    data = json.loads(text)
    actions = data["match"]["actions"]
    i, j = rng.randrange(len(actions)), rng.randrange(len(actions))
    kind = rng.randrange(5)
    if kind == 0:
        del actions[i]
    elif kind == 1:
        actions[i], actions[j] = actions[j], actions[i]
    elif kind == 2:
        actions.insert(i, actions[j])
    elif kind == 3:
        del actions[i:]  # a shorter, still legal game
    else:
        data["match"][rng.choice(("seed", "players"))] += rng.choice((1, -1, 2**64))
    return _dump(rng, data)


def tiny(rng: random.Random, text: str) -> bytes:
    return rng.choice((b"", b"null", b"[]", b"{}", b"\xff\xfe\x00", b"0", b'"save"',
                       b"\xef\xbb\xbf" + text.encode(), b"NaN", b'{"schema": Infinity}'))


MUTATORS: list[tuple[Mutator, int]] = [
    (truncate, 14), (bit_flip, 16), (splice, 12), (huge_number, 8), (wrong_type, 22),
    (drop_key, 8), (wrong_version, 8), (moves, 10), (tiny, 2),
]


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Fail, rather than hang, if the block runs too long (POSIX; a no-op elsewhere)."""
    if not hasattr(signal, "setitimer"):
        yield
        return

    def expired(signum: int, frame: object) -> None:
        raise TimeoutError(f"a load took over {seconds} s")

    old = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


@pytest.mark.soak
def test_thousands_of_damaged_saves_load_or_are_set_aside(
        kr_home: Path, capsys: pytest.CaptureFixture[str], soak_length: SoakLength) -> None:
    files = soak_length.pick(SHORT, FULL)
    store = SaveStore()
    bases = _bases(store)
    rng = random.Random(20240601)
    mutators = [m for m, weight in MUTATORS for _ in range(weight)]
    loaded = set_aside = 0
    by_kind: dict[str, list[int]] = {}
    slowest = 0.0
    started = time.perf_counter()
    for i in range(files):
        mutate = huge_size if i % 500 == 0 else rng.choice(mutators)
        save_id = f"fz{i}"
        path = saves_dir() / f"{save_id}.json"
        path.write_bytes(mutate(rng, rng.choice(bases)))
        messages = len(store.messages)
        begin = time.perf_counter()
        with time_limit(LOAD_LIMIT):
            try:
                result = store.load(save_id)
            except LoadError as err:
                result = None
                assert str(err), "a load error must say why"
        slowest = max(slowest, time.perf_counter() - begin)
        counts = by_kind.setdefault(mutate.__name__, [0, 0])
        if result is None:
            set_aside += 1
            counts[1] += 1
            assert not path.exists(), f"{save_id} ({mutate.__name__}) was not moved aside"
            assert len(store.messages) == messages + 1
            assert save_id in store.messages[-1] and "moved to" in store.messages[-1]
        else:
            loaded += 1
            counts[0] += 1
            assert isinstance(result.match, MatchState)
            assert len(result.seats) == result.match.players == len(result.match.names)
            assert isinstance(legal_actions(result.match), list)
            assert path.exists()
    elapsed = time.perf_counter() - started
    assert loaded + set_aside == files
    damaged = [p for p in os.listdir(damaged_dir()) if not p.endswith(".reason.txt")]
    assert len(damaged) == set_aside
    # listing what was left (the files that loaded) raises nothing either
    assert len(store.list()) == loaded
    with capsys.disabled():
        kinds = ", ".join(f"{k} {v[0]}/{v[1]}" for k, v in sorted(by_kind.items()))
        print(f"\nfuzz: {files} files, {loaded} loaded, {set_aside} set aside "
              f"(loaded/set aside by damage: {kinds}); slowest load {slowest * 1000:.0f} ms, "
              f"total {elapsed:.1f} s")
