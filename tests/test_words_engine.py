"""The engine carries codes; ``knockrummy.words`` makes the words (issue 18).

- every refusal and score-line code the engine can give has words;
- the words in English are the engine's English developer text, character for
  character (over random states of every preset, and every code with sample values);
- the words go through gettext: in a pseudo-language every one is translated;
- a match record is the same whatever the language: one exported with another language
  chosen imports in English, and the other way round.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

import pytest

from knockrummy import i18n
from knockrummy.engine import legality
from knockrummy.engine.actions import DrawStock
from knockrummy.engine.cards import Card, parse_cards
from knockrummy.engine.codes import NOTES, REFUSALS, Note, Refusal
from knockrummy.engine.english import is_you, note_text, refusal_text
from knockrummy.engine.errors import IllegalAction
from knockrummy.engine.match import MatchState, new_match
from knockrummy.engine.match import apply as apply_match
from knockrummy.engine.match import legal_actions as match_actions
from knockrummy.engine.rules import PRESETS, with_options
from knockrummy.words import refusals, scores
from knockrummy.words.rules import describe, preset_name, preset_summary
from tests.test_legality import TABLES, hand_states, tried
from tools import catalogues

SAMPLES: dict[str, object] = {
    "card": Card.parse("5H"), "cards": tuple(parse_cards("8D 9D TD")), "action": "NextHand",
    "limit": 10, "count": 16, "low": 11, "pay": 5, "diff": 5, "rum": 25, "penalty": 10,
    "pool": 14, "bonus": 25, "points": 30, "knocked": 9, "total": 12, "won": 3,
    "parts": (3, 6), "seats": (1, 2),
}
NAMES = ("You", "Ann", "Bo")


def _sample(code: str, fields: tuple[str, ...], seat: int, knocker: int) -> dict[str, object]:
    values = {f: SAMPLES.get(f) for f in fields}
    if "seat" in values:
        values["seat"] = seat
    if "knocker" in values:
        values["knocker"] = knocker
    return values


def sample_notes() -> Iterator[Note]:
    """Every note code, every seat as subject and as knocker, with and without extras."""
    for code, fields in NOTES.items():
        for seat in range(3):
            for knocker in range(3):
                yield Note.of(code, **_sample(code, fields, seat, knocker))
        if code == "pays":
            for rum in (None, 0, 25):
                for penalty in (None, 10):
                    yield Note.of(code, seat=0, pay=5, count=16, low=11, diff=5, rum=rum,
                                  penalty=penalty)
        if "seats" in fields:
            for seats in ((0,), (1,), (0, 1), (2, 0, 1)):
                yield Note.of(code, seats=seats, low=0, pool=40)


def test_every_code_has_words() -> None:
    assert set(REFUSALS) == refusals.CODES
    assert set(NOTES) == scores.CODES


def test_every_refusal_code_in_english_is_the_engines_text() -> None:
    for code, fields in REFUSALS.items():
        reason = Refusal.of(code, **{f: SAMPLES[f] for f in fields})
        assert refusals.refusal_words(reason) == refusal_text(reason), code


def player_english(note: Note, names: Sequence[str]) -> str:
    """The engine's English of a score line as the player reads it: the same, but for
    "You (6) take 16" where the record says "You (6) takes 16", and "you" in the middle
    of a line where the record names the seat "You" ("... = 6 to you", "Ada has 5, you
    knocked with 8"): the record is a file format, kept as it was so that records
    exported before still import."""
    text = note_text(note, names)
    values = note.as_dict()
    seats = values.get("seats", ())
    if note.code in ("lowest_takes", "rum_takes") and len(seats) == 1 \
            and is_you(names[seats[0]]):
        assert ") takes " in text
        return text.replace(") takes ", ") take ")
    if note.code == "knock_points" and is_you(names[values["seat"]]):
        assert text.endswith(" to You")
        return text[:-len("You")] + "you"
    if note.code == "undercut_has" and is_you(names[values["knocker"]]) \
            and not is_you(names[values["seat"]]):
        assert ", You knocked with " in text
        return text.replace(", You knocked with ", ", you knocked with ")
    return text


def test_every_score_line_in_english_is_the_engines_text() -> None:
    yours = 0
    for note in sample_notes():
        assert scores.note_words(note, NAMES) == player_english(note, NAMES), note
        yours += player_english(note, NAMES) != note_text(note, NAMES)
    assert yours >= 2  # "You take" is met, in both codes


@pytest.mark.parametrize(("preset", "players"), TABLES)
def test_refusals_and_scores_of_real_hands_in_english_are_unchanged(
        preset: str, players: int) -> None:
    rng = random.Random(players)
    met: set[str] = set()
    for seed in range(3):
        states = list(hand_states(preset, players, seed, bias=0.6))
        for state in states[:: max(1, len(states) // 12)] + states[-1:]:
            for action, _stands_for in tried(state, rng):
                reason = legality.refusal(state, action)
                if reason is not None:
                    met.add(reason.code)
                    assert refusals.refusal(state, action) == refusal_text(reason)
        final = states[-1]
        assert final.result is not None and final.result.notes
        names = ("You", *final.names[1:])
        result = final.result
        assert scores.score_lines(result, final.names) == \
            [player_english(n, final.names) for n in result.notes]
        assert [scores.note_words(n, names) for n in result.notes] == \
            [player_english(n, names) for n in result.notes]
    assert len(met) > 5


def test_an_illegal_action_carries_its_refusal() -> None:
    match = new_match(PRESETS["gin"], 2, seed=7)
    with pytest.raises(IllegalAction) as caught:
        apply_match(match, DrawStock())
    assert caught.value.refusal == Refusal.of("take_or_pass_upcard")
    assert str(caught.value) == "First take the up card or pass"
    assert refusals.illegal_words(caught.value) == str(caught.value)
    assert refusals.refusal(match, DrawStock()) == str(caught.value)


def _translated(text: str) -> bool:
    return text.startswith(catalogues.OPEN) and text.endswith(catalogues.CLOSE)


@pytest.mark.usefixtures("pseudo")
def test_the_words_go_through_gettext() -> None:
    assert i18n.language() == "qps"
    for code, fields in REFUSALS.items():
        words = refusals.refusal_words(Refusal.of(code, **{f: SAMPLES[f] for f in fields}))
        assert _translated(words), words
        assert "{" not in words
    for note in sample_notes():
        words = scores.note_words(note, NAMES)
        assert _translated(words) and "{" not in words, words
    for rules in PRESETS.values():
        assert all(_translated(line) for line in describe(rules))
        assert _translated(preset_name(rules)) and _translated(preset_summary(rules))
    house = with_options(PRESETS["gin"], name="House rules")
    assert preset_name(house) == "House rules"  # a name the player gave stays as given


def _played(preset: str, players: int, seed: int, moves: int) -> MatchState:
    rng = random.Random(seed)
    match = new_match(PRESETS[preset], players, seed, ["You", "Ann", "Bo"][:players])
    for _ in range(moves):
        actions = match_actions(match)
        if not actions:
            break
        match, _events = apply_match(match, rng.choice(actions))
    return match
