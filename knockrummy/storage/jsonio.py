"""Reading a JSON file that may be damaged: bounded in size, errors in words."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from knockrummy.i18n import _
from knockrummy.storage.policy import DamagedFile, Kind, read_bytes

__all__ = ["DamagedFile", "depth_within", "read_json"]


def read_json(path: Path, kind: Kind) -> Any:
    """The JSON value in ``path``, read under the storage policy
    (:func:`knockrummy.storage.policy.read_bytes`: a regular file inside the game's
    folders, within the size cap of its ``kind``); :class:`DamagedFile` if it is
    refused, too large, not UTF-8, not JSON or nested too deeply. ``OSError`` if it
    cannot be read at all (missing, no permission), which is not the file's fault.
    """
    raw = read_bytes(path, kind)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise DamagedFile(_("the file is not readable text (bad UTF-8)")) from None
    try:
        return json.loads(text, parse_constant=_refuse_constant)
    except RecursionError:
        raise DamagedFile(_("the file is nested too deeply to be a real file")) from None
    except ValueError as err:  # JSONDecodeError, huge integers, NaN/Infinity
        raise DamagedFile(_("the file is not valid JSON ({detail})").format(
            detail=_short(err))) from None


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not allowed")


def _short(err: Exception) -> str:
    text = str(err)
    return text if len(text) <= 120 else text[:117] + "..."


def depth_within(value: Any, limit: int) -> bool:
    """Whether ``value`` (plain JSON data) nests no deeper than ``limit`` levels."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            if depth > limit:
                return False
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)
    return True
