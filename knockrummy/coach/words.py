"""Small helpers that put cards, melds and counts into the coach's words, in the
player's language (:mod:`knockrummy.i18n`): each is a whole message with named
placeholders, a list is joined by joiner messages, a count takes its language's plural.

Cards are named as players write them (``10♦``, ``Q♠``:
:func:`knockrummy.words.cards.card_label`), never in the codes of the saved files (``TD``,
``QS``); counts are whole numbers ("about 46", never 45.7); and the game's terms are
explained in plain words the first time a text uses them (:func:`explain_terms`), found
by their forms in the player's language (:func:`terms`).

>>> from knockrummy.engine.cards import parse_cards
>>> meld_text(tuple(parse_cards("5S 6S 7S")))
'run 5♠ 6♠ 7♠'
>>> meld_text(tuple(parse_cards("4S 4D 4C")))
'set 4♠ 4♦ 4♣'
>>> listing(["the 8♥", "the 9♣", "the 10♦"])
'the 8♥, the 9♣ and the 10♦'
>>> live_outs(1), live_outs(3), live_outs(0), points(1), points(5)
('1 live out', '3 live outs', 'no live outs', '1 point', '5 points')
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
from knockrummy.engine.cards import Card
from knockrummy.engine.melds import is_run, sort_meld
from knockrummy.i18n import N_, NC_, _, ngettext, pgettext
from knockrummy.words.cards import card_label, cards_label, ranks_name, suit_name

#: English plurals of the ranks (kept for callers outside the coach; the coach's own
#: words use :func:`knockrummy.words.cards.ranks_name`)
RANK_PLURALS = (
    "aces", "twos", "threes", "fours", "fives", "sixes", "sevens",
    "eights", "nines", "tens", "jacks", "queens", "kings",
)


def live_outs(count: int) -> str:
    """``"no live outs"``, ``"1 live out"``, ``"3 live outs"``."""
    if count == 0:
        # Translators: a live out is an unseen card that would complete a meld
        return _("no live outs")
    return ngettext("{n} live out", "{n} live outs", count).format(n=count)


def points(count: int) -> str:
    """``"1 point"``, ``"5 points"``."""
    return ngettext("{n} point", "{n} points", count).format(n=count)


def tenths(chance: float) -> str:
    """A chance in words: ``"in about 3 of 10 deals of the unseen cards"``.

    >>> tenths(0.02)
    'in almost no deal of the unseen cards'
    >>> tenths(0.31), tenths(0.97)
    ('in about 3 of 10 deals of the unseen cards', 'in almost every deal of the unseen cards')
    """
    count = round(chance * 10)
    if count <= 0:
        return _("in almost no deal of the unseen cards")
    if count >= 10:
        return _("in almost every deal of the unseen cards")
    # Translators: how often something happens; {total} is always 10
    return _("in about {count} of {total} deals of the unseen cards").format(
        count=count, total=10)


def listing(items: Sequence[str]) -> str:
    """Items joined the way people write them: ``a, b and c``."""
    if not items:
        return ""
    joined = items[0]
    for item in items[1:-1]:
        # Translators: joins the items of a list but the last ("the 8♥, the 9♣")
        joined = _("{first}, {second}").format(first=joined, second=item)
    if len(items) > 1:
        # Translators: joins the last item of a list ("the 8♥, the 9♣ and the 10♦")
        joined = _("{rest} and {last}").format(rest=joined, last=items[-1])
    return joined


def cards_words(cards: Iterable[Card]) -> str:
    """``"the 8♥ and the 9♣"``."""
    # Translators: one card in a list of cards in a sentence ("took the 8♥ and the 9♣")
    return listing([pgettext("card in a list", "the {card}").format(card=card_label(c))
                    for c in cards])


def meld_cards(meld: Sequence[Card], ace_high: bool = False) -> str:
    """A meld's cards in order, as players write them: ``5♠ 6♠ 7♠``, ``4♠ 4♦ 4♣``."""
    return cards_label(sort_meld(meld, ace_high))


def meld_text(meld: Sequence[Card], ace_high: bool = False) -> str:
    """``"run 5♠ 6♠ 7♠"`` or ``"set 4♠ 4♦ 4♣"``."""
    cards = meld_cards(meld, ace_high)
    if is_run(sort_meld(meld, ace_high), ace_high):
        # Translators: a meld of cards in sequence in one suit, named in a sentence
        # ("meld the run 5♠ 6♠ 7♠", "your run 5♠ 6♠ 7♠")
        return _("run {cards}").format(cards=cards)
    # Translators: a meld of cards of one rank, named in a sentence ("your set 4♠ 4♦ 4♣")
    return _("set {cards}").format(cards=cards)


def suit_and_rank(card: Card) -> str:
    """``"hearts or nines"``: what showing interest in ``card`` would mean."""
    # Translators: a suit or a rank shown interest in ("hearts or nines")
    return _("{suit} or {ranks}").format(suit=suit_name(card.suit), ranks=ranks_name(card.rank))


def about(value: float) -> str:
    """A figure worked out from chances, as a whole number: ``"about 46"``."""
    # Translators: a figure worked out from chances, rounded ("about 46")
    return _("about {n}").format(n=round(value))


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
        # Translators: a move, as advice ("discard Q♠")
        return _("discard {card}").format(card=card_label(action.card))
    if isinstance(action, Knock):
        return _("knock, throwing {card}").format(card=card_label(action.card))
    if isinstance(action, MeldCards):
        # Translators: {meld} is "run 5♠ 6♠ 7♠" or "set 4♠ 4♦ 4♣"
        return _("meld the {meld}").format(meld=meld_text(action.cards, ace_high))
    if isinstance(action, LayOff):
        return _("lay off {card}").format(card=card_label(action.card))
    return _(_MOVES.get(type(action), N_("play on")))


_MOVES: dict[type, str] = {
    DrawStock: N_("draw from the stock"),
    DrawDiscard: N_("take the top card of the discard pile"),
    PassUpcard: N_("pass on the up card"),
    TurnOver: N_("turn the discard pile over"),
    BigGin: N_("go big gin"),
    LayDown: N_("lay down every card"),
    FinishLayoffs: N_("finish laying off"),
    NextHand: N_("deal the next hand"),
}

#: the game's terms: the words as they appear in a text, what they mean in plain words,
#: and whether the term is a verb (its meaning then goes at the end of the clause, not
#: straight after it). The first use of a term in a text gets its meaning in brackets;
#: the forms of one term count as one; longer terms come first, so "big gin" is not
#: read as "gin". In English; :func:`terms` gives them in the player's language.
_TERMS: tuple[tuple[str, str, bool], ...] = (
    # Translators: every form of a game term the coach's sentences use, separated by "|"
    # (your language's forms, as many as it needs; the first is the term's name). The
    # coach explains the term where a sentence first uses one of these forms.
    (NC_("term forms", "big gin"),
     N_("every card, the drawn one too, in melds without a discard"), False),
    (NC_("term forms", "live outs|live out"),
     N_("unseen cards that would complete a meld"), False),
    (NC_("term forms", "deadwood"), N_("the points of the cards in no meld"), False),
    (NC_("term forms", "undercut"),
     N_("to undercut is to beat the knocker's count; a tie is enough, except in Gin "
        "for 3-4"), True),
    (NC_("term forms", "rummy"),
     N_("going out in one turn, having melded nothing before"), False),
    (NC_("term forms", "rum"), N_("no card left out of a meld"), False),
    (NC_("term forms", "gin"), N_("no card left out of a meld"), False),
    (NC_("term forms", "lay off|laying off|laid off"),
     N_("to lay off is to add your cards to melds already on the table"), True),
    (NC_("term forms", "knocker"), N_("the player who ended the hand"), False),
    (NC_("term forms", "knock|knocked|knocking"),
     N_("to knock is to end the hand: every hand is shown and counted"), True),
)

#: :data:`_TERMS` as the English forms, each meaning, and whether it is a verb
TERMS: tuple[tuple[tuple[str, ...], str, bool], ...] = tuple(
    (tuple(forms.split("|")), meaning, verb) for forms, meaning, verb in _TERMS)


_EDGES = re.compile(r"^\W+|\W+$")


def terms() -> list[tuple[str, tuple[str, ...], str, bool]]:
    """The game's terms in the player's language: (the English name, the forms a text
    may use, the meaning, whether a verb). The English name is what :func:`terms_used`
    and ``skip`` speak of, whatever the language."""
    out = []
    for (english, _meaning, verb), (forms, meaning, _v) in zip(TERMS, _TERMS, strict=True):
        # the forms as words: no stray spaces or marks around them
        local = tuple(w for f in pgettext("term forms", forms).split("|")
                      if (w := _EDGES.sub("", f))) or english
        out.append((english[0], local, _(meaning), verb))
    return out


def _pattern(words: Sequence[str], tail: str = "") -> re.Pattern[str]:
    alternatives = "|".join(re.escape(w) for w in words)
    return re.compile(rf"\b(?:{alternatives})\b{tail}", re.IGNORECASE)


def explain_terms(texts: Sequence[str], skip: Iterable[str] = ()) -> list[str]:
    """``texts`` (read in this order) with each game term explained in brackets where it
    is first used; terms in ``skip`` (English names, as :func:`terms_used` gives them) are
    left as they are (already explained).

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
    >>> explain_terms(["Take the 5♠ (deadwood 39 -> 34)"])[0]
    'Take the 5♠ (deadwood 39 -> 34; deadwood: the points of the cards in no meld)'
    >>> explain_terms(["Lay off 8♥ on the run: laying off takes your count to 50"])[0]
    'Lay off 8♥ on the run (to lay off is to add your cards to melds already on the \
table): laying off takes your count to 50'
    """
    done = {t.lower() for t in skip}
    out = list(texts)
    meanings: list[str] = []
    inner: set[int] = set()  # meanings given inside brackets already open
    table = terms()
    for n, (name, words, meaning, verb) in enumerate(table):
        if name in done or any(w.lower() in done for w in words):
            continue
        pattern = _pattern(words, r"(?![ -]?(?:rummy\b|\())")
        longer = [w for _n, ws, _m, _v in table[:n] for w in ws]
        for i, text in enumerate(out):
            spans = [m for m in pattern.finditer(text)
                     if not _inside_term(text, m.start(), m.end(), longer)]
            if not spans:
                continue
            end = spans[0].end()
            given = meaning
            closing = _closing_bracket(text, spans[0].start())
            if closing is not None:
                # inside brackets already ("(deadwood 39 -> 34)"): the meaning goes at
                # their end, not in brackets of its own within them
                end = closing
                inner.add(len(meanings))
                if not verb:
                    # Translators: a game term's meaning given at the end of words already
                    # in brackets: "(34 deadwood at the end of the turn; deadwood: the
                    # points of the cards in no meld)"
                    given = _("{term}: {meaning}").format(term=spans[0].group(0),
                                                          meaning=meaning)
            elif verb:  # at the end of the clause, unless another meaning ends it already
                boundary = re.search(r"[:;,]", text[end:])
                clause = end + boundary.start() if boundary else len(text)
                while clause > end and text[clause - 1].isspace():  # "frapper :" in French
                    clause -= 1
                if not text[:clause].endswith("\x01"):
                    end = clause
            # a marker now, the meaning at the end: no term is looked for inside a meaning
            out[i] = f"{text[:end]}\x00{len(meanings)}\x01{text[end:]}"
            meanings.append(given)
            done.add(name)
            done.update(w.lower() for w in words)
            break
    # Translators: a game term's meaning, in brackets after the term
    bracket = _(" ({meaning})")
    # Translators: a game term's meaning at the end of words in brackets, after them
    within = _("; {meaning}")

    def placed(m: re.Match[str]) -> str:
        n = int(m.group(1))
        return (within if n in inner else bracket).format(meaning=meanings[n])

    return [re.sub("\x00(\\d+)\x01", placed, text) for text in out]


def _closing_bracket(text: str, at: int) -> int | None:
    """Where the bracket open around ``at`` in ``text`` closes, if ``at`` is inside one
    (the brackets :func:`explain_terms` adds are not in ``text`` yet)."""
    depth = 0
    for ch in text[:at]:
        depth += (ch == "(") - (ch == ")")
    if depth <= 0:
        return None
    for k in range(at, len(text)):
        depth += (text[k] == "(") - (text[k] == ")")
        if depth == 0:
            return k
    return None


def terms_used(text: str) -> set[str]:
    """The game's terms ``text`` uses (each by its English name, the first form in
    :data:`TERMS`), found in the player's language.

    >>> sorted(terms_used("Knock now, throwing 8♠: 20 deadwood"))
    ['deadwood', 'knock']
    >>> sorted(terms_used(explain_terms(["an undercut"])[0]))
    ['undercut']
    """
    table = terms()
    bracket = _(" ({meaning})")
    for _name, _words, meaning, _verb in table:  # the meanings given are not uses
        text = text.replace(bracket.format(meaning=meaning), "").replace(meaning, "")
    used = set()
    for n, (name, words, _meaning, _verb) in enumerate(table):
        longer = [w for _n, ws, _m, _v in table[:n] for w in ws]
        for m in _pattern(words).finditer(text):
            if not _inside_term(text, m.start(), m.end(), longer):
                used.add(name)
                break
    return used


def _inside_term(text: str, start: int, end: int, longer: Sequence[str] = ()) -> bool:
    """Whether the match at ``start:end`` is part of a longer term ("gin" in "big gin",
    one of the ``longer`` forms) or of the game's name ("Gin Rummy")."""
    if text[:start].lower().endswith(("big ", "gin ")):
        return True
    for m in _pattern(longer).finditer(text) if longer else ():
        if m.start() <= start and end <= m.end() and (m.start(), m.end()) != (start, end):
            return True
    return False


def signed(value: int) -> str:
    """``"+5"``, ``"-3"``, ``"0"``."""
    return f"+{value}" if value > 0 else str(value)


def ordinal(number: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ``11th``, ``22nd`` (of a turn: "your 2nd turn").

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd']
    """
    if number == 1:
        # Translators: the first, as a number ("your 1st turn"); the turn is the noun
        return pgettext("ordinal", "1st")
    # Translators: ordinals of a turn ("your 21st turn", "your 2nd turn"): the English
    # suffix picks the message (st after 21, 31...; nd after 2, 22...; rd after 3, 23...;
    # th for the rest, 11th to 13th too); give your language's form of {n} for each.
    if 10 <= number % 100 <= 20:
        return pgettext("ordinal", "{n}th").format(n=number)
    last = number % 10
    if last == 1:
        return pgettext("ordinal", "{n}st").format(n=number)
    if last == 2:
        return pgettext("ordinal", "{n}nd").format(n=number)
    if last == 3:
        return pgettext("ordinal", "{n}rd").format(n=number)
    return pgettext("ordinal", "{n}th").format(n=number)
