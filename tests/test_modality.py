"""Who may, who must, who need not, and for whom information is (un)authorized: checked where the terminology
sheet and the citation tests cannot see.

- Every translated library message keeps its English source's modality (may / must / need not / may not: en; da
  må = may, skal = must, behøver ikke, må ikke; nb kan = may, må and skal = must, trenger ikke, må ikke) and its
  polarity (authorized / unauthorized; da beføjet / ubeføjet; nb rettmessig or lovlig / urettmessig), in order
  (test-audit round 4, gap 1(b)).
- Every message with a check record uses only the modals its laws' own words use or imply
  (bridgelaws/i18n/checks/laws-2017.toml).

Planted controls: the audit's faults E2 (nb 47E1 lovlig/urettmessig swapped), E4 (da 45C4b/47D beføjet/ubeføjet
swapped), G1 (nb "kan" for "må") and G2 (da "må" for "skal") each fail the translation test and make their check
record stale (a second, independent guard); "must" turned into "may" in one English message fails the law test.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import check_records as cr
from modality import modal_set, modals, polarity

from bridgelaws.i18n import read_po

I18N = cr.I18N
POTS = sorted(I18N.glob("*.pot"))


def translation_problems(source: dict[str, tuple[str, str]], translated: dict[str, tuple[str, str]],
                         lang: str) -> list[str]:
    """Keys whose translation drops a modality of the English or reverses its polarity words."""
    out = []
    for key, (msgid, _) in source.items():
        msgstr = translated.get(key, ("", ""))[1]
        if not msgstr or translated[key][0] != msgid:
            continue
        lost = modal_set(msgid, "en") - modal_set(msgstr, lang)
        if lost:
            out.append(f"{key} [{lang}]: the English says {sorted(modal_set(msgid, 'en'))}, the translation "
                       f"{sorted(modal_set(msgstr, lang))} ({', '.join(sorted(lost))} lost)")
        if polarity(msgid, "en") != polarity(msgstr, lang):
            out.append(f"{key} [{lang}]: authorized/unauthorized in the English {polarity(msgid, 'en')}, in the "
                       f"translation {polarity(msgstr, lang)}")
    return out


@pytest.mark.parametrize("lang", ["da", "nb"])
@pytest.mark.parametrize("pot", POTS, ids=lambda p: p.stem)
def test_translations_keep_polarity_and_modality(pot: Path, lang: str) -> None:
    problems = translation_problems(read_po(pot), read_po(I18N / lang / f"{pot.stem}.po"), lang)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("domain", cr.domains())
def test_each_message_uses_the_modal_of_the_laws_it_states(domain: str) -> None:
    texts = {k: v["en"] for k, v in cr.catalogue(domain).items()}
    problems = cr.modal_problems(cr.load_records(domain), cr.load_quotes(), texts)
    assert not problems, "\n".join(problems)


# ---------------------------------------------------------------------------------------------- the lexicon

@pytest.mark.parametrize(("text", "lang", "expected"), [
    # lovboka § 62A: "En spiller må korrigere sin revoke" (a player must correct): nb må is "must"
    ("En spiller må korrigere sin revoke hvis han blir klar over uregelmessigheten", "nb", {"must"}),
    # lovboka § 47F2: "Et spilt kort kan ikke bli trukket tilbake" (may not be withdrawn)
    ("Et spilt kort kan ikke bli trukket tilbake unntatt som bestemt i denne paragrafen", "nb", {"may_not"}),
    # lovboka § 52B1(a): "kan spilleføreren godta" (declarer may accept)
    ("kan spilleføreren godta et slikt utspill eller spill", "nb", {"may"}),
    # lovboka § 62D2 (2007): "kan han ikke velge et påspill" (he may not choose)
    ("når den feilendes makker har kort i to farger, kan han ikke velge et påspill", "nb", {"may_not"}),
    # Danish må is "may", må ikke "may not", skal "must" (DBf)
    ("han må tage det tilbage og spille et andet kort", "da", {"may"}),
    ("den må ikke længere rettes", "da", {"may_not"}),
    ("skal stadig rettes, hvis den opdages", "da", {"must"}),
    ("han behøver ikke spille kortet", "da", {"need_not"}),
    ("han trenger ikke spille kortet", "nb", {"need_not"}),
    # two clauses: "must follow suit and may not play"
    ("{seat} skal bekende og må ikke spille {card}", "da", {"must", "may_not"}),
    ("{seat} must follow suit and may not play {card}", "en", {"must", "may_not"}),
    # WBF 63B: "it may no longer be corrected"; 50C: "he is entitled to play an honour"
    ("Once a revoke is established, it may no longer be corrected", "en", {"may_not"}),
    ("but he is entitled to play an honour card instead", "en", {"may"}),
    ("no card may be played now", "en", {"may_not"}),
    ("{may} is a placeholder, not a verb", "en", set()),
])
def test_the_modal_lexicon(text: str, lang: str, expected: set[str]) -> None:
    assert modal_set(text, lang) == expected, dict(modals(text, lang))


def test_the_polarity_lexicon() -> None:
    assert polarity("authorized for the opponents and unauthorized for {seat}'s side", "en") == \
        ["authorized", "unauthorized"]
    assert polarity("beføjede oplysninger for modstanderne og ubeføjede oplysninger", "da") == \
        ["authorized", "unauthorized"]
    # nb "lovlig" alone is "legal" (a legal card), not a polarity; "lovlig informasjon" is (lovboka § 50E)
    assert polarity("et lovlig kort", "nb") == []
    assert polarity("lovlig informasjon for motstanderne og urettmessig informasjon for", "nb") == \
        ["authorized", "unauthorized"]
    assert polarity("Lovlig og urettmessig informasjon", "nb") == ["authorized", "unauthorized"]


# ------------------------------------------------------------------- the audit's planted faults, planted again

def _swap(text: str, a: str, b: str) -> str:
    """The words ``a`` and ``b`` swapped wherever they stand as whole words (the audit's E2 and E4)."""
    words = re.findall(rf"\b(?:{a}|{b})\b", text)
    assert a in words and b in words, (a, b, text)
    return re.sub(rf"\b({a}|{b})\b", lambda m: b if m.group(1) == a else a, text)


# (audit id, language, domain, key, how the fault changes the translation)
FAULTS = [
    ("E2", "nb", "leadplay", "lp.note.47E1", lambda t: _swap(t, "lovlig", "urettmessig")),
    ("E4", "da", "played", "played.note.opponent_may_replay", lambda t: _swap(t, "beføjede", "ubeføjede")),
    ("G1", "nb", "revoke", "revoke.dir.not_established",
     lambda t: t.replace("må den korrigeres", "kan den korrigeres")),
    ("G2", "da", "revoke", "revoke.dir.established_12", lambda t: t.replace("skal stadig rettes", "må stadig rettes")),
]


@pytest.mark.parametrize(("fault", "lang", "domain", "key", "change"), FAULTS, ids=[f[0] for f in FAULTS])
def test_the_audit_s_planted_fault_fails_the_translation_test(fault: str, lang: str, domain: str, key: str,
                                                               change) -> None:
    source = read_po(I18N / f"{domain}.pot")
    po = read_po(I18N / lang / f"{domain}.po")
    assert translation_problems(source, po, lang) == []
    msgid, msgstr = po[key]
    planted = change(msgstr)
    assert planted != msgstr, f"{fault}: control out of date, {key} [{lang}] no longer has the words it changes"
    po = dict(po)
    po[key] = (msgid, planted)
    assert [p.split(" ")[0] for p in translation_problems(source, po, lang)] == [key]


@pytest.mark.parametrize(("fault", "lang", "domain", "key", "change"), FAULTS, ids=[f[0] for f in FAULTS])
def test_the_audit_s_planted_fault_also_makes_its_check_record_stale(fault: str, lang: str, domain: str, key: str,
                                                                     change) -> None:
    """The second, independent guard: the record's hash of the text that was read."""
    rec = cr.load_records(domain)[key]
    current = cr.catalogue(domain)[key][lang]
    assert rec[f"{lang}_hash"] == cr.digest(current)
    assert rec[f"{lang}_hash"] != cr.digest(change(current))


def test_control_must_turned_into_may_in_one_english_message_fails_the_law_test() -> None:
    records = cr.load_records("revoke")
    texts = {k: v["en"] for k, v in cr.catalogue("revoke").items()}
    assert cr.modal_problems(records, cr.load_quotes(), texts) == []
    old = texts["revoke.dir.not_established"]
    assert "it must be corrected" in old
    texts["revoke.dir.not_established"] = old.replace("it must be corrected", "it may be corrected")
    found = cr.modal_problems(records, cr.load_quotes(), texts)
    assert [p.split(":")[0] for p in found] == ["revoke.dir.not_established"]
    assert "['may']" in found[0] and "62A" in found[0]
