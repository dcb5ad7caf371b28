"""Build the offline JupyterLite site: ``python3 dev.py site [--out _site]``.

dev.py runs ``python tools/build_site.py build`` in its own venv, ``.venv-site``, which holds only the ``site``
extra (JupyterLite, its Pyodide kernel and the widget stack): the lab extensions and the widget versions the site
ships are the ones installed there, and JupyterLite's kernel extension stays out of the ``.venv`` that runs
JupyterLab and Voila (beside them it makes JupyterLab log console errors). The tests import this file as a
module from ``.venv``: nothing of JupyterLite is imported before a build starts.

The site is the JupyterLab interface with the Pyodide kernel, every notebook and its scenario files, and
everything the kernel needs, inside the site: nothing is fetched from the internet when it runs (no CDN, no
PyPI). Recipe: ../shared/TOOLCHAIN.md section 7. What this script does, in order:

1. Pyodide's core from the npm package ``pyodide@<version>`` (the version the pinned
   jupyterlite-pyodide-kernel was made for) into ``static/pyodide/``;
2. the pure-Python wheels the kernel loads at start (micropip, IPython and the packages they need), at the
   exact versions of Pyodide's lock file, from PyPI into ``static/pyodide/``;
3. our own wheel, built from this checkout, and the widget stack (ipywidgets, comm, jupyterlab_widgets, and
   anywidget with its dependencies) at the versions installed in the venv (so the pins in pyproject.toml
   decide), into ``static/pyodide/``;
4. the standard library and every wheel byte-compiled by Pyodide's own interpreter under Node
   (``tools/bytecode.py``): the kernel then imports bytecode at each start instead of compiling the standard
   library, IPython and the rest again every time a participant opens or reloads a notebook;
5. ``pyodide-lock.json`` rewritten to list exactly the wheels shipped, with their real sha256, and bridgelaws
   depending on the widget stack: the kernel loads packages from a cell's imports, so ``import bridgelaws``
   just works, with no ``%pip install`` cell. Every other package of Pyodide's distribution (pandas among
   them) is left out of the lock, so importing it fails at once with ModuleNotFoundError instead of asking
   the network;
6. the notebooks of every language, ``da/``, ``nb/`` and ``en/`` (kernelspec changed to Lite's ``python``; the
   repository's files are not touched), and every file they read where they read it: ``scenarios/`` and a
   teacher's own examples beside the notebooks (``copy_contents``; a notebook that reads a file outside
   ``notebooks/`` or one that does not exist stops the build, naming both; ``dev.py site`` first stores the
   option values of every folder of examples shipped, ``value_folders``); their stored pictures carry each of
   their few distinct inline styles as a class of one stylesheet in the app's page instead of thousands of times
   (``compact_outputs``: the notebooks half the size, the pictures the same);
7. ``jupyter lite build`` with ``disablePyPIFallback``, and a line in the app's page that spares the first
   reload a race in JupyterLite's service worker (``record_service_worker``), and one that starts the
   notebook's kernel while JupyterLab draws and connects each notebook to its kernel as the notebook is created,
   not after JupyterLab's checkpoint of the file (``prestart_kernel``, tools/site_prestart.js); the web fonts only
   as WOFF2, which every browser JupyterLab runs in takes first (``drop_legacy_fonts``);
8. the kernel's worker changed so that the kernel's own imports at start do not look in the participant's
   folder (``kernel_imports_skip_drive``), and so that the kernel imports what a notebook's first cell imports
   while it starts, before it says Idle (``kernel_first_cell_imports``);
9. the site's start page, ``index.html``, where a participant picks Danish, Norwegian or English and lands on
   that language's start notebook (``start_page``).

No Pyodide memory snapshot (issue #31, decided from measurements): restoring a snapshot of the interpreter with
the kernel's packages imported saves about 0.4 s of a kernel start (610 against 1,005 ms under Node, medians of 5,
../shared/reviews/round3/dd-prior-art.md B1), through Pyodide's private ``_loadSnapshot`` with three
workarounds (a patched heap in ``pyodide.asm.mjs``, the wheels unpacked again after the restore, a build-ID
check). The snapshot is 12.2 MB even gzipped: the site (55.4 MB) would be 67.6 MB, over its 60 MB. And it is
not where the time goes: benchmarks/site.py measured the site's first table 11-12 s after a bare JupyterLite
site with the same start-up work (bytecode, packages at once, the kernel started early) shows ``1+1``, cold and
warm (14.0 s against 25.9 s cold, 11.4 against 20.8 s warm, load average 11-12 on 2 cores): running the
notebook, not starting Pyodide.

Downloads go to a fresh temporary folder each time: nothing is cached between builds, so a build that works
here works on a fresh machine with the registries. Needs ``npm`` and ``node`` on PATH and the ``site`` extra
installed (``.venv-site``).
"""

from __future__ import annotations

import argparse
import hashlib
import html
import importlib.metadata
import json
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
DEFAULT_OUT = ROOT / "_site"

#: what the kernel loads from Pyodide's lock when it starts (micropip; ipython through piplite). Not jedi: the
#: kernel would import it (and parso) at every start for Tab completion alone, about 0.6 s under CPython here;
#: the site's kernel completes with IPython's own completer instead (``kernel_without_jedi``)
KERNEL_ROOTS = ("micropip", "packaging", "ipython")
#: the widget stack our notebooks use, from PyPI at the versions installed here: (distribution, its imports,
#: its dependencies by lock name). anywidget and psygnal are shipped when installed (the card table needs them;
#: the site extra installs them, tests/test_project_files.py checks that it does).
WIDGET_STACK: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...] = (
    ("comm", ("comm",), ("traitlets",)),
    ("jupyterlab_widgets", ("jupyterlab_widgets",), ()),
    ("ipywidgets", ("ipywidgets",), ("comm", "ipython", "traitlets", "jupyterlab-widgets")),
    ("psygnal", ("psygnal",), ("typing-extensions",)),
    ("anywidget", ("anywidget",), ("ipywidgets", "psygnal", "typing-extensions")),
)
OPTIONAL = {"psygnal", "anywidget"}
#: loaded while Pyodide starts, all at once: what the kernel would install one by one (micropip, piplite,
#: ipykernel, comm, pyodide-kernel, ipython; jedi not at all, see KERNEL_ROOTS), and bridgelaws with its widget
#: stack for the first cell
PRELOAD = ("micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "ipython", "bridgelaws")
#: the kernel's own shims, from jupyterlite-pyodide-kernel: (distribution, its imports, its dependencies)
SHIMS = (("piplite", ("piplite",), ("micropip",)), ("ipykernel", ("ipykernel",), ()),
         ("pyodide_kernel", ("pyodide_kernel",), ("ipykernel", "comm", "ipython")))
#: lab extensions copied from the venv: the widget manager, the Pyodide kernel and anywidget's front end
LABEXTENSIONS = ("@jupyter-widgets/jupyterlab-manager", "@jupyterlite/pyodide-kernel-extension", "anywidget")
#: Lite's Pyodide kernel is called "python"; a notebook saved with "python3" would open a kernel dialog
KERNELSPEC = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
#: files of the npm package the site does not need (source maps, typings, demo consoles)
PYODIDE_SKIP = re.compile(r"(\.map|\.d\.ts|console.*\.html|README\.md|package\.json)$")


def say(message: str) -> None:
    print(f"site: {message}", flush=True)


def run(cmd: list[str], cwd: Path | None = None) -> None:
    say("$ " + " ".join(cmd))
    subprocess.run(cmd, cwd=cwd, check=True)


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def wheel_name(path: Path) -> str:
    return canonical(path.name.split("-")[0])


def pyodide_version() -> str:
    try:
        from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION
    except ImportError:
        raise SystemExit(f"site: error: {sys.executable} has no jupyterlite-pyodide-kernel; build the site in its "
                         "own venv: python3 dev.py site") from None

    return str(PYODIDE_VERSION)


def fetch_pyodide(version: str, tmp: Path, dest: Path) -> dict[str, Any]:
    """npm's pyodide core into dest; returns its lock file (not yet written)."""
    npm = shutil.which("npm")
    if npm is None:
        raise SystemExit("site: error: npm is not on PATH (it fetches Pyodide's core: apt-get install npm)")
    run([npm, "pack", f"pyodide@{version}", "--pack-destination", str(tmp), "--silent"], cwd=tmp)
    tgz = tmp / f"pyodide-{version}.tgz"
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tgz) as tar:
        for member in tar.getmembers():
            name = member.name.removeprefix("package/")
            if not member.isfile() or "/" in name or PYODIDE_SKIP.search(name):
                continue
            data = tar.extractfile(member)
            assert data is not None
            (dest / name).write_bytes(data.read())
    lock: dict[str, Any] = json.loads((dest / "pyodide-lock.json").read_text(encoding="utf-8"))
    return lock


def closure(lock: dict[str, Any], roots: tuple[str, ...]) -> list[str]:
    """The lock's keys of roots and everything they depend on (lock names compared canonically)."""
    packages = lock["packages"]
    keys = {canonical(k): k for k in packages}
    seen: list[str] = []
    todo = list(roots)
    while todo:
        name = keys.get(canonical(todo.pop()))
        if name is None:
            raise SystemExit(f"site: error: {name!r} is not in Pyodide's lock file")
        if name in seen:
            continue
        seen.append(name)
        todo.extend(packages[name]["depends"])
    return sorted(seen)


def pip_download(specs: list[str], dest: Path) -> list[Path]:
    """Pure-Python wheels from the package index, exactly the versions asked for, for Pyodide's Python."""
    dest.mkdir(parents=True, exist_ok=True)
    run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
         "--python-version", "3.14", "--implementation", "py", "--abi", "none", "--platform", "any",
         "-d", str(dest), *specs])
    return sorted(dest.glob("*.whl"))


def build_own_wheel(dest: Path) -> Path:
    """Our wheel, built from a clean copy of the package (no stale build/ folder can slip files into it)."""
    src = dest / "src"
    shutil.copytree(ROOT / "bridgelaws", src / "bridgelaws", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, src / name)
    run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(dest), str(src)])
    (wheel,) = dest.glob("bridgelaws-*.whl")
    return wheel


#: runs tools/bytecode.py inside Pyodide under Node: argv core folder, script, folder of wheels
PYC_DRIVER = """\
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [core, script, folder] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(core + "/pyodide.mjs").href);
const py = await loadPyodide({ indexURL: core + "/" });
py.FS.mkdirTree("/wheels");
py.FS.mount(py.FS.filesystems.NODEFS, { root: folder }, "/wheels");
py.globals.set("FOLDER", "/wheels");
py.runPython(readFileSync(script, "utf8"), { filename: script });
"""


def compile_python(core: Path, folder: Path, keep_source: set[str]) -> None:
    """Byte-compile, in place and with the site's own interpreter (tools/bytecode.py), the standard library
    of the core and every wheel in folder: each start of the kernel then imports bytecode instead of compiling
    the standard library, IPython and the rest again."""
    node = shutil.which("node")
    if node is None:
        raise SystemExit("site: error: node is not on PATH (it byte-compiles the site: apt-get install nodejs)")
    stdlib = core / "python_stdlib.zip"
    shutil.copy(stdlib, folder / stdlib.name)
    jobs = [{"file": stdlib.name, "kind": "stdlib", "keep_source": True}]
    jobs += [{"file": p.name, "kind": "wheel", "keep_source": p.name in keep_source}
             for p in sorted(folder.glob("*.whl"))]
    (folder / "pyc.json").write_text(json.dumps(jobs), encoding="utf-8")
    driver = folder.parent / "pyc-driver.mjs"
    driver.write_text(PYC_DRIVER, encoding="utf-8")
    say(f"byte-compiling the standard library and {len(jobs) - 1} wheels with Pyodide's interpreter")
    subprocess.run([node, str(driver), str(core), str(ROOT / "tools" / "bytecode.py"), str(folder)], check=True)
    done = json.loads((folder / "pyc-done.json").read_text(encoding="utf-8"))
    for name in ("pyc.json", "pyc-done.json"):
        (folder / name).unlink()
    shutil.move(folder / stdlib.name, stdlib)
    say(f"compiled {sum(done['modules'].values())} modules for Python {done['python']} ({done['tag']})")


def installed(dist: str) -> str | None:
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return None


def lock_entry(wheel: Path, imports: tuple[str, ...], depends: tuple[str, ...]) -> dict[str, Any]:
    version = wheel.name.split("-")[1]
    return {"name": wheel_name(wheel), "version": version, "file_name": wheel.name, "install_dir": "site",
            "sha256": sha256(wheel), "package_type": "package", "imports": list(imports),
            "depends": list(depends), "unvendored_tests": False, "shared_library": False}


LANGUAGES = (("da", "Dansk", "Bridgelovene, der kan køres: notesbøgerne på dansk"),
             ("nb", "Norsk", "Bridgelovene som kan kjøres: notatbøkene på norsk"),
             ("en", "English", "The Laws of Duplicate Bridge, executable: the notebooks in English"))


def copy_contents(dest: Path, styles: dict[str, str] | None = None, root: Path = NOTEBOOKS) -> list[str]:
    """The notebooks of every language, ``da/``, ``nb/`` and ``en/`` (kernelspec python), and every file they
    read, where they read it: ``scenarios/`` and whatever else lies beside the notebooks (a teacher's own
    examples in ``da/mine/``, a PBN file; :func:`shipped_files`); returns the notebooks' paths in the site
    (``nb/01-stort-strafkort.ipynb``). A notebook that reads a file the site would not have stops the build,
    naming the notebook and the file (:func:`unshipped_reads`). With ``styles``, the stored pictures' inline
    styles become classes, collected there (``compact_outputs``)."""
    missing = unshipped_reads(root)
    if missing:
        raise SystemExit("site: error: " + "; ".join(missing))
    dest.mkdir(parents=True, exist_ok=True)
    names = []
    for lang, _, _ in LANGUAGES:
        (dest / lang).mkdir(exist_ok=True)
        for nb_path in sorted((root / lang).glob("*.ipynb")):
            nb = json.loads(nb_path.read_text(encoding="utf-8"))
            nb.setdefault("metadata", {})["kernelspec"] = dict(KERNELSPEC)
            if styles is not None:
                compact_outputs(nb, f"{lang}/{nb_path.name}", styles)
            target = dest / lang / nb_path.name
            target.write_text(json.dumps(nb, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
            names.append(f"{lang}/{nb_path.name}")
    for path in shipped_files(root):
        target = dest / path.relative_to(root)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)
    return names


#: what the site ships from beside the notebooks: scenario files, the stored values, PBN and LIN files, pictures
SHIPPED_SUFFIXES = frozenset({".toml", ".json", ".dat", ".pbn", ".lin", ".png", ".jpg", ".jpeg", ".svg", ".md"})
#: a path a notebook's code reads: a quoted relative path to such a file, or to a folder (ending in ``/``)
READ_PATH = re.compile(r"""["']((?:\.\./|\./)?[\w.-][\w./ -]*(?:\.(?:toml|json|dat|pbn|lin)|/))["']""")


def shipped_files(root: Path = NOTEBOOKS) -> list[Path]:
    """Every file under ``root`` that the site ships beside the notebooks (:data:`SHIPPED_SUFFIXES`), not in a
    hidden folder (``.ipynb_checkpoints``) or a cache."""
    out = []
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root)
        if (path.is_file() and path.suffix.lower() in SHIPPED_SUFFIXES
                and not any(p.startswith(".") or p == "__pycache__" for p in rel.parts)):
            out.append(path)
    return out


def files_read(nb_path: Path) -> list[str]:
    """The relative paths that the notebook's code cells read (quoted paths of scenario, values, PBN and LIN
    files, and of folders), as written."""
    nb = json.loads(nb_path.read_text(encoding="utf-8"))
    found: list[str] = []
    for cell in nb.get("cells", []):
        if cell.get("cell_type") == "code":
            src = cell.get("source", "")
            for m in READ_PATH.finditer("".join(src) if isinstance(src, list) else str(src)):
                if m[1] not in found and not m[1].startswith("/"):
                    found.append(m[1])
    return found


def unshipped_reads(root: Path = NOTEBOOKS) -> list[str]:
    """What would break in the site: each file a notebook reads that is outside ``root`` (the site has only
    what is under it) or does not exist."""
    shipped = {p.resolve() for p in shipped_files(root)}
    problems = []
    for lang, _, _ in LANGUAGES:
        for nb_path in sorted((root / lang).glob("*.ipynb")):
            for rel in files_read(nb_path):
                target = (nb_path.parent / rel).resolve()
                inside = target == root.resolve() or root.resolve() in target.parents
                ok = inside and (target.is_dir() or target in shipped)
                if not ok:
                    why = "outside notebooks/" if not inside else "no such file"
                    problems.append(f"{lang}/{nb_path.name} reads {rel}: {why}")
    return problems


def value_folders(root: Path = NOTEBOOKS) -> list[Path]:
    """The folders of scenario files that the site ships: each gets its stored option values
    (``worth-values.dat``, tools/worth_values.py), since the site has no double-dummy solver."""
    return sorted({p.parent for p in shipped_files(root) if p.suffix == ".toml"})


#: an element's start tag in a stored picture (the renderer escapes attribute values: no < > or " inside them)
START_TAG = re.compile(r"<([a-zA-Z][\w:-]*)(\s[^<>]*)?>")
STYLE_ATTR = re.compile(r'\sstyle="([^"]*)"')
CLASS_ATTR = re.compile(r'\sclass="([^"]*)"')
#: the prefix of the classes that stand for the stored pictures' inline styles in the site
OUTPUT_CLASS = "bl-o-"


def style_class(style: str) -> str:
    """The class that stands for one inline style (named by its text: the same style, the same class)."""
    return OUTPUT_CLASS + hashlib.sha256(style.encode("utf-8")).hexdigest()[:8]


def compact_html(html_text: str, styles: dict[str, str]) -> str:
    """``html_text`` with each element's ``style="..."`` replaced by a class (added to the element's classes);
    ``styles`` collects class -> style. A start tag this cannot read for sure raises ValueError."""
    def tag(m: re.Match[str]) -> str:
        attrs = m.group(2) or ""
        found = STYLE_ATTR.findall(attrs)
        if not found:
            return m.group(0)
        if len(found) > 1 or attrs.count('"') % 2:
            raise ValueError(f"cannot read the tag {m.group(0)[:200]!r}")
        name = style_class(found[0])
        styles[name] = found[0]
        attrs = STYLE_ATTR.sub("", attrs, count=1)
        if CLASS_ATTR.search(attrs):
            attrs = CLASS_ATTR.sub(lambda c: f' class="{c.group(1)} {name}"', attrs, count=1)
        else:
            attrs = f' class="{name}"' + attrs
        return f"<{m.group(1)}{attrs}>"

    return START_TAG.sub(tag, html_text)


def compact_outputs(nb: dict[str, Any], where: str, styles: dict[str, str]) -> None:
    """The notebook's stored ``text/html`` outputs (the static pictures of the tables and walk-throughs) with
    their inline styles as classes, in place. A picture of ours repeats a few dozen distinct styles tens of
    thousands of times (half of each notebook's bytes); the site's page carries each once (``outputs_css``)."""
    for i, cell in enumerate(nb.get("cells", [])):
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if "text/html" not in data:
                continue
            value = data["text/html"]
            text = "".join(value) if isinstance(value, list) else value
            try:
                text = compact_html(text, styles)
            except ValueError as exc:
                raise SystemExit(f"site: error: {where}, cell {i}: {exc}") from None
            data["text/html"] = text.splitlines(keepends=True) if isinstance(value, list) else text


def outputs_css(styles: dict[str, str]) -> str:
    """One rule per class of ``compact_outputs``. Each declaration is ``!important``, as an inline style outranks
    every rule of the page's stylesheets (JupyterLab's right-aligned and striped table cells among them)."""
    rules = []
    for name, style in sorted(styles.items()):
        declarations = [d.strip() for d in html.unescape(style).split(";") if d.strip()]
        bad = [d for d in declarations if ":" not in d or any(c in d for c in "{}<>!")]
        if bad:
            raise SystemExit(f"site: error: an inline style the site cannot carry as a class: {bad[0]!r}")
        rules.append(f".{name}{{{';'.join(d + ' !important' for d in declarations)}}}")
    return "\n".join(rules) + "\n"


def start_page(out: Path) -> None:
    """The site's own start page (``index.html``): the participant picks a language and lands on that language's
    start notebook in JupyterLab (``lab/index.html?path=nb/00-start.ipynb``). Plain HTML and no code: it replaces
    JupyterLite's root page, which only redirects, but keeps that page's empty ``jupyter-config-data`` (JSON,
    never run), because every app page of the site reads it from its parent folder (config-utils.js marks the
    site's root with ``data-jupyter-lite-root``); without it JupyterLab stops before it starts."""
    items = "\n".join(
        f'    <li lang="{lang}"><a href="lab/index.html?path={lang}/00-start.ipynb"><strong>{name}</strong></a>'
        f"<br><span>{what}</span></li>" for lang, name, what in LANGUAGES)
    page = f"""<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>bridgelaws</title>
  <link rel="icon" href="favicon.ico">
  <script id="jupyter-config-data" type="application/json" data-jupyter-lite-root=".">{{}}</script>
  <style>
    body {{ font-family: "DejaVu Sans", "Segoe UI", Arial, sans-serif; font-size: 20px; margin: 3em auto;
           max-width: 34em; color: #111; }}
    h1 {{ font-size: 1.6em; }} ul {{ list-style: none; padding: 0; }}
    li {{ margin: 0 0 1em 0; padding: 0.6em 0.9em; border: 2px solid #2f6b3a; border-radius: 8px; }}
    a {{ color: #1a4d26; font-size: 1.2em; }} span {{ color: #333; }}
  </style>
</head>
<body>
  <h1>bridgelaws</h1>
  <p lang="da">Vælg sprog · <span lang="nb">Velg språk</span> · <span lang="en">Choose a language</span></p>
  <ul>
{items}
  </ul>
</body>
</html>
"""
    (out / "index.html").write_text(page, encoding="utf-8")


def labextension_paths() -> list[Path]:
    share = Path(sys.prefix) / "share" / "jupyter" / "labextensions"
    out = []
    for name in LABEXTENSIONS:
        path = share / name
        if path.is_dir():
            out.append(path)
        elif name != "anywidget" or installed("anywidget"):
            raise SystemExit(f"site: error: the lab extension {name} is not installed in {share}")
    return out


def build(out: Path, root: Path = NOTEBOOKS) -> dict[str, Any]:
    started = time.perf_counter()
    version = pyodide_version()
    with tempfile.TemporaryDirectory(prefix="bridgelaws-site-") as tmp_name:
        tmp = Path(tmp_name)
        lite = tmp / "lite"
        pyodide_dir = lite / "static" / "pyodide"
        pyodide_dir.mkdir(parents=True)

        say(f"Pyodide {version} core from npm")
        lock = fetch_pyodide(version, tmp, pyodide_dir)
        kernel = closure(lock, KERNEL_ROOTS)

        widgets = [(dist, imports, deps) for dist, imports, deps in WIDGET_STACK
                   if dist not in OPTIONAL or installed("anywidget")]
        specs = [f"{lock['packages'][n]['name']}=={lock['packages'][n]['version']}" for n in kernel]
        for dist, _, _ in widgets:
            v = installed(dist)
            if v is None:
                raise SystemExit(f"site: error: {dist} is not installed here (build with: python3 dev.py site)")
            specs.append(f"{dist}=={v}")
        # typing-extensions is in Pyodide's lock; anywidget and psygnal need it
        extra_from_lock = ["typing-extensions"] if installed("anywidget") else []
        specs += [f"{lock['packages'][n]['name']}=={lock['packages'][n]['version']}" for n in extra_from_lock]
        say(f"{len(specs)} pure-Python wheels from the package index")
        stage = tmp / "wheels"
        wheels = {wheel_name(w): w for w in pip_download(specs, stage)}
        say("our own wheel")
        own = Path(shutil.copy(build_own_wheel(tmp / "own"), stage))
        # the kernel's own shims (piplite, ipykernel, pyodide-kernel), loaded at start like the others
        shim_dir = Path(sys.prefix) / "share" / "jupyter" / "labextensions" / "@jupyterlite" / \
            "pyodide-kernel-extension" / "static" / "pypi"
        shims = []
        for dist, imports, deps in SHIMS:
            (wheel,) = shim_dir.glob(f"{dist}-*-py3-none-any.whl")
            shims.append((Path(shutil.copy(wheel, stage)), imports, deps))
        compile_python(pyodide_dir, stage, keep_source={own.name})

        packages: dict[str, Any] = {}
        for name in kernel + extra_from_lock:
            entry = dict(lock["packages"][name])
            wheel = wheels.get(canonical(name))
            if wheel is None:
                raise SystemExit(f"site: error: no wheel downloaded for {name}")
            shutil.copy(wheel, pyodide_dir / wheel.name)
            entry.update(file_name=wheel.name, sha256=sha256(wheel))
            packages[name] = entry
        stack_names = []
        for dist, imports, deps in widgets:
            wheel = wheels[canonical(dist)]
            shutil.copy(wheel, pyodide_dir / wheel.name)
            entry = lock_entry(wheel, imports, deps)
            packages[entry["name"]] = entry
            stack_names.append(entry["name"])
        # the kernel's own shims in the lock too, so that the kernel can load everything it starts with at once,
        # while Pyodide starts, instead of one piplite install after another (loadPyodideOptions.packages below)
        for wheel, imports, deps in shims:
            shutil.copy(wheel, pyodide_dir / wheel.name)
            entry = lock_entry(wheel, imports, deps)
            packages[entry["name"]] = entry
        # (only in the lock, not in a piplite index too: micropip, and so %pip install, takes a package of the
        # lock from the lock first; a second copy of each wheel was 2 MB of the site)
        shutil.copy(own, pyodide_dir / own.name)
        # the notebooks import only bridgelaws; its widgets need the widget stack, loaded with it
        mine = lock_entry(own, ("bridgelaws",), tuple(n for n in stack_names if n not in ("comm",)))
        packages["bridgelaws"] = mine
        known = {canonical(k) for k in packages}
        for entry in packages.values():
            missing = [d for d in entry["depends"] if canonical(d) not in known]
            if missing:
                raise SystemExit(f"site: error: {entry['name']} depends on {missing}, not in the site's lock")
        lock["packages"] = dict(sorted(packages.items()))
        (pyodide_dir / "pyodide-lock.json").write_text(json.dumps(lock, indent=1) + "\n", encoding="utf-8")

        say("notebooks and scenarios")
        styles: dict[str, str] = {}
        notebooks = copy_contents(tmp / "contents", styles, root)
        kernel_settings = {"disablePyPIFallback": True,
                           "loadPyodideOptions": {"packages": list(PRELOAD)}}
        settings = {"@jupyterlite/pyodide-kernel-extension:kernel": kernel_settings,
                    "@jupyterlab/apputils-extension:notification": {"fetchNews": "false",
                                                                    "checkForUpdates": False}}
        config = {"jupyter-lite-schema-version": 0,
                  "jupyter-config-data": {"appName": "bridgelaws", "disablePyPIFallback": True,
                                          "exposeAppInBrowser": True, "litePluginSettings": settings}}
        (lite / "jupyter-lite.json").write_text(json.dumps(config, indent=1) + "\n", encoding="utf-8")
        (lite / "overrides.json").write_text(json.dumps(settings, indent=1) + "\n", encoding="utf-8")

        if out.exists():
            shutil.rmtree(out)
        cmd = [sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(lite),
               "--contents", str(tmp / "contents"), "--output-dir", str(out), "--apps", "lab",
               "--no-sourcemaps", "--no-unused-shared-packages", "--ignore-sys-prefix",
               "--settings-overrides", str(lite / "overrides.json")]
        for ext in labextension_paths():
            cmd.append(f"--LiteBuildConfig.federated_extensions={ext}")
        run(cmd, cwd=lite)
    record_service_worker(out)
    in_head(out, "outputs", f'<style data-bl="outputs">\n{outputs_css(styles)}</style>\n')
    prestart_kernel(out)
    drop_legacy_fonts(out)
    kernel_imports_skip_drive(out)
    kernel_without_jedi(out)
    kernel_first_cell_imports(out)
    start_page(out)
    # browsers ask for /favicon.ico on their own; without it every load logs a 404 console error
    if (out / "lab" / "favicon.ico").is_file() and not (out / "favicon.ico").exists():
        shutil.copy(out / "lab" / "favicon.ico", out / "favicon.ico")
    size = sum(f.stat().st_size for f in out.rglob("*") if f.is_file())
    seconds = time.perf_counter() - started
    report = {"out": str(out), "notebooks": notebooks, "wheels": sorted(p["file_name"] for p in packages.values()),
              "size_mb": round(size / 1e6, 1), "seconds": round(seconds, 1)}
    say(f"built {out} in {seconds:.0f} s: {size / 1e6:.1f} MB, {len(notebooks)} notebooks, "
        f"{len(packages)} wheels in the lock")
    return report


#: the bare site's one notebook: what benchmarks/site.py runs there (Run All, until the output shows 2)
BARE_NOTEBOOK = {"cells": [{"cell_type": "code", "execution_count": None, "id": "one-plus-one", "metadata": {},
                            "outputs": [], "source": ["1+1"]}],
                 "metadata": {"kernelspec": KERNELSPEC, "language_info": {"name": "python"}},
                 "nbformat": 4, "nbformat_minor": 5}


def bare_lock(lock: dict[str, Any], tmp: Path, pyodide_dir: Path, tuned: bool) -> dict[str, Any]:
    """The bare site's packages: the kernel's wheels of Pyodide's lock and comm (the kernel installs it; the
    site ships the same version), into ``pyodide_dir``; tuned, also the kernel's shims, everything
    byte-compiled as in the site."""
    # (the bare site as published has jedi, which its kernel installs and imports; the tuned one does without)
    kernel = closure(lock, KERNEL_ROOTS if tuned else (*KERNEL_ROOTS, "jedi"))
    stage = tmp / "wheels"
    specs = [f"{lock['packages'][n]['name']}=={lock['packages'][n]['version']}" for n in kernel]
    wheels = {wheel_name(w): w for w in pip_download([*specs, f"comm=={installed('comm')}"], stage)}
    shims = []
    if tuned:
        shim_dir = Path(sys.prefix) / "share" / "jupyter" / "labextensions" / "@jupyterlite" / \
            "pyodide-kernel-extension" / "static" / "pypi"
        for dist, imports, deps in SHIMS:
            (wheel,) = shim_dir.glob(f"{dist}-*-py3-none-any.whl")
            shims.append((Path(shutil.copy(wheel, stage)), imports, deps))
        compile_python(pyodide_dir, stage, keep_source=set())
    packages = {}
    for name in kernel:
        wheel = wheels[canonical(name)]
        packages[name] = {**lock["packages"][name], "file_name": wheel.name, "sha256": sha256(wheel)}
    packages["comm"] = lock_entry(wheels["comm"], ("comm",), ("traitlets",))
    for wheel, imports, deps in shims:
        entry = lock_entry(wheel, imports, deps)
        packages[entry["name"]] = entry
    for wheel in stage.glob("*.whl"):
        shutil.copy(wheel, pyodide_dir / wheel.name)
    return packages


def build_bare(out: Path, tuned: bool = False) -> dict[str, Any]:
    """A bare JupyterLite site of the same versions, the yardstick of benchmarks/site.py: JupyterLab and the
    Pyodide kernel as ``jupyter lite build`` makes them, with one notebook (``bare.ipynb``: ``1+1``). What it
    takes to run offline and nothing else: Pyodide's core from npm and the wheels of its lock that the kernel
    loads at start (as the site has them, but as published: no bytecode, and loaded the kernel's own way, one
    after another, instead of all at once while Pyodide starts); no widget manager, no bridgelaws, no change to
    the kernel's worker. Like the site it has the page's line for JupyterLite's service worker
    (``record_service_worker``): without it, about one first reload in four waits seconds for the worker.

    ``tuned``: the same, with the site's own start-up work, none of which depends on bridgelaws: bytecode, the
    kernel's packages loaded at once while Pyodide starts, the kernel's imports not looking in ``/drive``, no
    jedi, and the kernel started while JupyterLab draws. Against it, the site's figures show what our package, its
    widgets and the notebook itself cost."""
    started = time.perf_counter()
    version = pyodide_version()
    with tempfile.TemporaryDirectory(prefix="bridgelaws-bare-") as tmp_name:
        tmp = Path(tmp_name)
        lite = tmp / "lite"
        pyodide_dir = lite / "static" / "pyodide"
        say(f"bare JupyterLite{' (tuned)' if tuned else ''}: Pyodide {version} core from npm")
        lock = fetch_pyodide(version, tmp, pyodide_dir)
        lock["packages"] = bare_lock(lock, tmp, pyodide_dir, tuned)
        (pyodide_dir / "pyodide-lock.json").write_text(json.dumps(lock, indent=1) + "\n", encoding="utf-8")
        contents = tmp / "contents"
        contents.mkdir()
        (contents / "bare.ipynb").write_text(json.dumps(BARE_NOTEBOOK, indent=1) + "\n", encoding="utf-8")
        kernel_settings: dict[str, Any] = {"disablePyPIFallback": True}
        if tuned:
            kernel_settings["loadPyodideOptions"] = {"packages": [n for n in PRELOAD if n != "bridgelaws"]}
        settings = {"@jupyterlite/pyodide-kernel-extension:kernel": kernel_settings,
                    "@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": False}}
        config = {"jupyter-lite-schema-version": 0,
                  "jupyter-config-data": {"disablePyPIFallback": True, "exposeAppInBrowser": tuned,
                                          "litePluginSettings": settings}}
        (lite / "jupyter-lite.json").write_text(json.dumps(config, indent=1) + "\n", encoding="utf-8")
        (lite / "overrides.json").write_text(json.dumps(settings, indent=1) + "\n", encoding="utf-8")
        if out.exists():
            shutil.rmtree(out)
        share = Path(sys.prefix) / "share" / "jupyter" / "labextensions"
        run([sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(lite), "--contents", str(contents),
             "--output-dir", str(out), "--apps", "lab", "--no-sourcemaps", "--no-unused-shared-packages",
             "--ignore-sys-prefix", "--settings-overrides", str(lite / "overrides.json"),
             f"--LiteBuildConfig.federated_extensions={share / '@jupyterlite' / 'pyodide-kernel-extension'}"],
            cwd=lite)
    record_service_worker(out)
    if tuned:
        prestart_kernel(out)
        kernel_imports_skip_drive(out)
        kernel_without_jedi(out)
    size = sum(f.stat().st_size for f in out.rglob("*") if f.is_file())
    say(f"built the bare site {out} in {time.perf_counter() - started:.0f} s: {size / 1e6:.1f} MB")
    return {"out": str(out), "size_mb": round(size / 1e6, 1)}


#: put first into the <head> of each app's index.html by record_service_worker()
SW_RECORD = """<script>/* bridgelaws, tools/build_site.py: record the service worker's version on the first visit */
(function () { try { var key = new URL(%s, location.href).href + "-version";
  if (!localStorage.getItem(key)) localStorage.setItem(key, %s); } catch (e) {} })();
</script>
"""


def record_service_worker(out: Path) -> None:
    """JupyterLite (0.8.6) keeps the version of its service worker in localStorage, but writes it only on a
    page the worker already controls; the first visit has none. So a participant's first reload finds no
    version, unregisters the worker and registers it again, and a kernel that starts meanwhile has no
    ``/drive``: the notebook cannot open its scenario files. On this machine the unregistering took up to
    9 s in about one first reload in four. This script, first in the page, records the version on the
    first visit as JupyterLite would on the second; a site of another version still replaces the worker."""
    config = json.loads((out / "jupyter-lite.json").read_text(encoding="utf-8"))["jupyter-config-data"]
    version = config["appVersion"]
    cache = str(config.get("enableServiceWorkerCache", "false")).lower()
    for page in sorted(out.glob("*/index.html")):
        html = page.read_text(encoding="utf-8")
        if "<head>" not in html or "bridgelaws, tools/build_site.py" in html:
            continue
        # the worker's URL as JupyterLite builds it: the site's root (one folder up from the app) and its option
        script = SW_RECORD % (json.dumps(f"../service-worker.js?enableCache={cache}"), json.dumps(version))
        page.write_text(html.replace("<head>", "<head>\n" + script, 1), encoding="utf-8")


def in_head(out: Path, what: str, markup: str) -> None:
    """Puts ``markup`` at the end of the ``<head>`` of each app's page (lab/index.html), once."""
    mark = f"<!-- bridgelaws, tools/build_site.py: {what} -->\n"
    for page in sorted(out.glob("*/index.html")):
        text = page.read_text(encoding="utf-8")
        if "</head>" not in text or mark in text:
            continue
        page.write_text(text.replace("</head>", mark + markup + "</head>", 1), encoding="utf-8")


def prestart_kernel(out: Path) -> None:
    """tools/site_prestart.js, first in each app's page: the notebook's kernel starts as soon as JupyterLab has
    started, while it draws, instead of once the notebook is shown (about a second of a first visit here)."""
    script = (ROOT / "tools" / "site_prestart.js").read_text(encoding="utf-8")
    for page in sorted(out.glob("*/index.html")):
        text = page.read_text(encoding="utf-8")
        if "<head>" not in text or "tools/site_prestart.js" in text:
            continue
        page.write_text(text.replace("<head>", "<head>\n<script>" + script + "</script>\n", 1), encoding="utf-8")


#: web fonts JupyterLab's bundle ships in older formats beside WOFF2
LEGACY_FONTS = (".eot", ".ttf", ".svg", ".woff")


def drop_legacy_fonts(out: Path) -> None:
    """The fonts of JupyterLab's bundle (Font Awesome) only as WOFF2: each @font-face lists WOFF2 first, and
    every browser JupyterLab 4 supports reads it, so the EOT, TTF, SVG and WOFF copies are never fetched
    (2.8 MB of the site)."""
    for woff2 in sorted((out / "build").glob("*.woff2")):
        for suffix in LEGACY_FONTS:
            woff2.with_suffix(suffix).unlink(missing_ok=True)


#: the Python the worker runs before ``import piplite.piplite`` (the first import after /drive is mounted) ...
SKIP_DRIVE = """
      import sys as _bl_sys
      _bl_cwd_on_path = "" in _bl_sys.path
      if _bl_cwd_on_path: _bl_sys.path.remove("")
      import piplite.piplite
"""
#: ... and after ``import pyodide_kernel`` (the last): the folder is where a cell's imports look first again
RESTORE_DRIVE = ('"import pyodide_kernel",\'if _bl_cwd_on_path: _bl_sys.path.insert(0, "")\','
                 '"del _bl_sys, _bl_cwd_on_path"')


def kernel_imports_skip_drive(out: Path) -> None:
    """JupyterLite's Pyodide worker (0.8.6) mounts the participant's folder at ``/drive`` and makes it the
    working directory before it imports piplite and the kernel, and ``''`` (the working directory) comes first
    on ``sys.path``. So every top-level module the kernel imports at start (about 90) is first looked for in
    the participant's folder: one synchronous round trip each through the service worker to the page, which
    is busy starting JupyterLab (about 0.8 s of a reload here), and a file of the participant's named like
    one of those modules (``traitlets.py``) would stop the kernel from starting at all.

    This takes ``''`` off ``sys.path`` for those two imports only, in both of the extension's workers: the
    working directory is ``/drive`` throughout, and once the kernel is up a cell's imports look in the
    folder first, as before. Fails the build if the worker is not the one this was written for."""
    static = out / "extensions" / "@jupyterlite" / "pyodide-kernel-extension" / "static"
    workers = sorted(static.glob("*.worker.*.js"))
    if {w.name.split(".")[0] for w in workers} != {"comlink", "coincident"}:
        raise SystemExit(f"site: error: expected the comlink and coincident workers in {static}, found "
                         f"{[w.name for w in workers]}")
    for worker in workers:
        js = worker.read_text(encoding="utf-8")
        pm = "\n      import piplite.piplite\n"
        kernel = re.findall(r'\b\w+\.push\("import pyodide_kernel"\)', js)
        if js.count(pm) != 1 or len(kernel) != 1 or "_bl_sys" in js:
            raise SystemExit(f"site: error: {worker.name} is not the worker of jupyterlite-pyodide-kernel 0.8.6 "
                             "(pinned in pyproject.toml); see kernel_imports_skip_drive in tools/build_site.py")
        js = js.replace(pm, SKIP_DRIVE, 1)
        js = js.replace(kernel[0], kernel[0].replace('"import pyodide_kernel"', RESTORE_DRIVE), 1)
        worker.write_text(js, encoding="utf-8")


#: the packages the worker (0.8.6) installs for the kernel unless they were loaded with Pyodide ...
KERNEL_INSTALLS = '["ipykernel","comm","pyodide-kernel","jedi","ipython"]'
#: ... and the Python it runs to import the kernel (as kernel_imports_skip_drive leaves it)
KERNEL_IMPORT = '"import pyodide_kernel",'


def kernel_without_jedi(out: Path) -> None:
    """The kernel without jedi: JupyterLite's worker installs jedi for every kernel and the kernel's shell
    imports it (and parso) when it starts, for Tab completion only; no cell needs it. The worker here neither
    installs it nor asks the shell for it (``Completer.use_jedi = False``): Tab completion goes through
    IPython's own completer (names, attributes, keys, paths). Fails the build if the worker is not the one this
    was written for."""
    static = out / "extensions" / "@jupyterlite" / "pyodide-kernel-extension" / "static"
    for worker in sorted(static.glob("*.worker.*.js")):
        js = worker.read_text(encoding="utf-8")
        if js.count(KERNEL_INSTALLS) != 1 or js.count(KERNEL_IMPORT) != 1:
            raise SystemExit(f"site: error: {worker.name} is not the worker of jupyterlite-pyodide-kernel 0.8.6 "
                             "(pinned in pyproject.toml); see kernel_without_jedi in tools/build_site.py")
        js = js.replace(KERNEL_INSTALLS, KERNEL_INSTALLS.replace('"jedi",', ""))
        js = js.replace(KERNEL_IMPORT, KERNEL_IMPORT + '"pyodide_kernel.ipython_shell.Completer.use_jedi = False",')
        worker.write_text(js, encoding="utf-8")


#: what the first cell of most of the site's notebooks imports (``from bridgelaws import present, notebook,
#: widgets``, and through widgets ipywidgets and anywidget): imported by the kernel while it starts
FIRST_CELL_IMPORTS = ("bridgelaws.present", "bridgelaws.notebook", "bridgelaws.widgets")


def kernel_first_cell_imports(out: Path) -> None:
    """The kernel imports what a notebook's first cell imports (:data:`FIRST_CELL_IMPORTS`) while it starts,
    right after the kernel itself: in the kernel's worker, while the page still draws the notebook, and before
    the kernel says Idle; the first cell then finds them imported (they take about 0.7 s of Pyodide's time).
    Like the kernel's own imports (``kernel_imports_skip_drive``) they do not look in the participant's folder
    (one round trip each to the page through the service worker). Measured on a warm reload of da/01 (5
    interleaved rounds, load 7): Idle 0.25 s later, the first table 0.16 s sooner (median; 0.2-1.5 s in each
    round). Every notebook's kernel pays them, 00-start's too, which needs only the glossary. A failure here is
    silent: the cell's own import then raises it where the participant sees it. No name is added to the
    notebook's namespace. Fails the build if the worker is not the one this was written for."""
    names = ", ".join(f"__import__({m!r})" for m in FIRST_CELL_IMPORTS)
    code = f'"try: {names}",' + '"except Exception: pass",'
    static = out / "extensions" / "@jupyterlite" / "pyodide-kernel-extension" / "static"
    for worker in sorted(static.glob("*.worker.*.js")):
        js = worker.read_text(encoding="utf-8")
        if js.count(KERNEL_IMPORT) != 1 or "_bl_cwd_on_path" not in js or "__import__('bridgelaws" in js:
            raise SystemExit(f"site: error: {worker.name} is not the worker of jupyterlite-pyodide-kernel 0.8.6 "
                             "as kernel_imports_skip_drive leaves it; see kernel_first_cell_imports in "
                             "tools/build_site.py")
        worker.write_text(js.replace(KERNEL_IMPORT, KERNEL_IMPORT + code, 1), encoding="utf-8")


class _Handler(SimpleHTTPRequestHandler):
    """Static files with the types a browser insists on for modules and WebAssembly; no request log."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, ".mjs": "text/javascript",
                      ".js": "text/javascript", ".wasm": "application/wasm", ".json": "application/json",
                      ".ipynb": "application/json", ".toml": "text/plain; charset=utf-8",
                      ".whl": "application/octet-stream"}

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's name
        pass


def server(directory: Path, port: int = 0, host: str = "127.0.0.1") -> ThreadingHTTPServer:
    """A static file server for ``directory`` on loopback (port 0: any free port); call serve_forever()."""
    if not (directory / "index.html").is_file():
        raise SystemExit(f"site: error: {directory} holds no built site (run: python3 dev.py site)")
    handler = partial(_Handler, directory=str(directory))
    return ThreadingHTTPServer((host, port), handler)


def serve(directory: Path, port: int) -> None:
    httpd = server(directory, port)
    url = f"http://127.0.0.1:{httpd.server_address[1]}/lab/index.html"
    say(f"serving {directory} on {url} (Ctrl+C stops it)")
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python tools/build_site.py", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p_build = sub.add_parser("build", help="build the site")
    p_build.add_argument("--out", type=Path, default=DEFAULT_OUT)
    p_build.add_argument("--notebooks", type=Path, default=NOTEBOOKS,
                         help="the notebooks folder to ship (default: notebooks/ of this checkout)")
    p_build.add_argument("--bare", choices=("stock", "tuned"),
                         help="build the bare JupyterLite site of the same versions (benchmarks/site.py) instead")
    p_serve = sub.add_parser("serve", help="serve a built site on loopback")
    p_serve.add_argument("--dir", type=Path, default=DEFAULT_OUT)
    p_serve.add_argument("--port", type=int, default=8000)
    args = parser.parse_args(argv)
    if args.command == "build":
        if args.bare:
            build_bare(args.out.resolve(), tuned=args.bare == "tuned")
        else:
            build(args.out.resolve(), args.notebooks.resolve())
    else:
        serve(args.dir.resolve(), args.port)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
