"""The card table in a real browser: click-to-updated-table against a bare ipywidgets round trip, and the time
until the first table of a notebook full of tables is interactive.

    python benchmarks/widget.py [--clicks 24] [--gap 0.3] [--server voila|lab|both] [--chromium /usr/bin/chromium]
    python3 dev.py bench                       # runs every benchmarks/*.py inside .venv

Click: tests/browser/table-a.ipynb (copied to a temporary directory) holds a card table on a fresh deal and a
bare ipywidgets Button whose click sets a Label (the floor of any widget round trip on this machine). Measured
inside the page, alternating one floor click and one card click, --gap seconds apart (a teacher's pace):

- floor: from a real mouse click's pointerdown (Playwright's page.mouse) until the Label shows the new count (a
  MutationObserver sees it);
- card table: from the mouse click on the legal card to play until the table is updated: the card lies in the middle
  of the table (observed inside the table's shadow root);
- each of them also to the next paint: what the person sees is the frame after the patch, with the style and
  layout the patch (and the table's move of the focus) cost. A requestAnimationFrame callback registered once
  the update is seen runs just before that frame's rendering, and a message posted from it arrives once the
  frame has been painted.

Open: a generated notebook with one table per group of variants of notebooks 01 and 02 (every scenario file of
those notebooks as a branch of its table); the time from opening the page (Voila) or from Run All (Lab) until
the first table's cards can be clicked, and until the last table is there.

Prints, per front end, one line with the medians to the paint and their ratio card/floor (target: at most
1.5x), then the same to the patch, and the opening times. Exit status 1 when a ratio to the paint misses the
target.
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
from collections import defaultdict
from pathlib import Path
from typing import Any

from bridgelaws import Card, Contract, Deal, Table
from bridgelaws import scenario as scn

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = ROOT / "tests" / "browser" / "table-a.ipynb"
SCENARIOS = ROOT / "notebooks" / "scenarios"
BIN = Path(sys.executable).parent
TARGET = 1.5
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-dev-shm-usage"]
LAB_SETTINGS = {"@jupyterlab/apputils-extension/notification.jupyterlab-settings":
                {"fetchNews": "false", "checkForUpdates": False}}

# Finds an element in the document or in any open shadow root.
DEEP = """
window.blDeep = (sel) => {
  const roots = [document];
  while (roots.length) {
    const r = roots.shift();
    const hit = r.querySelector(sel);
    if (hit) return hit;
    for (const el of r.querySelectorAll('*')) if (el.shadowRoot) roots.push(el.shadowRoot);
  }
  return null;
};
window.blRoots = () => {
  const out = [document.body];
  for (const el of document.querySelectorAll('.bl-host')) if (el.shadowRoot) out.push(el.shadowRoot);
  return out;
};
// Finds an element in the document or in a table's shadow root: as cheap as the floor's one querySelector
// (blDeep walks every element of the page, 0.5-1 ms in JupyterLab, on every DOM mutation while it waits).
window.blFind = (sel) => {
  for (const r of window.blRoots()) { const hit = r.querySelector(sel); if (hit) return hit; }
  return null;
};
"""

# Arms one measure: ``window.blPending`` then resolves with [patched, painted]: the milliseconds from the
# pointerdown of the next real mouse click (Playwright's locator.click: pointerdown, focus, mouseup, click, as a
# person's click, once Playwright has scrolled the element into view and seen that it gets the click) until
# done() holds (checked on every DOM mutation, in the document and in every table's shadow root), and until the
# next frame after that has been painted: a requestAnimationFrame callback registered then runs just before that
# frame's style, layout and paint (after the table's own one, which moves the focus and drops the card played),
# and a message posted from it arrives as the next task, once the frame is done.
ARM = """
(doneSource) => {
  const done = new Function(doneSource);
  window.blPending = new Promise((resolve, reject) => {
    const observers = [];
    const stop = () => observers.forEach((o) => o.disconnect());
    const timer = setTimeout(() => { stop(); reject(new Error('no update after 10 s')); }, 10000);
    let t0 = null;
    let patched = null;
    const check = () => {
      if (t0 === null || patched !== null || !done()) return;
      patched = performance.now() - t0;
      clearTimeout(timer);
      stop();
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve([patched, performance.now() - t0]);
        channel.port2.postMessage(0);
      });
    };
    for (const root of window.blRoots()) {
      const o = new MutationObserver(check);
      o.observe(root, {subtree: true, childList: true, characterData: true, attributes: true});
      observers.push(o);
    }
    window.addEventListener('pointerdown', () => { t0 = performance.now(); }, {capture: true, once: true});
  });
}
"""


def click(page: Any, selector: str, done: str) -> list[float]:
    """A person's mouse click on ``selector``: [patched, painted] in milliseconds (see ARM)."""
    target = page.locator(selector).first
    target.scroll_into_view_if_needed()
    page.evaluate(ARM, done)
    target.click()
    result: list[float] = page.evaluate("window.blPending")
    return result


def planned_cards(n: int) -> list[Card]:
    """The cards of a legal playout of the notebook's deal (lowest legal card each time)."""
    src = NOTEBOOK.read_text(encoding="utf-8")
    deal = Deal.from_pbn(re.search(r'Deal\.from_pbn\(\\?"([^"\\]+)', src)[1])
    table = Table(deal, Contract.parse("3NT", "S"))
    out = []
    while not table.is_complete() and len(out) < n:
        card = min(table.legal_cards(), key=lambda c: c.sort_key)
        table.play(card)
        out.append(card)
    return out


def many_tables_notebook(path: Path) -> int:
    """A notebook with one table per group of variants of notebooks 01 and 02; returns the number of tables."""
    import nbformat

    groups: dict[tuple[str, str, str], list[str]] = defaultdict(list)
    for p in sorted(SCENARIOS.glob("0[12]-*.toml")):
        sc = scn.load(p)
        groups[(p.name[:2], sc.deal.to_pbn(), str(sc.contract))].append(f"scenarios/{p.name}")
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell("from bridgelaws.widgets import CardTable")]
    for files in groups.values():
        nb.cells.append(nbformat.v4.new_code_cell(f"CardTable.from_scenarios({files!r}, lang='da')"))
    nbformat.write(nb, path)
    return len(groups)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start_server(kind: str, workdir: Path, notebook: str) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    # a workspace of its own for each notebook: Lab would otherwise reopen the notebook measured before, with its
    # kernel, and Run All could go to that one
    env = dict(os.environ, PATH=str(BIN) + os.pathsep + os.environ.get("PATH", ""),
               JUPYTERLAB_SETTINGS_DIR=str(workdir / "settings"),
               JUPYTERLAB_WORKSPACES_DIR=str(workdir / f"ws-{Path(notebook).stem}"))
    for name, value in LAB_SETTINGS.items():
        path = workdir / "settings" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(value), encoding="utf-8")
    if kind == "voila":
        cmd = [str(BIN / "voila"), notebook, "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1"]
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


def stop(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()


def open_page(page: Any, kind: str, url: str, notebook: str) -> float:
    """Open ``notebook`` and wait for its first table; returns the seconds from the start (Voila: page load;
    Lab: Run All) until the first table's cards can be clicked."""
    if kind == "voila":
        t0 = time.perf_counter()
        page.goto(url)
    else:
        page.goto(f"{url}/lab/tree/{notebook}")
        page.wait_for_selector("text=| Idle", timeout=90_000)
        t0 = time.perf_counter()
        page.get_by_role("menuitem", name="Run", exact=True).click()
        page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    page.wait_for_selector("[data-bl='table'] button[data-card]", timeout=120_000)
    first = time.perf_counter() - t0
    page.add_script_tag(content=DEEP)
    return first


def run(page: Any, cards: list[Card], gap: float) -> tuple[list[list[float]], list[list[float]]]:
    """Alternating floor and card clicks; each a [patched, painted] pair of milliseconds."""
    floor: list[list[float]] = []
    table: list[list[float]] = []
    for i, card in enumerate(cards, 1):
        time.sleep(gap)
        floor.append(click(page, ".bl-floor-button",
                           f"return document.querySelector('.bl-floor-label')?.textContent.trim() === 'clicks: {i}';"))
        time.sleep(gap)
        table.append(click(page, f"[data-hand] [data-card='{card}']",
                           f"return !!window.blFind(\"[data-slot] [data-trick-card='{card}']\");"))
    return floor, table


def measure_server(kind: str, args: argparse.Namespace,
                   cards: list[Card]) -> tuple[list[float], list[float], float, float, int]:
    """The medians [patched, painted] of the floor's clicks and of the card clicks, the first and the last table's
    opening times, and the number of tables."""
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="bl-widget-bench-") as tmp:
        workdir = Path(tmp)
        shutil.copy(NOTEBOOK, workdir / NOTEBOOK.name)
        shutil.copytree(SCENARIOS, workdir / "scenarios")
        n_tables = many_tables_notebook(workdir / "many.ipynb")
        results: dict[str, Any] = {}
        for nb in (NOTEBOOK.name, "many.ipynb"):
            proc, url = start_server(kind, workdir, nb)
            try:
                with sync_playwright() as p:
                    browser = p.chromium.launch(executable_path=args.chromium, args=ARGS)
                    page = browser.new_page(viewport={"width": 1280, "height": 800})
                    page.set_default_timeout(60_000)
                    page.route(re.compile(r"^https?://(?!127\.0\.0\.1)"), lambda route: route.abort())
                    if nb == NOTEBOOK.name:
                        open_page(page, kind, url, nb)
                        page.wait_for_selector(".bl-floor-button")
                        results["floor"], results["table"] = run(page, cards, args.gap)
                    else:
                        results["first"] = open_page(page, kind, url, nb)
                        t0 = time.perf_counter()
                        page.wait_for_function(f"document.querySelectorAll('.bl-host').length >= {n_tables}",
                                               timeout=180_000)
                        results["all"] = results["first"] + time.perf_counter() - t0
                    browser.close()
            finally:
                stop(proc)
    def medians(pairs: list[list[float]]) -> list[float]:
        return [statistics.median(p[0] for p in pairs), statistics.median(p[1] for p in pairs)]

    return medians(results["floor"]), medians(results["table"]), results["first"], results["all"], n_tables


def python_side(n: int = 40) -> float:
    """Milliseconds the kernel spends on one card click (engine, view, the changed regions' markup and the
    widget's traits, as the widget does it, headless), median of ``n``."""
    from bridgelaws.widgets import CardTable

    cards = planned_cards(n)
    src = NOTEBOOK.read_text(encoding="utf-8")
    deal = Deal.from_pbn(re.search(r'Deal\.from_pbn\(\\?"([^"\\]+)', src)[1])
    w = CardTable(Table(deal, Contract.parse("3NT", "S")), lang="da")
    times = []
    for c in cards:
        t0 = time.perf_counter()
        w.send_action({"action": "card", "card": str(c)})
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--clicks", type=int, default=24, help="clicks of each kind (at least 20; at most 52)")
    ap.add_argument("--gap", type=float, default=0.3, help="seconds between clicks")
    ap.add_argument("--server", choices=("voila", "lab", "both"), default="both")
    ap.add_argument("--chromium", default=os.environ.get("CHROMIUM", "/usr/bin/chromium"))
    args, _unknown = ap.parse_known_args(argv)  # dev.py bench passes its arguments to every benchmark
    if not 20 <= args.clicks <= 52:
        ap.error("--clicks must be between 20 and 52")
    print(f"widget benchmark: kernel side of one card click (engine + view + markup + traits): median "
          f"{python_side():.1f} ms")
    if not Path(args.chromium).exists():
        print(f"widget benchmark: browser part skipped, no Chromium at {args.chromium} (apt-get install chromium)")
        return 0
    cards = planned_cards(args.clicks)
    ok = True
    print(f"widget benchmark: {len(cards)} clicks of each kind, {args.gap:g} s apart, Chromium {args.chromium}, "
          f"load average {os.getloadavg()[0]:.1f}")
    for kind in (("voila", "lab") if args.server == "both" else (args.server,)):
        (f, f_paint), (t, t_paint), first, last, n = measure_server(kind, args, cards)
        ratio = t_paint / f_paint
        ok &= ratio <= TARGET
        print(f"{kind}: card click to the next paint {t_paint:.1f} ms, bare ipywidgets round trip to the next paint "
              f"{f_paint:.1f} ms, ratio {ratio:.2f}")
        print(f"  to the patch (before the paint): card {t:.1f} ms, bare {f:.1f} ms, ratio {t / f:.2f}; "
              f"target <= {TARGET:g}x to the paint: {'met' if ratio <= TARGET else 'NOT met'}")
        what = "page load" if kind == "voila" else "Run All"
        print(f"  a notebook with {n} tables: first table interactive {first:.2f} s after {what}, "
              f"all {n} tables {last:.2f} s")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
