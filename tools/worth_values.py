"""Precompute the double-dummy value of every option at every decision point of the article notebooks' scenario
files, for the offline site (which has no DDS): ``notebooks/scenarios/worth-values.dat``.

    python tools/worth_values.py [--budget 600] [--check] [--folder DIR ...] [--shipped]

Every scenario file in notebooks/scenarios is replayed event by event; each position in which a decision is
pending (after N events, N = 0 .. the whole history) gets the values of its options
(:func:`bridgelaws.analysis.option_values`), keyed by the position's fingerprint
(:func:`bridgelaws.analysis.stored.position_fingerprint`; a position reached by two files is stored once, under
the first). ``--budget`` is the time per decision: the file should hold exact values only, and the tool says
which ones are not. ``--check`` recomputes nothing: it says whether the file lists exactly the decision points
of the scenarios as they are now. The output is deterministic (sorted keys), so an unchanged result leaves the
file unchanged. ``--folder`` does the same for another folder of scenario files (a teacher's own examples,
``notebooks/da/mine``), writing its values file there; ``--shipped`` for every folder the offline site ships, each
only when it is out of date (``python3 dev.py site`` runs it before the build).
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


def up_to_date(folder: Path = SCENARIOS) -> bool:
    """Whether the folder's values file lists exactly the decision points of its scenario files as they are."""
    out = folder / FILE_NAME
    stored = json.loads(out.read_text(encoding="utf-8"))["positions"] if out.is_file() else {}
    want = {fp: (sid, n) for sid, n, _, _, fp in decision_points(folder)}
    have = {fp: (e["scenario"], e["after"]) for fp, e in stored.items()}
    return want == have


def write_values(folder: Path = SCENARIOS, budget: float = 600.0) -> int:
    """Compute and write the folder's values file; returns how many values are not exact."""
    out = folder / FILE_NAME
    positions: dict[str, dict[str, object]] = {}
    inexact = 0
    for sid, n, table, st, fp in decision_points(folder):
        t0 = time.monotonic()
        values = option_values(table, st, budget=budget)
        took = time.monotonic() - t0
        inexact += sum(not v.worth.exact for v in values)
        positions[fp] = {"scenario": sid, "after": n,
                         "options": [[v.option, v.worth.lower, v.worth.upper] for v in values]}
        shown = ", ".join(f"{v.option} {v.worth}" for v in values)
        print(f"{sid} after {n}: {shown} ({took:.1f} s)", flush=True)
    data = {"format": FORMAT,
            "about": "Double-dummy tricks for declarer's side in the whole board under each option of each "
                     f"decision in {_shown(folder)} (bridgelaws.analysis; written by tools/worth_values.py). "
                     "Each option is [name, lower, upper], in the order the decision offers them; lower = upper when exact.",
            "positions": positions}
    out.write_text(json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{_shown(out)}: {len(positions)} positions, {inexact} values not exact")
    return inexact


def _shown(path: Path) -> str:
    path = path.resolve()
    return path.relative_to(ROOT).as_posix() if ROOT in path.parents else str(path)


def shipped_folders() -> list[Path]:
    """Every folder of scenario files that the offline site ships (tools/build_site.py, value_folders)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("build_site", ROOT / "tools" / "build_site.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return list(module.value_folders())


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--budget", type=float, default=600.0, help="seconds per decision")
    ap.add_argument("--check", action="store_true", help="only say whether the file is up to date")
    ap.add_argument("--folder", type=Path, action="append", default=None,
                    help="a folder of scenario files (default: notebooks/scenarios); may be repeated")
    ap.add_argument("--shipped", action="store_true",
                    help="every folder of scenario files the offline site ships, each written only if out of date")
    args = ap.parse_args(argv)
    folders = shipped_folders() if args.shipped else [f.resolve() for f in args.folder or [SCENARIOS]]
    status = 0
    for folder in folders:
        fresh = up_to_date(folder)
        if args.check or (args.shipped and fresh):
            print(f"{_shown(folder / FILE_NAME)}: " + ("up to date" if fresh else
                                                       "out of date: run python tools/worth_values.py"))
            status |= 0 if fresh else 1
            continue
        status |= 1 if write_values(folder, args.budget) else 0
    return status


if __name__ == "__main__":
    raise SystemExit(main())
