"""The auction as a fold of events, with the laws of the auction period that reach the play.

``start(dealer)`` gives the empty auction; ``call``, ``accept``, ``reject`` and ``expose`` give the auction after
one more event (pure functions; an impossible event raises :class:`AuctionError` and changes nothing).

What the engine knows (WBF Laws 2017 with the WBF's corrections):

- 17D: the auction ends after three passes in rotation follow a call (four passes: passed out);
- 18, 19: sufficient bids; doubles and redoubles that are admissible;
- 24: cards exposed or led during the auction: left face up; the offender's partner must pass at his next turn
  after an honour, a card led, or two or more cards (24B, 24C); what they become is decided at the end (24D, 24E);
- 25A: an unintended call replaced by the intended one until partner calls (the Director's finding
  ``unintended``), the left-hand opponent's call over it withdrawable (25A6);
- 25B: a change of call at the left-hand opponent's turn, accepted (25B1) or cancelled (25B2);
- 27: an insufficient bid accepted (27A1) or replaced (27B1(a), 27B1(b), 27B2, 27B3), 27C a premature replacement;
- 28A: a call at RHO's turn when RHO must pass; 28B: the correct player calls over a call out of rotation;
- 29A, 29B with 30, 31, 32: calls out of rotation, accepted or cancelled, and the offender's later call;
- 36: inadmissible doubles and redoubles; 37: a call that breaks an obligation to pass;
- 26B: which withdrawn calls leave a lead restriction (those not replaced by a comparable call, 23A, 26A).

Where the Director's judgement decides (is a call comparable, does it specify the same denominations), the event
carries the ``finding``; without one, the paragraph that needs no finding applies (27B2 rather than 27B1, the
not-comparable branch of 30B, 31 and 32), and the statements say which finding would change it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from bridgelaws.auction.calls import DENOMINATIONS, DOUBLE, PASS, REDOUBLE, Call
from bridgelaws.cards import Card, Seat, Suit
from bridgelaws.errors import IllegalPlayError
from bridgelaws.i18n import Message
from bridgelaws.laws import LawRef, law
from bridgelaws.state import Statement

__all__ = ["AuctionError", "AuctionState", "Obligation", "Irregular", "Awaiting", "Withdrawn", "FINDINGS",
           "start", "call", "accept", "reject", "expose", "result", "passed_out", "specified_suits", "lead_restriction",
           "must_pass", "statements", "withdrawn_sides", "may_substitute"]

#: the Director's findings of fact on a replacement call or a later call of the offender
FINDINGS: tuple[str, ...] = ("same_denominations", "comparable", "not_comparable", "unintended")


class AuctionError(IllegalPlayError):
    """An auction event that cannot happen (a call after the auction has ended, ``reject_call`` after a legal
    call, a finding where none is asked ...)."""


@dataclass(frozen=True, slots=True)
class Obligation:
    """``seat`` must pass: at his next turn (``next_turn``) or for the rest of the auction (``rest_of_auction``)."""

    seat: Seat
    until: str
    law: LawRef


@dataclass(frozen=True, slots=True)
class Irregular:
    """An irregular call waiting for its left-hand opponent: accepted, called over, or cancelled.
    ``kind``: ``insufficient`` (27), ``out_of_rotation`` (29 to 32), ``inadmissible`` (36), ``breaks_pass`` (37),
    ``change`` (25B). ``turn``: whose turn it was; ``relation``: ``rho``, ``partner`` or ``lho`` of the offender."""

    seat: Seat
    call: Call
    kind: str
    turn: Seat
    law: LawRef
    relation: str = ""
    finding: str | None = None


@dataclass(frozen=True, slots=True)
class Awaiting:
    """A cancelled call whose rectification waits for the offender's replacement or later call. ``rule`` is
    27B, 27B3, 30B, 31A, 31B, 32A, 32B or 36B; ``rho_passed`` (31A, 32A) is None until RHO has called."""

    offender: Seat
    withdrawn: Call
    rule: str
    law: LawRef
    rho_passed: bool | None = None


@dataclass(frozen=True, slots=True)
class Withdrawn:
    """A withdrawn or cancelled call: whether it leaves a 26B lead restriction, and whether Law 16C governs the
    information from it (it does not after 27B1 or a comparable call, 23B). ``offender``: whether ``seat`` belongs
    to the offending side (False for the non-offending side's call cancelled with it under 36A, or withdrawn
    under 25A6)."""

    seat: Seat
    call: Call
    law: LawRef
    lead_restriction: bool = False
    info_16c: bool = True
    offender: bool = True


@dataclass(frozen=True, slots=True)
class AuctionState:
    dealer: Seat
    turn: Seat
    calls: tuple[tuple[Seat, Call], ...] = ()
    obligations: tuple[Obligation, ...] = ()
    irregular: Irregular | None = None
    awaiting: Awaiting | None = None
    withdrawn: tuple[Withdrawn, ...] = ()
    exposed: tuple[tuple[Seat, Card, bool], ...] = ()
    ended: bool = False
    notes: tuple[Statement, ...] = ()
    #: every irregular call in order, for the bidding diagram: (seat, call, law, what became of it)
    log: tuple[tuple[Seat, Call, LawRef, str], ...] = ()
    #: every call as it was made, for the bidding diagram: (seat, call, status, law); status is ``legal``,
    #: ``pending`` (an irregular call waiting), ``accepted``, ``cancelled``, ``withdrawn``, ``imposed`` (a pass the
    #: Laws put in its place: 28A, 37B2) or ``obliged`` (a pass the player made under an obligation to pass, with the
    #: obligation's law: 24B, 27B2, 30, 31, 32, ...)
    made: tuple[tuple[Seat, Call, str, LawRef | None], ...] = ()
    #: the last few call events, each with the auction before it: (seat, call, state before), for 25A
    before: tuple[tuple[Seat, Call, AuctionState], ...] = field(default=(), repr=False, compare=False)
    #: 25A6: the left-hand opponent's call made over a call that was then found unintended; he may withdraw it
    lho_may_withdraw: tuple[Seat, Call] | None = None

    def evolve(self, **changes: Any) -> AuctionState:
        return replace(self, **changes)


def _note(key: str, ref: LawRef | None, **params: Any) -> Statement:
    return Statement(Message(key, params), ref, kind="note")


def _err(message: str, key: str, ref: LawRef | None = None, **params: Any) -> AuctionError:
    return AuctionError(message, key=key, law=ref, **params)


def start(dealer: Seat) -> AuctionState:
    """The auction before the first call: the dealer calls first (17B)."""
    return AuctionState(dealer=dealer, turn=dealer)


# ---- the legal auction ------------------------------------------------------------------------------------

def _last_bid(st: AuctionState) -> tuple[Seat, Call] | None:
    for seat, c in reversed(st.calls):
        if c.is_bid:
            return seat, c
    return None


def _problem(st: AuctionState, seat: Seat, c: Call) -> str | None:
    """``insufficient`` (18D), ``inadmissible`` (19A, 19B) or None for a call legal at ``seat``'s turn."""
    last = _last_bid(st)
    if c.is_bid:
        return "insufficient" if last is not None and c.rank <= last[1].rank else None
    if c.kind == "pass":
        return None
    action = next(((s, x) for s, x in reversed(st.calls) if x.kind != "pass"), None)
    opponent = action is not None and action[0] in (seat.lho, seat.rho)
    if c.kind == "double":
        return None if opponent and action[1].is_bid else "inadmissible"   # type: ignore[index]
    return None if opponent and action[1].kind == "double" else "inadmissible"   # type: ignore[index]


def _obliged(st: AuctionState, seat: Seat) -> Obligation | None:
    return next((o for o in st.obligations if o.seat is seat), None)


def _oblige(st: AuctionState, seat: Seat, until: str, ref: LawRef) -> AuctionState:
    old = _obliged(st, seat)
    if old is not None and old.until == "rest_of_auction":
        return st
    kept = tuple(o for o in st.obligations if o.seat is not seat)
    return st.evolve(obligations=kept + (Obligation(seat, until, ref),))


def _mark(st: AuctionState, seat: Seat, c: Call, status: str, ref: LawRef | None = None) -> AuctionState:
    """Record a call for the bidding diagram, or give the last pending call of ``seat`` its fate."""
    if status in ("accepted", "cancelled", "withdrawn"):
        for i in range(len(st.made) - 1, -1, -1):
            s, x, old, _ = st.made[i]
            if s is seat and x == c and old in (("pending",) if status != "withdrawn" else ("legal", "accepted",
                                                                                         "obliged")):
                return st.evolve(made=st.made[:i] + ((s, x, status, ref),) + st.made[i + 1:])
    return st.evolve(made=st.made + ((seat, c, status, ref),))


def _append(st: AuctionState, seat: Seat, c: Call, status: str | None = "legal",
            ref: LawRef | None = None) -> AuctionState:
    """A call that stands in the legal auction; the turn passes to the left; the auction may end (17D). A pass by
    a player who must pass is marked with the law that obliges him (the bidding diagram)."""
    obliged = _obliged(st, seat)
    if status == "legal" and c.kind == "pass" and obliged is not None:
        status, ref = "obliged", obliged.law
    if status is not None:
        st = _mark(st, seat, c, status, ref)
    obligations = tuple(o for o in st.obligations if not (o.seat is seat and o.until == "next_turn"))
    calls = st.calls + ((seat, c),)
    ended = len(calls) >= 4 and all(x.kind == "pass" for _, x in calls[-3:]) and (
        any(x.is_bid for _, x in calls) or len(calls) >= 4 and all(x.kind == "pass" for _, x in calls))
    return st.evolve(calls=calls, turn=seat.lho, obligations=() if ended else obligations, ended=ended)


def _withdraw(st: AuctionState, seat: Seat, c: Call, ref: LawRef, lead: bool = False,
              info: bool = True, offender: bool = True) -> AuctionState:
    return st.evolve(withdrawn=st.withdrawn + (Withdrawn(seat, c, ref, lead, info, offender),))


def _settle_withdrawn(st: AuctionState, ref: LawRef, lead: bool, info: bool) -> AuctionState:
    """The last withdrawn call's rectification, now that the offender's later call is known."""
    w = st.withdrawn[-1]
    return st.evolve(withdrawn=st.withdrawn[:-1] + (replace(w, law=ref, lead_restriction=lead, info_16c=info),))


def _log(st: AuctionState, irr: Irregular, outcome: str, ref: LawRef) -> AuctionState:
    return st.evolve(log=st.log + ((irr.seat, irr.call, ref, outcome),))


# ---- events -----------------------------------------------------------------------------------------------

def call(st: AuctionState, seat: Seat, c: Call, finding: str | None = None) -> AuctionState:
    """``seat`` makes the call ``c``; ``finding`` is the Director's finding on a replacement or later call, or
    ``unintended`` (25A): ``c`` is the call ``seat`` intended in place of his last call."""
    if st.ended and finding != "unintended":   # 25A5: an unintended call may still be replaced (see _substitute)
        raise _err(f"{seat.name.title()} {c}: the auction has ended (17D)", "auction.error.ended", law("17D"),
                   seat=seat, call=c)
    if finding is not None and finding not in FINDINGS:
        raise _err(f"unknown finding {finding!r}: use {', '.join(FINDINGS)}", "auction.error.unknown_finding",
                   finding=finding)
    if finding == "unintended":
        return _substitute(st, seat, c)
    new = _call(st, seat, c, finding)
    return _remember(new, st, seat, c)


def _remember(new: AuctionState, old: AuctionState, seat: Seat, c: Call) -> AuctionState:
    """Keep the auction before this call event (25A may take the auction back to it); the last six suffice."""
    return new.evolve(before=(old.before + ((seat, c, old),))[-6:])


def _call(st: AuctionState, seat: Seat, c: Call, finding: str | None) -> AuctionState:
    st = st.evolve(notes=())
    lw = st.lho_may_withdraw
    if lw is not None and seat is lw[0]:   # 25A6: he repeats his call, or withdraws it and calls again
        st = st.evolve(lho_may_withdraw=None)
        if c != lw[1]:
            st = _withdraw(st, seat, lw[1], law("25A6"), offender=False)
            st = st.evolve(made=st.made + ((seat, lw[1], "withdrawn", law("25A6")),))
    elif lw is not None:
        st = st.evolve(lho_may_withdraw=None)
    if st.irregular is not None:
        return _after_irregular(st, seat, c, finding)
    aw = st.awaiting
    if aw is not None and seat is aw.offender and seat is st.turn:
        return _ruled_call(st, seat, c, finding)
    if finding is not None and not (aw is None and _is_change(st, seat)):
        raise _err(f"{seat.name.title()} {c}: no finding is asked here: a finding belongs to the offender's "
                   "replacement call or his later call after a cancelled call", "auction.error.finding_not_asked",
                   seat=seat, call=c, finding=finding)
    rho_call = aw is not None and aw.rule in ("31A", "32A") and aw.rho_passed is None and seat is st.turn \
        and seat is aw.offender.rho
    st = _plain_call(st, seat, c, finding)
    if rho_call and st.irregular is None and st.awaiting is not None:
        st = st.evolve(awaiting=replace(st.awaiting, rho_passed=c.kind == "pass"))
    return st


def _is_change(st: AuctionState, seat: Seat) -> bool:
    return seat is st.turn.rho and bool(st.calls) and st.calls[-1][0] is seat


def _plain_call(st: AuctionState, seat: Seat, c: Call, finding: str | None = None) -> AuctionState:
    turn = st.turn
    if seat is not turn and seat is turn.lho and _obliged(st, turn) is not None:
        # 28A: a call at RHO's turn when RHO is required to pass is in rotation; RHO's pass is his
        st = _append(st, turn, PASS, "imposed", law("28A")).evolve(
            notes=(_note("auction.note.28A", law("28A"), seat=seat, rho=turn),))
        if st.ended:
            raise _err(f"{seat.name.title()} {c}: the auction has ended (17D)", "auction.error.ended", law("17D"),
                       seat=seat, call=c)
        turn = st.turn
    if seat is not turn:
        return _out_of_rotation(st, seat, c, finding)
    problem = _problem(st, seat, c)
    if _obliged(st, seat) is not None and c.kind != "pass":
        irr = Irregular(seat, c, "breaks_pass", turn, law("37"))
    elif problem == "insufficient":
        irr = Irregular(seat, c, "insufficient", turn, law("27"))
    elif problem == "inadmissible":
        irr = Irregular(seat, c, "inadmissible", turn, law("36"))
    else:
        return _append(st, seat, c)
    return _mark(st, seat, c, "pending").evolve(irregular=irr)


def _out_of_rotation(st: AuctionState, seat: Seat, c: Call, finding: str | None) -> AuctionState:
    turn = st.turn
    st = _mark(st, seat, c, "pending")
    if not c.is_bid and c.kind != "pass" and _problem(st, seat, c) == "inadmissible":
        return st.evolve(irregular=Irregular(seat, c, "inadmissible", turn, law("36")))   # 36B4 if not accepted
    if turn is seat.rho:
        relation = "rho"
    elif turn is seat.partner:
        relation = "partner"
    else:
        relation = "lho"
        if _is_change(st, seat):   # 30B2, 31C, 32C: a later call at LHO's turn is a change of call
            return st.evolve(irregular=Irregular(seat, c, "change", turn, law("25B"), "lho", finding))
    ref = law("30") if c.kind == "pass" else law("31") if c.is_bid else law("32")
    return st.evolve(irregular=Irregular(seat, c, "out_of_rotation", turn, ref, relation))


def _after_irregular(st: AuctionState, seat: Seat, c: Call, finding: str | None) -> AuctionState:
    """A call while an irregular call waits: its left-hand opponent's call accepts it or leaves it standing
    (27A1, 29A, 25B1, 37A) or cancels it with what followed (36A); the offender's own call replaces an
    insufficient bid (27C); the correct player's call cancels a call out of rotation (28B)."""
    irr = st.irregular
    assert irr is not None
    off = irr.seat
    if seat is off.lho and finding is None:
        if irr.kind == "inadmissible":   # 36A: the inadmissible call and all later calls are cancelled
            # 16C: both are cancelled calls; the offending side is the offender's, whose call ever it was (16C1,
            # 16C2: "from its own withdrawn action and from withdrawn actions of the non-offending side")
            st = _withdraw(st, off, irr.call, law("36A"))
            st = _withdraw(st, seat, c, law("36A"), offender=False)
            st = _log(st, irr, "cancelled", law("36A"))
            st = _mark(_mark(st, off, irr.call, "cancelled", law("36A")), seat, c, "cancelled", law("36A"))
            return st.evolve(irregular=None, turn=irr.turn,
                             notes=(_note("auction.note.36A", law("36A"), seat=off, call=irr.call, lho=seat,
                                          lho_call=c),))
        return _plain_call(_accepted(st, by_call=True), seat, c)
    if seat is off and irr.kind == "insufficient":   # 27C: replaced before the Director ruled
        st = reject(st, off.lho, premature=True)
        return _ruled_call(st, off, c, finding)
    if seat is off and irr.kind == "inadmissible":   # 36B1: nobody may accept it; his next call is the substitute
        ruled = reject(st, off.lho)
        if ruled.turn is off:   # (36B4: a double out of rotation goes back to the player whose turn it was)
            return _ruled_call(ruled, off, c, finding)
    if seat is irr.turn and irr.kind == "out_of_rotation" and seat not in (off, off.partner) and finding is None:
        st = _withdraw(st, off, irr.call, law("28B"))   # 28B: 16C2 applies to the offending side
        st = _mark(st, off, irr.call, "cancelled", law("28B"))
        st = _log(st, irr, "cancelled", law("28B")).evolve(irregular=None)
        st = st.evolve(notes=(_note("auction.note.28B", law("28B"), seat=seat, offender=off, call=irr.call),))
        return _plain_call(st, seat, c)
    if finding is not None and seat is off.lho:
        raise _err(f"{seat.name.title()} {c}: no finding is asked of {seat.name.title()}'s call",
                   "auction.error.finding_not_asked", seat=seat, call=c, finding=finding)
    # an inadmissible double or redouble, and a call that broke an obligation to pass, cannot be accepted (36, 37)
    choices = {"inadmissible": ("a call by {lho} (36A) or reject_call (36B)", "auction.error.inadmissible_waits"),
               "breaks_pass": ("a call by {lho} (37A) or reject_call (37B)", "auction.error.breaks_pass_waits")}
    what, key = choices.get(irr.kind, ("accept_call, a call by {lho}, or reject_call", "auction.error.irregular_waits"))
    raise _err(f"{seat.name.title()} {c}: {off.name.title()}'s {irr.call} ({irr.law.cite('en')}) waits for "
               f"{off.lho.name.title()}: " + what.format(lho=off.lho.name.title()),
               key, irr.law, seat=seat, call=c, offender=off, irregular=irr.call, lho=off.lho)


def _accepted(st: AuctionState, by_call: bool = False) -> AuctionState:
    irr = st.irregular
    assert irr is not None
    off = irr.seat
    if irr.kind == "breaks_pass":   # 37A: the call and all later calls stand; a pass for the rest stays
        ref = law("37A")
        st = st.evolve(irregular=None, turn=off)
        st = _append(st, off, irr.call, "accepted", ref)
    elif irr.kind == "change":   # 25B1: the first call is withdrawn, the second stands
        ref = law("25B1")
        first = st.calls[-1][1]
        st = st.evolve(irregular=None, calls=st.calls[:-1], turn=off)
        st = _withdraw(st, off, first, ref, lead=irr.finding != "comparable")
        st = _mark(st, off, first, "withdrawn", ref)
        st = _append(st, off, irr.call, "accepted", ref)
    else:   # 27A1, 29A: treated as legal; the auction continues from the offender
        ref = law("27A1") if irr.kind == "insufficient" else law("29A")
        st = st.evolve(irregular=None, turn=off)
        st = _append(st, off, irr.call, "accepted", ref)
    st = _log(st, irr, "accepted", ref)
    return st.evolve(notes=st.notes + (_note("auction.note.accepted_by_call" if by_call else "auction.note.accepted",
                                             ref, seat=off.lho, offender=off, call=irr.call),))


def accept(st: AuctionState, seat: Seat) -> AuctionState:
    """``accept_call``: the offender's left-hand opponent accepts the irregular call without calling yet."""
    irr = st.irregular
    if irr is None:
        raise _err(f"{seat.name.title()} accept_call: there is no irregular call to accept",
                   "auction.error.nothing_to_accept", seat=seat)
    if irr.kind in ("inadmissible", "breaks_pass"):
        ref = law("36") if irr.kind == "inadmissible" else law("37")
        raise _err(f"{seat.name.title()} accept_call: {irr.seat.name.title()}'s {irr.call} cannot be accepted "
                   f"({ref.cite('en')}); a call by {irr.seat.lho.name.title()} "
                   f"{'cancels it' if irr.kind == 'inadmissible' else 'leaves it standing'}",
                   "auction.error.cannot_accept", ref, seat=seat, offender=irr.seat, call=irr.call)
    if seat is not irr.seat.lho:
        raise _err(f"{seat.name.title()} accept_call: only {irr.seat.lho.name.title()}, the offender's left-hand "
                   f"opponent, may accept ({irr.law.cite('en')})", "auction.error.only_lho_accepts", irr.law,
                   seat=seat, lho=irr.seat.lho)
    return _accepted(st.evolve(notes=()))


def reject(st: AuctionState, seat: Seat, premature: bool = False) -> AuctionState:
    """``reject_call``: the irregular call is not accepted and is cancelled; the Director applies its law."""
    irr = st.irregular
    if irr is None:
        raise _err(f"{seat.name.title()} reject_call: the last call was legal; there is no irregular call to "
                   "cancel", "auction.error.nothing_to_reject", seat=seat)
    off = irr.seat
    if seat in (off, off.partner) and not premature:
        raise _err(f"{seat.name.title()} reject_call: only the non-offending side decides whether "
                   f"{off.name.title()}'s {irr.call} is accepted", "auction.error.offender_rejects", irr.law,
                   seat=seat, offender=off)
    st = st.evolve(irregular=None, notes=())
    ref = {"insufficient": law("27C") if premature else law("27B"), "out_of_rotation": law("29B"),
           "inadmissible": law("36B1"), "breaks_pass": law("37B1"), "change": law("25B2")}[irr.kind]
    return _CANCEL[irr.kind](_mark(st, off, irr.call, "cancelled", ref), irr, premature)


def _cancel_insufficient(st: AuctionState, irr: Irregular, premature: bool) -> AuctionState:
    ref = law("27C") if premature else law("27B")
    st = _withdraw(_log(st, irr, "cancelled", ref), irr.seat, irr.call, ref)
    return st.evolve(turn=irr.seat, awaiting=Awaiting(irr.seat, irr.call, "27B", law("27B")),
                     notes=(_note("auction.note.27B", ref, seat=irr.seat, call=irr.call),))


def _cancel_out_of_rotation(st: AuctionState, irr: Irregular, premature: bool) -> AuctionState:
    off, c = irr.seat, irr.call
    st = _withdraw(_log(st, irr, "cancelled", law("29B")), off, c, law("29B"))
    st = st.evolve(turn=irr.turn, notes=(_note("auction.note.29B", law("29B"), seat=off, call=c,
                                                turn=irr.turn),))
    if c.kind == "pass" and irr.relation == "rho":   # 30A: the offender must pass at his next turn
        st = _settle_withdrawn(st, law("30A"), lead=False, info=True)
        return _oblige(st, off, "next_turn", law("30A"))
    group = "30" if c.kind == "pass" else "31" if c.is_bid else "32"
    rule = group + ("A" if irr.relation == "rho" else "B")
    return st.evolve(awaiting=Awaiting(off, c, rule, law(rule)))


def _cancel_inadmissible(st: AuctionState, irr: Irregular, premature: bool) -> AuctionState:
    off = irr.seat
    ref = law("36B4") if irr.turn is not off else law("36B1")
    st = _withdraw(_log(st, irr, "cancelled", ref), off, irr.call, ref, lead=True)
    st = _oblige(st, off.partner, "rest_of_auction", law("36B2"))
    return st.evolve(turn=irr.turn, awaiting=Awaiting(off, irr.call, "36B", law("36B")),
                     notes=(_note("auction.note.36B", ref, seat=off, call=irr.call),))


def _cancel_breaks_pass(st: AuctionState, irr: Irregular, premature: bool) -> AuctionState:
    off = irr.seat
    st = _withdraw(_log(st, irr, "cancelled", law("37B1")), off, irr.call, law("37B1"), lead=True)
    st = st.evolve(obligations=tuple(o for o in st.obligations if o.seat not in (off, off.partner)))
    st = _append(st, off, PASS, "imposed", law("37B2"))
    if not st.ended:
        st = _oblige(_oblige(st, off, "rest_of_auction", law("37B2")), off.partner, "rest_of_auction", law("37B2"))
    return st.evolve(notes=(_note("auction.note.37B", law("37B2"), seat=off, call=irr.call),) + st.notes)


def _cancel_change(st: AuctionState, irr: Irregular, premature: bool) -> AuctionState:
    off = irr.seat
    # 25B2: "the original call stands and the auction continues (Law 26 may apply)": the cancelled substitute is a
    # withdrawn call; 26B unless the Director finds the two calls comparable (the finding on the substitute)
    st = _withdraw(_log(st, irr, "cancelled", law("25B2")), off, irr.call, law("25B2"),
                   lead=irr.finding != "comparable")
    return st.evolve(turn=off.lho, notes=(_note("auction.note.25B2", law("25B2"), seat=off, call=irr.call,
                                                 original=st.calls[-1][1]),))


_CANCEL = {"insufficient": _cancel_insufficient, "out_of_rotation": _cancel_out_of_rotation,
           "inadmissible": _cancel_inadmissible, "breaks_pass": _cancel_breaks_pass, "change": _cancel_change}


# ---- the offender's replacement or later call ---------------------------------------------------------------

def _ruled_call(st: AuctionState, off: Seat, c: Call, finding: str | None) -> AuctionState:
    aw = st.awaiting
    assert aw is not None
    if aw.rule in ("27B", "27B3"):
        return _replace_insufficient(st, aw, off, c, finding)
    if finding == "same_denominations":
        raise _err(f"{off.name.title()} {c}: finding = same_denominations belongs to the replacement of an "
                   "insufficient bid (27B1(a)); here the finding is comparable or not_comparable (23A)",
                   "auction.error.finding_not_asked", seat=off, call=c, finding=finding)
    st = st.evolve(awaiting=None)
    if aw.rule in ("31A", "32A") and aw.rho_passed:   # 31A1, 32A1: he must repeat the call
        if finding is not None:
            raise _err(f"{off.name.title()} {c}: no finding is asked: after RHO's pass {off.name.title()} must "
                       f"repeat {aw.withdrawn} ({aw.rule}1)", "auction.error.finding_not_asked", seat=off,
                       call=c, finding=finding)
        if c != aw.withdrawn and _problem(st, off, aw.withdrawn) is None:
            raise _err(f"{off.name.title()} {c}: after RHO's pass {off.name.title()} must repeat {aw.withdrawn} "
                       f"({aw.rule}1)", "auction.error.must_repeat", law(aw.rule + "1"), seat=off,
                       call=aw.withdrawn)
        st = _settle_withdrawn(st, law(aw.rule + "1"), lead=False, info=False)
        return _plain_call(st, off, c)
    if aw.rule == "36B":
        st = _settle_withdrawn(st, law("36B3"), lead=finding != "comparable", info=True)
        return _plain_call(st, off, c)
    comparable = finding == "comparable"
    ref = law({"30B": "30B1b", "31A": "31A2a", "31B": "31B2", "32A": "32A2a", "32B": "32B2"}[aw.rule]) \
        if comparable else law({"30B": "30B1b", "31A": "31A2b", "31B": "31B2", "32A": "32A2b", "32B": "32B2"}[aw.rule])
    st = _settle_withdrawn(st, ref, lead=not comparable, info=not comparable)
    st = _plain_call(st, off, c)
    note = "auction.note.comparable" if comparable else "auction.note.not_comparable"
    # the ruling paragraph (30B1b, 31A2a, 31B2, 32A2a, 32B2) and, for a comparable call, 23A that defines it
    extra = {"comparable_call": law("23A")} if comparable else {}
    st = st.evolve(notes=st.notes + (_note(note, ref, seat=off, call=c, withdrawn=aw.withdrawn,
                                           given=finding is not None, **extra),))
    if not comparable and not st.ended:
        st = _oblige(st, off.partner, "next_turn", ref)
    return st


def _replace_insufficient(st: AuctionState, aw: Awaiting, off: Seat, c: Call, finding: str | None) -> AuctionState:
    """Implements Law 27B: the replacement of an insufficient bid that was not accepted."""
    problem = _problem(st, off, c)
    if problem == "insufficient":
        raise _err(f"{off.name.title()} {c}: a second insufficient bid (27B4) is beyond this library; "
                   f"{off.name.title()} replaces {aw.withdrawn} with a legal call", "auction.error.27B4",
                   law("27B4"), seat=off, call=c)
    if finding == "same_denominations":
        lowest = _lowest_sufficient(st, c)
        if not c.is_bid or c != lowest:
            raise _err(f"{off.name.title()} {c}: finding = same_denominations needs the lowest sufficient bid "
                       f"(27B1(a)){'' if lowest is None else f'; that is {lowest}'}", "auction.error.not_lowest",
                       law("27B1a"), seat=off, call=c)
        st = _settle_withdrawn(st.evolve(awaiting=None), law("27B1a"), lead=False, info=False)
        return _append(st, off, c).evolve(notes=(_note("auction.note.27B1a", law("27B1a"), seat=off, call=c,
                                                       withdrawn=aw.withdrawn, see=law("27D")),))
    if problem == "inadmissible" or (c.kind in ("double", "redouble") and finding != "comparable"
                                     and aw.rule == "27B3"):
        if aw.rule == "27B3" or problem == "inadmissible":
            raise _err(f"{off.name.title()} {c}: {off.name.title()} must replace {aw.withdrawn} with a sufficient "
                       "bid or a pass (27B3)", "auction.error.27B3_replace", law("27B3"), seat=off, call=c)
    if finding == "comparable":
        st = _settle_withdrawn(st.evolve(awaiting=None), law("27B1b"), lead=False, info=False)
        return _append(st, off, c).evolve(notes=(_note("auction.note.27B1b", law("27B1b"), seat=off, call=c,
                                                       withdrawn=aw.withdrawn, see=law("27D")),))
    if c.kind in ("double", "redouble"):   # 27B3: the attempted double or redouble is cancelled
        st = _mark(st, off, c, "cancelled", law("27B3"))
        st = _withdraw(st, off, c, law("27B3"))
        st = _settle_withdrawn(st, law("27B3"), lead=True, info=True)
        st = _oblige(st, off.partner, "rest_of_auction", law("27B3"))
        return st.evolve(awaiting=replace(aw, rule="27B3", law=law("27B3")),
                         notes=(_note("auction.note.27B3", law("27B3"), seat=off, call=c),))
    if aw.rule == "27B3":
        st = _settle_withdrawn(st.evolve(awaiting=None), law("27B3"), lead=True, info=True)
        return _append(st, off, c)
    st = _settle_withdrawn(st.evolve(awaiting=None), law("27B2"), lead=True, info=True)
    st = _append(st, off, c)
    st = st.evolve(notes=(_note("auction.note.27B2", law("27B2"), seat=off, call=c,
                                withdrawn=aw.withdrawn, given=finding is not None),))
    return st if st.ended else _oblige(st, off.partner, "rest_of_auction", law("27B2"))


def _lowest_sufficient(st: AuctionState, c: Call) -> Call | None:
    if not c.is_bid:
        return None
    last = _last_bid(st)
    for level in range(1, 8):
        bid = Call("bid", level, c.denomination)
        if last is None or bid.rank > last[1].rank:
            return bid
    return None


# ---- 25A: an unintended call --------------------------------------------------------------------------------
#
# Law 25A (WBF 2017): an unintended call, and the call the player intended put in its place.
#
# 25A1: "If a player discovers that he has not made the call he intended to make, he may, until his partner makes a
# call, substitute the call he intended for the unintended call. The second (intended) call stands and is subject to
# the appropriate Law, but the lead restrictions in Law 26 do not apply." 25A2: whether the call was unintended (a
# mechanical error or a slip of the tongue, not a loss of concentration about the intent) is the Director's finding:
# the scenario's ``finding = "unintended"`` on the intended call; never computed. 25A4: no substitution once partner
# has called. 25A5: "If the auction ends before it reaches the player's partner no substitution may occur after the
# end of the auction period (see Law 17D)": until then it may, and the auction is taken back as before; the intended
# call (never a pass: the unintended one was one of the final passes) reopens it. 17D1: the auction period ends when
# "either defender faces an opening lead" (a lead out of turn too); 17D2: after a pass-out, when the hands have been
# returned to the board (22B: "all four players pass (but see Law 25)"). The table knows whether a lead was faced
# and refuses the substitution after it (rules.auction.guard); this engine has no cards. 25A6: "If a substitution is allowed the LHO may withdraw any call
# he made over the first call. Information from the withdrawn call is authorized to his side and unauthorized to the
# opponents."
#
# 16C for the unintended call itself (25B3 applies 16C to calls withdrawn or cancelled under 25B; 25A is silent): we
# treat its maker's side as the offending side, the reading 25A6 implies (the left-hand opponent's withdrawn call is
# unauthorized to the opponents, as 16C2 makes it for an offending side): its information is authorized for the
# opponents and unauthorized for the player's side.

def may_substitute(st: AuctionState, seat: Seat) -> bool:
    """Whether ``seat`` may now put an intended call in place of his last call, were the Director to find it
    unintended (25A1, 25A4; after the end of the auction too, 25A5: the table says whether the auction period
    has ended): the table offers the finding ``unintended`` only then."""
    try:
        _unintended(st, seat, PASS)
    except AuctionError:
        return False
    return True


def _unintended(st: AuctionState, seat: Seat, c: Call) -> tuple[Call, AuctionState, tuple[Any, ...]]:
    """The call ``seat`` would replace under 25A, the auction before it and the call events since; an error
    naming the paragraph where no substitution may be made."""
    name = seat.name.title()
    i = next((i for i in range(len(st.before) - 1, -1, -1) if st.before[i][0] is seat), None)
    if i is None:
        raise _err(f"{name} {c}: finding = unintended, but {name} has made no call that {c} could replace (25A1)",
                   "auction.error.25A_no_call", law("25A1"), seat=seat, call=c)
    _, first, prior = st.before[i]
    later = st.before[i + 1:]
    if any(s is seat.partner for s, _, _ in later):   # 25A4
        raise _err(f"{name} {c}: {name}'s partner has called since {first}: no substitution of an unintended "
                   "call (25A4)", "auction.error.25A_partner_called", law("25A4"), seat=seat, call=c,
                     partner=seat.partner, first=first)
    if any(s is not seat.lho for s, _, _ in later):
        raise _err(f"{name} {c}: {first} is no longer {name}'s last call: only his left-hand opponent may have "
                   "called since (25A1)", "auction.error.25A_not_last", law("25A1"), seat=seat, call=c, first=first)
    if st.exposed != prior.exposed:   # a card exposed since (24): not taken back with the calls
        raise _err(f"{name} {c}: a card was exposed after {first}; this library substitutes an unintended call "
                   "only when calls alone followed it (25A1)", "auction.error.25A_not_last", law("25A1"), seat=seat,
                   call=c, first=first)
    return first, prior, later


def _substitute(st: AuctionState, seat: Seat, c: Call) -> AuctionState:
    """Implements Law 25A: ``seat`` puts the intended call ``c`` in place of his last call, found unintended. The
    auction goes back to before that call; ``c`` is made there and is subject to the appropriate Law; no 26 lead
    restriction comes from the withdrawn call; the left-hand opponent's call over it may be withdrawn (25A6)."""
    first, prior, later = _unintended(st, seat, c)
    lho_call = next((x for s, x, _ in reversed(later) if s is seat.lho), None)
    base = prior.evolve(notes=(), made=prior.made + ((seat, first, "withdrawn", law("25A")),), before=prior.before)
    base = _withdraw(base, seat, first, law("25A"))   # 16C; 25A1: no 26 lead restriction
    new = _call(base, seat, c, None)   # the intended call, subject to the appropriate Law
    if lho_call is not None:
        new = new.evolve(lho_may_withdraw=(seat.lho, lho_call))
    notes = (_note("auction.note.25A", law("25A1"), seat=seat, call=c, first=first),)
    if st.ended:   # 25A5: the auction had ended before it reached his partner; the auction period had not
        notes += (_note("auction.note.25A5", law("25A5"), seat=seat, partner=seat.partner),)
    if lho_call is not None:
        notes += (_note("auction.note.25A6", law("25A6"), seat=seat.lho, call=lho_call),)
    new = new.evolve(notes=notes + new.notes)
    return _remember(new, prior, seat, c)


# ---- cards exposed during the auction (24) ------------------------------------------------------------------

def expose(st: AuctionState, seat: Seat, card: Card, led: bool = False) -> AuctionState:
    """Implements Law 24 during the auction: the card stays face up until the auction ends; the offender's
    partner must pass at his next turn after an honour or a card led (24B) or two or more cards (24C)."""
    if st.ended:
        raise _err(f"{seat.name.title()} expose {card}: the auction has ended; a card exposed before the opening "
                   "lead is faced is written period = \"clarification\"", "auction.error.ended_expose", law("24"),
                   seat=seat, card=card)
    if any(c == card for _, c, _ in st.exposed):
        raise _err(f"{seat.name.title()} expose {card}: {card} is already face up (24)",
                   "auction.error.already_exposed", law("24"), seat=seat, card=card)
    exposed = st.exposed + ((seat, card, led),)
    st = st.evolve(exposed=exposed, notes=())
    mine = [c for s, c, _ in exposed if s is seat]
    if len(mine) >= 2:
        ref = law("24C")
    elif led or card.is_honour:
        ref = law("24B")
    else:
        return st.evolve(notes=(_note("auction.note.24A", law("24A"), seat=seat, card=card),))
    st = _oblige(st, seat.partner, "next_turn", ref)
    # the event's note says why the paragraph applies; what it imposes (the card face up, the partner's pass) is
    # in the standing statements (auction.dir.exposed, auction.dir.must_pass_next_turn), not said twice
    key = "auction.note.24C" if len(mine) >= 2 else "auction.note.24B_led" if led else "auction.note.24B_honour"
    return st.evolve(notes=(_note(key, ref, seat=seat, card=card),))


# ---- the result -------------------------------------------------------------------------------------------

def result(st: AuctionState) -> tuple[int, str, int, Seat] | None:
    """The contract the legal auction gives, ``(level, denomination, doubled, declarer)``, or None while the
    auction runs or when it was passed out."""
    if not st.ended:
        return None
    last = _last_bid(st)
    if last is None:
        return None
    seat, bid = last
    doubled = 0
    for _, c in st.calls[[i for i, (_, x) in enumerate(st.calls) if x.is_bid][-1] + 1:]:
        doubled = 1 if c == DOUBLE else 2 if c == REDOUBLE else doubled
    side = (seat, seat.partner)
    declarer = next(s for s, c in st.calls if s in side and c.is_bid and c.denomination == bid.denomination)
    return bid.level, bid.denomination, doubled, declarer


def passed_out(st: AuctionState) -> bool:
    """Implements Law 22B: all four players passed; the hands go back to the board without play."""
    return st.ended and not any(c.is_bid for _, c in st.calls)


def specified_suits(st: AuctionState, seat: Seat) -> tuple[Suit, ...]:
    """The suits ``seat`` named in his bids of the legal auction (natural reading: a bid specifies its suit)."""
    out: list[Suit] = []
    for s, c in st.calls:
        if s is seat and c.suit is not None and c.suit not in out:
            out.append(c.suit)
    return tuple(out)


def lead_restriction(st: AuctionState, declarer: Seat) -> tuple[Seat, Seat, tuple[Suit, ...]] | None:
    """Implements Law 26B (WBF correction of 20 June 2017): after a withdrawn call not replaced by a comparable
    call, if the offender becomes a defender, declarer may prohibit his partner from leading one suit the
    offender did not specify in the legal auction, at the partner's first turn to lead. ``(partner, offender,
    suits that may be prohibited)``, or None."""
    for w in st.withdrawn:
        if w.lead_restriction and w.seat not in (declarer, declarer.partner):
            named = specified_suits(st, w.seat)
            suits = tuple(s for s in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS) if s not in named)
            return w.seat.partner, w.seat, suits
    return None


def must_pass(st: AuctionState) -> dict[str, str]:
    return {o.seat.value: o.until for o in sorted(st.obligations, key=lambda o: o.seat.index)}


def withdrawn_sides(w: Withdrawn) -> dict[str, str] | None:
    """Law 16C for a withdrawn call, from the one function that decides 16C's sides
    (:func:`bridgelaws.rules.information.withdrawn_information`): the calls the auction withdraws are the
    offender's; None where the Laws say 16C2 does not apply (27B1, 23B)."""
    info = _information(w)
    return None if info is None else info.sides()


def _information(w: Withdrawn) -> Any:
    from bridgelaws.rules.information import withdrawn_information

    return withdrawn_information(w.call, w.seat, offender=w.offender) if w.info_16c else None


def _exposed_information(seat: Seat, card: Card) -> Any:
    """Law 24 with 16C: a card exposed during the auction is its holder's irregularity."""
    from bridgelaws.rules.information import withdrawn_information

    return withdrawn_information(card, seat, offender=True)


def statements(st: AuctionState, notes: bool = True) -> list[Statement]:
    """What the Director says during the auction, each with its law (``notes``: with the last event's notes)."""
    out = list(st.notes) if notes else []
    irr = st.irregular
    if irr is not None:
        key = {"insufficient": "auction.dir.27A", "out_of_rotation": "auction.dir.29A",
               "inadmissible": "auction.dir.36", "breaks_pass": "auction.dir.37", "change": "auction.dir.25B"}[irr.kind]
        ref = {"insufficient": law("27A1"), "out_of_rotation": law("29A"), "inadmissible": law("36"),
               "breaks_pass": law("37"), "change": law("25B")}[irr.kind]
        out.append(Statement(Message(key, {"seat": irr.seat, "call": irr.call, "lho": irr.seat.lho}), ref,
                             "decision"))
    aw = st.awaiting
    if aw is not None:
        ref = aw.law   # once RHO has passed, the paragraph that applies: the offender repeats his call (31A1, 32A1)
        if aw.rule in ("31A", "32A") and aw.rho_passed:
            ref = law(aw.rule + "1")
        out.append(Statement(Message(f"auction.dir.await_{aw.rule}", {"seat": aw.offender, "call": aw.withdrawn,
                                                                       "rho": aw.offender.rho}), ref, "decision"))
    for o in sorted(st.obligations, key=lambda o: o.seat.index):
        out.append(Statement(Message(f"auction.dir.must_pass_{o.until}", {"seat": o.seat}), o.law, "obligation"))
    said = _withdrawn_16c(st)
    out.extend(_exposed_statements(st, said))
    for i, w in enumerate(st.withdrawn):
        if w.lead_restriction and not st.ended:
            out.append(Statement(Message("auction.dir.26B_may_apply", {"seat": w.seat, "partner": w.seat.partner}),
                                 law("26B"), "option"))
        if i in said:
            info = said[i]
            # 36A: "all subsequent calls are cancelled"; 25B2: "a substitution not permitted by A is cancelled"
            key = "auction.dir.16C_cancelled" if w.law in (law("36A"), law("25B2")) else "auction.dir.16C"
            out.append(Statement(Message(key, {"seat": w.seat, "call": w.call,
                                                              "authorized": info.authorized,
                                                              "unauthorized": info.unauthorized}),
                                 # 25A6 states it for the LHO's withdrawn call in its own words
                                 law("25A6") if w.law == law("25A6") else law("16C"), "information"))
    return out


def _withdrawn_16c(st: AuctionState) -> dict[int, Any]:
    """The withdrawn calls (by their place in ``st.withdrawn``) whose Law 16C information is stated now, each with
    its sides."""
    aw = st.awaiting
    out: dict[int, Any] = {}
    for i, w in enumerate(st.withdrawn):
        info = _information(w)
        undecided = aw is not None and w is st.withdrawn[-1] and w.call == aw.withdrawn   # 27B1 may yet apply
        if info is not None and not st.ended and not undecided:
            out[i] = info
    return out


def _exposed_statements(st: AuctionState, said: dict[int, Any]) -> list[Statement]:
    """Law 24 for the cards exposed during the auction: each stays face up until the auction ends, and the
    information from them is authorized for the non-offending side and unauthorized for the offending side (16C).
    Where a player exposed one card, that is said in one statement citing both paragraphs; and where the information
    from a call withdrawn (not cancelled) under 16C has the same sides, it is said there too and taken out of
    ``said`` (the calls whose 16C statement comes on its own)."""
    out: list[Statement] = []
    for seat in dict.fromkeys(s for s, _, _ in st.exposed):
        cards = [c for s, c, _ in st.exposed if s is seat]
        info = _exposed_information(seat, cards[0])
        sides = {"authorized": info.authorized, "unauthorized": info.unauthorized}
        if len(cards) > 1:
            out.extend(Statement(Message("auction.dir.exposed", {"seat": seat, "card": c}), law("24"), "exposure")
                       for c in cards)
            out.append(Statement(Message("auction.dir.24_16C", {"seat": seat, **sides}), law("16C"), "information"))
            continue
        same = next((k for k, i in said.items() if st.withdrawn[k].law not in (law("36A"), law("25B2"), law("25A6"))
                     and (i.authorized, i.unauthorized) == (info.authorized, info.unauthorized)), None)
        params = {"seat": seat, "card": cards[0], "law": law("24"), **sides}
        if same is None:
            out.append(Statement(Message("auction.dir.exposed_16C", params), law("16C"), "information"))
            continue
        del said[same]
        w = st.withdrawn[same]
        out.append(Statement(Message("auction.dir.exposed_16C_withdrawn",
                                     {**params, "wseat": w.seat, "call": w.call}), law("16C"), "information"))
    return out
