"""A hand's score and a match's bonuses explained, in the player's language: the words
of the engine's :class:`~knockrummy.engine.codes.Note` codes.

Each line is one whole message. Where a verb agrees with its subject, the seat called
"You" (the game's default human seat) has its own message: "You pay 5", "Ann pays 5".

>>> from knockrummy.engine.rules import PRESETS
>>> from knockrummy.engine.scoring import score_rummy_out
>>> score_lines(score_rummy_out(PRESETS["rummy"], ("You", "Ann"), [0, 12], 0, False),
...             ("You", "Ann"))
['Ann holds 12', 'You score 12 for going out']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from knockrummy.engine.codes import Note
from knockrummy.engine.match import MatchState
from knockrummy.engine.state import HandResult
from knockrummy.i18n import _
from knockrummy.words.names import is_you, shown_names


def names_and(names: Sequence[str]) -> str:
    """Names joined as a sentence joins them: "Ann and Bo" (and "Ann and Bo and Cy")."""
    if not names:
        return ""
    out = names[0]
    for name in names[1:]:
        # Translators: two names, or a list of names and one more, joined
        out = _("{first} and {second}").format(first=out, second=name)
    return out


def _pays(v: dict[str, Any], you: bool) -> str:
    rum, penalty = v["rum"] is not None, v["penalty"] is not None
    if rum and penalty:
        text = (_("{name} pay {pay}: {count} - {low} = {diff} + rum {rum} + knock penalty "
                  "{penalty}") if you else
                _("{name} pays {pay}: {count} - {low} = {diff} + rum {rum} + knock penalty "
                  "{penalty}"))
    elif rum:
        text = (_("{name} pay {pay}: {count} - {low} = {diff} + rum {rum}") if you else
                _("{name} pays {pay}: {count} - {low} = {diff} + rum {rum}"))
    elif penalty:
        text = (_("{name} pay {pay}: {count} - {low} = {diff} + knock penalty {penalty}")
                if you else
                _("{name} pays {pay}: {count} - {low} = {diff} + knock penalty {penalty}"))
    else:
        # Translators: a line of the score sheet, "Ann pays 5: 16 - 11 = 5" (her count
        # minus the lowest count); this form is for the player called "You"
        text = (_("{name} pay {pay}: {count} - {low} = {diff}") if you else
                _("{name} pays {pay}: {count} - {low} = {diff}"))
    return text


def _lowest(v: dict[str, Any], you: bool) -> str:
    if len(v["seats"]) > 1:
        return _("Lowest count: {names} ({low}) split {pool}")
    if you:
        # Translators: the form for the player called "You": "Lowest count: You (6) take 16"
        return _("Lowest count: {names} ({low}) take {pool}")
    # Translators: the lowest count (points of unmatched cards) wins the hand's points
    return _("Lowest count: {names} ({low}) takes {pool}")


def _rum(v: dict[str, Any], you: bool) -> str:
    if len(v["seats"]) > 1:
        return _("Rum: {names} ({low}) split {pool}")
    if you:
        # Translators: the form for the player called "You": "Rum: You (0) take 40"
        return _("Rum: {names} ({low}) take {pool}")
    # Translators: rum is going out with every card matched (Knock Rummy)
    return _("Rum: {names} ({low}) takes {pool}")


def _undercut_lower(v: dict[str, Any], you: bool) -> str:
    if is_you(v["knocker"]):
        return (_("Undercut: {name} have {count}, lower than your {knocked}") if you else
                _("Undercut: {name} has {count}, lower than your {knocked}"))
    # Translators: an undercut is a defender with a lower count than the knocker's
    return (_("Undercut: {name} have {count}, lower than {knocker}'s {knocked}") if you else
            _("Undercut: {name} has {count}, lower than {knocker}'s {knocked}"))


def _undercut_has(v: dict[str, Any], you: bool) -> str:
    if is_you(v["knocker"]) and not you:  # "you knocked", not "You knocked" mid-line
        # Translators: the knocker is the player called "You": "Undercut: Ada has 5, you
        # knocked with 8"
        return _("Undercut: {name} has {count}, you knocked with {knocked}")
    return (_("Undercut: {name} have {count}, {knocker} knocked with {knocked}") if you
            else _("Undercut: {name} has {count}, {knocker} knocked with {knocked}"))


# each code: its message, given the values (seats already named) and whether the line's
# subject is "You"
_WORDS: dict[str, Callable[[dict[str, Any], bool], str]] = {
    "lowest_takes": _lowest,
    "rum_takes": _rum,
    "pays": _pays,
    "knocker_tied": lambda v, you: _("{name} knocked and tied for lowest: nothing paid or won"),
    "odd_points": lambda v, you: _("Odd points go first to {name}"),
    "gin_scores": lambda v, you: (_("Gin: {name} score {bonus} + {count} = {points}") if you
                                  else _("Gin: {name} scores {bonus} + {count} = {points}")),
    "big_gin_scores": lambda v, you: (
        _("Big gin: {name} score {bonus} + {count} = {points}") if you
        else _("Big gin: {name} scores {bonus} + {count} = {points}")),
    "undercut_has": _undercut_has,
    "undercut_points": lambda v, you: _("Undercut: {bonus} + {diff} = {points}"),
    "knock_points": lambda v, you: (
        # Translators: the points go to the player called "You": "Knock: 16 - 10 = 6 to you"
        _("Knock: {count} - {knocked} = {points} to you") if you
        else _("Knock: {count} - {knocked} = {points} to {name}")),
    "gin_out": lambda v, you: (_("Gin: {name} go out with no deadwood") if you
                               else _("Gin: {name} goes out with no deadwood")),
    # Translators: Gin for 3-4 players counts penalty points (lower is better)
    "gin_penalty": lambda v, you: _("{name}: {count} + {bonus} = {points} penalty"),
    "knock_with": lambda v, you: _("Knock: {name} knocked with {knocked}"),
    "penalty": lambda v, you: _("{name}: {count} - {low} = {points} penalty"),
    "undercut_lower": _undercut_lower,
    "knocker_penalty": lambda v, you: _("{name}: {count} - {low} + {bonus} = {points} penalty"),
    "holds": lambda v, you: (_("{name} hold {count}") if you else _("{name} holds {count}")),
    "rummy_doubled": lambda v, you: _(
        "Rummy! {name} went out in one turn: {total} x 2 = {points}"),
    "scores_going_out": lambda v, you: (_("{name} score {total} for going out") if you
                                        else _("{name} scores {total} for going out")),
    "exhausted_lowest": lambda v, you: (
        _("Stock exhausted: {name} have the lowest hand, {low}") if you
        else _("Stock exhausted: {name} has the lowest hand, {low}")),
    "exhausted_diff": lambda v, you: _("{name}: {count} - {low} = {diff}"),
    # Translators: {parts} is a sum of numbers, "3 + 6"
    "exhausted_scores": lambda v, you: (_("{name} score {parts} = {points}") if you
                                        else _("{name} scores {parts} = {points}")),
    "void_stock_low": lambda v, you: _(
        "Only {cards} cards left in the stock: the hand is void"),
    "shutout": lambda v, you: _("Shutout: {name} won every hand, points doubled to {points}"),
    "game_bonus": lambda v, you: _("Game bonus: {name} + {bonus}"),
    # Translators: "Ann 3 x 20 = 60": hands won times the bonus for each
    "line_bonus": lambda v, you: _("Line bonus: {name} {won} x {bonus} = {points}"),
}

#: every score-line code that has words (tests hold it to the engine's list)
CODES = frozenset(_WORDS)


def note_words(note: Note, names: Sequence[str]) -> str:
    """One score line in the player's language, the seats named by ``names``."""
    names = shown_names(names)
    values = note.as_dict()
    you = False
    if "seat" in values:
        values["name"] = names[values.pop("seat")]
        you = is_you(values["name"])
    if "knocker" in values:
        values["knocker"] = names[values["knocker"]]
    if "seats" in values:
        seats = values["seats"]
        values["names"] = names_and([names[s] for s in seats])
        you = you or (len(seats) == 1 and is_you(names[seats[0]]))
    if "parts" in values:
        values["parts"] = " + ".join(str(p) for p in values["parts"])
    return _WORDS[note.code](values, you).format(**values)


def score_lines(result: HandResult, names: Sequence[str]) -> list[str]:
    """A hand's score explained line by line, in the player's language."""
    return [note_words(n, names) for n in result.notes]


def bonus_lines(match: MatchState) -> list[str]:
    """The end-of-game bonuses explained, in the player's language."""
    return [note_words(n, match.names) for n in match.bonus_notes]
