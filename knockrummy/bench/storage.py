"""Storage speed: loading, replaying and checking very long matches.

A hand can be legal and endless: in Gin, two players who only ever take the
discard and throw another card never empty the stock. Such files can be made
by hand, so loading them must cost time in proportion to their moves, never
more. This benchmark builds a 5,000-action hand and a 50,000-action match of
such hands (each ended by drawing the stock out), then times:

- the engine's replay (``match.replay``),
- loading a save of it (``SaveStore.load``: read, check, replay),
- exporting and importing its text record (the import replays the moves and
  checks every line against the replay),
- the replay of one hand step by step (``hand_replay.hand_steps``),

and the same for a match a tenth as long, so the ratio shows the growth
(about 10 for linear, about 100 for quadratic).

``python -m knockrummy.bench storage [--json] [--quick]``
"""

from __future__ import annotations

import contextlib
import os
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from knockrummy.engine.actions import Action, Discard, DrawDiscard, DrawStock, NextHand
from knockrummy.engine.codec import match_to_json
from knockrummy.engine.flow import apply as apply_hand
from knockrummy.engine.hand_replay import hand_steps
from knockrummy.engine.match import replay
from knockrummy.engine.record import export_record, import_record
from knockrummy.engine.rules import PRESETS
from knockrummy.engine.state import HandState, Phase, evolve


@contextlib.contextmanager
def using_home(folder: Path) -> Iterator[None]:
    """The game's files in ``folder`` (``KNOCKRUMMY_HOME``) for the time of the block,
    the variable as it was afterwards."""
    old = os.environ.get("KNOCKRUMMY_HOME")
    os.environ["KNOCKRUMMY_HOME"] = str(folder)
    try:
        yield
    finally:
        if old is None:
            os.environ.pop("KNOCKRUMMY_HOME", None)
        else:
            os.environ["KNOCKRUMMY_HOME"] = old


def long_hand_actions(hand: HandState, length: int) -> list[Action]:
    """About ``length`` legal actions from ``hand`` in which both players take the discard
    and throw another card (the stock never runs down), then the stock drawn out so that
    the hand ends (a void hand in Gin)."""
    actions: list[Action] = []
    while not hand.over:
        if hand.phase in (Phase.UPCARD_OFFER, Phase.DRAW):
            action: Action = DrawDiscard() if len(actions) < length else DrawStock()
        else:
            cards = hand.hands[hand.current]
            action = Discard(cards[0] if cards[0] is not hand.taken else cards[1])
        hand, _ = apply_hand(evolve(hand, log=()), action)  # the log is not needed here
        actions.append(action)
    return actions


def long_actions(hands: int, per_hand: int, seed: int = 1) -> list[Action]:
    """The actions of a Gin match of ``hands`` endless-looking hands of about
    ``per_hand`` actions each (every hand void, so the match never ends)."""
    rules = PRESETS["gin"]
    out: list[Action] = []
    for number in range(hands):
        if number:
            out.append(NextHand())
        match = replay(rules, 2, seed, out, ("Ann", "Bo"))
        out.extend(long_hand_actions(match.hand, per_hand))
    return out


def _timed(fn: Callable[[], object], repeat: int = 3) -> float:
    """The best of ``repeat`` runs, in CPU seconds of this process (the machine is shared:
    wall time would measure the other work too)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        fn()
        best = min(best, time.process_time() - start)
    return best


def measure(hands: int, per_hand: int, seed: int = 1) -> dict[str, Any]:
    """Times (seconds) for one match of ``hands`` x ``per_hand`` actions."""
    from knockrummy.storage import SaveStore, Seat
    actions = long_actions(hands, per_hand, seed)
    rules = PRESETS["gin"]
    names = ("Ann", "Bo")
    match = replay(rules, 2, seed, actions, names)
    out: dict[str, Any] = {"actions": len(actions)}
    out["replay_s"] = _timed(lambda: replay(rules, 2, seed, actions, names))
    out["save_bytes"] = len(match_to_json(match))
    with tempfile.TemporaryDirectory() as folder, using_home(Path(folder)):
        store = SaveStore()
        store.save("bench", match, [Seat("Ann"), Seat("Bo", "computer", "easy")])
        out["save_load_s"] = _timed(lambda: store.load("bench"))
        text = export_record(match)
        out["record_bytes"] = len(text.encode())
        out["record_export_s"] = _timed(lambda: export_record(match))
        out["record_import_s"] = _timed(lambda: import_record(text))
        Path(folder, "record.txt").write_text(text, encoding="utf-8")
    record = match.records[0] if match.records else None
    if record is not None:
        out["hand_steps_s"] = _timed(lambda: hand_steps(rules, 2, names, record))
        out["hand_steps_moves"] = len(record.actions)
    return out


def run(quick: bool = False, seed: int = 1) -> dict[str, Any]:
    """The long hand and the long match, each also at a tenth of its length."""
    hand_len, match_hands = (500, 2) if quick else (5000, 10)
    figures: dict[str, Any] = {
        "hand": measure(1, hand_len, seed),
        "hand_tenth": measure(1, hand_len // 10, seed),
        "match": measure(match_hands, hand_len, seed),
        "match_tenth": measure(match_hands, hand_len // 10, seed),
    }
    return figures


def report(figures: dict[str, Any]) -> str:
    """The figures as lines a person reads."""
    lines = []
    for key, label in (("hand", "one hand"), ("match", "one match")):
        big, small = figures[key], figures[f"{key}_tenth"]
        lines.append(f"{label} of {big['actions']:,} moves "
                     f"(save {big['save_bytes'] / 1e6:.1f} MB, "
                     f"record {big['record_bytes'] / 1e6:.1f} MB):")
        for name, what in (("replay_s", "engine replay"), ("save_load_s", "load the save"),
                           ("record_export_s", "export the record"),
                           ("record_import_s", "import and check the record"),
                           ("hand_steps_s", "replay its first hand step by step")):
            if name in big:
                ratio = big[name] / small[name] if small.get(name) else float("nan")
                moves = big["hand_steps_moves"] if name == "hand_steps_s" else big["actions"]
                per = big[name] / moves * 1e6
                lines.append(f"  {what:36} {big[name] * 1000:6.0f} ms = {per:4.1f} us a move  "
                             f"({small['actions']:,} moves: {small[name] * 1000:.0f} ms; "
                             f"x{ratio:.1f} the time for x{big['actions'] / small['actions']:.1f}"
                             f" the moves)")
    lines.append("(CPU time of the process, best of 3)")
    return "\n".join(lines)
