"""Saved matches, through ``knockrummy.storage`` once it provides them (issue #6).

Until then there is never a saved match, so the title shows no Continue.
"""

from __future__ import annotations

import importlib
import logging
from typing import Any

log = logging.getLogger(__name__)


def _storage() -> Any:
    try:
        return importlib.import_module("knockrummy.storage")
    except ImportError:
        return None


def has_saved_match() -> bool:
    """Whether a saved match can be continued."""
    storage = _storage()
    probe = getattr(storage, "has_saved_match", None) if storage is not None else None
    if probe is None:
        return False
    try:
        return bool(probe())
    except Exception as err:  # a broken store must not stop the title screen
        log.warning("saves: %s", err)
        return False
