"""The card table's PBN and LIN downloads in a real browser (Voila, Debian's Chromium through Playwright).

A notebook opens board 11 of a real PBN file with ``CardTable.from_pbn``; the test opens the folded file box,
asks for the files, and saves both links as a person would; the PBN file read back is the table's play, the
LIN file is one line for BBO's viewer. Screenshots go to ``test-artifacts/browser/`` (git-ignored).
Chromium is /usr/bin/chromium (``CHROMIUM`` overrides it); never ``playwright install`` (TOOLCHAIN.md §4): the
worker's one Chromium (tests/browserkit.py), in a browser context of the test's own.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browserkit import browser, free_port, start, stop  # noqa: F401 (browser is a fixture)
from test_browser import ARTIFACTS, BIN, TIMEOUT, server_env

from bridgelaws.pbn import read_pbn

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "pbn" / "endplay-example2.pbn"
NOTEBOOK = "pbn-table.ipynb"
CELLS = [
    "from bridgelaws.widgets import CardTable",
    'CardTable.from_pbn("board.pbn", board=11, record=2, lang="da", start="end")',
]
def _notebook() -> dict[str, Any]:
    return {"cells": [{"cell_type": "code", "execution_count": None, "id": f"c{i}", "metadata": {},
                       "outputs": [], "source": src} for i, src in enumerate(CELLS)],
            "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
            "nbformat": 4, "nbformat_minor": 5}


@pytest.fixture(scope="module")
def voila(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
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


def downloads(browser: Any, url: str, out: Path) -> dict[str, Path]:
    """As a person: the Voila page, the folded file box opened, the files asked for, and both links saved."""
    files = {}
    context = browser.new_context(viewport={"width": 1280, "height": 800}, accept_downloads=True)
    try:
        page = context.new_page()
        page.set_default_timeout(TIMEOUT)
        page.route(re.compile(r"^https?://(?!127\.0\.0\.1)"), lambda route: route.abort())
        page.goto(url + "/")
        page.locator(".bl-table").first.wait_for()
        summary = page.locator("details.bl-files > summary")
        if summary.count():
            summary.first.click()
        page.locator('button[data-action="downloads"]').click()
        page.locator('a[data-download="pbn"]').wait_for()
        page.screenshot(path=str(ARTIFACTS / "pbn-downloads.png"))
        for kind in ("pbn", "lin"):
            with page.expect_download() as info:
                page.locator(f'a[data-download="{kind}"]').click()
            path = out / info.value.suggested_filename
            info.value.save_as(path)
            files[kind] = path
    finally:
        context.close()
    return files


def test_a_person_downloads_the_pbn_and_lin_files(browser: Any, voila: str, tmp_path: Path) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    files = downloads(browser, voila, tmp_path)
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
