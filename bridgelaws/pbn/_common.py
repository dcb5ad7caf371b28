"""What every part of the PBN package shares: the card and seat tables, the error builder, our own section names,
and the legal play of a table. Imports nothing else of the package."""

from __future__ import annotations

import re
from typing import Any

from bridgelaws.cards import Card, Rank, Seat, Suit
from bridgelaws.errors import PbnError
from bridgelaws.i18n import Message
from bridgelaws.table import Table

#: our own table section: one row per event of the scenario's history, irregularities included
EVENTS_TABLE = "BridgelawsEventsTable"
#: our own tag: the rest of the scenario (id, title, laws, texts, expectations), percent-encoded JSON
SCENARIO_TAG = "BridgelawsScenario"
EVENTS_COLUMNS = "Event;Seat;Action;Details"
META_TABLE = "BridgelawsScenarioTable"
META_CHUNK = 200  # characters of percent-encoded JSON a row (PBN lines stay under 255 characters)

CARDS: dict[str, Card] = {}
for _s in Suit:
    for _r in Rank:
        _c = Card(_s, _r)
        for _rank_text in {_r.letter, "10"} if _r.letter == "T" else {_r.letter}:
            for _txt in (_s.letter + _rank_text, _rank_text + _s.letter):
                CARDS[_txt] = _c
                CARDS[_txt.lower()] = _c
SEATS = {s.value: s for s in Seat} | {s.value.lower(): s for s in Seat}
NOTE_RE = re.compile(r"^=([0-9]+)=$")
ANNOTATION_RE = re.compile(r"^(?:\$[0-9]+|[!?]{1,2})$")


def ascii_int(text: str, limit: int = 18) -> int | None:
    """The value of ``text`` when it is at most ``limit`` ASCII digits, else None (``str.isdigit`` accepts ``²``
    and ``①``, which ``int`` refuses, and ``int`` refuses more than 4,300 digits: issue #21, N2)."""
    if 0 < len(text) <= limit and text.isascii() and text.isdigit():
        return int(text)
    return None


def what(key: str, **params: Any) -> Message:
    """What is wrong, as a message of the ``pbn`` catalogue (English in ``str(error)``, localized by
    ``error.explain(lang)``)."""
    return Message("pbn.error." + key, params)


def pbn_error(what_: Message, *, path: str | None, record: int | None = None, line: int | None = None,
              board: int | str | None = None) -> PbnError:
    """A PbnError saying where (file, record, board, line) and what."""
    file = f"{path}: " if path else ""
    if record is None:
        key, params = "pbn.error.file", {"file": file, "what": what_}
    elif board is None:
        key, params = "pbn.error.at", {"file": file, "record": record, "line": line, "what": what_}
    else:
        key, params = "pbn.error.at_board", {"file": file, "record": record, "board": board, "line": line,
                                             "what": what_}
    rest = {k: v for k, v in params.items() if k not in ("record", "line")}
    return PbnError(Message(key, params).text("en"), path=path, record=record, line=line, key=key, **rest)


def legal_play(table: Table) -> list[list[tuple[Seat, Card]]]:
    """The cards on the tricks: each completed trick, then the trick in progress, in the order placed."""
    tricks = [list(t.plays) for t in table.tricks]
    if table.current_trick:
        tricks.append(list(table.current_trick))
    return tricks
