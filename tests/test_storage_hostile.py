"""Issue 14: hostile files, a second copy, limits. One regression test per problem of
the issue (numbered as there), each building the hostile file itself in a temporary
home; then the policy's other promises (caps, links, one set-aside, nothing else
touched).
"""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from knockrummy.app import saves as app_saves
from knockrummy.app.autosave import IN_USE_MESSAGE, Autosaver
from knockrummy.app.records import export_match, list_records, read_record
from knockrummy.engine import (
    PRESETS,
    IllegalAction,
    MatchState,
    apply,
    legal_actions,
    new_match,
    parse_cards,
)
from knockrummy.engine.actions import BigGin, Discard, DrawDiscard, Knock, LayDown
from knockrummy.engine.codec import SaveError, match_from_dict, match_to_dict
from knockrummy.engine.flow import apply as apply_hand
from knockrummy.engine.match import replay
from knockrummy.engine.record import export_record, import_record
from knockrummy.engine.rules import with_options
from knockrummy.engine.state import Phase, evolve
from knockrummy.storage import (
    LoadError,
    SaveStore,
    Seat,
    StatsStore,
    damaged_dir,
    load_settings,
    policy,
    records_dir,
    saves_dir,
    settings_path,
)
from knockrummy.storage.savefile import save_to_dict
from tests.storage_support import kr_home

__all__ = ["kr_home"]

ROOT = Path(__file__).resolve().parent.parent
SEATS = [Seat("Ann"), Seat("Bo", "computer", "easy")]


def run_cli(*args: str, home: Path, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """The game as a process (headless); a hang fails the test by its timeout."""
    env = {**os.environ, "KNOCKRUMMY_HOME": str(home), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy", "PYTHONIOENCODING": "utf-8"}
    return subprocess.run([sys.executable, "-m", "knockrummy", *args], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=timeout,
                          errors="surrogateescape")


def gin_match(actions: int = 12, names: tuple[str, str] = ("Ann", "Bo")) -> MatchState:
    match = new_match(PRESETS["gin"], 2, seed=3, names=list(names))
    for _ in range(actions):
        match, _ = apply(match, legal_actions(match)[0])
    return match


def write_save(save_id: str, data: dict[str, Any]) -> Path:
    """A save file as bytes the test chose (JSON escapes carry NULs and lone surrogates)."""
    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{save_id}.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def in_thread(fn: Callable[[], Any], seconds: float = 20.0) -> Any:
    """``fn()`` on a thread; fails the test (instead of hanging it) after ``seconds``."""
    out: list[Any] = []
    errors: list[BaseException] = []

    def target() -> None:
        try:
            out.append(fn())
        except BaseException as err:  # handed to the test
            errors.append(err)

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"{fn} hung for {seconds} s"
    if errors:
        raise errors[0]
    return out[0]


def tree(folder: Path) -> dict[str, bytes | str]:
    """Every entry under ``folder``: files by content, links by target, others by kind."""
    out: dict[str, bytes | str] = {}
    for path in sorted(folder.rglob("*")):
        key = str(path.relative_to(folder))
        if path.is_symlink():
            out[key] = f"-> {os.readlink(path)}"
        elif path.is_fifo():
            out[key] = "fifo"
        elif path.is_file():
            out[key] = path.read_bytes()
    return out


# --- 1. a number of 309 digits in the settings --------------------------------------

def test_1_a_309_digit_number_in_the_settings_does_not_stop_the_game(kr_home: Path) -> None:
    kr_home.mkdir(parents=True)
    huge = "1" + "0" * 309
    settings_path().write_text(
        f'{{"schema": 1, "volume": {huge}, "animation_speed": -{huge}, '
        f'"ai_pacing": {huge}.5, "window_size": [{huge}, -{huge}], "muted": {huge}}}')
    settings, notes = load_settings()
    assert settings.volume == 1.0 and settings.animation_speed == 0.25
    assert settings.ai_pacing == 0.8  # 1e309 is infinite: not a number, the default
    assert settings.window_size == (7680, 480) and settings.muted is False
    assert len(notes) == 5 and all(len(note) < 160 for note in notes), notes
    result = run_cli("--smoke", home=kr_home)
    assert result.returncode == 0, result.stderr
    assert "first frame" in result.stdout


# --- 2. a NUL or a lone surrogate in a player's name ---------------------------------

def hostile_names_save(save_id: str, names: list[str]) -> Path:
    data = save_to_dict(save_id, gin_match(), SEATS, {})
    for seat, name in zip(data["seats"], names, strict=True):
        seat["name"] = name
    data["match"]["names"] = names
    return write_save(save_id, data)


def test_2_nul_and_lone_surrogate_names_are_cleaned_everywhere(kr_home: Path) -> None:
    path = hostile_names_save("names001", ["Ann\x00", "\ud800Bo\u202e"])
    assert "\\u0000" in path.read_text() and "\\ud800" in path.read_text()
    store = SaveStore()
    [info] = in_thread(store.list)
    assert info.names == ("Ann", "Bo") and [s.name for s in info.seats] == ["Ann", "Bo"]
    info.line().encode("utf-8")  # printable and writable
    resumed = app_saves.load("names001", store)
    assert not isinstance(resumed, str), resumed
    assert resumed.match.names == ("Ann", "Bo")
    assert [s.name for s in resumed.setup.seats] == ["Ann", "Bo"]
    assert app_saves.save_row(info).players == "Ann and Bo (easy)"
    store.save("names001", resumed.match, [Seat("Ann"), Seat("Bo", "computer", "easy")])
    assert "\\u0000" not in path.read_text()  # written back clean
    listed = run_cli("--list-saves", home=kr_home)
    assert listed.returncode == 0 and listed.stdout.startswith("names001  Gin Rummy  Ann 0")
    # a record: NULs in the plain names are dropped and it still replays ...
    text = export_record(gin_match())
    (tmp := kr_home / "rec.txt").write_text(text.replace("Ann", "Ann\x00"), encoding="utf-8")
    imported = read_record(tmp)
    assert isinstance(imported, MatchState) and imported.names == ("Ann", "Bo")
    # ... a lone surrogate (only JSON can carry one) is refused with its line, no crash
    lines = text.splitlines()
    lines[3] = 'Players: ["\\ud800Ann", "Bo"]'
    tmp.write_text("\n".join(lines) + "\n", encoding="utf-8")
    refused = read_record(tmp)
    assert isinstance(refused, str) and "line 4" in refused, refused
    result = run_cli("--import", str(tmp), home=kr_home)
    assert result.returncode == 2 and "line 4" in result.stderr
    assert "\ud800" not in result.stderr and "\x00" not in result.stderr
    # the statistics: a name from the file is cleaned when read
    stats = kr_home / "stats.json"
    stats.write_text(json.dumps({"schema": 1, "kind": "knockrummy-stats", "buckets": [],
                                 "recorded": [], "history": [{
                                     "date": "2026-01-01T00:00:00+00:00", "preset": "gin",
                                     "level": "easy", "name": "A\x00\u202en\ud800n",
                                     "won": True, "score": 100, "hands": 3, "players": 2,
                                     "undo_used": False}]}))
    assert [r.name for r in StatsStore().history()] == ["Ann"]


# --- 3. an empty meld in an action ----------------------------------------------------

def in_play(preset: str, cards: str) -> Any:
    """A hand of ``preset`` where the player to move has drawn and holds ``cards``."""
    match = new_match(PRESETS[preset], 2, seed=1)
    while match.hand.phase is not Phase.PLAY:
        match, _ = apply(match, legal_actions(match)[0])
    hand = match.hand
    hands = list(hand.hands)
    hands[hand.current] = tuple(parse_cards(cards))
    return evolve(hand, hands=tuple(hands))


def test_3_an_empty_meld_is_an_illegal_action_not_an_index_error(kr_home: Path) -> None:
    knock = new_match(PRESETS["knock"], 2, seed=1)
    while not any(isinstance(a, Knock) for a in legal_actions(knock)):
        knock, _ = apply(knock, legal_actions(knock)[0])
    card = next(a for a in legal_actions(knock) if isinstance(a, Knock)).card
    for melds in (((),), ((), (card,)), ()):
        with pytest.raises(IllegalAction):
            apply(knock, Knock(card, melds))
    big_gin = in_play("gin", "AS 2S 3S 4S 9H 9D 9C 9S 5H 6H 7H")
    lay_down = in_play("knock-hoyle", "AS 2S 3S 4S 9H 9D 9C 9S")
    assert apply_hand(big_gin, BigGin(None))[0].over  # the hands are legal as they are
    assert apply_hand(lay_down, LayDown(None))[0].over
    for hand, action in ((big_gin, BigGin(((),))), (lay_down, LayDown(((),))),
                         (big_gin, BigGin(((), ())))):
        with pytest.raises(IllegalAction, match="at least three cards"):
            apply_hand(hand, action)
    # and in a file: the save is set aside with a reason, never an IndexError
    data = save_to_dict("meld0001", knock, SEATS, {})
    data["match"]["actions"].append({"type": "knock", "card": str(card), "melds": [[]]})
    write_save("meld0001", data)
    with pytest.raises(SaveError, match="at least three cards"):
        match_from_dict(data["match"])
    with pytest.raises(LoadError, match="at least three cards"):
        SaveStore().load("meld0001")
    assert list(damaged_dir().glob("meld0001*.reason.txt"))


# --- 4. a FIFO (or a link to one) named like a save -----------------------------------

NO_FIFOS = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")


@NO_FIFOS
def test_4_fifos_devices_and_links_out_are_refused_without_waiting(
        kr_home: Path, tmp_path: Path) -> None:
    folder = saves_dir()
    folder.mkdir(parents=True)
    os.mkfifo(folder / "fifo0001.json")
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    os.mkfifo(outside / "pipe")
    (folder / "link0002.json").symlink_to(outside / "pipe")
    (folder / "zero0003.json").symlink_to("/dev/zero")
    (outside / "real.json").write_text(json.dumps(save_to_dict("x", gin_match(), SEATS, {})))
    (folder / "away0004.json").symlink_to(outside / "real.json")
    SaveStore().save("good0005", gin_match(), SEATS)
    store = SaveStore()
    infos = in_thread(store.list)
    assert [i.id for i in infos] == ["good0005"]
    said = " ".join(store.messages)
    assert "not a regular file" in said and "link leading out" in said
    assert sorted(os.listdir(folder)) == ["good0005.json"]  # each moved aside once ...
    assert (outside / "real.json").exists() and (outside / "pipe").exists()  # ... no target
    assert in_thread(SaveStore().list) and not SaveStore().messages
    # the command line and the title: nothing waits on a pipe
    os.mkfifo(folder / "fifo0006.json")
    listed = run_cli("--list-saves", home=kr_home, timeout=60)
    assert listed.returncode == 0 and "fifo0006" in listed.stderr
    os.mkfifo(folder / "fifo0007.json")
    smoke = run_cli("--smoke", home=kr_home, timeout=60)
    assert smoke.returncode == 0, smoke.stderr
    imported = run_cli("--import", str(outside / "pipe"), home=kr_home, timeout=60)
    assert imported.returncode == 2 and "not a regular file" in imported.stderr
    assert "not a regular file" in in_thread(lambda: read_record(outside / "pipe"))
    # the settings and the statistics
    settings_path().unlink(missing_ok=True)
    os.mkfifo(settings_path())
    settings, notes = in_thread(load_settings)
    assert notes and "not a regular file" in notes[0]
    os.mkfifo(kr_home / "stats.json")
    stats = in_thread(StatsStore)
    assert stats.messages and "not a regular file" in stats.messages[0]


# --- 5. a read-only saves folder holding a damaged save -------------------------------

@pytest.fixture
def read_only(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[Path], None]]:
    """Make a folder read-only: by its mode, and (the tests may run as root, whom modes
    do not stop) by refusing to rename or remove anything out of it."""
    frozen: list[str] = []
    real_replace, real_unlink = os.replace, os.unlink

    def refuse(path: Any) -> None:
        if any(os.path.abspath(path).startswith(f + os.sep) for f in frozen):
            raise PermissionError(errno.EACCES, "Permission denied", str(path))

    def replace(src: Any, dst: Any, **kw: Any) -> None:
        refuse(src)
        real_replace(src, dst, **kw)

    def unlink(path: Any, **kw: Any) -> None:
        refuse(path)
        real_unlink(path, **kw)

    monkeypatch.setattr(os, "replace", replace)
    monkeypatch.setattr(os, "rename", replace)
    monkeypatch.setattr(os, "unlink", unlink)

    def freeze(folder: Path) -> None:
        frozen.append(os.path.abspath(folder))
        folder.chmod(0o555)

    yield freeze
    for folder in frozen:
        os.chmod(folder, 0o755)


def test_5_a_read_only_folder_is_reported_once_and_nothing_is_copied(
        kr_home: Path, read_only: Callable[[Path], None]) -> None:
    SaveStore().save("good0001", gin_match(), SEATS)
    broken = saves_dir() / "bad00002.json"
    broken.write_text('{"schema": 1, "kind": "knockrummy-save", "id": "bad0')
    read_only(saves_dir())
    store = SaveStore()
    assert [i.id for i in store.list()] == ["good0001"]
    assert len(store.messages) == 1 and "could not be moved aside" in store.messages[0]
    for _ in range(5):  # every later listing: nothing said, nothing copied
        again = SaveStore()
        assert [i.id for i in again.list()] == ["good0001"] and not again.messages
    assert broken.exists()
    names = os.listdir(damaged_dir())
    assert names == ["bad00002.json.left-in-place.txt"], names  # the reason, no copies
    note = (damaged_dir() / names[0]).read_text()
    assert "could not be moved" in note and str(broken) in note
    policy._left.clear()  # a new run of the game reads the note instead
    fresh = SaveStore()
    assert [i.id for i in fresh.list()] == ["good0001"] and not fresh.messages
    assert os.listdir(damaged_dir()) == names
    with pytest.raises(LoadError):
        fresh.load("bad00002")  # opening it still says why
    # a changed file is looked at again
    os.chmod(saves_dir(), 0o755)
    broken.write_text("[1, 2")
    os.chmod(saves_dir(), 0o555)
    changed = SaveStore()
    changed.list()
    assert len(changed.messages) == 1


# --- 6. a record renaming the rules' key ----------------------------------------------

def test_6_a_record_cannot_rename_the_game_and_export_never_raises(kr_home: Path) -> None:
    match = gin_match()
    text = export_record(match)
    for options in ('{"key": "nothing"}', '{"key": "knock"}', '{"name": "\\u001b[2J"}',
                    '{"summary": "x"}', '{"target_score": 100000000}', '{"knock_limit": -1}',
                    '{"cards_dealt": [[2, 100000000000]]}', '[[[[[[[[[[', '{"gin_bonus": "a"}'):
        edited = text.replace("Options: {}", f"Options: {options}")
        with pytest.raises(SaveError, match="line 3"):
            import_record(edited)
    # a match whose rules say another game still exports (the scores screen's Export)
    renamed = MatchState(**{**match.__dict__,
                            "rules": with_options(match.rules, key="nothing")})
    path = export_match(renamed, "abcd0001")
    assert path.exists() and "[nothing]" in path.read_text()
    # and a save whose rules were renamed is set aside, not loaded as a stranger game
    data = save_to_dict("rule0001", match, SEATS, {})
    data["match"]["rules"]["name"] = "Evil \u202e"
    write_save("rule0001", data)
    with pytest.raises(LoadError, match="name was changed"):
        SaveStore().load("rule0001")


# --- 7. a legal but endless hand -------------------------------------------------------

def endless_hand(actions: int) -> list[Any]:
    from knockrummy.bench.storage import long_actions
    return long_actions(1, actions)


def best_of(fn: Callable[[], object], runs: int = 3) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def test_7_replay_and_load_are_linear_in_the_moves(kr_home: Path) -> None:
    rules = PRESETS["gin"]
    small, big = endless_hand(2_000), endless_hand(20_000)
    assert len(big) > 20_000 and isinstance(big[1], Discard) and isinstance(big[2], DrawDiscard)
    match = replay(rules, 2, 1, big, ("Ann", "Bo"))
    assert match.records and match.records[0].result.outcome == "void"
    # the same state as one action at a time, checked on the first 3,000
    step = new_match(rules, 2, 1, ("Ann", "Bo"))
    for action in big[:3000]:
        step, _ = apply(step, action)
    assert replay(rules, 2, 1, big[:3000], ("Ann", "Bo")) == step
    t_small = best_of(lambda: replay(rules, 2, 1, small, ("Ann", "Bo")))
    t_big = best_of(lambda: replay(rules, 2, 1, big, ("Ann", "Bo")))
    assert t_big < 25 * t_small, (t_small, t_big)  # 10x the moves: ~10x (was ~70x)
    assert t_big < 2.0
    store = SaveStore()
    store.save("long0001", match, SEATS)
    assert (saves_dir() / "long0001.json").stat().st_size > 200_000
    assert best_of(lambda: store.load("long0001"), 1) < 3.0
    text = export_record(match)
    small_text = export_record(replay(rules, 2, 1, small, ("Ann", "Bo")))
    t_import_small = best_of(lambda: import_record(small_text))
    t_import = best_of(lambda: import_record(text))
    assert t_import < 25 * t_import_small, (t_import_small, t_import)
    assert import_record(text) == match


# --- 8. escape sequences from files printed to a terminal -----------------------------

def test_8_nothing_from_a_file_reaches_the_terminal_unescaped(kr_home: Path,
                                                             tmp_path: Path) -> None:
    evil = "\x1b[2J\x1b]0;owned\x07\u202e"
    hostile_names_save("esc00001", [f"Ann{evil}", f"Bo{evil}"])
    data = save_to_dict("esc00002", gin_match(), SEATS, {})
    data["match"]["actions"].append([f"discard{evil}", evil])
    data["match"]["summary"] = {"scores": [evil]}
    write_save("esc00002", data)
    data = save_to_dict("esc00003", gin_match(), SEATS, {})
    data["seats"][0]["kind"] = evil
    write_save("esc00003", data)
    listed = run_cli("--list-saves", home=kr_home)
    resumed = run_cli("--resume", "esc00002", home=kr_home)
    record = tmp_path / f"rec{evil}.txt"
    record.write_text(export_record(gin_match()).replace('Options: {}',
                                                         f'Options: {{"{evil}": 1}}'))
    imported = run_cli("--import", str(record), home=kr_home)
    missing = run_cli("--import", str(tmp_path / f"gone{evil}.txt"), home=kr_home)
    for result in (listed, resumed, imported, missing):
        out = result.stdout + result.stderr
        assert "knockrummy" in out or "esc00001" in out, out
        assert not any(c in out for c in "\x1b\x07\u202e"), ascii(out)
    assert listed.returncode == 0 and "esc00001  Gin Rummy  Ann 0, Bo 0" in listed.stdout
    assert resumed.returncode == 2 and imported.returncode == 2 and missing.returncode == 2
    assert "\\x1b" in imported.stderr  # escaped, still there to read


# --- 9. a record edited in its score lines or options ---------------------------------

def finished_gin() -> MatchState:
    match = new_match(PRESETS["gin"], 2, seed=11, names=["Ann", "Bo"])
    while len(match.records) < 2:
        actions = legal_actions(match)
        match, _ = apply(match, next((a for a in actions if isinstance(a, Knock)),
                                     actions[0]))
    return match


@pytest.mark.parametrize("edit, where", [
    (lambda ls, i: ls.__setitem__(i["scores"], ls[i["scores"]].replace(" 0", " 9")), "score"),
    (lambda ls, i: ls.__setitem__(i["score"], ls[i["score"]] + " more"), "score"),
    (lambda ls, i: ls.insert(i["score"], "  = Bonus: Ann + 50"), "score"),
    (lambda ls, i: ls.__setitem__(2, 'Options: {"game_bonus": 500}'), "options"),
    (lambda ls, i: ls.__setitem__(2, 'Options: {"gin_bonus": 30}'), "options"),
    (lambda ls, i: ls.__setitem__(3, "Players: Ann, Eve"), "deal"),
    (lambda ls, i: ls.__delitem__(i["scores"]), "score"),
    (lambda ls, i: ls.__setitem__(-1, ls[-1][:-1] + "0"), "options"),
    (lambda ls, i: ls.__delitem__(-1), "Check"),
])
def test_9_any_edit_of_a_record_is_refused_with_its_line(
        kr_home: Path, edit: Callable[[list[str], dict[str, int]], None], where: str) -> None:
    text = export_record(finished_gin())
    assert import_record(text) == finished_gin()
    lines = text.splitlines()
    marks = {"scores": next(i for i, line in enumerate(lines) if "Scores:" in line),
             "score": next(i for i, line in enumerate(lines) if line.startswith("  = "))}
    edit(lines, marks)
    edited = "\n".join(lines) + "\n"
    assert edited != text
    with pytest.raises(SaveError, match=where) as caught:
        import_record(edited)
    if where != "Check":
        assert "line " in str(caught.value)
    # the same through the window's reader, and the command line
    path = kr_home / "edited.txt"
    kr_home.mkdir(parents=True, exist_ok=True)
    path.write_text(edited, encoding="utf-8")
    said = read_record(path)
    assert isinstance(said, str) and said.startswith("This record cannot be replayed")


@NO_FIFOS
def test_9_the_records_list_reads_only_regular_files_inside_the_folder(
        kr_home: Path, tmp_path: Path) -> None:
    folder = records_dir()
    folder.mkdir(parents=True)
    (folder / "ok.txt").write_text(export_record(gin_match()))
    os.mkfifo(folder / "pipe.txt")
    (tmp_path / "away.txt").write_text(export_record(gin_match()))
    (folder / "away.txt").symlink_to(tmp_path / "away.txt")
    records = in_thread(list_records)
    by_name = {r.name: r for r in records}
    assert set(by_name) == {"ok.txt", "away.txt"}
    assert by_name["ok.txt"].problem is None
    assert "link leading out" in str(by_name["away.txt"].problem)
    said = read_record(by_name["away.txt"].path)  # Open on it: refused too
    assert isinstance(said, str) and "link leading out" in said
    assert isinstance(read_record(tmp_path / "away.txt"), MatchState)  # named: anywhere


# --- 10. two copies of the game on one folder -----------------------------------------

HOLDER = textwrap.dedent("""
    import sys, time
    from knockrummy.app.autosave import Autosaver
    from knockrummy.storage import Seat
    saver = Autosaver(sys.argv[1], [Seat("Ann"), Seat("Bo", "computer", "easy")])
    print(saver.take_messages(), flush=True)
    time.sleep(float(sys.argv[2]))
    saver.close()
""")


def test_10_a_match_open_in_one_copy_is_refused_plainly_in_another(kr_home: Path) -> None:
    match = gin_match(6)
    SaveStore().save("open0001", match, SEATS)
    before = (saves_dir() / "open0001.json").read_bytes()
    env = {**os.environ, "KNOCKRUMMY_HOME": str(kr_home)}
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, "open0001", "30"], env=env,
                              cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "[]"
        store = SaveStore()
        assert store.in_use("open0001")
        [info] = store.list()
        assert info.open_elsewhere and "(open in another copy of the game)" in info.line()
        said = app_saves.load("open0001", store)
        assert isinstance(said, str) and "already open in another copy" in said
        viewed = app_saves.load("open0001", store, to_play=False)  # its history: fine
        assert not isinstance(viewed, str) and viewed.match == match
        with pytest.raises(OSError, match="open in another copy"):
            store.save("open0001", gin_match(8), SEATS)
        assert not store.delete("open0001") and "close it there first" in store.messages[-1]
        saver = Autosaver("open0001", SEATS)
        saver.record(gin_match(10))
        assert saver.wait(5.0)
        saver.close()
        assert saver.take_messages() == [IN_USE_MESSAGE]
        assert (saves_dir() / "open0001.json").read_bytes() == before  # nothing overwritten
        result = run_cli("--resume", "open0001", home=kr_home)
        assert result.returncode == 2 and "already open in another copy" in result.stderr
    finally:
        holder.kill()
        holder.wait()
    # the copy that had it is gone (killed): the lock went with it
    assert not SaveStore().in_use("open0001")
    resumed = app_saves.load("open0001")
    assert not isinstance(resumed, str) and resumed.match == match


COUNTER = textwrap.dedent("""
    import sys, time
    from knockrummy.engine import PRESETS, apply, legal_actions, new_match
    from knockrummy.storage import Seat, StatsStore, update_settings
    who, n, start = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
    seats = [Seat("Ann"), Seat("Bo", "computer", "easy")]
    match = new_match(PRESETS["knock"], 2, seed=1)
    while not match.hand.over:
        match, _ = apply(match, legal_actions(match)[-1])
    record = match.records[0]
    while time.time() < start:  # both copies begin together
        time.sleep(0.001)
    def bump(settings):
        settings.unknown[who] = settings.unknown.get(who, 0) + 1
    for i in range(n):
        StatsStore().record_hand(match, record, seats, match_id=f"{who}{i}")
        update_settings(bump)
""")


def test_10_two_copies_updating_statistics_and_settings_lose_nothing(kr_home: Path) -> None:
    env = {**os.environ, "KNOCKRUMMY_HOME": str(kr_home)}
    each = 150
    start = time.time() + 3.0
    copies = [subprocess.Popen([sys.executable, "-c", COUNTER, who, str(each), str(start)],
                               env=env, cwd=ROOT) for who in ("a", "b")]
    for copy in copies:
        assert copy.wait(timeout=300) == 0
    assert StatsStore().tally().hands_played == 2 * each  # was 254 of 300
    settings, notes = load_settings()
    assert settings.unknown == {"a": each, "b": each} and not notes  # was 253 of 300


# --- the policy's other promises -------------------------------------------------------

def test_size_caps_are_per_kind_and_said(kr_home: Path) -> None:
    kr_home.mkdir(parents=True)
    settings_path().write_text('{"volume": 0.5' + " " * policy.LIMITS["settings"] + "}")
    _, notes = load_settings()
    assert notes and "too large (over 1 MB)" in notes[0]
    big = kr_home / "big.txt"
    big.write_text("x" * (policy.LIMITS["record"] + 1))
    said = read_record(big)
    assert isinstance(said, str) and "too large (over 4 MB)" in said


def test_hostile_files_change_nothing_else_on_disk(kr_home: Path) -> None:
    SaveStore().save("keep0001", gin_match(), SEATS)
    (saves_dir() / "bad00001.json").write_text("{")
    before = tree(kr_home)
    SaveStore().list()
    after = tree(kr_home)
    moved = {k for k in after if k.startswith("damaged/")}
    assert {k for k in before if k not in after} == {"saves/bad00001.json"}
    assert {k for k in after if k not in before} == moved and len(moved) == 2
    assert all(after[k] == v for k, v in before.items() if k in after)


def test_match_to_dict_round_trip_keeps_clean_names(kr_home: Path) -> None:
    match = gin_match(names=("A\x00nn", "Bo\u202e"))
    assert match.names == ("Ann", "Bo")
    assert match_from_dict(match_to_dict(match)) == match


def test_10_two_real_games_resuming_one_save(kr_home: Path) -> None:
    """A double double-click: two game processes resume the same save. The second is
    told plainly and stops; the first plays on and every move it saved is in the file."""
    SaveStore().save("both0001", gin_match(4), SEATS)
    env = {**os.environ, "KNOCKRUMMY_HOME": str(kr_home), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy"}
    args = [sys.executable, "-m", "knockrummy", "--resume", "both0001", "--autoplay", "1",
            "--fast", "--trace", "--size", "960x600"]
    first = subprocess.Popen(args, env=env, cwd=ROOT, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
    assert first.stdout is not None
    line = first.stdout.readline()
    while line and not line.startswith("saved both0001"):  # its claim is held by now
        line = first.stdout.readline()
    second = subprocess.run(args, env=env, cwd=ROOT, capture_output=True, text=True,
                            timeout=120)
    rest, errors = first.communicate(timeout=300)
    assert first.returncode == 0, errors
    assert second.returncode == 2
    assert "already open in another copy of Knock Rummy" in second.stderr
    saved = [int(x.split()[2]) for x in (line + rest).splitlines() if x.startswith("saved ")]
    assert saved and max(saved) > 4
    final = SaveStore().load("both0001").match
    assert len(final.all_actions) == max(saved)  # the last save the first game made
