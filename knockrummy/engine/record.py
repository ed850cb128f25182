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
from knockrummy.engine.codec import SaveError
from knockrummy.engine.errors import IllegalAction
from knockrummy.engine.flow import deal
from knockrummy.engine.match import MatchState, apply, new_match
from knockrummy.engine.melds import Arrangement
from knockrummy.engine.rules import PRESETS, Rules, with_options

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
            raise ValueError(f"unexpected {text!r}")
        return None
    return tuple(tuple(parse_cards(part)) for part in text[6:].split("|"))


def parse_move(text: str) -> Action:
    """Inverse of :func:`move_text`; ``ValueError`` naming the words it cannot read."""
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
    raise ValueError(f"cannot read the move {text!r}")


def _changed_options(rules: Rules) -> dict[str, object]:
    base = PRESETS[rules.key].to_dict()
    return {k: v for k, v in rules.to_dict().items() if base.get(k) != v}


def export_record(match: MatchState) -> str:
    """The match as text: header, then each hand's deal, moves and score lines."""
    names = match.names
    lines = [
        HEADER,
        f"Game: {match.rules.name} [{match.rules.key}]",
        f"Options: {json.dumps(_changed_options(match.rules), sort_keys=True)}",
        "Players: " + _names_text(names),
        f"Seed: {match.seed}",
    ]
    state = new_match(match.rules, match.players, match.seed, names)
    lines += _hand_header(state)
    for number, action in enumerate(match.all_actions, start=1):
        seat = state.hand.current
        who = "-" if isinstance(action, NextHand) else names[seat]
        lines.append(f"  {number}. {who}: {move_text(action)}")
        state, _ = apply(state, action)
        if isinstance(action, NextHand):
            lines += _hand_header(state)
        elif state.hand.over and state.hand.result is not None:
            lines += [f"  = {line}" for line in state.hand.result.lines]
            lines.append("  Scores: " + ", ".join(
                f"{n} {s}" for n, s in zip(names, state.scores, strict=True)))
    if state.over:
        lines += [f"= {line}" for line in state.bonus_lines]
        lines.append("Final: " + ", ".join(
            f"{n} {s}" for n, s in zip(names, state.final, strict=True)))
        lines.append("Winner: " + " and ".join(names[s] for s in state.winners))
    return "\n".join(lines) + "\n"


def _hand_header(state: MatchState) -> list[str]:
    hand = state.hand
    out = [f"Hand {state.hand_number + 1}: {state.names[hand.dealer]} deals"]
    for seat in range(state.players):
        out.append(f"  Deal {state.names[seat]}: {cards_text(hand.hands[seat])}")
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


def _read_names(text: str) -> list[str]:
    """Inverse of :func:`_names_text`; ``ValueError`` if the JSON form is not a list of names.

    >>> _read_names("Ann, Bo"), _read_names('["Smith, J", "Bo"]')
    (['Ann', 'Bo'], ['Smith, J', 'Bo'])
    """
    if not text.startswith("["):
        return [n.strip() for n in text.split(",")]
    names = json.loads(text)
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise ValueError("the players must be a list of names")
    return names


def import_record(text: str) -> MatchState:
    """Read a record back into the match it describes; :class:`SaveError` says what is wrong."""
    header: dict[str, str] = {}
    moves: list[tuple[int, str]] = []
    deals: list[tuple[int, str]] = []
    lines = list(_lines(text))
    if not lines or lines[0][1].strip() != HEADER:
        raise SaveError("this is not a Knock Rummy match record")
    for number, line in lines[1:]:
        stripped = line.strip()
        if not line.startswith(" ") and ":" in line:
            key, _, value = line.partition(":")
            header.setdefault(key.strip(), value.strip())
        elif stripped.startswith("Deal ") or stripped.startswith("Up card:"):
            deals.append((number, stripped))
        elif stripped[0].isdigit() and ". " in stripped:
            _, _, rest = stripped.partition(". ")
            _, _, move = rest.rpartition(": ")  # a move has no ": ", a name may
            moves.append((number, move))
    try:
        key = header["Game"].rsplit("[", 1)[1].rstrip("]")
        rules = with_options(PRESETS[key], **json.loads(header.get("Options", "{}")))
        names = _read_names(header["Players"])
        seed = int(header["Seed"])
    except (KeyError, IndexError, ValueError, TypeError) as err:
        raise SaveError(f"the record's header is damaged ({err})") from None
    try:
        match = new_match(rules, len(names), seed, names)
    except ValueError as err:
        raise SaveError(str(err)) from None
    expected = iter(deals)
    _check_deal(match, expected)
    for number, move in moves:
        try:
            action = parse_move(move)
            match, _ = apply(match, action)
        except (ValueError, IllegalAction) as err:
            raise SaveError(f"line {number}: {err}") from None
        if isinstance(action, NextHand):
            _check_deal(match, expected)
    return match


def _check_deal(match: MatchState, expected: Iterator[tuple[int, str]]) -> None:
    hand, _ = deal(match.rules, match.players, match.hand.dealer, match.hand.seed, match.names)
    for seat in range(match.players):
        line = next(expected, None)
        want = f"Deal {match.names[seat]}: {cards_text(hand.hands[seat])}"
        if line is None or line[1] != want:
            where = f"line {line[0]}" if line else "the end"
            raise SaveError(f"{where}: the deal does not match the record's seed")
    line = next(expected, None)
    if line is None or line[1] != f"Up card: {hand.discard[-1]}":
        raise SaveError("the up card does not match the record's seed")
