"""The table engine on ordinary play: turn order, following suit (44C), trick winners in no-trump and in
trumps, refusal of impossible events with the state unchanged, undo, copy and reconstruction."""

from __future__ import annotations

import pytest

from bridgelaws import (
    Card, Contract, Deal, FailureToFollowSuitError, IllegalPlayError, NotInHandError, OutOfTurnError, Play, Seat,
    Table,
)

C = Card.parse
N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST

# one suit per hand: North all clubs, East spades, South diamonds, West hearts
ONE_SUIT = Deal.from_pbn("N:...AKQJT98765432 AKQJT98765432... ..AKQJT98765432. .AKQJT98765432..")
# trumps are hearts, West declares: North leads clubs, East ruffs low, South overruffs, West discards
OVERRUFF = Deal.from_pbn("N:...AKQJT98765432 AKQJT9876543.2.. .3.AKQJT9876543. 2.AKQJT987654.2.")
# seed 000, example 1 (3NT by South)
EX1 = Deal.from_pbn("N:T542.AK2.76.AT98 AJ6.76.A954.K765 Q87.Q543.T8.Q432 K93.JT98.KQJ32.J")


def plays(table: Table, seq: str) -> None:
    for item in seq.split():
        table.push(Play(Seat.parse(item[0]), C(item[1:])))


def test_opening_leader_is_declarers_left_hand_opponent() -> None:
    assert Table(EX1, Contract.parse("3NT", "S")).to_act() is W
    assert Table(EX1, Contract.parse("3NT", "E")).to_act() is S


def test_must_follow_suit_when_able() -> None:
    t = Table(EX1, Contract.parse("3NT", "S"))
    plays(t, "WS3")
    assert t.to_act() is N
    assert t.legal_cards() == {C("ST"), C("S5"), C("S4"), C("S2")}


def test_void_player_may_play_any_card() -> None:
    t = Table(ONE_SUIT, Contract.parse("3NT", "S"))
    plays(t, "WHA")
    assert t.legal_cards() == t.hand(N)


def test_highest_card_of_suit_led_wins_in_notrump_and_winner_leads() -> None:
    t = Table(EX1, Contract.parse("3NT", "S"))
    plays(t, "WS3 NS2 ESA SS7")
    assert t.tricks[0].winner is E and t.to_act() is E
    plays(t, "ES6 SS8 WS9 NST")
    assert t.tricks[1].winner is N and t.to_act() is N


def test_discards_never_win_in_notrump() -> None:
    t = Table(ONE_SUIT, Contract.parse("3NT", "S"))
    plays(t, "WH2 NCA ESA SDA")
    assert t.tricks[0].winner is W


def test_a_ruff_wins_and_an_overruff_beats_it() -> None:
    t = Table(OVERRUFF, Contract.parse("4H", "W"))
    assert t.to_act() is N
    plays(t, "NCA EH2 SH3 WD2")
    assert t.tricks[0].winner is S


def test_trump_lead_is_won_by_the_highest_trump() -> None:
    t = Table(ONE_SUIT, Contract.parse("7S", "N"))
    plays(t, "ESA SD2 WH2 NC2")
    assert t.tricks[0].winner is E


def test_ruff_wins_over_the_suit_led() -> None:
    t = Table(ONE_SUIT, Contract.parse("7C", "S"))
    plays(t, "WHA NC2 ES2 SD2")
    assert t.tricks[0].winner is N


def test_dummy_cards_are_played_with_dummys_seat() -> None:
    t = Table(EX1, Contract.parse("3NT", "S"))
    plays(t, "WS3")
    assert t.dummy is N and t.to_act() is N
    with pytest.raises(OutOfTurnError):
        t.push(Play(S, C("S7")))
    plays(t, "NS2")
    assert t.state.last_played[-1] == (N, C("S2"))


def test_card_not_held_is_refused_and_nothing_changes() -> None:
    t = Table(EX1, Contract.parse("3NT", "S"))
    before = t.state
    with pytest.raises(NotInHandError) as exc:
        t.push(Play(W, C("SA")))
    assert exc.value.seat is W and exc.value.card == C("SA") and str(exc.value.event) == "W play SA"
    assert t.state is before and len(t) == 0


def test_revoke_written_as_a_plain_play_is_refused_with_law_44C() -> None:
    t = Table(EX1, Contract.parse("3NT", "S"))
    plays(t, "WS3 NS2 ESA SS7 ES6 SS8 WS9 NST NCA EC5 SC2")
    before = t.state
    with pytest.raises(FailureToFollowSuitError) as exc:
        t.push(Play(W, C("D3")))
    assert exc.value.law is not None and exc.value.law.code == "44C"
    assert "revoke_corrected" in str(exc.value)
    assert t.state is before


def test_play_after_the_last_trick_is_refused() -> None:
    t = Table(ONE_SUIT, Contract.parse("3NT", "S"))
    ranks = "AKQJT98765432"
    for r in ranks:
        plays(t, f"WH{r} NC{r} ES{r} SD{r}")
    assert t.is_complete() and len(t.tricks) == 13 and t.to_act() is None and t.legal_cards() == frozenset()
    with pytest.raises(IllegalPlayError):
        t.push(Play(W, C("HA")))


def test_pop_undoes_the_last_event_and_copy_is_independent() -> None:
    t = Table(EX1, Contract.parse("3NT", "S"))
    plays(t, "WS3 NS2 ESA")
    s2 = t.states[2]
    u = t.copy()
    ev = t.pop()
    assert ev == Play(E, C("SA")) and t.state == s2 and len(t) == 2
    assert len(u) == 3 and u.to_act() is S
    assert t.copy(history=1).history == [Play(W, C("S3"))]


def test_replaying_the_history_reproduces_the_state() -> None:
    t = Table(EX1, Contract.parse("3NT", "S"))
    plays(t, "WS3 NS2 ESA SS7 ES6")
    assert t.replay_matches()
    assert Table(EX1, Contract.parse("3NT", "S"), t.history).state == t.state


def test_invalid_deal_cannot_be_played() -> None:
    with pytest.raises(ValueError):
        Table(Deal.from_pbn("N:AKQ... - - -"), Contract.parse("3NT", "S"))


def test_table_play_refuses_an_illegal_card_with_the_law() -> None:
    t = Table(EX1, Contract.parse("3NT", "S"))
    plays(t, "WS3")
    with pytest.raises(FailureToFollowSuitError) as exc:
        t.play("HA")
    assert exc.value.law is not None and exc.value.law.code == "44C"
    assert exc.value.explain("da") == f"Nord skal bekende og må ikke spille ♥E ({exc.value.law.cite('da')})"
    t.play("S2")
    assert t.to_act() is E


def test_repr_is_evaluable() -> None:
    import bridgelaws

    t = Table(EX1, Contract.parse("3NT", "S"))
    plays(t, "WS3")
    ns = {name: getattr(bridgelaws, name) for name in bridgelaws.__all__}
    ns["Seat"] = Seat
    again = eval(repr(t), ns)  # noqa: S307
    assert again.state == t.state
