"""What first-time players and our own play-throughs could not see at the table (29
November), played again the way a person does, the frame read off the window:

- The discard pile lights under a resting pointer while a click there is a move (taking
  its card at the draw, throwing the card picked), as the stock does.
- A button's tooltip keeps off the "Last moves" panel where there is room elsewhere.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from knockrummy.app.controller import HUMAN
from knockrummy.engine import PRESETS, Card, Phase
from knockrummy.ui.pilot import Pilot
from knockrummy.ui.table import render
from knockrummy.ui.table.scene import TableScene
from knockrummy.ui.widgets import tooltips_drawn
from tests.table_support import Person, card_point, make_pilot, on_table, stacked, start, wait_play

C = Card.parse

KNOCK_DEAL = ["8H 8D 8C 2S 2H 3H KS", "KH QD JS 9H 7C 6S 4D", "KD QH JH 9S 7D 6C 4S"]


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
