"""The Rummy lesson: melds laid on the table, a layoff on the opponent's meld, going
out with the last discard, and the score of what the other hand still holds."""

from __future__ import annotations

from knockrummy.app.lessons.steps import (
    PRESS_NEXT,
    Arrange,
    Do,
    FirstGame,
    Lesson,
    Lit,
    Next,
    Place,
    SeatPlan,
    Step,
    Wrong,
    card,
    cards,
    say,
)
from knockrummy.engine import Discard, DrawDiscard, DrawStock, LayOff, MeldCards
from knockrummy.i18n import N_

_KINGS, _DIAMONDS, _SPADES, _ADA = cards("KH KC KD"), cards("2D 3D 4D"), cards("6S 7S 8S"), 3
_ADAS_RUN = cards("9H TH JH")
_4D, _9C, _AC, _QS, _QH = card("4D"), card("9C"), card("AC"), card("QS"), card("QH")
# Translators: Meld is the table's button that lays the picked cards on the table.
_MELDS_FIRST = N_("Lay your melds first: the discard ends your turn.")

STEPS = (
    Step(N_("Welcome to Rummy. You and Ada hold 10 cards. Melds go on the table as soon as "
            "you make them; the first to get rid of every card wins."),
         PRESS_NEXT, Next()),
    Step(say(N_("A run is three or more cards in a row, in one suit. Drag {run} next to "
                "each other in your hand."), run=_SPADES),
         say(N_("Put {run} together."), run=_SPADES), Arrange(_SPADES), Lit(_SPADES)),
    Step(say(N_("A set is three or four cards of one rank. Put {set} together. Runs and "
                "sets are called melds."), set=_KINGS),
         say(N_("Put {set} together."), set=_KINGS), Arrange(_KINGS), Lit(_KINGS)),
    Step(say(N_("A turn starts with a draw, from the stock or the discard pile. The {card} "
                "on the pile makes a run with your {pair}: take it."),
             card=_4D, pair=cards("2D 3D")),
         say(N_("Take the {card} from the discard pile."), card=_4D), Do(DrawDiscard()),
         Lit(cards("4D 2D 3D"), (Place.DISCARD,)),
         (Wrong((DrawStock(),), say(N_("The stock is a surprise, but the {card} surely "
                                       "makes a run with {pair}. Take it from the pile."),
                                    card=_4D, pair=cards("2D 3D"))),)),
    # Translators: Meld is the table's button that lays the picked cards on the table.
    Step(say(N_("After the draw you may lay melds face up on the table. Drag {set} onto "
                "the table, or pick them and press Meld."), set=_KINGS),
         # Translators: to meld: to lay these cards face up on the table as a meld.
         say(N_("Meld {cards}."), cards=_KINGS), Do(MeldCards(_KINGS)),
         Lit(_KINGS, (Place.TABLE, Place.MELD_BUTTON)),
         (Wrong((MeldCards(_DIAMONDS), MeldCards(_SPADES)),
                N_("That meld is good too! One at a time: first the kings.")),
          Wrong((Discard(_9C), Discard(_AC)), _MELDS_FIRST))),
    Step(say(N_("Now lay the run {run}."), run=_DIAMONDS),
         say(N_("Meld {cards}."), cards=_DIAMONDS), Do(MeldCards(_DIAMONDS)),
         Lit(_DIAMONDS, (Place.TABLE, Place.MELD_BUTTON)),
         (Wrong((MeldCards(_SPADES),),
                say(N_("That meld is good too! One at a time: first {cards}."),
                    cards=_DIAMONDS)),
          Wrong((Discard(_9C), Discard(_AC)), _MELDS_FIRST))),
    Step(say(N_("And the run {run}."), run=_SPADES),
         say(N_("Meld {cards}."), cards=_SPADES), Do(MeldCards(_SPADES)),
         Lit(_SPADES, (Place.TABLE, Place.MELD_BUTTON)),
         (Wrong((Discard(_9C), Discard(_AC)),
                N_("Lay your spades first: the discard ends your turn.")),)),
    Step(say(N_("A turn ends with a discard. Throw the {card} and keep the {ace}: if Ada "
                "goes out first, the cards you hold count for her."), card=_9C, ace=_AC),
         say(N_("Discard the {card}."), card=_9C), Do(Discard(_9C)), Lit(cards("9C AC")),
         (Wrong((Discard(_AC),), say(N_("Keep the {ace}: it counts only 1 if Ada goes out "
                                        "first, the {card} counts 9. Throw the {card}."),
                                     ace=_AC, card=_9C)),)),
    Step(say(N_("Ada laid a run, {run}, and threw the {card}. Melds on the table belong to "
                "nobody: anyone may add cards to them."), run=_ADAS_RUN, card=_QS),
         PRESS_NEXT, Next(), Lit((_QS,), (), (_ADA,))),
    Step(N_("Your turn: draw from the stock."),
         N_("Draw from the stock."), Do(DrawStock()), Lit((), (Place.STOCK,)),
         (Wrong((DrawDiscard(),), say(N_("The {card} fits none of your cards. Draw from "
                                         "the stock."), card=_QS)),)),
    Step(say(N_("You drew the {card}. It fits Ada's run: adding a card to a meld on the "
                "table is a layoff. Lay the {card} off on {run}."), card=_QH, run=_ADAS_RUN),
         say(N_("Lay off the {card} on Ada's run."), card=_QH), Do(LayOff(_QH, _ADA)),
         Lit((_QH,), (), (_ADA,)),
         (Wrong((Discard(_QH),), say(N_("The {card} fits Ada's run: lay it off there, and "
                                        "you are one card from going out."), card=_QH)),
          Wrong((Discard(_AC),), say(N_("Then you would still hold the {card}. Lay it off "
                                        "on Ada's run first."), card=_QH)))),
    Step(say(N_("One card left. Discard the {card} to go out: your last card always goes "
                "on the pile, never on a meld."), card=_AC),
         say(N_("Discard the {card}."), card=_AC), Do(Discard(_AC)),
         Lit((_AC,), (Place.DISCARD,))),
    # Translators: {their_cards} is a list of cards ("7♠, Q♥, 3♦, A♣").
    Step(N_("You went out! You score what Ada still holds: {their_cards}. Faces count 10, "
            "aces 1, the rest their number: {you_points} points."),
         PRESS_NEXT, Next(), Lit((), (Place.SHOWDOWN,))),
    # Translators: “Rummy doubles” is the house rule's name as the Settings and New game
    # screens show it.
    Step(N_("Going out all at once, with nothing laid before, is called rummy. It scores "
            "double only with the house rule \u201cRummy doubles\u201d, off unless you "
            "choose it. The first to 150 wins the game."),
         PRESS_NEXT, Next()),
)

LESSON = Lesson(
    key="rummy",
    named=N_("Rummy"),
    preset="rummy",
    names=("You", "Ada"),
    hands=("KH 6S 2D 9C KC 8S AC 3D KD 7S", "9H TH JH 5C 7D 8C QS 3H 4S JD"),
    upcard="4D",
    stock_top="2C QH",
    dealer=1,
    script=(DrawStock(), MeldCards(_ADAS_RUN), Discard(_QS)),
    steps=STEPS,
    first_game=FirstGame("rummy", (SeatPlan("You", "human"),
                                   SeatPlan("Ada", "computer", "easy"))),
    summed_up=N_("Melds on the table, a layoff, going out and the score."),
)
