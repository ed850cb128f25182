"""Every screen of the game, reached the way a player reaches it, in whatever language
is spoken: buttons are found by their words in that language (``_("New game")``) or by
the screen's own attribute, never by English text.

``walk(pilot, look)`` plays: a pass-and-play match (the hand-off, the table, a hint lit,
the menu), the showdown, the scores, the final scores, a hand review and its replay, a
table of one player against the computer (Undo shown when the settings allow it), then
the title and every screen it opens (New game with six seats and every game, Settings
with every game, Statistics and its confirm, Saved games, Match records, Rules and How
to play's three pages, Learn to play and a lesson's table). ``look(name)`` is called on
each with the screen on top.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from knockrummy.ai import make_player
from knockrummy.app.controller import COMPUTER, HUMAN, GameSetup, SeatSetup
from knockrummy.engine import PRESETS
from knockrummy.i18n import _
from knockrummy.ui import matches
from knockrummy.ui.pilot import Pilot
from knockrummy.ui.screens.handoff import HandoffScene
from knockrummy.ui.screens.howto import HowToScene
from knockrummy.ui.screens.newgame import NewGameScene
from knockrummy.ui.screens.review import ReviewScene
from knockrummy.ui.screens.settings import SettingsScene
from knockrummy.ui.screens.showdown import ShowdownScene
from knockrummy.ui.screens.title import TitleScene
from knockrummy.ui.table.scene import TableScene

Look = Callable[[str], None]
#: the screens a walk shows, in order (a test checks the walk saw them all)
WALKED = (
    "hand-off", "table", "table, hint", "menu", "showdown", "review", "replay", "scores",
    "final scores", "gin table, one player", "title", "new game, six seats",
    *(f"new game, {k}" for k in PRESETS),
    "settings", *(f"settings, {k}" for k in PRESETS), "statistics", "confirm",
    "saved games", "match records", "rules", "how to play", "how to play, 2",
    "how to play, 3", "learn to play", "lesson")


def play_until(p: Pilot, done: Callable[[], bool]) -> None:
    """Play the human seats with a simple computer's choices, readying every hand-off,
    until ``done()``."""
    players = {}
    for _step in range(200_000):
        if done():
            return
        top = p.top
        if isinstance(top, HandoffScene) and top.armed:
            top.ready()
        if isinstance(top, TableScene) and top.controller.human_to_act and top.model.legal \
                and not top.director.active and not top.controller.steps:
            seat = top.view.seat
            player = players.setdefault(seat, make_player("simple", seed=seat))
            top.act(player.choose(top.view, top.model.legal))
        p.step()
    raise AssertionError("never got there")


def click(p: Pilot, rect: pygame.Rect) -> None:
    """Move over, hover a moment, click: as a person does."""
    p.move(rect.center)
    p.step(2)
    p.click(rect.center)


def press(p: Pilot, words: str) -> None:
    """Click the top screen's button that says ``words`` (already in the language)."""
    click(p, p.button(words).rect)


def walk(p: Pilot, look: Look) -> list[str]:
    """Show every screen and ``look`` at each; the names looked at."""
    seen: list[str] = []

    def at(name: str) -> None:
        look(name)
        seen.append(name)

    # the default human seat "You" is shown in the language; Ben and Ada are names
    seats = (SeatSetup("You", HUMAN), SeatSetup("Ben", HUMAN), SeatSetup("Ada", COMPUTER))
    matches.start_game(p.app, GameSetup(PRESETS["knock"], seats, 7))
    p.step(3)
    play_until(p, lambda: isinstance(p.top, HandoffScene))
    at("hand-off")
    play_until(p, lambda: isinstance(p.top, TableScene) and p.top.controller.human_to_act)
    at("table")
    table = p.top
    assert isinstance(table, TableScene)
    p.key(pygame.K_h)
    assert p.until(lambda: table.model.lit_hint is not None, 5000), "no hint came"
    p.step(30)
    at("table, hint")
    p.key(pygame.K_ESCAPE)
    at("menu")
    p.key(pygame.K_ESCAPE)
    play_until(p, lambda: isinstance(p.top, ShowdownScene))
    p.step(400)
    at("showdown")
    showdown = p.top
    assert isinstance(showdown, ShowdownScene)
    click(p, showdown.review_button.rect)
    assert p.until(lambda: isinstance(p.top, ReviewScene), 20_000), p.top
    review = p.top
    assert isinstance(review, ReviewScene)
    assert p.until(lambda: review.replay_button.enabled, 60_000), "the review never came"
    at("review")
    click(p, review.replay_button.rect)
    p.step(30)
    at("replay")
    p.key(pygame.K_ESCAPE)
    p.key(pygame.K_ESCAPE)
    assert isinstance(p.top, ShowdownScene), p.top
    p.app.open("scores", p.app.session)
    at("scores")
    p.app.pop()
    p.app.open("scores", p.app.session, final=True)
    at("final scores")
    # one player against the computer: Undo shows (with allow_undo), and Gin's buttons
    alone = (SeatSetup("You", HUMAN), SeatSetup("Ada", COMPUTER))
    matches.start_game(p.app, GameSetup(PRESETS["gin"], alone, 3))
    p.step(3)
    play_until(p, lambda: isinstance(p.top, TableScene) and p.top.controller.human_to_act
               and p.top.controller.view().phase.value == "play")
    at("gin table, one player")
    matches.to_title(p.app)
    p.step(2)
    while not isinstance(p.top, TitleScene):  # notes said once over the title
        p.key(pygame.K_ESCAPE)
    at("title")
    press(p, _("New game"))
    scene = p.top
    assert isinstance(scene, NewGameScene)
    while scene.base_rules.key != "knock":  # it opens with the last game's choices (Gin)
        p.click(scene.preset.right.center)
    while scene.players.value != 6:
        click(p, scene.players.right)
    at("new game, six seats")
    for key in PRESETS:  # every game's name and options in the pickers
        while scene.base_rules.key != key:
            p.click(scene.preset.right.center)
        at(f"new game, {key}")
    p.key(pygame.K_ESCAPE)
    press(p, _("Settings"))
    settings = p.top
    assert isinstance(settings, SettingsScene)
    at("settings")
    game = dict(settings.left)["default_preset"]
    for key in PRESETS:
        p.click(game.right.center)
        at(f"settings, {key}")
    p.key(pygame.K_ESCAPE)
    press(p, _("Statistics"))
    at("statistics")
    press(p, _("Reset"))
    at("confirm")
    p.key(pygame.K_ESCAPE)
    p.key(pygame.K_ESCAPE)
    press(p, _("Saved games"))
    at("saved games")
    p.key(pygame.K_ESCAPE)
    press(p, _("Match records"))
    at("match records")
    p.key(pygame.K_ESCAPE)
    press(p, _("Rules"))
    at("rules")
    press(p, _("How to play"))
    at("how to play")
    for page in (2, 3):  # the other families' pages
        p.key(pygame.K_TAB)
        assert isinstance(p.top, HowToScene)
        at(f"how to play, {page}")
    p.key(pygame.K_ESCAPE)
    p.key(pygame.K_ESCAPE)
    assert isinstance(p.top, TitleScene), p.top
    press(p, _("Learn to play"))
    at("learn to play")
    p.key(pygame.K_RETURN)  # the first lesson
    assert p.until(lambda: isinstance(p.top, TableScene), 2000), p.top
    p.step(60)
    at("lesson")
    return seen
