"""Each translated notebook keeps its source's law citations and cards, cell by cell and in order.

Read from the notebooks themselves (the cells a reader sees), not from the catalogues: tools/translate.py checks
the catalogues (tests/test_translations.py); this is the second, independent guard of the audits' faults d2 (a
citation changed inside one paragraph of en/06) and F4 (two cards of one paragraph swapped), which
``python tools/mutants.py run d2 F4`` plants. The parsing here is its own: a citation is a law number with its
section letter (64A2, 50D1(a), 16C), a card is a suit symbol with its rank in the notebook's language."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
LOCALES = ROOT / "locales"
LANGS = ("da", "nb", "en")

#: a law paragraph as the notebooks cite it: § 64A2, Law 50D1(a), Laws 54A and 54B, §§ 30, 32 (numbers with a
#: section letter only: a bare "Law 12" or "§ 16" is kept out, so are trick numbers and contracts)
CITATION = re.compile(r"(?<![\w♠♥♦♣])(\d{1,2}[A-H](?:\d{1,2})?(?:\([a-c]\)|[a-c](?![a-z]))?)(?![\w])")
#: a card: a suit symbol and its rank (Danish E K D B, Norwegian E K D Kn, English A K Q J)
CARD = re.compile(r"([♠♥♦♣])\s?(10|Kn|[2-9AKQJEDBT])(?![\wæøå])")
RANKS = {
    "da": {"E": "A", "K": "K", "D": "Q", "B": "J"},
    "nb": {"E": "A", "K": "K", "D": "Q", "Kn": "J"},
    "en": {"A": "A", "K": "K", "Q": "Q", "J": "J"},
}


def source_language(name: str) -> str:
    """The language with no catalogue for this notebook is the one it is written in."""
    missing = [lang for lang in LANGS if not (LOCALES / lang / f"{name}.po").exists()]
    assert len(missing) == 1, f"{name}: cannot tell its source language from locales/ ({missing})"
    return missing[0]


def markdown(path: Path) -> dict[str, str]:
    nb = json.loads(path.read_text(encoding="utf-8"))
    return {c["id"]: "".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown" and "id" in c}


def citations(text: str) -> list[str]:
    return [m.replace("(", "").replace(")", "") for m in CITATION.findall(text)]


def cards(text: str, lang: str) -> list[str]:
    out = []
    for suit, rank in CARD.findall(text):
        if rank in RANKS[lang]:
            rank = RANKS[lang][rank]
        elif rank == "T":
            rank = "10"
        out.append(suit + rank)
    return out


NAMES = sorted(p.stem for p in (NOTEBOOKS / "da").glob("*.ipynb"))
PAIRS = [(name, lang) for name in NAMES for lang in LANGS
         if (LOCALES / lang / f"{name}.po").exists()]


def test_the_pairs_cover_every_translated_notebook() -> None:
    assert len(NAMES) >= 8 and len(PAIRS) == 2 * len(NAMES)


@pytest.mark.parametrize(("name", "lang"), PAIRS, ids=[f"{n}-{lang}" for n, lang in PAIRS])
def test_a_translated_notebook_keeps_the_source_s_citations_and_cards_in_order(name: str, lang: str) -> None:
    src_lang = source_language(name)
    source = markdown(NOTEBOOKS / src_lang / f"{name}.ipynb")
    translated = markdown(NOTEBOOKS / lang / f"{name}.ipynb")
    assert set(source) == set(translated), f"{lang}/{name}: the markdown cells differ from the source's"
    problems = []
    for cell, text in source.items():
        if citations(text) != citations(translated[cell]):
            problems.append(f"{cell}: citations {citations(text)} in {src_lang}, {citations(translated[cell])} "
                            f"in {lang}")
        if cards(text, src_lang) != cards(translated[cell], lang):
            problems.append(f"{cell}: cards {cards(text, src_lang)} in {src_lang}, "
                            f"{cards(translated[cell], lang)} in {lang}")
    assert not problems, f"{lang}/{name}.ipynb:\n" + "\n".join(problems)


def test_the_parsers_see_a_swap() -> None:
    """Controls: the two swaps the audit planted are seen by these parsers."""
    da = "på bordets ♣E kaster Vest ♦3, selv om han har ♣B (§ 64A2, § 64B2)"
    en = "on dummy's ♣A West discards ♦3 although he holds ♣J (Law 64A2, Law 64B2)"
    assert cards(da, "da") == cards(en, "en") == ["♣A", "♦3", "♣J"]
    assert citations(da) == citations(en) == ["64A2", "64B2"]
    swapped = "on dummy's ♣A West discards ♣J although he holds ♦3 (Law 64A2, Law 64A2)"
    assert cards(swapped, "en") != cards(da, "da") and citations(swapped) != citations(da)
    assert citations("Law 50D1(a) and § 50D1a, Laws 54A and 54B") == ["50D1a", "50D1a", "54A", "54B"]
