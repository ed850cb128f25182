"""Learn to play: one guided hand per family, at the real table (no pygame here).

A :class:`Lesson` is a prepared deal, the opponent's scripted moves and a list of
steps (``steps``); :class:`LessonRun` plays it through the engine for the table
(``runner``); ``catalog`` lists the lessons; ``timing`` estimates how long each takes.
"""

from knockrummy.app.lessons.catalog import LESSONS, finished, lesson
from knockrummy.app.lessons.runner import Accepted, Ending, LessonRun, Noted, Refused
from knockrummy.app.lessons.steps import (
    Arrange,
    Do,
    FirstGame,
    Lesson,
    Lit,
    Next,
    Place,
    SeatPlan,
    Step,
    Wrong,
)
from knockrummy.app.lessons.timing import estimate, lesson_seconds

__all__ = [
    "LESSONS", "Accepted", "Arrange", "Do", "Ending", "FirstGame", "Lesson", "LessonRun",
    "Lit", "Next", "Noted", "Place", "Refused", "SeatPlan", "Step", "Wrong", "estimate",
    "finished", "lesson", "lesson_seconds",
]
