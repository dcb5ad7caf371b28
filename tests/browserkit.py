"""What every real-browser test module shares: Debian's Chromium through Playwright, servers on loopback, and
dev.py and tools/*.py loaded as modules (the servers and the site are started as dev.py starts them).

Imported by tests/test_browser.py, test_table_browser.py, test_site.py, test_handouts.py (and, through
test_browser, test_pbn_browser.py). Under pytest-xdist every worker has its own ports (``free_port``), its own
Chromium and its own scratch folders (tmp_path). The ``browser`` fixture is module-scoped: one Playwright at a
time in a worker, each module starting its own and stopping it (two sync Playwrights alive at once break the next
module's).
"""

from __future__ import annotations

import importlib.util
import os
import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
IN_CI = os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-dev-shm-usage"]


ROOT = Path(__file__).resolve().parent.parent


def load_module(path: Path, name: str) -> Any:
    """A Python file that is not part of a package (dev.py, tools/*.py), loaded as a module."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def load_dev() -> Any:
    """dev.py as a module: the tests start Voila and build the site through its functions, as
    ``python3 dev.py voila`` and ``python3 dev.py site`` do."""
    return load_module(ROOT / "dev.py", "bridgelaws_dev")


def missing(what: str) -> None:
    """Fail in CI, skip elsewhere."""
    if IN_CI:
        pytest.fail(f"{what} (CI=true: the browser tests must run in CI)", pytrace=False)
    pytest.skip(what)


#: pytest-xdist's worker number (gw0, gw1, ...; 0 in a serial run)
WORKER = int(os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw") or 0)
#: the ports this worker hands out: a block of its own below Linux's ephemeral range (32768-60999), from which the
#: kernels' and the connections' ports come, so no two workers (and no kernel) ever get the same port; each port
#: once per run, from a place in the block that differs from run to run (two test runs at once rarely meet)
PORT_BLOCK = 1000
_ports = iter(range(20000 + PORT_BLOCK * WORKER, 20000 + PORT_BLOCK * (WORKER + 1)))
for _ in range(os.getpid() % (PORT_BLOCK // 2)):
    next(_ports)


def free_port() -> int:
    """A port of this worker's block that no one listens on now. The servers are started with port_retries=0:
    should another program take the port first, the server stops with an error instead of moving to a port the
    test does not know."""
    for port in _ports:
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError(f"worker {WORKER} has used up its {PORT_BLOCK} ports")


def start(cmd: list[str], url: str, cwd: Path, env: dict[str, str], log: Path,
          timeout: float = 90) -> subprocess.Popen[bytes]:
    with log.open("wb") as out:
        proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=out, stderr=subprocess.STDOUT)
    deadline = time.time() + timeout
    while time.time() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode}: {cmd}\n{log.read_text(errors='replace')}")
        try:
            urllib.request.urlopen(url, timeout=2)
            return proc
        except urllib.error.HTTPError:
            return proc  # any HTTP answer means it is up
        except OSError:
            time.sleep(0.3)
    stop(proc)
    raise RuntimeError(f"server did not come up within {timeout} s: {cmd}\n{log.read_text(errors='replace')}")


def stop(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()  # SIGTERM also shuts the kernels down
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        missing(f"Chromium not found at {CHROMIUM} (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing("the Python package playwright is not installed")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()
