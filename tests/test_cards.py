"""Card notation: rank A 2-9 T J Q K, suit S H D C."""

import pytest

from knockrummy.engine import DECK, Card, parse_cards
from knockrummy.engine.cards import cards_mask, mask_cards


def test_every_card_round_trips_through_its_text() -> None:
    assert len(DECK) == 52
    assert len({str(c) for c in DECK}) == 52
    for card in DECK:
        assert Card.parse(str(card)) is card


def test_ten_parses_as_T_or_10() -> None:
    assert str(Card.parse("TD")) == "TD"
    assert Card.parse("10D") is Card.parse("TD")
    assert Card.parse("10d") is Card.parse("td")


def test_card_values_ace_one_faces_ten_or_ace_fifteen_when_high() -> None:
    assert [Card.parse(t).value() for t in ("AS", "7H", "TD", "JC", "QS", "KH")] == [
        1, 7, 10, 10, 10, 10,
    ]
    assert Card.parse("AH").value(ace_high=True) == 15


@pytest.mark.parametrize("bad", ["", "1S", "11D", "XS", "AX", "ASS", "T", "10"])
def test_bad_card_text_gives_a_readable_error(bad: str) -> None:
    with pytest.raises(ValueError, match="not a card"):
        Card.parse(bad)


def test_masks_round_trip() -> None:
    hand = parse_cards("AS KC 7H TD")
    assert set(mask_cards(cards_mask(hand))) == set(hand)


def test_cards_are_immutable() -> None:
    with pytest.raises(AttributeError):
        Card.parse("AS").rank = 2  # type: ignore[misc]
