"""What the article notebooks put at their top: the notebook-wide switch of the card tables.

    from bridgelaws import notebook
    notebook.mode_switch(MODE, LANG)     # Lesson | Seminar | Exam, for every card table of this notebook

``MODE`` (``"lesson"``, ``"seminar"`` or ``"exam"``) is set in the notebook's ``parameters`` cell beside ``LANG``;
the switch starts there, and a click changes the mode of every table of the kernel that has no mode of its own
(:func:`bridgelaws.widgets.set_mode`), at once, also in Voila where the code cannot be edited. The labels come
from the table's catalogue, in the notebook's language.

This module imports ipywidgets and the card table; nothing in the library imports it.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as W  # type: ignore[import-untyped]

from bridgelaws import widgets
from bridgelaws.i18n import normalize_lang, text

__all__ = ["mode_switch"]


def mode_switch(mode: str, lang: str = "en") -> Any:
    """Set the notebook-wide mode and return the switch that changes it (a ToggleButtons widget whose
    ``text/plain`` is deterministic, so nbval compares it)."""
    lang = normalize_lang(lang)
    widgets.set_mode(mode)
    switch = W.ToggleButtons(
        options=[(text(f"table.mode.{m}", lang), m) for m in widgets.MODES],
        value=widgets.get_mode(),
        description=text("table.mode", lang),
        tooltips=[text("table.mode.tooltip", lang)] * len(widgets.MODES),
        style={"description_width": "initial"},
    )
    switch.add_class("bl-mode-switch")
    switch.observe(lambda change: widgets.set_mode(change["new"]), names="value")
    return switch
