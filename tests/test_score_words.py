"""Score lines name the default human seat "You" in good English ("You pay", not
"You pays"), and every other player as before."""

from __future__ import annotations

from knockrummy.engine import PRESETS
from knockrummy.engine.scoring import (
    score_gin,
    score_gin_multi,
    score_knock_rummy,
    score_rummy_exhausted,
    score_rummy_out,
)
from knockrummy.words.scores import score_lines


def test_knock_rummy_lines_for_you_and_for_others() -> None:
    result = score_knock_rummy(PRESETS["knock"], ("You", "Ann", "Bo"), [16, 11, 20], 1, "knock")
    assert "You pay 5: 16 - 11" in "\n".join(result.lines)
    assert any(line.startswith("Bo pays 9") for line in result.lines)
    low = score_knock_rummy(PRESETS["knock"], ("Ann", "You"), [16, 11], 0, "knock")
    assert score_lines(low, ("Ann", "You"))[0] == "Lowest count: You (11) take 15"
    assert low.lines[0] == "Lowest count: You (11) takes 15"  # the record's, as before
    other = score_lines(low, ("Bo", "Ann"))
    assert other[0] == "Lowest count: Ann (11) takes 15"


def test_gin_undercut_and_gin_lines() -> None:
    under = score_gin(PRESETS["gin"], ("Ann", "You"), [9, 4], 0, "knock")
    assert under.lines[0] == "Undercut: You have 4, Ann knocked with 9"
    mine = score_gin(PRESETS["gin"], ("You", "Ada"), [8, 5], 0, "knock")
    # "you knocked", not "You knocked" in the middle of the line
    assert score_lines(mine, ("You", "Ada"))[0] == "Undercut: Ada has 5, you knocked with 8"
    won = score_gin(PRESETS["gin"], ("You", "Ada"), [10, 16], 0, "knock")
    assert score_lines(won, ("You", "Ada"))[0] == "Knock: 16 - 10 = 6 to you"
    lost = score_gin(PRESETS["gin"], ("You", "Ada"), [16, 10], 1, "knock")
    assert score_lines(lost, ("You", "Ada"))[0] == "Knock: 16 - 10 = 6 to Ada"
    gin = score_gin(PRESETS["gin"], ("You", "Ann"), [0, 30], 0, "gin")
    assert gin.lines[0] == "Gin: You score 25 + 30 = 55"


def test_gin_for_three_and_rummy_lines() -> None:
    multi = score_gin_multi(PRESETS["gin-multi"], ("You", "Ann", "Bo"), [9, 4, 12], 0, "knock")
    assert "Undercut: Ann has 4, lower than your 9" in multi.lines
    out = score_rummy_out(PRESETS["rummy"], ("You", "Ann"), [0, 12], 0, rummy=False)
    assert out.lines == ("Ann holds 12", "You score 12 for going out")
    low = score_rummy_exhausted(PRESETS["rummy"], ("Ann", "You"), [15, 6], 0)
    assert low.lines[0] == "Stock exhausted: You have the lowest hand, 6"
    assert low.lines[-1] == "You score 9 = 9"
