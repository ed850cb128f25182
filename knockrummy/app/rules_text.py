"""The rules in plain words for the Rules screen.

Uses ``knockrummy.engine.describe.describe`` when the engine provides it; until
then a description is built here from the ``Rules`` fields.
"""

from __future__ import annotations

import importlib

from knockrummy.engine import Family, Rules
from knockrummy.engine.rules import GameEnd, Layoffs, StockOut


def describe(rules: Rules) -> list[str]:
    """Paragraphs describing ``rules``."""
    try:
        module = importlib.import_module("knockrummy.engine.describe")
        lines = module.describe(rules)
        return [str(line) for line in lines]
    except (ImportError, AttributeError):
        return fallback(rules)


def fallback(rules: Rules) -> list[str]:
    """A description from the rule fields."""
    out = [rules.summary]
    dealt = ", ".join(f"{p} players: {c} cards" for p, c in rules.cards_dealt)
    out.append(f"Players: {rules.min_players}-{rules.max_players}. Cards dealt: {dealt}.")
    out.append("Melds are sets (3 or 4 of a rank) and runs (3 or more in a row of one suit). "
               + ("The ace is high (worth 15)." if rules.ace_high
                  else "The ace is low (worth 1); face cards count 10."))
    out.append("Each turn: draw from the stock or the discard pile, then discard one card."
               + ("" if rules.may_discard_taken_upcard
                  else " A card taken from the pile may not be discarded the same turn."))
    if rules.first_turn_upcard_offer:
        out.append("First turn: the non-dealer may take the up card or pass, then the dealer.")
    if rules.family is Family.RUMMY:
        out.append("After drawing you may lay melds on the table and lay off cards onto any "
                   "meld. Go out by discarding your last card; you score the cards left in "
                   "the other hands." + (" Going out all at once (rummy) doubles it."
                                         if rules.rummy_doubles else ""))
    elif rules.knock_limit is None:
        out.append("You may knock after drawing, at any count: discard, and everyone shows. "
                   "The lowest count takes the difference from every other player.")
        if rules.rum_bonus:
            out.append(f"Rum (no unmatched cards) takes {rules.rum_bonus} more from each.")
        if rules.knock_penalty:
            out.append(f"A knocker without the lowest count pays {rules.knock_penalty} "
                       "to the winner.")
    else:
        out.append(f"Knock with {rules.knock_limit} or less deadwood after your discard. "
                   f"Gin (no deadwood) scores {rules.gin_bonus} extra.")
        if rules.big_gin_bonus is not None:
            out.append(f"Big gin (all cards melded after the draw) scores "
                       f"{rules.big_gin_bonus} extra.")
        if rules.layoffs is not Layoffs.NONE:
            how = "automatically" if rules.auto_layoffs else "by hand"
            out.append(f"After a knock, defenders lay off cards onto the knocker's melds ({how}).")
        if rules.undercut_bonus:
            out.append(f"Undercut: a defender with a count not above the knocker's scores "
                       f"the difference plus {rules.undercut_bonus}.")
    if rules.lay_down_without_discard:
        out.append("With all cards matched after the draw you may lay down without discarding.")
    stock = {
        StockOut.TURN_OVER: "When the stock runs out the discard pile is turned over.",
        StockOut.CHOICE: "When the stock runs out you may take the top discard or turn the "
                         "pile over.",
        StockOut.CHOICE_TURN_UP: "When the stock runs out you may take the top discard or "
                                 "turn the pile over; a second exhaustion ends the round.",
        StockOut.DEAD_HAND: f"With {rules.stock_low_mark} cards left in the stock and no "
                            "knock, the hand is void.",
        StockOut.RESHUFFLE: "When the stock runs low the discard pile is shuffled into it.",
    }[rules.stock_out]
    out.append(stock)
    if rules.game_end is GameEnd.DEALS:
        out.append(f"The game lasts {rules.deals_per_player} deals per player; most points "
                   "wins.")
    elif rules.game_end is GameEnd.PENALTY:
        out.append(f"Penalty points: the game ends when someone reaches {rules.target_score}; "
                   "the lowest total wins.")
    else:
        out.append(f"First to {rules.target_score} points wins"
                   + (f"; game bonus {rules.game_bonus}" if rules.game_bonus else "")
                   + (f", {rules.line_bonus} per hand won" if rules.line_bonus else "") + ".")
    return out
