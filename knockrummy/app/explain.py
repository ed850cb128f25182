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
from knockrummy.engine.rules import Rules
from knockrummy.engine.state import HandResult, LogEntry
from knockrummy.words.grammar import does, possessive

#: every term, in the order the showdown explains them
TERMS = ("knock", "undercut", "rum", "gin", "big_gin", "rummy", "layoff")

_DRAWS = ("draw_stock", "draw_discard")


def _you(name: str) -> str:
    """A name in the middle of a sentence ("you" for the player called You)."""
    return "you" if possessive(name) == "your" else name


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
            return (f"Knock: {_you(k)} ended the hand; every hand is shown and the lowest "
                    "count of unmatched cards takes the difference from each other player")
        limit = f" ({rules.knock_limit} or less)" if rules.knock_limit is not None else ""
        return (f"Knock: {_you(k)} ended the hand with little deadwood{limit}; the others "
                "lay off what they can and the lower count scores")
    if term == "undercut":
        if family is Family.GIN:
            compare = "not higher than" if rules.undercut_on_tie else "lower than"
            return (f"Undercut: {possessive(winner)} count was {compare} the knocker's, so "
                    + does(_you(winner), f"scores the difference plus {rules.undercut_bonus}"))
        if family is Family.GIN_MULTI:
            return (f"Undercut: {possessive(winner)} count was lower than the knocker's, so "
                    f"the knocker takes the difference plus {rules.undercut_bonus} penalty")
        return (f"Undercut: {_you(winner)} had a lower count than the knocker, so "
                + does(_you(k), f"pays the difference plus {rules.knock_penalty}"))
    if term == "rum":
        return (f"Rum: {_you(winner)} had no unmatched card at all, so every other player "
                f"pays {rules.rum_bonus} more")
    if term == "gin":
        return (f"Gin: every card of {possessive(k)} hand is in melds; nobody may lay off, "
                f"and gin is worth {rules.gin_bonus} more")
    if term == "big_gin":
        bonus = rules.big_gin_bonus or 0
        return (f"Big gin: all of {possessive(k)} cards, the drawn one too, make melds "
                f"without a discard: worth {bonus} more")
    if term == "rummy":
        doubled = ", so the points are doubled" if rules.rummy_doubles else ""
        return (f"Rummy: {_you(winner)} went out in one turn, laying every card down at "
                f"once{doubled}")
    if term == "layoff":
        if family is Family.RUMMY:
            return "Layoff: a card added to a meld already on the table, anyone's"
        return ("Layoff: after a knock, the other players add cards that fit the knocker's "
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
    who = " and ".join(_you(names[h]) for h in idle)
    e = names[ender]
    count = result.counts[ender] if ender < len(result.counts) else 0
    rules = view.rules
    family = rules.family
    if family is Family.RUMMY:
        return (f"{e} went out before {who} had a turn: whoever melds every card first "
                "ends the hand, even on their first turn.")
    kind = view.knock_kind or "knock"
    did = {"gin": "went gin", "big_gin": "went big gin"}.get(kind, "knocked")
    if family is Family.KNOCK:
        why = "a player may knock on any turn, the first too, when they like their count"
    else:
        limit = rules.knock_limit if rules.knock_limit is not None else 10
        why = ("a player may end the hand on their very first turn once their deadwood is "
               f"{limit} or less")
    return f"{e} {did} before {who} had a turn: {why} ({e} had {count})."


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
