"""The Gin Rummy lesson: melds and deadwood, the first turn's up card, Gin's knock
limit of 10, the opponent's knock, laying off, an undercut, and gin in words."""

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
from knockrummy.engine import (
    Discard,
    DrawDiscard,
    DrawStock,
    FinishLayoffs,
    Knock,
    LayOff,
    PassUpcard,
)
from knockrummy.i18n import N_

#: Ada's melds on the table after her knock, by index: the nines, the jacks, the run
_NINES, _JACKS, _RUN = 0, 1, 2
_CLUBS, _QUEENS, _ADAS_RUN = cards("3C 4C 5C"), cards("QH QS QD"), cards("5D 6D 7D")
_KS, _JC, _8D, _6S = card("KS"), card("JC"), card("8D"), card("6S")

STEPS = (
    Step(N_("Welcome to Gin Rummy, for two players with 10 cards each. Group your cards; "
            "the ones left over count against you."),
         PRESS_NEXT, Next()),
    Step(say(N_("A run is three or more cards in a row, in one suit. Drag {run} next to "
                "each other in your hand."), run=_CLUBS),
         say(N_("Put {run} together."), run=_CLUBS), Arrange(_CLUBS), Lit(_CLUBS)),
    Step(say(N_("A set is three or four cards of one rank. Put {set} together. Runs and "
                "sets are called melds."), set=_QUEENS),
         say(N_("Put {set} together."), set=_QUEENS), Arrange(_QUEENS), Lit(_QUEENS)),
    Step(say(N_("The other cards are deadwood: {king} and {jack} count 10, {eight} 8, "
                "{two} 2. Faces count 10, aces 1. Your deadwood, shown by your hand, is "
                "30."), king=_KS, jack=_JC, eight=_8D, two=card("2H")),
         PRESS_NEXT, Next(), Lit(cards("KS JC 8D 2H"), (Place.DEADWOOD,))),
    # Translators: Pass is the table's button that turns down the up card.
    Step(say(N_("On the first turn you may take the up card, the {card}, or pass. It fits "
                "none of your cards: press Pass."), card=_6S),
         # Translators: Pass is the table's button that turns down the up card.
         N_("Press Pass."), Do(PassUpcard()), Lit((_6S,), (Place.PASS_BUTTON,)),
         (Wrong((DrawDiscard(),), say(N_("The {card} fits none of your cards and would add "
                                         "6 to your deadwood. Press Pass."), card=_6S)),)),
    Step(N_("Ada passed too, so you begin with a normal turn: draw the top card of the "
            "stock."),
         N_("Draw from the stock."), Do(DrawStock()), Lit((), (Place.STOCK,)),
         (Wrong((DrawDiscard(),), say(N_("The {card} still fits nothing. Draw from the "
                                         "stock."), card=_6S)),)),
    Step(say(N_("You drew the {ace}. Knocking ends the hand, but in Gin only with 10 or "
                "less deadwood, and you have more. A turn ends with a discard: throw the "
                "{card}."), ace=card("AH"), card=_KS),
         say(N_("Discard the {card}."), card=_KS), Do(Discard(_KS)),
         Lit(cards("KS AH"), (Place.DEADWOOD,)),
         (Wrong((Knock(_KS),), say(N_("Not yet: after the {card} you would keep 21 "
                                      "deadwood, and Gin's limit is 10. Just discard it."),
                                   card=_KS)),
          Wrong(tuple(Discard(c) for c in _CLUBS),
                say(N_("That would break your run of clubs: try the {card}."), card=_KS)),
          Wrong(tuple(Discard(c) for c in _QUEENS),
                say(N_("That would break your set of queens: try the {card}."), card=_KS)),
          Wrong((Discard(card("AH")), Discard(card("2H"))),
                say(N_("That card counts little; throw a high one: the {card}."),
                    card=_KS)))),
    Step(say(N_("Ada knocked! Her last card went face down, and her melds are on the "
                "table: three nines, three jacks and {run}. Her deadwood is the {card}: "
                "7."), run=_ADAS_RUN, card=card("7C")),
         PRESS_NEXT, Next(), Lit(cards("7C"), (), (_NINES, _JACKS, _RUN))),
    Step(say(N_("Now lay off: add your deadwood to her melds, and it stops counting. Put "
                "the {card} on her run {run}: drag it there."), card=_8D, run=_ADAS_RUN),
         say(N_("Lay off the {card} on Ada's run."), card=_8D), Do(LayOff(_8D, _RUN)),
         Lit((_8D,), (), (_RUN,)),
         (Wrong((LayOff(_JC, _JACKS),), say(N_("Yes, the {jack} fits too! One at a time: "
                                               "the {card} first."), jack=_JC, card=_8D)),
          Wrong((FinishLayoffs(),), say(N_("Wait: your {card} still fits her run. Lay it "
                                           "off first."), card=_8D)))),
    Step(say(N_("And the {card} joins her three jacks."), card=_JC),
         say(N_("Lay off the {card} on Ada's jacks."), card=_JC), Do(LayOff(_JC, _JACKS)),
         Lit((_JC,), (), (_JACKS,)),
         (Wrong((FinishLayoffs(),), say(N_("Wait: your {card} still fits her jacks. Lay "
                                           "it off first."), card=_JC)),)),
    # Translators: "Done laying off" is the table's button that ends the layoffs.
    Step(N_("Nothing else fits. Press Done laying off, and the hands are counted."),
         # Translators: "Done laying off" is the table's button that ends the layoffs.
         N_("Press Done laying off."), Do(FinishLayoffs()), Lit((), (Place.DONE_BUTTON,))),
    Step(N_("Your deadwood is down to {you_count}, Ada's is {their_count}. Yours is not "
            "higher than the knocker's: that is an undercut!"),
         PRESS_NEXT, Next(), Lit((), (Place.SHOWDOWN,))),
    Step(N_("An undercut scores the difference plus 25: {their_count} - {you_count} + 25 "
            "= {you_points} points for you."),
         PRESS_NEXT, Next(), Lit((), (Place.SHOWDOWN,))),
    Step(N_("Knock with no deadwood at all and it is gin: 25 more, and nobody may lay off. "
            "The first to 100 points wins the game."),
         PRESS_NEXT, Next()),
)

LESSON = Lesson(
    key="gin",
    named=N_("Gin Rummy"),
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
    summed_up=N_("The knock limit of 10, laying off, the undercut and gin."),
)
