"""HTML pictures of cards, hands, deals and tables, for notebooks (``_repr_html_``) and the projector.

Built with :mod:`xml.etree.ElementTree` and serialized as XML (empty elements written as ``<x></x>``), so
every text node is escaped, the output parses with ``ElementTree.fromstring`` and the same input gives the
same bytes. One small stylesheet (``style.css``) is inlined once per output; class names come from the enums
(``bl-seat-north``, ``bl-suit-hearts``). Suits always show their symbol; red suits also carry ``bl-red``.

>>> from bridgelaws import Card
>>> str(card(Card.parse("HQ"), "da")).endswith('<span class="bl-rank">D</span></span></div>')
True
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING

from bridgelaws.cards import Card, Seat, Suit
from bridgelaws.i18n import normalize_lang
from bridgelaws.notation import format_rank, format_seat
from bridgelaws.render import (
    BoardView, SeatView, TrickCard, contract_text, deal_view, label, side_label, table_view,
)

if TYPE_CHECKING:
    from bridgelaws.deal import Deal, Hand
    from bridgelaws.state import PenaltyCard, Trick
    from bridgelaws.table import Table

__all__ = ["HtmlStr", "card", "deal", "hand", "stylesheet", "table", "trick"]

Hide = Iterable[Seat | str] | Seat | str


class HtmlStr(str):
    """A string of HTML that displays itself in Jupyter (after python-chess's ``SvgWrapper``)."""

    def _repr_html_(self) -> HtmlStr:
        return self


@cache
def stylesheet() -> str:
    """The contents of ``style.css``, comments removed and lines joined (as inlined in every output)."""
    css = resources.files("bridgelaws.render").joinpath("style.css").read_text(encoding="utf-8")
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.DOTALL)
    css = " ".join(line.strip() for line in css.splitlines() if line.strip())
    if any(ch in css for ch in "<>&"):  # would be escaped inside <style> by the XML serializer
        raise ValueError("style.css must not contain '<', '>' or '&'")
    return css


# ----------------------------------------------------------------------------------------------------------
# element helpers
# ----------------------------------------------------------------------------------------------------------

def _el(parent: ET.Element | None, tag: str, cls: str | None = None, text: str | None = None,
        **attrs: str) -> ET.Element:
    attrib = {"class": cls} if cls else {}
    attrib.update(attrs)
    el = ET.Element(tag, attrib) if parent is None else ET.SubElement(parent, tag, attrib)
    if text is not None:
        el.text = text
    return el


def _root(kind: str, lang: str) -> ET.Element:
    root = _el(None, "div", f"bl {kind}", lang=lang)
    _el(root, "style", text=stylesheet())
    return root


def _finish(root: ET.Element) -> HtmlStr:
    return HtmlStr(ET.tostring(root, encoding="unicode", short_empty_elements=False))


def _suit_class(suit: Suit) -> str:
    return f"bl-suit-{suit.name.lower()}"


def _colour(suit: Suit) -> str:
    return "bl-red" if suit.is_red else "bl-black"


def _sym(parent: ET.Element, suit: Suit) -> ET.Element:
    return _el(parent, "span", f"bl-sym {_colour(suit)}", suit.symbol)


def _card(parent: ET.Element, c: Card, lang: str) -> ET.Element:
    el = _el(parent, "span", f"bl-card {_suit_class(c.suit)} {_colour(c.suit)}")
    _sym(el, c.suit)
    _el(el, "span", "bl-rank", format_rank(c.rank, lang))
    return el


_RED = re.compile("([♥♦])")


def _sentence(parent: ET.Element, sentence: str) -> None:
    """Text with the red suit symbols in red (the symbol stays: colour is never the only cue)."""
    parts = _RED.split(sentence)
    parent.text = parts[0]
    for i in range(1, len(parts), 2):
        _el(parent, "span", "bl-red", parts[i]).tail = parts[i + 1]


def _suit_line(parent: ET.Element, suit: Suit, cards: Iterable[Card], played: Iterable[Card], lang: str) -> None:
    line = _el(parent, "div", f"bl-suit {_suit_class(suit)}")
    _sym(line, suit).tail = " "
    ranks = _el(line, "span", "bl-ranks")
    in_hand = {c for c in cards if c.suit is suit}
    gone = {c for c in played if c.suit is suit}
    shown = sorted(in_hand | gone, key=lambda c: -int(c.rank))
    if not shown:
        ranks.text = "—"
        ranks.set("class", "bl-ranks bl-void")
        return
    prev: ET.Element | None = None
    for i, c in enumerate(shown):
        sep = " " if i else ""
        r = format_rank(c.rank, lang)
        if c in gone:
            if prev is None:
                ranks.text = (ranks.text or "") + sep
            else:
                prev.tail = (prev.tail or "") + sep
            prev = _el(ranks, "del", "bl-played", r)
        elif prev is None:
            ranks.text = (ranks.text or "") + sep + r
        else:
            prev.tail = (prev.tail or "") + sep + r


def _hand_block(parent: ET.Element, cards: Iterable[Card], played: Iterable[Card], lang: str) -> ET.Element:
    cards, played = tuple(cards), tuple(played)
    block = _el(parent, "div", "bl-hand")
    for suit in Suit:
        _suit_line(block, suit, cards, played, lang)
    return block


# ----------------------------------------------------------------------------------------------------------
# the diagram
# ----------------------------------------------------------------------------------------------------------

def _penalty_cards(parent: ET.Element, pcs: Iterable[PenaltyCard], lang: str) -> None:
    pcs = tuple(pcs)
    if not pcs:
        return
    box = _el(parent, "div", "bl-penalty")
    _el(box, "div", "bl-penalty-title", label("penalty_cards", lang))
    row = _el(box, "div", "bl-penalty-cards")
    for p in sorted(pcs, key=lambda p: p.card.sort_key):
        kind = "major" if p.is_major else "minor"
        item = _el(row, "div", f"bl-penalty-card bl-penalty-{kind}")
        _card(item, p.card, lang).tail = " "
        _el(item, "span", "bl-kind", label(kind, lang))


def _seat(parent: ET.Element, sv: SeatView, lang: str, show_played: bool) -> None:
    classes = ["bl-seat", f"bl-seat-{sv.seat.name.lower()}"]
    classes += [f"bl-{r}" for r in sv.roles]
    if sv.turn:
        classes.append("bl-to-act")
    if sv.hidden:
        classes.append("bl-hidden-hand")
    box = _el(parent, "div", " ".join(classes))
    head = _el(box, "div", "bl-seat-head", format_seat(sv.seat, lang))
    badges = [(f"bl-badge-{r}", label(r, lang)) for r in sv.roles]
    if sv.turn:
        badges.append(("bl-badge-turn", "▶ " + label("to_" + sv.turn, lang)))
    if sv.decides:
        badges.append(("bl-badge-decides", label("to_choose", lang)))
    prev: ET.Element | None = None
    for cls, text in badges:
        # a real space between name and badges, so the words stay apart without the stylesheet
        if prev is None:
            head.text = (head.text or "") + " "
        else:
            prev.tail = " "
        prev = _el(head, "span", f"bl-badge {cls}", text)
    body = _el(box, "div", "bl-seat-body")
    if sv.hidden:
        _el(body, "div", "bl-hand bl-hidden", label("hidden", lang))
    else:
        _hand_block(body, sv.cards, sv.played if show_played else (), lang)
    _penalty_cards(body, sv.penalty_cards, lang)


_SLOT_ORDER = (Seat.NORTH, Seat.WEST, Seat.EAST, Seat.SOUTH)


def _centre(parent: ET.Element, view: BoardView, lang: str, bare: bool) -> None:
    box = _el(parent, "div", "bl-centre")
    grid = _el(box, "div", "bl-trick")
    by_seat: dict[Seat, TrickCard] = {t.seat: t for t in view.trick}
    for seat in _SLOT_ORDER:
        tc = by_seat.get(seat)
        slot_cls = f"bl-slot bl-slot-{seat.name.lower()}"
        if bare:
            _el(grid, "div", slot_cls + " bl-compass", format_seat(seat, lang, "letter"))
        elif tc is None:
            _el(grid, "div", slot_cls + " bl-slot-empty", format_seat(seat, lang, "letter"))
        else:
            slot = _el(grid, "div", f"{slot_cls} bl-{tc.how.replace('_', '-')}")
            _card(slot, tc.card, lang)
    if view.over:
        _el(grid, "div", "bl-trick-label", label("play_over", lang))
    elif view.trick_no is not None:
        _el(grid, "div", "bl-trick-label", label("trick_no", lang, number=view.trick_no))
    for tc in view.trick:
        if tc.how in ("irregular", "face_down"):
            note = _el(box, "div", f"bl-centre-note bl-note-{tc.how.replace('_', '-')}")
            note.text = format_seat(tc.seat, lang) + " "
            c = _card(note, tc.card, lang)
            c.tail = ": " + label("lead_out_of_turn" if tc.how == "irregular" else "face_down_lead", lang)


def _corner_nw(parent: ET.Element, view: BoardView, lang: str) -> None:
    box = _el(parent, "div", "bl-corner bl-corner-nw")
    if view.contract is None:
        return
    level, trump, suffix = contract_text(view.contract, lang)
    line = _el(box, "div", "bl-contract")
    _el(line, "span", "bl-info-label", label("contract", lang) + " ")
    value = _el(line, "span", "bl-info-value", level)
    if trump is not None:
        s = _sym(value, trump)
        s.tail = suffix
    else:
        value.text = level + suffix
    value.tail = " " + format_seat(view.declarer or view.contract.declarer, lang, "letter")


def _corner_ne(parent: ET.Element, view: BoardView, lang: str) -> None:
    box = _el(parent, "div", "bl-corner bl-corner-ne")
    if view.tricks_won is None:
        return
    _el(box, "div", "bl-info-label", label("tricks", lang))
    for seat, n in zip((Seat.NORTH, Seat.EAST), view.tricks_won):
        line = _el(box, "div", f"bl-tricks-won bl-side-{seat.name.lower()}-{seat.partner.name.lower()}")
        line.text = side_label(seat, lang) + " "
        _el(line, "span", "bl-info-value", str(n))


def _statements(parent: ET.Element, view: BoardView, lang: str) -> None:
    if not view.statements:
        return
    box = _el(parent, "div", "bl-statements")
    _el(box, "div", "bl-statements-title", label("director_says", lang))
    ul = _el(box, "ul")
    for s in view.statements:
        _sentence(_el(ul, "li"), s)


def _board(view: BoardView, kind: str, lang: str, show_played: bool = False) -> HtmlStr:
    root = _root(kind, lang)
    grid = _el(root, "div", "bl-diagram")
    _corner_nw(grid, view, lang)
    # reading order (and the order without CSS): N, W, centre, E, S
    _seat(grid, view.seat(Seat.NORTH), lang, show_played)
    _corner_ne(grid, view, lang)
    _seat(grid, view.seat(Seat.WEST), lang, show_played)
    _centre(grid, view, lang, bare=kind == "bl-deal")
    _seat(grid, view.seat(Seat.EAST), lang, show_played)
    _seat(grid, view.seat(Seat.SOUTH), lang, show_played)
    _statements(root, view, lang)
    return _finish(root)


# ----------------------------------------------------------------------------------------------------------
# public functions
# ----------------------------------------------------------------------------------------------------------

def card(card: Card, lang: str = "en") -> HtmlStr:
    """One card: ``♥D`` (da) with a red, classed suit symbol. For ``Card._repr_html_``."""
    lang = normalize_lang(lang)
    root = _root("bl-inline bl-card-view", lang)
    _card(root, card, lang)
    return _finish(root)


def hand(hand: Hand, lang: str = "en") -> HtmlStr:
    """One hand, a suit per line (void shown as —). For ``Hand._repr_html_``."""
    lang = normalize_lang(lang)
    root = _root("bl-inline bl-hand-view", lang)
    _hand_block(root, hand.cards, (), lang)
    return _finish(root)


def trick(trick: Trick, lang: str = "en") -> HtmlStr:
    """A completed trick: the four cards around the compass, the lead marked, and who won it.
    For ``Trick._repr_html_``."""
    lang = normalize_lang(lang)
    root = _root("bl-inline bl-trick-view", lang)
    view = BoardView(seats=(), trick=tuple(TrickCard(s, c, "lead" if i == 0 else "play")
                                           for i, (s, c) in enumerate(trick.plays)))
    _centre(root, view, lang, bare=False)
    _el(root, "div", "bl-trick-winner", label("won_by", lang, seat=trick.winner))
    return _finish(root)


def deal(deal: Deal, lang: str = "en", hide: Hide = ()) -> HtmlStr:
    """The four hands as dealt, in a compass diagram (N top, W left, E right, S bottom). ``hide``: seats
    whose hands are not shown (quiz mode), e.g. ``(Seat.EAST, Seat.WEST)`` or ``"EW"``."""
    lang = normalize_lang(lang)
    return _board(deal_view(deal, hide), "bl-deal", lang)


def table(table: Table, lang: str = "en", hide: Hide = (), show_statements: bool = True,
          show_played: bool = False) -> HtmlStr:
    """The table now: the hands without the cards already played (``show_played=True``: greyed and struck
    through instead), the trick in progress in the middle (a lead out of turn awaiting a decision, marked as
    such), penalty cards face up in front of their owner labelled major or minor, whose turn it is and who
    must choose, declarer and dummy, tricks won by each side, and below, what the Director says."""
    lang = normalize_lang(lang)
    return _board(table_view(table, lang, hide, show_statements), "bl-table", lang, show_played)
