"""The widget's :class:`~bridgelaws.render.controls.Panel` drawn: the header across the top (title, question,
score, step buttons), the side column beside the compass (branches, the exam, the decision, revoke, the message,
the hint, the Director) and the files box on the toolbar."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping
from typing import Any

from bridgelaws.i18n import text
from bridgelaws.render import BoardView
from bridgelaws.render.controls import Button, Panel, button, controls, one_tab_stop, select_box
from bridgelaws.render.markup import element, sentence
from bridgelaws.render.statements import statements
from bridgelaws.render.style import BLUE, ORANGE, RED, SHORT_OPTION, STATEMENT_PX, css


def header(cell: ET.Element, panel: Panel) -> None:
    """Across the top of the table: the title and question, the step buttons and where the script is."""
    if panel.title:
        sentence(element(cell, "div", "bl-title", style=css(font_weight="bold", font_size="17px",
                                                       white_space="normal")), panel.title)
    if panel.question:
        sentence(element(cell, "div", "bl-question", style=css(font_style="italic", font_size="15px",
                                                          white_space="normal")), panel.question)
    exam = panel.exam
    if exam and (exam.get("score") or exam.get("reset")):
        # the notebook's running score and its reset, on the title's side of the step buttons: it counts every
        # table of the notebook, and the room does not need it while it steps through this one
        score = element(cell, "div", "bl-exam-score-line", style=css(font_size="14px", color="#4a2a70"))
        if exam.get("score"):
            sentence(element(score, "span", "bl-exam-score", data_role="score", style=css(margin_right="6px")),
                     str(exam["score"]))
        if exam.get("reset"):
            button(score, exam["reset"], "font-size:13px;display:inline-block")
    bar = element(cell, "div", "bl-bar", style=css(white_space="normal"))
    controls(bar, panel.controls, "bl-controls", inline=True)
    if panel.where:
        sentence(element(bar, "span", "bl-where", style=css(font_size="14px", color="#333333", margin_left="6px")),
                 panel.where)


def side_column(cell: ET.Element, view: BoardView, lang: str, panel: Panel) -> None:
    """Beside the compass: branches, the exam's question, the decision, the message, the Director."""
    if panel.branches:
        _button_group(cell, "branches", panel.branches_title, panel.branches, f"2px solid {BLUE}", "#eef4fb")
    exam = panel.exam
    if exam:
        _exam(cell, exam)
    if not (exam and exam.get("choices") and not panel.decision_enabled):
        # (the exam's own options stand for a decision it asks about, until it is answered)
        _decision(cell, view, lang, panel)
    for w in panel.worth:
        if w.get("kind") in ("revoke", "claim"):
            _worth_box(cell, w)
    if panel.revoke:
        _button_group(cell, "revoke", panel.revoke_title, panel.revoke, f"3px solid {ORANGE}", "#fff8ee",
                      side_by_side=True)
    if panel.message:
        _message(cell, *panel.message)
    if panel.hint:
        _hint(cell, panel.hint)
    statements(cell, view, lang, panel, None)


def _button_group(cell: ET.Element, role: str, title: str, buttons: Any, border: str, background: str,
                  side_by_side: bool = False) -> None:
    """A titled box of buttons beside the compass, one tab stop: the branches a line each, the revoke actions
    (short: "North takes ♣K back") side by side."""
    box = element(cell, "div", f"bl-{role}", role="group", aria_label=title, data_role=role,
                  style=css(border=border, border_radius="8px", padding="3px 6px", margin="4px 0",
                            background_color=background, white_space="normal", display="flow-root"))
    sentence(element(box, "div", style=css(font_weight="bold", font_size="15px")), title)
    for b in buttons:
        button(box, b, "display:inline-block;margin:2px 4px 2px 0" if side_by_side else
               "display:block;width:100%;margin:2px 0")
    one_tab_stop(box)


def _exam(cell: ET.Element, exam: dict[str, Any]) -> None:
    """The exam: a box with the question, its choices, the score and the reset; under it the feedback and what
    the Director says in the answer, which flow on under the compass like the Director's statements."""
    group = element(cell, "div", "bl-exam", role="group", aria_label=str(exam.get("question", "")), data_role="exam",
                    style=css(white_space="normal", margin="4px 0"))
    box = element(group, "div", "bl-exam-box",
                  style=css(border="3px solid #6a3d9a", border_radius="8px", padding="4px 6px",
                            background_color="#f6f0fb", display="flow-root"))
    # "Question 4" runs in at the start of the question's line
    q = element(box, "div", "bl-exam-question", style=css(font_weight="bold", font_size="16px"))
    if exam.get("number"):
        element(q, "span", "bl-exam-number", str(exam["number"]), data_role="exam-number",
                style=css(font_size="15px", color="#6a3d9a", margin_right="8px"))
    sentence(element(q, "span", "bl-exam-text"), str(exam.get("question", "")))
    if exam.get("prompt"):
        sentence(element(box, "div", "bl-exam-prompt", style=css(font_size="15px")), str(exam["prompt"]))
    for b in exam.get("choices", ()):
        # short options ("Require ♥") side by side; an article's answers, one a line
        wide = "bl-exam-choice" in b.cls
        button(box, b, "font-size:16px;margin:3px 4px 3px 0;" + ("display:block;width:100%" if wide else
                                                                   "display:inline-block"))
    for b in exam.get("buttons", ()):
        button(box, b)
    fb = exam.get("feedback")
    if fb:
        ok, msg = fb
        sentence(element(group, "div", "bl-exam-feedback " + ("bl-right" if ok else "bl-wrong"),
                         data_result="right" if ok else "wrong",
                         style=css(font_size="15px", padding="2px 6px", margin="3px 0", display="flow-root",
                                   border_left=f"5px solid {'#2e8b57' if ok else RED}",
                                   background_color="#eef8f0" if ok else "#fff1ec")), msg)
    said = exam.get("statements")
    if said:  # the Director's ruling in the answer: the size of the statements box, a purple bar (table.css)
        ul = element(group, "ul", "bl-exam-statements", aria_live="polite",
                     style=css(margin="2px 0 0 0", padding_left="0", list_style_type="none",
                               font_size=f"{STATEMENT_PX}px", line_height="1.2"))
        for s in said:
            sentence(element(ul, "li", style=css(margin="1px 0")), str(s))
    one_tab_stop(group)


def _decision(parent: ET.Element, view: BoardView, lang: str, panel: Panel) -> None:
    d = view.decision
    if d is None:
        return
    title = text("widget.decision.title", lang, seat=d.by, law=d.law)
    box = element(parent, "div", "bl-decision", role="group", aria_label=title, data_role="decision",
                  style=css(border=f"3px solid {ORANGE}", border_radius="8px", padding="4px 6px",
                            background_color="#fff8ee", margin="4px 0", white_space="normal", display="flow-root"))
    sentence(element(box, "div", "bl-decision-title", style=css(font_weight="bold", font_size="16px")), title)
    marked = False
    for i, ch in enumerate(d.options):
        b = Button(ch.text(lang), "choose", str(i), ch.tooltip(lang), disabled=not panel.decision_enabled,
                   cls="bl-option")
        # short options ("Require ♥", "No restriction") side by side, a long one on a line of its own
        el = button(box, b, "font-size:16px;" + ("display:inline-block;margin:3px 4px 3px 0"
                                                 if len(b.label) <= SHORT_OPTION else
                                                 "display:block;width:100%;margin:3px 0"))
        if i in panel.article_options and not view.held_back and panel.article_label:
            # a diamond on the button (its name says it to a screen reader), the legend once under the options
            mark = element(el, "span", "bl-article-mark", " ◆", title=panel.article_label,
                           style=css(color="#6a3900", font_weight="bold"))
            element(mark, "span", "bl-sr", " " + panel.article_label)  # seen by screen readers only (table.css)
            marked = True
    if marked:
        element(box, "div", "bl-article-legend", "◆ " + panel.article_label,
                style=css(font_size="12px", color="#6a3900", font_weight="bold"))
    for w in panel.worth:
        if w.get("kind") == "decision":
            _worth(box, w)
    one_tab_stop(box)


def _worth(box: ET.Element, w: Mapping[str, Any]) -> None:
    """The double-dummy values (:func:`bridgelaws.session.worth.worth_panel`): the button that computes them,
    or a note (held back, not available here), or the values a line each with the caveat under them."""
    part = element(box, "div", "bl-worth", data_role="worth", style=css(margin="4px 0 0 0", white_space="normal"))
    if w.get("button") is not None:
        button(part, w["button"], "font-size:14px;display:inline-block;margin:3px 4px 3px 0")
    if w.get("note"):
        sentence(element(part, "div", "bl-worth-note", style=css(font_size="13px", color="#444444")), w["note"])
    if w.get("lines"):
        sentence(element(part, "div", "bl-worth-heading", style=css(font_size="14px", font_weight="bold")),
                 w["heading"])
        ul = element(part, "ul", "bl-worth-values", aria_live="polite",
                     style=css(margin="1px 0", padding_left="1.1em", font_size="15px", line_height="1.2"))
        for line in w["lines"]:
            sentence(element(ul, "li", data_role="worth-value"), line)
        if w.get("target"):   # the values in the contract's terms: "4♥: 10 tricks needed; 9 is one down"
            sentence(element(part, "div", "bl-worth-target", data_role="worth-target",
                             style=css(font_size="14px")), w["target"])
        sentence(element(part, "div", "bl-worth-caveat", style=css(font_size="13px", font_style="italic",
                                                                   color="#444444")), w["caveat"])


def _worth_box(cell: ET.Element, w: Mapping[str, Any]) -> None:
    """The claim's tricks or the Law 64C check: a titled box beside the compass, one tab stop."""
    box = element(cell, "div", f"bl-worth-{w['kind']}", role="group", aria_label=w["title"],
                  data_role=f"worth-{w['kind']}",
                  style=css(border="2px solid #6a6a6a", border_radius="8px", padding="3px 6px", margin="4px 0",
                            background_color="#f6f6f6", white_space="normal", display="flow-root"))
    sentence(element(box, "div", style=css(font_weight="bold", font_size="15px")), w["title"])
    _worth(box, w)
    one_tab_stop(box)


def _message(cell: ET.Element, kind: str, msg: str) -> None:
    """The message line: an error (role=alert, red) or what was done (role=status, green)."""
    attrs = {"role": "alert"} if kind == "error" else {"role": "status"}
    sentence(element(cell, "div", f"bl-msg bl-{kind}", data_role="message",
                     style=css(font_size="15px", padding="3px 8px", margin="3px 0", white_space="normal",
                               display="flow-root",
                               color="#8a1c00" if kind == "error" else "#0f3d1f",
                               background_color="#fff1ec" if kind == "error" else "#eef8f0",
                               border_left=f"5px solid {RED if kind == 'error' else '#2e8b57'}"), **attrs), msg)


def _hint(cell: ET.Element, hint: str) -> None:
    """A small grey line of help under the boxes."""
    sentence(element(cell, "div", "bl-hint", style=css(font_size="13px", color="#444444", white_space="normal",
                                                        display="flow-root")),
             hint)


def files_box(cell: ET.Element, panel: Panel) -> None:
    """On the toolbar, folded: save and load your own example."""
    files = panel.files
    if files:
        # open, the box scrolls within about half a screen: the table under it stays in view at 1280x800
        det = element(cell, "details", "bl-files", style=css(font_size="14px", margin_top="4px", white_space="normal",
                                                        max_width="16em", max_height="24em", overflow_y="auto"))
        if files.get("open"):
            det.set("open", "open")
        element(det, "summary", text=str(files["summary"]), style=css(cursor="pointer"))
        pick = dict(files.get("pbn") or ())
        if pick:   # the board chooser: the file's boards, and each record of the board (issue 37)
            part = element(det, "div", "bl-pbn", data_role="pbn-chooser", style=css(margin="3px 0"))
            select_box(part, pick["select"])
            element(part, "div", text=str(pick["heading"]), style=css(font_size="13px", font_weight="bold"))
            group = element(part, "div", role="group", style=css(white_space="normal", max_height="16em",
                                                                 overflow_y="auto"))   # 30 tables: a scrolled list
            for b in pick["records"]:
                button(group, b, "font-size:13px;display:block;width:100%;margin:2px 0;text-align:left")
        row = element(det, "div", style=css(white_space="normal"))
        lab = element(row, "label", text=str(files["name_label"]) + " ", style=css(display="inline-block"))
        element(lab, "input", data_field="filename", value=str(files["name"]), type="text",
                style=css(font_family="inherit", font_size="14px", width="12em"))
        lab2 = element(row, "label", style=css(display="inline-block", margin_left="6px"))
        cb = element(lab2, "input", type="checkbox", data_field="overwrite")
        if files.get("overwrite"):
            cb.set("checked", "checked")
        cb.tail = " " + str(files["overwrite_label"])
        for key, label, value, others in files.get("words", ()):   # title, question, laws (issue 37)
            lab = element(row, "label", text=str(label) + " ", style=css(display="block", margin_top="3px"))
            tag = "textarea" if key == "question" else "input"
            field = element(lab, tag, data_field=key, style=css(font_family="inherit", font_size="14px",
                                                                width="15em"))
            if tag == "input":
                field.set("type", "text")
                field.set("value", str(value))
            else:
                field.set("rows", "2")
                field.text = str(value)
            for said in others:   # the other languages' text, kept when the file is saved
                element(row, "div", "bl-words-other", text=str(said), style=css(font_size="12px", color="#555555"))
        for key, label, ticked in files.get("expect", ()):   # the expected ruling, ticked from the table
            lab3 = element(row, "label", style=css(display="block", font_size="13px", margin_top="3px"))
            box = element(lab3, "input", type="checkbox", data_field=key)
            if ticked:
                box.set("checked", "checked")
            box.tail = " " + str(label)
        for b in files.get("buttons", ()):
            button(row, b)
        if files.get("folder"):
            element(row, "div", text=str(files["folder"]), style=css(font_size="12px", color="#555555"))
