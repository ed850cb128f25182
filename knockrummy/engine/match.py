"""A match: hands in sequence, dealer rotation, running scores, the end and the winner.

A match is fully determined by its rules, players, seed and the list of actions
taken, so it replays exactly (see ``codec``). Hand seeds and the first dealer come
from the match seed.

>>> from knockrummy.engine.rules import PRESETS
>>> m = new_match(PRESETS["gin"], 2, seed=7)
>>> m.hand.phase.value, len(m.hand.hands[0])
('upcard_offer', 10)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from knockrummy.engine.actions import Action, NextHand
from knockrummy.engine.codes import Note, Refusal
from knockrummy.engine.english import note_text
from knockrummy.engine.errors import IllegalAction
from knockrummy.engine.events import Event, MatchEnded
from knockrummy.engine.flow import apply as apply_hand
from knockrummy.engine.flow import deal
from knockrummy.engine.flow import legal_actions as hand_legal_actions
from knockrummy.engine.flow import refusal as hand_refusal
from knockrummy.engine.rules import GameEnd, NextDealer, Rules
from knockrummy.engine.showdown import held_back, raced
from knockrummy.engine.state import HandResult, HandState, LogEntry, evolve
from knockrummy.engine.text import clean_name


@dataclass(frozen=True)
class HandRecord:
    """A finished hand: enough to replay it (seed, dealer, actions) and its result."""

    number: int
    seed: int
    dealer: int
    actions: tuple[Action, ...]
    result: HandResult
    #: per seat, shown at the end holding a hand it could have knocked with
    #: (:func:`~knockrummy.engine.showdown.held_back`): public, like the result
    held: tuple[bool, ...] = ()
    #: per seat, ended the hand with a knock short of gin while the stock was still long
    #: (:func:`~knockrummy.engine.showdown.raced`): public, like the result
    raced: tuple[bool, ...] = ()


@dataclass(frozen=True)
class MatchState:
    """The whole match. ``scores`` are running totals (penalty points in Gin for 3-4)."""

    rules: Rules
    players: int
    names: tuple[str, ...]
    seed: int
    hand: HandState
    hand_number: int
    scores: tuple[int, ...]
    records: tuple[HandRecord, ...] = ()
    #: actions of the current hand
    hand_actions: tuple[Action, ...] = ()
    over: bool = False
    winners: tuple[int, ...] = ()
    #: totals after end-of-game bonuses (equal to ``scores`` without bonuses)
    final: tuple[int, ...] = ()
    #: the end-of-game bonuses explained, in English (developer text, the record's lines)
    bonus_lines: tuple[str, ...] = ()
    #: the same as codes and values (:mod:`knockrummy.words.scores` makes the words)
    bonus_notes: tuple[Note, ...] = ()

    @property
    def all_actions(self) -> list[Action]:
        """Every action since the start of the match, ``NextHand`` included."""
        out: list[Action] = []
        for record in self.records:
            if record.number < self.hand_number:
                out.extend(record.actions)
                out.append(NextHand())
        out.extend(self.hand_actions)
        return out


def hand_seed(match_seed: int, number: int) -> int:
    """The deal seed of hand ``number`` (stable across Python versions)."""
    return random.Random(f"knockrummy:{match_seed}:{number}").getrandbits(63)


def first_dealer(match_seed: int, players: int) -> int:
    """The first dealer, drawn at random from the match seed."""
    return random.Random(f"knockrummy:{match_seed}:dealer").randrange(players)


def new_match(
    rules: Rules, players: int, seed: int, names: Sequence[str] | None = None
) -> MatchState:
    """Start a match and deal its first hand."""
    rules.check_players(players)
    # names come from files too: no control, bidi or surrogate characters (engine.text)
    seat_names = (tuple(clean_name(n, f"Player {i + 1}") for i, n in enumerate(names))
                  if names else tuple(f"Player {i + 1}" for i in range(players)))
    if len(seat_names) != players:
        raise ValueError(f"{players} players need {players} names")
    dealer = first_dealer(seed, players)
    hand, _ = deal(rules, players, dealer, hand_seed(seed, 0), seat_names)
    return MatchState(rules, players, seat_names, seed, hand, 0, tuple([0] * players))


def legal_actions(match: MatchState) -> list[Action]:
    """What may be done now: the hand's actions, ``NextHand`` between hands, nothing at the end."""
    if match.over:
        return []
    if match.hand.over:
        return [NextHand()]
    return hand_legal_actions(match.hand)


_MATCH_OVER = Refusal.of("match_over")
_FINISH_HAND = Refusal.of("finish_hand_first")


def refusal(match: MatchState, action: Action) -> Refusal | None:
    """Why ``action`` is refused now (a code and values), or ``None``."""
    if match.over:
        return _MATCH_OVER
    if isinstance(action, NextHand):
        return None if match.hand.over else _FINISH_HAND
    return hand_refusal(match.hand, action)


def apply(match: MatchState, action: Action) -> tuple[MatchState, list[Event]]:
    """Apply an action to the match; raise :class:`IllegalAction` with its refusal if refused."""
    reason = refusal(match, action)
    if reason is not None:
        raise IllegalAction(reason)
    if isinstance(action, NextHand):
        return _next_hand(match)
    hand, events = apply_hand(match.hand, action)
    match = replace(match, hand=hand, hand_actions=(*match.hand_actions, action))
    if hand.over:
        match = _hand_finished(match)
        if match.over:
            events.append(MatchEnded(match.winners, match.final))
    return match, events


def _hand_finished(match: MatchState) -> MatchState:
    result = match.hand.result
    assert result is not None
    scores = tuple(s + p for s, p in zip(match.scores, result.points, strict=True))
    record = HandRecord(
        match.hand_number, match.hand.seed, match.hand.dealer, match.hand_actions, result,
        held_back(match.hand), raced(match.hand, match.scores),
    )
    match = replace(match, scores=scores, records=(*match.records, record))
    return _check_end(match)


def _check_end(match: MatchState) -> MatchState:
    rules = match.rules
    scores = match.scores
    if rules.game_end is GameEnd.DEALS:
        if len(match.records) < rules.deals_per_player * match.players:
            return match
        best = max(scores)
        return replace(match, over=True, final=scores,
                       winners=tuple(s for s in range(match.players) if scores[s] == best))
    if rules.game_end is GameEnd.PENALTY:
        if max(scores) < rules.target_score:
            return match
        low = min(scores)
        return replace(match, over=True, final=scores,
                       winners=tuple(s for s in range(match.players) if scores[s] == low))
    if max(scores) < rules.target_score:
        return match
    return _with_bonuses(match)


def _with_bonuses(match: MatchState) -> MatchState:
    """Target games: game bonus, shutout doubling and line bonuses, then the highest total."""
    rules = match.rules
    names = match.names
    reached = max(range(match.players), key=lambda s: match.scores[s])
    totals = list(match.scores)
    lines: list[Note] = []
    won = [sum(1 for r in match.records if s in r.result.winners) for s in range(match.players)]
    voids = sum(1 for r in match.records if r.result.outcome == "void")
    if rules.shutout_doubles and won[reached] == len(match.records) and voids == 0:
        totals[reached] *= 2
        lines.append(Note.of("shutout", seat=reached, points=totals[reached]))
    if rules.game_bonus:
        totals[reached] += rules.game_bonus
        lines.append(Note.of("game_bonus", seat=reached, bonus=rules.game_bonus))
    if rules.line_bonus:
        for s in range(match.players):
            if won[s]:
                totals[s] += rules.line_bonus * won[s]
                lines.append(Note.of("line_bonus", seat=s, won=won[s], bonus=rules.line_bonus,
                                     points=rules.line_bonus * won[s]))
    best = max(totals)
    winners = tuple(s for s in range(match.players) if totals[s] == best)
    return replace(match, over=True, final=tuple(totals), winners=winners,
                   bonus_lines=tuple(note_text(n, names) for n in lines),
                   bonus_notes=tuple(lines))


def next_dealer(match: MatchState) -> int:
    """Who deals the next hand under the rules."""
    rules = match.rules
    dealer = match.hand.dealer
    result = match.hand.result
    clockwise = (dealer + 1) % match.players
    by_winner = rules.next_dealer is NextDealer.WINNER or (
        rules.next_dealer is NextDealer.WINNER_IF_TWO and match.players == 2
    )
    if not by_winner or result is None:
        return clockwise
    if not result.winners:
        return dealer
    return result.winners[0]


def _next_hand(match: MatchState) -> tuple[MatchState, list[Event]]:
    number = match.hand_number + 1
    hand, events = deal(
        match.rules, match.players, next_dealer(match), hand_seed(match.seed, number), match.names
    )
    return replace(match, hand=hand, hand_number=number, hand_actions=()), events


class ReplayRefused(IllegalAction):
    """An action of a replayed list that is not legal where it stands: ``index`` (from 0),
    its ``refusal`` and ``reason`` (its English developer text)."""

    def __init__(self, index: int, refusal: Refusal) -> None:
        super().__init__(refusal)
        self.index = index
        self.reason = str(self)
        self.args = (f"action {index + 1} cannot be replayed: {self.reason}",)


def replay(
    rules: Rules, players: int, seed: int, actions: Sequence[Action],
    names: Sequence[str] | None = None,
) -> MatchState:
    """The match reached by applying ``actions`` from a new match with this seed.

    Linear in the number of actions: :func:`apply` copies the hand's action list and
    log with every action (cheap for one move in play, quadratic for a whole file),
    so here each hand is played on its own, its log and actions gathered in lists,
    and the match rebuilt once per hand. The result ``==`` applying them one by one.
    """
    match = new_match(rules, players, seed, names)
    hand = match.hand
    log: list[LogEntry] = list(hand.log)
    done: list[Action] = []
    hand = evolve(hand, log=())
    live = True  # the hand is in progress and held in ``hand``/``log``/``done``
    for i, action in enumerate(actions):
        try:
            if live and not isinstance(action, NextHand):
                hand, _ = apply_hand(hand, action)
                log.extend(hand.log)
                hand = evolve(hand, log=())
                done.append(action)
                if hand.over:
                    match = _hand_finished(_rebuilt(match, hand, log, done))
                    live = False
                continue
            if live:
                match = _rebuilt(match, hand, log, done)
                live = False
            match, _ = apply(match, action)
            if isinstance(action, NextHand):
                hand, log, done = evolve(match.hand, log=()), list(match.hand.log), []
                live = True
        except IllegalAction as err:
            raise ReplayRefused(i, err.refusal) from err
    return _rebuilt(match, hand, log, done) if live else match


def _rebuilt(match: MatchState, hand: HandState, log: list[LogEntry],
             done: list[Action]) -> MatchState:
    """The match with its current hand put back together from :func:`replay`'s lists."""
    return replace(match, hand=evolve(hand, log=tuple(log)), hand_actions=tuple(done))
