"""The table engine: the state of play as a fold of events over a deal.

``Table(deal, contract)``; ``push(event)`` computes the next :class:`PlayState` with pure functions and
appends it; ``pop()`` restores the previous one. An impossible event raises an
:class:`~bridgelaws.errors.IllegalPlayError` naming the event, seat and card, and changes nothing.
The rules for irregularities live in :mod:`bridgelaws.rules` (one module per law group), which register
a handler for each event type.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from bridgelaws.cards import Card, Seat, Suit
from bridgelaws.deal import Contract, Deal
from bridgelaws.errors import (
    DecisionError, FailureToFollowSuitError, IllegalPlayError, NotInHandError,
)
from bridgelaws.events import Event, Play
from bridgelaws.i18n import Message
from bridgelaws.laws import LawRef, law
from bridgelaws.state import (
    ConstraintChange, Decision, PenaltyCard, PlayState, Restriction, Statement, Trick,
)

__all__ = ["Table", "legal_cards", "register", "HANDLERS"]

Handler = Callable[["Table", PlayState, Any], PlayState]
HANDLERS: dict[type, Handler] = {}

L44 = law("44")
L44C = law("44C")


def register(event_type: type) -> Callable[[Handler], Handler]:
    """Decorator: the rules module that implements ``event_type``."""

    def deco(fn: Handler) -> Handler:
        HANDLERS[event_type] = fn
        return fn

    return deco


def note(key: str, law_ref: LawRef | None, **params: Any) -> Statement:
    return Statement(Message(key, params), law_ref, kind="note")


# ----------------------------------------------------------------------------------------------------------
# legal cards (LAWS.md, "Legal cards for a defender")
# ----------------------------------------------------------------------------------------------------------

def follow_suit_cards(state: PlayState, seat: Seat) -> frozenset[Card]:
    """The duty to follow suit (Law 44C): cards of the suit led if he has any, else his whole holding."""
    holding = state.holding(seat)
    led = state.suit_led
    if led is not None and seat not in (s for s, _ in state.trick):
        follow = frozenset(c for c in holding if c.suit is led)
        if follow:
            return follow
    return holding


def binding_restrictions(state: PlayState, seat: Seat) -> list[Restriction]:
    """Restrictions that bind ``seat`` at this turn: lead restrictions when he leads, 57A options when he
    plays to the current trick."""
    leading = not state.trick
    out = []
    for r in state.restrictions:
        if r.seat is not seat:
            continue
        if r.is_lead_restriction:
            if leading:
                out.append(r)
        elif not leading and r.trick_no == state.trick_no:
            out.append(r)
    return out


def apply_restriction(r: Restriction, cards: frozenset[Card], led: Suit | None) -> frozenset[Card]:
    if r.kind == "require":
        return frozenset(c for c in cards if c.suit in r.suits)
    if r.kind == "forbid":
        return frozenset(c for c in cards if c.suit not in r.suits)
    if r.kind in ("highest", "lowest"):
        of_led = [c for c in cards if c.suit is led]
        if not of_led:
            return frozenset()
        pick = max if r.kind == "highest" else min
        return frozenset([pick(of_led, key=lambda c: c.rank)])
    if r.kind == "require_suit":
        return frozenset(c for c in cards if c.suit in r.suits)
    if r.kind == "forbid_suit":
        return frozenset(c for c in cards if c.suit not in r.suits)
    raise ValueError(f"unknown restriction {r.kind!r}")


def restricted_cards(state: PlayState, seat: Seat) -> tuple[frozenset[Card], frozenset[Card], bool]:
    """(base, candidates, cannot_comply): base follows suit; candidates also satisfy the restrictions
    binding him (50D2, 51B, 57A); when none does, Law 59 releases him to any otherwise legal card."""
    base = follow_suit_cards(state, seat)
    rs = binding_restrictions(state, seat)
    if not rs:
        return base, base, False
    cand = base
    for r in rs:
        cand = apply_restriction(r, cand, state.suit_led)
    if not cand:
        return base, base, True
    return base, cand, False


def penalty_card_candidates(state: PlayState, seat: Seat, cand: frozenset[Card]) -> list[PenaltyCard]:
    """His major penalty cards that he can legally play now (50D1a)."""
    return [p for p in state.penalty_cards if p.seat is seat and p.is_major and p.card in cand]


def legal_cards_ignoring_pending(state: PlayState, seat: Seat) -> frozenset[Card]:
    """Implements Laws 44C, 50D1, 50C, 51A and 59 in that order of precedence."""
    if not state.is_defender(seat) or not state.penalty_cards and not state.restrictions:
        return follow_suit_cards(state, seat)
    _, cand, _ = restricted_cards(state, seat)
    majors = penalty_card_candidates(state, seat, cand)
    if majors:                                                              # 50D1a, 51A
        if state.designated is not None and any(p.card == state.designated for p in majors):
            return frozenset([state.designated])
        return frozenset(p.card for p in majors)
    limited = cand
    for p in state.penalty_cards:                                           # 50C
        if p.seat is seat and not p.is_major:
            limited = frozenset(c for c in limited if c.suit is not p.card.suit or c == p.card or c.is_honour)
    # a rectification restriction (57A "highest", say) comes before the minor card's limit, as in 50D1b
    return limited or cand


def legal_cards(state: PlayState, seat: Seat | None = None) -> frozenset[Card]:
    """The cards the hand to act may legally play now; empty while a decision is pending or play is over."""
    seat = state.to_act if seat is None else seat
    if seat is None or state.pending is not None or state.irregular_lead is not None or state.phase == "over":
        return frozenset()
    if seat is not state.to_act:
        return frozenset()
    fd = state.opening_lead_face_down
    if fd is not None and fd[0] is seat:
        return frozenset([fd[1]])  # 41A: the face-down opening lead has been made; it is faced, not changed
    return legal_cards_ignoring_pending(state, seat)


# ----------------------------------------------------------------------------------------------------------
# playing a card
# ----------------------------------------------------------------------------------------------------------

def trick_winner(plays: Iterable[tuple[Seat, Card]], trump: Suit | None) -> Seat:
    it = iter(plays)
    best_seat, best = next(it)
    for seat, card in it:
        if card.suit is best.suit:
            if card.rank > best.rank:
                best_seat, best = seat, card
        elif trump is not None and card.suit is trump:
            best_seat, best = seat, card
    return best_seat


def next_in_trick(state: PlayState) -> Seat | None:
    """The next seat to play to the current trick (skipping any that already played out of turn)."""
    if state.trick_leader is None:
        return state.to_act
    played = {s for s, _ in state.trick}
    for seat in Seat.iter_from(state.trick_leader):
        if seat not in played:
            return seat
    return None


def remove_from_holding(state: PlayState, seat: Seat, card: Card) -> PlayState:
    """Take ``card`` out of ``seat``'s hand, or off the table if it is one of his penalty cards."""
    if card in state.hand(seat):
        return state.with_hand(seat, state.hand(seat) - {card})
    pcs = tuple(p for p in state.penalty_cards if not (p.seat is seat and p.card == card))
    if len(pcs) == len(state.penalty_cards):
        raise NotInHandError(f"{seat.name.title()} does not hold {card}", seat=seat, card=card,
                             key="error.not_in_hand", trick_no=state.trick_no)
    return state.evolve(penalty_cards=pcs)


def place_card(state: PlayState, seat: Seat, card: Card, *, complete: bool = True) -> PlayState:
    """Put ``card`` on the current trick for ``seat`` (no legality checks here) and advance the play."""
    hand = state.hands[seat.index]
    if card in hand:
        hs = list(state.hands)
        hs[seat.index] = hand - {card}
        hands = (hs[0], hs[1], hs[2], hs[3])
        pcs = state.penalty_cards
    else:
        hands = state.hands
        pcs = tuple(p for p in state.penalty_cards if not (p.seat is seat and p.card == card))
        if len(pcs) == len(state.penalty_cards):
            raise NotInHandError(f"{seat.name.title()} does not hold {card}", seat=seat, card=card,
                                 key="error.not_in_hand", trick_no=state.trick_no)
    leading = not state.trick
    restrictions = state.restrictions
    if leading and restrictions:
        # a required lead is used up by the lead itself (50D2a: for this lead only)
        restrictions = tuple(r for r in restrictions if not (r.seat is seat and r.until == "this_lead"))
    last = tuple(sc for sc in state.last_played if sc[0] is not seat) + ((seat, card),)
    trick = state.trick + ((seat, card),)
    leader = seat if leading else state.trick_leader
    state = state.evolve(
        hands=hands, penalty_cards=pcs, trick=trick, trick_leader=leader,
        phase="play" if state.phase == "clarification" else state.phase,
        restrictions=restrictions, last_played=last, designated=None, lead_decided_by=None,
    )
    if complete and len(trick) == 4:
        return complete_trick(state)
    return state.evolve(to_act=next_in_trick(state))


def complete_trick(state: PlayState) -> PlayState:
    assert state.trick_leader is not None
    winner = trick_winner(state.trick, state.trump)
    done = Trick(state.trick_leader, state.trick, winner)
    tricks = state.tricks + (done,)
    # a forbidden lead lapses once the restricted player no longer holds the lead (50D2a, 51B);
    # 57A options bind only in the trick they were chosen for
    kept = tuple(r for r in state.restrictions
                 if not (r.until == "loses_lead" and r.seat is not winner) and r.until != "this_trick")
    over = len(tricks) == 13
    return state.evolve(tricks=tricks, trick=(), trick_leader=None, to_act=None if over else winner,
                   restrictions=kept, phase="over" if over else state.phase, designated=None)


def check_plain_play(state: PlayState, seat: Seat, card: Card, event: Event) -> None:
    """Refuse what cannot happen: play after the end, a card not held, a revoke written as a play."""
    if state.phase == "over":
        raise IllegalPlayError(f"{event}: all 13 tricks have been played", seat=seat, card=card, event=event,
                               key="error.play_over", trick_no=state.trick_no)
    if card not in state.holding(seat):
        raise NotInHandError(f"{event}: {seat.name.title()} does not hold {card}", seat=seat, card=card,
                             event=event, key="error.not_in_hand", trick_no=state.trick_no)
    base = follow_suit_cards(state, seat)
    if card not in base:
        led = state.suit_led
        raise FailureToFollowSuitError(
            f"Law 44C: {seat.name.title()} must follow suit in {led.name.lower() if led else ''}; {card} is a revoke "
            f"(write it as an 'expose ... how = \"revoke_corrected\"' event followed by the legal card) "
            f"(trick {state.trick_no})", law=L44C, seat=seat, card=card, event=event, trick_no=state.trick_no,
            key="error.must_follow", suit=led)


# ----------------------------------------------------------------------------------------------------------
# the Table
# ----------------------------------------------------------------------------------------------------------

class Table:
    """One table's play of one deal: the deal, the contract, the events and the state after each."""

    def __init__(self, deal: Deal, contract: Contract, history: Iterable[Event] = ()) -> None:
        load_rules()
        deal.validate()
        self.deal = deal
        self.contract = contract
        self.history: list[Event] = []
        self._states: list[PlayState] = [self.initial_state()]
        self._changes: list[tuple[ConstraintChange, ...]] = [()]
        for event in history:
            self.push(event)

    def initial_state(self) -> PlayState:
        hands = tuple(self.deal.hand(s).cards for s in Seat)
        st = PlayState(declarer=self.contract.declarer, trump=self.contract.trump,
                       hands=hands, to_act=self.contract.opening_leader)  # type: ignore[arg-type]
        return settle(st)

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
        handler = HANDLERS.get(type(event))
        if handler is None:
            raise IllegalPlayError(f"{event}: the engine has no rule for {event.action!r} events yet",
                                   seat=event.seat, event=event, key="error.not_implemented",
                                   action=event.action)
        new = handler(self, state.evolve(notes=(), questions=()) if (state.notes or state.questions) else state,
                      event)
        return settle(new)

    def push(self, event: Event) -> PlayState:
        before = self.state
        try:
            after = self.apply(before, event)
        except IllegalPlayError as exc:
            if exc.event is None:
                exc.event = event
            raise
        from bridgelaws.rules.director import constraint_changes

        self._changes.append(constraint_changes(before, after, event))
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
        t.deal, t.contract = self.deal, self.contract
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
        from bridgelaws.rules.director import statements

        return statements(self.state)

    def director_says(self, lang: str = "en") -> list[str]:
        return [s.text(lang) for s in self.statements()]

    def constraints(self) -> list[Any]:
        from bridgelaws.rules.director import constraints

        return constraints(self.state)

    def changes(self, index: int | None = None) -> tuple[ConstraintChange, ...]:
        """How the constraints fared in event ``index`` (default: the last event)."""
        return self._changes[-1 if index is None else index + 1]

    def information(self) -> dict[str, Any] | None:
        from bridgelaws.rules.penalty_cards import information

        return information(self.state)

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
            from bridgelaws.rules.director import why_not_legal

            raise why_not_legal(st, seat, c)
        return self.push(Play(seat, c))

    def _repr_html_(self) -> str:
        from bridgelaws.render import html

        return html.table(self)

    def __repr__(self) -> str:
        hist = ", ".join(repr(e) for e in self.history)
        return f"Table({self.deal!r}, {self.contract!r}, history=[{hist}])"

    def replay_matches(self) -> bool:
        """Replaying the history from the deal reproduces the current state (a reconstruction check)."""
        return Table(self.deal, self.contract, self.history).state == self.state


# ----------------------------------------------------------------------------------------------------------
# settling: decisions that arise from the position itself (50D2 / 51B, 51A)
# ----------------------------------------------------------------------------------------------------------

def settle(state: PlayState) -> PlayState:
    """Derive the decisions that the position itself calls for once an event has been applied."""
    if state.pending is not None and state.pending.kind == "lead_options" and state.pending.subject is not None:
        # a further penalty card exposed while declarer is choosing changes what he may choose (51B)
        from bridgelaws.rules import penalty_cards as pc

        fresh = pc.lead_options(state, state.pending.subject)
        return state if fresh == state.pending else state.evolve(pending=fresh)
    if state.pending is not None or state.irregular_lead is not None or state.phase == "over":
        return state
    seat = state.to_act
    if seat is None or not state.is_defender(seat) or not state.penalty_cards:
        return state
    from bridgelaws.rules import penalty_cards as pc

    if not state.trick:
        decision = pc.lead_options(state, seat)
        if decision is not None:
            return state.evolve(pending=decision)
    decision = pc.designation_needed(state, seat)
    if decision is not None:
        return state.evolve(pending=decision)
    return state


_rules_loaded = False


def load_rules() -> None:
    """Import the rules modules, which register their handlers. Done on first use of a Table rather than at
    ``import bridgelaws``, which keeps the import fast."""
    global _rules_loaded
    if _rules_loaded:
        return
    # play first: the modules after it build on the ordinary play's handler
    from bridgelaws.rules import play  # noqa: F401
    from bridgelaws.rules import designation, leads, penalty_cards, played_card, premature, revoke  # noqa: F401
    _rules_loaded = True

