"""Enter after a hint makes exactly the lit move (playtest defect 2), in every family.

The playtest: with 8♦ 9♦ 10♦ in hand and the keyboard focus left on 6♥, H said
"Meld 8♦ 9♦ 10♦" and Enter threw 6♥; in Gin's lay-off phase Enter refused or did
nothing. Here each kind of hint (draw from either pile, pass, discard, knock, gin's
big gin, lay down, meld, lay off, finish laying off, turn the pile over) comes up in a
dealt position. Before asking, the player leaves the keyboard focus on another card;
after asking, the pointer rests on yet another; then Enter. The move made must be the
hint's, and the hand review afterwards must not call it a mistake.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from knockrummy.app.computer import seat_seed
from knockrummy.app.controller import HUMAN
from knockrummy.coach import Hint
from knockrummy.coach.review import review_match_hand
from knockrummy.engine import (
    PRESETS,
    Card,
    Discard,
    DrawStock,
    Knock,
    MeldCards,
    PassUpcard,
    Phase,
    parse_cards,
)
from knockrummy.ui.pilot import Pilot
from knockrummy.ui.screens.showdown import ShowdownScene
from knockrummy.ui.table import render
from knockrummy.ui.table.scene import TableScene
from tests.table_support import (
    Person,
    Scripted,
    card_point,
    make_pilot,
    my_turn,
    on_table,
    stacked,
    start,
)

C = Card.parse


@pytest.fixture
def pilot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Pilot]:
    yield from make_pilot(tmp_path, monkeypatch)


def hint_then_enter(p: Pilot, me: Person, t: TableScene) -> Hint:
    """Leave the focus on some card, press H, rest the pointer on another card, press
    Enter; the move made must be the hint's. Returns the hint."""
    if t.view.phase not in (Phase.DRAW, Phase.UPCARD_OFFER):
        me.key(pygame.K_RIGHT, 2)  # the keyboard focus left on the second card
    me.key(pygame.K_h)
    assert p.until(lambda: t.model.lit_hint is not None and t.model.lit_hint is t.coach.hint,
                   5_000), t.coach.status()
    hint = t.coach.hint
    assert hint is not None
    others = [c for c in t.order.cards if c not in hint.cards]
    if others:
        me.point(card_point(t, others[-1]))  # the pointer rests elsewhere
    c = t.controller
    done = len(c.match.all_actions)
    me.key(pygame.K_RETURN)
    if isinstance(hint.action, Knock):
        # a knock as the Knock button makes it: its card shown first, then Enter again
        p.step(5)
        assert len(c.match.all_actions) == done, "one Enter ended the hand"
        assert t.model.choice is not None and t.model.choice_candidate() is hint.action.card
        status = t.coach.status()
        assert status is not None and status[0].startswith(
            f"{'Go gin' if t.model.choice.kind == 'gin' else 'Knock'} throwing "
            f"{hint.action.card.label}:"), status
        me.key(pygame.K_RETURN)
    assert p.until(lambda: len(c.match.all_actions) > done or c.match.hand.over, 2_000)
    made = c.match.all_actions[done]
    assert made == hint.action, (hint.kind, hint.reason, made)
    return hint


def followed_until(p: Pilot, me: Person, kinds: set[str]) -> list[tuple[int, int, str]]:
    """Follow hints with Enter until the hand ends; (hand, action index, kind) of each."""
    out: list[tuple[int, int, str]] = []
    for _ in range(60):
        top = my_turn(p)
        if isinstance(top, ShowdownScene):
            break
        c = top.controller
        number, index = c.match.hand_number, len(c.match.hand_actions)
        hint = hint_then_enter(p, me, top)
        out.append((number, index, hint.kind))
        if kinds <= {k for _, _, k in out} and c.match.hand.over:
            break
    assert kinds <= {k for _, _, k in out}, out
    return out


def review_agrees(t: TableScene, followed: list[tuple[int, int, str]]) -> None:
    """The hand review flags none of the moves that followed a hint."""
    c = t.controller
    assert p_until_over(t)
    seed = seat_seed(c.match.seed, 0)
    review = review_match_hand(c.match, 0, 0, seed)
    flagged = {d.step - 1 for d in review.decisions}
    for number, index, kind in followed:
        assert number == 0
        assert index not in flagged, (kind, [d.made_text for d in review.decisions])


def p_until_over(t: TableScene) -> bool:
    return bool(t.controller.match.records)


def test_knock_rummy_draw_and_knock_hints(pilot: Pilot, monkeypatch: pytest.MonkeyPatch) -> None:
    stacked(monkeypatch, ["8H 8D 8C 2S 2H 3H KS", "KH QD JS 9H 7C 6S 4D",
                          "KD QH JH 9S 7D 6C 4S"], upcard="9C", stock_top="QC AD 5S TD")
    me = Person(pilot)
    start(pilot, PRESETS["knock"], (HUMAN, "computer", "computer"))
    t = on_table(pilot)
    me.key(pygame.K_RIGHT)  # the pile focus moved to the discard pile before the hint
    followed = followed_until(pilot, me, {"draw_stock", "knock"})
    assert [k for _, _, k in followed] == ["draw_stock", "knock"]
    assert t.controller.match.hand_actions[1] == Knock(C("KS"))
    review_agrees(t, followed)


def test_rummy_meld_hints_go_out(pilot: Pilot, monkeypatch: pytest.MonkeyPatch) -> None:
    stacked(monkeypatch, ["3C 4C 5C 6C 9H 9S 9D", "AH 2H 4D 7S JC QD KH",
                          "2D 5D 8S TC JH QS KS", "AD 3H 6S 8H TD JD KC"],
            upcard="2S", stock_top="KD 7D 8D 3S")
    me = Person(pilot)
    start(pilot, PRESETS["rummy"], (HUMAN, "computer", "computer", "computer"))
    t = on_table(pilot)
    followed = followed_until(pilot, me, {"draw_stock", "meld", "discard"})
    melds = [a for a in t.controller.match.hand_actions if isinstance(a, MeldCards)]
    assert {frozenset(m.cards) for m in melds} == {frozenset(parse_cards("9H 9S 9D")),
                                                   frozenset(parse_cards("3C 4C 5C 6C"))}
    assert t.controller.match.hand.over
    review_agrees(t, followed)


def test_rummy_lay_off_hint(pilot: Pilot, monkeypatch: pytest.MonkeyPatch) -> None:
    stacked(monkeypatch, ["TS 4C 5C 6C 9H 9C 9D", "7S 8S 9S QD 2H 3D JC",
                          "2D 5D 8H TC JH QS KS"], upcard="AH", stock_top="AD 4S KC", first=1)
    me = Person(pilot)
    c = start(pilot, PRESETS["rummy"], (HUMAN, "computer", "computer"))
    c.computers[1] = Scripted([DrawStock(), MeldCards(tuple(parse_cards("7S 8S 9S"))),
                               Discard(C("QD"))])
    c.computers[2] = Scripted([DrawStock(), Discard(C("KS"))])
    t = on_table(pilot)
    followed = followed_until(pilot, me, {"draw_stock", "meld", "lay_off", "discard"})
    assert any(k == "lay_off" for _, _, k in followed)
    assert t.controller.match.hand.over
    review_agrees(t, followed)


def test_rummy_turn_over_hint(pilot: Pilot, monkeypatch: pytest.MonkeyPatch) -> None:
    stacked(monkeypatch, ["TS 4C 5C 9H 8S 3D KC", "7S 6S QD 2H 5H JC AC",
                          "2D 5D 8H TC JH QS 4S"], upcard="4H", stock_top="KD", first=2,
            stock_size=1)
    me = Person(pilot)
    c = start(pilot, PRESETS["rummy"], (HUMAN, "computer", "computer"))
    c.computers[2] = Scripted([DrawStock(), Discard(C("KD"))])
    t = on_table(pilot)
    assert t.view.stock_count == 0
    hint = hint_then_enter(pilot, me, t)
    assert hint.kind == "turn_over"


def test_gin_pass_lay_off_and_finish_hints(pilot: Pilot, monkeypatch: pytest.MonkeyPatch) -> None:
    stacked(monkeypatch, ["4S 7H KD QD JH 9C 9D 5C TC TS", "AS 2S 3S 4H 5H 6H 7C 7D 7S 2C"],
            upcard="KH", stock_top="8C", first=1)
    me = Person(pilot)
    c = start(pilot, PRESETS["gin"], (HUMAN, "computer"))
    c.computers[1] = Scripted([PassUpcard(), DrawStock(), Knock(C("8C"))])
    t = on_table(pilot)
    followed = followed_until(pilot, me, {"pass", "lay_off", "finish_layoffs"})
    kinds = [k for _, _, k in followed]
    assert kinds[0] == "pass" and kinds[-1] == "finish_layoffs"
    assert kinds.count("lay_off") >= 1
    review_agrees(t, followed)


def test_gin_take_then_big_gin_hints(pilot: Pilot, monkeypatch: pytest.MonkeyPatch) -> None:
    stacked(monkeypatch, ["AS 2S 3S 4S 4H 5H 6H 7C 7D 7S", "KD QD JH 9C 9D 5C TC TS 2C 8H"],
            upcard="7H", stock_top="8C")
    me = Person(pilot)
    start(pilot, PRESETS["gin"], (HUMAN, "computer"))
    t = on_table(pilot)
    followed = followed_until(pilot, me, {"draw_discard", "big_gin"})
    review_agrees(t, followed)


def test_hoyle_lay_down_hint(pilot: Pilot, monkeypatch: pytest.MonkeyPatch) -> None:
    stacked(monkeypatch, ["AS 2S 3S 4S 4H 5H 6H 7C 7D 7S", "KD QD JH 9C 9D 5C TC TS 2C 8H"],
            upcard="KC", stock_top="7H")
    me = Person(pilot)
    start(pilot, PRESETS["knock-hoyle"], (HUMAN, "computer"))
    t = on_table(pilot)
    followed = followed_until(pilot, me, {"draw_stock", "lay_down"})
    review_agrees(t, followed)


@pytest.mark.parametrize("how", ["key", "button"])
def test_knock_after_a_dont_knock_hint_knocks(pilot: Pilot, monkeypatch: pytest.MonkeyPatch,
                                              how: str) -> None:
    """Found playing: the hint said "Don't knock yet: discard 4♠", the player knocked
    anyway (K, or the Knock button), the table said "Knock throwing 4♠ ... press Enter",
    and Enter threw 4♠ without knocking: the lit hint still took Enter. Choosing to knock
    is choosing for oneself; Enter now knocks with the card the table shows, which is the
    knock that leaves least (the hint had picked its discard; a mouse player at 960x600
    then knocked with 5 where the hint had said a knock could leave 1)."""
    stacked(monkeypatch, ["AS 2S 3S 4H 5H 6H 7C 7D 7S 9D", "KD QD JH 2C TD 5C TC TS 2H 8H"],
            upcard="KH", stock_top="9C")
    me = Person(pilot)
    c = start(pilot, PRESETS["gin"], (HUMAN, "computer"))
    t = on_table(pilot)
    while t.view.phase in (Phase.DRAW, Phase.UPCARD_OFFER):
        assert my_turn(pilot) is t
        hint_then_enter(pilot, me, t)
    assert t.view.phase is Phase.PLAY and C("9C") in t.view.hand
    me.key(pygame.K_h)
    assert pilot.until(lambda: t.model.lit_hint is not None, 5_000), t.coach.status()
    hint = t.model.lit_hint
    assert hint is not None and isinstance(hint.action, Discard)
    assert hint.reason.startswith("Don't knock yet"), hint.reason
    if how == "key":
        me.key(pygame.K_k)
    else:
        me.press("Knock")
    choice = t.model.choice
    assert choice is not None and t.model.lit_hint is None
    shown = t.model.choice_candidate()
    # offered: the knock that leaves least (not the hint's discard, unless it is that)
    assert shown is not None and choice.options[shown] == min(choice.options.values())
    done = len(c.match.all_actions)
    me.key(pygame.K_RETURN)
    assert pilot.until(lambda: len(c.match.all_actions) > done, 2_000)
    made = c.match.all_actions[done]
    assert isinstance(made, Knock) and made.card == shown, made


def test_a_hint_to_throw_the_card_just_drawn_keeps_its_new_tag(
        pilot: Pilot, monkeypatch: pytest.MonkeyPatch) -> None:
    """The hint's tag took the place of the "new" tag over the card just drawn, so a
    player told to throw it could not tell it was the card they had drawn: the tag says
    both, above the card as it stands raised."""
    stacked(monkeypatch, ["8H 8D 8C 2S 3S 4S 5H", "KH QD JS 9H 7C 6S 4D",
                          "KD QH JH 9S 7D 6C 4H"], upcard="9C", stock_top="KS")
    me = Person(pilot)
    start(pilot, PRESETS["knock"], (HUMAN, "computer", "computer"))
    t = on_table(pilot)
    me.click(t.layout.stock.center)
    assert pilot.until(lambda: len(t.view.hand) == 8 and not t.director.active
                       and bool(t.model.legal))
    assert t.model.fresh_card() == (C("KS"), "new")
    assert render.hint_tag(t) == ""  # no hint yet: the card has its own "new" tag
    me.key(pygame.K_h)
    assert pilot.until(lambda: t.model.lit_hint is not None, 5_000)
    hint = t.coach.hint
    assert hint is not None and hint.cards[:1] == (C("KS"),), hint.reason
    assert render.hint_tag(t) == "new · hint"
    pilot.app.dirty = True
    pilot.step()
    t.draw(pilot.app.screen)
    tag = render.DRAWN["hint_tag"]
    raised = t.layout.hand[t.model.cards.index(C("KS"))].move(
        0, -round(max(4, t.layout.card_w // 9) * render.FRESH_LIFT))
    assert abs(tag.centerx - raised.centerx) <= 1  # over the card as it stands raised
    assert not tag.colliderect(render.DRAWN["status"])  # clear of the (two-line) hint
    assert tag.top < raised.top + tag.height  # on the card's top edge at most
    # the hint followed: the card it named, the one drawn, is thrown (a knock: its card
    # shown in the knock choice first, then Enter again)
    me.key(pygame.K_RETURN)
    if isinstance(hint.action, Knock):
        assert t.model.choice is not None and C("KS") in t.model.cards
        me.key(pygame.K_RETURN)
    assert pilot.until(lambda: C("KS") in t.controller.match.hand.discard
                       or t.controller.match.hand.over, 2_000)
    assert C("KS") not in t.controller.match.hand.hands[0]
