"""What the widget adds around the picture, as data (:class:`Panel`, its :class:`Button` and :class:`Select`
controls; the widget fills them), and how a button, a drop-down list and a toolbar of them are drawn."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from bridgelaws.cards import Card
from bridgelaws.render.markup import element, sentence
from bridgelaws.render.style import css

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
    #: the double-dummy values at this position (:func:`bridgelaws.session.worth.worth_panel`), a box for each
    #: kind: the decision box's control and values, the claim's tricks, the Law 64C check; () for none
    worth: tuple[Mapping[str, Any], ...] = ()
    extra: Mapping[str, Any] = field(default_factory=dict)



def button(parent: ET.Element, b: Button, extra_style: str = "") -> ET.Element:
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
    el = element(parent, "button", ("bl-btn " + b.cls).strip(),
                 style=style + (";" + extra_style if extra_style else ""), **attrs)
    sentence(el, b.label)
    return el


def select_box(parent: ET.Element, s: Select) -> None:
    lab = element(parent, "label", "bl-select", style=css(font_size="14px", margin="2px 6px 2px 0",
                                                          white_space="nowrap", display="inline-block",
                                                          text_align="left"))
    lab.text = s.label + " "
    sel = element(lab, "select", data_action=s.action, title=s.tooltip or s.label,
                  style=css(font_family="inherit", font_size="14px", max_width="11em"))
    for value, text_ in s.options:
        opt = element(sel, "option", text=text_, value=value)
        if value == s.value:
            opt.set("selected", "selected")


def one_tab_stop(group: ET.Element) -> None:
    """Roving tabindex: the group's first enabled button is its one tab stop; arrow keys reach the others."""
    first = True
    for b in group.iter("button"):
        if first and b.get("disabled") is None:
            b.set("tabindex", "0")
            first = False
        else:
            b.set("tabindex", "-1")


def controls(parent: ET.Element, items: Iterable[Button | Select], cls: str, inline: bool = False) -> None:
    items = tuple(items)
    if not items:
        return
    row = element(parent, "span" if inline else "div", cls, role="toolbar",
                  style=css(margin="2px 0", white_space="normal", display="inline-block" if inline else None))
    for it in items:
        if isinstance(it, Select):
            select_box(row, it)
        else:
            button(row, it)
    one_tab_stop(row)
