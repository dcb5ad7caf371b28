"""The exact and the negative forms of ``statements_cite``, and the claim solver's answer (issue 30):
``statements_cite_exactly``, ``statements_not_cite`` and ``claim_least_tricks``.

A statement cites its own law and every law its message names (``… under § 16C``). A statement citing a
paragraph cites the laws it is inside too (64B4 cites 64B and 64): a list holding 64B4 and 64B is met by one
statement citing 64B4, but a list holding 64B alone does not allow it (an exact list names each paragraph
cited, so that 64A1 in place of 64A2 fails even where 64A is listed). A difference names the event after which
the statements were read, every law that is missing, and every law cited outside the list with the English
text of the statement that cites it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bridgelaws.laws import LawRef, within
from bridgelaws.table import Table

from bridgelaws.scenario.model import Scenario

Comparison = tuple[bool, Any, LawRef | None, str, Any]


def _citations(table: Table) -> list[tuple[LawRef, str]]:
    """Each law cited now, with the English text of the statement that cites it (in the statements' order)."""
    out: list[tuple[LawRef, str]] = []
    for st in table.statements():
        refs = [st.law] if st.law is not None else []
        refs += [v for v in st.message.params.values() if isinstance(v, LawRef)]
        text = st.text("en")
        out += [(ref, text) for ref in refs]
    return out


def _report(cited: list[tuple[LawRef, str]], missing: list[str], extra: list[tuple[LawRef, str]]) -> dict[str, Any]:
    out: dict[str, Any] = {"cited": sorted({ref.code for ref, _ in cited})}
    if missing:
        out["missing"] = missing
    if extra:
        out["extra"] = {ref.code: f"“{text}”" for ref, text in extra}
    return out


def _cmp_exactly(want: Any, exp: Mapping[str, Any], table: Table, s: Scenario) -> Comparison:
    """Every law of the list is cited (itself or through a paragraph inside it), and every law a statement
    cites is in the list itself: listing 64B allows no statement citing 64B4 unless 64B4 is listed too."""
    cited = _citations(table)
    missing = [code for code in want if not any(within(ref.code, code) for ref, _ in cited)]
    extra = [(ref, text) for ref, text in cited if ref.code not in want]
    law_ref = extra[0][0] if extra else LawRef.parse(missing[0]) if missing else None
    return (not missing and not extra, _report(cited, missing, extra), law_ref,
            f"statements_cite_exactly at event {len(table)}", want)


def _cmp_not_cite(want: Any, exp: Mapping[str, Any], table: Table, s: Scenario) -> Comparison:
    """No statement cites a law of the list, nor a paragraph inside one."""
    cited = _citations(table)
    extra = [(ref, text) for ref, text in cited if any(within(ref.code, code) for code in want)]
    return (not extra, _report(cited, [], extra), extra[0][0] if extra else None,
            f"statements_not_cite at event {len(table)}", want)


def _cmp_least_tricks(want: Any, exp: Mapping[str, Any], table: Table, s: Scenario) -> Comparison:
    """The fewest remaining tricks the claimer's (conceder's) side takes under any legal play, as the engine
    computed it when the claim or concession was made."""
    from bridgelaws.laws import law

    rec = table.state.claim
    if rec is None:
        return False, "no claim or concession in force", law("68"), f"claim_least_tricks at event {len(table)}", want
    actual = rec.computed if rec.computed is not None else "not computed (beyond the solver's limit or a pending decision)"
    return (rec.computed == want, actual, law("70") if rec.kind == "claim" else law("71"),
            f"claim_least_tricks at event {len(table)}", want)


STATEMENT_COMPARISONS: dict[str, Callable[[Any, Mapping[str, Any], Table, Scenario], Comparison]] = {
    "statements_cite_exactly": _cmp_exactly, "statements_not_cite": _cmp_not_cite,
    "claim_least_tricks": _cmp_least_tricks,
}
