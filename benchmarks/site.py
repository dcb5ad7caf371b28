"""The offline JupyterLite site: cold and warm load to the first interactive card table, and the site's size.

    python benchmarks/site.py [--site _site] [--notebook da/01-stort-strafkort.ipynb] [--chromium /usr/bin/chromium]
    python3 dev.py bench                     # runs every benchmarks/*.py inside .venv

The site (``_site/``, built by ``python3 dev.py site``; built into a temporary folder when missing) is served
on loopback and opened in Debian's Chromium through Playwright at 1280x800, every request to another host
refused (and reported). One measure runs from ``page.goto`` (or ``page.reload``) until the first card of a
card table can be clicked: JupyterLab loads, the Pyodide kernel starts, Run All Cells runs the notebook down to
its first table. If the notebook has no table of its own, the benchmark adds a cell with one at its end (as
the site test does).

- cold: a new browser profile on disk, so an empty HTTP cache and no service worker;
- warm: the same profile, the page reloaded (what a participant sees on opening the notebook again): the
  browser's disk cache answers, as it does in a participant's everyday browser.

Targets on this machine (2 cores): cold at most 30 s, warm at most 8 s, size at most 60 MB. Prints each
measure, its target and the ratio measure/target.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
TARGETS = {"cold_s": 30.0, "warm_s": 8.0, "size_mb": 60.0}
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-dev-shm-usage"]
#: every host but loopback fails to resolve: nothing reaches the network, and the requests are still seen
OFFLINE = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"
#: a card of a card table that can be clicked: the table's markup contract, or the first widget's classes
CARD = "[data-card]:not([disabled]), .bl-w-card:not(:disabled)"
TABLE_CELL = """\
from bridgelaws.scenario import load, replay
from bridgelaws.widgets import CardTable
CardTable(replay(load("scenarios/01-stort-strafkort-ex2-lead-options.toml")).copy(history=8), lang=LANG)
"""


#: the kernel is idle, as the status bar says (found among the status bar's items: a text selector over the whole
#: page would walk Lab's 8,000 elements on each poll, on the main thread the page needs)
IDLE = '.jp-StatusBar-TextItem:text-is("Python (Pyodide) | Idle")'
#: every code cell of the notebook has run (has an execution count)
ALL_RUN = ("() => { const p = [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')];"
           " return p.length > 0 && p.every(x => /\\[\\d+\\]/.test(x.textContent)); }")


def load_tool() -> Any:
    spec = importlib.util.spec_from_file_location("bridgelaws_tools_build_site", ROOT / "tools" / "build_site.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def size_mb(path: Path) -> float:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file()) / 1e6


def first_table(page: Any, timeout: float = 180_000) -> None:
    """Run all cells and wait for the first clickable card; add a table cell if the notebook has none."""
    page.wait_for_selector(IDLE, timeout=timeout)
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    page.wait_for_function(f"() => document.querySelector({CARD!r}) !== null || ({ALL_RUN})()", timeout=timeout)
    if page.locator(CARD).count() == 0:
        page.locator(".jp-Notebook .jp-Cell").last.click()
        page.keyboard.press("Escape")
        page.keyboard.press("b")
        page.keyboard.press("Enter")
        page.keyboard.insert_text(TABLE_CELL)
        page.keyboard.press("Control+Enter")
    page.locator(CARD).first.wait_for(state="visible", timeout=timeout)


def measure(site: Path, notebook: str, chromium: str, runs: int) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    tool = load_tool()
    httpd = tool.server(site)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{httpd.server_address[1]}"
    external: list[str] = []
    cold: list[float] = []
    warm: list[float] = []
    try:
        with sync_playwright() as p:
            for _ in range(runs):
                with tempfile.TemporaryDirectory(prefix="bridgelaws-bench-") as profile:
                    # a real profile on disk, as a participant's browser has: its HTTP cache keeps the 9.6 MB
                    # WebAssembly file and its compiled code, which an in-memory (incognito) cache does not
                    # other hosts are blocked by the browser's resolver, not by a Playwright route: a route turns the
                    # HTTP cache off, and then a reload would be measured as a second cold load
                    context = p.chromium.launch_persistent_context(profile, executable_path=chromium,
                                                                   args=[*ARGS, OFFLINE],
                                                                   viewport={"width": 1280, "height": 800})
                    page = context.pages[0] if context.pages else context.new_page()
                    # the page's and its workers' requests (a listener on the context would also attach to the
                    # service worker, through which the kernel reads every file)
                    page.on("request", lambda r: None if r.url.startswith((url, "data:", "blob:"))
                            else external.append(r.url))
                    start = time.perf_counter()
                    page.goto(f"{url}/lab/index.html?path={notebook}")
                    first_table(page)
                    cold.append(time.perf_counter() - start)
                    # a participant opens the notebook again once the first session has run to its end
                    page.wait_for_function(ALL_RUN, timeout=180_000)
                    page.wait_for_selector(IDLE, timeout=180_000)
                    start = time.perf_counter()
                    page.reload()
                    first_table(page)
                    warm.append(time.perf_counter() - start)
                    context.close()
    finally:
        httpd.shutdown()
        httpd.server_close()
    return {"cold_s": statistics.median(cold), "warm_s": statistics.median(warm), "cold_all": cold,
            "warm_all": warm, "external": external}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", type=Path, default=ROOT / "_site")
    parser.add_argument("--notebook", default="da/01-stort-strafkort.ipynb")
    parser.add_argument("--chromium", default=os.environ.get("CHROMIUM", "/usr/bin/chromium"))
    parser.add_argument("--runs", type=int, default=1, help="cold+warm pairs (median printed)")
    args = parser.parse_args()
    if not Path(args.chromium).exists():
        print(f"site benchmark: skipped, no Chromium at {args.chromium}")
        return 0
    site: Path = args.site.resolve()
    with tempfile.TemporaryDirectory(prefix="bridgelaws-bench-site-") as tmp:
        if not (site / "index.html").is_file():
            site = Path(tmp) / "_site"
            print(f"site benchmark: no site in {args.site}; building one in {site}", flush=True)
            # through dev.py: the site's build tools live in their own environment (.venv-site), not in this one
            subprocess.run([sys.executable, str(ROOT / "dev.py"), "site", "--out", str(site)],
                           check=True, stdout=subprocess.DEVNULL)
        result = measure(site, args.notebook, args.chromium, args.runs)
        result["size_mb"] = size_mb(site)
    print(f"site benchmark ({args.notebook}, {args.runs} run(s)):")
    for key, unit in (("cold_s", "s"), ("warm_s", "s"), ("size_mb", "MB")):
        value, target = result[key], TARGETS[key]
        label = {"cold_s": "cold load to first interactive table", "warm_s": "warm reload to first interactive table",
                 "size_mb": "site size"}[key]
        print(f"  {label:42s} {value:7.1f} {unit:2s}  target <= {target:g} {unit}  ratio {value / target:.2f}")
    if args.runs > 1:
        print(f"  each run, cold: {' '.join(f'{v:.1f}' for v in result['cold_all'])} s;"
              f" warm: {' '.join(f'{v:.1f}' for v in result['warm_all'])} s")
    if result["external"]:
        print(f"  requests to other hosts (refused): {result['external']}")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
