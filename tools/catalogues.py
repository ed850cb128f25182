"""The message catalogues, kept with Babel: ``python -m tools.catalogues <command>``.

- ``extract``: every marked message of ``knockrummy/`` into ``knockrummy/locale/knockrummy.pot``;
- ``update [code]``: extract, then bring every language's ``.po`` (or one's) up to it
  (new messages empty);
- ``compile [code]``: every ``.po`` (or one's) to the ``.mo`` the game reads;
- ``init <code>``: start a new language's catalogue;
- ``pseudo <dir>``: a pseudo-language ``qps`` in ``dir`` whose every message is wrapped
  in ⟦ ⟧ and half as long again (tests find words that bypass gettext, and text that
  would not fit a longer language).
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.frontend import CommandLineInterface
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "knockrummy" / "locale"
POT = LOCALE / "knockrummy.pot"
DOMAIN = "knockrummy"
LANGS = ("de", "fr", "es", "it", "pt_BR")
#: ⟦ and ⟧ wrap every pseudo-translated message
OPEN, CLOSE = "\u27e6", "\u27e7"
_FIELD = re.compile(r"(\{[^{}]*\})")
_WORD = re.compile(r"[^\W\d_]+")


def _babel(*args: str) -> None:
    here = os.getcwd()
    os.chdir(ROOT)  # locations in the catalogues relative to the repository
    try:
        CommandLineInterface().run(["pybabel", "-q", *args])
    finally:
        os.chdir(here)


def extract(out: Path = POT) -> Path:
    """Write the template of every message to ``out``; its path."""
    out.parent.mkdir(parents=True, exist_ok=True)
    _babel("extract", "-F", str(ROOT / "babel.cfg"), "-o", str(out), "--add-comments",
           "Translators:", "--add-location", "file", "--sort-by-file", "--no-wrap",
           "--project", "Knock Rummy", "--copyright-holder", "Knock Rummy",
           "--msgid-bugs-address", "-", "-k", "NC_:1c,2", "knockrummy")
    return out


def po_path(code: str) -> Path:
    """The catalogue of language ``code``."""
    return LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def update(only: str | None = None) -> None:
    """Extract, then merge the template into every language present (or only ``only``)."""
    extract()
    for code in (only,) if only else LANGS:
        if po_path(code).exists():
            # a changed English message comes back fuzzy with its old translation (the
            # coverage test refuses fuzzy entries until a translator has checked them);
            # a removed one is kept commented out (#~), for a message that returns
            _babel("update", "-i", str(POT), "-d", str(LOCALE), "-D", DOMAIN, "-l", code,
                   "--no-wrap")


def compile_all(only: str | None = None) -> None:
    """Every ``.po`` (or only ``only``'s) compiled to its ``.mo`` (fuzzy entries left
    out)."""
    for code in (only,) if only else LANGS:
        if po_path(code).exists():
            _babel("compile", "-d", str(LOCALE), "-D", DOMAIN, "-l", code)


def init(code: str) -> None:
    """Start the catalogue of a new language."""
    extract()
    _babel("init", "-i", str(POT), "-d", str(LOCALE), "-D", DOMAIN, "-l", code,
           "--no-wrap")


def stretch(text: str) -> str:
    """``text`` pseudo-translated: wrapped in ⟦ ⟧, every word followed by tildes (half
    its length, at least one: a word with no tilde after it was not translated),
    placeholders and line breaks kept.

    >>> stretch("Draw {n} cards.")
    '⟦Draw~~ {n} cards~~.⟧'
    """
    if not text:
        return text
    out = []
    for part in _FIELD.split(text):
        if _FIELD.fullmatch(part):
            out.append(part)
        else:
            out.append(_WORD.sub(lambda m: m.group() + "~" * max(1, len(m.group()) // 2), part))
    return OPEN + "".join(out) + CLOSE


def pseudo(target: Path) -> Path:
    """Write the compiled pseudo-language ``qps`` under ``target``, from the messages the
    code has now (extracted into ``target``, so the source tree is left alone); ``target``."""
    with extract(target / f"{DOMAIN}.pot").open("rb") as f:
        template = read_po(f)
    catalog = Catalog(locale="en", domain=DOMAIN)
    for message in template:
        if not message.id:
            continue
        if isinstance(message.id, tuple | list):
            strings = tuple(stretch(s) for s in message.id)
        else:
            strings = stretch(message.id)
        catalog.add(message.id, strings, context=message.context)
    out = target / "qps" / "LC_MESSAGES"
    out.mkdir(parents=True, exist_ok=True)
    with (out / f"{DOMAIN}.po").open("wb") as f:
        write_po(f, catalog)
    with (out / f"{DOMAIN}.mo").open("wb") as f:
        write_mo(f, catalog)
    return target


def main(argv: list[str]) -> int:
    """Run one command."""
    if not argv:
        print(__doc__)
        return 2
    command, rest = argv[0], argv[1:]
    if command == "extract":
        print(extract())
    elif command == "update":
        update(rest[0] if rest else None)
    elif command == "compile":
        compile_all(rest[0] if rest else None)
    elif command == "init" and rest:
        init(rest[0])
    elif command == "pseudo" and rest:
        print(pseudo(Path(rest[0])))
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
