"""The engine benchmark's side-by-side comparison with OpenSpiel's Gin Rummy solver."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from knockrummy.bench import openspiel
from knockrummy.engine.cards import Card


def test_without_openspiel_the_comparison_is_skipped_with_a_note(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(openspiel, "load_utils", lambda: None)
    figures = openspiel.compare(quick=True)
    assert figures == {"available": False, "note": openspiel.INSTALL_NOTE}
    assert "pip install open-spiel" in openspiel.report(figures)


class FakeUtils:
    """OpenSpiel's interface, answered by our own solver (to test the plumbing)."""

    def card_int(self, text: str) -> int:
        return Card.parse(text[0] + text[1].upper()).index

    def min_deadwood(self, hand: list[int], card: int | None = None) -> int:
        from knockrummy.ai.costs import deadwood_model
        mask = sum(1 << c for c in hand)
        model = deadwood_model(False)
        if card is None:
            return model.least(mask)
        return model.least_after_discard(mask | 1 << card)


def test_the_comparison_times_the_same_hands_and_checks_the_answers() -> None:
    figures = openspiel.compare(quick=True, utils=FakeUtils())
    assert figures["available"] and figures["answers_differ"] == 0
    for key in ("min_deadwood_10_us", "best_discard_11_us", "after_discard_11_us"):
        f = figures[key]
        assert f["ours"] > 0 and f["openspiel"] > 0
        assert f["ratio"] == pytest.approx(f["ours"] / f["openspiel"], rel=0.02)
    text = openspiel.report(figures)
    assert "min deadwood, 10 cards" in text and "target at most 0.5x" in text


def test_engine_bench_includes_the_comparison_or_its_note() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "knockrummy.bench", "engine", "--quick", "--json"],
        capture_output=True, text=True, check=True, timeout=300,
    )
    figures = json.loads(out.stdout)["openspiel"]
    if figures["available"]:
        assert figures["answers_differ"] == 0
        assert figures["min_deadwood_10_us"]["openspiel"] > 0
    else:
        assert "open-spiel" in figures["note"]
