"""When a card is played (Law 45), the face-down opening lead (41A) and declarer's designation of dummy's card
(45C4, 45D, 46), through Table: rulings, the Director's questions where a finding is missing, and refusals."""

from __future__ import annotations

from typing import Any

import pytest

from bridgelaws import Contract, Deal, Table
from bridgelaws.cards import Card, Seat
from bridgelaws.designations import Designation, parse_designation
from bridgelaws.errors import DecisionError, IllegalPlayError, NotInHandError
from bridgelaws.events import Choose, Designate, Event, Expose, Hold, LeadFaceDown, Play, RequestWithdraw, Touch
from bridgelaws.i18n import LANGS
from bridgelaws.laws import law
from bridgelaws.rules.designation import DesignatedCard, PendingDesignation, known_to_win, resolve

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST

#: South declares; dummy N holds ♥KJ92 and South ♥AQ4
DEAL_A = "N:AK5.KJ92.AQT.K73 J62.8765.953.T84 T93.AQ4.KJ8.AJ52 Q874.T3.7642.Q96"
#: the same, but East holds ♥AQ65 and South ♥874: no heart of dummy's is known to win
DEAL_B = "N:AK5.KJ92.AQT.K73 J62.AQ65.953.T84 T93.874.KJ8.AJ52 Q874.T3.7642.Q96"


def c(text: str) -> Card:
    return Card.parse(text)


def table(deal: str = DEAL_A, contract: str = "3NT", declarer: str = "S", *events: Event) -> Table:
    t = Table(Deal.from_pbn(deal), Contract.parse(contract, declarer))
    for ev in events:
        t.push(ev)
    return t


def say(words: str, lang: str = "en", seat: Seat = S, **kw: Any) -> Designate:
    return Designate(seat, words=words, lang=lang, **kw)


def status(t: Table, card: str, source: str) -> bool | None:
    found = [cs.played for cs in t.state.card_status if cs.card == c(card) and cs.source == source]
    assert found, f"no ruling recorded for {card} ({source})"
    return found[-1]


def notes(t: Table) -> list[str]:
    return [s.message.key for s in t.state.notes]


def renders_everywhere(t: Table) -> None:
    for st in list(t.state.notes) + list(t.state.questions):
        for lang in LANGS:
            text = st.text(lang)
            assert text and "{" not in text


# ----------------------------------------------------------------------------------------------------------
# 45C1: a defender's card
# ----------------------------------------------------------------------------------------------------------

def test_a_defenders_card_is_played_once_partner_could_see_it() -> None:
    t = table(DEAL_A, "3NT", "S", Hold(W, c("HT"), partner_could_see=True))
    assert t.state.last_played == ((W, c("HT")),) and t.to_act() is N
    assert status(t, "HT", "hold") is True
    assert "played.note.hold_seen" in notes(t)
    renders_everywhere(t)


def test_a_defenders_card_partner_could_not_see_is_not_played() -> None:
    t = table(DEAL_A, "3NT", "S", Hold(W, c("HT"), partner_could_see=False, returned=True))
    assert t.state.trick == () and t.to_act() is W and c("HT") in t.hand(W)
    assert status(t, "HT", "hold") is False
    assert t.state.restored == ((W, c("HT")),)
    assert [s.law for s in t.state.notes] == [law("45C1"), law("16")]


def test_without_a_finding_the_director_is_asked_and_nothing_changes() -> None:
    before = table(DEAL_A, "3NT", "S").state
    t = table(DEAL_A, "3NT", "S", Hold(W, c("HT")))
    assert t.state.trick == () and t.state.hands == before.hands and t.to_act() is W
    assert status(t, "HT", "hold") is None
    (q,) = t.state.questions
    assert q.kind == "question" and q.law == law("45C1") and q.message.key == "played.q.partner_could_see"
    assert q.message.params["if_yes"].key == "played.a.defender_played"
    assert q.message.params["if_no"].key == "played.a.defender_not_played"
    assert q in t.statements()
    assert "East could see" in q.text("en") and "Øst kunne se" in q.text("da") and "Øst kunne se" in q.text("nb")
    # the question belongs to that event: the next event answers it
    t.push(Hold(W, c("HT"), partner_could_see=True))
    assert t.state.questions == () and status(t, "HT", "hold") is True


def test_a_card_seen_to_a_trick_already_played_to_is_a_fifth_card_and_a_penalty_card() -> None:
    t = table(DEAL_A, "3NT", "S", Play(W, c("HT")), Play(N, c("H2")), Hold(W, c("H3"), partner_could_see=True))
    assert [(p.card, p.kind, p.law) for p in t.penalty_cards()] == [(c("H3"), "major", law("45E1"))]
    assert t.state.trick == ((W, c("HT")), (N, c("H2"))) and t.to_act() is E


def test_a_card_seen_before_partner_has_played_is_a_premature_play() -> None:
    t = table(DEAL_A, "3NT", "S", Play(W, c("HT")), Play(N, c("H2")), Play(E, c("H5")), Play(S, c("HA")),
              Play(S, c("C2")), Hold(E, c("C4"), partner_could_see=True))
    assert t.pending is not None and t.pending.kind == "premature_play"
    assert [(p.seat, p.card) for p in t.penalty_cards()] == [(E, c("C4"))]


# ----------------------------------------------------------------------------------------------------------
# 45C2: declarer's card
# ----------------------------------------------------------------------------------------------------------

DECLARER_HOLDS = [
    # face_up, near, still, played, law
    (True, True, True, True, "45C2a"),
    (True, True, False, False, "45C2a"),
    (True, False, True, True, "45C2b"),
    (True, None, True, True, "45C2a"),
    (True, False, False, False, "45C2"),
    (False, True, True, False, "45C2"),
    (False, None, None, False, "45C2"),
    (True, True, None, None, "45C2a"),
    (True, False, None, None, "45C2b"),
    (None, True, True, None, "45C2"),
]


@pytest.mark.parametrize("face_up, near, still, played, law_code", DECLARER_HOLDS)
def test_declarers_card_is_played_when_face_up_and_held_at_the_table_or_as_if_played(
        face_up: bool | None, near: bool | None, still: bool | None, played: bool | None, law_code: str) -> None:
    t = table(DEAL_A, "3NT", "S", Play(W, c("HT")), Play(N, c("H2")), Play(E, c("H5")),
              Hold(S, c("HA"), face_up=face_up, touching_or_near_table=near, held_still=still))
    assert status(t, "HA", "hold") is played
    cs = [x for x in t.state.card_status if x.card == c("HA")][-1]
    assert cs.law == law(law_code)
    if played:
        assert t.state.tricks[-1].card_of(S) == c("HA")
    else:
        assert c("HA") in t.hand(S) and t.to_act() is S and not t.penalty_cards()
    assert bool(t.state.questions) is (played is None)
    renders_everywhere(t)


def test_declarers_card_before_his_turn_is_played_and_stands_57C3() -> None:
    t = table(DEAL_A, "3NT", "S", Play(W, c("HT")), Play(N, c("H2")),
              Hold(S, c("HA"), face_up=True, touching_or_near_table=True, held_still=True))
    assert (S, c("HA")) in t.state.trick and t.to_act() is E


def test_dummy_never_holds_his_own_cards() -> None:
    t = table(DEAL_A, "3NT", "S", Play(W, c("HT")))
    with pytest.raises(IllegalPlayError) as info:
        t.push(Hold(N, c("H2"), face_up=True))
    assert info.value.key == "played.error.dummy_holds" and info.value.law == law("45B")
    assert len(t) == 1


# ----------------------------------------------------------------------------------------------------------
# 45B, 45C3: declarer touches dummy's cards
# ----------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("purpose, played", [("play", True), ("arrange", False), ("reach", False)])
def test_touching_dummys_card_plays_it_only_when_done_to_play_it(purpose: str, played: bool) -> None:
    t = table(DEAL_A, "3NT", "S", Play(W, c("HT")), Touch(S, hand=N, card=c("HK"), purpose=purpose))
    assert status(t, "HK", "touch") is played
    assert ((N, c("HK")) in t.state.trick) is played
    assert notes(t)[0] == f"played.note.touched_to_{purpose}"


def test_a_touched_card_of_dummys_cannot_be_taken_back() -> None:
    t = table(DEAL_A, "3NT", "S", Play(W, c("HT")), Touch(S, hand=N, card=c("H2")),
              RequestWithdraw(S, new_card=c("HK")))
    assert t.state.may_withdraw is False and (N, c("H2")) in t.state.trick
    assert t.state.notes[0].message.params["seat"] is N


def test_only_declarer_touches_dummys_cards_and_only_dummys() -> None:
    t = table(DEAL_A, "3NT", "S", Play(W, c("HT")))
    with pytest.raises(IllegalPlayError) as info:
        t.push(Touch(E, hand=N, card=c("H2")))
    assert info.value.key == "played.error.touch_not_declarer"
    with pytest.raises(IllegalPlayError) as info:
        t.push(Touch(S, hand=S, card=c("HA")))
    assert info.value.key == "played.error.touch_not_dummy"
    with pytest.raises(IllegalPlayError) as info:
        t.push(Touch(S, hand=N, card=c("H2"), purpose="admire"))
    assert info.value.key == "played.error.touch_purpose"
    with pytest.raises(NotInHandError):
        t.push(Touch(S, hand=N, card=c("HA")))


# ----------------------------------------------------------------------------------------------------------
# 41A: the face-down opening lead
# ----------------------------------------------------------------------------------------------------------

def test_a_face_down_lead_is_made_and_cannot_be_changed() -> None:
    t = table(DEAL_A, "3NT", "S", LeadFaceDown(W, c("HT")))
    assert t.state.opening_lead_face_down == (W, c("HT")) and t.state.phase == "clarification"
    with pytest.raises(IllegalPlayError) as info:
        t.push(Play(W, c("S4")))
    assert info.value.key == "played.error.face_down_change" and info.value.law == law("41A")
    with pytest.raises(IllegalPlayError) as info:
        t.push(LeadFaceDown(W, c("S4")))
    assert info.value.key == "played.error.face_down_twice"
    t.push(RequestWithdraw(W, new_card=c("S4")))
    assert t.state.may_withdraw is False and t.state.opening_lead_face_down == (W, c("HT"))
    t.push(Play(W, c("HT")))
    assert t.state.opening_lead_face_down is None and t.state.phase == "play" and t.to_act() is N
    assert notes(t)[0] == "played.note.face_down_faced"


def test_a_face_down_lead_by_the_wrong_defender_simply_goes_back() -> None:
    t = table(DEAL_A, "3NT", "S", LeadFaceDown(E, c("H8")))
    assert t.state.restored == ((E, c("H8")),) and not t.penalty_cards() and t.pending is None
    assert t.state.opening_lead_face_down is None and t.to_act() is W and c("H8") in t.hand(E)


def test_after_an_irregularity_the_face_down_lead_may_be_withdrawn() -> None:
    t = table(DEAL_A, "3NT", "S", LeadFaceDown(W, c("S4")), Expose(E, c("SJ"), how="dropped", period="clarification"))
    assert t.pending is not None and t.pending.kind == "lead_options"
    t.push(RequestWithdraw(W, new_card=c("HT")))       # while declarer has still to choose: the card goes back
    assert t.state.may_withdraw is True and t.state.opening_lead_face_down is None
    assert (W, c("S4")) in t.state.restored


def test_the_face_down_lead_is_only_the_opening_lead_and_only_a_defenders() -> None:
    with pytest.raises(IllegalPlayError) as info:
        table(DEAL_A, "3NT", "S", LeadFaceDown(N, c("H2")))
    assert info.value.key == "played.error.face_down_not_defender"
    with pytest.raises(IllegalPlayError) as info:
        table(DEAL_A, "3NT", "S", Play(W, c("HT")), Play(N, c("H2")), Play(E, c("H5")), Play(S, c("HA")),
              LeadFaceDown(S, c("C2")))
    assert info.value.key == "played.error.face_down_not_opening"


def test_a_faced_lead_out_of_turn_sends_the_face_down_lead_back_54() -> None:
    t = table(DEAL_A, "3NT", "S", LeadFaceDown(W, c("S4")), Expose(E, c("H8"), how="lead_out_of_turn"))
    assert t.state.opening_lead_face_down is None and (W, c("S4")) in t.state.restored
    assert "accept_and_play" in t.declarer_options()


def test_nothing_on_the_table_to_withdraw_is_refused() -> None:
    t = table(DEAL_A, "3NT", "S")
    with pytest.raises(IllegalPlayError) as info:
        t.push(RequestWithdraw(W, new_card=c("S4")))
    assert info.value.key == "played.error.nothing_to_withdraw"


# ----------------------------------------------------------------------------------------------------------
# 46B: what a designation designates
# ----------------------------------------------------------------------------------------------------------

AFTER_HT = (Play(W, c("HT")),)


@pytest.mark.parametrize("words, lang, card, law_code", [
    ("heart jack", "en", "HJ", "45C4a"),
    ("high", "en", "HK", "46B1a"),
    ("en høy", "nb", "HK", "46B1a"),
    ("den stikker vi", "da", "HJ", "46B1b"),
    ("a small one", "en", "H2", "46B1c"),
    ("hjerter", "da", "H2", "46B2"),
    ("a small heart", "en", "H2", "46B1c"),
    ("nine", "en", "H9", "46B3b"),
    ("kongen", "da", "HK", "46B3b"),
])
def test_designations_following_suit(words: str, lang: str, card: str, law_code: str) -> None:
    t = table(DEAL_A, "3NT", "S", *AFTER_HT, say(words, lang))
    assert t.state.trick[-1] == (N, c(card)) and t.to_act() is E
    assert status(t, card, "designate") is True
    assert t.state.notes[0].law == law(law_code)
    cc = t.state.correctable
    assert isinstance(cc, DesignatedCard) and cc.card == c(card) and cc.words == words
    renders_everywhere(t)


@pytest.mark.parametrize("words, by, valid, candidates, law_code", [
    ("diamond two", "declarer", False, ["HK", "HJ", "H9", "H2"], "46B4"),     # dummy does not hold it
    ("spade king", "declarer", True, ["HK", "HJ", "H9", "H2"], "44C"),       # dummy must follow suit
    ("a spade", "declarer", True, ["HK", "HJ", "H9", "H2"], "44C"),
    ("anything", "either_defender", True, ["HK", "HJ", "H9", "H2"], "46B5"),
    ("play", "either_defender", True, ["HK", "HJ", "H9", "H2"], "46B5"),
    ("the queen", "declarer", False, ["HK", "HJ", "H9", "H2"], "46B4"),      # no legal queen: our reading
])
def test_designations_that_do_not_settle_on_a_card(words: str, by: str, valid: bool, candidates: list[str],
                                                   law_code: str) -> None:
    t = table(DEAL_A, "3NT", "S", *AFTER_HT, say(words))
    p = t.state.designation
    assert isinstance(p, PendingDesignation)
    assert (p.by, p.valid, set(p.candidates), p.law) == (by, valid, {c(x) for x in candidates}, law(law_code))
    assert t.state.trick == ((W, c("HT")),) and t.to_act() is N
    assert p.to_dict()["by"] == by


def test_declarer_then_names_one_of_the_candidates() -> None:
    t = table(DEAL_A, "3NT", "S", *AFTER_HT, say("spade king"))
    with pytest.raises(DecisionError) as info:
        t.push(say("club king"))
    assert info.value.key == "played.error.not_a_candidate"
    t.push(say("the nine"))
    assert t.state.trick[-1] == (N, c("H9")) and t.state.designation is None


def test_either_defender_designates_under_46B5_and_dummy_plays_only_a_candidate() -> None:
    t = table(DEAL_A, "3NT", "S", *AFTER_HT, say("it doesn't matter"))
    with pytest.raises(DecisionError) as info:
        t.push(say("heart king"))
    assert info.value.key == "played.error.either_defender_chooses"
    with pytest.raises(DecisionError):
        t.push(Play(N, c("SA")))                      # not a legal card, not a candidate
    t.push(say("hjerter konge", "da", seat=E))
    assert t.state.trick[-1] == (N, c("HK")) and t.state.correctable is None
    assert t.state.notes[0].message.key == "played.rule.defender_chose"


def test_a_play_of_a_candidate_from_dummy_settles_the_designation() -> None:
    t = table(DEAL_A, "3NT", "S", *AFTER_HT, say("anything"), Play(N, c("HJ")))
    assert t.state.designation is None and t.state.trick[-1] == (N, c("HJ"))


def test_rank_when_dummy_leads_is_of_the_suit_in_which_dummy_won_46B3a() -> None:
    t = table(DEAL_A, "3NT", "S", Play(W, c("S4")), Play(N, c("SA")), Play(E, c("S2")), Play(S, c("S3")),
              say("the king"))
    assert t.state.trick == ((N, c("SK")),)
    t2 = table(DEAL_A, "3NT", "S", Play(W, c("S4")), Play(N, c("SA")), Play(E, c("S2")), Play(S, c("S3")),
               say("the queen"))                         # no spade queen: the only legal queen, ♦Q (46B3b)
    assert t2.state.trick == ((N, c("DQ")),)


def test_low_when_dummy_leads_names_neither_suit_nor_rank_46B5() -> None:
    t = table(DEAL_A, "3NT", "S", Play(W, c("S4")), Play(N, c("SA")), Play(E, c("S2")), Play(S, c("S3")),
              say("en lille", "da"))
    p = t.state.designation
    assert isinstance(p, PendingDesignation) and p.by == "either_defender" and len(p.candidates) == 12
    t.pop()
    t.push(say("en lille ruder", "da"))                 # a suit without a rank (46B2)
    assert t.state.trick == ((N, c("DT")),)


def test_a_big_club_when_dummy_leads_asks_the_director() -> None:
    t = table(DEAL_A, "3NT", "S", Play(W, c("S4")), Play(N, c("SA")), Play(E, c("S2")), Play(S, c("S3")),
              say("a big club"))
    (q,) = t.state.questions
    assert q.message.key == "played.q.high_other_suit" and q.law == law("46B")
    assert q.message.params["if_yes"].params["card"] == c("CK")
    assert q.message.params["if_no"].params["card"] == c("C3")
    p = t.state.designation
    assert isinstance(p, PendingDesignation) and p.by == "director" and set(p.candidates) == {c("CK"), c("C3")}
    t.pop()
    t.push(say("a big club", incontrovertible=True))
    assert t.state.trick == ((N, c("CK")),)
    t.pop()
    t.push(say("a big club", incontrovertible=False))
    assert t.state.trick == ((N, c("C3")),)


def test_an_incontrovertible_intention_prevails_over_the_words() -> None:
    t = table(DEAL_A, "3NT", "S", *AFTER_HT, say("hearts", intended=c("HK")))
    assert t.state.trick[-1] == (N, c("HK")) and t.state.notes[0].law == law("46B")
    with pytest.raises(NotInHandError) as info:
        table(DEAL_A, "3NT", "S", *AFTER_HT, say("hearts", intended=c("HA")))
    assert info.value.key == "played.error.intended_not_in_dummy"


# ----------------------------------------------------------------------------------------------------------
# 46B1b: "known to win", from declarer's knowledge
# ----------------------------------------------------------------------------------------------------------

def test_win_is_the_lowest_card_known_to_win_when_declarer_holds_the_ace_and_queen() -> None:
    t = table(DEAL_A, "3NT", "S", *AFTER_HT)
    assert known_to_win(t.state, N, [c("HK"), c("HJ"), c("H9"), c("H2")]) == [c("HK"), c("HJ")]


def test_win_when_no_card_is_known_to_win_is_a_question() -> None:
    t = table(DEAL_B, "3NT", "S", *AFTER_HT, say("we'll win it"))
    (q,) = t.state.questions
    assert q.message.key == "played.q.win_unknown" and q.message.params["if_yes"].params["card"] == c("HJ")
    t.pop()
    t.push(say("we'll win it", incontrovertible=True))
    assert t.state.trick[-1] == (N, c("HJ"))
    t.pop()
    t.push(say("we'll win it", incontrovertible=False))
    p = t.state.designation
    assert isinstance(p, PendingDesignation) and (p.by, p.valid) == ("declarer", False)


def test_a_possible_ruff_means_no_card_is_known_to_win() -> None:
    t = table(DEAL_A, "4S", "S", *AFTER_HT)            # East might be void in hearts and ruff
    assert known_to_win(t.state, N, [c("HK"), c("HJ")]) == []


def test_the_last_hand_to_play_knows_which_cards_win() -> None:
    t = table(DEAL_B, "3NT", "S", Play(W, c("D2")), Play(N, c("DT")), Play(E, c("D3")), Play(S, c("D8")),
              Play(N, c("H2")), Play(E, c("H5")), Play(S, c("H4")), Play(W, c("H3")),
              Play(E, c("HQ")), Play(S, c("H7")), Play(W, c("HT")))
    assert known_to_win(t.state, N, [c("HK"), c("HJ"), c("H9")]) == [c("HK")]
    t.push(say("win it"))
    assert t.state.tricks[-1].card_of(N) == c("HK")


def test_a_known_void_is_part_of_declarers_knowledge() -> None:
    # East shows out of clubs; later dummy's club ten is known to beat anything East may hold in clubs
    deal = "N:AK5.KJ92.AQT.KT7 J642.87654.9532. T93.AQ3.KJ8.AJ52 Q87.T.764.Q98643"
    t = table(deal, "3NT", "S", Play(W, c("C3")), Play(N, c("C7")), Play(E, c("H4")), Play(S, c("CA")),
              Play(S, c("C2")), Play(W, c("C4")))
    assert known_to_win(t.state, N, [c("CK"), c("CT")]) == [c("CK"), c("CT")]


# ----------------------------------------------------------------------------------------------------------
# 45C4b: corrections; 45D: dummy's card not designated
# ----------------------------------------------------------------------------------------------------------

DUMMY_LEADS = (Play(W, c("S4")), Play(N, c("SA")), Play(E, c("S2")), Play(S, c("S3")))


def test_a_slip_of_the_tongue_is_corrected_and_the_opponent_may_play_again() -> None:
    t = table(DEAL_A, "3NT", "S", *DUMMY_LEADS, say("diamond ten"), Play(E, c("D3")),
              say("diamond queen", correction=True, td_finding="slip_of_tongue"))
    assert t.state.trick == ((N, c("DQ")),) and t.to_act() is E
    assert set(t.state.restored) == {(N, c("DT")), (E, c("D3"))}
    assert c("D3") in t.hand(E) and c("DT") in t.hand(N)
    assert [s.law for s in t.state.notes[:2]] == [law("45C4b"), law("16C")]
    assert status(t, "DT", "designate") is False and status(t, "DQ", "designate") is True


@pytest.mark.parametrize("finding", ["loss_of_concentration", "reconsideration"])
def test_only_a_slip_of_the_tongue_may_be_corrected(finding: str) -> None:
    t = table(DEAL_A, "3NT", "S", *DUMMY_LEADS, say("diamond ten"),
              say("diamond queen", correction=True, td_finding=finding))
    assert t.state.trick == ((N, c("DT")),) and t.state.notes[0].law == law("45C4b")


def test_a_correction_without_a_finding_is_a_question_with_both_rulings() -> None:
    t = table(DEAL_A, "3NT", "S", *DUMMY_LEADS, say("diamonds"), say("diamond queen", correction=True))
    assert t.state.trick == ((N, c("DT")),)
    keys = [q.message.key for q in t.state.questions]
    assert keys == ["played.q.correction", "played.q.finished"]
    q = t.state.questions[0]
    assert q.message.params["if_yes"].params == {"old": c("DT"), "new": c("DQ")}
    assert q.message.params["if_no"].params == {"card": c("DT")}
    assert status(t, "DT", "designate") is None
    renders_everywhere(t)
    # a full card named first: the sentence was finished, only the slip question is left
    t2 = table(DEAL_A, "3NT", "S", *DUMMY_LEADS, say("diamond ten"), say("diamond queen", correction=True))
    assert [q.message.key for q in t2.state.questions] == ["played.q.correction"]


def test_a_correction_is_too_late_once_declarer_has_played_again() -> None:
    t = table(DEAL_A, "3NT", "S", *DUMMY_LEADS, say("diamond ten"), Play(E, c("D3")), Play(S, c("D8")),
              say("diamond queen", correction=True, td_finding="slip_of_tongue"))
    assert t.state.trick[0] == (N, c("DT")) and notes(t) == ["played.note.correction_too_late"]


def test_a_correction_reopens_a_trick_that_dummys_card_completed() -> None:
    t = table(DEAL_A, "3NT", "S", Play(W, c("H3")), Play(N, c("H2")), Play(E, c("H8")), Play(S, c("H4")),
              Play(E, c("D3")), Play(S, c("D8")), Play(W, c("D2")), say("the ten"))
    assert t.state.trick == () and len(t.state.tricks) == 2 and t.to_act() is N
    t.push(say("diamond queen", correction=True, td_finding="slip_of_tongue"))
    assert t.state.trick == () and len(t.state.tricks) == 2 and t.to_act() is N
    assert t.state.tricks[-1].card_of(N) == c("DQ") and c("DT") in t.hand(N)


def test_a_correction_with_nothing_to_correct_is_refused() -> None:
    t = table(DEAL_A, "3NT", "S", *AFTER_HT)
    with pytest.raises(IllegalPlayError) as info:
        t.push(say("heart king", correction=True, td_finding="slip_of_tongue"))
    assert info.value.key == "played.error.no_designation_to_correct"


def test_an_unfinished_designation_designates_nothing() -> None:
    t = table(DEAL_A, "3NT", "S", *AFTER_HT, say("hearts ...", complete=False))
    p = t.state.designation
    assert isinstance(p, PendingDesignation) and p.unfinished and t.state.trick == ((W, c("HT")),)
    t.push(say("no, the heart king", correction=True))
    assert t.state.trick[-1] == (N, c("HK"))


def test_dummy_places_a_card_declarer_did_not_designate_45D() -> None:
    t = table(DEAL_A, "3NT", "S", *AFTER_HT, say("heart jack", dummy_placed=c("HK")), Play(E, c("H5")))
    assert (N, c("HK")) in t.state.trick
    with pytest.raises(DecisionError) as info:
        t.push(RequestWithdraw(S, new_card=c("H9")))
    assert info.value.key == "played.error.misplaced_wrong_card"
    t.push(RequestWithdraw(S, new_card=c("HJ")))
    assert t.state.may_withdraw is True and t.state.trick == ((W, c("HT")), (N, c("HJ"))) and t.to_act() is E
    assert set(t.state.restored) == {(N, c("HK")), (E, c("H5"))}


def test_dummys_misplaced_card_stands_once_each_side_has_played_to_the_next_trick() -> None:
    t = table(DEAL_A, "3NT", "S", *AFTER_HT, say("heart jack", dummy_placed=c("HK")), Play(E, c("H5")),
              Play(S, c("H4")), Play(N, c("SA")), Play(E, c("S2")), RequestWithdraw(S, new_card=c("HJ")))
    assert t.state.may_withdraw is False and t.state.tricks[-1].card_of(N) == c("HK")


def test_an_incontrovertible_intention_found_later_withdraws_dummys_card_45D() -> None:
    t = table(DEAL_A, "3NT", "S", *DUMMY_LEADS, say("diamonds"), Play(E, c("D3")),
              say("I meant the queen", correction=True, intended=c("DQ")))
    assert t.state.trick == ((N, c("DQ")),) and t.to_act() is E
    assert notes(t)[0] == "played.note.not_designated" and t.state.notes[0].law == law("45D")


# ----------------------------------------------------------------------------------------------------------
# 45C4a: naming one's own card; 45E: a fifth card
# ----------------------------------------------------------------------------------------------------------

def test_a_player_naming_his_own_card_plays_it() -> None:
    t = table(DEAL_A, "3NT", "S", say("spar fire", "nb", seat=W))
    assert t.state.trick == ((W, c("S4")),)
    t = table(DEAL_A, "3NT", "S", *AFTER_HT, say("heart two"), Play(E, c("H5")), say("heart ace", hand=S))
    assert t.state.tricks[-1].card_of(S) == c("HA")
    with pytest.raises(IllegalPlayError) as info:
        table(DEAL_A, "3NT", "S", say("a small spade", seat=W))
    assert info.value.key == "played.error.own_card_incomplete"


def test_declarers_fifth_card_goes_back_and_a_defenders_is_a_penalty_card() -> None:
    t = table(DEAL_A, "3NT", "S", *AFTER_HT, say("heart two"), say("spade ace"))
    assert t.state.restored[-1] == (N, c("SA")) and not t.penalty_cards()
    assert notes(t)[-1] == "played.note.fifth_card_declarer"
    t = table(DEAL_A, "3NT", "S", *AFTER_HT, Play(N, c("H2")), Play(E, c("H5")), Play(S, c("HA")), Play(W, c("S4")))
    assert [(p.seat, p.card, p.law) for p in t.penalty_cards()] == [(W, c("S4"), law("45E1"))]
    assert t.to_act() is S


def test_dummy_and_defenders_do_not_designate_dummys_cards() -> None:
    t = table(DEAL_A, "3NT", "S", *AFTER_HT)
    with pytest.raises(IllegalPlayError) as info:
        t.push(say("heart two", seat=N))
    assert info.value.key == "played.error.dummy_designates"
    with pytest.raises(IllegalPlayError) as info:
        t.push(Designate(E, words="heart two", hand=N))
    assert info.value.key == "played.error.defender_designates"
    with pytest.raises(IllegalPlayError) as info:
        t.push(Designate(E, words="spade ace", hand=S))
    assert info.value.key == "played.error.not_own_card"
    with pytest.raises(IllegalPlayError) as info:
        table(DEAL_A, "3NT", "S", say("heart two"))
    assert info.value.key == "played.error.no_dummy_yet"


# ----------------------------------------------------------------------------------------------------------
# the engine's promises: undo, replay, errors in every language
# ----------------------------------------------------------------------------------------------------------

HISTORY = [Play(W, c("S4")), Play(N, c("SA")), Play(E, c("S2")), Play(S, c("S3")), say("diamonds"),
           Play(E, c("D3")), say("diamond queen", correction=True, td_finding="slip_of_tongue"), Play(E, c("D3")),
           Hold(S, c("D8"), face_up=True, touching_or_near_table=True, held_still=True), Play(W, c("D2")),
           Touch(S, hand=N, card=c("HK"), purpose="arrange"), say("a small heart")]


def test_pop_restores_every_state_and_replay_reproduces_it() -> None:
    t = table(DEAL_A, "3NT", "S")
    states = [t.state]
    for ev in HISTORY:
        t.push(ev)
        states.append(t.state)
    assert t.replay_matches()
    for i in range(len(HISTORY), 0, -1):
        assert t.state == states[i]
        t.pop()
    assert t.state == states[0]


def test_events_round_trip_through_their_file_form() -> None:
    from bridgelaws import scenario as sc

    t = table(DEAL_A, "3NT", "S", *HISTORY)
    s = sc.from_table(t, "round-trip")
    again = sc.loads(sc.dumps(s))
    assert list(again.history) == list(t.history)
    ev = say("hearts", intended=c("HK"), incontrovertible=True, complete=True, hand=N, dummy_placed=c("H2"))
    assert sc.from_dict({"id": "x", "contract": "3NT", "declarer": "S", "deal": DEAL_A,
                         "history": [ev.to_dict()]}).history[0] == ev


@pytest.mark.parametrize("events, bad", [
    ((), Hold(N, c("H2"))),
    ((), Touch(S, hand=N, card=c("H2"))),
    ((LeadFaceDown(W, c("HT")),), Play(W, c("S4"))),
    ((), LeadFaceDown(N, c("H2"))),
    ((), RequestWithdraw(W, new_card=c("S4"))),
    (AFTER_HT, say("heart two", correction=True)),
    (AFTER_HT, say("a small spade", seat=W)),
    (AFTER_HT + (say("anything"),), say("heart two")),
    (AFTER_HT + (say("spade king"),), say("club king")),
])
def test_refusals_say_why_in_every_language(events: tuple[Event, ...], bad: Event) -> None:
    t = table(DEAL_A, "3NT", "S", *events)
    before = t.state
    with pytest.raises(IllegalPlayError) as info:
        t.push(bad)
    assert t.state is before and len(t) == len(events)
    exc = info.value
    assert exc.key is not None
    for lang in LANGS:
        text = exc.explain(lang)
        assert text and "{" not in text


def test_resolve_is_usable_on_its_own() -> None:
    t = table(DEAL_A, "3NT", "S", *AFTER_HT)
    res = resolve(t.state, N, parse_designation("en lille", "da"), "en lille", "da")
    assert res.card == c("H2") and res.law == law("46B1c") and res.pending is None
    res = resolve(t.state, N, Designation(kind="any"))
    assert res.card is None and res.pending is not None and res.pending.by == "either_defender"


def test_choose_and_designate_do_not_mix() -> None:
    t = table(DEAL_A, "3NT", "S", *AFTER_HT, say("anything"))
    with pytest.raises(DecisionError):
        t.push(Choose(S, option="require", suit=None))


# ----------------------------------------------------------------------------------------------------------
# robustness: random playouts with the events of Laws 41A, 45 and 46 mixed in
# ----------------------------------------------------------------------------------------------------------

RANDOM_WORDS = [("a club", "en"), ("a small one", "en"), ("we'll win it", "en"), ("the queen", "en"),
                ("spade jack", "en"), ("high", "en"), ("en lille", "da"), ("den stikker vi", "da"), ("nieren", "da"),
                ("hjerter", "da"), ("anything", "en"), ("en liten", "nb"), ("kongen", "da"), ("a big club", "en")]


def _random_event(t: Table, rng: Any) -> Event | None:
    from bridgelaws.simulate import next_event

    st = t.state
    seat = rng.choice(list(Seat))
    hand = sorted(st.hand(seat), key=lambda x: x.sort_key)
    dummy_cards = sorted(st.hand(st.dummy), key=lambda x: x.sort_key)
    card = rng.choice(hand) if hand else c("SA")
    r = rng.random()
    if r < 0.1:
        maybe = [True, False, None]
        return Hold(seat, card, partner_could_see=rng.choice(maybe), face_up=rng.choice(maybe),
                    touching_or_near_table=rng.choice(maybe), held_still=rng.choice(maybe),
                    returned=rng.random() < 0.5)
    if r < 0.17 and dummy_cards:
        return Touch(st.declarer, hand=st.dummy, card=rng.choice(dummy_cards),
                     purpose=rng.choice(["play", "arrange", "reach"]))
    if r < 0.32:
        words, lang = rng.choice(RANDOM_WORDS)
        return Designate(rng.choice([st.declarer, st.declarer, seat]), words=words, lang=lang,
                         correction=rng.random() < 0.2,
                         td_finding=rng.choice([None, "slip_of_tongue", "loss_of_concentration"]),
                         incontrovertible=rng.choice([None, True, False]), complete=rng.choice([None, None, False]),
                         dummy_placed=rng.choice([None] * 5 + dummy_cards[:1]))
    if r < 0.36:
        return LeadFaceDown(seat, card)
    if r < 0.40:
        return RequestWithdraw(seat, new_card=card)
    return next_event(t, rng, 0.2)


@pytest.mark.parametrize("seed", range(40))
def test_random_playouts_with_these_events_never_crash_and_replay_exactly(seed: int) -> None:
    import random

    from bridgelaws.errors import BridgeLawsError

    rng = random.Random(seed)
    t = Table(Deal.random(seed), Contract.parse(rng.choice(["3NT", "4S", "2H"]), rng.choice("NESW")))
    for _ in range(120):
        ev = _random_event(t, rng)
        if ev is None:
            break
        try:
            t.push(ev)
        except BridgeLawsError as exc:
            assert all(exc.explain(lang) for lang in LANGS)
            continue
        for st in t.statements():
            assert all(st.text(lang) for lang in LANGS)
    assert t.replay_matches()
