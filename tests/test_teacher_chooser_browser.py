"""The board chooser in a real browser (issue 37): a club's results file (many tables, no play) opened with
``CardTable.from_pbn(FILE)`` in Voila; a person picks board 12 from the list and clicks a table's record, and
the table shows that record's contract and says that it has no play. Debian's Chromium through Playwright,
1280x800, every request to another host blocked. Screenshot: test-artifacts/browser/pbn-chooser.png."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browserkit import ARGS, CHROMIUM, free_port, missing, start, stop
from test_browser import ARTIFACTS, BIN, TIMEOUT, server_env

ROOT = Path(__file__).resolve().parent.parent
CLUB = ROOT / "tests" / "data" / "pbn-club" / "realbridge-2021-boards-11-12-no-play.pbn"
NOTEBOOK = "club.ipynb"
CELLS = ["from bridgelaws.widgets import CardTable", 'CardTable.from_pbn("club.pbn", lang="da")']
PERSON = """
import json, re, sys
from playwright.sync_api import sync_playwright
url, chromium, args, timeout, shot, record = sys.argv[1], sys.argv[2], json.loads(sys.argv[3]), int(sys.argv[4]), \
    sys.argv[5], sys.argv[6]
out = {}
with sync_playwright() as p:
    browser = p.chromium.launch(executable_path=chromium, args=args)
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    page.set_default_timeout(timeout)
    page.route(re.compile(r"^https?://(?!127\\.0\\.0\\.1)"), lambda route: route.abort())
    page.goto(url + "/")
    page.locator("[data-role='pbn-chooser']").wait_for()
    out["boards"] = page.locator("select[data-action='pbn_board'] option").all_inner_texts()
    page.locator("select[data-action='pbn_board']").select_option("12")
    page.locator("[data-role='pbn-chooser']", has_text="spil 12: 30 poster").wait_for()
    button = page.locator(f"button[data-action='pbn_record'][data-arg='{record}']")
    out["button"] = button.inner_text()
    button.click()
    page.get_by_text(f"Post {record} af spil 12 er på bordet").first.wait_for()
    out["message"] = page.get_by_text(f"Post {record} af spil 12 er på bordet").first.inner_text()
    page.screenshot(path=shot)
    ctx.close()
    browser.close()
print(json.dumps(out, ensure_ascii=False))
"""


@pytest.fixture(scope="module")
def voila(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    if not Path(CHROMIUM).exists():
        missing(f"Chromium not found at {CHROMIUM} (apt-get install chromium)")
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


def test_a_person_picks_a_board_and_its_table_from_the_club_file(voila: str) -> None:
    text = CLUB.read_text(encoding="utf-8")
    games = [dict(re.findall(r'^\[(\w+) "([^"]*)"\]', g, re.MULTILINE)) for g in re.split(r"\n\s*\n", text)]
    games = [g for g in games if "Board" in g]
    number, tags = next((i + 1, g) for i, g in enumerate(games) if g["Board"] == "12" and g["Contract"] == "3C")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    run = subprocess.run([sys.executable, "-c", PERSON, voila, CHROMIUM, json.dumps(ARGS), str(TIMEOUT),
                          str(ARTIFACTS / "pbn-chooser.png"), str(number)],
                         capture_output=True, text=True, timeout=300, env=dict(os.environ))
    assert run.returncode == 0, run.stderr[-3000:]
    seen = json.loads(run.stdout.strip().splitlines()[-1])
    assert seen["boards"] == ["11", "12"]
    assert seen["button"].strip() == f"post {number}, bord {tags['Table']}: 3♣ spillet af Vest, udspil ikke oplyst, " \
                                     f"{tags['Result']} stik"
    assert "kun kortfordeling, kontrakt og resultat: spil kortene på bordet" in seen["message"]
