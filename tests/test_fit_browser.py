"""Every card table of every article notebook fits a seminar's screens (issue #20, item 2), measured in Debian's
Chromium:

- JupyterLab at 1280×800 with its file browser open (a teacher's laptop on the projector);
- Voila at 1280×800, and Voila at 1024×768 (an older club projector).

"Fits": the step buttons, the four hands, the trick, the decision, the exam box and the Director's statements
lie inside the notebook's visible area *together* (their band is no taller than the area, so no scrolling
between them) and nothing of them is clipped on the right by the output area or the window; the hands stay
inside the compass's column (past it they would lie under the side boxes); the Director's statements, in their
box and in an exam's answer, are at least 20 px.

Every notebook with card tables is measured in every language (English text is the longest), at each size.
A test of a notebook in the language it is written in opens it in the real front end, runs it, and measures
every table there as it opens. Walking every table through every stop by clicks would take most of an hour at
three sizes, so every other position is measured in the same Chromium from the widget's own drawing: the
notebook's code runs in this process, each table steps through its stops (lesson mode), then through its exam
questions (before and after an answer is clicked; the exam's other stops hold the ruling back and show less than
the lesson), and each drawing is put into a shadow root exactly as ``bridgelaws/static/table.js`` does, in a box
as wide as the real page gives the table, under an area as tall as the real page shows. The two are checked
against each other: for every table at its opening position the drawing measured here has the band height the
real page has. A translation has the same tables in the same cells, which the page lays out alike: its test
measures every position of its tables, the opening one included, from their drawings, in the box and under the
area that the real page gives the same table of the notebook it is translated from (measured in that test, or
here if it has not run).

One test a notebook measures its three sizes: a source notebook is opened in one Lab page (1280×800) and one
Voila page, measured at 1280×800 and then resized to 1024×768 (the test asserts that the window, the area and the
tables' width changed; a fresh page at 1024×768 gives the same numbers); every table of a page is read in one
round trip. The drawings of a notebook are made once (the notebook-wide mode set once for the lesson and once
for the exam, the tables closed afterwards), and each is put into the harness once and measured at the width
each size gives (the box resized, the drawing kept); a drawing that recurs is measured once. Every failure names
its size, notebook, table and position. Under pytest-xdist the tests of one notebook number (its languages) run
in one worker, and the numbers are shared out among the workers (tests/conftest.py): the longest first.

Every failure of a notebook is collected and reported at once, with a screenshot in ``test-artifacts/fit/``.
``tests/data/fit-known-gaps.txt`` may list positions known not to fit (every Danish and Norwegian position fits,
even in JupyterLab with its file browser open, which leaves the table 848×679 px; it lists one English position);
any other position that does not fit fails, and so does a listed one that fits.
The notebook servers and page helpers are tests/test_browser.py's: one JupyterLab and one Voila per process,
shared with that file, each test beginning with no notebook session of an earlier one.
"""

from __future__ import annotations

import ast
import functools
import gc
import json
import os
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browserkit import browser  # noqa: F401 (a fixture)
from test_browser import (LOCAL_ONLY, TIMEOUT, end_lab_sessions, lab_open, lab_run_all, nbdir, nblab,  # noqa: F401
                          nbvoila, tables_of)

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
ARTIFACTS = ROOT / "test-artifacts" / "fit"
STATEMENT_PX = 20  # issue #20 item 2: the Director's statements readable from the back of a room

#: the article notebooks that show card tables, each in the language it is written in (the most positions first:
#: under xdist the longest part of this file begins first)
SOURCES = ("da/06-kulorsvigt.ipynb", "da/04-bordet-fanger.ipynb", "da/05-spillet-og-spillet-kort.ipynb",
           "nb/02-straffekort-seminar.ipynb", "da/01-stort-strafkort.ipynb", "da/07-udspil-fra-meldeforloebet.ipynb")
LANGS = ("da", "nb", "en")


def names() -> list[str]:
    """Every source of SOURCES followed by its translations (notebooks/<lang>/ holds the same file name)."""
    out = []
    for source in SOURCES:
        out.append(source)
        lang, file = source.split("/")
        out += [f"{other}/{file}" for other in LANGS if other != lang and (NOTEBOOKS / other / file).is_file()]
    return out


NAMES = names()
SCREENS = {"lab-1280x800": ("lab", 1280, 800), "voila-1280x800": ("voila", 1280, 800),
           "voila-1024x768": ("voila", 1024, 768)}

#: what must be seen together (the markup contract of docs/widget.md)
PARTS = [".bl-bar", "[data-seat='N']", "[data-seat='E']", "[data-seat='S']", "[data-seat='W']", ".bl-centre",
         "[data-role='decision']", "[data-role='exam']", "[data-role='director']"]

#: the band of PARTS inside one table (its [data-bl='table'] element), relative to nothing: sizes and sideways
#: places do not depend on how far the page is scrolled
BAND = """(table, parts) => {
  const boxes = [];
  for (const sel of parts) {
    const e = table.querySelector(sel);
    if (!e) continue;
    const r = e.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    boxes.push({sel, top: r.top, bottom: r.bottom, left: r.left, right: r.right});
  }
  const sizes = [...table.querySelectorAll("[data-role='director'] li, .bl-exam-statements li")].map(
      li => parseFloat(getComputedStyle(li).fontSize));
  const where = table.querySelector('.bl-where');
  // the hands inside the compass's column: past its edge they would run under the side boxes
  const cell = table.querySelector('.bl-compass-cell'), compass = table.querySelector('.bl-compass');
  const past = cell && compass ? compass.getBoundingClientRect().right - cell.getBoundingClientRect().right : 0;
  return {boxes, sizes, past, where: where ? where.textContent : ''};
}"""

#: in the real page: the band, the visible area (Lab's notebook scroller, or the window), the output area that
#: would clip the table, and the width the page gives the widget
REAL = """([table, parts, lab]) => {
  const m = (""" + BAND + """)(table, parts);
  const host = table.getRootNode().host;            // table.js's div.bl-host, in the widget's element
  const given = host.parentElement.getBoundingClientRect();
  let area;
  const scroller = lab && host.closest('.jp-WindowedPanel-outer');
  if (scroller) { const r = scroller.getBoundingClientRect(); area = {top: r.top, bottom: r.bottom, left: r.left,
                                                                     right: r.right}; }
  else area = {top: 0, bottom: window.innerHeight, left: 0, right: document.documentElement.clientWidth};
  const out = host.closest('.jp-OutputArea-output');
  const clip = out ? out.getBoundingClientRect() : area;
  m.area = area;
  m.clip = {left: Math.max(area.left, clip.left, given.left), right: Math.min(area.right, clip.right, given.right)};
  m.given = {left: given.left, width: given.width};
  return m;
}"""

#: the harness page: one widget element, a shadow root as table.js makes it; ``blDraw`` puts a drawing in it (its
#: stylesheet replaced only when it differs from the last one's), ``blWidth`` makes the element as wide as a page
#: gives the table (the table's layout depends on its box's width alone: table.css's one container query)
HARNESS = """([css]) => {
  document.body.style.margin = '0';
  document.body.innerHTML = '';
  const el = document.createElement('div');
  document.body.appendChild(el);
  const host = document.createElement('div');
  host.className = 'bl-host';
  el.appendChild(host);
  const root = host.attachShadow({mode: 'open'});
  const style = document.createElement('style');
  style.textContent = css;
  const sheet = document.createElement('style');
  const body = document.createElement('div');
  body.className = 'bl-body';
  root.append(style, sheet, body);
  let shown = null;
  window.blDraw = (styles, html) => { if (styles !== shown) { sheet.textContent = styles; shown = styles; }
                                      body.innerHTML = html; return body.querySelector("[data-bl='table']"); };
  window.blWidth = width => { el.style.width = width + 'px'; };
}"""

#: each drawing drawn once and measured at each width (the box resized, the drawing kept)
MEASURE_ALL = """([snaps, widths, parts]) => snaps.map(([styles, html]) => {
  const t = window.blDraw(styles, html);
  return widths.map(w => { window.blWidth(w); return (""" + BAND + """)(t, parts); });
})"""

#: the harness's drawings go to Chromium in batches of about this many characters
BATCH_CHARS = 2_000_000


#: positions known not to fit (none now): the test fails on any other position that does not fit, and on a listed
#: one that fits, so the list only shrinks
KNOWN = ROOT / "tests" / "data" / "fit-known-gaps.txt"


def known_gaps() -> set[str]:
    return {line.split("#")[0].strip() for line in KNOWN.read_text(encoding="utf-8").splitlines()} - {""}


def problems(m: dict[str, Any], height: float, left: float, right: float) -> list[str]:
    """What does not fit in one measurement (empty when everything fits)."""
    out = []
    boxes = m["boxes"]
    top = min(b["top"] for b in boxes)
    bottom = max(b["bottom"] for b in boxes)
    if bottom - top > height + 0.5:
        tall = max(boxes, key=lambda b: b["bottom"])["sel"]
        out.append(f"{bottom - top:.0f} px tall (step buttons to {tall}) in a {height:.0f} px area")
    for b in boxes:
        if b["right"] > right + 0.5 or b["left"] < left - 0.5:
            out.append(f"{b['sel']} spans {b['left']:.0f}-{b['right']:.0f} px, outside {left:.0f}-{right:.0f}")
    if m["sizes"] and min(m["sizes"]) < STATEMENT_PX:
        out.append(f"statements at {min(m['sizes'])} px")
    if m["past"] > 0.5:
        out.append(f"the hands run {m['past']:.0f} px past the compass's column, under the side boxes")
    return out


def band_height(m: dict[str, Any]) -> float:
    return max(b["bottom"] for b in m["boxes"]) - min(b["top"] for b in m["boxes"])


# ----------------------------------------------------------------------------------------------------------
# the notebook's tables, in this process
# ----------------------------------------------------------------------------------------------------------

def notebook_tables(name: str) -> list[Any]:
    """Run the notebook's code here, in its folder, as its kernel does, and return the card tables its cells
    make, in order (the value of each cell that shows one)."""
    from bridgelaws import widgets
    from bridgelaws.session.exam import notebook_scoreboard

    notebook_scoreboard().reset(numbers=True)
    nb = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))
    scope: dict[str, Any] = {"__name__": "__main__"}
    tables = []
    here = os.getcwd()
    os.chdir(NOTEBOOKS / name.split("/")[0])
    try:
        for c in nb["cells"]:
            if c["cell_type"] != "code":
                continue
            tree = ast.parse("".join(c["source"]))
            last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
            exec(compile(tree, name, "exec"), scope)  # noqa: S102 (our own notebook)
            if last is not None:
                value = eval(compile(ast.Expression(last.value), name, "eval"), scope)  # noqa: S307
                if isinstance(value, widgets.CardTable):
                    tables.append(value)
    finally:
        os.chdir(here)
    return tables


def _button(w: Any, action: str) -> str | None:
    """The markup of the table's button ``action`` (None if it has none)."""
    found = re.search(rf'<button[^>]*data-action="{action}"[^>]*>', w.html)
    return found.group(0) if found else None


def _enabled(w: Any, action: str) -> bool:
    b = _button(w, action)
    return b is not None and "disabled=" not in b


def stops(w: Any, mode: str) -> Iterator[tuple[str, tuple[str, str]]]:
    """Every position a teacher steps the table to in ``mode`` (the notebook-wide mode, already set): each stop
    in the lesson mode; each exam question before and after it is answered (with its first choice, or its first
    option, or no card) in the exam mode."""
    while _enabled(w, "prev_stop"):
        w.send_action({"action": "prev_stop"})
    for stop in range(60):
        asks = re.search(r'data-action="exam_(choice|toggle|check)"', w.html)
        if mode == "exam" and asks:
            yield f"exam-stop{stop}-question", (w.styles, w.html)
            choice = re.search(r'data-action="exam_choice" data-arg="([^"]*)"', w.html)
            if choice:
                w.send_action({"action": "exam_choice", "arg": choice.group(1)})
            else:
                if "exam_toggle" in w.html:
                    w.send_action({"action": "exam_toggle", "arg": "0"})
                w.send_action({"action": "exam_check"})
            yield f"exam-stop{stop}-answered", (w.styles, w.html)
        elif mode == "lesson":
            yield f"lesson-stop{stop}", (w.styles, w.html)
        if not _enabled(w, "next_stop"):
            break
        w.send_action({"action": "next_stop"})


def positions(tables: list[Any]) -> list[list[tuple[str, tuple[str, str]]]]:
    """For each table, every position a teacher steps it to: its stops in the lesson mode, then its exam
    questions before and after they are answered (``stops``). The notebook-wide mode is set once for each mode
    (every table of the kernel is redrawn when it changes): first every table's lesson, then every table's exam,
    in the order of the tables, so that each table's exam finds the earlier tables' questions answered, as in a
    seminar. A table's drawing depends on its own stop, the mode and the notebook's score, not on where the
    other tables stand."""
    from bridgelaws import widgets

    mode = widgets.get_mode()
    out: list[list[tuple[str, tuple[str, str]]]] = [[] for _ in tables]
    try:
        for m in ("lesson", "exam"):
            widgets.set_mode(m)
            for i, w in enumerate(tables):
                out[i] += stops(w, m)
    finally:
        widgets.set_mode(mode)
    return out


@functools.lru_cache(maxsize=1)  # one notebook at a time: its tests (one a size) run one after the other
def drawings(name: str) -> tuple[tuple[tuple[str, str], tuple[tuple[str, tuple[str, str]], ...]], ...]:
    """For each card table of the notebook: its drawing as it opens (every table drawn before any is stepped or
    answered: one score), and every other position's (``positions``). The tables are closed afterwards: a
    table left open is redrawn each time a later notebook's tables change mode or answer a question."""
    tables = notebook_tables(name)
    try:
        opened = [(w.styles, w.html) for w in tables]
        return tuple((opened[i], tuple(snaps)) for i, snaps in enumerate(positions(tables)))
    finally:
        while tables:
            tables.pop().close()
        gc.collect()   # a closed table's reference cycles: until collected it stays among the kernel's tables


def source_of(name: str) -> str:
    """The notebook ``name`` is translated from (itself if it is a source), as its metadata says."""
    meta = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))["metadata"].get("bridgelaws", {})
    origin = meta.get("translated_from")
    return name if not origin else (NOTEBOOKS / name).parent.joinpath(origin).resolve().relative_to(
        NOTEBOOKS.resolve()).as_posix()


# ----------------------------------------------------------------------------------------------------------
# the test
# ----------------------------------------------------------------------------------------------------------

def open_notebook(page: Any, kind: str, name: str, lab_url: str, voila_url: str) -> Any:
    """The notebook opened and run as a teacher does; the locator of its tables."""
    if kind == "lab":
        scope = lab_open(page, lab_url, name)
        lab_run_all(page, name)
        assert page.locator("#filebrowser").bounding_box()["width"] >= 200  # the file browser is open
    else:
        page.goto(f"{voila_url}/voila/render/{name}")
        page.locator("#rendered_cells").wait_for(state="visible", timeout=120_000)
        scope = page.locator("body")
    return tables_of(scope)


def shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name.replace("/", "-")))


#: two frames: the page laid out again after a resize
FRAMES = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"
#: every table of the page measured in one pass, once each has drawn its Director's box
REAL_ALL = """async ([tables, parts, lab]) => {
  for (let i = 0; i < 1200 && !tables.every(t => t.querySelector("[data-role='director']")); i++)
    await new Promise(done => setTimeout(done, 50));
  const missing = tables.map((t, i) => t.querySelector("[data-role='director']") ? 0 : i + 1).filter(i => i);
  if (missing.length) throw new Error(`tables ${missing} have no Director's box after 60 s`);
  return tables.map(t => (""" + REAL + """)([t, parts, lab]));
}"""

#: (size, source notebook) -> the real page's measurement of each of its tables as it opens
PAGES: dict[tuple[str, str], list[dict[str, Any]]] = {}
#: a page of each kind, and the sizes measured on it: Voila's page measured at 1280x800, then resized to 1024x768
KINDS = {"lab": ("lab-1280x800",), "voila": ("voila-1280x800", "voila-1024x768")}


def measure_pages(browser: Any, name: str, lab_url: str, voila_url: str) -> list[tuple[str, str]]:
    """Notebook ``name`` opened in the real front ends, one page a kind (``KINDS``): each table's measurement as
    it opens at each size, kept in PAGES (for the notebook's translations too); and what does not fit there,
    with a screenshot (key, message)."""
    count = len(drawings(name))
    lang, number = name.split("/")[0], name.split("/")[-1][:2]
    found = []
    for kind, sizes in KINDS.items():
        _, width, height = SCREENS[sizes[0]]
        ctx = browser.new_context(viewport={"width": width, "height": height})
        try:
            page = ctx.new_page()
            page.set_default_timeout(TIMEOUT)
            page.route(LOCAL_ONLY, lambda route: route.abort())
            tables = open_notebook(page, kind, name, lab_url, voila_url)
            tables.nth(count - 1).wait_for(state="attached")  # every table drawn
            assert tables.count() == count, f"{tables.count()} of {count} tables drawn"
            before = None
            for size in sizes:
                _, width, height = SCREENS[size]
                if page.viewport_size != {"width": width, "height": height}:
                    page.set_viewport_size({"width": width, "height": height})
                    page.evaluate(FRAMES)
                reals = tables.evaluate_all(f"(ts, a) => ({REAL_ALL})([ts, ...a])", [PARTS, kind == "lab"])
                if before is not None:  # the page laid out again at the new size
                    assert page.evaluate("() => [innerWidth, innerHeight]") == [width, height], size
                    assert all(r["area"]["bottom"] - r["area"]["top"] == height for r in reals), size
                    assert all(r["given"]["width"] < b["given"]["width"] for r, b in zip(reals, before)), (
                        f"{size}: the tables are as wide as at {sizes[0]}: "
                        f"{[r['given']['width'] for r in reals]}")
                before = PAGES[(size, name)] = reals
                for i, real in enumerate(reals):
                    label = f"{size}-{lang}-{number}-t{i + 1}"
                    area_h = real["area"]["bottom"] - real["area"]["top"]
                    bad = problems(real, area_h, real["clip"]["left"], real["clip"]["right"])
                    if bad:
                        tables.nth(i).locator(".bl-bar").first.evaluate("e => e.scrollIntoView({block: 'start'})")
                        page.evaluate(FRAMES)
                        shot(page, f"{label}-opened.png")
                        found.append((f"{label}-opened", f"as it opens [{real['where']}]: " + "; ".join(bad)))
        finally:
            ctx.close()
            if kind == "lab":
                end_lab_sessions()
    return found


def measure_widths(harness: Any, css: str, widths: list[float],
                   snaps: list[tuple[str, str]]) -> list[list[dict[str, Any]]]:
    """Each drawing measured in a harness box as wide as each of ``widths`` (for each drawing, a measurement a
    width): the drawing put in once for all widths, and a drawing that recurs measured once."""
    harness.evaluate(f"a => ({HARNESS})(a)", [css])
    distinct = list(dict.fromkeys(snaps))
    measured: dict[tuple[str, str], list[dict[str, Any]]] = {}
    while len(measured) < len(distinct):
        batch, size = [], 0
        for snap in distinct[len(measured):]:
            if batch and size + len(snap[0]) + len(snap[1]) > BATCH_CHARS:
                break
            batch.append(snap)
            size += len(snap[0]) + len(snap[1])
        measured.update(zip(batch, harness.evaluate(f"a => ({MEASURE_ALL})(a)", [batch, widths, PARTS])))
    return [measured[s] for s in snaps]


def measure_drawn(harness: Any, css: str, width: float, snaps: list[tuple[str, str]]) -> list[dict[str, Any]]:
    """Each drawing measured in a harness box ``width`` px wide; a drawing that recurs is measured once."""
    return [m for (m,) in measure_widths(harness, css, [width], snaps)]


def show_drawn(harness: Any, snap: tuple[str, str], width: float, height: float, view_width: int) -> None:
    """One drawing in the harness, its step buttons at the top of a window ``view_width`` x ``height`` (for a
    screenshot)."""
    harness.set_viewport_size({"width": view_width, "height": int(height)})
    harness.evaluate("([s, h, w]) => { window.blWidth(w); window.blDraw(s, h).querySelector('.bl-bar').scrollIntoView(); }",
                     [*snap, width])


@pytest.mark.parametrize("name", NAMES)
def test_every_table_fits(browser: Any, nblab: str, nbvoila: str, name: str) -> None:  # noqa: F811
    lang, number = name.split("/")[0], name.split("/")[-1][:2]
    source = source_of(name)
    assert source in SOURCES, f"{name} is translated from {source}, which is not among the sources measured"
    began = time.perf_counter()
    mine = drawings(name)
    drawn = time.perf_counter()
    found: list[tuple[str, str]] = []
    if name == source:
        # the real pages: every table as it opens, at each size
        found += measure_pages(browser, name, nblab, nbvoila)
    elif any((size, source) not in PAGES for size in SCREENS):
        measure_pages(browser, source, nblab, nbvoila)  # the page of the notebook it is translated from
    reals = {size: PAGES[(size, source)] for size in SCREENS}
    paged = time.perf_counter()
    for size in SCREENS:
        assert len(mine) == len(reals[size]), f"{len(mine)} tables, and {len(reals[size])} in {source} at {size}"
    # every drawing (each table's as it opens, and every other position) at the width each size's page gives the
    # table, each drawing drawn once in the harness for all widths
    css = (ROOT / "bridgelaws" / "static" / "table.css").read_text(encoding="utf-8")
    widths = sorted({r["given"]["width"] for size in SCREENS for r in reals[size]})
    snaps = [opened for opened, _ in mine] + [s for _, others in mine for _, s in others]
    total = 0
    ctx = browser.new_context()
    try:
        harness = ctx.new_page()
        harness.set_content("<!DOCTYPE html><html><head><meta charset='utf-8'></head><body></body></html>")  # standards mode
        measures = dict(zip(snaps, measure_widths(harness, css, widths, snaps)))
        for size, (_, view_width, _) in SCREENS.items():
            stem = f"{size}-{lang}-{number}"
            measured = 0
            for i, (opened, others) in enumerate(mine):
                label = f"{stem}-t{i + 1}"
                real = reals[size][i]
                at = widths.index(real["given"]["width"])
                area_h = real["area"]["bottom"] - real["area"]["top"]
                left, right = real["clip"]["left"], real["clip"]["right"]
                if name == source:
                    # the drawing here, at the width the page gives it: the same band as on the page
                    here = measures[opened][at]
                    assert abs(band_height(here) - band_height(real)) <= 2, (
                        f"{label}: the drawing measured here is {band_height(here):.0f} px tall, the page's "
                        f"{band_height(real):.0f} px [{real['where']}]: " + "; ".join(
                            f"{a['sel']} {a['bottom'] - a['top']:.0f}/{b['bottom'] - b['top']:.0f}"
                            for a, b in zip(here["boxes"], real["boxes"])))
                    measured += 1   # the opening position, measured on the page
                # every other position (and a translation's opening one), at the page's width and under its area
                wheres = ([] if name == source else [("opened", opened)]) + list(others)
                offset = real["given"]["left"]
                for where, snap in wheres:
                    m = measures[snap][at]
                    bad = problems(m, area_h, left - offset, right - offset)
                    if bad:
                        show_drawn(harness, snap, real["given"]["width"], area_h, view_width)
                        shot(harness, f"{label}-{where}.png")
                        found.append((f"{label}-{where}", f"[{m['where']}]: " + "; ".join(bad)))
                measured += len(wheres)
            total += measured
            print(f"{size} {name}: {len(mine)} tables, {measured} positions, "
                  f"{sum(k.startswith(stem + '-') for k, _ in found)} do not fit")
    finally:
        ctx.close()
    print(f"{name}: drawn in {drawn - began:.1f} s, its pages measured in {paged - drawn:.1f} s, "
          f"the drawings in {time.perf_counter() - paged:.1f} s")
    stems = [f"{size}-{lang}-{number}-" for size in SCREENS]
    known = {k for k in known_gaps() if k.startswith(tuple(stems))}
    new = [f"{k} {msg}" for k, msg in found if k not in known]
    fits_now = sorted(known - {k for k, _ in found})
    assert not new, (f"{len(new)} of {total} positions do not fit (and are not among the known gaps of "
                     f"{KNOWN.relative_to(ROOT)}):\n" + "\n".join(new))
    assert not fits_now, f"these now fit: take them out of {KNOWN.relative_to(ROOT)}: {fits_now}"
