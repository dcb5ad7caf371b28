"""The hands: a seat's box with its name and badges, a suit per line (the widget's cards as buttons, one tab
stop per hand), and the penalty cards face up in front of their owner."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping
from functools import lru_cache

from bridgelaws.cards import Card, Seat, Suit
from bridgelaws.i18n import text
from bridgelaws.notation import format_rank, format_seat
from bridgelaws.render import SeatView, label
from bridgelaws.render.controls import Panel
from bridgelaws.render.markup import MEMO, RegionMemo, card_chip, element, raw_markup, suit_colour, suit_symbol
from bridgelaws.render.style import BLUE, ORANGE, WRAP_SUIT, css

@lru_cache(maxsize=1024)
def card_name(seat: Seat, c: Card, lang: str, kind: str = "") -> str:
    return text(f"widget.card.tooltip_{kind}" if kind else "widget.card.tooltip", lang, seat=seat, card=c)


def _rank_button(parent: ET.Element, seat: Seat, c: Card, lang: str, *, legal: bool, selected: bool,
                 enabled: bool, played: bool = False) -> ET.Element:
    style = dict(font_family="inherit", font_size="22px", font_weight="bold", color=suit_colour(c.suit),
                 background_color="#ffffff", border="1px solid #9a9a9a", border_radius="5px", padding="0 2px",
                 margin="1px", min_width="1.2em", line_height="1.15", cursor="pointer" if enabled else "default")
    if legal:
        style.update(border=f"2px solid #2e8b57", background_color="#eaf7ee", box_shadow="0 0 0 1px #2e8b57")
    if selected:
        style.update(border=f"2px solid {ORANGE}", background_color="#ffe3c2", box_shadow=f"0 0 0 2px {ORANGE}")
    attrs = {"type": "button", "data-card": str(c), "tabindex": "-1", "aria-label": card_name(seat, c, lang)}
    if legal:
        attrs["data-legal"] = "1"
    if selected:
        attrs["aria-pressed"] = "true"
    b = element(parent, "button", "bl-c", format_rank(c.rank, lang), style=css(**style), **attrs)
    return b


def suit_line(parent: ET.Element, sv: SeatView, suit: Suit, lang: str, interactive: bool, show_played: bool,
              panel: Panel | None, tab_stop: Card | None = None) -> None:
    shown = _shown(sv, suit, show_played)
    # in the widget a suit of five cards or more may wrap inside its hand (its next line under its first card)
    # where the hands would otherwise be wider than the compass's COMPASS_MAX_PX and run under the side boxes;
    # the table wraps only as much as it must, and only such suits
    wraps = interactive and len(shown) >= WRAP_SUIT
    line = element(parent, "div", f"bl-suit bl-suit-{suit.name.lower()}",
                   style=css(white_space="normal" if wraps else "nowrap", min_height="1.2em", font_size="22px",
                             line_height="1.2", padding_left="1.05em" if wraps else None,
                             text_indent="-1.05em" if wraps else None))
    suit_symbol(line, suit, "22px").tail = " "
    if not shown:
        element(line, "span", "bl-ranks bl-void", "—", style=css(color="#777777"))
        return
    ranks = element(line, "span", "bl-ranks", style=css(font_weight="bold" if not interactive else None))
    if interactive:
        for c in shown:
            b = _rank_button(ranks, sv.seat, c, lang, legal=c in sv.legal,
                             enabled=panel is None or panel.cards_enabled,
                             selected=panel is not None and c in panel.selected)
            if c == tab_stop:
                b.set("tabindex", "0")
        return
    gone = sv.played if show_played else frozenset()
    prev: ET.Element | None = None
    for i, c in enumerate(shown):
        sep = " " if i else ""
        r = format_rank(c.rank, lang)
        if c in gone or c in sv.legal:
            if prev is None:
                ranks.text = (ranks.text or "") + sep
            else:
                prev.tail = (prev.tail or "") + sep
            if c in gone:
                prev = element(ranks, "del", "bl-played", r, style=css(color="#9a9a9a", font_weight="normal"))
            else:
                prev = element(ranks, "span", "bl-legal", r, style=css(border_bottom="3px solid #2e8b57"))
        elif prev is None:
            ranks.text = (ranks.text or "") + sep + r
        else:
            prev.tail = (prev.tail or "") + sep + r


def _penalty_cards(parent: ET.Element, sv: SeatView, lang: str, interactive: bool, panel: Panel | None) -> None:
    pcs = sv.penalty_cards
    if not pcs:
        return
    box = element(parent, "div", "bl-penalty", style=css(margin_top="3px", border_top="1px dashed #bbbbbb",
                                                   padding_top="2px"))
    element(box, "div", "bl-penalty-title", label("penalty_cards", lang),
            style=css(font_size="13px", color="#444444", text_transform="uppercase", letter_spacing="0.03em"))
    row = element(box, "div", "bl-penalty-cards", style=css(white_space="nowrap"))
    for p in sorted(pcs, key=lambda p: p.card.sort_key):
        kind = ("major" if p.is_major else "minor") if sv.kinds_shown else "unknown"
        border = {"major": "4px solid #111111", "minor": "3px dashed #555555", "unknown": "2px solid #777777"}[kind]
        item = element(row, "span", f"bl-penalty-card bl-penalty-{kind}",
                       style=css(display="inline-block", text_align="center", margin="0 4px 0 0",
                                 vertical_align="top"))
        cstyle = css(display="inline-block", border=border, border_radius="5px", background_color="#ffffff",
                     padding="0 5px", font_weight="bold", font_size="22px", white_space="nowrap",
                     font_family="inherit", cursor="pointer" if interactive else None, line_height="1.3")
        if interactive:
            name = card_name(sv.seat, p.card, lang, kind if kind != "unknown" else "")
            attrs = {"type": "button", "data-card": str(p.card), "tabindex": "-1", "aria-label": name,
                     "data-penalty": kind}
            legal = p.card in sv.legal
            if legal:
                cstyle += ";box-shadow:0 0 0 3px #2e8b57"
                attrs["data-legal"] = "1"
            if panel is not None and p.card in panel.selected:
                cstyle += f";box-shadow:0 0 0 3px {ORANGE};background-color:#ffe3c2"
                attrs["aria-pressed"] = "true"
            b = element(item, "button", "bl-c bl-card", style=cstyle, **attrs)
            suit_symbol(b, p.card.suit)
            element(b, "span", "bl-rank", format_rank(p.card.rank, lang), style=css(color=suit_colour(p.card.suit)))
        else:
            card_chip(item, p.card, lang, cstyle)
        if kind != "unknown":
            element(item, "div", "bl-kind", label(kind, lang),
                    style=css(font_size="13px", font_weight="bold" if kind == "major" else "normal",
                              text_transform="uppercase"))
        else:
            element(item, "div", "bl-kind", "?", style=css(font_size="13px"))


def _badges(head: ET.Element, sv: SeatView, lang: str) -> None:
    badges = [(f"bl-badge-{r}", label(r, lang), "#6b4e00" if r == "declarer" else "#555555",
               "#fff4d1" if r == "declarer" else "#e8e8e8", "#5a4100" if r == "declarer" else "#333333")
              for r in sv.roles]
    if sv.turn:
        badges.append(("bl-badge-turn", "▶ " + label("to_" + sv.turn, lang), BLUE, BLUE, "#ffffff"))
    if sv.decides:
        badges.append(("bl-badge-decides", label("to_choose", lang), "#8a4b00", "#ffe3c2", "#6a3900"))
    prev: ET.Element | None = None
    for cls, txt, border, bg, fg in badges:
        # a real space between name and badges, so the words stay apart without any stylesheet
        if prev is None:
            head.text = (head.text or "") + " "
        else:
            prev.tail = " "
        prev = element(head, "span", f"bl-badge {cls}", txt,
                       style=css(display="inline-block", font_size="12px", font_weight="bold", padding="0 5px",
                                 border=f"1px solid {border}", border_radius="9px", background_color=bg, color=fg,
                                 vertical_align="middle", text_transform="uppercase", letter_spacing="0.03em"))


def seat_box(cell: ET.Element, sv: SeatView, lang: str, interactive: bool, show_played: bool,
             panel: Panel | None) -> None:
    seat = sv.seat
    classes = ["bl-seat", f"bl-seat-{seat.name.lower()}"] + [f"bl-{r}" for r in sv.roles]
    if sv.turn:
        classes.append("bl-to-act")
    if sv.decides:
        classes.append("bl-decides")
    if sv.hidden:
        classes.append("bl-hidden-hand")
    border = BLUE if sv.turn else ORANGE if sv.decides else "transparent"
    box = element(cell, "div", " ".join(classes),
                  style=css(border=f"3px solid {border}", border_radius="8px", padding="2px 6px",
                            background_color="#eef4fb" if sv.turn else "transparent", display="inline-block",
                            text_align="left", vertical_align="top"),
                  data_seat=seat.value)
    if interactive:
        box.set("role", "group")
        box.set("aria-label", format_seat(seat, lang))
        box.set("data-hand", seat.value)
    # the badges may wrap under the name: a wide head would widen the whole compass column
    head = element(box, "div", "bl-seat-head", format_seat(seat, lang),
                   style=css(font_weight="bold", white_space="normal", font_size="19px", max_width="11em"))
    _badges(head, sv, lang)
    if sv.hidden:
        element(box, "div", "bl-hand bl-hidden", label("hidden", lang),
                style=css(color="#555555", font_style="italic", font_size="17px", padding="4px 0"))
    else:
        hand_el = element(box, "div", "bl-hand", style=css(white_space="nowrap"))
        memo = MEMO.get() if interactive else None
        if memo is None:
            for suit in Suit:
                suit_line(hand_el, sv, suit, lang, interactive, show_played, panel)
        else:
            stop = _kept_suit_lines(hand_el, sv, lang, show_played, panel, memo)
            _penalty_cards(box, sv, lang, interactive, panel)
            if stop is not None:  # the tab stop is a penalty card (the suit lines were written without it)
                first = next((b for b in box.iter("button") if b.get("data-card") == str(stop)), None)
                if first is not None:
                    first.set("tabindex", "0")
            return
    _penalty_cards(box, sv, lang, interactive, panel)
    if interactive:
        _roving(box)


def _shown(sv: SeatView, suit: Suit, show_played: bool) -> list[Card]:
    """The cards a suit line of ``sv`` shows, high to low (with the played ones when they are shown)."""
    cards = [c for c in sv.cards if c.suit is suit]
    gone = [c for c in sv.played if c.suit is suit] if show_played else []
    return sorted(set(cards) | set(gone), key=lambda c: -int(c.rank))


def _tab_stop(sv: SeatView, lines: Mapping[Suit, tuple[Card, ...]]) -> Card | None:
    """The card of an interactive hand that is its one tab stop (what :func:`_roving` picks): the first legal
    card, else the first card, in the order of the buttons (the suit lines' cards ``lines``, then the penalty
    cards)."""
    order = [c for suit in Suit for c in lines[suit]]
    order += [p.card for p in sorted(sv.penalty_cards, key=lambda p: p.card.sort_key)]
    return next((c for c in order if c in sv.legal), order[0] if order else None)


def _kept_suit_lines(hand_el: ET.Element, sv: SeatView, lang: str, show_played: bool, panel: Panel | None,
                     memo: RegionMemo) -> Card | None:
    """The widget's four suit lines, each written once for what it is drawn from (kept in ``memo``) and put
    into the hand as written; the hand's tab stop (see :func:`_roving`) is part of that. Returns the tab stop
    when it is not in the suit lines (a penalty card), else None."""
    enabled = panel is None or panel.cards_enabled
    selected = panel.selected if panel is not None else frozenset()
    lines = {suit: tuple(_shown(sv, suit, show_played)) for suit in Suit}
    stop = _tab_stop(sv, lines)
    for suit, shown in lines.items():
        key = ("line", sv.seat, suit, lang, shown, sv.cards if show_played else (),
               tuple(c for c in shown if c in sv.legal), tuple(c for c in shown if c in selected), enabled,
               show_played, stop if stop in shown else None)
        raw_markup(hand_el, memo.line(key, lambda parent, suit=suit: suit_line(
            parent, sv, suit, lang, True, show_played, panel, stop)))
        if stop in shown:
            stop = None
    return stop


def _roving(group: ET.Element) -> None:
    """One tab stop per hand: the first legal card, else the first card, has tabindex 0."""
    buttons = [b for b in group.iter("button")]
    if not buttons:
        return
    first = next((b for b in buttons if b.get("data-legal")), buttons[0])
    first.set("tabindex", "0")
