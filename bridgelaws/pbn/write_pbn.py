"""Writing PBN: a scenario as a PBN 2.1 game that :func:`~bridgelaws.pbn.read_pbn` reads back into the same
scenario, with commentary in a language for people (issue #10; #21, N6)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from bridgelaws.cards import Card, Seat
from bridgelaws.errors import BridgeLawsError
from bridgelaws.events import CallEvent, Event, Play
from bridgelaws.i18n import normalize_lang, text
from bridgelaws.scenario import Scenario, localized
from bridgelaws.scenario import to_dict as scenario_to_dict
from bridgelaws.table import Table

from ._common import EVENTS_COLUMNS, EVENTS_TABLE, META_CHUNK, META_TABLE, legal_play, pbn_error, what
from .convert import board_data, encode_details, quote

__all__ = ["to_pbn", "notes", "Note", "say", "plain_text"]

#: line breaks of every kind (str.splitlines() splits at each) and the other control characters
_CONTROLS = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]+")


def say(key: str, lang: str, **params: Any) -> str:
    return text("pbn." + key, lang, **params)


def plain_text(value: str) -> str:
    """Text on one line, without control characters (a line break of any kind becomes a space)."""
    return _CONTROLS.sub(" ", value).strip()


def _tag(name: str, value: str) -> str:
    """A tag pair whose value reads back as written: ``"`` and ``\\`` escaped, and a value that PBN would read as
    ``#`` (copy the previous record's value) or ``##...`` (carry a value over) written with a space before it."""
    if value == "#" or value.startswith("##"):
        value = " " + value
    return f'[{name} "' + value.replace("\\", "\\\\").replace('"', '\\"') + '"]'


def _is_irregular(event: Event) -> bool:
    return not isinstance(event, Play) or event.out_of_turn


def _says_something(event: Event, table: Table) -> bool:
    """A call is noted only when the Laws had something to say about it (a legal call in turn has nothing)."""
    a = table.state.auction
    return not isinstance(event, CallEvent) or bool(table.state.notes) or (a is not None and a.irregular is not None)


def auction_calls(table: Table) -> tuple[Seat | None, list[str]]:
    """The legal auction of a table that started with one: the seat of its first call, and its calls in rotation
    as PBN writes them (``Pass``, ``X``, ``XX``, ``1NT``), ``-`` for a turn lost to an accepted call out of
    rotation (29A); ``(None, [])`` for a table without an auction."""
    a = table.state.auction
    if a is None or not a.calls:
        return None, []
    first = a.calls[0][0]
    out: list[str] = []
    expected = first
    for seat, c in a.calls:
        while seat is not expected:
            out.append("-")
            expected = expected.lho
        out.append("Pass" if c.kind == "pass" else str(c))
        expected = seat.lho
    return first, out


@dataclass(frozen=True)
class Note:
    """What the Director says after one irregular event: the event's number, its trick, the event in words,
    the statements, and how many cards of the legal play were on the table by then."""

    number: int
    trick: int
    what: str
    says: tuple[str, ...]
    position: int


def notes(scenario: Scenario, lang: str) -> tuple[Table, list[Note]]:
    from bridgelaws.present import describe

    table = Table(scenario.deal, scenario.contract, dealer=scenario.dealer, vulnerable=scenario.vulnerable)
    raw: list[tuple[int, int, str, tuple[str, ...], set[tuple[Seat, Card]]]] = []
    for no, event in enumerate(scenario.history, 1):
        before = table.state
        table.push(event)
        if _is_irregular(event) and _says_something(event, table):
            st = table.state
            placed = {sc for t in st.tricks for sc in t.plays} | set(st.trick)
            raw.append((no, before.trick_no, describe(event, lang, before), tuple(table.director_says(lang)),
                        placed))
    final = [sc for trick in legal_play(table) for sc in trick]
    notes = [Note(no, trick, what, says, sum(1 for sc in final if sc in placed))
             for no, trick, what, says, placed in raw]
    return table, notes


def _comment_text(value: str) -> str:
    return plain_text(value.replace("{", "(").replace("}", ")"))


def _commentary(scenario: Scenario, table: Table, notes: list[Note], lang: str) -> list[str]:
    lines: list[str] = []
    for key in ("title", "question"):
        value = localized(getattr(scenario, key), lang)
        if value:
            lines.append(_comment_text(value))
    for n in notes:
        lines.append(say("comment.event", lang, trick=n.trick, number=n.number, what=n.what))
        lines.extend(say("comment.director", lang, text=s) for s in n.says)
    says = table.director_says(lang)
    if says and (not notes or list(notes[-1].says) != says or notes[-1].number != len(scenario.history)):
        lines.append(say("comment.now", lang))
        lines.extend(say("comment.director", lang, text=s) for s in says)
    lines.append(say("comment.sections", lang, table=EVENTS_TABLE))
    return [_comment_text(x) for x in lines if x]


def to_pbn(scenario: Scenario, lang: str = "en", *, board: int = 1) -> str:
    """The scenario as a PBN 2.1 game (UTF-8 text): deal, contract and declarer; the legal play in the play
    section; every event in the ``[BridgelawsEventsTable]`` section and the rest of the scenario in
    ``[BridgelawsScenarioTable]``, so that :func:`read_pbn` gives back the same scenario; commentary in
    ``lang`` for people, outside the play section (other readers choke on comments inside it).

    The board number, dealer and vulnerability: a scenario that starts with the auction writes its own dealer,
    vulnerability and legal auction (in the auction section); one imported from a PBN file keeps the record's
    (its tags ``board:``, ``dealer:``, ``vulnerable:``; :func:`~bridgelaws.pbn.convert.board_data`); otherwise the
    export writes ``board``, names declarer as dealer and writes no vulnerability ("None") and no auction."""
    lang = normalize_lang(lang)
    try:
        table, notes_ = notes(scenario, lang)
    except BridgeLawsError as exc:
        raise pbn_error(what("not_replayable", id=scenario.id, problem=str(exc)), path=scenario.path) from None
    declarer = scenario.declarer   # None for a passed-out board (22B): written as PBN does, Contract "Pass"
    board_no, dealer, vulnerable = board_data(scenario.tags)
    dealer, vulnerable = scenario.dealer or dealer, scenario.vulnerable or vulnerable
    tricks = legal_play(table)
    first = tricks[0][0][0] if tricks else scenario.contract.opening_leader if scenario.contract else None
    title = localized(scenario.title, lang) or scenario.id
    out = ["% PBN 2.1", "% EXPORT", "%Content-type: text/x-pbn; charset=UTF-8", "%Creator: bridgelaws", ""]
    out += [_tag("Event", _comment_text(title)), _tag("Site", ""), _tag("Date", ""), _tag("Board", board_no or str(board)),
            _tag("West", ""), _tag("North", ""), _tag("East", ""), _tag("South", ""),
            _tag("Dealer", (dealer or declarer).value), _tag("Vulnerable", vulnerable or "None"),
            _tag("Deal", scenario.deal.to_pbn(dealer or declarer)), _tag("Scoring", "")]
    if scenario.contract is None:   # passed out (22B): PBN's "Pass", no declarer, no result, no play
        out += [_tag("Declarer", ""), _tag("Contract", "Pass"), _tag("Result", "")]
    else:
        out += [_tag("Declarer", declarer.value), _tag("Contract", str(scenario.contract)),
                _tag("Result", str(table.tricks_won(table.declarer)) if table.is_complete() else "")]
    comment = _commentary(scenario, table, notes_, lang)
    out.append("{" + "\n".join(comment) + "}")
    first_caller, calls = auction_calls(table)
    if calls and first_caller is not None:   # the legal auction (after the commentary, which readers of the
        # auction section would take for calls), from the seat of its first call; the irregular calls are in the
        # events table
        out.append(_tag("Auction", first_caller.value))
        out += [" ".join(calls[i:i + 4]) for i in range(0, len(calls), 4)]
    if tricks:
        out.append(_tag("Play", first.value))
        columns = list(Seat.iter_from(first))
        for trick in tricks:
            by_seat = dict(trick)
            out.append(" ".join(str(by_seat[s]) if s in by_seat else "-" for s in columns))
        if not table.is_complete():
            out.append("*")
    meta = {k: v for k, v in scenario_to_dict(scenario).items()
            if k not in ("contract", "declarer", "deal", "history")}
    encoded = quote(json.dumps(meta, ensure_ascii=False, separators=(",", ":")))
    out.append(_tag(META_TABLE, "Row;Data"))
    for i in range(0, len(encoded), META_CHUNK):
        out.append(f"{i // META_CHUNK + 1} {encoded[i:i + META_CHUNK]}")
    out.append(_tag(EVENTS_TABLE, EVENTS_COLUMNS))
    for no, event in enumerate(scenario.history, 1):
        seat = event.seat.value if event.seat is not None else "-"
        out.append(f"{no} {seat} {event.action} {encode_details(event)}")
    return "\n".join(out) + "\n"
