"""A lesson notebook from a teacher's example, without typing code (issue 37):

    python -m bridgelaws notebook notebooks/da/mine/klub12 --lang da nb

writes ``notebooks/da/NN-klub12.ipynb`` (the source, in the first language): the example's title, its question,
the live card table with the example's branches and a walk-through of each of its files. The code reads the
example by a path relative to the notebooks' language folders (``../da/mine/klub12/``), the same from
``notebooks/da/`` and ``notebooks/nb/``, in JupyterLab, Voila, the handouts and the offline site (which ships
what lies beside the notebooks). The other languages are made by the notebooks' translation workflow
(tools/translate.py: ``locales/<lang>/<name>.po`` and the translated notebook), with the example's own text in
that language filled in and the rest left for the translator, as any new paragraph is.

Pure Python and JSON: no Jupyter package is needed to write the notebook."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

from bridgelaws.i18n import normalize_lang, text
from bridgelaws.scenario import example_files, load, localized

__all__ = ["notebooks_root", "lesson_name", "lesson_notebook", "example_texts"]


def notebooks_root(example: Path) -> Path:
    """The notebooks folder that holds the example: the nearest folder above it with ``da``, ``nb`` or ``en``
    notebook folders (``notebooks/``). A ValueError when there is none: the site ships only what is there."""
    p = example.resolve()
    for folder in [p, *p.parents]:
        if folder.name in ("da", "nb", "en") and folder.parent.is_dir():
            return folder.parent
    raise ValueError(f"{example}: put the example in a folder beside the notebooks (notebooks/da/mine/...), "
                     "so that the lesson, Voila, the handouts and the offline site can read it")


def lesson_name(root: Path, example: Path) -> str:
    """``NN-slug``: the next free number among the notebooks, and the example's name in ASCII."""
    numbers = [int(m[1]) for p in root.glob("*/*.ipynb") if (m := re.match(r"(\d+)-", p.name))]
    stem = example.name if example.is_dir() else example.stem
    slug = re.sub(r"[^a-z0-9]+", "-", stem.lower().replace("æ", "ae").replace("ø", "oe").replace("å", "aa"))
    slug = re.sub(r"^\d+-", "", slug.strip("-")) or "eksempel"
    return f"{max(numbers, default=0) + 1:02d}-{slug}"


def example_texts(example: Path, lang: str) -> tuple[str | None, str | None]:
    """The example's title and question in ``lang`` (None where the example has no text in that language)."""
    first = load(example_files(example)[0])
    return _only(first.title, lang), _only(first.question, lang)


def _only(value: Any, lang: str) -> str | None:
    if value is None:
        return None
    if isinstance(value, str):
        return value
    return value.get(lang) or None


def _cell(kind: str, source: str, cell_id: str, **meta: Any) -> dict[str, Any]:
    cell: dict[str, Any] = {"cell_type": kind, "id": cell_id, "metadata": meta, "source": source}
    if kind == "code":
        cell["execution_count"] = None
        cell["outputs"] = []
    return cell


def lesson_notebook(example: Path, lang: str, languages: list[str], root: Path) -> dict[str, Any]:
    """The source notebook in ``lang`` (metadata ``bridgelaws.languages``: the languages it is made in)."""
    lang = normalize_lang(lang)
    files = example_files(example)
    rel = Path(os.path.relpath(example.resolve(), root.resolve())).as_posix()
    if rel.startswith(".."):
        raise ValueError(f"{example}: not under {root}")
    where = f"../{rel}" + ("/" if example.is_dir() else "")
    first = load(files[0])
    title = localized(first.title, lang) or first.id
    question = localized(first.question, lang)
    cells = [_cell("markdown", f"# {title}", "title"),
             _cell("code", f'LANG = "{lang}"', "parameters", tags=["parameters"])]
    if question:
        cells.append(_cell("markdown", question.strip(), "question"))
    cells.append(_cell("markdown", text("lesson.table", lang), "table-intro"))
    cells.append(_cell("code", f'from bridgelaws import widgets\n\nwidgets.table("{where}", lang=LANG)', "table"))
    cells.append(_cell("markdown", "## " + text("lesson.walk", lang), "walk-heading"))
    for i, f in enumerate(files):
        path = f"../{Path(os.path.relpath(f.resolve(), root.resolve())).as_posix()}"
        cells.append(_cell("code", f'from bridgelaws.present import example\n\nexample("{path}", lang=LANG)',
                           f"walk-{i}"))
    return {"cells": cells,
            "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python",
                                        "name": "python3"},
                         "language_info": {"name": "python"},
                         "bridgelaws": {"lang": lang, "languages": list(languages)}},
            "nbformat": 4, "nbformat_minor": 5}


def write_notebook(path: Path, nb: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(nb, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
