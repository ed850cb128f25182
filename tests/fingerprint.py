"""A fingerprint of seeded play: whole matches between computer players in every
preset, each reduced to a digest of its saved form (every action and every score).

The digests are kept in ``tests/data/fingerprint.json``; ``test_fingerprint.py``
checks that the same seeds still give the same games. After a change that is *meant*
to change play (a rule, a computer player's habit), write them again with
``python -m tests.fingerprint --write`` and say why in the commit.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

from knockrummy.ai import make_player
from knockrummy.engine.codec import match_to_json
from knockrummy.engine.match import apply, legal_actions, new_match
from knockrummy.engine.rules import PRESETS
from knockrummy.engine.view import observe
from knockrummy.storage.settings import LEVELS

DATA = Path(__file__).parent / "data" / "fingerprint.json"
#: (preset, players): every preset at the table sizes it allows
TABLES = (("knock", 2), ("knock", 4), ("knock-hoyle", 3), ("gin", 2), ("gin-yimmaw", 2),
          ("gin-multi", 3), ("rummy", 3), ("rummy-high", 2))
MATCHES = 6
#: each match is cut after this many hands (a whole Gin match can run long)
HANDS = 12


def play(preset: str, players: int, seed: int) -> tuple[str, int]:
    """The digest of one seeded match (cut after :data:`HANDS` hands) and its hands."""
    rules = PRESETS[preset]
    # the levels offered at the table, rotated over the seats from match to match
    seats = [make_player(LEVELS[(seed + s) % len(LEVELS)], seed * 10 + s)
             for s in range(players)]
    match = new_match(rules, players, seed)
    while not match.over and len(match.records) <= HANDS:
        seat = match.hand.current
        action = seats[seat].choose(observe(match, seat), legal_actions(match))
        match, _ = apply(match, action)
    text = match_to_json(match)
    return hashlib.sha256(text.encode()).hexdigest()[:16], len(match.records)


def compute() -> dict[str, str]:
    """Every table's matches: ``"preset/players/seed" -> digest``."""
    out: dict[str, str] = {}
    for preset, players in TABLES:
        for seed in range(1, MATCHES + 1):
            digest, hands = play(preset, players, seed)
            out[f"{preset}/{players}/{seed}"] = f"{digest} {hands}"
    return out


def main(argv: list[str]) -> int:
    found = compute()
    hands = sum(int(v.split()[1]) for v in found.values())
    if "--write" in argv:
        DATA.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n")
        print(f"wrote {len(found)} matches, {hands} hands, to {DATA}")
    else:
        print(json.dumps(found, indent=1, sort_keys=True), f"\n{hands} hands")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
