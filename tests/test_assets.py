"""The game's art, sounds and font: complete, loadable by pygame-ce, and reproducible."""

from __future__ import annotations

import filecmp
import math
import os
import re
import subprocess
import sys
import wave
import xml.etree.ElementTree as ET
from array import array
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from knockrummy import assets  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
CARDS = [r + s for s in assets.SUITS for r in assets.RANKS]
VARIANTS = [(scheme, large) for scheme in assets.SCHEMES for large in (False, True)]
SIZES = [(100, 140), (250, 350)]
# what SDL's SVG loader (nanosvg) draws: no <text>, <use>, <style>, filters, masks or clips
ALLOWED_TAGS = {"svg", "g", "path", "rect", "circle", "ellipse", "polygon", "defs",
                "linearGradient", "radialGradient", "stop"}
SVG_NS = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> Iterator[None]:
    pygame.init()
    yield
    pygame.quit()


def rgba(surface: pygame.Surface) -> tuple[bytes, int, int]:
    w, h = surface.get_size()
    return pygame.image.tobytes(surface, "RGBA"), w, h


def pixels(surface: pygame.Surface, box: tuple[float, float, float, float] = (0, 0, 1, 1)
           ) -> list[tuple[int, int, int, int]]:
    """Pixels inside a box given as fractions (x0, y0, x1, y1) of the surface."""
    data, w, h = rgba(surface)
    x0, y0 = int(box[0] * w), int(box[1] * h)
    x1, y1 = int(box[2] * w), int(box[3] * h)
    out = []
    for y in range(y0, y1):
        row = y * w * 4
        for x in range(x0, x1):
            i = row + 4 * x
            out.append((data[i], data[i + 1], data[i + 2], data[i + 3]))
    return out


def ink(px: list[tuple[int, int, int, int]]) -> int:
    """How many opaque pixels are clearly not white (ink, not paper)."""
    return sum(1 for r, g, b, a in px if a > 200 and min(r, g, b) < 150)


def check_svg_file(path: Path) -> None:
    text = path.read_text(encoding="ascii")
    root = ET.fromstring(text)
    assert root.tag == SVG_NS + "svg"
    assert root.get("viewBox") == "0 0 250 350", path
    assert (root.get("width"), root.get("height")) == ("250", "350"), path
    tags = {el.tag.removeprefix(SVG_NS) for el in root.iter()}
    assert tags <= ALLOWED_TAGS, f"{path.name} uses {tags - ALLOWED_TAGS}"


def check_loaded(path: Path) -> pygame.Surface:
    big = None
    for size in SIZES:
        surf = pygame.image.load_sized_svg(str(path), size)
        assert surf.get_size() == size, path
        big = surf
    assert big is not None
    # asked for a square, the loader keeps the card's 2.5:3.5 shape
    sq = pygame.image.load_sized_svg(str(path), (300, 300))
    w, h = sq.get_size()
    assert h == pytest.approx(300, abs=2) and w / h == pytest.approx(2.5 / 3.5, abs=0.01)
    px = pixels(big)
    light = sum(1 for r, g, b, a in px if a > 200 and min(r, g, b) > 230)
    dark = sum(1 for r, g, b, a in px if a > 200 and r + g + b < 330)
    assert light > 200 and dark > 200, f"{path.name} looks blank ({light} light, {dark} dark)"
    return big


# --------------------------------------------------------------------------- cards


@pytest.mark.parametrize(("scheme", "large"), VARIANTS)
def test_every_face_is_a_loadable_card(scheme: str, large: bool) -> None:
    folder = assets.card_path("AS", scheme, large).parent
    assert sorted(p.stem for p in folder.glob("*.svg")) == sorted(CARDS)
    for card in CARDS:
        path = assets.card_path(card, scheme, large)
        check_svg_file(path)
        surf = check_loaded(path)
        # a corner index top-left and its turned copy bottom-right, paper in the other corners
        tl = ink(pixels(surf, (0.02, 0.02, 0.2, 0.2)))
        br = ink(pixels(surf, (0.8, 0.8, 0.98, 0.98)))
        tr = ink(pixels(surf, (0.86, 0.02, 0.98, 0.1)))
        assert tl > 300 and br > 300, f"{scheme} {card}: missing corner index ({tl}, {br})"
        assert abs(tl - br) < 0.15 * max(tl, br), f"{scheme} {card}: corners differ"
        assert tr < 20, f"{scheme} {card}: top-right corner should be blank"


def dominant_hue(surface: pygame.Surface) -> str:
    """'red', 'green', 'blue' or 'black': the colour most of the card's ink has."""
    counts = {"red": 0, "green": 0, "blue": 0, "black": 0}
    for r, g, b, a in pixels(surface, (0.25, 0.1, 0.75, 0.9)):
        if a < 200 or min(r, g, b) > 150:
            continue
        if max(r, g, b) < 70:
            counts["black"] += 1
        elif r > g + 60 and r > b + 60:
            counts["red"] += 1
        elif g > r + 50 and g > b + 20:
            counts["green"] += 1
        elif b > r + 60 and b > g + 30:
            counts["blue"] += 1
    return max(counts, key=lambda k: counts[k])


@pytest.mark.parametrize(("scheme", "expected"), [
    ("classic", {"S": "black", "H": "red", "D": "red", "C": "black"}),
    ("fourcolor", {"S": "black", "H": "red", "D": "blue", "C": "green"}),
])
def test_suit_colours(scheme: str, expected: dict[str, str]) -> None:
    for suit, colour in expected.items():
        for rank in "5T":
            surf = pygame.image.load_sized_svg(str(assets.card_path(rank + suit, scheme)),
                                               (125, 175))
            assert dominant_hue(surf) == colour, f"{scheme} {rank}{suit}"


def index_height(surface: pygame.Surface) -> int:
    """Height of the ink in the top-left index column (x 3-18 %, y 2-45 % of the card)."""
    data, w, h = rgba(surface)
    rows = [y for y in range(int(0.02 * h), int(0.45 * h))
            if any(data[(y * w + x) * 4 + 3] > 200 and min(data[(y * w + x) * 4:
                                                             (y * w + x) * 4 + 3]) < 150
                   for x in range(int(0.03 * w), int(0.18 * w)))]
    return rows[-1] - rows[0] if rows else 0


def test_large_index_is_much_bigger() -> None:
    for card in ("2S", "TD", "QH", "7C", "KS", "JD"):
        for scheme in assets.SCHEMES:
            small = pygame.image.load_sized_svg(str(assets.card_path(card, scheme)), (250, 350))
            large = pygame.image.load_sized_svg(str(assets.card_path(card, scheme, True)),
                                                (250, 350))
            hs, hl = index_height(small), index_height(large)
            assert hs > 50 and hl > 1.6 * hs, f"{scheme} {card}: index {hs} vs large {hl}"


@pytest.mark.parametrize("rank", ["2", "3", "4", "5", "6", "7", "8", "9", "T"])
def test_pip_count(rank: str) -> None:
    """The centre of a number card shows as many separate pips as its rank says."""
    surf = pygame.image.load_sized_svg(str(assets.card_path(rank + "D")), (250, 350))
    data, w, h = rgba(surf)
    # connected blobs of ink between the two index columns
    x0, x1 = 44, w - 44
    seen: set[tuple[int, int]] = set()
    blobs = 0
    for y in range(h):
        for x in range(x0, x1):
            i = (y * w + x) * 4
            if (x, y) in seen or not (data[i] > 120 and data[i + 1] < 100):
                continue
            blobs += 1
            stack = [(x, y)]
            seen.add((x, y))
            while stack:
                cx, cy = stack.pop()
                for nx, ny in ((cx + 1, cy), (cx - 1, cy), (cx, cy + 1), (cx, cy - 1)):
                    j = (ny * w + nx) * 4
                    if (x0 <= nx < x1 and 0 <= ny < h and (nx, ny) not in seen
                            and data[j] > 120 and data[j + 1] < 100):
                        seen.add((nx, ny))
                        stack.append((nx, ny))
    assert blobs == (10 if rank == "T" else int(rank))


def test_backs() -> None:
    names = assets.back_names()
    assert len(names) >= 2 and {"blue", "red"} <= set(names)
    for name in names:
        path = assets.back_path(name)
        check_svg_file(path)
        check_loaded(path)
    with pytest.raises(ValueError):
        assets.back_path("no-such-back")


# --------------------------------------------------------------------------- other art


def test_table_and_interface_pieces() -> None:
    felt = pygame.image.load(str(assets.table_path("felt.png")))
    assert felt.get_size() == (256, 256)
    r, g, b, _ = pygame.transform.average_color(felt)
    assert g > r + 30 and g > b + 10, "felt should be green"
    # seamless: the left and right edges (and top and bottom) continue each other
    data, w, h = rgba(felt)

    def px(x: int, y: int) -> int:
        return int(data[(y * w + x) * 4 + 1])

    edge = sum(abs(px(0, y) - px(w - 1, y)) for y in range(h)) / h
    inner = sum(abs(px(0, y) - px(w // 2, y)) for y in range(h)) / h
    assert edge < inner
    for name in ("table.svg", "vignette.svg"):
        assert pygame.image.load_sized_svg(str(assets.table_path(name)), (320, 180)).get_size() \
            == (320, 180)
    for name in ("button_normal", "button_hover", "button_pressed", "button_disabled",
                 "panel", "knock_marker"):
        path = assets.ui_path(name)
        root = ET.fromstring(path.read_text(encoding="ascii"))
        assert {el.tag.removeprefix(SVG_NS) for el in root.iter()} <= ALLOWED_TAGS
        surf = pygame.image.load_sized_svg(str(path), (200, 200))
        assert pygame.transform.average_color(surf)[3] > 20, name
    states = [pygame.transform.average_color(pygame.image.load_sized_svg(
        str(assets.ui_path(f"button_{s}")), (240, 64))) for s in ("normal", "hover", "pressed")]
    assert len({tuple(c) for c in states}) == 3, "button states must look different"


def test_font_renders_and_has_its_licence() -> None:
    for bold in (False, True):
        path = assets.font_path(bold)
        font = pygame.font.Font(str(path), 24)
        text = font.render("Knock Rummy 10♥ Gin!", True, (0, 0, 0))
        assert text.get_width() > 150
    licence = (REPO / "assets" / "fonts" / "LICENSE-DejaVu.txt").read_text(encoding="utf-8")
    assert "Bitstream" in licence and "Permission is hereby granted" in licence


# --------------------------------------------------------------------------- sounds


@pytest.fixture(scope="module")
def mixer() -> Iterator[tuple[int, int, int]]:
    pygame.mixer.init(frequency=44100, size=-16, channels=1)
    init = pygame.mixer.get_init()
    assert init is not None
    yield init
    pygame.mixer.quit()


def test_sounds(mixer: tuple[int, int, int]) -> None:
    freq, size, channels = mixer
    assert (freq, size) == (44100, -16)
    loudness: dict[str, float] = {}
    for name in assets.SOUNDS:
        path = assets.sound_path(name)
        with wave.open(str(path)) as w:
            assert (w.getframerate(), w.getsampwidth(), w.getnchannels()) == (44100, 2, 1)
        sound = pygame.mixer.Sound(str(path))
        assert 0.03 < sound.get_length() < 2.5, name
        samples = array("h", sound.get_raw())
        assert samples.itemsize == 2
        peak = max(abs(v) for v in samples) / 32768
        assert 0.1 < peak < 0.92, f"{name}: peak {peak:.3f} (clipped or silent)"
        # faded in and out: no click at the ends
        assert abs(samples[0]) < 200 and abs(samples[-1]) < 200, name
        rms = math.sqrt(sum(v * v for v in samples) / len(samples)) / 32768
        loudness[name] = 20 * math.log10(rms)
    assert max(loudness.values()) - min(loudness.values()) < 1.5, loudness
    assert min(loudness.values()) > -26, loudness
    with pytest.raises(ValueError):
        assets.sound_path("kazoo")
    total = sum(assets.sound_path(n).stat().st_size for n in assets.SOUNDS)
    assert total < 700_000


# --------------------------------------------------------------------------- paths


def test_asset_paths(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    assert assets.asset_root() == REPO / "assets"
    assert assets.card_path("10h").name == "TH.svg"
    assert assets.card_path("qs", "fourcolor", large_index=True) == \
        REPO / "assets" / "cards" / "fourcolor-large" / "QS.svg"
    for bad in ("1S", "AX", "", "KHS"):
        with pytest.raises(ValueError):
            assets.card_path(bad)
    with pytest.raises(ValueError):
        assets.card_path("AS", "sepia")
    assert assets.font_path().is_file() and assets.font_path(bold=True).is_file()
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert assets.asset_root() == tmp_path / "assets"


# --------------------------------------------------------------------------- reproducible


@pytest.mark.parametrize(("script", "folders"), [
    ("gen_cards.py", ["cards"]),
    ("gen_table.py", ["table", "ui"]),
    ("gen_sounds.py", ["sounds"]),
])
def test_generators_reproduce_committed_files(script: str, folders: list[str],
                                              tmp_path: Path) -> None:
    subprocess.run([sys.executable, str(REPO / "tools" / script), "--out", str(tmp_path)],
                   check=True, capture_output=True, timeout=300)
    for folder in folders:
        made = sorted(p.relative_to(tmp_path) for p in (tmp_path / folder).rglob("*")
                      if p.is_file())
        committed = sorted(p.relative_to(REPO / "assets")
                           for p in (REPO / "assets" / folder).rglob("*") if p.is_file())
        assert made and made == committed
        different = [str(p) for p in made
                     if not filecmp.cmp(tmp_path / p, REPO / "assets" / p, shallow=False)]
        assert not different, f"regenerated files differ: {different[:5]}"


def test_card_svgs_use_only_paths_for_text() -> None:
    paths = sorted((REPO / "assets").rglob("*.svg"))
    assert len(paths) >= 52  # the faces at least
    for path in paths:
        text = path.read_text(encoding="ascii")
        assert not re.search(r"<(text|use|style|filter|mask|clipPath|image)\b", text), path
