"""Scenario files: read, validate, write, replay and check them (../shared/SCENARIO_FORMAT.md).

A scenario is one deal played from trick 1 up to a question, with the irregularities on the way and the
ruling we expect. The same data model is read from TOML (what we write by hand) and JSON (what programs
exchange):

>>> s = loads('''
... id = "first-lead"
... contract = "3NT"
... declarer = "S"
... deal = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
... history = [{ seat = "W", action = "play", card = "HA" }]
... [expected]
... to_act = "N"
... legal_cards = ["HT", "H9", "H8"]
... ''')
>>> check(s).status
'PASS'
>>> loads(dumps(s)) == s
True

``load`` / ``loads`` validate everything they read and raise :class:`~bridgelaws.errors.ScenarioError`
saying what is wrong and where (file, ``event 7 (W play SX)``, ``expected.legal_cards`` ...). ``dump`` /
``dumps`` write TOML (a small emitter of our own, stable order) or JSON. ``replay`` pushes the history
onto a :class:`~bridgelaws.table.Table`; ``check`` compares the table with ``expected`` and every checkpoint.
"""

from __future__ import annotations

import dataclasses
import difflib
import json
import os
import re
import stat as statmod
import tomllib
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Union

from bridgelaws.cards import Card, Seat, Suit
from bridgelaws.deal import Contract, Deal
from bridgelaws.designations import _MAX_TEXT as _MAX_WORDS
from bridgelaws.errors import BridgeLawsError, IllegalPlayError, ScenarioError
from bridgelaws.events import (
    CHOOSE_OPTIONS, EVENT_TYPES, EXPOSE_HOW, TD_FINDINGS, TOUCH_PURPOSES, Event,
)
from bridgelaws.i18n import LANGS, normalize_lang
from bridgelaws.laws import LawRef, is_known, law
from bridgelaws.table import Table, binding_restrictions

__all__ = [
    "Scenario", "Checkpoint", "Difference", "CheckResult", "load", "loads", "dump", "dumps", "from_dict",
    "to_dict", "from_table", "replay", "check", "check_file", "localized", "EXPECTATION_KEYS",
    "NOT_IMPLEMENTED",
]

Text = Union[str, dict[str, str]]
"""Free text: one string, or a table of languages (``da``, ``nb``, ``en``) to text."""

#: The keys of ``expected`` (and of each checkpoint's ``expected``), in the order they are written.
EXPECTATION_KEYS: tuple[str, ...] = (
    "to_act", "next_to_play", "legal_cards", "penalty_cards", "declarer_options", "declarer_designates_among",
    "lead_restriction", "played_card", "played_by", "held_card", "touched_card", "card_is_played",
    "designation", "roles", "lead_stands", "restored_to_hand", "opening_lead", "may_withdraw", "information",
    "revokes", "tricks_won", "trick_adjustment",
)
TOP_LEVEL_KEYS: tuple[str, ...] = (
    "id", "title", "laws", "summary", "question", "reasoning", "tags", "contract", "declarer", "deal",
    "history", "expected", "checkpoints",
)
TEXT_KEYS = ("title", "summary", "question", "reasoning")
REQUIRED_KEYS = ("id", "contract", "declarer", "deal", "history")

#: What ``check`` reports as the actual value when the engine cannot answer yet.
NOT_IMPLEMENTED = "not implemented"

_ID_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")
_BARE_KEY_RE = re.compile(r"^[A-Za-z0-9_-]+$")

#: Closed vocabularies of event fields, by (action, field): a typo is an error in the file.
_VOCABULARY: dict[tuple[str, str], tuple[str, ...]] = {
    ("expose", "how"): EXPOSE_HOW,
    ("expose", "period"): ("clarification",),
    ("choose", "option"): CHOOSE_OPTIONS,
    ("designate", "td_finding"): TD_FINDINGS,
    ("designate", "lang"): ("en", "da", "nb", "no"),
    ("touch", "purpose"): TOUCH_PURPOSES,
}


# ----------------------------------------------------------------------------------------------------------
# the data model
# ----------------------------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Checkpoint:
    """What must hold after the first ``after`` events."""

    after: int
    expected: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Scenario:
    """A validated scenario file. ``expected`` and each checkpoint's ``expected`` hold the file's values in
    canonical form (cards ``"DT"``, seats ``"W"``; ``lead_restriction = false`` for none). ``path`` is where
    it was read from and is not part of equality."""

    id: str
    contract: Contract
    declarer: Seat
    deal: Deal
    history: tuple[Event, ...] = ()
    title: Text | None = None
    laws: tuple[LawRef, ...] = ()
    summary: Text | None = None
    question: Text | None = None
    reasoning: Text | None = None
    tags: tuple[str, ...] = ()
    expected: dict[str, Any] = field(default_factory=dict)
    checkpoints: tuple[Checkpoint, ...] = ()
    path: str | None = field(default=None, compare=False)

    @property
    def warnings(self) -> tuple[str, ...]:
        """Law references that are well formed but outside the library's catalogue."""
        return tuple(f"law {ref} is not in the library's catalogue of laws" for ref in self.laws
                     if not is_known(ref))


def localized(value: Text | None, lang: str = "en") -> str | None:
    """A free-text value in ``lang``: the string itself, or the table's entry for ``lang``, else English,
    else the first language given."""
    if value is None or isinstance(value, str):
        return value
    lang = normalize_lang(lang)
    for choice in (lang, "en"):
        if choice in value:
            return value[choice]
    return next(iter(value.values()), None)


# ----------------------------------------------------------------------------------------------------------
# reading
# ----------------------------------------------------------------------------------------------------------

class _Problem(Exception):
    """A validation problem; ``from_dict`` turns it into a ScenarioError with the file name."""

    def __init__(self, message: str, event_no: int | None = None) -> None:
        super().__init__(message)
        self.event_no = event_no


#: The largest scenario file that ``load`` reads: 1 MB (1,048,576 bytes). A file of that size replays in
#: well under two seconds; larger files are refused before they are read.
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


def load(path: str | Path) -> Scenario:
    """Read a scenario file (``.toml`` or ``.json``); raise ScenarioError saying what and where.

    Only regular files with one of those suffixes and at most :data:`MAX_FILE_BYTES` (1 MB) are read (see
    :func:`read_file`); ScenarioError is the only exception raised, whatever the file holds."""
    text = read_file(path)
    return loads(text, Path(path).suffix.lower()[1:], path=str(path))


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
            data = json.loads(text, object_pairs_hook=_no_duplicate_keys)
        except json.JSONDecodeError as exc:
            raise ScenarioError(f"{where}invalid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})",
                                path=path) from None
        except (ValueError, RecursionError) as exc:
            raise ScenarioError(f"{where}invalid JSON: {exc}", path=path) from None
    else:
        raise ScenarioError(f"{where}unknown format {_short(format)}: use 'toml' or 'json'", path=path)
    return from_dict(data, path=path)


#: Bounds on the values of a scenario file, checked before anything else is done with them: tables and lists
#: nest at most this deep, a string has at most this many characters, and a number lies within these bounds.
MAX_DEPTH = 12
MAX_STRING = 100_000
MAX_NUMBER = 1_000_000


def _out_of_bounds(data: Any) -> str | None:
    """What lies outside what the format allows (too deep, too long, too large), or None. Iterative, so no
    nesting can exhaust the stack; a fast pass first, and the place is worked out only for a problem."""
    return _bounds_walk(data, with_paths=True) if _bounds_walk(data, with_paths=False) else None


def _bounds_walk(data: Any, *, with_paths: bool) -> str | None:
    stack: list[tuple[Any, int, str]] = [(data, 0, "")]
    while stack:
        value, depth, where = stack.pop()
        if isinstance(value, dict):
            items: Iterable[tuple[Any, Any]] = value.items()
        elif isinstance(value, list):
            items = enumerate(value)
        else:
            if isinstance(value, str):
                if len(value) > MAX_STRING:
                    at = f"{where}: " if where else ""
                    return f"{at}a text of {len(value)} characters; at most {MAX_STRING} are allowed"
            elif isinstance(value, (int, float)) and not isinstance(value, bool) \
                    and not -MAX_NUMBER <= value <= MAX_NUMBER:   # NaN fails this comparison too
                at = f"{where}: " if where else ""
                return f"{at}the number {_short(value)} is out of range (at most {MAX_NUMBER} either way)"
            continue
        if depth >= MAX_DEPTH:
            at = f"{where}: " if where else ""
            return f"{at}tables and lists are nested more than {MAX_DEPTH} deep"
        for k, v in items:
            if isinstance(k, str) and len(k) > MAX_STRING:
                at = f"{where}: " if where else ""
                return f"{at}a key of {len(k)} characters; at most {MAX_STRING} are allowed"
            if isinstance(v, (dict, list, str, int, float)):
                stack.append((v, depth + 1, _short_path(where, k if isinstance(k, str) else f"[{k}]")
                              if with_paths else ""))
    return None


def _short_path(where: str, name: str) -> str:
    name = name if len(name) <= 40 else name[:40] + "…"
    if not where:
        return name
    return where + name if name.startswith("[") else f"{where}.{name}"


def _short(value: Any, limit: int = 60) -> str:
    """``repr(value)`` cut to ``limit`` characters, for messages that quote a file's value: a message never
    repeats a whole long value."""
    if isinstance(value, str):
        text = repr(value[:limit + 1])
    elif isinstance(value, (list, dict)) and len(value) > limit:
        text = f"<{_type_name(value)} of {len(value)} items>"
    else:
        try:
            text = repr(value)
        except (ValueError, RecursionError):
            text = f"<{_type_name(value)}>"
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in pairs:
        if k in out:
            raise ValueError(f"duplicate key {k!r}")
        out[k] = v
    return out


_MAX_MESSAGE = 1000


def from_dict(data: Any, *, path: str | None = None) -> Scenario:
    """Validate a parsed scenario (the dict a TOML or JSON reader gives) and build the Scenario."""
    raw_id = data.get("id") if isinstance(data, dict) else None
    scenario_id = raw_id if isinstance(raw_id, str) and _ID_RE.fullmatch(raw_id) else None
    problem = _out_of_bounds(data)   # before any other work on the values
    if problem:
        raise ScenarioError(f"{path}: {problem}" if path else problem, path=path, scenario_id=scenario_id)
    try:
        return _build(data, path)
    except _Problem as exc:
        where = f"{path}: " if path else ""
        message = str(exc)
        if len(message) > _MAX_MESSAGE:   # a value quoted from the file by a parser's message
            message = message[:_MAX_MESSAGE - 1] + "…"
        raise ScenarioError(f"{where}{message}", path=path, event_no=exc.event_no,
                            scenario_id=scenario_id) from None


def _build(data: Any, path: str | None) -> Scenario:
    if not isinstance(data, dict):
        raise _Problem(f"a scenario must be a table of keys, not {_type_name(data)}")
    _no_unknown_keys(data, TOP_LEVEL_KEYS, "")
    missing = [k for k in REQUIRED_KEYS if k not in data]
    if missing:
        raise _Problem(f"missing required key{'s' if len(missing) > 1 else ''} "
                       + ", ".join(repr(k) for k in missing))
    sid = data["id"]
    if not isinstance(sid, str) or not _ID_RE.fullmatch(sid):
        raise _Problem(f"id: must be an ASCII slug of letters, digits, '-', '_' and '.', e.g. "
                       f"'stort-strafkort-1a', not {_short(sid)}")
    declarer = _seat(data["declarer"], "declarer")
    if not isinstance(data["contract"], str):
        raise _Problem(f"contract: must be a string like '3NT' or '4SX', not {_short(data['contract'])}")
    try:
        contract = Contract.parse(data["contract"], declarer)
    except (ValueError, TypeError) as exc:
        raise _Problem(f"contract: {exc}") from None
    deal = _deal(data["deal"])
    history = _history(data["history"])
    texts = {k: _text(data[k], k) if k in data else None for k in TEXT_KEYS}
    laws = tuple(_law_ref(v, "laws") for v in _list(data.get("laws", []), "laws"))
    tags = tuple(_string(v, "tags") for v in _list(data.get("tags", []), "tags"))
    expected = _expected(data.get("expected", {}), "expected", history)
    checkpoints = _checkpoints(data.get("checkpoints", []), history)
    return Scenario(id=sid, contract=contract, declarer=declarer, deal=deal, history=history,
                    title=texts["title"], laws=laws, summary=texts["summary"], question=texts["question"],
                    reasoning=texts["reasoning"], tags=tags, expected=expected, checkpoints=checkpoints,
                    path=path)


# ---- small validators: each raises _Problem("<where>: <what>") ------------------------------------------

def _type_name(value: Any) -> str:
    names = {bool: "a boolean", int: "a number", float: "a number", str: "a string", list: "a list",
             dict: "a table", type(None): "null"}
    return names.get(type(value), type(value).__name__)


def _no_unknown_keys(table: Mapping[Any, Any], allowed: Iterable[str], where: str) -> None:
    allowed = tuple(allowed)
    for key in table:
        if key not in allowed:
            hint = difflib.get_close_matches(str(key), allowed, n=1, cutoff=0.6)
            did_you_mean = f" (did you mean {hint[0]!r}?)" if hint else ""
            prefix = f"{where}: " if where else ""
            raise _Problem(f"{prefix}unknown key {_short(key)}{did_you_mean}; allowed: {', '.join(allowed)}")


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise _Problem(f"{where}: must be a list, not {_type_name(value)}")
    return value


def _table(value: Any, where: str) -> dict[Any, Any]:
    if not isinstance(value, dict):
        raise _Problem(f"{where}: must be a table, not {_type_name(value)}")
    return value


def _string(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise _Problem(f"{where}: must be a string, not {_type_name(value)} {_short(value)}")
    return value


def _bool(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise _Problem(f"{where}: must be true or false, not {_short(value)}")
    return value


def _choice(value: Any, choices: Iterable[str], where: str) -> str:
    choices = tuple(choices)
    if not isinstance(value, str) or value not in choices:
        raise _Problem(f"{where}: must be one of {', '.join(choices)}, not {_short(value)}")
    return value


def _seat(value: Any, where: str) -> Seat:
    if not isinstance(value, str):
        raise _Problem(f"{where}: a seat must be one of N, E, S, W, not {_short(value)}")
    try:
        return Seat.parse(value)
    except ValueError as exc:
        raise _Problem(f"{where}: {exc}") from None


def _suit(value: Any, where: str) -> Suit:
    if not isinstance(value, str):
        raise _Problem(f"{where}: a suit must be one of S, H, D, C, not {_short(value)}")
    try:
        return Suit.parse(value)
    except ValueError:
        raise _Problem(f"{where}: unknown suit {_short(value)} (use S, H, D or C)") from None


def _card(value: Any, where: str, *, shown: bool = False) -> Card:
    """``shown``: ``where`` already shows the card text, so the message leaves it out."""
    if not isinstance(value, str):
        raise _Problem(f"{where}: a card must be a string like 'SA', not {_short(value)}")
    try:
        return Card.parse(value)
    except ValueError as exc:
        msg = str(exc)
        prefix = f"card {value!r}: "
        if shown and msg.startswith(prefix):
            msg = msg[len(prefix):]
        raise _Problem(f"{where}: {msg}") from None


def _law_ref(value: Any, where: str) -> LawRef:
    if not isinstance(value, str):
        raise _Problem(f"{where}: a law reference must be a string like '50D1a', not {_short(value)}")
    try:
        return LawRef.parse(value)
    except ValueError as exc:
        raise _Problem(f"{where}: {exc}") from None


def _deal(value: Any) -> Deal:
    if not isinstance(value, str):
        raise _Problem(f"deal: must be a PBN string 'N:<north> <east> <south> <west>', not {_type_name(value)}")
    try:
        deal = Deal.from_pbn(value)
    except (ValueError, TypeError) as exc:
        raise _Problem(f"deal: {exc}") from None
    problems = deal.problems()
    if problems:
        raise _Problem("deal: invalid deal: " + "; ".join(problems))
    return deal


def _text(value: Any, where: str) -> Text:
    if isinstance(value, str):
        return value
    if not isinstance(value, dict):
        raise _Problem(f"{where}: must be a string or a table of languages (da, nb, en) to text, "
                       f"not {_type_name(value)}")
    out: dict[str, str] = {}
    for lang, text in value.items():
        try:
            code = normalize_lang(lang)
        except ValueError:
            raise _Problem(f"{where}: unknown language {_short(lang)}: use da, nb or en") from None
        if code in out:
            raise _Problem(f"{where}: language {code!r} given twice")
        out[code] = _string(text, f"{where}.{lang}")
    return {lang: out[lang] for lang in LANGS if lang in out}


# ---- events, built generically from the dataclasses in bridgelaws.events ---------------------------------

Converter = Callable[[Any, str], Any]


@dataclass(frozen=True)
class _FieldSpec:
    name: str
    convert: Converter
    required: bool
    shown: bool  # the value appears in the event's label


def _converter(hint: Any, *, shown: bool = False) -> tuple[Converter, bool]:
    """A converter from the file's value to the field's type, and whether None is allowed."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (Union, types.UnionType):
        optional = type(None) in args
        convs = [_converter(a, shown=shown)[0] for a in args if a is not type(None)]

        def union(value: Any, where: str) -> Any:
            if value is None and optional:
                return None
            first: _Problem | None = None
            for conv in convs:
                try:
                    return conv(value, where)
                except _Problem as exc:
                    first = first or exc
            assert first is not None
            raise first

        return union, optional
    if origin is tuple:
        elem = _converter(args[0] if args else Any)[0]

        def tuple_of(value: Any, where: str) -> tuple[Any, ...]:
            return tuple(elem(v, where) for v in _list(value, where))

        return tuple_of, False
    if hint is Card:
        return (lambda v, w: _card(v, w, shown=shown)), False
    if hint is Seat:
        return _seat, False
    if hint is Suit:
        return _suit, False
    if hint is bool:
        return _bool, False
    if hint is str:
        return _string, False
    if hint is int:
        def integer(value: Any, where: str) -> int:
            if isinstance(value, bool) or not isinstance(value, int):
                raise _Problem(f"{where}: must be a whole number, not {_short(value)}")
            return value

        return integer, False

    def plain(value: Any, where: str) -> Any:   # a type this loader does not know: plain values only
        if isinstance(value, (str, bool, int)):
            return value
        if isinstance(value, list) and all(isinstance(v, (str, bool, int)) for v in value):
            return tuple(value)
        raise _Problem(f"{where}: unexpected value {_short(value)}")

    return plain, False


_SPECS: dict[type, tuple[_FieldSpec, ...]] = {}


def _specs(cls: type) -> tuple[_FieldSpec, ...]:
    """The fields of an event class, their converters and whether each is required (cached per class)."""
    specs = _SPECS.get(cls)
    if specs is None:
        hints = typing.get_type_hints(cls)
        out = []
        for f in dataclasses.fields(cls):
            hint = hints.get(f.name, Any)
            shown = f.name in ("card", "new_card")
            convert, optional = _converter(hint, shown=shown)
            no_default = f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
            required = (no_default or (f.default is None and not optional)
                        or (hint is str and f.default == ""))
            out.append(_FieldSpec(f.name, convert, required, shown))
        specs = _SPECS[cls] = tuple(out)
    return specs


def _label(raw: Mapping[Any, Any]) -> str:
    """``W play SX``: the event as written, for messages (the same form as ``str(event)``)."""
    def cut(v: Any) -> str:
        if isinstance(v, (list, dict)) and len(v) > 20:
            return f"<{_type_name(v)} of {len(v)} items>"
        text = str(v) if not isinstance(v, int) or isinstance(v, bool) or abs(v) < 10 ** 12 else _short(v)
        return text if len(text) <= 60 else text[:59] + "…"

    parts = [cut(raw.get("seat", "?")), cut(raw.get("action", "?"))]
    for k, v in raw.items():
        if k in ("seat", "action"):
            continue
        if k in ("card", "new_card", "cards"):
            parts.append(cut(" ".join(map(str, v)) if isinstance(v, list) else v))
        else:
            parts.append(f"{cut(k)}={cut(v)}")
    return " ".join(parts)


def _history(value: Any) -> tuple[Event, ...]:
    events = []
    for i, raw in enumerate(_list(value, "history"), 1):
        events.append(_event(raw, i))
    return tuple(events)


def _event(raw: Any, no: int) -> Event:
    if not isinstance(raw, dict):
        raise _Problem(f"event {no}: must be a table like {{ seat = \"W\", action = \"play\", card = \"S3\" }}, "
                       f"not {_type_name(raw)}", no)
    where = f"event {no} ({_label(raw)})"
    try:
        action = raw.get("action")
        if action is None:
            raise _Problem(f"{where}: missing key 'action'")
        cls = EVENT_TYPES.get(action) if isinstance(action, str) else None
        if cls is None:
            hint = difflib.get_close_matches(str(action), list(EVENT_TYPES), n=1, cutoff=0.6)
            did_you_mean = f" (did you mean {hint[0]!r}?)" if hint else ""
            raise _Problem(f"{where}: unknown action {_short(action)}{did_you_mean}; "
                           f"actions: {', '.join(EVENT_TYPES)}")
        specs = _specs(cls)
        _no_unknown_keys(raw, ["seat", "action"] + [s.name for s in specs if s.name != "seat"], where)
        kwargs: dict[str, Any] = {}
        for spec in specs:
            if spec.name not in raw:
                if spec.required:
                    raise _Problem(f"{where}: missing key {spec.name!r}")
                continue
            fwhere = where if spec.shown else f"{where}: {spec.name}"
            value = spec.convert(raw[spec.name], fwhere)
            vocabulary = _VOCABULARY.get((action, spec.name))
            if vocabulary is not None and value is not None and value not in vocabulary:
                raise _Problem(f"{fwhere}: must be one of {', '.join(vocabulary)}, not {_short(value)}")
            kwargs[spec.name] = value
        if action == "designate" and len(kwargs.get("words") or "") > _MAX_WORDS:
            raise _Problem(f"{where}: words: {len(kwargs['words'])} characters; a designation has at most "
                           f"{_MAX_WORDS}")
        if action == "choose" and kwargs.get("suit") is not None and kwargs.get("suits"):
            raise _Problem(f"{where}: give either suit or suits, not both")
        try:
            return cls(**kwargs)
        except (ValueError, TypeError) as exc:
            raise _Problem(f"{where}: {exc}") from None
    except _Problem as exc:
        raise _Problem(str(exc), no) from None


# ---- expectations ------------------------------------------------------------------------------------

_LEAD_RESTRICTION_KEYS = ("seat", "kind", "suit", "suits", "until")
_DESIGNATION_KEYS = ("by", "valid", "candidates")
_ROLE_KEYS = ("declarer", "dummy")
_INFORMATION_KEYS = ("requirement_to_play_penalty_card", "other_information_from_penalty_card")
_INFORMATION_PARTIES = ("N", "E", "S", "W", "declarer", "dummy")


def _cards(value: Any, where: str) -> list[str]:
    out: list[str] = []
    for v in _list(value, where):
        c = str(_card(v, where))
        if c not in out:
            out.append(c)
    return out


def _strings(value: Any, where: str) -> list[str]:
    out: list[str] = []
    for v in _list(value, where):
        s = _string(v, where)
        if s not in out:
            out.append(s)
    return out


def _seat_table(value: Any, where: str, convert: Callable[[Any, str], Any]) -> dict[str, Any]:
    table = _table(value, where)
    by_seat: dict[Seat, Any] = {}
    for k, v in table.items():
        seat = _seat(k, f"{where} (key {_short(k)})")
        if seat in by_seat:
            raise _Problem(f"{where}: seat {seat.value} given twice")
        by_seat[seat] = convert(v, f"{where}.{k}")
    return {s.value: by_seat[s] for s in Seat if s in by_seat}


def _penalty_list(value: Any, where: str) -> list[dict[str, str]]:
    out = []
    for item in _list(value, where):
        entry = _table(item, where)
        _no_unknown_keys(entry, ("card", "kind"), where)
        for k in ("card", "kind"):
            if k not in entry:
                raise _Problem(f"{where}: each penalty card is {{ card = \"D3\", kind = \"major\" }}; "
                               f"missing {_short(k)}")
        out.append({"card": str(_card(entry["card"], f"{where}.card")),
                    "kind": _choice(entry["kind"], ("major", "minor"), f"{where}.kind")})
    return out


def _none_or_table(value: Any, where: str, allowed: tuple[str, ...]) -> dict[str, Any] | None:
    """``false`` (TOML) or ``null`` (JSON) for none, else a table with only ``allowed`` keys."""
    if value is False or value is None:
        return None
    table = _table(value, where)
    _no_unknown_keys(table, allowed, where)
    return table


def _expected(value: Any, where: str, history: tuple[Event, ...]) -> dict[str, Any]:
    table = _table(value, where)
    _no_unknown_keys(table, EXPECTATION_KEYS, where)
    out: dict[str, Any] = {}
    for key in EXPECTATION_KEYS:
        if key not in table:
            continue
        v, w = table[key], f"{where}.{key}"
        if key in ("to_act", "next_to_play", "played_by"):
            out[key] = _seat(v, w).value
        elif key in ("legal_cards", "declarer_designates_among"):
            out[key] = _cards(v, w)
        elif key == "declarer_options":
            out[key] = _strings(v, w)
        elif key == "penalty_cards":
            out[key] = _seat_table(v, w, _penalty_list)
        elif key == "restored_to_hand":
            out[key] = _seat_table(v, w, _cards)
        elif key in ("played_card", "held_card", "touched_card"):
            out[key] = str(_card(v, w))
        elif key in ("card_is_played", "lead_stands", "may_withdraw"):
            out[key] = _bool(v, w)
        elif key == "opening_lead":
            out[key] = False if v is False or v is None else str(_card(v, w))
        elif key == "lead_restriction":
            out[key] = _lead_restriction(v, w)
        elif key == "designation":
            out[key] = _designation(v, w)
        elif key == "roles":
            t = _table(v, w)
            _no_unknown_keys(t, _ROLE_KEYS, w)
            out[key] = {k: _seat(t[k], f"{w}.{k}").value for k in _ROLE_KEYS if k in t}
        elif key == "information":
            out[key] = _information(v, w)
        elif key in _REVOKE_EXPECTATIONS:
            out[key] = _REVOKE_EXPECTATIONS[key](v, w)
    _check_pairs(out, where, history)
    return out


# -- the revoke expectations (Laws 61 to 64) --

_REVOKE_KEYS = ("seat", "trick", "card", "established", "corrected")
_SIDES = ("NS", "EW")


def _revokes(value: Any, where: str) -> list[dict[str, Any]]:
    out = []
    for i, item in enumerate(_list(value, where), 1):
        w = f"{where}[{i}]"
        entry = _table(item, w)
        _no_unknown_keys(entry, _REVOKE_KEYS, w)
        one: dict[str, Any] = {}
        for k in _REVOKE_KEYS:
            if k not in entry:
                continue
            if k == "seat":
                one[k] = _seat(entry[k], f"{w}.seat").value
            elif k == "card":
                one[k] = str(_card(entry[k], f"{w}.card"))
            elif k == "trick":
                n = entry[k]
                if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 13:
                    raise _Problem(f"{w}.trick: must be a trick number 1 to 13, not {n!r}")
                one[k] = n
            else:
                one[k] = _bool(entry[k], f"{w}.{k}")
        out.append(one)
    return out


def _tricks_won(value: Any, where: str) -> dict[str, int]:
    t = _table(value, where)
    _no_unknown_keys(t, _SIDES, where)
    out = {}
    for k in _SIDES:
        if k in t:
            n = t[k]
            if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 13:
                raise _Problem(f"{where}.{k}: must be a number of tricks 0 to 13, not {n!r}")
            out[k] = n
    return out


def _trick_adjustment(value: Any, where: str) -> dict[str, Any]:
    t = _table(value, where)
    _no_unknown_keys(t, ("to", "tricks"), where)
    out: dict[str, Any] = {}
    if "to" in t:
        out["to"] = _choice(t["to"], _SIDES, f"{where}.to")
    if "tricks" in t:
        n = t["tricks"]
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 13:
            raise _Problem(f"{where}.tricks: must be a number of tricks 0 to 13, not {n!r}")
        out["tricks"] = n
    return out


_REVOKE_EXPECTATIONS: dict[str, Callable[[Any, str], Any]] = {
    "revokes": _revokes, "tricks_won": _tricks_won, "trick_adjustment": _trick_adjustment,
}


def _lead_restriction(value: Any, where: str) -> dict[str, Any] | bool:
    t = _none_or_table(value, where, _LEAD_RESTRICTION_KEYS)
    if t is None:
        return False
    if "suit" in t and "suits" in t:
        raise _Problem(f"{where}: give either suit or suits, not both")
    out: dict[str, Any] = {}
    for k in _LEAD_RESTRICTION_KEYS:
        if k not in t:
            continue
        w = f"{where}.{k}"
        if k == "seat":
            out[k] = _seat(t[k], w).value
        elif k == "kind":
            out[k] = _choice(t[k], ("require", "forbid"), w)
        elif k == "suit":
            out[k] = _suit(t[k], w).value
        elif k == "suits":
            out[k] = [_suit(s, w).value for s in _list(t[k], w)]
        else:
            out[k] = _choice(t[k], ("this_lead", "loses_lead"), w)
    return out


def _designation(value: Any, where: str) -> dict[str, Any] | bool:
    t = _none_or_table(value, where, _DESIGNATION_KEYS)
    if t is None:
        return False
    out: dict[str, Any] = {}
    if "by" in t:
        out["by"] = _choice(t["by"], ("either_defender", "declarer"), f"{where}.by")
    if "valid" in t:
        out["valid"] = _bool(t["valid"], f"{where}.valid")
    if "candidates" in t:
        out["candidates"] = _cards(t["candidates"], f"{where}.candidates")
    return out


def _information(value: Any, where: str) -> dict[str, Any] | bool:
    t = _none_or_table(value, where, _INFORMATION_KEYS)
    if t is None:
        return False
    out: dict[str, Any] = {}
    if "requirement_to_play_penalty_card" in t:
        k = "requirement_to_play_penalty_card"
        out[k] = _string(t[k], f"{where}.{k}")
    if "other_information_from_penalty_card" in t:
        k = "other_information_from_penalty_card"
        w = f"{where}.{k}"
        other = _table(t[k], w)
        parties: dict[str, str] = {}
        for party, status in other.items():
            name = party.upper() if isinstance(party, str) and party.upper() in "NESW" and len(party) == 1 \
                else party
            if name not in _INFORMATION_PARTIES:
                raise _Problem(f"{w}: unknown key {_short(party)}; allowed: a seat (N, E, S, W), declarer, dummy")
            parties[name] = _string(status, f"{w}.{party}")
        out[k] = {p: parties[p] for p in _INFORMATION_PARTIES if p in parties}
    return out


def _check_pairs(out: dict[str, Any], where: str, history: tuple[Event, ...]) -> None:
    """Keys that only make sense together, and cards that must name a card of the history's events."""
    if "played_by" in out and "played_card" not in out:
        raise _Problem(f"{where}: played_by needs played_card")
    if "held_card" in out and "touched_card" in out:
        raise _Problem(f"{where}: give either held_card or touched_card, not both")
    named = "held_card" in out or "touched_card" in out
    if named != ("card_is_played" in out):
        raise _Problem(f"{where}: held_card / touched_card and card_is_played go together")
    for key, action in (("held_card", "hold"), ("touched_card", "touch")):
        if key in out and not any(e.action == action and str(getattr(e, "card", "")) == out[key]
                                  for e in history):
            raise _Problem(f"{where}.{key}: {out[key]} is not the card of any {_short(action)} event in the history "
                           "before this point")


def _checkpoints(value: Any, history: tuple[Event, ...]) -> tuple[Checkpoint, ...]:
    out = []
    for i, raw in enumerate(_list(value, "checkpoints"), 1):
        where = f"checkpoint {i}"
        t = _table(raw, where)
        _no_unknown_keys(t, ("after", "expected"), where)
        for k in ("after", "expected"):
            if k not in t:
                raise _Problem(f"{where}: missing key {_short(k)}")
        after = t["after"]
        if isinstance(after, bool) or not isinstance(after, int) or not 0 <= after <= len(history):
            raise _Problem(f"{where}: after must be a number of events from 0 to {len(history)}, not {_short(after)}")
        out.append(Checkpoint(after, _expected(t["expected"], f"{where} (after {after}): expected",
                                               history[:after])))
    return tuple(out)


# ----------------------------------------------------------------------------------------------------------
# writing
# ----------------------------------------------------------------------------------------------------------

def from_table(table: Table, id: str, **meta: Any) -> Scenario:
    """The scenario of a table's play so far (what the widget saves): its deal, contract and history.
    ``meta`` may give title, laws, summary, question, reasoning, tags, expected and checkpoints as they
    would be written in a file; the result is validated like a file."""
    data: dict[str, Any] = {"id": id, "contract": str(table.contract), "declarer": table.contract.declarer.value,
                            "deal": table.deal.to_pbn(), "history": [e.to_dict() for e in table.history]}
    data.update(meta)
    return from_dict(data)


def to_dict(scenario: Scenario) -> dict[str, Any]:
    """The file form of a scenario, keys in the order they are written."""
    s = scenario
    out: dict[str, Any] = {"id": s.id}
    if s.title is not None:
        out["title"] = s.title
    if s.laws:
        out["laws"] = [str(ref) for ref in s.laws]
    for key in ("summary", "question", "reasoning"):
        value = getattr(s, key)
        if value is not None:
            out[key] = value
    if s.tags:
        out["tags"] = list(s.tags)
    out["contract"] = str(s.contract)
    out["declarer"] = s.declarer.value
    out["deal"] = s.deal.to_pbn()
    out["history"] = [e.to_dict() for e in s.history]
    if s.expected:
        out["expected"] = s.expected
    if s.checkpoints:
        out["checkpoints"] = [{"after": cp.after, "expected": cp.expected} for cp in s.checkpoints]
    return out


def dumps(scenario: Scenario, format: str = "toml") -> str:
    """The scenario as TOML (default) or JSON text; ``loads(dumps(s)) == s``."""
    data = to_dict(scenario)
    if format == "json":
        return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    if format != "toml":
        raise ValueError(f"unknown format {format!r}: use 'toml' or 'json'")
    lines: list[str] = []
    for key, value in data.items():
        if key in ("expected", "checkpoints"):
            continue
        if key == "history":
            if not value:
                lines.append("history = []")
            else:
                lines.append("history = [")
                lines.extend(f"  {_toml_value(ev)}," for ev in value)
                lines.append("]")
        elif isinstance(value, dict) and any("\n" in v for v in value.values()):
            lines.extend(f"{key}.{_toml_key(k)} = {_toml_value(v)}" for k, v in value.items())
        else:
            lines.append(f"{key} = {_toml_value(value)}")
    if "expected" in data:
        lines += ["", "[expected]"]
        lines.extend(f"{_toml_key(k)} = {_toml_value(v)}" for k, v in data["expected"].items())
    for cp in data.get("checkpoints", []):
        lines += ["", "[[checkpoints]]", f"after = {cp['after']}"]
        if cp["expected"]:
            lines.append("[checkpoints.expected]")
            lines.extend(f"{_toml_key(k)} = {_toml_value(v)}" for k, v in cp["expected"].items())
        else:
            lines.append("expected = {}")
    return "\n".join(lines) + "\n"


def dump(scenario: Scenario, path: str | Path, format: str | None = None) -> None:
    """Write the scenario to ``path``; the format follows the suffix (``.json`` or ``.toml``)."""
    p = Path(path)
    fmt = format or ("json" if p.suffix.lower() == ".json" else "toml")
    p.write_text(dumps(scenario, fmt), encoding="utf-8")


def _toml_key(key: str) -> str:
    return key if _BARE_KEY_RE.match(key) else _toml_string(key)


_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}


def _escape_char(ch: str) -> str:
    if ch in _ESCAPES:
        return _ESCAPES[ch]
    if ord(ch) < 0x20 or ord(ch) == 0x7F:
        return f"\\u{ord(ch):04X}"
    return ch


def _toml_string(text: str) -> str:
    if "\n" not in text:
        return '"' + "".join(_escape_char(ch) for ch in text) + '"'
    # a multi-line basic string; a quote is escaped where it could end the string
    out = []
    for i, ch in enumerate(text):
        if ch == "\n":
            out.append(ch)
        elif ch == '"':
            nxt = text[i + 1] if i + 1 < len(text) else ""
            out.append('\\"' if nxt in ('"', "") else '"')
        else:
            out.append(_escape_char(ch))
    return '"""\n' + "".join(out) + '"""'


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return _toml_string(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        if not value:
            return "{}"
        return "{ " + ", ".join(f"{_toml_key(k)} = {_toml_value(v)}" for k, v in value.items()) + " }"
    raise ValueError(f"cannot write {value!r} in a scenario file")


# ----------------------------------------------------------------------------------------------------------
# replaying and checking
# ----------------------------------------------------------------------------------------------------------

def _refusal(scenario: Scenario, no: int, event: Event, exc: BridgeLawsError) -> ScenarioError:
    msg = str(exc)
    prefix = f"{event}: "
    if msg.startswith(prefix):
        msg = msg[len(prefix):]
    where = f"{scenario.path}: " if scenario.path else ""
    err = ScenarioError(f"{where}event {no} ({event}): {msg}", path=scenario.path, event_no=no,
                        scenario_id=scenario.id)
    err.__cause__ = exc
    return err


def replay(scenario: Scenario, upto: int | None = None) -> Table:
    """The table after the scenario's history (or its first ``upto`` events). An event the engine refuses
    raises ScenarioError naming the event (1-based) and what the engine said; the original
    IllegalPlayError is its ``__cause__``."""
    table = Table(scenario.deal, scenario.contract)
    events = scenario.history if upto is None else scenario.history[:upto]
    for no, event in enumerate(events, 1):
        try:
            table.push(event)
        except BridgeLawsError as exc:
            raise _refusal(scenario, no, event, exc) from exc
    return table


@dataclass(frozen=True, slots=True)
class Difference:
    """One expectation that does not hold: the key, what the file expects, what the library says, and the
    law the library applied there. ``after`` is the checkpoint's event count (None: after the last event)."""

    key: str
    expected: Any
    actual: Any
    law: LawRef | None = None
    after: int | None = None
    note: str | None = None

    def __str__(self) -> str:
        where = f"after event {self.after}: " if self.after is not None else ""
        if self.actual == NOT_IMPLEMENTED and self.key.startswith("event "):
            line = f"{where}{self.key} ({self.expected}): {NOT_IMPLEMENTED}"
        else:
            line = f"{where}{self.key}: expected {_show(self.expected)}, actual {_show(self.actual)}"
        extras = [x for x in (self.law.cite("en") if self.law is not None else None, self.note) if x]
        return line + (f" ({'; '.join(extras)})" if extras else "")

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "after": self.after, "expected": self.expected, "actual": self.actual,
                "law": str(self.law) if self.law is not None else None, "note": self.note}


@dataclass(frozen=True, slots=True)
class CheckResult:
    """The outcome of checking one scenario: ``PASS``, ``FAIL`` (with the differences) or ``ERROR``."""

    id: str
    status: str
    differences: tuple[Difference, ...] = ()
    error: str | None = None
    path: str | None = None
    warnings: tuple[str, ...] = ()

    @property
    def passed(self) -> bool:
        return self.status == "PASS"

    def lines(self) -> list[str]:
        """The checker's text: ``PASS id``, ``FAIL id`` and one indented line per difference, or
        ``ERROR id: what and where``."""
        if self.status == "ERROR":
            return [f"ERROR {self.id}: {self.error}"]
        return [f"{self.status} {self.id}"] + [f"  {d}" for d in self.differences]

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "path": self.path, "status": self.status,
                "differences": [d.to_dict() for d in self.differences], "error": self.error,
                "warnings": list(self.warnings)}


def check_file(path: str | Path) -> CheckResult:
    """Load and check one file; a file that cannot be read or validated is an ERROR result."""
    try:
        scenario = load(path)
    except ScenarioError as exc:
        sid = exc.params.get("scenario_id") or Path(path).name
        return CheckResult(sid, "ERROR", error=str(exc), path=str(path))
    return check(scenario)


def check(scenario: Scenario) -> CheckResult:
    """Replay the scenario and compare every expectation after the last event, and each checkpoint after
    its events. An event the engine refuses is an ERROR; an event or a question the engine has no rule for
    yet is a FAIL saying ``not implemented``."""
    diffs: list[Difference] = []
    table = Table(scenario.deal, scenario.contract)
    by_after: dict[int, list[Checkpoint]] = {}
    for cp in scenario.checkpoints:
        by_after.setdefault(cp.after, []).append(cp)

    def result(status: str, error: str | None = None) -> CheckResult:
        return CheckResult(scenario.id, status, tuple(diffs), error, scenario.path, scenario.warnings)

    for cp in by_after.get(0, []):
        diffs.extend(compare(cp.expected, table, scenario, after=0))
    for no, event in enumerate(scenario.history, 1):
        try:
            table.push(event)
        except NotImplementedError as exc:
            diffs.append(Difference(f"event {no}", str(event), NOT_IMPLEMENTED, note=str(exc) or None))
            return result("FAIL")
        except BridgeLawsError as exc:
            if _not_implemented(exc):
                diffs.append(Difference(f"event {no}", str(event), NOT_IMPLEMENTED, note=str(exc)))
                return result("FAIL")
            return result("ERROR", str(_refusal(scenario, no, event, exc)))
        for cp in by_after.get(no, []):
            diffs.extend(compare(cp.expected, table, scenario, after=no))
    diffs.extend(compare(scenario.expected, table, scenario))
    return result("FAIL" if diffs else "PASS")


def _not_implemented(exc: BaseException) -> bool:
    return isinstance(exc, IllegalPlayError) and exc.key == "error.not_implemented"


# ---- comparing one expectation table with the table's state ------------------------------------------

def compare(expected: Mapping[str, Any], table: Table, scenario: Scenario,
            after: int | None = None) -> list[Difference]:
    """The differences between ``expected`` (canonical form) and the table now."""
    out: list[Difference] = []
    for key, want in expected.items():
        if key == "played_by" or key == "card_is_played":
            continue   # checked with played_card / held_card / touched_card
        try:
            ok, actual, law_ref, shown_key, shown_want = _COMPARE[key](want, expected, table, scenario)
        except NotImplementedError as exc:
            out.append(Difference(key, want, NOT_IMPLEMENTED, after=after, note=str(exc) or None))
            continue
        except (AttributeError, IllegalPlayError) as exc:
            if isinstance(exc, IllegalPlayError) and not _not_implemented(exc):
                raise
            out.append(Difference(key, want, NOT_IMPLEMENTED, after=after, note=str(exc)))
            continue
        if not ok:
            out.append(Difference(shown_key or key, shown_want, actual, law_ref, after))
    return out


Comparison = tuple[bool, Any, LawRef | None, str, Any]


def _plain(value: Any) -> Any:
    """Engine values in the file's canonical form (sets become sorted lists)."""
    if isinstance(value, (Card, Seat, Suit, LawRef)):
        return str(value)
    if isinstance(value, (set, frozenset)):
        items = [_plain(v) for v in value]
        if all(isinstance(v, Card) for v in value):
            return [str(c) for c in sorted(value, key=lambda c: c.sort_key)]
        return sorted(items, key=str)
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, Mapping):
        return {str(_plain(k)): _plain(v) for k, v in value.items()}
    return value


def _turn_law(table: Table, what: str) -> LawRef | None:
    """The law the library applied to who plays next (``what == "turn"``) or to which cards he may play
    (``"cards"``): a pending decision, a restriction, a penalty card, or the ordinary rules of Law 44."""
    st = table.state
    if st.pending is not None:
        return st.pending.law
    seat = st.to_act
    if seat is None:
        return None
    if what == "turn":
        return law("44B") if st.trick else law("44G") if st.tricks else law("41A")
    rs = binding_restrictions(st, seat)
    if rs:
        return rs[0].law
    pcs = st.penalty_cards_of(seat)
    if any(p.is_major for p in pcs):
        return law("50D1a")
    if pcs:
        return law("50C")
    if not st.trick:
        return law("44A")
    return law("44C") if any(c.suit is st.suit_led for c in st.holding(seat)) else law("44D")


def _cmp_to_act(want: Any, exp: Mapping[str, Any], table: Table, s: Scenario) -> Comparison:
    actual = _plain(table.to_act())
    return actual == want, actual, _turn_law(table, "turn"), "", want


def _cmp_legal_cards(want: Any, exp: Mapping[str, Any], table: Table, s: Scenario) -> Comparison:
    actual = table.legal_cards()
    return {str(c) for c in actual} == set(want), _plain(frozenset(actual)), _turn_law(table, "cards"), "", want


def _cmp_penalty_cards(want: Any, exp: Mapping[str, Any], table: Table, s: Scenario) -> Comparison:
    pcs = table.penalty_cards()
    actual: dict[str, list[dict[str, str]]] = {}
    for seat in Seat:
        mine = sorted((p for p in pcs if p.seat is seat), key=lambda p: p.card.sort_key)
        if mine:
            actual[seat.value] = [{"card": str(p.card), "kind": p.kind} for p in mine]

    def as_set(d: Mapping[str, list[dict[str, str]]]) -> set[tuple[str, str, str]]:
        return {(seat, e["card"], e["kind"]) for seat, entries in d.items() for e in entries}

    w, a = as_set(want), as_set(actual)
    differing = [p for p in pcs if (p.seat.value, str(p.card), p.kind) in a - w]
    return w == a, actual, differing[0].law if differing else (pcs[0].law if pcs else None), "", want


def _cmp_declarer_options(want: Any, exp: Mapping[str, Any], table: Table, s: Scenario) -> Comparison:
    actual = table.declarer_options()
    p = table.state.pending
    return set(actual) == set(want), sorted(actual), p.law if p is not None else None, "", want


def _cmp_designates_among(want: Any, exp: Mapping[str, Any], table: Table, s: Scenario) -> Comparison:
    actual = table.designates_among()
    p = table.state.pending
    return ({str(c) for c in actual} == set(want), _plain(frozenset(actual)), p.law if p is not None else None,
            "", want)


def _suits_of(d: Mapping[str, Any]) -> set[str] | None:
    if "suit" in d:
        return {d["suit"]}
    if "suits" in d:
        return set(d["suits"])
    return None


def _cmp_lead_restriction(want: Any, exp: Mapping[str, Any], table: Table, s: Scenario) -> Comparison:
    r = table.lead_restriction()
    if r is None:
        return want is False, None, None, "", want
    actual = {"seat": r.seat.value, "kind": r.kind, "suits": [x.value for x in r.suits], "until": r.until}
    if want is False:
        return False, actual, r.law, "", "none"
    ok = all(actual[k] == v for k, v in want.items() if k not in ("suit", "suits"))
    suits = _suits_of(want)
    ok = ok and (suits is None or suits == set(actual["suits"]))
    return ok, actual, r.law, "", want


def _cmp_played_card(want: Any, exp: Mapping[str, Any], table: Table, s: Scenario) -> Comparison:
    card = Card.parse(want)
    seat = Seat.parse(exp["played_by"]) if "played_by" in exp else s.deal.owner(card)
    last = dict(table.state.last_played)
    actual = last.get(seat) if seat is not None else None
    key = f"played_card (played_by {seat.value})" if seat is not None else "played_card"
    return actual == card, _plain(actual), None, key, want


def _cmp_card_status(want: Any, exp: Mapping[str, Any], table: Table, s: Scenario, source: str) -> Comparison:
    card = Card.parse(want)
    status = None
    for cs in table.state.card_status:
        if cs.card == card and cs.source == source:
            status = cs
    want_played = exp["card_is_played"]
    key = f"card_is_played ({'held' if source == 'hold' else 'touched'} {want})"
    if status is None:
        return False, "no ruling recorded", None, key, want_played
    actual = status.played if status.played is not None else "undecided (a question for the Director)"
    return status.played is want_played, actual, status.law, key, want_played


def _cmp_held(want: Any, exp: Mapping[str, Any], table: Table, s: Scenario) -> Comparison:
    return _cmp_card_status(want, exp, table, s, "hold")


def _cmp_touched(want: Any, exp: Mapping[str, Any], table: Table, s: Scenario) -> Comparison:
    return _cmp_card_status(want, exp, table, s, "touch")


def _cmp_designation(want: Any, exp: Mapping[str, Any], table: Table, s: Scenario) -> Comparison:
    d = table.state.designation
    law_ref = getattr(d, "law", None) if isinstance(getattr(d, "law", None), LawRef) else None
    if d is None:
        return want is False, None, None, "", want if want is not False else "none"
    actual: dict[str, Any] = {}
    for k in _DESIGNATION_KEYS:
        v = getattr(d, k, None)
        actual[k] = _plain(frozenset(v)) if k == "candidates" and v is not None else _plain(v)
    if want is False:
        return False, actual, law_ref, "", "none"
    ok = True
    for k, v in want.items():
        if k == "candidates":
            ok = ok and set(v) == set(actual[k] or ())
        else:
            ok = ok and actual[k] == v
    return ok, actual, law_ref, "", want


def _cmp_roles(want: Any, exp: Mapping[str, Any], table: Table, s: Scenario) -> Comparison:
    st = table.state
    actual = {"declarer": st.declarer.value, "dummy": st.dummy.value}
    changed = st.declarer is not s.declarer
    return all(actual[k] == v for k, v in want.items()), actual, law("54A") if changed else None, "", want


def _cmp_lead_stands(want: Any, exp: Mapping[str, Any], table: Table, s: Scenario) -> Comparison:
    actual = table.state.lead_stands
    return actual is want, actual, law("53A"), "", want


def _cmp_restored(want: Any, exp: Mapping[str, Any], table: Table, s: Scenario) -> Comparison:
    actual: dict[str, list[str]] = {}
    for seat in Seat:
        cards = frozenset(c for x, c in table.state.restored if x is seat)
        if cards:
            actual[seat.value] = _plain(cards)
    w = {(seat, c) for seat, cards in want.items() for c in cards}
    a = {(seat, c) for seat, cards in actual.items() for c in cards}
    return w == a, actual, None, "", want


def _cmp_opening_lead(want: Any, exp: Mapping[str, Any], table: Table, s: Scenario) -> Comparison:
    fd = table.state.opening_lead_face_down
    actual = str(fd[1]) if fd is not None else None
    if want is False:
        return actual is None, actual, law("41A"), "", "none"
    return actual == want, actual, law("41A"), "", want


def _cmp_may_withdraw(want: Any, exp: Mapping[str, Any], table: Table, s: Scenario) -> Comparison:
    actual = table.state.may_withdraw
    return actual is want, actual, law("41A"), "", want


def _partial(want: Any, actual: Any) -> bool:
    """Only the keys given are compared, at every level of nested tables."""
    if isinstance(want, Mapping):
        return isinstance(actual, Mapping) and all(k in actual and _partial(v, actual[k]) for k, v in want.items())
    return bool(want == actual)


def _cmp_information(want: Any, exp: Mapping[str, Any], table: Table, s: Scenario) -> Comparison:
    info = table.information()
    actual = _plain(info) if info is not None else None
    if want is False:
        return actual is None, actual, law("50E"), "", "none"
    return actual is not None and _partial(want, actual), actual, law("50E"), "", want


def _cmp_revokes(want: Any, exp: Mapping[str, Any], table: Table, s: Scenario) -> Comparison:
    from bridgelaws.rules.revoke import revokes_as_dicts

    actual = revokes_as_dicts(table.state)
    ok = len(actual) == len(want) and all(_partial(w, a) for w, a in zip(want, actual))
    return ok, actual, law("63A") if actual else law("61A"), "", want


def _cmp_tricks_won(want: Any, exp: Mapping[str, Any], table: Table, s: Scenario) -> Comparison:
    from bridgelaws.rules.revoke import tricks_won

    actual = tricks_won(table.state)
    return _partial(want, actual), actual, None, "", want


def _cmp_trick_adjustment(want: Any, exp: Mapping[str, Any], table: Table, s: Scenario) -> Comparison:
    from bridgelaws.rules.revoke import adjustment

    adj = adjustment(table.state)
    if adj is None:
        return False, "play is not over", law("64A"), "", want
    law_ref = next((it.law for it in adj.items if it.tricks), adj.items[0].law if adj.items else law("64"))
    return _partial(want, adj.to_dict()), adj.to_dict(), law_ref, "", want


_COMPARE: dict[str, Callable[[Any, Mapping[str, Any], Table, Scenario], Comparison]] = {
    "to_act": _cmp_to_act, "next_to_play": _cmp_to_act, "legal_cards": _cmp_legal_cards,
    "penalty_cards": _cmp_penalty_cards, "declarer_options": _cmp_declarer_options,
    "declarer_designates_among": _cmp_designates_among, "lead_restriction": _cmp_lead_restriction,
    "played_card": _cmp_played_card, "held_card": _cmp_held, "touched_card": _cmp_touched,
    "designation": _cmp_designation, "roles": _cmp_roles, "lead_stands": _cmp_lead_stands,
    "restored_to_hand": _cmp_restored, "opening_lead": _cmp_opening_lead, "may_withdraw": _cmp_may_withdraw,
    "information": _cmp_information,
    "revokes": _cmp_revokes, "tricks_won": _cmp_tricks_won, "trick_adjustment": _cmp_trick_adjustment,
}


def _show(value: Any) -> str:
    """A value in the checker's text output: ``[SQ S2]``, ``{ seat = W, kind = forbid }``, ``none``."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return "[" + " ".join(_show(v) for v in value) + "]"
    if isinstance(value, Mapping):
        if not value:
            return "{}"
        return "{ " + ", ".join(f"{k} = {_show(v)}" for k, v in value.items()) + " }"
    return str(value)
