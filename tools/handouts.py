"""Write the handouts: for each notebook and each of da, nb, en, an offline HTML page and its PDF.

    python tools/handouts.py [--out _handouts] [--lang da --lang en] [--no-pdf] [NOTEBOOK...]
    python3 dev.py handouts                      # the same, inside .venv

A handout is the notebook without code: its prose (Markdown, rendered by mistune, as nbconvert does) and,
where the notebook shows an output, the same output computed again in the handout's language: the walk-
throughs of the examples (a diagram of each key position with what the Director says, drawn by
bridgelaws.render.html like the notebooks), the rulings, the tables. The notebook's code runs here, in this
process, with its ``LANG`` parameter set to the handout's language; other controls are left out. A card table
widget is printed as a diagram of its key position (its script's irregularity, with what the Director says there:
bridgelaws.handout.key_position) with a one-line note that it is interactive on screen, after the diagrams
of the same example that the notebook shows right after it (the deal "as dealt"); a table whose example is a quiz
question leaves the position to the question, which must not show the answer. Each example's heading and question
come before its first diagram: a walk-through that the handout has introduced already starts without them. Each
language's handout is made from that language's notebook (``notebooks/<lang>/<name>.ipynb``: the source or its
translation, tools/translate.py), so the prose is in the handout's language too.

Files: ``<out>/<notebook>-<lang>.html`` and ``.pdf`` (printed by Debian's Chromium, bridgelaws.handout.print_pdf).
No page needs JavaScript or the network: the stylesheets are inlined.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import html as _html
import io
import json
import os
import re
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
DEFAULT_OUT = ROOT / "_handouts"
LANGS = ("da", "nb", "en")

from bridgelaws import handout  # noqa: E402  (after ROOT: the checkout's package, installed editable)
from bridgelaws.i18n import normalize_lang  # noqa: E402
from bridgelaws.present import Example, red_suits  # noqa: E402


def _e(s: str) -> str:
    """Text into the page's HTML, escaped as bridgelaws.handout escapes its own."""
    return _html.escape(s, quote=False)


def _source(cell: dict[str, Any]) -> str:
    src = cell.get("source", "")
    return "".join(src) if isinstance(src, list) else str(src)


def is_widget(obj: Any) -> bool:
    """An interactive output: an ipywidgets widget or an object that shows itself as one."""
    try:
        import ipywidgets
    except ImportError:
        ipywidgets = None
    if ipywidgets is not None and isinstance(obj, ipywidgets.Widget):
        return True
    return hasattr(obj, "_repr_mimebundle_") and not hasattr(obj, "_repr_html_")


def widget_table(obj: Any) -> tuple[Any, Any] | None:
    """A card table widget printed at its key position (:func:`bridgelaws.handout.key_position`: its script's
    irregularity, with what the Director says there): (the engine table there, the script's scenario or
    None). None for any other control (the mode switch, the decision aid's menus), which is not printed."""
    from bridgelaws.table import Table

    session = getattr(obj, "session", None)
    table = getattr(obj, "table", None)
    if not isinstance(table, Table):
        return None
    branches = getattr(session, "branches", None)
    if not branches:
        return table, None
    branch = branches[0]   # the article's line (the first scenario of the table); the others are its variants
    # a table that starts with the auction keeps its dealer (and vulnerability), or its calls would be refused
    script = Table(table.deal, table.contract, dealer=getattr(table, "dealer", None),
                   vulnerable=getattr(table, "vulnerable", None))
    for ev in branch.events:
        script.push(ev)
    scenario = getattr(branch, "scenario", None)
    laws = scenario.laws if scenario is not None else ()
    return script.copy(history=handout.key_position(script, laws)), scenario


def branches_html(obj: Any, lang: str, walked: set[str]) -> str:
    """The variants of a card table with several branches (its other scenario files: each option of a decision
    played as far as the teacher went), each with its title and the ruling at its end, after the key position of
    the first; a branch whose scenario the notebook walks through itself (its id in ``walked``) is left to it."""
    branches = getattr(getattr(obj, "session", None), "branches", None) or []
    parts = []
    for branch in branches[1:]:
        scenario = getattr(branch, "scenario", None)
        if scenario is None or scenario.id in walked:
            continue
        ex = Example(scenario, lang)
        parts.append(f'<h4 class="ho-branch">{_e(handout.t("branch", lang, title=ex.title))}</h4>'
                     + handout.ruling_html(ex.table.director_says(lang), lang, handout.t("ruling", lang)))
    return f'<div class="ho-branches">{"".join(parts)}</div>' if parts else ""


def output_html(obj: Any, lang: str) -> str:
    """What a cell's value shows, as static HTML."""
    if obj is None:
        return ""
    if is_widget(obj):
        from bridgelaws.render import html

        printed = widget_table(obj)
        if printed is None:
            return ""  # a control (the mode switch, the decision aid's menus): nothing to print
        return str(html.table(printed[0], lang=lang)) + note(lang) + branches_html(obj, lang, set())
    if isinstance(obj, Example):
        return str(obj.walk())
    rich = getattr(obj, "_repr_html_", None)
    if callable(rich):
        value = rich()
        if value is not None:
            return str(value)
    text = str(obj)
    if text.lstrip().startswith("•"):
        return handout.ruling_html(text.splitlines(), lang)
    return f'<div class="ho-text">{_e(text)}</div>'


def note(lang: str) -> str:
    return f'<p class="ho-note">{_e(handout.t("interactive", lang))}</p>'


def run_cell(code: str, ns: dict[str, Any]) -> tuple[Any, str]:
    """Execute a cell as a kernel would: the value of a last bare expression is shown. Returns it with stdout."""
    tree = ast.parse(code)
    last = None
    if tree.body and isinstance(tree.body[-1], ast.Expr):
        last = ast.Expression(tree.body.pop().value)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(tree, "<cell>", "exec"), ns)
        value = eval(compile(last, "<cell>", "eval"), ns) if last is not None else None
    return value, out.getvalue()


def markdown(src: str) -> str:
    import mistune

    # links point to other notebooks or files, which a sheet of paper cannot open: keep their text
    src = re.sub(r"\[([^\]]+)\]\((?!https?://)[^)]*\)", r"\1", src)
    render = mistune.create_markdown(escape=False, plugins=["table", "strikethrough"])
    return str(render(src))


@dataclass
class Item:
    """One output of the handout, before it is laid out: ``kind`` is ``html`` (prose, printed text, any other
    output), ``table`` (a card table widget), ``at`` (``example.at(n)``: a diagram of an example), ``walk`` (an
    example's walk-through) or ``question`` (a quiz question); ``example`` is the scenario it shows, if any."""

    kind: str
    html: str
    example: Example | None = None
    scenario_id: str | None = None
    widget: Any = None   # a card table: its branches are printed unless the notebook walks through them


def _shown_example(code: str, value: Any, ns: dict[str, Any], examples: list[Example]) -> Example | None:
    """The example whose diagram or walk-through a cell's value is: ``ex``, ``ex.walk(...)``, ``ex.at(n)``."""
    if isinstance(value, Example):
        return value
    tree = ast.parse(code)
    last = tree.body[-1] if tree.body else None
    if isinstance(last, ast.Expr) and isinstance(last.value, ast.Call):
        func = last.value.func
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
            obj = ns.get(func.value.id)
            if isinstance(obj, Example):
                return obj
    if isinstance(value, str):   # a walk-through made some other way: by its heading
        for ex in examples:
            if f"<h3>{red_suits(ex.title)}</h3>" in value:
                return ex
    return None


def _item(code: str, value: Any, ns: dict[str, Any], examples: list[Example], lang: str) -> Item | None:
    from bridgelaws.quiz import Question
    from bridgelaws.present import Walk

    if value is None:
        return None
    if is_widget(value):
        printed = widget_table(value)
        if printed is None:
            return None
        table, scenario = printed
        from bridgelaws.render import html

        sid = scenario.id if scenario is not None else None
        ex = next((e for e in examples if sid is not None and e.scenario.id == sid), None)
        if ex is None and scenario is not None:
            ex = Example(scenario, lang)
        return Item("table", str(html.table(table, lang=lang)), ex, sid, widget=value)
    if isinstance(value, Question):
        return Item("question", output_html(value, lang), None, value.scenario.id)
    shown = output_html(value, lang)
    if not shown:
        return None
    if isinstance(value, (Example, Walk)) or 'class="bl bl-table"' in shown:
        ex = _shown_example(code, value, ns, examples)
        if ex is not None:
            kind = "walk" if isinstance(value, (Example, Walk)) else "at"
            return Item(kind, shown, ex, ex.scenario.id)
    return Item("html", f'<div class="ho-output">{shown}</div>')


def _without_head(walk: str, example: Example, lang: str) -> str:
    """A walk-through without its heading and question, when the handout has given them already."""
    head = example_head_inner(example, lang)
    return walk.replace(f'<div class="bl-example">{head}', '<div class="bl-example">', 1)


def example_head_inner(example: Example, lang: str) -> str:
    head = handout.example_head(example, lang)
    return head[len('<div class="bl-example ho-head">'):-len("</div>")]


def layout(items: list[Item], lang: str) -> list[str]:
    """The handout's parts in reading order. Each example's heading and question come before its first diagram
    (a card table or ``ex.at(n)`` printed before the walk-through gets them, and the walk-through then starts
    without them); a card table is printed at its key position, after the diagrams of the same example that the
    notebook shows right after it (the deal "as dealt", which its prose announces); a card table whose example is
    a quiz question is not printed (the question shows its position, without the answer), only its note."""
    asked = {it.scenario_id for it in items if it.kind == "question"}
    introduced: set[str] = set()
    parts: list[str] = []

    def wrap(it: Item, body: str, css: str = "ho-output") -> str:
        sid = it.scenario_id
        attr = f' data-example="{_e(sid)}"' if sid else ""
        return f'<div class="{css}"{attr}>{body}</div>'

    def head(it: Item) -> str:
        if it.example is None or it.scenario_id in introduced:
            return ""
        introduced.add(it.scenario_id)  # type: ignore[arg-type]
        return handout.example_head(it.example, lang)

    def emit(it: Item) -> None:
        if it.kind == "html":
            parts.append(it.html)
        elif it.kind == "table":
            if it.scenario_id in asked:
                parts.append(note(lang))
            else:
                parts.append(wrap(it, head(it) + it.html + note(lang), "ho-output ho-table"))
        elif it.kind == "at":
            parts.append(wrap(it, head(it) + it.html))
        elif it.kind == "walk":
            assert it.example is not None and it.scenario_id is not None
            body = it.html
            if it.scenario_id in introduced:
                body = _without_head(body, it.example, lang)
            introduced.add(it.scenario_id)
            parts.append(wrap(it, body))
        elif it.kind == "question":
            parts.append(wrap(it, it.html))

    i = 0
    while i < len(items):
        it = items[i]
        j = i + 1
        if it.kind == "table":
            while j < len(items) and items[j].kind == "at" and items[j].scenario_id == it.scenario_id:
                emit(items[j])
                j += 1
        emit(it)
        i = j
    return parts


def notebook_handout(path: Path, lang: str) -> tuple[str, list[str]]:
    """The handout of one notebook in ``lang``: (the HTML page, the titles of its examples)."""
    lang = normalize_lang(lang)
    nb = json.loads(path.read_text(encoding="utf-8"))
    ns: dict[str, Any] = {"__name__": "__handout__"}
    items: list[Item] = []
    examples: list[Example] = []
    title = path.stem
    cwd = os.getcwd()
    os.chdir(path.parent)  # the notebooks open their scenario files relative to themselves
    try:
        for i, cell in enumerate(nb["cells"]):
            src = _source(cell)
            if cell["cell_type"] == "markdown":
                if src.lstrip().startswith("<!--NAV-->") or cell.get("metadata", {}).get("bridgelaws", {}).get(
                        "role") == "languages":
                    continue  # the links to the other notebooks and to the other languages
                if i == 0 or (not items and src.lstrip().startswith("# ")):
                    first, _, rest = src.lstrip().partition("\n")
                    if first.startswith("# "):
                        title = first[2:].strip()
                        src = rest
                items.append(Item("html", markdown(src)))
                continue
            if cell["cell_type"] != "code" or not src.strip():
                continue
            if "parameters" in cell.get("metadata", {}).get("tags", []) or re.search(
                    r"""^LANG\s*=\s*["'][a-z]{2}["']""", src, re.MULTILINE):
                run_cell(src, ns)  # LANG, and whatever else it sets (MODE)
                ns["LANG"] = lang
                continue
            try:
                value, printed = run_cell(src, ns)
                for obj in ns.values():
                    if isinstance(obj, Example) and all(obj is not e for e in examples):
                        examples.append(obj)
                if printed.strip():
                    items.append(Item("html", f'<div class="ho-text">{_e(printed)}</div>'))
                item = _item(src, value, ns, examples, lang)
            except Exception as exc:
                raise RuntimeError(f"{path.name}, cell {i}: {type(exc).__name__}: {exc}") from exc
            if item is not None:
                items.append(item)
    finally:
        os.chdir(cwd)
    walked = {ex.scenario.id for ex in examples}
    for it in items:
        if it.kind == "table" and it.widget is not None:
            it.html += branches_html(it.widget, lang, walked)
    titles = []
    for ex in examples:
        if ex.title not in titles:
            titles.append(ex.title)
    contents = ""
    if titles:
        entries = "".join(f"<li>{_e(t)}</li>" for t in titles)
        contents = f'<h2>{_e(handout.t("examples", lang))}</h2><ol class="ho-contents">{entries}</ol>'
    meta = " · ".join(_e(s) for s in (
        handout.t("notebook", lang, name=path.stem),
        handout.t("made_by", lang)))
    return handout.page(title, contents + "\n".join(layout(items, lang)), lang, meta), titles


@contextlib.contextmanager
def pdf_printer() -> Any:
    """A function that prints an HTML file to PDF: one Chromium for all the handouts through Playwright (much
    faster than a Chromium per file), or bridgelaws.handout.print_pdf where Playwright is not installed."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        yield handout.print_pdf
        return
    exe = handout.chromium()
    if exe is None:
        raise SystemExit("handouts: error: Chromium is needed to print PDFs (apt-get install chromium)")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=exe, args=["--no-sandbox", "--disable-gpu",
                                                               "--disable-dev-shm-usage"])
        context = browser.new_context(java_script_enabled=False)
        # a handout needs nothing but its own file: anything else is refused
        context.route("**/*", lambda r: r.continue_() if r.request.url.startswith("file://") else r.abort())

        def print_one(html_file: Path, pdf_file: Path) -> None:
            page = context.new_page()
            page.goto(Path(html_file).resolve().as_uri())
            page.pdf(path=str(pdf_file), format="A4", prefer_css_page_size=True, print_background=True)
            page.close()

        try:
            yield print_one
        finally:
            context.close()
            browser.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python tools/handouts.py", description=__doc__.split("\n")[0])
    parser.add_argument("notebooks", nargs="*", metavar="NOTEBOOK", help="notebooks (default: all)")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--lang", action="append", choices=LANGS, help="languages (default: da, nb and en)")
    parser.add_argument("--no-pdf", action="store_true", help="write the HTML only")
    args = parser.parse_args(argv)
    # a notebook's name; each language's handout is made from notebooks/<lang>/<name>.ipynb
    # (default: every notebook of any language: a teacher's own notebook may exist in da and nb only)
    paths = [Path(p).resolve() for p in args.notebooks] or [
        NOTEBOOKS / "da" / name for name in sorted({p.name for lang in LANGS for p in (NOTEBOOKS / lang).glob("*.ipynb")})]
    langs = args.lang or list(LANGS)
    out: Path = args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    index: dict[str, Any] = {}
    with contextlib.ExitStack() as stack:
        print_pdf = None if args.no_pdf else stack.enter_context(pdf_printer())
        for path in paths:
            for lang in langs:
                source = path.parent.parent / lang / path.name
                if not source.is_file():   # a notebook that has not this language: say so and go on
                    print(f"handouts: skipped {path.stem} in {lang}: there is no {lang}/{path.name}", flush=True)
                    continue
                page, titles = notebook_handout(source, lang)
                html_file = out / f"{path.stem}-{lang}.html"
                html_file.write_text(page, encoding="utf-8")
                entry = {"html": html_file.name, "titles": titles}
                if print_pdf is not None:
                    pdf_file = html_file.with_suffix(".pdf")
                    print_pdf(html_file, pdf_file)
                    entry["pdf"] = pdf_file.name
                index[f"{path.stem}-{lang}"] = entry
                print(f"handouts: {out.name}/{html_file.name}" + ("" if print_pdf is None else " + .pdf"), flush=True)
    # what the tests read: each handout's files and the titles of the examples it must contain
    (out / "index.json").write_text(json.dumps(index, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"handouts: {len(index)} handouts in {out} ({time.perf_counter() - started:.0f} s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
