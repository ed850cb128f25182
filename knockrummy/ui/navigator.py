"""Screens opened by name: ``app.open("showdown")``, ``app.open("confirm", question,
on_yes)``.

A screen never imports another screen: it asks the window to open one by its name
with that screen's own arguments (those of its constructor, after ``app``). The
names are filled in one place, :mod:`knockrummy.ui.screens`, which the game's
start-up imports (and the tests, through their ``conftest``); this module imports
no screen, so nothing here closes an import circle.

To add a screen: write its class in ``ui/screens/``, add one factory line to
:mod:`knockrummy.ui.screens`, and open it with ``app.open("its-name", ...)``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from weakref import WeakKeyDictionary

from knockrummy.ui.stack import Layer

#: a screen's maker: called with the window, then the screen's own arguments
Factory = Callable[..., Layer]

#: every screen by name (filled by :mod:`knockrummy.ui.screens`)
SCREENS: dict[str, Factory] = {}
#: how each open screen was made (its name and arguments), to make it again in another
#: language (:func:`remake`)
_MADE: WeakKeyDictionary[Layer, tuple[str, tuple[Any, ...], dict[str, Any]]] = \
    WeakKeyDictionary()


def register(name: str, factory: Factory) -> None:
    """Make ``name`` open the screen ``factory`` builds (each name once)."""
    if name in SCREENS and SCREENS[name] is not factory:
        raise ValueError(f"two screens are called {name!r}")
    SCREENS[name] = factory


def make(name: str, app: object, *args: Any, **kwargs: Any) -> Layer:
    """The screen called ``name``, built for ``app`` with its arguments."""
    try:
        factory = SCREENS[name]
    except KeyError:
        raise KeyError(f"no screen is called {name!r} (is knockrummy.ui.screens "
                       "imported by the start-up?)") from None
    layer = factory(app, *args, **kwargs)
    _MADE[layer] = (name, args, kwargs)
    return layer


def remake(layer: Layer, app: object) -> Layer:
    """``layer`` made again with the same name and arguments, so every word it keeps is
    made anew in the language now chosen; a screen that keeps a game's state (the
    table, a replay) or was not opened by name renews its words itself
    (``relabel``) and is kept."""
    relabel = getattr(layer, "relabel", None)
    if callable(relabel):
        relabel()
        return layer
    made = _MADE.get(layer)
    if made is None:
        return layer
    name, args, kwargs = made
    return make(name, app, *args, **kwargs)
