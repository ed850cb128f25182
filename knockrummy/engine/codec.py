"""A whole match to JSON and back, with a schema version.

The JSON holds the rules (every option), the players, their names, the seed and
every action since the start; loading replays the actions, so a loaded match is
exactly the saved one and a damaged file cannot produce an impossible state.
A summary (scores, hand number) is written for listings; loading ignores it.

>>> from knockrummy.engine.rules import PRESETS
>>> from knockrummy.engine.match import new_match
>>> m = new_match(PRESETS["knock"], 3, seed=5)
>>> match_from_json(match_to_json(m)) == m
True
"""

from __future__ import annotations

import json
from typing import Any

from knockrummy.engine.actions import action_from_json, action_to_json
from knockrummy.engine.codes import DataError, problem_of
from knockrummy.engine.errors import IllegalAction
from knockrummy.engine.match import MatchState, ReplayRefused, replay
from knockrummy.engine.rules import PRESETS, Rules

SCHEMA_VERSION = 1
#: Actions in a saved match beyond which the file is refused as implausible.
MAX_ACTIONS = 200_000


#: the largest number any rules option may hold (real house rules are far inside it)
MAX_OPTION_NUMBER = 10_000


class SaveError(DataError):
    """A saved match or a match record that cannot be loaded; ``problem`` says why, as a
    code and values (:data:`~knockrummy.engine.codes.PROBLEMS`), ``str(error)`` in
    English for developers. Players read :func:`knockrummy.words.errors.save_error_words`.
    """


def check_rules(rules: Rules) -> None:
    """:class:`~knockrummy.engine.codes.DataError` (a ``ValueError``) if ``rules`` (read
    from a file) rename their game or hold a number out of range;
    ``with_options`` has already checked the types."""
    base = PRESETS.get(rules.key)
    if base is None:
        raise DataError.of("game_unknown")
    if rules.name != base.name or rules.summary != base.summary:
        raise DataError.of("rules_renamed")
    for name, value in rules.to_dict().items():
        numbers = value if name == "cards_dealt" else [value]
        for number in numbers:
            items = number if isinstance(number, list) else [number]
            for item in items:
                if (isinstance(item, int) and not isinstance(item, bool)
                        and not 0 <= item <= MAX_OPTION_NUMBER):
                    raise DataError.of("option_out_of_range", name=name)


def match_to_dict(match: MatchState) -> dict[str, Any]:
    """The match as plain JSON values."""
    return {
        "schema": SCHEMA_VERSION,
        "game": "knockrummy",
        "rules": match.rules.to_dict(),
        "players": match.players,
        "names": list(match.names),
        "seed": match.seed,
        "actions": [action_to_json(a) for a in match.all_actions],
        "summary": {
            "hand_number": match.hand_number,
            "hand_over": match.hand.over,
            "scores": list(match.scores),
            "over": match.over,
            "winners": list(match.winners),
        },
    }


def match_to_json(match: MatchState) -> str:
    """The match as a JSON text."""
    return json.dumps(match_to_dict(match), separators=(",", ":"))


def upgrade(data: dict[str, Any]) -> dict[str, Any]:
    """Bring an older schema up to the current one (version 1 is the first)."""
    version = data.get("schema")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveError.of("no_schema")
    if version > SCHEMA_VERSION:
        raise SaveError.of("newer_schema", version=version)
    if version < 1:
        raise SaveError.of("unknown_schema", version=version)
    return data


def match_from_dict(data: Any) -> MatchState:
    """Rebuild a match; raise :class:`SaveError` with a reason for anything wrong."""
    if not isinstance(data, dict):
        raise SaveError.of("not_a_match")
    data = upgrade(data)
    try:
        rules_data = data["rules"]
        if not isinstance(rules_data, dict):
            raise SaveError.of("rules_damaged")
        rules = Rules.from_dict(rules_data)
        check_rules(rules)
        players = data["players"]
        seed = data["seed"]
        names = data.get("names")
        actions_data = data["actions"]
    except KeyError as err:
        raise SaveError.of("file_missing", key=err.args[0]) from None
    except (TypeError, ValueError) as err:
        raise SaveError.of("rules_invalid", reason=problem_of(err)) from None
    if not isinstance(players, int) or isinstance(players, bool):
        raise SaveError.of("players_damaged")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**64:
        raise SaveError.of("seed_damaged")
    if names is not None and (
        not isinstance(names, list) or not all(isinstance(n, str) and len(n) <= 100 for n in names)
    ):
        raise SaveError.of("names_damaged")
    if not isinstance(actions_data, list):
        raise SaveError.of("moves_damaged")
    if len(actions_data) > MAX_ACTIONS:
        raise SaveError.of("too_many_moves")
    try:
        actions = [action_from_json(a) for a in actions_data]
        return replay(rules, players, seed, actions, names)
    except ReplayRefused as err:
        raise SaveError.of("moves_illegal", action=err.index + 1, reason=err.refusal) from None
    except IllegalAction as err:
        raise SaveError.of("moves_refused", reason=err.refusal) from None
    except (TypeError, ValueError) as err:
        raise SaveError.of("file_damaged", reason=problem_of(err)) from None


def match_from_json(text: str | bytes) -> MatchState:
    """Load a match from JSON text; :class:`SaveError` says why when it cannot."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as err:
        raise SaveError.of("not_json", error=type(err).__name__) from None
    return match_from_dict(data)
