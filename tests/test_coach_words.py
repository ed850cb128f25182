"""The coach speaks a player's language (playtest #14, #15): cards as 10♥ or Q♠, never the
save files' codes (TH, QS); whole numbers, never 45.7; each game term explained the
first time a hint or a review uses it; a review item says what differed in one
sentence; and in Rummy the hint, the review and the move are one judgement."""

from __future__ import annotations

import re

import pytest

from knockrummy.ai import make_player
from knockrummy.ai.rummy import RummyPlayer
from knockrummy.ai.strong import HARD
from knockrummy.app.computer import seat_seed
from knockrummy.app.history import review_seed
from knockrummy.coach import explain, hint, replay_all, review_match_hand, step_caption
from knockrummy.coach.judge import contrast
from knockrummy.coach.review import HandReview
from knockrummy.coach.words import TERMS, explain_terms
from knockrummy.engine import (
    PRESETS,
    Action,
    Discard,
    Knock,
    MatchState,
    PlayerView,
    apply,
    legal_actions,
    new_match,
    observe,
    parse_cards,
)
from knockrummy.engine.actions import DrawStock, LayOff, MeldCards, NextHand

#: a card written in the save files' code: rank A 2-9 T J Q K, then suit S H D C
CODE = re.compile(r"(?<![\w♠♥♦♣])(?:10|[A2-9TJQK])[SHDC](?![\w])")
DECIMAL = re.compile(r"\d[.,]\d")

FAMILIES = [("knock", 3), ("knock-hoyle", 2), ("gin", 2), ("gin-yimmaw", 2), ("gin-multi", 3),
            ("rummy", 3), ("rummy-high", 4)]


def plain_words(text: str) -> None:
    """Fail unless ``text`` names no card by code and has no decimals."""
    assert not CODE.search(text), f"card code in {text!r}"
    assert not DECIMAL.search(text), f"decimal in {text!r}"


def play(key: str, players: int, seed: int, hands: int, me: str = "simple",
         seen: list[tuple[PlayerView, list[Action]]] | None = None) -> MatchState:
    """A match where seat 0 plays ``me`` and the others ``medium``; seat 0's positions
    are kept in ``seen``."""
    match = new_match(PRESETS[key], players, seed, ["You", "Ada", "Bo", "Cy"][:players])
    seats = [make_player(me if s == 0 else "medium", seat_seed(seed, s))
             for s in range(players)]
    while len(match.records) < hands and not match.over:
        legal = legal_actions(match)
        if any(isinstance(a, NextHand) for a in legal):
            match, _ = apply(match, NextHand())
            continue
        seat = match.hand.current
        view = observe(match, seat)
        if seat == 0 and seen is not None:
            seen.append((view, legal))
        match, _ = apply(match, seats[seat].choose(view, legal))
    return match


def review_texts(review: HandReview) -> list[str]:
    texts = [review.verdict]
    for d in review.decisions:
        texts += [d.contrast, d.note, d.strong_reason, d.made_text, d.strong_text]
    return texts


# ---------------------------------------------------------------------- the regexes


def test_the_checks_catch_codes_and_decimals() -> None:
    for bad in ("Discard TH now", "Knock (QS)", "meld 9D-TD-JD", "You draw the AD",
                "expected to leave 45.7", "10H on the run"):
        with pytest.raises(AssertionError):
            plain_words(bad)
    plain_words("Discard 10♥: it leaves you about 46; the Q♠ and the A♦; K♣ 9♦ 10♦ J♦")


# ---------------------------------------------------------------------- hints


@pytest.mark.parametrize(("key", "players"), FAMILIES)
def test_every_hint_and_every_explained_move_is_in_plain_words(key: str, players: int) -> None:
    seen: list[tuple[PlayerView, list[Action]]] = []
    play(key, players, seed=31, hands=2, me="medium", seen=seen)
    assert len(seen) >= 5
    kinds: set[str] = set()
    for view, legal in seen:
        given = hint(view, legal, seed=3)
        plain_words(given.reason)
        kinds.add(given.kind)
        for action in legal[:12]:  # every kind of move a player may make here
            plain_words(explain(view, action, legal).reason)
    assert len(kinds) >= 2


def test_a_hint_explains_each_term_once_where_it_is_first_used() -> None:
    seen: list[tuple[PlayerView, list[Action]]] = []
    play("gin", 2, seed=8, hands=2, me="medium", seen=seen)
    explained = 0
    for view, legal in seen:
        reason = hint(view, legal, seed=3).reason
        depth = 0
        for ch in reason:  # a meaning inside brackets goes at their end, not nested
            depth += (ch == "(") - (ch == ")")
            assert depth <= 1, reason
        for words, meaning, _ in TERMS:
            count = reason.count(meaning)
            assert count <= 1, reason
            if any(re.search(rf"\b{w}\b", reason, re.IGNORECASE) for w in words):
                # a term the hint uses is explained in it (unless it sits inside a longer
                # term: "gin" in "big gin")
                inside = words == ("gin",) and "big gin" in reason.lower()
                assert count == 1 or inside, (words, reason)
                explained += count
    assert explained >= 5


def test_a_beaten_knock_says_what_it_means() -> None:
    """The Knock Rummy penalty is said in plain words: who pays what, and when."""
    seen: list[tuple[PlayerView, list[Action]]] = []
    play("knock", 3, seed=5, hands=6, me="medium", seen=seen)
    found = []
    for view, legal in seen:
        knocks = [a for a in legal if isinstance(a, Knock)]
        discards = [a for a in legal if isinstance(a, Discard)]
        if knocks and discards:
            reason = explain(view, discards[0], legal).reason
            assert "beaten knock" not in reason
            if "pays" in reason or "you pay" in reason:
                found.append(reason)
    assert found, "no hint weighed a knock that could be beaten"
    assert all("if someone has a lower count than you, you pay the difference and 10 more"
               in r for r in found)


def test_terms_are_explained_at_their_first_use_only() -> None:
    told = explain_terms(["Go gin now", "a gin pays 25", "Big gin: lay down",
                          "Bob undercut you with 5 and scored 30; then"])
    assert told == ["Go gin (no card left out of a meld) now", "a gin pays 25",
                    "Big gin (every card, the drawn one too, in melds without a discard): "
                    "lay down",
                    # a verb: its meaning ends the clause, not "undercut (...) you"
                    "Bob undercut you with 5 and scored 30 (to undercut is to beat the "
                    "knocker's count; a tie is enough, except in Gin for 3-4); then"]
    assert explain_terms(["Gin Rummy: 2 players", "Rummy!"])[0] == "Gin Rummy: 2 players"


# ---------------------------------------------------------------------- reviews


@pytest.mark.parametrize(("key", "players"), FAMILIES)
def test_every_review_is_in_plain_words(key: str, players: int) -> None:
    match = play(key, players, seed=41, hands=2)
    items = 0
    for record in match.records:
        review = review_match_hand(match, record.number, 0, review_seed(match, 0))
        items += len(review.decisions)
        texts = review_texts(review)
        for text in texts:
            plain_words(text)
        whole = " ".join(texts)
        for _, meaning, _ in TERMS:
            assert whole.count(f"({meaning})") <= 1, f"{meaning!r} explained twice: {whole}"
        for d in review.decisions:
            assert d.contrast.startswith("You ") and "; the strong player would have " in \
                d.contrast
    assert items >= 1, "the simple player made no mistake to word"


def test_a_review_item_says_what_differed_when_the_same_card_went() -> None:
    queen = parse_cards("QS")[0]
    said = contrast(Knock(queen), Discard(queen))
    assert said == ("You knocked, throwing Q♠; the strong player would have thrown Q♠ and "
                    "kept playing.")
    assert contrast(Discard(queen), Knock(queen)) == (
        "You discarded Q♠ and played on; the strong player would have knocked, throwing Q♠.")
    run = MeldCards(tuple(parse_cards("2S 3S 4S")))
    assert contrast(Discard(parse_cards("QH")[0]), run) == (
        "You discarded Q♥; the strong player would have melded the run 2♠ 3♠ 4♠ first.")
    assert contrast(DrawStock(), DrawStock()) .startswith("You drew from the stock;")


# ---------------------------------------------------------------------- replays


def test_replay_captions_name_cards_as_players_do() -> None:
    match = play("rummy", 3, seed=7, hands=1)
    captions = [step_caption(s, match.names) for s in replay_all(match)[0].steps]
    for caption in captions:
        plain_words(caption)
    assert any(re.search(r"draws? the (?:10|[A2-9JQK])[♠♥♦♣] from the stock", c)
               for c in captions)


# ---------------------------------------------------------------------- Rummy: one judgement


def test_rummy_hints_hold_or_meld_for_the_policys_own_reason() -> None:
    """"Keep your melds for rummy" only where the hint's player does keep them; "Meld now"
    only where it does not (or it goes out); so a review never praises a meld on one
    turn and holding the melds on a later one for the same reasons."""
    hard = RummyPlayer(0, "hard", HARD, "Hard")
    held = melded = 0
    for seed in (3, 4, 5):
        seen: list[tuple[PlayerView, list[Action]]] = []
        play("rummy", 3, seed=seed, hands=1, me="simple", seen=seen)
        for view, legal in seen:
            given = hint(view, legal, seed=seed)
            plain_words(given.reason)
            keeps = hard.play_now(view) is None
            if "keep your melds in hand" in given.reason:
                held += 1
                assert keeps, given.reason
                assert not any(isinstance(a, MeldCards) and a == given.action for a in legal)
            if isinstance(given.action, MeldCards | LayOff):
                melded += 1
                assert not keeps or "you can go out this turn" in given.reason, given.reason
                assert "keep your melds" not in given.reason
    assert held and melded


def test_a_rummy_review_does_not_contradict_itself() -> None:
    """Once a review has said "meld now" for a reason that lasts (an opponent near out, the
    stock run out, melds already down), no later item tells the player to hold melds."""
    checked = 0
    for seed in range(50, 56):
        match = play("rummy", 3, seed=seed, hands=1)
        review = review_match_hand(match, 0, 0, review_seed(match, 0))
        lasting = False
        for d in review.decisions:
            reason = d.strong_reason
            if lasting:
                assert "keep your melds in hand" not in reason, [
                    x.strong_reason for x in review.decisions]
            if isinstance(d.strong, MeldCards | LayOff) and "go out this turn" not in reason:
                lasting = True
            checked += 1
    assert checked >= 5


def test_the_game_explains_a_term_in_the_first_hint_that_uses_it_only() -> None:
    """On the table a hint is one line: each player's hints explain a term once a session."""
    from knockrummy.app.hints import HintDesk

    desk = HintDesk()
    match = new_match(PRESETS["gin"], 2, 9, ["You", "Ada"])
    computer = make_player("medium", seat_seed(9, 1))
    reasons: list[str] = []
    try:
        while not match.records:
            seat = match.hand.current
            legal = legal_actions(match)
            if seat == 0:
                desk.ask(match, 0)
                assert desk.wait(10.0)
                given = desk.current(match, 0)
                assert given is not None
                reasons.append(given.reason)
                plain_words(given.reason)
                action = given.action
            else:
                action = computer.choose(observe(match, seat), legal)
            match, _ = apply(match, action)
    finally:
        desk.close()
    whole = " ".join(reasons)
    assert len(reasons) >= 4
    for _, meaning, _ in TERMS:
        assert whole.count(f"({meaning})") <= 1, meaning
    assert "(the points of the cards in no meld)" in reasons[0] + reasons[1]
    assert "deadwood" in " ".join(reasons[2:]), "later hints still use the word"
    # what a player was told is kept per seat: another player at the screen is told afresh
    assert "deadwood" in desk.told[0] and 1 not in desk.told
