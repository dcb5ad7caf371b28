"""The card table widget itself in a real browser (Debian's Chromium through Playwright) at 1280×800.

- Two tables in two notebooks (and two kernels) on one JupyterLab page: each keeps its own cards, marks and
  turn (no shared ids, no page-wide CSS: each table lives in its own shadow root).
- A static diagram lower on the page leaves the table above it alone.
- Keyboard only: Tab reaches a hand, arrow keys move within it, Enter plays; focus stays on the table; a
  decision is chosen by keyboard too.
- Layout: with the file browser open, the four hands, the trick, the decision and the Director's statements
  of one table lie inside the viewport together, and card text is at least 22 px.
- Untrusted: a notebook with stored outputs opened untrusted shows its static diagram styled (a ♥ computed
  red, the compass layout), and so does the widget's static fallback.
- Voila: the same table works and fits.
- A revoke made on a table of 06 (the click mode "Kulørsvigt"), established when the offender plays on, and the
  Law 64 transfer in the Director's statements at the end; the revoke's lane in the timeline, marked established
  in trick 4 (63A1).
- The timeline by keyboard: one tab stop after the hands and the side column, arrow keys along the tricks,
  Enter and Space move the table there, a visible focus ring, each column named "Stik 5".
- A page reload with the kernel running: saved, the table is drawn again where it was without running anything;
  not saved, running the cell again brings it back where it was; both play on.

Screenshots go to ``test-artifacts/table-browser/`` (git-ignored). The notebooks are tests/browser/table-a.ipynb
and table-b.ipynb, copied with the article scenarios into a temporary folder (nothing is written to the
repository). Without Chromium these tests are skipped, except in CI (``CI=true``).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browserkit import (act_and_wait, browser, free_port, kernels_over_ipc, start,  # noqa: F401 (browser: a fixture)
                        stop)

import bridgelaws as bl
from bridgelaws.widgets import CardTable

ROOT = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve().parent / "browser"
NOTEBOOKS = ("table-a.ipynb", "table-b.ipynb", "table-c.ipynb")
ARTIFACTS = ROOT / "test-artifacts" / "table-browser"
BIN = Path(sys.executable).parent
LAB_SETTINGS = {
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {"fetchNews": "false",
                                                                        "checkForUpdates": False},
    "@jupyterlab/docmanager-extension/plugin.jupyterlab-settings": {"autosave": False},
    # every cell drawn where it lies: JupyterLab 4 draws only the cells near the view by default
    # ("contentVisibility"), and a cell above that gets its real height when it comes near moves the page between
    # a test's look and its click; what a person sees of a table is the same either way
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
}
LOCAL_ONLY = re.compile(r"^https?://(?!127\.0\.0\.1)")
TIMEOUT = 60_000
PROJECTOR = {"width": 1280, "height": 800}
RED = "rgb(200, 16, 46)"
# the element that has the keyboard focus, inside shadow roots too
DEEP_ACTIVE = ("(() => { let e = document.activeElement; while (e && e.shadowRoot && e.shadowRoot.activeElement) "
               "e = e.shadowRoot.activeElement; return e; })()")


def server_env(home: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PATH"] = str(BIN) + os.pathsep + env.get("PATH", "")
    # no kept lines (issue 37's autosave): one test's line would open the next test's table where it was left
    env["BRIDGELAWS_AUTOSAVE"] = "0"
    env["JUPYTERLAB_SETTINGS_DIR"] = str(home / "lab-settings")
    env["JUPYTERLAB_WORKSPACES_DIR"] = str(home / "lab-workspaces")
    env["JUPYTER_DATA_DIR"] = str(home / "data")  # an empty notary: every notebook opens untrusted
    env.pop("JUPYTER_CONFIG_DIR", None)
    # kernels over IPC, their connection files and sockets in a runtime folder of the server's own
    return kernels_over_ipc(env)


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    d = tmp_path_factory.mktemp("table-browser")
    for nb in NOTEBOOKS:
        shutil.copy(HERE / nb, d / nb)
    shutil.copytree(ROOT / "notebooks" / "scenarios", d / "scenarios")
    write_lab_settings(d)
    return d


def write_lab_settings(d: Path) -> None:
    """LAB_SETTINGS into the Lab settings folder under ``d/home`` (:func:`server_env`)."""
    for name, value in LAB_SETTINGS.items():
        path = d / "home" / "lab-settings" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(value), encoding="utf-8")


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    ctx = browser.new_context(viewport=PROJECTOR)
    pg = ctx.new_page()
    pg.set_default_timeout(TIMEOUT)
    pg.route(LOCAL_ONLY, lambda route: route.abort())
    yield pg
    ctx.close()


@pytest.fixture(scope="module")
def lab(workdir: Path, browser: Any) -> Iterator[str]:
    port = free_port()
    cmd = [str(BIN / "jupyter"), "lab", "--no-browser", "--ip=127.0.0.1", f"--port={port}",
           "--ServerApp.port_retries=0", "--ServerApp.token=",
           "--ServerApp.password=", "--allow-root", f"--ServerApp.root_dir={workdir}",
           "--LabApp.news_url=None", "--ServerApp.disable_check_xsrf=True", "--LabApp.expose_app_in_browser=True"]
    proc = start(cmd, f"http://127.0.0.1:{port}/api/status", workdir, server_env(workdir / "home"),
                 workdir / "lab.log")
    yield f"http://127.0.0.1:{port}"
    stop(proc)


@pytest.fixture(scope="module")
def voila(workdir: Path, browser: Any) -> Iterator[str]:
    port = free_port()
    cmd = [str(BIN / "voila"), NOTEBOOKS[1], "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
           "--Voila.port_retries=0",
           "--show_tracebacks=True"]
    proc = start(cmd, f"http://127.0.0.1:{port}/api/status", workdir, server_env(workdir / "home"),
                 workdir / "voila.log")
    yield f"http://127.0.0.1:{port}"
    stop(proc)


def shot(page: Any, name: str) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / name
    page.screenshot(path=str(path))
    return path


def run_all(page: Any) -> None:
    """Run → Run All Cells, from the menu, as a teacher does."""
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()


#: notebook ``n`` is the one on show, and its kernel is connected and idle (the status bar's "| Idle" may still be
#: another notebook's, or the kernel's before it has connected)
KERNEL_READY = """n => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const k = w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;
  return !!k && w.context.path === n && w.context.isReady && k.status === 'idle'
    && k.connectionStatus === 'connected'; }"""

#: every code cell of the notebook on show has run (a cell queued or running has no execution count) and its
#: kernel is idle
ALL_RUN = """() => { const w = window.jupyterapp.shell.currentWidget;
  const k = w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;
  if (!k || k.status !== 'idle') return false;
  for (const c of w.content.model.cells) if (c.type === 'code' && !c.executionCount) return false;
  return true; }"""


def kernel_ready(page: Any, nb: str) -> None:
    """Wait until ``nb`` is the notebook on show and its kernel is ready to run cells."""
    page.wait_for_function(KERNEL_READY, arg=nb)


def goto_and_run_all(page: Any, lab: str, nb: str) -> None:
    """Open ``nb`` alone in a fresh Lab workspace, wait for its kernel, and Run All."""
    page.goto(f"{lab}/lab/tree/{nb}?reset")
    kernel_ready(page, nb)
    run_all(page)


def write_notebook(workdir: Path, name: str, sources: list[str]) -> str:
    """A notebook of code cells (python3 kernel) written into the work folder; its name."""
    import nbformat

    book = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(src) for src in sources])
    book.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(book, workdir / name)
    return name


def open_and_run(page: Any, lab: str, nb: str) -> None:
    """Open ``nb`` in Lab (a new tab in the same page) and Run All."""
    page.locator(".jp-DirListing-item", has_text=nb).dblclick()
    page.get_by_role("tab", name=re.compile(re.escape(nb))).wait_for()
    kernel_ready(page, nb)
    run_all(page)


def tables(page: Any) -> Any:
    """The tables of the notebook on show (each in a shadow root; Playwright's CSS engine pierces open shadow
    roots)."""
    return page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) [data-bl='table'], body.voila [data-bl='table'],"
                        " #rendered_cells [data-bl='table']")


def settle(page: Any) -> None:
    """After Run All: wait until every cell of the notebook on show has run and its kernel is idle again."""
    page.wait_for_function(ALL_RUN)


def in_view(page: Any, box: dict[str, float], area: dict[str, float]) -> bool:
    return (box["x"] >= area["x"] - 1 and box["y"] >= area["y"] - 1
            and box["x"] + box["width"] <= area["x"] + area["width"] + 1
            and box["y"] + box["height"] <= area["y"] + area["height"] + 1)


def hand_cards(table: Any, seat: str) -> list[str]:
    return table.locator(f"[data-seat='{seat}'] .bl-hand [data-card]").evaluate_all(
        "els => els.map(e => e.dataset.card)")


def next_frame(page: Any) -> None:
    """Wait until the page has drawn its next frame (the table moves focus and drops the played card's
    button just before it)."""
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)))")


# The regions whose DOM is not what a fresh parse of the widget's markup gives (the page patches regions in
# place rather than parsing them anew). Tab stops within toolbars are left out: the page sets those itself.
DIFFERING_REGIONS = """(table, parts) => {
  const bare = (nodes) => {
    const box = document.createElement('div');
    box.append(...Array.from(nodes, (n) => n.cloneNode(true)));
    for (const e of box.querySelectorAll("[role='toolbar'] [tabindex]")) e.removeAttribute('tabindex');
    return box;
  };
  const differ = [];
  for (const [region, html] of Object.entries(parts)) {
    const el = table.querySelector(`[data-region="${region}"]`);
    const fresh = document.createElement('template');
    fresh.innerHTML = html;
    if (!el || !bare(el.childNodes).isEqualNode(bare(fresh.content.childNodes))) differ.push(region);
  }
  return differ;
}"""


def drawn_anew(widget: Any) -> dict[str, str]:
    """The regions of ``widget`` (a CardTable in this process, driven like the one in the page), but the file
    box (it names the kernel's folder)."""
    return {r: m for r, m in widget.parts.items() if r != "files"}


# ----------------------------------------------------------------------------------------------------------

def test_two_tables_in_two_notebooks_keep_to_themselves(lab: str, page: Any) -> None:
    goto_and_run_all(page, lab, NOTEBOOKS[0])
    page.wait_for_selector("[data-bl='table'] [data-card='HJ']")
    a = tables(page).first
    west_a = hand_cards(a, "W")
    assert len(west_a) == 13

    open_and_run(page, lab, NOTEBOOKS[1])
    page.wait_for_function("document.querySelectorAll('.bl-host').length >= 2")
    b = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) [data-bl='table']").first
    b.locator("[data-role='director']").wait_for()
    west_b = hand_cards(b, "W")
    # table B stands at the article's first stop (10 tricks and more played: fewer cards), A at the deal
    assert len(west_b) < 13
    shot(page, "lab-b.png")

    # a card played in B moves in B only
    act_and_wait(b, b.get_by_role("button", name=re.compile("^Næste stop")).click)
    # back to A: its West hand is still whole, its turn marker on West
    page.get_by_role("tab", name=re.compile("table-a")).click()
    a = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) [data-bl='table']").first
    assert hand_cards(a, "W") == west_a
    assert a.locator("[data-seat='W'].bl-to-act").count() == 1
    assert a.locator(".bl-to-act").count() == 1
    a.get_by_role("button", name="West ♥J", exact=True).click()  # a mouse click: ♥J has the focus
    a.locator("[data-slot='W'] [data-trick-card='HJ']").wait_for()
    next_frame(page)
    assert "HJ" not in hand_cards(a, "W")
    assert a.locator("[data-seat='W'] .bl-hand button").count() == 12
    # focus went on to the hand to play (North)
    assert page.evaluate(f"() => {{ const e = {DEEP_ACTIVE}; return e.closest('[data-hand]').dataset.hand; }}") == "N"
    # the page patched the regions in place: what it shows is what the markup of the new position parses to
    deal = re.search(r'Deal\.from_pbn\(\\?"([^"\\]+)', (HERE / NOTEBOOKS[0]).read_text(encoding="utf-8"))[1]
    same = CardTable(bl.Table(bl.Deal.from_pbn(deal), bl.Contract.parse("3NT", "S")), lang="en", mode="lesson")
    same.click("HJ")
    assert a.evaluate(DIFFERING_REGIONS, drawn_anew(same)) == []
    # the static diagram lower in A did not restyle the table: exactly one hand is marked to play
    assert a.locator(".bl-to-act").count() == 1
    assert a.locator("[data-seat='N'].bl-to-act").count() == 1
    colour = a.locator("[data-seat='N'] [data-card='HA']").evaluate("e => getComputedStyle(e).color")
    assert colour == RED
    shot(page, "lab-a-after-play.png")
    page.get_by_role("tab", name=re.compile("table-b")).click()
    b = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) [data-bl='table']").first
    assert b.locator("[data-slot='W'] [data-trick-card='HJ']").count() == 0
    # no id anywhere in the tables' markup, and no <style> outside their shadow roots
    assert page.locator("[data-bl='table'] [id]").count() == 0
    assert page.evaluate("Array.from(document.querySelectorAll('style')).filter(s => s.textContent.includes('bl-')).length") == 0


def test_keyboard_plays_a_card_and_chooses_an_option(lab: str, workdir: Path, page: Any) -> None:
    # a copy of table A with a kernel of its own: in A's kernel the first test has played ♥J, and Run All in the
    # same kernel brings a table back where it was (docs/widget.md, "After a page reload")
    name = "table-a-keyboard.ipynb"
    shutil.copy(HERE / NOTEBOOKS[0], workdir / name)
    goto_and_run_all(page, lab, name)
    page.wait_for_selector("[data-bl='table'] [data-card='HJ']")
    settle(page)
    a = tables(page).first
    # one tab stop per hand: West (to lead) holds exactly one card with tabindex 0
    assert a.locator("[data-seat='W'] [data-card][tabindex='0']").count() == 1
    first = a.locator("[data-seat='W'] [data-card][tabindex='0']")
    first.focus()
    page.keyboard.press("ArrowRight")
    focused = page.evaluate(f"() => {{ const e = {DEEP_ACTIVE}; return e && e.dataset ? e.dataset.card : null; }}")
    assert focused == "S9"  # West's ♠K, then the arrow key: ♠9
    # to the heart jack with the arrow keys, then Enter plays it
    for _ in range(12):
        cur = page.evaluate("() => { let e = document.activeElement; while (e && e.shadowRoot && e.shadowRoot.activeElement) e = e.shadowRoot.activeElement; return e && e.dataset ? e.dataset.card : null; }")
        if cur == "HJ":
            break
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    a.locator("[data-slot='W'] [data-trick-card='HJ']").wait_for()
    # focus stayed on the table: it moved to the hand to play (North)
    page.wait_for_function("() => { let e = document.activeElement; while (e && e.shadowRoot && e.shadowRoot.activeElement) e = e.shadowRoot.activeElement; return e && e.closest && e.closest('[data-hand]') && e.closest('[data-hand]').dataset.hand === 'N'; }")
    next_frame(page)  # the played (focused) card's button is gone from West's hand
    assert a.locator("[data-seat='W'] .bl-hand button").count() == 12 and "HJ" not in hand_cards(a, "W")
    # a decision by keyboard: East leads out of turn from his hand's tab stop (Enter), focus moves to the
    # decision (Law 54), the arrow key picks the second option, Enter chooses it
    a.locator("select[data-action='set_click']").select_option("lead_out_of_turn")
    # the kernel has taken the click mode: the markup it sends back marks it selected
    a.locator("select[data-action='set_click'] option[value='lead_out_of_turn'][selected]").wait_for(state="attached")
    a.locator("[data-action='back']").focus()
    page.keyboard.press("Enter")  # take the heart jack back: West to lead again
    a.locator("[data-seat='W'] [data-card='HJ']").wait_for()
    a.locator("[data-seat='E'] [data-card][tabindex='0']").focus()
    page.keyboard.press("Enter")
    a.locator("[data-role='decision']").wait_for()
    page.wait_for_function(f"() => {{ const e = {DEEP_ACTIVE}; return e && e.closest && !!e.closest(\"[data-role='decision']\"); }}")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    a.locator("[data-role='decision']").wait_for(state="detached")
    # accepted, and declarer (South) spread his hand: North is declarer now (54A)
    a.locator("[data-seat='N'] .bl-badge-declarer").wait_for()
    assert page.evaluate(f"() => {{ const e = {DEEP_ACTIVE}; return !!(e && e.closest && e.closest('[data-bl]')); }}")
    shot(page, "lab-keyboard.png")


def test_table_fits_a_projector_with_the_file_browser_open(lab: str, page: Any) -> None:
    # table C stands at declarer's 50D2 decision in lesson mode: the tallest case (decision and statements)
    goto_and_run_all(page, lab, NOTEBOOKS[2])
    page.wait_for_selector("[data-bl='table'] [data-role='decision']")
    settle(page)
    assert page.locator(".jp-FileBrowser").first.is_visible()
    t = tables(page).first
    # the band that must fit starts at the step buttons (the toolbar and the title stand above them)
    t.locator(".bl-bar").first.evaluate("e => e.scrollIntoView({block: 'start'})")
    next_frame(page)
    area = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-WindowedPanel-outer, "
                        ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook").first.bounding_box()
    for sel in ("[data-seat='N']", "[data-seat='E']", "[data-seat='S']", "[data-seat='W']", ".bl-centre",
                "[data-role='decision']", "[data-role='director']"):
        box = t.locator(sel).first.bounding_box()
        assert box is not None and in_view(page, box, area), (sel, box, area)
    assert t.locator("[data-role='director'] li").count() >= 3
    # no hand is cut: every card of every hand lies inside the notebook
    for card_box in t.locator("[data-hand] [data-card]").evaluate_all(
            "els => els.map(e => { const r = e.getBoundingClientRect(); return {x: r.x, y: r.y, width: r.width, "
            "height: r.height}; })"):
        assert in_view(page, card_box, area), card_box
    size = t.locator("[data-card]").first.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    assert size >= 22
    shot(page, "lab-projector.png")


def executed_copy(workdir: Path, nb: str, name: str) -> str:
    """``nb`` executed by nbclient and saved as ``name``: a notebook with stored outputs, as committed."""
    import nbformat
    from nbclient import NotebookClient

    book = nbformat.read(workdir / nb, as_version=4)
    NotebookClient(book, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(workdir)}}).execute()
    nbformat.write(book, workdir / name)
    return name


def test_untrusted_notebook_shows_styled_static_pictures(lab: str, workdir: Path, page: Any) -> None:
    name = executed_copy(workdir, NOTEBOOKS[0], "table-a-stored.ipynb")
    page.goto(f"{lab}/lab/tree/{name}?reset")
    kernel_ready(page, name)
    page.get_by_title(re.compile("^Notebook not trusted")).wait_for()
    # the static diagram below the table, and the table's own stored picture (its text/html): both styled
    diagrams = page.locator(".jp-OutputArea-output .bl.bl-table")
    diagrams.first.wait_for()
    assert diagrams.count() == 2
    assert page.locator(".jp-OutputArea-output style").count() == 0
    for i in range(2):
        d = diagrams.nth(i)
        d.scroll_into_view_if_needed()
        heart = d.locator(".bl-seat-north .bl-suit-hearts .bl-sym").first
        assert heart.inner_text() == "♥"
        assert heart.evaluate("e => getComputedStyle(e).color") == RED
        spade = d.locator(".bl-seat-north .bl-suit-spades .bl-sym").first
        assert spade.evaluate("e => getComputedStyle(e).color") != RED
        n, w, e, s = (d.locator(f".bl-seat-{x}").bounding_box() for x in ("north", "west", "east", "south"))
        # the compass: North above West and East, South below them, West left of East
        assert n["y"] + n["height"] <= w["y"] + 1 and n["y"] + n["height"] <= e["y"] + 1
        assert s["y"] >= w["y"] + w["height"] - 1 and w["x"] + w["width"] <= e["x"] + 1
        size = d.locator(".bl-seat-north .bl-suit-hearts").evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
        assert size >= 22
    shot(page, "lab-untrusted.png")


def test_voila_table_works_and_fits(voila: str, workdir: Path, page: Any) -> None:
    page.goto(voila)
    t = tables(page).first
    t.locator("[data-role='director']").wait_for(timeout=120_000)
    body = page.inner_text("body")
    assert "CardTable.from_scenarios" not in body  # code is hidden
    for sel in ("[data-seat='N']", "[data-seat='E']", "[data-seat='S']", "[data-seat='W']", ".bl-centre",
                "[data-role='director']"):
        box = t.locator(sel).first.bounding_box()
        assert box is not None and in_view(page, box, {"x": 0, "y": 0, **PROJECTOR}), (sel, box)
    # seminar: held back; reveal shows the ruling; the next stop holds it back again
    t.get_by_role("button", name=re.compile("^Næste stop")).click()
    t.locator(".bl-penalty-unknown").wait_for()
    t.get_by_role("button", name="Vis kendelsen").click()
    t.locator("[data-role='director'] li").first.wait_for()
    assert t.locator("[data-penalty='major']").count() == 1
    assert "STORT" in t.locator(".bl-penalty-major").inner_text().upper()
    # the regions patched in place show what the markup of this position parses to
    same = CardTable.from_scenarios(sorted((workdir / "scenarios").glob("01-stort-strafkort-ex1-*.toml")),
                                    lang="da", mode="seminar")
    same.next_stop()
    same.reveal()
    assert t.evaluate(DIFFERING_REGIONS, drawn_anew(same)) == []
    shot(page, "voila-revealed.png")


# ----------------------------------------------------------------------------------------------------------
# the constraint timeline under the hands (issue #20, item 3)
# ----------------------------------------------------------------------------------------------------------

TIMELINE_NOTEBOOK = "timeline-01.ipynb"


def timeline_notebook(workdir: Path, name: str = TIMELINE_NOTEBOOK) -> str:
    """01's first example in lesson mode, at its first stop (the play before the irregularity, in trick 3)."""
    code = ("from pathlib import Path\nfrom bridgelaws.widgets import CardTable\n"
            "CardTable.from_scenarios(sorted(Path('scenarios').glob('01-stort-strafkort-ex1-*.toml')), lang='da', "
            "mode='lesson', folder='mine-t')")
    return write_notebook(workdir, name, [code])


def test_the_timeline_under_the_hands_follows_the_step_and_a_click_on_trick_1_goes_there(lab: str, workdir: Path,
                                                                                      page: Any) -> None:
    name = timeline_notebook(workdir)
    goto_and_run_all(page, lab, name)
    page.wait_for_selector("[data-bl='table'] [data-role='timeline'] svg", timeout=TIMEOUT)
    settle(page)
    t = tables(page).first
    t.evaluate("e => e.scrollIntoView({block: 'start'})")
    line = t.locator("[data-role='timeline'] svg")
    assert line.locator("[data-trick]").count() == 13
    # under the hands: below South's hand, across the table
    south = t.locator("[data-seat='S']").bounding_box()
    box = line.bounding_box()
    assert south is not None and box is not None and box["y"] >= south["y"] + south["height"] - 1
    lane = "Vests ♦3 er et stort strafkort"
    assert lane not in line.text_content()          # nothing has arisen yet
    # it follows the step: the next stop is West's ♦3 face up, and its lane is drawn
    t.get_by_role("button", name=re.compile("^Næste stop")).click()
    line.locator("text", has_text="50D1a").first.wait_for(timeout=10_000)
    assert lane in line.text_content()
    shot(page, "lab-timeline-at-the-irregularity.png")
    # a step on in the same trick (West's ♣J): the page gets only where play now is and moves the line and the
    # lane's end there itself; it then shows what a drawing made anew at that step shows
    t.locator("[data-action='step']").first.click()
    t.locator("[data-region='header']", has_text="Hændelse 13 af 17").wait_for(timeout=10_000)
    same = CardTable.from_scenarios(sorted((workdir / "scenarios").glob("01-stort-strafkort-ex1-*.toml")),
                                    lang="da", mode="lesson")
    same.next_stop()
    same.step()
    assert len(same.session.history) == 13
    same.session.timeline_cache = None
    same.refresh()
    assert t.evaluate(DIFFERING_REGIONS, drawn_anew(same)) == []
    # a click on trick 1's column (its top edge, above the trick's number) moves the table to its end
    line.scroll_into_view_if_needed()
    before = line.bounding_box()
    line.locator("[data-trick='1']").click(position={"x": 6, "y": 3})
    t.locator("[data-region='header']", has_text="Hændelse 4 af 17").wait_for(timeout=10_000)
    assert lane not in line.text_content()
    box = line.bounding_box()
    # the page did not jump to the hand to play: the timeline's top (the trick numbers) is still on screen
    assert before is not None and box is not None and 0 <= box["y"] and box["y"] + 30 <= PROJECTOR["height"]
    same = CardTable.from_scenarios(sorted((workdir / "scenarios").glob("01-stort-strafkort-ex1-*.toml")),
                                    lang="da", mode="lesson")
    same.next_stop()
    same.goto_trick(1)
    assert t.evaluate(DIFFERING_REGIONS, drawn_anew(same)) == []
    shot(page, "lab-timeline-trick-1.png")


# ----------------------------------------------------------------------------------------------------------
# exam mode for a whole notebook (issue #20, items 1, 2 and 7)
# ----------------------------------------------------------------------------------------------------------

EXAM_NOTEBOOK = "exam-05.ipynb"


def exam_notebook(workdir: Path) -> str:
    """Three of 05's questions as exam tables, the way 05 opens them."""
    return write_notebook(workdir, EXAM_NOTEBOOK, ["from bridgelaws import widgets\nwidgets.set_mode('exam')"] + [
        f"widgets.table('scenarios/05-spillet-kort-q{i}.toml', lang='da')" for i in (1, 2, 3)])


def test_a_whole_exam_numbers_its_questions_scores_across_tables_and_tabs_clockwise(lab: str, workdir: Path,
                                                                        page: Any) -> None:
    name = exam_notebook(workdir)
    goto_and_run_all(page, lab, name)
    page.wait_for_function("document.querySelectorAll('.bl-host').length >= 3", timeout=TIMEOUT)
    settle(page)
    assert page.locator(".jp-FileBrowser").first.is_visible()
    ts = tables(page)
    numbers = [ts.nth(i).locator("[data-role='exam-number']").inner_text() for i in range(3)]
    assert numbers == ["Spørgsmål 1", "Spørgsmål 2", "Spørgsmål 3"]
    # question 1, by a click: "en klør" with dummy's ♣K 7 3 is the lowest club, ♣3 (46B2)
    t1, t2 = ts.nth(0), ts.nth(1)
    t1.evaluate("e => e.scrollIntoView({block: 'start'})")
    t1.locator("[data-action='exam_choice'][data-arg='card:C3']").click()
    t1.locator("[data-result='right']").wait_for()
    shot(page, "lab-exam-q1-answered.png")
    # question 2, answered wrongly by a click: its feedback names question 2, and table 1 shows the new score
    t2.evaluate("e => e.scrollIntoView({block: 'start'})")
    t2.locator("[data-action='exam_choice']:not([data-arg='card:HJ'])").first.click()
    t2.locator("[data-result='wrong']").wait_for()
    assert "spørgsmål 2" in t2.locator("[data-result='wrong']").inner_text()
    for t in (t1, t2):
        expect_text = "Point: 1 rigtige af 2 besvarede"
        t.locator("[data-role='score']", has_text=expect_text).wait_for(timeout=10_000)
    shot(page, "lab-exam-q2-wrong.png")
    # the reset on table 2: every table starts again at 0 of 0
    t2.locator("[data-action='exam_reset']").click()
    t1.locator("[data-role='score']", has_text="Point: 0 rigtige af 0 besvarede").wait_for(timeout=10_000)
    # Tab goes round the table clockwise: North, East, South, West
    t3 = ts.nth(2)
    t3.evaluate("e => e.scrollIntoView({block: 'start'})")
    t3.locator("[data-role='exam'] button").first.wait_for()
    t3.locator("[role='toolbar'] button:not([disabled])").first.focus()
    seen: list[str] = []
    for _ in range(30):
        page.keyboard.press("Tab")
        hand = page.evaluate(f"() => {{ const e = {DEEP_ACTIVE}; const h = e && e.closest && e.closest('[data-hand]');"
                             " return h ? h.dataset.hand : (e && e.closest && e.closest('[data-bl]') ? '' : null); }")
        if hand is None:
            break
        if hand and hand not in seen:
            seen.append(hand)
    assert seen == ["N", "E", "S", "W"], seen


REVOKE_NOTEBOOK = "revoke-06.ipynb"


def revoke_notebook(workdir: Path) -> str:
    """06's first example as a table, opened where West is to play to trick 3 (dummy has led ♣A)."""
    return write_notebook(workdir, REVOKE_NOTEBOOK, [
        "from bridgelaws import widgets\nwidgets.table('scenarios/06-kulorsvigt-to-stik.toml', lang='da', start=11)"])


def test_a_revoke_made_on_the_table_is_established_and_transferred_at_the_end(lab: str, workdir: Path,
                                                                              page: Any) -> None:
    name = revoke_notebook(workdir)
    goto_and_run_all(page, lab, name)
    page.wait_for_selector("[data-bl='table'] [data-seat='W'] [data-card='D2']")
    settle(page)
    t = tables(page).first
    t.evaluate("e => e.scrollIntoView({block: 'start'})")
    # the click mode "Kulørsvigt": West ruffs dummy's ♣A with ♦2 although he holds ♣J (61A)
    t.locator("select[data-action='set_click']").select_option("revoke")
    t.locator(".bl-hint", has_text="kulørsvigt").wait_for(timeout=10_000)
    t.locator("[data-seat='W'] [data-card='D2']").click()
    t.locator("[data-slot='W'] [data-trick-card='D2']").wait_for(timeout=10_000)
    box = t.locator("[data-role='revoke']")
    box.wait_for(timeout=10_000)
    assert "Der gøres opmærksom på kulørsvigten: Vest ♦2 i stik 3" in box.inner_text()
    # the timeline under the hands has the revoke's lane from trick 3, not established yet (62A: it may still be
    # corrected)
    line = t.locator("[data-role='timeline'] svg")
    line.locator("text", has_text="kulørsvigt med").first.wait_for(timeout=10_000)
    drawn = line.text_content()
    assert "Vests kulørsvigt med ♦2 i stik 3" in drawn and "§ 62A" in drawn
    assert "etableret i stik" not in drawn and "gælder stadig" in drawn
    t.locator("[data-role='timeline']").evaluate("e => e.scrollIntoView({block: 'center'})")
    shot(page, "lab-revoke-made.png")
    t.evaluate("e => e.scrollIntoView({block: 'start'})")
    # West leads to trick 4: the offender plays on, the revoke is established (63A1) and can no longer be
    # corrected, so the table no longer offers to draw attention to it
    t.locator("[data-seat='W'] [data-card='D3']").click()
    box.wait_for(state="detached", timeout=10_000)
    t.locator("[data-role='director']", has_text="§ 63A1").wait_for(timeout=10_000)
    assert "etableret" in t.locator("[data-role='director']").inner_text()
    # the lane marks the establishment in trick 4, where the offender led (63A1)
    line.locator("text", has_text="etableret i stik 4 (§ 63A1)").wait_for(timeout=10_000)
    assert "Vests kulørsvigt med ♦2 i stik 3" in line.text_content()
    t.locator("[data-role='timeline']").evaluate("e => e.scrollIntoView({block: 'center'})")
    shot(page, "lab-revoke-established.png")
    # play on along 06's line (the click kept the table on it) to the end: 64A1, two tricks to North-South
    end = t.locator("[data-role='director']", has_text="Overførte stik: 2 (§ 64A1)")
    for _ in range(20):
        if end.count():
            break
        step = t.locator("[data-action='next_stop']")
        if step.is_disabled():
            break
        act_and_wait(t, step.click)
    end.wait_for(timeout=10_000)
    said = t.locator("[data-role='director']").inner_text()
    assert "Stik, der overføres til Nord og Syd, nu da spillet er slut: 2 (§ 64A)" in said
    assert t.locator(".bl-where").inner_text().startswith("Hændelse 52")
    t.locator("[data-role='director']").evaluate("e => e.scrollIntoView({block: 'center'})")
    shot(page, "lab-revoke-transfer.png")


# ----------------------------------------------------------------------------------------------------------
# a page reload with the kernel still running (issue #20, item 5)
# ----------------------------------------------------------------------------------------------------------

# what a person sees of a table: the cards in the middle (by seat), the four hands, the Director's statements
# and the line saying where the script is
SEEN = """(t) => ({
  centre: Array.from(t.querySelectorAll('[data-slot] [data-trick-card]'),
                     (e) => e.closest('[data-slot]').dataset.slot + ':' + e.dataset.trickCard),
  hands: Object.fromEntries(['N', 'E', 'S', 'W'].map((s) => [s, Array.from(
    t.querySelectorAll(`[data-seat='${s}'] .bl-hand [data-card]`), (e) => e.dataset.card)])),
  director: Array.from(t.querySelectorAll("[data-role='director'] li"), (e) => e.textContent),
  where: (t.querySelector('.bl-where') || {}).textContent,
})"""


def reload_copy(workdir: Path, name: str) -> str:
    """A copy of tests/browser/table-b.ipynb (01's first example and its variants, Danish, seminar)."""
    shutil.copy(HERE / NOTEBOOKS[1], workdir / name)
    return name


def step_to_the_ruling(page: Any) -> dict[str, Any]:
    """Run All, then on the table: Next stop (West's ♦3 falls face up), Next stop again, and reveal the ruling
    (seminar mode holds it back at each step). What the table shows then."""
    run_all(page)
    t = tables(page).first
    t.locator("[data-role='director']").wait_for()
    settle(page)
    t.get_by_role("button", name=re.compile("^Næste stop")).click()
    t.locator(".bl-penalty-unknown").wait_for()
    where = t.locator(".bl-where").inner_text()
    t.get_by_role("button", name=re.compile("^Næste stop")).click()
    t.locator(".bl-where").filter(has_not_text=where).wait_for(timeout=10_000)
    t.get_by_role("button", name="Vis kendelsen").click()
    t.locator("[data-role='director'] li").first.wait_for()
    seen = t.evaluate(SEEN)
    assert seen["centre"] and seen["director"] and all(len(h) < 13 for h in seen["hands"].values())
    return seen


def plays_on(page: Any, seen: dict[str, Any]) -> None:
    """The table still works: Next stop moves it on."""
    t = tables(page).first
    t.get_by_role("button", name=re.compile("^Næste stop")).click()
    t.locator(".bl-where").filter(has_not_text=seen["where"]).wait_for(timeout=10_000)
    assert t.evaluate(SEEN) != seen


def test_after_a_reload_of_a_saved_notebook_the_table_comes_back_where_it_was(lab: str, workdir: Path,
                                                                             page: Any) -> None:
    name = reload_copy(workdir, "reload-saved.ipynb")
    page.goto(f"{lab}/lab/tree/{name}?reset")
    kernel_ready(page, name)
    seen = step_to_the_ruling(page)
    shot(page, "lab-reload-saved-before.png")
    # the teacher saves (Ctrl+S): the file now holds the table's view, whose model lives on in the kernel
    tab = page.locator(".lm-DockPanel-tabBar .lm-TabBar-tab", has_text=name)
    assert "jp-mod-dirty" in (tab.get_attribute("class") or "")    # run and clicked, not saved yet
    tab.click()
    page.keyboard.press("Control+s")
    page.locator(".lm-DockPanel-tabBar .lm-TabBar-tab:not(.jp-mod-dirty)", has_text=name).wait_for()
    stored = json.loads((workdir / name).read_text(encoding="utf-8"))
    assert any("application/vnd.jupyter.widget-view+json" in out.get("data", {})
               for cell in stored["cells"] for out in cell.get("outputs", []))
    page.reload()
    kernel_ready(page, name)
    t = tables(page).first
    t.locator("[data-role='director'] li").first.wait_for()   # nothing was run: the view came from the kernel
    assert t.evaluate(SEEN) == seen
    shot(page, "lab-reload-saved-after.png")
    plays_on(page, seen)


def test_after_a_reload_of_an_unsaved_notebook_running_the_cell_again_brings_the_table_back(
        lab: str, workdir: Path, page: Any) -> None:
    name = reload_copy(workdir, "reload-unsaved.ipynb")
    page.on("dialog", lambda dialog: dialog.accept())   # "leave the page with unsaved changes?"
    page.goto(f"{lab}/lab/tree/{name}?reset")
    kernel_ready(page, name)
    seen = step_to_the_ruling(page)
    page.reload()
    kernel_ready(page, name)
    page.get_by_role("tab", name=re.compile(re.escape(name))).wait_for()
    # the file on disk never received the table's view: the cell has no output (a committed notebook shows
    # its static picture there)
    assert page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-OutputArea-output").count() == 0
    shot(page, "lab-reload-unsaved-after-reload.png")
    # Run All in the same kernel: the table comes back where it was, not at its first stop
    run_all(page)
    t = tables(page).first
    t.locator("[data-role='director'] li").first.wait_for()
    settle(page)
    assert t.evaluate(SEEN) == seen
    shot(page, "lab-reload-unsaved-run-again.png")
    plays_on(page, seen)


# the timeline's trick columns by keyboard (issue #20, item 3)
WHERE_FOCUS = f"""() => {{
  const e = {DEEP_ACTIVE};
  if (!e || !e.closest || !e.closest('[data-bl]')) return null;
  if (e.closest('[data-trick]')) return 'trick:' + e.getAttribute('aria-label');
  const h = e.closest('[data-hand]');
  if (h) return 'hand:' + h.dataset.hand;
  const r = e.closest('[data-region]');
  return r ? r.dataset.region : '';
}}"""


def test_the_timeline_is_one_tab_stop_after_the_hands_and_panel_with_arrow_keys_and_enter(lab: str, workdir: Path,
                                                                                        page: Any) -> None:
    name = timeline_notebook(workdir, "timeline-keys-01.ipynb")
    goto_and_run_all(page, lab, name)
    page.wait_for_selector("[data-bl='table'] [data-role='timeline'] svg", timeout=TIMEOUT)
    settle(page)
    t = tables(page).first
    t.evaluate("e => e.scrollIntoView({block: 'start'})")
    t.get_by_role("button", name=re.compile("^Næste stop")).click()   # West's ♦3 face up, in trick 3
    t.locator("[data-role='timeline'] svg text", has_text="50D1a").first.wait_for(timeout=10_000)
    # each column is a button named after its trick, in the table's language
    assert t.get_by_role("button", name="Stik 1", exact=True).count() == 1
    assert t.get_by_role("button", name="Stik 13", exact=True).count() == 1
    # Tab from the step buttons goes round the hands clockwise, then the side column, then one stop in the
    # timeline (the trick the table stands in), then out of the table
    t.locator("[role='toolbar'] button:not([disabled])").first.focus()
    order: list[str] = []
    for _ in range(60):
        page.keyboard.press("Tab")
        where = page.evaluate(WHERE_FOCUS)
        if where is None:
            break
        if not order or order[-1] != where:
            order.append(where)
    hands = [w for w in order if w.startswith("hand:")]
    tricks = [w for w in order if w.startswith("trick:")]
    assert hands == ["hand:N", "hand:E", "hand:S", "hand:W"], order
    assert tricks == ["trick:Stik 3"], order                         # one tab stop for the thirteen columns
    at = order.index("trick:Stik 3")
    assert all(order.index(w) < at for w in hands + [w for w in order if w == "side"]), order
    # back to the column with Shift+Tab (from outside the table: the fold of the text version, then it)
    for _ in range(5):
        page.keyboard.press("Shift+Tab")
        if page.evaluate(WHERE_FOCUS) == "trick:Stik 3":
            break
    assert page.evaluate(WHERE_FOCUS) == "trick:Stik 3"
    # the arrow keys move along the tricks
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    assert page.evaluate(WHERE_FOCUS) == "trick:Stik 1"
    # a visible focus ring: the column is tinted and framed in the table's focus blue
    ring = page.evaluate(f"() => {{ const s = getComputedStyle({DEEP_ACTIVE}); return [s.stroke, s.fill]; }}")
    assert ring[0] == "rgb(31, 95, 168)" and ring[1] == "rgb(207, 224, 245)", ring
    t.locator("[data-role='timeline']").evaluate("e => e.scrollIntoView({block: 'center'})")
    shot(page, "lab-timeline-keyboard-focus.png")
    # Enter: the table moves to the end of trick 1 (event 4 of 17), and the focus stays on the column
    page.keyboard.press("Enter")
    t.locator("[data-region='header']", has_text="Hændelse 4 af 17").wait_for(timeout=10_000)
    next_frame(page)
    assert page.evaluate(WHERE_FOCUS) == "trick:Stik 1"
    assert "Vests ♦3 er et stort strafkort" not in t.locator("[data-role='timeline'] svg").text_content()
    # Space on trick 2 (one arrow to the right): its end, event 8
    page.keyboard.press("ArrowRight")
    page.keyboard.press(" ")
    t.locator("[data-region='header']", has_text="Hændelse 8 af 17").wait_for(timeout=10_000)
    next_frame(page)
    assert page.evaluate(WHERE_FOCUS) == "trick:Stik 2"
    assert t.locator("[data-role='timeline'] [data-trick][tabindex='0']").get_attribute("data-trick") == "2"
    shot(page, "lab-timeline-keyboard-trick-2.png")
