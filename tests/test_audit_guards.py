"""Second guards for the faults the round-4 test audit found missed or single-guarded (B4, B5, C1, C3, C4, F1,
F2; ../shared/reviews/round4/test-audit.md, gaps 2 and 3). Each test states the Law's answer for a position
taken from a scenario file, through the engine's own API, so that it is independent of the scenario checker
that guards the same fault. `python tools/mutants.py run` plants each fault and shows both guards fail."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import bridgelaws.scenario as sc
from bridgelaws.cards import Card, Seat
from bridgelaws.events import Concede, CorrectRevoke, Dispute, TdRuling, Withdraw
from bridgelaws.table import Table

ROOT = Path(__file__).resolve().parent.parent
CLAIMS = ROOT / "tests" / "scenarios" / "claims"
REVOKE = ROOT / "tests" / "scenarios" / "revoke"
N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def replay(path: Path, upto: int) -> Table:
    s = sc.load(path)
    return Table(s.deal, s.contract, s.history[:upto])


def laws_of(table: Table) -> set[str]:
    return {st.law.code for st in table.statements() if st.law is not None}


def keys_of(table: Table) -> list[str]:
    return [st.message.key for st in table.statements()]


# ---- B5: 62D applies to the twelfth trick only (62B1 before it)

def test_a_defender_s_revoke_on_trick_11_corrected_at_once_is_a_major_penalty_card_62b1() -> None:
    """Law 62D is headed "Revoke on Trick Twelve"; on trick 11 a defender's corrected revoke card becomes a
    major penalty card (62B1), even before his partner has played to the trick."""
    t = replay(REVOKE / "62b1-trick-11-second-hand-corrected.toml", 42)
    assert t.state.revokes and t.state.revokes[0].trick_no == 11
    t.push(CorrectRevoke(W, Card.parse("CT")))
    assert [(p.seat, str(p.card), p.kind) for p in t.state.penalty_cards] == [(W, "CT", "major")]
    assert "62D2" not in laws_of(t) and "16C" not in laws_of(t)


def test_the_same_correction_on_trick_12_is_no_penalty_card_62d2() -> None:
    """The other side of the boundary: trick 12, before the revoker's partner has played: 62D2, no penalty card."""
    t = replay(REVOKE / "62d2-corrected-before-partner-plays.toml", 46)
    assert not t.state.penalty_cards
    assert "62D2" in laws_of(t)


# ---- B4: a 62C1 withdrawal after a claim

def test_after_a_disputed_claim_the_non_offender_may_still_withdraw_his_card_62c1() -> None:
    """68D: play ceases after a claim; the correction of an unestablished revoke (62A) and the non-offending
    side's withdrawal that goes with it (62C1) are still made."""
    t = replay(CLAIMS / "62a-revoke-corrected-after-claim.toml", 31)
    assert t.state.revokes[0].corrected
    t.push(Withdraw(N, Card.parse("SA")))
    assert Card.parse("SA") in t.state.hand(N)
    assert "62C1" in laws_of(t)


# ---- C1: Law 71 for the claimer's own side, with or without a finding

def test_a_ruling_on_a_conceded_trick_without_a_finding_is_law_71() -> None:
    path = CLAIMS / "71-claim-of-fewer-than-all-concedes-the-rest.toml"
    t = replay(path, 35)
    t.push(TdRuling(N, tricks=5))
    rulings = [st for st in t.statements() if st.message.key.startswith("claim.ruling")] or t.statements()
    assert any(st.law is not None and st.law.code == "71" for st in rulings)
    assert not any(st.law is not None and st.law.code.startswith("70") for st in t.statements())


# ---- C3: 69B after agreement by acquiescence

def test_an_agreement_by_acquiescence_may_be_withdrawn_69b() -> None:
    """69A makes acquiescence an agreement; 69B lets a contestant withdraw an agreement within the correction
    period. It is not a dispute during play (68D2)."""
    t = replay(CLAIMS / "69a-acquiescence.toml", 14)
    t.push(Dispute(W))
    assert "69B" in laws_of(t)
    assert "68D2" not in laws_of(t)


# ---- C4: 71's computed answer says whether the conceded tricks could be lost

def test_conceded_tricks_that_a_legal_play_loses_are_not_called_unlosable_71() -> None:
    """After trick 8 of this deal North-South take all five remaining tricks under any legal play (the file's
    hand count: North holds only trumps and ruffs every side-suit lead). West concedes all five and then objects:
    East-West could lose every one of them, so the computed answer is that they could be lost."""
    t = replay(CLAIMS / "71-concession-cancelled-computed.toml", 32)
    t.push(Concede(W, tricks=5))
    t.push(Dispute(W))
    keys = keys_of(t)
    assert "claim.computed.losable" in keys and "claim.computed.not_losable" not in keys


def test_a_conceded_trick_that_no_legal_play_loses_is_called_unlosable_71() -> None:
    """The control: South concedes one of five that North-South take under any legal play."""
    t = replay(CLAIMS / "71-concession-cancelled-computed.toml", 32)
    t.push(Concede(S, tricks=1))
    t.push(Dispute(S))
    keys = keys_of(t)
    assert "claim.computed.not_losable" in keys and "claim.computed.losable" not in keys


# ---- F1, F2: the exact and negative forms through the checker, on another file than test_statement_forms

def _with_expected(path: Path, **expected: object) -> sc.Scenario:
    s = sc.load(path)
    return dataclasses.replace(s, expected=expected, checkpoints=())


def test_a_listed_parent_does_not_allow_a_paragraph_inside_it_62d() -> None:
    """The 62D2 correction cites 62D2 and 16C; an exact list of 62D and 16C does not allow 62D2."""
    path = REVOKE / "62d2-corrected-before-partner-plays.toml"
    s = sc.load(path)
    s = dataclasses.replace(s, history=s.history[:46], checkpoints=(),
                            expected={"statements_cite_exactly": ["62D", "16C"]})
    assert not sc.check(s).passed
    s = dataclasses.replace(s, expected={"statements_cite_exactly": ["62D2", "16C"]})
    assert sc.check(s).passed, sc.check(s).lines()


def test_not_cite_of_a_parent_forbids_its_paragraphs_62d() -> None:
    path = REVOKE / "62d2-corrected-before-partner-plays.toml"
    s = sc.load(path)
    s = dataclasses.replace(s, history=s.history[:46], checkpoints=(), expected={"statements_not_cite": ["62D"]})
    assert not sc.check(s).passed
    s = dataclasses.replace(s, expected={"statements_not_cite": ["62B"]})
    assert sc.check(s).passed, sc.check(s).lines()


# ---- E3: the 62C1 note refers to Law 16C, as 62C1 itself does ("(see Law 16C)")

def test_the_62c1_note_after_a_correction_refers_to_law_16c() -> None:
    """After West's revoke is corrected, the non-offenders may withdraw the cards they played after it (62C1),
    and what those cards show is a matter for Law 16C, which 62C1 names."""
    t = replay(REVOKE / "62c-withdrawals-after-correction.toml", 17)
    notes = [st for st in t.statements() if st.law is not None and st.law.code == "62C1"]
    assert notes, [st.message.key for st in t.statements()]
    named = {v.code for st in notes for v in st.message.params.values() if hasattr(v, "code")}
    assert "16C" in named, named
