"""Writing scenarios: a table's play as a scenario, and the TOML (an emitter of our own) or JSON text."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from bridgelaws.table import Table

from bridgelaws.scenario.model import BARE_KEY_RE, Scenario
from bridgelaws.scenario.validate import from_dict


def from_table(table: Table, id: str, **meta: Any) -> Scenario:
    """The scenario of a table's play so far (what the widget saves): its deal, contract and history.
    ``meta`` may give title, laws, summary, question, reasoning, tags, expected and checkpoints as they
    would be written in a file; the result is validated like a file."""
    data: dict[str, Any] = {"id": id, "deal": table.deal.to_pbn(), "history": [e.to_dict() for e in table.history]}
    if table.contract is not None:   # None: an auction still running, or passed out (22B); the calls say it
        data.update(contract=str(table.contract), declarer=table.contract.declarer.value)
    if getattr(table, "dealer", None) is not None:
        data["dealer"] = table.dealer.value
        if getattr(table, "vulnerable", None) is not None:
            data["vulnerable"] = table.vulnerable
    data.update(meta)
    return from_dict(data)


def to_dict(scenario: Scenario) -> dict[str, Any]:
    """The file form of a scenario, keys in the order they are written."""
    s = scenario
    out: dict[str, Any] = {"id": s.id}
    if s.title is not None:
        out["title"] = s.title
    if s.laws:
        out["laws"] = [str(ref) for ref in s.laws]
    for key in ("summary", "question", "reasoning"):
        value = getattr(s, key)
        if value is not None:
            out[key] = value
    if s.tags:
        out["tags"] = list(s.tags)
    if s.dealer is not None:
        out["dealer"] = s.dealer.value
    if s.vulnerable is not None:
        out["vulnerable"] = s.vulnerable
    if s.contract is not None:   # None: a passed-out auction (22B)
        out["contract"] = str(s.contract)
        out["declarer"] = s.declarer.value
    out["deal"] = s.deal.to_pbn()
    out["history"] = [e.to_dict() for e in s.history]
    if s.expected:
        out["expected"] = s.expected
    if s.checkpoints:
        out["checkpoints"] = [{"after": cp.after, "expected": cp.expected} for cp in s.checkpoints]
    return out


def dumps(scenario: Scenario, format: str = "toml") -> str:
    """The scenario as TOML (default) or JSON text; ``loads(dumps(s)) == s``."""
    data = to_dict(scenario)
    if format == "json":
        return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    if format != "toml":
        raise ValueError(f"unknown format {format!r}: use 'toml' or 'json'")
    lines: list[str] = []
    for key, value in data.items():
        if key in ("expected", "checkpoints"):
            continue
        if key == "history":
            if not value:
                lines.append("history = []")
            else:
                lines.append("history = [")
                lines.extend(f"  {toml_value(ev)}," for ev in value)
                lines.append("]")
        elif isinstance(value, dict) and any("\n" in v for v in value.values()):
            lines.extend(f"{key}.{toml_key(k)} = {toml_value(v)}" for k, v in value.items())
        else:
            lines.append(f"{key} = {toml_value(value)}")
    if "expected" in data:
        lines += ["", "[expected]"]
        lines.extend(f"{toml_key(k)} = {toml_value(v)}" for k, v in data["expected"].items())
    for cp in data.get("checkpoints", []):
        lines += ["", "[[checkpoints]]", f"after = {cp['after']}"]
        if cp["expected"]:
            lines.append("[checkpoints.expected]")
            lines.extend(f"{toml_key(k)} = {toml_value(v)}" for k, v in cp["expected"].items())
        else:
            lines.append("expected = {}")
    return "\n".join(lines) + "\n"


def dump(scenario: Scenario, path: str | Path, format: str | None = None) -> None:
    """Write the scenario to ``path``; the format follows the suffix (``.json`` or ``.toml``)."""
    p = Path(path)
    fmt = format or ("json" if p.suffix.lower() == ".json" else "toml")
    p.write_text(dumps(scenario, fmt), encoding="utf-8")


def toml_key(key: str) -> str:
    return key if BARE_KEY_RE.match(key) else toml_string(key)


_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}


def _escape_char(ch: str) -> str:
    if ch in _ESCAPES:
        return _ESCAPES[ch]
    if ord(ch) < 0x20 or ord(ch) == 0x7F:
        return f"\\u{ord(ch):04X}"
    return ch


def toml_string(text: str) -> str:
    if "\n" not in text:
        return '"' + "".join(_escape_char(ch) for ch in text) + '"'
    # a multi-line basic string; a quote is escaped where it could end the string
    out = []
    for i, ch in enumerate(text):
        if ch == "\n":
            out.append(ch)
        elif ch == '"':
            nxt = text[i + 1] if i + 1 < len(text) else ""
            out.append('\\"' if nxt in ('"', "") else '"')
        else:
            out.append(_escape_char(ch))
    return '"""\n' + "".join(out) + '"""'


def toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return toml_string(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        if not value:
            return "{}"
        return "{ " + ", ".join(f"{toml_key(k)} = {toml_value(v)}" for k, v in value.items()) + " }"
    raise ValueError(f"cannot write {value!r} in a scenario file")
