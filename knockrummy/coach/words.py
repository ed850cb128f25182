"""Small helpers that put cards, melds and counts into the coach's words.

Cards are named as players write them (``10♦``, ``Q♠``: :attr:`Card.label`),
never in the codes of the saved files (``TD``, ``QS``); counts are whole
numbers ("about 46", never 45.7); and the game's terms are explained in plain
words the first time a text uses them (:func:`explain_terms`).

>>> from knockrummy.engine.cards import parse_cards
>>> meld_text(tuple(parse_cards("5S 6S 7S")))
'run 5♠ 6♠ 7♠'
>>> meld_text(tuple(parse_cards("4S 4D 4C")))
'set 4♠ 4♦ 4♣'
>>> listing(["the 8♥", "the 9♣", "the 10♦"])
'the 8♥, the 9♣ and the 10♦'
>>> plural(1, "card"), plural(3, "live out")
('1 card', '3 live outs')
>>> about(45.7), about(3.2)
('about 46', 'about 3')
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

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
)
from knockrummy.engine.cards import Card, cards_label
from knockrummy.engine.melds import is_run, sort_meld

RANK_PLURALS = (
    "aces", "twos", "threes", "fours", "fives", "sixes", "sevens",
    "eights", "nines", "tens", "jacks", "queens", "kings",
)


def plural(count: int, noun: str) -> str:
    """``"1 card"``, ``"2 cards"``."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def some(count: int, noun: str) -> str:
    """:func:`plural`, with "no" for none: ``"no live outs"``, ``"1 live out"``."""
    return f"no {noun}s" if count == 0 else plural(count, noun)


def tenths(chance: float) -> str:
    """A chance in words: ``"in about 3 of 10 deals of the unseen cards"``.

    >>> tenths(0.02)
    'in almost no deal of the unseen cards'
    >>> tenths(0.31), tenths(0.97)
    ('in about 3 of 10 deals of the unseen cards', 'in almost every deal of the unseen cards')
    """
    count = round(chance * 10)
    if count <= 0:
        return "in almost no deal of the unseen cards"
    if count >= 10:
        return "in almost every deal of the unseen cards"
    return f"in about {count} of 10 deals of the unseen cards"


def listing(items: Sequence[str]) -> str:
    """Items joined the way people write them: ``a, b and c``."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " and " + items[-1]


def cards_words(cards: Iterable[Card]) -> str:
    """``"the 8♥ and the 9♣"``."""
    return listing([f"the {c.label}" for c in cards])


def meld_cards(meld: Sequence[Card], ace_high: bool = False) -> str:
    """A meld's cards in order, as players write them: ``5♠ 6♠ 7♠``, ``4♠ 4♦ 4♣``."""
    return cards_label(sort_meld(meld, ace_high))


def meld_text(meld: Sequence[Card], ace_high: bool = False) -> str:
    """``"run 5♠ 6♠ 7♠"`` or ``"set 4♠ 4♦ 4♣"``."""
    kind = "run" if is_run(sort_meld(meld, ace_high), ace_high) else "set"
    return f"{kind} {meld_cards(meld, ace_high)}"


def suit_and_rank(card: Card) -> str:
    """``"hearts or nines"``: what showing interest in ``card`` would mean."""
    return f"{card.suit.title} or {RANK_PLURALS[card.rank - 1]}"


def about(value: float) -> str:
    """A figure worked out from chances, as a whole number: ``"about 46"``."""
    return f"about {round(value)}"


def move_words(action: Action, ace_high: bool = False) -> str:
    """A move in a player's words, cards named as players write them.

    >>> from knockrummy.engine.cards import parse_cards
    >>> q = parse_cards("QS")[0]
    >>> move_words(Knock(q)), move_words(Discard(q)), move_words(DrawDiscard())
    ('knock, throwing Q♠', 'discard Q♠', 'take the top card of the discard pile')
    >>> move_words(MeldCards(tuple(parse_cards("2S 3S 4S"))))
    'meld the run 2♠ 3♠ 4♠'
    """
    if isinstance(action, Discard):
        return f"discard {action.card.label}"
    if isinstance(action, Knock):
        return f"knock, throwing {action.card.label}"
    if isinstance(action, MeldCards):
        return f"meld the {meld_text(action.cards, ace_high)}"
    if isinstance(action, LayOff):
        return f"lay off {action.card.label}"
    return _MOVES.get(type(action), "play on")


_MOVES: dict[type, str] = {
    DrawStock: "draw from the stock",
    DrawDiscard: "take the top card of the discard pile",
    PassUpcard: "pass on the up card",
    TurnOver: "turn the discard pile over",
    BigGin: "go big gin",
    LayDown: "lay down every card",
    FinishLayoffs: "finish laying off",
    NextHand: "deal the next hand",
}

#: the game's terms: the words as they appear in a text, what they mean in plain words,
#: and whether the term is a verb (its meaning then goes at the end of the clause, not
#: straight after it). The first use of a term in a text gets its meaning in brackets;
#: the forms of one term count as one; longer terms come first, so "big gin" is not
#: read as "gin".
TERMS: tuple[tuple[tuple[str, ...], str, bool], ...] = (
    (("big gin",), "every card, the drawn one too, in melds without a discard", False),
    (("live outs", "live out"), "unseen cards that would complete a meld", False),
    (("deadwood",), "the points of the cards in no meld", False),
    (("undercut",), "beating the knocker's count", False),
    (("rummy",), "going out in one turn, having melded nothing before", False),
    (("rum",), "no card left out of a meld", False),
    (("gin",), "no card left out of a meld", False),
    (("lay off", "laying off", "laid off"),
     "to lay off is to add your cards to melds already on the table", True),
    (("knocker",), "the player who ended the hand", False),
    (("knock", "knocked", "knocking"),
     "to knock is to end the hand: every hand is shown and counted", True),
)


def explain_terms(texts: Sequence[str], skip: Iterable[str] = ()) -> list[str]:
    """``texts`` (read in this order) with each game term explained in brackets where it
    is first used; terms in ``skip`` are left as they are (already explained).

    >>> first, again, gin = explain_terms(["Stop with 8 deadwood", "deadwood 8 -> 3", "Go gin"])
    >>> first, again
    ('Stop with 8 deadwood (the points of the cards in no meld)', 'deadwood 8 -> 3')
    >>> explain_terms(["you knocked with 1 deadwood; ..."])[0]
    'you knocked (to knock is to end the hand: every hand is shown and counted) with 1 \
deadwood (the points of the cards in no meld); ...'
    >>> gin
    'Go gin (no card left out of a meld)'
    >>> explain_terms(["Big gin: all 11 cards"])[0]
    'Big gin (every card, the drawn one too, in melds without a discard): all 11 cards'
    >>> explain_terms(["Lay off 8♥ on the run: laying off takes your count to 50"])[0]
    'Lay off 8♥ on the run (to lay off is to add your cards to melds already on the \
table): laying off takes your count to 50'
    """
    done = {t.lower() for t in skip}
    out = list(texts)
    meanings: list[str] = []
    for words, meaning, verb in TERMS:
        if any(w in done for w in words):
            continue
        alternatives = "|".join(re.escape(w) for w in words)
        pattern = re.compile(rf"\b(?:{alternatives})\b(?![ -]?(?:rummy\b|\())", re.IGNORECASE)
        for i, text in enumerate(out):
            spans = [m for m in pattern.finditer(text) if not _inside_term(text, m.start())]
            if not spans:
                continue
            end = spans[0].end()
            if verb:  # at the end of the clause, unless another meaning ends it already
                boundary = re.search(r"[:;,]", text[end:])
                clause = end + boundary.start() if boundary else len(text)
                if not text[:clause].endswith("\x01"):
                    end = clause
            # a marker now, the meaning at the end: no term is looked for inside a meaning
            out[i] = f"{text[:end]}\x00{len(meanings)}\x01{text[end:]}"
            meanings.append(meaning)
            done.update(words)
            break
    return [re.sub("\x00(\\d+)\x01", lambda m: f" ({meanings[int(m.group(1))]})", text)
            for text in out]


def terms_used(text: str) -> set[str]:
    """The game's terms ``text`` uses (each as its first form in :data:`TERMS`).

    >>> sorted(terms_used("Knock now, throwing 8♠: 20 deadwood"))
    ['deadwood', 'knock']
    >>> sorted(terms_used(explain_terms(["an undercut"])[0]))
    ['undercut']
    """
    for _, meaning, _ in TERMS:  # the meanings given are not uses
        text = text.replace(f" ({meaning})", "")
    used = set()
    for words, _, _ in TERMS:
        alternatives = "|".join(re.escape(w) for w in words)
        for m in re.finditer(rf"\b(?:{alternatives})\b", text, re.IGNORECASE):
            if not _inside_term(text, m.start()):
                used.add(words[0])
                break
    return used


def _inside_term(text: str, start: int) -> bool:
    """Whether the match at ``start`` is part of a longer term ("gin" in "big gin")."""
    return text[:start].lower().endswith(("big ", "gin "))


def signed(value: int) -> str:
    """``"+5"``, ``"-3"``, ``"0"``."""
    return f"+{value}" if value > 0 else str(value)


def ordinal(number: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ``11th``, ``22nd``.

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd']
    """
    if 10 <= number % 100 <= 20:
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"
