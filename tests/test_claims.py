"""Claims and concessions (Laws 68 to 71), the end of the board (64B4, 64B5) and 47E1: what the engine refuses,
and the round trip of the new events. The rulings are the Laws' own (68B2, 68D, 69A, 70, 71); the corpus cases
are in tests/scenarios/claims/."""

from __future__ import annotations

from pathlib import Path

import pytest

import bridgelaws.scenario as sc
from bridgelaws.cards import Card, Seat
from bridgelaws.claimsolver import min_tricks
from bridgelaws.errors import IllegalPlayError, ScenarioError
from bridgelaws.events import (
    Agree, Choose, Claim, Concede, Dispute, EndOfRound, Expose, NextBoardCall, Object, Play, TdRuling,
)
from bridgelaws.rules.claims import play_ceased
from bridgelaws.rules.revoke import tricks_won
from bridgelaws.table import Table

ROOT = Path(__file__).resolve().parent.parent
REVOKE_A = ROOT / "tests" / "scenarios" / "revoke" / "63a1-partner-plays-64a2-one-trick.toml"
N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def table_after(n: int) -> Table:
    s = sc.load(REVOKE_A)
    return Table(s.deal, s.contract, s.history[:n])


def test_play_ceases_after_a_claim_68d() -> None:
    t = table_after(12)
    t.push(Claim(S, tricks=9))
    assert play_ceased(t.state) and t.state.to_act is None and not t.legal_cards()
    for ev in (Play(N, Card.parse("CT")), Expose(E, Card.parse("CK"), how="dropped"), Choose(S, option="none")):
        with pytest.raises(IllegalPlayError) as info:
            t.push(ev)
        assert info.value.law is not None and info.value.law.code == "68D"
    assert len(t.history) == 13


def test_only_the_partner_of_a_conceding_defender_may_object_68b2() -> None:
    t = table_after(12)
    t.push(Concede(S, tricks=1))
    with pytest.raises(IllegalPlayError):
        t.push(Object(N))          # declarer's concession: dummy has no 68B2 objection
    t.pop()
    t.push(Concede(W))
    with pytest.raises(IllegalPlayError):
        t.push(Object(N))          # an opponent does not object under 68B2
    t.push(Object(E))
    assert not play_ceased(t.state) and t.state.to_act is N


def test_only_the_other_side_agrees_69a() -> None:
    t = table_after(12)
    t.push(Claim(S))
    with pytest.raises(IllegalPlayError):
        t.push(Agree(N))
    t.push(Agree(E))
    assert tricks_won(t.state) == {"NS": 12, "EW": 1}


def test_a_ruling_needs_a_dispute_and_a_claim_stays_uncounted_until_agreed() -> None:
    t = table_after(12)
    t.push(Claim(S, tricks=9))
    assert tricks_won(t.state) == {"NS": 2, "EW": 1}      # 69A: nobody has agreed yet
    with pytest.raises(IllegalPlayError):
        t.push(TdRuling(S, tricks=8))
    t.push(Dispute(W))
    with pytest.raises(IllegalPlayError):
        t.push(TdRuling(S, tricks=11))                      # only 10 tricks remained
    t.push(TdRuling(S, tricks=8, finding="doubtful_point_against_claimer"))
    assert tricks_won(t.state) == {"NS": 10, "EW": 3}


def test_the_board_closes_only_when_play_is_over_or_has_ceased() -> None:
    t = table_after(12)
    with pytest.raises(IllegalPlayError):
        t.push(NextBoardCall(side="NS"))
    with pytest.raises(IllegalPlayError):
        t.push(EndOfRound())
    t.push(Concede(W))
    t.push(EndOfRound())
    with pytest.raises(IllegalPlayError):
        t.push(EndOfRound())


def test_misinformation_belongs_to_a_lead_out_of_turn_47e1() -> None:
    t = table_after(8)
    with pytest.raises(IllegalPlayError):
        t.push(Expose(E, Card.parse("D4"), how="dropped", misinformed_by_opponent=True))
    t.push(Expose(E, Card.parse("D4"), how="lead_out_of_turn", misinformed_by_opponent=True))
    st = t.state
    assert not st.penalty_cards and st.pending is None and st.to_act is N and Card.parse("D4") in st.hand(E)


def test_the_exact_answer_on_a_one_trick_ending() -> None:
    """At trick 13 every card is forced: the fewest tricks a side takes is the trick's real winner."""
    s = sc.load(REVOKE_A)
    t = Table(s.deal, s.contract, s.history[:48])      # before trick 13: East leads ♣7; South holds ♣Q
    assert min_tricks(t, t.state, "NS") == 1 and min_tricks(t, t.state, "EW") == 0


@pytest.mark.parametrize("fmt", ["toml", "json"])
def test_the_claim_events_round_trip(fmt: str) -> None:
    s = sc.load(REVOKE_A)
    events = [{"seat": "S", "action": "claim", "tricks": 9, "line": 'Trumps first, "then" the clubs'},
              {"seat": "W", "action": "dispute"},
              {"seat": "S", "action": "td_ruling", "tricks": 8, "finding": "unstated_line"},
              {"action": "next_board_call", "side": "EW"}, {"action": "end_of_round"}]
    data = sc.to_dict(s)
    data["history"] = data["history"][:12] + events
    data.pop("expected", None)
    data.pop("checkpoints", None)
    again = sc.from_dict(data)
    assert sc.loads(sc.dumps(again, fmt), fmt) == again
    assert sc.check(again).status == "PASS"


def test_a_seatless_event_with_a_seat_is_an_error_in_the_file() -> None:
    s = sc.load(REVOKE_A)
    data = sc.to_dict(s)
    data["history"] = data["history"][:12] + [{"seat": "W", "action": "concede"},
                                              {"seat": "N", "action": "end_of_round"}]
    with pytest.raises(ScenarioError):
        sc.from_dict(data)
