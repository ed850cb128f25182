"""Why a saved match or a match record cannot be loaded, in the player's language: the
words of the engine's :class:`~knockrummy.engine.codes.Problem` codes.

``save_error_words(error)`` says a caught :class:`~knockrummy.engine.codec.SaveError`
(or any :class:`~knockrummy.engine.codes.DataError`) to a player; ``problem_words`` one
problem. A problem's ``reason`` is another problem or a refusal (said by
:mod:`knockrummy.words.refusals`); Python's own texts, which have no words but their
English, are shown as they are.

>>> from knockrummy.engine.record import import_record
>>> from knockrummy.engine.codec import SaveError
>>> try:
...     import_record("hello")
... except SaveError as err:
...     save_error_words(err)
'this is not a Knock Rummy match record'
"""

from __future__ import annotations

from collections.abc import Callable

from knockrummy.engine.codes import DataError, Problem, Refusal
from knockrummy.engine.rules import PRESETS
from knockrummy.engine.text import clean_text
from knockrummy.i18n import _, ngettext
from knockrummy.words.refusals import refusal_words
from knockrummy.words.rules import NAMES

#: a reason of these problems is shown cleaned and cut to this many characters (as the
#: engine's English does: an option's name comes from the file)
_REASON_CUT = {"options_invalid": 80}


def _reason(p: Problem) -> str:
    """The words of ``p``'s nested reason."""
    text = reason_words(p["reason"])
    if p.code in _REASON_CUT:
        text = clean_text(text)[:_REASON_CUT[p.code]]
    return text


def _game(p: Problem) -> str:
    """The game of ``p`` by its name in the player's language."""
    key, game = p["key"], p["game"]
    base = PRESETS.get(key)
    if base is not None and base.name == game and key in NAMES:
        return _(NAMES[key])
    return str(game)


def _mismatch(p: Problem, words: str) -> str:
    return words.format(reads=p["reads"], makes=p["makes"])


# Each code's words. Keys of the files ('rules', "Options", "Check", an option's name
# such as game_bonus) and lines quoted from a record are the file's own text: they are
# values, never translated.
_WORDS: dict[str, Callable[[Problem], str]] = {
    # Python's own text, which has no words but its English
    "detail": lambda p: str(p["text"]),
    # Translators: {error} is the name of a kind of error in the program (JSONDecodeError)
    "not_json": lambda p: _("the file is not valid JSON ({error})").format(error=p["error"]),
    "not_a_match": lambda p: _("the file does not hold a saved match"),
    # Translators: the schema is the version of the file's layout
    "no_schema": lambda p: _("the file has no schema version"),
    "newer_schema": lambda p: _(
        "the file is from a newer version of the game (schema {version})").format(
        version=p["version"]),
    "unknown_schema": lambda p: _("unknown schema version {version}").format(
        version=p["version"]),
    # Translators: {key} is the name of a part of the file, in quotes: 'rules', 'seed'
    "file_missing": lambda p: _("the file is missing {key}").format(key=repr(p["key"])),
    "rules_damaged": lambda p: _("the rules are damaged"),
    # Translators: {reason} says what is wrong with the rules
    "rules_invalid": lambda p: _("the rules are damaged: {reason}").format(reason=_reason(p)),
    "players_damaged": lambda p: _("the number of players is damaged"),
    "seed_damaged": lambda p: _("the seed is damaged"),
    "names_damaged": lambda p: _("the player names are damaged"),
    "moves_damaged": lambda p: _("the moves are damaged"),
    "too_many_moves": lambda p: _("the file holds too many moves to be a real match"),
    # Translators: {action} is the number of a move in the file, counted from 1; {reason}
    # says why the rules refuse it ("The five of hearts is not in your hand")
    "moves_illegal": lambda p: _(
        "the moves do not make a legal game: action {action} cannot be replayed: "
        "{reason}").format(action=p["action"], reason=_reason(p)),
    # Translators: {reason} says why the rules refuse a move
    "moves_refused": lambda p: _("the moves do not make a legal game: {reason}").format(
        reason=_reason(p)),
    # Translators: {reason} says what is wrong in the file
    "file_damaged": lambda p: _("the file is damaged: {reason}").format(reason=_reason(p)),
    "game_unknown": lambda p: _("the game is not one this version knows"),
    "rules_renamed": lambda p: _("the rules' name was changed"),
    # Translators: {name} is the name of a rules option in the file (game_bonus)
    "option_out_of_range": lambda p: _("the option {name} is out of range").format(
        name=p["name"]),
    # Translators: {got} is the value the file holds, as written in the program ('gin')
    "unknown_preset_data": lambda p: _("unknown rules preset {got}").format(got=p["got"]),
    # Translators: {name} is the name the file gives an option, in quotes
    "unknown_option": lambda p: _("unknown rules option {name}").format(
        name=repr(p["name"])),
    # Translators: {name} is the name of a rules option in the file (game_bonus)
    "option_bool": lambda p: _("option {name} must be true or false").format(name=p["name"]),
    # Translators: {name} is the name of a rules option in the file (knock_limit)
    "option_whole_or_none": lambda p: _(
        "option {name} must be a whole number or none").format(name=p["name"]),
    # Translators: {name} is the name of a rules option in the file (game_bonus)
    "option_whole": lambda p: _("option {name} must be a whole number").format(
        name=p["name"]),
    # Translators: {name} is the name of a rules option in the file
    "option_text": lambda p: _("option {name} must be text").format(name=p["name"]),
    "players_range": lambda p: _("players must be between 2 and 6"),
    "cannot_deal": lambda p: ngettext(
        "cannot deal {cards} card to {players} players",
        "cannot deal {cards} cards to {players} players", p["cards"]).format(
        cards=p["cards"], players=p["players"]),
    "game_length": lambda p: _("the game length must be at least one deal or one point"),
    "knock_limit_negative": lambda p: _("the knock limit cannot be negative"),
    # Translators: {game} is the game's name ("Gin Rummy"); {allowed} is a number of
    # players or a range of them ("2", "3-4"), always two or more
    "wrong_players": lambda p: _("{game} is for {allowed} players, not {players}").format(
        game=_game(p), allowed=p["allowed"], players=p["players"]),
    # Translators: {text} is what the file holds, in quotes; the letters are the ones
    # the file uses, whatever the language: A 2-9 T J Q K, S(pades) H(earts)
    # D(iamonds) C(lubs)
    "not_a_card": lambda p: _(
        "not a card: {text} (write rank A,2-9,T,J,Q,K then suit S,H,D,C)").format(
        text=repr(p["text"])),
    # Translators: melds are sets and runs of cards; the file lists them
    "melds_not_list": lambda p: _("melds must be a list"),
    # Translators: {got} is the value the file holds, as written in the program
    "expected_card": lambda p: _("expected a card, got {got}").format(got=p["got"]),
    # Translators: {got} is the value the file holds, as written in the program
    "expected_list": lambda p: _("expected a list, got {got}").format(got=p["got"]),
    "action_not_object": lambda p: _("an action must be an object"),
    # Translators: {got} is the value the file holds, as written in the program
    "unknown_action": lambda p: _("unknown action type {got}").format(got=p["got"]),
    # Translators: lay_off is the name of a move in the file, as it is written there
    "layoff_needs_meld": lambda p: _("lay_off needs a meld number"),
    "record_too_long": lambda p: _("the record is too long to be a real match"),
    "not_a_record": lambda p: _("this is not a Knock Rummy match record"),
    # Translators: {line} is a line number of a match record; {reason} says what is
    # wrong on it ("the deal does not match the record's seed")
    "at_line": lambda p: _("line {line}: {reason}").format(line=p["line"], reason=_reason(p)),
    # Translators: {key} is the word the record's line starts with, as the record
    # writes it in every language (Game, Options, Players, Seed)
    "header_missing": lambda p: _("the record's header has no {key} line").format(
        key=p["key"]),
    "options_unreadable": lambda p: _("the options are not readable"),
    # Translators: {option} is a part of the rules as the file names it (key, name)
    "options_fixed": lambda p: _("the options may not change the game's {option}").format(
        option=p["option"]),
    # Translators: {reason} says what is wrong with the options
    "options_invalid": lambda p: _("the options are not valid ({reason})").format(
        reason=_reason(p)),
    "players_unreadable": lambda p: _("the players are not readable"),
    # Translators: the seed is the number the game shuffles the cards from
    "seed_invalid": lambda p: _("the seed is not a number the game makes"),
    # Translators: {key} is the word the record's last line starts with, as the record
    # writes it in every language (Check)
    "no_check": lambda p: _(
        "the record has no {key} line at its end: it was cut short or edited (or written "
        "by a version of the game before it had one)").format(key=p["key"]),
    # Translators: {line} and {check_line} are line numbers of a match record
    "options_changed": lambda p: _(
        "line {line}: the options were changed after the record was written (the check "
        "on line {check_line} does not match)").format(
        line=p["line"], check_line=p["check_line"]),
    "deal_mismatch": lambda p: _("the deal does not match the record's seed"),
    # Translators: {reads} is the line as the record has it, {makes} as the moves
    # make it (both as written in the record)
    "score_mismatch": lambda p: _mismatch(p, _(
        'the score does not match the game its moves make (it reads "{reads}"; the '
        'moves make "{makes}")')),
    # Translators: {reads} is the line as the record has it, {makes} as the moves
    # make it (both as written in the record)
    "game_mismatch": lambda p: _mismatch(p, _(
        'the game does not match the game its moves make (it reads "{reads}"; the '
        'moves make "{makes}")')),
    # Translators: the options of the rules; {reads} is the line as the record has it,
    # {makes} as the moves make it (both as written in the record)
    "options_mismatch": lambda p: _mismatch(p, _(
        'the options does not match the game its moves make (it reads "{reads}"; the '
        'moves make "{makes}")')),
    # Translators: {reads} is the line as the record has it, {makes} as the moves
    # make it (both as written in the record)
    "players_mismatch": lambda p: _mismatch(p, _(
        'the players does not match the game its moves make (it reads "{reads}"; the '
        'moves make "{makes}")')),
    # Translators: {reads} is the line as the record has it, {makes} as the moves
    # make it (both as written in the record)
    "seed_mismatch": lambda p: _mismatch(p, _(
        'the seed does not match the game its moves make (it reads "{reads}"; the '
        'moves make "{makes}")')),
    # Translators: {reads} is the line as the record has it, {makes} as the moves
    # make it (both as written in the record)
    "line_mismatch": lambda p: _mismatch(p, _(
        'the line does not match the game its moves make (it reads "{reads}"; the '
        'moves make "{makes}")')),
    # Translators: {line} is a line number of a match record; {reads} the line as the
    # record has it
    "extra_line": lambda p: _(
        'line {line} does not belong to the game its moves make (it reads "{reads}")').format(
        line=p["line"], reads=p["reads"]),
    # Translators: {line} is a line number of a match record; {makes} the line the moves
    # make next, as written in the record
    "ends_early": lambda p: _(
        'the record ends early: after line {line} the moves make "{makes}"').format(
        line=p["line"], makes=p["makes"]),
    # Translators: {move} is a move as the record writes it, in quotes ('discard KD')
    "move_unreadable": lambda p: _("cannot read the move {move}").format(
        move=repr(p["move"])),
    # Translators: {text} is what the record holds there, in quotes
    "unexpected": lambda p: _("unexpected {text}").format(text=repr(p["text"])),
}


def problem_words(problem: Problem) -> str:
    """The words of ``problem`` in the player's language."""
    return _WORDS[problem.code](problem)


def reason_words(reason: object) -> str:
    """A nested reason in the player's language: a problem, a refusal or a plain text."""
    if isinstance(reason, Problem):
        return problem_words(reason)
    if isinstance(reason, Refusal):
        return refusal_words(reason)
    return str(reason)


def save_error_words(error: DataError) -> str:
    """Why a saved match or a match record cannot be loaded, in the player's language
    (a :class:`~knockrummy.engine.codec.SaveError`, or the engine's data error under
    it)."""
    return problem_words(error.problem)


#: every problem code that has words (tests hold it to the engine's list)
CODES = frozenset(_WORDS)
