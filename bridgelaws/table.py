"""The table engine: the state of play as a fold of events over a deal.

``Table(deal, contract)``; ``push(event)`` computes the next :class:`PlayState` with pure functions and
appends it; ``pop()`` restores the previous one. An impossible event raises an
:class:`~bridgelaws.errors.IllegalPlayError` naming the event, seat and card, and changes nothing.
The rules for irregularities live in :mod:`bridgelaws.rules` (one module per law group), which register
a handler for each event type; they build on the play mechanics of :mod:`bridgelaws.mechanics`. Imports run
one way: mechanics <- rules <- table. The mechanics' public names are importable from here too.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Iterable
from typing import Any

# the rules register their handlers when they are imported; play first, the modules after it build on its handler
from bridgelaws.rules import play as _play  # noqa: F401  (isort: skip)
from bridgelaws.rules import designation, director, leads, penalty_cards, played_card, premature, revoke  # noqa: F401
from bridgelaws.rules import withdraw  # noqa: F401  (after revoke: it wraps the 62C handler)
from bridgelaws.rules import claims
from bridgelaws.rules import auction as auction_rules  # (isort: skip) after penalty_cards: it wraps expose and choose

from bridgelaws.cards import Card, Seat
from bridgelaws.deal import Contract, Deal
from bridgelaws.errors import BridgeLawsError, DecisionError, IllegalPlayError
from bridgelaws.events import Event, Play
from bridgelaws.mechanics import (  # noqa: F401  (re-exported: the names tests, notebooks and modules import)
    CHOICE_HANDLERS, EXPOSE_HANDLERS, HANDLERS, L44, L44C, Engine, Handler, apply_restriction,
    binding_restrictions, check_plain_play, complete_trick, follow_suit_cards, legal_cards,
    legal_cards_ignoring_pending, next_in_trick, note, penalty_card_candidates, place_card, register,
    register_choice, register_expose, remove_from_holding, restricted_cards, trick_winner,
)
from bridgelaws.rules.penalty_cards import settle
from bridgelaws.state import ConstraintChange, Decision, PenaltyCard, PlayState, Restriction, Statement, Trick

__all__ = ["Table", "legal_cards", "register", "HANDLERS", "settle", "load_rules", "event_problem"]


# ----------------------------------------------------------------------------------------------------------
# well-formed events
# ----------------------------------------------------------------------------------------------------------

_CHECKS: dict[type, tuple[tuple[str, Any, Any], ...]] = {}


def _checker(hint: Any) -> Any:
    """A fast test of whether a value has the type ``hint`` (the types event fields use)."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        tests = [_checker(a) for a in typing.get_args(hint)]
        return lambda v: any(t(v) for t in tests)
    if origin is tuple:
        args = typing.get_args(hint)
        elem = _checker(args[0]) if args else (lambda v: True)
        return lambda v: isinstance(v, tuple) and all(map(elem, v))
    if hint is type(None) or hint is None:
        return lambda v: v is None
    if hint is bool:
        return lambda v: v is True or v is False
    if hint is int:
        return lambda v: isinstance(v, int) and not isinstance(v, bool)
    if isinstance(hint, type):
        return lambda v: isinstance(v, hint)
    return lambda v: True   # a type this check does not know: the handler decides


def event_problem(event: Any) -> str | None:
    """What makes ``event`` not a well-formed event (not an Event; a field of the wrong type, such as a card
    given as a string or left out), or None."""
    if not isinstance(event, Event):
        return f"{type(event).__name__} is not an event"
    cls = type(event)
    checks = _CHECKS.get(cls)
    if checks is None:
        resolved = typing.get_type_hints(cls)
        checks = _CHECKS[cls] = tuple((f.name, resolved.get(f.name, Any), _checker(resolved.get(f.name, Any)))
                                      for f in dataclasses.fields(cls))
    for name, hint, test in checks:
        value = getattr(event, name)
        if not test(value):
            shown = repr(value)
            wanted = hint.__name__ if isinstance(hint, type) else str(hint).replace("bridgelaws.cards.", "")
            return f"{cls.__name__}.{name} = {shown[:60]}{'…' if len(shown) > 60 else ''} is not a {wanted}"
    if getattr(event, "suit", None) is not None and getattr(event, "suits", ()):
        return "give either suit or suits, not both"   # as in a scenario file (SCENARIO_FORMAT.md)
    return None


# ----------------------------------------------------------------------------------------------------------
# the Table
# ----------------------------------------------------------------------------------------------------------

class Table:
    """One table's play of one deal: the deal, the contract, the events and the state after each."""

    def __init__(self, deal: Deal, contract: Contract | None, history: Iterable[Event] = (), *,
                 dealer: Seat | None = None, vulnerable: str | None = None) -> None:
        load_rules()
        deal.validate()
        if contract is None and dealer is None:
            raise TypeError("a table needs a contract, or a dealer whose auction gives it")
        self.deal = deal
        self._contract = contract
        #: a table that starts with the auction (its calls are events) has a dealer; the contract is the one
        #: its auction gives (checked when the auction ends)
        self.dealer = dealer
        self.vulnerable = vulnerable
        self.history: list[Event] = []
        self._states: list[PlayState] = [self.initial_state()]
        self._changes: list[tuple[ConstraintChange, ...] | None] = [()]
        for event in history:
            self.push(event)

    def initial_state(self) -> PlayState:
        hands = tuple(self.deal.hand(s).cards for s in Seat)
        known = self._contract if self._contract is not None else Contract.parse("1NT", self.dealer)   # type: ignore[arg-type]
        st = PlayState(declarer=known.declarer, trump=known.trump,
                       hands=hands, to_act=known.opening_leader)  # type: ignore[arg-type]
        if getattr(self, "dealer", None) is not None:
            st = auction_rules.initial_state(st, self.dealer)
        return settle(st)

    @property
    def contract(self) -> Contract:
        """The contract: for a table with an auction (a dealer), the one its legal auction has given once it has
        ended (17D), whatever contract the table was made with (a teacher may click an auction of his own; a file's
        own calls are checked against its contract when it is read); before that, or without an auction, the one
        the table was made with (None while the auction of a table made with a dealer only runs, and None after a
        passed-out auction, 22B)."""
        if self._contract is None or getattr(self, "dealer", None) is not None:
            got = auction_rules.contract_of(self.state)
            if got is not None or self._contract is None or auction_rules.passed_out(self.state):
                return got   # type: ignore[return-value]   # None when passed out (22B)
        return self._contract

    @contract.setter
    def contract(self, value: Contract) -> None:
        self._contract = value

    # ---- event sourcing ----------------------------------------------------------------------------
    @property
    def state(self) -> PlayState:
        return self._states[-1]

    @property
    def states(self) -> list[PlayState]:
        """The state before any event, then after each event."""
        return list(self._states)

    def apply(self, state: PlayState, event: Event) -> PlayState:
        """The state after ``event`` (pure; raises on an impossible event)."""
        auction_rules.guard(state, event)
        handler = HANDLERS.get(type(event))
        if handler is None:
            raise IllegalPlayError(f"{event}: the engine has no rule for {event.action!r} events yet",
                                   seat=event.seat, event=event, key="error.not_implemented",
                                   action=event.action)
        new = handler(self, state.evolve(notes=(), questions=()) if (state.notes or state.questions) else state,
                      event)
        if new.revokes:
            new = revoke.after_event(state, new, event)   # 63A: establishment; 62C: the re-opened trick closes
        if new.claim is not None:
            new = claims.after_event(self, state, new)    # 68D: play ceases again once a correction is complete
        return designation.lapse_stale(settle(auction_rules.settle_26b(new)))

    def push(self, event: Event) -> PlayState:
        """Apply ``event`` and append the state after it. A refused event raises
        :class:`~bridgelaws.errors.IllegalPlayError` (or :class:`~bridgelaws.errors.NotationError` for a
        designation whose words cannot be read), both :class:`~bridgelaws.errors.BridgeLawsError`, with the
        event in ``exc.event``, and changes nothing; so does anything that is not a well-formed event."""
        problem = event_problem(event)
        if problem is not None:
            raise IllegalPlayError(f"not a well-formed event: {problem}", key="reliability.bad_event",
                                   problem=problem, event=event)
        before = self.state
        try:
            after = self.apply(before, event)
        except BridgeLawsError as exc:
            if getattr(exc, "event", None) is None:
                exc.event = event  # type: ignore[attr-defined]
            raise
        self._changes.append(None)   # worked out when asked for (changes()): most pushes never are
        self.history.append(event)
        self._states.append(after)
        return after

    def pop(self) -> Event:
        if not self.history:
            raise IndexError("pop from a table with no events")
        self._states.pop()
        self._changes.pop()
        return self.history.pop()

    def peek(self) -> Event | None:
        return self.history[-1] if self.history else None

    def copy(self, history: bool | int = True) -> Table:
        """A new table with the same deal; ``history`` True (all events), False (none) or n (first n)."""
        n = len(self.history) if history is True else 0 if history is False else int(history)
        t = Table.__new__(Table)
        t.deal, t._contract = self.deal, self._contract
        t.dealer, t.vulnerable = getattr(self, "dealer", None), getattr(self, "vulnerable", None)
        t.history = self.history[:n]
        t._states = self._states[:n + 1]
        t._changes = self._changes[:n + 1]
        return t

    def __len__(self) -> int:
        return len(self.history)

    # ---- queries -------------------------------------------------------------------------------------
    def to_act(self) -> Seat | None:
        """The hand from which the next card comes (dummy's seat when dummy's card is next)."""
        return self.state.to_act

    def legal_cards(self, seat: Seat | None = None) -> frozenset[Card]:
        return legal_cards(self.state, seat)

    def hand(self, seat: Seat) -> frozenset[Card]:
        return self.state.hand(seat)

    def holding(self, seat: Seat) -> frozenset[Card]:
        return self.state.holding(seat)

    @property
    def declarer(self) -> Seat:
        return self.state.declarer

    @property
    def dummy(self) -> Seat:
        return self.state.dummy

    @property
    def pending(self) -> Decision | None:
        return self.state.pending

    def penalty_cards(self) -> tuple[PenaltyCard, ...]:
        return self.state.penalty_cards

    def declarer_options(self) -> frozenset[str]:
        """The options open to declarer now (scenario vocabulary); empty when none."""
        p = self.state.pending
        if p is None or p.by is not self.state.declarer:
            return frozenset()
        if p.kind in ("designate_penalty_card",):
            return frozenset()
        return p.option_names

    def designates_among(self) -> frozenset[Card]:
        p = self.state.pending
        if p is not None and p.kind == "designate_penalty_card":
            return frozenset(p.cards)
        return frozenset()

    def lead_restriction(self) -> Restriction | None:
        """The restriction binding a lead now (the player to lead, or failing that any lead restriction)."""
        rs = [r for r in self.state.restrictions if r.is_lead_restriction]
        if not rs:
            return None
        for r in rs:
            if r.seat is self.state.to_act:
                return r
        return rs[0]

    def statements(self) -> list[Statement]:
        """What the Director says now, each with its law."""
        return director.statements(self.state)

    def director_says(self, lang: str = "en") -> list[str]:
        return [s.text(lang) for s in self.statements()]

    def constraints(self) -> list[Any]:
        return director.constraints(self.state)

    def changes(self, index: int | None = None) -> tuple[ConstraintChange, ...]:
        """How the constraints fared in event ``index`` (default: the last event)."""
        i = -1 if index is None else index + 1
        if i < 0:
            i += len(self._changes)
        if not 0 <= i < len(self._changes):
            raise IndexError(f"event {index}: the table has {len(self.history)} events")
        found = self._changes[i]
        if found is None:
            found = director.constraint_changes(self._states[i - 1], self._states[i], self.history[i - 1])
            self._changes[i] = found
        return found

    def information(self) -> dict[str, Any] | None:
        return penalty_cards.information(self.state)

    @property
    def tricks(self) -> tuple[Trick, ...]:
        return self.state.tricks

    @property
    def current_trick(self) -> tuple[tuple[Seat, Card], ...]:
        return self.state.trick

    def is_complete(self) -> bool:
        return self.state.phase == "over"

    def tricks_won(self, seat: Seat) -> int:
        """Tricks won by ``seat``'s side."""
        return sum(1 for t in self.state.tricks if t.winner in (seat, seat.partner))

    # ---- convenience -------------------------------------------------------------------------------
    def play(self, card: Card | str, seat: Seat | None = None) -> PlayState:
        """Play ``card`` for the hand to act if it is legal; refuse an illegal card with the law
        (the widget's ordinary mode). Irregular events go through ``push``."""
        c = Card.parse(card) if isinstance(card, str) else card
        st = self.state
        seat = st.to_act if seat is None else seat
        if seat is None:
            raise IllegalPlayError("play is over", key="error.play_over", trick_no=st.trick_no)
        if st.pending is not None:
            raise DecisionError(f"{seat.name.title()} may not play {c}: a decision is pending ({st.pending.law})",
                                law=st.pending.law, seat=seat, card=c, key="error.decision_pending",
                                trick_no=st.trick_no)
        if c not in legal_cards(st, seat):
            raise director.why_not_legal(st, seat, c)
        return self.push(Play(seat, c))

    def _repr_html_(self) -> str:
        from bridgelaws.render import html

        return html.table(self)

    def __repr__(self) -> str:
        hist = ", ".join(repr(e) for e in self.history)
        return f"Table({self.deal!r}, {self.contract!r}, history=[{hist}])"

    def replay_matches(self) -> bool:
        """Replaying the history from the deal reproduces the current state (a reconstruction check)."""
        return Table(self.deal, self._contract, self.history, dealer=getattr(self, "dealer", None),
                     vulnerable=getattr(self, "vulnerable", None)).state == self.state


def load_rules() -> None:
    """The rules are loaded with this module (kept for callers written when they were loaded on first use)."""
