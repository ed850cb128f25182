"""Our solver beside OpenSpiel's C++ Gin Rummy utilities, on the same hands in one run.

OpenSpiel (``pip install open-spiel``, or ``pip install -e ".[openspiel]"``) ships
``pyspiel.gin_rummy.GinRummyUtils``, a C++ implementation of the Gin Rummy hand
solver. Where it is installed, ``python -m knockrummy.bench engine`` also times,
on the very same uniformly random hands, batch by batch in the same process:

- minimum deadwood of a 10-card hand: our ``min_deadwood`` against OpenSpiel's
  ``min_deadwood(hand)``;
- best discard of an 11-card hand: our ``best_discard`` (the card to throw and the
  deadwood left) against the same answer from OpenSpiel, which has no call for the
  card: its ``min_deadwood`` of the hand less each card in turn, the least kept;
- and, for scale, OpenSpiel's one call for the deadwood alone after the best
  discard (``min_deadwood(ten cards, eleventh card)``, no card named) against our
  search's own solver for the same number (``CostModel.least_after_discard`` on a
  card mask, :mod:`knockrummy.ai.costs`, what ``expert``'s play-outs call);

and reports each median time per call and our time over OpenSpiel's (below 1.0:
we are faster). OpenSpiel is called through its Python binding, as a Python
program would call it; card lists are converted to its integers before timing.
Both answers are compared on every hand, so the figures are of the same work.
Without OpenSpiel the comparison is skipped with a note saying how to add it.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from knockrummy.ai.costs import deadwood_model
from knockrummy.engine.cards import DECK, Card, cards_mask
from knockrummy.engine.melds import best_discard, min_deadwood

INSTALL_NOTE = (
    "OpenSpiel is not installed: the side-by-side comparison is skipped "
    "(pip install open-spiel, or pip install -e \".[openspiel]\")"
)


def load_utils() -> Any | None:
    """OpenSpiel's ``GinRummyUtils`` for 13 ranks, 4 suits, 10 cards; None without it."""
    try:
        import pyspiel  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        return None
    return pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)


def openspiel_card(card: Card, utils: Any) -> int:
    """OpenSpiel's integer for ``card`` (its strings are rank then lower-case suit)."""
    text = str(card)
    return int(utils.card_int(text[0] + text[1].lower()))


def _timed(fn: Callable[[Any], object], inputs: list[Any]) -> float:
    start = time.perf_counter()
    for item in inputs:
        fn(item)
    return (time.perf_counter() - start) / len(inputs) * 1e6


def compare(quick: bool = False, seed: int = 1, utils: Any | None = None) -> dict[str, Any]:
    """Median microseconds per call, ours and OpenSpiel's, on the same hands; ratios.

    ``{"available": False, "note": ...}`` when OpenSpiel is not installed.
    """
    if utils is None:
        utils = load_utils()
    if utils is None:
        return {"available": False, "note": INSTALL_NOTE}
    batches, batch = (5, 200) if quick else (41, 2000)
    rng = random.Random(seed)
    md = utils.min_deadwood
    model = deadwood_model(False)

    def their_best_discard(hand: list[int]) -> tuple[int, int]:
        return min((md(hand[:i] + hand[i + 1:]), card) for i, card in enumerate(hand))

    def their_after_discard(pair: tuple[list[int], int]) -> int:
        return int(md(pair[0], pair[1]))

    times: dict[str, list[float]] = {k: [] for k in (
        "md_ours", "md_theirs", "bd_ours", "bd_theirs", "ad_ours", "ad_theirs")}
    mismatches = 0
    hands_timed = 0
    for _ in range(batches):
        tens = [rng.sample(DECK, 10) for _ in range(batch)]
        elevens = [rng.sample(DECK, 11) for _ in range(batch)]
        tens_os = [[openspiel_card(c, utils) for c in h] for h in tens]
        elevens_os = [[openspiel_card(c, utils) for c in h] for h in elevens]
        pairs_os = [(h[:10], h[10]) for h in elevens_os]
        masks = [cards_mask(h) for h in elevens]
        times["md_ours"].append(_timed(min_deadwood, tens))
        times["md_theirs"].append(_timed(md, tens_os))
        times["bd_ours"].append(_timed(best_discard, elevens))
        times["bd_theirs"].append(_timed(their_best_discard, elevens_os))
        times["ad_ours"].append(_timed(model.least_after_discard, masks))
        times["ad_theirs"].append(_timed(their_after_discard, pairs_os))
        for hand, os_hand in zip(tens[:50], tens_os[:50], strict=True):
            mismatches += min_deadwood(hand) != md(os_hand)
        for hand, os_hand, mask in zip(elevens[:50], elevens_os[:50], masks[:50], strict=True):
            left = best_discard(hand)[1]
            mismatches += left != their_best_discard(os_hand)[0]
            mismatches += left != model.least_after_discard(mask)
        hands_timed += 2 * batch
    medians = {k: statistics.median(v) for k, v in times.items()}

    def pair(ours: str, theirs: str) -> dict[str, float]:
        return {"ours": round(medians[ours], 2), "openspiel": round(medians[theirs], 2),
                "ratio": round(medians[ours] / medians[theirs], 3)}

    return {
        "available": True,
        "hands": hands_timed,
        "answers_differ": mismatches,
        "min_deadwood_10_us": pair("md_ours", "md_theirs"),
        "best_discard_11_us": pair("bd_ours", "bd_theirs"),
        "after_discard_11_us": pair("ad_ours", "ad_theirs"),
        "targets": {"min_deadwood_10": 1.0, "best_discard_11": 0.5},
    }


def report(figures: dict[str, Any]) -> str:
    """Human-readable lines."""
    if not figures.get("available"):
        return str(figures.get("note", INSTALL_NOTE))
    md = figures["min_deadwood_10_us"]
    bd = figures["best_discard_11_us"]
    ad = figures["after_discard_11_us"]
    return "\n".join([
        f"beside OpenSpiel's C++ GinRummyUtils, the same {figures['hands']} hands "
        f"(answers differing: {figures['answers_differ']}):",
        f"  min deadwood, 10 cards: ours {md['ours']} us, OpenSpiel {md['openspiel']} us: "
        f"{md['ratio']:.2f}x (target at most 1.0x)",
        f"  best discard, 11 cards: ours {bd['ours']} us, OpenSpiel {bd['openspiel']} us: "
        f"{bd['ratio']:.2f}x (target at most 0.5x)",
        f"  deadwood after the best discard, 11 cards (no card named): our search's solver "
        f"{ad['ours']} us, OpenSpiel's one call {ad['openspiel']} us: {ad['ratio']:.2f}x",
    ])
