"""Two copies of the game on one folder for a while (``python -m knockrummy.bench soak``),
and the storage benchmark's long hand and match, as tests."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from knockrummy.bench import soak
from tests.soak_support import SoakLength

#: seconds of the quick run and of the full one (``--soak``); ``KNOCKRUMMY_SOAK_SECONDS=180``
#: for the few minutes of the issue
SHORT, FULL = 5.0, 20.0


@pytest.mark.soak
def test_two_copies_playing_on_one_folder_lose_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], soak_length: SoakLength) -> None:
    seconds = float(os.environ.get("KNOCKRUMMY_SOAK_SECONDS", soak_length.pick(SHORT, FULL)))
    report = soak.run(seconds=seconds, home=str(tmp_path / "shared"), seed=7)
    with capsys.disabled():
        print("\n" + soak.describe(report))
    assert report["ok"], report["problems"]
    assert report["exit_codes"] == [0, 0]
    assert report["saves_landed"] > 100 and report["hands"] > 10
    assert report["settings_changes"] > 10


def test_the_soak_check_finds_a_lost_move(tmp_path: Path) -> None:
    """The check itself: a journal that saw more moves than the file holds is a loss."""
    report = soak.run(seconds=3, home=str(tmp_path), seed=3)
    assert report["ok"], report["problems"]
    journal = tmp_path / "soak-a.jsonl"
    entry = next(json.loads(line) for line in journal.read_text().splitlines()
                 if '"saved"' in line)
    entry["moves"] += 10_000
    with journal.open("a") as handle:
        handle.write(json.dumps(entry) + "\n")
    again = soak.check(tmp_path)
    assert not again["ok"] and any("was lost" in p for p in again["problems"])


def test_storage_bench_prints_its_figures() -> None:
    out = subprocess.run([sys.executable, "-m", "knockrummy.bench", "storage", "--quick",
                          "--json"], capture_output=True, text=True, check=True, timeout=300)
    figures = json.loads(out.stdout)
    for key in ("hand", "match"):  # linearity itself: test_storage_hostile.py, problem 7
        big, small = figures[key], figures[f"{key}_tenth"]
        assert big["actions"] > 4 * small["actions"]
        for name in ("replay_s", "save_load_s", "record_export_s", "record_import_s"):
            assert small[name] >= 0 and 0 < big[name] < 60
