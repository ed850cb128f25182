"""The table's model without a window: each method's rules, and its invariants over random
sequences of operations on real positions of every preset."""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Callable
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from knockrummy.app.controller import Step
from knockrummy.coach import Hint
from knockrummy.engine import (
    DECK,
    PRESETS,
    Action,
    Card,
    Discard,
    DrawDiscard,
    DrawStock,
    Knock,
    MatchState,
    Phase,
    apply,
    legal_actions,
    new_match,
    observe,
)
from knockrummy.ui.table.controls import deadwood_after
from knockrummy.ui.table.model import TableModel


def model_of(match: MatchState, seat: int = 0) -> TableModel:
    """A model on ``seat``'s side of ``match``, with its legal actions when it is to act."""
    model = TableModel.start(observe(match, seat), True)
    sync(model, match, seat)
    return model


def sync(model: TableModel, match: MatchState, seat: int = 0) -> None:
    """Show ``match`` to ``seat`` the way the scene does after a step: view, then legal."""
    model.show(observe(match, seat), True)
    mine = match.hand.current == seat and not match.over
    model.set_legal(legal_actions(match) if mine else [], mine, mine)


def position(preset: str, want: Callable[[MatchState], bool], tries: int = 60) -> MatchState:
    """The first position of seeded random play (seat 0 plays sensibly: never knocks) where
    ``want`` holds."""
    for seed in range(tries):
        rng = random.Random(seed)
        match = new_match(PRESETS[preset], 2, seed, ("You", "Ada"))
        for _ in range(200):
            if want(match):
                return match
            legal = legal_actions(match)
            if not legal or match.hand.over:
                break
            calm = [a for a in legal if not isinstance(a, Knock)] or legal
            match, _ = apply(match, rng.choice(calm))
    raise AssertionError("no such position")


def my_play(match: MatchState) -> bool:
    return match.hand.current == 0 and match.hand.phase is Phase.PLAY


def can_knock(match: MatchState) -> bool:
    return my_play(match) and any(isinstance(a, Knock) for a in legal_actions(match))


def can_draw(match: MatchState) -> bool:
    return match.hand.current == 0 and match.hand.phase is Phase.DRAW \
        and any(isinstance(a, DrawStock) for a in legal_actions(match))


def test_the_model_is_pure_python_without_pygame() -> None:
    code = ("import sys, knockrummy.ui.table.model; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'pygame'))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"


# ---------------------------------------------------------------- focus


def test_focus_moves_right_and_left_and_wraps_round_the_hand() -> None:
    # after a stock draw the model was not told of (nothing drawn or taken to pick first)
    m = model_of(position("knock", lambda match: my_play(match)
                          and observe(match, 0).taken is None))
    cards = list(m.cards)
    assert m.focus is None and m.fresh_card() is None
    m.focus_next(1)
    assert m.focus is cards[0] and m.focus_index == 0
    for i in range(1, len(cards)):
        m.focus_next(1)
        assert m.focus is cards[i]
    m.focus_next(1)  # past the last card: back to the first
    assert m.focus is cards[0]
    m.focus_next(-1)  # before the first: the last
    assert m.focus is cards[-1]
    m.focus_on(None)
    m.focus_next(-1)  # from nothing, Left starts at the end
    assert m.focus is cards[-1]


def test_focus_is_only_ever_a_card_of_the_hand() -> None:
    m = model_of(position("knock", my_play))
    stranger = next(c for c in DECK if c not in m.cards)
    m.focus_on(m.cards[2])
    m.focus_on(stranger)
    assert m.focus is None
    m.focus_at(len(m.cards))
    assert m.focus is None and m.focus_index is None


def test_the_first_arrow_after_a_draw_picks_the_card_just_drawn() -> None:
    before = position("knock", can_draw)
    m = model_of(before)
    after, events = apply(before, DrawStock())
    step = Step(0, DrawStock(), tuple(events), observe(before, 0), observe(after, 0))
    m.note_step(step)
    sync(m, after)
    drawn = m.fresh()
    assert drawn is not None and drawn not in before.hand.hands[0] and drawn in m.cards
    assert m.fresh_card() == (drawn, "new")
    m.focus_next(1)
    assert m.focus is drawn
    # once thrown, it is no longer new
    after2, events2 = apply(after, Discard(drawn))
    m.note_step(Step(0, Discard(drawn), tuple(events2), observe(after, 0), observe(after2, 0)))
    sync(m, after2)
    assert m.fresh() is None and m.focus is None


def test_the_first_arrow_after_taking_from_the_pile_picks_the_card_taken() -> None:
    """A helper took the 5♦ from the pile, pressed Right and found the far left card lit
    (after a stock draw Right had lit the new card), and threw it with Enter."""
    def can_take(match: MatchState) -> bool:
        return can_draw(match) and any(isinstance(a, DrawDiscard) for a in legal_actions(match))
    for preset in ("rummy", "knock"):
        before = position(preset, can_take)
        m = model_of(before)
        after, events = apply(before, DrawDiscard())
        m.note_step(Step(0, DrawDiscard(), tuple(events), observe(before, 0),
                         observe(after, 0)))
        sync(m, after)
        taken = before.hand.discard[-1]
        assert m.fresh_card() == (taken, "taken")
        assert m.cards.index(taken) != 0  # not where a plain first arrow would land
        m.focus_next(1)
        assert m.focus is taken, preset


def test_a_re_sort_keeps_the_focus_and_the_picks_on_the_same_cards() -> None:
    m = model_of(position("rummy", my_play))
    focus, picked = m.cards[1], [m.cards[4], m.cards[0]]
    m.focus_on(focus)
    for c in picked:
        assert m.toggle_selected(c)
    for mode in ("rank", "suit", "melds", "rank"):
        m.sort(mode)
        assert m.order.mode == mode
        assert m.focus is focus and m.cards[m.focus_index or 0] is focus
        assert m.selected == picked
    m.move_card(focus, 0)
    assert m.order.mode == "manual" and m.focus_index == 0 and m.selected == picked


def test_a_pick_toggles_and_the_picked_one_is_the_single_pick_else_the_focus() -> None:
    m = model_of(position("rummy", my_play))
    a, b = m.cards[0], m.cards[1]
    m.focus_on(b)
    assert m.picked_one() is b
    assert m.toggle_selected(a) and m.selected == [a]
    assert m.picked_one() is a
    m.toggle_selected(b)
    assert m.picked_one() is None  # two picked: no single card to throw
    assert not m.toggle_selected(a) and m.selected == [b]
    stranger = next(c for c in DECK if c not in m.cards)
    assert not m.toggle_selected(stranger) and m.selected == [b]


def test_clear_after_a_move_leaves_nothing_picked_chosen_or_hovered() -> None:
    m = model_of(position("knock", can_knock))
    m.focus_on(m.cards[0])
    m.toggle_selected(m.cards[1])
    m.hover_over(2, "stock")
    assert m.start_knock_choice("knock")
    m.clear_after_move()
    assert (m.focus, m.selected, m.choice, m.hover) == (None, [], None, None)
    assert m.hover_pile == "stock"  # the pointer still rests on the pile


def test_a_step_drops_the_picks_of_cards_that_left_the_hand() -> None:
    before = position("knock", my_play)
    m = model_of(before)
    thrown = next(a for a in legal_actions(before) if isinstance(a, Discard))
    kept = next(c for c in m.cards if c is not thrown.card)
    m.focus_on(thrown.card)
    m.select([thrown.card, kept])
    after, _ = apply(before, thrown)
    sync(m, after)
    assert m.focus is None and m.selected == [kept]
    assert sorted(m.cards, key=lambda c: c.index) == sorted(after.hand.hands[0],
                                                              key=lambda c: c.index)
    assert m.legal == []  # the computer's turn now


# ---------------------------------------------------------------- knocking


def test_the_knock_choice_starts_offers_the_cards_that_may_knock_and_cancels() -> None:
    m = model_of(position("knock", can_knock))
    knockable = {a.card for a in m.legal if isinstance(a, Knock)}
    other = next((c for c in m.cards if c not in knockable), None)
    m.focus_on(other)
    assert m.start_knock_choice("knock")
    assert m.choice is not None and set(m.choice.options) == knockable
    assert m.focus in knockable  # a focus on a card that may not knock moves to one
    m.focus_next(1)  # Right moves among the cards that may knock only
    seen = set()
    for _ in range(len(m.cards) + 1):
        assert m.focus in knockable
        seen.add(m.focus)
        m.focus_next(1)
    assert seen == knockable
    m.hover_over(m.cards.index(other) if other else None, None)
    assert m.choice_candidate() is (other or m.focus)  # the pointer shows, not chooses
    m.cancel_knock_choice()
    assert m.choice is None


def test_no_knock_choice_without_a_card_that_may_knock() -> None:
    m = model_of(position("knock", my_play))
    m.set_legal([a for a in m.legal if not isinstance(a, Knock)], True, True)
    assert not m.start_knock_choice("knock") and m.choice is None
    # a Gin player who may knock, but not go gin: Knock offers cards, Gin none
    gin = model_of(position("gin", lambda match: can_knock(match) and not any(
        deadwood_after(observe(match, 0), a.card) == 0
        for a in legal_actions(match) if isinstance(a, Knock))))
    assert gin.knock_options("knock")
    assert not gin.start_knock_choice("gin") and gin.choice is None
    assert gin.start_knock_choice("knock") and gin.choice is not None


def test_the_choice_ends_when_the_position_changes_under_it() -> None:
    m = model_of(position("knock", can_knock))
    assert m.start_knock_choice("knock")
    m.set_legal([], False, False)  # not the player's turn any more
    assert m.choice is None
    assert m.pile_focus == "stock"


# ---------------------------------------------------------------- hints, drag, undo, messages


def test_a_lit_hint_points_the_keyboard_at_its_move_and_goes_out() -> None:
    m = model_of(position("rummy", my_play))
    card = m.cards[3]
    hint = Hint(Discard(card), "discard", "Throw it", (card,))
    assert m.light_hint(hint, 5.0) and m.lit_hint is hint and m.hint_since == 5.0
    assert m.focus is card
    assert not m.light_hint(hint, 6.0) and m.hint_since == 5.0  # the same hint: no change
    meld = Hint(Discard(card), "meld", "Meld them", tuple(m.cards[:3]))
    m.light_hint(meld, 7.0)
    assert m.selected == m.cards[:3]
    m.light_hint(Hint(DrawDiscard(), "draw_discard", "Take it", (), "discard"), 8.0)
    assert m.pile_focus == "discard"
    m.ask_hint("position")
    assert m.put_out_hint() and m.lit_hint is None and m.hint_asked is None
    assert not m.put_out_hint()


def test_drop_targets_follow_the_legal_actions_of_the_dragged_card() -> None:
    m = model_of(position("knock", my_play))
    throwable = next(a.card for a in m.legal if isinstance(a, Discard))
    assert m.drop_targets() == {}
    m.start_drag([throwable], "hand")
    assert m.dragging() is None  # not moved yet: a click, so far
    m.drag_moved()
    assert m.dragging() is not None and m.drop_targets()["discard"] is True
    assert m.lift_target(0, m.cards[0]) == 0.0  # nothing rises under a drag
    drag = m.end_drag()
    assert drag is not None and drag.cards == [throwable] and m.drag is None
    m.start_drag([], "stock")
    assert m.drop_targets() == {"hand": False}  # drawn already


def test_an_undo_gives_back_the_arrangement_kept_before_the_move() -> None:
    before = position("knock", my_play)
    m = model_of(before)
    m.sort("suit")
    kept = list(m.cards)
    key = (before.hand_number, len(before.hand_actions))
    m.remember_order(key)
    m.sort("rank")
    m.focus_on(m.cards[0])
    m.restore(observe(before, 0), True, key)
    assert m.order.mode == "suit" and m.cards == kept and m.focus is None
    m.remember_order((before.hand_number + 1, 0))  # a new hand forgets the old ones
    assert list(m.undo_orders) == [(before.hand_number + 1, 0)]


def test_a_message_shows_for_its_time() -> None:
    m = model_of(position("knock", my_play))
    assert m.telling is None
    m.tell("No", 1.0)
    m.tick(0.6)
    assert m.telling == "No"
    m.tick(0.6)
    assert m.telling is None and m.message.text == "No"


# ---------------------------------------------------------------- invariants


def invariants(m: TableModel) -> None:
    cards = m.cards
    assert sorted(c.index for c in cards) == sorted(c.index for c in m.view.hand)
    assert m.focus is None or m.focus in cards
    assert len(set(m.selected)) == len(m.selected) and all(c in cards for c in m.selected)
    if m.choice is not None:
        assert m.choice.options and all(c in cards for c in m.choice.options)
    assert m.pile_focus in ("stock", "discard")
    assert m.focus_index is None or cards[m.focus_index] is m.focus


OPS = ("right", "left", "focus", "pick", "sort", "move", "knock", "gin", "cancel", "clear",
       "hover", "hint", "out", "play", "viewer", "drag")


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(PRESETS)), st.integers(0, 10_000),
       st.lists(st.tuples(st.sampled_from(OPS), st.integers(0, 60)), max_size=60))
def test_random_operations_keep_the_invariants(preset: str, seed: int,
                                               ops: list[tuple[str, int]]) -> None:
    rules = PRESETS[preset]
    players = rules.min_players
    match = new_match(rules, players, seed)
    seat = 0
    m = model_of(match, seat)
    for op, n in ops:
        cards = m.cards
        card = [*cards, DECK[n % len(DECK)]][n % (len(cards) + 1)]  # now and then not in the hand
        if op == "right":
            m.focus_next(1)
        elif op == "left":
            m.focus_next(-1)
        elif op == "focus":
            m.focus_on(card)
        elif op == "pick":
            m.toggle_selected(card)
        elif op == "sort":
            before = (m.focus, list(m.selected))
            m.sort(("rank", "suit", "melds")[n % 3])
            assert (m.focus, m.selected) == before
        elif op == "move" and cards:
            before = (m.focus, list(m.selected))
            m.move_card(cards[n % len(cards)], n % 11)
            assert (m.focus, m.selected) == before
        elif op in ("knock", "gin"):
            started = m.start_knock_choice(op)
            assert started == bool(m.knock_options(op))
        elif op == "cancel":
            m.cancel_knock_choice()
        elif op == "clear":
            m.clear_after_move()
        elif op == "hover":
            m.hover_over(n % 14 if n % 3 else None, ("stock", "discard", None)[n % 3])
            candidate = m.choice_candidate()
            assert candidate is None or candidate in m.cards
        elif op == "hint" and cards:
            m.light_hint(Hint(Discard(cards[0]), ("discard", "meld", "draw_stock")[n % 3], "",
                              tuple(cards[: 1 + n % 3])), float(n))
        elif op == "out":
            m.put_out_hint()
        elif op == "drag" and cards:
            m.start_drag([cards[n % len(cards)]], "hand")
            if n % 2:
                m.drag_moved()
            assert (m.dragging() is not None) == bool(n % 2)
            m.drop_targets()
            m.end_drag()
        elif op == "play":
            legal = legal_actions(match)
            # now and then the move throws or lays down a card the player points at
            aimed = [a for a in legal if getattr(a, "card", None) in (m.focus, *m.selected)]
            legal = aimed if aimed and n % 2 else legal
            if legal:
                match, _ = apply(match, legal[n % len(legal)])
                sync(m, match, seat)
        elif op == "viewer":
            seat = (seat + 1) % players
            m.switch_viewer(observe(match, seat), True)
            assert (m.focus, m.selected, m.choice, m.drag) == (None, [], None, None)
            mine = match.hand.current == seat and not match.over
            m.set_legal(legal_actions(match) if mine else [], mine, mine)
        invariants(m)


def test_the_invariants_check_catches_a_broken_model() -> None:
    m = model_of(position("knock", my_play))
    stranger: Card = next(c for c in DECK if c not in m.cards)
    broken = replace(m, focus=stranger)
    try:
        invariants(broken)
    except AssertionError:
        return
    raise AssertionError("a focus outside the hand passed the invariants")


def test_every_legal_action_is_kept_as_given() -> None:
    match = position("knock", my_play)
    m = model_of(match)
    legal: list[Action] = legal_actions(match)
    assert m.legal == legal and m.button_states["knock"].visible
