"""The designation parser's documented examples run as tests, read from where they are documented.

- the ``>>>`` examples of the docstrings of bridgelaws/designations.py and bridgelaws/rules/designation.py, and
  of the ```python blocks of docs/designations.md, run as doctests;
- the tables of docs/designations.md are read from the page itself, so that the page cannot drift from the
  parser: every example of "The kinds of designation" is read as its row's kind (with or without a suit and a
  rank, as the row says), every example of "Nothing is guessed" raises the row's error key, every word of "The
  vocabulary" is understood as its class says, and the structured forms of "Structured designations" and the
  cards of "Cards written with letters and symbols" are read as documented.

A row or a word that stops being true fails here with the page's own words; fix the page or the parser.
"""

from __future__ import annotations

import ast
import doctest
import re
from pathlib import Path

import pytest

import bridgelaws.designations as designations_module
import bridgelaws.rules.designation as rules_designation
from bridgelaws.designations import KINDS, Designation, parse_designation
from bridgelaws.errors import NotationError

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "designations.md"
TEXT = PAGE.read_text(encoding="utf-8")
LANGS = ("en", "da", "nb")


# ---- reading the page ----------------------------------------------------------------------------------------

def section(heading: str) -> str:
    """The text of the section under ``heading`` (## or ###), up to the next heading of the same or a higher
    level."""
    m = re.search(rf"^(#+) {re.escape(heading)}\s*$", TEXT, re.M)
    assert m, f"docs/designations.md has no heading {heading!r}"
    level = len(m[1])
    rest = TEXT[m.end():]
    end = re.search(rf"^#{{1,{level}}} ", rest, re.M)
    return rest[:end.start()] if end else rest


def table(text: str) -> list[list[str]]:
    """The rows of the first Markdown table in ``text`` (without the header and the rule), as cells."""
    rows = [line for line in text.splitlines() if line.startswith("|")]
    assert len(rows) > 2, f"no table in:\n{text[:300]}"
    return [[cell.strip() for cell in row.strip().strip("|").split("|")] for row in rows[2:]]


def quoted(cell: str) -> list[str]:
    """The examples of a cell: each text in double quotes."""
    return re.findall(r'"([^"]*)"', cell)


def code(cell: str) -> list[str]:
    return re.findall(r"`([^`]*)`", cell)


def readings(words: str) -> dict[str, Designation | NotationError]:
    """What the parser makes of ``words`` in each language."""
    out: dict[str, Designation | NotationError] = {}
    for lang in LANGS:
        try:
            out[lang] = parse_designation(words, lang)
        except NotationError as exc:
            out[lang] = exc
    return out


# ---- doctests ------------------------------------------------------------------------------------------------

def page_doctests() -> list[doctest.DocTest]:
    parser = doctest.DocTestParser()
    blocks = re.findall(r"```python\n(.*?)```", TEXT, re.S)
    return [parser.get_doctest(block, {}, f"docs/designations.md[{i}]", str(PAGE), 0)
            for i, block in enumerate(blocks) if ">>>" in block]


def module_doctests() -> list[doctest.DocTest]:
    finder = doctest.DocTestFinder()
    return [t for module in (designations_module, rules_designation) for t in finder.find(module) if t.examples]


DOCTESTS = page_doctests() + module_doctests()


def test_the_documented_examples_are_found() -> None:
    names = {t.name.split(".")[0] if t.name.startswith("bridgelaws") else t.name for t in DOCTESTS}
    assert any(t.name.startswith("docs/designations.md") for t in DOCTESTS), "no >>> example in docs/designations.md"
    assert any(t.name.startswith("bridgelaws.designations") for t in DOCTESTS), names
    assert sum(len(t.examples) for t in DOCTESTS) >= 6


@pytest.mark.parametrize("test", DOCTESTS, ids=[t.name for t in DOCTESTS])
def test_a_documented_doctest_gives_what_it_shows(test: doctest.DocTest) -> None:
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    report: list[str] = []
    test.globs.setdefault("parse_designation", parse_designation)
    runner.run(test, out=report.append)
    results = runner.summarize(verbose=False)
    assert results.failed == 0, f"{test.name}:\n" + "".join(report)


# ---- the kinds -----------------------------------------------------------------------------------------------

KIND_ROWS = table(section("The kinds of designation"))
KIND_EXAMPLES = [(row[0].strip("`"), row[1], row[2], example) for row in KIND_ROWS for example in quoted(row[3])]


def test_the_kinds_table_lists_every_kind_with_examples() -> None:
    kinds = [row[0].strip("`") for row in KIND_ROWS]
    assert sorted(kinds) == sorted(KINDS), f"the page lists {kinds}; the parser knows {KINDS}"
    for row in KIND_ROWS:
        assert quoted(row[3]), f"the row of kind {row[0]} has no example in quotes"


def _fits(cell: str, value: object) -> bool:
    if cell == "yes":
        return value is not None
    if cell in ("–", "-", "no"):
        return value is None
    assert cell == "optional", f"a suit or rank column says {cell!r}: use yes, optional or –"
    return True


@pytest.mark.parametrize("kind,suit,rank,example", KIND_EXAMPLES, ids=[f"{k}:{e}" for k, _, _, e in KIND_EXAMPLES])
def test_an_example_of_the_kinds_table_is_read_as_its_kind(kind: str, suit: str, rank: str, example: str) -> None:
    found = readings(example)
    understood = {lang: d for lang, d in found.items() if isinstance(d, Designation)}
    assert understood, f'"{example}" is not understood in any language: {found}'
    wrong = {lang: d for lang, d in understood.items() if d.kind != kind}
    assert not wrong, f'docs/designations.md says "{example}" is of kind {kind}; the parser reads {wrong}'
    for lang, d in understood.items():
        assert _fits(suit, d.suit), f'"{example}" ({lang}): the page says suit {suit}, the parser gives {d.suit}'
        assert _fits(rank, d.rank), f'"{example}" ({lang}): the page says rank {rank}, the parser gives {d.rank}'


# ---- the errors ----------------------------------------------------------------------------------------------

ERROR_ROWS = table(section("Nothing is guessed"))
def row_langs(cell: str) -> tuple[str, ...]:
    """The languages a row speaks of ("... in Danish or Norwegian"), else all three."""
    named = tuple(lang for lang, name in (("en", "English"), ("da", "Danish"), ("nb", "Norwegian")) if name in cell)
    return named or LANGS


ERROR_EXAMPLES = [(code(row[2])[0], example, row_langs(row[0])) for row in ERROR_ROWS
                  for example in (quoted(row[0]) or ([""] if row[0] == "nothing at all" else []))]
UNKNOWN = "played.parse.unknown_words"


def test_every_error_row_has_an_example() -> None:
    keys = {code(row[2])[0] for row in ERROR_ROWS}
    assert keys == {key for key, _, _ in ERROR_EXAMPLES}, "a row of 'Nothing is guessed' has no example in quotes"
    assert len(ERROR_EXAMPLES) >= 8


@pytest.mark.parametrize("key,example,langs", ERROR_EXAMPLES, ids=[f"{k}:{e}" for k, e, _ in ERROR_EXAMPLES])
def test_an_example_of_the_errors_table_raises_its_key(key: str, example: str, langs: tuple[str, ...]) -> None:
    """The example raises the row's key in the languages whose words it uses: every language of the row that
    does not simply fail to know its words (an English example is not Danish)."""
    found = {lang: r for lang, r in readings(example).items() if lang in langs}
    keys = {lang: getattr(r, "key", repr(r)) for lang, r in found.items()}
    relevant = {lang: k for lang, k in keys.items() if key == UNKNOWN or k != UNKNOWN}
    assert relevant and all(k == key for k in relevant.values()), \
        f'docs/designations.md says "{example}" raises {key}; the parser gives {keys}'


# ---- the vocabulary ------------------------------------------------------------------------------------------

#: what a word of each class of "The vocabulary" is read as, alone
CLASS_KIND = {"suits": "suit", "ranks": "rank", "high": "high", "low": "low", "win": "win", "any": "any",
              "trump": "trump",
              "take": "none", "pronouns": "none", "filler": "none"}
#: a filler word is read in a sentence: it changes nothing in it
FILLER_SENTENCE = {"en": "{} spade jack", "da": "{} spar bonde", "nb": "{} spar knekt"}


def vocabulary_words(cell: str) -> list[str]:
    """The words of a cell: "a, b; phrases: c d, e; 2 to 10, also written 9'eren, 9er" gives a, b, c d, e,
    2 ... 10, 9'eren, 9er; "course (of course)" gives course."""
    words: list[str] = []
    for part in cell.split(";"):
        part = re.sub(r"^\s*phrases:\s*", "", part)
        for item in part.split(","):
            item = re.sub(r"\s*\(.*?\)", "", item).strip()
            item = re.sub(r"^also written\s+", "", item)
            numbers = re.fullmatch(r"(\d+) to (\d+)", item)
            if numbers:
                words += [str(n) for n in range(int(numbers[1]), int(numbers[2]) + 1)]
            elif item:
                words.append(item)
    return words


def vocabulary() -> list[tuple[str, str, str]]:
    out = []
    for heading, langs in (("English (`en`)", ("en",)), ("Danish and Norwegian (`da`, `nb`)", ("da", "nb"))):
        for row in table(section(heading)):
            cls = row[0].split(" (")[0]
            out += [(lang, cls, word) for word in vocabulary_words(row[1]) for lang in langs]
    return out


VOCABULARY = vocabulary()


def test_the_vocabulary_tables_are_read() -> None:
    classes = {cls for _, cls, _ in VOCABULARY}
    assert set(CLASS_KIND) <= classes, f"classes on the page: {classes}"
    assert len(VOCABULARY) > 300


@pytest.mark.parametrize("lang,cls,word", VOCABULARY, ids=[f"{lang}-{cls}-{w}" for lang, cls, w in VOCABULARY])
def test_a_word_of_the_vocabulary_is_understood_as_its_class(lang: str, cls: str, word: str) -> None:
    if cls == "filler":
        sentence = FILLER_SENTENCE[lang].format(word)
        try:
            d = parse_designation(sentence, lang)
        except NotationError as exc:
            pytest.fail(f'docs/designations.md lists "{word}" as a filler word of {lang}; "{sentence}" gives: {exc}')
        assert str(d) == "card:SJ", f'"{word}" is a filler word of {lang}, but "{sentence}" is read as {d!r}'
        return
    try:
        d = parse_designation(word, lang)
    except NotationError as exc:
        if cls == "ranks" and getattr(exc, "key", "") == "played.parse.ambiguous_word":
            return   # a letter that is a rank and a suit: documented under "Nothing is guessed"
        pytest.fail(f'docs/designations.md lists "{word}" among the {cls} of {lang}; the parser says: {exc}')
    if cls in CLASS_KIND:   # a class the page adds later is at least understood
        assert d.kind == CLASS_KIND[cls], f'"{word}" ({lang}) is listed among the {cls}; the parser reads {d!r}'


# ---- structured designations and cards written with letters ---------------------------------------------------

STRUCTURED = section("Structured designations")
CANONICAL = [c for c in code(STRUCTURED.split("the canonical text", 1)[1].split("\n\n", 1)[0])
             if c != "str(designation)"]
MAPPINGS = [c for c in code(STRUCTURED) if c.startswith("{")]


def test_the_structured_forms_are_found() -> None:
    assert len(CANONICAL) >= 10 and len(MAPPINGS) >= 3, (CANONICAL, MAPPINGS)


@pytest.mark.parametrize("text", CANONICAL)
def test_a_canonical_text_is_read_back_as_itself(text: str) -> None:
    for lang in LANGS:
        d = parse_designation(text, lang)
        assert str(d) == text, f"{text!r} ({lang}) is read as {d!r}, written {str(d)!r}"
        assert d.kind == text.split(":")[0]


@pytest.mark.parametrize("text", MAPPINGS)
def test_a_documented_mapping_is_read(text: str) -> None:
    mapping = ast.literal_eval(text)
    d = parse_designation(mapping, "en")
    assert d.kind == mapping.get("kind", "card"), (text, d)
    if "card" in mapping:
        assert f"{d.suit.value}{d.rank}" == mapping["card"]


LETTERS = section("Cards written with letters and symbols")


def letter_cards() -> list[tuple[str, str]]:
    """(lang, written card) from "`♠J`, `J♠`, ... (en); `sB`, ... (the LKU-22 letters), `D` (the queen), `Kn`
    (nb, the jack)", and the compound words in quotes (Danish and Norwegian)."""
    out: list[tuple[str, str]] = []
    first = LETTERS.split(".", 1)[0] + "." + LETTERS.split(".", 2)[1]
    for group, note in re.findall(r"((?:`[^`]+`,?\s*)+)\(([^)]*)\)", first):
        lang = "en" if note.startswith("en") else "nb" if note.startswith("nb") else "da"
        rank = re.search(r"the\s+(queen|jack|king|ace)", note)   # "`D` (the queen)": a rank alone
        out += [(lang, c, rank[1] if rank else "") for c in code(group)]
    out += [(lang, w, "") for w in quoted(LETTERS.split("Compound words", 1)[1]) for lang in ("da", "nb")]
    return out


LETTER_CARDS = letter_cards()


def test_the_written_cards_are_found() -> None:
    assert len(LETTER_CARDS) >= 10, LETTER_CARDS


RANK_LETTER = {"queen": "Q", "jack": "J", "king": "K", "ace": "A"}


@pytest.mark.parametrize("lang,written,rank", LETTER_CARDS, ids=[f"{lang}-{w}" for lang, w, _ in LETTER_CARDS])
def test_a_card_written_with_letters_or_symbols_is_read_as_documented(lang: str, written: str, rank: str) -> None:
    try:
        d = parse_designation(written, lang)
    except NotationError as exc:
        pytest.fail(f"docs/designations.md says how {written!r} ({lang}) is read; the parser says: {exc}")
    if rank:
        assert d.kind == "rank" and d.rank is not None and d.rank.letter == RANK_LETTER[rank], \
            f"{written!r} ({lang}) is documented as the {rank}; the parser reads {d!r}"
    else:
        assert d.kind == "card", f"{written!r} ({lang}) is read as {d!r}, not as a card"
