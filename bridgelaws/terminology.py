"""The terminology sheets: one word per concept in Danish, Norwegian and English, from the law books.

The sheets live in ``bridgelaws/i18n/terminology.toml``. Each concept has a preferred term per language with
its source (a paragraph of DBf's *Love for turneringsbridge* or NBF's lovboka, or another federation text),
and may list words to ``avoid`` (a second word for the same concept). The ``forbidden`` list holds words that
must not appear at all: loan words from the other Scandinavian language, superseded 2007 terms, citations and
quotation marks in the wrong style.

:func:`check` finds every such word in a text; ``tests/test_terminology.py`` runs it over every catalogue
string, every markdown cell of every notebook and every scenario title and question. :func:`markdown` writes
the sheets as ``docs/terminology.md`` (``python3 -m bridgelaws.terminology > docs/terminology.md``).

>>> [f.found for f in check("Blindemann må bekjenne", "nb")]
['bekjenne']
>>> check("Blindemann må følge farge", "nb")
[]
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from bridgelaws.i18n import normalize_lang
from bridgelaws.laws import LawRef

__all__ = ["Concept", "Rule", "Finding", "Place", "SHEET", "concepts", "rules", "check", "check_markdown",
           "check_catalogue", "check_notebook", "check_scenario", "markdown_segments", "notebook_language",
           "markdown"]

SHEET = Path(__file__).parent / "i18n" / "terminology.toml"


@dataclass(frozen=True, slots=True)
class Rule:
    """A word that must not appear in ``lang``: ``concept`` is the concept it is a second word for (None for a
    forbidden word), ``why`` the reason, ``text`` the word or pattern as the sheet writes it."""

    lang: str
    text: str
    pattern: re.Pattern[str]
    why: str
    concept: str | None = None
    source: str = ""


@dataclass(frozen=True, slots=True)
class Term:
    term: str
    source: str
    display: str = ""
    unverified: bool = False


@dataclass(frozen=True, slots=True)
class Concept:
    """One concept: its English name, its preferred term in each Scandinavian language, and the paragraph the
    glossary cites."""

    id: str
    en: str
    terms: dict[str, Term]
    law: LawRef | None = None
    glossary: bool = False
    avoid: dict[str, tuple[Rule, ...]] = field(default_factory=dict)

    def term(self, lang: str) -> str:
        lang = normalize_lang(lang)
        return self.en if lang == "en" else self.terms[lang].term

    def display(self, lang: str) -> str:
        """The glossary's cell text: ``display`` where the sheet gives one, else the term."""
        lang = normalize_lang(lang)
        if lang == "en":
            return self.en
        t = self.terms[lang]
        return t.display or t.term


@dataclass(frozen=True, slots=True)
class Finding:
    """A word found that the sheets rule out: where (``start``), what (``found``), and what to write."""

    lang: str
    found: str
    start: int
    rule: Rule
    preferred: str = ""

    def __str__(self) -> str:
        instead = f"; use {self.preferred!r}" if self.preferred else ""
        return f"{self.found!r} ({self.lang}): {self.rule.why}{instead}"


def _compile(entry: dict[str, str]) -> tuple[str, re.Pattern[str]]:
    if "regex" in entry:
        return entry["regex"], re.compile(entry["regex"])
    word = entry["word"]
    body = re.escape(word.strip("*"))
    head = r"\w*" if word.startswith("*") else r"\b"
    tail = r"\w*" if word.endswith("*") else r"\b"
    return word, re.compile(head + body + tail, re.IGNORECASE)


@cache
def _load() -> tuple[tuple[Concept, ...], tuple[Rule, ...], dict[str, object]]:
    data = tomllib.loads(SHEET.read_text(encoding="utf-8"))
    out: list[Concept] = []
    seen: set[str] = set()
    for c in data["concept"]:
        if c["id"] in seen:
            raise ValueError(f"{SHEET.name}: concept {c['id']!r} is listed twice")
        seen.add(c["id"])
        terms: dict[str, Term] = {}
        avoid: dict[str, tuple[Rule, ...]] = {}
        for lang in ("da", "nb"):
            t = c[lang]
            terms[lang] = Term(t["term"], t["source"], t.get("display", ""), bool(t.get("unverified", False)))
            rs = []
            for a in t.get("avoid", ()):
                text, pat = _compile(a)
                rs.append(Rule(lang, text, pat, a["why"], c["id"], t["source"]))
            avoid[lang] = tuple(rs)
        law = LawRef.parse(c["law"]) if c.get("law") else None
        out.append(Concept(c["id"], c["en"], terms, law, bool(c.get("glossary", False)), avoid))
    forbidden = []
    for f in data.get("forbidden", ()):
        text, pat = _compile(f)
        forbidden.append(Rule(normalize_lang(f["lang"]), text, pat, f["why"], None, f.get("source", "")))
    return tuple(out), tuple(forbidden), data["notebooks"]


@cache
def _sources() -> dict[str, str]:
    return dict(tomllib.loads(SHEET.read_text(encoding="utf-8"))["sources"])


def concepts() -> tuple[Concept, ...]:
    """Every concept of the sheets, in the sheets' order (the glossary's teaching order)."""
    return _load()[0]


def rules(lang: str) -> tuple[Rule, ...]:
    """Every rule for ``lang``: the second words of each concept, then the forbidden words."""
    lang = normalize_lang(lang)
    cs, forbidden, _ = _load()
    return tuple(r for c in cs for r in c.avoid.get(lang, ())) + tuple(f for f in forbidden if f.lang == lang)


def _preferred(rule: Rule) -> str:
    if rule.concept is None:
        return ""
    c = next(c for c in concepts() if c.id == rule.concept)
    return c.term(rule.lang)


def check(text: str, lang: str, allow: frozenset[str] = frozenset()) -> list[Finding]:
    """Every word in ``text`` that the sheets rule out for ``lang``, in order of position. ``allow`` lists
    matched words (lower case) that a notebook cell quotes on purpose."""
    lang = normalize_lang(lang)
    found: list[Finding] = []
    for rule in rules(lang):
        for m in rule.pattern.finditer(text):
            if m.group(0).lower() in allow:
                continue
            found.append(Finding(lang, m.group(0), m.start(), rule, _preferred(rule)))
    return sorted(found, key=lambda f: (f.start, f.rule.text))


_FENCE = re.compile(r"```.*?```|~~~.*?~~~", re.DOTALL)
_CODE = re.compile(r"`[^`\n]*`")
_LINK_TARGET = re.compile(r"\[[^\]\n]*\]\([^)\s]*\.ipynb\)|\]\([^)]*\)")
_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
_ALLOW = re.compile(r"<!--\s*terminology:\s*allow\s+(.*?)-->", re.DOTALL | re.IGNORECASE)
_URL = re.compile(r"https?://\S+")


def _strip(text: str) -> str:
    """Markdown without what is not prose: code, link targets, links to other notebooks (their text is that
    notebook's title, in its own language), URLs, HTML comments (blanked at the same
    length and with the same line breaks, so positions and lines still point into the cell)."""
    for rx in (_FENCE, _COMMENT, _CODE, _LINK_TARGET, _URL):
        text = rx.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)
    return text


def markdown_segments(source: str, default: str) -> Iterator[tuple[str, str]]:
    """(language, text) pieces of a markdown cell: the notebook's language, switched by a heading that names
    another language ("## Sammendrag på norsk", "## Summary in English") up to the next heading, or by a line
    that starts with a marker ("*Norsk:* …") for that line. Code, URLs and links to other notebooks are blanked
    out."""
    _, _, nbs = _load()
    heading_markers: dict[str, list[str]] = nbs["heading_markers"]  # type: ignore[assignment]
    line_markers: dict[str, list[str]] = nbs["line_markers"]  # type: ignore[assignment]
    current = default
    for line in _strip(source).split("\n"):
        stripped = line.strip()
        if stripped.startswith("#"):
            current = default
            low = stripped.lower()
            for lang, marks in heading_markers.items():
                if any(m in low for m in marks):
                    current = lang
        lang = current
        for lg, marks in line_markers.items():
            if any(stripped.startswith(m) for m in marks):
                lang = lg
        yield lang, line


def notebook_language(name: str | Path) -> str:
    """The language of a notebook's prose: its folder when that is a language (``notebooks/nb/02-….ipynb``),
    else the original language of the two-digit prefix of its file name (``notebooks/02-….ipynb``)."""
    folder = Path(name).parent.name
    if folder in ("da", "nb", "en"):
        return folder
    _, _, nbs = _load()
    default: dict[str, str] = nbs["default"]  # type: ignore[assignment]
    return default.get(Path(name).name[:2], "da")


def check_markdown(source: str, default: str) -> list[Finding]:
    """:func:`check` over a markdown cell, each part in its own language; ``<!-- terminology: allow x, y -->``
    in the cell lets it quote x and y on purpose (e.g. to say which word not to use)."""
    allow = frozenset(w.strip().lower() for m in _ALLOW.finditer(source) for w in m.group(1).split(","))
    out: list[Finding] = []
    for lang, line in markdown_segments(source, default):
        out.extend(check(line, lang, allow))
    return out


# ------------------------------------------------------------------------------------------------- files

@dataclass(frozen=True, slots=True)
class Place:
    """Where a finding is: a file, and a catalogue key, a notebook cell number or a scenario field."""

    path: Path
    where: str
    finding: Finding

    def __str__(self) -> str:
        return f"{self.path.name} [{self.where}]: {self.finding}"


def check_catalogue(path: Path) -> list[Place]:
    """A ``.po`` file (its ``msgstr`` in the language of its folder) or a ``.pot`` file (its English
    ``msgid``)."""
    from bridgelaws.i18n import read_po

    path = Path(path)
    lang = "en" if path.suffix == ".pot" else normalize_lang(path.parent.name)
    out = []
    for key, (msgid, msgstr) in read_po(path).items():
        for f in check(msgid if lang == "en" else msgstr, lang):
            out.append(Place(path, key, f))
    return out


def check_notebook(path: Path) -> list[Place]:
    """Every markdown cell of a notebook, in the notebook's language (see :func:`markdown_segments`)."""
    import json

    path = Path(path)
    nb = json.loads(path.read_text(encoding="utf-8"))
    default = notebook_language(path)
    out = []
    for i, cell in enumerate(nb.get("cells", ())):
        if cell.get("cell_type") != "markdown":
            continue
        src = cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
        out.extend(Place(path, f"cell {i}", f) for f in check_markdown(src, default))
    return out


def check_scenario(path: Path) -> list[Place]:
    """The Danish, Norwegian and English ``title`` and ``question`` of a scenario file (.toml or .json)."""
    import json

    path = Path(path)
    text = path.read_text(encoding="utf-8")
    data = tomllib.loads(text) if path.suffix == ".toml" else json.loads(text)
    out = []
    for field_name in ("title", "question"):
        value = data.get(field_name) if isinstance(data, dict) else None
        if not isinstance(value, dict):
            continue
        for lang, s in value.items():
            if lang in ("da", "nb", "en") and isinstance(s, str):
                out.extend(Place(path, f"{field_name}.{lang}", f) for f in check(s, lang))
    return out


# ------------------------------------------------------------------------------------------------- the docs

def _cell(s: str) -> str:
    return s.replace("|", "\\|").replace("\n", " ")


def markdown() -> str:
    """The sheets as a readable page (``docs/terminology.md``); a test keeps the page equal to this output."""
    cs, forbidden, _ = _load()
    out = [
        "# Terminology sheets",
        "",
        "Generated from `bridgelaws/i18n/terminology.toml` by `python3 -m bridgelaws.terminology > "
        "docs/terminology.md`; do not edit by hand. `tests/test_terminology.py` checks every catalogue string, "
        "every markdown cell of every notebook and every scenario title and question against these sheets: a "
        "word under *not* or *forbidden* fails the test.",
        "",
        "Citations are written the way the local law book prints them: `§ 50D1a` in Danish and Norwegian, "
        "`Law 50D1(a)` in English. Cards: Danish E K D B 10, Norwegian E K D Kn 10, English A K Q J 10.",
        "",
        "Terms marked † could not be checked against the federation's 2017 text (NBF's 2017 Laws exist only as "
        "a PDF we could not read): they are the 2007 lovboka word or our own choice.",
        "",
        "## Concepts",
        "",
        "| concept (en) | Danish | source | Norwegian | source | not |",
        "|---|---|---|---|---|---|",
    ]
    for c in cs:
        da, nb = c.terms["da"], c.terms["nb"]
        nots = "; ".join(f"da: {r.text}" for r in c.avoid["da"]) + ("; " if c.avoid["da"] and c.avoid["nb"] else "")
        nots += "; ".join(f"nb: {r.text}" for r in c.avoid["nb"])
        law = f" ({c.law.cite('en')})" if c.law else ""
        mark = {lang: " †" if t.unverified else "" for lang, t in c.terms.items()}
        out.append(f"| {_cell(c.en)}{law} | {_cell(da.term)}{mark['da']} | {_cell(da.source)} "
                   f"| {_cell(nb.term)}{mark['nb']} | {_cell(nb.source)} | {f'`{_cell(nots)}`' if nots else ''} |")
    out += ["", "## Why the words under *not* are ruled out", ""]
    for c in cs:
        for lang in ("da", "nb"):
            for r in c.avoid[lang]:
                out.append(f"- **{c.id}**, {lang}: `{r.text}` – {r.why}")
    out += ["", "## Forbidden everywhere in one language", "", "| lang | word or pattern | why | source |",
            "|---|---|---|---|"]
    for f in forbidden:
        out.append(f"| {f.lang} | `{_cell(f.text)}` | {_cell(f.why)} | {_cell(f.source)} |")
    out += ["", "## Sources", ""]
    out += [f"- **{key}**: {what}" for key, what in _sources().items()]
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    import sys

    sys.stdout.write(markdown())
