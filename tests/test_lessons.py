"""Learn to play, the pure layer: each lesson followed to its end through the real
engine, every anticipated wrong move refused with its words and nothing changed, the
scripted opponent legal, the time under three minutes, and nothing stored."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from knockrummy.app.lessons import (
    LESSONS,
    Accepted,
    Arrange,
    Do,
    LessonRun,
    Next,
    Noted,
    Refused,
    finished,
    lesson,
    lesson_seconds,
)
from knockrummy.app.lessons.deal import prepared_hand
from knockrummy.app.lessons.runner import ALREADY, GENERAL, YOU
from knockrummy.app.lessons.script import ScriptedPlayer
from knockrummy.app.lessons.steps import Lesson, Place, same_move
from knockrummy.app.lessons.timing import TARGET_SECONDS, estimate, step_seconds
from knockrummy.engine import (
    DECK,
    Action,
    Card,
    Discard,
    DrawDiscard,
    DrawStock,
    FinishLayoffs,
    Knock,
    LayOff,
    MeldCards,
    Phase,
    apply,
    best_arrangement,
    legal_actions,
    observe,
    preset,
)
from knockrummy.engine.flow import deal
from knockrummy.words.refusals import refusal
from tests.imports import graph
from tests.test_words_engine import player_english

KEYS = list(LESSONS)
#: how each lesson's hand ends: outcome, the player's points, counts (you, Ada)
ENDS = {"knock": ("knock", 16, (6, 22)), "gin": ("undercut", 29, (3, 7)),
        "rummy": ("out", 39, (0, 39))}


def do_step(run: LessonRun) -> Accepted | Refused | Noted:
    """Do exactly what the current step asks, then let the opponent move."""
    wait = run.step.wait
    if isinstance(wait, Do):
        outcome: Accepted | Refused | Noted = run.attempt(wait.action)
    elif isinstance(wait, Arrange):
        rest = tuple(c for c in run.order if c not in wait.cards)
        outcome = run.arranged(rest[:2] + wait.cards + rest[2:])
    else:
        outcome = run.next()
    run.play_opponent_turns()
    return outcome


def follow(run: LessonRun) -> None:
    while not run.done:
        assert isinstance(do_step(run), Accepted), run.text


@pytest.mark.parametrize("key", KEYS)
def test_each_lesson_is_completed_by_doing_what_its_steps_ask(key: str) -> None:
    run = LessonRun(lesson(key))
    assert run.ending() is None
    seen = []
    while not run.done:
        assert not run.opponent_to_move
        text = run.text
        assert "{" not in text and "}" not in text, text
        seen.append(text)
        assert isinstance(do_step(run), Accepted), text
    assert len(seen) == len(run.lesson.steps)
    hand = run.match.hand
    assert hand.over and hand.result is not None
    outcome, points, counts = ENDS[key]
    assert (hand.result.outcome, hand.result.points[YOU], hand.result.counts) == (
        outcome, points, counts)
    ending = run.ending()
    assert ending is not None
    assert ending.headline == f"You won the hand: {points} points."
    assert ending.lines == tuple(player_english(n, run.match.names)
                                 for n in hand.result.notes) and ending.terms
    assert ending.offer.preset == key and ending.offer.seats[0].kind == "human"
    assert all(s.kind == "computer" and s.level == "easy" for s in ending.offer.seats[1:])
    preset(ending.offer.preset).check_players(len(ending.offer.seats))
    # the figures of the showdown steps are the engine's
    assert any(f" {points} points" in t for t in seen)
    # after the end, nothing more is done
    assert isinstance(run.next(), Refused)
    assert isinstance(run.attempt(DrawStock()), Refused)


@pytest.mark.parametrize("key", KEYS)
def test_every_anticipated_wrong_move_is_refused_with_its_words_and_changes_nothing(
        key: str) -> None:
    run = LessonRun(lesson(key))
    tried = 0
    while not run.done:
        for wrong in run.step.wrongs:
            for action in wrong.actions:
                before = (run.match, run.order, run.index, list(run.moves))
                outcome = run.attempt(action)
                assert outcome == Refused(wrong.text), (run.text, action)
                assert (run.match, run.order, run.index, run.moves) == before
                tried += 1
        do_step(run)
    assert tried >= 10
    assert run.match.hand.over


@pytest.mark.parametrize("key", KEYS)
def test_any_other_move_is_refused_kindly_and_changes_nothing(key: str) -> None:
    run = LessonRun(lesson(key))
    while not run.done:
        step = run.step
        anticipated = [a for w in step.wrongs for a in w.actions]
        others: list[Action] = [a for a in legal_actions(run.match)
                                if not (isinstance(step.wait, Do)
                                        and same_move(a, step.wait.action))
                                and not any(same_move(a, w) for w in anticipated)]
        # and one the engine refuses: a card that is not in the hand
        stranger = next(c for c in DECK if c not in run.match.hand.hands[YOU])
        others.append(Discard(stranger))
        for action in others:
            before = (run.match, run.order, run.index)
            reason = refusal(run.match, action)
            outcome = run.attempt(action)
            if reason is None and isinstance(outcome, Refused) \
                    and outcome.reason.startswith("That would break your "):
                assert isinstance(action, Discard | Knock)
                melds = best_arrangement(run.match.hand.hands[YOU])
                assert any(action.card in m for m in melds)
                assert outcome.reason.endswith(step.ask)
            elif reason is None:
                assert outcome == Refused(f"{GENERAL} {step.ask}"), action
            else:
                assert outcome == Refused(f"{reason}. {step.ask}"), action
            assert (run.match, run.order, run.index) == before
        if not isinstance(step.wait, Next) and not run.wants_next:
            assert run.next() == Refused(step.ask)
        if not isinstance(step.wait, Do):
            assert isinstance(run.attempt(DrawStock()), Refused)
        do_step(run)


def test_a_move_the_engine_refuses_is_explained_with_the_engines_reason() -> None:
    run = LessonRun(lesson("knock"))
    while not isinstance(run.step.wait, Do):
        do_step(run)
    outcome = run.attempt(Discard(Card.parse("KC")))  # before drawing
    assert outcome == Refused("Draw a card first, from the stock or the discard pile. "
                              + run.step.ask)


def test_throwing_a_card_of_a_meld_is_explained_as_breaking_it() -> None:
    run = LessonRun(lesson("knock"))
    while not (isinstance(run.step.wait, Do) and isinstance(run.step.wait.action, Knock)):
        do_step(run)
    ask = run.step.ask
    assert run.attempt(Discard(Card.parse("8H"))) == Refused(
        f"That would break your run of hearts. {ask}")
    assert run.attempt(Knock(Card.parse("4C"))) == Refused(
        f"That would break your set of fours. {ask}")
    assert run.attempt(Discard(Card.parse("2S"))) == Refused(
        "Keep your low cards and knock with the Q♦.")


def test_the_opponents_turn_is_waited_for() -> None:
    run = LessonRun(lesson("gin"))
    while not (isinstance(run.step.wait, Do) and isinstance(run.step.wait.action, Discard)):
        do_step(run)
    assert isinstance(run.attempt(run.step.wait.action), Accepted)
    assert run.opponent_to_move and not run.wants_next
    assert run.attempt(DrawStock()) == Refused("Wait a moment: it is Ada's turn.")
    assert isinstance(run.next(), Refused)
    action, events = run.play_opponent()
    assert action == DrawStock() and events
    run.play_opponent_turns()
    assert not run.opponent_to_move
    with pytest.raises(RuntimeError):
        run.play_opponent()


@pytest.mark.parametrize("key", KEYS)
def test_the_scripted_opponent_plays_its_script_legally(key: str) -> None:
    run = LessonRun(lesson(key))
    follow(run)
    assert run.opponent.cursor == len(run.lesson.script) and not run.opponent.strayed
    # every move, replayed from the prepared deal, was legal when it was made
    les = run.lesson
    match = LessonRun(les).match
    for seat, action in run.moves:
        assert match.hand.current == seat
        assert any(same_move(action, a) for a in legal_actions(match)), action
        match, _ = apply(match, action)
    assert match.hand == run.match.hand
    theirs = [a for s, a in run.moves if s != YOU]
    assert theirs == list(les.script)


def test_the_opponent_falls_back_to_a_real_level_when_the_script_no_longer_fits() -> None:
    run = LessonRun(lesson("knock"))
    match = run.match
    view = observe(match, 1)
    legal = [DrawStock()]
    player = ScriptedPlayer("Ada", [Discard(Card.parse("AS"))])
    assert player.choose(view, legal) in legal and player.strayed
    done = ScriptedPlayer("Ada", [])
    assert done.choose(view, legal) in legal and not done.strayed


def test_arranging_the_hand() -> None:
    run = LessonRun(lesson("knock"))
    do_step(run)  # the welcome
    wait = run.step.wait
    assert isinstance(wait, Arrange)
    hand = run.match.hand.hands[YOU]
    with pytest.raises(ValueError):
        run.arranged(hand[:-1])
    # two of three together is not yet the run: the ask again, nothing passed
    rest = [c for c in hand if c not in wait.cards]
    partial = (wait.cards[0], wait.cards[1], rest[0], wait.cards[2], *rest[1:])
    assert run.arranged(partial) == Noted(run.step.ask)
    assert run.index == 1 and run.order == partial
    together = (*rest[:3], wait.cards[2], wait.cards[0], wait.cards[1], *rest[3:])
    assert run.arranged(together) == Accepted()
    assert run.order == together and run.index == 2
    # an arrangement already made lets Next pass the step
    sets = run.step.wait
    assert isinstance(sets, Arrange) and not run.wants_next
    rest = [c for c in run.order if c not in sets.cards]
    run.arranged((*sets.cards, *rest))
    # (that passed it) the next step is to read; reordering there is only noted
    assert isinstance(run.step.wait, Next)
    assert run.arranged(tuple(reversed(run.order))) == Noted()
    # the order is kept through moves: new cards come in on the right
    follow_to = run.index + 1
    do_step(run)
    assert run.index == follow_to
    kept = run.order
    do_step(run)  # take the 10♥
    assert run.order == (*kept, Card.parse("TH"))


def test_an_arrangement_made_before_its_step_is_passed_with_next() -> None:
    run = LessonRun(lesson("rummy"))
    do_step(run)
    wait = run.step.wait
    assert isinstance(wait, Arrange)
    nxt = run.lesson.steps[run.index + 1].wait
    assert isinstance(nxt, Arrange)
    rest = [c for c in run.order if c not in wait.cards + nxt.cards]
    assert not run.text.endswith(ALREADY)
    run.arranged((*wait.cards, *rest, *nxt.cards))
    assert run.index == 2 and run.wants_next and run.text.endswith(ALREADY)
    assert run.next() == Accepted() and run.index == 3


@pytest.mark.parametrize("key", KEYS)
def test_each_lesson_takes_under_three_minutes(key: str) -> None:
    les = lesson(key)
    assert 10 <= len(les.steps) <= 20
    seconds = lesson_seconds(les)
    assert seconds < TARGET_SECONDS == 180
    assert sum(step_seconds(s) for s in les.steps) < seconds
    assert estimate(les) == f"about {round(seconds / 60)} minutes ({len(les.steps)} steps)"


def test_the_estimate_counts_every_word_and_move() -> None:
    les = lesson("knock")
    longer = Lesson(**{**les.__dict__, "steps": (*les.steps, *les.steps)})
    assert lesson_seconds(longer) > lesson_seconds(les) + 60
    assert lesson_seconds(longer) > TARGET_SECONDS


@pytest.mark.parametrize("key", KEYS)
def test_the_prepared_deal_is_a_whole_deck_dealt_by_the_engine(key: str) -> None:
    les = lesson(key)
    hand = prepared_hand(les.preset, les.names, les.hands, les.upcard, les.stock_top,
                         les.dealer)
    every = [c for h in hand.hands for c in h] + list(hand.stock) + list(hand.discard)
    assert sorted(c.index for c in every) == list(range(52))
    rules = preset(les.preset)
    dealt, _ = deal(rules, 2, les.dealer, 1, les.names)
    assert (hand.phase, hand.current, hand.dealer) == (dealt.phase, dealt.current,
                                                       dealt.dealer)
    assert all(len(h) == rules.cards_for(2) for h in hand.hands)
    top = les.stock_top.split()
    assert [str(c) for c in reversed(hand.stock[-len(top):])] == top
    with pytest.raises(ValueError):
        prepared_hand(les.preset, les.names, les.hands, les.hands[0].split()[0],
                      les.stock_top, les.dealer)


def test_only_lessons_import_the_prepared_deal() -> None:
    edges = graph()
    users = sorted(m for m, targets in edges.items() if "knockrummy.app.lessons.deal" in targets)
    assert users and all(m.startswith("knockrummy.app.lessons") for m in users), users


def test_the_lessons_import_no_storage() -> None:
    edges = graph()
    seen: set[str] = set()
    todo = [m for m in edges if m.startswith("knockrummy.app.lessons")]
    while todo:
        m = todo.pop()
        if m not in seen:
            seen.add(m)
            todo.extend(edges.get(m, ()))
    assert not [m for m in seen if m.startswith(("knockrummy.storage", "knockrummy.ui"))]


def test_a_lesson_writes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("KNOCKRUMMY_HOME", str(home))
    for key in KEYS:
        run = LessonRun(lesson(key))
        follow(run)
        assert run.ending() is not None
    assert list(home.rglob("*")) == []
    assert os.environ["KNOCKRUMMY_HOME"] == str(home)


@pytest.mark.parametrize("key", KEYS)
def test_the_steps_name_cards_as_players_write_them_and_light_what_they_name(
        key: str) -> None:
    les = lesson(key)
    codes = re.compile(r"\b[2-9TJQKA][SHDC]\b")
    for step in les.steps:
        assert not codes.search(step.text), step.text
        assert step.ask and step.ask.endswith(".")
        for card in step.lit.cards:
            assert card.label in step.text, (card, step.text)
        for wrong in step.wrongs:
            assert wrong.text and not codes.search(wrong.text)
    text = " ".join(s.text for s in les.steps).lower()
    for term in ("run", "set", "meld", "discard", "deadwood" if key != "rummy" else "count"):
        assert term in text, term


@pytest.mark.parametrize("key", KEYS)
def test_a_step_asking_for_a_draw_lights_only_the_pile_to_draw_from(key: str) -> None:
    """Knock Rummy's step "... threw the J♠. It fits none of your cards: draw from the
    stock" lit the J♠ on the discard pile beside the stock, and a first-time player read
    it as a card to take. A step that asks for a draw lights the pile it asks for and no
    card on the other."""
    run = LessonRun(lesson(key))
    draws = 0
    while not run.done:
        wait = run.step.wait
        if isinstance(wait, Do) and isinstance(wait.action, DrawStock | DrawDiscard):
            draws += 1
            lit = run.step.lit
            stock = isinstance(wait.action, DrawStock)
            assert (Place.STOCK in lit.places) == stock, run.text
            assert (Place.DISCARD in lit.places) != stock, run.text
            if stock:
                assert not set(lit.cards) & set(run.match.hand.discard), run.text
        assert isinstance(do_step(run), Accepted), run.text
    assert draws >= 1


def test_each_family_teaches_its_own_terms() -> None:
    words = {k: " ".join(s.text for s in lesson(k).steps).lower() for k in KEYS}
    assert all(t in words["knock"] for t in ("knock", "showdown", "undercut", "rum"))
    assert all(t in words["gin"] for t in ("10 or less", "lay off", "undercut", "gin"))
    assert all(t in words["rummy"] for t in ("table", "layoff", "go out", "rummy"))
    assert "lay off" not in words["knock"]


def test_the_lessons_use_the_real_moves_of_the_table() -> None:
    kinds = {type(s.wait.action) for k in KEYS for s in lesson(k).steps
             if isinstance(s.wait, Do)}
    assert {MeldCards, LayOff, FinishLayoffs, Discard, DrawStock} <= kinds
    gin = LessonRun(lesson("gin"))
    while gin.match.hand.phase is not Phase.LAYOFF:
        do_step(gin)
    assert gin.match.hand.current == YOU


def test_finished_lessons_for_the_settings() -> None:
    assert finished((), "gin") == ("gin",)
    assert finished(("gin",), "knock") == ("knock", "gin")
    assert finished(("gin", "gin", "old"), "gin") == ("gin",)
    with pytest.raises(ValueError):
        lesson("chess")


def test_the_offered_game_is_one_the_new_game_screen_can_start() -> None:
    from knockrummy.app.computer import levels
    from knockrummy.app.controller import COMPUTER, HUMAN, GameSetup, SeatSetup

    for key in KEYS:
        offer = lesson(key).first_game
        setup = GameSetup(preset(offer.preset),
                          tuple(SeatSetup(s.name, s.kind, s.level) for s in offer.seats), 1)
        assert [s.kind for s in setup.seats] == [HUMAN] + [COMPUTER] * (setup.players - 1)
        assert "easy" in levels() and all(s.level == "easy" for s in setup.seats[1:])
        setup.rules.check_players(setup.players)
