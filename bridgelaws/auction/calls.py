"""Calls: a bid (level 1 to 7 and a denomination), pass, double, redouble. Written ``1C`` … ``7NT``, ``P``,
``X``, ``XX`` in files (SCENARIO_FORMAT.md, "The auction period")."""

from __future__ import annotations

import re
from dataclasses import dataclass

from bridgelaws.cards import Suit

__all__ = ["Call", "DENOMINATIONS", "PASS", "DOUBLE", "REDOUBLE", "CallError"]

#: the denominations from the lowest up (Law 18E)
DENOMINATIONS: tuple[str, ...] = ("C", "D", "H", "S", "NT")
_BID_RE = re.compile(r"^([1-7])(C|D|H|S|NT|N)$")


class CallError(ValueError):
    """A text that is not a call."""


@dataclass(frozen=True, slots=True)
class Call:
    """``kind`` is ``bid``, ``pass``, ``double`` or ``redouble``; a bid has ``level`` and ``denomination``."""

    kind: str
    level: int = 0
    denomination: str = ""

    @classmethod
    def parse(cls, text: object) -> Call:
        if not isinstance(text, str):
            raise CallError(f"a call is a text such as \"1C\", \"3NT\", \"P\", \"X\" or \"XX\", not {text!r}")
        t = text.strip().upper()
        if t in ("P", "PASS"):
            return PASS
        if t in ("X", "D", "DBL"):
            return DOUBLE
        if t in ("XX", "R", "RDBL"):
            return REDOUBLE
        m = _BID_RE.match(t)
        if not m:
            raise CallError(f"{text!r} is not a call: write \"1C\" … \"7NT\", \"P\", \"X\" or \"XX\"")
        return cls("bid", int(m[1]), "NT" if m[2] in ("N", "NT") else m[2])

    @property
    def is_bid(self) -> bool:
        return self.kind == "bid"

    @property
    def rank(self) -> int:
        """The order of bids (Law 18D): higher level, or the same level in a higher denomination."""
        return (self.level - 1) * 5 + DENOMINATIONS.index(self.denomination) if self.is_bid else -1

    @property
    def suit(self) -> Suit | None:
        """The suit a bid names (None for notrump, pass, double, redouble)."""
        if not self.is_bid or self.denomination == "NT":
            return None
        return Suit.parse(self.denomination)

    def __str__(self) -> str:
        if self.is_bid:
            return f"{self.level}{self.denomination}"
        return {"pass": "P", "double": "X", "redouble": "XX"}[self.kind]


PASS = Call("pass")
DOUBLE = Call("double")
REDOUBLE = Call("redouble")


_NAMES = {
    "en": {"pass": "pass", "double": "double", "redouble": "redouble", "NT": "NT"},
    "da": {"pass": "pas", "double": "dobling", "redouble": "redobling", "NT": "ut"},
    "nb": {"pass": "pass", "double": "dobling", "redouble": "redobling", "NT": " grand"},
}


def _localize(c: Call, lang: str, spec: str) -> str:
    """A call as the law books print it: ``1♥``, ``3NT`` / ``3 ut`` / ``3 grand``, pass, double, redouble."""
    names = _NAMES.get(lang, _NAMES["en"])
    if not c.is_bid:
        return names[c.kind]
    if c.denomination == "NT":
        return f"{c.level}{names['NT']}"
    return f"{c.level}{Suit.parse(c.denomination).symbol}"


def _install() -> None:
    from bridgelaws.i18n import register_localizer

    register_localizer(Call, lambda c, lang, spec: _localize(c, lang, spec))


_install()
