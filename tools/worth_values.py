"""Precompute the double-dummy value of every option at every decision point of the article notebooks' scenario
files, for the offline site (which has no DDS): ``notebooks/scenarios/worth-values.dat``.

    python tools/worth_values.py [--budget 600] [--check]

Every scenario file in notebooks/scenarios is replayed event by event; each position in which a decision is
pending (after N events, N = 0 .. the whole history) gets the values of its options
(:func:`bridgelaws.analysis.option_values`), keyed by the position's fingerprint
(:func:`bridgelaws.analysis.stored.position_fingerprint`; a position reached by two files is stored once, under
the first). ``--budget`` is the time per decision: the file should hold exact values only, and the tool says
which ones are not. ``--check`` recomputes nothing: it says whether the file lists exactly the decision points
of the scenarios as they are now. The output is deterministic (sorted keys), so an unchanged result leaves the
file unchanged.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bridgelaws.analysis import option_values  # noqa: E402
from bridgelaws.analysis.stored import FILE_NAME, FORMAT, position_fingerprint  # noqa: E402
from bridgelaws.scenario import load, replay  # noqa: E402
from bridgelaws.state import PlayState  # noqa: E402
from bridgelaws.table import Table  # noqa: E402

SCENARIOS = ROOT / "notebooks" / "scenarios"
OUT = SCENARIOS / FILE_NAME


def decision_points(folder: Path = SCENARIOS) -> Iterator[tuple[str, int, Table, PlayState, str]]:
    """(scenario id, events before, table, state, fingerprint) for every position with a decision pending in
    the folder's scenario files, each fingerprint once."""
    seen: set[str] = set()
    for path in sorted(folder.glob("*.toml")):
        scenario = load(path)
        table = replay(scenario)
        for n, st in enumerate(table.states):
            if st.pending is None or st.phase == "over" or st.claim is not None:
                continue
            fp = position_fingerprint(st)
            if fp in seen:
                continue
            seen.add(fp)
            yield scenario.id, n, table, st, fp


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--budget", type=float, default=600.0, help="seconds per decision")
    ap.add_argument("--check", action="store_true", help="only say whether the file is up to date")
    args = ap.parse_args(argv)
    if args.check:
        stored = json.loads(OUT.read_text(encoding="utf-8"))["positions"] if OUT.is_file() else {}
        want = {fp: (sid, n) for sid, n, _, _, fp in decision_points()}
        have = {fp: (e["scenario"], e["after"]) for fp, e in stored.items()}
        if want == have:
            print(f"{OUT.relative_to(ROOT)}: up to date ({len(want)} positions)")
            return 0
        print(f"{OUT.relative_to(ROOT)}: out of date: run python tools/worth_values.py")
        return 1
    positions: dict[str, dict[str, object]] = {}
    inexact = 0
    for sid, n, table, st, fp in decision_points():
        t0 = time.monotonic()
        values = option_values(table, st, budget=args.budget)
        took = time.monotonic() - t0
        inexact += sum(not v.worth.exact for v in values)
        positions[fp] = {"scenario": sid, "after": n,
                         "options": [[v.option, v.worth.lower, v.worth.upper] for v in values]}
        shown = ", ".join(f"{v.option} {v.worth}" for v in values)
        print(f"{sid} after {n}: {shown} ({took:.1f} s)", flush=True)
    data = {"format": FORMAT,
            "about": "Double-dummy tricks for declarer's side in the whole board under each option of each "
                     "decision in notebooks/scenarios (bridgelaws.analysis; written by tools/worth_values.py). "
                     "Each option is [name, lower, upper], in the order the decision offers them; lower = upper when exact.",
            "positions": positions}
    OUT.write_text(json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{OUT.relative_to(ROOT)}: {len(positions)} positions, {inexact} values not exact")
    return 0 if inexact == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
