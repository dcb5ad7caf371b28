"""Notebook test speed: the nbval run over our notebooks against the same number of trivial notebooks.

    python benchmarks/notebooks.py [--rounds 5] [--keep]
    python3 dev.py bench                        # runs every benchmarks/*.py inside .venv

What is measured (CPU seconds, user + system, of the whole pytest process and every kernel it starts; the wall
clock beside it):

- ours: ``pytest --nbval --nbval-current-env --nbval-sanitize-with notebooks/sanitize.cfg notebooks/``, the
  command ``python3 dev.py test`` runs for the notebooks: every notebook executed in a fresh kernel and every
  output compared with the stored one;
- the floor: the same command over as many generated notebooks, each of which only imports pandas and
  ipywidgets and shows one DataFrame and one widget (the widget cell tagged ``nbval-ignore-output``, as ours
  are). They are written to a temporary directory and executed once beforehand, untimed, so that they have
  stored outputs to compare, as ours do.

Ours and the floor are run in every round, one right after the other, the order alternating from round to round
(so that neither always runs on the warmer or the quieter machine), ``--rounds`` rounds (at least 5). Each round
gives one ratio ours/floor, measured side by side; the figure is the median of those ratios, and the spread is how
far the rounds' ratios lie apart, (highest - lowest) / median. Target: the median at most 1.3 (issue #31) with a
spread under 20 % (issue #38: a ratio whose rounds differ by 2x measures the machine, not the notebooks).

The ratio that counts is the CPU seconds' (issue #38): on a machine shared with other work (two cores, seven
people's tests) the wall clock measures the others as much as the notebooks (its rounds' ratios lay 53 % apart
there, the CPU's 5 %). The CPU seconds are what the notebooks cost: the kernels running the cells, and nbval
receiving, sanitizing and comparing their outputs. The wall-clock ratio is printed beside it, with its own median
and spread. The floor must pass; if nbval reports failures in our notebooks (say, one being rewritten), the run
is still measured and the failures are reported with the figures.

Kernels: ours and the floor's are nbval's kernels as the project's conftest.py starts them for the tests, over
IPC in a folder of their own (the floor's folder gets a copy of it), and the floor's untimed executions are over
IPC too: with TCP ports a kernel could die at its start (jupyter_client picks a kernel's five ports by binding to
port 0 and letting go, and another process can take one before the kernel binds it, "ZMQError: Address already in
use"), and a run whose notebook never ran measures less than the notebooks' work.

Bytecode: the floor's packages (pandas, ipywidgets) were compiled to bytecode when pip installed them; bridgelaws is
installed editable, so it has bytecode only once Python has written it. Where ``PYTHONDONTWRITEBYTECODE`` is set
(this machine sets it), Python never writes it, and every kernel compiled every bridgelaws module it imports from
source (about 0.25 s of CPU a kernel), a cost no installed copy has. So the benchmark first compiles bridgelaws'
bytecode (``compileall``, untimed, as pip does at install), and says so; ``--source`` leaves it out, to measure
the old way.
"""

from __future__ import annotations

import argparse
import compileall
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import nbformat
from jupyter_client.manager import AsyncKernelManager
from nbclient import NotebookClient
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
SANITIZE = NOTEBOOKS / "sanitize.cfg"
TARGET = 1.3  # ours / floor, the median of the rounds (issue #31)
SPREAD = 0.20  # (highest - lowest) / median of the rounds' ratios (issue #38)
MIN_ROUNDS = 5


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


def ipc_kernel_manager(folder: str) -> type[AsyncKernelManager]:
    """nbclient's kernel manager for the floor's untimed executions: each kernel over IPC in a folder of its own
    under ``folder`` (short: a Unix socket's path has at most 107 bytes), as conftest.py starts nbval's."""

    class IpcKernelManager(AsyncKernelManager):  # type: ignore[misc]
        def __init__(self, **kwargs: Any) -> None:
            own = tempfile.mkdtemp(dir=folder)
            super().__init__(transport="ipc", ip=os.path.join(own, "ipc"),
                             connection_file=os.path.join(own, "kernel.json"), **kwargs)

    return IpcKernelManager


def write_floor(directory: Path, count: int) -> None:
    """``count`` floor notebooks, executed once (untimed) so that nbval has outputs to compare."""
    kernels = tempfile.mkdtemp(prefix="bridgelaws-floor-kernels-", dir="/tmp" if os.path.isdir("/tmp") else None)
    try:
        for i in range(count):
            nb = floor_notebook(i)
            NotebookClient(nb, kernel_name="python3", kernel_manager_class=ipc_kernel_manager(kernels), timeout=120,
                           record_timing=False, store_widget_state=False,
                           resources={"metadata": {"path": str(directory)}}).execute()
            nbformat.write(nb, directory / f"{i:02d}-floor.ipynb")
    finally:
        shutil.rmtree(kernels, ignore_errors=True)
    # nbval's kernels as ours get them from the project's conftest.py (over IPC, their stderr kept): pytest reads a
    # conftest.py only in the folders of the paths it is given, and the floor's folder is not under the project
    shutil.copy(ROOT / "conftest.py", directory / "conftest.py")


def compile_package() -> bool:
    """Write bridgelaws' bytecode (``__pycache__``, ignored by git), as pip does for an installed package: True
    when it was written, or was already current."""
    return bool(compileall.compile_dir(ROOT / "bridgelaws", quiet=1))


def children_cpu() -> float:
    """CPU seconds (user + system) of every finished child process so far, their own children included."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def nbval(path: Path, failures: list[str] | None = None) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one nbval run over ``path``. Failures raise, unless ``failures`` collects
    pytest's summary line instead."""
    cmd = [sys.executable, "-m", "pytest", "--nbval", "--nbval-current-env", "--nbval-sanitize-with", str(SANITIZE),
           "-p", "no:cacheprovider", "-q", str(path)]
    cpu = children_cpu()
    start = time.perf_counter()
    out = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, check=False)
    elapsed = time.perf_counter() - start
    cpu = children_cpu() - cpu
    if out.returncode != 0:
        lines = out.stdout.strip().splitlines()
        if failures is None or not lines:
            tail = "\n".join(lines[-15:])
            raise RuntimeError(f"nbval failed on {path} (exit {out.returncode}):\n{tail}{out.stderr[-1000:]}")
        failures.append(lines[-1])
    return elapsed, cpu


def spread(values: list[float]) -> float:
    """(highest - lowest) / median."""
    return (max(values) - min(values)) / statistics.median(values)


def report(ours: list[tuple[float, float]], floor: list[tuple[float, float]], ours_nbs: list[Path],
           failures: list[str]) -> None:
    """The medians, the rounds' ratios with their median and spread (CPU: the target; wall clock: beside it)."""
    n = len(ours_nbs)
    for name, runs in (("ours", ours), ("floor", floor)):
        cpu = statistics.median(c for _, c in runs)
        print(f"{name + ':':6} CPU {cpu:6.2f} s median ({cpu / n:.2f} s a notebook; runs "
              f"{', '.join(f'{c:.1f}' for _, c in runs)}), wall {statistics.median(t for t, _ in runs):.1f} s")
    cpu_ratios = [o[1] / f[1] for o, f in zip(ours, floor)]
    wall_ratios = [o[0] / f[0] for o, f in zip(ours, floor)]
    ratio, wobble = statistics.median(cpu_ratios), spread(cpu_ratios)
    met = ratio <= TARGET and wobble < SPREAD
    print(f"CPU ratio ours/floor: median {ratio:.2f}x, spread {wobble:.0%} (rounds: "
          f"{', '.join(f'{x:.2f}' for x in cpu_ratios)}); target median <= {TARGET:g}x with spread < {SPREAD:.0%}: "
          f"{'met' if met else 'NOT met'}")
    print(f"  wall-clock ratio ours/floor (the machine's load included): median {statistics.median(wall_ratios):.2f}x,"
          f" spread {spread(wall_ratios):.0%} (rounds: {', '.join(f'{x:.2f}' for x in wall_ratios)}); load average "
          f"{os.getloadavg()[0]:.1f} at the end")
    for p in ours_nbs:
        print(f"  {p.parent.name}/{p.name}: {p.stat().st_size / 1024:,.0f} KiB stored")
    if failures:
        print(f"warning: nbval reported failures in our notebooks ({failures[-1]}); the figures include them")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=MIN_ROUNDS,
                        help=f"rounds, each timing ours and the floor side by side (at least {MIN_ROUNDS})")
    parser.add_argument("--keep", action="store_true", help="keep the generated floor notebooks and say where")
    parser.add_argument("--source", action="store_true",
                        help="do not compile bridgelaws' bytecode first (each kernel then compiles what it imports "
                             "when PYTHONDONTWRITEBYTECODE is set)")
    args, _unknown = parser.parse_known_args(argv)  # dev.py bench passes its arguments to every benchmark
    rounds = max(args.rounds, MIN_ROUNDS)

    ours_nbs = sorted(NOTEBOOKS.glob("*/*.ipynb"))
    if not ours_nbs:
        print("no notebooks in notebooks/")
        return 1
    tmp = Path(tempfile.mkdtemp(prefix="bridgelaws-floor-"))
    print(f"notebook benchmark: nbval over {len(ours_nbs)} notebooks against {len(ours_nbs)} floor notebooks "
          f"(pandas + ipywidgets, one DataFrame, one widget), {rounds} rounds side by side, Python "
          f"{sys.version.split()[0]}, load average {os.getloadavg()[0]:.1f}", flush=True)
    if not args.source:
        print(f"bridgelaws' bytecode compiled beforehand, as pip does at install: "
              f"{'done' if compile_package() else 'FAILED'} (PYTHONDONTWRITEBYTECODE="
              f"{os.environ.get('PYTHONDONTWRITEBYTECODE', '')!r})", flush=True)
    ours: list[tuple[float, float]] = []
    floor: list[tuple[float, float]] = []
    failures: list[str] = []
    try:
        write_floor(tmp, len(ours_nbs))  # inside: a failure here also removes the temporary directory
        for r in range(rounds):
            # both in every round, which goes first alternating
            if r % 2 == 0:
                ours.append(nbval(NOTEBOOKS, failures))
                floor.append(nbval(tmp))
            else:
                floor.append(nbval(tmp))
                ours.append(nbval(NOTEBOOKS, failures))
            print(f"  round {r + 1}: CPU ours {ours[-1][1]:.1f} s, floor {floor[-1][1]:.1f} s, ratio "
                  f"{ours[-1][1] / floor[-1][1]:.2f} (wall {ours[-1][0]:.1f} / {floor[-1][0]:.1f} s, "
                  f"{ours[-1][0] / floor[-1][0]:.2f}); load average {os.getloadavg()[0]:.1f}", flush=True)
    except RuntimeError as exc:
        print(f"error: {exc}")
        return 1
    finally:
        if args.keep:
            print(f"floor notebooks kept in {tmp}")
        else:
            shutil.rmtree(tmp)  # a folder too: pytest may write the copied conftest.py's bytecode there
    report(ours, floor, ours_nbs, failures)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
