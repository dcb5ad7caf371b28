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

The picture is drawn in parts, imports running down this list: :mod:`~bridgelaws.render.style` (colours, sizes,
``css``), :mod:`~bridgelaws.render.markup` (elements and their writer), :mod:`~bridgelaws.render.controls` (the
panel as data, buttons), :mod:`~bridgelaws.render.hands`, :mod:`~bridgelaws.render.auction` (the bidding diagram),
:mod:`~bridgelaws.render.centre` (trick and corners),
:mod:`~bridgelaws.render.statements`, :mod:`~bridgelaws.render.panel` (the widget's boxes) and
:mod:`~bridgelaws.render.board` (the compass and the whole picture). This module is the public face: the
pictures of single objects, and every public name of the parts.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from bridgelaws.cards import Card, Seat, Suit
from bridgelaws.i18n import normalize_lang
from bridgelaws.notation import format_card
from bridgelaws.render import BoardView, SeatView, TrickCard, deal_view, label, table_view
from bridgelaws.render.board import board, board_parts, join_parts
from bridgelaws.render.centre import centre
from bridgelaws.render.controls import Button, Panel, Select
from bridgelaws.render.hands import card_name, suit_line
from bridgelaws.render.markup import (
    HtmlStr, RegionMemo, card_chip, element, finish, picture_root, sentence, sentence_html,
)
from bridgelaws.render.style import (
    BLACK, BLUE, COMPASS_MAX_PX, FONT, GREEN, ORANGE, RED, SHORT_OPTION, STATEMENT_PX, WIDGET_MAX_PX, WRAP_SUIT, css,
    style_class, style_rules, stylesheet,
)

if TYPE_CHECKING:
    from bridgelaws.deal import Deal, Hand
    from bridgelaws.state import Trick
    from bridgelaws.table import Table

__all__ = ["HtmlStr", "Panel", "RegionMemo", "board", "card", "deal", "hand", "stylesheet", "table", "trick", "RED",
           "BLACK", "BLUE", "ORANGE", "GREEN", "FONT", "STATEMENT_PX", "WIDGET_MAX_PX", "SHORT_OPTION",
           "COMPASS_MAX_PX", "WRAP_SUIT", "Button", "Select", "board_parts", "join_parts", "card_name",
           "format_cards", "css", "sentence", "sentence_html", "style_class", "style_rules"]

Hide = Iterable[Seat | str] | Seat | str

# ----------------------------------------------------------------------------------------------------------
# public functions
# ----------------------------------------------------------------------------------------------------------

def card(card: Card, lang: str = "en") -> HtmlStr:
    """One card: ``♥D`` (da) with a red suit symbol. For ``Card._repr_html_``."""
    lang = normalize_lang(lang)
    root = picture_root("bl-inline bl-card-view", lang, 20, inline=True)
    card_chip(root, card, lang)
    return finish(root)


def hand(hand: Hand, lang: str = "en") -> HtmlStr:
    """One hand, a suit per line (void shown as —). For ``Hand._repr_html_``."""
    lang = normalize_lang(lang)
    root = picture_root("bl-inline bl-hand-view", lang, 20, inline=True)
    sv = SeatView(Seat.NORTH, False, tuple(sorted(hand.cards, key=lambda c: c.sort_key)), frozenset(), (), (),
                  None, False)
    block = element(root, "div", "bl-hand")
    for suit in Suit:
        suit_line(block, sv, suit, lang, False, False, None)
    return finish(root)


def trick(trick: Trick, lang: str = "en") -> HtmlStr:
    """A completed trick: the four cards around the compass, the lead marked, and who won it.
    For ``Trick._repr_html_``."""
    lang = normalize_lang(lang)
    root = picture_root("bl-inline bl-trick-view", lang, 20, inline=True)
    view = BoardView(seats=(), trick=tuple(TrickCard(s, c, "lead" if i == 0 else "play")
                                           for i, (s, c) in enumerate(trick.plays)))
    centre(root, view, lang, bare=False)
    element(root, "div", "bl-trick-winner", label("won_by", lang, seat=trick.winner),
            style=css(font_size="15px", text_align="center"))
    return finish(root)


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
    return card_name(seat, c, lang, kind)


def format_cards(cards: Iterable[Card], lang: str) -> str:
    return ", ".join(format_card(c, lang) for c in sorted(cards, key=lambda c: c.sort_key))
