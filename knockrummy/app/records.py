"""Match records on disk: export a match as readable text, list and import records.

The text is the engine's (:func:`knockrummy.engine.record.export_record`): the
rules, players and seed, then each hand's deal, every move in words and the
scores. Exported records go to the ``records`` folder of the storage home
(:func:`knockrummy.storage.records_dir`), which is also where the game looks for
records to replay; any other file can be opened with ``knockrummy --import FILE``.

Importing replays the moves from the seed and checks every deal against it
(:func:`knockrummy.engine.record.import_record`), so an edited or damaged record
is refused with the engine's reason (a code, said in the player's language by
:func:`knockrummy.words.errors.save_error_words`), and nothing else happens.

>>> import os, tempfile
>>> os.environ["KNOCKRUMMY_HOME"] = tempfile.mkdtemp()
>>> from knockrummy.engine import PRESETS, new_match
>>> match = new_match(PRESETS["gin"], 2, seed=3, names=["Ann", "Bob"])
>>> path = export_match(match, "a1b2c3d4")
>>> path.parent.name, path.suffix
('records', '.txt')
>>> read_record(path) == match
True
>>> [(r.game, r.players, r.hands, r.finished) for r in list_records()]
[('Gin Rummy', 'Ann and Bob', 1, False)]
>>> _ = path.write_text(path.read_text().replace("Seed: 3", "Seed: 4"))
>>> print(read_record(path))
This record cannot be replayed: line 6: the deal does not match the record's seed.
>>> del os.environ["KNOCKRUMMY_HOME"]
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from knockrummy.coach.words import listing
from knockrummy.engine import MatchState
from knockrummy.engine.codec import SaveError
from knockrummy.engine.record import HEADER, export_record, import_record, read_names
from knockrummy.engine.text import clean_text
from knockrummy.i18n import _
from knockrummy.storage import records_dir, write_atomic
from knockrummy.storage.policy import LIMITS, read_bytes
from knockrummy.words.errors import save_error_words
from knockrummy.words.names import shown_name

#: the folder where records are exported and looked for (in the storage home)
records_folder = records_dir

log = logging.getLogger(__name__)

#: records larger than this are refused (a long Rummy match is about 60 kB)
MAX_RECORD_BYTES = LIMITS["record"]
SUFFIX = ".txt"


@dataclass(frozen=True)
class RecordFile:
    """One record in the records folder, as the list shows it (read from its header)."""

    path: Path
    game: str
    players: str
    hands: int
    finished: bool
    modified: datetime
    #: why it does not look like a record (it may still be opened to see the reason)
    problem: str | None = None

    @property
    def name(self) -> str:
        """The file name (without characters that are never shown)."""
        return clean_text(self.path.name)


def file_name(match: MatchState, save_id: str | None, now: datetime) -> str:
    """``gin-20240501-140322-a1b2c3d4.txt``: the game, when, and which saved match."""
    tail = f"-{save_id}" if save_id else ""
    return f"{match.rules.key}-{now:%Y%m%d-%H%M%S}{tail}{SUFFIX}"


def export_match(match: MatchState, save_id: str | None = None, folder: Path | None = None,
                 now: datetime | None = None) -> Path:
    """Write ``match`` as a text record into the records folder; the file written.

    ``OSError`` when the disk refuses (nothing is half-written: the write is atomic).
    """
    folder = folder or records_dir()
    base = file_name(match, save_id, now or datetime.now())
    path = folder / base
    n = 2
    while path.exists():
        path = folder / f"{base[:-len(SUFFIX)]}-{n}{SUFFIX}"
        n += 1
    write_atomic(path, export_record(match))
    return path


def _read_text(path: Path, anywhere: bool = True) -> str:
    """The file's text under the storage policy (a regular file, at most
    :data:`MAX_RECORD_BYTES`; inside the game's folders unless ``anywhere``);
    ``ValueError`` in words when it is refused or not text."""
    raw = read_bytes(path, "record", anywhere=anywhere)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError(_("the file is not readable text")) from None


def read_record(path: Path) -> MatchState | str:
    """The match a record file describes, or why it cannot be replayed (a sentence).

    A file of the records folder must stay inside the game's folders (a link leading
    out is refused); a file named anywhere else (``--import FILE``) may be anywhere.
    Either way it must be a regular file (storage policy)."""
    try:
        path.absolute().relative_to(records_dir())
        anywhere = False
    except ValueError:
        anywhere = True
    try:
        text = _read_text(path, anywhere=anywhere)
    except OSError as err:
        return _("The record {name} cannot be opened ({reason}).").format(
            name=clean_text(path.name), reason=err.strerror or _("it cannot be read"))
    except ValueError as err:
        return _cannot_replay(str(err))
    try:
        return import_record(text)
    except SaveError as err:
        return _cannot_replay(save_error_words(err))
    except Exception as err:  # any other surprise in an edited file is still the file's
        log.warning("record %s: %r", path, err)
        return _cannot_replay(_("it is damaged ({detail})").format(
            detail=clean_text(str(err))[:80]))


def _cannot_replay(reason: str) -> str:
    # Translators: {reason} says what is wrong with a match record ("line 6: the deal does
    # not match the record's seed")
    return _("This record cannot be replayed: {reason}.").format(reason=reason)


def _summary(path: Path) -> RecordFile:
    modified = datetime.fromtimestamp(path.stat().st_mtime)
    try:
        text = _read_text(path, anywhere=False)
    except ValueError as err:
        return RecordFile(path, "?", "", 0, False, modified, str(err))
    lines = text.splitlines()
    if not lines or lines[0].strip() != HEADER:
        return RecordFile(path, "?", "", 0, False, modified,
                          _("this is not a Knock Rummy match record"))
    header: dict[str, str] = {}
    hands = 0
    for line in lines[1:]:
        if line.startswith("Hand ") and " deals" in line:
            hands += 1
        elif not line.startswith(" ") and ":" in line:
            key, _sep, value = line.partition(":")
            header.setdefault(key.strip(), value.strip())
    game = clean_text(header.get("Game", "?").rsplit(" [", 1)[0])[:60]
    return RecordFile(path, game, clean_text(_players(header.get("Players", "")))[:200],
                      hands, "Final" in header, modified)


def _players(text: str) -> str:
    """The record's players as the list shows them, in the player's language ("You and
    Ada", "Tú y Ada"); the line as it is when it cannot be read as names."""
    try:
        names = read_names(text)
    except (ValueError, RecursionError):
        return text
    return listing([shown_name(str(n)) for n in names])


def list_records(folder: Path | None = None) -> list[RecordFile]:
    """The ``.txt`` files of the records folder, newest first (none when it is missing)."""
    folder = folder or records_dir()
    try:
        paths = [p for p in folder.iterdir() if p.suffix == SUFFIX and p.is_file()]
    except OSError:
        return []
    out: list[RecordFile] = []
    for path in paths:
        try:
            out.append(_summary(path))
        except OSError as err:  # vanished or unreadable: skip it, say why in the log
            log.info("record %s: %s", path, err)
    out.sort(key=lambda r: (r.modified, r.name), reverse=True)
    return out
