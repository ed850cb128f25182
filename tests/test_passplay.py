"""Pass-and-play through the real scene loop, with every drawn frame inspected.

Every card the renderer draws goes through ``render.card``; the tests wrap it and
``App.draw`` to collect, for each frame, every card drawn face up (on the screen
or into a cached layer). A frame breaks the rule if it shows a card that is still
secret in the *engine's* state (a card in a seat's hand that the rules have not
made public) unless that seat is the human who holds the screen, it is their turn
and no hand-off is due. The check does not trust the renderer's own idea of whose
hand it draws: it compares card identities with the match.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pygame
import pytest

from knockrummy.app.computer import make_computer
from knockrummy.app.controller import COMPUTER, HUMAN, Controller, GameSetup, SeatSetup
from knockrummy.app.prefs import Prefs
from knockrummy.engine import PRESETS, Card, Discard, Knock, LayOff, Phase, best_discard
from knockrummy.ui import matches
from knockrummy.ui.app import App
from knockrummy.ui.felt import cards as felt
from knockrummy.ui.pilot import Pilot
from knockrummy.ui.screens.handoff import HandoffScene
from knockrummy.ui.screens.showdown import ShowdownScene
from knockrummy.ui.screens.title import TitleScene
from knockrummy.ui.table import render
from knockrummy.ui.table.scene import TableScene

FAST = Prefs(animation_speed=4.0, ai_pacing=0.0)


@dataclass
class FrameLog:
    """What the frames showed, and the order of hand-offs and human actions."""

    frames: int = 0
    violations: list[str] = field(default_factory=list)
    #: ("handoff", seat) for each hand-off screen shown, ("act", seat) for each human action
    events: list[tuple[str, int]] = field(default_factory=list)
    concealed_frames: int = 0
    handoff_frames: int = 0


def secret_cards(controller: Controller) -> dict[int, set[Card]]:
    """Per seat, the cards of its hand the rules have not made public."""
    hand = controller.match.hand
    if hand.over or controller.match.over:
        return {}
    out: dict[int, set[Card]] = {}
    for seat, cards in enumerate(hand.hands):
        public = set(hand.public_taken[seat]) if hand.public_taken else set()
        if seat == hand.knocker and hand.table:  # Gin: the knocker's deadwood is face up
            public |= set(cards)
        out[seat] = set(cards) - public
    return out


@pytest.fixture
def watched(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Pilot, FrameLog]]:
    monkeypatch.setenv("KNOCKRUMMY_HOME", str(tmp_path))
    app = App((1280, 720), FAST, save_prefs=False)
    app.fixed_dt = 1 / 60
    app.reset(TitleScene(app))
    log = FrameLog()
    drawn: list[Card] = []
    real_card = render.card

    def card(scene: object, surface: pygame.Surface, c: Card | None, rect: pygame.Rect,
             face_up: bool = True, *args: object, **kwargs: object) -> None:
        if face_up and c is not None:
            drawn.append(c)
        real_card(scene, surface, c, rect, face_up, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(render, "card", card)  # the table's cards
    monkeypatch.setattr(felt, "card", card)  # the showdown's and the replay's
    real_draw = app.draw

    def draw() -> None:
        drawn.clear()
        real_draw()
        check_frame(app, log, set(drawn))

    monkeypatch.setattr(app, "draw", draw)
    yield Pilot(app), log
    matches.close_game(app)
    pygame.quit()


def check_frame(app: App, log: FrameLog, faces: set[Card]) -> None:
    """The rule, for one drawn frame."""
    log.frames += 1
    c = app.session.controller if app.session is not None else None
    if c is None:
        return
    top = app.stack.top
    if isinstance(top, HandoffScene):
        log.handoff_frames += 1
        if not log.events or log.events[-1] != ("handoff", top.seat):
            log.events.append(("handoff", top.seat))
    entitled = c.viewer if c.handoff_due is None and c.hand_shown else None
    table = next((s for s in app.stack.scenes if isinstance(s, TableScene)), None)
    if table is not None and not table.shown and isinstance(top, TableScene):
        log.concealed_frames += 1
    for seat, secret in secret_cards(c).items():
        if seat == entitled and c.match.hand.current == seat:
            continue
        leaked = faces & secret
        if leaked:
            log.violations.append(
                f"frame {log.frames}: {sorted(map(str, leaked))} of seat {seat} face up "
                f"(top {getattr(top, 'name', top)}, due {c.handoff_due}, viewer {c.viewer}, "
                f"holder {c.seating.holder}, current {c.match.hand.current})")


def watch_actions(controller: Controller, log: FrameLog) -> None:
    """Record each human action (who acted) as it is applied."""
    previous = controller.on_change

    def changed(match: object) -> None:
        step_seat = controller.steps[-1].seat if controller.steps else -1
        if step_seat in controller.humans:
            log.events.append(("act", step_seat))
        if previous is not None:
            previous(match)  # type: ignore[arg-type]

    controller.on_change = changed


def start(p: Pilot, preset: str, kinds: list[str], seed: int) -> Controller:
    names = ["Ann", "Bob", "Cleo", "Dev", "Edie", "Finn"]
    seats = tuple(SeatSetup(names[i], k, "medium") for i, k in enumerate(kinds))
    return matches.start_game(p.app, GameSetup(PRESETS[preset], seats, seed)).controller


def wait_for(p: Pilot, done: Callable[[], bool]) -> None:
    assert p.until(done, 100_000), "never happened"


def take_handoff(p: Pilot) -> int:
    """Wait for the hand-off screen, check clicks do nothing until it is armed, click."""
    wait_for(p, lambda: isinstance(p.top, HandoffScene))
    scene = p.top
    assert isinstance(scene, HandoffScene)
    seat = scene.seat
    p.click((20, 20), steps=1)  # the last player's stray click: ignored
    assert p.top is scene and p.app.session is not None
    assert p.app.session.controller.handoff_due == seat
    wait_for(p, lambda: scene.armed)
    p.click((20, 20))
    t = p.top
    assert isinstance(t, TableScene) and t.controller.viewer == seat and t.shown
    wait_for(p, lambda: p.app.now() >= t.settled_at)  # the person looks at their cards
    return seat


def my_turn(p: Pilot) -> bool:
    t = p.top
    return isinstance(t, TableScene) and t.controller.human_to_act and bool(t.model.legal) \
        and not t.director.active


def hand_point(t: TableScene, card: Card) -> tuple[int, int]:
    r = t.layout.hand[t.order.cards.index(card)]
    return r.x + 6, r.centery


def next_stop(p: Pilot) -> str:
    wait_for(p, lambda: my_turn(p) or isinstance(p.top, HandoffScene | ShowdownScene))
    if isinstance(p.top, HandoffScene):
        return "handoff"
    if isinstance(p.top, ShowdownScene):
        return "showdown"
    return "turn"


def test_three_humans_full_hand_no_frame_shows_a_hand_while_handoff_due(
        watched: tuple[Pilot, FrameLog]) -> None:
    p, log = watched
    c = start(p, "knock", [HUMAN, HUMAN, COMPUTER, HUMAN], seed=41)
    watch_actions(c, log)
    modes = {0: "suit", 1: "rank", 3: "melds"}
    turns = {0: 0, 1: 0, 3: 0}
    while True:
        stop = next_stop(p)
        if stop == "showdown":
            break
        if stop == "handoff":
            take_handoff(p)
            continue
        t = p.top
        assert isinstance(t, TableScene)
        seat = t.controller.viewer
        if turns[seat]:  # each seat's own arrangement came back with its turn
            assert t.order.mode == modes[seat], (seat, t.order.mode)
        elif modes[seat] != "melds":
            p.press("Sort by suit" if modes[seat] == "suit" else "Sort by rank")
        turns[seat] += 1
        held = len(t.view.hand)
        p.click(t.layout.stock.center)  # draw
        wait_for(p, lambda t=t, held=held: not t.director.active  # type: ignore[misc]
                 and len(t.view.hand) == held + 1)
        if min(turns.values()) >= 3 and any(isinstance(a, Knock) for a in t.model.legal):
            p.key(pygame.K_k)  # Knock, then the card to throw: the first one allowed
            assert t.model.choice is not None and c.match.hand.knocker is None
            p.key(pygame.K_RIGHT)
            thrown = t.model.focus
            assert thrown is not None and thrown in t.model.choice.options
            p.key(pygame.K_RETURN)
            assert c.match.hand.knocker is not None
            continue
        legal = [a.card for a in t.model.legal if isinstance(a, Discard)]
        card, _ = best_discard(legal, t.view.rules.ace_high)
        p.drag(hand_point(t, card), t.layout.discard.center)
    assert c.match.hand.over
    assert log.violations == []
    # a hand-off before every human action by someone other than the last human
    last = None
    for kind, seat in log.events:
        if kind == "handoff":
            last = seat
        else:
            assert seat == last, f"{seat} acted after the screen was handed to {last}"
    assert sum(1 for k, _ in log.events if k == "handoff") >= 9
    assert log.concealed_frames > 0 and log.handoff_frames > 0
    # the next deal: dealt face down, then a hand-off before the first human plays
    show = p.top
    assert isinstance(show, ShowdownScene)
    show.skip()
    p.press("Next hand")
    seat = take_handoff(p)  # after the computer's turn, if it plays first
    assert seat == c.match.hand.current and seat in c.humans and c.match.hand_number == 1
    assert log.violations == []


def test_gin_two_humans_upcard_knock_and_layoffs(watched: tuple[Pilot, FrameLog]) -> None:
    """Gin has the first-turn up-card offer and laying off by hand after a knock: a
    hand-off before each of those turns too. Human moves are the medium computer's
    choices, made through the table."""
    p, log = watched
    layoff_seen = False
    for seed in range(60, 90):
        c = start(p, "gin", [HUMAN, HUMAN], seed=seed)
        watch_actions(c, log)
        bot = make_computer("medium", seed)
        while True:
            stop = next_stop(p)
            if stop == "showdown":
                break
            if stop == "handoff":
                take_handoff(p)
                continue
            t = p.top
            assert isinstance(t, TableScene)
            if t.view.phase is Phase.LAYOFF:
                layoff_seen = True
                offs = [a for a in t.model.legal if isinstance(a, LayOff)]
                if offs:
                    rects = t.layout.melds[offs[0].target]
                    p.drag(hand_point(t, offs[0].card), rects[len(rects) // 2].center)
                    continue
            t.act(bot.choose(t.controller.view(), t.controller.legal()))
        assert log.violations == []
        if layoff_seen:
            break
    assert layoff_seen, "no seed reached laying off"
    assert any(k == "handoff" for k, _ in log.events)


def test_one_human_never_hands_off(watched: tuple[Pilot, FrameLog]) -> None:
    p, log = watched
    c = start(p, "knock", [HUMAN, COMPUTER, COMPUTER], seed=5)
    assert next_stop(p) in ("turn", "showdown")
    assert c.seating.holder == 0 and c.hand_shown
    assert log.handoff_frames == 0 and log.concealed_frames == 0


def test_the_hand_off_arms_on_the_clock_however_slow_the_frames(
        watched: tuple[Pilot, FrameLog], monkeypatch: pytest.MonkeyPatch) -> None:
    """A first-time player on a busy machine saw "I'm Ann: show my cards" stay grey for
    four seconds: slow frames each counted at most a tenth of a second. The button now
    lights once the delay has passed on the window's clock, and not before."""
    import knockrummy.ui.app as app_module
    p, _log = watched
    clock = [1000.0]
    monkeypatch.setattr(app_module.time, "monotonic", lambda: clock[0])
    p.app.fixed_dt = None  # the real loop: frames take what they take
    start(p, "knock", [HUMAN, HUMAN, "computer"], 3)
    wait_for(p, lambda: isinstance(p.top, HandoffScene))
    scene = p.top
    assert isinstance(scene, HandoffScene)
    p.step(3)
    p.key(pygame.K_RETURN)  # too soon: a stray key of the last player
    assert p.top is scene and not scene.ready_button.enabled
    clock[0] += 0.7  # one slow frame later
    p.step()
    assert scene.armed and scene.ready_button.enabled
    p.key(pygame.K_RETURN)
    assert isinstance(p.top, TableScene) and p.top.shown


def test_the_hand_off_counts_keys_only_once_it_has_been_seen_lit(
        watched: tuple[Pilot, FrameLog], monkeypatch: pytest.MonkeyPatch) -> None:
    """Under heavy load the frame shown lags the clock: the screen still looked grey when
    the delay had passed, and the last player's habitual Enter showed Ann's cards to Bob.
    The delay now runs from the first frame that shows the screen, and a key counts only
    once a frame has shown the button lit."""
    import knockrummy.ui.app as app_module
    p, _log = watched
    clock = [1000.0]
    monkeypatch.setattr(app_module.time, "monotonic", lambda: clock[0])
    p.app.fixed_dt = None
    start(p, "knock", [HUMAN, HUMAN, "computer"], 3)
    wait_for(p, lambda: isinstance(p.top, HandoffScene))
    scene = p.top
    assert isinstance(scene, HandoffScene)
    p.step()  # the first frame, grey
    assert not scene.ready_button.enabled
    clock[0] += 0.7  # the machine stalls: the delay passes with the grey frame on screen
    p.key(pygame.K_RETURN)  # Bob's Enter, before any frame showed the button lit
    assert p.top is scene  # ignored; the frame after it shows the button lit ...
    assert scene.armed and scene.ready_button.enabled
    p.key(pygame.K_RETURN)  # ... and now Enter is Ann's
    assert isinstance(p.top, TableScene) and p.top.shown


def turn_by_keys(p: Pilot) -> TableScene:
    """Take the hand-off, then a turn by the keys: Enter draws, Right lights a card,
    Enter throws it; the table it was played on."""
    take_handoff(p)
    wait_for(p, lambda: my_turn(p))
    t = p.top
    assert isinstance(t, TableScene)
    p.key(pygame.K_RETURN)  # draw
    wait_for(p, lambda scene=t: my_turn(p) and scene.view.phase is Phase.PLAY)
    p.key(pygame.K_RIGHT)
    p.key(pygame.K_RETURN)  # throw the card lit
    return t


def test_a_message_to_the_last_player_is_not_shown_to_the_next(
        watched: tuple[Pilot, FrameLog]) -> None:
    """Bob threw, pressed Enter once more out of habit ("Wait for Cleo to play"), and the
    message still greeted Ann when she took the screen."""
    p, _log = watched
    start(p, "knock", [HUMAN, HUMAN, "computer"], 3)
    said = ""
    for _ in range(2):  # Ann's turn, then Bob's
        t = turn_by_keys(p)
        p.key(pygame.K_RETURN)  # once more, out of habit
        said = t.model.telling or ""
    assert said == "Wait for Cleo to play"
    take_handoff(p)  # Ann's again, after Cleo
    t = p.top
    assert isinstance(t, TableScene)
    assert t.model.telling is None


def test_a_message_ends_with_the_turn_it_was_said_in(
        watched: tuple[Pilot, FrameLog]) -> None:
    """Seen at 960x600: Bob pressed H while Cleo, a computer, played, and read "Hints are
    for your own turn: wait for Cleo to play"; Cleo played, and the words stayed while the
    screen waited to be passed to Ann. A message said in one seat's turn ends with it."""
    p, _log = watched
    c = start(p, "knock", [HUMAN, HUMAN, "computer"], 3)
    for _ in range(2):  # Ann's turn, then Bob's
        t = turn_by_keys(p)
    wait_for(p, lambda scene=t: scene.view.current == 2)
    p.key(pygame.K_h)  # Bob, out of turn
    said = "Hints are for your own turn: wait for Cleo to play"
    assert t.model.telling == said
    wait_for(p, lambda scene=t: scene.view.current != 2 or c.match.hand.over)
    assert t.model.message.text == said and t.model.message.time > 0  # not yet timed out
    assert t.model.telling is None


def test_a_computers_turn_says_who_plays_not_that_the_screen_is_passed(
        watched: tuple[Pilot, FrameLog]) -> None:
    """Two humans and a computer at Gin Rummy for 3-4: while Cleo, a computer, played,
    the line in place of the count said "Bob's cards are hidden while the screen is
    passed", though nobody passed anything. Every hand stays hidden then (Bob's must not
    stay shown) and the line says who plays; the hand-off itself keeps its words."""
    p, log = watched
    c = start(p, "gin-multi", [HUMAN, HUMAN, COMPUTER], seed=3)
    said: dict[str, set[str]] = {"computer": set(), "handoff": set()}

    def look() -> bool:
        """Each frame with the hand hidden: what the line says, by who is to play."""
        t = p.top
        if isinstance(t, TableScene) and not t.shown and not c.match.hand.over:
            current = c.match.hand.current
            kind = "computer" if c.is_computer(current) else \
                "handoff" if c.handoff_due is not None else ""
            drawn = p.app.fonts.record()
            t.draw(p.app.screen)
            p.app.fonts.stop_recording()
            if kind:
                said[kind] |= {text for _size, text in drawn if "hidden" in text}
        return my_turn(p) or isinstance(p.top, HandoffScene | ShowdownScene)

    turns = 0
    while not (said["computer"] and said["handoff"]) and turns < 12:
        assert p.until(look, 100_000)
        if isinstance(p.top, ShowdownScene):
            break
        if isinstance(p.top, HandoffScene):
            take_handoff(p)
            continue
        t = p.top
        assert isinstance(t, TableScene)
        turns += 1
        held = len(t.view.hand)
        p.click(t.layout.stock.center)  # draw
        wait_for(p, lambda t=t, held=held: not t.director.active  # type: ignore[misc]
                 and len(t.view.hand) == held + 1)
        legal = [a.card for a in t.model.legal if isinstance(a, Discard)]
        card, _ = best_discard(legal, t.view.rules.ace_high)
        p.drag(hand_point(t, card), t.layout.discard.center)
    assert said["computer"] == {"Cleo is playing; your cards stay hidden until it is your turn"}
    assert said["handoff"] and said["handoff"] <= {
        "Ann's cards are hidden while the screen is passed",
        "Bob's cards are hidden while the screen is passed"}
    assert log.violations == []


@pytest.mark.parametrize("how", ["enter", "click"])
def test_a_second_press_on_the_hand_off_plays_nothing_for_the_next_person(
        watched: tuple[Pilot, FrameLog], how: str) -> None:
    """A first-time player pressed Enter twice on "Pass to Bob" (0.15 s apart): Bob's
    cards showed with a card already drawn from the stock for him, a move that cannot be
    undone at a shared screen. The same with two clicks, the pointer on the stock. A
    press in the moment after the cards show now does nothing; one after a look draws."""
    p, _log = watched
    c = start(p, "knock", [HUMAN, HUMAN], 5)
    turn_by_keys(p)  # Ann's turn
    wait_for(p, lambda: isinstance(p.top, HandoffScene))
    scene = p.top
    assert isinstance(scene, HandoffScene) and scene.seat == 1
    wait_for(p, lambda: scene.armed)
    stock, held = c.match.hand.stock, len(c.match.hand.hands[1])
    for _press in range(2):  # twice, out of habit, 0.15 s apart
        if how == "enter":
            p.key(pygame.K_RETURN)
        else:
            t = next(x for x in p.app.stack.scenes if isinstance(x, TableScene))
            p.move(t.layout.stock.center)
            p.click(t.layout.stock.center)
        p.step(9)
    t = p.top
    assert isinstance(t, TableScene) and t.controller.viewer == 1 and t.shown
    p.step(60)  # a second on: nothing was played for Bob
    assert c.match.hand.current == 1 and c.match.hand.phase is Phase.DRAW
    assert c.match.hand.stock == stock and len(c.match.hand.hands[1]) == held
    wait_for(p, lambda: p.app.now() >= t.settled_at)
    p.key(pygame.K_RETURN)  # Bob, having looked, draws
    wait_for(p, lambda: c.match.hand.phase is Phase.PLAY and not t.director.active)
    assert len(c.match.hand.hands[1]) == held + 1
    assert len(c.match.hand.stock) == len(stock) - 1
