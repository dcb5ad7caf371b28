"""pytest configuration shared by every test file.

The notebooks in tests/browser/ are fixtures of the real-browser tests (tests/test_table_browser.py): those tests
copy them beside the article scenarios into a temporary folder and open them in JupyterLab. They are not
notebooks of ours whose outputs nbval should compare, and from tests/browser/ they cannot find the scenarios.

``python3 dev.py test`` runs the suite on every core with pytest-xdist, a file whole in one worker
(``--dist loadfile``): a module's servers (module-scoped fixtures) and a notebook's kernel (nbval) serve all its
tests. The one exception is the fit test, longer than all the rest of the suite's browser tests together: it is
shared out by notebook number (SPLIT below), each part starting the servers it needs in its worker. The files
(and parts) are handed out in the order collected, so under xdist the long ones come first (below: the
browser files, then the notebooks, then the rest, each by its WEIGHT): a long file begun last would keep one
worker busy while the other has nothing left to do.

When ``BRIDGELAWS_FAILURE_LOG`` names a file, every failure (a test's setup, call or teardown, a file that cannot
be collected, a worker that crashed, a test that timed out) is appended to it as it is reported, one JSON line
each: ``.ci/run`` prints their names and first lines at its end, even when pytest itself stops half-way. When
``BRIDGELAWS_TIMING_LOG`` names a file, every phase of every test (setup, call, teardown) is appended to it with
the worker that ran it and when it began and ended: ``.ci/timings.py`` shows from it how busy each worker was and
which files took the time (with two workers the one that finishes last decides the run's wall time).

Every kernel the tests start (nbval's, the executed notebooks', the Lab and Voila servers') reads a profile of
this run's own (IPYTHONDIR, a scratch folder per process): no history database, which kernels of both workers
would otherwise open and write at once, and nothing from the developer's ~/.ipython.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import tempfile
from collections.abc import Callable
from typing import Any

import pytest

collect_ignore_glob = ["browser/*.ipynb"]
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

#: IPython's settings for the kernels of this run (see above)
KERNEL_PROFILE = "c.HistoryManager.enabled = False\n"
_IPYTHONDIR = pytest.StashKey[tuple[str, "str | None"]]()  # (the scratch folder, IPYTHONDIR before it)


def pytest_configure(config: pytest.Config) -> None:
    home = tempfile.mkdtemp(prefix="bridgelaws-ipython-")
    profile = os.path.join(home, "profile_default")
    os.makedirs(profile)
    for name in ("ipython_config.py", "ipython_kernel_config.py"):
        with open(os.path.join(profile, name), "w", encoding="utf-8") as f:
            f.write(KERNEL_PROFILE)
    config.stash[_IPYTHONDIR] = (home, os.environ.get("IPYTHONDIR"))
    os.environ["IPYTHONDIR"] = home


def pytest_sessionfinish(session: pytest.Session) -> None:
    # the Chromium and the servers the browser tests share (tests/browserkit.py), if any module started them
    import sys

    kit = sys.modules.get("browserkit")
    if kit is not None:
        kit.session_end()


def pytest_unconfigure(config: pytest.Config) -> None:
    home, before = config.stash.get(_IPYTHONDIR, (None, None))
    if home is None:
        return
    if before is None:
        os.environ.pop("IPYTHONDIR", None)
    else:
        os.environ["IPYTHONDIR"] = before
    shutil.rmtree(home, ignore_errors=True)


def _log_failure(report: Any) -> None:
    """Append a failed report to BRIDGELAWS_FAILURE_LOG (by the process that prints the run: xdist's controller,
    or the only process of a serial run), flushed at once so that a run stopped later keeps it."""
    path = os.environ.get("BRIDGELAWS_FAILURE_LOG")
    if not path or not report.failed or os.environ.get("PYTEST_XDIST_WORKER"):
        return
    crash = getattr(report.longrepr, "reprcrash", None)
    entry = {"nodeid": report.nodeid or str(getattr(report, "fspath", "")), "when": getattr(report, "when", "collect"),
             "where": f"{crash.path}:{crash.lineno}" if crash is not None else "",
             "message": crash.message if crash is not None else "", "text": report.longreprtext}
    with open(path, "a", encoding="utf-8") as f:
        f.write(json.dumps(entry, ensure_ascii=False) + "\n")


def _log_timing(report: Any) -> None:
    """Append one phase of a test to BRIDGELAWS_TIMING_LOG: its node id, the phase, the worker, the wall-clock
    times it began and ended (written by the process that prints the run, like the failures)."""
    path = os.environ.get("BRIDGELAWS_TIMING_LOG")
    if not path or os.environ.get("PYTEST_XDIST_WORKER"):
        return
    gateway = getattr(getattr(report, "node", None), "gateway", None)
    entry = {"nodeid": report.nodeid, "when": report.when, "worker": getattr(gateway, "id", "main"),
             "start": round(getattr(report, "start", 0.0), 3), "stop": round(getattr(report, "stop", 0.0), 3),
             "duration": round(report.duration, 3), "outcome": report.outcome}
    with open(path, "a", encoding="utf-8") as f:
        f.write(json.dumps(entry) + "\n")


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    _log_failure(report)
    _log_timing(report)


def pytest_collectreport(report: pytest.CollectReport) -> None:
    _log_failure(report)


def _rank(items: list[Any]) -> int:
    """0 for a file of real-browser tests (servers, Chromium: the longest; a file named ``*_browser.py`` is one
    even when it drives its Chromium from a child process, as test_pbn_browser.py does), 1 for a notebook that
    nbval re-runs or a module that executes notebooks, 2 for the rest."""
    if items and str(items[0].path).endswith("_browser.py"):
        return 0
    if any("browser" in getattr(item, "fixturenames", ()) for item in items):
        return 0
    if any(str(item.path).endswith(".ipynb") or "runs" in getattr(item, "fixturenames", ()) for item in items):
        return 1
    return 2


#: about how many seconds a file (or one part of a SPLIT file) keeps its worker busy in CI (.ci/timings.py prints
#: them; these from a run at load average 8-12): within its rank the longest begins first, so that no long file
#: begins when the other worker has little left and the two workers end together (the run at 12:00 on 29 Nov
#: ended with test_widgets.py's 54 s on one worker, 28 s after the other); a browser file not listed counts
#: DEFAULT_WEIGHT, any other file 0 (the order of collection); test_browser's and test_widgets' are estimates
#: after the browsers branch (issue 38: about 45 % less time in test_browser, 27 % less CPU in test_widgets)
WEIGHT = {"tests/test_browser.py": 120, "tests/test_site.py": 150, "tests/test_table_browser.py": 100,
          "tests/test_fit_browser.py": 65,  # a notebook number (SPLIT): 26-60 s serial at load 7-12, 06 more
          "tests/test_teacher_route_browser.py": 66, "tests/test_site_fit.py": 58,
          "tests/test_widgets.py": 40, "tests/test_fuzz.py": 27, "tests/test_claimsolver.py": 24,
          "tests/test_worth.py": 23, "tests/test_reliability.py": 19}
DEFAULT_WEIGHT = 40


def _order(items: list[Any]) -> tuple[int, float]:
    rank = _rank(items)
    default = DEFAULT_WEIGHT if rank == 0 else 0
    return rank, -WEIGHT.get(os.path.relpath(str(items[0].path), ROOT).replace(os.sep, "/"), default)


def _notebook_number(nodeid: str) -> str:
    """"06" for a test of notebooks' 06 (a test id holding ``<lang>/06-...``), else ""."""
    found = re.search(r"/(\d\d)-", nodeid)
    return found.group(1) if found else ""


#: test files shared out among the workers in parts: file -> the part of a test, from its node id
SPLIT: dict[str, Callable[[str], str]] = {"tests/test_fit_browser.py": _notebook_number}


@pytest.hookimpl(optionalhook=True)  # pytest-xdist's hook (-p no:xdist: never called)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """--dist loadfile, with the files of SPLIT in parts."""
    if config.getoption("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    class Scheduling(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            file = nodeid.split("::", 1)[0]
            return f"{file}::{SPLIT[file](nodeid)}" if file in SPLIT else file

    return Scheduling(config, log)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[Any]) -> None:
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        return  # a serial run keeps the order of the files
    files: dict[Any, list[Any]] = {}
    for item in items:
        files.setdefault(item.path, []).append(item)
    # stable: within a rank by WEIGHT, the longest first, then in the order of collection
    ranked = sorted(files.values(), key=_order)
    items[:] = [item for group in ranked for item in group]
