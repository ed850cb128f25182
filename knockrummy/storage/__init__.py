"""Storage: per-user paths, settings, saved matches and statistics.

Everything lives under :func:`home` (``KNOCKRUMMY_HOME``, portable mode, or
the per-user data folder). Nothing here crashes the game over a bad file: it
is moved to :func:`damaged_dir`, a sentence about it is returned or put in a
``messages`` list, and defaults are used. See ``docs/STORAGE.md``.
"""

from knockrummy.storage.atomic import set_aside, write_atomic
from knockrummy.storage.paths import (
    damaged_dir,
    home,
    portable_home,
    records_dir,
    saves_dir,
    settings_path,
    stats_path,
)
from knockrummy.storage.savefile import LoadedSave, LoadError, SaveInfo, Seat, upgrade
from knockrummy.storage.saves import SaveStore
from knockrummy.storage.settings import (
    LEVELS,
    Settings,
    load_settings,
    save_settings,
    update_settings,
)
from knockrummy.storage.stats import MatchResult, StatsStore, Tally

__all__ = [
    "LEVELS", "LoadError", "LoadedSave", "MatchResult", "SaveInfo", "SaveStore", "Seat",
    "Settings", "StatsStore", "Tally", "damaged_dir", "home", "load_settings", "portable_home",
    "records_dir", "save_settings", "saves_dir", "set_aside", "settings_path", "stats_path",
    "update_settings", "upgrade", "write_atomic",
]
