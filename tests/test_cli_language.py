"""The command line speaks the player's language: the settings file's ``language``, set
before any message (``--help`` included). The real catalogues arrive from translators, so
the test speaks the pseudo-language ``qps`` (``tools.catalogues.pseudo``): every message
that went through gettext comes out wrapped in ⟦ ⟧."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from knockrummy import i18n
from knockrummy.__main__ import main
from knockrummy.engine import PRESETS, new_match
from knockrummy.storage import SaveStore, Seat
from tools import catalogues

OPEN, CLOSE = catalogues.OPEN, catalogues.CLOSE
stretch = catalogues.stretch


def flat(text: str) -> str:
    """``text`` with every run of spaces and line breaks as one space (argparse wraps)."""
    return " ".join(text.split())


@pytest.fixture(scope="module")
def pseudo_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    catalogues.LOCALE.mkdir(parents=True, exist_ok=True)  # none in a fresh checkout
    return catalogues.pseudo(tmp_path_factory.mktemp("locale"))


@pytest.fixture
def qps(pseudo_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A storage home whose settings choose the pseudo-language; the home."""
    monkeypatch.setattr(i18n, "LOCALE_DIR", pseudo_dir)
    monkeypatch.setitem(i18n.LANGUAGES, "qps", "Pseudo")
    monkeypatch.setenv("KNOCKRUMMY_HOME", str(tmp_path))
    (tmp_path / "settings.json").write_text(json.dumps({"schema": 1, "language": "qps"}))
    yield tmp_path
    i18n.set_language("en")


def test_help_is_in_the_settings_language(qps: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--help"])
    assert exit_.value.code == 0
    out = flat(capsys.readouterr().out)
    assert i18n.language() == "qps"
    assert stretch("Knock Rummy, Gin and Rummy.") in out
    assert stretch("start in full screen") in out
    assert flat(stretch("print a line for every action applied and every autosave "
                        "written")) in out
    assert "window size" not in out  # every option's help went through gettext
    assert out.count(OPEN) == 15


def test_errors_are_in_the_settings_language(qps: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--resume", "nosuch01"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("knockrummy: " + OPEN)
    assert stretch("cannot resume {id}: {reason}").format(
        id="'nosuch01'", reason=stretch("There is no saved match {id}.").format(
            id="'nosuch01'")) in err
    # argparse's own words ("usage:") stay, ours are translated
    with pytest.raises(SystemExit):
        main(["--size", "big"])
    err = flat(capsys.readouterr().err)
    assert err.startswith("usage: knockrummy")
    assert stretch("size must look like 1280x720, not {text}").format(text="'big'") in err


def test_list_saves_is_in_the_settings_language(qps: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--list-saves"]) == 0
    assert stretch("no saved matches in {folder}").format(
        folder=qps / "saves") in capsys.readouterr().err
    match = new_match(PRESETS["gin"], 2, seed=3, names=["You", "Bot"])
    SaveStore().save("a1b2c3d4", match, [Seat("You"), Seat("Bot", "computer", "easy")])
    assert main(["--list-saves"]) == 0
    line = capsys.readouterr().out
    # the kept "You" is shown in the player's language; the state is words
    assert line.startswith("a1b2c3d4  ")
    assert stretch("You") in line
    assert stretch("hand {number}").format(number=1) in line


def test_english_settings_speak_english(qps: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (qps / "settings.json").write_text(json.dumps({"schema": 1, "language": "en"}))
    assert main(["--resume", "nosuch01"]) == 2
    err = capsys.readouterr().err
    assert i18n.language() == "en" and OPEN not in err
    assert err == ("knockrummy: cannot resume 'nosuch01': There is no saved match "
                   "'nosuch01'.\n")
