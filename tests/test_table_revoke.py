"""Revokes made on the card table (issue #20, item 4): the click mode "revoke" plays a card that does not follow
suit as ``play … revoke = true`` (61A); "draw attention" corrects it while the engine lets it be corrected (62A,
62B1), the 62C withdrawals are offered by clicking, the offending side's next play establishes it (63A1), and
at the end the Director states the Law 64 transfer.

The deal is notebook 06's (``06-kulorsvigt-to-stik.toml``, seed 000): 3♦ by South; North (dummy) ♠T542 ♥AK2
♦76 ♣AT98; East ♠AJ6 ♥76 ♦A954 ♣K765; South ♠Q87 ♥Q543 ♦T8 ♣Q432; West ♠K93 ♥JT98 ♦KQJ32 ♣J. After two spade
tricks (the file's events 1-8) dummy leads ♣A to trick 3. Every expected ruling below is read from the Laws."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgelaws.cards import Card, Seat
from bridgelaws.events import Play
from bridgelaws.session import CLICK_MODES, TableSession
from bridgelaws.view import revoke_choices

ROOT = Path(__file__).resolve().parent.parent
FILE = ROOT / "notebooks" / "scenarios" / "06-kulorsvigt-to-stik.toml"


def at(n: int, lang: str = "en") -> TableSession:
    """The table after the file's first ``n`` events."""
    return TableSession.from_scenario(FILE, lang=lang, start=n)


def click(s: TableSession, card: str, mode: str | None = None) -> None:
    if mode is not None:
        s.handle({"action": "set_click", "value": mode})
    s.handle({"action": "card", "card": card})


def says(s: TableSession) -> str:
    return "\n".join(s.table.director_says(s.lang))


def revoke_labels(s: TableSession) -> list[str]:
    return [b.label for b in s.panel(s.view()).revoke]


def test_revoke_is_a_click_mode_with_labels_in_three_languages() -> None:
    assert "revoke" in CLICK_MODES
    s = at(11, "da")
    html = s.render()
    assert 'value="revoke"' in html and "Kulørsvigt" in html
    s.set_lang("nb")
    assert ">Revoke<" in s.render()
    s.set_lang("en")
    assert ">Revoke<" in s.render()


@pytest.mark.parametrize("lang, words", [("en", ("follows suit", "not a revoke", "Law 61A")),
                                         ("da", ("bekender", "ikke en kulørsvigt", "§ 61A")),
                                         ("nb", ("følger farge", "ikke en revoke", "§ 61A"))])
def test_a_card_that_follows_suit_is_refused_in_revoke_mode(lang: str, words: tuple[str, ...]) -> None:
    # Our choice: refused, not played normally: the teacher asked for a revoke, and a card that follows suit is
    # none (61A). The table's own sentence names the mode that plays it; nothing changes, the mode stays.
    s = at(11, lang)
    before = len(s.history)
    click(s, "CJ", "revoke")
    kind, msg = s.message_text()
    assert kind == "error"
    for w in words:
        assert w in msg, msg
    assert "scenario" not in msg and "write it" not in msg
    assert len(s.history) == before and s.click_mode == "revoke"


def test_a_lead_is_refused_in_revoke_mode() -> None:
    s = at(8)   # dummy is to lead to trick 3
    click(s, "CA", "revoke")
    kind, msg = s.message_text()
    assert kind == "error" and "lead" in msg and "Law 61A" in msg
    assert len(s.history) == 8


def test_revoke_stands_and_the_partners_next_play_establishes_it() -> None:
    s = at(11)
    click(s, "H8", "revoke")        # West holds ♣J and plays ♥8: a revoke (61A)
    assert s.history[-1] == Play(Seat.WEST, Card.parse("H8"), revoke=True)
    assert s.click_mode == "play"   # one click, as the other irregular modes
    rv = s.table.state.revokes
    assert len(rv) == 1 and not rv[0].established and not rv[0].corrected
    assert "Law 61A" in says(s)
    # ♣A wins trick 3; attention may be drawn (62A)
    assert revoke_labels(s) == ["Attention is drawn to the revoke: West ♥8 on trick 3"]
    assert 'data-role="revoke"' in s.render()
    click(s, "D6")                  # dummy leads to trick 4: the non-offending side never establishes (63A1)
    assert not s.table.state.revokes[0].established
    assert revoke_labels(s)
    click(s, "D4")                  # East, the offender's partner, plays to trick 4: established (63A1)
    r = s.table.state.revokes[0]
    assert r.established and str(r.established_by) == "63A1"
    text = says(s)
    assert "established" in text and "Law 63A1" in text and "Law 63B" in text
    # no longer correctable (63B): the table no longer offers to draw attention
    assert revoke_labels(s) == []
    assert 'data-role="revoke"' not in s.render()


def test_attention_drawn_corrects_it_and_a_defenders_card_becomes_a_major_penalty_card() -> None:
    s = at(11, "da")
    click(s, "H8", "revoke")
    click(s, "D6")                  # a card of the next trick, played by the non-offending side
    assert revoke_labels(s) == ["Der gøres opmærksom på kulørsvigten: Vest ♥8 i stik 3"]
    s.handle({"action": "revoke_action", "arg": "0"})
    st = s.table.state
    assert s.message is None
    # 62A: corrected; 62B1: West's ♥8 is a major penalty card; trick 3 is open again, West to play to it
    assert st.revokes[0].corrected
    assert [(p.seat, str(p.card), p.kind, str(p.law)) for p in st.penalty_cards] == [
        (Seat.WEST, "H8", "major", "62B1")]
    assert st.to_act is Seat.WEST and len(st.trick) == 3 and len(st.tricks) == 2
    assert Card.parse("D6") in st.hand(Seat.NORTH)      # the later card goes back for now
    assert "§ 62B1" in says(s)
    # 62C1: North, a non-offender, may take back his card to the later trick (else it stands again)
    assert revoke_labels(s) == ["Nord tager ♦6, der blev spillet til stik 4, tilbage: kortet står ikke ved magt igen"]
    assert 'data-penalty="major"' in s.render().replace("data-penalty='major'", 'data-penalty="major"')
    click(s, "CJ")                  # West's legal card replaces the revoke
    assert s.table.state.tricks[2].plays[-1] == (Seat.WEST, Card.parse("CJ"))


def test_62c_withdrawals_are_offered_in_the_order_the_laws_allow() -> None:
    s = at(9)                       # dummy has led ♣A
    click(s, "H7", "revoke")        # East holds four clubs and plays ♥7 (61A)
    click(s, "C2")                  # South (non-offender) plays after the revoke
    click(s, "CJ")                  # West (offending side) too
    s.handle({"action": "revoke_action", "arg": "0"})
    st = s.table.state
    assert [(p.seat, str(p.card), p.kind) for p in st.penalty_cards] == [(Seat.EAST, "H7", "major")]
    # 62C1: South may take back ♣2; West (62C2) only after South has taken back his
    assert revoke_labels(s) == ["South withdraws ♣2"]
    s.handle({"action": "revoke_action", "arg": "0"})
    assert Card.parse("C2") in s.table.state.hand(Seat.SOUTH)
    assert revoke_labels(s) == ["West withdraws ♣J"]
    s.handle({"action": "revoke_action", "arg": "0"})
    st = s.table.state
    # 62C2: West is a defender, so his withdrawn card is a penalty card
    assert (Seat.WEST, Card.parse("CJ")) in {(p.seat, p.card) for p in st.penalty_cards}
    assert revoke_labels(s) == []
    s.handle({"action": "revoke_action", "arg": "0"})       # nothing on offer: refused, nothing changes
    assert s.message_text()[0] == "error"


def _play_out(s: TableSession, cards: list[str]) -> None:
    for c in cards:
        click(s, c)
        assert s.message is None, s.message_text()


def test_the_files_line_by_clicks_ends_with_the_64a1_transfer() -> None:
    s = at(11)
    click(s, "D2", "revoke")        # West ruffs ♣A with ♦2 although he holds ♣J, and wins trick 3
    rest = [str(e.card) for e in s.branches[0].events[12:]]
    _play_out(s, rest)
    st = s.table.state
    assert st.phase == "over"
    assert s.table.tricks[2].winner is Seat.WEST
    # Law 64A1: the offending player won the revoke trick; that trick and one later trick won by his side
    # (East-West win tricks after trick 3) are transferred: 2 tricks to North-South
    assert sum(1 for t in s.table.tricks[3:] if t.winner in (Seat.EAST, Seat.WEST)) >= 1
    text = says(s)
    assert "Tricks transferred: 2 (Law 64A1)" in text
    assert "Tricks transferred to North and South now that play is over: 2 (Law 64A)" in text
    assert "Law 64A" in s.render()


def test_a_revoke_that_does_not_win_its_trick_transfers_one_trick_64a2() -> None:
    s = at(11, "da")
    click(s, "H8", "revoke")
    click(s, "D6")
    click(s, "D4")                  # established (63A1)
    while s.table.state.phase != "over":
        st = s.table.state
        card = sorted(s.table.legal_cards(), key=lambda c: c.sort_key)[0]
        assert st.to_act is not None
        click(s, str(card))
        assert s.message is None, s.message_text()
    tricks = s.table.tricks
    assert tricks[2].winner is Seat.NORTH       # ♣A won the revoke trick
    later_ew = sum(1 for t in tricks[3:] if t.winner in (Seat.EAST, Seat.WEST))
    assert later_ew >= 1
    # Law 64A2: the offending player did not win the revoke trick, his side won a later trick: one trick
    text = says(s)
    assert "så ét stik overføres (§ 64A2)" in text
    assert "nu da spillet er slut: 1 (§ 64A)" in text


def revoke_offers(file: Path, n: int, lang: str = "en") -> list[tuple[str, str]]:
    """The revoke box's options, with their laws, after the first ``n`` events of ``file``."""
    s = TableSession.from_scenario(file, lang=lang, start=n)
    return [(ch.text(lang), str(ch.law)) for ch in revoke_choices(s.table)]


def test_after_a_trick_12_revoke_is_corrected_only_trick_12s_later_cards_are_offered_each_with_its_law() -> None:
    # 06: West ruffs dummy's ♠A at trick 12 with ♦9 although he holds ♠Q, and it is found after trick 13;
    # 62D1: it is corrected all the same. North (a non-offender) may take back his ♣K (62C1). East, whose
    # partner revoked before he played to trick 12, may change his ♠K (62D2, as the WBU and ACBL rule it).
    # The trick-13 cards are back in the hands, and each hand will hold one card for trick 13 once trick 12 is
    # complete: nothing to take back there
    offers = revoke_offers(ROOT / "notebooks" / "scenarios" / "06-kulorsvigt-tolvte-stik.toml", 53)
    assert offers == [("North withdraws ♣K", "62C1"), ("East withdraws ♠K", "62D2")]


@pytest.mark.parametrize("lang, label", [
    ("en", "North withdraws ♣10, played to trick 4: it will not stand again"),
    ("da", "Nord tager ♣10, der blev spillet til stik 4, tilbage: kortet står ikke ved magt igen"),
    ("nb", "Nord trekker tilbake ♣10, som ble spilt til stikk 4: kortet blir ikke stående igjen")])
def test_a_lead_to_the_next_trick_already_back_in_the_hand_is_offered_as_one_that_will_not_stand(
        lang: str, label: str) -> None:
    # West's revoke in trick 3 is corrected after dummy has led ♣10 to trick 4 (a non-offender's lead does
    # not establish it, 63A1); the lead goes back to dummy and stands again unless declarer takes it back,
    # which 62C1 lets him do
    offers = revoke_offers(ROOT / "tests" / "scenarios" / "revoke" / "62a-non-offenders-lead-does-not-establish.toml",
                           14, lang)
    assert offers == [(label, "62C1")]
