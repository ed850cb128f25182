"""The match's words in the player's language, keys kept in English: option values (kept
in the settings' last game as their English text), the default "You" (kept as "You" in
saves, shown in the player's language), saved-game rows and the controller's messages.
Spoken in the pseudo-language ``qps`` (``tools.catalogues.pseudo``)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from knockrummy import i18n
from knockrummy.app import options, records, saves
from knockrummy.app.controller import Controller
from knockrummy.app.names import YOU, kept_name, shown_name
from knockrummy.app.prefs import last_game_of, speed_words
from knockrummy.app.setups import default_setup
from knockrummy.engine import PRESETS, new_match
from knockrummy.storage import Seat
from tools import catalogues

stretch = catalogues.stretch


@pytest.fixture(scope="module")
def pseudo_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    catalogues.LOCALE.mkdir(parents=True, exist_ok=True)
    return catalogues.pseudo(tmp_path_factory.mktemp("locale"))


@pytest.fixture
def qps(pseudo_dir: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setitem(i18n.LANGUAGES, "qps", "Pseudo")
    i18n.set_language("qps", pseudo_dir)
    yield
    i18n.set_language("en")


def test_option_words_are_translated_and_the_keys_are_not(qps: None) -> None:
    spec = options.length_spec(PRESETS["gin"])
    assert spec.texts[:2] == ("to 50", "to 100")  # what the settings file keeps
    assert spec.shown_texts[:2] == (stretch("to {points}").format(points=50),
                                    stretch("to {points}").format(points=100))
    assert spec.shown_label == stretch("Game length") and spec.label == "Game length"
    deals = options.length_spec(PRESETS["knock"])
    assert deals.shown_texts[0] == stretch("{n} deal each").format(n=1)
    assert deals.shown_texts[1] == stretch("{n} deals each").format(n=2)
    rum = next(o for o in options.OPTIONS if o.field == "rum_bonus")
    assert rum.shown_texts == (stretch("none"), "10", "25")
    setup = default_setup("gin", seed=1)
    assert dict(last_game_of(setup).options)["target_score"] == "to 100"
    assert last_game_of(setup).seats[0][0] == YOU == "You"
    assert speed_words()[0] == stretch("Slow")


def test_you_is_kept_as_you_and_shown_in_the_language(qps: None) -> None:
    assert default_setup("gin", seed=1).seats[0].name == "You"
    assert shown_name("You") == stretch("You") and shown_name("Ann") == "Ann"
    assert kept_name(stretch("You")) == "You" and kept_name("Ann") == "Ann"
    shared = default_setup(seats=["human", "hard", "human"], seed=1)
    assert shared.seats[0].name == stretch("Player {number}").format(number=1)


def test_saved_game_rows_are_words(qps: None) -> None:
    info = saves.SaveInfo("a1b2c3d4", "gin", "Gin Rummy", 2, ("You", "Bot"),
                          (Seat("You"), Seat("Bot", "computer", "hard")), (30, 12), 2,
                          datetime(2024, 5, 1, 12, 0, tzinfo=UTC), False)
    row = saves.save_row(info, now=datetime(2024, 5, 9, 12, 0, tzinfo=UTC))
    assert row.state == stretch("hand {number}").format(number=3)
    assert stretch("You") in row.players and "Bot" in row.players
    assert row.players.startswith(stretch("{names} and {last}")[:1])
    assert stretch("May") in row.when


def test_match_record_rows_name_you_in_the_language(
        qps: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KNOCKRUMMY_HOME", str(tmp_path))
    match = new_match(PRESETS["gin"], 2, seed=3, names=["You", "Bot"])
    records.export_match(match, "a1b2c3d4")
    [row] = records.list_records()
    assert row.players == stretch("{rest} and {last}").format(rest=stretch("You"), last="Bot")
    path = records.export_match(new_match(PRESETS["gin"], 2, seed=3, names=["Ann", "Bot"]))
    path.write_text(path.read_text().replace("Players: Ann, Bot", 'Players: ["Ann'))
    assert '["Ann' in {r.players for r in records.list_records()}  # unreadable: as it is


def test_controller_messages_are_words(qps: None) -> None:
    # every seat a computer: nobody may ask for a hint, nor act
    setup = default_setup(seats=["easy", "easy"], seed=1)
    controller = Controller(setup, pacing=0.0)
    try:
        assert controller.hint_refusal() == stretch("Hints are for human players")
        action = controller.legal()[0]
        current = controller.match.hand.current
        assert controller.refusal(action) == stretch("Wait for {name} to play").format(
            name=setup.seats[current].name)
    finally:
        controller.close()
