"""Issue 14 through the real scene loop: the title, Saved games and Match records with
hostile files in the folder, and a match open in another copy of the game, driven the
way a person does (the pointer moves before it clicks, Enter out of habit)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from knockrummy.app.prefs import Prefs
from knockrummy.engine import PRESETS, apply, legal_actions, new_match
from knockrummy.engine.record import export_record
from knockrummy.storage import SaveStore, Seat, records_dir, saves_dir
from knockrummy.storage.savefile import save_to_dict
from knockrummy.ui import matches
from knockrummy.ui.app import App
from knockrummy.ui.pilot import Pilot
from knockrummy.ui.screens.notice import NoticeScene
from knockrummy.ui.screens.records import RecordsScene
from knockrummy.ui.screens.saved import SavedGamesScene
from knockrummy.ui.screens.scores import ScoresScene
from knockrummy.ui.screens.title import TitleScene
from knockrummy.ui.table.scene import TableScene

ROOT = Path(__file__).resolve().parent.parent
SEATS = [Seat("Ann"), Seat("Bo", "computer", "easy")]


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("KNOCKRUMMY_HOME", str(tmp_path))
    return tmp_path


def open_app() -> Pilot:
    app = App((1280, 720), Prefs(animation_speed=4.0, ai_pacing=0.0), save_prefs=False)
    app.fixed_dt = 1 / 60
    app.reset(TitleScene(app))
    return Pilot(app)


@pytest.fixture
def close() -> Iterator[list[Pilot]]:
    pilots: list[Pilot] = []
    yield pilots
    for pilot in pilots:
        matches.close_game(pilot.app)
    pygame.quit()


def hover_click(pilot: Pilot, pos: tuple[int, int], double: bool = False) -> None:
    pilot.move(pos)
    pilot.click(pos)
    if double:
        pilot.click(pos)


def gin(actions: int = 8) -> object:
    match = new_match(PRESETS["gin"], 2, seed=3, names=["Ann", "Bo"])
    for _ in range(actions):
        match, _ = apply(match, legal_actions(match)[0])
    return match


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_title_saved_games_and_records_with_hostile_files(
        home: Path, close: list[Pilot]) -> None:
    folder = saves_dir()
    folder.mkdir(parents=True)
    data = save_to_dict("nul00001", gin(), SEATS, {})  # type: ignore[arg-type]
    data["seats"][0]["name"] = data["match"]["names"][0] = "Ann\x00\u202e"
    data["match"]["names"][1] = data["seats"][1]["name"] = "\ud800Bo\x1b[31m"
    (folder / "nul00001.json").write_text(json.dumps(data))
    os.mkfifo(folder / "fifo0001.json")
    (folder / "zero0001.json").symlink_to("/dev/zero")
    records_dir().mkdir()
    (records_dir() / "ann.txt").write_text(
        export_record(gin(20)).replace("Ann", "Ann\x00"), encoding="utf-8")  # type: ignore[arg-type]
    os.mkfifo(records_dir() / "pipe.txt")
    pilot = open_app()
    close.append(pilot)
    pilot.step(3)
    notice = pilot.top  # the pipe and the link, said once in words over the title
    assert isinstance(notice, NoticeScene)
    said = " ".join(notice.lines)
    assert "fifo0001" in said and "zero0001" in said and "not a regular file" in said
    pilot.press("OK")
    pilot.press("Saved games")
    scene = pilot.top
    assert isinstance(scene, SavedGamesScene)
    assert [info.id for info in scene.infos] == ["nul00001"]
    assert scene.row_texts[0].players == "Ann and Bo (easy)"
    row = scene.row_rects[0][1]
    hover_click(pilot, row.center, double=True)  # a double click resumes
    table = pilot.top
    assert isinstance(table, TableScene) and pilot.app.session is not None \
        and pilot.app.session.save_id == "nul00001"
    assert table.controller.match.names == ("Ann", "Bo")
    matches.to_title(pilot.app)
    pilot.step(2)
    pilot.press("Match records")
    records = pilot.top
    assert isinstance(records, RecordsScene)
    assert [r.name for r in records.records] == ["ann.txt"]  # the pipe is not a record
    pilot.key(pygame.K_RETURN)  # Enter opens the picked record
    opened = pilot.top
    assert isinstance(opened, ScoresScene), getattr(records, "messages", None)
    assert opened.history.match.names == ("Ann", "Bo")


HOLDER = textwrap.dedent("""
    import sys, time
    from knockrummy.app.autosave import Autosaver
    from knockrummy.storage import Seat
    saver = Autosaver(sys.argv[1], [Seat("Ann"), Seat("Bo", "computer", "easy")])
    print("holding", flush=True)
    time.sleep(60)
""")


def test_a_match_open_in_another_copy_is_said_plainly(home: Path, close: list[Pilot]) -> None:
    store = SaveStore()
    store.save("open0001", gin(), SEATS)  # type: ignore[arg-type]
    store.save("free0002", gin(4), SEATS)  # type: ignore[arg-type]
    before = (saves_dir() / "open0001.json").read_bytes()
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, "open0001"], cwd=ROOT,
                              env={**os.environ, "KNOCKRUMMY_HOME": str(home)},
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "holding"
        pilot = open_app()
        close.append(pilot)
        pilot.step(2)
        pilot.press("Saved games")
        scene = pilot.top
        assert isinstance(scene, SavedGamesScene)
        index = [info.id for info in scene.infos].index("open0001")
        assert scene.row_texts[index].state == "hand 1, open in another copy"
        hover_click(pilot, scene.row_rects[index][1].center)
        pilot.key(pygame.K_RETURN)  # Enter resumes the picked game ...
        assert pilot.top is scene  # ... which is refused, in words
        assert any("already open in another copy of Knock Rummy" in m for m in scene.messages)
        assert pilot.app.session is None
        pygame.image.save(pilot.app.screen, str(home / "saved-open-elsewhere.png"))
        index = [info.id for info in scene.infos].index("free0002")
        hover_click(pilot, scene.row_rects[index][1].center, double=True)
        assert isinstance(pilot.top, TableScene) and pilot.app.session is not None \
            and pilot.app.session.save_id == "free0002"
        assert (saves_dir() / "open0001.json").read_bytes() == before
    finally:
        holder.kill()
        holder.wait()
