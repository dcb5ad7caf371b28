"""The words of the Laws in Danish, Norwegian and English, each with the paragraph that defines or rules it.

The start notebook shows :data:`TERMS` as a table (``table(lang)``, a pandas DataFrame); the tests check
that every paragraph is catalogued and that the words the notebooks and the catalogues use are here.

>>> next(t for t in TERMS if t.en == "revoke").nb
'revoke'
>>> term("strafkort").law
LawRef.parse('50')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bridgelaws.i18n import normalize_lang
from bridgelaws.i18n import text as _t
from bridgelaws.laws import LawRef

__all__ = ["TERMS", "Term", "rows", "table", "term"]


@dataclass(frozen=True, slots=True)
class Term:
    """One term: Danish, Norwegian (bokmål), English, and the paragraph that defines or rules it (None when
    the term comes from the Definitions of the Laws or from bridge usage)."""

    da: str
    nb: str
    en: str
    law: LawRef | None = None

    def word(self, lang: str) -> str:
        return str(getattr(self, normalize_lang(lang)))


def _t3(da: str, nb: str, en: str, code: str | None = None) -> Term:
    return Term(da, nb, en, LawRef.parse(code) if code else None)


#: in teaching order: who is who, penalty cards, leads, the play, revokes, periods, information
TERMS: tuple[Term, ...] = (
    # who is who
    _t3("spilfører", "spillefører", "declarer"),
    _t3("bordet (blindemanden)", "blindemann (bordet)", "dummy"),
    _t3("modspiller", "motspiller", "defender"),
    _t3("makker", "makker", "partner"),
    _t3("den fejlende", "den feilende", "offender"),
    _t3("ikke-fejlende side", "ikke-feilende side", "non-offending side"),
    _t3("turneringsleder (TL)", "turneringsleder (TL)", "Director (TD)", "9B"),
    # penalty cards
    _t3("vist kort", "fremvist kort", "exposed card", "49"),
    _t3("strafkort", "straffekort", "penalty card", "50"),
    _t3("stort strafkort", "stort straffekort", "major penalty card", "50B"),
    _t3("lille strafkort", "lite straffekort", "minor penalty card", "50B"),
    _t3("honnør (E K D B T)", "honnør (E K D Kn 10)", "honour (A K Q J 10)"),
    _t3("ved første lovlige lejlighed", "ved første lovlige anledning", "at the first legal opportunity", "50D1a"),
    _t3("kræve / forbyde udspil i farven", "kreve / forby utspill i fargen", "require / forbid a lead in the suit",
        "50D2a"),
    _t3("udspilsbegrænsning", "utspillsbegrensning", "lead restriction", "50D2"),
    _t3("berigtigelse", "korrigering", "rectification"),
    _t3("kunne ikke efterkomme kravet", "kan ikke etterkomme kravet", "unable to comply", "59"),
    # leads
    _t3("udspil", "utspill", "lead", "44A"),
    _t3("åbningsudspil", "åpningsutspill", "opening lead", "41"),
    _t3("fordækt udspil", "utspill med fremsiden ned", "face-down opening lead", "41A"),
    _t3("udspil uden for tur", "utspill utenfor tur", "lead out of turn", "53"),
    _t3("åbningsudspil uden for tur", "åpningsutspill utenfor tur", "opening lead out of turn", "54"),
    _t3("for tidligt udspil eller tilspil", "for tidlig utspill eller spill", "premature lead or play", "57"),
    # the play
    _t3("stik", "stikk", "trick"),
    _t3("tilspil", "spill til stikket", "play to a trick", "44B"),
    _t3("bekende (kulør)", "følge farge", "follow suit", "44C"),
    _t3("afkast (kaste af)", "avkast (kaste)", "discard", "44D"),
    _t3("trumfe (trumfning)", "trumfe (stjele)", "ruff", "44D"),
    _t3("renonce", "renons", "void"),
    _t3("to kort på én gang", "to kort samtidig", "two cards played at once", "58B"),
    _t3("spillet kort: »bordet fanger«", "spilt kort: «lagt kort ligger»", "played card", "45C"),
    _t3("nævne et kort fra bordet", "nevne et kort fra blindemann", "designate a card from dummy", "46"),
    _t3("fortalelse", "forsnakkelse", "slip of the tongue", "45C4b"),
    # revokes
    _t3("kulørsvigt", "revoke", "revoke", "61A"),
    _t3("rettelse af kulørsvigt", "korrigering av revoke", "correction of a revoke", "62"),
    _t3("etableret kulørsvigt", "etablert revoke", "established revoke", "63"),
    # periods
    _t3("meldeperioden", "meldeperioden", "auction period", "17D"),
    _t3("afklaringsperioden", "avklaringsperioden", "clarification period", "17D1"),
    # information
    _t3("beføjet information", "autorisert informasjon", "authorized information", "16A"),
    _t3("ubeføjet information", "uautorisert informasjon (UI)", "unauthorized information (UI)", "16"),
    _t3("justeret score", "justert score", "adjusted score", "50E3"),
)


def term(word: str) -> Term:
    """The term with ``word`` in any of its three languages (exact match, case-insensitive)."""
    w = word.strip().lower()
    for t in TERMS:
        if w in (t.da.lower(), t.nb.lower(), t.en.lower()):
            return t
    raise KeyError(f"no glossary term {word!r}")


def rows(lang: str = "da") -> list[dict[str, str]]:
    """The glossary as rows ``{column title: text}``, the paragraph cited in the style of ``lang``."""
    lang = normalize_lang(lang)
    cols = [_t(f"glossary.col.{c}", lang) for c in ("da", "nb", "en", "law")]
    return [dict(zip(cols, (t.da, t.nb, t.en, t.law.cite(lang) if t.law else "–"))) for t in TERMS]


def table(lang: str = "da") -> Any:
    """The glossary as a pandas DataFrame (pandas is imported here, not with the package), numbered from 1."""
    import pandas as pd  # type: ignore[import-untyped]

    df = pd.DataFrame(rows(lang))
    df.index = pd.RangeIndex(1, len(df) + 1)
    return df
