"""``expert`` in Rummy: ``hard``'s policy, taking the up card less readily
(:data:`~knockrummy.ai.expert.EXPERT_RUMMY`), and always when it goes out with it."""

from __future__ import annotations

import pytest

from knockrummy.ai import make_player
from knockrummy.ai.expert import EXPERT_RUMMY
from knockrummy.ai.rummy import RummyPlayer
from knockrummy.ai.strong import HARD
from knockrummy.engine import PRESETS
from knockrummy.engine.actions import DrawDiscard, DrawStock
from knockrummy.engine.flow import apply
from knockrummy.engine.flow import legal_actions as hand_legal
from knockrummy.engine.match import apply as match_apply
from knockrummy.engine.match import legal_actions, new_match
from knockrummy.engine.state import Phase
from knockrummy.engine.view import observe, observe_hand
from tests.builders import make_hand
from tests.test_ai_rummy_out import table_of, with_table

RUMMY = PRESETS["rummy"]


@pytest.mark.parametrize("level", ["medium", "hard", "expert"])
def test_the_card_that_goes_out_is_taken(level: str) -> None:
    """8♦ fits the eights on the table, so the hand's value counts it as laid off and
    9♦ 10♦ as loose; yet with 10♦ the hand goes out: 8♦ 9♦ 10♦ and the kings melded,
    A♥ thrown. Every level takes it (they all drew from the stock here before), and
    ``expert`` whatever its margin."""
    state = make_hand(RUMMY, ["8D 9D KC KD KS AH", "QC JC TH 3H 5H 6H 3C",
                              "QS JS TS 9S 9C 7C 4C"], discard="2H TD")
    state = with_table(state, table_of("8S 8C 8H"))
    player = make_player(level, 3)
    assert player.choose(observe_hand(state, 0), hand_legal(state)) == DrawDiscard()
    while not state.over:
        state, _ = apply(state, player.choose(observe_hand(state, 0), hand_legal(state)))
    assert state.hands[0] == () and state.discard[-1].rank == 1


@pytest.mark.parametrize("players", [2, 3])
def test_expert_takes_fewer_up_cards_than_hard_and_only_cards_hard_takes(players: int) -> None:
    """Over seeded hands (hard's play deciding the course), wherever both may take the up
    card: every take of ``expert``'s is one ``hard`` makes too, and ``hard`` takes some
    that ``expert`` passes over."""
    hard = RummyPlayer(1, "hard", HARD, "Hard")
    expert = RummyPlayer(1, "expert", EXPERT_RUMMY, "Expert")
    both = only_hard = draws = 0
    for seed in range(1, 13):
        match = new_match(RUMMY, players, seed)
        while not match.hand.over:
            view = observe(match, match.hand.current)
            legal = legal_actions(match)
            move = hard.choose(view, legal)
            if view.phase is Phase.DRAW and DrawDiscard() in legal and DrawStock() in legal:
                draws += 1
                mine = expert.choose(view, legal)
                if mine == DrawDiscard():
                    assert move == DrawDiscard(), [str(c) for c in view.hand]
                    both += 1
                elif move == DrawDiscard():
                    only_hard += 1
            match, _ = match_apply(match, move)
    assert draws > 100
    assert both > 0 and only_hard > 0
