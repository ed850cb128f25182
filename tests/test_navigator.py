"""Screens opened by name (``knockrummy.ui.navigator``, filled by ``knockrummy.ui.screens``):
each name opens its screen, an unknown name says what is missing, and the window's
code reaches storage only through ``app``."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from knockrummy.app.prefs import Prefs
from knockrummy.engine import PRESETS
from knockrummy.ui import navigator
from knockrummy.ui.app import App
from knockrummy.ui.scene import Scene
from tests.imports import graph


@pytest.fixture
def app() -> Iterator[App]:
    window = App((1280, 720), Prefs(animation_speed=4.0, ai_pacing=0.0), save_prefs=False)
    yield window
    import pygame
    pygame.quit()


def test_every_screen_without_a_match_opens_by_its_name(app: App) -> None:
    opened = {
        "title": (), "newgame": (), "saved": (), "records": (), "stats": (), "settings": (),
        "rules": (PRESETS["gin"],), "notice": ("Heads up", ["One line."]),
        "confirm": ("Sure?", lambda: None),
    }
    for name, args in opened.items():
        app.open_fresh(name, *args)
        top = app.stack.top
        assert isinstance(top, Scene) and top.name == name, name
    app.open("notice", "Over", ["the title"])
    assert [s.name for s in app.stack.scenes] == ["confirm", "notice"]
    app.open_instead("rules", PRESETS["knock"])
    assert [s.name for s in app.stack.scenes] == ["confirm", "rules"]


def test_the_registry_names_the_match_screens_too() -> None:
    assert {"table", "pause", "handoff", "showdown", "scores", "review", "replay"} \
        <= set(navigator.SCREENS)


def test_an_unknown_name_says_what_is_missing(app: App) -> None:
    with pytest.raises(KeyError, match="no screen is called 'nowhere'"):
        app.open("nowhere")
    with pytest.raises(ValueError, match="two screens"):
        navigator.register("title", lambda window: Scene(window))


def test_the_window_reaches_storage_only_through_app() -> None:
    edges = graph()
    found = [f"{name} -> {target}" for name, targets in sorted(edges.items())
             if name.startswith("knockrummy.ui") for target in sorted(targets)
             if target.startswith("knockrummy.storage")]
    assert found == []
