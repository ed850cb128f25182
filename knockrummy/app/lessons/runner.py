"""A lesson being played: :class:`LessonRun`, which the table drives.

The run owns a one-hand match on the lesson's prepared deal and applies every move
through the engine (``engine.match.apply``): the player's, once the current step asked
for it, and the scripted opponent's. It never touches storage.

How the table drives it (see the report of issue 17 and docs/ARCHITECTURE.md):

- draw ``run.match`` (``observe(run.match, 0)``) and light ``run.step.lit``; show
  ``run.text`` in the coach panel unless ``run.opponent_to_move``;
- while ``run.opponent_to_move``: ``run.play_opponent()`` one move at a time, animating
  the events it returns;
- a move the player makes at the table: ``run.attempt(action)``: :class:`Accepted`
  (apply its events to the screen) or :class:`Refused` (say ``reason``; nothing changed);
- the hand reordered by the player: ``run.arranged(order)``;
- the *Next* button (shown when ``run.wants_next``): ``run.next()``;
- once ``run.done``: ``run.ending()`` (the score explained and the offer).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from knockrummy.app.explain import explain, terms_in
from knockrummy.app.lessons.deal import prepared_match
from knockrummy.app.lessons.script import ScriptedPlayer
from knockrummy.app.lessons.steps import (
    Arrange,
    Do,
    FirstGame,
    Lesson,
    Next,
    Step,
    same_move,
    words,
)
from knockrummy.engine import (
    Action,
    Card,
    Discard,
    Event,
    IllegalAction,
    Knock,
    MatchState,
    apply,
    best_arrangement,
    is_set,
    legal_actions,
    observe,
)
from knockrummy.i18n import N_, _, ngettext, pgettext
from knockrummy.words.cards import cards_label, ranks_name, suit_name
from knockrummy.words.refusals import illegal_words, refusal
from knockrummy.words.scores import score_lines

#: the player's seat in every lesson
YOU = 0
#: said when a move is neither asked for nor anticipated (followed by the step's ask);
#: marked with ``N_``: ``_(GENERAL)`` is it in the player's language
GENERAL = N_("A fair move in a real game, but this lesson needs another one now.")
#: added to an arrangement step whose cards already sit side by side (a sort did it)
# Translators: Next is the lesson panel's button that goes on to the next step.
ALREADY = N_("They are side by side already: press Next.")


def _then(said: str, ask: str) -> str:
    """A whole sentence, then the step's ask."""
    # Translators: a sentence said to the player ({said}), then what to do now ({ask}).
    return _("{said} {ask}").format(said=said, ask=ask)


def _refused_then(reason: str, ask: str) -> str:
    """The game's refusal of a move (no full stop of its own), then the step's ask."""
    # Translators: why the game refuses a move ({reason}, a sentence without its full
    # stop), then what to do now ({ask}, a whole sentence).
    return _("{reason}. {ask}").format(reason=reason, ask=ask)


@dataclass(frozen=True)
class Accepted:
    """The move was made (or the step passed); ``events`` to show."""

    events: tuple[Event, ...] = ()


@dataclass(frozen=True)
class Refused:
    """The move was not made: the kind words why, and what to do instead."""

    reason: str


@dataclass(frozen=True)
class Noted:
    """A new hand order was kept; it does not finish the step (yet). ``hint``: what is
    still missing, when the step waits for an arrangement."""

    hint: str | None = None


@dataclass(frozen=True)
class Ending:
    """The end of a lesson: the hand's score explained and the game offered."""

    headline: str
    lines: tuple[str, ...]
    terms: tuple[str, ...]
    offer: FirstGame


def facts(match: MatchState) -> dict[str, str]:
    """The figures a step's text may name, from the finished hand (empty before)."""
    hand = match.hand
    result = hand.result
    if result is None:
        return {}
    them = 1 - YOU
    return {
        "you_count": str(result.counts[YOU]),
        "their_count": str(result.counts[them]),
        "you_points": str(result.points[YOU]),
        "their_points": str(result.points[them]),
        "difference": str(abs(result.counts[them] - result.counts[YOU])),
        # Translators: between the cards of a list ("7♠, Q♥, 3♦").
        "their_cards": cards_label(hand.hands[them], pgettext("list of cards", ", ")),
    }


class LessonRun:
    """One lesson from its first step to its end; see the module docstring."""

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.match = prepared_match(lesson.preset, lesson.names, lesson.hands,
                                    lesson.upcard, lesson.stock_top, lesson.dealer)
        them = 1 - YOU
        self.opponent = ScriptedPlayer(lesson.names[them], lesson.script)
        #: the player's hand from left to right, as the table keeps it
        self.order: tuple[Card, ...] = self.match.hand.hands[YOU]
        self.index = 0
        #: every move made, by seat, in order (the player's and the opponent's)
        self.moves: list[tuple[int, Action]] = []

    # ----------------------------------------------------------------- reading

    @property
    def done(self) -> bool:
        """Whether every step has been passed."""
        return self.index >= len(self.lesson.steps)

    @property
    def step(self) -> Step:
        """The current step (the last one once the lesson is done)."""
        return self.lesson.steps[min(self.index, len(self.lesson.steps) - 1)]

    @property
    def text(self) -> str:
        """The current step's words, with the hand's figures filled in."""
        text = words(self.step.says, **facts(self.match))
        wait = self.step.wait
        if not self.done and isinstance(wait, Arrange) and wait.done_by(self.order):
            return _then(text, _(ALREADY))
        return text

    @property
    def opponent_to_move(self) -> bool:
        """Whether the scripted opponent has a move to make before the player."""
        hand = self.match.hand
        return not hand.over and hand.current != YOU

    @property
    def wants_next(self) -> bool:
        """Whether the *Next* button passes the current step (a step to read, or an
        arrangement already made)."""
        if self.done or self.opponent_to_move:
            return False
        wait = self.step.wait
        return isinstance(wait, Next) or (isinstance(wait, Arrange) and wait.done_by(self.order))

    @property
    def steps_left(self) -> int:
        """Steps still to pass."""
        return max(0, len(self.lesson.steps) - self.index)

    # ----------------------------------------------------------------- acting

    def attempt(self, action: Action) -> Accepted | Refused:
        """The player tries ``action`` at the table: made if the step asks for it,
        else refused with kind words and nothing changed."""
        if self.done:
            return Refused(_("The lesson is over."))
        if self.opponent_to_move:
            name = self.lesson.names[self.match.hand.current]
            # Translators: {name} is the lesson's computer player (Ada).
            return Refused(_("Wait a moment: it is {name}'s turn.").format(name=name))
        step = self.step
        if isinstance(step.wait, Do) and same_move(step.wait.action, action):
            try:
                self.match, events = apply(self.match, action)
            except IllegalAction as refused:  # a knock showing melds that are not best
                return Refused(_refused_then(illegal_words(refused), step.ask))
            self.moves.append((YOU, action))
            self._keep_order()
            self.index += 1
            return Accepted(tuple(events))
        return Refused(self.why_not(action))

    def why_not(self, action: Action) -> str:
        """Why ``action`` is not the move now, in the coach's words."""
        step = self.step
        for wrong in step.wrongs:
            if any(same_move(action, w) for w in wrong.actions):
                return wrong.text
        reason = refusal(self.match, action)
        if reason is not None:
            return _refused_then(reason, step.ask)
        broken = self._breaks(action, step.ask)
        if broken is not None:
            return broken
        return _then(_(GENERAL), step.ask)

    def _breaks(self, action: Action, ask: str) -> str | None:
        """Why not, when throwing this card would break a meld of the player's hand
        ("That would break your run of hearts." and ``ask``), if it is a discard or a
        knock that does."""
        if not isinstance(action, Discard | Knock):
            return None
        hand = self.match.hand
        for meld in best_arrangement(hand.hands[YOU], hand.rules.ace_high):
            if action.card in meld:
                if is_set(meld):
                    # Translators: {ranks} is a rank, many of it ("fours", "queens");
                    # {ask} is a whole sentence saying what to do now.
                    return _("That would break your set of {ranks}. {ask}").format(
                        ranks=ranks_name(action.card.rank), ask=ask)
                # Translators: {suit} is a suit ("hearts"); {ask} is a whole sentence
                # saying what to do now.
                return _("That would break your run of {suit}. {ask}").format(
                    suit=suit_name(action.card.suit), ask=ask)
        return None

    def arranged(self, order: Sequence[Card]) -> Accepted | Noted:
        """The player put the hand in ``order`` (left to right); it is kept. Accepted
        when that is what the current step waited for."""
        order = tuple(order)
        if sorted(c.index for c in order) != sorted(c.index for c in self.match.hand.hands[YOU]):
            raise ValueError("an arrangement must hold exactly the cards of the hand")
        self.order = order
        wait = self.step.wait
        if self.done or not isinstance(wait, Arrange):
            return Noted()
        if wait.done_by(order):
            self.index += 1
            return Accepted()
        return Noted(self.step.ask)

    def next(self) -> Accepted | Refused:
        """The player pressed *Next*."""
        if not self.wants_next:
            if self.opponent_to_move:
                return Refused(_("Wait a moment: it is not your turn yet."))
            return Refused(self.step.ask)
        self.index += 1
        return Accepted()

    def play_opponent(self) -> tuple[Action, tuple[Event, ...]]:
        """Make the scripted opponent's next move through the engine."""
        if not self.opponent_to_move:
            raise RuntimeError("it is not the opponent's turn")
        seat = self.match.hand.current
        legal = legal_actions(self.match)
        action = self.opponent.choose(observe(self.match, seat), legal)
        self.match, events = apply(self.match, action)
        self.moves.append((seat, action))
        self._keep_order()
        return action, tuple(events)

    def play_opponent_turns(self) -> list[tuple[Action, tuple[Event, ...]]]:
        """Every opponent move due now (for tests and for a table that does not animate)."""
        made = []
        while self.opponent_to_move:
            made.append(self.play_opponent())
        return made

    def _keep_order(self) -> None:
        """The hand changed: keep the player's order, new cards on the right."""
        hand = self.match.hand.hands[YOU]
        kept = tuple(c for c in self.order if c in hand)
        self.order = kept + tuple(c for c in hand if c not in kept)

    # ----------------------------------------------------------------- the end

    def ending(self) -> Ending | None:
        """The hand's score explained, and the offer, once the hand is over."""
        result = self.match.hand.result
        if result is None:
            return None
        view = observe(self.match, YOU)
        won = result.points[YOU]
        if YOU in result.winners:
            headline = ngettext("You won the hand: {points} point.",
                                "You won the hand: {points} points.", won).format(points=won)
        else:
            # Translators: {name} is the lesson's computer player (Ada).
            headline = _("{name} won the hand.").format(name=self.lesson.names[result.winners[0]])
        terms = tuple(explain(term, view) for term in terms_in(view))
        lines = tuple(score_lines(result, self.match.names))
        return Ending(headline, lines, terms, self.lesson.first_game)
