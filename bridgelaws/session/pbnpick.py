"""The board chooser on the card table (issue 37): a PBN file of many boards and tables opens on a list of the
file's boards and, for the board chosen, each record with its table, contract, declarer, lead and result; a click
on a record puts its deal, contract and play on the table (a record without play says so)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bridgelaws.i18n import Message, text
from bridgelaws.render.html import Button
from bridgelaws.render.html import Select as SelectBox
from bridgelaws.table import Table


@dataclass
class PbnChoice:
    """The file (its name, its records), the board shown in the chooser and the record on the table."""

    name: str
    records: Any
    board: str
    record: int | None


def chooser(s: Any) -> tuple[tuple[str, Any], ...] | None:
    """What the Save box shows of the chooser: the boards as a list, and a button per record of the board."""
    from bridgelaws.pbn.listing import board_summaries, boards, summary_text

    pick: PbnChoice | None = getattr(s, "pbn", None)
    if pick is None:
        return None
    lang = s.lang
    found = board_summaries(pick.records, pick.board)
    none_played = not any(x.has_play for x in found)
    head = text("pbn.list.board", lang, board=pick.board, count=len(found))
    if none_played:
        head += " " + text("pbn.list.no_play", lang)
    select = SelectBox(text("table.pbn.boards", lang, file=pick.name), "pbn_board",
                       tuple((b, b) for b in boards(pick.records)), pick.board)
    buttons = tuple(Button(summary_text(x, lang, say_no_play=not none_played), "pbn_record", str(x.number),
                           cls="bl-pbn-record", disabled=x.contract is None or x.passed_out)
                    for x in found)
    # hashable: the table redraws the Save box only when what it shows changes
    return (("select", select), ("heading", head), ("records", buttons), ("chosen", pick.record))


def choose_board(s: Any, value: Any) -> None:
    pick: PbnChoice | None = getattr(s, "pbn", None)
    if pick is not None and str(value) in {str(r.board) for r in pick.records if r.board is not None}:
        pick.board = str(value)


def choose_record(s: Any, number: int) -> None:
    """Put the record on the table: its deal and contract, and its play (if any) as the script."""
    from bridgelaws.session.common import Branch

    pick: PbnChoice | None = getattr(s, "pbn", None)
    if pick is None:
        return
    record = next((r for r in pick.records if r.number == number and str(r.board) == pick.board), None)
    if record is None:
        return
    sc = record.scenario()
    s.replace_script(Table(sc.deal, sc.contract, dealer=sc.dealer, vulnerable=sc.vulnerable),
                     [Branch(tuple(sc.history), sc.title, sc.question, sc)])
    s.exam.forget_questions()
    s.worth_results = {}
    s.goto_start("end")
    pick.record = number
    key = "table.pbn.chosen" if record.plays else "table.pbn.chosen_no_play"
    s.message = ("info", Message(key, {"record": number, "board": pick.board}))


def open_pbn(cls: Any, path: Any, board: Any, record: int | None, after: int | None, kwargs: dict[str, Any]) -> Any:
    """``CardTable.from_pbn``: the record asked for, or the table on the board chooser (the board's first
    record with a contract on the table until another is picked)."""
    from bridgelaws import pbn as _pbn
    from bridgelaws.pbn.listing import board_summaries, boards

    records = _pbn.read_pbn(path, errors="collect")
    if board is not None and (record is not None or len(board_summaries(records, board)) == 1):
        return cls.from_scenario(_pbn.select(records, board, record).scenario(after=after), **kwargs)
    numbers = boards(records)
    if not numbers:
        _pbn.select(records, board if board is not None else "1")   # the reader's own error, saying why
    first_board = str(board) if board is not None else numbers[0]
    mine = [r for r in records if str(r.board) == first_board and r.contract is not None and r.deal is not None]
    if not mine:
        _pbn.select(records, first_board)
    table = cls.from_scenario(mine[0].scenario(), **kwargs)
    table.session.pbn = PbnChoice(path.name, records, first_board, None)
    table.session.files.files_open = True
    if getattr(table, "_autosave", False) and not table.session.history:
        restore_kept(table.session)
    table.refresh()
    return table


def restore_kept(s: Any) -> bool:
    """After a restart, the chooser's table brings back the teacher's unsaved line (issue 37): a line kept
    beside the notebook (bridgelaws.session.autosave) of a record of this file puts that record on the table
    and plays the line again. The newest kept line wins."""
    from bridgelaws import scenario as _scenario
    from bridgelaws.errors import BridgeLawsError
    from bridgelaws.session.autosave import SUFFIX, autosave_path_of, restore

    pick: PbnChoice | None = getattr(s, "pbn", None)
    if pick is None:
        return False
    try:
        kept = sorted(Path(s.files.folder).glob(f".*{SUFFIX}"), key=lambda p: p.stat().st_mtime,
                      reverse=True)
    except OSError:
        return False
    for path in kept:
        try:
            sc = _scenario.loads(path.read_text(encoding="utf-8"), "toml", path=path.name)
        except (OSError, BridgeLawsError, ValueError):
            continue
        for record in pick.records:
            if record.deal == sc.deal and record.contract is not None and record.board is not None:
                mine = record.scenario()
                if mine.contract != sc.contract or autosave_path_of(s, mine.id) != path:
                    continue
                pick.board = str(record.board)
                choose_record(s, record.number)
                return restore(s)
    return False
