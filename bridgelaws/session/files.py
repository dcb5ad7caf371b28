"""Save and Load: a table's play written as a scenario file into one folder, and read back, refusing
anything outside the folder, an existing file unless asked, a file too large or not a scenario."""

from __future__ import annotations

import errno
import os
import re
import stat
from pathlib import Path
from typing import Any

from bridgelaws import scenario as _scenario
from bridgelaws.errors import BridgeLawsError
from bridgelaws.session.common import MAX_FILE_BYTES, SCENARIO_SUFFIXES, FileRefusal
from bridgelaws.table import Table

_VOILA_ENV = ("VOILA_KERNEL_ID", "VOILA_BASE_URL", "VOILA_SERVER_URL", "VOILA_APP_PORT")


def _cannot_write(path: Path, exc: OSError) -> FileRefusal:
    """The refusal of a file or folder that the system would not let us write: its name and the system's reason."""
    return FileRefusal("cannot write", key="table.file.cannot_write", name=path.name, error=exc.strerror or "")


class ScenarioFolder:
    """The folder where Save and Load work, and the file box's state: the file name typed, the overwrite
    box, whether the box is open, and whether Save may write at all."""

    def __init__(self, folder: str | Path | None = None, allow_write: bool | None = None) -> None:
        self.folder = Path(folder) if folder is not None else Path.cwd() / "mine"
        self._allow_write = allow_write
        self.filename = ""
        self.overwrite = False
        self.files_open = False
        #: what the teacher typed in the Save box in the table's language (None: not touched; issue 37)
        self.words: dict[str, str | None] = {"title": None, "question": None, "laws": None}
        #: the example saved last (a file, or the folder of an example saved with its branches): what "Make a
        #: lesson notebook" makes the lesson of
        self.last_saved: Path | None = None
        #: the expected ruling the teacher ticked from what the table shows ("save as test"; issue 37)
        self.ticks: dict[str, bool] = {"expect_cite": False, "expect_values": False}

    @property
    def allow_write(self) -> bool:
        """Whether Save may write: as given, else yes, except under Voila (a presentation)."""
        if self._allow_write is not None:
            return self._allow_write
        return not any(k in os.environ for k in _VOILA_ENV)

    def safe_path(self, name: str) -> Path:
        """``name`` inside the folder, or a FileRefusal: a plain file name with a scenario suffix."""
        name = str(name).strip()
        if not name:
            raise FileRefusal("no file name", key="table.file.no_name")
        if "\x00" in name or "/" in name or "\\" in name or name.startswith(".") or ".." in name:
            raise FileRefusal("a file name, not a path", key="table.file.not_a_name", folder=str(self.folder))
        if not name.lower().endswith(SCENARIO_SUFFIXES) or not re.fullmatch(r"[\w][\w .-]{0,100}", name):
            raise FileRefusal("a scenario file name", key="table.file.bad_suffix")
        folder = self.folder.resolve()
        path = folder / name
        if path.parent != folder:
            raise FileRefusal("outside the folder", key="table.file.not_a_name", folder=str(self.folder))
        return path

    def save(self, table: Table, meta: dict[str, Any], name: str | None = None, *, overwrite: bool | None = None,
             as_test: bool = False, extra_expected: dict[str, Any] | None = None) -> Path:
        """Write the table's history as a scenario file (``meta``: title, question, laws; ``as_test``: the
        current ruling as ``expected``). Refuses names outside the folder or the scenario suffixes, an
        existing file unless ``overwrite``, and any writing when the teacher has not allowed it."""
        if not self.allow_write:
            raise FileRefusal("saving is not allowed here", key="table.file.not_allowed")
        path = self.safe_path(self.filename if name is None else name)
        overwrite = self.overwrite if overwrite is None else overwrite
        try:   # a folder that may not be searched: a message, as for writing (#21, N3)
            exists = path.exists()
            regular = not path.is_symlink() and (not exists or path.is_file())
        except OSError as exc:
            raise _cannot_write(path, exc) from None
        if not regular:
            raise FileRefusal("not a regular file", key="table.file.not_regular", name=path.name)
        if exists and not overwrite:
            raise FileRefusal("exists", key="table.file.exists", name=path.name)
        meta = dict(meta)
        if as_test:
            meta["expected"] = {**expected_now(table), **(extra_expected or {})}
        stem = re.sub(r"[^A-Za-z0-9_.-]+", "-", path.stem).strip("-.") or "scenario"
        sc = _scenario.from_table(table, id=stem if stem[0].isalnum() else "s-" + stem, **meta)
        if as_test and not _scenario.check(sc).passed:  # never write a test that fails on the spot
            raise FileRefusal("the ruling could not be written as a test", key="table.file.not_a_test")
        data = _scenario.dumps(sc, "json" if path.suffix.lower() == ".json" else "toml")
        flags = os.O_WRONLY | os.O_CREAT | (os.O_TRUNC if overwrite else os.O_EXCL)
        flags |= getattr(os, "O_NOFOLLOW", 0)
        try:   # a file named like the folder, a read-only notebook folder, a full disk: a message (#21, N3)
            self.folder.mkdir(parents=True, exist_ok=True)
            fd = os.open(path, flags, 0o644)
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(data)
        except FileExistsError:
            if not self.folder.is_dir():
                raise _cannot_write(path, NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR))) from None
            raise FileRefusal("exists", key="table.file.exists", name=path.name) from None
        except OSError as exc:
            raise _cannot_write(path, exc) from None
        self.filename = path.name
        self.last_saved = path
        return path

    def load(self, name: str | None = None) -> _scenario.Scenario:
        """Read a scenario file of the folder (replayed once, so that a file the engine refuses is refused)."""
        path = self.safe_path(self.filename if name is None else name)
        try:
            st = path.lstat()
        except FileNotFoundError:
            raise FileRefusal("no such file", key="table.file.missing", name=path.name) from None
        except OSError as exc:
            raise FileRefusal("cannot read", key="table.file.cannot_read", name=path.name,
                              error=exc.strerror or "") from None
        if not stat.S_ISREG(st.st_mode):
            raise FileRefusal("not a regular file", key="table.file.not_regular", name=path.name)
        if st.st_size > MAX_FILE_BYTES:
            raise FileRefusal("too large", key="table.file.too_large", name=path.name, limit=MAX_FILE_BYTES // 1024)
        try:   # a file that may not be read: a message (#21, N3)
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
            with os.fdopen(fd, "rb") as f:
                raw = f.read(MAX_FILE_BYTES + 1)
        except OSError as exc:
            raise FileRefusal("cannot read", key="table.file.cannot_read", name=path.name,
                              error=exc.strerror or "") from None
        if len(raw) > MAX_FILE_BYTES:
            raise FileRefusal("too large", key="table.file.too_large", name=path.name, limit=MAX_FILE_BYTES // 1024)
        if b"\x00" in raw:
            raise FileRefusal("NUL bytes", key="table.file.not_text", name=path.name)
        try:
            textdata = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise FileRefusal("not UTF-8", key="table.file.not_text", name=path.name) from None
        try:
            sc = _scenario.loads(textdata, "json" if path.suffix.lower() == ".json" else "toml", path=path.name)
            _scenario.replay(sc)
        except (BridgeLawsError, ValueError, TypeError, RecursionError):
            raise FileRefusal("not a scenario", key="table.file.invalid", name=path.name) from None
        self.filename = path.name
        return sc


def with_words(meta: dict[str, Any], words: dict[str, str | None], lang: str) -> dict[str, Any]:
    """The example's title, question and laws with what the teacher typed in the Save box: the typed title and
    question replace the text of ``lang`` and keep the other languages' text; the laws are a list typed with
    commas or spaces (``50D2, 50E``)."""
    out = dict(meta)
    for key in ("title", "question"):
        typed = words.get(key)
        if typed is None:
            continue
        base = out.get(key)
        texts = dict(base) if isinstance(base, dict) else ({} if base is None else {"en": str(base)})
        if typed.strip():
            texts[lang] = typed.strip()
        else:
            texts.pop(lang, None)
        if texts:
            out[key] = texts
        else:
            out.pop(key, None)
    laws = words.get("laws")
    if laws is not None:
        out["laws"] = [x.strip().lstrip("§").strip() for x in re.split(r"[,;\s]+", laws) if x.strip().lstrip("§")]
    return out


def other_languages(meta: dict[str, Any], key: str, lang: str) -> tuple[tuple[str, str], ...]:
    """The example's ``key`` (title, question) in the languages other than ``lang``: shown, and kept, beside
    the field for ``lang``."""
    value = meta.get(key)
    if not isinstance(value, dict):
        return ()
    return tuple((other, str(value[other])) for other in ("da", "nb", "en") if other != lang and value.get(other))


def expected_now(table: Table) -> dict[str, Any]:
    """The current ruling in the scenario format's ``expected`` keys: who acts, the legal cards, penalty
    cards, declarer's options and the lead restriction ("save as test")."""
    st = table.state
    out: dict[str, Any] = {}
    if st.to_act is not None and st.phase != "over":
        out["to_act"] = st.to_act.value
        out["legal_cards"] = [str(c) for c in sorted(table.legal_cards(), key=lambda c: c.sort_key)]
    pcs: dict[str, list[dict[str, str]]] = {}
    for p in st.penalty_cards:
        pcs.setdefault(p.seat.value, []).append({"card": str(p.card), "kind": p.kind})
    out["penalty_cards"] = pcs
    opts = table.declarer_options()
    if opts:
        out["declarer_options"] = sorted(opts)
    r = table.lead_restriction()
    if r is not None and r.kind in ("require", "forbid"):
        out["lead_restriction"] = {"seat": r.seat.value, "kind": r.kind, "suits": [s.value for s in r.suits],
                                   "until": r.until}
    else:
        out["lead_restriction"] = False
    return out


def decision_point(s: Any) -> int | None:
    """The number of events before the decision to branch at: the one pending now, else the last one the
    teacher's line passed (where a choice was made)."""
    from bridgelaws import events as _events

    table = s.table
    if table.state.pending is not None and table.state.phase != "over":
        return len(s.history)
    for n in range(len(s.history) - 1, -1, -1):
        if table.states[n].pending is not None and isinstance(s.history[n], _events.Choose):
            return n
    return None


def save_branches(s: Any, name: str | None = None, *, overwrite: bool | None = None) -> Path:
    """See :meth:`SessionCore.save_branches`. Each file is written as Save writes one (validated, replayed);
    nothing is written unless every file can be."""
    from bridgelaws.view import decision_choices, same_event

    folder: ScenarioFolder = s.files
    if not folder.allow_write:
        raise FileRefusal("saving is not allowed here", key="table.file.not_allowed")
    at = decision_point(s)
    if at is None:
        raise FileRefusal("no decision to branch at", key="table.file.no_decision")
    path = folder.safe_path(folder.filename if name is None else name)
    stem = re.sub(r"[^A-Za-z0-9_-]+", "-", path.stem).strip("-") or "example"
    target = path.with_name(stem)
    overwrite = folder.overwrite if overwrite is None else overwrite
    if target.exists() and (not overwrite or not target.is_dir() or target.is_symlink()):
        raise FileRefusal("exists", key="table.file.exists", name=target.name)
    meta = s.example_metadata()
    base = s.table.copy(history=at)
    lines: list[tuple[str, list[Any], Any]] = [(f"00-{stem}", list(s.history[:at]), None)]
    for i, ch in enumerate(decision_choices(base.state), 1):
        events = list(s.history[:at]) + [ch.event]
        if len(s.history) > at and same_event(s.history[at], ch.event):
            events = list(s.history)   # the option the teacher played out, as far as the line goes
        lines.append((f"{i:02d}-{stem}-{_slug(ch.text('en'))}", events, ch))
    scenarios = []
    for file_stem, events, option in lines:
        table = s.table.copy(history=0)
        for ev in events:
            table.push(ev)
        mine = dict(meta)
        if option is not None:   # a branch's title: the example's, and the option taken, in each language
            mine["title"] = {k: f"{v}: {option.text(k)}" for k, v in _texts(meta.get("title")).items()} \
                or {s.lang: option.text(s.lang)}
        try:
            scenarios.append((file_stem, _scenario.from_table(table, id=file_stem, **mine)))
        except (BridgeLawsError, ValueError, TypeError) as exc:
            raise FileRefusal("not a scenario", key="table.file.bad_words", error=str(exc)[:200]) from None
    try:
        target.mkdir(parents=True, exist_ok=True)
        for file_stem, sc in scenarios:
            (target / f"{file_stem}.toml").write_text(_scenario.dumps(sc, "toml"), encoding="utf-8")
    except OSError as exc:
        raise _cannot_write(target, exc) from None
    folder.filename = path.name
    folder.last_saved = target
    return target


def _texts(value: Any) -> dict[str, str]:
    return dict(value) if isinstance(value, dict) else ({} if value is None else {"en": str(value)})


def _slug(label: str) -> str:
    out = re.sub(r"[^a-z0-9]+", "-", label.lower().replace("♠", "s").replace("♥", "h").replace("♦", "d")
                 .replace("♣", "c")).strip("-")
    return out[:30] or "option"


def cited_now(table: Table) -> list[str]:
    """The laws the Director's statements cite now (each statement's own law and the laws its message names),
    in the scenario format's codes: what ``statements_cite_exactly`` lists when the teacher ticks it."""
    from bridgelaws.laws import LawRef

    codes: list[str] = []
    for st in table.statements():
        refs = [st.law] if st.law is not None else []
        refs += [v for v in st.message.params.values() if isinstance(v, LawRef)]
        codes += [r.code for r in refs if r.code not in codes]
    return codes


def make_notebook(s: Any) -> list[Path]:
    """The lesson notebook of the example saved last, in the table's language and, translated through the
    notebooks' workflow, in Danish and Norwegian (bridgelaws.lesson; issue 37)."""
    from bridgelaws import lesson
    from bridgelaws.i18n import Message

    example = s.files.last_saved
    if example is None:
        raise FileRefusal("save the example first", key="table.lesson.save_first")
    langs = [s.lang] + [x for x in ("da", "nb") if x != s.lang]
    try:
        written, waiting = lesson.make_lesson(example, langs)
    except ValueError as exc:
        raise FileRefusal(str(exc), key="table.lesson.cannot", error=str(exc)[:300]) from None
    s.message = ("info", Message("table.lesson.written", {
        "names": ", ".join(f"{p.parent.name}/{p.name}" for p in written), "n": sum(waiting.values())}))
    return written
