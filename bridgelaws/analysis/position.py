"""The position model that the claim solver (:mod:`bridgelaws.analysis.claims`) and the double-dummy search
(:mod:`bridgelaws.analysis.search`) share: when a state is plain play and nothing else, how a state is keyed, which
cards of a hand are worth trying (one of each run of equal cards), and the state as plain play's bitmasks (bit
``16 * suit + rank``, seats N E S W = 0 .. 3, DDS's own encoding shifted per suit).

It imports only the core value types (cards and the state), so that the claim solver, which the engine's claim
rules use (Laws 70 and 71), can share it without importing the rest of the analysis layer
(tests/test_imports.py); ``bridgelaws.analysis`` loads its other modules only when they are asked for.
"""

from __future__ import annotations

import itertools
from typing import Any

from bridgelaws.cards import Card, Seat, Suit
from bridgelaws.state import PlayState

__all__ = ["BOUNDED_DECISIONS", "card_bit", "clean", "in_rotation", "lapses_this_trick", "plain_only", "position_key",
           "relaxed_position", "remaining", "representatives", "side_of", "state_key", "winning_so_far"]

#: decisions whose options are declarer's and leave the defence no more than plain play (the lower bound holds)
BOUNDED_DECISIONS = ("lead_options", "designate_penalty_card")


def side_of(seat: Seat) -> str:
    """``"NS"`` or ``"EW"``: the side the seat plays for."""
    return "NS" if seat in (Seat.NORTH, Seat.SOUTH) else "EW"


def remaining(st: PlayState) -> int:
    """The tricks not yet complete, the one in progress included."""
    return 13 - len(st.tricks)


def card_bit(card: Card) -> int:
    """The card as plain play's bit: ``16 * suit + rank``."""
    return 1 << (card.suit.index * 16 + int(card.rank))


def state_key(st: PlayState) -> tuple[Any, ...]:
    """The engine's state, exactly, as far as the rest of the play depends on it (the search's and the claim
    solver's memo key where no shorter key is known)."""
    return (st.hands, frozenset(st.penalty_cards), st.restrictions, st.trick, st.to_act, st.pending,
            st.designated, st.options_settled)


def representatives(st: PlayState, seat: Seat, cards: frozenset[Card]) -> list[Card]:
    """One card of each run of ``seat``'s legal hand cards that no other remaining card separates (equal in
    rank for the rest of the deal); penalty cards are each their own run."""
    hand = st.hand(seat)
    loose = [c for c in cards if c not in hand]
    alive: set[Card] = set(itertools.chain.from_iterable(st.hands))
    alive.update(p.card for p in st.penalty_cards)
    alive.update(c for _, c in st.trick)
    out: list[Card] = list(loose)
    for suit in Suit:
        mine = [c for c in cards if c.suit is suit and c in hand]
        if not mine:
            continue
        if len(mine) == 1:
            out.extend(mine)
            continue
        run_open = False
        for c in sorted((c for c in alive if c.suit is suit), key=lambda c: c.rank, reverse=True):
            if c in mine:
                if not run_open:
                    out.append(c)
                run_open = True
            else:
                run_open = False
    return out


def clean(st: PlayState) -> bool:
    """Whether, from ``st`` on, play follows the plain rules only, as long as nothing but legal cards is played:
    every legal card is a card of the suit led if the hand has one, else any card of the hand (44C, 44E), the
    trick goes to the highest trump, else the highest card of the suit led (44D, 44F), and its winner leads next
    (44G). This holds when nothing the engine's other rules read is in force: no penalty card (50), no lead or
    play restriction (50D2, 51, 57A), no decision pending, no irregular lead, designation, face-down lead, revoke
    correction or card played in error, and the cards of the trick in progress were played in rotation from its
    leader. None of these arises again from the legal play of a card (only from an irregularity, which the
    search never makes), so the state stays clean to the end; tests/test_claimsolver.py checks the plain search
    against the engine's own exhaustive one."""
    if (st.phase != "play" or st.penalty_cards or st.restrictions or st.pending is not None
            or st.irregular_lead is not None or st.designated is not None or st.designation is not None
            or st.opening_lead_face_down is not None or st.revoke_correction is not None or st.in_error
            or st.revoke_later or st.lead_retracted or st.claim is not None):
        return False
    return in_rotation(st)


def in_rotation(st: PlayState) -> bool:
    """A card is to be played, and the trick so far was played in rotation from its leader."""
    lead = st.trick_leader if st.trick else st.to_act
    if st.to_act is None or lead is None:
        return False
    for i, (seat, _) in enumerate(st.trick):
        if seat is not lead.next(i):
            return False
    return st.to_act is lead.next(len(st.trick))


def relaxed_position(st: PlayState) -> tuple[tuple[int, int, int, int], int, tuple[int, ...]] | None:
    """The same cards as plain play sees them: every penalty card back in its owner's hand, no restriction, the
    trick in progress as played in rotation from its leader. None when the state is not one of plain cards and
    constraints that bind the defence: a lead out of turn on the table, a revoke being corrected, cards played
    in error, a designation of dummy's card, a claim, a decision that is not declarer's 50D2/51 choice."""
    if (st.phase != "play" or st.irregular_lead is not None or st.in_error or st.revoke_correction is not None
            or st.revoke_later or st.lead_retracted or st.claim is not None or st.designation is not None
            or st.opening_lead_face_down is not None):
        return None
    if st.pending is not None and st.pending.kind not in BOUNDED_DECISIONS:
        return None
    if not in_rotation(st):
        return None
    lead = st.trick_leader if st.trick else st.to_act
    assert lead is not None
    hands = [0, 0, 0, 0]
    for i, h in enumerate(st.hands):
        m = 0
        for c in h:
            m |= card_bit(c)
        hands[i] = m
    for p in st.penalty_cards:
        hands[p.seat.index] |= card_bit(p.card)
    return (hands[0], hands[1], hands[2], hands[3]), lead.index, tuple(card_bit(c) for _, c in st.trick)


def plain_only(st: PlayState) -> bool:
    """Whether plain play is all there is from ``st`` on: the claim solver's :func:`clean`, or a state that is
    clean but for lead restrictions (50D2, 51B, 26B) none of which can ever exclude a lead, while no penalty card
    lies. A restriction excludes nothing when:

    - its defender holds either no card of the restriction's suits or nothing else, so that every lead he can make
      is one plain play allows (none complies: 59 releases him to any card; every one does: no card is excluded).
      His hand only loses cards, so this stays true to the end; or
    - it lapses with this trick (:func:`lapses_this_trick`): it lasts only while its defender keeps the lead, and
      he can no longer win the trick in progress. A lead restriction binds nobody in the middle of a trick (only
      the restricted player's lead), and the trick's end drops it before anyone leads."""
    if clean(st):
        return True
    if st.penalty_cards or not st.restrictions:
        return False
    for r in st.restrictions:
        if not r.is_lead_restriction:
            return False
        if lapses_this_trick(st, r):
            continue
        held = {c.suit for c in st.hand(r.seat)}
        if held & set(r.suits) and held - set(r.suits):
            return False
    return clean(st.evolve(restrictions=()))


def winning_so_far(trick: tuple[tuple[Seat, Card], ...], trump: Suit | None) -> Seat | None:
    """The seat whose card wins the cards of ``trick`` so far: the highest trump, else the highest card of the
    suit led (44D, 44F); None for an empty trick. tests/test_worth.py checks it against the engine's
    ``trick_winner`` on complete tricks."""
    if not trick:
        return None
    best_seat, best = trick[0]
    for seat, c in trick[1:]:
        if (c.suit is best.suit and int(c.rank) > int(best.rank)) or (
                trump is not None and c.suit is trump and best.suit is not trump):
            best_seat, best = seat, c
    return best_seat


def lapses_this_trick(st: PlayState, r: Any) -> bool:
    """Whether the lead restriction ``r``, which lasts while its defender keeps the lead (``until ==
    "loses_lead"``: 50D2a's prohibition "for as long as he retains the lead", 26B), surely ends with the trick in
    progress: he has played to it, and his card cannot win it, because

    - a card already in the trick beats his: cards are never taken back from a trick in legal play, and a later
      card can only take the trick from the card winning so far; or
    - a player still to play to the trick holds cards of the suit led, every one higher than his (a card of the
      suit led): that player must follow suit (44C; a lead restriction binds only leads, and no penalty card
      lies where this is asked), so his card will beat it.

    The engine drops such a restriction when the trick is complete (:func:`bridgelaws.mechanics.complete_trick`),
    before anyone leads; until then it binds nobody."""
    if r.until != "loses_lead" or not st.trick:
        return False
    mine = [c for seat, c in st.trick if seat is r.seat]
    if not mine:
        return False
    if winning_so_far(st.trick, st.trump) is not r.seat:
        return True
    card, led = mine[0], st.trick[0][1].suit
    if card.suit is not led:
        return False
    played = {seat for seat, _ in st.trick}
    for seat in Seat:
        if seat in played:
            continue
        follow = [c for c in st.hand(seat) if c.suit is led]
        if follow and all(int(c.rank) > int(card.rank) for c in follow):
            return True
    return False


def position_key(st: PlayState, pos: Any = False) -> tuple[Any, ...]:
    """The transposition table's key: equal for positions that play alike card for card. Where plain play and
    major penalty cards describe the state, the cards are written by rank order only (for each suit, who holds
    each remaining card from the highest down: a hand, a penalty card, or the trick in progress), as a
    double-dummy solver does; otherwise the engine's own state, exactly. ``pos``: the state's
    :func:`relaxed_position`, when the caller has it."""
    if pos is False:
        pos = relaxed_position(st)
    if pos is None or st.designated is not None or any(not p.is_major for p in st.penalty_cards):
        return ("exact",) + state_key(st) + (st.declarer, st.trick_leader)
    hands, _, trick = pos
    penalty = [0, 0, 0, 0]
    for p in st.penalty_cards:
        penalty[p.seat.index] |= card_bit(p.card)
    alive = hands[0] | hands[1] | hands[2] | hands[3]
    for b in trick:
        alive |= b
    cards = []
    for suit in range(4):
        a = (alive >> (16 * suit)) & 0xFFFF
        code = 1
        while a:
            r = a.bit_length() - 1
            a ^= 1 << r
            b = 1 << (16 * suit + r)
            if b in trick:
                o = 8 + trick.index(b)
            else:
                o = 0 if hands[0] & b else 1 if hands[1] & b else 2 if hands[2] & b else 3
                if penalty[o] & b:
                    o += 4
            code = code * 16 + o
        cards.append(code)
    no = st.trick_no
    restrictions = tuple(sorted((r.seat.index, r.kind, tuple(x.index for x in r.suits), r.until, r.trick_no == no,
                                 r.by_penalty_of.index if r.by_penalty_of else -1) for r in st.restrictions))
    d = st.pending
    pending = None if d is None else (d.kind, d.by.index, d.subject.index if d.subject else -1)
    settled = None if st.options_settled is None else (st.options_settled[0] == no, st.options_settled[1].index)
    return (tuple(cards), st.to_act, st.trick_leader, st.declarer, restrictions, pending, settled)
