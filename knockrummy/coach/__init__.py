"""The coach: hints, hand reviews, undo and replays, as pure logic (no pygame).

See ``docs/COACH.md`` for the API and how the game window uses it.
"""

from knockrummy.coach.hint import Hint, explain, hint

__all__ = ["Hint", "explain", "hint"]
