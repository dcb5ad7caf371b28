"""Reading a PBN file: :func:`read_pbn` (every record, raising at the first unreadable one or collecting the
errors) and :func:`select` (the record of a board)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Literal, NoReturn

from bridgelaws.errors import PbnError
from bridgelaws.scenario import open_read_only

from ._common import ascii_int, pbn_error, what
from .build import Builder
from .records import PbnRecord, PbnRecords
from .scan import Game, Scanner, Tag, decode

__all__ = ["read_pbn", "select", "MAX_PBN_BYTES", "MAX_PBN_RECORDS"]

#: the largest PBN file read: a whole tournament's file is a few hundred kilobytes
MAX_PBN_BYTES = 16 << 20
#: the most records read from one file (a 16 MB file of ordinary records has about 16,000)
MAX_PBN_RECORDS = 100_000


def _read_regular(p: Path) -> bytes:
    """The bytes of a regular file of at most MAX_PBN_BYTES, checked before reading: a device (/dev/zero), a
    pipe (opening it does not wait for a writer) or a larger file raises OSError saying so (issue #12, D8)."""
    import os
    import stat

    fd = open_read_only(p)
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise OSError(0, "not a regular file (a folder, a device or a pipe)")
        if st.st_size > MAX_PBN_BYTES:
            raise OSError(0, f"the file has {st.st_size} bytes; at most {MAX_PBN_BYTES} are read")
        with os.fdopen(fd, "rb", closefd=False) as f:
            # read(n) sets aside n bytes at once: ask for the file's size (plus one byte, to see it grow), and
            # only a file that grew since fstat reads on, up to the limit (memory: issue #21, N4)
            want = st.st_size + 1
            data = f.read(want)
            if len(data) == want:
                data += f.read(MAX_PBN_BYTES + 1 - len(data))
        if len(data) > MAX_PBN_BYTES:
            raise OSError(0, f"the file has more than {MAX_PBN_BYTES} bytes; at most {MAX_PBN_BYTES} are read")
        return data
    finally:
        os.close(fd)


def _source_text(source: str | bytes | Path, path: str | None) -> tuple[str, str | None]:
    """The text to read and the path to name in errors."""
    if isinstance(source, Path) or (isinstance(source, str) and "[" not in source and "\n" not in source):
        p = Path(source)
        try:
            data = _read_regular(p)
        except (OSError, ValueError) as exc:   # ValueError: a NUL byte in the path
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            raise pbn_error(what("cannot_read", error=reason), path=str(p).replace("\x00", "\\0")) from None
        return decode(data), path or str(p)
    if isinstance(source, bytes):
        return decode(source), path
    if isinstance(source, str):
        return (source[1:] if source.startswith("\ufeff") else source), path
    raise pbn_error(what("bad_source", type=type(source).__name__), path=path)


def read_pbn(source: str | bytes | Path, *, path: str | None = None,
             errors: Literal["raise", "collect"] = "raise") -> PbnRecords:
    """The records of a PBN file, in order (a list, :class:`PbnRecords`). ``source`` is a path (``str`` or
    ``Path``), the file's bytes, or its text (a string holding a ``[`` or a line break is text).

    ``errors="raise"`` (the default) raises PbnError, with the record number and the line, at the first record
    it cannot read. ``errors="collect"`` reads every record it can, and puts a PbnError for each of the others
    in the result's ``errors`` (a file it cannot open at all still raises)."""
    if errors not in ("raise", "collect"):
        raise pbn_error(what("bad_errors", value=str(errors)[:20]), path=path)
    text_, path = _source_text(source, path)
    if "\r" in text_:
        text_ = text_.replace("\r\n", "\n").replace("\r", "\n")
    out = PbnRecords()
    collect = errors == "collect"
    reader = _Reader(path, out, collect)

    def scan_error(exc: PbnError) -> None:   # a game the scanner gave up: its board, if its tag came before
        out.errors.append(exc)
        if scanner.game is not None:
            reader.unread(scanner.game, exc)

    scanner = Scanner(path, reader.game, scan_error if collect else None)
    try:
        scanner.read(text_)
    except _TooMany as exc:
        if not collect:
            raise exc.error from None
        out.errors.append(exc.error)
    return out


class _TooMany(Exception):
    def __init__(self, error: PbnError) -> None:
        super().__init__(str(error))
        self.error = error


class _Reader:
    """Turns each game into a record as the scanner hands it on, with the tags copied (``#``) and carried
    over (``##``) from the records before."""

    def __init__(self, path: str | None, out: PbnRecords, collect: bool) -> None:
        self.path = path
        self.out = out
        self.collect = collect
        self.previous: dict[str, Tag] = {}
        self.persistent: dict[str, Tag] = {}
        self.shared: dict[object, object] = {}

    def game(self, game: Game) -> None:
        if game.number > MAX_PBN_RECORDS:
            raise _TooMany(pbn_error(what("too_many_records", limit=MAX_PBN_RECORDS), path=self.path,
                                     record=game.number, line=game.line))
        try:
            record, self.previous = Builder(game, self.path, self.shared).build(self.previous, self.persistent)
        except PbnError as exc:
            if not self.collect:
                raise
            self.out.errors.append(exc)
            self.unread(game, exc)
            return
        self.out.append(record)

    def unread(self, game: Game, exc: PbnError) -> None:
        """Remember the board of a record that could not be read, as its ``[Board]`` tag gives it."""
        tag = next((t for t in reversed(game.tags) if t.name == "Board"), None)
        value = None if tag is None else tag.value
        if value == "#":
            value = self.previous["Board"].value if "Board" in self.previous else None
        elif value is not None and value.startswith("##"):
            value = value[2:]
        elif value is None and "Board" in self.persistent:
            value = self.persistent["Board"].value
        if value is not None and value.strip():
            number = ascii_int(value.strip())
            self.out.unread_boards[exc.record or game.number] = str(number) if number is not None else value


def select(records: Sequence[PbnRecord], board: int | str, record: int | None = None) -> PbnRecord:
    """The record of ``board``; ``record`` (its number in the file) when the board appears more than once."""
    errors: Sequence[PbnError] = getattr(records, "errors", ())
    path = records[0].path if records else next((e.path for e in errors), None)
    mine = [r for r in records if r.board is not None and str(r.board) == str(board)]
    if record is not None:
        for r in mine:
            if r.number == record:
                return r
        if any(e.record == record for e in errors):
            raise pbn_error(what("record_unreadable", record=record), path=path)
        numbers = ", ".join(str(r.number) for r in mine) or "none"
        raise pbn_error(what("not_of_board", record=record, board=board, records=numbers), path=path)
    if not mine:
        _no_record(records, errors, board, path)
    if len(mine) > 1:   # each with its table, contract, declarer, lead and result, to choose by (issue 37)
        from bridgelaws.i18n import LANGS, LocalText

        from .listing import summarize, summary_text

        summaries = [summarize(r) for r in mine]
        say = any(x.has_play for x in summaries)   # "no play" on each line only where some records have it
        listed = LocalText({lang: "; ".join(summary_text(x, lang, say) for x in summaries) for lang in LANGS})
        raise pbn_error(what("several_tables", board=board, count=len(mine), records=listed), path=path)
    return mine[0]


def _no_record(records: Sequence[PbnRecord], errors: Sequence[PbnError], board: int | str,
               path: str | None) -> NoReturn:
    """Raise the error for a board with no readable record: its records could not be read, or records whose
    board is not known could not be read, or the file has no record of it (issue #21)."""
    unread: dict[int, str] = getattr(records, "unread_boards", {})
    number = ascii_int(str(board).strip())
    key = str(number) if number is not None else str(board)
    own = sorted(n for n, b in unread.items() if b == key)
    if own:
        raise pbn_error(what("no_readable_board", board=board, records=_numbers(own)), path=path)
    found = {str(r.board) for r in records if r.board is not None} | set(unread.values())
    boards = ", ".join(sorted(found, key=_board_key)) or "-"
    unknown = [e.record for e in errors if e.record is not None and e.record not in unread]
    if unknown or any(e.record is None for e in errors):
        read = ", ".join(sorted({str(r.board) for r in records if r.board is not None}, key=_board_key)) or "-"
        raise pbn_error(what("no_board_unread", board=board, boards=read, records=_numbers(unknown) or "-"),
                        path=path)
    raise pbn_error(what("no_board", board=board, boards=boards), path=path)


def _numbers(numbers: Sequence[int], most: int = 10) -> str:
    """Record numbers for a message: the first ``most`` of them, and how many more."""
    shown = ", ".join(str(n) for n in numbers[:most])
    return shown + (f", … (+{len(numbers) - most})" if len(numbers) > most else "")


def _board_key(b: str) -> tuple[int, str]:
    n = ascii_int(b)
    return (n, "") if n is not None else (10**18, b)
