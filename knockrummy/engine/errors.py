"""Errors the engine raises: each carries its :class:`~knockrummy.engine.codes.Refusal`
(a code and values); ``str(error)`` is the English developer text. Players read the
words :mod:`knockrummy.words.refusals` makes from ``error.refusal``."""

from __future__ import annotations

from knockrummy.engine.codes import Refusal
from knockrummy.engine.english import refusal_text


class IllegalAction(ValueError):
    """An action that the rules do not allow now; ``refusal`` says why, as a code."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(refusal_text(refusal))
        self.refusal = refusal
