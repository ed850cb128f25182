"""Fast play-outs of a knocking-games hand (Knock Rummy, Gin, Gin for 3-4) on card masks.

``expert`` (:mod:`knockrummy.ai.expert`) values a move by playing the rest of the
hand out in sampled worlds: every hidden card placed (opponents' hands drawn to
fit what the seat has seen, the stock shuffled from the rest), then every seat,
``expert`` included, plays a fast policy to the end of the hand, and the hand is
scored with the engine's own scoring functions. The engine's ``apply`` is exact
but builds a new state and a log entry for every action; a play-out turn here
costs about 30 microseconds (the discard and the count it leaves from per-suit
tables: :func:`worst_and_count`), so a decision can afford a hundred play-outs.

The fast policy, the same for every seat (a quick stand-in for ``hard``):

- draw: take the up card when the hand with it, after the best discard, has less
  deadwood than now; otherwise draw from the stock;
- discard: the card that leaves the least deadwood, the highest on ties, never the
  card just taken;
- knock: gin always; in two-player Gin only once the stock has fewer than
  ``hold_stock`` cards (``hard`` holds for gin or the undercut while the stock is
  long), or, in a match, when the knock takes the knocker to the target
  (``match_knock``, as ``hard`` knocks then); in Gin for 3-4 at the knock limit;
  in Knock Rummy at ``knock_count`` or less, and at any count once the stock has
  run out.

Rules followed: Gin's dead hand (void with ``stock_low_mark`` cards left), big
gin, layoffs onto the knocker's melds (the engine's optimal layoffs), undercuts;
Gin for 3-4 shuffling the pile under the stock; Knock Rummy turning the pile over,
rum and the knock penalty. Simplified: Hoyle's choice when the stock runs out is
always to turn the pile over. A play-out that runs past ``max_turns`` draws is
scored 0 (it has not ended).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from knockrummy.ai.costs import CostModel, deadwood_model
from knockrummy.ai.equity import equity
from knockrummy.ai.masks import cards_of
from knockrummy.engine.cards import DECK
from knockrummy.engine.layoffs import best_layoffs
from knockrummy.engine.melds import HOLDER_SETS, best_arrangement, set_ranks, suits_holding
from knockrummy.engine.rules import Family, Layoffs, Rules, StockOut
from knockrummy.engine.scoring import score_gin, score_gin_multi, score_knock_rummy

#: a share of a match in play-out points: a whole match is worth 200, so a point at the
#: start of a match is worth about one (:func:`match_gain`)
EQUITY_SCALE = 200.0


@dataclass(frozen=True)
class Policy:
    """The fast policy's knobs (see the module docstring)."""

    #: two-player Gin: knock (short of gin) only with fewer than this many cards in the stock
    hold_stock: int = 4
    #: Knock Rummy: knock at this count or less (any count once the stock has run out)
    knock_count: int = 10
    #: a play-out that has not ended after this many draws scores 0
    max_turns: int = 80
    #: two-player Gin match: knock (short of gin, stock still long) when the knock ends
    #: the match with a win, as ``hard`` does (its ``sure_knock``)
    match_knock: bool = True


@dataclass
class Table:
    """A sampled world in play: every hand, the stock and the pile, as card indices."""

    hands: list[int]
    #: top of the stock is the last entry
    stock: list[int]
    #: top of the pile is the last entry
    pile: list[int]
    current: int
    exhaustions: int = 0
    #: per seat, the deadwood of its hand between turns, once known (-1: not yet)
    counts: list[int] = field(default_factory=list)
    #: turns played on this table (the search's measure of work done)
    turns: int = 0
    #: two-player Gin: seats taken to knock as soon as their count is within the limit
    #: (a player never yet shown holding such a hand: ``knockrummy.ai.expert.racers``)
    racers: frozenset[int] = frozenset()

    def copy(self) -> Table:
        """An independent copy (the lists are copied)."""
        return Table(list(self.hands), list(self.stock), list(self.pile), self.current,
                     self.exhaustions, list(self.counts), self.turns, self.racers)

    def count(self, seat: int, model: CostModel) -> int:
        """The deadwood of ``seat``'s hand (remembered between turns)."""
        if not self.counts:
            self.counts = [-1] * len(self.hands)
        known = self.counts[seat]
        if known < 0:
            known = self.counts[seat] = model.least(self.hands[seat])
        return known


@dataclass(frozen=True)
class Context:
    """What a play-out needs besides the table: the rules and whose points count."""

    rules: Rules
    me: int
    scores: tuple[int, ...]
    policy: Policy
    #: two-player Gin match: value a showdown by the chance of winning the match it leaves
    #: (:mod:`knockrummy.ai.equity`), in :data:`EQUITY_SCALE` points, not by its points
    equity: bool = False

    @property
    def model(self) -> CostModel:
        """The deadwood solver for these rules."""
        return deadwood_model(self.rules.ace_high)


def worst(hand: int, among: int, model: CostModel) -> int:
    """The card of ``among`` whose loss leaves the least deadwood (the highest on ties),
    as a one-bit mask.

    >>> from knockrummy.engine.cards import cards_mask, parse_cards
    >>> m = deadwood_model(False)
    >>> hand = cards_mask(parse_cards("7H 8H 9H 9S 9D 9C KC 2D"))
    >>> worst(hand, hand, m) == cards_mask(parse_cards("KC"))
    True
    """
    if among == hand:
        return _quick_worst(hand, model)
    best = 0
    best_cost = 1 << 30
    costs = model.costs
    rest = among
    while rest:
        low = rest & -rest
        rest ^= low
        # ties: the higher card goes (it costs more if it stays deadwood)
        cost = model.least(hand ^ low) * 64 - costs[low.bit_length() - 1]
        if cost < best_cost:
            best, best_cost = low, cost
    return best


def _quick_worst(hand: int, model: CostModel) -> int:
    """:func:`worst` of the whole hand, from per-suit tables (see :func:`worst_and_count`)."""
    return worst_and_count(hand, model)[0]


def worst_and_count(hand: int, model: CostModel, keep: int = 0) -> tuple[int, int]:
    """:func:`worst` of the whole hand and the deadwood left without it, from per-suit
    tables: for each way of taking sets out of the ranks held three or four times, the
    suits are solved alone, and the card to drop is the one whose suit's runs lose the
    least (the highest-valued, then the lowest index, on ties: :func:`worst`'s choice).
    ``keep``: a card (one-bit mask) that may not be thrown (the card just taken).

    >>> from knockrummy.engine.cards import cards_mask, parse_cards
    >>> m = deadwood_model(False)
    >>> hand = cards_mask(parse_cards("7H 8H 9H 9S 9D 9C KC 2D"))
    >>> worst_and_count(hand, m) == (cards_mask(parse_cards("KC")), 2)
    True
    """
    s = [hand >> (13 * k) & 0x1FFF for k in range(4)]
    ranks = set_ranks(*s)
    best_key = (1 << 30, 0)
    runs = model.runs
    costs = model.costs
    drop = _drop_table(model.ace_high)
    keep_suit = (keep.bit_length() - 1) // 13 if keep else -1
    kept = keep >> (13 * keep_suit) if keep else 0
    for suits in _set_choices(s, ranks):
        base = runs[suits[0]] + runs[suits[1]] + runs[suits[2]] + runs[suits[3]]
        for k in range(4):
            m = suits[k]
            if not m:
                continue
            if k == keep_suit and m & kept:
                rest = m ^ kept
                while rest:
                    low = rest & -rest
                    rest ^= low
                    index = 13 * k + low.bit_length() - 1
                    key = ((base - runs[m] + runs[m ^ low]) * 64 - costs[index], index)
                    if key < best_key:
                        best_key = key
                continue
            r = drop[m]
            index = 13 * k + r
            key = ((base - runs[m] + runs[m ^ (1 << r)]) * 64 - costs[index], index)
            if key < best_key:
                best_key = key
    score, index = best_key
    return 1 << index, (score + costs[index]) // 64


def _set_choices(suits: list[int], ranks: list[int]) -> list[list[int]]:
    """The four suits' masks left by every way of taking sets out of ``ranks`` (one bit
    each, held three or four times)."""
    out = [suits]
    for bit in ranks:
        grown = []
        for rest in out:
            grown.append(rest)
            s0, s1, s2, s3 = rest
            for sub in HOLDER_SETS[suits_holding(s0, s1, s2, s3, bit)]:
                grown.append([m ^ bit if sub >> k & 1 else m for k, m in enumerate(rest)])
        out = grown
    return out


_DROPS: dict[bool, list[int]] = {}


def _drop_table(ace_high: bool) -> list[int]:
    """Per 13-bit suit mask: the rank index whose drop lowers the suit's run cost most,
    the highest-valued on ties (built on first use)."""
    table = _DROPS.get(ace_high)
    if table is not None:
        return table
    model = deadwood_model(ace_high)
    runs = model.runs
    costs = model.costs
    table = [0] * 8192
    for m in range(1, 8192):
        best_key = (1 << 30, 0)
        rest = m
        while rest:
            low = rest & -rest
            rest ^= low
            r = low.bit_length() - 1
            key = (runs[m ^ low], -costs[r])
            if key < best_key:
                best_key, table[m] = key, r
    _DROPS[ace_high] = table
    return table


def take_upcard(hand: int, up: int, model: CostModel, now: int | None = None) -> bool:
    """The fast policy's draw: whether taking ``up`` (a card index) lowers the deadwood
    (``now``: the hand's deadwood, when known)."""
    if now is None:
        now = model.least(hand)
    return model.least_after_discard(hand | 1 << up) < now


def knocks(count: int, table: Table, ctx: Context) -> bool:
    """The fast policy's knock after a draw and discard leaving ``count``."""
    rules = ctx.rules
    if count == 0:
        return True
    if rules.family is Family.KNOCK:
        return table.exhaustions > 0 or count <= ctx.policy.knock_count
    limit = rules.knock_limit
    if limit is None or count > limit:
        return False
    if rules.family is Family.GIN:
        if len(table.stock) < ctx.policy.hold_stock or table.current in table.racers:
            return True
        return ctx.policy.match_knock and wins_match(count, table, ctx)
    return True


def wins_match(count: int, table: Table, ctx: Context) -> bool:
    """Two-player Gin: whether ``table.current`` knocking now with ``count`` takes it to the
    match's target (``hard`` knocks then, whatever the stock; it judges from sampled
    worlds, a play-out from its own)."""
    scores = ctx.scores
    if not scores:
        return False
    seat = table.current
    target = ctx.rules.target_score
    other = 1 - seat
    # the knocker wins at most the other's count before layoffs less its own
    if scores[seat] + table.count(other, ctx.model) - count < target:
        return False
    return showdown(table, seat, count, ctx, "knock")[seat] + scores[seat] >= target


def score_knock(table: Table, knocker: int, count: int, ctx: Context, kind: str = "") -> float:
    """My points (as the expert counts them) when ``knocker`` knocks holding ``table``'s
    hand with ``count`` deadwood."""
    if not kind:
        kind = (("rum" if ctx.rules.family is Family.KNOCK else "gin") if count == 0
                else "knock")
    return points_for(ctx, showdown_counts(table, knocker, count, ctx, kind), knocker, kind)


def showdown(table: Table, knocker: int, count: int, ctx: Context, kind: str) -> list[int]:
    """Two-player Gin: the hand's points per seat when ``knocker`` knocks with ``count``."""
    counts = showdown_counts(table, knocker, count, ctx, kind)
    return list(score_gin(ctx.rules, _NAMES[len(counts)], counts, knocker, kind).points)


def showdown_counts(table: Table, knocker: int, count: int, ctx: Context,
                    kind: str) -> list[int]:
    """Every seat's count at the showdown: the knocker's ``count``, the others' after their
    best layoffs where the rules allow them."""
    rules = ctx.rules
    players = len(table.hands)
    counts = [0] * players
    counts[knocker] = count
    model = ctx.model
    if kind == "knock" and rules.layoffs is not Layoffs.NONE:
        melds = best_arrangement(cards_of(table.hands[knocker]), rules.ace_high)
        targets = [(m, m) for m in melds]
        for seat in range(players):
            if seat != knocker:
                counts[seat] = defender_count(table.hands[seat], targets, rules, model)
    else:
        for seat in range(players):
            if seat != knocker:
                counts[seat] = model.least(table.hands[seat])
    return counts


def defender_count(
    hand: int, targets: Sequence[tuple[tuple[object, ...], tuple[object, ...]]], rules: Rules,
    model: CostModel,
) -> int:
    """A defender's count after its best layoffs onto the knocker's melds."""
    if not targets:
        return model.least(hand)
    _plays, count = best_layoffs(cards_of(hand), targets, rules.layoffs,  # type: ignore[arg-type]
                                 rules.ace_high)
    return count


def points_for(ctx: Context, counts: Sequence[int], knocker: int, kind: str) -> float:
    """The engine's score of a showdown, as my gain: Gin counts the difference and the
    game bonus when the hand ends the match; Gin for 3-4 the others' average penalty less
    mine; Knock Rummy my points."""
    rules = ctx.rules
    me = ctx.me
    names = _NAMES[len(counts)]
    if rules.family is Family.GIN:
        points = score_gin(rules, names, counts, knocker, kind).points
        if ctx.scores and ctx.equity:
            return match_gain(points, ctx.scores, me, rules.target_score)
        value = float(points[me] - points[1 - me])
        if ctx.scores:
            value += match_swing(points, ctx.scores, me, rules)
        return value
    if rules.family is Family.GIN_MULTI:
        points = score_gin_multi(rules, names, counts, knocker, kind).points
        others = [points[s] for s in range(len(counts)) if s != me]
        return sum(others) / len(others) - points[me]
    return float(score_knock_rummy(rules, names, counts, knocker, kind).points[me])


def match_swing(points: Sequence[int], scores: Sequence[int], me: int, rules: Rules) -> float:
    """The game bonus won (or conceded) if this hand ends a two-player Gin match (as
    :func:`knockrummy.ai.knocking.knock_value` counts it)."""
    bonus = float(rules.game_bonus + rules.target_score // 2)
    if scores[me] + points[me] >= rules.target_score:
        return bonus
    if scores[1 - me] + points[1 - me] >= rules.target_score:
        return -bonus
    return 0.0


def match_gain(points: Sequence[int], scores: Sequence[int], me: int, target: int) -> float:
    """Two-player Gin: what the hand's ``points`` add to my chance of winning the match, in
    :data:`EQUITY_SCALE` points (about one a point at the start of a match)."""
    other = 1 - me
    before = equity(target, scores[me], scores[other])
    after = equity(target, scores[me] + points[me], scores[other] + points[other])
    return EQUITY_SCALE * (after - before)


def after_discard(table: Table, ctx: Context, rng: random.Random) -> float | None:
    """Stock rules after a discard: the value if the hand ends (Gin's dead hand), else
    ``None`` with the turn passed on."""
    rules = ctx.rules
    mark = rules.stock_low_mark
    if rules.stock_out is StockOut.DEAD_HAND and len(table.stock) <= mark:
        return 0.0
    if rules.stock_out is StockOut.RESHUFFLE and len(table.stock) <= mark and len(table.pile) > 1:
        under = table.pile[:-1]
        rng.shuffle(under)
        table.stock = under + table.stock
        table.pile = table.pile[-1:]
    table.current = (table.current + 1) % len(table.hands)
    if not table.stock and rules.stock_out is not StockOut.DEAD_HAND:
        table.stock = table.pile[::-1]
        table.pile = []
    return None


def play_turn(
    table: Table, ctx: Context, rng: random.Random, drawn: int | None = None
) -> float | None:
    """One turn of the fast policy for ``table.current``; the value if the hand ends.

    ``drawn``: the draw already made (-1 for the stock, or the up card's index taken),
    so a caller can force the draw and let the policy do the rest.
    """
    model = ctx.model
    rules = ctx.rules
    seat = table.current
    table.turns += 1
    hand = table.hands[seat]
    up = table.pile[-1] if table.pile else None
    taken = 0
    if drawn is None:
        take = up is not None and take_upcard(hand, up, model, table.count(seat, model))
        drawn = up if take and up is not None else -1
    if drawn >= 0 and table.pile:
        table.pile.pop()
        taken = 1 << drawn
        hand |= taken
    else:
        if not table.stock:
            return 0.0
        hand |= 1 << table.stock.pop()
        if not table.stock:
            table.exhaustions += 1
    if (rules.big_gin_bonus is not None or rules.lay_down_without_discard) and (
            model.least(hand) == 0):
        if rules.big_gin_bonus is not None:
            table.hands[seat] = hand
            return score_knock(table, seat, 0, ctx, "big_gin")
        if rules.lay_down_without_discard:
            table.hands[seat] = hand
            return score_knock(table, seat, 0, ctx, "rum")
    throw, count = worst_and_count(hand, model, taken if hand & ~taken else 0)
    hand ^= throw
    table.hands[seat] = hand
    if table.counts:
        table.counts[seat] = count
    if knocks(count, table, ctx):
        return score_knock(table, seat, count, ctx)
    table.pile.append(throw.bit_length() - 1)
    return after_discard(table, ctx, rng)


def play_out(table: Table, ctx: Context, rng: random.Random) -> float:
    """Play the hand to its end with the fast policy; my value."""
    for _ in range(ctx.policy.max_turns):
        value = play_turn(table, ctx, rng)
        if value is not None:
            return value
    return 0.0


def deal_world(
    hands: Sequence[int], unseen_rest: int, pile: Sequence[int], current: int, exhaustions: int,
    rng: random.Random,
) -> Table:
    """A table from a sampled world: ``unseen_rest`` (cards in no hand) shuffled into the
    stock."""
    stock = [c.index for c in cards_of(unseen_rest)]
    rng.shuffle(stock)
    return Table(list(hands), stock, list(pile), current, exhaustions)


_NAMES = {n: tuple(str(s) for s in range(n)) for n in range(1, 7)}

__all__ = ["DECK", "Context", "Policy", "Table", "deal_world", "play_out", "play_turn",
           "score_knock", "worst"]
