"""Localized notation: round trips in every language and style, the forms the articles use, ambiguity errors
that list their candidates, and errors that say what is wrong and where."""

from __future__ import annotations

import importlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgelaws.cards import ALL_CARDS, Card, Rank, Seat, Suit
from bridgelaws.deal import Deal, Hand
from bridgelaws.errors import AmbiguousNotationError, NotationError
from bridgelaws.laws import LawRef
from bridgelaws.notation import (
    CARD_STYLES, HAND_STYLES, HOLDING_STYLES, SEAT_STYLES, Notation, format_card, format_hand, format_holding,
    format_rank, format_seat, format_suit, parse_card, parse_hand, parse_holding, parse_rank, parse_seat,
    parse_suit,
)

LANGS = ("da", "nb", "en")
C = Card.parse


def H(pbn: str) -> Hand:
    return Hand.from_pbn(pbn)


# ------------------------------------------------------------------------------------------------ round trips

@pytest.mark.parametrize("lang", LANGS + ("no",))
@pytest.mark.parametrize("style", CARD_STYLES)
def test_every_card_round_trips(lang: str, style: str) -> None:
    texts = set()
    for card in ALL_CARDS:
        text = format_card(card, lang, style)
        texts.add(text)
        assert parse_card(text, lang) == card, text
    assert len(texts) == 52


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("style", SEAT_STYLES)
def test_every_seat_round_trips(lang: str, style: str) -> None:
    for seat in Seat:
        assert parse_seat(format_seat(seat, lang, style), lang) is seat


SAMPLE_HANDS = [Deal.random(seed).hand(seat) for seed in range(4) for seat in Seat] + [
    H("AKQJT98765432..."), H("...AKQJT98765432"), H("-"), H("KJ4..."), H("AJ2.QT86.A432.JT"),
    H("T.T.T.T"), H(".KJT8..AK3"),
]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("style", HAND_STYLES)
def test_sample_hands_round_trip(lang: str, style: str) -> None:
    for hand in SAMPLE_HANDS:
        text = format_hand(hand, lang, style)
        assert parse_hand(text, lang) == hand, text


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("style", HOLDING_STYLES)
def test_holdings_round_trip(lang: str, style: str) -> None:
    for suit in Suit:
        for ranks in ((Rank.KING, Rank.JACK, Rank.FOUR), (Rank.ACE, Rank.KING, Rank.JACK, Rank.TEN),
                      (Rank.TWO,), ()):
            cards = tuple(Card(suit, r) for r in ranks)
            text = format_holding(cards, lang, style, suit=suit)
            assert parse_holding(text, lang, suit) == cards, text
            if style != "ranks":
                assert parse_holding(text, lang) == cards, text


@given(st.sets(st.sampled_from(ALL_CARDS), max_size=13), st.sampled_from(LANGS), st.sampled_from(HAND_STYLES))
def test_any_hand_round_trips(cards: set[Card], lang: str, style: str) -> None:
    hand = Hand.of(cards)
    assert parse_hand(format_hand(hand, lang, style), lang) == hand


# ------------------------------------------------------------------------------------------- formatting

def test_rank_letters_per_language() -> None:
    honours = [Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN]
    # DBf § 1: "es, konge, dame, bonde, 10"; lovboka: "Ess, Konge, Dame Knekt eller Tier"
    assert [format_rank(r, "da") for r in honours] == ["E", "K", "D", "B", "10"]
    assert [format_rank(r, "nb") for r in honours] == ["E", "K", "D", "Kn", "10"]
    assert [format_rank(r, "en") for r in honours] == ["A", "K", "Q", "J", "10"]
    assert format_rank(Rank.SEVEN, "da") == "7"


def test_card_styles() -> None:
    sq = C("SQ")
    assert [format_card(sq, "da", s) for s in CARD_STYLES] == ["♠D", "sD", "spar dame"]
    assert [format_card(sq, "nb", s) for s in CARD_STYLES] == ["♠D", "sD", "spar dame"]
    assert [format_card(sq, "en", s) for s in CARD_STYLES] == ["♠Q", "sQ", "queen of spades"]
    assert format_card(C("DJ"), "nb", "name") == "ruter knekt" and format_card(C("DJ"), "da", "name") == "ruder bonde"
    assert format_card(C("CA"), "nb", "name") == "kløver ess"
    assert [format_card(C("DT"), lang) for lang in LANGS] == ["♦10", "♦10", "♦10"]
    # the LKU-22 letter code (seed 003: "sT", "hDT86") keeps the Danish ten as T
    assert format_card(C("DT"), "da", "letter") == "dT"


def test_suit_and_seat_formats() -> None:
    assert format_suit(Suit.CLUBS, "da", "name") == "klør" and format_suit(Suit.CLUBS, "nb", "name") == "kløver"
    assert format_suit(Suit.HEARTS, "en", "singular") == "heart" and format_suit(Suit.HEARTS, "da", "letter") == "h"
    assert [format_seat(s, "da", "letter") for s in Seat] == ["N", "Ø", "S", "V"]
    # Norwegian bridge writes Syd (seed 001 "Syd har kommet i 4"; Norsk Bridge 3/2003 "Nord Syd")
    assert [format_seat(s, "nb") for s in Seat] == ["Nord", "Øst", "Syd", "Vest"]
    assert [format_seat(s, "da") for s in Seat] == ["Nord", "Øst", "Syd", "Vest"]
    assert [format_seat(s, "en", "letter") for s in Seat] == ["N", "E", "S", "W"]


def test_hand_formats() -> None:
    hand = H("AK2.Q85..JT9876")
    # Dansk Bridge's diagrams space the ranks and print the ten as 10 ("E K B 10 6 4")
    assert format_hand(hand, "da") == "♠E K 2 ♥D 8 5 ♦– ♣B 10 9 8 7 6"
    assert format_hand(hand, "nb") == "♠E K 2 ♥D 8 5 ♦– ♣Kn 10 9 8 7 6"
    assert format_hand(hand, "en") == "♠AK2 ♥Q85 ♦– ♣J109876"
    assert format_hand(hand, "da", "letter") == "sEK2 hD85 d– cBT9876"
    assert format_hand(hand, "da", "name") == "spar E K 2, hjerter D 8 5, ruder –, klør B 10 9 8 7 6"
    assert format_hand(hand, "nb", "pbn") == "AK2.Q85..JT9876"
    assert format_holding([C("SK"), C("SJ"), C("S4")], "da", "ranks") == "K B 4"


def test_formatting_refuses_unknown_styles_and_mixed_holdings() -> None:
    with pytest.raises(ValueError, match="unknown style"):
        format_card(C("SA"), "da", "fancy")
    with pytest.raises(ValueError, match="one suit"):
        format_holding([C("SA"), C("HA")], "da")
    with pytest.raises(ValueError, match="suit="):
        format_holding([], "da")


def test_unknown_language_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="unknown language"):
        format_card(C("SA"), "sv")
    with pytest.raises(ValueError, match="unknown language"):
        parse_card("SA", "de")


# --------------------------------------------------------------------------------------- the articles' forms

@pytest.mark.parametrize("text, card", [
    ("sD", "SQ"), ("h6", "H6"), ("cB", "CJ"), ("dK", "DK"), ("sT", "ST"), ("s8", "S8"), ("cE", "CA"),
    ("♠K", "SK"), ("♣8", "C8"), ("♦10", "DT"), ("♠D", "SQ"), ("♦D", "DQ"), ("♥E", "HA"),
])
@pytest.mark.parametrize("lang", ["da", "nb"])
def test_letter_and_symbol_forms_of_the_articles(text: str, card: str, lang: str) -> None:
    assert parse_card(text, lang) == C(card)


@pytest.mark.parametrize("text, lang, card", [
    ("spar dame", "da", "SQ"), ("ruder knægt", "da", "DJ"), ("ruder bonde", "da", "DJ"), ("klør otte", "da", "C8"),
    ("spar konge", "da", "SK"), ("Spar Dame", "da", "SQ"), ("spardamen", "da", "SQ"), ("hjerter-konge", "da", "HK"),
    ("ruter knekt", "nb", "DJ"), ("kløver ess", "nb", "CA"), ("hjerter åtte", "nb", "H8"), ("spar 10", "nb", "ST"),
    ("heart queen", "en", "HQ"), ("queen of hearts", "en", "HQ"), ("the ten of clubs", "en", "CT"),
    ("10 of diamonds", "en", "DT"), ("spade ace", "en", "SA"), ("K♠", "en", "SK"), ("D♠", "da", "SQ"),
    ("10♦", "nb", "DT"), ("♠ K", "da", "SK"),
])
def test_card_names_in_words(text: str, lang: str, card: str) -> None:
    assert parse_card(text, lang) == C(card)


@pytest.mark.parametrize("lang", LANGS)
def test_ten_is_written_10_or_t_and_symbols_may_be_outlined(lang: str) -> None:
    for text in ("♦10", "♦T", "d10", "dT", "♢10", "♢t"):
        assert parse_card(text, lang) == C("DT")
    assert [parse_card(s + "2", lang).suit for s in "♤♡♢♧"] == list(Suit)


def test_the_language_decides_what_a_letter_means() -> None:
    assert parse_card("DK", "en") == C("DK")  # English D: diamonds
    assert parse_card("dK", "da") == C("DK")  # LKU-22: lower-case d is diamonds
    with pytest.raises(NotationError) as info:  # Danish D: the queen, and a rank cannot come first
        parse_card("DK", "da")
    assert not isinstance(info.value, AmbiguousNotationError)
    assert info.value.key == "notation.rank_before_suit" and info.value.position == 0


def test_norwegian_knekt_is_two_letters() -> None:
    assert parse_card("♠Kn", "nb") == C("SJ")
    assert parse_card("KKn", "nb") == C("CJ")  # kløver knekt
    assert parse_hand("♥K Kn 10 8", "nb") == H(".KJT8..")
    assert parse_holding("E K Kn 10", "nb", Suit.CLUBS) == tuple(C(x) for x in ("CA", "CK", "CJ", "CT"))


def test_english_letters_are_accepted_in_danish_and_norwegian() -> None:
    # the Norwegian slides write "A2 mot KJ4 i spar"
    assert parse_holding("A2", "nb", Suit.SPADES) == (C("SA"), C("S2"))
    assert parse_holding("KJ4", "nb", Suit.SPADES) == (C("SK"), C("SJ"), C("S4"))
    assert parse_card("♥Q", "da") == C("HQ")


def test_k_starting_a_word_is_klor_when_ranks_follow() -> None:
    assert parse_card("KD", "da") == C("CQ")
    assert parse_holding("KD4", "da") == (C("CQ"), C("C4"))
    assert parse_hand("♠E2 ♥- KD4", "da") == H("A2...Q4")


def test_a_lone_k_after_a_suit_is_the_king() -> None:
    assert parse_hand("spar E K 2", "da") == H("AK2...")
    assert parse_hand("♠ K B 4", "da") == H("KJ4...")


def test_holding_with_a_given_suit_reads_ranks_even_after_a_leading_k() -> None:
    assert parse_holding("KB4", "da", Suit.CLUBS) == (C("CK"), C("CJ"), C("C4"))
    assert parse_holding("KB4", "da", Suit.SPADES) == (C("SK"), C("SJ"), C("S4"))


def test_lku22_hand_and_pbn_dot_form() -> None:
    assert parse_hand("sEB2 hDT86, dE432, cBT", "da") == H("AJ2.QT86.A432.JT")
    assert parse_hand("På bordet: sB, h86, d43, c43".split(":")[1], "da") == H("J.86.43.43")
    assert parse_hand("♠AK2 ♥Q85 ♦- ♣JT9876", "en") == H("AK2.Q85..JT9876")
    assert parse_hand("AK2.Q85..JT9876", "en") == H("AK2.Q85..JT9876")
    assert parse_hand("EK2.D85..BT9876", "da") == H("AK2.Q85..JT9876")
    assert parse_hand("EK2.D85.-.Kn109876", "nb") == H("AK2.Q85..JT9876")
    assert parse_hand("-", "da") == Hand()


def test_a_partial_hand_leaves_out_suits() -> None:
    assert parse_hand("♠KJ4", "en") == H("KJ4...")
    assert parse_hand("♥AQ ♠KJ4", "en") == H("KJ4.AQ..")


def test_seat_letters_and_names() -> None:
    for text, seat in (("N", Seat.NORTH), ("Ø", Seat.EAST), ("ø", Seat.EAST), ("S", Seat.SOUTH), ("V", Seat.WEST),
                       ("Nord", Seat.NORTH), ("Øst", Seat.EAST), ("Syd", Seat.SOUTH), ("Vest", Seat.WEST)):
        assert parse_seat(text, "da") is seat
    assert parse_seat("Sør", "nb") is Seat.SOUTH and parse_seat("sør", "no") is Seat.SOUTH
    for text, seat in (("N", Seat.NORTH), ("E", Seat.EAST), ("W", Seat.WEST), ("south", Seat.SOUTH)):
        assert parse_seat(text, "en") is seat


def test_suit_and_rank_alone() -> None:
    assert parse_suit("klør", "da") is Suit.CLUBS and parse_suit("K", "da") is Suit.CLUBS
    assert parse_suit("R", "nb") is Suit.DIAMONDS and parse_suit("♡", "en") is Suit.HEARTS
    assert parse_suit("D", "en") is Suit.DIAMONDS
    assert parse_rank("D", "da") is Rank.QUEEN and parse_rank("damen", "da") is Rank.QUEEN
    assert parse_rank("Kn", "nb") is Rank.JACK and parse_rank("knægten", "da") is Rank.JACK
    with pytest.raises(NotationError):
        parse_suit("D", "da")
    with pytest.raises(NotationError):
        parse_rank("d", "da")


def test_no_is_an_alias_for_nb() -> None:
    assert parse_card("ruter knekt", "no") == C("DJ")
    assert format_card(C("SJ"), "no") == format_card(C("SJ"), "nb") == "♠Kn"
    assert Notation("no").lang == "nb"


# ------------------------------------------------------------------------------------- ambiguity and errors

def test_rank_without_suit_is_ambiguous_and_lists_the_four_cards() -> None:
    with pytest.raises(AmbiguousNotationError) as info:
        parse_card("D", "da")
    exc = info.value
    assert exc.candidates == (C("SQ"), C("HQ"), C("DQ"), C("CQ"))
    assert str(exc) == "“D” gives a rank but no suit: it could be ♠Q, ♥Q, ♦Q or ♣Q."
    assert exc.explain("da") == "»D« angiver en rang, men ingen farve: det kan være ♠D, ♥D, ♦D eller ♣D."
    assert exc.explain("nb") == "«D» angir en rang, men ingen farge: det kan være ♠D, ♥D, ♦D eller ♣D."


def test_english_d_alone_is_the_diamond_suit_with_thirteen_candidates() -> None:
    with pytest.raises(AmbiguousNotationError) as info:
        parse_card("D", "en")
    assert info.value.candidates == tuple(c for c in ALL_CARDS if c.suit is Suit.DIAMONDS)
    assert info.value.key == "notation.suit_only"


def test_lone_k_is_king_or_klor_and_both_are_listed() -> None:
    with pytest.raises(AmbiguousNotationError) as info:
        parse_card("K", "da")
    cands = set(info.value.candidates)
    assert {c for c in ALL_CARDS if c.rank is Rank.KING} <= cands
    assert {c for c in ALL_CARDS if c.suit is Suit.CLUBS} <= cands
    assert len(cands) == 16
    assert info.value.key == "notation.ambiguous"


def test_a_hand_that_reads_two_ways_lists_both() -> None:
    with pytest.raises(AmbiguousNotationError) as info:
        parse_hand("♠E2 KD4", "da")
    assert set(info.value.candidates) == {"♠E 2 ♣D 4", "♠E K D 4 2"}
    assert "♠E 2 ♣D 4" in info.value.explain("da") and " eller " in info.value.explain("da")


@pytest.mark.parametrize("text, lang, key, position, fragment", [
    ("sX", "da", "notation.unknown_rank", 1, "X"),
    ("sE", "en", "notation.unknown_rank", 1, "E"),
    ("♠1", "en", "notation.unknown_rank", 1, "1"),
    ("spar dam", "da", "notation.unknown_word", 5, "dam"),
    ("queen of spadez", "en", "notation.unknown_word", 9, "spadez"),
    ("♠K #", "en", "notation.unreadable", 3, "#"),
])
def test_unreadable_text_says_what_and_where(text: str, lang: str, key: str, position: int, fragment: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_card(text, lang)
    exc = info.value
    assert (exc.key, exc.position, exc.text, exc.lang) == (key, position, text, lang)
    assert f"“{fragment}”" in str(exc) and f"position {position + 1}" in str(exc)
    assert f"»{fragment}«" in exc.explain("da") and f"«{fragment}»" in exc.explain("nb")


@pytest.mark.parametrize("text, lang, key", [
    ("", "da", "notation.empty"),
    ("   ", "en", "notation.empty"),
    ("KS", "en", "notation.rank_before_suit"),
    ("♠KD", "da", "notation.not_one_card"),
    ("♦-", "da", "notation.void_not_card"),
    ("♠ ♥", "en", "notation.empty_suit"),
])
def test_card_errors_have_a_key(text: str, lang: str, key: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_card(text, lang)
    assert info.value.key == key
    assert not isinstance(info.value, AmbiguousNotationError)


def test_rank_before_suit_suggests_the_suit_first_form() -> None:
    with pytest.raises(NotationError) as info:
        parse_card("KS", "en")
    assert str(info.value) == ("The rank at position 1 of “KS” comes before any suit: write the suit first, "
                               "as in ♠K.")


@pytest.mark.parametrize("text, key", [
    ("♠AKA", "notation.card_twice"),
    ("♠AK ♠2", "notation.suit_twice"),
    ("♠AK2 ♥", "notation.empty_suit"),
    ("♠AK2 ♥K-", "notation.void_with_cards"),
    ("♠AKQJT98765432 ♥2", "notation.too_many_cards"),
    ("AK2.Q85.JT9876", "notation.pbn_suits"),
    ("AK2.QX5..JT9876", "notation.unknown_rank"),
    ("AK2 of Q85", "notation.rank_before_suit"),
])
def test_hand_errors_name_the_problem(text: str, key: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_hand(text, "en")
    assert info.value.key == key
    for lang in LANGS:
        assert info.value.explain(lang)


def test_holding_errors() -> None:
    with pytest.raises(NotationError) as info:
        parse_holding("♠K ♥2", "en")
    assert info.value.key == "notation.holding_suits"
    assert info.value.explain("da") == "»♠K ♥2« har kort i spar og hjerter; skriv én farve ad gangen."
    with pytest.raises(NotationError) as info:
        parse_holding("♥KJ4", "en", Suit.SPADES)
    assert info.value.key == "notation.holding_other_suit"
    with pytest.raises(NotationError) as info:
        parse_holding("KJ4", "en")
    assert info.value.key == "notation.holding_no_suit"


def test_unknown_seat_lists_the_seats_in_the_language() -> None:
    with pytest.raises(NotationError) as info:
        parse_seat("X", "da")
    assert str(info.value) == "“X” is not a seat; the seats are North, East, South or West."
    assert info.value.explain("da") == "»X« er ikke en himmelretning; brug Nord, Øst, Syd eller Vest."
    assert info.value.explain("nb") == "«X» er ikke en himmelretning; bruk Nord, Øst, Syd eller Vest."


def test_what_is_not_text_is_a_notation_error() -> None:
    for parse in (parse_card, parse_hand, parse_seat, parse_holding, parse_suit, parse_rank):
        with pytest.raises(NotationError):
            parse(None, "da")  # type: ignore[arg-type]


ALPHABET = st.sampled_from(list("♠♥♦♣♤♡♢♧shdcrkSHDCRK EeDdBbTtNnAaQqJj0123456789-–.,:ØøVWX\u00a0\ufe0f")
                           + ["10", "Kn", "spar", "klør", "kløver", "dame", "knekt", "queen", "of", "the", "en"])
TEXTS = st.one_of(st.text(max_size=40), st.lists(ALPHABET, max_size=25).map("".join))


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(TEXTS, st.sampled_from(LANGS))
def test_arbitrary_text_raises_nothing_but_notation_error(text: str, lang: str) -> None:
    for parse in (parse_card, parse_hand, parse_seat, parse_holding, parse_suit, parse_rank,
                  lambda t, lg: parse_holding(t, lg, Suit.CLUBS)):
        try:
            parse(text, lang)
        except NotationError as exc:
            assert str(exc)
            for other in LANGS:
                assert exc.explain(other)


@given(st.sampled_from(ALL_CARDS), st.sampled_from(LANGS), st.sampled_from(CARD_STYLES))
def test_formatted_card_reads_back_inside_a_sentence_of_separators(card: Card, lang: str, style: str) -> None:
    assert parse_card(f" {format_card(card, lang, style)}, ", lang) == card


# ----------------------------------------------------------------------------------------- Notation object

def test_notation_object_bundles_a_language() -> None:
    nt = Notation("da")
    assert nt.card(C("SQ")) == "♠D" and nt.card(C("SQ"), "letter") == "sD"
    assert nt.seat(Seat.SOUTH) == "Syd" and nt.seat(Seat.EAST, "letter") == "Ø"
    assert nt.parse_card("spar dame") == C("SQ")
    assert nt.parse_hand("sEB2 hDT86, dE432, cBT") == H("AJ2.QT86.A432.JT")
    assert nt.hand(H("AK2.Q85..JT9876")) == "♠E K 2 ♥D 8 5 ♦– ♣B 10 9 8 7 6"
    assert nt.holding([C("SK"), C("SJ")]) == "♠K B"
    assert nt.cite("50D1a") == LawRef.parse("50D1a").cite("da")
    assert nt.law_title("50D1a") == "Stort strafkort: spilles ved første lovlige lejlighed"
    assert Notation("da", "letter").card(C("HT")) == "hT"
    assert eval(repr(nt)) == nt


def test_package_notation_is_callable_and_still_the_module() -> None:
    bl = importlib.import_module("bridgelaws")
    module = importlib.import_module("bridgelaws.notation")
    assert module("nb") == Notation("nb")
    assert module.format_card is format_card
    assert bl.notation("en").parse_card("queen of hearts") == C("HQ")  # type: ignore[operator]


def test_notation_refuses_unknown_language_and_style() -> None:
    with pytest.raises(ValueError):
        Notation("sv")
    with pytest.raises(ValueError):
        Notation("da", "fancy")


def test_danish_ace_ten_is_not_read_as_the_article_et() -> None:
    # "ET" is spades ace and ten; the article "et" ("et kort") is dropped only in lower case or as "Et"
    from bridgelaws.notation import parse_hand

    hand = parse_hand("spar ET, hjerter –, ruder –, klør –", "da")
    assert set(hand) == {Card.parse("SA"), Card.parse("ST")}
