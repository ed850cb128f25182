"""The lesson's computer opponent: it plays its script, and a real level after that.

Unlike the game's computer players it keeps a cursor (a lesson is played once, from
its start, never resumed): each scripted move is played when it is legal; if the
script has run out or its next move no longer fits, it plays as ``fallback`` does
from then on (``strayed`` says when a scripted move did not fit).
"""

from __future__ import annotations

from collections.abc import Sequence

from knockrummy import ai
from knockrummy.engine import Action, PlayerView


class ScriptedPlayer:
    """A computer player that plays ``script`` in order, then ``fallback``'s moves."""

    level = "lesson"

    def __init__(self, name: str, script: Sequence[Action], fallback: str = "easy",
                 seed: int = 17) -> None:
        self.name = name
        self.script = tuple(script)
        self.cursor = 0
        self.strayed = False
        self._fallback = ai.make_player(fallback, seed)

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """The next scripted move if it is legal now, else the fallback level's."""
        if not self.strayed and self.cursor < len(self.script):
            move = self.script[self.cursor]
            if move in legal:
                self.cursor += 1
                return move
            self.strayed = True
        return self._fallback.choose(view, legal)
