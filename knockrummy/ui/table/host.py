"""What the table's parts (the pointer, the coach, the drawing, the knock choice's marks)
may use of the table scene, as protocols: they are handed the scene but import only this,
so none of them imports :mod:`~knockrummy.ui.table.scene` and the scene imports them
without a cycle.

- :class:`TableHost`: the scene as its parts see it: the window, the controller, the
  model (:class:`~knockrummy.ui.table.model.TableModel`, the table's state), the layout,
  the animation, the buttons, and the scene's few verbs (act, knock, press, refresh...).
- :class:`CoachPart` and :class:`PointerPart`: what the drawing and the pointer read of
  the coach and the pointer.
- :class:`Grip`: a drag in pixels (the model has it in cards).
- :class:`TableSession`: what the table needs of the match it shows (a
  :class:`~knockrummy.app.session.MatchSession`, or a lesson's session that keeps nothing).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    import pygame

    from knockrummy.app.controller import Controller
    from knockrummy.app.saves import HandOrders
    from knockrummy.coach import Hint
    from knockrummy.engine import Action, Card
    from knockrummy.ui.app import App
    from knockrummy.ui.felt.anim import Director
    from knockrummy.ui.felt.layout import TableLayout
    from knockrummy.ui.table.model import TableModel
    from knockrummy.ui.widgets import Button


@dataclass
class Grip:
    """A drag in pixels: where the button went down, where the pointer is, and the
    dragged card's corner from the pointer."""

    grab: tuple[int, int]
    pos: tuple[int, int]
    offset: tuple[int, int]


class TableSession(Protocol):
    """The match the table shows, as the table uses it: its controller, each seat's hand
    arrangement (told after each change), a touch after a rearrangement, messages."""

    @property
    def controller(self) -> Controller:
        """The match's controller."""
        ...

    @property
    def hand_orders(self) -> HandOrders:
        """Each seat's arrangement of its hand."""
        ...

    def arrange(self, orders: Mapping[int, tuple[str, Sequence[Card]]]) -> None:
        """How each seat's hand is arranged now."""
        ...

    def touch(self) -> None:
        """The hand was rearranged."""
        ...

    def take_messages(self) -> list[str]:
        """Sentences for the screen since the last call."""
        ...


class CoachPart(Protocol):
    """The coach as the drawing and the pointer use it: the hint to light, how strongly,
    its status line; put it out, follow it. ``tag``: the word over the lit cards ("hint";
    empty for none)."""

    tag: str

    @property
    def hint(self) -> Hint | None:
        """The hint to show now, if any."""
        ...

    @property
    def pending(self) -> bool:
        """Whether a hint asked for is being worked out."""
        ...

    def pulse(self) -> float:
        """How strongly to light the hint now."""
        ...

    def button_key(self, hint: Hint) -> str | None:
        """The table button the hint is about, if any."""
        ...

    def status(self) -> tuple[str, bool] | None:
        """The hint's line for the status bar, and whether it is the hint itself."""
        ...

    def dismiss(self) -> None:
        """Put the hint out."""
        ...

    def follow(self) -> bool:
        """Make the lit hint's move; False when none is lit."""
        ...


class PointerPart(Protocol):
    """The pointer as the drawing and the coach use it: the drag in pixels and the
    button under the pointer (for its tooltip)."""

    grip: Grip | None

    @property
    def tip(self) -> Button | None:
        """The button whose tooltip shows."""
        ...


class TableHost(Protocol):
    """The table scene as its parts see it."""

    @property
    def app(self) -> App:
        """The window."""
        ...

    @property
    def controller(self) -> Controller:
        """The match's controller."""
        ...

    @property
    def model(self) -> TableModel:
        """The table's state."""
        ...

    @property
    def layout(self) -> TableLayout:
        """Where everything goes."""
        ...

    @property
    def director(self) -> Director:
        """The flights and the banner."""
        ...

    @property
    def buttons(self) -> dict[str, Button]:
        """The table's buttons by key."""
        ...

    @property
    def coach(self) -> CoachPart:
        """Hint and undo."""
        ...

    @property
    def pointer(self) -> PointerPart:
        """Mouse and keyboard."""
        ...

    @property
    def clock(self) -> float:
        """Seconds since the table opened."""
        ...

    @property
    def lift(self) -> dict[Card, float]:
        """How far each hand card stands raised now, 0..2 (eased)."""
        ...

    @property
    def shift(self) -> dict[Card, float]:
        """How far each hand card stands aside now, in pixels (eased): the hand opens
        after a card drawn whole so the next card's corner shows."""
        ...

    def refresh(self) -> None:
        """Legal actions and button states for the displayed view."""
        ...

    def relayout(self) -> None:
        """Lay the table out again."""
        ...

    def act(self, action: Action, sources: dict[Card, pygame.Rect] | None = None
            ) -> str | None:
        """Send the player's action; the reason when refused."""
        ...

    def knock_with(self, card: Card, kind: str = "knock",
                   sources: dict[Card, pygame.Rect] | None = None) -> str | None:
        """Knock (or go gin) throwing ``card``; the reason when it may not."""
        ...

    def press(self, key: str) -> None:
        """A button or its key."""
        ...

    def cancel_choice(self) -> None:
        """Leave the knock choice."""
        ...

    def send_home(self, cards: list[Card], drop: tuple[int, int]) -> None:
        """Slide dragged cards back into the hand."""
        ...

    def order_changed(self) -> None:
        """The hand was rearranged: lay it out and save."""
        ...

    def restart_motion(self) -> None:
        """Forget lifts, drags and the hand-over pause (after an undo)."""
        ...
