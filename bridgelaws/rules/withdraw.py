"""Taking back a card played to the current trick, where the Laws allow it (the ``withdraw`` event):

- after a proper lead that follows a lead out of turn, a card played in error to that trick (53B, 16C);
- after declarer's corrected designation of dummy's card, an opponent's card played after the first
  designation (45C4b, 47D, 16C);
- after a corrected revoke, the cards of Law 62C (:mod:`bridgelaws.rules.revoke`, whose handler this wraps).

Anywhere else a played card stays played (47F), and the event is refused.
"""

from __future__ import annotations

from bridgelaws.errors import IllegalPlayError
from bridgelaws.events import Withdraw
from bridgelaws.laws import law
from bridgelaws.mechanics import HANDLERS, Engine, next_in_trick, note, register
from bridgelaws.rules import revoke  # noqa: F401  (registers the 62C handler wrapped here)
from bridgelaws.rules.information import sides, withdrawn
from bridgelaws.rules.penalty_cards import restore
from bridgelaws.state import PlayState

L53B = law("53B")
L47D = law("47D")
L16C = law("16C")
L47F = law("47F")

_after_revoke = HANDLERS[Withdraw]


@register(Withdraw)
def withdraw(table: Engine, state: PlayState, ev: Withdraw) -> PlayState:
    seat, card = ev.seat, ev.card
    if (seat, card) in state.back_53b and card in state.hand(seat):
        # 53B: the card played in error is already back in its owner's hand (taken back, or unable to stand in
        # the trick of the proper lead): taking it back again is void and changes nothing
        return state.evolve(notes=(note("lp.note.withdraw_void_53B", L53B, seat=seat, card=card),))
    if state.revoke_correction is not None:
        return _after_revoke(table, state, ev)
    if (seat, card) in state.in_error and (seat, card) in state.trick:
        # 53B: a card played in error to the trick of the proper lead goes back to the hand; no penalty card,
        # but Law 16C makes what it showed unauthorized for the offending side (the card is the lead out of turn
        # itself, so its owner's side)
        st = state.evolve(trick=tuple(p for p in state.trick if p != (seat, card)),
                          in_error=tuple(p for p in state.in_error if p != (seat, card)),
                          back_53b=state.back_53b + ((seat, card),),
                          last_played=tuple(p for p in state.last_played if p != (seat, card)))
        st = restore(st.with_hand(seat, st.hand(seat) | {card}), seat, (card,))
        st = st.evolve(to_act=next_in_trick(st))
        st, info = withdrawn(st, card, seat, offender=True)
        return st.evolve(notes=(note("lp.note.withdrawn_53B", L53B, seat=seat, card=card, ui=L16C, **sides(info)),))
    if (state.is_defender(seat) and card in state.hand(seat) and (seat, card) in state.restored
            and not any(s is seat for s, _ in state.trick) and state.trick_leader is not None):
        # 45C4b / 47D: declarer corrected his designation; the opponent's card played after the first one
        # has gone back to his hand, and he takes it back rather than play it again. He is not of the offending
        # side: declarer's side, whose designation was changed, is (16C1 for him, 16C2 for declarer; revokes.md)
        st, info = withdrawn(state, card, seat, offender=False)
        return st.evolve(notes=(note("lp.note.withdrawn_45C4b", L47D, seat=seat, card=card, ui=L16C,
                                     **sides(info)),))
    if state.revokes:
        # a revoke is on record: Law 62C is the rule the player is thinking of, and it says why not
        return _after_revoke(table, state, ev)
    raise IllegalPlayError(
        f"{ev}: {seat.name.title()} cannot withdraw {card} here: the engine lets a played card be withdrawn "
        "after a proper lead that follows a lead out of turn (53B), a corrected designation (45C4b, 47D) or a "
        "corrected revoke (62C); Law 47's other cases are the Director's", law=L47F, seat=seat, card=card, event=ev,
        key="lp.error.no_withdraw", trick_no=state.trick_no)


# 68D: play ceases after a claim or concession; this module is the last the table loads, so every handler of
# play is registered by now
from bridgelaws.rules import claims  # noqa: E402  (isort: skip)

claims.install()
