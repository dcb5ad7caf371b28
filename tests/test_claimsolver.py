"""The claim solver's fast answer against the engine's exhaustive one (Laws 70 and 71: "can the claimer's side
lose a trick under any legal play?").

The reference below is the slow search the solver replaced, made plainer still: every card the engine calls
legal (no equal cards skipped), every option the pending decision offers (``simulate.decision_events``), each
applied by the engine itself, the minimum taken over all of them. Random small endings (2 to 4 tricks, some in
the middle of a trick) are compared, plain, with a penalty card on the table, and with declarer's 50D2/51 lead
options pending."""

from __future__ import annotations

from typing import Any

import pytest

from bridgelaws.cards import Seat
from bridgelaws.claimsolver import MAX_COMPUTED_TRICKS, can_lose_a_trick, min_tricks
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
            else:
                assert rec.computed == min_tricks(table, st, "NS" if st.to_act in (Seat.NORTH, Seat.SOUTH) else "EW")
            checked += 1
        if checked >= 6:
            break
    assert checked >= 6
