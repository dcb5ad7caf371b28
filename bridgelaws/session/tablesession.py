"""The card table as the widget uses it: :class:`SessionCore` with the page's messages
(:mod:`~bridgelaws.session.dispatch`) and its drawing (the side panel of :mod:`~bridgelaws.session.panel`
beside the hands, by the one renderer :func:`bridgelaws.render.html.board`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bridgelaws.errors import BridgeLawsError
from bridgelaws.i18n import Message, text
from bridgelaws.render import html as _html
from bridgelaws.render.html import Panel
from bridgelaws.session.core import SessionCore
from bridgelaws.session.dispatch import dispatch
from bridgelaws.session.panel import side_panel, timeline_now
from bridgelaws.timeline import place_now
from bridgelaws.view import BoardView


class TableSession(SessionCore):
    """A card table: an engine table, the script (its branches), and what the reader has asked to see; see
    :class:`SessionCore` for the keywords. :meth:`handle` carries out the page's messages and :meth:`render`
    draws the table, so the browser and the headless tests drive exactly the same code."""

    def handle(self, msg: Mapping[str, Any]) -> None:
        """Carry out one message from the page (``{"action": ..., ...}``). A refusal by the engine or by
        Save/Load becomes the message line, in the user's language; nothing else changes."""
        try:
            dispatch(self, str(msg.get("action", "")), msg.get("arg", ""), msg)
        except BridgeLawsError as exc:
            self.message = ("error", exc)
        except (ValueError, KeyError, IndexError, TypeError, OverflowError) as exc:   # a crafted message (#21, N9)
            self.message = ("error", Message("table.bad_request", {"what": type(exc).__name__}))

    def announcement(self) -> str:
        """What the page's live region says after this message: the message line; else, once an exam question
        is answered, right or wrong with the law; else the decision waiting, with its law; else nothing."""
        msg = self.message_text()
        if msg is not None:
            return msg[1]
        q = self.question()
        done = self.exam.answered.get(q["key"]) if q is not None else None
        if done is not None:
            return str(done[1])
        d = self.table.state.pending
        return text("widget.decision.title", self.lang, seat=d.by, law=d.law) if d is not None else ""

    def panel(self, view: BoardView) -> Panel:
        return side_panel(self, view)

    def render(self, sheet: dict[str, str] | None = None) -> str:
        """The whole table as HTML (the widget's markup). With ``sheet`` (a dict the caller keeps), styles
        become classes collected in it (see :func:`bridgelaws.render.html.style_rules`); else inline."""
        view = self.view()
        markup = str(_html.board(view, self.lang, interactive=True, panel=self.panel(view), sheet=sheet))
        return place_now(markup, self.timeline_now())

    def timeline_now(self) -> str:
        """Where the timeline's line of the position reached stands (:func:`bridgelaws.session.panel.timeline_now`):
        the regions of :meth:`render_parts` leave it to the page."""
        return timeline_now(self)

    def render_parts(self, sheet: dict[str, str] | None = None,
                     memo: _html.RegionMemo | None = None) -> tuple[str, dict[str, str]]:
        """:meth:`render` as a frame and its regions (:func:`bridgelaws.render.html.board_parts`; ``memo``:
        regions drawn before, kept with ``sheet``)."""
        view = self.view()
        return _html.board_parts(view, self.lang, panel=self.panel(view), sheet=sheet, memo=memo)
