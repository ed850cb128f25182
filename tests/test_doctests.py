"""The examples in the engine's docstrings run and hold."""

import doctest
import importlib
import pkgutil

import pytest

import knockrummy.engine

MODULES = sorted(m.name for m in pkgutil.iter_modules(knockrummy.engine.__path__))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(f"knockrummy.engine.{name}")
    failures, _tried = doctest.testmod(module)
    assert failures == 0
