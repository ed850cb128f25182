"""Easing functions: pure maps from progress 0..1 to eased progress.

>>> ease_out_cubic(0.0), ease_out_cubic(1.0)
(0.0, 1.0)
>>> round(ease_out_cubic(0.5), 3)
0.875
"""

from __future__ import annotations

from collections.abc import Callable

Easing = Callable[[float], float]


def _clamp(t: float) -> float:
    return 0.0 if t < 0.0 else 1.0 if t > 1.0 else t


def linear(t: float) -> float:
    """No easing (used only for fades, never for card moves)."""
    return _clamp(t)


def ease_out_cubic(t: float) -> float:
    """Fast start, gentle stop: the default for card moves."""
    t = _clamp(t)
    return 1.0 - (1.0 - t) ** 3


def ease_out_quint(t: float) -> float:
    """A stronger ease-out for long moves."""
    t = _clamp(t)
    return 1.0 - (1.0 - t) ** 5


def ease_in_out_cubic(t: float) -> float:
    """Smooth both ends: for flips and fades."""
    t = _clamp(t)
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    """Ease-out with a short overshoot: a refused card going home.

    >>> ease_out_back(1.0)
    1.0
    """
    t = _clamp(t)
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def move_duration(distance: float, speed: float = 1.0, diagonal: float = 1500.0) -> float:
    """Seconds for a card move: 180-320 ms by distance, scaled by the speed setting.

    ``speed`` is a multiplier of the duration (0 = instant, 1 = normal, 1.5 = slow).

    >>> move_duration(0), round(move_duration(1500), 3)
    (0.18, 0.32)
    """
    frac = min(1.0, max(0.0, distance / diagonal))
    return (0.18 + 0.14 * frac) * max(0.0, speed)
