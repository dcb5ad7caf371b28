"""The bidding diagram (issue 36): every call as it was made, in its seat's column from the dealer on; an
irregular call struck through or marked with the law that decided its fate (accepted, cancelled, withdrawn), a
pass the Laws imposed in italics, and under the diagram who must pass, with the law. Drawn in the middle of the
compass while the auction runs and until the opening lead is faced. With the ruling held back (seminar and exam
mode) the calls show, the laws and the obligations do not."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from bridgelaws.cards import Seat
from bridgelaws.i18n import localize, text
from bridgelaws.notation import format_seat
from bridgelaws.render.markup import element, grid_cell, grid_row, grid_table
from bridgelaws.render.style import ORANGE, css

_ORDER = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)


def _rows(made: tuple[tuple[Seat, Any, str, Any], ...], dealer: Seat) -> list[list[tuple[Any, ...] | None]]:
    """The calls in rows of four columns (N E S W); a call left of or on the previous one starts a new row."""
    rows: list[list[tuple[Any, ...] | None]] = [[None] * 4]
    prev = dealer.index - 1
    for entry in made:
        col = entry[0].index
        if col <= prev or rows[-1][col] is not None:
            rows.append([None] * 4)
        rows[-1][col] = entry
        prev = col
    return rows


def bidding_diagram(parent: ET.Element, auction: dict[str, Any], lang: str) -> None:
    """``auction``: ``made`` (the auction engine's record of calls), ``dealer``, ``obligations``, ``held_back``."""
    box = element(parent, "div", "bl-auction", style=css(color="#ffffff", font_size="15px"))
    element(box, "div", "bl-auction-title", text("auction.render.title", lang),
            style=css(font_weight="bold", margin_bottom="2px"))
    grid = grid_table(box, "bl-bidding", "margin:0 auto")
    head = grid_row(grid)
    for seat in _ORDER:
        element(grid_cell(head, "bl-bidding-seat", "padding:0 6px;text-align:center"), "span", None,
                format_seat(seat, lang, "letter"), style=css(font_weight="bold", color="#cfe3d3"))
    held_back = bool(auction.get("held_back"))
    for row in _rows(auction["made"], auction["dealer"]):
        tr = grid_row(grid)
        for entry in row:
            cell = grid_cell(tr, "bl-call", "padding:0 6px;text-align:center;white-space:nowrap")
            if entry is None:
                continue
            seat, call, status, ref = entry
            shown = status if not held_back or status in ("legal", "pending") else "legal"
            style = css(text_decoration="line-through" if shown in ("cancelled", "withdrawn") else None,
                        font_style="italic" if shown == "imposed" else None,
                        border=f"2px dashed {ORANGE}" if shown == "pending" else None,
                        border_radius="4px" if shown == "pending" else None, padding="0 2px")
            span = element(cell, "span", f"bl-call-{shown}", localize(call, lang), style=style)
            span.set("data-call", f"{seat.value} {call}")
            if ref is not None and not held_back and shown != "legal":
                sup = element(cell, "sup", "bl-call-law", ref.cite(lang), style=css(font_size="11px"))
                sup.set("title", text(f"auction.render.{shown}", lang))
    if held_back:
        return
    for o in auction.get("obligations", ()):
        line = element(box, "div", "bl-must-pass", style=css(font_size="13px", margin_top="3px",
                                                              background_color="#fff3e0", color="#5a3000",
                                                              border_radius="4px", padding="1px 4px",
                                                              white_space="normal"))
        line.text = f"{text(f'auction.dir.must_pass_{o.until}', lang, seat=o.seat)} ({o.law.cite(lang)})"
