"""Records as scenarios: a record's deal, contract and recorded play, or, for one of our own exports, the
scenario it was written from (the events table and the metadata table); and the events table's cells."""

from __future__ import annotations

import json
import re
import typing
import urllib.parse
from collections.abc import Mapping
from typing import Any, Protocol

from bridgelaws.cards import Card, Seat

SEATS_BY_LETTER = {s.value: s for s in Seat}
from bridgelaws.deal import Contract, Deal
from bridgelaws.errors import BridgeLawsError, PbnError
from bridgelaws.events import EVENT_TYPES, Event, Play
from bridgelaws.i18n import LANGS, Message, text
from bridgelaws.scenario import Scenario, from_dict
from bridgelaws.table import Table

from ._common import EVENTS_TABLE, META_TABLE, ascii_int, legal_play, what

__all__ = ["to_scenario", "encode_details", "decode_details", "quote", "Record", "record_board_tags", "board_data"]


class Record(Protocol):
    """What :func:`to_scenario` needs of a :class:`~bridgelaws.pbn.records.PbnRecord` (a protocol, so that
    this module does not import the records module, which imports it)."""

    @property
    def number(self) -> int: ...
    @property
    def path(self) -> str | None: ...
    @property
    def board(self) -> int | str | None: ...
    @property
    def deal(self) -> Deal | None: ...
    @property
    def contract(self) -> Contract | None: ...
    @property
    def declarer(self) -> Seat | None: ...
    @property
    def plays(self) -> tuple[Play, ...]: ...
    @property
    def tags(self) -> dict[str, str]: ...
    @property
    def tables(self) -> Mapping[str, Any]: ...
    @property
    def play_rows(self) -> tuple[dict[Seat, Card], ...]: ...
    def table(self, upto: int | None = None) -> Table: ...
    def _error(self, what_: Message, line: int | None = None) -> PbnError: ...

_ID_UNSAFE = re.compile(r"[^A-Za-z0-9_.-]+")


#: the scenario tags that keep a record's board data (the format has no fields of its own for them): the PBN
#: and LIN exports write them back (issue 37)
BOARD_TAG, DEALER_TAG, VULNERABLE_TAG = "board:", "dealer:", "vulnerable:"
VULNERABILITIES = ("None", "NS", "EW", "All")


def record_board_tags(record: Record) -> list[str]:
    """``["board:12", "dealer:W", "vulnerable:All"]``: what the record says of its board."""
    out = []
    board = getattr(record, "board", None)
    if board is not None and str(board).strip():
        out.append(BOARD_TAG + str(board).strip())
    dealer = getattr(record, "dealer", None)
    if dealer is not None:
        out.append(DEALER_TAG + dealer.value)
    vulnerable = getattr(record, "vulnerable", None)
    if vulnerable in VULNERABILITIES:
        out.append(VULNERABLE_TAG + vulnerable)
    return out


def board_data(tags: tuple[str, ...] | list[str]) -> tuple[str | None, Seat | None, str | None]:
    """(board, dealer, vulnerability) from a scenario's tags (:func:`record_board_tags`); None where absent."""
    board = dealer = vulnerable = None
    for tag in tags:
        if tag.startswith(BOARD_TAG) and tag[len(BOARD_TAG):].strip():
            board = tag[len(BOARD_TAG):].strip()
        elif tag.startswith(DEALER_TAG) and tag[len(DEALER_TAG):] in {s.value for s in Seat}:
            dealer = Seat(tag[len(DEALER_TAG):])
        elif tag.startswith(VULNERABLE_TAG) and tag[len(VULNERABLE_TAG):] in VULNERABILITIES:
            vulnerable = tag[len(VULNERABLE_TAG):]
    return board, dealer, vulnerable


def _default_id(record: Record) -> str:
    board = _ID_UNSAFE.sub("-", str(record.board)).strip("-") if record.board is not None else ""
    return f"pbn-board-{board}-record-{record.number}" if board else f"pbn-record-{record.number}"


def _field_kind(hint: Any) -> str:
    """``tuple``, ``bool``, ``int`` or ``str``: how a field of an event is written in the events table."""
    args = typing.get_args(hint) if typing.get_origin(hint) is not None else ()
    if typing.get_origin(hint) is tuple:
        return "tuple"
    if args:
        kinds = {_field_kind(a) for a in args if a is not type(None)}
        return "tuple" if "tuple" in kinds else "bool" if kinds == {"bool"} else "int" if kinds == {"int"} else "str"
    return "bool" if hint is bool else "int" if hint is int else "str"


_HINTS: dict[str, dict[str, Any]] = {}


def _hints(action: str) -> dict[str, Any]:
    h = _HINTS.get(action)
    if h is None:
        h = _HINTS[action] = typing.get_type_hints(EVENT_TYPES[action])
    return h


def quote(value: Any) -> str:
    return urllib.parse.quote(str(value), safe="")


def encode_details(event: Event) -> str:
    """The fields of an event (other than seat and action) as one cell without spaces:
    ``card=D3,how=revoke_corrected``; strings are percent-encoded, lists joined with ``+``."""
    d = event.to_dict()
    d.pop("seat", None)  # events of a side or of nobody (64B4, 64B5) have none
    d.pop("action")
    parts = []
    for key, value in d.items():
        if isinstance(value, bool):
            cell = "true" if value else "false"
        elif isinstance(value, list):
            cell = "+".join(quote(v) for v in value)
        elif isinstance(value, dict):  # a text per language (a claim's line): line.da=…,line.en=…
            parts += [f"{key}.{lang}={quote(text)}" for lang, text in value.items()]
            continue
        else:
            cell = quote(value)
        parts.append(f"{key}={cell}")
    return ",".join(parts) or "-"


def decode_details(action: str, cell: str) -> dict[str, Any]:
    """The inverse of :func:`encode_details`, guided by the event's field types."""
    if cell == "-":
        return {}
    hints = _hints(action) if action in EVENT_TYPES else {}
    out: dict[str, Any] = {}
    for part in cell.split(","):
        key, sep, raw = part.partition("=")
        if not sep:
            raise ValueError(f"{part!r} is not key=value")
        field, dot, lang = key.partition(".")
        if dot:  # one language of a text given per language: line.da=…
            texts = out.setdefault(field, {})
            if not isinstance(texts, dict):
                raise ValueError(f"{field} is given both as one text and per language")
            texts[lang] = urllib.parse.unquote(raw)
            continue
        kind = _field_kind(hints[key]) if key in hints else "str"
        if kind == "tuple":
            out[key] = [urllib.parse.unquote(v) for v in raw.split("+")] if raw else []
        elif kind == "bool":
            if raw not in ("true", "false"):
                raise ValueError(f"{key} must be true or false, not {raw!r}")
            out[key] = raw == "true"
        elif kind == "int":   # whole numbers (a claim's tricks): at most a few ASCII digits
            if raw == "None":
                out[key] = None
            elif (number := ascii_int(raw.removeprefix("-"), 9)) is None:
                raise ValueError(f"{key} must be a whole number, not {raw[:20]!r}")
            else:
                out[key] = -number if raw.startswith("-") else number
        else:
            out[key] = urllib.parse.unquote(raw)
    return out




def to_scenario(record: Record, id: str | None = None, after: int | None = None) -> Scenario:
    """The record as a scenario (see :meth:`PbnRecord.scenario`). Raises PbnError saying what and where."""
    ours = EVENTS_TABLE in record.tables
    data = _our_scenario(record) if ours else _their_scenario(record, after)
    calls = 0 if ours else _with_auction(record, data)
    if id is not None:
        data["id"] = id
    if after is not None:
        _keep(record, data, after + calls)
    try:
        scenario = from_dict(data, path=record.path)
    except BridgeLawsError as exc:
        raise record._error(what("invalid_scenario", problem=str(exc))) from None
    except (ValueError, TypeError, RecursionError) as exc:   # never a foreign error (issue #21, N2)
        raise record._error(what("invalid_scenario", problem=type(exc).__name__)) from None
    if ours:
        _agrees_with_play_section(record, scenario)
    return scenario


def _their_scenario(record: Record, after: int | None) -> dict[str, Any]:
    """Deal, contract, declarer and the recorded play, replayed first: a card the engine refuses is a PbnError
    with its line before anything is built (issue #21, N4)."""
    if record.deal is None:
        raise record._error(what("no_deal"))
    if not record.deal.is_valid():
        raise record._error(what("incomplete_deal", problems="; ".join(record.deal.problems())))
    if record.contract is None or record.declarer is None:
        raise record._error(what("no_contract"))
    if after is not None and not 0 <= after <= len(record.plays):
        raise record._error(what("after", after=after, count=len(record.plays)))
    if record.plays:
        record.table(upto=after)   # the recorded play must replay (PbnError with the line)
    data: dict[str, Any] = {"id": _default_id(record), "contract": str(record.contract),
                            "declarer": record.declarer.value, "deal": record.deal.to_pbn(),
                            "history": [p.to_dict() for p in record.plays]}
    board_tags = record_board_tags(record)
    if board_tags:
        data["tags"] = board_tags
    if record.board is not None:
        event = (record.tags.get("Event") or "").strip()
        key = "import.title_event" if event and event not in ("?", "#") else "import.title"
        data["title"] = {lang: text("pbn." + key, lang, board=record.board, event=event) for lang in LANGS}
    return data


def _with_auction(record: Record, data: dict[str, Any]) -> int:
    """A record's complete ``[Auction]`` as ``call`` events before its play, with its dealer and vulnerability,
    where the auction gives the record's contract and declarer; the number of calls (0 without one). PBN records
    legal calls only, so the auction's laws have nothing to say about them."""
    from bridgelaws.auction import engine as A
    from bridgelaws.auction.calls import Call, CallError

    seat = SEATS_BY_LETTER.get((record.tags.get("Auction") or "").strip())
    calls = list(getattr(record, "auction", ()) or ())
    if seat is None or not calls:
        return 0
    try:
        st = A.start(seat)
        turn = seat
        parsed = []
        for c in calls:
            call = Call.parse("P" if c.lower() in ("pass", "p") else c)
            st = A.call(st, turn, call)
            parsed.append((turn, call))
            turn = turn.lho
        res = A.result(st)
    except (CallError, BridgeLawsError):
        return 0
    if res is None or res[3].value != data["declarer"] or \
            f"{res[0]}{res[1]}{'X' * res[2]}" != str(Contract.parse(data["contract"], res[3])):
        return 0
    events = [{"seat": s.value, "action": "call", "call": str(c)} for s, c in parsed]
    data["history"] = events + data["history"]
    data["dealer"] = seat.value
    vul = {"none": "None", "love": "None", "-": "None", "ns": "NS", "ew": "EW", "all": "All", "both": "All"}.get(
        (record.tags.get("Vulnerable") or "").strip().lower())
    if vul is not None:
        data["vulnerable"] = vul
    return len(events)


def _keep(record: Record, data: dict[str, Any], after: int) -> None:
    """Only the first ``after`` events, and the checkpoints within them."""
    n = len(data["history"])
    if not 0 <= after <= n:
        raise record._error(what("after", after=after, count=n))
    if after < n:
        data["history"] = data["history"][:after]
        data.pop("expected", None)
        kept = [cp for cp in data.get("checkpoints", []) if cp["after"] <= after]
        if kept:
            data["checkpoints"] = kept
        else:
            data.pop("checkpoints", None)


def _events(record: Record) -> list[dict[str, Any]]:
    """The events table, one event a row."""
    events = record.tables[EVENTS_TABLE]
    history: list[dict[str, Any]] = []
    for i, (row, line) in enumerate(zip(events.rows, events.row_lines), 1):
        if len(row) != 4:
            raise record._error(what("events_cells", table=EVENTS_TABLE, row=i, count=len(row)), line)
        no, seat, action, details = row
        if no != str(i):
            raise record._error(what("events_number", table=EVENTS_TABLE, row=i, found=no[:20]), line)
        if action not in EVENT_TYPES:
            raise record._error(what("events_action", table=EVENTS_TABLE, row=i, action=action[:40]), line)
        try:
            fields_ = decode_details(action, details)
        except (ValueError, KeyError) as exc:
            raise record._error(what("events_details", table=EVENTS_TABLE, row=i, problem=str(exc)[:200]),
                                line) from None
        # "-": an event written without a seat (next_board_call, end_of_round, a td_ruling)
        history.append({**({} if seat == "-" else {"seat": seat}), "action": action, **fields_})
    return history


def _meta(record: Record) -> dict[str, Any]:
    """The metadata table: percent-encoded JSON in numbered rows."""
    table = record.tables.get(META_TABLE)
    if table is None:
        return {}
    chunks = []
    for i, (row, line) in enumerate(zip(table.rows, table.row_lines), 1):
        if len(row) != 2 or row[0] != str(i):
            raise record._error(what("meta_row", table=META_TABLE, row=i), line)
        chunks.append(row[1])
    try:
        meta = json.loads(urllib.parse.unquote("".join(chunks)))
    except (ValueError, RecursionError) as exc:   # deep nesting too (issue #21, N2)
        problem = str(exc)[:200] if isinstance(exc, ValueError) else "nested too deeply"
        raise record._error(what("meta_unreadable", table=META_TABLE, problem=problem), table.line) from None
    if not isinstance(meta, dict):
        raise record._error(what("meta_unreadable", table=META_TABLE, problem="not a table of keys"), table.line)
    return meta


def _our_scenario(record: Record) -> dict[str, Any]:
    """The scenario of one of our exports: the events table, the metadata table, and the standard tags."""
    history = _events(record)
    meta = _meta(record)
    passed_out = record.passed_out and record.declarer is None   # 22B: Contract "Pass", no declarer, no play
    if record.deal is None or not passed_out and (record.contract is None or record.declarer is None):
        raise record._error(what("export_needs"))
    data = {"id": meta.get("id", _default_id(record))}
    data.update({k: v for k, v in meta.items() if k != "id"})
    if not passed_out:
        data.update(contract=str(record.contract), declarer=record.declarer.value)   # type: ignore[union-attr]
    data.update(deal=record.deal.to_pbn(), history=history)
    order = ("id", "title", "laws", "summary", "question", "reasoning", "tags", "contract", "declarer", "deal",
             "history", "expected", "checkpoints")
    return {k: data[k] for k in order if k in data} | {k: v for k, v in data.items() if k not in order}


def _agrees_with_play_section(record: Record, scenario: Scenario) -> None:
    from bridgelaws.scenario import replay

    try:
        table = replay(scenario)
    except BridgeLawsError as exc:
        raise record._error(what("events_refused", table=EVENTS_TABLE, problem=str(exc)),
                            record.tables[EVENTS_TABLE].line) from None
    ours = [dict(t) for t in legal_play(table)]
    theirs = list(record.play_rows)
    if ours != theirs:
        bad = next((i for i, (a, b) in enumerate(zip(ours, theirs)) if a != b), min(len(ours), len(theirs)))
        raise record._error(what("disagree", table=EVENTS_TABLE, trick=bad + 1), record.tables[EVENTS_TABLE].line)
