"""The English developer text of the engine's codes: exception messages
(``str(IllegalAction)``, ``str(SaveError)``), the match record's score lines (a file
format, English whatever the player's language, so that a record imports anywhere) and
the tests' view of them.

Players never read this: :mod:`knockrummy.words` makes their words, in their language,
from the same codes (``tests/test_words_engine.py`` holds its English to this text).
"Ann pays" but "You pay": the seat named "You" takes the plain verb.

>>> from knockrummy.engine.codes import Note, Refusal
>>> from knockrummy.engine.cards import SUIT_SYMBOLS, Card
>>> refusal_text(Refusal.of("card_not_in_hand", card=Card.parse("5H")))
'The five of hearts is not in your hand'
>>> note_text(Note.of("holds", seat=0, count=12), ("You", "Ann"))
'You hold 12'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from knockrummy.engine.cards import SUIT_SYMBOLS, Card
from knockrummy.engine.codes import Note, Problem, Refusal, say_problems_with
from knockrummy.engine.text import clean_text

_REFUSALS: dict[str, str] = {
    "already_drawn": "You have already drawn this turn; now discard",
    "no_layoffs_to_finish": "There are no layoffs to finish",
    "not_a_hand_move": "{action} is not a move within a hand",
    "melds_only_in_rummy":
        "Melds go on the table only in Rummy; here you show them when the hand ends",
    "layoff_only_after_knock": "You can lay off only after a knock",
    "no_knocking_in_rummy": "There is no knocking in Rummy: go out by melding and discarding",
    "rummy_won_by_discarding": "Rummy is won by discarding your last card",
    "hand_over": "The hand is over",
    "take_or_pass_upcard": "First take the up card or pass",
    "draw_first": "Draw a card first, from the stock or the discard pile",
    "lay_off_or_finish": "Lay off cards onto the knocker's melds, or finish",
    "stock_empty": "The stock is empty",
    "discard_pile_empty": "The discard pile is empty",
    "stock_not_empty": "The stock is not empty yet",
    "pile_turned_for_you": "The discard pile is turned over for you",
    "no_pile_to_turn": "There is no discard pile to turn over",
    "one_card_no_stock": "One card cannot make a new stock: take it from the discard pile",
    "card_not_in_hand": "The {card} is not in your hand",
    "taken_card_kept": "You may not discard the card you just took from the discard pile",
    "knock_too_much": ("To knock you need {limit} or less deadwood after the discard; "
                       "throwing {card} leaves {count}"),
    "no_big_gin": "These rules have no big gin",
    "big_gin_all_cards": "Big gin needs all your cards after the draw",
    "no_lay_down": "These rules have no laying down without a discard",
    "all_melded_needed": "Every card must be in a meld for that",
    "meld_too_short": "A meld needs at least three cards",
    "not_best_melds": "Those melds are not a best arrangement of your cards",
    "not_a_meld": "{cards} is not a set or a run",
    "keep_a_discard": "You must keep a card to discard",
    "does_not_fit": "The {card} does not fit that meld",
    "no_such_meld": "There is no such meld on the table",
    "match_over": "The match is over",
    "finish_hand_first": "Finish this hand first",
}

#: cards in the developer text: their long English name and their corner (its own
#: table: the player's card words are in knockrummy.words.cards)
_RANKS = ("ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
          "jack", "queen", "king")
_SUITS = ("spades", "hearts", "diamonds", "clubs")
_CORNERS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def card_english(card: Card) -> str:
    """``"five of hearts"``."""
    return f"{_RANKS[card.rank - 1]} of {_SUITS[card.suit.value]}"


def card_corner(card: Card) -> str:
    """``"5♥"``, as the card's corner shows it."""
    return f"{_CORNERS[card.rank - 1]}{SUIT_SYMBOLS[card.suit.value]}"


#: the cards of these refusals are named in full ("five of hearts"), the others as the
#: corner shows them ("5♥")
_LONG_NAMES = frozenset({"card_not_in_hand", "does_not_fit"})


def refusal_text(refusal: Refusal) -> str:
    """The refusal in English, for developers and exception messages."""
    values: dict[str, Any] = {}
    for key, value in refusal.values:
        if isinstance(value, Card):
            value = card_english(value) if refusal.code in _LONG_NAMES else card_corner(value)
        elif isinstance(value, tuple):
            value = " ".join(card_corner(c) for c in value)
        values[key] = value
    return _REFUSALS[refusal.code].format(**values)


def is_you(name: str) -> bool:
    """Whether ``name`` is the game's default human seat, "You"."""
    return name.strip().lower() == "you"


#: each score line: the form for any name, then the form when its ``seat`` is "You"
_NOTES: dict[str, tuple[str, str]] = {
    "lowest_takes": ("Lowest count: {seats} ({low}) takes {pool}",) * 2,
    "rum_takes": ("Rum: {seats} ({low}) takes {pool}",) * 2,
    "lowest_split": ("Lowest count: {seats} ({low}) split {pool}",) * 2,
    "rum_split": ("Rum: {seats} ({low}) split {pool}",) * 2,
    "pays": ("{seat} pays {pay}: {count} - {low} = {diff}",
             "{seat} pay {pay}: {count} - {low} = {diff}"),
    "knocker_tied": ("{seat} knocked and tied for lowest: nothing paid or won",) * 2,
    "odd_points": ("Odd points go first to {seat}",) * 2,
    "gin_scores": ("Gin: {seat} scores {bonus} + {count} = {points}",
                   "Gin: {seat} score {bonus} + {count} = {points}"),
    "big_gin_scores": ("Big gin: {seat} scores {bonus} + {count} = {points}",
                       "Big gin: {seat} score {bonus} + {count} = {points}"),
    "undercut_has": ("Undercut: {seat} has {count}, {knocker} knocked with {knocked}",
                     "Undercut: {seat} have {count}, {knocker} knocked with {knocked}"),
    "undercut_points": ("Undercut: {bonus} + {diff} = {points}",) * 2,
    "knock_points": ("Knock: {count} - {knocked} = {points} to {seat}",) * 2,
    "gin_out": ("Gin: {seat} goes out with no deadwood", "Gin: {seat} go out with no deadwood"),
    "gin_penalty": ("{seat}: {count} + {bonus} = {points} penalty",) * 2,
    "knock_with": ("Knock: {seat} knocked with {knocked}",) * 2,
    "penalty": ("{seat}: {count} - {low} = {points} penalty",) * 2,
    "undercut_lower": ("Undercut: {seat} has {count}, lower than {knocker}'s {knocked}",
                       "Undercut: {seat} have {count}, lower than {knocker}'s {knocked}"),
    "knocker_penalty": ("{seat}: {count} - {low} + {bonus} = {points} penalty",) * 2,
    "holds": ("{seat} holds {count}", "{seat} hold {count}"),
    "rummy_doubled": ("Rummy! {seat} went out in one turn: {total} x 2 = {points}",) * 2,
    "scores_going_out": ("{seat} scores {total} for going out",
                         "{seat} score {total} for going out"),
    "exhausted_lowest": ("Stock exhausted: {seat} has the lowest hand, {low}",
                         "Stock exhausted: {seat} have the lowest hand, {low}"),
    "exhausted_diff": ("{seat}: {count} - {low} = {diff}",) * 2,
    "exhausted_scores": ("{seat} scores {parts} = {points}", "{seat} score {parts} = {points}"),
    "void_stock_low": ("Only {cards} cards left in the stock: the hand is void",) * 2,
    "shutout": ("Shutout: {seat} won every hand, points doubled to {points}",) * 2,
    "game_bonus": ("Game bonus: {seat} + {bonus}",) * 2,
    "line_bonus": ("Line bonus: {seat} {won} x {bonus} = {points}",) * 2,
}


def note_text(note: Note, names: Sequence[str]) -> str:
    """A score line in English, the seats named by ``names``."""
    values = note.as_dict()
    code = note.code
    if code in ("lowest_takes", "rum_takes") and len(values["seats"]) > 1:
        code = code.replace("takes", "split")
    for key in ("seat", "knocker"):
        if key in values:
            values[key] = names[values[key]]
    if "seats" in values:
        values["seats"] = " and ".join(names[s] for s in values["seats"])
    if "parts" in values:
        values["parts"] = " + ".join(map(str, values["parts"]))
    text = _NOTES[code][1 if "seat" in values and is_you(values["seat"]) else 0]
    if code == "pays":
        if values["rum"] is not None:
            text += " + rum {rum}"
        if values["penalty"] is not None:
            text += " + knock penalty {penalty}"
    if code == "undercut_lower" and is_you(values["knocker"]):
        text = text.replace("{knocker}'s", "your")
    return text.format(**values)


#: the English of each problem code (a saved match or a match record that cannot be
#: loaded); ``{reason}`` is a nested problem or refusal
_PROBLEMS: dict[str, str] = {
    "detail": "{text}",
    "not_json": "the file is not valid JSON ({error})",
    "not_a_match": "the file does not hold a saved match",
    "no_schema": "the file has no schema version",
    "newer_schema": "the file is from a newer version of the game (schema {version})",
    "unknown_schema": "unknown schema version {version}",
    "file_missing": "the file is missing {key!r}",
    "rules_damaged": "the rules are damaged",
    "rules_invalid": "the rules are damaged: {reason}",
    "players_damaged": "the number of players is damaged",
    "seed_damaged": "the seed is damaged",
    "names_damaged": "the player names are damaged",
    "moves_damaged": "the moves are damaged",
    "too_many_moves": "the file holds too many moves to be a real match",
    "moves_illegal":
        "the moves do not make a legal game: action {action} cannot be replayed: {reason}",
    "moves_refused": "the moves do not make a legal game: {reason}",
    "file_damaged": "the file is damaged: {reason}",
    "game_unknown": "the game is not one this version knows",
    "rules_renamed": "the rules' name was changed",
    "option_out_of_range": "the option {name} is out of range",
    "unknown_preset_data": "unknown rules preset {got}",
    "unknown_option": "unknown rules option {name!r}",
    "option_bool": "option {name} must be true or false",
    "option_whole_or_none": "option {name} must be a whole number or none",
    "option_whole": "option {name} must be a whole number",
    "option_text": "option {name} must be text",
    "players_range": "players must be between 2 and 6",
    "cannot_deal": "cannot deal {cards} cards to {players} players",
    "game_length": "the game length must be at least one deal or one point",
    "knock_limit_negative": "the knock limit cannot be negative",
    "wrong_players": "{game} is for {allowed} players, not {players}",
    "not_a_card": "not a card: {text!r} (write rank A,2-9,T,J,Q,K then suit S,H,D,C)",
    "melds_not_list": "melds must be a list",
    "expected_card": "expected a card, got {got}",
    "expected_list": "expected a list, got {got}",
    "action_not_object": "an action must be an object",
    "unknown_action": "unknown action type {got}",
    "layoff_needs_meld": "lay_off needs a meld number",
    "record_too_long": "the record is too long to be a real match",
    "not_a_record": "this is not a Knock Rummy match record",
    "at_line": "line {line}: {reason}",
    "header_missing": "the record's header has no {key} line",
    "options_unreadable": "the options are not readable",
    "options_fixed": "the options may not change the game's {option}",
    "options_invalid": "the options are not valid ({reason})",
    "players_unreadable": "the players are not readable",
    "seed_invalid": "the seed is not a number the game makes",
    "no_check": ("the record has no {key} line at its end: it was cut short or edited "
                 "(or written by a version of the game before it had one)"),
    "options_changed": ("line {line}: the options were changed after the record was "
                        "written (the check on line {check_line} does not match)"),
    "deal_mismatch": "the deal does not match the record's seed",
    "score_mismatch": "the score does not match the game its moves make "
                      '(it reads "{reads}"; the moves make "{makes}")',
    "game_mismatch": "the game does not match the game its moves make "
                     '(it reads "{reads}"; the moves make "{makes}")',
    "options_mismatch": "the options does not match the game its moves make "
                        '(it reads "{reads}"; the moves make "{makes}")',
    "players_mismatch": "the players does not match the game its moves make "
                        '(it reads "{reads}"; the moves make "{makes}")',
    "seed_mismatch": "the seed does not match the game its moves make "
                     '(it reads "{reads}"; the moves make "{makes}")',
    "line_mismatch": "the line does not match the game its moves make "
                     '(it reads "{reads}"; the moves make "{makes}")',
    "extra_line": 'line {line} does not belong to the game its moves make (it reads "{reads}")',
    "ends_early": 'the record ends early: after line {line} the moves make "{makes}"',
    "move_unreadable": "cannot read the move {move!r}",
    "unexpected": "unexpected {text!r}",
}

#: a reason of these problems is shown cleaned and cut to this many characters
REASON_CUT = {"options_invalid": 80}


def reason_text(reason: object) -> str:
    """A nested reason in English: a problem, a refusal or a plain text."""
    if isinstance(reason, Problem):
        return problem_text(reason)
    if isinstance(reason, Refusal):
        return refusal_text(reason)
    return str(reason)


def problem_text(problem: Problem) -> str:
    """The problem in English, for developers, exception messages and logs.

    >>> problem_text(Problem.of("at_line", line=6, reason=Problem.of("deal_mismatch")))
    "line 6: the deal does not match the record's seed"
    """
    values = problem.as_dict()
    if "reason" in values:
        values["reason"] = reason_text(values["reason"])
        if problem.code in REASON_CUT:
            values["reason"] = clean_text(values["reason"])[:REASON_CUT[problem.code]]
    return _PROBLEMS[problem.code].format(**values)


say_problems_with(problem_text)
