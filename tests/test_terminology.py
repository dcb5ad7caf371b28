"""The terminology sheets (bridgelaws/i18n/terminology.toml) hold: every catalogue string, every notebook's
markdown and every scenario title and question uses the law books' word for each concept, and never a
forbidden word (a loan word from the other Scandinavian language, a superseded 2007 term, a citation or quote
in the wrong style). The sheets themselves are sourced, and docs/terminology.md is generated from them."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from bridgelaws import glossary, terminology
from bridgelaws.i18n import LANGS
from bridgelaws.terminology import check, check_catalogue, check_markdown, check_notebook, check_scenario

ROOT = Path(__file__).resolve().parent.parent
I18N = ROOT / "bridgelaws" / "i18n"
# every domain, also those added after this test was written (revoke, table, widget, pbn, site, ...)
CATALOGUES = sorted(I18N.glob("*.pot")) + sorted(I18N.glob("*/*.po"))
# notebooks/NN-*.ipynb, or one folder per language (notebooks/da/, nb/, en/: the language is the folder)
NOTEBOOKS = sorted((ROOT / "notebooks").rglob("*.ipynb"))
SCENARIOS = sorted((ROOT / "notebooks" / "scenarios").rglob("*.toml")) + sorted((ROOT / "tests").rglob("*.toml"))


def _ids(paths: list[Path]) -> list[str]:
    return [str(p.relative_to(ROOT)) for p in paths]


# ------------------------------------------------------------------------------------------ the real files

def test_the_catalogue_list_covers_every_domain_and_language() -> None:
    domains = {p.stem for p in I18N.glob("*.pot")}
    assert {"engine", "laws", "played", "widget"} <= domains
    for lang in ("da", "nb"):
        assert {p.stem for p in (I18N / lang).glob("*.po")} == domains


@pytest.mark.parametrize("path", CATALOGUES, ids=_ids(CATALOGUES))
def test_every_catalogue_string_uses_the_sheets_words(path: Path) -> None:
    found = check_catalogue(path)
    assert not found, "\n".join(str(p) for p in found)


@pytest.mark.parametrize("path", SCENARIOS, ids=_ids(SCENARIOS))
def test_every_scenario_title_and_question_uses_the_sheets_words(path: Path) -> None:
    try:
        found = check_scenario(path)
    except ValueError:  # a deliberately broken scenario file (tests/broken_scenarios): nothing to read
        pytest.skip("not a readable scenario")
    assert not found, "\n".join(str(p) for p in found)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_ids(NOTEBOOKS))
def test_every_notebook_markdown_cell_uses_the_sheets_words(path: Path) -> None:
    found = check_notebook(path)
    assert not found, "\n".join(str(p) for p in found)


# ----------------------------------------------------------------------------------- it fails when it must

def _plant(po: Path, key: str, new: str) -> None:
    """Replace the msgstr of ``key`` in a copied .po file."""
    blocks = po.read_text(encoding="utf-8").split("\n\n")
    for i, b in enumerate(blocks):
        if f'msgctxt "{key}"' in b.split("\n"):
            lines = [ln for ln in b.split("\n") if not ln.startswith("msgstr")]
            blocks[i] = "\n".join(lines + [f'msgstr "{new}"'])
    po.write_text("\n\n".join(blocks), encoding="utf-8")


def test_a_planted_danish_word_in_a_norwegian_catalogue_fails(tmp_path: Path) -> None:
    nb = tmp_path / "nb"
    nb.mkdir()
    po = nb / "played.po"
    shutil.copy(I18N / "nb" / "played.po", po)
    assert check_catalogue(po) == []
    # review M4: "bekjenne" is the Danish "bekende"; lovboka says "følge farge"
    _plant(po, "played.rule.must_follow", "Blindemann må bekjenne, så {card} kan ikke spilles")
    found = check_catalogue(po)
    assert [(p.where, p.finding.found, p.finding.rule.concept, p.finding.preferred) for p in found] == [
        ("played.rule.must_follow", "bekjenne", "follow_suit", "følge farge")]


def test_a_second_word_for_one_concept_fails(tmp_path: Path) -> None:
    nb = tmp_path / "nb"
    nb.mkdir()
    po = nb / "aid.po"
    shutil.copy(I18N / "nb" / "aid.po", po)
    # review M1: four words for the face of a card; lovboka's is "fremsiden"
    _plant(po, "aid.how.dropped", "mistet med billedsiden opp")
    (finding,) = check_catalogue(po)
    assert finding.finding.rule.concept == "face" and finding.finding.preferred == "fremsiden"


def test_a_citation_in_the_old_style_fails_in_a_new_domain(tmp_path: Path) -> None:
    da = tmp_path / "da"
    da.mkdir()
    po = da / "newdomain.po"
    po.write_text('msgid ""\nmsgstr ""\n\nmsgctxt "x.y"\nmsgid "See Law 50D1(a)"\nmsgstr "Se § 50 D1a"\n',
                  encoding="utf-8")
    (finding,) = check_catalogue(po)
    assert finding.finding.found.startswith("§ 50 D") and finding.finding.rule.concept is None


def _notebook_with(tmp_path: Path, name: str, markdown: str) -> Path:
    nb = {"cells": [{"cell_type": "markdown", "metadata": {}, "source": markdown.splitlines(keepends=True)},
                    {"cell_type": "code", "metadata": {}, "source": ["x = 'stjeling'  # code is not prose"],
                     "outputs": [], "execution_count": None}],
          "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    path = tmp_path / name
    path.write_text(json.dumps(nb, ensure_ascii=False), encoding="utf-8")
    return path


def test_a_planted_forbidden_word_in_a_notebook_cell_fails(tmp_path: Path) -> None:
    clean = _notebook_with(tmp_path, "02-x.ipynb", "Han må spille kortet ved å følge farge eller ved å trumfe.")
    assert check_notebook(clean) == []
    # review M7: the Norwegian law says "å trumfe", not "stjeling"
    bad = _notebook_with(tmp_path, "02-y.ipynb", "Lovteksten nevner også stjeling.")
    (place,) = check_notebook(bad)
    assert place.where == "cell 0" and place.finding.found == "stjeling" and place.finding.lang == "nb"


def test_a_planted_word_in_a_copy_of_a_real_notebook_fails(tmp_path: Path) -> None:
    src = next(p for p in (ROOT / "notebooks" / "nb" / "02-straffekort-seminar.ipynb",
                            ROOT / "notebooks" / "02-straffekort-seminar.ipynb") if p.exists())
    nb = json.loads(src.read_text(encoding="utf-8"))
    i = next(i for i, c in enumerate(nb["cells"]) if c["cell_type"] == "markdown")
    before = {(p.where, p.finding.found) for p in check_notebook(src)}
    nb["cells"][i]["source"] = list(nb["cells"][i]["source"]) + ["\n", "Blindemann legger opp."]
    copy = tmp_path / src.name
    copy.write_text(json.dumps(nb, ensure_ascii=False), encoding="utf-8")
    after = {(p.where, p.finding.found) for p in check_notebook(copy)}
    assert after - before == {(f"cell {i}", "legger opp")}


def test_notebook_cells_are_read_in_their_own_language() -> None:
    # notebook 00 is Danish with a Norwegian and an English summary: each part is checked in its language
    cell = ("## Ordliste\n\nSpilfører og modspiller.\n\n*Norsk:* spillefører og motspiller.\n\n"
            "## Sammendrag på norsk\n\nSpillefører godtar utspillet.\n\n## Summary in English\n\nThe lead.\n")
    assert check_markdown(cell, "da") == []
    found = check_markdown(cell.replace("Spillefører godtar", "Spillefører aksepterer"), "da")
    assert [(f.found, f.lang) for f in found] == [("aksepterer", "nb")]
    # the same Norwegian words in the Danish part are loan words
    assert [f.found for f in check_markdown("Spillefører og motspiller.", "da")] == ["Spillefører", "motspiller"]


def test_code_links_and_allowed_quotes_are_not_prose() -> None:
    assert check_markdown("Se `bekjenne` og [lenke](https://x.no/stjeling) og\n```\nstjeling\n```", "nb") == []
    quoted = "<!-- terminology: allow stjeling -->\nLovteksten sier «å trumfe», ikke «stjeling»."
    assert check_markdown(quoted, "nb") == []
    assert [f.found for f in check_markdown(quoted.replace("allow stjeling", "allow annet"), "nb")] == ["stjeling"]


# ------------------------------------------------------------------------------------------ the sheets

def test_every_concept_has_a_sourced_term_in_each_language() -> None:
    for c in terminology.concepts():
        for lang in ("da", "nb"):
            t = c.terms[lang]
            assert t.term.strip() and t.source.strip(), f"{c.id} ({lang}) has no term or no source"
            for rule in c.avoid[lang]:
                assert rule.why.strip(), f"{c.id} ({lang}): {rule.text} has no reason"


def test_no_preferred_term_is_ruled_out_by_the_sheets() -> None:
    for c in terminology.concepts():
        for lang in LANGS:
            word = c.term(lang)
            assert check(word, lang) == [], f"{c.id} ({lang}): the preferred {word!r} is itself ruled out"


def test_the_examples_the_review_found_are_caught() -> None:
    # ../shared/reviews/language-review.md: H2, H3, H5, M0, M8, M12, M16, L6
    assert [f.rule.concept for f in check("Spillefører godtar utspillet: blindemann legger opp", "nb")] == ["spread"]
    assert [f.rule.concept for f in check("og selv spille annet kort fra egen hånd", "nb")] == ["second_card"]
    assert check("Spiller han et annet kort i stedet", "nb") == []
    assert [f.found for f in check("(§ 58 B1) og § 50 D1a og § 45", "da")] == ["§ 58 B1", "§ 50 D1"]
    assert check("(§ 58B1) og § 50D1a og § 45", "da") == []
    assert [f.rule.concept for f in check("han bliver blind og bliver bord", "da")] == ["dummy", "dummy"]
    assert [f.rule.concept for f in check("Sør spiller ut", "nb")] == ["south"]
    assert [f.found for f in check("Vests ♠T og ♥KBT2", "da")] == ["♠T", "♥KBT"]
    assert check("Vests ♠10 og ♥K B 10 2, LKU-22 skriver sT", "da") == []
    assert [f.rule.concept for f in check("spillede ♥3 ud uden at være i udspil", "da")] == ["lead_out_of_turn"]
    assert [f.found for f in check("«Stort strafkort»", "da")] == ["«"]


def test_the_glossary_is_drawn_from_the_sheets() -> None:
    listed = [c for c in terminology.concepts() if c.glossary]
    assert [t.en for t in glossary.TERMS] == [c.en for c in listed]
    for t, c in zip(glossary.TERMS, listed):
        assert (t.da, t.nb, t.law) == (c.display("da"), c.display("nb"), c.law)


def test_the_terminology_page_is_generated_from_the_sheets() -> None:
    page = (ROOT / "docs" / "terminology.md").read_text(encoding="utf-8")
    assert page == terminology.markdown(), "regenerate: python3 -m bridgelaws.terminology > docs/terminology.md"


# ------------------------------------------------------------------------------------------ round 3

def test_english_prose_is_held_to_the_wbf_words_and_citation_style() -> None:
    """Round-3 audit: the English notebooks had 3 rules against 32 (da) and 52 (nb), so a Danish-style
    ``§ 50D1a`` or a wrong English term in an English notebook passed."""
    assert check("West must play it at the first legal opportunity: leading, following suit, discarding or "
                 "trumping (Law 50D1(a)); the designation is invalid; the Director awards an adjusted score.", "en") == []
    cases = {
        "West must play it (§ 50D1a).": "§",                                          # Scandinavian citation
        "leading, following suit, discarding or ruffing (Law 50D1(a))": "discarding or ruffing",   # M2
        "Dummy catches the card as soon as declarer has named it.": "Dummy catches",  # M1
        "the call is void, and declarer may designate any legal card": "call is void",  # M3
        "the Director assigns an adjusted score (Law 64C)": "assigns an adjusted score",  # L41
        "a revoke by declarer's side is rectified without a penalty card": "revoke by declarer's side is rectified",
    }
    for text, found in cases.items():
        assert [f.found for f in check(text, "en")] == [found], text


def test_the_round_three_patterns_catch_what_the_review_found() -> None:
    """../shared/reviews/round3/language-review.md: H1, M5, M6, L5, SL6 (T2, T3), each with a clean control."""
    # H1: «må ikke» is *must not* in Norwegian
    assert [f.found for f in check("(§ 62C1: han *kan*, men må ikke; lar han kortet ligge", "nb")] == [
        "kan*, men må ikke"]
    assert check("(§ 62C1: han *kan*, men trenger ikke; lar han kortet ligge", "nb") == []
    # M5: lovboka's «fremvist ved forsettlig spill»
    assert [f.found for f in check("for det ble vist ved en forsettlig handling (§ 50B)", "nb")] == [
        "vist ved en forsettlig"]
    assert check("for det ble fremvist ved forsettlig spill (§ 50B)", "nb") == []
    # M6, T2: words in quotation marks that lovboka does not have
    assert len(check("Loven sier «med sikkerhet vinner»", "nb")) == 1
    assert len(check("etter 2007-lovene bare «uten tenkepause»", "nb")) == 1
    assert check("Loven sier «det laveste kortet som man vet vil vinne stikket»", "nb") == []
    # L5: the Danish »om de har kulør«
    assert [f.found for f in check("spørre hverandre om de har farge (§ 61B)", "nb")] == ["om de har farge"]
    # SL6, T3: »stjæler« for »trumfer«, but declarer's own words in quotes stay
    assert [f.found for f in check("Vest stjæler bordets ♣E", "da")] == ["stjæler"]
    assert check("Vest trumfer bordets ♣E; spilfører siger »Stjæl den«", "da") == []
    # S1: »uanset værdien«, but a PBN tag's value is no card's rank
    assert [f.found for f in check("altid stort, uanset værdien (§ 62B1)", "da")] == ["uanset værdien"]
    assert check("kopierer værdien fra den forrige post", "da") == []


# ------------------------------------------------------------------------------------------ round 4

ROUND_4 = [
    # (language, the text the review found, what the sheet must find, the review's fix: clean)
    # 68D in its 2007 wording (en H-1; da, nb)
    ("en", "Play ceases: no card may be played now", "Play ceases", "Play is suspended: no card may be played now"),
    ("en", "A claim (Law 68A) and a concession (Law 68B) make play cease (Law 68D)", "make play cease",
     "A claim (Law 68A) and a concession (Law 68B) suspend play (Law 68D)"),
    ("da", "Spillet standser: der må ikke spilles flere kort nu", "Spillet standser",
     "Spillet afbrydes: der må ikke spilles flere kort nu"),
    ("da", "et afkald på stik (§ 68B) standser spillet (§ 68D)", "standser spillet (§ 68D",
     "et afkald på stik (§ 68B) afbryder spillet (§ 68D)"),
    ("nb", "Spillet er stanset, men Syds krav etablerte ikke revoken", "Spillet er stanset",
     "Spillet er avbrutt, men Syds krav etablerte ikke revoken"),
    ("nb", "gjør at spillet opphører (§ 68D)", "spillet opphører", "avbryter spillet (§ 68D)"),
    # 61A (en H-4)
    ("en", "A lead cannot be a revoke: a revoke is a card played to a trick", "lead cannot be a revoke",
     "The Revoke mode marks a card that fails to follow suit, and a lead cannot fail to follow suit"),
    # 50C (da H2, nb ML7, en M-2)
    ("da", "må han ikke spille et lavere kort under tieren i farven", "lavere kort under tieren",
     "må han ikke spille et andet kort under tieren i farven"),
    ("nb", "kan han ikke spille et lavere kort under tieren i fargen", "et lavere kort under tieren",
     "kan han ikke spille noe annet kort under tieren i fargen"),
    ("en", "he may not play a lower card of that suit below the ten", "lower card of that suit",
     "he may not play any other card of that suit below the ten"),
    # 71 (da M6, nb ML6, en M-1)
    ("da", "og om et stik ikke kunne være tabt. Kun da, og inden for korrektionsperioden, annulleres afkaldet",
     "og om et stik ikke kunne være tabt. Kun da",
     "og om et stik ikke kunne være tabt. Er et af delene tilfældet, annullerer Turneringslederen afkaldet"),
    ("nb", "Bare da, og innenfor korrigeringsperioden, annulleres avståelsen", "Bare da, og innenfor korrigeringsperioden, annulleres",
     "Er ett av dem tilfellet, annullerer turneringslederen avståelsen"),
    ("en", "and whether a conceded trick could not have been lost. Only then is the concession cancelled",
     "and whether a conceded trick could not have been lost. Only then",
     "and whether a conceded trick could not have been lost. If either is so, the Director cancels the concession"),
    # 50B (da M2, nb ML3)
    ("da", "ethvert kort, der er vist forsætligt, fx kortet fra en kulørsvigt", "vist forsætligt",
     "ethvert kort, der er vist ved forsætligt spil, fx kortet fra en kulørsvigt"),
    ("da", "det er vist ved en forsætlig handling (§ 50B)", "vist ved en forsætlig handling",
     "det er vist ved forsætligt spil (§ 50B)"),
    ("nb", "men det ble vist ved forsettlig spill, ikke av vanvare", "vist ved forsettlig",
     "men det ble fremvist ved forsettlig spill, ikke av vanvare"),
    ("nb", "Hvordan ble kortet vist?", "ble kortet vist", "Hvordan ble kortet fremvist?"),
    # the revoke trick (da M4), 54C (da M5), 16C (da L8)
    ("da", "Den fejlende vandt kulørsvigtstikket: det stik og ét til", "kulørsvigtstikket",
     "Den fejlende vandt stikket med kulørsvigten: det stik og ét til"),
    ("da", "Nord kan have set den blindes kort", "kan have set", "Nord kunne have set den blindes kort"),
    ("da", "Oplysninger fra tilbagetrukne handlinger", "tilbagetrukne", "Oplysninger fra tilbagetagne handlinger"),
    # Norwegian words in Danish (da M1, M7); a quoted Norwegian word stays allowed
    ("da", "Lysarkene opregner valgene", "Lysarkene", "Præsentationen opregner valgene"),
    ("da", "blindemanns kort", "blindemanns", "den blindes kort"),
    ("da", "Norsk siger »blindemann« og »godta«", None, None),
    # nb: «uten korrigering» beside a corrected revoke (ML2), «rettmessig» (ML4), «bordet» for dummy (ML5)
    ("nb", "Revoken korrigeres; Syds ♣7 settes tilbake på hånden uten ytterligere korrigering", "Revoken korrigeres; Syds ♣7 settes tilbake på hånden uten ytterligere korrigering",
     "Revoken korrigeres; Syds ♣7 settes tilbake på hånden, uten andre følger"),
    ("nb", "er rettmessig informasjon for Nord og Syd", "rettmessig informasjon", "er lovlig informasjon for Nord og Syd"),
    ("nb", "til han spiller neste kort fra hånden eller bordet", "fra hånden eller bordet",
     "til han spiller neste kort fra hånden eller fra blindemann"),
    # nb: number work-arounds (LL1), «i utspilt farge» (LL2), «henledet» (LL3), «med sikkerhet vinner» (ML1)
    ("nb", "se på nytt på de(t) 2 stikkene", "de(t)", "se på nytt på avståelsen av 2 stikk"),
    ("nb", "det høyeste kortet i utspilt farge", "i utspilt farge", "det høyeste kortet i den utspilte fargen"),
    ("nb", "oppmerksomheten ble først henledet på den", "henledet", "den ble først påpekt"),
    ("nb", "ingen av blindemanns kort vinner med sikkerhet stikket", "vinner med sikkerhet",
     "man vet ikke om noe av blindemanns kort vil vinne stikket"),
    # en: 46B4 (M-10), 50D1(a) (M-12), 48A (L-lib-5), trick numbers (L, L-lib-4), the Director (L)
    ("en", "the designation is void, and declarer may designate any legal card", "designation is void",
     "the designation is invalid, and declarer may designate any legal card"),
    ("en", "when he leads, follows suit, discards or ruffs", "discards or ruffs",
     "when he leads, follows suit, discards or trumps"),
    ("en", "declarer is not rectified for exposing a card", "not rectified for exposing",
     "declarer is not subject to rectification for exposing a card (Law 48A)"),
    ("en", "A revoke on trick twelve must be corrected", "trick twelve", "A revoke on trick 12 must be corrected"),
    ("en", "West's revoke with {card} in trick {trick} is established", "revoke with {card} in trick {trick}",
     "West's revoke with {card} on trick {trick} is established"),
    ("en", "that is a signal for the TD to consider", "the TD", "that is a signal for the Director to consider"),
]


@pytest.mark.parametrize("lang, found, caught, fixed", ROUND_4, ids=[f"{r[0]}: {r[1][:40]}" for r in ROUND_4])
def test_the_round_four_patterns_catch_what_the_reviews_found(lang: str, found: str, caught: str | None,
                                                             fixed: str | None) -> None:
    """../shared/reviews/round4/language-review-{da,nb,en}.md: each finding's text is caught, and the review's fix
    (the control) passes. A row without a catch is a control only: quoted Norwegian words in Danish stay allowed."""
    if caught is None:
        assert check(found, lang) == []
        return
    assert [f.found for f in check(found, lang)] == [caught]
    assert check(fixed, lang) == []
