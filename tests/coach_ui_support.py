"""Helpers for the coach tests through the real scene loop (no tests here).

A window (dummy video driver) in a private storage home, a match started through
``matches.start_game`` (so it autosaves like any other), and ways to play the
human seat through the table: waiting for the turn, following a hint the way a
player would (the lit pile, the focused card, the lit button, a drag onto the lit
meld), or playing a computer player's choice.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from knockrummy.app.computer import ComputerPlayer, make_computer
from knockrummy.app.controller import COMPUTER, HUMAN, Controller, GameSetup, SeatSetup
from knockrummy.app.prefs import Prefs
from knockrummy.coach import Hint
from knockrummy.engine import Action, Knock, Rules
from knockrummy.ui import matches
from knockrummy.ui.app import App
from knockrummy.ui.pilot import Pilot
from knockrummy.ui.screens.showdown import ShowdownScene
from knockrummy.ui.screens.title import TitleScene
from knockrummy.ui.table.scene import TableScene
from tests.table_support import my_turn

FAST = Prefs(animation_speed=4.0, ai_pacing=0.0, allow_undo=True)


def make_pilot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
               prefs: Prefs = FAST, size: tuple[int, int] = (1280, 720)) -> Iterator[Pilot]:
    """A window (1280x720 unless ``size`` says) on the title, storage in ``tmp_path``."""
    monkeypatch.setenv("KNOCKRUMMY_HOME", str(tmp_path))
    app = App(size, prefs, save_prefs=False)
    app.fixed_dt = 1 / 60
    app.reset(TitleScene(app))
    yield Pilot(app)
    matches.close_game(app)
    pygame.quit()


def start(p: Pilot, rules: Rules, seed: int, kinds: tuple[str, ...],
          level: str = "medium") -> Controller:
    """A match: ``kinds`` per seat, "human" or "computer"."""
    names = ("Ann", "Bob", "Cleo", "Dev", "Eve", "Fay")
    seats = tuple(SeatSetup(names[i], HUMAN if k == HUMAN else COMPUTER, level)
                  for i, k in enumerate(kinds))
    return matches.start_game(p.app, GameSetup(rules, seats, seed)).controller


def table(p: Pilot) -> TableScene:
    top = p.top
    assert isinstance(top, TableScene), top
    return top


def wait_turn(p: Pilot) -> TableScene | ShowdownScene:
    """Until the human may act on the table (hand-offs accepted) or a showdown opens."""
    return my_turn(p)


def hand_point(t: TableScene, card_index: int) -> tuple[int, int]:
    r = t.layout.hand[card_index]
    return r.x + 6, r.centery - r.height // 4


def follow(p: Pilot, t: TableScene, hint: Hint) -> None:
    """Do what the hint says the way the README tells a player to: press Enter.
    Whatever the keyboard focus was on, Enter makes the lit move; a knock, as the Knock
    button does, first shows the hint's card in the knock choice, and Enter again knocks
    with it."""
    p.key(pygame.K_RETURN)
    if isinstance(hint.action, Knock):
        assert t.model.choice is not None, "one Enter knocked, with no step between"
        assert t.model.choice_candidate() is hint.action.card
        p.key(pygame.K_RETURN)


def bot_move(t: TableScene, bot: ComputerPlayer) -> Action:
    """Play one move of the human seat with a computer player's choice."""
    c = t.controller
    action = bot.choose(c.view(), c.legal())
    assert t.act(action) is None
    return action


def easy_bot() -> ComputerPlayer:
    """A player that often differs from the strong one (so reviews have something to say)."""
    return make_computer("easy", 5)
