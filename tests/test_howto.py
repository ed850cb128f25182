"""How to play pages: short sections for each family, cards that illustrate them, and a
showdown whose every number is the engine's, checked by playing it through the engine."""

from __future__ import annotations

import re

import pytest

from knockrummy.app.howto import PAGES, Page, counted, page
from knockrummy.engine import (
    Discard,
    FinishLayoffs,
    HandResult,
    HandState,
    Knock,
    LayOff,
    Phase,
    best_layoffs,
    is_meld,
    is_run,
    is_set,
    min_deadwood,
    parse_cards,
    preset,
)
from knockrummy.engine.flow import apply, deal
from knockrummy.engine.state import evolve

KEYS = list(PAGES)


def play_showdown(p: Page) -> HandState:
    """The page's showdown played by the engine from a hand stacked for the test: the
    ender holds their cards (and the card they end with), the end is applied, then any
    layoffs the engine finds best."""
    rules = preset(p.key)
    show = p.showdown
    mine = (*show.hands[show.ender], show.end_card) if rules.family.value != "rummy" \
        else show.hands[show.ender]
    theirs = show.hands[1 - show.ender]
    state, _ = deal(rules, 2, 1 - show.ender, 5, show.names)
    used = {*mine, *theirs}
    rest = tuple(c for c in state.stock + state.discard + state.hands[0] + state.hands[1]
                 if c not in used)
    hands = (mine, theirs) if show.ender == 0 else (theirs, mine)
    state = evolve(state, hands=hands, stock=rest[1:], discard=rest[:1], phase=Phase.PLAY,
                   current=show.ender, melded_before=(True, True))
    if rules.family.value == "rummy":
        state, _ = apply(state, Discard(show.end_card))
        return state
    state, _ = apply(state, Knock(show.end_card))
    while state.phase is Phase.LAYOFF:
        targets = [(m.cards, m.original) for m in state.table]
        plays, _ = best_layoffs(state.hands[state.current], targets, rules.layoffs)
        for card, target in plays[:1]:
            state, _ = apply(state, LayOff(card, target))
        if not plays:
            state, _ = apply(state, FinishLayoffs())
    return state


@pytest.mark.parametrize("key", KEYS)
def test_the_worked_showdown_is_the_engines(key: str) -> None:
    p = page(key)
    state = play_showdown(p)
    assert state.over and state.result is not None
    result: HandResult = state.result
    assert (result.outcome, result.points, result.counts, result.lines) == (
        p.showdown.result.outcome, p.showdown.result.points, p.showdown.result.counts,
        p.showdown.result.lines)
    # the sentences of the showdown section state those numbers
    section = next(s for s in p.sections if s.rows == p.showdown.rows)
    words = " ".join(section.sentences)
    won = result.points[0]
    assert f"{won}." in words and won > 0
    for count in result.counts:
        if count:
            assert str(count) in words


@pytest.mark.parametrize("key", KEYS)
def test_pages_are_short_sections_illustrated_with_real_melds(key: str) -> None:
    p = page(key)
    rules = preset(key)
    assert p.title.startswith("How to play") and rules.name in p.title
    assert 4 <= len(p.sections) <= 8
    for section in p.sections:
        assert 1 <= len(section.sentences) <= 4
        for sentence in section.sentences:
            assert len(sentence) < 200 and not re.search(r"\b[2-9TJQKA][SHDC]\b", sentence)
    rows = {r.caption: r for s in p.sections for r in s.rows}
    assert is_set(rows["A set"].groups[0]) and is_run(rows["A run"].groups[0])
    for section in p.sections:
        for row in section.rows:
            cards = [c for g in row.groups for c in g]
            assert len(set(cards)) == len(cards)
            if row.note.startswith("Deadwood"):
                melds, dead = row.groups[:-1], row.groups[-1]
                assert all(is_meld(m) for m in melds)
                assert row.note.endswith(str(min_deadwood(cards)))
                assert sum(c.value() for c in dead) == min_deadwood(cards)


def test_deadwood_counted_in_words() -> None:
    hand = tuple(parse_cards("3S 4S 5S 9H 9D 9C KC 5H AH 2D"))
    assert counted(hand) == "K♣ 10 + 5♥ 5 + A♥ 1 + 2♦ 2 = 18"
    assert counted(tuple(parse_cards("3S 4S 5S"))) == "no deadwood: 0"
    assert counted(tuple(parse_cards("3S 4S 5S KD"))) == "K♦ 10"


def test_the_rules_numbers_come_from_the_presets() -> None:
    gin = " ".join(x for s in page("gin").sections for x in s.sentences)
    rules = preset("gin")
    assert f"{rules.knock_limit} or less" in gin and f"{rules.undercut_bonus}" in gin
    knock = " ".join(x for s in page("knock").sections for x in s.sentences)
    assert f"plus {preset('knock').knock_penalty}" in knock
    rummy = " ".join(x for s in page("rummy").sections for x in s.sentences)
    assert "150" in rummy and "lay off" in rummy
    with pytest.raises(ValueError):
        page("chess")


@pytest.mark.parametrize("key", ["knock", "gin", "rummy"])
def test_every_page_says_the_keys_and_every_key_named_is_bound(key: str) -> None:
    """A keyboard-only helper found Left, Right and Enter by guessing: each page ends
    with the keys, and each letter it names is a key the table answers to."""
    from knockrummy.ui.table.scene import BUTTONS
    p = page(key)
    keys = p.sections[-1]
    assert keys.title == "With the keyboard"
    text = " ".join(keys.sentences)
    assert "Left and Right" in text and "Enter" in text and "H asks for a hint" in text
    letters = set(re.findall(r"\b([A-Z]) (?:knocks|goes|asks|sorts|arranges|passes|is|lays|"
                             r"turns)\b", text))
    bound = {hint for _key, hint in BUTTONS}
    assert letters and letters <= bound, letters - bound
    family = {"knock": {"K"}, "gin": {"K", "G", "P", "F"}, "rummy": {"M", "T"}}[key]
    assert family <= letters
