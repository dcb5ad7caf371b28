"""Events read from a file, built generically from the dataclasses in :mod:`bridgelaws.events`."""

from __future__ import annotations

import dataclasses
import difflib
import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Union

from bridgelaws.cards import Card, Seat, Suit
from bridgelaws.designations import MAX_TEXT as _MAX_WORDS
from bridgelaws.events import Event, EVENT_TYPES
from bridgelaws.i18n import LocalText

from bridgelaws.scenario.model import VOCABULARY, SEATLESS_ACTIONS
from bridgelaws.scenario.values import (
    boolean, card, items, no_unknown_keys, Problem, seat, short, string, suit, text as _text, type_name,
)


Converter = Callable[[Any, str], Any]


@dataclass(frozen=True)
class _FieldSpec:
    name: str
    convert: Converter
    required: bool
    shown: bool  # the value appears in the event's label


def _converter(hint: Any, *, shown: bool = False) -> tuple[Converter, bool]:
    """A converter from the file's value to the field's type, and whether None is allowed."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (Union, types.UnionType):
        optional = type(None) in args
        convs = [_converter(a, shown=shown)[0] for a in args if a is not type(None)]

        def union(value: Any, where: str) -> Any:
            if value is None and optional:
                return None
            first: Problem | None = None
            for conv in convs:
                try:
                    return conv(value, where)
                except Problem as exc:
                    first = first or exc
            assert first is not None
            raise first

        return union, optional
    if origin is tuple:
        elem = _converter(args[0] if args else Any)[0]

        def tuple_of(value: Any, where: str) -> tuple[Any, ...]:
            return tuple(elem(v, where) for v in items(value, where))

        return tuple_of, False
    if hint is Card:
        return (lambda v, w: card(v, w, shown=shown)), False
    if hint is Seat:
        return seat, False
    if hint is Suit:
        return suit, False
    if hint is bool:
        return boolean, False
    if hint is str:
        return string, False
    if hint is LocalText:  # a text in one language or several: { da = "…", nb = "…", en = "…" }
        def local_text(value: Any, where: str) -> LocalText:
            if not isinstance(value, dict):
                raise Problem(f"{where}: must be a string or a table of languages (da, nb, en) to text, "
                               f"not {type_name(value)}")
            text = _text(value, where)
            if not text:
                raise Problem(f"{where}: a table of languages with no language in it")
            return LocalText(text)

        return local_text, False
    if hint is int:
        def integer(value: Any, where: str) -> int:
            # the PBN events table carries every field that is not a flag or a list as text: a whole number
            # written in digits is read as that number (TOML and JSON files write it as a number)
            if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 3:
                return int(value)
            if isinstance(value, bool) or not isinstance(value, int):
                raise Problem(f"{where}: must be a whole number, not {short(value)}")
            return value

        return integer, False

    def plain(value: Any, where: str) -> Any:   # a type this loader does not know: plain values only
        if isinstance(value, (str, bool, int)):
            return value
        if isinstance(value, list) and all(isinstance(v, (str, bool, int)) for v in value):
            return tuple(value)
        raise Problem(f"{where}: unexpected value {short(value)}")

    return plain, False


_SPECS: dict[type, tuple[_FieldSpec, ...]] = {}


def field_specs(cls: type) -> tuple[_FieldSpec, ...]:
    """The fields of an event class, their converters and whether each is required (cached per class)."""
    specs = _SPECS.get(cls)
    if specs is None:
        hints = typing.get_type_hints(cls)
        out = []
        for f in dataclasses.fields(cls):
            hint = hints.get(f.name, Any)
            shown = f.name in ("card", "new_card")
            convert, optional = _converter(hint, shown=shown)
            no_default = f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
            required = (no_default or (f.default is None and not optional)
                        or (hint is str and f.default == ""))
            out.append(_FieldSpec(f.name, convert, required, shown))
        specs = _SPECS[cls] = tuple(out)
    return specs


def event_label(raw: Mapping[Any, Any]) -> str:
    """``W play SX``: the event as written, for messages (the same form as ``str(event)``)."""
    def cut(v: Any) -> str:
        if isinstance(v, (list, dict)) and len(v) > 20:
            return f"<{type_name(v)} of {len(v)} items>"
        text = str(v) if not isinstance(v, int) or isinstance(v, bool) or abs(v) < 10 ** 12 else short(v)
        return text if len(text) <= 60 else text[:59] + "…"

    action = raw.get("action", "?")
    seatless = isinstance(action, str) and action in SEATLESS_ACTIONS and "seat" not in raw
    parts = ([] if seatless else [cut(raw.get("seat", "?"))]) + [cut(action)]
    for k, v in raw.items():
        if k in ("seat", "action"):
            continue
        if k in ("card", "new_card", "cards", "call"):
            parts.append(cut(" ".join(map(str, v)) if isinstance(v, list) else v))
        else:
            parts.append(f"{cut(k)}={cut(v)}")
    return " ".join(parts)


def read_history(value: Any) -> tuple[Event, ...]:
    events = []
    for i, raw in enumerate(items(value, "history"), 1):
        events.append(read_event(raw, i))
    return tuple(events)


def read_event(raw: Any, no: int) -> Event:
    if not isinstance(raw, dict):
        raise Problem(f"event {no}: must be a table like {{ seat = \"W\", action = \"play\", card = \"S3\" }}, "
                       f"not {type_name(raw)}", no)
    where = f"event {no} ({event_label(raw)})"
    try:
        action = raw.get("action")
        if action is None:
            raise Problem(f"{where}: missing key 'action'")
        cls = EVENT_TYPES.get(action) if isinstance(action, str) else None
        if cls is None:
            hint = difflib.get_close_matches(str(action), list(EVENT_TYPES), n=1, cutoff=0.6)
            did_you_mean = f" (did you mean {hint[0]!r}?)" if hint else ""
            raise Problem(f"{where}: unknown action {short(action)}{did_you_mean}; "
                           f"actions: {', '.join(EVENT_TYPES)}")
        specs = field_specs(cls)
        seats = [] if action in SEATLESS_ACTIONS else ["seat"]
        no_unknown_keys(raw, seats + ["action"] + [s.name for s in specs if s.name != "seat"], where)
        kwargs: dict[str, Any] = {}
        for spec in specs:
            if spec.name not in raw:
                if spec.required:
                    raise Problem(f"{where}: missing key {spec.name!r}")
                continue
            fwhere = where if spec.shown else f"{where}: {spec.name}"
            value = spec.convert(raw[spec.name], fwhere)
            vocabulary = VOCABULARY.get((action, spec.name))
            if vocabulary is not None and value is not None and value not in vocabulary:
                raise Problem(f"{fwhere}: must be one of {', '.join(vocabulary)}, not {short(value)}")
            kwargs[spec.name] = value
        if action == "designate" and len(kwargs.get("words") or "") > _MAX_WORDS:
            raise Problem(f"{where}: words: {len(kwargs['words'])} characters; a designation has at most "
                           f"{_MAX_WORDS}")
        if action == "choose" and kwargs.get("suit") is not None and kwargs.get("suits"):
            raise Problem(f"{where}: give either suit or suits, not both")
        try:
            return cls(**kwargs)
        except (ValueError, TypeError) as exc:
            raise Problem(f"{where}: {exc}") from None
    except Problem as exc:
        raise Problem(str(exc), no) from None
