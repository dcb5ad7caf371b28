"""When a card is played (Law 45) and the face-down opening lead (Law 41A).

- ``hold`` (45C1, 45C2): a defender's card is played once his partner could see its face; declarer's when he
  holds it face up touching or nearly touching the table (and, as the Danish Laws Commission reads the WBF
  commentary of January 2019, holds it still there), or holds it as if it had been played.
- ``touch`` (45B, 45C3): declarer may take dummy's card himself; a card he touches deliberately to play it is
  played, a card touched to arrange dummy's cards or to reach another card is not.
- ``lead_face_down`` / ``request_withdraw`` (41A): the opening lead is made face down; the leader cannot
  change it, but after an irregularity the Director may let him take it back. A face-down lead by the wrong
  defender has not been faced, so Law 54 does not apply: the card simply goes back to his hand.
- a card played to a trick to which the player has already played (45E): a defender's becomes a penalty
  card, declarer's or dummy's goes back to the hand.

Where the ruling rests on a finding of fact (could partner see the card? was it held still?), the event
carries the Director's finding; without it the card's status stays undecided and ``PlayState.questions``
holds the question with the ruling under each answer.

This module also places itself in front of the ordinary ``play`` rule (:mod:`bridgelaws.rules.play`): a plain
``play`` event may face a face-down opening lead (41A), settle a designation of dummy's card that was waiting
for a card (46B), or be a card added to a trick the player has already played to (45E).
"""

from __future__ import annotations

from typing import Any

from bridgelaws.cards import Card, Seat
from bridgelaws.errors import DecisionError, IllegalPlayError, NotInHandError
from bridgelaws.events import Event, Expose, Hold, LeadFaceDown, Play, RequestWithdraw, Touch, TOUCH_PURPOSES
from bridgelaws.i18n import Message
from bridgelaws.laws import LawRef, law
from bridgelaws.rules import play as _ordinary_play  # noqa: F401  (its handler must be registered first)
from bridgelaws.rules.penalty_cards import add_penalty_cards, restore
from bridgelaws.rules.information import withdrawn
from bridgelaws.state import CardStatus, PlayState, Statement
from bridgelaws.mechanics import HANDLERS, Engine, note, register

__all__ = ["counts_as_played", "fifth_card", "with_status", "question", "hold", "touch", "lead_face_down",
           "request_withdraw"]

L16 = law("16")
L24 = law("24")
L41A = law("41A")
L41C = law("41C")
L45B = law("45B")
L45C = law("45C")
L45C1 = law("45C1")
L45C2 = law("45C2")
L45C2a = law("45C2a")
L45C2b = law("45C2b")
L45C3 = law("45C3")
L45E1 = law("45E1")
L45E2 = law("45E2")
L47 = law("47")


# ----------------------------------------------------------------------------------------------------------
# small helpers shared with rules.designation
# ----------------------------------------------------------------------------------------------------------

def with_status(state: PlayState, seat: Seat, card: Card, played: bool | None, law_ref: LawRef,
                source: str) -> PlayState:
    """Record whether ``card`` counts as played (the latest ruling on a card replaces an earlier one)."""
    kept = tuple(cs for cs in state.card_status if not (cs.card == card and cs.source == source))
    return state.evolve(card_status=kept + (CardStatus(seat, card, played, law_ref, source),))


def question(key: str, law_ref: LawRef | None, **params: Any) -> Statement:
    """A question of fact for the Director, with the ruling under each answer in its parameters."""
    return Statement(Message(key, params), law_ref, kind="question")


def _a(key: str, **params: Any) -> Message:
    """The ruling under one answer of a question (a fragment of the question's sentence)."""
    return Message(key, params)


def _played_to_current_trick(state: PlayState, seat: Seat) -> bool:
    return any(s is seat for s, _ in state.trick)


def counts_as_played(table: Engine, state: PlayState, seat: Seat, card: Card, event: Event) -> PlayState:
    """``seat``'s ``card`` counts as played (45C): play it through the ordinary rules at his turn; otherwise
    it is a card added to a trick he has already played to (45E), a lead by the wrong hand (53 to 56), a
    defender's card played before his partner (57A) or declarer's premature play (57C3)."""
    if state.phase == "over":
        raise IllegalPlayError(f"{event}: all 13 tricks have been played", seat=seat, card=card, event=event,
                               key="error.play_over", trick_no=state.trick_no)
    if state.pending is not None or state.irregular_lead is not None:
        if seat is state.to_act or state.irregular_lead is not None:
            return table.apply(state, Play(seat, card))
        raise DecisionError(f"{event}: a decision is pending ({state.pending.law.cite('en') if state.pending else ''})",
                            law=state.pending.law if state.pending else None, seat=seat, card=card, event=event,
                            key="error.decision_pending", trick_no=state.trick_no)
    if seat is state.to_act:
        return table.apply(state, Play(seat, card))
    if _played_to_current_trick(state, seat) or (not state.trick and state.tricks):
        return fifth_card(state, seat, card, event)
    if not state.trick:
        return table.apply(state, Expose(seat, card, how="lead_out_of_turn"))
    if state.is_defender(seat):
        # before his partner: 57A; after his partner, at his right-hand opponent's turn: 57D
        return table.apply(state, Expose(seat, card, how="premature_play"))
    return table.apply(state, Play(seat, card, out_of_turn=True))


def fifth_card(state: PlayState, seat: Seat, card: Card, event: Event) -> PlayState:
    """Implements Law 45E: a card played to a trick to which the player has already played (or to the trick
    just completed, by a player not on lead). A defender's card becomes a penalty card (45E1; as a card
    exposed through a deliberate play it is major, 50B); declarer's or dummy's goes back to the hand with no
    further rectification (45E2). A card the Director deems a lead is written as a lead out of turn
    (``expose ... how = "lead_out_of_turn"``: Laws 53 to 56)."""
    if card not in state.hand(seat):
        if card in state.holding(seat):
            raise IllegalPlayError(f"{event}: {card} is a penalty card already on the table", law=law("50A"),
                                   seat=seat, card=card, event=event, key="error.already_penalty_card",
                                   trick_no=state.trick_no)
        raise NotInHandError(f"{event}: {seat.name.title()} does not hold {card}", seat=seat, card=card,
                             event=event, key="error.not_in_hand", trick_no=state.trick_no)
    # to this trick, or (the trick in progress has no card yet) to the trick just completed
    which = "played.note.fifth_card" if state.trick else "reliability.fifth_card_last_trick"
    if state.is_defender(seat):
        st = add_penalty_cards(state, seat, (card,), L45E1, deliberate=True)
        return st.evolve(notes=(note(f"{which}_defender", L45E1, seat=seat, card=card),))
    st = restore(state, seat, (card,))
    return st.evolve(notes=(note(f"{which}_declarer", L45E2, seat=seat, card=card),))


def _check_in_hand(state: PlayState, seat: Seat, card: Card, event: Event) -> None:
    if state.phase == "over":
        raise IllegalPlayError(f"{event}: all 13 tricks have been played", seat=seat, card=card, event=event,
                               key="error.play_over", trick_no=state.trick_no)
    if card not in state.hand(seat):
        if card in state.holding(seat):
            raise IllegalPlayError(f"{event}: {card} is a penalty card, already face up on the table",
                                   law=law("50A"), seat=seat, card=card, event=event,
                                   key="error.already_penalty_card", trick_no=state.trick_no)
        raise NotInHandError(f"{event}: {seat.name.title()} does not hold {card}", seat=seat, card=card,
                             event=event, key="error.not_in_hand", trick_no=state.trick_no)


# ----------------------------------------------------------------------------------------------------------
# the ordinary play, with what 41A, 45E and 46B add to it
# ----------------------------------------------------------------------------------------------------------

_plain_play = HANDLERS[Play]


@register(Play)
def play(table: Engine, state: PlayState, ev: Play) -> PlayState:
    """The ordinary play (:func:`bridgelaws.rules.play.play`), after two checks of this module: facing a
    face-down opening lead (41A: it cannot be exchanged for another card) and a card added to a trick the
    player has already played to (45E). A card for a designation that is waiting for one (46B) is settled first
    by :mod:`bridgelaws.rules.designation`, which wraps this handler."""
    fd = state.opening_lead_face_down
    if fd is not None and ev.seat is fd[0] and not ev.out_of_turn:
        if ev.card != fd[1]:
            raise IllegalPlayError(
                f"{ev}: {ev.seat.name.title()} has led {fd[1]} face down; he cannot change his opening lead "
                "(41A: only the Director may let him take it back, after an irregularity)", law=L41A,
                seat=ev.seat, card=ev.card, event=ev, key="played.error.face_down_change", led=fd[1],
                trick_no=state.trick_no)
        st = _plain_play(table, state.evolve(opening_lead_face_down=None, may_withdraw=None), ev)
        return st.evolve(notes=(note("played.note.face_down_faced", L41C, seat=ev.seat, card=ev.card),)
                       + st.notes)
    if (not ev.out_of_turn and ev.seat is not state.to_act and state.pending is None
            and state.irregular_lead is None and state.phase == "play"
            and (_played_to_current_trick(state, ev.seat) or (not state.trick and state.tricks))):
        return fifth_card(state, ev.seat, ev.card, ev)
    return _plain_play(table, state, ev)


# ----------------------------------------------------------------------------------------------------------
# hold: 45C1 (defender) and 45C2 (declarer)
# ----------------------------------------------------------------------------------------------------------

@register(Hold)
def hold(table: Engine, state: PlayState, ev: Hold) -> PlayState:
    """Implements Laws 45C1 and 45C2: whether a card taken out of the hand but not put down is played."""
    seat, card = ev.seat, ev.card
    if seat is state.dummy:
        raise IllegalPlayError(f"{ev}: dummy does not play his own cards; declarer names them or takes them "
                               "(45B: write a 'designate' or 'touch' event)", law=L45B, seat=seat, card=card,
                               event=ev, key="played.error.dummy_holds")
    _check_in_hand(state, seat, card, ev)
    if state.is_defender(seat):
        return _defender_hold(table, state, ev)
    return _declarer_hold(table, state, ev)


def _back_in_hand(state: PlayState, ev: Hold) -> PlayState:
    return restore(state, ev.seat, (ev.card,)) if ev.returned else state


def _defender_hold(table: Engine, state: PlayState, ev: Hold) -> PlayState:
    seat, card, partner = ev.seat, ev.card, ev.seat.partner
    fd = state.opening_lead_face_down
    if ev.partner_could_see is None:
        st = with_status(state, seat, card, None, L45C1, "hold")
        q = question("played.q.partner_could_see", L45C1, seat=seat, card=card, partner=partner,
                     if_yes=_a("played.a.defender_played", seat=seat, card=card),
                     if_no=_a("played.a.defender_not_played", seat=seat, card=card, partner=partner))
        return st.evolve(questions=(q,))
    if not ev.partner_could_see:
        st = with_status(_back_in_hand(state, ev), seat, card, False, L45C1, "hold")
        notes = [note("played.note.hold_not_seen", L45C1, seat=seat, card=card, partner=partner)]
        if ev.returned:
            notes.append(note("played.note.defender_hesitation", L16, seat=seat, partner=partner))
            st = st.evolve(handled=tuple(h for h in st.handled if h != (seat, card)) + ((seat, card),))
        return st.evolve(notes=tuple(notes))
    if fd is not None and fd[0] is seat and fd[1] != card:
        # the face-down lead is made; a second card his partner could see is exposed in the auction period
        st = table.apply(state, Expose(seat, card, how="dropped", period="clarification"))
        st = with_status(st, seat, card, False, L24, "hold")
        return st.evolve(notes=(note("played.note.hold_after_face_down", L24, seat=seat, card=card,
                                       led=fd[1]),) + st.notes)
    st = counts_as_played(table, state, seat, card, ev)
    st = with_status(st, seat, card, True, L45C1, "hold")
    return st.evolve(notes=(note("played.note.hold_seen", L45C1, seat=seat, card=card, partner=partner),)
                   + st.notes)


def _declarer_hold(table: Engine, state: PlayState, ev: Hold) -> PlayState:
    """45C2. The facts: ``face_up`` (face up, not facing declarer himself), ``touching_or_near_table``,
    ``held_still`` (not moved to the table and back in one continuous motion)."""
    seat, card = ev.seat, ev.card
    face_up, near, still = ev.face_up, ev.touching_or_near_table, ev.held_still
    played: bool | None
    if face_up is False:
        played, law_ref, key = False, L45C2, "played.note.declarer_facing_himself"
    elif face_up is None:
        played, law_ref, key = None, L45C2, "played.q.declarer_how_held"
    elif still is True:
        played = True
        law_ref, key = (L45C2a, "played.note.declarer_held_at_table") if near is not False else \
            (L45C2b, "played.note.declarer_held_as_played")
    elif still is False:
        played = False
        law_ref, key = (L45C2a, "played.note.declarer_continuous_motion") if near is not False else \
            (L45C2, "played.note.declarer_away_from_table")
    else:
        played = None
        law_ref, key = (L45C2a, "played.q.declarer_held_still") if near is not False else \
            (L45C2b, "played.q.declarer_as_played")
    if played is None:
        st = with_status(state, seat, card, None, law_ref, "hold")
        q = question(key, law_ref, seat=seat, card=card,
                     if_yes=_a("played.a.declarer_played", seat=seat, card=card),
                     if_no=_a("played.a.declarer_not_played", seat=seat, card=card))
        return st.evolve(questions=(q,))
    if played:
        st = counts_as_played(table, state, seat, card, ev)
        st = with_status(st, seat, card, True, law_ref, "hold")
        return st.evolve(notes=(note(key, law_ref, seat=seat, card=card),) + st.notes)
    st = with_status(_back_in_hand(state, ev), seat, card, False, law_ref, "hold")
    return st.evolve(notes=(note(key, law_ref, seat=seat, card=card),
                              note("played.note.declarer_card_seen", L16, seat=seat, card=card, pc=law("48A"))))


# ----------------------------------------------------------------------------------------------------------
# touch: 45B, 45C3
# ----------------------------------------------------------------------------------------------------------

@register(Touch)
def touch(table: Engine, state: PlayState, ev: Touch) -> PlayState:
    """Implements Laws 45B and 45C3: declarer may play dummy's card himself; a card he touches deliberately
    to play it is played, a card touched to arrange dummy's cards or to reach another is not."""
    seat, card = ev.seat, ev.card
    dummy = state.dummy
    if seat is not state.declarer:
        raise IllegalPlayError(f"{ev}: only declarer plays dummy's cards (45B)", law=L45B, seat=seat, card=card,
                               event=ev, key="played.error.touch_not_declarer", declarer=state.declarer)
    if ev.hand is not dummy:
        raise IllegalPlayError(f"{ev}: 'hand' is dummy's seat ({dummy.value}); declarer's touching his own cards "
                               "is a 'hold' event (45C2)", law=L45C3, seat=seat, card=card, event=ev,
                               key="played.error.touch_not_dummy", dummy=dummy)
    if ev.purpose not in TOUCH_PURPOSES:
        raise IllegalPlayError(f"{ev}: purpose must be one of {', '.join(TOUCH_PURPOSES)}", law=L45C3, seat=seat,
                               card=card, event=ev, key="played.error.touch_purpose", purposes=TOUCH_PURPOSES)
    if state.phase == "clarification":
        raise IllegalPlayError(f"{ev}: dummy's cards are not on the table before the opening lead is faced",
                               law=law("41"), seat=seat, card=card, event=ev, key="played.error.no_dummy_yet")
    _check_in_hand(state, dummy, card, ev)
    if ev.purpose != "play":
        st = with_status(state, dummy, card, False, L45C3, "touch")
        return st.evolve(notes=(note(f"played.note.touched_to_{ev.purpose}", L45C3, card=card),))
    st = counts_as_played(table, state, dummy, card, ev)
    st = with_status(st, dummy, card, True, L45C3, "touch")
    return st.evolve(notes=(note("played.note.touched_to_play", L45C3, card=card),) + st.notes)


# ----------------------------------------------------------------------------------------------------------
# the face-down opening lead: 41A
# ----------------------------------------------------------------------------------------------------------

@register(LeadFaceDown)
def lead_face_down(table: Engine, state: PlayState, ev: LeadFaceDown) -> PlayState:
    """Implements Law 41A: the opening lead is made face down and counts as made (the Danish Laws Commission:
    once the card lies face down on the table, or is held still face down touching or nearly touching it).
    The leader cannot change it. A face-down lead by the wrong defender goes back to his hand: it has not been
    faced, so it is no lead out of turn under Law 54 and no penalty card."""
    seat, card = ev.seat, ev.card
    if state.phase != "clarification":
        raise IllegalPlayError(f"{ev}: only the opening lead is made face down (41A)", law=L41A, seat=seat,
                               card=card, event=ev, key="played.error.face_down_not_opening")
    if not state.is_defender(seat):
        raise IllegalPlayError(f"{ev}: the opening lead is made by a defender (41A)", law=L41A, seat=seat,
                               card=card, event=ev, key="played.error.face_down_not_defender")
    if state.pending is not None or state.irregular_lead is not None:
        d = state.pending
        raise DecisionError(f"{ev}: a decision is pending ({d.law.cite('en') if d else ''})",
                            law=d.law if d else None, seat=seat, card=card, event=ev, key="error.decision_pending",
                            trick_no=state.trick_no)
    _check_in_hand(state, seat, card, ev)
    fd = state.opening_lead_face_down
    if fd is not None and fd[0] is seat:
        raise IllegalPlayError(f"{ev}: {seat.name.title()} has already led {fd[1]} face down; a change of mind "
                               "is no irregularity, so he cannot change it (41A)", law=L41A, seat=seat, card=card,
                               event=ev, key="played.error.face_down_twice", led=fd[1])
    if seat is not state.to_act:
        st = restore(state, seat, (card,))
        st = with_status(st, seat, card, False, L41A, "lead_face_down")
        return st.evolve(notes=(note("played.note.face_down_wrong_defender", L41A, seat=seat, card=card,
                                       leader=state.to_act),))
    st = with_status(state, seat, card, True, L41A, "lead_face_down")
    return st.evolve(opening_lead_face_down=(seat, card), may_withdraw=None,
                   notes=(note("played.note.face_down_lead", L41A, seat=seat, card=card),))


@register(RequestWithdraw)
def request_withdraw(table: Engine, state: PlayState, ev: RequestWithdraw) -> PlayState:
    """A player asks to take back a card and play ``new_card`` instead. The face-down opening lead only after
    an irregularity (41A); dummy's card that declarer did not designate, before each side has played to the
    next trick (45D, with ``seat`` declarer and ``new_card`` the card he designated); any other played card
    stays played (45C, 47)."""
    seat, new = ev.seat, ev.new_card
    fd = state.opening_lead_face_down
    if fd is not None and fd[0] is seat:
        return _withdraw_face_down(state, ev, fd[1])
    # dummy's card that declarer did not designate (45D) is taken back in rules.designation, which wraps this
    hands = (seat, state.dummy) if seat is state.declarer else (seat,)
    mine = [(s, c) for s, c in state.trick if s in hands] or [(s, c) for s, c in state.last_played if s is seat]
    if not mine:
        raise IllegalPlayError(f"{ev}: {seat.name.title()} has no card on the table to take back", law=L45C,
                               seat=seat, card=new, event=ev, key="played.error.nothing_to_withdraw")
    owner, card = mine[-1]
    # the paragraph that made the card played (45C3 for dummy's card declarer touched to play it), if not 47
    how = next((cs.law for cs in reversed(state.card_status) if cs.card == card and cs.played), None)
    if how is not None and how != L47:
        return state.evolve(may_withdraw=False, notes=(note("played.note.played_card_stays_by", L47, seat=owner,
                                                            card=card, how=how),))
    return state.evolve(may_withdraw=False,
                   notes=(note("played.note.played_card_stays", L47, seat=owner, card=card),))


def _withdraw_face_down(state: PlayState, ev: RequestWithdraw, led: Card) -> PlayState:
    seat, new = ev.seat, ev.new_card
    irregularity = (state.pending is not None or bool(state.penalty_cards)
                    or any(r.seat is seat for r in state.restrictions))
    if not irregularity:
        return state.evolve(may_withdraw=False,
                       notes=(note("played.note.face_down_stays", L41A, seat=seat, card=led),))
    if new not in state.hand(seat):
        raise NotInHandError(f"{ev}: {seat.name.title()} does not hold {new}", seat=seat, card=new, event=ev,
                             key="error.not_in_hand", trick_no=state.trick_no)
    st = restore(state, seat, (led,))
    st = with_status(st, seat, led, False, L41A, "lead_face_down")
    # Law 16C: the irregularities that let him take it back (a penalty card, declarer's options or a lead
    # restriction it brings) are his own side's, so his side is the offending side; the card was face down
    st, _ = withdrawn(st, led, seat, offender=True, face_down=True)
    if state.pending is not None:
        # the new lead waits for declarer's choice (50D2): the face-down card simply goes back
        return st.evolve(opening_lead_face_down=None, may_withdraw=True,
                       notes=(note("played.note.face_down_back_wait", L41A, seat=seat, card=led),))
    st = with_status(st, seat, new, True, L41A, "lead_face_down")
    return st.evolve(opening_lead_face_down=(seat, new), may_withdraw=True,
                   notes=(note("played.note.face_down_withdrawn", L41A, seat=seat, card=led, new=new),))
