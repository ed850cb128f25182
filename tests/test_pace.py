"""A default match feels like a match (issue 13, pace): measured with the sim at each
preset's default seats (you and two ``medium`` computers; the person played by
``medium`` too), the way README's "How long a game lasts" table was made, on fewer
matches so the test stays quick."""

from __future__ import annotations

import pytest

from knockrummy.engine.rules import PRESETS, GameEnd
from knockrummy.sim.__main__ import main, rule_option
from knockrummy.sim.runner import Tournament, run_tournament

#: the seats of *Play* and *New game*: a human and two medium computers
DEFAULT_PLAYERS = 3


def players_for(key: str) -> int:
    rules = PRESETS[key]
    return max(rules.min_players, min(rules.max_players, DEFAULT_PLAYERS))


def hands_per_match(key: str, matches: int, players: int | None = None,
                    **options: object) -> dict[str, float]:
    seats = players or players_for(key)
    tournament = Tournament(preset=key, lineup=("medium",) * seats, players=seats,
                            count=matches, hands_mode=False, seed=1,
                            options=tuple(options.items()))
    summary = run_tournament(tournament, progress=False)
    per_match = summary["hands_per_match"]
    assert isinstance(per_match, dict)
    return per_match


@pytest.mark.parametrize(("key", "players"), [("rummy", 3), ("rummy", 4), ("rummy-high", 3)])
def test_a_default_rummy_match_is_not_over_in_one_hand(key: str, players: int) -> None:
    pace = hands_per_match(key, 30, players)
    assert pace["median"] >= 3, pace
    assert pace["one_hand"] <= 0.05, pace


def test_with_rummy_doubling_matches_were_often_over_in_one_hand() -> None:
    """The measurement behind the default, and proof the test above can fail."""
    pace = hands_per_match("rummy", 40, 4, rummy_doubles=True)
    assert pace["one_hand"] >= 0.2, pace
    assert pace["median"] <= 2, pace


def test_the_other_presets_last_several_hands() -> None:
    for key in ("knock", "knock-hoyle"):
        rules = PRESETS[key]
        assert rules.game_end is GameEnd.DEALS and rules.deals_per_player == 2
        assert hands_per_match(key, 5)["median"] == 2 * players_for(key)
    for key in ("gin", "gin-multi"):
        pace = hands_per_match(key, 5)
        assert pace["median"] >= 4 and pace["one_hand"] == 0, (key, pace)


def test_the_sim_reads_rules_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert rule_option("target_score=250") == ("target_score", 250)
    assert rule_option("rummy_doubles=true") == ("rummy_doubles", True)
    with pytest.raises(ValueError):
        rule_option("target_score")
    assert main(["--preset", "rummy", "--seats", "medium", "--players", "3", "--matches", "4",
                 "--option", "target_score=60", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "rummy, target_score=60, 3 players, 4 matches" in out
    assert "hands a match: median" in out and "over before every seat drew" in out
    with pytest.raises(SystemExit):
        main(["--preset", "rummy", "--option", "no_such_option=1", "--quiet"])
