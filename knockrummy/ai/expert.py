"""``expert``: ``hard``'s judgement, checked by playing the hand out in sampled worlds.

A determinized Monte Carlo search (the reasons for this design, and what it
measured, are in ``docs/AI.md``):

1. ``hard`` (:mod:`knockrummy.ai.strong`) ranks the moves: its own choice, the
   next best discards by its hand value (up to ``Search.candidates``, and only
   those within ``Search.gap`` points of the best), the knock when one is legal,
   and at the draw both the up card and the stock.
2. Worlds are sampled from what the seat has seen, exactly as ``hard`` samples
   them for its knocks (:mod:`knockrummy.ai.worlds`): each opponent keeps the
   cards it took from the pile and gets its other cards drawn from the unseen
   ones, weighted by what it threw, let go and took (in two-player Gin, the best of
   them and up to ``Search.kept_draws`` more it drew: it has been throwing its worst
   card); the stock is the rest, shuffled.
3. In every world each candidate is played, then the whole table plays the hand
   out with a fast policy (:mod:`knockrummy.ai.rollout`), and the engine's
   scoring scores it; in a two-player Gin match the score is valued by the chance of
   winning the match it leaves (:mod:`knockrummy.ai.equity`), elsewhere in points. All
   candidates share each world, its stock order and its random draws (common
   random numbers), so the differences between them are measured far more
   tightly than their values.
4. ``hard``'s choice stands unless another candidate beats it by more than
   ``Search.z`` standard errors of the paired difference (``Search.knock_z`` for a
   knock, which the play-outs overvalue) and ``Search.margin`` points: a search this
   small is noisy, and ``hard``'s judgement is the prior.

It decides from its :class:`~knockrummy.engine.view.PlayerView` only, like every
player. Two modes:

- deterministic (the default, what ``make_player("expert", seed)`` gives, used by
  seeded games, replays, saves and tests): a fixed number of worlds
  (``Search.worlds``), every random draw seeded from the player's seed and the
  point of the game, so the same view always gets the same move, whatever the
  machine's speed;
- timed (``Search.budget_ms``): worlds are added until the time is spent (at least
  ``Search.min_worlds``); for analysis, never for a seeded game.

Rummy is played by ``hard``'s Rummy policy. A search of its draws and discards, with
play-outs of :mod:`knockrummy.ai.rummy_rollout`, is there for the sim
(``Search.families`` with ``"rummy"``), off until it measures better (docs/AI.md).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import partial

from knockrummy.ai.base import all_of, decision_rng, first_of
from knockrummy.ai.equity import equity_table
from knockrummy.ai.knocking import least_exposed
from knockrummy.ai.knowledge import Knowledge, read_view
from knockrummy.ai.masks import bit, cards_of
from knockrummy.ai.repeats import fresh_discards, retake
from knockrummy.ai.rollout import (
    Context,
    Policy,
    Table,
    after_discard,
    deal_world,
    play_out,
    play_turn,
    score_knock,
)
from knockrummy.ai.rummy import RummyPlayer
from knockrummy.ai.rummy_rollout import RummyContext
from knockrummy.ai.rummy_rollout import play_out as rummy_play_out
from knockrummy.ai.rummy_rollout import turn as rummy_turn
from knockrummy.ai.strong import HARD, StrongPlayer, Style, drawn_from_stock, knock_with
from knockrummy.ai.worlds import Racers, sample_worlds
from knockrummy.engine.actions import (
    Action,
    BigGin,
    Discard,
    DrawDiscard,
    DrawStock,
    Knock,
    LayDown,
    NextHand,
)
from knockrummy.engine.cards import Card
from knockrummy.engine.melds import min_deadwood_mask
from knockrummy.engine.rules import Family
from knockrummy.engine.state import Phase
from knockrummy.engine.view import PlayerView


@dataclass(frozen=True)
class Search:
    """How much ``expert`` searches, and how sure it must be to overrule ``hard``."""

    #: sampled worlds per decision (deterministic mode): at least this many ...
    worlds: int = 40
    #: ... and more, up to ``max_worlds``, while the play-outs so far have taken fewer
    #: than this many turns in all (a count of work, not of time, so the same view
    #: always gets the same search; 0: exactly ``worlds``)
    turn_budget: int = 0
    #: timed mode: spend about this long per decision (None: deterministic)
    budget_ms: float | None = None
    #: timed mode: at least this many worlds, however long they take
    min_worlds: int = 4
    #: timed mode: at most this many worlds
    max_worlds: int = 400
    #: discards searched besides ``hard``'s: at most this many
    candidates: int = 1
    #: ... and only those within this many points of ``hard``'s value of its best
    gap: float = 4.0
    #: overrule ``hard`` only when the gain is more than this many standard errors
    z: float = 1.5
    #: ... and more than this many points
    margin: float = 0.0
    #: a searched knock overrules ``hard``'s holding on only at this many standard errors
    #: (other moves: ``z``). A knock is valued exactly at its showdown, holding on by
    #: play-outs of the fast policy, which plays the rest of the hand worse than
    #: ``expert``: the play-outs undervalue holding. At 1 the extra knocks cost -0.74 a
    #: hand against ``hard`` over 1,000 matches though the play-outs valued them at +3.6
    #: each (docs/AI.md, twelfth round)
    knock_z: float = 2.0
    #: ... but against an opponent shown racing (:func:`racers`) at this many: there the
    #: higher bar cost 1.4 points of match share against ``simple`` over 950 matches,
    #: points a hand level (docs/AI.md, twelfth round)
    racer_knock_z: float = 1.5
    #: search the draw (up card or stock)
    draw: bool = True
    #: ... except where ``hard`` takes an up card that lowers its deadwood by at least
    #: this many points: that take stands (0: none does). The play-outs hold for gin
    #: until the stock is short, so a lead taken early washes out in them, and 40
    #: worlds found a stock draw "better" than two sets made at once (55 to 27)
    keep_take: int = 10
    #: two-player Gin: also search knocking against holding on. Against uniform guesses of
    #: the other hand it knocked far too often (first and second rounds); against guesses
    #: from its draws it pays (docs/AI.md, sixth round)
    knock: bool = True
    #: ... a knock must gain at least this many points more than another move would
    #: (the sampled showdowns are too hopeful: docs/AI.md)
    knock_margin: float = 0.0
    #: the games searched (Knock Rummy is not: there the search measured worse than
    #: ``hard``'s own discards; ``"rummy"`` is not yet: no setting measured better than
    #: ``hard``; see docs/AI.md)
    families: tuple[str, ...] = ("gin", "gin_multi")
    #: Knock Rummy: knock when the sampled showdown expects at least this many points
    #: (``hard``: 2), the bar calibrated against ``hard``
    knock_bar: float = -3.0
    #: two-player Gin: opponents' hands sampled as the best of their cards plus this many
    #: more (at most the stock draws each made): a hand that drew and threw its worst is
    #: better than a random one. Against ``hard``, hands drawn uniformly count about 17
    #: points more than the real ones late in a hand; with 3, within a point (docs/AI.md,
    #: sixth round). Gin for 3-4 keeps uniform guesses: there 3 counts 4 to 8 too few.
    kept_draws: int = 3
    #: two-player Gin: no world gives an opponent gin (it would have gone out)
    live: bool = False
    #: two-player Gin: an opponent shown racing (a knock short of gin with the stock still
    #: long) and never shown holding a hand it could have knocked with is taken to knock
    #: as soon as it may (:func:`racers`): its guesses are drawn beyond the knock limit
    #: and it knocks at once in the play-outs. Against ``simple``, which does; ``hard``
    #: never knocks so early (docs/AI.md, seventh and eighth rounds)
    racers: bool = True
    #: ... and an opponent shown neither racing nor holding (the first hand of a match)
    #: is taken to race in this share of the worlds
    unknown_racers: float = 0.0
    #: ... and a racer's guesses make the card it threw last a card leaving the least
    #: deadwood, as ``simple`` throws: its count guessed about 7 points off on average, not 9.
    #: Against ``simple``, deal by deal over 300 deals: +1.3 points of match share, +0.4
    #: a hand, both within their intervals (docs/AI.md, tenth round)
    racer_thrown: bool = True
    #: count the game bonus when a play-out ends a Gin match (False: the hand's points
    #: only; ``hard``'s own knock decisions weigh the match either way)
    match_swing: bool = True
    #: two-player Gin match: value a play-out by the chance of winning the match it leaves
    #: (:mod:`knockrummy.ai.equity`) instead of its points and the game bonus. Against
    #: ``hard`` over 2,000 matches, deal by deal: about +1 point of match share, points a
    #: hand level (docs/AI.md, ninth round)
    equity: bool = True
    #: the fast policy every seat plays in the play-outs
    policy: Policy = field(default_factory=Policy)


EXPERT_SEARCH = Search()

#: ``expert``'s judgement in two-player Gin, before the search: ``hard``'s, retuned
#: against ``hard`` in whole matches (1,000 a setting, docs/AI.md "A better prior"):
#: hand values projected over one and a half coming draws (not two) and the up card
#: taken a little more readily (``take_margin`` -1, not -0.5): +1.5 a hand over the
#: table [+0.5, +2.5], 54.7% of matches [51.5, 57.9].
EXPERT_GIN: Style = replace(HARD, potential=1.5, take_margin=-1.0, gin_kept_draws=3)

#: ``expert``'s judgement in Rummy: ``hard``'s, taking the up card less readily (it
#: must lower the hand's value by 1.5 points more than a stock draw is expected to, not
#: 0.5 points less; a card that goes out is always taken). Against two ``hard`` players
#: in three-player Rummy, 3,000 deals a setting: margin 0 +0.51 a hand, 0.5 +0.90, 1
#: +1.18, 1.5 +1.38 [+0.72, +2.03], 2 +1.29, 3 +1.19 (docs/AI.md, fifth round).
EXPERT_RUMMY: Style = replace(HARD, take_margin=1.5)


@dataclass(frozen=True)
class Decision:
    """What a search found: per candidate, its mean value and its gain over ``hard``'s
    move with the standard error; and how many worlds were played."""

    chosen: Action
    base: Action
    means: dict[Action, float]
    gains: dict[Action, tuple[float, float]]
    worlds: int
    #: play-out turns taken in all
    turns: int = 0


class ExpertPlayer:
    """The ``expert`` level (see the module docstring)."""

    def __init__(self, seed: int, name: str = "Expert", search: Search = EXPERT_SEARCH,
                 style: Style = HARD, level: str = "expert",
                 gin_style: Style = EXPERT_GIN, rummy_style: Style = EXPERT_RUMMY) -> None:
        self.seed = seed
        self.name = name
        self.level = level
        self.search = search
        self._hard = StrongPlayer(seed, level, style, name)
        self._gin = StrongPlayer(seed, level, gin_style, name)
        self._knock = StrongPlayer(seed, level, replace(style, knock_bar=search.knock_bar), name)
        self._rummy = RummyPlayer(seed, level, rummy_style, name)
        #: the last search, for tests and measurements (None when none was needed)
        self.last: Decision | None = None
        if search.equity:  # worked out once (tens of ms), not in the first decision's time
            equity_table(100)

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """The action to take now (one of ``legal``)."""
        self.last = None
        family = view.rules.family
        if family is Family.RUMMY:
            return self._choose_rummy(view, legal)
        if family is Family.KNOCK:
            base = self._knock.choose(view, legal)
        else:
            base = self._prior(view).choose(view, legal)
        if family.value not in self.search.families:
            return base
        if isinstance(base, NextHand | BigGin | LayDown):
            return base
        return self._searched(view, base, self._candidates(view, legal, base))

    def _searched(self, view: PlayerView, base: Action, candidates: list[Action]) -> Action:
        """``base``, or what the search of ``candidates`` finds clearly better."""
        if len(candidates) < 2:
            return base
        decision = self._search(view, base, candidates)
        self.last = decision
        return decision.chosen

    def _draw_candidates(self, view: PlayerView, legal: Sequence[Action],
                         base: Action) -> list[Action]:
        """At the draw: the up card and the stock, when both may be taken (not an up card
        taken before, see :mod:`knockrummy.ai.repeats`), unless ``hard``'s take of the up
        card gains ``Search.keep_take`` points or more."""
        if (not self.search.draw or view.upcard is None or first_of(legal, DrawDiscard) is None
                or first_of(legal, DrawStock) is None or retake(view)):
            return []
        keep = self.search.keep_take
        if keep and isinstance(base, DrawDiscard) and \
                _take_gain(view, view.upcard) >= keep:
            return []
        return [DrawDiscard(), DrawStock()]

    def _prior(self, view: PlayerView) -> StrongPlayer:
        """The judgement the search starts from: in two-player Gin ``hard``'s, retuned
        (:data:`EXPERT_GIN`); elsewhere ``hard``'s own."""
        return self._gin if view.rules.family is Family.GIN else self._hard

    def _choose_rummy(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """Rummy: ``hard``'s move, its draw and discard checked by play-outs."""
        base = self._rummy.choose(view, legal)
        if "rummy" not in self.search.families:
            return base
        return self._searched(view, base, self._rummy_candidates(view, legal, base))

    def _rummy_candidates(self, view: PlayerView, legal: Sequence[Action],
                          base: Action) -> list[Action]:
        """The up card and the stock at the draw; after it, ``hard``'s discard and the
        next best by its hand value (not when it goes out, melds or lays off)."""
        if view.phase is Phase.DRAW:
            return self._draw_candidates(view, legal, base)
        if view.phase is not Phase.PLAY or not isinstance(base, Discard) or len(view.hand) < 2:
            return []
        rummy = self._rummy
        knowledge = read_view(view, rummy.style.infer)
        probs = knowledge.in_stock()

        def value(card: Card) -> float:
            return (rummy.hand_value(knowledge.mine ^ bit(card), view, knowledge, probs)
                    + rummy.style.danger * rummy.danger(card, view, knowledge))

        scored = sorted((value(a.card), -a.card.index, a) for a in all_of(legal, Discard)
                        if a.card != base.card)
        best = value(base.card)
        out: list[Action] = [base]
        out.extend(action for score, _index, action in scored[:self.search.candidates]
                   if score - best <= self.search.gap)
        return out

    # ------------------------------------------------------------------ candidates

    def _candidates(self, view: PlayerView, legal: Sequence[Action], base: Action) -> list[Action]:
        search = self.search
        if view.phase is Phase.DRAW:
            return self._draw_candidates(view, legal, base)
        if view.phase is not Phase.PLAY:
            return []
        family = view.rules.family
        if isinstance(base, Knock):
            kept = min_deadwood_mask(_mask(view.hand) ^ bit(base.card), view.rules.ace_high)
            # gin, and Knock Rummy's knock (measured best as hard decides it), stand
            if kept == 0 or family is not Family.GIN or not search.knock:
                return []
        knowledge = read_view(view, self._hard.style.infer)
        ranked = self._ranked_discards(view, legal, knowledge)
        out: list[Action] = [base]
        best = ranked[0][0]
        for score, card in ranked:
            if len(out) > search.candidates:
                break
            action = Discard(card)
            if score - best > search.gap:
                break
            if action not in out:
                out.append(action)
        if search.knock and family is Family.GIN and not isinstance(base, Knock):
            knock = self._knock_move(view, legal, knowledge)
            if knock is not None:
                out.append(knock)
        return out

    def _ranked_discards(self, view: PlayerView, legal: Sequence[Action],
                         knowledge: Knowledge) -> list[tuple[float, Card]]:
        """``hard``'s value of every discard (lower is better), best first."""
        hard = self._prior(view)
        hand = knowledge.mine
        ace_high = knowledge.ace_high
        probs = knowledge.in_stock()
        options = fresh_discards(view, [a.card for a in all_of(legal, Discard)])
        scored = []
        for card in options:
            score = hard.hand_value(hand ^ bit(card), knowledge, probs)
            score += hard.style.danger * hard.danger(card, knowledge)
            score += 1e-3 * card.value(ace_high)
            scored.append((score, -card.index, card))
        scored.sort()
        return [(s, c) for s, _, c in scored]

    def _knock_move(self, view: PlayerView, legal: Sequence[Action],
                    knowledge: Knowledge) -> Knock | None:
        """The knock ``hard`` would make if it knocked now (the lowest count)."""
        ace_high = view.rules.ace_high
        hand = knowledge.mine
        card = _least_of(hand, [a.card for a in all_of(legal, Knock)], ace_high)
        if card is None:
            return None
        kept = cards_of(hand ^ bit(card))
        melds = least_exposed(kept, knowledge, view.rules)
        return knock_with(card, melds, kept, ace_high)

    # ------------------------------------------------------------------ search

    def _search(self, view: PlayerView, base: Action, candidates: list[Action]) -> Decision:
        search = self.search
        knowledge = read_view(view, self._hard.style.infer)
        rng = decision_rng(self.seed, view, "expert")
        scores = tuple(view.scores) if search.match_swing else ()
        ctx = Context(view.rules, view.seat, scores, search.policy, search.equity)
        value: Callable[[Action, Table, random.Random], float]
        if view.rules.family is Family.RUMMY:
            melded = tuple(view.melded_before) or (False,) * view.players
            rummy = RummyContext(view.rules, view.seat,
                                 tuple(_mask(tm.cards) for tm in view.table), melded)
            value = partial(_rummy_value, ctx=rummy)
        else:
            value = partial(self._value, ctx=ctx)
        timed = search.budget_ms is not None
        deadline = time.perf_counter() + (search.budget_ms or 0.0) / 1000.0
        budget = search.turn_budget
        count = search.max_worlds if timed or budget else search.worlds
        gin = view.rules.family is Family.GIN
        kept = search.kept_draws if gin else 0
        extra = drawn_from_stock(view, kept) if kept else None
        live = search.live and gin
        fast = racers(view, thrown=search.racer_thrown) if search.racers and gin else None
        # a player shown neither racing nor holding: a racer in this share of the worlds
        maybe = (racers(view, unknown=True, thrown=search.racer_thrown)
                 if search.racers and gin and search.unknown_racers else None)
        pile = [c.index for c in view.discard]
        values: dict[Action, list[float]] = {a: [] for a in candidates}
        played = 0
        turns = 0
        while played < count:
            if timed and played >= search.min_worlds and time.perf_counter() >= deadline:
                break
            if budget and not timed and played >= search.worlds and turns >= budget:
                break
            racing = fast
            if maybe is not None and rng.random() < search.unknown_racers:
                racing = maybe
            world = sample_worlds(knowledge, 1, rng, extra, live, racing)[0]
            hands = [0] * view.players
            hands[view.seat] = knowledge.mine
            held = knowledge.mine
            for seat, cards in world.items():
                hands[seat] = cards
                held |= cards
            table = deal_world(hands, knowledge.unseen & ~held, pile, view.seat,
                               view.exhaustions, rng)
            table.racers = racing.seats if racing else frozenset()
            play_seed = rng.getrandbits(64)
            for action in candidates:
                played_out = table.copy()
                values[action].append(value(action, played_out, random.Random(play_seed)))
                turns += played_out.turns + 1
            played += 1
        knock_z = search.racer_knock_z if fast is not None else search.knock_z
        return replace(_decide(base, values, search, played, knock_z), turns=turns)

    @staticmethod
    def _value(action: Action, table: Table, rng: random.Random, ctx: Context) -> float:
        """My value of ``action`` in one world: play it, then play the hand out."""
        me = ctx.me
        result: float | None
        if isinstance(action, DrawStock):
            result = play_turn(table, ctx, rng, drawn=-1)
        elif isinstance(action, DrawDiscard):
            result = play_turn(table, ctx, rng, drawn=table.pile[-1])
        elif isinstance(action, Knock):
            table.hands[me] ^= bit(action.card)
            count = ctx.model.least(table.hands[me])
            return score_knock(table, me, count, ctx)
        elif isinstance(action, Discard):
            table.hands[me] ^= bit(action.card)
            table.pile.append(action.card.index)
            result = after_discard(table, ctx, rng)
        else:
            raise ValueError(f"expert does not search {action!r}")
        if result is not None:
            return result
        return play_out(table, ctx, rng)


def _rummy_value(action: Action, table: Table, rng: random.Random, ctx: RummyContext) -> float:
    """Rummy: my value of ``action`` in one world: play it, then play the hand out."""
    result: float | None
    if isinstance(action, DrawStock):
        result = rummy_turn(table, ctx, rng, drawn=-1)
    elif isinstance(action, DrawDiscard):
        result = rummy_turn(table, ctx, rng, drawn=table.pile[-1])
    elif isinstance(action, Discard):
        table.hands[ctx.me] ^= bit(action.card)
        table.pile.append(action.card.index)
        table.current = (ctx.me + 1) % len(table.hands)
        result = None
    else:
        raise ValueError(f"expert does not search {action!r}")
    if result is not None:
        return result
    return rummy_play_out(table, ctx, rng)


def _decide(base: Action, values: dict[Action, list[float]], search: Search,
            played: int, knock_z: float | None = None) -> Decision:
    """``hard``'s move unless another is clearly better (see :class:`Search`); a knock
    must clear ``knock_z`` standard errors (None: ``Search.knock_z``)."""
    means = {a: (sum(v) / len(v) if v else 0.0) for a, v in values.items()}
    gains: dict[Action, tuple[float, float]] = {}
    base_values = values.get(base, [])
    chosen = base
    best_gain = 0.0
    for action, vals in values.items():
        if action == base or not vals or len(vals) != len(base_values):
            continue
        diffs = [x - y for x, y in zip(vals, base_values, strict=True)]
        n = len(diffs)
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
        se = math.sqrt(var / n)
        gains[action] = (mean, se)
        knock = isinstance(action, Knock)
        margin = search.margin + (search.knock_margin if knock else 0.0)
        z = (search.knock_z if knock_z is None else knock_z) if knock else search.z
        if mean > margin and mean > z * se and mean > best_gain:
            chosen, best_gain = action, mean
    return Decision(chosen, base, means, gains, played)


def _take_gain(view: PlayerView, up: Card) -> int:
    """How much taking ``up`` and throwing the best card lowers the hand's deadwood."""
    ace_high = view.rules.ace_high
    hand = _mask(view.hand)
    after = min(min_deadwood_mask((hand | bit(up)) ^ bit(c), ace_high) for c in view.hand)
    return min_deadwood_mask(hand, ace_high) - after


def _least_of(hand: int, options: Sequence[Card], ace_high: bool) -> Card | None:
    """Of ``options``, the card whose going leaves ``hand`` the least deadwood (the
    higher card on a tie); None when there is none."""
    if not options:
        return None
    return min(options, key=lambda c: (min_deadwood_mask(hand ^ bit(c), ace_high),
                                       -c.value(ace_high), c.index))


def _mask(cards: Sequence[Card]) -> int:
    out = 0
    for c in cards:
        out |= bit(c)
    return out


def racers(view: PlayerView, unknown: bool = False, thrown: bool = False) -> Racers | None:
    """In two-player Gin, the opponents shown racing in an earlier hand (a knock short of
    gin with the stock still long, :attr:`PlayerView.raced`) and never shown holding a
    hand they could have knocked with (:attr:`PlayerView.held`), taken to knock as soon
    as they may; with ``unknown``, also those shown neither; with ``thrown``, each with
    the card it threw last in this hand (:attr:`Racers.thrown`).

    A player who knocks at once is soon shown so; one who waits for gin is shown holding,
    at the end of a hand it did not end. For a racer, guesses within the knock limit do
    not fit, and play-outs where it holds for gin misjudge it.
    """
    limit = view.rules.knock_limit
    if limit is None or view.rules.family is not Family.GIN:
        return None
    held = view.held or (0,) * view.players
    raced = view.raced or (0,) * view.players
    seats = frozenset(s for s in range(view.players) if s != view.seat and not held[s]
                      and (raced[s] or unknown))
    if not seats:
        return None
    last: dict[int, int] | None = None
    if thrown:
        last = {}
        for entry in view.log:
            if entry.what == "discard" and entry.seat in seats and entry.card is not None:
                last[entry.seat] = entry.card.index
    return Racers(seats, limit, last)


__all__ = ["EXPERT_SEARCH", "Decision", "ExpertPlayer", "Search", "racers"]
