"""The notebooks' prose in three languages: gettext catalogues per notebook, one entry per Markdown block.

    python tools/translate.py update        # catalogues from their sources, then the translated notebooks
    python tools/translate.py check         # what the sync test checks, as a report (exit 1 on a problem)
    python tools/translate.py drop-obsolete # delete the obsolete entries (after reading them)
    python3 dev.py translate [...]          # the same, inside .venv

Where things are:

- ``notebooks/<lang>/<name>.ipynb``: every notebook in ``da``, ``nb`` and ``en``. A notebook whose metadata has no
  ``bridgelaws.translated_from`` is a *source*, written by hand (01 in Danish, 02 in Norwegian, ...); the other two
  of the same name are generated from it.
- ``locales/<lang>/<name>.po``: the catalogue that turns the source into ``<lang>``. One entry per Markdown block
  of the source (paragraph, heading, list item, table row, HTML block, code block), as ``md2po`` splits a
  document; the ``msgid`` is the block's text with the lines of a paragraph joined, the ``msgstr`` its
  translation. Open it in Poedit, Lokalize or any PO editor.

``update`` works as ``msgmerge`` does: a block that is new in the source gets an empty entry, or a *fuzzy* one
carrying the translation of the most similar block that left the source (a changed paragraph); a block gone
from the source makes its entry obsolete. The translated notebook takes the source's cells: Markdown with
every block replaced by its translation (an untranslated or fuzzy one stays in the source language and the
check fails), code cells as they are except the ``LANG`` line of the ``parameters`` cell, and the outputs of
the notebook already on disk where a code cell did not change; ``python3 dev.py execute`` then makes the
outputs anew. Every notebook, sources included, starts with a generated cell linking its other languages.

Markdown is split with markdown-it-py (CommonMark with tables and raw HTML) and written back block by block
into the source's own lines, so the source's inline HTML (``<span style="color:#c8102e">♦3</span>``, ``<details>``),
tables and links survive untouched around the translated text. polib reads and writes the catalogues.
"""

from __future__ import annotations

import argparse
import copy
import difflib
import json
import re
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import polib
from markdown_it import MarkdownIt

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
LOCALES = ROOT / "locales"
LANGS = ("da", "nb", "en")
LANGUAGE_NAMES = {"da": "Dansk", "nb": "Norsk", "en": "English"}
#: "translated from <language>", in the language of the translation
TRANSLATED_FROM = {
    "da": {"nb": "oversat fra norsk", "en": "oversat fra engelsk"},
    "nb": {"da": "oversatt fra dansk", "en": "oversatt fra engelsk"},
    "en": {"da": "translated from Danish", "nb": "translated from Norwegian"},
}
ORIGINAL = {"da": "originalen", "nb": "originalen", "en": "the original"}
#: the label before the links (a word, not a globe: club laptops often have no emoji font)
LANGUAGE_LABEL = {"da": "Sprog:", "nb": "Språk:", "en": "Language:"}
LANGUAGE_CELL = "languages"  # metadata bridgelaws.role of the generated first cell
FUZZY_RATIO = 0.6  # difflib ratio above which a vanished block's translation is offered for a new one

_MD = MarkdownIt("commonmark", {"html": True}).enable("table")
_LETTER = re.compile(r"[^\W\d_]")
_TAG = re.compile(r"<[^>]*>")
_CODE_SPAN = re.compile(r"`[^`]*`")


# ------------------------------------------------------------------------------------------ Markdown blocks

@dataclass(frozen=True)
class Block:
    """One translatable block of a Markdown cell: lines ``start``..``end`` (exclusive) of the cell's source."""

    kind: str  # paragraph, heading, row, html, code
    start: int
    end: int
    text: str  # the msgid
    prefix: str  # what stays in front of the translation on its first line (list marker, "## ", indent)


def _leaf_prefix(line: str, first_content_line: str) -> str:
    at = line.find(first_content_line) if first_content_line else -1
    return line[:at] if at > 0 else ""


def _block(token: Any, inline: Any, lines: list[str]) -> Block | None:
    start, end = token.map
    if token.type == "paragraph_open":
        content = inline.content.split("\n")
        text = " ".join(part.strip() for part in content)
        return Block("paragraph", start, end, text, _leaf_prefix(lines[start], content[0].strip()))
    if token.type == "heading_open":
        text = inline.content.strip()
        return Block("heading", start, end, text, _leaf_prefix(lines[start], text))
    if token.type == "tr_open":
        line = lines[start]
        return Block("row", start, end, line.strip(), line[: len(line) - len(line.lstrip())])
    if token.type == "html_block":
        return Block("html", start, end, token.content.rstrip("\n"), "")
    if token.type in ("fence", "code_block"):
        inner = (start + 1, end - 1) if token.type == "fence" else (start, end)
        body = token.content.rstrip("\n")
        indent = lines[inner[0]][: len(lines[inner[0]]) - len(lines[inner[0]].lstrip())] if body else ""
        return Block("code", inner[0], inner[1], body, indent)
    return None


def blocks(markdown: str) -> list[Block]:
    """The translatable blocks of a Markdown text, in order; blocks without a letter outside tags and code
    spans (``</details>``, a row of ``|---|``) are left out: they are copied as they are."""
    lines = markdown.split("\n")
    tokens = _MD.parse(markdown)
    found = []
    for i, token in enumerate(tokens):
        if token.map is None or token.type not in (
                "paragraph_open", "heading_open", "tr_open", "html_block", "fence", "code_block"):
            continue
        inline = tokens[i + 1] if token.type in ("paragraph_open", "heading_open") else None
        if token.type == "tr_open" and tokens[i - 1].type not in ("thead_open", "tbody_open", "tr_close"):
            continue
        block = _block(token, inline, lines)
        if block is not None and _LETTER.search(_CODE_SPAN.sub("", _TAG.sub("", block.text))):
            found.append(block)
    return found


def translate_markdown(markdown: str, translations: dict[str, str]) -> str:
    """The Markdown with each block that has a translation replaced by it, everything else unchanged."""
    lines = markdown.split("\n")
    for block in reversed(blocks(markdown)):
        new = translations.get(block.text)
        if not new:
            continue
        if block.kind == "code":
            replacement = [block.prefix + line if line else line for line in new.split("\n")]
        elif block.kind == "html":
            replacement = new.split("\n")
        else:
            replacement = [block.prefix + new]
        lines[block.start:block.end] = replacement
    return "\n".join(lines)


# ------------------------------------------------------------------------------------------ notebooks

def source_text(cell: dict[str, Any]) -> str:
    src = cell.get("source", "")
    return "".join(src) if isinstance(src, list) else str(src)


def read_notebook(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def write_notebook(path: Path, nb: dict[str, Any]) -> None:
    """Written as Jupyter and ``dev.py execute`` write it (nbformat), so that neither rewrites the other."""
    import nbformat  # the notebooks' own toolchain (the notebooks extra)

    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nbformat.from_dict(nb), str(path))


def same(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Equal notebooks, whatever the form of their sources (one string or a list of lines)."""
    def canonical(nb: dict[str, Any]) -> str:
        nb = copy.deepcopy(nb)
        for cell in nb["cells"]:
            cell["source"] = source_text(cell)
        return json.dumps(nb, sort_keys=True, ensure_ascii=False)
    return canonical(a) == canonical(b)


def meta(nb: dict[str, Any]) -> dict[str, Any]:
    return nb.get("metadata", {}).get("bridgelaws", {})


def is_language_cell(cell: dict[str, Any]) -> bool:
    return cell.get("metadata", {}).get("bridgelaws", {}).get("role") == LANGUAGE_CELL


@dataclass(frozen=True)
class Source:
    """A notebook written by hand: ``notebooks/<lang>/<name>.ipynb``."""

    lang: str
    name: str  # file name, e.g. 01-stort-strafkort.ipynb

    @property
    def path(self) -> Path:
        return NOTEBOOKS / self.lang / self.name

    @property
    def stem(self) -> str:
        return Path(self.name).stem

    def targets(self) -> list[str]:
        """The languages it is translated into: every other one, or those its metadata names (a teacher's lesson
        made in da and nb only: ``bridgelaws.languages``, written by ``python -m bridgelaws notebook``)."""
        wanted = self.languages()
        return [lang for lang in LANGS if lang != self.lang and (wanted is None or lang in wanted)]

    def languages(self) -> list[str] | None:
        got = meta(read_notebook(self.path)).get("languages") if self.path.exists() else None
        return [str(x) for x in got] if isinstance(got, list) else None

    def catalogue(self, lang: str) -> Path:
        return LOCALES / lang / f"{self.stem}.po"

    def translation(self, lang: str) -> Path:
        return NOTEBOOKS / lang / self.name


def sources(only: str | None = None) -> list[Source]:
    """Every hand-written notebook, in name order (``only``: those whose name starts with it)."""
    found = []
    for lang in LANGS:
        for path in sorted((NOTEBOOKS / lang).glob(f"{only or ''}*.ipynb")):
            if not meta(read_notebook(path)).get("translated_from"):
                found.append(Source(lang, path.name))
    return sorted(found, key=lambda s: s.name)


def language_cell(name: str, lang: str, source_lang: str, languages: list[str] | None = None) -> dict[str, Any]:
    links = [f"**{LANGUAGE_NAMES[other]}**" if other == lang else f"[{LANGUAGE_NAMES[other]}](../{other}/{name})"
             for other in LANGS if languages is None or other in languages]
    text = f"{LANGUAGE_LABEL[lang]} " + " · ".join(links)
    if lang != source_lang:
        text += f" ({TRANSLATED_FROM[lang][source_lang]}; [{ORIGINAL[lang]}](../{source_lang}/{name}))"
    return {"cell_type": "markdown", "id": "languages", "metadata": {"bridgelaws": {"role": LANGUAGE_CELL}},
            "source": text}


def with_language_cell(nb: dict[str, Any], name: str, lang: str, source_lang: str,
                       languages: list[str] | None = None) -> dict[str, Any]:
    cells = [c for c in nb["cells"] if not is_language_cell(c)]
    nb["cells"] = [language_cell(name, lang, source_lang, languages), *cells]
    return nb


# ------------------------------------------------------------------------------------------ catalogues

def extract(nb: dict[str, Any], name: str) -> list[tuple[str, str, str]]:
    """(msgid, kind, where) for every block of the notebook's Markdown, first occurrence of a text only."""
    seen: dict[str, tuple[str, str, str]] = {}
    for index, cell in enumerate(nb["cells"]):
        if cell["cell_type"] != "markdown" or is_language_cell(cell):
            continue
        for n, block in enumerate(blocks(source_text(cell))):
            seen.setdefault(block.text, (block.text, block.kind, f"{name}#{cell.get('id', index)}:{n + 1}"))
    return list(seen.values())


def new_catalogue(source: Source, lang: str) -> polib.POFile:
    po = polib.POFile(wrapwidth=0)
    po.metadata = {
        "Project-Id-Version": f"bridgelaws notebooks/{source.lang}/{source.name}",
        "Language": lang,
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
    }
    return po


def load_catalogue(path: Path) -> polib.POFile:
    po = polib.pofile(str(path), wrapwidth=0)
    po.wrapwidth = 0
    return po


def merge(po: polib.POFile, wanted: list[tuple[str, str, str]]) -> polib.POFile:
    """The catalogue for the source's current blocks, as msgmerge makes it (see the module docstring)."""
    old = {e.msgid: e for e in po}
    wanted_ids = {w[0] for w in wanted}
    vanished = [e for e in po if e.msgid not in wanted_ids and e.msgstr and not e.obsolete]
    merged = polib.POFile(wrapwidth=0)
    merged.metadata = po.metadata
    for msgid, kind, where in wanted:
        entry = old.get(msgid)
        if entry is None:
            entry = polib.POEntry(msgid=msgid, msgstr="")
            match = _closest(msgid, vanished)
            if match is not None:
                entry.msgstr, entry.previous_msgid = match.msgstr, match.msgid
                entry.flags = ["fuzzy"]
                vanished.remove(match)
        entry.obsolete = False
        entry.occurrences = [(where, "")]
        entry.comment = kind
        merged.append(entry)
    for entry in po:
        if entry.msgid not in wanted_ids and (entry in vanished or entry.obsolete or not entry.msgstr):
            if entry.msgstr:
                entry.obsolete = True
                merged.append(entry)
    return merged


def _closest(msgid: str, candidates: list[polib.POEntry]) -> polib.POEntry | None:
    best, best_ratio = None, FUZZY_RATIO
    for entry in candidates:
        ratio = difflib.SequenceMatcher(None, msgid, entry.msgid, autojunk=False).ratio()
        if ratio > best_ratio:
            best, best_ratio = entry, ratio
    return best


def save_catalogue(po: polib.POFile, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    po.wrapwidth = 0
    text = po.__unicode__()
    path.write_text(text if text.endswith("\n") else text + "\n", encoding="utf-8")


def translations(po: polib.POFile) -> dict[str, str]:
    """msgid -> msgstr for the entries that are translated and not fuzzy or obsolete."""
    return {e.msgid: e.msgstr for e in po if e.msgstr and not e.obsolete and "fuzzy" not in e.flags}


# ------------------------------------------------------------------------------------------ generating

def set_lang(code: str, lang: str) -> str:
    return re.sub(r"""^LANG\s*=\s*["'][a-z]{2}["']""", f'LANG = "{lang}"', code, count=1, flags=re.MULTILINE)


def generate(source: Source, lang: str, po: polib.POFile, old: dict[str, Any] | None) -> dict[str, Any]:
    """The translated notebook: the source's cells in ``lang``, outputs kept from ``old`` where the code is the
    same."""
    nb = copy.deepcopy(read_notebook(source.path))
    table = translations(po)
    old_outputs = {}
    if old is not None:
        for cell in old["cells"]:
            if cell["cell_type"] == "code":
                old_outputs[(cell.get("id"), source_text(cell))] = (cell.get("outputs", []),
                                                                     cell.get("execution_count"))
    for cell in nb["cells"]:
        if cell["cell_type"] == "markdown" and not is_language_cell(cell):
            cell["source"] = translate_markdown(source_text(cell), table)
        elif cell["cell_type"] == "code":
            cell["source"] = source_text(cell)
            if "parameters" in cell.get("metadata", {}).get("tags", []):
                cell["source"] = set_lang(cell["source"], lang)
            outputs, count = old_outputs.get((cell.get("id"), cell["source"]), ([], None))
            cell["outputs"], cell["execution_count"] = outputs, count
    languages = source.languages()
    nb.setdefault("metadata", {})["bridgelaws"] = {
        "lang": lang, "translated_from": f"../{source.lang}/{source.name}",
        "catalogue": f"locales/{lang}/{source.stem}.po"}
    return with_language_cell(nb, source.name, lang, source.lang, languages)


def normalized(nb: dict[str, Any]) -> dict[str, Any]:
    """A notebook without what execution changes (outputs, counts), for comparing with what is generated."""
    nb = copy.deepcopy(nb)
    for cell in nb["cells"]:
        cell["source"] = source_text(cell)
        if cell["cell_type"] == "code":
            cell["outputs"], cell["execution_count"] = [], None
    nb.get("metadata", {}).pop("widgets", None)
    return nb


def update(drop_obsolete: bool = False, only: str | None = None) -> list[str]:
    """Bring every catalogue and translated notebook up to date; returns what changed."""
    changed = []
    for source in sources(only):
        nb = read_notebook(source.path)
        languages = source.languages()
        nb.setdefault("metadata", {})["bridgelaws"] = {"lang": source.lang}
        if languages is not None:
            nb["metadata"]["bridgelaws"]["languages"] = languages
        nb = with_language_cell(nb, source.name, source.lang, source.lang, languages)
        if not same(nb, read_notebook(source.path)):
            write_notebook(source.path, nb)
            changed.append(str(source.path.relative_to(ROOT)))
        wanted = extract(nb, source.name)
        for lang in source.targets():
            path = source.catalogue(lang)
            po = load_catalogue(path) if path.exists() else new_catalogue(source, lang)
            merged = merge(po, wanted)
            if drop_obsolete:
                for entry in [e for e in merged if e.obsolete]:
                    merged.remove(entry)
            before = path.read_text(encoding="utf-8") if path.exists() else None
            save_catalogue(merged, path)
            if path.read_text(encoding="utf-8") != before:
                changed.append(str(path.relative_to(ROOT)))
            target = source.translation(lang)
            old = read_notebook(target) if target.exists() else None
            new = generate(source, lang, merged, old)
            if old is None or not same(new, old):
                write_notebook(target, new)
                changed.append(str(target.relative_to(ROOT)))
    return changed


# ------------------------------------------------------------------------------------------ checking

#: the ranks of a card or holding as each language writes them, to one alphabet (A K Q J T)
_RANKS = {
    "da": {"E": "A", "K": "K", "D": "Q", "B": "J", "T": "T", "10": "T"},
    "nb": {"E": "A", "K": "K", "D": "Q", "Kn": "J", "T": "T", "10": "T"},
    "en": {"A": "A", "K": "K", "Q": "Q", "J": "J", "T": "T", "10": "T"},
}
_HOLDING = re.compile(r"([♠♥♦♣])((?:10|Kn|[2-9AKQJTEDBx])+)")
_RANK = re.compile(r"10|Kn|[2-9AKQJTEDBx]")
LAW_ANCHOR = re.compile(r"(?:§§?|\bLaws?)\s*(\d{1,2}(?:[A-H](?:\d{1,2})?(?:\([a-z]\)|[a-z])?)?)")
_LAW_MORE = re.compile(
    r"^(?:\s*(?:,|–|-|og|and|or|eller|&)\s*(?:§§?\s*|Laws?\s+)?)(\d{1,2}[A-H]?\d{0,2}(?:\([a-z]\)|[a-z])?|[A-H]\d{1,2}(?:\([a-z]\)|[a-z])?)")
_LINK = re.compile(r"\]\(([^)\s]+)\)|href=\"([^\"]+)\"")
_SPAN = re.compile(r"<span\b[^>]*>")


def cards_in_order(text: str, lang: str) -> list[str]:
    """The cards and holdings in a text (♠E, ♦KB92), as one alphabet, in the order the text names them."""
    found = []
    for suit, holding in _HOLDING.findall(text):
        ranks = _RANK.findall(holding)
        mapped = [_RANKS[lang].get(r, r) if not r.isdigit() or r == "10" else r for r in ranks]
        found.append(suit + "".join(mapped))
    return found


def cards(text: str, lang: str) -> Counter[str]:
    """The cards and holdings in a text (♠E, ♦KB92), as one alphabet, counted."""
    return Counter(cards_in_order(text, lang))


def laws(text: str) -> list[str]:
    """The law paragraphs a text cites, in the order it cites them and as often: ``§ 50D1a``, ``§§ 61–64``,
    ``Law 50D1(a)``, ``§ 50D2a og D2b``. A translation must cite the same list: two citations swapped, or one
    of two citations of the same paragraph dropped, is a different ruling read aloud (round-3 audit d2, e2)."""
    found = []
    consumed = 0  # the end of the last list read ("§ 50D1a og § 50D2a" is read once, not twice)
    for m in LAW_ANCHOR.finditer(text):
        if m.start() < consumed:
            continue
        current = m.group(1).replace("(", "").replace(")", "")
        found.append(current)
        at = m.end()
        while (more := _LAW_MORE.match(text[at:])) is not None:
            ref = more.group(1).replace("(", "").replace(")", "")
            if ref[0].isalpha():  # "D2b" after "§ 50D2a": the same law
                ref = re.match(r"\d+", current)[0] + ref
            found.append(ref)
            current = ref
            at += more.end()
        consumed = at
    return found


def links(text: str) -> Counter[str]:
    return Counter(a or b for a, b in _LINK.findall(text))


def spans(text: str) -> Counter[str]:
    return Counter(_SPAN.findall(text))


def code_spans(text: str) -> Counter[str]:
    return Counter(_CODE_SPAN.findall(text))


#: the flag of a catalogue entry whose translation cites the same paragraphs in another order, because the
#: language puts its clauses in another order (``#, citations-reordered``); set by hand, after reading
REORDERED = "citations-reordered"
#: the same for cards: a translation that names the same cards in another order (``#, cards-reordered``); set by
#: hand, after reading. Without it two cards swapped ("discards ♦3 although he holds ♣J" turned into "discards ♣J
#: although he holds ♦3") is a different deal read aloud (round-4 audit, gap 1(d), fault F4)
CARDS_REORDERED = "cards-reordered"


def invariant_problems(msgid: str, msgstr: str, source_lang: str, lang: str, reordered: bool = False,
                       cards_reordered: bool = False) -> list[str]:
    """What a translation lost or added of its source: citations (in order, and as often; as a multiset only
    where the entry is flagged ``citations-reordered``), cards (likewise: in order unless the entry is flagged
    ``cards-reordered``), links, inline spans, code spans."""
    problems = []
    before_laws, after_laws = laws(msgid), laws(msgstr)
    if reordered:
        before_laws, after_laws = Counter(before_laws), Counter(after_laws)
    before_cards, after_cards = cards(msgid, source_lang), cards(msgstr, lang)
    if before_cards == after_cards and not cards_reordered:
        ordered = cards_in_order(msgid, source_lang), cards_in_order(msgstr, lang)
        if ordered[0] != ordered[1]:
            problems.append(f"cards in another order: source {_show(ordered[0])}, translation {_show(ordered[1])} "
                            f"(if the language needs it, flag the entry #, {CARDS_REORDERED})")
    checks = [("§ citations", before_laws, after_laws),
              ("cards", before_cards, after_cards),
              ("links", links(msgid), links(msgstr)),
              ("inline spans", spans(msgid), spans(msgstr)),
              ("code spans", code_spans(msgid), code_spans(msgstr))]
    for what, before, after in checks:
        if before != after:
            problems.append(f"{what} differ: source {_show(before)}, translation {_show(after)}")
    return problems


def _show(value: list[str] | Counter[str]) -> str:
    if isinstance(value, list):  # citations: in their order
        return "[" + ", ".join(value) + "]"
    return "{" + ", ".join(sorted(value.elements())) + "}"


def check(only: str | None = None) -> list[str]:
    """Every problem of the catalogues and translated notebooks, one line each (empty: all in sync)."""
    problems = []
    for source in sources(only):
        nb = read_notebook(source.path)
        if not nb["cells"] or not is_language_cell(nb["cells"][0]):
            problems.append(f"{source.path.relative_to(ROOT)}: no language links (run dev.py translate)")
        wanted = extract(nb, source.name)
        for lang in source.targets():
            problems += check_catalogue(source, lang, wanted)
    return problems


def check_catalogue(source: Source, lang: str, wanted: list[tuple[str, str, str]]) -> list[str]:
    path = source.catalogue(lang)
    where = str(path.relative_to(ROOT))
    if not path.exists():
        return [f"{where}: missing (run dev.py translate)"]
    po = load_catalogue(path)
    problems = []
    entries = {e.msgid: e for e in po if not e.obsolete}
    for msgid, _kind, at in wanted:
        entry = entries.get(msgid)
        if entry is None:
            problems.append(f"{where}: no entry for {at} (run dev.py translate): {msgid[:70]!r}")
        elif "fuzzy" in entry.flags:
            problems.append(f"{where}: fuzzy (the source changed) at {at}: {msgid[:70]!r}")
        elif not entry.msgstr:
            problems.append(f"{where}: untranslated at {at}: {msgid[:70]!r}")
        else:
            problems += [f"{where}: {at}: {p}" for p in invariant_problems(
                msgid, entry.msgstr, source.lang, lang, reordered=REORDERED in entry.flags,
                cards_reordered=CARDS_REORDERED in entry.flags)]
    wanted_ids = {w[0] for w in wanted}
    problems += [f"{where}: obsolete entry (its block left the source; dev.py translate --drop-obsolete): "
                 f"{e.msgid[:70]!r}" for e in po if e.obsolete or e.msgid not in wanted_ids]
    target = source.translation(lang)
    if not target.exists():
        problems.append(f"{target.relative_to(ROOT)}: missing (run dev.py translate)")
    else:
        expected = generate(source, lang, po, None)
        if not same(normalized(expected), normalized(read_notebook(target))):
            problems.append(f"{target.relative_to(ROOT)}: differs from what its source and {where} generate "
                            "(run dev.py translate)")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=("update", "check", "drop-obsolete"), nargs="?", default="update")
    parser.add_argument("--only", metavar="NAME", help="only the notebook whose name starts with NAME (e.g. 04)")
    args = parser.parse_args(argv)
    if args.command in ("update", "drop-obsolete"):
        for path in update(drop_obsolete=args.command == "drop-obsolete", only=args.only):
            print(f"translate: wrote {path}")
    problems = check(args.only)
    for problem in problems:
        print(f"translate: {problem}")
    print(f"translate: {len(problems)} problem(s)" if problems else "translate: every catalogue and notebook in sync")
    return 1 if problems and args.command == "check" else 0


if __name__ == "__main__":
    sys.exit(main())
