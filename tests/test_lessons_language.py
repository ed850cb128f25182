"""The lessons and How to play speak the player's language: in a pseudo-language whose
every message is wrapped in ⟦ ⟧ (tools/catalogues.py ``pseudo``), every word a lesson
says (steps, asks, wrong moves, the end, the titles and the estimate) and every word of
How to play comes through gettext, the cards are named as the language's corners show
them, and a language chosen mid-lesson speaks from the next words on. The lessons check
moves by cards, so a lesson followed in another language ends the same."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from knockrummy import i18n
from knockrummy.app.howto import PAGES, page
from knockrummy.app.lessons import (
    LESSONS,
    Accepted,
    Arrange,
    Do,
    LessonRun,
    Noted,
    Refused,
    estimate,
)
from knockrummy.app.lessons.runner import YOU
from knockrummy.engine import Card, Discard, Knock
from knockrummy.words.cards import card_label, rank_letter
from tools import catalogues

OPEN, CLOSE = "\u27e6", "\u27e7"


@pytest.fixture
def pseudo(tmp_path: Path) -> Iterator[None]:
    catalogues.pseudo(tmp_path)
    i18n.set_language("qps", tmp_path)
    assert i18n.language() == "qps"
    yield
    i18n.set_language("en")


def wrapped(text: str) -> bool:
    return text.startswith(OPEN) and text.endswith(CLOSE)


def do(run: LessonRun) -> None:
    """Do what the current step asks, then let the opponent move."""
    wait = run.step.wait
    if isinstance(wait, Do):
        outcome: Accepted | Refused | Noted = run.attempt(wait.action)
    elif isinstance(wait, Arrange):
        rest = tuple(c for c in run.order if c not in wait.cards)
        outcome = run.arranged(wait.cards + rest)
    else:
        outcome = run.next()
    assert isinstance(outcome, Accepted), run.text
    run.play_opponent_turns()


def follow(run: LessonRun, seen: list[str]) -> None:
    """Do what each step asks, noting every word the lesson says on the way (and what
    each anticipated wrong move gets)."""
    while not run.done:
        step = run.step
        seen += [run.text, step.ask, *(w.text for w in step.wrongs)]
        for wrong in step.wrongs:
            assert run.attempt(wrong.actions[0]) == Refused(wrong.text)
        do(run)


@pytest.mark.parametrize("key", list(LESSONS))
def test_every_word_of_a_lesson_comes_through_gettext(pseudo: None, key: str) -> None:
    lesson = LESSONS[key]
    assert all(wrapped(t) for t in (lesson.title, lesson.summary, lesson.first_game.label))
    assert wrapped(estimate(lesson))
    run = LessonRun(lesson)
    seen: list[str] = []
    follow(run, seen)
    assert all(wrapped(t) for t in seen), [t for t in seen if not wrapped(t)]
    assert all("{" not in t for t in seen)
    ending = run.ending()
    assert ending is not None and wrapped(ending.headline)
    # the hand ended as it does in English: the checks compare cards, never words
    assert run.match.hand.result is not None and YOU in run.match.hand.result.winners
    over = run.next()
    assert isinstance(over, Refused) and wrapped(over.reason)


def test_the_cards_are_named_as_the_languages_corners_show_them(pseudo: None) -> None:
    run = LessonRun(LESSONS["knock"])
    while "Q" not in run.step.text:
        do(run)
    # the queen's corner as the pseudo-language prints it, never the English "Q♦"
    queen = card_label(Card.parse("QD"))
    assert queen != "Q♦" and queen in run.text and "Q♦" not in run.text
    assert all("Q♦" not in w.text for w in run.step.wrongs)
    while not (isinstance(run.step.wait, Do) and isinstance(run.step.wait.action, Knock)):
        do(run)
    assert queen in run.step.ask
    # a card of a meld thrown: the suit in the language's words, the ask after it
    refused = run.attempt(Discard(Card.parse("8H")))
    assert isinstance(refused, Refused) and wrapped(refused.reason)
    assert i18n.pgettext("suit", "hearts") in refused.reason
    assert refused.reason.endswith(run.step.ask + CLOSE)


def test_a_language_chosen_mid_lesson_speaks_from_the_next_words(pseudo: None) -> None:
    run = LessonRun(LESSONS["gin"])
    said = run.text
    i18n.set_language("en")
    assert run.text.startswith("Welcome to Gin Rummy") and run.text != said


@pytest.mark.parametrize("key", list(PAGES))
def test_every_word_of_how_to_play_comes_through_gettext(pseudo: None, key: str) -> None:
    p = page(key)
    texts = [p.title] + [t for s in p.sections for t in (s.title, *s.sentences)]
    rows = [r for s in p.sections for r in s.rows]
    texts += [r.caption for r in rows if r.caption != "Ada"] + [r.note for r in rows if r.note]
    assert all(wrapped(t) for t in texts), [t for t in texts if not wrapped(t)]
    assert all("{" not in t for t in texts)
    # the aces and faces of "A 2 3" and "Q K A" are the language's corner letters
    runs = next(s for s in p.sections if any(r.caption == i18n._("A run") for r in s.rows))
    faces = " ".join(rank_letter(r) for r in (12, 13, 1))
    assert faces != "Q K A" and faces in " ".join(runs.sentences)
