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


def _every_layoff_sequence(hand: tuple[Card, ...], melds: tuple[tuple[Card, ...], ...],
                           mode: Layoffs, ace_high: bool) -> int:
    """The least count over every order and choice of single legal layoffs (brute force)."""
    from knockrummy.engine import min_deadwood
    from knockrummy.engine.melds import sort_meld

    best = min_deadwood(hand, ace_high)
    seen: set[tuple[frozenset[Card], tuple[frozenset[Card], ...]]] = set()
    stack = [(frozenset(hand), melds)]
    while stack:
        held, table = stack.pop()
        key = (held, tuple(frozenset(m) for m in table))
        if key in seen:
            continue
        seen.add(key)
        best = min(best, min_deadwood(held, ace_high))
        for card in held:
            for i, meld in enumerate(table):
                if can_lay_off(card, meld, melds[i], mode, ace_high):
                    grown = (*table[:i], sort_meld((*meld, card), ace_high), *table[i + 1:])
                    stack.append((held - {card}, grown))
    return best


def test_best_layoffs_agree_with_trying_every_sequence_of_layoffs() -> None:
    """Random knocker melds and defender hands, many from few ranks so that layoffs,
    chains and broken own melds are common; both layoff modes, ace low and high."""
    import random

    from knockrummy.engine import DECK, best_arrangement, min_deadwood

    rng = random.Random(11)
    with_plays = 0
    for _ in range(3000):
        ace_high = rng.random() < 0.2
        pool = [c for c in DECK if 2 <= c.rank <= 9] if rng.random() < 0.7 else list(DECK)
        dealt = rng.sample(pool, rng.randint(14, 20))
        melds = best_arrangement(dealt[:10], ace_high)
        if not melds:
            continue
        defender = tuple(dealt[10:])
        for mode in (Layoffs.CHAINED, Layoffs.ORIGINAL_ONLY):
            plays, count = best_layoffs(defender, [(m, m) for m in melds], mode, ace_high)
            assert count == _every_layoff_sequence(defender, melds, mode, ace_high)
            table = [list(m) for m in melds]
            held = set(defender)
            for card, i in plays:  # the plays are legal in the order given
                assert card in held and can_lay_off(card, table[i], melds[i], mode, ace_high)
                table[i].append(card)
                held.discard(card)
            assert min_deadwood(held, ace_high) == count
            with_plays += bool(plays)
    assert with_plays > 500
