"""The one picture of a position: the compass of four hands around the trick, with what the Director says under
it (static) or, in the widget, the toolbar, the header and the side column around it; and the widget's picture in
regions that the page patches one by one."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from bridgelaws.cards import Seat
from bridgelaws.i18n import normalize_lang
from bridgelaws.render import BoardView, SeatView
from bridgelaws.render.centre import centre, contract_corner, tricks_corner
from bridgelaws.render.controls import Panel, controls
from bridgelaws.render.hands import seat_box
from bridgelaws.render.markup import (
    MEMO, SHEET, HtmlStr, RegionMemo, element, escape_text, finish, grid_cell, grid_row, grid_table, picture_root,
    raw_markup, serialize,
)
from bridgelaws.render.panel import files_box, header, side_column
from bridgelaws.render.statements import statements
from bridgelaws.render.style import COMPASS_MAX_PX, WIDGET_MAX_PX, css

def board(view: BoardView, lang: str = "en", *, kind: str = "bl-table", interactive: bool = False,
          show_played: bool = False, panel: Panel | None = None, sheet: dict[str, str] | None = None) -> HtmlStr:
    """The one picture of a position: the compass (N top, W left, the trick in the middle, E right, S
    bottom, contract and tricks won in the corners), penalty cards face up in front of their owner, and what
    the Director says below (static) or, with a ``panel`` (the widget), in a column beside the compass
    together with the decision and the controls, so that all of it fits on a 1280×800 projector."""
    token = SHEET.set(sheet) if sheet is not None else None
    try:
        return finish(_board_tree(view, lang, kind, interactive, show_played, panel))
    finally:
        if token is not None:
            SHEET.reset(token)


def board_parts(view: BoardView, lang: str = "en", *, panel: Panel | None = None,
                sheet: dict[str, str] | None = None, memo: RegionMemo | None = None) -> tuple[str, dict[str, str]]:
    """The widget's picture (``board(..., interactive=True)``) as a frame and the inner markup of each region
    (``data-region``: the hands, the trick, the corners, the header, the side column). The page keeps the frame
    and patches only the regions whose markup changed, without parsing the others.
    ``join_parts(*board_parts(...)) == board(..., interactive=True)``. With a ``memo`` (kept by the caller with
    its ``sheet``), a hand or the lists drawn from the same view as before are not drawn again."""
    if memo is not None and memo.sheet is not sheet:
        raise ValueError("a RegionMemo goes with the sheet it was made for")
    if memo is not None:
        memo.found.clear()
        memo.keys.clear()
    token = SHEET.set(sheet) if sheet is not None else None
    mtoken = MEMO.set(memo)
    try:
        root = _board_tree(view, lang, "bl-table", True, False, panel)
    finally:
        MEMO.reset(mtoken)
        if token is not None:
            SHEET.reset(token)
    parts: dict[str, str] = {}
    for el in root.iter():
        region = el.get("data-region")
        if region is None:
            continue
        if memo is not None and region in memo.found:
            parts[region] = memo.found.pop(region)
            continue
        out: list[str] = [escape_text(el.text)] if el.text else []
        for child in el:
            serialize(child, out)
        parts[region] = "".join(out)
        if memo is not None:
            memo.keep(region, parts[region])
        el.text = None
        for child in list(el):
            el.remove(child)
    if memo is not None:
        memo.found.clear()
        memo.keys.clear()
    return finish(root), parts


def join_parts(frame: str, parts: dict[str, str]) -> str:
    """The whole picture from :func:`board_parts`' frame and regions."""
    out = frame
    for region, inner in parts.items():
        marker = f'data-region="{region}">'
        at = out.index(marker) + len(marker)
        out = out[:at] + inner + out[at:]
    return out


def _board_tree(view: BoardView, lang: str, kind: str, interactive: bool, show_played: bool,
                panel: Panel | None) -> ET.Element:
    lang = normalize_lang(lang)
    root = picture_root(kind, lang, 20, max_width=WIDGET_MAX_PX if panel is not None else None)
    if interactive:
        root.set("data-bl", "table")
    if panel is None:
        # a static picture: the compass, and what the Director says below it
        left = grid_cell(grid_row(grid_table(root, "bl-layout")), "bl-compass-cell", "padding:0;vertical-align:top")
        _compass(left, view, lang, kind, interactive, show_played, None)
        statements(left, view, lang, None, "40em")
        return root
    # The widget. The compass floats left; the side boxes (branches, exam, decision, revoke, message) stand
    # beside it, each a block of its own, and the Director's statements flow on beside it and then under it
    # across the whole width, so that a long ruling uses the room under the hands instead of a tall column
    # (issue #20 item 2: the step buttons, the hands, the decision and the statements on one screen).
    # the tools and the files box on a line of their own above the title: out of the compass (which they
    # widened) and out of the band from the step buttons down, which must fit one screen
    bar = element(root, "div", "bl-toolbar", style=css(display="flex", flex_wrap="wrap", align_items="flex-start",
                                                       column_gap="14px", margin_bottom="2px"))
    tools = element(bar, "div", "bl-region-tools")
    files = element(bar, "div", "bl-region-files")
    if interactive:
        tools.set("data-region", "tools")
        files.set("data-region", "files")
    memo = MEMO.get() if interactive else None
    if memo is None or not memo.lookup("tools", ("tools", panel.tools)):
        controls(tools, panel.tools, "bl-tools")
    if memo is None or not memo.lookup("files", ("files", tuple((panel.files or {}).items()))):
        files_box(files, panel)
    top = element(root, "div", "bl-header", style=css(padding="0 0 2px 0", white_space="normal"))
    if interactive:
        top.set("data-region", "header")
    header(top, panel)
    main = element(root, "div", "bl-main", style=css(display="flow-root"))
    left = element(main, "div", "bl-compass-cell", style=css(float="left", margin="0 12px 4px 0",
                                                             max_width=f"{COMPASS_MAX_PX}px"))
    _compass(left, view, lang, kind, interactive, show_played, panel)
    side = element(main, "div", "bl-side", style=css(white_space="normal", font_size="15px"))
    if interactive:
        side.set("data-region", "side")
    side_column(side, view, lang, panel)
    if panel.timeline:
        # under the hands, across the whole table
        below = element(root, "div", "bl-timeline-cell", style=css(padding="6px 0 0 0", white_space="normal",
                                                                clear="both"))
        if interactive:
            below.set("data-region", "timeline")
        raw_markup(below, panel.timeline)
    return root


def _compass(left: ET.Element, view: BoardView, lang: str, kind: str, interactive: bool, show_played: bool,
             panel: Panel | None) -> None:
    """N top, W left, the trick in the middle, E right, S bottom; contract and tricks won in the top corners,
    the widget's tools and files in the bottom ones."""
    compass = grid_table(left, "bl-compass", "border-spacing:3px 2px")
    memo = MEMO.get() if interactive else None

    def cell(tr: ET.Element, region: str, cls: str, style: str = "", **attrs: str) -> ET.Element:
        td = grid_cell(tr, cls, style, **attrs)
        if interactive:
            td.set("data-region", region)  # the page patches only the regions whose markup changed
        return td

    def seat(tr: ET.Element, region: str, cls: str, style: str, s: Seat, **attrs: str) -> None:
        td = cell(tr, region, cls, style, **attrs)
        sv = view.seat(s)
        if not interactive and panel is None and SHEET.get() is None:
            raw_markup(td, _static_seat(sv, lang, show_played))
            return
        if memo is not None:
            # everything a hand is drawn from (see seat_box)
            key = ("seat", sv, lang, show_played, panel is None or panel.cards_enabled,
                   panel.selected if panel is not None else frozenset())
            if memo.lookup(region, key):
                return
        seat_box(td, sv, lang, interactive, show_played, panel)

    if panel is None:  # the static picture: three rows of three
        r1 = grid_row(compass)
        contract_corner(cell(r1, "nw", "bl-corner bl-corner-nw", "vertical-align:top"), view, lang)
        seat(r1, "N", "bl-cell-north", "text-align:center", Seat.NORTH)
        tricks_corner(cell(r1, "ne", "bl-corner bl-corner-ne", "vertical-align:top;text-align:right"), view, lang)
        r2 = grid_row(compass)
        seat(r2, "W", "bl-cell-west", "text-align:right", Seat.WEST)
        centre(cell(r2, "centre", "bl-cell-centre", "text-align:center"), view, lang, bare=kind == "bl-deal")
        seat(r2, "E", "bl-cell-east", "", Seat.EAST)
        r3 = grid_row(compass)
        cell(r3, "sw", "bl-corner bl-corner-sw", "vertical-align:bottom")
        seat(r3, "S", "bl-cell-south", "text-align:center;vertical-align:top", Seat.SOUTH)
        cell(r3, "se", "bl-corner bl-corner-se", "vertical-align:bottom")
        return
    # The widget: West and East reach down beside South, so that penalty cards under a side hand do not push
    # South down (the trick stays between the four hands).
    r1 = grid_row(compass)
    contract_corner(cell(r1, "nw", "bl-corner bl-corner-nw", "vertical-align:top;white-space:normal"), view, lang)
    seat(r1, "N", "bl-cell-north", "text-align:center;vertical-align:bottom", Seat.NORTH)
    tricks_corner(cell(r1, "ne", "bl-corner bl-corner-ne", "vertical-align:top;text-align:right"), view, lang)
    r2 = grid_row(compass)
    seat(r2, "W", "bl-cell-west", "text-align:right;vertical-align:top", Seat.WEST, rowspan="2")
    centre(cell(r2, "centre", "bl-cell-centre", "text-align:center;vertical-align:top"), view, lang, bare=False,
           narrow=True)
    seat(r2, "E", "bl-cell-east", "vertical-align:top", Seat.EAST, rowspan="2")
    r3 = grid_row(compass)
    seat(r3, "S", "bl-cell-south", "text-align:center;vertical-align:top", Seat.SOUTH)


#: the static pictures' hands already written, by what each is drawn from: a walk-through and its variants, and
#: a card table's picture of the same example, draw the same hands again (about half of a notebook's hands)
STATIC_SEATS: dict[tuple[SeatView, str, bool], str] = {}
_STATIC_LIMIT = 1024


def _static_seat(sv: SeatView, lang: str, show_played: bool) -> str:
    """The markup of a static picture's hand (inline styles): kept, or drawn by ``seat_box`` and kept. The same
    bytes as drawing it in place: the same writer writes it (see :func:`serialize`)."""
    key = (sv, lang, show_played)
    hit = STATIC_SEATS.get(key)
    if hit is None:
        holder = ET.Element("td")
        seat_box(holder, sv, lang, False, show_played, None)
        out: list[str] = [escape_text(holder.text)] if holder.text else []
        for child in holder:
            serialize(child, out)
        if len(STATIC_SEATS) >= _STATIC_LIMIT:
            STATIC_SEATS.clear()
        hit = STATIC_SEATS[key] = "".join(out)
    return hit
