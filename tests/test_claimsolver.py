"""The claim solver's fast answer against the engine's exhaustive one (Laws 70 and 71: "can the claimer's side
lose a trick under any legal play?").

The reference below is the slow search the solver replaced, made plainer still: every card the engine calls
legal (no equal cards skipped), every option the pending decision offers (``simulate.decision_events``), each
applied by the engine itself, the minimum taken over all of them. Random small endings (2 to 4 tricks, some in
the middle of a trick) are compared, plain, with a penalty card on the table, and with declarer's 50D2/51 lead
options pending.

Up to the solver's own limit (MAX_COMPUTED_TRICKS = 6 tricks), plain endings are compared with a second,
independent search written here from Law 44 alone (no code of the engine), for min_tricks and for the answer a
claim records."""

from __future__ import annotations

from typing import Any

import pytest

from bridgelaws.cards import Seat
from bridgelaws.analysis.claims import MAX_COMPUTED_TRICKS, can_lose_a_trick, min_tricks
from bridgelaws.events import Claim, Play
from bridgelaws.mechanics import Engine, legal_cards
from bridgelaws.simulate import decision_events
from bridgelaws.simulate import random_ending as ending
from bridgelaws.state import PlayState


def reference_min(engine: Engine, state: PlayState, side: str) -> int:
    memo: dict[Any, int] = {}

    def value(st: PlayState) -> int:
        if st.phase == "over" or st.to_act is None and st.pending is None:
            return 0
        key = (st.hands, frozenset(st.penalty_cards), st.restrictions, st.trick, st.to_act, st.pending,
               st.designated, st.options_settled)
        if key in memo:
            return memo[key]
        if st.pending is not None:
            events = decision_events(st)
        else:
            events = [Play(st.to_act, c) for c in sorted(legal_cards(st), key=lambda c: c.sort_key)]
        best = None
        for ev in events:
            nxt = engine.apply(st, ev)
            won = len(nxt.tricks) > len(st.tricks) and (
                (nxt.tricks[-1].winner in (Seat.NORTH, Seat.SOUTH)) == (side == "NS"))
            v = int(won) + value(nxt)
            best = v if best is None else min(best, v)
        memo[key] = best or 0
        return best or 0

    return value(state)


def endings(kind: str, count: int) -> list[tuple[int, int, int]]:
    out = []
    seed = {"plain": 1, "penalty": 2, "restriction": 3}[kind] * 10_000
    while len(out) < count and seed < 40_000 + 10_000 * len(out):
        seed += 1
        k = 2 + seed % 5 % 3
        extra = 0 if kind == "restriction" else seed % 5 % 3
        if ending(seed, k, kind, extra) is not None:
            out.append((seed, k, extra))
    return out


@pytest.mark.parametrize("kind,count", [("plain", 12), ("penalty", 12), ("restriction", 8)])  # ~35 s; 7 min for 10x
def test_the_fast_answer_is_the_exhaustive_minimum(kind: str, count: int) -> None:
    found = endings(kind, count)
    assert len(found) == count
    for seed, k, extra in found:
        table = ending(seed, k, kind, extra)
        assert table is not None
        st = table.state
        for side in ("NS", "EW"):
            want = reference_min(table, st, side)
            assert min_tricks(table, st, side) == want, (seed, k, extra, side)
            for claimed in range(k + 1):
                assert can_lose_a_trick(table, st, side, claimed) == (want < claimed), (seed, side, claimed)


def test_nothing_is_computed_beyond_the_limit() -> None:
    """Beyond MAX_COMPUTED_TRICKS the Director is told nothing computed; at the limit an answer is recorded."""
    checked = 0
    for seed in range(1, 200):
        for k in (MAX_COMPUTED_TRICKS, MAX_COMPUTED_TRICKS + 1):
            table = ending(seed, k, "plain")
            if table is None:
                continue
            st = table.state
            table.push(Claim(st.to_act))
            rec = table.state.claim
            assert rec is not None and rec.remaining == k
            if k > MAX_COMPUTED_TRICKS:
                assert rec.computed is None
            else:   # its value is checked against an independent search in the test above
                assert rec.computed is not None
            checked += 1
        if checked >= 6:
            break
    assert checked >= 6


# ---- up to the solver's own limit: an independent search for plain endings ------------------------------

def independent_min(state: PlayState, side: str) -> int:
    """The fewest tricks ``side`` takes from ``state`` under any legal play, by the rules of Law 44 alone, with
    no code of the engine: every hand follows suit when it can (44C), else plays any card (44D); a trick goes
    to the highest trump, else to the highest card of the suit led (44E, 44D). Every legal card is tried for
    every hand (all four players together minimise ``side``'s tricks, which is what "under any legal play"
    asks). Only for endings without penalty cards, restrictions or pending decisions."""
    trump = state.trump
    ours = {Seat.NORTH, Seat.SOUTH} if side == "NS" else {Seat.EAST, Seat.WEST}
    exact: dict[Any, int] = {}
    at_least: dict[Any, int] = {}

    def winner(trick: tuple[tuple[Seat, Any], ...]) -> Seat:
        led = trick[0][1].suit
        best = trick[0]
        for seat, card in trick[1:]:
            b = best[1]
            if card.suit is b.suit and card.rank > b.rank or card.suit is trump and b.suit is not trump:
                best = (seat, card)
        assert best[1].suit in (led, trump)
        return best[0]

    def touching_once(cards: Any, hands: tuple[frozenset[Any], ...], trick: tuple[tuple[Seat, Any], ...]) -> list[Any]:
        """One card of each run of cards that touch: two cards of one hand and suit with no card of that suit
        between them in any other hand or on the trick win and lose the same tricks, whichever is played."""
        live = {(c.suit, c.rank) for h in hands for c in h} | {(c.suit, c.rank) for _, c in trick}
        out = []
        for c in sorted(cards, key=lambda c: (c.suit.value, c.rank)):
            prev = out[-1] if out else None
            if prev is not None and prev.suit is c.suit and not any(
                    (c.suit, r) in live for r in type(c.rank) if prev.rank < r < c.rank):
                continue
            out.append(c)
        return out

    def value(hands: tuple[frozenset[Any], ...], trick: tuple[tuple[Seat, Any], ...], to_act: Seat, cap: int) -> int:
        """The fewest tricks ``side`` takes from here when that is below ``cap``; else some number >= cap."""
        if len(trick) == 4:
            w = winner(trick)
            won = int(w in ours)
            return won + value(hands, (), w, cap - won)
        if not any(hands) or cap <= 0:
            return max(cap, 0) if any(hands) else 0
        key = (hands, trick, to_act)
        if key in exact:
            return exact[key]
        if at_least.get(key, 0) >= cap:
            return at_least[key]
        hand = hands[to_act.index]
        follow = [c for c in hand if trick and c.suit is trick[0][1].suit]
        # the claimer's side tries its low cards first and the other side its high ones, so that a line
        # giving few tricks is met early; nothing is below 0, so the search stops when it finds 0
        options = touching_once(follow or hand, hands, trick)
        best = cap
        for c in (options if to_act in ours else options[::-1]):
            v = value(tuple(h - {c} if i == to_act.index else h for i, h in enumerate(hands)),
                      trick + ((to_act, c),), to_act.next(), best)
            best = min(best, v)
            if best == 0:
                break
        if best < cap:
            exact[key] = best
        else:
            at_least[key] = cap
        return best

    assert not state.penalty_cards and not state.restrictions and state.pending is None
    return value(tuple(state.hand(s) for s in Seat), tuple(state.trick), state.to_act, 14)


def plain_endings(k: int, count: int) -> list[tuple[int, int]]:
    out = []
    for seed in range(50_000 + 1000 * k, 50_000 + 1000 * k + 400):
        extra = seed % 4
        table = ending(seed, k, "plain", extra)
        if table is not None and not table.state.penalty_cards and not table.state.restrictions:
            out.append((seed, extra))
        if len(out) == count:
            break
    return out


@pytest.mark.parametrize("k", range(2, MAX_COMPUTED_TRICKS + 1))
def test_the_solver_and_the_claim_record_agree_with_an_independent_search_up_to_the_limit(k: int) -> None:
    """Plain endings of 2 to MAX_COMPUTED_TRICKS (6) tricks, some in the middle of a trick: min_tricks for both
    sides, and the answer a claim records (``ClaimRecord.computed``, what the Director is told under 70 and
    71), each equal to the independent search."""
    found = plain_endings(k, 4)
    assert len(found) == 4, k
    for seed, extra in found:
        table = ending(seed, k, "plain", extra)
        assert table is not None
        st = table.state
        want = {side: independent_min(st, side) for side in ("NS", "EW")}
        for side in ("NS", "EW"):
            assert 0 <= want[side] <= k
            assert min_tricks(table, st, side) == want[side], (seed, k, extra, side)
        claimer = st.to_act
        table.push(Claim(claimer))
        rec = table.state.claim
        assert rec is not None and rec.remaining == k
        assert rec.computed == want["NS" if claimer in (Seat.NORTH, Seat.SOUTH) else "EW"], seed


def test_the_independent_search_on_a_hand_made_ending() -> None:
    """A control for the reference itself: 70-disputed-claim-computed's five-card ending (diamonds trumps,
    South to lead; North holds only trumps), where North-South take all five whatever is played, and
    East-West, with two small trumps, take none."""
    from pathlib import Path

    from bridgelaws import scenario as sc
    from bridgelaws.table import Table

    s = sc.load(Path(__file__).parent / "scenarios" / "claims" / "70-disputed-claim-computed.toml")
    table = Table(s.deal, s.contract)
    for ev in s.history[:32]:
        table.push(ev)
    assert sum(len(table.state.hand(x)) for x in Seat) == 20
    assert independent_min(table.state, "NS") == 5
    assert independent_min(table.state, "EW") == 0


@pytest.mark.parametrize("k", range(2, 5))
def test_law_71_s_answer_turns_at_the_fewest_tricks_the_independent_search_finds(k: int) -> None:
    """Law 71: a concession is cancelled for a trick that could not have been lost by any normal play. A side
    that concedes all but exactly the fewest tricks it takes under any legal play (the independent search) could
    lose each conceded trick; one that concedes one more could not lose that one. The engine's computed answer
    (``claim.computed.losable`` / ``not_losable``) must turn exactly there (the audit's fault C4, ``>=``)."""
    from bridgelaws.events import Concede, Dispute

    found = plain_endings(k, 4)
    assert len(found) == 4, k
    seen = set()
    for seed, extra in found:
        table = ending(seed, k, "plain", extra)
        assert table is not None
        st = table.state
        seat = st.to_act
        side = "NS" if seat in (Seat.NORTH, Seat.SOUTH) else "EW"
        least = independent_min(st, side)
        for kept in (least, least - 1):
            if kept < 0:
                continue
            t = table.copy()
            t.push(Concede(seat, tricks=k - kept))
            t.push(Dispute(seat))
            keys = {s.message.key for s in t.statements()}
            want = "claim.computed.losable" if kept == least else "claim.computed.not_losable"
            assert want in keys, (seed, k, kept, least, sorted(keys))
            seen.add(want)
    assert seen == {"claim.computed.losable", "claim.computed.not_losable"}, k
