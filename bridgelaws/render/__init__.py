"""Deterministic pictures of deals and tables: HTML (:mod:`bridgelaws.render.html`) and fixed-width text
(:mod:`bridgelaws.render.text`), both built from the same view of the table defined here.

Pure standard library. The same input gives the same bytes (nbval compares ``text/html`` and
``text/plain``): no ids, no times, no memory addresses, stable order everywhere. Every label a person sees
comes from the message catalogue (domain ``render``, keys ``render.*``).

>>> from bridgelaws import Deal
>>> from bridgelaws.render import html, text
>>> d = Deal.from_pbn("N:T542.AK2.76.AT98 AJ6.76.A954.K765 Q87.Q543.T8.Q432 K93.JT98.KQJ32.J")
>>> print(text.deal(d, lang="da").splitlines()[1])
              ♠ 10 5 4 2
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bridgelaws.cards import Card, Seat, Suit
from bridgelaws.i18n import normalize_lang
from bridgelaws.i18n import text as _text

if TYPE_CHECKING:
    from bridgelaws.deal import Contract, Deal
    from bridgelaws.state import PenaltyCard
    from bridgelaws.table import Table

__all__ = ["BoardView", "SeatView", "TrickCard", "deal_view", "hidden_seats", "label", "table_view"]

#: the compass order the pictures use for reading order (and the text form's line order)
COMPASS = (Seat.NORTH, Seat.WEST, Seat.EAST, Seat.SOUTH)


def label(key: str, lang: str, **params: Any) -> str:
    """A heading or label from the ``render`` catalogue (``label("tricks", "da") == "Stik"``)."""
    return _text("render." + key, lang, **params)


@dataclass(frozen=True)
class SeatView:
    """What the picture shows for one seat."""

    seat: Seat
    hidden: bool
    #: cards still in the hand, display order (spades first, high to low)
    cards: tuple[Card, ...]
    #: cards of this hand that have been played (shown greyed when asked for)
    played: frozenset[Card]
    penalty_cards: tuple[PenaltyCard, ...]
    #: "declarer" and/or "dummy"
    roles: tuple[str, ...]
    #: "lead", "play" or None: whose turn it is, and whether that turn is a lead
    turn: str | None
    #: a decision that play waits for is this seat's to make
    decides: bool


@dataclass(frozen=True)
class TrickCard:
    """A card lying in the middle of the table. ``how``: ``lead`` (led to the trick in progress), ``play``,
    ``irregular`` (a lead out of turn awaiting acceptance or rejection) or ``face_down`` (41A)."""

    seat: Seat
    card: Card
    how: str


@dataclass(frozen=True)
class BoardView:
    """Everything the HTML and text forms show, computed once from a deal or a table."""

    seats: tuple[SeatView, ...]  # in Seat order N, E, S, W
    contract: Contract | None = None
    #: declarer now (differs from ``contract.declarer`` after Law 54A makes the opening leader's partner declarer)
    declarer: Seat | None = None
    trick: tuple[TrickCard, ...] = ()
    #: number of the trick in progress (1..13); None for a bare deal or when play is over
    trick_no: int | None = None
    over: bool = False
    #: tricks won by (N-S, E-W); None for a bare deal
    tricks_won: tuple[int, int] | None = None
    statements: tuple[str, ...] = ()

    def seat(self, seat: Seat) -> SeatView:
        return self.seats[seat.index]


def hidden_seats(hide: Iterable[Seat | str] | Seat | str) -> frozenset[Seat]:
    """``hide`` as a set of seats: seats or seat letters, one or several (``WEST``, ``"W"``, ``"EW"``,
    ``(Seat.EAST, "W")``)."""
    items: tuple[Seat | str, ...]
    if isinstance(hide, Seat):
        items = (hide,)
    elif isinstance(hide, str):
        t = hide.strip().upper()
        items = (t,) if t in _SEAT_NAMES else tuple(ch for ch in t if ch not in " ,")
    else:
        items = tuple(hide)
    return frozenset(s if isinstance(s, Seat) else Seat.parse(s) for s in items)


_SEAT_NAMES = {s.name for s in Seat}


def _sorted(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: c.sort_key))


def deal_view(deal: Deal, hide: Iterable[Seat | str] | Seat | str = ()) -> BoardView:
    hidden = hidden_seats(hide)
    seats = tuple(SeatView(s, s in hidden, _sorted(deal.hand(s).cards), frozenset(), (), (), None, False)
                  for s in Seat)
    return BoardView(seats)


def table_view(table: Table, lang: str = "en", hide: Iterable[Seat | str] | Seat | str = (),
               show_statements: bool = True) -> BoardView:
    """The view of a table now. Statements are rendered in ``lang`` (they come from the engine catalogue)."""
    lang = normalize_lang(lang)
    hidden = hidden_seats(hide)
    st = table.state
    declarer, dummy = table.declarer, table.dummy
    pending = st.pending
    il = st.irregular_lead
    face_down = st.opening_lead_face_down
    over = st.phase == "over"
    on_table: dict[Seat, set[Card]] = {s: set() for s in Seat}
    for p in st.penalty_cards:
        on_table[p.seat].add(p.card)
    if il is not None:
        on_table[il.seat].add(il.card)
    if face_down is not None:
        on_table[face_down[0]].add(face_down[1])
    seats = []
    for s in Seat:
        in_hand = st.hand(s)
        played = frozenset(table.deal.hand(s).cards - in_hand - on_table[s])
        roles = tuple(r for r, who in (("declarer", declarer), ("dummy", dummy)) if who is s)
        turn = None
        if not over and st.to_act is s:
            turn = "lead" if not st.trick else "play"
        seats.append(SeatView(s, s in hidden, _sorted(in_hand), played, st.penalty_cards_of(s), roles, turn,
                              pending is not None and pending.by is s))
    trick: list[TrickCard] = []
    for i, (s, c) in enumerate(st.trick):
        trick.append(TrickCard(s, c, "lead" if i == 0 else "play"))
    if il is not None:
        trick.append(TrickCard(il.seat, il.card, "irregular"))
    if face_down is not None:
        trick.append(TrickCard(face_down[0], face_down[1], "face_down"))
    statements = tuple(s.text(lang) for s in table.statements()) if show_statements else ()
    return BoardView(
        seats=tuple(seats),
        contract=table.contract,
        declarer=declarer,
        trick=tuple(trick),
        trick_no=None if over else st.trick_no,
        over=over,
        tricks_won=(table.tricks_won(Seat.NORTH), table.tricks_won(Seat.EAST)),
        statements=statements,
    )


def contract_text(contract: Contract, lang: str) -> tuple[str, Suit | None, str]:
    """(level, trump suit or None for no trumps, suffix): the pieces of ``3NT``, ``4♥X`` in ``lang``.
    With no trumps the suffix starts with the localized NT."""
    dbl = {0: "", 1: label("doubled", lang), 2: label("redoubled", lang)}[contract.doubled]
    trump = contract.trump
    if trump is None:
        return str(contract.level), None, label("notrump", lang) + dbl
    return str(contract.level), trump, dbl


def side_label(seat: Seat, lang: str) -> str:
    """``N–S`` / ``Ø–V``: the partnership of ``seat``."""
    from bridgelaws.notation import format_seat

    return f"{format_seat(seat, lang, 'letter')}–{format_seat(seat.partner, lang, 'letter')}"

