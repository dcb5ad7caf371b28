#!/usr/bin/env python3
"""Developer commands for bridgelaws; needs only Python 3.11-3.13 with pip (standard library only).

    python3 dev.py lab [ARGS...]           open the notebooks in JupyterLab (ARGS go to `jupyter lab`)
    python3 dev.py test [ARGS...]          run every test: pytest over tests/ and nbval over notebooks/, on
                                           every core (pass -n 0 for one process)
    python3 dev.py voila [NOTEBOOK] [ARGS] serve one notebook (default: all of them) as a presentation with Voila
    python3 dev.py execute [NOTEBOOK...]   re-run notebooks (default: all) and save their outputs
    python3 dev.py bench [ARGS...]         run every benchmarks/*.py (ARGS go to each)
    python3 dev.py fuzz [--minutes N]      fuzz engine, scenario files, parsers and widget for N minutes (10)
    python3 dev.py site [--out DIR]        build the offline JupyterLite site in _site/, in .venv-site (needs npm),
                                           after storing the option values of every example it ships
    python3 dev.py serve-site [--port N]   serve _site/ on http://127.0.0.1:8000 for a try-out (no venv)
    python3 dev.py handouts [--out DIR]    write the handouts (HTML and PDF, da/nb/en) to _handouts/
    python3 dev.py translate [check|drop-obsolete]  update the prose catalogues (locales/) and the translated
                                           notebooks from their sources; `check` only reports

Every command first makes sure that its environment exists and holds what pyproject.toml asks for: `.venv`
holds `pip install -e .[dev]` (JupyterLab, Voila, the tests and the tools), `.venv-site` only `-e .[site]`, the
offline site's build tools (used by `site` alone: JupyterLite's kernel extension must not be where Lab and
Voila run). A venv is created on first use and re-installed when pyproject.toml changes (a stamp file inside
it keeps the hash of what was installed); the re-install also removes what pyproject.toml no longer asks for,
so that each venv holds its extra and no more. Delete a venv to start it from scratch.
"""

from __future__ import annotations

import hashlib
import json
import os
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import NamedTuple, NoReturn

ROOT = Path(__file__).resolve().parent
NOTEBOOKS = ROOT / "notebooks"
SANITIZE = NOTEBOOKS / "sanitize.cfg"
SUPPORTED = ((3, 11), (3, 12), (3, 13))  # endplay ships wheels for these only
IS_WINDOWS = os.name == "nt"


class Venv(NamedTuple):
    """A virtual environment that dev.py creates and keeps up to date: ``pip install -e .[extra]``."""

    path: Path
    extra: str

    @property
    def name(self) -> str:
        return self.path.name

    @property
    def bin(self) -> Path:
        return self.path / ("Scripts" if IS_WINDOWS else "bin")

    @property
    def python(self) -> Path:
        return self.bin / ("python.exe" if IS_WINDOWS else "python")

    @property
    def stamp(self) -> Path:
        return self.path / "bridgelaws-install.json"

    @property
    def install_args(self) -> list[str]:
        return ["-e", f".[{self.extra}]"]


#: JupyterLab, Voila, the tests and the tools
DEV = Venv(ROOT / ".venv", "dev")
#: the offline site's build tools only (tools/build_site.py copies the lab extensions installed here)
SITE = Venv(ROOT / ".venv-site", "site")
VENV, BIN, PY = DEV.path, DEV.bin, DEV.python

# JupyterLab asks "Would you like to get notified about official Jupyter news?" in a toast that covers the
# bottom-right corner; --LabApp.news_url=None does not stop it, this settings override does.
LAB_OVERRIDES = {"@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": False}}


def say(message: str) -> None:
    print(f"dev.py: {message}", flush=True)


def show(cmd: list[str]) -> None:
    """Print cmd as a shell line: paths inside the repo relative to it, an inline script as <script>."""
    shown = []
    for arg in cmd:
        if "\n" in arg:
            arg = "<script>"
        elif os.path.isabs(arg) and Path(arg).is_relative_to(ROOT):
            arg = os.path.relpath(arg, ROOT)
        shown.append(arg)
    say("$ " + shlex.join(shown).replace("'<script>'", "<script>"))


def fail(message: str, code: int = 2) -> NoReturn:
    print(f"dev.py: error: {message}", file=sys.stderr, flush=True)
    raise SystemExit(code)


def python_version(python: str | os.PathLike[str]) -> str | None:
    """The version ("3.11.7") of a Python interpreter if it runs and is supported, else None."""
    try:
        out = subprocess.run(
            [str(python), "-c", "import sys; print(*sys.version_info[:3], sep='.')"],
            check=False,
            capture_output=True,
            text=True,
            timeout=60,
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    version = out.stdout.strip()
    if out.returncode != 0 or not version or tuple(int(x) for x in version.split(".")[:2]) not in SUPPORTED:
        return None
    return version


def base_python(venv: Venv) -> str:
    """An interpreter for creating a venv: this one if supported, else python3.13/3.12/3.11 from PATH."""
    if sys.version_info[:2] in SUPPORTED:
        return sys.executable
    for major, minor in reversed(SUPPORTED):
        found = shutil.which(f"python{major}.{minor}")
        if found and python_version(found):
            say(f"this is Python {sys.version.split()[0]}; using {found} for {venv.name}")
            return found
    fail(
        f"Python {sys.version.split()[0]} is not supported, and no working python3.13, python3.12 or python3.11 "
        "is on PATH (bridgelaws needs Python 3.11 to 3.13: endplay has wheels for these only)"
    )


def wanted_stamp(venv: Venv, version: str) -> dict[str, str]:
    """What the install stamp must say for venv to be up to date."""
    return {
        "pyproject_sha256": hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest(),
        "python": version,
        "install": " ".join(venv.install_args),
    }


def run(cmd: list[str], env: dict[str, str] | None = None) -> int:
    show(cmd)
    return subprocess.call(cmd, cwd=ROOT, env=env)


# Runs inside a venv after `pip install`: prints (JSON) the installed distributions that nothing asks for, i.e.
# that are not bridgelaws[extra] or, recursively, a requirement of it (markers evaluated for the extras asked),
# leaving pip, setuptools and wheel alone. `pip install` never removes a dependency that pyproject.toml dropped.
UNWANTED = """
import importlib.metadata as md, json, re, sys
try:
    from packaging.requirements import Requirement
except ImportError:
    from pip._vendor.packaging.requirements import Requirement
def canonical(name):
    return re.sub(r"[-_.]+", "-", name).lower()
wanted = {}
todo = [Requirement(sys.argv[1])]
while todo:
    req = todo.pop()
    name = canonical(req.name)
    if name in wanted and set(req.extras) <= wanted[name]:
        continue
    wanted[name] = wanted.get(name, set()) | set(req.extras)
    try:
        requires = md.distribution(req.name).requires or []
    except md.PackageNotFoundError:
        continue
    for line in requires:
        sub = Requirement(line)
        if sub.marker is None or any(sub.marker.evaluate({"extra": e}) for e in wanted[name] | {""}):
            todo.append(sub)
names = {d.metadata["Name"] for d in md.distributions() if d.metadata["Name"]}
print(json.dumps(sorted(n for n in names if canonical(n) not in wanted.keys() | {"pip", "setuptools", "wheel"})))
"""


def ensure_venv(venv: Venv = DEV) -> None:
    """Create venv if needed and (re)install `-e .[extra]` when pyproject.toml changed, removing what it no
    longer asks for."""
    version = python_version(venv.python) if venv.python.exists() else None
    if version is None:
        say(f"creating {venv.name}" + (" (the old one does not work)" if venv.path.exists() else ""))
        # --upgrade-deps: a current pip (25.1 or later shows the licence expression in `pip show bridgelaws`)
        if run([base_python(venv), "-m", "venv", "--clear", "--upgrade-deps", str(venv.path)]) != 0:
            fail(f"could not create {venv.name} (on Debian or Ubuntu the venv module is in the python3-venv "
                 "package)", 1)
        version = python_version(venv.python)
        if version is None:
            fail(f"{venv.python} does not run after creating {venv.name}", 1)
    stamp = wanted_stamp(venv, version)
    try:
        current = json.loads(venv.stamp.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        current = None
    if current != stamp:
        say(f"installing bridgelaws and its pinned extra [{venv.extra}] into {venv.name} (pyproject.toml is new "
            "or changed)")
        venv.stamp.unlink(missing_ok=True)
        env = dict(os.environ, PIP_DISABLE_PIP_VERSION_CHECK="1")
        py = str(venv.python)
        if run([py, "-m", "pip", "install", *venv.install_args], env=env) != 0:
            fail("pip install failed; fix the problem and run the command again", 1)
        # -I: sys.path without the working directory, whose bridgelaws.egg-info (a build's leftover) may be stale
        found = subprocess.run([py, "-I", "-c", UNWANTED, f"bridgelaws[{venv.extra}]"], cwd=ROOT, env=env,
                               capture_output=True, text=True, check=False)
        if found.returncode != 0:
            fail(f"could not list what {venv.name} holds beyond [{venv.extra}]:\n{found.stderr}", 1)
        unwanted = json.loads(found.stdout)
        if unwanted:
            say(f"removing from {venv.name} what pyproject.toml no longer asks for: {', '.join(unwanted)}")
            if run([py, "-m", "pip", "uninstall", "--yes", *unwanted], env=env) != 0:
                fail("pip uninstall failed; fix the problem and run the command again", 1)
        venv.stamp.write_text(json.dumps(stamp, indent=1) + "\n", encoding="utf-8")
    if venv == DEV:
        write_lab_overrides()


def write_lab_overrides() -> None:
    path = DEV.path / "share" / "jupyter" / "lab" / "settings" / "overrides.json"
    text = json.dumps(LAB_OVERRIDES, indent=1) + "\n"
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def venv_env(venv: Venv = DEV) -> dict[str, str]:
    """The environment of an activated venv (so kernels, terminals and subprocesses find its tools)."""
    env = dict(os.environ)
    env["VIRTUAL_ENV"] = str(venv.path)
    env["PATH"] = str(venv.bin) + os.pathsep + env.get("PATH", "")
    env.pop("PYTHONHOME", None)
    return env


def exec_tool(cmd: list[str], env: dict[str, str] | None = None) -> None:
    """Replace this process by cmd (a server) so that Ctrl+C and signals reach it directly."""
    show(cmd)
    os.chdir(ROOT)
    env = venv_env() if env is None else env
    if IS_WINDOWS:
        raise SystemExit(subprocess.call(cmd, env=env))
    os.execve(cmd[0], cmd, env)


def cmd_lab(args: list[str]) -> int:
    cmd = [str(BIN / "jupyter"), "lab", f"--ServerApp.root_dir={NOTEBOOKS}"]
    if hasattr(os, "geteuid") and os.geteuid() == 0 and "--allow-root" not in args:
        cmd.append("--allow-root")  # Jupyter refuses to start as root without it
    exec_tool(cmd + args)
    return 0


def is_path_arg(arg: str) -> bool:
    return not arg.startswith("-") and (ROOT / arg.split("::")[0]).exists()


def parallel_args(args: list[str]) -> list[str]:
    """pytest-xdist's options for a run on every core: one worker per logical CPU (PYTEST_XDIST_AUTO_NUM_WORKERS
    sets another number), each file whole in one worker (its module-scoped servers and nbval's kernel serve all
    its tests). None where ARGS choose for themselves (-n/--numprocesses, --dist; `-n 0` runs serially), turn
    xdist off (-p no:xdist) or want a debugger, nor where they name one file only, which one worker would run
    alone anyway (xdist would only add its workers' start, each importing the plugins again)."""
    chosen = ("-n", "--numprocesses", "--dist", "--pdb", "--trace")
    if any(a.startswith(chosen) or a.endswith("no:xdist") for a in args):
        return []
    files = {a.split("::")[0] for a in args if is_path_arg(a)}
    if len(files) == 1 and (ROOT / next(iter(files))).is_file():
        return []
    # the files in the order collected (tests/conftest.py puts the long ones first), not by their number of tests
    return ["-n", "logical", "--dist", "loadfile", "--no-loadscope-reorder"]


def cmd_test(args: list[str]) -> int:
    # One pytest run collects both the unit tests and the notebooks (--nbval makes every .ipynb a test
    # whose stored outputs must match, not lax). Paths among ARGS replace the default tests/ notebooks/.
    paths = [] if any(is_path_arg(a) for a in args) else ["tests", "notebooks"]
    nbval = ["--nbval", "--nbval-current-env", "--nbval-sanitize-with", os.path.relpath(SANITIZE, ROOT)]
    cmd = [str(PY), "-m", "pytest", *paths, *nbval, *parallel_args(args), *args]
    started = time.monotonic()
    # bridgelaws' bytecode, written once as pip writes an installed package's: the package is installed editable,
    # and where PYTHONDONTWRITEBYTECODE is set (this machine) every kernel the tests start (nbval's, Lab's,
    # Voila's) would otherwise compile every module from source again (about 0.25 s of CPU a kernel)
    run([str(PY), "-m", "compileall", "-q", str(ROOT / "bridgelaws")], env=venv_env())
    code = run(cmd, env=venv_env())
    took = f"in {time.monotonic() - started:.0f} s"
    say(f"tests {'passed' if code == 0 else f'FAILED (pytest exit code {code})'} {took}")
    return code


def find_notebook(name: str) -> Path:
    # "da/01-stort-strafkort", "notebooks/nb/02-straffekort-seminar.ipynb", or a bare name: its Danish version
    for candidate in (Path(name), NOTEBOOKS / name, NOTEBOOKS / f"{name}.ipynb", NOTEBOOKS / "da" / name,
                      NOTEBOOKS / "da" / f"{name}.ipynb"):
        path = candidate if candidate.is_absolute() else Path.cwd() / candidate
        if path.is_file():
            return path.resolve()
    fail(f"no notebook {name!r} (looked in ., notebooks/ and notebooks/da/; the languages are notebooks/da, nb, en)")


# Voila runs with our template (share/jupyter/voila/templates/bridgelaws: Voila's lab template without its CDN
# links and with prose at 18 px). tests/test_browser.py starts Voila through these two functions.
VOILA_DATA = ROOT / "share" / "jupyter"
VOILA_TEMPLATE = "bridgelaws"


def voila_command(target: Path, args: list[str], bin_dir: Path = BIN) -> list[str]:
    """The voila command line serving target (a notebook or a folder) with our template; args go last."""
    return [str(bin_dir / "voila"), str(target), f"--template={VOILA_TEMPLATE}", *args]


def voila_env(env: dict[str, str]) -> dict[str, str]:
    """env with share/jupyter first on JUPYTER_PATH, where Voila finds our template."""
    paths = [str(VOILA_DATA), *filter(None, env.get("JUPYTER_PATH", "").split(os.pathsep))]
    return dict(env, JUPYTER_PATH=os.pathsep.join(dict.fromkeys(paths)))


def cmd_voila(args: list[str]) -> int:
    # no NOTEBOOK: serve the whole folder, every notebook a presentation at /voila/render/<name>.ipynb
    if not args or args[0].startswith("-"):
        target, rest = NOTEBOOKS, args
    else:
        target, rest = find_notebook(args[0]), args[1:]
    exec_tool(voila_command(target, rest), voila_env(venv_env()))
    return 0


# Runs inside .venv: executes each notebook in its own folder with a fresh python3 kernel and saves it.
# No timing metadata, no widget state and one stream output a cell, so that an unchanged notebook is saved byte for
# byte the same.
EXECUTE = """
import sys, nbformat
from pathlib import Path
from nbclient import NotebookClient
for name in sys.argv[1:]:
    path = Path(name)
    nb = nbformat.read(path, as_version=4)
    # coalesce_streams: a cell's prints are stored as one stream output whatever the machine's load (ipykernel sends
    # them in pieces 0.2 s apart), as nbval compares them
    NotebookClient(nb, kernel_name="python3", timeout=600, record_timing=False, store_widget_state=False,
                   coalesce_streams=True, resources={"metadata": {"path": str(path.parent)}}).execute()
    # A widget with a static picture (text/html) is stored as that picture: opened before its kernel runs, a
    # trusted notebook would show "model not found" for the stored view (ipywidgets renders a view before any
    # text/html); running the cell shows the live widget again. A widget without one keeps its view, its random
    # model id named after its place, so that a re-run saves the same bytes (no widget state is saved).
    for i, cell in enumerate(nb.cells):
        for j, out in enumerate(cell.get("outputs", [])):
            data = out.get("data", {})
            view = data.get("application/vnd.jupyter.widget-view+json")
            if view is not None and "text/html" in data:
                del data["application/vnd.jupyter.widget-view+json"]
            elif view is not None:
                view["model_id"] = f"{path.stem}-cell{i}-output{j}"
    nbformat.write(nb, path)
    print(f"dev.py: executed and saved {path.name}", flush=True)
"""


def cmd_execute(args: list[str]) -> int:
    notebooks = [find_notebook(a) for a in args] if args else sorted(NOTEBOOKS.glob("*/*.ipynb"))
    if not notebooks:
        fail("no notebooks to execute")
    return run([str(PY), "-c", EXECUTE, *map(str, notebooks)], env=venv_env())


def cmd_bench(args: list[str]) -> int:
    scripts = sorted((ROOT / "benchmarks").glob("*.py"))
    if not scripts:
        fail("no benchmarks/*.py")
    failed = [s.name for s in scripts if run([str(PY), str(s), *args], env=venv_env()) != 0]
    if failed:
        say("benchmarks that failed: " + ", ".join(failed))
    return 1 if failed else 0


def cmd_fuzz(args: list[str]) -> int:
    # the bounded fuzz tests run with `test`; this is the long run before a release (tests/fuzzing.py --help)
    return run([str(PY), str(ROOT / "tests" / "fuzzing.py"), *args], env=venv_env())


def cmd_site(args: list[str]) -> int:
    # first, in .venv (the solver, endplay, is there): the stored option values of every folder of examples the
    # site ships (a teacher's own examples too), each computed only when out of date, since the site has no solver
    ensure_venv(DEV)
    code = run([str(PY), str(ROOT / "tools" / "worth_values.py"), "--shipped"], env=venv_env())
    if code:
        fail("site: the stored option values could not all be computed exactly (see above)", code)
    # in .venv-site, whose lab extensions and widget stack the site ships; tools/build_site.py downloads
    # Pyodide's core (npm) and the kernel's wheels (pip) afresh on every build
    return run([str(SITE.python), str(ROOT / "tools" / "build_site.py"), "build", *args], env=venv_env(SITE))


def cmd_translate(args: list[str]) -> int:
    # tools/translate.py: gettext catalogues per notebook (locales/<lang>/<name>.po), then the translations
    return run([str(PY), str(ROOT / "tools" / "translate.py"), *args], env=venv_env())


def cmd_serve_site(args: list[str]) -> int:
    # a static file server from the standard library: this very interpreter, no venv
    exec_tool([sys.executable, str(ROOT / "tools" / "build_site.py"), "serve", *args], dict(os.environ))
    return 0


def cmd_handouts(args: list[str]) -> int:
    return run([str(PY), str(ROOT / "tools" / "handouts.py"), *args], env=venv_env())


COMMANDS = {"lab": cmd_lab, "test": cmd_test, "voila": cmd_voila, "execute": cmd_execute, "bench": cmd_bench,
            "fuzz": cmd_fuzz, "site": cmd_site, "serve-site": cmd_serve_site, "handouts": cmd_handouts,
            "translate": cmd_translate}
#: the venv each command runs in (DEV unless named here; None: none)
COMMAND_VENV: dict[str, Venv | None] = {"site": SITE, "serve-site": None}


def main(argv: list[str]) -> int:
    if not argv or argv[0] in ("-h", "--help", "help") or argv[0] not in COMMANDS:
        print(__doc__.strip())
        return 0 if argv and argv[0] in ("-h", "--help", "help") else 2
    venv = COMMAND_VENV.get(argv[0], DEV)
    if venv is not None:
        ensure_venv(venv)
    return COMMANDS[argv[0]](argv[1:])


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
