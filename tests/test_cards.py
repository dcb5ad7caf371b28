"""Cards, suits, ranks, seats and strains: immutable values, honours, seat arithmetic, canonical parsing."""

from __future__ import annotations

import pytest

from bridgelaws.cards import ALL_CARDS, Card, Rank, Seat, Strain, Suit, sorted_cards
from bridgelaws.errors import BridgeLawsError, NotationError

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def test_honours_are_ace_king_queen_jack_and_ten() -> None:
    assert {r for r in Rank if r.is_honour} == {Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN}
    assert Card.parse("ST").is_honour and Card.parse("HA").is_honour
    assert not Card.parse("S9").is_honour


def test_ranks_are_ordered_two_lowest_ace_highest() -> None:
    assert sorted(Rank)[0] is Rank.TWO and sorted(Rank)[-1] is Rank.ACE
    assert Rank.TEN < Rank.JACK < Rank.QUEEN < Rank.KING < Rank.ACE


def test_there_are_52_distinct_cards_spades_first_high_first() -> None:
    assert len(ALL_CARDS) == len(set(ALL_CARDS)) == 52
    assert ALL_CARDS[0] == Card.parse("SA") and ALL_CARDS[-1] == Card.parse("C2")
    assert sorted_cards(reversed(ALL_CARDS)) == list(ALL_CARDS)


def test_red_suits_are_hearts_and_diamonds() -> None:
    assert [s for s in Suit if s.is_red] == [Suit.HEARTS, Suit.DIAMONDS]


@pytest.mark.parametrize("seat, lho, partner, rho", [(N, E, S, W), (E, S, W, N), (S, W, N, E), (W, N, E, S)])
def test_seat_arithmetic_runs_clockwise(seat: Seat, lho: Seat, partner: Seat, rho: Seat) -> None:
    assert (seat.lho, seat.partner, seat.rho) == (lho, partner, rho)
    assert seat.next(1) is lho and seat.next(-1) is rho and seat.next(4) is seat
    assert seat.is_partner_of(partner) and not seat.is_partner_of(lho)


def test_iter_from_starts_with_the_leader_and_goes_clockwise() -> None:
    assert list(Seat.iter_from(W)) == [W, N, E, S]
    assert list(Seat.iter_from(N)) == [N, E, S, W]


@pytest.mark.parametrize("text, card", [
    ("SA", Card(Suit.SPADES, Rank.ACE)),
    ("HT", Card(Suit.HEARTS, Rank.TEN)),
    ("D10", Card(Suit.DIAMONDS, Rank.TEN)),
    ("d10", Card(Suit.DIAMONDS, Rank.TEN)),
    ("c2", Card(Suit.CLUBS, Rank.TWO)),
    (" SK ", Card(Suit.SPADES, Rank.KING)),
    ("♠Q", Card(Suit.SPADES, Rank.QUEEN)),
])
def test_card_parse_reads_suit_letter_then_rank(text: str, card: Card) -> None:
    assert Card.parse(text) == card


def test_card_str_is_canonical_pbn_and_repr_evaluates_back() -> None:
    card = Card.parse("D10")
    assert str(card) == "DT"
    assert repr(card) == "Card.parse('DT')"
    assert eval(repr(card)) == card


@pytest.mark.parametrize("text", ["", "S", "X5", "S1", "SZ", "AS", "S 10 x"])
def test_card_parse_rejects_malformed_text_naming_it(text: str) -> None:
    with pytest.raises(NotationError) as info:
        Card.parse(text)
    assert repr(text) in str(info.value)
    assert isinstance(info.value, ValueError) and isinstance(info.value, BridgeLawsError)


def test_card_parse_rejects_what_is_not_a_string() -> None:
    with pytest.raises(NotationError):
        Card.parse(None)  # type: ignore[arg-type]


def test_suit_parse_accepts_letters_and_filled_and_outline_symbols() -> None:
    for texts, suit in ((("S", "s", "♠", "♤"), Suit.SPADES), (("H", "♥", "♡"), Suit.HEARTS),
                        (("D", "♦", "♢"), Suit.DIAMONDS), (("C", "♣", "♧"), Suit.CLUBS)):
        for t in texts:
            assert Suit.parse(t) is suit
    with pytest.raises(NotationError):
        Suit.parse("X")


def test_seat_parse_reads_letters_and_english_names() -> None:
    assert Seat.parse("N") is N and Seat.parse("west") is W and Seat.parse(" e ") is E
    with pytest.raises(NotationError, match="unknown seat"):
        Seat.parse("Q")


def test_strain_parse_and_trump() -> None:
    assert Strain.parse("NT") is Strain.NOTRUMP and Strain.parse("n") is Strain.NOTRUMP
    assert Strain.parse("S").trump is Suit.SPADES and Strain.NOTRUMP.trump is None
    with pytest.raises(NotationError):
        Strain.parse("X")


def test_cards_are_immutable_and_hashable() -> None:
    card = Card.parse("SA")
    with pytest.raises(AttributeError):
        card.rank = Rank.TWO  # type: ignore[misc]
    assert {card, Card.parse("SA")} == {card}
