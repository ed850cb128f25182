"""Why a move is refused, in the player's language: the words of the engine's
:class:`~knockrummy.engine.codes.Refusal` codes.

``refusal(state, action)`` is the engine's ``refusal`` (of a hand or of a match) in
words; ``refusal_words(refusal)`` the words of one refusal, ``illegal_words(error)`` of
an :class:`~knockrummy.engine.errors.IllegalAction` caught.

>>> from knockrummy.engine.flow import deal
>>> from knockrummy.engine.actions import DrawStock, Discard, DrawDiscard
>>> from knockrummy.engine.flow import apply
>>> from knockrummy.engine.rules import PRESETS
>>> state, events = deal(PRESETS["gin"], 2, 0, seed=7)
>>> refusal(state, DrawStock())
'First take the up card or pass'
>>> state, events = apply(state, DrawDiscard())
>>> refusal(state, Discard(state.stock[-1]))
'The two of spades is not in your hand'
"""

from __future__ import annotations

from collections.abc import Callable

from knockrummy.engine import legality
from knockrummy.engine import match as engine_match
from knockrummy.engine.actions import Action
from knockrummy.engine.codes import Refusal
from knockrummy.engine.errors import IllegalAction
from knockrummy.engine.match import MatchState
from knockrummy.engine.state import HandState
from knockrummy.i18n import _
from knockrummy.words.cards import card_label, card_name, cards_label


def _card_named(r: Refusal) -> str:
    return card_name(r["card"])


# Each code's words. A card named in full is its long name ("five of hearts"), a card
# in a count is its corner ("5♥").
_WORDS: dict[str, Callable[[Refusal], str]] = {
    "already_drawn": lambda r: _("You have already drawn this turn; now discard"),
    "no_layoffs_to_finish": lambda r: _("There are no layoffs to finish"),
    # Translators: {action} is the name of a kind of move in the program (NextHand);
    # players do not see it in play.
    "not_a_hand_move": lambda r: _("{action} is not a move within a hand").format(
        action=r["action"]),
    "melds_only_in_rummy": lambda r: _(
        "Melds go on the table only in Rummy; here you show them when the hand ends"),
    "layoff_only_after_knock": lambda r: _("You can lay off only after a knock"),
    "no_knocking_in_rummy": lambda r: _(
        "There is no knocking in Rummy: go out by melding and discarding"),
    "rummy_won_by_discarding": lambda r: _("Rummy is won by discarding your last card"),
    "hand_over": lambda r: _("The hand is over"),
    # Translators: the up card is the first card turned face up from the stock
    "take_or_pass_upcard": lambda r: _("First take the up card or pass"),
    "draw_first": lambda r: _("Draw a card first, from the stock or the discard pile"),
    "lay_off_or_finish": lambda r: _("Lay off cards onto the knocker's melds, or finish"),
    # Translators: the stock is the pile of face-down cards players draw from
    "stock_empty": lambda r: _("The stock is empty"),
    "discard_pile_empty": lambda r: _("The discard pile is empty"),
    "stock_not_empty": lambda r: _("The stock is not empty yet"),
    "pile_turned_for_you": lambda r: _("The discard pile is turned over for you"),
    "no_pile_to_turn": lambda r: _("There is no discard pile to turn over"),
    "one_card_no_stock": lambda r: _(
        "One card cannot make a new stock: take it from the discard pile"),
    # Translators: {card} is a card's long name, "five of hearts"
    "card_not_in_hand": lambda r: _("The {card} is not in your hand").format(
        card=_card_named(r)),
    "taken_card_kept": lambda r: _(
        "You may not discard the card you just took from the discard pile"),
    # Translators: {card} as its corner shows it ("5♦"); {limit} and {count} are points
    # of deadwood (the unmatched cards)
    "knock_too_much": lambda r: _(
        "To knock you need {limit} or less deadwood after the discard; "
        "throwing {card} leaves {count}").format(
        limit=r["limit"], card=card_label(r["card"]), count=r["count"]),
    "no_big_gin": lambda r: _("These rules have no big gin"),
    "big_gin_all_cards": lambda r: _("Big gin needs all your cards after the draw"),
    "no_lay_down": lambda r: _("These rules have no laying down without a discard"),
    "all_melded_needed": lambda r: _("Every card must be in a meld for that"),
    "meld_too_short": lambda r: _("A meld needs at least three cards"),
    "not_best_melds": lambda r: _("Those melds are not a best arrangement of your cards"),
    # Translators: {cards} are cards as their corners show them, "8♦ 9♦ 10♦"
    "not_a_meld": lambda r: _("{cards} is not a set or a run").format(
        cards=cards_label(r["cards"])),
    "keep_a_discard": lambda r: _("You must keep a card to discard"),
    # Translators: {card} is a card's long name, "five of hearts"
    "does_not_fit": lambda r: _("The {card} does not fit that meld").format(
        card=_card_named(r)),
    "no_such_meld": lambda r: _("There is no such meld on the table"),
    "match_over": lambda r: _("The match is over"),
    "finish_hand_first": lambda r: _("Finish this hand first"),
}


def refusal_words(reason: Refusal) -> str:
    """The words of ``reason`` in the player's language."""
    return _WORDS[reason.code](reason)


def _said(reason: object) -> str | None:
    if reason is None:
        return None
    if isinstance(reason, Refusal):
        return refusal_words(reason)
    return str(reason)  # a check a test wrote as a plain sentence


def refusal(state: HandState | MatchState, action: Action) -> str | None:
    """Why ``action`` is not allowed now, in the player's language; ``None`` when it is
    legal (the engine's ``refusal`` of a hand or of a match, in words)."""
    if isinstance(state, MatchState):
        return _said(engine_match.refusal(state, action))
    return _said(legality.refusal(state, action))


def illegal_words(error: IllegalAction) -> str:
    """Why the engine refused an action it was asked to apply, in the player's language."""
    return refusal_words(error.refusal)


#: every refusal code that has words (tests hold it to the engine's list)
CODES = frozenset(_WORDS)
