"""The coach is pure logic: no pygame, no window, no storage (examples: test_doctests.py)."""

from __future__ import annotations

import subprocess
import sys


def test_the_coach_imports_no_pygame_nor_the_app_in_a_fresh_interpreter() -> None:
    code = (
        "import sys, knockrummy.coach\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] == 'pygame'"
        " or m.startswith(('knockrummy.ui', 'knockrummy.app', 'knockrummy.storage')))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_the_coach_bench_prints_its_figures_as_json() -> None:
    import json

    out = subprocess.run(
        [sys.executable, "-m", "knockrummy.bench", "coach", "--quick", "--json"],
        capture_output=True, text=True, check=True, timeout=300,
    )
    figures = json.loads(out.stdout)
    for key in ("gin", "knock", "rummy"):
        assert figures[key]["hint"]["count"] > 0
        assert figures[key]["review"]["count"] == 2
        assert figures[key]["review"]["median_ms"] > 0


def test_engine_replay_stays_the_function_once_the_coach_is_loaded() -> None:
    """The coach loads ``knockrummy.engine.hand_replay`` (hand_steps); the engine's ``replay``
    name must still be the match replay function, in a fresh interpreter (the module
    was once called ``engine.replay`` and shadowed it)."""
    code = (
        "import knockrummy.coach\n"
        "from knockrummy.engine import PRESETS, replay\n"
        "from knockrummy.engine.hand_replay import hand_steps\n"
        "print(callable(replay), replay(PRESETS['gin'], 2, 1, []).hand_number,"
        " hand_steps.__name__)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["True", "0", "hand_steps"]
