"""The card table's PBN and LIN downloads in a real browser (Voila, Debian's Chromium through Playwright).

A notebook opens board 11 of a real PBN file with ``CardTable.from_pbn``; the test opens the folded file box,
asks for the files, and saves both links as a person would; the PBN file read back is the table's play, the
LIN file is one line for BBO's viewer. Screenshots go to ``test-artifacts/browser/`` (git-ignored).
Chromium is /usr/bin/chromium (``CHROMIUM`` overrides it); never ``playwright install`` (TOOLCHAIN.md §4).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browserkit import ARGS, CHROMIUM, free_port, missing, start, stop
from test_browser import ARTIFACTS, BIN, TIMEOUT, server_env

from bridgelaws.pbn import read_pbn

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "pbn" / "endplay-example2.pbn"
NOTEBOOK = "pbn-table.ipynb"
CELLS = [
    "from bridgelaws.widgets import CardTable",
    'CardTable.from_pbn("board.pbn", board=11, record=2, lang="da", start="end")',
]
# Playwright runs in a child process: a second sync_playwright() in this process would meet the event loop
# of the one that tests/test_browser.py keeps open for the whole session ("Sync API inside the asyncio loop").
PERSON = """
import json, re, sys
from playwright.sync_api import sync_playwright
url, out, chromium, args, timeout, shot = sys.argv[1], sys.argv[2], sys.argv[3], json.loads(sys.argv[4]), \
    int(sys.argv[5]), sys.argv[6]
files = {}
with sync_playwright() as p:
    browser = p.chromium.launch(executable_path=chromium, args=args)
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, accept_downloads=True)
    page = ctx.new_page()
    page.set_default_timeout(timeout)
    page.route(re.compile(r"^https?://(?!127\\.0\\.0\\.1)"), lambda route: route.abort())
    page.goto(url + "/")
    page.locator(".bl-table").first.wait_for()
    summary = page.locator("details.bl-files > summary")
    if summary.count():
        summary.first.click()
    page.locator('button[data-action="downloads"]').click()
    page.locator('a[data-download="pbn"]').wait_for()
    page.screenshot(path=shot)
    for kind in ("pbn", "lin"):
        with page.expect_download() as info:
            page.locator(f'a[data-download="{kind}"]').click()
        path = out + "/" + info.value.suggested_filename
        info.value.save_as(path)
        files[kind] = path
    ctx.close()
    browser.close()
print(json.dumps(files))
"""


def _notebook() -> dict[str, Any]:
    return {"cells": [{"cell_type": "code", "execution_count": None, "id": f"c{i}", "metadata": {},
                       "outputs": [], "source": src} for i, src in enumerate(CELLS)],
            "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
            "nbformat": 4, "nbformat_minor": 5}


@pytest.fixture(scope="module")
def voila(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    if not Path(CHROMIUM).exists():
        missing(f"Chromium not found at {CHROMIUM} (apt-get install chromium)")
    d = tmp_path_factory.mktemp("pbn-browser")
    shutil.copy(DATA, d / "board.pbn")
    (d / NOTEBOOK).write_text(json.dumps(_notebook()), encoding="utf-8")
    port = free_port()
    cmd = [str(BIN / "voila"), NOTEBOOK, "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
           "--Voila.port_retries=0",
           "--show_tracebacks=True"]
    proc = start(cmd, f"http://127.0.0.1:{port}/api/status", d, server_env(d / "home"), d / "voila.log")
    yield f"http://127.0.0.1:{port}"
    stop(proc)


def test_a_person_downloads_the_pbn_and_lin_files(voila: str, tmp_path: Path) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    run = subprocess.run([sys.executable, "-c", PERSON, voila, str(tmp_path), CHROMIUM, json.dumps(ARGS),
                          str(TIMEOUT), str(ARTIFACTS / "pbn-downloads.png")],
                         capture_output=True, text=True, timeout=300, env=dict(os.environ))
    assert run.returncode == 0, run.stderr[-3000:]
    files = json.loads(run.stdout.strip().splitlines()[-1])
    pbn_file, lin_file = Path(files["pbn"]), Path(files["lin"])
    assert pbn_file.suffix == ".pbn" and lin_file.suffix == ".lin"
    original = read_pbn(DATA)[1]
    back = read_pbn(pbn_file)[0].scenario()
    assert back.deal == original.deal and back.contract == original.contract
    # the table opened at the end: the record's auction as calls (issue 36), then all 29 cards
    calls = [e for e in back.history if e.action == "call"]
    assert len(calls) == len(original.auction) and tuple(back.history[len(calls):]) == original.plays
    lin = lin_file.read_text(encoding="utf-8")
    assert lin.startswith("pn|") and lin.count("|pc|") == 29
    # the record's own auction, as LIN writes calls (issue 36), instead of a stand-in auction and its note
    assert lin.count("|mb|") == len(original.auction) and "Meldingerne er ikke en del af eksemplet" not in lin
    assert "|nt|" in lin and " stik" in lin                  # the notes, in the table's language (Danish)
