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
from knockrummy.coach.words import (
    about,
    live_outs,
    meld_text,
    move_words,
    signed,
    tenths,
)
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
from knockrummy.engine.view import PlayerView
from knockrummy.i18n import _, ngettext, pgettext
from knockrummy.words.cards import card_label
from knockrummy.words.names import is_you

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


#: a knock beaten in at least this many deals of 10 is called risky in a review's note;
#: one beaten less often was played on for more (gin, or a lower count)
RISKY_TENTHS = 3


class Judge:
    """What judging a decision needs: the replay, the seat, the strong player."""

    def __init__(self, steps: list[Step], seat: int, record: HandRecord,
                 strong: Player) -> None:
        self.steps = steps
        self.seat = seat
        self.record = record
        self.strong = strong
        self.names = steps[0].state.names

    # ------------------------------------------------------------------ dispatch

    def judge(self, index: int, turn: int, made: Action, strong: Action,
              view: PlayerView) -> Decision | None:
        """A :class:`Decision`, or ``None`` when the move made is as good as the strong one;
        ``view`` is the seat's view before the move, the one the strong player decided on."""
        before = self.steps[index - 1].state
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
        # Translators: the up card in a sentence ("you passed on the 7♠")
        the_up = (pgettext("card in a list", "the {card}").format(card=card_label(up))
                  if up is not None else _("the up card"))
        values = {"card": the_up, "count": _count(pos, take), "about": about(stock)}
        if isinstance(base.made, PassUpcard):
            # Translators: {card} is "the 7♠"; {count} "20 deadwood" or "5 points you cannot meld
            # or lay off"; {about} "about 46"
            note = _("you passed on {card}; taking it would have left {count} (after a stock "
                     "draw, {about} on average)").format(**values)
        elif took:
            # Translators: {card} is "the 7♠"; {count} "20 deadwood" or "5 points you cannot meld
            # or lay off"; {about} "about 46"
            note = _("you took {card} ({count} at the end of the turn); the strong player "
                     "would have drawn from the stock, expecting {about} on average").format(
                         **values)
        elif drawn is not None and actual is not None:
            # Translators: {card} is "the 7♠"; {count} "20 deadwood" or "5 points you cannot meld
            # or lay off"; {about} "about 46"
            note = _("taking {card} would have left {count} for sure; you drew the {drawn} "
                     "and ended the turn with {actual} (after a stock draw, {about} on "
                     "average)").format(drawn=card_label(drawn), actual=actual, **values)
        elif drawn is not None:
            # Translators: {card} is "the 7♠"; {count} "20 deadwood" or "5 points you cannot meld
            # or lay off"; {about} "about 46"
            note = _("taking {card} would have left {count} for sure; you drew the {drawn} "
                     "and did not take it (after a stock draw, {about} on average)").format(
                         drawn=card_label(drawn), **values)
        elif actual is not None:
            # Translators: {card} is "the 7♠"; {count} "20 deadwood" or "5 points you cannot meld
            # or lay off"; {about} "about 46"
            note = _("taking {card} would have left {count} for sure; you ended the turn "
                     "with {actual} (after a stock draw, {about} on average)").format(
                         actual=actual, **values)
        else:
            # Translators: {card} is "the 7♠"; {count} "20 deadwood" or "5 points you cannot meld
            # or lay off"; {about} "about 46"
            note = _("taking {card} would have left {count} for sure; you did not take it "
                     "(after a stock draw, {about} on average)").format(**values)
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
                    name = self.names[taker]
                    if melded:
                        # Translators: what became of a discard
                        return _("{name} picked it up and melded it").format(name=name)
                    return _("{name} picked it up").format(name=name)
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
        # Translators: {meld} is "run 5♠ 6♠ 7♠" or "set 4♠ 4♦ 4♣"
        what = (_("the {card} broke your {meld}").format(card=card_label(mine), meld=broke)
                if broke else _("you discarded the {card}").format(card=card_label(mine)))
        # Translators: {what} is "you discarded the 8♥" or "the 8♥ broke your run ...";
        # {count} "20 deadwood"; {outs} and {other_outs} "no live outs", "3 live outs"
        note = _("{what}, leaving {count} and {outs}; discarding the {card} would have left "
                 "{other} and {other_outs}").format(
                     what=what, count=_count(pos, dw_made), outs=live_outs(outs_made),
                     card=card_label(theirs), other=dw_strong,
                     other_outs=live_outs(outs_strong))
        if fed:
            # Translators: {note} is what the discard left; {fed} "Bob picked it up"
            note = _("{note}; {fed}").format(note=note, fed=fed)
        return base.decision(
            note, max(0.0, exp_made - exp_strong),
            deadwood_made=dw_made, deadwood_strong=dw_strong,
            expected_made=round(exp_made, 2), expected_strong=round(exp_strong, 2),
            outs_made=outs_made, outs_strong=outs_strong,
        )

    # ------------------------------------------------------------------ knocks

    def _ending(self, base: _Base, pos: Position, before: HandState) -> Decision | None:
        made, strong = base.made, base.strong
        points = self.record.result.points
        actual = points[self.seat]
        if isinstance(made, Knock) and isinstance(strong, Knock) and made.card is strong.card:
            return None  # the same knock with other melds
        if isinstance(strong, ENDINGS):
            would_points = self._score_if(before, strong)
            would = would_points[self.seat]
            count = _ending_deadwood(pos, strong)
            when = self._own_ending(base.index)
            if isinstance(made, ENDINGS):
                later = _instead(made, _ending_deadwood(pos, made))
            elif when is not None:
                turns = when[0] - base.turn
                later = (ngettext("you knocked {n} turn later with {count} deadwood",
                                  "you knocked {n} turns later with {count} deadwood",
                                  turns).format(n=turns, count=when[1])
                         if turns > 0 else _("you knocked later that turn"))
            else:
                later = self._who_ended()
            note = _could_have(strong, count, signed(would), later, signed(actual))
            cost = self._gain(before.rules, would_points) - self._gain(before.rules, points)
            return base.decision(note, max(0.0, cost),
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
            if before.rules.family is Family.GIN:  # the knocker scores 0: say what was lost
                # Translators: {points} is what the other player scored ("25")
                happened = _("{name} undercut you with {count} and scored {points}").format(
                    name=self.names[winner], count=result.counts[winner],
                    points=result.points[winner])
            else:
                # Translators: {points} is the score with its sign ("-27")
                happened = _("{name} undercut you with {count}: {points}").format(
                    name=self.names[winner], count=result.counts[winner],
                    points=signed(actual))
        elif actual < 0:
            # Translators: a knock; {points} is the score with its sign ("-27")
            happened = _("it lost {points}").format(points=signed(actual))
        else:
            happened = _("it scored {points} this time").format(points=signed(actual))
        if round(beaten * 10) >= RISKY_TENTHS:
            # Translators: {often} is "in about 3 of 10 deals of the unseen cards";
            # {happened} "it lost -27" or "Bob undercut you with 5: -27"
            note = _("you knocked with {count} deadwood; the strong player would have played "
                     "on: a knock there is beaten {often}, and {happened}").format(
                         count=count, often=tenths(beaten), happened=happened)
        else:  # seldom beaten: playing on was for more (gin, or a lower count)
            # Translators: {often} is "in almost no deal of the unseen cards" or "in about
            # 2 of 10 deals..."; {happened} "it scored +12 this time" or "Bob undercut you
            # with 5 and scored 25"
            note = _("you knocked with {count} deadwood; the strong player would have played "
                     "on: a knock there is beaten {often}, but playing on scores more on "
                     "average; {happened}").format(
                         count=count, often=tenths(beaten), happened=happened)
        return base.decision(note, max(0.0, -self._gain(before.rules, points)),
                             deadwood_made=count,
                             deadwood_strong=self._after_deadwood(base, pos, strong))

    def _gain(self, rules: Rules, points: Sequence[int]) -> float:
        """What a hand's ``points`` gave the seat, net of what they gave the others: in
        Gin the other player's points count against it (a knocker undercut scores 0,
        but the hand went to the other player), in Gin for 3-4 (penalties) the others'
        average less its own; in Knock Rummy its own points, already net."""
        mine = points[self.seat]
        others = [p for seat, p in enumerate(points) if seat != self.seat]
        if rules.family is Family.GIN:
            return float(mine - sum(others))
        if rules.family is Family.GIN_MULTI:
            return sum(others) / len(others) - mine
        return float(mine)

    def _score_if(self, before: HandState, ending: Action) -> tuple[int, ...]:
        """Every seat's points had the seat ended the hand with ``ending`` (layoffs
        played best)."""
        state, _events = apply(before, ending)
        while state.phase is Phase.LAYOFF:
            defender = state.current
            targets = [(tm.cards, tm.original) for tm in state.table]
            plays, _left = best_layoffs(state.hands[defender], targets, state.rules.layoffs,
                                        state.rules.ace_high)
            action: Action = LayOff(*plays[0]) if plays else FinishLayoffs()
            state, _events = apply(state, action)
        assert state.result is not None
        return tuple(state.result.points)

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
            return _("the hand ended void")
        if result.knocker is not None:
            name = self.names[result.knocker]
            if is_you(name):
                return _("You ended the hand")
            return _("{name} ended the hand").format(name=name)
        if result.winners:
            name = self.names[result.winners[0]]
            if is_you(name):
                return _("You went out")
            return _("{name} went out").format(name=name)
        return _("the hand ran out")

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
        _plays, best = best_layoffs(hand, targets, rules.layoffs, rules.ace_high)
        after = self.steps[base.index].state
        if after.phase is Phase.LAYOFF and after.current == self.seat:
            targets = [(tm.cards, tm.original) for tm in after.table]
            _plays, reached = best_layoffs(after.hands[self.seat], targets, rules.layoffs,
                                      rules.ace_high)
        else:
            reached = _deadwood(after.hands[self.seat], rules) if after.result is None else (
                after.result.counts[self.seat])
        if reached <= best:
            return None
        # Translators: {made} and {strong} are moves ("lay off 8♥", "finish laying off")
        note = _("{made} left you a count of {reached} at best; {strong} would have brought "
                 "it to {best}").format(made=base.made_text, reached=reached,
                                        strong=base.strong_text, best=best)
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
            if lost:
                note = ngettext("putting those cards on the table then was the strong play; "
                                "they were still in your hand at the end, {n} point against "
                                "you",
                                "putting those cards on the table then was the strong play; "
                                "they were still in your hand at the end, {n} points against "
                                "you", lost).format(n=lost)
            else:
                note = _("putting those cards on the table then was the strong play")
        else:
            note = _("the strong player would have kept those cards in hand this turn")
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
    >>> contrast(MeldCards(tuple(parse_cards("8D 9D TD"))), Discard(q))
    'You melded the run 8♦ 9♦ 10♦; the strong player would have kept the run 8♦ 9♦ 10♦ \
in hand for now and discarded Q♠.'
    """
    if isinstance(made, ENDINGS) and isinstance(strong, Discard):
        card = card_label(strong.card)
        if isinstance(made, Knock) and made.card is strong.card:
            # Translators: what the strong player would have done ("would have thrown Q♠
            # and kept playing"); a past participle, as in "You ...; the strong player
            # would have ..."
            would = pgettext("would have", "thrown {card} and kept playing").format(card=card)
        else:
            would = pgettext("would have", "discarded {card} and kept playing").format(
                card=card)
    elif isinstance(made, MeldCards | LayOff) and isinstance(strong, Discard):
        # the strong player would not have laid those cards down yet: said so, or "would
        # have discarded 8♠" reads as if the meld and the discard were alternatives (a
        # helper did both)
        card = card_label(strong.card)
        if isinstance(made, MeldCards):
            # Translators: a past participle, as in "You melded the run 8♦ 9♦ 10♦; the
            # strong player would have ..."
            would = pgettext("would have", "kept the {meld} in hand for now and discarded "
                             "{card}").format(meld=meld_text(made.cards, ace_high), card=card)
        else:
            would = pgettext("would have", "kept {laid} in hand for now and discarded "
                             "{card}").format(laid=card_label(made.card), card=card)
    else:
        would = _would(strong, upcard, ace_high, first=isinstance(made, Discard))
    if isinstance(made, Discard) and isinstance(strong, ENDINGS):
        # Translators: what the player did ("You discarded Q♠ and played on; ...")
        did = pgettext("you did", "discarded {card} and played on").format(
            card=card_label(made.card))
    else:
        did = _did(made, upcard, ace_high)
    # Translators: {did} is what the player did ("knocked, throwing Q♠"), {would} what the
    # strong player would have done ("thrown Q♠ and kept playing"): the "you did" and
    # "would have" messages
    return _("You {did}; the strong player would have {would}.").format(did=did, would=would)


def _did(action: Action, upcard: Card | None, ace_high: bool) -> str:
    """A move in the past tense, for :func:`contrast` ("drew from the stock")."""
    if isinstance(action, Discard):
        # Translators: what the player did, in "You {did}; the strong player would have ..."
        return pgettext("you did", "discarded {card}").format(card=card_label(action.card))
    if isinstance(action, Knock):
        return pgettext("you did", "knocked, throwing {card}").format(
            card=card_label(action.card))
    if isinstance(action, MeldCards):
        return pgettext("you did", "melded the {meld}").format(
            meld=meld_text(action.cards, ace_high))
    if isinstance(action, LayOff):
        return pgettext("you did", "laid off {card}").format(card=card_label(action.card))
    if isinstance(action, DrawDiscard):
        if upcard is not None:
            return pgettext("you did", "took the {card} from the discard pile").format(
                card=card_label(upcard))
        return pgettext("you did", "took the top card from the discard pile")
    if isinstance(action, DrawStock):
        return pgettext("you did", "drew from the stock")
    if isinstance(action, PassUpcard):
        return pgettext("you did", "passed on the up card")
    if isinstance(action, TurnOver):
        return pgettext("you did", "turned the discard pile over")
    if isinstance(action, BigGin):
        return pgettext("you did", "went big gin")
    if isinstance(action, LayDown):
        return pgettext("you did", "laid down every card")
    if isinstance(action, FinishLayoffs):
        return pgettext("you did", "finished laying off")
    return move_words(action, ace_high)


def _would(action: Action, upcard: Card | None, ace_high: bool, first: bool = False) -> str:
    """A move as a past participle, for :func:`contrast` ("drawn from the stock");
    ``first``: a meld or layoff the player should have made before discarding."""
    if isinstance(action, Discard):
        # Translators: what the strong player would have done, in "You ...; the strong
        # player would have {would}." (a past participle in English)
        return pgettext("would have", "discarded {card}").format(card=card_label(action.card))
    if isinstance(action, Knock):
        return pgettext("would have", "knocked, throwing {card}").format(
            card=card_label(action.card))
    if isinstance(action, MeldCards):
        meld = meld_text(action.cards, ace_high)
        if first:
            return pgettext("would have", "melded the {meld} first").format(meld=meld)
        return pgettext("would have", "melded the {meld}").format(meld=meld)
    if isinstance(action, LayOff):
        card = card_label(action.card)
        if first:
            return pgettext("would have", "laid off {card} first").format(card=card)
        return pgettext("would have", "laid off {card}").format(card=card)
    if isinstance(action, DrawDiscard):
        if upcard is not None:
            return pgettext("would have", "taken the {card} from the discard pile").format(
                card=card_label(upcard))
        return pgettext("would have", "taken the top card from the discard pile")
    if isinstance(action, DrawStock):
        return pgettext("would have", "drawn from the stock")
    if isinstance(action, PassUpcard):
        return pgettext("would have", "passed on the up card")
    if isinstance(action, TurnOver):
        return pgettext("would have", "turned the discard pile over")
    if isinstance(action, BigGin):
        return pgettext("would have", "gone big gin")
    if isinstance(action, LayDown):
        return pgettext("would have", "laid down every card")
    if isinstance(action, FinishLayoffs):
        return pgettext("would have", "finished laying off")
    return move_words(action, ace_high)


def _count(pos: Position, count: int | None) -> str:
    """A count in the words of the game: ``"20 deadwood"``; in Rummy ``"20 points you
    cannot meld or lay off"`` (the words of the Rummy hints)."""
    if pos.view.rules.family is Family.RUMMY:
        return ngettext("{n} point you cannot meld or lay off",
                        "{n} points you cannot meld or lay off", count or 0).format(
                            n=count or 0)
    return ngettext("{n} deadwood", "{n} deadwood", count or 0).format(n=count)


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


def _instead(action: Action, count: int) -> str:
    """The player ended the hand another way: "you knocked with 8 deadwood instead"."""
    if isinstance(action, BigGin):
        # Translators: the player ended the hand another way than the strong player's
        return _("you gone big gin with {count} deadwood instead").format(count=count)
    if isinstance(action, LayDown):
        return _("you laid down with {count} deadwood instead").format(count=count)
    return _("you knocked with {count} deadwood instead").format(count=count)


def _could_have(action: Action, count: int, would: str, later: str, actual: str) -> str:
    """What ending the hand as the strong player would have scored, and what happened."""
    values = {"count": count, "would": would, "later": later, "actual": actual}
    if isinstance(action, BigGin):
        # Translators: {would} and {actual} are scores with their sign ("+25", "-3"); {later}
        # is what happened instead ("you knocked 2 turns later with 5 deadwood")
        return _("you could have gone big gin with {count} deadwood for {would}; {later}, "
                 "and you scored {actual}").format(**values)
    if isinstance(action, LayDown):
        # Translators: {would} and {actual} are scores with their sign ("+25", "-3"); {later}
        # is what happened instead ("you knocked 2 turns later with 5 deadwood")
        return _("you could have laid down with {count} deadwood for {would}; {later}, and "
                 "you scored {actual}").format(**values)
    # Translators: {would} and {actual} are scores with their sign ("+25", "-3"); {later}
    # is what happened instead ("you knocked 2 turns later with 5 deadwood")
    return _("you could have knocked with {count} deadwood for {would}; {later}, and you "
             "scored {actual}").format(**values)


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
