"""The lessons by key, in the order *Learn to play* offers them (the default family
first), and which of them a player has finished."""

from __future__ import annotations

from collections.abc import Iterable

from knockrummy.app.lessons.gin import LESSON as GIN
from knockrummy.app.lessons.knock import LESSON as KNOCK
from knockrummy.app.lessons.rummy import LESSON as RUMMY
from knockrummy.app.lessons.steps import Lesson

#: every lesson by key, Knock Rummy (the default preset) first
LESSONS: dict[str, Lesson] = {lesson.key: lesson for lesson in
                              (KNOCK, GIN, RUMMY)}


def lesson(key: str) -> Lesson:
    """The lesson ``key``; a readable error for an unknown key."""
    try:
        return LESSONS[key]
    except KeyError:
        raise ValueError(f"no lesson {key!r}; choose one of {', '.join(LESSONS)}") from None


def finished(done: Iterable[str], key: str) -> tuple[str, ...]:
    """The settings' tuple of finished lessons after finishing ``key`` (no repeats, in
    the order of :data:`LESSONS`; unknown keys from an older settings file dropped).

    >>> finished(("rummy", "chess"), "knock")
    ('knock', 'rummy')
    """
    have = {*done, key}
    return tuple(k for k in LESSONS if k in have)
