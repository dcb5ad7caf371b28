"""Property tests: random seeded deals played out, legally and with irregularities injected.

The invariants are those of the Laws and of the event-sourced design: every card in exactly one place,
13 tricks, penalty cards only ever belong to defenders (48A), a card can always be played when no decision
is pending (Law 59 guarantees it), pop() restores the previous state exactly, replaying the history
reproduces the state, and a refused event changes nothing.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bridgelaws import Contract, Deal, Play, Seat, Table
from bridgelaws.errors import IllegalPlayError
from bridgelaws.simulate import card_locations, next_event, playout
from bridgelaws.table import trick_winner

CONTRACTS = ["3NT", "4S", "2H", "5D", "1C"]


def _contract(seed: int) -> Contract:
    return Contract.parse(CONTRACTS[seed % len(CONTRACTS)], "NESW"[seed // 7 % 4])


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=10**9))
def test_legal_playout_keeps_every_card_in_one_place_and_ends_after_13_tricks(seed: int) -> None:
    deal = Deal.random(seed)
    table = None
    for table, _ in playout(deal, _contract(seed), seed):
        assert len(card_locations(table.state)) == 52
    assert table is not None and table.is_complete()
    assert len(table.tricks) == 13
    for trick in table.tricks:
        assert len(trick.plays) == 4 and len({s for s, _ in trick.plays}) == 4
        assert trick.winner is trick_winner(trick.plays, table.contract.trump)
    # each trick after the first is led by the winner of the one before
    for before, after in zip(table.tricks, table.tricks[1:]):
        assert after.leader is before.winner
    assert table.tricks_won(Seat.NORTH) + table.tricks_won(Seat.EAST) == 13
    assert table.replay_matches()


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=10**9))
def test_irregular_playout_invariants(seed: int) -> None:
    deal = Deal.random(seed)
    table = None
    for table, _ in playout(deal, _contract(seed), seed, p_irregular=0.2):
        state = table.state
        assert len(card_locations(state)) == 52
        assert all(state.is_defender(p.seat) for p in state.penalty_cards), "48A: only defenders have penalty cards"
        if state.pending is None and state.irregular_lead is None and state.phase != "over":
            assert table.legal_cards(), "a card must be playable when no decision is pending"
        if state.pending is not None:
            assert not table.legal_cards(), "nobody plays while a decision is pending"
    assert table is not None and table.is_complete()
    assert table.replay_matches()


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=10**9))
def test_pop_restores_the_previous_state_exactly(seed: int) -> None:
    rng = random.Random(seed)
    table = Table(Deal.random(seed), _contract(seed))
    snapshots = [table.state]
    for _ in range(600):    # bounded: a playout with irregularities ends well within 600 events
        ev = next_event(table, rng, 0.2)
        if ev is None:
            break
        try:
            table.push(ev)
        except IllegalPlayError:
            assert table.state is snapshots[-1], "a refused event must leave the state unchanged"
            continue
        snapshots.append(table.state)
    else:
        raise AssertionError("the playout did not end within 600 events")
    while table.history:
        table.pop()
        snapshots.pop()
        assert table.state == snapshots[-1]
    assert table.state == Table(table.deal, table.contract).state


def test_refused_event_changes_nothing() -> None:
    table = Table(Deal.random(5), Contract.parse("3NT", "S"))
    before = table.state
    wrong_seat = Seat.NORTH  # West leads against South's 3NT
    card = next(iter(table.hand(wrong_seat)))
    try:
        table.push(Play(wrong_seat, card))
    except IllegalPlayError:
        pass
    else:
        raise AssertionError("North may not lead: it is West's opening lead")
    assert table.state is before and table.history == []
