"""Background work for screens that must not wait on it: one worker thread.

A hand review replays the hand and asks the strong player about every decision
(30 ms for a typical Gin hand, 60 ms or more at worst): enough to drop frames if
the drawing thread did it. Screens submit such work here and poll the future.

>>> future = submit(sum, [1, 2, 3])
>>> future.result(5.0)
6
>>> busy()
False
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor, wait
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")

_LOCK = threading.Lock()
_EXECUTOR: ThreadPoolExecutor | None = None
_RUNNING: set[Future[object]] = set()


def submit(fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> Future[T]:
    """Run ``fn(*args, **kwargs)`` on the worker thread; poll ``done()`` on the future."""
    global _EXECUTOR
    with _LOCK:
        if _EXECUTOR is None:
            _EXECUTOR = ThreadPoolExecutor(1, thread_name_prefix="knockrummy-jobs")
        future = _EXECUTOR.submit(fn, *args, **kwargs)
        _RUNNING.add(future)  # type: ignore[arg-type]
    future.add_done_callback(_finished)
    return future


def _finished(future: Future[T]) -> None:
    with _LOCK:
        _RUNNING.discard(future)


def wait_idle(timeout: float) -> bool:
    """Wait until no job is queued or running (tests, tools); whether none is.

    >>> wait_idle(5.0)
    True
    """
    with _LOCK:
        running = list(_RUNNING)
    _done, pending = wait(running, timeout)
    return not pending and not busy()


def busy() -> bool:
    """Whether any job is queued or running (the test pilot yields the processor then)."""
    with _LOCK:
        return bool(_RUNNING)
