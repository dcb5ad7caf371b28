"""The card table in a real browser: JupyterLab and Voila on loopback, Debian's Chromium driven by Playwright.

Clicks on cards change the table, an illegal click says why with its law, a decision's buttons appear and
work, the keyboard reaches the cards (each read out as "West ♥J"), and the language switch re-renders.
Screenshots are kept under ``test-artifacts/browser/`` (git-ignored).

Chromium is Debian's ``/usr/bin/chromium`` (``CHROMIUM`` overrides it); never ``playwright install``. Without it
these tests are skipped, except in CI (``CI=true``), where a missing browser is a failure.
(Recipe: TOOLCHAIN.md section 4.)
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve().parent / "browser"
NOTEBOOK = "cardtable.ipynb"
ARTIFACTS = ROOT / "test-artifacts" / "browser"
BIN = Path(sys.executable).parent
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
IN_CI = os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-dev-shm-usage"]
# JupyterLab's news toast covers the bottom-right corner; user settings in a private directory stop it
LAB_SETTINGS = {"@jupyterlab/apputils-extension/notification.jupyterlab-settings":
                {"fetchNews": "false", "checkForUpdates": False}}
LOCAL_ONLY = re.compile(r"^https?://(?!127\.0\.0\.1)")
TIMEOUT = 60_000


def missing(what: str) -> None:
    """Fail in CI, skip elsewhere."""
    if IN_CI:
        pytest.fail(f"{what} (CI=true: the browser tests must run in CI)", pytrace=False)
    pytest.skip(what)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


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


def server_env(home: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PATH"] = str(BIN) + os.pathsep + env.get("PATH", "")
    env["JUPYTERLAB_SETTINGS_DIR"] = str(home / "lab-settings")
    env["JUPYTERLAB_WORKSPACES_DIR"] = str(home / "lab-workspaces")
    env["JUPYTER_RUNTIME_DIR"] = str(home / "runtime")
    env.pop("JUPYTER_CONFIG_DIR", None)
    return env


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of tests/browser (servers run there, so nothing is ever saved into the repository)."""
    d = tmp_path_factory.mktemp("browser")
    shutil.copy(HERE / NOTEBOOK, d / NOTEBOOK)
    for name, value in LAB_SETTINGS.items():
        path = d / "home" / "lab-settings" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(value), encoding="utf-8")
    return d


@pytest.fixture(scope="session")
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


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    ctx = browser.new_context(viewport={"width": 1400, "height": 1300})
    pg = ctx.new_page()
    pg.set_default_timeout(TIMEOUT)
    pg.route(LOCAL_ONLY, lambda route: route.abort())
    yield pg
    ctx.close()


@pytest.fixture(scope="module")
def lab(workdir: Path, browser: Any) -> Iterator[str]:
    port = free_port()
    cmd = [str(BIN / "jupyter"), "lab", "--no-browser", "--ip=127.0.0.1", f"--port={port}", "--ServerApp.token=",
           "--ServerApp.password=", "--allow-root", f"--ServerApp.root_dir={workdir}",
           "--LabApp.news_url=None", "--ServerApp.disable_check_xsrf=True"]
    proc = start(cmd, f"http://127.0.0.1:{port}/api/status", workdir, server_env(workdir / "home"),
                 workdir / "lab.log")
    yield f"http://127.0.0.1:{port}"
    stop(proc)


@pytest.fixture(scope="module")
def voila(workdir: Path, browser: Any) -> Iterator[str]:
    port = free_port()
    cmd = [str(BIN / "voila"), NOTEBOOK, "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
           "--show_tracebacks=True"]
    proc = start(cmd, f"http://127.0.0.1:{port}/api/status", workdir, server_env(workdir / "home"),
                 workdir / "voila.log")
    yield f"http://127.0.0.1:{port}"
    stop(proc)


def shot(page: Any, name: str) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / name
    page.screenshot(path=str(path), full_page=True)
    return path


def card(page: Any, name: str) -> Any:
    """A card button by its accessible name, as a screen reader hears it ("West ♥J")."""
    return page.get_by_role("button", name=name, exact=True)


# The card table widget itself (clicks, keyboard, decisions, two tables on one page, layout) is tested in
# tests/test_table_browser.py; this file tests the notebooks.


# ==========================================================================================================
# The article notebooks in a browser, as a seminar teacher meets them: at 1280×800 (a projector), JupyterLab
# with its file browser open and Voila serving the notebooks as presentations. The servers run on a copy of
# notebooks/ (nothing is ever saved into the repository) with a private Jupyter data directory: its notary
# database is empty, so JupyterLab opens every notebook *untrusted*, as it does the first time on any machine
# (each test that relies on it checks it).
# ==========================================================================================================

NOTEBOOKS = ROOT / "notebooks"
PROJECTOR = {"width": 1280, "height": 800}
NB05 = "05-spillet-og-spillet-kort.ipynb"
# the settings a teacher would not change: no news toast; no autosave, so that an untrusted notebook stays so
NB_LAB_SETTINGS = {
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {"fetchNews": "false",
                                                                        "checkForUpdates": False},
    "@jupyterlab/docmanager-extension/plugin.jupyterlab-settings": {"autosave": False},
}


def notebook_names() -> list[str]:
    return sorted(p.name for p in NOTEBOOKS.glob("[0-9][0-9]-*.ipynb"))


@pytest.fixture(scope="module")
def nbdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of notebooks/ (with its scenarios) and a private home for the servers' settings and data."""
    d = tmp_path_factory.mktemp("notebooks")
    shutil.copytree(NOTEBOOKS, d / "nb", ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    for name, value in NB_LAB_SETTINGS.items():
        path = d / "home" / "lab-settings" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(value), encoding="utf-8")
    return d


def private_env(home: Path) -> dict[str, str]:
    """The servers' environment: our settings, and an empty data directory (an empty notary database, so no
    notebook is trusted; no kernels or extensions of the machine's user)."""
    env = server_env(home)
    env["JUPYTER_DATA_DIR"] = str(home / "data")
    env["JUPYTER_CONFIG_DIR"] = str(home / "config")
    return env


@pytest.fixture(scope="module")
def nblab(nbdir: Path, browser: Any) -> Iterator[str]:
    """JupyterLab on the copy; ``window.jupyterapp`` is exposed so that tests can open notebooks side by side."""
    port = free_port()
    cmd = [str(BIN / "jupyter"), "lab", "--no-browser", "--ip=127.0.0.1", f"--port={port}", "--ServerApp.token=",
           "--ServerApp.password=", "--allow-root", f"--ServerApp.root_dir={nbdir / 'nb'}",
           "--LabApp.expose_app_in_browser=True", "--ServerApp.disable_check_xsrf=True"]
    proc = start(cmd, f"http://127.0.0.1:{port}/api/status", nbdir, private_env(nbdir / "home"),
                 nbdir / "lab.log")
    yield f"http://127.0.0.1:{port}"
    stop(proc)


@pytest.fixture(scope="module")
def nbvoila(nbdir: Path, browser: Any) -> Iterator[str]:
    """Voila serving the whole folder, as ``python3 dev.py voila`` does: /voila/render/<notebook>."""
    port = free_port()
    cmd = [str(BIN / "voila"), str(nbdir / "nb"), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
           "--show_tracebacks=True"]
    proc = start(cmd, f"http://127.0.0.1:{port}/api/status", nbdir, private_env(nbdir / "home"),
                 nbdir / "voila.log")
    yield f"http://127.0.0.1:{port}"
    stop(proc)


@pytest.fixture
def screen(browser: Any) -> Iterator[Any]:
    """A page the size of a projector."""
    ctx = browser.new_context(viewport=PROJECTOR)
    pg = ctx.new_page()
    pg.set_default_timeout(TIMEOUT)
    pg.route(LOCAL_ONLY, lambda route: route.abort())
    yield pg
    ctx.close()


def view_shot(page: Any, name: str) -> Path:
    """A screenshot of what is on screen (the viewport), kept as a test artefact."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / name
    page.screenshot(path=str(path))
    return path


def in_viewport(page: Any, locator: Any) -> bool:
    """Whether the element's box lies wholly inside the viewport (nothing of it cut off or scrolled away)."""
    box = locator.bounding_box()
    size = page.viewport_size
    return (box is not None and box["width"] > 0 and box["height"] > 0 and box["x"] >= 0 and box["y"] >= 0
            and box["x"] + box["width"] <= size["width"] + 0.5 and box["y"] + box["height"] <= size["height"] + 0.5)


# ---------------------------------------------------------------------------------------------- JupyterLab

LAB_JS = """
window.blPanel = (path) => {
  for (const w of window.jupyterapp.shell.widgets('main')) {
    if (w.context && w.context.path === path) return w;
  }
  return null;
};
"""


def lab_open(page: Any, lab: str, name: str) -> Any:
    """Open notebook ``name`` in the Lab page (the first one by URL, later ones beside it, as a teacher does from
    the file browser) and wait until its kernel is idle; returns the locator of its panel."""
    if not page.url.startswith(lab):
        page.goto(f"{lab}/lab/tree/{name}")
        page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell")
        page.add_script_tag(content=LAB_JS)
    else:
        page.evaluate("p => window.jupyterapp.commands.execute('docmanager:open', {path: p})", name)
    page.wait_for_function("p => window.blPanel(p)?.sessionContext?.session?.kernel?.status === 'idle'", arg=name,
                           timeout=90_000)
    panel_id = page.evaluate("p => window.blPanel(p).id", name)
    return page.locator(f"[id='{panel_id}']")


def lab_trust(page: Any, name: str) -> tuple[int, int]:
    """(code cells, trusted code cells) of an open notebook, from its model."""
    n, t = page.evaluate("""p => { let n = 0, t = 0;
        for (const c of window.blPanel(p).content.model.cells) { if (c.type === 'code') { n++; if (c.trusted) t++; } }
        return [n, t]; }""", name)
    return n, t


def test_lab_opens_a_notebook_untrusted_the_first_time(nblab: str, screen: Any) -> None:
    # the method the tests rely on: a fresh notary database, so JupyterLab trusts nothing it has not run; the
    # status bar says so too, as a teacher sees it
    lab_open(screen, nblab, "01-stort-strafkort.ipynb")
    code, trusted = lab_trust(screen, "01-stort-strafkort.ipynb")
    assert code > 0 and trusted == 0
    screen.get_by_title(re.compile("^Notebook not trusted")).wait_for()
    # the file browser is open beside the notebook, as it is by default (what makes the notebook narrow)
    assert screen.locator("#filebrowser").bounding_box()["width"] >= 200


# ---------------------------------------------------------------------------------------------- Voila

def test_voila_shows_05_as_a_presentation_with_the_quiz_answers_folded(nbvoila: str, screen: Any) -> None:
    screen.goto(f"{nbvoila}/voila/render/{NB05}")
    answers = screen.locator("details.bl-quiz-answer")
    answers.nth(7).wait_for(state="attached", timeout=120_000)  # all eight answers (the notebook has run)
    assert answers.count() == 8
    body = screen.inner_text("body")
    assert "Quiz.from_files" not in body and "import bridgelaws" not in body  # code cells are hidden
    # every answer, explanation and walk-through is folded: its summary shows, its content does not
    folds = screen.locator("details")
    assert folds.count() >= 3 * 8
    for i in range(folds.count()):
        fold = folds.nth(i)
        assert fold.get_attribute("open") is None, f"fold {i} is open"
        assert fold.locator("summary").is_visible()
    first = answers.first
    ruling = first.locator("ul")
    assert not ruling.is_visible()
    assert not screen.get_by_text(re.compile(r"^Svar på spørgsmål 1: ")).is_visible()  # shot 84 showed it
    assert not screen.get_by_text("En farve uden rang er bordets laveste kort i farven").is_visible()
    first.locator("summary").scroll_into_view_if_needed()
    view_shot(screen, "voila-05-folded.png")
    # one click shows that answer (with its law) and no other
    first.locator("summary").click()
    ruling.wait_for(state="visible")
    assert "♣3" in first.inner_text() and "§ 46 B2" in first.inner_text()
    assert not answers.nth(1).locator("ul").is_visible()
    view_shot(screen, "voila-05-answer-1-unfolded.png")
