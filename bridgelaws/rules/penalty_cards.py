"""Penalty cards: exposure (Laws 24, 48A, 49), major or minor (50B), what they oblige (50C, 50D), several
penalty cards (51), failure to play one (52) and the information they give (50E)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bridgelaws.cards import Card, Seat
from bridgelaws.errors import DecisionError, IllegalPlayError, NotInHandError, PenaltyCardError
from bridgelaws.events import Choose, Expose
from bridgelaws.laws import LawRef, law
from bridgelaws.state import Decision, Option, PenaltyCard, PlayState, Restriction
from bridgelaws.mechanics import (
    CHOICE_HANDLERS, EXPOSE_HANDLERS, Engine, complete_trick, next_in_trick, note, penalty_card_candidates,
    place_card, register, restricted_cards,
)

L24 = law("24")
L48A = law("48A")
L49 = law("49")
L50B = law("50B")
L50D2 = law("50D2")
L50D2a = law("50D2a")
L50D2b = law("50D2b")
L51A = law("51A")
L51B = law("51B")
L52B1a = law("52B1a")
L52B1b = law("52B1b")
L52B2 = law("52B2")


# ----------------------------------------------------------------------------------------------------------
# becoming a penalty card
# ----------------------------------------------------------------------------------------------------------

def add_penalty_cards(state: PlayState, seat: Seat, cards: tuple[Card, ...], law_ref: LawRef,
                      deliberate: bool) -> PlayState:
    """Implements Law 50B: move ``cards`` from ``seat``'s hand to the table as penalty cards.

    An honour, or a card exposed through deliberate play, is major; a single card below honour rank exposed
    inadvertently is minor; when the owner has two or more penalty cards, every one of them is major.
    """
    hand = state.hand(seat)
    for c in cards:
        if c not in hand:
            raise NotInHandError(f"{seat.name.title()} does not hold {c} in his hand", seat=seat, card=c,
                                 key="error.not_in_hand", trick_no=state.trick_no)
    existing = [p for p in state.penalty_cards if p.seat is seat]
    several = len(existing) + len(cards) >= 2
    new = [PenaltyCard(seat, c, "major" if several or deliberate or c.is_honour else "minor", law_ref)
           for c in cards]
    others = [p for p in state.penalty_cards if p.seat is not seat]
    if several:
        existing = [p if p.is_major else replace(p, kind="major") for p in existing]
    state = state.with_hand(seat, hand - set(cards))
    return state.evolve(penalty_cards=tuple(others + existing + new))


def restore(state: PlayState, seat: Seat, cards: tuple[Card, ...]) -> PlayState:
    """The cards go back to the hand without becoming penalty cards (record them as restored)."""
    return state.add_restored((seat, c) for c in cards)


@register(Expose)
def expose(table: Engine, state: PlayState, ev: Expose) -> PlayState:
    """A card face up without being a legal play: dispatch on ``how``."""
    seat, card = ev.seat, ev.card
    if state.phase == "over":
        raise IllegalPlayError(f"{ev}: all 13 tricks have been played", seat=seat, card=card, event=ev,
                               key="error.play_over", trick_no=state.trick_no)
    if ev.misinformed_by_opponent and ev.how not in ("lead_out_of_turn", "premature_play"):
        raise IllegalPlayError(f"{ev}: 'misinformed_by_opponent' belongs to a lead out of turn or a premature play "
                               "(47E1)",
                               law=law("47E1"), seat=seat, card=card, event=ev, key="lp.error.47E1_not_lead",
                               trick_no=state.trick_no)
    if card not in state.hand(seat):
        if card in state.holding(seat):
            raise PenaltyCardError(f"{ev}: {card} is already a penalty card on the table", law=law("50A"),
                                   seat=seat, card=card, event=ev, key="error.already_penalty_card",
                                   trick_no=state.trick_no)
        raise NotInHandError(f"{ev}: {seat.name.title()} does not hold {card}", seat=seat, card=card, event=ev,
                             key="error.not_in_hand", trick_no=state.trick_no)
    if ev.period == "clarification" and state.phase != "clarification":
        raise IllegalPlayError(f"{ev}: the clarification period ended when the opening lead was faced (17D1)",
                               law=law("17D1"), seat=seat, card=card, event=ev, key="error.not_clarification",
                               trick_no=state.trick_no)
    handler = EXPOSE_HANDLERS.get(ev.how)
    if handler is not None:  # lead out of turn (rules.leads), premature play (rules.premature), revoke
        return handler(table, state, ev)
    if ev.how not in ("dropped", "named"):
        raise IllegalPlayError(f"{ev}: unknown way of exposing a card {ev.how!r}", seat=seat, card=card, event=ev,
                               key="error.unknown_how", how=ev.how)
    clarification = state.phase == "clarification"
    if not state.is_defender(seat):
        # 48A: declarer's (and dummy's) exposed cards are never penalty cards; 24 in the auction period
        st = restore(state, seat, (card,))
        return st.evolve(notes=(note("note.declarer_exposed", L24 if clarification else L48A,
                                       seat=seat, card=card),))
    law_ref = L24 if clarification else L49
    st = add_penalty_cards(state, seat, (card,), law_ref, deliberate=ev.how == "named")
    return st.evolve(notes=(note("note.became_penalty_card", law_ref, seat=seat, card=card),))


# ----------------------------------------------------------------------------------------------------------
# declarer's options when the offender's partner is to lead (50D2, 51B)
# ----------------------------------------------------------------------------------------------------------

def lead_options(state: PlayState, leader: Seat) -> Decision | None:
    """Implements Laws 50D2 and 51B: the options that arise when ``leader``'s partner has major penalty
    cards and ``leader`` is to lead, unless declarer has already chosen for this lead."""
    if state.options_settled == (state.trick_no, leader):
        return None
    partner = leader.partner
    majors = [p for p in state.penalty_cards if p.seat is partner and p.is_major]
    if not majors:
        return None
    suits = tuple(sorted({p.card.suit for p in majors}, key=lambda s: s.index))
    several = len(majors) > 1
    return Decision(
        "lead_options", state.declarer,
        (Option("require", law("51B2a") if len(suits) > 1 else law("51B1a") if several else L50D2a, suits=suits),
         Option("forbid", law("51B2b") if len(suits) > 1 else law("51B1b") if several else L50D2a, suits=suits),
         Option("none", law("51B2c") if several else L50D2b)),
        L51B if several else L50D2, offender=partner, cards=tuple(p.card for p in majors), suits=suits,
        subject=leader)


def designation_needed(state: PlayState, seat: Seat) -> Decision | None:
    """Implements Law 51A: two or more of his major penalty cards could legally be played now."""
    if state.designated is not None:
        return None
    _, cand, _ = restricted_cards(state, seat)
    majors = penalty_card_candidates(state, seat, cand)
    if len(majors) < 2:
        return None
    cards = tuple(sorted((p.card for p in majors), key=lambda c: c.sort_key))
    return Decision("designate_penalty_card", state.declarer,
                    (Option("designate_penalty_card", L51A, cards=cards),), L51A, offender=seat, cards=cards,
                    subject=seat)


def _choose_lead_option(state: PlayState, ev: Choose, d: Decision) -> PlayState:
    leader = d.subject
    assert leader is not None and d.offender is not None
    offender = d.offender
    settled = state.evolve(pending=None, options_settled=(state.trick_no, leader))
    if ev.option == "none":
        return settled.evolve(notes=(note("note.no_restriction", d.options[-1].law, seat=leader,
                                            cards=d.cards),))
    suits = tuple(ev.suits) or ((ev.suit,) if ev.suit is not None else ())
    if not suits:
        raise DecisionError(f"{ev}: name the suit to {ev.option}", law=d.law, seat=ev.seat, event=ev,
                            key="error.choose_needs_suit", option=ev.option)
    bad = [s for s in suits if s not in d.suits]
    if bad:
        raise DecisionError(
            f"{ev}: {offender.name.title()} has no penalty card in {bad[0].name.lower()}; declarer may "
            f"{ev.option} only {' or '.join(s.name.lower() for s in d.suits)} ({d.law.cite('en')})",
            law=d.law, seat=ev.seat, event=ev, key="error.no_penalty_card_in_suit", offender=offender,
            suit=bad[0], suits=d.suits, option=ev.option)
    if ev.option == "require" and len(suits) != 1:
        raise DecisionError(f"{ev}: declarer may require one suit only (51B2a)", law=law("51B2a"), seat=ev.seat,
                            event=ev, key="error.require_one_suit")
    opt = next(o for o in d.options if o.name == ev.option)
    picked = tuple(p.card for p in state.penalty_cards if p.seat is offender and p.card.suit in suits)
    kept = tuple(p for p in state.penalty_cards if not (p.seat is offender and p.card.suit in suits))
    st = settled.with_hand(offender, settled.hand(offender) | frozenset(picked))
    until = "this_lead" if ev.option == "require" else "loses_lead"
    r = Restriction(leader, ev.option, suits, until, opt.law, state.trick_no, by_penalty_of=offender)
    notes = [note("note.picked_up" if len(picked) == 1 else "note.picked_up_several", opt.law, seat=offender,
                  cards=picked)]
    base, cand, cannot = restricted_cards(st.evolve(penalty_cards=kept, restrictions=st.restrictions + (r,)),
                                          leader)
    if cannot:
        notes.append(note("note.cannot_comply", law("59"), seat=leader))
    return st.evolve(penalty_cards=kept, restrictions=st.restrictions + (r,), notes=tuple(notes))


# ----------------------------------------------------------------------------------------------------------
# failure to play a penalty card (52)
# ----------------------------------------------------------------------------------------------------------

def resolve_failure(state: PlayState, accept: bool, by_play: bool = False,
                    substitute: Card | None = None) -> PlayState:
    """Implements Law 52B: declarer accepts the wrong card (52B1a; he must once he has played from either
    hand, 52B1b) or rejects it (52B2: the penalty card is substituted, the wrong card becomes a major
    penalty card)."""
    d = state.pending
    assert d is not None and d.offender is not None
    offender = d.offender
    wrong = d.cards[0]
    if accept:
        st = state.evolve(pending=None,
                     notes=(note("note.accepted_by_play" if by_play else "note.accepted_wrong_card",
                                 L52B1b if by_play else L52B1a, seat=offender, card=wrong, stays=law("52B1c")),))
        if len(st.trick) == 4:
            return complete_trick(st)
        return st.evolve(to_act=next_in_trick(st))
    # take the wrong card back off the trick; it becomes a major penalty card (52B2)
    trick = tuple((s, c) for s, c in state.trick if not (s is offender and c == wrong))
    last = tuple((s, c) for s, c in state.last_played if s is not offender)
    st = state.evolve(trick=trick, pending=None, last_played=last,
                 trick_leader=state.trick_leader if trick else None)
    st = st.with_hand(offender, st.hand(offender) | {wrong})
    st = add_penalty_cards(st, offender, (wrong,), L52B2, deliberate=True)
    st = st.evolve(to_act=offender)
    candidates = d.options[1].cards
    if substitute is None:
        if len(candidates) != 1:
            # several penalty cards could be substituted: declarer designates which (51A); the rejected card,
            # now a penalty card itself, is not among them
            designate = Decision("designate_penalty_card", st.declarer,
                                 (Option("designate_penalty_card", L51A, cards=candidates),), L51A,
                                 offender=offender, cards=candidates, subject=offender)
            return st.evolve(pending=designate,
                             notes=(note("note.rejected_wrong_card_designate", L52B2, seat=offender, card=wrong,
                                         cards=candidates),))
        substitute = candidates[0]
    st = place_card(st, offender, substitute)
    return st.evolve(notes=(note("note.rejected_wrong_card", L52B2, seat=offender, card=wrong, owed=substitute),))


# ----------------------------------------------------------------------------------------------------------
# declarer's choices
# ----------------------------------------------------------------------------------------------------------

_KIND_FOR_OPTION = {
    "require": "lead_options", "forbid": "lead_options", "none": "lead_options",
    "highest": "premature_play", "lowest": "premature_play", "require_suit": "premature_play",
    "forbid_suit": "premature_play", "accept_play": "failure_to_play", "reject_play": "failure_to_play",
    "designate_penalty_card": "designate_penalty_card",
}


@register(Choose)
def choose(table: Engine, state: PlayState, ev: Choose) -> PlayState:
    """Declarer's choice of rectification; refused (with the law) when it is not on offer."""
    d = state.pending
    if ev.option not in _KIND_FOR_OPTION:
        raise DecisionError(f"{ev}: unknown option {ev.option!r}", seat=ev.seat, event=ev,
                            key="error.unknown_option", option=ev.option)
    if d is None or d.kind != _KIND_FOR_OPTION[ev.option]:
        why = _why_no_option(state, ev)
        raise DecisionError(f"{ev}: {why[0]}", law=why[1], seat=ev.seat, event=ev, key=why[2],
                            option=ev.option, **why[3])
    if ev.seat is not state.declarer:
        raise DecisionError(f"{ev}: only declarer chooses the rectification ({d.law.cite('en')})", law=d.law,
                            seat=ev.seat, event=ev, key="error.only_declarer_chooses", declarer=state.declarer)
    if d.kind == "lead_options":
        return _choose_lead_option(state, ev, d)
    if d.kind in CHOICE_HANDLERS:  # 57A (rules.premature)
        return CHOICE_HANDLERS[d.kind](state, ev, d)
    if d.kind == "failure_to_play":
        return resolve_failure(state, accept=ev.option == "accept_play")
    # 51A
    if ev.card not in d.cards:
        raise DecisionError(f"{ev}: declarer designates one of {', '.join(str(c) for c in d.cards)} (51A)",
                            law=L51A, seat=ev.seat, card=ev.card, event=ev, key="error.designate_among",
                            cards=d.cards)
    return state.evolve(pending=None, designated=ev.card,
                   notes=(note("note.designated", L51A, seat=d.offender, card=ev.card),))


def _why_no_option(state: PlayState, ev: Choose) -> tuple[str, LawRef | None, str, dict[str, Any]]:
    kind = _KIND_FOR_OPTION[ev.option]
    if kind == "lead_options":
        seat = state.to_act
        if seat is not None and state.is_defender(seat) and any(p.seat is seat and p.is_major
                                                                 for p in state.penalty_cards):
            return (f"{seat.name.title()} holds the penalty card and is on lead himself: he must lead it, "
                    "declarer has no lead options (50D1a)", law("50D1a"), "error.offender_on_lead", {"offender": seat})
        return ("declarer has no lead options now: they arise only when the offender's partner is to lead "
                "while a major penalty card lies on the table (50D2)", L50D2, "error.no_lead_options", {})
    if kind == "premature_play":
        return ("no premature play is awaiting declarer's choice (57A)", law("57A"), "error.no_57_options", {})
    if kind == "failure_to_play":
        return ("no failure to play a penalty card is awaiting declarer's decision (52)", law("52"),
                "error.no_52_options", {})
    return ("there is nothing for declarer to designate (51A)", L51A, "error.nothing_to_designate", {})


# ----------------------------------------------------------------------------------------------------------
# information (50E)
# ----------------------------------------------------------------------------------------------------------

def information(state: PlayState) -> dict[str, Any] | None:
    """Implements Law 50E: knowledge of the requirements for playing a penalty card is authorized for all;
    other information from seeing it is unauthorized for the offender's partner, authorized for declarer."""
    if not state.penalty_cards:
        return None
    other: dict[str, str] = {}
    for p in state.penalty_cards:
        other[p.seat.partner.value] = "unauthorized"
    other["declarer"] = "authorized"
    return {"requirement_to_play_penalty_card": "authorized_for_all",
            "other_information_from_penalty_card": other}


# ----------------------------------------------------------------------------------------------------------
# settling: decisions that arise from the position itself (50D2 / 51B, 51A)
# ----------------------------------------------------------------------------------------------------------

def settle(state: PlayState) -> PlayState:
    """Derive the decisions that the position itself calls for once an event has been applied."""
    if state.pending is not None and state.pending.kind == "lead_options" and state.pending.subject is not None:
        # a further penalty card exposed while declarer is choosing changes what he may choose (51B)
        fresh = lead_options(state, state.pending.subject)
        return state if fresh == state.pending else state.evolve(pending=fresh)
    if state.pending is not None or state.irregular_lead is not None or state.phase == "over":
        return state
    seat = state.to_act
    if seat is None or not state.is_defender(seat) or not state.penalty_cards:
        return state
    if not state.trick:
        decision = lead_options(state, seat)
        if decision is not None:
            if every_card_forced(state):
                return record_moot(state.evolve(options_settled=(state.trick_no, seat)), decision)
            return state.evolve(pending=decision)
    decision = designation_needed(state, seat)
    if decision is not None:
        return state.evolve(pending=decision)
    return state


def every_card_forced(state: PlayState) -> bool:
    """No choice can change a card still to be played: every hand that has yet to play to the current trick holds
    one card at most (at trick 13, every hand). A decision of declarer's in such a position is moot."""
    played = {s for s, _ in state.trick}
    return all(len(state.holding(s)) <= 1 for s in state.defenders + (state.declarer, state.dummy)
               if s not in played)


def record_moot(state: PlayState, decision: Decision) -> PlayState:
    """A decision that cannot change any card still to be played is recorded as moot, with its law, and not
    awaited: the cards play themselves (ACBL, "Revokes at trick 12"; docs/revokes.md)."""
    return state.evolve(notes=state.notes + (note("note.moot_decision", decision.law, seat=decision.by,
                                                  offender=decision.offender),))
