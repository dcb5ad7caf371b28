"""Byte-compile the site's pure-Python wheels, inside Pyodide's own interpreter (run by tools/build_site.py).

The kernel unpacks every wheel into Pyodide's in-memory file system on each start, so a wheel of sources is
compiled on each start, every time a participant opens or reloads a notebook. Pyodide's own distribution ships its
wheels compiled for that reason; the wheels from PyPI and ours are sources. This script runs inside Pyodide
(tools/build_site.py starts it under Node with the npm package's core), so the bytecode is exactly what the
site's interpreter makes and reads: same version, same magic number, whatever Python runs the build.

    node driver.mjs <pyodide core folder> <this file> <folder of wheels>

``<folder>/pyc.json`` lists the wheels, each with ``keep_source``:

- false (third-party wheels): each module becomes a sourceless ``.pyc`` in place of its ``.py``, as Pyodide
  compiles its own packages;
- true (bridgelaws): the sources stay, and a ``__pycache__`` entry beside each one. The ``.pyc`` files are
  unchecked-hash pycs (PEP 552): the interpreter uses them without looking at the sources' times, which the
  unpacking does not keep.

Each wheel is rewritten in place with a new RECORD. Entries keep their order and dates, so the same wheel
gives the same bytes. A file that does not compile (a Python 2 test file) stays as it is.
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

SITE_PACKAGES = "/lib/python%d.%d/site-packages" % sys.version_info[:2]


def record_hash(data):
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def pyc(data, name):
    code = compile(data, SITE_PACKAGES + "/" + name, "exec", dont_inherit=True)
    return bytes(_bootstrap._code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))


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
                info = zipfile.ZipInfo(name, like.date_time)
                info.external_attr = like.external_attr
                zout.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED)
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
            info = zipfile.ZipInfo(record, zin.getinfo(record).date_time)
            info.external_attr = zin.getinfo(record).external_attr
            zout.writestr(info, "\n".join(lines) + "\n", compress_type=zipfile.ZIP_DEFLATED)
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
        done[job["wheel"]] = compile_wheel(folder + "/" + job["wheel"], job["keep_source"])
    with open(folder + "/pyc-done.json", "w", encoding="utf-8") as f:
        json.dump({"python": sys.version.split()[0], "tag": sys.implementation.cache_tag, "modules": done}, f)


main(FOLDER)  # noqa: F821 - set by the driver before this file runs
