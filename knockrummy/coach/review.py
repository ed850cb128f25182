"""Hand review: each decision of one seat, set against the strong player's choice.

``review_hand`` replays a finished hand (:func:`knockrummy.engine.hand_replay.hand_steps`).
At each decision of the seat it builds that seat's view at that moment
(:func:`~knockrummy.engine.view.observe_hand`) and asks the ``hard`` player
what it would do. Where the choice differs in a way that matters, it records a
:class:`Decision`: the move made, the strong move, and what it changed, in
words and numbers (deadwood after the move either way, expected deadwood after
the next draw, live outs, knock timing, undercuts, discards an opponent picked
up). Then one verdict line for the hand.

The strong player decides from the view only; the words about what happened
afterwards (the card an opponent picked up, the undercut, the score a knock
would have made) use the whole replay, which is fair once the hand is over.

A decision counts as *matched* when it is the strong move or one just as good:
a knock with the same card but other melds, layoffs in another order, or a
discard leaving the same deadwood and the same chances (the KS instead of the
KD when neither melds). Forced moves (one legal action) are not decisions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from knockrummy.ai import make_player
from knockrummy.coach.advice import hint_level
from knockrummy.coach.judge import DRAWS, Decision, Judge
from knockrummy.coach.words import explain_terms, ordinal
from knockrummy.engine.flow import legal_actions
from knockrummy.engine.hand_replay import hand_steps
from knockrummy.engine.match import HandRecord, MatchState
from knockrummy.engine.rules import Rules
from knockrummy.engine.view import held_counts, observe_hand, raced_counts
from knockrummy.i18n import _, ngettext

#: a decision costing at least this many points is where the hand turned
TURNING = 3.0


@dataclass(frozen=True)
class HandReview:
    """A reviewed hand: the differing decisions in order and a verdict line."""

    seat: int
    number: int
    #: decisions of the seat (moves with more than one legal choice)
    total: int
    #: of those, how many were the strong move or as good
    matched: int
    decisions: tuple[Decision, ...]
    verdict: str
    #: the seat's points for the hand, and how the hand ended
    points: int
    outcome: str
    #: the computer level the decisions were set against (the one that gives the hints)
    level: str

    @property
    def tally(self) -> str:
        """``"11 of 12 decisions matched the strong player"``."""
        return ngettext("{matched} of {n} decision matched the strong player",
                        "{matched} of {n} decisions matched the strong player",
                        self.total).format(matched=self.matched, n=self.total)

    @property
    def turning_point(self) -> Decision | None:
        """The costliest decision, if any cost at least a point."""
        costly = [d for d in self.decisions if not d.close_call]
        return max(costly, key=lambda d: d.cost) if costly else None


def review_match_hand(match: MatchState, number: int, seat: int, seed: int) -> HandReview:
    """Review hand ``number`` (from 0) of a match for ``seat``, with the scores
    the match had before that hand."""
    records = [r for r in match.records if r.number == number]
    if not records:
        # Translators: an error shown when a hand cannot be reviewed
        raise ValueError(_("hand {number} is not finished").format(number=number + 1))
    scores = [0] * match.players
    for record in match.records:
        if record.number < number:
            scores = [s + p for s, p in zip(scores, record.result.points, strict=True)]
    return review_hand(match.rules, match.players, match.names, records[0], seat, seed,
                       scores=scores, held=held_counts(match.records, match.players, number),
                       raced=raced_counts(match.records, match.players, number))


def review_hand(
    rules: Rules, players: int, names: Sequence[str], record: HandRecord, seat: int, seed: int,
    scores: Sequence[int] | None = None, held: tuple[int, ...] = (),
    raced: tuple[int, ...] = (),
) -> HandReview:
    """Review a finished hand for ``seat``; ``seed`` seeds the strong player (use the
    hint's seed), ``scores`` are the match totals before the hand (the strong player
    weighs a knock that ends the match) and ``held``, ``raced`` what the earlier hands
    showed (:attr:`~knockrummy.engine.view.PlayerView.held`, ``raced``): the views are
    the ones the hints
    had during the hand, so a move that followed a hint matches."""
    if not 0 <= seat < players:
        raise ValueError(f"no seat {seat}")
    steps = hand_steps(rules, players, names, record)
    totals = tuple(scores) if scores is not None else tuple([0] * players)
    level = hint_level(rules)
    strong_player = make_player(level, seed)
    context = Judge(steps, seat, record, strong_player)
    decisions: list[Decision] = []
    total = matched = 0
    turn = 0
    drew_last = False
    for index in range(1, len(steps)):
        step = steps[index]
        made = step.action
        before = steps[index - 1].state
        if step.seat != seat or made is None:
            continue
        is_draw = isinstance(made, DRAWS)
        if is_draw and not drew_last:
            turn += 1
        drew_last = is_draw
        legal = legal_actions(before)
        if len(legal) < 2:
            continue
        total += 1
        view = observe_hand(before, seat, totals, record.number, held, raced)
        strong = strong_player.choose(view, legal)
        if strong == made:
            matched += 1
            continue
        decision = context.judge(index, max(turn, 1), made, strong, view)
        if decision is None:
            matched += 1
        else:
            decisions.append(decision)
    result = record.result
    review = HandReview(seat, record.number, total, matched, tuple(decisions), "",
                        result.points[seat], result.outcome, level)
    return _explained(replace(review, verdict=_verdict(review)))


def _explained(review: HandReview) -> HandReview:
    """The review with each game term explained where the review first uses it (verdict,
    then each decision's contrast, note and reason, in the order they are shown)."""
    texts = [review.verdict]
    for d in review.decisions:
        texts += [d.contrast, d.note, d.strong_reason]
    told = explain_terms(texts)
    decisions = tuple(
        replace(d, contrast=told[1 + 3 * i], note=told[2 + 3 * i],
                strong_reason=told[3 + 3 * i])
        for i, d in enumerate(review.decisions)
    )
    return replace(review, verdict=told[0], decisions=decisions)


def _verdict(review: HandReview) -> str:
    if review.total == 0:
        return _("No decisions to review in this hand")
    turning = review.turning_point
    if turning is not None and turning.cost >= TURNING:
        # Translators: {ordinal} is "1st", "2nd" ...; {note} what the decision changed
        return _("The hand turned on your {ordinal} turn: {note}").format(
            ordinal=ordinal(turning.turn), note=turning.note)
    if not review.decisions:
        return ngettext("A clean hand: all {n} decision matched the strong player",
                        "A clean hand: all {n} decisions matched the strong player",
                        review.total).format(n=review.total)
    if turning is None:
        # Translators: {tally} is "11 of 12 decisions matched the strong player"
        if len(review.decisions) == 1:
            return _("A clean hand: {tally}; the other was a close call").format(
                tally=review.tally)
        return _("A clean hand: {tally}; the others were close calls").format(
            tally=review.tally)
    cost = round(turning.cost)
    # Translators: {tally} is "11 of 12 decisions matched the strong player"; {ordinal}
    # "1st", "2nd" ...
    return ngettext("A good hand: {tally}; the biggest difference, on your {ordinal} turn, "
                    "cost about {n} point",
                    "A good hand: {tally}; the biggest difference, on your {ordinal} turn, "
                    "cost about {n} points", cost).format(
                        tally=review.tally, ordinal=ordinal(turning.turn), n=cost)


__all__ = ["TURNING", "Decision", "HandReview", "review_hand", "review_match_hand"]
