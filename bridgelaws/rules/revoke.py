"""Correction of a revoke before it is established (Law 62)."""

from __future__ import annotations


from bridgelaws.errors import IllegalPlayError, OutOfTurnError
from bridgelaws.events import Expose
from bridgelaws.laws import law
from bridgelaws.rules.penalty_cards import add_penalty_cards, restore
from bridgelaws.state import PlayState
from bridgelaws.mechanics import Engine, note, register_expose, restricted_cards

L62A = law("62A")
L62B1 = law("62B1")
L62B2 = law("62B2")


@register_expose("revoke_corrected")
def revoke_corrected(table: Engine, state: PlayState, ev: Expose) -> PlayState:
    """Implements Law 62B: the revoke card is withdrawn. A defender's becomes a major penalty card (62B1);
    declarer's or dummy's goes back to the hand with no further rectification (62B2). The offender then
    plays a legal card (the next event)."""
    seat, card = ev.seat, ev.card
    if seat is not state.to_act or state.pending is not None or state.irregular_lead is not None:
        raise OutOfTurnError(f"{ev}: a corrected revoke is written at the offender's turn, before his legal card",
                             law=L62A, seat=seat, card=card, event=ev, key="error.revoke_not_turn",
                             trick_no=state.trick_no)
    base, cand, _ = restricted_cards(state, seat)
    if card in cand:
        raise IllegalPlayError(f"{ev}: {card} is a legal card here, not a revoke (61A)", law=law("61A"), seat=seat,
                               card=card, event=ev, key="error.not_a_revoke", trick_no=state.trick_no)
    if state.is_defender(seat):
        st = add_penalty_cards(state, seat, (card,), L62B1, deliberate=True)
        return st.evolve(notes=(note("note.revoke_penalty", L62B1, seat=seat, card=card),))
    st = restore(state, seat, (card,))
    return st.evolve(notes=(note("note.revoke_restored", L62B2, seat=seat, card=card),))
