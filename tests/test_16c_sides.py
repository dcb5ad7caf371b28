"""Law 16C's sides in every statement that names them (issue 35, audit gap 1(a)).

For each 16C statement the engine makes, the corpus file and event that produce it are replayed, and the seats
the message puts on the authorized and on the unauthorized side are compared with a table written from the
Laws, not from the library:

- 16C1: "For a non-offending side, all information arising from a withdrawn action is authorized, whether the
  action be its own or its opponents'."
- 16C2: "For an offending side, information arising from its own withdrawn action and from withdrawn actions of
  the non-offending side is unauthorized." (WBF 2017)

So the authorized seats are the non-offending side and the unauthorized seats the offending side, whoever
withdrew. The offending side in each case (docs/revokes.md, "Information from withdrawn cards"):

- 47E1 (lead and play): the side whose player wrongly told the player it was his turn (here South, declarer).
- 53B: the side of the player who led out of turn.
- 45C4b/47D: declarer's side (45C4(b) refers the replaying defender to 16C1).
- 62C1, 62C2, 62D2: the revoker's side.

Each message is checked twice: its parameters (the seats the engine passes), and its rendered text in en, da and
nb (the seat names that follow the language's authorized and unauthorized words). The planted control swaps the
sides of 62D2 as the audit's fault E1 did and shows that the comparison fails.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bridgelaws.cards import Seat
from bridgelaws.i18n import Message
from bridgelaws.scenario import load, replay

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
NS, EW = frozenset({N, S}), frozenset({E, W})
ROOT = Path(__file__).resolve().parent.parent

# (file, events replayed, message key, authorized seats, unauthorized seats), written from 16C and the law that
# withdrew the card; the comment says who offended
CASES = [
    # South told East it was his lead; East's ♦4 is retracted (47E1): North-South offended
    ("tests/scenarios/penalty/leads/47e1-lead-after-misinformation.toml", 9, "lp.note.47E1", EW, NS),
    # South told East it was his turn; East's ♦5 is retracted (47E1, a play): North-South offended
    ("tests/scenarios/penalty/premature/47e1-premature-play-after-misinformation.toml", 6, "lp.note.47E1_play",
     EW, NS),
    # East led ♦A out of turn; South made his proper lead; East takes ♦A back (53B): East-West offended
    ("tests/scenarios/penalty/leads/53b-offender-withdraws-card-played-in-error.toml", 27, "lp.note.withdrawn_53B",
     NS, EW),
    # West led ♦9 out of turn; it cannot stand in the trick of South's proper lead (53B): East-West offended
    ("tests/scenarios/penalty/leads/53b-proper-lead-card-in-error-cannot-stand.toml", 26,
     "lp.note.53B_in_error_back", NS, EW),
    # declarer changed "club eight" to "diamond eight"; East may replay (45C4b): declarer's side offended
    ("tests/scenarios/played_card/45c4b-opponent-withdraws-card-47d.toml", 7, "played.note.opponent_may_replay",
     EW, NS),
    # ... and East takes his ♣9 back (47D)
    ("tests/scenarios/played_card/45c4b-opponent-withdraws-card-47d.toml", 8, "lp.note.withdrawn_45C4b", EW, NS),
    # West revoked; dummy (a non-offender) takes ♣8 back (62C1): East-West offended
    ("tests/scenarios/revoke/62c-withdrawals-after-correction.toml", 18, "revoke.note.withdrawn_nos", NS, EW),
    # then East, of the offending side, takes ♣K back; a major penalty card (62C2)
    ("tests/scenarios/revoke/62c-withdrawals-after-correction.toml", 19, "revoke.note.withdrawn_os_pc", NS, EW),
    # East revoked on trick 12 before West's turn; corrected after trick 13 (62D1, 62D2): East-West offended
    ("tests/scenarios/revoke/62d-wbu-2019-rebuild-tricks-12-13.toml", 53, "revoke.note.62d2_no_penalty", NS, EW),
    # West, the revoker's partner, changes his card to trick 12 (62D2)
    ("tests/scenarios/revoke/62d-wbu-2019-rebuild-tricks-12-13.toml", 54, "revoke.note.62d2_changed", NS, EW),
    # the same revoke noticed at once (expose … revoke_corrected, 62D2)
    ("tests/scenarios/revoke/62d2-corrected-before-partner-plays.toml", 46, "revoke.note.62d2_no_penalty", NS, EW),
]

# the words that introduce each side, and the seat names, in each language's text
POLARITY = {
    "en": (r"(?<!un)authorized", r"unauthorized"),
    "da": (r"(?<!u)beføjede", r"ubeføjede"),
    "nb": (r"lovlig", r"urettmessig"),
}
SEAT_NAMES = {
    "en": {N: "North", E: "East", S: "South", W: "West"},
    "da": {N: "Nord", E: "Øst", S: "Syd", W: "Vest"},
    "nb": {N: "Nord", E: "Øst", S: "Syd", W: "Vest"},
}


def _message(path: str, upto: int, key: str) -> Message:
    table = replay(load(ROOT / path), upto)
    found = [st.message for st in table.statements() if st.message.key == key]
    assert found, f"{path} after event {upto}: no statement {key}; got {[st.message.key for st in table.statements()]}"
    return found[0]


def _seats_in(text: str, lang: str) -> tuple[frozenset[Seat], frozenset[Seat]]:
    """The seats named after the authorized word and after the unauthorized word of ``text``."""
    auth, unauth = POLARITY[lang]
    marks = sorted([(m.start(), "a") for m in re.finditer(auth, text)]
                   + [(m.start(), "u") for m in re.finditer(unauth, text)])
    out: dict[str, set[Seat]] = {"a": set(), "u": set()}
    for i, (pos, kind) in enumerate(marks):
        end = marks[i + 1][0] if i + 1 < len(marks) else len(text)
        segment = re.split(r"[;:.](?:\s|$)", text[pos:end])[0]
        out[kind] |= {s for s, name in SEAT_NAMES[lang].items() if re.search(rf"\b{name}\b", segment)}
    return frozenset(out["a"]), frozenset(out["u"])


def _check(msg: Message, authorized: frozenset[Seat], unauthorized: frozenset[Seat]) -> list[str]:
    problems = []
    got_a, got_u = frozenset(msg.params.get("authorized", ())), frozenset(msg.params.get("unauthorized", ()))
    if (got_a, got_u) != (authorized, unauthorized):
        problems.append(f"parameters: authorized {sorted(s.value for s in got_a)}, unauthorized "
                        f"{sorted(s.value for s in got_u)}")
    for lang in ("en", "da", "nb"):
        a, u = _seats_in(msg.text(lang), lang)
        if (a, u) != (authorized, unauthorized):
            problems.append(f"{lang}: authorized {sorted(s.value for s in a)}, unauthorized "
                            f"{sorted(s.value for s in u)} in {msg.text(lang)!r}")
    return problems


@pytest.mark.parametrize("path,upto,key,authorized,unauthorized", CASES,
                         ids=[f"{c[2]}@{Path(c[0]).stem}:{c[1]}" for c in CASES])
def test_a_16c_statement_puts_the_non_offending_side_on_the_authorized_side(
        path: str, upto: int, key: str, authorized: frozenset[Seat], unauthorized: frozenset[Seat]) -> None:
    assert authorized | unauthorized == NS | EW and not authorized & unauthorized   # the table itself
    assert _check(_message(path, upto, key), authorized, unauthorized) == []


def test_47e1_the_misled_seats_side_is_authorized() -> None:
    # language review round 4, H-2: for lp.note.47E1* the misled seat's side is among the authorized seats
    for path, upto, key in (CASES[0][:3], CASES[1][:3]):
        msg = _message(path, upto, key)
        misled = msg.params["seat"]
        assert {misled, misled.partner} == set(msg.params["authorized"])
        assert misled not in msg.params["unauthorized"]


def test_the_16c2_restraint_is_stated_to_the_revokers_partner_when_he_is_to_play() -> None:
    # 62D2: East revoked on trick 12 and took ♥J back; after South's ♦Q West is to play with a choice (♥9, ♣6),
    # and 16C2 binds him; South, to play before him, is of the non-offending side: nothing binds him
    path = "tests/scenarios/revoke/62d2-corrected-before-partner-plays.toml"
    msg = _message(path, 48, "dir.16C_binds")
    assert msg.params["seat"] is W
    assert {str(c) for c in msg.params["cards"]} == {"HJ"}
    south = replay(load(ROOT / path), 47)
    assert south.state.to_act is S
    assert not [st for st in south.statements() if st.message.key == "dir.16C_binds"]


def test_a_swapped_side_fails_planted_e1(monkeypatch: pytest.MonkeyPatch) -> None:
    # the audit's E1: 62D2 (the partner changes his trick-12 card) with the sides swapped in rules/revoke.py
    from bridgelaws.rules import revoke

    real = revoke.sides
    monkeypatch.setattr(revoke, "sides", lambda info: {"authorized": real(info)["unauthorized"],
                                                        "unauthorized": real(info)["authorized"]})
    path, upto, key, authorized, unauthorized = CASES[9]
    problems = _check(_message(path, upto, key), authorized, unauthorized)
    assert problems and problems[0].startswith("parameters") and len(problems) == 4


def test_a_language_that_swaps_the_words_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    # a translation that puts the seats under the wrong word (the audit's E2, E4) fails in that language only
    path, upto, key, authorized, unauthorized = CASES[0]
    msg = _message(path, upto, key)
    nb = msg.text("nb")
    swapped = nb.replace("lovlig", "@").replace("urettmessig", "lovlig").replace("@", "urettmessig")
    a, u = _seats_in(swapped, "nb")
    assert (a, u) == (unauthorized, authorized)


# ----------------------------------------------------------------------------------------------------------
# the scenario expectation withdrawn_information (SCENARIO_FORMAT.md)
# ----------------------------------------------------------------------------------------------------------

_47E1 = ROOT / "tests/scenarios/penalty/premature/47e1-premature-play-after-misinformation.toml"


def _with_expected(extra: str) -> str:
    text = _47E1.read_text(encoding="utf-8")
    return text.replace("[expected]\n", "[expected]\n" + extra + "\n", 1)


def test_withdrawn_information_written_from_the_laws_passes_and_the_reverse_fails() -> None:
    from bridgelaws.scenario import check, loads

    # South misinformed East: East-West authorized (16C1), North-South unauthorized (16C2)
    assert check(loads(_with_expected('withdrawn_information = { EW = "authorized", NS = "unauthorized" }'))).passed
    assert check(loads(_with_expected('withdrawn_information = { NS = "unauthorized" }'))).passed
    wrong = check(loads(_with_expected('withdrawn_information = { NS = "authorized", EW = "unauthorized" }')))
    assert not wrong.passed and any(d.key == "withdrawn_information" for d in wrong.differences)
    # nothing withdrawn before the misinformed play: false holds after trick 1, not after the play
    text = _47E1.read_text(encoding="utf-8") + "\n[[checkpoints]]\nafter = 4\n[checkpoints.expected]\n" \
        "withdrawn_information = false\n"
    assert check(loads(text)).passed
    assert not check(loads(_with_expected("withdrawn_information = false"))).passed


def test_authorized_for_both_sides_is_read_but_fails_where_16c_applies() -> None:
    # a withdrawal to which 16C does not apply (27B1) leaves the information authorized for both sides, so a file
    # may say so; where 16C2 applies (this withdrawal), the comparison fails
    from bridgelaws.scenario import check, loads

    text = _with_expected('withdrawn_information = { NS = "authorized", EW = "authorized" }')
    assert not check(loads(text)).passed


@pytest.mark.parametrize("value,problem", [
    ('{ NS = "allowed" }', "NS"),
    ('{ N = "authorized" }', "N"),
    ("{}", "name a side"),
])
def test_withdrawn_information_refuses_what_16c_cannot_say(value: str, problem: str) -> None:
    from bridgelaws.errors import ScenarioError
    from bridgelaws.scenario import loads

    with pytest.raises(ScenarioError, match=re.escape(problem)):
        loads(_with_expected(f"withdrawn_information = {value}"))


def _auction(*steps: tuple[str, Seat, str]) -> list:
    """The auction's standing statements after ``steps`` (("call", seat, call), ("reject", seat, ""),
    ("expose", seat, card)), dealer North."""
    from bridgelaws.auction import engine as A
    from bridgelaws.auction.calls import Call
    from bridgelaws.cards import Card

    st = A.start(N)
    for kind, seat, what in steps:
        st = (A.call(st, seat, Call.parse(what)) if kind == "call" else A.reject(st, seat) if kind == "reject"
              else A.expose(st, seat, Card.parse(what)))
    return A.statements(st, notes=False)


def _cites(st: object) -> set[str]:
    from bridgelaws.laws import LawRef

    return {st.law.code} | {v.code for v in st.message.params.values() if isinstance(v, LawRef)}


# West's insufficient 2H not accepted and replaced by a pass (27B2: not comparable, 16C applies), then East drops
# the CJ: both are East-West's irregularities
_EW_BOTH = (("call", N, "1S"), ("call", E, "P"), ("call", S, "2S"), ("call", W, "2H"), ("reject", N, ""),
            ("call", W, "P"), ("expose", E, "CJ"))


def test_a_card_exposed_in_the_auction_and_a_withdrawn_call_of_the_same_side_are_said_once() -> None:
    # Law 24: the card is left face up until the auction ends, and "information from cards thus exposed is
    # authorized for the non-offending side but unauthorized for the offending side (see Law 16C)"; 16C2 gives
    # West's withdrawn 2H the same sides. One statement says both, citing 24 and 16C; nothing is said twice
    said = _auction(*_EW_BOTH)
    info = [st for st in said if "16C" in _cites(st) or "24" in _cites(st)]
    assert [st.message.key for st in info] == ["auction.dir.exposed_16C_withdrawn"]
    assert _cites(info[0]) == {"24", "16C"}
    assert _check(info[0].message, NS, EW) == []
    assert info[0].message.params["wseat"] is W and "2♥" in info[0].message.text("en")


def test_a_withdrawn_call_of_the_other_side_keeps_its_own_16c_statement() -> None:
    # negative control: North's insufficient 2D over West's 3H, not accepted and replaced by a pass: North-South
    # offended, so 16C puts East-West on the authorized side of North's 2D and on the unauthorized side of East's
    # dropped CJ (Law 24). The sides differ: two statements, each with its own sides
    said = _auction(("call", N, "1S"), ("call", E, "P"), ("call", S, "2S"), ("call", W, "3H"), ("call", N, "2D"),
                    ("reject", E, ""), ("call", N, "P"), ("expose", E, "CJ"))
    by_key = {st.message.key: st for st in said}
    assert "auction.dir.exposed_16C_withdrawn" not in by_key
    assert _cites(by_key["auction.dir.exposed_16C"]) == {"24", "16C"}
    assert _check(by_key["auction.dir.exposed_16C"].message, NS, EW) == []
    assert _check(by_key["auction.dir.16C"].message, EW, NS) == []


def test_two_cards_exposed_are_each_said_face_up_and_the_information_once() -> None:
    # with two cards exposed the combined sentence ("stays", "it") would not fit: each card stays face up (24),
    # the information from them once (16C), and West's 2H with its own 16C statement
    said = _auction(*_EW_BOTH, ("expose", E, "CQ"))
    keys = [st.message.key for st in said]
    assert keys.count("auction.dir.exposed") == 2 and keys.count("auction.dir.24_16C") == 1
    assert keys.count("auction.dir.16C") == 1 and "auction.dir.exposed_16C_withdrawn" not in keys
