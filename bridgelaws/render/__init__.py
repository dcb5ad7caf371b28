"""Deterministic pictures of deals and tables: HTML (:mod:`bridgelaws.render.html`) and fixed-width text
(:mod:`bridgelaws.render.text`), both drawn from the one view of a position (:mod:`bridgelaws.view`).

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
from typing import TYPE_CHECKING, Any

from bridgelaws.cards import Seat, Suit
from bridgelaws.i18n import text as _text
from bridgelaws.view import BoardView, DecisionView, SeatView, TrickCard, deal_view, hidden_seats, position

if TYPE_CHECKING:
    from bridgelaws.deal import Contract
    from bridgelaws.table import Table

__all__ = ["BoardView", "DecisionView", "SeatView", "TrickCard", "deal_view", "hidden_seats", "label", "table_view"]

#: the compass order the pictures use for reading order (and the text form's line order)
COMPASS = (Seat.NORTH, Seat.WEST, Seat.EAST, Seat.SOUTH)


def label(key: str, lang: str, **params: Any) -> str:
    """A heading or label from the ``render`` catalogue (``label("tricks", "da") == "Stik"``)."""
    return _text("render." + key, lang, **params)


def table_view(table: Table, lang: str = "en", hide: Iterable[Seat | str] | Seat | str = (),
               show_statements: bool = True, **kwargs: Any) -> BoardView:
    """The view of a table now (:func:`bridgelaws.view.position`, which see for ``kwargs``)."""
    return position(table, lang, hide=hide, show_statements=show_statements, **kwargs)


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

