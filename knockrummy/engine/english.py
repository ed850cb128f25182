"""The English developer text of the engine's codes: exception messages
(``str(IllegalAction)``), the match record's score lines (a file format, English whatever
the player's language, so that a record imports anywhere) and the tests' view of them.

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
from knockrummy.engine.codes import Note, Refusal

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
