"""The examples in the game's docstrings run and hold, in every module that has one.

The modules are found by reading the source: every ``knockrummy`` module whose text holds
``>>>`` is tested, so a new example is never missed, and each must run at least one
example (an example doctest cannot see, e.g. one on an object imported from elsewhere,
would otherwise pass unseen). A module whose ``>>>`` is only a sketch, not an example
that can run, is named in :data:`SKETCHES` with the reason.
"""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

import knockrummy

PACKAGE = Path(knockrummy.__file__).parent

#: modules whose ``>>>`` lines show a use that cannot run as a doctest, and why
SKETCHES = {
    "knockrummy.ui.pilot": "its one line (`>>> # pilot = Pilot(app)...`) needs a window "
                           "and a scene; the UI tests are its examples",
}


def module_name(path: Path) -> str:
    """``knockrummy/engine/cards.py`` -> ``knockrummy.engine.cards``."""
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules_with_examples() -> list[str]:
    """Every module of the game whose source holds ``>>>``, by name."""
    return sorted(module_name(path) for path in PACKAGE.rglob("*.py")
                  if ">>>" in path.read_text(encoding="utf-8"))


MODULES = [name for name in modules_with_examples() if name not in SKETCHES]


def test_the_modules_are_found() -> None:
    # 46 modules have examples today, in every layer; a broken search would find few
    assert len(MODULES) >= 40
    layers = {name.split(".")[1] for name in MODULES}
    assert {"engine", "ai", "coach", "app", "storage", "sim", "ui"} <= layers
    assert "knockrummy.engine.cards" in MODULES and "knockrummy.ai" in MODULES


def test_sketches_are_still_only_sketches() -> None:
    """A module set aside here must still exist and still have no example that runs:
    a real example added later is then tested, not skipped."""
    found = modules_with_examples()
    for name in SKETCHES:
        assert name in found
        tests = doctest.DocTestFinder().find(importlib.import_module(name))
        assert sum(len(t.examples) for t in tests) == 0, name


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    failures, tried = doctest.testmod(module)
    assert tried > 0, f"{name} has '>>>' but no example ran"
    assert failures == 0
