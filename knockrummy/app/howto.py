"""*How to play* pages, one per family, as structured data the window only lays out:
short sections of a few sentences, illustrated with rows of cards (a set, a run, a hand
with its deadwood counted) and one showdown worked through. Every figure of the worked
showdown is computed by the engine's own melds, layoffs and scoring, never typed.

The words are made in the player's language each time a page is made (:func:`page`), the
cards named as their corners show them (:mod:`knockrummy.words.cards`).

>>> page("knock").title
'How to play Knock Rummy'
>>> [s.title for s in page("gin").sections][:2]
['The aim', 'Sets and runs']
>>> page("rummy").showdown.result.points
(21, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from knockrummy.engine import (
    Arrangement,
    Card,
    HandResult,
    Rules,
    best_arrangement,
    best_layoffs,
    min_deadwood,
    parse_cards,
    preset,
)
from knockrummy.engine.melds import cards_value, deadwood_cards
from knockrummy.engine.scoring import score_gin, score_knock_rummy, score_rummy_out
from knockrummy.i18n import N_, _, ngettext
from knockrummy.words.cards import card_label, cards_label, rank_letter


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


#: the seats of the worked showdowns (the game's seat names: "You" is the human seat)
NAMES = ("You", "Ada")


def _c(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def _groups(cards: tuple[Card, ...], melds: Arrangement) -> tuple[tuple[Card, ...], ...]:
    """The melds, then the deadwood (when there is any), as groups of a row."""
    dead = tuple(deadwood_cards(cards, melds))
    return (*melds, *((dead,) if dead else ()))


def _sum(cards: Sequence[Card], ace_high: bool) -> str:
    """Cards and what each counts, added up: ``"K♣ 10 + 5♠ 5"``."""
    # Translators: a card and what it counts in a sum ("K♣ 10").
    terms = [_("{card} {points}").format(card=card_label(c), points=c.value(ace_high))
             for c in cards]
    out = terms[0]
    for term in terms[1:]:
        # Translators: a sum going on: what is added up so far, plus one more card.
        out = _("{sum} + {term}").format(sum=out, term=term)
    return out


def _total(cards: Sequence[Card], ace_high: bool, total: int) -> str:
    """Cards and what each counts, added up, and the total: ``"K♣ 10 + 5♠ 5 = 15"``."""
    # Translators: a sum of cards ("K♣ 10 + 5♠ 5") and its total.
    return _("{sum} = {total}").format(sum=_sum(cards, ace_high), total=total)


def counted(cards: tuple[Card, ...], ace_high: bool = False) -> str:
    """The deadwood of ``cards`` counted out: ``"K♣ 10 + 5♠ 5 = 15"`` (or "none")."""
    melds = best_arrangement(cards, ace_high)
    dead = deadwood_cards(cards, melds)
    if not dead:
        return _("no deadwood: {total}").format(total=0)
    if len(dead) == 1:
        return _sum(dead, ace_high)
    return _total(dead, ace_high, min_deadwood(cards, ace_high))


def hand_row(caption: str, cards: tuple[Card, ...], ace_high: bool = False) -> CardRow:
    """A hand laid out in its best melds, its deadwood counted below."""
    groups = _groups(cards, best_arrangement(cards, ace_high))
    # Translators: below a hand of cards: its deadwood counted ("K♣ 10 + 5♠ 5 = 15").
    return CardRow(caption, groups, _("Deadwood: {counted}").format(
        counted=counted(cards, ace_high)))


def _ranks(*ranks: int) -> str:
    """Ranks as the cards' corners show them: ``"Q K A"``."""
    return " ".join(rank_letter(r) for r in ranks)


def _melds_section(rules: Rules) -> Section:
    low, high = _ranks(1, 2, 3), _ranks(12, 13, 1)
    if rules.ace_high:
        # Translators: {high} and {low} are ranks as the cards' corners show them
        # ("Q K A", "A 2 3").
        run = _("A run is three or more cards in a row, in one suit. An ace is high: "
                "{high} is a run, {low} is not.").format(high=high, low=low)
    else:
        # Translators: {low} and {high} are ranks as the cards' corners show them
        # ("A 2 3", "Q K A").
        run = _("A run is three or more cards in a row, in one suit. An ace is low: "
                "{low} is a run, {high} is not.").format(low=low, high=high)
    return Section(
        _("Sets and runs"),
        (_("A set is three or four cards of the same rank."),
         run,
         _("Sets and runs are melds. A card belongs to one meld only.")),
        (CardRow(_("A set"), (_c("7S 7H 7C"),)), CardRow(_("A run"), (_c("4D 5D 6D 7D"),))))


def _keys_section(family: str) -> Section:
    """Playing with the keyboard alone: the keys a player cannot find by hovering (a
    helper found Left, Right and Enter by guessing)."""
    common = (
        _("Left and Right move between the stock and the discard pile while you draw, then "
          "light your cards, first the one you drew; Enter draws from the pile or throws "
          "the lit card. F1 or ? shows these keys."),
        _("H asks for a hint, and Enter then makes it. S sorts your cards, A arranges them "
          "into melds, Ctrl+Z takes back a move if Settings allow undo (not in "
          "pass-and-play), Esc opens the menu."))
    if family == "rummy":
        more: tuple[str, ...] = (
            _("Up picks the lit card for a meld, and M lays the picked cards down (one card "
              "that fits a meld on the table is laid off there); T turns the pile over when "
              "the stock runs out."),)
    elif family == "gin":
        more = (_("K knocks and G goes gin: then Left, Right and Enter choose the card to "
                  "throw, and Esc goes back."),
                # Translators: "Automatic layoffs" is the setting's name as Settings shows it
                _("With two players only: P passes the up card on the first turn, and when "
                  "the other player knocks, Enter lays off the lit card and F is Done laying "
                  "off (unless Automatic layoffs is on)."))
    else:
        more = (_("K knocks: then Left, Right and Enter choose the card to throw, and Esc "
                  "goes back."),)
    return Section(_("With the keyboard"), (*common, *more))


def _deadwood_section() -> Section:
    hand = _c("3S 4S 5S 9H 9D 9C KC 5H AH 2D")
    return Section(
        _("Deadwood"),
        (_("Cards outside your melds are deadwood. Each counts its number; jacks, queens "
           "and kings 10, an ace 1."),
         _("Your deadwood is the smallest count over every way to group your cards; the "
           "game always finds it and shows it by your hand.")),
        # Translators: a caption above the cards of a hand; {count} is how many.
        (hand_row(ngettext("A hand of {count}", "A hand of {count}", len(hand)).format(
            count=len(hand)), hand),))


# ----------------------------------------------------------------------- Knock Rummy


def knock_showdown(rules: Rules) -> Showdown:
    """You knock with the K♣ and count 6; Ada counts 26."""
    mine, theirs, card = _c("3S 4S 5S 6S 8H 8D 8C 2D 3H AC"), _c("9H TH JH QS QD QC 4D 5C 7C KD"), \
        Card.parse("KC")
    counts = [min_deadwood(mine), min_deadwood(theirs)]
    result = score_knock_rummy(rules, NAMES, counts, 0, "knock")
    rows = (hand_row(_("You knocked with the {card}").format(card=card_label(card)), mine),
            hand_row(NAMES[1], theirs))
    return Showdown(NAMES, rows, 0, card, (mine, theirs), result)


def knock_page() -> Page:
    """How to play Knock Rummy."""
    rules = preset("knock")
    show = knock_showdown(rules)
    k, a = show.result.counts
    won = show.result.points[0]
    return Page("knock", _("How to play Knock Rummy"), (
        Section(_("The aim"), (
            _("Two to six players. Group your cards into melds, so that the cards left over "
              "count as little as possible."),
            _("With two players each gets 10 cards; with 3-4, 7; with 5-6, 6."))),
        _melds_section(rules),
        _deadwood_section(),
        Section(_("A turn"), (
            _("Draw one card: the top of the stock, or the top of the discard pile. You may "
              "not throw back a card you just took from the pile."),
            _("Then discard one card face up, or knock: discard and end the hand. You may "
              "knock at any count."))),
        Section(_("The showdown"), (
            _("Everyone shows melds and deadwood. The lowest count wins and takes the "
              "difference from each other player."),
            # Translators: {mine} is your count, {theirs} Ada's, {won} the difference.
            _("Here you knocked with {mine} and Ada counts {theirs}: Ada pays you {theirs} "
              "- {mine} = {won}.").format(mine=k, theirs=a, won=won)),
            show.rows),
        Section(_("Undercut and rum"), (
            _("If someone counts less than the knocker, they win instead, and the knocker "
              "pays them the difference plus {penalty}: an undercut.").format(
                penalty=rules.knock_penalty),
            _("A winner with no deadwood at all has rum: each other player pays {bonus} "
              "more.").format(bonus=rules.rum_bonus),
            ngettext("A game lasts {deals} deal per player; most points wins.",
                     "A game lasts {deals} deals per player; most points wins.",
                     rules.deals_per_player).format(deals=rules.deals_per_player))),
        _keys_section("knock"),
    ), show)


# ----------------------------------------------------------------------- Gin Rummy


def gin_showdown(rules: Rules) -> Showdown:
    """You knock with 5 after throwing the Q♠; Ada lays off two cards and keeps 13."""
    mine, theirs, card = _c("2C 3C 4C 7S 7H 7D 9D TD JD 5H"), _c("KH KS KC 8H 9H TH 5C 7C 4D 9S"), \
        Card.parse("QS")
    melds = best_arrangement(mine)
    targets = [(m, m) for m in melds]
    plays, left = best_layoffs(theirs, targets, rules.layoffs)
    laid = {c for c, _t in plays}
    kept = tuple(c for c in theirs if c not in laid)
    counts = [min_deadwood(mine), left]
    result = score_gin(rules, NAMES, counts, 0, "knock")
    rows = (hand_row(_("You knocked, the {card} face down").format(card=card_label(card)),
                     mine),
            CardRow(_("Ada lays off"), (tuple(c for c, _t in plays),),
                    # Translators: below the cards Ada lays off onto your melds.
                    _("onto your melds: {cards}").format(
                        cards=cards_label(c for c, _t in plays))),
            hand_row(_("Ada keeps"), kept))
    return Showdown(NAMES, rows, 0, card, (mine, theirs), result)


def gin_page() -> Page:
    """How to play Gin Rummy."""
    rules = preset("gin")
    show = gin_showdown(rules)
    k, a = show.result.counts
    won = show.result.points[0]
    before = min_deadwood(show.hands[1])
    laid = len(show.rows[1].groups[0])
    return Page("gin", _("How to play Gin Rummy"), (
        Section(_("The aim"), (
            _("Two players, 10 cards each (Gin for 3-4 players deals 7 and counts penalty "
              "points: its Rules page says how). Group your cards into melds; the cards "
              "left over count against you."),
            _("The first to {target} points wins the game.").format(
                target=rules.target_score))),
        _melds_section(rules),
        _deadwood_section(),
        Section(_("A turn"), (
            _("On the first turn the up card is offered: take it or pass."),
            _("Then each turn: draw from the stock or the pile, then discard."),
            _("You may knock only with {limit} or less deadwood after your discard, which "
              "goes face down.").format(limit=rules.knock_limit))),
        Section(_("The showdown"), (
            _("The knocker lays out melds; the other player may lay off deadwood onto them."),
            # Translators: {mine} is your count; Ada had {before}, laid off {laid} cards and
            # keeps {theirs}; {won} is what you score.
            ngettext("Here you knocked with {mine}. Ada had {before}, laid off {laid} card "
                     "and keeps {theirs}: you score {theirs} - {mine} = {won}.",
                     "Here you knocked with {mine}. Ada had {before}, laid off {laid} cards "
                     "and keeps {theirs}: you score {theirs} - {mine} = {won}.",
                     laid).format(mine=k, before=before, laid=laid, theirs=a, won=won)),
            show.rows),
        Section(_("Undercut and gin"), (
            _("If the other player's count is not higher than the knocker's, they undercut: "
              "they score the difference plus {bonus}.").format(bonus=rules.undercut_bonus),
            _("Knock with no deadwood and it is gin: {gin} more, and nobody lays off. All 11 "
              "cards melded after the draw is big gin: {big_gin} more.").format(
                gin=rules.gin_bonus, big_gin=rules.big_gin_bonus),
            _("At the end each hand won adds {line}, and the winner of the game "
              "{game}.").format(line=rules.line_bonus, game=rules.game_bonus))),
        gin_multi_section(),
        _keys_section("gin"),
    ), show)


def gin_multi_section() -> Section:
    """Gin Rummy for 3-4 players, where it is not two-player Gin: the Gin page's section
    that F1 (or ?) at its table, and H on its rules, open the page at
    (:data:`VARIANT_SECTIONS`); the keys follow it."""
    rules = preset("gin-multi")
    return Section(_(VARIANT_SECTIONS["gin_multi"]), (
        # Translators: Gin Rummy for 3-4 players; {low}, {high}: how many players,
        # {cards}: how many cards each is dealt
        _("{low} or {high} players, {cards} cards each. No up card is offered: the first "
          "turn is like any other.").format(low=rules.min_players, high=rules.max_players,
                                           cards=rules.cards_for(rules.min_players)),
        _("You may knock with {limit} or less deadwood. When someone knocks, the others' "
          "layoffs are made for them.").format(limit=rules.knock_limit),
        _("Penalty points, lower is better. Knock: each opponent gets own deadwood minus "
          "the knocker's."),
        _("The game ends when someone reaches {target} penalty points; the lowest total "
          "wins.").format(target=rules.target_score)))


# ----------------------------------------------------------------------- Rummy


def rummy_showdown(rules: Rules) -> Showdown:
    """You go out with the 5♠; Ada still holds four cards."""
    theirs, card = _c("7S QH 3D AC"), Card.parse("5S")
    counts = [0, cards_value(theirs, rules.ace_high)]
    result = score_rummy_out(rules, NAMES, counts, 0, rummy=False)
    rows = (CardRow(_("You discard your last card"), ((card,),)),
            CardRow(_("Ada still holds"), (theirs,), _total(theirs, rules.ace_high, counts[1])))
    return Showdown(NAMES, rows, 0, card, ((card,), theirs), result)


def rummy_page() -> Page:
    """How to play Rummy."""
    rules = preset("rummy")
    show = rummy_showdown(rules)
    won = show.result.points[0]
    return Page("rummy", _("How to play Rummy"), (
        Section(_("The aim"), (
            _("Two to four players. Be the first to get rid of every card."),
            _("With two players each gets 10 cards; with 3-4, 7."),
            _("The first to {target} points wins the game.").format(
                target=rules.target_score))),
        _melds_section(rules),
        Section(_("A turn"), (
            _("Draw from the stock or the pile."),
            _("Then lay any melds face up on the table, and lay off cards onto any meld "
              "already there, yours or anyone's."),
            _("End the turn with a discard. Your last card must be a discard."))),
        Section(_("Going out"), (
            _("The player who discards their last card wins the hand and scores the cards "
              "left in every other hand: faces 10, aces 1, the rest their number."),
            _("Here Ada still holds {held}, so you score {won}.").format(
                held=show.result.counts[1], won=won)),
            show.rows),
        Section(_("When the stock runs out"), (
            _("Take the top discard, or turn the pile over as a new stock. The second time "
              "it runs out the hand ends, and the lowest hand scores the differences."),
            # Translators: “Rummy doubles” is the house rule's name as the Settings and
            # New game screens show it.
            _("Going out all at once, with nothing laid before, is rummy. It scores double "
              "only with the house rule \u201cRummy doubles\u201d, which is off unless you "
              "choose it."))),
        _keys_section("rummy"),
    ), show)


#: every page by key: the family's default preset
PAGES = {"knock": knock_page, "gin": gin_page, "rummy": rummy_page}

#: a rule family with no page of its own (``Rules.family``), and the heading of the
#: section of its family's page that is about it
VARIANT_SECTIONS = {"gin_multi": N_("Gin Rummy for 3-4")}


def page(key: str) -> Page:
    """The *How to play* page of the family whose default preset is ``key``."""
    try:
        return PAGES[key]()
    except KeyError:
        raise ValueError(f"no page {key!r}; choose one of {', '.join(PAGES)}") from None
