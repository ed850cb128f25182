"""The benchmark command runs and prints every figure."""

import json
import subprocess
import sys


def test_engine_bench_prints_its_figures_as_json() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "knockrummy.bench", "engine", "--quick", "--json"],
        capture_output=True, text=True, check=True, timeout=120,
    )
    figures = json.loads(out.stdout)
    assert figures["min_deadwood_10_us"] > 0
    assert figures["best_discard_11_us"] > 0
    assert figures["random_gin_hands_per_second"] > 0
    assert 20 < figures["random_gin_actions_per_hand"] < 400
