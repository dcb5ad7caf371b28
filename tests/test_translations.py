"""The notebooks' prose in three languages stays in sync with its sources (tools/translate.py, issue #19).

Every notebook exists in ``notebooks/da``, ``nb`` and ``en``; the two that are not its source are generated from
the source and a gettext catalogue per language (``locales/<lang>/<name>.po``, one entry per Markdown block). The
sync check fails on a missing, untranslated, fuzzy or obsolete entry, on a translated notebook that differs from
what its source and catalogue generate, and on a translation that loses or adds a § citation, a card, a link, an
inline span or a code span of its source. The tests below run it on the real files, then show that it fails: a
copy of the project with one source paragraph changed, an entry made fuzzy, a citation or card dropped.
"""

from __future__ import annotations

import json
import shutil
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import translate  # noqa: E402  (tools/translate.py)

polib = pytest.importorskip("polib")


def test_every_catalogue_and_translated_notebook_is_in_sync() -> None:
    problems = translate.check()
    assert not problems, f"{len(problems)} problem(s); run python3 dev.py translate:\n" + "\n".join(problems[:40])


def test_every_notebook_exists_in_three_languages_from_one_source() -> None:
    sources = translate.sources()
    assert len(sources) == 8, [s.name for s in sources]
    names = {s.name for s in sources}
    for lang in translate.LANGS:
        assert {p.name for p in (translate.NOTEBOOKS / lang).glob("*.ipynb")} == names, lang
    assert {s.name[:2]: s.lang for s in sources} == {
        "00": "da", "01": "da", "02": "nb", "03": "nb", "04": "da", "05": "da", "06": "da", "07": "da"}


def test_translated_notebooks_set_their_language_and_keep_the_source_code() -> None:
    for source in translate.sources():
        src = translate.read_notebook(source.path)
        src_code = [translate.source_text(c) for c in src["cells"] if c["cell_type"] == "code"]
        for lang in source.targets():
            nb = translate.read_notebook(source.translation(lang))
            code = [translate.source_text(c) for c in nb["cells"] if c["cell_type"] == "code"]
            params = [translate.source_text(c) for c in nb["cells"]
                      if "parameters" in c.get("metadata", {}).get("tags", [])]
            assert params and f'LANG = "{lang}"' in params[0], f"{lang}/{source.name}: LANG is not {lang!r}"
            assert [translate.set_lang(c, lang) for c in src_code] == code, f"{lang}/{source.name}: code differs"
            title = next(translate.source_text(c) for c in nb["cells"][1:] if c["cell_type"] == "markdown")
            src_title = next(translate.source_text(c) for c in src["cells"][1:] if c["cell_type"] == "markdown")
            assert title.split("\n")[0] != src_title.split("\n")[0] or source.name.startswith("00"), \
                f"{lang}/{source.name} has its source's title"


# ------------------------------------------------------------------------------------------ it fails when it must

@pytest.fixture()
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of notebooks/ (without scenarios) and locales/, with tools/translate.py pointed at it."""
    shutil.copytree(ROOT / "notebooks", tmp_path / "notebooks", ignore=shutil.ignore_patterns("scenarios"))
    shutil.copytree(ROOT / "locales", tmp_path / "locales")
    monkeypatch.setattr(translate, "ROOT", tmp_path)
    monkeypatch.setattr(translate, "NOTEBOOKS", tmp_path / "notebooks")
    monkeypatch.setattr(translate, "LOCALES", tmp_path / "locales")
    assert translate.check(only="01") == []
    return tmp_path


def _edit_source(project: Path, name: str, old: str, new: str) -> None:
    path = project / "notebooks" / "da" / name
    nb = json.loads(path.read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        text = translate.source_text(cell)
        if cell["cell_type"] == "markdown" and old in text:
            cell["source"] = text.replace(old, new, 1)
            path.write_text(json.dumps(nb, ensure_ascii=False), encoding="utf-8")
            return
    raise AssertionError(f"{old!r} not in {name}")


def _entry(po: polib.POFile, needle: str) -> polib.POEntry:
    return next(e for e in po if needle in e.msgid and not e.obsolete)


def test_a_changed_source_paragraph_makes_its_entry_fuzzy_and_fails(project: Path) -> None:
    old = "Et stort strafkort binder to spillere på én gang"
    _edit_source(project, "01-stort-strafkort.ipynb", old, "Et stort strafkort binder hele to spillere på én gang")
    problems = translate.check(only="01")
    assert any("no entry for" in p for p in problems), problems  # not yet merged: the catalogue lacks it
    translate.update(only="01")
    po = polib.pofile(str(project / "locales" / "nb" / "01-stort-strafkort.po"))
    entry = _entry(po, "binder hele to spillere")
    assert "fuzzy" in entry.flags and entry.previous_msgid.startswith(old) and entry.msgstr
    problems = translate.check(only="01")
    assert any("fuzzy" in p for p in problems), problems
    # the translated notebook keeps the source's text for the fuzzy block: never a stale translation
    nb = (project / "notebooks" / "nb" / "01-stort-strafkort.ipynb").read_text(encoding="utf-8")
    assert "binder hele to spillere" in nb


def test_a_removed_source_paragraph_leaves_an_obsolete_entry_that_fails(project: Path) -> None:
    path = project / "notebooks" / "da" / "01-stort-strafkort.ipynb"
    nb = json.loads(path.read_text(encoding="utf-8"))
    cell = next(c for c in nb["cells"] if c.get("id") == "c06")
    cell["source"] = translate.source_text(cell).split("\n\n")[0]  # only the heading stays
    path.write_text(json.dumps(nb, ensure_ascii=False), encoding="utf-8")
    translate.update(only="01")
    assert any("obsolete" in p for p in translate.check(only="01"))
    translate.update(drop_obsolete=True, only="01")
    assert translate.check(only="01") == []


def test_an_untranslated_entry_fails(project: Path) -> None:
    path = project / "locales" / "en" / "01-stort-strafkort.po"
    po = polib.pofile(str(path))
    _entry(po, "Et stort strafkort binder").msgstr = ""
    po.save(str(path))
    assert any("untranslated" in p for p in translate.check(only="01"))


def test_a_hand_edited_translated_notebook_fails(project: Path) -> None:
    path = project / "notebooks" / "en" / "01-stort-strafkort.ipynb"
    nb = json.loads(path.read_text(encoding="utf-8"))
    cell = next(c for c in nb["cells"][1:] if c["cell_type"] == "markdown")
    cell["source"] = translate.source_text(cell) + " (edited by hand)"
    path.write_text(json.dumps(nb, ensure_ascii=False), encoding="utf-8")
    assert any("differs from what its source" in p for p in translate.check(only="01"))


@pytest.mark.parametrize(("what", "needle", "old", "new"), [
    ("§ citations", "§ 50D1a", "50D1(a)", "50D1(b)"),
    ("cards", "♦3", "♦3", "♦4"),
    ("links", "](", "](", "](x"),
])
def test_a_translation_that_loses_a_citation_card_or_link_fails(project: Path, what: str, needle: str, old: str,
                                                                 new: str) -> None:
    path = project / "locales" / "en" / "01-stort-strafkort.po"
    po = polib.pofile(str(path))
    entry = next(e for e in po if needle in e.msgid and old in e.msgstr and not e.obsolete)
    entry.msgstr = entry.msgstr.replace(old, new, 1)
    po.save(str(path))
    assert any(what in p for p in translate.check(only="01")), what


def _law_spans(text: str) -> list[tuple[int, int]]:
    """Where each citation anchor of a text is (``Law 64A2``, ``§ 64C``), in order."""
    return [m.span() for m in translate.LAW_ANCHOR.finditer(text)]


def _citing(po: polib.POFile, wanted: Callable[[list[str]], bool]) -> polib.POEntry:
    """The first translated entry whose citations each stand alone (one anchor per paragraph cited, no lists
    such as "Laws 64A2 and 64B2") and satisfy ``wanted``."""
    return next(e for e in po if e.msgstr and not e.obsolete and "fuzzy" not in e.flags
                and len(_law_spans(e.msgstr)) == len(translate.laws(e.msgstr)) and wanted(translate.laws(e.msgstr)))


def test_a_translation_that_swaps_two_citations_fails(project: Path) -> None:
    """Audit d2: 64A2 and 64B2 swapped inside one paragraph of the English 06 passed a set comparison."""
    path = project / "locales" / "en" / "06-kulorsvigt.po"
    po = polib.pofile(str(path))
    entry = _citing(po, lambda found: len(set(found)) >= 2)
    spans = _law_spans(entry.msgstr)
    texts = [entry.msgstr[a:b] for a, b in spans]
    i, j = next((i, j) for i in range(len(texts)) for j in range(i + 1, len(texts)) if texts[i] != texts[j])
    (a1, b1), (a2, b2) = spans[i], spans[j]
    s = entry.msgstr
    entry.msgstr = s[:a1] + texts[j] + s[b1:a2] + texts[i] + s[b2:]
    assert sorted(translate.laws(entry.msgstr)) == sorted(translate.laws(s))  # the same set: only the order
    po.save(str(path))
    translate.update(only="06")
    problems = translate.check(only="06")
    assert any("§ citations differ" in p for p in problems), problems
    # a translator who means the other order says so on the entry, and the check then counts, not orders
    po = polib.pofile(str(path))
    next(e for e in po if e.msgid == entry.msgid).flags.append(translate.REORDERED)
    po.save(str(path))
    assert not any("§ citations differ" in p for p in translate.check(only="06"))


def test_a_translation_that_swaps_two_cards_fails(project: Path) -> None:
    """Round-4 audit, gap 1(d), fault F4: "discards ♦3 although he holds ♣J" turned into "discards ♣J although he
    holds ♦3" in the English 06 names the same cards, so a count passed it; read aloud it is another deal."""
    path = project / "locales" / "en" / "06-kulorsvigt.po"
    po = polib.pofile(str(path))
    entry = next(e for e in po if "West discards ♦3 although he holds ♣J" in e.msgstr)
    original = entry.msgstr
    entry.msgstr = original.replace("West discards ♦3 although he holds ♣J", "West discards ♣J although he holds ♦3")
    assert translate.cards(entry.msgstr, "en") == translate.cards(original, "en")  # the same cards: only the order
    po.save(str(path))
    translate.update(only="06")
    problems = translate.check(only="06")
    assert any("cards in another order" in p and "[♣A, ♦3, ♣J" in p for p in problems), problems
    # the control: the unchanged catalogue passes, and so does an entry whose translator flagged the new order
    po = polib.pofile(str(path))
    planted = next(e for e in po if e.msgid == entry.msgid)
    planted.flags.append(translate.CARDS_REORDERED)
    po.save(str(path))
    assert not any("cards in another order" in p for p in translate.check(only="06"))
    planted.flags.remove(translate.CARDS_REORDERED)
    planted.msgstr = original
    po.save(str(path))
    translate.update(only="06")
    assert translate.check(only="06") == []


def test_cards_are_compared_in_order_across_the_languages_notations() -> None:
    assert translate.invariant_problems("Vest kaster ♦3, selv om han har ♣B", "West discards ♦3 although he holds ♣J",
                                        "da", "en") == []
    assert translate.invariant_problems("Vest kaster ♦3, selv om han har ♣B", "West discards ♣J although he holds ♦3",
                                        "da", "en") == [
        "cards in another order: source [♦3, ♣J], translation [♣J, ♦3] (if the language needs it, flag the entry "
        "#, cards-reordered)"]
    assert translate.invariant_problems("Vest kaster ♦3, selv om han har ♣B", "West discards ♣J although he holds ♦3",
                                        "da", "en", cards_reordered=True) == []
    # a card lost is still reported as a different set, flagged or not
    assert translate.invariant_problems("♦3 og ♣B", "♦3 and ♣Q", "da", "en", cards_reordered=True) == [
        "cards differ: source {♣J, ♦3}, translation {♣Q, ♦3}"]


def test_a_translation_that_drops_a_repeated_citation_fails(project: Path) -> None:
    """Audit e2: the second of two "Law 64C" in one English paragraph of 06 dropped passed a set comparison."""
    path = project / "locales" / "en" / "06-kulorsvigt.po"
    po = polib.pofile(str(path))
    entry = _citing(po, lambda found: len(found) != len(set(found)))
    found = translate.laws(entry.msgstr)
    repeated = next(code for code in found if found.count(code) > 1)
    a, b = [(a, b) for (a, b), code in zip(_law_spans(entry.msgstr), found) if code == repeated][-1]
    entry.msgstr = entry.msgstr[:a] + "that law" + entry.msgstr[b:]
    assert set(translate.laws(entry.msgstr)) == set(found)  # the same set: only the repeat is gone
    po.save(str(path))
    translate.update(only="06")
    problems = translate.check(only="06")
    assert any("§ citations differ" in p for p in problems), problems


def test_a_translation_that_loses_an_inline_span_fails(project: Path) -> None:
    path = project / "locales" / "nb" / "01-stort-strafkort.po"
    po = polib.pofile(str(path))
    entry = next(e for e in po if '<span style="color:#c8102e">' in e.msgstr and not e.obsolete)
    entry.msgstr = entry.msgstr.replace('<span style="color:#c8102e">', "<span>", 1)
    po.save(str(path))
    assert any("inline spans" in p for p in translate.check(only="01"))


# ------------------------------------------------------------------------------------------ the pieces

def test_markdown_blocks_are_split_as_a_po_tool_splits_them() -> None:
    text = ("## Heading\n\nA paragraph\nover two lines.\n\n- item one\n- item **two**\n\n"
            "| a | b |\n|---|---|\n| ♠E | § 50 |\n\n<details><summary>Svar</summary>\n\nInside.\n\n</details>")
    found = [(b.kind, b.text) for b in translate.blocks(text)]
    assert found == [("heading", "Heading"), ("paragraph", "A paragraph over two lines."),
                     ("paragraph", "item one"), ("paragraph", "item **two**"), ("row", "| a | b |"),
                     ("row", "| ♠E | § 50 |"), ("html", "<details><summary>Svar</summary>"),
                     ("paragraph", "Inside.")]
    out = translate.translate_markdown(text, {"item one": "punkt en", "Heading": "Overskrift"})
    assert out.startswith("## Overskrift\n") and "- punkt en\n- item **two**" in out


def test_citations_and_cards_are_compared_across_the_languages_notations() -> None:
    assert translate.laws("§ 50D1a og § 50D2a og D2b, §§ 61–64") == translate.laws(
        "Law 50D1(a) and Law 50D2(a) and D2(b), Laws 61–64") == ["50D1a", "50D2a", "50D2b", "61", "64"]
    # in order and as often as cited: a list read once ("og § 50D2a" is not counted again), a repeat kept
    assert translate.laws("§ 64A2 og § 64B2; § 64C, se også § 64C") == ["64A2", "64B2", "64C", "64C"]
    assert translate.invariant_problems("§ 64A2 og § 64B2", "Law 64B2 and Law 64A2", "da", "en") == [
        "§ citations differ: source [64A2, 64B2], translation [64B2, 64A2]"]
    assert translate.invariant_problems("§ 64A2 og § 64B2", "Law 64B2 and Law 64A2", "da", "en",
                                        reordered=True) == []
    assert translate.cards("♠E ♥KB92 ♦10", "da") == translate.cards("♠A ♥KJ92 ♦10", "en") == translate.cards(
        "♠E ♥KKn92 ♦10", "nb")
    assert translate.cards("♠D", "da") == translate.cards("♠Q", "en") == translate.cards("♠D", "nb")
    assert translate.invariant_problems("§ 50D1a: ♠E", "Law 50D1(a): ♠K", "da", "en") == [
        "cards differ: source {♠A}, translation {♠K}"]


# ------------------------------------------------------------------------------------------ scenario files

def test_every_article_scenario_has_its_title_and_question_in_three_languages() -> None:
    import tomllib

    for path in sorted((ROOT / "notebooks" / "scenarios").glob("*.toml")) + sorted(
            (ROOT / "tests" / "scenarios").rglob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for field in ("title", "question"):
            if field in data:
                assert isinstance(data[field], dict) and set(data[field]) == {"da", "nb", "en"}, \
                    f"{path.relative_to(ROOT)}: {field} is not in da, nb and en"
        assert "title" in data, f"{path.relative_to(ROOT)} has no title"


@pytest.mark.parametrize("languages", [("da",), ("da", "nb", "en")])
def test_save_keeps_the_languages_a_file_has(tmp_path: Path, languages: tuple[str, ...]) -> None:
    """The widget's Save writes back the title and question in whichever languages the file had: it neither
    drops a language nor invents one."""
    from bridgelaws import scenario as scn
    from bridgelaws.widgets import CardTable

    src = ROOT / "notebooks" / "scenarios" / "01-stort-strafkort-ex2-lead-options.toml"
    original = scn.load(src)
    text = src.read_text(encoding="utf-8")
    data = __import__("tomllib").loads(text)
    mine = tmp_path / "in.json"
    for field in ("title", "question"):
        data[field] = {k: v for k, v in data[field].items() if k in languages}
    mine.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    w = CardTable.from_scenario(mine, lang="nb", folder=tmp_path / "mine", allow_write=True)
    saved = scn.load(w.save("out.toml"))
    assert set(saved.title) == set(languages) and set(saved.question) == set(languages)
    assert saved.title["da"] == original.title["da"]


# ------------------------------------------------------------------------------------------ a claim's line

def test_a_claims_line_may_be_written_in_each_language_and_is_quoted_in_the_tables_language() -> None:
    """Round-3 language review CL6: the clarification statement (68C) came straight from the file, so the
    Danish and Norwegian Director's boxes quoted an English line. A file may now give it per language, as titles
    are; the box quotes the table's language, and the file writes back as it was read."""
    from bridgelaws import scenario as scn
    from bridgelaws.i18n import LocalText

    path = ROOT / "tests" / "scenarios" / "claims" / "63a4-agree-to-claim-64a2.toml"
    s = scn.load(path)
    (claim,) = [e for e in s.history if e.action == "claim"]
    assert claim.line == LocalText({"da": "Jeg giver en ruder til sidst", "nb": "Jeg gir bort en ruter til slutt",
                                    "en": "I give up a diamond at the end"})
    table = scn.replay(s, upto=s.history.index(claim) + 1)
    said = {lang: [st.message.text(lang) for st in table.statements() if st.message.key == "claim.note.line"]
            for lang in ("da", "nb", "en")}
    # each box quotes the line in its own language, in that language's quotation marks
    assert [len(v) for v in said.values()] == [1, 1, 1], said
    assert said["da"][0].endswith(": »Jeg giver en ruder til sidst«")
    assert said["nb"][0].endswith(": «Jeg gir bort en ruter til slutt»")
    assert said["en"][0].endswith(": “I give up a diamond at the end”")
    again = scn.loads(scn.dumps(s))
    assert again == s and 'line = { da = "Jeg giver en ruder til sidst", nb = ' in scn.dumps(s)
    # one language only: the others fall back to English, else to the one given
    assert LocalText({"da": "Jeg trækker trumf"}).text("nb") == "Jeg trækker trumf"
    assert LocalText({"da": "x", "en": "drawing trumps"}).text("nb") == "drawing trumps"


@pytest.mark.parametrize(("line", "message"), [
    ('{ sv = "dra trumf" }', "unknown language 'sv'"),
    ("{}", "no language in it"),
    ("3", "must be a string or a table of languages"),
    ('{ da = 3 }', "line.da: must be a string"),
])
def test_a_claims_line_in_a_wrong_form_is_refused_with_where_and_what(line: str, message: str) -> None:
    from bridgelaws import scenario as scn
    from bridgelaws.errors import ScenarioError

    text = (ROOT / "tests" / "scenarios" / "claims" / "64b5-end-of-round.toml").read_text(encoding="utf-8")
    start = text.index("line = {")
    end = text.index("} }", start) + 1
    with pytest.raises(ScenarioError, match=message) as info:
        scn.loads(text[:start] + "line = " + line + text[end:])
    assert "event 13 (S claim" in str(info.value)
