"""Revokes, Laws 61 to 64: refusals that say which law, and a property test over random deals played with
random revokes, whose trick transfer is checked against a count of Law 64 written here from the Laws alone.

The count below does not use the engine's trick records: it replays the events with its own hands and its
own trick winner, finds each revoke's trick, who won it and which tricks the offending side won after it,
and applies 64A/64B as the 2017 Laws word them:

- 64A1: the offending player won the revoke trick: that trick plus one later trick won by his side;
- 64A2: he did not, but his side won that trick or a later one: one trick;
- 64B1: his side won neither: none; 64B2: a later revoke in the same suit by the same player: none;
  64B3: a revoke from dummy's hand (a card faced on the table): none; 64B6: trick 12: none;
  64B7: both sides revoked: none;
- the transferred tricks are tricks the offending side won from the first rectified revoke on, none twice.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgelaws import Contract, Deal, Seat, Table
from bridgelaws.cards import Card
from bridgelaws.errors import IllegalPlayError
from bridgelaws.events import CorrectRevoke, Play, Withdraw
from bridgelaws.laws import law
from bridgelaws.rules.revoke import adjustment, statements
from bridgelaws.scenario import load, replay
from bridgelaws.simulate import card_locations, revoke_playout

CONTRACTS = ["3NT", "4S", "2H", "5D", "1C"]
SCENARIOS = "tests/scenarios/revoke/"
# seed 000's deal: 3NT by South; West holds ♣J alone and ♦KQJ32
SEED000 = Deal.from_pbn("N:T542.AK2.76.AT98 AJ6.76.A954.K765 Q87.Q543.T8.Q432 K93.JT98.KQJ32.J")


def _contract(seed: int) -> Contract:
    return Contract.parse(CONTRACTS[seed % len(CONTRACTS)], "NESW"[seed // 7 % 4])


def _side(seat: Seat) -> str:
    return "NS" if seat in (Seat.NORTH, Seat.SOUTH) else "EW"


def _winner(plays: list[tuple[Seat, Card]], trump: object) -> Seat:
    """The trick's winner, from the Laws of the game: highest trump, else highest card of the suit led."""
    led = plays[0][1].suit
    trumps = [(s, c) for s, c in plays if trump is not None and c.suit is trump]
    pool = trumps or [(s, c) for s, c in plays if c.suit is led]
    return max(pool, key=lambda sc: sc[1].rank)[0]


def independent_transfer(deal: Deal, contract: Contract, events: list[object]) -> tuple[str | None, int]:
    """Law 64 counted from the events of a playout with uncorrected revokes only."""
    hands = {s: set(deal.hand(s).cards) for s in Seat}
    dummy = contract.declarer.partner
    tricks: list[list[tuple[Seat, Card]]] = []
    current: list[tuple[Seat, Card]] = []
    revokes = []                                  # (seat, trick number, suit led, from dummy)
    for ev in events:
        assert isinstance(ev, Play)
        if ev.revoke:
            led = current[0][1].suit
            assert any(c.suit is led for c in hands[ev.seat]) and ev.card.suit is not led
            revokes.append((ev.seat, len(tricks) + 1, led, ev.seat is dummy))
        hands[ev.seat].discard(ev.card)
        current.append((ev.seat, ev.card))
        if len(current) == 4:
            tricks.append(current)
            current = []
    assert len(tricks) == 13
    winners = [_winner(t, contract.trump) for t in tricks]
    # every revoke of a completed board is established: the offender's side played to the next trick (63A1)
    sides = {_side(r[0]) for r in revokes}
    if not revokes:
        return None, 0
    to = None if len(sides) == 2 else ("EW" if sides == {"NS"} else "NS")
    total, first = 0, None
    for i, (seat, t, suit, from_dummy) in enumerate(revokes):
        if t == 12 or len(sides) == 2 or from_dummy:
            continue                                              # 64B6, 64B7, 64B3
        if any(p[0] is seat and p[2] is suit for p in revokes[:i]):
            continue                                              # 64B2
        os_later = any(_side(w) == _side(seat) for w in winners[t:])
        if winners[t - 1] is seat:
            n = 2 if os_later else 1                              # 64A1
        elif os_later or _side(winners[t - 1]) == _side(seat):
            n = 1                                                 # 64A2
        else:
            n = 0                                                 # 64B1
        if n:
            total += n
            first = t if first is None else first
    if total:
        won_from_first = sum(1 for w in winners[first - 1:] if _side(w) == sides.copy().pop())
        total = min(total, won_from_first)
    return to, total


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=10**9))
def test_transfer_agrees_with_an_independent_count_of_law_64(seed: int) -> None:
    deal, contract = Deal.random(seed), _contract(seed)
    table = None
    events = []
    for table, ev in revoke_playout(deal, contract, seed, p_revoke=(0.02, 0.04, 0.15)[seed % 3]):
        events.append(ev)
        assert len(card_locations(table.state)) == 52
    assert table is not None and table.is_complete()
    adj = adjustment(table.state)
    assert adj is not None
    to, tricks = independent_transfer(deal, contract, events)
    assert (adj.to, adj.tricks) == (to, tricks), [str(e) for e in events if isinstance(e, Play) and e.revoke]
    assert all(r.established for r in table.state.revokes), "63A1: every revoke is established by the end"
    assert table.replay_matches()


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=10**9))
def test_revokes_and_corrections_keep_every_card_in_one_place_and_undo_restores(seed: int) -> None:
    deal, contract = Deal.random(seed), _contract(seed)
    table = None
    for table, _ in revoke_playout(deal, contract, seed, p_revoke=0.2, p_correct=0.5):
        state = table.state
        assert len(card_locations(state)) == 52
        assert all(state.is_defender(p.seat) for p in state.penalty_cards), "48A: only defenders"
    assert table is not None and table.is_complete() and len(table.tricks) == 13
    assert all(len(t.plays) == 4 for t in table.tricks)
    # undo and replay: popping every event back restores each earlier state exactly
    states = table.states
    assert Table(deal, contract, table.history).states == states
    copy = table.copy()
    for i in range(len(table.history), 0, -1):
        copy.pop()
        assert copy.state == states[i - 1]


# ---- refusals, each with its law -----------------------------------------------------------------------

def _seed_table(*plays: tuple[str, str, bool]) -> Table:
    t = Table(SEED000, Contract.parse("3NT", "S"))
    for seat, card, revoke in plays:
        t.push(Play(Seat.parse(seat), Card.parse(card), revoke=revoke))
    return t


TRICKS_1_TO_3 = [("W", "S3", False), ("N", "S2", False), ("E", "SA", False), ("S", "S7", False),
                 ("E", "S6", False), ("S", "S8", False), ("W", "S9", False), ("N", "ST", False),
                 ("N", "CA", False), ("E", "C5", False), ("S", "C2", False), ("W", "D3", True)]


def test_an_established_revoke_may_not_be_corrected_and_nothing_changes() -> None:
    t = _seed_table(*TRICKS_1_TO_3, ("N", "CT", False), ("E", "CK", False))
    before = t.state
    with pytest.raises(IllegalPlayError) as exc:
        t.push(CorrectRevoke(Seat.WEST, card=Card.parse("D3")))
    assert exc.value.law == law("63B")
    assert t.state is before
    assert "etableret" in exc.value.explain("da") and "etablert" in exc.value.explain("nb")


def test_a_card_that_follows_suit_is_not_a_revoke() -> None:
    t = _seed_table(*TRICKS_1_TO_3[:11])
    with pytest.raises(IllegalPlayError) as exc:
        t.push(Play(Seat.WEST, Card.parse("CJ"), revoke=True))
    assert exc.value.law == law("61A")


def test_a_lead_is_not_a_revoke() -> None:
    t = _seed_table()
    with pytest.raises(IllegalPlayError) as exc:
        t.push(Play(Seat.WEST, Card.parse("D3"), revoke=True))
    assert exc.value.law == law("61A")


def test_62c2_the_offenders_partner_withdraws_only_after_a_non_offender() -> None:
    t = _seed_table(*TRICKS_1_TO_3[:8], ("N", "H2", False), ("E", "H6", False), ("S", "HQ", False),
                    ("W", "H8", False), ("S", "C2", False), ("W", "D3", True), ("N", "C8", False), ("E", "CK", False))
    t.push(CorrectRevoke(Seat.WEST, card=Card.parse("D3")))
    with pytest.raises(IllegalPlayError) as exc:
        t.push(Withdraw(Seat.EAST, card=Card.parse("CK")))
    assert exc.value.law == law("62C2")
    t.push(Withdraw(Seat.NORTH, card=Card.parse("C8")))
    t.push(Withdraw(Seat.EAST, card=Card.parse("CK")))
    assert {(p.seat, str(p.card), p.kind) for p in t.penalty_cards()} == {
        (Seat.WEST, "D3", "major"), (Seat.EAST, "CK", "major")}


def test_withdraw_needs_a_corrected_revoke() -> None:
    t = _seed_table(("W", "S3", False), ("N", "S2", False))
    with pytest.raises(IllegalPlayError) as exc:
        t.push(Withdraw(Seat.NORTH, card=Card.parse("S2")))
    # no corrected revoke (62C), proper lead (53B) or corrected designation (47D): the card stays played (47F)
    assert exc.value.law == law("47F")


def test_the_director_at_the_end_of_the_article_example_cites_64a2_64b2_64a_and_64c() -> None:
    table = replay(load(SCENARIOS + "64b2-article-two-revokes-same-suit.toml"))
    assert [s.law for s in statements(table.state)] == [law("64A2"), law("64B2"), law("64A"), law("64C")]
    # and they are among what the Director says now, after the play
    assert [s.law for s in table.statements()][-4:] == [law("64A2"), law("64B2"), law("64A"), law("64C")]


def test_a_revoke_not_yet_established_is_told_as_correctable_then_as_established() -> None:
    t = _seed_table(*TRICKS_1_TO_3)
    assert law("62A") in [s.law for s in t.statements()]
    t.push(Play(Seat.NORTH, Card.parse("CT")))
    assert law("62A") in [s.law for s in t.statements()], "the non-offenders' lead does not establish it"
    t.push(Play(Seat.EAST, Card.parse("CK")))
    # said once, in one sentence, from this event on (language review round 3, SL1): 63A1 establishes it, and
    # under 63B it may no longer be corrected and the trick stands as played
    est = [s for s in t.statements() if "established" in s.message.key]
    assert [(s.law, s.message.params["stands"]) for s in est] == [(law("63A1"), law("63B"))]
    assert law("62A") not in [s.law for s in t.statements()]
    t.push(Play(Seat.SOUTH, min(t.legal_cards(Seat.SOUTH), key=str)))   # the next card: the same sentence
    assert [s.message for s in t.statements() if "established" in s.message.key] == [est[0].message]


def _64a_alone(state: object, seat: Seat, trick_no: int) -> int:
    """What 64A1/64A2 would transfer for one revoke, counted from the trick winners alone (no 64B)."""
    winners = [t.winner for t in state.tricks]  # type: ignore[attr-defined]
    side = _side(seat)
    later = any(_side(w) == side for w in winners[trick_no:])
    if winners[trick_no - 1] is seat:
        return 2 if later else 1
    return 1 if later or _side(winners[trick_no - 1]) == side else 0


@pytest.mark.parametrize(("name", "offender", "trick", "tricks_won"), [
    ("64b3-dummy-card-not-played.toml", Seat.NORTH, 1, {"NS": 7, "EW": 6}),
    ("64b3-penalty-card-not-played.toml", Seat.WEST, 2, {"NS": 5, "EW": 8}),
])
def test_64b3_a_revoke_that_failed_to_play_a_faced_card_transfers_no_trick(
        name: str, offender: Seat, trick: int, tricks_won: dict[str, int]) -> None:
    """Dummy's card, and a defender's only card of the suit lying as a penalty card: the result of play
    stands (64B3), although 64A alone would transfer a trick here (the offending side won the revoke trick
    or a later one)."""
    state = replay(load(SCENARIOS + name)).state
    assert _64a_alone(state, offender, trick) >= 1
    adj = adjustment(state)
    assert adj is not None and adj.tricks == 0
    from bridgelaws.rules.revoke import tricks_won as won
    assert won(state) == tricks_won


def test_64b2_the_second_revoke_in_the_same_suit_transfers_nothing() -> None:
    """The article: East revokes in spades on tricks 2 and 3. 64A2 alone would give a trick for each, and
    East-West won enough tricks from trick 2 on for two; the result is one trick (64B2)."""
    state = replay(load(SCENARIOS + "64b2-article-two-revokes-same-suit.toml")).state
    assert _64a_alone(state, Seat.EAST, 2) == 1 and _64a_alone(state, Seat.EAST, 3) == 1
    assert sum(1 for t in state.tricks[1:] if _side(t.winner) == "EW") >= 2
    adj = adjustment(state)
    assert adj is not None and (adj.to, adj.tricks) == ("NS", 1)


def test_random_revokes_are_reproducible() -> None:
    a = [str(e) for _, e in revoke_playout(Deal.random(7), _contract(7), 7, p_revoke=0.3)]
    b = [str(e) for _, e in revoke_playout(Deal.random(7), _contract(7), 7, p_revoke=0.3)]
    assert a == b and any("revoke" in x for x in a)


@pytest.mark.parametrize("lang", ["da", "nb", "en"])
def test_every_statement_of_every_revoke_scenario_is_written_in_each_language(lang: str) -> None:
    from pathlib import Path

    from bridgelaws import timeline

    for path in sorted(Path(SCENARIOS).glob("*.toml")):
        table = replay(load(path))
        for i in range(len(table.history) + 1):
            t = table.copy(i)
            for s in t.statements():
                assert "{" not in s.text(lang), (path.name, i)
            for n in t.state.notes:
                assert "{" not in n.text(lang), (path.name, i)
        for row in timeline.rows(table, every_event=True):
            assert row.what(lang)
            for cells in row.cells.values():
                for cell in cells:
                    assert cell.text(lang)


def test_a_revoke_is_corrected_while_declarer_would_choose_lead_options() -> None:
    from bridgelaws.events import Choose, Expose

    t = _seed_table(("W", "S3", False), ("N", "S2", False))
    t.push(Expose(Seat.WEST, Card.parse("HJ"), how="dropped"))            # a major penalty card (an honour)
    for seat, card in (("E", "SA"), ("S", "S7")):
        t.push(Play(Seat.parse(seat), Card.parse(card)))
    t.push(Choose(Seat.SOUTH, option="none"))                             # East leads: 50D2b
    for seat, card, revoke in (("E", "DA", False), ("S", "D8", False), ("W", "S9", True), ("N", "D6", False)):
        t.push(Play(Seat.parse(seat), Card.parse(card), revoke=revoke))
    assert t.state.pending is not None and t.state.pending.kind == "lead_options"   # East is on lead again
    t.push(CorrectRevoke(Seat.WEST, card=Card.parse("S9")))               # 62A: not established
    assert t.state.to_act is Seat.WEST and t.state.pending is None
    assert {str(c) for c in t.legal_cards()} == {"DK", "DQ", "DJ", "D3", "D2"}
    assert {(str(p.card), p.kind) for p in t.penalty_cards()} == {("HJ", "major"), ("S9", "major")}
    t.push(Play(Seat.WEST, Card.parse("D2")))
    assert t.state.pending is not None and t.state.pending.kind == "lead_options"   # 51B: two suits now


def test_an_illegal_lead_by_the_offenders_partner_establishes_the_revoke_63a1() -> None:
    from bridgelaws.events import Expose

    t = _seed_table(*TRICKS_1_TO_3)                        # dummy won trick 3 and is on lead
    t.push(Expose(Seat.EAST, Card.parse("CK"), how="lead_out_of_turn"))
    assert t.state.revokes[0].established and t.state.revokes[0].established_by == law("63A1")


def test_the_establishment_is_told_once_with_63a1_for_how_and_63b_for_the_trick_that_stands() -> None:
    """Language review L2 (issue #22): the event that establishes a revoke gets one sentence about it, citing
    the paragraph that established it (63A1) and Law 63B for "the trick stands as played"."""
    s = load(SCENARIOS + "63a1-partner-plays-64a2-one-trick.toml")
    for n in range(1, len(s.history) + 1):
        state = replay(s, n).state
        if any(r.established for r in state.revokes):
            break
    table = replay(s, n)
    for lang in ("en", "da", "nb"):
        said = [x for x in table.director_says(lang) if "etabl" in x or "establ" in x]
        assert len(said) == 1, said
        assert "63A1" in said[0] and "63B" in said[0]
    later = [x for x in replay(s, n + 1).director_says("en") if "establ" in x]
    assert len(later) == 1 and "may no longer be corrected" in later[0]


def test_62d2_the_revokers_partner_changes_his_trick_12_card_without_waiting_for_a_non_offender() -> None:
    """WBU January 2019 / ACBL "Revokes at trick 12": tricks 12 and 13 are rebuilt; West changes the ♣6 his
    partner's revoke led him to discard, and 16C is stated. On an earlier trick 62C2's order still holds
    (test_62c2_the_offenders_partner_withdraws_only_after_a_non_offender)."""
    s = load(SCENARIOS + "62d-wbu-2019-rebuild-tricks-12-13.toml")
    table = replay(s, 53)
    state = table.push(Withdraw(Seat.WEST, card=Card.parse("C6")))
    assert Card.parse("C6") in state.hand(Seat.WEST)
    assert not state.penalty_cards_of(Seat.WEST)
    (n,) = state.notes
    assert n.law == law("62D2") and n.message.params["ui"] == law("16C")
    for lang in ("en", "da", "nb"):
        assert "16C" in " ".join(table.director_says(lang))


def _wbu_after_trick_11() -> Table:
    s = load(SCENARIOS + "62d-wbu-2019-rebuild-tricks-12-13.toml")
    return replay(s, 44)


def test_62d2_correct_revoke_before_partner_plays_no_penalty_card_16c() -> None:
    """62D2: "If a defender revokes on the twelfth trick before his partner's turn to play to the trick, Law 16C
    applies." East ruffs dummy's ♦2 with ♥J holding ♦5, South plays ♦Q, and attention is drawn before West plays:
    East's ♥J goes back to his hand (our reading: docs/revokes.md), 62D2 and 16C are stated, no penalty card law;
    South may take back ♦Q (62C1, with 16C)."""
    t = _wbu_after_trick_11()
    for seat, card, flag in ((Seat.NORTH, "D2", False), (Seat.EAST, "HJ", True), (Seat.SOUTH, "DQ", False)):
        t.push(Play(seat, Card.parse(card), revoke=flag))
    st = t.push(CorrectRevoke(Seat.EAST, card=Card.parse("HJ")))
    assert not st.penalty_cards and Card.parse("HJ") in st.hand(Seat.EAST)
    assert t.legal_cards() == frozenset([Card.parse("D5")])
    cited = {c for x in t.statements() for c in ([x.law.code] if x.law else [])
             + [v.code for v in x.message.params.values() if hasattr(v, "code") and hasattr(v, "cite")]}
    assert {"62D2", "16C", "62C1"} <= cited
    assert not cited & {"62B1", "50B", "50D1a", "50D1b", "50D2", "50E"}


def test_62b1_when_the_partner_had_played_before_the_trick_12_revoke() -> None:
    """62D2 needs the revoke "before his partner's turn": South leads ♦Q to trick 12 in a position where West plays
    before East; with West already played, East's corrected revoke card is a major penalty card (62B1)."""
    s = load(SCENARIOS + "62b1-trick-12-after-partner-played-trick-13-plays-itself.toml")
    t = replay(s, 48)
    assert [(p.seat, str(p.card), p.kind) for p in t.penalty_cards()] == [(Seat.WEST, "HJ", "major")]
    assert "62D2" not in {x.law.code for x in t.statements() if x.law}


def test_a_57a_choice_for_a_partner_with_one_card_is_moot() -> None:
    """Trick 13: South leads ♥4 and East plays ♥J before his partner West, who holds one card. ♥J is a major
    penalty card (57A), but no option declarer could choose for West can change his card: the decision is recorded
    as moot, with 57A, and not awaited (ACBL: "the cards play themselves")."""
    from bridgelaws.events import Expose

    t = _wbu_after_trick_11()
    for seat, card in ((Seat.NORTH, "D2"), (Seat.EAST, "D5"), (Seat.SOUTH, "DQ"), (Seat.WEST, "C6"),
                       (Seat.SOUTH, "H4")):
        t.push(Play(seat, Card.parse(card)))
    st = t.push(Expose(Seat.EAST, Card.parse("HJ"), how="premature_play"))
    assert st.pending is None and t.declarer_options() == frozenset()
    assert [(p.seat, str(p.card), p.kind) for p in st.penalty_cards] == [(Seat.EAST, "HJ", "major")]
    assert [n.message.key for n in st.notes] == ["note.premature_penalty", "note.moot_decision"]
    assert st.notes[-1].law == law("57A")
    assert t.legal_cards() == frozenset([Card.parse("H9")])
    t.push(Play(Seat.WEST, Card.parse("H9")))
    t.push(Play(Seat.NORTH, Card.parse("S2")))
    st = t.push(Play(Seat.EAST, Card.parse("HJ")))
    assert st.phase == "over" and st.tricks[-1].winner is Seat.EAST


def test_no_50d2_options_are_announced_on_trick_12_for_a_lead_to_trick_13() -> None:
    """West names ♥J on trick 12 (a major penalty card, 49, 50B) while dummy is to lead: East's only later lead
    would be to trick 13, where every hand holds one card, so the Director announces no 50D2 options for it (they
    would be moot); 50D1a and 50E are still stated. Once East wins trick 12, his lead waits for nothing."""
    from bridgelaws.events import Expose

    s = load(SCENARIOS + "62b1-trick-12-after-partner-played-trick-13-plays-itself.toml")
    t = replay(s, 44)
    t.push(Expose(Seat.WEST, Card.parse("HJ"), how="named"))
    cited = {x.law.code for x in t.statements() if x.law}
    assert "50D2" not in cited and {"50B", "50D1a", "50E"} <= cited
    for seat, card in ((Seat.NORTH, "D2"), (Seat.EAST, "D9"), (Seat.SOUTH, "D3"), (Seat.WEST, "D5")):
        t.push(Play(seat, Card.parse(card)))
    assert t.to_act() is Seat.EAST and t.pending is None and t.legal_cards() == frozenset([Card.parse("CA")])
    assert [n.message.key for n in t.state.notes][-1] == "note.moot_decision"
