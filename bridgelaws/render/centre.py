"""The middle of the compass: the trick in progress (a lead out of turn or face down marked as such), and the
top corners: the contract and the tricks won by each side."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from bridgelaws.cards import Seat
from bridgelaws.notation import format_seat
from bridgelaws.render import BoardView, TrickCard, contract_text, label, side_label
from bridgelaws.render.markup import card_chip, element, grid_cell, grid_row, grid_table, suit_symbol
from bridgelaws.render.style import GREEN, ORANGE, css

_SLOTS = ((1, Seat.NORTH), (3, Seat.WEST), (5, Seat.EAST), (7, Seat.SOUTH))


def centre(cell: ET.Element, view: BoardView, lang: str, bare: bool, narrow: bool = False) -> None:
    box = element(cell, "div", "bl-centre",
                  style=css(background_color=GREEN, color="#ffffff", border_radius="8px", padding="6px",
                            text_align="center", min_width="6.5em"))
    auction = view.extra.get("auction") if not bare else None
    if auction:   # the auction period: the bidding diagram instead of the trick (issue 36)
        from bridgelaws.render.auction import bidding_diagram

        bidding_diagram(box, auction, lang)   # type: ignore[arg-type]
        return
    grid = grid_table(box, "bl-trick", "margin:0 auto")
    by_seat: dict[Seat, TrickCard] = {t.seat: t for t in view.trick}
    slots = dict(_SLOTS)
    cells: list[ET.Element] = []
    for r in range(3):
        tr = grid_row(grid)
        for c in range(3):
            i = r * 3 + c
            seat = slots.get(i)
            if i == 4:
                cells.append(grid_cell(tr, "bl-trick-label", "text-align:center;white-space:normal;font-size:14px;"
                                                       "color:#ffffff" + (";max-width:5em" if narrow else "")))
                continue
            cls = None
            if seat is not None:
                tc = by_seat.get(seat)
                how = "" if bare else " bl-slot-empty" if tc is None else f" bl-{tc.how.replace('_', '-')}"
                cls = f"bl-slot bl-slot-{seat.name.lower()}{how}"
            cell_el = grid_cell(tr, cls, "text-align:center;padding:2px 3px;color:#ffffff")
            if seat is not None:
                cell_el.set("data-slot", seat.value)
            cells.append(cell_el)
    for idx, seat in _SLOTS:
        slot = cells[idx]
        tc = by_seat.get(seat)
        if bare or tc is None:
            element(slot, "span", "bl-compass" if bare else "bl-slot-empty", format_seat(seat, lang, "letter"),
                    style=css(font_weight="bold", color="#ffffff" if bare else "#cfe3d3"))
            continue
        how = tc.how.replace("_", "-")
        border = {"irregular": f"3px dashed {ORANGE}", "face-down": "3px dotted #555555"}.get(how, "1px solid #777777")
        bg = {"irregular": "#fff3e0", "face-down": "#dfe7ef"}.get(how, "#ffffff")
        style = css(display="inline-block", border=border, border_radius="5px", background_color=bg,
                    padding="0 5px", font_weight="bold", font_size="22px", white_space="nowrap",
                    opacity="0.6" if how == "last" else None,
                    box_shadow="0 0 0 2px #cfe3d3" if how == "lead" else None)
        card_chip(slot, tc.card, lang, style).set("data-trick-card", str(tc.card))
    mid = cells[4]
    if view.over:
        mid.text = label("play_over", lang)
    elif view.last_winner is not None and view.last_trick_no is not None:
        mid.text = label("trick_no", lang, number=view.last_trick_no) + " " + label("won_by", lang,
                                                                                     seat=view.last_winner)
    elif view.trick_no is not None:
        mid.text = label("trick_no", lang, number=view.trick_no)
    for tc in view.trick:
        if tc.how in ("irregular", "face_down"):
            note = element(box, "div", f"bl-centre-note bl-note-{tc.how.replace('_', '-')}",
                           style=css(font_size="14px", margin_top="4px", background_color="#fff3e0", color="#5a3000",
                                     border_radius="4px", padding="1px 4px", white_space="normal"))
            note.text = format_seat(tc.seat, lang) + " "
            c = card_chip(note, tc.card, lang, css(font_weight="bold", white_space="nowrap"))
            c.tail = ": " + label("lead_out_of_turn" if tc.how == "irregular" else "face_down_lead", lang)


def contract_corner(cell: ET.Element, view: BoardView, lang: str) -> None:
    if view.contract is None:
        return
    level, trump, suffix = contract_text(view.contract, lang)
    line = element(cell, "div", "bl-contract", style=css(font_size="16px"))
    element(line, "span", "bl-info-label", label("contract", lang) + " ", style=css(color="#555555"))
    value = element(line, "span", "bl-info-value", level, style=css(font_weight="bold"))
    if trump is not None:
        suit_symbol(value, trump).tail = suffix
    else:
        value.text = level + suffix
    value.tail = " " + format_seat(view.declarer or view.contract.declarer, lang, "letter")


def tricks_corner(cell: ET.Element, view: BoardView, lang: str) -> None:
    if view.tricks_won is None or (view.extra.get("auction") and view.contract is None):
        return   # (no trick is played before the auction has given the contract)
    box = element(cell, "div", "bl-tricks", style=css(font_size="16px", text_align="right"))
    element(box, "div", "bl-info-label", label("tricks", lang), style=css(color="#555555"))
    for seat, n in zip((Seat.NORTH, Seat.EAST), view.tricks_won):
        line = element(box, "div", f"bl-tricks-won bl-side-{seat.name.lower()}-{seat.partner.name.lower()}")
        line.text = side_label(seat, lang) + " "
        element(line, "span", "bl-info-value", str(n), style=css(font_weight="bold"))
