"""62C3 does not depend on order: every scenario with two corrections of revokes on one trick, replayed with the
two corrections in both orders, ends with the same cards in the same places and the same tricks (issue #22)."""

from __future__ import annotations

from pathlib import Path

import pytest

import bridgelaws.scenario as sc
from bridgelaws.events import CorrectRevoke, Play
from bridgelaws.rules.revoke import revokes_as_dicts, tricks_won
from bridgelaws.table import Table

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted((ROOT / "tests" / "scenarios").rglob("*.toml")) + sorted((ROOT / "notebooks" / "scenarios").glob("*.toml"))


def _pairs(s: sc.Scenario) -> list[int]:
    """Indexes i where events i and i+1 are corrections of revokes made on the same trick."""
    t = Table(s.deal, s.contract)
    out = []
    for i, ev in enumerate(s.history):
        nxt = s.history[i + 1] if i + 1 < len(s.history) else None
        if isinstance(ev, CorrectRevoke) and isinstance(nxt, CorrectRevoke):
            trick = {r.card: r.trick_no for r in t.state.revokes}
            if trick.get(ev.card) == trick.get(nxt.card):
                out.append(i)
        t.push(ev)
    return out


CASES = [(p, i) for p in FILES for i in _pairs(sc.load(p))]


def test_the_corpus_has_two_corrections_on_one_trick() -> None:
    assert CASES, "no scenario corrects two revokes of one trick"


def _summary(table: Table) -> tuple[object, ...]:
    st = table.state
    return (st.hands, sorted((p.seat.value, str(p.card), p.kind) for p in st.penalty_cards), st.trick, st.tricks,
            st.to_act, sorted(map(str, revokes_as_dicts(st))), tricks_won(st))


@pytest.mark.parametrize("path,i", CASES, ids=[f"{p.name}:{i + 1}" for p, i in CASES])
def test_two_corrections_on_one_trick_in_either_order(path: Path, i: int) -> None:
    s = sc.load(path)
    history = list(s.history)
    swapped = history[:i] + [history[i + 1], history[i]]
    # the replacement cards: each offender plays his legal card once both corrections are made
    rest = history[i + 2:]
    a = Table(s.deal, s.contract, history[:i + 2] + rest)
    b = Table(s.deal, s.contract, swapped)
    for ev in rest:
        b.push(ev)
    assert _summary(a) == _summary(b)
    assert any(isinstance(ev, Play) for ev in rest) or rest == []
