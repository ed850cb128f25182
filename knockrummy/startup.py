"""How long ago this process started, for ``knockrummy --smoke``.

On Linux the kernel's own start time of the process is used (``/proc/self/stat``),
so the figure includes the interpreter's start-up and every import. Elsewhere it
falls back to the time since this module was first imported, which the entry
point imports first thing.
"""

from __future__ import annotations

import os
import time

_IMPORTED_AT = time.monotonic()


def process_age() -> float:
    """Seconds since the process started (best available measure on this system)."""
    try:
        with open("/proc/self/stat", encoding="ascii") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        start_ticks = int(fields[19])  # field 22 of the whole line: starttime
        with open("/proc/uptime", encoding="ascii") as uptime:
            up = float(uptime.read().split()[0])
        return max(0.0, up - start_ticks / os.sysconf("SC_CLK_TCK"))
    except (OSError, ValueError, IndexError, AttributeError):
        return time.monotonic() - _IMPORTED_AT
