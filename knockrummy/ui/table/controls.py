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
    MeldCards,
    PassUpcard,
    Phase,
    PlayerView,
    TurnOver,
    min_deadwood,
)
from knockrummy.engine.melds import cards_value
from knockrummy.words.grammar import does, possessive


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


def _wait_reason(view: PlayerView) -> str:
    if view.phase is Phase.HAND_OVER:
        return "The hand is over"
    if view.current != view.seat:
        return f"Wait for {view.names[view.current]} to play"
    if view.phase in (Phase.DRAW, Phase.UPCARD_OFFER):
        return "Draw a card first"
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
    wait = _wait_reason(view) if not my_turn or view.phase in (
        Phase.DRAW, Phase.UPCARD_OFFER) else ""
    out: dict[str, ButtonState] = {}
    knock = can_knock(view, acts)
    # once somebody has knocked, the ways to end the hand are gone from the table
    ending = view.phase not in (Phase.LAYOFF, Phase.HAND_OVER)
    has_knock = family is not Family.RUMMY and ending
    reason = wait
    if not reason and knock is None and has_knock and view.phase is Phase.PLAY:
        reason = (f"Knock needs {rules.knock_limit} or less deadwood; you have "
                  f"{best_deadwood(view)}") if rules.knock_limit is not None else \
            "You may not knock now"
    out["knock"] = ButtonState(has_knock, knock is not None, knock, reason, "Knock")
    gin_family = family in (Family.GIN, Family.GIN_MULTI) and ending
    gin = can_knock(view, acts, gin_only=True)
    reason = wait or ("" if gin else f"Gin needs every card but the discard in melds; "
                      f"you have {best_deadwood(view)} deadwood")
    out["gin"] = ButtonState(gin_family, gin is not None, gin, reason, "Gin")
    big = next((a for a in acts if isinstance(a, BigGin)), None)
    out["big_gin"] = ButtonState(rules.big_gin_bonus is not None and ending, big is not None, big,
                                 wait or "Big gin needs all your cards in melds after the draw",
                                 "Big Gin")
    lay = next((a for a in acts if isinstance(a, LayDown)), None)
    out["lay_down"] = ButtonState(rules.lay_down_without_discard and ending, lay is not None, lay,
                                  wait or "Laying down needs every card in melds after the draw",
                                  "Lay down")
    pas = next((a for a in acts if isinstance(a, PassUpcard)), None)
    out["pass"] = ButtonState(rules.first_turn_upcard_offer and view.phase is Phase.UPCARD_OFFER,
                              pas is not None, pas, wait or "You can pass only on the first turn",
                              "Pass")
    turn = next((a for a in acts if isinstance(a, TurnOver)), None)
    out["turn_over"] = ButtonState(turn is not None, True, turn, "", "Turn pile over")
    meld: Action | None = None
    meld_reason = wait or "Pick three or more cards that make a set or a run"
    if selection and my_turn:
        cand = MeldCards(tuple(selection))
        if any(isinstance(a, MeldCards) and set(a.cards) == set(selection) for a in acts):
            meld = cand
    out["meld"] = ButtonState(family is Family.RUMMY, meld is not None, meld, meld_reason,
                              "Meld")
    fin = next((a for a in acts if isinstance(a, FinishLayoffs)), None)
    out["finish"] = ButtonState(view.phase is Phase.LAYOFF and view.current == view.seat,
                                fin is not None, fin, wait, "Done laying off")
    return out


def status_line(view: PlayerView, legal: Sequence[Action], my_turn: bool,
                thinking: int | None, human: bool) -> str:
    """Whose turn it is and what can be done, in words."""
    names = view.names
    if view.phase is Phase.HAND_OVER:
        return "The hand is over"
    if not my_turn:
        who = names[view.current]
        be = "are" if possessive(who) == "your" else "is"
        if view.phase is Phase.LAYOFF:
            return f"{who} {be} laying off"
        if thinking == view.current:
            return f"{who} {be} thinking..."
        whose = possessive(who)
        return f"{whose[:1].upper()}{whose[1:]} turn" if human else does(who, "plays")
    if view.phase is Phase.UPCARD_OFFER:
        top = view.upcard
        name = f"the {top.name}" if top else "the up card"
        return f"Take {name} from the discard pile, or pass"
    if view.phase is Phase.DRAW:
        extra = " (or turn the pile over)" if any(isinstance(a, TurnOver) for a in legal) else ""
        if not any(isinstance(a, DrawStock) for a in legal):
            return "The stock is empty: take the top discard or turn the pile over"
        if not any(isinstance(a, DrawDiscard) for a in legal):
            return "Draw a card from the stock"
        return f"Your turn: draw a card from the stock or the discard pile{extra}"
    if view.phase is Phase.LAYOFF:
        return (f"Lay off onto {possessive(names[view.knocker or 0])} melds (drag a card, or "
                "pick it and press Enter), then press Done")
    if view.rules.family is Family.RUMMY:
        return ("Meld or lay off (drag, or pick with Up and press M), then throw a card to the "
                "pile")
    can_knock = any(isinstance(a, Knock) for a in legal)
    if can_knock:
        return "Discard a card to the pile, or knock"
    return "Discard a card to the pile"


def hand_count_text(view: PlayerView) -> str:
    """The live count next to the hand: deadwood, or hand value in Rummy."""
    ace = view.rules.ace_high
    if view.rules.family is Family.RUMMY:
        return f"Hand value: {cards_value(view.hand, ace)}"
    dead = min_deadwood(view.hand, ace)
    text = f"Deadwood: {dead}"
    if view.phase is Phase.PLAY and view.current == view.seat:
        text += f"  (after your best discard: {best_deadwood(view)})"
    if view.rules.knock_limit is not None:
        text += f"   Knock at {view.rules.knock_limit} or less"
    return text


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
        return "go gin" if self.kind == "gin" else "knock"

    def prompt(self, candidate: Card | None) -> str:
        """The status line while the player chooses."""
        if candidate is not None and candidate in self.options:
            left = self.options[candidate]
            move = "Go gin" if self.kind == "gin" else "Knock"
            return (f"{move} throwing {candidate.label}: {left} deadwood left. Click it or "
                    "press Enter")
        if candidate is not None:
            return f"{candidate.label} cannot be thrown to {self.word}: choose a lit card"
        move = "Gin" if self.kind == "gin" else "Knock"
        return f"{move}: pick the card to throw. Click it, or use Left/Right and Enter"

    def refusal(self, card: Card, view: PlayerView) -> str:
        """Why ``card`` cannot be the knock card."""
        left = deadwood_after(view, card)
        limit = view.rules.knock_limit
        if self.kind == "gin":
            return (f"Throwing {card.label} leaves {left} deadwood; gin needs none. "
                    "Choose a lit card")
        if limit is not None:
            return (f"Throwing {card.label} leaves {left} deadwood; you may knock with "
                    f"{limit} or less. Choose a lit card")
        return f"You may not knock by throwing {card.label}. Choose a lit card"


def knock_options(view: PlayerView, legal: Sequence[Action], kind: str) -> dict[Card, int]:
    """The cards the player may knock (or go gin) with, and the deadwood each leaves."""
    out: dict[Card, int] = {}
    for a in legal:
        if isinstance(a, Knock):
            left = deadwood_after(view, a.card)
            if kind != "gin" or left == 0:
                out[a.card] = left
    return out
