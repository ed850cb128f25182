"""*How to play* pages, one per family, as structured data the window only lays out:
short sections of a few sentences, illustrated with rows of cards (a set, a run, a hand
with its deadwood counted) and one showdown worked through. Every figure of the worked
showdown is computed by the engine's own melds, layoffs and scoring, never typed.

>>> page("knock").title
'How to play Knock Rummy'
>>> [s.title for s in page("gin").sections][:2]
['The aim', 'Sets and runs']
>>> page("rummy").showdown.result.points
(21, 0)
"""

from __future__ import annotations

from dataclasses import dataclass

from knockrummy.engine import (
    Arrangement,
    Card,
    HandResult,
    Rules,
    best_arrangement,
    best_layoffs,
    cards_label,
    min_deadwood,
    parse_cards,
    preset,
)
from knockrummy.engine.melds import cards_value, deadwood_cards
from knockrummy.engine.scoring import score_gin, score_knock_rummy, score_rummy_out


@dataclass(frozen=True)
class CardRow:
    """A row of card images: ``groups`` drawn side by side with a gap between them
    (melds first, then the deadwood), ``caption`` above and ``note`` below."""

    caption: str
    groups: tuple[tuple[Card, ...], ...]
    note: str = ""


@dataclass(frozen=True)
class Showdown:
    """One hand's end worked through: each seat's cards after the end (melds, then
    deadwood), who ended it and with what card, and the engine's result."""

    names: tuple[str, ...]
    rows: tuple[CardRow, ...]
    ender: int
    end_card: Card
    hands: tuple[tuple[Card, ...], ...]
    result: HandResult


@dataclass(frozen=True)
class Section:
    """A short section: a title, a few sentences and the cards that illustrate them."""

    title: str
    sentences: tuple[str, ...]
    rows: tuple[CardRow, ...] = ()


@dataclass(frozen=True)
class Page:
    """The *How to play* page of one family (named by its default preset)."""

    key: str
    title: str
    sections: tuple[Section, ...]
    showdown: Showdown


NAMES = ("You", "Ada")


def _c(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def _groups(cards: tuple[Card, ...], melds: Arrangement) -> tuple[tuple[Card, ...], ...]:
    """The melds, then the deadwood (when there is any), as groups of a row."""
    dead = tuple(deadwood_cards(cards, melds))
    return (*melds, *((dead,) if dead else ()))


def counted(cards: tuple[Card, ...], ace_high: bool = False) -> str:
    """The deadwood of ``cards`` counted out: ``"K♣ 10 + 5♠ 5 = 15"`` (or "none")."""
    melds = best_arrangement(cards, ace_high)
    dead = deadwood_cards(cards, melds)
    if not dead:
        return "no deadwood: 0"
    parts = " + ".join(f"{c.label} {c.value(ace_high)}" for c in dead)
    return f"{parts} = {min_deadwood(cards, ace_high)}" if len(dead) > 1 else parts


def hand_row(caption: str, cards: tuple[Card, ...], ace_high: bool = False) -> CardRow:
    """A hand laid out in its best melds, its deadwood counted below."""
    groups = _groups(cards, best_arrangement(cards, ace_high))
    return CardRow(caption, groups, "Deadwood: " + counted(cards, ace_high))


def _melds_section(rules: Rules) -> Section:
    ace = ("An ace is low: A 2 3 is a run, Q K A is not."
           if not rules.ace_high else "An ace is high: Q K A is a run, A 2 3 is not.")
    return Section(
        "Sets and runs",
        ("A set is three or four cards of the same rank.",
         "A run is three or more cards in a row, in one suit. " + ace,
         "Sets and runs are melds. A card belongs to one meld only."),
        (CardRow("A set", (_c("7S 7H 7C"),)), CardRow("A run", (_c("4D 5D 6D 7D"),))))


def _deadwood_section() -> Section:
    hand = _c("3S 4S 5S 9H 9D 9C KC 5H AH 2D")
    return Section(
        "Deadwood",
        ("Cards outside your melds are deadwood. Each counts its number; jacks, queens "
         "and kings 10, an ace 1.",
         "Your deadwood is the smallest count over every way to group your cards; the "
         "game always finds it and shows it by your hand."),
        (hand_row("A hand of 10", hand),))


# ----------------------------------------------------------------------- Knock Rummy


def knock_showdown(rules: Rules) -> Showdown:
    """You knock with the K♣ and count 6; Ada counts 26."""
    mine, theirs, card = _c("3S 4S 5S 6S 8H 8D 8C 2D 3H AC"), _c("9H TH JH QS QD QC 4D 5C 7C KD"), \
        Card.parse("KC")
    counts = [min_deadwood(mine), min_deadwood(theirs)]
    result = score_knock_rummy(rules, NAMES, counts, 0, "knock")
    rows = (hand_row("You knocked with the K♣", mine), hand_row("Ada", theirs))
    return Showdown(NAMES, rows, 0, card, (mine, theirs), result)


def knock_page() -> Page:
    """How to play Knock Rummy."""
    rules = preset("knock")
    show = knock_showdown(rules)
    k, a = show.result.counts
    won = show.result.points[0]
    return Page("knock", "How to play Knock Rummy", (
        Section("The aim", ("Two to six players. Group your cards into melds, so that the "
                            "cards left over count as little as possible.",
                            "With two players each gets 10 cards; with 3-4, 7; with 5-6, 6.")),
        _melds_section(rules),
        _deadwood_section(),
        Section("A turn", ("Draw one card: the top of the stock, or the top of the discard "
                           "pile. You may not throw back a card you just took from the pile.",
                           "Then discard one card face up, or knock: discard and end the "
                           "hand. You may knock at any count.")),
        Section("The showdown", (
            "Everyone shows melds and deadwood. The lowest count wins and takes the "
            "difference from each other player.",
            f"Here you knocked with {k} and Ada counts {a}: Ada pays you {a} - {k} = {won}."),
            show.rows),
        Section("Undercut and rum", (
            "If someone counts less than the knocker, they win instead, and the knocker "
            f"pays them the difference plus {rules.knock_penalty}: an undercut.",
            f"A winner with no deadwood at all has rum: each other player pays "
            f"{rules.rum_bonus} more.",
            f"A game lasts {rules.deals_per_player} deals per player; most points wins.")),
    ), show)


# ----------------------------------------------------------------------- Gin Rummy


def gin_showdown(rules: Rules) -> Showdown:
    """You knock with 5 after throwing the Q♠; Ada lays off two cards and keeps 13."""
    mine, theirs, card = _c("2C 3C 4C 7S 7H 7D 9D TD JD 5H"), _c("KH KS KC 8H 9H TH 5C 7C 4D 9S"), \
        Card.parse("QS")
    melds = best_arrangement(mine)
    targets = [(m, m) for m in melds]
    plays, left = best_layoffs(theirs, targets, rules.layoffs)
    laid = {c for c, _ in plays}
    kept = tuple(c for c in theirs if c not in laid)
    counts = [min_deadwood(mine), left]
    result = score_gin(rules, NAMES, counts, 0, "knock")
    rows = (hand_row("You knocked, the Q♠ face down", mine),
            CardRow("Ada lays off", (tuple(c for c, _ in plays),),
                    "onto your melds: " + cards_label(c for c, _ in plays)),
            hand_row("Ada keeps", kept))
    return Showdown(NAMES, rows, 0, card, (mine, theirs), result)


def gin_page() -> Page:
    """How to play Gin Rummy."""
    rules = preset("gin")
    show = gin_showdown(rules)
    k, a = show.result.counts
    won = show.result.points[0]
    before = min_deadwood(show.hands[1])
    laid = len(show.rows[1].groups[0])
    return Page("gin", "How to play Gin Rummy", (
        Section("The aim", ("Two players, 10 cards each (Gin for 3-4 players deals 7 and "
                            "counts penalty points: its Rules page says how). Group your "
                            "cards into melds; the cards left over count against you.",
                            f"The first to {rules.target_score} points wins the game.")),
        _melds_section(rules),
        _deadwood_section(),
        Section("A turn", ("On the first turn the up card is offered: take it or pass.",
                           "Then each turn: draw from the stock or the pile, then discard.",
                           f"You may knock only with {rules.knock_limit} or less deadwood "
                           "after your discard, which goes face down.")),
        Section("The showdown", (
            "The knocker lays out melds; the other player may lay off deadwood onto them.",
            f"Here you knocked with {k}. Ada had {before}, laid off {laid} cards and keeps "
            f"{a}: you score {a} - {k} = {won}."),
            show.rows),
        Section("Undercut and gin", (
            "If the other player's count is not higher than the knocker's, they undercut: "
            f"they score the difference plus {rules.undercut_bonus}.",
            f"Knock with no deadwood and it is gin: {rules.gin_bonus} more, and nobody "
            "lays off. All 11 cards melded after the draw is big gin: "
            f"{rules.big_gin_bonus} more.",
            f"At the end each hand won adds {rules.line_bonus}, and the winner of the game "
            f"{rules.game_bonus}.")),
    ), show)


# ----------------------------------------------------------------------- Rummy


def rummy_showdown(rules: Rules) -> Showdown:
    """You go out with the 5♠; Ada still holds four cards."""
    theirs, card = _c("7S QH 3D AC"), Card.parse("5S")
    counts = [0, cards_value(theirs, rules.ace_high)]
    result = score_rummy_out(rules, NAMES, counts, 0, rummy=False)
    note = " + ".join(f"{c.label} {c.value(rules.ace_high)}" for c in theirs)
    rows = (CardRow("You discard your last card", ((card,),)),
            CardRow("Ada still holds", (theirs,), f"{note} = {counts[1]}"))
    return Showdown(NAMES, rows, 0, card, ((card,), theirs), result)


def rummy_page() -> Page:
    """How to play Rummy."""
    rules = preset("rummy")
    show = rummy_showdown(rules)
    won = show.result.points[0]
    return Page("rummy", "How to play Rummy", (
        Section("The aim", ("Two to four players. Be the first to get rid of every card.",
                            "With two players each gets 10 cards; with 3-4, 7.",
                            f"The first to {rules.target_score} points wins the game.")),
        _melds_section(rules),
        Section("A turn", ("Draw from the stock or the pile.",
                           "Then lay any melds face up on the table, and lay off cards onto "
                           "any meld already there, yours or anyone's.",
                           "End the turn with a discard. Your last card must be a discard.")),
        Section("Going out", (
            "The player who discards their last card wins the hand and scores the cards "
            "left in every other hand: faces 10, aces 1, the rest their number.",
            f"Here Ada still holds {show.result.counts[1]}, so you score {won}."),
            show.rows),
        Section("When the stock runs out", (
            "Take the top discard, or turn the pile over as a new stock. The second time "
            "it runs out the hand ends, and the lowest hand scores the differences.",
            "Going out all at once, with nothing laid before, is rummy. It scores double "
            "only with the house rule \u201cRummy doubles\u201d, which is off unless you "
            "choose it.")),
    ), show)


#: every page by key: the family's default preset
PAGES = {"knock": knock_page, "gin": gin_page, "rummy": rummy_page}


def page(key: str) -> Page:
    """The *How to play* page of the family whose default preset is ``key``."""
    try:
        return PAGES[key]()
    except KeyError:
        raise ValueError(f"no page {key!r}; choose one of {', '.join(PAGES)}") from None
