"""Things players say and do that the Laws make void are recorded with their law and change nothing
(issue #22): a statement on a lead out of turn at trick 13 (53A: only "prior to the thirteenth trick" can one
be treated as correct), and taking back a card played in error that Law 53B has already sent back."""

from __future__ import annotations

import dataclasses

import pytest

from bridgelaws.scenario import load, replay

LEADS = "tests/scenarios/penalty/leads/"
# each file, the number of the void event, and the law the Director cites
VOID = [("53a-trick-13-defender-accepts-void.toml", 50, "53A"),
        ("53b-dummy-takes-back-card-already-back-void.toml", 23, "53B")]


def _without_notes(state: object) -> dict[str, object]:
    d = {f.name: getattr(state, f.name) for f in dataclasses.fields(state)}  # type: ignore[arg-type]
    d.pop("notes")
    return d


@pytest.mark.parametrize(("name", "no", "code"), VOID)
def test_a_void_statement_changes_nothing_but_the_directors_words(name: str, no: int, code: str) -> None:
    s = load(LEADS + name)
    before = replay(s, no - 1).state
    after = replay(s, no).state
    assert _without_notes(after) == _without_notes(before)
    assert [n.law.code for n in after.notes if n.law is not None] == [code]


@pytest.mark.parametrize(("name", "no", "code"), VOID)
@pytest.mark.parametrize("lang", ["en", "da", "nb"])
def test_the_directors_words_on_a_void_statement_say_it_changes_nothing(name: str, no: int, code: str,
                                                                       lang: str) -> None:
    table = replay(load(LEADS + name), no)
    text = " ".join(table.director_says(lang))
    assert {"en": "changes nothing", "da": "ændrer intet", "nb": "endrer ingenting"}[lang] in text
    assert "{" not in text


def test_a_refusal_at_trick_13_is_void_too() -> None:
    s = load(LEADS + "53a-trick-13-defender-accepts-void.toml")
    table = replay(s, 49)
    before = table.state
    from bridgelaws.events import RejectLead
    from bridgelaws.cards import Seat

    after = table.push(RejectLead(Seat.EAST))
    assert _without_notes(after) == _without_notes(before)
    assert after.notes[0].law is not None and after.notes[0].law.code == "53A"


def test_taking_back_again_a_card_already_taken_back_under_53b_is_void() -> None:
    """East takes back his ace played in error (53B); saying so a second time changes nothing."""
    from bridgelaws.cards import Card, Seat
    from bridgelaws.events import Withdraw

    s = load(LEADS + "53b-offender-withdraws-card-played-in-error.toml")
    table = replay(s, 28)
    before = table.state
    assert Card.parse("DA") in before.hand(Seat.EAST)
    after = table.push(Withdraw(Seat.EAST, card=Card.parse("DA")))
    assert _without_notes(after) == _without_notes(before)
    assert [n.law.code for n in after.notes if n.law is not None] == ["53B"]


def test_a_withdrawal_nothing_allows_is_still_refused() -> None:
    """Void is not a blanket: a card that never went back under 53B cannot be taken back (47F)."""
    from bridgelaws.cards import Card, Seat
    from bridgelaws.errors import IllegalPlayError
    from bridgelaws.events import Withdraw

    s = load(LEADS + "53b-dummy-takes-back-card-already-back-void.toml")
    table = replay(s, 25)
    with pytest.raises(IllegalPlayError) as exc:
        table.push(Withdraw(Seat.EAST, card=Card.parse("CK")))
    assert exc.value.law is not None and exc.value.law.code == "47F"
