"""The auction on the constraint timeline (issue 36): where the events of the auction lie on the drawing's scale
(the auction runs from -1 to 0, before trick 1), the number of each call, whether the drawing has an auction
column, and where a constraint that takes effect when the auction ends was born in it (the withdrawn call behind
a 26B restriction, the card exposed during the auction behind a 24E penalty card). Used by
:mod:`bridgelaws.timeline`; reads the auction's state (``PlayState.auction``, ``auction_lead``) and changes
nothing."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bridgelaws.auction.calls import Call
from bridgelaws.events import CallEvent, Expose
from bridgelaws.laws import law

if TYPE_CHECKING:
    from bridgelaws.state import Constraint
    from bridgelaws.table import Table

__all__ = ["NO_AUCTION", "Span", "origin", "span", "where"]


def _reached(table: Table, upto: int | None) -> int:
    """The number of events up to the position drawn (``upto``: the end of that trick)."""
    return len(table.history) if upto is None else sum(1 for s in table.states[:-1] if s.trick_no <= upto)


@dataclass(frozen=True, slots=True)
class Span:
    """Where the events of the auction lie on the drawing's scale (the auction runs from -1 to 0): ``at``, by
    event index (0-based), where the state after it lies; ``calls``, the number of each call in the auction (1
    for the first call made, irregular ones included); ``now``, where the position reached lies while the
    auction goes on; ``column``: the drawing has an auction column (the board has an auction with an
    irregularity: an irregular call or a card exposed during the auction)."""

    at: dict[int, float]
    calls: dict[int, int]
    now: float | None = None
    column: bool = False


NO_AUCTION = Span({}, {})


def span(table: Table, upto: int | None = None) -> Span:
    """The auction's place on the drawing for ``table`` up to the position drawn (``upto``: a trick)."""
    states = table.states
    if states[0].auction is None:
        return NO_AUCTION
    n = _reached(table, upto)
    idx = [i for i in range(n) if states[i].phase == "auction"]
    a = states[n].auction
    ongoing = states[n].phase == "auction"
    k = len(idx) + (1 if ongoing else 0)   # while the auction goes on, room for the next call
    at = {i: round(-1 + (j + 1) / k, 4) for j, i in enumerate(idx)}
    calls: dict[int, int] = {}
    for i in idx:
        if isinstance(table.history[i], CallEvent):
            calls[i] = len(calls) + 1
    # an irregular call (waiting, accepted, cancelled, withdrawn, or a pass the Laws imposed) or an exposed card
    column = a is not None and bool(a.log or a.exposed or a.irregular is not None
                                    or any(m[2] != "legal" for m in a.made))
    return Span(at, calls, round(-1 + len(idx) / k, 4) if ongoing else None, column)


def where(table: Table, sp: Span, i: int) -> tuple[Any, ...]:
    """The call or event of the auction with index ``i``, as a lane names it."""
    ev = table.history[i]
    if i in sp.calls:
        return ("call", ev.seat, Call.parse(ev.call), sp.calls[i])
    return ("event", ev)


def origin(table: Table, c: Constraint, i: int) -> tuple[int, Any] | None:
    """Where a constraint that takes effect when the auction ends was born in it: the withdrawn call behind a
    26B restriction (26A, 26B), or the card exposed during the auction that became a penalty card (24E). The
    index of that event, and the law under which the constraint takes effect then (None: at once)."""
    states = table.states
    after = states[i + 1]
    a = after.auction
    if a is None:
        return None
    if c.key[0] == "lead_restriction_26B":
        lr = after.auction_lead
        offender = lr[1] if lr is not None else getattr(after.pending, "offender", None)
        w = next((w for w in a.withdrawn if w.lead_restriction and w.seat is offender), None)
        if w is None:
            return None
        j = next((k for k, m in enumerate(a.made) if m[0] is w.seat and m[1] == w.call
                  and m[2] in ("cancelled", "withdrawn")), None)
        if j is None:
            return None
        made = next((k for k in range(i + 1) if states[k].phase == "auction"
                     and states[k + 1].auction is not None and len(states[k + 1].auction.made) > j), None)
        return None if made is None else (made, None)
    if c.key[0] == "penalty_card" and states[i].phase == "auction":
        seat, card = c.key[1], c.key[2]
        k = next((k for k in range(i) if states[k].phase == "auction" and isinstance(table.history[k], Expose)
                  and table.history[k].seat is seat and table.history[k].card == card), None)
        return None if k is None else (k, c.law if str(c.law) == "24E" else law("24E"))
    return None
