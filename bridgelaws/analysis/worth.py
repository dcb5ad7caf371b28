"""What each option is worth, double dummy: the tricks declarer's side takes in the whole board under each option
of a pending decision, with the Laws' constraints kept as long as they bind (:mod:`bridgelaws.analysis.search`).

The numbers are double dummy: every card seen, best play by both sides. They are not Law 12's "likely result",
and DD cannot tell apart options that differ only in information (54A's two accepts). docs/worth.md says more.

The functions take a :class:`~bridgelaws.table.Table` (the engine that decides what is legal) and, optionally, a
state of it; they never change the table. DDS (endplay) is imported on the first search, not with this module.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from bridgelaws.errors import BridgeLawsError
from bridgelaws.events import AcceptLead, Choose, Event, Play, RejectLead, Select, SpreadHand
from bridgelaws.simulate import decision_events
from bridgelaws.state import PlayState

from bridgelaws.analysis.search import Search, remaining, side_of

__all__ = ["Worth", "OptionValue", "WorthError", "option_values", "option_events", "position_value", "claim_value",
           "revoke_check", "RevokeCheck", "option_name", "DEFAULT_BUDGET"]

#: seconds a decision's values may take before the answer is given as bounds
DEFAULT_BUDGET = 10.0


class WorthError(BridgeLawsError, ValueError):
    """A position the values cannot be computed for (nothing to decide, play over, a claim in force)."""


@dataclass(frozen=True, slots=True)
class Worth:
    """Tricks for declarer's side in the whole board, tricks already won included: exact when ``lower ==
    upper``; otherwise the search ran out of time and the value lies between the two ("at least ``lower``")."""

    lower: int
    upper: int

    @property
    def exact(self) -> bool:
        return self.lower == self.upper

    @property
    def value(self) -> int | None:
        return self.lower if self.exact else None

    def __str__(self) -> str:
        """``"9"`` or ``">=8"``, as the scenario format writes it."""
        return str(self.lower) if self.exact else f">={self.lower}"

    def to_dict(self) -> dict[str, Any]:
        return {"lower": self.lower, "upper": self.upper, "exact": self.exact}


@dataclass(frozen=True, slots=True)
class OptionValue:
    """One option of the pending decision: its name in the scenario vocabulary (``"require:C"``), the events that
    take it, and what it is worth."""

    option: str
    events: tuple[Event, ...]
    worth: Worth


def _suits(ev: Choose) -> str:
    suits = tuple(ev.suits) or ((ev.suit,) if ev.suit is not None else ())
    return ",".join(s.letter for s in suits)


def option_name(state: PlayState, ev: Event) -> str:
    """The scenario vocabulary for the option that ``ev`` takes in ``state`` (SCENARIO_FORMAT.md,
    ``option_values``): ``require:C``, ``forbid:C`` (``forbid:D,C`` for two suits), ``none``, ``highest``,
    ``require_suit:H``, ``accept_and_play``, ``accept_lead``, ``designate_penalty_card:SK``, ``select:SK`` ..."""
    if isinstance(ev, Choose):
        if ev.option in ("require", "forbid", "require_suit", "forbid_suit"):
            return f"{ev.option}:{_suits(ev)}"
        if ev.option == "designate_penalty_card":
            return f"designate_penalty_card:{ev.card}"
        return ev.option
    d = state.pending
    opening = d is not None and d.kind == "opening_lead_out_of_turn"
    if isinstance(ev, SpreadHand):
        return "accept_and_become_dummy"
    if isinstance(ev, AcceptLead):
        return "accept_and_play" if opening else "accept_lead"
    if isinstance(ev, RejectLead):
        return "reject_lead"
    if isinstance(ev, Select):
        return f"select:{ev.card}"
    if isinstance(ev, Play):
        return f"play:{ev.card}"
    return ev.action


_REJECT_NAMES = {"require": "reject_require", "forbid": "reject_forbid", "none": "reject_no_restriction"}


def _options(engine: Any, state: PlayState) -> list[tuple[str, tuple[Event, ...], PlayState]]:
    """Each option of the pending decision: (name, events, state after them). After a refused opening lead out
    of turn (54D) the options are the three of 50D2 that follow (``reject_require:S`` ...)."""
    d = state.pending
    assert d is not None
    events = decision_events(state)
    if d.kind == "declarer_lead_out_of_turn":
        events = [ev for ev in events if ev.seat is d.by] or events
    out: list[tuple[str, tuple[Event, ...], PlayState]] = []
    for ev in events:
        after = engine.apply(state, ev)
        name = option_name(state, ev)
        if d.kind == "opening_lead_out_of_turn" and isinstance(ev, RejectLead) and after.pending is not None \
                and after.pending.kind == "lead_options":
            for sub in decision_events(after):
                sub_name = option_name(after, sub)
                base, _, suits = sub_name.partition(":")
                full = _REJECT_NAMES[base] + (":" + suits if suits else "")
                out.append((full, (ev, sub), engine.apply(after, sub)))
            continue
        out.append((name, (ev,), after))
    return out


def option_events(table: Any, state: PlayState | None = None) -> list[tuple[str, tuple[Event, ...]]]:
    """The options of the decision pending in ``state`` (default: the table's), each with the events that take
    it, without computing anything (no DDS): what the card table's buttons and the stored values are keyed by."""
    st = table.state if state is None else state
    _check(st, need_decision=True)
    return [(name, events) for name, events, _ in _options(table, st)]


def _won(state: PlayState, side: str) -> int:
    return sum(1 for t in state.tricks if side_of(t.winner) == side)


def _search(table: Any, state: PlayState, deadline: float) -> Search:
    trump = -1 if state.trump is None else state.trump.index
    return Search(table, side_of(state.declarer), trump, deadline)


def _check(state: PlayState, need_decision: bool) -> None:
    if state.claim is not None:
        raise WorthError("play has ceased after a claim or concession: the values are computed from the position "
                         "before it (claim_value)", key="worth.error.claim")
    if state.phase == "over":
        raise WorthError("play is over: there is nothing left to compute", key="worth.error.over")
    if need_decision and state.pending is None:
        raise WorthError("no decision is pending here: option values belong to a position where someone must "
                         "choose", key="worth.error.no_decision")


def option_values(table: Any, state: PlayState | None = None, budget: float = DEFAULT_BUDGET) -> list[OptionValue]:
    """Each option of the decision pending in ``state`` (default: the table's current state) with the tricks
    declarer's side takes in the whole board under it, double dummy. Within ``budget`` seconds in all: an
    option the search could not finish in time is given as bounds (:class:`Worth` with ``exact`` False).
    Raises :class:`WorthError` where nothing is to be decided."""
    st = table.state if state is None else state
    _check(st, need_decision=True)
    side = side_of(st.declarer)
    won = _won(st, side)
    start = time.monotonic()
    deadline = start + budget
    search = _search(table, st, deadline)
    options = _options(table, st)
    found: dict[int, tuple[int, int]] = {}
    # a first pass shares the budget fairly; a second gives what is left to the options still open
    for i, (_, _, after) in enumerate(options):
        now = time.monotonic()
        search.deadline = now + max(0.0, (deadline - now) / (len(options) - i))
        found[i] = _value(search, after, won)
    for i, (_, _, after) in enumerate(options):
        if found[i][0] != found[i][1] and time.monotonic() < deadline:
            search.deadline = deadline
            lo, hi = _value(search, after, won)
            found[i] = (max(lo, found[i][0]), min(hi, found[i][1]))
    return [OptionValue(name, evs, Worth(*found[i])) for i, (name, evs, _) in enumerate(options)]


def _value(search: Search, state: PlayState, won_before: int) -> tuple[int, int]:
    """Whole-board tricks for the search's side from ``state``: those won before, those won on the way to
    ``state`` (an option can complete a trick), and the remaining ones."""
    won = _won(state, search.side)
    if state.phase == "over":
        return won, won
    lo, hi = search.value(state)
    return won + lo, won + hi


def position_value(table: Any, state: PlayState | None = None, budget: float = DEFAULT_BUDGET) -> Worth:
    """The tricks declarer's side takes in the whole board from ``state`` on, double dummy, under the constraints
    in force (a pending decision is taken as best for the side that makes it)."""
    st = table.state if state is None else state
    _check(st, need_decision=False)
    search = _search(table, st, time.monotonic() + budget)
    return Worth(*_value(search, st, 0))


def claim_value(table: Any, budget: float = DEFAULT_BUDGET) -> tuple[int, Worth]:
    """For a claim or concession in force: (the index of the state in which it was made, i.e. the number of
    events before it; the double-dummy tricks for declarer's side in the whole board from that position)."""
    states = table.states
    if table.state.claim is None:
        raise WorthError("no claim or concession is in force", key="worth.error.no_claim")
    i = len(states) - 1
    while i > 0 and states[i - 1].claim is not None:
        i -= 1
    before = states[i - 1]
    return i - 1, position_value(table, before, budget)


@dataclass(frozen=True, slots=True)
class RevokeCheck:
    """The facts for the Director's judgement under Law 64C after an established revoke, for declarer's side
    (``side``): the tricks it took in play and after the Law 64 transfer, and the double-dummy tricks from the
    position before the revoke had the revoker followed suit with his best legal card. Information, not a
    ruling: 64C asks whether the transfer restores equity; the Director judges it."""

    side: str
    revoke_trick: int
    revoker: Any
    before_event: int
    played: int
    after_transfer: int
    without_revoke: Worth

    @property
    def shortfall(self) -> int | None:
        """How many tricks the non-offending side would still lack after the transfer, against the double-dummy
        result without the revoke (0 or less: none), seen from declarer's side's number; None when inexact."""
        if not self.without_revoke.exact:
            return None
        offending = side_of(self.revoker)
        if offending == self.side:
            return self.after_transfer - self.without_revoke.lower
        return self.without_revoke.lower - self.after_transfer


def revoke_check(table: Any, budget: float = DEFAULT_BUDGET) -> list[RevokeCheck]:
    """At the end of a board, one :class:`RevokeCheck` per established revoke (not corrected)."""
    from bridgelaws.rules.revoke import adjustment, tricks_won

    st = table.state
    if st.phase != "over":
        raise WorthError("play is not over: the 64C check is made when the board is finished",
                         key="worth.error.not_over")
    side = side_of(st.declarer)
    adj = adjustment(st)
    won = tricks_won(st)[side]
    moved = 0
    if adj is not None and adj.to is not None:
        moved = adj.tricks if adj.to == side else -adj.tricks
    out = []
    for r in st.revokes:
        if not r.established or r.corrected:
            continue
        idx = _revoke_event(table, r)
        before = table.states[idx]
        search = _search(table, before, time.monotonic() + budget)
        out.append(RevokeCheck(side, r.trick_no, r.seat, idx, won, won + moved, Worth(*_value(search, before, 0))))
    return out


def _revoke_event(table: Any, r: Any) -> int:
    """The number of events before the revoke card was played."""
    for i, ev in enumerate(table.history):
        if isinstance(ev, Play) and ev.seat is r.seat and ev.card == r.card and ev.revoke:
            return i
    for i, ev in enumerate(table.history):       # a revoke recorded otherwise (a restriction broken, 61A)
        if isinstance(ev, Play) and ev.seat is r.seat and ev.card == r.card:
            return i
    raise WorthError("the revoke card is not in the history", key="worth.error.no_revoke")
