"""The side panel of the card table as data (:class:`bridgelaws.render.html.Panel`): where play is, the step
buttons, the branches, the exam box, the settings, the message line and the Save/Load box."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from bridgelaws import scenario as _scenario
from bridgelaws.cards import Seat
from bridgelaws.i18n import text
from bridgelaws.notation import format_seat
from bridgelaws.render.html import Button, Panel
from bridgelaws.render.html import Select as SelectBox
from bridgelaws.session.common import CLICK_MODES, DECISION_EVENTS, LANG_NAMES, MODES, t
from bridgelaws.session.core import SessionCore
from bridgelaws.session.worth import worth_panel
from bridgelaws.view import BoardView, revoke_choices, same_event

ROLES = ("director", "N", "E", "S", "W", "declarer")


def side_panel(s: SessionCore, view: BoardView) -> Panel:
    """Everything the table shows beside the hands, for the session ``s`` at the position ``view``."""
    lang = s.lang
    br = s.branches[s.branch]
    q = s.question()
    article_options = article_options_at(s, view)
    return Panel(
        title=_scenario.localized(br.title, lang) or "",
        question=(_scenario.localized(br.question, lang) or "") if s.mode != "exam" or q is None else "",
        where=_where(s), controls=_controls(s), tools=_tools(s), message=s.message_text(), hint=_hint(s),
        branches=(branches := _branches(s, view)), branches_title=t("branches", lang) if branches else "",
        exam=s.exam.box(q, lang) if s.mode == "exam" else None, timeline=timeline_markup(s),
        held_back_note=t("held_back", lang), files=_files(s), selected=frozenset(s.selected),
        article_options=frozenset(article_options), article_label=t("in_article", lang),
        decision_enabled=not (q is not None and q["kind"] == "decision" and not s.exam.is_answered(q)),
        revoke=(revoke := _revoke(s)), revoke_title=text("widget.revoke.title", lang) if revoke else "",
        worth=worth_panel(s),
    )


def timeline_markup(s: SessionCore) -> str:
    """The constraint timeline at this step (:func:`bridgelaws.timeline.svg`, its columns clickable, with the text
    version folded under it): what has arisen by now; while the ruling is held back, what had arisen before the
    last event (the ruling on it is the question). "" when the table does not show it.

    The markup stays the same while the lanes, the trick the position is in and whether the drawing has a line
    of the position reached stay the same: the line and the ends of the lanes in force follow the play through
    :func:`timeline_now` (a card is a few attributes in the page, not the whole drawing again)."""
    if not s.show_timeline:
        return ""
    from html import escape

    from bridgelaws import timeline as _timeline

    table = _timeline_table(s)
    drawn = _timeline.lanes(table)
    now = _timeline.now_x(table, drawn=drawn)
    key = (drawn, _timeline.stop_trick(table.state), bool(now), _timeline.span(table).column, s.lang)
    if s.timeline_cache is not None and s.timeline_cache[0] == key:
        return s.timeline_cache[1]
    markup = (f'<div data-role="timeline" title="{escape(t("timeline.click", s.lang))}">'
              + _timeline.svg(table, s.lang, keys=True, drawn=drawn)
              + '<details data-fold="timeline"><summary style="cursor:pointer;font-size:15px">'
              + escape(text("widget.timeline.as_text", s.lang)) + "</summary>"
              + _timeline.text_html(table, s.lang, drawn=drawn) + "</details></div>")
    s.timeline_cache = (key, markup)
    return markup


def timeline_now(s: SessionCore) -> str:
    """Where the timeline's line of the position reached stands now (:func:`bridgelaws.timeline.now_x`; "" when
    it has none): the page moves the line and the ends of the lanes in force there
    (:func:`bridgelaws.timeline.place_now`)."""
    if not s.show_timeline:
        return ""
    from bridgelaws import timeline as _timeline

    return _timeline.now_x(_timeline_table(s))


def _timeline_table(s: SessionCore) -> Any:
    """The table as far as the timeline shows it: while the ruling is held back, without the last event."""
    return s.table.copy(history=len(s.history) - (1 if s.held_back and s.history else 0))


def _where(s: SessionCore) -> str:
    """Where play is: the start, or the last event (with its number on the script, or as own play)."""
    lang = s.lang
    n = len(s.history)
    total = len(s.branches[s.branch].events)
    if n == 0:
        return t("where.start", lang, total=total) if s.on_script and s.scripted else ""
    from bridgelaws.timeline import describe_event

    what = describe_event(s.history[-1], lang, s.table.states[n - 1])
    if not s.scripted:
        return what
    if s.on_script:
        return t("where.at", lang, n=n, total=total, what=what)
    return t("where.off" if from_article(s) else "where.off_example", lang, what=what)


def from_article(s: SessionCore) -> bool:
    """The table's script comes from a source article (its first file has a ``seed-`` tag); else it is a teacher's
    own example or a club's file, and the buttons say "the example", not "the article" (issue 37)."""
    main = s.branches[0].scenario if s.branches else None
    return main is not None and any(tag.startswith("seed-") for tag in main.tags)


def _controls(s: SessionCore) -> tuple[Button, ...]:
    lang = s.lang
    n = len(s.history)
    has_next = s.script_next() is not None or bool(s.redo)
    controls = [
        Button("◀", "back", tooltip=t("back.tooltip", lang), disabled=n == 0),
        Button("▶", "step", tooltip=t("step.tooltip", lang), disabled=not has_next),
    ]
    if s.scripted:  # the stops are the article's
        controls.insert(0, Button("«", "prev_stop", tooltip=t("prev_stop", lang), disabled=n == 0 and s.on_script))
        controls.append(Button(t("next_stop", lang) + " »", "next_stop", tooltip=t("next_stop.tooltip", lang),
                               disabled=not has_next))
    if s.mode != "lesson":
        controls.append(Button(t("reveal", lang) if not s.revealed else t("hide", lang), "reveal",
                               tooltip=t("reveal.tooltip", lang), pressed=s.revealed, cls="bl-reveal"))
    if not s.on_script:
        key = "article" if from_article(s) else "example_back"
        controls.append(Button("↩ " + t(key, lang), "article", tooltip=t(key + ".tooltip", lang), cls="bl-article"))
    return tuple(controls)


def _next_events(s: SessionCore) -> list[Any]:
    n = len(s.history)
    return [s.branches[i].events[n] for i in s.matching() if len(s.branches[i].events) > n]


def article_options_at(s: SessionCore, view: BoardView) -> set[int]:
    """The article's choice at a decision, marked on that option of the decision (no second box): the option
    that the article's own line takes here (the table's first scenario, when it comes from a source article: a
    ``seed-`` tag). Nothing is marked where the article does not choose (its line stops at the decision, or its
    branches play every option out) or where there is no article (a teacher's own example; issue 37)."""
    if view.decision is None or not s.branches:
        return set()
    main = s.branches[0]
    if main.scenario is None or not any(tag.startswith("seed-") for tag in main.scenario.tags):
        return set()
    n = len(s.history)
    if 0 not in s.matching() or len(main.events) <= n:
        return set()
    options = view.decision.options
    nexts = _next_events(s)
    if all(any(same_event(ch.event, e) for e in nexts) for ch in options):
        return set()   # the article plays every option out: it compares them and chooses none
    return {i for i, ch in enumerate(options) if same_event(ch.event, main.events[n])}


def _branches(s: SessionCore, view: BoardView) -> tuple[Button, ...]:
    """Where the article's branches part: a button for each, except those the decision box already offers (a
    branch that goes on with one of the decision's options is that option, marked as the article's)."""
    div = s.divergence() if s.on_script else []
    if view.decision is not None:
        n = len(s.history)
        div = [i for i in div if not any(same_event(ch.event, s.branches[i].events[n])
                                         for ch in view.decision.options)]
        if len(div) < 2 and all(isinstance(e, DECISION_EVENTS) for e in _next_events(s)):
            return ()
    if not div:
        return ()
    return tuple(Button(s.branches[i].label(s.lang), "branch", str(i), cls="bl-branch") for i in div)


def _revoke(s: SessionCore) -> tuple[Button, ...]:
    """Attention drawn to a revoke while it may be corrected, and the 62C withdrawals: the engine's own."""
    return tuple(Button(ch.text(s.lang), "revoke_action", str(i), ch.tooltip(s.lang), cls="bl-revoke-action")
                 for i, ch in enumerate(revoke_choices(s.table)))


def _hint(s: SessionCore) -> str:
    if s.click_mode == "simultaneous" and s.selected:
        return text("widget.sim.selected", s.lang, seat=s.owner(s.selected[0]), cards=tuple(s.selected))
    return text(f"widget.hint.{s.click_mode}", s.lang) if s.click_mode != "play" else ""


def _role_label(r: str, lang: str) -> str:
    if r == "director":
        return t("role.director", lang)
    if r == "declarer":
        return t("role.declarer", lang)
    return format_seat(Seat.parse(r), lang)


def _tools(s: SessionCore) -> tuple[Button | SelectBox, ...]:
    return _tools_for(s.lang, s.mode, s.role, s.click_mode, len(s.selected) < 2)


@lru_cache(maxsize=256)
def _tools_for(lang: str, mode: str, role: str, click_mode: str, too_few: bool) -> tuple[Button | SelectBox, ...]:
    """The toolbar's lists (and Play in the simultaneous mode): the same for the same settings, so drawn once
    for them, not on every click."""
    tools: list[Button | SelectBox] = [
        SelectBox(t("mode", lang), "set_mode", tuple((m, t(f"mode.{m}", lang)) for m in MODES), mode,
                  t("mode.tooltip", lang)),
        SelectBox(t("role", lang), "set_role", tuple((r, _role_label(r, lang)) for r in ROLES), role,
                  t("role.tooltip", lang)),
        SelectBox(t("click", lang), "set_click", tuple((m, text(f"widget.mode.{m}", lang)) for m in CLICK_MODES),
                  click_mode, text("widget.mode.tooltip", lang)),
        SelectBox(t("lang", lang), "set_lang", LANG_NAMES, lang, t("lang.tooltip", lang)),
    ]
    if click_mode == "simultaneous":
        tools.append(Button(text("widget.sim.play", lang), "sim_play", tooltip=text("widget.sim.play.tooltip", lang),
                            disabled=too_few))
    return tuple(tools)


def _files(s: SessionCore) -> dict[str, Any]:
    from bridgelaws.session.files import other_languages

    f = s.files
    box = dict(_files_for(s.lang, f.files_open, f.filename, f.overwrite, str(f.folder), f.allow_write))
    meta = s.example_metadata()   # the example's words, with what the teacher typed (issue 37)
    lang = s.lang
    box["words"] = tuple(
        (key, t(f"file.{key}", lang), _scenario.localized(meta.get(key), lang) if isinstance(meta.get(key), dict)
         else (meta.get(key) or "") if key != "laws" else ", ".join(meta.get("laws", ())),
         tuple(f"{other}: {said}" for other, said in other_languages(meta, key, lang)))
        for key in ("title", "question", "laws"))
    from bridgelaws.session.dispatch import values_now
    from bridgelaws.session.files import cited_now

    cited, values = cited_now(s.table), values_now(s)
    expect = []
    if cited:
        expect.append(("expect_cite", t("file.expect_cite", lang, laws=", ".join(cited)),
                       s.files.ticks.get("expect_cite", False)))
    if values is not None:
        expect.append(("expect_values", t("file.expect_values", lang, values=", ".join(
            f"{k} {v}" for k, v in values.items())), s.files.ticks.get("expect_values", False)))
    box["expect"] = tuple(expect)
    from bridgelaws.session.pbnpick import chooser

    box["pbn"] = chooser(s)   # a PBN file of many boards: the board chooser (issue 37)
    if isinstance(meta.get("title"), dict) and lang not in meta["title"]:
        box["words"] = tuple((k, label, "" if k == "title" else v, o) for k, label, v, o in box["words"])
    if isinstance(meta.get("question"), dict) and lang not in meta["question"]:
        box["words"] = tuple((k, label, "" if k == "question" else v, o) for k, label, v, o in box["words"])
    return box


@lru_cache(maxsize=64)
def _files_for(lang: str, files_open: bool, filename: str, overwrite: bool, folder: str,
               allow_write: bool) -> tuple[tuple[str, Any], ...]:
    """The Save/Load box: the same for the same state of the box, so drawn once for it, not on every click."""
    return tuple({
        "summary": t("file.summary", lang),
        "open": files_open,
        "name_label": t("file.name", lang),
        "name": filename,
        "overwrite": overwrite,
        "overwrite_label": t("file.overwrite", lang),
        "folder": t("file.folder", lang, folder=folder),
        "buttons": (
            Button(t("file.save", lang), "save", tooltip=t("file.save.tooltip", lang), disabled=not allow_write),
            Button(t("file.save_test", lang), "save_test", tooltip=t("file.save_test.tooltip", lang),
                   disabled=not allow_write),
            Button(t("file.save_branches", lang), "save_branches", tooltip=t("file.save_branches.tooltip", lang),
                   disabled=not allow_write),
            Button(t("file.load", lang), "load", tooltip=t("file.load.tooltip", lang)),
            Button(t("lesson.make", lang), "make_notebook", tooltip=t("lesson.make.tooltip", lang),
                   disabled=not allow_write),
        ),
    }.items())
