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


def test_the_styler_is_deterministic_with_a_fixed_uuid_and_red_suits() -> None:
    t = table_with_dropped_ace()
    a, b = styled(t, "da").to_html(), styled(t, "da").to_html()
    assert a == b
    assert f"T_{STYLER_UUID}" in a and not re.search(r"T_[0-9a-f]{5}_", a)
    assert '<span class="bl-red" style="color:#c8102e">♥</span>' in a
    assert styled(t, "en").to_html() == styled(timeline(t, "en")).to_html()


def test_to_html_is_the_picture_and_leaks_no_id_and_no_style_onto_the_page() -> None:
    t = table_with_dropped_ace()
    for html in (to_html(t, "da"), to_html(timeline(t, "en"), "en")):
        assert " id=" not in html and "<style" not in html and "<script" not in html
    assert to_html(t, "da").startswith('<div style="margin:8px 0"><svg ') and to_html(t, "da") == to_html(t, "da")


def test_an_empty_timeline_says_so() -> None:
    t = Table(EX1, Contract.parse("3NT", "S"))
    assert timeline(t, "en").empty
    assert "No events yet." in to_html(timeline(t, "en"), "en")
    assert "So far nothing binds any player." in to_html(t, "en")
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


# ----------------------------------------------------------------------------------------------------------
# the picture: one lane per constraint, from the trick in which it arises to the trick in which it lapses.
# Every expected trick below is a ruling written here from the Laws, not the engine's output.
# ----------------------------------------------------------------------------------------------------------

import xml.etree.ElementTree as ET  # noqa: E402

from bridgelaws.events import CorrectRevoke  # noqa: E402
from bridgelaws.scenario import load, replay  # noqa: E402
from bridgelaws.timeline import figure, lanes, svg, text_html  # noqa: E402

TRICKS_1_TO_3 = [(W, "S3"), (N, "S2"), (E, "SA"), (S, "S7"), (E, "S6"), (S, "S8"), (W, "S9"), (N, "ST"),
                 (N, "CA"), (E, "C5"), (S, "C2")]


def corrected_revoke_played_at_trick_5() -> Table:
    """Seed 000: West discards ♦3 on dummy's ♣A in trick 3 and corrects to ♣J; dummy wins ♥A in trick 4
    (West must follow in hearts), and leads ♦7 in trick 5, where West can and so must play ♦3."""
    t = Table(EX1, Contract.parse("3NT", "S"))
    for seat, card in TRICKS_1_TO_3:
        t.push(Play(seat, C(card)))
    t.push(Play(W, C("D3"), revoke=True))
    t.push(CorrectRevoke(W, card=C("D3")))
    for seat, card in [(W, "CJ"), (N, "HA"), (E, "H6"), (S, "H3"), (W, "H8"), (N, "D7"), (E, "D4"), (S, "D8"),
                       (W, "D3")]:
        t.push(Play(seat, C(card)))
    return t


def test_a_major_penalty_card_from_a_revoke_corrected_at_trick_3_lapses_when_played_at_trick_5() -> None:
    # 62A/62B1: the corrected revoke card of a defender is a major penalty card (50B) from trick 3;
    # 50D1a: it must be played at the first legal opportunity, which is trick 5 (in trick 4 West follows
    # suit in hearts, 44C/50D1b); played, it is no longer a penalty card.
    (lane,) = [x for x in lanes(corrected_revoke_played_at_trick_5()) if x.kind != "revoke"]
    assert (lane.kind, lane.seat, lane.start, lane.end) == ("major", W, 3, 5)
    assert lane.ending("en") == "lapses in trick 5: West played ♦3"
    assert "Vests ♦3 er et stort strafkort (§ 50D1a)" in lane.label("da")


def test_the_corrected_revoke_lane_ends_where_it_is_corrected() -> None:
    # 62A: attention drawn before establishment: the revoke is corrected in trick 3 and never established
    (lane,) = [x for x in lanes(corrected_revoke_played_at_trick_5()) if x.kind == "revoke"]
    assert (lane.seat, lane.start, lane.end, lane.established) == (W, 3, 3, None)


def test_a_50d2_requirement_arises_when_the_partner_first_has_the_lead_and_lapses_after_that_lead() -> None:
    # 01, example 2: West's ♣6 is a major penalty card from trick 2 (50B); East wins trick 2, so at trick 3
    # the offender's partner has the lead: declarer's decision (50D2), and he requires clubs (50D2a): the
    # requirement binds East's lead to trick 3 and lapses once he has led; the penalty card is picked up at
    # once (50D2a: the card goes back to the hand when declarer requires or forbids).
    t = replay(load("notebooks/scenarios/01-stort-strafkort-ex2-require-clubs.toml"))
    by_kind = {x.kind: x for x in lanes(t)}
    assert set(by_kind) == {"major", "decision", "lead"}
    assert (by_kind["major"].seat, by_kind["major"].start, by_kind["major"].end) == (W, 2, 3)
    assert (by_kind["decision"].seat, str(by_kind["decision"].law), by_kind["decision"].start) == (S, "50D2", 3)
    assert (by_kind["lead"].seat, str(by_kind["lead"].law), by_kind["lead"].start, by_kind["lead"].end) == \
        (E, "50D2a", 3, 3)


def test_an_established_revoke_lane_ends_at_the_end_of_play_with_the_64a_transfer() -> None:
    # declarer required a club lead from East (50D2a) in trick 3 and East led ♦A: failing to comply is a
    # revoke (61A); East's side plays to trick 4, so it is established there (63A1); it stays until play is
    # over (trick 13), when East, who won the revoke trick, loses it and one later trick (64A1)
    t = replay(load("tests/scenarios/revoke/61a-lead-restriction-broken-established-64a1.toml"))
    (lane,) = [x for x in lanes(t) if x.kind == "revoke"]
    assert (lane.seat, lane.start, lane.established, str(lane.established_law)) == (E, 3, 4, "63A1")
    assert (lane.end, str(lane.end_law)) == (13, "64A1")
    assert lane.ending("en").endswith("(Law 64A1)")


def test_upto_a_trick_draws_only_what_had_arisen_by_then_and_keeps_it_open() -> None:
    t = replay(load("tests/scenarios/revoke/61a-lead-restriction-broken-established-64a1.toml"))
    # by the end of trick 2 West's ♣6 is a major penalty card (50B) and East has won the trick: declarer's
    # 50D2 decision for East's lead to trick 3 has arisen; nothing has lapsed yet
    lane, decision = lanes(t, upto=2)
    assert (lane.kind, lane.start, lane.end) == ("major", 2, None)
    assert (decision.kind, decision.start, decision.end) == ("decision", 3, None)
    assert lane.ending("nb") == "gjelder fortsatt"
    drawn = svg(t, "da", upto=2)
    assert "gælder stadig" in drawn and "kulørsvigt" not in drawn and ">nu</text>" in drawn


def test_a_minor_penalty_card_lane_has_its_kind_and_owner() -> None:
    # a single card below honour rank exposed inadvertently is a minor penalty card (50C)
    t = replay(load("notebooks/scenarios/02-straffekort-minor-penalty-card.toml"))
    (lane,) = lanes(t)
    assert (lane.kind, lane.seat, str(lane.law)) == ("minor", W, "50C")
    assert "lille strafkort" in lane.label("da") and "lite straffekort" in lane.label("nb")


def test_a_57a_restriction_lapses_with_the_trick() -> None:
    # East's ♥7 is played before his partner (45C1, 57A): declarer chooses that West must play his lowest
    # card of the suit led; that binds West in trick 2 only (57A1)
    t = replay(load("tests/scenarios/played_card/45c1-card-seen-before-partner-played.toml"))
    t.push(Choose(S, option="lowest"))
    while len(t.tricks) < 2:
        t.play(min(t.legal_cards(), key=lambda c: c.sort_key))
    play = [x for x in lanes(t) if x.kind == "play"]
    assert [(x.seat, str(x.law)[:3], x.start, x.end) for x in play] == [(W, "57A", 2, 2)]
    assert [(x.kind, x.start, x.end) for x in lanes(t) if x.kind == "decision"] == [("decision", 2, 2)]


def test_a_16c_restriction_lasts_for_the_rest_of_the_board() -> None:
    # 45C4b/47D: declarer's slip corrected; the withdrawn cards are unauthorized information for declarer (16C)
    t = replay(load("tests/scenarios/played_card/45c4b-slip-corrected-opponent-replays.toml"))
    ui = [x for x in lanes(t) if x.kind == "ui"]
    assert len(ui) == 1 and str(ui[0].law) == "16C" and ui[0].end is None
    assert ui[0].start == min(t.states[ui[0].start_event].trick_no, 13)


ALLOWED = {"svg", "title", "rect", "text", "tspan", "line", "circle", "polygon"}


def _parsed(drawing: str) -> ET.Element:
    return ET.fromstring(drawing)


@pytest.mark.parametrize("lang", LANGS)
def test_the_svg_has_no_id_no_style_element_no_script_no_class_and_is_named(lang: str) -> None:
    for t in (corrected_revoke_played_at_trick_5(),
              replay(load("tests/scenarios/revoke/61a-lead-restriction-broken-established-64a1.toml"))):
        drawing = svg(t, lang)
        root = _parsed(drawing)  # well-formed XML
        tags = {el.tag.split("}")[-1] for el in root.iter()}
        assert tags <= ALLOWED, tags - ALLOWED
        for el in root.iter():
            assert not {"id", "class"} & set(el.attrib), el.attrib
            assert not any(a.startswith("on") or "href" in a for a in el.attrib), el.attrib
        assert "<style" not in drawing and "<script" not in drawing and "url(" not in drawing
        assert root.get("role") == "img" and root.get("aria-label")
        assert root.find("{http://www.w3.org/2000/svg}title").text == root.get("aria-label")
        whole = figure(t, lang) + text_html(t, lang)
        assert " id=" not in whole and " class=" not in whole and "<style" not in whole


def test_the_decision_point_is_marked_in_its_trick_column() -> None:
    t = replay(load("notebooks/scenarios/01-stort-strafkort-ex2-require-clubs.toml"))
    root = _parsed(svg(t, "en"))
    ns = "{http://www.w3.org/2000/svg}"
    cols = [r for r in root.iter(ns + "rect") if r.get("y") == "0"]
    assert len(cols) == 13
    # the decision arises as trick 2 ends (East is on lead to trick 3): the diamond at the start of column 3
    marks = [p for p in root.iter(ns + "polygon") if len(p.get("points").split()) == 4
             and float(p.get("points").split()[0].split(",")[1]) < 30]
    assert len(marks) == 1
    x = float(marks[0].get("points").split()[0].split(",")[0])
    left = float(cols[2].get("x"))
    assert left <= x < left + float(cols[2].get("width"))


def test_the_picture_speaks_the_language_of_the_table() -> None:
    t = corrected_revoke_played_at_trick_5()
    assert "ophører i stik 5: Vest spillede ♦3" in svg(t, "da").replace('<tspan fill="#c8102e">♦</tspan>', "♦")
    assert "opphører i stikk 5" in svg(t, "nb") and "lapses in trick 5" in svg(t, "en")
    assert "Opstår" in text_html(t, "da") and "opstår i stik 3" in text_html(t, "da")


# a revoke made on the card table (the click mode "Revoke" pushes play … revoke = true), 06's deal: 3♦ by South

def revoke_in_trick_3(card: str) -> Table:
    """06's deal after tricks 1 and 2 and dummy's ♣A, East's ♣5 and South's ♣2 in trick 3: West, who holds
    ♣J, plays ``card`` of another suit (61A)."""
    t = Table(EX1, Contract.parse("3D", "S"))
    for seat, c in TRICKS_1_TO_3:
        t.push(Play(seat, C(c)))
    t.push(Play(W, C(card), revoke=True))
    return t


def test_a_revoke_is_a_lane_from_its_trick_established_when_the_offender_leads_to_the_next_trick() -> None:
    # West ruffs the ♣A with ♦2 (trumps): his ruff wins trick 3 (61A: the revoke stands as played); not yet
    # established, it may still be corrected (62A). West leads to trick 4: established there (63A1)
    t = revoke_in_trick_3("D2")
    (lane,) = lanes(t)
    assert (lane.kind, lane.seat, lane.start, lane.established, lane.end) == ("revoke", W, 3, None, None)
    assert "♦2" in lane.label("en") and "trick 3" in lane.label("en")
    assert "not established yet" in lane.label("en") and lane.label("en").endswith("(Law 62A)")
    assert "established in trick" not in svg(t, "en") and "still in force" in svg(t, "en")
    t.push(Play(W, C("D3")))
    (lane,) = lanes(t)
    assert (lane.start, lane.established, str(lane.established_law), lane.end) == (3, 4, "63A1", None)
    # once established it may no longer be corrected (63A): the label says so, and no longer cites 62A
    assert "♦2" in lane.label("en") and "not established" not in lane.label("en")
    assert "is established" in lane.label("en") and lane.label("en").endswith("(Law 63A1)")
    assert "(Law 62A)" not in svg(t, "en")
    drawn = svg(t, "da")
    assert "etableret i stik 4 (§ 63A1)" in drawn and "gælder stadig" in drawn


def test_a_revoke_is_not_established_by_the_other_side_playing_on_only_by_the_offenders_side() -> None:
    # West discards ♥8 on the ♣A: dummy's ace wins trick 3, and dummy leads to trick 4. A card of the
    # non-offending side does not establish the revoke; East's card does: the offender's partner plays to
    # the following trick (63A1)
    t = revoke_in_trick_3("H8")
    t.push(Play(N, C("HA")))
    (lane,) = lanes(t)
    assert (lane.start, lane.established) == (3, None)
    t.push(Play(E, C("H6")))
    (lane,) = lanes(t)
    assert (lane.start, lane.established, str(lane.established_law)) == (3, 4, "63A1")
    assert "established in trick 4 (Law 63A1)" in svg(t, "en")


# ----------------------------------------------------------------------------------------------------------
# the auction (issue 36): lanes born in the auction start there, in a column of their own before trick 1
# ----------------------------------------------------------------------------------------------------------

from bridgelaws.auction.calls import Call  # noqa: E402
from bridgelaws.events import CallEvent, RejectCall  # noqa: E402
from bridgelaws.timeline import now_x, table_html  # noqa: E402

AUCTION = "tests/scenarios/auction/"


def auction_lanes(name: str) -> dict[str, list]:
    by_kind: dict[str, list] = {}
    for lane in lanes(replay(load(AUCTION + name))):
        by_kind.setdefault(lane.kind, []).append(lane)
    return by_kind


def test_a_27B2_obligation_to_pass_arises_at_the_replacement_and_lapses_when_the_auction_ends() -> None:
    # N 1♠, E pass, S 2♠, W 1♥ (insufficient), not accepted, W 3♥: 27B2 (3♥ is neither the lowest sufficient bid
    # in hearts nor found comparable): East must pass whenever it is his turn to call, i.e. for the rest of the
    # auction. It arises with the replacement, West's 3♥, the auction's fifth call (the 1♥ counts as made)
    (lane,) = auction_lanes("27B2-insufficient-bid-pass-partner.toml")["pass"]
    assert (lane.seat, str(lane.law), lane.start, lane.end) == (E, "27B2", 0, 0)
    assert lane.start_where == ("call", W, Call.parse("3H"), 5) and lane.end_where == ("end",)
    assert -1 < lane.start_at < lane.end_at == 0          # in the auction; lapses where trick 1 begins
    assert lane.arising("en") == "arises in the auction at West's 3♥ (call 5)"
    assert lane.ending("en") == "lapses when the auction ends"
    assert lane.arising("da") == "opstår i meldeforløbet ved Vests 3♥ (melding 5)"
    assert lane.ending("da") == "ophører, når meldeforløbet er slut"
    assert lane.arising("nb") == "oppstår i meldingsforløpet ved Vests 3♥ (melding 5)"
    assert lane.ending("nb") == "opphører når meldingsforløpet er avsluttet"


def test_a_26B_prohibition_waits_from_the_withdrawn_call_and_binds_until_the_partner_loses_the_lead() -> None:
    # 26B (corrected 20 June 2017): West's 1♥ was withdrawn and West became a defender; at East's first turn to
    # lead (the opening lead) North prohibits clubs, for as long as East retains the lead: East leads ♥5, West
    # wins with ♥A, so East loses the lead in trick 1
    (lane,) = auction_lanes("27B2-insufficient-bid-pass-partner.toml")["lead"]
    assert (lane.seat, str(lane.law), lane.start, lane.binds, lane.end) == (E, "26B", 0, 1, 1)
    assert lane.start_where == ("call", W, Call.parse("1H"), 4) and lane.waits
    assert lane.start_at < 0 == lane.binds_at < lane.end_at
    assert lane.label("en") == "East may not lead ♣ as long as he keeps the lead (Law 26B)"
    assert lane.ending("en") == "lapses in trick 1: East lost the lead"
    assert lane.binding("en") == "in force from trick 1 (Law 26B)"


def test_a_26B_prohibition_at_a_later_turn_to_lead_binds_there() -> None:
    # 31A2(b): East's 1♥ out of rotation was cancelled and his later call not comparable; West's first turn to
    # lead comes at trick 2 (he won trick 1 with ♥A): North prohibits hearts there, and West loses the lead in
    # trick 2 (South wins with ♦J)
    by_kind = auction_lanes("31A2b-not-comparable-26B-later-lead.toml")
    (lane,) = by_kind["lead"]
    assert (lane.seat, lane.start, lane.binds, lane.end) == (W, 0, 2, 2)
    assert lane.start_where == ("call", E, Call.parse("1H"), 1)
    assert lane.offered_at == lane.binds_at == 1.0           # declarer's choice (a decision point) at trick 2's lead
    diamonds = [el for el in _parsed(svg(replay(load(AUCTION + "31A2b-not-comparable-26B-later-lead.toml")), "en"))
                .iter() if el.tag.endswith("polygon") and el.get("fill") == "#2e7d32"]
    assert diamonds, "the 26B choice is marked on the axis as a decision point"
    (must,) = by_kind["pass"]   # 31A2(b): the offender's partner passes when next it is his turn, then it lapses
    assert (must.seat, must.end) == (W, 0) and must.end_where == ("call", W, Call.parse("P"), 5)


def test_declarer_prohibiting_nothing_ends_the_26B_lane_at_the_opening_lead() -> None:
    t = replay(load("notebooks/scenarios/07-udspil-utilstraekkeligt-pas-intet-forbud.toml"))
    (lane,) = [x for x in lanes(t) if x.kind == "lead"]
    assert lane.waits and lane.binds is None and (lane.start, lane.end) == (0, 1)
    assert lane.ending("en") == "lapses in trick 1: Declarer prohibits no suit: the withdrawn call leaves no restriction on East's lead"


def test_a_30A_obligation_for_the_next_turn_only_lapses_at_that_turn() -> None:
    # dealer North: East passes out of rotation at his right-hand opponent's turn; South does not accept (29B):
    # 30A, East must pass when next it is his turn to call: his pass, call 3, and no more
    (lane,) = auction_lanes("30A-pass-out-of-rotation-rho.toml")["pass"]
    assert (lane.seat, str(lane.law), lane.start, lane.end) == (E, "30A", 0, 0)
    assert lane.start_where == ("event", RejectCall(S))
    assert lane.end_where == ("call", E, Call.parse("P"), 3)
    assert lane.end_at < 0                                   # in the auction, not when it ends
    assert lane.ending("en") == "lapses in the auction at East's pass (call 3): East has passed"


def test_a_card_exposed_in_the_auction_is_a_penalty_card_from_its_exposure_in_force_when_the_auction_ends() -> None:
    # 24B: East drops ♣A during the auction: West must pass when next it is his turn; 24E: East becomes a
    # defender, so the card becomes a penalty card (major, 50B) when the auction ends
    by_kind = auction_lanes("24B-honour-exposed-defender.toml")
    (card,) = by_kind["major"]
    assert (card.seat, card.start, card.binds, str(card.binds_law), card.end) == (E, 0, 0, "24E", None)
    assert card.start_where[0] == "event" and card.start_where[1].card == C("CA")
    assert card.start_at < card.binds_at == 0
    assert card.binding("en") == "in force when the auction ends (Law 24E)"
    (must,) = by_kind["pass"]
    assert (must.seat, str(must.law), must.start_event) == (W, "24B", 2)
    (minor,) = auction_lanes("24A-low-card-exposed-minor.toml")["minor"]   # 24A: a low card, a minor one
    assert (minor.seat, minor.start, minor.binds) == (E, 0, 0)


def _columns(drawing: str) -> tuple[list[str], float]:
    root = _parsed(drawing)
    texts = ["".join(el.itertext()) for el in root.iter() if el.tag.endswith("text")]
    trick1 = next(float(el.get("x", "")) for el in root.iter() if el.get("data-trick") == "1")
    return texts, trick1


@pytest.mark.parametrize(("lang", "word"), [("en", "Auction"), ("da", "Meldeforløb"), ("nb", "Meldingsforløp")])
def test_the_drawing_has_an_auction_column_before_trick_1(lang: str, word: str) -> None:
    t = replay(load(AUCTION + "27B2-insufficient-bid-pass-partner.toml"))
    texts, trick1 = _columns(svg(t, lang))
    assert word in texts and trick1 > 12                     # trick 1 begins after the auction's column
    must = next(x for x in lanes(t) if x.kind == "pass")
    bars = [el for el in _parsed(svg(t, lang)).iter() if el.tag.endswith("line") and el.get("stroke-width") == "6"]
    assert float(bars[0].get("x1", "")) < trick1 and float(bars[0].get("x2", "")) == trick1   # ends as trick 1 begins
    assert must.start_at < 0


def test_a_board_without_an_auction_has_no_auction_column() -> None:
    # negative control: the same drawing for a table that starts at the opening lead
    texts, trick1 = _columns(svg(table_with_dropped_ace(), "en"))
    assert "Auction" not in texts and trick1 == 12
    assert all(x.start_where is None and x.start > 0 for x in lanes(table_with_dropped_ace()))


def test_the_table_forms_say_the_auction() -> None:
    t = replay(load(AUCTION + "27B2-insufficient-bid-pass-partner.toml"))
    df = timeline(t, "en")
    assert df.loc[6, "Trick"] == "Auction" and df.loc[6, "What happened"] == "West calls 3♥"
    assert df.loc[6, "East"].startswith("+ East must pass whenever it is his turn to call for the rest of the auction")
    assert df.loc[10, "East"].endswith("since the auction, event 6; ended: the auction has ended")
    assert df.loc[15, "Trick"] == 1                             # the play keeps its tricks
    plain = table_html(t, "da")
    assert "<td>Meldeforløb</td>" in plain and "siden meldeforløbet, hændelse 6" in plain
    text = re.sub(r"<[^>]+>", "", text_html(t, "nb"))
    assert "oppstår i meldingsforløpet ved Vests 1♥ (melding 4)" in text and "gjelder fra stikk 1 (§ 26B)" in text


def test_in_seminar_mode_the_auction_lane_is_held_back_with_the_ruling() -> None:
    # the ruling on West's 3♥ (27B2: East must pass for the rest of the auction) is the question until revealed
    pytest.importorskip("anywidget")
    from bridgelaws.widgets import CardTable

    w = CardTable.from_scenarios([AUCTION + "27B2-insufficient-bid-pass-partner.toml"], lang="en", mode="seminar")
    label = "East must pass whenever it is his turn to call"
    while not (w.session.history and isinstance(w.session.history[-1], CallEvent)
               and w.session.history[-1].call == "3H"):
        w.next_stop()
    assert w.session.held_back and label not in w.parts["timeline"]
    w.reveal()
    assert label in w.parts["timeline"] and "Auction" in w.parts["timeline"]


def test_a_card_led_during_the_auction_is_told_as_led_during_the_auction_not_out_of_turn() -> None:
    # 24B: a card prematurely led during the auction: there is no turn to lead yet; it is a major penalty card
    # from the end of the auction (24E, 50B: exposed through deliberate play)
    card = auction_lanes("24B-card-led-during-auction.toml")["major"][0]
    assert card.arising("en") == "arises in the auction: West leads ♥7 during the auction"
    assert card.arising("da") == "opstår i meldeforløbet: Vest spiller ♥7 ud under meldeforløbet"
    assert card.arising("nb") == "oppstår i meldingsforløpet: Vest spiller ut ♥7 under meldingsforløpet"


def test_the_auction_column_appears_with_the_first_irregularity_and_the_position_reached_lies_in_it() -> None:
    # N 1♠, E pass, S 2♠ is a legal auction so far: no column; W 1♥ does not outrank 2♠ (18D): an irregular call
    # waiting for North (27A1), and the column is there, with the line of the position reached inside it
    full = replay(load(AUCTION + "27B2-insufficient-bid-pass-partner.toml"))
    legal, irregular = full.copy(history=3), full.copy(history=4)
    assert "Auction" not in _columns(svg(legal, "en"))[0]
    texts, trick1 = _columns(svg(irregular, "en"))
    assert "Auction" in texts and 12 < float(now_x(irregular)) < trick1
