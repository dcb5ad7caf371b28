"""Records: what one game (record) of a PBN file says, as :class:`PbnRecord` (board, deal, contract, play), and
the records of a file as :class:`PbnRecords` (with the errors of the unreadable ones)."""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from dataclasses import dataclass, field

from bridgelaws.cards import Card, Seat, Strain
from bridgelaws.deal import Contract, Deal
from bridgelaws.errors import BridgeLawsError, PbnError
from bridgelaws.events import Play
from bridgelaws.i18n import Message
from bridgelaws.scenario import Scenario
from bridgelaws.table import Table

from ._common import pbn_error, what
from .convert import to_scenario

__all__ = ["PbnRecord", "PbnTable", "PbnRecords"]


@dataclass(frozen=True, slots=True)
class PbnTable:
    """A table section (``[NameTable "Col1;Col2"]`` and its rows): column names, rows of cells, the line of
    the tag and of each row."""

    name: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    line: int
    row_lines: Sequence[int]


@dataclass(frozen=True, slots=True)
class PbnRecord:
    """One game (record) of a PBN file. ``number`` is its 1-based position in the file and ``line`` the line
    of its first tag. ``deal`` may have unknown hands (``-``); ``contract`` is None when the board was passed
    out or no contract is given. ``plays`` are the cards in the order played; ``play_lines`` the line of each.
    ``result`` is declarer's tricks. ``complete`` tells whether all 52 cards were played. ``play_rows`` is
    the play section as written: each trick's cards by seat (a ``-`` left out); ``play_cells`` holds it as
    written, four cells a row from ``play_first`` clockwise (None for ``-``). Without ``[Contract]`` and
    ``[Declarer]`` tags, a complete auction gives both (``from_auction`` is then True)."""

    number: int
    line: int
    board: int | str | None
    dealer: Seat | None
    vulnerable: str | None
    deal: Deal | None
    contract: Contract | None
    declarer: Seat | None
    strain: Strain | None = None
    plays: tuple[Play, ...] = ()
    result: int | None = None
    passed_out: bool = False
    auction: tuple[str, ...] = ()
    notes: tuple[tuple[int, str], ...] = ()
    irregularities: tuple[tuple[str, int], ...] = ()
    commentary: tuple[str, ...] = ()
    tags: dict[str, str] = field(default_factory=dict, compare=False)
    tables: dict[str, PbnTable] = field(default_factory=dict, compare=False)
    play_lines: Sequence[int] = field(default=(), compare=False)
    play_cells: tuple[Card | None, ...] = field(default=(), compare=False)
    play_first: Seat | None = field(default=None, compare=False)
    path: str | None = field(default=None, compare=False)
    from_auction: bool = field(default=False, compare=False)

    @property
    def complete(self) -> bool:
        return len(self.plays) == 52

    @property
    def play_rows(self) -> tuple[dict[Seat, Card], ...]:
        if self.play_first is None:
            return ()
        columns = list(Seat.iter_from(self.play_first))
        cells = self.play_cells
        return tuple({columns[i]: c for i, c in enumerate(cells[t:t + 4]) if c is not None}
                     for t in range(0, len(cells), 4))

    def _error(self, what_: Message, line: int | None = None) -> PbnError:
        return pbn_error(what_, path=self.path, record=self.number, line=line if line is not None else self.line,
                         board=self.board)

    def table(self, upto: int | None = None) -> Table:
        """A :class:`~bridgelaws.table.Table` with the recorded plays pushed (the first ``upto`` of them).
        Raises PbnError when the deal is incomplete, there is no contract, or the engine refuses a card."""
        if self.deal is None:
            raise self._error(what("no_deal"))
        if not self.deal.is_valid():
            raise self._error(what("incomplete_deal", problems="; ".join(self.deal.problems())))
        if self.contract is None:
            raise self._error(what("no_contract"))
        table = Table(self.deal, self.contract)
        plays = self.plays if upto is None else self.plays[:upto]
        for no, (play, line) in enumerate(zip(plays, self.play_lines), 1):
            try:
                table.push(play)
            except BridgeLawsError as exc:
                reason = Message(exc.key, exc.params) if exc.key is not None else str(exc)
                raise self._error(what("refused", number=no, seat=play.seat, card=play.card, reason=reason),
                                  line) from exc
        return table

    def scenario(self, id: str | None = None, after: int | None = None) -> Scenario:
        """The record as a scenario: our own exports give back the scenario they were written from (its
        events table and metadata); other records give the deal, contract, declarer and the recorded play.
        ``after``: keep only the first ``after`` events (and the checkpoints within them)."""
        return to_scenario(self, id=id, after=after)


class PbnRecords(list[PbnRecord]):
    """The records read from a file, in order; ``errors`` holds a PbnError for each record that could not be
    read (record and line in each), in order. Empty unless ``read_pbn(..., errors="collect")``.
    ``unread_boards`` maps the number of each unreadable record to its board, when its ``[Board]`` tag was
    read (so that :func:`select` can say that a board's only records could not be read)."""

    errors: list[PbnError]
    unread_boards: dict[int, str]

    def __init__(self, records: Sequence[PbnRecord] = (), errors: Sequence[PbnError] = ()) -> None:
        super().__init__(records)
        self.errors = list(errors)
        self.unread_boards = {}
