"""Revokes, Laws 61 to 64: the revoke that stands until noticed, its correction, its establishment, and the
trick adjustment when play is over.

- 61A: ``play … revoke = true`` puts a card that does not follow suit on the trick, although the player could
  follow. It stands as played; nothing is rectified until attention is drawn to it.
- 63A: it becomes established when the offender or his partner leads or plays to a later trick (63A1), or
  names or designates a card to be so played (63A2). Once established it stays, and the trick stands (63B).
- 62A–C: ``correct_revoke`` before establishment (on trick 12 even after it, 62D1; both sides on the same
  trick, 62C3): the trick is re-opened, the card is withdrawn (a defender's becomes a major penalty card,
  62B1; declarer's, dummy's or a defender's faced card goes back, 62B2), and the offender's next ``play`` is
  the legal card. The non-offenders may then take back the cards they played after the revoke (62C1), and
  after such a withdrawal the player of the offending side next in rotation may take back his (62C2).
- 64: when play is over, each established revoke is rectified by one or two tricks (64A1, 64A2) or by none
  (64B); 64C is always the Director's equity judgement, which the library reports and never quantifies.

- 63A3, 63A4 (a claim or concession by the offending side, or its agreement to one) are in
  :mod:`bridgelaws.rules.claims`; 64B4 and 64B5 (first noticed after the non-offending side's call on the next
  board, or after the round) are applied here, from the closings the claims module records.
"""

from __future__ import annotations

from dataclasses import dataclass

from bridgelaws.cards import Card, Seat
from bridgelaws.errors import IllegalPlayError, NotInHandError, OutOfTurnError
from bridgelaws.events import CorrectRevoke, Designate, Event, Expose, Play, Withdraw
from bridgelaws.i18n import Message
from bridgelaws.laws import LawRef, law
from bridgelaws.mechanics import (
    Engine, follow_suit_cards, legal_cards, next_in_trick, note, place_card, register, register_expose,
    restricted_cards,
)
from bridgelaws.rules.penalty_cards import add_penalty_cards, restore
from bridgelaws.rules.information import became_penalty_card, sides, withdrawn as _withdrawn
from bridgelaws.state import Constraint, PenaltyCard, PlayState, Revoke, Statement, Trick

__all__ = ["revoke_corrected", "play_revoke", "correct_revoke", "withdraw_after_revoke", "after_event",
           "Adjustment", "AdjustmentItem", "adjustment", "tricks_won", "side_of", "statements"]

L61 = law("61")
L61A = law("61A")
L62A = law("62A")
L62B1 = law("62B1")
L62B = law("62B")
L62B2 = law("62B2")
L62C1 = law("62C1")
L62C2 = law("62C2")
L62C3 = law("62C3")
L62D1 = law("62D1")
L62D2 = law("62D2")
L63A1 = law("63A1")
L63A2 = law("63A2")
L63B = law("63B")
L64A1 = law("64A1")
L64A2 = law("64A2")
L64B1 = law("64B1")
L64B2 = law("64B2")
L64B3 = law("64B3")
L64B4 = law("64B4")
L64B5 = law("64B5")
L64B6 = law("64B6")
L64B7 = law("64B7")
L64C = law("64C")
L16C = law("16C")


def side_of(seat: Seat) -> str:
    """``"NS"`` or ``"EW"``."""
    return "NS" if seat in (Seat.NORTH, Seat.SOUTH) else "EW"


def _err(ev: Event, message: str, key: str, law_ref: LawRef | None, state: PlayState,
         cls: type[IllegalPlayError] = IllegalPlayError, **params: object) -> IllegalPlayError:
    card = getattr(ev, "card", None)
    return cls(f"{ev}: {message}", law=law_ref, seat=ev.seat, card=card, event=ev, key=key,
               trick_no=state.trick_no, **params)


# ----------------------------------------------------------------------------------------------------------
# the old form: expose … how = "revoke_corrected" (a revoke noticed at once, before the legal card)
# ----------------------------------------------------------------------------------------------------------

@register_expose("revoke_corrected")
def revoke_corrected(table: Engine, state: PlayState, ev: Expose) -> PlayState:
    """Implements Law 62B for the short form ``expose … revoke_corrected``: the revoke card is withdrawn at
    once. A defender's becomes a major penalty card (62B1), except on trick 12 before his partner's turn, where
    it goes back to the hand and Law 16C applies (62D2); declarer's or dummy's goes back to the hand with
    no further rectification (62B2). The offender then plays a legal card (the next event). The revoke is
    listed among the revokes, as corrected."""
    seat, card = ev.seat, ev.card
    if seat is not state.to_act or state.pending is not None or state.irregular_lead is not None:
        raise OutOfTurnError(f"{ev}: a corrected revoke is written at the offender's turn, before his legal card",
                             law=L62A, seat=seat, card=card, event=ev, key="error.revoke_not_turn",
                             trick_no=state.trick_no)
    base, cand, _ = restricted_cards(state, seat)
    if card in cand:
        raise IllegalPlayError(f"{ev}: {card} is a legal card here, not a revoke (61A)", law=L61A, seat=seat,
                               card=card, event=ev, key="error.not_a_revoke", trick_no=state.trick_no)
    led = state.suit_led
    rv = Revoke(seat, card, state.trick_no, led, L61A, corrected=True)
    # the same corrected revoke again (declarer's card goes back each time) is recorded once: the state does not
    # grow with repeated events (issue #12, D6)
    revokes = state.revokes if rv in state.revokes else state.revokes + (rv,)
    # the revoke card is withdrawn by the offender (62A, 62B): Law 16C, the revoker's side offending
    state, info = _withdrawn(state, card, seat, offender=True)
    if state.is_defender(seat) and _under_62d2(rv, tuple(s for s, _ in state.trick)):
        # 62D2: on trick 12, before his partner's turn: back to the hand, Law 16C (docs/revokes.md)
        st = restore(state, seat, (card,))
        return st.evolve(revokes=revokes, notes=(note("revoke.note.62d2_no_penalty", L62D2, seat=seat, card=card,
                                                      partner=seat.partner, ui=L16C, **sides(info)),))
    if state.is_defender(seat):
        st = became_penalty_card(add_penalty_cards(state, seat, (card,), L62B1, deliberate=True))
        return st.evolve(revokes=revokes, notes=(note("note.revoke_penalty", L62B1, seat=seat, card=card),))
    st = restore(state, seat, (card,))
    return st.evolve(revokes=revokes, notes=(note("note.revoke_restored", L62B2, seat=seat, card=card),))


# ----------------------------------------------------------------------------------------------------------
# Law 61: the revoke is played and stands
# ----------------------------------------------------------------------------------------------------------

def play_revoke(table: Engine, state: PlayState, ev: Play) -> PlayState:
    """Implements Law 61A with 44C: ``card`` does not follow suit although ``seat`` holds a card of the suit
    led. Nobody stops it, so it is played and stands (61) until attention is drawn to it (62A) or it becomes
    established (63A)."""
    seat, card = ev.seat, ev.card
    if state.phase == "over":
        raise _err(ev, "all 13 tricks have been played", "error.play_over", None, state)
    if seat is not state.to_act:
        to_act = state.to_act
        raise _err(ev, f"it is {to_act.name.title() if to_act else 'nobody'}'s turn, not {seat.name.title()}'s; "
                   "a revoke is a card played in turn", "error.out_of_turn", law("44B"), state, OutOfTurnError,
                   to_act=to_act)
    if not state.trick:
        raise _err(ev, "a lead cannot fail to follow suit; 'revoke = true' marks a card played to a trick "
                   "that does not follow the suit led", "revoke.error.lead", L61A, state)
    if card not in state.holding(seat):
        raise _err(ev, f"{seat.name.title()} does not hold {card}", "error.not_in_hand", None, state,
                   NotInHandError)
    led = state.suit_led
    assert led is not None
    if card in follow_suit_cards(state, seat):
        raise _err(ev, f"{card} follows the rules of suit here, so it is not a revoke (61A); write it as a "
                   "plain play", "revoke.error.not_a_revoke", L61A, state, suit=led)
    of_suit = [c for c in state.holding(seat) if c.suit is led]
    # 64B3: the cards he failed to play were all faced on the table (dummy's hand, his own penalty cards)
    faced = seat is state.dummy or not any(c in state.hand(seat) for c in of_suit)
    was_pc = next((p.kind for p in state.penalty_cards if p.seat is seat and p.card == card), None)
    rv = Revoke(seat, card, state.trick_no, led, L61A, faced=faced, was_penalty=was_pc)
    st = place_card(state, seat, card)
    return st.evolve(revokes=st.revokes + (rv,),
                     notes=st.notes + (note("revoke.note.played", L61A, seat=seat, card=card, suit=led),))


def restriction_revoke(before: PlayState, after: PlayState, seat: Seat, card: Card) -> PlayState:
    """Implements Law 61A for a card that follows suit but breaks a lead or play restriction the player could
    comply with (50D2, 51B, 57A): a revoke too, recorded with the restrictions it broke, so that a correction
    restores them (62B) and establishment and Law 64 apply to it as to any other."""
    rv = Revoke(seat, card, before.trick_no, before.suit_led, L61A, restrictions=before.restrictions)
    return after.evolve(revokes=after.revokes + (rv,))


# ----------------------------------------------------------------------------------------------------------
# Law 63: establishment, noticed after every event
# ----------------------------------------------------------------------------------------------------------

def _os_played_later(state: PlayState, r: Revoke) -> bool:
    """63A1: a card of the offending side in a trick after the revoke trick."""
    offending = (r.seat, r.seat.partner)
    for t in state.tricks[r.trick_no:]:
        if any(s in offending for s, _ in t.plays):
            return True
    return state.trick_no > r.trick_no and any(s in offending for s, _ in state.trick)


def _establishing_law(before: PlayState, after: PlayState, event: Event, r: Revoke) -> LawRef | None:
    offending = (r.seat, r.seat.partner)
    if event.seat not in offending:
        return None
    if isinstance(event, Designate) and before.trick_no > r.trick_no:
        return L63A2                                    # names or designates a card to the next trick
    if isinstance(event, Expose) and event.misinformed_by_opponent:
        return None                                     # 47E1: "Law 63A1 does not apply"
    if isinstance(event, Expose) and event.how in ("lead_out_of_turn", "premature_play"):
        # an illegal lead or play to a later trick establishes it too; a premature play by a player who has
        # already played to the trick in progress is a lead to the next trick (57A)
        next_trick = event.how == "premature_play" and any(s is event.seat for s, _ in before.trick)
        if before.trick_no > r.trick_no or next_trick:
            return L63A1
    if _os_played_later(after, r):
        return L63A1
    return None


def after_event(before: PlayState, after: PlayState, event: Event) -> PlayState:
    """Implements Law 63A (establishment) after each event, and closes a corrected revoke's re-opened trick
    once it is complete again (62C)."""
    if not after.revokes:
        return after
    revokes = list(after.revokes)
    notes = list(after.notes)
    changed = False
    for i, r in enumerate(revokes):
        if r.established or r.corrected:
            continue
        how = _establishing_law(before, after, event, r)
        if how is not None:
            revokes[i] = r.evolve(established=True, established_by=how)
            notes.append(established_note(revokes[i]))
            changed = True
    rc = after.revoke_correction
    if changed:
        after = after.evolve(revokes=tuple(revokes), notes=tuple(notes))
    if rc is not None and after.trick_no > rc[0]:
        after = _replay_later(after.evolve(revoke_correction=None))
    return after


def _replay_later(state: PlayState) -> PlayState:
    """The corrected revoke's trick is complete again: the cards played to the next trick before attention was
    drawn stand as far as they still can. The lead stands when its player has won the corrected trick and may
    still lead it; each later card stands when its player is next to play and may still play it. The first
    card that cannot stand, and every card after it, stays in its owner's hand (he plays again)."""
    held = state.revoke_later
    if not held:
        return state
    st = state.evolve(revoke_later=())
    if st.trick or st.pending is not None or st.irregular_lead is not None or st.phase == "over":
        return st
    stood: list[Card] = []
    for seat, card in held:
        if seat is not st.to_act or card not in legal_cards(st, seat):
            break
        st = place_card(st, seat, card)
        stood.append(card)
    if not stood:
        return st
    return st.evolve(notes=st.notes + (note("revoke.note.later_stand", L62D1 if st.trick_no >= 13 else L62C1,
                                            seat=held[0][0], cards=tuple(stood), trick=state.trick_no),))


# ----------------------------------------------------------------------------------------------------------
# Law 62: correction
# ----------------------------------------------------------------------------------------------------------

def _find_revoke(state: PlayState, ev: Event) -> int:
    card = ev.card  # type: ignore[attr-defined]
    for i in range(len(state.revokes) - 1, -1, -1):
        r = state.revokes[i]
        if r.card == card and not r.corrected:
            return i
    raise _err(ev, f"no uncorrected revoke with {card} has been played", "revoke.error.no_revoke", L62A, state)


def _may_correct(state: PlayState, r: Revoke) -> LawRef | None:
    """The law that lets ``r`` be corrected now, or None."""
    if not r.established:
        return L62A
    if r.trick_no == 12:
        return L62D1
    # 62C3: both sides revoked on the same trick and, when attention was drawn, the other side's revoke was not
    # established. That position does not change when the other revoke is corrected first (a corrected revoke
    # never becomes established), so the two corrections may come in either order
    for o in state.revokes:
        if o is not r and o.trick_no == r.trick_no and side_of(o.seat) != side_of(r.seat) and not o.established:
            return L62C3
    return None


def _other_awaits_62c3(state: PlayState, r: Revoke) -> bool:
    """62C3: ``r`` (not established) is corrected first while the other side's revoke on the same trick is
    established by that side's play to the next trick and waits for its own 62C3 correction. The cards played on
    to the next trick are then withdrawn as under 62C3, as they are when the established revoke is corrected
    first (on trick 12, 62D1 governs both corrections)."""
    return r.trick_no != 12 and not r.established and any(
        o is not r and o.trick_no == r.trick_no and side_of(o.seat) != side_of(r.seat) and o.established
        and not o.corrected for o in state.revokes)


#: the corrections after which the cards of the next trick stand again where they can: 62D1, and 62A, where
#: 62C1 lets each non-offender take back a card he played after the revoke (he *may*: it stays unless he does)
_HOLD_OVER = (L62D1, L62A)

#: decisions that arise from the position alone (settle() derives them again after the correction)
_FROM_POSITION = ("lead_options", "designate_penalty_card")


@register(CorrectRevoke)
def correct_revoke(table: Engine, state: PlayState, ev: Event) -> PlayState:
    """Implements Law 62A–D: attention is drawn to the revoke ``card`` while it may be corrected. The revoke
    trick is re-opened; the card is withdrawn (62B1: a defender's unfaced card becomes a major penalty card;
    62B2: declarer's, dummy's or a defender's faced card goes back without further rectification; 62D2: on
    trick 12, before the offender's partner's turn, it goes back and Law 16C applies); cards played to a later
    trick go back to their hands; the offender's next play is his legal card."""
    idx, r, why = _check_correction(state, ev)
    if state.pending is not None:
        # a decision the position itself called for (50D2/51B lead options, 51A) is asked again, if at all,
        # once the corrected trick is complete
        state = state.evolve(pending=None)
    t = r.trick_no
    plays, leader, tricks, later = _revoke_trick(state, t)
    pos = next((i for i, (s, c) in enumerate(plays) if s is r.seat and c == r.card), None)
    if pos is None:
        raise _err(ev, f"{r.card} is no longer on trick {t}", "revoke.error.no_revoke", L62A, state)
    before_seats = tuple(s for s, _ in plays[:pos])
    after_seats = tuple(s for s, _ in plays[pos + 1:])
    to_withdrawn_lead: tuple[tuple[Seat, Card], ...] = ()
    if pos == 0:
        # the revoke was the lead itself (a lead restriction broken, 61A): the trick starts again; the cards
        # played to the withdrawn lead come back, the non-offenders' to their hands (62C1), the offender's
        # partner's as under 62C2 (a penalty card if he is a defender)
        to_withdrawn_lead = plays[1:]
        later = list(plays[1:]) + later
        plays, leader, after_seats = ((r.seat, r.card),), None, ()
    st = state.evolve(tricks=tricks, trick=plays[:pos] + plays[pos + 1:], trick_leader=leader, phase="play",
                      designated=None)
    if r.restrictions:
        st = st.evolve(restrictions=r.restrictions)     # the replacement card must comply (61A, 62B)
    notes: list[Statement] = []
    # 62C3 governs the cards played on to the next trick whichever of the two revokes is corrected first
    rule = L62C3 if _other_awaits_62c3(state, r) else why
    st = _return_later(st, r, rule, later, to_withdrawn_lead, notes)
    # the cards of the next trick stand again where they still can, once the revoke trick is complete (62D1:
    # federations rebuild tricks 12 and 13, and a lead to trick 13 that stands need not be made again)
    held = tuple(later) if rule in _HOLD_OVER and not to_withdrawn_lead else ()
    st = _withdraw_revoke_card(st, r, why, before_seats, notes)
    nos = tuple(s for s in after_seats if side_of(s) != side_of(r.seat))
    if nos and state.is_defender(r.seat) and _under_62d2(r, before_seats):
        # 62D2: the offender's partner may change his card without waiting for a non-offender (62C2 does not
        # order it), so only 62C1 is stated
        notes.append(note("revoke.note.may_withdraw_nos", L62C1, seats=nos, ui=L16C))
    elif nos:
        notes.append(note("revoke.note.may_withdraw", L62C1, seats=nos, then=L62C2, ui=L16C))
    revokes = list(st.revokes)
    revokes[idx] = r.evolve(corrected=True)
    st = st.evolve(revokes=tuple(revokes), revoke_correction=(t, idx, after_seats, ()), notes=tuple(notes),
                   revoke_later=held)
    return st.evolve(to_act=next_in_trick(st) if st.trick else r.seat)


def _check_correction(state: PlayState, ev: Event) -> tuple[int, Revoke, LawRef]:
    """The revoke the event names, and the law that lets it be corrected now; refused with the law otherwise."""
    idx = _find_revoke(state, ev)
    r = state.revokes[idx]
    if ev.seat not in (r.seat, state.declarer if r.seat is state.dummy else r.seat):
        raise _err(ev, f"the revoke with {r.card} is {r.seat.name.title()}'s; write the correction with his seat",
                   "revoke.error.not_offender", L62B, state, offender=r.seat)
    why = _may_correct(state, r)
    if why is None:
        raise _err(ev, f"the revoke with {r.card} in trick {r.trick_no} is established ({r.established_by}); "
                   "it may no longer be corrected (63B), and Law 64 applies when play is over",
                   "revoke.error.established", L63B, state, trick=r.trick_no, rule=law("64"))
    if state.irregular_lead is not None or (state.pending is not None and state.pending.kind not in _FROM_POSITION):
        raise _err(ev, "another irregularity is waiting for a decision; settle it before the revoke is corrected",
                   "revoke.error.pending", state.pending.law if state.pending else law("53"), state)
    return idx, r, why


def _revoke_trick(state: PlayState, t: int) -> tuple[tuple[tuple[Seat, Card], ...], Seat | None,
                                                      tuple[Trick, ...], list[tuple[Seat, Card]]]:
    """The cards of the revoke trick ``t`` and its leader, the tricks that stay complete before it, and the cards
    played to later tricks (in order)."""
    if t == state.trick_no:
        return state.trick, state.trick_leader, state.tricks, []
    done = state.tricks[t - 1]
    later: list[tuple[Seat, Card]] = []
    for d in state.tricks[t:]:
        later.extend(d.plays)
    later.extend(state.trick)
    return done.plays, done.leader, state.tricks[:t - 1], later


def _return_later(st: PlayState, r: Revoke, why: LawRef, later: list[tuple[Seat, Card]],
                  to_withdrawn_lead: tuple[tuple[Seat, Card], ...], notes: list[Statement]) -> PlayState:
    """Cards played to a later trick go back (62C1 for the non-offenders; 62D1, 62C3 re-open the trick); the
    offending side's cards become penalty cards where 62C2 says so, and every card of the defending side where
    62C3 does (only one side has played on, so these are the cards of the side whose revoke is established)."""
    for s, c in later:
        st = st.with_hand(s, st.hand(s) | {c})
        st, info = _withdrawn(st, c, s, offender=side_of(s) == side_of(r.seat))
        if why is L62C3 and st.is_defender(s):
            st = became_penalty_card(add_penalty_cards(st, s, (c,), L62C3, deliberate=True))
        elif (s, c) in to_withdrawn_lead and st.is_defender(s) and side_of(s) == side_of(r.seat):
            st = became_penalty_card(add_penalty_cards(st, s, (c,), L62C2, deliberate=True))
            notes.append(note("revoke.note.withdrawn_os_pc", L62C2, seat=s, card=c, ui=L16C, **sides(info)))
        else:
            st = restore(st, s, (c,))
    if later:
        notes.append(note("revoke.note.later_cards_back", why, cards=tuple(c for _, c in later), trick=r.trick_no))
    return st


def _withdraw_revoke_card(st: PlayState, r: Revoke, why: LawRef, before_seats: tuple[Seat, ...],
                          notes: list[Statement]) -> PlayState:
    """The revoke card itself. 62B2: a defender's faced card, or declarer's or dummy's, goes back with no
    further rectification. 62D2: a defender who revoked on trick 12 before his partner's turn to play to it
    takes his card back into his hand, not as a penalty card, and Law 16C governs what it showed (our reading,
    docs/revokes.md). 62B1 otherwise: a defender's card from his unfaced hand becomes a major penalty card."""
    st = st.with_hand(r.seat, st.hand(r.seat) | {r.card})
    st, info = _withdrawn(st, r.card, r.seat, offender=True)
    if why is L62D1:
        notes.insert(0, note("revoke.note.trick12", L62D1, seat=r.seat, card=r.card))
    if r.was_penalty is not None:
        st = st.with_hand(r.seat, st.hand(r.seat) - {r.card})
        st = st.evolve(penalty_cards=st.penalty_cards + (PenaltyCard(r.seat, r.card, r.was_penalty, L62B2),))
        st = became_penalty_card(st)
        notes.append(note("revoke.note.corrected_faced", L62B2, seat=r.seat, card=r.card))
    elif st.is_defender(r.seat) and _under_62d2(r, before_seats):
        st = restore(st, r.seat, (r.card,))
        notes.append(note("revoke.note.62d2_no_penalty", L62D2, seat=r.seat, card=r.card, partner=r.seat.partner,
                          ui=L16C, **sides(info)))
    elif st.is_defender(r.seat):
        st = became_penalty_card(add_penalty_cards(st, r.seat, (r.card,), L62B1, deliberate=True))
        notes.append(note("note.revoke_penalty", L62B1, seat=r.seat, card=r.card))
    else:
        st = restore(st, r.seat, (r.card,))
        notes.append(note("note.revoke_restored", L62B2, seat=r.seat, card=r.card))
    return st


def _under_62d2(r: Revoke, before_seats: tuple[Seat, ...]) -> bool:
    """62D2: a defender revoked on trick 12 before his partner's turn to play to that trick."""
    return r.trick_no == 12 and r.seat.partner not in before_seats


@register(Withdraw)
def withdraw_after_revoke(table: Engine, state: PlayState, ev: Event) -> PlayState:
    """Implements Law 62C: after a corrected revoke, a non-offender may take back a card he played after the
    revoke (62C1); after he has done so, the player of the offending side next in rotation may take back
    his card, which becomes a penalty card if he is a defender (62C2). Law 16C governs the information."""
    rc = state.revoke_correction
    seat, card = ev.seat, ev.card  # type: ignore[attr-defined]
    if rc is None:
        raise _err(ev, "no corrected revoke lets a card be taken back now (62C)", "revoke.error.no_withdraw",
                   law("62C"), state)
    t, idx, after_seats, withdrawn = rc
    r = state.revokes[idx]
    if (seat, card) in state.revoke_later and card in state.hand(seat):
        # his card to the next trick is back in his hand already; taking it back means it will not stand again
        # (62C1 for a non-offender; 62D1 for trick 13)
        st = state.evolve(revoke_later=tuple(p for p in state.revoke_later if p[0] is not seat))
        return st.evolve(notes=(note("revoke.note.later_taken_back", L62D1 if t == 12 else L62C1, seat=seat,
                                     card=card, trick=t + 1),))
    if (seat, card) not in state.trick or seat not in after_seats:
        raise _err(ev, f"{card} is not a card {seat.name.title()} played to trick {t} after the revoke (62C)",
                   "revoke.error.not_after", law("62C"), state, trick=t)
    if seat in withdrawn:
        raise _err(ev, f"{seat.name.title()} has already taken back his card (62C)", "revoke.error.not_after",
                   law("62C"), state, trick=t)
    st = state.evolve(trick=tuple(sc for sc in state.trick if sc != (seat, card)))
    st = st.with_hand(seat, st.hand(seat) | {card})
    # Law 16C: the revoker's side is the offending side, whoever takes his card back
    st, info = _withdrawn(st, card, seat, offender=side_of(seat) == side_of(r.seat))
    if side_of(seat) != side_of(r.seat):
        st = restore(st, seat, (card,))
        msg = note("revoke.note.withdrawn_nos", L62C1, seat=seat, card=card, ui=L16C, **sides(info))
    elif t == 12 and seat is r.seat.partner and state.is_defender(r.seat):
        # 62D2, as federations rule it (WBU January 2019, ACBL "Revokes at trick 12"): tricks 12 and 13 are
        # rebuilt, and the revoker's partner may change the card his partner's revoke led him to play, with no
        # rectification; Law 16C governs what the withdrawn cards tell
        st = restore(st, seat, (card,))
        msg = note("revoke.note.62d2_changed", L62D2, seat=seat, card=card, offender=r.seat, ui=L16C,
                   **sides(info))
    else:
        if seat is r.seat or seat.rho not in withdrawn:
            raise _err(ev, f"{seat.name.title()} may take back his card only after the non-offender before him "
                       "has taken back his (62C2)", "revoke.error.62c2_order", L62C2, state)
        if st.is_defender(seat):
            st = became_penalty_card(add_penalty_cards(st, seat, (card,), L62C2, deliberate=True))
            msg = note("revoke.note.withdrawn_os_pc", L62C2, seat=seat, card=card, ui=L16C, **sides(info))
        else:
            st = restore(st, seat, (card,))
            msg = note("revoke.note.withdrawn_os", L62C2, seat=seat, card=card, ui=L16C, **sides(info))
    st = st.evolve(revoke_correction=(t, idx, after_seats, withdrawn + (seat,)), notes=(msg,))
    return st.evolve(to_act=next_in_trick(st))


# ----------------------------------------------------------------------------------------------------------
# Law 64: the trick adjustment when play is over
# ----------------------------------------------------------------------------------------------------------

def tricks_won(state: PlayState) -> dict[str, int]:
    """The completed tricks won by each side, as played, and the remaining tricks a claim or concession gives
    once its result is fixed (68B1, 69A, 70, 71)."""
    ns = sum(1 for t in state.tricks if side_of(t.winner) == "NS")
    out = {"NS": ns, "EW": len(state.tricks) - ns}
    got = claimed_tricks(state)
    if got is not None:
        for side, n in got.items():
            out[side] += n
    return out


def claimed_tricks(state: PlayState) -> dict[str, int] | None:
    """The remaining tricks each side gets from a claim or concession whose result is fixed, or None."""
    rec = state.claim
    if rec is None or not rec.settled:
        return None
    maker = side_of(rec.seat)
    return {maker: rec.tricks, ("EW" if maker == "NS" else "NS"): rec.remaining - rec.tricks}


@dataclass(frozen=True, slots=True)
class AdjustmentItem:
    """What Law 64 does with one established revoke: ``tricks`` transferred (0 under 64B) and why."""

    revoke: Revoke
    tricks: int
    law: LawRef


@dataclass(frozen=True, slots=True)
class Adjustment:
    """The Law 64 transfer when play is over: ``to`` the non-offending side (None when both sides revoked or
    nothing was revoked), ``tricks`` in all, and each established revoke's part."""

    to: str | None
    tricks: int
    items: tuple[AdjustmentItem, ...]

    def to_dict(self) -> dict[str, object]:
        return {"to": self.to, "tricks": self.tricks} if self.to is not None else {"tricks": self.tricks}


def adjustment(state: PlayState) -> Adjustment | None:
    """Implements Law 64A and 64B when play is over (None before). Each established, uncorrected revoke is
    rectified on its own; the tricks transferred are tricks the offending side won, none twice."""
    if state.phase != "over":
        return None
    est = [r for r in state.revokes if r.established and not r.corrected]
    sides = {side_of(r.seat) for r in est}
    claimed = claimed_tricks(state) or {}
    items: list[AdjustmentItem] = []
    for i, r in enumerate(est):
        offending = side_of(r.seat)
        closed = _closed_for(state, offending)
        if closed is not None:
            items.append(AdjustmentItem(r, 0, closed))
        elif r.trick_no == 12:
            items.append(AdjustmentItem(r, 0, L64B6))
        elif len(sides) == 2:
            items.append(AdjustmentItem(r, 0, L64B7))
        elif r.suit is not None and any(p.seat is r.seat and p.suit is r.suit for p in est[:i]):
            items.append(AdjustmentItem(r, 0, L64B2))
        elif r.faced:
            items.append(AdjustmentItem(r, 0, L64B3))
        else:
            # the tricks a claim or concession gives the offending side are tricks it won after the revoke trick
            later = (any(side_of(t.winner) == offending for t in state.tricks[r.trick_no:])
                     or claimed.get(offending, 0) > 0)
            revoke_trick = state.tricks[r.trick_no - 1] if r.trick_no <= len(state.tricks) else None
            if revoke_trick is None:
                # play ceased before the revoke trick was complete: which side wins it is part of the claim
                items.append(AdjustmentItem(r, 1, L64A2) if claimed.get(offending, 0) > 0
                             else AdjustmentItem(r, 0, L64B1))
            elif revoke_trick.winner is r.seat:
                items.append(AdjustmentItem(r, 2 if later else 1, L64A1))
            elif later or side_of(revoke_trick.winner) == offending:
                items.append(AdjustmentItem(r, 1, L64A2))
            else:
                items.append(AdjustmentItem(r, 0, L64B1))
    total = sum(it.tricks for it in items)
    if total:
        first = min(it.revoke.trick_no for it in items if it.tricks)
        offending = side_of(items[0].revoke.seat)
        available = (sum(1 for t in state.tricks[first - 1:] if side_of(t.winner) == offending)
                     + claimed.get(offending, 0))
        total = min(total, available)
    to = None
    if len(sides) == 1:
        to = "EW" if sides == {"NS"} else "NS"
    return Adjustment(to, total, tuple(items))


def _closed_for(state: PlayState, offending: str) -> LawRef | None:
    """64B4, 64B5: the revoke was first noticed after the non-offending side's call on the next board, or after
    the round ended (the file's order of events says when attention was drawn: a trick adjustment is read at
    the end of the history)."""
    for why, side in state.board_closed:
        if why == "64B5":
            return L64B5
        if side is not None and side != offending:
            return L64B4
    return None


# ----------------------------------------------------------------------------------------------------------
# what the Director says
# ----------------------------------------------------------------------------------------------------------

def statements(state: PlayState) -> list[Statement]:
    """The Director's statements about revokes now: a revoke not yet established may still be corrected
    (62A); an established one stands until play is over (63B); when play is over, Law 64 for each
    established revoke, the total transfer, and 64C."""
    if not state.revokes:
        return []
    if state.phase != "over":
        # a revoke established by the last event is told once, by the note that says so; it is the same
        # sentence as the constraint that says it from then on (language review round 3, SL1)
        now = [n.message for n in state.notes if n.message.key.startswith("revoke.dir.established")]
        return [Statement(c.message, c.law, "revoke") for c in constraints(state) if c.message not in now]
    return [Statement(c.message, c.law, "revoke") for c in _adjustment_constraints(state)]


def constraints(state: PlayState) -> list[Constraint]:
    """The revoke constraints in force (for the timeline): each revoke that may still be corrected, each
    established revoke waiting for the end of play, and when play is over the Law 64 adjustment."""
    if state.phase == "over":
        return _adjustment_constraints(state)
    revokes = state.revokes
    for i, (seen, result) in enumerate(_RECENT):
        if seen is revokes:
            return list(result)
    result = _open_constraints(revokes)
    _RECENT[1] = _RECENT[0]
    _RECENT[0] = (revokes, result)
    return list(result)


#: the last two revoke lists seen and their constraints (each state shares its revokes tuple with the state
#: before it unless a revoke changed, so the engine's hot path asks for the same list again and again)
_RECENT: list[tuple[object, tuple[Constraint, ...]]] = [((), ()), ((), ())]


def _open_constraints(revokes: tuple[Revoke, ...]) -> tuple[Constraint, ...]:
    """The constraints of revokes during play depend on the revokes alone."""
    out: list[Constraint] = []
    for r in revokes:
        if r.corrected:
            continue
        if not r.established:
            out.append(Constraint(("revoke", r.seat, r.card, r.trick_no), r.seat,
                                  _msg("revoke.dir.not_established", seat=r.seat, card=r.card, trick=r.trick_no),
                                  L62A))
        else:
            out.append(Constraint(("revoke_established", r.seat, r.card, r.trick_no), r.seat,
                                  _established_message(r), r.established_by or L63B))
    return tuple(out)


def _established_message(r: Revoke) -> Message:
    if r.trick_no == 12:   # 63B: "except as provided in Law 62D for a revoke on the twelfth trick"
        return _msg("revoke.dir.established_12", seat=r.seat, card=r.card, trick12=L62D1)
    return _msg("revoke.dir.established", seat=r.seat, card=r.card, trick=r.trick_no, stands=L63B)


def established_note(r: Revoke) -> Statement:
    """The statement that ``r`` is now established, by its paragraph of 63A: one sentence with the constraint
    that says so from then on, citing 63B as well (it may no longer be corrected; the trick stands as played)."""
    return Statement(_established_message(r), r.established_by or L63B, kind="note")


_ITEM_KEYS = {"64A1": "revoke.dir.64a1", "64A2": "revoke.dir.64a2", "64B1": "revoke.dir.64b1",
              "64B2": "revoke.dir.64b2", "64B3": "revoke.dir.64b3", "64B6": "revoke.dir.64b6",
              "64B7": "revoke.dir.64b7", "64B4": "revoke.dir.64b4", "64B5": "revoke.dir.64b5"}


def _adjustment_constraints(state: PlayState) -> list[Constraint]:
    adj = adjustment(state)
    if adj is None or not adj.items:
        return []
    out: list[Constraint] = []
    for it in adj.items:
        r = it.revoke
        out.append(Constraint(("revoke_adjustment", r.seat, r.card, r.trick_no), r.seat,
                              _msg(_ITEM_KEYS[it.law.code], seat=r.seat, card=r.card, trick=r.trick_no,
                                   tricks=it.tricks), it.law))
    first = adj.items[0].revoke.seat
    if adj.to is not None and adj.tricks:
        seats = (Seat.NORTH, Seat.SOUTH) if adj.to == "NS" else (Seat.EAST, Seat.WEST)
        out.append(Constraint(("revoke_total",), first, _msg("revoke.dir.total", seats=seats, tricks=adj.tricks),
                              law("64A")))
    out.append(Constraint(("revoke_64c",), first, _msg("revoke.dir.64c"), L64C))
    return out


def end_reason(c: Constraint, after: PlayState) -> Message:
    """Why a revoke constraint ended (the timeline's "ended" cells)."""
    if c.key[0] == "revoke":
        r = next((x for x in after.revokes if x.seat is c.key[1] and x.card == c.key[2] and x.trick_no == c.key[3]),
                 None)
        if r is not None and r.corrected:
            return _msg("revoke.why.corrected")
        if r is not None and r.established:
            return _msg("revoke.why.established")
    if after.phase == "over":
        return _msg("revoke.why.play_over")
    return _msg("revoke.why.corrected")


def _msg(key: str, **params: object) -> Message:
    return Message(key, params)


def revokes_as_dicts(state: PlayState) -> list[dict[str, object]]:
    """Every revoke in the scenario-file form: ``{seat, trick, card, established, corrected}``."""
    return [{"seat": r.seat.value, "trick": r.trick_no, "card": str(r.card), "established": r.established,
             "corrected": r.corrected} for r in state.revokes]
