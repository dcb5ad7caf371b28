"""Check records (issue 35, "How every sentence is made from now on"): every library message that states what a law
says has a record beside the catalogues, bridgelaws/i18n/checks/<domain>.toml, holding the laws it states, the
verdict of its reading against the 2017 words (checks/laws-2017.toml) and a hash of the text read, per language.

A message with no record, or whose text changed in any language since its check, fails here, naming the key, the
language and the command to run after a new reading. Planted controls: one word of one English message changed,
one Danish word changed, a new message citing a law; and ``accept`` rewrites only the record it is told to."""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import check_records as cr
from modality import modal_set

from bridgelaws.laws import LawRef


def test_every_message_that_states_a_law_has_a_current_check_record() -> None:
    found = cr.problems()
    assert not found, (f"{len(found)} message(s) need a reading against the law's words "
                       "(docs/check-records.md):\n" + "\n".join(p.line() for p in found))


def test_no_record_is_left_for_a_message_that_no_longer_exists() -> None:
    assert cr.orphans() == []


def test_the_selection_finds_the_messages_that_cite_a_law() -> None:
    """Negative control of the selection itself: messages that state a law, each found by a different route, and
    messages that state none."""
    uses = cr.code_uses(k for d in cr.domains() for k in cr.read_po(cr.I18N / f"{d}.pot"))
    texts = {k: v for d in cr.domains() for k, v in cr.catalogue(d).items()}

    def needs(key: str) -> bool:
        return cr.needs_record(key, texts[key]["en"], uses.get(key))

    assert needs("revoke.dir.not_established")  # the code attaches 62A through the enclosing Constraint
    assert needs("revoke.note.may_withdraw")  # {ui}: a law placeholder
    assert needs("law.62D2.title")  # the key names its law
    assert needs("widget.hint.revoke")  # cites "Law 61A" in its words
    assert needs("aid.major.first")  # aid's _step("...", "50D1a", "major.first")
    assert not needs("word.or")
    assert not needs("notation.rank_only")


@pytest.mark.parametrize("domain", cr.domains())
def test_each_record_is_well_formed_and_its_hashes_are_of_its_own_text(domain: str) -> None:
    quotes = cr.load_quotes()
    problems = []
    for key, rec in cr.load_records(domain).items():
        for code in rec.get("laws", []):
            try:
                LawRef.parse(code)
            except ValueError:
                problems.append(f"{key}: {code!r} is not a law paragraph")
        if not rec.get("laws") and not rec.get("frame"):
            problems.append(f"{key}: names no law (a frame that states none says frame = true)")
        if rec.get("verdict") not in cr.VERDICTS:
            problems.append(f"{key}: verdict {rec.get('verdict')!r} is not one of {cr.VERDICTS}")
        if rec.get("verdict") in ("wrong", "reading") and not rec.get("finding"):
            problems.append(f"{key}: a '{rec['verdict']}' verdict says what was found (finding)")
        editions = cr.edition_notes(rec.get("laws", []), quotes)
        for name in ("nb_edition", "da_edition"):
            if rec.get(name) != editions.get(name):
                problems.append(f"{key}: {name} should be {editions.get(name)!r} (the quote table's notes)")
        missing = any("en" not in quotes.get(code, {}) for code in rec.get("laws", []))
        if rec.get("quote_missing") != missing:
            problems.append(f"{key}: quote_missing = {rec.get('quote_missing')} but the quote table says {missing}")
        for lang in cr.LANGS:
            if lang in rec and rec.get(f"{lang}_hash") != cr.digest(rec[lang]):
                problems.append(f"{key} [{lang}]: the hash is not that of the text read")
    assert not problems, "\n".join(problems)


def test_the_quote_table_states_each_law_s_modal_as_its_words_do() -> None:
    """The law's own modal is read again from the quoted words, so the table cannot claim a "must" the words lack."""
    problems = []
    for code, entry in cr.load_quotes().items():
        LawRef.parse(code)
        if "en" in entry:
            if not entry.get("en_source"):
                problems.append(f"{code}: a quote without its source")
            if set(entry.get("modal", [])) != modal_set(entry["en"], "en"):
                problems.append(f"{code}: modal {entry.get('modal')} but the words say "
                                f"{sorted(modal_set(entry['en'], 'en'))}")
        for lang, book in (("nb", "lovboka's"), ("da", "DBf's")):
            if lang in entry and set(entry.get(f"{lang}_modal", [])) != modal_set(entry[lang], lang):
                problems.append(f"{code}: {lang}_modal {entry.get(f'{lang}_modal')} but {book} words say "
                                f"{sorted(modal_set(entry[lang], lang))}")
            if lang in entry and not entry.get(f"{lang}_source"):
                problems.append(f"{code}: {book} words without their source")
        if "implies" in entry and not entry.get("implies_note"):
            problems.append(f"{code}: what the modal implies for the other player needs its reason (implies_note)")
        if "en" not in entry and "nb" not in entry and "da" not in entry and not entry.get("quote_missing"):
            problems.append(f"{code}: no words, so quote_missing = true")
    assert not problems, "\n".join(problems)


# ------------------------------------------------------------------------------ planted controls on a scratch copy

@pytest.fixture
def scratch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of bridgelaws/i18n (catalogues and records) that check_records reads instead of the real one."""
    copy = tmp_path / "i18n"
    shutil.copytree(cr.I18N, copy, ignore=shutil.ignore_patterns("__pycache__", "*.py"))
    monkeypatch.setattr(cr, "I18N", copy)
    monkeypatch.setattr(cr, "CHECKS", copy / "checks")
    monkeypatch.setattr(cr, "QUOTES", copy / "checks" / "laws-2017.toml")
    yield copy


def plant(path: Path, key: str, old: str, new: str, field: str = "msgid") -> None:
    """Replace ``old`` by ``new`` in one entry's msgid (.pot) or msgstr (.po), nowhere else."""
    blocks = path.read_text(encoding="utf-8").split("\n\n")
    (i,) = [i for i, b in enumerate(blocks) if f'msgctxt "{key}"' in b.split("\n")]
    lines = blocks[i].split("\n")
    (j,) = [j for j, line in enumerate(lines) if line.startswith(field + " ")]
    assert old in lines[j], f"control out of date: {old!r} is no longer in {key}'s {field} ({path.name})"
    lines[j] = lines[j].replace(old, new, 1)
    blocks[i] = "\n".join(lines)
    path.write_text("\n\n".join(blocks), encoding="utf-8")


def test_control_one_word_of_one_english_message_changed_fails(scratch: Path) -> None:
    assert cr.problems(["revoke"]) == []
    plant(scratch / "revoke.pot", "revoke.dir.not_established", "it must be corrected", "it may be corrected")
    found = cr.problems(["revoke"])
    assert [(p.key, p.lang, p.kind) for p in found] == [("revoke.dir.not_established", "en", "stale")]
    line = found[0].line()
    assert "it must be corrected" in line and "it may be corrected" in line  # the old and the new text
    assert "accept revoke.dir.not_established --lang en" in line


def test_control_one_danish_word_changed_fails_in_danish_only(scratch: Path) -> None:
    plant(scratch / "da" / "revoke.po", "revoke.dir.established_12", "skal stadig rettes", "må stadig rettes",
          field="msgstr")
    found = cr.problems(["revoke"])
    assert [(p.key, p.lang) for p in found] == [("revoke.dir.established_12", "da")]


def test_control_a_new_message_citing_a_law_without_a_record_fails(scratch: Path) -> None:
    with (scratch / "revoke.pot").open("a", encoding="utf-8") as f:
        f.write('\nmsgctxt "revoke.note.planted"\nmsgid "A planted sentence that cites Law 62A"\nmsgstr ""\n')
    found = cr.problems(["revoke"])
    assert [(p.key, p.kind) for p in found] == [("revoke.note.planted", "missing")]
    assert "add revoke.note.planted --law" in found[0].line()


def test_accept_rewrites_the_named_record_in_the_named_language_and_nothing_else(scratch: Path) -> None:
    plant(scratch / "revoke.pot", "revoke.dir.not_established", "it must be corrected", "it has to be corrected")
    plant(scratch / "revoke.pot", "revoke.dir.64b7", "both sides have revoked", "both sides revoked")
    before = (scratch / "checks" / "revoke.toml").read_text(encoding="utf-8").splitlines()
    assert cr.accept("revoke.dir.not_established", ["en"], "test", None, None) == ["en"]
    after = (scratch / "checks" / "revoke.toml").read_text(encoding="utf-8").splitlines()
    assert len(before) == len(after)
    changed = [i for i, (a, b) in enumerate(zip(before, after)) if a != b]
    fields = {after[i].split(" = ")[0] for i in changed}
    assert {"en", "en_hash"} <= fields <= {"en", "en_hash", "read_by", "read_on"}
    start = after.index('[records."revoke.dir.not_established"]')
    end = after.index("", start)
    assert all(start < i < end for i in changed)  # inside that one record
    # the other changed message is still stale: nothing was re-hashed that was not named
    assert [(p.key, p.lang) for p in cr.problems(["revoke"])] == [("revoke.dir.64b7", "en")]


def test_the_tool_has_no_way_to_accept_everything() -> None:
    run = subprocess.run([sys.executable, str(ROOT / "tools" / "check_records.py"), "accept", "--lang", "en"],
                         capture_output=True, text=True, check=False)
    assert run.returncode != 0
    assert "--all" not in (ROOT / "tools" / "check_records.py").read_text(encoding="utf-8")
