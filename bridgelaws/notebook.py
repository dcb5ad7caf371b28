"""What the article notebooks put at their top: the notebook-wide switch of the card tables.

    from bridgelaws import notebook
    notebook.mode_switch(MODE, LANG)     # Lesson | Seminar | Exam, for every card table of this notebook

``MODE`` (``"lesson"``, ``"seminar"`` or ``"exam"``) is set in the notebook's ``parameters`` cell beside ``LANG``;
the switch starts there, and a click changes the mode of every table of the kernel that has no mode of its own
(:func:`bridgelaws.widgets.set_mode`), at once, also in Voila where the code cannot be edited. The labels come
from the table's catalogue, in the notebook's language.

Before anything runs (a notebook just opened, trusted or not, GitHub, nbviewer) there is no widget model to draw:
the switch's output then carries a static picture of itself in ``text/html`` (the three modes, the current one
marked, inline styles only, so that it survives the sanitizer of an untrusted notebook) and a readable
``text/plain`` line, both deterministic (nbval compares them), never the widget's raw repr.

This module imports ipywidgets and the card table; nothing in the library imports it.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as W  # type: ignore[import-untyped]

from bridgelaws import widgets
from bridgelaws.i18n import normalize_lang, text

__all__ = ["ModeSwitch", "mode_switch", "with_fallback"]

VIEW_MIME = "application/vnd.jupyter.widget-view+json"

# the look of ipywidgets' toggle buttons, inline (an untrusted notebook drops <style> and classes' stylesheets)
_BOX = ("display:inline-flex;align-items:center;gap:4px;flex-wrap:wrap;margin:2px 0;font-family:system-ui,"
        "-apple-system,'Segoe UI',Arial,sans-serif;font-size:14px;line-height:1.4;color:#111111")
_BUTTON = ("display:inline-block;padding:3px 14px;border:1px solid #9e9e9e;border-radius:2px;"
           "background-color:#eeeeee;color:#111111")
_CURRENT = ("display:inline-block;padding:3px 14px;border:1px solid #1565c0;border-radius:2px;"
            "background-color:#1565c0;color:#ffffff;font-weight:bold")


def with_fallback(bundle: Any, html_text: str, plain: str) -> Any:
    """A widget's mimebundle with a static ``text/html`` picture and a readable ``text/plain`` line added: what a
    front end without the widget's model shows (an untrusted notebook chooses the sanitized ``text/html``)."""
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    if isinstance(data, dict) and VIEW_MIME in data:
        data["text/html"] = html_text
        data["text/plain"] = plain
    return bundle


class ModeSwitch(W.ToggleButtons):  # type: ignore[misc]
    """ipywidgets' ToggleButtons whose output also carries a static picture of the switch (see the module)."""

    def static_html(self) -> str:
        label = html.escape(str(self.description))
        parts = []
        for name, value in self.options:
            current = value == self.value
            mark = ' aria-current="true">✓ ' if current else ">"
            parts.append(f'<span style="{_CURRENT if current else _BUTTON}"{mark}{html.escape(str(name))}</span>')
        tip = html.escape(str(self.tooltips[0])) if self.tooltips else ""
        return (f'<div class="bl-mode-switch-static" data-bl="mode-switch" style="{_BOX}" title="{tip}" '
                f'role="group" aria-label="{label}"><span style="margin-right:6px">{label}:</span>'
                + "".join(parts) + "</div>")

    def static_text(self) -> str:
        return f"{self.description}: " + " | ".join(
            f"[{name}]" if value == self.value else str(name) for name, value in self.options)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return with_fallback(super()._repr_mimebundle_(**kwargs), self.static_html(), self.static_text())


def mode_switch(mode: str, lang: str = "en") -> Any:
    """Set the notebook-wide mode and return the switch that changes it (a ToggleButtons widget whose output also
    holds a static picture of it, deterministic, so nbval compares it)."""
    lang = normalize_lang(lang)
    widgets.set_mode(mode)
    switch = ModeSwitch(
        options=[(text(f"table.mode.{m}", lang), m) for m in widgets.MODES],
        value=widgets.get_mode(),
        description=text("table.mode", lang),
        tooltips=[text("table.mode.tooltip", lang)] * len(widgets.MODES),
        style={"description_width": "initial"},
    )
    switch.add_class("bl-mode-switch")
    switch.observe(lambda change: widgets.set_mode(change["new"]), names="value")
    return switch
