"""Every language's catalogue covers every message the game has: none missing, empty or
fuzzy, the placeholders the same as the English ones, and the compiled ``.mo`` the game
reads made from the ``.po`` as it is (``python -m tools.catalogues update`` then
``compile`` after changing words)."""

from __future__ import annotations

import gettext
import io
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from knockrummy import i18n
from tools import catalogues

LANGS = [code for code in i18n.LANGUAGES if code != i18n.SOURCE]
_FIELD = re.compile(r"\{([^{}]*)\}")


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Catalog:
    out = tmp_path_factory.mktemp("template") / "knockrummy.pot"
    with catalogues.extract(out).open("rb") as f:  # the source tree is left alone
        return read_po(f)


def read(code: str) -> Catalog:
    with catalogues.po_path(code).open("rb") as f:
        return read_po(f, locale=code)


def fields(text: str) -> set[str]:
    """The named placeholders of a message: ``{name}``, ``{n}``."""
    return set(_FIELD.findall(text))


def forms(message: Message) -> tuple[str, ...]:
    value = message.string
    return tuple(value) if isinstance(value, tuple | list) else (value,)


def ids(message: Message) -> tuple[str, ...]:
    value = message.id
    return tuple(value) if isinstance(value, tuple | list) else (value,)


def problems(template: Catalog, catalog: Catalog) -> Iterator[str]:
    """What is missing or wrong in ``catalog``, one line each."""
    for wanted in template:
        if not wanted.id:
            continue
        key = ids(wanted)[0]
        got = catalog.get(key, context=wanted.context)
        where = f"{wanted.context + ': ' if wanted.context else ''}{key!r}"
        if got is None:
            yield f"missing {where}"
            continue
        if got.fuzzy:
            yield f"fuzzy {where}"
        strings = forms(got)
        if not all(strings):
            yield f"untranslated {where}"
            continue
        english = [fields(text) for text in ids(wanted)]
        allowed = set().union(*english)
        for text in strings:
            if not fields(text) <= allowed:
                yield f"placeholder not in the English {where}: {text!r}"
            try:
                text.format(**dict.fromkeys(fields(text), "x"))
            except (ValueError, IndexError, KeyError):
                yield f"broken braces {where}: {text!r}"
        if fields(strings[-1]) != english[-1]:  # the general form says every value
            yield f"placeholders differ {where}: {strings[-1]!r}"


@pytest.mark.parametrize("code", LANGS)
def test_the_catalogue_covers_every_message(template: Catalog, code: str) -> None:
    assert len(template) > 500  # the game's words are extracted (not an empty template)
    found = list(problems(template, read(code)))
    assert not found, f"{len(found)} problems in {code}:\n" + "\n".join(found[:40])


def game_reads(mo: bytes) -> dict[object, str]:
    """What the game reads from a compiled catalogue: every message and its forms, and
    the headers less the version of Babel that wrote it (``Generated-By``), which a
    newer Babel changes without changing a word."""
    messages = dict(gettext.GNUTranslations(io.BytesIO(mo))._catalog)  # type: ignore[attr-defined]
    messages[""] = "".join(line for line in messages[""].splitlines(keepends=True)
                           if not line.startswith("Generated-By:"))
    return messages


@pytest.mark.parametrize("code", LANGS)
def test_the_compiled_catalogue_is_the_po_as_it_is(code: str) -> None:
    out = io.BytesIO()
    write_mo(out, read(code))
    mo = catalogues.po_path(code).with_suffix(".mo")
    assert game_reads(mo.read_bytes()) == game_reads(out.getvalue()), \
        f"run: python -m tools.catalogues compile ({code})"


def test_the_compiled_catalogue_check_sees_a_changed_word() -> None:
    catalogue = read("de")
    message = next(m for m in catalogue if m.id and isinstance(m.string, str) and m.string)
    before, after = io.BytesIO(), io.BytesIO()
    write_mo(before, catalogue)
    message.string = str(message.string) + "!"
    write_mo(after, catalogue)
    assert game_reads(before.getvalue()) != game_reads(after.getvalue())
    assert "Generated-By" not in game_reads(before.getvalue())[""]


def test_the_check_finds_what_is_wrong(template: Catalog, tmp_path: Path) -> None:
    broken = Catalog(locale="de")
    first = next(m for m in template if m.id and isinstance(m.id, str) and fields(m.id))
    broken.add(first.id, "kein Platzhalter", context=first.context)  # its value lost
    for message in template:  # the rest as English (Catalog.add keeps a string it has)
        if message.id and not message.context and isinstance(message.id, str):
            broken.add(message.id, message.id, context=message.context)
    found = list(problems(template, broken))
    assert any(line.startswith("missing") for line in found)  # the contexts' messages
    assert [line for line in found if "placeholders differ" in line] == [
        f"placeholders differ {first.id!r}: 'kein Platzhalter'"]
