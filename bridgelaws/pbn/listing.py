"""Choosing a board and its table as a person would (issue 37): each record of a board on one line, with its
table, contract, declarer, opening lead and result, and a plain word when a record has no play (a club's results
file holds the deal, the contract and the result only: the teacher plays the cards on the table)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bridgelaws.cards import Card, Seat
from bridgelaws.contract_terms import contract_words
from bridgelaws.deal import Contract
from bridgelaws.i18n import normalize_lang, text

from .records import PbnRecord

__all__ = ["RecordSummary", "summarize", "board_summaries", "boards", "contract_words", "summary_text",
           "listing_lines"]


@dataclass(frozen=True, slots=True)
class RecordSummary:
    """What a person picks a record by: its number in the file, board, table (the ``[Table]`` tag, with the
    ``[Room]`` when given), contract and declarer (None when passed out or not given), the opening lead (the
    first card of the play, else a ``[Lead]`` tag), declarer's tricks, and whether the record has its play."""

    number: int
    board: str
    table: str | None
    contract: Contract | None
    declarer: Seat | None
    passed_out: bool
    lead: Card | None
    result: int | None
    has_play: bool
    #: who sat there, for a file without a ``[Table]`` tag (a pairs file from KoPS or BBO): ``N–S against E–W``
    pairs: tuple[str, str] | None = None


def _table(record: PbnRecord) -> str | None:
    table = (record.tags.get("Table") or "").strip()
    room = (record.tags.get("Room") or "").strip()
    table = "" if table in ("#", "?", "-") else table
    if table and room:
        return f"{table} ({room})"
    return table or room or None


def _pairs(record: PbnRecord) -> tuple[str, str] | None:
    """The two sides' names (``Para-34``, or ``Hansen/Berg`` when partners are named apart); None if unnamed."""
    def side(a: str, b: str) -> str:
        a, b = (record.tags.get(a) or "").strip(), (record.tags.get(b) or "").strip()
        a, b = ("" if x in ("?", "-", "#") else x for x in (a, b))
        return a if a == b or not b else (b if not a else f"{a}/{b}")
    ns, ew = side("North", "South"), side("East", "West")
    return (ns, ew) if ns or ew else None


def summarize(record: PbnRecord) -> RecordSummary:
    lead: Card | None = record.plays[0].card if record.plays else None
    if lead is None:
        from ._common import CARDS

        lead = CARDS.get((record.tags.get("Lead") or "").strip())
    return RecordSummary(record.number, str(record.board), _table(record), record.contract, record.declarer,
                         record.passed_out, lead, record.result, bool(record.plays), _pairs(record))


def board_summaries(records: Sequence[PbnRecord], board: int | str) -> list[RecordSummary]:
    """Every record of ``board``, in file order."""
    return [summarize(r) for r in records if r.board is not None and str(r.board) == str(board).strip()]


def boards(records: Sequence[PbnRecord]) -> list[str]:
    """The board numbers of the file, each once, in file order."""
    seen: dict[str, None] = {}
    for r in records:
        if r.board is not None:
            seen.setdefault(str(r.board), None)
    return list(seen)


def summary_text(s: RecordSummary, lang: str, say_no_play: bool = True) -> str:
    """One line: ``record 3, table 4: 4♥ by South, lead ♠Q, 9 tricks`` (and, with ``say_no_play``, that it has
    no play)."""
    lang = normalize_lang(lang)
    table = s.table if s.table is not None else "–"
    if s.passed_out:
        what = text("pbn.list.passed_out", lang)
    elif s.contract is None or s.declarer is None:
        what = text("pbn.list.no_contract", lang)
    else:
        lead = text("pbn.list.lead", lang, card=s.lead) if s.lead is not None else text("pbn.list.no_lead", lang)
        tricks = (text("pbn.list.tricks", lang, tricks=s.result) if s.result is not None
                  else text("pbn.list.no_result", lang))
        what = text("pbn.list.played", lang, contract=contract_words(s.contract, lang), declarer=s.declarer,
                    lead=lead, tricks=tricks)
    if s.table is None and s.pairs is not None:   # no table number in the file: who sat there
        line = text("pbn.list.record_pairs", lang, record=s.number, ns=s.pairs[0] or "?", ew=s.pairs[1] or "?",
                    what=what)
    else:
        line = text("pbn.list.record", lang, record=s.number, table=table, what=what)
    if say_no_play and not s.has_play and not s.passed_out and s.contract is not None:
        line += " " + text("pbn.list.no_play", lang)
    return line


def listing_lines(records: Sequence[PbnRecord], board: int | str, lang: str) -> list[str]:
    """The board's heading and one line per record (:func:`summary_text`)."""
    found = board_summaries(records, board)
    head = text("pbn.list.board", lang, board=board, count=len(found))
    none_played = not any(s.has_play for s in found)
    if none_played:   # a club's results file: said once, not on every line
        head += " " + text("pbn.list.no_play", lang)
    return [head] + ["  " + summary_text(s, lang, say_no_play=not none_played) for s in found]
