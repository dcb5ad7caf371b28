"""The bidding diagram (issue 36): every call as it was made, in its seat's column from the dealer on; an
irregular call struck through or marked with the law that decided its fate (accepted, cancelled, withdrawn), a
pass the Laws imposed (28A, 37B2) and a pass made under an obligation to pass (24B, 27B2, 30, 31, 32, ...) in
italics with that law, and under the diagram who must pass, with the law. Drawn in the middle of the
compass while the auction runs and until the opening lead is faced. With the ruling held back (seminar and exam
mode) the calls show, the laws and the obligations do not."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from bridgelaws.cards import Seat
from bridgelaws.i18n import localize, text
from bridgelaws.notation import format_seat
from bridgelaws.auction.calls import DENOMINATIONS, Call
from bridgelaws.render.controls import Button, button
from bridgelaws.render.markup import element, grid_cell, grid_row, grid_table
from bridgelaws.render.style import ORANGE, css

_ORDER = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
#: the bidding diagram's widest, with the call controls under it: the centre of the compass between West's and
#: East's hands within the widget's COMPASS_MAX_PX. Wider (a long "must pass" line, the Director's findings on one
#: line), the centre squeezes a hand's long suit onto two lines and the compass past its column
#: (tests/test_fit_browser.py)
AUCTION_MAX = "17em"


def _rows(made: tuple[tuple[Seat, Any, str, Any], ...], dealer: Seat) -> list[list[list[tuple[Any, ...]]]]:
    """The calls in rows of four columns (N E S W), each cell a list of calls; a call left of or on the previous
    one starts a new row, except a call that replaces its seat's call just cancelled or withdrawn: it stands beside
    it in the same cell (one row less for the room to read, and the replacement next to what it replaces)."""
    rows: list[list[list[tuple[Any, ...]]]] = [[[] for _ in range(4)]]
    prev = dealer.index - 1
    for entry in made:
        col = entry[0].index
        here = rows[-1][col]
        replaces = col == prev and bool(here) and here[-1][2] in ("cancelled", "withdrawn")
        if not replaces and (col <= prev or here):
            rows.append([[] for _ in range(4)])
        rows[-1][col].append(entry)
        prev = col
    return rows


def bidding_diagram(parent: ET.Element, auction: dict[str, Any], lang: str) -> None:
    """``auction``: ``made`` (the auction engine's record of calls), ``dealer``, ``obligations``, ``held_back``."""
    box = element(parent, "div", "bl-auction", style=css(color="#ffffff", font_size="15px", max_width=AUCTION_MAX,
                                                        margin="0 auto", white_space="normal"))
    element(box, "div", "bl-auction-title", text("auction.render.title", lang),
            style=css(font_weight="bold", font_size="13px", line_height="1.2"))
    grid = grid_table(box, "bl-bidding", "margin:0 auto")
    head = grid_row(grid)
    for seat in _ORDER:
        element(grid_cell(head, "bl-bidding-seat", "padding:0 5px;text-align:center"), "span", None,
                format_seat(seat, lang, "letter"), style=css(font_weight="bold", color="#cfe3d3"))
    held_back = bool(auction.get("held_back"))
    for row in _rows(auction["made"], auction["dealer"]):
        tr = grid_row(grid)
        for entries in row:
            # a call and its law never break inside; where the compass has no room, a law goes under its call
            # and a replacement under the call it replaces (the hands stay in the compass's column)
            cell = grid_cell(tr, "bl-call", "padding:0 2px;text-align:center;white-space:normal")
            for n, entry in enumerate(entries):
                if n:
                    cell[-1].tail = " "
                _call(cell, entry, held_back, lang)
    if auction.get("controls"):
        _controls(box, auction["controls"], lang)
    if held_back:
        return
    # who must pass and why, a line each, short enough to read from the back of the room (the Director's
    # statements beside the table say it in full)
    for o in auction.get("obligations", ()):
        line = element(box, "div", "bl-must-pass", style=css(font_size="14px", line_height="1.15", margin_top="2px",
                                                              background_color="#fff3e0", color="#5a3000",
                                                              border_radius="4px", padding="1px 4px",
                                                              white_space="normal"))
        line.text = f"{text(f'auction.render.must_pass_{o.until}', lang, seat=o.seat)} ({o.law.cite(lang)})"


def _call(cell: ET.Element, entry: tuple[Any, ...], held_back: bool, lang: str) -> None:
    """One call in its cell: struck through, dashed (waiting), or in italics, with its law unless held back."""
    seat, call, status, ref = entry
    shown = status if not held_back or status in ("legal", "pending") else "legal"
    style = css(text_decoration="line-through" if shown in ("cancelled", "withdrawn") else None,
                font_style="italic" if shown in ("imposed", "obliged") else None,
                border=f"2px dashed {ORANGE}" if shown == "pending" else None,
                border_radius="4px" if shown == "pending" else None, padding="0 2px", white_space="nowrap")
    span = element(cell, "span", f"bl-call-{shown}", localize(call, lang), style=style)
    span.set("data-call", f"{seat.value} {call}")
    if ref is not None and not held_back and shown != "legal":
        element(cell, "wbr")   # the law may go under its call
        sup = element(cell, "sup", "bl-call-law", ref.cite(lang), style=css(font_size="10px",
                                                                             white_space="nowrap"))
        sup.set("title", text(f"auction.render.{shown}", lang))


#: the Director's findings on a call: on a replacement or later call (23A, 27B1), and an unintended call (25A)
_FINDINGS = ("same_denominations", "comparable", "not_comparable", "unintended")
_SMALL = "font-size:13px;line-height:1.15;padding:0 4px;margin:0 1px 1px"
#: a bid in the bidding box: smaller still, in five rows of seven under the other controls
_BID = ("font-size:12px;line-height:1.1;padding:0 2px;margin:0 1px 1px;min-width:2.2em;text-align:center;"
        "white-space:nowrap")
#: the Director's finding: a long one wraps inside its button, the short ones stand side by side
_FINDING = "font-size:12px;line-height:1.1;padding:0 3px;margin:0 1px 1px;text-align:center;flex:1 1 auto"
#: a row of buttons that wraps inside the controls rather than widening the centre
_ROW = css(display="flex", flex_wrap="wrap", justify_content="center", align_items="center", white_space="normal",
           max_width="100%")


def _controls(box: ET.Element, controls: dict[str, Any], lang: str) -> None:
    """The call buttons of the interactive table: who calls (another seat than the player to call makes a call out
    of rotation), the Director's finding for the call (23A, 27B1, 25A), every call, and accepting or not an irregular
    call that waits for its left-hand opponent. They wrap inside the centre of the compass (the bidding diagram's
    ``AUCTION_MAX``); the bids in a row for each denomination, seven levels from left to right."""
    panel = element(box, "div", "bl-call-controls", style=css(margin="2px auto 0", color="#111111",
                                                               background_color="#f7f7f7", border_radius="6px",
                                                               padding="2px", max_width="100%",
                                                               box_sizing="border-box", white_space="normal",
                                                               font_size="13px", line_height="1.2"))
    if controls.get("irregular"):
        row = element(panel, "div", "bl-call-answer", style=_ROW)
        button(row, Button(text("auction.render.accept", lang), "accept_call"), _SMALL)
        button(row, Button(text("auction.render.reject", lang), "reject_call"), _SMALL)
    row = element(panel, "div", "bl-call-seats", style=_ROW)
    element(row, "span", None, text("auction.render.who_calls", lang), style=css(margin_right="3px"))
    for seat in _ORDER:
        button(row, Button(format_seat(seat, lang, "letter"), "call_seat", seat.value,
                           pressed=seat is controls.get("seat")), _SMALL)
    findings = controls.get("findings", _FINDINGS)
    if findings:   # only the findings the call may take (session.auction.findings_offered)
        row = element(panel, "div", "bl-call-findings", style=_ROW)
        element(row, "span", None, text("auction.render.finding", lang))
        for finding in findings:
            button(row, Button(text(f"auction.render.finding_{finding}", lang), "call_finding", finding,
                               pressed=controls.get("finding") == finding), _FINDING)
    row = element(panel, "div", "bl-call-other", style=_ROW)
    for c in ("P", "X", "XX"):
        button(row, Button(localize(Call.parse(c), lang), "call", c), _SMALL)
    bids = element(panel, "div", "bl-call-bids")
    for d in DENOMINATIONS:   # a row of each denomination's seven bids; a long one ("1 grand") wraps its row
        row = element(bids, "div", None, style=_ROW)
        for level in range(1, 8):
            call = Call("bid", level, d)
            button(row, Button(localize(call, lang), "call", str(call)), _BID)
