"""The *How to play* pages in the window: opened from the Rules screen for the family
being read, switched by tab and by key, read to the end by wheel and by keys, closed with
Back and Esc; each page draws the card images of its examples and the engine's own
figures for its worked showdown; nothing cut, overlapped or under 14 px at 960x600 and
3840x2160."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from knockrummy.app.howto import NAMES, CardRow, page
from knockrummy.app.prefs import Prefs
from knockrummy.engine import (
    Card,
    Family,
    best_arrangement,
    best_layoffs,
    min_deadwood,
    parse_cards,
    preset,
)
from knockrummy.engine.melds import cards_value
from knockrummy.engine.scoring import HandResult, score_gin, score_knock_rummy, score_rummy_out
from knockrummy.ui.app import App
from knockrummy.ui.pilot import Pilot
from knockrummy.ui.screens.howto import HowToScene
from knockrummy.ui.screens.rules import RulesScene
from knockrummy.ui.screens.title import TitleScene
from knockrummy.ui.widgets import MIN_TEXT
from tests.table_support import Person
from tests.test_words_engine import player_english

FAST = Prefs(animation_speed=4.0, ai_pacing=0.0)
SIZES = ((960, 600), (3840, 2160))
FIT_SIZES = (*SIZES, (1280, 720), (1920, 1080), (2560, 1440))


@pytest.fixture
def pilot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Pilot]:
    monkeypatch.setenv("KNOCKRUMMY_HOME", str(tmp_path))
    app = App(SIZES[0], FAST, save_prefs=False)
    app.fixed_dt = 1 / 60
    app.reset(TitleScene(app))
    yield Pilot(app)
    pygame.quit()


def howto(p: Pilot) -> HowToScene:
    top = p.top
    assert isinstance(top, HowToScene), top
    return top


def english_lines(result: HandResult) -> list[str]:
    """The engine's score lines as the player reads them (``You take``)."""
    return [player_english(n, NAMES) for n in result.notes]


def engine_figures(key: str) -> tuple[list[str], list[str]]:
    """The worked showdown worked out again here from the engine alone: the sums the
    page must show, and the engine's own score lines."""
    if key == "knock":
        mine = parse_cards("3S 4S 5S 6S 8H 8D 8C 2D 3H AC")
        theirs = parse_cards("9H TH JH QS QD QC 4D 5C 7C KD")
        k, a = min_deadwood(mine), min_deadwood(theirs)
        result = score_knock_rummy(preset("knock"), NAMES, [k, a], 0, "knock")
        return [f"{a} - {k} = {a - k}", f"= {k}", f"= {a}"], english_lines(result)
    if key == "gin":
        rules = preset("gin")
        mine = parse_cards("2C 3C 4C 7S 7H 7D 9D TD JD 5H")
        theirs = parse_cards("KH KS KC 8H 9H TH 5C 7C 4D 9S")
        _, left = best_layoffs(theirs, [(m, m) for m in best_arrangement(mine)], rules.layoffs)
        k = min_deadwood(mine)
        result = score_gin(rules, NAMES, [k, left], 0, "knock")
        return [f"{left} - {k} = {left - k}", f"had {min_deadwood(theirs)}"], english_lines(result)
    held = cards_value(parse_cards("7S QH 3D AC"))
    result = score_rummy_out(preset("rummy"), NAMES, [0, held], 0, rummy=False)
    return [f"= {held}", f"you score {held}"], english_lines(result)


def row_shown(row: CardRow, frames: list[list[Card]]) -> bool:
    """Whether a frame drew the row's cards, all in view, side by side in its order."""
    want = [c for g in row.groups for c in g]
    return any(frame[i:i + len(want)] == want
               for frame in frames for i in range(len(frame) - len(want) + 1))


def looks_like(p: Pilot, card: Card, rect: pygame.Rect) -> bool:
    """Whether the window shows the card art of ``card`` at ``rect``: a grid of points
    across the face (its pips and index, not only its white) matches the art."""
    face = p.app.cards.face(card, rect.width)
    for i in range(1, 8):
        for j in range(1, 10):
            at = (rect.width * i // 8, rect.height * j // 10)
            want = face.get_at(at)
            if want.a < 250:
                continue
            got = p.app.screen.get_at((rect.x + at[0], rect.y + at[1]))
            if max(abs(got.r - want.r), abs(got.g - want.g), abs(got.b - want.b)) > 8:
                return False
    return True


def read_to_the_end(p: Pilot, person: Person, key: int) -> tuple[list[list[Card]], str]:
    """Press ``key`` until the page is at its end: every frame's cards fully in view
    (their pixels checked against the card art), and all the text drawn."""
    scene = howto(p)
    frames: list[list[Card]] = []
    texts = p.app.fonts.record()
    for _ in range(300):
        p.app.dirty = True
        p.step()
        view = scene.view()
        frame = []
        for card, rect in scene.drawn_cards:
            if view.contains(rect):
                assert looks_like(p, card, rect), card
                frame.append(card)
        frames.append(frame)
        if scene.scroll == scene.max_scroll():
            break
        before = scene.scroll + scene.view_height()
        cut = [b for b in scene.layout().blocks if b[0] < before < b[1]]
        person.key(key)
        if key != pygame.K_DOWN and scene.scroll < scene.max_scroll():
            # a page turn: the line or row cut at the bottom is now whole at the top, and
            # nothing is cut at the top
            assert all(scene.scroll <= top for top, _ in cut), (cut, scene.scroll)
            split = [b for b in scene.layout().blocks if b[0] < scene.scroll < b[1]]
            assert not split, (scene.scroll, split)
    p.app.fonts.stop_recording()
    assert scene.scroll == scene.max_scroll() > 0
    return frames, "\n".join(t for _, t in texts)


def test_from_the_rules_by_mouse_every_family_read_to_the_end(pilot: Pilot) -> None:
    p, person = pilot, Person(pilot)
    person.press("Rules")
    rules = p.top
    assert isinstance(rules, RulesScene)
    person.press("Next game")
    while rules.rules.family is not Family.GIN:
        person.press("Next game")
    how = p.button("How to play")
    person.point(how.rect.center)
    assert rules.tip is how and how.hover  # its tooltip says what it does
    person.click(how.rect.center)
    scene = howto(p)
    assert scene.family == "gin" and scene.page.title == "How to play Gin Rummy"
    person.press("Rummy")
    assert scene.family == "rummy" and scene.scroll == 0
    person.key(pygame.K_TAB)  # Tab: the next family, round to the first
    assert scene.family == "knock"
    for key, tab in (("knock", "Knock Rummy"), ("gin", "Gin Rummy"), ("rummy", "Rummy")):
        person.press(tab)
        assert scene.family == key and scene.scroll == 0
        person.point(scene.view().center)
        frames: list[list[Card]] = []
        texts = p.app.fonts.record()
        for _ in range(200):  # the wheel, three lines a notch
            before = scene.scroll
            p.post(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0)
            p.step()
            frames.append([c for c, r in scene.drawn_cards if scene.view().contains(r)])
            assert all(looks_like(p, c, r) for c, r in scene.drawn_cards
                       if scene.view().contains(r))
            if scene.scroll == before:
                break
        p.app.fonts.stop_recording()
        assert scene.scroll == scene.max_scroll() > 0
        pg = page(key)
        rows = [row for section in pg.sections for row in section.rows]
        assert rows and all(row_shown(row, frames) for row in rows), key
        said = "\n".join(t for _, t in texts)
        sums, lines = engine_figures(key)
        assert all(s in said for s in sums), (key, sums)
        assert all(line in said for line in lines), (key, lines)
    back = p.button("Back")
    person.point(back.rect.center)
    person.click(back.rect.center)
    assert p.top is rules  # back on the rules, as they were left
    assert rules.rules.family is Family.GIN


def test_by_keyboard_only_enter_reads_and_esc_goes_back(pilot: Pilot) -> None:
    p, person = pilot, Person(pilot)
    person.key(pygame.K_r)  # the title's Rules key
    rules = p.top
    assert isinstance(rules, RulesScene) and rules.rules.family is Family.KNOCK
    shown = rules.shown()
    while shown[rules.focus % len(shown)].label != "How to play":
        person.key(pygame.K_TAB)
    person.key(pygame.K_RETURN)
    scene = howto(p)
    assert scene.family == "knock"
    person.key(pygame.K_RETURN)  # Enter out of habit: reads on, never closes the page
    assert p.top is scene and scene.scroll > 0
    person.key(pygame.K_HOME)
    assert scene.scroll == 0
    for key, family in ((pygame.K_DOWN, "knock"), (pygame.K_PAGEDOWN, "gin"),
                        (pygame.K_SPACE, "rummy")):
        assert scene.family == family
        frames, said = read_to_the_end(p, person, key)
        pg = page(family)
        rows = [row for section in pg.sections for row in section.rows]
        assert all(row_shown(row, frames) for row in rows), family
        sums, lines = engine_figures(family)
        assert all(s in said for s in sums) and all(line in said for line in lines)
        person.key(pygame.K_PAGEUP)
        assert 0 < scene.scroll < scene.max_scroll()
        person.key(pygame.K_TAB)
        assert scene.scroll == 0
    assert scene.family == "knock"
    p.key(pygame.K_TAB, mod=pygame.KMOD_SHIFT)  # Shift+Tab: back a family
    assert scene.family == "rummy"
    person.key(pygame.K_ESCAPE)
    assert p.top is rules
    person.key(pygame.K_h)  # H on the rules: the page of the game being read
    assert howto(p).family == "knock"


def test_opened_by_name_for_each_family_of_rules(pilot: Pilot) -> None:
    p = pilot
    for key, family in (("knock", "knock"), ("knock-hoyle", "knock"), ("gin", "gin"),
                        ("gin-yimmaw", "gin"), ("gin-multi", "gin"), ("rummy", "rummy"),
                        ("rummy-high", "rummy")):
        p.app.open("rules", preset(key))
        p.step()
        Person(p).key(pygame.K_h)
        assert howto(p).family == family, key
        p.app.pop()
        p.app.pop()
    with pytest.raises(ValueError, match="no How to play page"):
        HowToScene(p.app, "poker")


def overlaps(a: pygame.Rect, b: pygame.Rect) -> bool:
    return a.colliderect(b)


@pytest.mark.parametrize("size", FIT_SIZES)
def test_every_page_fits_readable_and_uncut(pilot: Pilot, size: tuple[int, int]) -> None:
    p = pilot
    p.app.set_window_size(size)
    assert p.app.size == size
    p.app.open("howto", "knock")
    p.step(2)
    scene = howto(p)
    w, h = size
    for key in ("knock", "gin", "rummy"):
        scene.show(key)
        view = scene.view()
        layout = scene.layout()
        fonts = p.app.fonts
        placed: list[tuple[str, pygame.Rect]] = []
        for text in layout.texts:
            tw, th = fonts.font(text.size, text.bold).size(text.text)
            rect = pygame.Rect(text.pos, (tw, th))
            assert rect.left >= 0 and rect.right <= view.width, (key, text.text)
            assert text.size >= MIN_TEXT
            placed.append((text.text, rect))
        for c in layout.cards:
            assert c.rect.left >= 0 and c.rect.right <= view.width, (key, c.card)
            assert c.rect.width >= p.app.px(60) * 3 // 4  # the table's size, or nearly
            placed.append((c.card.label, c.rect))
        for i, (name, rect) in enumerate(placed):  # nothing over anything else
            for other, rect2 in placed[i + 1:]:
                assert not overlaps(rect, rect2), (key, size, name, other)
        assert layout.height > 0
        # the frame: title, tabs, the panel and Back inside the window, apart
        p.app.dirty = True
        texts = fonts.record()
        p.app.draw()
        fonts.stop_recording()
        assert min(px for px, _ in texts) >= MIN_TEXT
        frame = [b.rect for b in scene.shown()]
        assert all(pygame.Rect(0, 0, w, h).contains(r) for r in [*frame, scene.box()])
        assert not any(r.colliderect(scene.box()) for r in frame)
        assert scene.box().contains(view) and scene.box().contains(scene.bar())
        assert not view.colliderect(scene.bar())
        title = fonts.text(scene.page.title, p.app.text_size(32), bold=True).get_rect(
            midtop=(w // 2, p.app.px(16)))
        assert title.right <= w and not any(title.colliderect(r) for r in frame)


class Seen(pygame.Surface):
    """A window-sized surface that remembers where each text was drawn on it."""

    def __init__(self, size: tuple[int, int], texts: set[int]) -> None:
        super().__init__(size)
        self.texts = texts
        self.placed: list[pygame.Rect] = []

    def blit(self, source: pygame.Surface, dest: object,  # type: ignore[override]
             area: object = None, special_flags: int = 0) -> pygame.Rect:
        if id(source) in self.texts:
            at = dest.topleft if isinstance(dest, pygame.Rect) else dest
            self.placed.append(pygame.Rect(at, source.get_size()))  # type: ignore[arg-type]
        return super().blit(source, dest, area, special_flags)  # type: ignore[arg-type]


def text_spy(p: Pilot, monkeypatch: pytest.MonkeyPatch) -> set[int]:
    """The texts the window's fonts render from now on (by identity, for :class:`Seen`)."""
    texts: set[int] = set()
    fonts = p.app.fonts
    real_text = fonts.text

    def text(*args: object, **kwargs: object) -> pygame.Surface:
        surf = real_text(*args, **kwargs)  # type: ignore[arg-type]
        texts.add(id(surf))
        return surf

    monkeypatch.setattr(fonts, "text", text)
    return texts


def cut_lines(p: Pilot, scene: HowToScene | RulesScene, texts: set[int]) -> list[pygame.Rect]:
    """The lines of text a frame of ``scene`` draws cut by the edge of its view."""
    seen = Seen(p.app.size, texts)
    scene.draw(seen)
    view = scene.view()
    inside = [r for r in seen.placed if r.colliderect(view)]
    assert inside
    return [r for r in inside if not view.contains(r)]


def wheel_to_the_end(p: Pilot, scene: HowToScene | RulesScene, texts: set[int]) -> None:
    """The wheel, a notch at a time, from the top to the end: no line cut on the way."""
    Person(p).point(scene.view().center)
    for _ in range(200):
        before = scene.scroll
        p.post(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0)
        p.step()
        assert cut_lines(p, scene, texts) == [], scene.scroll
        if scene.scroll == before:
            break
    assert scene.scroll == scene.max_scroll() > 0


def test_scrolled_lines_are_whole_even_at_the_end(pilot: Pilot,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Scrolled to the end (End, or the wheel), the line at the top of the page was cut
    in half under "more above": every line drawn in the page's view is whole, at the end
    and at each notch of the wheel on the way."""
    p, person = pilot, Person(pilot)
    texts = text_spy(p, monkeypatch)
    p.app.open("howto", "knock")
    p.step(2)
    scene = howto(p)
    for key, tab in (("knock", "Knock Rummy"), ("gin", "Gin Rummy"), ("rummy", "Rummy")):
        person.press(tab)
        person.key(pygame.K_END)
        assert scene.family == key and scene.scroll == scene.max_scroll() > 0
        assert cut_lines(p, scene, texts) == [], key
        person.key(pygame.K_HOME)
        wheel_to_the_end(p, scene, texts)


def test_the_rules_scrolled_show_whole_lines(pilot: Pilot,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """The Rules screen scrolls the same way, and cut its top line the same way."""
    p, person = pilot, Person(pilot)
    texts = text_spy(p, monkeypatch)
    for key in ("knock", "gin", "rummy"):
        p.app.open("rules", preset(key))
        p.step(2)
        scene = p.top
        assert isinstance(scene, RulesScene)
        person.key(pygame.K_END)
        assert scene.scroll == scene.max_scroll() > 0
        assert cut_lines(p, scene, texts) == [], key
        person.key(pygame.K_HOME)
        wheel_to_the_end(p, scene, texts)
        p.app.pop()
        p.step()
