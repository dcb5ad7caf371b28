"""The page's messages (``{"action": "card", "card": "HJ"}``) mapped onto the session's methods. One handler
per action; a message the table does not know, or with an argument that is not what the action takes, is a
ValueError (the caller shows it as a refusal)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bridgelaws.session.auction import answer_call, make_call
from bridgelaws.session.common import CLICK_MODES, parse_index
from bridgelaws.session.core import SessionCore
from bridgelaws.session.worth import request as _worth_request
from bridgelaws.view import parse_role

Handler = Callable[[SessionCore, Any, Mapping[str, Any]], None]


def _value(arg: Any, msg: Mapping[str, Any]) -> str:
    return str(msg.get("value", arg))


def _ignore(_result: Any) -> None:
    return None


def _call(method: str) -> Handler:
    """A handler that calls a method of the session with no argument (what it returns is not needed)."""
    def handler(s: SessionCore, arg: Any, msg: Mapping[str, Any]) -> None:
        getattr(s, method)()
    return handler


def _reveal(s: SessionCore, arg: Any, msg: Mapping[str, Any]) -> None:
    s.revealed = not s.revealed if s.mode != "lesson" else True


def _set_mode(s: SessionCore, arg: Any, msg: Mapping[str, Any]) -> None:
    s.mode = _value(arg, msg)


def _set_role(s: SessionCore, arg: Any, msg: Mapping[str, Any]) -> None:
    s.role = parse_role(_value(arg, msg))


def _set_click(s: SessionCore, arg: Any, msg: Mapping[str, Any]) -> None:
    value = _value(arg, msg)
    if value not in CLICK_MODES:
        raise ValueError(value)
    s.click_mode = value
    s.selected = []


def _reset_exam(s: SessionCore, arg: Any, msg: Mapping[str, Any]) -> None:
    """The score back to 0 of 0: every question may be answered again (a refusal of a second answer is gone)."""
    s.exam.board.reset()
    s.message = None


def _toggle_files(s: SessionCore, arg: Any, msg: Mapping[str, Any]) -> None:
    s.files.files_open = not s.files.files_open


def _file_action(action: str) -> Handler:
    def handler(s: SessionCore, arg: Any, msg: Mapping[str, Any]) -> None:
        s.files.files_open = True
        if "name" in msg:
            s.files.filename = str(msg["name"])[:200]
        if "overwrite" in msg:
            s.files.overwrite = bool(msg["overwrite"])
        for key in ("expect_cite", "expect_values"):   # the expected ruling ticked from the table (issue 37)
            if key in msg:
                s.files.ticks[key] = bool(msg[key])
        for key in ("title", "question", "laws"):   # the Save box's words, in the table's language (issue 37)
            if isinstance(msg.get(key), str):
                s.files.words[key] = msg[key][:2000]
        if action == "load":
            s.load()
        elif action == "save_branches":
            _save_branches(s)
        else:
            s.save(as_test=action == "save_test", extra_expected=ticked_expected(s) if action == "save_test" else None)
    return handler


def _save_branches(s: SessionCore) -> None:
    """Save the example with every option of its decision as a branch (bridgelaws.session.files)."""
    from bridgelaws.i18n import Message
    from bridgelaws.session.files import save_branches

    path = save_branches(s)
    s.message = ("info", Message("table.file.saved_branches", {"name": path.name, "folder": str(s.files.folder)}))


def _make_notebook(s: SessionCore) -> None:
    """The lesson notebook of the example saved last (bridgelaws.session.files.make_notebook)."""
    from bridgelaws.session.files import make_notebook

    make_notebook(s)


def _pbn(what: str, s: SessionCore, value: Any) -> None:
    """The board chooser's requests (bridgelaws.session.pbnpick; issue 37)."""
    from bridgelaws.session.pbnpick import choose_board, choose_record

    (choose_board if what == "choose_board" else choose_record)(s, value)


def values_now(s: SessionCore) -> dict[str, int] | None:
    """The values the table shows for the pending decision, as ``option_values`` writes them; None when they
    have not been computed, or one of them is only a bound."""
    from bridgelaws.session.worth import position_key

    result = s.worth_results.get((position_key(s), "decision"))
    if result is None or result.kind != "decision" or not result.values:
        return None
    if any(v.worth.lower != v.worth.upper for v in result.values):
        return None
    return {v.option: v.worth.lower for v in result.values}


def ticked_expected(s: SessionCore) -> dict[str, Any]:
    """The expected ruling the teacher ticked in the Save box, from what the table shows (issue 37)."""
    from bridgelaws.session.files import cited_now

    extra: dict[str, Any] = {}
    if s.files.ticks.get("expect_cite") and cited_now(s.table):
        extra["statements_cite_exactly"] = cited_now(s.table)
    values = values_now(s)
    if s.files.ticks.get("expect_values") and values is not None:
        extra["option_values"] = values
    return extra
def _call_seat(s: SessionCore, arg: Any, msg: Mapping[str, Any]) -> None:
    from bridgelaws.cards import Seat

    value = _value(arg, msg)
    s.call_seat = None if value in ("", "-") else Seat.parse(value)


def _call_finding(s: SessionCore, arg: Any, msg: Mapping[str, Any]) -> None:
    from bridgelaws.events import CALL_FINDINGS

    value = _value(arg, msg)
    if value and value not in CALL_FINDINGS:
        raise ValueError(value)
    s.call_finding = None if not value or value == s.call_finding else value


HANDLERS: dict[str, Handler] = {
    "card": lambda s, arg, msg: s.click(str(msg.get("card", ""))),
    "choose": lambda s, arg, msg: s.choose(parse_index(arg)),
    "revoke_action": lambda s, arg, msg: s.revoke_action(parse_index(arg)),
    "step": _call("step"),
    "back": _call("back"),
    "next_stop": _call("next_stop"),
    "prev_stop": _call("prev_stop"),
    "trick": lambda s, arg, msg: s.goto_trick(parse_index(arg)),
    "restart": lambda s, arg, msg: s.goto_start("stop"),
    "article": _call("back_to_article"),
    "branch": lambda s, arg, msg: s.take_branch(parse_index(arg)),
    "reveal": _reveal,
    "worth": lambda s, arg, msg: _worth_request(s, str(arg or "")),
    "set_mode": _set_mode,
    "set_role": _set_role,
    "set_lang": lambda s, arg, msg: s.set_lang(_value(arg, msg)),
    "set_click": _set_click,
    "sim_play": lambda s, arg, msg: s.play_selected(bool(msg.get("all_seen", True))),
    "exam_toggle": lambda s, arg, msg: s.toggle_option(parse_index(arg)),
    "exam_check": lambda s, arg, msg: _ignore(s.answer()),
    "exam_choice": lambda s, arg, msg: _ignore(s.answer(str(arg))),
    "exam_reset": _reset_exam,
    "files": _toggle_files,
    "save": _file_action("save"),
    "save_test": _file_action("save_test"),
    "save_branches": _file_action("save_branches"),
    "make_notebook": lambda s, arg, msg: _make_notebook(s),
    "pbn_board": lambda s, arg, msg: _pbn("choose_board", s, _value(arg, msg)),
    "pbn_record": lambda s, arg, msg: _pbn("choose_record", s, parse_index(arg)),
    "load": _file_action("load"),
    # the auction (issue 36)
    "call": lambda s, arg, msg: make_call(s, _value(arg, msg)),
    "call_seat": _call_seat,
    "call_finding": _call_finding,
    "accept_call": lambda s, arg, msg: answer_call(s, True),
    "reject_call": lambda s, arg, msg: answer_call(s, False),
}


def dispatch(s: SessionCore, action: str, arg: Any, msg: Mapping[str, Any]) -> None:
    """Carry out ``action`` on ``s``; raises ValueError for an action the table does not know."""
    handler = HANDLERS.get(action)
    if handler is None:
        raise ValueError(action)
    handler(s, arg, msg)
