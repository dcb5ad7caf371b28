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

import importlib.util
import json
import os
import re
import sys
from pathlib import Path
from typing import Any

from bridgelaws.i18n import normalize_lang, text
from bridgelaws.scenario import example_files, load, localized

__all__ = ["notebooks_root", "lesson_name", "lesson_notebook", "example_texts", "make_lesson"]


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


def make_lesson(example: Path, langs: Any, name: str | None = None, force: bool = False
                ) -> tuple[list[Path], dict[str, int]]:
    """Write the lesson in each language (the first is the source): (the notebooks written, the paragraphs
    left to translate per language). A ValueError says what is wrong (no such example, not beside the
    notebooks, a notebook of that name)."""
    langs = list(dict.fromkeys(normalize_lang(x) for x in langs))
    if not example.exists():
        raise ValueError(f"{example}: no such file or folder")
    root = notebooks_root(example)
    stem = name or lesson_name(root, example)
    targets = [root / lang / f"{stem}.ipynb" for lang in langs]
    taken = [t for t in targets if t.exists()]
    if taken and not force:
        raise ValueError(f"{taken[0]} exists: give another name, or write over it (--force)")
    write_notebook(targets[0], lesson_notebook(example, langs[0], langs, root))
    waiting = _translate_lesson(root, example, stem, langs) if len(langs) > 1 else {}
    return targets, waiting


def _translate_lesson(root: Path, example: Path, stem: str, langs: list[str]) -> dict[str, int]:
    """The translations, made as every notebook's are (tools/translate.py beside the notebooks): a catalogue per
    language with the example's own text in that language filled in, the rest left empty for the translator;
    then the translated notebooks. Returns the entries left to translate per language."""

    tool = root.parent / "tools" / "translate.py"
    spec = importlib.util.spec_from_file_location("bridgelaws_translate_tool", tool) if tool.is_file() else None
    if spec is None or spec.loader is None or importlib.util.find_spec("polib") is None:
        for lang in langs[1:]:   # no workflow here: each language's notebook written from the example's text
            nb = lesson_notebook(example, lang, langs, root)
            nb["metadata"]["bridgelaws"] = {"lang": lang, "translated_from": f"../{langs[0]}/{stem}.ipynb"}
            write_notebook(root / lang / f"{stem}.ipynb", nb)
        return {lang: 0 for lang in langs[1:]}
    tr = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = tr   # its dataclasses look their module up there
    spec.loader.exec_module(tr)
    tr.ROOT, tr.NOTEBOOKS, tr.LOCALES = root.parent, root, root.parent / "locales"
    tr.update(only=stem)
    src_title, src_question = example_texts(example, langs[0])
    waiting = {}
    for lang in langs[1:]:
        title, question = example_texts(example, lang)
        known = {f"# {src_title}": f"# {title}" if title else None, src_question: question,
                 text("lesson.table", langs[0]): text("lesson.table", lang),
                 f"## {text('lesson.walk', langs[0])}": f"## {text('lesson.walk', lang)}"}
        filled = {}
        for md, translated in known.items():
            if md and translated:
                src_blocks, own_blocks = tr.blocks(md), tr.blocks(translated)
                if len(src_blocks) == len(own_blocks):
                    filled.update({a.text: b.text for a, b in zip(src_blocks, own_blocks)})
        path = tr.LOCALES / lang / f"{stem}.po"
        po = tr.load_catalogue(path)
        for entry in po:
            if not entry.obsolete and not entry.msgstr and entry.msgid in filled:
                entry.msgstr = filled[entry.msgid]
        tr.save_catalogue(po, path)
        waiting[lang] = sum(1 for e in po if not e.obsolete and (not e.msgstr or "fuzzy" in e.flags))
    tr.update(only=stem)
    return waiting
