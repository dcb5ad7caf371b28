"""What the card table does, without any widget: the article's line of play as a script, held-back
rulings, decisions and branches, role views, exam mode, and safe saving.

A :class:`TableSession` holds an engine :class:`~bridgelaws.table.Table` and one or more *branches*: the event
lists of scenario files that share the deal (variants of one example share a prefix of history and part at a
divergence). Every action is a method (``step``, ``next_stop``, ``choose``, ``click``, ``reveal`` ...) and
:meth:`TableSession.handle` maps the widget's messages (``{"action": "card", "card": "HJ"}``) onto them, so
the browser and the headless tests drive exactly the same code. :meth:`TableSession.render` draws the table
with the one renderer (:func:`bridgelaws.render.html.board`).

Modes: ``lesson`` shows the ruling at once; ``seminar`` holds it back (statements, penalty-card kinds, the
legal-card outline) until ``reveal``; ``exam`` poses the example's question before its answer and scores the
answers against the engine.

One concern per module, imports running down this list:

- :mod:`~bridgelaws.session.common`: the modes, a branch, the refusal of a file, small helpers;
- :mod:`~bridgelaws.session.script`: the script, its stops and branches, and moving along them;
- :mod:`~bridgelaws.session.exam`: the questions, the answers checked against the engine, the score;
- :mod:`~bridgelaws.session.files`: Save and Load inside one folder;
- :mod:`~bridgelaws.session.core`: the session's state (settings, clicks, the view) on top of those;
- :mod:`~bridgelaws.session.panel`: the side panel as data; :mod:`~bridgelaws.session.dispatch`: the page's
  messages;
- :mod:`~bridgelaws.session.tablesession`: :class:`TableSession`, the core with messages and drawing.

Pure Python (no ipywidgets): the widget (:mod:`bridgelaws.widgets`) is a thin front end on it.
"""

from __future__ import annotations

from bridgelaws.session.common import (
    CLICK_MODES, IRREGULAR_MODES, LANG_NAMES, MAX_FILE_BYTES, MODES, SCENARIO_SUFFIXES, Branch, FileRefusal,
    common_prefix, default_mode, set_default_mode,
)
from bridgelaws.session.exam import Scoreboard, notebook_scoreboard
from bridgelaws.session.files import expected_now
from bridgelaws.session.tablesession import TableSession

__all__ = [
    "MODES", "CLICK_MODES", "IRREGULAR_MODES", "Branch", "FileRefusal", "TableSession", "default_mode",
    "set_default_mode", "SCENARIO_SUFFIXES", "MAX_FILE_BYTES", "LANG_NAMES", "common_prefix", "expected_now",
    "Scoreboard", "notebook_scoreboard",
]
