#!/usr/bin/env python3
"""Where a test run's time went, from the phases tests/conftest.py logged (BRIDGELAWS_TIMING_LOG: one JSON line per
setup, call and teardown, with the worker that ran it and when it began and ended). Standard library only; .ci/run
calls it when it exits. It prints each worker's span (first start to last end), busy time and the files it ran
longest, then the files that took longest in all. With two workers the later one decides the run's wall time: a
large gap between the workers' ends means a long file began too late (tests/conftest.py's WEIGHT orders them)."""

from __future__ import annotations

import sys
from collections import defaultdict

import testlog  # .ci/testlog.py: this script's folder is on sys.path

TOP = 12


def main(path: str) -> int:
    entries = testlog.entries(path)
    if not entries:
        return 0
    begin = min(e["start"] for e in entries if e["start"])
    workers: dict[str, list[dict]] = defaultdict(list)
    for e in entries:
        workers[e["worker"]].append(e)
    files: dict[tuple[str, str], float] = defaultdict(float)
    for e in entries:
        files[(e["nodeid"].split("::")[0], e["worker"])] += e["duration"]
    print(".ci/run: where the test run's time went (seconds from the first test's start):")
    for worker, es in sorted(workers.items()):
        first = min(e["start"] for e in es) - begin
        last = max(e["stop"] for e in es) - begin
        busy = sum(e["duration"] for e in es)
        own = sorted(((t, f) for (f, w), t in files.items() if w == worker), reverse=True)[:5]
        print(f"  {worker}: {first:.0f} to {last:.0f} s, busy {busy:.0f} s; longest: "
              + ", ".join(f"{f.removeprefix('tests/')} {t:.0f} s" for t, f in own))
    print("  longest files: " + ", ".join(f"{f.removeprefix('tests/')} ({w}) {t:.0f} s"
                                         for (f, w), t in sorted(files.items(), key=lambda x: -x[1])[:TOP]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
