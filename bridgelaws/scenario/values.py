"""Small validators of a file's values: each returns the value in canonical form or raises
:class:`_Problem` saying ``<where>: <what>``."""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from bridgelaws.cards import Card, Seat, Suit
from bridgelaws.deal import Deal
from bridgelaws.i18n import LANGS, normalize_lang
from bridgelaws.laws import LawRef

from bridgelaws.scenario.model import Text


class _Problem(Exception):
    """A validation problem; ``from_dict`` turns it into a ScenarioError with the file name."""

    def __init__(self, message: str, event_no: int | None = None) -> None:
        super().__init__(message)
        self.event_no = event_no


def _short_path(where: str, name: str) -> str:
    name = name if len(name) <= 40 else name[:40] + "…"
    if not where:
        return name
    return where + name if name.startswith("[") else f"{where}.{name}"


def _short(value: Any, limit: int = 60) -> str:
    """``repr(value)`` cut to ``limit`` characters, for messages that quote a file's value: a message never
    repeats a whole long value."""
    if isinstance(value, str):
        text = repr(value[:limit + 1])
    elif isinstance(value, (list, dict)) and len(value) > limit:
        text = f"<{_type_name(value)} of {len(value)} items>"
    else:
        try:
            text = repr(value)
        except (ValueError, RecursionError):
            text = f"<{_type_name(value)}>"
    return text if len(text) <= limit else text[:limit - 1] + "…"


# ---- small validators: each raises _Problem("<where>: <what>") ------------------------------------------

def _type_name(value: Any) -> str:
    names = {bool: "a boolean", int: "a number", float: "a number", str: "a string", list: "a list",
             dict: "a table", type(None): "null"}
    return names.get(type(value), type(value).__name__)


def _no_unknown_keys(table: Mapping[Any, Any], allowed: Iterable[str], where: str) -> None:
    allowed = tuple(allowed)
    for key in table:
        if key not in allowed:
            hint = difflib.get_close_matches(str(key), allowed, n=1, cutoff=0.6)
            did_you_mean = f" (did you mean {hint[0]!r}?)" if hint else ""
            prefix = f"{where}: " if where else ""
            raise _Problem(f"{prefix}unknown key {_short(key)}{did_you_mean}; allowed: {', '.join(allowed)}")


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise _Problem(f"{where}: must be a list, not {_type_name(value)}")
    return value


def unique_items(value: Any, where: str, read: Callable[[Any, str], Any]) -> list[Any]:
    """A list whose entries are read with ``read`` (e.g. ``_suit``), each kept once, in the order given."""
    out: list[Any] = []
    for v in _list(value, where):
        x = read(v, where)
        if x not in out:
            out.append(x)
    return out


def _table(value: Any, where: str) -> dict[Any, Any]:
    if not isinstance(value, dict):
        raise _Problem(f"{where}: must be a table, not {_type_name(value)}")
    return value


def _string(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise _Problem(f"{where}: must be a string, not {_type_name(value)} {_short(value)}")
    return value


def _bool(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise _Problem(f"{where}: must be true or false, not {_short(value)}")
    return value


def _choice(value: Any, choices: Iterable[str], where: str) -> str:
    choices = tuple(choices)
    if not isinstance(value, str) or value not in choices:
        raise _Problem(f"{where}: must be one of {', '.join(choices)}, not {_short(value)}")
    return value


def _seat(value: Any, where: str) -> Seat:
    if not isinstance(value, str):
        raise _Problem(f"{where}: a seat must be one of N, E, S, W, not {_short(value)}")
    try:
        return Seat.parse(value)
    except ValueError as exc:
        raise _Problem(f"{where}: {exc}") from None


def _suit(value: Any, where: str) -> Suit:
    if not isinstance(value, str):
        raise _Problem(f"{where}: a suit must be one of S, H, D, C, not {_short(value)}")
    try:
        return Suit.parse(value)
    except ValueError:
        raise _Problem(f"{where}: unknown suit {_short(value)} (use S, H, D or C)") from None


def _card(value: Any, where: str, *, shown: bool = False) -> Card:
    """``shown``: ``where`` already shows the card text, so the message leaves it out."""
    if not isinstance(value, str):
        raise _Problem(f"{where}: a card must be a string like 'SA', not {_short(value)}")
    try:
        return Card.parse(value)
    except ValueError as exc:
        msg = str(exc)
        prefix = f"card {value!r}: "
        if shown and msg.startswith(prefix):
            msg = msg[len(prefix):]
        raise _Problem(f"{where}: {msg}") from None


def _law_ref(value: Any, where: str) -> LawRef:
    if not isinstance(value, str):
        raise _Problem(f"{where}: a law reference must be a string like '50D1a', not {_short(value)}")
    try:
        return LawRef.parse(value)
    except ValueError as exc:
        raise _Problem(f"{where}: {exc}") from None


def _deal(value: Any) -> Deal:
    if not isinstance(value, str):
        raise _Problem(f"deal: must be a PBN string 'N:<north> <east> <south> <west>', not {_type_name(value)}")
    try:
        deal = Deal.from_pbn(value)
    except (ValueError, TypeError) as exc:
        raise _Problem(f"deal: {exc}") from None
    problems = deal.problems()
    if problems:
        raise _Problem("deal: invalid deal: " + "; ".join(problems))
    return deal


def _text(value: Any, where: str) -> Text:
    if isinstance(value, str):
        return value
    if not isinstance(value, dict):
        raise _Problem(f"{where}: must be a string or a table of languages (da, nb, en) to text, "
                       f"not {_type_name(value)}")
    out: dict[str, str] = {}
    for lang, text in value.items():
        try:
            code = normalize_lang(lang)
        except ValueError:
            raise _Problem(f"{where}: unknown language {_short(lang)}: use da, nb or en") from None
        if code in out:
            raise _Problem(f"{where}: language {code!r} given twice")
        out[code] = _string(text, f"{where}.{lang}")
    return {lang: out[lang] for lang in LANGS if lang in out}


# The readers a newer module shares (auction_keys), under public names: tests/test_imports.py fails on a private
# name imported from another module, and the older imports it lists may only shrink.
Problem = _Problem
choice, seat, short, suit, table = _choice, _seat, _short, _suit, _table
