"""Law references (``LawRef``) and the catalogue of the paragraphs the library applies.

``LawRef.parse("50D1a")`` is Law 50, section D, clause 1(a). Citations are localized the way the local law
book prints them: ``§ 50D1a`` in Danish and Norwegian (DBf's *Love for turneringsbridge* and NBF's lovboka
write "§ 47E2", "§ 54A", no space before the section letter), ``Law 50D1(a)`` in English. Titles and short
summaries in our own words live in the message catalogues under ``law.<ref>.title`` and ``law.<ref>.summary``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bridgelaws.errors import NotationError
from bridgelaws.i18n import normalize_lang, register_localizer

__all__ = ["LawRef", "CATALOGUE", "law", "is_known", "within"]

_REF_RE = re.compile(r"^(?P<law>[1-9][0-9]?)(?P<section>[A-H]?)(?P<num>[0-9]?)(?P<letter>[a-z]?)$")


@dataclass(frozen=True, slots=True, order=True)
class LawRef:
    """A paragraph of the 2017 Laws of Duplicate Bridge, e.g. ``LawRef(50, "D", "1a")``."""

    law: int
    section: str = ""
    clause: str = ""
    edition: int = 2017

    @classmethod
    def parse(cls, text: str) -> LawRef:
        """Parse ``"50D1a"``: a law number 1 to 93, then section letter, clause digit and letter."""
        t = str(text).strip().replace(" ", "").replace("(", "").replace(")", "")
        for prefix in ("Law", "law", "§"):
            if t.startswith(prefix):
                t = t[len(prefix):]
        m = _REF_RE.match(t)
        if not m or not 1 <= int(m["law"]) <= 93 or (m["num"] or m["letter"]) and not m["section"]:
            raise NotationError(
                f"malformed law reference {text!r}: write a law number 1 to 93, then section letter, "
                "clause digit and letter, e.g. '50D1a'", text=str(text))
        return cls(int(m["law"]), m["section"], m["num"] + m["letter"])

    @property
    def code(self) -> str:
        """The compact form used in files and tests: ``50D1a``."""
        return f"{self.law}{self.section}{self.clause}"

    def cite(self, lang: str = "en") -> str:
        """Citation in the style of ``lang``: ``§ 50D1a`` (da, nb) or ``Law 50D1(a)`` (en).

        >>> LawRef.parse("50D1a").cite("da"), LawRef.parse("58B1").cite("nb"), LawRef.parse("50D1a").cite("en")
        ('§ 50D1a', '§ 58B1', 'Law 50D1(a)')
        """
        lang = normalize_lang(lang)
        if lang == "en":
            clause = self.clause
            if len(clause) == 2:
                clause = f"{clause[0]}({clause[1]})"
            elif clause.isalpha():
                clause = f"({clause})"
            return f"Law {self.law}{self.section}{clause}"
        return f"§ {self.law}{self.section}{self.clause}"

    def parent(self) -> LawRef | None:
        """The enclosing paragraph: 50D1a -> 50D1 -> 50D -> 50 -> None."""
        if self.clause:
            return LawRef(self.law, self.section, self.clause[:-1])
        if self.section:
            return LawRef(self.law)
        return None

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"LawRef.parse({self.code!r})"


def within(code: str, parent: str) -> bool:
    """Whether the law ``code`` is ``parent`` or a paragraph inside it (64B4 is within 64B and 64)."""
    ref: LawRef | None = LawRef.parse(code)
    while ref is not None:
        if ref.code == parent:
            return True
        ref = ref.parent()
    return False


def law(code: str) -> LawRef:
    """Shorthand for ``LawRef.parse(code)``; the engine's citations go through here."""
    return LawRef.parse(code)


#: Every paragraph the library cites or the scenarios may name. A scenario naming a well-formed reference
#: outside this set only gets a warning.
CATALOGUE: frozenset[LawRef] = frozenset(LawRef.parse(c) for c in (
    "9B", "10C1", "12C", "16", "16A", "16C", "17D", "17D1", "24", "24A", "24B", "24C",
    "41", "41A", "41B", "41C", "42B1", "43A1c", "44", "44A", "44B", "44C", "44D", "44E", "44F", "44G",
    "45", "45A", "45B", "45C", "45C1", "45C2", "45C2a", "45C2b", "45C3", "45C4", "45C4a", "45C4b", "45C5",
    "45D", "45D1", "45E", "45E1", "45E2", "45F",
    "46", "46A", "46B", "46B1", "46B1a", "46B1b", "46B1c", "46B2", "46B3", "46B3a", "46B3b", "46B4", "46B5",
    "47", "47C", "47D", "47E", "47E1", "47F", "48", "48A", "48B", "49",
    "50", "50A", "50B", "50C", "50D", "50D1", "50D1a", "50D1b", "50D2", "50D2a", "50D2b", "50E", "50E1",
    "50E2", "50E3",
    "51", "51A", "51B", "51B1", "51B1a", "51B1b", "51B2", "51B2a", "51B2b", "51B2c",
    "52", "52A", "52B", "52B1", "52B1a", "52B1b", "52B1c", "52B2",
    "53", "53A", "53B", "53C", "54", "54A", "54B", "54B1", "54B2", "54C", "54D", "54E",
    "55", "55A", "55B", "55B1", "55B2", "55C", "56",
    "57", "57A", "57A1", "57A2", "57A3", "57A4", "57B", "57C", "57C1", "57C2", "57C3", "57D",
    "58", "58A", "58B", "58B1", "58B2", "58B3", "58B4", "59", "60", "60A", "60B", "61", "61A", "61B",
    "62", "62A", "62B", "62B1", "62B2", "62C", "62C1", "62C2", "62C3", "62D", "62D1", "62D2",
    "63", "63A", "63A1", "63A2", "63A3", "63A4", "63B", "64", "64A", "64A1", "64A2", "64B", "64B1", "64B2", "64B3",
    "64B4", "64B5", "64B6", "64B7", "64C", "67", "68", "68A", "68B", "68B1", "68B2", "68C", "68D", "68D2",
    "69", "69A", "69B", "70", "70A", "70B", "70C", "70D", "70D1", "70D2", "70E", "70E1", "71",
    "72C", "73", "79C", "81", "84D",
    # the auction period (issue 36)
    "22B", "23A", "24D", "24E", "25A", "25A1", "25A4", "25A5", "25A6", "25B3", "25B", "25B1", "25B2", "26B", "27", "27A1", "27B", "27B1a", "27B1b", "27B2", "27B3",
    "27B4", "27C", "27D", "28A", "28B", "29A", "29B", "30", "30A", "30B", "30B1b", "31", "31A", "31A1", "31A2a",
    "31A2b", "31B", "31B2", "32", "32A", "32A1", "32A2a", "32A2b", "32B", "32B2", "36", "36A", "36B", "36B1",
    "36B2", "36B3", "36B4", "37", "37A", "37B1", "37B2",
))


def is_known(ref: LawRef) -> bool:
    return ref in CATALOGUE


register_localizer(LawRef, lambda ref, lang, spec: ref.cite(lang))
