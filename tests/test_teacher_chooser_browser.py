"""The board chooser in a real browser (issue 37): a club's results file (many tables, no play) opened with
``CardTable.from_pbn(FILE)`` in Voila; a person picks board 12 from the list and clicks a table's record, and
the table shows that record's contract and says that it has no play. Debian's Chromium through Playwright,
1280x800, every request to another host blocked. Screenshot: test-artifacts/browser/pbn-chooser.png. The person
is the worker's one Chromium (tests/browserkit.py), in a browser context of the test's own: no second Python with
its own Playwright and Chromium."""

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

ROOT = Path(__file__).resolve().parent.parent
CLUB = ROOT / "tests" / "data" / "pbn-club" / "realbridge-2021-boards-11-12-no-play.pbn"
NOTEBOOK = "club.ipynb"
CELLS = ["from bridgelaws.widgets import CardTable", 'CardTable.from_pbn("club.pbn", lang="da")']


@pytest.fixture(scope="module")
def voila(tmp_path_factory: pytest.TempPathFactory, browser: Any) -> Iterator[str]:
    d = tmp_path_factory.mktemp("chooser-browser")
    shutil.copy(CLUB, d / "club.pbn")
    nb = {"cells": [{"cell_type": "code", "execution_count": None, "id": f"c{i}", "metadata": {}, "outputs": [],
                     "source": src} for i, src in enumerate(CELLS)],
          "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
          "nbformat": 4, "nbformat_minor": 5}
    (d / NOTEBOOK).write_text(json.dumps(nb), encoding="utf-8")
    port = free_port()
    cmd = [str(BIN / "voila"), NOTEBOOK, "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
           "--Voila.port_retries=0", "--show_tracebacks=True"]
    proc = start(cmd, f"http://127.0.0.1:{port}/api/status", d, server_env(d / "home"), d / "voila.log")
    yield f"http://127.0.0.1:{port}"
    stop(proc)


def pick(browser: Any, url: str, record: int) -> dict[str, Any]:
    """As a person: the Voila page, board 12 picked from the list, record ``record``'s button clicked; what the
    page showed on the way."""
    out: dict[str, Any] = {}
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.set_default_timeout(TIMEOUT)
        page.route(re.compile(r"^https?://(?!127\.0\.0\.1)"), lambda route: route.abort())
        page.goto(url + "/")
        page.locator("[data-role='pbn-chooser']").wait_for()
        out["boards"] = page.locator("select[data-action='pbn_board'] option").all_inner_texts()
        page.locator("select[data-action='pbn_board']").select_option("12")
        page.locator("[data-role='pbn-chooser']", has_text="spil 12: 30 poster").wait_for()
        button = page.locator(f"button[data-action='pbn_record'][data-arg='{record}']")
        out["button"] = button.inner_text()
        button.click()
        said = page.get_by_text(f"Post {record} af spil 12 er på bordet").first
        said.wait_for()
        out["message"] = said.inner_text()
        page.screenshot(path=str(ARTIFACTS / "pbn-chooser.png"))
    finally:
        context.close()
    return out


def test_a_person_picks_a_board_and_its_table_from_the_club_file(browser: Any, voila: str) -> None:
    text = CLUB.read_text(encoding="utf-8")
    games = [dict(re.findall(r'^\[(\w+) "([^"]*)"\]', g, re.MULTILINE)) for g in re.split(r"\n\s*\n", text)]
    games = [g for g in games if "Board" in g]
    number, tags = next((i + 1, g) for i, g in enumerate(games) if g["Board"] == "12" and g["Contract"] == "3C")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    seen = pick(browser, voila, number)
    assert seen["boards"] == ["11", "12"]
    assert seen["button"].strip() == f"post {number}, bord {tags['Table']}: 3♣ spillet af Vest, udspil ikke oplyst, " \
                                     f"{tags['Result']} stik"
    assert "kun kortfordeling, kontrakt og resultat: spil kortene på bordet" in seen["message"]
