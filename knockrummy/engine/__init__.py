"""The rules engine: pure Python, no pygame.

Public names for other parts of the game and for outside tools::

    from knockrummy.engine import Card, min_deadwood, best_discard
"""

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
    action_from_json,
    action_to_json,
    describe_action,
)
from knockrummy.engine.cards import DECK, Card, Suit, cards_label, cards_text, parse_cards
from knockrummy.engine.codec import SaveError, match_from_json, match_to_json
from knockrummy.engine.codes import Note, Refusal
from knockrummy.engine.errors import IllegalAction
from knockrummy.engine.events import Event, mask_event
from knockrummy.engine.flow import deal
from knockrummy.engine.layoffs import best_layoffs
from knockrummy.engine.match import (
    HandRecord,
    MatchState,
    apply,
    legal_actions,
    new_match,
    refusal,
    replay,
)
from knockrummy.engine.melds import (
    Arrangement,
    Meld,
    arrangements,
    best_arrangement,
    best_discard,
    is_meld,
    is_run,
    is_set,
    min_deadwood,
)
from knockrummy.engine.rules import DEFAULT_PRESET, PRESETS, Family, Rules, preset, with_options
from knockrummy.engine.state import HandResult, HandState, Phase, SeatShow, TableMeld
from knockrummy.engine.view import PlayerView, observe, observe_hand

__all__ = [
    "DECK", "DEFAULT_PRESET", "PRESETS", "Action", "Arrangement", "BigGin", "Card", "Discard",
    "DrawDiscard", "DrawStock", "Event", "Family", "FinishLayoffs", "HandRecord", "HandResult",
    "HandState", "IllegalAction", "Knock", "LayDown", "LayOff", "MatchState", "Meld",
    "MeldCards", "NextHand", "Note", "PassUpcard", "Phase", "PlayerView", "Refusal", "Rules",
    "SaveError",
    "SeatShow", "Suit", "TableMeld", "TurnOver", "action_from_json", "action_to_json",
    "apply", "arrangements", "best_arrangement", "best_discard", "best_layoffs", "cards_label",
    "cards_text",
    "deal", "describe_action", "is_meld", "is_run", "is_set", "legal_actions",
    "mask_event", "match_from_json", "match_to_json", "min_deadwood", "new_match", "observe",
    "observe_hand", "parse_cards", "preset", "refusal", "replay", "with_options",
]
