"""When to knock, and with which melds: the knocker's side of a showdown.

``knock_value`` plays the showdown out in sampled worlds: each opponent lays off
optimally onto the knocker's melds (where the rules allow) and the engine's own
scoring function scores the hand. The result is the knocker's expected gain in
points (for Gin for 3-4, penalty points are turned into "others' average penalty
minus mine"). ``least_exposed`` picks, among equally low arrangements, the one
that opponents are least likely to lay off on.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from knockrummy.ai.costs import deadwood_model
from knockrummy.ai.knowledge import Knowledge
from knockrummy.ai.masks import cards_of
from knockrummy.ai.worlds import World, worst_card
from knockrummy.engine.cards import DECK, Card
from knockrummy.engine.layoffs import best_layoffs, can_lay_off
from knockrummy.engine.melds import Arrangement, arrangements, min_deadwood_mask
from knockrummy.engine.rules import Family, Layoffs, Rules
from knockrummy.engine.scoring import score_gin, score_gin_multi, score_knock_rummy


def exposure(arrangement: Arrangement, knowledge: Knowledge, rules: Rules) -> float:
    """Expected value of unseen or opponent-held cards that could be laid off on these melds."""
    if rules.layoffs is Layoffs.NONE:
        return 0.0
    holds = [knowledge.holds(s) for s in knowledge.opponents()]
    total = 0.0
    candidates = knowledge.unseen
    for seat in knowledge.opponents():
        candidates |= knowledge.held[seat]
    for card in cards_of(candidates):
        if any(can_lay_off(card, m, m, rules.layoffs, rules.ace_high) for m in arrangement):
            p = min(1.0, sum(h[card.index] for h in holds))
            total += p * card.value(rules.ace_high)
    return total


def least_exposed(kept: Sequence[Card], knowledge: Knowledge, rules: Rules) -> Arrangement:
    """The best arrangement of ``kept`` that gives opponents the least to lay off."""
    options = arrangements(kept, rules.ace_high)
    if len(options) <= 1:
        return options[0] if options else ()
    return min(options, key=lambda a: exposure(a, knowledge, rules))


def _defender_count(hand: int, melds: Arrangement, rules: Rules) -> int:
    if rules.layoffs is Layoffs.NONE or not melds:
        return min_deadwood_mask(hand, rules.ace_high)
    cards = cards_of(hand)
    _plays, count = best_layoffs(cards, [(m, m) for m in melds], rules.layoffs, rules.ace_high)
    return count


def knock_value(
    knocker_count: int, melds: Arrangement, worlds: Sequence[World], knowledge: Knowledge,
    rules: Rules, scores: Sequence[int] = (),
) -> float:
    """The knocker's expected points from knocking now with ``melds`` and ``knocker_count``.

    In Gin, a hand that takes either player to the target ends the match, so it also
    counts the game bonus (won or conceded) when ``scores`` are given.
    """
    if not worlds:
        return 0.0
    me = knowledge.seat
    players = knowledge.players
    names = tuple(str(s) for s in range(players))
    kind = ("rum" if rules.family is Family.KNOCK else "gin") if knocker_count == 0 else "knock"
    total = 0.0
    for world in worlds:
        counts = [0] * players
        counts[me] = knocker_count
        for seat, hand in world.items():
            if kind == "gin" or rules.family is Family.KNOCK:
                counts[seat] = min_deadwood_mask(hand, rules.ace_high)
            else:
                counts[seat] = _defender_count(hand, melds, rules)
        if rules.family is Family.GIN:
            points = score_gin(rules, names, counts, me, kind).points
            total += points[me] - points[1 - me]
            if scores:
                total += _match_swing(points, scores, me, rules)
        elif rules.family is Family.GIN_MULTI:
            points = score_gin_multi(rules, names, counts, me, kind).points
            others = [points[s] for s in range(players) if s != me]
            total += sum(others) / len(others) - points[me]
        else:
            total += score_knock_rummy(rules, names, counts, me, kind).points[me]
    return total / len(worlds)


def _match_swing(points: Sequence[int], scores: Sequence[int], me: int, rules: Rules) -> float:
    """The game bonus won (or conceded) if this hand ends a two-player Gin match."""
    bonus = float(rules.game_bonus + rules.target_score // 2)
    if scores[me] + points[me] >= rules.target_score:
        return bonus
    if scores[1 - me] + points[1 - me] >= rules.target_score:
        return -bonus
    return 0.0


def match_win_chance(
    knocker_count: int, melds: Arrangement, worlds: Sequence[World], knowledge: Knowledge,
    rules: Rules, scores: Sequence[int],
) -> float:
    """Two-player Gin: the share of ``worlds`` in which knocking now wins the match."""
    if not worlds or not scores:
        return 0.0
    me = knowledge.seat
    names = ("0", "1")
    wins = 0
    for world in worlds:
        counts = [0, 0]
        counts[me] = knocker_count
        for seat, hand in world.items():
            counts[seat] = _defender_count(hand, melds, rules)
        points = score_gin(rules, names, counts, me, "knock").points
        wins += scores[me] + points[me] >= rules.target_score
    return wins / len(worlds)


def wait_value(
    kept: int, discard: Card, worlds: Sequence[World], knowledge: Knowledge, rules: Rules,
    rng: random.Random, opponent_knock: int,
) -> float:
    """Knock Rummy: my expected points if, instead of knocking now, I throw ``discard``
    (keeping ``kept``), play one more round and knock on my next turn.

    In each world the stock is the cards nobody holds, shuffled; every player takes
    the up card when it makes a meld and otherwise draws, throws the card that leaves
    the least deadwood, and an opponent knocks (ending the round) when its count is
    ``opponent_knock`` or less.
    """
    if not worlds:
        return 0.0
    model = deadwood_model(rules.ace_high)
    me = knowledge.seat
    players = knowledge.players
    names = tuple(str(s) for s in range(players))
    order = [*knowledge.opponents(), me]
    total = 0.0
    for world in worlds:
        hands = dict(world)
        hands[me] = kept
        held = 0
        for hand in hands.values():
            held |= hand
        pool = [c.index for c in cards_of(knowledge.unseen & ~held)]
        rng.shuffle(pool)
        up = 1 << discard.index
        knocker = me
        for seat in order:
            hand = hands[seat]
            now = model.least(hand)
            if model.least_after_discard(hand | up) < now:
                grown, taken = hand | up, up
            elif pool:
                grown, taken = hand | (1 << pool.pop()), 0
            else:
                break
            up = worst_card(grown, grown & ~taken, model)
            hands[seat] = grown ^ up
            if seat != me and model.least(hands[seat]) <= opponent_knock:
                knocker = seat
                break
        counts = [model.least(hands[s]) if s in hands else 0 for s in range(players)]
        kind = "rum" if counts[knocker] == 0 else "knock"
        total += score_knock_rummy(rules, names, counts, knocker, kind).points[me]
    return total / len(worlds)


def card_at(index: int) -> Card:
    """The card with this index (for readable callers)."""
    return DECK[index]
