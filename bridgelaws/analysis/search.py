"""The double-dummy search under the Laws' constraints.

The question: *how many tricks does declarer's side take from here, with every card seen and best play by both
sides, while every constraint the engine enforces binds for as long as it binds?* The engine's own rules
(``engine.apply``, :func:`bridgelaws.mechanics.legal_cards`, the pending decision's options) decide every move
while anything but plain play is in force: a penalty card to be played at the first legal opportunity (50D1a,
51A), a minor card's limit (50C), a lead required or forbidden (50D2, 51B) and declarer's new choice each time
the offender's partner regains the lead, a 57A option for the current trick, 59. As soon as nothing but plain
play remains (:func:`bridgelaws.analysis.position.clean`, the claim solver's test, which tests/test_claimsolver.py
proves against the engine, or a lead restriction that can no longer bind, or that ends with the trick in progress
because its defender can no longer win it: :func:`~bridgelaws.analysis.position.plain_only`), DDS answers exactly,
mid-trick included.

The search asks threshold questions, "can the side take at least ``t`` of the remaining tricks?", each an
alpha-beta search with a transposition table keyed on the position by rank order, one card of each run of equal
cards (:func:`~bridgelaws.analysis.position.representatives`), moves ordered so that the constraints end soonest,
and DDS's answers for plain play (with a target: which cards reach ``t``) as bounds:

- every constraint the engine keeps binds a defender (penalty cards 50C/50D1/51A, lead restrictions 50D2/51B,
  57A, with 59's release only to otherwise legal cards), and every decision that arises in legal play is
  declarer's (50D2/51B lead options, 51A's designation), whose options include leaving the defence as it is or
  restricting it. So the defence's choices are a subset of plain play's and declarer's a superset: the plain
  double-dummy value of the same cards (penalty cards back in their owner's hand) is a lower bound for declarer's
  side, at every node and for every card (the value after that card);
- so a node whose plain value reaches ``t`` is answered at once, a defender's card whose plain value reaches
  ``t`` is never searched, and a card after which only plain play remains is answered exactly by its parent's
  DDS call; a node whose parent already knows its plain value falls short asks DDS nothing;
- a node with one move only (one legal card of one run, often a penalty card that must be played now, or one
  option) has that move's value: the search goes straight to the child and asks DDS there, not twice.
"""

from __future__ import annotations

import time
from typing import Any

from bridgelaws.analysis.position import (
    card_bit, plain_only, position_key, relaxed_position, remaining, representatives, side_of, state_key,
)
from bridgelaws.cards import Seat, Suit
from bridgelaws.events import Event, Play
from bridgelaws.mechanics import Engine, legal_cards, place_card
from bridgelaws.rules.penalty_cards import settle
from bridgelaws.simulate import decision_events
from bridgelaws.state import PlayState

__all__ = ["Timeout", "Search", "plain_step", "nodes"]

#: how many positions the searches visited in all (the benchmark reads it: a count that load does not change)
nodes = [0]

_SEATS = tuple(Seat)   # N E S W: Seat.index order, as DDS numbers the hands

#: a move and what it leads to: (event, trick gained for the side, state after it, card bit, plain play only)
Child = tuple[Event, int, PlayState, "int | None", bool]


class Timeout(Exception):
    """The time budget ran out; the bounds found so far stand."""


def plain_step(st: PlayState, ev: Event) -> PlayState | None:
    """The engine's own result of a legal card played in turn where nothing but the play mechanics and the
    penalty-card rules take part (no revoke, designation, lead out of turn, claim or decision in the state):
    ``settle(place_card(...))``, the two steps ``Table.apply`` takes for such a card, without the handlers' checks
    for irregular plays. None where the full engine must answer. tests/test_worth.py checks it against
    ``Table.apply`` on random constrained positions."""
    if (not isinstance(ev, Play) or ev.out_of_turn or ev.revoke or ev.proper_lead or ev.seat is not st.to_act
            or st.pending is not None or st.irregular_lead is not None or st.designation is not None
            or st.opening_lead_face_down is not None or st.in_error or st.revokes or st.claim is not None
            or st.revoke_correction is not None or st.revoke_later or st.lead_retracted or st.phase != "play"
            or ev.card not in legal_cards(st, ev.seat)):
        return None
    base = st.evolve(notes=(), questions=()) if (st.notes or st.questions) else st
    return settle(place_card(base, ev.seat, ev.card))


class Search:
    """Threshold searches for one side on one engine; the transposition table and DDS's answers are kept across
    thresholds and across the options of a decision (they depend on the position only)."""

    def __init__(self, engine: Engine, side: str, trump_index: int, deadline: float | None = None) -> None:
        import bridgelaws.analysis.dds as dds

        self.engine = engine
        self.side = side
        self.trump = trump_index
        self.deadline = deadline
        self.tt: dict[tuple[Any, ...], tuple[int, int]] = {}
        self.reach: dict[tuple[Any, ...], frozenset[int]] = {}
        self.best: dict[tuple[Any, ...], int] = {}
        self.children: dict[tuple[Any, ...], tuple[list[Event], dict[int, Child]]] = {}
        self.nodes = 0
        self.dds = dds
        #: per state object (kept alive by ``children``): (state, relaxed position, key, clean)
        self._facts: dict[int, tuple[PlayState, Any, tuple[Any, ...], bool]] = {}

    def facts(self, st: PlayState) -> tuple[Any, tuple[Any, ...], bool]:
        """The relaxed position, the transposition key and whether plain play is all there is, computed once
        per state."""
        got = self._facts.get(id(st))
        if got is None or got[0] is not st:
            pos = relaxed_position(st)
            got = (st, pos, position_key(st, pos), plain_only(st))
            self._facts[id(st)] = got
        return got[1], got[2], got[3]

    def mine(self, seat: Seat) -> bool:
        return side_of(seat) == self.side

    # ---- plain play (DDS) ----------------------------------------------------------------------------------
    def plain_value(self, st: PlayState) -> int | None:
        """The side's tricks of the remaining ones in plain play on the same cards, or None where plain play
        does not describe the state (:func:`relaxed_position`)."""
        pos = self.facts(st)[0]
        if pos is None:
            return None
        got = self.best.get(pos)
        if got is None:
            hands, leader, trick = pos
            score = self.dds.best(hands, leader, trick, self.trump)
            got = score if self.mine(_SEATS[(leader + len(trick)) % 4]) else remaining(st) - score
            self.best[pos] = got
        return got

    def plain_cut(self, st: PlayState, t: int) -> tuple[bool, frozenset[int]] | None:
        """Plain play against the threshold ``t``: (whether plain play already gives the side ``t``, and the
        cards of the hand to play that matter: for the side's hand those that reach ``t`` in plain play, for a
        defender's those that hold the side below ``t``). None where plain play does not describe the state."""
        pos = self.facts(st)[0]
        if pos is None:
            return None
        hands, leader, trick = pos
        mine = self.mine(_SEATS[(leader + len(trick)) % 4])
        target = t if mine else remaining(st) - t + 1    # the mover's own tricks: t for the side, else more than
        key = (pos, target)                              # the remaining tricks less t
        got = self.reach.get(key)
        if got is None:
            got = self.dds.reaching(hands, leader, trick, self.trump, target)
            self.reach[key] = got
        return (bool(got), got) if mine else (not got, got)

    # ---- the moves -----------------------------------------------------------------------------------------
    def _events(self, st: PlayState) -> list[Event]:
        """The moves from ``st``: the pending decision's options, or one legal card of each run of equal cards."""
        if st.pending is not None:
            events: list[Event] = list(decision_events(st))
            d = st.pending
            if d.kind == "declarer_lead_out_of_turn":
                events = [ev for ev in events if ev.seat is d.by] or events
            return events
        seat = st.to_act
        assert seat is not None
        return [Play(seat, c) for c in representatives(st, seat, legal_cards(st, seat))]

    def _expand(self, st: PlayState, cards: frozenset[int] | None = None) -> list[Child]:
        """The children of ``st`` as (event, trick gained for the side, state, card bit, plain play only), in the
        order of :meth:`_events`. ``cards``: only the plays of these cards (and every move that is not a card);
        the others are not made at all. Each child is made once, when first asked for."""
        key = state_key(st) + (st.declarer, st.trick_leader)
        got = self.children.get(key)
        if got is None:
            got = self.children[key] = (self._events(st), {})
        events, made = got
        done = len(st.tricks)
        out = []
        for i, ev in enumerate(events):
            card = card_bit(ev.card) if isinstance(ev, Play) else None
            if cards is not None and card is not None and card not in cards:
                continue
            child = made.get(i)
            if child is None:
                nxt = plain_step(st, ev) or self.engine.apply(st, ev)
                gained = 1 if len(nxt.tricks) > done and self.mine(nxt.tricks[-1].winner) else 0
                child = made[i] = (ev, gained, nxt, card, plain_only(nxt))
            out.append(child)
        return out

    def _only_move(self, st: PlayState) -> Child | None:
        """The one child of ``st`` where exactly one move is possible (one legal card of one run, one option);
        None where there are more, or none."""
        if st.phase != "play" or (st.to_act is None and st.pending is None):
            return None
        key = state_key(st) + (st.declarer, st.trick_leader)
        got = self.children.get(key)
        events = got[0] if got is not None else self._events(st)
        if len(events) != 1:
            return None
        return self._expand(st)[0]

    def _mover(self, st: PlayState) -> Seat:
        if st.pending is not None:
            return st.pending.by
        assert st.to_act is not None
        return st.to_act

    # ---- the threshold question ----------------------------------------------------------------------------
    def at_least(self, st: PlayState, t: int, below: bool = False) -> bool:
        """Whether the side can take at least ``t`` of the remaining tricks from ``st``. ``below``: the caller
        knows that plain play on these cards gives the side less than ``t`` (its own DDS answer said so)."""
        if t <= 0:
            return True
        rem = remaining(st)
        if t > rem or st.phase == "over":
            return False
        self.nodes += 1
        nodes[0] += 1
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise Timeout
        _, key, clean = self.facts(st)
        lo, hi = self.tt.get(key, (0, rem))
        if t <= lo:
            return True
        if t > hi:
            return False
        only = None if clean else self._only_move(st)
        if only is not None:
            # one move only (a penalty card that must be played, a single legal card): its child answers, and DDS
            # is asked there rather than twice (the value of a node with one move is that move's value). Plain
            # play falling short here falls short after the side's card or declarer's option too (plain play has
            # that move, and an option leaves the cards as they are), not after a defender's forced card
            ok = self.at_least(only[2], t - only[1], below and (st.pending is not None or self.mine(st.to_act)))
        else:
            ok = self._node_reaches(st, t, below, clean)
        lo, hi = self.tt.get(key, (lo, hi))
        self.tt[key] = (max(lo, t), hi) if ok else (lo, min(hi, t - 1))
        return ok

    def _node_reaches(self, st: PlayState, t: int, below: bool, clean: bool) -> bool:
        """:meth:`at_least` for a node with more than one move: plain play's answer as a bound, or the children."""
        if below and (st.pending is not None or self.mine(st.to_act) or clean):
            # plain play falls short of t: no card of the side's reaches it, and plain play from here is exact
            cut: tuple[bool, frozenset[int]] | None = (False, frozenset())
        else:
            cut = self.plain_cut(st, t)
        if cut is not None and (cut[0] or clean):
            return cut[0]        # plain play reaches t (a lower bound), or plain play is all there is (exact)
        if st.to_act is None and st.pending is None:
            return False
        return self._children_reach(st, t, cut[1] if cut is not None and st.pending is None else None,
                                    cut is not None)

    def _children_reach(self, st: PlayState, t: int, cards: frozenset[int] | None, below: bool) -> bool:
        """The side moves: some child reaches ``t``; the defence moves: every child does. ``cards``: plain play's
        answer for the cards of the hand to play (:meth:`plain_cut`), when it describes the state; ``below``: plain
        play falls short of ``t`` here, so it does after every child searched (the side's cards all fall short,
        the defence's are those that hold the side below ``t``, declarer's options leave the cards as they are)."""
        maximize = self.mine(self._mover(st))
        # the defence: only a card that holds the side below t in plain play can do so under the constraints
        children = self._expand(st, None if maximize else cards)
        if len(children) > 1 and (st.penalty_cards or any(r.kind == "forbid" for r in st.restrictions)):
            children = sorted(children, key=self._order(st))
            if maximize and st.pending is None and st.penalty_cards and t > 1:
                children = self._best_first(st, t, children)
        if len(children) > 1:
            children = self._known_first(t, children, maximize)
        for ev, gained, child, card, clean in children:
            if clean and cards is not None and card is not None:
                r = (card in cards) == maximize          # plain play from here on: the parent's answer is exact
            else:
                r = self.at_least(child, t - gained, below)
            if r == maximize:
                return r
        return not maximize

    def _known_first(self, t: int, children: list[Child], maximize: bool) -> list[Child]:
        """The children in the same order, except that those whose answer the transposition table already holds
        and which end the node (for the side: known to reach their threshold; for the defence: known to hold the
        side below it) come first, and those known to go the other way come last (the hash move of alpha-beta
        searches). Only the order changes, never the set of children, so the answer does not: the side's node is
        searched until a child reaches ``t`` or every child has failed, the defence's until one holds the side
        below ``t`` or none does (tests/test_worth.py's exhaustive minimax; a planted fault that drops the last
        child fails it). Nodes to finish an opening decision: 100040 118,888 -> 105,321, 100035 20,518 -> 17,381,
        100008 2,952 -> 2,632, 100016 4,527 -> 4,338, 100005 13,334 -> 13,258, the same values."""
        def known(c: Child) -> int:
            if c[2].phase == "over":
                return 1
            need = t - c[1]
            lo, hi = self.tt.get(self.facts(c[2])[1], (0, remaining(c[2])))
            ends = need <= lo if maximize else need > hi
            fails = need > hi if maximize else need <= lo
            return 0 if ends else 2 if fails else 1
        return sorted(children, key=known)

    def _best_first(self, st: PlayState, t: int, children: list[Child]) -> list[Child]:
        """The side's cards where a penalty card lies: within :meth:`_order`'s groups (cards that end the
        constraint, then cards of a penalty card's suit), first those with which plain play on the same cards
        (penalty cards back in their owner's hand) still gives the side ``t - 1`` tricks: DDS with that target, the
        best cards in plain play when it falls just short of ``t``. Only the order changes, so the answer does
        not: the side's node is searched until a card reaches ``t`` or every card has failed, and a good card
        first ends a successful search early (seed 100016's "none": 27,948 nodes before, 3,845 after)."""
        cut = self.plain_cut(st, t - 1)
        if cut is None:
            return children
        good = cut[1]
        order = self._order(st)
        return sorted(children, key=lambda c: (order(c)[:2], 0 if c[3] in good else 1))

    def _order(self, st: PlayState) -> Any:
        """Move order where penalty cards lie: first the moves that end the constraints soonest (a card that
        leaves plain play; then a card of a penalty card's suit, or a lead in a suit its owner is void in, which
        makes him play it; then for the defence a high card, which may win the lead for the side whose lead ends
        the constraint). Where only a lead prohibition is left (50D2a, 51B: for as long as the defender keeps the
        lead), the defence's low cards first: losing the lead ends it, and DDS answers the rest exactly."""
        suits = {p.card.suit for p in st.penalty_cards}
        if not st.trick:
            # a lead in a suit a penalty card's owner cannot follow makes him play it too
            for p in st.penalty_cards:
                held = {c.suit for c in st.hand(p.seat)}
                suits.update(x for x in Suit if x not in held)
        mover = self._mover(st)
        defence = not self.mine(mover)
        # with no penalty card left, a restriction lasts while its defender keeps the lead: low cards lose it
        sign = -1 if st.penalty_cards else 1

        def key(c: Child) -> tuple[int, int, int]:
            ev = c[0]
            card = getattr(ev, "card", None)
            if card is None or not isinstance(ev, Play):
                return (0 if c[4] else 1, 0, 0)
            return (0 if c[4] else 1, 0 if card.suit in suits else 1, sign * int(card.rank) if defence else 0)

        return key

    def bounds(self, st: PlayState) -> tuple[int, int]:
        """What the transposition table knows of ``st``: (lower, upper)."""
        return self.tt.get(self.facts(st)[1], (0, remaining(st)))

    def value(self, st: PlayState) -> tuple[int, int]:
        """The side's tricks of the remaining ones as exact as the time allows: (lower, upper)."""
        rem = remaining(st)
        if st.phase == "over" or rem == 0:
            return 0, 0
        lo, hi = 0, rem
        try:
            plain = self.plain_value(st)
            if plain is not None:
                lo = plain
                if plain_only(st):
                    return lo, lo
            blo, bhi = self.bounds(st)
            lo, hi = max(lo, blo), min(hi, bhi)
            while lo < hi:
                if self.at_least(st, lo + 1):
                    lo += 1
                else:
                    hi = lo
        except Timeout:
            blo, bhi = self.bounds(st)
            lo, hi = max(lo, blo), min(hi, bhi)
        return lo, hi
