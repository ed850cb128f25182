"""What first-time players and our own play-throughs could not see at the table (29
November), played again the way a person does, the frame read off the window:

- A card drawn whole over its neighbours (the one the keys light, the hint's) hid the
  rank and suit in the corner of the card after it: the hand now opens after it, so
  every card's corner reads, with 10 and 11 cards, at 960x600 and 1280x720, in groups.
- The discard pile lights under a resting pointer while a click there is a move (taking
  its card at the draw, throwing the card picked), as the stock does.
- A button's tooltip keeps off the "Last moves" panel where there is room elsewhere,
  and that room is near the button: with the panel full at 960x600, the knock choice's
  Cancel showed its tooltip in the window's far top corner, over the hand's number.
- A hint of two or three lines leaves the deadwood count readable (it stands above the
  hint, under the piles' labels).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from knockrummy.app.controller import HUMAN
from knockrummy.engine import PRESETS, Card, Discard, DrawStock, PassUpcard, Phase
from knockrummy.ui.felt.layout import CORNER, compute
from knockrummy.ui.pilot import Pilot
from knockrummy.ui.table import controls, render
from knockrummy.ui.table.scene import TableScene
from knockrummy.ui.widgets import gap_between, tooltips_drawn
from tests.table_support import (
    FAST,
    Opener,
    Person,
    Scripted,
    card_point,
    make_pilot,
    my_turn,
    on_table,
    stacked,
    start,
    wait_play,
    windows,
)

C = Card.parse

GIN_DEAL = ["2C 3C 4C 7H 7D 7S 9H TH JH KS", "AD 2D 3D 5H 6H 8C 9C QD QC JS"]

KNOCK_DEAL = ["8H 8D 8C 2S 2H 3H KS", "KH QD JS 9H 7C 6S 4D", "KD QH JH 9S 7D 6C 4S"]


@pytest.fixture
def window(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Opener]:
    yield from windows(tmp_path, monkeypatch)


@pytest.fixture
def pilot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Pilot]:
    yield from make_pilot(tmp_path, monkeypatch, size=(960, 600))


def frame(p: Pilot, t: TableScene) -> pygame.Surface:
    """The table as the window shows it now."""
    p.step(2)
    assert p.top is t
    p.app.draw()
    return p.app.screen


def lit(screen: pygame.Surface, rect: pygame.Rect) -> bool:
    """Whether the light of a pile (the accent glow round it) shows just above ``rect``:
    most of its outer row of pixels is warm, where the felt is green (the keys' ring
    round the pile they point at is drawn nearer the card)."""
    y = rect.top - max(4, rect.width // 14)
    xs = range(rect.left + 10, rect.right - 10)
    warm = sum(1 for x in xs if screen.get_at((x, y)).r > 150)
    return warm >= len(xs) * 0.8


def test_the_discard_pile_lights_under_the_pointer_when_a_click_there_is_a_move(
        pilot: Pilot, monkeypatch: pytest.MonkeyPatch) -> None:
    stacked(monkeypatch, KNOCK_DEAL, upcard="3S", stock_top="QC AD 5S TD")
    me = Person(pilot)
    start(pilot, PRESETS["knock"], (HUMAN, "computer", "computer"))
    t = on_table(pilot)
    lay = t.layout
    me.point((lay.discard.centerx, lay.discard.top - 60))  # beside the piles: none lit
    screen = frame(pilot, t)
    assert not lit(screen, lay.discard) and not lit(screen, lay.stock)
    me.point(lay.discard.center)  # the draw: a click takes the 3♠
    assert lit(frame(pilot, t), lay.discard)
    me.point(lay.stock.center)  # and the stock alike
    screen = frame(pilot, t)
    assert lit(screen, lay.stock) and not lit(screen, lay.discard)
    me.click(lay.stock.center)
    wait_play(pilot, t)
    me.point(lay.discard.center)  # nothing picked yet: a click there only says how
    assert not lit(frame(pilot, t), lay.discard)
    me.click(card_point(t, C("KS")))
    assert t.model.selected == [C("KS")] and t.view.phase is Phase.PLAY
    me.point(lay.discard.center)  # the K♠ picked: a click there throws it
    screen = frame(pilot, t)
    assert lit(screen, lay.discard) and not lit(screen, lay.stock)


def test_a_tooltip_keeps_off_the_last_moves(pilot: Pilot,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """Three rounds played by the keys fill the "Last moves" panel down to the buttons;
    the pointer resting on Knock showed its tooltip over the moves, above the button."""
    stacked(monkeypatch, KNOCK_DEAL, upcard="3S", stock_top="QC AD 5S TD")
    me = Person(pilot)
    start(pilot, PRESETS["knock"], (HUMAN, "computer", "computer"))
    for _round in range(3):
        t = on_table(pilot)
        me.key(pygame.K_RETURN)  # the stock
        wait_play(pilot, t)
        me.key(pygame.K_RIGHT)  # the card drawn
        me.key(pygame.K_RETURN)  # thrown
    t = on_table(pilot)
    knock = pilot.button("Knock").rect
    tip, log = resting_tip(pilot, t, me, knock)
    assert log.bottom > knock.top - 120  # the moves reach down near the button
    assert not tip.colliderect(log), (tip, log)


def resting_tip(p: Pilot, t: TableScene, me: Person,
                button: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
    """The pointer rests on ``button``: the one tooltip drawn, and the "Last moves" box."""
    me.point(button.center, rest=40)
    frame(p, t)
    tips = tooltips_drawn()
    assert len(tips) == 1
    return tips[0], render.DRAWN["log"]


#: two-player Gin: after three rounds the 7♥ drawn makes gin (7♥ joins 4♥ 5♥ 6♥), and a
#: knock throwing 9♣ is open too
GIN_FULL_LOG = ["AS 2S 3S 4H 5H 6H 7C 7D 7S 9C", "KD QD JH 9D 8H TC TS 5C 4C 3D"]


def test_with_the_last_moves_full_a_tooltip_stays_by_its_button(
        pilot: Pilot, monkeypatch: pytest.MonkeyPatch) -> None:
    """Three rounds of draws and throws fill "Last moves" down to the buttons; the player
    clicks Knock and rests the pointer on Cancel, which now stands there. Its tooltip
    must sit by the button (it was drawn in the far top corner of the window, over the
    hand's number), and still keep off the moves, the hand, the hint and the count."""
    stacked(monkeypatch, GIN_FULL_LOG, upcard="KH", stock_top="2D QS 3C JS 4D KC 7H 8C")
    p = pilot  # 960x600
    me = Person(p)
    c = start(p, PRESETS["gin"], (HUMAN, "computer"))
    c.computers[1] = Scripted([PassUpcard(), DrawStock(), Discard(C("QS")), DrawStock(),
                               Discard(C("JS")), DrawStock(), Discard(C("KC"))])
    t = on_table(p)
    me.key(pygame.K_p)  # pass the up card
    for throw in ("2D", "3C", "4D", None):
        t = on_table(p)
        me.click(t.layout.stock.center)
        wait_play(p, t)
        if throw is not None:
            me.double_click(card_point(t, C(throw)))
    knock = p.button("Knock").rect
    me.click(knock.center)
    assert t.model.choice is not None and p.button("Cancel").rect == knock
    tip, log = resting_tip(p, t, me, knock)
    assert log.bottom > knock.top - 40  # the moves reach down to the buttons
    assert gap_between(tip, knock) <= 60, (tip, knock)
    assert not tip.colliderect(knock)
    for name in ("log", "status", "count", "info"):
        if name in render.DRAWN:
            assert not tip.colliderect(render.DRAWN[name]), name
    assert not tip.colliderect(t.layout.hand_area)


def test_the_meld_button_s_tooltip_keeps_off_the_melds_on_the_table(
        pilot: Pilot, monkeypatch: pytest.MonkeyPatch) -> None:
    """Rummy at 960x600: a first-time player laid a set and rested the pointer on Meld;
    its tooltip covered the set on the table (the table's melds were not among what
    tooltips keep off). Played by the mouse: the aces dragged to the table, then the
    pointer rests on Meld."""
    from knockrummy.engine import MeldCards
    from tests.test_table_habits import RUMMY_DEAL, drawn_first
    me, c, t = drawn_first(pilot, monkeypatch, "rummy", RUMMY_DEAL, "5D", "KH")
    aces = {C("AS"), C("AD"), C("AC")}
    for _round in range(3):  # three rounds fill "Last moves" down to the buttons
        throw = max((card for card in t.view.hand if card not in aces),
                    key=lambda card: card.index)
        me.double_click(card_point(t, throw))
        t = on_table(pilot)
        me.click(t.layout.stock.center)
        wait_play(pilot, t)
    me.drag(card_point(t, C("AD")), t.layout.meld_zone.center)
    assert any(isinstance(a, MeldCards) and C("AD") in a.cards
               for a in c.match.hand_actions)
    assert pilot.until(lambda: bool(t.view.table) and not t.director.active)
    meld = pilot.button("Meld").rect
    me.point(meld.center, rest=40)
    frame(pilot, t)
    tips = tooltips_drawn()
    assert len(tips) == 1
    laid = [rects[0].unionall(rects) for rects in t.layout.melds if rects]
    assert laid and not any(tips[0].colliderect(r) for r in laid), (tips[0], laid)
    # still near its button (above the column, past the status line), not in a far corner
    assert gap_between(tips[0], meld) <= 160, (tips[0], meld)


def test_the_taken_tag_over_a_picked_card_keeps_off_the_status_line(
        pilot: Pilot, monkeypatch: pytest.MonkeyPatch) -> None:
    """Rummy at 960x600: a first-time player took the 5♦ from the pile and picked the
    three fives to meld them; raised with them, the 5♦'s "taken" tag stood in the status
    line and hid a word of it. Played by the mouse: the pile clicked, then each five."""
    stacked(monkeypatch, ["5H 5C 2S 3C 4S 8H 8C", "KH QD JS 9H 7C 6S 4D",
                          "KD QH JH 9S 7D 6C 4C"], upcard="5D", stock_top="KS")
    me = Person(pilot)
    start(pilot, PRESETS["rummy"], (HUMAN, "computer", "computer"))
    t = on_table(pilot)
    me.click(t.layout.discard.center)  # take the 5♦
    wait_play(pilot, t)
    assert t.model.fresh_card() == (C("5D"), "taken")
    for five in ("5H", "5D", "5C"):
        me.click(card_point(t, C(five)))
    assert set(t.model.selected) == {C("5H"), C("5D"), C("5C")}
    me.point((t.layout.size[0] // 2, 40))  # the pointer away from the hand
    frame(pilot, t)
    tag, status = render.DRAWN["fresh_tag"], render.DRAWN["status"]
    assert not tag.colliderect(status), (tag, status)
    five = t.layout.hand[t.model.cards.index(C("5D"))]
    assert abs(tag.centerx - five.centerx) < five.width  # still over its card


@pytest.mark.parametrize("size", [(960, 600), (1280, 720)])
def test_the_count_stays_readable_while_a_hint_is_up(window: Opener,
                                                     size: tuple[int, int]) -> None:
    """H at the turn: the hint's two or three lines were drawn over the deadwood count.
    The count now stands above the hint, clear of it and of the piles' labels."""
    p = window(size)
    me = Person(p)
    start(p, PRESETS["gin"], (HUMAN, "computer"))
    t = on_table(p)
    if t.view.phase is Phase.UPCARD_OFFER:
        me.press("Pass")
        t = on_table(p)
    me.click(t.layout.stock.center)
    wait_play(p, t)
    me.point((t.layout.stock.centerx, t.layout.stock.top - 40))
    count_text = fit_count(t)
    me.key(pygame.K_h)
    assert p.until(lambda: t.coach.hint is not None, 5000)
    coach = render._coach_lines(t)
    assert coach is not None and len(coach[0]) >= 2, coach  # a hint of several lines
    frame(p, t)
    hint = render.DRAWN["status"]
    count = render.DRAWN.get("count")
    assert count is not None and count.size == count_text, "the count line is gone"
    assert not count.colliderect(hint), (count, hint)
    lay = t.layout
    label_h = render.text_room(p.app)[0]
    for pile in (lay.stock, lay.discard):  # under the piles and their labels
        assert count.top >= pile.bottom + 6 + label_h, (count, pile)
    assert hint.bottom <= lay.hand[0].top - lay.card_w // 9  # over no raised card
    # nothing else covers the count: not the tags over the cards, not a tooltip
    for key in ("hint_tag", "fresh_tag", "info", "log"):
        if key in render.DRAWN:
            assert not count.colliderect(render.DRAWN[key]), key


def test_a_long_hint_and_the_count_leave_no_words_drawn_through_each_other(
        pilot: Pilot) -> None:
    """A hint of four lines at 960x600 (the first draw of a seeded Gin match, its terms
    explained) grows up over the piles, and the count line above it stood over the
    piles' labels: "Deadwood: 14" and "Stock 31" drawn through each other read as
    neither. A label is left out while the count or the hint stands over it, and comes
    back once the hint has gone."""
    start(pilot, PRESETS["gin"], (HUMAN, "computer"), seed=2)
    me = Person(pilot)
    t = on_table(pilot)
    frame(pilot, t)
    labels = ("stock_label", "discard_label")
    assert all(k in render.DRAWN for k in labels)  # no hint: both labels read
    me.key(pygame.K_h)
    assert pilot.until(lambda: t.coach.hint is not None, 5000)
    coach = render._coach_lines(t)
    assert coach is not None and len(coach[0]) >= 4, coach
    frame(pilot, t)
    hint, count = render.DRAWN["status"], render.DRAWN["count"]
    assert not count.colliderect(hint)
    lay = t.layout
    assert count.top < lay.stock.bottom + 6 + render.text_room(pilot.app)[0]  # up there
    drawn = [render.DRAWN[k] for k in labels if k in render.DRAWN]
    assert len(drawn) < 2, "a label under the count was drawn"
    for label in drawn:
        assert not label.colliderect(count) and not label.colliderect(hint)
    me.key(pygame.K_RETURN)  # the hint's move: the hint goes, the labels come back
    assert pilot.until(lambda: t.coach.hint is None and not t.director.active, 5000)
    frame(pilot, t)
    assert all(k in render.DRAWN for k in labels)



def test_the_hint_button_s_tooltip_keeps_off_the_count_line(pilot: Pilot) -> None:
    """A hint of four lines after the draw ("Don't knock yet (to knock is ...") brings
    the long count line ("Deadwood: 14 (the least a discard leaves: 9) ...") up level with
    the Hint button's tooltip, which covered its "D". Played by H and Enter (the hint's
    moves) until such a hint."""
    start(pilot, PRESETS["gin"], (HUMAN, "computer"), seed=13)
    me = Person(pilot)
    for _move in range(30):
        t = my_turn(pilot)
        assert isinstance(t, TableScene)
        me.key(pygame.K_h)
        assert pilot.until(lambda t=t: t.coach.hint is not None, 5000)
        coach = render._coach_lines(t)
        assert coach is not None
        if t.view.phase is Phase.PLAY and len(coach[0]) >= 4:
            break
        me.key(pygame.K_RETURN)
    else:
        raise AssertionError("no hint of four lines after a draw")
    me.point(pilot.button("Hint").rect.center, rest=40)
    frame(pilot, t)
    tips, count = tooltips_drawn(), render.DRAWN["count"]
    assert count.left < pilot.button("Hint").rect.right + 120  # the long line, up there
    assert len(tips) == 1 and not tips[0].colliderect(count), (tips, count)


def fit_count(t: TableScene) -> tuple[int, int]:
    """The size of the count line as drawn (its words at its size)."""
    return t.app.fonts.text(controls.hand_count_text(t.view), t.app.text_size(16),
                            bold=True).get_size()


# --------------------------------------------------------------------- the corners


def corner_box(face: pygame.Surface) -> pygame.Rect:
    """Where a face's index (rank over suit) is inked, large index or not: the top left
    of the card, as far as its first pips."""
    w, h = face.get_size()
    return pygame.Rect(round(w * 0.04), round(h * 0.03), round(w * 0.21), round(h * 0.31))


def hidden_corners(p: Pilot, t: TableScene) -> list[str]:
    """The cards of the hand whose corner index does not read in the window: more than a
    tenth of its ink is not the card's own (another card, or anything else, over it)."""
    screen = frame(p, t)
    out = []
    for i, c in enumerate(t.model.cards):
        rect = render.hand_rect(t, i, c)
        face = p.app.cards.face(c, rect.width)
        box = corner_box(face)
        ink = bad = 0
        for x in range(box.left, box.right):
            for y in range(box.top, box.bottom):
                want = face.get_at((x, y))
                if want.a < 250 or want.r + want.g + want.b > 600:
                    continue  # the card's white
                ink += 1
                got = screen.get_at((rect.x + x, rect.y + y))
                if max(abs(got.r - want.r), abs(got.g - want.g), abs(got.b - want.b)) > 40:
                    bad += 1
        assert ink > 20, c
        if bad > ink // 10:
            out.append(f"{c.label} ({bad}/{ink})")
    return out


def gin_drawn(p: Pilot) -> tuple[Person, TableScene]:
    """The stacked Gin deal, the up card passed, the 8♦ drawn from the stock with a
    click: eleven cards in the hand, the one drawn raised and tagged "new"."""
    me = Person(p)
    start(p, PRESETS["gin"], (HUMAN, "computer"))
    t = on_table(p)
    while t.view.phase is not Phase.PLAY:
        if t.view.phase is Phase.UPCARD_OFFER:
            me.key(pygame.K_p)
        else:
            me.click(t.layout.stock.center)
        t = on_table(p)
    wait_play(p, t)
    assert len(t.model.cards) == 11 and render.fresh_card(t) is not None
    me.point((t.layout.stock.centerx, t.layout.stock.top - 40))  # the pointer off the hand
    return me, t


def settled(p: Pilot, t: TableScene) -> None:
    assert p.until(lambda: not t.lifting() and not t.director.active, 600)


def keys_round_the_hand(p: Pilot, me: Person, t: TableScene, where: str) -> None:
    """Right, card after card round the whole hand: every corner reads at each."""
    lit = []
    for _ in range(len(t.model.cards)):
        me.key(pygame.K_RIGHT)
        settled(p, t)
        focus = t.model.focus
        assert focus is not None and t.model.keyed
        lit.append(focus)
        assert hidden_corners(p, t) == [], (where, focus.label, hidden_corners(p, t))
    assert set(lit) == set(t.model.cards)


@pytest.fixture
def unhurried(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Opener]:
    """Windows whose computer takes three seconds a move: time to look round the hand
    while it plays."""
    yield from windows(tmp_path, monkeypatch, replace(FAST, ai_pacing=3.0))


@pytest.mark.parametrize("size", [(960, 600), (1280, 720)])
def test_every_corner_reads_beside_a_raised_card(unhurried: Opener,
                                                 monkeypatch: pytest.MonkeyPatch,
                                                 size: tuple[int, int]) -> None:
    """Eleven cards after the draw: the card drawn, a card under the pointer, then the
    keys round the hand; ten while the computer plays, the keys round the hand again."""
    stacked(monkeypatch, GIN_DEAL, "4S", stock_top="8D")
    p = unhurried(size)
    me, t = gin_drawn(p)
    settled(p, t)
    assert hidden_corners(p, t) == []  # the card drawn stands raised in its place
    middle = t.model.cards[5]
    me.point(card_point(t, middle))  # under the resting pointer
    settled(p, t)
    assert t.lift[middle] == 1.0 and hidden_corners(p, t) == []
    me.point((t.layout.stock.centerx, t.layout.stock.top - 40))
    keys_round_the_hand(p, me, t, "11 cards")
    me.key(pygame.K_RETURN)  # the card the keys light is thrown
    assert p.until(lambda: len(t.model.cards) == 10 and not t.director.active, 600)
    assert t.view.current == 1 and t.controller.thinking == 1  # Ada plays, unhurried
    keys_round_the_hand(p, me, t, "10 cards")
    assert t.view.current == 1 and len(t.model.cards) == 10


def test_every_corner_reads_in_groups_and_under_the_hint(pilot: Pilot,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Eleven cards arranged in melds at 960x600 (the gaps between groups close the hand
    up most): the keys round the hand, then the hint's card moved to the middle."""
    stacked(monkeypatch, GIN_DEAL, "4S", stock_top="8D")
    me, t = gin_drawn(pilot)
    me.press("Arrange melds")
    settled(pilot, t)
    assert len(t.order.groups or []) >= 3
    keys_round_the_hand(pilot, me, t, "in groups")
    me.key(pygame.K_h)
    assert pilot.until(lambda: t.coach.hint is not None, 5000)
    hint = t.coach.hint
    assert hint is not None and hint.cards
    card = hint.cards[0]
    settled(pilot, t)
    assert hidden_corners(pilot, t) == []
    if t.model.cards.index(card) > len(t.model.cards) - 3:  # the hint's card to the middle
        me.drag(card_point(t, card), card_point(t, t.model.cards[4]))
        settled(pilot, t)
        assert t.coach.hint is not None and t.model.cards.index(card) < 8, t.model.cards
    me.point((t.layout.stock.centerx, t.layout.stock.top - 40))
    settled(pilot, t)
    assert hidden_corners(pilot, t) == []


def test_a_card_seen_beside_the_raised_one_is_the_one_clicked(pilot: Pilot,
                                                              monkeypatch: pytest.MonkeyPatch
                                                              ) -> None:
    """The hand opened round the keys' card: a click on the corner of the card after it
    picks that card, where it is seen."""
    stacked(monkeypatch, GIN_DEAL, "4S", stock_top="8D")
    me, t = gin_drawn(pilot)
    me.key(pygame.K_LEFT)  # the card drawn, then the one before it
    me.key(pygame.K_LEFT)
    settled(pilot, t)
    i = t.model.focus_index
    assert i is not None and i + 1 < len(t.model.cards)
    after = t.model.cards[i + 1]
    rect = render.hand_rect(t, i + 1, after)
    assert rect.left >= render.hand_rect(t, i, t.model.cards[i]).right  # in the open
    me.click((rect.left + 8, rect.top + 20))  # its corner
    assert t.model.selected == [after]


@pytest.mark.parametrize("groups", [[11], [3, 3, 3, 1, 1], [24], [3] * 8])
def test_the_hand_opens_round_a_whole_card_at_any_spacing(pilot: Pilot,
                                                          groups: list[int]) -> None:
    """Down to the narrowest spacing a hand is laid out at (a quarter of a card between
    corners), the hand opens after a card drawn whole by what covered the next corner,
    and no other card closes up past its own corner."""
    start(pilot, PRESETS["gin"], (HUMAN, "computer"))
    t = on_table(pilot)
    lay = compute(pilot.app.size, t.view, groups)
    w = lay.card_w
    lefts = [r.left for r in lay.hand]
    gaps = [b - a for a, b in zip(lefts, lefts[1:], strict=False)]
    assert min(gaps) >= w * 0.24 - 1  # the layout's own narrowest (rounded)
    room = (lay.left_buttons.right + 8, lay.right_buttons.left - 8)
    inside = room[0] <= lefts[0] and lay.hand[-1].right <= room[1]
    for i in range(len(lefts)):
        aside = lay.spread([i])
        now = [x + d for x, d in zip(lefts, aside, strict=True)]
        if i + 1 < len(now):
            assert now[i + 1] >= now[i] + w, (i, now)  # the next corner in the open
        for k in range(len(now) - 1):
            if k != i:
                assert now[k + 1] - now[k] >= min(gaps[k], w * CORNER) - 1, (i, k)
        if inside and sum(gaps) + w + w - min(gaps) <= room[1] - room[0]:
            assert room[0] <= now[0] and now[-1] + w <= room[1], (i, now)
    assert lay.spread([len(lefts) - 1]) == [0] * len(lefts)  # the last card covers none
    assert lay.spread([]) == [0] * len(lefts)
