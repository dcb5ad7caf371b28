"""Handouts (python3 dev.py handouts; python -m bridgelaws handout FILE): offline HTML and PDF on A4.

- Each HTML handout opens in Chromium with every request that is not a local file aborted and counted: zero
  requests, no script, and a diagram for every example.
- Each PDF is A4, has pages, and its text (pdftotext, from Debian's poppler-utils) holds the title of every
  example of its notebook in the handout's language; the titles are read from the scenario files the
  notebook names, not from the handout tool.
- One example alone: ``python -m bridgelaws handout FILE --lang da`` prints a page with a diagram for each
  key position; ``-o FILE.pdf`` prints it through Chromium.
- Reading order (issue #20, item 8): every diagram belongs to an example (``data-example``), and each example's
  heading and question (from its scenario file) come before its first diagram, in the HTML and, for three
  handouts, in the PDF's text; a card table is printed right after its scenario's irregularity, with the
  Director's statements there (a law the file names, the penalty card the file expects), not the play before it.

The handouts are written afresh into a temporary folder unless ``BRIDGELAWS_HANDOUTS_DIR`` names a folder
written by ``python3 dev.py handouts`` from this checkout (``.ci/run`` does that). Without Chromium or
pdftotext these tests are skipped, except in CI.
"""

from __future__ import annotations

import ast
import functools
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from bridgelaws.events import Play
from bridgelaws.present import example
from bridgelaws.scenario import load, localized, replay
from browserkit import browser, CHROMIUM, missing  # noqa: F401 (browser is a fixture)

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
LANGS = ("da", "nb", "en")
NAMES = sorted(p.stem for p in (NOTEBOOKS / "da").glob("*.ipynb"))  # the same names in nb/ and en/


def need(tool: str) -> str:
    path = shutil.which(tool)
    if path is None:
        missing(f"{tool} not found (apt-get install poppler-utils)")
    assert path is not None
    return path


def squash(text: str) -> str:
    return " ".join(text.split())


def example_files(notebook: str) -> list[Path]:
    """The scenario files a notebook shows as examples: the argument of each ``present.example(...)`` call,
    a string or an item of a list of strings assigned earlier (05's ``QUESTIONS[0]``)."""
    folder = NOTEBOOKS / "da"
    nb = json.loads((folder / f"{notebook}.ipynb").read_text(encoding="utf-8"))
    lists: dict[str, list[str]] = {}
    files: list[Path] = []
    for cell in nb["cells"]:
        if cell["cell_type"] != "code":
            continue
        for node in ast.walk(ast.parse("".join(cell["source"]))):
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.List):
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        lists[target.id] = ast.literal_eval(node.value)
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "example"
                    and node.args):
                arg = node.args[0]
                if isinstance(arg, ast.Constant):
                    rel = arg.value
                elif isinstance(arg, ast.Subscript) and isinstance(arg.value, ast.Name):
                    rel = lists[arg.value.id][ast.literal_eval(arg.slice)]
                else:
                    raise AssertionError(f"{notebook}: cannot tell which file {ast.unparse(arg)} is")
                if (folder / rel).resolve() not in files:
                    files.append((folder / rel).resolve())
    return files


def expected_titles(notebook: str, lang: str) -> list[str]:
    """The titles of the examples a notebook shows, in ``lang``, read from their scenario files."""
    titles = []
    for path in example_files(notebook):
        scenario = load(path)
        titles.append(localized(scenario.title, lang) or scenario.id)
    return titles


@pytest.fixture(scope="module")
def handouts(tmp_path_factory: pytest.TempPathFactory) -> Path:
    given = os.environ.get("BRIDGELAWS_HANDOUTS_DIR")
    if given:
        return Path(given).resolve()
    if not Path(CHROMIUM).exists():
        missing(f"Chromium not found at {CHROMIUM} (apt-get install chromium)")
    out = tmp_path_factory.mktemp("handouts")
    proc = subprocess.run([sys.executable, str(ROOT / "tools" / "handouts.py"), "--out", str(out)],
                          capture_output=True, text=True, timeout=900, check=False)
    if proc.returncode != 0:
        pytest.fail(f"the handouts failed:\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}", pytrace=False)
    return out


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("notebook", NAMES)
def test_html_handout_needs_no_network_and_shows_every_example(handouts: Path, browser: Any, notebook: str,
                                                                lang: str) -> None:
    path = handouts / f"{notebook}-{lang}.html"
    assert path.is_file(), f"no handout {path.name}"
    text = path.read_text(encoding="utf-8")
    assert "<script" not in text.lower()
    assert f'<html lang="{lang}">' in text
    context = browser.new_context(viewport={"width": 1280, "height": 800}, java_script_enabled=False)
    requests: list[str] = []

    def route(r: Any) -> None:
        if r.request.url.startswith("file://"):
            r.continue_()
        else:
            requests.append(r.request.url)
            r.abort()

    context.route("**/*", route)
    page = context.new_page()
    page.goto(path.as_uri())
    page.wait_for_load_state("load")
    shown = squash(page.locator("body").inner_text())
    diagrams = page.locator(".bl.bl-table").count()
    context.close()
    assert requests == []
    titles = expected_titles(notebook, lang)
    for title in titles:
        assert squash(title) in shown, f"{path.name}: no example titled {title!r}"
    assert diagrams >= len(titles)


def pdf_text(path: Path) -> str:
    out = subprocess.run([need("pdftotext"), "-layout", str(path), "-"], capture_output=True, text=True,
                         check=True, timeout=120)
    return out.stdout


def pdf_info(path: Path) -> dict[str, str]:
    out = subprocess.run([need("pdfinfo"), str(path)], capture_output=True, text=True, check=True, timeout=60)
    return {k.strip(): v.strip() for k, _, v in (line.partition(":") for line in out.stdout.splitlines())}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("notebook", NAMES)
def test_pdf_handout_is_a4_and_holds_every_example_title(handouts: Path, notebook: str, lang: str) -> None:
    path = handouts / f"{notebook}-{lang}.pdf"
    assert path.is_file(), f"no PDF {path.name}"
    info = pdf_info(path)
    assert int(info["Pages"]) >= 1
    assert "A4" in info["Page size"]
    text = squash(pdf_text(path))
    for title in expected_titles(notebook, lang):
        assert squash(title) in text, f"{path.name}: no example titled {title!r}"


#: words that only one of the three languages writes in running prose (function words and the law books' own
#: terms for what the notebooks are about), to tell a page's prose language from pdftotext's output
ONLY = {
    "da": {"hvad", "af", "nogen", "efter", "bliver", "blev", "mellem", "hvornår", "udspil", "udspillet", "spilfører",
           "strafkort", "strafkortet", "kulørsvigt", "kulørsvigten", "modspiller", "modspilleren"},
    "nb": {"hva", "av", "noen", "etter", "blir", "ble", "mellom", "utspill", "utspillet", "spillefører",
           "straffekort", "straffekortet", "revoken", "motspiller", "motspilleren"},
    "en": {"the", "and", "of", "which", "when", "declarer", "penalty", "lead", "dummy", "must", "only"},
}


def words(text: str) -> list[str]:
    # "double dummy" (nb "dobbel dummy") names the analysis in every language (the 64C and worth boxes)
    return re.findall(r"[a-zæøå]+", re.sub(r"(?:double|dobbel)[\s-]+dummy", " ", text.lower()))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("notebook", NAMES)
def test_pdf_handout_prose_is_in_the_handouts_language(handouts: Path, notebook: str, lang: str) -> None:
    """No Danish prose in a Norwegian or English handout of a Danish notebook, and the reverse for 02 and 03:
    the words that only another language writes stay rare (a quoted original word, such as the declarer's
    »en lille« in 05, is allowed), while the handout's own language's words are frequent."""
    found = words(pdf_text(handouts / f"{notebook}-{lang}.pdf"))
    assert len(found) > 300, f"{notebook}-{lang}.pdf: only {len(found)} words"
    own = sum(w in ONLY[lang] for w in found) / len(found)
    assert own > 0.03, f"{notebook}-{lang}.pdf: too few {lang} words ({own:.1%})"
    for other in LANGS:
        if other == lang:
            continue
        hits = [w for w in found if w in ONLY[other] and w not in ONLY[lang]]
        # 00's glossary is a table of the terms in all three languages: its other-language words are on purpose
        allowed = 0.02 if notebook.startswith("00") else 0.004
        assert len(hits) / len(found) < allowed, (
            f"{notebook}-{lang}.pdf reads as {other} prose in places: {len(hits)} of {len(found)} words, "
            f"e.g. {sorted(set(hits))[:12]}")


ONE = NOTEBOOKS / "scenarios" / "01-stort-strafkort-ex2-forbid-clubs.toml"


def test_one_example_alone_from_the_command_line(tmp_path: Path) -> None:
    run = subprocess.run([sys.executable, "-m", "bridgelaws", "handout", str(ONE), "--lang", "da"],
                         capture_output=True, text=True, check=False, timeout=120, cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    page = run.stdout
    ex = example(ONE, lang="da")
    assert "<script" not in page and ex.title in page
    # a diagram of each key position: before the revoke, after each irregularity or decision, each trick
    assert page.count('class="bl bl-table"') == len(ex.stops())
    # the heading and the question come before the first diagram
    question = localized(ex.scenario.question, "da")
    assert question and page.index(f"<h1>{ex.title}</h1>") < page.index(question) < page.index('class="bl bl-table"')
    # the ruling at the end: the statements of the last position (here, after declarer forbade clubs)
    for statement in ex.table.director_says("da"):
        assert statement.replace("&", "&amp;") in page


def test_one_example_alone_as_pdf(tmp_path: Path) -> None:
    if not Path(CHROMIUM).exists():
        missing(f"Chromium not found at {CHROMIUM} (apt-get install chromium)")
    out = tmp_path / "ex.pdf"
    run = subprocess.run([sys.executable, "-m", "bridgelaws", "handout", str(ONE), "--lang", "nb", "-o", str(out)],
                         capture_output=True, text=True, check=False, timeout=180)
    assert run.returncode == 0, run.stderr
    assert "A4" in pdf_info(out)["Page size"]
    assert squash(example(ONE, lang="nb").title) in squash(pdf_text(out))


def test_a_missing_file_is_one_line_naming_it(tmp_path: Path) -> None:
    run = subprocess.run([sys.executable, "-m", "bridgelaws", "handout", str(tmp_path / "nope.toml")],
                         capture_output=True, text=True, check=False, timeout=60)
    assert run.returncode == 1 and run.stdout == ""
    assert "nope.toml" in run.stderr and len(run.stderr.strip().splitlines()) == 1


# ---- reading order (issue #20, item 8): each example's heading and question before its diagrams, a card table at its
# key position ------------------------------------------------------------------------------------------------------

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


@dataclass
class Diagram:
    """A diagram (``.bl.bl-table``) of a handout, in reading order: the example it belongs to (``data-example`` of
    the nearest element around it), whether it is a printed card table (``.ho-table``) or a quiz question's
    position, and the Director's statements under it."""

    example: str | None
    table: bool
    quiz: bool
    statements: list[str]


class Reading(HTMLParser):
    """A handout page as a reader meets it: the text outside the diagrams (headings apart) and the diagrams, in
    document order; the list of examples at the top (``.ho-contents``) and stylesheets are not read."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, dict[str, str]]] = []
        self.events: list[tuple[str, Any]] = []   # ("text", str), ("heading", str), ("diagram", Diagram)
        self._heading: list[str] | None = None
        self._diagram: tuple[int, Diagram] | None = None   # the depth of its element, and the diagram
        self._li: list[str] | None = None

    def classes(self, attrs: dict[str, str]) -> set[str]:
        return set((attrs.get("class") or "").split())

    def inside(self, cls: str) -> bool:
        return any(cls in self.classes(a) for _, a in self.stack)

    def nearest(self, attr: str) -> str | None:
        return next((a[attr] for _, a in reversed(self.stack) if attr in a), None)

    def handle_starttag(self, tag: str, attrs_: list[tuple[str, str | None]]) -> None:
        if tag in VOID:
            return
        attrs = {k: v or "" for k, v in attrs_}
        self.stack.append((tag, attrs))
        cls = self.classes(attrs)
        if self._diagram is None and {"bl", "bl-table"} <= cls:
            self._diagram = (len(self.stack), Diagram(self.nearest("data-example"), self.inside("ho-table"),
                                                      self.inside("bl-quiz-question"), []))
        elif self._diagram is not None and tag == "li" and self.inside("bl-statements"):
            self._li = []
        elif self._diagram is None and re.fullmatch(r"h[1-6]", tag):
            self._heading = []

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        pass

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID or all(t != tag for t, _ in self.stack):
            return
        while self.stack:
            t, _ = self.stack.pop()
            if self._diagram is not None and len(self.stack) < self._diagram[0]:
                self.events.append(("diagram", self._diagram[1]))
                self._diagram = None
            if t == "li" and self._li is not None:
                assert self._diagram is not None
                self._diagram[1].statements.append(squash("".join(self._li)))
                self._li = None
            if re.fullmatch(r"h[1-6]", t) and self._heading is not None:
                self.events.append(("heading", squash("".join(self._heading))))
                self._heading = None
            if t == tag:
                break

    def handle_data(self, data: str) -> None:
        if any(t in ("style", "script", "title") for t, _ in self.stack) or self.inside("ho-contents"):
            return
        if self._li is not None:
            self._li.append(data)
        elif self._diagram is None:
            if self._heading is not None:
                self._heading.append(data)
            else:
                self.events.append(("text", data))


def reading(path: Path) -> list[tuple[str, Any]]:
    parser = Reading()
    parser.feed(path.read_text(encoding="utf-8"))
    parser.close()
    return parser.events


@functools.lru_cache(maxsize=None)
def scenarios() -> dict[str, Any]:
    """Every scenario file of the notebooks, by its id."""
    return {s.id: s for s in (load(p) for p in sorted((NOTEBOOKS / "scenarios").glob("*.toml")))}


def irregularities(scenario: Any) -> list[int]:
    """The number of events up to and including each irregular event of the scenario: anything but a card played
    in turn and following suit (a card exposed or dropped, a revoke, a lead out of turn, a designation, a claim, a
    decision)."""
    return [i + 1 for i, e in enumerate(scenario.history) if not isinstance(e, Play) or e.out_of_turn or e.revoke]


def law_number(law: str) -> str:
    return re.match(r"\d+", law)[0]  # type: ignore[index]


def key_irregularity(scenario: Any, lang: str) -> int | None:
    """The scenario's irregularity: the first irregular event after which the Director cites a law the file names
    (what the example is about), else the first irregular event."""
    marks = irregularities(scenario)
    numbers = {law_number(str(law)) for law in scenario.laws}
    for n in marks:
        if {law_number(c) for c in cited_laws(replay(scenario, upto=n).director_says(lang))} & numbers:
            return n
    return marks[0] if marks else None


def before_first_diagram(events: list[tuple[str, Any]]) -> dict[str, tuple[Diagram, list[tuple[str, Any]]]]:
    """Each example's first diagram, with what the reader meets between the diagram before it and this one."""
    out: dict[str, tuple[Diagram, list[tuple[str, Any]]]] = {}
    previous = -1
    for i, (kind, d) in enumerate(events):
        if kind != "diagram":
            continue
        if d.example is not None and d.example not in out:
            out[d.example] = (d, events[previous + 1:i])
        previous = i
    return out


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("notebook", NAMES)
def test_each_example_has_its_heading_and_question_before_its_diagrams(handouts: Path, notebook: str,
                                                                       lang: str) -> None:
    """Shot 15 of the second seminar walk-through: the card table of 01's example 1 was printed above the heading
    of its own example. Now every diagram belongs to an example, and between the diagram before it and an example's
    first diagram the reader meets the example's title as a heading (a quiz question: its own heading, the title
    being the answer) and its question, both as the scenario file words them."""
    check_introduced(handouts / f"{notebook}-{lang}.html", notebook, lang)


def check_introduced(path: Path, notebook: str, lang: str) -> None:
    events = reading(path)
    known = scenarios()
    diagrams = [d for kind, d in events if kind == "diagram"]
    for d in diagrams:
        assert d.example in known, f"{path.name}: a diagram that belongs to no example ({d.example!r})"
    for sid, (d, met) in before_first_diagram(events).items():
        scenario = known[sid]
        title = squash(localized(scenario.title, lang) or scenario.id)
        headings = [v for kind, v in met if kind == "heading"]
        text = squash("".join(v if kind == "text" else f" {v} " for kind, v in met if kind in ("heading", "text")))
        question = localized(scenario.question, lang)
        if question:
            assert squash(question) in text, f"{path.name}: {title!r}: its first diagram comes before its question"
        if d.quiz:
            assert headings, f"{path.name}: quiz question {title!r} has no heading before its diagram"
        else:
            assert title in headings, (f"{path.name}: the first diagram of {title!r} comes before its heading "
                                       f"(headings met just before it: {headings})")
    if example_files(notebook):
        assert diagrams, f"{path.name}: no diagram"


#: how the Director names a penalty card's kind (Law 50B), in each language
KIND = {"da": {"major": "stort strafkort", "minor": "lille strafkort"},
        "nb": {"major": "stort straffekort", "minor": "lite straffekort"},
        "en": {"major": "major penalty card", "minor": "minor penalty card"}}
#: how a card is written in a statement: suit symbol, then the rank as each language writes it
RANK = {"da": {"A": "E", "K": "K", "Q": "D", "J": "B", "T": "10"},
        "nb": {"A": "E", "K": "K", "Q": "D", "J": "Kn", "T": "10"},
        "en": {"A": "A", "K": "K", "Q": "Q", "J": "J", "T": "10"}}
SUIT = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def card_text(card: str, lang: str) -> str:
    rank = card[1:].replace("10", "T")
    return SUIT[card[0]] + RANK[lang].get(rank, rank)


def cited_laws(statements: list[str]) -> list[str]:
    return re.findall(r"(?:§|Law) ?(\d+[A-Z]?\d*[a-z]?)", " ".join(statements))


def same_law(a: str, b: str) -> bool:
    """The same law: 50D1b and 50D1, or 53B and 53A (a lead out of turn that the file files under Law 53's
    acceptance, 53A, and the Director's statement under its right lead, 53B)."""
    return law_number(a) == law_number(b)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("notebook", NAMES)
def test_a_card_table_is_printed_at_its_key_position(handouts: Path, notebook: str, lang: str) -> None:
    """A card table is printed at its key position: right after its scenario's irregularity (the first at which
    the Director cites a law the file names, else the first), with what the Director says there, not at the play
    before it (shot 15: "West to play"). The statements under the diagram cite a law the scenario file names and
    every law the file expects cited at that point (``statements_cite``), a penalty card the file expects there is
    named with its kind (50B), and they are not what the Director said before the irregularity."""
    check_tables(handouts / f"{notebook}-{lang}.html", notebook, lang)


def check_tables(path: Path, notebook: str, lang: str) -> None:
    tables = [d for kind, d in reading(path) if kind == "diagram" and d.table]
    nb = json.loads((NOTEBOOKS / lang / f"{notebook}.ipynb").read_text(encoding="utf-8"))
    code = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")
    if re.search(r"widgets\.table\(|CardTable\.from_scenarios?\(", code) and "Quiz" not in code:
        assert tables, f"{path.name}: its card tables are not printed"
    for d in tables:
        scenario = scenarios()[d.example]
        title = localized(scenario.title, lang)
        n = key_irregularity(scenario, lang)
        assert n is not None, f"{path.name}: {title!r} has no irregularity to print"
        after = [squash(s) for s in replay(scenario, upto=n).director_says(lang)]
        before = [squash(s) for s in replay(scenario, upto=n - 1).director_says(lang)]
        assert d.statements, f"{path.name}: {title!r}: the table is printed without the Director's statements"
        assert d.statements != before, f"{path.name}: {title!r}: the table is printed before its irregularity"
        assert d.statements == after, f"{path.name}: {title!r}: not the position right after the irregularity"
        cited = cited_laws(d.statements)
        laws = [str(law) for law in scenario.laws]
        assert any(same_law(c, law) for c in cited for law in laws), (
            f"{path.name}: {title!r}: the statements cite {cited}, none of the scenario's laws {laws}")
        for cp in scenario.checkpoints:
            if cp.after != n:
                continue
            for law in cp.expected.get("statements_cite", []):
                assert law in cited, f"{path.name}: {title!r}: the file expects the Director to cite {law} there"
            for seat, cards in cp.expected.get("penalty_cards", {}).items():
                for pc in cards:
                    name = card_text(pc["card"], lang)
                    assert any(name in s and KIND[lang][pc["kind"]] in s for s in d.statements), (
                        f"{path.name}: {title!r}: {seat}'s {name} is not named as a {pc['kind']} penalty card")


def diagram_marks(text: str) -> list[int]:
    """Where a diagram begins in a PDF's text: its contract label ("Kontrakt 3ut S", "Contract 4♥ S")."""
    return [m.start() for m in re.finditer(r"(?:Kontrakt|Contract) \S+ [NESWØV]\b", text)]


@pytest.mark.parametrize("name", ["01-stort-strafkort-da", "02-straffekort-seminar-nb", "04-bordet-fanger-en"])
def test_pdf_prints_the_headings_before_the_diagrams(handouts: Path, name: str) -> None:
    """On paper as in the HTML: each example's heading is printed after as many diagrams as come before it in the
    HTML (pdftotext's reading order), so no example's diagram moves above its heading, and the first card table of
    01 shows the irregularity with the ruling (Law 62B1) right after its heading and the deal."""
    lang = name.rsplit("-", 1)[1]
    events = reading(handouts / f"{name}.html")
    text = squash(pdf_text(handouts / f"{name}.pdf"))
    marks = diagram_marks(text)
    titles = [squash(localized(s.title, lang) or s.id) for s in scenarios().values()]
    assert len(marks) == sum(kind == "diagram" for kind, _ in events), "pdftotext does not show every diagram"
    for sid, (d, _met) in before_first_diagram(events).items():
        if d.quiz:
            continue
        scenario = scenarios()[sid]
        title = squash(localized(scenario.title, lang) or scenario.id)
        heading_at = next(i for i, (kind, v) in enumerate(events) if kind == "heading" and v == title)
        in_html = sum(kind == "diagram" for kind, _ in events[:heading_at])
        # the last time (the list of examples at the top names it too), and not as the start of a longer title
        longer = [t for t in titles if t != title and t.startswith(title)]
        found = [m.start() for m in re.finditer(re.escape(title), text)
                 if not any(text.startswith(t, m.start()) for t in longer)]
        assert found, f"{name}.pdf: no heading {title!r}"
        at = found[-1]
        assert sum(m < at for m in marks) == in_html, f"{name}.pdf: {title!r} is not where the HTML has it"
    if name.startswith("01"):
        ex1 = squash(localized(scenarios()["stort-strafkort-ex1-revoke-corrected"].title, lang))
        start = text.rfind(ex1)
        second = [m for m in marks if m > start][1]   # the deal as dealt, then the card table
        table = text[second:second + 1500]
        assert "§ 62B1" in table and KIND[lang]["major"] in table


def test_reading_order_without_a_browser(tmp_path: Path) -> None:
    """The same two checks on 01 in Danish, written by the handout tool without Chromium (so that they run
    where the PDF tests are skipped): 01's example 1 reads heading, question, the deal as dealt, then its card table
    at the corrected revoke with the ruling (62B1: a major penalty card), then the ruling's prose."""
    spec = importlib.util.spec_from_file_location("handouts_tool", ROOT / "tools" / "handouts.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = tool   # its dataclass looks its module up
    try:
        spec.loader.exec_module(tool)
    finally:
        del sys.modules[spec.name]
    for notebook in ("01-stort-strafkort",):
        page, _titles = tool.notebook_handout(NOTEBOOKS / "da" / f"{notebook}.ipynb", "da")
        path = tmp_path / f"{notebook}-da.html"
        path.write_text(page, encoding="utf-8")
        check_introduced(path, notebook, "da")
        check_tables(path, notebook, "da")
    events = reading(tmp_path / "01-stort-strafkort-da.html")
    ex1 = example(NOTEBOOKS / "scenarios" / "01-stort-strafkort-ex1-revoke-corrected.toml", lang="da")
    heading = next(i for i, (kind, v) in enumerate(events) if kind == "heading" and v == squash(ex1.title))
    kinds = [(kind, d.table) for kind, d in events[heading:] if kind == "diagram"][:2]
    assert kinds == [("diagram", False), ("diagram", True)]   # the deal, then the card table
    table = next(d for kind, d in events[heading:] if kind == "diagram" and d.table)
    assert any("♦3" in s and "stort strafkort" in s and "62B1" in s for s in table.statements)
    after = squash("".join(v for kind, v in events[heading:] if kind == "text"))
    assert after.index("Kendelsen.") > after.index(squash(localized(ex1.scenario.question, "da")))
