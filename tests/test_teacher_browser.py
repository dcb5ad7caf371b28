"""A teacher's own lesson in the offline site, in a real browser (issue 37): the example saved from the table with
its options as branches, the da and nb lessons made by ``python -m bridgelaws notebook``, the site built with
them (stored values computed first, as ``dev.py site`` does), and the Norwegian lesson run there with every
external request blocked: Run All without a traceback, Next stop to the decision, the values from the stored file
with the contract's target, and a branch played. Chromium 1280x800 through Playwright (Debian's chromium).

Not yet covered (see teacher.NOTE.md): picking the board from the club's file and clicking the play to the
irregularity in JupyterLab; here the play comes from notebook 01's example 2."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browserkit import browser, load_dev, load_module  # noqa: F401 (browser is a fixture)
from test_teacher import _saved_example

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "test-artifacts" / "teacher"
TIMEOUT = 120_000


@pytest.fixture(scope="module")
def teacher_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pytest.importorskip("endplay")
    pytest.importorskip("polib")
    from bridgelaws.__main__ import main

    tmp = tmp_path_factory.mktemp("teacher")
    root, example = _saved_example(tmp)
    assert main(["notebook", str(example), "--lang", "da", "nb", "--name", "07-klub12"]) == 0
    worth = load_module(ROOT / "tools" / "worth_values.py", "bridgelaws_tools_worth_values")
    assert worth.main(["--folder", str(example)]) == 0
    dev = load_dev()
    dev.ensure_venv(dev.SITE)
    out = tmp / "_site"
    proc = subprocess.run([str(dev.SITE.python), str(ROOT / "tools" / "build_site.py"), "build", "--out", str(out),
                           "--notebooks", str(root)], capture_output=True, text=True, timeout=900, check=False)
    if proc.returncode != 0:
        pytest.fail(f"the site build failed:\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}", pytrace=False)
    return out


@pytest.fixture(scope="module")
def site_url(teacher_site: Path) -> Iterator[str]:
    httpd = load_module(ROOT / "tools" / "build_site.py", "bridgelaws_tools_build_site").server(teacher_site)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()
    thread.join(timeout=10)


def test_the_norwegian_lesson_plays_a_branch_in_the_offline_site(browser: Any, site_url: str) -> None:
    external: list[str] = []
    context = browser.new_context(viewport={"width": 1280, "height": 800})

    def route(r: Any) -> None:
        if r.request.url.startswith(site_url):
            r.continue_()
        else:
            external.append(r.request.url)
            r.abort()

    context.route("**/*", route)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT)
    started = time.monotonic()
    try:
        page.goto(f"{site_url}/lab/index.html?path=nb/07-klub12.ipynb")
        page.wait_for_selector("text=Python (Pyodide) | Idle")
        page.get_by_role("menuitem", name="Run", exact=True).click()
        page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
        page.wait_for_function("""() => { const p = [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')];
            return p.length > 0 && p.every(x => /\\[\\d+\\]/.test(x.textContent)); }""")
        page.wait_for_selector("text=Python (Pyodide) | Idle")
        texts = page.locator(".jp-OutputArea-output").all_inner_texts()
        assert not [t[:300] for t in texts if "Traceback" in t or "Error:" in t]
        clicks = 0
        while not page.locator("[data-role='decision']").count() and clicks < 8:
            page.locator("[data-action='next_stop']").first.click()
            page.wait_for_timeout(1000)
            clicks += 1
        page.locator("[data-role='decision']").first.wait_for()
        # 50D2: declarer chooses; no "article's choice" on a teacher's own example
        assert page.locator("[data-role='decision'] .bl-article-mark").count() == 0
        page.locator("[data-action='worth']").first.click()
        target = page.locator("[data-role='worth-target']").first
        target.wait_for()
        assert target.inner_text().strip() == "3♠: krever 9 stikk; 6 er 3 beit"   # the stored values, no solver
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "nb-lesson-decision.png"))
        page.locator("[data-role='decision'] [data-action='choose']").first.click()   # Krev ♣: that branch
        page.locator("[data-role='decision']").first.wait_for(state="detached")
        page.screenshot(path=str(ARTIFACTS / "nb-lesson-branch.png"))
        print(f"teacher lesson in the site: {clicks} Next stop clicks, {time.monotonic() - started:.0f} s")
    finally:
        context.close()
    assert external == []
