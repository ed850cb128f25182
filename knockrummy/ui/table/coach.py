"""The coach on the table: the Hint and Undo buttons, what a hint lights up, and an
undo's re-sync of the table.

**Hint** (H): the controller works the hint out on its own thread
(:meth:`~knockrummy.app.controller.Controller.ask_hint`); once it is there the
table lights, in the coach's colour, the cards of the hand it is about, the pile
to draw from, the table meld to lay off on and the button to press, and says the
reason in the status line until the player acts (any action makes a new
position, and a hint belongs to one position). It also points the keyboard at
it: the card to discard or knock with gets the focus (so Enter, or the Knock
button, follows it), a draw puts the pile focus on that pile, and a meld picks
its cards (so Meld follows it). Refused, with the reason, when it is not your turn.

**Undo** (Ctrl+Z): shown only when the settings allow it and one human plays
against computers; enabled when the coach says the last move may be taken back,
its tooltip the reason otherwise. The controller restores the match; the table
then shows the restored view, gives the hand back the arrangement it had before
that move, flies the cards that changed hands back to where they came from, and
says what was taken back.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from knockrummy.app.computer import level_title
from knockrummy.coach import Hint, hint_level
from knockrummy.engine import Card, Knock, PlayerView, Rules
from knockrummy.i18n import _
from knockrummy.ui.easing import move_duration
from knockrummy.ui.felt.anim import Flight
from knockrummy.ui.felt.layout import TableLayout

if TYPE_CHECKING:
    from knockrummy.ui.table.host import TableHost

#: seconds a new hint pulses before it holds still (no frames needed after that)
PULSE = 1.6


def hint_tip(rules: Rules) -> str:
    """The Hint button's tooltip, naming the level whose moves the hints are in this game
    (the review names the same one)."""
    # Translators: {level} is a level's name as the choices show it ("Expert")
    return _("Hint: what the computer at level {level} would do now, and why, lit up on the "
             "table").format(level=level_title(hint_level(rules)))


class TableCoach:
    """Hint and undo for the table scene: asks the controller, and keeps what is asked
    and lit in the table's model (:class:`~knockrummy.ui.table.model.TableModel`)."""

    #: the word over the hint's cards, by its key (:func:`~knockrummy.ui.table.render.tag_word`)
    tag = "hint"

    def __init__(self, scene: TableHost) -> None:
        self.s = scene
        self.m = scene.model

    @property
    def shown(self) -> Hint | None:
        """The hint lit on the table (the model's; read-only here)."""
        return self.m.lit_hint

    # ----------------------------------------------------------------- hint

    def ask(self) -> None:
        """H or the Hint button."""
        s = self.s
        c = s.controller
        s.director.finish()
        reason = c.ask_hint()
        s.app.dirty = True
        if reason is not None:
            self.m.tell(reason)
            return
        self.m.ask_hint(c.match)
        self.update()

    @property
    def hint(self) -> Hint | None:
        """The hint to show now: asked for this position, worked out, and the table
        showing that position (no step still waiting or moving)."""
        c = self.s.controller
        asked = self.m.hint_asked
        if asked is None or asked is not c.match or c.steps or self.s.director.active:
            return None
        return c.hint

    @property
    def pending(self) -> bool:
        """The player asked and the hint is being worked out."""
        c = self.s.controller
        return self.m.hint_asked is c.match and c.hint_pending

    def update(self) -> None:
        """Pick up a hint that has just been worked out: point the keyboard at it."""
        s = self.s
        if self.m.light_hint(self.hint, s.clock):
            s.app.dirty = True
            s.refresh()

    def follow(self) -> bool:
        """Enter while a hint is lit: make exactly the hinted move. A knock is made as the
        Knock button makes it: the first Enter shows the hint's card in the knock choice
        (what it leaves, Esc to go back), the next knocks with it (a helper pressed Enter
        out of habit after "Knock now..." and the hand was over, with no step between).
        False when no hint is lit (the keyboard then does what it points at)."""
        hint = self.hint
        if hint is None or hint is not self.m.lit_hint:
            return False
        s = self.s
        action = hint.action
        if isinstance(action, Knock):
            kind = "gin" if self.button_key(hint) == "gin" else "knock"
            if self.m.choice is None:
                s.press(kind)  # as the button does
                if self.m.choice is not None:
                    self.m.focus_on(action.card)
                    s.refresh()
                    return True
            s.knock_with(action.card, kind)
        else:
            s.act(action)
        return True

    def dismiss(self) -> None:
        """The player picks something else: the hint is put out (Enter follows them)."""
        if self.m.put_out_hint():
            self.s.app.dirty = True

    def pulse(self) -> float:
        """How strongly to light the hint now (pulsing for a moment, then steady)."""
        age = self.s.clock - self.m.hint_since
        if age >= PULSE:
            return 1.0
        return 0.75 + 0.25 * math.cos(age * 7.0)

    def pulsing(self) -> bool:
        """Whether the hint still needs frames to pulse."""
        return self.m.lit_hint is not None and self.s.clock - self.m.hint_since < PULSE

    def button_key(self, hint: Hint) -> str | None:
        """The table button the hint is about, if any."""
        return self.m.hint_button(hint)

    def status(self) -> tuple[str, bool] | None:
        """The hint's line for the status bar (and whether it is the hint itself); while
        the player chooses a knock card, what to do (that prompt wins), unless the hint
        was asked for during the choice and the choice shows the hint's card or none (a
        helper pressed H there and saw only a small "hint" tag)."""
        m = self.m
        hint = self.hint
        if m.choice is not None:
            candidate = m.choice_candidate()
            if hint is None or not m.hint_in_choice or \
                    (candidate is not None and candidate not in hint.cards):
                return m.choice.prompt(candidate, m.view), False
        if hint is not None:
            # Translators: the coach's hint in the status line; {reason} is its sentence
            return _("Hint: {reason}").format(reason=hint.reason), True
        if self.pending:
            return _("Working out a hint..."), False
        c = self.s.controller
        if m.hint_asked is c.match and c.hints.error:
            return c.hints.error, False
        return None

    # ----------------------------------------------------------------- buttons

    def refresh_buttons(self) -> None:
        """The Hint and Undo buttons' state (after every step and change)."""
        s = self.s
        c = s.controller
        hint = s.buttons["hint"]
        hint.visible = bool(c.humans)
        hint.tooltip = hint_tip(c.match.rules)
        reason = c.hint_refusal()
        idle = not s.director.active and not c.steps
        hint.enabled = reason is None and idle
        hint.reason = reason or _("Wait for the cards to land")
        undo = s.buttons["undo"]
        undo.visible = s.app.prefs.allow_undo and len(c.humans) == 1
        if undo.visible:
            why = c.undo_refusal(True)
            undo.enabled = why is None
            undo.reason = why or ""

    def remember_order(self) -> None:
        """Before the player's move: keep the hand's arrangement for an undo."""
        match = self.s.controller.match
        self.m.remember_order((match.hand_number, len(match.hand_actions)))

    # ----------------------------------------------------------------- undo

    def undo(self) -> None:
        """Ctrl+Z or the Undo button: take back the last move, or say why not."""
        s = self.s
        c = s.controller
        s.director.finish()
        s.app.dirty = True
        old_view, old_layout, old_order = self.m.view, s.layout, list(self.m.cards)
        result = c.undo(s.app.prefs.allow_undo)
        if isinstance(result, str):
            self.m.tell(result)
            s.refresh()
            return
        match = c.match
        view = c.view()
        self.m.restore(view, c.hand_shown, (match.hand_number, len(match.hand_actions)))
        s.restart_motion()
        s.relayout()
        rewind(s, old_view, view, old_layout, s.layout, old_order)
        s.refresh()
        self.m.tell(result.text())


def _table_rect(layout: TableLayout, view: PlayerView, card: Card) -> pygame.Rect | None:
    for meld, rects in zip(view.table, layout.melds, strict=False):
        if card in meld.cards and meld.cards.index(card) < len(rects):
            return rects[meld.cards.index(card)]
    return None


def rewind(s: TableHost, old: PlayerView, new: PlayerView, before: TableLayout,
           after: TableLayout, old_order: list[Card]) -> None:
    """Flights for an undo: cards back into the hand from the pile or the table, and
    cards back out of it (a card taken from the pile goes back to the pile)."""
    director = s.director
    speed = max(0.5, s.app.prefs.speed_factor)
    held = set(new.hand)
    before_hand = set(old.hand)
    cards = s.model.cards
    for card in new.hand:
        if card in before_hand or card not in cards:
            continue
        index = cards.index(card)
        if index >= len(after.hand):
            continue
        src = _table_rect(before, old, card) or (
            before.discard if card in old.discard else before.stock)
        dst = after.hand[index]
        director.hidden.hand.add(card)
        dist = abs(dst.x - src.x) + abs(dst.y - src.y)
        director.flights.append(Flight(
            card, (float(src.x), float(src.y), float(src.width)),
            (float(dst.x), float(dst.y), float(dst.width)), 0.0, move_duration(dist, speed),
            True, on_land=director.unhide_card(card)))
    for card in old.hand:
        if card in held or card not in old_order or old_order.index(card) >= len(before.hand):
            continue
        src = before.hand[old_order.index(card)]
        dst = after.discard if card in new.discard else after.stock
        on_land = None
        if new.discard and new.discard[-1] is card:
            director.hidden.discard += 1
            on_land = _unhide_discard(s)
        dist = abs(dst.x - src.x) + abs(dst.y - src.y)
        director.flights.append(Flight(
            card, (float(src.x), float(src.y), float(src.width)),
            (float(dst.x), float(dst.y), float(dst.width)), 0.0, move_duration(dist, speed),
            True, on_land=on_land))
    if director.flights:
        s.app.sounds.play("draw")


def _unhide_discard(s: TableHost) -> Callable[[], None]:
    def land() -> None:
        s.director.hidden.discard = max(0, s.director.hidden.discard - 1)
    return land
