"""The offline JupyterLite site against a bare JupyterLite site of the same versions: cold and warm load until
the first playable card table, and the site's size.

    python benchmarks/site.py [--runs 5] [--notebook da/01-stort-strafkort.ipynb] [--site DIR --bare-site DIR]
    python3 dev.py bench                     # runs every benchmarks/*.py inside .venv

Both sites are built fresh into a temporary folder by ``python3 dev.py site`` (the site) and ``python3 dev.py
site --bare`` (tools/build_site.py build_bare: JupyterLab and the Pyodide kernel of the same versions, offline,
with one notebook whose one cell is ``1+1``), unless ``--site`` and ``--bare-site`` name sites already built. Each
is served on loopback and opened in Debian's Chromium through Playwright at 1280x800; every request to another
host fails to resolve, and any such request is reported and fails the run. One measure runs from ``page.goto``
(or ``page.reload``) until:

- the site: the first card of a card table can be clicked (JupyterLab loads, the kernel starts, Run All Cells
  runs the notebook down to its first table; if the notebook has none, a cell with one is added at its end);
- the bare site: the output ``2`` of ``1+1`` is shown (JupyterLab loads, the kernel starts, Run All Cells).

- cold: a new browser profile on disk, so an empty HTTP cache and no service worker;
- warm: the same profile, the page reloaded once everything has run (the browser's disk cache answers, as it
  does in a participant's everyday browser).

The two sites are measured in turn within each round (which goes first alternates), ``--runs`` rounds (default
5), so that both see the same machine; the medians are printed, cold and warm, each with the ratio
site/bare (target at most 1.5), and the site's size (target at most 60 MB). Exit status 1 when a target is
missed or a request went to another host.
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
#: the site against the bare site (cold and warm), and the site's size
TARGET_RATIO = 1.5
TARGET_MB = 60.0
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
    """Run all cells and wait until every cell has run and the first table has a card to click (playable: a
    click during Run All waits in the kernel's queue until the last cell has run); add a table cell if the
    notebook has none."""
    page.wait_for_selector(IDLE, timeout=timeout)
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    page.wait_for_function(ALL_RUN, timeout=timeout)
    if page.locator(CARD).count() == 0:
        page.locator(".jp-Notebook .jp-Cell").last.click()
        page.keyboard.press("Escape")
        page.keyboard.press("b")
        page.keyboard.press("Enter")
        page.keyboard.insert_text(TABLE_CELL)
        page.keyboard.press("Control+Enter")
    page.locator(CARD).first.wait_for(state="visible", timeout=timeout)


#: the bare site's notebook and what its run shows
BARE_NOTEBOOK = "bare.ipynb"
TWO = ("() => [...document.querySelectorAll('.jp-OutputArea-output')].some(e => e.textContent.trim() === '2')"
       f" && ({ALL_RUN})()")


def bare_result(page: Any, timeout: float = 180_000) -> None:
    """Run all cells of the bare site's notebook and wait for the output of ``1+1``."""
    page.wait_for_selector(IDLE, timeout=timeout)
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    page.wait_for_function(TWO, timeout=timeout)


class Served:
    """A built site on loopback, in a thread of this process."""

    def __init__(self, site: Path) -> None:
        self.httpd = load_tool().server(site)
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def cold_and_warm(p: Any, chromium: str, served: Served, path: str, ready: Any,
                  external: list[str]) -> tuple[float, float]:
    """One cold load and one warm reload of ``path`` in a new browser profile; ``ready(page)`` waits for the end."""
    url = served.url
    with tempfile.TemporaryDirectory(prefix="bridgelaws-bench-") as profile:
        # a real profile on disk, as a participant's browser has: its HTTP cache keeps the 9.6 MB WebAssembly
        # file and its compiled code, which an in-memory (incognito) cache does not; other hosts are blocked by
        # the browser's resolver, not by a Playwright route: a route turns the HTTP cache off, and then a reload
        # would be measured as a second cold load
        context = p.chromium.launch_persistent_context(profile, executable_path=chromium, args=[*ARGS, OFFLINE],
                                                       viewport={"width": 1280, "height": 800})
        try:
            page = context.pages[0] if context.pages else context.new_page()
            # the page's and its workers' requests (a listener on the context would also attach to the service
            # worker, through which the kernel reads every file)
            page.on("request", lambda r: None if r.url.startswith((url, "data:", "blob:"))
                    else external.append(r.url))
            start = time.perf_counter()
            page.goto(f"{url}/lab/index.html?path={path}")
            ready(page)
            cold = time.perf_counter() - start
            # a participant opens the notebook again once the first session has run to its end
            page.wait_for_function(ALL_RUN, timeout=180_000)
            page.wait_for_selector(IDLE, timeout=180_000)
            start = time.perf_counter()
            page.reload()
            ready(page)
            warm = time.perf_counter() - start
        finally:
            context.close()
    return cold, warm


#: the yardsticks: (key, dev.py site --bare ..., what the report calls it)
BARES = (("bare", "stock", "bare JupyterLite"),
         ("tuned", "tuned", "bare JupyterLite with the site's start-up work"))


def measure(sites: dict[str, Path], notebook: str, chromium: str, runs: int) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    served = {key: Served(path) for key, path in sites.items()}
    external: list[str] = []
    times: dict[str, list[float]] = {f"{key}_{kind}": [] for key in sites for kind in ("cold", "warm")}
    try:
        with sync_playwright() as p:
            for r in range(runs):
                keys = list(sites)
                keys = keys[r % len(keys):] + keys[:r % len(keys)]  # each site goes first in turn
                for key in keys:
                    path, ready = (notebook, first_table) if key == "site" else (BARE_NOTEBOOK, bare_result)
                    cold, warm = cold_and_warm(p, chromium, served[key], path, ready, external)
                    times[f"{key}_cold"].append(cold)
                    times[f"{key}_warm"].append(warm)
    finally:
        for one in served.values():
            one.close()
    return {"all": times, "external": external, **{k: statistics.median(v) for k, v in times.items()}}


def build(args: argparse.Namespace, tmp: Path) -> dict[str, Path]:
    """The sites: the ones named, or built fresh into ``tmp`` (through dev.py: the site's build tools live in
    their own environment, .venv-site, not in this one)."""
    out = {}
    for key, given, extra in (("site", args.site, []), *((k, getattr(args, f"{k}_site"), ["--bare", how])
                                                          for k, how, _ in BARES)):
        if given is not None:
            if not (given / "index.html").is_file():
                raise SystemExit(f"site benchmark: no built site in {given}")
            out[key] = given.resolve()
            continue
        path = tmp / key
        print(f"site benchmark: building {key} in {path}", flush=True)
        subprocess.run([sys.executable, str(ROOT / "dev.py"), "site", "--out", str(path), *extra],
                       check=True, stdout=subprocess.DEVNULL)
        out[key] = path
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", type=Path, help="a site already built (default: build one afresh)")
    parser.add_argument("--bare-site", type=Path, help="a bare site already built (default: build one afresh)")
    parser.add_argument("--tuned-site", type=Path, help="a tuned bare site already built (default: build one)")
    parser.add_argument("--notebook", default="da/01-stort-strafkort.ipynb")
    parser.add_argument("--chromium", default=os.environ.get("CHROMIUM", "/usr/bin/chromium"))
    parser.add_argument("--runs", type=int, default=5, help="rounds of cold+warm on each site (medians printed)")
    args, _unknown = parser.parse_known_args()  # dev.py bench passes its arguments to every benchmark
    if not Path(args.chromium).exists():
        print(f"site benchmark: skipped, no Chromium at {args.chromium}")
        return 0
    with tempfile.TemporaryDirectory(prefix="bridgelaws-bench-site-") as tmp:
        sites = build(args, Path(tmp))
        load = os.getloadavg()[0]
        r = measure(sites, args.notebook, args.chromium, args.runs)
        size = {key: size_mb(path) for key, path in sites.items()}
    print(f"site benchmark: {args.notebook} against the bare JupyterLite site's 1+1, median of {args.runs}, "
          f"load average {load:.1f} before, {os.getloadavg()[0]:.1f} after:")
    ok = True
    for kind in ("cold", "warm"):
        ratio = r[f"site_{kind}"] / r[f"bare_{kind}"]
        ok &= ratio <= TARGET_RATIO
        print(f"{kind}: first table {r[f'site_{kind}']:.1f} s, bare JupyterLite {r[f'bare_{kind}']:.1f} s, "
              f"ratio {ratio:.2f}")
    ok &= size["site"] <= TARGET_MB
    print(f"size: site {size['site']:.1f} MB (bare JupyterLite {size['bare']:.1f} MB), target <= {TARGET_MB:g} MB, "
          f"ratio {size['site'] / TARGET_MB:.2f}")
    print(f"  {BARES[1][2]} (bytecode, packages at once, kernel started early; tools/build_site.py build_bare): "
          + ", ".join(f"{kind} {r[f'tuned_{kind}']:.1f} s (site/it {r[f'site_{kind}'] / r[f'tuned_{kind}']:.2f})"
                      for kind in ("cold", "warm")))
    print(f"  targets: ratio <= {TARGET_RATIO:g} cold and warm, site <= {TARGET_MB:g} MB: "
          f"{'met' if ok else 'NOT met'}")
    for key, values in r["all"].items():
        print(f"  each run, {key.replace('_', ' ')}: {' '.join(f'{v:.1f}' for v in values)} s")
    if r["external"]:
        print(f"  requests to other hosts (refused): {sorted(set(r['external']))}")
        return 1
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
