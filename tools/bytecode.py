"""Byte-compile the site's Python: its standard library and its wheels, inside Pyodide's own interpreter.

Run by tools/build_site.py. Nothing the kernel imports can keep bytecode between two starts: the standard
library is a zip archive (``python_stdlib.zip``, which the npm package ships as sources) and every wheel is
unpacked into an in-memory file system. Without bytecode in the site, the kernel compiles the standard library,
IPython and the rest again each time a participant opens or reloads a notebook. This script runs inside Pyodide
(tools/build_site.py starts it under Node with the npm package's core), so the bytecode is exactly what the
site's interpreter makes and reads: same version, same magic number, whatever Python runs the build.

    node driver.mjs <pyodide core folder> <this file> <folder>

``<folder>/pyc.json`` lists the files of ``<folder>`` to compile in place, each with ``kind`` and ``keep_source``:

- ``stdlib``, the standard library's zip: a ``.pyc`` beside each ``.py``, which ``zipimport`` takes first;
- ``wheel``, keep_source false (third-party wheels): each module becomes a sourceless ``.pyc`` in place of its
  ``.py``, as Pyodide compiles the packages of its own distribution;
- ``wheel``, keep_source true (bridgelaws): the sources stay, with a ``__pycache__`` entry beside each one.

All ``.pyc`` files are unchecked hash-based pycs (PEP 552): the interpreter takes them without comparing times
with the sources, which neither the zip nor the unpacking keeps. A wheel gets a new RECORD. Entries keep their
order and dates, so the same input gives the same bytes. A file that does not compile (a Python 2 test file)
stays as it is.
"""

import base64
import hashlib
import importlib._bootstrap_external as _bootstrap  # the standard library's own writer of pycs
import importlib.util
import io
import json
import sys
import warnings
import zipfile

#: where the interpreter finds each module (the names its tracebacks show): the zip itself, and site-packages
STDLIB_ZIP = "/lib/python%d%d.zip" % sys.version_info[:2]
SITE_PACKAGES = "/lib/python%d.%d/site-packages" % sys.version_info[:2]


def record_hash(data):
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def pyc(data, name, folder=SITE_PACKAGES):
    code = compile(data, folder + "/" + name, "exec", dont_inherit=True)
    return bytes(_bootstrap._code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))


def write_like(zout, name, data, like):
    """Writes ``name`` into the zip with the date and mode of the entry ``like`` (the same input, the same bytes)."""
    info = zipfile.ZipInfo(name, like.date_time)
    info.external_attr = like.external_attr
    zout.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED)


def compile_wheel(path, keep_source):
    with zipfile.ZipFile(path) as zin:
        infos = zin.infolist()
        records = [i.filename for i in infos if i.filename.endswith(".dist-info/RECORD")]
        if len(records) != 1:
            raise SystemExit("%s: expected one .dist-info/RECORD, found %d" % (path, len(records)))
        record = records[0]
        written = []
        compiled = 0
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout:

            def add(name, data, like):
                write_like(zout, name, data, like)
                written.append((name, data))

            for info in infos:
                if info.filename == record or info.is_dir():
                    continue
                name = info.filename
                data = zin.read(info)
                top = name.split("/", 1)[0]
                code = None
                if name.endswith(".py") and not top.endswith((".data", ".dist-info")):
                    try:
                        code = pyc(data, name)
                    except (SyntaxError, ValueError):
                        code = None
                if code is None:
                    add(name, data, info)
                elif keep_source:
                    add(name, data, info)
                    add(importlib.util.cache_from_source(name), code, info)
                    compiled += 1
                else:
                    add(name[:-3] + ".pyc", code, info)
                    compiled += 1
            lines = ["%s,%s,%d" % (name, record_hash(data), len(data)) for name, data in written]
            lines.append(record + ",,")
            write_like(zout, record, "\n".join(lines) + "\n", zin.getinfo(record))
    with open(path, "wb") as f:
        f.write(out.getvalue())
    return compiled


def compile_stdlib(path):
    """A .pyc beside each .py of the zip (zipimport looks for name.pyc before name.py)."""
    with zipfile.ZipFile(path) as zin:
        out = io.BytesIO()
        compiled = 0
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout:
            for info in zin.infolist():
                data = zin.read(info)
                zout.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED)
                if not info.filename.endswith(".py"):
                    continue
                try:
                    code = pyc(data, info.filename, STDLIB_ZIP)
                except (SyntaxError, ValueError):
                    continue
                write_like(zout, info.filename[:-3] + ".pyc", code, info)
                compiled += 1
    with open(path, "wb") as f:
        f.write(out.getvalue())
    return compiled


def main(folder):
    # invalid escapes in third-party tests are theirs to fix; compiling them must not flood the build's log
    warnings.simplefilter("ignore", SyntaxWarning)
    with open(folder + "/pyc.json", encoding="utf-8") as f:
        jobs = json.load(f)
    done = {}
    for job in jobs:
        path = folder + "/" + job["file"]
        if job["kind"] == "stdlib":
            done[job["file"]] = compile_stdlib(path)
        else:
            done[job["file"]] = compile_wheel(path, job["keep_source"])
    with open(folder + "/pyc-done.json", "w", encoding="utf-8") as f:
        json.dump({"python": sys.version.split()[0], "tag": sys.implementation.cache_tag, "modules": done}, f)


main(FOLDER)  # noqa: F821 - set by the driver before this file runs
