"""Nothing lost (issue 37): the teacher's unsaved line of play is kept beside the notebook, in the Save box's
folder, after every click (``mine/.<example>.autosave``, TOML; not a ``.toml`` file, so ``check`` and the offline
site leave it alone). When the same table is built again after a kernel restart or a stopped server, the line
comes back and the table says so. Saving removes it. Only a table built by a JupyterLab cell that may write
does this (not nbval, nbclient, Voila or a script)."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path
from typing import Any

from bridgelaws import scenario as _scenario
from bridgelaws.errors import BridgeLawsError
from bridgelaws.i18n import Message
from bridgelaws.view import same_event

SUFFIX = ".autosave"


def autosave_path(s: Any) -> Path:
    first = s.branches[0].scenario if s.branches else None
    return autosave_path_of(s, first.id if first is not None else f"{s.table.contract}-{s.table.deal.to_pbn()[:12]}")


def autosave_path_of(s: Any, key: str) -> Path:
    """Where the line of a table whose first file has id ``key`` is kept."""
    return Path(s.files.folder) / f".{re.sub(r'[^A-Za-z0-9_-]+', '-', key).strip('-') or 'table'}{SUFFIX}"


def _on_a_script_line(s: Any) -> bool:
    """The history is a prefix of one of the script's lines: nothing of the teacher's own to keep."""
    h = s.history
    return any(len(b.events) >= len(h) and all(same_event(b.events[i], h[i]) for i in range(len(h)))
               for b in s.branches)


def keep(s: Any) -> None:
    """Write the line played so far when it is the teacher's own (left the script); remove the file when the
    table is back on the script. A file that cannot be written is not an error for the click."""
    path = autosave_path(s)
    try:
        if not s.history or _on_a_script_line(s):
            path.unlink(missing_ok=True)
            return
        sc = _scenario.from_table(s.table, id="autosave", **s.example_metadata())
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(_scenario.dumps(sc, "toml"), encoding="utf-8")
    except (OSError, BridgeLawsError, ValueError):
        pass


def forget(s: Any) -> None:
    try:
        autosave_path(s).unlink(missing_ok=True)
    except OSError:
        pass


def restore(s: Any) -> bool:
    """Bring back a kept line of the same deal and contract, and say so on the table."""
    path = autosave_path(s)
    try:
        if not path.is_file():
            return False
        sc = _scenario.loads(path.read_text(encoding="utf-8"), "toml", path=path.name)
    except (OSError, BridgeLawsError, ValueError):
        return False
    if sc.deal != s.table.deal or sc.contract != s.table.contract or not sc.history:
        return False
    try:
        s.goto_start("start")
        for ev in sc.history:
            s._push(ev)
    except BridgeLawsError:
        s.goto_start("stop")
        return False
    s.message = ("info", Message("table.autosave.restored", {"n": len(sc.history), "name": path.name,
                                                             "folder": str(path.parent)}))
    return True


def enabled() -> bool:
    """Not in the offline site (Pyodide: a file that is not there is fetched from the site's server first, and
    the 404 shows in the page's console), nor where BRIDGELAWS_AUTOSAVE=0 (the browser tests: one test's kept
    line would open the next test's table where the first one left it)."""
    return sys.platform != "emscripten" and os.environ.get("BRIDGELAWS_AUTOSAVE", "1") != "0"


def start(s: Any, seen: Any, built: Any) -> bool:
    """A table built by a JupyterLab cell that may write: bring back a kept line unless the cell's own live
    table is resumed (the same build, still in memory); True: keep the line from now on."""
    if not enabled():
        return False
    if seen is None or seen[0] != built:
        restore(s)
    return True


def after(s: Any, msg: Any) -> None:
    """After a click: a successful save removes the kept copy; anything else keeps the line."""
    saved = msg.get("action") in ("save", "save_test", "save_branches") and (s.message or ("",))[0] == "info"
    forget(s) if saved else keep(s)
