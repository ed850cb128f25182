"""The table screen: state, the step queue, buttons and the hand-over to the showdown.

Input lives in :mod:`knockrummy.ui.table.pointer`, drawing in
:mod:`knockrummy.ui.table.render`; this module holds what both read.

Pass-and-play: the controller decides whose side of the table is shown and
whether that hand may be face up (:attr:`TableScene.shown`, taken from each
step as it is animated); when it says a hand-off is due and nothing is left to
animate, the table opens the opaque :class:`~knockrummy.ui.screens.handoff.HandoffScene`,
and when that human is ready the table takes up their view. Each seat keeps its
own arrangement of its hand (:attr:`TableModel.orders`), saved with the match.

The table's state (the view shown, focus, picks, the knock choice, the lit hint, the
drag, the message...) is one object, :attr:`TableScene.model`
(:class:`~knockrummy.ui.table.model.TableModel`); this scene is the glue: events in,
the model and the controller, the animations and the layout.

Hint and Undo live in :mod:`knockrummy.ui.table.coach` (:attr:`TableScene.coach`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from knockrummy.app.controller import Step
from knockrummy.engine import Action, Card, Family, Knock, LayOff, Phase, PlayerView
from knockrummy.engine.hand_replay import drawn_from_stock
from knockrummy.i18n import _, pgettext
from knockrummy.ui.easing import ease_out_back, move_duration
from knockrummy.ui.felt.anim import Director, Flight
from knockrummy.ui.felt.hand import HandOrder
from knockrummy.ui.felt.layout import TableLayout, compute, hand_groups_for
from knockrummy.ui.scene import Scene
from knockrummy.ui.table import render
from knockrummy.ui.table.coach import TableCoach
from knockrummy.ui.table.controls import KnockChoice
from knockrummy.ui.table.host import TableSession
from knockrummy.ui.table.model import TableModel
from knockrummy.ui.table.pointer import PRESS_KEYS, Pointer
from knockrummy.ui.widgets import MIN_TEXT, Button
from knockrummy.words.cards import card_label

if TYPE_CHECKING:
    from knockrummy.ui.app import App


#: seconds the table stays as the hand ended before the showdown opens (at speed 1)
HAND_OVER_HOLD = 1.5

#: seconds after a hand-off shows the next person's cards during which Enter, Space and
#: clicks do nothing: the hand-off is passed with Enter or a click, and a second one out
#: of habit drew a card for a person who had not yet seen their hand
SETTLE = 0.5

#: the table's buttons: key and keyboard key (their words: :func:`button_label`,
#: :func:`button_tip`)
BUTTONS = (
    ("knock", "K"), ("gin", "G"), ("big_gin", "B"), ("lay_down", "L"), ("pass", "P"),
    ("turn_over", "T"), ("meld", "M"), ("finish", "F"), ("menu", "Esc"), ("sort_rank", "S"),
    ("sort_suit", "S"), ("arrange", "A"), ("hint", "H"), ("undo", "Ctrl+Z"),
)


def key_name(key: str) -> str:
    """A keyboard key as the player's keyboard names it (letters are themselves)."""
    if key == "Esc":
        # Translators: the name of a key on the keyboard, shown in tooltips
        return pgettext("key", "Esc")
    if key == "Ctrl+Z":
        # Translators: the keys that take back a move (Strg+Z on a German keyboard)
        return pgettext("key", "Ctrl+Z")
    return key


def button_label(key: str) -> str:
    """The words on the table's button ``key``."""
    # Translators: the table's buttons are about 150 px wide in the smallest window (a
    # dozen letters at 17 px): keep these short, or they are shrunk and cut
    labels = {
        "knock": pgettext("button", "Knock"), "gin": pgettext("button", "Gin"),
        "big_gin": pgettext("button", "Big Gin"), "lay_down": pgettext("button", "Lay down"),
        "pass": pgettext("button", "Pass"), "turn_over": pgettext("button", "Turn pile over"),
        "meld": pgettext("button", "Meld"), "finish": pgettext("button", "Done laying off"),
        "menu": pgettext("button", "Menu"), "sort_rank": pgettext("button", "Sort by rank"),
        "sort_suit": pgettext("button", "Sort by suit"),
        "arrange": pgettext("button", "Arrange melds"), "hint": pgettext("button", "Hint"),
        "undo": pgettext("button", "Undo"),
    }
    return labels[key]


def button_tip(key: str) -> str:
    """What the table's button ``key`` does, for its tooltip."""
    tips = {
        "knock": _("Knock: end the hand now; then choose the card to throw (or drag a card "
                   "onto this button)"),
        "gin": _("Go gin: knock with every other card in melds; then choose the card to "
                 "throw"),
        "big_gin": _("Big gin: all your cards in melds, no discard"),
        "lay_down": _("Lay down all your cards (all matched), no discard"),
        "pass": _("Pass on the up card"),
        "turn_over": _("Turn the discard pile over as the new stock"),
        "meld": _("Lay the picked cards on the table as a meld"),
        "finish": _("Finish laying off"),
        "menu": _("Menu: rules, scores, settings, quit"),
        "sort_rank": _("Sort your hand by rank"),
        "sort_suit": _("Sort your hand by suit"),
        "arrange": _("Group your melds, deadwood last"),
        "hint": _("Hint: what the computer that gives the hints would do now, and why, lit "
                  "up on the table"),
        "undo": _("Take back your last move (and the computers' moves since); the match is "
                  "marked in your statistics"),
    }
    return tips[key]



#: the action buttons from the top of their column down: the ones that come and go with
#: the phase (pass, turn over, done) sit above the others, so Knock, Gin and Big Gin keep
#: their places when the up card has been passed
ACTION_ORDER = ("pass", "turn_over", "finish", "knock", "gin", "big_gin", "lay_down", "meld")


class TableScene(Scene):
    """The game table."""

    name = "table"

    def __init__(self, app: App, session: TableSession) -> None:
        super().__init__(app)
        #: the match shown (its controller, autosave, hand orders), told of every
        #: rearranged hand
        self.session = session
        controller = self.controller = session.controller
        #: the table's state: the view shown, the hand orders, focus, picks, the knock
        #: choice, the lit hint, the drag, the message (see :mod:`.model`)
        self.model = TableModel.start(controller.view(), controller.hand_shown,
                                      session.hand_orders)
        # a game resumed after a draw from the stock: the card drawn is "new" again (it
        # lost its mark, and the first arrow lit another card: a first-time player)
        self.model.drawn = drawn_from_stock(controller.match)
        self.director = Director(app.sounds.play, self.model.tell)
        self.director.speed = app.prefs.speed_factor
        self.director.conceal = not self.shown
        self.layout: TableLayout = compute(app.size, self.view, self._groups(),
                                          self.order.meld_groups, render.text_room(app))
        #: how far each hand card is lifted, 0..1, eased towards hover/selection
        self.lift: dict[Card, float] = {}
        #: how far each hand card stands aside, in pixels, eased towards where the hand
        #: opens round a card drawn whole (:meth:`TableLayout.spread`)
        self.shift: dict[Card, float] = {}
        #: where the cards of the next step start (a drop), by card
        self.sources: dict[Card, pygame.Rect] = {}
        self.hand_over_hold = -1.0
        self.clock = 0.0
        #: the window's time before which presses do nothing (:data:`SETTLE`)
        self.settled_at = 0.0
        self.buttons = self._make_buttons()
        self.coach = TableCoach(self)
        self.pointer = Pointer(self)
        if self.view.phase is Phase.HAND_OVER:  # resumed between hands: show the result
            self.hand_over_hold = 0.2
        self.refresh()
        self.keep_orders()

    @property
    def view(self) -> PlayerView:
        """The view on display (the model's; read-only here)."""
        return self.model.view

    @property
    def shown(self) -> bool:
        """Whether the displayed hand is face up (the model's; read-only here)."""
        return self.model.shown

    @property
    def order(self) -> HandOrder:
        """The arrangement of the displayed seat's hand (the model's)."""
        return self.model.order

    @property
    def orders(self) -> dict[int, HandOrder]:
        """Every seat's arrangement of its hand (the model's)."""
        return self.model.orders

    def keep_orders(self) -> None:
        """Tell the session how every seat's hand is arranged now (it saves that with the
        match): after each change, before each move is sent and each frame's play."""
        self.session.arrange(self.model.hand_orders())

    def order_changed(self) -> None:
        """The player rearranged their hand: lay it out again and save the arrangement."""
        self.relayout()
        self.keep_orders()
        self.session.touch()

    def sync_viewer(self) -> None:
        """Show the controller's current view (after a hand-off changed the viewer).

        Only when nothing is queued or moving: queued steps belong to the old view.
        """
        c = self.controller
        if c.steps or self.director.active:
            return
        view = c.view()
        shown = c.hand_shown
        if view == self.view and shown == self.shown:
            return
        self.model.switch_viewer(view, shown)
        if shown:
            self.settled_at = self.app.now() + SETTLE
        self.director.conceal = not shown
        self.lift = {}
        self.shift = {}
        self.relayout()
        self.refresh()

    # ----------------------------------------------------------------- buttons

    def _make_buttons(self) -> dict[str, Button]:
        def act(key: str) -> Callable[[], None]:
            return lambda: self.press(key)

        return {key: Button(button_label(key), act(key), key_name(hint), button_tip(key))
                for key, hint in BUTTONS}

    def relabel(self) -> None:
        """The language changed: every word the table keeps (its buttons' labels, keys and
        tooltips, the cached drawing) made anew, and the table laid out again. The match,
        the hand, its order, the focus and picks are kept as they are."""
        hints = dict(BUTTONS)
        for key, button in self.buttons.items():
            if key in hints:
                button.label = button_label(key)
                button.key_hint = key_name(hints[key])
                button.tooltip = button_tip(key)
        self.model.message.time = 0.0  # a passing message, said in the old language
        self.controller.hints.speak_again()
        if self.model.put_out_hint():  # a hint worded in the old language: asked again
            self.coach.ask()
        render.forget_cache()
        self.relayout()
        self.refresh()
        self.app.dirty = True

    def press(self, key: str) -> None:
        """A button or its key."""
        if key == "menu":
            self.app.open("pause")
            return
        if key == "hint":
            self.coach.ask()
            return
        if key == "undo":
            self.coach.undo()
            return
        if key == "meld" and self._lay_off_picked():
            return
        if key in ("sort_rank", "sort_suit", "arrange"):
            if not self.shown:
                return
            self.model.sort({"sort_rank": "rank", "sort_suit": "suit"}.get(key, "melds"))
            self.order_changed()
            return
        state = self.model.button_states.get(key)
        if state is None or not state.visible:
            return
        if not state.enabled or state.action is None:
            if state.reason:
                self.model.tell(state.reason)
                self.app.dirty = True
            return
        if key in ("knock", "gin"):
            self.start_choice(key)
            return
        self.act(state.action)

    def _lay_off_picked(self) -> bool:
        """M with one card picked that fits a table meld: lay it off there (the keyboard's
        way to lay off in Rummy). False when that is not the case (M then melds)."""
        picked = self.model.picked_one()
        if picked is None or self.view.rules.family is not Family.RUMMY:
            return False
        fits = [a for a in self.model.legal if isinstance(a, LayOff) and a.card is picked]
        if not fits:
            return False
        self.act(fits[0])
        return True

    # ----------------------------------------------------------------- knocking

    def start_choice(self, kind: str) -> None:
        """Knock or Gin pressed: the player now chooses the card (pressed again: cancel)."""
        choice = self.model.choice
        if choice is not None:
            self.cancel_choice()
            if choice.kind == kind:
                return
        if not self.model.start_knock_choice(kind):
            return
        # the player chose to knock: Enter now knocks with the card shown, never the lit
        # hint's move (a "Don't knock yet: discard 4♠" hint would throw 4♠ unknocked)
        self.coach.dismiss()
        self.refresh()
        self.app.dirty = True

    def cancel_choice(self) -> None:
        """Leave the knock choice without knocking."""
        self.model.cancel_knock_choice()
        self.refresh()
        self.app.dirty = True

    def knock_with(self, card: Card, kind: str = "knock",
                   sources: dict[Card, pygame.Rect] | None = None) -> str | None:
        """Knock (or go gin) throwing ``card``, the player's explicit choice; the reason
        when that card may not be thrown so."""
        options = self.model.knock_options(kind)
        if card not in options:
            reason = KnockChoice(kind, options).refusal(card, self.view)
            self.model.tell(reason)
            self.app.dirty = True
            return reason
        action = next(a for a in self.model.legal if isinstance(a, Knock) and a.card is card)
        self.model.cancel_knock_choice()
        if self.app.prefs.confirm_knock:
            if kind == "gin":
                question = _("Go gin with {deadwood} deadwood, throwing {card}?")
            else:
                question = _("Knock with {deadwood} deadwood, throwing {card}?")
            self.app.open(
                "confirm", question.format(deadwood=options[card], card=card_label(card)),
                lambda: self._act_quiet(action, sources))
            self.refresh()
            return None
        return self.act(action, sources)

    def _act_quiet(self, action: Action, sources: dict[Card, pygame.Rect] | None = None) -> None:
        self.act(action, sources)

    def act(self, action: Action, sources: dict[Card, pygame.Rect] | None = None) -> str | None:
        """Send the player's action; on refusal show the reason and return it."""
        self.director.finish()
        if self.controller.refusal(action) is None:
            self.coach.remember_order()
        self.keep_orders()
        reason = self.controller.submit(action)
        if reason is not None:
            self.model.tell(reason)
            self.app.dirty = True
            return reason
        # the player's cards fly from where they are drawn (raised, or aside where the
        # hand opens round a card drawn whole), unless dropped elsewhere
        standing = {c: render.hand_rect(self, i, c)
                    for i, c in enumerate(self.model.cards[:len(self.layout.hand)])}
        self.sources = {**standing, **(sources or {})}
        self.model.clear_after_move()
        self._next_step()
        return None

    # ----------------------------------------------------------------- state

    def _groups(self) -> list[int]:
        return hand_groups_for(self.order.cards, self.order.groups)

    def relayout(self) -> None:
        """Recompute the layout (resize, hand order change)."""
        self.layout = compute(self.app.size, self.view, self._groups(), self.order.meld_groups,
                              render.text_room(self.app))
        self._place_buttons()
        self.app.dirty = True

    def refresh(self) -> None:
        """Legal actions and button states for the displayed view."""
        c = self.controller
        my_turn = c.human_to_act and not self.director.active and not c.steps
        self.model.set_legal(c.legal() if my_turn else [], my_turn, c.human_to_act)
        choice = self.model.choice
        for key, state in self.model.button_states.items():
            b = self.buttons[key]
            b.visible = state.visible
            b.enabled = state.enabled
            b.reason = state.reason
            b.label = state.label
            b.tooltip = button_tip(key)
            if choice is not None and choice.kind == key:
                b.label = pgettext("button", "Cancel")
                b.tooltip = _("Cancel: throw nothing yet and keep playing (Esc does the same)")
        for key in ("sort_rank", "sort_suit", "arrange"):  # nothing to sort in a hidden hand
            self.buttons[key].visible = self.shown
        self.coach.refresh_buttons()
        self._place_buttons()

    def _place_buttons(self) -> None:
        lay = self.layout
        bh = max(44, self.app.px(46))
        gap = max(6, self.app.px(8))
        right = [k for k in ACTION_ORDER if self.buttons[k].visible] + ["menu"]
        y = lay.size[1] - 16 - bh
        for key in reversed(right):
            self.buttons[key].rect = pygame.Rect(lay.right_buttons.left, y,
                                                 lay.right_buttons.width, bh)
            y -= bh + gap
        y = lay.size[1] - 16 - bh
        for key in ("arrange", "sort_suit", "sort_rank"):
            self.buttons[key].rect = pygame.Rect(lay.left_buttons.left, y,
                                                 lay.left_buttons.width, bh)
            y -= bh + gap
        # Hint and Undo share the row above (Hint alone when there is no undo)
        hint, undo = self.buttons["hint"], self.buttons["undo"]
        row = pygame.Rect(lay.left_buttons.left, y, lay.left_buttons.width, bh)
        half = (row.width - gap) // 2
        font = self.app.fonts.font(MIN_TEXT, True)
        side_by_side = all(font.size(b.label)[0] <= half - 8 for b in (hint, undo))
        if undo.visible and side_by_side:
            hint.rect = pygame.Rect(row.left, row.top, half, bh)
            undo.rect = pygame.Rect(row.right - half, row.top, half, bh)
        elif undo.visible:  # a longer language's words: Undo on its own row above Hint
            hint.rect = row
            undo.rect = row.move(0, -(bh + gap))
            row = undo.rect
        else:
            hint.rect = row
            undo.rect = pygame.Rect(row.left, row.top, 0, 0)
        if hint.visible and lay.me_plate.bottom > row.top - 4:  # your name plate above them
            lay.me_plate.bottom = row.top - 4

    # ----------------------------------------------------------------- steps

    def _next_step(self) -> None:
        steps = self.controller.steps
        if not steps or self.director.active:
            return
        step = steps.popleft()
        self._start(step)

    def _start(self, step: Step) -> None:
        before = self.layout
        before_order = list(self.order.cards)
        self.model.show(step.after, step.shown_after)
        self.model.note_step(step)
        self.director.conceal = not step.shown_after
        self.layout = compute(self.app.size, self.view, self._groups(), self.order.meld_groups,
                              render.text_room(self.app))
        self.director.speed = self.app.prefs.speed_factor
        self.director.set_before_order(before_order)
        self.director.set_order(self.order.cards)
        self.director.plan(step, before, self.layout, self.sources)
        self.sources = {}
        if self.view.phase is Phase.HAND_OVER:
            # the table as the hand ended stays a moment before the showdown covers it:
            # long enough to see the last melds and layoffs land (a helper, looking away
            # for a second, never saw the winner's going-out turn)
            self.hand_over_hold = HAND_OVER_HOLD * max(0.3, self.app.prefs.speed_factor)
        self.refresh()
        self.keep_orders()
        self.app.dirty = True

    def restart_motion(self) -> None:
        """After an undo: nothing lifted, dragged or waiting to open the showdown; the
        hand face up or down as the model says."""
        self.lift = {}
        self.shift = {}
        self.pointer.grip = None
        self.hand_over_hold = -1.0
        self.director.conceal = not self.shown

    def send_home(self, cards: list[Card], drop: tuple[int, int]) -> None:
        """A refused or dropped-nowhere drag: the cards slide back with a short overshoot."""
        for i, card in enumerate(cards):
            if card not in self.order.cards:
                continue
            home = self.layout.hand[self.order.cards.index(card)]
            start = (float(drop[0] + i * 12), float(drop[1]), float(home.width))
            dist = abs(home.x - start[0]) + abs(home.y - start[1])
            self.director.hidden.hand.add(card)
            self.director.flights.append(Flight(
                card, start, (float(home.x), float(home.y), float(home.width)), 0.0,
                move_duration(dist, max(0.5, self.app.prefs.speed_factor)), True,
                easing=ease_out_back,
                on_land=self.director.unhide_card(card)))

    # ----------------------------------------------------------------- scene API

    def handle(self, event: pygame.event.Event) -> None:
        """Route input to the pointer/keyboard handler (a press in the moment after a
        hand-off showed the cards is let fall: see :data:`SETTLE`)."""
        if self.app.now() < self.settled_at and (
                event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
                or (event.type == pygame.KEYDOWN and event.key in PRESS_KEYS)):
            return
        self.pointer.handle(event)

    def update(self, dt: float) -> None:
        """Animate, start queued steps, let computers play, open the showdown."""
        self.clock += dt
        if self._ease_lifts(dt):
            self.app.dirty = True
        was_active = self.director.active
        self.model.tick(dt)
        if self.director.update(dt) or self.director.banner_time or self.model.message.time:
            self.app.dirty = True
        if not self.director.active:
            self._next_step()
        ui_idle = not self.director.active and not self.controller.steps
        self.keep_orders()
        if self.controller.update(self.app.now(), ui_idle):
            self._next_step()
        if self.controller.thinking is not None:
            self.app.dirty = True
        self.coach.update()
        if self.coach.pulsing() or self.coach.pending:
            self.app.dirty = True
        self._save_messages()
        due = self.controller.handoff_due
        if due is not None and not self.director.active and not self.controller.steps:
            self.app.open("handoff", due)
            return
        if was_active and not self.director.active:
            self.refresh()
            self.app.dirty = True
        if (self.hand_over_hold >= 0 and not self.director.active
                and not self.controller.steps):
            self.hand_over_hold -= dt
            if self.hand_over_hold < 0:
                self.hand_over_hold = -1.0
                self.keep_orders()  # the showdown shows each hand as arranged
                self.app.open("showdown")

    def _save_messages(self) -> None:
        messages = self.session.take_messages()
        if messages:
            self.model.tell(" ".join(messages), 6.0)
            self.app.dirty = True

    def _ease_lifts(self, dt: float) -> bool:
        moved = False
        rate = dt / 0.12
        for i, card in enumerate(self.order.cards):
            target = self.model.lift_target(i, card)
            now = self.lift.get(card, 0.0)
            if now != target:
                step = max(-rate * 2, min(rate * 2, target - now))
                self.lift[card] = target if abs(target - now) <= abs(step) else now + step
                moved = True
        pace = max(1.0, self.layout.card_w * dt / 0.1)  # about a card's width in 0.1 s
        for card, aside in self._shift_targets().items():
            now = self.shift.get(card, 0.0)
            if now != aside:
                self.shift[card] = aside if abs(aside - now) <= pace else \
                    now + (pace if aside > now else -pace)
                moved = True
        return moved

    def _shift_targets(self) -> dict[Card, float]:
        """Where each card of the hand should stand aside (the hand open round a card
        drawn whole, :meth:`TableLayout.spread`)."""
        cards = self.order.cards
        aside = self.layout.spread(render.whole_places(self))
        return {c: float(aside[i]) if i < len(aside) else 0.0 for i, c in enumerate(cards)}

    def lifting(self) -> bool:
        """Whether a card is still rising, settling or moving aside."""
        return any(self.lift.get(c, 0.0) != self.model.lift_target(i, c)
                   for i, c in enumerate(self.order.cards)) or any(
            self.shift.get(c, 0.0) != aside for c, aside in self._shift_targets().items())

    def busy(self) -> bool:
        """Frames are needed while cards move, a computer plays or a message shows."""
        d = self.director
        return (self.lifting() or d.active or bool(self.controller.steps) or self.controller.busy
                or d.banner_time > 0 or self.model.message.time > 0 or self.hand_over_hold >= 0
                or self.coach.pending or self.coach.pulsing())

    def resize(self, size: tuple[int, int]) -> None:
        """New window size: new layout (flights keep their old coordinates and land)."""
        self.director.finish()
        self.relayout()

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the table."""
        render.draw(self, surface)

    def enter(self) -> None:
        """Back on top (after the menu, the showdown or a hand-off)."""
        self.director.speed = self.app.prefs.speed_factor
        self.sync_viewer()
        self.relayout()
        self.refresh()

    def forget_pointer(self) -> None:
        """Covered or back on top: no tooltip and no button hover from before (the
        pointer keeps the tooltip's button)."""
        super().forget_pointer()
        self.pointer.tip = None

    def leave(self) -> None:
        """Nothing to release here; the controller is closed by its owner."""
