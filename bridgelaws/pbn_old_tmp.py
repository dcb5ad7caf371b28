"""PBN files in and PBN/LIN exports out: the deals of real tournaments, and our examples in other tools.

Reading (PBN 2.1, as real files write it)::

    >>> from bridgelaws.pbn import read_pbn
    >>> records = read_pbn('''
    ... [Board "1"]
    ... [Dealer "N"]
    ... [Vulnerable "None"]
    ... [Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
    ... [Declarer "S"]
    ... [Contract "3NT"]
    ... [Result "9"]
    ... [Play "W"]
    ... HA HT H5 H2
    ... *
    ... ''')
    >>> r = records[0]
    >>> r.board, str(r.contract), r.declarer, [str(p.card) for p in r.plays]
    (1, '3NT', Seat.SOUTH, ['HA', 'HT', 'H5', 'H2'])

The play section is laid out in columns by seat, starting with the opening leader (the ``[Play]`` tag's
value), one row per trick; the cards of a trick are played clockwise from its leader, the winner of the trick
before (PBN 2.1 section 3.4). ``plays`` gives the cards in the order they were played, whatever the layout.
A ``-`` is a card not played (a claim); ``*`` ends the play. Tag-pair notes (``=1=``), ``[Note]`` tags,
commentary (``{...}``, ``; ...``), NAGs (``$1``), suffix annotations (``!``, ``?``) and the irregularity tokens of
section 3.9 (``^R``, ``^L``, ``^I``, ``^S``) are read and set aside. CRLF line ends and Latin-1 bytes are
read. Anything else raises :class:`~bridgelaws.errors.PbnError` with the record number and the line.

Writing: :func:`to_pbn` writes a scenario as a PBN game: the legal play in the play section, the events with
the irregularities in a ``[BridgelawsEventsTable]`` section of our own, which :func:`read_pbn` reads back into
exactly the same scenario, and commentary in the chosen language for people. :func:`to_lin` writes BBO's LIN
for its hand viewer, with the Director's statements as ``nt`` notes. See ``docs/pbn.md``.
"""

from __future__ import annotations

import json
import re
import typing
import urllib.parse
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bridgelaws.cards import Card, Rank, Seat, Strain, Suit
from bridgelaws.deal import Contract, Deal, Hand
from bridgelaws.errors import BridgeLawsError, PbnError
from bridgelaws.events import EVENT_TYPES, Event, Play
from bridgelaws.i18n import LANGS, Message, normalize_lang, text
from bridgelaws.scenario import Scenario, from_dict, localized, open_read_only
from bridgelaws.scenario import to_dict as scenario_to_dict
from bridgelaws.table import Table, trick_winner

__all__ = [
    "PbnRecord", "PbnTable", "PbnError", "read_pbn", "select", "to_scenario", "to_pbn", "to_lin", "EVENTS_TABLE",
    "SCENARIO_TAG",
]

#: our own table section: one row per event of the scenario's history, irregularities included
EVENTS_TABLE = "BridgelawsEventsTable"
#: our own tag: the rest of the scenario (id, title, laws, texts, expectations), percent-encoded JSON
SCENARIO_TAG = "BridgelawsScenario"
_EVENTS_COLUMNS = "Event;Seat;Action;Details"

# ----------------------------------------------------------------------------------------------------------
# lexing
# ----------------------------------------------------------------------------------------------------------

_TOKEN = re.compile(r"""
   (?P<nl>\n)
  |(?P<ws>[ \t\f\v]+)
  |(?P<esc>(?<![^\n])%[^\n]*)
  |(?P<semi>;[^\n]*)
  |(?P<brace>\{[^}]*\})
  |(?P<tag>\[\s*(?P<name>[A-Za-z0-9_]+)\s*"(?P<value>(?:[^"\\\n]|\\.)*)"\s*\])
  |(?P<str>"(?:[^"\\\n]|\\.)*")
  |(?P<tok>[^\s\[\]{};"]+)
  |(?P<bad>.)
""", re.VERBOSE)

_CARDS: dict[str, Card] = {}
for _s in Suit:
    for _r in Rank:
        _c = Card(_s, _r)
        for _rank_text in {_r.letter, "10"} if _r.letter == "T" else {_r.letter}:
            for _txt in (_s.letter + _rank_text, _rank_text + _s.letter):
                _CARDS[_txt] = _c
                _CARDS[_txt.lower()] = _c
_SEATS = {s.value: s for s in Seat} | {s.value.lower(): s for s in Seat}
_VULNERABLE = {"none": "None", "love": "None", "-": "None", "ns": "NS", "ew": "EW", "all": "All",
               "both": "All"}
_CALL_RE = re.compile(r"^(?:pass|p|x|xx|ap|[1-7](?:c|d|h|s|n|nt))$", re.IGNORECASE)
_NOTE_RE = re.compile(r"^=(\d+)=$")
_ANNOTATION_RE = re.compile(r"^(?:\$\d+|[!?]{1,2})$")
_CONTRACT_RE = re.compile(r"^([1-7]?)(NT|N|S|H|D|C)(X{0,2})$", re.IGNORECASE)
_RESULT_SIDE_RE = re.compile(r"^(?:(NS|EW)\s+(\d+))(?:\s+(NS|EW)\s+(\d+))?$", re.IGNORECASE)


@dataclass
class _Tag:
    name: str
    value: str
    line: int
    data: list[tuple[str, int]] = field(default_factory=list)


@dataclass
class _Game:
    line: int = 0
    tags: list[_Tag] = field(default_factory=list)
    commentary: list[str] = field(default_factory=list)
    names: set[str] = field(default_factory=set)


def _decode(data: bytes) -> str:
    """UTF-8 when the bytes are UTF-8 (a byte-order mark is dropped), else Latin-1 (PBN's own charset)."""
    try:
        out = data.decode("utf-8")
    except UnicodeDecodeError:
        out = data.decode("latin-1")
    return out[1:] if out.startswith("\ufeff") else out


def _unescape(value: str) -> str:
    return re.sub(r'\\(["\\])', r"\1", value) if "\\" in value else value


_TAG_LINE = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\\n]|\\.)*)"\s*\]')
_SPECIAL = re.compile(r'[\[\]{};"%]')


def _what(key: str, **params: Any) -> Message:
    """What is wrong, as a message of the ``pbn`` catalogue (English in ``str(error)``, localized by
    ``error.explain(lang)``)."""
    return Message("pbn.error." + key, params)


def _pbn_error(what: Message, *, path: str | None, record: int | None = None, line: int | None = None,
               board: int | str | None = None) -> PbnError:
    """A PbnError saying where (file, record, board, line) and what."""
    file = f"{path}: " if path else ""
    if record is None:
        key, params = "pbn.error.file", {"file": file, "what": what}
    elif board is None:
        key, params = "pbn.error.at", {"file": file, "record": record, "line": line, "what": what}
    else:
        key, params = "pbn.error.at_board", {"file": file, "record": record, "board": board, "line": line,
                                             "what": what}
    rest = {k: v for k, v in params.items() if k not in ("record", "line")}
    return PbnError(Message(key, params).text("en"), path=path, record=record, line=line, key=key, **rest)


class _Scanner:
    """Splits the text into games: tag pairs with the data that follows each, separated by empty lines.
    Plain lines (one tag pair, or data tokens) take a fast path; a line with commentary, strings or a tag
    pair spread over several lines is read with the full tokenizer."""

    def __init__(self, path: str | None) -> None:
        self.path = path
        self.games: list[_Game] = []
        self.game = _Game()
        self.current: _Tag | None = None

    def error(self, what: Message, line: int) -> PbnError:
        return _pbn_error(what, path=self.path, record=len(self.games) + 1, line=line)

    def finish(self) -> None:
        if self.game.tags:
            self.games.append(self.game)
            self.game = _Game()
        self.current = None

    def tag(self, name: str, value: str, line: int) -> None:
        game = self.game
        if name in game.names and name != "Note":
            self.finish()  # a tag given twice: a new game that is not separated by an empty line
            game = self.game
        if not game.tags:
            game.line = line
        self.current = _Tag(name, _unescape(value), line)
        game.tags.append(self.current)
        game.names.add(name)

    def data(self, tokens: list[str], line: int) -> None:
        if self.current is None:
            raise self.error(_what("outside_section", token=tokens[0]), line)
        self.current.data.extend((tok, line) for tok in tokens)

    def read(self, source: str) -> list[_Game]:
        lines = source.split("\n")
        n = len(lines)
        i = 0
        while i < n:
            raw = lines[i]
            stripped = raw.strip()
            if not stripped:
                self.finish()
            elif raw[0] == "%":
                pass
            elif (m := _TAG_LINE.fullmatch(stripped)) is not None:
                self.tag(m.group(1), m.group(2), i + 1)
            elif _SPECIAL.search(stripped) is None:
                self.data(stripped.split(), i + 1)
            else:
                j = i + 1
                chunk = raw
                while j < n and (chunk.count("{") > chunk.count("}") or chunk.count("[") > chunk.count("]")):
                    chunk += "\n" + lines[j]
                    j += 1
                self.scan(chunk, i + 1)
                i = j
                continue
            i += 1
        self.finish()
        return self.games

    def scan(self, chunk: str, line: int) -> None:
        content = False  # the line so far holds something other than white space
        for m in _TOKEN.finditer(chunk):
            kind = m.lastgroup
            if kind == "nl":
                if not content:
                    self.finish()
                line += 1
                content = False
                continue
            if kind == "ws":
                continue
            content = True
            if kind == "esc" or kind == "semi":
                continue
            if kind == "brace":
                body = m.group()
                self.game.commentary.append(body[1:-1].strip())
                line += body.count("\n")
            elif kind == "tag":
                self.tag(m.group("name"), m.group("value"), line)
                line += m.group().count("\n")
            elif kind == "tok":
                self.data([m.group()], line)
            elif kind == "str":
                self.data([_unescape(m.group()[1:-1])], line)
            else:
                ch = m.group()
                if ch == "[":
                    what = _what("malformed_tag", text=chunk[m.start():].split("\n", 1)[0].strip())
                elif ch == "{":
                    what = _what("unclosed_comment")
                else:
                    what = _what("unexpected", char=ch)
                raise self.error(what, line)


# ----------------------------------------------------------------------------------------------------------
# records
# ----------------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class PbnTable:
    """A table section (``[NameTable "Col1;Col2"]`` and its rows): column names, rows of cells, the line of
    the tag and of each row."""

    name: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    line: int
    row_lines: tuple[int, ...]


@dataclass(frozen=True)
class PbnRecord:
    """One game (record) of a PBN file. ``number`` is its 1-based position in the file and ``line`` the line
    of its first tag. ``deal`` may have unknown hands (``-``); ``contract`` is None when the board was passed
    out or no contract is given. ``plays`` are the cards in the order played; ``play_lines`` the line of each.
    ``result`` is declarer's tricks. ``complete`` tells whether all 52 cards were played. ``play_rows`` is
    the play section as written: each trick's cards by seat (a ``-`` left out)."""

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
    play_lines: tuple[int, ...] = field(default=(), compare=False)
    play_rows: tuple[dict[Seat, Card], ...] = field(default=(), compare=False)
    path: str | None = field(default=None, compare=False)

    @property
    def complete(self) -> bool:
        return len(self.plays) == 52

    def _error(self, what: Message, line: int | None = None) -> PbnError:
        return _pbn_error(what, path=self.path, record=self.number, line=line if line is not None else self.line,
                          board=self.board)

    def table(self, upto: int | None = None) -> Table:
        """A :class:`~bridgelaws.table.Table` with the recorded plays pushed (the first ``upto`` of them).
        Raises PbnError when the deal is incomplete, there is no contract, or the engine refuses a card."""
        if self.deal is None:
            raise self._error(_what("no_deal"))
        if not self.deal.is_valid():
            raise self._error(_what("incomplete_deal", problems="; ".join(self.deal.problems())))
        if self.contract is None:
            raise self._error(_what("no_contract"))
        table = Table(self.deal, self.contract)
        plays = self.plays if upto is None else self.plays[:upto]
        for no, (play, line) in enumerate(zip(plays, self.play_lines), 1):
            try:
                table.push(play)
            except BridgeLawsError as exc:
                reason = Message(exc.key, exc.params) if exc.key is not None else str(exc)
                raise self._error(_what("refused", number=no, seat=play.seat, card=play.card, reason=reason),
                                  line) from exc
        return table

    def scenario(self, id: str | None = None, after: int | None = None) -> Scenario:
        """The record as a scenario: our own exports give back the scenario they were written from (its
        events table and metadata); other records give the deal, contract, declarer and the recorded play.
        ``after``: keep only the first ``after`` events (and the checkpoints within them)."""
        return to_scenario(self, id=id, after=after)


#: the largest PBN file read: a whole tournament's file is a few hundred kilobytes
MAX_PBN_BYTES = 16 << 20


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
            data = f.read(MAX_PBN_BYTES + 1)
        if len(data) > MAX_PBN_BYTES:
            raise OSError(0, f"the file has more than {MAX_PBN_BYTES} bytes; at most {MAX_PBN_BYTES} are read")
        return data
    finally:
        os.close(fd)


def read_pbn(source: str | bytes | Path, *, path: str | None = None) -> list[PbnRecord]:
    """The records of a PBN file, in order. ``source`` is a path (``str`` or ``Path``), the file's bytes, or
    its text (a string holding a ``[`` or a line break is text). Raises PbnError with the record number and
    the line for anything it cannot read."""
    if isinstance(source, Path) or (isinstance(source, str) and "[" not in source and "\n" not in source):
        p = Path(source)
        try:
            data = _read_regular(p)
        except (OSError, ValueError) as exc:   # ValueError: a NUL byte in the path
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            raise _pbn_error(_what("cannot_read", error=reason), path=str(p).replace("\x00", "\\0")) from None
        text_ = _decode(data)
        path = path or str(p)
    elif isinstance(source, bytes):
        text_ = _decode(source)
    elif isinstance(source, str):
        text_ = source[1:] if source.startswith("\ufeff") else source
    else:
        raise _pbn_error(_what("bad_source", type=type(source).__name__), path=path)
    if "\r" in text_:
        text_ = text_.replace("\r\n", "\n").replace("\r", "\n")
    games = _Scanner(path).read(text_)
    out: list[PbnRecord] = []
    previous: dict[str, _Tag] = {}
    persistent: dict[str, _Tag] = {}
    for number, game in enumerate(games, 1):
        record, previous = _record(game, number, previous, persistent, path)
        out.append(record)
    return out


def select(records: Sequence[PbnRecord], board: int | str, record: int | None = None) -> PbnRecord:
    """The record of ``board``; ``record`` (its number in the file) when the board appears more than once."""
    path = records[0].path if records else None
    mine = [r for r in records if r.board is not None and str(r.board) == str(board)]
    if record is not None:
        for r in mine:
            if r.number == record:
                return r
        numbers = ", ".join(str(r.number) for r in mine) or "none"
        raise _pbn_error(_what("not_of_board", record=record, board=board, records=numbers), path=path)
    if not mine:
        boards = sorted({str(r.board) for r in records if r.board is not None}, key=_board_key)
        raise _pbn_error(_what("no_board", board=board, boards=", ".join(boards) or "-"), path=path)
    if len(mine) > 1:
        numbers = ", ".join(str(r.number) for r in mine)
        raise _pbn_error(_what("several", board=board, count=len(mine), records=numbers), path=path)
    return mine[0]


def _board_key(b: str) -> tuple[int, str]:
    return (int(b), "") if b.isdigit() else (10**9, b)


def _record(game: _Game, number: int, previous: dict[str, _Tag], persistent: dict[str, _Tag],
            path: str | None) -> tuple[PbnRecord, dict[str, _Tag]]:
    def err(what: Message, line: int) -> PbnError:
        return _pbn_error(what, path=path, record=number, line=line)

    tags: dict[str, _Tag] = {}
    notes: list[tuple[int, str]] = []
    for tag in game.tags:
        if tag.name == "Note":
            num, sep, body = tag.value.partition(":")
            if not sep or not num.strip().isdigit():
                raise err(_what("note", value=tag.value), tag.line)
            notes.append((int(num), body.strip()))
            continue
        if tag.value == "#":
            old = previous.get(tag.name)
            if old is None:
                raise err(_what("copy_missing", tag=tag.name), tag.line)
            tag = _Tag(tag.name, old.value, tag.line, tag.data or old.data)
            persistent.pop(tag.name, None)
        elif tag.value.startswith("##"):
            tag = _Tag(tag.name, tag.value[2:], tag.line, tag.data)
            persistent[tag.name] = tag
        elif tag.name in persistent:
            del persistent[tag.name]
        tags[tag.name] = tag
    for name, tag in persistent.items():
        tags.setdefault(name, tag)

    def value(name: str) -> str | None:
        t = tags.get(name)
        if t is None:
            return None
        v = t.value.strip()
        return None if v in ("", "?") else v

    def line_of(name: str) -> int:
        t = tags.get(name)
        return t.line if t is not None else game.line

    # board, dealer, vulnerability
    b = value("Board")
    board: int | str | None = int(b) if b is not None and b.isdigit() else b
    dealer = None
    if value("Dealer") is not None:
        dealer = _SEATS.get(value("Dealer") or "")
        if dealer is None:
            raise err(_what("dealer", value=tags["Dealer"].value), line_of("Dealer"))
    vulnerable = None
    v = value("Vulnerable")
    if v is not None:
        vulnerable = _VULNERABLE.get(v.lower())
        if vulnerable is None:
            raise err(_what("vulnerable", value=v), line_of("Vulnerable"))

    # the deal
    deal = None
    d = value("Deal")
    if d is not None:
        deal = _fast_deal(d)
        if deal is None:  # not plain: let Deal.from_pbn say what is wrong, or read what it accepts
            try:
                deal = Deal.from_pbn(d)
            except BridgeLawsError as exc:
                raise err(_what("deal", problem=str(exc)), line_of("Deal")) from None
            probs = [p for p in deal.problems() if p.startswith("duplicate") or
                     (" cards, not 13" in p and int(p.split(" has ")[1].split()[0]) > 13)]
            if probs:
                raise err(_what("deal", problem="; ".join(probs)), line_of("Deal"))

    # contract and declarer
    contract = None
    strain: Strain | None = None
    declarer = None
    passed_out = False
    irregularities: list[tuple[str, int]] = []
    dv = value("Declarer")
    if dv is not None:
        if dv.startswith("^"):
            irregularities.append(("^S", -1))
            dv = dv[1:]
        declarer = _SEATS.get(dv)
        if declarer is None:
            raise err(_what("declarer", value=tags["Declarer"].value), line_of("Declarer"))
    cv = value("Contract")
    if cv is not None:
        if cv.lower() == "pass":
            passed_out = True
        else:
            m = _CONTRACT_RE.match(cv)
            if not m:
                raise err(_what("contract", value=cv), line_of("Contract"))
            strain = Strain.parse("NT" if m.group(2).upper() in ("N", "NT") else m.group(2).upper())
            if m.group(1):  # a strain without a level (an end position) gives the trumps but no contract
                if declarer is None:
                    raise err(_what("contract_without_declarer", value=cv), line_of("Contract"))
                contract = Contract(int(m.group(1)), strain, declarer, len(m.group(3)))

    # result
    result = None
    rv = value("Result")
    if rv is not None and contract is not None:
        result = _result(rv.lstrip("^"), declarer)
        if result is None:
            raise err(_what("result", value=rv), line_of("Result"))

    # auction
    auction: list[str] = []
    if "Auction" in tags:
        at = tags["Auction"]
        if value("Auction") is not None and value("Auction") not in _SEATS:
            raise err(_what("auction_start", value=at.value), at.line)
        for tok, tline in at.data:
            low = tok.lower()
            if low in ("*", "+"):
                break
            if _CALL_RE.match(tok):
                auction.extend(["Pass"] * 3 if low == "ap" else ["Pass" if low in ("p", "pass") else tok.upper()])
            elif tok == "-" or _NOTE_RE.match(tok) or _ANNOTATION_RE.match(tok):
                continue
            elif tok.startswith("^") and len(tok) == 2:
                irregularities.append((tok, -1))
            else:
                raise err(_what("not_a_call", token=tok), tline)

    # play
    plays: list[Play] = []
    play_lines: list[int] = []
    play_rows: list[dict[Seat, Card]] = []
    if "Play" in tags:
        pt = tags["Play"]
        try:
            plays, play_lines, play_irregular, play_rows = _plays(pt, strain, value("Play"))
        except _PlayProblem as exc:
            raise err(exc.what, exc.line) from None
        irregularities.extend(play_irregular)

    # table sections (ours among them)
    tables: dict[str, PbnTable] = {}
    for name, tag in tags.items():
        if name.endswith("Table") and name != "Table":
            columns = tuple(c.split("\\")[0] for c in tag.value.split(";"))
            rows, row_lines = _rows(tag.data)
            tables[name] = PbnTable(name, columns, rows, tag.line, row_lines)

    record = PbnRecord(
        number=number, line=game.line, board=board, dealer=dealer, vulnerable=vulnerable, deal=deal,
        contract=contract, declarer=declarer, strain=strain, plays=tuple(plays), result=result, passed_out=passed_out,
        auction=tuple(auction), notes=tuple(notes), irregularities=tuple(irregularities),
        commentary=tuple(game.commentary), tags={k: t.value for k, t in tags.items()}, tables=tables,
        play_lines=tuple(play_lines), play_rows=tuple(play_rows), path=path,
    )
    return record, tags


def _fast_deal(text: str) -> Deal | None:
    """A deal written the plain way (``N:`` and four hands of at most 13 cards, ``-`` for an unknown hand,
    no card twice), read quickly; None for anything else (Deal.from_pbn then reads it or says what is wrong)."""
    if len(text) < 2 or text[1] != ":" or text[0] not in _SEATS:
        return None
    parts = text[2:].split()
    if len(parts) != 4:
        return None
    first = _SEATS[text[0]]
    hands: list[frozenset[Card]] = [frozenset()] * 4
    seen = 0
    for i, part in enumerate(parts):
        if part == "-":
            continue
        suits = part.split(".")
        if len(suits) != 4:
            return None
        cards = []
        for letter, ranks in zip("SHDC", suits):
            for rank in ranks:
                card = _CARDS.get(letter + rank)
                if card is None:
                    return None
                cards.append(card)
        hand = frozenset(cards)
        if len(hand) != len(cards) or len(hand) > 13:
            return None
        hands[first.next(i).index] = hand
        seen += len(hand)
    if len(frozenset().union(*hands)) != seen:
        return None
    return Deal(tuple(Hand(h) for h in hands))  # type: ignore[arg-type]


_PLAYS: dict[tuple[Seat, Card], Play] = {}


def _play(seat: Seat, card: Card) -> Play:
    """Play events are immutable: one instance per seat and card."""
    key = (seat, card)
    p = _PLAYS.get(key)
    if p is None:
        p = _PLAYS[key] = Play(seat, card)
    return p


def _rows(data: list[tuple[str, int]]) -> tuple[tuple[tuple[str, ...], ...], tuple[int, ...]]:
    """A table section's cells, one row per line, and the line of each row."""
    rows: dict[int, list[str]] = {}
    for cell, line in data:
        rows.setdefault(line, []).append(cell)
    return tuple(tuple(r) for r in rows.values()), tuple(rows)


def _result(value: str, declarer: Seat | None) -> int | None:
    if value.isdigit():
        n = int(value)
        return n if 0 <= n <= 13 else None
    m = _RESULT_SIDE_RE.match(value)
    if not m or declarer is None:
        return None
    side = "NS" if declarer in (Seat.NORTH, Seat.SOUTH) else "EW"
    pairs = [(m.group(1).upper(), int(m.group(2)))]
    if m.group(3):
        pairs.append((m.group(3).upper(), int(m.group(4))))
    for who, n in pairs:
        if n > 13:
            return None
        if who == side:
            return n
    return 13 - pairs[0][1]


class _PlayProblem(Exception):
    def __init__(self, what: Message, line: int) -> None:
        super().__init__(what.text("en"))
        self.what = what
        self.line = line


def _plays(tag: _Tag, strain: Strain | None, leader_text: str | None
           ) -> tuple[list[Play], list[int], list[tuple[str, int]], list[dict[Seat, Card]]]:
    """The play section in played order: rows are tricks, columns seats clockwise from the opening leader."""
    cells: list[tuple[Card | None, int]] = []
    irregular: list[tuple[str, int]] = []
    ended = False
    for tok, line in tag.data:
        if ended:
            raise _PlayProblem(_what("after_end", token=tok), line)
        card = _CARDS.get(tok)
        if card is not None:
            cells.append((card, line))
        elif tok == "-" or tok == "+":
            cells.append((None, line))  # not played ('+': to be played another time)
        elif tok == "*":
            ended = True
        elif _NOTE_RE.match(tok) or _ANNOTATION_RE.match(tok):
            continue
        elif tok.startswith("^") and len(tok) == 2:
            irregular.append((tok, len([c for c in cells if c[0] is not None])))
        else:
            raise _PlayProblem(_what("not_a_card", token=tok), line)
    if not any(c is not None for c, _ in cells):
        return [], [], irregular, []
    if leader_text is None or leader_text not in _SEATS:
        raise _PlayProblem(_what("play_leader", value=tag.value), tag.line)
    if strain is None:
        raise _PlayProblem(_what("play_without_contract"), tag.line)
    first = _SEATS[leader_text]
    columns = [first.next(i) for i in range(4)]
    plays: list[Play] = []
    lines: list[int] = []
    rows: list[dict[Seat, Card]] = []
    leader = first
    trump = strain.trump
    for t in range(0, len(cells), 4):
        row = cells[t:t + 4]
        by_seat = {columns[i]: row[i] if i < len(row) else (None, row[-1][1]) for i in range(4)}
        rows.append({seat: card for seat, (card, _) in by_seat.items() if card is not None})
        trick: list[tuple[Seat, Card]] = []
        stopped = False
        for seat in Seat.iter_from(leader):
            card, line = by_seat[seat]
            if card is None:
                stopped = True
                break
            trick.append((seat, card))
            plays.append(_play(seat, card))
            lines.append(line)
        if stopped:
            rest = cells[t + 4:]
            if any(c is not None for c, _ in rest):
                line = next(ln for c, ln in rest if c is not None)
                raise _PlayProblem(_what("incomplete_trick", trick=t // 4 + 1, next=t // 4 + 2), line)
            break
        leader = trick_winner(trick, trump)
    return plays, lines, irregular, rows


# ----------------------------------------------------------------------------------------------------------
# records as scenarios
# ----------------------------------------------------------------------------------------------------------

_META_TABLE = "BridgelawsScenarioTable"
_META_CHUNK = 200  # characters of percent-encoded JSON a row (PBN lines stay under 255 characters)
_ID_UNSAFE = re.compile(r"[^A-Za-z0-9_.-]+")


def _default_id(record: PbnRecord) -> str:
    board = _ID_UNSAFE.sub("-", str(record.board)).strip("-") if record.board is not None else ""
    return f"pbn-board-{board}-record-{record.number}" if board else f"pbn-record-{record.number}"


def _field_kind(hint: Any) -> str:
    """``tuple``, ``bool`` or ``str``: how a field of an event is written in the events table."""
    args = typing.get_args(hint) if typing.get_origin(hint) is not None else ()
    if typing.get_origin(hint) is tuple:
        return "tuple"
    if args:
        kinds = {_field_kind(a) for a in args if a is not type(None)}
        return "tuple" if "tuple" in kinds else "bool" if kinds == {"bool"} else "str"
    return "bool" if hint is bool else "str"


_HINTS: dict[str, dict[str, Any]] = {}


def _hints(action: str) -> dict[str, Any]:
    h = _HINTS.get(action)
    if h is None:
        h = _HINTS[action] = typing.get_type_hints(EVENT_TYPES[action])
    return h


def _quote(value: Any) -> str:
    return urllib.parse.quote(str(value), safe="")


def encode_details(event: Event) -> str:
    """The fields of an event (other than seat and action) as one cell without spaces:
    ``card=D3,how=revoke_corrected``; strings are percent-encoded, lists joined with ``+``."""
    d = event.to_dict()
    d.pop("seat")
    d.pop("action")
    parts = []
    for key, value in d.items():
        if isinstance(value, bool):
            cell = "true" if value else "false"
        elif isinstance(value, list):
            cell = "+".join(_quote(v) for v in value)
        else:
            cell = _quote(value)
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
        kind = _field_kind(hints[key]) if key in hints else "str"
        if kind == "tuple":
            out[key] = [urllib.parse.unquote(v) for v in raw.split("+")] if raw else []
        elif kind == "bool":
            if raw not in ("true", "false"):
                raise ValueError(f"{key} must be true or false, not {raw!r}")
            out[key] = raw == "true"
        else:
            out[key] = urllib.parse.unquote(raw)
    return out


def to_scenario(record: PbnRecord, id: str | None = None, after: int | None = None) -> Scenario:
    """The record as a scenario (see :meth:`PbnRecord.scenario`). Raises PbnError saying what and where."""
    ours = EVENTS_TABLE in record.tables
    if ours:
        data = _our_scenario(record)
    else:
        if record.deal is None:
            raise record._error(_what("no_deal"))
        if not record.deal.is_valid():
            raise record._error(_what("incomplete_deal", problems="; ".join(record.deal.problems())))
        if record.contract is None or record.declarer is None:
            raise record._error(_what("no_contract"))
        data = {"id": _default_id(record), "contract": str(record.contract), "declarer": record.declarer.value,
                "deal": record.deal.to_pbn(), "history": [p.to_dict() for p in record.plays]}
        if record.board is not None:
            event = (record.tags.get("Event") or "").strip()
            key = "import.title_event" if event and event not in ("?", "#") else "import.title"
            data["title"] = {lang: _t(key, lang, board=record.board, event=event) for lang in LANGS}
    if id is not None:
        data["id"] = id
    if after is not None:
        n = len(data["history"])
        if not 0 <= after <= n:
            raise record._error(_what("after", after=after, count=n))
        if after < n:
            data["history"] = data["history"][:after]
            data.pop("expected", None)
            kept = [cp for cp in data.get("checkpoints", []) if cp["after"] <= after]
            if kept:
                data["checkpoints"] = kept
            else:
                data.pop("checkpoints", None)
    try:
        scenario = from_dict(data, path=record.path)
    except BridgeLawsError as exc:
        raise record._error(_what("invalid_scenario", problem=str(exc))) from None
    if ours:
        _agrees_with_play_section(record, scenario)
    elif record.plays:
        record.table(upto=len(scenario.history))  # the recorded play must replay (PbnError with the line)
    return scenario


def _our_scenario(record: PbnRecord) -> dict[str, Any]:
    """The scenario of one of our exports: the events table, the metadata table, and the standard tags."""
    events = record.tables[EVENTS_TABLE]
    history: list[dict[str, Any]] = []
    for i, (row, line) in enumerate(zip(events.rows, events.row_lines), 1):
        if len(row) != 4:
            raise record._error(_what("events_cells", table=EVENTS_TABLE, row=i, count=len(row)), line)
        no, seat, action, details = row
        if no != str(i):
            raise record._error(_what("events_number", table=EVENTS_TABLE, row=i, found=no), line)
        if action not in EVENT_TYPES:
            raise record._error(_what("events_action", table=EVENTS_TABLE, row=i, action=action), line)
        try:
            fields_ = decode_details(action, details)
        except (ValueError, KeyError) as exc:
            raise record._error(_what("events_details", table=EVENTS_TABLE, row=i, problem=str(exc)), line) from None
        history.append({"seat": seat, "action": action, **fields_})
    meta: dict[str, Any] = {}
    table = record.tables.get(_META_TABLE)
    if table is not None:
        chunks = []
        for i, (row, line) in enumerate(zip(table.rows, table.row_lines), 1):
            if len(row) != 2 or row[0] != str(i):
                raise record._error(_what("meta_row", table=_META_TABLE, row=i), line)
            chunks.append(row[1])
        try:
            meta = json.loads(urllib.parse.unquote("".join(chunks)))
        except ValueError as exc:
            raise record._error(_what("meta_unreadable", table=_META_TABLE, problem=str(exc)), table.line) from None
        if not isinstance(meta, dict):
            raise record._error(_what("meta_unreadable", table=_META_TABLE, problem="not a table of keys"),
                                table.line)
    if record.deal is None or record.contract is None or record.declarer is None:
        raise record._error(_what("export_needs"))
    data = {"id": meta.get("id", _default_id(record))}
    data.update({k: v for k, v in meta.items() if k != "id"})
    data.update(contract=str(record.contract), declarer=record.declarer.value, deal=record.deal.to_pbn(),
                history=history)
    order = ("id", "title", "laws", "summary", "question", "reasoning", "tags", "contract", "declarer", "deal",
             "history", "expected", "checkpoints")
    return {k: data[k] for k in order if k in data} | {k: v for k, v in data.items() if k not in order}


def _legal_play(table: Table) -> list[list[tuple[Seat, Card]]]:
    """The cards on the tricks: each completed trick, then the trick in progress, in the order placed."""
    tricks = [list(t.plays) for t in table.tricks]
    if table.current_trick:
        tricks.append(list(table.current_trick))
    return tricks


def _agrees_with_play_section(record: PbnRecord, scenario: Scenario) -> None:
    from bridgelaws.scenario import replay

    try:
        table = replay(scenario)
    except BridgeLawsError as exc:
        raise record._error(_what("events_refused", table=EVENTS_TABLE, problem=str(exc)),
                            record.tables[EVENTS_TABLE].line) from None
    ours = [dict(t) for t in _legal_play(table)]
    theirs = list(record.play_rows)
    if ours != theirs:
        bad = next((i for i, (a, b) in enumerate(zip(ours, theirs)) if a != b), min(len(ours), len(theirs)))
        raise record._error(_what("disagree", table=EVENTS_TABLE, trick=bad + 1), record.tables[EVENTS_TABLE].line)


# ----------------------------------------------------------------------------------------------------------
# writing: PBN
# ----------------------------------------------------------------------------------------------------------

def _t(key: str, lang: str, **params: Any) -> str:
    return text("pbn." + key, lang, **params)


def _tag(name: str, value: str) -> str:
    return f'[{name} "' + value.replace("\\", "\\\\").replace('"', '\\"') + '"]'


def _is_irregular(event: Event) -> bool:
    return not isinstance(event, Play) or event.out_of_turn


@dataclass(frozen=True)
class _Note:
    """What the Director says after one irregular event: the event's number, its trick, the event in words,
    the statements, and how many cards of the legal play were on the table by then."""

    number: int
    trick: int
    what: str
    says: tuple[str, ...]
    position: int


def _notes(scenario: Scenario, lang: str) -> tuple[Table, list[_Note]]:
    from bridgelaws.present import describe

    table = Table(scenario.deal, scenario.contract)
    raw: list[tuple[int, int, str, tuple[str, ...], set[tuple[Seat, Card]]]] = []
    for no, event in enumerate(scenario.history, 1):
        before = table.state
        table.push(event)
        if _is_irregular(event):
            st = table.state
            placed = {sc for t in st.tricks for sc in t.plays} | set(st.trick)
            raw.append((no, before.trick_no, describe(event, lang, before), tuple(table.director_says(lang)),
                        placed))
    final = [sc for trick in _legal_play(table) for sc in trick]
    notes = [_Note(no, trick, what, says, sum(1 for sc in final if sc in placed))
             for no, trick, what, says, placed in raw]
    return table, notes


def _comment_text(value: str) -> str:
    return value.replace("{", "(").replace("}", ")").replace("\r", " ").replace("\n", " ").strip()


def _commentary(scenario: Scenario, table: Table, notes: list[_Note], lang: str) -> list[str]:
    lines: list[str] = []
    for key in ("title", "question"):
        value = localized(getattr(scenario, key), lang)
        if value:
            lines.append(_comment_text(value))
    for n in notes:
        lines.append(_t("comment.event", lang, trick=n.trick, number=n.number, what=n.what))
        lines.extend(_t("comment.director", lang, text=s) for s in n.says)
    says = table.director_says(lang)
    if says and (not notes or list(notes[-1].says) != says or notes[-1].number != len(scenario.history)):
        lines.append(_t("comment.now", lang))
        lines.extend(_t("comment.director", lang, text=s) for s in says)
    lines.append(_t("comment.sections", lang, table=EVENTS_TABLE))
    return [_comment_text(x) for x in lines if x]


def to_pbn(scenario: Scenario, lang: str = "en", *, board: int = 1) -> str:
    """The scenario as a PBN 2.1 game (UTF-8 text): deal, contract and declarer; the legal play in the play
    section; every event in the ``[BridgelawsEventsTable]`` section and the rest of the scenario in
    ``[BridgelawsScenarioTable]``, so that :func:`read_pbn` gives back the same scenario; commentary in
    ``lang`` for people, outside the play section (other readers choke on comments inside it).

    The scenario has no dealer, vulnerability or auction: the export names declarer as dealer and writes
    no vulnerability ("None") and no auction."""
    lang = normalize_lang(lang)
    try:
        table, notes = _notes(scenario, lang)
    except BridgeLawsError as exc:
        raise _pbn_error(_what("not_replayable", id=scenario.id, problem=str(exc)), path=scenario.path) from None
    declarer = scenario.declarer
    tricks = _legal_play(table)
    first = tricks[0][0][0] if tricks else scenario.contract.opening_leader
    title = localized(scenario.title, lang) or scenario.id
    out = ["% PBN 2.1", "% EXPORT", "%Content-type: text/x-pbn; charset=UTF-8", "%Creator: bridgelaws", ""]
    out += [_tag("Event", _comment_text(title)), _tag("Site", ""), _tag("Date", ""), _tag("Board", str(board)),
            _tag("West", ""), _tag("North", ""), _tag("East", ""), _tag("South", ""),
            _tag("Dealer", declarer.value), _tag("Vulnerable", "None"),
            _tag("Deal", scenario.deal.to_pbn(declarer)), _tag("Scoring", ""),
            _tag("Declarer", declarer.value), _tag("Contract", str(scenario.contract)),
            _tag("Result", str(table.tricks_won(table.declarer)) if table.is_complete() else "")]
    comment = _commentary(scenario, table, notes, lang)
    out.append("{" + "\n".join(comment) + "}")
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
    encoded = _quote(json.dumps(meta, ensure_ascii=False, separators=(",", ":")))
    out.append(_tag(_META_TABLE, "Row;Data"))
    for i in range(0, len(encoded), _META_CHUNK):
        out.append(f"{i // _META_CHUNK + 1} {encoded[i:i + _META_CHUNK]}")
    out.append(_tag(EVENTS_TABLE, _EVENTS_COLUMNS))
    for no, event in enumerate(scenario.history, 1):
        out.append(f"{no} {event.seat.value} {event.action} {encode_details(event)}")
    return "\n".join(out) + "\n"


# ----------------------------------------------------------------------------------------------------------
# writing: LIN (BBO's hand viewer)
# ----------------------------------------------------------------------------------------------------------

_LIN_DEALER = {Seat.SOUTH: "1", Seat.WEST: "2", Seat.NORTH: "3", Seat.EAST: "4"}
_LIN_SUITS = {"♠": "!S", "♥": "!H", "♦": "!D", "♣": "!C", "♤": "!S", "♡": "!H", "♢": "!D", "♧": "!C"}


def _lin_text(value: str) -> str:
    out = value.replace("|", "/").replace("\n", " ")
    for sym, esc in _LIN_SUITS.items():
        out = out.replace(sym, esc)
    return out


def _lin_hand(deal: Deal, seat: Seat) -> str:
    hand = deal.hand(seat)
    return "".join(s.letter + "".join(c.rank.letter for c in hand.suit(s)) for s in Suit)


def to_lin(scenario: Scenario, lang: str = "en", *, board: int = 1) -> str:
    """The scenario as one LIN line for BBO's hand viewer: ``md`` deal, a stand-in auction (declarer opens the
    final contract, which is how LIN names declarer; after Law 54A the player who became declarer), ``pc`` for
    each card of the legal play, and ``nt``
    notes with what the Director says after each irregularity, in ``lang``. An export only: LIN has no way to
    record the irregularities themselves."""
    lang = normalize_lang(lang)
    try:
        table, notes = _notes(scenario, lang)
    except BridgeLawsError as exc:
        raise _pbn_error(_what("not_replayable", id=scenario.id, problem=str(exc)), path=scenario.path) from None
    c = scenario.contract
    d = table.declarer  # after 54A the presumed declarer's partner: LIN names declarer by the auction
    hands = ",".join(_lin_hand(scenario.deal, s) for s in (Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST))
    parts = ["pn", ",,,", "st", "", "md", _LIN_DEALER[d] + hands, "rh", "", "ah", f"Board {board}", "sv", "o"]
    bid = f"{c.level}{'N' if c.trump is None else c.trump.letter}"
    calls = [bid] + (["d", "r"] if c.doubled == 2 else ["d", "p"] if c.doubled == 1 else ["p", "p"]) + ["p"]
    if c.doubled == 2:
        calls += ["p", "p"]
    elif c.doubled == 1:
        calls += ["p"]
    for call in calls:
        parts += ["mb", call]
    title = localized(scenario.title, lang) or scenario.id
    strain = c.trump.symbol if c.trump is not None else text("scenario.show.notrump", lang)
    contract = f"{c.level}{strain}{'X' * c.doubled}"
    parts += ["nt", _lin_text(title + " — " + _t("lin.stand_in_auction", lang, seat=d, contract=contract)),
              "pg", ""]
    final = [sc for trick in _legal_play(table) for sc in trick]
    for k in range(len(final) + 1):
        for n in (n for n in notes if n.position == k):
            said = " — ".join([_t("comment.event", lang, trick=n.trick, number=n.number, what=n.what)]
                            + [_t("comment.director", lang, text=s) for s in n.says])
            parts += ["nt", _lin_text(said), "pg", ""]
        if k < len(final):
            parts += ["pc", str(final[k][1])]
            if k % 4 == 3:
                parts += ["pg", ""]
    says = table.director_says(lang)
    if says and (not notes or list(notes[-1].says) != says or notes[-1].number != len(scenario.history)):
        said = " — ".join([_t("comment.now", lang)] + [_t("comment.director", lang, text=s) for s in says])
        parts += ["nt", _lin_text(said), "pg", ""]
    if len(final) % 4:
        # the example stops inside a trick: LIN readers that count tricks (endplay) need the record closed,
        # and "mc" (claim) is LIN's only way to close it; the note says that nobody claimed
        parts += ["nt", _lin_text(_t("lin.stops_here", lang)), "pg", "",
                  "mc", str(table.tricks_won(table.declarer))]
    return "|".join(parts) + "|\n"

