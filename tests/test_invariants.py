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

CONTRACTS = ["3NT", "4S", "2H", "5D", "1C"]
RANKS = "23456789TJQKA"


# Independent computations, from the Laws and the cards' names alone (not the engine's code):
def winner(plays: list[tuple[Seat, str]], trump: str | None) -> Seat:
    """Law 44D/E: the highest trump wins the trick if any was played, else the highest card of the suit led."""
    led = plays[0][1][0]
    suit = trump if any(c[0] == trump for _, c in plays) else led
    return max((p for p in plays if p[1][0] == suit), key=lambda p: RANKS.index(p[1][1]))[0]


def follow_suit(hand: set[str], trick: list[tuple[Seat, str]]) -> set[str]:
    """Law 44C: a card of the suit led if the hand holds one; else any card. The leader plays any card."""
    if not trick:
        return set(hand)
    same = {c for c in hand if c[0] == trick[0][1][0]}
    return same or set(hand)


def trump_of(contract: str) -> str | None:
    return None if contract.endswith("NT") else contract[1]


def _contract(seed: int) -> Contract:
    return Contract.parse(CONTRACTS[seed % len(CONTRACTS)], "NESW"[seed // 7 % 4])


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=10**9))
def test_legal_playout_keeps_every_card_in_one_place_and_ends_after_13_tricks(seed: int) -> None:
    deal = Deal.random(seed)
    trump = trump_of(CONTRACTS[seed % len(CONTRACTS)])
    # the hands and the tricks kept here from the deal and the cards played, not read from the engine's state
    hands = {seat: {str(c) for c in deal.hands[i]} for i, seat in enumerate(Seat)}
    trick: list[tuple[Seat, str]] = []
    tricks: list[tuple[list[tuple[Seat, str]], Seat]] = []
    table = Table(deal, _contract(seed))
    assert {str(c) for c in table.legal_cards()} == hands[table.state.to_act]     # the opening lead: any card
    for table, ev in playout(deal, _contract(seed), seed):
        assert isinstance(ev, Play)
        card = str(ev.card)
        assert card in follow_suit(hands[ev.seat], trick), f"{ev}: fails to follow suit (44C)"
        hands[ev.seat].remove(card)
        trick.append((ev.seat, card))
        if len(trick) == 4:
            tricks.append((trick, winner(trick, trump)))
            trick = []
        assert len(card_locations(table.state)) == 52
        if table.state.to_act is not None:
            seat = table.state.to_act
            assert seat is (tricks[-1][1] if not trick else trick[-1][0].lho), "the winner leads; then clockwise"
            assert {str(c) for c in table.legal_cards()} == follow_suit(hands[seat], trick), (seed, seat, trick)
    assert table is not None and table.is_complete()
    assert len(table.tricks) == 13 == len(tricks)
    for trick_, (mine, won_by) in zip(table.tricks, tricks):
        assert [(s, str(c)) for s, c in trick_.plays] == mine
        assert trick_.winner is won_by
    ns = sum(w in (Seat.NORTH, Seat.SOUTH) for _, w in tricks)
    assert table.tricks_won(Seat.NORTH) == ns and table.tricks_won(Seat.EAST) == 13 - ns
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
    before = Table(deal, _contract(seed)).state
    follows = 0
    for table, ev in playout(deal, _contract(seed), seed, p_irregular=0.2):
        state = table.state
        if isinstance(ev, Play) and not ev.revoke and before.trick:
            # 44C, counted here: a card played (not flagged as a revoke) to a trick with a card led is of the suit
            # led whenever the player held that suit, in his hand or among his own penalty cards
            held = {str(c) for c in before.hand(ev.seat)} | {str(p.card) for p in before.penalty_cards
                                                             if p.seat is ev.seat}
            led = str(before.trick[0][1])[0]
            if any(c[0] == led for c in held):
                follows += 1
                assert str(ev.card)[0] == led, f"seed {seed}: {ev} does not follow {led} while holding {sorted(held)}"
        before = state
        assert len(card_locations(state)) == 52
        assert all(state.is_defender(p.seat) for p in state.penalty_cards), "48A: only defenders have penalty cards"
        if state.pending is None and state.irregular_lead is None and state.phase != "over":
            assert table.legal_cards(), "a card must be playable when no decision is pending"
        if state.pending is not None:
            assert not table.legal_cards(), "nobody plays while a decision is pending"
    assert table is not None and table.is_complete()
    trump = trump_of(CONTRACTS[seed % len(CONTRACTS)])
    assert follows >= 5, "the follow-suit check must have had cards to check"
    for trick in table.tricks:          # whatever happened on the way, each trick goes to its highest card (44)
        assert trick.winner is winner([(s, str(c)) for s, c in trick.plays], trump)
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
