"""Starting and leaving matches: the glue between screens and the controller."""

from __future__ import annotations

from typing import TYPE_CHECKING

from knockrummy.app.controller import Controller, GameSetup

if TYPE_CHECKING:
    from knockrummy.ui.app import App


def start_game(app: App, setup: GameSetup) -> Controller:
    """Open the table for a new match (title stays underneath for Esc > Quit)."""
    from knockrummy.ui.screens.title import TitleScene
    from knockrummy.ui.table.scene import TableScene
    close_game(app)
    controller = Controller(setup, pacing=app.prefs.pacing_seconds)
    app.controller = controller
    app.reset(TitleScene(app))
    app.push(TableScene(app, controller))
    return controller


def continue_saved(app: App) -> None:
    """Resume the saved match (arrives with storage, issue #6)."""


def close_game(app: App) -> None:
    """Stop the running match's worker."""
    controller = app.controller
    if controller is not None:
        controller.close()
    app.controller = None


def to_title(app: App) -> None:
    """Leave the match and show the title."""
    from knockrummy.ui.screens.title import TitleScene
    close_game(app)
    app.reset(TitleScene(app))
