"""The scenario expectation ``option_values`` (SCENARIO_FORMAT.md; docs/scenario-format.md) and the ``worth``
command. The example's numbers are counted by hand in its ``reasoning`` (tests/data/worth/forbid-is-worth-six.toml):
East-West's only winners are West's seven clubs, North-South's only winners North's twelve cards in the other
suits, so accepting, requiring clubs and no restriction give North-South 6 and forbidding clubs 12."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("endplay")

from bridgelaws.__main__ import main  # noqa: E402
from bridgelaws.errors import ScenarioError  # noqa: E402
from bridgelaws.scenario import check, loads  # noqa: E402

EXAMPLE = Path(__file__).parent / "data" / "worth" / "forbid-is-worth-six.toml"


def _with(expected: dict[str, Any] | None = None, checkpoint: dict[str, Any] | None = None) -> str:
    """The example with its final ``option_values`` (or its checkpoint's) replaced."""
    import tomllib

    data = tomllib.loads(EXAMPLE.read_text(encoding="utf-8"))
    data = copy.deepcopy(data)
    if expected is not None:
        data["expected"]["option_values"] = expected
    if checkpoint is not None:
        data["checkpoints"][0]["expected"]["option_values"] = checkpoint
    import json

    return json.dumps(data)


def _result(text: str) -> Any:
    return check(loads(text, "json"))


def test_the_hand_counted_example_passes() -> None:
    from bridgelaws.scenario import check_file

    result = check_file(EXAMPLE)
    assert result.passed, result.lines()


def test_a_wrong_number_fails_and_names_the_option() -> None:
    result = _result(_with({"require:C": 6, "forbid:C": 11, "none": 6}))
    assert not result.passed
    text = "\n".join(result.lines())
    assert "option_values" in text and "forbid:C = 12" in text


def test_a_bound_holds_when_the_value_reaches_it() -> None:
    assert _result(_with({"require:C": ">=6", "forbid:C": ">=10", "none": 6})).passed
    assert not _result(_with({"require:C": 6, "forbid:C": ">=13", "none": 6})).passed


def test_every_option_open_must_be_listed() -> None:
    assert not _result(_with({"require:C": 6, "forbid:C": 12})).passed
    assert not _result(_with(checkpoint={"accept_and_play": 6, "reject_require:C": 6, "reject_forbid:C": 12,
                                         "reject_no_restriction": 6})).passed


@pytest.mark.parametrize(("values", "words"), [
    ({"requre:C": 6}, "unknown option"),
    ({"require": 6}, "after a colon"),
    ({"none:C": 6}, "takes no suit"),
    ({"require:C,D": 6}, "one suit"),
    ({"require:X": 6}, "X"),
    ({"designate_penalty_card:S1": 6}, "S1"),
    ({"require:C": 14}, "0 to 13"),
    ({"require:C": "at least 8"}, ">=8"),
    ({"require:C": True}, "0 to 13"),
])
def test_a_malformed_option_value_is_an_error_that_says_where(values: dict[str, Any], words: str) -> None:
    with pytest.raises(ScenarioError) as info:
        loads(_with(values), "json")
    assert "option_values" in str(info.value) and words in str(info.value)


def test_the_command_prints_the_table_in_each_language(capsys: pytest.CaptureFixture[str]) -> None:
    want = {"en": ("Refuse the lead and forbid ♣", "Tricks"), "da": ("Afvis udspillet og forbyd ♣", "Stik"),
            "nb": ("Avvis utspillet og forby ♣", "Stikk")}
    for lang, (label, head) in want.items():
        assert main(["worth", str(EXAMPLE), "--after", "1", "--lang", lang]) == 0
        out = capsys.readouterr().out
        line = next(x for x in out.splitlines() if label in x)
        assert line.split()[-1] == "12"
        assert head in out
        assert "54A" in out                     # both accepts are shown: DD cannot tell them apart


def test_the_command_refuses_bad_input_in_the_users_language(capsys: pytest.CaptureFixture[str],
                                                             tmp_path: Path) -> None:
    assert main(["worth", str(EXAMPLE), "--after", "0", "--lang", "da"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("ERROR") and "beslutning" in err
    assert main(["worth", str(EXAMPLE), "--after", "9"]) == 1
    assert "--after 9: the file has 2 events" in capsys.readouterr().err
    bad = tmp_path / "bad.toml"
    bad.write_text(EXAMPLE.read_text(encoding="utf-8").replace('card = "C7"', 'card = "C1"'), encoding="utf-8")
    assert main(["worth", str(bad)]) == 1
    assert "C1" in capsys.readouterr().err
    assert main(["worth", str(tmp_path / "missing.toml")]) == 1
    assert capsys.readouterr().err.startswith("ERROR")
