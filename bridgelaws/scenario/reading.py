"""Reading scenario files and texts: which files are read, their size, their encoding, TOML or JSON."""

from __future__ import annotations

import functools

import json
import os
import stat as statmod
import tomllib
from pathlib import Path
from typing import Any

from bridgelaws.errors import ScenarioError

from bridgelaws.scenario.model import Scenario
from bridgelaws.scenario.validate import no_duplicate_keys, from_dict, MAX_NUMBER
from bridgelaws.scenario.values import short


MAX_FILE_BYTES = 1 << 20
#: The suffixes of scenario files; ``load`` reads nothing else.
SUFFIXES = (".toml", ".json")


def _file_error(key: str, path: str, message: str, **params: Any) -> ScenarioError:
    """A ScenarioError about the file itself; ``explain(lang)`` says it in Danish, Norwegian or English."""
    return ScenarioError(f"{path}: {message}", path=path, key=key, file=path, **params)


def open_read_only(path: str | Path) -> int:
    """A file descriptor of ``path`` opened for reading only. A path that is not a regular file is opened
    non-blocking (a pipe must not wait for a writer; the caller's ``fstat`` refuses it); a regular file is
    opened with ``O_RDONLY`` alone, because JupyterLite's in-browser file system (the offline site) writes a
    file back to the browser's storage when it is closed, unless it was opened with exactly that."""
    flags = os.O_RDONLY | getattr(os, "O_BINARY", 0)
    try:
        regular = statmod.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        regular = False   # os.open below says what is wrong
    if not regular:
        flags |= getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    return os.open(path, flags)


def read_file(path: str | Path) -> str:
    """The text of a scenario file, read only if it is a regular file with a ``.toml`` or ``.json`` suffix and
    at most :data:`MAX_FILE_BYTES` long, checked before anything is read: a device (``/dev/zero``), a pipe, a
    folder or a larger file is refused with a ScenarioError and never opened for reading more than that."""
    if not isinstance(path, (str, Path)):
        raise ScenarioError(f"a scenario file's path must be text, not {type(path).__name__}",
                            key="files.bad_path", type=type(path).__name__)
    name = str(path)
    if "\x00" in name:
        raise _file_error("files.nul", name.replace("\x00", "\\0"), "the file name contains a NUL character")
    p = Path(path)
    if p.suffix.lower() not in SUFFIXES:
        raise _file_error("files.suffix", name, "not a scenario file: its name must end in .toml or .json")
    try:
        fd = open_read_only(p)
    except FileNotFoundError:
        raise _file_error("files.not_found", name, "no such file") from None
    except IsADirectoryError:
        raise _file_error("files.folder", name, "is a folder, not a scenario file") from None
    except OSError as exc:
        raise _file_error("files.cannot_read", name, f"cannot read the file ({exc.strerror or exc})",
                          error=exc.strerror or str(exc)) from None
    try:
        st = os.fstat(fd)
        if statmod.S_ISDIR(st.st_mode):
            raise _file_error("files.folder", name, "is a folder, not a scenario file")
        if not statmod.S_ISREG(st.st_mode):
            raise _file_error("files.not_regular", name, "not a regular file (a device, a pipe or a socket); "
                              "only regular .toml and .json files are read")
        if st.st_size > MAX_FILE_BYTES:
            raise _file_error("files.too_large", name, f"the file has {st.st_size} bytes; a scenario file may "
                              f"have at most {MAX_FILE_BYTES} (1 MB)", size=st.st_size, limit=MAX_FILE_BYTES)
        chunks: list[bytes] = []
        size = 0
        while size <= MAX_FILE_BYTES:
            chunk = os.read(fd, MAX_FILE_BYTES + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > MAX_FILE_BYTES:   # it grew while we read it
            raise _file_error("files.too_large", name, f"the file has more than {MAX_FILE_BYTES} bytes; a "
                              f"scenario file may have at most {MAX_FILE_BYTES} (1 MB)", size=size,
                              limit=MAX_FILE_BYTES)
    except OSError as exc:
        raise _file_error("files.cannot_read", name, f"cannot read the file ({exc.strerror or exc})",
                          error=exc.strerror or str(exc)) from None
    finally:
        os.close(fd)
    try:
        return b"".join(chunks).decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _file_error("files.not_utf8", name, f"not UTF-8 text ({exc.reason} at byte {exc.start})",
                          byte=exc.start) from None


def example_files(path: str | Path) -> list[Path]:
    """The scenario files of one example: the file itself, or every scenario file of a folder, sorted by name
    (an example saved with its branches, ``mine/spil1/``: the line to the decision first, ``00-….toml``, then
    one file per option). A folder without scenario files is an error that names it."""
    p = Path(path)
    if not p.is_dir():
        return [p]
    files = sorted(f for f in p.iterdir() if f.is_file() and f.suffix.lower() in SUFFIXES)
    if not files:
        raise _file_error("files.empty_folder", str(p), "no scenario files (.toml, .json) in the folder")
    return files


def load(path: str | Path) -> Scenario:
    """Read a scenario file (``.toml`` or ``.json``); raise ScenarioError saying what and where.

    Only regular files with one of those suffixes and at most :data:`MAX_FILE_BYTES` (1 MB) are read (see
    :func:`read_file`); ScenarioError is the only exception raised, whatever the file holds."""
    text = read_file(path)
    return _loads_once(text, Path(path).suffix.lower()[1:], str(path))


@functools.lru_cache(maxsize=256)
def _loads_once(text: str, format: str, path: str) -> Scenario:
    """:func:`loads`, kept for a file read again with the same text (a notebook replays one file in several
    cells). The key is the text itself, so an edited file is read afresh; a Scenario is immutable, and an error
    is raised again each time (lru_cache keeps no exceptions)."""
    return loads(text, format, path=path)


def loads(text: str, format: str | None = None, *, path: str | None = None) -> Scenario:
    """Read a scenario from TOML or JSON text. ``format`` is ``"toml"`` or ``"json"``; by default JSON when
    the text starts with ``{``, else TOML. Raises ScenarioError, and nothing else, for any text: more than
    :data:`MAX_FILE_BYTES`, invalid TOML or JSON, values out of bounds (:data:`MAX_DEPTH`, :data:`MAX_STRING`,
    :data:`MAX_NUMBER`, checked before anything else) or a scenario that does not validate."""
    where = f"{path}: " if path else ""
    if not isinstance(text, str):
        raise ScenarioError(f"{where}a scenario must be text, not {type(text).__name__}", path=path)
    if len(text) > MAX_FILE_BYTES or len(text.encode("utf-8", "surrogatepass")) > MAX_FILE_BYTES:
        raise ScenarioError(f"{where}the text has more than {MAX_FILE_BYTES} bytes; a scenario may have at most "
                            f"{MAX_FILE_BYTES} (1 MB)", path=path, key="files.text_too_large",
                            limit=MAX_FILE_BYTES)
    if text.startswith("\ufeff"):   # the byte order mark Windows editors write: not part of the text
        text = text[1:]
    fmt = format if format is not None else ("json" if text.lstrip().startswith("{") else "toml")
    if fmt == "toml":
        try:
            data: Any = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise ScenarioError(f"{where}invalid TOML: {exc}", path=path) from None
        except RecursionError:
            raise ScenarioError(f"{where}invalid TOML: nested too deeply", path=path) from None
        except ValueError:   # an integer of more than 4300 digits (Python's int/str limit)
            raise ScenarioError(f"{where}invalid TOML: a number with thousands of digits; numbers in a scenario "
                                f"lie between -{MAX_NUMBER} and {MAX_NUMBER}", path=path) from None
    elif fmt == "json":
        try:
            data = json.loads(text, object_pairs_hook=no_duplicate_keys)
        except json.JSONDecodeError as exc:
            raise ScenarioError(f"{where}invalid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})",
                                path=path) from None
        except (ValueError, RecursionError) as exc:
            raise ScenarioError(f"{where}invalid JSON: {exc}", path=path) from None
    else:
        raise ScenarioError(f"{where}unknown format {short(format)}: use 'toml' or 'json'", path=path)
    return from_dict(data, path=path)
