"""Match history through the real scene loop: replays, reviews, export and import.

- Every hand of a saved match, replayed on the replay screen (stepped with the
  Right key, the table's animations running), ends on the hand's recorded result
  and the match's running scores; End and Home jump; the last hand's totals are the
  match's.
- The review opens from the showdown and from the history (scores screen: pick a
  hand), says what ``review_match_hand`` says with the hint's seed, and its Show
  button opens the replay just before that decision.
- In pass-and-play a hand is reviewed only between hands, each human their own.
- A match exported from its history imports (Match records on the title) to the
  same match; an edited record is refused with the engine's reason; ``--import``
  works as a process and refuses a damaged file with exit code 2.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from knockrummy.ai import make_player
from knockrummy.app.computer import seat_seed
from knockrummy.app.controller import HUMAN
from knockrummy.coach import hint_level, review_match_hand
from knockrummy.engine import (
    PRESETS,
    MatchState,
    apply,
    legal_actions,
    new_match,
    observe,
    with_options,
)
from knockrummy.engine.record import export_record
from knockrummy.storage import SaveStore, Seat, records_dir
from knockrummy.ui.gfx import ACCENT
from knockrummy.ui.pilot import Pilot
from knockrummy.ui.replay.scene import ReplayScene
from knockrummy.ui.screens.notice import NoticeScene
from knockrummy.ui.screens.records import RecordsScene
from knockrummy.ui.screens.review import ReviewScene
from knockrummy.ui.screens.saved import SavedGamesScene
from knockrummy.ui.screens.scores import ScoresScene
from knockrummy.ui.screens.showdown import MARKS, ShowdownScene
from knockrummy.ui.screens.title import TitleScene
from knockrummy.ui.table.scene import TableScene
from tests.coach_ui_support import bot_move, easy_bot, make_pilot, start, wait_turn


@pytest.fixture
def pilot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Pilot]:
    yield from make_pilot(tmp_path, monkeypatch)


def played_match(preset: str, players: int, seed: int, target: int | None = None) -> MatchState:
    """A finished match between computers (medium, and easy in seat 0)."""
    rules = PRESETS[preset] if target is None else with_options(PRESETS[preset],
                                                                target_score=target)
    match = new_match(rules, players, seed, ["Ann", "Bob", "Cleo", "Dev"][:players])
    bots = [make_player("easy" if s == 0 else "medium", s) for s in range(players)]
    while not match.over:
        if match.hand.over:
            match, _ = apply(match, legal_actions(match)[0])
            continue
        seat = match.hand.current
        match, _ = apply(match, bots[seat].choose(observe(match, seat), legal_actions(match)))
    return match


def open_history(p: Pilot, match: MatchState, seats: list[Seat]) -> ScoresScene:
    """Save ``match``, then Title -> Saved games -> History."""
    SaveStore().save("a1b2c3d4", match, seats)
    p.app.reset(TitleScene(p.app))
    p.press("Saved games")
    assert isinstance(p.top, SavedGamesScene)
    p.press("History")
    scores = p.top
    assert isinstance(scores, ScoresScene) and scores.history.match == match
    return scores


@pytest.mark.parametrize(("preset", "players", "seed", "target"), [
    ("gin", 2, 5, 60), ("rummy", 3, 2, None), ("knock", 3, 9, None)])
def test_every_hand_of_a_saved_match_replays_to_its_scores(
        pilot: Pilot, preset: str, players: int, seed: int, target: int | None) -> None:
    match = played_match(preset, players, seed, target)
    assert len(match.records) >= 2
    seats = [Seat("Ann")] + [Seat(n, "computer", "medium") for n in match.names[1:]]
    scores = open_history(pilot, match, seats)
    running = [0] * players
    for record in match.records:
        row = dict(scores.row_rects).get(record.number)
        if row is None:  # scrolled away: pick it with the keys
            while scores.picked < record.number:
                pilot.key(pygame.K_DOWN)
            row = dict(scores.row_rects)[record.number]
        pilot.click(row.center)
        assert scores.picked == record.number
        pilot.press("Replay")
        replay = pilot.top
        assert isinstance(replay, ReplayScene) and replay.index == 0
        assert replay.frame.scores == tuple(running)
        steps = 0
        while not replay.cursor.at_end:
            pilot.key(pygame.K_RIGHT)
            steps += 1
        assert steps == len(record.actions)
        running = [a + b for a, b in zip(running, record.result.points, strict=True)]
        assert replay.frame.step.state.result == record.result
        assert replay.frame.scores == tuple(running)
        assert "Hand over" in replay.captions[-1]
        pilot.key(pygame.K_HOME)
        assert replay.index == 0
        pilot.key(pygame.K_END)
        assert replay.frame.scores == tuple(running)
        pilot.key(pygame.K_ESCAPE)
        assert pilot.top is scores
    assert tuple(running) == match.scores


def test_replay_plays_by_itself(pilot: Pilot) -> None:
    match = played_match("gin", 2, 5, 30)
    scores = open_history(pilot, match, [Seat("Ann"), Seat("Bob", "computer", "medium")])
    pilot.press("Replay")
    replay = pilot.top
    assert isinstance(replay, ReplayScene)
    pilot.key(pygame.K_SPACE)
    assert replay.playing and replay.buttons[1].label == "Pause"
    assert pilot.until(lambda: replay.cursor.at_end and not replay.playing, 50_000)
    assert replay.frame.step.state.result == match.records[scores.picked].result


def test_review_from_the_showdown_and_from_the_history(pilot: Pilot) -> None:
    c = start(pilot, PRESETS["gin"], 11, (HUMAN, "computer"))
    bot = easy_bot()
    while True:
        top = wait_turn(pilot)
        if isinstance(top, ShowdownScene):
            break
        bot_move(top, bot)
    assert top.points_colour(14) == ACCENT  # points won, in gold
    top.skip()
    pilot.press("Review")
    review = pilot.top
    assert isinstance(review, ReviewScene)
    assert pilot.until(lambda: review.review is not None, 10_000)
    number = c.match.records[-1].number
    expected = review_match_hand(c.match, number, 0, seat_seed(c.match.seed, 0))
    assert review.review == expected
    assert any(expected.verdict.startswith(text) for text, _, _ in review.head_lines)
    said = " ".join(text for text, _, _ in review.head_lines)
    assert expected.level == hint_level(c.match.rules) == "expert"  # the review names its level
    assert "The strong player is the computer at level Expert" in said, said
    assert expected.decisions, "the easy player should differ somewhere"
    first = review.decision_rows[0]
    assert first.show.visible
    pilot.click(first.show.rect.center)
    replay = pilot.top
    assert isinstance(replay, ReplayScene)
    assert replay.index == first.decision.step - 1 and replay.decision is first.decision
    assert replay.bottom == 0
    pilot.key(pygame.K_RIGHT)  # the move that was made
    assert replay.frame.step.action == first.decision.made
    pilot.key(pygame.K_ESCAPE)
    pilot.key(pygame.K_ESCAPE)
    assert isinstance(pilot.top, ShowdownScene)
    pilot.press("Scores")
    scores = pilot.top
    assert isinstance(scores, ScoresScene) and scores.picked == number
    pilot.press("Review")
    again = pilot.top
    assert isinstance(again, ReviewScene)
    assert pilot.until(lambda: again.review is not None, 10_000)
    assert again.review == expected


def test_penalty_game_review_and_hint_name_the_same_level(pilot: Pilot) -> None:
    """A first-time player in Gin for 3-4 read "Alice scores +14 for it" where points are
    penalties, and a Hint tooltip promising "the strongest computer level" while the
    review named Hard. Both now say the penalty and name the hints' level."""
    c = start(pilot, PRESETS["gin-multi"], 4, (HUMAN, "computer", "computer"))
    bot = easy_bot()
    tip = ""
    while True:
        top = wait_turn(pilot)
        if isinstance(top, ShowdownScene):
            break
        if not tip:
            hint = top.buttons["hint"]
            pilot.move(hint.rect.center)
            pilot.step(3)
            tip = hint.tooltip
        bot_move(top, bot)
    assert hint_level(c.match.rules) == "hard"
    assert "level Hard" in tip and "strongest" not in tip, tip
    assert top.points_colour(14) == MARKS["dead"] != top.points_colour(0)  # penalties
    pilot.press("Review")
    review = pilot.top
    assert isinstance(review, ReviewScene)
    assert pilot.until(lambda: review.review is not None, 10_000)
    said = " ".join(text for text, _, _ in review.head_lines)
    assert "The strong player is the computer at level Hard" in said, said
    assert "penalty point" in said and " score +" not in said, said


def test_pass_and_play_reviews_only_between_hands(pilot: Pilot) -> None:
    rules = with_options(PRESETS["knock"], deals_per_player=2)
    c = start(pilot, rules, 3, (HUMAN, HUMAN, "computer"))
    bot = easy_bot()
    while True:
        top = wait_turn(pilot)
        if isinstance(top, ShowdownScene):
            break
        bot_move(top, bot)
    top.skip()
    pilot.press("Review")
    review = pilot.top
    assert isinstance(review, ReviewScene) and review.whose.values == [0, 1]
    assert pilot.until(lambda: review.review is not None, 10_000)
    first = review.seat
    shows_before = [r.show for r in review.decision_rows]
    assert shows_before, "the easy player should differ somewhere"
    pilot.click(review.whose.rect.center)  # the other human's own hand
    assert review.seat != first
    assert pilot.until(lambda: review.review is not None, 10_000)
    assert review.review is not None and review.review.seat == review.seat
    # the first review's Show buttons went with its rows (they stayed, at the bottom)
    assert not any(b in review.buttons for b in shows_before)
    assert [b for b in review.buttons if b.label == "Show"] == \
        [r.show for r in review.decision_rows]
    pilot.key(pygame.K_ESCAPE)
    pilot.press("Next hand")
    top = wait_turn(pilot)
    assert isinstance(top, TableScene) and not c.match.hand.over
    pilot.key(pygame.K_ESCAPE)
    pilot.press("Scores")
    scores = pilot.top
    assert isinstance(scores, ScoresScene)
    assert not scores.review_button.enabled
    assert scores.review_button.reason == \
        "In pass-and-play, hands are reviewed between hands, not during one"
    pilot.key(pygame.K_v)
    assert isinstance(pilot.top, NoticeScene)  # says why, opens nothing
    pilot.key(pygame.K_RETURN)
    assert pilot.top is scores
    assert scores.replay_button.enabled  # finished hands may still be watched


def test_export_then_import_gives_the_same_match(pilot: Pilot) -> None:
    match = played_match("gin", 2, 5, 60)
    scores = open_history(pilot, match, [Seat("Ann"), Seat("Bob", "computer", "medium")])
    pilot.press("Export")
    notice = pilot.top
    assert isinstance(notice, NoticeScene)
    files = list(records_dir().glob("*.txt"))
    assert len(files) == 1 and "a1b2c3d4" in files[0].name
    assert str(files[0]) in " ".join(notice.lines)
    pilot.key(pygame.K_RETURN)
    assert pilot.top is scores
    pilot.app.reset(TitleScene(pilot.app))
    pilot.press("Match records")
    records = pilot.top
    assert isinstance(records, RecordsScene) and len(records.records) == 1
    assert records.records[0].game == "Gin Rummy" and records.records[0].finished
    pilot.press("Open")
    imported = pilot.top
    assert isinstance(imported, ScoresScene)
    assert imported.history.match == match
    assert imported.history.reviewers == (0, 1)  # a record does not say who was human
    assert not imported.export_button.visible
    pilot.press("Review")
    assert isinstance(pilot.top, ReviewScene)


def test_an_edited_record_is_refused_in_words(pilot: Pilot) -> None:
    match = played_match("gin", 2, 5, 30)
    text = export_record(match)
    deal = next(line for line in text.splitlines() if line.strip().startswith("Deal Ann"))
    head, cards = deal.split(": ")
    first, second, *rest = cards.split()
    edited = text.replace(deal, f"{head}: {' '.join([second, first, *rest])}")  # swapped
    assert edited != text
    folder = records_dir()
    folder.mkdir(parents=True)
    (folder / "edited.txt").write_text(edited, encoding="utf-8")
    pilot.press("Match records")
    records = pilot.top
    assert isinstance(records, RecordsScene)
    pilot.press("Open")
    assert pilot.top is records
    assert records.messages and "the deal does not match the record's seed" in \
        records.messages[0]
    assert records.messages[0].startswith("edited.txt: This record cannot be replayed")


def run(*args: str, home: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "KNOCKRUMMY_HOME": str(home), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run([sys.executable, "-m", "knockrummy", *args], env=env,
                          capture_output=True, text=True, timeout=300)


def test_import_flag_as_a_process(tmp_path: Path) -> None:
    good = tmp_path / "good.txt"
    good.write_text(export_record(played_match("gin", 2, 5, 30)), encoding="utf-8")
    result = run("--import", str(good), "--smoke", home=tmp_path)
    assert result.returncode == 0, result.stderr
    bad = tmp_path / "bad.txt"
    bad.write_text(good.read_text().replace("Seed: ", "Seed: 1"), encoding="utf-8")
    result = run("--import", str(bad), home=tmp_path)
    assert result.returncode == 2
    assert "cannot import" in result.stderr and "does not match the record's seed" in \
        result.stderr


def test_a_name_with_a_comma_or_colon_survives_a_record(pilot: Pilot) -> None:
    """A record lists the players by commas and each move as ``who: move``: names that
    hold either are typed as they are and still export and import."""
    from knockrummy.engine import PRESETS, apply, legal_actions, new_match
    from knockrummy.engine.record import export_record, import_record
    from knockrummy.ui.screens.newgame import NewGameScene
    pilot.press("New game")
    scene = pilot.top
    assert isinstance(scene, NewGameScene)
    field = scene.seats[0].name
    pilot.click(field.rect.center)
    assert field.active
    pilot.post(pygame.TEXTINPUT, text="Smith, J: 2")
    pilot.step()
    assert field.text == "Smith, J: 2"
    match = new_match(PRESETS["gin"], 2, seed=5, names=[field.text, "Bo"])
    for _ in range(12):
        match, _ = apply(match, legal_actions(match)[0])
    assert import_record(export_record(match)) == match


def test_the_chart_shows_every_line_and_marks_the_hand_in_no_players_colour(
        pilot: Pilot) -> None:
    """A helper saw a gold line down the chart's right edge (the picked hand's mark, in
    the first player's gold) and found their own line of zeros hidden under another
    player's: the mark is in no player's colour, and lines that run together each show
    (the one under is wider)."""
    from knockrummy.ui.gfx import TEXT_DIM
    from knockrummy.ui.screens.scores import SEAT_COLORS
    match = played_match("rummy", 3, 2)
    seats = [Seat("Ann")] + [Seat(n, "computer", "medium") for n in match.names[1:]]
    scores = open_history(pilot, match, seats)
    pilot.app.dirty = True
    pilot.step()
    scores.draw(pilot.app.screen)
    plot = scores.chart_plot
    assert plot is not None
    screen = pilot.app.screen
    hands = len(match.records)
    x = plot.left + plot.width * (scores.picked + 1) // hands
    colours = {tuple(screen.get_at((x, y)))[:3] for y in range(plot.top + 2, plot.bottom - 2)}
    assert tuple(TEXT_DIM)[:3] in colours
    # two players level after the first hand: both colours show along their shared
    # first segment
    firsts = list(match.records[0].result.points)
    same = [(a, b) for a in range(match.players) for b in range(a + 1, match.players)
            if firsts[a] == firsts[b]]
    assert same, "no two players level after the first hand (pick another match)"
    a, b = same[0]
    x0, x1 = plot.left, plot.left + plot.width // hands
    seen = set()
    for xx in range(x0 + 4, x1 - 4, 3):
        for yy in range(plot.top, plot.bottom + 1):
            seen.add(tuple(screen.get_at((xx, yy)))[:3])
    assert tuple(SEAT_COLORS[a])[:3] in seen and tuple(SEAT_COLORS[b])[:3] in seen
