"""What the player may do now, in words: the status line, the action buttons'
enabled state and their reasons, and the cards a knock may throw with what each
leaves (:class:`KnockChoice`, :func:`knock_options`). (Which card a knock throws is
never decided here: the player chooses it, see :mod:`knockrummy.ui.table.choice`.)

Pure functions of the view and the legal actions (``legal_actions`` is the one
source of truth); no pygame.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from knockrummy.app.names import shown_name
from knockrummy.engine import (
    Action,
    BigGin,
    Card,
    Discard,
    DrawDiscard,
    DrawStock,
    Family,
    FinishLayoffs,
    Knock,
    LayDown,
    LayOff,
    MeldCards,
    PassUpcard,
    Phase,
    PlayerView,
    TurnOver,
    min_deadwood,
)
from knockrummy.engine.melds import cards_value
from knockrummy.i18n import _, pgettext
from knockrummy.words.cards import card_label, card_name
from knockrummy.words.names import is_you


@dataclass(frozen=True)
class ButtonState:
    """One action button: shown at all, enabled, the action, why not."""

    visible: bool
    enabled: bool
    action: Action | None
    reason: str
    label: str


def deadwood_after(view: PlayerView, card: Card) -> int:
    """Deadwood left if ``card`` is discarded."""
    rest = [c for c in view.hand if c is not card]
    return min_deadwood(rest, view.rules.ace_high)


def can_knock(view: PlayerView, legal: Sequence[Action], gin_only: bool = False) -> Knock | None:
    """A legal knock (one leaving no deadwood for ``gin_only``), if there is any: it
    enables the button; the card thrown is chosen by the player afterwards."""
    for a in legal:
        if isinstance(a, Knock) and (not gin_only or deadwood_after(view, a.card) == 0):
            return a
    return None


def wait_reason(view: PlayerView) -> str:
    """Why the seat of ``view`` cannot act now ("Wait for Ada to play"), or ``""``."""
    if view.phase is Phase.HAND_OVER:
        return _("The hand is over")
    if view.current != view.seat:
        return _("Wait for {name} to play").format(name=shown_name(view.names[view.current]))
    if view.phase in (Phase.DRAW, Phase.UPCARD_OFFER):
        return _("Draw a card first")
    return ""


def best_deadwood(view: PlayerView) -> int:
    """The lowest deadwood reachable by one discard now."""
    if not view.hand:
        return 0
    return min(deadwood_after(view, c) for c in view.hand)


def buttons(view: PlayerView, legal: Sequence[Action], my_turn: bool,
            selection: Sequence[Card]) -> dict[str, ButtonState]:
    """The state of every action button."""
    rules = view.rules
    family = rules.family
    acts = legal if my_turn else []
    wait = wait_reason(view) if not my_turn or view.phase in (
        Phase.DRAW, Phase.UPCARD_OFFER) else ""
    out: dict[str, ButtonState] = {}
    knock = can_knock(view, acts)
    # once somebody has knocked, the ways to end the hand are gone from the table
    ending = view.phase not in (Phase.LAYOFF, Phase.HAND_OVER)
    has_knock = family is not Family.RUMMY and ending
    reason = wait
    if not reason and knock is None and has_knock and view.phase is Phase.PLAY:
        reason = _("Knock needs {limit} or less deadwood; you have {deadwood}").format(
            limit=rules.knock_limit, deadwood=best_deadwood(view)) \
            if rules.knock_limit is not None else _("You may not knock now")
    out["knock"] = ButtonState(has_knock, knock is not None, knock, reason,
                               pgettext("button", "Knock"))
    gin_family = family in (Family.GIN, Family.GIN_MULTI) and ending
    gin = can_knock(view, acts, gin_only=True)
    reason = wait or ("" if gin else _("Gin needs every card but the discard in melds; "
                                       "you have {deadwood} deadwood").format(
        deadwood=best_deadwood(view)))
    out["gin"] = ButtonState(gin_family, gin is not None, gin, reason, pgettext("button", "Gin"))
    big = next((a for a in acts if isinstance(a, BigGin)), None)
    out["big_gin"] = ButtonState(rules.big_gin_bonus is not None and ending, big is not None, big,
                                 wait or _("Big gin needs all your cards in melds after the "
                                           "draw"),
                                 pgettext("button", "Big Gin"))
    lay = next((a for a in acts if isinstance(a, LayDown)), None)
    out["lay_down"] = ButtonState(rules.lay_down_without_discard and ending, lay is not None, lay,
                                  wait or _("Laying down needs every card in melds after the "
                                            "draw"),
                                  pgettext("button", "Lay down"))
    pas = next((a for a in acts if isinstance(a, PassUpcard)), None)
    out["pass"] = ButtonState(rules.first_turn_upcard_offer and view.phase is Phase.UPCARD_OFFER,
                              pas is not None, pas,
                              wait or _("You can pass only on the first turn"),
                              pgettext("button", "Pass"))
    turn = next((a for a in acts if isinstance(a, TurnOver)), None)
    out["turn_over"] = ButtonState(turn is not None, True, turn, "",
                                   pgettext("button", "Turn pile over"))
    meld: Action | None = None
    meld_reason = wait or _("Pick three or more cards that make a set or a run")
    meld_label = pgettext("button", "Meld")
    if selection and my_turn:
        cand = MeldCards(tuple(selection))
        if any(isinstance(a, MeldCards) and set(a.cards) == set(selection) for a in acts):
            meld = cand
        elif len(selection) == 1:
            # one picked card that fits a meld on the table: the button lays it off (as M
            # does; a helper saw it grey and took laying off for impossible)
            meld = next((a for a in acts if isinstance(a, LayOff)
                         and a.card is selection[0]), None)
            if meld is not None:
                meld_label = pgettext("button", "Lay off")
    out["meld"] = ButtonState(family is Family.RUMMY, meld is not None, meld, meld_reason,
                              meld_label)
    fin = next((a for a in acts if isinstance(a, FinishLayoffs)), None)
    out["finish"] = ButtonState(view.phase is Phase.LAYOFF and view.current == view.seat,
                                fin is not None, fin, wait, pgettext("button", "Done laying off"))
    return out


def capital(name: str) -> str:
    """``name`` with a capital first letter, as it begins a sentence."""
    return name[:1].upper() + name[1:]


def status_line(view: PlayerView, legal: Sequence[Action], my_turn: bool,
                thinking: int | None, human: bool) -> str:
    """Whose turn it is and what can be done, in words."""
    names = view.names
    if view.phase is Phase.HAND_OVER:
        return _("The hand is over")
    if not my_turn:
        who = names[view.current]
        you = is_you(who)
        if view.phase is Phase.LAYOFF:
            return _("You are laying off") if you else \
                _("{name} is laying off").format(name=shown_name(who))
        if thinking == view.current:
            return _("You are thinking...") if you else \
                _("{name} is thinking...").format(name=shown_name(who))
        if human:
            return _("Your turn") if you else \
                _("{name}'s turn").format(name=capital(shown_name(who)))
        return _("You play") if you else \
            _("{name} plays").format(name=shown_name(who))
    if view.phase is Phase.UPCARD_OFFER:
        top = view.upcard
        if top is None:
            return _("Take the up card from the discard pile, or pass")
        # Translators: {card} is a card's long name ("ten of hearts")
        return _("Take the {card} from the discard pile, or pass").format(card=card_name(top))
    if view.phase is Phase.DRAW:
        turn = any(isinstance(a, TurnOver) for a in legal)
        if not any(isinstance(a, DrawStock) for a in legal):
            return _("The stock is empty: take the top discard or turn the pile over")
        if not any(isinstance(a, DrawDiscard) for a in legal):
            return _("Draw a card from the stock")
        if turn:
            return _("Your turn: draw a card from the stock or the discard pile (or turn the "
                     "pile over)")
        return _("Your turn: draw a card from the stock or the discard pile")
    if view.phase is Phase.LAYOFF:
        knocker = names[view.knocker or 0]
        if is_you(knocker):
            return _("Lay off onto your melds (drag a card, or pick it and press Enter), then "
                     "press Done")
        return _("Lay off onto {name}'s melds (drag a card, or pick it and press Enter), then "
                 "press Done").format(name=shown_name(knocker))
    if view.rules.family is Family.RUMMY:
        return _("Meld or lay off (drag, or pick with Up and press M), then throw a card to the "
                 "pile")
    # the keys are said here as well as in the buttons' tooltips: a player on the
    # keyboard alone never hovers a button
    gin_family = view.rules.family in (Family.GIN, Family.GIN_MULTI)
    if gin_family and can_knock(view, legal, gin_only=True) is not None:
        return _("Discard a card to the pile, or go gin (the Gin button or the G key)")
    if any(isinstance(a, Knock) for a in legal):
        return _("Discard a card to the pile, or knock (the Knock button or the K key)")
    return _("Discard a card to the pile")



def hand_count_text(view: PlayerView) -> str:
    """The live count next to the hand: deadwood, or hand value in Rummy."""
    ace = view.rules.ace_high
    if view.rules.family is Family.RUMMY:
        return _("Hand value: {value}").format(value=cards_value(view.hand, ace))
    dead = min_deadwood(view.hand, ace)
    limit = view.rules.knock_limit
    if view.phase is Phase.PLAY and view.current == view.seat:
        best = best_deadwood(view)
        # the least a discard leaves, not the discard to make ("best" read as advice
        # beside a hint to throw another card, one that left a point more)
        if limit is not None:
            return _("Deadwood: {deadwood}  (the least a discard leaves: {best})   Knock "
                     "at {limit} or less").format(deadwood=dead, best=best, limit=limit)
        return _("Deadwood: {deadwood}  (the least a discard leaves: {best})").format(
            deadwood=dead, best=best)
    if limit is not None:
        return _("Deadwood: {deadwood}   Knock at {limit} or less").format(
            deadwood=dead, limit=limit)
    return _("Deadwood: {deadwood}").format(deadwood=dead)


def discardable(legal: Sequence[Action]) -> set[Card]:
    """Cards that may be discarded now."""
    return {a.card for a in legal if isinstance(a, Discard)}


@dataclass(frozen=True)
class KnockChoice:
    """A knock (``kind="knock"``) or gin (``kind="gin"``) waiting for its card."""

    kind: str
    #: every card the player may knock with now, and the deadwood its discard leaves
    options: dict[Card, int]

    @property
    def word(self) -> str:
        """The move, as the prompt says it."""
        return _("go gin") if self.kind == "gin" else _("knock")

    def prompt(self, candidate: Card | None, view: PlayerView) -> str:
        """The status line while the player chooses: what the card pointed at or lit
        leaves, or why it may not be thrown."""
        gin = self.kind == "gin"
        if candidate is not None and candidate in self.options:
            left = self.options[candidate]
            label = card_label(candidate)
            # Translators: the number on each card is the deadwood left if it is thrown (a
            # first-time player read "the number on it" as the card's rank)
            if gin:
                return _("Go gin throwing {card}: {deadwood} deadwood left (the number on each "
                         "card: what throwing it leaves). Click the card or press "
                         "Enter").format(card=label, deadwood=left)
            return _("Knock throwing {card}: {deadwood} deadwood left (the number on each "
                     "card: what throwing it leaves). Click the card or press "
                     "Enter").format(card=label, deadwood=left)
        if candidate is not None:
            return self.refusal(candidate, view)
        if gin:
            return _("Gin: pick the card to throw. Click it, or use Left/Right and Enter")
        # Translators: the number on each card is the deadwood left if it is thrown
        return _("Knock: pick the card to throw (each shows the deadwood it leaves). Click "
                 "it, or use Left/Right and Enter")

    def refusal(self, card: Card, view: PlayerView) -> str:
        """Why ``card`` cannot be the knock card."""
        left = deadwood_after(view, card)
        limit = view.rules.knock_limit
        label = card_label(card)
        if self.kind == "gin":
            return _("Throwing {card} leaves {deadwood} deadwood; gin needs none. "
                     "Choose a lit card").format(card=label, deadwood=left)
        if limit is not None:
            return _("Throwing {card} leaves {deadwood} deadwood; you may knock with "
                     "{limit} or less. Choose a lit card").format(
                card=label, deadwood=left, limit=limit)
        return _("You may not knock by throwing {card}. Choose a lit card").format(card=label)


def knock_options(view: PlayerView, legal: Sequence[Action], kind: str) -> dict[Card, int]:
    """The cards the player may knock (or go gin) with, and the deadwood each leaves."""
    out: dict[Card, int] = {}
    for a in legal:
        if isinstance(a, Knock):
            left = deadwood_after(view, a.card)
            if kind != "gin" or left == 0:
                out[a.card] = left
    return out
