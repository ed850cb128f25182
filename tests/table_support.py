"""A table to play through the real scene loop, with the first deal stacked (no tests here).

``stacked(monkeypatch, hands=..., upcard=..., stock_top=...)`` makes the next match's
first hand deal exactly those cards (the rest of the deck under the named stock
cards, in the seeded order), with seat 0 dealing to seat 1... or with ``first``
playing first. The engine then plays that hand by its own rules. Only tests do
this: the game itself has no way to choose a deal.

``Person`` plays like one: the pointer travels to a place and rests there before it
presses, keys are pressed one at a time, and what was hovered or focused before is
left as it fell.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from knockrummy.app.controller import COMPUTER, HUMAN, Controller, GameSetup, SeatSetup
from knockrummy.app.prefs import Prefs
from knockrummy.coach import undo as coach_undo
from knockrummy.engine import (
    Action,
    Card,
    DrawStock,
    Phase,
    PlayerView,
    Rules,
    hand_replay,
    parse_cards,
)
from knockrummy.engine import flow as engine_flow
from knockrummy.engine import match as engine_match
from knockrummy.engine import record as engine_record
from knockrummy.engine.state import HandState
from knockrummy.ui import matches
from knockrummy.ui.app import App
from knockrummy.ui.pilot import Pilot
from knockrummy.ui.replay.scene import ReplayScene
from knockrummy.ui.screens.handoff import HandoffScene
from knockrummy.ui.screens.scores import ScoresScene
from knockrummy.ui.screens.showdown import ShowdownScene
from knockrummy.ui.screens.title import TitleScene
from knockrummy.ui.table import render
from knockrummy.ui.table.scene import TableScene

FAST = Prefs(animation_speed=4.0, ai_pacing=0.0)
NAMES = ("You", "Ada", "Ben", "Cy", "Di", "Ed")


def stacked(monkeypatch: pytest.MonkeyPatch, hands: list[str], upcard: str,
            stock_top: str = "", first: int = 0, stock_size: int | None = None) -> None:
    """Stack the first deal of the next match: ``hands`` per seat, the ``upcard``, and
    the next cards of the stock in the order they will be drawn; ``first`` plays first.
    With ``stock_size`` the stock holds only that many cards, the others lying under
    the up card (a hand near its end)."""
    real_deal = engine_flow.deal
    held = [tuple(parse_cards(h)) for h in hands]
    up = parse_cards(upcard)[0]
    top = parse_cards(stock_top)
    used = [c for h in held for c in h] + [up] + top
    assert len(set(used)) == len(used), "a card is stacked twice"

    first_seed: list[int] = []

    def deal(rules: Rules, players: int, dealer: int, seed: int,
             names: tuple[str, ...] | None = None) -> tuple[HandState, list[object]]:
        state, events = real_deal(rules, players, dealer, seed, names)
        if not first_seed:
            first_seed.append(seed)
        if seed != first_seed[0]:  # a later hand: shuffled as usual
            return state, events
        assert all(len(h) == rules.cards_for(players) for h in held), "wrong hand sizes"
        deck = state.stock + state.discard + tuple(c for h in state.hands for c in h)
        rest = [c for c in deck if c not in used]
        pile: list[Card] = []
        if stock_size is not None:
            under = stock_size - len(top)
            assert under >= 0
            rest, pile = rest[:under], rest[under:]
        stock = tuple(rest) + tuple(reversed(top))
        phase = Phase.UPCARD_OFFER if rules.first_turn_upcard_offer else Phase.DRAW
        state = replace(state, hands=tuple(held), stock=stock, discard=(*pile, up),
                        dealer=(first - 1) % players, current=first, phase=phase)
        return state, events

    for module in (engine_match, hand_replay, coach_undo, engine_record):
        monkeypatch.setattr(module, "deal", deal)


Opener = Callable[[tuple[int, int]], Pilot]


def windows(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
            prefs: Prefs = FAST) -> Iterator[Opener]:
    """For a fixture: a function that opens a window of a given size on the title
    (dummy video driver, storage in ``tmp_path``); every window is closed afterwards."""
    monkeypatch.setenv("KNOCKRUMMY_HOME", str(tmp_path))
    apps: list[App] = []

    def open_window(size: tuple[int, int]) -> Pilot:
        app = App(size, prefs, save_prefs=False)
        app.fixed_dt = 1 / 60
        app.reset(TitleScene(app))
        apps.append(app)
        return Pilot(app)

    yield open_window
    for app in apps:
        matches.close_game(app)
    pygame.quit()


def make_pilot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int] = (1280, 720),
               prefs: Prefs = FAST) -> Iterator[Pilot]:
    """A window (dummy video driver) on the title, storage in ``tmp_path``."""
    for open_window in windows(tmp_path, monkeypatch, prefs):
        yield open_window(size)


def start(p: Pilot, rules: Rules, kinds: tuple[str, ...], seed: int = 1,
          level: str = "medium") -> Controller:
    """A match through the session (autosaving like any other): seat kinds "human"/"computer"."""
    seats = tuple(SeatSetup(NAMES[i], HUMAN if k == HUMAN else COMPUTER, level)
                  for i, k in enumerate(kinds))
    return matches.start_game(p.app, GameSetup(rules, seats, seed)).controller


def table(p: Pilot) -> TableScene:
    top = p.top
    assert isinstance(top, TableScene), top
    return top


def ringed(screen: pygame.Surface, rect: pygame.Rect,
           colour: tuple[int, int, int]) -> int:
    """Pixels of ``colour`` in the two rows just outside ``rect``'s bottom edge, where a
    focus ring is drawn (buttons' ring in the text colour, pills' in the accent)."""
    ring = rect.inflate(6, 6)
    rows = (ring.bottom - 1, ring.bottom - 2)
    return sum(1 for x in range(ring.left + 8, ring.right - 8) for y in rows
               if tuple(screen.get_at((x, y)))[:3] == colour)


def my_turn(p: Pilot) -> TableScene | ShowdownScene:
    """Until the human may act (hand-offs accepted) or a showdown opens."""
    def ready() -> bool:
        top = p.top
        if isinstance(top, HandoffScene) and top.armed:
            top.ready()
        if isinstance(top, ShowdownScene):
            return True
        return isinstance(top, TableScene) and top.controller.human_to_act \
            and bool(top.model.legal) and not top.director.active and not top.controller.steps \
            and p.app.now() >= top.settled_at  # after a hand-off, a look at the cards
    assert p.until(ready, 100_000)
    top = p.top
    assert isinstance(top, TableScene | ShowdownScene)
    return top


def on_table(p: Pilot) -> TableScene:
    """Until the human's turn on the table; a showdown first fails the test (a dealt
    position must reach the human)."""
    top = my_turn(p)
    assert isinstance(top, TableScene), "the hand ended before the human's turn"
    return top


def wait_play(p: Pilot, t: TableScene) -> None:
    """Until the draw has landed and the human may throw (or meld, or knock)."""
    assert p.until(lambda: t.view.phase is Phase.PLAY and not t.director.active
                   and bool(t.model.legal))


def card_point(t: TableScene, card: Card) -> tuple[int, int]:
    """A point on ``card`` in the hand that no neighbour covers (its left strip), where
    the card stands once the hand has opened round a card drawn whole (the keys', the
    hint's), as a person points at what they see."""
    index = t.order.cards.index(card)
    aside = t.layout.spread(render.whole_places(t))
    r = t.layout.hand[index].move(aside[index] if index < len(aside) else 0, 0)
    return r.x + 6, r.centery


class Scripted:
    """A computer seat that makes these moves in order, then the simplest legal one."""

    def __init__(self, moves: Sequence[Action]) -> None:
        self.moves = list(moves)

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if self.moves and self.moves[0] in legal:
            return self.moves.pop(0)
        draws = [a for a in legal if isinstance(a, DrawStock)]
        return draws[0] if draws else legal[-1]


class Person:
    """Plays through the pilot the way a person does."""

    def __init__(self, pilot: Pilot) -> None:
        self.p = pilot

    def point(self, pos: tuple[int, int], rest: int = 3) -> None:
        """Move the pointer to ``pos`` in a few steps and let it rest there."""
        self.p.move((pos[0] - 30, pos[1] - 12))
        self.p.move(pos)
        self.p.step(rest)

    def click(self, pos: tuple[int, int]) -> None:
        """Travel, hover, then click."""
        self.point(pos)
        self.p.click(pos)

    def double_click(self, pos: tuple[int, int]) -> None:
        """Two quick clicks at the same place."""
        self.point(pos)
        self.p.click(pos, steps=1)
        self.p.click(pos)

    def press(self, label: str) -> None:
        """Travel to the visible button starting with ``label``, hover it, click it."""
        self.click(self.p.button(label).rect.center)

    def key(self, key: int, times: int = 1) -> None:
        """Press a key ``times`` times, a few frames apart."""
        for _ in range(times):
            self.p.key(key)
            self.p.step(2)

    def drag(self, start: tuple[int, int], end: tuple[int, int]) -> None:
        """Hover the card, press, carry it over and let go."""
        self.point(start)
        self.p.drag(start, end, moves=6)


def first_hand_replay(p: Pilot, rules: Rules, players: int, seed: int,
                      names: Sequence[str] = NAMES) -> ReplayScene:
    """Computers play a match's first hand; then *Scores*, then *Replay*, as a player
    opens it from the showdown."""
    seats = tuple(SeatSetup(names[i], COMPUTER, "medium") for i in range(players))
    matches.start_game(p.app, GameSetup(rules, seats, seed))
    assert p.until(lambda: isinstance(p.top, ShowdownScene), 60_000)
    p.click((5, 5))
    p.press("Scores")
    assert isinstance(p.top, ScoresScene)
    p.press("Replay")
    replay = p.top
    assert isinstance(replay, ReplayScene)
    return replay
