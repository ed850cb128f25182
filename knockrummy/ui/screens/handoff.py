"""The pass-and-play hand-off: every hand hidden until the next human is ready.

An opaque scene (nothing of the table is drawn under it) saying whom to pass the
screen to, what happened since their last turn and what they do next. It takes
no click in its first moments, so a double click by the player who just finished
cannot reveal the next player's hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from knockrummy.app.recap import match_info, since_last_turn
from knockrummy.engine import Family, Phase, PlayerView
from knockrummy.engine.state import LogEntry
from knockrummy.i18n import _
from knockrummy.ui.gfx import ACCENT, TEXT, TEXT_DIM, panel
from knockrummy.ui.screens.base import ButtonScene
from knockrummy.words.cards import card_name
from knockrummy.words.names import is_you, shown_name

if TYPE_CHECKING:
    from knockrummy.app.session import MatchSession
    from knockrummy.ui.app import App

#: seconds before a click counts (the last player's stray clicks land on nothing)
ARM_DELAY = 0.6




def next_move(view: PlayerView) -> str:
    """What the player taking the screen does first, in words."""
    if view.phase is Phase.UPCARD_OFFER:
        top = view.upcard
        if top is None:
            return _("Take the up card or pass")
        # Translators: {card} is a card's long name ("ten of hearts")
        return _("Take the {card} or pass").format(card=card_name(top))
    if view.phase is Phase.LAYOFF and view.knocker is not None:
        knocker = shown_name(view.names[view.knocker])
        if is_you(knocker):
            return _("Lay off cards onto your melds")
        return _("Lay off cards onto {name}'s melds").format(name=knocker)
    if view.phase is Phase.PLAY:  # a game resumed after the draw
        if view.rules.family is Family.RUMMY:
            return _("Your turn: you have drawn; meld, lay off or throw a card")
        return _("Your turn: you have drawn; now throw a card to the pile")
    return _("Your turn: draw a card")


def before_this_turn(view: PlayerView) -> list[LogEntry]:
    """The hand's moves before the turn of the player taking the screen: a game resumed
    after their draw recaps what came before it, not nothing since the draw."""
    log = list(view.log)
    if view.phase is Phase.PLAY:
        while log and log[-1].seat == view.seat:
            log.pop()
    return log


class HandoffScene(ButtonScene):
    """"Pass to Ann - click when ready"."""

    name = "handoff"
    opaque = True

    def __init__(self, app: App, seat: int) -> None:
        super().__init__(app)
        assert app.session is not None, "a hand-off is for a running match"
        #: the running match
        self.session: MatchSession = app.session
        self.seat = seat
        view = self.session.controller.view(seat)
        self.who = shown_name(view.names[seat])
        self.todo = next_move(view)
        log = before_this_turn(view)
        self.recap = since_last_turn(log, seat, view.names, limit=6)
        if not any(entry.seat == seat for entry in log):
            self.recap_head = _("So far this hand:")
        elif is_you(self.who):
            self.recap_head = _("Since your last turn:")
        else:
            self.recap_head = _("Since {name}'s last turn:").format(name=self.who)
        self.scores = [(shown_name(view.names[s]), view.scores[s]) for s in range(view.players)]
        number, length = match_info(view)
        # Translators: "Hand 3 of 6 (2 deals each)": the hand, then the match's length
        self.hand_label = _("{hand} ({length})").format(hand=number,
                                                        length=length[:1].lower() + length[1:])
        #: when the button lights, on the window's clock (not frames' time: on a busy
        #: machine slow frames, each counted at most 0.1 s, kept the button grey for
        #: seconds), counted from the first frame that shows this screen (on a busy
        #: machine that frame can come late: the delay is the player's, not the program's)
        self.armed_at: float | None = None
        #: whether a frame has shown the button lit: only then do clicks and keys count (a
        #: key pressed while the screen still looked grey is the last player's)
        self._shown_armed = False
        self.ready_button = self.button(
            _("I'm {name}: show my cards").format(name=self.who), self.ready, "Enter",
            _("Only {name} should look now").format(name=self.who))
        self.ready_button.primary = True
        self.button(_("Menu"), self.menu, "Esc", _("Rules, scores, settings, leave"))
        app.sounds.play("click")

    @property
    def ripe(self) -> bool:
        """Whether the delay has passed since the screen was first shown (the button is
        drawn lit from then on)."""
        return self.armed_at is not None and self.app.now() >= self.armed_at

    @property
    def armed(self) -> bool:
        """Whether clicks and keys count yet: once a frame has shown the button lit."""
        return self._shown_armed

    def ready(self) -> None:
        """The player is ready: show the table from their side."""
        if not self.armed:
            return
        self.session.controller.acknowledge_handoff()
        self.app.pop()

    def menu(self) -> None:
        """The in-game menu (over this screen: the table stays hidden)."""
        self.app.open("pause")

    def back(self) -> None:
        """Esc opens the menu."""
        self.menu()

    def update(self, dt: float) -> None:
        """Light the button once the delay has passed."""
        if self.ready_button.enabled != self.ripe:
            self.ready_button.enabled = self.ripe
            self.app.dirty = True

    def busy(self) -> bool:
        """Frames until armed."""
        return not self.armed

    def handle(self, event: pygame.event.Event) -> None:
        """A click anywhere (but on Menu) or Enter/Space: ready."""
        escape = event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
        if not self.armed and not escape and event.type in (
                pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN):
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            menu = self.buttons[1]
            if not menu.rect.collidepoint(event.pos) and not self.ready_button.pressed:
                self.ready()
                return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE,
                                                          pygame.K_KP_ENTER):
            self.ready()
            return
        super().handle(event)

    # ----------------------------------------------------------------- drawing

    def resize(self, size: tuple[int, int]) -> None:
        """The two buttons under the panel."""
        w, h = size
        bh = max(44, self.app.px(54))
        rw = max(300, self.app.px(380))
        mw = max(130, self.app.px(150))
        gap = self.app.px(16)
        y = h - 16 - bh - self.app.px(24)
        left = w // 2 - (rw + gap + mw) // 2
        self.ready_button.rect = pygame.Rect(left, y, rw, bh)
        self.buttons[1].rect = pygame.Rect(left + rw + gap, y, mw, bh)

    def draw(self, surface: pygame.Surface) -> None:
        """Felt, a row of card backs, whom to pass to, the recap, the buttons."""
        app = self.app
        if self.armed_at is None:
            self.armed_at = app.now() + ARM_DELAY
        lit = self.ripe and self.ready_button.enabled
        w, h = app.size
        surface.blit(app.table.surface(app.size), (0, 0))
        shade = pygame.Surface(app.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 90))
        surface.blit(shade, (0, 0))
        self._backs(surface, app.px(40))
        fonts = app.fonts
        big = app.text_size(48)
        head = fonts.text(_("Pass to {name}").format(name=self.who), big, ACCENT, bold=True)
        y = app.px(40) + app.px(130)
        surface.blit(head, head.get_rect(midtop=(w // 2, y)))
        y += head.get_height() + app.px(6)
        sub_text = (_("{name}, click or press Enter when ready").format(name=self.who) if lit
                    else _("Every hand is hidden"))
        sub = fonts.text(sub_text, app.text_size(22), TEXT, bold=True)
        surface.blit(sub, sub.get_rect(midtop=(w // 2, y)))
        y += sub.get_height() + app.px(14)
        size = app.text_size(17)
        width = min(w - 64, app.px(720))
        todo = self._todo_lines(width)
        lines = len(todo) + 1 + (len(self.recap) + 1 if self.recap else 0)
        wanted = lines * (size + app.px(7)) + app.px(40)
        box = pygame.Rect(0, y, width, min(wanted, self.ready_button.rect.top - app.px(18) - y))
        box.centerx = w // 2
        if box.height > app.px(60):
            self._summary(surface, box, todo)
        self.draw_buttons(surface)
        if lit:
            self._shown_armed = True

    def _backs(self, surface: pygame.Surface, top: int) -> None:
        """A small fan of card backs: the look of a hand turned face down."""
        w = self.app.px(56)
        step = self.app.px(18)
        n = 7
        left = self.app.size[0] // 2 - (w + step * (n - 1)) // 2
        back = self.app.cards.back(w)
        shadow = self.app.cards.shadow(w, False)
        pad = (shadow.get_width() - w) // 2
        for i in range(n):
            dy = abs(i - n // 2) * self.app.px(4)
            surface.blit(shadow, (left + i * step - pad + 2, top + dy - pad + 3))
            surface.blit(back, (left + i * step, top + dy))

    def _todo_lines(self, width: int) -> list[str]:
        """The summary's first line, what to do, wrapped to the panel (a resumed turn's
        "you have drawn; now throw a card to the pile" ran past its edge at 960x600)."""
        app = self.app
        # Translators: the hand-off's summary: "Hand 3 of 6 (2 deals each).  Your turn: draw
        # a card."
        text = _("{hand}.  {todo}.").format(hand=self.hand_label, todo=self.todo)
        return app.fonts.wrap(text, app.text_size(17), width - app.px(40), bold=True)

    def _summary(self, surface: pygame.Surface, box: pygame.Rect, todo_lines: list[str]) -> None:
        app = self.app
        fonts = app.fonts
        panel(surface, box, 160, 14)
        size = app.text_size(17)
        x = box.left + app.px(20)
        y = box.top + app.px(12)
        for line in todo_lines:  # wrapped once, in draw, for the box's height too
            todo = fonts.text(line, size, ACCENT, bold=True)
            surface.blit(todo, (x, y))
            y += todo.get_height()
        y += app.px(8)
        # Translators: one player's score in the hand-off's list: "Ann 30"
        scores = "   ".join(_("{name} {points}").format(name=n, points=s) for n, s in self.scores)
        for line in fonts.wrap(_("Scores: {scores}").format(scores=scores), size,
                               box.width - app.px(40))[:2]:
            surface.blit(fonts.text(line, size, TEXT_DIM), (x, y))
            y += size + app.px(6)
        if not self.recap:
            return
        y += app.px(4)
        head = fonts.text(self.recap_head, size, TEXT, bold=True)
        surface.blit(head, (x, y))
        y += head.get_height() + app.px(4)
        for line in self.recap:
            if y + size > box.bottom - app.px(8):
                break
            surface.blit(fonts.text(line, size, TEXT), (x + app.px(12), y))
            y += size + app.px(5)
