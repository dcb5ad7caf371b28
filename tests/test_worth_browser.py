"""The decision box's "What is each option worth?" in a real browser (Debian's Chromium through Playwright), in
JupyterLab and in Voila (issue 29): notebook 01's example 2 table, built as 01 builds it, at the decision
(declarer may require or forbid clubs, 50D2), in Danish, Norwegian and English. A click computes the values in
the kernel; the box then shows one line per option with its tricks for declarer's side and the caveat.

The "Require ♣" value is checked against endplay's own solver on the position after the requirement (♣6 is
then no longer a penalty card, so play is plain; tests/test_worth_ui.py), each line against the option's label
in the catalogue and the analysis layer's value: the page shows what the kernel computed, for the right option.

In the offline site (JupyterLite, Pyodide: no DDS) the same three tables show the same lines, read from the
values file beside the article's scenarios (notebooks/scenarios/worth-values.dat, bridgelaws.analysis.stored);
the site is built afresh, or taken from ``BRIDGELAWS_SITE_DIR`` (tests/test_site.py's fixtures).

Kept cheap: one server of each kind, one notebook with the three tables, one page each. Screenshots go to
``test-artifacts/worth-browser/``. Without Chromium these tests are skipped, except in CI (``CI=true``).
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("endplay")

from browserkit import browser, free_port, start, stop  # noqa: F401 (browser is a fixture)
from test_table_browser import page  # noqa: F401 (a fixture: a projector-sized page, other hosts blocked)
from test_table_browser import BIN, kernel_ready, run_all, server_env, settle, write_lab_settings
from test_site import site_dir, site_url  # noqa: F401 (fixtures)
from test_worth_ui import EX2, require_clubs_reference

from bridgelaws.analysis.worth import option_values
from bridgelaws.i18n import text
from bridgelaws.session import TableSession
from bridgelaws.view import decision_choices, same_event

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "test-artifacts" / "worth-browser"
LANGS = ("da", "nb", "en")
BRANCHES = ["lead-options", "require-clubs", "forbid-clubs", "no-choice-club-king", "no-choice-red-ace"]
CELL = ('widgets.table([{files}], lang="{lang}", mode="lesson", start="end")')
BUTTON = {"da": "Hvad er hver valgmulighed værd?", "nb": "Hva er hvert valg verdt?",
          "en": "What is each option worth?"}


def expected_lines(lang: str) -> list[str]:
    """One line per option of the box, in its order: the catalogue's label and the value."""
    s = TableSession.from_scenario(EX2, lang=lang, mode="lesson", start="end")
    st = s.table.state
    values = option_values(s.table)
    out = []
    for ch in decision_choices(st):
        v = next(v for v in values if same_event(v.events[0], ch.event))
        out.append(text("worthbox.line", lang, option=ch.text(lang), value=str(v.worth)))
    return out


@pytest.fixture(scope="module")
def expected() -> dict[str, list[str]]:
    lines = {lang: expected_lines(lang) for lang in LANGS}
    # the value of requiring clubs, from DDS on the position the Laws leave (not from the analysis layer)
    assert lines["en"][0] == f"Require ♣: {require_clubs_reference()}"
    return lines


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    import nbformat

    d = tmp_path_factory.mktemp("worth-browser")
    shutil.copytree(ROOT / "notebooks" / "scenarios", d / "scenarios")
    files = ", ".join(f'"scenarios/01-stort-strafkort-ex2-{b}.toml"' for b in BRANCHES)
    cells = ["from bridgelaws import widgets"] + [CELL.format(files=files, lang=lang) for lang in LANGS]
    book = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(src) for src in cells])
    book.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(book, d / "worth.ipynb")
    write_lab_settings(d)
    return d


def check_three_tables(page: Any, tables: Any, expected: dict[str, list[str]], where: str) -> None:
    assert tables.count() == 3
    for i, lang in enumerate(LANGS):
        t = tables.nth(i)
        t.scroll_into_view_if_needed()
        box = t.locator("[data-role='decision']")
        assert box.locator("[data-role='worth-value']").count() == 0     # nothing before the click
        box.get_by_role("button", name=BUTTON[lang]).click()
        box.locator("[data-role='worth-value']").nth(2).wait_for(timeout=120_000)
        shown = box.locator("[data-role='worth-value']").all_inner_texts()
        assert [s.strip() for s in shown] == expected[lang], (where, lang)
        assert box.locator(".bl-worth-caveat").inner_text().strip() == text("worth.caveat", lang)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{where}.png"), full_page=True)


def test_jupyterlab_decision_box_shows_the_values_in_three_languages(workdir: Path, page: Any,
                                                                    expected: dict[str, list[str]]) -> None:
    port = free_port()
    cmd = [str(BIN / "jupyter"), "lab", "--no-browser", "--ip=127.0.0.1", f"--port={port}",
           "--ServerApp.port_retries=0", "--ServerApp.token=",
           "--ServerApp.password=", "--allow-root", f"--ServerApp.root_dir={workdir}",
           "--LabApp.news_url=None", "--ServerApp.disable_check_xsrf=True", "--LabApp.expose_app_in_browser=True"]
    proc = start(cmd, f"http://127.0.0.1:{port}/api/status", workdir, server_env(workdir / "home"),
                 workdir / "lab.log")
    try:
        page.goto(f"http://127.0.0.1:{port}/lab/tree/worth.ipynb?reset")
        kernel_ready(page, "worth.ipynb")
        run_all(page)
        tables = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) [data-bl='table']")
        tables.nth(2).locator("[data-role='decision']").wait_for(timeout=120_000)
        settle(page)
        check_three_tables(page, tables, expected, "lab")
    finally:
        stop(proc)


def test_voila_decision_box_shows_the_values_in_three_languages(workdir: Path, page: Any,
                                                               expected: dict[str, list[str]]) -> None:
    port = free_port()
    cmd = [str(BIN / "voila"), "worth.ipynb", "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
           "--Voila.port_retries=0", "--show_tracebacks=True"]
    proc = start(cmd, f"http://127.0.0.1:{port}/api/status", workdir, server_env(workdir / "home"),
                 workdir / "voila.log")
    try:
        page.goto(f"http://127.0.0.1:{port}")
        tables = page.locator("body.voila [data-bl='table'], #rendered_cells [data-bl='table']")
        tables.nth(2).locator("[data-role='decision']").wait_for(timeout=120_000)
        check_three_tables(page, tables, expected, "voila")
    finally:
        stop(proc)


# ---- the offline site (JupyterLite, Pyodide: no DDS) ----------------------------------------------------------
# The site's fixtures and helpers are tests/test_site.py's (built afresh, or BRIDGELAWS_SITE_DIR).

SITE_CELL = """\
from IPython.display import display
from bridgelaws import widgets
for lang in ("da", "nb", "en"):
    display(widgets.table("../scenarios/01-stort-strafkort-ex2-lead-options.toml", lang=lang, mode="lesson",
                          start="end"))
"""


def stored_lines(lang: str) -> list[str] | None:
    """What the site's box must show from the stored values (notebooks/scenarios/worth-values.dat, read here
    with the same pure-Python lookup the site uses), or None when the store does not hold this position."""
    from bridgelaws.session import worth as sw

    s = TableSession.from_scenario(EX2, lang=lang, mode="lesson", start="end")
    values = sw.stored_values(s.table, EX2)
    if values is None:
        return None
    out = []
    for ch in decision_choices(s.table.state):
        v = next(v for v in values if same_event(v.events[0], ch.event))
        out.append(text("worthbox.line", lang, option=ch.text(lang), value=str(v.worth)))
    return out


def test_site_decision_box_values_come_from_the_stored_file(browser: Any, site_url: str,
                                                           expected: dict[str, list[str]]) -> None:
    from test_site import run_new_cell, shot, wait_idle, watched_page

    context, page, watch = watched_page(browser, site_url)
    try:
        # a small notebook of the article's folder (the cell reads ../scenarios/): 03, 55 kB, drawn in a moment,
        # where 01 (400 kB of stored pictures) kept the page busy drawing for seconds before the cell could run
        page.goto(f"{site_url}/lab/index.html?path=da/03-lov-50-straffekort.ipynb")
        wait_idle(page)
        run_new_cell(page, SITE_CELL)
        offered = page.locator(".jp-OutputArea-output [data-bl='table']").filter(
            has=page.locator("[data-action='worth']"))
        offered.nth(2).wait_for(timeout=180_000)
        # named once: a table leaves the filter when its button gives way to the values
        offered.evaluate_all("els => els.forEach((e, i) => e.setAttribute('data-worth-test', String(i)))")
        for i, lang in enumerate(LANGS):
            t = page.locator(f"[data-worth-test='{i}']")
            t.scroll_into_view_if_needed()
            box = t.locator("[data-role='decision']")
            box.get_by_role("button", name=BUTTON[lang]).click()
            # the values file beside the article's scenarios holds this position: the site shows the stored
            # values, which are what DDS gives in the full installation
            stored = stored_lines(lang)
            assert stored is not None and stored == expected[lang]
            box.locator("[data-role='worth-value']").nth(2).wait_for(timeout=120_000)
            shown = [s.strip() for s in box.locator("[data-role='worth-value']").all_inner_texts()]
            assert shown == stored, lang
            assert box.locator(".bl-worth-note").count() == 0
        shot(page, "worth-site.png")
    finally:
        external, errors = list(watch.external), list(watch.errors)
        context.close()
    assert external == [], f"requests to other hosts: {external}"
    assert errors == [], f"console errors: {errors}"
