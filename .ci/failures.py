#!/usr/bin/env python3
"""Print the failures of a test run kept by tests/conftest.py (BRIDGELAWS_FAILURE_LOG: one JSON line each): each
failing test's name, where it failed and the first lines of its failure. Standard library only; .ci/run calls it
when it exits, so that the names are the last thing of its output, also after a run that crashed."""

from __future__ import annotations

import os
import sys

import testlog  # .ci/testlog.py: this script's folder is on sys.path

LINES = 12  # of each failure: its "E" lines (pytest's explanation), or else the end of its traceback


def first_lines(entry: dict[str, str]) -> list[str]:
    text = entry.get("text", "").splitlines()
    explained = [line for line in text if line.startswith("E ")]
    return (explained or [line for line in text if line.strip()][-LINES:])[:LINES]


def main(path: str) -> int:
    entries = testlog.entries(path)
    if not entries:
        return 0
    print(f".ci/run: {len(entries)} failure(s) (all of them in {path}):")
    for e in entries:
        when = "" if e.get("when") == "call" else f" [{e.get('when')}]"
        where = os.path.relpath(e["where"]) if e.get("where", "").startswith(os.getcwd()) else e.get("where")
        print(f"FAILED {e['nodeid']}{when}" + (f" at {where}" if where else ""))
        for line in first_lines(e):
            print(f"    {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
