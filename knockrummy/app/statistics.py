"""The statistics for the window: the store of finished hands and matches, and the
types the statistics screen shows (the screens import ``app``, never ``storage``).

>>> import os, tempfile
>>> os.environ["KNOCKRUMMY_HOME"] = tempfile.mkdtemp()
>>> stats = open_statistics()
>>> stats.keys(), stats.tally(None, None).matches_played
([], 0)
>>> del os.environ["KNOCKRUMMY_HOME"]
"""

from __future__ import annotations

from knockrummy.storage import MatchResult as MatchResult
from knockrummy.storage import StatsStore as StatsStore
from knockrummy.storage import Tally as Tally


def open_statistics() -> StatsStore:
    """The statistics of this storage home (a damaged file is set aside: see its
    ``messages``)."""
    return StatsStore()
