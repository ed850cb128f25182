"""Laying off onto the knocker's melds (seeds 002, 004; RULES.md Gin presets)."""

from knockrummy.engine import Card, best_layoffs
from knockrummy.engine.layoffs import can_lay_off
from knockrummy.engine.rules import Layoffs
from tests.builders import cards


def _melds(*texts: str) -> list[tuple[tuple[Card, ...], tuple[Card, ...]]]:
    return [(cards(t), cards(t)) for t in texts]


def test_seed_004_six_of_clubs_extends_three_four_five() -> None:
    plays, count = best_layoffs(cards("6C KD"), _melds("3C 4C 5C"), Layoffs.CHAINED)
    assert [(str(c), i) for c, i in plays] == [("6C", 0)]
    assert count == 10


def test_chained_run_extensions_lay_off_cards_beyond_cards_laid_off() -> None:
    plays, count = best_layoffs(cards("6H 7H 8H 2S"), _melds("3H 4H 5H"), Layoffs.CHAINED)
    # 6H-7H-8H is a meld of the defender's own: either way the count is 2.
    assert count == 2
    plays, count = best_layoffs(cards("6H 7H QS 2S"), _melds("3H 4H 5H"), Layoffs.CHAINED)
    assert [str(c) for c, _ in plays] == ["6H", "7H"]
    assert count == 12


def test_layoff_to_both_ends_and_onto_sets() -> None:
    plays, count = best_layoffs(
        cards("2H 6H 9C KS"), _melds("3H 4H 5H", "9H 9S 9D"), Layoffs.CHAINED
    )
    assert sorted(str(c) for c, _ in plays) == ["2H", "6H", "9C"]
    assert count == 10


def test_breaking_an_own_meld_when_that_lowers_the_count() -> None:
    # The defender holds four sixes and 7H; the knocker has 3H 4H 5H.
    # Keeping the four sixes: 7H cannot lay off alone (6H is in the set): count 7.
    # Taking 6H out of the set: 6H then 7H go onto the run, 6S 6D 6C stay a set: 0.
    hand = cards("6H 6S 6D 6C 7H")
    plays, count = best_layoffs(hand, _melds("3H 4H 5H"), Layoffs.CHAINED)
    assert count == 0
    assert [str(c) for c, _ in plays] == ["6H", "7H"]


def test_original_melds_only_seed_002_six_and_five_of_hearts() -> None:
    """Three-four players: once 6H is laid off on 7-8-9H, 5H no longer fits."""
    run = cards("7H 8H 9H")
    grown = cards("6H 7H 8H 9H")
    five = Card.parse("5H")
    assert can_lay_off(five, grown, grown, Layoffs.CHAINED, False)
    assert not can_lay_off(five, grown, run, Layoffs.ORIGINAL_ONLY, False)
    assert can_lay_off(Card.parse("TH"), grown, run, Layoffs.ORIGINAL_ONLY, False)
    plays, count = best_layoffs(cards("5H 4S"), [(grown, run)], Layoffs.ORIGINAL_ONLY)
    assert plays == [] and count == 9
    # one player cannot chain on their own either: only cards next to the original
    plays, count = best_layoffs(cards("6H 5H"), [(run, run)], Layoffs.ORIGINAL_ONLY)
    assert [str(c) for c, _ in plays] == ["6H"] and count == 5


def test_no_layoffs_mode_lays_off_nothing() -> None:
    plays, count = best_layoffs(cards("6C"), _melds("3C 4C 5C"), Layoffs.NONE)
    assert plays == [] and count == 6
