"""Refusals of the lead and premature-play laws name the paragraph that refuses them (Laws 45C4b, 47F, 53A, 53B,
54C, 57A); the broken scenario files of tests/broken_scenarios/laws are replayed and their engine error read."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgelaws import scenario as sc
from bridgelaws.errors import IllegalPlayError, ScenarioError
from bridgelaws.laws import law

BROKEN = Path(__file__).resolve().parent / "broken_scenarios" / "laws"
SCENARIOS = Path(__file__).resolve().parent / "scenarios"

REFUSED_BY = {
    "broken-53b-proper-lead-by-wrong-player.toml": "53B",
    "broken-54c-reject-after-dummy-seen.toml": "54C",
    "broken-54c-spread-hand-after-dummy-seen.toml": "54C",
    "broken-57-out-of-turn-before-partner-without-57C.toml": "57A",
    "broken-47f-withdraw-a-played-card.toml": "47F",
    "broken-45c4b-two-different-findings.toml": "45C4b",
}


def test_every_file_of_the_folder_is_listed() -> None:
    assert sorted(p.name for p in BROKEN.glob("*.toml")) == sorted(REFUSED_BY)


@pytest.mark.parametrize("name", sorted(REFUSED_BY))
def test_the_refusal_names_its_law_and_the_last_event(name: str) -> None:
    s = sc.load(BROKEN / name)
    with pytest.raises(ScenarioError) as info:
        sc.replay(s)
    cause = info.value.__cause__
    assert isinstance(cause, IllegalPlayError)
    assert cause.law == law(REFUSED_BY[name])
    assert info.value.event_no == len(s.history)
    # everything before the refused event replays
    assert len(sc.replay(s, upto=len(s.history) - 1).history) == len(s.history) - 1
    # the refusal is explained in every language
    assert len({cause.explain(lang) for lang in ("da", "nb", "en")}) == 3


def test_trick_13_lead_out_of_turn_is_taken_back_at_once() -> None:
    # 53A: no decision is offered; the card of a defender is a major penalty card, the correct hand leads
    s = sc.load(SCENARIOS / "penalty" / "leads" / "53a-trick-13-defender-lead-not-accepted.toml")
    t = sc.replay(s, upto=49)
    assert t.pending is None and t.state.irregular_lead is None
    assert [(p.seat.value, str(p.card), p.kind) for p in t.penalty_cards()] == [("W", "CT", "major")]
    assert [st.law for st in t.state.notes] == [law("53A"), law("56")]


def test_53c_card_is_a_penalty_card_and_the_lead_stands() -> None:
    s = sc.load(SCENARIOS / "penalty" / "leads" / "53c-defender-on-right-plays-to-declarer-lead.toml")
    t = sc.replay(s, upto=14)
    assert t.state.lead_stands is True and t.pending is not None and t.pending.kind == "premature_play"
    assert [st.law for st in t.state.notes][:2] == [law("53C"), law("57A")]


def test_47e1_covers_a_premature_play_and_63a1_does_not_apply() -> None:
    """Law 47E1 (2017): "A lead out of turn (or play of a card) is retracted without further rectification if the
    player was mistakenly informed by an opponent that it was his turn ... Law 63A1 does not apply". West revoked
    on trick 3 (not yet established); on trick 4, told by declarer that it is his turn, he plays before his
    partner: the card goes back to his hand, no penalty card, no 57A options, and the revoke is not established
    (a play by the offender to a later trick would establish it under 63A1 otherwise)."""
    from bridgelaws.cards import Card, Seat
    from bridgelaws.events import Expose

    s = sc.load(SCENARIOS / "revoke" / "63a1-partner-plays-64a2-one-trick.toml")
    t = sc.replay(s, upto=13)                 # dummy has led ♣10 to trick 4
    w = Seat.WEST
    card = next(c for c in sorted(t.hand(w), key=lambda c: c.sort_key) if c != Card.parse("CJ"))
    t.push(Expose(w, card, how="premature_play", misinformed_by_opponent=True))
    st = t.state
    assert card in st.hand(w) and not st.penalty_cards and st.pending is None
    assert st.to_act is Seat.EAST
    assert [n.law for n in st.notes] == [law("47E1")] and st.notes[0].message.params["ui"] == law("16C")
    assert [(r.established, r.corrected) for r in st.revokes] == [(False, False)]
    # the same play without the misinformation is 57A, and it establishes the revoke (63A1)
    t2 = sc.replay(s, upto=13)
    t2.push(Expose(w, card, how="premature_play"))
    assert t2.pending is not None and t2.pending.kind == "premature_play"
    assert [r.established for r in t2.state.revokes] == [True]


def test_47e1_is_refused_when_it_is_the_player_s_turn() -> None:
    from bridgelaws.cards import Seat
    from bridgelaws.events import Expose

    s = sc.load(SCENARIOS / "revoke" / "63a1-partner-plays-64a2-one-trick.toml")
    t = sc.replay(s, upto=13)
    e = Seat.EAST
    card = next(iter(t.hand(e)))
    with pytest.raises(IllegalPlayError) as info:
        t.push(Expose(e, card, how="premature_play", misinformed_by_opponent=True))
    assert info.value.law == law("47E1") and len(t.history) == 13
