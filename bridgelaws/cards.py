"""Immutable card-play values: suits, ranks, cards, seats and strains.

The canonical, language-neutral text form is the PBN letter form (``SA``, ``HT``, ``N``).
Localized forms live in :mod:`bridgelaws.notation`.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

__all__ = [
    "Suit", "Rank", "Card", "Seat", "Strain", "ALL_CARDS",
    "SPADES", "HEARTS", "DIAMONDS", "CLUBS",
    "NORTH", "EAST", "SOUTH", "WEST", "NOTRUMP",
]


class Suit(enum.Enum):
    """The four suits, in PBN order (spades first)."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    __hash__ = object.__hash__  # members are singletons; identity hashing is exact and fast

    @property
    def letter(self) -> str:
        return self.value

    @property
    def symbol(self) -> str:
        return _SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def index(self) -> int:
        """0 for spades ... 3 for clubs (PBN order)."""
        return self._index  # type: ignore[attr-defined, no-any-return]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Parse a PBN suit letter or a suit symbol (filled or outline); raises NotationError."""
        from bridgelaws.errors import NotationError

        if not isinstance(text, str):
            raise NotationError(f"a suit must be a string like 'S', not {text!r}", text=repr(text))
        t = text.strip()
        # only ASCII letters are folded: "ſ".upper() is "S", and it is not a suit letter
        found = _SUIT_LOOKUP.get(t.upper() if t.isascii() else t)
        if found is None:
            raise NotationError(f"unknown suit {text!r}", text=text)
        return found

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Suit.{self.name}"

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Suit):
            return NotImplemented
        return self.index < other.index


_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SUIT_INDEX = {s: i for i, s in enumerate(Suit)}
for _s, _i in _SUIT_INDEX.items():
    _s._index = _i  # type: ignore[attr-defined]
_SUIT_LOOKUP: dict[str, Suit] = {}
for _s in Suit:
    _SUIT_LOOKUP[_s.value] = _s
    _SUIT_LOOKUP[_SYMBOLS[_s]] = _s
_SUIT_LOOKUP.update({"♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS})


class Rank(enum.IntEnum):
    """Card ranks; the value orders them (two lowest, ace highest)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        return _RANK_LETTERS[self]

    @property
    def is_honour(self) -> bool:
        """Ace, king, queen, jack and ten are honours (Law 50B, definitions)."""
        return self >= Rank.TEN

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Parse a PBN rank letter (``AKQJT98765432``, any case) or ``10``; raises NotationError."""
        from bridgelaws.errors import NotationError

        if not isinstance(text, str):
            raise NotationError(f"a rank must be a string like 'Q', not {text!r}", text=repr(text))
        t = text.strip()
        t = t.upper() if t.isascii() else ""
        if t == "10":
            return Rank.TEN
        for r, letter in _RANK_LETTERS.items():
            if letter == t:
                return r
        raise NotationError(f"unknown rank {text!r}", text=text)

    def __str__(self) -> str:
        return self.letter

    def __repr__(self) -> str:
        return f"Rank.{self.name}"


_RANK_LETTERS = {
    Rank.TWO: "2", Rank.THREE: "3", Rank.FOUR: "4", Rank.FIVE: "5", Rank.SIX: "6",
    Rank.SEVEN: "7", Rank.EIGHT: "8", Rank.NINE: "9", Rank.TEN: "T", Rank.JACK: "J",
    Rank.QUEEN: "Q", Rank.KING: "K", Rank.ACE: "A",
}


@dataclass(frozen=True, slots=True)
class Card:
    """A playing card. ``Card.parse('SA')``; ordered by suit (PBN order) then rank."""

    suit: Suit
    rank: Rank

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse the canonical form: suit letter first, then rank (``S3``, ``HK``, ``DT``, ``D10``)."""
        from bridgelaws.errors import NotationError

        if not isinstance(text, str):
            raise NotationError(f"a card must be a string like 'SA', not {text!r}", text=str(text))
        t = text.strip()
        if len(t) < 2:
            raise NotationError(f"card {text!r} is too short: write the suit letter then the rank, e.g. 'SA'", text=text)
        try:
            suit = Suit.parse(t[0])
        except NotationError:
            raise NotationError(f"card {text!r}: unknown suit {t[0]!r} (use S, H, D or C)", text=text) from None
        try:
            rank = Rank.parse(t[1:])
        except NotationError:
            raise NotationError(f"card {text!r}: unknown rank {t[1:]!r}", text=text) from None
        return cls(suit, rank)

    @property
    def is_honour(self) -> bool:
        return self.rank.is_honour

    @property
    def sort_key(self) -> tuple[int, int]:
        """Display order: spades first, high cards first."""
        return (self.suit.index, -int(self.rank))

    def __str__(self) -> str:
        return self.suit.value + self.rank.letter

    def _repr_html_(self) -> str:
        from bridgelaws.render import html

        return html.card(self)

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __lt__(self, other: Card) -> bool:
        return self.sort_key < other.sort_key


ALL_CARDS: tuple[Card, ...] = tuple(Card(s, r) for s in Suit for r in sorted(Rank, reverse=True))


def sorted_cards(cards: Iterable[Card]) -> list[Card]:
    """Cards in display order: spades to clubs, high to low."""
    return sorted(cards, key=lambda c: c.sort_key)


class Seat(enum.Enum):
    """The four compass seats. Rotation is clockwise: N, E, S, W."""

    NORTH = "N"
    EAST = "E"
    SOUTH = "S"
    WEST = "W"

    __hash__ = object.__hash__  # members are singletons; identity hashing is exact and fast

    @property
    def letter(self) -> str:
        return self.value

    @property
    def index(self) -> int:
        return self._index  # type: ignore[attr-defined, no-any-return]

    def next(self, n: int = 1) -> Seat:
        return _SEATS[(self._index + n) % 4]  # type: ignore[attr-defined]

    @property
    def lho(self) -> Seat:
        """Left-hand opponent: the next seat clockwise."""
        return self.next(1)

    @property
    def partner(self) -> Seat:
        return self.next(2)

    @property
    def rho(self) -> Seat:
        """Right-hand opponent: the previous seat clockwise."""
        return self.next(3)

    def is_partner_of(self, other: Seat) -> bool:
        return other is self.partner

    @classmethod
    def iter_from(cls, leader: Seat) -> Iterator[Seat]:
        """The four seats in rotation, starting with ``leader``."""
        for i in range(4):
            yield leader.next(i)

    @classmethod
    def parse(cls, text: str) -> Seat:
        from bridgelaws.errors import NotationError

        if isinstance(text, str) and text.isascii():
            t = text.strip().upper()
            for s in _SEATS:
                if s.value == t or s.name == t:
                    return s
        raise NotationError(f"unknown seat {text!r} (use N, E, S or W)", text=str(text))

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Seat.{self.name}"


_SEATS = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
_SEAT_INDEX = {s: i for i, s in enumerate(_SEATS)}
for _seat, _i in _SEAT_INDEX.items():
    _seat._index = _i  # type: ignore[attr-defined]


class Strain(enum.Enum):
    """A contract's strain: one of the suits, or no trumps."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"
    NOTRUMP = "NT"

    @property
    def trump(self) -> Suit | None:
        return None if self is Strain.NOTRUMP else Suit(self.value)

    @classmethod
    def parse(cls, text: str) -> Strain:
        from bridgelaws.errors import NotationError

        if not isinstance(text, str):
            raise NotationError(f"a strain must be a string like 'NT', not {text!r}", text=repr(text))
        t = text.strip().upper() if text.isascii() else ""
        if t in ("N", "NT"):
            return Strain.NOTRUMP
        for s in Strain:
            if s.value == t:
                return s
        raise NotationError(f"unknown strain {text!r} (use S, H, D, C or NT)", text=text)

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Strain.{self.name}"


SPADES, HEARTS, DIAMONDS, CLUBS = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS
NORTH, EAST, SOUTH, WEST = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
NOTRUMP = Strain.NOTRUMP
