"""Claims and concessions (Laws 68 to 71), and the end of the board (64B4, 64B5, 69A).

- ``claim``: a player claims tricks of those that remain (68A), with a statement of line (68C) or without;
  ``concede``: a player concedes tricks (68B1). Either way play is suspended (68D): no card may be played after it, unless all four players agree to play on (68D2(b), which the library does not model).
- ``agree``: a member of the other side agrees (69A); the result stands as claimed or conceded. A concession
  stands at once (68B1), unless the conceding defender's partner objects at once (``object``, 68B2): then no
  concession has occurred and play continues.
- ``dispute``: the Director is called (68D2). What he decides (70, 71, 69B) is a fact, ``td_ruling``; the
  library never guesses it. Where the cards that remain allow an exact answer (no more than
  :data:`~bridgelaws.analysis.claims.MAX_COMPUTED_TRICKS` tricks, no decision pending that the search cannot
  make), the Director is told what any legal play gives each side, and that answer is marked as computed.
- 63A3 and 63A4: a claim or concession by the offending side, or its agreement to the opponents' claim or
  concession, establishes its revokes.
- ``next_board_call`` and ``end_of_round``: a side that has not objected before its call on the next board, or
  before the round ends, has acquiesced (69A); an established revoke first noticed after the non-offending
  side's call on the next board, or after the round, is not rectified (64B4, 64B5: :mod:`.revoke`).
"""

from __future__ import annotations

from bridgelaws.cards import Seat
from bridgelaws.analysis.claims import computed_min_tricks
from bridgelaws.errors import IllegalPlayError
from bridgelaws.events import (
    Agree, Claim, Concede, CorrectRevoke, Dispute, EndOfRound, Event, NextBoardCall, Object, Play, TdRuling, Withdraw,
)
from bridgelaws.i18n import Message
from bridgelaws.laws import LawRef, law
from bridgelaws.mechanics import HANDLERS, Engine, note, register
from bridgelaws.rules.penalty_cards import settle
from bridgelaws.rules.revoke import established_note, side_of
from bridgelaws.state import ClaimRecord, PlayState, Statement

__all__ = ["play_ceased", "statements", "FINDING_LAWS", "side_seats", "after_event"]

L16 = law("16")
L63A3 = law("63A3")
L63A4 = law("63A4")
L68B1 = law("68B1")
L68B2 = law("68B2")
L68C = law("68C")
L68D = law("68D")
L68D2 = law("68D2")
L69A = law("69A")
L69B = law("69B")
L70 = law("70")
L70A = law("70A")
L70C = law("70C")
L70D2 = law("70D2")
L71 = law("71")
L62A = law("62A")
L79C = law("79C")

#: the law behind each ground of a ruling (``td_ruling … finding``)
FINDING_LAWS: dict[str, LawRef] = {
    "claim_allowed": L70A, "doubtful_point_against_claimer": L70A, "outstanding_trump": L70C,
    "unstated_line": law("70E1"), "trick_already_won": L71, "could_not_be_lost": L71,
    "agreement_withdrawn": L69B,
}
#: the events that may follow a claim or concession; any other is refused (68D: play is suspended)
CLAIM_EVENTS = (Claim, Concede, Agree, Dispute, Object, TdRuling, NextBoardCall, EndOfRound)


def side_seats(side: str) -> tuple[Seat, Seat]:
    return (Seat.NORTH, Seat.SOUTH) if side == "NS" else (Seat.EAST, Seat.WEST)


def _other(side: str) -> str:
    return "EW" if side == "NS" else "NS"


def play_ceased(state: PlayState) -> bool:
    """68D: a claim or concession is in force, so no card may be played."""
    return state.claim is not None


def _err(ev: Event, state: PlayState, message: str, key: str, law_ref: LawRef | None,
         **params: object) -> IllegalPlayError:
    return IllegalPlayError(f"{ev}: {message}", law=law_ref, seat=ev.seat, event=ev, key=key,
                            trick_no=state.trick_no, **params)


def _guard(handler):  # type: ignore[no-untyped-def]
    def guarded(table: Engine, state: PlayState, ev: Event) -> PlayState:
        if state.claim is not None and not _allowed_after_claim(state, ev):
            raise _err(ev, state, "play is suspended after the claim or concession (68D); no card may be played "
                       "or exposed now", "claim.error.play_ceased", L68D)
        out = handler(table, state, ev)
        if state.claim is not None and isinstance(ev, CorrectRevoke):
            out = _corrected_after_claim(state, out, ev)
        return out

    guarded.__wrapped__ = handler  # type: ignore[attr-defined]
    return guarded


def _allowed_after_claim(state: PlayState, ev: Event) -> bool:
    """What play may still happen after a claim or concession: the correction of a revoke that it has not
    established (62A; 63A3 and 63A4 name only the offending side's own claim, concession or agreement; WBF Laws
    Committee, 12 January 2000, item 3), and the cards that correction calls for in the revoke trick: the
    offender's legal card (62B), and a card taken back and played again under 62C. The engine refuses the
    correction itself where the revoke is established (63B)."""
    if isinstance(ev, CorrectRevoke):
        return not state.board_closed
    if isinstance(ev, Withdraw):
        return state.revoke_correction is not None
    if isinstance(ev, Play):
        return ev.seat in _owed(state) and not ev.out_of_turn and not ev.proper_lead
    return False


def _corrected_after_claim(before: PlayState, after: PlayState, ev: Event) -> PlayState:
    """What follows a revoke corrected after a claim or concession that did not establish it: the WBF Laws
    Committee (12 January 2000, item 3): "The Director must allow correction of the revoke and then determine the
    claim as equitably as possible, adjudicating any margin of doubt against the revoker"."""
    rec = before.claim
    r = next(x for x in after.revokes if x.card == ev.card and x.corrected)   # type: ignore[attr-defined]
    if rec is None or r.established:
        return after            # 62D1: an established revoke on trick 12, stated by its own note
    return after.evolve(notes=after.notes + (note("claim.note.revoke_corrected", L70A, offender=r.seat, card=r.card,
                                                  maker=rec.seat, a3=L63A3, a4=L63A4, rule=L62A),))


def _owed(state: PlayState) -> frozenset[Seat]:
    """The players who had a card on the revoke trick when the correction re-opened it, and have none there now:
    the offender, and each player who took his card back under 62C."""
    rc = state.revoke_correction
    if rc is None or rc[0] != state.trick_no:
        return frozenset()
    offender = state.revokes[rc[1]].seat
    on = {s for s, _ in state.trick}
    return frozenset(s for s in (offender,) + tuple(rc[2]) if s not in on)


def after_event(table: Engine, before: PlayState, state: PlayState) -> PlayState:
    """Once a revoke corrected after a claim or concession has its trick repaired (62B, 62C), play has ceased
    again (68D): nobody is to act, and the engine's exact answer is computed again from the corrected position."""
    rec = state.claim
    if rec is None or before.claim is None or (before.revoke_correction is None and state.revoke_correction is None):
        return state
    if _owed(state):
        return state
    st = state.evolve(revoke_correction=None, revoke_later=()) if state.revoke_correction is not None else state
    side = side_of(rec.seat)
    # the search plays on from the corrected position as if the claim had not been made (as at the claim itself)
    rec = rec.evolve(computed=computed_min_tricks(table, settle(st.evolve(claim=None, phase="play")), side))
    return st.evolve(claim=rec, to_act=None, phase="over" if rec.settled else "play", designated=None)


def _guard_all() -> None:
    """68D for every event of play: wrap each handler registered so far (this module is loaded last)."""
    for event_type, handler in list(HANDLERS.items()):
        if event_type not in CLAIM_EVENTS and not hasattr(handler, "__wrapped__"):
            HANDLERS[event_type] = _guard(handler)


# ----------------------------------------------------------------------------------------------------------
# 63A3, 63A4: establishment by a claim, a concession, or agreement to one
# ----------------------------------------------------------------------------------------------------------

def _establish(state: PlayState, side: str, how: LawRef) -> tuple[PlayState, tuple[int, ...]]:
    revokes = list(state.revokes)
    notes = list(state.notes)
    done: list[int] = []
    for i, r in enumerate(revokes):
        if side_of(r.seat) == side and not r.established and not r.corrected:
            revokes[i] = r.evolve(established=True, established_by=how)
            notes.append(established_note(revokes[i]))
            done.append(i)
    if not done:
        return state, ()
    return state.evolve(revokes=tuple(revokes), notes=tuple(notes)), tuple(done)


def _unestablish(state: PlayState, indices: tuple[int, ...]) -> PlayState:
    """68B2: no concession has occurred, so it established nothing either."""
    revokes = list(state.revokes)
    for i in indices:
        revokes[i] = revokes[i].evolve(established=False, established_by=None)
    return state.evolve(revokes=tuple(revokes))


# ----------------------------------------------------------------------------------------------------------
# the events
# ----------------------------------------------------------------------------------------------------------

def _remaining(state: PlayState) -> int:
    return 13 - len(state.tricks)


def _check_can_claim(state: PlayState, ev: Event, tricks: int | None) -> int:
    if state.board_closed:
        raise _err(ev, state, "the board is closed: a call has been made on the next board, or the round has "
                   "ended", "claim.error.board_closed", law("64B4"))
    if state.claim is not None:
        raise _err(ev, state, "a claim or concession is already in force; play is suspended (68D)",
                   "claim.error.play_ceased", L68D)
    if state.phase == "over":
        raise _err(ev, state, "all 13 tricks have been played", "error.play_over", None)
    remaining = _remaining(state)
    if tricks is not None and not 0 <= tricks <= remaining:
        raise _err(ev, state, f"{tricks} tricks: only {remaining} remain (68A, 68B1)", "claim.error.tricks",
                   law("68"), tricks=tricks, remaining=remaining)
    return remaining


def _start(table: Engine, state: PlayState, ev: Event, kind: str, tricks: int, remaining: int,
           line: str | None) -> PlayState:
    side = side_of(ev.seat)
    record = ClaimRecord(ev.seat, kind, tricks, remaining, line=line, before=(state.phase, state.to_act),
                         computed=computed_min_tricks(table, state, side))
    st, done = _establish(state, side, L63A3)
    record = record.evolve(established=done)
    return st.evolve(claim=record, to_act=None, designated=None)


@register(Claim)
def claim(table: Engine, state: PlayState, ev: Claim) -> PlayState:
    """68A, 68C, 68D: ``seat`` claims ``tricks`` of the remaining tricks (all when left out); play is suspended."""
    remaining = _check_can_claim(state, ev, ev.tricks)
    tricks = remaining if ev.tricks is None else ev.tricks
    st = _start(table, state, ev, "claim", tricks, remaining, ev.line)
    line = note("claim.note.line", L68C, seat=ev.seat, line=ev.line) if ev.line else \
        note("claim.note.no_line", L68C, seat=ev.seat)
    notes = (note("claim.note.claim", law("68A"), seat=ev.seat, tricks=tricks, remaining=remaining), line)
    if tricks < remaining:
        notes += (note("claim.note.concedes_rest", L68B1, seat=ev.seat, conceded=remaining - tricks),)
    return st.evolve(notes=notes + (note("claim.note.play_ceases", L68D),) + st.notes)


@register(Concede)
def concede(table: Engine, state: PlayState, ev: Concede) -> PlayState:
    """68B1, 68D: ``seat`` concedes ``tricks`` of the remaining tricks (all when left out); play is suspended. The
    concession stands at once, unless a defender's partner objects at once (68B2)."""
    remaining = _check_can_claim(state, ev, ev.tricks)
    conceded = remaining if ev.tricks is None else ev.tricks
    st = _start(table, state, ev, "concede", remaining - conceded, remaining, None).evolve(phase="over")
    key = "claim.note.concede_all" if conceded == remaining else "claim.note.concede"  # "all 10", not "10 of 10"
    notes = [note(key, L68B1, seat=ev.seat, tricks=conceded, remaining=remaining),
             note("claim.note.play_ceases", L68D)]
    if state.is_defender(ev.seat):
        notes.append(note("claim.note.partner_may_object", L68B2, seat=ev.seat.partner))
    return st.evolve(notes=tuple(notes) + st.notes)


def _in_force(state: PlayState, ev: Event) -> ClaimRecord:
    if state.claim is None:
        raise _err(ev, state, "no claim or concession has been made", "claim.error.none", law("68"))
    return state.claim


@register(Agree)
def agree(table: Engine, state: PlayState, ev: Agree) -> PlayState:
    """69A: a member of the other side agrees; 63A4: agreement by the offending side establishes its revokes."""
    rec = _in_force(state, ev)
    if side_of(ev.seat) == side_of(rec.seat):
        raise _err(ev, state, "only the other side agrees to a claim or concession (69A)",
                   "claim.error.agree_side", L69A)
    if rec.status not in ("open",):
        raise _err(ev, state, f"the {rec.kind} has already been {rec.status}", "claim.error.answered", L69A,
                   status=rec.status)
    st, done = _establish(state, side_of(ev.seat), L63A4)
    rec = rec.evolve(status="agreed", established=rec.established + done)
    return st.evolve(claim=rec, phase="over", notes=(note("claim.note.agreed", L69A, seat=ev.seat),) + st.notes)


@register(Object)
def object_(table: Engine, state: PlayState, ev: Object) -> PlayState:
    """68B2: the conceding defender's partner objects at once: no concession has occurred; play continues."""
    rec = _in_force(state, ev)
    if rec.kind != "concede" or ev.seat is not rec.seat.partner or not state.is_defender(rec.seat):
        raise _err(ev, state, "only the partner of a defender who concedes may object to the concession (68B2)",
                   "claim.error.object", L68B2)
    if rec.status != "open" or state.board_closed:  # a call on the next board came first: not "at once"
        raise _err(ev, state, "the objection must be made at once (68B2)", "claim.error.answered", L68B2,
                   status=rec.status)
    st = _unestablish(state, rec.established)
    phase, to_act = rec.before
    return st.evolve(claim=None, phase=phase, to_act=to_act,
                     notes=(note("claim.note.object", L68B2, seat=ev.seat, offender=rec.seat, ui=L16),))


@register(Dispute)
def dispute(table: Engine, state: PlayState, ev: Dispute) -> PlayState:
    """68D2, 70, 71, 69B: the Director is called. By the other side: about the claim (70), or, after its
    agreement, to withdraw it (69B). By the claimer's side: about the tricks the claim or concession gave away
    (68B1; 71 decides whether that concession is cancelled)."""
    rec = _in_force(state, ev)
    side = side_of(ev.seat)
    if rec.status == "ruled" or side in rec.disputed_by:
        raise _err(ev, state, "the Director has already been called", "claim.error.answered", L68D2,
                   status=rec.status)
    own = side == side_of(rec.seat)
    if own and rec.kind == "claim" and rec.conceded:
        key, law_ref = "claim.note.disputed_conceded", L68B1
    elif not own and rec.status in ("agreed", "acquiesced"):
        key, law_ref = "claim.note.withdrawn_agreement", L69B
    else:
        key, law_ref = f"claim.note.disputed_{rec.kind}", L68D2
    rec = rec.evolve(status="disputed", disputed_by=rec.disputed_by + (side,))
    return state.evolve(claim=rec, phase="play",
                        notes=(note(key, law_ref, seat=ev.seat, maker=rec.seat, conceded=rec.conceded),))


def _ruling_law(rec: ClaimRecord, finding: str | None) -> LawRef:
    """The law behind a ruling: the finding's; else 71 for a concession, or for the tricks a claim conceded
    when only the claimer's side called the Director; else 70."""
    if finding is not None:
        return FINDING_LAWS[finding]
    if rec.kind == "concede" or rec.disputed_by == (side_of(rec.seat),):
        return L71
    return L70


@register(TdRuling)
def td_ruling(table: Engine, state: PlayState, ev: TdRuling) -> PlayState:
    """70, 71, 69B: the Director's decision, a fact: ``tricks`` of the remaining tricks to the side that claimed
    or conceded."""
    if ev.finding is not None and ev.finding not in FINDING_LAWS:
        raise _err(ev, state, f"finding {ev.finding!r}: one of {', '.join(FINDING_LAWS)}", "claim.error.finding",
                   L70, finding=ev.finding)
    rec = _in_force(state, ev)
    if rec.status != "disputed":
        raise _err(ev, state, "the Director rules on a disputed claim or concession; write 'dispute' first (68D2)",
                   "claim.error.not_disputed", L68D2)
    if not 0 <= ev.tricks <= rec.remaining:
        raise _err(ev, state, f"{ev.tricks} tricks: only {rec.remaining} remain", "claim.error.tricks",
                   L70, tricks=ev.tricks, remaining=rec.remaining)
    law_ref = _ruling_law(rec, ev.finding)
    rec = rec.evolve(status="ruled", tricks=ev.tricks, finding=ev.finding)
    seats = side_seats(side_of(rec.seat))
    return state.evolve(claim=rec, phase="over",
                        notes=(note("claim.note.ruling", law_ref, seats=seats, tricks=ev.tricks,
                                    remaining=rec.remaining),))


def _close(state: PlayState, closing: tuple[str, str | None], ev: Event) -> PlayState:
    rec = state.claim
    notes: list[Statement] = []
    if rec is None and state.phase != "over":
        raise _err(ev, state, "play of this board is not over: no claim or concession, and tricks remain",
                   "claim.error.board_not_over", L68D)
    if rec is not None and rec.status == "open" and (closing[1] is None or closing[1] != side_of(rec.seat)):
        # 69A: the opponents raised no objection to the claim or concession before their side's call on the next
        # board or the end of the round: they have agreed, and so 63A4 establishes their revokes
        opponents = _other(side_of(rec.seat))
        st, done = _establish(state, opponents, L63A4)
        key = "claim.note.acquiesced_round" if closing[1] is None else "claim.note.acquiesced_call"
        notes.append(note(key, L69A, seats=side_seats(opponents)))
        notes.extend(st.notes)
        state = st.evolve(claim=rec.evolve(status="acquiesced", established=rec.established + done), phase="over")
    elif rec is not None and rec.kind == "concede" and rec.status == "open":
        state = state.evolve(phase="over")   # the conceding side's own call: the opponents may still object
    key = "claim.note.next_board_call" if closing[1] is not None else "claim.note.end_of_round"
    params = {"seats": side_seats(closing[1])} if closing[1] is not None else {}
    notes.insert(0, note(key, _closing_law(state, closing), **params))
    return state.evolve(board_closed=state.board_closed + (closing,), notes=tuple(notes))


def _closing_law(state: PlayState, closing: tuple[str, str | None]) -> LawRef | None:
    """The law a call on the next board is stated under: 64B4 speaks only of a call by the non-offending side,
    so it is cited when the calling side is the non-offending side of an established revoke, and not for the
    offending side's own call (which changes nothing under Law 64). The end of the round is always 64B5."""
    why, side = closing
    if side is None:
        return law(why)
    if any(r.established and not r.corrected and side_of(r.seat) != side for r in state.revokes):
        return law(why)
    return None


@register(NextBoardCall)
def next_board_call(table: Engine, state: PlayState, ev: NextBoardCall) -> PlayState:
    """69A, 64B4: a member of ``side`` has made a call on the next board."""
    if ev.seat is not None:
        raise _err(ev, state, "a call on the next board is written with the side, not a seat",
                   "claim.error.side", law("64B4"))
    if ev.side not in ("NS", "EW"):
        raise _err(ev, state, f"side {ev.side!r}: write NS or EW", "claim.error.side", law("64B4"))
    if any(c[1] == ev.side for c in state.board_closed):
        raise _err(ev, state, f"{ev.side} have already made a call on the next board", "claim.error.closed_twice",
                   law("64B4"))
    return _close(state, ("64B4", ev.side), ev)


@register(EndOfRound)
def end_of_round(table: Engine, state: PlayState, ev: EndOfRound) -> PlayState:
    """69A, 64B5: the round has ended."""
    if ev.seat is not None:
        raise _err(ev, state, "the end of the round is written without a seat", "claim.error.no_seat", law("64B5"))
    if any(c[1] is None for c in state.board_closed):
        raise _err(ev, state, "the round has already ended", "claim.error.closed_twice", law("64B5"))
    return _close(state, ("64B5", None), ev)


# ----------------------------------------------------------------------------------------------------------
# what the Director says
# ----------------------------------------------------------------------------------------------------------

def _s(key: str, law_ref: LawRef | None, kind: str = "claim", **params: object) -> Statement:
    return Statement(Message(key, params), law_ref, kind)


def statements(state: PlayState) -> list[Statement]:
    """While a claim or concession is in force: the result as it stands, or, when the Director has been
    called, the facts he must find and what the engine computed exactly."""
    rec = state.claim
    if rec is None:
        return []
    side = side_of(rec.seat)
    seats, others = side_seats(side), side_seats(_other(side))
    if rec.status == "disputed":
        return _disputed(state, rec, seats)
    if rec.settled:
        law_ref = {"agreed": L69A, "acquiesced": L69A}.get(rec.status)
        if law_ref is None:
            law_ref = _ruling_law(rec, rec.finding) if rec.status == "ruled" else L68B1
        return [_s("claim.dir.result", law_ref, seats=seats, tricks=rec.tricks, others=others,
                   other_tricks=rec.remaining - rec.tricks, remaining=rec.remaining)]
    return [_s("claim.dir.waiting", law("69A"), seats=others, maker=rec.seat, tricks=rec.tricks,
               remaining=rec.remaining)]


def _disputed(state: PlayState, rec: ClaimRecord, seats: tuple[Seat, Seat]) -> list[Statement]:
    """The facts the Director must find: about the claim, when the other side disputes it (70); about the tricks
    conceded, when the claimer's side asks him to look at them again, or about a concession (71). Each with what
    the engine computed exactly, where it could."""
    out: list[Statement] = []
    own = side_of(rec.seat)
    about_claim = rec.kind == "claim" and any(d != own for d in rec.disputed_by)
    about_concession = rec.kind == "concede" or (rec.conceded > 0 and own in rec.disputed_by)
    if about_claim:
        out.extend(_claim_questions(state, rec))
    if about_concession:
        if rec.kind == "claim":
            out.append(_s("claim.q.claim_concession", L71, "question", seat=rec.seat, conceded=rec.conceded,
                          rule=L68B1, period=L79C))
        else:
            out.append(_s("claim.q.concession", L71, "question", seat=rec.seat, period=L79C))
    if rec.computed is not None:
        if about_claim:
            key = "claim.computed.sure" if rec.computed >= rec.tricks else "claim.computed.can_lose"
            out.append(_s(key, L70, "computed", seats=seats, least=rec.computed, tricks=rec.tricks,
                          remaining=rec.remaining, beyond=rec.computed - rec.tricks))
        if about_concession:
            key = "claim.computed.not_losable" if rec.computed > rec.tricks else "claim.computed.losable"
            out.append(_s(key, L71, "computed", seats=seats, least=rec.computed, tricks=rec.tricks,
                          remaining=rec.remaining, beyond=rec.computed - rec.tricks))
    return out


def _claim_questions(state: PlayState, rec: ClaimRecord) -> list[Statement]:
    """70: the line stated, the normal lines, an outstanding trump (70C), and for a defender's claim, 70D2."""
    out = [_s("claim.q.claim", L70, "question", seat=rec.seat, a=L70A, b=law("70B"), d=law("70D1"),
              e=law("70E1"))]
    if state.trump is not None and any(c.suit is state.trump for o in (rec.seat.lho, rec.seat.rho)
                                       for c in state.holding(o)):
        out.append(_s("claim.q.outstanding_trump", L70C, "question", seats=side_seats(_other(side_of(rec.seat)))))
    if state.is_defender(rec.seat):
        out.append(_s("claim.q.defender_claim", L70D2, "question", seat=rec.seat, partner=rec.seat.partner))
    return out


def install() -> None:
    """Called once every rules module has registered its handlers (by :mod:`.withdraw`, the last one the table
    loads): from then on no event of play is accepted while a claim or concession is in force (68D)."""
    _guard_all()
