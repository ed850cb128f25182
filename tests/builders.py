"""Builders for rule tests: a hand state from cards written out."""

from __future__ import annotations

from knockrummy.engine.actions import Action
from knockrummy.engine.cards import DECK, Card, parse_cards
from knockrummy.engine.flow import apply
from knockrummy.engine.rules import Rules
from knockrummy.engine.state import HandState, Phase


def cards(text: str) -> tuple[Card, ...]:
    """``cards("AS 2S 3S")``."""
    return tuple(parse_cards(text))


def make_hand(
    rules: Rules,
    hands: list[str],
    discard: str = "",
    stock_top: str = "",
    current: int = 0,
    dealer: int | None = None,
    phase: Phase = Phase.DRAW,
    stock_size: int | None = None,
    seed: int = 1,
) -> HandState:
    """A hand with these hands and discard pile (bottom first). ``stock_top`` lists the
    next cards to be drawn, first drawn first; the rest of the deck lies under them
    (all of it, or ``stock_size`` cards in all, the others going under the discard pile)."""
    players = len(hands)
    held = [cards(h) for h in hands]
    pile = list(cards(discard))
    top = list(cards(stock_top))
    used = {c for h in held for c in h} | set(pile) | set(top)
    assert len(used) == sum(map(len, held)) + len(pile) + len(top), "a card appears twice"
    rest = [c for c in DECK if c not in used]
    if stock_size is not None:
        under = stock_size - len(top)
        assert under >= 0
        pile = rest[under:] + pile
        rest = rest[:under]
    stock = tuple(rest) + tuple(reversed(top))
    return HandState(
        rules=rules,
        players=players,
        names=tuple(f"P{i}" for i in range(players)),
        dealer=(current - 1) % players if dealer is None else dealer,
        seed=seed,
        hands=held_tuple(held),
        stock=stock,
        discard=tuple(pile),
        phase=phase,
        current=current,
        public_taken=tuple(() for _ in range(players)),
        melded_before=tuple(False for _ in range(players)),
        laid_off=tuple(() for _ in range(players)),
    )


def held_tuple(held: list[tuple[Card, ...]]) -> tuple[tuple[Card, ...], ...]:
    return tuple(held)


def play(state: HandState, *actions: Action) -> HandState:
    """Apply actions in turn; return the final state."""
    for action in actions:
        state, _ = apply(state, action)
    return state


def card_count(state: HandState) -> int:
    """All cards of the hand, wherever they are (the face-down knock card included)."""
    total = sum(len(h) for h in state.hands) + len(state.stock) + len(state.discard)
    total += sum(len(m.cards) for m in state.table)
    if state.knock_card is not None and state.knock_card not in state.discard:
        total += 1
    return total
