"""Saved matches, from ``knockrummy.storage`` (full integration is issue #6)."""

from __future__ import annotations

import logging

from knockrummy.storage import SaveStore

log = logging.getLogger(__name__)


def has_saved_match() -> bool:
    """Whether an unfinished saved match can be continued."""
    try:
        return SaveStore().latest() is not None
    except Exception as err:  # a broken store must not stop the title screen
        log.warning("saves: %s", err)
        return False
