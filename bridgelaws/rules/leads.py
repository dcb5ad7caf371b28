"""Leads out of turn: accepted (53), the faced opening lead out of turn (54), declarer's lead out of turn
(55) and a defender's later lead out of turn (56)."""

from __future__ import annotations

from dataclasses import replace

from bridgelaws.cards import Seat
from bridgelaws.errors import DecisionError, OutOfTurnError
from bridgelaws.events import AcceptLead, Event, Expose, Play, RejectLead, SpreadHand
from bridgelaws.laws import law
from bridgelaws.rules.penalty_cards import add_penalty_cards, restore
from bridgelaws.state import Decision, IrregularLead, Option, PlayState
from bridgelaws.mechanics import Engine, note, register, register_expose

L53A = law("53A")
L54 = law("54")
L54A = law("54A")
L54B = law("54B")
L54D = law("54D")
L54E = law("54E")
L55A = law("55A")
L55B1 = law("55B1")
L55B2 = law("55B2")
L56 = law("56")


@register_expose("lead_out_of_turn")
def lead_out_of_turn(table: Engine, state: PlayState, ev: Expose) -> PlayState:
    """A card faced as a lead by a hand whose turn it was not (Laws 53 to 56)."""
    seat, card = ev.seat, ev.card
    if state.trick:
        raise OutOfTurnError(f"{ev}: a trick is in progress, so this is not a lead; a card played before "
                             "partner is a premature play (57A)", law=law("57A"), seat=seat, card=card, event=ev,
                             key="error.not_a_lead", trick_no=state.trick_no)
    if state.pending is not None or state.irregular_lead is not None:
        raise DecisionError(f"{ev}: a decision is pending ({(state.pending.law if state.pending else L53A).cite('en')})",
                            law=state.pending.law if state.pending else L53A, seat=seat, card=card, event=ev,
                            key="error.decision_pending", trick_no=state.trick_no)
    correct = state.to_act
    assert correct is not None
    if seat is correct:
        raise OutOfTurnError(f"{ev}: it is {seat.name.title()}'s lead, so this lead is not out of turn",
                             law=L53A, seat=seat, card=card, event=ev, key="error.not_out_of_turn",
                             trick_no=state.trick_no)
    opening = state.phase == "clarification"
    if opening and not state.is_defender(seat):
        # 54E: a "lead" by the declaring side before the opening lead is an exposure in the auction period
        st = restore(state, seat, (card,))
        return st.evolve(notes=(note("note.declarer_exposed", L54E, seat=seat, card=card),))
    notes = []
    if opening and state.opening_lead_face_down is not None:
        # 54 preamble: the correct leader's face-down lead goes back to his hand
        fd_seat, fd_card = state.opening_lead_face_down
        state = replace(restore(state, fd_seat, (fd_card,)), opening_lead_face_down=None, may_withdraw=None)
        state = state.with_hand(fd_seat, state.hand(fd_seat) | {fd_card})
        notes.append(note("note.face_down_returned", L54, seat=fd_seat, card=fd_card))
    st = state.with_hand(seat, state.hand(seat) - {card})
    irregular = IrregularLead(seat, card, correct, opening)
    if state.is_defender(seat):
        if opening:
            options = (Option("accept_and_play", law("54B")), Option("accept_and_become_dummy", L54A),
                       Option("reject_require", L54D), Option("reject_forbid", L54D),
                       Option("reject_no_restriction", L54D))
            decision = Decision("opening_lead_out_of_turn", state.declarer, options, L54, offender=seat,
                                cards=(card,), subject=correct)
        else:
            options = (Option("accept_lead", L53A), Option("reject_lead", L56))
            decision = Decision("lead_out_of_turn", state.declarer, options, L56, offender=seat, cards=(card,),
                                subject=correct)
    else:
        decider = seat.lho
        options = (Option("accept_lead", L55A), Option("reject_lead", L55B1 if state.is_defender(correct)
                                                       else L55B2))
        decision = Decision("declarer_lead_out_of_turn", decider, options, L55A, offender=seat, cards=(card,),
                            subject=correct)
    return st.evolve(irregular_lead=irregular, pending=decision, lead_stands=False,
                   phase="play", notes=tuple(notes))


def _accept(state: PlayState, how: str, by: Seat) -> PlayState:
    """The lead out of turn becomes the lead of the trick (53A; 54B; 55A)."""
    il = state.irregular_lead
    assert il is not None
    st = state.evolve(irregular_lead=None, pending=None, trick=((il.seat, il.card),), trick_leader=il.seat,
                 to_act=il.seat.lho, lead_stands=True,
                 last_played=tuple((s, c) for s, c in state.last_played if s is not il.seat) + ((il.seat, il.card),))
    key = {"statement": "note.lead_accepted", "play": "note.lead_accepted_by_play"}[how]
    lr = L54B if il.opening and state.is_defender(il.seat) else L55A if not state.is_defender(il.seat) else L53A
    return st.evolve(notes=state.notes + (note(key, lr, seat=by, card=il.card, offender=il.seat),))


def _reject(state: PlayState, by: Seat) -> PlayState:
    il = state.irregular_lead
    assert il is not None
    st = state.evolve(irregular_lead=None, pending=None, to_act=il.correct_leader, lead_stands=False)
    st = st.with_hand(il.seat, st.hand(il.seat) | {il.card})
    if state.is_defender(il.seat):
        # 54D / 56: the card becomes a major penalty card and Law 50D applies
        lr = L54D if il.opening else L56
        st = add_penalty_cards(st, il.seat, (il.card,), lr, deliberate=True)
        return st.evolve(notes=state.notes + (note("note.lead_rejected_penalty", lr, seat=il.seat, card=il.card),))
    # 55B: declarer's card goes back to the hand it came from, with no further rectification
    lr = L55B1 if state.is_defender(il.correct_leader) else L55B2
    st = restore(st, il.seat, (il.card,))
    return st.evolve(notes=state.notes + (note("note.lead_rejected_restored", lr, seat=il.seat, card=il.card,
                                                 leader=il.correct_leader),))


def _check_pending_lead(state: PlayState, ev: Event) -> IrregularLead:
    if state.irregular_lead is None:
        raise DecisionError(f"{ev}: there is no lead out of turn to accept or reject", law=L53A, seat=ev.seat,
                            event=ev, key="error.no_lead_out_of_turn")
    return state.irregular_lead


def _statement(state: PlayState, ev: Event, accept: bool) -> PlayState:
    if state.irregular_lead is None and state.lead_decided_by is not None and ev.seat is state.lead_decided_by.partner:
        # 55A: the defender next in turn has already decided; his partner's different view changes nothing
        return state.evolve(lead_decided_by=None, notes=(note("note.decider_prevails_55A", L55A, seat=ev.seat,
                                                                decider=state.lead_decided_by),))
    il = _check_pending_lead(state, ev)
    if state.is_defender(il.seat):
        if ev.seat is not state.declarer:
            raise DecisionError(f"{ev}: declarer, not {ev.seat.name.title()}, decides on a defender's lead out of "
                                f"turn ({(L54 if il.opening else L53A).cite('en')})", law=L54 if il.opening else L53A,
                                seat=ev.seat, event=ev, key="error.declarer_decides_lead", declarer=state.declarer)
        return _accept(state, "statement", ev.seat) if accept else _reject(state, ev.seat)
    # declarer's lead out of turn: the defenders decide; if they differ, the one next in turn prevails (55A)
    if not state.is_defender(ev.seat):
        raise DecisionError(f"{ev}: the defenders, not declarer's side, decide on declarer's lead out of turn "
                            "(55A)", law=L55A, seat=ev.seat, event=ev, key="error.defenders_decide_lead")
    decider = il.seat.lho
    if ev.seat is decider:
        st = _accept(state, "statement", ev.seat) if accept else _reject(state, ev.seat)
        return st if il.statements else st.evolve(lead_decided_by=decider)
    # the other defender has spoken: wait for the defender next in turn, who may still differ
    il2 = replace(il, statements=il.statements + ((ev.seat, accept),))
    return state.evolve(irregular_lead=il2,
                   notes=(note("note.partner_accepted_55A" if accept else "note.partner_rejected_55A", L55A,
                               seat=ev.seat, decider=decider),))


@register(AcceptLead)
def accept_lead(table: Engine, state: PlayState, ev: AcceptLead) -> PlayState:
    return _statement(state, ev, True)


@register(RejectLead)
def reject_lead(table: Engine, state: PlayState, ev: RejectLead) -> PlayState:
    return _statement(state, ev, False)


@register(SpreadHand)
def spread_hand(table: Engine, state: PlayState, ev: SpreadHand) -> PlayState:
    """Law 54A: after a faced opening lead out of turn, declarer spreads his hand and becomes dummy."""
    il = state.irregular_lead
    if il is None or not il.opening or not state.is_defender(il.seat):
        raise DecisionError(f"{ev}: declarer may spread his hand and become dummy only after a faced opening "
                            "lead out of turn (54A)", law=L54A, seat=ev.seat, event=ev, key="error.no_spread")
    if ev.seat is not state.declarer:
        raise DecisionError(f"{ev}: only the presumed declarer may spread his hand (54A)", law=L54A, seat=ev.seat,
                            event=ev, key="error.only_declarer_spreads", declarer=state.declarer)
    new_declarer = state.declarer.partner
    st = state.evolve(declarer=new_declarer)
    st = _accept(st, "statement", ev.seat)
    return st.evolve(notes=(note("note.became_dummy", L54A, seat=ev.seat, declarer=new_declarer),))


def accept_by_play(table: Engine, state: PlayState, ev: Play) -> PlayState:
    """A play while a lead out of turn is on the table: the hand next in rotation accepts it (53A);
    otherwise a defender's earlier statement under 55A stands, or the play is refused."""
    il = state.irregular_lead
    assert il is not None
    if ev.seat is il.seat.lho:
        return _accept(state, "play", ev.seat)
    if il.statements:
        seat, accepted = il.statements[-1]
        st = _accept(state, "statement", seat) if accepted else _reject(state, seat)
        return st
    raise DecisionError(f"{ev}: the lead out of turn must first be accepted or rejected "
                        f"({(state.pending.law if state.pending else L53A).cite('en')})",
                        law=state.pending.law if state.pending else L53A, seat=ev.seat, card=ev.card, event=ev,
                        key="error.decision_pending", trick_no=state.trick_no)

