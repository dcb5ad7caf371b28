"""Who may, who must, who need not, and for whom information is (un)authorized: the words that carry them, per
language, read out of a sentence.

Used by ``tests/test_modality.py`` (a translation keeps its English source's modality and polarity; a message
citing a law uses that law's modal) and by ``tools/check_records.py`` (the modal of each quoted law paragraph).

Modal categories: ``must``, ``may``, ``may_not``, ``need_not``. The same word means different things in the two
Scandinavian languages: Danish *må* is "may" (DBf: "må ikke" is "may not"), Norwegian *må* is "must" (lovboka:
"En spiller må korrigere sin revoke"). Negated forms are read before the plain ones, and Danish and Norwegian
negation may stand after the verb and a subject ("må han ikke") or before the verb in a subordinate clause
("som ikke må").

Polarity: ``authorized`` / ``unauthorized`` information (en authorized, unauthorized; da beføjet, ubeføjet;
nb rettmessig or lovlig, urettmessig or ulovlig).
"""

from __future__ import annotations

import re
from collections import Counter

__all__ = ["MODAL_PATTERNS", "POLARITY_PATTERNS", "modal_set", "modals", "polarity"]

#: up to five words (a subject: "kan et udspil uden for tur ikke") between a verb and its "ikke", but not across
#: a conjunction, a relative pronoun or another modal verb ("skal bekende og må ikke", "kan spørre ... som ikke")
_W = r"(?:\s+(?!(?:og|eller|men|som|der|at|hvis|om|må|skal|kan)\b)[^\W\d_]+){0,5}"

#: per language, (category, pattern) in the order they are read; a span read once is not read again
MODAL_PATTERNS: dict[str, list[tuple[str, str]]] = {
    "en": [
        ("need_not", r"\bneed not\b|\bneeds not\b|\bdoes not (?:need|have) to\b|\bdo not (?:need|have) to\b"),
        ("may_not", (r"\bno (?:[^\W\d_]+ ){0,3}may\b|\bmay (?:[^\W\d_]+ ){0,2}none\b|\bmay not\b|\bmay no longer\b"
                    r"|\bmust not\b|\bshall not\b|\bcannot\b|\bcan not\b|\bcan no longer\b|\bis not entitled\b"
                    r"|\bare not entitled\b")),
        ("must", r"\bmust\b|\bshall\b|\bis required to\b|\bare required to\b|\bhas to\b|\bhave to\b"),
        ("may", r"\bmay\b|\bis entitled\b|\bare entitled\b|\bcan\b"),
    ],
    "da": [
        ("need_not", rf"\bbehøver{_W}\s+ikke\b|\bikke\s+behøver\b|\bbehøves{_W}\s+ikke\b"),
        ("may_not", (rf"\bmå{_W}\s+ikke\b|\bikke\s+må\b|\bskal{_W}\s+ikke\b|\bikke\s+skal\b|\bkan{_W}\s+ikke\b"
                    rf"|\bikke\s+kan\b|\bkan\s+hverken\b|\b(?:ingen|intet)\s+(?:[^\W\d_]+\s+){{0,3}}(?:kan|må)\b"
                    rf"|\bikke\s+er\s+berettiget\b|\ber\s+ikke\s+berettiget\b")),
        ("must", r"\bskal\b|\bskulle\b|\ber\s+forpligtet\s+til\b"),
        ("may", r"\bmå\b|\bkan\b|\ber\s+berettiget\b|\bhar\s+ret\s+til\b"),
    ],
    "nb": [
        ("need_not", rf"\btrenger{_W}\s+ikke\b|\bikke\s+trenger\b|\bbehøver{_W}\s+ikke\b|\bikke\s+behøver\b"),
        ("may_not", (rf"\bmå{_W}\s+ikke\b|\bikke\s+må\b|\bskal{_W}\s+ikke\b|\bikke\s+skal\b|\bkan{_W}\s+ikke\b"
                    rf"|\bikke\s+kan\b|\bkan\s+verken\b|\b(?:ingen|intet)\s+(?:[^\W\d_]+\s+){{0,3}}kan\b"
                    rf"|\bhar\s+ikke\s+rett\s+til\b")),
        ("must", r"\bmå\b|\bskal\b|\bplikter\b"),
        ("may", r"\bkan\b|\bhar\s+rett\s+til\b"),
    ],
}

#: per language, (polarity, pattern); "unauthorized" first, since it contains "authorized" in Danish/Norwegian
POLARITY_PATTERNS: dict[str, list[tuple[str, str]]] = {
    "en": [("unauthorized", r"\bunauthori[sz]ed\b"), ("authorized", r"\bauthori[sz]ed\b")],
    "da": [("unauthorized", r"\bubeføje[dt]\w*"), ("authorized", r"\bbeføje[dt]\w*")],
    # nb "lovlig" alone is "legal" (a legal card); it is a polarity only before "informasjon" (lovboka § 50E)
    "nb": [("unauthorized", r"\burettmessig\w*|\bulovlig\w*\s+informasjon"),
           ("authorized", r"\brettmessig\w*|\blovlig\w*(?=(?:\s+og\s+urettmessig)?\s+informasjon\b|\s+for\b)")],
}

_PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def _read(text: str, patterns: list[tuple[str, str]]) -> list[tuple[int, str]]:
    """(position, category) of every match, each span of the text read by the first pattern that takes it."""
    taken = [False] * len(text)
    found: list[tuple[int, str]] = []
    for category, pattern in patterns:
        for m in re.finditer(pattern, text, flags=re.IGNORECASE):
            if any(taken[m.start():m.end()]):
                continue
            for i in range(m.start(), m.end()):
                taken[i] = True
            found.append((m.start(), category))
    return sorted(found)


def _plain(text: str) -> str:
    """The text with its placeholders blanked (a placeholder named ``may`` is not a modal verb)."""
    return _PLACEHOLDER.sub(lambda m: " " * len(m.group()), text)


def modals(text: str, lang: str) -> Counter[str]:
    """The modal categories of a sentence in ``lang``, counted."""
    return Counter(c for _, c in _read(_plain(text), MODAL_PATTERNS[lang]))


def modal_set(text: str, lang: str) -> set[str]:
    return set(modals(text, lang))


def polarity(text: str, lang: str) -> list[str]:
    """The polarity words of a sentence in order: ``["authorized", "unauthorized"]`` for "authorized for the
    opponents and unauthorized for his side"."""
    return [c for _, c in _read(_plain(text), POLARITY_PATTERNS[lang])]
