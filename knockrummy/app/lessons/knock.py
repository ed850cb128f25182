"""The Knock Rummy lesson: a run and a set, deadwood, the pile and the stock, a
discard, a knock and the showdown's arithmetic (undercut and rum in words)."""

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
from knockrummy.engine import Discard, DrawDiscard, DrawStock, Knock
from knockrummy.i18n import N_

_RUN, _SET = cards("7H 8H 9H"), cards("4S 4D 4C")
_KC, _QD, _TH, _JS, _AD = card("KC"), card("QD"), card("TH"), card("JS"), card("AD")
_RUN_BROKEN = say(N_("That would break your run of hearts: try the {card}."), card=_KC)
_SET_BROKEN = say(N_("That would break your set of fours: try the {card}."), card=_KC)

STEPS = (
    Step(N_("Welcome to Knock Rummy. You and Ada hold 10 cards each. Group your cards so "
            "that the ones left over add up to as little as possible."),
         PRESS_NEXT, Next()),
    Step(say(N_("A run is three or more cards in a row, in one suit. Drag {run} next to "
                "each other in your hand."), run=_RUN),
         say(N_("Put {run} together."), run=_RUN), Arrange(_RUN), Lit(_RUN)),
    Step(say(N_("A set is three or four cards of the same rank. Now put {set} together."),
             set=_SET),
         say(N_("Put {set} together."), set=_SET), Arrange(_SET), Lit(_SET)),
    Step(say(N_("Runs and sets are melds. Cards outside melds are deadwood: {king} and "
                "{queen} count 10, {three} counts 3, {two} 2. Your deadwood, shown by your "
                "hand, is 25."), king=_KC, queen=_QD, three=card("3C"), two=card("2S")),
         PRESS_NEXT, Next(), Lit(cards("KC QD 3C 2S"), (Place.DEADWOOD,))),
    Step(say(N_("A turn starts with a draw: the top of the stock, face down, or the top of "
                "the discard pile. The {card} on the pile fits your run. Take it."),
             card=_TH),
         say(N_("Take the {card} from the discard pile."), card=_TH), Do(DrawDiscard()),
         Lit((_TH,), (Place.DISCARD,)),
         (Wrong((DrawStock(),), say(N_("The stock is a surprise, but the {card} surely "
                                       "fits your run {run}. Take it from the pile."),
                                    card=_TH, run=_RUN)),)),
    Step(say(N_("A turn ends with a discard. Throw the {card}: it counts 10 and fits "
                "nothing."), card=_KC),
         say(N_("Discard the {card}."), card=_KC), Do(Discard(_KC)), Lit((_KC,)),
         (Wrong(tuple(Discard(c) for c in _RUN), _RUN_BROKEN),
          Wrong((Discard(_TH),), say(N_("You just took the {taken} from the pile, so it "
                                        "cannot go straight back. Try the {card}."),
                                     taken=_TH, card=_KC)),
          Wrong(tuple(Discard(c) for c in _SET), _SET_BROKEN),
          Wrong((Discard(_QD),), say(N_("Good thinking, the {queen} counts 10 too. Throw "
                                        "the {card} this time; the {queen} can go later."),
                                     queen=_QD, card=_KC)),
          Wrong((Knock(_KC),), say(N_("Not yet: knocking now would end the hand with 15 "
                                      "deadwood. Just discard the {card}."), card=_KC)))),
    Step(say(N_("Ada drew from the stock and threw the {card}. It fits none of your cards: "
                "draw from the stock."), card=_JS),
         # the J♠ stays unlit: lit on the pile, it read as "take it" beside a lit stock
         N_("Draw from the stock."), Do(DrawStock()), Lit((), (Place.STOCK,)),
         (Wrong((DrawDiscard(),), say(N_("The {card} would only add 10 to your deadwood. "
                                         "Draw from the stock."), card=_JS)),)),
    Step(say(N_("You drew the {ace}: an ace counts 1. Without the {queen}, your deadwood "
                "would be {two} + {three} + {ace} = 6."),
             ace=_AD, queen=_QD, two=card("2S"), three=card("3C")),
         PRESS_NEXT, Next(), Lit(cards("AD 2S 3C QD"), (Place.DEADWOOD,))),
    # Translators: Knock is the table's button that ends the hand with a discard.
    Step(say(N_("That is low enough. Press Knock, then choose the {card} to throw: the hand "
                "ends there. In Knock Rummy you may knock at any count."), card=_QD),
         say(N_("Knock with the {card}."), card=_QD), Do(Knock(_QD)),
         Lit((_QD,), (Place.KNOCK_BUTTON,)),
         # Translators: Knock is the table's button that ends the hand with a discard.
         (Wrong((Discard(_QD),), say(N_("That is an ordinary discard, and the hand would "
                                        "go on. Press Knock, then choose the {card}."),
                                     card=_QD)),
          Wrong(tuple(Knock(c) for c in cards("AD 2S 3C")),
                say(N_("Knock with the {card}: the card you throw does not count, so "
                       "throw your highest."), card=_QD)),
          Wrong(tuple(Discard(c) for c in cards("AD 2S 3C")),
                say(N_("Keep your low cards and knock with the {card}."), card=_QD)))),
    Step(N_("The showdown: both hands are laid out in melds. Ada's deadwood is "
            "{their_count}, yours is {you_count}. The lowest count wins the hand."),
         PRESS_NEXT, Next(), Lit((), (Place.SHOWDOWN,))),
    Step(N_("You take the difference from Ada: {their_count} - {you_count} = {you_points} "
            "points."),
         PRESS_NEXT, Next(), Lit((), (Place.SHOWDOWN,))),
    Step(N_("Had Ada counted less than you, she would have undercut you: the knocker then "
            "pays the difference plus 10. With no deadwood at all, you'd have rum: 25 "
            "more."),
         PRESS_NEXT, Next()),
    Step(N_("A game is two deals each; the most points at the end wins. Nobody adds cards "
            "to other hands in Knock Rummy. You are ready to play!"),
         PRESS_NEXT, Next()),
)

LESSON = Lesson(
    key="knock",
    named=N_("Knock Rummy"),
    preset="knock",
    names=("You", "Ada"),
    hands=("9H 4S KC 7H 2S 4D QD 8H 3C 4C", "5S 6S 7S 9C 9D 9S JS 8D 6H 3D"),
    upcard="TH",
    stock_top="5D AD",
    dealer=1,
    script=(DrawStock(), Discard(card("JS"))),
    steps=STEPS,
    first_game=FirstGame("knock", (SeatPlan("You", "human"),
                                   SeatPlan("Ada", "computer", "easy"))),
    summed_up=N_("Melds and deadwood, drawing, discarding, knocking and the showdown."),
)
