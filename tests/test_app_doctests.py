"""The examples in the app package's docstrings (seating, saves, recap, autosave) hold."""

import doctest
import importlib
import pkgutil

import pytest

import knockrummy.app

MODULES = sorted(m.name for m in pkgutil.iter_modules(knockrummy.app.__path__))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(f"knockrummy.app.{name}")
    failures, _tried = doctest.testmod(module)
    assert failures == 0
