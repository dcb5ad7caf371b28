"""Printable handouts: plain HTML pages (no JavaScript, no network) laid out for A4, and their PDFs.

A handout shows an example the way a notebook does, without code: its title and question, a diagram of each
key position (the stops of :meth:`bridgelaws.present.Example.stops`, drawn by
:func:`bridgelaws.render.html.table`, the notebooks' own renderer, with what the Director says there), and the
ruling at the end. ``python -m bridgelaws handout FILE --lang da`` writes one example's handout;
``python3 dev.py handouts`` (``tools/handouts.py``) writes one for each notebook and language. Every sentence
of the handout's own comes from the catalogue domain ``handout``.

>>> page = scenario_handout("notebooks/scenarios/01-stort-strafkort-ex1-revoke-corrected.toml", "en")
>>> page.startswith("<!DOCTYPE html>") and "<script" not in page
True

PDFs are printed by Chromium (Debian's ``/usr/bin/chromium``; ``CHROMIUM`` overrides it) with
``--headless --print-to-pdf``: :func:`print_pdf`.
"""

from __future__ import annotations

import html as _html
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from bridgelaws.i18n import normalize_lang
from bridgelaws.i18n import text as _text

__all__ = ["PAGE_CSS", "chromium", "example_head", "example_section", "key_position", "page", "print_pdf",
           "scenario_handout", "t"]

#: the page around the diagrams: A4, margins, and diagrams kept whole on a page. ``main .bl`` is more
#: specific than the diagrams' own ``.bl`` rule, so their size fits paper instead of a projector.
PAGE_CSS = """
@page { size: A4; margin: 14mm 14mm 16mm 14mm; }
html { background: #fff; }
body { font-family: "DejaVu Serif", Georgia, serif; font-size: 10.5pt; line-height: 1.4; color: #111;
  margin: 0 auto; max-width: 182mm; padding: 8mm 0; }
@media print { body { padding: 0; max-width: none; } }
h1 { font-family: "DejaVu Sans", Arial, sans-serif; font-size: 18pt; margin: 0 0 2mm 0; }
h2 { font-family: "DejaVu Sans", Arial, sans-serif; font-size: 14pt; margin: 7mm 0 2mm 0; break-after: avoid; }
h3 { font-family: "DejaVu Sans", Arial, sans-serif; font-size: 12pt; margin: 5mm 0 1.5mm 0; break-after: avoid; }
h4 { font-family: "DejaVu Sans", Arial, sans-serif; font-size: 10.5pt; margin: 3mm 0 1mm 0; break-after: avoid; }
p, li { orphans: 3; widows: 3; }
table { border-collapse: collapse; margin: 2mm 0; font-size: 9.5pt; break-inside: auto; }
th, td { border: 1px solid #bbb; padding: 1mm 2mm; vertical-align: top; text-align: left; }
tr { break-inside: avoid; }
a { color: inherit; text-decoration: none; }
code { font-family: "DejaVu Sans Mono", monospace; font-size: 0.92em; }
.ho-meta { font-family: "DejaVu Sans", Arial, sans-serif; font-size: 9pt; color: #444; margin: 0 0 4mm 0;
  border-bottom: 1px solid #999; padding-bottom: 2mm; }
.ho-contents { font-size: 9.5pt; margin: 1mm 0 4mm 0; }
.ho-stop { break-inside: avoid; margin: 0 0 2mm 0; }
.ho-output { margin: 2mm 0; }
.ho-head h3 { margin-top: 4mm; }
.ho-head p { break-after: avoid; }
.ho-ruling { border-left: 3px solid #2f6b3a; padding: 0.5mm 0 0.5mm 3mm; margin: 2mm 0; break-inside: avoid; }
.ho-ruling ul { margin: 0.5mm 0 0 0; padding-left: 5mm; }
.ho-title { font-family: "DejaVu Sans", Arial, sans-serif; font-weight: bold; }
.ho-note { font-style: italic; color: #444; font-size: 9.5pt; }
.ho-text { white-space: pre-wrap; font-family: "DejaVu Sans", Arial, sans-serif; font-size: 9.5pt; }
main .bl { zoom: 0.62; break-inside: avoid; }
main .bl-example h3 { break-after: avoid; }
"""


def t(key: str, lang: str, **params: Any) -> str:
    """A sentence of the handouts' own (catalogue domain ``handout``)."""
    return _text("handout." + key, lang, **params)


def _e(s: str) -> str:
    return _html.escape(s, quote=False)


def page(title: str, body: str, lang: str, meta: str = "") -> str:
    """A whole HTML document: ``body`` (HTML) under ``title``, with ``meta`` (HTML) as the line below it."""
    lang = normalize_lang(lang)
    meta_html = f'<p class="ho-meta">{meta}</p>' if meta else ""
    return (f'<!DOCTYPE html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{_e(title)}</title>\n<style>{PAGE_CSS}</style>\n</head>\n<body>\n<main>\n"
            f"<h1>{_e(title)}</h1>\n{meta_html}\n{body}\n</main>\n</body>\n</html>\n")


def ruling_html(lines: Iterable[str], lang: str, heading: str | None = None) -> str:
    """What the Director says, as a list under a heading (empty lines dropped)."""
    items = [line.strip().lstrip("•").strip() for line in lines]
    items = [i for i in items if i]
    if not items:
        return ""
    head = heading if heading is not None else t("director_says", lang)
    li = "".join(f"<li>{_e(i)}</li>" for i in items)
    return f'<div class="ho-ruling"><div class="ho-title">{_e(head)}</div><ul>{li}</ul></div>'


def key_position(table: Any, laws: Iterable[Any] = ()) -> int:
    """Where a handout prints a card table: the number of events up to and including the irregularity of the
    table's script (``table`` holds the whole script), so that the diagram shows the irregularity with what the
    Director says about it, not the play before it. The irregularity is the first event that is not an ordinary
    card played in turn (an exposed card, a revoke, a lead out of turn, a designation, a claim, a decision ...) at
    which the Director cites a law the scenario names (``laws``: what the example is about; a revoke that matters
    only through the claim that follows it is passed over), else the first of them. A script without an
    irregularity is printed at its end."""
    from bridgelaws.present import is_irregular

    events = table.history
    irregular = [i + 1 for i, e in enumerate(events) if is_irregular(e)]
    if not irregular:
        return len(events)
    numbers = {_law_number(law) for law in laws}
    for n in irregular:
        cited = {_law_number(st.law) for st in table.copy(history=n).statements() if st.law is not None}
        if cited & numbers:
            return n
    return irregular[0]


def _law_number(law: Any) -> str:
    """The law's number: 62 for 62B1 (the Director may cite 53B where a file names 53A)."""
    text = str(law)
    return text[:len(text) - len(text.lstrip("0123456789"))]


def example_head(example: Any, lang: str) -> str:
    """An example's heading and question, as its walk-through begins (:meth:`bridgelaws.present.Example.walk`),
    for a handout that prints a diagram of the example before its walk-through."""
    from bridgelaws.present import red_suits
    from bridgelaws.scenario import localized

    parts = [f'<div class="bl-example ho-head"><h3>{red_suits(example.title)}</h3>']
    question = localized(example.scenario.question, normalize_lang(lang))
    if question:
        parts.append(f"<p><em>{red_suits(question)}</em></p>")
    parts.append("</div>")
    return "".join(parts)


def example_section(example: Any, lang: str, level: int = 2, title: bool = True) -> str:
    """One example (a :class:`bridgelaws.present.Example`): title (unless ``title=False``), question, a
    diagram of each key position with its heading, and the ruling at the end."""
    from bridgelaws.render import html
    from bridgelaws.scenario import localized

    lang = normalize_lang(lang)
    parts = ['<section class="ho-example">']
    if title:
        parts.append(f"<h{level}>{_e(example.title)}</h{level}>")
    question = localized(example.scenario.question, lang)
    if question:
        parts.append(f"<p><em>{_e(question.strip())}</em></p>")
    table = example.table
    for stop in example.stops():
        diagram = str(html.table(table.copy(history=stop.events), lang=lang))
        parts.append(f'<div class="ho-stop"><h{level + 1}>{_e(stop.heading)}</h{level + 1}>{diagram}</div>')
    parts.append(ruling_html(table.director_says(lang), lang, t("ruling", lang)))
    parts.append("</section>")
    return "".join(parts)


def scenario_handout(path: str | os.PathLike[str], lang: str = "en") -> str:
    """The handout of one scenario file, as a whole HTML page in ``lang``."""
    from bridgelaws.present import example

    from bridgelaws.scenario import example_files

    lang = normalize_lang(lang)
    files = example_files(path)
    ex = example(files[0], lang=lang)
    meta = _e(t("made_by", lang)) + " · " + _e(shown_name(path))
    body = example_section(ex, lang, level=2, title=False)
    for branch in files[1:]:   # an example saved with its branches: each option played as far as it goes
        other = example(branch, lang=lang)
        body += (f'<h2 class="ho-branch">{_e(t("branch", lang, title=other.title))}</h2>'
                 + example_section(other, lang, level=3, title=False))
    return page(ex.title, body, lang, meta)


def shown_name(path: str | os.PathLike[str]) -> str:
    """The file's name as text that can be written: a name that is not UTF-8 (legal on Linux, kept by Python as
    lone surrogates) shows U+FFFD where its bad bytes are (issue #21, N8)."""
    name = Path(path).name
    return name.encode("utf-8", "surrogatepass").decode("utf-8", "replace")


def chromium() -> str | None:
    """The Chromium that prints PDFs: ``CHROMIUM``, else /usr/bin/chromium, else chromium on PATH."""
    for candidate in (os.environ.get("CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium"),
                      shutil.which("chromium-browser")):
        if candidate and Path(candidate).is_file():
            return candidate
    return None


def print_pdf(html_file: str | os.PathLike[str], pdf_file: str | os.PathLike[str], timeout: float = 120) -> None:
    """Print an HTML file to PDF (A4, as its stylesheet says) with headless Chromium. Raises RuntimeError
    with what went wrong when Chromium is missing or fails."""
    exe = chromium()
    if exe is None:
        raise RuntimeError("Chromium is needed to print PDFs and was not found (apt-get install chromium, "
                           "or set CHROMIUM to its path)")
    src = Path(html_file).resolve()
    out = Path(pdf_file).resolve()
    out.unlink(missing_ok=True)
    with tempfile.TemporaryDirectory(prefix="bridgelaws-chromium-") as profile:
        cmd = [exe, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
               "--disable-background-networking", "--disable-component-update", "--disable-sync",
               "--no-first-run", "--no-pdf-header-footer", f"--user-data-dir={profile}",
               f"--print-to-pdf={out}", src.as_uri()]
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, check=False)
    if proc.returncode != 0 or not out.is_file() or out.stat().st_size == 0:
        raise RuntimeError(f"Chromium could not print {src} to {out} (exit code {proc.returncode}): "
                           f"{proc.stderr.strip()[-500:]}")
