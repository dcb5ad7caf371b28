"""The notebook-wide switch at the top of the article notebooks (``bridgelaws.notebook.mode_switch``): it sets
the mode of every card table of the kernel that has no mode of its own, at once, and speaks the notebook's
language."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("anywidget")

from bridgelaws import notebook, widgets  # noqa: E402
from bridgelaws.i18n import text  # noqa: E402

EX2 = Path(__file__).resolve().parent.parent / "notebooks" / "scenarios" / "01-stort-strafkort-ex2-lead-options.toml"


@pytest.fixture(autouse=True)
def lesson_afterwards() -> Any:
    yield
    widgets.set_mode("lesson")


def test_the_switch_sets_the_mode_of_every_table_without_its_own() -> None:
    switch = notebook.mode_switch("lesson", "da")
    follows = widgets.table(str(EX2), lang="da")
    own = widgets.table(str(EX2), lang="da", mode="lesson")
    assert follows.session.mode == "lesson" and not follows.session.held_back
    assert follows.says  # at the first stop the Director already says something (East to lead, ♣6 major ...)
    switch.value = "seminar"  # a click on "Seminar"
    assert widgets.get_mode() == "seminar"
    assert follows.session.mode == "seminar" and follows.session.held_back  # the ruling is held back ...
    held = text("table.held_back", "da").split(":")[0]  # "Holdt tilbage"
    assert held in follows.html and held not in own.html  # ... on the page too, at once
    assert own.session.mode == "lesson" and not own.session.held_back  # ... except where a table chose its own
    switch.value = "exam"
    assert follows.session.mode == "exam"


def test_the_switch_starts_at_the_notebooks_mode_in_its_language() -> None:
    switch = notebook.mode_switch("exam", "nb")
    assert switch.value == "exam" and widgets.get_mode() == "exam"
    assert switch.description == text("table.mode", "nb")
    assert [label for label, _ in switch.options] == [text(f"table.mode.{m}", "nb") for m in widgets.MODES]
    with pytest.raises(ValueError, match="unknown mode"):
        notebook.mode_switch("lecture", "da")


def test_the_switch_output_carries_a_static_picture_for_a_notebook_not_yet_run() -> None:
    """Issue #20 item 5 (shot 12): before anything runs there is no widget model; an untrusted JupyterLab, GitHub
    and nbviewer show the output's text/html (and text/plain), never the raw ToggleButtons repr."""
    switch = notebook.mode_switch("seminar", "da")
    data = switch._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data
    html, plain = data["text/html"], data["text/plain"]
    assert plain == "Tilstand: Lektion | [Seminar] | Eksamen"
    assert "ToggleButtons(" not in html + plain
    labels = [text(f"table.mode.{m}", "da") for m in widgets.MODES]
    assert all(label in html for label in labels) and html.count("✓") == 1 and "✓ Seminar" in html
    assert "<style" not in html and " id=" not in html and "<script" not in html  # inline styles only
    again = notebook.mode_switch("seminar", "da")._repr_mimebundle_()
    assert (again["text/html"], again["text/plain"]) == (html, plain)  # deterministic (nbval compares them)
    switch.value = "exam"  # the picture follows the switch when it is shown again
    assert "✓ Eksamen" in switch._repr_mimebundle_()["text/html"]
