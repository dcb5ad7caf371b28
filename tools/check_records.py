"""Check records: every library message that states what a law says, read against the law's own words.

    python tools/check_records.py missing              # messages that state a law and have no record
    python tools/check_records.py stale                # records whose message changed since it was read
    python tools/check_records.py accept KEY --lang en [--lang da ...] [--by NAME] [--verdict agrees]
    python tools/check_records.py add KEY --law 62A [--law 63A1] [--by NAME] [--verdict agrees] [--finding TEXT]
    python tools/check_records.py laws KEY             # the laws the code and the text attach to a message
    python tools/check_records.py summary              # counts

Where things are (docs/check-records.md explains the workflow):

- ``bridgelaws/i18n/checks/laws-2017.toml``: one quote table entry per law paragraph: the operative words of the
  WBF 2017 text (``en``) with its source, the law's own modal verbs (``modal``), and the Danish (DBf) and Norwegian
  (NBF lovboka) editions' words where we found them. A paragraph whose words we did not find says
  ``quote_missing = true``; nothing is made up.
- ``bridgelaws/i18n/checks/<domain>.toml``: one record per message key of ``bridgelaws/i18n/<domain>.pot``: the
  laws it states, the text that was read in each language with its hash, the verdict of the reading.

A record goes *stale* when its message changes in any language (the hash no longer matches). ``accept`` writes the
new text and hash of one key in the languages named, after a person has read the new text against the quotes; it
never re-hashes anything it was not told to, and there is no "accept everything".
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import re
import sys
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from bridgelaws.i18n import placeholders, read_po
from bridgelaws.laws import LawRef

I18N = ROOT / "bridgelaws" / "i18n"
CHECKS = I18N / "checks"
QUOTES = CHECKS / "laws-2017.toml"
LANGS = ("en", "da", "nb")
VERDICTS = ("agrees", "wrong", "reading")  # "reading": agrees on the library's documented reading of an open point

#: placeholders that always hold a law reference, whichever code fills them
LAW_PLACEHOLDERS = frozenset({"law", "ui"})
_LAW_NAME = re.compile(r"^L(\d{1,2}[A-H]?\d?[a-z]?)$")


def digest(text: str) -> str:
    """The hash a record keeps of a text: the first 16 hex digits of its SHA-256."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


# ------------------------------------------------------------------------------------------------ the catalogues

def domains() -> list[str]:
    return sorted(p.stem for p in I18N.glob("*.pot"))


def catalogue(domain: str) -> dict[str, dict[str, str]]:
    """key -> {lang: text} of one domain (an untranslated entry has no da/nb text)."""
    out: dict[str, dict[str, str]] = {k: {"en": msgid} for k, (msgid, _) in read_po(I18N / f"{domain}.pot").items()}
    for lang in ("da", "nb"):
        po = I18N / lang / f"{domain}.po"
        if po.exists():
            for key, (msgid, msgstr) in read_po(po).items():
                if key in out and msgstr and msgid == out[key]["en"]:
                    out[key][lang] = msgstr
    return out


def cited(text: str) -> list[str]:
    """The paragraphs a text cites in its own words (``Law 64A2``, ``§ 64A2``)."""
    import translate  # tools/translate.py: the one reader of citations (notebooks and catalogues)

    return [c.replace("(", "").replace(")", "") for c in translate.laws(text)]


# ------------------------------------------------------------------------------------ the laws the code attaches

_CODE = re.compile(r"^[1-9]\d?[A-H]\d?[a-z]?$")
#: prefixes the code puts before a short key (``_step(topic, "54D", "exposed.x")`` names ``aid.exposed.x``)
_SHORT_KEY_PREFIXES = ("aid.",)


def _law_values(node: ast.AST) -> list[str]:
    """Law codes an argument holds: ``L62C1``, ``law("62C1")``, a plain ``"62C1"``; ``?`` for a law the code
    computes (``r.law``, ``state.pending.law``)."""
    out = []
    for n in ast.walk(node):
        if isinstance(n, ast.Name) and (m := _LAW_NAME.match(n.id)):
            out.append(m.group(1))
        elif (isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "law" and n.args
              and isinstance(n.args[0], ast.Constant) and isinstance(n.args[0].value, str)):
            out.append(n.args[0].value)
        elif isinstance(n, ast.Constant) and isinstance(n.value, str) and _CODE.match(n.value):
            out.append(n.value)
        elif isinstance(n, ast.Attribute) and n.attr == "law":
            out.append("?")
    return out


@dataclass
class CodeUse:
    laws: set[str]  # laws the code passes with the key (the statement's law, an error's law, law placeholders)
    law_placeholders: set[str]  # placeholders of the key that the code fills with a law


def _named_keys(call: ast.Call, known: set[str]) -> list[str]:
    """The catalogue keys a call names: a string argument (or ``key=``) that is a key, a short key the code
    prefixes, or an f-string whose literal start is shared by keys (``f"dir.pc_{kind}"``)."""
    out: list[str] = []
    values = list(call.args) + [k.value for k in call.keywords]
    for v in values:
        if isinstance(v, ast.Constant) and isinstance(v.value, str):
            if v.value in known:
                out.append(v.value)
            out += [p + v.value for p in _SHORT_KEY_PREFIXES if p + v.value in known]
        elif isinstance(v, ast.JoinedStr) and v.values and isinstance(v.values[0], ast.Constant):
            start = str(v.values[0].value)
            if "." in start and len(start) > 3:
                out += [k for k in known if k.startswith(start)]
    return out


def code_uses(keys: Iterable[str]) -> dict[str, CodeUse]:
    """Per catalogue key the code names, the laws the calls that name it pass along.

    A call names a key as a string argument, ``key=``, a short key (``aid.``) or an f-string's literal start, itself
    or in a call among its arguments (``Constraint(k, seat, _msg("revoke.dir.x"), L62A)``);
    every law among its other arguments (``L62C1``, ``law("62C1")``, ``"62C1"``, a computed ``x.law``) is attached
    to that key, and a keyword argument holding one is a law placeholder. Keys built from a law's code
    (``f"law.{code}.title"``) name their law themselves (``key_laws``)."""
    known = set(keys)
    uses: dict[str, CodeUse] = {}
    for path in sorted((ROOT / "bridgelaws").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for call in ast.walk(tree):
            if not isinstance(call, ast.Call):
                continue
            named = _named_keys(call, known)
            for inner in list(call.args) + [k.value for k in call.keywords]:
                if isinstance(inner, ast.Call):  # Constraint(key, seat, _msg("revoke.dir.x", ...), L62A)
                    named += _named_keys(inner, known)
            for key in dict.fromkeys(named):
                use = uses.setdefault(key, CodeUse(set(), set()))
                for arg in call.args:
                    use.laws.update(_law_values(arg))
                for kw in call.keywords:
                    found = _law_values(kw.value)
                    use.laws.update(found)
                    if found and kw.arg and kw.arg != "key":
                        use.law_placeholders.add(kw.arg)
    return uses


def key_laws(key: str) -> list[str]:
    """Laws a key names: ``law.62D2.title`` -> 62D2, ``revoke.dir.64a1`` -> 64A1, ``lp.note.47E1_play`` -> 47E1."""
    if key.startswith("law."):
        return [key.split(".")[1]]
    out = []
    for part in re.split(r"[._]", key):
        m = re.fullmatch(r"(\d{1,2})([a-hA-H])(\d?)([a-z]?)", part)
        if m and 1 <= int(m[1]) <= 93:
            out.append(f"{m[1]}{m[2].upper()}{m[3]}{m[4]}")
    return out


def needs_record(key: str, en: str, use: CodeUse | None) -> bool:
    """A message states a law when it cites one in its words, has a law placeholder, names one in its key
    (``law.62D2.title``, ``revoke.dir.64a1``), or the code attaches a law to it."""
    if cited(en) or placeholders(en) & LAW_PLACEHOLDERS or key_laws(key):
        return True
    return use is not None and bool(use.laws or placeholders(en) & use.law_placeholders)


def candidate_laws(key: str, en: str, use: CodeUse | None) -> list[str]:
    """The laws a first reading starts from: cited, named by the key, attached by the code (a person decides)."""
    found = cited(en) + key_laws(key) + sorted((use.laws if use else set()) - {"?"})
    out: list[str] = []
    for code in found:
        code = LawRef.parse(code).code
        if code not in out:
            out.append(code)
    return out


# ------------------------------------------------------------------------------------------------- the records

def load_quotes() -> dict[str, dict]:
    return tomllib.loads(QUOTES.read_text(encoding="utf-8")).get("quotes", {}) if QUOTES.exists() else {}


def edition_notes(codes: Iterable[str], quotes: dict[str, dict]) -> dict[str, str]:
    """``{"nb_edition": ..., "da_edition": ...}``: where lovboka or DBf words a law of the record differently from
    the 2017 text (the quote table's ``nb_note`` / ``da_note``), so the Norwegian or Danish reading knows."""
    out = {}
    for lang in ("nb", "da"):
        notes = [f"{code}: {quotes[code][lang + '_note']}" for code in codes
                 if quotes.get(code, {}).get(f"{lang}_note")]
        if notes:
            out[f"{lang}_edition"] = "; ".join(notes)
    return out


def records_path(domain: str) -> Path:
    return CHECKS / f"{domain}.toml"


def load_records(domain: str) -> dict[str, dict]:
    path = records_path(domain)
    return tomllib.loads(path.read_text(encoding="utf-8")).get("records", {}) if path.exists() else {}


def _q(s: str) -> str:
    """A TOML basic string."""
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t") + '"'


_FIELD_ORDER = ("laws", "frame", "quote_missing", "verdict", "finding", "modal_note", "nb_edition", "da_edition",
                "read_by", "read_on",
                "en", "en_hash", "da", "da_hash", "nb", "nb_hash")


def _value(v: object) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, list):
        return "[" + ", ".join(_q(str(x)) for x in v) + "]"
    return _q(str(v))


def write_records(domain: str, records: dict[str, dict]) -> None:
    """Write a domain's records in the order of its .pot, each field in a fixed order (a stable diff)."""
    order = list(read_po(I18N / f"{domain}.pot"))
    keys = sorted(records, key=lambda k: (order.index(k) if k in order else len(order), k))
    lines = [f"# Check records of bridgelaws/i18n/{domain}.pot: see docs/check-records.md. Written by",
             "# tools/check_records.py (accept / add); edit the verdict and finding by hand if you like.", ""]
    for key in keys:
        rec = records[key]
        lines.append(f"[records.{_q(key)}]")
        for name in _FIELD_ORDER + tuple(sorted(set(rec) - set(_FIELD_ORDER))):
            if name in rec:
                lines.append(f"{name} = {_value(rec[name])}")
        lines.append("")
    records_path(domain).write_text("\n".join(lines), encoding="utf-8")


# ------------------------------------------------------------------------------------------------- the checks

@dataclass
class Problem:
    domain: str
    key: str
    lang: str
    kind: str  # missing | stale | untranslated
    old: str = ""
    new: str = ""
    laws: tuple[str, ...] = ()  # for a missing record: the laws the text, the key and the code point to

    def line(self) -> str:
        if self.kind == "missing":
            laws = " ".join(f"--law {code}" for code in self.laws) or "--law <paragraph>"
            return (f"{self.key} ({self.domain}): states a law but has no check record. Read it against the law's "
                    f"words (checks/laws-2017.toml) and run: python tools/check_records.py add {self.key} {laws}\n"
                    f"    text: {self.new}")
        return (f"{self.key} [{self.lang}] ({self.domain}): the text changed since its check. Read the new text "
                f"against the law's words (checks/laws-2017.toml), then run: "
                f"python tools/check_records.py accept {self.key} --lang {self.lang}\n"
                f"    old: {self.old}\n    new: {self.new}")


def problems(only_domains: Iterable[str] | None = None) -> list[Problem]:
    """Every message that needs a record and lacks one, and every record whose text changed (per language)."""
    out: list[Problem] = []
    selected = list(only_domains or domains())
    texts = {d: catalogue(d) for d in selected}
    uses = code_uses(k for d in domains() for k in read_po(I18N / f"{d}.pot"))
    for domain in selected:
        records = load_records(domain)
        for key, by_lang in texts[domain].items():
            rec = records.get(key)
            if rec is None:
                if needs_record(key, by_lang["en"], uses.get(key)):
                    out.append(Problem(domain, key, "en", "missing", new=by_lang["en"],
                                       laws=tuple(candidate_laws(key, by_lang["en"], uses.get(key)))))
                continue
            for lang in LANGS:
                now = by_lang.get(lang)
                if now is None:
                    continue  # untranslated: the catalogue test reports it
                if rec.get(f"{lang}_hash") != digest(now):
                    out.append(Problem(domain, key, lang, "stale", old=rec.get(lang, "(never read)"), new=now))
    return out


def orphans() -> list[str]:
    """Records of keys no catalogue has any more."""
    out = []
    for domain in domains():
        keys = set(read_po(I18N / f"{domain}.pot"))
        out += [f"{k} ({domain})" for k in load_records(domain) if k not in keys]
    for path in CHECKS.glob("*.toml"):
        if path != QUOTES and path.stem not in domains() and not path.stem.startswith("laws-"):
            out.append(f"{path.name}: no {path.stem}.pot")
    return out


def domain_of(key: str) -> str:
    for domain in domains():
        if key in read_po(I18N / f"{domain}.pot"):
            return domain
    raise SystemExit(f"{key}: no catalogue has this key")


# --------------------------------------------------------------------------------------------- modal verbs

def law_modals(code: str, quotes: dict[str, dict]) -> set[str] | None:
    """The modal categories a law paragraph's words allow a message to state: the quote's own modal verbs (the
    English words, else lovboka's) and what they make of the other player's position (``implies``: declarer "may
    require" makes partner "must"). None when no words with a modal verb were found."""
    entry = quotes.get(code, {})
    own = set(entry.get("modal", ()) if "en" in entry else entry.get("nb_modal", ())) | set(entry.get("implies", ()))
    return own or None


def modal_problems(records: dict[str, dict], quotes: dict[str, dict],
                   texts: dict[str, str] | None = None) -> list[str]:
    """Every record whose English message uses a modal (may / must / need not / may not) that none of its laws'
    words uses or implies, unless the record explains why in ``modal_note`` (a reading of that message).

    ``texts`` (key -> current English text) checks the catalogue as it is now; without it, the text the record
    read. A record whose reading found the message wrong is left out while the message is unchanged: its finding
    already says what is wrong, and the fix makes the record stale (then it is checked again)."""
    from modality import modal_set

    out = []
    for key, rec in records.items():
        en = texts.get(key, rec.get("en", "")) if texts is not None else rec.get("en", "")
        unchanged = rec.get("en_hash") == digest(en)
        if (rec.get("modal_note") or rec.get("verdict") == "wrong") and unchanged:
            continue
        said = modal_set(en, "en")
        allowed = [m for m in (law_modals(code, quotes) for code in rec.get("laws", ())) if m is not None]
        if not said or not allowed:
            continue
        extra = said - set().union(*allowed)
        if extra:
            out.append(f"{key}: says {sorted(extra)} but its laws {rec['laws']} say {sorted(set().union(*allowed))}. "
                       f"Read it against checks/laws-2017.toml: fix the message, or explain the modal in the "
                       f"record's modal_note")
    return out

# ------------------------------------------------------------------------------------------------- commands

def _stamp(rec: dict, by: str | None) -> None:
    if by:
        rec["read_by"] = by
    rec["read_on"] = datetime.now(UTC).date().isoformat()


def accept(key: str, langs: list[str], by: str | None, verdict: str | None, finding: str | None) -> list[str]:
    domain = domain_of(key)
    records = load_records(domain)
    if key not in records:
        raise SystemExit(f"{key} has no record yet: use 'add {key} --law ...'")
    texts = catalogue(domain)[key]
    rec = records[key]
    done = []
    for lang in langs:
        if lang not in texts:
            raise SystemExit(f"{key} has no current {lang} text (untranslated or stale in the catalogue)")
        rec[lang], rec[f"{lang}_hash"] = texts[lang], digest(texts[lang])
        done.append(lang)
    if verdict:
        rec["verdict"] = verdict
    if finding is not None:
        rec["finding"] = finding
    _stamp(rec, by)
    write_records(domain, records)
    return done


def add(key: str, laws: list[str], by: str | None, verdict: str, finding: str | None) -> None:
    domain = domain_of(key)
    records = load_records(domain)
    if key in records:
        raise SystemExit(f"{key} already has a record: use 'accept {key} --lang ...' after reading a change")
    codes = [LawRef.parse(code).code for code in laws]
    if not codes:
        raise SystemExit("name the law or laws the message states: --law 62A --law 63A1")
    quotes = load_quotes()
    rec: dict = {"laws": codes, "quote_missing": any(quotes.get(c, {}).get("quote_missing", c not in quotes)
                                                     for c in codes), "verdict": verdict}
    if finding:
        rec["finding"] = finding
    rec.update(edition_notes(codes, quotes))
    _stamp(rec, by)
    for lang, text in catalogue(domain)[key].items():
        rec[lang], rec[f"{lang}_hash"] = text, digest(text)
    records[key] = rec
    write_records(domain, records)


def summary() -> dict[str, int]:
    quotes = load_quotes()
    recs = [r for d in domains() for r in load_records(d).values()]
    return {
        "records": len(recs),
        "records_quote_missing": sum(1 for r in recs if r.get("quote_missing")),
        "records_wrong": sum(1 for r in recs if r.get("verdict") == "wrong"),
        "paragraphs_quoted": sum(1 for q in quotes.values() if not q.get("quote_missing")),
        "paragraphs_quote_missing": sum(1 for q in quotes.values() if q.get("quote_missing")),
        "missing": sum(1 for p in problems() if p.kind == "missing"),
        "stale": sum(1 for p in problems() if p.kind == "stale"),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("missing")
    sub.add_parser("stale")
    sub.add_parser("summary")
    p = sub.add_parser("laws")
    p.add_argument("key")
    p = sub.add_parser("accept")
    p.add_argument("key")
    p.add_argument("--lang", action="append", choices=LANGS, required=True)
    p.add_argument("--by")
    p.add_argument("--verdict", choices=VERDICTS)
    p.add_argument("--finding")
    p = sub.add_parser("add")
    p.add_argument("key")
    p.add_argument("--law", action="append", default=[])
    p.add_argument("--by")
    p.add_argument("--verdict", choices=VERDICTS, default="agrees")
    p.add_argument("--finding")
    args = ap.parse_args(argv)
    if args.cmd in ("missing", "stale"):
        found = [p for p in problems() if p.kind == args.cmd]
        for p in found:
            print(p.line())
        for o in orphans():
            print(f"orphan record: {o}")
        print(f"{len(found)} {args.cmd}")
        return 1 if found else 0
    if args.cmd == "summary":
        for name, n in summary().items():
            print(f"{name}: {n}")
        return 0
    if args.cmd == "laws":
        domain = domain_of(args.key)
        en = catalogue(domain)[args.key]["en"]
        use = code_uses(k for d in domains() for k in read_po(I18N / f"{d}.pot")).get(args.key)
        print(" ".join(candidate_laws(args.key, en, use)) or "(none found)")
        return 0
    if args.cmd == "accept":
        done = accept(args.key, args.lang, args.by, args.verdict, args.finding)
        print(f"{args.key}: accepted {', '.join(done)}")
        return 0
    if args.cmd == "add":
        add(args.key, args.law, args.by, args.verdict, args.finding)
        print(f"{args.key}: record added")
        return 0
    return 2


if __name__ == "__main__":
    sys.exit(main())
