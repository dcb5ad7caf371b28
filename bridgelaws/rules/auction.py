"""The auction period on the table: calls, accept_call, reject_call and cards exposed during the auction
(phase ``auction``), and what the auction leaves for the play when it ends: penalty cards (24E) or cards back in
the hand (24D), and Law 26B's lead restriction, offered to declarer at the offender's partner's first turn to
lead and binding for as long as that partner retains the lead.

The laws of the auction themselves live in :mod:`bridgelaws.auction.engine` (pure); this module carries their
result into the :class:`~bridgelaws.state.PlayState`. It wraps the ``expose`` and ``choose`` handlers of
:mod:`bridgelaws.rules.penalty_cards` for the two cases that are its own (``period = "auction"``; the 26B
choice) and leaves every other case to them.
"""

from __future__ import annotations

from typing import Any

from bridgelaws.auction import engine as A
from bridgelaws.auction.calls import Call
from bridgelaws.cards import Seat, Suit
from bridgelaws.errors import DecisionError, IllegalPlayError
from bridgelaws.events import AcceptCall, CallEvent, Choose, Event, Expose, RejectCall
from bridgelaws.i18n import Message
from bridgelaws.laws import law
from bridgelaws.mechanics import HANDLERS, Engine, note, register
from bridgelaws.rules.penalty_cards import add_penalty_cards, restore
from bridgelaws.state import Constraint, Decision, Option, PlayState, Restriction, Statement

__all__ = ["initial_state", "passed_out", "lead_faced", "guard", "settle_26b", "statements", "must_pass", "forbid_suits",
           "lead_restriction_pending", "auction_result", "withdrawn_information", "AUCTION_EVENTS",
           "DECISION_KIND"]

L22B = law("22B")
L25A5 = law("25A5")
L24 = law("24")
L24D = law("24D")
L24E = law("24E")
L26B = law("26B")
#: the kind of the pending decision at the offender's partner's first turn to lead
DECISION_KIND = "auction_lead_restriction"
AUCTION_EVENTS = (CallEvent, AcceptCall, RejectCall)


def initial_state(state: PlayState, dealer: Seat) -> PlayState:
    """The state before the first call: the dealer calls first (17B)."""
    return state.evolve(phase="auction", to_act=dealer, auction=A.start(dealer))


def passed_out(state: PlayState) -> bool:
    """Law 22B: the auction was passed out (all four players passed); there is no play."""
    return state.auction is not None and A.passed_out(state.auction)


def _unintended_after_end(state: PlayState, event: Event) -> bool:
    return isinstance(event, CallEvent) and event.finding == "unintended" and state.auction is not None \
        and state.auction.ended


def lead_faced(state: PlayState) -> bool:
    """Whether a defender has faced an opening lead, in turn or out of turn: the auction period has ended (17D1)."""
    return bool(state.trick or state.tricks or state.irregular_lead is not None)


def _since_the_end(state: PlayState) -> bool:
    """Whether anything but calls happened since the auction ended: a card exposed (during the auction too: 24E
    and 24D have been applied), a lead face down, declarer's 26B choice, a claim."""
    return bool(state.auction is not None and state.auction.exposed or state.penalty_cards or state.restrictions
                or state.opening_lead_face_down is not None or state.card_status or state.restored
                or state.claim is not None or state.pending is not None and state.pending.kind != DECISION_KIND)


def _guard_25a5(state: PlayState, event: CallEvent) -> None:
    """Law 25A5: after an auction that ended before it reached the player's partner, the unintended call may be
    replaced until the end of the auction period: until a defender faces an opening lead (17D1), or after a
    pass-out until the hands are returned to the board (17D2; the table has no event for that, so always)."""
    if lead_faced(state):
        raise IllegalPlayError(f"{event}: the opening lead has been faced, so the auction period has ended (17D1): "
                               "no substitution of an unintended call after it (25A5)", law=L25A5, seat=event.seat,
                               event=event, key="auction.error.25A5_lead_faced")
    if _since_the_end(state):
        raise IllegalPlayError(f"{event}: a card was exposed or a choice made since the auction ended; this library "
                               "replaces an unintended call after the end of the auction (25A5) only when nothing "
                               "but calls has happened since", law=L25A5, seat=event.seat, event=event,
                               key="auction.error.25A5_not_modelled")


def guard(state: PlayState, event: Event) -> None:
    """Refuse a card event during the auction, a call after it (except the replacement of an unintended call
    before the auction period has ended, 25A5), and any other event after a passed-out auction."""
    if _unintended_after_end(state, event):
        _guard_25a5(state, event)   # type: ignore[arg-type]
        return
    if passed_out(state):
        raise IllegalPlayError(f"{event}: the auction was passed out: there is no play (22B)", law=L22B,
                               seat=event.seat, event=event, key="auction.error.passed_out")
    if state.phase == "auction" and not isinstance(event, AUCTION_EVENTS + (Expose,)):
        raise IllegalPlayError(f"{event}: the auction has not ended; no card is played before it ends (17D)",
                               law=law("17D"), seat=event.seat, event=event, key="auction.error.not_ended")
    if isinstance(event, AUCTION_EVENTS) and state.phase != "auction":
        if state.auction is None:
            raise IllegalPlayError(f"{event}: this table starts at the opening lead; a table with an auction has a "
                                   "dealer", seat=event.seat, event=event, key="auction.error.no_auction")
        raise IllegalPlayError(f"{event}: the auction has ended (17D)", law=law("17D"), seat=event.seat,
                               event=event, key="auction.error.ended", call=getattr(event, "call", ""))


def _after(table: Engine, state: PlayState, a: A.AuctionState) -> PlayState:
    # an irregular call waits for its left-hand opponent (27A1, 29A, 36A, 37A): he acts next
    st = state.evolve(auction=a, to_act=a.irregular.seat.lho if a.irregular is not None else a.turn, notes=a.notes)
    return _end(st, a) if a.ended else st


@register(CallEvent)
def on_call(table: Engine, state: PlayState, ev: CallEvent) -> PlayState:
    guard(state, ev)
    a = A.call(state.auction, ev.seat, Call.parse(ev.call), ev.finding)
    if state.phase != "auction":   # 25A5: the intended call reopens the auction; what its end gave is undone
        state = state.evolve(phase="auction", auction_lead=None, pending=None)
    return _after(table, state, a)


@register(AcceptCall)
def on_accept(table: Engine, state: PlayState, ev: AcceptCall) -> PlayState:
    guard(state, ev)
    return _after(table, state, A.accept(state.auction, ev.seat))


@register(RejectCall)
def on_reject(table: Engine, state: PlayState, ev: RejectCall) -> PlayState:
    guard(state, ev)
    return _after(table, state, A.reject(state.auction, ev.seat))


_EXPOSE = HANDLERS[Expose]


@register(Expose)
def on_expose(table: Engine, state: PlayState, ev: Expose) -> PlayState:
    """Law 24 during the auction (``period = "auction"``); every other exposure goes to Law 49 and after."""
    if state.phase != "auction":
        if ev.period == "auction":
            raise IllegalPlayError(f"{ev}: the auction has ended; a card exposed before the opening lead is faced "
                                   "is written period = \"clarification\"", law=L24, seat=ev.seat, card=ev.card,
                                   event=ev, key="auction.error.ended_expose")
        d = state.pending
        if d is not None and d.kind == DECISION_KIND and ev.how == "lead_out_of_turn" and ev.seat is not d.subject:
            # the wrong defender leads before declarer has exercised 26B: Laws 53-56 first; the 26B choice comes
            # back at the offender's partner's turn to lead, if it comes (settle_26b)
            return _EXPOSE(table, state.evolve(pending=None), ev)
        return _EXPOSE(table, state, ev)
    if ev.period != "auction":
        raise IllegalPlayError(f"{ev}: a card exposed during the auction is written period = \"auction\" (24)",
                               law=L24, seat=ev.seat, card=ev.card, event=ev, key="auction.error.period_auction")
    if ev.how not in ("dropped", "lead_out_of_turn"):
        raise IllegalPlayError(f"{ev}: during the auction a card is dropped or led (how = \"dropped\" or "
                               "\"lead_out_of_turn\") (24)", law=L24, seat=ev.seat, card=ev.card, event=ev,
                               key="auction.error.expose_how", how=ev.how)
    if ev.card not in state.hand(ev.seat):
        raise IllegalPlayError(f"{ev}: {ev.seat.name.title()} does not hold {ev.card}", seat=ev.seat, card=ev.card,
                               event=ev, key="error.not_in_hand")
    return _after(table, state, A.expose(state.auction, ev.seat, ev.card, led=ev.how == "lead_out_of_turn"))


def _end(st: PlayState, a: A.AuctionState) -> PlayState:
    """The auction has ended: the contract and declarer it gives (22A); 24D/24E for the exposed cards; 26B waits
    for the offender's partner's first turn to lead. Passed out (22B): the board is over, with no play."""
    res = A.result(a)
    if res is None:   # 22B: all four players passed; the hands go back to the board without play
        return st.evolve(phase="over", to_act=None, pending=None)
    level, denomination, doubled, declarer = res
    strain = None if denomination == "NT" else Suit.parse(denomination)
    # the legal auction gives declarer and trumps (17D), whatever contract the table was made with: a teacher may
    # leave a file's script and click an auction of his own (a file's own calls are checked against its contract
    # when the file is read: scenario.auction_keys)
    st = st.evolve(declarer=declarer, trump=strain, phase="clarification", to_act=declarer.lho)
    notes = list(st.notes)
    for seat in Seat:
        mine = [(c, led) for s, c, led in a.exposed if s is seat]
        if not mine:
            continue
        if st.is_defender(seat):   # 24E: every such card becomes a penalty card (50B decides its kind)
            for card, led in mine:
                st = add_penalty_cards(st, seat, (card,), L24E, deliberate=led)
            notes.append(note("auction.note.24E", L24E, seat=seat, cards=tuple(c for c, _ in mine)))
        else:   # 24D: the offender becomes declarer or dummy: the cards go back to his hand
            st = restore(st, seat, tuple(c for c, _ in mine))
            notes.append(note("auction.note.24D", L24D, seat=seat, cards=tuple(c for c, _ in mine)))
    lr = A.lead_restriction(a, declarer)
    if lr is not None and not lr[2]:
        notes.append(note("auction.note.26B_nothing", L26B, seat=lr[0], offender=lr[1]))
        lr = None
    return st.evolve(auction_lead=lr, notes=tuple(notes))


# ---- 26B at the offender's partner's first turn to lead ------------------------------------------------------

def settle_26b(state: PlayState) -> PlayState:
    """Implements Law 26B: at the offender's partner's first turn to lead (which may be the opening lead),
    declarer may prohibit the lead of one suit the offender did not specify in the legal auction."""
    lr = state.auction_lead
    if lr is None or state.pending is not None or state.irregular_lead is not None \
            or state.phase not in ("clarification", "play") or state.trick or state.claim is not None:
        return state
    partner, offender, suits = lr
    if state.to_act is not partner:
        return state
    d = Decision(DECISION_KIND, state.declarer, (Option("forbid", L26B, suits=suits), Option("none", L26B)), L26B,
                 offender=offender, suits=suits, subject=partner)
    return state.evolve(pending=d)


_CHOOSE = HANDLERS[Choose]


@register(Choose)
def on_choose(table: Engine, state: PlayState, ev: Choose) -> PlayState:
    d = state.pending
    if d is None or d.kind != DECISION_KIND:
        return _CHOOSE(table, state, ev)
    if ev.seat is not state.declarer:
        raise DecisionError(f"{ev}: only declarer chooses (26B)", law=L26B, seat=ev.seat, event=ev,
                            key="error.only_declarer_chooses", declarer=state.declarer)
    leader = d.subject
    assert leader is not None
    if ev.option == "none":
        return state.evolve(pending=None, auction_lead=None,
                            notes=(note("auction.note.26B_none", L26B, seat=leader),))
    if ev.option != "forbid":
        raise DecisionError(f"{ev}: under Law 26B declarer may only prohibit the lead of one suit, or impose "
                            "nothing (option = \"forbid\" with suit, or \"none\"); the WBF removed the option to "
                            "require a suit on 20 June 2017", law=L26B, seat=ev.seat, event=ev,
                            key="auction.error.26B_options", option=ev.option)
    suits = tuple(ev.suits) or ((ev.suit,) if ev.suit is not None else ())
    if len(suits) != 1:
        raise DecisionError(f"{ev}: declarer prohibits one suit (26B)", law=L26B, seat=ev.seat, event=ev,
                            key="auction.error.26B_one_suit")
    if suits[0] not in d.suits:
        raise DecisionError(f"{ev}: {d.offender.name.title() if d.offender else ''} specified "
                            f"{suits[0].name.lower()} in the legal auction; declarer may prohibit only "
                            f"{', '.join(s.name.lower() for s in d.suits)} (26B)", law=L26B, seat=ev.seat, event=ev,
                            key="auction.error.26B_specified", suit=suits[0], suits=d.suits, offender=d.offender)
    r = Restriction(leader, "forbid", suits, "loses_lead", L26B, state.trick_no)
    return state.evolve(pending=None, auction_lead=None, restrictions=state.restrictions + (r,),
                        notes=(note("auction.note.26B_forbid", L26B, seat=leader, suit=suits[0]),))


# ---- what the Director says, and the expectations' answers ----------------------------------------------------

def statements(state: PlayState) -> list[Statement]:
    """The auction's statements: during the auction (its irregularities, obligations to pass, exposed cards,
    Law 16C), and after it the 26B restriction waiting or offered."""
    if state.auction is None:
        return []
    if state.phase == "auction":
        return A.statements(state.auction, notes=False)
    if passed_out(state):
        return [Statement(Message("auction.dir.passed_out", {}), L22B, "decision")]
    d = state.pending
    if d is not None and d.kind == DECISION_KIND:
        return [Statement(Message("auction.dir.26B_options", {"seat": d.subject, "offender": d.offender,
                                                              "suits": d.suits}), L26B, "decision")]
    lr = state.auction_lead
    if lr is not None and state.phase != "over":
        return [Statement(Message("auction.dir.26B_pending", {"seat": lr[0], "offender": lr[1], "suits": lr[2]}),
                          L26B, "option")]
    return []


def constraints(state: PlayState) -> list[Constraint]:
    """The auction's constraints in force now, for the timeline: each obligation to pass (24B, 24C, 27B2, 30A ...)
    and the 26B restriction waiting for, or offered at, the offender's partner's first turn to lead."""
    out: list[Constraint] = []
    a = state.auction
    if a is not None and state.phase == "auction":
        for o in a.obligations:
            out.append(Constraint(("must_pass", o.seat, o.until), o.seat,
                                  Message(f"auction.dir.must_pass_{o.until}", {"seat": o.seat}), o.law))
    for st in statements(state) if state.phase != "auction" else []:
        lr = state.auction_lead
        if lr is not None:
            out.append(Constraint(("lead_restriction_26B", lr[0]), lr[0], st.message, L26B))
    return out


def end_reason(c: Constraint, after: PlayState) -> Message:
    """Why an auction constraint ended: the player passed at his turn, the auction ended, or declarer chose (26B)."""
    if c.key[0] == "must_pass":
        if after.phase != "auction":
            return Message("auction.why.auction_ended", {})
        return Message("auction.why.passed", {"seat": c.seat})
    return Message("why.decided", {"seat": after.declarer})


def must_pass(state: PlayState) -> dict[str, str]:
    return A.must_pass(state.auction) if state.auction is not None and state.phase == "auction" else {}


def forbid_suits(state: PlayState) -> list[str]:
    d = state.pending
    return [s.value for s in d.suits] if d is not None and d.kind == DECISION_KIND else []


def lead_restriction_pending(state: PlayState) -> dict[str, str] | bool:
    lr = state.auction_lead
    return {"seat": lr[0].value} if lr is not None else False


def contract_of(state: PlayState) -> Any:
    """The contract the ended auction gives (a :class:`~bridgelaws.deal.Contract`), or None."""
    from bridgelaws.deal import Contract

    res = A.result(state.auction) if state.auction is not None else None
    if res is None:
        return None
    level, denomination, doubled, declarer = res
    return Contract.parse(f"{level}{denomination}{'X' * doubled}", declarer)


def auction_result(state: PlayState) -> tuple[str, str] | None:
    """``("4HX", "N")`` once the auction has ended, else None."""
    if state.auction is None:
        return None
    res = A.result(state.auction)
    if res is None:
        return None
    level, denomination, doubled, declarer = res
    return f"{level}{denomination}{'X' * doubled}", declarer.value


def withdrawn_information(state: PlayState) -> dict[str, str] | None:
    """Law 16C for the most recent call withdrawn in the auction (None when none was, or 16C does not apply)."""
    if state.auction is None or not state.auction.withdrawn:
        return None
    return A.withdrawn_sides(state.auction.withdrawn[-1])

