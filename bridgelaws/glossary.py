"""The words of the Laws in Danish, Norwegian and English, each with the paragraph that defines or rules it.

The glossary is drawn from the terminology sheets (:mod:`bridgelaws.terminology`): every concept marked
``glossary = true`` there, with the law book's word in each language. The start notebook shows :data:`TERMS`
as a table (``table(lang)``, a pandas DataFrame); the tests check that every paragraph is catalogued and that
the words the notebooks and the catalogues use are here.

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
from bridgelaws.terminology import concepts

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


def _from_sheets() -> tuple[Term, ...]:
    return tuple(Term(c.display("da"), c.display("nb"), c.en, c.law) for c in concepts() if c.glossary)


#: in teaching order: who is who, cards, penalty cards, leads, the play, revokes, periods, information. Drawn
#: from the terminology sheets (``bridgelaws/i18n/terminology.toml``), each term with its source there.
TERMS: tuple[Term, ...] = _from_sheets()


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


class _Html(str):
    """HTML that displays itself in Jupyter."""

    def _repr_html_(self) -> str:
        return str(self)


def html_table(lang: str = "da") -> str:
    """The same table as :func:`table` as plain HTML, numbered from 1, without pandas (JupyterLite has none)."""
    from html import escape

    data = rows(lang)
    head = "".join(f"<th>{escape(c)}</th>" for c in data[0]) if data else ""
    body = "".join(f"<tr><th>{i}</th>" + "".join(f"<td>{escape(v)}</td>" for v in row.values()) + "</tr>"
                   for i, row in enumerate(data, 1))
    return _Html(f'<table class="bl-glossary"><thead><tr><th></th>{head}</tr></thead><tbody>{body}</tbody></table>')


def table(lang: str = "da") -> Any:
    """The glossary as a pandas DataFrame (pandas is imported here, not with the package), numbered from 1.
    Where pandas is not installed (the offline JupyterLite site), the same table as HTML (:func:`html_table`)."""
    try:
        import pandas as pd  # type: ignore[import-untyped]
    except ModuleNotFoundError:
        return html_table(lang)

    df = pd.DataFrame(rows(lang))
    df.index = pd.RangeIndex(1, len(df) + 1)
    return df
