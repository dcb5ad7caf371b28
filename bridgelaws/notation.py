"""Writing and reading cards, holdings, hands and seats in Danish (``da``), Norwegian (``nb``) and English.

Formatting: ``format_card(card, lang, style=...)`` with styles ``symbol`` (♠D), ``letter`` (sD, the LKU-22
form) and ``name`` (spar dame). Parsing lives beside it (``parse_card`` etc.).
"""

from __future__ import annotations

from bridgelaws.cards import Card, Rank, Seat, Suit
from bridgelaws.i18n import normalize_lang

__all__ = ["format_card", "format_seat", "format_suit", "format_rank", "RANK_LETTERS", "SEAT_LETTERS",
           "SEAT_NAMES", "SUIT_NAMES"]

RANK_LETTERS: dict[str, dict[Rank, str]] = {
    "en": {Rank.ACE: "A", Rank.KING: "K", Rank.QUEEN: "Q", Rank.JACK: "J", Rank.TEN: "10"},
    "da": {Rank.ACE: "E", Rank.KING: "K", Rank.QUEEN: "D", Rank.JACK: "B", Rank.TEN: "T"},
    "nb": {Rank.ACE: "E", Rank.KING: "K", Rank.QUEEN: "D", Rank.JACK: "Kn", Rank.TEN: "10"},
}
RANK_NAMES: dict[str, dict[Rank, str]] = {
    "en": {Rank.ACE: "ace", Rank.KING: "king", Rank.QUEEN: "queen", Rank.JACK: "jack", Rank.TEN: "ten",
           Rank.NINE: "nine", Rank.EIGHT: "eight", Rank.SEVEN: "seven", Rank.SIX: "six", Rank.FIVE: "five",
           Rank.FOUR: "four", Rank.THREE: "three", Rank.TWO: "two"},
    "da": {Rank.ACE: "es", Rank.KING: "konge", Rank.QUEEN: "dame", Rank.JACK: "bonde", Rank.TEN: "ti",
           Rank.NINE: "ni", Rank.EIGHT: "otte", Rank.SEVEN: "syv", Rank.SIX: "seks", Rank.FIVE: "fem",
           Rank.FOUR: "fire", Rank.THREE: "tre", Rank.TWO: "to"},
    "nb": {Rank.ACE: "ess", Rank.KING: "konge", Rank.QUEEN: "dame", Rank.JACK: "knekt", Rank.TEN: "ti",
           Rank.NINE: "ni", Rank.EIGHT: "åtte", Rank.SEVEN: "sju", Rank.SIX: "seks", Rank.FIVE: "fem",
           Rank.FOUR: "fire", Rank.THREE: "tre", Rank.TWO: "to"},
}
SUIT_NAMES: dict[str, dict[Suit, str]] = {
    "en": {Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds", Suit.CLUBS: "clubs"},
    "da": {Suit.SPADES: "spar", Suit.HEARTS: "hjerter", Suit.DIAMONDS: "ruder", Suit.CLUBS: "klør"},
    "nb": {Suit.SPADES: "spar", Suit.HEARTS: "hjerter", Suit.DIAMONDS: "ruter", Suit.CLUBS: "kløver"},
}
#: singular forms used before a rank ("heart queen", "spar dame")
SUIT_SINGULAR: dict[str, dict[Suit, str]] = {
    "en": {Suit.SPADES: "spade", Suit.HEARTS: "heart", Suit.DIAMONDS: "diamond", Suit.CLUBS: "club"},
    "da": SUIT_NAMES["da"],
    "nb": SUIT_NAMES["nb"],
}
SEAT_LETTERS: dict[str, dict[Seat, str]] = {
    "en": {Seat.NORTH: "N", Seat.EAST: "E", Seat.SOUTH: "S", Seat.WEST: "W"},
    "da": {Seat.NORTH: "N", Seat.EAST: "Ø", Seat.SOUTH: "S", Seat.WEST: "V"},
    "nb": {Seat.NORTH: "N", Seat.EAST: "Ø", Seat.SOUTH: "S", Seat.WEST: "V"},
}
SEAT_NAMES: dict[str, dict[Seat, str]] = {
    "en": {Seat.NORTH: "North", Seat.EAST: "East", Seat.SOUTH: "South", Seat.WEST: "West"},
    "da": {Seat.NORTH: "Nord", Seat.EAST: "Øst", Seat.SOUTH: "Syd", Seat.WEST: "Vest"},
    "nb": {Seat.NORTH: "Nord", Seat.EAST: "Øst", Seat.SOUTH: "Sør", Seat.WEST: "Vest"},
}


def format_rank(rank: Rank, lang: str = "en", style: str = "letter") -> str:
    lang = normalize_lang(lang)
    if style == "name":
        return RANK_NAMES[lang][rank]
    return RANK_LETTERS[lang].get(rank, rank.letter)


def format_suit(suit: Suit, lang: str = "en", style: str = "symbol") -> str:
    lang = normalize_lang(lang)
    if style == "name":
        return SUIT_NAMES[lang][suit]
    if style == "letter":
        return suit.letter.lower()
    return suit.symbol


def format_card(card: Card, lang: str = "en", style: str = "symbol") -> str:
    """``symbol``: ♠D / ♠Q; ``letter``: sD (LKU-22 style, lower-case English suit letter); ``name``: spar dame."""
    lang = normalize_lang(lang)
    if style == "name":
        return f"{SUIT_SINGULAR[lang][card.suit]} {RANK_NAMES[lang][card.rank]}"
    return format_suit(card.suit, lang, "letter" if style == "letter" else "symbol") + format_rank(card.rank, lang)


def format_seat(seat: Seat, lang: str = "en", style: str = "name") -> str:
    lang = normalize_lang(lang)
    return (SEAT_LETTERS if style == "letter" else SEAT_NAMES)[lang][seat]
