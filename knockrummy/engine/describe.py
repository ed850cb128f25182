"""The active rules in plain words, for the in-game rules screen.

Every option of :class:`Rules` is reflected here (a test changes each option and
checks the text changes), including the choices RULES.md marks *(chosen)*.

>>> from knockrummy.engine.rules import PRESETS
>>> describe(PRESETS["gin"])[0]
'Gin Rummy: 2 players. Knock with 10 or less deadwood; gin and undercuts score bonuses.'
"""

from __future__ import annotations

from knockrummy.engine.rules import Family, GameEnd, Layoffs, NextDealer, Rules, StockOut


def _players(rules: Rules) -> str:
    if rules.min_players == rules.max_players:
        return f"{rules.min_players} players"
    return f"{rules.min_players}-{rules.max_players} players"


def _deal(rules: Rules) -> str:
    groups: dict[int, list[int]] = {}
    for players, cards in rules.cards_dealt:
        groups.setdefault(cards, []).append(players)
    parts = []
    for cards, counts in groups.items():
        who = f"{counts[0]}" if len(counts) == 1 else f"{counts[0]}-{counts[-1]}"
        parts.append(f"{cards} cards each with {who} players")
    return "Deal: " + "; ".join(parts) + ", one at a time from the dealer's left."


def describe(rules: Rules) -> list[str]:
    """The rules as short lines of plain words, the preset summary first."""
    lines = [f"{rules.name}: {rules.summary}", f"Players: {_players(rules)}.", _deal(rules)]
    ace = "15 and high (Q-K-A is a run, A-2-3 is not)" if rules.ace_high else "1 and low"
    lines.append(f"Cards count face value, J Q K 10, the ace {ace}. Runs never wrap.")
    lines.append("Melds: 3 or 4 of a rank, or 3 or more in sequence of one suit.")
    lines.append("Each turn: draw from the stock or the discard pile, then discard one card.")
    if not rules.may_discard_taken_upcard:
        lines.append("A card taken from the discard pile may not be discarded the same turn.")
    else:
        lines.append("A card taken from the discard pile may be discarded at once.")
    if rules.first_turn_upcard_offer:
        lines.append("First turn: the non-dealer may take the up card or pass, then the "
                     "dealer; if both pass the non-dealer plays a normal turn.")
    lines += _ending(rules)
    lines += _stock(rules)
    lines += _scoring(rules)
    lines += _match(rules)
    return lines


def _ending(rules: Rules) -> list[str]:
    if rules.family is Family.RUMMY:
        return [
            "After drawing you may lay melds on the table and lay off cards on any meld.",
            "You must keep a card to discard: go out by discarding your last card.",
        ]
    out = []
    if rules.knock_limit is None:
        out.append("Knock: after drawing, at any count, then discard to end the hand.")
    else:
        out.append(f"Knock: after drawing, when your deadwood after the discard is "
                   f"{rules.knock_limit} or less; the knock card goes face down and does "
                   f"not count.")
    if rules.lay_down_without_discard:
        out.append("With every card matched after the draw you may lay down without "
                   "discarding: you go out with rum and win, even against another 0.")
    if rules.big_gin_bonus is not None:
        out.append(f"Big gin: all cards melded after the draw, no discard: bonus "
                   f"{rules.big_gin_bonus}.")
    if rules.layoffs is Layoffs.NONE:
        out.append("Nobody lays off cards on another player's melds.")
    else:
        where = ("onto the knocker's original melds only, not next to cards others laid off"
                 if rules.layoffs is Layoffs.ORIGINAL_ONLY
                 else "onto the knocker's melds, also next to cards already laid off")
        how = "automatically and optimally" if rules.auto_layoffs else "by hand"
        order = " in turn from the knocker's left" if rules.max_players > 2 else ""
        out.append(f"After a knock the other players{order} lay off deadwood {where} "
                   f"({how}); never after gin; the knocker never lays off.")
    return out


def _stock(rules: Rules) -> list[str]:
    mode = rules.stock_out
    if mode is StockOut.TURN_OVER:
        return ["When the stock runs out the discard pile is turned over, not shuffled, "
                "as the new stock."]
    if mode is StockOut.CHOICE:
        return ["When the stock runs out the next player may take the top discard or turn "
                "the pile over (not shuffled) as the new stock and draw from it."]
    if mode is StockOut.CHOICE_TURN_UP:
        nth = {1: "first", 2: "second", 3: "third"}.get(
            rules.exhaustions_end_round, f"{rules.exhaustions_end_round}th"
        )
        return [f"When the stock runs out the next player may take the top discard or turn "
                f"the pile over as the new stock, whose top card is turned up; the stock "
                f"running out for the {nth} time ends the round."]
    if mode is StockOut.DEAD_HAND:
        return [f"If nobody has knocked when only {rules.stock_low_mark} cards are left in "
                f"the stock, the hand is void and nobody scores."]
    return [f"When only {rules.stock_low_mark} cards are left in the stock, the discard pile "
            f"except its top card is shuffled under them as the new stock (chosen)."]


def _scoring(rules: Rules) -> list[str]:
    if rules.family is Family.KNOCK:
        return [
            "The lowest count takes from each other player the difference in counts "
            "(the scores of a hand add up to zero).",
            f"Rum (no unmatched cards): {rules.rum_bonus} more from each player.",
            f"A knocker who is not lowest pays the winner a {rules.knock_penalty}-point "
            f"penalty too.",
            "A knocker tied for lowest neither pays nor receives; the other player wins.",
            "Tied winners split; odd points go one each from the knocker's left (chosen).",
        ]
    if rules.family is Family.GIN:
        tie = "equal to or lower" if rules.undercut_on_tie else "lower"
        return [
            "Knock: the knocker scores the defender's count (after layoffs) minus the "
            "knocker's.",
            f"Gin: {rules.gin_bonus} plus the defender's count.",
            f"Undercut: a defender with a count {tie} than the knocker's scores the "
            f"difference plus "
            f"{rules.undercut_bonus}; gin is never undercut.",
        ]
    if rules.family is Family.GIN_MULTI:
        tie = "equal to or lower" if rules.undercut_on_tie else "lower"
        return [
            "Penalty points, lower is better. Knock: each opponent gets own deadwood minus "
            "the knocker's.",
            f"Gin: each opponent gets own deadwood plus {rules.gin_bonus}.",
            f"Undercut: an opponent with a count {tie} than the knocker's wins (the lowest, "
            f"first from the "
            f"knocker's left on a tie); the others get own deadwood minus the winner's, the "
            f"knocker {rules.undercut_bonus} more.",
        ]
    ace = "15" if rules.ace_high else "1"
    out = ["Going out: the winner scores the value of every card left in the other hands "
           f"(aces {ace})."]
    if rules.rummy_doubles:
        out.append("Rummy: going out in one turn, having melded nothing before, doubles it.")
    else:
        out.append("Going out in one turn (rummy) scores like any other going out: the "
                   "house rule Rummy doubles would double it.")
    out.append("When the round ends on the stock, the lowest hand scores the others' "
               "values minus its own (ties: first from the player to draw, chosen).")
    return out


def _match(rules: Rules) -> list[str]:
    out = []
    if rules.game_end is GameEnd.DEALS:
        deals = "1 deal" if rules.deals_per_player == 1 else f"{rules.deals_per_player} deals"
        out.append(f"The game lasts {deals} per player; most points wins (chosen).")
    elif rules.game_end is GameEnd.PENALTY:
        out.append(f"The game ends when someone reaches {rules.target_score} penalty points; "
                   f"the lowest total wins (chosen).")
    else:
        out.append(f"The game ends when someone reaches {rules.target_score} points.")
    if rules.game_bonus:
        out.append(f"Game bonus: {rules.game_bonus} to the player who reached the target.")
    if rules.line_bonus:
        out.append(f"Line bonus: {rules.line_bonus} per hand won, added at the end.")
    if rules.shutout_doubles:
        out.append("Shutout: a winner who won every hand (none void) doubles hand points "
                   "before the line bonus.")
    if rules.game_bonus or rules.line_bonus:
        out.append("The highest total after bonuses wins.")
    dealer = {
        NextDealer.CLOCKWISE: "The deal passes to the left.",
        NextDealer.WINNER: "The winner of a hand deals the next; after a void hand the "
                           "same dealer (chosen).",
        NextDealer.WINNER_IF_TWO: "With two players the winner deals next; with more the "
                                  "deal passes left.",
    }[rules.next_dealer]
    out.append(dealer)
    out.append("The first dealer is chosen at random.")
    return out
