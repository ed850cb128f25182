"""The coach: hints, hand reviews, undo and replays, as pure logic (no pygame).

- :func:`hint` - the ``hard`` player's move in a seat's view, with a reason in words
  and what to highlight (:class:`Hint`); :func:`explain` says why for any move.
- :func:`review_hand` / :func:`review_match_hand` - a finished hand's decisions
  against the strong player (:class:`HandReview`, :class:`Decision`).
- :func:`why_not_undo`, :func:`undo_target`, :func:`undo_plan`, :class:`UndoTracker`
  - taking back a player's own last move against computers.
- :class:`ReplayCursor`, :func:`replay_all` - any finished hand step by step, face up.

See ``docs/COACH.md`` for how the game window uses them.
"""

from knockrummy.coach.advice import HINT_LEVELS, Hint, hint_level
from knockrummy.coach.hint import explain, hint
from knockrummy.coach.replays import (
    FaceUp,
    HandReplay,
    ReplayCursor,
    face_up_views,
    replay_all,
    step_caption,
)
from knockrummy.coach.review import Decision, HandReview, review_hand, review_match_hand
from knockrummy.coach.undo import (
    UndoPlan,
    UndoRefused,
    UndoTracker,
    undo_plan,
    undo_target,
    why_not_undo,
)
from knockrummy.coach.words import terms_used

__all__ = [
    "HINT_LEVELS", "Decision", "FaceUp", "HandReplay", "HandReview", "Hint", "ReplayCursor",
    "UndoPlan", "UndoRefused", "UndoTracker", "explain", "face_up_views", "hint", "hint_level",
    "replay_all", "review_hand", "review_match_hand", "step_caption", "terms_used", "undo_plan",
    "undo_target", "why_not_undo",
]
