"""Judging one decision of a reviewed hand against the strong player's choice.

:class:`Judge` holds the replay of a finished hand and, for a decision where the
strong move differs, works out what the difference changed: deadwood after each
move, deadwood expected after the next draw, live outs, the score a knock would
have made (played out by the engine), what became of a discard. It returns a
:class:`Decision`, or ``None`` when the move made is as good as the strong one.
See :mod:`knockrummy.coach.review` for the whole review.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from knockrummy.ai.base import Player
from knockrummy.coach.hint import plain_hint
from knockrummy.coach.position import Position, hand_count, read_position
from knockrummy.coach.words import about, meld_text, move_words, plural, signed, some, tenths
from knockrummy.engine.actions import (
    Action,
    BigGin,
    Discard,
    DrawDiscard,
    DrawStock,
    FinishLayoffs,
    Knock,
    LayDown,
    LayOff,
    MeldCards,
    PassUpcard,
    TurnOver,
)
from knockrummy.engine.cards import Card, cards_mask, mask_cards
from knockrummy.engine.events import Drew
from knockrummy.engine.flow import apply
from knockrummy.engine.hand_replay import Step
from knockrummy.engine.layoffs import best_layoffs
from knockrummy.engine.match import HandRecord
from knockrummy.engine.melds import best_arrangement, min_deadwood
from knockrummy.engine.rules import Family, Rules
from knockrummy.engine.state import HandState, Phase
from knockrummy.engine.view import observe_hand

#: a choice costing less than this (in points) is a close call, not a mistake
CLOSE_CALL = 1.0
#: discards this close in expected deadwood, with the same deadwood and outs, are equal
SAME_CHANCES = 0.25

DRAWS = (DrawStock, DrawDiscard, PassUpcard, TurnOver)
ENDINGS = (Knock, BigGin, LayDown)


@dataclass(frozen=True)
class Decision:
    """One decision where the strong player would have chosen differently.

    - ``step``: index into :func:`~knockrummy.engine.hand_replay.hand_steps` of the move
      made (the position before it is step ``step - 1``): a replay cursor can jump there.
    - ``turn``: the seat's own turn in the hand, from 1; ``phase``: draw, play, layoff...
    - ``made``/``strong``: the move made and the strong move, with short words.
    - ``deadwood_made``/``deadwood_strong``: the seat's deadwood after each move (for a
      draw: at the end of the turn, after the discard; ``None`` where a stock draw
      makes it unknown); ``expected_*``: deadwood expected after the next draw (for
      a draw: at the end of this turn); ``outs_*``: live outs after each move.
    - ``cost``: what the choice cost, in points (knocks: the hand's score either way;
      otherwise the expected deadwood given away); 0 when the choice paid off.
    - ``note``: what it would have changed, in words; ``strong_reason``: the hint's
      reason for the strong move in that position.
    - ``contrast``: what differed, in one sentence ("You knocked, throwing Q♠; the strong
      player would have thrown Q♠ and kept playing").
    """

    step: int
    turn: int
    phase: Phase
    made: Action
    strong: Action
    made_text: str
    strong_text: str
    note: str
    strong_reason: str
    cost: float = 0.0
    deadwood_made: int | None = None
    deadwood_strong: int | None = None
    expected_made: float | None = None
    expected_strong: float | None = None
    outs_made: int | None = None
    outs_strong: int | None = None
    contrast: str = ""

    @property
    def close_call(self) -> bool:
        """Whether the choice cost less than a point."""
        return self.cost < CLOSE_CALL


class Judge:
    """What judging a decision needs: the replay, the seat, the strong player."""

    def __init__(self, steps: list[Step], seat: int, record: HandRecord,
                 scores: tuple[int, ...], strong: Player) -> None:
        self.steps = steps
        self.seat = seat
        self.record = record
        self.scores = scores
        self.strong = strong
        self.names = steps[0].state.names

    # ------------------------------------------------------------------ dispatch

    def judge(self, index: int, turn: int, made: Action, strong: Action) -> Decision | None:
        """A :class:`Decision`, or ``None`` when the move made is as good as the strong one."""
        before = self.steps[index - 1].state
        view = observe_hand(before, self.seat, self.scores, self.record.number)
        pos = read_position(view)
        ace_high = before.rules.ace_high
        base = _Base(index, turn, before.phase, made, strong, move_words(made, ace_high),
                     move_words(strong, ace_high), plain_hint(view, strong).reason,
                     contrast(made, strong, view.upcard, ace_high))
        if before.phase is Phase.LAYOFF:
            return self._layoff(base, before)
        if isinstance(made, DRAWS) and isinstance(strong, DRAWS):
            return self._draw(base, pos)
        if isinstance(made, ENDINGS) or isinstance(strong, ENDINGS):
            return self._ending(base, pos, before)
        if isinstance(made, Discard) and isinstance(strong, Discard):
            return self._discard(base, pos)
        return self._table_play(base, pos)

    # ------------------------------------------------------------------ draws

    def _turn_end(self, index: int) -> tuple[int | None, Card | None]:
        """The seat's deadwood at the end of the turn that step ``index`` starts, and the
        card it drew from the stock (if it did)."""
        drawn = None
        for event in self.steps[index].events:
            if isinstance(event, Drew) and event.seat == self.seat and event.source == "stock":
                drawn = event.card
        for later in self.steps[index + 1:]:
            if later.seat != self.seat:
                break
            if isinstance(later.action, DRAWS):
                for event in later.events:
                    if isinstance(event, Drew) and event.source == "stock":
                        drawn = event.card
                continue
            if isinstance(later.action, Discard | Knock):
                state = later.state
                hand = cards_mask(state.hands[self.seat])
                return hand_count(hand, state.rules, state.table), drawn
        return None, drawn

    def _draw(self, base: _Base, pos: Position) -> Decision | None:
        up = pos.view.upcard
        take = _take_deadwood(pos, up) if up is not None else None
        stock = pos.expected_after_draw(pos.mine)
        took = isinstance(base.made, DrawDiscard)
        made_expected = float(take) if took and take is not None else stock
        strong_expected = float(take) if not took and take is not None else stock
        actual, drawn = self._turn_end(base.index)
        cost = max(0.0, made_expected - strong_expected)
        up_label = up.label if up is not None else "up card"
        if isinstance(base.made, PassUpcard):
            note = (f"you passed on the {up_label}; taking it would have left "
                    f"{_count(pos, take)} "
                    f"(after a stock draw, {about(stock)} on average)")
        elif took:
            note = (f"you took the {up_label} ({_count(pos, take)} at the end of the turn); the "
                    f"strong player would have drawn from the stock, expecting "
                    f"{about(stock)} on average")
        else:
            got = f"you drew the {drawn.label} and " if drawn is not None else "you "
            end = f"ended the turn with {actual}" if actual is not None else "did not take it"
            note = (f"taking the {up_label} would have left {_count(pos, take)} for sure; "
                    f"{got}{end} (after a stock draw, {about(stock)} on average)")
        return base.decision(
            note, cost,
            deadwood_made=actual if not took else take,
            deadwood_strong=take if not took else None,
            expected_made=round(made_expected, 2), expected_strong=round(strong_expected, 2),
        )

    # ------------------------------------------------------------------ discards

    def _fed(self, index: int, card: Card) -> str:
        """Words about what became of a discard: picked up (and melded) by an opponent."""
        steps = self.steps
        for later in steps[index + 1:]:
            if isinstance(later.action, DrawDiscard | DrawStock) and later.seat != self.seat:
                if isinstance(later.action, DrawDiscard):
                    taker = later.seat
                    assert taker is not None
                    final = steps[-1].state
                    melded = any(card in meld for meld in _final_melds(final, taker))
                    what = "picked it up and melded it" if melded else "picked it up"
                    return f"; {self.names[taker]} {what}"
                return ""
        return ""

    def _discard(self, base: _Base, pos: Position) -> Decision | None:
        assert isinstance(base.made, Discard) and isinstance(base.strong, Discard)
        mine, theirs = base.made.card, base.strong.card
        rest_made = pos.mine & ~(1 << mine.index)
        rest_strong = pos.mine & ~(1 << theirs.index)
        dw_made, dw_strong = pos.deadwood(rest_made), pos.deadwood(rest_strong)
        exp_made = pos.expected_after_draw(rest_made)
        exp_strong = pos.expected_after_draw(rest_strong)
        outs_made, outs_strong = len(pos.live_outs(rest_made)), len(pos.live_outs(rest_strong))
        fed = self._fed(base.index, mine)
        if (dw_made == dw_strong and outs_made == outs_strong and not fed
                and abs(exp_made - exp_strong) < SAME_CHANCES):
            return None
        broke = _broken_meld(pos, mine)
        what = (f"the {mine.label} broke your {broke}" if broke
                else f"you discarded the {mine.label}")
        note = (f"{what}, leaving {_count(pos, dw_made)} and {some(outs_made, 'live out')}; "
                f"discarding the {theirs.label} would have left {dw_strong} and "
                f"{some(outs_strong, 'live out')}{fed}")
        return base.decision(
            note, max(0.0, exp_made - exp_strong),
            deadwood_made=dw_made, deadwood_strong=dw_strong,
            expected_made=round(exp_made, 2), expected_strong=round(exp_strong, 2),
            outs_made=outs_made, outs_strong=outs_strong,
        )

    # ------------------------------------------------------------------ knocks

    def _ending(self, base: _Base, pos: Position, before: HandState) -> Decision | None:
        made, strong = base.made, base.strong
        actual = self.record.result.points[self.seat]
        if isinstance(made, Knock) and isinstance(strong, Knock) and made.card is strong.card:
            return None  # the same knock with other melds
        if isinstance(strong, ENDINGS):
            would = self._score_if(before, strong)
            count = _ending_deadwood(pos, strong)
            when = self._own_ending(base.index)
            if isinstance(made, ENDINGS):
                later = (f"you {_ending_verb(made)} with {_ending_deadwood(pos, made)} "
                         "deadwood instead")
            elif when is not None:
                turns = when[0] - base.turn
                later = (f"you knocked {plural(turns, 'turn')} later with {when[1]} deadwood"
                         if turns > 0 else "you knocked later that turn")
            else:
                later = self._who_ended()
            verb = _ending_verb(strong)
            note = (f"you could have {verb} with {count} deadwood for {signed(would)}; "
                    f"{later}, and you scored {signed(actual)}")
            return base.decision(note, max(0.0, float(would - actual)),
                                 deadwood_made=self._after_deadwood(base, pos),
                                 deadwood_strong=count)
        # knocked where the strong player would have played on
        assert isinstance(made, ENDINGS)
        count = _ending_deadwood(pos, made)
        melds = best_arrangement(mask_cards(pos.mine & ~_card_bit(made)), pos.ace_high)
        beaten = 1.0 - pos.knock_odds(count, melds)
        result = self.record.result
        if result.outcome == "undercut" and self.seat not in result.winners:
            winner = result.winners[0]
            happened = (f"{self.names[winner]} undercut you with {result.counts[winner]}: "
                        f"{signed(actual)}")
        elif actual < 0:
            happened = f"it lost {signed(actual)}"
        else:
            happened = f"it scored {signed(actual)} this time"
        note = (f"you knocked with {count} deadwood; the strong player would have played "
                f"on: a knock there is beaten {tenths(beaten)}, and {happened}")
        return base.decision(note, max(0.0, float(-actual)), deadwood_made=count,
                             deadwood_strong=self._after_deadwood(base, pos, strong))

    def _score_if(self, before: HandState, ending: Action) -> int:
        """The seat's points had it ended the hand with ``ending`` (layoffs played best)."""
        state, _ = apply(before, ending)
        while state.phase is Phase.LAYOFF:
            defender = state.current
            targets = [(tm.cards, tm.original) for tm in state.table]
            plays, _ = best_layoffs(state.hands[defender], targets, state.rules.layoffs,
                                    state.rules.ace_high)
            action: Action = LayOff(*plays[0]) if plays else FinishLayoffs()
            state, _ = apply(state, action)
        assert state.result is not None
        return state.result.points[self.seat]

    def _own_ending(self, index: int) -> tuple[int, int] | None:
        """The seat's later knock: (its turn, its deadwood), if it knocked."""
        turn = 0
        drew_last = False
        for i, step in enumerate(self.steps[1:], start=1):
            if step.seat != self.seat or step.action is None:
                continue
            is_draw = isinstance(step.action, DRAWS)
            if is_draw and not drew_last:
                turn += 1
            drew_last = is_draw
            if i >= index and isinstance(step.action, ENDINGS):
                before = self.steps[i - 1].state
                hand = before.hands[self.seat]
                card = step.action.card if isinstance(step.action, Knock) else None
                kept = [c for c in hand if c is not card]
                return turn, _deadwood(tuple(kept), before.rules)
        return None

    def _who_ended(self) -> str:
        result = self.record.result
        if result.outcome == "void":
            return "the hand ended void"
        if result.knocker is not None:
            return f"{self.names[result.knocker]} ended the hand"
        if result.winners:
            return f"{self.names[result.winners[0]]} went out"
        return "the hand ran out"

    def _after_deadwood(self, base: _Base, pos: Position, action: Action | None = None) -> int:
        chosen = action if action is not None else base.made
        if isinstance(chosen, Discard | Knock):
            return pos.deadwood(pos.mine & ~(1 << chosen.card.index))
        return pos.hand_deadwood

    # ------------------------------------------------------------------ layoffs

    def _layoff(self, base: _Base, before: HandState) -> Decision | None:
        rules = before.rules
        hand = before.hands[self.seat]
        targets = [(tm.cards, tm.original) for tm in before.table]
        _, best = best_layoffs(hand, targets, rules.layoffs, rules.ace_high)
        after = self.steps[base.index].state
        if after.phase is Phase.LAYOFF and after.current == self.seat:
            targets = [(tm.cards, tm.original) for tm in after.table]
            _, reached = best_layoffs(after.hands[self.seat], targets, rules.layoffs,
                                      rules.ace_high)
        else:
            reached = _deadwood(after.hands[self.seat], rules) if after.result is None else (
                after.result.counts[self.seat])
        if reached <= best:
            return None
        note = (f"{base.made_text} left you a count of {reached} at best; "
                f"{base.strong_text} would have brought it to {best}")
        return base.decision(note, float(reached - best), deadwood_made=reached,
                             deadwood_strong=best)

    # ------------------------------------------------------------------ Rummy table plays

    def _table_play(self, base: _Base, pos: Position) -> Decision | None:
        made, strong = base.made, base.strong
        after_made = pos.deadwood(pos.mine & ~_played(made))
        after_strong = pos.deadwood(pos.mine & ~_played(strong))
        both_table = isinstance(made, MeldCards | LayOff) and isinstance(strong, MeldCards | LayOff)
        if both_table and after_made == after_strong:
            return None  # the same plays in another order
        final = self.steps[-1].state
        lost = 0
        if isinstance(strong, MeldCards | LayOff) and self.seat not in self.record.result.winners:
            held = cards_mask(final.hands[self.seat])
            lost = sum(c.value(pos.ace_high) for c in mask_cards(held & _played(strong)))
        if isinstance(strong, MeldCards | LayOff):
            note = "putting those cards on the table then was the strong play"
            if lost:
                note += (f"; they were still in your hand at the end, "
                         f"{plural(lost, 'point')} against you")
        else:
            note = "the strong player would have kept those cards in hand this turn"
        return base.decision(note, float(lost), deadwood_made=after_made,
                             deadwood_strong=after_strong)


@dataclass(frozen=True)
class _Base:
    """The fields every decision shares."""

    index: int
    turn: int
    phase: Phase
    made: Action
    strong: Action
    made_text: str
    strong_text: str
    strong_reason: str
    contrast: str

    def decision(
        self, note: str, cost: float, *, deadwood_made: int | None = None,
        deadwood_strong: int | None = None, expected_made: float | None = None,
        expected_strong: float | None = None, outs_made: int | None = None,
        outs_strong: int | None = None,
    ) -> Decision:
        """The :class:`Decision` with these words and figures."""
        return Decision(self.index, self.turn, self.phase, self.made, self.strong,
                        self.made_text, self.strong_text, note, self.strong_reason,
                        round(cost, 2), deadwood_made, deadwood_strong, expected_made,
                        expected_strong, outs_made, outs_strong, self.contrast)


# ---------------------------------------------------------------------- helpers


def contrast(made: Action, strong: Action, upcard: Card | None = None,
             ace_high: bool = False) -> str:
    """What differed between the move made and the strong move, in one sentence.

    >>> from knockrummy.engine.cards import parse_cards
    >>> q, three = parse_cards("QS 3D")
    >>> contrast(Knock(q), Discard(q))
    'You knocked, throwing Q♠; the strong player would have thrown Q♠ and kept playing.'
    >>> contrast(Discard(q), Knock(three))
    'You discarded Q♠ and played on; the strong player would have knocked, throwing 3♦.'
    >>> contrast(DrawStock(), DrawDiscard(), upcard=three)
    'You drew from the stock; the strong player would have taken the 3♦ from the discard pile.'
    """
    did = _past(made, upcard, ace_high)[0]
    would = _past(strong, upcard, ace_high)[1]
    if isinstance(made, ENDINGS) and isinstance(strong, Discard):
        verb = "thrown" if isinstance(made, Knock) and made.card is strong.card else "discarded"
        would = f"{verb} {strong.card.label} and kept playing"
    elif isinstance(made, Discard) and isinstance(strong, ENDINGS):
        did += " and played on"
    elif isinstance(made, Discard) and isinstance(strong, MeldCards | LayOff):
        would += " first"
    return f"You {did}; the strong player would have {would}."


def _past(action: Action, upcard: Card | None, ace_high: bool) -> tuple[str, str]:
    """A move in the past tense and as a participle, for :func:`contrast`
    (``("drew from the stock", "drawn from the stock")``)."""
    if isinstance(action, Discard):
        return (f"discarded {action.card.label}",) * 2
    if isinstance(action, Knock):
        return (f"knocked, throwing {action.card.label}",) * 2
    if isinstance(action, MeldCards):
        return (f"melded the {meld_text(action.cards, ace_high)}",) * 2
    if isinstance(action, LayOff):
        return (f"laid off {action.card.label}",) * 2
    if isinstance(action, DrawDiscard):
        what = f"the {upcard.label}" if upcard is not None else "the top card"
        return (f"took {what} from the discard pile", f"taken {what} from the discard pile")
    words = {
        DrawStock: ("drew from the stock", "drawn from the stock"),
        PassUpcard: ("passed on the up card",) * 2,
        TurnOver: ("turned the discard pile over",) * 2,
        BigGin: ("went big gin", "gone big gin"),
        LayDown: ("laid down every card",) * 2,
        FinishLayoffs: ("finished laying off",) * 2,
    }
    plain = move_words(action, ace_high)
    return words.get(type(action), (plain, plain))


def _count(pos: Position, count: int | None) -> str:
    """A count in the words of the game: ``"20 deadwood"``; in Rummy ``"20 points you
    cannot meld or lay off"`` (the words of the Rummy hints)."""
    if pos.view.rules.family is Family.RUMMY:
        return f"{plural(count or 0, 'point')} you cannot meld or lay off"
    return f"{count} deadwood"


def _deadwood(hand: Sequence[Card], rules: Rules) -> int:
    return min_deadwood(hand, rules.ace_high)


def _take_deadwood(pos: Position, up: Card) -> int:
    after = pos.after_discards(pos.mine | 1 << up.index)
    if not pos.view.rules.may_discard_taken_upcard:
        after.pop(up.index, None)
    return min(after.values())


def _card_bit(action: Action) -> int:
    return 1 << action.card.index if isinstance(action, Knock | Discard) else 0


def _ending_deadwood(pos: Position, action: Action) -> int:
    return pos.deadwood(pos.mine & ~_card_bit(action))


def _ending_verb(action: Action) -> str:
    if isinstance(action, BigGin):
        return "gone big gin"
    if isinstance(action, LayDown):
        return "laid down"
    return "knocked"


def _played(action: Action) -> int:
    """The cards a move takes out of the hand."""
    if isinstance(action, MeldCards):
        return cards_mask(action.cards)
    if isinstance(action, LayOff | Discard | Knock):
        return 1 << action.card.index
    return 0


def _broken_meld(pos: Position, card: Card) -> str | None:
    """The meld of my best arrangement that ``card`` belonged to, in words."""
    for meld in best_arrangement(mask_cards(pos.mine), pos.ace_high):
        if card in meld and pos.deadwood(pos.mine & ~(1 << card.index)) > min(
            pos.after_discards(pos.mine).values()
        ):
            return meld_text(meld, pos.ace_high)
    return None


def _final_melds(final: HandState, seat: int) -> list[tuple[Card, ...]]:
    """The melds ``seat`` showed or laid on the table by the end of the hand."""
    melds: list[tuple[Card, ...]] = [tm.cards for tm in final.table if tm.owner == seat]
    if final.shows:
        melds.extend(final.shows[seat].melds)
    if final.rules.family is Family.RUMMY:
        melds.extend(best_arrangement(final.hands[seat], final.rules.ace_high))
    return melds
