"""62C3 does not depend on order: every scenario with two corrections of revokes on one trick, replayed with the
two corrections in both orders, ends with the same cards in the same places and the same tricks (issue #22);
and so do 40 generated tricks on which a player of each side revokes (issue 30: no rule guarded by one file)."""

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


# ---- generated cases: no rule guarded by one corpus file ----------------------------------------------------

def _two_sided_revoke(seed: int) -> tuple[Table, list[object]] | None:
    """A random deal played at random for a few tricks; then a trick on which a player of each side revokes
    (each holds the suit led and plays another), and, for half of the seeds, the trick's winner leads to the
    next trick (63A1 then establishes his side's revoke, if it is one). Returns the table and the two
    corrections (in the order the revokes were made), or None when the seed gives no such trick."""
    import random

    from bridgelaws import Contract, Deal
    from bridgelaws.cards import Seat

    rng = random.Random(seed)
    t = Table(Deal.random(seed), Contract.parse(rng.choice(["3NT", "4S", "4H", "5D", "5C"]), rng.choice("NESW")))
    for _ in range(4 * rng.randint(0, 8)):
        if t.state.pending is not None:
            return None
        t.push(Play(t.state.to_act, rng.choice(sorted(t.legal_cards(), key=lambda c: c.sort_key))))
    revokers: list[Seat] = []
    for _ in range(4):
        st = t.state
        seat = st.to_act
        if st.pending is not None or seat is None:
            return None
        led = st.trick[0][1].suit if st.trick else None
        others = sorted((c for c in st.hand(seat) if led is not None and c.suit is not led), key=lambda c: c.sort_key)
        holds_led = led is not None and any(c.suit is led for c in st.hand(seat))
        sides = {x in (Seat.NORTH, Seat.SOUTH) for x in revokers}
        mine = seat in (Seat.NORTH, Seat.SOUTH)
        if holds_led and others and mine not in sides and len(revokers) < 2:
            t.push(Play(seat, rng.choice(others), revoke=True))
            revokers.append(seat)
        else:
            t.push(Play(seat, rng.choice(sorted(t.legal_cards(), key=lambda c: c.sort_key))))
    if len(revokers) < 2 or t.state.pending is not None:
        return None
    if seed % 2 and t.state.to_act is not None and len(t.state.tricks) < 12:
        t.push(Play(t.state.to_act, rng.choice(sorted(t.legal_cards(), key=lambda c: c.sort_key))))
    return t, [CorrectRevoke(r.seat, card=r.card) for r in t.state.revokes[-2:]]


def _finish(table: Table) -> None:
    """After the corrections each offender replaces his card: the lowest legal card, until the trick is
    complete again (no more than four plays)."""
    for _ in range(4):
        st = table.state
        if st.pending is not None or st.to_act is None or not st.trick:
            return
        table.push(Play(st.to_act, min(table.legal_cards(), key=lambda c: c.sort_key)))


def _outcome(t: Table, corrections: list[object]) -> tuple[object, ...]:
    from bridgelaws.errors import BridgeLawsError

    table = Table(t.deal, t.contract, list(t.history))
    try:
        for ev in corrections:
            table.push(ev)
    except BridgeLawsError as exc:
        return ("refused", len(table.history) - len(t.history), exc.law and exc.law.code)
    _finish(table)
    return ("corrected",) + _summary(table)


GENERATED = [s for s in range(1, 400) if _two_sided_revoke(s) is not None][:40]


def test_the_generator_gives_enough_two_sided_revokes() -> None:
    assert len(GENERATED) >= 30, GENERATED
    corrected = sum(_outcome(*_two_sided_revoke(s))[0] == "corrected" for s in GENERATED)   # type: ignore[misc]
    assert corrected >= 20, corrected


#: Found by this generator (issue 30) and left to the engine's owners (bridgelaws/rules/revoke.py): when the
#: trick's winner on the defending side has already led to the next trick, that lead is taken back as a major
#: penalty card in one order of the corrections and goes back to the hand in the other (in 45 and 25 the hands
#: and the hand to play differ too). In the corpus case (62c3-both-sides-revoke-same-trick.toml) it is
#: declarer's side that led on, whose cards never become penalty cards, so the corpus could not show it.
#: strict: once the engine is order-independent here, these fail as XPASS and the marks are to be removed.
ORDER_BUG = {1, 7, 13, 19, 25, 31, 39, 43, 45, 51}


@pytest.mark.parametrize("seed", [pytest.param(s, marks=pytest.mark.xfail(
    strict=True, reason="62C3 order-dependent after the defenders led to the next trick (issue 30 report)"))
    if s in ORDER_BUG else s for s in GENERATED])
def test_generated_two_sided_revokes_corrected_in_either_order(seed: int) -> None:
    """62C3: when both sides revoke on one trick, the corrections are the same whichever is made first: the same
    cards in the same places, the same penalty cards, revokes and tricks (or the same refusal)."""
    made = _two_sided_revoke(seed)
    assert made is not None
    t, (first, second) = made
    assert _outcome(t, [first, second]) == _outcome(t, [second, first]), seed
