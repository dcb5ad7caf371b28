"""Building and writing the pictures' elements: an :mod:`xml.etree.ElementTree` element with its styles
(inline, or while the widget renders classes of its stylesheet), the XML writer, the widget's memo of regions
already written, and the small pieces every part uses (a suit symbol, a card, a sentence with red suits, the
cells of a layout table)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from contextvars import ContextVar
from typing import Any

from bridgelaws.cards import Card, Suit
from bridgelaws.notation import format_rank
from bridgelaws.render.style import BLACK, FONT, RED, css, style_class

class HtmlStr(str):
    """A string of HTML that displays itself in Jupyter (after python-chess's ``SvgWrapper``)."""

    def _repr_html_(self) -> HtmlStr:
        return self


#: while the widget renders: style string -> class name (the styles become classes of a stylesheet that the
#: widget keeps in its shadow root, so each click sends a third of the bytes); None: inline styles
SHEET: ContextVar[dict[str, str] | None] = ContextVar("bl_sheet", default=None)


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
                serialize(child, out)
            if len(self.lines) >= 4 * self.LIMIT:
                self.lines.clear()
            hit = self.lines[key] = "".join(out)
        return hit


MEMO: ContextVar[RegionMemo | None] = ContextVar("bl_memo", default=None)


def element(parent: ET.Element | None, tag: str, cls: str | None = None, text: str | None = None,
            style: str | None = None, **attrs: str) -> ET.Element:
    attrib: dict[str, str] = {"class": cls} if cls else {}
    if style:
        sheet = SHEET.get()
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


def finish(root: ET.Element) -> HtmlStr:
    out: list[str] = []
    serialize(root, out)
    return HtmlStr("".join(out))


_TEXT_SPECIAL = re.compile("[&<>]")
_ATTR_SPECIAL = re.compile('[&<>"\r\n\t]')


def escape_text(s: str) -> str:
    if _TEXT_SPECIAL.search(s) is None:  # most text needs no escaping (the widget renders on every click)
        return s
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _esc_attr(s: str) -> str:
    if _ATTR_SPECIAL.search(s) is None:
        return s
    return (s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
            .replace("\r", "&#13;").replace("\n", "&#10;").replace("\t", "&#09;"))


#: the tag of an element whose text is markup written as it is (see :func:`raw_markup`)
_RAW = "bl-raw-markup"


def raw_markup(parent: ET.Element, markup: str) -> None:
    """Markup made elsewhere (the timeline's SVG), written into ``parent`` as it is."""
    ET.SubElement(parent, _RAW).text = markup


def serialize(el: ET.Element, out: list[str]) -> None:
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
        out.append(escape_text(el.text))
    for child in el:
        serialize(child, out)
    out.append(f"</{el.tag}>")
    if el.tail:
        out.append(escape_text(el.tail))


def picture_root(kind: str, lang: str, font_size: int = 20, inline: bool = False,
                 max_width: int | None = None) -> ET.Element:
    """The picture's outer box: shrink-wrapped, or (``max_width``: the widget) as wide as the page allows."""
    style = css(font_family=FONT, font_size=f"{font_size}px", line_height="1.3", color=BLACK,
                background_color="#ffffff", display="inline-block" if max_width is None else "block",
                max_width=f"{max_width}px" if max_width is not None else None,
                padding="1px 3px" if inline else "6px 10px", text_align="left")
    return element(None, "div", f"bl {kind}", style=style, lang=lang)


def suit_colour(suit: Suit) -> str:
    return RED if suit.is_red else BLACK


def suit_symbol(parent: ET.Element, suit: Suit, size: str | None = None) -> ET.Element:
    return element(parent, "span", f"bl-sym {'bl-red' if suit.is_red else 'bl-black'}", suit.symbol,
                   style=css(color=suit_colour(suit), font_size=size))


CARD_STYLE = css(display="inline-block", border="1px solid #777777", border_radius="4px",
                 background_color="#ffffff", padding="0 4px", font_weight="bold", white_space="nowrap")


def card_chip(parent: ET.Element, c: Card, lang: str, style: str = CARD_STYLE) -> ET.Element:
    el = element(parent, "span", f"bl-card bl-suit-{c.suit.name.lower()} {'bl-red' if c.suit.is_red else 'bl-black'}",
                 style=style)
    suit_symbol(el, c.suit)
    element(el, "span", "bl-rank", format_rank(c.rank, lang), style=css(color=suit_colour(c.suit)))
    return el


_RED_SYM = re.compile("([♥♦])")


def sentence(parent: ET.Element, s: str) -> None:
    """Text with the red suit symbols in red (the symbol stays: colour is never the only cue)."""
    parts = _RED_SYM.split(s)
    parent.text = (parent.text or "") + parts[0]
    for i in range(1, len(parts), 2):
        element(parent, "span", "bl-red", parts[i], style=css(color=RED)).tail = parts[i + 1]


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


def grid_table(parent: ET.Element, cls: str, style: str = "") -> ET.Element:
    return element(parent, "table", cls, style=_TABLE + (";" + style if style else ""))


def grid_row(table: ET.Element) -> ET.Element:
    body = table.find("tbody")
    if body is None:
        body = element(table, "tbody")
    return element(body, "tr", style=_TR)


def grid_cell(tr: ET.Element, cls: str | None = None, style: str = "", **attrs: str) -> ET.Element:
    return element(tr, "td", cls, style=_TD + (";" + style if style else ""), **attrs)
