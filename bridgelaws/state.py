"""The immutable state of play after each event, and the rulings-as-data it carries.

``PlayState`` is a frozen snapshot; the engine (:mod:`bridgelaws.table`) computes the next one from the
previous one and an event with pure functions. Every constraint, pending decision and option names the
law paragraph behind it.
"""

from __future__ import annotations

import operator

from dataclasses import dataclass, replace
from typing import Any

from bridgelaws.cards import Card, Seat, Suit
from bridgelaws.i18n import Message
from bridgelaws.laws import LawRef

__all__ = ["PenaltyCard", "Restriction", "Option", "Decision", "IrregularLead", "Trick", "CardStatus",
           "PlayState", "Statement", "Constraint", "ConstraintChange", "Revoke", "ClaimRecord"]


@dataclass(frozen=True, slots=True)
class PenaltyCard:
    """A defender's card lying face up in front of him (Laws 49, 50). ``kind`` is major or minor (50B)."""

    seat: Seat
    card: Card
    kind: str
    law: LawRef

    @property
    def is_major(self) -> bool:
        return self.kind == "major"


@dataclass(frozen=True, slots=True)
class Restriction:
    """A restriction on a defender's lead (50D2, 51B) or on his play to the current trick (57A).

    ``kind``: ``require`` / ``forbid`` (lead), or ``highest`` / ``lowest`` / ``require_suit`` /
    ``forbid_suit`` (57A, play). ``until``: ``this_lead``, ``loses_lead`` or ``this_trick``.
    """

    seat: Seat
    kind: str
    suits: tuple[Suit, ...]
    until: str
    law: LawRef
    trick_no: int
    by_penalty_of: Seat | None = None

    @property
    def is_lead_restriction(self) -> bool:
        return self.kind in ("require", "forbid")


@dataclass(frozen=True, slots=True)
class Option:
    """One option of a pending decision, in the scenario vocabulary (``require``, ``accept_and_play`` ...)."""

    name: str
    law: LawRef
    suits: tuple[Suit, ...] = ()
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class Decision:
    """A choice the Laws give someone, that play waits for.

    ``kind``: ``lead_options`` (50D2/51B), ``opening_lead_out_of_turn`` (54), ``lead_out_of_turn`` (53/56),
    ``declarer_lead_out_of_turn`` (55), ``premature_play`` (57A), ``failure_to_play`` (52),
    ``designate_penalty_card`` (51A), ``select_card`` (58B2).
    """

    kind: str
    by: Seat
    options: tuple[Option, ...]
    law: LawRef
    offender: Seat | None = None
    cards: tuple[Card, ...] = ()
    suits: tuple[Suit, ...] = ()
    #: the seat the decision concerns (the offender's partner for 50D2 and 57A)
    subject: Seat | None = None

    @property
    def option_names(self) -> frozenset[str]:
        return frozenset(o.name for o in self.options)


@dataclass(frozen=True, slots=True)
class IrregularLead:
    """A card faced as a lead by the wrong hand, waiting to be accepted or rejected (53 to 56)."""

    seat: Seat
    card: Card
    correct_leader: Seat
    opening: bool
    #: statements so far by defenders about declarer's lead out of turn (55A): (seat, accepted)
    statements: tuple[tuple[Seat, bool], ...] = ()


@dataclass(frozen=True, slots=True)
class Trick:
    """A completed trick: leader, the cards in the order played, and the winner."""

    leader: Seat
    plays: tuple[tuple[Seat, Card], ...]
    winner: Seat

    def card_of(self, seat: Seat) -> Card | None:
        for s, c in self.plays:
            if s is seat:
                return c
        return None

    @property
    def suit_led(self) -> Suit:
        return self.plays[0][1].suit

    def _repr_html_(self) -> str:
        from bridgelaws.render import html

        return html.trick(self)


@dataclass(frozen=True, slots=True)
class CardStatus:
    """Whether a card that was held or touched (45C) counts as played, and on which finding."""

    seat: Seat
    card: Card
    played: bool | None
    law: LawRef
    source: str  # "hold" | "touch" | "designate"


@dataclass(frozen=True, slots=True)
class Revoke:
    """A revoke (Law 61A): ``seat``'s ``card`` in trick ``trick_no`` although he could follow ``suit``.

    ``faced``: every card of the suit he failed to play lay face up on the table (dummy's hand, his own
    penalty cards; 64B3). ``was_penalty``: the kind of penalty card the revoke card was (62B2, a defender's
    faced card). ``established`` (63A, by the law ``established_by``) and ``corrected`` (62) are its fate.
    """

    seat: Seat
    card: Card
    trick_no: int
    suit: Suit | None
    law: LawRef
    faced: bool = False
    was_penalty: str | None = None
    established: bool = False
    established_by: LawRef | None = None
    corrected: bool = False
    #: for a revoke that broke a restriction (61A): the restrictions in force before the card, which bind
    #: the card that replaces it if the revoke is corrected
    restrictions: tuple[Restriction, ...] = ()

    def evolve(self, **changes: Any) -> Revoke:
        return replace(self, **changes)


@dataclass(frozen=True, slots=True)
class ClaimRecord:
    """A claim or concession (68A, 68B) and what became of it.

    ``kind``: ``claim`` or ``concede``; ``tricks``: of the ``remaining`` tricks, those it gives the maker's
    side (a claim of 3 of 5 gives 3; a concession of 2 of 5 gives 3). ``status``: ``open`` (made, nobody has
    answered), ``agreed`` (69A), ``disputed`` (68D2, the Director called), ``acquiesced`` (69A: no objection
    before the next board or the end of the round), ``ruled`` (the Director's ruling, 69B, 70, 71).
    ``established``: the revokes this claim or concession established (63A3, 63A4), by index. ``computed``:
    the fewest tricks the maker's side can take from here under any legal play, when the engine computed it
    (None otherwise). ``before``: the phase and the hand to act before play ceased (68B2 restores them)."""

    seat: Seat
    kind: str
    tricks: int
    remaining: int
    line: str | None = None
    status: str = "open"
    finding: str | None = None
    established: tuple[int, ...] = ()
    computed: int | None = None
    before: tuple[str, Seat | None] = ("play", None)
    #: the sides that have called the Director about it (68D2), in order: the claimer's side about the tricks
    #: the claim conceded (68B1, 71), the other side about the claim (70) or its own agreement (69B)
    disputed_by: tuple[str, ...] = ()

    @property
    def conceded(self) -> int:
        """The remaining tricks it gives the other side: a concession's, or those a claim of fewer than all the
        remaining tricks concedes (68B1: "a claim of some number of tricks is a concession of the remainder")."""
        return self.remaining - self.tricks

    @property
    def settled(self) -> bool:
        """The result is fixed: a concession that stands, or a claim agreed, acquiesced in or ruled on."""
        return self.status in ("agreed", "acquiesced", "ruled") or (self.kind == "concede" and self.status == "open")

    def evolve(self, **changes: Any) -> ClaimRecord:
        return replace(self, **changes)


@dataclass(frozen=True, slots=True)
class Statement:
    """One thing the Director says now: a message and the law behind it."""

    message: Message
    law: LawRef | None
    kind: str = "info"

    def text(self, lang: str = "en") -> str:
        body = self.message.text(lang)
        return f"{body} ({self.law.cite(lang)})" if self.law is not None else body


@dataclass(frozen=True, slots=True)
class Constraint:
    """A constraint in force: who it binds, what, and the law. ``key`` identifies it across states."""

    key: tuple[Any, ...]
    seat: Seat
    message: Message
    law: LawRef


@dataclass(frozen=True, slots=True)
class ConstraintChange:
    """How one constraint fared in one event: ``started``, ``changed``, ``continued`` or ``ended``."""

    status: str
    constraint: Constraint
    reason: Message | None = None


@dataclass(frozen=True, slots=True)
class PlayState:
    """Everything the engine knows after an event. Hands hold the cards still in each hand; penalty cards
    lie on the table but still belong to their owner's holding."""

    declarer: Seat
    trump: Suit | None
    hands: tuple[frozenset[Card], frozenset[Card], frozenset[Card], frozenset[Card]]
    to_act: Seat | None
    phase: str = "clarification"  # auction | clarification | play | over
    trick_leader: Seat | None = None
    trick: tuple[tuple[Seat, Card], ...] = ()
    tricks: tuple[Trick, ...] = ()
    penalty_cards: tuple[PenaltyCard, ...] = ()
    restrictions: tuple[Restriction, ...] = ()
    pending: Decision | None = None
    irregular_lead: IrregularLead | None = None
    #: (trick number, lead counter) for which declarer has already exercised his 50D2/51B options
    options_settled: tuple[int, Seat] | None = None
    designated: Card | None = None
    restored: tuple[tuple[Seat, Card], ...] = ()
    last_played: tuple[tuple[Seat, Card], ...] = ()
    lead_stands: bool | None = None
    #: sentences about the last event itself ("the lead was accepted by North's play (53A)")
    notes: tuple[Statement, ...] = ()
    #: 45C / 41A: cards held or touched, and whether they count as played
    card_status: tuple[CardStatus, ...] = ()
    opening_lead_face_down: tuple[Seat, Card] | None = None
    may_withdraw: bool | None = None
    designation: Any = None
    #: 45C4b: the last designated dummy card that may still be corrected: (card, trick_no)
    correctable: Any = None
    #: the Director's open questions of fact (judgement), each with the ruling under each answer
    questions: tuple[Statement, ...] = ()
    irregular_plays: tuple[tuple[Seat, Card, LawRef], ...] = ()
    #: 55A: after the defender next in turn has decided on declarer's lead out of turn, his partner may still
    #: speak; that changes nothing, until the next card is played
    lead_decided_by: Seat | None = None
    #: every revoke so far, in order (61A), with its establishment (63A) and correction (62)
    revokes: tuple[Revoke, ...] = ()
    #: a corrected revoke's trick, re-opened (62B, 62C): (trick number, index of the revoke, seats that played
    #: after the revoke card, seats that have taken their card back)
    revoke_correction: tuple[int, int, tuple[Seat, ...], tuple[Seat, ...]] | None = None
    #: the cards played to the trick after a corrected revoke's trick, before attention was drawn (62C1; 62D1:
    #: trick 13), in the order played: back in their owners' hands while the revoke trick is played again, and
    #: played again by themselves once it is complete, as far as they still stand (the lead by the player who
    #: now wins the trick, and each card after it by the next hand in rotation), unless taken back
    revoke_later: tuple[tuple[Seat, Card], ...] = ()
    #: 53B: cards played in error to the trick of a lead out of turn: waiting for the proper lead, then lying in
    #: the trick as their owners' cards unless taken back
    in_error: tuple[tuple[Seat, Card], ...] = ()
    #: 53B: cards played in error to the trick in progress that have gone back to their owners' hands (taken back,
    #: or unable to stand there): taking one back again is void
    back_53b: tuple[tuple[Seat, Card], ...] = ()
    #: 60B: declarer has been required to take back his lead from the wrong hand and has not yet led from the
    #: correct one
    lead_retracted: bool = False
    #: 68 to 71: the claim or concession in force (play has ceased, 68D), or None
    claim: ClaimRecord | None = None
    #: how the board was closed, in order: ("64B4", side) after that side's call on the next board, ("64B5", None)
    #: after the end of the round
    board_closed: tuple[tuple[str, str | None], ...] = ()
    #: Law 16C: every card (or call) withdrawn as the Laws provide, in order, each a
    #: bridgelaws.rules.information.WithdrawnInformation (who withdrew it, and which side is authorized)
    withdrawn: tuple[Any, ...] = ()
    #: Law 16B: cards a defender took out and put back, unseen by his partner (45C1): what his handling of his
    #: cards may suggest is unauthorized for his partner, stated at the partner's turn while the card is in hand
    handled: tuple[tuple[Seat, Card], ...] = ()
    #: the auction period (phase ``auction``): the auction's state (bridgelaws.auction.engine.AuctionState),
    #: kept after it ends for the bidding diagram and Law 16C
    auction: Any = None
    #: Law 26B waiting for the offender's partner's first turn to lead: (partner, offender, suits declarer may
    #: prohibit), or None
    auction_lead: Any = None

    # ---- derived views -------------------------------------------------------------------------------
    @property
    def dummy(self) -> Seat:
        return self.declarer.partner

    @property
    def defenders(self) -> tuple[Seat, Seat]:
        return (self.declarer.lho, self.declarer.rho)

    def is_defender(self, seat: Seat) -> bool:
        return seat is self.declarer.lho or seat is self.declarer.rho

    def hand(self, seat: Seat) -> frozenset[Card]:
        return self.hands[seat.index]

    def penalty_cards_of(self, seat: Seat) -> tuple[PenaltyCard, ...]:
        return tuple(p for p in self.penalty_cards if p.seat is seat)

    def holding(self, seat: Seat) -> frozenset[Card]:
        """Cards the seat still owns: his hand plus his penalty cards on the table."""
        pcs = [p.card for p in self.penalty_cards if p.seat is seat]
        return self.hand(seat) | frozenset(pcs) if pcs else self.hand(seat)

    @property
    def trick_no(self) -> int:
        """Number of the trick in progress (1 to 13); 14 when play is over."""
        return len(self.tricks) + 1

    @property
    def suit_led(self) -> Suit | None:
        return self.trick[0][1].suit if self.trick else None

    def with_hand(self, seat: Seat, cards: frozenset[Card]) -> PlayState:
        hs = list(self.hands)
        hs[seat.index] = cards
        return self.evolve(hands=(hs[0], hs[1], hs[2], hs[3]))

    def add_restored(self, pairs: Any) -> PlayState:
        """Record cards that went back to their owner's hand. ``restored`` is a set kept in order: a card that
        goes back again (a card taken out and put back again and again) adds nothing, so the state stays the
        same size however long the history, and replaying it stays linear in the number of events."""
        new = tuple(p for p in dict.fromkeys(pairs) if p not in self.restored)
        return self.evolve(restored=self.restored + new) if new else self

    def evolve(self, **changes: Any) -> PlayState:
        """``dataclasses.replace`` in one pass (the engine's hot path makes one of these per card): every field
        read at once, the changed ones replaced, each slot written through its descriptor."""
        values = list(_ALL_FIELDS(self))
        for name, value in changes.items():
            i = _INDEX.get(name)
            if i is None:
                raise TypeError(f"PlayState has no field {name!r}")
            values[i] = value
        new = object.__new__(PlayState)
        for store, value in zip(_SETTERS, values):
            store(new, value)
        return new


_FIELDS = tuple(PlayState.__dataclass_fields__)
_FIELDSET = frozenset(_FIELDS)
_INDEX = {name: i for i, name in enumerate(_FIELDS)}
_ALL_FIELDS = operator.attrgetter(*_FIELDS)
#: the slots' own setters (a frozen dataclass refuses setattr; object.__setattr__ per field is slower)
_SETTERS = tuple(PlayState.__dict__[name].__set__ for name in _FIELDS)
