"""The coach speaks the player's language: every sentence of a hint, a review, a replay
caption, the showdown's terms and the recap is a message of the catalogue (in the
pseudo-language ``qps`` each comes out wrapped in ⟦ ⟧), and the game's terms are found
and explained in the translated sentences."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from knockrummy import i18n
from knockrummy.ai import make_player
from knockrummy.app.computer import seat_seed
from knockrummy.app.explain import explain as explain_term
from knockrummy.app.explain import terms_in
from knockrummy.app.history import review_seed
from knockrummy.app.recap import last_moves, match_info, since_last_turn
from knockrummy.coach import explain, hint, replay_all, review_match_hand, terms_used
from knockrummy.coach.words import explain_terms, listing, ordinal
from knockrummy.engine import (
    PRESETS,
    Action,
    MatchState,
    PlayerView,
    apply,
    legal_actions,
    new_match,
    observe,
)
from knockrummy.engine.actions import NextHand
from tools import catalogues

OPEN, CLOSE = catalogues.OPEN, catalogues.CLOSE


@pytest.fixture(scope="module")
def pseudo(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The pseudo-language ``qps`` spoken for the module's tests; English after."""
    where = catalogues.pseudo(tmp_path_factory.mktemp("locale"))
    yield where
    i18n.set_language("en")


def speak(where: Path) -> None:
    i18n.set_language("qps", where)
    assert i18n.language() == "qps"


def play(key: str, players: int, seed: int, hands: int,
         seen: list[tuple[PlayerView, list[Action]]]) -> MatchState:
    match = new_match(PRESETS[key], players, seed, ["You", "Ada", "Bo"][:players])
    seats = [make_player("simple" if s == 0 else "medium", seat_seed(seed, s))
             for s in range(players)]
    while len(match.records) < hands and not match.over:
        legal = legal_actions(match)
        if any(isinstance(a, NextHand) for a in legal):
            match, _events = apply(match, NextHand())
            continue
        seat = match.hand.current
        view = observe(match, seat)
        if seat == 0:
            seen.append((view, legal))
        match, _events = apply(match, seats[seat].choose(view, legal))
    return match


#: a word of two letters or more, and the tildes the pseudo-language puts after it
_WORD = re.compile(r"([^\W\d_]{2,})(~*)")
#: the players' names (never translated)
NAMES = {"Ada", "Bo"}


def wrapped(text: str) -> bool:
    """Whether ``text`` is made of messages of the catalogue: it is one (with others
    inside), and no word of it came from elsewhere (each word has its tildes). A term's
    meaning in brackets goes in right after the term, before the tildes the
    pseudo-language adds to it: it is taken out first."""
    text = re.sub("\u27e6 \\(\u27e6[^\u27e6\u27e7]*\u27e7\\)\u27e7", "", text)
    # ... or at the end of words already in brackets: "(deadwood 39 -> 34; deadwood: the
    # points of ...)", the term's name there a copy of the term in the text
    text = re.sub("\u27e6; (?:\u27e6\\w+: )?\u27e6[^\u27e6\u27e7]*\u27e7(?:\u27e7)?\u27e7", "",
                  text)
    bare = [m.group(1) for m in _WORD.finditer(text)
            if not m.group(2) and m.group(1) not in NAMES]
    return text.startswith(OPEN) and CLOSE in text and not bare


@pytest.mark.parametrize(("key", "players"), [("gin", 2), ("knock", 3), ("rummy", 3)])
def test_hints_reviews_and_captions_are_messages(pseudo: Path, key: str,
                                                 players: int) -> None:
    seen: list[tuple[PlayerView, list[Action]]] = []
    match = play(key, players, seed=41, hands=2, seen=seen)
    speak(pseudo)
    for view, legal in seen:
        reason = hint(view, legal, seed=3).reason
        assert wrapped(reason), reason
        for action in legal[:6]:
            assert wrapped(explain(view, action, legal).reason)
    for record in match.records:
        review = review_match_hand(match, record.number, 0, review_seed(match, 0))
        texts = [review.verdict, review.tally]
        for d in review.decisions:
            texts += [d.contrast, d.note, d.strong_reason, d.made_text, d.strong_text]
        for text in texts:
            assert wrapped(text), text
    for hand in replay_all(match):
        for caption in hand.cursor().captions():
            # the hand's result line is the engine's (its words move to knockrummy/words)
            caption = re.sub("(Hand~~ over~~: ).*(\u27e7)$", r"\1\2", caption)
            assert wrapped(caption), caption
    log = seen[-1][0].log
    for line in last_moves(log, match.names) + since_last_turn(log, 0, match.names):
        assert wrapped(line), line
    assert all(wrapped(t) for t in match_info(seen[-1][0]))
    i18n.set_language("en")


def test_terms_are_found_and_explained_in_the_players_language(pseudo: Path) -> None:
    seen: list[tuple[PlayerView, list[Action]]] = []
    play("gin", 2, seed=8, hands=2, seen=seen)
    # the pseudo-language stretches each word, so a form of two words ("lay off") is
    # not the sentence's; a real catalogue gives the forms as its sentences write them
    single = {"deadwood", "undercut", "rummy", "rum", "gin", "knocker", "knock"}
    english = [hint(v, legal, seed=3).reason for v, legal in seen]
    used_english = [terms_used(r) & single for r in english]
    speak(pseudo)
    translated = [hint(v, legal, seed=3).reason for v, legal in seen]
    assert [terms_used(r) & single for r in translated] == used_english
    assert any(used_english)
    said = explain_terms([i18n._("you knocked with {count} deadwood instead").format(count=8)])
    meaning = i18n._("the points of the cards in no meld")
    assert meaning.startswith(OPEN) and f"({meaning})" in said[0]
    assert terms_used(said[0]) == {"deadwood", "knock"}
    assert ordinal(2) != "2nd" and ordinal(2).startswith(OPEN)
    assert listing(["a", "b", "c"]).startswith(OPEN)
    i18n.set_language("en")


def test_the_showdown_terms_are_messages(pseudo: Path) -> None:
    seen: list[tuple[PlayerView, list[Action]]] = []
    match = play("gin", 2, seed=5, hands=3, seen=seen)
    final = observe(match, 0)
    assert match.records
    speak(pseudo)
    for hand in replay_all(match):
        cursor = hand.cursor()
        cursor.to_end()
        view = cursor.view(0)
        for term in terms_in(view):
            assert wrapped(explain_term(term, view))
    assert final is not None
    i18n.set_language("en")
