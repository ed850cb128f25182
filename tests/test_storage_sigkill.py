"""The issue's kill test: SIGKILL a process that autosaves after every action.

A child Python process plays random legal actions, saving with ``SaveStore``
after each one and then printing the save's action count (flushed). The test
kills it at a random moment, 200 times over (20 in the quick run; several homes in parallel, each
child resuming the previous child's match), and checks each time that the
save loads and holds the last reported count or one more (the save in flight
may have landed before its line was printed). Nothing may be set aside.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from knockrummy.storage import SaveStore
from tests.soak_support import SoakLength

#: kills in the quick run and in the full one (``--soak``)
SHORT, FULL = 20, 200
WORKERS = 4

CHILD = r"""
import random, sys
from knockrummy.engine import PRESETS, apply, legal_actions, new_match
from knockrummy.storage import SaveStore, Seat

store = SaveStore()
rng = random.Random(int(sys.argv[1]))

def fresh():
    save_id = store.new_id()
    match = new_match(PRESETS["rummy"], 3, seed=rng.randrange(2**32))
    seats = [Seat(n) if i == 0 else Seat(n, "computer", "easy")
             for i, n in enumerate(match.names)]
    store.save(save_id, match, seats, {"count": 0})
    return save_id, match, seats

info = store.latest()
if info is None:
    save_id, match, seats = fresh()
else:
    loaded = store.load(info.id)
    save_id, match, seats = info.id, loaded.match, list(loaded.seats)
count = len(match.all_actions)
print(save_id, count, flush=True)
while True:
    if match.over:
        save_id, match, seats = fresh()
        count = 0
        print(save_id, count, flush=True)
    match, _ = apply(match, rng.choice(legal_actions(match)))
    count += 1
    store.save(save_id, match, seats, {"count": count})
    print(save_id, count, flush=True)
"""


@dataclass
class Tally:
    kills: int = 0
    mid_run_kills: int = 0
    saves: int = 0
    ahead_by_one: int = 0
    problems: list[str] = field(default_factory=list)


def _worker(home: Path, seed: int, kills: int, tally: Tally) -> None:
    env = {**os.environ, "KNOCKRUMMY_HOME": str(home)}
    rng = random.Random(seed)
    store = SaveStore(home / "saves")
    last: tuple[str, int] | None = None
    for _ in range(kills):
        child = subprocess.Popen(
            [sys.executable, "-c", CHILD, str(rng.randrange(10**9))],
            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            bufsize=0)  # unbuffered: readline must not read ahead of communicate()
        first = b""
        if rng.random() < 0.15:  # sometimes while it starts up or loads
            time.sleep(rng.uniform(0.0, 0.3))
        else:  # mostly while it plays and saves
            assert child.stdout is not None
            first = child.stdout.readline()
            time.sleep(rng.uniform(0.0, 0.25))
        child.kill()
        out, err = child.communicate()
        out = first + out
        tally.kills += 1
        if child.returncode >= 0:
            tally.problems.append(f"child ended by itself: {err.decode()[-500:]}")
            continue
        lines = out.decode().split("\n")[:-1]  # complete lines only
        if len(lines) > 1:
            tally.mid_run_kills += 1
            tally.saves += len(lines) - 1
        if lines:
            save_id, count = lines[-1].split()
            last = (save_id, int(count))
        if last is None:
            continue
        save_id, count_reported = last
        try:
            loaded = store.load(save_id)
        except Exception as exc:  # noqa: BLE001 - any failure is the finding
            tally.problems.append(f"{save_id} did not load: {exc}")
            continue
        count_saved = len(loaded.match.all_actions)
        if count_saved not in (count_reported, count_reported + 1):
            tally.problems.append(f"{save_id}: reported {count_reported}, saved {count_saved}")
        if loaded.extra.get("count") != count_saved:
            tally.problems.append(f"{save_id}: extra and match disagree")
        tally.ahead_by_one += count_saved == count_reported + 1
    if (home / "damaged").exists():
        tally.problems.append(f"files were set aside: {os.listdir(home / 'damaged')}")


@pytest.mark.soak
@pytest.mark.skipif(sys.platform == "emscripten", reason="needs processes")
def test_sigkill_during_autosave_never_loses_the_save(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], soak_length: SoakLength) -> None:
    target = soak_length.pick(SHORT, FULL)
    tallies = [Tally() for _ in range(WORKERS)]
    threads = [threading.Thread(target=_worker,
                                args=(tmp_path / f"home{i}", i, target // WORKERS, tallies[i]))
               for i in range(WORKERS)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    problems = [p for t in tallies for p in t.problems]
    assert problems == []
    kills = sum(t.kills for t in tallies)
    assert kills == target
    mid = sum(t.mid_run_kills for t in tallies)
    assert mid >= target // 2, "most kills should land while the child is saving"
    temps = sum(len(list((tmp_path / f"home{i}" / "saves").glob(".*.tmp")))
                for i in range(WORKERS))
    with capsys.disabled():
        print(f"\nsigkill: {kills} kills, {mid} during the save loop, "
              f"{sum(t.saves for t in tallies)} saves reported, "
              f"{sum(t.ahead_by_one for t in tallies)} times the save was one action ahead of "
              f"the last report, {temps} stray temp files, "
              f"{time.perf_counter() - started:.1f} s")
