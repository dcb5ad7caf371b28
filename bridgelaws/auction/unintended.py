"""Law 25A (WBF 2017): an unintended call, and the call the player intended put in its place.

25A1: "If a player discovers that he has not made the call he intended to make, he may, until his partner makes a
call, substitute the call he intended for the unintended call. The second (intended) call stands and is subject to
the appropriate Law, but the lead restrictions in Law 26 do not apply." 25A2: whether the call was unintended (a
mechanical error or a slip of the tongue, not a loss of concentration about the intent) is the Director's finding:
the scenario's ``finding = "unintended"`` on the intended call; never computed. 25A4/25A5: no substitution once
partner has called, or after the auction has ended. 25A6: "If a substitution is allowed the LHO may withdraw any call
he made over the first call. Information from the withdrawn call is authorized to his side and unauthorized to the
opponents."

16C for the unintended call itself (25B3 applies 16C to calls withdrawn or cancelled under 25B; 25A is silent): we
treat its maker's side as the offending side, the reading 25A6 implies (the left-hand opponent's withdrawn call is
unauthorized to the opponents, as 16C2 makes it for an offending side): its information is authorized for the
opponents and unauthorized for the player's side.
"""

from __future__ import annotations

from bridgelaws.auction import engine as A
from bridgelaws.auction.calls import Call
from bridgelaws.cards import Seat
from bridgelaws.laws import law

__all__ = ["substitute"]


def substitute(st: A.AuctionState, seat: Seat, c: Call) -> A.AuctionState:
    """Implements Law 25A: ``seat`` puts the intended call ``c`` in place of his last call, found unintended. The
    auction goes back to before that call; ``c`` is made there and is subject to the appropriate Law; no 26 lead
    restriction comes from the withdrawn call; the left-hand opponent's call over it may be withdrawn (25A6)."""
    name = seat.name.title()
    i = next((i for i in range(len(st.before) - 1, -1, -1) if st.before[i][0] is seat), None)
    if i is None:
        raise A._err(f"{name} {c}: finding = unintended, but {name} has made no call that {c} could replace (25A1)",
                     "auction.error.25A_no_call", law("25A1"), seat=seat, call=c)
    _, first, prior = st.before[i]
    later = st.before[i + 1:]
    if any(s is seat.partner for s, _, _ in later):   # 25A4
        raise A._err(f"{name} {c}: {name}'s partner has called since {first}: no substitution of an unintended "
                     "call (25A4)", "auction.error.25A_partner_called", law("25A4"), seat=seat, call=c,
                     partner=seat.partner, first=first)
    if any(s is not seat.lho for s, _, _ in later):
        raise A._err(f"{name} {c}: {first} is no longer {name}'s last call: only his left-hand opponent may have "
                     "called since (25A1)", "auction.error.25A_not_last", law("25A1"), seat=seat, call=c, first=first)
    lho_call = next((x for s, x, _ in reversed(later) if s is seat.lho), None)
    base = prior.evolve(notes=(), made=prior.made + ((seat, first, "withdrawn", law("25A")),), before=prior.before)
    base = A._withdraw(base, seat, first, law("25A"))   # 16C; 25A1: no 26 lead restriction
    new = A._call(base, seat, c, None)   # the intended call, subject to the appropriate Law
    if lho_call is not None:
        new = new.evolve(lho_may_withdraw=(seat.lho, lho_call))
    notes = (A._note("auction.note.25A", law("25A1"), seat=seat, call=c, first=first),)
    if lho_call is not None:
        notes += (A._note("auction.note.25A6", law("25A6"), seat=seat.lho, call=lho_call),)
    new = new.evolve(notes=notes + new.notes)
    return A._remember(new, prior, seat, c)
