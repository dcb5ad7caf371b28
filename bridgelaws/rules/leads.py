"""Leads out of turn: accepted (53A) or not, the proper lead that follows one (53B), the defender on the
right of declarer's irregular lead who plays to it (53C), the faced opening lead out of turn (54, 54C with
``dummy_seen``), declarer's lead out of turn (55) and a defender's later lead out of turn (56)."""

from __future__ import annotations

from dataclasses import replace

from bridgelaws.cards import Card, Seat
from bridgelaws.errors import DecisionError, OutOfTurnError
from bridgelaws.events import AcceptLead, DummySeen, Event, Expose, Play, RejectLead, SpreadHand
from bridgelaws.laws import law
from bridgelaws.rules.information import became_penalty_card, sides, withdrawn
from bridgelaws.rules.penalty_cards import add_penalty_cards, restore
from bridgelaws.rules.premature import premature_play
from bridgelaws.state import Decision, IrregularLead, Option, PlayState
from bridgelaws.mechanics import Engine, follow_suit_cards, note, register, register_expose

L53A = law("53A")
L53B = law("53B")
L53C = law("53C")
L16C = law("16C")
L54C = law("54C")
L60B = law("60B")
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
    correct = _check_lead_out_of_turn(state, ev)
    opening = state.phase == "clarification"
    if ev.misinformed_by_opponent:
        # 47E1: led because an opponent mistakenly said it was his lead: retracted, no rectification at all
        # the opponent who misinformed him is the offending side; the player who retracts is not (16C1, 16C2)
        st = restore(state, seat, (card,))
        st, info = withdrawn(st, card, seat, offender=False)
        return st.evolve(notes=(note("lp.note.47E1", law("47E1"), seat=seat, card=card, leader=correct, ui=L16C,
                                     **sides(info)),))
    if state.lead_retracted and state.is_defender(seat):
        return defender_before_required_lead(state, seat, card)
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
    if state.trick_no == 13:
        # 53A: only "prior to the thirteenth trick" may a lead out of turn be treated as correct; at trick 13
        # nobody can accept it, by statement or by play, and the lead is made from the correct hand
        st = _reject(st.evolve(irregular_lead=irregular, phase="play", notes=()), None)
        key = "lp.note.13th_trick_penalty" if state.is_defender(seat) else "lp.note.13th_trick_restored"
        return st.evolve(notes=(note("lp.note.13th_trick", L53A, seat=seat, card=card, leader=correct),
                                note(key, L56 if state.is_defender(seat) else L55B1 if state.is_defender(correct)
                                     else L55B2, seat=seat, card=card, leader=correct)))
    return st.evolve(irregular_lead=irregular, pending=_lead_decision(state, seat, card, correct, opening),
                     lead_stands=False, phase="play", notes=tuple(notes))


def _check_lead_out_of_turn(state: PlayState, ev: Expose) -> Seat:
    """The player whose lead it was; refused (with the law) when the card is not a lead out of turn."""
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
    return correct


def _lead_decision(state: PlayState, seat: Seat, card: Card, correct: Seat, opening: bool) -> Decision:
    """Who decides on the lead out of turn, and his options: declarer after a defender's faced opening lead (54)
    or later lead (53A, 56); the defender next in turn after declarer's or dummy's (55A)."""
    if state.is_defender(seat):
        if opening:
            options = (Option("accept_and_play", law("54B")), Option("accept_and_become_dummy", L54A),
                       Option("reject_require", L54D), Option("reject_forbid", L54D),
                       Option("reject_no_restriction", L54D))
            return Decision("opening_lead_out_of_turn", state.declarer, options, L54, offender=seat,
                            cards=(card,), subject=correct)
        options = (Option("accept_lead", L53A), Option("reject_lead", L56))
        return Decision("lead_out_of_turn", state.declarer, options, L56, offender=seat, cards=(card,),
                        subject=correct)
    options = (Option("accept_lead", L55A), Option("reject_lead", L55B1 if state.is_defender(correct) else L55B2))
    return Decision("declarer_lead_out_of_turn", seat.lho, options, L55A, offender=seat, cards=(card,),
                    subject=correct)


def defender_before_required_lead(state: PlayState, seat: Seat, card: Card) -> PlayState:
    """60B: a defender plays a card after declarer has been required to take back his lead out of turn, and
    before declarer has led from the correct hand: the card becomes a major penalty card."""
    st = add_penalty_cards(state, seat, (card,), L60B, deliberate=True)
    return st.evolve(notes=(note("lp.note.60B", L60B, seat=seat, card=card),))


def _accept(state: PlayState, how: str, by: Seat) -> PlayState:
    """The lead out of turn becomes the lead of the trick (53A; 54B; 55A)."""
    il = state.irregular_lead
    assert il is not None
    st = state.evolve(irregular_lead=None, pending=None, trick=((il.seat, il.card),), trick_leader=il.seat,
                 to_act=il.seat.lho, lead_stands=True,
                 last_played=tuple((s, c) for s, c in state.last_played if s is not il.seat) + ((il.seat, il.card),))
    key = {"statement": "note.lead_accepted", "play": "note.lead_accepted_by_play",
           "53C": "lp.note.53C_lead_stands"}[how]
    lr = L54B if il.opening and state.is_defender(il.seat) else L55A if not state.is_defender(il.seat) else L53A
    if how == "53C":
        lr = L53C
    return st.evolve(notes=state.notes + (note(key, lr, seat=by, card=il.card, offender=il.seat),))


def _reject(state: PlayState, by: Seat | None) -> PlayState:
    il = state.irregular_lead
    assert il is not None
    st = state.evolve(irregular_lead=None, pending=None, to_act=il.correct_leader, lead_stands=False)
    st = st.with_hand(il.seat, st.hand(il.seat) | {il.card})
    # the lead out of turn is retracted: Law 16C, the offender's side offending (a defender's card is also a
    # penalty card, and 50E governs what it shows while it lies on the table)
    st, _ = withdrawn(st, il.card, il.seat, offender=True)
    if state.is_defender(il.seat):
        # 54D / 56: the card becomes a major penalty card and Law 50D applies
        lr = L54D if il.opening else L56
        st = became_penalty_card(add_penalty_cards(st, il.seat, (il.card,), lr, deliberate=True))
        return st.evolve(notes=state.notes + (note("note.lead_rejected_penalty", lr, seat=il.seat, card=il.card),))
    # 55B: declarer's card goes back to the hand it came from, with no further rectification
    lr = L55B1 if state.is_defender(il.correct_leader) else L55B2
    st = restore(st, il.seat, (il.card,))
    if not state.is_defender(il.correct_leader):
        st = st.evolve(lead_retracted=True)  # 60B until declarer leads from the correct hand
    return st.evolve(notes=state.notes + (note("note.lead_rejected_restored", lr, seat=il.seat, card=il.card,
                                                 leader=il.correct_leader),))


def _void_at_trick_13(state: PlayState) -> bool:
    """53A: the lead out of turn at trick 13 has been taken back already; nobody has led from the correct hand."""
    return state.irregular_lead is None and state.trick_no == 13 and not state.trick and state.lead_stands is False


def _check_pending_lead(state: PlayState, ev: Event) -> IrregularLead:
    if state.irregular_lead is None:
        raise DecisionError(f"{ev}: there is no lead out of turn to accept or reject", law=L53A, seat=ev.seat,
                            event=ev, key="error.no_lead_out_of_turn")
    return state.irregular_lead


def _statement(state: PlayState, ev: Event, accept: bool) -> PlayState:
    if _void_at_trick_13(state):
        # 53A: only "prior to the thirteenth trick" may a lead out of turn be treated as correct; at trick 13 it
        # was taken back at once, so a statement accepting it (or refusing it) is void: it is recorded, and it
        # changes nothing
        return state.evolve(notes=(note("lp.note.13th_trick_void", L53A, seat=ev.seat),))
    if state.irregular_lead is None and state.lead_decided_by is not None and ev.seat is state.lead_decided_by.partner:
        # 55A: the defender next in turn has already decided; his partner's different view changes nothing
        return state.evolve(lead_decided_by=None, notes=(note("note.decider_prevails_55A", L55A, seat=ev.seat,
                                                                decider=state.lead_decided_by),))
    il = _check_pending_lead(state, ev)
    if state.is_defender(il.seat):
        d = state.pending
        if not accept and il.opening and d is not None and "reject_require" not in d.option_names:
            raise DecisionError(f"{ev}: declarer could have seen dummy's cards, so he must accept the lead (54C)",
                                law=L54C, seat=ev.seat, event=ev, key="lp.error.54C_must_accept")
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
    # only his latest statement counts (and the state does not grow with repeated statements: issue #12, D6)
    il2 = replace(il, statements=tuple(x for x in il.statements if x[0] is not ev.seat) + ((ev.seat, accept),))
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
    if state.pending is not None and "accept_and_become_dummy" not in state.pending.option_names:
        raise DecisionError(f"{ev}: declarer could have seen dummy's cards, so he must accept the lead and play "
                            "the second card from his own hand (54C)", law=L54C, seat=ev.seat, event=ev,
                            key="lp.error.54C_must_accept")
    new_declarer = state.declarer.partner
    st = state.evolve(declarer=new_declarer)
    st = _accept(st, "statement", ev.seat)
    return st.evolve(notes=(note("note.became_dummy", L54A, seat=ev.seat, declarer=new_declarer),))


def accept_by_play(table: Engine, state: PlayState, ev: Play) -> tuple[PlayState, bool]:
    """A play while a lead out of turn is on the table, neither accepted nor refused:

    - the player whose turn it was, an opponent of the offender, makes his proper lead (53B): always when
      he is not next in rotation, and with ``proper_lead`` when he is;
    - otherwise the hand next in rotation accepts the lead by playing to it (53A);
    - the defender on the right of declarer's (or dummy's) irregular lead plays to it: the lead stands and
      Law 57 applies to his card (53C);
    - otherwise a defender's earlier statement under 55A stands, or the play is refused.

    Returns the state in which the card is then played, and whether the card has already been dealt with
    (53C: it became a penalty card under Law 57).
    """
    il = state.irregular_lead
    assert il is not None
    seat = ev.seat
    opponent = state.is_defender(seat) != state.is_defender(il.seat)
    if ev.proper_lead:
        if seat is not il.correct_leader or not opponent:
            raise OutOfTurnError(
                f"{ev}: only the player whose turn it was to lead, an opponent of {il.seat.name.title()}, makes "
                f"his proper lead after the lead out of turn (53B); {seat.name.title()} is not that player",
                law=L53B, seat=seat, card=ev.card, event=ev,
                key="lp.error.not_proper_leader", leader=il.correct_leader, offender=il.seat,
                trick_no=state.trick_no)
        return proper_lead(state, ev), False
    if seat is il.seat.lho:
        return _accept(state, "play", seat), False
    if seat is il.correct_leader and opponent:
        return proper_lead(state, ev), False
    if not state.is_defender(il.seat) and seat is il.seat.rho and not il.statements:
        # 53C: the lead stands; the defender played before his partner, next in rotation (57A)
        st = _accept(state, "53C", seat)
        out = premature_play(table, st, Expose(seat, ev.card, how="premature_play"))
        return out.evolve(notes=st.notes + out.notes), True
    if il.statements:
        sseat, accepted = il.statements[-1]
        st = _accept(state, "statement", sseat) if accepted else _reject(state, sseat)
        return st, False
    raise DecisionError(f"{ev}: the lead out of turn must first be accepted or rejected "
                        f"({(state.pending.law if state.pending else L53A).cite('en')})",
                        law=state.pending.law if state.pending else L53A, seat=ev.seat, card=ev.card, event=ev,
                        key="error.decision_pending", trick_no=state.trick_no)


def proper_lead(state: PlayState, ev: Play) -> PlayState:
    """53B: the proper leader leads without his card being deemed played to the irregular lead. The proper lead
    stands; the card led out of turn was played in error to this trick and lies in it as its owner's card
    unless he takes it back (``withdraw``); Law 16C governs what the withdrawn card tells. A card in error that
    cannot stand as a legal play to the proper lead (it does not follow suit though its owner can) is taken
    back at once. Returns the state with the proper leader to lead; the caller plays his card."""
    il = state.irregular_lead
    assert il is not None
    st = state.evolve(irregular_lead=None, pending=None, to_act=il.correct_leader, lead_stands=False,
                      in_error=state.in_error + ((il.seat, il.card),))
    return st.evolve(notes=state.notes + (note("lp.note.53B_proper_lead", L53B, seat=il.correct_leader,
                                                  offender=il.seat, card=il.card),))


def after_proper_lead(state: PlayState) -> PlayState:
    """Once the proper lead is on the table (53B): each card played in error joins the trick as its owner's card
    to it, out of rotation, unless it cannot legally stand there, in which case it goes back to the hand."""
    waiting = [(s, c) for s, c in state.in_error if (s, c) not in state.trick and c not in state.hand(s)]
    if not waiting or len(state.trick) != 1:
        return state
    st = state
    notes = list(st.notes)
    for seat, card in waiting:
        follow = follow_suit_cards(st.with_hand(seat, st.hand(seat) | {card}), seat)
        if card in follow:
            st = st.evolve(trick=st.trick + ((seat, card),),
                           last_played=tuple(p for p in st.last_played if p[0] is not seat) + ((seat, card),))
            notes.append(note("lp.note.53B_in_error_stays", L53B, seat=seat, card=card))
        else:
            st = restore(st.with_hand(seat, st.hand(seat) | {card}), seat, (card,))
            st = st.evolve(in_error=tuple(p for p in st.in_error if p != (seat, card)),
                           back_53b=st.back_53b + ((seat, card),))
            # the card in error is the lead out of turn itself: its owner's side is the offending side
            st, info = withdrawn(st, card, seat, offender=True)
            notes.append(note("lp.note.53B_in_error_back", L16C, seat=seat, card=card, **sides(info)))
    return st.evolve(notes=tuple(notes))


@register(DummySeen)
def dummy_seen(table: Engine, state: PlayState, ev: DummySeen) -> PlayState:
    """54C: declarer could have seen one of dummy's cards before choosing after a faced opening lead out of
    turn; he must accept the lead, and his only option is to play the second card from his own hand."""
    d = state.pending
    il = state.irregular_lead
    if d is None or il is None or d.kind != "opening_lead_out_of_turn":
        raise DecisionError(f"{ev}: 'dummy_seen' is a fact about declarer's choice after a faced opening lead out "
                            "of turn (54C); there is no such choice now", law=L54C, seat=ev.seat, event=ev,
                            key="lp.error.54C_no_choice")
    if ev.seat is not state.declarer:
        raise DecisionError(f"{ev}: 'dummy_seen' names the presumed declarer, {state.declarer.name.title()} (54C)",
                            law=L54C, seat=ev.seat, event=ev, key="lp.error.54C_declarer",
                            declarer=state.declarer)
    only = tuple(o for o in d.options if o.name == "accept_and_play")
    st = state.evolve(pending=replace(d, options=tuple(replace(o, law=L54C) for o in only)))
    return st.evolve(notes=(note("lp.note.54C_must_accept", L54C, seat=ev.seat, offender=il.seat, card=il.card),))
