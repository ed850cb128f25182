"""The active rules in plain words, in the player's language, for the in-game rules
screen; and the presets' names and summaries.

Every option of :class:`Rules` is reflected here (a test changes each option and
checks the text changes), including the choices RULES.md marks *(chosen)*. The engine
keeps ``Rules.name`` and ``Rules.summary`` as English keys (saves check them): players
read :func:`preset_name` and :func:`preset_summary`.

>>> from knockrummy.engine.rules import PRESETS
>>> describe(PRESETS["gin"])[0]
'Gin Rummy: 2 players. Knock with 10 or less deadwood; gin and undercuts score bonuses.'
>>> preset_name(PRESETS["knock-hoyle"])
'Knock Rummy - Hoyle'
"""

from __future__ import annotations

from knockrummy.engine.rules import (
    PRESETS,
    Family,
    GameEnd,
    Layoffs,
    NextDealer,
    Rules,
    StockOut,
)
from knockrummy.i18n import N_, _, ngettext, pgettext

#: each preset's name, by key
NAMES: dict[str, str] = {
    "knock": N_("Knock Rummy"),
    "knock-hoyle": N_("Knock Rummy - Hoyle"),
    "gin": N_("Gin Rummy"),
    "gin-yimmaw": N_("Gin Rummy - Yimmaw"),
    "gin-multi": N_("Gin Rummy for 3-4"),
    "rummy": N_("Rummy"),
    "rummy-high": N_("Rummy - high ace"),
}

#: each preset's summary, by key
SUMMARIES: dict[str, str] = {
    "knock": N_("2-6 players. Knock at any count; lowest count takes the difference from "
                "everyone."),
    "knock-hoyle": N_("Hoyle's rules: with two players the winner deals next; lay down all "
                      "melded; choose when the stock runs out."),
    "gin": N_("2 players. Knock with 10 or less deadwood; gin and undercuts score bonuses."),
    "gin-yimmaw": N_("Gin Rummy by Yimmaw's rules: big gin worth 30, and layoffs made for "
                     "you."),
    "gin-multi": N_("3-4 players, 7 cards, penalty points: the lowest total wins when the "
                    "game ends."),
    "rummy": N_("2-4 players. Meld and lay off on the table; first out scores the others' "
                "cards."),
    "rummy-high": N_("Rummy with the ace high: worth 15, Q-K-A is a run, A-2-3 is not."),
}


def preset_name(rules: Rules) -> str:
    """The game's name in the player's language (a name the player gave it, as given)."""
    base = PRESETS.get(rules.key)
    if base is not None and rules.name == base.name and rules.key in NAMES:
        return _(NAMES[rules.key])
    return rules.name


def saved_preset_name(key: str, saved: str) -> str:
    """The name of a saved match's game: a preset's in the player's language, a name the
    player gave it (``saved``, as the save keeps it) as given."""
    base = PRESETS.get(key)
    return preset_name(base) if base is not None and saved == base.name else saved


def preset_summary(rules: Rules) -> str:
    """The game's summary in the player's language (one the player wrote, as written)."""
    base = PRESETS.get(rules.key)
    if base is not None and rules.summary == base.summary and rules.key in SUMMARIES:
        return _(SUMMARIES[rules.key])
    return rules.summary


def _players(rules: Rules) -> str:
    low, high = rules.min_players, rules.max_players
    if low == high:
        return ngettext("{n} player", "{n} players", low).format(n=low)
    # Translators: a range of table sizes, "2-6 players"
    return ngettext("{low}-{high} player", "{low}-{high} players", high).format(
        low=low, high=high)


def _deal(rules: Rules) -> str:
    groups: dict[int, list[int]] = {}
    for players, cards in rules.cards_dealt:
        groups.setdefault(cards, []).append(players)
    parts = []
    for cards, counts in groups.items():
        if len(counts) == 1:
            parts.append(ngettext("{cards} card each with {players} players",
                                  "{cards} cards each with {players} players", cards).format(
                cards=cards, players=counts[0]))
        else:
            parts.append(ngettext("{cards} card each with {low}-{high} players",
                                  "{cards} cards each with {low}-{high} players",
                                  cards).format(cards=cards, low=counts[0], high=counts[-1]))
    joined = parts[0]
    for part in parts[1:]:
        # Translators: joins two parts of the deal ("10 cards each with 2 players; 7 cards
        # each with 3-4 players")
        joined = _("{first}; {second}").format(first=joined, second=part)
    # Translators: {groups} says how many cards each player gets at each table size
    return _("Deal: {groups}, one at a time from the dealer's left.").format(groups=joined)


def describe(rules: Rules) -> list[str]:
    """The rules as short lines of plain words, the preset summary first."""
    lines = [
        # Translators: the game's name and its one-line summary
        _("{name}: {summary}").format(name=preset_name(rules), summary=preset_summary(rules)),
        _("Players: {players}.").format(players=_players(rules)),
        _deal(rules),
    ]
    if rules.ace_high:
        lines.append(_("Cards count face value, J Q K 10, the ace 15 and high (Q-K-A is a "
                       "run, A-2-3 is not). Runs never wrap."))
    else:
        lines.append(_("Cards count face value, J Q K 10, the ace 1 and low. Runs never "
                       "wrap."))
    lines.append(_("Melds: 3 or 4 of a rank, or 3 or more in sequence of one suit."))
    lines.append(_("Each turn: draw from the stock or the discard pile, then discard one "
                   "card."))
    if not rules.may_discard_taken_upcard:
        lines.append(_("A card taken from the discard pile may not be discarded the same "
                       "turn."))
    else:
        lines.append(_("A card taken from the discard pile may be discarded at once."))
    if rules.first_turn_upcard_offer:
        lines.append(_("First turn: the non-dealer may take the up card or pass, then the "
                       "dealer; if both pass the non-dealer plays a normal turn."))
    lines += _ending(rules)
    lines += _stock(rules)
    lines += _scoring(rules)
    lines += _match(rules)
    return lines


def _layoffs(rules: Rules) -> str:
    original = rules.layoffs is Layoffs.ORIGINAL_ONLY
    in_turn = rules.max_players > 2
    # Translators: how the layoffs are made, in brackets in the sentence about laying off
    how = _("automatically and optimally") if rules.auto_layoffs else _("by hand")
    if original and in_turn:
        text = _("After a knock the other players in turn from the knocker's left lay off "
                 "deadwood onto the knocker's original melds only, not next to cards others "
                 "laid off ({how}); never after gin; the knocker never lays off.")
    elif original:
        text = _("After a knock the other players lay off deadwood onto the knocker's "
                 "original melds only, not next to cards others laid off ({how}); never "
                 "after gin; the knocker never lays off.")
    elif in_turn:
        text = _("After a knock the other players in turn from the knocker's left lay off "
                 "deadwood onto the knocker's melds, also next to cards already laid off "
                 "({how}); never after gin; the knocker never lays off.")
    else:
        text = _("After a knock the other players lay off deadwood onto the knocker's "
                 "melds, also next to cards already laid off ({how}); never after gin; the "
                 "knocker never lays off.")
    return text.format(how=how)


def _ending(rules: Rules) -> list[str]:
    if rules.family is Family.RUMMY:
        return [
            _("After drawing you may lay melds on the table and lay off cards on any meld."),
            _("You must keep a card to discard: go out by discarding your last card."),
        ]
    out = []
    if rules.knock_limit is None:
        out.append(_("Knock: after drawing, at any count, then discard to end the hand."))
    else:
        # Translators: {limit} is points of deadwood (unmatched cards)
        out.append(_("Knock: after drawing, when your deadwood after the discard is "
                     "{limit} or less; the knock card goes face down and does not "
                     "count.").format(limit=rules.knock_limit))
    if rules.lay_down_without_discard:
        out.append(_("With every card matched after the draw you may lay down without "
                     "discarding: you go out with rum and win, even against another 0."))
    if rules.big_gin_bonus is not None:
        out.append(_("Big gin: all cards melded after the draw, no discard: bonus "
                     "{bonus}.").format(bonus=rules.big_gin_bonus))
    if rules.layoffs is Layoffs.NONE:
        out.append(_("Nobody lays off cards on another player's melds."))
    else:
        out.append(_layoffs(rules))
    return out


def _nth(n: int) -> str:
    if n == 1:
        # Translators: as in "the stock running out for the first time"
        return pgettext("time", "first")
    if n == 2:
        return pgettext("time", "second")
    if n == 3:
        return pgettext("time", "third")
    # Translators: as in "the stock running out for the 4th time"
    return pgettext("time", "{n}th").format(n=n)


def _stock(rules: Rules) -> list[str]:
    mode = rules.stock_out
    if mode is StockOut.TURN_OVER:
        return [_("When the stock runs out the discard pile is turned over, not shuffled, "
                  "as the new stock.")]
    if mode is StockOut.CHOICE:
        return [_("When the stock runs out the next player may take the top discard or "
                  "turn the pile over (not shuffled) as the new stock and draw from it.")]
    if mode is StockOut.CHOICE_TURN_UP:
        return [_("When the stock runs out the next player may take the top discard or "
                  "turn the pile over as the new stock, whose top card is turned up; the "
                  "stock running out for the {nth} time ends the round.").format(
            nth=_nth(rules.exhaustions_end_round))]
    if mode is StockOut.DEAD_HAND:
        return [_("If nobody has knocked when only {cards} cards are left in the stock, "
                  "the hand is void and nobody scores.").format(cards=rules.stock_low_mark)]
    return [_("When only {cards} cards are left in the stock, the discard pile except its "
              "top card is shuffled under them as the new stock.").format(
        cards=rules.stock_low_mark)]


def _scoring(rules: Rules) -> list[str]:
    if rules.family is Family.KNOCK:
        return [
            _("The lowest count takes from each other player the difference in counts "
              "(the scores of a hand add up to zero)."),
            _("Rum (no unmatched cards): {bonus} more from each player.").format(
                bonus=rules.rum_bonus),
            _("A knocker who is not lowest pays the winner a {penalty}-point penalty "
              "too.").format(penalty=rules.knock_penalty),
            _("A knocker tied for lowest neither pays nor receives; the other player wins."),
            _("Tied winners split; odd points go one each from the knocker's left."),
        ]
    if rules.family is Family.GIN:
        if rules.undercut_on_tie:
            undercut = _("Undercut: a defender with a count equal to or lower than the "
                         "knocker's scores the difference plus {bonus}; gin is never "
                         "undercut.")
        else:
            undercut = _("Undercut: a defender with a count lower than the knocker's "
                         "scores the difference plus {bonus}; gin is never undercut.")
        return [
            _("Knock: the knocker scores the defender's count (after layoffs) minus the "
              "knocker's."),
            _("Gin: {bonus} plus the defender's count.").format(bonus=rules.gin_bonus),
            undercut.format(bonus=rules.undercut_bonus),
        ]
    if rules.family is Family.GIN_MULTI:
        if rules.undercut_on_tie:
            undercut = _("Undercut: an opponent with a count equal to or lower than the "
                         "knocker's wins (the lowest, first from the knocker's left on a "
                         "tie); the others get own deadwood minus the winner's, the knocker "
                         "{bonus} more.")
        else:
            undercut = _("Undercut: an opponent with a count lower than the knocker's wins "
                         "(the lowest, first from the knocker's left on a tie); the others "
                         "get own deadwood minus the winner's, the knocker {bonus} more.")
        return [
            _("Penalty points, lower is better. Knock: each opponent gets own deadwood "
              "minus the knocker's."),
            _("Gin: each opponent gets own deadwood plus {bonus}.").format(
                bonus=rules.gin_bonus),
            undercut.format(bonus=rules.undercut_bonus),
        ]
    out = [_("Going out: the winner scores the value of every card left in the other "
             "hands (aces {ace}).").format(ace=15 if rules.ace_high else 1)]
    if rules.rummy_doubles:
        out.append(_("Rummy: going out in one turn, having melded nothing before, doubles "
                     "it."))
    else:
        out.append(_("Going out in one turn (rummy) scores like any other going out: the "
                     "house rule Rummy doubles would double it."))
    out.append(_("When the round ends on the stock, the lowest hand scores the others' "
                 "values minus its own; of two tied hands, the one whose turn would have "
                 "come first scores."))
    return out


def _match(rules: Rules) -> list[str]:
    out = []
    if rules.game_end is GameEnd.DEALS:
        n = rules.deals_per_player
        out.append(ngettext("The game lasts {n} deal per player; most points wins.",
                            "The game lasts {n} deals per player; most points wins.",
                            n).format(n=n))
    elif rules.game_end is GameEnd.PENALTY:
        out.append(_("The game ends when someone reaches {target} penalty points; the "
                     "lowest total wins.").format(target=rules.target_score))
    else:
        out.append(_("The game ends when someone reaches {target} points.").format(
            target=rules.target_score))
    if rules.game_bonus:
        out.append(_("Game bonus: {bonus} to the player who reached the target.").format(
            bonus=rules.game_bonus))
    if rules.line_bonus:
        out.append(_("Line bonus: {bonus} per hand won, added at the end.").format(
            bonus=rules.line_bonus))
    if rules.shutout_doubles:
        out.append(_("Shutout: a winner who won every hand (none void) doubles hand points "
                     "before the line bonus."))
    if rules.game_bonus or rules.line_bonus:
        out.append(_("The highest total after bonuses wins."))
    if rules.next_dealer is NextDealer.CLOCKWISE:
        out.append(_("The deal passes to the left."))
    elif rules.next_dealer is NextDealer.WINNER:
        out.append(_("The winner of a hand deals the next; after a void hand the same "
                     "dealer."))
    else:
        out.append(_("With two players the winner deals next; with more the deal passes "
                     "left."))
    out.append(_("The first dealer is chosen at random."))
    return out
