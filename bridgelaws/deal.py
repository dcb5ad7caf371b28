"""Deals and contracts: immutable values with PBN in and out and validation that says what is wrong.

An incomplete or inconsistent ``Deal`` may be built (articles often show two hands); ``status()`` says
what is wrong and ``validate()`` raises :class:`InvalidDealError` with the details.
"""

from __future__ import annotations

import enum
import random as _random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from bridgelaws.cards import ALL_CARDS, Card, Rank, Seat, Strain, Suit, sorted_cards
from bridgelaws.errors import InvalidDealError, NotationError

__all__ = ["Hand", "Deal", "DealStatus", "Contract"]


@dataclass(frozen=True, slots=True)
class Hand:
    """A set of cards with suit views. ``Hand.from_pbn('AKQ.J32.T98.7654')``."""

    cards: frozenset[Card] = frozenset()

    @classmethod
    def of(cls, cards: Iterable[Card]) -> Hand:
        return cls(frozenset(cards))

    @classmethod
    def from_pbn(cls, text: str) -> Hand:
        """Parse ``spades.hearts.diamonds.clubs`` with ranks ``AKQJT98765432`` (``10`` accepted); raises
        :class:`NotationError`."""
        if not isinstance(text, str):
            raise NotationError(f"a hand must be a PBN string like 'AKQ.J32.T98.7654', not {text!r}",
                                text=repr(text))
        t = text.strip()
        if t in ("-", ""):
            return cls()
        parts = t.split(".")
        if len(parts) != 4:
            raise NotationError(f"hand {text!r} must have four suits separated by dots "
                                f"(spades.hearts.diamonds.clubs), found {len(parts)}", text=text)
        cards: list[Card] = []
        for suit, part in zip(Suit, parts):
            part = part.replace("10", "T")
            for ch in part:
                try:
                    rank = Rank.parse(ch)
                except NotationError:
                    raise NotationError(f"hand {text!r}: unknown rank {ch!r} in {suit.name.lower()}",
                                        text=text) from None
                card = Card(suit, rank)
                if card in cards:
                    raise NotationError(f"hand {text!r}: {card} appears twice", text=text)
                cards.append(card)
        return cls(frozenset(cards))

    def to_pbn(self) -> str:
        return ".".join("".join(c.rank.letter for c in self.suit(s)) for s in Suit)

    def suit(self, suit: Suit) -> list[Card]:
        """The cards of ``suit``, high to low."""
        return sorted((c for c in self.cards if c.suit is suit), key=lambda c: -int(c.rank))

    def has_suit(self, suit: Suit) -> bool:
        return any(c.suit is suit for c in self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def __contains__(self, card: object) -> bool:
        return card in self.cards

    def __iter__(self) -> Iterator[Card]:
        return iter(sorted_cards(self.cards))

    def __str__(self) -> str:
        return self.to_pbn()

    def _repr_html_(self) -> str:
        from bridgelaws.render import html

        return html.hand(self)

    def __repr__(self) -> str:
        return f"Hand.from_pbn({self.to_pbn()!r})"


class DealStatus(enum.IntFlag):
    """What is wrong with a deal (python-chess style ``status()``)."""

    VALID = 0
    MISSING_CARDS = 1
    DUPLICATE_CARD = 2
    WRONG_HAND_SIZE = 4


@dataclass(frozen=True, slots=True)
class Deal:
    """The four hands as dealt, indexed by seat (N, E, S, W)."""

    hands: tuple[Hand, Hand, Hand, Hand]

    @classmethod
    def from_hands(cls, hands: dict[Seat, Hand | str]) -> Deal:
        hs = []
        for seat in Seat:
            h = hands.get(seat, Hand())
            hs.append(Hand.from_pbn(h) if isinstance(h, str) else h)
        return cls((hs[0], hs[1], hs[2], hs[3]))

    @classmethod
    def from_pbn(cls, text: str) -> Deal:
        """Parse a PBN deal ``"N:<north> <east> <south> <west>"``; the first letter names the first hand,
        hands follow clockwise. ``-`` stands for an unknown hand. May be incomplete; see ``status()``. Raises
        :class:`NotationError` for text that is not such a deal."""
        if not isinstance(text, str):
            raise NotationError(f"a deal must be a PBN string, not {text!r}", text=str(text))
        t = text.strip()
        if len(t) < 2 or t[1] != ":":
            raise NotationError(f"deal {text!r} must start with the first hand's seat and a colon, "
                                "e.g. 'N:AKQ.J32.T98.7654 ...'", text=text)
        first = Seat.parse(t[0])
        parts = t[2:].split()
        if len(parts) != 4:
            raise NotationError(f"deal {text!r} must have four hands separated by spaces, found {len(parts)}",
                                text=text)
        hands: dict[Seat, Hand] = {}
        for i, part in enumerate(parts):
            seat = first.next(i)
            try:
                hands[seat] = Hand.from_pbn(part)
            except NotationError as exc:
                raise NotationError(f"deal, {seat.name.lower()}'s hand: {exc}", text=text) from None
        return cls.from_hands(dict(hands))

    @classmethod
    def random(cls, seed: int | _random.Random) -> Deal:
        """A random complete deal from an explicit seed (or ``random.Random``)."""
        rng = seed if isinstance(seed, _random.Random) else _random.Random(seed)
        cards = list(ALL_CARDS)
        rng.shuffle(cards)
        return cls(tuple(Hand(frozenset(cards[i * 13:(i + 1) * 13])) for i in range(4)))  # type: ignore[arg-type]

    def hand(self, seat: Seat) -> Hand:
        return self.hands[seat.index]

    def owner(self, card: Card) -> Seat | None:
        for seat in Seat:
            if card in self.hands[seat.index]:
                return seat
        return None

    def to_pbn(self, first: Seat = Seat.NORTH) -> str:
        return f"{first.value}:" + " ".join(self.hand(s).to_pbn() for s in Seat.iter_from(first))

    def problems(self) -> list[str]:
        """Every problem in plain English: duplicates (with both seats), wrong hand sizes, missing cards."""
        out: list[str] = []
        seen: dict[Card, Seat] = {}
        for seat in Seat:
            for card in self.hand(seat):
                if card in seen:
                    out.append(f"duplicate card {card}: in {seen[card].name.lower()}'s and {seat.name.lower()}'s hands")
                else:
                    seen[card] = seat
        for seat in Seat:
            n = len(self.hand(seat))
            if n != 13:
                out.append(f"{seat.name.lower()}'s hand has {n} cards, not 13")
        missing = [c for c in ALL_CARDS if c not in seen]
        if missing:
            out.append("missing cards: " + " ".join(str(c) for c in missing))
        return out

    def status(self) -> DealStatus:
        st = DealStatus.VALID
        seen: set[Card] = set()
        for seat in Seat:
            h = self.hand(seat)
            if len(h) != 13:
                st |= DealStatus.WRONG_HAND_SIZE
            if seen & h.cards:
                st |= DealStatus.DUPLICATE_CARD
            seen |= h.cards
        if len(seen) != 52:
            st |= DealStatus.MISSING_CARDS
        return st

    def is_valid(self) -> bool:
        return self.status() == DealStatus.VALID

    def validate(self) -> Deal:
        """Return self, or raise InvalidDealError saying exactly what is wrong."""
        probs = self.problems()
        if probs:
            raise InvalidDealError("invalid deal: " + "; ".join(probs), status=self.status())
        return self

    def _repr_html_(self) -> str:
        from bridgelaws.render import html

        return html.deal(self)

    def __str__(self) -> str:
        return self.to_pbn()

    def __repr__(self) -> str:
        return f"Deal.from_pbn({self.to_pbn()!r})"


@dataclass(frozen=True, slots=True)
class Contract:
    """A final contract: level, strain, declarer and doubling (0, 1 = X, 2 = XX)."""

    level: int
    strain: Strain
    declarer: Seat
    doubled: int = 0

    def __post_init__(self) -> None:
        if not 1 <= self.level <= 7:
            raise NotationError(f"contract level must be 1 to 7, not {self.level}", text=str(self.level))
        if self.doubled not in (0, 1, 2):
            raise NotationError(f"doubling must be 0, 1 (X) or 2 (XX), not {self.doubled}", text=str(self.doubled))

    @classmethod
    def parse(cls, text: str, declarer: Seat | str) -> Contract:
        """``Contract.parse("3NT", "S")``; also ``4S``, ``4SX``, ``4SXX``, ``3N``. The level is an ASCII digit
        1 to 7. Raises :class:`NotationError` for anything else."""
        from bridgelaws.errors import NotationError as _NE

        if not isinstance(text, str):
            raise _NE(f"a contract must be a string like '3NT', not {text!r}", text=repr(text))
        if not text.isascii():   # checked before upper(): "ſ".upper() is "S"
            raise _NE(f"contract {text!r}: write level then strain in ASCII letters and digits, e.g. '3NT' or '4S'",
                      text=text)
        t = text.strip().upper()
        doubled = 0
        while t.endswith("X") and doubled < 2:
            t = t[:-1]
            doubled += 1
        if len(t) < 2 or t[0] not in "0123456789":
            raise _NE(f"contract {text!r}: write level then strain, e.g. '3NT' or '4S'", text=str(text))
        seat = declarer if isinstance(declarer, Seat) else Seat.parse(declarer)
        try:
            strain = Strain.parse(t[1:])
        except _NE:
            raise _NE(f"contract {text!r}: unknown strain {t[1:]!r} (use S, H, D, C or NT)", text=str(text)) from None
        return cls(int(t[0]), strain, seat, doubled)

    @property
    def trump(self) -> Suit | None:
        return self.strain.trump

    @property
    def dummy(self) -> Seat:
        return self.declarer.partner

    @property
    def opening_leader(self) -> Seat:
        return self.declarer.lho

    def __str__(self) -> str:
        return f"{self.level}{self.strain.value}{'X' * self.doubled}"

    def __repr__(self) -> str:
        return f"Contract.parse({str(self)!r}, {self.declarer.value!r})"
