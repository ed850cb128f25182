"""What one seat may know: :class:`PlayerView`, built by :func:`observe`.

Computer players and the UI read only this, never the full state. It holds the
seat's own hand, the discard pile, the cards others took from the pile and still
hold, melds on the table, the stock count, scores and the public log; other hands
and the stock order are not in it. Once a hand is over, every hand is shown.

The view is a plain frozen dataclass: another program can build one directly.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from knockrummy.engine.cards import Card
from knockrummy.engine.match import HandRecord, MatchState
from knockrummy.engine.rules import Rules
from knockrummy.engine.state import HandResult, HandState, LogEntry, Phase, SeatShow, TableMeld


@dataclass(frozen=True)
class PlayerView:
    """A seat's view of the game.

    - ``seat``: whose view; ``current``: whose turn; ``phase``: what is being done.
    - ``hand``: this seat's cards; ``taken``: the card this seat took from the pile
      this turn (it may not be discarded in the same turn).
    - ``discard``: the discard pile, bottom first; ``stock_count``: cards in the stock.
    - ``hand_sizes``: cards held by each seat; ``public_taken``: per seat, cards taken
      from the pile and still held.
    - ``table``: melds on the table (Rummy, or the knocker's melds after a knock).
    - ``log``: public facts of the hand in order (draws, discards, passes, melds).
    - ``scores``: match totals so far; ``hand_number`` counts from 0.
    - ``shows``/``result``: every hand shown and the score, once the hand is over.
    - ``knocker_deadwood``: in Gin, the knocker's unmatched cards, face up after the knock.
    - ``held``: per seat, how many finished hands of the match ended with that seat shown
      holding a hand it could have knocked with (Gin): public, since every hand is shown.
    - ``raced``: per seat, how many finished hands it ended by knocking short of gin with
      the stock still long: public, like the result.
    """

    seat: int
    players: int
    names: tuple[str, ...]
    rules: Rules
    phase: Phase
    current: int
    dealer: int
    hand: tuple[Card, ...]
    taken: Card | None
    discard: tuple[Card, ...]
    stock_count: int
    hand_sizes: tuple[int, ...]
    public_taken: tuple[tuple[Card, ...], ...]
    table: tuple[TableMeld, ...]
    log: tuple[LogEntry, ...]
    scores: tuple[int, ...]
    hand_number: int
    exhaustions: int = 0
    knocker: int | None = None
    knock_kind: str | None = None
    melded_before: tuple[bool, ...] = ()
    shows: tuple[SeatShow, ...] = ()
    result: HandResult | None = None
    passes: int = 0
    #: the knocker's unmatched cards, shown face up once the knocker has laid down
    knocker_deadwood: tuple[Card, ...] = ()
    held: tuple[int, ...] = ()
    raced: tuple[int, ...] = ()

    @property
    def my_turn(self) -> bool:
        """Whether this seat acts now."""
        return self.current == self.seat and self.phase is not Phase.HAND_OVER

    @property
    def upcard(self) -> Card | None:
        """The top of the discard pile."""
        return self.discard[-1] if self.discard else None


def observe_hand(
    hand: HandState, seat: int, scores: tuple[int, ...] | None = None, hand_number: int = 0,
    held: tuple[int, ...] = (), raced: tuple[int, ...] = (),
) -> PlayerView:
    """The view of ``seat`` on one hand (``held``, ``raced``: see :func:`held_counts`,
    :func:`raced_counts`)."""
    if not 0 <= seat < hand.players:
        raise ValueError(f"no seat {seat}")
    return PlayerView(
        seat=seat,
        players=hand.players,
        names=hand.names,
        rules=hand.rules,
        phase=hand.phase,
        current=hand.current,
        dealer=hand.dealer,
        hand=hand.hands[seat],
        taken=hand.taken if hand.current == seat else None,
        discard=hand.discard,
        stock_count=len(hand.stock),
        hand_sizes=tuple(len(h) for h in hand.hands),
        public_taken=hand.public_taken,
        table=hand.table,
        log=hand.log,
        scores=scores if scores is not None else tuple([0] * hand.players),
        hand_number=hand_number,
        exhaustions=hand.exhaustions,
        knocker=hand.knocker,
        knock_kind=hand.knock_kind,
        melded_before=hand.melded_before,
        shows=hand.shows if hand.over else (),
        result=hand.result,
        passes=hand.passes,
        knocker_deadwood=(
            hand.hands[hand.knocker] if hand.knocker is not None and hand.table else ()
        ),
        held=held,
        raced=raced,
    )


def observe(match: MatchState, seat: int) -> PlayerView:
    """The view of ``seat`` on the match's current hand."""
    return observe_hand(match.hand, seat, match.scores, match.hand_number,
                        held_counts(match.records, match.players),
                        raced_counts(match.records, match.players))


def held_counts(records: Sequence[HandRecord], players: int,
                before: int | None = None) -> tuple[int, ...]:
    """:attr:`PlayerView.held`: per seat, in how many of ``records`` (those numbered
    under ``before``, if given) it was shown holding a hand it could have knocked with;
    ``()`` when there are none."""
    return _counted(records, players, before, lambda r: r.held)


def raced_counts(records: Sequence[HandRecord], players: int,
                 before: int | None = None) -> tuple[int, ...]:
    """:attr:`PlayerView.raced`: per seat, in how many of ``records`` (those numbered
    under ``before``, if given) it knocked short of gin with the stock still long
    (:func:`~knockrummy.engine.showdown.raced`); ``()`` when there are none."""
    return _counted(records, players, before, lambda r: r.raced)


def _counted(records: Sequence[HandRecord], players: int, before: int | None,
             shown: Callable[[HandRecord], tuple[bool, ...]]) -> tuple[int, ...]:
    counted = [r for r in records if before is None or r.number < before]
    if not counted:
        return ()
    total = [0] * players
    for record in counted:
        for seat, was in enumerate(shown(record)):
            total[seat] += was
    return tuple(total)
