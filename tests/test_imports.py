"""Imports run one way (DESIGN.md, Layers): no module of the package imports, directly or through others, a
module that imports it back, counting imports inside functions and under ``TYPE_CHECKING``. ``from P import m``
counts as an import of the package ``P`` as well as of ``P.m``: it runs ``P``'s ``__init__`` and asks it for ``m``.

The one named exception: the lazy display hooks, an import of ``bridgelaws.render`` (or one of its modules)
made inside a method called ``_repr_html_``. Core types draw themselves through ``render``, which itself
imports the core types.

The analysis reads the source with :mod:`ast`; it never imports the package.
"""

from __future__ import annotations

import ast
import textwrap
from collections.abc import Iterable, Mapping
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "bridgelaws"

#: the exception, by name: (function name, imported package of the same root) as in DESIGN.md
DISPLAY_HOOK = "_repr_html_"
DISPLAY_TARGET = "render"


def module_names(package_dir: Path) -> dict[str, Path]:
    """Every module of the package under ``package_dir``: dotted name -> file."""
    base = package_dir.name
    out: dict[str, Path] = {}
    for path in sorted(package_dir.rglob("*.py")):
        rel = path.relative_to(package_dir).with_suffix("")
        parts = [base, *rel.parts]
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def _resolve_relative(module: str, is_package: bool, level: int, target: str | None) -> str:
    parts = module.split(".")
    if not is_package:
        parts = parts[:-1]
    if level > 1:
        parts = parts[: len(parts) - (level - 1)]
    return ".".join(parts + ([target] if target else []))


class _Collector(ast.NodeVisitor):
    """Every import statement with the name of the innermost function it sits in."""

    def __init__(self) -> None:
        self.functions: list[str] = []
        self.found: list[tuple[ast.AST, str | None]] = []

    def _visit_function(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self.functions.append(node.name)
        self.generic_visit(node)
        self.functions.pop()

    visit_FunctionDef = _visit_function
    visit_AsyncFunctionDef = _visit_function

    def _record(self, node: ast.AST) -> None:
        self.found.append((node, self.functions[-1] if self.functions else None))
        self.generic_visit(node)

    visit_Import = _record
    visit_ImportFrom = _record

    def visit_Call(self, node: ast.Call) -> None:
        # importlib.import_module("bridgelaws.x") and __import__("bridgelaws.x") with a constant name
        f = node.func
        name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
        if name in ("import_module", "__import__") and node.args and isinstance(node.args[0], ast.Constant) \
                and isinstance(node.args[0].value, str):
            self.found.append((node, self.functions[-1] if self.functions else None))
        self.generic_visit(node)


def imports_of(module: str, path: Path, modules: Iterable[str]) -> list[tuple[str, str | None, int]]:
    """(imported module of the package, enclosing function or None, line) for every import in the file."""
    known = set(modules)
    root = module.split(".")[0]
    is_package = path.name == "__init__.py"
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    collector = _Collector()
    collector.visit(tree)
    out: list[tuple[str, str | None, int]] = []

    def add(name: str, fn: str | None, line: int) -> None:
        # the longest prefix of ``name`` that is a module of the package
        parts = name.split(".")
        while parts and ".".join(parts) not in known:
            parts.pop()
        if parts:
            out.append((".".join(parts), fn, line))

    for node, fn in collector.found:
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == root:
                    add(alias.name, fn, line)
        elif isinstance(node, ast.ImportFrom):
            base = _resolve_relative(module, is_package, node.level, node.module) if node.level else node.module
            if not base or base.split(".")[0] != root:
                continue
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                if sub in known and base in known:
                    # ``from P import m`` asks the package P for m: it runs P's __init__ and reads its namespace,
                    # then loads the module P.m
                    add(base, fn, line)
                add(sub if sub in known else base, fn, line)
        elif isinstance(node, ast.Call):
            name = node.args[0].value  # type: ignore[attr-defined]
            if name.split(".")[0] == root:
                add(name, fn, line)
    return out


def is_display_hook(target: str, function: str | None) -> bool:
    render = f"{target.split('.')[0]}.{DISPLAY_TARGET}"
    return function == DISPLAY_HOOK and (target == render or target.startswith(render + "."))


def import_graph(package_dir: Path) -> tuple[dict[str, set[str]], list[tuple[str, str, int]]]:
    """The graph of imports between the package's modules, and the display-hook edges left out of it."""
    modules = module_names(package_dir)
    graph: dict[str, set[str]] = {m: set() for m in modules}
    hooks: list[tuple[str, str, int]] = []
    for mod, path in modules.items():
        for target, fn, line in imports_of(mod, path, modules):
            if target == mod:
                continue
            if is_display_hook(target, fn):
                hooks.append((mod, target, line))
                continue
            graph[mod].add(target)
    return graph, hooks


def cycles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """One cycle through each strongly connected component with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    comps: list[list[str]] = []
    counter = 0

    def strong(v: str) -> None:
        nonlocal counter
        index[v] = low[v] = counter
        counter += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                comps.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            strong(v)

    out = []
    for comp in comps:
        members = set(comp)
        start = comp[0]
        # shortest path from start back to start inside the component
        prev: dict[str, str] = {}
        frontier = [start]
        seen = {start}
        found = None
        while frontier and found is None:
            nxt = []
            for v in frontier:
                for w in sorted(graph[v]):
                    if w == start:
                        found = v
                        break
                    if w in members and w not in seen:
                        seen.add(w)
                        prev[w] = v
                        nxt.append(w)
                if found is not None:
                    break
            frontier = nxt
        path = [start]
        v = found
        while v is not None and v != start:
            path.insert(1, v)
            v = prev.get(v)
        out.append(path + [start])
    return out


# --------------------------------------------------------------------------------------------------------------
# the package
# --------------------------------------------------------------------------------------------------------------

def test_the_package_has_no_import_cycle() -> None:
    graph, _ = import_graph(PACKAGE)
    found = cycles(graph)
    assert found == [], "import cycles (imports inside functions count too):\n" + "\n".join(
        " -> ".join(c) for c in found)


def test_the_only_exception_is_the_display_hooks() -> None:
    # every edge left out of the graph is an import of render inside _repr_html_, and they exist (the exception
    # is real, not a hole that hides other imports)
    _, hooks = import_graph(PACKAGE)
    assert hooks, "expected the lazy _repr_html_ hooks into render"
    assert all(t == "bridgelaws.render" or t.startswith("bridgelaws.render.") for _, t, _ in hooks)


def test_the_rules_sit_below_the_table() -> None:
    # DESIGN.md: the table loads the rules, the rules never import the table
    graph, _ = import_graph(PACKAGE)
    for mod, targets in graph.items():
        if mod.startswith("bridgelaws.rules"):
            assert "bridgelaws.table" not in targets, f"{mod} imports bridgelaws.table"
    assert not {t for t in graph["bridgelaws.mechanics"] if t.startswith("bridgelaws.rules")}
    assert "bridgelaws.table" not in graph["bridgelaws.mechanics"]
    # the errors carry what they describe as data and import nothing of the package
    assert graph["bridgelaws.errors"] == set()


def test_the_renderer_parts_import_down_their_list() -> None:
    # render/html.py's docstring lists the parts of the HTML renderer in import order: each imports only parts
    # above it (and the render package's view helpers), so a reader of one part knows what it can depend on
    order = ["style", "markup", "controls", "hands", "auction", "centre", "statements", "panel", "board", "html"]
    graph, _ = import_graph(PACKAGE)
    parts = {f"bridgelaws.render.{name}": i for i, name in enumerate(order)}
    on_disk = {m for m in graph if m.startswith("bridgelaws.render.")} - {"bridgelaws.render.text"}
    assert on_disk == set(parts), "a part of the renderer is missing from the list, or the list names a ghost"
    for mod, i in parts.items():
        for target in graph[mod]:
            if target in parts:
                assert parts[target] < i, f"{mod} imports {target}, which comes after it"


# --------------------------------------------------------------------------------------------------------------
# the checker itself can fail
# --------------------------------------------------------------------------------------------------------------

def _plant(tmp_path: Path, files: Mapping[str, str]) -> Path:
    pkg = tmp_path / "planted"
    for name, src in files.items():
        p = pkg / name
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(textwrap.dedent(src), encoding="utf-8")
    for d in [pkg, *[p for p in pkg.rglob("*") if p.is_dir()]]:
        (d / "__init__.py").touch()
    return pkg


def test_a_cycle_through_an_import_inside_a_function_is_found(tmp_path: Path) -> None:
    pkg = _plant(tmp_path, {
        "a.py": "from planted.b import thing\n",
        "b.py": "def thing():\n    from planted import a\n    return a\n",
        "c.py": "import planted.a\n",
    })
    graph, _ = import_graph(pkg)
    assert cycles(graph) == [["planted.a", "planted.b", "planted.a"]]


def test_a_longer_cycle_under_type_checking_and_relative_imports_is_found(tmp_path: Path) -> None:
    pkg = _plant(tmp_path, {
        "x.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .sub.y import Y\n",
        "sub/y.py": "from ..z import Z\n",
        "z.py": "import importlib\ndef f():\n    return importlib.import_module('planted.x')\n",
    })
    graph, _ = import_graph(pkg)
    found = cycles(graph)
    assert len(found) == 1
    assert set(found[0]) == {"planted.x", "planted.sub.y", "planted.z"}


def test_only_render_inside_repr_html_is_exempt(tmp_path: Path) -> None:
    pkg = _plant(tmp_path, {
        "render/__init__.py": "",
        "core.py": """
            class Core:
                def _repr_html_(self):
                    from planted.render import html
                    return html
        """,
        "render/html.py": "from planted.core import Core\n",
    })
    graph, hooks = import_graph(pkg)
    assert cycles(graph) == []
    # ``from planted.render import html`` asks the package render and loads its module html: both are the hook
    assert hooks == [("planted.core", "planted.render", 4), ("planted.core", "planted.render.html", 4)]
    # the same import under another name is a cycle
    (pkg / "core.py").write_text("def show():\n    from planted.render import html\n    return html\n")
    (pkg / "render" / "html.py").write_text("from planted.core import show\n")
    graph, hooks = import_graph(pkg)
    assert hooks == []
    assert cycles(graph) == [["planted.core", "planted.render.html", "planted.core"]]


def test_asking_the_own_package_for_a_sibling_closes_a_cycle(tmp_path: Path) -> None:
    # issue 32: session/core.py did ``from bridgelaws.session import common``; that runs and reads the package's
    # __init__, which imports tablesession, which imports core
    files = {
        "sub/__init__.py": "from planted.sub.top import Top\n",
        "sub/top.py": "from planted.sub.low import thing\nclass Top: pass\n",
        "sub/low.py": "from planted.sub import helper\nthing = helper\n",
        "sub/helper.py": "",
    }
    graph, _ = import_graph(_plant(tmp_path / "asks", files))
    assert cycles(graph) == [["planted.sub", "planted.sub.top", "planted.sub.low", "planted.sub"]]
    # the module named by its full name does not ask the package
    files["sub/low.py"] = "import planted.sub.helper as helper\nthing = helper\n"
    graph, _ = import_graph(_plant(tmp_path / "names", files))
    assert cycles(graph) == []


@pytest.mark.parametrize("src", ["import planted.b as b\n", "from planted import b\n", "from . import b\n"])
def test_every_spelling_of_an_import_counts(tmp_path: Path, src: str) -> None:
    pkg = _plant(tmp_path, {"a.py": src, "b.py": "from planted.a import *\n"})
    graph, _ = import_graph(pkg)
    assert len(cycles(graph)) == 1


# --------------------------------------------------------------------------------------------------------------
# what the one-way imports rely on at run time
# --------------------------------------------------------------------------------------------------------------

PROBE = """
import json, sys
from bridgelaws.errors import IllegalPlayError
from bridgelaws.cards import Card, Seat
from bridgelaws.laws import law
loaded_before = "bridgelaws.notation" in sys.modules
e = IllegalPlayError("x", key="error.not_in_hand", seat=Seat.EAST, card=Card.parse("SQ"), law=law("50D1a"))
texts = {lang: e.explain(lang) for lang in ("da", "nb", "en")}
from bridgelaws.notation import format_card, format_seat
want = {lang: [format_seat(Seat.EAST, lang), format_card(Card.parse("SQ"), lang)] for lang in texts}
print(json.dumps({"loaded_before": loaded_before, "texts": texts, "want": want}))
"""


def test_errors_and_catalogues_write_cards_in_every_language_without_importing_upwards() -> None:
    # errors import nothing and the catalogues do not import notation; an error raised before notation is loaded
    # is still explained with the seat and card written in the reader's language
    import json
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    got = json.loads(out.stdout.strip().splitlines()[-1])
    assert got["loaded_before"] is False
    for lang, text in got["texts"].items():
        for part in got["want"][lang]:
            assert part in text, (lang, part, text)
    assert got["texts"]["da"] != got["texts"]["en"]


CLAIM_PROBE = """
import json, sys
import bridgelaws.rules.claims
from bridgelaws.analysis.claims import min_tricks
print(json.dumps(sorted(m for m in sys.modules if m.startswith(("bridgelaws.analysis", "endplay")))))
"""


def test_the_engines_claim_rules_load_the_claim_solver_without_the_search() -> None:
    # the claim solver lives in the analysis layer (issue 38) but the engine's claim rules (Laws 70, 71) use it:
    # loading them loads the position model and the solver, not the search, the values or DDS
    import json
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", CLAIM_PROBE], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    loaded = set(json.loads(out.stdout.strip().splitlines()[-1]))
    assert {"bridgelaws.analysis.claims", "bridgelaws.analysis.position"} <= loaded, loaded
    assert loaded <= {"bridgelaws.analysis", "bridgelaws.analysis.claims", "bridgelaws.analysis.position"}, loaded


def test_the_analysis_sits_above_the_engine_and_below_the_views() -> None:
    # DESIGN.md, Layers: the analysis imports the core (cards, state, rules, table, the claim solver's plain-play
    # representation) and nothing that shows a position; nothing of the engine imports it
    graph, _ = import_graph(PACKAGE)
    analysis = {m for m in graph if m.startswith("bridgelaws.analysis")}
    assert analysis, "bridgelaws.analysis is missing"
    engine = [m for m in graph if m.startswith(("bridgelaws.rules", "bridgelaws.pbn"))] + [
        f"bridgelaws.{m}" for m in ("cards", "deal", "laws", "errors", "state", "mechanics", "table", "events",
                                     "simulate", "i18n", "notation")]
    # the parts of the analysis the engine may use: the position model the claim solver and the search share
    # (issue 38), which itself imports only the core value types, and the claim solver (the engine's claim rules,
    # Laws 70 and 71), which imports of the analysis only that model
    shared = "bridgelaws.analysis.position"
    solver = "bridgelaws.analysis.claims"
    assert graph[shared] <= {"bridgelaws.cards", "bridgelaws.state"}, graph[shared]
    assert graph[solver] & analysis <= {shared, "bridgelaws.analysis"}, graph[solver] & analysis
    for mod in engine:
        assert not (graph[mod] & analysis) - {shared, solver, "bridgelaws.analysis"}, \
            f"{mod} imports {graph[mod] & analysis}"
    assert solver in graph["bridgelaws.rules.claims"]
    assert shared in graph[solver] and shared in graph["bridgelaws.analysis.search"]
    views = ("bridgelaws.view", "bridgelaws.widgets", "bridgelaws.render", "bridgelaws.session",
             "bridgelaws.scenario", "bridgelaws.timeline", "bridgelaws.notebook")
    for mod in analysis:
        bad = [t for t in graph[mod] if t.startswith(views)]
        assert not bad, f"{mod} imports {bad}"


# ---- private names stay in their module (issue 38) -------------------------------------------------------------
#
# A private name is one with a single leading underscore (``_x``, not ``__x__``). No file of the project uses
# another project module's private name:
#   - ``from M import _x`` and ``from M import _x as y``, where M is a project module other than the file's own and
#     ``M._x`` is not itself a module (``from M import x as _x``, a public name under a private alias, is fine);
#   - ``m._x`` (or ``m.sub._x``) where ``m`` is bound in the file only by imports of project modules (``import
#     bridgelaws.x as m``, ``from bridgelaws import x``, ``import bridgelaws.x``). A name the file also binds
#     otherwise (an assignment, a parameter) cannot be decided from the source and is left out.
# The project: every Python file under bridgelaws/, tools/, benchmarks/, tests/ and .ci/, and dev.py. Its modules:
# the package's dotted names, and the files of the other folders by their bare names (tests, tools and benchmarks
# put each other's folders on sys.path) or ``tests.x``; a bare name of the standard library is the library's.
# Third-party modules are theirs (``from endplay import _dds`` is endplay's own way). A test's
# ``monkeypatch.setattr(module, "_x", ...)`` names the private state it replaces as a string: that is not counted.

PROJECT_FOLDERS = ("bridgelaws", "tools", "benchmarks", "tests", ".ci")
SCRIPTS = ("dev.py",)


def project_modules(root: Path) -> tuple[dict[Path, str], set[str]]:
    """Every Python file of the project with the module name it is imported as, and every importable name."""
    import sys

    files: dict[Path, str] = {}
    names: set[str] = set()
    package = root / "bridgelaws"
    if package.is_dir():
        for name, path in module_names(package).items():
            files[path] = name
            names.add(name)
    for folder in PROJECT_FOLDERS[1:]:
        for path in sorted((root / folder).rglob("*.py")):
            files[path] = path.stem
            if path.parent == root / folder and path.stem not in sys.stdlib_module_names:
                names.add(path.stem)
                if not folder.startswith("."):
                    names.add(f"{folder}.{path.stem}")
    for script in SCRIPTS:
        if (root / script).is_file():
            files[root / script] = Path(script).stem
            names.add(Path(script).stem)
    return files, names


def _is_private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _other_bindings(tree: ast.AST) -> set[str]:
    """Names the file binds by anything but an import: assignments, parameters, loop targets, defs, classes."""
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            out.add(node.id)
        elif isinstance(node, ast.arg):
            out.add(node.arg)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.add(node.name)
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            out.update(node.names)
    return out


def private_uses_in(source: str, module: str, is_package: bool, known: set[str]) -> list[tuple[int, str, str]]:
    """(line, module, private name) for every use in ``source`` (the file of ``module``) of another project
    module's private name; ``known`` holds every importable project module name."""
    tree = ast.parse(source)
    out: list[tuple[int, str, str]] = []
    bound: dict[str, str] = {}  # name -> the project module an import binds it to
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = _resolve_relative(module, is_package, node.level, node.module) if node.level else node.module
            if base not in known:
                continue
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                if sub in known:
                    bound[alias.asname or alias.name] = sub
                elif _is_private(alias.name) and base != module:
                    out.append((node.lineno, base, alias.name))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname and alias.name in known:
                    bound[alias.asname] = alias.name
                elif not alias.asname and alias.name.split(".")[0] in known:
                    bound[alias.name.split(".")[0]] = alias.name.split(".")[0]
    undecided = _other_bindings(tree)
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Attribute) and _is_private(node.attr)):
            continue
        chain: list[str] = []
        value = node.value
        while isinstance(value, ast.Attribute):
            chain.append(value.attr)
            value = value.value
        if not isinstance(value, ast.Name) or value.id not in bound or value.id in undecided:
            continue
        target: str | None = bound[value.id]
        for part in reversed(chain):
            target = f"{target}.{part}" if f"{target}.{part}" in known else None
            if target is None:
                break
        if target and target != module and f"{target}.{node.attr}" not in known:
            out.append((node.lineno, target, node.attr))
    return out


def private_uses(root: Path) -> list[tuple[str, int, str, str]]:
    """(file relative to ``root``, line, module, private name) for every use of another module's private name
    in the project under ``root``."""
    files, known = project_modules(root)
    out = []
    for path, module in files.items():
        for line, target, name in private_uses_in(path.read_text(encoding="utf-8"), module,
                                                  path.name == "__init__.py", known):
            out.append((path.relative_to(root).as_posix(), line, target, name))
    return sorted(out)


def test_no_file_uses_another_modules_private_names() -> None:
    found = private_uses(ROOT)
    assert not found, "another module's private name used (make it public where it lives, or move it to the " \
        "module that uses it):\n" + "\n".join(f"{f}:{line}: {m}.{n}" for f, line, m, n in found)


def test_the_project_is_every_folder_and_script() -> None:
    # the rule reads every file it claims to: each folder contributes files, and the bare names of the folders
    # outside the package are the project's (a helper of the tests, a tool) unless the standard library has them
    files, known = project_modules(ROOT)
    for folder in PROJECT_FOLDERS:
        assert any(p.is_relative_to(ROOT / folder) for p in files), folder
    assert ROOT / "dev.py" in files
    assert {"browserkit", "translate", "failures", "fuzzing", "bridgelaws.scenario.values"} <= known
    assert "site" not in known and "html" not in known  # benchmarks/site.py, render/html.py: the stdlib's names


def _uses(src: str, module: str = "bridgelaws.a", known: frozenset[str] = frozenset()) -> list[tuple[str, str]]:
    modules = {"bridgelaws", "bridgelaws.a", "bridgelaws.b", "bridgelaws.sub", "bridgelaws.sub.c", "helper",
               "tests.helper"} | known
    return [(m, n) for _, m, n in private_uses_in(textwrap.dedent(src), module, False, modules)]


@pytest.mark.parametrize("src, expected", [
    ("from bridgelaws.b import _helper\n", [("bridgelaws.b", "_helper")]),
    ("from .b import _helper as helper\n", [("bridgelaws.b", "_helper")]),
    ("def f():\n    from bridgelaws.b import _helper\n", [("bridgelaws.b", "_helper")]),
    ("from bridgelaws.sub import _X, public\n", [("bridgelaws.sub", "_X")]),
    ("import bridgelaws.b as b\nb._helper()\n", [("bridgelaws.b", "_helper")]),
    ("from bridgelaws import b\nx = b._TABLE\n", [("bridgelaws.b", "_TABLE")]),
    ("import bridgelaws.sub.c\nbridgelaws.sub.c._f()\n", [("bridgelaws.sub.c", "_f")]),
    ("from bridgelaws import sub\nsub.c._f()\nsub._g()\n", [("bridgelaws.sub.c", "_f"), ("bridgelaws.sub", "_g")]),
    ("import helper\nhelper._set_lang('da')\n", [("helper", "_set_lang")]),
    ("from tests.helper import _wait\n", [("tests.helper", "_wait")]),
])
def test_a_private_use_is_found(src: str, expected: list[tuple[str, str]]) -> None:
    assert sorted(_uses(src)) == sorted(expected)


@pytest.mark.parametrize("src", [
    "from bridgelaws import b as _b\nfrom bridgelaws.b import helper as _helper, __version__\n",  # private aliases
    "from bridgelaws.a import _own\nimport bridgelaws.a as me\nme._own2()\n",  # the module's own names
    "from endplay import _dds\nimport numpy as np\nnp._x\n",  # third-party modules
    "from bridgelaws.sub import c\nc.thing._private\n",  # an attribute of a value, not of a module
    "import bridgelaws.b as b\nb.__name__\nobj._repr_html_()\n",  # dunders, objects
    "import bridgelaws.b as b\ndef f(b):\n    return b._x\n",  # b rebound: cannot be decided
    "from bridgelaws.sub import _c_module\n",  # a submodule, not a name
])
def test_public_names_aliases_own_names_and_third_parties_are_not_private_uses(src: str) -> None:
    assert _uses(src, known=frozenset({"bridgelaws.sub._c_module"})) == []


def test_the_rule_reads_a_planted_project(tmp_path: Path) -> None:
    # a small project on disk: the package, a test helper used by bare name, a tool, .ci and dev.py
    for rel, src in {
        "bridgelaws/__init__.py": "",
        "bridgelaws/b.py": "def _helper():\n    pass\n",
        "bridgelaws/a.py": "from bridgelaws.b import _helper\n",
        "tests/browserkit.py": "_PORT = 1\n",
        "tests/test_x.py": "import browserkit\nfrom bridgelaws import b\nb._helper\nbrowserkit._PORT\n",
        "tools/t.py": "from bridgelaws.b import helper as _helper\n",
        ".ci/c.py": "from browserkit import _PORT\n",
        "dev.py": "import bridgelaws.b\nbridgelaws.b._helper()\n",
    }.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(src, encoding="utf-8")
    assert [(f, m, n) for f, _, m, n in private_uses(tmp_path)] == [
        (".ci/c.py", "browserkit", "_PORT"), ("bridgelaws/a.py", "bridgelaws.b", "_helper"),
        ("dev.py", "bridgelaws.b", "_helper"), ("tests/test_x.py", "bridgelaws.b", "_helper"),
        ("tests/test_x.py", "browserkit", "_PORT")]
