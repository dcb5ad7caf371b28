"""The auction on the card table (issue 36): calls by click, accepting or not an irregular call, and the call
buttons' state for the bidding diagram (render.auction). Functions of the session, kept out of
:class:`~bridgelaws.session.core.SessionCore` (which holds the state they use: ``call_seat``, ``call_finding``)."""

from __future__ import annotations

from typing import Any

from bridgelaws.events import AcceptCall, CallEvent, RejectCall
from bridgelaws.view import BoardView

__all__ = ["make_call", "answer_call", "with_call_controls"]


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
        auction["controls"] = {"seat": s.call_seat or st.auction.turn, "finding": s.call_finding,
                               "irregular": st.auction.irregular is not None}
    return v
