"""The three-language glossary (bridgelaws.glossary) shown on the start page: the terms the articles use, each
with a catalogued paragraph, the same words as the message catalogues, and a deterministic table."""

from __future__ import annotations

import pytest

from bridgelaws import glossary
from bridgelaws.glossary import TERMS, term
from bridgelaws.i18n import catalog
from bridgelaws.laws import CATALOGUE, LawRef

#: the terms the articles and the brief name: (da, nb, en, law or None); the words are the law books' (sources in
#: bridgelaws/i18n/terminology.toml): DBf's »den blinde« and »beføjede oplysninger«, lovboka's «lovlig
#: informasjon» and «urettmessig informasjon (UI)»
REQUIRED = [
    ("strafkort", "straffekort", "penalty card", "50"),
    ("stort strafkort", "stort straffekort", "major penalty card", "50B"),
    ("lille strafkort", "lite straffekort", "minor penalty card", "50B"),
    ("spilfører", "spillefører", "declarer", None),
    ("den blinde (bordet)", "blindemann (bordet)", "dummy", None),
    ("kulørsvigt", "revoke", "revoke", "61A"),
    ("udspil", "utspill", "lead", "44A"),
    ("turneringsleder (TL)", "turneringsleder (TL)", "Director (TD)", "81"),
    ("bekende (kulør)", "følge farge", "follow suit", "44C"),
    ("afkast (kaste af)", "avkast (kaste)", "discard", "44D"),
    ("udspil uden for tur", "utspill utenfor tur", "lead out of turn", "53"),
    ("berigtigelse", "korrigering", "rectification", None),
    ("beføjede oplysninger", "lovlig informasjon", "authorized information", "16A"),
    ("ubeføjede oplysninger", "urettmessig informasjon (UI)", "unauthorized information (UI)", "16"),
    ("fordækt udspil", "utspill med fremsiden ned", "face-down opening lead", "41A"),
    ("spillet kort: »bordet fanger«", "spilt kort: «lagt kort ligger»", "played card", "45C"),
    ("renonce", "renons", "void", None),
]


@pytest.mark.parametrize("da, nb, en, code", REQUIRED)
def test_the_articles_terms_are_in_the_glossary_with_their_law(da: str, nb: str, en: str, code: str | None) -> None:
    t = term(da)
    assert (t.da, t.nb, t.en) == (da, nb, en)
    assert t.law == (LawRef.parse(code) if code else None)
    assert term(en) == t and term(nb.upper()) in TERMS


def test_every_paragraph_is_catalogued_and_every_word_is_unique_per_language() -> None:
    assert all(t.law is None or t.law in CATALOGUE for t in TERMS)
    for lang in ("da", "en"):
        words = [t.word(lang) for t in TERMS]
        assert len(words) == len(set(words)), lang
    assert all(t.da and t.nb and t.en for t in TERMS)
    assert all(len(t.word(lang)) <= 50 for t in TERMS for lang in ("da", "nb", "en"))  # pandas cuts at 50


def test_norwegian_revoke_is_not_renons() -> None:
    # "renons" is a void in Norwegian (Danish "renonce"); the Norwegian law book calls a revoke "revoke" (§ 61)
    assert term("kulørsvigt").nb == "revoke"
    assert term("void").nb == "renons" and term("void").da == "renonce"


@pytest.mark.parametrize("lang, words", [
    ("da", ["strafkort", "spilfører", "udspil", "bekende", "afkast", "kulørsvigt", "berigtigelse", "beføjede"]),
    ("nb", ["straffekort", "spillefører", "blindemann", "utspill", "følge farge", "avkast", "revoke", "korrigering",
            "lovlig informasjon"]),
    ("en", ["penalty card", "declarer", "dummy", "lead", "follow suit", "revoke", "rectification", "authorized"]),
])
def test_the_catalogues_speak_the_glossarys_words(lang: str, words: list[str]) -> None:
    everything = " ".join(catalog(lang).values()).lower()
    listed = " ".join(t.word(lang) for t in TERMS).lower()
    for w in words:
        assert w in everything, f"the {lang} catalogue never says {w!r}"
        assert w in listed, f"the glossary lacks {w!r}"


@pytest.mark.parametrize("lang, columns, law_of_50b", [
    ("da", ["Dansk", "Norsk", "Engelsk", "§"], LawRef.parse("50B").cite("da")),
    ("nb", ["Dansk", "Norsk", "Engelsk", "§"], LawRef.parse("50B").cite("nb")),
    ("en", ["Danish", "Norwegian", "English", "Law"], LawRef.parse("50B").cite("en")),
])
def test_the_table_is_numbered_and_localized(lang: str, columns: list[str], law_of_50b: str) -> None:
    pytest.importorskip("pandas")
    df = glossary.table(lang)
    assert list(df.columns) == columns
    assert list(df.index) == list(range(1, len(TERMS) + 1))
    row = df.loc[next(i for i, t in enumerate(TERMS, 1) if t.en == "major penalty card")]
    assert row.iloc[3] == law_of_50b
    assert df.to_html() == glossary.table(lang).to_html()
    assert (df.iloc[:, 3] == "–").sum() == sum(t.law is None for t in TERMS)
