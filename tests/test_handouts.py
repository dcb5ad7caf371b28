"""Handouts (python3 dev.py handouts; python -m bridgelaws handout FILE): offline HTML and PDF on A4.

- Each HTML handout opens in Chromium with every request that is not a local file aborted and counted: zero
  requests, no script, and a diagram for every example.
- Each PDF is A4, has pages, and its text (pdftotext, from Debian's poppler-utils) holds the title of every
  example of its notebook in the handout's language; the titles are read from the scenario files the
  notebook names, not from the handout tool.
- One example alone: ``python -m bridgelaws handout FILE --lang da`` prints a page with a diagram for each
  key position; ``-o FILE.pdf`` prints it through Chromium.

The handouts are written afresh into a temporary folder unless ``BRIDGELAWS_HANDOUTS_DIR`` names a folder
written by ``python3 dev.py handouts`` from this checkout (``.ci/run`` does that). Without Chromium or
pdftotext these tests are skipped, except in CI.
"""

from __future__ import annotations

import ast
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bridgelaws.present import example
from bridgelaws.scenario import load, localized
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
    return re.findall(r"[a-zæøå]+", text.lower())


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
