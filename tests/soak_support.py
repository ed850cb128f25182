"""How long the soak tests run: short by default, full length with ``pytest --soak``.

A soak test (marked ``@pytest.mark.soak``) takes the ``soak_length`` fixture and asks it
for its size: ``soak_length.pick(short, full)``. The quick run (plain ``pytest``) plays
the short size, enough to run every line of the test; ``--soak`` (the README's command,
and CI's) plays the full one. ``-m "not soak"`` leaves them out altogether.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

N = TypeVar("N", int, float)

#: the command-line option that runs the soak tests at full length
OPTION = "--soak"


@dataclass(frozen=True)
class SoakLength:
    """The length the soak tests run at in this run of pytest."""

    #: True with ``--soak``: every soak test at its full length
    full: bool

    def pick(self, short: N, full: N) -> N:
        """``full`` with ``--soak``, else ``short``."""
        return full if self.full else short
