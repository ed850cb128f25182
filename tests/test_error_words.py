"""Why a saved match or a match record cannot be loaded, in the player's language.

- every problem code the engine can give has words, and the engine gives no other;
- in English the words are the engine's English text (the text players read before);
- in a pseudo-language every word of a refused record's reason is translated (the
  record's own text it quotes aside), and so is a damaged save's.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from knockrummy import i18n
from knockrummy.app.records import read_record
from knockrummy.engine.cards import Card
from knockrummy.engine.codec import SaveError, match_from_dict, match_to_dict
from knockrummy.engine.codes import PROBLEMS, DataError, Problem, Refusal, problem_of
from knockrummy.engine.english import problem_text
from knockrummy.engine.match import apply, legal_actions, new_match
from knockrummy.engine.record import export_record, import_record
from knockrummy.engine.rules import PRESETS
from knockrummy.storage.savefile import LoadError, Seat, read_save, save_to_dict
from knockrummy.storage.settings import LEVELS
from knockrummy.words import errors
from tools import catalogues

SAMPLES: dict[str, object] = {
    "text": "ZZ", "error": "JSONDecodeError", "version": 7, "key": "rules", "action": 12,
    "name": "game_bonus", "got": "'gin-x'", "cards": 30, "players": 4, "game": "Gin Rummy",
    "allowed": "2", "line": 6, "option": "key", "check_line": 40,
    "reads": "Seed: 4", "makes": "Seed: 3", "move": "discard ZZ",
}
#: nested reasons: a problem, a problem with its own reason, a refusal, Python's text
REASONS: tuple[object, ...] = (
    Problem.of("deal_mismatch"),
    Problem.of("options_invalid", reason=Problem.of("unknown_option", name="x" * 200)),
    Refusal.of("card_not_in_hand", card=Card.parse("5H")),
    "invalid literal for int() with base 10: 'x'",
)


def samples() -> Iterator[Problem]:
    """Every problem code with sample values; a code with a reason once per reason."""
    for code, fields in PROBLEMS.items():
        values = {f: SAMPLES.get(f) for f in fields if f != "reason"}
        if code == "wrong_players":
            values["key"] = "gin"
        if "reason" in fields:
            for reason in REASONS:
                yield Problem.of(code, **values, reason=reason)
        else:
            yield Problem.of(code, **values)


def test_every_code_has_words() -> None:
    assert set(PROBLEMS) == errors.CODES


def test_every_problem_in_english_is_the_engines_text() -> None:
    for problem in samples():
        assert errors.problem_words(problem) == problem_text(problem), problem
        assert str(DataError(problem)) == problem_text(problem)


def test_a_save_error_carries_its_code() -> None:
    with pytest.raises(SaveError) as caught:
        import_record("hello")
    assert caught.value.problem == Problem.of("not_a_record")
    assert errors.save_error_words(caught.value) == str(caught.value)
    with pytest.raises(ValueError, match="not a card") as card:
        Card.parse("ZZ")
    assert problem_of(card.value) == Problem.of("not_a_card", text="ZZ")
    assert problem_of(KeyError("x")) == Problem.of("detail", text="'x'")


def _finished_record() -> str:
    match = new_match(PRESETS["knock"], 2, seed=8, names=["Ann", "Bo"])
    for _ in range(60):
        actions = legal_actions(match)
        if not actions:
            break
        match, _events = apply(match, actions[0])
    return export_record(match)


def _damaged_records() -> dict[str, str]:
    """Records damaged in different ways, each refused for its own reason."""
    text = _finished_record()
    lines = text.splitlines()
    seed = next(i for i, line in enumerate(lines) if line.startswith("Seed:"))
    moved = list(lines)
    moved[seed] = "Seed: 4"
    options = next(i for i, line in enumerate(lines) if line.startswith("Options:"))
    bad_options = list(lines)
    bad_options[options] = 'Options: {"game_bonus": "lots"}'
    return {
        "seed": "\n".join(moved),
        "card": text.replace(": draw from the stock", ": discard ZZ", 1),
        "illegal": text.replace(": draw from the stock", ": discard 5H", 1),
        "not a record": "hello",
        "options": "\n".join(bad_options),
        "cut": "\n".join(lines[:-1]),
        "added": "\n".join([*lines[:-1], "Note: hello", lines[-1]]),
    }


#: what a reason quotes from the file, shown as it is: 'ZZ', "Seed: 4", an option's
#: name (game_bonus)
_QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"|\b[a-z]+(?:_[a-z]+)+\b")
_WORD = re.compile(r"[^\W\d_]+~*")


#: the words a record's lines start with, the same in every language (a file format)
RECORD_KEYS = frozenset({"Game", "Options", "Players", "Seed", "Check"})


def _bare_words(text: str) -> list[str]:
    """The words of ``text`` the pseudo-language did not translate (no ~ after them)."""
    return [w for w in _WORD.findall(_QUOTED.sub("", text))
            if not w.endswith("~") and w not in RECORD_KEYS]


@pytest.mark.usefixtures("pseudo")
def test_a_damaged_record_says_its_reason_in_the_players_language(tmp_path: Path) -> None:
    assert i18n.language() == "qps"
    for problem in samples():
        words = errors.problem_words(problem)
        if not isinstance(problem.get("reason"), str) and problem.code != "detail":
            assert catalogues.OPEN in words and "{" not in words, words
    for kind, text in _damaged_records().items():
        path = tmp_path / f"{kind.replace(' ', '-')}.txt"
        path.write_text(text, encoding="utf-8")
        said = read_record(path)
        assert isinstance(said, str), kind
        assert said.startswith(catalogues.OPEN), said
        assert _bare_words(said) == [], (kind, said)


@pytest.mark.usefixtures("pseudo")
def test_a_damaged_save_says_its_reason_in_the_players_language() -> None:
    import knockrummy.app.saves  # noqa: F401 - gives storage the words

    match = new_match(PRESETS["gin"], 2, seed=7)
    seats = [Seat("You"), Seat("Bot", "computer", LEVELS[0])]
    data = save_to_dict("bad00001", match, seats, {})
    data["match"]["actions"].append({"type": "discard", "card": "ZZ"})
    with pytest.raises(SaveError):
        match_from_dict(data["match"])
    with pytest.raises(LoadError) as caught:
        read_save("bad00001", data)
    assert _bare_words(str(caught.value)) == [], str(caught.value)
    assert match_from_dict(match_to_dict(match)) == match

