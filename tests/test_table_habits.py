"""What a first player did with the mouse and the keyboard after the knock and hint fixes
(the play-through of 25 November, second round), played again as they did it.

- Enter at the start of a turn draws from the stock, even when the last turn took the pile.
- Two picked cards dropped on the discard pile are refused, not half thrown.
- A set dropped anywhere on the table (not only inside the marked zone) is melded.
- A card clicked, then the discard pile clicked, is thrown.
- After Knock the Cancel button's tooltip says what Cancel does.
- Gin's Knock, Gin and Big Gin buttons keep their places when the up card is passed.
- (third round) One card of a set underlined in the hand, dragged to the table, melds the
  set; in Gin's lay-off phase a card clicked, then a meld clicked, is laid off there.
- (a first-time player's Rummy, 28 November) Enter throws the one card left; one picked
  card that fits a table meld is laid off with the button, which says "Lay off".
- (a first-time player's Gin, 2 December) The knock choice starts on a card, lit and
  named, that Enter knocks with (the one drawn, when it may be thrown), and no ring round
  Cancel reads as the keys' focus; the "taken" tag stays whole beside a raised card; F1
  in Gin Rummy for 3-4 opens How to play at that game.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from knockrummy.app.controller import HUMAN, Controller
from knockrummy.engine import (
    PRESETS,
    Card,
    Discard,
    DrawDiscard,
    DrawStock,
    Knock,
    LayOff,
    MeldCards,
    PassUpcard,
    Phase,
    parse_cards,
)
from knockrummy.ui.pilot import Pilot
from knockrummy.ui.table.scene import TableScene
from tests.table_support import (
    Person,
    Scripted,
    card_point,
    make_pilot,
    on_table,
    stacked,
    start,
    wait_play,
)

C = Card.parse


@pytest.fixture
def pilot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Pilot]:
    yield from make_pilot(tmp_path, monkeypatch, size=(960, 600))


def drawn_first(pilot: Pilot, monkeypatch: pytest.MonkeyPatch, preset: str, deal: list[str],
                upcard: str, stock_top: str) -> tuple[Person, Controller, TableScene]:
    """A stacked deal against two computers, the human's first card drawn from the stock
    with a click: the player, the controller and the table, ready to play."""
    stacked(monkeypatch, deal, upcard=upcard, stock_top=stock_top)
    me = Person(pilot)
    c = start(pilot, PRESETS[preset], (HUMAN, "computer", "computer"))
    t = on_table(pilot)
    me.click(t.layout.stock.center)
    wait_play(pilot, t)
    return me, c, t


KNOCK_DEAL = ["8H 8D 8C 2S 2H 3H KS", "KH QD JS 9H 7C 6S 4D", "KD QH JH 9S 7D 6C 4S"]


def test_enter_draws_from_the_stock_at_each_turn_start(pilot: Pilot,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    stacked(monkeypatch, KNOCK_DEAL, upcard="3S", stock_top="QC AD 5S TD")
    me = Person(pilot)
    c = start(pilot, PRESETS["knock"], (HUMAN, "computer", "computer"))
    t = on_table(pilot)
    me.key(pygame.K_RIGHT)  # the pile: take 3♠
    assert t.model.pile_focus == "discard"
    me.key(pygame.K_RETURN)
    assert c.match.hand_actions[0] == DrawDiscard()
    wait_play(pilot, t)
    while t.model.focus is not C("KS"):
        me.key(pygame.K_RIGHT)
    me.key(pygame.K_RETURN)
    t = on_table(pilot)
    assert t.model.pile_focus == "stock"
    mine = len(c.match.hand_actions)
    me.key(pygame.K_RETURN)  # out of habit, at the start of the next turn
    assert c.match.hand_actions[mine] == DrawStock()


def test_enter_again_while_another_plays_says_to_wait(pilot: Pilot,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """A helper pressed Enter twice after its discard; the second landed in Ada's turn and
    said "Pick a card with the Left and Right keys first". It now says whose turn it is,
    and does nothing: the next turn starts as the player left it."""
    stacked(monkeypatch, KNOCK_DEAL, upcard="3S", stock_top="QC AD 5S TD")
    me = Person(pilot)
    c = start(pilot, PRESETS["knock"], (HUMAN, "computer", "computer"))
    t = on_table(pilot)
    me.key(pygame.K_RETURN)
    wait_play(pilot, t)
    while t.model.focus is not C("KS"):
        me.key(pygame.K_RIGHT)
    me.key(pygame.K_RETURN)
    assert c.match.hand_actions[:2] == (DrawStock(), Discard(C("KS")))
    assert t.view.current != 0
    me.key(pygame.K_RETURN)  # out of habit, while the next player thinks
    assert t.model.message.text == f"Wait for {c.match.names[t.view.current]} to play"
    assert [a for a in c.match.hand_actions[2:] if a == Discard(C("KS"))] == []
    t = on_table(pilot)
    mine = [i for i, e in enumerate(c.match.hand.log) if e.seat == 0]
    assert len(mine) == 2  # my draw and my discard, nothing since


def test_click_a_card_then_the_pile_throws_it(pilot: Pilot,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    me, c, t = drawn_first(pilot, monkeypatch, "knock", KNOCK_DEAL, "9C",
                           "QC AD 5S TD")
    me.click(t.layout.discard.center)  # nothing picked yet: told how, nothing thrown
    assert len(t.view.hand) == 8 and "then the pile" in t.model.message.text
    me.click(card_point(t, C("KS")))
    assert t.model.focus is C("KS") and len(t.view.hand) == 8
    me.click(t.layout.discard.center)
    assert c.match.hand_actions[1] == Discard(C("KS"))


def test_a_double_click_throw_leaves_no_picked_message(pilot: Pilot,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """A first-time player double-clicked Q♥ and, while the next player thought, the status
    line still said "Q♥ picked: click the discard pile … to throw it"."""
    me, c, t = drawn_first(pilot, monkeypatch, "knock", KNOCK_DEAL, "9C", "QC AD 5S TD")
    me.double_click(card_point(t, C("KS")))
    assert c.match.hand_actions[1] == Discard(C("KS"))
    pilot.step(2)
    assert "picked" not in (t.model.telling or "")


@pytest.mark.parametrize("press", ["F1", "?"])
def test_f1_or_question_mark_shows_the_keys(pilot: Pilot, monkeypatch: pytest.MonkeyPatch,
                                            press: str) -> None:
    """A first-time player pressed ? and F1 at the table and nothing happened; the keys
    were four pages down How to play, behind Esc, Rules. Both now open How to play for
    this game at "With the keyboard", and Esc comes back to the table."""
    from knockrummy.ui.screens.howto import HowToScene
    me = Person(pilot)
    start(pilot, PRESETS["gin"], (HUMAN, "computer"))
    t = on_table(pilot)
    if press == "F1":
        me.key(pygame.K_F1)
    else:
        pilot.key(pygame.K_SLASH, pygame.KMOD_SHIFT, "?")
        pilot.step(2)
    howto = pilot.top
    assert isinstance(howto, HowToScene) and howto.family == "gin"
    view = howto.view()
    heading = next(x for x in howto.layout().texts if x.text == "With the keyboard")
    # scrolled down to the keys (as far as the page goes), the heading in view
    assert howto.scroll == min(heading.pos[1], howto.max_scroll()) > 0
    assert 0 <= heading.pos[1] - howto.scroll < view.height - 3 * heading.size
    me.key(pygame.K_ESCAPE)
    assert pilot.top is t


def test_f1_in_gin_for_3_4_opens_how_to_play_at_that_game(
        pilot: Pilot, monkeypatch: pytest.MonkeyPatch) -> None:
    """F1 at a Gin Rummy for 3-4 table opened the two-player Gin page at its keys, which
    spoke of the first turn's up card (there is none at 3-4) and of laying off by hand.
    How to play has a page per family: the Gin page now has a section for 3-4 players,
    and F1 opens the page there, with the keys after it."""
    from knockrummy.ui.screens.howto import HowToScene
    me = Person(pilot)
    start(pilot, PRESETS["gin-multi"], (HUMAN, "computer", "computer"))
    t = on_table(pilot)
    me.key(pygame.K_F1)
    howto = pilot.top
    assert isinstance(howto, HowToScene) and howto.family == "gin"
    view = howto.view()
    texts = howto.layout().texts
    heading = next(x for x in texts if x.text == "Gin Rummy for 3-4")
    keys = next(x for x in texts if x.text == "With the keyboard")
    assert 0 <= heading.pos[1] - howto.scroll < view.height - 3 * heading.size
    assert heading.pos[1] < keys.pos[1] < howto.scroll + view.height  # the keys follow
    shown = " ".join(x.text for x in texts if 0 <= x.pos[1] - howto.scroll < view.height)
    assert "3 or 4 players, 7 cards each. No up card is offered" in shown
    assert "the others' layoffs are made for them" in shown
    assert "reaches 100 penalty points; the lowest total wins" in shown
    me.key(pygame.K_ESCAPE)
    assert pilot.top is t


def test_a_card_knock_may_not_throw_says_why_when_pointed_at(
        pilot: Pilot, monkeypatch: pytest.MonkeyPatch) -> None:
    """A first-time player in Gin for 3-4 saw A♣ greyed in the knock choice with no reason
    (throwing it left 11, over the limit), and a number on each card with no key."""
    me, _c, t = drawn_first(pilot, monkeypatch, "gin-multi",
                            ["8H 8D 8C 4S 5S 6S KC", "KH QD JS 9H 7C 6H 4D",
                             "KD QH JH 9S 7D 6C 2S"], "3C", "9D AD 5H TD")
    me.press("Knock")
    assert t.model.choice is not None
    me.point(card_point(t, C("4S")))  # breaks the run: 30 left
    status = t.coach.status()
    assert status is not None and status[0] == (
        "Throwing 4♠ leaves 30 deadwood; you may knock with 10 or less. Choose a lit card")
    me.point(card_point(t, C("KC")))
    status = t.coach.status()
    assert status is not None and status[0].startswith(
        "Knock throwing K♣: 9 deadwood left (the number on each card: what throwing it "
        "leaves). Click the card or press Enter")
    me.key(pygame.K_ESCAPE)
    assert t.model.choice is None


def test_enter_on_the_first_turn_offer_passes_nothing_by_habit(
        pilot: Pilot, monkeypatch: pytest.MonkeyPatch) -> None:
    """A first-time player pressed Enter on Gin's first-turn offer of the 9♥, meaning to
    take it (the keys say Enter draws from the pile): the game passed it. The offer is a
    choice: Enter alone says how to make it, and Right, then Enter, takes the card."""
    stacked(monkeypatch, ["8H TH 2C 3D 5S 7C JD QS KC 4H", "AS 2S 3S 4S 6D 7D 8D 9C TC JC"],
            upcard="9H")
    me = Person(pilot)
    c = start(pilot, PRESETS["gin"], (HUMAN, "computer"))
    t = on_table(pilot)
    assert t.view.phase is Phase.UPCARD_OFFER
    me.key(pygame.K_RETURN, times=2)  # Enter, Enter out of habit
    assert c.match.hand_actions == () and t.view.phase is Phase.UPCARD_OFFER
    assert "Right, then Enter, takes it; P passes" in t.model.message.text
    me.key(pygame.K_RIGHT)
    me.key(pygame.K_RETURN)
    assert c.match.hand_actions[0] == DrawDiscard() and C("9H") in t.view.hand


def test_the_card_drawn_wears_no_ring_a_player_takes_for_picked(
        pilot: Pilot, monkeypatch: pytest.MonkeyPatch) -> None:
    """A first-time player saw the card just drawn ringed in gold, took it for picked (or
    for the keys' focus) and pressed Enter to throw it. It is raised and tagged "new",
    with no ring; a card clicked (picked) still gets the gold one."""
    from knockrummy.ui.gfx import ACCENT
    me, c, t = drawn_first(pilot, monkeypatch, "knock", KNOCK_DEAL, "9C", "QC AD 5S TD")
    assert t.model.fresh_card() == (C("QC"), "new")
    pilot.step(2)

    def left_edge_gold(card: Card) -> int:
        r = t.layout.hand[t.order.cards.index(card)]
        return sum(1 for x in (r.left - 1, r.left) for y in range(r.top - 40, r.bottom)
                   if 0 <= y < pilot.app.size[1]
                   and tuple(pilot.app.screen.get_at((x, y)))[:3] == ACCENT)

    assert left_edge_gold(C("QC")) < 10
    me.click(card_point(t, C("KS")))  # picked: the gold ring
    pilot.step(2)
    assert t.model.selected == [C("KS")] and left_edge_gold(C("KS")) > 40


RUMMY_DEAL = ["AS AD AC 7H 9C JD KC", "2H 3D 4S 6C 8D TH QS", "2C 4D 5S 6H 8C TS QD"]


def pick(me: Person, t: TableScene, cards: str) -> None:
    for card in cards.split():
        me.click(card_point(t, C(card)))
    assert {str(c) for c in t.model.selected} == set(cards.split())


def test_two_picked_cards_dropped_on_the_pile_are_refused(pilot: Pilot,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    me, c, t = drawn_first(pilot, monkeypatch, "rummy", RUMMY_DEAL, "5D",
                           "KH")
    pick(me, t, "AD AC")
    me.drag(card_point(t, C("AC")), t.layout.discard.center)
    assert len(c.match.hand_actions) == 1 and len(t.view.hand) == 8, "a card was thrown"
    assert t.model.message.text.startswith("Throw one card at a time")
    me.click(t.layout.discard.center)  # clicking the pile with both picked: refused too
    assert len(c.match.hand_actions) == 1


def test_a_set_dropped_anywhere_on_the_table_is_melded(pilot: Pilot,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    me, c, t = drawn_first(pilot, monkeypatch, "rummy", RUMMY_DEAL, "5D",
                           "KH")
    pick(me, t, "AS AD AC")
    lay = t.layout
    spot = (lay.size[0] * 13 // 16, (lay.discard.bottom + lay.status.top) // 2)
    assert not lay.meld_zone.collidepoint(spot) and spot[1] < lay.status.top
    me.drag(card_point(t, C("AS")), spot)
    assert isinstance(c.match.hand_actions[1], MeldCards)
    assert set(c.match.hand_actions[1].cards) == {C("AS"), C("AD"), C("AC")}


def test_cancel_says_what_it_does(pilot: Pilot, monkeypatch: pytest.MonkeyPatch) -> None:
    me, _, t = drawn_first(pilot, monkeypatch, "knock", KNOCK_DEAL, "9C", "QC AD 5S TD")
    me.press("Knock")
    button = t.buttons["knock"]
    assert button.label == "Cancel" and button.tip().startswith("Cancel: throw nothing yet")
    me.press("Cancel")
    assert button.label == "Knock" and button.tip().startswith("Knock: end the hand")


def test_gin_buttons_keep_their_places_after_the_up_card(pilot: Pilot,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    stacked(monkeypatch, ["4S 7H KD QD JH 9C 9D 5C TC TS", "AS 2S 3S 4H 5H 6H 7C 7D 8S 2C"],
            upcard="KH", stock_top="8C")
    me = Person(pilot)
    start(pilot, PRESETS["gin"], (HUMAN, "computer"))
    t = on_table(pilot)
    assert t.view.phase is Phase.UPCARD_OFFER and t.buttons["pass"].visible
    places = {k: t.buttons[k].rect.copy() for k in ("knock", "gin", "big_gin", "menu")}
    me.press("Pass")
    t = on_table(pilot)
    assert not t.buttons["pass"].visible
    assert {k: t.buttons[k].rect for k in places} == places


def test_one_card_of_an_underlined_set_dragged_to_the_table_melds_the_set(
        pilot: Pilot, monkeypatch: pytest.MonkeyPatch) -> None:
    me, c, t = drawn_first(pilot, monkeypatch, "rummy", RUMMY_DEAL, "5D",
                           "KH")
    assert t.order.mode == "melds" and t.order.meld_groups[0]  # the aces, underlined
    assert t.model.selected == []
    me.drag(card_point(t, C("AD")), t.layout.meld_zone.center)
    assert isinstance(c.match.hand_actions[1], MeldCards)
    assert set(c.match.hand_actions[1].cards) == {C("AS"), C("AD"), C("AC")}


def test_gin_click_a_card_then_a_meld_lays_it_off(pilot: Pilot,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    stacked(monkeypatch, ["4S 7H KD QD JH 9C 9D 5C TC TS", "AS 2S 3S 4H 5H 6H 7C 7D 7S 2C"],
            upcard="KH", stock_top="8C", first=1)
    me = Person(pilot)
    c = start(pilot, PRESETS["gin"], (HUMAN, "computer"))
    c.computers[1] = Scripted([PassUpcard(), DrawStock(), Knock(C("8C"))])
    t = on_table(pilot)
    me.press("Pass")
    t = on_table(pilot)
    assert t.view.phase is Phase.LAYOFF
    run = next(i for i, m in enumerate(t.view.table) if C("AS") in m.cards)
    me.click(t.layout.melds[run][1].center)  # the meld first: told how
    assert "then the meld" in t.model.message.text
    me.click(card_point(t, C("4S")))
    assert "click a meld to lay it off" in t.model.message.text
    me.click(t.layout.melds[run][1].center)
    assert LayOff(C("4S"), run) in c.match.hand_actions


def test_rummy_hint_lit_card_then_a_click_on_the_pile_throws_it(
        pilot: Pilot, monkeypatch: pytest.MonkeyPatch) -> None:
    me, c, t = drawn_first(pilot, monkeypatch, "rummy", RUMMY_DEAL, "5D",
                           "KH")
    me.press("Hint")
    assert pilot.until(lambda: t.model.lit_hint is not None and t.model.lit_hint is t.coach.hint,
                       5_000)
    hint = t.coach.hint
    assert hint is not None and hint.kind == "discard", hint
    me.click(t.layout.discard.center)  # do what is lit: the card, then the pile
    assert c.match.hand_actions[1] == hint.action


def test_enter_throws_the_one_card_left(pilot: Pilot, monkeypatch: pytest.MonkeyPatch) -> None:
    """With every other card melded, a helper pressed Enter to throw the one card left
    and was told to pick a card first: with one card there is nothing to choose."""
    stacked(monkeypatch, ["3C 4C 5C 6C 9H 9S 9D", "AH 2H 4D 7S JC QD KH",
                          "2D 5D 8S TC JH QS KS"], upcard="2S", stock_top="KD")
    me = Person(pilot)
    c = start(pilot, PRESETS["rummy"], (HUMAN, "computer", "computer"))
    t = on_table(pilot)
    me.key(pygame.K_RETURN)  # draw from the stock: the K♦
    assert pilot.until(lambda: len(t.view.hand) == 8 and not t.director.active
                       and bool(t.model.legal))
    for meld in ("3C 4C 5C 6C", "9H 9S 9D"):
        assert t.act(MeldCards(tuple(parse_cards(meld)))) is None
        assert pilot.until(lambda: not t.director.active and bool(t.model.legal))
    assert t.view.hand == (C("KD"),) and t.model.focus is None
    me.key(pygame.K_RETURN)
    assert pilot.until(lambda: c.match.hand.over, 3_000)
    assert c.match.hand_actions[-1] == Discard(C("KD"))  # out, with the last card


def test_one_picked_card_that_fits_a_table_meld_is_laid_off_with_the_button(
        pilot: Pilot, monkeypatch: pytest.MonkeyPatch) -> None:
    """A helper picked the 3♥ that fits a meld on the table and found the Meld button
    grey, so took laying off for impossible by mouse (M laid it off): the button says
    "Lay off" and does it."""
    stacked(monkeypatch, ["TS 4C 5C 6C 9H 9C 9D", "7S 8S 9S QD 2H 3D JC",
                          "2D 5D 8H TC JH QS KS"], upcard="AH", stock_top="AD 4S KC", first=1)
    me = Person(pilot)
    c = start(pilot, PRESETS["rummy"], (HUMAN, "computer", "computer"))
    c.computers[1] = Scripted([DrawStock(), MeldCards(tuple(parse_cards("7S 8S 9S")))])
    t = on_table(pilot)
    assert pilot.until(lambda: c.human_to_act and bool(t.model.legal)
                       and not t.director.active, 20_000)
    assert any(tm.cards and C("9S") in tm.cards for tm in t.view.table)
    me.click(t.layout.stock.center)
    assert pilot.until(lambda: len(t.view.hand) == 8 and not t.director.active
                       and bool(t.model.legal))
    meld = t.buttons["meld"]
    assert meld.label == "Meld" and not meld.enabled  # nothing picked
    me.click(card_point(t, C("TS")))  # pick the 10♠
    assert t.model.selected == [C("TS")]
    assert meld.label == "Lay off" and meld.enabled
    done = len(c.match.all_actions)
    me.press("Lay off")
    assert pilot.until(lambda: len(c.match.all_actions) > done, 2_000)
    made = c.match.all_actions[done]
    assert isinstance(made, LayOff) and made.card is C("TS")
    assert C("TS") not in c.match.hand.hands[0]
    assert any(C("TS") in tm.cards for tm in c.match.hand.table)


# ----------------------------------------------------------------- the knock choice
#
# (a first-time player's Gin, 2 December) After Knock, the Cancel button was ringed and
# no card was: Enter looked as if it would cancel, and the prompt named no card. The
# choice now starts on a card, lit and named, that Enter knocks with: the one drawn
# this turn when it may be thrown. The "taken" tag over the card taken from the pile
# read "Faken" under the ring of the raised card beside it.

GIN_KNOCK = ["AS 2S 3S 4H 5H 6H 7C 7D 7S 9C", "KD QD JH 9D 8H TC TS 5C 4C 3D"]


def gin_drawn(pilot: Pilot, monkeypatch: pytest.MonkeyPatch,
              by_keys: bool) -> tuple[Person, Controller, TableScene]:
    """Two-player Gin: both pass the up card, and the player draws the 2♣ from the stock
    (Enter, or a click); throwing the 9♣ then leaves 2, the 2♣ itself 9."""
    stacked(monkeypatch, GIN_KNOCK, upcard="KH", stock_top="2C 8C")
    me = Person(pilot)
    c = start(pilot, PRESETS["gin"], (HUMAN, "computer"))
    c.computers[1] = Scripted([PassUpcard()])
    t = on_table(pilot)
    me.key(pygame.K_p)
    t = on_table(pilot)
    if by_keys:
        me.key(pygame.K_RETURN)
    else:
        me.click(t.layout.stock.center)
    wait_play(pilot, t)
    assert t.model.fresh_card() == (C("2C"), "new")
    return me, c, t


def knocks(c: Controller) -> list[Card]:
    return [a.card for a in c.match.hand_actions if isinstance(a, Knock)]


def test_k_starts_the_knock_choice_on_the_knock_that_leaves_least_and_enter_knocks_with_it(
        pilot: Pilot, monkeypatch: pytest.MonkeyPatch) -> None:
    """Throwing the 2♣ just drawn would leave 9, the 9♣ 2. The choice started on the
    card drawn, and a newcomer told to knock throwing Q♦ found the A♦ just drawn lit,
    which left 15 where Q♦ left 6: Enter, pressed out of habit, would have knocked with
    it. It starts on the knock that leaves least (the card drawn only when it leaves as
    little); the arrows still reach every other card."""
    me, c, t = gin_drawn(pilot, monkeypatch, by_keys=True)
    me.key(pygame.K_k)
    assert t.model.choice is not None and t.model.choice_candidate() is C("9C")
    status = t.coach.status()
    assert status is not None and status[0].startswith(
        "Knock throwing 9♣: 2 deadwood left (the number on each card: what throwing it "
        "leaves). Click the card or press Enter")
    me.key(pygame.K_LEFT)  # the other card that may be thrown: the one drawn
    assert t.model.choice_candidate() is C("2C")
    me.key(pygame.K_RIGHT)  # and back
    assert t.model.choice_candidate() is C("9C")
    me.key(pygame.K_RETURN)
    assert knocks(c) == [C("9C")]


def test_after_the_knock_button_enter_knocks_with_the_card_named_not_cancel(
        pilot: Pilot, monkeypatch: pytest.MonkeyPatch) -> None:
    from knockrummy.ui.gfx import TEXT
    from knockrummy.ui.table.choice import CHOICE
    from tests.table_support import ringed
    me, c, t = gin_drawn(pilot, monkeypatch, by_keys=False)
    me.press("Knock")  # the pointer rests on the button, which says Cancel now
    cancel = t.buttons["knock"]
    assert cancel.label == "Cancel" and cancel.hover
    pilot.app.dirty = True
    pilot.step()
    t.draw(pilot.app.screen)
    # no ring round Cancel that reads as the keys' focus: the card named wears it
    assert ringed(pilot.app.screen, cancel.rect, CHOICE) == 0
    assert ringed(pilot.app.screen, cancel.rect, TEXT) == 0
    assert t.model.focus is C("9C") and t.model.choice_candidate() is C("9C")
    me.key(pygame.K_ESCAPE)  # Esc still cancels
    assert t.model.choice is None and cancel.label == "Knock" and knocks(c) == []
    me.press("Knock")
    status = t.coach.status()
    assert status is not None and status[0].startswith("Knock throwing 9♣:")
    me.key(pygame.K_RETURN)  # out of habit, the pointer still on Cancel
    assert knocks(c) == [C("9C")]


def cards_drawn(pilot: Pilot, t: TableScene) -> dict[Card, pygame.Rect]:
    """Draw a frame: where each card was drawn on the screen (its last drawing)."""
    from knockrummy.ui.table import render
    seen: dict[Card, pygame.Rect] = {}
    real = render.card

    def spy(scene: object, surface: pygame.Surface, c: Card | None, rect: pygame.Rect,
            *args: object, **kwargs: object) -> None:
        if c is not None and surface is pilot.app.screen:
            seen[c] = rect.copy()
        real(scene, surface, c, rect, *args, **kwargs)  # type: ignore[arg-type]

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(render, "card", spy)
        pilot.app.dirty = True
        pilot.step()
        t.draw(pilot.app.screen)
    return seen


def test_the_taken_tag_stays_readable_beside_the_card_raised_in_the_knock_choice(
        pilot: Pilot, monkeypatch: pytest.MonkeyPatch) -> None:
    from knockrummy.ui.gfx import ACCENT
    from knockrummy.ui.table import render
    from knockrummy.ui.table.choice import CHOICE
    stacked(monkeypatch, KNOCK_DEAL, upcard="3S", stock_top="QC AD 5S TD")
    me = Person(pilot)
    start(pilot, PRESETS["knock"], (HUMAN, "computer", "computer"))
    t = on_table(pilot)
    me.key(pygame.K_RIGHT)  # the pile: take the 3♠
    me.key(pygame.K_RETURN)
    wait_play(pilot, t)
    assert t.model.fresh_card() == (C("3S"), "taken")
    me.key(pygame.K_k)
    assert t.model.choice is not None and C("3S") not in t.model.choice.options
    # the 3♠ may not be thrown: the choice starts on the knock that leaves least
    assert t.model.choice_candidate() is C("KS")
    cards = t.order.cards
    taken = cards.index(C("3S"))
    app = pilot.app
    glyph = app.fonts.text(render.tag_word("taken"), app.text_size(14), ACCENT, bold=True)
    solid = [(x, y) for x in range(glyph.get_width()) for y in range(glyph.get_height())
             if glyph.get_at((x, y)).a == 255]
    assert solid
    for neighbour in (cards[taken - 1], cards[taken + 1]):  # 2♥, then 3♥
        while t.model.focus is not neighbour:
            me.key(pygame.K_LEFT)
        assert pilot.until(lambda: not t.lifting())
        seen = cards_drawn(pilot, t)
        card = seen[C("3S")]
        tag = glyph.get_rect(midbottom=(card.centerx, card.top - 2))
        assert seen[neighbour].top < tag.bottom  # the neighbour stands up beside the tag
        covered = [p for p in solid
                   if tuple(app.screen.get_at((tag.x + p[0], tag.y + p[1])))[:3] != ACCENT]
        assert covered == [], f"{len(covered)} of the tag's {len(solid)} points covered " \
                              f"beside {neighbour}"
        if neighbour is C("2H"):  # lit by the keys, drawn whole over the 3♠: not dimmed
            lit = seen[neighbour]  # with the 3♠ that may not be thrown
            x = t.layout.hand[taken].left + 3
            face = [tuple(app.screen.get_at((x, y)))[:3]
                    for y in range(lit.top + lit.height * 2 // 5, lit.top + lit.height * 3 // 5)]
            assert lit.left < x < lit.right
            assert all(min(rgb) > 200 for rgb in face), "the lit card is dimmed"
            # the 3♠ stands raised over the 3♥: the top edge that shows is dimmed too
            above = seen[cards[taken + 1]].top - card.top
            assert above > 2
            edge = app.screen.get_at((t.layout.hand[taken + 1].left + 6, card.top + above // 2))
            assert min(tuple(edge)[:3]) < 200, "the raised top of the 3♠ is not dimmed"
    # the 2♠ lit by the keys is drawn whole over the 2♥: the 2♥'s number is not on it
    while t.model.focus is not C("2S"):
        me.key(pygame.K_LEFT)
    assert pilot.until(lambda: not t.lifting())
    lit = cards_drawn(pilot, t)[C("2S")]
    gold = [(x, y) for x in range(lit.right - 24, lit.right - 6)
            for y in range(lit.top + 10, lit.bottom - 10)
            if tuple(app.screen.get_at((x, y)))[:3] == CHOICE]
    assert gold == [], "another card's number is drawn on the lit 2♠"
