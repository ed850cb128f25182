"""What first-time players and our own play-throughs could not see at the table (29
November), played again the way a person does, the frame read off the window:

- The discard pile lights under a resting pointer while a click there is a move (taking
  its card at the draw, throwing the card picked), as the stock does.
- A button's tooltip keeps off the "Last moves" panel where there is room elsewhere.
- A hint of two or three lines leaves the deadwood count readable (it stands above the
  hint, under the piles' labels).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from knockrummy.app.controller import HUMAN
from knockrummy.engine import PRESETS, Card, Phase
from knockrummy.ui.pilot import Pilot
from knockrummy.ui.table import controls, render
from knockrummy.ui.table.scene import TableScene
from knockrummy.ui.widgets import tooltips_drawn
from tests.table_support import (
    Opener,
    Person,
    card_point,
    make_pilot,
    on_table,
    stacked,
    start,
    wait_play,
    windows,
)

C = Card.parse

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
    me.point(knock.center, rest=40)
    frame(pilot, t)
    log = render.DRAWN["log"]
    assert log.bottom > knock.top - 120  # the moves reach down near the button
    tips = tooltips_drawn()
    assert len(tips) == 1
    assert not tips[0].colliderect(log), (tips[0], log)


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


def fit_count(t: TableScene) -> tuple[int, int]:
    """The size of the count line as drawn (its words at its size)."""
    return t.app.fonts.text(controls.hand_count_text(t.view), t.app.text_size(16),
                            bold=True).get_size()
