"""The table says what is going on (issue 13, "tableinfo"), through the real scene loop.

A person plays: the pointer moves over things before it clicks, keys are pressed out
of habit, the keyboard focus is left where it fell. Each test checks what the player
sees: the match at a glance, the last moves, the card just drawn, meld groups that
survive a drag, only legal piles lit, and texts that never cover the hand, the piles,
the buttons or the melds at 960x600 (six players, four Rummy players, undo on).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from knockrummy.app import recap
from knockrummy.app.controller import COMPUTER, HUMAN, Controller, GameSetup, SeatSetup
from knockrummy.app.prefs import Prefs
from knockrummy.engine import (
    PRESETS,
    Card,
    Discard,
    Phase,
    PlayerView,
    best_discard,
    new_match,
    observe,
)
from knockrummy.engine.state import LogEntry
from knockrummy.ui import gfx, matches
from knockrummy.ui.felt.hand import HandOrder
from knockrummy.ui.gfx import ACCENT
from knockrummy.ui.pilot import Pilot
from knockrummy.ui.screens.showdown import ShowdownScene
from knockrummy.ui.table import controls, render
from knockrummy.ui.table.scene import TableScene
from tests.table_support import Opener, first_hand_replay, windows

FAST = Prefs(animation_speed=4.0, ai_pacing=0.0, allow_undo=True)
NAMES = ("You", "Ada", "Ben", "Cleo", "Dev", "Eve")

@pytest.fixture
def window(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Opener]:
    """Open a window of a given size on the title (storage in ``tmp_path``)."""
    yield from windows(tmp_path, monkeypatch, FAST)


def start(p: Pilot, preset: str, players: int, seed: int) -> Controller:
    """A match with the human ("You") in seat 0 and medium computers elsewhere."""
    seats = tuple(SeatSetup(NAMES[i], HUMAN if i == 0 else COMPUTER, "medium")
                  for i in range(players))
    return matches.start_game(p.app, GameSetup(PRESETS[preset], seats, seed)).controller


def table(p: Pilot) -> TableScene:
    top = p.top
    assert isinstance(top, TableScene), top
    return top


def my_turn(p: Pilot) -> bool:
    top = p.top
    return isinstance(top, TableScene) and top.controller.human_to_act and bool(top.model.legal) \
        and not top.director.active


def wait_turn(p: Pilot) -> bool:
    """Until the human may act (True) or a showdown opens (False)."""
    assert p.until(lambda: my_turn(p) or isinstance(p.top, ShowdownScene), 60_000)
    return my_turn(p)


def frame(p: Pilot) -> pygame.Surface:
    """Draw one frame now and return the screen."""
    p.app.dirty = True
    p.step()
    top = p.top
    assert top is not None
    top.draw(p.app.screen)
    return p.app.screen


def point(t: TableScene, index: int) -> tuple[int, int]:
    r = t.layout.hand[index]
    return r.x + 6, r.centery


def draw_stock(p: Pilot) -> Card:
    """Move to the stock, click it; the card that came into the hand."""
    t = table(p)
    before = set(t.view.hand)
    p.move(t.layout.stock.center)
    p.click(t.layout.stock.center)
    assert p.until(lambda: not t.director.active and len(t.view.hand) == len(before) + 1)
    (new,) = set(t.view.hand) - before
    return new


def throw_best(p: Pilot) -> Card:
    """Drag the best discard to the pile the way a player does."""
    t = table(p)
    legal = {a.card for a in t.model.legal if isinstance(a, Discard)}
    card, _ = best_discard([c for c in t.view.hand if c in legal], t.view.rules.ace_high)
    p.drag(point(t, t.order.cards.index(card)), t.layout.discard.center)
    return card


def play_turns(p: Pilot, turns: int) -> None:
    """Draw and throw the best card for ``turns`` turns (or until the hand is over)."""
    for _ in range(turns):
        if not wait_turn(p):
            return
        t = table(p)
        if t.view.phase is Phase.UPCARD_OFFER:
            p.press("Pass")
            continue
        draw_stock(p)
        throw_best(p)


def free_of(box: pygame.Rect, t: TableScene) -> list[str]:
    """What ``box`` covers on the table that it must not: cards of the hand, the piles
    and their labels, table melds, the opponents, visible buttons."""
    lay = t.layout
    hits: list[str] = []
    label_h = 30
    things = [("stock", lay.stock.inflate(0, label_h * 2)),
              ("discard", lay.discard.inflate(0, label_h * 2))]
    things += [(f"hand card {i}", r.move(0, -lay.card_w // 9 * 2)) for i, r in
               enumerate(lay.hand)]
    things += [(f"meld {i}", r) for i, rects in enumerate(lay.melds) for r in rects]
    things += [(f"pod {seat}", pod.rect) for seat, pod in lay.pods.items()]
    things += [(f"button {key}", b.rect) for key, b in t.buttons.items()
               if b.visible and b.rect.width]
    for name, rect in things:
        if box.colliderect(rect):
            hits.append(name)
    return hits


# --------------------------------------------------------------------- at a glance


def test_the_match_at_a_glance(window: Opener) -> None:
    """Hand number and length (or target), every score and the dealer on the table."""
    p = window((960, 600))
    c = start(p, "knock", 4, 21)
    wait_turn(p)
    t = table(p)
    frame(p)
    assert recap.match_info(t.view) == ("Hand 1 of 8", "2 deals each")
    info = render.DRAWN["info"]
    assert p.app.screen.get_rect().contains(info)
    assert not free_of(info, t), free_of(info, t)
    assert t.view.dealer in t.layout.pods or t.view.dealer == t.view.seat
    p2 = window((960, 600))
    start(p2, "gin", 2, 3)
    wait_turn(p2)
    assert recap.match_info(table(p2).view) == ("Hand 1", "Playing to 100")
    rummy = window((960, 600))
    start(rummy, "rummy", 4, 3)
    wait_turn(rummy)
    assert recap.match_info(table(rummy).view)[1] == "Playing to 150"
    del c


def test_seat_scores_wait_for_the_showdown(window: Opener) -> None:
    """#25: when a hand ends, the table keeps showing the scores from before it until
    the showdown reveals the new ones."""
    p = window((960, 600))
    c = start(p, "knock", 6, 11)  # Dev knocks before the human's first turn
    seen: list[tuple[tuple[int, ...], tuple[int, ...]]] = []

    def hand_over_on_table() -> bool:
        top = p.top
        if isinstance(top, TableScene) and top.view.phase is Phase.HAND_OVER:
            seen.append((render.table_scores(top.view), top.view.scores))
        return isinstance(top, ShowdownScene)

    assert p.until(hand_over_on_table, 60_000)
    assert seen, "the finished hand was never on the table"
    shown, totals = seen[-1]
    assert shown == (0,) * 6  # the first hand: nobody has a score yet
    assert totals != shown and totals == c.match.scores


# --------------------------------------------------------------------- last moves


def test_last_moves_say_what_the_computers_did(window: Opener) -> None:
    """#12: after the computers played, the table lists their moves in words with cards
    as players write them, and the list covers nothing."""
    checked = 0
    for size, preset, players, seed in (((960, 600), "knock", 6, 5),
                                        ((960, 600), "rummy", 4, 11),
                                        ((960, 600), "knock", 4, 3),
                                        ((960, 600), "gin", 2, 11),
                                        ((1920, 1080), "knock", 6, 5),
                                        ((1920, 1080), "rummy", 4, 11),
                                        ((1920, 1080), "knock", 2, 5)):
        p = window(size)
        start(p, preset, players, seed)
        play_turns(p, 1 if players > 4 else 2)
        if not wait_turn(p):
            continue
        checked += 1
        t = table(p)
        p.move((size[0] // 2, 5))  # the pointer rests somewhere harmless
        frame(p)
        lines = render.log_lines(t)
        assert lines, (preset, players)
        last = t.view.log[-1]
        assert lines[-1].startswith(t.view.names[last.seat])
        for entry in t.view.log[-3:]:
            if entry.what == "discard" and entry.card is not None:
                assert any(f"threw {entry.card.label}" in line for line in lines), lines
        box = render.DRAWN.get("log")
        assert box is not None, (size, preset, players)
        assert p.app.screen.get_rect().contains(box)
        assert not free_of(box, t), (size, preset, players, free_of(box, t))
        line = render.DRAWN.get("status") or render.DRAWN["note"]  # a note takes its place
        assert not box.colliderect(line)
    assert checked == 7, checked  # no hand ended before the human's turn


def test_last_moves_one_turn_a_line() -> None:
    """The log's words: a turn on one line, melds and layoffs with symbols, no codes."""
    from knockrummy.app.recap import last_moves
    from knockrummy.engine import parse_cards
    c = {str(x): x for x in parse_cards("6D KC 7S 8S 9S 2D 5H QH")}
    log = (LogEntry(1, "draw_discard", c["6D"]), LogEntry(1, "discard", c["KC"]),
           LogEntry(2, "draw_stock", None), LogEntry(2, "meld", c["7S"]),
           LogEntry(2, "meld", c["8S"]), LogEntry(2, "meld", c["9S"]),
           LogEntry(2, "lay_off", c["5H"]), LogEntry(2, "discard", c["2D"]),
           LogEntry(0, "pass", c["QH"]), LogEntry(1, "pass", c["QH"]))
    assert last_moves(log, ("You", "Ada", "Ben")) == [
        "Ada took 6♦ from the pile, threw K♣",
        "Ben drew from the stock, laid 7♠ 8♠ 9♠, laid off 5♥, threw 2♦",
        "You passed on Q♥", "Ada passed on Q♥"]


# --------------------------------------------------------------------- the drawn card


def test_the_drawn_card_is_marked_until_the_next_move(window: Opener) -> None:
    """#11: the card drawn from the stock stands raised and tagged in the hand, wherever
    the sort put it, until the player's next move; the pile's card is tagged too."""
    p = window((1280, 720))
    start(p, "knock", 3, 7)
    assert wait_turn(p)
    t = table(p)
    drawn = draw_stock(p)
    p.move((5, 5))  # the pointer leaves the hand: nothing is hovered
    assert p.until(lambda: not t.lifting())
    assert render.fresh_card(t) == (drawn, "new")
    cards = spy_cards(p)
    i = t.order.cards.index(drawn)
    rect = cards[drawn]
    assert rect.y < t.layout.hand[i].y, "the drawn card is not raised"
    others = [c for c in t.order.cards if c is not drawn]
    assert all(cards[c].y == t.layout.hand[t.order.cards.index(c)].y for c in others)
    thrown = throw_best(p)
    assert thrown in t.view.discard
    assert render.fresh_card(t) is None
    # on a later turn, take the top of the pile: tagged "taken"
    for _ in range(6):
        if not wait_turn(p):
            return
        if any(type(a).__name__ == "DrawDiscard" for a in t.model.legal):
            top = t.view.discard[-1]
            p.move(t.layout.discard.center)
            p.click(t.layout.discard.center)
            assert p.until(lambda top=top: not t.director.active  # type: ignore[misc]
                           and top in t.view.hand)
            assert render.fresh_card(t) == (top, "taken")
            return
        draw_stock(p)
        throw_best(p)


def spy_cards(p: Pilot) -> dict[Card, pygame.Rect]:
    """Draw a frame and return where each face-up card of the hand was drawn (the last
    time it was drawn in that frame, so a card drawn over its neighbours wins)."""
    t = table(p)
    seen: dict[Card, pygame.Rect] = {}
    order: list[Card] = []
    real = render.card

    def card(scene: object, surface: pygame.Surface, c: Card | None, rect: pygame.Rect,
             *args: object, **kwargs: object) -> None:
        if c is not None and c in t.order.cards and surface is p.app.screen:
            seen[c] = rect.copy()
            order.append(c)
        real(scene, surface, c, rect, *args, **kwargs)  # type: ignore[arg-type]

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(render, "card", card)
        frame(p)
    SPY_ORDER[:] = order
    return seen


#: the hand's cards in the order the last :func:`spy_cards` frame drew them
SPY_ORDER: list[Card] = []


# --------------------------------------------------------------------- focus and hint


def test_keyboard_focus_sits_on_a_whole_card(window: Opener) -> None:
    """#27: the focused card is raised and drawn over both neighbours (its outline sits
    on a card seen whole)."""
    p = window((960, 600))
    start(p, "gin", 2, 11)
    while wait_turn(p) and table(p).view.phase is not Phase.DRAW:
        p.press("Pass")
    t = table(p)
    draw_stock(p)
    p.move((5, 5))
    for _ in range(20):  # Right, Right, ... out of habit (the first picks the card drawn)
        p.key(pygame.K_RIGHT)
        if t.model.focus_index == 3:
            break
    assert t.model.focus_index == 3
    assert p.until(lambda: not t.lifting())
    drawn = spy_cards(p)
    order = SPY_ORDER
    focused = t.order.cards[3]
    assert drawn[focused].y < t.layout.hand[3].y
    assert order.index(focused) > order.index(t.order.cards[4])
    assert order[-1] is focused or render.fresh_card(t) is not None


def last_drawn() -> list[Card]:
    """The hand's cards in the order the last :func:`spy_cards` frame last drew them."""
    last = {c: i for i, c in enumerate(SPY_ORDER)}
    return sorted(last, key=last.__getitem__)


def test_cards_clicked_in_turn_keep_their_corners(window: Opener) -> None:
    """A card clicked is raised in its place in the fan (the playtest: each card picked
    for a meld was drawn over the next, leaving a sliver to click): three cards clicked
    by their corners, one after another, are all picked, and every card is drawn in the
    fan's order. A card the keys point at is drawn whole, and a click where it is seen
    picks it, not the card under it in the fan; the hand opens after it, and a click on
    the next card's corner picks that card."""
    p = window((960, 600))
    start(p, "rummy", 2, 3)
    assert wait_turn(p)
    draw_stock(p)
    assert wait_turn(p)
    t = table(p)
    for i in range(3):  # hover, then click each card's corner in turn
        p.move(point(t, i))
        p.click(point(t, i))
        drawn = spy_cards(p)
        assert last_drawn() == t.order.cards, "a clicked card is drawn in its place"
        assert drawn[t.order.cards[i]].y < t.layout.hand[i].y  # raised
    assert t.model.selected == t.order.cards[:3]
    p.move((5, 5))
    p.key(pygame.K_RIGHT)  # the keys take over: their card is drawn whole, on top
    focus = t.model.focus_index
    assert focus is not None and focus + 1 < len(t.order.cards)
    assert p.until(lambda: not t.lifting())
    spy_cards(p)
    assert last_drawn()[-1] == t.order.cards[focus]
    seen = render.hand_rect(t, focus, t.order.cards[focus])
    assert t.pointer.card_at((seen.right - 3, seen.centery)) == focus
    # the next card stands aside, its corner in view, and a click there finds it
    after = render.hand_rect(t, focus + 1, t.order.cards[focus + 1])
    assert after.left >= seen.right
    assert t.pointer.card_at((after.left + 3, after.top + 20)) == focus + 1


def test_hint_glow_under_the_cards(window: Opener) -> None:
    """#27: the hint's glow lies under every card of the hand and its cards are drawn
    whole over their neighbours."""
    p = window((1280, 720))
    start(p, "gin", 2, 11)
    while wait_turn(p) and table(p).view.phase is not Phase.DRAW:
        p.press("Pass")
    t = table(p)
    draw_stock(p)
    p.key(pygame.K_h)
    assert p.until(lambda: t.coach.hint is not None, 5000)
    hint = t.coach.hint
    assert hint is not None and hint.cards
    calls: list[str] = []
    real_glow, real_card = gfx.glow, render.card

    def glow(surface: pygame.Surface, rect: pygame.Rect, *args: object) -> None:
        if surface is p.app.screen:
            calls.append("glow")
        real_glow(surface, rect, *args)  # type: ignore[arg-type]

    def card(scene: object, surface: pygame.Surface, c: Card | None, rect: pygame.Rect,
             *args: object, **kwargs: object) -> None:
        if surface is p.app.screen and c in t.order.cards:
            calls.append(str(c))
        real_card(scene, surface, c, rect, *args, **kwargs)  # type: ignore[arg-type]

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(render, "glow", glow)
        mp.setattr(render, "card", card)
        frame(p)
    hand_calls = [x for x in calls if x != "glow"]
    assert "glow" in calls and calls.index("glow") < calls.index(hand_calls[0])
    for c in hint.cards:
        i = t.order.cards.index(c)
        if i + 1 < len(t.order.cards) and t.order.cards[i + 1] not in hint.cards:
            assert hand_calls.index(str(c)) > hand_calls.index(str(t.order.cards[i + 1]))


# --------------------------------------------------------------------- melds in the hand


def test_melds_stay_underlined_after_a_drag(window: Opener) -> None:
    """Melds are grouped and underlined as the hand changes, and dragging a card to a
    new place keeps the marks on every meld whose cards still sit together."""
    p = window((1280, 720))
    for seed in range(1, 40):
        start(p, "gin", 2, seed)
        wait_turn(p)
        t = table(p)
        if t.order.meld_groups.count(True) and t.order.meld_groups[-1] is False:
            break
    else:
        pytest.fail("no deal with a meld in 40 seeds")
    assert t.order.mode == "melds"
    melds_before = t.order.meld_groups.count(True)
    assert len(t.layout.group_marks) == melds_before
    last = len(t.order.cards) - 1
    moved = t.order.cards[last]
    p.move(point(t, last))
    p.drag(point(t, last), (t.layout.hand[0].x - 10, t.layout.hand[0].centery))
    assert t.order.cards[0] is moved and t.order.mode == "manual"
    assert t.order.meld_groups.count(True) == melds_before
    assert len(t.layout.group_marks) == melds_before
    # each mark lies under cards that make a meld
    from knockrummy.engine import is_meld
    i = 0
    for size, is_group_meld in zip(t.order.groups, t.order.meld_groups, strict=True):
        if is_group_meld:
            assert is_meld(t.order.cards[i:i + size], t.view.rules.ace_high)
        i += size


def test_after_a_drag_the_card_under_the_pointer_is_the_raised_one(window: Opener) -> None:
    """The playtest: after a card was dragged to a new place, the card that had been
    under the pointer when the drag began stayed raised until the pointer moved. The
    pointer rests where it let go: the card there is the one hovered."""
    p = window((960, 600))
    start(p, "knock", 2, 5)
    assert wait_turn(p)
    t = table(p)
    first = t.order.cards[0]
    p.move(point(t, 0))
    assert t.model.hover == 0
    end = (t.layout.hand[4].centerx, t.layout.hand[4].centery)
    p.drag(point(t, 0), end)
    assert t.order.cards.index(first) != 0  # it moved
    under = t.pointer.card_at(end)
    assert under is not None and under != 0
    assert t.model.hover == under, "the card under the resting pointer is the hovered one"


def test_hand_order_groups_in_place() -> None:
    """A manual order keeps its cards where the player put them; split melds lose their
    mark, whole ones keep it."""
    from knockrummy.engine import parse_cards
    h = HandOrder()
    h.sync(parse_cards("2H 3H 4H 9C 9D 9S KS"), ace_high=False)
    assert h.meld_groups == [True, True, False]
    first = [str(c) for c in h.cards[:3]]
    h.move(h.cards[-1], 1)  # the king into the first meld: that meld is split
    assert [str(c) for c in h.cards][:4] == [first[0], "KS", first[1], first[2]]
    assert h.mode == "manual" and h.meld_groups.count(True) == 1
    h.move(h.cards[1], 7)  # back to the end: both melds whole again
    assert h.meld_groups.count(True) == 2


# --------------------------------------------------------------------- lit piles


def test_stock_not_lit_during_the_upcard_offer(window: Opener) -> None:
    """#24: during Gin's up-card offer only the discard pile (the legal draw) glows or
    takes the focus outline; the stock stays dark even with the pointer on it."""
    p = window((960, 600))
    for seed in range(1, 30):
        start(p, "gin", 2, seed)
        wait_turn(p)
        t = table(p)
        if t.view.phase is Phase.UPCARD_OFFER:
            break
    else:
        pytest.fail("no up-card offer to the human in 30 seeds")
    assert render.drawable_piles(t) == {"discard"}
    p.move(t.layout.stock.center)  # resting on the stock, as a player might
    screen = frame(p)
    assert _ring_accent(screen, t.layout.stock) == 0
    p.key(pygame.K_RIGHT)  # the focus moves to the discard pile: it lights
    screen = frame(p)
    assert t.model.pile_focus == "discard"
    assert _ring_accent(screen, t.layout.discard) > 20


def _ring_accent(screen: pygame.Surface, rect: pygame.Rect) -> int:
    """Accent-coloured pixels on the focus outline around ``rect``."""
    ring = rect.inflate(8, 8)
    count = 0
    for x in range(ring.left + ring.width // 4, ring.right - ring.width // 4):
        for y in (ring.top, ring.top + 1, ring.bottom - 1, ring.bottom - 2):
            if tuple(screen.get_at((x, y)))[:3] == ACCENT:
                count += 1
    return count


# --------------------------------------------------------------------- nothing covered


def test_texts_cover_nothing_at_960x600(window: Opener) -> None:
    """#18, #19, #23: at 960x600 with four Rummy players and undo on, the meld zone's
    label stays inside the zone, the status line clears the Hint and Undo buttons, and a
    refusal message sits where the status line was (not over the pile labels)."""
    p = window((960, 600))
    start(p, "rummy", 4, 11)
    assert wait_turn(p)
    t = table(p)
    assert t.buttons["undo"].visible
    draw_stock(p)
    p.move((5, 5))
    frame(p)
    zone = render.DRAWN.get("zone_label")
    if not t.view.table:
        assert zone is not None and t.layout.meld_zone.contains(zone)
        assert not zone.colliderect(t.layout.discard.inflate(0, 60))
    status = render.DRAWN["status"]
    assert not status.colliderect(t.buttons["undo"].rect)
    assert not status.colliderect(t.buttons["hint"].rect)
    assert not free_of(status, t), free_of(status, t)
    # click the stock again out of habit: refused, with the reason in words
    p.click(t.layout.stock.center)
    assert t.model.message.time > 0
    frame(p)
    note = render.DRAWN["note"]
    assert "status" not in render.DRAWN  # the note takes the status line's place
    assert not free_of(note, t), free_of(note, t)


@pytest.mark.parametrize(("preset", "players"), [("gin", 2), ("rummy", 4)])
def test_a_card_an_opponent_took_is_labelled_taken(window: Opener, preset: str,
                                                   players: int) -> None:
    """A helper met small face-up cards under the opponents' hands with nothing to say
    what they were: they wear the "taken" word the player's own taken card wears, beside
    them, inside the window and over nothing else the table shows."""
    from knockrummy.ai import make_player
    p = window((960, 600))
    seats = tuple(SeatSetup(NAMES[i], HUMAN if i == 0 else COMPUTER, "medium")
                  for i in range(players))
    matches.start_game(p.app, GameSetup(PRESETS[preset], seats, 5))
    bot = make_player("medium", 3)
    t = None
    for _ in range(200):
        assert p.until(lambda: isinstance(p.top, TableScene) and p.top.controller.human_to_act
                       and bool(p.top.model.legal) and not p.top.director.active, 20_000)
        t = p.top
        assert isinstance(t, TableScene)
        if any(t.view.public_taken[seat] for seat in range(1, players)):
            break
        assert t.act(bot.choose(t.controller.view(), t.controller.legal())) is None
    assert t is not None and any(t.view.public_taken[seat] for seat in range(1, players))
    frame(p)
    tag = render.DRAWN["taken_tags"]
    assert p.app.screen.get_rect().contains(tag)
    rows = [pod.taken[0].unionall(pod.taken[:len(t.view.public_taken[seat])])
            for seat, pod in t.layout.pods.items() if t.view.public_taken[seat]]
    assert any(tag.colliderect(row.inflate(120, 0)) for row in rows)  # beside them
    for seat, pod in t.layout.pods.items():
        shown = t.view.public_taken[seat]
        assert not tag.colliderect(pod.plate)
        for r in pod.taken[:len(shown)]:
            assert not tag.colliderect(r)
    for name in ("status", "count", "log", "info"):
        if name in render.DRAWN:
            assert not tag.colliderect(render.DRAWN[name]), name
    assert not tag.colliderect(t.layout.stock) and not tag.colliderect(t.layout.discard)


def test_the_replay_numbers_the_hand_as_the_table_does() -> None:
    """A helper read "Hand 5 of 5" in the replay of a game the table called "Hand 5 of
    6": in a game of so many deals both count to its last deal; in a game to a score the
    replay says how many were played."""
    knock = PRESETS["knock"]
    assert knock.deals_per_player == 2
    assert recap.replay_heading(knock, 3, 5, 5) == "Hand 5 of 6"
    match = new_match(knock, 3, 1)
    assert recap.match_info(observe(match, 0))[0] == "Hand 1 of 6"
    assert recap.replay_heading(knock, 3, 1, 1) == "Hand 1 of 6"
    assert recap.replay_heading(PRESETS["gin"], 2, 3, 5) == "Hand 3 of 5 played"


def test_status_line_says_your_turn() -> None:
    """#17: "Your turn", never "You's turn"; others keep their name."""
    view = _view_of("You", current=0)
    text = controls.status_line(view, [], False, None, True)
    assert text == "Your turn"
    assert controls.status_line(_view_of("Ann", current=0), [], False, None, True) == \
        "Ann's turn"


def test_the_status_line_names_the_key_that_knocks_or_goes_gin() -> None:
    """A keyboard-only player found K only in the Knock button's tooltip, which the
    keyboard never shows; the status line says it once a knock (or gin) is there."""
    from knockrummy.engine.actions import DrawStock
    from knockrummy.engine.flow import apply, legal_actions
    from knockrummy.engine.view import observe_hand
    from tests.builders import make_hand

    def line(key: str, mine: str, drawn: str) -> str:
        state = make_hand(PRESETS[key], [mine, "AS 2S 3S 4H 5H 6H 7H 8H 9H KC"],
                          discard="QC", stock_top=drawn)
        state, _events = apply(state, DrawStock())
        return controls.status_line(observe_hand(state, 0), legal_actions(state), True, None,
                                    True)

    # gin: three melds and the 2♦ drawn to throw
    assert line("gin", "5S 6S 7S 8S TD TC TS 4C 4D 4S", "2D") == \
        "Discard a card to the pile, or go gin (the Gin button or the G key)"
    # a knock with 2 left, not gin
    assert line("gin", "5S 6S 7S 8S TD TC TS 4C 4D 2C", "KD") == \
        "Discard a card to the pile, or knock (the Knock button or the K key)"
    assert line("gin", "5S 6S 7S 8S TD TC JS 4C 9D 2C", "KD") == "Discard a card to the pile"


def _view_of(name: str, current: int) -> PlayerView:
    from knockrummy.engine import new_match, observe
    match = new_match(PRESETS["knock"], 2, 1, (name, "Bob"))
    view = observe(match, 0)
    from dataclasses import replace
    return replace(view, current=current, phase=Phase.PLAY)


# --------------------------------------------------------------------- the replay


def test_the_replays_end_tooltip_leaves_the_last_move_readable(window: Opener) -> None:
    """At 960x600 the End button's tooltip covered the move list's last row, the hand's
    result, the moment a player went to the end: it now keeps off the side panel's words
    (and inside the window)."""
    from knockrummy.ui import widgets
    p = window((960, 600))
    replay = first_hand_replay(p, PRESETS["gin"], 2, 3, NAMES)
    end = next(b for b in replay.buttons if b.label == "End")
    p.move((end.rect.left + 3, end.rect.top + 3))
    p.click(end.rect.center)  # to the end; the pointer stays on the button
    assert replay.cursor.at_end
    p.step(30)
    p.app.dirty = True
    p.step()
    tips = widgets.tooltips_drawn()
    assert len(tips) == 1
    tip = tips[0]
    assert p.app.screen.get_rect().contains(tip), tip
    last = replay.move_rows[-1]
    assert last[0] == len(replay.captions) - 1  # the hand's result is in the list ...
    for area in (last[1], replay.list_area, replay.info_area):
        assert not tip.colliderect(area), (tip, area)  # ... and nothing covers it


def test_replay_at_960x600_cuts_nothing_short(window: Opener) -> None:
    """#29: in the replay at 960x600 every seat plate says its count and score whole and
    every move in the list reads whole (wrapped onto a second line when long)."""
    from knockrummy.ui.replay import render as replay_render
    p = window((960, 600))
    replay = first_hand_replay(p, PRESETS["rummy"], 4, 3, NAMES)  # over in one hand
    fonts = p.app.fonts
    small = p.app.text_size(14)
    size = p.app.text_size(15)
    for index in (0, len(replay.captions) // 2, len(replay.captions) - 1):
        replay.seek(index)
        p.step()
        frame(p)
        for seat in range(replay.frame.views[0].players):
            plate = replay.layout.plates.get(seat)
            if plate is None:
                continue
            view = replay.frame.views[seat]
            wide = replay_render._wide_enough(replay, plate, view, seat)
            _name, first, score = replay_render._plate_lines(replay, view, seat)
            assert fonts.font(small).size(f"{first}, {score}")[0] <= wide.width - 16 \
                or wide.height > plate.height, (first, score, wide)
        for i, rect in replay.move_rows:
            lines = replay.row_lines(i)
            assert len(lines) <= 2
            whole = replay.captions[i] if i == 0 else f"{i}. {replay.captions[i]}"
            if " ".join(lines) != whole:
                assert lines[-1].endswith("...")  # only a very long move is shortened
            for line in lines:
                assert fonts.font(size).size(line)[0] <= rect.width - p.app.px(10) * 2
