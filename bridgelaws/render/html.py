"""HTML pictures of cards, hands, deals and tables: the one renderer of :class:`~bridgelaws.view.BoardView`
for the static diagrams in notebooks (``_repr_html_``), the card-table widget and printed handouts.

Every style is an inline ``style`` attribute that JupyterLab's sanitizer keeps in an untrusted notebook
(only the properties of its ``allowedStyles`` list: colours, borders, padding, margins, fonts, widths,
``display``, ``vertical-align``, ``white-space``); the compass is an HTML ``<table>``, so the layout needs no
stylesheet at all. There is no ``<style>`` element and no id: nothing in one picture can restyle anything
else on the page, and nothing else can hide its cards. Class names stay (they are harmless hooks for tests).

Built with :mod:`xml.etree.ElementTree` and serialized as XML (empty elements written as ``<x></x>``), so
every text node is escaped, the output parses with ``ElementTree.fromstring`` and the same input gives the
same bytes. Suits always show their symbol; ♥ and ♦ are red everywhere.

With ``interactive=True`` (the widget) cards are buttons with ``data-card`` (``"SA"``), each hand a group
with ``data-seat`` (``"N"``), the decision box ``data-role="decision"`` and the Director's statements
``data-role="director"`` (the markup contract for browser tests; see docs/widget.md).

>>> from bridgelaws import Card
>>> 'color:#c8102e' in card(Card.parse("HQ"), "da")
True
"""

from __future__ import annotations

import hashlib
import re
import xml.etree.ElementTree as ET
from contextvars import ContextVar
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from bridgelaws.cards import Card, Seat, Suit
from bridgelaws.i18n import normalize_lang, text
from bridgelaws.notation import format_card, format_rank, format_seat
from bridgelaws.render import BoardView, SeatView, TrickCard, contract_text, deal_view, label, side_label, table_view

if TYPE_CHECKING:
    from bridgelaws.deal import Deal, Hand
    from bridgelaws.state import PenaltyCard, Trick
    from bridgelaws.table import Table

__all__ = ["HtmlStr", "Panel", "RegionMemo", "board", "card", "deal", "hand", "stylesheet", "table", "trick", "RED",
           "BLACK"]

Hide = Iterable[Seat | str] | Seat | str

RED = "#c8102e"
BLACK = "#111111"
BLUE = "#1f5fa8"
ORANGE = "#e07b00"
GREEN = "#2f6b3a"
#: Arial's metrics everywhere: Arial on Windows and macOS, its metric twin Liberation Sans on Linux (Debian's
#: fonts-liberation, which .ci/run installs), so a line wraps on a teacher's laptop where it wraps in the fit test
#: (tests/test_fit_browser.py); DejaVu Sans, a tenth wider, only where neither is installed
FONT = 'Arial, "Liberation Sans", Helvetica, "DejaVu Sans", sans-serif'
#: the Director's statements, readable from the back of a seminar room (issue #20 item 2)
STATEMENT_PX = 20
#: the widget's widest: wider, the statements' lines grow too long to read and the side boxes drift away
WIDGET_MAX_PX = 1000
#: a decision's option this long or shorter stands beside the others ("Krev ♥"), a longer one on its own line
SHORT_OPTION = 24
#: the compass's widest in the widget: the rest of a 1280 px Lab page with its file browser open is the side's
COMPASS_MAX_PX = 580
#: in the widget, a suit this long or longer may wrap inside its hand when the compass would be wider than that
WRAP_SUIT = 5


class HtmlStr(str):
    """A string of HTML that displays itself in Jupyter (after python-chess's ``SvgWrapper``)."""

    def _repr_html_(self) -> HtmlStr:
        return self


def stylesheet() -> str:
    """The shared stylesheet: empty. Every picture carries its styles inline (an untrusted notebook drops
    ``<style>`` elements, and a page-wide stylesheet would restyle other pictures). Kept for callers that
    strip a repeated stylesheet."""
    return ""


# ----------------------------------------------------------------------------------------------------------
# element helpers
# ----------------------------------------------------------------------------------------------------------

def css(**props: str | int | None) -> str:
    """``css(font_size="20px", color=RED)`` -> ``"font-size:20px;color:#c8102e"`` (None values left out)."""
    return _css(tuple(props.items()))


@lru_cache(maxsize=4096)
def _css(items: tuple[tuple[str, Any], ...]) -> str:
    return ";".join(f"{k.replace('_', '-')}:{v}" for k, v in items if v is not None)


#: while the widget renders: style string -> class name (the styles become classes of a stylesheet that the
#: widget keeps in its shadow root, so each click sends a third of the bytes); None: inline styles
_SHEET: ContextVar[dict[str, str] | None] = ContextVar("bl_sheet", default=None)


class RegionMemo:
    """The widget's regions already drawn, by what they are drawn from: a click changes two hands, and the
    other two (and the lists in the corner) are not drawn again. One per widget, together with the style sheet
    the markup's classes were collected in (a region found here put its classes there when it was drawn)."""

    LIMIT = 256

    def __init__(self, sheet: dict[str, str]) -> None:
        self.sheet = sheet
        self.done: dict[tuple[Any, ...], str] = {}
        #: while one table is drawn: region -> its markup (found) or its key (to be kept once written)
        self.found: dict[str, str] = {}
        self.keys: dict[str, tuple[Any, ...]] = {}
        #: a hand's suit lines already written, by what each is drawn from: a hand that changes keeps most of
        #: its suits (the card played leaves one; the legal cards are often one suit)
        self.lines: dict[tuple[Any, ...], str] = {}

    def lookup(self, region: str, key: tuple[Any, ...]) -> bool:
        """True if ``region`` drawn from ``key`` is known (then it is not drawn again)."""
        hit = self.done.get(key)
        if hit is not None:
            self.found[region] = hit
            return True
        self.keys[region] = key
        return False

    def keep(self, region: str, markup: str) -> None:
        key = self.keys.pop(region, None)
        if key is not None:
            if len(self.done) >= self.LIMIT:
                self.done.clear()
            self.done[key] = markup

    def line(self, key: tuple[Any, ...], draw: Callable[[ET.Element], None]) -> str:
        """The markup of a suit line drawn from ``key``: kept, or drawn by ``draw(parent)`` and kept."""
        hit = self.lines.get(key)
        if hit is None:
            holder = ET.Element("div")
            draw(holder)
            out: list[str] = []
            for child in holder:
                _write(child, out)
            if len(self.lines) >= 4 * self.LIMIT:
                self.lines.clear()
            hit = self.lines[key] = "".join(out)
        return hit


_MEMO: ContextVar[RegionMemo | None] = ContextVar("bl_memo", default=None)


def style_class(style: str) -> str:
    """The class that carries ``style`` in the widget's stylesheet (a hash of it: the same on every run)."""
    return "bl-s" + hashlib.sha1(style.encode("utf-8")).hexdigest()[:10]


def style_rules(sheet: dict[str, str]) -> str:
    """The stylesheet of the classes in ``sheet``, in a stable order."""
    return "\n".join(f".{cls}{{{style}}}" for style, cls in sorted(sheet.items(), key=lambda kv: kv[1]))


def _el(parent: ET.Element | None, tag: str, cls: str | None = None, text: str | None = None,
        style: str | None = None, **attrs: str) -> ET.Element:
    attrib: dict[str, str] = {"class": cls} if cls else {}
    if style:
        sheet = _SHEET.get()
        if sheet is None:
            attrib["style"] = style
        else:
            name = sheet.get(style)
            if name is None:
                name = sheet[style] = style_class(style)
            attrib["class"] = f"{cls} {name}" if cls else name
    for k, v in attrs.items():
        attrib[k.replace("_", "-")] = v
    el = ET.Element(tag, attrib) if parent is None else ET.SubElement(parent, tag, attrib)
    if text is not None:
        el.text = text
    return el


def _finish(root: ET.Element) -> HtmlStr:
    out: list[str] = []
    _write(root, out)
    return HtmlStr("".join(out))


_TEXT_SPECIAL = re.compile("[&<>]")
_ATTR_SPECIAL = re.compile('[&<>"\r\n\t]')


def _esc_text(s: str) -> str:
    if _TEXT_SPECIAL.search(s) is None:  # most text needs no escaping (the widget renders on every click)
        return s
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _esc_attr(s: str) -> str:
    if _ATTR_SPECIAL.search(s) is None:
        return s
    return (s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
            .replace("\r", "&#13;").replace("\n", "&#10;").replace("\t", "&#09;"))


#: the tag of an element whose text is markup written as it is (see :func:`_raw`)
_RAW = "bl-raw-markup"


def _raw(parent: ET.Element, markup: str) -> None:
    """Markup made elsewhere (the timeline's SVG), written into ``parent`` as it is."""
    ET.SubElement(parent, _RAW).text = markup


def _write(el: ET.Element, out: list[str]) -> None:
    """XML serialization as ``ET.tostring(el, encoding="unicode", short_empty_elements=False)`` writes it
    (the same bytes; tests compare), without its namespace pass: the widget renders on every click."""
    if el.tag == _RAW:
        out.append(el.text or "")
        return
    out.append("<" + el.tag)
    for k, v in el.attrib.items():
        out.append(f' {k}="{_esc_attr(v)}"')
    out.append(">")
    if el.text:
        out.append(_esc_text(el.text))
    for child in el:
        _write(child, out)
    out.append(f"</{el.tag}>")
    if el.tail:
        out.append(_esc_text(el.tail))


def _root(kind: str, lang: str, font_size: int = 20, inline: bool = False, max_width: int | None = None) -> ET.Element:
    """The picture's outer box: shrink-wrapped, or (``max_width``: the widget) as wide as the page allows."""
    style = css(font_family=FONT, font_size=f"{font_size}px", line_height="1.3", color=BLACK,
                background_color="#ffffff", display="inline-block" if max_width is None else "block",
                max_width=f"{max_width}px" if max_width is not None else None,
                padding="1px 3px" if inline else "6px 10px", text_align="left")
    return _el(None, "div", f"bl {kind}", style=style, lang=lang)


def _colour(suit: Suit) -> str:
    return RED if suit.is_red else BLACK


def _sym(parent: ET.Element, suit: Suit, size: str | None = None) -> ET.Element:
    return _el(parent, "span", f"bl-sym {'bl-red' if suit.is_red else 'bl-black'}", suit.symbol,
               style=css(color=_colour(suit), font_size=size))


_CARD_STYLE = css(display="inline-block", border="1px solid #777777", border_radius="4px",
                  background_color="#ffffff", padding="0 4px", font_weight="bold", white_space="nowrap")


def _card(parent: ET.Element, c: Card, lang: str, style: str = _CARD_STYLE) -> ET.Element:
    el = _el(parent, "span", f"bl-card bl-suit-{c.suit.name.lower()} {'bl-red' if c.suit.is_red else 'bl-black'}",
             style=style)
    _sym(el, c.suit)
    _el(el, "span", "bl-rank", format_rank(c.rank, lang), style=css(color=_colour(c.suit)))
    return el


_RED_SYM = re.compile("([♥♦])")


def sentence(parent: ET.Element, s: str) -> None:
    """Text with the red suit symbols in red (the symbol stays: colour is never the only cue)."""
    parts = _RED_SYM.split(s)
    parent.text = (parent.text or "") + parts[0]
    for i in range(1, len(parts), 2):
        _el(parent, "span", "bl-red", parts[i], style=css(color=RED)).tail = parts[i + 1]


def sentence_html(s: str) -> str:
    """``s`` escaped, with ♥ and ♦ in red (for other modules' HTML)."""
    import html as _html

    return _RED_SYM.sub(rf'<span class="bl-red" style="color:{RED}">\1</span>', _html.escape(s, quote=False))


# table cells: JupyterLab styles tables in outputs (right-aligned cells, striped and hovered rows, 12 px
# text, fixed layout); inline styles override each of these
# (no "inherit": the sanitizer keeps only explicit sizes and colours)
_TABLE = css(border_collapse="separate", border_spacing="0", border="none", margin="0", font_size="20px",
             table_layout="auto", color=BLACK, background_color="transparent", width="auto")
_TR = css(background_color="transparent", border="none")
_TD = css(padding="3px 5px", border="none", text_align="left", vertical_align="middle", line_height="1.25",
          white_space="nowrap", background_color="transparent")


def _table(parent: ET.Element, cls: str, style: str = "") -> ET.Element:
    return _el(parent, "table", cls, style=_TABLE + (";" + style if style else ""))


def _tr(table: ET.Element) -> ET.Element:
    body = table.find("tbody")
    if body is None:
        body = _el(table, "tbody")
    return _el(body, "tr", style=_TR)


def _td(tr: ET.Element, cls: str | None = None, style: str = "", **attrs: str) -> ET.Element:
    return _el(tr, "td", cls, style=_TD + (";" + style if style else ""), **attrs)


# ----------------------------------------------------------------------------------------------------------
# what the widget adds around the picture (all of it data; the widget fills it)
# ----------------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Button:
    """A control: its label, the action it sends (``data-action``), an argument (``data-arg``), a tooltip,
    whether it is disabled, pressed (a toggle) or the default focus."""

    label: str
    action: str
    arg: str = ""
    tooltip: str = ""
    disabled: bool = False
    pressed: bool | None = None
    cls: str = ""


@dataclass(frozen=True)
class Select:
    """A drop-down list (``data-action`` sends its value)."""

    label: str
    action: str
    options: tuple[tuple[str, str], ...]  # (value, label)
    value: str
    tooltip: str = ""


@dataclass(frozen=True)
class Panel:
    """What the widget shows beside the compass: title and question, the controls, a message, the exam's
    question and score, the file row. Everything is text already in the user's language."""

    title: str = ""
    question: str = ""
    #: where the script is ("Event 5 of 12: East drops ♠A face up")
    where: str = ""
    controls: tuple[Button | Select, ...] = ()
    tools: tuple[Button | Select, ...] = ()
    #: (kind, text): kind "error" (role=alert) or "info"
    message: tuple[str, str] | None = None
    hint: str = ""
    #: branches of the script offered here: (label, arg)
    branches: tuple[Button, ...] = ()
    branches_title: str = ""
    exam: Mapping[str, Any] | None = None
    held_back_note: str = ""
    files: Mapping[str, Any] | None = None
    #: cards picked (exam: cards thought legal; two cards at once)
    selected: frozenset[Card] = frozenset()
    #: which of the decision's options the article (or one of its variants) takes (shown once revealed)
    article_options: frozenset[int] = frozenset()
    article_label: str = ""
    #: the option buttons of the decision may be pressed
    decision_enabled: bool = True
    #: the cards may be clicked (play or the exam)
    cards_enabled: bool = True
    #: what may be done about a revoke now (attention drawn, 62A; a card taken back, 62C), and the box's title
    revoke: tuple[Button, ...] = ()
    revoke_title: str = ""
    #: the constraint timeline under the hands, at full width: markup made by :mod:`bridgelaws.timeline` (an SVG
    #: with inline attributes and its text version), put in as it is; "" for none
    timeline: str = ""
    extra: Mapping[str, Any] = field(default_factory=dict)


# ----------------------------------------------------------------------------------------------------------
# hands
# ----------------------------------------------------------------------------------------------------------

@lru_cache(maxsize=1024)
def _card_name(seat: Seat, c: Card, lang: str, kind: str = "") -> str:
    return text(f"widget.card.tooltip_{kind}" if kind else "widget.card.tooltip", lang, seat=seat, card=c)


def _rank_button(parent: ET.Element, seat: Seat, c: Card, lang: str, *, legal: bool, selected: bool,
                 enabled: bool, played: bool = False) -> ET.Element:
    style = dict(font_family="inherit", font_size="22px", font_weight="bold", color=_colour(c.suit),
                 background_color="#ffffff", border="1px solid #9a9a9a", border_radius="5px", padding="0 2px",
                 margin="1px", min_width="1.2em", line_height="1.15", cursor="pointer" if enabled else "default")
    if legal:
        style.update(border=f"2px solid #2e8b57", background_color="#eaf7ee", box_shadow="0 0 0 1px #2e8b57")
    if selected:
        style.update(border=f"2px solid {ORANGE}", background_color="#ffe3c2", box_shadow=f"0 0 0 2px {ORANGE}")
    attrs = {"type": "button", "data-card": str(c), "tabindex": "-1", "aria-label": _card_name(seat, c, lang)}
    if legal:
        attrs["data-legal"] = "1"
    if selected:
        attrs["aria-pressed"] = "true"
    b = _el(parent, "button", "bl-c", format_rank(c.rank, lang), style=css(**style), **attrs)
    return b


def _suit_line(parent: ET.Element, sv: SeatView, suit: Suit, lang: str, interactive: bool, show_played: bool,
               panel: Panel | None, tab_stop: Card | None = None) -> None:
    shown = _shown(sv, suit, show_played)
    # in the widget a suit of five cards or more may wrap inside its hand (its next line under its first card)
    # where the hands would otherwise be wider than the compass's COMPASS_MAX_PX and run under the side boxes;
    # the table wraps only as much as it must, and only such suits
    wraps = interactive and len(shown) >= WRAP_SUIT
    line = _el(parent, "div", f"bl-suit bl-suit-{suit.name.lower()}",
               style=css(white_space="normal" if wraps else "nowrap", min_height="1.2em", font_size="22px",
                         line_height="1.2", padding_left="1.05em" if wraps else None,
                         text_indent="-1.05em" if wraps else None))
    _sym(line, suit, "22px").tail = " "
    if not shown:
        _el(line, "span", "bl-ranks bl-void", "—", style=css(color="#777777"))
        return
    ranks = _el(line, "span", "bl-ranks", style=css(font_weight="bold" if not interactive else None))
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
                prev = _el(ranks, "del", "bl-played", r, style=css(color="#9a9a9a", font_weight="normal"))
            else:
                prev = _el(ranks, "span", "bl-legal", r, style=css(border_bottom="3px solid #2e8b57"))
        elif prev is None:
            ranks.text = (ranks.text or "") + sep + r
        else:
            prev.tail = (prev.tail or "") + sep + r


def _penalty_cards(parent: ET.Element, sv: SeatView, lang: str, interactive: bool, panel: Panel | None) -> None:
    pcs = sv.penalty_cards
    if not pcs:
        return
    box = _el(parent, "div", "bl-penalty", style=css(margin_top="3px", border_top="1px dashed #bbbbbb",
                                                   padding_top="2px"))
    _el(box, "div", "bl-penalty-title", label("penalty_cards", lang),
        style=css(font_size="13px", color="#444444", text_transform="uppercase", letter_spacing="0.03em"))
    row = _el(box, "div", "bl-penalty-cards", style=css(white_space="nowrap"))
    for p in sorted(pcs, key=lambda p: p.card.sort_key):
        kind = ("major" if p.is_major else "minor") if sv.kinds_shown else "unknown"
        border = {"major": "4px solid #111111", "minor": "3px dashed #555555", "unknown": "2px solid #777777"}[kind]
        item = _el(row, "span", f"bl-penalty-card bl-penalty-{kind}",
                   style=css(display="inline-block", text_align="center", margin="0 4px 0 0",
                             vertical_align="top"))
        cstyle = css(display="inline-block", border=border, border_radius="5px", background_color="#ffffff",
                     padding="0 5px", font_weight="bold", font_size="22px", white_space="nowrap",
                     font_family="inherit", cursor="pointer" if interactive else None, line_height="1.3")
        if interactive:
            name = _card_name(sv.seat, p.card, lang, kind if kind != "unknown" else "")
            attrs = {"type": "button", "data-card": str(p.card), "tabindex": "-1", "aria-label": name,
                     "data-penalty": kind}
            legal = p.card in sv.legal
            if legal:
                cstyle += ";box-shadow:0 0 0 3px #2e8b57"
                attrs["data-legal"] = "1"
            if panel is not None and p.card in panel.selected:
                cstyle += f";box-shadow:0 0 0 3px {ORANGE};background-color:#ffe3c2"
                attrs["aria-pressed"] = "true"
            b = _el(item, "button", "bl-c bl-card", style=cstyle, **attrs)
            _sym(b, p.card.suit)
            _el(b, "span", "bl-rank", format_rank(p.card.rank, lang), style=css(color=_colour(p.card.suit)))
        else:
            _card(item, p.card, lang, cstyle)
        if kind != "unknown":
            _el(item, "div", "bl-kind", label(kind, lang),
                style=css(font_size="13px", font_weight="bold" if kind == "major" else "normal",
                          text_transform="uppercase"))
        else:
            _el(item, "div", "bl-kind", "?", style=css(font_size="13px"))


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
        prev = _el(head, "span", f"bl-badge {cls}", txt,
                   style=css(display="inline-block", font_size="12px", font_weight="bold", padding="0 5px",
                             border=f"1px solid {border}", border_radius="9px", background_color=bg, color=fg,
                             vertical_align="middle", text_transform="uppercase", letter_spacing="0.03em"))


def _seat(cell: ET.Element, sv: SeatView, lang: str, interactive: bool, show_played: bool,
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
    box = _el(cell, "div", " ".join(classes),
              style=css(border=f"3px solid {border}", border_radius="8px", padding="2px 6px",
                        background_color="#eef4fb" if sv.turn else "transparent", display="inline-block",
                        text_align="left", vertical_align="top"),
              data_seat=seat.value)
    if interactive:
        box.set("role", "group")
        box.set("aria-label", format_seat(seat, lang))
        box.set("data-hand", seat.value)
    # the badges may wrap under the name: a wide head would widen the whole compass column
    head = _el(box, "div", "bl-seat-head", format_seat(seat, lang),
               style=css(font_weight="bold", white_space="normal", font_size="19px", max_width="11em"))
    _badges(head, sv, lang)
    if sv.hidden:
        _el(box, "div", "bl-hand bl-hidden", label("hidden", lang),
            style=css(color="#555555", font_style="italic", font_size="17px", padding="4px 0"))
    else:
        hand_el = _el(box, "div", "bl-hand", style=css(white_space="nowrap"))
        memo = _MEMO.get() if interactive else None
        if memo is None:
            for suit in Suit:
                _suit_line(hand_el, sv, suit, lang, interactive, show_played, panel)
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
        _raw(hand_el, memo.line(key, lambda parent, suit=suit: _suit_line(
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


# ----------------------------------------------------------------------------------------------------------
# the middle of the table
# ----------------------------------------------------------------------------------------------------------

_SLOTS = ((1, Seat.NORTH), (3, Seat.WEST), (5, Seat.EAST), (7, Seat.SOUTH))
_SLOTS_BY_INDEX = _SLOTS


def _centre(cell: ET.Element, view: BoardView, lang: str, bare: bool, narrow: bool = False) -> None:
    box = _el(cell, "div", "bl-centre",
              style=css(background_color=GREEN, color="#ffffff", border_radius="8px", padding="6px",
                        text_align="center", min_width="6.5em"))
    grid = _table(box, "bl-trick", "margin:0 auto")
    by_seat: dict[Seat, TrickCard] = {t.seat: t for t in view.trick}
    slots = dict(_SLOTS_BY_INDEX)
    cells: list[ET.Element] = []
    for r in range(3):
        tr = _tr(grid)
        for c in range(3):
            i = r * 3 + c
            seat = slots.get(i)
            if i == 4:
                cells.append(_td(tr, "bl-trick-label", "text-align:center;white-space:normal;font-size:14px;"
                                                       "color:#ffffff" + (";max-width:5em" if narrow else "")))
                continue
            cls = None
            if seat is not None:
                tc = by_seat.get(seat)
                how = "" if bare else " bl-slot-empty" if tc is None else f" bl-{tc.how.replace('_', '-')}"
                cls = f"bl-slot bl-slot-{seat.name.lower()}{how}"
            cell_el = _td(tr, cls, "text-align:center;padding:2px 3px;color:#ffffff")
            if seat is not None:
                cell_el.set("data-slot", seat.value)
            cells.append(cell_el)
    for idx, seat in _SLOTS:
        slot = cells[idx]
        tc = by_seat.get(seat)
        if bare or tc is None:
            _el(slot, "span", "bl-compass" if bare else "bl-slot-empty", format_seat(seat, lang, "letter"),
                style=css(font_weight="bold", color="#ffffff" if bare else "#cfe3d3"))
            continue
        how = tc.how.replace("_", "-")
        border = {"irregular": f"3px dashed {ORANGE}", "face-down": "3px dotted #555555"}.get(how, "1px solid #777777")
        bg = {"irregular": "#fff3e0", "face-down": "#dfe7ef"}.get(how, "#ffffff")
        style = css(display="inline-block", border=border, border_radius="5px", background_color=bg,
                    padding="0 5px", font_weight="bold", font_size="22px", white_space="nowrap",
                    opacity="0.6" if how == "last" else None,
                    box_shadow="0 0 0 2px #cfe3d3" if how == "lead" else None)
        _card(slot, tc.card, lang, style).set("data-trick-card", str(tc.card))
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
            note = _el(box, "div", f"bl-centre-note bl-note-{tc.how.replace('_', '-')}",
                       style=css(font_size="14px", margin_top="4px", background_color="#fff3e0", color="#5a3000",
                                 border_radius="4px", padding="1px 4px", white_space="normal"))
            note.text = format_seat(tc.seat, lang) + " "
            c = _card(note, tc.card, lang, css(font_weight="bold", white_space="nowrap"))
            c.tail = ": " + label("lead_out_of_turn" if tc.how == "irregular" else "face_down_lead", lang)


def _contract(cell: ET.Element, view: BoardView, lang: str) -> None:
    if view.contract is None:
        return
    level, trump, suffix = contract_text(view.contract, lang)
    line = _el(cell, "div", "bl-contract", style=css(font_size="16px"))
    _el(line, "span", "bl-info-label", label("contract", lang) + " ", style=css(color="#555555"))
    value = _el(line, "span", "bl-info-value", level, style=css(font_weight="bold"))
    if trump is not None:
        _sym(value, trump).tail = suffix
    else:
        value.text = level + suffix
    value.tail = " " + format_seat(view.declarer or view.contract.declarer, lang, "letter")


def _tricks_won(cell: ET.Element, view: BoardView, lang: str) -> None:
    if view.tricks_won is None:
        return
    box = _el(cell, "div", "bl-tricks", style=css(font_size="16px", text_align="right"))
    _el(box, "div", "bl-info-label", label("tricks", lang), style=css(color="#555555"))
    for seat, n in zip((Seat.NORTH, Seat.EAST), view.tricks_won):
        line = _el(box, "div", f"bl-tricks-won bl-side-{seat.name.lower()}-{seat.partner.name.lower()}")
        line.text = side_label(seat, lang) + " "
        _el(line, "span", "bl-info-value", str(n), style=css(font_weight="bold"))


# ----------------------------------------------------------------------------------------------------------
# the Director, the decision, and the widget's panel
# ----------------------------------------------------------------------------------------------------------

def _statements(parent: ET.Element, view: BoardView, lang: str, panel: Panel | None, width: str | None) -> None:
    """What the Director says: under a static picture, or in the widget beside and then under the compass
    (each statement a block of its own, marked by a green bar, beside and then under the floating compass)."""
    if not view.statements and panel is None:
        return
    widget = panel is not None
    box = _el(parent, "div", "bl-statements",
              style=css(margin_top="6px", border_top=None if widget else f"2px solid {GREEN}",
                        padding_top=None if widget else "3px", max_width=width, white_space="normal",
                        font_size=f"{STATEMENT_PX}px" if widget else None, line_height="1.2" if widget else None),
              data_role="director")
    if widget:
        box.set("aria-live", "polite")
    _el(box, "div", "bl-statements-title", label("director_says", lang),
        style=css(font_weight="bold", display="flow-root" if widget else None, font_size="17px" if widget else None,
                  border_top=f"2px solid {GREEN}" if widget else None, padding_top="2px" if widget else None))
    if view.held_back and panel is not None:
        _el(box, "div", "bl-held-back", panel.held_back_note,
            style=css(font_style="italic", color="#555555", padding="2px 0", display="flow-root"))
        return
    items = list(view.statements)
    if not items and view.over:
        items = [label("play_over", lang)]
    ul = _el(box, "ul", style=css(margin="2px 0 0 0", padding_left="0" if widget else "1.1em",
                                  list_style_type="none" if widget else None))
    for s in items:
        # in the widget a green bar (table.css) starts each statement, whose lines flow on beside and then
        # under the floating compass; a list marker would hide under the compass
        li = _el(ul, "li", style=css(margin="1px 0" if widget else "2px 0"))
        sentence(li, s)


def _button(parent: ET.Element, b: Button, extra_style: str = "") -> ET.Element:
    attrs: dict[str, str] = {"type": "button", "data-action": b.action}
    if b.arg:
        attrs["data-arg"] = b.arg
    if b.tooltip:
        attrs["title"] = b.tooltip
        if len(b.label) <= 2:  # a symbol only ("«", "▶"): the screen reader says the tooltip
            attrs["aria-label"] = b.tooltip
    if b.disabled:
        attrs["disabled"] = "disabled"
    if b.pressed is not None:
        attrs["aria-pressed"] = "true" if b.pressed else "false"
    style = css(font_family="inherit", font_size="15px", padding="2px 8px", margin="2px", border_radius="5px",
                border="1px solid #8a8a8a",
                background_color="#dbe8f6" if b.pressed else "#f4f4f4", color="#111111",
                cursor="default" if b.disabled else "pointer", white_space="normal", text_align="left")
    el = _el(parent, "button", ("bl-btn " + b.cls).strip(), style=style + (";" + extra_style if extra_style else ""),
             **attrs)
    sentence(el, b.label)
    return el


def _select(parent: ET.Element, s: Select) -> None:
    lab = _el(parent, "label", "bl-select", style=css(font_size="14px", margin="2px 6px 2px 0",
                                                      white_space="nowrap", display="inline-block",
                                                      text_align="left"))
    lab.text = s.label + " "
    sel = _el(lab, "select", data_action=s.action, title=s.tooltip or s.label,
              style=css(font_family="inherit", font_size="14px", max_width="11em"))
    for value, text_ in s.options:
        opt = _el(sel, "option", text=text_, value=value)
        if value == s.value:
            opt.set("selected", "selected")


def _one_tab_stop(group: ET.Element) -> None:
    """Roving tabindex: the group's first enabled button is its one tab stop; arrow keys reach the others."""
    first = True
    for b in group.iter("button"):
        if first and b.get("disabled") is None:
            b.set("tabindex", "0")
            first = False
        else:
            b.set("tabindex", "-1")


def _controls(parent: ET.Element, items: Iterable[Button | Select], cls: str, inline: bool = False) -> None:
    items = tuple(items)
    if not items:
        return
    row = _el(parent, "span" if inline else "div", cls, role="toolbar",
              style=css(margin="2px 0", white_space="normal", display="inline-block" if inline else None))
    for it in items:
        if isinstance(it, Select):
            _select(row, it)
        else:
            _button(row, it)
    _one_tab_stop(row)


def _decision(parent: ET.Element, view: BoardView, lang: str, panel: Panel) -> None:
    d = view.decision
    if d is None:
        return
    title = text("widget.decision.title", lang, seat=d.by, law=d.law)
    box = _el(parent, "div", "bl-decision", role="group", aria_label=title, data_role="decision",
              style=css(border=f"3px solid {ORANGE}", border_radius="8px", padding="4px 6px",
                        background_color="#fff8ee", margin="4px 0", white_space="normal", display="flow-root"))
    sentence(_el(box, "div", "bl-decision-title", style=css(font_weight="bold", font_size="16px")), title)
    marked = False
    for i, ch in enumerate(d.options):
        b = Button(ch.text(lang), "choose", str(i), ch.tooltip(lang), disabled=not panel.decision_enabled,
                   cls="bl-option")
        # short options ("Require ♥", "No restriction") side by side, a long one on a line of its own
        el = _button(box, b, "font-size:16px;" + ("display:inline-block;margin:3px 4px 3px 0"
                                                  if len(b.label) <= SHORT_OPTION else
                                                  "display:block;width:100%;margin:3px 0"))
        if i in panel.article_options and not view.held_back and panel.article_label:
            # a diamond on the button (its name says it to a screen reader), the legend once under the options
            mark = _el(el, "span", "bl-article-mark", " ◆", title=panel.article_label,
                       style=css(color="#6a3900", font_weight="bold"))
            _el(mark, "span", "bl-sr", " " + panel.article_label)  # seen by screen readers only (table.css)
            marked = True
    if marked:
        _el(box, "div", "bl-article-legend", "◆ " + panel.article_label,
            style=css(font_size="12px", color="#6a3900", font_weight="bold"))
    _one_tab_stop(box)


def _header(cell: ET.Element, panel: Panel) -> None:
    """Across the top of the table: the title and question, the step buttons and where the script is."""
    if panel.title:
        sentence(_el(cell, "div", "bl-title", style=css(font_weight="bold", font_size="17px",
                                                       white_space="normal")), panel.title)
    if panel.question:
        sentence(_el(cell, "div", "bl-question", style=css(font_style="italic", font_size="15px",
                                                          white_space="normal")), panel.question)
    exam = panel.exam
    if exam and (exam.get("score") or exam.get("reset")):
        # the notebook's running score and its reset, on the title's side of the step buttons: it counts every
        # table of the notebook, and the room does not need it while it steps through this one
        score = _el(cell, "div", "bl-exam-score-line", style=css(font_size="14px", color="#4a2a70"))
        if exam.get("score"):
            sentence(_el(score, "span", "bl-exam-score", data_role="score", style=css(margin_right="6px")),
                     str(exam["score"]))
        if exam.get("reset"):
            _button(score, exam["reset"], "font-size:13px;display:inline-block")
    bar = _el(cell, "div", "bl-bar", style=css(white_space="normal"))
    _controls(bar, panel.controls, "bl-controls", inline=True)
    if panel.where:
        sentence(_el(bar, "span", "bl-where", style=css(font_size="14px", color="#333333", margin_left="6px")),
                 panel.where)


def _button_group(cell: ET.Element, role: str, title: str, buttons: Any, border: str, background: str,
                  side_by_side: bool = False) -> None:
    """A titled box of buttons beside the compass, one tab stop: the branches a line each, the revoke actions
    (short: "North takes ♣K back") side by side."""
    box = _el(cell, "div", f"bl-{role}", role="group", aria_label=title, data_role=role,
              style=css(border=border, border_radius="8px", padding="3px 6px", margin="4px 0",
                        background_color=background, white_space="normal", display="flow-root"))
    sentence(_el(box, "div", style=css(font_weight="bold", font_size="15px")), title)
    for b in buttons:
        _button(box, b, "display:inline-block;margin:2px 4px 2px 0" if side_by_side else
                "display:block;width:100%;margin:2px 0")
    _one_tab_stop(box)


def _exam(cell: ET.Element, exam: dict[str, Any]) -> None:
    """The exam: a box with the question, its choices, the score and the reset; under it the feedback and what
    the Director says in the answer, which flow on under the compass like the Director's statements."""
    group = _el(cell, "div", "bl-exam", role="group", aria_label=str(exam.get("question", "")), data_role="exam",
                style=css(white_space="normal", margin="4px 0"))
    box = _el(group, "div", "bl-exam-box",
              style=css(border="3px solid #6a3d9a", border_radius="8px", padding="4px 6px",
                        background_color="#f6f0fb", display="flow-root"))
    # "Question 4" runs in at the start of the question's line
    q = _el(box, "div", "bl-exam-question", style=css(font_weight="bold", font_size="16px"))
    if exam.get("number"):
        _el(q, "span", "bl-exam-number", str(exam["number"]), data_role="exam-number",
            style=css(font_size="15px", color="#6a3d9a", margin_right="8px"))
    sentence(_el(q, "span", "bl-exam-text"), str(exam.get("question", "")))
    if exam.get("prompt"):
        sentence(_el(box, "div", "bl-exam-prompt", style=css(font_size="15px")), str(exam["prompt"]))
    for b in exam.get("choices", ()):
        # short options ("Require ♥") side by side; an article's answers, one a line
        wide = "bl-exam-choice" in b.cls
        _button(box, b, "font-size:16px;margin:3px 4px 3px 0;" + ("display:block;width:100%" if wide else
                                                                   "display:inline-block"))
    for b in exam.get("buttons", ()):
        _button(box, b)
    fb = exam.get("feedback")
    if fb:
        ok, msg = fb
        sentence(_el(group, "div", "bl-exam-feedback " + ("bl-right" if ok else "bl-wrong"),
                     data_result="right" if ok else "wrong",
                     style=css(font_size="15px", padding="2px 6px", margin="3px 0", display="flow-root",
                               border_left=f"5px solid {'#2e8b57' if ok else RED}",
                               background_color="#eef8f0" if ok else "#fff1ec")), msg)
    said = exam.get("statements")
    if said:  # the Director's ruling in the answer: the size of the statements box, a purple bar (table.css)
        ul = _el(group, "ul", "bl-exam-statements", aria_live="polite",
                 style=css(margin="2px 0 0 0", padding_left="0", list_style_type="none",
                           font_size=f"{STATEMENT_PX}px", line_height="1.2"))
        for s in said:
            sentence(_el(ul, "li", style=css(margin="1px 0")), str(s))
    _one_tab_stop(group)


def _panel(cell: ET.Element, view: BoardView, lang: str, panel: Panel) -> None:
    """Beside the compass: branches, the exam's question, the decision, the message, the Director."""
    if panel.branches:
        _button_group(cell, "branches", panel.branches_title, panel.branches, f"2px solid {BLUE}", "#eef4fb")
    exam = panel.exam
    if exam:
        _exam(cell, exam)
    if not (exam and exam.get("choices") and not panel.decision_enabled):
        # (the exam's own options stand for a decision it asks about, until it is answered)
        _decision(cell, view, lang, panel)
    if panel.revoke:
        _button_group(cell, "revoke", panel.revoke_title, panel.revoke, f"3px solid {ORANGE}", "#fff8ee",
                      side_by_side=True)
    if panel.message:
        kind, msg = panel.message
        attrs = {"role": "alert"} if kind == "error" else {"role": "status"}
        sentence(_el(cell, "div", f"bl-msg bl-{kind}", data_role="message",
                     style=css(font_size="15px", padding="3px 8px", margin="3px 0", white_space="normal",
                               display="flow-root",
                               color="#8a1c00" if kind == "error" else "#0f3d1f",
                               background_color="#fff1ec" if kind == "error" else "#eef8f0",
                               border_left=f"5px solid {RED if kind == 'error' else '#2e8b57'}"), **attrs), msg)
    if panel.hint:
        sentence(_el(cell, "div", "bl-hint", style=css(font_size="13px", color="#444444", white_space="normal",
                                                        display="flow-root")),
                 panel.hint)
    _statements(cell, view, lang, panel, None)


def _files(cell: ET.Element, panel: Panel) -> None:
    """On the toolbar, folded: save and load your own example."""
    files = panel.files
    if files:
        det = _el(cell, "details", "bl-files", style=css(font_size="14px", margin_top="4px", white_space="normal",
                                                        max_width="16em"))
        if files.get("open"):
            det.set("open", "open")
        _el(det, "summary", text=str(files["summary"]), style=css(cursor="pointer"))
        row = _el(det, "div", style=css(white_space="normal"))
        lab = _el(row, "label", text=str(files["name_label"]) + " ", style=css(display="inline-block"))
        _el(lab, "input", data_field="filename", value=str(files["name"]), type="text",
            style=css(font_family="inherit", font_size="14px", width="12em"))
        lab2 = _el(row, "label", style=css(display="inline-block", margin_left="6px"))
        cb = _el(lab2, "input", type="checkbox", data_field="overwrite")
        if files.get("overwrite"):
            cb.set("checked", "checked")
        cb.tail = " " + str(files["overwrite_label"])
        for b in files.get("buttons", ()):
            _button(row, b)
        if files.get("folder"):
            _el(row, "div", text=str(files["folder"]), style=css(font_size="12px", color="#555555"))


# ----------------------------------------------------------------------------------------------------------
# the board
# ----------------------------------------------------------------------------------------------------------

def board(view: BoardView, lang: str = "en", *, kind: str = "bl-table", interactive: bool = False,
          show_played: bool = False, panel: Panel | None = None, sheet: dict[str, str] | None = None) -> HtmlStr:
    """The one picture of a position: the compass (N top, W left, the trick in the middle, E right, S
    bottom, contract and tricks won in the corners), penalty cards face up in front of their owner, and what
    the Director says below (static) or, with a ``panel`` (the widget), in a column beside the compass
    together with the decision and the controls, so that all of it fits on a 1280×800 projector."""
    token = _SHEET.set(sheet) if sheet is not None else None
    try:
        return _finish(_board_tree(view, lang, kind, interactive, show_played, panel))
    finally:
        if token is not None:
            _SHEET.reset(token)


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
    token = _SHEET.set(sheet) if sheet is not None else None
    mtoken = _MEMO.set(memo)
    try:
        root = _board_tree(view, lang, "bl-table", True, False, panel)
    finally:
        _MEMO.reset(mtoken)
        if token is not None:
            _SHEET.reset(token)
    parts: dict[str, str] = {}
    for el in root.iter():
        region = el.get("data-region")
        if region is None:
            continue
        if memo is not None and region in memo.found:
            parts[region] = memo.found.pop(region)
            continue
        out: list[str] = [_esc_text(el.text)] if el.text else []
        for child in el:
            _write(child, out)
        parts[region] = "".join(out)
        if memo is not None:
            memo.keep(region, parts[region])
        el.text = None
        for child in list(el):
            el.remove(child)
    if memo is not None:
        memo.found.clear()
        memo.keys.clear()
    return _finish(root), parts


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
    root = _root(kind, lang, 20, max_width=WIDGET_MAX_PX if panel is not None else None)
    if interactive:
        root.set("data-bl", "table")
    if panel is None:
        # a static picture: the compass, and what the Director says below it
        left = _td(_tr(_table(root, "bl-layout")), "bl-compass-cell", "padding:0;vertical-align:top")
        _compass(left, view, lang, kind, interactive, show_played, None)
        _statements(left, view, lang, None, "40em")
        return root
    # The widget. The compass floats left; the side boxes (branches, exam, decision, revoke, message) stand
    # beside it, each a block of its own, and the Director's statements flow on beside it and then under it
    # across the whole width, so that a long ruling uses the room under the hands instead of a tall column
    # (issue #20 item 2: the step buttons, the hands, the decision and the statements on one screen).
    # the tools and the files box on a line of their own above the title: out of the compass (which they
    # widened) and out of the band from the step buttons down, which must fit one screen
    bar = _el(root, "div", "bl-toolbar", style=css(display="flex", flex_wrap="wrap", align_items="flex-start",
                                                   column_gap="14px", margin_bottom="2px"))
    tools = _el(bar, "div", "bl-region-tools")
    files = _el(bar, "div", "bl-region-files")
    if interactive:
        tools.set("data-region", "tools")
        files.set("data-region", "files")
    memo = _MEMO.get() if interactive else None
    if memo is None or not memo.lookup("tools", ("tools", panel.tools)):
        _controls(tools, panel.tools, "bl-tools")
    if memo is None or not memo.lookup("files", ("files", tuple((panel.files or {}).items()))):
        _files(files, panel)
    top = _el(root, "div", "bl-header", style=css(padding="0 0 2px 0", white_space="normal"))
    if interactive:
        top.set("data-region", "header")
    _header(top, panel)
    main = _el(root, "div", "bl-main", style=css(display="flow-root"))
    left = _el(main, "div", "bl-compass-cell", style=css(float="left", margin="0 12px 4px 0",
                                                         max_width=f"{COMPASS_MAX_PX}px"))
    _compass(left, view, lang, kind, interactive, show_played, panel)
    side = _el(main, "div", "bl-side", style=css(white_space="normal", font_size="15px"))
    if interactive:
        side.set("data-region", "side")
    _panel(side, view, lang, panel)
    if panel.timeline:
        # under the hands, across the whole table
        below = _el(root, "div", "bl-timeline-cell", style=css(padding="6px 0 0 0", white_space="normal",
                                                                clear="both"))
        if interactive:
            below.set("data-region", "timeline")
        _raw(below, panel.timeline)
    return root


def _compass(left: ET.Element, view: BoardView, lang: str, kind: str, interactive: bool, show_played: bool,
             panel: Panel | None) -> None:
    """N top, W left, the trick in the middle, E right, S bottom; contract and tricks won in the top corners,
    the widget's tools and files in the bottom ones."""
    compass = _table(left, "bl-compass", "border-spacing:3px 2px")
    memo = _MEMO.get() if interactive else None

    def cell(tr: ET.Element, region: str, cls: str, style: str = "", **attrs: str) -> ET.Element:
        td = _td(tr, cls, style, **attrs)
        if interactive:
            td.set("data-region", region)  # the page patches only the regions whose markup changed
        return td

    def seat(tr: ET.Element, region: str, cls: str, style: str, s: Seat, **attrs: str) -> None:
        td = cell(tr, region, cls, style, **attrs)
        sv = view.seat(s)
        if memo is not None:
            # everything a hand is drawn from (see _seat)
            key = ("seat", sv, lang, show_played, panel is None or panel.cards_enabled,
                   panel.selected if panel is not None else frozenset())
            if memo.lookup(region, key):
                return
        _seat(td, sv, lang, interactive, show_played, panel)

    if panel is None:  # the static picture: three rows of three
        r1 = _tr(compass)
        _contract(cell(r1, "nw", "bl-corner bl-corner-nw", "vertical-align:top"), view, lang)
        seat(r1, "N", "bl-cell-north", "text-align:center", Seat.NORTH)
        _tricks_won(cell(r1, "ne", "bl-corner bl-corner-ne", "vertical-align:top;text-align:right"), view, lang)
        r2 = _tr(compass)
        seat(r2, "W", "bl-cell-west", "text-align:right", Seat.WEST)
        _centre(cell(r2, "centre", "bl-cell-centre", "text-align:center"), view, lang, bare=kind == "bl-deal")
        seat(r2, "E", "bl-cell-east", "", Seat.EAST)
        r3 = _tr(compass)
        cell(r3, "sw", "bl-corner bl-corner-sw", "vertical-align:bottom")
        seat(r3, "S", "bl-cell-south", "text-align:center;vertical-align:top", Seat.SOUTH)
        cell(r3, "se", "bl-corner bl-corner-se", "vertical-align:bottom")
        return
    # The widget: West and East reach down beside South, so that penalty cards under a side hand do not push
    # South down (the trick stays between the four hands).
    r1 = _tr(compass)
    _contract(cell(r1, "nw", "bl-corner bl-corner-nw", "vertical-align:top;white-space:normal"), view, lang)
    seat(r1, "N", "bl-cell-north", "text-align:center;vertical-align:bottom", Seat.NORTH)
    _tricks_won(cell(r1, "ne", "bl-corner bl-corner-ne", "vertical-align:top;text-align:right"), view, lang)
    r2 = _tr(compass)
    seat(r2, "W", "bl-cell-west", "text-align:right;vertical-align:top", Seat.WEST, rowspan="2")
    _centre(cell(r2, "centre", "bl-cell-centre", "text-align:center;vertical-align:top"), view, lang, bare=False,
            narrow=True)
    seat(r2, "E", "bl-cell-east", "vertical-align:top", Seat.EAST, rowspan="2")
    r3 = _tr(compass)
    seat(r3, "S", "bl-cell-south", "text-align:center;vertical-align:top", Seat.SOUTH)


# ----------------------------------------------------------------------------------------------------------
# public functions
# ----------------------------------------------------------------------------------------------------------

def card(card: Card, lang: str = "en") -> HtmlStr:
    """One card: ``♥D`` (da) with a red suit symbol. For ``Card._repr_html_``."""
    lang = normalize_lang(lang)
    root = _root("bl-inline bl-card-view", lang, 20, inline=True)
    _card(root, card, lang)
    return _finish(root)


def hand(hand: Hand, lang: str = "en") -> HtmlStr:
    """One hand, a suit per line (void shown as —). For ``Hand._repr_html_``."""
    lang = normalize_lang(lang)
    root = _root("bl-inline bl-hand-view", lang, 20, inline=True)
    sv = SeatView(Seat.NORTH, False, tuple(sorted(hand.cards, key=lambda c: c.sort_key)), frozenset(), (), (),
                  None, False)
    block = _el(root, "div", "bl-hand")
    for suit in Suit:
        _suit_line(block, sv, suit, lang, False, False, None)
    return _finish(root)


def trick(trick: Trick, lang: str = "en") -> HtmlStr:
    """A completed trick: the four cards around the compass, the lead marked, and who won it.
    For ``Trick._repr_html_``."""
    lang = normalize_lang(lang)
    root = _root("bl-inline bl-trick-view", lang, 20, inline=True)
    view = BoardView(seats=(), trick=tuple(TrickCard(s, c, "lead" if i == 0 else "play")
                                           for i, (s, c) in enumerate(trick.plays)))
    _centre(root, view, lang, bare=False)
    _el(root, "div", "bl-trick-winner", label("won_by", lang, seat=trick.winner),
        style=css(font_size="15px", text_align="center"))
    return _finish(root)


def deal(deal: Deal, lang: str = "en", hide: Hide = ()) -> HtmlStr:
    """The four hands as dealt, in a compass diagram (N top, W left, E right, S bottom). ``hide``: seats
    whose hands are not shown (quiz mode), e.g. ``(Seat.EAST, Seat.WEST)`` or ``"EW"``."""
    return board(deal_view(deal, hide), lang, kind="bl-deal")


def table(table: Table, lang: str = "en", hide: Hide = (), show_statements: bool = True,
          show_played: bool = False, role: str | Seat | None = "director", show_legal: bool = False) -> HtmlStr:
    """The table now: the hands without the cards already played (``show_played=True``: greyed and struck
    through instead), the trick in progress in the middle (a lead out of turn awaiting a decision, marked as
    such), penalty cards face up in front of their owner labelled major or minor, whose turn it is and who
    must choose, declarer and dummy, tricks won by each side, and below, what the Director says. ``role``:
    as the Director (everything), a seat or declarer sees it; ``show_legal``: underline the legal cards."""
    view = table_view(table, lang, hide, show_statements, role=role, show_legal=show_legal)
    return board(view, lang, show_played=show_played)


def card_name(seat: Seat, c: Card, lang: str, kind: str = "") -> str:
    """What a screen reader says for a card: "West ♦3", "West ♦3, major penalty card"."""
    return _card_name(seat, c, lang, kind)


def format_cards(cards: Iterable[Card], lang: str) -> str:
    return ", ".join(format_card(c, lang) for c in sorted(cards, key=lambda c: c.sort_key))
