"""pytest configuration shared by every test file.

The notebooks in tests/browser/ are fixtures of the real-browser tests (tests/test_table_browser.py): those tests
copy them beside the article scenarios into a temporary folder and open them in JupyterLab. They are not
notebooks of ours whose outputs nbval should compare, and from tests/browser/ they cannot find the scenarios.

``python3 dev.py test`` runs the suite on every core with pytest-xdist, a file whole in one worker
(``--dist loadfile``): a module's servers (module-scoped fixtures) and a notebook's kernel (nbval) serve all its
tests. The workers hand out the files in the order collected, so under xdist the long files come first (below):
a long file begun last would keep one worker busy while the other has nothing left to do.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

collect_ignore_glob = ["browser/*.ipynb"]


def _rank(items: list[Any]) -> int:
    """0 for a file of real-browser tests (servers, Chromium: the longest), 1 for a notebook that nbval re-runs or
    a module that executes notebooks, 2 for the rest."""
    if any("browser" in getattr(item, "fixturenames", ()) for item in items):
        return 0
    if any(str(item.path).endswith(".ipynb") or "runs" in getattr(item, "fixturenames", ()) for item in items):
        return 1
    return 2


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[Any]) -> None:
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        return  # a serial run keeps the order of the files
    files: dict[Any, list[Any]] = {}
    for item in items:
        files.setdefault(item.path, []).append(item)
    ranked = sorted(files.values(), key=_rank)  # stable: the order of collection within a rank
    items[:] = [item for group in ranked for item in group]
