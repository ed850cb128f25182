"""A lesson at the real table: :class:`LessonScene` is the table screen in lesson mode.

It is the table (the same model, layout, drawing, pointer and keys) with a
:class:`~knockrummy.app.lessons.LessonRun` behind it instead of a saved match
(:mod:`.lessondrive`), and three differences:

- the coach panel (:mod:`.lessonpanel`) says the step's words, one thing at a time,
  with a *Next* button only on a step to read; the cards and places the step talks
  about are lit in the coach's colour, as a hint lights them;
- every move goes to the run: a move the step asks for is made and animated as usual,
  any other is refused and the reason said in the panel (nothing changes); each
  rearrangement of the hand (a drag, a sort, Arrange melds) is told to the run;
- Hint and Undo are hidden (their keys are answered kindly), Menu offers to leave, no
  showdown screen opens (the panel explains the hand), and the end shows the score
  explained with *Play your first game* and a way back to the title. Nothing is saved
  but the finished lesson's key in the settings.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from knockrummy.app import prefs as prefs_store
from knockrummy.app.controller import Step
from knockrummy.app.lessons import (
    Arrange,
    Do,
    Ending,
    LessonRun,
    Noted,
    Place,
    Refused,
    finished,
    lesson,
)
from knockrummy.app.lessons.runner import YOU
from knockrummy.coach import Hint
from knockrummy.engine import Action, Card, NextHand
from knockrummy.i18n import N_, _, pgettext
from knockrummy.ui import matches
from knockrummy.ui.table import lessonpanel
from knockrummy.ui.table.coach import TableCoach
from knockrummy.ui.table.lessondrive import LessonSession
from knockrummy.ui.table.scene import TableScene
from knockrummy.ui.widgets import Button

if TYPE_CHECKING:
    from knockrummy.ui.app import App

#: seconds the lit cards pulse when a step begins
PULSE = 1.6
#: the table buttons that name a place a step may light
PLACE_BUTTONS = {Place.KNOCK_BUTTON: "knock", Place.MELD_BUTTON: "meld",
                 Place.PASS_BUTTON: "pass", Place.DONE_BUTTON: "finish"}
#: the answer to the Hint and Undo keys in a lesson
NO_HINT = N_("No hints in a lesson: the coach panel says what to do.")
NO_UNDO = N_("Nothing to take back: a move the lesson does not ask for is never made.")


class LessonCoach(TableCoach):
    """The coach part of the table in a lesson: it lights what the current step talks
    about, the way a hint is lit (see :class:`~knockrummy.ui.table.host.CoachPart`)."""

    tag = ""

    def __init__(self, scene: LessonScene) -> None:
        super().__init__(scene)
        self.s: LessonScene = scene
        #: the table clock when the current step began (its lights pulse for a moment)
        self.since = 0.0
        self._index = -1

    @property
    def hint(self) -> Hint | None:
        """The step's lit cards of the hand and pile, as a hint to draw; none while the
        opponent plays or cards move."""
        s = self.s
        run = s.run
        if not s.coach_showing():
            return None
        lit = run.step.lit
        hand = set(s.model.cards)
        cards = tuple(c for c in lit.cards if c in hand)
        pile = ("discard" if Place.DISCARD in lit.places else
                "stock" if Place.STOCK in lit.places else None)
        if not cards and pile is None:
            return None
        wait = run.step.wait
        action = wait.action if isinstance(wait, Do) else NextHand()
        return Hint(action, "lesson", run.text, cards, pile)

    @property
    def pending(self) -> bool:
        """Never: nothing is worked out on a thread."""
        return False

    def step_began(self) -> None:
        """Note when the current step began (for the pulse)."""
        if self.s.run.index != self._index:
            self._index = self.s.run.index
            self.since = self.s.clock

    def pulse(self) -> float:
        """How strongly to light now: pulsing when the step begins, then steady."""
        age = self.s.clock - self.since
        if age >= PULSE:
            return 1.0
        return 0.75 + 0.25 * math.cos(age * 7.0)

    def pulsing(self) -> bool:
        """Whether the lights still need frames."""
        return self.s.clock - self.since < PULSE

    def button_key(self, hint: Hint) -> str | None:
        """The first table button the step lights (the rest are outlined by the panel)."""
        keys = self.buttons_lit()
        return keys[0] if keys else None

    def buttons_lit(self) -> list[str]:
        """Every table button the current step lights."""
        if not self.s.coach_showing():
            return []
        return [PLACE_BUTTONS[p] for p in self.s.run.step.lit.places if p in PLACE_BUTTONS]

    def status(self) -> tuple[str, bool] | None:
        """While the player chooses a card to knock with, what to do. While the panel
        waits for Next or for cards put side by side, the status line says so, instead
        of the table's own prompt to draw or discard (which would ask for another thing
        than the panel). Else nothing: the table's prompt fits the move the step asks."""
        m = self.s.model
        if m.choice is not None:
            return m.choice.prompt(m.choice_candidate(), m.view), False
        run = self.s.run
        if self.s.coach_showing():
            if run.wants_next:
                return _("Read the note at the top, then press Next (or Enter)"), False
            if isinstance(run.step.wait, Arrange):
                return _("Put the cards the note names side by side: drag them, or sort"), \
                    False
        return None

    def dismiss(self) -> None:
        """The lesson's lights stay until the step is passed."""

    def follow(self) -> bool:
        """Enter never makes the step's move for the player."""
        return False

    def refresh_buttons(self) -> None:
        """Hint and Undo are hidden in a lesson."""
        for key in ("hint", "undo"):
            self.s.buttons[key].visible = False

    def remember_order(self) -> None:
        """Nothing to undo in a lesson."""

    def update(self) -> None:
        """Follow the step."""
        self.step_began()

    def ask(self) -> None:
        """H: no hints here."""
        self.s.say(_(NO_HINT), NO_HINT)

    def undo(self) -> None:
        """Ctrl+Z: nothing to take back."""
        self.s.say(_(NO_UNDO), NO_UNDO)


class LessonScene(TableScene):
    """The table in lesson mode (see the module docstring)."""

    name = "lesson"

    def __init__(self, app: App, key: str) -> None:
        self.run = LessonRun(lesson(key))
        self.lesson_session = LessonSession(self.run, app.prefs.pacing_seconds)
        #: what the panel says beside the step: a refused move's reason, for this step
        self.said: tuple[int, str] | None = None
        #: the message said, when it is one of the panel's own (an ``N_`` key, made anew
        #: in another language)
        self._said_key: str | None = None
        #: the lesson's end, once reached
        self.ended: Ending | None = None
        self.panel_buttons: dict[str, Button] = {}
        #: what the panel showed last frame: (showing, step, Next wanted)
        self._moment = (False, -1, False)
        super().__init__(app, self.lesson_session)
        self.lesson_coach = LessonCoach(self)
        self.coach = self.lesson_coach
        self.panel_buttons = {
            "next": Button("", self.next_step),
            "first_game": Button("", self.first_game),
            "title": Button("", self.to_title),
        }
        self._label_panel()
        self.buttons.update(self.panel_buttons)
        self._one_hand()
        self.refresh()

    def _label_panel(self) -> None:
        """The words of the panel's buttons, in the language now chosen."""
        words = {
            "next": (pgettext("button", "Next"), pgettext("key", "Enter"),
                     _("Go on to the next thing")),
            "first_game": (pgettext("button", "Play your first game"),
                           pgettext("key", "Enter"),
                           _("A real game against an easy computer")),
            "title": (pgettext("button", "Back to the title"), pgettext("key", "Esc"),
                      _("Leave the lesson for the title screen")),
        }
        for key, (label, hint, tip) in words.items():
            button = self.panel_buttons[key]
            button.label, button.key_hint, button.tooltip = label, hint, tip

    def relabel(self) -> None:
        """The language changed: the table's words and the panel's buttons made anew (the
        lesson's step, the cards and a refusal said in the panel are kept)."""
        self._label_panel()
        if self.said is not None and self._said_key is not None:
            self.said = (self.said[0], _(self._said_key))
        if self.ended is not None:  # the ending's words, made again
            self.ended = self.run.ending() or self.ended
        super().relabel()

    # ----------------------------------------------------------------- reading

    def coach_showing(self) -> bool:
        """Whether the coach panel speaks now: the player's moment, nothing moving and no
        banner showing, the opponent not playing, the lesson not over."""
        c = self.controller
        return (not self.run.done and not self.run.opponent_to_move and not c.steps
                and not self.director.active and self.director.banner_time <= 0)

    def saying(self) -> str | None:
        """The reason of the refused move for the current step, if any."""
        if self.said is not None and self.said[0] == self.run.index:
            return self.said[1]
        return None

    def say(self, text: str, key: str | None = None) -> None:
        """Say ``text`` in the coach panel until the step is passed or another is said
        (``key``: the ``N_`` message it was made from, if it is the panel's own)."""
        self.said = (self.run.index, text)
        self._said_key = key
        self.app.dirty = True

    # ----------------------------------------------------------------- acting

    def press(self, key: str) -> None:
        """Menu offers to leave; Hint and Undo are answered kindly; the rest as at the
        table."""
        if key == "menu":
            self.app.open("confirm", _("Leave the lesson? It is not kept."), self.to_title)
            return
        if key == "hint":
            self.say(_(NO_HINT), NO_HINT)
            return
        if key == "undo":
            self.say(_(NO_UNDO), NO_UNDO)
            return
        super().press(key)

    def act(self, action: Action, sources: dict[Card, pygame.Rect] | None = None) -> str | None:
        """The move sent to the run; refused, the table is shown as it was (a knock's
        choice ended, its button Knock again)."""
        reason = super().act(action, sources)
        if reason is not None:
            self.refresh()
        return reason

    def order_changed(self) -> None:
        """The player rearranged the hand: told to the run (it may pass the step)."""
        super().order_changed()
        self._tell_order(explicit=True)

    def _tell_order(self, explicit: bool) -> None:
        cards = tuple(self.model.cards)
        hand = self.run.match.hand.hands[YOU]
        if self.view.seat != YOU or sorted(c.index for c in cards) != \
                sorted(c.index for c in hand):
            return  # a step still on its way: the run keeps its own order meanwhile
        if not explicit and cards == self.run.order:
            return
        result = self.run.arranged(cards)
        if explicit and isinstance(result, Noted) and result.hint:
            self.say(result.hint)
        self.refresh()
        self.app.dirty = True

    def next_step(self) -> None:
        """The Next button (or Enter on a step to read)."""
        result = self.run.next()
        if isinstance(result, Refused):
            self.say(result.reason)
        self.refresh()
        self.app.dirty = True

    def first_game(self) -> None:
        """The offer: that family's default game against an easy computer."""
        if self.ended is None:
            return
        matches.start_game(self.app, lessonpanel.offer_setup(self.ended.offer))

    def to_title(self) -> None:
        """Leave the lesson (nothing is kept of it)."""
        self.lesson_session.close()
        self.app.open_fresh("title")

    def _finish(self) -> None:
        """The lesson is over: remember it in the settings and show the ending."""
        self.ended = self.run.ending()
        prefs = self.app.prefs
        self.app.prefs = replace(prefs, lessons_done=finished(prefs.lessons_done,
                                                              self.run.lesson.key))
        if self.app.save_prefs:
            prefs_store.save(self.app.prefs)
        self.refresh()

    # ----------------------------------------------------------------- scene API

    def handle(self, event: pygame.event.Event) -> None:
        """Enter on a step to read is Next; at the end Enter plays the first game and Esc
        goes back to the title; everything else as at the table."""
        if event.type == pygame.KEYDOWN:
            key = event.key
            enter = key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
            if self.ended is not None:
                if enter:
                    self.first_game()
                elif key == pygame.K_ESCAPE:
                    self.to_title()
                return
            if (enter or key == pygame.K_n) and self.run.wants_next and \
                    self.model.choice is None:
                # a step to read: Enter is Next once the panel speaks, and nothing while
                # cards still move (a second Enter after a knock, out of habit, reached
                # the table and said "Pick a card ... first" over the showdown's words)
                if self.coach_showing():
                    self.next_step()
                return
        if self.ended is not None and event.type in (pygame.MOUSEBUTTONDOWN,
                                                     pygame.MOUSEBUTTONUP):
            for key in ("first_game", "title"):
                if self.buttons[key].handle(event):
                    self.app.dirty = True
            return
        super().handle(event)
        self._absorb_message()

    def _absorb_message(self) -> None:
        """A message the table would show (a refusal, a tip) is said in the panel."""
        message = self.model.telling
        if message is not None:
            self.say(message)
            self.model.message.time = 0.0

    def _start(self, step: Step) -> None:
        """A step shown as at the table, but no showdown screen opens after the hand."""
        super()._start(step)
        self.hand_over_hold = -1.0
        self._one_hand()

    def _one_hand(self) -> None:
        """No "Hand 1 of 4" box: a lesson is one hand, not a match."""
        self.layout.info = pygame.Rect(0, 0, 0, 0)

    def update(self, dt: float) -> None:
        """The table's frame, then the lesson's: the order told, the end reached."""
        super().update(dt)
        self.hand_over_hold = -1.0
        self._absorb_message()
        idle = not self.director.active and not self.controller.steps
        if idle:
            self._tell_order(explicit=False)
        if self.run.done and self.ended is None and idle:
            self._finish()
        moment = (self.coach_showing(), self.run.index, self.run.wants_next)
        if moment != self._moment:  # the panel comes or goes, or its step changed
            self._moment = moment
            self.refresh()
            self.app.dirty = True
        self.lesson_coach.update()

    def refresh(self) -> None:
        """The table's buttons, then the panel's."""
        super().refresh()
        if not self.panel_buttons:
            return
        showing = self.coach_showing()
        self.panel_buttons["next"].visible = showing and self.run.wants_next
        for key in ("first_game", "title"):
            self.panel_buttons[key].visible = self.ended is not None
        if self.ended is not None:
            self.panel_buttons["first_game"].label = self.ended.offer.label
            for key, button in self.buttons.items():
                if key not in ("first_game", "title"):
                    button.visible = False
        lessonpanel.place_buttons(self)

    def relayout(self) -> None:
        """The table's layout, then the panel's buttons."""
        super().relayout()
        self._one_hand()
        if self.panel_buttons:
            lessonpanel.place_buttons(self)

    def busy(self) -> bool:
        """Frames while the table needs them or the opponent is about to play."""
        return super().busy() or self.run.opponent_to_move

    def draw(self, surface: pygame.Surface) -> None:
        """The table, then the coach panel (or the ending) over it."""
        super().draw(surface)
        lessonpanel.draw(self, surface)

    def leave(self) -> None:
        """Nothing kept: the lesson's session is closed."""
        self.lesson_session.close()
