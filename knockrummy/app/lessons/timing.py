"""How long a lesson takes a player who follows it, estimated from its scripted steps:
reading each step's words, doing what it asks, watching the opponent's moves.

>>> from knockrummy.app.lessons.steps import Next, Step
>>> step_seconds(Step("one two three four five six", "Press Next.", Next()))
3.0
"""

from __future__ import annotations

from knockrummy.app.lessons.steps import Arrange, Do, Lesson, Next, Step, Wait
from knockrummy.i18n import _, ngettext

#: a relaxed reading pace for short coaching lines (180 words a minute)
WORDS_PER_SECOND = 3.0
#: seconds to do what a step asks, once read: press Next, make a move, drag cards
ACT_SECONDS: dict[type, float] = {Next: 1.0, Do: 3.0, Arrange: 6.0}
#: seconds for each of the opponent's moves to play out on screen, and for the deal
OPPONENT_MOVE_SECONDS = 1.5
DEAL_SECONDS = 3.0
#: what a lesson must stay under
TARGET_SECONDS = 180.0


def words(text: str) -> int:
    """Words in ``text`` (a figure such as ``{you_points}`` counts as one); the step's
    text in the player's language, so the estimate follows the language."""
    return len(text.split())


def act_seconds(wait: Wait) -> float:
    """Seconds to do what a step waits for."""
    return ACT_SECONDS[type(wait)]


def step_seconds(step: Step) -> float:
    """Reading time of the step's text plus the time to do what it asks."""
    return round(words(step.text) / WORDS_PER_SECOND + act_seconds(step.wait), 1)


def lesson_seconds(lesson: Lesson) -> float:
    """The whole lesson: the deal, every step and the opponent's scripted moves."""
    steps = sum(step_seconds(s) for s in lesson.steps)
    return round(DEAL_SECONDS + steps + OPPONENT_MOVE_SECONDS * len(lesson.script), 1)


def estimate(lesson: Lesson) -> str:
    """The estimated time in words, e.g. ``"about 2 minutes (13 steps)"``."""
    minutes = lesson_seconds(lesson) / 60
    whole = max(1, round(minutes))
    steps = len(lesson.steps)
    time = ngettext("about {minutes} minute", "about {minutes} minutes", whole).format(
        minutes=whole)
    count = ngettext("{steps} step", "{steps} steps", steps).format(steps=steps)
    # Translators: a lesson's length: "about 2 minutes" ({time}), then "13 steps" ({steps}).
    return _("{time} ({steps})").format(time=time, steps=count)
