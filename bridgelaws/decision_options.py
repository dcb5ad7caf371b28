"""The events a pending decision offers: one per option, and per suit, suit set or card where the option takes
one. Below the table (cards, events and the state only), so that the random playouts
(:mod:`bridgelaws.simulate`) and the claim solver (:mod:`bridgelaws.analysis.claims`), which the table's rules
import, read the same list.
"""

from __future__ import annotations

import itertools

from bridgelaws.cards import Suit
from bridgelaws.events import AcceptLead, Choose, Event, RejectLead, Select, SpreadHand
from bridgelaws.state import PlayState

__all__ = ["decision_events"]


def decision_events(state: PlayState) -> list[Event]:
    """Every event the pending decision offers, one per option (and per suit, suit set or card where the option
    takes one): the same mapping as :func:`bridgelaws.simulate.decision_event` and the widget's buttons. Empty
    when nothing is pending. The engine accepts each of them (``tests/test_fuzz.py`` checks it)."""
    d = state.pending
    if d is None:
        return []
    decl = state.declarer
    if d.kind == "lead_options":
        out: list[Event] = [Choose(decl, option="require", suit=s) for s in d.suits]
        for k in range(1, len(d.suits) + 1):
            for subset in itertools.combinations(d.suits, k):
                out.append(Choose(decl, option="forbid", suit=subset[0]) if k == 1
                           else Choose(decl, option="forbid", suits=subset))
        return out + [Choose(decl, option="none")]
    if d.kind == "opening_lead_out_of_turn":
        # only the options on offer: after 54C (declarer could have seen dummy's cards) accept_and_play alone
        names = d.option_names
        return ([AcceptLead(decl)] * ("accept_and_play" in names)
                + [SpreadHand(decl)] * ("accept_and_become_dummy" in names)
                + [RejectLead(decl)] * ("reject_require" in names))
    if d.kind == "lead_out_of_turn":
        return [AcceptLead(decl), RejectLead(decl)]
    if d.kind == "declarer_lead_out_of_turn":
        spoken = {s for s, _ in state.irregular_lead.statements} if state.irregular_lead is not None else set()
        return [ev for seat in (d.by, d.by.partner) if seat not in spoken
                for ev in (AcceptLead(seat), RejectLead(seat))]
    if d.kind == "premature_play":
        others = [s for s in Suit if s is not state.suit_led]
        return ([Choose(decl, option="highest"), Choose(decl, option="lowest")]
                + [Choose(decl, option="require_suit", suit=s) for s in others]
                + [Choose(decl, option="forbid_suit", suit=s) for s in others])
    if d.kind == "failure_to_play":
        return [Choose(decl, option="accept_play"), Choose(decl, option="reject_play")]
    if d.kind == "designate_penalty_card":
        return [Choose(decl, option="designate_penalty_card", card=c) for c in d.cards]
    if d.kind == "select_card":
        return [Select(d.by, card=o.cards[0]) for o in d.options]
    if d.kind == "auction_lead_restriction":   # 26B (corrected 2017): prohibit one suit the offender did not name
        return [Choose(decl, option="forbid", suit=s) for s in d.suits] + [Choose(decl, option="none")]
    raise ValueError(f"unknown decision {d.kind!r}")
