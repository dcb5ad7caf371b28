"""Claims and concessions (Laws 68 to 71), the end of the board (64B4, 64B5) and 47E1: what the engine refuses,
and the round trip of the new events. The rulings are the Laws' own (68B2, 68D, 69A, 70, 71); the corpus cases
are in tests/scenarios/claims/."""

from __future__ import annotations

from pathlib import Path

import pytest

import bridgelaws.scenario as sc
from bridgelaws.cards import Card, Seat
from bridgelaws.analysis.claims import min_tricks
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


def test_a_revoke_the_claim_did_not_establish_is_corrected_after_it_62a_63a3() -> None:
    """63A3/63A4 name only the offending side's own claim, concession or agreement; the WBF Laws Committee
    (12 January 2000, item 3): "The Director must allow correction of the revoke and then determine the claim".
    West revoked at trick 3 (dummy's ♣A, West's ♦3 with ♣J in hand); declarer claims before East-West play on."""
    from bridgelaws.events import CorrectRevoke

    t = table_after(12)
    t.push(Claim(S, tricks=9))
    t.push(Dispute(W))
    assert [r.established for r in t.state.revokes] == [False]
    t.push(CorrectRevoke(W, Card.parse("D3")))
    st = t.state
    assert [(p.seat, str(p.card), p.kind) for p in st.penalty_cards] == [(W, "D3", "major")]    # 62B1
    assert st.to_act is W and t.legal_cards() == frozenset([Card.parse("CJ")])
    with pytest.raises(IllegalPlayError) as info:               # nobody else plays: play has ceased (68D)
        t.push(Play(N, Card.parse("CT")))
    assert info.value.law.code == "68D"
    t.push(Play(W, Card.parse("CJ")))
    st = t.state
    assert st.to_act is None and play_ceased(st) and len(st.tricks) == 3 and st.tricks[-1].winner is N
    with pytest.raises(IllegalPlayError) as info:
        t.push(Play(N, Card.parse("CT")))
    assert info.value.law.code == "68D"


def test_a_revoke_the_offending_side_s_own_claim_established_stays_uncorrected_63b() -> None:
    from bridgelaws.events import CorrectRevoke

    t = table_after(12)
    t.push(Concede(W))                       # 63A3: the offender's own concession establishes it
    with pytest.raises(IllegalPlayError) as info:
        t.push(CorrectRevoke(W, Card.parse("D3")))
    assert info.value.law.code == "63B" and len(t.history) == 13


def test_a_claim_of_fewer_than_all_concedes_the_rest_and_71_decides_the_claimer_s_dispute() -> None:
    """68B1: "a claim of some number of tricks is a concession of the remainder"; Law 71 (not 69B, which is the
    other side's withdrawal of its agreement) decides whether that concession is cancelled."""
    t = table_after(12)
    t.push(Claim(S, tricks=9, line="I give up a diamond"))
    assert "68B1" in {n.law.code for n in t.state.notes}
    t.push(Agree(W))
    t.push(Dispute(N))                       # declarer's side: the conceded diamond could not be lost
    cited = {s.law.code for s in t.statements() if s.law is not None}
    assert "68B1" in cited and "71" in cited and "69B" not in cited and "70" not in cited
    t.pop()
    t.push(Dispute(E))                       # the side that agreed withdraws its agreement: 69B
    assert {n.law.code for n in t.state.notes} == {"69B"}


def test_a_defender_s_claim_brings_70d2_and_declarer_s_does_not() -> None:
    """70D2 is about a defender's claim only: "any part of a defender's claim that depends on his partner
    selecting a particular play from among alternative normal plays"."""
    t = table_after(12)
    t.push(Claim(E, tricks=1))
    t.push(Dispute(S))
    assert "70D2" in {s.law.code for s in t.statements() if s.law is not None}
    t2 = table_after(12)
    t2.push(Claim(S, tricks=9))
    t2.push(Dispute(W))
    assert "70D2" not in {s.law.code for s in t2.statements() if s.law is not None}
