"""Notebook test speed: the nbval run over our notebooks against the same number of trivial notebooks.

    python benchmarks/notebooks.py [--repeat 3] [--keep]
    python3 dev.py bench                        # runs every benchmarks/*.py inside .venv

What is timed (wall clock, the whole pytest process):

- ours: ``pytest --nbval --nbval-current-env --nbval-sanitize-with notebooks/sanitize.cfg notebooks/``, the
  command ``python3 dev.py test`` runs for the notebooks: every notebook executed in a fresh kernel and every
  output compared with the stored one;
- the floor: the same command over as many generated notebooks, each of which only imports pandas and
  ipywidgets and shows one DataFrame and one widget (the widget cell tagged ``nbval-ignore-output``, as ours
  are). They are written to a temporary directory and executed once beforehand, untimed, so that they have
  stored outputs to compare, as ours do.

The two are timed alternately, ``--repeat`` times each, in one run of this script; the medians and their ratio
are printed, and the median of the ratios of each round's pair (which ran side by side, so it is the figure a
busy machine moves least). Target: ours at most 1.3 times the floor (issue #31). The floor must pass; if nbval
reports failures in our notebooks (say, one being rewritten), the run is still timed and the failures are
reported with the figures.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
SANITIZE = NOTEBOOKS / "sanitize.cfg"
TARGET = 1.3  # ours / floor (issue #31)


def floor_notebook(i: int) -> nbformat.NotebookNode:
    cells = [
        new_markdown_cell(f"# Floor {i}\n\nImports pandas and ipywidgets, shows one DataFrame and one widget."),
        new_code_cell("import ipywidgets as widgets\nimport pandas as pd"),
        new_code_cell('pd.DataFrame({"card": ["SA", "HK", "DQ"], "rank": [14, 13, 12]})'),
        new_code_cell('widgets.IntSlider(value=3, min=1, max=13, description="trick")'),
    ]
    cells[-1].metadata["tags"] = ["nbval-ignore-output"]
    nb = new_notebook(cells=cells)
    nb.metadata["kernelspec"] = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
    return nb


def write_floor(directory: Path, count: int) -> None:
    """``count`` floor notebooks, executed once (untimed) so that nbval has outputs to compare."""
    for i in range(count):
        nb = floor_notebook(i)
        NotebookClient(nb, kernel_name="python3", timeout=120, record_timing=False, store_widget_state=False,
                       resources={"metadata": {"path": str(directory)}}).execute()
        nbformat.write(nb, directory / f"{i:02d}-floor.ipynb")


def nbval(path: Path, failures: list[str] | None = None) -> float:
    """Seconds for one nbval run over ``path``. Failures raise, unless ``failures`` collects pytest's
    summary line instead."""
    cmd = [sys.executable, "-m", "pytest", "--nbval", "--nbval-current-env", "--nbval-sanitize-with", str(SANITIZE),
           "-p", "no:cacheprovider", "-q", str(path)]
    start = time.perf_counter()
    out = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, check=False)
    elapsed = time.perf_counter() - start
    if out.returncode != 0:
        lines = out.stdout.strip().splitlines()
        if failures is None or not lines:
            tail = "\n".join(lines[-15:])
            raise RuntimeError(f"nbval failed on {path} (exit {out.returncode}):\n{tail}{out.stderr[-1000:]}")
        failures.append(lines[-1])
    return elapsed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=3, help="timed runs of each; the median counts (default 3)")
    parser.add_argument("--keep", action="store_true", help="keep the generated floor notebooks and say where")
    args = parser.parse_args(argv)

    ours_nbs = sorted(NOTEBOOKS.glob("*/*.ipynb"))
    if not ours_nbs:
        print("no notebooks in notebooks/")
        return 1
    tmp = Path(tempfile.mkdtemp(prefix="bridgelaws-floor-"))
    print(f"notebook benchmark: nbval over {len(ours_nbs)} notebooks against {len(ours_nbs)} floor notebooks "
          f"(pandas + ipywidgets, one DataFrame, one widget), median of {args.repeat}, Python {sys.version.split()[0]}")
    write_floor(tmp, len(ours_nbs))
    ours: list[float] = []
    floor: list[float] = []
    failures: list[str] = []
    try:
        for r in range(args.repeat):
            # alternate which goes first, so that neither always runs on a warmer machine
            if r % 2 == 0:
                ours.append(nbval(NOTEBOOKS, failures))
                floor.append(nbval(tmp))
            else:
                floor.append(nbval(tmp))
                ours.append(nbval(NOTEBOOKS, failures))
    except RuntimeError as exc:
        print(f"error: {exc}")
        return 1
    finally:
        if args.keep:
            print(f"floor notebooks kept in {tmp}")
        else:
            for p in tmp.iterdir():
                p.unlink()
            tmp.rmdir()
    o, f = statistics.median(ours), statistics.median(floor)
    ratio = o / f
    print(f"ours:  {o:6.2f} s  (runs: {', '.join(f'{t:.2f}' for t in ours)}; {o / len(ours_nbs):.2f} s a notebook)")
    print(f"floor: {f:6.2f} s  (runs: {', '.join(f'{t:.2f}' for t in floor)}; {f / len(ours_nbs):.2f} s a notebook)")
    pairs = statistics.median(a / b for a, b in zip(ours, floor))
    print(f"  each round's ours/floor: {', '.join(f'{a / b:.2f}' for a, b in zip(ours, floor))}; their median "
          f"{pairs:.2f}; load average {os.getloadavg()[0]:.1f}")
    print(f"ratio ours/floor: {ratio:.2f}x   (target <= {TARGET:g}x: {'met' if ratio <= TARGET else 'NOT met'})")
    for p in ours_nbs:
        print(f"  {p.parent.name}/{p.name}: {p.stat().st_size / 1024:,.0f} KiB stored")
    if failures:
        print(f"warning: nbval reported failures in our notebooks ({failures[-1]}); the figures include them")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
