"""The Law 50 decision aid (bridgelaws.aid): the 50B classification for every card and way of exposure, the
obligations and options each ruling cites, declarer's side (48A), the refusals, the rendering in three
languages, the widget, and agreement with the engine on the scenario corpus and on random irregular playouts."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from bridgelaws import Card, Contract, Deal, Table
from bridgelaws.aid import (
    BY,
    HOWS,
    WAYS,
    PenaltyCardRuling,
    choices,
    classify,
    law_paragraphs,
    penalty_card_ruling,
)
from bridgelaws.cards import ALL_CARDS
from bridgelaws.errors import IllegalPlayError
from bridgelaws.events import Event, Expose, RejectLead, Select
from bridgelaws.laws import CATALOGUE, LawRef
from bridgelaws.scenario import load, replay
from bridgelaws.simulate import next_event
from bridgelaws.state import PlayState

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("da", "nb", "en")
DELIBERATE = {"named", "revoke_corrected", "lead_out_of_turn", "premature_play"}


def codes(r: PenaltyCardRuling) -> list[str]:
    return [s.law.code for s in r.steps]


# ------------------------------------------------------------------------------------------ 50B, card by card

@pytest.mark.parametrize("how", HOWS)
def test_every_card_is_classified_as_50B_says(how: str) -> None:
    for card in ALL_CARDS:
        r = penalty_card_ruling(how, "defender", card)
        want = "major" if card.is_honour or how in DELIBERATE else "minor"
        assert r.kind == want, (how, card)
        assert r.penalty_cards == ((card, want),)


def test_a_dropped_spot_card_is_minor_and_a_dropped_honour_major() -> None:
    assert penalty_card_ruling("dropped", "defender", "♦3").kind == "minor"
    assert penalty_card_ruling("dropped", "defender", "♠K").kind == "major"
    # the ten is an honour (50B; LKU-22 3.1.3: "en tier er en honnør i lovsammenhæng")
    assert penalty_card_ruling("dropped", "defender", "♠10").kind == "major"
    assert penalty_card_ruling("dropped", "defender", "♠9").kind == "minor"


def test_the_other_of_two_cards_played_at_once_is_classified_like_a_dropped_card() -> None:
    # LKU-22 3.1.4: ♠Q played -> ♠8 minor; ♠8 played -> ♠Q major (58B2, 50B)
    assert penalty_card_ruling("simultaneous", "defender", "♠8").kind == "minor"
    assert penalty_card_ruling("simultaneous", "defender", "♠Q").kind == "major"


@pytest.mark.parametrize("how", HOWS)
def test_a_second_penalty_card_makes_all_of_them_major(how: str) -> None:
    rng = random.Random(50)
    for _ in range(40):
        card, other = rng.sample(ALL_CARDS, 2)
        r = penalty_card_ruling(how, "defender", card, others=[other])
        assert r.kind == "major"
        assert sorted(r.penalty_cards) == sorted([(card, "major"), (other, "major")])
        assert "kind.several" in {s.message.key.removeprefix("aid.") for s in r.steps}


def test_the_first_minor_card_is_upgraded_when_a_second_one_comes() -> None:
    # 3.1.2's parenthesis: ♣6 dropped is minor, "dog et stort strafkort hvis Vest har et strafkort i forvejen"
    assert classify(Card.parse("C6"), "dropped") == ((Card.parse("C6"), "minor"),)
    after = classify(Card.parse("H4"), "dropped", [(Card.parse("C6"), "minor")])
    assert after == ((Card.parse("C6"), "major"), (Card.parse("H4"), "major"))


def test_a_penalty_card_in_the_clarification_period_follows_50B_too() -> None:
    # seed 004 Q3: the opening leader's ♥K dropped while sorting is a major penalty card (24, 50B)
    r = penalty_card_ruling("dropped", "defender", "♥K", period="clarification")
    assert r.kind == "major" and codes(r)[0] == "24"
    assert penalty_card_ruling("dropped", "defender", "♥4", period="clarification").kind == "minor"


# ------------------------------------------------------------------------------ what each ruling cites

EXPOSURE_LAW = {"dropped": "49", "named": "49", "revoke_corrected": "62B1", "lead_out_of_turn": "56",
                "premature_play": "57A", "simultaneous": "58B2"}


@pytest.mark.parametrize("how", HOWS)
def test_the_first_step_says_how_the_card_became_a_penalty_card(how: str) -> None:
    r = penalty_card_ruling(how, "defender", "♣6")
    assert codes(r)[0] == EXPOSURE_LAW[how]
    assert r.steps[0].topic == "exposure"
    assert "50A" in codes(r) and "50B" in codes(r)


def test_a_minor_penalty_card_binds_only_its_suit_below_the_ten() -> None:
    r = penalty_card_ruling("dropped", "defender", "♦3")
    cited = codes(r)
    assert cited.count("50C") == 2
    assert not {"50D1a", "50D1b", "50D2", "50D2a", "50D2b", "51A", "52B"} & set(cited)
    assert cited[-3:] == ["50E1", "50E2", "50E3"]
    assert "♦" in r.text("en") and "diamond below the ten" in r.text("en")


def test_a_major_penalty_card_obliges_its_owner_and_gives_declarer_three_options() -> None:
    r = penalty_card_ruling("dropped", "defender", "♠K")
    cited = codes(r)
    for code in ("50D1a", "50D1b", "52B", "50D2", "50D2a", "59", "50D2b"):
        assert code in cited
    assert "50C" not in cited and not [c for c in cited if c.startswith("51")]
    assert cited.index("50D1a") < cited.index("50D2") < cited.index("50D2a") < cited.index("50D2b")
    # the footnote: the options come again while the card is still there
    assert r.steps[cited.index("50D2b") + 1].message.key == "aid.partner.again"


def test_several_penalty_cards_in_one_suit_cite_51A_and_51B1() -> None:
    r = penalty_card_ruling("dropped", "defender", "♥4", others=["♥7"])
    cited = codes(r)
    assert "51A" in cited and "51B1" in cited
    assert not {"51B2a", "51B2b", "51B2c", "50D2a", "50D2b"} & set(cited)


def test_several_penalty_cards_in_two_suits_give_declarer_the_51B2_options() -> None:
    # seed 001, the Law 51 slide: forbid one or more of the suits; also require one (51B2a) or nothing (51B2c)
    r = penalty_card_ruling("dropped", "defender", "♥Q", others=["♣J"])
    cited = codes(r)
    assert cited.index("51B2a") < cited.index("51B2b") < cited.index("51B2c")
    assert "♥ or ♣" in r.text("en") and "♥ eller ♣" in r.text("nb")


def test_a_lead_out_of_turn_not_accepted_names_acceptance_and_when_the_options_arise() -> None:
    later = codes(penalty_card_ruling("lead_out_of_turn", "defender", "♣6"))
    assert later[:2] == ["56", "53A"] and "56" in later[2:]
    opening = codes(penalty_card_ruling("lead_out_of_turn", "defender", "♣6", period="clarification"))
    assert opening[:2] == ["54D", "54"] and "54D" in opening[2:]


def test_a_premature_play_adds_declarers_57A_choice_for_partner() -> None:
    r = penalty_card_ruling("premature_play", "defender", "♠5")
    assert r.kind == "major" and codes(r).count("57A") == 2


DECLARER_SIDE = {
    "dropped": ["48A"], "named": ["48A"], "revoke_corrected": ["62B2", "62C1"],
    "lead_out_of_turn": ["55A", "55B1", "55B2"], "premature_play": ["57C3"], "simultaneous": ["58B2", "48A"],
}


@pytest.mark.parametrize("by", ["declarer", "dummy"])
@pytest.mark.parametrize("how", HOWS)
def test_declarers_side_never_gets_a_penalty_card(how: str, by: str) -> None:
    r = penalty_card_ruling(how, by, "♠K")
    assert r.kind is None and r.penalty_cards == ()
    assert codes(r) == DECLARER_SIDE[how]
    assert r.text("en").startswith("♠K is not a penalty card")


@pytest.mark.parametrize("by", ["declarer", "dummy"])
def test_declarers_side_in_the_clarification_period(by: str) -> None:
    assert codes(penalty_card_ruling("dropped", by, "♠2", period="clarification")) == ["24"]
    assert codes(penalty_card_ruling("lead_out_of_turn", by, "♠2", period="clarification")) == ["54E", "24"]


def test_every_cited_paragraph_is_catalogued() -> None:
    for how in HOWS:
        for by in BY:
            for period in ("play", "clarification"):
                for others in ((), ("♣7",), ("♣7", "♥2")):
                    try:
                        r = penalty_card_ruling(how, by, "♥4", others if by == "defender" else (), period)
                    except ValueError:
                        continue
                    assert all(ref in CATALOGUE for ref in r.laws), r.laws


# ----------------------------------------------------------------------------------------------- refusals

@pytest.mark.parametrize("args, match", [
    (("thrown", "defender", "♠2"), "unknown how"),
    (("dropped", "kibitzer", "♠2"), "unknown by"),
    (("dropped", "defender", "♠2", (), "auction"), "unknown period"),
    (("revoke_corrected", "defender", "♠2", (), "clarification"), "clarification period"),
    (("premature_play", "defender", "♠2", (), "clarification"), "clarification period"),
    (("simultaneous", "defender", "♠2", (), "clarification"), "clarification period"),
    (("dropped", "declarer", "♠2", ("♥3",)), "48A"),
    (("dropped", "defender", "♠2", ("♠2",)), "cannot also be among"),
])
def test_impossible_inputs_are_refused_with_the_reason(args: tuple, match: str) -> None:
    with pytest.raises(ValueError, match=match):
        penalty_card_ruling(*args)


def test_cards_are_read_in_the_language_given() -> None:
    assert penalty_card_ruling("dropped", "defender", "sD", lang="da").card == Card.parse("SQ")
    assert penalty_card_ruling("dropped", "defender", "ruter knekt", lang="nb").card == Card.parse("DJ")
    assert penalty_card_ruling("dropped", "defender", Card.parse("C2")).card == Card.parse("C2")
    assert penalty_card_ruling("dropped", "defender", "♥3", others=["♥9"]).others == (Card.parse("H9"),)


# ------------------------------------------------------------------------------------------------ rendering

def all_rulings() -> list[PenaltyCardRuling]:
    out = []
    for how in HOWS:
        for by in BY:
            for period in ("play", "clarification"):
                for card, others in (("♦3", ()), ("♠K", ()), ("♥4", ("♣7",)), ("♥4", ("♥7", "♣J"))):
                    try:
                        out.append(penalty_card_ruling(how, by, card, others if by == "defender" else (), period))
                    except ValueError:
                        pass
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_every_ruling_renders_in_every_language(lang: str) -> None:
    rulings = all_rulings()
    # 6 ways in play and 3 in the clarification period, 4 card sets, for a defender, declarer and dummy
    assert len(rulings) == 3 * (6 * 4 + 3 * 4)
    for r in rulings:
        text = r.text(lang)
        assert "{" not in text and "}" not in text
        assert str(r.card) not in ("",) and r.card.suit.symbol in text
        if lang == "en":
            assert "Law " in text and "§" not in text
        else:
            assert "§ " in text and "Law " not in text
        html = r.in_language(lang).html()
        assert html == r.html(lang) == r.in_language(lang)._repr_html_()
        ET.fromstring(html)  # well-formed, hence safely escaped
        assert repr(r.in_language(lang)) == text


def test_the_rulings_speak_each_languages_bridge_words() -> None:
    r = penalty_card_ruling("dropped", "defender", "♠K")
    assert "stort strafkort" in r.text("da") and "spilfører" in r.text("da") and "udspil" in r.text("da")
    assert "stort straffekort" in r.text("nb") and "spillefører" in r.text("nb") and "utspill" in r.text("nb")
    assert "major penalty card" in r.text("en") and "declarer" in r.text("en")
    d = penalty_card_ruling("revoke_corrected", "defender", "♣6")
    assert "kulør" in d.text("da") and "revok" in d.text("nb")


def test_law_paragraphs_lists_law_50_with_titles() -> None:
    table = law_paragraphs(50, "nb")
    for ref in sorted(r for r in CATALOGUE if r.law == 50):
        assert f">{ref.cite('nb')}<" in table
    assert "Stort straffekort: spilles ved første lovlige anledning" in table
    assert law_paragraphs(50, "nb") == table
    ET.fromstring(table)
    with pytest.raises(ValueError):
        law_paragraphs(92, "en")


@pytest.mark.parametrize("lang", LANGS)
def test_the_form_choices_cover_every_way_and_are_labelled(lang: str) -> None:
    ch = choices(lang)
    assert [v for _, v in ch["way"]] == [(how, period) for _, how, period in WAYS]
    assert {v[0] for _, v in ch["way"]} == set(HOWS)
    assert [v for _, v in ch["by"]] == list(BY)
    assert len(ch["others"]) == 52 and len(ch["suit"]) == 4 and len(ch["rank"]) == 13
    for label, (how, period) in ch["way"]:
        assert label and penalty_card_ruling(how, "defender", "♦3", (), period).kind


def test_the_widget_updates_the_ruling_when_an_input_changes() -> None:
    pytest.importorskip("ipywidgets")
    from bridgelaws.aid import widget

    def shown() -> str:
        return re.sub("<[^>]+>", "", w.output.value)

    w = widget("nb")
    assert w.ruling is not None and w.ruling.kind == "minor"
    assert "♦3 er et lite straffekort" in shown()
    w.rank.value = Card.parse("DK").rank
    assert w.ruling.kind == "major" and "♦K er et stort straffekort" in shown()
    w.rank.value = Card.parse("D3").rank
    w.others.value = (Card.parse("C7"),)
    assert w.ruling.kind == "major" and LawRef.parse("51A").cite("nb") in shown()
    w.by.value = "declarer"
    assert w.ruling.kind is None and LawRef.parse("48A").cite("nb") in shown()
    w.by.value = "defender"
    w.way.value = ("lead_out_of_turn", "clarification")
    assert LawRef.parse("54D").cite("nb") in shown() and w.output.value == w.ruling.html()
    assert repr(w) == "DecisionAid(lang='nb')"
    assert "application/vnd.jupyter.widget-view+json" in w._repr_mimebundle_()


# ----------------------------------------------------------------------------------- agreement with the engine

def exposure_of(event: Event, before: PlayState) -> tuple[str, str] | None:
    """(how, period) in the aid's terms for an event that can create penalty cards; None for the others."""
    if isinstance(event, Expose) and event.how != "lead_out_of_turn":
        period = "clarification" if event.period == "clarification" or before.phase == "clarification" else "play"
        return event.how, period
    if isinstance(event, RejectLead) and before.irregular_lead is not None:
        return "lead_out_of_turn", "clarification" if before.irregular_lead.opening else "play"
    if isinstance(event, Select):
        return "simultaneous", "play"
    return None


def compare_with_engine(table: Table) -> int:
    """Every penalty card the engine creates, and every exposure by declarer's side, against the aid."""
    checked = 0
    for i, event in enumerate(table.history):
        before, after = table.states[i], table.states[i + 1]
        way = exposure_of(event, before)
        if way is None:
            continue
        how, period = way
        old = {(p.seat, p.card) for p in before.penalty_cards}
        new = [p for p in after.penalty_cards if (p.seat, p.card) not in old]
        if not new:
            owner = event.seat if not isinstance(event, RejectLead) else before.irregular_lead.seat  # type: ignore[union-attr]
            if not before.is_defender(owner) and isinstance(event, Expose):
                by = "declarer" if owner is before.declarer else "dummy"
                if how in ("dropped", "named", "revoke_corrected") and not (period == "clarification"
                                                                              and how == "revoke_corrected"):
                    assert penalty_card_ruling(how, by, event.card, (), period).kind is None
                    checked += 1
            continue
        seat = new[0].seat
        kinds = tuple((p.card, p.kind) for p in before.penalty_cards_of(seat))
        for p in new:
            ruling = penalty_card_ruling(how, "defender", p.card, [c for c, _ in kinds], period)
            kinds = classify(p.card, how, kinds)
            assert ruling.kind == dict(kinds)[p.card] or len(new) > 1
        assert sorted(kinds) == sorted((p.card, p.kind) for p in after.penalty_cards_of(seat)), (event, i)
        checked += 1
    return checked


SCENARIOS = sorted((ROOT / "notebooks" / "scenarios").glob("*.toml")) + sorted(
    (ROOT / "tests" / "scenarios").rglob("*.toml"))


def test_the_aid_agrees_with_the_engine_on_every_scenario() -> None:
    checked = 0
    hows: set[tuple[str, str]] = set()
    for path in SCENARIOS:
        table = replay(load(path))
        n = compare_with_engine(table)
        checked += n
        for i, ev in enumerate(table.history):
            way = exposure_of(ev, table.states[i])
            if way and len(table.states[i + 1].penalty_cards) > len(table.states[i].penalty_cards):
                hows.add(way)
    assert checked >= 50
    # the corpus exercises every way of exposure the aid knows for defenders
    assert {h for h, _ in hows} == set(HOWS)
    assert ("lead_out_of_turn", "clarification") in hows and ("dropped", "clarification") in hows


def test_the_aid_agrees_with_the_engine_on_random_irregular_playouts() -> None:
    checked = 0
    for seed in range(30):
        rng = random.Random(seed)
        table = Table(Deal.random(seed), Contract.parse(["3NT", "4S", "2H"][seed % 3], "NESW"[seed % 4]))
        for _ in range(200):
            ev = next_event(table, rng, 0.3)
            if ev is None:
                break
            try:
                table.push(ev)
            except IllegalPlayError:
                continue
        checked += compare_with_engine(table)
    assert checked >= 30


def test_classify_uses_the_engines_own_50B() -> None:
    # the aid has no 50B logic of its own: it calls rules.penalty_cards.add_penalty_cards
    import inspect

    from bridgelaws import aid

    assert "add_penalty_cards" in inspect.getsource(aid.classify)


def test_red_suits_show_their_colour_in_html() -> None:
    # suits always show symbol and colour (STYLE, accessibility and print)
    red = penalty_card_ruling("dropped", "defender", "♦3").html("da")
    assert '<span class="bl-red" style="color:#c8102e">♦3</span> er et lille strafkort' in red
    assert "bl-red" not in penalty_card_ruling("dropped", "defender", "♠3").html("da")
