"""Exact answers about the cards that remain when a claim or concession is made (Laws 70 and 71).

One question has an answer the engine can compute exactly: *with the remaining cards, how few tricks can the
claimer's side take under any legal play?* Every hand may play any card the engine itself calls legal
(follow suit, penalty cards, lead restrictions and declarer's 50D2/51 options in force), so the answer is a
minimum over all legal continuations. It is found as the least ``t`` for which "can the side be held to at most
``t`` tricks?" has a yes, each such threshold question by a memoised depth-first search with cutoffs: on the
engine's own rules (``engine.apply``) while a penalty card, a restriction or a decision is in force, and on plain
follow-suit play with hands as bitmasks once nothing but plain play remains (:func:`bridgelaws.analysis.position.clean`); cards of one hand
that are equal in rank for the rest of the deal are tried once, and plain play on the holdings, which allows
every legal line and more, bounds the engine's search from below.

If the minimum reaches the tricks claimed, no legal play, and so no normal play, loses one of them: 70A and 71
then need no judgement. If it does not, some legal line loses a trick; whether that line is *normal* (careless
or inferior for the class of player, but not irrational: the footnote to 70 and 71) is the Director's judgement,
which this module never makes.

It lives in the analysis layer beside the double-dummy search and shares its position model
(:mod:`bridgelaws.analysis.position`), the only other module of the layer it imports, so that the engine's claim
rules (:mod:`bridgelaws.rules.claims`) can use it without loading the search or DDS (tests/test_imports.py).
"""

from __future__ import annotations

from typing import Any

from bridgelaws.analysis.position import clean, relaxed_position, remaining, representatives, side_of, state_key
from bridgelaws.cards import Suit
from bridgelaws.decision_options import decision_events
from bridgelaws.errors import IllegalPlayError
from bridgelaws.events import Event, Play
from bridgelaws.mechanics import Engine, legal_cards
from bridgelaws.state import PlayState

__all__ = ["min_tricks", "can_lose_a_trick", "computed_min_tricks", "MAX_COMPUTED_TRICKS", "PlainMinimum",
           "ClaimSearch", "plain_position"]

#: the engine computes the question for endings of at most this many tricks. benchmarks/claims.py measured
#: (seeds 1-3, 6 endings per size and kind, shared loaded machine) the exact minimum of 6-trick endings with a
#: median of 0.3-60 ms and a worst case of 0.1-0.5 s (1.25 s once with four runs in parallel, 0.46 s alone), with a
#: penalty card and with lead options pending; 7-trick endings still reach 3-5 s, so 6 is the limit
MAX_COMPUTED_TRICKS = 6


def _moves(st: PlayState) -> list[Event]:
    """Every move from ``st``: declarer's options while one of his 50D2/51 decisions is pending, else the
    legal cards of the hand to play, one of each run of equal cards."""
    d = st.pending
    if d is not None:
        if d.kind not in ("lead_options", "designate_penalty_card"):
            raise ValueError(f"the claim solver cannot answer with a {d.kind!r} decision pending")
        return decision_events(st)
    seat = st.to_act
    if seat is None:
        return []
    return [Play(seat, c) for c in representatives(st, seat, legal_cards(st, seat))]


def plain_position(st: PlayState) -> tuple[tuple[int, int, int, int], int, tuple[int, ...]] | None:
    """The holdings (hand and penalty cards) as bitmasks, the trick's leader and the trick in progress
    (:func:`~bridgelaws.analysis.position.relaxed_position`), when a card is to be played; None otherwise."""
    return None if st.pending is not None else relaxed_position(st)


_SUIT_MASK = tuple(0x7FFC << (16 * s) for s in range(4))


class PlainMinimum:
    """The threshold search on plain play (see :func:`bridgelaws.analysis.position.clean`): hands as bitmasks (bit 16 * suit + rank), the
    trick in progress as the bits played in rotation from its leader, seats by index (N, E, S, W = 0 .. 3)."""

    def __init__(self, trump: Suit | None, side: str) -> None:
        self.trump = -1 if trump is None else trump.index
        self.ns = side == "NS"
        self.memo: dict[tuple[int, ...], tuple[int, int]] = {}

    def _mine(self, seat: int) -> bool:
        return (seat % 2 == 0) == self.ns

    def _winner(self, leader: int, plays: tuple[int, ...]) -> int:
        best_i, best = 0, plays[0]
        best_suit = (best.bit_length() - 1) >> 4
        for i in range(1, 4):
            b = plays[i]
            suit = (b.bit_length() - 1) >> 4
            if suit == best_suit:
                if b > best:
                    best_i, best = i, b
            elif suit == self.trump:
                best_i, best, best_suit = i, b, suit
        return (leader + best_i) % 4

    def _moves(self, hands: tuple[int, int, int, int], seat: int, trick: tuple[int, ...]) -> list[int]:
        h = hands[seat]
        if trick:
            follow = h & _SUIT_MASK[(trick[0].bit_length() - 1) >> 4]
            legal = follow or h
        else:
            legal = h
        alive = hands[0] | hands[1] | hands[2] | hands[3]
        for b in trick:
            alive |= b
        out: list[int] = []
        for s in range(4):
            mine = legal & _SUIT_MASK[s]
            if not mine:
                continue
            a = alive & _SUIT_MASK[s]
            prev_mine = False
            while a:                                    # the alive cards of the suit, highest first
                top = 1 << (a.bit_length() - 1)
                a ^= top
                if top & mine:
                    if not prev_mine:
                        out.append(top)                 # one card of each run of equals
                    prev_mine = True
                else:
                    prev_mine = False
        # the cards most likely to cost the side a trick first: its own low cards, the opponents' high ones
        out.sort(reverse=not self._mine(seat))
        return out

    def _key(self, hands: tuple[int, int, int, int], leader: int) -> tuple[int, ...]:
        """The position between tricks up to equal ranks: for each suit, the owners of its remaining cards from
        the highest down. Two positions with the same owners in the same order play alike, card for card."""
        out = [leader]
        alive = hands[0] | hands[1] | hands[2] | hands[3]
        h0, h1, h2 = hands[0], hands[1], hands[2]
        for s in range(4):
            a = alive & _SUIT_MASK[s]
            code = 1
            while a:
                top = 1 << (a.bit_length() - 1)
                a ^= top
                code = code * 4 + (0 if top & h0 else 1 if top & h1 else 2 if top & h2 else 3)
            out.append(code)
        return tuple(out)

    def _masters(self, hands: tuple[int, int, int, int]) -> int:
        """A lower bound on the side's remaining tricks in a trump contract: a trump above every trump the
        opponents hold wins the trick it is played to, and the trumps of one hand go to different tricks."""
        tm = _SUIT_MASK[self.trump]
        first = 0 if self.ns else 1
        opp = (hands[first + 1] | hands[(first + 3) % 4]) & tm
        above = ~((1 << opp.bit_length()) - 1)
        return max(bin(hands[first] & tm & above).count("1"), bin(hands[first + 2] & tm & above).count("1"))

    def at_most(self, hands: tuple[int, int, int, int], leader: int, trick: tuple[int, ...], t: int) -> bool:
        """Whether some plain play from here leaves the side at most ``t`` of the remaining tricks."""
        key = None
        if not trick:
            if not hands[leader]:
                return True
            key = self._key(hands, leader)
            lo, hi = self.memo.get(key, (0, bin(hands[leader]).count("1")))
            if t < lo:
                return False
            if t >= hi:
                return True
            if self.trump >= 0 and self._masters(hands) > t:
                self.memo[key] = (t + 1, hi)
                return False
        seat = (leader + len(trick)) % 4
        moves = self._moves(hands, seat, trick)
        last = len(trick) == 3
        ok = False
        if last:
            scored = []
            for b in moves:
                w = self._winner(leader, trick + (b,))
                scored.append((1 if self._mine(w) else 0, b, w))
            scored.sort(key=lambda x: x[0])
        for i in range(len(moves)):
            if last:
                g, b, w = scored[i]
                if g > t:
                    break
            else:
                b = moves[i]
            hs = list(hands)
            hs[seat] ^= b
            nh = (hs[0], hs[1], hs[2], hs[3])
            if last:
                if self.at_most(nh, w, (), t - g):
                    ok = True
                    break
            elif self.at_most(nh, leader, trick + (b,), t):
                ok = True
                break
        if key is not None:
            lo, hi = self.memo.get(key, (0, bin(hands[leader]).count("1")))  # type: ignore[arg-type]
            self.memo[key] = (lo, min(hi, t)) if ok else (max(lo, t + 1), hi)
        return ok


class ClaimSearch:
    """The threshold search on the engine's own rules while anything but plain play is in force, handing over
    to :class:`PlainMinimum` as soon as the state is clean."""

    def __init__(self, engine: Engine, side: str, trump: Suit | None) -> None:
        self.engine = engine
        self.side = side
        self.plain = PlainMinimum(trump, side)
        self.memo: dict[tuple[Any, ...], tuple[int, int]] = {}
        self.children: dict[tuple[Any, ...], list[tuple[int, PlayState]]] = {}

    def _expand(self, key: tuple[Any, ...], st: PlayState) -> list[tuple[int, PlayState]]:
        got = self.children.get(key)
        if got is None:
            done = len(st.tricks)
            got = []
            for ev in _moves(st):
                nxt = self.engine.apply(st, ev)
                gained = 1 if len(nxt.tricks) > done and side_of(nxt.tricks[-1].winner) == self.side else 0
                got.append((gained, nxt))
            got.sort(key=lambda x: x[0])
            self.children[key] = got
        return got

    def at_most(self, st: PlayState, t: int) -> bool:
        """Whether some legal play from ``st`` leaves the side at most ``t`` of the remaining tricks."""
        if st.phase == "over" or st.to_act is None and st.pending is None:
            return True
        if clean(st):
            pos = plain_position(st)
            assert pos is not None
            return self.plain.at_most(*pos, t)
        key = state_key(st)
        lo, hi = self.memo.get(key, (0, remaining(st)))
        if t < lo:
            return False
        if t >= hi:
            return True
        pos = plain_position(st)
        if pos is not None and not self.plain.at_most(*pos, t):
            # every legal line is a line of plain play on the holdings (penalty cards and restrictions only
            # narrow the cards a hand may play; the tricks are won and led to as in plain play), so plain
            # play's minimum is a lower bound here
            self.memo[key] = (t + 1, hi)
            return False
        children = self._expand(key, st)
        ok = not children                   # no move at all: nothing more to take (as the exhaustive search)
        for gained, nxt in children:
            if gained > t:
                break
            if self.at_most(nxt, t - gained):
                ok = True
                break
        lo, hi = self.memo.get(key, (lo, hi))
        self.memo[key] = (lo, min(hi, t)) if ok else (max(lo, t + 1), hi)
        return ok


def min_tricks(engine: Engine, state: PlayState, side: str) -> int:
    """The fewest of the remaining tricks ``side`` (``"NS"`` or ``"EW"``) takes under any legal play from
    ``state`` on: every hand plays any card the engine calls legal, and declarer takes any option open to him.

    Found as the least ``t`` for which the threshold question "can the side be held to at most ``t``?" has a
    yes; the bounds learnt for one ``t`` serve the next."""
    search = ClaimSearch(engine, side, state.trump)
    t = 0
    while not search.at_most(state, t):
        t += 1
    return t


def can_lose_a_trick(engine: Engine, state: PlayState, side: str, claimed: int) -> bool:
    """Whether some legal play from ``state`` leaves ``side`` with fewer than ``claimed`` tricks: the threshold
    question itself, asked once."""
    if claimed <= 0:
        return False
    return ClaimSearch(engine, side, state.trump).at_most(state, claimed - 1)


def computed_min_tricks(engine: Engine, state: PlayState, side: str) -> int | None:
    """:func:`min_tricks` where the engine answers it for a claim (the Director's statements under 70 and 71, the
    claim box beside the double-dummy value): at most :data:`MAX_COMPUTED_TRICKS` tricks left, in play, with no
    irregular lead, revoke correction, card played in error, designation or face-down lead in progress, and no
    decision pending but declarer's 50D2/51 choice; None otherwise, or where the engine refuses a line."""
    if (13 - len(state.tricks) > MAX_COMPUTED_TRICKS or state.irregular_lead is not None
            or state.revoke_correction is not None or state.in_error or state.designation is not None
            or state.opening_lead_face_down is not None or state.phase != "play"
            or (state.pending is not None and state.pending.kind not in ("lead_options", "designate_penalty_card"))):
        return None
    try:
        return min_tricks(engine, state, side)
    except (ValueError, IllegalPlayError):
        return None
