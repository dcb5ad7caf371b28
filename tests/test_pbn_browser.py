"""The card table's PBN and LIN downloads in a real browser (Voila, Debian's Chromium through Playwright).

A notebook opens board 11 of a real PBN file with ``CardTable.from_pbn``; the test opens the folded file box,
asks for the files, and saves both links as a person would; the PBN file read back is the table's play, the
LIN file is one line for BBO's viewer. Screenshots go to ``test-artifacts/browser/`` (git-ignored).
Chromium is /usr/bin/chromium (``CHROMIUM`` overrides it); never ``playwright install`` (TOOLCHAIN.md §4).
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_browser import ARTIFACTS, BIN, LOCAL_ONLY, TIMEOUT, browser, free_port, server_env, start, stop

from bridgelaws.pbn import read_pbn

__all__ = ["browser"]  # the session's Chromium, shared with tests/test_browser.py

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
def voila(tmp_path_factory: pytest.TempPathFactory, browser: Any) -> Iterator[str]:
    d = tmp_path_factory.mktemp("pbn-browser")
    shutil.copy(DATA, d / "board.pbn")
    (d / NOTEBOOK).write_text(json.dumps(_notebook()), encoding="utf-8")
    port = free_port()
    cmd = [str(BIN / "voila"), NOTEBOOK, "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
           "--show_tracebacks=True"]
    proc = start(cmd, f"http://127.0.0.1:{port}/api/status", d, server_env(d / "home"), d / "voila.log")
    yield f"http://127.0.0.1:{port}"
    stop(proc)


def test_a_person_downloads_the_pbn_and_lin_files(voila: str, browser: Any, tmp_path: Path) -> None:
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, accept_downloads=True)
    page = ctx.new_page()
    page.set_default_timeout(TIMEOUT)
    page.route(LOCAL_ONLY, lambda route: route.abort())
    try:
        page.goto(voila + "/")
        prepare = page.locator('button[data-action="downloads"]')
        summary = page.locator("details.bl-files > summary")
        page.locator(".bl-table").first.wait_for()
        if summary.count():
            summary.first.click()
        prepare.click()
        link = page.locator('a[data-download="pbn"]')
        link.wait_for()
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "pbn-downloads.png"))
        with page.expect_download() as info:
            link.click()
        pbn_file = tmp_path / info.value.suggested_filename
        info.value.save_as(pbn_file)
        with page.expect_download() as info:
            page.locator('a[data-download="lin"]').click()
        lin_file = tmp_path / info.value.suggested_filename
        info.value.save_as(lin_file)
    finally:
        ctx.close()
    assert pbn_file.suffix == ".pbn" and lin_file.suffix == ".lin"
    original = read_pbn(DATA)[1]
    back = read_pbn(pbn_file)[0].scenario()
    assert back.deal == original.deal and back.contract == original.contract
    assert back.history == original.plays          # the table opened at the end: all 29 cards
    lin = lin_file.read_text(encoding="utf-8")
    assert lin.startswith("pn|") and lin.count("|pc|") == 29
    assert "Meldingerne er ikke en del af eksemplet" in lin   # the table's language (Danish)
