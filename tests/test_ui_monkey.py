"""Monkey test: random clicks, drags and keys across every screen.

Each action goes through the real scene loop; after each one the match (when
there is one) is checked: 52 distinct cards, a legal action unless it is over,
no error from the controller or a computer player. No exception may escape.
A soak test: 20,000 actions with ``--soak``, 2,000 in the quick run;
``KNOCKRUMMY_MONKEY`` sets the number of actions of either.

The run is the same on every machine: time is the steps' time (``fixed_dt``), and
after every pass of the loop the monkey waits for the computers, hints, autosaves and
reviews under way (``Pilot.step_settled``), and new matches are dealt from its seed, so
a slow or busy machine does not change which screens it reaches (a run on a loaded CI
host once missed the showdown).
"""

from __future__ import annotations

import hashlib
import os
import random
from pathlib import Path

import pygame
import pytest

from knockrummy.app.prefs import Prefs
from knockrummy.engine import MatchState, legal_actions
from knockrummy.ui.app import App
from knockrummy.ui.pilot import Pilot
from knockrummy.ui.screens.title import TitleScene
from knockrummy.ui.table.scene import TableScene
from tests.soak_support import SoakLength

#: actions of the quick run and of the full one (``--soak``)
SHORT, FULL = 2_000, 20_000
KEYS = (
    pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_RETURN, pygame.K_SPACE,
    pygame.K_k, pygame.K_s, pygame.K_g, pygame.K_b, pygame.K_p, pygame.K_t, pygame.K_m,
    pygame.K_f, pygame.K_a, pygame.K_n, pygame.K_r, pygame.K_l, pygame.K_ESCAPE, pygame.K_TAB,
    pygame.K_BACKSPACE, pygame.K_PAGEDOWN, pygame.K_F11, pygame.K_q,
    # the coach: hint, undo (with Ctrl), review, export, history; replay's Home/End
    pygame.K_h, pygame.K_z, pygame.K_v, pygame.K_x, pygame.K_HOME, pygame.K_END,
    pygame.K_PAGEUP,
)
#: the modules that take a fresh match seed (``random_seed``) when a match starts
SEEDED = ("knockrummy.ui.matches", "knockrummy.ui.table.lessonpanel",
          "knockrummy.ui.screens.newgame", "knockrummy.app.setups", "knockrummy.app.session")
#: keys pressed with Ctrl now and then (Ctrl+Q quits, Ctrl+Z takes a move back)
CTRL_KEYS = (pygame.K_q, pygame.K_z)


def check_match(match: MatchState) -> None:
    hand = match.hand
    cards = [c for h in hand.hands for c in h] + list(hand.stock) + list(hand.discard)
    cards += [c for m in hand.table for c in m.cards]
    if hand.knock_card is not None and hand.knock_card not in hand.discard:
        cards.append(hand.knock_card)
    assert len(cards) == 52 and len(set(cards)) == 52, "cards lost or duplicated"
    assert match.over or legal_actions(match), "no legal action in a live match"


def targets(app: App) -> list[pygame.Rect]:
    """Rectangles worth hitting on the active screen."""
    top = app.stack.top
    rects: list[pygame.Rect] = []
    buttons = getattr(top, "buttons", None)
    if isinstance(buttons, dict):
        rects += [b.rect for b in buttons.values() if b.visible]
    elif isinstance(buttons, list):
        rects += [b.rect for b in buttons if b.visible]
    if isinstance(top, TableScene):
        lay = top.layout
        rects += [*lay.hand, lay.stock, lay.discard, lay.meld_zone]
        rects += [r for m in lay.melds for r in m]
    # rows: saved games, match records, the scores sheet's hands, the replay's moves
    rects += [rect for _index, rect in getattr(top, "row_rects", []) or []]
    rects += [rect for _index, rect in getattr(top, "move_rows", []) or []]
    whose = getattr(top, "whose", None)  # a review's "whose hand" in pass-and-play
    if whose is not None:
        rects.append(whose.rect)
    seats = getattr(top, "seats", None)  # new game: human or computer, so pass-and-play too
    if isinstance(seats, list):
        rects += [row.kind.rect for row in seats if hasattr(row, "kind")]
    for name in ("preset", "players", "game", "level"):
        choice = getattr(top, name, None)
        if choice is not None:
            rects += [choice.left, choice.right]
    for _spec, choice in getattr(top, "option_rows", []) or []:
        rects += [choice.left, choice.right]
    for _name, choice in getattr(top, "rows", []) or []:
        rects += [choice.left, choice.right]
    return [r for r in rects if r.width > 0]


def point(rng: random.Random, app: App) -> tuple[int, int]:
    rects = targets(app)
    w, h = app.size
    if rects and rng.random() < 0.8:
        r = rng.choice(rects)
        return rng.randint(r.left, max(r.left, r.right - 1)), rng.randint(r.top, r.bottom - 1)
    return rng.randrange(w), rng.randrange(h)


@pytest.mark.soak
def test_monkey(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                soak_length: SoakLength) -> None:
    actions = int(os.environ.get("KNOCKRUMMY_MONKEY", soak_length.pick(SHORT, FULL)))
    monkeypatch.setenv("KNOCKRUMMY_HOME", str(tmp_path))
    rng = random.Random(20261123)
    seeds = random.Random(7)  # every new match's deal, from the test's seed too
    for where in SEEDED:
        monkeypatch.setattr(f"{where}.random_seed", lambda: seeds.getrandbits(48))
    app = App((960, 600), Prefs(animation_speed=4.0, ai_pacing=0.0, allow_undo=True),
              save_prefs=False)
    app.fixed_dt = 1 / 30
    app.reset(TitleScene(app))
    pilot = Pilot(app)
    screens: set[str] = set()
    matches = 0
    seen: object = None
    #: per match played: hints asked and moves taken back, as last seen
    coached: dict[object, tuple[int, int]] = {}
    #: the screens in the order met, digested: the same seed plays the same run
    trail = hashlib.sha256()
    try:
        for _ in range(actions):
            r = rng.random()
            if r < 0.5:
                pos = point(rng, app)
                pilot.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
                pilot.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
                pilot.post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
            elif r < 0.75:
                a, b = point(rng, app), point(rng, app)
                pilot.post(pygame.MOUSEBUTTONDOWN, pos=a, button=1)
                mid = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
                pilot.post(pygame.MOUSEMOTION, pos=mid, rel=(0, 0), buttons=(1, 0, 0))
                pilot.post(pygame.MOUSEMOTION, pos=b, rel=(0, 0), buttons=(1, 0, 0))
                pilot.post(pygame.MOUSEBUTTONUP, pos=b, button=1)
            elif r < 0.97:
                key = rng.choice(KEYS)
                mod = pygame.KMOD_CTRL if key in CTRL_KEYS and rng.random() < 0.3 else 0
                pilot.post(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)
            elif r < 0.985:
                pilot.post(pygame.TEXTINPUT, text=rng.choice("abcXYZ 1"))
            else:
                pilot.post(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)), flipped=False)
            pilot.step_settled(rng.choice((1, 1, 2, 6)))
            top = app.stack.top
            screens.add(getattr(top, "name", "?"))
            trail.update(getattr(top, "name", "?").encode())
            if not app.running:  # Quit or Ctrl+Q: start again from the title
                app.running = True
                app.reset(TitleScene(app))
            controller = app.session.controller if app.session is not None else None
            if controller is not None:
                if controller is not seen:
                    seen = controller
                    matches += 1
                check_match(controller.match)
                assert not controller.errors, controller.errors
                assert controller.hints.error is None, controller.hints.error
                coached[controller] = (controller.hints.count, controller.undo_tracker.count)
    finally:
        if app.session is not None:
            app.session.controller.close()
        pygame.quit()
    hints = sum(h for h, _ in coached.values())
    undos = sum(u for _, u in coached.values())
    print(f"monkey: {actions} actions, screens {sorted(screens)}, {matches} matches, "
          f"{hints} hints, {undos} undos, trail {trail.hexdigest()[:12]}")
    assert {"title", "newgame", "table"} <= screens, screens
    assert matches >= 1
    if actions >= FULL:  # the coach's buttons and screens are reached, not only the old ones
        assert {"review", "replay", "records", "scores"} <= screens, screens
        assert hints > 0 and undos > 0, (hints, undos)
