"""The coach's knock odds in two-player Gin (the hint's "Ada would get under you after
layoffs in about 6 of 10 deals", the review's "a knock there is beaten in ...") match how
often such knocks are really beaten.

The other player is guessed as ``expert`` guesses it: its unknown cards weighted by what
it took, threw and let go, and the best ten of them and the cards it drew. Guessed
without those weights, a hand that has drawn for ten turns came out about as bad as ten
cards at random, and knocks that were beaten 4 times in 10 were called beaten in almost
no deal."""

from __future__ import annotations

from knockrummy.coach.position import read_position
from knockrummy.engine import (
    Knock,
    PlayerView,
    best_arrangement,
    min_deadwood,
)
from tests.test_coach_review import knock_at_first_chance, play_hand


def test_knocks_are_beaten_about_as_often_as_the_coach_says() -> None:
    planted: list[tuple[int, Knock, PlayerView]] = []
    knock_early = knock_at_first_chance(planted)
    said: list[float] = []
    happened: list[bool] = []
    for seed in range(1, 13):
        planted.clear()
        match = play_hand("gin", 2, seed, knock_early, levels=("hard", "hard"), hands=6)
        for number, knock, view in planted:
            if number < len(match.records):
                kept = [c for c in view.hand if c is not knock.card]
                said.append(1.0 - read_position(view).knock_odds(min_deadwood(kept),
                                                                 best_arrangement(kept)))
                happened.append(match.records[number].result.outcome == "undercut")
    assert len(said) >= 40
    told, real = sum(said) / len(said), sum(happened) / len(happened)
    assert real > 0.2, "the planted knocks should often be undercut"
    assert abs(told - real) < 0.15, (told, real, len(said))
