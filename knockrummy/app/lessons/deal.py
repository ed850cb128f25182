"""The prepared deal of a lesson: the only place in the game where the cards of a hand
are chosen rather than shuffled.

The engine's own :func:`~knockrummy.engine.flow.deal` makes the hand (dealer, first
player, phase, every field a dealt hand has); only its cards are then replaced by the
lesson's. Nothing outside ``app/lessons`` imports this module (a test checks), no option,
seed or file reaches it, and a lesson's match is never saved nor counted.
"""

from __future__ import annotations

from dataclasses import replace

from knockrummy.engine import DECK, MatchState, new_match, parse_cards, preset
from knockrummy.engine.flow import deal
from knockrummy.engine.state import HandState, evolve

#: the seed of the engine's deal a lesson starts from (its cards are then replaced)
LESSON_SEED = 17


def prepared_hand(preset_key: str, names: tuple[str, ...], hands: tuple[str, ...],
                  upcard: str, stock_top: str, dealer: int) -> HandState:
    """A hand dealt by the engine, then given these cards: ``hands`` per seat, the
    ``upcard`` on the pile, and ``stock_top`` the next cards drawn, in order. The rest
    of the stock is the other cards in deck order under them."""
    rules = preset(preset_key)
    players = len(hands)
    state, _events = deal(rules, players, dealer, LESSON_SEED, names)
    held = tuple(tuple(parse_cards(h)) for h in hands)
    if any(len(h) != rules.cards_for(players) for h in held):
        raise ValueError(f"{rules.name} deals {rules.cards_for(players)} cards each")
    up = parse_cards(upcard)
    top = parse_cards(stock_top)
    used = [c for h in held for c in h] + up + top
    if len(up) != 1 or len(set(used)) != len(used):
        raise ValueError("a card is dealt twice, or the up card is not one card")
    rest = tuple(c for c in DECK if c not in set(used))
    return evolve(state, hands=held, stock=rest + tuple(reversed(top)), discard=tuple(up))


def prepared_match(preset_key: str, names: tuple[str, ...], hands: tuple[str, ...],
                   upcard: str, stock_top: str, dealer: int) -> MatchState:
    """A one-hand match on the prepared hand (what the table draws)."""
    hand = prepared_hand(preset_key, names, hands, upcard, stock_top, dealer)
    match = new_match(hand.rules, hand.players, LESSON_SEED, names)
    return replace(match, hand=hand)
