"""Mouse and keyboard on the table: clicks, drags and drops become intents.

A drag proposes a move; the drop becomes an action the controller checks
(``refusal``). A refused drop slides the card home with the reason shown.
Legal targets are computed from the legal actions while dragging
(:meth:`~knockrummy.ui.table.model.TableModel.drop_targets`).

The pointer changes the table's state only through the model's methods
(:attr:`TableScene.model`) and asks the scene to act; what it keeps itself is the
device's: where a drag was grabbed and is now, in pixels (:class:`Grip`), and the last
click (for a double-click).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from knockrummy.engine import (
    Action,
    Card,
    Discard,
    DrawDiscard,
    DrawStock,
    Family,
    LayOff,
    MeldCards,
    Phase,
    TurnOver,
)
from knockrummy.i18n import _, ngettext
from knockrummy.ui.table.controls import wait_reason
from knockrummy.ui.table.host import Grip
from knockrummy.ui.table.model import MESSAGE_SECONDS
from knockrummy.words.cards import card_label

if TYPE_CHECKING:
    from knockrummy.ui.table.host import TableHost
    from knockrummy.ui.table.model import Dragging
    from knockrummy.ui.widgets import Button

DRAG_START = 6
DOUBLE_CLICK = 0.4

#: the keys that do what a click does (press the focused pile, card or button)
PRESS_KEYS = (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER)

KEYS = {
    pygame.K_k: "knock", pygame.K_g: "gin", pygame.K_b: "big_gin", pygame.K_l: "lay_down",
    pygame.K_p: "pass", pygame.K_t: "turn_over", pygame.K_m: "meld", pygame.K_f: "finish",
    pygame.K_a: "arrange", pygame.K_h: "hint",
}


class Pointer:
    """Input handling for the table scene."""

    def __init__(self, scene: TableHost) -> None:
        self.s = scene
        self.m = scene.model
        #: the drag under way in pixels (the model has it in cards)
        self.grip: Grip | None = None
        #: the button under the pointer, whose tooltip shows
        self.tip: Button | None = None
        #: the last click on a card of the hand, and when (a double-click throws it)
        self.last_click: tuple[float, Card | None] = (0.0, None)

    def card_at(self, pos: tuple[int, int]) -> int | None:
        """The place of the hand's card seen under ``pos``: the cards drawn whole over
        their neighbours first (the keys' card, the hint's), then the fan's top card,
        each where it stands now (the hand opens round a card drawn whole)."""
        hint = self.s.coach.hint
        for i in reversed(self.m.on_top(hint.cards if hint is not None else ())):
            if i < len(self.s.layout.hand) and self.place(i).collidepoint(pos):
                return i
        for i in range(len(self.s.layout.hand) - 1, -1, -1):
            if self.place(i).collidepoint(pos):
                return i
        return None

    def place(self, index: int) -> pygame.Rect:
        """The hand's place ``index`` where its card stands now (aside, not raised)."""
        rect = self.s.layout.hand[index]
        cards = self.m.cards
        if index < len(cards):
            return rect.move(round(self.s.shift.get(cards[index], 0.0)), 0)
        return rect

    def _grab(self, cards: list[Card], source: str, pos: tuple[int, int],
              offset: tuple[int, int]) -> None:
        self.m.start_drag(cards, source)
        self.grip = Grip(pos, pos, offset)

    # ----------------------------------------------------------------- events

    def handle(self, event: pygame.event.Event) -> None:
        """One input event."""
        s = self.s
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and s.director.active:
            s.director.finish()
            s.refresh()
            s.app.dirty = True
        for button in s.buttons.values():
            if button.handle(event):
                s.app.dirty = True
                if event.type != pygame.MOUSEMOTION:
                    return
        if event.type == pygame.MOUSEMOTION:
            self._motion(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._press(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._release(event.pos)
        elif event.type == pygame.KEYDOWN:
            self._key(event)

    def _motion(self, pos: tuple[int, int]) -> None:
        s = self.s
        tip = next((b for b in s.buttons.values() if b.visible and b.rect.collidepoint(pos)),
                   None)
        if tip is not self.tip:
            self.tip = tip
            s.app.dirty = True
        drag, grip = self.m.drag, self.grip
        if drag is not None and grip is not None:
            if abs(pos[0] - grip.grab[0]) + abs(pos[1] - grip.grab[1]) >= DRAG_START:
                self.m.drag_moved()
            grip.pos = pos
            s.app.dirty = True
            return
        hover = self.card_at(pos)
        pile = None
        if s.layout.stock.collidepoint(pos):
            pile = "stock"
        elif s.layout.discard.collidepoint(pos):
            pile = "discard"
        if self.m.hover_over(hover, pile):
            s.app.dirty = True

    def _press(self, pos: tuple[int, int]) -> None:
        s = self.s
        m = self.m
        index = self.card_at(pos) if m.shown else None  # a hidden hand stays put
        if index is not None and index < len(m.cards):
            card = m.cards[index]
            cards = [card]
            if card in m.selected and len(m.selected) > 1:
                cards = [card] + [c for c in m.selected if c is not card]
            rect = self.place(index)
            self._grab(cards, "hand", pos, (rect.x - pos[0], rect.y - pos[1]))
            return
        for name, rect in (("stock", s.layout.stock), ("discard", s.layout.discard)):
            if rect.collidepoint(pos):
                top = m.view.upcard if name == "discard" else None
                self._grab([top] if top else [], name, pos, (rect.x - pos[0], rect.y - pos[1]))
                return
        meld = self._meld_at(pos)
        if meld is not None:  # a table meld: a click lays the picked card off on it
            self._grab([], f"meld{meld}", pos, (0, 0))

    def _meld_at(self, pos: tuple[int, int]) -> int | None:
        for i, rects in enumerate(self.s.layout.melds):
            if rects and rects[0].unionall(rects[1:]).collidepoint(pos):
                return i
        return None

    def _release(self, pos: tuple[int, int]) -> None:
        s = self.s
        drag = self.m.end_drag()
        grip, self.grip = self.grip, None
        s.app.dirty = True
        if drag is None or grip is None:
            return
        if not drag.moved:
            self._click(drag)
        elif drag.source == "hand":
            self._drop_hand(drag, grip, pos)
        elif drag.source in ("stock", "discard") and (
                s.layout.hand_area.collidepoint(pos) or pos[1] > s.layout.status.bottom):
            self._draw_from(drag.source)
        if drag.moved:  # the card now under the pointer is the one raised, not the one
            self._motion(pos)  # that was there when the drag began (the playtest's)

    # ----------------------------------------------------------------- clicks

    def _click(self, drag: Dragging) -> None:
        s = self.s
        m = self.m
        if drag.source.startswith("meld"):
            self._click_meld(int(drag.source[4:]))
            return
        if drag.source in ("stock", "discard"):
            if self.m.view.phase is Phase.PLAY and s.controller.human_to_act:
                self._click_pile_in_play(drag.source)
            else:
                self._draw_from(drag.source)
            return
        card = drag.cards[0]
        if m.choice is not None:  # Knock was pressed: this click chooses the card
            s.knock_with(card, m.choice.kind)
            return
        now = self.s.app.now()
        last_time, last_card = self.last_click
        self.last_click = (now, card)
        if card is not m.focus:
            s.coach.dismiss()  # the player points elsewhere: Enter no longer follows the hint
        m.focus_on(card)
        if last_card is card and now - last_time < DOUBLE_CLICK:
            self.last_click = (0.0, None)
            self._discard(card, None)
            return
        if m.view.rules.family is Family.RUMMY and m.view.phase is Phase.PLAY:
            if not m.toggle_selected(card):
                m.focus_on(None)  # put down: no longer picked for the pile either
        elif s.controller.human_to_act and m.view.phase is Phase.PLAY:
            m.select([card])  # picked: it stands raised and ringed in gold
            m.tell(_("{card} picked: click the discard pile (or double-click the card) to "
                     "throw it").format(card=card_label(card)))
        elif s.controller.human_to_act and m.view.phase is Phase.LAYOFF:
            m.select([card])
            m.tell(_("{card} picked: click a meld to lay it off there").format(
                card=card_label(card)))
        s.refresh()
        s.app.dirty = True

    def _click_meld(self, target: int) -> None:
        """A table meld clicked: lay the picked card off on it (or say how)."""
        s = self.s
        picked = self.m.picked_one()
        if not s.controller.human_to_act or self.m.view.phase not in (Phase.PLAY, Phase.LAYOFF):
            return
        if picked is None:
            self.m.tell(_("Click one card of your hand, then the meld, to lay it off "
                          "(or drag the card onto the meld)"))
            s.app.dirty = True
            return
        s.act(LayOff(picked, target))

    def _click_pile_in_play(self, source: str) -> None:
        """A pile clicked after the draw: the discard pile throws the card picked by a
        click (or the keyboard); otherwise the table says what to do."""
        s = self.s
        m = self.m
        picked = m.picked_one()
        if m.choice is not None:
            m.tell(m.choice.prompt(None, m.view))
        elif source == "discard" and len(m.selected) > 1:
            m.tell(_("Throw one card at a time: pick just one, or drop the group on the "
                     "table to meld it"))
        elif source == "discard" and picked is not None:
            self._discard(picked, None)
            return
        elif source == "discard":
            m.tell(_("Click a card, then the pile, to throw it (or drag it here, or "
                     "double-click it)"))
        else:
            m.tell(_("You have drawn already: now throw a card to the discard pile"))
        s.app.dirty = True

    def _draw_from(self, source: str) -> None:
        s = self.s
        action: Action
        if source == "stock":
            if self.m.view.stock_count == 0 and self.m.view.phase is Phase.DRAW:
                action = TurnOver()
            elif self.m.view.phase is Phase.UPCARD_OFFER:
                self.m.tell(_("On the first turn take the up card or pass"))
                s.app.dirty = True
                return
            else:
                action = DrawStock()
        else:
            action = DrawDiscard()
        s.act(action)

    def _discard(self, card: Card, drop: tuple[int, int] | None) -> None:
        s = self.s
        sources = {}
        if drop is not None:
            sources[card] = pygame.Rect(drop[0], drop[1], s.layout.card_w,
                                        s.layout.hand[0].height if s.layout.hand else 1)
        reason = s.act(Discard(card), sources)
        if reason is not None and drop is not None:
            s.send_home([card], drop)

    # ----------------------------------------------------------------- drops

    def _drop_hand(self, drag: Dragging, grip: Grip, pos: tuple[int, int]) -> None:
        s = self.s
        m = self.m
        lay = s.layout
        card = drag.cards[0]
        drop = (pos[0] + grip.offset[0], pos[1] + grip.offset[1])
        card_rect = pygame.Rect(drop[0], drop[1], lay.card_w, lay.hand[0].height)
        for key in ("knock", "gin"):  # the card dropped on Knock (Gin): knock with it
            button = s.buttons[key]
            if button.visible and button.rect.inflate(8, 8).collidepoint(pos) \
                    and len(drag.cards) == 1:
                if s.knock_with(card, key, {card: card_rect}) is not None:
                    s.send_home(drag.cards, drop)
                return
        if lay.discard.inflate(lay.card_w // 2, lay.card_w // 3).collidepoint(pos):
            if len(drag.cards) > 1:
                m.tell(ngettext("Throw one card at a time: you are carrying {count} card "
                                "(drop them on the table to meld them)",
                                "Throw one card at a time: you are carrying {count} cards "
                                "(drop them on the table to meld them)",
                                len(drag.cards)).format(count=len(drag.cards)))
                s.send_home(drag.cards, drop)
                s.app.dirty = True
                return
            if m.choice is not None:  # Knock was pressed, then the card dragged to the pile
                if s.knock_with(card, m.choice.kind, {card: card_rect}) is not None:
                    s.send_home(drag.cards, drop)
                return
            self._discard(card, drop)
            return
        for i, rects in enumerate(lay.melds):
            if not rects or len(drag.cards) > 1:  # several picked cards make a new meld
                continue
            area = rects[0].unionall(rects[1:]).inflate(lay.meld_w // 2, lay.meld_w // 2)
            if area.collidepoint(pos):
                src = {card: card_rect}
                if s.act(LayOff(card, i), src) is not None:
                    s.send_home(drag.cards, drop)
                return
        is_rummy = self.m.view.rules.family is Family.RUMMY
        on_table = pos[1] < lay.status.top and not lay.stock.collidepoint(pos)
        if is_rummy and (lay.meld_zone.collidepoint(pos) or on_table):
            cards = tuple(drag.cards)
            if len(cards) == 1:  # one card of a meld grouped in the hand: the whole meld
                cards = tuple(m.meld_group_of(card)) or cards
            src = {c: card_rect.move(i * 12, 0) for i, c in enumerate(cards)}
            if s.act(MeldCards(cards), src) is not None:
                s.send_home(drag.cards, drop)
            return
        if lay.hand_area.inflate(0, lay.card_w).collidepoint(pos):
            index = self._insert_index(pos[0] + grip.offset[0] + lay.card_w // 2, card)
            m.move_card(card, index)
            s.order_changed()
            return
        if s.controller.human_to_act and m.view.phase is Phase.PLAY:
            m.tell(_("Drop a card on the discard pile to throw it, or between your cards to "
                     "move it"))
            s.app.dirty = True
        s.send_home(drag.cards, drop)

    def _enter(self, drawing: bool) -> None:
        """Enter (or Space): what the hint lit if one is lit; else the move the keyboard
        points at: draw from the focused pile, knock with the chosen card, lay off or
        throw the focused card. Without a pick it says how to pick, and does nothing."""
        s = self.s
        if s.coach.follow():
            return
        m = self.m
        if s.coach.pending:  # H then Enter at once: wait for the hint, do nothing else
            m.tell(_("Working out a hint..."))
            s.app.dirty = True
            return
        phase = m.view.phase
        if m.view.current != m.view.seat and phase is not Phase.HAND_OVER:
            m.tell(wait_reason(m.view))  # an Enter too many, while another plays
            s.app.dirty = True
            return
        picked = m.focus
        if m.choice is not None:
            # the card the choice shows and its prompt names ("Knock throwing 8♦ ... Click
            # it or press Enter"): the pointer's, once it moves over one, else the keys'
            shown = m.choice_candidate()
            if shown is None:
                m.tell(m.choice.prompt(None, m.view))
                s.app.dirty = True
            else:
                s.knock_with(shown, m.choice.kind)
            return
        if drawing:
            if phase is Phase.UPCARD_OFFER and m.pile_focus == "stock":
                # the first turn's offer is a choice, not a draw: an Enter out of habit
                # passed the up card a player meant to take (a first-time player)
                up = m.view.upcard
                m.tell(_("First turn: take the {card} or pass it. Right, then Enter, takes "
                         "it; P passes").format(card=card_label(up) if up else "?"),
                       MESSAGE_SECONDS * 2)
                s.app.dirty = True
            else:
                self._draw_from(m.pile_focus)
            return
        if phase is Phase.LAYOFF and s.controller.human_to_act:
            self._lay_off_key(picked)
            return
        last = m.cards[0] if len(m.cards) == 1 else None
        if picked is None and last is not None and \
                any(isinstance(a, Discard) and a.card is last for a in m.legal):
            picked = last  # one card left, nothing to choose (a helper was asked to pick it)
        if picked is not None:
            self._discard(picked, None)
        elif any(isinstance(a, Discard) for a in m.legal):  # not once the hand is over
            m.tell(_("Pick a card with the Left and Right keys first"))
            s.app.dirty = True

    def _lay_off_key(self, picked: Card | None) -> None:
        """Enter in the lay-off phase: lay the focused card off where it fits."""
        s = self.s
        m = self.m
        if picked is None:
            m.tell(_("Pick a card with Left/Right and press Enter to lay it off, or press F "
                     "when you are done"))
            s.app.dirty = True
            return
        fits = [a for a in m.legal if isinstance(a, LayOff) and a.card is picked]
        if not fits:
            m.tell(_("{card} fits none of the melds: pick another card, or press F when you "
                     "are done").format(card=card_label(picked)))
            s.app.dirty = True
            return
        s.act(fits[0])

    def _insert_index(self, x: int, card: Card) -> int:
        s = self.s
        others = [(self.place(i), c) for i, c in enumerate(self.m.cards[:len(s.layout.hand)])
                  if c is not card]
        for i, (rect, _card) in enumerate(others):
            if x < rect.centerx:
                return i
        return len(others)

    # ----------------------------------------------------------------- keys

    def _key(self, event: pygame.event.Event) -> None:
        s = self.s
        m = self.m
        key = event.key
        if key == pygame.K_ESCAPE:
            if m.choice is not None:
                s.cancel_choice()
            else:
                s.press("menu")
            return
        if key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            s.press("undo")
            return
        if key == pygame.K_F1 or getattr(event, "unicode", "") == "?":  # the keys, in words
            s.app.open("howto", m.view.rules.family.value, _("With the keyboard"))
            return
        if s.director.active:
            s.director.finish()
            s.refresh()
        n = len(m.cards) if m.shown else 0
        phase = m.view.phase
        drawing = phase in (Phase.DRAW, Phase.UPCARD_OFFER) and s.controller.human_to_act
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            s.coach.dismiss()  # the player picks for themselves: Enter follows them now
            delta = -1 if key == pygame.K_LEFT else 1
            if drawing:
                m.toggle_pile_focus()
            elif n:
                m.focus_next(delta)
            s.refresh()
            s.app.dirty = True
        elif key == pygame.K_UP and drawing:
            # Up adds a card to a meld, which means nothing before the draw (a first-time
            # player was told to pick a card first)
            if phase is Phase.UPCARD_OFFER:
                m.tell(_("First take the up card (Enter) or pass on it (P)"))
            else:
                m.tell(_("Draw first: Left and Right choose the stock or the discard pile, "
                         "and Enter takes its card"))
            s.app.dirty = True
        elif key == pygame.K_UP and (m.focus is None or not n):
            if n:
                m.tell(_("Pick a card with Left and Right first; Up then adds it to a meld"))
                s.app.dirty = True
        elif key == pygame.K_UP and m.focus is not None:
            s.coach.dismiss()
            m.toggle_selected(m.focus)
            s.refresh()
            s.app.dirty = True
        elif key in PRESS_KEYS:
            self._enter(drawing)
        elif key == pygame.K_s and m.shown:
            mode = "suit" if m.order.mode == "rank" else "rank"
            s.press("sort_suit" if mode == "suit" else "sort_rank")
        elif key in KEYS:
            s.press(KEYS[key])
