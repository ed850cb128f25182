"""``medium`` and ``hard`` for the knocking games: Knock Rummy, Gin, Gin for 3-4.

One policy, two strengths (:class:`Style`):

- **draw**: take the up card when the hand it makes, valued by deadwood and live
  outs, beats the expected hand after a stock draw by a margin that pays for
  what taking it tells the others; never a card taken from the pile before in
  this hand, unless it makes gin (:mod:`knockrummy.ai.repeats`);
- **discard**: keep the ten (or seven, or six) cards with the lowest value, where
  value is the deadwood minus the expected gain of the coming draws
  (:mod:`knockrummy.ai.evaluate`), plus the danger of feeding the next player
  a meld, estimated from the cards that seat is likely to hold;
- **knock**: play the showdown out in sampled worlds (:mod:`knockrummy.ai.knocking`)
  and knock when the expected points clear a bar that falls as the stock runs
  down; gin always; big gin and Hoyle's lay-down always. In two-player Gin they
  hold instead while the stock is long (``hold_stock``; ``hard`` at any count,
  ``medium`` at 5 or less), unless the knock very likely wins the match: a hand
  kept low either goes gin (25 points and never undercut) or undercuts an
  opponent who knocks first (25 more), and both pay far more than a knock at
  5-10 points. Measured against ``simple`` (2,000 hands): +1.7 points a hand
  knocking as soon as the expected points allow, +4.7 holding at any count; and
  holding beats knocking early head to head too (+2.3 a hand). In Knock Rummy
  ``hard`` knocks as soon as the showdown pays (a random seven-card hand
  counts about 43, so a 30 on the first turn expects about +20), which measured
  stronger head to head than every more patient version tried; ``medium`` waits
  for a count a person would knock with (``count_cap``: 15 or less on its first
  turn, 3 more each turn), so hands last a few turns (docs/AI.md). Other
  options, measured and left off: an extra bar early in the hand
  (``early_bar``), opponents' hands sampled as kept from their draws
  (``kept_draws``), and a one-round look-ahead (``wait_margin``);
- **melds**: among equally low arrangements, the one least exposed to layoffs;
- **layoffs**: the defender's optimal layoffs from the engine's solver.

``hard`` reads the opponents from the log (discards, declined and taken up
cards), samples more worlds and holds longer; ``medium`` assumes every unseen
card equally likely to be anywhere and samples fewer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from knockrummy.ai.base import all_of, decision_rng, first_of
from knockrummy.ai.evaluate import after_draw, penalised
from knockrummy.ai.knocking import knock_value, least_exposed, match_win_chance, wait_value
from knockrummy.ai.knowledge import Knowledge, read_view
from knockrummy.ai.masks import MELDS_WITH, bit, cards_of, mask_of
from knockrummy.ai.repeats import fresh_discards, retake, stock_lengths
from knockrummy.ai.worlds import sample_worlds
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
    NextHand,
    PassUpcard,
    TurnOver,
)
from knockrummy.engine.cards import Card
from knockrummy.engine.layoffs import best_layoffs
from knockrummy.engine.melds import Arrangement, best_arrangement, min_deadwood_mask
from knockrummy.engine.rules import Family
from knockrummy.engine.state import Phase
from knockrummy.engine.view import PlayerView


@dataclass(frozen=True)
class Style:
    """How a level plays. See the module docstring."""

    infer: bool = True
    #: how many coming draws the hand's one-draw potential is projected over
    potential: float = 2.0
    #: deadwood points charged per unit of probability that a discard feeds a meld
    danger: float = 8.0
    #: extra value an up card must bring to be taken (it tells the others)
    take_margin: float = 0.5
    #: sampled worlds for a knock decision
    worlds: int = 40
    #: knock when the expected points are at least this (before the stock adjustment)
    knock_bar: float = 2.0
    #: with fewer cards than this in the stock, future draws count for less (0: off)
    late_stock: int = 0
    #: extra weight of each deadwood point over the knock limit (the race to knock)
    excess: float = 0.0
    #: two-player Gin: hold (play for gin, or the undercut if the other knocks first)
    #: while the stock holds at least this many cards (0: never hold)
    hold_stock: int = 0
    #: ... with a count of at most this (higher counts knock as usual)
    hold_count: int = 10
    #: ... unless knocking wins the match in at least this share of sampled worlds
    sure_knock: float = 0.8
    #: Rummy: keep melds in hand (for rummy) while at most this many cards are left over
    rummy_hold: int = 2
    #: Rummy: meld and lay off once an opponent holds this many cards or fewer
    near_out: int = 3
    #: two-player Rummy when a rummy does not score double (the default rules): this
    #: replaces ``near_out`` (None: the same as at a bigger table)
    duel_near_out: int | None = None
    #: Knock Rummy: sample each opponent's hidden cards as the best hand out of them plus
    #: this many more (at most the stock draws it made): the cards it threw were its worst
    kept_draws: int = 0
    #: two-player Gin: the same for the worlds a knock is judged in (0: each opponent's
    #: hidden cards drawn from the unseen ones as they are)
    gin_kept_draws: int = 0
    #: two-player Gin: no guess gives an opponent gin (it would have gone out)
    gin_live: bool = False
    #: Knock Rummy: knock only when it beats knocking after one more round, played out in
    #: the sampled worlds, by at least this many points (None: no look-ahead)
    wait_margin: float | None = None
    #: ... where an opponent is taken to knock at this count or less
    opponent_knock: int = 10
    #: Knock Rummy: extra points the knock must expect on my first turn, falling evenly to
    #: none by turn ``early_turns``
    early_bar: float = 0.0
    early_turns: int = 4
    #: Knock Rummy: knock (before the stock runs out) only at this count or less on my
    #: first turn, the cap rising by ``cap_step`` a turn (0: no cap)
    count_cap: int = 0
    cap_step: int = 0


MEDIUM = Style(infer=False, potential=2.0, danger=3.0, take_margin=-0.5, worlds=12,
               knock_bar=2.0, excess=1.0, hold_stock=4, hold_count=5, rummy_hold=4, near_out=3,
               count_cap=15, cap_step=3)
HARD = Style(infer=True, potential=2.0, danger=3.0, take_margin=-0.5, worlds=40, knock_bar=2.0,
             excess=1.0, hold_stock=4, rummy_hold=99, near_out=1, duel_near_out=3)


def projected(deadwood: float, after_one: float, draws: float) -> float:
    """Deadwood expected after ``draws`` more draws, if each draw keeps cutting it by the
    same ratio as the next one is expected to (``after_one / deadwood``)."""
    if deadwood <= 0:
        return 0.0
    return float(deadwood * (after_one / deadwood) ** draws)


class StrongPlayer:
    """The knocking-games policy at ``medium`` or ``hard`` strength."""

    def __init__(self, seed: int, level: str, style: Style, name: str) -> None:
        self.seed = seed
        self.level = level
        self.style = style
        self.name = name

    # ------------------------------------------------------------------ entry

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """The action to take now (one of ``legal``)."""
        if not legal:
            raise ValueError("no legal action to choose from")
        next_hand = first_of(legal, NextHand)
        if next_hand is not None:
            return next_hand
        if view.phase is Phase.LAYOFF:
            return self._lay_off(view, legal)
        knowledge = read_view(view, self.style.infer)
        if view.phase in (Phase.UPCARD_OFFER, Phase.DRAW):
            return self._draw(view, legal, knowledge)
        return self._play(view, legal, knowledge)

    # ------------------------------------------------------------------ valuing

    def _draw_probs(self, knowledge: Knowledge) -> tuple[list[float], int]:
        probs = knowledge.in_stock()
        return probs, knowledge.unseen

    def hand_value(self, hand: int, knowledge: Knowledge, probs: list[float]) -> float:
        """Deadwood less the expected gain of the coming draws (lower is better)."""
        ace_high = knowledge.ace_high
        dw = min_deadwood_mask(hand, ace_high)
        if dw == 0:
            return 0.0
        limit, excess = self.race(knowledge)
        expected = after_draw(hand, probs, knowledge.unseen, ace_high, limit=limit, excess=excess)
        return projected(penalised(dw, limit, excess), expected, self.draws_ahead(knowledge))

    def race(self, knowledge: Knowledge) -> tuple[int, float]:
        """The knock limit and how much being over it weighs."""
        limit = knowledge.knock_limit
        if limit is None or not self.style.excess:
            return 0, 0.0
        return limit, self.style.excess

    def draws_ahead(self, knowledge: Knowledge) -> float:
        """How many coming draws the hand's potential is projected over."""
        late = self.style.late_stock
        if late <= 0 or knowledge.stock_count >= late:
            return self.style.potential
        return self.style.potential * max(0.2, knowledge.stock_count / late)

    def danger(self, card: Card, knowledge: Knowledge) -> float:
        """The chance that ``card`` completes a meld for the next player."""
        nxt = (knowledge.seat + 1) % knowledge.players
        holds = knowledge.holds(nxt)
        spare = 1.0
        for meld in MELDS_WITH[knowledge.ace_high][card.index]:
            if meld.bit_count() != 3:
                continue
            p = 1.0
            others = meld & ~bit(card)
            while others:
                low = others & -others
                others ^= low
                p *= holds[low.bit_length() - 1]
            spare *= 1.0 - p
        return 1.0 - spare

    # ------------------------------------------------------------------ draw

    def _draw(self, view: PlayerView, legal: Sequence[Action], knowledge: Knowledge) -> Action:
        stock_action: Action
        if view.phase is Phase.UPCARD_OFFER:
            stock_action = PassUpcard()
        elif first_of(legal, DrawStock) is not None:
            stock_action = DrawStock()
        elif first_of(legal, TurnOver) is not None:
            stock_action = TurnOver()
        else:
            return legal[0]
        up = view.upcard
        if up is None or first_of(legal, DrawDiscard) is None:
            return stock_action
        hand = knowledge.mine
        ace_high = knowledge.ace_high
        grown = hand | bit(up)
        if retake(view):
            # taken before: only to end the hand now (see knockrummy.ai.repeats)
            gin = any(min_deadwood_mask(grown ^ bit(c), ace_high) == 0 for c in cards_of(hand))
            return DrawDiscard() if gin else stock_action
        probs, _ = self._draw_probs(knowledge)
        now_dw = min_deadwood_mask(hand, ace_high)
        limit, excess = self.race(knowledge)
        expected = after_draw(hand, probs, knowledge.unseen, ace_high, limit=limit, excess=excess)
        stock_value = projected(
            penalised(now_dw, limit, excess), expected, self.draws_ahead(knowledge) + 1.0
        )
        take_value = min(
            self.hand_value(grown ^ bit(c), knowledge, probs)
            + self.style.danger * self.danger(c, knowledge)
            for c in cards_of(hand)
        )
        if take_value < stock_value - self.style.take_margin:
            return DrawDiscard()
        return stock_action

    # ------------------------------------------------------------------ layoffs

    def _lay_off(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        targets = [(tm.cards, tm.original) for tm in view.table]
        plays, _ = best_layoffs(view.hand, targets, view.rules.layoffs, view.rules.ace_high)
        allowed = set(all_of(legal, LayOff))
        for card, index in plays:
            if LayOff(card, index) in allowed:
                return LayOff(card, index)
        return FinishLayoffs()

    # ------------------------------------------------------------------ after the draw

    def _play(self, view: PlayerView, legal: Sequence[Action], knowledge: Knowledge) -> Action:
        for action in legal:
            if isinstance(action, BigGin | LayDown):
                return action
        ace_high = knowledge.ace_high
        hand = knowledge.mine
        knocks = {a.card for a in all_of(legal, Knock)}
        if knocks:
            knock = self._knock(view, knowledge, knocks)
            if knock is not None:
                return knock
        probs, _ = self._draw_probs(knowledge)
        options = fresh_discards(view, [a.card for a in all_of(legal, Discard)])
        best_card = options[0]
        best_score = float("inf")
        for card in options:
            score = self.hand_value(hand ^ bit(card), knowledge, probs)
            score += self.style.danger * self.danger(card, knowledge)
            score += 1e-3 * card.value(ace_high)  # equal hands: keep the lower card
            if score < best_score - 1e-9 or (
                abs(score - best_score) < 1e-9 and card.index > best_card.index
            ):
                best_card, best_score = card, score
        return Discard(best_card)

    def _knock(self, view: PlayerView, knowledge: Knowledge, knocks: set[Card]) -> Action | None:
        rules = view.rules
        ace_high = rules.ace_high
        hand = knowledge.mine
        scored = sorted(
            ((min_deadwood_mask(hand ^ bit(c), ace_high), -c.value(ace_high), c.index, c)
             for c in knocks),
        )
        count, _, _, card = scored[0]
        kept = cards_of(hand ^ bit(card))
        melds = least_exposed(kept, knowledge, rules)
        if count == 0:
            return Knock(card)
        knock_rummy = rules.family is Family.KNOCK and not view.exhaustions
        turn = max(0, my_turns(view) - 1)
        style = self.style
        if knock_rummy and style.count_cap and count > style.count_cap + style.cap_step * turn:
            return None
        rng = decision_rng(self.seed, view, "worlds")
        kept_draws = (style.kept_draws if knock_rummy
                      else style.gin_kept_draws if rules.family is Family.GIN else 0)
        extra = drawn_from_stock(view, kept_draws) if kept_draws else None
        live = style.gin_live and rules.family is Family.GIN
        worlds = sample_worlds(knowledge, style.worlds, rng, extra, live)
        value = knock_value(count, melds, worlds, knowledge, rules, view.scores)
        hold = self.style.hold_stock
        if (rules.family is Family.GIN and hold and view.stock_count >= hold
                and count <= self.style.hold_count
                and match_win_chance(count, melds, worlds, knowledge, rules, view.scores)
                < self.style.sure_knock):
            return None
        bar = self._knock_bar(view)
        if knock_rummy and style.early_bar and turn < style.early_turns:
            bar += style.early_bar * (1.0 - turn / style.early_turns)
        if value < bar:
            return None
        if knock_rummy and style.wait_margin is not None:
            wait = wait_value(mask_of(kept), card, worlds, knowledge, rules, rng,
                              style.opponent_knock)
            if value < wait + style.wait_margin:
                return None
        return knock_with(card, melds, kept, ace_high)

    def _knock_bar(self, view: PlayerView) -> float:
        """Expected points needed to knock; lower when the hand is running long."""
        bar = self.style.knock_bar
        if view.rules.family is Family.KNOCK and view.exhaustions:
            return bar - 30.0 * view.exhaustions
        if view.rules.family is Family.GIN_MULTI:
            # the pile is shuffled back in for ever: only a knock ends the hand
            return bar - 15.0 * stock_lengths(view)
        return bar


def my_turns(view: PlayerView) -> int:
    """Turns this seat has started in this hand (its draws), this one included."""
    return sum(1 for e in view.log
               if e.seat == view.seat and e.what in ("draw_stock", "draw_discard"))


def drawn_from_stock(view: PlayerView, cap: int) -> list[int]:
    """Per seat, the cards it drew from the stock in this hand, at most ``cap``."""
    counts = [0] * view.players
    for e in view.log:
        if e.what == "draw_stock":
            counts[e.seat] += 1
    return [min(cap, c) for c in counts]


def knock_with(card: Card, melds: Arrangement, kept: Sequence[Card], ace_high: bool) -> Knock:
    """``Knock(card)`` as listed by the engine, or with ``melds`` when they differ from the
    engine's canonical arrangement (the knocker's choice, which ``apply`` accepts)."""
    if melds == best_arrangement(kept, ace_high):
        return Knock(card)
    return Knock(card, melds)


def make_strong(level: str, seed: int, name: str) -> StrongPlayer:
    """The ``medium`` or ``hard`` player."""
    return StrongPlayer(seed, level, HARD if level == "hard" else MEDIUM, name)


__all__ = ["HARD", "MEDIUM", "StrongPlayer", "Style", "make_strong", "mask_of"]
