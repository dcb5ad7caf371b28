"""Precomputed option values, for where DDS is not available (the offline site): one small JSON file beside the
article notebooks' scenarios, ``notebooks/scenarios/worth-values.dat``, written by ``python tools/worth_values.py``
and read here in pure Python (no endplay).

Each entry is keyed by a fingerprint of the position (:func:`position_fingerprint`: the cards where they are,
the trick, the tricks won, the constraints and the pending decision), so a session that reaches a stored
position by any path finds its values; it also names the scenario and the number of events after which the
position arises (tests/test_worth_stored.py checks both against the files and against a fresh computation).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bridgelaws.cards import Seat
from bridgelaws.state import PlayState

__all__ = ["FILE_NAME", "StoredValues", "position_fingerprint", "stored_values", "read_values", "find_values_file"]

#: JSON, named ``.dat`` because every ``.toml`` and ``.json`` file of the scenarios folder is read as a scenario
#: (``python -m bridgelaws check notebooks/scenarios``, tests/test_scenario.py)
FILE_NAME = "worth-values.dat"
FORMAT = 1


def _cards(cards: Any) -> str:
    return "".join(str(c) for c in sorted(cards, key=lambda c: c.sort_key))


def position_fingerprint(state: PlayState) -> str:
    """A short, stable name for the position: equal for states that are the same for the values (the cards in
    each hand and on the table, the trick, the tricks each side has won, the contract's strain, declarer, the
    constraints in force and the decision pending)."""
    parts = [f"d{state.declarer.value}", f"t{state.trump.letter if state.trump else 'N'}"]
    parts += [f"{s.value}:{_cards(state.hand(s))}" for s in Seat]
    parts.append("p:" + ",".join(sorted(f"{p.seat.value}{p.card}{p.kind[0]}" for p in state.penalty_cards)))
    parts.append("r:" + ",".join(sorted(f"{r.seat.value}{r.kind}{''.join(x.letter for x in r.suits)}{r.until}"
                                        for r in state.restrictions)))
    parts.append("k:" + ",".join(f"{s.value}{c}" for s, c in state.trick))
    ns = sum(1 for t in state.tricks if t.winner in (Seat.NORTH, Seat.SOUTH))
    parts.append(f"w{ns}-{len(state.tricks) - ns}")
    d = state.pending
    if d is not None:
        parts.append(f"q:{d.kind}{d.by.value}{''.join(sorted(d.option_names))}{_cards(d.cards)}"
                     f"{''.join(x.letter for x in d.suits)}{d.subject.value if d.subject else ''}")
    il = state.irregular_lead
    if il is not None:
        parts.append(f"i:{il.seat.value}{il.card}{il.correct_leader.value}{int(il.opening)}"
                     + "".join(f"{s.value}{int(a)}" for s, a in il.statements))
    parts.append(f"a{state.to_act.value if state.to_act else '-'}")
    if state.options_settled is not None:
        parts.append(f"o{state.options_settled[0]}{state.options_settled[1].value}")
    if state.designated is not None:
        parts.append(f"g{state.designated}")
    if state.in_error:
        parts.append("e:" + ",".join(f"{s.value}{c}" for s, c in state.in_error))
    if state.revokes:
        parts.append("v:" + ",".join(f"{r.seat.value}{r.card}{r.trick_no}{int(r.established)}{int(r.corrected)}"
                                     for r in state.revokes))
    return hashlib.sha256("|".join(parts).encode()).hexdigest()[:16]


@dataclass(frozen=True, slots=True)
class StoredValues:
    """The values stored for one position: the scenario and event count it comes from, and each option with its
    (lower, upper) tricks for declarer's side in the whole board."""

    scenario: str
    after: int
    options: tuple[tuple[str, int, int], ...]


def find_values_file(near: str | Path | None = None) -> Path | None:
    """The values file: beside ``near`` (a scenario file or folder) when given, else in ``scenarios/``,
    ``../scenarios/`` or ``notebooks/scenarios/`` from the working folder (a notebook's, or the repository's)."""
    candidates: list[Path] = []
    if near is not None:
        p = Path(near)
        candidates.append((p if p.is_dir() else p.parent) / FILE_NAME)
    candidates += [Path("scenarios") / FILE_NAME, Path("..") / "scenarios" / FILE_NAME,
                   Path("notebooks") / "scenarios" / FILE_NAME]
    for c in candidates:
        if c.is_file():
            return c
    return None


_CACHE: dict[str, dict[str, StoredValues]] = {}


def read_values(path: str | Path) -> dict[str, StoredValues]:
    """Every stored position of the file, by fingerprint."""
    key = str(Path(path).resolve())
    got = _CACHE.get(key)
    if got is None:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        if data.get("format") != FORMAT:
            raise ValueError(f"{path}: not a values file of format {FORMAT}")
        got = {fp: StoredValues(e["scenario"], int(e["after"]),
                                tuple((str(o), int(lo), int(hi)) for o, lo, hi in e["options"]))
               for fp, e in data["positions"].items()}
        _CACHE[key] = got
    return got


def stored_values(state: PlayState, path: str | Path | None = None) -> StoredValues | None:
    """The stored values of the decision pending in ``state``, or None when the position is not stored (or no
    values file is found): the caller then says that the values need the full installation (``worth.not_stored``)."""
    where = Path(path) if path is not None else find_values_file()
    if where is None or not where.is_file():
        return None
    return read_values(where).get(position_fingerprint(state))
