"""Screens opened by name (``knockrummy.ui.navigator``, filled by ``knockrummy.ui.screens``):
each name opens its screen, an unknown name says what is missing, and the window's
code reaches storage only through ``app``."""

from __future__ import annotations

import inspect
from collections.abc import Iterator
from pathlib import Path

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


def _screen_classes() -> dict[str, type]:
    """Each registered name's screen class, read from the registry's factories (each
    imports its class inside the function)."""
    import ast
    import importlib

    import knockrummy.ui.screens as registry
    tree = ast.parse(inspect.getsource(registry))
    made: dict[str, type] = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            imp = next(n for n in ast.walk(node) if isinstance(n, ast.ImportFrom))
            assert imp.module is not None
            made[node.name] = getattr(importlib.import_module(imp.module), imp.names[0].name)
    return {name: made[factory.__name__] for name, factory in navigator.SCREENS.items()}


def _is_window(node: object) -> bool:
    """``app`` or ``something.app``: the window."""
    import ast
    return (isinstance(node, ast.Name) and node.id == "app") or (
        isinstance(node, ast.Attribute) and node.attr == "app")


def _open_calls() -> list[tuple[str, int, str, int, list[str]]]:
    """Every ``app.open("name", ...)`` (and ``open_instead``, ``open_fresh``) in the game and
    its tools: file, line, name, positional arguments after it, keyword names."""
    import ast
    root = Path(__file__).resolve().parent.parent
    found = []
    for path in [*root.joinpath("knockrummy").rglob("*.py"), *root.joinpath("tools").glob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr in ("open", "open_instead", "open_fresh")
                    and _is_window(node.func.value)
                    and node.args and isinstance(node.args[0], ast.Constant)
                    and isinstance(node.args[0].value, str)):
                assert not any(isinstance(a, ast.Starred) for a in node.args)
                found.append((path.name, node.lineno, node.args[0].value, len(node.args) - 1,
                              [k.arg for k in node.keywords if k.arg is not None]))
    return found


def test_every_screen_opened_by_name_takes_the_arguments_given() -> None:
    """mypy cannot see through a name, so this does: every call that opens a screen by
    name names a registered screen and passes arguments its constructor accepts."""
    classes = _screen_classes()
    calls = _open_calls()
    assert len(calls) > 30
    for file, line, name, positional, keywords in calls:
        assert name in classes, f"{file}:{line}: no screen is called {name!r}"
        signature = inspect.signature(classes[name])
        try:
            signature.bind("app", *[None] * positional, **dict.fromkeys(keywords))
        except TypeError as err:
            raise AssertionError(f"{file}:{line}: {name}: {err}") from None
    # and the check itself refuses a wrong call
    with pytest.raises(TypeError):
        inspect.signature(classes["notice"]).bind("app", None)
    assert {name for _, _, name, _, _ in calls} >= {"title", "table", "showdown", "scores"}
