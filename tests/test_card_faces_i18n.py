"""Card faces speak the language: a German queen's corner reads D and a French king's R,
as the text does (``words.cards.rank_letter``); a card a language draws no face of its own
for is the English face."""

from __future__ import annotations

import os
import shutil
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from knockrummy import assets, i18n  # noqa: E402
from knockrummy.engine import Card  # noqa: E402
from knockrummy.ui import gfx, paths  # noqa: E402
from tools import gen_cards  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
SVG_NS = "{http://www.w3.org/2000/svg}"
FOLDERS = [(scheme, large) for scheme in assets.SCHEMES for large in (False, True)]
GLYPHS = gen_cards.Glyphs(gen_cards.FONT_BOLD)


def path_data(path: Path) -> list[str]:
    """The ``d`` of every path of an SVG, in order (the first is the top-left rank)."""
    root = ET.fromstring(path.read_text(encoding="ascii"))
    return [el.get("d", "") for el in root.iter(SVG_NS + "path")]


def corner_rank(letter: str, large: bool) -> str:
    """The outline of ``letter`` where the generator puts the top-left corner rank."""
    lay = gen_cards.LARGE if large else gen_cards.NORMAL
    return GLYPHS.fit([GLYPHS.name(c) for c in letter], lay.index_cx,
                      lay.index_top + lay.rank_h / 2, lay.rank_h, by_cap=True)


@pytest.fixture
def _english() -> Iterator[None]:
    before = i18n.language()
    yield
    i18n.set_language(before)


def test_german_queen_shows_d_where_the_english_q_was() -> None:
    english = assets.card_path("QH", "classic")
    german = assets.card_path("QH", "classic", language="de")
    assert german == english.parent / "de" / "QH.svg"
    assert german.read_bytes() != english.read_bytes()
    assert path_data(english)[0] == corner_rank("Q", large=False)
    assert path_data(german)[0] == corner_rank("D", large=False)
    assert corner_rank("Q", large=False) not in path_data(german)
    # the large index too, and the French king's R
    assert path_data(assets.card_path("QH", "fourcolor", True, "de"))[0] == \
        corner_rank("D", large=True)
    assert path_data(assets.card_path("KS", "classic", False, "fr"))[0] == \
        corner_rank("R", large=False)


def test_a_card_without_a_face_of_its_own_is_the_english_face(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch
                                                                ) -> None:
    folder = REPO / "assets" / "cards" / "classic"
    # a German king reads K like the English one: no face of its own
    assert assets.card_path("KH", language="de") == folder / "KH.svg"
    assert assets.card_path("5H", language="fr") == folder / "5H.svg"
    for code in ("en", "es", "xx", "", "../fr"):
        assert assets.card_path("QH", language=code) == folder / "QH.svg", code
    assert paths.card_face("QH", True, True, "fr") == \
        REPO / "assets" / "cards" / "fourcolor-large" / "fr" / "QH.svg"
    # a language's face missing on disk falls back to the English one
    (tmp_path / "assets" / "cards" / "classic" / "de").mkdir(parents=True)
    shutil.copy(folder / "QH.svg", tmp_path / "assets" / "cards" / "classic" / "QH.svg")
    shutil.copy(folder / "JH.svg", tmp_path / "assets" / "cards" / "classic" / "JH.svg")
    shutil.copy(folder / "de" / "JH.svg", tmp_path / "assets" / "cards" / "classic" / "de")
    monkeypatch.setattr(assets, "asset_root", lambda: tmp_path / "assets")
    assert assets.card_path("QH", language="de") == tmp_path / "assets/cards/classic/QH.svg"
    assert assets.card_path("JH", language="de") == tmp_path / "assets/cards/classic/de/JH.svg"


@pytest.mark.usefixtures("_english")
def test_the_faces_on_disk_show_the_letters_the_text_shows() -> None:
    """Each language's letters (its catalogue's, else its decks') have exactly the faces
    that differ from English, each showing that letter; regenerate with
    ``python tools/gen_cards.py`` when a catalogue changes its letters."""
    wanted = gen_cards.language_faces(gen_cards.default_corners())
    for scheme, large in FOLDERS:
        folder = assets.card_path("AS", scheme, large).parent
        on_disk = {p.parent.name for p in folder.glob("*/*.svg")}
        assert on_disk == set(wanted), f"{folder.name}: faces for {on_disk}, text {set(wanted)}"
        for code, letters in wanted.items():
            names = sorted(p.stem for p in (folder / code).glob("*.svg"))
            assert names == sorted(r + s for r in letters for s in gen_cards.SUITS), code
            for name in names:
                face = folder / code / f"{name}.svg"
                assert path_data(face)[0] == corner_rank(letters[name[0]], large), face
                assert pygame.image.load_sized_svg(str(face), (100, 140)).get_size() \
                    == (100, 140), face


@pytest.mark.usefixtures("_english")
def test_catalogue_letters_are_the_texts() -> None:
    """What the generator reads for a language is what ``rank_letter`` shows in it."""
    from knockrummy.words.cards import rank_letter

    for code in i18n.LANGUAGES:
        got = gen_cards.catalogue_corners(code)
        i18n.set_language(code)
        if i18n.language() != code:
            assert got is None
            continue
        assert got == tuple(rank_letter(r) for r in (1, 11, 12, 13))
    assert i18n.language() in i18n.LANGUAGES


def test_corners_option() -> None:
    assert gen_cards.parse_corners(["de=A,B,D,K", "fr=A,V,D,R"]) == {
        "de": ("A", "B", "D", "K"), "fr": ("A", "V", "D", "R")}
    for bad in ("de", "de=A,B,D", "=A,B,D,K", "de=A,,D,K"):
        with pytest.raises(ValueError):
            gen_cards.parse_corners([bad])
    assert gen_cards.language_faces({"es": ("A", "J", "Q", "K"), "fr": ("A", "V", "D", "R")}) \
        == {"fr": {"J": "V", "Q": "D", "K": "R"}}


def test_card_art_draws_the_face_of_the_language_spoken(monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    pygame.init()
    try:
        pygame.display.set_mode((8, 8))
        art = gfx.CardArt(four_color=False, large_index=True, back="blue")
        queen, five = Card.parse("QH"), Card.parse("5H")

        def drawn(card: Card) -> bytes:
            return pygame.image.tobytes(art.face(card, 100), "RGBA")

        english_queen, english_five = drawn(queen), drawn(five)
        monkeypatch.setattr(i18n, "language", lambda: "de")
        assert drawn(queen) != english_queen  # D, not Q: the same CardArt, no new one
        assert drawn(five) == english_five
        monkeypatch.setattr(i18n, "language", lambda: "en")
        assert drawn(queen) == english_queen
    finally:
        pygame.quit()


@pytest.mark.usefixtures("_english")
def test_the_generator_takes_the_letters_from_a_catalogue(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo

    catalog = Catalog(locale="de")
    for english, german in zip("AJQK", ("A", "B", "Q", "K"), strict=True):
        catalog.add(english, german, context="card corner")
    folder = tmp_path / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with open(folder / "knockrummy.mo", "wb") as mo:
        write_mo(mo, catalog)
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    assert gen_cards.catalogue_corners("de") == ("A", "B", "Q", "K")
    assert gen_cards.catalogue_corners("it") is None  # no catalogue: what its decks print
    corners = gen_cards.default_corners()
    assert corners["de"] == ("A", "B", "Q", "K") and corners["fr"] == ("A", "V", "D", "R")
    # only the jacks differ from English now: the queens are the English faces again
    assert gen_cards.language_faces(corners)["de"] == {"J": "B"}
    assert i18n.language() == "en"


def test_faces_a_language_no_longer_needs_are_removed(tmp_path: Path) -> None:
    gen_cards.generate(tmp_path, {"es": ("A", "J", "Q", "R")})
    own = sorted(p.name for p in (tmp_path / "cards" / "classic-large" / "es").glob("*.svg"))
    assert own == ["KC.svg", "KD.svg", "KH.svg", "KS.svg"]
    gen_cards.generate(tmp_path, {"es": gen_cards.ENGLISH_CORNERS})
    assert not (tmp_path / "cards" / "classic-large" / "es").exists()
    with pytest.raises(ValueError, match="no glyph"):
        gen_cards.generate(tmp_path, {"xx": ("A", "J", "Q", "\u4e00")})
