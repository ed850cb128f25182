"""A match as a readable text record, and back.

The record lists the rules, the players and the seed, then for each hand the deal
(every hand and the up card), each move in words, and the score lines. Importing
reads the header and the moves and replays them from the seed; the deal lines
are checked against the seed, so a record that was edited into an impossible game
is refused with a reason.

>>> from knockrummy.engine.rules import PRESETS
>>> from knockrummy.engine.match import new_match
>>> m = new_match(PRESETS["gin"], 2, seed=3, names=["Ann", "Bo"])
>>> import_record(export_record(m)) == m
True
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator

from knockrummy.engine.actions import (
    Action,
    BigGin,
    Discard,
    DrawDiscard,
    DrawStock,
    FinishLayoffs,
    Knock,
    LayDown,
    LayOff,
    MeldCards,
    NextHand,
    PassUpcard,
    TurnOver,
    describe_action,
)
from knockrummy.engine.cards import Card, cards_text, parse_cards
from knockrummy.engine.codec import SaveError, check_rules
from knockrummy.engine.codes import DataError, Problem, Refusal, problem_of
from knockrummy.engine.flow import apply as apply_hand
from knockrummy.engine.flow import deal
from knockrummy.engine.match import MatchState, ReplayRefused, replay
from knockrummy.engine.melds import Arrangement
from knockrummy.engine.rules import PRESETS, Rules, with_options
from knockrummy.engine.state import HandState, evolve
from knockrummy.engine.text import clean_text

HEADER = "# Knock Rummy match record"


def _melds_text(melds: Arrangement | None) -> str:
    return "" if not melds else " with " + " | ".join(cards_text(m) for m in melds)


def move_text(action: Action) -> str:
    """One move in the record's words, e.g. ``"discard KD"``, ``"lay off 8H on meld 1"``:
    :func:`describe_action`, with the melds of a knock, big gin or lay-down."""
    if isinstance(action, Knock | BigGin | LayDown):
        return describe_action(action) + _melds_text(action.melds)
    return describe_action(action)


def _parse_melds(text: str) -> Arrangement | None:
    if not text.startswith(" with "):
        if text:
            raise DataError.of("unexpected", text=text)
        return None
    return tuple(tuple(parse_cards(part)) for part in text[6:].split("|"))


def parse_move(text: str) -> Action:
    """Inverse of :func:`move_text`; ``ValueError`` naming the words it cannot read (a
    :class:`~knockrummy.engine.codes.DataError` but for Python's own, of a number)."""
    t = text.strip()
    simple: dict[str, Action] = {
        "draw from the stock": DrawStock(),
        "take the discard": DrawDiscard(),
        "pass": PassUpcard(),
        "turn the discard pile over": TurnOver(),
        "finish laying off": FinishLayoffs(),
        "next hand": NextHand(),
    }
    if t in simple:
        return simple[t]
    if t.startswith("discard "):
        return Discard(Card.parse(t[8:]))
    if t.startswith("knock, discarding "):
        rest = t[len("knock, discarding "):]
        card, _, tail = rest.partition(" ")
        return Knock(Card.parse(card), _parse_melds(" " + tail if tail else ""))
    if t.startswith("big gin"):
        return BigGin(_parse_melds(t[len("big gin"):]))
    if t.startswith("lay down"):
        return LayDown(_parse_melds(t[len("lay down"):]))
    if t.startswith("meld "):
        return MeldCards(tuple(parse_cards(t[5:])))
    if t.startswith("lay off "):
        card, _, target = t[8:].partition(" on meld ")
        return LayOff(Card.parse(card), int(target) - 1)
    raise DataError.of("move_unreadable", move=text)


#: options a record may not set: they name the game itself, not a house rule
FIXED_OPTIONS = frozenset({"key", "name", "summary"})


def _changed_options(rules: Rules) -> dict[str, object]:
    base = PRESETS[rules.key].to_dict() if rules.key in PRESETS else {}
    return {k: v for k, v in rules.to_dict().items()
            if base.get(k) != v and k not in FIXED_OPTIONS}


def export_record(match: MatchState) -> str:
    """The match as text: header, then each hand's deal, moves and score lines.

    Linear in the number of moves: each hand is dealt again from its seed and its
    moves applied to the hand alone (the match's own state already holds the results).
    """
    names = match.names
    lines = [
        HEADER,
        f"Game: {match.rules.name} [{match.rules.key}]",
        f"Options: {json.dumps(_changed_options(match.rules), sort_keys=True)}",
        "Players: " + _names_text(names),
        f"Seed: {match.seed}",
    ]
    hands: list[tuple[int, int, tuple[Action, ...]]] = [
        (r.seed, r.dealer, r.actions) for r in match.records]
    if match.hand_number == len(match.records):  # the hand in play (or just dealt)
        hands.append((match.hand.seed, match.hand.dealer, match.hand_actions))
    scores = [0] * match.players
    number = 0
    for index, (seed, dealer, actions) in enumerate(hands):
        if index:
            number += 1
            lines.append(f"  {number}. -: {move_text(NextHand())}")
        state, _ = deal(match.rules, match.players, dealer, seed, names)
        lines += _hand_header(index, state)
        for action in actions:
            number += 1
            lines.append(f"  {number}. {names[state.current]}: {move_text(action)}")
            state, _ = apply_hand(evolve(state, log=()), action)
        if state.over and state.result is not None:
            scores = [s + p for s, p in zip(scores, state.result.points, strict=True)]
            lines += [f"  = {line}" for line in state.result.lines]
            lines.append("  Scores: " + ", ".join(
                f"{n} {s}" for n, s in zip(names, scores, strict=True)))
    if match.over:
        lines += [f"= {line}" for line in match.bonus_lines]
        lines.append("Final: " + ", ".join(
            f"{n} {s}" for n, s in zip(names, match.final, strict=True)))
        lines.append("Winner: " + " and ".join(names[s] for s in match.winners))
    lines.append(f"{CHECK}: {_digest(lines)}")
    return "\n".join(lines) + "\n"


def _digest(lines: list[str]) -> str:
    """The check of a record's lines: the start of their SHA-256, in hex."""
    return hashlib.sha256("\n".join(lines).encode("utf-8", "replace")).hexdigest()[:16]


def _hand_header(index: int, hand: HandState) -> list[str]:
    out = [f"Hand {index + 1}: {hand.names[hand.dealer]} deals"]
    for seat in range(hand.players):
        out.append(f"  Deal {hand.names[seat]}: {cards_text(hand.hands[seat])}")
    out.append(f"  Up card: {hand.discard[-1]}")
    return out


def _lines(text: str) -> Iterator[tuple[int, str]]:
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip():
            yield number, line


def _names_text(names: tuple[str, ...]) -> str:
    """The players as people write them, ``Ann, Bo``; as a JSON list when a name holds a
    comma or spaces at its ends, which the plain form would lose."""
    if all("," not in n and n == n.strip() and n for n in names):
        return ", ".join(names)
    return json.dumps(list(names), ensure_ascii=False)


def read_names(text: str) -> list[str]:
    """Inverse of :func:`_names_text`; ``ValueError`` if the JSON form is not a list of names.

    >>> read_names("Ann, Bo"), read_names('["Smith, J", "Bo"]')
    (['Ann', 'Bo'], ['Smith, J', 'Bo'])
    """
    if not text.startswith("["):
        return [n.strip() for n in text.split(",")]
    names = json.loads(text)
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise ValueError("the players must be a list of names")
    return names


#: the last line of a record: a check of every line above it. Everything a replay makes
#: (deals, moves, scores) is checked against the replay itself; the check also catches
#: an edit of what the replay takes as given and that changed nothing yet (a house rule
#: such as the game bonus, in a match not over), so that every edit is refused.
CHECK = "Check"
#: what a record may hold: a long real match is some 60 kB
MAX_RECORD_LINES = 400_000


def import_record(text: str) -> MatchState:
    """Read a record back into the match it describes; :class:`SaveError` says what is wrong.

    The moves are replayed from the seed, the record written again from that replay,
    and the two compared line by line: players, options, deals, moves, score lines and
    the final result must all be what the moves make, so any edit is refused with the
    first line that does not match. Blank lines, line endings, spaces at the ends of
    lines and characters that are never kept in names (controls, bidi overrides) do not
    count. Linear in the length of the record.
    """
    given = [(number, clean_text(line).rstrip()) for number, line in _lines(text)]
    if len(given) > MAX_RECORD_LINES:
        raise SaveError.of("record_too_long")
    if not given or given[0][1].strip() != HEADER:
        raise SaveError.of("not_a_record")
    header: dict[str, tuple[int, str]] = {}
    moves: list[tuple[int, str]] = []
    for number, line in given[1:]:
        stripped = line.strip()
        if not line.startswith(" ") and ":" in line:
            key, _, value = line.partition(":")
            header.setdefault(key.strip(), (number, value.strip()))
        elif stripped[:1].isdigit() and ". " in stripped:
            _, _, rest = stripped.partition(". ")
            _, _, move = rest.rpartition(": ")  # a move has no ": ", a name may
            moves.append((number, move))
    rules, names, seed = _read_header(header)
    actions: list[Action] = []
    # the first move that cannot be read or played
    problem: tuple[int, Problem | Refusal] | None = None
    for number, move in moves:
        try:
            actions.append(parse_move(move))
        except ValueError as err:
            problem = (number, problem_of(err))
            break
    try:
        match = replay(rules, len(names), seed, actions, names)
    except ReplayRefused as err:
        problem = (moves[err.index][0], err.refusal)
        del actions[err.index:]
        match = replay(rules, len(names), seed, actions, names)
    except ValueError as err:
        raise SaveError(problem_of(err)) from None
    if problem is not None:
        # a line before the bad move that does not match is the first thing wrong
        number, reason = problem
        before = [(n, line) for n, line in given if n < number]
        _check_lines(before, export_record(match).splitlines()[:len(before)])
        raise _at(number, reason)
    if given[-1][1].startswith(f"{CHECK}:"):
        number, check_line = given.pop()
    else:
        raise SaveError.of("no_check", key=CHECK)
    expected = export_record(match).splitlines()
    _check_lines(given, expected[:-1])
    if check_line != expected[-1]:
        options = header["Options"][0]
        raise SaveError.of("options_changed", line=options, check_line=number)
    return match


def _read_header(header: dict[str, tuple[int, str]]) -> tuple[Rules, list[str], int]:
    """The rules, names and seed of a record's header; :class:`SaveError` in words."""
    def value(key: str) -> tuple[int, str]:
        if key not in header:
            raise SaveError.of("header_missing", key=key)
        return header[key]

    number, game = value("Game")
    key = game.rsplit("[", 1)[1].rstrip("]") if "[" in game else ""
    if key not in PRESETS:
        raise _at(number, Problem.of("game_unknown"))
    number, text = value("Options")
    try:
        options = json.loads(text) if text else {}
    except (ValueError, RecursionError):
        raise _at(number, Problem.of("options_unreadable")) from None
    if not isinstance(options, dict):
        raise _at(number, Problem.of("options_unreadable"))
    fixed = sorted(FIXED_OPTIONS & set(options))
    if fixed:
        raise _at(number, Problem.of("options_fixed", option=fixed[0]))
    try:
        rules = with_options(PRESETS[key], **options)
        check_rules(rules)
    except (ValueError, TypeError) as err:
        raise _at(number, Problem.of("options_invalid", reason=problem_of(err))) from None
    number, players = value("Players")
    try:
        names = read_names(players)
    except (ValueError, RecursionError):
        raise _at(number, Problem.of("players_unreadable")) from None
    number, seed_text = value("Seed")
    if not seed_text.isdigit() or len(seed_text) > 20 or int(seed_text) >= 2**64:
        raise _at(number, Problem.of("seed_invalid"))
    return rules, names, int(seed_text)


def _check_lines(given: list[tuple[int, str]], expected: list[str]) -> None:
    """Compare the record with the one its replay writes; :class:`SaveError` naming the
    first line that differs."""
    for (number, line), want in zip(given, expected, strict=False):
        if line == want:
            continue
        what = want.strip()
        if what.startswith(("Deal ", "Up card:")) or (
                what.startswith("Hand ") and " deals" in what):
            raise _at(number, Problem.of("deal_mismatch"))
        if what.startswith(("=", "Scores:", "Final:", "Winner:")):
            kind = "score"
        elif what.startswith(("Game:", "Options:", "Players:", "Seed:")):
            kind = what.partition(":")[0].lower()
        else:
            kind = "line"
        raise _at(number, Problem.of(f"{kind}_mismatch", reads=_cut(line), makes=_cut(want)))
    if len(given) > len(expected):
        number, line = given[len(expected)]
        raise SaveError.of("extra_line", line=number, reads=_cut(line))
    if len(given) < len(expected):
        raise SaveError.of("ends_early", line=given[-1][0], makes=_cut(expected[len(given)]))


def _cut(line: str) -> str:
    """A line of the record as a reason quotes it: stripped, at most 60 characters."""
    line = line.strip()
    return line if len(line) <= 60 else line[:57] + "..."


def _at(number: int, reason: Problem | Refusal) -> SaveError:
    """The error of a record's line ``number``, wrong for ``reason``."""
    return SaveError.of("at_line", line=number, reason=reason)
