"""The auction on the card table (issue 36): calls by click, accepting or not an irregular call, and the call
buttons' state for the bidding diagram (render.auction). Functions of the session, kept out of
:class:`~bridgelaws.session.core.SessionCore` (which holds the state they use: ``call_seat``, ``call_finding``)."""

from __future__ import annotations

from typing import Any

from bridgelaws.auction.engine import may_substitute
from bridgelaws.events import AcceptCall, CallEvent, RejectCall
from bridgelaws.view import BoardView

__all__ = ["make_call", "answer_call", "with_call_controls", "finding_asked", "findings_offered"]

#: the Director's findings on a replacement or later call (23A, 27B1)
RULED = ("same_denominations", "comparable", "not_comparable")


def make_call(s: Any, call: str) -> None:
    """A call by the chosen seat (by default the player to call; another seat makes a call out of rotation), with
    the chosen finding; the engine sees what the Laws make of it."""
    st = s.table.state
    if st.phase != "auction":
        raise ValueError("the auction has ended")
    seat = s.call_seat or st.auction.turn
    try:
        s.push(CallEvent(seat, call=call, finding=s.call_finding))
    finally:
        s.call_seat, s.call_finding = None, None


def answer_call(s: Any, accept: bool) -> None:
    """The offender's left-hand opponent accepts the irregular call, or it is not accepted (27A1, 29A / 27B, 29B,
    36B, 37B)."""
    auction = s.table.state.auction
    irr = auction.irregular if auction is not None else None
    if irr is None:
        raise ValueError("no irregular call waits")
    s.push((AcceptCall if accept else RejectCall)(irr.seat.lho))


def with_call_controls(s: Any, v: BoardView) -> BoardView:
    """The view with the call buttons' state during the auction: who calls, the finding, and whether an irregular
    call waits for an answer."""
    auction = v.extra.get("auction")
    st = s.table.state
    if isinstance(auction, dict) and st.phase == "auction":
        seat = s.call_seat or st.auction.turn
        auction["controls"] = {"seat": seat, "finding": s.call_finding,
                               "irregular": st.auction.irregular is not None,
                               "findings": findings_offered(st.auction, seat, s.call_finding)}
    return v


def findings_offered(auction: Any, seat: Any, chosen: str | None = None) -> tuple[str, ...]:
    """The finding buttons for a call by ``seat``: the Director's findings on a replacement or later call where one
    is asked (:func:`finding_asked`), ``unintended`` where ``seat`` may still put the call he intended in place of
    his last call (25A1, 25A4: the engine refuses it anywhere else), and the finding already chosen (to take it
    back)."""
    offered = (RULED if finding_asked(auction, seat) else ()) + (
        ("unintended",) if may_substitute(auction, seat) else ())
    return offered + ((chosen,) if chosen is not None and chosen not in offered else ())


def finding_asked(auction: Any, seat: Any) -> bool:
    """Whether a call by ``seat`` now takes the Director's finding (the auction engine refuses a finding anywhere
    else, so the table offers the finding buttons only here): the offender's replacement of an insufficient bid
    before its left-hand opponent has answered (27C), his replacement or later call after his irregular call was
    not accepted (27B, 30B, 31, 32, 36B), or a change of call (25)."""
    irr, aw = auction.irregular, auction.awaiting
    if irr is not None:
        return seat is irr.seat and irr.kind == "insufficient"
    if aw is not None:   # after RHO's pass a bid or double out of rotation is repeated, with no finding (31A1, 32A1)
        return seat is aw.offender and seat is auction.turn and not (aw.rule in ("31A", "32A") and aw.rho_passed)
    return seat is auction.turn.rho and bool(auction.calls) and auction.calls[-1][0] is seat
