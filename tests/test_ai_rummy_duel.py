"""``hard`` in two-player Rummy under the default rules (no doubled rummy) puts its melds
down once the other player is down to three cards, not one: waiting for one card lost
about 4 points a hand to ``medium`` there (docs/LADDER.md). At three players, and with
the doubled rummy, it waits as before."""

from __future__ import annotations

from knockrummy.ai.rummy import RummyPlayer
from knockrummy.ai.strong import HARD, MEDIUM
from knockrummy.engine import PRESETS
from knockrummy.engine.actions import LayOff, MeldCards
from knockrummy.engine.match import apply, legal_actions, new_match
from knockrummy.engine.rules import Rules, with_options
from knockrummy.engine.state import Phase
from knockrummy.engine.view import observe

RUMMY = PRESETS["rummy"]


def early_melds(rules: Rules, players: int, seeds: range) -> tuple[int, int]:
    """Over the first hand of each seeded match, ``hard`` in seat 0 and ``medium`` (who
    melds as soon as it can) elsewhere: how often ``hard`` first put cards on the table
    because another seat was down to two or three cards, and did not go out that turn
    (the stock never ran out: then every seat melds), and how many turns it played."""
    early = 0
    turns = 0
    for seed in seeds:
        seats = [RummyPlayer(seed * 10, "hard", HARD, "Hard")]
        seats += [RummyPlayer(seed * 10 + s, "medium", MEDIUM, "Medium")
                  for s in range(1, players)]
        match = new_match(rules, players, seed)
        tabled = False
        while not match.hand.over:
            seat = match.hand.current
            view = observe(match, seat)
            action = seats[seat].choose(view, legal_actions(match))
            first = not (view.melded_before and view.melded_before[0])
            if (seat == 0 and isinstance(action, MeldCards | LayOff) and first
                    and not view.exhaustions):
                others = [view.hand_sizes[s] for s in range(1, players)]
                near = seats[0].play_now(view) == "near_out"
                tabled = tabled or (near and min(others) in (2, 3))
            before_phase = view.phase
            match, _ = apply(match, action)
            if (seat == 0 and before_phase is Phase.PLAY and not match.hand.over
                    and match.hand.current != seat):
                turns += 1
                early += tabled
                tabled = False
    return early, turns


def test_two_players_without_the_double_meld_at_three_cards() -> None:
    early, turns = early_melds(RUMMY, 2, range(1, 41))
    assert turns > 100
    assert early >= 3


def test_the_double_or_a_third_player_waits_for_one_card() -> None:
    doubled = with_options(RUMMY, rummy_doubles=True)
    assert early_melds(doubled, 2, range(1, 41))[0] == 0
    assert early_melds(RUMMY, 3, range(1, 31))[0] == 0


def test_the_duel_setting_is_what_the_policy_reads() -> None:
    match = new_match(RUMMY, 2, 1)
    hard = RummyPlayer(0, "hard", HARD, "Hard")
    assert hard.holding(observe(match, 0)) == (HARD.rummy_hold, HARD.duel_near_out)
    assert HARD.duel_near_out == 3 and HARD.near_out == 1
    doubled = new_match(with_options(RUMMY, rummy_doubles=True), 2, 1)
    assert hard.holding(observe(doubled, 0)) == (HARD.rummy_hold, HARD.near_out)
    three = new_match(RUMMY, 3, 1)
    assert hard.holding(observe(three, 0)) == (HARD.rummy_hold, HARD.near_out)
