"""When to knock, and with which melds: the knocker's side of a showdown.

``knock_value`` plays the showdown out in sampled worlds: each opponent lays off
optimally onto the knocker's melds (where the rules allow) and the engine's own
scoring function scores the hand. The result is the knocker's expected gain in
points (for Gin for 3-4, penalty points are turned into "others' average penalty
minus mine"). ``least_exposed`` picks, among equally low arrangements, the one
that opponents are least likely to lay off on.
"""

from __future__ import annotations

from collections.abc import Sequence

from knockrummy.ai.knowledge import Knowledge
from knockrummy.ai.masks import cards_of
from knockrummy.ai.worlds import World
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


def card_at(index: int) -> Card:
    """The card with this index (for readable callers)."""
    return DECK[index]
