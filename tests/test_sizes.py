"""Rooms a reader can hold (issue 32, GUIDE.md): no module of the package over 1,000 lines, no class over 300,
at most 3 functions over 60 lines and none over 80. Lengths are counted with :mod:`ast` from a definition's
first line (``def`` / ``class``) to its last, docstring and comments inside included; a nested function counts
on its own and inside the function that holds it.

``python3 tests/test_sizes.py`` prints the longest of each kind.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "bridgelaws"

MAX_MODULE = 1000
MAX_CLASS = 300
LONG_FUNCTION = 60
MAX_LONG_FUNCTIONS = 3
MAX_FUNCTION = 80

#: functions over MAX_FUNCTION that another helper is cutting now (issue 32: the laws helper's files), each with
#: the length it may not exceed meanwhile; an entry goes when its function is cut
PENDING_OVER_MAX: dict[str, int] = {}


def measure(package: Path = PACKAGE) -> tuple[dict[str, int], dict[str, int], dict[str, int]]:
    """(modules, classes, functions): name -> length in lines; names are ``path`` or ``path:qualified.name``
    with the path relative to ``package``."""
    modules: dict[str, int] = {}
    classes: dict[str, int] = {}
    functions: dict[str, int] = {}
    for path in sorted(package.rglob("*.py")):
        rel = path.relative_to(package).as_posix()
        source = path.read_text(encoding="utf-8")
        modules[rel] = len(source.splitlines())

        def visit(node: ast.AST, prefix: str) -> None:
            for child in ast.iter_child_nodes(node):
                if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    name = f"{prefix}{child.name}"
                    length = (child.end_lineno or child.lineno) - child.lineno + 1
                    (classes if isinstance(child, ast.ClassDef) else functions)[f"{rel}:{name}"] = length
                    visit(child, name + ".")
                else:
                    visit(child, prefix)

        visit(ast.parse(source, filename=str(path)), "")
    return modules, classes, functions


def test_no_module_is_over_1000_lines() -> None:
    modules, _, _ = measure()
    assert {m: n for m, n in modules.items() if n > MAX_MODULE} == {}


def test_no_class_is_over_300_lines() -> None:
    _, classes, _ = measure()
    assert {c: n for c, n in classes.items() if n > MAX_CLASS} == {}


def test_at_most_three_functions_over_60_lines_and_none_over_80() -> None:
    _, _, functions = measure()
    long = {f: n for f, n in functions.items() if n > LONG_FUNCTION}
    assert len(long) <= MAX_LONG_FUNCTIONS, f"functions over {LONG_FUNCTION} lines: {long}"
    too_long = {f: n for f, n in long.items() if n > PENDING_OVER_MAX.get(f, MAX_FUNCTION)}
    assert too_long == {}, f"functions over {MAX_FUNCTION} lines: {too_long}"


def test_the_measure_counts_what_it_says(tmp_path: Path) -> None:
    # the check can fail: a planted package with a long method in a long class in a long module
    pkg = tmp_path / "planted"
    pkg.mkdir()
    body = "\n".join(f"        x{i} = {i}" for i in range(80))
    (pkg / "big.py").write_text("class Big:\n    def method(self):\n" + body + "\n" + "\n" * 1000,
                                encoding="utf-8")
    modules, classes, functions = measure(pkg)
    assert modules["big.py"] == 1082
    assert classes["big.py:Big"] == 82
    assert functions == {"big.py:Big.method": 81}


if __name__ == "__main__":
    mods, cls, funcs = measure()
    for title, table, limit in (("modules", mods, 500), ("classes", cls, 200), ("functions", funcs, 50)):
        print(f"{title} over {limit} lines:")
        for name, n in sorted(table.items(), key=lambda kv: -kv[1]):
            if n > limit:
                print(f"  {n:5d}  {name}")
    sys.exit(0)
