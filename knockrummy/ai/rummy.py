"""``medium`` and ``hard`` for classic Rummy: melding and laying off on the table.

A card that fits a meld on the table can be laid off at any time, so the hand is
valued without such cards ("effective hand"). Each turn the player:

- goes out when it can: melds, lays off, then discards its last card;
- otherwise melds and lays off now only when holding back is too risky (an
  opponent close to going out, the stock run out once, or no rummy in sight),
  so a hand is held for the doubled rummy score. ``hard`` holds every hand until
  an opponent is down to one card (``Style.near_out``); ``medium`` only a hand
  that would leave at most five cards over (``Style.rummy_hold``), until an
  opponent is down to three. Against two ``simple`` players (2,000 hands of
  three-player Rummy, points a hand over the table's average): +1.5 holding only
  hands three cards or less from going out, +9.2 holding every hand; melding
  early shows the others what to lay off and gives up the double. With two players
  and no doubled rummy (the default rules) ``hard`` still holds, but melds once the
  other player is down to three cards (``Style.duel_near_out``), not one: waiting
  for one card lost 4.3 points a hand to ``medium`` over 1,000 two-player hands;
  melding at three wins 1.2 a hand from it [+0.3, +2.1] and 2.5 from ``simple``,
  and beats melding as ``medium`` does (hands at most five cards from going out)
  by 1.1 [+0.2, +1.9] head to head (docs/LADDER.md);
- discards to keep the lowest-valued hand with the best live outs, never a card
  that fits a table meld when another will do, and avoids cards the next player
  is likely to meld;
- takes the up card when it goes out with it this turn, or when the hand it makes
  is clearly better, counting cards that fit the table as free; never a card it
  took from the pile before in this hand, unless it goes out with it
  (:mod:`knockrummy.ai.repeats`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations

from knockrummy.ai.base import all_of, first_of
from knockrummy.ai.costs import leftover_model
from knockrummy.ai.evaluate import CARD_COST, after_draw, extensions, leftover_cost
from knockrummy.ai.knowledge import Knowledge, read_view
from knockrummy.ai.masks import MELDS_WITH, bit, cards_of, mask_of
from knockrummy.ai.repeats import retake
from knockrummy.ai.rummy_rollout import fits_on
from knockrummy.ai.strong import Style, projected
from knockrummy.engine.actions import (
    Action,
    Discard,
    DrawDiscard,
    DrawStock,
    LayOff,
    MeldCards,
    NextHand,
    TurnOver,
)
from knockrummy.engine.cards import Card
from knockrummy.engine.melds import Meld, best_arrangement, min_deadwood_mask
from knockrummy.engine.state import Phase, TableMeld
from knockrummy.engine.view import PlayerView


def table_fits(hand: int, table: Sequence[TableMeld], ace_high: bool) -> int:
    """The cards of ``hand`` that can be laid off onto ``table``, chaining as melds grow."""
    return fits_on(hand, table_masks(table), ace_high)


def out_layoffs(rest: int, melds: Sequence[int], ace_high: bool) -> int | None:
    """The cards of ``rest`` to lay off onto ``melds`` (the table's, as masks) so that
    every other card of ``rest`` melds, or ``None`` when no such choice exists. The
    fewest layoffs come first, and the cards laid off must fit by themselves: a 9 that
    fits 5-6-7 only once the 8 is laid off needs the 8 laid off too, and then the 8 is
    not in a meld of the hand."""
    fits = fits_on(rest, melds, ace_high) if melds else 0
    spare = cards_of(fits)
    for size in range(len(spare) + 1):
        for laid in combinations(spare, size):
            lay = 0
            for c in laid:
                lay |= bit(c)
            if min_deadwood_mask(rest & ~lay, ace_high) == 0 and (
                    not lay or fits_on(lay, melds, ace_high) == lay):
                return lay
    return None


def table_masks(table: Sequence[TableMeld]) -> list[int]:
    """The table's melds as card masks, in the table's order."""
    return [mask_of(tm.cards) for tm in table]


def all_placed(rest: int, view: PlayerView) -> bool:
    """Whether every card of ``rest`` can be melded or laid off this turn."""
    return out_layoffs(rest, table_masks(view.table), view.rules.ace_high) is not None


def out_discard(hand: int, discards: Iterable[Card], view: PlayerView) -> Card | None:
    """The first of ``discards`` after which every other card of ``hand`` can be
    melded or laid off this turn (a going out), or ``None``."""
    return next((c for c in discards if all_placed(hand & ~bit(c), view)), None)


class RummyPlayer:
    """Classic Rummy at ``medium`` or ``hard`` strength."""

    def __init__(self, seed: int, level: str, style: Style, name: str) -> None:
        self.seed = seed
        self.level = level
        self.style = style
        self.name = name

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """The action to take now (one of ``legal``)."""
        if not legal:
            raise ValueError("no legal action to choose from")
        next_hand = first_of(legal, NextHand)
        if next_hand is not None:
            return next_hand
        knowledge = read_view(view, self.style.infer)
        if view.phase is Phase.DRAW:
            return self._draw(view, legal, knowledge)
        if view.phase is Phase.PLAY:
            return self._play(view, legal, knowledge)
        return legal[0]

    # ------------------------------------------------------------------ valuing

    def effective(self, hand: int, view: PlayerView) -> int:
        """``hand`` without the cards that could go onto the table."""
        return hand & ~table_fits(hand, view.table, view.rules.ace_high)

    def hand_value(self, hand: int, view: PlayerView, knowledge: Knowledge,
                   probs: list[float]) -> float:
        """Value of the cards left after melds and layoffs, less the expected gain of draws."""
        ace_high = knowledge.ace_high
        core = self.effective(hand, view)
        dw = leftover_cost(core, ace_high)
        if dw == 0:
            return 0.0
        expected = after_draw(core, probs, knowledge.unseen, leftover_model(ace_high, CARD_COST))
        return projected(dw, expected, self.style.potential)

    def danger(self, card: Card, view: PlayerView, knowledge: Knowledge) -> float:
        """How useful ``card`` would be to the next player (0 to 1)."""
        ace_high = knowledge.ace_high
        here = bit(card)
        if any(extensions(mask_of(tm.cards), ace_high) & here for tm in view.table):
            return 1.0
        nxt = (knowledge.seat + 1) % knowledge.players
        holds = knowledge.holds(nxt)
        spare = 1.0
        for meld in MELDS_WITH[ace_high][card.index]:
            if meld.bit_count() != 3:
                continue
            p = 1.0
            for other in cards_of(meld & ~bit(card)):
                p *= holds[other.index]
            spare *= 1.0 - p
        return 1.0 - spare

    # ------------------------------------------------------------------ draw

    def _draw(self, view: PlayerView, legal: Sequence[Action], knowledge: Knowledge) -> Action:
        fallback = first_of(legal, DrawStock) or first_of(legal, TurnOver)
        up = view.upcard
        if fallback is None:
            return legal[0]
        if up is None or first_of(legal, DrawDiscard) is None:
            return fallback
        hand = knowledge.mine
        ace_high = knowledge.ace_high
        grown = hand | bit(up)
        if out_discard(grown, cards_of(hand), view) is not None:
            return DrawDiscard()  # it goes out now, whatever the margin
        if retake(view):
            return fallback  # taken before: only to go out (see knockrummy.ai.repeats)
        probs = knowledge.in_stock()
        core = self.effective(hand, view)
        now_dw = leftover_cost(core, ace_high)
        expected = after_draw(core, probs, knowledge.unseen, leftover_model(ace_high, CARD_COST))
        stock_value = projected(now_dw, expected, self.style.potential + 1.0)
        take_value = min(
            self.hand_value(grown ^ bit(c), view, knowledge, probs) for c in cards_of(hand)
        )
        if take_value < stock_value - self.style.take_margin:
            return DrawDiscard()
        return fallback

    # ------------------------------------------------------------------ after the draw

    def _going_out(self, view: PlayerView, legal: Sequence[Action]) -> Card | None:
        """A discard that lets every other card be melded or laid off this turn."""
        return out_discard(mask_of(view.hand), (a.card for a in all_of(legal, Discard)), view)

    def play_now(self, view: PlayerView) -> str | None:
        """Why melds and layoffs go down this turn rather than being kept in hand, or
        ``None`` when they are kept: ``"melded"`` (this seat has melded before, so rummy
        is gone), ``"stock_out"`` (the stock ran out once), ``"near_out"`` (an opponent is
        down to :attr:`Style.near_out` cards) or ``"far"`` (too many cards left over for
        rummy). The coach words its Rummy reasons from this, so a hint and a review
        never disagree with the move."""
        if view.melded_before and view.melded_before[view.seat]:
            return "melded"
        if view.exhaustions:
            return "stock_out"
        hold, near_out = self.holding(view)
        others = [view.hand_sizes[s] for s in range(view.players) if s != view.seat]
        if min(others) <= near_out:
            return "near_out"
        ace_high = view.rules.ace_high
        core = self.effective(mask_of(view.hand), view)
        arrangement = best_arrangement(cards_of(core), ace_high)
        used = sum(len(m) for m in arrangement)
        left = core.bit_count() - used
        return None if left <= hold + 1 else "far"

    def holding(self, view: PlayerView) -> tuple[int, int]:
        """How far from going out a hand is still kept for rummy, and at how many cards
        in an opponent's hand melding starts (:attr:`Style.rummy_hold`,
        :attr:`Style.near_out`; for two players without the doubled rummy,
        :attr:`Style.duel_near_out` when set)."""
        style = self.style
        if view.players == 2 and not view.rules.rummy_doubles and style.duel_near_out is not None:
            return style.rummy_hold, style.duel_near_out
        return style.rummy_hold, style.near_out

    def _play(self, view: PlayerView, legal: Sequence[Action], knowledge: Knowledge) -> Action:
        ace_high = knowledge.ace_high
        out_card = self._going_out(view, legal)
        if out_card is not None:
            step = self._out_step(view, legal, out_card)
            return step if step is not None else Discard(out_card)
        if self.play_now(view) is not None:  # melds go down now, not kept for rummy
            step = self._table_step(view, legal)
            if step is not None:
                return step
        probs = knowledge.in_stock()
        hand = knowledge.mine
        best: tuple[float, int, Card] | None = None
        for action in all_of(legal, Discard):
            card = action.card
            score = self.hand_value(hand ^ bit(card), view, knowledge, probs)
            score += self.style.danger * self.danger(card, view, knowledge)
            key = (score, -card.value(ace_high) * 1.0, card)
            if best is None or (key[0], key[1]) < (best[0], best[1]):
                best = (score, -card.value(ace_high), card)
        assert best is not None
        return Discard(best[2])

    def _out_step(self, view: PlayerView, legal: Sequence[Action], keep: Card) -> Action | None:
        """The next meld or layoff of a going out that ends with discarding ``keep``:
        the melds of :func:`out_layoffs`'s plan first, then its layoffs, each onto a
        meld that leaves the plan's other layoffs possible; ``None`` when the discard
        is all that is left."""
        ace_high = view.rules.ace_high
        rest = mask_of(view.hand) & ~bit(keep)
        melds = table_masks(view.table)
        laid = out_layoffs(rest, melds, ace_high)
        if laid is None:
            return None
        plan = set(best_arrangement(cards_of(rest & ~laid), ace_high))
        for meld in all_of(legal, MeldCards):
            if meld.cards in plan:
                return meld
        for layoff in all_of(legal, LayOff):
            card = bit(layoff.card)
            if not laid & card:
                continue
            grown = list(melds)
            grown[layoff.target] |= card
            others = laid & ~card
            if not others or fits_on(others, grown, ace_high) == others:
                return layoff
        return None

    def _table_step(self, view: PlayerView, legal: Sequence[Action]) -> Action | None:
        """The next meld of the hand's best arrangement, or a layoff that lowers the
        deadwood, to put down now; ``None`` when there is none."""
        ace_high = view.rules.ace_high
        melds: set[Meld] = set(best_arrangement(view.hand, ace_high))
        for meld in all_of(legal, MeldCards):
            if meld.cards in melds:
                return meld
        hand_mask = mask_of(view.hand)
        base = min_deadwood_mask(hand_mask, ace_high)
        for layoff in all_of(legal, LayOff):
            if min_deadwood_mask(hand_mask ^ bit(layoff.card), ace_high) < base:
                return layoff
        return None
