"""The bidding diagram marks a pass made under an obligation to pass (abrowser's finding 5, issue 36): the pass is
the player's own call, but the Laws left him no other (24B: "offender's partner must pass when next it is his turn
to call"; 27B2: "the offender's partner must pass whenever it is his turn to call"; 30A: the offender "must pass
when next it is his turn to call"), so it says nothing about his hand, and the room must see it is not a free pass.
It is drawn in italics with the law of the obligation; a pass after the obligation has lapsed is an ordinary pass
(the negative control), and a pass the Laws put in a player's place (28A) keeps its own law. With the ruling held
back (seminar and exam mode) the pass is drawn as any other: the obligation is part of the ruling."""

from __future__ import annotations

import re

import pytest

from bridgelaws import scenario as sc
from bridgelaws.render import html
from bridgelaws.render.board import board
from bridgelaws.view import position

AUCTION = "tests/scenarios/auction"


def last_auction_page(file: str, lang: str = "en", **kw: object) -> str:
    """The table's drawing at the last position that still shows the bidding diagram."""
    s = sc.load(f"{AUCTION}/{file}.toml")
    page = ""
    for n in range(1, 40):
        try:
            drawn = html.table(sc.replay(s, n), lang=lang, **kw)
        except Exception:  # noqa: BLE001 (past the file's last event)
            break
        if "bl-auction" in drawn:
            page = drawn
    assert page, f"{file}: no position shows the bidding diagram"
    return page


def calls(page: str) -> list[tuple[str, str, str, str | None]]:
    """Each call of the diagram: (seat and call, its class, its style, the law beside it)."""
    out = []
    for m in re.finditer(r'<span class="(bl-call-[a-z]+)" style="([^"]*)" data-call="([^"]+)">[^<]*</span>'
                         r'(?:(?:<wbr></wbr>)?<sup class="bl-call-law"[^>]*>([^<]*)</sup>)?', page):
        out.append((m[3], m[1], m[2], m[4]))
    return out


@pytest.mark.parametrize(("file", "obliged", "law", "free"), [
    # West must pass at his next turn only (24B): his first pass is obliged, his second is his own
    ("24B-honour-exposed-defender", 0, "Law 24B", 1),
    # East's pass out of rotation, cancelled: at his next turn he must pass (30A); later passes are his own
    ("30A-pass-out-of-rotation-rho", 0, "Law 30A", 1),
])
def test_a_pass_under_an_obligation_is_marked_with_its_law_until_the_obligation_lapses(
        file: str, obliged: int, law: str, free: int) -> None:
    seat = {"24B-honour-exposed-defender": "W", "30A-pass-out-of-rotation-rho": "E"}[file]
    found = calls(last_auction_page(file))
    passes = [c for c in found if c[0] == f"{seat} P" and c[1] != "bl-call-cancelled"]
    assert passes[obliged][1] == "bl-call-obliged" and "font-style:italic" in passes[obliged][2]
    assert passes[obliged][3] == law
    assert passes[free][1] == "bl-call-legal" and "italic" not in passes[free][2] and passes[free][3] is None


def test_27B2_marks_every_pass_of_the_offenders_partner() -> None:
    # West's insufficient 1♥ not accepted and replaced without the Director's finding (27B2): East must pass
    # whenever it is his turn; South's passes are free
    found = calls(last_auction_page("27B2-insufficient-bid-pass-partner"))
    east = [c for c in found if c[0] == "E P"]
    obliged = [c for c in east if c[1] == "bl-call-obliged"]
    assert obliged and all(c[3] == "Law 27B2" for c in obliged)
    south = [c for c in found if c[0] == "S P"]
    assert south and all(c[1] == "bl-call-legal" and c[3] is None for c in south)


def test_a_pass_the_laws_put_in_place_keeps_its_own_law() -> None:
    # 28A: South's call at West's turn when West must pass is in rotation; West's pass is his (imposed by 28A)
    found = calls(last_auction_page("28A-call-at-rho-turn-rho-must-pass"))
    (west,) = [c for c in found if c[0] == "W P" and c[1] == "bl-call-imposed"]
    assert west[3] == "Law 28A"


def test_the_obligation_is_held_back_with_the_ruling_and_speaks_each_language() -> None:
    s = sc.load(f"{AUCTION}/24B-honour-exposed-defender.toml")
    table = None
    for n in range(1, 40):
        t = sc.replay(s, n)
        if t.state.phase != "auction":
            break
        table = t
    assert table is not None and "bl-call-obliged" in board(position(table, "en"), "en")
    held = board(position(table, "en", hold_back=True), "en")
    assert "bl-auction" in held and "bl-call-obliged" not in held and "Law 24B" not in held
    for lang, word in (("da", "§ 24B"), ("nb", "§ 24B")):
        page = last_auction_page("24B-honour-exposed-defender", lang)
        assert 'class="bl-call-obliged"' in page and f">{word}</sup>" in page


def test_the_finding_buttons_are_offered_only_where_a_call_takes_a_finding() -> None:
    """The table never offers what the engine refuses (GUIDE): the Director's finding belongs to the offender's
    replacement of his insufficient bid (27B1) and to his later call after a call out of rotation was not accepted
    (31A2, 23A), not to an ordinary call, nor to the repetition 31A1 requires after RHO's pass."""
    from bridgelaws.auction import engine as A
    from bridgelaws.auction.calls import Call
    from bridgelaws.cards import Seat
    from bridgelaws.session.auction import finding_asked

    N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
    st = A.call(A.start(N), N, Call.parse("1S"))
    assert not any(finding_asked(st, seat) for seat in (N, E, S, W) if seat is not N)  # a plain auction
    ins = A.call(st, E, Call.parse("1H"))                  # insufficient, waits for South
    assert not finding_asked(ins, S)                        # South accepts or not: no finding
    assert finding_asked(ins, E)                            # 27C: East replaces it before South has answered
    rejected = A.reject(ins, S)
    assert finding_asked(rejected, E)                       # 27B1(a)/(b): the finding on East's replacement
    assert not finding_asked(rejected, W)
    with pytest.raises(A.AuctionError):
        A.call(rejected, W, Call.parse("P"), "comparable")  # negative control: the engine refuses it there
    # a bid out of rotation (South at East's turn, his RHO's), not accepted by West: East calls again
    ooo = A.reject(A.call(st, S, Call.parse("2S")), W)
    assert ooo.turn is E and not finding_asked(ooo, E)
    # after RHO's pass South must repeat his bid, with no finding (31A1) ...
    assert not finding_asked(A.call(ooo, E, Call.parse("P")), S)
    # ... after RHO's bid South's call takes the finding: comparable or not (31A2, 23A)
    assert finding_asked(A.call(ooo, E, Call.parse("2H")), S)
