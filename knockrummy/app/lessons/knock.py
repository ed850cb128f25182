"""The Knock Rummy lesson: a run and a set, deadwood, the pile and the stock, a
discard, a knock and the showdown's arithmetic (undercut and rum in words)."""

from __future__ import annotations

from knockrummy.app.lessons.steps import (
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
)
from knockrummy.engine import Discard, DrawDiscard, DrawStock, Knock

_RUN_BROKEN = "That would break your run of hearts: try the K♣."
_SET_BROKEN = "That would break your set of fours: try the K♣."

STEPS = (
    Step("Welcome to Knock Rummy. You and Ada hold 10 cards each. Group your cards so "
         "that the ones left over add up to as little as possible.",
         "Press Next.", Next()),
    Step("A run is three or more cards in a row, in one suit. Drag 7♥ 8♥ 9♥ next to "
         "each other in your hand.",
         "Put 7♥ 8♥ 9♥ together.", Arrange(cards("7H 8H 9H")), Lit(cards("7H 8H 9H"))),
    Step("A set is three or four cards of the same rank. Now put 4♠ 4♦ 4♣ together.",
         "Put 4♠ 4♦ 4♣ together.", Arrange(cards("4S 4D 4C")), Lit(cards("4S 4D 4C"))),
    Step("Runs and sets are melds. Cards outside melds are deadwood: K♣ and Q♦ count 10, "
         "3♣ counts 3, 2♠ 2. Your deadwood, shown by your hand, is 25.",
         "Press Next.", Next(), Lit(cards("KC QD 3C 2S"), (Place.DEADWOOD,))),
    Step("A turn starts with a draw: the top of the stock, face down, or the top of the "
         "discard pile. The 10♥ on the pile fits your run. Take it.",
         "Take the 10♥ from the discard pile.", Do(DrawDiscard()),
         Lit(cards("TH"), (Place.DISCARD,)),
         (Wrong((DrawStock(),), "The stock is a surprise, but the 10♥ surely fits your "
                "run 7♥ 8♥ 9♥. Take it from the pile."),)),
    Step("A turn ends with a discard. Throw the K♣: it counts 10 and fits nothing.",
         "Discard the K♣.", Do(Discard(card("KC"))), Lit(cards("KC")),
         (Wrong(tuple(Discard(c) for c in cards("7H 8H 9H")), _RUN_BROKEN),
          Wrong((Discard(card("TH")),), "You just took the 10♥ from the pile, so it cannot "
                "go straight back. Try the K♣."),
          Wrong(tuple(Discard(c) for c in cards("4S 4D 4C")), _SET_BROKEN),
          Wrong((Discard(card("QD")),), "Good thinking, the Q♦ counts 10 too. Throw the K♣ "
                "this time; the Q♦ can go later."),
          Wrong((Knock(card("KC")),), "Not yet: knocking now would end the hand with 15 "
                "deadwood. Just discard the K♣."))),
    Step("Ada drew from the stock and threw the J♠. It fits none of your cards: draw "
         "from the stock.",
         "Draw from the stock.", Do(DrawStock()), Lit(cards("JS"), (Place.STOCK,)),
         (Wrong((DrawDiscard(),), "The J♠ would only add 10 to your deadwood. Draw from "
                "the stock."),)),
    Step("You drew the A♦: an ace counts 1. Without the Q♦, your deadwood would be "
         "2♠ + 3♣ + A♦ = 6.",
         "Press Next.", Next(), Lit(cards("AD 2S 3C QD"), (Place.DEADWOOD,))),
    Step("That is low enough. Press Knock, then choose the Q♦ to throw: the hand ends "
         "there. In Knock Rummy you may knock at any count.",
         "Knock with the Q♦.", Do(Knock(card("QD"))), Lit(cards("QD"), (Place.KNOCK_BUTTON,)),
         (Wrong((Discard(card("QD")),), "That is an ordinary discard, and the hand would go "
                "on. Press Knock, then choose the Q♦."),
          Wrong(tuple(Knock(c) for c in cards("AD 2S 3C")), "Knock with the Q♦: the card "
                "you throw does not count, so throw your highest."),
          Wrong(tuple(Discard(c) for c in cards("AD 2S 3C")), "Keep your low cards and "
                "knock with the Q♦."))),
    Step("The showdown: both hands are laid out in melds. Ada's deadwood is {their_count}, "
         "yours is {you_count}. The lowest count wins the hand.",
         "Press Next.", Next(), Lit((), (Place.SHOWDOWN,))),
    Step("You take the difference from Ada: {their_count} - {you_count} = {you_points} "
         "points.",
         "Press Next.", Next(), Lit((), (Place.SHOWDOWN,))),
    Step("Had Ada counted less than you, she would have undercut you: the knocker then "
         "pays the difference plus 10. With no deadwood at all, you'd have rum: 25 more.",
         "Press Next.", Next()),
    Step("A game is two deals each; the most points at the end wins. Nobody adds cards "
         "to other hands in Knock Rummy. You are ready to play!",
         "Press Next.", Next()),
)

LESSON = Lesson(
    key="knock",
    title="Knock Rummy",
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
    summary="Melds and deadwood, drawing, discarding, knocking and the showdown.",
)
