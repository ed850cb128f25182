"""Two copies of the game on one folder, playing for a while: nothing may be lost.

``python -m knockrummy.bench soak --seconds 120`` starts two worker processes on
one storage home (a double double-click). Each, over and over, picks one of the
saved matches, resumes it the way the window does (``app.saves.load``, then an
``Autosaver`` that claims the match, saves after every move and counts finished
hands in the statistics), plays a few moves, changes a setting
(``storage.update_settings``) and leaves it; when a match ends it starts a new
one. The two often want the same match at once: the second is refused in words.
Each worker keeps a journal of every save that landed (the match, how many
moves, a hash of those moves) and of every setting it changed.

Afterwards every save must load; every journaled save must be a prefix of the
final file (no move one copy saved was overwritten by the other); the statistics
must count exactly the hands the saved matches hold (each counted once); and the
settings must hold every change both workers made.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from knockrummy.bench.storage import using_home
from knockrummy.engine.actions import action_to_json
from knockrummy.engine.match import MatchState, apply, legal_actions, new_match
from knockrummy.engine.rules import PRESETS

#: the matches both workers play: Knock Rummy, Ann (human) against two computers
PRESET = "knock"
SAVES = 3


def _digest(match: MatchState, upto: int | None = None) -> str:
    actions = [action_to_json(a) for a in match.all_actions[:upto]]
    return hashlib.sha256(json.dumps(actions).encode()).hexdigest()[:16]


def _seats() -> list[Any]:
    from knockrummy.storage import Seat
    return [Seat("Ann"), Seat("Bob", "computer", "easy"), Seat("Cleo", "computer", "easy")]


def worker(name: str, seconds: float, seed: int) -> None:
    """One copy of the game: resume, play, leave, for ``seconds``; journal everything."""
    from knockrummy.app import saves
    from knockrummy.app.autosave import Autosaver
    from knockrummy.storage import SaveStore, home, update_settings
    rng = random.Random(f"{seed}:{name}")
    journal = (home() / f"soak-{name}.jsonl").open("a", encoding="utf-8")
    lock = threading.Lock()

    def note(entry: dict[str, Any]) -> None:
        with lock:
            journal.write(json.dumps(entry) + "\n")
            journal.flush()

    def bump(settings: Any) -> None:
        settings.unknown[f"soak-{name}"] = settings.unknown.get(f"soak-{name}", 0) + 1

    store = SaveStore()
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        infos = [i for i in store.list() if not i.over]
        if len(infos) < SAVES:  # a match ended: start a new one, as the title's Play does
            save_id = store.new_id()
            match = new_match(PRESETS[PRESET], 3, rng.getrandbits(32), ["Ann", "Bob", "Cleo"])
            counted = 0
        else:
            save_id = rng.choice(infos).id
            loaded = saves.load(save_id, store)
            store.messages.clear()
            if isinstance(loaded, str):
                note({"refused": save_id, "why": loaded})
                time.sleep(rng.uniform(0.01, 0.05))
                continue
            match = loaded.match
            counted = max(0, len(match.records) - 1)

        def saved(state: MatchState, save_id: str = save_id) -> None:
            note({"saved": save_id, "moves": len(state.all_actions), "hash": _digest(state)})

        saver = Autosaver(save_id, _seats(), store=store, record_stats=True,
                          counted_hands=counted, on_saved=saved)
        said = saver.take_messages()
        if said:  # the other copy claimed it between our load and our claim
            note({"refused": save_id, "why": " ".join(said)})
            saver.close()
            continue
        saver.record(match)
        for _ in range(rng.randrange(5, 60)):
            if match.over:
                break
            match, _ = apply(match, rng.choice(legal_actions(match)))
            saver.record(match)
            if not saver.wait(10.0):  # the window waits for each save the same way
                raise RuntimeError("a save took over 10 s")
            time.sleep(0.002)
        saver.close()
        for message in saver.take_messages():
            note({"message": message})
        update_settings(bump)
        note({"setting": name})
    journal.close()


def run(seconds: float = 120.0, home: str | None = None, seed: int = 1) -> dict[str, Any]:
    """Two workers on one home for ``seconds``, then every check; the figures."""
    folder = Path(home) if home else Path(tempfile.mkdtemp(prefix="knockrummy-soak-"))
    folder.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "KNOCKRUMMY_HOME": str(folder)}
    started = time.monotonic()
    workers = [subprocess.Popen([sys.executable, "-m", "knockrummy.bench.soak", name,
                                 str(seconds), str(seed)], env=env)
               for name in ("a", "b")]
    codes = [w.wait(timeout=seconds + 300) for w in workers]
    report = check(folder)
    report.update(seconds=round(time.monotonic() - started, 1), exit_codes=codes,
                  home=str(folder))
    report["ok"] = report["ok"] and codes == [0, 0]
    return report


def check(folder: Path) -> dict[str, Any]:
    """Everything the soak must show, read back from ``folder``."""
    with using_home(folder):
        return _check(folder)


def _check(folder: Path) -> dict[str, Any]:
    from knockrummy.storage import SaveStore, StatsStore, load_settings
    entries: dict[str, list[dict[str, Any]]] = {}
    for path in sorted(folder.glob("soak-*.jsonl")):
        name = path.stem[len("soak-"):]
        entries[name] = [json.loads(line) for line in path.read_text().splitlines()]
    store = SaveStore()
    infos = store.list()
    matches = {info.id: store.load(info.id).match for info in infos}
    problems: list[str] = [f"set aside: {m}" for m in store.messages]
    saves_landed = refused = 0
    for name, lines in entries.items():
        for entry in lines:
            if "refused" in entry:
                refused += 1
            if "message" in entry:
                problems.append(f"{name} was told: {entry['message']}")
            if "saved" not in entry:
                continue
            saves_landed += 1
            match = matches.get(entry["saved"])
            if match is None:
                problems.append(f"{entry['saved']} is gone")
            elif (len(match.all_actions) < entry["moves"]
                  or _digest(match, entry["moves"]) != entry["hash"]):
                problems.append(f"{entry['saved']}: {name}'s save of {entry['moves']} moves "
                                f"was lost")
    hands = sum(len(m.records) for m in matches.values())
    finished = sum(1 for m in matches.values() if m.over)
    tally = StatsStore().tally()
    if tally.hands_played != hands:
        problems.append(f"statistics count {tally.hands_played} hands, the saves hold {hands}")
    if tally.matches_played != finished:
        problems.append(f"statistics count {tally.matches_played} matches, {finished} ended")
    settings, notes = load_settings()
    for name, lines in entries.items():
        made = sum(1 for e in lines if "setting" in e)
        kept = settings.unknown.get(f"soak-{name}", 0)
        if kept != made:
            problems.append(f"settings hold {kept} of {name}'s {made} changes")
    moves = sum(len(m.all_actions) for m in matches.values())
    return {"ok": not problems, "problems": problems[:20], "saves": len(matches),
            "moves": moves, "saves_landed": saves_landed, "refused": refused,
            "hands": hands, "matches_finished": finished,
            "settings_changes": sum(1 for ls in entries.values() for e in ls if "setting" in e)}


def describe(report: dict[str, Any]) -> str:
    """The report in words."""
    head = (f"two copies, {report['seconds']} s on one folder: {report['saves']} saved "
            f"matches, {report['moves']:,} moves, {report['saves_landed']:,} saves, "
            f"{report['refused']} resumes refused (open in the other copy), "
            f"{report['hands']} hands and {report['matches_finished']} matches counted, "
            f"{report['settings_changes']} settings changes")
    if report["ok"]:
        return head + ": every save loads, no move lost, statistics and settings complete"
    return head + "\nPROBLEMS:\n" + "\n".join(report["problems"])


if __name__ == "__main__":
    worker(sys.argv[1], float(sys.argv[2]), int(sys.argv[3]))
