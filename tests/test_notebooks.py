"""The notebooks as a whole: every article notebook runs in Danish, Norwegian and English and then speaks only
that language; running a notebook twice gives the same outputs; every example of every article is shown.

1. Languages. Each article notebook (01 to 06) is executed in each language, from that language's own notebook
   (``notebooks/<lang>/``: the source or its translation) with ``LANG`` set in the cell tagged ``parameters``
   (nbclient, kernel ``python3`` of this interpreter's environment, cwd the notebook's folder; see ``Runs``). It must run without an error or stderr output (cells tagged ``raises-exception`` may
   raise), and what its outputs show must be in that language: the citation style (``§ 50`` in Danish and
   Norwegian, ``Law 50`` in English), no seat name that only another language uses (Syd / Sør / South ...),
   the language's own seat names wherever scenarios are played, at least one sentence of the language's own
   catalogue, and no phrase that only another language's catalogue contains.
2. Determinism. Each notebook, the start page included, is executed twice in its own language, once in a
   fresh kernel (as nbval runs it) and once in a kernel that has run other notebooks before; the outputs of
   its code cells must be equal (widget model ids and the nbval sanitizers aside).
3. Examples. Every worked example of every article (NOTES.md in the shared seeds, listed in ``EXAMPLES``) has
   scenario files in ``notebooks/scenarios/``, and the article's notebook uses one of them in a code cell
   (a name written out, or an f-string such as ``f"scenarios/05-…-q{n}.toml"``).

The executions (22, from under a second to a few seconds each) run once per session in two worker processes,
on the two cores we have. A notebook that does not exist yet fails its tests, with a message saying so.
"""

from __future__ import annotations

import compileall
import html
import json
import os
import re
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from browserkit import load_dev

from bridgelaws.i18n import LANGS, catalog
from bridgelaws.notation import SEAT_NAMES

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
SCENARIOS = NOTEBOOKS / "scenarios"
SANITIZE = NOTEBOOKS / "sanitize.cfg"

#: article notebook -> the seed article it is built from
ARTICLES = {"01": "seed 000", "02": "seed 001", "03": "seed 002", "04": "seed 003", "05": "seed 004",
            "06": "revokes, Laws 61-64 (issue #10)", "07": "lead restrictions from the auction (issue #36)"}
WORKERS = 2
TIMEOUT = 600  # seconds for the whole batch of executions


def _numbered(prefix: str, numbers: list[str], slug: str = r"[a-z0-9-]+?") -> list[tuple[str, str]]:
    """(example, pattern) for numbered examples: ``3-1-1`` matches 04-…-3-1-1 and 04-…-3-1-1-afvist, not 3-1-10."""
    return [(n.replace("-", "."), rf"{prefix}-{slug}-{n}(?:-[a-z][a-z0-9-]*)?") for n in numbers]


#: the examples of each article (shared/seeds/NOTES.md) and the scenario file names (stems) that show them
EXAMPLES: dict[str, list[tuple[str, str]]] = {
    "01": [  # seed 000: example 1 (3NT, West's revoke) and its three trick-4 continuations; example 2 (3♠)
        ("ex1 revoke corrected", r"01-[a-z0-9-]*ex1-revoke[a-z0-9-]*"),
        ("ex1 trick 4: dummy leads ♦7", r"01-[a-z0-9-]*ex1-trick4-diamond[a-z0-9-]*"),
        ("ex1 trick 4: dummy leads ♣10", r"01-[a-z0-9-]*ex1-trick4-club[a-z0-9-]*"),
        ("ex1 trick 4: a spade to West's ♠K", r"01-[a-z0-9-]*ex1-trick4-spade[a-z0-9-]*"),
        ("ex2 declarer requires clubs", r"01-[a-z0-9-]*ex2-require-clubs[a-z0-9-]*"),
        ("ex2 declarer forbids clubs", r"01-[a-z0-9-]*ex2-forbid-clubs[a-z0-9-]*"),
        ("ex2 declarer makes no choice", r"01-[a-z0-9-]*ex2-no-choice[a-z0-9-]*"),
    ],
    "02": [  # seed 001: the 4♥ example, both defenders with penalty cards, the rulings under 51 to 56
        ("the 4♥ example (♠5 after a corrected revoke)", r"02-[a-z0-9-]*4h[a-z0-9-]*"),
        ("both defenders have penalty cards", r"02-[a-z0-9-]*both-penalty-cards[a-z0-9-]*"),
        ("Law 51: two or more penalty cards", r"02-[a-z0-9-]*law51[a-z0-9-]*"),
        ("Law 52: failure to play a penalty card", r"02-[a-z0-9-]*law52[a-z0-9-]*"),
        ("Law 54: opening lead out of turn", r"02-[a-z0-9-]*law54[a-z0-9-]*"),
        ("Laws 53/56: a later lead out of turn", r"02-[a-z0-9-]*law5[36][a-z0-9-]*"),
        ("Law 55: declarer's lead out of turn", r"02-[a-z0-9-]*law55[a-z0-9-]*"),
    ],
    "04": (  # seed 003 (LKU-22): 3.1.1-3.1.4, 4.2.1-4.2.4, 5.1.1-5.1.12, section 6
        _numbered("04", ["3-1-1", "3-1-2", "3-1-3", "3-1-4", "4-2-1", "4-2-2", "4-2-3", "4-2-4"])
        + _numbered("04", [f"5-1-{i}" for i in range(1, 13)])
        + [("section 6 (the face-down opening lead)", r"04-[a-z0-9-]+?-6(?:-[a-z][a-z0-9-]*)?")]
    ),
    "05": [(f"Q{i}", rf"05-[a-z0-9-]+?-q{i}(?:-[a-z][a-z0-9-]*)?") for i in range(1, 9)],  # seed 004
    "06": [  # issue #10: when a revoke is corrected or established, what it becomes, the transfers and 64B
        ("62B1: a defender's corrected revoke", r"06-kulorsvigt-rettet[a-z0-9-]*"),
        ("62B2: declarer's corrected revoke", r"06-kulorsvigt-spilfoerer[a-z0-9-]*"),
        ("62C: cards taken back after the correction", r"06-kulorsvigt-kort-tages-tilbage"),
        ("62D: trick 12", r"06-kulorsvigt-tolvte-stik"),
        ("63A1: established by partner's play", r"06-kulorsvigt-etableret[a-z0-9-]*"),
        ("63A1: the non-offenders' lead does not establish", r"06-kulorsvigt-bordet-spiller-ud"),
        ("64A1: two tricks", r"06-kulorsvigt-to-stik"),
        ("64A1 footnote: dummy wins the revoke trick", r"06-kulorsvigt-bordet-vinder[a-z0-9-]*"),
        ("64B1: no trick won", r"06-kulorsvigt-ingen-stik[a-z0-9-]*"),
        ("64B2 and 64C: the same suit twice", r"06-kulorsvigt-samme-farve[a-z0-9-]*"),
        ("64B3: a card faced on the table", r"06-kulorsvigt-bordets-kort"),
        ("64B7: both sides", r"06-kulorsvigt-begge-sider"),
        # issue #22: claims and concessions where they meet revokes
        ("63A4 and 64A2: the offending side agrees to a claim", r"06-kulorsvigt-krav-accepteres"),
        ("63A3 and 64B1: the offender concedes", r"06-kulorsvigt-afkald"),
        ("64B4: noticed after a call on the next board", r"06-kulorsvigt-naeste-spil"),
    ],
    "07": [  # issue #36: what the auction's irregularities leave for the play, each with its variants
        ("27B: an insufficient bid not accepted, replaced by a call that is not comparable",
         r"07-udspil-utilstraekkeligt-pas[a-z0-9-]*"),
        ("27B1(a): replaced by the lowest sufficient bid in the same denomination", r"07-udspil-utilstraekkeligt-laveste-bud"),
        ("31A2(b): a call out of rotation, the later call not comparable (26B)", r"07-udspil-uden-for-tur-ikke-tilsvarende"),
        ("31A2(a): the later call comparable", r"07-udspil-uden-for-tur-tilsvarende"),
        ("24B/24E: an honour exposed during the auction", r"07-udspil-vist-kort-honnoer"),
        ("24A: a low card exposed during the auction", r"07-udspil-vist-kort-lavt"),
        ("24D: the offender becomes declarer", r"07-udspil-vist-kort-spilfoerer"),
        ("50D1(b): a 26B prohibition meets a major penalty card", r"07-udspil-50d1b-forbud"),
        ("50D1(a): no prohibition, the penalty card is led", r"07-udspil-50d1b-intet-forbud"),
    ],
}


# ------------------------------------------------------------------------------------------ finding notebooks

def notebook(number: str, lang: str | None = None) -> Path | None:
    """The notebook ``number`` in ``lang`` (``notebooks/<lang>/``), or with no language its source: the one
    written by hand, not generated from a catalogue (tools/translate.py)."""
    if lang is not None:
        found = sorted((NOTEBOOKS / lang).glob(f"{number}-*.ipynb"))
    else:
        found = [p for p in sorted(NOTEBOOKS.glob(f"*/{number}-*.ipynb"))
                 if not read(p).get("metadata", {}).get("bridgelaws", {}).get("translated_from")]
    return found[0] if len(found) == 1 else None


def require(number: str, lang: str | None = None) -> Path:
    path = notebook(number, lang)
    if path is None:
        folder = f"notebooks/{lang}" if lang else "notebooks/*"
        many = sorted(p.name for p in NOTEBOOKS.glob(f"{lang or '*'}/{number}-*.ipynb"))
        pytest.fail(f"notebook {number} ({ARTICLES.get(number, 'start page')}): "
                    + (f"several files {many}" if many else f"no {folder}/{number}-*.ipynb yet"))
    return path


def read(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def default_lang(nb: dict[str, Any]) -> str:
    for cell in nb["cells"]:
        if "parameters" in cell.get("metadata", {}).get("tags", []):
            m = re.search(r'^LANG\s*=\s*["\'](\w+)["\']', "".join(cell["source"]), re.MULTILINE)
            if m:
                return m.group(1)
    raise AssertionError("no cell tagged 'parameters' sets LANG")


# ------------------------------------------------------------------------------------------ executing them

WORKER = r"""
import atexit, json, os, re, shutil, sys, tempfile, traceback
import nbformat
from jupyter_client.manager import AsyncKernelManager
from jupyter_core.utils import run_sync
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

jobs = json.loads(open(sys.argv[1], encoding="utf-8").read())
results = {}
warm = None  # one client, with a kernel of its own, for the "warm" jobs of this worker
folders = tempfile.mkdtemp(prefix="bridgelaws-kernels-", dir="/tmp")  # short: a Unix socket's path has <= 107 bytes
atexit.register(shutil.rmtree, folders, ignore_errors=True)


class PrivateKernelManager(AsyncKernelManager):
    # a kernel over IPC in a folder of its own, never TCP ports another process can take first (conftest.py)

    def __init__(self, **kwargs):
        folder = tempfile.mkdtemp(dir=folders)
        super().__init__(transport="ipc", ip=os.path.join(folder, "ipc"),
                         connection_file=os.path.join(folder, "kernel.json"), **kwargs)


def options(cwd):
    # coalesce_streams: a cell's prints are one stream output, as nbval compares them; without it a cell whose
    # prints come more than ipykernel's flush interval (0.2 s) apart, as under load, has two, and a fresh and a warm
    # run of the same notebook differ by chance
    return dict(kernel_name="python3", kernel_manager_class=PrivateKernelManager, timeout=300, coalesce_streams=True,
                record_timing=False, store_widget_state=False, resources={"metadata": {"path": cwd}})


for job in jobs:
    nb = nbformat.read(job["src"], as_version=4)
    error = None
    if job["lang"] is not None:
        cells = [c for c in nb.cells if "parameters" in c.get("metadata", {}).get("tags", [])]
        if not cells or not re.search(r"^LANG\s*=", cells[0].source, re.MULTILINE):
            error = "no cell tagged 'parameters' with a LANG = ... line"
        else:
            cells[0].source = re.sub(r"^LANG\s*=.*$", 'LANG = "%s"' % job["lang"], cells[0].source,
                                     flags=re.MULTILINE)
    if error is None:
        try:
            if job["mode"] == "fresh":
                NotebookClient(nb, **options(job["cwd"])).execute()
            else:
                if warm is None or not run_sync(warm.km.is_alive)():
                    warm = NotebookClient(nb, km=PrivateKernelManager(kernel_name="python3"), **options(job["cwd"]))
                # a clean namespace (imported modules stay loaded: that is what makes a warm run fast)
                nb.cells.insert(0, nbformat.v4.new_code_cell("%reset -f"))
                warm.nb = nb
                try:
                    warm.execute()
                finally:
                    nb.cells.pop(0)
        except CellExecutionError as exc:
            error = str(exc)[-3000:]
        except Exception:
            error = traceback.format_exc()[-3000:]
    nbformat.write(nb, job["out"])
    results[job["key"]] = error
if warm is not None:
    warm._cleanup_kernel()
open(sys.argv[2], "w", encoding="utf-8").write(json.dumps(results))
"""


def execute_all(jobs: list[dict[str, Any]], tmp: Path) -> dict[str, str | None]:
    """Run the jobs in WORKERS processes; key -> None or the error."""
    batches: list[list[dict[str, Any]]] = [[] for _ in range(WORKERS)]
    loads = [0.0] * WORKERS
    for job in sorted(jobs, key=lambda j: -j["cost"]):  # longest first, to the least loaded worker
        i = loads.index(min(loads))
        batches[i].append(job)
        loads[i] += job["cost"]
    env = dict(os.environ)
    env["PATH"] = str(Path(sys.executable).parent) + os.pathsep + env.get("PATH", "")
    env.pop("PYTHONHOME", None)
    procs = []
    for i, batch in enumerate(b for b in batches if b):
        (tmp / f"jobs{i}.json").write_text(json.dumps(batch), encoding="utf-8")
        procs.append((subprocess.Popen(
            [sys.executable, "-c", WORKER, str(tmp / f"jobs{i}.json"), str(tmp / f"results{i}.json")],
            cwd=NOTEBOOKS, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True), batch, i))
    results: dict[str, str | None] = {}
    for proc, batch, i in procs:
        try:
            _, err = proc.communicate(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            proc.kill()
            _, err = proc.communicate()
        path = tmp / f"results{i}.json"
        if path.exists():
            results.update(json.loads(path.read_text(encoding="utf-8")))
        for job in batch:
            results.setdefault(job["key"], f"the worker process failed (exit {proc.returncode}): {(err or '')[-2000:]}")
    return results


class Runs:
    """The executed notebooks of this session, ``get(number, lang, mode)`` -> the executed notebook.

    Each notebook runs once in its own language in a fresh kernel (``fresh``, as nbval runs it), and once per
    language in a kernel that the worker keeps for all its ``warm`` runs, its namespace reset with ``%reset -f``
    first: the imports are then paid once per worker instead of once per run. Two executions of a notebook in
    its own language are thus a fresh and a warm one, which must agree.
    """

    FRESH_COST = 2.5  # seconds: kernel start and imports

    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        jobs = []
        for number in ["00", *ARTICLES]:
            source = notebook(number)
            if source is None:
                continue
            own = default_lang(read(source))
            for lang in LANGS:  # each language's own notebook (the source or its translation), warm
                path = notebook(number, lang)
                if path is not None:
                    cost = 0.5 + path.stat().st_size / 300_000  # a rough guess: big outputs take long to make
                    jobs.append(self._job(path, number, lang, "warm", cost))
            cost = 0.5 + source.stat().st_size / 300_000
            jobs.append(self._job(source, number, own, "fresh", cost + self.FRESH_COST))
        self.results = execute_all(jobs, tmp)

    def _job(self, path: Path, number: str, lang: str, mode: str, cost: float) -> dict[str, Any]:
        key = f"{number}-{lang}-{mode}"
        return {"key": key, "src": str(path), "lang": lang, "mode": mode, "cwd": str(path.parent), "cost": cost,
                "out": str(self.tmp / f"{key}.ipynb")}

    def get(self, number: str, lang: str, mode: str = "warm") -> dict[str, Any]:
        key = f"{number}-{lang}-{mode}"
        assert key in self.results, f"{key} was not executed"
        error = self.results[key]
        if error is not None:
            pytest.fail(f"notebook {number} with LANG = {lang!r} ({mode} kernel) did not execute cleanly:\n{error}")
        return read(self.tmp / f"{key}.ipynb")


@pytest.fixture(scope="session")
def runs(tmp_path_factory: pytest.TempPathFactory) -> Runs:
    # bridgelaws' bytecode first (into its __pycache__, ignored by git), as pip writes it for an installed package:
    # where PYTHONDONTWRITEBYTECODE is set (as on this machine), Python never writes it, and each of the kernels below
    # would compile every bridgelaws module it imports from source, about 0.25 s of CPU a kernel
    compileall.compile_dir(ROOT / "bridgelaws", quiet=1)
    return Runs(tmp_path_factory.mktemp("executed-notebooks"))


# ------------------------------------------------------------------------------------------ reading outputs

def code_cells(nb: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for c in nb["cells"] if c["cell_type"] == "code"]


def tags(cell: dict[str, Any]) -> list[str]:
    return list(cell.get("metadata", {}).get("tags", []))


def joined(value: str | list[str]) -> str:
    return value if isinstance(value, str) else "".join(value)


def html_text(markup: str) -> str:
    """What a reader sees of an HTML output: no style or script, no tags, entities resolved."""
    markup = re.sub(r"<(style|script)\b.*?</\1>", " ", markup, flags=re.DOTALL | re.IGNORECASE)
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


def visible_text(nb: dict[str, Any]) -> str:
    parts = []
    for cell in code_cells(nb):
        for out in cell.get("outputs", []):
            if out["output_type"] == "stream":
                parts.append(joined(out["text"]))
            elif out["output_type"] == "error":
                parts.append(out.get("evalue", ""))
            else:
                data = out.get("data", {})
                if "text/html" in data:
                    parts.append(html_text(joined(data["text/html"])))
                elif "text/plain" in data:
                    parts.append(joined(data["text/plain"]))
    return re.sub(r"\s+", " ", "\n".join(parts))


def find(phrase: str, text: str) -> bool:
    """``phrase`` occurs in ``text`` as whole words."""
    return phrase in text and re.search(rf"(?<!\w){re.escape(phrase)}(?!\w)", text) is not None


@cache
def phrases(lang: str) -> frozenset[str]:
    """The literal stretches of at least three words between the placeholders of ``lang``'s catalogue."""
    out = set()
    for template in catalog(lang).values():
        for piece in re.split(r"\{[^{}]*\}", template):
            piece = re.sub(r"\s+", " ", piece).strip(" .,:;()«»“”\"'–-")
            if len(piece.split()) >= 3 and len(piece) >= 12:
                out.add(piece)
    return frozenset(out)


@cache
def own_phrases(lang: str) -> frozenset[str]:
    """Phrases of ``lang``'s catalogue that no other language's catalogue contains."""
    others = "\n".join(t for other in LANGS if other != lang for t in catalog(other).values())
    return frozenset(p for p in phrases(lang) if not find(p, others))


@cache
def foreign_phrases(lang: str) -> frozenset[str]:
    """Phrases only other languages' catalogues contain (never found in ``lang``'s)."""
    mine = "\n".join(catalog(lang).values())
    return frozenset(p for other in LANGS if other != lang for p in phrases(other) if not find(p, mine))


def foreign_seat_names(lang: str) -> set[str]:
    mine = set(SEAT_NAMES[lang].values())
    return {name for other in LANGS if other != lang for name in SEAT_NAMES[other].values()} - mine


def test_the_language_markers_tell_the_three_languages_apart() -> None:
    # the checker itself: each language has phrases of its own, and seat names only it uses
    for lang in LANGS:
        assert len(own_phrases(lang)) > 100, lang
        assert own_phrases(lang).isdisjoint(foreign_phrases(lang))
    assert foreign_seat_names("da") == {"North", "East", "South", "West"}
    assert foreign_seat_names("en") == {"Nord", "Øst", "Syd", "Vest"}
    assert find("til dette stik", "til dette stik.") and not find("til dette stik", "til dette stikket")


# ------------------------------------------------------------------------------------------ 1. languages

@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("number", list(ARTICLES))
def test_article_notebook_runs_and_speaks_the_language(runs: Runs, number: str, lang: str) -> None:
    require(number)
    nb = runs.get(number, lang)
    problems = []
    for i, cell in enumerate(code_cells(nb), 1):
        for out in cell.get("outputs", []):
            if out["output_type"] == "error" and "raises-exception" not in tags(cell):
                problems.append(f"code cell {i} raised {out['ename']}: {out['evalue']}")
            if out["output_type"] == "stream" and out["name"] == "stderr":
                problems.append(f"code cell {i} wrote to stderr: {joined(out['text'])[:200]!r}")
    text = visible_text(nb)
    if lang == "en":
        if not re.search(r"\bLaw \d", text):
            problems.append("no English citation ('Law 50B') in the outputs")
        problems += [f"Danish/Norwegian citation {m!r} in the English outputs"
                     for m in sorted(set(re.findall(r"§ ?\d+\s?[A-H]?\d?[a-z]?", text)))[:5]]
    else:
        if not re.search(r"§ \d", text):
            problems.append("no citation in the style '§ 50B' in the outputs")
        problems += [f"English citation {m!r} in the {lang} outputs"
                     for m in sorted(set(re.findall(r"\bLaw \d+[A-H]?\d?", text)))[:5]]
    problems += [f"seat name {name!r} of another language" for name in sorted(foreign_seat_names(lang))
                 if find(name, text)]
    sources = "\n".join(joined(c["source"]) for c in code_cells(nb))
    if "scenarios/" in sources and not any(find(n, text) for n in SEAT_NAMES[lang].values()):
        problems.append(f"the scenarios are played, but no {lang} seat name ({', '.join(SEAT_NAMES[lang].values())}) "
                        "appears")
    if not any(find(p, text) for p in own_phrases(lang)):
        problems.append(f"no sentence of the {lang} catalogue appears in the outputs")
    foreign = sorted(p for p in foreign_phrases(lang) if find(p, text))
    problems += [f"phrase of another language's catalogue: {p!r}" for p in foreign[:10]]
    assert not problems, f"{notebook(number).name} with LANG = {lang!r}:\n  " + "\n  ".join(problems)  # type: ignore[union-attr]


# ------------------------------------------------------------------------------------------ 2. determinism

def sanitizers() -> list[tuple[re.Pattern[str], str]]:
    lines = [line.strip() for line in SANITIZE.read_text(encoding="utf-8").splitlines()]
    pairs, pattern = [], None
    for line in lines:
        if line.startswith("regex:"):
            pattern = re.compile(line[len("regex:"):].strip())
        elif line.startswith("replace:") and pattern is not None:
            pairs.append((pattern, line[len("replace:"):].strip()))
            pattern = None
    return pairs


def comparable(nb: dict[str, Any]) -> list[list[Any]]:
    """The code cells' outputs as nbval compares them: no execution counts, metadata or widget model ids."""
    subs = sanitizers()

    def clean(s: str | list[str]) -> str:
        s = joined(s)
        for pattern, replacement in subs:
            s = pattern.sub(replacement, s)
        return s

    cells = []
    for cell in code_cells(nb):
        outs = []
        for out in cell.get("outputs", []):
            kind = out["output_type"]
            if kind == "stream":
                outs.append((kind, out["name"], clean(out["text"])))
            elif kind == "error":
                outs.append((kind, out["ename"], clean(out["evalue"])))
            else:
                data = {k: clean(v) if not isinstance(v, dict) else v for k, v in out.get("data", {}).items()
                        if k != "application/vnd.jupyter.widget-view+json"}
                outs.append((kind, sorted(data.items())))
        cells.append(outs)
    return cells


@pytest.mark.parametrize("number", ["00", *ARTICLES])
def test_notebook_gives_the_same_outputs_when_run_twice(runs: Runs, number: str) -> None:
    path = require(number)
    lang = default_lang(read(path))
    first, second = comparable(runs.get(number, lang, "fresh")), comparable(runs.get(number, lang, "warm"))
    differ = [i for i, (a, b) in enumerate(zip(first, second), 1) if a != b]
    assert len(first) == len(second) and not differ, f"{path.name}: code cells {differ} differ between two runs"


#: a cell whose two prints come further apart than ipykernel's flush interval (0.2 s), as a slow cell's do under load
PAUSED_PRINTS = 'import time\nprint("first", flush=True)\ntime.sleep(0.6)\nprint("second")'


def paused_notebook(path: Path) -> None:
    cell = {"cell_type": "code", "execution_count": None, "id": "paused", "metadata": {}, "outputs": [],
            "source": PAUSED_PRINTS}
    spec = {"name": "python3", "display_name": "Python 3", "language": "python"}
    path.write_text(json.dumps({"cells": [cell], "metadata": {"kernelspec": spec}, "nbformat": 4,
                                "nbformat_minor": 5}), encoding="utf-8")


def test_a_cells_prints_are_one_output_however_far_apart(tmp_path: Path) -> None:
    # nbval joins a cell's stream outputs before it compares them; the two runs compared above, and `dev.py execute`
    # which stores the outputs nbval compares with, must join them too: a print that comes late (a loaded machine)
    # would otherwise be an output of its own, and a fresh and a warm run of the same notebook differ by chance
    src = tmp_path / "paused.ipynb"
    paused_notebook(src)
    jobs = [{"key": mode, "src": str(src), "lang": None, "mode": mode, "cwd": str(tmp_path), "cost": 1.0,
             "out": str(tmp_path / f"{mode}.ipynb")} for mode in ("fresh", "warm")]
    results = execute_all(jobs, tmp_path)
    stored = tmp_path / "stored" / "paused.ipynb"
    stored.parent.mkdir()
    paused_notebook(stored)
    dev = load_dev()
    subprocess.run([sys.executable, "-c", dev.EXECUTE, str(stored)], check=True, capture_output=True, timeout=300)
    for name, path in [("fresh", tmp_path / "fresh.ipynb"), ("warm", tmp_path / "warm.ipynb"),
                       ("dev.py execute", stored)]:
        assert results.get(name) is None, results[name]
        outputs = code_cells(read(path))[0]["outputs"]
        assert [(o["output_type"], o.get("name"), joined(o.get("text", ""))) for o in outputs] == [
            ("stream", "stdout", "first\nsecond\n")], f"{name}: {outputs}"


# ------------------------------------------------------------------------------------------ 3. examples

def used_scenarios(path: Path) -> list[str]:
    """The scenario files (stems) that the notebook's code cells name: every string literal ending in
    ``.toml``; a replacement field of an f-string (``q{n}``) stands for letters and digits."""
    sources = "\n".join(joined(c["source"]) for c in code_cells(read(path)))
    names = [m[1] for m in re.findall(r"""(["'])([^"'\n]*?\.toml)\1""", sources)]
    existing = [p.stem for p in sorted(SCENARIOS.glob("*.toml"))]
    used = []
    for name in names:
        stem = name.rsplit("/", 1)[-1][: -len(".toml")]
        if "{" not in stem:
            used.append(stem)
            continue
        parts = re.split(r"\{[^{}]*\}", stem)
        pattern = "[A-Za-z0-9]+".join(re.escape(part) for part in parts)
        used += [e for e in existing if re.fullmatch(pattern, e)]
    return used


@pytest.mark.parametrize("number, example, pattern", [
    pytest.param(number, example, pattern, id=f"{number}-{example}")
    for number, examples in EXAMPLES.items() for example, pattern in examples])
def test_every_example_of_the_article_is_shown(number: str, example: str, pattern: str) -> None:
    files = [p.stem for p in sorted(SCENARIOS.glob("*.toml")) if re.fullmatch(pattern, p.stem)]
    assert files, f"{ARTICLES[number]}, {example}: no scenario file notebooks/scenarios/ matches {pattern!r}"
    path = require(number)
    used = [stem for stem in used_scenarios(path) if re.fullmatch(pattern, stem)]
    assert used, (f"{path.name} shows no scenario for {ARTICLES[number]} {example!r} (one of {', '.join(files)})")
    missing = [stem for stem in used if not (SCENARIOS / f"{stem}.toml").exists()]  # written-out names
    assert not missing, f"{path.name} names scenario files that do not exist: {missing}"


def test_the_example_list_covers_the_articles() -> None:
    assert {n: len(v) for n, v in EXAMPLES.items()} == {"01": 7, "02": 7, "04": 21, "05": 8, "06": 15, "07": 9}
    labels = [e for e, _ in EXAMPLES["04"]]
    assert labels[:4] == ["3.1.1", "3.1.2", "3.1.3", "3.1.4"] and labels[8:20] == [f"5.1.{i}" for i in range(1, 13)]
    # 5.1.1 must not match 5.1.10-12, and suffixed variants must match their example
    p511 = dict(EXAMPLES["04"])["5.1.1"]
    assert re.fullmatch(p511, "04-bordet-fanger-5-1-1-fortalelse")
    assert not re.fullmatch(p511, "04-bordet-fanger-5-1-10")
    assert not re.fullmatch(dict(EXAMPLES["05"])["Q1"], "05-spillet-kort-q10")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("number", ["00", *ARTICLES])
def test_links_between_notebooks_resolve(number: str, lang: str) -> None:
    path = require(number, lang)
    text = "\n".join(joined(c["source"]) for c in read(path)["cells"] if c["cell_type"] == "markdown")
    targets = re.findall(r"\]\(([^)#\s]+\.ipynb)(?:#[^)]*)?\)", text)
    broken = sorted({t for t in targets if not (path.parent / t).exists()})
    assert not broken, f"{path.name} links to notebooks that do not exist: {broken}"


@pytest.mark.parametrize("lang", LANGS)
def test_the_start_page_lists_every_notebook_and_each_leads_to_the_next(lang: str) -> None:
    """A reader finds every notebook in her language: the start page's table links each one, and the
    navigation line at the foot of each notebook goes on to the next (the last to none)."""
    numbers = sorted(ARTICLES)
    start = "\n".join(joined(c["source"]) for c in read(require("00", lang))["cells"] if c["cell_type"] == "markdown")
    for number in numbers:
        name = require(number, lang).name
        assert re.search(rf"^\| {number} \| \[[^]]+\]\({re.escape(name)}\) \|", start, re.M), \
            f"the {lang} start page's table does not link {name}"
    order = ["00", *numbers]
    for here, after in zip(order, [*order[1:], None]):
        cells = [joined(c["source"]) for c in read(require(here, lang))["cells"] if c["cell_type"] == "markdown"]
        nav = [c for c in cells if c.lstrip().startswith("<!--NAV-->")]
        assert len(nav) == 1, f"{lang}/{require(here, lang).name} has {len(nav)} navigation lines"
        ahead = re.findall(r"\[[^]]*→\]\(([^)]+\.ipynb)\)", nav[0])
        assert ahead == ([require(after, lang).name] if after else []), \
            f"{lang}/{require(here, lang).name} leads on to {ahead}"


@pytest.mark.parametrize("number", ["00", *ARTICLES])
def test_every_notebook_links_its_two_other_languages(number: str) -> None:
    """A teacher who opens a notebook in one language reaches the other two from its first cell."""
    for lang in LANGS:
        path = require(number, lang)
        first = joined(read(path)["cells"][0]["source"])
        targets = set(re.findall(r"\]\(\.\./(da|nb|en)/([^)]+\.ipynb)\)", first))
        assert targets == {(other, path.name) for other in LANGS if other != lang}, \
            f"{lang}/{path.name}: the first cell links {sorted(targets)}"
