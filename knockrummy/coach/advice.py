"""What every hint shares: the :class:`Hint` value, and words about a card's safety.

Kept apart from :mod:`knockrummy.coach.hint` so the reasons for table play
(:mod:`knockrummy.coach.table_reasons`) can build hints too.
"""

from __future__ import annotations

from dataclasses import dataclass

from knockrummy.coach.position import TRIPLES, Position
from knockrummy.coach.words import cards_words, suit_and_rank
from knockrummy.engine.actions import Action
from knockrummy.engine.cards import Card, mask_cards
from knockrummy.engine.melds import Arrangement
from knockrummy.engine.rules import Family, Rules
from knockrummy.i18n import _, ngettext

#: how long a hint may take to work out (it runs on its own thread; the same budget as
#: a computer's decision)
HINT_BUDGET_MS = 150
#: the level whose moves the hints are, per game: the strongest whose decisions fit
#: :data:`HINT_BUDGET_MS` (99th percentile, ``python -m knockrummy.bench ai``), as the
#: head-to-head runs in docs/AI.md measured them. Knock Rummy: ``expert``, ahead of
#: ``hard`` at 2, 3 and 4 players, deciding in 5 ms at the 99th percentile. Gin:
#: ``expert``, ahead of ``hard`` in whole matches since it guesses the other player's
#: hand from its draws (docs/AI.md, sixth round), deciding in about 100 ms at the 99th
#: percentile. Gin for 3-4: ``hard``, since ``expert`` is only level with it there.
#: Rummy: ``expert``, which plays ``hard``'s Rummy taking the up card less readily, ahead
#: of ``hard`` at 2 and 3 players (+1.4 a hand) and as quick.
HINT_LEVELS: dict[Family, str] = {Family.KNOCK: "expert", Family.GIN: "expert",
                                  Family.GIN_MULTI: "hard", Family.RUMMY: "expert"}
#: below this many cards in the stock, "the stock is running low"
LOW_STOCK = 10



def hint_level(rules: Rules) -> str:
    """The computer level whose moves are the hints (and the review's strong player) in
    the game ``rules`` describes.

    >>> from knockrummy.engine import PRESETS
    >>> hint_level(PRESETS["knock"]), hint_level(PRESETS["gin-multi"])
    ('expert', 'hard')
    """
    return HINT_LEVELS[rules.family]


STOCK = "stock"
DISCARD_PILE = "discard"


@dataclass(frozen=True)
class Hint:
    """A suggested move and what the table should show with it.

    - ``action``: the move (one of the legal actions); ``kind``: its type in the
      words of :func:`~knockrummy.engine.actions.action_to_json` (``"discard"``,
      ``"knock"``, ``"draw_stock"``...), handy to pick the button to light up.
    - ``reason``: one line in plain words, specific to the position.
    - ``cards``: cards of the seat's hand to highlight (the discard, the meld...).
    - ``pile``: ``"stock"`` or ``"discard"`` when the move is a draw from a pile
      (or the pile concerned by a pass or turn-over), else ``None``.
    - ``target``: the table meld index of a layoff, else ``None``.
    - ``melds``: the melds to show for a knock, gin, big gin or lay-down.
    - ``deadwood``: the engine's deadwood of the seat's hand after the move (after
      the best discard for a draw), when the move settles it; else ``None``.
    """

    action: Action
    kind: str
    reason: str
    cards: tuple[Card, ...] = ()
    pile: str | None = None
    target: int | None = None
    melds: Arrangement = ()
    deadwood: int | None = None


def seat_name(pos: Position, seat: int) -> str:
    """The name of ``seat`` at this table."""
    return pos.view.names[seat]


def card_bit(card: Card) -> int:
    """The mask of one card."""
    return 1 << card.index


def danger_words(pos: Position, card: Card) -> str | None:
    """``"Bob took the 8H and could meld it"`` when an opponent known to hold its
    partners could use ``card``; else ``None``."""
    feeds = pos.feeds(card)
    if not feeds:
        return None
    seat, cards = feeds[0]
    # Translators: why a discard is risky ("Bob took the 8♥ and could meld it")
    return _("{name} took {cards} and could meld it").format(
        name=seat_name(pos, seat), cards=cards_words(cards))


#: an opponent's turns this hand before what it has not taken says anything: after one
#: or two draws, "has shown no interest in hearts" was said of a player who took the
#: next heart thrown
WATCHED_TURNS = 3


def _watched(pos: Position) -> bool:
    """Whether every opponent has played :data:`WATCHED_TURNS` turns this hand."""
    turns = dict.fromkeys(pos.opponents, 0)
    for e in pos.view.log:
        if e.seat in turns and e.what in ("draw_stock", "draw_discard"):
            turns[e.seat] += 1
    return min(turns.values(), default=0) >= WATCHED_TURNS


def _let_go(pos: Position, card: Card) -> bool:
    """Whether every opponent has let go (thrown, passed over, drawn over) a card of
    ``card``'s suit and one of its rank: what "has shown no interest in hearts or tens"
    rests on. A player never offered a ten has shown nothing about tens (helpers threw
    the 8♣ and the 10♥ on such words, and Ada took each at once)."""
    for seat in pos.opponents:
        gone = mask_cards(pos.threw[seat] | pos.declined[seat])
        if not any(c.suit == card.suit for c in gone) \
                or not any(c.rank == card.rank for c in gone):
            return False
    return True


def _shuns_every_way(pos: Position, card: Card, seat: int, shunned: list[Card]) -> bool:
    """Whether ``seat`` let go a partner of ``card`` for each way it could still meld it:
    one of its rank if a set is still open to it, one of its suit if a run is. A helper
    threw the 8♣ on "Ada let the 8♠ go, so is unlikely to want it", and Ada took it for
    a club run: letting an eight go says nothing about clubs."""
    open_cards = pos.available_to(seat)
    for meld in TRIPLES[pos.ace_high][card.index]:
        rest = meld & ~card_bit(card)
        if rest & ~open_cards:
            continue  # a meld this player can no longer make
        is_set = all(c.rank == card.rank for c in mask_cards(rest))
        if not any((c.rank == card.rank) if is_set else (c.suit == card.suit)
                   for c in shunned):
            return False
    return True


def safety_words(pos: Position, card: Card) -> str:
    """Why ``card`` is a safe discard (or the least bad one), in words."""
    if pos.is_dead(card):
        if pos.view.players == 2:
            # Translators: {name} is the only opponent
            return _("{name} can no longer meld it").format(name=seat_name(pos, pos.next_seat))
        return _("no other player can meld it any more")
    danger = danger_words(pos, card)
    if danger is not None:
        # Translators: {danger} is "Bob took the 8♥ and could meld it"
        return _("no other discard is better, though {danger}").format(danger=danger)
    view = pos.view
    if not pos.interested(card) and _watched(pos) and _let_go(pos, card):
        if view.players == 2:
            # Translators: {name} is the only opponent; {what} is "hearts or nines"
            return _("{name} has shown no interest in {what}").format(
                name=seat_name(pos, pos.next_seat), what=suit_and_rank(card))
        # Translators: {what} is "hearts or nines"
        return _("no opponent has shown interest in {what}").format(what=suit_and_rank(card))
    shunned = pos.shunned_by(card, pos.next_seat)
    if shunned and _shuns_every_way(pos, card, pos.next_seat, shunned):
        return _("{name} let {cards} go, so is unlikely to want it").format(
            name=seat_name(pos, pos.next_seat), cards=cards_words(shunned[:2]))
    outs = len(pos.live_outs(pos.mine & ~card_bit(card)))
    if not outs:
        return _("it is the card you need least")
    return ngettext("you keep {n} live out", "you keep {n} live outs", outs).format(n=outs)
