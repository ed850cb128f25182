"""Saved matches for the window and the command line, on top of ``knockrummy.storage``.

Converts between the controller's seats and the store's, lists and loads
matches, and reads and writes the free ``extra`` data the window keeps in a save:
each seat's hand arrangement (``{"hand_order": {"0": {"mode": "manual", "cards":
["7H", ...]}}}``) and the coach's marks (``{"coach": {"undo_count": 1, "hints": 4,
"hints_by_seat": [1, 3]}}``: an undone match carries no trace of the undo, so the
count that marks it in the statistics lives here). Anything odd in ``extra`` is
ignored, never an error: the hand is then simply arranged by melds again, and a
missing count is 0.

>>> from knockrummy.engine import parse_cards
>>> extra = hand_orders_to_extra({1: ("manual", parse_cards("7H 2C"))})
>>> extra
{'hand_order': {'1': {'mode': 'manual', 'cards': ['7H', '2C']}}}
>>> {seat: (mode, [str(c) for c in cards])
...  for seat, (mode, cards) in hand_orders_from_extra(extra, players=2).items()}
{1: ('manual', ['7H', '2C'])}
>>> hand_orders_from_extra({"hand_order": {"9": "junk"}}, players=2)
{}
>>> coach_from_extra(coach_to_extra(CoachMarks(undo_count=2, hints=5, hints_by_seat=(1, 4))))
CoachMarks(undo_count=2, hints=5, hints_by_seat=(1, 4))
>>> coach_from_extra({"coach": {"undo_count": "lots", "hints": 3, "hints_by_seat": [1, 1]}})
CoachMarks(undo_count=0, hints=3, hints_by_seat=())
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from knockrummy.app.computer import level_word
from knockrummy.app.controller import COMPUTER, HUMAN, GameSetup, SeatSetup
from knockrummy.app.names import shown_name
from knockrummy.coach.words import listing
from knockrummy.engine import Card, MatchState
from knockrummy.i18n import _, ngettext, pgettext
from knockrummy.storage import LoadedSave, SaveStore
from knockrummy.storage import SaveInfo as SaveInfo
from knockrummy.storage import Seat as Seat
from knockrummy.storage.savefile import say_save_errors_with
from knockrummy.words.dates import month_name
from knockrummy.words.errors import save_error_words
from knockrummy.words.rules import saved_preset_name

log = logging.getLogger(__name__)

# a save whose match cannot be replayed says why in the player's language (storage is
# below the words: it takes them from here)
say_save_errors_with(save_error_words)

#: the ways a hand can be arranged on screen (``ui.felt.hand.MODES``)
ORDER_MODES = ("melds", "rank", "suit", "manual")

HandOrders = dict[int, tuple[str, tuple[Card, ...]]]


@dataclass(frozen=True)
class CoachMarks:
    """What the coach leaves on a match: moves taken back, hints asked."""

    undo_count: int = 0
    hints: int = 0
    #: the hints each seat asked, seat by seat (empty in saves from before they were
    #: counted so)
    hints_by_seat: tuple[int, ...] = ()


@dataclass(frozen=True)
class Resumed:
    """A saved match ready to continue: its id, setup, state, hand orders and marks."""

    save_id: str
    setup: GameSetup
    match: MatchState
    hand_orders: HandOrders
    marks: CoachMarks = CoachMarks()


def store_seats(setup: GameSetup) -> list[Seat]:
    """The controller's seats as the store keeps them."""
    return [Seat(s.name, "human") if s.kind == HUMAN else Seat(s.name, "computer", s.level)
            for s in setup.seats]


def setup_seats(seats: Sequence[Seat]) -> tuple[SeatSetup, ...]:
    """The store's seats as the controller takes them."""
    return tuple(SeatSetup(s.name, HUMAN if s.kind == "human" else COMPUTER,
                           s.level or "medium") for s in seats)


def hand_orders_to_extra(orders: Mapping[int, tuple[str, Sequence[Card]]]) -> dict[str, Any]:
    """The ``extra`` data holding each seat's hand arrangement."""
    return {"hand_order": {str(seat): {"mode": mode, "cards": [str(c) for c in cards]}
                           for seat, (mode, cards) in sorted(orders.items())}}


def hand_orders_from_extra(extra: Mapping[str, Any], players: int) -> HandOrders:
    """Each seat's arrangement from ``extra``; entries that do not make sense are left out."""
    raw = extra.get("hand_order") if isinstance(extra, Mapping) else None
    if not isinstance(raw, Mapping):
        return {}
    out: HandOrders = {}
    for key, entry in raw.items():
        if not isinstance(key, str) or not key.isdigit() or not isinstance(entry, Mapping):
            continue
        seat = int(key)
        mode = entry.get("mode")
        cards = entry.get("cards")
        if not 0 <= seat < players or mode not in ORDER_MODES or not isinstance(cards, list):
            continue
        try:
            parsed = tuple(Card.parse(c) for c in cards if isinstance(c, str))
        except ValueError:
            continue
        if len(parsed) == len(cards) and len(set(parsed)) == len(parsed) <= 52:
            out[seat] = (str(mode), parsed)
    return out


def coach_to_extra(marks: CoachMarks) -> dict[str, Any]:
    """The ``extra`` data holding the coach's marks."""
    return {"coach": {"undo_count": marks.undo_count, "hints": marks.hints,
                      "hints_by_seat": list(marks.hints_by_seat)}}


def coach_from_extra(extra: Mapping[str, Any]) -> CoachMarks:
    """The coach's marks from ``extra`` (0 for anything missing or odd)."""
    raw = extra.get("coach") if isinstance(extra, Mapping) else None
    if not isinstance(raw, Mapping):
        return CoachMarks()

    def number(value: object) -> int | None:
        return value if isinstance(value, int) and not isinstance(value, bool) and \
            0 <= value < 10**9 else None

    def count(key: str) -> int:
        return number(raw.get(key)) or 0

    hints = count("hints")
    seats = raw.get("hints_by_seat")
    by_seat: tuple[int, ...] = ()
    if isinstance(seats, list) and len(seats) <= 8:  # no game seats more than 6
        counted = tuple(number(n) for n in seats)
        if all(n is not None for n in counted) and sum(n or 0 for n in counted) == hints:
            by_seat = tuple(n or 0 for n in counted)
    return CoachMarks(count("undo_count"), hints, by_seat)


def resumed(loaded: LoadedSave) -> Resumed:
    """A loaded save as a match to continue."""
    match = loaded.match
    setup = GameSetup(match.rules, setup_seats(loaded.seats), match.seed)
    return Resumed(loaded.id, setup, match, hand_orders_from_extra(loaded.extra, match.players),
                   coach_from_extra(loaded.extra))


def load(save_id: str, store: SaveStore | None = None, *, to_play: bool = True) -> Resumed | str:
    """The saved match ``save_id``, or why it cannot be continued (a sentence): refused
    while another copy of the game plays it, unless ``to_play=False`` (only to look at
    its history)."""
    store = store or SaveStore()
    loaded = store.try_load(save_id, to_play=to_play)
    if loaded is None:
        return " ".join(store.messages) or _("The saved game could not be read.")
    return resumed(loaded)


def load_latest(store: SaveStore | None = None) -> Resumed | str:
    """The newest unfinished saved match, or why there is none to continue."""
    store = store or SaveStore()
    info = store.latest()
    if info is None:
        return " ".join(store.messages) or _("There is no saved game.")
    return load(info.id, store)


class SavedGames:
    """The saved matches as the screens use them: listed, loaded, deleted, with what the
    store had to set aside said in words (the screens import ``app``, never ``storage``)."""

    def __init__(self, store: SaveStore | None = None) -> None:
        self.store = store or SaveStore()

    def listed(self) -> list[SaveInfo]:
        """Every readable saved match, newest first."""
        return list_saves(self.store)

    def load(self, save_id: str, *, to_play: bool = True) -> Resumed | str:
        """The saved match ``save_id``, or why it cannot be had (see :func:`load`)."""
        return load(save_id, self.store, to_play=to_play)

    def delete(self, save_id: str) -> bool:
        """Delete the saved match ``save_id``; False when it was already gone."""
        return self.store.delete(save_id)

    def take_messages(self) -> list[str]:
        """What the store said since the last call (damaged files set aside...)."""
        out: list[str] = list(self.store.messages)
        self.store.messages.clear()
        return out


def has_saved_match(store: SaveStore | None = None) -> bool:
    """Whether an unfinished saved match can be continued."""
    try:
        return (store or SaveStore()).latest() is not None
    except Exception as err:  # a broken store must not stop the title screen
        log.warning("saves: %s", err)
        return False


def list_saves(store: SaveStore | None = None) -> list[SaveInfo]:
    """Every readable saved match, newest first (damaged ones set aside, see messages)."""
    try:
        return (store or SaveStore()).list()
    except Exception as err:  # never let a listing stop the game
        log.warning("saves: %s", err)
        return []


@dataclass(frozen=True)
class SaveRow:
    """One saved match as the saved-games screen shows it, in words."""

    game: str
    players: str
    scores: str
    state: str
    when: str
    #: "pass-and-play, 3 people" when several humans share the screen, else ""
    mode: str = ""


def save_row(info: SaveInfo, now: datetime | None = None) -> SaveRow:
    """The words for ``info``'s row (dates in local time, "Today" and "Yesterday" by name),
    in the player's language.

    >>> from datetime import UTC, datetime
    >>> info = SaveInfo("a1b2c3d4", "gin", "Gin Rummy", 2, ("Ann", "Bot"),
    ...                 (Seat("Ann"), Seat("Bot", "computer", "hard")), (30, 12), 2,
    ...                 datetime(2024, 5, 1, 12, 0, tzinfo=UTC), False)
    >>> row = save_row(info, now=datetime(2024, 5, 9, 12, 0, tzinfo=UTC))
    >>> row.players, row.scores, row.state
    ('Ann and Bot (hard)', 'Ann 30, Bot 12', 'hand 3')
    """
    names = [shown_name(s.name) if s.kind == "human" else
             # Translators: a computer player's name and level in a saved game's row
             _("{name} ({level})").format(name=s.name, level=level_word(s.level or ""))
             for s in info.seats]
    players = listing(names)
    humans = sum(1 for s in info.seats if s.kind == "human")
    mode = ngettext("pass-and-play, {n} person", "pass-and-play, {n} people",
                    humans).format(n=humans) if humans > 1 else ""
    # Translators: one player's score in a saved game's row ("Ann 30")
    scores = pgettext("list", ", ").join(
        _("{name} {score}").format(name=shown_name(n), score=s)
        for n, s in zip(info.names, info.scores, strict=False))
    state = info.state
    if info.open_elsewhere:
        state = _("{state}, open in another copy").format(state=state)
    local = info.saved_at.astimezone()
    today = (now or datetime.now(UTC)).astimezone().date()
    time = f"{local:%H:%M}"
    if local.date() == today:
        when = _("today {time}").format(time=time)
    elif local.date() == today - timedelta(days=1):
        when = _("yesterday {time}").format(time=time)
    else:
        # Translators: a saved game's date: {month} is shortened ("1 May 2024 12:00")
        when = _("{day} {month} {year} {time}").format(
            day=local.day, month=month_name(local.month), year=local.year, time=time)
    game = saved_preset_name(info.preset, info.preset_name)
    return SaveRow(game, players, scores, state, when, mode)
