"""``python -m knockrummy.bench ai`` measures every level at every preset."""

import json
import subprocess
import sys

from knockrummy.engine.rules import PRESETS


def test_ai_bench_covers_every_level_and_preset() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "knockrummy.bench", "ai", "--quick", "--json"],
        capture_output=True, text=True, check=True, timeout=300,
    )
    figures = json.loads(out.stdout)
    assert set(figures["levels"]) == {"easy", "medium", "hard", "expert"}
    for presets in figures["levels"].values():
        assert set(presets) == set(PRESETS)
        for f in presets.values():
            assert f["decisions"] > 0
            assert 0 < f["median_ms"] <= f["p99_ms"] <= f["max_ms"]
