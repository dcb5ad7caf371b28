"""Write the handouts: for each notebook and each of da, nb, en, an offline HTML page and its PDF.

    python tools/handouts.py [--out _handouts] [--lang da --lang en] [--no-pdf] [NOTEBOOK...]
    python3 dev.py handouts                      # the same, inside .venv

A handout is the notebook without code: its prose (Markdown, rendered by mistune, as nbconvert does) and,
where the notebook shows an output, the same output computed again in the handout's language: the walk-
throughs of the examples (a diagram of each key position with what the Director says, drawn by
bridgelaws.render.html like the notebooks), the rulings, the tables. The notebook's code runs here, in this
process, with its ``LANG`` parameter set to the handout's language; a card table widget is printed as a
diagram of its position with a one-line note that it is interactive on screen; other controls are left out. Each
language's handout is made from that language's notebook (``notebooks/<lang>/<name>.ipynb``: the source or its
translation, tools/translate.py), so the prose is in the handout's language too.

Files: ``<out>/<notebook>-<lang>.html`` and ``.pdf`` (printed by Debian's Chromium, bridgelaws.handout.print_pdf).
No page needs JavaScript or the network: the stylesheets are inlined.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import io
import json
import os
import re
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
DEFAULT_OUT = ROOT / "_handouts"
LANGS = ("da", "nb", "en")

from bridgelaws import handout  # noqa: E402  (after ROOT: the checkout's package, installed editable)
from bridgelaws.i18n import normalize_lang  # noqa: E402
from bridgelaws.present import Example  # noqa: E402


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


def output_html(obj: Any, lang: str) -> str:
    """What a cell's value shows, as static HTML."""
    if obj is None:
        return ""
    if is_widget(obj):
        from bridgelaws.render import html
        from bridgelaws.table import Table

        table = getattr(obj, "table", None)
        if not isinstance(table, Table):
            return ""  # a control (the mode switch, the decision aid's menus): nothing to print
        note = f'<p class="ho-note">{handout._e(handout.t("interactive", lang))}</p>'
        return str(html.table(table, lang=lang)) + note
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
    return f'<div class="ho-text">{handout._e(text)}</div>'


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


def notebook_handout(path: Path, lang: str) -> tuple[str, list[str]]:
    """The handout of one notebook in ``lang``: (the HTML page, the titles of its examples)."""
    lang = normalize_lang(lang)
    nb = json.loads(path.read_text(encoding="utf-8"))
    ns: dict[str, Any] = {"__name__": "__handout__"}
    parts: list[str] = []
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
                if i == 0 or (not parts and src.lstrip().startswith("# ")):
                    first, _, rest = src.lstrip().partition("\n")
                    if first.startswith("# "):
                        title = first[2:].strip()
                        src = rest
                parts.append(markdown(src))
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
            except Exception as exc:
                raise RuntimeError(f"{path.name}, cell {i}: {type(exc).__name__}: {exc}") from exc
            for obj in ns.values():
                if isinstance(obj, Example) and all(obj is not e for e in examples):
                    examples.append(obj)
            if printed.strip():
                parts.append(f'<div class="ho-text">{handout._e(printed)}</div>')
            shown = output_html(value, lang)
            if shown:
                parts.append(f'<div class="ho-output">{shown}</div>')
    finally:
        os.chdir(cwd)
    titles = []
    for ex in examples:
        if ex.title not in titles:
            titles.append(ex.title)
    contents = ""
    if titles:
        items = "".join(f"<li>{handout._e(t)}</li>" for t in titles)
        contents = f'<h2>{handout._e(handout.t("examples", lang))}</h2><ol class="ho-contents">{items}</ol>'
    meta = " · ".join(handout._e(s) for s in (
        handout.t("notebook", lang, name=path.stem),
        handout.t("made_by", lang)))
    return handout.page(title, contents + "\n".join(parts), lang, meta), titles


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
    paths = [Path(p).resolve() for p in args.notebooks] or sorted((NOTEBOOKS / "da").glob("*.ipynb"))
    langs = args.lang or list(LANGS)
    out: Path = args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    index: dict[str, Any] = {}
    with contextlib.ExitStack() as stack:
        print_pdf = None if args.no_pdf else stack.enter_context(pdf_printer())
        for path in paths:
            for lang in langs:
                page, titles = notebook_handout(path.parent.parent / lang / path.name, lang)
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
