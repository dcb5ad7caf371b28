"""The auction period (issue 36; SCENARIO_FORMAT.md, "The auction period"): bad input is refused with the event
number and changes nothing; the rulings that need no scenario file; the Laws' texts the engine follows."""

from __future__ import annotations

import pytest

from bridgelaws import scenario as sc
from bridgelaws.auction import engine as A
from bridgelaws.auction.calls import Call, CallError
from bridgelaws.cards import Card, Seat, Suit
from bridgelaws.deal import Contract, Deal
from bridgelaws.errors import BridgeLawsError, ScenarioError
from bridgelaws.laws import LawRef
from bridgelaws.events import AcceptCall, CallEvent, Choose, Play
from bridgelaws.table import Table

DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def toml(history: str, extra: str = "") -> str:
    return f'id = "t"\ndealer = "N"\ndeal = "{DEAL}"\n{extra}\nhistory = [\n{history}\n]\n'


def call(seat: str, c: str, finding: str | None = None) -> str:
    f = f', finding = "{finding}"' if finding else ""
    return f'  {{ seat = "{seat}", action = "call", call = "{c}"{f} }},'


FOUR_S = "\n".join([call("N", "1S"), call("E", "P"), call("S", "4S"), call("W", "P"), call("N", "P"), call("E", "P")])


def test_a_plain_auction_gives_contract_and_declarer() -> None:
    s = sc.loads(toml(FOUR_S))
    assert str(s.contract) == "4S" and s.declarer is N   # North named spades first (17D, the Definitions)
    assert sc.check(s).status == "PASS"


def test_a_call_that_does_not_exist_names_the_event() -> None:
    with pytest.raises(ScenarioError, match=r"event 2 \(E call 8C\).*not a call"):
        sc.loads(toml(call("N", "1S") + "\n" + call("E", "8C")))


def test_a_finding_where_none_is_asked_names_the_event() -> None:
    with pytest.raises(ScenarioError, match=r"event 2 \(E call 2H finding=comparable\).*no finding is asked"):
        sc.loads(toml(call("N", "1S") + "\n" + call("E", "2H", "comparable")))


def test_reject_call_after_a_legal_call_names_the_event() -> None:
    with pytest.raises(ScenarioError, match=r"event 2 \(S reject_call\).*legal"):
        sc.loads(toml(call("N", "1S") + '\n  { seat = "S", action = "reject_call" },'))


def test_an_auction_that_never_ends_is_an_error() -> None:
    with pytest.raises(ScenarioError, match=r"never ends"):
        sc.loads(toml(call("N", "1S") + "\n" + call("E", "P")))
    # a card before the auction has ended names the event
    with pytest.raises(ScenarioError, match=r"event 3 \(E play H5\).*has not ended"):
        sc.loads(toml(call("N", "1S") + "\n" + call("E", "P") + '\n  { seat = "E", action = "play", card = "H5" },'))


def test_a_file_that_stops_in_the_auction_gives_its_contract() -> None:
    s = sc.loads(toml(call("N", "1S") + "\n" + call("E", "P"), 'contract = "4S"\ndeclarer = "N"'))
    assert str(s.contract) == "4S"


def test_a_contract_the_auction_does_not_give_is_an_error() -> None:
    with pytest.raises(ScenarioError, match=r"contract: the auction gives 4S by N, not '3NT'"):
        sc.loads(toml(FOUR_S, 'contract = "3NT"'))
    with pytest.raises(ScenarioError, match=r"declarer: the auction gives 4S by N, not declarer S"):
        sc.loads(toml(FOUR_S, 'declarer = "S"'))


def test_calls_need_a_dealer() -> None:
    text = f'id = "t"\ncontract = "4S"\ndeclarer = "N"\ndeal = "{DEAL}"\nhistory = [\n{call("N", "1S")}\n]\n'
    with pytest.raises(ScenarioError, match=r"event 1 \(N call 1S\).*dealer"):
        sc.loads(text)


def test_a_refused_event_changes_nothing() -> None:
    t = Table(Deal.from_pbn(DEAL), Contract.parse("4S", N), dealer=N)
    t.push(CallEvent(N, call="1S"))
    before = t.state
    with pytest.raises(BridgeLawsError):
        t.push(Play(E, Deal.from_pbn(DEAL).hand(E).cards and next(iter(Deal.from_pbn(DEAL).hand(E).cards))))
    with pytest.raises(BridgeLawsError, match="no irregular call to accept"):
        t.push(AcceptCall(E))
    assert t.state == before and len(t.history) == 1


def test_a_call_out_of_rotation_waits_for_its_lho() -> None:
    st = A.call(A.start(N), E, Call.parse("1H"))
    assert st.irregular is not None and st.irregular.kind == "out_of_rotation" and st.irregular.relation == "rho"
    with pytest.raises(A.AuctionError, match="waits for South"):
        A.call(st, W, Call.parse("P"))


def test_31A1_the_offender_must_repeat_his_call_after_rho_passes() -> None:
    st = A.reject(A.call(A.start(N), E, Call.parse("1H")), S)
    st = A.call(st, N, Call.parse("P"))
    with pytest.raises(A.AuctionError, match=r"must repeat 1H \(31A1\)"):
        A.call(st, E, Call.parse("1S"))
    assert A.call(st, E, Call.parse("1H")).obligations == ()


def test_without_a_finding_27B2_applies_and_with_one_27B1a() -> None:
    # negative control of the 27B1(a) file: the same replacement without the Director's finding is 27B2
    base = A.reject(A.call(A.call(A.start(N), N, Call.parse("1S")), E, Call.parse("1H")), S)
    plain = A.call(base, E, Call.parse("2H"))
    assert A.must_pass(plain) == {"W": "rest_of_auction"}
    assert plain.withdrawn[-1].lead_restriction
    found = A.call(base, E, Call.parse("2H"), "same_denominations")
    assert A.must_pass(found) == {} and not found.withdrawn[-1].lead_restriction
    with pytest.raises(A.AuctionError, match="lowest sufficient bid"):
        A.call(base, E, Call.parse("3H"), "same_denominations")


def test_26B_lets_declarer_prohibit_only_a_suit_the_offender_did_not_specify() -> None:
    # WBF correction of 20 June 2017: no requirement; only a suit not specified by the offender
    st = A.reject(A.call(A.call(A.call(A.call(A.start(N), N, Call.parse("1S")), E, Call.parse("P")),
                                S, Call.parse("2S")), W, Call.parse("1H")), N)
    st = A.call(st, W, Call.parse("3H"))
    for seat, c in ((N, "4S"), (E, "P"), (S, "P"), (W, "P")):
        st = A.call(st, seat, Call.parse(c))
    assert A.lead_restriction(st, N) == (E, W, (Suit.SPADES, Suit.DIAMONDS, Suit.CLUBS))
    s = sc.load("tests/scenarios/auction/27B2-insufficient-bid-pass-partner.toml")
    t = sc.replay(s, upto=10)
    for option, suit, match in (("require", Suit.CLUBS, "only prohibit"), ("forbid", Suit.HEARTS, "specified hearts")):
        before = t.state
        with pytest.raises(BridgeLawsError, match=match):
            t.push(Choose(N, option=option, suit=suit))
        assert t.state == before


def test_an_inadmissible_double_cannot_be_accepted() -> None:
    st = A.call(A.call(A.call(A.start(N), N, Call.parse("1S")), E, Call.parse("P")), S, Call.parse("X"))
    with pytest.raises(A.AuctionError, match=r"cannot be accepted \(Law 36\)"):
        A.accept(st, W)


def test_calls_read_and_print() -> None:
    assert [str(Call.parse(x)) for x in ("1c", "3N", "7NT", "P", "X", "XX")] == ["1C", "3NT", "7NT", "P", "X", "XX"]
    with pytest.raises(CallError):
        Call.parse("0S")
    assert Call.parse("1NT").rank > Call.parse("1S").rank > Call.parse("1C").rank
    assert Call.parse("2C").rank > Call.parse("1NT").rank


def test_an_auction_scenario_round_trips() -> None:
    s = sc.load("tests/scenarios/auction/50D1b-26B-meets-penalty-card.toml")
    assert sc.loads(sc.dumps(s)) == s
    assert sc.loads(sc.dumps(s, "json"), "json") == s


def test_worth_answers_at_a_26B_choice(capsys: pytest.CaptureFixture[str]) -> None:
    # the 26B choice is a decision like 50D2's: `python -m bridgelaws worth FILE --after N` lists each prohibition
    pytest.importorskip("endplay")
    from bridgelaws.__main__ import main

    assert main(["worth", "tests/data/worth/auction-26B-worth.toml", "--after", "8"]) == 0
    out = capsys.readouterr().out
    assert "Forbid ♣" in out and "No restriction" in out and "Require" not in out


def test_the_26B_options_are_the_decision_events() -> None:
    from bridgelaws.decision_options import decision_events

    t = sc.replay(sc.load("tests/data/worth/auction-26B-worth.toml"))
    events = decision_events(t.state)
    assert [(e.option, e.suit) for e in events] == [("forbid", s) for s in Suit] + [("none", None)]
    for e in events:   # the engine accepts each of them
        t.copy().push(e)


def test_at_the_26B_choice_the_director_says_the_lead_waits_and_nothing_twice() -> None:
    # Law 26B: declarer may prohibit the lead at the offender's partner's first turn to lead, so that lead waits
    # for his choice. As at 50D2 (dir.wait_for_declarer_lead), the Director says the lead waits and what declarer
    # may choose, once: the options, not the offer as it stood before the lead came
    t = sc.replay(sc.load("tests/data/worth/auction-26B-worth.toml"))
    said = [st for st in t.statements() if st.law is not None and st.law.code.startswith("26")]
    assert [st.message.key for st in said] == ["auction.dir.26B_options"]
    leader = t.to_act()
    assert said[0].message.params["seat"] is leader and said[0].message.params["suits"] == tuple(Suit)
    assert said[0].message.text("en").startswith(f"{leader.name.title()} may not lead until declarer has chosen")
    # once declarer has chosen, the restriction is said with its lapse instead
    t.push(Choose(t.state.pending.by, option="forbid", suit=Suit.CLUBS))
    keys = [st.message.key for st in t.statements()]
    assert "auction.dir.26B_options" not in keys and "dir.may_not_lead_suits" in keys


def test_an_auction_exports_to_pbn_and_lin_and_reads_back() -> None:
    from bridgelaws.pbn import read_pbn
    from bridgelaws.pbn.write_lin import to_lin
    from bridgelaws.pbn.write_pbn import to_pbn

    s = sc.load("tests/scenarios/auction/27B2-insufficient-bid-pass-partner.toml")
    pbn = to_pbn(s)
    # the legal auction: West's insufficient 1H was withdrawn and replaced by 3H (27B2)
    assert '[Auction "N"]\n1S Pass 2S 3H\n4S Pass Pass Pass\n' in pbn and '[Dealer "N"]' in pbn
    assert read_pbn(pbn)[0].scenario() == s   # our own export gives the scenario back, irregular calls included
    lin = to_lin(s)
    assert "|md|3" in lin and "|mb|1S|mb|p|mb|2S|mb|3H|mb|4S|mb|p|mb|p|mb|p|" in lin
    # another program's file: the [Auction] section becomes call events before the play
    foreign = pbn.split("[BridgelawsScenarioTable")[0]
    got = read_pbn(foreign)[0].scenario()
    assert [e.call for e in got.history if isinstance(e, CallEvent)] == ["1S", "P", "2S", "3H", "4S", "P", "P", "P"]
    assert got.dealer is N and sc.check(got).status == "PASS"


def test_an_accepted_call_out_of_rotation_exports_from_its_first_caller() -> None:
    from bridgelaws.pbn.write_pbn import to_pbn

    # 29A: East's 1C at North's turn was accepted; North lost that turn, so the auction starts with East
    pbn = to_pbn(sc.load("tests/scenarios/auction/29A-call-out-of-rotation-accepted.toml"))
    assert '[Auction "E"]\n1C 1S Pass 4S\nPass Pass Pass\n' in pbn


def test_the_bidding_diagram_marks_the_irregular_calls_and_who_must_pass() -> None:
    from bridgelaws.render import html
    from bridgelaws.view import position

    s = sc.load("tests/scenarios/auction/27B3-double-instead-of-insufficient-bid.toml")
    t = sc.replay(s, 5)   # 1S, 1H (insufficient, not accepted), X (cancelled, 27B3), 2H
    page = html.table(t, lang="en")
    assert 'class="bl-auction"' in page and "Auction" in page
    assert 'data-call="E 1H"' in page and "Law 27B<" in page and "Law 27B3<" in page
    assert "West must pass whenever it is his turn to call for the rest of the auction (Law 27B3)" in page
    assert "To call" in page and "Contract" not in page   # the auction has not given the contract yet
    held = position(t, "en", hold_back=True)
    assert held.extra["auction"]["held_back"] is True   # the laws and obligations stay hidden in seminar mode
    # once the opening lead is faced, the trick takes the middle again
    assert "bl-auction" not in html.table(sc.replay(s, 12), lang="en")


def test_a_table_made_with_a_dealer_only_takes_its_contract_from_the_auction() -> None:
    # the card table's case: calls made one by one, the contract not known in advance (17D, the Definitions)
    t = Table(Deal.from_pbn(DEAL), None, dealer=W)
    assert t.contract is None and t.legal_cards() == frozenset()
    for seat, c in ((W, "1H"), (N, "1S"), (E, "P"), (S, "2S"), (W, "3H"), (N, "P"), (E, "P"), (S, "P")):
        t.push(CallEvent(seat, call=c))
    assert str(t.contract) == "3H" and t.declarer is W and t.to_act() is N   # West named hearts first
    assert t.replay_matches()
    with pytest.raises(TypeError):
        Table(Deal.from_pbn(DEAL), None)


def test_calls_by_click_on_the_card_table() -> None:
    # a teacher makes the calls on the table: an insufficient bid not accepted, replaced by 2H (27B2, no finding),
    # then a call out of rotation by a chosen seat, accepted by its left-hand opponent's call (29A)
    pytest.importorskip("anywidget")
    from bridgelaws.widgets import CardTable

    w = CardTable(Table(Deal.from_pbn(DEAL), None, dealer=N), lang="en")
    for msg in ({"action": "call", "arg": "1S"}, {"action": "call", "arg": "1H"}):
        w.send_action(msg)
    assert 'data-action="accept_call"' in w.html and 'data-action="call"' in w.html
    for msg in ({"action": "reject_call"}, {"action": "call", "arg": "2H"}):
        w.send_action(msg)
    assert A.must_pass(w.table.state.auction) == {"W": "rest_of_auction"}
    # North calls out of rotation at South's turn (his partner's): East, his left-hand opponent, may accept it
    for msg in ({"action": "call_seat", "arg": "N"}, {"action": "call", "arg": "4S"}):
        w.send_action(msg)
    irr = w.table.state.auction.irregular
    assert irr is not None and irr.kind == "out_of_rotation" and irr.seat is N
    for msg in ({"action": "accept_call"}, {"action": "call", "arg": "P"}, {"action": "call", "arg": "P"},
                {"action": "call", "arg": "P"}):
        w.send_action(msg)
    assert w.table.state.phase == "clarification" and str(w.table.contract) == "4S" and w.table.declarer is N
    # accepted, the auction goes on from North (29A): East, South and West pass
    assert [str(e) for e in w.table.history][-5:] == ["N call 4S", "E accept_call", "E call P", "S call P", "W call P"]


def test_a_lead_out_of_turn_before_the_26B_choice_goes_to_law_54_first() -> None:
    # West (the offender) faces the opening lead out of turn while East's 26B choice waits: Law 54 first; after the
    # lead is refused (54D) East is on lead for the first time: declarer's 26B choice, then 50D2 for West's ♥A
    from bridgelaws.events import Expose, RejectLead

    t = sc.replay(sc.load("tests/scenarios/auction/27B2-insufficient-bid-pass-partner.toml"), 10)
    t.push(Expose(W, card=Card.parse("HA"), how="lead_out_of_turn"))
    assert "accept_and_play" in t.declarer_options()
    t.push(RejectLead(N))
    assert t.declarer_options() == {"forbid", "none"} and t.to_act() is E
    t.push(Choose(N, option="forbid", suit=Suit.CLUBS))
    assert t.declarer_options() == {"require", "forbid", "none"}   # 50D2: West's major penalty card ♥A


def test_36A_both_cancelled_calls_are_unauthorized_for_the_offending_side_only() -> None:
    # Law 36A cancels the inadmissible double and the left-hand opponent's call over it. 16C1: for the
    # non-offending side all information from a withdrawn action is authorized, "whether the action be its own or
    # its opponents'"; 16C2: for the offending side, information "from its own withdrawn action and from withdrawn
    # actions of the non-offending side is unauthorized". So West's double and North's 2H: NS authorized, EW not.
    st = A.start(N)
    for seat, c in ((N, "1H"), (E, "1S"), (S, "P"), (W, "X"), (N, "2H")):
        st = A.call(st, seat, Call.parse(c))
    assert [(w.seat, w.call) for w in st.withdrawn] == [(W, Call.parse("X")), (N, Call.parse("2H"))]
    for w in st.withdrawn:
        assert A.withdrawn_sides(w) == {"NS": "authorized", "EW": "unauthorized"}
        assert not w.lead_restriction   # 36A: Law 26 does not apply
    said = [s for s in A.statements(st) if s.message.key == "auction.dir.16C_cancelled"]
    assert [s.message.params["seat"] for s in said] == [W, N]
    assert all(s.message.params["unauthorized"] == (E, W) for s in said)
    # negative control: 36B (the double not called over, but cancelled by the Director) withdraws only West's call
    st2 = A.start(N)
    for seat, c in ((N, "1H"), (E, "1S"), (S, "P"), (W, "X")):
        st2 = A.call(st2, seat, Call.parse(c))
    st2 = A.reject(st2, N)
    assert [w.seat for w in st2.withdrawn] == [W]


def test_a_teacher_clicks_an_auction_of_his_own_and_the_table_follows_it() -> None:
    # the file names 4S by North; the teacher leaves its script at the first call. East opens 1H out of rotation
    # at North's turn; South, his left-hand opponent, calls over it and so accepts it (29A); the auction goes on
    # from South; West raises to 2H and three passes follow (22A1). East named hearts first for East-West: East
    # is declarer of 2H (the Definitions, "declarer"), and South, on his left, leads (41A).
    pytest.importorskip("anywidget")
    from bridgelaws.widgets import CardTable

    w = CardTable.from_scenario("tests/scenarios/auction/27B2-insufficient-bid-pass-partner.toml", lang="en",
                                start="start")
    assert len(w.table.history) == 0 and w.table.state.phase == "auction"
    assert "bl-badge-declarer" not in w.html and "bl-badge-dummy" not in w.html   # nobody is declarer yet
    for msg in ({"action": "call_seat", "arg": "E"}, {"action": "call", "arg": "1H"},
                {"action": "call_seat", "arg": "S"}, {"action": "call", "arg": "P"}):
        w.send_action(msg)
    assert w.table.state.auction.irregular is None and w.table.state.phase == "auction"
    assert "bl-badge-declarer" not in w.html
    for c in ("2H", "P", "P", "P"):
        w.send_action({"action": "call", "arg": c})
    t = w.table
    assert [str(e) for e in t.history] == ["E call 1H", "S call P", "W call 2H", "N call P", "E call P", "S call P"]
    assert t.state.phase == "clarification" and str(t.contract) == "2H" and t.declarer is E and t.to_act() is S
    assert t.contract.declarer is E and t.dummy is W
    page = w.html
    assert page.count("bl-badge-declarer") == 1 and page.count("bl-badge-dummy") == 1
    assert "bl-seat-east bl-declarer" in page and "bl-seat-west bl-dummy" in page   # the badges are theirs
    assert "bl-seat-north bl-declarer" not in page and "bl-seat-south bl-dummy" not in page
    assert t.legal_cards() and all(c in t.deal.hand(S).cards for c in t.legal_cards())   # South's opening lead
    # the file's own history is still checked against its contract (the scenario format)
    with pytest.raises(ScenarioError, match=r"contract: the auction gives 2H by E, not '4S'"):
        sc.loads(toml("\n".join([call("E", "1H"), call("S", "P"), call("W", "2H"), call("N", "P"), call("E", "P"),
                                 call("S", "P")]), 'contract = "4S"\ndeclarer = "N"'))


PASS_OUT = "\n".join([call("N", "P"), call("E", "P"), call("S", "P"), call("W", "P")])


def test_a_passed_out_auction_is_a_valid_file_and_any_card_after_it_names_the_event() -> None:
    # Law 22B (2017): "all four players pass ... The hands are returned to the board without play."
    s = sc.loads(toml(PASS_OUT))
    assert s.contract is None and s.declarer is None
    assert sc.check(s).status == "PASS"
    # the file with its checkpoints (contract = "passed_out", no legal card, the Director cites 22B only); its
    # export to PBN and LIN is tested below
    assert sc.check(sc.load("tests/data/auction/22B-passed-out.toml")).status == "PASS"
    assert sc.loads(sc.dumps(s)) == s   # written without a contract, read back the same
    assert sc.loads(toml(PASS_OUT, 'contract = "passed_out"')).contract is None
    # negative controls: three passes do not end the auction; a bid and three passes are not a pass-out
    with pytest.raises(ScenarioError, match="never ends"):
        sc.loads(toml("\n".join([call("N", "P"), call("E", "P"), call("S", "P")])))
    with pytest.raises(ScenarioError, match=r"contract: the auction was not passed out"):
        sc.loads(toml(FOUR_S, 'contract = "passed_out"'))
    with pytest.raises(ScenarioError, match=r"event 5 \(N play SA\): the auction was passed out with event 4"):
        sc.loads(toml(PASS_OUT + '\n  { seat = "N", action = "play", card = "SA" },'))
    with pytest.raises(ScenarioError, match=r"event 5 \(N call 1S\): the auction was passed out"):
        sc.loads(toml(PASS_OUT + "\n" + call("N", "1S")))
    with pytest.raises(ScenarioError, match=r"contract: the auction was passed out \(22B\), not '4S'"):
        sc.loads(toml(PASS_OUT, 'contract = "4S"\ndeclarer = "N"'))


def test_a_passed_out_board_on_the_table_has_no_play() -> None:
    t = Table(Deal.from_pbn(DEAL), Contract.parse("4S", N), dealer=N)   # made with a contract: 22B still rules
    for seat in (N, E, S, W):
        t.push(CallEvent(seat, call="P"))
    assert t.contract is None and t.legal_cards() == frozenset() and t.to_act() is None and t.state.phase == "over"
    assert [st.law for st in t.statements()] == [LawRef.parse("22B")]
    before = t.state
    with pytest.raises(BridgeLawsError, match=r"passed out: there is no play \(22B\)") as exc:
        t.push(Play(E, Card.parse("H5")))
    assert exc.value.key == "auction.error.passed_out" and t.state == before and len(t.history) == 4


def test_a_passed_out_board_clicked_on_the_card_table_offers_no_card() -> None:
    pytest.importorskip("anywidget")
    from bridgelaws.widgets import CardTable

    w = CardTable(Table(Deal.from_pbn(DEAL), None, dealer=W), lang="en")
    for _ in range(4):
        w.send_action({"action": "call", "arg": "P"})
    page = w.html
    assert w.table.contract is None and w.table.state.phase == "over"
    assert "passed out and there is no play" in page and "Law 22B" in page
    assert 'data-action="call"' not in page and "bl-badge-declarer" not in page and "bl-badge-turn" not in page
    assert 'data-legal="1"' not in page and not w.table.legal_cards()   # no card is offered
    w.send_action({"action": "card", "card": "SA"})   # a click on a card is refused: nothing changes
    assert len(w.table.history) == 4 and w.table.state.phase == "over"


def test_25A_an_unintended_call_is_replaced_until_partner_calls() -> None:
    # 25A1 (2017): until his partner calls, a player may substitute the intended call for an unintended call; the
    # intended call stands, subject to the appropriate Law; Law 26's lead restrictions do not apply. 25A4: no
    # substitution once partner has called. The finding "unintended" is the Director's (25A2), never computed.
    st = A.start(N)
    for seat, c in ((N, "1S"), (E, "2C")):
        st = A.call(st, seat, Call.parse(c))
    st = A.call(st, E, Call.parse("2D"), "unintended")
    assert st.calls == ((N, Call.parse("1S")), (E, Call.parse("2D"))) and st.turn is S and st.irregular is None
    assert [(w.seat, w.law, w.lead_restriction) for w in st.withdrawn] == [(E, LawRef.parse("25A"), False)]
    # negative control: without the finding the same second call is a change of call at LHO's turn (25B)
    st_b = A.call(A.call(A.call(A.start(N), N, Call.parse("1S")), E, Call.parse("2C")), E, Call.parse("2D"))
    assert st_b.irregular is not None and st_b.irregular.kind == "change"
    # the intended call is subject to the appropriate Law: an intended 1D after 1S is insufficient (27)
    st_i = A.call(A.call(A.call(A.start(N), N, Call.parse("1S")), E, Call.parse("2C")), E, Call.parse("1D"),
                  "unintended")
    assert st_i.irregular is not None and st_i.irregular.kind == "insufficient" and st_i.irregular.seat is E
    # 25A4: West (East's partner) has called since 2C
    st4 = A.start(N)
    for seat, c in ((N, "1S"), (E, "2C"), (S, "2S"), (W, "P")):
        st4 = A.call(st4, seat, Call.parse(c))
    with pytest.raises(A.AuctionError, match=r"partner has called since 2♣.*\(25A4\)|partner has called since 2C.*25A4"):
        A.call(st4, E, Call.parse("2D"), "unintended")
    with pytest.raises(A.AuctionError, match=r"no call"):
        A.call(A.start(N), N, Call.parse("1S"), "unintended")


def test_25A6_the_lho_keeps_his_call_by_repeating_it() -> None:
    # South bid 2H over East's unintended 2C; after the substitution South repeats 2H: nothing is withdrawn
    st = A.start(N)
    for seat, c in ((N, "1H"), (E, "2C"), (S, "2H")):
        st = A.call(st, seat, Call.parse(c))
    st = A.call(st, E, Call.parse("2D"), "unintended")
    assert st.lho_may_withdraw == (S, Call.parse("2H")) and st.turn is S
    kept = A.call(st, S, Call.parse("2H"))
    assert [w.seat for w in kept.withdrawn] == [E] and kept.lho_may_withdraw is None
    changed = A.call(st, S, Call.parse("3H"))
    assert [(w.seat, w.law) for w in changed.withdrawn] == [(E, LawRef.parse("25A")), (S, LawRef.parse("25A6"))]
    # 25A6: "authorized to his side and unauthorized to the opponents"
    assert A.withdrawn_sides(changed.withdrawn[-1]) == {"NS": "authorized", "EW": "unauthorized"}


def test_an_unintended_call_in_a_file_names_the_event() -> None:
    text = "\n".join([call("N", "1S"), call("E", "2C"), call("S", "2S"), call("W", "P"), call("E", "2D", "unintended")])
    with pytest.raises(ScenarioError, match=r"event 5 \(E call 2D finding=unintended\).*25A4"):
        sc.loads(toml(text))


def test_an_unintended_call_by_click() -> None:
    # the teacher picks North (who calls again), the finding "unintended", and the intended call (25A1)
    pytest.importorskip("anywidget")
    from bridgelaws.widgets import CardTable

    w = CardTable(Table(Deal.from_pbn(DEAL), None, dealer=N), lang="en")
    for msg in ({"action": "call", "arg": "1C"}, {"action": "call_seat", "arg": "N"},
                {"action": "call_finding", "arg": "unintended"}, {"action": "call", "arg": "1NT"}):
        w.send_action(msg)
    a = w.table.state.auction
    assert a.calls == ((N, Call.parse("1NT")),) and a.turn is E and a.irregular is None
    assert "Law 25A1" in w.html and "unintended" in w.html


def test_a_pass_under_an_obligation_to_pass_is_marked_obliged_with_its_law() -> None:
    # 27B2: West's insufficient 1H replaced by 3H: East must pass whenever it is his turn (abrowser finding 5)
    s = sc.load("tests/scenarios/auction/27B2-insufficient-bid-pass-partner.toml")
    made = sc.replay(s, 8).state.auction.made
    assert made[-1] == (E, Call.parse("P"), "obliged", LawRef.parse("27B2"))
    assert made[1] == (E, Call.parse("P"), "legal", None)   # East's first pass, before any obligation


# ---- 25A on the card table: the finding "unintended" where the engine accepts it ---------------------------------

def _offered(w: object) -> list[str]:
    import re
    return re.findall(r'data-action="call_finding" data-arg="(\w+)"', w.html)   # type: ignore[attr-defined]


def test_the_table_offers_unintended_only_where_25A_allows_a_substitution() -> None:
    # 25A1: "he may, until his partner makes a call, substitute the call he intended"; 25A4: not once partner has
    # called; 25A6: his left-hand opponent may have called over it
    pytest.importorskip("anywidget")
    from bridgelaws.widgets import CardTable

    w = CardTable(Table(Deal.from_pbn(DEAL), None, dealer=N), lang="en")
    assert "unintended" not in _offered(w)                   # nobody has called: nothing to substitute
    w.send_action({"action": "call", "arg": "1C"})
    assert "unintended" not in _offered(w)                   # East to call: East has made no call
    w.send_action({"action": "call_seat", "arg": "N"})
    assert "unintended" in _offered(w)                       # North's 1C, partner has not called
    w.send_action({"action": "call_seat", "arg": "E"})       # East, whose turn it is, calls 1H
    w.send_action({"action": "call", "arg": "1H"})
    w.send_action({"action": "call_seat", "arg": "N"})
    assert "unintended" in _offered(w)                       # only East (North's LHO) has called since (25A6)
    w.send_action({"action": "call_seat", "arg": "S"})
    w.send_action({"action": "call", "arg": "P"})            # South calls: North's partner
    w.send_action({"action": "call_seat", "arg": "N"})
    assert len(w.table.history) == 3 and "unintended" not in _offered(w)   # 25A4
    w.send_action({"action": "call_seat", "arg": "E"})
    assert "unintended" in _offered(w)                       # East's 1H: only South (his LHO) has called since
    for msg in ({"action": "call_finding", "arg": "unintended"}, {"action": "call", "arg": "1S"}):
        w.send_action(msg)
    a = w.table.state.auction
    assert a.calls == ((N, Call.parse("1C")), (E, Call.parse("1S"))) and a.turn is S
    assert a.lho_may_withdraw == (S, Call.parse("P"))        # 25A6: South may withdraw his pass
    assert "Law 25A1" in w.html and "Law 25A6" in w.html


def test_the_table_offers_unintended_exactly_where_the_engine_accepts_it() -> None:
    # the engine never offers an action it would refuse: along an auction with an insufficient bid, a rejected
    # call and a call out of rotation, for every seat, the button is there exactly where the engine takes the call
    from bridgelaws.session.auction import findings_offered

    st = A.start(N)
    steps = [(N, "1S", None), (E, "1H", None), ("reject", S), (E, "2H", "comparable"), (S, "P", None),
             (N, "2S", None), (W, "3C", None), (E, "P", None), (S, "P", None), (W, "P", None)]
    seen = {True: 0, False: 0}
    for step in steps:
        for seat in (N, E, S, W):
            try:
                A.call(st, seat, Call.parse("7NT"), "unintended")
                accepted = True
            except A.AuctionError:
                accepted = False
            assert ("unintended" in findings_offered(st, seat)) is accepted, (step, seat)
            seen[accepted] += 1
        st = A.reject(st, step[1]) if step[0] == "reject" else A.call(st, step[0], Call.parse(step[1]), step[2])
    assert seen[True] and seen[False]   # both cases met: the comparison is not vacuous


def test_a_passed_out_board_exports_to_pbn_and_lin_and_reads_back() -> None:
    # PBN writes a passed-out board as Contract "Pass" with an empty Declarer and Result (as real files do:
    # tests/data/pbn/endplay-example2.pbn, board 11) and its four passes in the auction section; LIN as its
    # auction, mb|p| four times; there is no play section and no card (22B: "returned to the board without play")
    from bridgelaws.pbn import read_pbn
    from bridgelaws.pbn.write_lin import to_lin
    from bridgelaws.pbn.write_pbn import to_pbn

    s = sc.load("tests/data/auction/22B-passed-out.toml")
    for lang in ("en", "da", "nb"):
        pbn = to_pbn(s, lang)
        assert '[Contract "Pass"]' in pbn and '[Declarer ""]' in pbn and '[Result ""]' in pbn
        assert '[Auction "E"]\nPass Pass Pass Pass\n' in pbn and "[Play " not in pbn
        record = read_pbn(pbn)[0]
        assert record.passed_out and record.contract is None and record.plays == ()
        assert record.scenario() == s   # the same scenario: dealer, four passes, no contract
        lin = to_lin(s, lang)
        assert "|mb|p|mb|p|mb|p|mb|p|" in lin and "|pc|" not in lin and lin.startswith("pn|,,,|st||md|4")  # East
    ep = pytest.importorskip("endplay")
    from endplay.parsers import lin as ep_lin
    from endplay.parsers import pbn as ep_pbn

    for board in (ep_pbn.loads(to_pbn(s))[0], ep_lin.loads(to_lin(s))[0]):
        assert board.contract.is_passout() and len(board.auction) == 4 and len(board.play) == 0
        assert board.dealer == ep.Player.east
    # negative control: a board that was played is not written as passed out
    played = to_pbn(sc.load("tests/scenarios/auction/29A-call-out-of-rotation-accepted.toml"))
    assert '[Contract "Pass"]' not in played and '[Declarer ""]' not in played


def test_the_text_view_says_a_passed_out_board_is_passed_out() -> None:
    # 22B: "The hands are returned to the board without play": no "Play is over" for a play that never was;
    # the contract line says it as PBN's Contract "Pass" does, and the Director cites 22B
    from bridgelaws.render import text as txt

    t = sc.replay(sc.load("tests/data/auction/22B-passed-out.toml"))
    out = {lang: txt.table(t, lang) for lang in ("en", "da", "nb")}
    assert out["en"].startswith("Contract: passed out\n") and "Play is over" not in out["en"]
    assert "(Law 22B)" in out["en"]
    assert out["da"].startswith("Kontrakt: alle pas\n") and "(§ 22B)" in out["da"]
    assert out["nb"].startswith("Kontrakt: alle pass\n") and "(§ 22B)" in out["nb"]
    # negative control: an auction that gave a contract is not passed out
    four = sc.replay(sc.loads(toml(FOUR_S, 'contract = "4S"\ndeclarer = "N"')))
    assert "passed out" not in txt.table(four, "en") and txt.table(four, "en").startswith("Contract: 4♠ N")


# ---- 25A5: after the end of the auction, until the end of the auction period -------------------------------------

ONE_S = "\n".join([call("N", "1S"), call("E", "P"), call("S", "P"), call("W", "P")])
PLAY = '  {{ seat = "{0}", action = "play", card = "{1}" }},'


def test_25A5_an_unintended_final_pass_reopens_the_auction_until_the_lead_is_faced() -> None:
    # 25A5: "If the auction ends before it reaches the player's partner no substitution may occur after the end of
    # the auction period"; 17D1: it ends when "either defender faces an opening lead"
    s = sc.load("tests/scenarios/auction/25A5-unintended-pass-after-the-auction-ended.toml")
    assert sc.check(s).status == "PASS"
    t = sc.replay(s, 4)
    assert str(t.contract) == "1S" and t.contract.declarer is N and t.state.phase == "clarification"
    t.push(CallEvent(W, call="2H", finding="unintended"))
    assert t.state.phase == "auction" and t.state.to_act is N and A.result(t.state.auction) is None   # reopened
    for seat in (N, E, S):
        t.push(CallEvent(seat, call="P"))
    assert str(t.contract) == "2H" and t.contract.declarer is W and t.state.to_act is N   # North leads now
    # the same substitution after North has faced the opening lead: the auction period has ended
    text = ONE_S + "\n" + PLAY.format("E", "H7") + "\n" + call("W", "2H", "unintended")
    with pytest.raises(ScenarioError, match=r"event 6 \(W call 2H finding=unintended\): the opening lead was faced "
                                            r"with event 5.*\(25A5\)"):
        sc.loads(toml(text, 'contract = "1S"\ndeclarer = "N"'))
    # the table refuses it with its key and law, and changes nothing
    t = Table(Deal.from_pbn(DEAL), None, dealer=N)
    for seat, c in ((N, "1S"), (E, "P"), (S, "P"), (W, "P")):
        t.push(CallEvent(seat, call=c))
    t.push(Play(E, Card.parse("H7")))
    before = (t.state, len(t.history))
    with pytest.raises(BridgeLawsError, match=r"25A5") as err:
        t.push(CallEvent(W, call="2H", finding="unintended"))
    assert err.value.key == "auction.error.25A5_lead_faced" and str(err.value.law) == "25A5"
    assert (t.state, len(t.history)) == before


def test_25A5_still_needs_25A4_and_a_finding() -> None:
    # East's pass: his partner West has called since (25A4), after the end of the auction too
    with pytest.raises(ScenarioError, match=r"event 5 \(E call 2D finding=unintended\).*25A4"):
        sc.loads(toml(ONE_S + "\n" + call("E", "2D", "unintended")))
    # without the finding, a call after the end of the auction is refused as before (17D)
    with pytest.raises(ScenarioError, match=r"event 5 \(W call 2H\): the auction ended with event 4 \(17D\)"):
        sc.loads(toml(ONE_S + "\n" + call("W", "2H")))
    # South's pass, with only West (his LHO) after it: allowed, and West may withdraw his pass (25A6)
    st = A.start(N)
    for seat, c in ((N, "1S"), (E, "P"), (S, "P"), (W, "P")):
        st = A.call(st, seat, Call.parse(c))
    st = A.call(st, S, Call.parse("2S"), "unintended")
    assert not st.ended and st.turn is W and st.lho_may_withdraw == (W, Call.parse("P"))


def test_25A5_after_a_pass_out_until_the_hands_are_returned() -> None:
    # 22B: "all four players pass (but see Law 25)"; 17D2: the auction period then ends when the hands are returned
    # to the board, which the table does not record: West's unintended fourth pass may be replaced (his partner
    # East passed before him)
    s = sc.loads(toml(PASS_OUT + "\n" + call("W", "1H", "unintended") + "\n" + "\n".join(
        [call("N", "P"), call("E", "P"), call("S", "P")]), 'contract = "1H"\ndeclarer = "W"'))
    t = sc.replay(s)
    assert str(t.contract) == "1H" and t.contract.declarer is W and t.state.phase == "clarification"
    # North, the dealer, may not: South has passed since (25A4)
    with pytest.raises(ScenarioError, match=r"event 5 \(N call 1S finding=unintended\).*25A4"):
        sc.loads(toml(PASS_OUT + "\n" + call("N", "1S", "unintended")))
    # negative control: any other event after the pass-out is still refused (22B)
    with pytest.raises(ScenarioError, match=r"event 5 \(N call 1S\): the auction was passed out with event 4"):
        sc.loads(toml(PASS_OUT + "\n" + call("N", "1S")))


def test_25A5_after_a_card_exposed_in_the_clarification_period_is_refused_as_not_modelled() -> None:
    t = Table(Deal.from_pbn(DEAL), None, dealer=N)
    for seat, c in ((N, "1S"), (E, "P"), (S, "P"), (W, "P")):
        t.push(CallEvent(seat, call=c))
    from bridgelaws.events import Expose

    t.push(Expose(W, card=Card.parse("HA"), how="dropped", period="clarification"))
    before = len(t.history)
    with pytest.raises(BridgeLawsError) as err:
        t.push(CallEvent(W, call="2H", finding="unintended"))
    assert err.value.key == "auction.error.25A5_not_modelled" and len(t.history) == before
