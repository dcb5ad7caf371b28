"""What the Director says: a list under a static picture, or in the widget the statements that flow on beside
and then under the compass."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from bridgelaws.render import BoardView, label
from bridgelaws.render.controls import Panel
from bridgelaws.render.markup import element, sentence
from bridgelaws.render.style import GREEN, STATEMENT_PX, css

def statements(parent: ET.Element, view: BoardView, lang: str, panel: Panel | None, width: str | None) -> None:
    """What the Director says: under a static picture, or in the widget beside and then under the compass
    (each statement a block of its own, marked by a green bar, beside and then under the floating compass)."""
    if not view.statements and panel is None:
        return
    widget = panel is not None
    box = element(parent, "div", "bl-statements",
                  style=css(margin_top="6px", border_top=None if widget else f"2px solid {GREEN}",
                            padding_top=None if widget else "3px", max_width=width, white_space="normal",
                            font_size=f"{STATEMENT_PX}px" if widget else None, line_height="1.2" if widget else None),
                  data_role="director")
    if widget:
        box.set("aria-live", "polite")
    element(box, "div", "bl-statements-title", label("director_says", lang),
            style=css(font_weight="bold", display="flow-root" if widget else None, font_size="17px" if widget else None,
                      border_top=f"2px solid {GREEN}" if widget else None, padding_top="2px" if widget else None))
    if view.held_back and panel is not None:
        element(box, "div", "bl-held-back", panel.held_back_note,
                style=css(font_style="italic", color="#555555", padding="2px 0", display="flow-root"))
        return
    items = list(view.statements)
    if not items and view.over:
        items = [label("play_over", lang)]
    ul = element(box, "ul", style=css(margin="2px 0 0 0", padding_left="0" if widget else "1.1em",
                                      list_style_type="none" if widget else None))
    for s in items:
        # in the widget a green bar (table.css) starts each statement, whose lines flow on beside and then
        # under the floating compass; a list marker would hide under the compass
        li = element(ul, "li", style=css(margin="1px 0" if widget else "2px 0"))
        sentence(li, s)
