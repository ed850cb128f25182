"""Replays for the match history: any finished hand, step by step, every card face up.

Every hand is kept as its seed, dealer and actions (:class:`HandRecord`), so it
replays exactly (:func:`knockrummy.engine.hand_replay.hand_steps`). This module adds
what a replay screen needs on top:

- :class:`ReplayCursor`: a position in one hand's steps, moved forward and back,
  giving a :class:`FaceUp` frame (each seat's view, so every hand can be drawn
  face up, the stock too) and a caption in words for each step. Animate by
  playing a step's ``events`` (unmasked: every card is shown).
- :func:`replay_all`: every finished hand of a match, checked to reproduce its
  recorded result, with the running scores.

>>> from knockrummy.engine import PRESETS, new_match, apply, legal_actions
>>> m = new_match(PRESETS["knock"], 2, seed=1, names=["Ann", "Bob"])
>>> while not m.hand.over:
...     m, _ = apply(m, legal_actions(m)[-1])
>>> cursor = ReplayCursor.of_match(m, 0)
>>> cursor.frame.caption
'Bob deals 10 cards each; the up card is 7♠'
>>> cursor.forward(), cursor.index
(True, 1)
>>> cursor.to_end(); cursor.frame.step.state.result == m.records[0].result
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from knockrummy.coach.words import is_you, meld_cards
from knockrummy.engine.cards import Card
from knockrummy.engine.events import (
    Dealt,
    Discarded,
    Drew,
    Event,
    HandEnded,
    Knocked,
    LaidOff,
    Melded,
    Passed,
    StockTurnedOver,
    UpcardTurned,
)
from knockrummy.engine.hand_replay import Step, hand_steps
from knockrummy.engine.match import HandRecord, MatchState
from knockrummy.engine.rules import Rules
from knockrummy.engine.state import HandState
from knockrummy.engine.view import PlayerView, observe_hand
from knockrummy.i18n import _, ngettext, pgettext
from knockrummy.words.cards import card_label
from knockrummy.words.scores import score_lines


@dataclass(frozen=True)
class FaceUp:
    """One moment of a replay with every card face up.

    ``step``: the engine's step (state after the move, the move, who made it, the
    events, unmasked); ``index``: its place in the hand (0 is the deal);
    ``views``: every seat's own view at that moment; ``scores``: the match totals
    shown (before the hand; after it once the hand is over); ``caption``: the step
    in words.
    """

    step: Step
    index: int
    views: tuple[PlayerView, ...]
    scores: tuple[int, ...]
    caption: str

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Every seat's cards."""
        return self.step.state.hands

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock, top card last."""
        return self.step.state.stock

    @property
    def knock_card(self) -> Card | None:
        """The knock discard (face down in Gin), once someone has knocked."""
        return self.step.state.knock_card


def face_up_views(
    state: HandState, scores: Sequence[int] | None = None, hand_number: int = 0
) -> tuple[PlayerView, ...]:
    """Every seat's view of ``state``: drawn together, all hands face up."""
    totals = tuple(scores) if scores is not None else None
    return tuple(observe_hand(state, s, totals, hand_number) for s in range(state.players))


def _who(name: str, you: str, other: str, **values: object) -> str:
    """``you`` (the sentence for the player called You: "You draw ...") or ``other``
    (for anyone else: "{name} draws ..."), filled in."""
    return (you if is_you(name) else other).format(name=name, **values)


def _knocked(event: Knocked, name: str) -> str:
    """A knock, gin, big gin or rum in words, with the card thrown."""
    if event.kind == "big_gin":
        return _who(name, _("You go big gin"), _("{name} goes big gin"))
    if event.kind == "gin":
        said = _who(name, _("You go gin"), _("{name} goes gin"))
    elif event.kind == "rum":
        said = _who(name, _("You go out with every card matched (rum)"),
                    _("{name} goes out with every card matched (rum)"))
    else:
        said = ngettext("You knock with {count} deadwood", "You knock with {count} deadwood",
                        event.deadwood) if is_you(name) else ngettext(
            "{name} knocks with {count} deadwood", "{name} knocks with {count} deadwood",
            event.deadwood)
        said = said.format(name=name, count=event.deadwood)
    if event.card is None:
        return said
    card = card_label(event.card)
    if event.face_down:
        # Translators: {event} is "Ann knocks with 5 deadwood", "You go gin" ...
        return _("{event}, discarding the {card} face down").format(event=said, card=card)
    # Translators: {event} is "Ann knocks with 5 deadwood", "You go gin" ...
    return _("{event}, discarding the {card}").format(event=said, card=card)


def _event_words(event: Event, names: Sequence[str], state: HandState) -> str | None:
    if isinstance(event, Drew):
        name = names[event.seat]
        card = card_label(event.card) if event.card is not None else None
        if event.source == "stock":
            if card is None:
                return _who(name, _("You draw a card from the stock"),
                            _("{name} draws a card from the stock"))
            return _who(name, _("You draw the {card} from the stock"),
                        _("{name} draws the {card} from the stock"), card=card)
        if card is None:
            return _who(name, _("You take a card from the pile"),
                        _("{name} takes a card from the pile"))
        return _who(name, _("You take the {card} from the pile"),
                    _("{name} takes the {card} from the pile"), card=card)
    if isinstance(event, Passed):
        return _who(names[event.seat], _("You pass on the {card}"),
                    _("{name} passes on the {card}"), card=card_label(event.card))
    if isinstance(event, Discarded):
        return _who(names[event.seat], _("You discard the {card}"),
                    _("{name} discards the {card}"), card=card_label(event.card))
    if isinstance(event, Knocked):
        return _knocked(event, names[event.seat])
    if isinstance(event, Melded):
        return _who(names[event.seat], _("You meld {cards}"), _("{name} melds {cards}"),
                    cards=meld_cards(event.cards, state.rules.ace_high))
    if isinstance(event, LaidOff):
        return _who(names[event.seat], _("You lay off the {card}"),
                    _("{name} lays off the {card}"), card=card_label(event.card))
    if isinstance(event, StockTurnedOver):
        if event.shuffled:
            return _("The discard pile is shuffled into the stock")
        return _("The discard pile is turned over as the new stock")
    if isinstance(event, UpcardTurned):
        return _("the up card is {card}").format(card=card_label(event.card))
    if isinstance(event, HandEnded):
        lines = score_lines(state.result, names) if state.result is not None else []
        # Translators: {line} is the hand's result ("Ann wins 25")
        return _("Hand over: {line}").format(line=lines[0]) if lines else _("Hand over")
    if isinstance(event, Dealt):
        name = names[event.dealer]
        n = event.cards_each
        return _who(name, ngettext("You deal {n} card each", "You deal {n} cards each", n),
                    ngettext("{name} deals {n} card each", "{name} deals {n} cards each", n),
                    n=n)
    return None


def step_caption(step: Step, names: Sequence[str]) -> str:
    """A step in words, every card named: ``"Ann draws the 7♠ from the stock"``."""
    words = [w for e in step.events if (w := _event_words(e, names, step.state)) is not None]
    if not words and step.seat is not None:
        return _who(names[step.seat], _("You finish laying off"),
                    _("{name} finishes laying off"))
    caption = words[0] if words else ""
    for more in words[1:]:
        # Translators: joins the events of one step ("Bob deals 10 cards each; the up
        # card is 7♠")
        caption = pgettext("events", "{first}; {second}").format(first=caption, second=more)
    return caption


class ReplayCursor:
    """A position in one hand's replay (0 is the deal, ``len(cursor) - 1`` the end)."""

    def __init__(self, steps: Sequence[Step], scores_before: Sequence[int] | None = None,
                 hand_number: int = 0) -> None:
        if not steps:
            raise ValueError("a replay needs at least the deal")
        self.steps: tuple[Step, ...] = tuple(steps)
        players = self.steps[0].state.players
        self.scores_before = tuple(scores_before) if scores_before is not None else (
            tuple([0] * players))
        self.hand_number = hand_number
        self.index = 0

    @classmethod
    def of_record(cls, rules: Rules, players: int, names: Sequence[str], record: HandRecord,
                  scores_before: Sequence[int] | None = None) -> ReplayCursor:
        """A cursor at the deal of a recorded hand."""
        return cls(hand_steps(rules, players, names, record), scores_before, record.number)

    @classmethod
    def of_match(cls, match: MatchState, number: int) -> ReplayCursor:
        """A cursor at the deal of finished hand ``number`` (from 0) of ``match``."""
        for hand in replay_all(match):
            if hand.record.number == number:
                return hand.cursor()
        # Translators: an error shown when a hand cannot be replayed
        raise ValueError(_("hand {number} is not finished").format(number=number + 1))

    def __len__(self) -> int:
        return len(self.steps)

    @property
    def at_start(self) -> bool:
        """At the deal."""
        return self.index == 0

    @property
    def at_end(self) -> bool:
        """At the last step (the hand scored)."""
        return self.index == len(self.steps) - 1

    def forward(self) -> bool:
        """One step on; ``False`` at the end."""
        if self.at_end:
            return False
        self.index += 1
        return True

    def back(self) -> bool:
        """One step back; ``False`` at the deal."""
        if self.at_start:
            return False
        self.index -= 1
        return True

    def seek(self, index: int) -> None:
        """Jump to step ``index`` (a review's ``Decision.step``, for example)."""
        if not 0 <= index < len(self.steps):
            raise IndexError(f"no step {index} in a replay of {len(self.steps)}")
        self.index = index

    def to_start(self) -> None:
        """Back to the deal."""
        self.index = 0

    def to_end(self) -> None:
        """On to the end of the hand."""
        self.index = len(self.steps) - 1

    @property
    def step(self) -> Step:
        """The engine's step here."""
        return self.steps[self.index]

    @property
    def scores(self) -> tuple[int, ...]:
        """Match totals to show here: before the hand, and after it at the end."""
        result = self.step.state.result
        if result is None:
            return self.scores_before
        return tuple(s + p for s, p in zip(self.scores_before, result.points, strict=True))

    @property
    def frame(self) -> FaceUp:
        """Everything to draw for this step, every card face up."""
        step = self.step
        views = face_up_views(step.state, self.scores, self.hand_number)
        return FaceUp(step, self.index, views, self.scores,
                      step_caption(step, step.state.names))

    def view(self, seat: int) -> PlayerView:
        """``seat``'s own view at this step (what that player knew then)."""
        return observe_hand(self.step.state, seat, self.scores, self.hand_number)

    def captions(self) -> list[str]:
        """Every step in words, the deal first: a move list."""
        names = self.steps[0].state.names
        return [step_caption(s, names) for s in self.steps]


@dataclass(frozen=True)
class HandReplay:
    """A finished hand replayed: its record, every step, the scores around it."""

    record: HandRecord
    steps: tuple[Step, ...]
    scores_before: tuple[int, ...]

    @property
    def points(self) -> tuple[int, ...]:
        """What the hand scored, as replayed."""
        result = self.steps[-1].state.result
        assert result is not None
        return result.points

    @property
    def scores_after(self) -> tuple[int, ...]:
        """Match totals after the hand."""
        return tuple(s + p for s, p in zip(self.scores_before, self.points, strict=True))

    def cursor(self) -> ReplayCursor:
        """A cursor at the deal of this hand."""
        return ReplayCursor(self.steps, self.scores_before, self.record.number)


def replay_all(match: MatchState) -> list[HandReplay]:
    """Every finished hand of ``match`` replayed from its seed and actions.

    Raises ``ValueError`` when a hand does not replay to its recorded result, or
    the hands' points do not add up to the match's totals (a damaged save).
    """
    out: list[HandReplay] = []
    totals = tuple([0] * match.players)
    for record in match.records:
        steps = hand_steps(match.rules, match.players, match.names, record)
        hand = HandReplay(record, tuple(steps), totals)
        totals = hand.scores_after
        out.append(hand)
    if totals != match.scores:
        # Translators: an error shown when a damaged save cannot be replayed
        raise ValueError(_("the replayed hands do not add up to the match's scores"))
    return out
