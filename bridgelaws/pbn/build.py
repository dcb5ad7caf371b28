"""Building a :class:`~bridgelaws.pbn.records.PbnRecord` from one scanned game: the tags (``#`` copies and
``##`` carried-over values applied), board, dealer and vulnerability, the deal, the contract and declarer (from
their tags, or else from the auction: issue #21, N10), the result, the auction, the play section in played order,
and the table sections."""

from __future__ import annotations

import re
from array import array
from collections.abc import Sequence

from bridgelaws.cards import Card, Seat, Strain
from bridgelaws.deal import Contract, Deal, Hand
from bridgelaws.errors import BridgeLawsError, PbnError
from bridgelaws.events import Play
from bridgelaws.i18n import Message
from bridgelaws.table import trick_winner

from ._common import ANNOTATION_RE, CARDS, NOTE_RE, SEATS, ascii_int, pbn_error, what
from .auction import outcome
from .records import PbnRecord, PbnTable
from .scan import Game, Tag

__all__ = ["Builder"]

_VULNERABLE = {"none": "None", "love": "None", "-": "None", "ns": "NS", "ew": "EW", "all": "All",
               "both": "All"}
_CALL_RE = re.compile(r"^(?:pass|p|x|xx|ap|[1-7](?:c|d|h|s|n|nt))$", re.IGNORECASE)
_CONTRACT_RE = re.compile(r"^([1-7]?)(NT|N|S|H|D|C)(X{0,2})$", re.IGNORECASE)
_RESULT_SIDE_RE = re.compile(r"^(?:(NS|EW)\s+([0-9]{1,2}))(?:\s+(NS|EW)\s+([0-9]{1,2}))?$", re.IGNORECASE)
_VALUES: dict[str, str] = {}   # short tag values shared between records (memory: issue #21, N4)


class _Problem(Exception):
    """A problem found where the record is not known (the play section): what, and the line."""

    def __init__(self, what_: Message, line: int) -> None:
        super().__init__(what_.text("en"))
        self.what = what_
        self.line = line


class Builder:
    """One game into one record; every problem is a PbnError naming the record and the line."""

    def __init__(self, game: Game, path: str | None, shared: dict[object, object] | None = None) -> None:
        self.game = game
        self.path = path
        self.shared: dict[object, object] = {} if shared is None else shared   # deals, rows: one object each
        self.tags: dict[str, Tag] = {}
        self.irregularities: list[tuple[str, int]] = []

    def err(self, what_: Message, line: int) -> PbnError:
        return pbn_error(what_, path=self.path, record=self.game.number, line=line)

    def value(self, name: str) -> str | None:
        t = self.tags.get(name)
        if t is None:
            return None
        v = t.value.strip()
        return None if v in ("", "?") else v

    def line_of(self, name: str) -> int:
        t = self.tags.get(name)
        return t.line if t is not None else self.game.line

    def build(self, previous: dict[str, Tag], persistent: dict[str, Tag]) -> tuple[PbnRecord, dict[str, Tag]]:
        """The record, and its tags (which the next record's ``#`` copies)."""
        notes = self.resolve(previous, persistent)
        b = self.value("Board")
        number = ascii_int(b) if b is not None else None
        board: int | str | None = number if number is not None else b
        deal = self.deal()
        auction = self.auction()
        contract, strain, declarer, passed_out, derived = self.contract(auction)
        result = self.result(contract, declarer)
        plays, play_lines, play_cells, play_first = self.plays(strain)
        return PbnRecord(
            number=self.game.number, line=self.game.line, board=board, dealer=self.dealer(),
            vulnerable=self.vulnerable(), deal=deal, contract=contract, declarer=declarer, strain=strain,
            plays=plays, result=result, passed_out=passed_out, auction=tuple(auction), notes=tuple(notes),
            irregularities=tuple(self.irregularities), commentary=tuple(self.game.commentary),
            tags={k: _short(t.value) for k, t in self.tags.items()}, tables=self.tables(), play_lines=play_lines,
            play_cells=play_cells, play_first=play_first, path=self.path, from_auction=derived,
        ), self.tags

    def resolve(self, previous: dict[str, Tag], persistent: dict[str, Tag]) -> list[tuple[int, str]]:
        """The tags with ``#`` (the previous record's value) and ``##`` (carried over) applied; the notes."""
        notes: list[tuple[int, str]] = []
        for tag in self.game.tags:
            if tag.name == "Note":
                num, sep, body = tag.value.partition(":")
                number = ascii_int(num.strip(), 9)
                if not sep or number is None:
                    raise self.err(what("note", value=tag.value[:80]), tag.line)
                notes.append((number, body.strip()))
                continue
            if tag.value == "#":
                old = previous.get(tag.name)
                if old is None:
                    raise self.err(what("copy_missing", tag=tag.name), tag.line)
                tag = Tag(tag.name, old.value, tag.line, tag.data or old.data)
                persistent.pop(tag.name, None)
            elif tag.value.startswith("##"):
                tag = Tag(tag.name, tag.value[2:], tag.line, tag.data)
                persistent[tag.name] = tag
            elif tag.name in persistent:
                del persistent[tag.name]
            self.tags[tag.name] = tag
        for name, tag in persistent.items():
            self.tags.setdefault(name, tag)
        return notes

    def dealer(self) -> Seat | None:
        v = self.value("Dealer")
        if v is None:
            return None
        dealer = SEATS.get(v)
        if dealer is None:
            raise self.err(what("dealer", value=self.tags["Dealer"].value[:40]), self.line_of("Dealer"))
        return dealer

    def vulnerable(self) -> str | None:
        v = self.value("Vulnerable")
        if v is None:
            return None
        vulnerable = _VULNERABLE.get(v.lower())
        if vulnerable is None:
            raise self.err(what("vulnerable", value=v[:40]), self.line_of("Vulnerable"))
        return vulnerable

    def deal(self) -> Deal | None:
        """The deal; a card twice or a hand of more than 13 cards is refused here, with the line (N4). Hands
        may be unknown (``-``), or shorter in an end position: ``table()`` refuses to play those."""
        d = self.value("Deal")
        if d is None:
            return None
        deal = self.shared.get(d) or _fast_deal(d)   # the same board at every table: one Deal
        if deal is not None:
            return self.shared.setdefault(d, deal)  # type: ignore[return-value]
        try:  # not plain: let Deal.from_pbn say what is wrong, or read what it accepts
            deal = Deal.from_pbn(d)
        except BridgeLawsError as exc:
            raise self.err(what("deal", problem=str(exc)), self.line_of("Deal")) from None
        probs = [p for p in deal.problems() if p.startswith("duplicate") or
                 (" cards, not 13" in p and int(p.split(" has ")[1].split()[0]) > 13)]
        if probs:
            raise self.err(what("deal", problem="; ".join(probs)), self.line_of("Deal"))
        return deal

    def contract(self, auction: list[str]
                 ) -> tuple[Contract | None, Strain | None, Seat | None, bool, bool]:
        """Contract, strain, declarer, passed out, and whether the auction gave them (no tags)."""
        declarer = self.declarer()
        cv = self.value("Contract")
        derived = False
        if (cv is None or declarer is None) and auction and (first := SEATS.get(self.value("Auction") or "")):
            decided = outcome(first, auction)
            if decided is not None:
                derived = cv is None and declarer is None
                cv = cv if cv is not None else decided.contract
                declarer = declarer if declarer is not None else decided.declarer
        if cv is None:
            return None, None, declarer, False, derived
        if cv.lower() == "pass":
            return None, None, declarer, True, derived
        m = _CONTRACT_RE.match(cv)
        if not m:
            raise self.err(what("contract", value=cv[:40]), self.line_of("Contract"))
        strain = Strain.parse("NT" if m.group(2).upper() in ("N", "NT") else m.group(2).upper())
        if not m.group(1):   # a strain without a level (an end position) gives the trumps but no contract
            return None, strain, declarer, False, derived
        if declarer is None:
            raise self.err(what("contract_without_declarer", value=cv), self.line_of("Contract"))
        return Contract(int(m.group(1)), strain, declarer, len(m.group(3))), strain, declarer, False, derived

    def declarer(self) -> Seat | None:
        dv = self.value("Declarer")
        if dv is None:
            return None
        if dv.startswith("^"):
            self.irregularities.append(("^S", -1))
            dv = dv[1:]
        declarer = SEATS.get(dv)
        if declarer is None:
            raise self.err(what("declarer", value=self.tags["Declarer"].value[:40]), self.line_of("Declarer"))
        return declarer

    def result(self, contract: Contract | None, declarer: Seat | None) -> int | None:
        rv = self.value("Result")
        if rv is None or contract is None:
            return None
        result = _result(rv.lstrip("^"), declarer)
        if result is None:
            raise self.err(what("result", value=rv[:40]), self.line_of("Result"))
        return result

    def auction(self) -> list[str]:
        auction: list[str] = []
        at = self.tags.get("Auction")
        if at is None:
            return auction
        if self.value("Auction") is not None and self.value("Auction") not in SEATS:
            raise self.err(what("auction_start", value=at.value[:40]), at.line)
        for tok, tline in at.data:
            low = tok.lower()
            if low in ("*", "+"):
                break
            if low == "ap":   # "all pass": the remaining players pass, and the auction is over (PBN 2.1, 3.5)
                auction.extend(["Pass"] * _passes_to_end(auction))
            elif _CALL_RE.match(tok):
                auction.append("Pass" if low in ("p", "pass") else tok.upper())
            elif tok == "-" or NOTE_RE.match(tok) or ANNOTATION_RE.match(tok):
                continue
            elif tok.startswith("^") and len(tok) == 2:
                self.irregularities.append((tok, -1))
            else:
                raise self.err(what("not_a_call", token=tok[:40]), tline)
        return [_short(c) for c in auction]

    def plays(self, strain: Strain | None
              ) -> tuple[tuple[Play, ...], Sequence[int], tuple[Card | None, ...], Seat | None]:
        """The plays in played order, the line of each, the cells as written, and the opening leader."""
        pt = self.tags.get("Play")
        if pt is None:
            return (), (), (), None
        try:
            cells, irregular = _cells(pt)
            self.irregularities.extend(irregular)
            if not any(c is not None for c, _ in cells):
                return (), (), (), None
            plays, lines = _in_played_order(cells, pt, strain, self.value("Play"))
        except _Problem as exc:
            raise self.err(exc.what, exc.line) from None
        row = tuple(c for c, _ in cells)
        row += (None,) * (-len(row) % 4)
        return tuple(plays), array("l", lines), row, SEATS[self.value("Play") or ""]

    def tables(self) -> dict[str, PbnTable]:
        tables: dict[str, PbnTable] = {}
        for name, tag in self.tags.items():
            if name.endswith("Table") and name != "Table":
                columns = self.one(tuple(c.split("\\")[0] for c in tag.value.split(";")))
                rows, row_lines = _rows(tag.data)
                tables[name] = PbnTable(name, columns, tuple(self.one(r) for r in rows), tag.line, row_lines)
        return tables


    def one(self, value: tuple[str, ...]) -> tuple[str, ...]:
        """One tuple for equal rows (an optimum result table repeats at every table of a board)."""
        return self.shared.setdefault(value, value)  # type: ignore[return-value]


def _passes_to_end(calls: list[str]) -> int:
    """How many passes end the auction after ``calls``: three after the last call that is not a pass when there
    is a bid, four in all when nobody has bid."""
    trailing = next((i for i, c in enumerate(reversed(calls)) if c != "Pass"), len(calls))
    if trailing == len(calls):
        return max(0, 4 - len(calls))
    return max(0, 3 - trailing)


def _short(value: str) -> str:
    """Short values (seats, vulnerabilities, calls, cells) shared by every record that has them."""
    return _VALUES.setdefault(value, value) if len(value) <= 8 else value


def _fast_deal(text: str) -> Deal | None:
    """A deal written the plain way (``N:`` and four hands of at most 13 cards, ``-`` for an unknown hand,
    no card twice), read quickly; None for anything else (Deal.from_pbn then reads it or says what is wrong)."""
    if len(text) < 2 or text[1] != ":" or text[0] not in SEATS:
        return None
    parts = text[2:].split()
    if len(parts) != 4:
        return None
    first = SEATS[text[0]]
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
                card = CARDS.get(letter + rank)
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


def _rows(data: list[tuple[str, int]]) -> tuple[list[tuple[str, ...]], Sequence[int]]:
    """A table section's cells, one row per line, and the line of each row."""
    rows: dict[int, list[str]] = {}
    for cell, line in data:
        rows.setdefault(line, []).append(_short(cell))
    return [tuple(r) for r in rows.values()], array("l", rows)


def _result(value: str, declarer: Seat | None) -> int | None:
    n = ascii_int(value, 2)
    if n is not None:
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


def _cells(tag: Tag) -> tuple[list[tuple[Card | None, int]], list[tuple[str, int]]]:
    """The play section's cells (a card, or None for one not played) with their lines; irregularity marks."""
    cells: list[tuple[Card | None, int]] = []
    irregular: list[tuple[str, int]] = []
    ended = False
    for tok, line in tag.data:
        if ended:
            raise _Problem(what("after_end", token=tok[:40]), line)
        card = CARDS.get(tok)
        if card is not None:
            cells.append((card, line))
        elif tok == "-" or tok == "+":
            cells.append((None, line))  # not played ('+': to be played another time)
        elif tok == "*":
            ended = True
        elif NOTE_RE.match(tok) or ANNOTATION_RE.match(tok):
            continue
        elif tok.startswith("^") and len(tok) == 2:
            irregular.append((tok, sum(1 for c in cells if c[0] is not None)))
        else:
            raise _Problem(what("not_a_card", token=tok[:40]), line)
    return cells, irregular


def _in_played_order(cells: list[tuple[Card | None, int]], tag: Tag, strain: Strain | None, leader_text: str | None
                     ) -> tuple[list[Play], list[int]]:
    """The play section in played order: rows are tricks, columns seats clockwise from the opening leader; each
    trick is played from the winner of the trick before (PBN 2.1, the play section)."""
    if leader_text is None or leader_text not in SEATS:
        raise _Problem(what("play_leader", value=tag.value[:40]), tag.line)
    if strain is None:
        raise _Problem(what("play_without_contract"), tag.line)
    first = SEATS[leader_text]
    columns = [first.next(i) for i in range(4)]
    plays: list[Play] = []
    lines: list[int] = []
    leader = first
    for t in range(0, len(cells), 4):
        row = cells[t:t + 4]
        by_seat = {columns[i]: row[i] if i < len(row) else (None, row[-1][1]) for i in range(4)}
        trick: list[tuple[Seat, Card]] = []
        for seat in Seat.iter_from(leader):
            card, line = by_seat[seat]
            if card is None:
                rest = cells[t + 4:]
                if any(c is not None for c, _ in rest):
                    line = next(ln for c, ln in rest if c is not None)
                    raise _Problem(what("incomplete_trick", trick=t // 4 + 1, next=t // 4 + 2), line)
                return plays, lines
            trick.append((seat, card))
            plays.append(_play(seat, card))
            lines.append(line)
        leader = trick_winner(trick, strain.trump)
    return plays, lines
