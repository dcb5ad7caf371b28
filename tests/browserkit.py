"""What every real-browser test module shares: Debian's Chromium through Playwright, servers on loopback, and
dev.py and tools/*.py loaded as modules (the servers and the site are started as dev.py starts them).

Imported by tests/test_browser.py, test_table_browser.py, test_site.py, test_handouts.py (and, through
test_browser, test_pbn_browser.py). Under pytest-xdist every worker has its own ports (``free_port``), its own
Chromium and its own scratch folders (tmp_path).

One Chromium per process: the ``browser`` fixture of every module that imports it hands out the same Playwright
and the same Chromium (``shared_browser``), started by the first module that asks and stopped when the test run
ends (tests/conftest.py calls ``session_end``). Two sync Playwrights alive at once break each other, so there is
never a second one; each test has its own browser context (its own pages, cookies and storage). Servers that
several modules share (tests/test_browser.py's JupyterLab and Voila) are kept the same way
(``shared_server``), and stopped at the end too.
"""

from __future__ import annotations

import atexit
import importlib.util
import json
import os
import shutil
import socket
import subprocess
import tempfile
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


#: the servers' config: their kernels talk over IPC (Unix sockets named after the kernel's connection file), never
#: over TCP ports that jupyter_client picks by binding port 0 and letting go, which another process (the other
#: worker's kernels and servers) can take before the kernel binds them (conftest.py; tools/kernel_start_stress.py)
KERNEL_CONFIG = {"KernelManager": {"transport": "ipc"}}
_kernel_dirs: list[str] = []


def kernels_over_ipc(env: dict[str, str]) -> dict[str, str]:
    """ENV for a Lab or Voila server whose kernels talk over IPC: KERNEL_CONFIG on JUPYTER_CONFIG_PATH (Lab reads
    jupyter_server_config.json, Voila voila.json) and a short runtime folder of the server's own for the kernels'
    connection files and sockets (a Unix socket's path has at most 107 bytes; pytest's folders are longer).
    Removed when the process ends."""
    folder = tempfile.mkdtemp(prefix="bl-server-", dir="/tmp" if os.path.isdir("/tmp") else None)
    if not _kernel_dirs:
        atexit.register(lambda: [shutil.rmtree(d, ignore_errors=True) for d in _kernel_dirs])
    _kernel_dirs.append(folder)
    config = os.path.join(folder, "config")
    os.makedirs(config)
    for name in ("jupyter_server_config.json", "voila.json"):
        with open(os.path.join(config, name), "w", encoding="utf-8") as f:
            json.dump(KERNEL_CONFIG, f)
    paths = [config, *filter(None, env.get("JUPYTER_CONFIG_PATH", "").split(os.pathsep))]
    return dict(env, JUPYTER_CONFIG_PATH=os.pathsep.join(paths), JUPYTER_RUNTIME_DIR=os.path.join(folder, "rt"))


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


#: the element that has the keyboard focus, inside shadow roots too
DEEP_FOCUS = """() => { let e = document.activeElement;
  while (e && e.shadowRoot && e.shadowRoot.activeElement) e = e.shadowRoot.activeElement; return e; }"""

#: watch a card table's shadow root for the page's next drawing of it (the kernel's answer to an action): the flag
#: is set in the frame after, once table.js has also put the keyboard focus where the table says; the element
#: that has the focus now is kept too
WATCH = """t => { window.blDrawn = false; window.blFocused = (""" + DEEP_FOCUS + """)();
  const o = new MutationObserver(() => { o.disconnect();
    requestAnimationFrame(() => setTimeout(() => { window.blDrawn = true; }, 0)); });
  o.observe(t.getRootNode(), {subtree: true, childList: true, characterData: true, attributes: true}); }"""


def act_and_wait(table: Any, act: Any, *, keyboard: bool = False) -> None:
    """``act()`` (a click, or with ``keyboard`` a key pressed on the element that has the focus, on card table
    ``table``, a Playwright locator), then wait until the page has the table's answer: not a fixed time, and not
    a particular text (two stops may read alike). The answer is a new drawing; or, to a key, it may change
    nothing on the table but move the focus where the table says play goes on (table.js)."""
    table.evaluate(WATCH)
    act()
    moved = f" || ({str(keyboard).lower()} && ({DEEP_FOCUS})() !== window.blFocused)"
    table.page.wait_for_function(f"() => window.blDrawn === true{moved}")


#: what runs when the test run ends (``session_end``), last registered first
_AT_END: list[Any] = []
#: this process's Playwright and Chromium (``shared_browser``), and its shared servers (``shared_server``)
_SHARED: dict[str, Any] = {}


def at_session_end(fn: Any) -> None:
    _AT_END.append(fn)


def session_end() -> None:
    """Stop the shared servers and Chromium (tests/conftest.py, at the end of the run)."""
    while _AT_END:
        try:
            _AT_END.pop()()
        except Exception:  # noqa: BLE001 (the run is over: stop the others all the same)
            pass
    _SHARED.clear()


def shared_browser() -> Any:
    """This process's one Chromium (through Playwright), started at the first call."""
    if "browser" not in _SHARED:
        if not Path(CHROMIUM).exists():
            missing(f"Chromium not found at {CHROMIUM} (apt-get install chromium)")
        try:
            from playwright.sync_api import sync_playwright
        except ImportError:
            missing("the Python package playwright is not installed")
        playwright = sync_playwright().start()
        at_session_end(playwright.stop)
        _SHARED["browser"] = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        at_session_end(_SHARED["browser"].close)
    return _SHARED["browser"]


def shared_server(key: str, begin: Any) -> Any:
    """The value of ``begin()`` (say, a server's URL), made once per process under ``key``; ``begin`` registers
    what stops it with ``at_session_end``."""
    if key not in _SHARED:
        _SHARED[key] = begin()
    return _SHARED[key]


def shared(key: str) -> Any:
    """What ``shared_server`` made under ``key`` in this process, or None."""
    return _SHARED.get(key)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield shared_browser()
