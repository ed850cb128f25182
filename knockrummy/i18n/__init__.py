"""The player's language: every word a player reads goes through here.

The standard gettext machinery: ``_("Play")``, ``ngettext("{n} card", "{n} cards", n)``
with named placeholders filled by ``str.format`` after the lookup, ``pgettext`` where one
English word needs two translations, and ``N_`` to mark words kept in a constant and
translated where they are shown. Catalogues are ``.po`` files in
``knockrummy/locale/<code>/LC_MESSAGES/knockrummy.po``, compiled to ``.mo`` beside them by
``python -m tools.catalogues compile`` (Babel extracts, updates and compiles them).

The language is global and changes at once: every call looks up the language current
*now*, so words are made when they are shown, never kept translated in a constant.

>>> set_language("de")
>>> language(), pgettext("suit", "hearts")
('de', 'Herz')
>>> set_language("xx")  # unknown: English
>>> language(), pgettext("suit", "hearts")
('en', 'hearts')
"""

from __future__ import annotations

import gettext as _gettext
import locale as _locale
import os
from pathlib import Path

DOMAIN = "knockrummy"
#: where the catalogues are (package data; PyInstaller bundles it)
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
#: the languages offered, by code, each named in its own language
LANGUAGES: dict[str, str] = {
    "en": "English",
    "de": "Deutsch",
    "fr": "Français",
    "es": "Español",
    "it": "Italiano",
    "pt_BR": "Português (Brasil)",
}
#: the language the words are written in (no catalogue)
SOURCE = "en"

_current: _gettext.NullTranslations = _gettext.NullTranslations()
_code = SOURCE


def N_(message: str) -> str:  # noqa: N802 - the gettext convention
    """Mark ``message`` for translation without translating it now (for constants)."""
    return message


def NC_(context: str, message: str) -> str:  # noqa: N802 - the gettext convention
    """Mark ``message`` with its ``context`` for translation without translating it now;
    translate it where shown with ``pgettext(context, message)``."""
    return message


def _(message: str) -> str:
    """``message`` in the current language."""
    return _current.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for ``n`` in the current language (its own plural rules)."""
    return _current.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, told apart by ``context``."""
    return _current.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` told apart by ``context``."""
    return _current.npgettext(context, singular, plural, n)


def language() -> str:
    """The code of the current language (``"en"``, ``"de"``, ``"pt_BR"`` ...)."""
    return _code


def match(code: str | None) -> str:
    """The offered language for a locale name (``de_AT.UTF-8`` -> ``de``, ``pt_BR`` ->
    ``pt_BR``, ``pt_PT`` -> ``pt_BR``); English for anything unknown.

    >>> match("de_AT.UTF-8"), match("pt-br"), match("fr"), match("C"), match(None)
    ('de', 'pt_BR', 'fr', 'en', 'en')
    """
    if not code:
        return SOURCE
    name = code.split(".")[0].split("@")[0].replace("-", "_")
    lang, _sep, region = name.partition("_")
    full = f"{lang.lower()}_{region.upper()}" if region else lang.lower()
    if full in LANGUAGES:
        return full
    for known in LANGUAGES:
        if known.split("_")[0] == lang.lower():
            return known
    return SOURCE


def system_language() -> str:
    """The language the system asks for (LANGUAGE, LC_ALL, LC_MESSAGES, LANG, then the
    platform's own locale), matched to an offered one; English when none is."""
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            for part in value.split(":"):
                if match(part) != SOURCE or part.lower().startswith("en"):
                    return match(part)
            return SOURCE
    try:
        return match(_locale.getlocale()[0])
    except ValueError:
        return SOURCE


def set_language(code: str, localedir: Path | None = None) -> None:
    """Speak ``code`` from now on (an unknown or missing catalogue: English).
    ``localedir`` is for tests that bring their own catalogues."""
    global _current, _code
    wanted = match(code) if localedir is None else code
    if wanted == SOURCE:
        _current, _code = _gettext.NullTranslations(), SOURCE
        return
    try:
        found = _gettext.translation(DOMAIN, str(localedir or LOCALE_DIR), [wanted])
    except OSError:
        _current, _code = _gettext.NullTranslations(), SOURCE
        return
    _current, _code = found, wanted
