"""The double-dummy values on the card table (bridgelaws/session/worth.py, issue 29 item 3):

- the decision box's "What is each option worth?" computes on a click only (never while the table is drawn)
  and then shows each option's tricks for declarer's side, with the caveat that double dummy is not the likely
  result Law 12 asks about;
- in seminar and exam mode the values are held back like the ruling, and the action is refused until it is shown;
- a value the search could not finish is labelled as a bound ("at least 8");
- without endplay (the offline site) a position not stored says, in the user's language, that the values need
  the full installation;
- the 64C check at the end of a board with an established revoke (the table's result apart, labelled as the
  table's; double dummy without the revoke against double dummy with it and the transfer), and the claim's tricks
  (beside an agreed claim, the number labelled as information, and Law 69B named).

References: the number of tricks in play and after the transfer is the article's (06, "etableret-et-stik":
North-South 7 tricks, one transferred, 64A2); the double-dummy references are computed here with endplay's own
solver on the position the Laws describe (after 50D2a's club requirement ♣6 is no longer a penalty card, so
plain play from East's club lead; had West followed suit at trick 3 his one club, ♣J, was his only legal card),
not with the analysis layer.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("endplay")

from bridgelaws.analysis.worth import Worth
from bridgelaws.cards import Card, Seat
from bridgelaws.events import Choose, Play
from bridgelaws.i18n import text
from bridgelaws.session import TableSession
from bridgelaws.session import worth as sw
from bridgelaws.session.panel import side_panel

ROOT = Path(__file__).resolve().parent.parent
SC = ROOT / "notebooks" / "scenarios"
EX2 = SC / "01-stort-strafkort-ex2-lead-options.toml"
REVOKE = SC / "06-kulorsvigt-etableret-et-stik.toml"
LANGS = ("da", "nb", "en")


def session(path: Path = EX2, mode: str = "lesson", lang: str = "en") -> Any:
    return TableSession.from_scenario(path, lang=lang, mode=mode, start="end")


def box(s: Any, kind: str = "") -> Any:
    """The worth box of ``kind`` (default: the only one) the table shows now; None when there is none."""
    boxes = side_panel(s, s.view()).worth
    if not kind:
        assert len(boxes) <= 1, boxes
        return boxes[0] if boxes else None
    return next((b for b in boxes if b["kind"] == kind), None)


# ---- the references, with endplay's own solver --------------------------------------------------------------

def _pbn(state: Any) -> str:
    hands = []
    for seat in (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST):
        held = [str(c) for c in state.holding(seat)]
        hands.append(".".join("".join(c[1:] for c in held if c[0] == s) for s in "SHDC"))
    return "N:" + " ".join(hands)


def dds_for_ns(state: Any, leader: Seat, trump: str) -> int:
    """The remaining tricks North-South take from ``state`` (no card in the trick), ``leader`` to lead, with
    DDS through endplay's public API."""
    from endplay.dds import solve_board
    from endplay.types import Deal, Denom, Player

    d = Deal(_pbn(state))
    d.first = Player.find(leader.value)
    d.trump = {"S": Denom.spades, "H": Denom.hearts, "D": Denom.diamonds, "C": Denom.clubs, "NT": Denom.nt}[trump]
    best = max(n for _, n in solve_board(d))
    rest = 13 - len(state.tricks)
    return best if leader in (Seat.NORTH, Seat.SOUTH) else rest - best


def ns_won(state: Any) -> int:
    return sum(1 for t in state.tricks if t.winner in (Seat.NORTH, Seat.SOUTH))


def require_clubs_reference() -> int:
    """01's example 2, declarer requires a club (50D2a): ♣6 is picked up and nothing binds any more; East
    leads the club best for East-West. DDS gives East's side's tricks for each card East may lead."""
    from endplay.dds import solve_board
    from endplay.types import Deal, Denom, Player

    s = session()
    st = s.table.apply(s.table.state, Choose(Seat.SOUTH, option="require", suit=Card.parse("C2").suit))
    assert st.to_act is Seat.EAST and not st.penalty_cards
    d = Deal(_pbn(st))
    d.first = Player.east
    d.trump = Denom.spades
    ew = max(n for card, n in solve_board(d) if card.suit == Denom.clubs)
    return ns_won(st) + (13 - len(st.tricks)) - ew


# ---- the decision box ---------------------------------------------------------------------------------------

def test_nothing_is_computed_while_the_table_is_drawn(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []
    real = sw.compute

    def counting(s: Any, kind: str, budget: float | None = None) -> Any:
        calls.append(kind)
        return real(s, kind, budget)

    monkeypatch.setattr(sw, "compute", counting)
    from bridgelaws.widgets import CardTable

    s = session()
    w = CardTable(session=s)
    for action in ("back", "step", "reveal", "reveal"):   # the table drawn again and again
        w.send_action({"action": action})
        assert 'data-action="worth"' in w.html or action == "back"
    b = box(s)
    assert calls == []
    assert b["button"].action == "worth" and not b["lines"]
    s.handle({"action": "worth"})
    s.handle({"action": "worth"})      # a second click on the same position: kept, not computed again
    box(s)
    assert calls == ["decision"]


def test_each_option_shows_its_tricks_in_each_language() -> None:
    s = session()
    s.handle({"action": "worth"})
    for lang in LANGS:
        s.set_lang(lang)
        b = box(s)
        assert b["heading"] == text("worthbox.heading", lang, seats=(Seat.NORTH, Seat.SOUTH))
        assert b["caveat"] == text("worth.caveat", lang)
        labels = [ch.text(lang) for ch in s.view().decision.options]
        assert [line.split(":")[0] for line in b["lines"]] == labels   # one line per option, in the box's order
    s.set_lang("en")
    lines = dict(line.split(": ") for line in box(s)["lines"])
    assert int(lines["Require ♣"]) == require_clubs_reference()


def test_caveat_names_law_12_in_each_language() -> None:
    assert "Law 12" in text("worth.caveat", "en")
    assert "§ 12" in text("worth.caveat", "da") and "sandsynlige" in text("worth.caveat", "da")
    assert "§ 12" in text("worth.caveat", "nb") and "sannsynlige" in text("worth.caveat", "nb")


@pytest.mark.parametrize("mode", ["seminar", "exam"])
def test_values_are_held_back_with_the_ruling(mode: str) -> None:
    s = session(mode=mode)
    assert s.held_back
    b = box(s)
    assert b.get("button") is None and not b["lines"]
    assert b["note"] == text("worthbox.held_back", "en")
    with pytest.raises(ValueError):
        sw.request(s)
    assert s.worth_results == {}
    s.revealed = True            # the ruling shown (Reveal; in exam mode, the answer)
    assert box(s)["button"].action == "worth"
    s.handle({"action": "worth"})
    assert len(box(s)["lines"]) == 3


def test_a_bound_is_labelled_at_least(monkeypatch: pytest.MonkeyPatch) -> None:
    s = session()
    from bridgelaws.analysis import worth as aw

    real = aw.option_values

    def bounded(table: Any, state: Any = None, budget: float = 10.0) -> list[Any]:
        out = real(table, state, budget)
        return [type(v)(v.option, v.events, Worth(5, 9)) if v.option == "none" else v for v in out]

    monkeypatch.setattr(aw, "option_values", bounded)
    s.handle({"action": "worth"})
    words = {"en": "at least 5", "da": "mindst 5", "nb": "minst 5"}
    for lang in LANGS:
        s.set_lang(lang)
        last = box(s)["lines"][-1]
        assert last.endswith(": " + words[lang]), last
        assert not any(line.endswith(words[lang]) for line in box(s)["lines"][:-1])


def values_file_beside_ex2(folder: Path, options: dict[str, list[int]] | None, file: bool = True) -> Path:
    """01's example 2 copied into ``folder`` with a values file beside it (the analysis layer's format,
    bridgelaws/analysis/stored.py) holding ``options`` for its decision, or no position at all (None); or with
    no values file (``file`` False)."""
    import json
    import shutil

    from bridgelaws.analysis import stored

    shutil.copy(EX2, folder / EX2.name)
    if not file:
        return folder / EX2.name
    positions = {}
    if options is not None:
        st = session().table.state
        positions[stored.position_fingerprint(st)] = {"scenario": "stort-strafkort-ex2-lead-options", "after": 9,
                                                      "options": [[k, *v] for k, v in options.items()]}
    (folder / stored.FILE_NAME).write_text(json.dumps({"format": stored.FORMAT, "positions": positions}),
                                           encoding="utf-8")
    return folder / EX2.name


@pytest.mark.parametrize("stored_file", [False, True])
def test_without_dds_an_unstored_position_needs_the_full_installation(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, stored_file: bool) -> None:
    monkeypatch.setattr(sw, "dds_available", lambda: False)
    monkeypatch.chdir(tmp_path)                      # no values file found from the working folder either
    path = values_file_beside_ex2(tmp_path, None, file=stored_file)
    s = session(path)
    s.handle({"action": "worth"})
    words = {"en": "full installation", "da": "fulde installation", "nb": "fullstendige installasjonen"}
    for lang in LANGS:
        s.set_lang(lang)
        b = box(s)
        assert b["note"] == text("worth.not_stored", lang) and words[lang] in b["note"] and not b["lines"]


def test_without_dds_the_stored_values_are_shown(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    # numbers no search gives (a bound, and values unlike each other): what the box shows is the file's
    path = values_file_beside_ex2(tmp_path, {"require:C": [7, 7], "forbid:C": [6, 6], "none": [5, 9]})
    monkeypatch.setattr(sw, "dds_available", lambda: False)
    s = session(path)
    s.handle({"action": "worth"})
    assert box(s)["lines"] == ("Require ♣: 7", "Forbid ♣: 6", "No restriction: at least 5")
    s.set_lang("nb")
    assert box(s)["lines"] == ("Krev ♣: 7", "Forby ♣: 6", "Ingen begrensning: minst 5")


def test_stored_values_for_other_options_are_not_taken(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    path = values_file_beside_ex2(tmp_path, {"require:C": [7, 7], "none": [5, 5]})   # forbid:C missing
    monkeypatch.setattr(sw, "dds_available", lambda: False)
    s = session(path)
    s.handle({"action": "worth"})
    assert box(s)["note"] == text("worth.not_stored", "en")


def test_the_box_is_drawn_in_the_decision_box_and_only_where_a_decision_waits() -> None:
    from bridgelaws.widgets import CardTable

    s = session()
    w = CardTable(session=s)
    assert 'data-action="worth"' in w.html
    w.send_action({"action": "worth"})
    html = w.html
    assert html.count('data-role="worth-value"') == 3 and "not the likely result at the table that Law 12" in html
    w.send_action({"action": "back"})          # trick 2 not yet finished: no decision, no control
    assert 'data-action="worth"' not in w.html
    with pytest.raises(ValueError):
        sw.request(w.session)


# ---- the 64C check and the claim ------------------------------------------------------------------------------

def test_64c_check_at_the_end_of_a_board_with_an_established_revoke() -> None:
    s = session(REVOKE)
    assert s.table.state.phase == "over"
    b = box(s)
    assert b["kind"] == "revoke" and b["button"].action == "worth"
    s.handle({"action": "worth"})
    lines = box(s)["lines"]
    # the article: North-South 7 tricks in play, one transferred (64A2); labelled as the table's result
    assert lines[0] == "At the table, after West's revoke on trick 3: 7 tricks in play, 8 after the transfer."
    assert box(s)["heading"] == "Tricks for North and South in the whole board:"        # not "double dummy"
    # had West followed suit at trick 3 (his one club, ♣J): double dummy from there, DDS's own answer
    sc_table = s.table
    before = sc_table.states[11]
    after = sc_table.apply(before, Play(Seat.WEST, Card.parse("CJ")))
    reference = ns_won(after) + dds_for_ns(after, after.tricks[-1].winner, "NT")
    assert lines[1].endswith(f": {reference}."), lines[1]
    # then double dummy from the same position with the revoke standing and the transfer, and what the revoke
    # cost by these two numbers: North-South are the non-offending side, so a cost is fewer tricks for them
    (check,) = s.worth_results[(sw.position_key(s), "revoke")].values
    assert lines[2] == text("worthbox.revoke.dd_revoke", "en", value=str(check.with_revoke.lower))
    cost = reference - check.with_revoke.lower
    assert lines[3] == (text("worthbox.revoke.short", "en", n=cost) if cost > 0
                        else text("worthbox.revoke.not_short", "en"))
    assert len(lines) == 5
    # information for the Director's judgement under 64C, not a ruling
    assert lines[-1] == text("worthbox.revoke.judgement", "en")
    for lang in ("da", "nb"):
        s.set_lang(lang)
        assert box(s)["lines"][-1] == text("worthbox.revoke.judgement", lang) and "64C" in box(s)["lines"][-1]


def test_no_64c_box_after_a_corrected_trick_12_revoke() -> None:
    # 62D: a revoke at trick 12 is corrected although established; no trick is transferred (64A does not
    # apply), so there is nothing for 64C to weigh
    s = session(SC / "06-kulorsvigt-tolvte-stik.toml")
    assert s.table.state.phase == "over" and s.table.state.revokes
    assert box(s) is None
    with pytest.raises(ValueError):
        sw.request(s)


def test_claim_shows_double_dummy_from_the_claim_position_beside_the_worst_line() -> None:
    from bridgelaws.analysis.claims import MAX_COMPUTED_TRICKS

    s = session(SC / "06-kulorsvigt-krav-accepteres.toml")
    b = box(s, "claim")
    assert b["button"].action == "worth" and b["button"].arg == "claim"
    s.handle({"action": "worth", "arg": "claim"})
    assert box(s, "revoke")["button"] is not None          # the 64C check is its own click
    lines = box(s, "claim")["lines"]
    # the claim came after trick 3 (the article), at a trick's start with nothing binding: DDS's own answer
    claim_at = next(i for i, st in enumerate(s.table.states) if st.claim is not None)
    before = s.table.states[claim_at - 1]
    assert len(before.tricks) == 3 and not before.penalty_cards and before.pending is None
    reference = ns_won(before) + dds_for_ns(before, before.tricks[-1].winner, "NT")
    assert lines[0] == text("worthbox.claim.dd", "en", value=str(reference))
    # ten tricks left: more than the claim solver answers exactly, and the box says so rather than guess
    assert 10 > MAX_COMPUTED_TRICKS
    assert lines[1] == text("worthbox.claim.no_worst", "en")
    # West agreed to the claim: the number is information, and agreement may be withdrawn under 69B
    assert s.table.state.claim.status == "agreed"
    assert lines[2] == text("worthbox.claim.agreed", "en") and len(lines) == 3
    for lang, law in (("en", "Law 69B"), ("da", "§ 69B"), ("nb", "§ 69B")):
        s.set_lang(lang)
        assert law in box(s, "claim")["lines"][2]


def test_a_claim_that_establishes_a_revoke_also_gets_the_64c_check() -> None:
    # 06: West agrees to South's claim of 9 of the last 10 tricks, which establishes his revoke (63A4); the
    # article: North-South 2 + 9 = 11 tricks, one transferred (64A2)
    s = session(SC / "06-kulorsvigt-krav-accepteres.toml")
    assert [b["kind"] for b in side_panel(s, s.view()).worth] == ["claim", "revoke"]
    s.handle({"action": "worth", "arg": "revoke"})
    assert box(s, "claim")["lines"] == ()                   # not computed: nobody asked for it
    assert box(s, "revoke")["lines"][0] == ("At the table, after West's revoke on trick 3: 11 tricks in play, "
                                            "12 after the transfer.")


def test_claim_box_gives_the_worst_legal_line_where_the_claim_solver_answers() -> None:
    # tests/scenarios/claims/70-disputed-claim-computed.toml: after trick 8 North-South claim the last five
    # tricks, and its reasoning says that whatever any player legally plays they take all five; so both the
    # worst legal line and double dummy are the tricks they have won plus five
    s = session(ROOT / "tests" / "scenarios" / "claims" / "70-disputed-claim-computed.toml")
    s.handle({"action": "worth", "arg": "claim"})
    claim_at = next(i for i, st in enumerate(s.table.states) if st.claim is not None)
    before = s.table.states[claim_at - 1]
    assert len(before.tricks) == 8
    whole = ns_won(before) + 5
    assert box(s, "claim")["lines"] == (text("worthbox.claim.dd", "en", value=str(whole)),
                                        text("worthbox.claim.worst", "en", n=whole))


def test_without_dds_01_example_2_shows_the_values_of_the_full_installation(monkeypatch: pytest.MonkeyPatch) -> None:
    # the offline site's path: the values file beside the article's scenarios holds 01's example 2, and the box
    # shows from it what DDS gives where it is installed (the first line checked against endplay's own solver)
    full = session()
    full.handle({"action": "worth"})
    monkeypatch.setattr(sw, "dds_available", lambda: False)
    offline = session()
    offline.handle({"action": "worth"})
    for lang in LANGS:
        full.set_lang(lang)
        offline.set_lang(lang)
        assert box(offline)["lines"] == box(full)["lines"] and len(box(offline)["lines"]) == 3
    assert box(offline)["lines"][0] == f"Require ♣: {require_clubs_reference()}"
