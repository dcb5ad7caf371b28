"""What each option is worth, double dummy: the tricks declarer's side takes in the whole board under each option
of a pending decision, with the Laws' constraints kept as long as they bind (:mod:`bridgelaws.analysis.search`).

The numbers are double dummy: every card seen, best play by both sides. They are not the likely result at the table
that Law 12 asks the Director to estimate, and DD cannot tell apart options that differ only in information (54A's
and 54B's ways of accepting). docs/worth.md says more.

The functions take a :class:`~bridgelaws.table.Table` (the engine that decides what is legal) and, optionally, a
state of it; they never change the table. DDS (endplay) is imported on the first search, not with this module.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from bridgelaws.errors import BridgeLawsError
from bridgelaws.events import AcceptLead, Choose, Event, Play, RejectLead, Select, SpreadHand
from bridgelaws.mechanics import legal_cards
from bridgelaws.simulate import decision_events
from bridgelaws.state import PlayState

from bridgelaws.analysis.position import remaining, side_of
from bridgelaws.analysis.search import Search

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
        raise WorthError("a claim or concession is in force: the values are computed from the position before it "
                         "(claim_value)", key="worth.error.claim")
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
    """The facts for the Director's judgement under Law 64C after an established revoke, as tricks for declarer's
    side (``side``) in the whole board.

    - At the table: ``played`` (tricks in play) and ``after_transfer`` (after Law 64's transfer).
    - Double dummy, both from the position just before the revoke card (``before_event``): ``without_revoke``,
      had the revoker played his best legal card instead; ``with_revoke``, with the revoke card played and
      standing, both sides then playing double dummy, and Law 64A's transfer for this revoke applied to that
      play (none where the table's 64B exception does not depend on the play: 64B2 to 64B7).

    The two double-dummy numbers compare like with like: their difference (:attr:`shortfall`) is what the revoke
    itself cost the non-offending side after the transfer, with later play by either side left out. Information,
    not a ruling: 64C asks whether the non-offending side is compensated for the damage caused, which the
    Director judges on what would likely have happened at the table, not on double dummy."""

    side: str
    revoke_trick: int
    revoker: Any
    before_event: int
    played: int
    after_transfer: int
    without_revoke: Worth
    with_revoke: Worth

    @property
    def shortfall(self) -> int | None:
        """The tricks the revoke cost the non-offending side after the transfer, double dummy: its tricks without
        the revoke less its tricks with the revoke and the transfer (0 or less: the transfer makes up for it);
        None when either number is inexact."""
        if not (self.without_revoke.exact and self.with_revoke.exact):
            return None
        lost_by_declarers_side = self.without_revoke.lower - self.with_revoke.lower
        return lost_by_declarers_side if side_of(self.revoker) != self.side else -lost_by_declarers_side


def revoke_check(table: Any, budget: float = DEFAULT_BUDGET) -> list[RevokeCheck]:
    """At the end of a board, one :class:`RevokeCheck` per established revoke (not corrected)."""
    from bridgelaws.rules.revoke import adjustment, tricks_won

    st = table.state
    if st.phase != "over":
        raise WorthError("play is not over: the check under Law 64C is made when the board is finished",
                         key="worth.error.not_over")
    side = side_of(st.declarer)
    adj = adjustment(st)
    won = tricks_won(st)[side]
    moved = 0
    if adj is not None and adj.to is not None:
        moved = adj.tricks if adj.to == side else -adj.tricks
    laws = {id(it.revoke): str(it.law) for it in (adj.items if adj is not None else ())}
    out = []
    for r in st.revokes:
        if not r.established or r.corrected:
            continue
        idx = _revoke_event(table, r)
        before = table.states[idx]
        search = _search(table, before, time.monotonic() + budget)
        without = Worth(*_value(search, before, 0))
        transfers = laws.get(id(r), "64A2") in _LINE_LAWS
        with_revoke = Worth(*_with_revoke(search, table.states[idx + 1], r.seat, len(before.tricks), transfers))
        out.append(RevokeCheck(side, r.trick_no, r.seat, idx, won, won + moved, without, with_revoke))
    return out


#: the transfer laws whose answer depends on how the play goes (64A1, 64A2, and 64B1 when the offending side
#: wins nothing); the other 64B exceptions (64B2 to 64B7) transfer nothing whatever the play
_LINE_LAWS = ("64A1", "64A2", "64B1")


def _transfer(revoker: Any, winner: Any, later: int) -> int:
    """Law 64A for one revoke, given who won the revoke trick and how many later tricks the offending side won:
    64A1, the offending player won it: that trick and one of the later ones; 64A2, he did not: one trick if his
    side won that trick or a later one; 64B1: none if it won neither."""
    offending = side_of(revoker)
    if winner is revoker:
        return 1 + min(1, later)
    return 1 if side_of(winner) == offending or later > 0 else 0


def _with_revoke(search: Search, after: PlayState, revoker: Any, done: int, transfers: bool) -> tuple[int, int]:
    """Whole-board tricks for the search's side with the revoke card ``after`` shows played and standing: the
    rest of the revoke trick and every later trick double dummy, Law 64A's transfer (if ``transfers``) applied to
    that play.

    The rest of the revoke trick is searched card by card (its winner decides 64A1 or 64A2). From the first card
    of the next trick the transfer depends only on the number ``k`` of later tricks the side takes: the side's
    score is ``k`` plus or minus ``min(1, tricks the offending side takes)``, never falling as ``k`` rises. A
    minimax value of a monotone score is the score of the minimax value (max and min commute with a
    non-decreasing function), so the double-dummy value of those tricks (:meth:`Search.value`, with its bounds)
    gives the exact value, or bounds, of the score."""
    offending = side_of(revoker)
    side = search.side

    def score(st: PlayState) -> tuple[int, int]:
        if len(st.tricks) > done:
            rest = st.evolve(revokes=())       # established and standing: it binds nothing in the later play
            lo, hi = (0, 0) if st.phase == "over" else search.value(rest)
            won = _won(st, side)
            rem = remaining(st)
            out = []
            for k in (lo, hi):
                t = 0
                if transfers:
                    theirs = k if side == offending else rem - k
                    t = _transfer(revoker, st.tricks[done].winner, theirs)
                out.append(won + k + (t if side != offending else -t))
            return out[0], out[1]
        if st.pending is not None:
            mover = st.pending.by
            events: list[Event] = list(decision_events(st))
        else:
            mover = st.to_act
            events = [Play(mover, c) for c in legal_cards(st, mover)]
        got = [score(search.engine.apply(st, ev)) for ev in events]
        pick = max if side_of(mover) == side else min
        return pick(lo for lo, _ in got), pick(hi for _, hi in got)

    return score(after)


def _revoke_event(table: Any, r: Any) -> int:
    """The number of events before the revoke card was played."""
    for i, ev in enumerate(table.history):
        if isinstance(ev, Play) and ev.seat is r.seat and ev.card == r.card and ev.revoke:
            return i
    for i, ev in enumerate(table.history):       # a revoke recorded otherwise (a restriction broken, 61A)
        if isinstance(ev, Play) and ev.seat is r.seat and ev.card == r.card:
            return i
    raise WorthError("the revoke card is not in the history", key="worth.error.no_revoke")
