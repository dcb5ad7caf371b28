"""The plain-text twin of :mod:`bridgelaws.render.html`: the same information, fixed-width, for terminals,
``python -m bridgelaws show`` and plain-text fallbacks. Deterministic; no trailing spaces.

Layout: North on top, West and East on either side of the trick in progress, South below; a lead out of
turn lying on the table is marked ``*`` and explained under the diagram; played cards are dropped from the
hands (``show_played=True``: shown in parentheses instead); then what the Director says.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable
from typing import TYPE_CHECKING

from bridgelaws.cards import Card, Seat, Suit
from bridgelaws.i18n import normalize_lang, text
from bridgelaws.notation import format_card, format_rank, format_seat
from bridgelaws.render import BoardView, SeatView, TrickCard, contract_text, deal_view, label, side_label, table_view

if TYPE_CHECKING:
    from bridgelaws.deal import Deal, Hand
    from bridgelaws.state import Trick
    from bridgelaws.table import Table

__all__ = ["WIDTH", "card", "deal", "hand", "table", "trick"]

Hide = Iterable[Seat | str] | Seat | str

#: width the Director's statements are wrapped to
WIDTH = 78
_GAP = 3
_MARKS = {"irregular": "*", "face_down": "†"}


def card(card: Card, lang: str = "en") -> str:
    """``♥D`` (da), ``♥Q`` (en)."""
    return format_card(card, normalize_lang(lang))


def _suit_line(suit: Suit, cards: Iterable[Card], played: Iterable[Card], lang: str) -> str:
    in_hand = {c for c in cards if c.suit is suit}
    gone = {c for c in played if c.suit is suit}
    shown = sorted(in_hand | gone, key=lambda c: -int(c.rank))
    if not shown:
        return f"{suit.symbol} —"
    ranks = (f"({format_rank(c.rank, lang)})" if c in gone else format_rank(c.rank, lang) for c in shown)
    return f"{suit.symbol} " + " ".join(ranks)


def _hand_lines(cards: Iterable[Card], played: Iterable[Card], lang: str) -> list[str]:
    cards, played = tuple(cards), tuple(played)
    return [_suit_line(s, cards, played, lang) for s in Suit]


def hand(hand: Hand, lang: str = "en") -> str:
    """A hand, one suit per line (void shown as —)."""
    lang = normalize_lang(lang)
    return "\n".join(_hand_lines(hand.cards, (), lang)) + "\n"


def _seat_lines(sv: SeatView, lang: str, show_played: bool) -> list[str]:
    head = format_seat(sv.seat, lang)
    if sv.roles:
        head += " (" + ", ".join(label(r, lang) for r in sv.roles) + ")"
    lines = [head]
    if sv.turn:
        lines.append("▶ " + label("to_" + sv.turn, lang))
    if sv.decides:
        lines.append("▶ " + label("to_choose", lang))
    if sv.hidden:
        lines.append("(" + label("hidden", lang) + ")")
    else:
        lines += _hand_lines(sv.cards, sv.played if show_played else (), lang)
    if sv.penalty_cards:
        lines.append(label("penalty_cards", lang) + ":")
        for p in sorted(sv.penalty_cards, key=lambda p: p.card.sort_key):
            lines.append(f"  {format_card(p.card, lang)} {label('major' if p.is_major else 'minor', lang)}")
    return lines


def _centre_lines(view: BoardView, lang: str, bare: bool) -> list[str]:
    by_seat = {t.seat: t for t in view.trick}

    def entry(seat: Seat) -> str:
        letter = format_seat(seat, lang, "letter")
        if bare:
            return letter
        tc = by_seat.get(seat)
        if tc is None:
            return f"{letter} ·"
        return f"{letter} {format_card(tc.card, lang)}{_MARKS.get(tc.how, '')}"

    if view.over and _passed_out(view):   # 22B: there was no play to be over
        title = ""
    elif view.over:
        title = label("play_over", lang)
    elif view.trick_no is not None:
        title = label("trick_no", lang, number=view.trick_no)
    else:
        title = ""
    n, w, e, s = entry(Seat.NORTH), entry(Seat.WEST), entry(Seat.EAST), entry(Seat.SOUTH)
    width = max(len(title), len(n), len(s), len(w) + len(e) + 5, 11)
    middle = w + " " * (width - len(w) - len(e)) + e
    lines = [n.center(width), middle, s.center(width)]
    if title:
        lines.insert(0, title.center(width))
    return [line.rstrip() for line in lines]


def _place(canvas: list[str], row: int, col: int, text: str) -> None:
    while len(canvas) <= row:
        canvas.append("")
    line = canvas[row]
    if len(line) < col:
        line += " " * (col - len(line))
    canvas[row] = line[:col] + text + line[col + len(text):]


def _passed_out(view: BoardView) -> bool:
    """All four players passed (22B): the auction is over, it gave no contract, and its diagram stays."""
    return view.over and view.contract is None and "auction" in view.extra


def _header(view: BoardView, lang: str) -> list[str]:
    if _passed_out(view):   # as PBN writes it (Contract "Pass"); the Director's statement says 22B in full
        return [f"{label('contract', lang)}: {text('pbn.list.passed_out', lang)}", ""]
    if view.contract is None:
        return []
    level, trump, suffix = contract_text(view.contract, lang)
    contract = level + (trump.symbol if trump is not None else "") + suffix
    declarer = format_seat(view.declarer or view.contract.declarer, lang, "letter")
    parts = [f"{label('contract', lang)}: {contract} {declarer}"]
    if view.tricks_won is not None:
        ns, ew = view.tricks_won
        parts.append(f"{label('tricks', lang)}: {side_label(Seat.NORTH, lang)} {ns}, "
                     f"{side_label(Seat.EAST, lang)} {ew}")
    return ["   ".join(parts), ""]


def _board(view: BoardView, lang: str, bare: bool, show_played: bool = False) -> str:
    blocks = {s: _seat_lines(view.seat(s), lang, show_played) for s in Seat}
    centre = _centre_lines(view, lang, bare)
    west_w = max(len(x) for x in blocks[Seat.WEST])
    centre_w = max(max(len(x) for x in centre), max(len(x) for x in blocks[Seat.NORTH]),
                   max(len(x) for x in blocks[Seat.SOUTH]))
    col_c = west_w + _GAP
    col_e = col_c + centre_w + _GAP
    canvas: list[str] = []
    row = 0
    for line in blocks[Seat.NORTH]:
        _place(canvas, row, col_c, line)
        row += 1
    row += 1
    rows = max(len(blocks[Seat.WEST]), len(blocks[Seat.EAST]), len(centre))
    for i, line in enumerate(blocks[Seat.WEST]):
        _place(canvas, row + i, 0, line)
    top = row + (rows - len(centre)) // 2
    for i, line in enumerate(centre):
        _place(canvas, top + i, col_c, line)
    for i, line in enumerate(blocks[Seat.EAST]):
        _place(canvas, row + i, col_e, line)
    row += rows + 1
    for line in blocks[Seat.SOUTH]:
        _place(canvas, row, col_c, line)
        row += 1
    out = _header(view, lang) + [line.rstrip() for line in canvas]
    notes = [tc for tc in view.trick if tc.how in _MARKS]
    if notes:
        out.append("")
        for tc in notes:
            why = label("lead_out_of_turn" if tc.how == "irregular" else "face_down_lead", lang)
            out.append(f"{_MARKS[tc.how]} {format_seat(tc.seat, lang)} {format_card(tc.card, lang)}: {why}")
    if view.statements:
        out += ["", label("director_says", lang) + ":"]
        for s in view.statements:
            out += textwrap.wrap(s, WIDTH, initial_indent="- ", subsequent_indent="  ",
                                 break_long_words=False, break_on_hyphens=False)
    return "\n".join(out) + "\n"


def trick(trick: Trick, lang: str = "en") -> str:
    """A completed trick around the compass, and who won it."""
    lang = normalize_lang(lang)
    view = BoardView(seats=(), trick=tuple(TrickCard(s, c, "play") for s, c in trick.plays))
    return "\n".join(_centre_lines(view, lang, bare=False) + [label("won_by", lang, seat=trick.winner)]) + "\n"


def deal(deal: Deal, lang: str = "en", hide: Hide = ()) -> str:
    """The four hands as dealt, N top, W left, E right, S bottom. ``hide``: seats not shown (quiz mode)."""
    lang = normalize_lang(lang)
    return _board(deal_view(deal, hide), lang, bare=True)


def table(table: Table, lang: str = "en", hide: Hide = (), show_statements: bool = True,
          show_played: bool = False) -> str:
    """The table now, the same information as :func:`bridgelaws.render.html.table`, fixed-width."""
    lang = normalize_lang(lang)
    return _board(table_view(table, lang, hide, show_statements), lang, bare=False, show_played=show_played)
