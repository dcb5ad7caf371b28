"""The play mechanics below the rules: legal cards, placing a card, completing a trick, and the registry of
event handlers.

Every module of :mod:`bridgelaws.rules` builds on these; :mod:`bridgelaws.table` imports the rules and folds
events with the handlers they register. Imports run one way: ``mechanics`` <- ``rules`` <- ``table``
(tests/test_imports.py). A handler receives the engine that calls it (anything with ``apply(state, event)``,
in practice the :class:`~bridgelaws.table.Table`), so that a rule can apply a further event.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Protocol

from bridgelaws.cards import Card, Seat, Suit
from bridgelaws.errors import FailureToFollowSuitError, IllegalPlayError, NotInHandError
from bridgelaws.events import Event
from bridgelaws.i18n import Message
from bridgelaws.laws import LawRef, law
from bridgelaws.state import PenaltyCard, PlayState, Restriction, Statement, Trick

__all__ = [
    "Engine", "Handler", "HANDLERS", "EXPOSE_HANDLERS", "CHOICE_HANDLERS", "register", "register_expose",
    "register_choice", "note", "follow_suit_cards", "binding_restrictions", "apply_restriction", "restricted_cards",
    "penalty_card_candidates", "legal_cards_ignoring_pending", "designation_candidates", "legal_cards",
    "trick_winner", "next_in_trick", "remove_from_holding", "place_card", "complete_trick", "check_plain_play",
]


class Engine(Protocol):
    """What a handler may ask of the engine that calls it: the state after a further event."""

    def apply(self, state: PlayState, event: Any) -> PlayState: ...


Handler = Callable[[Engine, PlayState, Any], PlayState]
HANDLERS: dict[type, Handler] = {}

L44 = law("44")
L44C = law("44C")


def register(event_type: type) -> Callable[[Handler], Handler]:
    """Decorator: the rules module that implements ``event_type``."""

    def deco(fn: Handler) -> Handler:
        HANDLERS[event_type] = fn
        return fn

    return deco


#: ``expose`` events by ``how``: the rules module of each way of exposing a card registers its handler
#: (lead out of turn 53-56, premature play 57A, corrected revoke 62); ``dropped`` and ``named`` are Law 49's own
EXPOSE_HANDLERS: dict[str, Handler] = {}
#: declarer's ``choose`` by the kind of decision pending, for decisions owned by another module than Law 50's
CHOICE_HANDLERS: dict[str, Callable[[PlayState, Any, Any], PlayState]] = {}


def register_expose(how: str) -> Callable[[Handler], Handler]:
    """Decorator: the rules module that implements ``expose ... how = <how>``."""

    def deco(fn: Handler) -> Handler:
        EXPOSE_HANDLERS[how] = fn
        return fn

    return deco


def register_choice(kind: str) -> Callable[[Callable[[PlayState, Any, Any], PlayState]],
                                           Callable[[PlayState, Any, Any], PlayState]]:
    """Decorator: the rules module that carries out declarer's choice on a decision of ``kind``."""

    def deco(fn: Callable[[PlayState, Any, Any], PlayState]) -> Callable[[PlayState, Any, Any], PlayState]:
        CHOICE_HANDLERS[kind] = fn
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


def designation_candidates(state: PlayState, seat: Seat) -> frozenset[Card] | None:
    """The cards dummy may play while a designation waits for one of them (46B: declarer's choice, either
    defender's, or the Director's finding), or None when no designation restricts ``seat`` now. Only cards that
    dummy may legally play count; a designation none of whose cards dummy may play restricts nothing (it lapses,
    :func:`bridgelaws.rules.designation.lapse_stale`). ``legal_cards`` and the play handler both use this, so
    that every card offered is accepted."""
    if seat is not state.dummy:
        return None
    candidates = getattr(state.designation, "candidates", None)
    if not candidates:
        return None
    allowed = follow_suit_cards(state, seat) & frozenset(candidates)
    return allowed or None


def legal_cards(state: PlayState, seat: Seat | None = None) -> frozenset[Card]:
    """The cards the hand to act may legally play now; empty while a decision is pending or play is over.
    While a designation of dummy's card waits (46B), dummy's legal cards are its candidates."""
    seat = state.to_act if seat is None else seat
    if seat is None or state.pending is not None or state.irregular_lead is not None or state.phase == "over":
        return frozenset()
    if state.phase == "auction":   # no card is played before the auction ends (17D)
        return frozenset()
    if seat is not state.to_act:
        return frozenset()
    fd = state.opening_lead_face_down
    if fd is not None and fd[0] is seat:
        return frozenset([fd[1]])  # 41A: the face-down opening lead has been made; it is faced, not changed
    allowed = designation_candidates(state, seat)
    return allowed if allowed is not None else legal_cards_ignoring_pending(state, seat)


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
        restrictions=restrictions, last_played=last, designated=None, lead_decided_by=None, lead_retracted=False,
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
                   restrictions=kept, phase="over" if over else state.phase, designated=None, in_error=(),
                        back_53b=())


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
            f"(write a revoke that stands as 'play ... revoke = true', or a revoke corrected at once as 'expose ... how = \"revoke_corrected\"') "
            f"(trick {state.trick_no})", law=L44C, seat=seat, card=card, event=event, trick_no=state.trick_no,
            key="error.must_follow", suit=led)
