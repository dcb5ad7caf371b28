"""Deals and contracts: PBN in and out, seeded random deals, validation that names exactly the problem."""

from __future__ import annotations

import random

import pytest

from bridgelaws.cards import ALL_CARDS, Card, Seat, Strain
from bridgelaws.deal import Contract, Deal, DealStatus, Hand
from bridgelaws.errors import InvalidDealError, NotationError

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
#: North all spades, East all hearts, South all diamonds, West all clubs
SUITED = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"


def test_pbn_round_trip() -> None:
    for seed in range(5):
        deal = Deal.random(seed)
        assert Deal.from_pbn(deal.to_pbn()) == deal
        assert eval(repr(deal)) == deal


@pytest.mark.parametrize("first", list(Seat))
def test_pbn_round_trip_with_rotated_first_seat(first: Seat) -> None:
    deal = Deal.random(11)
    text = deal.to_pbn(first)
    assert text.startswith(f"{first.value}:")
    assert text.split(":")[1].split()[0] == deal.hand(first).to_pbn()
    assert Deal.from_pbn(text) == deal


def test_first_letter_names_the_first_hand_and_hands_follow_clockwise() -> None:
    deal = Deal.from_pbn("E:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
    assert deal.hand(E).to_pbn() == "AKQJT98765432..."
    assert deal.hand(S).to_pbn() == ".AKQJT98765432.."
    assert deal.hand(N).to_pbn() == "...AKQJT98765432"
    assert deal.is_valid()


def test_random_deal_is_deterministic_for_a_seed_and_valid() -> None:
    assert Deal.random(5) == Deal.random(5)
    assert Deal.random(5) != Deal.random(6)
    assert Deal.random(random.Random(5)) == Deal.random(5)
    for seed in range(20):
        deal = Deal.random(seed)
        assert deal.is_valid() and deal.status() == DealStatus.VALID
        assert sorted(c for s in Seat for c in deal.hand(s)) == sorted(ALL_CARDS)


def test_duplicate_card_names_the_card_and_both_seats() -> None:
    # South holds the spade ace as well as North, and has no two of diamonds
    deal = Deal.from_pbn("N:AKQJT98765432... .AKQJT98765432.. A..AKQJT9876543. ...AKQJT98765432")
    assert deal.problems() == ["duplicate card SA: in north's and south's hands", "missing cards: D2"]
    assert deal.status() == DealStatus.DUPLICATE_CARD | DealStatus.MISSING_CARDS
    with pytest.raises(InvalidDealError) as info:
        deal.validate()
    assert "duplicate card SA: in north's and south's hands" in str(info.value)
    assert info.value.status == deal.status()


def test_hand_of_twelve_names_the_seat_and_the_missing_card() -> None:
    deal = Deal.from_pbn("N:AKQJT98765432... .AKQJT9876543.. ..AKQJT98765432. ...AKQJT98765432")
    assert deal.problems() == ["east's hand has 12 cards, not 13", "missing cards: H2"]
    assert deal.status() == DealStatus.WRONG_HAND_SIZE | DealStatus.MISSING_CARDS
    assert not deal.is_valid()


def test_an_incomplete_deal_can_be_built_and_says_what_is_missing() -> None:
    deal = Deal.from_pbn("N:AKQ.J32.T98.7654 - - -")
    assert deal.hand(N) == Hand.from_pbn("AKQ.J32.T98.7654")
    assert len(deal.hand(E)) == 0
    assert DealStatus.MISSING_CARDS in deal.status() and DealStatus.WRONG_HAND_SIZE in deal.status()
    assert "east's hand has 0 cards, not 13" in deal.problems()
    two = Deal.from_hands({N: "AKQ.J32.T98.7654", S: Hand.from_pbn("JT9.AKQ.AKQ.AKQ")})
    assert two.owner(Card.parse("SA")) is N and two.owner(Card.parse("S2")) is None
    with pytest.raises(InvalidDealError):
        two.validate()


def test_valid_deal_validates_to_itself() -> None:
    deal = Deal.from_pbn(SUITED)
    assert deal.validate() is deal and deal.problems() == []


def test_hand_from_pbn_accepts_10_and_rejects_bad_hands() -> None:
    assert Hand.from_pbn("A10.K.Q.J") == Hand.from_pbn("AT.K.Q.J")
    with pytest.raises(NotationError, match="four suits"):
        Hand.from_pbn("AKQ.J32.T98")
    with pytest.raises(NotationError, match="appears twice"):
        Hand.from_pbn("AA.K.Q.J")
    with pytest.raises(NotationError, match="unknown rank"):
        Hand.from_pbn("AX.K.Q.J")


@pytest.mark.parametrize("text", ["N AKQ.J32.T98.7654 - - -", "X:- - - -", "N:- - -", "N:AKQ.J32.T98 - - -"])
def test_malformed_pbn_deal_raises_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        Deal.from_pbn(text)


@pytest.mark.parametrize("text, level, strain, doubled", [
    ("3NT", 3, Strain.NOTRUMP, 0), ("3N", 3, Strain.NOTRUMP, 0), ("4SX", 4, Strain.SPADES, 1),
    ("4sxx", 4, Strain.SPADES, 2), ("1C", 1, Strain.CLUBS, 0), ("7H", 7, Strain.HEARTS, 0),
])
def test_contract_parse(text: str, level: int, strain: Strain, doubled: int) -> None:
    c = Contract.parse(text, "S")
    assert (c.level, c.strain, c.declarer, c.doubled) == (level, strain, S, doubled)
    assert eval(repr(c)) == c


def test_contract_knows_dummy_opening_leader_and_trump() -> None:
    c = Contract.parse("4SX", S)
    assert str(c) == "4SX" and c.dummy is N and c.opening_leader is W and c.trump is Card.parse("SA").suit
    assert Contract.parse("3N", "E").trump is None and str(Contract.parse("3N", "E")) == "3NT"


@pytest.mark.parametrize("text", ["", "NT", "8NT", "0S", "4Z", "4SXXX", "S4"])
def test_contract_parse_rejects_malformed_contracts(text: str) -> None:
    with pytest.raises(NotationError):
        Contract.parse(text, "S")


def test_contract_parse_rejects_an_unknown_declarer() -> None:
    with pytest.raises(NotationError):
        Contract.parse("3NT", "Q")
