"""Hint and undo on the table, through the real scene loop.

- The hint shown is the ``hard`` player's choice in the same view (seeded per seat
  as the coach says), always legal, its reason in the status line; following it
  the way a player would (Enter on what it pointed at, the lit button's key, a drag
  onto the lit meld) plays exactly that move. Refused, in words, off your turn.
- Undo restores the previous state exactly (``MatchState`` equality), even with a
  computer decision in flight (never applied afterwards), keeps the hand's
  arrangement, saves the restored match, and is refused when the setting is off,
  in pass-and-play and for a stock draw. The undo mark reaches the statistics and
  survives a resume.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from knockrummy.ai import make_player
from knockrummy.app import saves
from knockrummy.app.computer import seat_seed
from knockrummy.app.controller import HUMAN
from knockrummy.coach import hint_level
from knockrummy.engine import (
    PRESETS,
    Action,
    Discard,
    DrawStock,
    MatchState,
    Phase,
    PlayerView,
    with_options,
)
from knockrummy.storage import SaveStore, StatsStore
from knockrummy.ui import matches
from knockrummy.ui.pilot import Pilot
from knockrummy.ui.screens.scores import ScoresScene
from knockrummy.ui.screens.showdown import ShowdownScene
from knockrummy.ui.screens.title import TitleScene
from knockrummy.ui.table.scene import TableScene
from tests.coach_ui_support import (
    FAST,
    bot_move,
    easy_bot,
    follow,
    hand_point,
    make_pilot,
    start,
    table,
    wait_turn,
)


@pytest.fixture
def pilot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Pilot]:
    yield from make_pilot(tmp_path, monkeypatch)


def ask_hint(p: Pilot, t: TableScene) -> None:
    p.key(pygame.K_h)
    # shown: worked out and taken up by the table (which points the keyboard at it)
    assert p.until(lambda: t.model.lit_hint is not None and t.model.lit_hint is t.coach.hint,
                   5_000), t.coach.status()


@pytest.mark.parametrize(("preset", "kinds", "seed"), [
    ("gin", (HUMAN, "computer"), 11),
    ("knock", (HUMAN, "computer", "computer"), 4),
    ("rummy", ("computer", HUMAN, "computer"), 7),
    ("gin-yimmaw", (HUMAN, "computer"), 3),
])
def test_hint_is_the_hard_choice_and_following_it_plays_it(
        pilot: Pilot, preset: str, kinds: tuple[str, ...], seed: int) -> None:
    c = start(pilot, PRESETS[preset], seed, kinds)
    me = kinds.index(HUMAN)
    applied: list[tuple[int, Action]] = []
    c.on_change = lambda m: applied.append((len(m.all_actions), m.all_actions[-1]))
    followed = set()
    for _ in range(80):
        top = wait_turn(pilot)
        if isinstance(top, ShowdownScene):
            if c.match.over:
                break
            top.skip()
            pilot.press("Next hand")
            continue
        t = top
        ask_hint(pilot, t)
        hint = t.coach.hint
        assert hint is not None
        view, legal = c.view(), c.legal()
        strong = make_player(hint_level(view.rules), seat_seed(c.match.seed, me)).choose(
            view, legal)
        assert hint.action in legal and hint.action == strong
        assert t.coach.status() == (f"Hint: {hint.reason}", True)
        assert hint.reason
        count = len(c.match.all_actions)
        follow(pilot, t, hint)
        assert (count + 1, hint.action) in applied, (hint, applied[-3:])
        followed.add(hint.kind)
        if c.hints.count >= 12 and c.match.records:
            break
    assert followed & {"draw_stock", "draw_discard"} and followed - {"draw_stock",
                                                                    "draw_discard"}, followed
    assert (c.hints.count >= 12 or c.match.over) and not c.errors


def test_hint_refused_off_your_turn(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # computers wait forever (pacing): the position stays put while we ask
    slow = replace(FAST, ai_pacing=10_000.0)
    for p in make_pilot(tmp_path, monkeypatch, slow):
        c = start(p, PRESETS["gin"], 5, ("computer", HUMAN))
        t = table(p)
        p.step(60)
        assert c.match.hand.current == 0 and not c.human_to_act
        p.key(pygame.K_h)
        assert t.model.message.text == "Hints are for your own turn: wait for Ann to play"
        assert not t.buttons["hint"].enabled
        assert t.buttons["hint"].reason == t.model.message.text
        assert t.coach.hint is None and c.hints.count == 0


class Held:
    """A computer player whose decisions wait while the test holds them."""

    def __init__(self, level: str, seed: int) -> None:
        self.inner = make_player(level, seed)
        self.release = threading.Event()
        self.release.set()
        self.calls = 0

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        self.calls += 1
        self.release.wait(30)
        return self.inner.choose(view, legal)


def draw_and_discard(p: Pilot, t: TableScene) -> tuple[MatchState, list[object]]:
    """Draw from the stock; return the match and hand order just before the discard,
    then drag the last discardable card to the pile."""
    c = t.controller
    held = len(t.view.hand)
    p.click(t.layout.stock.center)
    assert p.until(lambda: not t.director.active and len(t.view.hand) == held + 1)
    before, order = c.match, list(t.order.cards)
    card = next(x for x in reversed(t.order.cards)
                if any(isinstance(a, Discard) and a.card is x for a in t.model.legal))
    p.drag(hand_point(t, t.order.cards.index(card)), t.layout.discard.center)
    assert c.match.hand_actions[-1] == Discard(card) or c.match is not before
    return before, order


def first_play_turn(p: Pilot) -> TableScene:
    """The human's first turn with a draw (the Gin up-card offer passed)."""
    t = wait_turn(p)
    assert isinstance(t, TableScene)
    if t.view.phase is Phase.UPCARD_OFFER:
        p.press("Pass")
        t = wait_turn(p)
        assert isinstance(t, TableScene)
    assert t.view.phase is Phase.DRAW
    return t


def test_undo_cancels_a_decision_in_flight_and_restores_exactly(pilot: Pilot) -> None:
    c = start(pilot, PRESETS["gin"], 21, (HUMAN, "computer"), level="hard")
    held = Held("hard", seat_seed(21, 1))
    c.computers[1] = held
    t = first_play_turn(pilot)
    held.release.clear()  # the computer's next decision waits
    t.order.set_mode("rank", t.view.rules.ace_high)  # an arrangement to get back
    before, order = draw_and_discard(pilot, t)
    assert pilot.until(lambda: c.deciding, 5_000)  # the computer is thinking now
    assert t.buttons["undo"].visible and t.buttons["undo"].enabled
    pilot.key(pygame.K_z, pygame.KMOD_CTRL)
    assert c.match == before and not c.deciding and not c.steps
    assert t.view == c.view() and t.order.cards == order
    assert t.model.message.text == "Took back your move"
    assert c.undo_tracker.count == 1
    held.release.set()  # the abandoned decision finishes: it must never be applied
    pilot.step(30)
    assert c.match == before and c.human_to_act
    # the restored match is what the save holds, with the undo counted
    assert pilot.app.session is not None and pilot.app.session.autosaver.wait(10)
    loaded = SaveStore().load(pilot.app.session.save_id)
    assert loaded.match == before
    assert saves.coach_from_extra(loaded.extra).undo_count == 1
    # the draw before it came from the stock: that cannot be taken back
    assert isinstance(c.match.hand_actions[-1], DrawStock)
    assert not t.buttons["undo"].enabled
    pilot.key(pygame.K_z, pygame.KMOD_CTRL)
    assert t.model.message.text.startswith("You have seen the card you drew")
    assert c.match == before and c.undo_tracker.count == 1


def test_undo_after_the_computers_played(pilot: Pilot) -> None:
    c = start(pilot, PRESETS["gin-multi"], 8, (HUMAN, "computer", "computer"))
    t = first_play_turn(pilot)
    before, order = draw_and_discard(pilot, t)
    top = wait_turn(pilot)  # both computers play, then it is our turn again
    assert isinstance(top, TableScene)
    moved = len(c.match.hand_actions) - len(before.hand_actions)
    assert moved >= 5  # our discard and two computer turns
    pilot.press("Undo")
    assert c.match == before and t.view == c.view() and t.order.cards == order
    assert t.model.message.text == f"Took back your move and {moved - 1} moves after it"


def test_undo_refused_when_off_and_in_pass_and_play(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    off = replace(FAST, allow_undo=False)
    for p in make_pilot(tmp_path / "off", monkeypatch, off):
        c = start(p, PRESETS["gin"], 21, (HUMAN, "computer"))
        t = wait_turn(p)
        assert isinstance(t, TableScene)
        if t.view.phase is Phase.UPCARD_OFFER:
            p.press("Pass")
            t = wait_turn(p)
            assert isinstance(t, TableScene)
        draw_and_discard(p, t)
        assert not t.buttons["undo"].visible
        match = c.match
        p.key(pygame.K_z, pygame.KMOD_CTRL)
        assert t.model.message.text == "Undo is off (turn it on in the settings)"
        assert c.match is match and c.undo_tracker.count == 0
    for p in make_pilot(tmp_path / "shared", monkeypatch, FAST):
        c = start(p, PRESETS["knock"], 3, (HUMAN, HUMAN, "computer"))
        t = wait_turn(p)
        assert isinstance(t, TableScene)
        draw_and_discard(p, t)
        assert not t.buttons["undo"].visible
        match = c.match
        p.key(pygame.K_z, pygame.KMOD_CTRL)
        assert t.model.message.text == "There is no undo in a pass-and-play game"
        assert c.match is match and c.undo_tracker.count == 0


def past_showdown(p: Pilot, top: ShowdownScene) -> bool:
    """Skip the showdown's animation and press on: to the final scores (True) when the
    match is over, else to the next hand."""
    top.skip()
    if top.controller.match.over:
        p.press("Final scores")
        assert isinstance(p.top, ScoresScene) and p.top.final
        return True
    p.press("Next hand")
    return False


def finish_match(p: Pilot) -> None:
    """Play the human seat with a computer's choices to the final scores."""
    bot = easy_bot()
    while True:
        top = wait_turn(p)
        if isinstance(top, ShowdownScene):
            if past_showdown(p, top):
                return
            continue
        bot_move(top, bot)


def test_undo_mark_survives_a_resume_and_reaches_the_statistics(pilot: Pilot) -> None:
    rules = with_options(PRESETS["knock"], deals_per_player=1)
    c = start(pilot, rules, 8, (HUMAN, "computer"))
    held = Held("medium", seat_seed(8, 1))
    c.computers[1] = held
    t = first_play_turn(pilot)
    held.release.clear()  # so the computer cannot end the hand before we take it back
    before, _ = draw_and_discard(pilot, t)
    pilot.press("Undo")
    held.release.set()
    assert c.match == before and c.undo_tracker.count == 1
    pilot.key(pygame.K_ESCAPE)
    pilot.press("Leave to title")
    assert isinstance(pilot.top, TitleScene)
    pilot.press("Continue")
    c = table(pilot).controller
    assert c.undo_tracker.count == 1 and c.undo_tracker.used
    assert c.match.all_actions[: len(before.all_actions)] == before.all_actions
    finish_match(pilot)
    assert pilot.app.session is not None and pilot.app.session.autosaver.wait(10)
    pilot.step(5)
    stats = StatsStore()
    assert [r.undo_used for r in stats.history()] == [True]
    assert stats.tally().matches_with_undo == 1
    scores = pilot.top
    assert isinstance(scores, ScoresScene)
    assert "1 move taken back (marked in your statistics)" in scores._marks_line()
    # and a match without an undo is not marked
    pilot.press("New game")
    pilot.press("Start")
    finish_match(pilot)
    assert pilot.app.session is not None and pilot.app.session.autosaver.wait(10)
    assert [r.undo_used for r in StatsStore().history()] == [True, False]
    matches.close_game(pilot.app)


def test_the_final_scores_say_who_asked_the_hints_at_a_shared_screen(pilot: Pilot) -> None:
    """Two people sharing the screen read "Coach: 30 hints asked", every hint of both
    counted together. The final scores now say who asked them, and the counts survive
    leaving the game and continuing it."""
    rules = with_options(PRESETS["knock"], deals_per_player=1)
    c = start(pilot, rules, 3, (HUMAN, HUMAN, "computer"))
    wanted = {0: 2, 1: 1}  # Ann asks on her first two turns, Bob on his first
    asked = {0: 0, 1: 0}
    bot = easy_bot()
    resumed = False
    while True:
        top = wait_turn(pilot)
        if isinstance(top, ShowdownScene):
            if past_showdown(pilot, top):
                break
            continue
        seat = top.controller.viewer
        if asked[seat] < wanted[seat] and top.view.phase is Phase.DRAW:
            pilot.key(pygame.K_h)
            pilot.key(pygame.K_h)  # twice, out of habit: the same position is one hint
            assert pilot.until(lambda t=top: t.model.lit_hint is not None
                               and t.model.lit_hint is t.coach.hint, 5_000)
            asked[seat] += 1
            if seat == 1 and not resumed:  # Bob leaves, and the game is continued
                pilot.key(pygame.K_ESCAPE)
                pilot.press("Leave to title")
                assert isinstance(pilot.top, TitleScene)
                pilot.press("Continue")
                resumed = True
                assert pilot.app.session is not None  # the hand-off comes first
                c = pilot.app.session.controller
                kept = {s: n for s, n in c.hints.by_seat.items() if n}
                assert kept == {s: n for s, n in asked.items() if n} and 1 in kept
                continue
        bot_move(top, bot)
    assert resumed and asked == wanted
    scores = pilot.top
    assert isinstance(scores, ScoresScene) and scores.final
    assert scores._marks_line() == "Coach: Ann asked 2 hints and Bob asked 1 hint"
