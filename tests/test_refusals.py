"""Bad input to the irregularity laws is refused with a message naming the law, and changes nothing:
a choice not on offer, declarer's exposed card treated as a penalty card, a play while a decision is pending."""

from __future__ import annotations

import pytest

from bridgelaws import (
    Card, Choose, Contract, DecisionError, Deal, Expose, IllegalPlayError, Play, Seat, Suit, Table,
)

C = Card.parse
N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
# seed 000, example 2: 3S by South; West's corrected revoke C6; East wins trick 2 with SA and is on lead
EX2 = Deal.from_pbn("N:743.QJ62.T62.T98 A98.KT7.A754.K75 KQJT2.A54.K3.AQ3 65.983.QJ98.J642")


def plays(table: Table, seq: str) -> None:
    for item in seq.split():
        table.push(Play(Seat.parse(item[0]), C(item[1:])))


def east_on_lead_with_west_penalty_card() -> Table:
    t = Table(EX2, Contract.parse("3S", "S"))
    plays(t, "WH3 NH2 EH7 SHA SS2")
    t.push(Expose(W, C("C6"), how="revoke_corrected"))
    plays(t, "WS6 NS3 ESA")
    return t


def refused(t: Table, event: object, exc_type: type[Exception] = IllegalPlayError) -> Exception:
    before, n = t.state, len(t)
    with pytest.raises(exc_type) as info:
        t.push(event)  # type: ignore[arg-type]
    assert t.state is before and len(t) == n, "a refused event must change nothing"
    return info.value


def test_forbid_refused_when_the_offender_himself_is_on_lead() -> None:
    # West holds the penalty card and is on lead: he must lead it (50D1a); declarer has no options
    t = Table(EX2, Contract.parse("3S", "S"))
    t.push(Expose(W, C("DQ"), how="dropped"))  # an honour: major (50B)
    assert t.to_act() is W and not t.declarer_options()
    assert t.legal_cards() == {C("DQ")}
    err = refused(t, Choose(S, option="forbid", suit=Suit.DIAMONDS), DecisionError)
    assert err.law is not None and err.law.code == "50D1a"  # type: ignore[attr-defined]
    assert err.law.cite("da") in err.explain("da") and err.law.cite("en") in err.explain("en")  # type: ignore[attr-defined]


def test_require_a_suit_without_a_penalty_card_is_refused_with_50D2() -> None:
    t = east_on_lead_with_west_penalty_card()
    assert t.declarer_options() == {"require", "forbid", "none"}
    err = refused(t, Choose(S, option="require", suit=Suit.HEARTS), DecisionError)
    assert err.law is not None and err.law.code == "50D2"  # type: ignore[attr-defined]
    assert "♣" in err.explain("en") and "hearts" in str(err)


def test_play_while_declarer_has_not_chosen_is_refused_in_ordinary_play() -> None:
    # 50D2: partner may not lead until declarer has chosen; the widget's ordinary play refuses the card
    t = east_on_lead_with_west_penalty_card()
    assert t.legal_cards() == frozenset()
    before, n = t.state, len(t)
    with pytest.raises(DecisionError) as info:
        t.play("CK", E)
    assert t.state is before and len(t) == n
    assert info.value.law is not None and info.value.law.code == "50D2"  # type: ignore[attr-defined]


def test_lead_before_declarer_has_chosen_is_dealt_with_under_law_49() -> None:
    # 50D2: "a premature lead is itself dealt with under Law 49": East's card becomes a penalty card (major:
    # led deliberately, 50B), West's card still gives declarer his choice for East's lead
    t = east_on_lead_with_west_penalty_card()
    t.push(Play(E, C("CK")))
    assert {(p.seat, p.card, p.kind) for p in t.penalty_cards()} == {(W, C("C6"), "major"), (E, C("CK"), "major")}
    assert [p.law.code for p in t.penalty_cards() if p.seat is E] == ["49"]
    assert t.declarer_options() == {"require", "forbid", "none"}
    assert t.to_act() is E and t.legal_cards() == frozenset()


def test_only_declarer_chooses() -> None:
    t = east_on_lead_with_west_penalty_card()
    refused(t, Choose(N, option="none"), DecisionError)


def test_choose_with_no_decision_pending_is_refused() -> None:
    t = Table(EX2, Contract.parse("3S", "S"))
    err = refused(t, Choose(S, option="highest"), DecisionError)
    assert err.law is not None and err.law.code == "57A"  # type: ignore[attr-defined]


def test_declarers_exposed_card_is_never_a_penalty_card() -> None:
    # 48A: declarer's exposed card goes back to his hand; there is nothing for anyone to choose
    t = Table(EX2, Contract.parse("3S", "S"))
    plays(t, "WH3 NH2 EH7 SHA")
    t.push(Expose(S, C("SK"), how="dropped"))
    assert t.penalty_cards() == () and C("SK") in t.hand(S)
    assert t.state.restored == ((S, C("SK")),)
    assert any(s.law is not None and s.law.code == "48A" for s in t.statements())
    refused(t, Choose(S, option="require", suit=Suit.SPADES), DecisionError)


def test_premature_play_by_declarer_is_not_rectified_as_57A() -> None:
    t = Table(EX2, Contract.parse("3S", "S"))
    plays(t, "WH3")
    err = refused(t, Expose(S, C("H4"), how="premature_play"))
    assert err.law is not None and err.law.code == "57C3"  # type: ignore[attr-defined]


def test_exposing_a_card_already_on_the_table_is_refused() -> None:
    t = east_on_lead_with_west_penalty_card()
    err = refused(t, Expose(W, C("C6"), how="dropped"))
    assert err.law is not None and err.law.code == "50A"  # type: ignore[attr-defined]
