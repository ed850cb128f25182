"""The Gin Rummy lesson: melds and deadwood, the first turn's up card, Gin's knock
limit of 10, the opponent's knock, laying off, an undercut, and gin in words."""

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
from knockrummy.engine import (
    Discard,
    DrawDiscard,
    DrawStock,
    FinishLayoffs,
    Knock,
    LayOff,
    PassUpcard,
)

#: Ada's melds on the table after her knock, by index: the nines, the jacks, the run
_NINES, _JACKS, _RUN = 0, 1, 2

STEPS = (
    Step("Welcome to Gin Rummy, for two players with 10 cards each. Group your cards; "
         "the ones left over count against you.",
         "Press Next.", Next()),
    Step("A run is three or more cards in a row, in one suit. Drag 3♣ 4♣ 5♣ next to "
         "each other in your hand.",
         "Put 3♣ 4♣ 5♣ together.", Arrange(cards("3C 4C 5C")), Lit(cards("3C 4C 5C"))),
    Step("A set is three or four cards of one rank. Put Q♥ Q♠ Q♦ together. Runs and "
         "sets are called melds.",
         "Put Q♥ Q♠ Q♦ together.", Arrange(cards("QH QS QD")), Lit(cards("QH QS QD"))),
    Step("The other cards are deadwood: K♠ and J♣ count 10, 8♦ 8, 2♥ 2. Faces count 10, "
         "aces 1. Your deadwood, shown by your hand, is 30.",
         "Press Next.", Next(), Lit(cards("KS JC 8D 2H"), (Place.DEADWOOD,))),
    Step("On the first turn you may take the up card, the 6♠, or pass. It fits none of "
         "your cards: press Pass.",
         "Press Pass.", Do(PassUpcard()), Lit(cards("6S"), (Place.PASS_BUTTON,)),
         (Wrong((DrawDiscard(),), "The 6♠ fits none of your cards and would add 6 to your "
                "deadwood. Press Pass."),)),
    Step("Ada passed too, so you begin with a normal turn: draw the top card of the "
         "stock.",
         "Draw from the stock.", Do(DrawStock()), Lit((), (Place.STOCK,)),
         (Wrong((DrawDiscard(),), "The 6♠ still fits nothing. Draw from the stock."),)),
    Step("You drew the A♥. Knocking ends the hand, but in Gin only with 10 or less "
         "deadwood, and you have more. A turn ends with a discard: throw the K♠.",
         "Discard the K♠.", Do(Discard(card("KS"))), Lit(cards("KS AH"), (Place.DEADWOOD,)),
         (Wrong((Knock(card("KS")),), "Not yet: after the K♠ you would keep 21 deadwood, "
                "and Gin's limit is 10. Just discard it."),
          Wrong(tuple(Discard(c) for c in cards("3C 4C 5C")), "That would break your run of "
                "clubs: try the K♠."),
          Wrong(tuple(Discard(c) for c in cards("QH QS QD")), "That would break your set of "
                "queens: try the K♠."),
          Wrong((Discard(card("AH")), Discard(card("2H"))), "That card counts little; throw "
                "a high one: the K♠."))),
    Step("Ada knocked! Her last card went face down, and her melds are on the table: "
         "three nines, three jacks and 5♦ 6♦ 7♦. Her deadwood is the 7♣: 7.",
         "Press Next.", Next(), Lit(cards("7C"), (), (_NINES, _JACKS, _RUN))),
    Step("Now lay off: add your deadwood to her melds, and it stops counting. Put the 8♦ "
         "on her run 5♦ 6♦ 7♦: drag it there.",
         "Lay off the 8♦ on Ada's run.", Do(LayOff(card("8D"), _RUN)),
         Lit(cards("8D"), (), (_RUN,)),
         (Wrong((LayOff(card("JC"), _JACKS),), "Yes, the J♣ fits too! One at a time: the "
                "8♦ first."),
          Wrong((FinishLayoffs(),), "Wait: your 8♦ still fits her run. Lay it off first."))),
    Step("And the J♣ joins her three jacks.",
         "Lay off the J♣ on Ada's jacks.", Do(LayOff(card("JC"), _JACKS)),
         Lit(cards("JC"), (), (_JACKS,)),
         (Wrong((FinishLayoffs(),), "Wait: your J♣ still fits her jacks. Lay it off "
                "first."),)),
    Step("Nothing else fits. Press Done laying off, and the hands are counted.",
         "Press Done laying off.", Do(FinishLayoffs()), Lit((), (Place.DONE_BUTTON,))),
    Step("Your deadwood is down to {you_count}, Ada's is {their_count}. Yours is not "
         "higher than the knocker's: that is an undercut!",
         "Press Next.", Next(), Lit((), (Place.SHOWDOWN,))),
    Step("An undercut scores the difference plus 25: {their_count} - {you_count} + 25 = "
         "{you_points} points for you.",
         "Press Next.", Next(), Lit((), (Place.SHOWDOWN,))),
    Step("Knock with no deadwood at all and it is gin: 25 more, and nobody may lay off. "
         "The first to 100 points wins the game.",
         "Press Next.", Next()),
)

LESSON = Lesson(
    key="gin",
    title="Gin Rummy",
    preset="gin",
    names=("You", "Ada"),
    hands=("QH 3C 8D QS 4C 2H JC 5C QD KS", "5D 6D 7D JS JH JD 9C 9S 9H 7C"),
    upcard="6S",
    stock_top="AH KH",
    dealer=1,
    script=(PassUpcard(), DrawStock(), Knock(card("KH"))),
    steps=STEPS,
    first_game=FirstGame("gin", (SeatPlan("You", "human"),
                                 SeatPlan("Ada", "computer", "easy"))),
    summary="The knock limit of 10, laying off, the undercut and gin.",
)
