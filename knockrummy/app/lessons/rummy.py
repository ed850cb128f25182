"""The Rummy lesson: melds laid on the table, a layoff on the opponent's meld, going
out with the last discard, and the score of what the other hand still holds."""

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
from knockrummy.engine import Discard, DrawDiscard, DrawStock, LayOff, MeldCards

_KINGS, _DIAMONDS, _SPADES, _ADA = cards("KH KC KD"), cards("2D 3D 4D"), cards("6S 7S 8S"), 3
_ONE_AT_A_TIME = "That meld is good too! One at a time: first {}."

STEPS = (
    Step("Welcome to Rummy. You and Ada hold 10 cards. Melds go on the table as soon as "
         "you make them; the first to get rid of every card wins.",
         "Press Next.", Next()),
    Step("A run is three or more cards in a row, in one suit. Drag 6♠ 7♠ 8♠ next to each "
         "other in your hand.",
         "Put 6♠ 7♠ 8♠ together.", Arrange(_SPADES), Lit(_SPADES)),
    Step("A set is three or four cards of one rank. Put K♥ K♣ K♦ together. Runs and "
         "sets are called melds.",
         "Put K♥ K♣ K♦ together.", Arrange(_KINGS), Lit(_KINGS)),
    Step("A turn starts with a draw, from the stock or the discard pile. The 4♦ on the "
         "pile makes a run with your 2♦ 3♦: take it.",
         "Take the 4♦ from the discard pile.", Do(DrawDiscard()),
         Lit(cards("4D 2D 3D"), (Place.DISCARD,)),
         (Wrong((DrawStock(),), "The stock is a surprise, but the 4♦ surely makes a run "
                "with 2♦ 3♦. Take it from the pile."),)),
    Step("After the draw you may lay melds face up on the table. Drag K♥ K♣ K♦ onto "
         "the table, or pick them and press Meld.",
         "Meld K♥ K♣ K♦.", Do(MeldCards(_KINGS)), Lit(_KINGS, (Place.TABLE, Place.MELD_BUTTON)),
         (Wrong((MeldCards(_DIAMONDS), MeldCards(_SPADES)),
                _ONE_AT_A_TIME.format("the kings")),
          Wrong((Discard(card("9C")), Discard(card("AC"))), "Lay your melds first: the "
                "discard ends your turn."))),
    Step("Now lay the run 2♦ 3♦ 4♦.",
         "Meld 2♦ 3♦ 4♦.", Do(MeldCards(_DIAMONDS)),
         Lit(_DIAMONDS, (Place.TABLE, Place.MELD_BUTTON)),
         (Wrong((MeldCards(_SPADES),), _ONE_AT_A_TIME.format("2♦ 3♦ 4♦")),
          Wrong((Discard(card("9C")), Discard(card("AC"))), "Lay your melds first: the "
                "discard ends your turn."))),
    Step("And the run 6♠ 7♠ 8♠.",
         "Meld 6♠ 7♠ 8♠.", Do(MeldCards(_SPADES)), Lit(_SPADES, (Place.TABLE, Place.MELD_BUTTON)),
         (Wrong((Discard(card("9C")), Discard(card("AC"))), "Lay your spades first: the "
                "discard ends your turn."),)),
    Step("A turn ends with a discard. Throw the 9♣ and keep the A♣: if Ada goes out "
         "first, the cards you hold count for her.",
         "Discard the 9♣.", Do(Discard(card("9C"))), Lit(cards("9C AC")),
         (Wrong((Discard(card("AC")),), "Keep the A♣: it counts only 1 if Ada goes out "
                "first, the 9♣ counts 9. Throw the 9♣."),)),
    Step("Ada laid a run, 9♥ 10♥ J♥, and threw the Q♠. Melds on the table belong to "
         "nobody: anyone may add cards to them.",
         "Press Next.", Next(), Lit(cards("QS"), (), (_ADA,))),
    Step("Your turn: draw from the stock.",
         "Draw from the stock.", Do(DrawStock()), Lit((), (Place.STOCK,)),
         (Wrong((DrawDiscard(),), "The Q♠ fits none of your cards. Draw from the "
                "stock."),)),
    Step("You drew the Q♥. It fits Ada's run: adding a card to a meld on the table is a "
         "layoff. Lay the Q♥ off on 9♥ 10♥ J♥.",
         "Lay off the Q♥ on Ada's run.", Do(LayOff(card("QH"), _ADA)),
         Lit(cards("QH"), (), (_ADA,)),
         (Wrong((Discard(card("QH")),), "The Q♥ fits Ada's run: lay it off there, and "
                "you are one card from going out."),
          Wrong((Discard(card("AC")),), "Then you would still hold the Q♥. Lay it off on "
                "Ada's run first."))),
    Step("One card left. Discard the A♣ to go out: your last card always goes on the "
         "pile, never on a meld.",
         "Discard the A♣.", Do(Discard(card("AC"))), Lit(cards("AC"), (Place.DISCARD,))),
    Step("You went out! You score what Ada still holds: {their_cards}. Faces count 10, "
         "aces 1, the rest their number: {you_points} points.",
         "Press Next.", Next(), Lit((), (Place.SHOWDOWN,))),
    Step("Going out all at once, with nothing laid before, is called rummy. It scores "
         "double only with the house rule \u201cRummy doubles\u201d, off unless you choose "
         "it. The first to 150 wins the game.",
         "Press Next.", Next()),
)

LESSON = Lesson(
    key="rummy",
    title="Rummy",
    preset="rummy",
    names=("You", "Ada"),
    hands=("KH 6S 2D 9C KC 8S AC 3D KD 7S", "9H TH JH 5C 7D 8C QS 3H 4S JD"),
    upcard="4D",
    stock_top="2C QH",
    dealer=1,
    script=(DrawStock(), MeldCards(cards("9H TH JH")), Discard(card("QS"))),
    steps=STEPS,
    first_game=FirstGame("rummy", (SeatPlan("You", "human"),
                                   SeatPlan("Ada", "computer", "easy"))),
    summary="Melds on the table, a layoff, going out and the score.",
)
