"""Headless pygame for the UI tests: dummy video and audio, a private storage home; and the
soak tests' length (``--soak``, see ``tests/soak_support.py``)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.soak_support import OPTION, SoakLength

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# the tests read English words: the language a fresh settings file follows is the system's
os.environ["LANGUAGE"] = "en"

# every screen by name, for ``app.open`` (the game's start-up imports it the same way)
import knockrummy.ui.screens  # noqa: E402,F401


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(OPTION, action="store_true", default=False,
                     help="run the soak tests (marked soak) at full length; without it they "
                          "run short. -m 'not soak' leaves them out.")


def pytest_report_header(config: pytest.Config) -> str:
    if config.getoption(OPTION):
        return "soak tests: full length (--soak)"
    return "soak tests: short (--soak for full length, as CI runs them)"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """A test that sizes itself with ``soak_length`` is marked ``soak`` and the other way
    round, so ``-m 'not soak'`` and ``--soak`` mean the same set of tests."""
    wrong = [item.nodeid for item in items
             if ("soak_length" in getattr(item, "fixturenames", ()))
             != (item.get_closest_marker("soak") is not None)]
    if wrong:
        raise pytest.UsageError("soak marker and soak_length fixture go together: "
                                + ", ".join(wrong))


@pytest.fixture
def soak_length(request: pytest.FixtureRequest) -> SoakLength:
    """The length of this run's soak tests: ``soak_length.pick(short, full)``."""
    return SoakLength(bool(request.config.getoption(OPTION)))


@pytest.fixture
def pseudo(tmp_path: Path) -> Iterator[None]:
    """The pseudo-language ``qps`` spoken (every message in ⟦ ⟧, each word followed by
    tildes: tools/catalogues.py), English again after."""
    from knockrummy import i18n
    from tools import catalogues
    catalogues.pseudo(tmp_path)
    i18n.set_language("qps", tmp_path)
    try:
        yield
    finally:
        i18n.set_language("en")
