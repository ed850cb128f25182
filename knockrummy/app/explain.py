"""The words the showdown adds for a newcomer: why a hand ended before they had a turn,
and each term (knock, undercut, rum, gin, big gin, rummy, layoff) explained in one line
the first time it happens. Pure functions of a finished hand's view; no pygame.

>>> from knockrummy.engine import PRESETS
>>> from knockrummy.engine.state import HandResult, LogEntry
>>> view = _finished(PRESETS["gin"], ("You", "Ada"), knocker=1, kind="knock",
...     result=HandResult("undercut", (0,), (27, 0), (5, 7), (), 1),
...     log=(LogEntry(1, "draw_stock", None), LogEntry(1, "knock", None)))
>>> terms_in(view)
['knock', 'undercut']
>>> explain("undercut", view)
"Undercut: your count was not higher than the knocker's, so you score the difference plus 25"
>>> print(early_end(view, humans=(0,)))
Ada knocked before you had a turn: a player may end the hand on their very first turn once \
their deadwood is 10 or less (Ada had 7).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from knockrummy.engine import Family, Phase, PlayerView
from knockrummy.engine.rules import GameEnd, Rules
from knockrummy.engine.state import HandResult, LogEntry
from knockrummy.i18n import _, pgettext
from knockrummy.words.names import is_you

#: every term, in the order the showdown explains them
TERMS = ("knock", "undercut", "rum", "gin", "big_gin", "rummy", "layoff")

_DRAWS = ("draw_stock", "draw_discard")




def _you(name: str) -> str:
    """A name in the middle of a sentence ("you" for the player called You)."""
    # Translators: the player called You, named in the middle of a sentence ("before you
    # had a turn")
    return pgettext("in a sentence", "you") if is_you(name) else name


def _pick(name: str, you: str, other: str, **values: object) -> str:
    """``you`` (the sentence when ``name`` is the player called You) or ``other``,
    filled in (``{name}`` is ``name``)."""
    return (you if is_you(name) else other).format(name=name, **values)


def terms_in(view: PlayerView) -> list[str]:
    """The terms a finished hand's result shows, in :data:`TERMS` order."""
    result = view.result
    if result is None:
        return []
    found: set[str] = set()
    kind = view.knock_kind
    if view.knocker is not None and kind in ("knock", "gin", "big_gin", "rum"):
        found.add("knock" if kind == "rum" else kind)
    if result.outcome in ("undercut", "rum", "rummy"):
        found.add(result.outcome)
    if any(show.laid_off for show in view.shows) or any(
            e.what == "lay_off" for e in view.log):
        found.add("layoff")
    return [t for t in TERMS if t in found]


def explain(term: str, view: PlayerView) -> str:
    """``term`` explained in one line, with this hand's names and the game's numbers."""
    rules = view.rules
    result = view.result
    names = view.names
    knocker = view.knocker if view.knocker is not None else (
        result.knocker if result is not None and result.knocker is not None else 0)
    k = names[knocker]
    winner = names[result.winners[0]] if result is not None and result.winners else k
    family = rules.family
    if term == "knock":
        if family is Family.KNOCK:
            return _pick(k, _("Knock: you ended the hand; every hand is shown and the lowest "
                              "count of unmatched cards takes the difference from each other "
                              "player"),
                         _("Knock: {name} ended the hand; every hand is shown and the lowest "
                           "count of unmatched cards takes the difference from each other "
                           "player"))
        if rules.knock_limit is not None and view.players == 2:
            return _pick(k, _("Knock: you ended the hand with little deadwood ({limit} or "
                              "less); the other player lays off what they can on your melds "
                              "and the lower count scores"),
                         _("Knock: {name} ended the hand with little deadwood ({limit} or "
                           "less); the other player lays off what they can on those melds "
                           "and the lower count scores"), limit=rules.knock_limit)
        if rules.knock_limit is not None and rules.game_end is GameEnd.PENALTY:
            # Gin for 3-4: points are penalties ("the lower count scores" read wrongly)
            return _pick(k, _("Knock: you ended the hand with little deadwood ({limit} or "
                              "less); the others lay off what they can, then each takes the "
                              "difference from your count as penalty points"),
                         _("Knock: {name} ended the hand with little deadwood ({limit} or "
                           "less); the others lay off what they can, then each takes the "
                           "difference from {name}'s count as penalty points"),
                         limit=rules.knock_limit)
        if rules.knock_limit is not None:
            return _pick(k, _("Knock: you ended the hand with little deadwood ({limit} or "
                              "less); the others lay off what they can and the lower count "
                              "scores"),
                         _("Knock: {name} ended the hand with little deadwood ({limit} or "
                           "less); the others lay off what they can and the lower count "
                           "scores"), limit=rules.knock_limit)
        return _pick(k, _("Knock: you ended the hand with little deadwood; the others lay off "
                          "what they can and the lower count scores"),
                     _("Knock: {name} ended the hand with little deadwood; the others lay off "
                       "what they can and the lower count scores"))
    if term == "undercut":
        if family is Family.GIN:
            if rules.undercut_on_tie:
                return _pick(winner, _("Undercut: your count was not higher than the "
                                       "knocker's, so you score the difference plus {bonus}"),
                             _("Undercut: {name}'s count was not higher than the knocker's, "
                               "so {name} scores the difference plus {bonus}"),
                             bonus=rules.undercut_bonus)
            return _pick(winner, _("Undercut: your count was lower than the knocker's, so you "
                                   "score the difference plus {bonus}"),
                         _("Undercut: {name}'s count was lower than the knocker's, so {name} "
                           "scores the difference plus {bonus}"), bonus=rules.undercut_bonus)
        if family is Family.GIN_MULTI:
            return _pick(winner, _("Undercut: your count was lower than the knocker's, so the "
                                   "knocker takes the difference plus {bonus} penalty"),
                         _("Undercut: {name}'s count was lower than the knocker's, so the "
                           "knocker takes the difference plus {bonus} penalty"),
                         bonus=rules.undercut_bonus)
        values = {"winner": winner, "knocker": k, "penalty": rules.knock_penalty}
        if is_you(winner):
            return _("Undercut: you had a lower count than the knocker, so {knocker} pays the "
                     "difference plus {penalty}").format(**values)
        if is_you(k):
            return _("Undercut: {winner} had a lower count than the knocker, so you pay the "
                     "difference plus {penalty}").format(**values)
        return _("Undercut: {winner} had a lower count than the knocker, so {knocker} pays "
                 "the difference plus {penalty}").format(**values)
    if term == "rum":
        return _pick(winner, _("Rum: you had no unmatched card at all, so every other player "
                               "pays {bonus} more"),
                     _("Rum: {name} had no unmatched card at all, so every other player pays "
                       "{bonus} more"), bonus=rules.rum_bonus)
    if term == "gin":
        return _pick(k, _("Gin: every card of your hand is in melds; nobody may lay off, and "
                          "gin is worth {bonus} more"),
                     _("Gin: every card of {name}'s hand is in melds; nobody may lay off, and "
                       "gin is worth {bonus} more"), bonus=rules.gin_bonus)
    if term == "big_gin":
        bonus = rules.big_gin_bonus or 0
        return _pick(k, _("Big gin: all of your cards, the drawn one too, make melds without a "
                          "discard: worth {bonus} more"),
                     _("Big gin: all of {name}'s cards, the drawn one too, make melds without "
                       "a discard: worth {bonus} more"), bonus=bonus)
    if term == "rummy":
        if rules.rummy_doubles:
            return _pick(winner, _("Rummy: you went out in one turn, laying every card down "
                                   "at once, so the points are doubled"),
                         _("Rummy: {name} went out in one turn, laying every card down at "
                           "once, so the points are doubled"))
        return _pick(winner, _("Rummy: you went out in one turn, laying every card down at "
                               "once"),
                     _("Rummy: {name} went out in one turn, laying every card down at once"))
    if term == "layoff":
        if family is Family.RUMMY:
            return _("Layoff: a card added to a meld already on the table, anyone's")
        if view.players == 2:
            return _("Layoff: after a knock, the other player adds cards that fit the "
                     "knocker's melds, and those cards no longer count against them")
        return _("Layoff: after a knock, the other players add cards that fit the knocker's "
                 "melds, and those cards no longer count against them")
    raise ValueError(f"no term {term!r}")


def early_end(view: PlayerView, humans: Sequence[int]) -> str | None:
    """When a computer ended the hand before a human had drawn a card, what happened
    and why it is allowed, in words; else None."""
    result = view.result
    if result is None or not humans:
        return None
    ender = view.knocker if view.knocker is not None else (
        result.winners[0] if result.outcome in ("out", "rummy") and result.winners else None)
    if ender is None or ender in humans:
        return None
    idle = [h for h in humans if not any(e.seat == h and e.what in _DRAWS for e in view.log)]
    if not idle:
        return None
    names = view.names
    who = _you(names[idle[0]])
    for h in idle[1:]:
        # Translators: joins the players who had no turn ("you and Bob")
        who = pgettext("people", "{first} and {second}").format(first=who,
                                                                 second=_you(names[h]))
    e = names[ender]
    count = result.counts[ender] if ender < len(result.counts) else 0
    rules = view.rules
    family = rules.family
    if family is Family.RUMMY:
        # Translators: {who} is "you" or "you and Bob"
        return _("{name} went out before {who} had a turn: whoever melds every card first "
                 "ends the hand, even on their first turn.").format(name=e, who=who)
    kind = view.knock_kind or "knock"
    if family is Family.KNOCK:
        why = _("a player may knock on any turn, the first too, when they like their count")
    else:
        limit = rules.knock_limit if rules.knock_limit is not None else 10
        why = _("a player may end the hand on their very first turn once their deadwood is "
                "{limit} or less").format(limit=limit)
    # Translators: {who} is "you" or "you and Bob"; {why} why it is allowed ("a player may
    # knock on any turn, ..."); {count} the ender's count
    values = {"name": e, "who": who, "why": why, "count": count}
    if kind == "gin":
        return _("{name} went gin before {who} had a turn: {why} ({name} had {count}).").format(
            **values)
    if kind == "big_gin":
        return _("{name} went big gin before {who} had a turn: {why} ({name} had "
                 "{count}).").format(**values)
    return _("{name} knocked before {who} had a turn: {why} ({name} had {count}).").format(
        **values)


def _finished(rules: Rules, names: tuple[str, ...], knocker: int, kind: str,
              result: HandResult, log: tuple[LogEntry, ...]) -> PlayerView:
    """A finished hand's view with just what these functions read (for examples)."""
    players = len(names)
    empty: tuple[tuple[()], ...] = tuple(() for _ in range(players))
    view = PlayerView(seat=0, players=players, names=names, rules=rules,
                      phase=Phase.HAND_OVER, current=knocker, dealer=0, hand=(), taken=None,
                      discard=(), stock_count=0, hand_sizes=(0,) * players,
                      public_taken=empty, table=(), log=log, scores=(0,) * players,
                      hand_number=0)
    return replace(view, knocker=knocker, knock_kind=kind, result=result)
