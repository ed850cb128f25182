"""The table's state in one object: what the screen shows and how the player points at it.

:class:`TableModel` holds everything about the table that is state rather than pixels:
the view on display (and whether its hand is face up), the legal actions and button
states for it, each seat's arrangement of its hand, the keyboard focus (a card), the
cards picked up together (Rummy's selection), the pile the keyboard points at, the
knock choice in progress, the lit hint, the card just drawn (marked "new"), what is
being dragged (in cards), the hand place under the pointer, the message of the moment
(a refusal, a tip) and the arrangements an undo gives back.

It is pure Python, testable without a window: rects stay in the layout, flights and
lifts in the scene's animation, input devices in the pointer. It lives in ``ui/table``
and not in ``app/`` because what it holds is the table screen's own (focus, hover,
drag, a choice being made), not the match: the match and its moves are the
controller's. The drawing (:mod:`~knockrummy.ui.table.render`) only reads it; the
pointer, the coach and the knock choice change it only through its methods, each of
which keeps its invariants:

- the focus is a card of the displayed hand, or None;
- the selection holds cards of the displayed hand, each once;
- the knock choice, when there is one, offers at least one card, all of the hand;
- the pile focus is ``"stock"`` or ``"discard"``;
- the displayed seat's arrangement holds exactly the view's hand.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field

from knockrummy.app.controller import Step
from knockrummy.app.recap import last_moves
from knockrummy.app.saves import HandOrders
from knockrummy.coach import Hint
from knockrummy.engine import (
    Action,
    Card,
    Discard,
    DrawDiscard,
    DrawStock,
    Family,
    Knock,
    LayOff,
    MeldCards,
    PlayerView,
    TurnOver,
)
from knockrummy.engine.events import Dealt, Drew
from knockrummy.ui.felt.hand import HandOrder
from knockrummy.ui.table import controls
from knockrummy.ui.table.controls import ButtonState, KnockChoice, knock_options

#: how long a message (a refusal, a tip) stays in the status line's place, seconds
MESSAGE_SECONDS = 2.4

#: the key of an undo's saved arrangement: (hand number, actions so far in the hand)
OrderKey = tuple[int, int]

PILES = ("stock", "discard")


@dataclass
class Dragging:
    """What the player drags, in cards: cards of the hand (``source="hand"``), the top of
    a pile (``"stock"``, ``"discard"``) or a table meld clicked (``"meld<i>"``, no
    cards). ``moved``: the pointer went far enough for it to be a drag, not a click."""

    cards: list[Card]
    source: str
    moved: bool = False


@dataclass
class Message:
    """A short-lived line in the status line's place, the seconds it has left, and whose
    turn it was when it was said (it ends with that turn: "wait for Bert to play" is
    stale once Bert has played)."""

    text: str = ""
    time: float = 0.0
    turn: int = -1


@dataclass
class TableModel:
    """The table's state (see the module's docstring for what it holds and keeps)."""

    view: PlayerView
    #: whether the displayed hand is face up (False while the screen is passed between
    #: humans, or a computer plays between their turns)
    shown: bool = True
    #: each seat's arrangement of its own hand (pass-and-play keeps one per human)
    orders: dict[int, HandOrder] = field(default_factory=dict)
    #: the legal actions of the displayed view (empty when it is not the player's turn)
    legal: list[Action] = field(default_factory=list)
    #: every action button's state for them
    button_states: dict[str, ButtonState] = field(default_factory=dict)
    #: the card the keyboard (or a click, or a hint) points at: a card, not a place, so
    #: it follows the card when the hand is re-sorted and is gone with it
    focus: Card | None = None
    #: whether the keys (Left, Right) put the focus there: that card is drawn whole over
    #: its neighbours; a card clicked stays in its place in the fan, raised, so the cards
    #: beside it keep their corners to be clicked in turn
    keyed: bool = False
    #: the cards picked up together (Up, or a click in Rummy) to meld
    selected: list[Card] = field(default_factory=list)
    #: the pile the keyboard points at while drawing
    pile_focus: str = "stock"
    #: a knock (or gin) waiting for the player to choose its card
    choice: KnockChoice | None = None
    #: the place in the hand under the pointer (a place: the card there may change
    #: under a resting pointer), and the pile under it
    hover: int | None = None
    hover_pile: str | None = None
    #: what is being dragged, if anything
    drag: Dragging | None = None
    #: the position (the controller's match object) the player asked a hint for
    hint_asked: object | None = None
    #: the hint lit on the table, and the table clock when it was lit
    lit_hint: Hint | None = None
    hint_since: float = 0.0
    #: the lit hint was asked for during the knock choice (the status line says it,
    #: not the choice's prompt, while the choice shows its card or none)
    hint_in_choice: bool = False
    #: the card the viewer drew from the stock, by seat: marked "new" in the hand until
    #: that seat's next action (a new deal or any other move of theirs)
    drawn: tuple[int, Card] | None = None
    #: the message of the moment (a refused move, a tip, a save problem)
    message: Message = field(default_factory=Message)
    #: the hand's arrangement before each of the player's moves of this hand: an undo
    #: gives it back
    undo_orders: dict[OrderKey, tuple[str, list[Card]]] = field(default_factory=dict)

    @classmethod
    def start(cls, view: PlayerView, shown: bool,
              hand_orders: HandOrders | None = None) -> TableModel:
        """The model of a table opening on ``view``, with the saved arrangements."""
        model = cls(view, shown)
        for seat, (mode, cards) in (hand_orders or {}).items():
            model.orders[seat] = HandOrder(mode)
            model.orders[seat].cards = list(cards)
        model.order.sync(view.hand, view.rules.ace_high)
        return model

    # ----------------------------------------------------------------- the hand

    @property
    def order(self) -> HandOrder:
        """The arrangement of the displayed seat's hand."""
        seat = self.view.seat
        order = self.orders.get(seat)
        if order is None:
            order = self.orders[seat] = HandOrder()
        return order

    @property
    def cards(self) -> list[Card]:
        """The displayed hand, in its order on screen."""
        return self.order.cards

    def hand_orders(self) -> HandOrders:
        """Every seat's arrangement that holds cards, for the save."""
        return {seat: (o.mode, tuple(o.cards)) for seat, o in self.orders.items() if o.cards}

    def sort(self, mode: str) -> None:
        """Sort the hand by ``mode`` ("rank", "suit", "melds") now and on later changes;
        the focus and the selection stay on the same cards."""
        self.order.set_mode(mode, self.view.rules.ace_high)

    def move_card(self, card: Card, index: int) -> None:
        """The player put ``card`` at ``index`` of the hand (the order becomes manual)."""
        self.order.move(card, index)

    def meld_group_of(self, card: Card) -> list[Card]:
        """The cards of the underlined meld group ``card`` sits in, if any."""
        start = 0
        order = self.order
        for size, is_meld in zip(order.groups, order.meld_groups, strict=False):
            group = order.cards[start:start + size]
            if card in group:
                return list(group) if is_meld and len(group) >= 3 else []
            start += size
        return []

    # ----------------------------------------------------------------- the view

    def show(self, view: PlayerView, shown: bool) -> None:
        """A step of the match is being shown: follow its hand; picks of cards that left
        it (thrown or melded) are gone."""
        self.view = view
        self.shown = shown
        self.order.sync(view.hand, view.rules.ace_high)
        self._prune()
        if self.choice is not None and not set(self.choice.options) <= set(view.hand):
            self.choice = None  # the position changed under the choice

    def switch_viewer(self, view: PlayerView, shown: bool) -> None:
        """Another seat's side of the table (a hand-off): nothing picked, chosen, hovered
        or dragged carries over, nor a message said to the last player ("Wait for Bert to
        play" greeted the next one)."""
        self.view = view
        self.shown = shown
        self.message.time = 0.0
        self.selected = []
        self.focus = None
        self.choice = None
        self.hover = None
        self.drag = None
        self.order.sync(view.hand, view.rules.ace_high)

    def restore(self, view: PlayerView, shown: bool, key: OrderKey) -> None:
        """After an undo: the restored view, the arrangement the hand had before the move
        taken back (when one was kept), and nothing picked, chosen, lit or dragged."""
        saved = self.undo_orders.get(key)
        if saved is not None:
            self.order.mode, self.order.cards = saved[0], list(saved[1])
        self.switch_viewer(view, shown)
        self.put_out_hint()

    def set_legal(self, legal: Sequence[Action], my_turn: bool, human_to_act: bool) -> None:
        """The legal actions of the displayed view (and so the buttons' states); a knock
        choice whose position changed under it ends."""
        self.legal = list(legal)
        if not human_to_act:  # each turn's draw starts on the stock: Enter never takes
            self.pile_focus = "stock"  # the pile's card because of an earlier turn
        self.button_states = controls.buttons(self.view, self.legal, my_turn, self.selected)
        if self.choice is not None and not knock_options(self.view, self.legal,
                                                         self.choice.kind):
            self.choice = None

    def note_step(self, step: Step) -> None:
        """Remember the card the viewer drew from the stock; forget it at their next move."""
        seat = step.after.seat
        for event in step.events:
            if isinstance(event, Drew) and event.seat == seat and event.card is not None \
                    and event.source == "stock":
                self.drawn = (seat, event.card)
            elif isinstance(event, Dealt) or getattr(event, "seat", None) == seat:
                self.drawn = None

    def fresh(self) -> Card | None:
        """The card the viewer just drew from the stock (still in their hand), if any."""
        view = self.view
        if self.drawn is None or self.drawn[0] != view.seat or view.current != view.seat:
            return None
        return self.drawn[1] if self.drawn[1] in view.hand else None

    def fresh_card(self) -> tuple[Card, str] | None:
        """The card the player just drew (from the stock) or took (from the pile), with its
        tag: raised and marked in the hand until their next move."""
        drawn = self.fresh()
        if drawn is not None:
            return drawn, "new"
        view = self.view
        if view.taken is not None and view.taken in view.hand and view.current == view.seat:
            return view.taken, "taken"
        return None

    def last_moves(self) -> list[str]:
        """The last moves of this hand, one turn a line, oldest first."""
        return last_moves(self.view.log, self.view.names, limit=12)

    # ----------------------------------------------------------------- focus and picks

    @property
    def focus_index(self) -> int | None:
        """The focused card's place in the hand as shown, if any."""
        return self.cards.index(self.focus) if self.focus in self.cards else None

    def focus_on(self, card: Card | None) -> None:
        """Point the keyboard at ``card`` (nothing when it is not in the hand): a click."""
        self.focus = card if card in self.cards else None
        self.keyed = False

    def focus_at(self, index: int | None) -> None:
        """Point the keyboard at the card at ``index`` of the hand (nothing outside it)."""
        cards = self.cards
        self.focus = cards[index] if index is not None and 0 <= index < len(cards) else None

    def focus_next(self, delta: int) -> None:
        """Left (``delta`` -1) or Right (+1): the next card, round the ends; while choosing
        a knock card, the next one allowed. The first arrow after a draw picks the card
        just drawn or taken."""
        cards = self.cards
        if not cards:
            return
        self.keyed = True
        allowed = list(range(len(cards)))
        if self.choice is not None:
            self.hover = None  # the keys choose now, not the resting pointer
            allowed = [i for i, c in enumerate(cards) if c in self.choice.options] or allowed
        now = self.focus_index
        # the card just drawn, or taken from the pile (a helper took the 5♦, pressed Right
        # and found the far left card lit, and threw it with Enter)
        just = self.fresh_card()
        fresh = just[0] if just is not None else None
        if now is None and fresh in cards and cards.index(fresh) in allowed:
            self.focus = fresh
            return
        if now is None:
            self.focus_at(allowed[0] if delta > 0 else allowed[-1])
            return
        later = [i for i in allowed if (i - now) * delta > 0]
        if later:
            self.focus_at(later[0] if delta > 0 else later[-1])
        else:  # wrap round
            self.focus_at(allowed[0] if delta > 0 else allowed[-1])

    def on_top(self, hinted: Collection[Card]) -> list[int]:
        """The places of the hand's cards drawn whole over their neighbours, last on top:
        the card the keys point at, and the hint's cards."""
        return [i for i, c in enumerate(self.cards)
                if (c is self.focus and self.keyed) or c in hinted]

    def toggle_selected(self, card: Card) -> bool:
        """Pick ``card`` up with the others (or put it down); True when it is now picked."""
        if card in self.selected:
            self.selected.remove(card)
            return False
        if card not in self.cards:
            return False
        self.selected.append(card)
        return True

    def select(self, cards: Sequence[Card]) -> None:
        """Pick up exactly ``cards`` (those of the hand)."""
        self.selected = [c for c in dict.fromkeys(cards) if c in self.cards]

    def picked_one(self) -> Card | None:
        """The one card a click on the pile or a meld (or M) acts on: the single card
        picked up, else the focused card."""
        if self.selected:
            return self.selected[0] if len(self.selected) == 1 else None
        return self.focus

    def toggle_pile_focus(self) -> None:
        """Left or Right while drawing: the other pile."""
        self.pile_focus = "discard" if self.pile_focus == "stock" else "stock"

    def focus_pile(self, pile: str) -> None:
        """Point the keyboard at ``pile`` ("stock" or "discard")."""
        if pile in PILES:
            self.pile_focus = pile

    def clear_after_move(self) -> None:
        """A move was made: each move is picked afresh, so no pick, focus or choice
        outlives it, and the card sliding under a resting pointer is not "hovered"; a
        message about the move ("Q♥ picked: click the discard pile…") is stale once it is
        made."""
        self.message.time = 0.0
        self.selected = []
        self.focus = None
        self.choice = None
        self.hover = None

    def _prune(self) -> None:
        cards = set(self.cards)
        self.selected = [c for c in self.selected if c in cards]
        if self.focus not in cards:
            self.focus = None

    # ----------------------------------------------------------------- knocking

    def knock_options(self, kind: str) -> dict[Card, int]:
        """The cards the player may knock (``kind`` "knock") or go gin with now."""
        return knock_options(self.view, self.legal, kind)

    def start_knock_choice(self, kind: str) -> bool:
        """Knock or Gin pressed: the player now chooses the card. False (and no choice)
        when no card may be thrown so.

        The choice starts on a card, lit, which its prompt names and Enter knocks with
        (with none, the only thing lit was the Cancel button, and a player took Enter
        for cancelling): the card a knock hint names, or the card the player pointed
        the keys at (or clicked) before; else the knock that leaves least, the card
        drawn or taken this turn when it leaves as little (a newcomer told to knock
        throwing Q♦ found the A♦ just drawn lit, which left 15 where Q♦ left 6, and
        Enter would have knocked with it). A focus the lit hint put on its own discard ("Don't
        knock yet: discard 6♣ ... You could knock throwing 4♠ with 1") is the hint's, not
        the player's: it moves to the knock that leaves least, the one the hint names."""
        options = self.knock_options(kind)
        if not options:
            return False
        self.choice = KnockChoice(kind, options)
        self.hint_in_choice = False
        # a pointer resting over a card is not a choice: until it moves, the choice shows
        # the keyboard's card (what Enter knocks with)
        self.hover = None
        best = min(options, key=lambda c: (options[c], -c.index))
        hint = self.lit_hint
        just = self.fresh_card()
        if hint is not None and not isinstance(hint.action, Knock):
            start = best
        elif self.focus in options:
            start = self.focus
        elif just is not None and options.get(just[0]) == options[best]:
            start = just[0]
        else:
            start = best
        if start is not self.focus:
            self.focus_on(start)
        return True

    def cancel_knock_choice(self) -> None:
        """Leave the knock choice without knocking."""
        self.choice = None

    def choice_candidate(self) -> Card | None:
        """The card the knock choice shows: the hovered card, else the keyboard's."""
        if self.hover is not None and 0 <= self.hover < len(self.cards) and self.drag is None:
            return self.cards[self.hover]
        return self.focus

    # ----------------------------------------------------------------- pointer

    def hover_over(self, index: int | None, pile: str | None) -> bool:
        """The pointer rests over hand place ``index`` and ``pile``; True if that changed."""
        if index == self.hover and pile == self.hover_pile:
            return False
        self.hover = index
        self.hover_pile = pile
        return True

    def start_drag(self, cards: Sequence[Card], source: str) -> None:
        """The button went down on cards of the hand, a pile or a table meld."""
        self.drag = Dragging(list(cards), source)

    def drag_moved(self) -> None:
        """The pointer went far enough from where it was pressed: it is a drag now, not a
        click (and stays one)."""
        if self.drag is not None:
            self.drag.moved = True

    def end_drag(self) -> Dragging | None:
        """The button went up: what was being dragged (now nothing is)."""
        drag, self.drag = self.drag, None
        return drag

    def dragging(self) -> Dragging | None:
        """The drag under way, once the pointer has moved far enough to make it one."""
        return self.drag if self.drag is not None and self.drag.moved else None

    def drop_targets(self) -> dict[str, bool]:
        """Which drop targets are legal for the dragged cards (for the glow): "hand" for a
        pile, "discard", "meld<i>" and "zone" (a new meld) for cards of the hand."""
        drag = self.drag
        if drag is None:
            return {}
        out: dict[str, bool] = {}
        legal = self.legal
        if drag.source != "hand" or not drag.cards:
            out["hand"] = drag.source == "stock" and any(
                isinstance(a, DrawStock | TurnOver) for a in legal) or (
                drag.source == "discard" and any(isinstance(a, DrawDiscard) for a in legal))
            return out
        card = drag.cards[0]
        out["discard"] = len(drag.cards) == 1 and any(
            isinstance(a, Discard) and a.card is card for a in legal)
        for i in range(len(self.view.table)):
            out[f"meld{i}"] = any(isinstance(a, LayOff) and a.card is card and a.target == i
                                  for a in legal)
        wanted = set(drag.cards)
        if len(drag.cards) == 1 and self.view.rules.family is Family.RUMMY:
            wanted = set(self.meld_group_of(card)) or wanted
        out["zone"] = any(isinstance(a, MeldCards) and set(a.cards) == wanted for a in legal)
        return out

    def lift_target(self, index: int, card: Card) -> float:
        """How high the card at ``index`` should stand: 2 picked (selected, or the knock
        choice's candidate), 1 under the pointer or lit by the hint, else 0."""
        if card in self.selected:
            return 2.0
        if self.choice is not None and card is self.choice_candidate():
            return 2.0
        hint = self.lit_hint
        if hint is not None and card in hint.cards and self.drag is None:
            return 1.0
        return 1.0 if self.hover == index and self.drag is None else 0.0

    # ----------------------------------------------------------------- hints

    def ask_hint(self, position: object) -> None:
        """The player asked for a hint at ``position`` (it shows only there)."""
        self.hint_asked = position

    def light_hint(self, hint: Hint | None, clock: float) -> bool:
        """The hint for the asked position (None: none to show). A new one is lit at
        ``clock`` and points the keyboard at it: the card to throw or knock with gets
        the focus, a draw the pile focus, a meld picks its cards. True if it is new."""
        if hint is self.lit_hint:
            return False
        self.lit_hint = hint
        if hint is None:
            return False
        self.hint_since = clock
        self.hint_in_choice = self.choice is not None
        if hint.kind in ("discard", "knock") and hint.cards and hint.cards[0] in self.cards:
            self.focus_on(hint.cards[0])
        elif hint.kind in ("draw_stock", "draw_discard", "pass", "turn_over"):
            self.pile_focus = "discard" if hint.kind == "draw_discard" else "stock"
        elif hint.kind == "meld":
            self.select(hint.cards)
        return True

    def put_out_hint(self) -> bool:
        """The player points elsewhere, or the position changed: no hint is asked or lit
        (Enter follows the player). True if one was."""
        if self.hint_asked is None and self.lit_hint is None:
            return False
        self.hint_asked = None
        self.lit_hint = None
        return True

    def hint_button(self, hint: Hint) -> str | None:
        """The table button the hint is about, if any (Gin when a knock leaves nothing and
        the Gin button may be pressed)."""
        key = KIND_BUTTON.get(hint.kind)
        if key == "knock" and hint.cards and \
                controls.deadwood_after(self.view, hint.cards[0]) == 0:
            gin = self.button_states.get("gin")
            if gin is not None and gin.visible and gin.enabled:
                return "gin"
        return key

    # ----------------------------------------------------------------- undo

    def remember_order(self, key: OrderKey) -> None:
        """Before the player's move at ``key``: keep the hand's arrangement for an undo
        (only this hand's are kept)."""
        self.undo_orders = {k: v for k, v in self.undo_orders.items() if k[0] == key[0]}
        self.undo_orders[key] = (self.order.mode, list(self.order.cards))

    # ----------------------------------------------------------------- messages

    def tell(self, text: str, seconds: float = MESSAGE_SECONDS) -> None:
        """Show ``text`` in the status line's place for ``seconds``, or until the turn
        passes to another seat."""
        self.message = Message(text, seconds, self.view.current)

    def tick(self, dt: float) -> None:
        """Time passes: the message fades out when its time is up."""
        if self.message.time > 0:
            self.message.time = max(0.0, self.message.time - dt)

    @property
    def telling(self) -> str | None:
        """The message showing now, if any."""
        m = self.message
        if m.time <= 0 or not m.text or m.turn not in (-1, self.view.current):
            return None
        return m.text


#: the hint's kind (``action_to_json`` type) -> the table button to light
KIND_BUTTON = {"knock": "knock", "big_gin": "big_gin", "lay_down": "lay_down", "pass": "pass",
               "turn_over": "turn_over", "meld": "meld", "finish_layoffs": "finish"}
