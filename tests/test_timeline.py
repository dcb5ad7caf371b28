"""The constraint timeline (bridgelaws.timeline): one row per trick and per event that matters; for each
player the constraints in force with their law and since when, and those that ended with why; localized
headings; deterministic HTML."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("pandas")

import pandas as pd

from bridgelaws import Card, Contract, Deal, Seat, Table
from bridgelaws.events import (
    AcceptLead, Choose, Designate, Event, Expose, Hold, LeadFaceDown, Play, RejectLead, RequestWithdraw, Select,
    Simultaneous, SpreadHand, Touch,
)
from bridgelaws.timeline import STYLER_UUID, describe_event, rows, styled, timeline, to_html

C = Card.parse
N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
EX1 = Deal.from_pbn("N:T542.AK2.76.AT98 AJ6.76.A954.K765 Q87.Q543.T8.Q432 K93.JT98.KQJ32.J")
LANGS = ("da", "nb", "en")


def table_with_dropped_ace() -> Table:
    """West leads ♥J, North wins, East drops ♠A (major penalty card), follows with ♥6; North leads ♠2 and
    East must play the ace (50D1a)."""
    t = Table(EX1, Contract.parse("3NT", "S"))
    t.play("HJ")
    t.play("HA")
    t.push(Expose(E, C("SA"), how="dropped"))
    for card in ("H6", "H3", "S2", "SA", "SQ", "S3"):
        t.play(card)
    return t


def full_deal() -> Table:
    t = Table(EX1, Contract.parse("3NT", "S"))
    while not t.is_complete():
        t.play(min(t.legal_cards(), key=lambda c: c.sort_key))
    return t


@pytest.mark.parametrize(("lang", "cols", "index"), [
    ("en", ["Trick", "What happened", "North", "East", "South", "West"], "Event"),
    ("da", ["Stik", "Hvad skete der", "Nord", "Øst", "Syd", "Vest"], "Hændelse"),
    ("nb", ["Stikk", "Hva skjedde", "Nord", "Øst", "Syd", "Vest"], "Hendelse"),
])
def test_columns_are_the_trick_the_event_and_each_player_in_the_language(lang: str, cols: list[str],
                                                                          index: str) -> None:
    df = timeline(table_with_dropped_ace(), lang)
    assert list(df.columns) == cols and df.index.name == index
    assert df.index.dtype == "int64" and df[cols[0]].dtype == "int64"


def test_plain_play_gives_one_row_per_trick_with_nothing_in_force() -> None:
    t = full_deal()
    df = timeline(t, "en")
    assert list(df.index) == [4 * k for k in range(1, 14)]
    assert list(df["Trick"]) == list(range(1, 14))
    assert (df[["North", "East", "South", "West"]] == "").all().all()
    assert "won by" in df.loc[4, "What happened"]


def test_every_event_gives_one_row_per_event() -> None:
    t = table_with_dropped_ace()
    assert len(timeline(t, "en", every_event=True)) == len(t.history)


def test_a_penalty_card_starts_is_in_force_and_ends_with_why() -> None:
    df = timeline(table_with_dropped_ace(), "en")
    assert list(df.index) == [3, 5, 7, 9]  # the drop, the end of trick 1, East's ace played, the end of trick 2
    assert df.loc[3, "What happened"] == "East drops ♠A face up"
    assert df.loc[3, "East"] == "+ East's ♠A is a major penalty card (Law 50D1(a)) — new"
    assert df.loc[5, "East"] == "East's ♠A is a major penalty card (Law 50D1(a)) — since trick 1, event 3"
    assert df.loc[7, "East"] == ("× East's ♠A is a major penalty card (Law 50D1(a)) — since trick 1, event 3; "
                                 "ended: East played ♠A")
    assert df.loc[9, "East"] == "" and df.loc[7, "Trick"] == 2
    # the options declarer will have when West gets the lead are not a constraint yet: West's cell stays empty
    assert (df["West"] == "").all()


def test_ended_cells_in_the_other_languages() -> None:
    assert "ophørt: Øst spillede ♠E" in timeline(table_with_dropped_ace(), "da").loc[7, "Øst"]
    assert "opphørt: Øst spilte ♠E" in timeline(table_with_dropped_ace(), "nb").loc[7, "Øst"]


def test_a_decision_and_a_lead_restriction_in_the_timeline() -> None:
    t = Table(EX1, Contract.parse("3NT", "S"))
    t.push(Expose(E, C("S6"), how="lead_out_of_turn"))
    t.push(RejectLead(S))
    t.push(Choose(S, option="forbid", suit=C("S6").suit))
    df = timeline(t, "en")
    assert list(df.index) == [1, 2, 3]
    assert df.loc[1, "South"].startswith("+ East led ♠6 out of turn")  # declarer's decision (54)
    assert "ended: South has decided" in df.loc[2, "South"]
    assert df.loc[3, "West"].startswith("+ West may not lead ♠ as long as he keeps the lead (Law 50D2(a))")
    assert "picked ♠6 up" in df.loc[3, "East"]


def test_rows_are_data_before_they_are_text() -> None:
    rs = rows(table_with_dropped_ace())
    assert [r.number for r in rs] == [3, 5, 7, 9]
    assert rs[0].cells[E][0].status == "started" and rs[2].cells[E][0].status == "ended"
    assert rs[1].completes_trick and not rs[0].completes_trick


def test_html_is_deterministic_with_a_fixed_uuid_and_red_suits() -> None:
    t = table_with_dropped_ace()
    a, b = to_html(t, "da"), to_html(t, "da")
    assert a == b
    assert f"T_{STYLER_UUID}" in a and not re.search(r"T_[0-9a-f]{5}_", a)
    assert '<span class="bl-red" style="color:#c8102e">♥</span>' in a
    assert styled(t, "en").to_html() == styled(timeline(t, "en")).to_html()


def test_an_empty_timeline_says_so() -> None:
    t = Table(EX1, Contract.parse("3NT", "S"))
    assert timeline(t, "en").empty
    assert "No events yet." in to_html(t, "en")
    assert isinstance(timeline(t, "da"), pd.DataFrame)


EVENTS: list[Event] = [
    Play(W, C("HJ")), Play(W, C("HJ"), out_of_turn=True),
    *(Expose(E, C("SA"), how=h) for h in ("dropped", "named", "lead_out_of_turn", "premature_play",
                                          "revoke_corrected")),
    AcceptLead(S), RejectLead(S), SpreadHand(S),
    Choose(S, option="require", suit=C("S2").suit), Choose(S, option="forbid", suits=(C("S2").suit, C("H2").suit)),
    Choose(S, option="none"), Choose(S, option="highest"), Choose(S, option="lowest"),
    Choose(S, option="require_suit", suit=C("D2").suit), Choose(S, option="forbid_suit", suit=C("D2").suit),
    Choose(S, option="accept_play"), Choose(S, option="reject_play"),
    Choose(S, option="designate_penalty_card", card=C("SA")),
    Simultaneous(W, cards=(C("HJ"), C("HT")), visible=(C("HJ"), C("HT"))),
    Simultaneous(W, cards=(C("HJ"), C("HT")), visible=(C("HJ"),)),
    Select(W, card=C("HJ")), Hold(W, card=C("HJ")), Touch(S, hand=N, card=C("SA")), Designate(S, words="a club"),
    LeadFaceDown(W, card=C("HJ")), RequestWithdraw(W, new_card=C("HT")),
]


@pytest.mark.parametrize("event", EVENTS, ids=str)
def test_every_event_can_be_told_in_every_language(event: Event) -> None:
    texts = [describe_event(event, lang) for lang in LANGS]
    assert all(t and "{" not in t for t in texts)
    assert len(set(texts)) >= 2  # really translated


def test_a_lead_is_told_as_a_lead() -> None:
    t = Table(EX1, Contract.parse("3NT", "S"))
    assert describe_event(Play(W, C("HJ")), "da", t.state) == "Vest spiller ♥B ud"
    assert describe_event(Play(W, C("HJ")), "nb") == "Vest spiller ♥Kn"
