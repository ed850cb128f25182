"""The showdown says how and why a hand ended, in words (issue 13, "tableinfo").

Through the real scene loop: a computer that ends a hand before the human's first
turn is explained; a gin is labelled gin; the Rummy winner's row shows the melds it
went out with; the human's hand is shown in their own order and other hands sorted;
the match totals are in the score panel; each term is explained once, and that is
remembered across runs.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from knockrummy.app import prefs as prefs_store
from knockrummy.app.controller import COMPUTER, HUMAN, Controller, GameSetup, SeatSetup
from knockrummy.app.explain import TERMS, early_end, explain, terms_in
from knockrummy.app.prefs import Prefs
from knockrummy.engine import PRESETS, Discard, Phase, best_discard
from knockrummy.engine.cards import sort_by_rank
from knockrummy.storage.settings import settings_from_dict
from knockrummy.ui import matches
from knockrummy.ui.pilot import Pilot
from knockrummy.ui.screens.showdown import ShowdownScene
from knockrummy.ui.table.scene import TableScene
from knockrummy.words.cards import card_label
from tests.table_support import Opener, windows

FAST = Prefs(animation_speed=4.0, ai_pacing=0.0)
NAMES = ("You", "Ada", "Ben", "Cleo", "Dev", "Eve")

@pytest.fixture
def window(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Opener]:
    """Open a window of a given size on the title (storage in ``tmp_path``)."""
    yield from windows(tmp_path, monkeypatch, FAST)


def start(p: Pilot, preset: str, players: int, seed: int, human: bool = True) -> Controller:
    seats = tuple(SeatSetup(NAMES[i], HUMAN if i == 0 and human else COMPUTER, "medium")
                  for i in range(players))
    return matches.start_game(p.app, GameSetup(PRESETS[preset], seats, seed)).controller


def my_turn(p: Pilot) -> bool:
    top = p.top
    return isinstance(top, TableScene) and top.controller.human_to_act and bool(top.model.legal) \
        and not top.director.active


def play_to_showdown(p: Pilot, arrange: Callable[[TableScene], None] | None = None,
                     lay_off: Callable[[TableScene], None] | None = None) -> ShowdownScene:
    """Play the human's turns as a person does (move to the stock, click it, drag the best
    card to the pile; pass on an up card) until the showdown opens; ``arrange`` is called
    after each draw, to rearrange the hand; ``lay_off`` plays the lay-off phase (else
    Done laying off at once)."""
    for _ in range(200):
        assert p.until(lambda: my_turn(p) or isinstance(p.top, ShowdownScene), 60_000)
        top = p.top
        if isinstance(top, ShowdownScene):
            p.click((5, 5))  # a click shows everything at once
            assert top.done
            return top
        assert isinstance(top, TableScene)
        t = top
        if t.view.phase is Phase.UPCARD_OFFER:
            p.press("Pass")
            continue
        if t.view.phase is Phase.LAYOFF:
            if lay_off is not None:
                lay_off(t)
            else:
                p.press("Done laying off")
            continue
        size = len(t.view.hand)
        p.move(t.layout.stock.center)
        p.click(t.layout.stock.center)
        assert p.until(lambda t=t, size=size: not t.director.active  # type: ignore[misc]
                       and len(t.view.hand) == size + 1)
        if arrange is not None:
            arrange(t)
        legal = {a.card for a in t.model.legal if isinstance(a, Discard)}
        card, _ = best_discard([c for c in t.view.hand if c in legal], t.view.rules.ace_high)
        r = t.layout.hand[t.order.cards.index(card)]
        p.drag((r.x + 6, r.centery), t.layout.discard.center)
    raise AssertionError("no showdown")


def all_text(show: ShowdownScene) -> list[str]:
    return [text for text, *_ in show.panel_lines()]


# --------------------------------------------------------------------- #7


def test_a_computer_ending_the_hand_first_is_explained(window: Opener) -> None:
    """#7: Dev knocks before the human has drawn a card: the showdown says so and why,
    first in the score panel, and it fits there at 960x600 with six players."""
    p = window((960, 600))
    c = start(p, "knock", 6, 11)
    show = play_to_showdown(p)
    assert not any(e.seat == 0 for e in show.view.log)  # the human never played
    assert show.early is not None
    assert show.early.startswith("Dev knocked before you had a turn: ")
    assert "first" in show.early and "(Dev had 11)" in show.early
    assert all_text(show)[0] == show.early
    rows = show.panel_rows()
    assert rows[-1][4] + rows[-1][1] <= show.panel_box().bottom - 6, "the panel overflows"
    del c


def test_the_totals_are_evenly_spaced(window: Opener) -> None:
    """The leader's total is bold; it used to get a heading's space above it, so the
    totals read "You: 0", a gap, "Ada: 30" (seen at 960x600)."""
    p = window((960, 600))
    start(p, "gin", 2, 11)
    show = play_to_showdown(p)
    show.skip()
    rows = show.panel_rows()
    names = show.view.names
    totals = [r for r in rows if any(r[0].startswith(f"{n}: ") or r[0].startswith("You: ")
                                     for n in names)]
    assert len(totals) == 2, [r[0] for r in rows]
    (_, size, _, bold, y0), (_, _, _, _, y1) = totals
    line = p.app.fonts.font(size, bold).get_linesize()
    assert y1 - y0 <= line + 2, (totals, line)


def test_no_explanation_when_the_human_played(window: Opener) -> None:
    p = window((1280, 720))
    start(p, "gin", 2, 11)
    show = play_to_showdown(p)
    assert any(e.seat == 0 and e.what.startswith("draw") for e in show.view.log)
    assert show.early is None
    assert early_end(show.view, ()) is None  # nobody to explain it to


# --------------------------------------------------------------------- #26, #8


def test_gin_is_labelled_gin(window: Opener) -> None:
    """#26: the seat that went gin is "(gin)", not "(knocked)"; gin is explained."""
    p = window((960, 600))
    start(p, "gin", 2, 7, human=False)  # You (a computer here) goes gin in hand 1
    assert p.until(lambda: isinstance(p.top, ShowdownScene), 60_000)
    show = p.top
    assert isinstance(show, ShowdownScene)
    show.skip()
    assert show.view.knock_kind == "gin"
    knocker = show.view.knocker
    assert knocker is not None
    assert show._ended(knocker) == "  (gin)"
    assert "knocked" not in show._ended(knocker)
    # the lines under the cards are said (gold melds, red deadwood): at 960x600 the words
    # fit left of the buttons on one line
    assert show.legend() == [("meld", "melds"), ("dead", "deadwood")] or \
        show.legend() == [("meld", "melds")]  # a gin: every hand may be melded whole
    fonts, size = p.app.fonts, p.app.text_size(13)
    need = sum(p.app.px(18) + 6 + fonts.font(size).size(w)[0] + p.app.px(16)
               for _k, w in show.legend())
    assert need <= show.legend_area().width + p.app.px(16)
    assert any(t.startswith("Gin: ") for t in all_text(show))


def test_rummy_winner_row_shows_the_melds(window: Opener) -> None:
    """#8: the Rummy winner's row shows the melds they laid on the table (it was empty),
    and the score panel ends with the match totals under a heading."""
    p = window((960, 600))
    c = start(p, "rummy", 4, 3, human=False)  # Ada goes out in one turn in hand 1
    assert p.until(lambda: isinstance(p.top, ShowdownScene), 60_000)
    show = p.top
    assert isinstance(show, ShowdownScene)
    show.skip()
    result = show.view.result
    # going out in one turn is a rummy only where the house rule doubles it (off by default)
    assert result is not None and result.outcome == "out"
    (winner,) = result.winners
    groups = show._groups(winner)
    on_table = [cards for kind, cards in groups if kind == "table"]
    owned = [sorted(tm.cards, key=lambda c: (c.rank, c.suit)) for tm in show.view.table
             if tm.owner == winner]
    assert [sorted(g, key=lambda c: (c.rank, c.suit)) for g in on_table] == owned
    assert sum(len(g) for g in on_table) >= 3
    assert show._ended(winner) == "  (went out)"
    # the row's label: the name, then how the hand ended on a line of its own (at 960x600
    # it wrapped as "Ada  (went" / "out)")
    drawn = p.app.fonts.record()
    p.app.draw()
    p.app.fonts.stop_recording()
    said = [text for _size, text in drawn]
    assert "(went out)" in said and not any(t.endswith("(went") for t in said), said
    texts = all_text(show)
    assert "Final totals" in texts or any(t.startswith("Totals") for t in texts)
    for seat in range(4):
        assert f"{show.view.names[seat]}: {c.match.scores[seat]}" in texts


def test_rummy_layoffs_stand_in_their_melds_and_the_row_says_who_laid_them(
        window: Opener) -> None:
    """A helper read Bert's layoffs "7♦ 6♦" as a meld of two in Bert's row, and his own
    run 8♦ 9♦ 10♦ without them: each meld on the table is shown whole in its owner's
    row, a card laid off onto it ringed there, and the row of the seat that laid it off
    says "laid off 6♦ 7♦"."""
    from knockrummy.engine import is_meld
    p = window((1280, 720))
    start(p, "rummy", 3, 21, human=False)  # Bert lays off in hand 1
    show = None
    for _hand in range(4):  # hands until one ends with a card laid off
        assert p.until(lambda: isinstance(p.top, ShowdownScene), 90_000)
        show = p.top
        assert isinstance(show, ShowdownScene)
        show.skip()
        if show.laid_on_table:
            break
        if show.controller.match.over:
            break
        p.press("Next hand")
        p.until(lambda: not isinstance(p.top, ShowdownScene), 5_000)
    assert show is not None and show.laid_on_table, "no hand with a layoff"
    view = show.view
    shown: dict[object, int] = {}
    for seat in range(view.players):
        for kind, cards in show._groups(seat):
            if kind == "table":
                assert is_meld(cards, view.rules.ace_high), cards  # never a part of one
                for c in cards:
                    shown[c] = seat
    for tm in view.table:
        for c in tm.cards:
            assert shown[c] == tm.owner  # every card of the meld in its owner's row
    for e in view.log:
        if e.what == "lay_off" and e.card is not None:
            assert e.card in show.laid_on_table
            lines = " ".join(show.count_lines(e.seat, "value 0", 2000))
            assert "laid off" in lines and card_label(e.card) in lines, lines
    # the coloured lines and the ring have their words under the rows, beside the buttons
    assert [words for _kind, words in show.legend()][-1] == "laid off onto it"
    assert ("table", "melds on the table") in show.legend()
    legend = show.legend_area()
    assert not any(legend.colliderect(b.rect) for b in show.shown())


# --------------------------------------------------------------------- #16


def test_showdown_keeps_the_players_order(window: Opener) -> None:
    """#16: the human's hand is shown in the order they arranged it (melds, then
    deadwood); other hands' deadwood is sorted by rank so a count is easy to check."""
    p = window((1280, 720))
    start(p, "knock", 3, 7)

    def reverse_by_dragging(t: TableScene) -> None:
        # drag the last card to the front: the player's own order from now on
        last = len(t.order.cards) - 1
        r = t.layout.hand[last]
        p.move((r.x + 6, r.centery))
        p.drag((r.x + 6, r.centery), (t.layout.hand[0].x - 10, t.layout.hand[0].centery))

    show = play_to_showdown(p, reverse_by_dragging)
    mode, own = show.session.hand_orders[0]  # as the table told the match's session
    assert mode == "manual"
    where = {c: i for i, c in enumerate(own)}
    groups = show._groups(0)
    firsts: list[int] = []
    for kind, cards in groups:
        if kind in ("meld", "dead") and cards:
            places = [where[c] for c in cards]
            assert places == sorted(places), (kind, cards, own)
            if kind == "meld":
                firsts.append(places[0])
    assert firsts == sorted(firsts)
    for seat in (1, 2):
        dead = [cards for kind, cards in show._groups(seat) if kind == "dead"][0]
        assert dead == sort_by_rank(dead)


# --------------------------------------------------------------------- terms


def test_terms_explained_once_and_remembered(window: Opener, tmp_path: Path) -> None:
    """Knock is explained on the first showdown that has one, not on the next; the list
    of explained terms survives a restart (it is a setting)."""
    p = window((960, 600))
    c = start(p, "knock", 6, 11)
    first = play_to_showdown(p)
    assert any(t.startswith("Knock: ") for t in all_text(first))
    assert "knock" in p.app.prefs.explained
    p.press("Next hand")
    second = play_to_showdown(p)
    assert second is not first and second.view.knocker is not None
    assert not any(t.startswith("Knock: ") for t in all_text(second))
    # across runs: the setting is saved and read back
    assert prefs_store.save(replace(Prefs(), explained=p.app.prefs.explained))
    loaded, notes = prefs_store.load()
    assert loaded.explained == p.app.prefs.explained and not notes
    settings, notes = settings_from_dict({"explained": ["knock", 7]})
    assert settings.explained == () and notes  # junk is refused with a note
    del c


def test_each_term_in_one_line_of_plain_words() -> None:
    """Every term has one line with the hand's names and the game's numbers, no
    decimals, no card codes."""
    from knockrummy.app.explain import _finished
    from knockrummy.engine.state import HandResult
    for preset, outcome, kind in (("gin", "undercut", "knock"), ("gin", "gin", "gin"),
                                  ("gin-yimmaw", "big_gin", "big_gin"),
                                  ("knock", "rum", "knock"), ("knock", "undercut", "knock"),
                                  ("gin-multi", "undercut", "knock"),
                                  ("rummy", "rummy", "knock")):
        rules = PRESETS[preset]
        result = HandResult(outcome, (0,), (30, -30), (0, 12), (), 1)
        view = _finished(rules, ("You", "Ada"), knocker=1, kind=kind, result=result, log=())
        for term in TERMS:
            line = explain(term, view)
            assert "\n" not in line and len(line) < 200
            assert not re.search(r"\d\.\d", line)
            assert not re.search(r"\b(?:[2-9TJQKA])[CDHS]\b", line)
        assert terms_in(view)
    gin = _finished(PRESETS["gin"], ("You", "Ada"), knocker=1, kind="knock",
                    result=HandResult("undercut", (0,), (27, 0), (5, 7), (), 1), log=())
    assert explain("undercut", gin) == ("Undercut: your count was not higher than the "
                                        "knocker's, so you score the difference plus 25")
    ada = _finished(PRESETS["gin"], ("Ada", "You"), knocker=1, kind="knock",
                    result=HandResult("undercut", (0,), (27, 0), (5, 7), (), 1), log=())
    assert explain("undercut", ada) == ("Undercut: Ada's count was not higher than the "
                                        "knocker's, so Ada scores the difference plus 25")
    # two players: "the other player", not "the others" (a helper read "the others lay
    # off what they can" at a table of two)
    assert explain("knock", ada) == ("Knock: you ended the hand with little deadwood (10 or "
                                     "less); the other player lays off what they can on "
                                     "your melds and the lower count scores")
    assert "the other player adds cards" in explain("layoff", ada)
    three = _finished(PRESETS["gin-multi"], ("Ada", "You", "Bo"), knocker=1, kind="knock",
                      result=HandResult("knock", (1,), (0, 9, 0), (12, 3, 20), (), 1), log=())
    assert "the others lay off what they can" in explain("knock", three)
    # points are penalties there: "the lower count scores" read wrongly (a first-time
    # player)
    assert explain("knock", three).endswith(
        "then each takes the difference from your count as penalty points")
    assert "the other players add cards" in explain("layoff", three)




def test_the_cards_laid_off_stay_clear_of_the_hand_at_960x600(window: Opener) -> None:
    """A helper's showdown at 960x600 read "count 63   laid off 6…", the rest under the
    first card of the hand. The count and the cards laid off now stay within the name's
    plate, on two lines when one is too long."""
    p = window((960, 600))

    def lay_off_by_hints(t: TableScene) -> None:
        """In the lay-off phase: H, then Enter, until the hints have laid off all they
        would and finished (a person following the coach)."""
        while t.view.phase is Phase.LAYOFF and t.controller.human_to_act:
            done = len(t.controller.match.all_actions)
            p.key(pygame.K_h)
            assert p.until(lambda: t.model.lit_hint is not None, 5_000)
            p.key(pygame.K_RETURN)
            assert p.until(lambda done=done: len(t.controller.match.all_actions) > done  # type: ignore[misc]
                           and not t.director.active, 5_000)

    for seed in range(1, 40):
        start(p, "gin", 2, seed)
        show = play_to_showdown(p, lay_off=lay_off_by_hints)
        laid = [s for s, sh in enumerate(show.view.shows) if sh.laid_off]
        if laid:
            break
        p.press("Menu")
    else:
        raise AssertionError("no hand with cards laid off")
    seat = laid[0]
    room = max(130, show._rows()[0].width // 5) - 16
    count = f"count {show.view.shows[seat].count}"
    lines = show.count_lines(seat, count, room)
    font = p.app.fonts.font(p.app.text_size(15))
    assert all(font.size(line)[0] <= room for line in lines), lines
    assert lines[-1].startswith(count)
    assert any("laid off " in line for line in lines)
    for card in show.view.shows[seat].laid_off:
        assert card_label(card) in " ".join(lines)
