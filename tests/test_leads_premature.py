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
