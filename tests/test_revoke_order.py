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
    t = Table(s.deal, s.contract, dealer=s.dealer)
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
    a = Table(s.deal, s.contract, history[:i + 2] + rest, dealer=s.dealer)
    b = Table(s.deal, s.contract, swapped, dealer=s.dealer)
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


@pytest.mark.parametrize("seed", GENERATED)
def test_generated_two_sided_revokes_corrected_in_either_order(seed: int) -> None:
    """62C3: when both sides revoke on one trick, the corrections are the same whichever is made first: the same
    cards in the same places, the same penalty cards, revokes and tricks (or the same refusal)."""
    made = _two_sided_revoke(seed)
    assert made is not None
    t, (first, second) = made
    assert _outcome(t, [first, second]) == _outcome(t, [second, first]), seed


# ---- a defender's lead to the next trick that cannot stand: a 62C3 penalty card in either order ------------

def _defender_led_on() -> tuple[Table, list[object]]:
    """Seed 000's deal, 3NT by South. West leads ♠K; dummy revokes with ♥2 (holding four spades), East with ♦4
    (holding ♠AJ6); South plays ♠7 and West's ♠K wins. West leads ♥J to trick 2: East-West's revoke is
    established (63A1), North-South's is not (they have not played to trick 2). Attention is drawn to both."""
    from bridgelaws import Contract, Deal
    from bridgelaws.cards import Card, Seat

    deal = Deal.from_pbn("N:T542.AK2.76.AT98 AJ6.76.A954.K765 Q87.Q543.T8.Q432 K93.JT98.KQJ32.J")
    c = Card.parse
    t = Table(deal, Contract.parse("3NT", "S"), [
        Play(Seat.WEST, c("SK")), Play(Seat.NORTH, c("H2"), revoke=True), Play(Seat.EAST, c("D4"), revoke=True),
        Play(Seat.SOUTH, c("S7")), Play(Seat.WEST, c("HJ"))])
    return t, [CorrectRevoke(Seat.SOUTH, card=c("H2")), CorrectRevoke(Seat.EAST, card=c("D4"))]


@pytest.mark.parametrize("order", ["declarer_first", "defender_first"])
def test_62c3_defenders_lead_to_the_next_trick_is_a_penalty_card_in_either_order(order: str) -> None:
    """62C3: both sides revoked on trick 1 and only East-West played on, so both revokes are corrected (63B
    names 62C3) and "every card withdrawn by the defending side becomes a penalty card": West's ♥J goes back
    from trick 2 as a major penalty card, East's ♦4 too (62B1 with 62C3), and dummy's ♥2 goes back to dummy
    (62B2). Then dummy must follow with a spade and East with a spade: East's ♠A wins the rebuilt trick, so
    West's lead could not stand in any case. The same whichever revoke is corrected first."""
    from bridgelaws.cards import Card, Seat

    t, corrections = _defender_led_on()
    assert [(r.seat, r.established) for r in t.state.revokes] == [(Seat.NORTH, False), (Seat.EAST, True)]
    table = Table(t.deal, t.contract, list(t.history))
    for ev in corrections if order == "declarer_first" else corrections[::-1]:
        table.push(ev)
    st = table.state
    assert {(p.seat, str(p.card), p.kind) for p in st.penalty_cards} == {
        (Seat.WEST, "HJ", "major"), (Seat.EAST, "D4", "major")}
    assert Card.parse("H2") in st.hand(Seat.NORTH) and Card.parse("HJ") not in st.hand(Seat.WEST)
    assert all(r.corrected for r in st.revokes)
    table.push(Play(Seat.NORTH, Card.parse("ST")))
    table.push(Play(Seat.EAST, Card.parse("SA")))
    st = table.state
    assert st.tricks[0].winner is Seat.EAST and not st.trick
    assert (Seat.WEST, "HJ", "major") in {(p.seat, str(p.card), p.kind) for p in st.penalty_cards}
