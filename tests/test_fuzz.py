"""Bounded, seeded fuzzing (tests/fuzzing.py): the engine, the scenario loader and checker, the parsers and the
card table, each with fixed seeds and a fixed amount of work (well under a minute in all). A longer run is
``python3 dev.py fuzz --minutes 10``.

The timing test prints what issue #12 asks to see (the targets themselves are checked in
benchmarks/reliability.py, not here): the check of a 1 MB file of repeated events, and the replay time per
event at 5,000, 10,000 and 20,000 events."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import fuzzing

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def _no_failures(report: fuzzing.Report) -> None:
    assert not report.failures, "\n".join(report.failures[:10])


@pytest.mark.parametrize("first", [0, 100, 200])
def test_fuzz_engine_events(first: int) -> None:
    report = fuzzing.Report()
    for seed in range(first, first + 20):
        fuzzing.fuzz_engine_game(seed, report, p_irregular=(0.3, 0.5, 0.8)[seed % 3])
    _no_failures(report)
    assert report.accepted > 400 and report.refused > 100, report.summary()   # both kinds were exercised


def test_fuzz_parsers() -> None:
    report = fuzzing.Report()
    fuzzing.fuzz_parsers(7, 3000, report)
    _no_failures(report)
    assert report.parser_inputs >= 3000


def test_fuzz_scenario_files(tmp_path: Path) -> None:
    report = fuzzing.Report()
    fuzzing.fuzz_scenarios(11, 150, report, tmp_path)
    _no_failures(report)
    assert report.files >= 120


def test_fuzz_widget_clicks(tmp_path: Path) -> None:
    pytest.importorskip("anywidget")
    report = fuzzing.Report()
    for seed in (3, 4, 5):
        folder = tmp_path / str(seed)
        folder.mkdir()
        assert fuzzing.fuzz_widget(seed, 150, report, folder)
    _no_failures(report)
    assert report.clicks == 450


@pytest.mark.skipif(sys.platform == "win32", reason="measures the child's memory with the resource module")
def test_bounded_work_timings(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    size, n, seconds, cpu, mb, status = fuzzing.check_big_file(tmp_path)
    times = fuzzing.replay_times()
    with capsys.disabled():
        print(f"\n[bounded work] check of a {size:,}-byte file of {n:,} repeated events: {seconds:.2f} s "
              f"({cpu:.2f} s of CPU), peak {mb:.0f} MB (targets: 2 s, 200 MB)")
        for count, us in times:
            print(f"[bounded work] replay of {count:,} repeated events: {us:.1f} µs per event")
        print(f"[bounded work] time per event at 20,000 / at 5,000: {times[-1][1] / times[0][1]:.2f} "
              "(linear replay: about 1)")
    assert size <= 1 << 20 and status.startswith("PASS"), status


# the PBN reader, the exports and the card table's message handler (issue #21; tests/fuzzing_pbn.py)

@pytest.mark.parametrize("seed", [1, 2])
def test_fuzz_pbn_reader(seed: int) -> None:
    report = fuzzing.Report()
    fuzzing.fuzzing_pbn.fuzz_pbn_reader(seed, 150, report)
    _no_failures(report)
    assert report.pbn_inputs == 150


def test_fuzz_exports_round_trip() -> None:
    report = fuzzing.Report()
    fuzzing.fuzzing_pbn.fuzz_exports(5, 40, report, fuzzing.random_text)
    _no_failures(report)
    assert report.exports >= 30


def test_fuzz_widget_messages_of_any_json(tmp_path: Path) -> None:
    pytest.importorskip("anywidget")
    report = fuzzing.Report()
    assert fuzzing.fuzzing_pbn.fuzz_widget_messages(9, 1500, report, tmp_path)
    _no_failures(report)
    assert report.messages == 1500
