"""Card table widget in a real browser: click-to-updated-table time against a bare ipywidgets round trip.

    python benchmarks/widget.py [--clicks 24] [--gap 0.3] [--server voila|lab] [--chromium /usr/bin/chromium]
    python3 dev.py bench                       # runs every benchmarks/*.py inside .venv

The notebook is tests/browser/cardtable.ipynb (copied to a temporary directory and served by Voila, or by
JupyterLab with --server lab), opened in Debian's Chromium through Playwright. It holds the card table and a
bare ipywidgets Button whose click sets a Label: the floor of any widget round trip on this machine.

Measured inside the page, in the same run, alternating one floor click and one card click, --gap seconds
apart (a teacher's pace; back-to-back clicks would only measure the queue):

- floor: from ``button.click()`` until the Label shows the new count (a MutationObserver sees it);
- card table: from the click on the legal card to play until the table is updated: the card has left its
  hand and lies in the middle. The cards are those of a legal playout of the deal, planned beforehand.

Prints both medians and their ratio. Target: the card table at most 3 times the floor.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from bridgelaws import Card, Contract, Deal, Table

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = ROOT / "tests" / "browser" / "cardtable.ipynb"
BIN = Path(sys.executable).parent
TARGET = 3.0
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-dev-shm-usage"]
LAB_SETTINGS = {"@jupyterlab/apputils-extension/notification.jupyterlab-settings":
                {"fetchNews": "false", "checkForUpdates": False}}

# Resolves with the milliseconds from the click until done() holds (checked on every DOM mutation).
MEASURE = """
([clickSelector, doneSource]) => new Promise((resolve, reject) => {
  const done = new Function(doneSource);
  const target = document.querySelector(clickSelector);
  if (!target) { reject(new Error('nothing matches ' + clickSelector)); return; }
  const timer = setTimeout(() => { observer.disconnect(); reject(new Error('no update after 10 s')); }, 10000);
  const observer = new MutationObserver(() => {
    if (done()) { const t = performance.now() - t0; clearTimeout(timer); observer.disconnect(); resolve(t); }
  });
  observer.observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
  const t0 = performance.now();
  target.click();
})
"""


def planned_cards(n: int) -> list[Card]:
    """The cards of a legal playout of the notebook's deal (lowest legal card each time)."""
    deal = Deal.from_pbn(re.search(r'Deal\.from_pbn\(\\?"([^"\\]+)', NOTEBOOK.read_text(encoding="utf-8"))[1])
    table = Table(deal, Contract.parse("3NT", "S"))
    out = []
    while not table.is_complete() and len(out) < n:
        card = min(table.legal_cards(), key=lambda c: c.sort_key)
        table.play(card)
        out.append(card)
    return out


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start_server(kind: str, workdir: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    env = dict(os.environ, PATH=str(BIN) + os.pathsep + os.environ.get("PATH", ""),
               JUPYTERLAB_SETTINGS_DIR=str(workdir / "settings"), JUPYTERLAB_WORKSPACES_DIR=str(workdir / "ws"))
    for name, value in LAB_SETTINGS.items():
        path = workdir / "settings" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(value), encoding="utf-8")
    if kind == "voila":
        cmd = [str(BIN / "voila"), NOTEBOOK.name, "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1"]
    else:
        cmd = [str(BIN / "jupyter"), "lab", "--no-browser", "--ip=127.0.0.1", f"--port={port}", "--ServerApp.token=",
               "--ServerApp.password=", "--allow-root", f"--ServerApp.root_dir={workdir}"]
    log = (workdir / f"{kind}.log").open("wb")
    proc = subprocess.Popen(cmd, cwd=workdir, env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.time() + 90
    while time.time() < deadline:
        try:
            urllib.request.urlopen(url + "/api/status", timeout=2)
            return proc, url
        except urllib.error.HTTPError:
            return proc, url
        except OSError:
            time.sleep(0.3)
    proc.terminate()
    raise SystemExit(f"{kind} did not start; see {workdir / (kind + '.log')}")


def open_page(page: Any, kind: str, url: str) -> None:
    if kind == "voila":
        page.goto(url)
    else:
        page.goto(f"{url}/lab/tree/{NOTEBOOK.name}")
        page.wait_for_selector("text=| Idle")
        page.get_by_role("menuitem", name="Run", exact=True).click()
        page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    page.wait_for_selector(".bl-floor-button")
    page.wait_for_selector(".bl-w-c-HJ")


def run(page: Any, cards: list[Card], gap: float) -> tuple[list[float], list[float]]:
    floor: list[float] = []
    table: list[float] = []
    for i, card in enumerate(cards, 1):
        time.sleep(gap)
        floor.append(page.evaluate(MEASURE, [
            ".bl-floor-button",
            f"return document.querySelector('.bl-floor-label')?.textContent.trim() === 'clicks: {i}';"]))
        time.sleep(gap)
        before = page.locator(".bl-w-centre").inner_html()
        table.append(page.evaluate(MEASURE, [
            f".bl-w-c-{card}",
            (f"const b = document.querySelector('.bl-w-c-{card}'); const c = document.querySelector('.bl-w-centre'); "
             f"return (!b || b.offsetParent === null) && c && c.innerHTML !== {json.dumps(before)};")]))
    return floor, table


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--clicks", type=int, default=24, help="clicks of each kind (at least 20; at most 52)")
    ap.add_argument("--gap", type=float, default=0.3, help="seconds between clicks")
    ap.add_argument("--server", choices=("voila", "lab"), default="voila")
    ap.add_argument("--chromium", default=os.environ.get("CHROMIUM", "/usr/bin/chromium"))
    args, _unknown = ap.parse_known_args(argv)  # dev.py bench passes its arguments to every benchmark
    if not 20 <= args.clicks <= 52:
        ap.error("--clicks must be between 20 and 52")
    if not Path(args.chromium).exists():
        print(f"widget benchmark: skipped, no Chromium at {args.chromium} (apt-get install chromium)")
        return 0
    from playwright.sync_api import sync_playwright

    cards = planned_cards(args.clicks)
    with tempfile.TemporaryDirectory(prefix="bl-widget-bench-") as tmp:
        workdir = Path(tmp)
        shutil.copy(NOTEBOOK, workdir / NOTEBOOK.name)
        proc, url = start_server(args.server, workdir)
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=args.chromium, args=ARGS)
                page = browser.new_page(viewport={"width": 1400, "height": 1300})
                page.set_default_timeout(60_000)
                page.route(re.compile(r"^https?://(?!127\.0\.0\.1)"), lambda route: route.abort())
                open_page(page, args.server, url)
                floor, table = run(page, cards, args.gap)
                browser.close()
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
    f, t = statistics.median(floor), statistics.median(table)
    ratio = t / f
    print(f"widget benchmark: {args.server}, {len(cards)} clicks of each kind, {args.gap:g} s apart, "
          f"Chromium {args.chromium}")
    print(f"bare Button -> Label round trip:        median {f:6.1f} ms  (min {min(floor):.1f}, max {max(floor):.1f})")
    print(f"card click -> updated card table:       median {t:6.1f} ms  (min {min(table):.1f}, max {max(table):.1f})")
    verdict = "met" if ratio <= TARGET else "NOT met"
    print(f"ratio card table / floor: {ratio:.2f}x   (target <= {TARGET:g}x: {verdict})")
    return 0 if ratio <= TARGET else 1


if __name__ == "__main__":
    raise SystemExit(main())
