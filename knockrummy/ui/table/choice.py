"""Choosing the card to knock (or go gin) with: explicit, visible, never by hover.

A knock ends the hand and throws one card. Which card is the player's choice alone:

- **Knock, then the card.** The Knock (or Gin) button, or K (G), starts a choice:
  every card the player may knock with shows the deadwood its discard would leave,
  the others are dimmed, and the status line says what to do. A click on a card, or
  dragging it to the pile, knocks with it; with the keyboard, Left/Right move the
  candidate (raised) and Enter knocks with it. Knock again, or Esc, cancels.
- **The card, then Knock.** Dragging a card onto the Knock (or Gin) button knocks with
  that card; the button glows while a card that may knock is dragged.

Hovering shows what a card would leave; only a click, a drop or Enter chooses. The
pure part (which cards, what each leaves, the prompt) is
:class:`~knockrummy.ui.table.controls.KnockChoice`, the choice in progress is the
table model's (:meth:`~knockrummy.ui.table.model.TableModel.start_knock_choice`); the
drawing is :func:`draw`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from collections.abc import Callable

    from knockrummy.engine import Card
    from knockrummy.ui.table.host import TableHost

#: the colour of the knock choice's marks
CHOICE = (255, 214, 102)


def draw(s: TableHost, surface: pygame.Surface,
         raised: Callable[[int, Card], pygame.Rect]) -> None:
    """The marks of a knock choice: what each card leaves, dimmed ineligible cards, the
    raised candidate; and the glowing Knock/Gin button under a dragged card that may knock.
    The tag over the card drawn or taken ("new", "taken") is drawn after these marks, so
    a raised neighbour's ring never covers it (:func:`~knockrummy.ui.table.render.draw`).
    ``raised(i, card)`` is where the card at place ``i`` of the hand stands as drawn."""
    m = s.model
    fonts = s.app.fonts
    drag = m.dragging()
    if drag is not None and drag.source == "hand" and drag.cards:
        for key in ("knock", "gin"):
            button = s.buttons[key]
            if button.visible and button.enabled and drag.cards[0] in m.knock_options(key):
                pygame.draw.rect(surface, CHOICE, button.rect.inflate(10, 10), 3,
                                 button.rect.height // 3)
    choice = m.choice
    if choice is None or not m.shown:
        return
    lay = s.layout
    size = s.app.text_size(15)
    shade = pygame.Surface((lay.card_w, max(1, lay.hand[0].height if lay.hand else 1)),
                           pygame.SRCALPHA)
    shade.fill((0, 0, 0, 110))
    rects = lay.hand[:len(m.cards)]
    candidate = m.choice_candidate()
    hint = s.coach.hint if drag is None else None
    whole = m.on_top(hint.cards if hint is not None else ())  # drawn over their neighbours
    cards = m.cards[:len(rects)]
    for i, c in enumerate(cards):
        if c in s.director.hidden.hand or (drag is not None and c in drag.cards):
            continue
        rr = raised(i, c)
        # the strip of it that shows: from a card on its left drawn whole over it (the
        # keys' card) to the next card of the fan, each where it stands now
        left = max([rr.left, *(raised(j, cards[j]).right for j in whole if j < i)])
        right = min(raised(i + 1, cards[i + 1]).left if i + 1 < len(cards) else rr.right,
                    rr.right)
        if c not in choice.options:  # dim only what shows of it
            if right > left:
                surface.blit(shade, (left, rr.top),
                             area=pygame.Rect(0, 0, right - left, rr.height))
            # standing raised over the next cards (the card just taken), its top edge
            # shows above them: dimmed too, up to a card that stands as high
            above = raised(i + 1, cards[i + 1]).top - rr.top if i + 1 < len(cards) else 0
            end = next((raised(k, cards[k]).left for k in range(i + 1, len(cards))
                        if raised(k, cards[k]).top <= rr.top), rr.right)
            start = max(left, right)
            if above > 0 and min(end, rr.right) > start:
                surface.blit(shade, (start, rr.top),
                             area=pygame.Rect(0, 0, min(end, rr.right) - start, above))
            continue
        text = fonts.text(str(choice.options[c]), size, (30, 24, 8), bold=True)
        # on the card's own visible strip, under its corner index: clear of the tags
        # above the hand ("new", "taken", "hint") and of the status line, and never on
        # the card drawn whole over it (it read as that card's number)
        if right > left:
            badge = text.get_rect(center=((left + right) // 2,
                                          rr.top + rr.height * 11 // 20)).inflate(10, 2)
            pygame.draw.rect(surface, CHOICE, badge, border_radius=badge.height // 2)
            surface.blit(text, text.get_rect(center=badge.center))
        if c is candidate:
            pygame.draw.rect(surface, CHOICE, rr.inflate(8, 8), 3, rr.width // 9)
    # the Knock (Gin) button, which says Cancel now, wears no ring: ringed, it read as the
    # keys' focus, and a player took Enter for cancelling while the prompt named a card
