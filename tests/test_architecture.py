"""The import graph keeps the layers docs/ARCHITECTURE.md states: no cycle, no import
upward, no screen importing another screen (imports inside functions and under
``TYPE_CHECKING`` count)."""

from __future__ import annotations

from pathlib import Path

from tests.imports import (
    LAYERS,
    cycles,
    graph,
    imports_of,
    screens_importing_screens,
    upward,
)

EDGES = graph()


def test_the_graph_is_read_from_every_module_and_import(tmp_path: Path) -> None:
    assert len(EDGES) > 120
    assert "knockrummy.engine.flow" in EDGES["knockrummy.engine.match"]
    # an import inside a function, one under TYPE_CHECKING and a relative one all count
    source = tmp_path / "mod.py"
    source.write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from knockrummy.ui.app import App\n"
        "def f() -> None:\n    import knockrummy.engine.cards\n"
        "from .flow import apply\n")
    found = imports_of("knockrummy.engine.mod", source, set(EDGES))
    assert found == {"knockrummy.ui.app", "knockrummy.engine.cards", "knockrummy.engine.flow"}


def test_no_import_cycle() -> None:
    assert cycles(EDGES) == []


def test_nothing_imports_upward() -> None:
    assert upward(EDGES) == []


def test_no_screen_imports_another_screen() -> None:
    assert screens_importing_screens(EDGES) == []


def test_the_architecture_page_states_the_same_layers() -> None:
    page = (Path(__file__).parent.parent / "docs" / "ARCHITECTURE.md").read_text()
    for layer in LAYERS[1:]:
        for part in layer:
            assert f"`{part.removeprefix('knockrummy.')}`" in page, part


def test_the_checks_catch_what_they_look_for() -> None:
    # each rule, given a graph that breaks it, says so
    assert cycles({"a": {"b"}, "b": {"a"}}) == [["a", "b"]]
    assert upward({"knockrummy.engine.flow": {"knockrummy.ui.app"}, "knockrummy.ui.app": set()})
    assert screens_importing_screens({
        "knockrummy.ui.screens.title": {"knockrummy.ui.screens.stats"},
        "knockrummy.ui.screens.stats": set()})


def test_the_engine_has_no_words() -> None:
    # the engine carries codes and values; words are made above it (knockrummy.words)
    speaking = sorted(f"{m} -> {t}" for m, targets in EDGES.items()
                      if m.startswith("knockrummy.engine") for t in targets
                      if t.startswith(("knockrummy.i18n", "knockrummy.words")))
    assert speaking == []
