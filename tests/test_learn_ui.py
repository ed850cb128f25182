"""Learn to play through the real scene loop, the way a person does it: the title's
button, the chooser, each lesson at the table to its end and *Play your first game*;
every wrong move a lesson anticipates, made with the mouse, and the words it gets; a
lesson by keyboard alone; the first start's offer; nothing of a lesson ever stored.

The time a lesson takes a player who follows it is measured on the test's own clock
(:class:`Learner`): every frame the loop runs while cards move counts 1/60 s (the deal
and every animation, at the default speed), each of the opponent's moves its pause at
the default pacing (0.8 s; the table waits for it on the wall clock, so the test
plays with no pause and counts it), plus reading each new panel text at 180 words a
minute, plus 1 s for each pointer travel and click, 1.5 s for each drag and 0.5 s for
each key press.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from knockrummy.app import prefs as prefs_store
from knockrummy.app.controller import HUMAN
from knockrummy.app.lessons import LESSONS, Arrange, Do, Next
from knockrummy.app.prefs import Prefs
from knockrummy.engine import (
    PRESETS,
    Action,
    Card,
    Discard,
    DrawDiscard,
    DrawStock,
    FinishLayoffs,
    Knock,
    LayOff,
    MeldCards,
    PassUpcard,
)
from knockrummy.storage import settings as settings_store
from knockrummy.ui import matches
from knockrummy.ui.app import App
from knockrummy.ui.gfx import TEXT
from knockrummy.ui.pilot import Pilot
from knockrummy.ui.screens.learn import LearnOfferScene, LearnScene
from knockrummy.ui.screens.title import TitleScene
from knockrummy.ui.table.lesson import NO_HINT, LessonScene
from knockrummy.ui.table.scene import TableScene
from tests.table_support import Person, ringed
from tests.test_words_engine import player_english

DT = 1 / 60
#: the settings of a first start (default speed), the offer already answered; no pause
#: before the opponent's moves on the wall clock (the lesson clock counts the default one)
PLAIN = Prefs(lessons_offered=True, ai_pacing=0.0)
#: the default pause before a computer's move, counted on the lesson clock
PAUSE = Prefs().pacing_seconds
WPS = 3.0
CLICK, DRAG, KEY = 1.0, 1.5, 0.5


class Learner(Person):
    """A person following a lesson, with a clock (see the module docstring)."""

    def __init__(self, pilot: Pilot) -> None:
        super().__init__(pilot)
        self.frames = 0
        self.acting = 0.0
        self.reading = 0.0
        self.read: set[tuple[int, str]] = set()
        inner = pilot.step

        def counted(n: int = 1) -> None:
            for _ in range(n):
                top = pilot.top
                if isinstance(top, TableScene) and (top.director.active
                                                    or top.controller.steps):
                    self.frames += 1
                inner(1)

        pilot.step = counted  # type: ignore[method-assign]

    @property
    def waiting(self) -> float:
        """The opponent's pauses before its moves."""
        top = self.p.top
        if not isinstance(top, LessonScene):
            return 0.0
        return PAUSE * sum(1 for seat, _ in top.run.moves if seat != 0)

    @property
    def seconds(self) -> float:
        return self.frames * DT + self.waiting + self.acting + self.reading

    def click(self, pos: tuple[int, int]) -> None:
        self.acting += CLICK
        super().click(pos)

    def drag(self, start: tuple[int, int], end: tuple[int, int]) -> None:
        self.acting += DRAG
        super().drag(start, end)

    def key(self, key: int, times: int = 1) -> None:
        self.acting += KEY * times
        super().key(key, times)

    @property
    def lesson(self) -> LessonScene:
        top = self.p.top
        assert isinstance(top, LessonScene), top
        return top

    def wait_turn(self) -> LessonScene:
        """Until the coach speaks (or the lesson has ended), then read the panel."""
        def ready() -> bool:
            top = self.p.top
            return isinstance(top, LessonScene) and (
                top.ended is not None or (top.coach_showing() and (
                    top.run.wants_next or top.controller.human_to_act
                    or isinstance(top.run.step.wait, Arrange))))
        assert self.p.until(ready, 5000)
        s = self.lesson
        if s.ended is None and (s.run.index, s.run.text) not in self.read:
            self.read.add((s.run.index, s.run.text))
            self.reading += len(s.run.text.split()) / WPS
        return s

    # ----------------------------------------------------------------- the mouse

    def point_of(self, card: Card) -> tuple[int, int]:
        """The left of ``card`` where it is seen (a lit card is drawn whole over the
        corner of the card beside it, and a click there finds the lit card)."""
        s = self.lesson
        assert self.p.until(lambda: not s.lifting(), 120)  # the cards come to rest
        index = s.model.cards.index(card)
        r = s.pointer.place(index)  # where it stands (aside, when the hand opens)
        for x in range(r.x + 6, r.right - 4, 4):
            if s.pointer.card_at((x, r.centery)) == index:
                return x, r.centery
        raise AssertionError(f"{card} is nowhere to be seen")

    def arrange(self, cards: tuple[Card, ...]) -> None:
        """Drag the cards one by one next to the first."""
        for prev, card in zip(cards, cards[1:], strict=False):
            s = self.lesson
            order = s.model.cards
            if abs(order.index(prev) - order.index(card)) == 1:
                continue
            target = s.layout.hand[order.index(prev)]  # the hand closes up in a drag
            start = self.point_of(card)
            held = start[0] - s.pointer.place(order.index(card)).left  # held from there
            end = (target.centerx + 10 - s.layout.card_w // 2 + held, target.centery)
            self.drag(start, end)
            self.p.step(5)

    def unpick(self) -> None:
        s = self.lesson
        for card in list(s.model.selected):
            self.click(self.point_of(card))

    def do(self, action: Action) -> None:
        """Make ``action`` with the mouse, as a person would."""
        s = self.lesson
        lay = s.layout
        if isinstance(action, DrawDiscard):
            self.click(lay.discard.center)
        elif isinstance(action, DrawStock):
            self.click(lay.stock.center)
        elif isinstance(action, PassUpcard):
            self.press("Pass")
        elif isinstance(action, FinishLayoffs):
            self.press("Done laying off")
        elif isinstance(action, Knock):
            if not s.buttons["knock"].visible or not s.buttons["knock"].enabled:
                self.drag(self.point_of(action.card), s.buttons["knock"].rect.center)
            else:
                self.press("Knock")
                self.click(self.point_of(action.card))
        elif isinstance(action, Discard):
            self.drag(self.point_of(action.card), lay.discard.center)
        elif isinstance(action, LayOff):
            rects = lay.melds[action.target]
            self.drag(self.point_of(action.card), rects[len(rects) // 2].center)
        elif isinstance(action, MeldCards):
            self.unpick()
            for card in action.cards:
                self.click(self.point_of(card))
            self.press("Meld")
        else:
            raise AssertionError(f"no way to make {action}")
        self.p.step(3)

    def follow(self) -> None:
        """Do what the current step asks."""
        s = self.wait_turn()
        wait = s.run.step.wait
        index = s.run.index
        if isinstance(wait, Next) or s.run.wants_next:
            self.press("Next")
        elif isinstance(wait, Arrange):
            self.arrange(wait.cards)
        elif isinstance(wait, Do):
            self.do(wait.action)
        assert self.p.until(lambda: self.lesson.run.index > index, 600), \
            (index, s.run.text, s.saying())


@pytest.fixture
def window(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setenv("KNOCKRUMMY_HOME", str(tmp_path))
    prefs_store.load()  # as the game starts (what a save of the settings compares with)
    app = App((1280, 720), PLAIN, save_prefs=True)
    app.fixed_dt = DT
    app.reset(TitleScene(app))
    yield app
    matches.close_game(app)
    pygame.quit()


def open_lesson(person: Learner, title: str) -> LessonScene:
    person.press("Learn to play")
    assert isinstance(person.p.top, LearnScene)
    person.press(title)
    return person.lesson


def files_under(root: Path) -> list[str]:
    """Every file stored (the settings' lock files aside)."""
    return sorted(str(p.relative_to(root)) for p in root.rglob("*")
                  if p.is_file() and p.parent.name != "locks")


TIMES: dict[str, float] = {}


@pytest.mark.parametrize("key", list(LESSONS))
def test_a_lesson_followed_to_its_end_and_the_first_game(
        window: App, tmp_path: Path, key: str) -> None:
    lesson = LESSONS[key]
    person = Learner(Pilot(window))
    scene = open_lesson(person, lesson.title)
    # the hand starts as dealt, in manual order; Hint and Undo are not there
    assert scene.model.order.mode == "manual"
    assert not scene.buttons["hint"].visible and not scene.buttons["undo"].visible
    person.key(pygame.K_h)
    assert person.lesson.saying() == NO_HINT
    while person.lesson.ended is None:
        person.follow()
        person.wait_turn()
    ending = person.lesson.ended
    result = person.lesson.run.match.hand.result
    assert ending is not None and result is not None
    assert ending.headline in (f"You won the hand: {result.points[0]} points.",
                               f"{lesson.names[1]} won the hand.")
    names = person.lesson.run.match.names
    assert ending.lines == tuple(player_english(n, names) for n in result.notes)
    TIMES[key] = round(person.seconds)
    print(f"\n{lesson.title}: {len(lesson.steps)} steps, {person.seconds:.0f} s "
          f"(moving cards {person.frames * DT:.0f} s, the opponent's pauses "
          f"{person.waiting:.0f} s, reading {person.reading:.0f} s, "
          f"acting {person.acting:.0f} s)")
    assert person.seconds < 180
    # finished: remembered in the settings, nothing else stored
    assert key in window.prefs.lessons_done
    stored, _ = settings_store.load_settings()
    assert stored.lessons_done == (key,)
    assert files_under(tmp_path) == ["settings.json"]
    person.press("Play your first game")
    top = person.p.top
    assert isinstance(top, TableScene) and not isinstance(top, LessonScene)
    setup = top.controller.setup
    assert setup.rules == PRESETS[lesson.first_game.preset]
    assert [s.kind for s in setup.seats] == [HUMAN, "computer"]
    assert setup.seats[1].level == "easy"


def test_every_anticipated_wrong_move_is_explained_and_changes_nothing(
        window: App, tmp_path: Path) -> None:
    person = Learner(Pilot(window))
    seen = 0
    for lesson in LESSONS.values():
        open_lesson(person, lesson.title)
        while person.lesson.ended is None:
            s = person.wait_turn()
            for wrong in s.run.step.wrongs:
                for action in wrong.actions:
                    s = person.wait_turn()
                    before = (s.run.index, s.run.match)
                    person.do(action)
                    s = person.lesson
                    assert (s.run.index, s.run.match) == before, action
                    said = s.saying()
                    if said != wrong.text:
                        # the table itself refuses a knock over Gin's limit (its button
                        # is off): its own reason is said in the panel
                        assert isinstance(action, Knock) and said, (action, said)
                    seen += 1
            person.follow()
            person.wait_turn()
        person.press("Back to the title")
        assert isinstance(person.p.top, TitleScene)
    assert seen == sum(len(w.actions) for lesson in LESSONS.values()
                       for step in lesson.steps for w in step.wrongs)
    assert files_under(tmp_path) == ["settings.json"]


def to_the_lesson_s_knock(window: App) -> tuple[Learner, LessonScene, Knock]:
    """Knock Rummy's lesson followed by the mouse up to the step that asks for a knock:
    the learner, the lesson and the knock it asks for."""
    person = Learner(Pilot(window))
    open_lesson(person, LESSONS["knock"].title)
    while True:
        s = person.wait_turn()
        wait = s.run.step.wait
        if isinstance(wait, Do) and isinstance(wait.action, Knock):
            return person, s, wait.action
        assert person.lesson.ended is None
        person.follow()


def test_knock_then_enter_knocks_with_the_card_the_lesson_names(window: App) -> None:
    """Knock Rummy's lesson says "Press Knock, then choose the Q♦". A newcomer pressed
    Knock and found the A♦ just drawn lit instead (it left 15, the Q♦ 6): Enter, out of
    habit, would have knocked with it. The choice now starts on the knock that leaves
    least, which is the lesson's card, and Enter makes the move the lesson asks."""
    person, s, knock = to_the_lesson_s_knock(window)
    index = s.run.index
    drawn = s.model.fresh_card()
    assert drawn is not None and drawn[0] is not knock.card  # the trap was there
    person.press("Knock")
    assert s.model.choice_candidate() is knock.card
    said = s.coach.status()
    assert said is not None and said[0].startswith(f"Knock throwing {knock.card.label}:")
    person.key(pygame.K_RETURN)
    assert person.p.until(lambda: person.lesson.run.index > index, 600), s.saying()


def test_enter_twice_after_the_lesson_s_knock_says_nothing_and_skips_nothing(
        window: App) -> None:
    """By the keys: K then Enter, Enter out of habit, at the lesson's knock. The second
    Enter came while the cards moved, reached the table and said "Pick a card with the
    Left and Right keys first" in the panel over the showdown's words. It now does
    nothing: the showdown's step stands, with its own words."""
    person, s, _knock = to_the_lesson_s_knock(window)
    index = s.run.index
    person.key(pygame.K_k)
    person.p.key(pygame.K_RETURN)  # Enter, Enter: no wait between them
    person.p.step()
    person.p.key(pygame.K_RETURN)
    assert person.p.until(lambda: person.lesson.run.index > index, 600)
    person.wait_turn()
    assert person.lesson.run.index == index + 1  # the showdown's step, not skipped
    assert person.lesson.saying() is None, person.lesson.saying()


def test_the_lesson_s_showdown_covers_the_piles_whole(window: App) -> None:
    """At the end of Knock Rummy's lesson (1280x720) the hands are shown over the piles,
    which no longer matter; the stock's left edge showed as a thin white line beside
    them. The showdown covers both piles whole."""
    from knockrummy.ui.table.render import DRAWN
    person = Learner(Pilot(window))
    open_lesson(person, LESSONS["knock"].title)
    while person.lesson.run.match.hand.result is None:
        person.follow()
    person.wait_turn()
    window.dirty = True
    person.p.step(2)
    s = person.lesson
    box = DRAWN["showdown"]
    stock = s.layout.stock.move(-4, -4).union(s.layout.stock)  # its cards drawn up and left
    assert box.contains(stock) and box.contains(s.layout.discard), (box, stock)


def test_a_lesson_by_keyboard_alone(window: App) -> None:
    person = Learner(Pilot(window))
    person.key(pygame.K_DOWN)  # from Continue/Play down to Learn to play
    title = window.stack.top
    assert isinstance(title, TitleScene)
    while title.shown()[title.focus].label != "Learn to play":
        person.key(pygame.K_DOWN)
    person.key(pygame.K_RETURN)
    assert isinstance(person.p.top, LearnScene)
    person.key(pygame.K_RETURN)  # Knock Rummy comes first
    lesson = LESSONS["knock"]
    assert person.lesson.run.lesson is lesson
    while person.lesson.ended is None:
        s = person.wait_turn()
        wait = s.run.step.wait
        index = s.run.index
        # the status line asks for what the panel asks, never for another move
        said = s.coach.status()
        if s.run.wants_next:
            assert said is not None and "press Next" in said[0], said
        elif isinstance(wait, Arrange):
            assert said is not None and "side by side" in said[0], said
        else:
            assert said is None, said  # the table's own prompt: draw, discard or knock
        if s.run.wants_next:
            person.key(pygame.K_RETURN)
        elif isinstance(wait, Arrange):
            person.key(pygame.K_a)  # Arrange melds
        elif isinstance(wait, Do):
            keys_for(person, wait.action)
        assert person.p.until(lambda i=index: person.lesson.run.index > i, 600), \
            (index, s.run.text, s.saying())
        person.wait_turn()
    person.key(pygame.K_RETURN)  # Play your first game
    top = person.p.top
    assert isinstance(top, TableScene) and not isinstance(top, LessonScene)


def keys_for(person: Learner, action: Action) -> None:
    """Make ``action`` with the keys: Left/Right to the pile or card, K to knock, Enter."""
    s = person.lesson
    if isinstance(action, DrawDiscard | DrawStock):
        pile = "discard" if isinstance(action, DrawDiscard) else "stock"
        while person.lesson.model.pile_focus != pile:
            person.key(pygame.K_RIGHT)
        person.key(pygame.K_RETURN)
        return
    assert isinstance(action, Discard | Knock)
    if isinstance(action, Knock):
        person.key(pygame.K_k)
    for _ in range(len(s.model.cards) + 1):
        if person.lesson.model.focus is action.card:
            break
        person.key(pygame.K_RIGHT)
    person.key(pygame.K_RETURN)


def test_the_first_start_offers_the_lessons_once(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KNOCKRUMMY_HOME", str(tmp_path))
    prefs, _ = prefs_store.load()  # as the game starts: no settings file yet
    assert prefs == Prefs()
    app = App((960, 600), prefs, save_prefs=True)
    app.offer_lessons = not prefs.lessons_offered  # as the start-up (__main__) sets it
    app.fixed_dt = DT
    app.reset(TitleScene(app))
    p = Pilot(app)
    person = Person(p)
    p.step(3)
    offer = p.top
    assert isinstance(offer, LearnOfferScene)
    # the box holds its words and its buttons, with no empty band between (a helper took
    # the gap for something missing)
    fonts, box = app.fonts, offer._box()
    lines = fonts.wrap(offer._words(), app.text_size(16), box.width - 48)
    words_end = (box.top + 18 + fonts.font(app.text_size(24), True).get_linesize() + 10
                 + len(lines) * fonts.font(app.text_size(16)).get_linesize())
    assert 0 < offer.buttons[0].rect.top - words_end <= app.px(24) + 1
    assert box.contains(offer.buttons[0].rect) and box.contains(offer.buttons[1].rect)
    # the keys are the box's: the title under it shows no ring of its own (two rings
    # at once, one on "Play Knock Rummy" behind the box)
    title = p.app.stack.scenes[0]
    assert isinstance(title, TitleScene)
    first = title.shown()[title.focus % len(title.shown())].rect
    under = pygame.Surface(app.size)
    title.draw(under)  # the title as drawn under the box's dimming
    assert ringed(under, first, TEXT) == 0
    person.press("Skip")
    assert isinstance(p.top, TitleScene)
    title.draw(under)
    assert ringed(under, first, TEXT) > first.width // 2  # back on top: its ring
    p.step(5)
    assert isinstance(p.top, TitleScene)  # not asked again
    assert settings_store.load_settings()[0].lessons_offered is True
    prefs2 = prefs_store.load()[0]
    app2 = App((960, 600), prefs2, save_prefs=True)
    app2.offer_lessons = not prefs2.lessons_offered
    assert not app2.offer_lessons
    app2.fixed_dt = DT
    app2.reset(TitleScene(app2))
    p2 = Pilot(app2)
    p2.step(5)
    assert isinstance(p2.top, TitleScene)  # the next start does not ask either
    pygame.quit()


def test_leaving_a_lesson_keeps_nothing_and_continue_does_not_offer_it(
        window: App, tmp_path: Path) -> None:
    person = Learner(Pilot(window))
    open_lesson(person, "Knock Rummy")
    for _ in range(5):
        person.follow()
    person.key(pygame.K_ESCAPE)  # Menu: leave the lesson?
    person.key(pygame.K_y)
    top = person.p.top
    assert isinstance(top, TitleScene)
    assert not top.cont.visible and not top.saved.visible
    assert files_under(tmp_path) == []
    assert window.prefs.lessons_done == ()
