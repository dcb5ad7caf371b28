"""The one reader of the JSON-lines logs tests/conftest.py keeps during a test run (BRIDGELAWS_FAILURE_LOG,
BRIDGELAWS_TIMING_LOG), for .ci/failures.py and .ci/timings.py. Standard library only."""

from __future__ import annotations

import json
from typing import Any


def entries(path: str) -> list[dict[str, Any]]:
    """Every entry of the log at ``path``, one JSON object a line (blank lines skipped); none if there is no
    log (the run wrote nothing, or never started)."""
    try:
        with open(path, encoding="utf-8") as f:
            return [json.loads(line) for line in f if line.strip()]
    except FileNotFoundError:
        return []
