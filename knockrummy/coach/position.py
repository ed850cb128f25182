"""What a seat can tell about its position, from its :class:`PlayerView` only.

The coach explains moves with facts a player can check on the table: the
deadwood (the engine's own solver), the cards still unseen, the live outs of a
hand (unseen cards that would lower its deadwood), and what each opponent has
shown: cards taken from the pile, cards thrown, up cards passed over.

Nothing here looks at the full game state, so a hint never leaks a hidden card.

>>> from knockrummy.engine import PRESETS, new_match, observe
>>> pos = read_position(observe(new_match(PRESETS["gin"], 2, seed=7), 0))
>>> pos.deadwood(pos.mine) == pos.hand_deadwood
True
>>> bin(pos.unseen).count("1")   # 52 - my 10 cards - the up card
41
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import combinations

from knockrummy.ai.expert import EXPERT_GIN
from knockrummy.ai.knowledge import read_view
from knockrummy.ai.rummy import table_fits
from knockrummy.ai.strong import drawn_from_stock
from knockrummy.ai.worlds import sample_worlds
from knockrummy.engine.cards import DECK, Card, cards_mask, mask_cards
from knockrummy.engine.layoffs import best_layoffs
from knockrummy.engine.melds import discard_deadwoods_mask, min_deadwood_mask
from knockrummy.engine.rules import Family, Layoffs, Rules
from knockrummy.engine.state import TableMeld
from knockrummy.engine.view import PlayerView

FULL_DECK = (1 << 52) - 1
#: sampled deals of the opponents' unknown cards behind a knock's odds
ODDS_SAMPLES = 100
#: two-player Gin: the other player's hand guessed as the best of its unknown cards and
#: this many more it drew (as the hint level, ``expert``, guesses it: docs/AI.md)
KEPT_DRAWS = EXPERT_GIN.gin_kept_draws


def _triples(ace_high: bool) -> list[list[int]]:
    """Per card index: every three-card meld (as a mask) containing that card."""
    table: list[list[int]] = [[] for _ in range(52)]
    for rank in range(1, 14):
        same = [DECK[s * 13 + rank - 1] for s in range(4)]
        for three in combinations(same, 3):
            mask = cards_mask(three)
            for c in three:
                table[c.index].append(mask)
    low, high = (2, 14) if ace_high else (1, 13)
    for suit in range(4):
        for start in range(low, high - 1):
            ranks = [1 if p == 14 else p for p in range(start, start + 3)]
            run = [DECK[suit * 13 + r - 1] for r in ranks]
            mask = cards_mask(run)
            for c in run:
                table[c.index].append(mask)
    return table


TRIPLES: dict[bool, list[list[int]]] = {False: _triples(False), True: _triples(True)}


def partners(card: Card, ace_high: bool) -> int:
    """The cards that can sit in a three-card meld with ``card`` (as a mask)."""
    out = 0
    for meld in TRIPLES[ace_high][card.index]:
        out |= meld
    return out & ~(1 << card.index)


def hand_count(mask: int, rules: Rules, table: Sequence[TableMeld] = ()) -> int:
    """The deadwood the coach speaks of: the engine's least deadwood of the cards; in
    Rummy, the least deadwood left once any of the cards that fit the melds on the
    table are laid off there.

    >>> from knockrummy.engine.cards import parse_cards
    >>> from knockrummy.engine.rules import PRESETS
    >>> run = TableMeld(tuple(parse_cards("5H 6H 7H")), tuple(parse_cards("5H 6H 7H")), 1)
    >>> hand = cards_mask(parse_cards("8H KS"))
    >>> hand_count(hand, PRESETS["gin"]), hand_count(hand, PRESETS["rummy"], (run,))
    (18, 10)
    """
    ace_high = rules.ace_high
    if rules.family is not Family.RUMMY or not table:
        return min_deadwood_mask(mask, ace_high)
    fits = mask_cards(table_fits(mask, table, ace_high))
    best = min_deadwood_mask(mask, ace_high)
    for size in range(1, len(fits) + 1):
        for laid in combinations(fits, size):
            best = min(best, min_deadwood_mask(mask & ~cards_mask(laid), ace_high))
    return best


@dataclass(frozen=True)
class Position:
    """One seat's knowledge of a hand. Masks have bit ``card.index`` set per card."""

    view: PlayerView
    ace_high: bool
    #: my cards
    mine: int
    #: cards I have not seen: in the stock or in opponents' unknown cards
    unseen: int
    #: per seat, cards it is known to hold (taken from the pile; the knocker's deadwood)
    held: tuple[int, ...]
    #: per seat, every card it took from the pile this hand
    took: tuple[int, ...]
    #: per seat, cards it discarded this hand
    threw: tuple[int, ...]
    #: per seat, up cards it passed on or drew over from the stock
    declined: tuple[int, ...]

    # ------------------------------------------------------------------ counts

    def deadwood(self, mask: int) -> int:
        """The deadwood of these cards: the engine's least deadwood; in Rummy, once
        the cards that fit the melds on the table are laid off (see :func:`hand_count`)."""
        return hand_count(mask, self.view.rules, self.view.table)

    @cached_property
    def hand_deadwood(self) -> int:
        """My deadwood now."""
        return self.deadwood(self.mine)

    def after_discards(self, mask: int) -> dict[int, int]:
        """Per card index of ``mask``: the least deadwood after discarding it."""
        if self.view.rules.family is not Family.RUMMY or not self.view.table:
            return discard_deadwoods_mask(mask, self.ace_high)
        return {c.index: self.deadwood(mask & ~(1 << c.index)) for c in mask_cards(mask)}

    def best_after_draw(self, hand: int, card: Card) -> int:
        """Deadwood after drawing ``card`` from the stock and discarding the best card."""
        return min(self.after_discards(hand | 1 << card.index).values())

    def live_outs(self, hand: int) -> list[Card]:
        """Unseen cards that would complete a meld with ``hand`` and lower its deadwood."""
        base = self.deadwood(hand)
        if base == 0:
            return []
        return [
            c for c in mask_cards(self.unseen)
            if self.melds_with(hand, c) and self.best_after_draw(hand, c) < base
        ]

    def melds_with(self, hand: int, card: Card) -> bool:
        """Whether ``card`` makes a meld with cards of ``hand``."""
        full = hand | 1 << card.index
        return any(m & full == m for m in TRIPLES[self.ace_high][card.index])

    def gin_outs(self, hand: int) -> list[Card]:
        """Unseen cards that would leave ``hand`` with no deadwood at all."""
        return [c for c in mask_cards(self.unseen) if self.best_after_draw(hand, c) == 0]

    def expected_after_draw(self, hand: int) -> float:
        """Deadwood expected after one stock draw (each unseen card equally likely) and
        the best discard."""
        unseen = mask_cards(self.unseen)
        if not unseen:
            return float(self.deadwood(hand))
        return sum(self.best_after_draw(hand, c) for c in unseen) / len(unseen)

    # ------------------------------------------------------------------ opponents

    @property
    def opponents(self) -> list[int]:
        """Other seats in turn order from my left."""
        view = self.view
        return [(view.seat + k) % view.players for k in range(1, view.players)]

    @property
    def next_seat(self) -> int:
        """The seat that plays after me."""
        return (self.view.seat + 1) % self.view.players

    def available_to(self, seat: int) -> int:
        """Cards ``seat`` might hold or draw: unseen ones and those it is known to hold."""
        return self.unseen | self.held[seat]

    def feeds(self, card: Card) -> list[tuple[int, list[Card]]]:
        """Opponents known to hold cards that ``card`` would complete a meld with:
        ``(seat, those cards)``, nearest seat first."""
        out: list[tuple[int, list[Card]]] = []
        for seat in self.opponents:
            held = self.held[seat]
            if not held:
                continue
            used = 0
            for meld in TRIPLES[self.ace_high][card.index]:
                others = meld & ~(1 << card.index)
                if others & held and others & ~self.available_to(seat) == 0:
                    used |= others & held
            if used:
                out.append((seat, mask_cards(used)))
        return out

    def is_dead(self, card: Card) -> bool:
        """Whether ``card`` can no longer be part of anyone else's meld: every meld it
        could join needs a card in the pile, on the table or in my hand."""
        open_cards = self.unseen
        for seat in self.opponents:
            open_cards |= self.held[seat]
        return all(
            (meld & ~(1 << card.index)) & ~open_cards
            for meld in TRIPLES[self.ace_high][card.index]
        )

    def interested(self, card: Card) -> list[int]:
        """Opponents who took a card of ``card``'s suit or rank from the pile (one that is
        not back in my hand since)."""
        out = []
        for seat in self.opponents:
            taken = mask_cards(self.took[seat] & ~self.mine)
            if any(c.suit == card.suit or c.rank == card.rank for c in taken):
                out.append(seat)
        return out

    def knock_odds(self, count: int, melds: Sequence[Sequence[Card]],
                   samples: int = ODDS_SAMPLES) -> float:
        """The chance that a knock with ``count`` deadwood and ``melds`` is not beaten:
        the opponents' unknown cards are dealt from the unseen ones, each equally likely,
        ``samples`` times (the same draws for the same position). In two-player Gin the
        other player is dealt as ``expert`` guesses it: each unseen card weighted by what
        that player took, threw and let go, and the best ten of its unknown cards and as
        many more as it drew from the stock, at most :data:`KEPT_DRAWS` (a player who has
        drawn and thrown its worst holds better than ten cards at random; without the
        weights the guesses were as bad as random hands, and knocks beaten 3 times in 10
        were called beaten in almost no deal: ``tests/test_coach_knock_odds.py``). Gin
        counts the defenders' layoffs; a tie beats the knocker where the rules say so."""
        view = self.view
        rules = view.rules
        if count == 0 and rules.family is not Family.KNOCK:
            return 1.0
        rng = random.Random(f"coach:{view.seat}:{len(view.log)}:{self.mine}:{count}")
        targets = [(tuple(m), tuple(m)) for m in melds]
        layoffs = rules.layoffs if rules.family is not Family.KNOCK else Layoffs.NONE
        tie_beats = rules.family is Family.KNOCK or (
            rules.family is Family.GIN and rules.undercut_on_tie)
        wins = 0
        for deal in self._deals(samples, rng):
            beaten = False
            for hand in deal:
                if layoffs is Layoffs.NONE or not targets:
                    theirs = min_deadwood_mask(cards_mask(hand), self.ace_high)
                else:
                    _, theirs = best_layoffs(hand, targets, layoffs, self.ace_high)
                if theirs < count or (tie_beats and theirs == count):
                    beaten = True
                    break
            wins += not beaten
        return wins / samples

    def _deals(self, samples: int, rng: random.Random) -> list[list[list[Card]]]:
        """``samples`` guesses of the opponents' hands, in turn order (see
        :meth:`knock_odds`)."""
        view = self.view
        if view.rules.family is Family.GIN:
            worlds = sample_worlds(read_view(view, infer=True), samples, rng,
                                   drawn_from_stock(view, KEPT_DRAWS))
            return [[mask_cards(w[seat]) for seat in self.opponents] for w in worlds]
        unseen = mask_cards(self.unseen)
        deals = []
        for _ in range(samples):
            pool = list(unseen)
            rng.shuffle(pool)
            deal = []
            for seat in self.opponents:
                slots = max(0, view.hand_sizes[seat] - self.held[seat].bit_count())
                deal.append(mask_cards(self.held[seat]) + pool[:slots])
                del pool[:slots]
            deals.append(deal)
        return deals

    def shunned_by(self, card: Card, seat: int) -> list[Card]:
        """Cards that meld with ``card`` which ``seat`` discarded or passed over."""
        return mask_cards((self.threw[seat] | self.declined[seat]) & partners(card, self.ace_high))


def read_position(view: PlayerView) -> Position:
    """Everything :class:`Position` holds, read from ``view`` (its public log included)."""
    players = view.players
    mine = cards_mask(view.hand)
    held = [cards_mask(cards) for cards in view.public_taken] or [0] * players
    if view.knocker is not None and view.knocker != view.seat:
        held[view.knocker] |= cards_mask(view.knocker_deadwood)
    held[view.seat] = 0
    known = mine | cards_mask(view.discard)
    for tm in view.table:
        known |= cards_mask(tm.cards)
    for m in held:
        known |= m
    took = [0] * players
    threw = [0] * players
    declined = [0] * players
    previous = None
    for entry in view.log:
        bit = 1 << entry.card.index if entry.card is not None else 0
        if entry.what == "draw_discard":
            took[entry.seat] |= bit
        elif entry.what == "discard":
            threw[entry.seat] |= bit
        elif entry.what == "pass":
            declined[entry.seat] |= bit
        elif (
            entry.what == "draw_stock"
            and previous is not None
            and previous.what in ("discard", "pass")
            and previous.card is not None
        ):
            # the card on top of the pile was the one just thrown or passed on
            declined[entry.seat] |= 1 << previous.card.index
        previous = entry
    return Position(
        view=view,
        ace_high=view.rules.ace_high,
        mine=mine,
        unseen=FULL_DECK & ~known,
        held=tuple(held),
        took=tuple(took),
        threw=tuple(threw),
        declined=tuple(declined),
    )
