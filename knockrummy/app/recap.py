"""What happened since a seat last played, in words, from the hand's public log.

The hand-off screen shows it to the human taking the screen, who did not watch
the turns in between (only public facts: the log never holds a card drawn
face down from the stock). The table's "last moves" list says the same facts one
turn a line, with cards as players write them (:func:`last_moves`).

>>> from knockrummy.engine import Card
>>> from knockrummy.engine.state import LogEntry
>>> log = (LogEntry(0, "discard", Card.parse("7H")), LogEntry(1, "draw_stock", None),
...        LogEntry(1, "discard", Card.parse("KS")), LogEntry(2, "draw_discard", Card.parse("KS")))
>>> since_last_turn(log, seat=0, names=("Ann", "Bob", "Cy"))
['Bob drew from the stock', 'Bob discarded the king of spades', 'Cy took the king of spades']
>>> last_moves(log, names=("Ann", "Bob", "Cy"))
['Ann threw 7♥', 'Bob drew from the stock, threw K♠', 'Cy took K♠ from the pile']
"""

from __future__ import annotations

from collections.abc import Sequence

from knockrummy.engine import PlayerView
from knockrummy.engine.rules import GameEnd, Rules
from knockrummy.engine.state import LogEntry
from knockrummy.i18n import _, ngettext, pgettext
from knockrummy.words.cards import card_label, card_name, cards_label
from knockrummy.words.names import is_you


def _who(names: Sequence[str], seat: int) -> str:
    """The seat's name ("Someone" for a seat the names do not cover)."""
    # Translators: a player whose name is not known
    return names[seat] if 0 <= seat < len(names) else _("Someone")


def _pick(name: str, you: str, other: str, **values: object) -> str:
    """``you`` (the sentence when ``name`` is the player called You) or ``other``."""
    return (you if is_you(name) else other).format(name=name, **values)


def describe_entry(entry: LogEntry, names: Sequence[str]) -> str:
    """One log entry as a short sentence."""
    who = _who(names, entry.seat)
    what = entry.what
    if entry.card is not None:
        card = card_name(entry.card)
        if what == "draw_discard":
            # Translators: {card} is a card's long name ("king of spades")
            return _pick(who, _("You took the {card}"), _("{name} took the {card}"), card=card)
        if what == "discard":
            return _pick(who, _("You discarded the {card}"), _("{name} discarded the {card}"),
                         card=card)
        if what == "pass":
            return _pick(who, _("You passed on the {card}"), _("{name} passed on the {card}"),
                         card=card)
        if what == "lay_off":
            return _pick(who, _("You laid off the {card}"), _("{name} laid off the {card}"),
                         card=card)
        if what == "knock":
            return _pick(who, _("You knocked, discarding the {card}"),
                         _("{name} knocked, discarding the {card}"), card=card)
    if what == "draw_discard":
        return _pick(who, _("You took the up card"), _("{name} took the up card"))
    if what == "pass":
        return _pick(who, _("You passed"), _("{name} passed"))
    if what == "discard":  # never without a card; the words as before
        return _pick(who, _("You discarded the {card}"), _("{name} discarded the {card}"),
                     card="")
    if what == "lay_off":
        return _pick(who, _("You laid off the {card}"), _("{name} laid off the {card}"),
                     card="")
    if what == "draw_stock":
        return _pick(who, _("You drew from the stock"), _("{name} drew from the stock"))
    if what == "turn_over":
        return _pick(who, _("You turned the discard pile over"),
                     _("{name} turned the discard pile over"))
    if what == "knock":
        return _pick(who, _("You knocked"), _("{name} knocked"))
    return f"{who} {what.replace('_', ' ')}"  # a code the log does not write


def since_last_turn(log: Sequence[LogEntry], seat: int, names: Sequence[str],
                    limit: int = 8) -> list[str]:
    """The public moves made after ``seat``'s last one this hand (the last ``limit``)."""
    start = 0
    for i in range(len(log) - 1, -1, -1):
        if log[i].seat == seat:
            start = i + 1
            break
    lines: list[str] = []
    i = start
    while i < len(log):
        entry = log[i]
        if entry.what == "meld":  # one entry per card: say it once per meld
            cards = [entry]
            while i + 1 < len(log) and log[i + 1].what == "meld" and log[i + 1].seat == entry.seat:
                i += 1
                cards.append(log[i])
            shown = cards_label([e.card for e in cards if e.card is not None])
            lines.append(_pick(names[entry.seat], _("You laid a meld: {cards}"),
                               _("{name} laid a meld: {cards}"), cards=shown))
        else:
            lines.append(describe_entry(entry, names))
        i += 1
    return lines[-limit:]


def _short(entry: LogEntry) -> str:
    """One log entry as a short clause, its card as players write it ("took 6♦ from
    the pile")."""
    what = entry.what
    if entry.card is not None:
        card = card_label(entry.card)
        if what == "draw_discard":
            # Translators: a move in a list of one player's moves ("Ada took 6♦ from the
            # pile, threw K♣"): past tense, the player's name before the list
            return pgettext("a player's move", "took {card} from the pile").format(card=card)
        if what == "discard":
            return pgettext("a player's move", "threw {card}").format(card=card)
        if what == "pass":
            return pgettext("a player's move", "passed on {card}").format(card=card)
        if what == "knock":
            return pgettext("a player's move", "knocked, throwing {card}").format(card=card)
        if what == "lay_off":
            return pgettext("a player's move", "laid off {card}").format(card=card)
    if what == "draw_discard":
        return pgettext("a player's move", "took the up card")
    if what == "discard":
        return pgettext("a player's move", "threw {card}").format(card="")
    if what == "pass":
        return pgettext("a player's move", "passed")
    if what == "knock":
        return pgettext("a player's move", "knocked")
    if what == "lay_off":
        return pgettext("a player's move", "laid off {card}").format(card="")
    if what == "draw_stock":
        return pgettext("a player's move", "drew from the stock")
    if what == "turn_over":
        return pgettext("a player's move", "turned the discard pile over")
    return what.replace("_", " ")  # a code the log does not write


def last_moves(log: Sequence[LogEntry], names: Sequence[str], limit: int = 12) -> list[str]:
    """The hand's public moves, one turn a line, oldest first (the last ``limit``):
    "Ada took 6♦ from the pile, threw K♣", "Ben laid 7♠ 8♠ 9♠, threw 2♦"."""
    turns: list[tuple[int, list[str]]] = []
    i = 0
    while i < len(log):
        entry = log[i]
        if entry.what == "meld":  # one entry per card: one clause per meld
            cards = [entry.card]
            while i + 1 < len(log) and log[i + 1].what == "meld" and log[i + 1].seat == entry.seat:
                i += 1
                cards.append(log[i].card)
            clause = pgettext("a player's move", "laid {cards}").format(
                cards=cards_label([c for c in cards if c is not None]))
        else:
            clause = _short(entry)
        if turns and turns[-1][0] == entry.seat and entry.what != "pass":
            turns[-1][1].append(clause)
        else:
            turns.append((entry.seat, [clause]))
        i += 1
    lines = []
    for seat, clauses in turns[-limit:]:
        moves = clauses[0]
        for clause in clauses[1:]:
            # Translators: joins one player's moves in a turn ("took 6♦ from the pile,
            # threw K♣")
            moves = pgettext("a player's moves", "{first}, {second}").format(
                first=moves, second=clause)
        # Translators: {moves} is one player's moves in a turn ("took 6♦ from the pile,
        # threw K♣")
        lines.append(_pick(_who(names, seat), _("You {moves}"), _("{name} {moves}"),
                           moves=moves))
    return lines


def replay_heading(rules: Rules, players: int, number: int, played: int) -> str:
    """The replay's heading for hand ``number`` (from 1) of a match with ``played`` hands
    recorded: "Hand 5 of 6" in a game of so many deals, as the table says it (the replay
    said "Hand 5 of 5" of the hands played so far, the table "Hand 5 of 6"); "Hand 3 of 5
    played" in a game to a score, whose length is not known."""
    if rules.game_end is GameEnd.DEALS:
        total = rules.deals_per_player * players
        return _("Hand {number} of {total}").format(number=number, total=total)
    # Translators: the replay's heading in a game played to a score: hand 3 of the 5
    # played so far
    return _("Hand {number} of {hands} played").format(number=number, hands=played)


def match_info(view: PlayerView) -> tuple[str, str]:
    """The match at a glance: the hand ("Hand 3 of 6", or "Hand 3" in a game played to
    a score) and how long the match is ("2 deals each", "Playing to 100")."""
    rules = view.rules
    number = view.hand_number + 1
    if rules.game_end is GameEnd.DEALS:
        total = rules.deals_per_player * view.players
        each = rules.deals_per_player
        return (_("Hand {number} of {total}").format(number=number, total=total),
                ngettext("{n} deal each", "{n} deals each", each).format(n=each))
    if rules.game_end is GameEnd.PENALTY:
        return (_("Hand {number}").format(number=number),
                _("Out at {score} penalty").format(score=rules.target_score))
    return (_("Hand {number}").format(number=number),
            _("Playing to {score}").format(score=rules.target_score))
