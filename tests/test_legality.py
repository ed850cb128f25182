"""``legal_actions`` and ``refusal`` agree, over random states of every preset.

States come from random legal play of seeded deals, every preset at every table size it
allows. In each state the test tries every kind of action, legal or not: every card
discarded, knocked with and laid off onto every table meld (and onto melds that are not
there), the melds in the hand and some that are not melds or not in the hand, draws and
passes out of phase, melds named for a knock, right and wrong. It checks:

- an action is listed by ``legal_actions`` if and only if ``refusal`` gives ``None``
  (an action naming its melds, or a meld in another order, is the listed move: legal
  exactly when its listed form is, if the melds it names are right);
- every refusal is a sentence;
- each kind's quick list is its checked candidates, in the same order.

The same checks run on corners of those states (the stock or discard pile emptied, the
hand cut short), and the last tests show they report a check let loose, candidates left
short and a refusal that is not a sentence.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from knockrummy.engine import legality
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
    MeldCards,
    NextHand,
    PassUpcard,
    TurnOver,
)
from knockrummy.engine.cards import DECK
from knockrummy.engine.flow import apply, deal
from knockrummy.engine.legality import Kind, legal_actions, legality_of
from knockrummy.engine.melds import best_arrangement, melds_in, sort_meld
from knockrummy.engine.rules import PRESETS
from knockrummy.engine.state import HandState, Phase, evolve
from knockrummy.words.refusals import refusal

TABLES = [
    (key, players)
    for key, rules in sorted(PRESETS.items())
    for players in range(rules.min_players, rules.max_players + 1)
]
SINGLES: list[Action] = [
    DrawStock(), DrawDiscard(), PassUpcard(), TurnOver(), BigGin(), LayDown(),
    FinishLayoffs(), NextHand(),
]
ENDINGS = (Knock, BigGin, LayDown, MeldCards, LayOff)


def hand_states(preset: str, players: int, seed: int, bias: float) -> Iterator[HandState]:
    """Every state of one hand played at random; with chance ``bias`` a move that ends
    the hand or puts cards on the table is preferred, to reach knocks and layoffs."""
    rng = random.Random(seed)
    state, _ = deal(PRESETS[preset], players, rng.randrange(players), seed)
    while True:
        yield state
        if state.over:
            return
        actions = legal_actions(state)
        ending = [a for a in actions if isinstance(a, ENDINGS)]
        pick = ending if ending and rng.random() < bias else actions
        state, _ = apply(state, rng.choice(pick))


def tried(state: HandState, rng: random.Random) -> list[tuple[Action, Action | None]]:
    """Actions to try, each with the listed move it stands for (``None``: it must be
    refused whatever the state, as it names impossible melds)."""
    hand = state.hands[state.current]
    ace_high = state.rules.ace_high
    plain: list[Action] = [*SINGLES]
    plain += [Discard(c) for c in DECK] + [Knock(c) for c in DECK]
    plain += [LayOff(c, t) for c in DECK for t in range(-1, len(state.table) + 1)]
    out: list[tuple[Action, Action | None]] = [(a, a) for a in plain]
    # melds of the hand (also with the top discard or stock card), in display order and
    # backwards, three cards of the hand at random, one card three times
    nearby = [*hand, *state.discard[-1:], *state.stock[-2:]]
    groups = [*melds_in(nearby, ace_high), *(m[::-1] for m in melds_in(hand, ace_high))]
    groups += [tuple(rng.sample(hand, min(len(hand), 3))) for _ in range(3)]
    groups += [hand[:1] * 3] if hand else []
    out += [(MeldCards(g), MeldCards(sort_meld(g, ace_high))) for g in groups]
    # melds named for a knock: right for every listed knock and two cards at random
    listed = [a.card for a in legal_actions(state) if isinstance(a, Knock)]
    for card in dict.fromkeys([*listed, *rng.sample(hand, min(len(hand), 2))]):
        rest = [c for c in hand if c is not card]
        out.append((Knock(card, best_arrangement(rest, ace_high)), Knock(card)))
        out.append((Knock(card, ((),)), None))
    best = best_arrangement(hand, ace_high)
    out += [(BigGin(best), BigGin()), (LayDown(best), LayDown()), (BigGin(((),)), None)]
    return out


@functools.cache
def is_sentence(text: str) -> bool:
    """Words a player can read: a non-empty line of at least three words."""
    return (text == text.strip() and "\n" not in text and len(text.split()) >= 3
            and (text[0].isupper() or text[0].isdigit()))


def quick_lists_differ(state: HandState) -> list[str]:
    """Kinds whose quick list is not their checked candidates in this state."""
    kinds: tuple[Kind[Action], ...] = legality_of(state).kinds
    return [
        f"{legality_of(state).name}: quick {kind.type.__name__} list {kind.quick(state)} "
        f"is not the checked one {kind.checked(state)}"
        for kind in kinds
        if kind.quick is not None and list(kind.quick(state)) != kind.checked(state)
    ]


def disagreements(state: HandState, rng: random.Random) -> list[str]:
    """Every way ``legal_actions`` and ``refusal`` disagree in ``state``, in words."""
    listed = legal_actions(state)
    listed_set = set(listed)
    where = f"{state.rules.key}, {state.phase}"
    found = [f"{where}: an action listed twice"] if len(listed_set) < len(listed) else []
    found += [f"{where}: {a} listed but refused: {refusal(state, a)}"
              for a in listed if refusal(state, a) is not None]
    for action, stands_for in tried(state, rng):
        reason = refusal(state, action)
        if reason is not None and not is_sentence(reason):
            found.append(f"{where}: {action} refused with {reason!r}")
        legal = stands_for is not None and stands_for in listed_set
        if (reason is None) != legal:
            found.append(f"{where}: {action} {'listed' if legal else 'not listed'} "
                         f"but refusal says {reason!r}")
    return found + quick_lists_differ(state)


def corners(state: HandState, rng: random.Random) -> list[HandState]:
    """The state changed into corners random play seldom reaches (legality must agree on
    any state, played to or not): the stock empty, with one discard or none; the hand
    cut down to two or three cards, one of them taken from the discard pile."""
    out = [evolve(state, stock=()), evolve(state, stock=(), discard=state.discard[-1:]),
           evolve(state, stock=(), discard=())]
    hand = state.hands[state.current]
    for size in (2, 3):
        if len(hand) > size:
            kept = tuple(rng.sample(hand, size))
            hands = (*state.hands[:state.current], kept, *state.hands[state.current + 1:])
            out.append(evolve(state, hands=hands, taken=rng.choice(kept)))
    return out


def check_hand(preset: str, players: int, seed: int, bias: float, every: int = 10) -> set[Phase]:
    """Check the states of one random hand (the first 100, then one in ``every``, and the
    last) and the corners of one in ``2 * every``; the phases checked."""
    rng = random.Random(seed)
    phases: set[Phase] = set()
    for i, state in enumerate(hand_states(preset, players, seed, bias)):
        if i < 100 or i % every == 0 or state.over:
            phases.add(state.phase)
            assert disagreements(state, rng) == []
        if i % (2 * every) == 0:
            for corner in corners(state, rng):
                assert disagreements(corner, rng) == []
    return phases


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    table=st.sampled_from(TABLES),
    seed=st.integers(0, 2**32 - 1),
    bias=st.sampled_from([0.0, 0.3, 0.9]),
)
def test_listed_exactly_when_not_refused(table: tuple[str, int], seed: int, bias: float) -> None:
    check_hand(*table, seed, bias)


@pytest.mark.parametrize(("preset", "players"), TABLES)
def test_every_preset_and_table_size_agrees(preset: str, players: int) -> None:
    phases = check_hand(preset, players, seed=len(preset) * 31 + players, bias=0.9)
    assert {Phase.PLAY, Phase.HAND_OVER} <= phases


def test_the_layoff_phase_is_reached_and_agrees() -> None:
    """Gin lays off by hand: some seed reaches the layoff phase, and it agrees there."""
    reached = set().union(*(check_hand("gin", 2, seed, bias=0.9) for seed in range(1, 9)))
    assert Phase.LAYOFF in reached


# ----------------------------------------------------------------------------- it can fail


def _gin_state_after_taking_the_upcard() -> HandState:
    state, _ = deal(PRESETS["gin"], 2, 0, seed=7)
    state, _ = apply(state, DrawDiscard())
    assert state.taken is not None and not state.rules.may_discard_taken_upcard
    return state


def test_a_check_letting_one_more_discard_through_is_reported(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A discard check that forgets the taken up card disagrees with the quick list."""
    state = _gin_state_after_taking_the_upcard()
    assert disagreements(state, random.Random(1)) == []
    table = legality.PLAY_KNOCKING
    loose = replace(table.kinds[0], check=lambda s, a: None if a.card in s.hands[s.current]
                    else "The card is not in your hand")
    monkeypatch.setitem(legality._PLAY_BY_FAMILY, state.rules.family,
                        replace(table, kinds=(loose, *table.kinds[1:])))
    found = disagreements(state, random.Random(1))
    taken = Discard(state.taken)
    assert any(f"{taken} not listed but refusal says None" in line for line in found)
    assert any("quick Discard list" in line for line in found)


def test_candidates_that_miss_an_action_are_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    """A kind whose candidates leave out an action its check accepts is caught."""
    state, _ = deal(PRESETS["gin"], 2, 0, seed=7)
    table = legality.UPCARD_OFFER
    short = Kind(PassUpcard, legality.always, lambda s: ())
    monkeypatch.setattr(legality, "UPCARD_OFFER", replace(table, kinds=(table.kinds[0], short)))
    monkeypatch.setitem(legality._BY_PHASE, Phase.UPCARD_OFFER, legality.UPCARD_OFFER)
    found = disagreements(state, random.Random(1))
    assert found == [f"gin, upcard_offer: {PassUpcard()} not listed but refusal says None"]


def test_a_refusal_that_is_not_a_sentence_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    state, _ = deal(PRESETS["gin"], 2, 0, seed=7)
    monkeypatch.setitem(legality._BY_PHASE, Phase.UPCARD_OFFER,
                        replace(legality.UPCARD_OFFER, other=lambda s, a: ""))
    assert any("refused with ''" in line for line in disagreements(state, random.Random(1)))
