"""The exact and the negative forms of ``statements_cite`` and the claim solver's answer in scenario files
(../shared/SCENARIO_FORMAT.md, issue 30): what they accept, the negative controls that show they fail on an
extra or a wrong statement, and the errors a malformed value gives.

The lists below are the Laws' own for the position: West's unnoticed revoke at trick 3 (♦3 on dummy's ♣A)
is established when West agrees to declarer's claim (63A4), the trick stands (63B), dummy won the revoke trick
and West's side gets a later trick, so one trick is transferred (64A2, under the heading 64A), the Director
keeps 64C's equity, and the result stands as claimed (69A)."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from bridgelaws import scenario as sc
from bridgelaws.cards import Seat
from bridgelaws.errors import ScenarioError
from bridgelaws.i18n import Message
from bridgelaws.laws import law, LawRef
from bridgelaws.rules import director
from bridgelaws.state import Statement

ROOT = Path(__file__).resolve().parent.parent
AGREED = ROOT / "tests" / "scenarios" / "claims" / "63a4-agree-to-claim-64a2.toml"
DISPUTED = ROOT / "tests" / "scenarios" / "claims" / "70-disputed-claim-computed.toml"

#: after West agrees to the claim (event 14), from the Laws (module docstring)
THE_LAWS = ["69A", "63A4", "63B", "64A", "64A2", "64C"]


def with_expected(path: Path, **expected: Any) -> sc.Scenario:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    data["expected"] = expected
    data.pop("checkpoints", None)
    return sc.from_dict(data, path=str(path))


def test_the_laws_list_passes_exactly() -> None:
    result = sc.check(with_expected(AGREED, statements_cite_exactly=THE_LAWS))
    assert result.passed, result.lines()


def test_a_parent_in_the_list_is_met_by_a_paragraph_inside_it() -> None:
    """64A is cited by the 64A statement itself; "64" is cited only through its paragraphs (64A2, 64C), and
    listing it adds a law that must be cited without allowing any statement."""
    result = sc.check(with_expected(AGREED, statements_cite_exactly=THE_LAWS + ["64"]))
    assert result.passed, result.lines()


def test_a_law_the_list_lacks_is_an_extra_statement_naming_event_law_and_text() -> None:
    result = sc.check(with_expected(AGREED, statements_cite_exactly=[c for c in THE_LAWS if c != "64C"]))
    assert result.status == "FAIL"
    (d,) = result.differences
    assert d.key == "statements_cite_exactly at event 14"
    assert d.law == LawRef.parse("64C")
    assert set(d.actual["extra"]) == {"64C"} and "adjusted score" in d.actual["extra"]["64C"]
    assert "missing" not in d.actual
    line = result.lines()[1]
    assert "statements_cite_exactly at event 14" in line and "extra" in line and "(Law 64C)" in line


def test_a_wrong_paragraph_is_both_missing_and_extra() -> None:
    """64A1 in place of 64A2: the Laws' 64A1 is not cited, and the cited 64A2 is outside the list, although
    64A (their heading) is listed."""
    wrong = [("64A1" if c == "64A2" else c) for c in THE_LAWS]
    d = sc.check(with_expected(AGREED, statements_cite_exactly=wrong)).differences[0]
    assert d.actual["missing"] == ["64A1"] and set(d.actual["extra"]) == {"64A2"}
    # the subset form cannot see it: 64A2 is inside 64A
    assert sc.check(with_expected(AGREED, statements_cite=["64A", "63A4"])).passed


def test_a_listed_parent_does_not_allow_its_paragraphs() -> None:
    d = sc.check(with_expected(AGREED, statements_cite_exactly=["69A", "63A4", "63B", "64A", "64C"])).differences[0]
    assert set(d.actual["extra"]) == {"64A2"} and "missing" not in d.actual


def planted_statement(monkeypatch: pytest.MonkeyPatch, code: str) -> None:
    """A rule bug: the Director says one thing more, citing ``code`` (the audit's M6 in kind)."""
    real = director.statements

    def more(state: Any) -> list[Statement]:
        return real(state) + [Statement(Message("dir.normal_play", {"seat": Seat.parse("W")}), law(code), "info")]

    monkeypatch.setattr(director, "statements", more)


@pytest.mark.parametrize("code", ["50D2", "64A1", "64B4"])
def test_negative_control_an_extra_wrong_statement_fails_the_exact_form(monkeypatch: pytest.MonkeyPatch,
                                                                      code: str) -> None:
    assert sc.check(with_expected(AGREED, statements_cite_exactly=THE_LAWS)).passed
    planted_statement(monkeypatch, code)
    result = sc.check(with_expected(AGREED, statements_cite_exactly=THE_LAWS, statements_cite=THE_LAWS))
    assert [d.key for d in result.differences] == ["statements_cite_exactly at event 14"]
    assert set(result.differences[0].actual["extra"]) == {code}
    # the subset form alone passes: this is why the whole ruling needs the exact form
    assert sc.check(with_expected(AGREED, statements_cite=THE_LAWS)).passed


def test_not_cite_forbids_the_law_and_every_paragraph_inside_it() -> None:
    assert sc.check(with_expected(AGREED, statements_not_cite=["64A1", "64B", "63A1", "50"])).passed
    for banned, cited in (("64A2", "64A2"), ("64A", "64A"), ("64", "64A"), ("63A", "63A4")):
        result = sc.check(with_expected(AGREED, statements_not_cite=[banned]))
        (d,) = result.differences
        assert d.key == "statements_not_cite at event 14" and cited in d.actual["extra"], (banned, d)
        assert d.law is not None and d.law.code.startswith(banned)


def test_negative_control_not_cite_fails_on_a_planted_statement(monkeypatch: pytest.MonkeyPatch) -> None:
    planted_statement(monkeypatch, "50D2")
    d = sc.check(with_expected(AGREED, statements_not_cite=["50D"])).differences[0]
    assert set(d.actual["extra"]) == {"50D2"} and d.law == LawRef.parse("50D2")


def test_checkpoints_use_the_forms_too() -> None:
    data = tomllib.loads(AGREED.read_text(encoding="utf-8"))
    exactly = ["68A", "68B1", "68C", "68D", "62A", "69A"]   # 68B1: South claims 9 of the 10 tricks
    data["checkpoints"] = [{"after": 13, "expected": {"statements_cite_exactly": exactly,
                                                       "statements_not_cite": ["63A4", "64"]}}]
    data["expected"] = {}
    assert sc.check(sc.from_dict(data)).passed
    data["checkpoints"][0]["expected"]["statements_cite_exactly"] = ["68A", "68B1", "68C", "68D", "69A"]
    (d,) = sc.check(sc.from_dict(data)).differences
    assert d.after == 13 and set(d.actual["extra"]) == {"62A"}


def test_claim_least_tricks_is_the_solver_s_answer() -> None:
    """70-disputed-claim-computed: five tricks left; North-South hold the top of every suit they can be led
    (the file's reasoning), so they take all five whatever is played."""
    assert sc.check(with_expected(DISPUTED, claim_least_tricks=5)).passed
    (d,) = sc.check(with_expected(DISPUTED, claim_least_tricks=4)).differences
    assert d.actual == 5 and d.expected == 4 and d.law == LawRef.parse("70")
    (d,) = sc.check(with_expected(AGREED, claim_least_tricks=9)).differences   # ten tricks left: beyond the limit
    assert str(d.actual).startswith("not computed")
    data = tomllib.loads(AGREED.read_text(encoding="utf-8"))
    data["history"] = data["history"][:12]
    data["expected"] = {"claim_least_tricks": 3}
    data.pop("checkpoints")
    (d,) = sc.check(sc.from_dict(data)).differences
    assert d.actual == "no claim or concession in force"


@pytest.mark.parametrize("expected,words", [
    ({"statements_cite_exactly": ["Law sixteen"]}, "expected.statements_cite_exactly"),
    ({"statements_not_cite": "50D2"}, "expected.statements_not_cite"),
    ({"statements_cite": ["64A2"], "statements_not_cite": ["64A"]}, "64A2 is in statements_cite and 64A"),
    ({"statements_cite_exactly": ["64A2"], "statements_not_cite": ["64A2"]}, "statements_cite_exactly"),
    ({"statements_cite": ["16C"], "statements_cite_exactly": ["64A2"]}, "16C is in statements_cite but not"),
    ({"claim_least_tricks": 14}, "expected.claim_least_tricks: must be a number of tricks 0 to 13"),
    ({"claim_least_tricks": "five"}, "expected.claim_least_tricks"),
    ({"claim_least_tricks": True}, "expected.claim_least_tricks"),
])
def test_a_malformed_form_is_an_error_naming_file_and_key(expected: dict[str, Any], words: str) -> None:
    data = tomllib.loads(AGREED.read_text(encoding="utf-8"))
    data["expected"] = expected
    with pytest.raises(ScenarioError) as exc:
        sc.from_dict(data, path=str(AGREED))
    assert words in str(exc.value) and "63a4-agree-to-claim-64a2.toml" in str(exc.value), str(exc.value)
