"""Law references: parsing, citation styles per language, and a title for every catalogued paragraph."""

from __future__ import annotations

import pytest

from bridgelaws.errors import NotationError
from bridgelaws.laws import CATALOGUE, LawRef, is_known, law
from bridgelaws.notation import law_title


def test_parse_splits_law_section_and_clause() -> None:
    assert LawRef.parse("50D1a") == LawRef(50, "D", "1a")
    assert LawRef.parse("62B1") == LawRef(62, "B", "1")
    assert LawRef.parse("16C") == LawRef(16, "C")
    assert LawRef.parse("45") == LawRef(45)
    assert law("43A1c") == LawRef(43, "A", "1c")


@pytest.mark.parametrize("text", ["50D1a", "§ 50 D1a", "§50D1a", "Law 50D1(a)", "law 50D1a", " 50 D 1 a "])
def test_parse_reads_every_citation_style(text: str) -> None:
    assert LawRef.parse(text) == LawRef(50, "D", "1a")


# DBf writes "§ 47E2", "§ 54A", "§ 50D1b" (bridge.dk love07 § 41, seed 000); NBF's lovboka "§ 47E2", "§ 16D1";
# the WBF Laws "Law 50D1(a)". No space between the law number and the section letter.
@pytest.mark.parametrize("code, da, en", [
    ("50D1a", "§ 50D1a", "Law 50D1(a)"),
    ("62B1", "§ 62B1", "Law 62B1"),
    ("16C", "§ 16C", "Law 16C"),
    ("45", "§ 45", "Law 45"),
    ("43A1c", "§ 43A1c", "Law 43A1(c)"),
])
def test_cite_in_danish_norwegian_and_english(code: str, da: str, en: str) -> None:
    ref = LawRef.parse(code)
    assert ref.cite("da") == da
    assert ref.cite("nb") == da and ref.cite("no") == da
    assert ref.cite("en") == en
    assert LawRef.parse(ref.cite("en")) == ref and LawRef.parse(ref.cite("da")) == ref


@pytest.mark.parametrize("text", ["", "0", "94", "100", "50d", "50D12", "50a", "50 1", "Law", "50DD", "abc",
                                  "50D1aa", "§ 50 X"])
def test_malformed_references_raise(text: str) -> None:
    with pytest.raises(NotationError, match="malformed law reference"):
        LawRef.parse(text)


def test_code_str_and_repr() -> None:
    ref = LawRef.parse("50D1a")
    assert ref.code == str(ref) == "50D1a"
    assert eval(repr(ref)) == ref


def test_parent_walks_up_to_the_law() -> None:
    chain = []
    ref: LawRef | None = LawRef.parse("50D1a")
    while ref is not None:
        chain.append(ref.code)
        ref = ref.parent()
    assert chain == ["50D1a", "50D1", "50D", "50"]


def test_catalogue_entries_round_trip_and_are_known() -> None:
    for ref in CATALOGUE:
        assert LawRef.parse(ref.code) == ref and is_known(ref)
    assert not is_known(LawRef.parse("93"))


@pytest.mark.parametrize("lang", ["da", "nb", "en"])
def test_every_catalogued_paragraph_has_a_title(lang: str) -> None:
    for ref in sorted(CATALOGUE):
        title = law_title(ref, lang)
        assert title and title == title.strip() and "{" not in title, ref.code


def test_law_title_in_each_language() -> None:
    assert law_title("50D1a", "en") == "Major penalty card: play it at the first legal opportunity"
    assert law_title("50D1a", "da") == "Stort strafkort: spilles ved første lovlige lejlighed"
    assert law_title(LawRef.parse("50D1a"), "no") == "Stort straffekort: spilles ved første lovlige anledning"
