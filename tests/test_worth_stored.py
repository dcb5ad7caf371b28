"""The double-dummy values stored for the offline site (notebooks/scenarios/worth-values.dat, written by
tools/worth_values.py, read by bridgelaws.analysis.stored without endplay): every decision of the article
notebooks' scenario files is stored, every stored value belongs to an existing scenario position with the same
options, a sample matches a fresh computation, and the lookup works where endplay is missing."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bridgelaws.analysis import option_events
from bridgelaws.analysis.stored import FILE_NAME, position_fingerprint, read_values, stored_values
from bridgelaws.scenario import load, replay

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "notebooks" / "scenarios"
VALUES = SCENARIOS / FILE_NAME


def _decision_points() -> dict[str, tuple[str, int, Path]]:
    """fingerprint -> (scenario id, events before, file) for every position with a decision pending."""
    out: dict[str, tuple[str, int, Path]] = {}
    for path in sorted(SCENARIOS.glob("*.toml")):
        scenario = load(path)
        for n, st in enumerate(replay(scenario).states):
            if st.pending is not None and st.phase != "over" and st.claim is None:
                out.setdefault(position_fingerprint(st), (scenario.id, n, path))
    return out


POINTS = _decision_points()
STORED = read_values(VALUES)


def test_the_file_is_small_and_covers_every_decision_of_the_articles() -> None:
    assert VALUES.stat().st_size < 100_000
    assert POINTS, "the article scenarios have decision points"
    missing = sorted(set(POINTS) - set(STORED))
    assert not missing, [POINTS[fp][:2] for fp in missing]


def test_every_stored_value_belongs_to_an_existing_scenario_position() -> None:
    by_id = {load(p).id: p for p in SCENARIOS.glob("*.toml")}
    for fp, entry in STORED.items():
        assert entry.scenario in by_id, entry
        table = replay(load(by_id[entry.scenario]), entry.after)
        assert position_fingerprint(table.state) == fp, entry
        assert [name for name, _ in option_events(table)] == [name for name, _, _ in entry.options], entry
        for name, lo, hi in entry.options:
            assert 0 <= lo <= hi <= 13, (entry, name)


def test_every_stored_value_is_exact() -> None:
    assert all(lo == hi for e in STORED.values() for _, lo, hi in e.options)


def test_a_sample_matches_a_fresh_computation() -> None:
    pytest.importorskip("endplay")
    from bridgelaws.analysis import option_values

    by_id = {load(p).id: p for p in SCENARIOS.glob("*.toml")}
    for fp in sorted(STORED)[::6]:
        entry = STORED[fp]
        table = replay(load(by_id[entry.scenario]), entry.after)
        fresh = [(v.option, v.worth.lower, v.worth.upper) for v in option_values(table, budget=120)]
        assert tuple(fresh) == entry.options, entry


PROBE = """
import json, sys
sys.modules["endplay"] = None          # as in the offline site: endplay cannot be imported
from bridgelaws.analysis.dds import available
from bridgelaws.analysis.stored import stored_values
from bridgelaws.scenario import load, replay
table = replay(load(sys.argv[1]), int(sys.argv[2]))
got = stored_values(table.state, sys.argv[3])
print(json.dumps({"dds": available(), "options": got.options if got else None}))
"""


def test_the_lookup_needs_no_endplay() -> None:
    fp = sorted(STORED)[0]
    sid, n, path = POINTS[fp]
    out = subprocess.run([sys.executable, "-c", PROBE, str(path), str(n), str(VALUES)], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    got = json.loads(out.stdout.strip().splitlines()[-1])
    assert got["dds"] is False
    assert [tuple(o) for o in got["options"]] == [tuple(o) for o in STORED[fp].options]


def test_a_position_that_is_not_stored_gives_none() -> None:
    path = SCENARIOS / "01-stort-strafkort-ex2-lead-options.toml"
    table = replay(load(path))
    assert stored_values(table.state, VALUES) is not None
    table.pop()                                           # one event earlier: East has not played ♠A yet
    assert stored_values(table.state, VALUES) is None


# ---- the reader and the session's lookup, directly (test audit round 4, A6 and A8) -----------------------------

EX2 = SCENARIOS / "01-stort-strafkort-ex2-lead-options.toml"


def _values_file(folder: Path, options: list[list[object]]) -> tuple[Path, object]:
    """A values file in ``folder`` holding ``options`` for 01's example 2 at its decision (declarer's 50D2
    choice: require:C, forbid:C, none), and that table."""
    from bridgelaws.analysis import stored

    table = replay(load(EX2))
    assert [name for name, _ in option_events(table)] == ["require:C", "forbid:C", "none"]
    path = folder / FILE_NAME
    entry = {"scenario": "stort-strafkort-ex2-lead-options", "after": len(table.history), "options": options}
    path.write_text(json.dumps({"format": stored.FORMAT, "positions": {position_fingerprint(table.state): entry}}),
                    encoding="utf-8")
    return path, table


def test_a_stored_bound_is_read_as_a_bound(tmp_path: Path) -> None:
    from bridgelaws.session.worth import stored_values as session_values

    path, table = _values_file(tmp_path, [["require:C", 7, 7], ["forbid:C", 6, 6], ["none", 5, 9]])
    entry = read_values(path)[position_fingerprint(table.state)]
    assert entry.options == (("require:C", 7, 7), ("forbid:C", 6, 6), ("none", 5, 9))
    assert stored_values(table.state, path) == entry
    got = {v.option: v.worth for v in session_values(table, near=path)}
    assert (got["none"].lower, got["none"].upper, got["none"].exact) == (5, 9, False)
    assert str(got["none"]) == ">=5"
    assert got["require:C"].exact and got["require:C"].value == 7


def test_stored_values_lacking_an_option_are_not_this_positions(tmp_path: Path) -> None:
    from bridgelaws.session.worth import stored_values as session_values

    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    lacking, table = _values_file(tmp_path / "a", [["require:C", 7, 7], ["none", 5, 5]])     # forbid:C missing
    assert read_values(lacking)[position_fingerprint(table.state)].options == (("require:C", 7, 7), ("none", 5, 5))
    assert session_values(table, near=lacking) is None
    # negative control: the same file with every option the engine offers is taken
    complete, _ = _values_file(tmp_path / "b", [["require:C", 7, 7], ["forbid:C", 6, 6], ["none", 5, 5]])
    assert [v.option for v in session_values(table, near=complete)] == ["require:C", "forbid:C", "none"]
