"""Saved matches: save, list, resume, delete, upgrade, damaged files set aside."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

import pytest

from knockrummy.engine import PRESETS, apply, legal_actions, new_match
from knockrummy.engine.codec import match_to_dict
from knockrummy.storage import LoadError, SaveStore, Seat, damaged_dir, saves_dir, upgrade
from knockrummy.storage.saves import MAX_SAVE_BYTES
from tests.storage_support import kr_home, random_match, seats_for

__all__ = ["kr_home"]


def test_resumed_match_equals_the_saved_one(kr_home: Path) -> None:
    store = SaveStore()
    match = random_match("rummy", 3, seed=4, max_actions=250)
    seats = seats_for(match)
    extra = {"hand_order": {"0": ["TD", "2C"]}, "zoom": 1.5}
    store.save("m1", match, seats, extra)
    loaded = store.load("m1")
    assert loaded.match == match
    assert loaded.seats == tuple(seats) and loaded.extra == extra and loaded.id == "m1"
    # the resumed match continues exactly as the original would
    action = legal_actions(match)[0]
    assert apply(loaded.match, action)[0] == apply(match, action)[0]


def test_list_resume_delete_and_latest(kr_home: Path) -> None:
    ticks = iter(range(1_800_000_000, 1_800_000_100, 5))  # five seconds between saves
    store = SaveStore(clock=lambda: float(next(ticks)))
    assert store.list() == [] and store.latest() is None
    done = random_match("knock", 2, seed=1)
    assert done.over
    running = random_match("gin", 2, seed=2, max_actions=40)
    ids = [store.new_id() for _ in range(3)]
    assert len(set(ids)) == 3
    store.save(ids[0], running, seats_for(running))
    store.save(ids[1], random_match("rummy", 4, seed=3, max_actions=10),
               [Seat(f"P{i}") for i in range(4)])
    store.save(ids[2], done, seats_for(done))
    infos = store.list()
    assert [i.id for i in infos] == [ids[2], ids[1], ids[0]]  # newest first
    assert [i.saved_at.timestamp() for i in infos] == [1_800_000_010, 1_800_000_005,
                                                       1_800_000_000]
    first = infos[2]
    assert (first.preset, first.preset_name, first.players) == ("gin", "Gin Rummy", 2)
    assert first.scores == running.scores and first.hand_number == running.hand_number
    assert first.names == running.names and not first.over and infos[0].over
    assert first.line().startswith(f"{ids[0]}  Gin Rummy  Player 1 ")
    assert "finished" in infos[0].line()
    latest = store.latest()
    assert latest is not None and latest.id == ids[1]  # newest unfinished
    assert store.delete(ids[1]) and not store.delete(ids[1])
    latest = store.latest()
    assert latest is not None and latest.id == ids[0]
    assert store.load(latest.id).match == running
    assert store.messages == []


def test_bad_ids_and_missing_saves(kr_home: Path) -> None:
    store = SaveStore()
    match = random_match("knock", 2, seed=1, max_actions=3)
    with pytest.raises(ValueError):
        store.save("../escape", match, seats_for(match))
    with pytest.raises(ValueError):
        store.save("ok", match, [Seat("only one")])
    with pytest.raises(LoadError, match="no saved match"):
        store.load("../../etc/passwd")
    with pytest.raises(LoadError, match="no saved match"):
        store.load("nothere")
    assert store.try_load("nothere") is None and "no saved match" in store.messages[-1]


def _write(save_id: str, data: object) -> Path:
    path = saves_dir() / f"{save_id}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data))
    return path


def _v0(match_seed: int = 5) -> tuple[dict[str, object], object]:
    match = random_match("knock", 3, seed=match_seed, max_actions=20)
    data = {"version": 0, "time": 1_700_000_000.5,
            "players": [{"name": "Ann", "ai": None}, {"name": "Bob", "ai": "easy"},
                        {"name": "Cy", "ai": "hard"}],
            "match": match_to_dict(match), "ui": {"order": [3, 1, 2]}}
    return data, match


def test_upgrade_from_version_0(kr_home: Path) -> None:
    data, match = _v0()
    upgraded = upgrade(data)
    assert upgraded["schema"] == 1 and upgraded["kind"] == "knockrummy-save"
    assert upgraded["saved_at"].startswith("2023-11-14T22:13:20.5")
    assert upgraded["seats"][1] == {"name": "Bob", "kind": "computer", "level": "easy"}
    _write("old", data)
    loaded = SaveStore().load("old")
    assert loaded.match == match and loaded.extra == {"order": [3, 1, 2]}
    assert loaded.seats[0] == Seat("Ann", "human", None)
    assert [i.id for i in SaveStore().list()] == ["old"]


def test_a_damaged_version_0_file_is_reported(kr_home: Path) -> None:
    data, _ = _v0()
    del data["time"]
    _write("old", data)
    store = SaveStore()
    with pytest.raises(LoadError, match="date is missing"):
        store.load("old")
    assert "moved to" in store.messages[-1]


@pytest.mark.parametrize("schema, words", [(2, "newer version"), (-3, "unknown format"),
                                           ("1", "no version")])
def test_newer_or_unknown_versions_are_set_aside(kr_home: Path, schema: object,
                                                 words: str) -> None:
    match = random_match("knock", 2, seed=1, max_actions=3)
    store = SaveStore()
    store.save("future", match, seats_for(match))
    data = json.loads((saves_dir() / "future.json").read_text())
    data["schema"] = schema
    _write("future", data)
    with pytest.raises(LoadError, match=words):
        store.load("future")
    assert not (saves_dir() / "future.json").exists()
    assert len(list(damaged_dir().glob("future.*.json"))) == 1
    assert words in store.messages[-1]


def test_too_large_file_is_set_aside(kr_home: Path) -> None:
    match = random_match("knock", 2, seed=1, max_actions=3)
    store = SaveStore()
    store.save("big", match, seats_for(match))
    path = saves_dir() / "big.json"
    path.write_text(path.read_text() + " " * MAX_SAVE_BYTES)
    assert store.try_load("big") is None
    assert "too large" in store.messages[-1] and not path.exists()


def test_damaged_files_found_while_listing_are_set_aside(kr_home: Path) -> None:
    match = random_match("knock", 3, seed=9, max_actions=30)
    store = SaveStore()
    store.save("good", match, seats_for(match))
    text = (saves_dir() / "good.json").read_text()
    (saves_dir() / "cut.json").write_text(text[: len(text) // 2])
    (saves_dir() / "empty.json").write_text("")
    (saves_dir() / "alien.json").write_text('{"hello": "world"}')
    (saves_dir() / "not an id.json").write_text("ignored: not a save name")
    infos = store.list()
    assert [i.id for i in infos] == ["good"]
    assert len(store.messages) == 3 and all("moved to" in m for m in store.messages)
    assert len(list(damaged_dir().glob("*.json"))) == 3
    assert store.load("good").match == match  # the game carries on


def test_damage_only_in_the_moves_is_caught_on_load(kr_home: Path) -> None:
    match = random_match("rummy", 2, seed=3, max_actions=60)
    store = SaveStore()
    store.save("m", match, seats_for(match))
    data = json.loads((saves_dir() / "m.json").read_text())
    data["match"]["actions"][5] = data["match"]["actions"][40]
    _write("m", data)
    assert [i.id for i in store.list()] == ["m"]  # the summary still reads
    with pytest.raises(LoadError, match="legal game"):
        store.load("m")
    assert store.list() == [] and "moved to" in store.messages[-1]


def test_save_is_fast_for_a_long_match(kr_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Saving happens after every action; time it at the end of long matches."""
    store = SaveStore()
    report = []
    for preset, players, seed, cap in (("gin", 2, 11, 1500), ("rummy", 4, 12, 1500),
                                       ("gin", 2, 3, 10**6)):
        match = random_match(preset, players, seed=seed, max_actions=cap)
        seats = seats_for(match)
        times = []
        for _ in range(20):
            start = time.perf_counter()
            store.save("long", match, seats, {"hand_order": {"0": list(range(10))}})
            times.append(time.perf_counter() - start)
        times.sort()
        size = (saves_dir() / "long.json").stat().st_size
        report.append(f"{preset} {len(match.all_actions)} actions, {size // 1000} kB: "
                      f"median {times[10] * 1000:.1f} ms, max {times[-1] * 1000:.1f} ms")
        assert times[10] < 0.25
    with capsys.disabled():
        print("\nsave timings: " + "; ".join(report))


def test_a_match_saved_between_hands_lists_after_that_hand(kr_home: Path) -> None:
    """A first-time player saw a game saved once hand 1 had ended (scores 25, -15, -10)
    listed as "hand 1", as if hand 1 were still being played. Between hands it now reads
    "after hand 1"; in a hand, "hand N"; a save made before the summary said so keeps
    "hand N"."""
    store = SaveStore()
    rng = random.Random(3)
    match = new_match(PRESETS["knock"], 3, seed=3)
    while not match.hand.over:
        match, _ = apply(match, rng.choice(legal_actions(match)))
    assert not match.over and match.hand_number == 0
    store.save("between", match, seats_for(match))
    store.save("playing", random_match("knock", 3, seed=3, max_actions=2),
               seats_for(match))
    states = {i.id: i.state for i in store.list()}
    assert states == {"between": "after hand 1", "playing": "hand 1"}
    assert "after hand 1" in next(i for i in store.list() if i.id == "between").line()
    path = saves_dir() / "between.json"
    data = json.loads(path.read_text())
    del data["match"]["summary"]["hand_over"]  # as saved before
    path.write_text(json.dumps(data))
    assert {i.id: i.state for i in store.list()}["between"] == "hand 1"
    data["match"]["summary"]["hand_over"] = "yes"  # not a true or false: damaged
    path.write_text(json.dumps(data))
    assert {i.id: i.state for i in store.list()}["between"] == "after hand 1"  # replayed
