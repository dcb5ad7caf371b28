"""Small validators of a file's values: each returns the value in canonical form or raises
:class:`Problem` saying ``<where>: <what>``."""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from bridgelaws.cards import Card, Seat, Suit
from bridgelaws.deal import Deal
from bridgelaws.i18n import LANGS, normalize_lang
from bridgelaws.laws import LawRef

from bridgelaws.scenario.model import Text


class Problem(Exception):
    """A validation problem; ``from_dict`` turns it into a ScenarioError with the file name."""

    def __init__(self, message: str, event_no: int | None = None) -> None:
        super().__init__(message)
        self.event_no = event_no


def short_path(where: str, name: str) -> str:
    name = name if len(name) <= 40 else name[:40] + "…"
    if not where:
        return name
    return where + name if name.startswith("[") else f"{where}.{name}"


def short(value: Any, limit: int = 60) -> str:
    """``repr(value)`` cut to ``limit`` characters, for messages that quote a file's value: a message never
    repeats a whole long value."""
    if isinstance(value, str):
        text = repr(value[:limit + 1])
    elif isinstance(value, (list, dict)) and len(value) > limit:
        text = f"<{type_name(value)} of {len(value)} items>"
    else:
        try:
            text = repr(value)
        except (ValueError, RecursionError):
            text = f"<{type_name(value)}>"
    return text if len(text) <= limit else text[:limit - 1] + "…"


# ---- small validators: each raises Problem("<where>: <what>") ------------------------------------------

def type_name(value: Any) -> str:
    names = {bool: "a boolean", int: "a number", float: "a number", str: "a string", list: "a list",
             dict: "a table", type(None): "null"}
    return names.get(type(value), type(value).__name__)


def no_unknown_keys(table: Mapping[Any, Any], allowed: Iterable[str], where: str) -> None:
    allowed = tuple(allowed)
    for key in table:
        if key not in allowed:
            hint = difflib.get_close_matches(str(key), allowed, n=1, cutoff=0.6)
            did_you_mean = f" (did you mean {hint[0]!r}?)" if hint else ""
            prefix = f"{where}: " if where else ""
            raise Problem(f"{prefix}unknown key {short(key)}{did_you_mean}; allowed: {', '.join(allowed)}")


def items(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise Problem(f"{where}: must be a list, not {type_name(value)}")
    return value


def unique_items(value: Any, where: str, read: Callable[[Any, str], Any]) -> list[Any]:
    """A list whose entries are read with ``read`` (e.g. ``suit``), each kept once, in the order given."""
    out: list[Any] = []
    for v in items(value, where):
        x = read(v, where)
        if x not in out:
            out.append(x)
    return out


def table(value: Any, where: str) -> dict[Any, Any]:
    if not isinstance(value, dict):
        raise Problem(f"{where}: must be a table, not {type_name(value)}")
    return value


def string(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise Problem(f"{where}: must be a string, not {type_name(value)} {short(value)}")
    return value


def boolean(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise Problem(f"{where}: must be true or false, not {short(value)}")
    return value


def choice(value: Any, choices: Iterable[str], where: str) -> str:
    choices = tuple(choices)
    if not isinstance(value, str) or value not in choices:
        raise Problem(f"{where}: must be one of {', '.join(choices)}, not {short(value)}")
    return value


def seat(value: Any, where: str) -> Seat:
    if not isinstance(value, str):
        raise Problem(f"{where}: a seat must be one of N, E, S, W, not {short(value)}")
    try:
        return Seat.parse(value)
    except ValueError as exc:
        raise Problem(f"{where}: {exc}") from None


def suit(value: Any, where: str) -> Suit:
    if not isinstance(value, str):
        raise Problem(f"{where}: a suit must be one of S, H, D, C, not {short(value)}")
    try:
        return Suit.parse(value)
    except ValueError:
        raise Problem(f"{where}: unknown suit {short(value)} (use S, H, D or C)") from None


def card(value: Any, where: str, *, shown: bool = False) -> Card:
    """``shown``: ``where`` already shows the card text, so the message leaves it out."""
    if not isinstance(value, str):
        raise Problem(f"{where}: a card must be a string like 'SA', not {short(value)}")
    try:
        return Card.parse(value)
    except ValueError as exc:
        msg = str(exc)
        prefix = f"card {value!r}: "
        if shown and msg.startswith(prefix):
            msg = msg[len(prefix):]
        raise Problem(f"{where}: {msg}") from None


def law_ref(value: Any, where: str) -> LawRef:
    if not isinstance(value, str):
        raise Problem(f"{where}: a law reference must be a string like '50D1a', not {short(value)}")
    try:
        return LawRef.parse(value)
    except ValueError as exc:
        raise Problem(f"{where}: {exc}") from None


def deal(value: Any) -> Deal:
    if not isinstance(value, str):
        raise Problem(f"deal: must be a PBN string 'N:<north> <east> <south> <west>', not {type_name(value)}")
    try:
        deal = Deal.from_pbn(value)
    except (ValueError, TypeError) as exc:
        raise Problem(f"deal: {exc}") from None
    problems = deal.problems()
    if problems:
        raise Problem("deal: invalid deal: " + "; ".join(problems))
    return deal


def text(value: Any, where: str) -> Text:
    if isinstance(value, str):
        return value
    if not isinstance(value, dict):
        raise Problem(f"{where}: must be a string or a table of languages (da, nb, en) to text, "
                       f"not {type_name(value)}")
    out: dict[str, str] = {}
    for lang, text in value.items():
        try:
            code = normalize_lang(lang)
        except ValueError:
            raise Problem(f"{where}: unknown language {short(lang)}: use da, nb or en") from None
        if code in out:
            raise Problem(f"{where}: language {code!r} given twice")
        out[code] = string(text, f"{where}.{lang}")
    return {lang: out[lang] for lang in LANGS if lang in out}
