"""The page's messages (``{"action": "card", "card": "HJ"}``) mapped onto the session's methods. One handler
per action; a message the table does not know, or with an argument that is not what the action takes, is a
ValueError (the caller shows it as a refusal)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

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
        if action == "load":
            s.load()
        else:
            s.save(as_test=action == "save_test")
    return handler


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
    "load": _file_action("load"),
    # the auction (issue 36)
    "call": lambda s, arg, msg: s.make_call(_value(arg, msg)),
    "call_seat": _call_seat,
    "call_finding": _call_finding,
    "accept_call": lambda s, arg, msg: s.answer_call(True),
    "reject_call": lambda s, arg, msg: s.answer_call(False),
}


def dispatch(s: SessionCore, action: str, arg: Any, msg: Mapping[str, Any]) -> None:
    """Carry out ``action`` on ``s``; raises ValueError for an action the table does not know."""
    handler = HANDLERS.get(action)
    if handler is None:
        raise ValueError(action)
    handler(s, arg, msg)
