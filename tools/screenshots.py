"""Make the README screenshots: ``python tools/screenshots.py docs/screenshots``; the
table, a hint, a showdown and the rules in another language:
``python tools/screenshots.py docs/screenshots --language de``.

Runs the real scenes headless at 1280x720 and plays the human seat with the
computer player's choices (through the table's own ``act``) to reach each state.
It opens screens by name, as the game does, and looks at them by their classes
(which is why it lives here, outside the game: no screen of the game imports another).
Everything is stored in a fresh temporary folder (``KNOCKRUMMY_HOME``), so the
pictures do not depend on, or add to, your own saved games and statistics.
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["KNOCKRUMMY_HOME"] = tempfile.mkdtemp(prefix="knockrummy-shots-")

import pygame  # noqa: E402

import knockrummy.ui.screens  # noqa: E402,F401  every screen by name, for app.open
from knockrummy.app.computer import make_computer  # noqa: E402
from knockrummy.app.controller import COMPUTER, HUMAN, GameSetup, SeatSetup  # noqa: E402
from knockrummy.app.prefs import Prefs  # noqa: E402
from knockrummy.app.setups import COMPUTER_NAMES, NAMES  # noqa: E402
from knockrummy.engine import (  # noqa: E402
    PRESETS,
    Discard,
    MatchState,
    MeldCards,
    apply,
    legal_actions,
    new_match,
)
from knockrummy.storage import SaveStore, Seat, StatsStore  # noqa: E402
from knockrummy.ui import matches  # noqa: E402
from knockrummy.ui.app import App  # noqa: E402
from knockrummy.ui.pilot import Pilot  # noqa: E402
from knockrummy.ui.screens.handoff import HandoffScene  # noqa: E402
from knockrummy.ui.screens.review import ReviewScene  # noqa: E402
from knockrummy.ui.screens.scores import ScoresScene  # noqa: E402
from knockrummy.ui.screens.showdown import ShowdownScene  # noqa: E402
from knockrummy.ui.table.scene import TableScene  # noqa: E402

SIZE = (1280, 720)


def setup(preset: str, players: int, seed: int, human: bool = True) -> GameSetup:
    """You plus computers."""
    names = NAMES if human else COMPUTER_NAMES
    seats = tuple(SeatSetup(names[i], HUMAN if i == 0 and human else "computer", "medium")
                  for i in range(players))
    return GameSetup(PRESETS[preset], seats, seed)


def human_turns(p: Pilot, turns: int, stop: Callable[[TableScene], bool] | None = None,
                prefer_melds: bool = False, through: bool = True) -> TableScene:
    """Play ``turns`` human turns with a medium computer's choices, then wait for the
    next one (hands that end on the way are skipped when ``through``)."""
    bot = make_computer("medium", 99)
    done = 0
    while True:
        p.until(lambda: isinstance(p.top, ShowdownScene) or (
            isinstance(p.top, TableScene) and p.top.controller.human_to_act
            and bool(p.top.model.legal)), 100_000)
        top = p.top
        if isinstance(top, ShowdownScene):
            if not through:  # the table under the showdown
                return next(s for s in p.app.stack.scenes if isinstance(s, TableScene))
            top.skip()
            top.proceed()
            continue
        assert isinstance(top, TableScene)
        t = top
        if done >= turns or (stop is not None and stop(t)):
            return t
        legal = t.controller.legal()
        melds = [a for a in legal if isinstance(a, MeldCards)]
        action = melds[0] if prefer_melds and melds else bot.choose(t.controller.view(), legal)
        t.act(action)
        if t.view.phase.value == "draw":
            done += 1


def settle(p: Pilot, frames: int = 90) -> None:
    """Let animations finish."""
    p.step(frames)


def save(app: App, out: Path, name: str) -> None:
    """Draw and write ``name``.png."""
    app.draw()
    pygame.image.save(app.screen, str(out / f"{name}.png"))
    print(out / f"{name}.png")


def random_match(preset: str, players: int, seed: int, actions: int | None = None,
                 ) -> MatchState:
    """A match played with random legal moves (to fill saved games and statistics)."""
    rng = random.Random(seed)
    match = new_match(PRESETS[preset], players, seed, ["Ann", "Bob", "Cleo", "Dev"][:players])
    done = 0
    while not match.over and (actions is None or done < actions):
        match, _ = apply(match, rng.choice(legal_actions(match)))
        done += 1
    return match


def fill_store() -> None:
    """Some saved games and a history of finished matches."""
    stats = StatsStore()
    for i in range(16):
        preset = ("knock", "knock-hoyle")[i % 2]
        match = random_match(preset, 2, 300 + i)
        seats = [Seat("Ann"), Seat("Bob", "computer", ("easy", "medium", "hard")[i % 3])]
        for record in match.records:
            stats.record_hand(match, record, seats, match_id=f"m{i}")
        stats.record_match(match, seats, match_id=f"m{i}")
    store = SaveStore()
    kept = (("gin", 2, 120, [Seat("Ann"), Seat("Bob", "computer", "hard")]),
            ("rummy", 3, 60, [Seat("Ann"), Seat("Bob"), Seat("Cleo", "computer", "medium")]),
            ("knock", 4, 30, [Seat("Ann"), Seat("Bob", "computer", "easy"),
                              Seat("Cleo", "computer", "medium"),
                              Seat("Dev", "computer", "medium")]))
    for n, (preset, players, actions, seats) in enumerate(kept):
        store.save(f"{n + 1:x}c0ffee{n}", random_match(preset, players, 40 + n, actions), seats)


def passplay_handoff(app: App, p: Pilot, out: Path) -> None:
    """Three people and a computer: the screen passed after a turn."""
    seats = (SeatSetup("Ann", HUMAN), SeatSetup("Bob", HUMAN),
             SeatSetup("Cleo", COMPUTER, "medium"), SeatSetup("Dev", HUMAN))
    matches.start_game(app, GameSetup(PRESETS["knock"], seats, 41))
    for turn in range(2):
        p.until(lambda: isinstance(p.top, HandoffScene) and p.top.armed, 100_000)
        if turn:
            break
        p.click((30, 30))
        t = p.top
        assert isinstance(t, TableScene)
        t.act(t.controller.legal()[0])
        settle(p, 20)
        t.act(next(a for a in t.controller.legal() if isinstance(a, Discard)))
    save(app, out, "pass-and-play")


def coach_shots(app: App, p: Pilot, out: Path) -> None:
    """A hint on the table, a hand review with a turning point, the replay at it."""
    matches.start_game(app, setup("gin", 2, 11))
    t = human_turns(p, 3)
    t.act(t.controller.legal()[0])  # draw from the stock
    settle(p)
    p.key(pygame.K_h)
    p.until(lambda: t.coach.shown is not None, 10_000)
    settle(p)
    save(app, out, "hint")

    # seed 24: played by the easy level, the hand turns on a knock taken too late
    matches.start_game(app, setup("gin", 2, 24))
    bot = make_computer("easy", 5)
    while not isinstance(p.top, ShowdownScene):
        p.until(lambda: isinstance(p.top, ShowdownScene) or (
            isinstance(p.top, TableScene) and p.top.controller.human_to_act
            and bool(p.top.model.legal)), 100_000)
        top = p.top
        if isinstance(top, TableScene):
            top.act(bot.choose(top.controller.view(), top.controller.legal()))
    showdown = p.top
    assert isinstance(showdown, ShowdownScene)
    showdown.skip()
    p.press("Review")
    review = p.top
    assert isinstance(review, ReviewScene)
    p.until(lambda: review.review is not None, 10_000)
    p.step(2)
    save(app, out, "review")
    assert review.review is not None and review.review.decisions
    point = review.review.turning_point or review.review.decisions[0]
    review.replay(max(0, point.step - 1))  # the replay just before the turning point
    p.step(2)
    save(app, out, "replay")


def language_shots(out: Path, code: str) -> None:
    """The table, a hint, a showdown and the rules in language ``code``:
    ``table-<code>.png`` ... (``--language de``)."""
    app = App(SIZE, Prefs(animation_speed=3.0, ai_pacing=0.0, language=code,
                          lessons_offered=True), save_prefs=False)
    app.fixed_dt = 1 / 30
    p = Pilot(app)
    app.open_fresh("title")
    matches.start_game(app, setup("knock", 3, 4))
    t = human_turns(p, 1)
    t.act(t.controller.legal()[0])  # draw
    settle(p)
    p.move(t.layout.hand[len(t.layout.hand) // 2].move(6, 10).topleft)
    save(app, out, f"table-{code}")
    p.key(pygame.K_h)
    p.until(lambda: t.coach.shown is not None, 10_000)
    settle(p)
    save(app, out, f"hint-{code}")
    matches.start_game(app, setup("gin-yimmaw", 2, 3))
    human_turns(p, 200, through=False)
    p.until(lambda: isinstance(p.top, ShowdownScene), 100_000)
    top = p.top
    assert isinstance(top, ShowdownScene)
    top.skip()
    p.step(2)
    save(app, out, f"showdown-{code}")
    matches.to_title(app)
    app.open("rules", PRESETS["knock"], browse=True)
    p.step(2)
    save(app, out, f"rules-{code}")
    pygame.quit()


def main(out_dir: str = "docs/screenshots", *rest: str) -> int:
    """Write every screenshot (``--language CODE``: only that language's four)."""
    if rest[:1] == ("--language",) and len(rest) == 2:
        Path(out_dir).mkdir(parents=True, exist_ok=True)
        language_shots(Path(out_dir), rest[1])
        return 0
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    app = App(SIZE, Prefs(animation_speed=3.0, ai_pacing=0.0, allow_undo=True), save_prefs=False)
    app.fixed_dt = 1 / 30
    p = Pilot(app)
    app.open_fresh("title")
    p.move((640, 700))
    save(app, out, "title")
    app.open("newgame")
    p.step(2)
    save(app, out, "new-game")

    fill_store()
    app.open_fresh("title")
    app.open("saved")
    p.step(2)
    save(app, out, "saved-games")
    app.open_fresh("title")
    app.open("stats")
    p.step(2)
    save(app, out, "statistics")
    app.open_fresh("title")
    app.open("settings")
    p.step(2)
    save(app, out, "settings")
    passplay_handoff(app, p, out)

    matches.start_game(app, setup("gin", 2, 11))
    t = human_turns(p, 3)
    t.act(t.controller.legal()[0])  # draw
    settle(p)
    p.move(t.layout.hand[len(t.layout.hand) // 2].move(6, 10).topleft)
    save(app, out, "gin-2p")

    matches.start_game(app, setup("knock", 6, 21))
    t = human_turns(p, 1)
    settle(p)
    save(app, out, "knock-rummy-6p")

    matches.start_game(app, setup("knock", 3, 4))  # Knock pressed: choosing the card
    t = human_turns(p, 1)
    t.act(t.controller.legal()[0])  # draw
    settle(p)
    t.press("knock")
    p.move(t.layout.hand[-1].move(6, 30).topleft)
    settle(p, 30)
    save(app, out, "knock-choice")

    matches.start_game(app, setup("rummy", 3, 5))
    t = human_turns(p, 30, stop=lambda t: len(t.view.table) >= 3 and t.view.phase.value
                    == "play", prefer_melds=True)
    settle(p)
    save(app, out, "rummy-melds")

    top: object = None
    for seed in range(3, 40):  # a hand with a layoff onto the knocker's melds
        matches.start_game(app, setup("gin-yimmaw", 2, seed, human=True))
        human_turns(p, 200, through=False)
        p.until(lambda: isinstance(p.top, ShowdownScene), 100_000)
        top = p.top
        assert isinstance(top, ShowdownScene)
        if top.layoffs:
            print("showdown seed", seed, "layoffs", top.layoffs)
            break
    assert isinstance(top, ShowdownScene)
    top.skip()
    save(app, out, "showdown")

    coach_shots(app, p, out)

    matches.start_game(app, setup("knock", 3, 8, human=False))
    deadline = time.monotonic() + 300
    while not (isinstance(p.top, ScoresScene) and p.top.final) and time.monotonic() < deadline:
        p.step()
        top = p.top
        if isinstance(top, ShowdownScene):
            top.skip()
            top.proceed()
    save(app, out, "scores")
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:4]))
