"""One picture of a position as data: what every surface (static diagram, card-table widget, handout) shows.

:func:`position` turns a :class:`~bridgelaws.table.Table` into a :class:`BoardView`: for each seat the cards it
shows to the chosen *role* (the Director sees everything; a player sees his own hand, dummy once the opening
lead is faced, and every penalty card, which always lies face up), the trick in progress (or the last trick,
greyed), penalty cards with their kind, whose turn it is, the legal cards of the hand to play, the pending
decision with its options (each with the event it pushes), and what the Director says. With ``hold_back``
the ruling is held back (seminar mode): no statements, no penalty-card kinds, no legal-card outline.

Pure Python on the core layers: the renderers (:mod:`bridgelaws.render`) draw it, the widget
(:mod:`bridgelaws.widgets`) is a front end on it. Statement texts are rendered in the view's language; the
other labels are catalogue keys the renderer looks up.

>>> import bridgelaws as bl
>>> t = bl.Table(bl.Deal.from_pbn("N:T542.AK2.76.AT98 AJ6.76.A954.K765 Q87.Q543.T8.Q432 K93.JT98.KQJ32.J"),
...              bl.Contract.parse("3NT", "S"))
>>> v = position(t, role="E")
>>> [s.hidden for s in v.seats]    # East sees his own hand only: dummy is faced after the opening lead
[True, False, True, True]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bridgelaws.cards import Card, Seat, Suit
from bridgelaws.decision_options import decision_events
from bridgelaws.events import AcceptLead, Choose, Event, Select, SpreadHand
from bridgelaws.i18n import Message, normalize_lang
from bridgelaws.laws import LawRef

if TYPE_CHECKING:
    from bridgelaws.deal import Contract, Deal
    from bridgelaws.state import Decision, PenaltyCard, PlayState
    from bridgelaws.table import Table

__all__ = [
    "ROLES", "BoardView", "Choice", "DecisionView", "SeatView", "TrickCard", "decision_choices", "deal_view",
    "hidden_seats", "parse_role", "position", "revoke_choices", "role_hidden",
]

#: who looks at the table: the Director (everything), a seat, or declarer (his hand and dummy)
ROLES: tuple[str, ...] = ("director", "N", "E", "S", "W", "declarer")


@dataclass(frozen=True)
class SeatView:
    """What the picture shows for one seat."""

    seat: Seat
    hidden: bool
    #: cards still in the hand, display order (spades first, high to low)
    cards: tuple[Card, ...]
    #: cards of this hand that have been played (shown greyed when asked for)
    played: frozenset[Card]
    penalty_cards: tuple[PenaltyCard, ...]
    #: "declarer" and/or "dummy"
    roles: tuple[str, ...]
    #: "lead", "play" or None: whose turn it is, and whether that turn is a lead
    turn: str | None
    #: a decision that play waits for is this seat's to make
    decides: bool
    #: the cards this seat may legally play now, when they are to be outlined (empty otherwise)
    legal: frozenset[Card] = frozenset()
    #: penalty cards show whether they are major or minor (False while the ruling is held back)
    kinds_shown: bool = True


@dataclass(frozen=True)
class TrickCard:
    """A card lying in the middle of the table. ``how``: ``lead`` (led to the trick in progress), ``play``,
    ``irregular`` (a lead out of turn awaiting acceptance or rejection), ``face_down`` (41A) or ``last``
    (a card of the trick just completed, shown greyed until the next card is led)."""

    seat: Seat
    card: Card
    how: str


@dataclass(frozen=True, slots=True)
class Choice:
    """One option of a pending decision: its label (a ``widget.opt.*`` message), the law, and the event
    it pushes."""

    label: Message
    law: LawRef
    event: Event

    def text(self, lang: str = "en") -> str:
        return self.label.text(lang)

    def tooltip(self, lang: str = "en") -> str:
        from bridgelaws.i18n import text

        return text("widget.opt.tooltip", lang, label=self.label, law=self.law)


@dataclass(frozen=True)
class DecisionView:
    """A decision play waits for: who makes it, under which law, and the options offered."""

    kind: str
    by: Seat
    law: LawRef
    options: tuple[Choice, ...]


@dataclass(frozen=True)
class BoardView:
    """Everything the pictures show, computed once from a deal or a table."""

    seats: tuple[SeatView, ...]  # in Seat order N, E, S, W
    contract: Contract | None = None
    #: declarer now (differs from ``contract.declarer`` after Law 54A makes the opening leader's partner declarer)
    declarer: Seat | None = None
    trick: tuple[TrickCard, ...] = ()
    #: number of the trick in progress (1..13); None for a bare deal or when play is over
    trick_no: int | None = None
    over: bool = False
    #: tricks won by (N-S, E-W); None for a bare deal
    tricks_won: tuple[int, int] | None = None
    statements: tuple[str, ...] = ()
    decision: DecisionView | None = None
    #: the ruling is held back (seminar mode, not yet revealed)
    held_back: bool = False
    #: who looks at the table (one of ROLES)
    role: str = "director"
    #: the winner of the trick shown greyed (``how == "last"``), if any
    last_winner: Seat | None = None
    #: the number of the trick shown greyed
    last_trick_no: int | None = None
    extra: dict[str, object] = field(default_factory=dict, compare=False)

    def seat(self, seat: Seat) -> SeatView:
        return self.seats[seat.index]


# ----------------------------------------------------------------------------------------------------------
# who sees what
# ----------------------------------------------------------------------------------------------------------

_SEAT_NAMES = {s.name for s in Seat}


def hidden_seats(hide: Iterable[Seat | str] | Seat | str) -> frozenset[Seat]:
    """``hide`` as a set of seats: seats or seat letters, one or several (``WEST``, ``"W"``, ``"EW"``,
    ``(Seat.EAST, "W")``)."""
    items: tuple[Seat | str, ...]
    if isinstance(hide, Seat):
        items = (hide,)
    elif isinstance(hide, str):
        t = hide.strip().upper()
        items = (t,) if t in _SEAT_NAMES else tuple(ch for ch in t if ch not in " ,")
    else:
        items = tuple(hide)
    return frozenset(s if isinstance(s, Seat) else Seat.parse(s) for s in items)


def parse_role(role: str | Seat | None) -> str:
    """``"director"``, ``"declarer"`` or a seat letter ``"N"``/``"E"``/``"S"``/``"W"`` (seats and seat names
    such as ``"west"`` are accepted); a ValueError lists the choices."""
    if role is None:
        return "director"
    if isinstance(role, Seat):
        return role.value
    r = str(role).strip()
    low = r.lower()
    if low in ("director", "td", "all"):
        return "director"
    if low == "declarer":
        return "declarer"
    try:
        return Seat.parse(r).value
    except Exception:
        raise ValueError(f"unknown role {role!r}: use one of {', '.join(ROLES)}") from None


def dummy_faced(st: PlayState) -> bool:
    """Dummy's hand lies face up once the opening lead has been faced and accepted into the play."""
    return bool(st.tricks) or bool(st.trick)


def role_hidden(st: PlayState, role: str) -> frozenset[Seat]:
    """The seats whose hands ``role`` cannot see (penalty cards and the trick are always seen)."""
    if role == "director":
        return frozenset()
    dummy = st.declarer.partner
    if role == "declarer":
        looker = st.declarer
    else:
        looker = Seat.parse(role)
    seen = {looker}
    if dummy_faced(st):
        seen.add(dummy)
    if looker is dummy:
        seen.add(dummy)
    return frozenset(s for s in Seat if s not in seen)


# ----------------------------------------------------------------------------------------------------------
# decisions as options (pure: the widget, the renderer and the tests share them)
# ----------------------------------------------------------------------------------------------------------

def _m(key: str, **params: object) -> Message:
    return Message("widget.opt." + key, params)


def decision_choices(state: PlayState) -> list[Choice]:
    """The options of the pending decision, one per event it offers
    (:func:`bridgelaws.decision_options.decision_events`, which the random playouts and the claim solver read
    too), each with its label and law; empty when nothing is pending."""
    d = state.pending
    if d is None:
        return []
    law_of = {o.name: o.law for o in d.options}
    return [Choice(*_label(state, ev, law_of), ev) for ev in decision_events(state)]


def _label(state: PlayState, ev: Event, law_of: dict[str, LawRef]) -> tuple[Message, LawRef]:
    """What the button for ``ev`` says, and its law."""
    d = state.pending
    assert d is not None
    if isinstance(ev, Choose):
        return _choose_label(d, ev, law_of)
    if isinstance(ev, Select):
        return _m("select", seat=d.by, card=ev.card), d.law
    accepts = isinstance(ev, AcceptLead)
    if d.kind == "opening_lead_out_of_turn":      # 54: accept (and play, or become dummy), or reject
        if isinstance(ev, SpreadHand):
            return _m("accept_and_become_dummy"), law_of["accept_and_become_dummy"]
        if accepts:
            return _m("accept_and_play"), law_of["accept_and_play"]
        return _m("reject_54"), law_of["reject_require"]
    law_ref = law_of["accept_lead" if accepts else "reject_lead"]
    if d.kind == "declarer_lead_out_of_turn":     # either defender may speak
        return _m("seat_accepts" if accepts else "seat_rejects", seat=ev.seat), law_ref
    return _m("accept_lead" if accepts else "reject_lead"), law_ref


def _choose_label(d: Decision, ev: Choose, law_of: dict[str, LawRef]) -> tuple[Message, LawRef]:
    """What the button for declarer's ``choose`` says, and its law."""
    option = ev.option
    if option in ("require", "require_suit", "forbid_suit"):
        return _m(option, suit=ev.suit), law_of[option]
    if option == "forbid":
        return _m("forbid", suits=ev.suits or (ev.suit,)), law_of["forbid"]
    if option == "accept_play":
        accept = next(o for o in d.options if o.name == "accept_play")
        return _m("accept_play", card=accept.cards[0] if accept.cards else d.cards[0]), accept.law
    if option == "reject_play":
        reject = next(o for o in d.options if o.name == "reject_play")
        return _m("reject_play", cards=reject.cards), reject.law
    if option == "designate_penalty_card":
        return _m("designate", card=ev.card), d.law
    return _m(option), law_of[option]             # highest, lowest, none


def revoke_choices(table: Table) -> list[Choice]:
    """What may be done about a revoke now, each with the event it pushes, and only what the engine accepts
    (each event is tried on the state): draw attention to an uncorrected revoke while it may be corrected
    (``correct_revoke``: 62A; 62D1 on trick 12; 62C3), and after a correction take back a card played after
    the revoke (``withdraw``, with the law the engine applies: 62C1 for a non-offender, 62C2 for the offending
    side, 62D2 for the partner of a defender who revoked on trick 12). A card played to the next trick that is
    back in its owner's hand already (``withdraw_later``) is one that will not stand again; after a revoke on
    trick 12 it is not offered, since each hand then holds one card for trick 13 and plays it either way."""
    from bridgelaws.errors import BridgeLawsError
    from bridgelaws.events import CorrectRevoke, Withdraw
    from bridgelaws.laws import law

    st = table.state
    out: list[Choice] = []

    def applied(ev: Event) -> PlayState | None:
        try:
            return table.apply(st, ev)
        except BridgeLawsError:
            return None

    for r in st.revokes:
        if r.corrected:
            continue
        ev = CorrectRevoke(r.seat, card=r.card)
        if applied(ev) is not None:
            why = law("62A") if not r.established else law("62D1") if r.trick_no == 12 else law("62C3")
            out.append(Choice(_m("correct_revoke", seat=r.seat, card=r.card, trick=r.trick_no), why, ev))
    rc = st.revoke_correction
    if rc is not None:
        trick, _idx, after_seats, withdrawn = rc
        cands = [(s, c, "withdraw") for s, c in st.trick if s in after_seats and s not in withdrawn]
        if trick < 12:
            cands += [(s, c, "withdraw_later") for s, c in st.revoke_later if c in st.hand(s)]
        for s, c, key in cands:
            ev = Withdraw(s, card=c)
            after = applied(ev)
            if after is not None and after.notes and after.notes[-1].law is not None:
                where = {"trick": trick + 1} if key == "withdraw_later" else {}
                out.append(Choice(_m(key, seat=s, card=c, **where), after.notes[-1].law, ev))
    return out


def same_event(a: Event, b: Event) -> bool:
    """Whether two events are the same act (a choice of one suit may be written ``suit`` or ``suits``)."""
    if a == b:
        return True
    if isinstance(a, Choose) and isinstance(b, Choose):
        def suits(c: Choose) -> frozenset[Suit]:
            return frozenset(c.suits) | ({c.suit} if c.suit is not None else set())
        return (a.seat, a.option, a.card) == (b.seat, b.option, b.card) and suits(a) == suits(b)
    return False


# ----------------------------------------------------------------------------------------------------------
# the view
# ----------------------------------------------------------------------------------------------------------

def _sorted(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: c.sort_key))


def deal_view(deal: Deal, hide: Iterable[Seat | str] | Seat | str = ()) -> BoardView:
    """The four hands as dealt."""
    hidden = hidden_seats(hide)
    seats = tuple(SeatView(s, s in hidden, _sorted(deal.hand(s).cards), frozenset(), (), (), None, False)
                  for s in Seat)
    return BoardView(seats)


def _on_table(st: PlayState) -> dict[Seat, set[Card]]:
    """The cards out of each hand that are not played yet: penalty cards, a lead out of turn awaiting its
    acceptance, an opening lead face down."""
    on_table: dict[Seat, set[Card]] = {s: set() for s in Seat}
    for p in st.penalty_cards:
        on_table[p.seat].add(p.card)
    if st.irregular_lead is not None:
        on_table[st.irregular_lead.seat].add(st.irregular_lead.card)
    if st.opening_lead_face_down is not None:
        on_table[st.opening_lead_face_down[0]].add(st.opening_lead_face_down[1])
    return on_table


def _seat_views(table: Table, hidden: frozenset[Seat], legal: frozenset[Card], hold_back: bool) -> list[SeatView]:
    """Each seat as the picture shows it: its cards, those played, its penalty cards, role, turn and decision."""
    st = table.state
    declarer, dummy = table.declarer, table.dummy
    over = st.phase == "over"
    on_table = _on_table(st)
    seats = []
    for s in Seat:
        in_hand = st.hand(s)
        played = frozenset(table.deal.hand(s).cards - in_hand - on_table[s])
        # no declarer or dummy before the auction has given them (17D)
        roles = () if st.phase == "auction" or table.contract is None else \
            tuple(r for r, who in (("declarer", declarer), ("dummy", dummy)) if who is s)
        turn = None
        if not over and st.to_act is s:
            turn = "call" if st.phase == "auction" else "lead" if not st.trick else "play"
        seats.append(SeatView(s, s in hidden, _sorted(in_hand), played, st.penalty_cards_of(s), roles, turn,
                              st.pending is not None and st.pending.by is s,
                              legal if st.to_act is s else frozenset(), not hold_back))
    return seats


def _trick_cards(st: PlayState, last_trick: bool) -> tuple[list[TrickCard], Seat | None, int | None]:
    """The middle of the table: the trick in progress with a lead out of turn or face down beside it; with
    ``last_trick`` and nothing led yet, the trick just completed (its winner and number)."""
    trick: list[TrickCard] = []
    for i, (s, c) in enumerate(st.trick):
        trick.append(TrickCard(s, c, "lead" if i == 0 else "play"))
    if st.irregular_lead is not None:
        trick.append(TrickCard(st.irregular_lead.seat, st.irregular_lead.card, "irregular"))
    if st.opening_lead_face_down is not None:
        trick.append(TrickCard(st.opening_lead_face_down[0], st.opening_lead_face_down[1], "face_down"))
    if last_trick and not trick and st.tricks:
        done = st.tricks[-1]
        return [TrickCard(s, c, "last") for s, c in done.plays], done.winner, len(st.tricks)
    return trick, None, None


def position(table: Table, lang: str = "en", *, role: str | Seat | None = "director",
             hide: Iterable[Seat | str] | Seat | str = (), hold_back: bool = False, show_legal: bool = False,
             show_statements: bool = True, last_trick: bool = False) -> BoardView:
    """The view of ``table`` now, as ``role`` sees it (``hide`` hides further hands). ``hold_back``: the
    ruling is held back (no statements, no penalty-card kinds, no legal outline). ``show_legal``: outline the
    legal cards of the hand to play (when that hand is seen). ``last_trick``: while no card of the next trick
    has been led, show the trick just completed, greyed."""
    lang = normalize_lang(lang)
    role = parse_role(role)
    st = table.state
    hidden = hidden_seats(hide) | role_hidden(st, role)
    declarer = table.declarer
    pending = st.pending
    over = st.phase == "over"
    legal: frozenset[Card] = frozenset()
    if show_legal and not hold_back and st.to_act is not None and st.to_act not in hidden:
        legal = table.legal_cards()
    seats = _seat_views(table, hidden, legal, hold_back)
    trick, last_winner, last_no = _trick_cards(st, last_trick)
    statements: tuple[str, ...] = ()
    if show_statements and not hold_back:
        statements = tuple(s.text(lang) for s in table.statements())
    decision = None
    if pending is not None:
        decision = DecisionView(pending.kind, pending.by, pending.law, tuple(decision_choices(st)))
    extra: dict[str, object] = {}
    passed_out = st.auction is not None and st.phase == "over" and table.contract is None   # 22B: no play
    if st.auction is not None and (st.phase in ("auction", "clarification") or passed_out) \
            and not st.trick:   # a passed-out auction (22B) stays on the table: there is no play
        # the bidding diagram (render.auction): every call as made, until the opening lead is faced
        extra["auction"] = {"made": st.auction.made, "dealer": st.auction.dealer, "held_back": hold_back,
                            "obligations": st.auction.obligations if st.phase == "auction" else ()}
    return BoardView(
        extra=extra,
        seats=tuple(seats),
        contract=None if st.phase == "auction" else table.contract,   # the auction has not given it yet
        declarer=None if st.phase == "auction" or table.contract is None else declarer,
        trick=tuple(trick),
        trick_no=None if over else st.trick_no,
        over=over,
        tricks_won=None if passed_out else (table.tricks_won(Seat.NORTH), table.tricks_won(Seat.EAST)),
        statements=statements,
        decision=decision,
        held_back=hold_back,
        role=role,
        last_winner=last_winner,
        last_trick_no=last_no,
    )
