"""Every card table of every article notebook fits a seminar's screens (issue #20, item 2), measured in Debian's
Chromium:

- JupyterLab at 1280×800 with its file browser open (a teacher's laptop on the projector);
- Voila at 1280×800, and Voila at 1024×768 (an older club projector).

For each table, at its starting position and at every stop the teacher steps to with "Next stop", in the
lesson mode, and then in the exam mode at each question (before and after an answer is clicked): the step
buttons, the four hands, the trick, the decision, the exam box and the Director's statements lie inside the
notebook's visible area *together* (no scrolling between them: their band is no taller than the area) and are
not clipped on the right by the output area or the window; the Director's statements are at least 20 px.

Every failure of a notebook is collected and reported at once, with a screenshot in
``test-artifacts/fit/``. The notebook servers and page helpers are tests/test_browser.py's.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browserkit import browser  # noqa: F401 (a fixture)
from test_browser import (LOCAL_ONLY, TIMEOUT, lab_open, lab_run_all, nbdir, nblab, nbvoila,  # noqa: F401
                          tables_of)

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "test-artifacts" / "fit"
STATEMENT_PX = 20  # issue #20 item 2: the Director's statements readable from the back of a room

NOTEBOOKS = ("da/01-stort-strafkort.ipynb", "nb/02-straffekort-seminar.ipynb", "da/04-bordet-fanger.ipynb",
             "da/05-spillet-og-spillet-kort.ipynb", "da/06-kulorsvigt.ipynb")
SCREENS = {"lab-1280x800": ("lab", 1280, 800), "voila-1280x800": ("voila", 1280, 800),
           "voila-1024x768": ("voila", 1024, 768)}

#: what must be seen together (the markup contract of docs/widget.md)
PARTS = ("[data-role='header'] .bl-bar, .bl-bar", "[data-seat='N']", "[data-seat='E']", "[data-seat='S']",
         "[data-seat='W']", ".bl-centre", "[data-role='decision']", "[data-role='exam']", "[data-role='director']")

MEASURE = """([table, parts, lab]) => {
  const boxes = [];
  for (const sel of parts) {
    const e = table.shadowRoot ? table.shadowRoot.querySelector(sel) : table.querySelector(sel);
    if (!e) continue;
    const r = e.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    boxes.push({sel, top: r.top, bottom: r.bottom, left: r.left, right: r.right});
  }
  // the visible area: Lab's notebook scroller, or the window
  let area;
  const scroller = lab && table.closest('.jp-WindowedPanel-outer');
  if (scroller) { const r = scroller.getBoundingClientRect(); area = {top: r.top, bottom: r.bottom, left: r.left,
                                                                     right: r.right}; }
  else area = {top: 0, bottom: window.innerHeight, left: 0, right: document.documentElement.clientWidth};
  const out = table.closest('.jp-OutputArea-output');
  const clip = out ? out.getBoundingClientRect() : area;
  const root = table.shadowRoot || table;
  const sizes = [...root.querySelectorAll("[data-role='director'] li")].map(
      li => parseFloat(getComputedStyle(li).fontSize));
  const where = root.querySelector('.bl-where');
  return {boxes, area, clip: {left: clip.left, right: clip.right}, sizes,
          where: where ? where.textContent : ''};
}"""


def problems(m: dict[str, Any]) -> list[str]:
    """What does not fit in one measurement (empty when everything fits)."""
    out = []
    boxes, area, clip = m["boxes"], m["area"], m["clip"]
    top = min(b["top"] for b in boxes)
    bottom = max(b["bottom"] for b in boxes)
    height = area["bottom"] - area["top"]
    if bottom - top > height + 0.5:
        tall = max(boxes, key=lambda b: b["bottom"])["sel"]
        out.append(f"{bottom - top:.0f} px tall (step buttons to {tall}) in a {height:.0f} px area")
    left, right = max(area["left"], clip["left"]), min(area["right"], clip["right"])
    for b in boxes:
        if b["right"] > right + 0.5 or b["left"] < left - 0.5:
            out.append(f"{b['sel']} spans {b['left']:.0f}-{b['right']:.0f} px, outside {left:.0f}-{right:.0f}")
    if m["sizes"] and min(m["sizes"]) < STATEMENT_PX:
        out.append(f"statements at {min(m['sizes'])} px")
    return out


def shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name))


@pytest.fixture(params=list(SCREENS))
def fit_screen(request: pytest.FixtureRequest, browser: Any) -> Iterator[tuple[str, str, Any]]:  # noqa: F811
    kind, width, height = SCREENS[request.param]
    ctx = browser.new_context(viewport={"width": width, "height": height})
    page = ctx.new_page()
    page.set_default_timeout(TIMEOUT)
    page.route(LOCAL_ONLY, lambda route: route.abort())
    yield request.param, kind, page
    ctx.close()


def wait_moved(table: Any, before: str) -> None:
    """Wait (bounded) until the table's position text differs from ``before``."""
    where = table.locator(".bl-where")
    for _ in range(50):
        if where.count() and where.first.inner_text() != before:
            return
        table.page.wait_for_timeout(100)


def check(page: Any, table: Any, lab: bool, label: str, found: list[str]) -> None:
    """Measure (the boxes' sizes and sideways places do not depend on how far the page is scrolled); on a
    failure scroll the step buttons to the top and keep a screenshot."""
    m = table.evaluate(f"t => ({MEASURE})([t, {list(PARTS)!r}, {str(lab).lower()}])")
    bad = problems(m)
    if bad:
        table.locator(".bl-bar").first.evaluate("e => e.scrollIntoView({block: 'start'})")
        page.wait_for_timeout(200)
        shot(page, f"{label}.png".replace("/", "-").replace(" ", "_"))
        found.append(f"{label} [{m['where']}]: " + "; ".join(bad))


def walk(page: Any, table: Any, lab: bool, label: str, found: list[str], exam: bool) -> int:
    """Every stop of one table: measure, then Next stop, until the button is disabled. In exam mode each
    question is measured before and after its first choice is clicked. The number of positions measured."""
    n = 0
    for stop in range(40):
        box = table.locator("[data-role='exam']")
        asks = box.locator("[data-action='exam_choice'], [data-action='exam_check']")
        if exam and asks.count():
            check(page, table, lab, f"{label}-stop{stop}-question", found)
            answer(page, box)
            check(page, table, lab, f"{label}-stop{stop}-answered", found)
            n += 2
        elif not exam:  # (in the exam mode the other stops hold back the ruling: less than the lesson shows)
            check(page, table, lab, f"{label}-stop{stop}", found)
            n += 1
        nxt = table.locator("[data-action='next_stop']")
        if not nxt.count() or nxt.first.is_disabled():
            return n
        before = table.locator(".bl-where").first.inner_text()
        nxt.first.click()
        wait_moved(table, before)
    return n


def answer(page: Any, box: Any) -> None:
    """Answer the exam box's question with its first choice (or first option, or no card), as a student
    clicks, and wait until the feedback is drawn."""
    before = box.inner_text()
    choice = box.locator("[data-action='exam_choice']")
    if choice.count():
        choice.first.click()
    else:
        if box.locator("[data-action='exam_toggle']").count():
            box.locator("[data-action='exam_toggle']").first.click()
            page.wait_for_timeout(300)
        box.locator("[data-action='exam_check']").first.click()
    for _ in range(50):
        if box.locator(".bl-exam-feedback").count() and box.inner_text() != before:
            return
        page.wait_for_timeout(100)


def rewind(page: Any, table: Any) -> None:
    """Back to the article's start: « (previous stop) until it is disabled."""
    for _ in range(40):
        prev = table.locator("[data-action='prev_stop']")
        if not prev.count() or prev.first.is_disabled():
            return
        before = table.locator(".bl-where").first.inner_text()
        prev.first.click()
        wait_moved(table, before)


def table_cells(name: str) -> int:
    """How many live card tables the notebook makes: its code cells that build one."""
    nb = json.loads((ROOT / "notebooks" / name).read_text(encoding="utf-8"))
    return sum(1 for c in nb["cells"] if c["cell_type"] == "code"
               and re.search(r"widgets\.table\(|CardTable\.from_scenarios?\(", "".join(c["source"])))


def set_mode(page: Any, scope: Any, mode_index: int) -> None:
    """Click the notebook's mode switch (Lesson, Seminar, Exam) and let the tables redraw."""
    scope.locator(".bl-mode-switch button").nth(mode_index).click()
    page.wait_for_timeout(800)


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_every_table_fits(fit_screen: tuple[str, str, Any], nblab: str, nbvoila: str,  # noqa: F811
                          name: str) -> None:
    size, kind, page = fit_screen
    lab = kind == "lab"
    if lab:
        scope = lab_open(page, nblab, name)
        lab_run_all(page, name)
        assert page.locator("#filebrowser").bounding_box()["width"] >= 200  # the file browser is open
    else:
        page.goto(f"{nbvoila}/voila/render/{name}")
        page.locator("#rendered_cells").wait_for(state="visible", timeout=120_000)
        scope = page.locator("body")
    tables = tables_of(scope)
    expected = table_cells(name)
    for _ in range(120):  # every table drawn (JupyterLab attaches outputs as it lays the notebook out)
        if tables.count() >= expected:
            break
        page.wait_for_timeout(500)
    count = tables.count()
    assert count == expected, f"{count} of {expected} tables drawn"
    found: list[str] = []
    measured = 0
    stem = f"{size}-{name.split('/')[-1][:2]}"
    set_mode(page, scope, 0)  # lesson
    for i in range(count):
        t = tables.nth(i)
        t.locator("[data-role='director']").wait_for()
        rewind(page, t)  # a table run again in the same kernel comes back where it was
        measured += walk(page, t, lab, f"{stem}-t{i + 1}-lesson", found, exam=False)
    set_mode(page, scope, 2)  # exam
    for i in range(count):
        t = tables.nth(i)
        rewind(page, t)
        measured += walk(page, t, lab, f"{stem}-t{i + 1}-exam", found, exam=True)
    print(f"{size} {name}: {count} tables, {measured} positions, {len(found)} do not fit")
    assert found == [], f"{len(found)} of {measured} positions do not fit:\n" + "\n".join(found)
