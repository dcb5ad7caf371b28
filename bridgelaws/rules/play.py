"""The ordinary play of a card (Law 44), with the irregularities a plain play can carry:

- a play from the next hand after a lead out of turn accepts that lead (53A); the proper leader's play is his
  proper lead (53B); the play of the defender on the right of declarer's irregular lead leaves the lead
  standing and falls under Law 57 (53C);
- a lead by the defender on lead before declarer has chosen under 50D2 or 51B is dealt with under Law 49;
- declarer's play from either hand while a Law 52 decision is open accepts the wrong card (52B1b);
- a card that follows suit but breaks a penalty-card obligation is the irregularity of Law 52;
- a card that breaks a lead or play restriction is a revoke (61A) and is recorded as such;
- ``out_of_turn``: a premature play that the Laws let stand (57C1, 57C2, 57C3), or a defender's play at his
  right-hand opponent's turn (57D).
"""

from __future__ import annotations


from bridgelaws.cards import Card, Seat
from bridgelaws.errors import DecisionError, OutOfTurnError
from bridgelaws.events import Play
from bridgelaws.laws import law
from bridgelaws.state import Decision, Option, PlayState
from bridgelaws.mechanics import (
    Engine, check_plain_play, complete_trick, legal_cards_ignoring_pending, note, penalty_card_candidates,
    next_in_trick, place_card, register, restricted_cards,
)
from bridgelaws.rules import leads
from bridgelaws.rules.penalty_cards import add_penalty_cards, resolve_failure
from bridgelaws.rules.premature import premature_at_rho_turn
from bridgelaws.rules.revoke import play_revoke, restriction_revoke

L52 = law("52")
L52B1 = law("52B1")
L52B1b = law("52B1b")
L61A = law("61A")
L57C = law("57C")
L57C1 = law("57C1")
L57C2 = law("57C2")
L57A = law("57A")
L49 = law("49")
L50D2 = law("50D2")


@register(Play)
def play(table: Engine, state: PlayState, ev: Play) -> PlayState:
    """Implements Law 44 (the play), 53A (acceptance by play), 52 and 57C."""
    seat, card = ev.seat, ev.card
    if state.irregular_lead is not None:
        state, done = leads.accept_by_play(table, state, ev)
        if done:
            return state
    pending = state.pending
    if (pending is not None and pending.kind == "lead_options" and seat is pending.subject and not state.trick
            and not ev.out_of_turn):
        return _lead_before_choice(state, ev)
    if pending is not None:
        declarer_side = seat in (state.declarer, state.dummy)
        if pending.kind == "failure_to_play" and declarer_side and (seat is state.to_act or len(state.trick) == 4):
            # 52B1b: once declarer has played from either hand (in this trick or, when the wrong card ended
            # the trick, by leading to the next one), he has accepted the wrong card
            state = resolve_failure(state, accept=True, by_play=True)
        else:
            raise DecisionError(
                f"{ev}: {seat.name.title()} may not play before the decision is made ({pending.law.cite('en')})",
                law=pending.law, seat=seat, card=card, event=ev, trick_no=state.trick_no,
                key="error.decision_pending")
    if (state.lead_retracted and state.is_defender(seat) and seat is not state.to_act and not state.trick
            and not ev.out_of_turn):
        check_plain_play(state, seat, card, ev)
        return leads.defender_before_required_lead(state, seat, card)
    if ev.out_of_turn:
        return _premature_play_that_stands(state, ev)
    if ev.revoke:
        return play_revoke(table, state, ev)
    if seat is not state.to_act:
        to_act = state.to_act
        raise OutOfTurnError(
            f"{ev}: it is {to_act.name.title() if to_act else 'nobody'}'s turn, not {seat.name.title()}'s "
            "(a lead out of turn is an 'expose' event with how = \"lead_out_of_turn\", a premature play "
            "\"premature_play\")", law=law("53") if not state.trick else law("57"), seat=seat, card=card,
            event=ev, trick_no=state.trick_no, key="error.out_of_turn", to_act=to_act)
    check_plain_play(state, seat, card, ev)
    if state.in_error:
        st = _play_checked(state, seat, card)
        if not st.trick or st.pending is not None:
            return st
        st = leads.after_proper_lead(st)
        return st.evolve(to_act=next_in_trick(st))
    return _play_checked(state, seat, card)


def _play_checked(state: PlayState, seat: Seat, card: Card) -> PlayState:
    """The card, which follows suit, at its owner's turn: placed, or recorded as the irregularity it is."""
    if not state.is_defender(seat):
        return place_card(state, seat, card)
    legal = legal_cards_ignoring_pending(state, seat)
    if card in legal:
        return place_card(state, seat, card)
    _, cand, _ = restricted_cards(state, seat)
    if card not in cand:
        # fails to comply with a lead or play restriction he could comply with: a revoke (61A)
        st = restriction_revoke(state, place_card(state, seat, card), seat, card)
        return st.evolve(irregular_plays=st.irregular_plays + ((seat, card, L61A),),
                       notes=st.notes + (note("note.restriction_revoke", L61A, seat=seat, card=card),))
    # follows suit but is not the penalty card he must play, or breaks a minor card's limit (52, 50C)
    wrong = place_card(state, seat, card, complete=False)
    # the penalty card(s) he should have played: what 52B2 substitutes if declarer rejects his card
    if state.designated is not None:
        owed = [state.designated]
    else:
        owed = [p.card for p in penalty_card_candidates(state, seat, cand)] or [
            p.card for p in state.penalty_cards if p.seat is seat and not p.is_major and p.card.suit is card.suit]
    must = tuple(sorted(owed, key=lambda c: c.sort_key))
    decision = Decision("failure_to_play", state.declarer,
                        (Option("accept_play", law("52B1a"), cards=(card,)),
                         Option("reject_play", law("52B2"), cards=must)),
                        L52B1, offender=seat, cards=(card,) + must, subject=seat)
    to_act = wrong.to_act if len(wrong.trick) < 4 else None
    return wrong.evolve(pending=decision, to_act=to_act,
                   irregular_plays=wrong.irregular_plays + ((seat, card, L52),))


def _lead_before_choice(state: PlayState, ev: Play) -> PlayState:
    """50D2: the defender on lead may not lead until declarer has chosen; a lead made before that is dealt
    with under Law 49: the card is a penalty card (major: led deliberately), and declarer still chooses."""
    seat, card = ev.seat, ev.card
    if state.phase == "over" or card not in state.holding(seat):
        check_plain_play(state, seat, card, ev)
    if card not in state.hand(seat):
        # his own penalty card, already on the table: it stays one
        return state.evolve(notes=(note("lp.note.lead_before_choice_already", L50D2, seat=seat, card=card),))
    st = add_penalty_cards(state, seat, (card,), L49, deliberate=True)
    return st.evolve(notes=(note("lp.note.lead_before_choice", L50D2, seat=seat, card=card),))


def _premature_play_that_stands(state: PlayState, ev: Play) -> PlayState:
    """57C: a card played before its turn that the Laws let stand is simply played to the trick: declarer's
    premature play from either hand (57C3), a defender's play before his partner once declarer has played from
    both hands (57C1) or after dummy acted of his own volition (57C2, ``dummy_acted``). A defender's play at his
    right-hand opponent's turn, after his partner has played, is Law 57D."""
    seat, card = ev.seat, ev.card
    if not state.trick:
        raise OutOfTurnError(f"{ev}: 'out_of_turn' marks a premature play to a trick in progress (57C); a lead "
                             "out of turn is an 'expose' event with how = \"lead_out_of_turn\"", law=L57C, seat=seat,
                             card=card, event=ev, trick_no=state.trick_no, key="error.out_of_turn_lead")
    if any(s is seat for s, _ in state.trick):
        raise OutOfTurnError(f"{ev}: {seat.name.title()} has already played to this trick", law=L57C, seat=seat,
                             card=card, event=ev, trick_no=state.trick_no, key="error.already_played")
    law_ref = L57C
    if state.is_defender(seat):
        played = {s for s, _ in state.trick}
        if seat.partner in played:
            return premature_at_rho_turn(state, seat, card, ev)
        if state.declarer in played and state.dummy in played:
            law_ref = L57C1
        elif ev.dummy_acted:
            law_ref = L57C2
        else:
            raise OutOfTurnError(
                f"{ev}: {seat.name.title()} plays before his partner; that is rectified under 57A (write it as "
                "'expose ... how = \"premature_play\"'), unless declarer has played from both hands (57C1) or dummy "
                "acted of his own volition (57C2: 'dummy_acted = true')", law=L57A, seat=seat, card=card, event=ev,
                trick_no=state.trick_no, key="lp.error.premature_not_57C")
    check_plain_play(state, seat, card, ev)
    st = place_card(state, seat, card, complete=False)
    key = {L57C1: "lp.note.57C1_stands", L57C2: "lp.note.57C2_stands"}.get(law_ref, "note.premature_stands")
    st = st.evolve(notes=st.notes + (note(key, law_ref, seat=seat, card=card),))
    if len(st.trick) == 4:
        return complete_trick(st)
    return st.evolve(to_act=next_in_trick(st))
