"""What the Director says now, the constraints in force, and how each event changes them.

Statements are complete on purpose: the articles insist that the Director explains every obligation and
option at once, because they affect everybody's planning (seed 000; Law 10C1).
"""

from __future__ import annotations

from bridgelaws.cards import Card, Seat
from bridgelaws.errors import IllegalPlayError, PenaltyCardError
from bridgelaws.events import Event
from bridgelaws.i18n import Message
from bridgelaws.laws import law
from bridgelaws.state import Constraint, ConstraintChange, PlayState, Restriction, Statement
from bridgelaws.rules import claims as _claims
from bridgelaws.rules import revoke as _revoke
from bridgelaws.rules import auction as _auction
from bridgelaws.mechanics import (
    follow_suit_cards, legal_cards_ignoring_pending, penalty_card_candidates, restricted_cards,
)

L50B = law("50B")
L50C = law("50C")
L50D1a = law("50D1a")
L50D1b = law("50D1b")
L50D2 = law("50D2")
L50E = law("50E")
L59 = law("59")


def _s(key: str, law_ref, kind: str = "info", **params) -> Statement:  # type: ignore[no-untyped-def]
    return Statement(Message(key, params), law_ref, kind)


def _restriction_statement(r: Restriction, state: PlayState) -> Statement:
    if r.kind == "require":
        return _s("dir.must_lead_suit", r.law, "restriction", seat=r.seat, suit=r.suits[0])
    if r.kind == "forbid":
        return _s("dir.may_not_lead_suits", r.law, "restriction", seat=r.seat, suits=r.suits)
    return _s(f"dir.57_{r.kind}", r.law, "restriction", seat=r.seat, suit=r.suits[0] if r.suits else None)


def statements(state: PlayState) -> list[Statement]:
    """Everything the Director would say at the table now, each with its law, in a fixed order:
    pending decision, penalty cards and what they oblige, restrictions, options to come, information."""
    out: list[Statement] = list(state.notes)
    d = state.pending
    if d is not None:
        out.extend(_decision_statements(state))
    for p in state.penalty_cards:
        out.append(_s(f"dir.pc_{p.kind}", L50B, "penalty_card", seat=p.seat, card=p.card))
    for seat in state.defenders:
        out.extend(_obligations(state, seat))
    for seat, card in state.in_error:
        if (seat, card) in state.trick:
            out.append(_s("lp.dir.53B_may_withdraw", law("53B"), "option", seat=seat, card=card))
    for r in state.restrictions:
        out.append(_restriction_statement(r, state))
        if state.to_act is r.seat and d is None:
            _, _, cannot = restricted_cards(state, r.seat)
            binding = (r.is_lead_restriction and not state.trick) or (not r.is_lead_restriction and state.trick)
            if cannot and binding:
                out.append(_s("dir.cannot_comply", L59, "restriction", seat=r.seat))
    if state.penalty_cards:
        partners = tuple(sorted({p.seat.partner for p in state.penalty_cards}, key=lambda s: s.index))
        out.append(_s("dir.information", L50E, "information", seats=partners))
    out.extend(state.questions)
    out.extend(_revoke.statements(state))
    out.extend(_claims.statements(state))
    out.extend(_auction.statements(state))
    if state.to_act is not None and d is None and state.irregular_lead is None and state.phase not in ("over", "auction") \
            and not out:
        out.append(_s("dir.normal_play", None, "turn", seat=state.to_act))
    return out


def _obligations(state: PlayState, seat: Seat) -> list[Statement]:
    """What ``seat``'s penalty cards oblige him to do (50C, 50D1, 51A), and the options they give declarer
    when his partner leads (50D2, 51B). Nothing once play is over: a claim or concession settled it."""
    pcs = state.penalty_cards_of(seat)
    if not pcs or state.phase == "over":
        return []
    d, il, to_act = state.pending, state.irregular_lead, state.to_act
    out = [_s("dir.minor_limit", L50C, "obligation", seat=seat, card=p.card, suit=p.card.suit)
           for p in pcs if not p.is_major]
    majors = tuple(p.card for p in pcs if p.is_major)
    if not majors:
        return out
    gone = False
    if to_act is seat and d is None and il is None:
        _, cand, _ = restricted_cards(state, seat)
        can_play = tuple(p.card for p in penalty_card_candidates(state, seat, cand))
        if state.designated is not None:
            out.append(_s("dir.must_play_designated", law("51A"), "obligation", seat=seat, card=state.designated))
        elif len(can_play) == 1:
            key = "dir.must_lead_pc" if not state.trick else "dir.must_play_pc"
            out.append(_s(key, L50D1a, "obligation", seat=seat, card=can_play[0]))
            # his only major penalty card is played at this very turn (50D1a): it can no longer lie on the table
            # when his partner leads, so 50D2 gives declarer nothing
            gone = majors == can_play
        elif not can_play:
            out.append(_s("dir.pc_waits", L50D1b, "obligation", seat=seat, cards=majors))
    elif not (d is not None and d.kind == "designate_penalty_card" and d.offender is seat):
        out.append(_s("dir.pc_first_opportunity", L50D1a, "obligation", seat=seat, cards=majors))
        out.extend(_if_required(state, seat, majors))
    partner = seat.partner
    leading_now = to_act is partner and not state.trick and d is None and il is None
    # a later lead by the partner can only be to trick 13, where every hand holds one card and the options
    # are moot (they arise, if at all, when he leads now)
    no_later_lead = state.trick_no >= 12 and (bool(state.trick) or to_act is not partner)
    if not gone and not (d is not None and d.kind == "lead_options" and d.offender is seat) and not leading_now \
            and not no_later_lead:
        suits = tuple(sorted({c.suit for c in majors}, key=lambda s: s.index))
        out.append(_s("dir.options_when_partner_leads", L50D2 if len(majors) == 1 else law("51B"), "options",
                      seat=partner, offender=seat, suits=suits))
    return out


def _if_required(state: PlayState, seat: Seat, majors: tuple[Card, ...]) -> list[Statement]:
    """50D1b while declarer chooses his 50D2/51B options for ``seat``'s lead (both defenders have penalty
    cards): a required lead comes before ``seat``'s own major penalty cards of other suits, which then wait."""
    d = state.pending
    if d is None or d.kind != "lead_options" or d.subject is not seat:
        return []
    waiting = tuple(c for c in majors if c.suit not in d.suits)
    if not waiting or not any(c.suit in d.suits for c in state.hand(seat)):
        return []
    return [_s("dir.pc_waits_if_required", L50D1b, "obligation", seat=seat, suits=d.suits, cards=waiting)]


def _proper_lead_statements(state: PlayState) -> list[Statement]:
    """53B and 53C: what a play by another hand than the next one would mean now."""
    il = state.irregular_lead
    if il is None:
        return []
    out = []
    if state.is_defender(il.correct_leader) != state.is_defender(il.seat):
        out.append(_s("lp.dir.53B_may_lead", law("53B"), "decision", seat=il.correct_leader, offender=il.seat))
    rho = il.seat.rho
    if not state.is_defender(il.seat) and rho is not il.correct_leader:
        out.append(_s("lp.dir.53C_if_plays", law("53C"), "decision", seat=rho, offender=il.seat, card=il.card))
    return out


def _decision_statements(state: PlayState) -> list[Statement]:
    d = state.pending
    assert d is not None
    if d.kind == "lead_options":
        return [_s("dir.wait_for_declarer_lead", d.law, "decision", seat=d.subject, suits=d.suits,
                   offender=d.offender)]
    if d.kind == "opening_lead_out_of_turn":
        if "accept_and_become_dummy" not in d.option_names:
            return [_s("lp.dir.54C_only", law("54C"), "decision", seat=d.by, offender=d.offender, card=d.cards[0])]
        return [_s("dir.54_options", d.law, "decision", offender=d.offender, card=d.cards[0], leader=d.subject)]
    if d.kind == "lead_out_of_turn":
        return [_s("dir.56_options", d.law, "decision", offender=d.offender, card=d.cards[0], leader=d.subject,
                   next=d.offender.lho if d.offender else None)] + _proper_lead_statements(state)
    if d.kind == "declarer_lead_out_of_turn":
        return [_s("dir.55_options", d.law, "decision", offender=d.offender, card=d.cards[0], decider=d.by,
                   other=d.by.partner)] + _proper_lead_statements(state)
    if d.kind == "premature_play":
        return [_s("dir.57_options", d.law, "decision", seat=d.subject, offender=d.offender, card=d.cards[0])]
    if d.kind == "failure_to_play":
        return [_s("dir.52_options", d.law, "decision", offender=d.offender, card=d.cards[0],
                   cards=d.options[1].cards)]
    if d.kind == "designate_penalty_card":
        return [_s("dir.51A_designate", d.law, "decision", seat=d.offender, cards=d.cards)]
    if d.kind == "select_card":
        return [_s("dir.58_select", d.law, "decision", seat=d.by, cards=d.cards)]
    return []


def constraints(state: PlayState) -> list[Constraint]:
    """The constraints in force now: penalty cards, restrictions and the pending decision."""
    out: list[Constraint] = []
    for p in state.penalty_cards:
        out.append(Constraint(("penalty_card", p.seat, p.card), p.seat,
                              Message(f"dir.pc_{p.kind}", {"seat": p.seat, "card": p.card}),
                              L50D1a if p.is_major else L50C))
    for r in state.restrictions:
        st = _restriction_statement(r, state)
        out.append(Constraint(("restriction", r.seat, r.kind, r.suits, r.trick_no), r.seat, st.message, r.law))
    if state.pending is not None:
        d = state.pending
        for st in _decision_statements(state):
            out.append(Constraint(("decision", d.kind, d.by), d.by, st.message, d.law))
    if state.revokes:
        out.extend(_revoke.constraints(state))
    out.extend(_auction.constraints(state))
    return out


def constraint_changes(before: PlayState, after: PlayState, event: Event) -> tuple[ConstraintChange, ...]:
    """Which constraints started, changed, continued or ended with ``event``, and why those ended."""
    if not (before.penalty_cards or before.restrictions or before.pending or after.penalty_cards
            or after.restrictions or after.pending or after.revokes or before.auction is not None):
        return ()
    old = {c.key: c for c in constraints(before)}
    new = {c.key: c for c in constraints(after)}
    out: list[ConstraintChange] = []
    for key, c in new.items():
        if key not in old:
            out.append(ConstraintChange("started", c))
        elif old[key].message != c.message:
            out.append(ConstraintChange("changed", c))
        else:
            out.append(ConstraintChange("continued", c))
    for key, c in old.items():
        if key not in new:
            out.append(ConstraintChange("ended", c, _end_reason(c, before, after, event)))
    return tuple(out)


def _end_reason(c: Constraint, before: PlayState, after: PlayState, event: Event) -> Message:
    kind = c.key[0]
    if kind.startswith("revoke"):
        return _revoke.end_reason(c, after)
    if kind in ("must_pass", "lead_restriction_26B"):
        return _auction.end_reason(c, after)
    if kind == "penalty_card":
        seat, card = c.key[1], c.key[2]
        if (seat, card) in after.last_played or any(t.card_of(seat) == card for t in after.tricks[-1:]):
            return Message("why.pc_played", {"seat": seat, "card": card})
        if card in after.hand(seat):
            return Message("why.pc_picked_up", {"seat": seat, "card": card})
        return Message("why.pc_gone", {"seat": seat, "card": card})
    if kind == "restriction":
        seat, rkind = c.key[1], c.key[2]
        if rkind == "require":
            return Message("why.lead_made", {"seat": seat})
        if rkind == "forbid":
            if after.phase == "over":
                return Message("why.play_over", {})
            return Message("why.lost_lead", {"seat": seat})
        return Message("why.trick_over", {})
    return Message("why.decided", {"seat": c.seat})


def why_not_legal(state: PlayState, seat: Seat, card: Card) -> IllegalPlayError:
    """The error (with its law) that explains why ``seat`` may not play ``card`` now."""
    from bridgelaws.errors import FailureToFollowSuitError, NotInHandError, OutOfTurnError

    if seat is not state.to_act:
        return OutOfTurnError(f"it is {state.to_act.name.title() if state.to_act else 'nobody'}'s turn, not "
                              f"{seat.name.title()}'s", law=law("44") if state.trick else law("53"), seat=seat,
                              card=card, key="error.out_of_turn", to_act=state.to_act, trick_no=state.trick_no)
    if card not in state.holding(seat):
        return NotInHandError(f"{seat.name.title()} does not hold {card}", seat=seat, card=card,
                              key="error.not_in_hand", trick_no=state.trick_no)
    base = follow_suit_cards(state, seat)
    if card not in base:
        return FailureToFollowSuitError(f"Law 44C: {seat.name.title()} must follow suit; cannot play {card}",
                                        law=law("44C"), seat=seat, card=card, key="error.must_follow",
                                        suit=state.suit_led, trick_no=state.trick_no)
    _, cand, _ = restricted_cards(state, seat)
    if card not in cand:
        r = next((r for r in state.restrictions if r.seat is seat), None)
        return PenaltyCardError(f"{r.law.cite('en') if r else ''}: {seat.name.title()} may not play {card} because of "
                                "declarer's restriction", law=r.law if r else None, seat=seat, card=card,
                                key="error.restricted", restriction=_restriction_statement(r, state).message if r
                                else "", trick_no=state.trick_no)
    legal = legal_cards_ignoring_pending(state, seat)
    majors = [p.card for p in penalty_card_candidates(state, seat, cand)]
    if majors:
        return PenaltyCardError(f"Law 50D1a: {seat.name.title()} must play his penalty card "
                                f"{' or '.join(str(c) for c in majors)}, not {card}", law=L50D1a, seat=seat, card=card,
                                key="error.must_play_pc", cards=tuple(majors), trick_no=state.trick_no)
    minor = next((p.card for p in state.penalty_cards_of(seat) if p.card.suit is card.suit), None)
    return PenaltyCardError(f"Law 50C: {seat.name.title()} may not play {card} below the ten while {minor} is a "
                            "minor penalty card", law=L50C, seat=seat, card=card, key="error.minor_limit",
                            pc=minor, legal=tuple(sorted(legal, key=lambda c: c.sort_key)),
                            trick_no=state.trick_no)
