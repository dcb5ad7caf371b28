"""The card table widget, driven headless with ``button.click()`` (STYLE.md, Widgets): a whole deal played by
clicks, a dropped honour that binds at the next opportunity, Law 54's five options, refusals that change
nothing and say why, every decision as buttons, undo/redo and the slider, save/load round trips, the
language switch, and the widget catalogue in da, nb and en."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("pandas")

from bridgelaws import Card, Contract, Deal, FailureToFollowSuitError, IllegalPlayError, Seat, Table
from bridgelaws import scenario as scn
from bridgelaws.laws import LawRef
from bridgelaws.events import AcceptLead, Choose, Expose, Play, RejectLead, Select, Simultaneous, SpreadHand
from bridgelaws.i18n import placeholders, read_po
from bridgelaws.simulate import next_event
from bridgelaws.widgets import IRREGULAR_MODES, MODES, CardTable, decision_choices

C = Card.parse
N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
# seed 000, example 1: 3NT by South, West on lead
EX1 = Deal.from_pbn("N:T542.AK2.76.AT98 AJ6.76.A954.K765 Q87.Q543.T8.Q432 K93.JT98.KQJ32.J")
I18N = Path(__file__).resolve().parent.parent / "bridgelaws" / "i18n"


def new(lang: str = "en", **kwargs: object) -> CardTable:
    return CardTable(Table(EX1, Contract.parse("3NT", "S")), lang=lang, **kwargs)  # type: ignore[arg-type]


def click(w: CardTable, *cards: str) -> None:
    for c in cards:
        w.card_button(c).click()


def first_legal(w: CardTable) -> Card:
    return min(w.table.legal_cards(), key=lambda c: c.sort_key)


def in_hand_rows(w: CardTable, seat: Seat) -> set[Card]:
    """The cards shown in ``seat``'s hand rows: buttons in the rows, minus those the stylesheet hides."""
    shown = set(w.shown_hand(seat))
    style = w._dynamic_css
    for card in shown:
        assert f".bl-w-row .bl-w-c-{card}," not in style and f".bl-w-row .bl-w-c-{card} " not in style
    return shown


def penalty_buttons(w: CardTable, seat: Seat) -> set[Card]:
    by_button = {id(b): c for c, b in w._buttons.items()}
    out = set()
    if w._pcs_box[seat] in w._seats[seat].children:
        for item in w._pcs[seat].children:
            out.add(by_button[id(item.children[0])])
    return out


# ----------------------------------------------------------------------------------------------------------
# the table and its cards
# ----------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("lang", "card", "label", "tooltip"), [
    ("en", "SA", "♠A", "East ♠A"), ("da", "SA", "♠E", "Øst ♠E"), ("nb", "CJ", "♣Kn", "Vest ♣Kn"),
    ("da", "DT", "♦10", "Syd ♦10"), ("nb", "DT", "♦10", "Syd ♦10"), ("en", "HJ", "♥J", "West ♥J"),
])
def test_card_buttons_show_local_ranks_and_are_labelled_with_seat_and_card(lang: str, card: str, label: str,
                                                                           tooltip: str) -> None:
    b = new(lang).card_button(card)
    assert b.description == label
    assert b.tooltip == tooltip


def test_red_suits_are_red_and_cards_large_enough_for_a_projector() -> None:
    w = new()
    for card, b in w._buttons.items():
        assert b.style.text_color == ("#c8102e" if card.suit.is_red else "#111111")
        assert int(b.style.font_size.removesuffix("px")) >= 20
        assert "bl-w-card" in b._dom_classes


def test_four_hands_around_a_compass_with_roles_and_turn() -> None:
    w = new()
    for seat in Seat:
        assert in_hand_rows(w, seat) == set(EX1.hand(seat).cards)
    assert "Declarer" in w._heads[S].value and "Dummy" in w._heads[N].value
    assert "▶ To lead" in w._heads[W].value  # the badges are in every head; the stylesheet shows West's
    assert ".bl-w-seat-west .bl-w-turn-lead { display: inline-block; }" in w._dynamic_css
    assert ".bl-w-seat-east .bl-w-turn" not in w._dynamic_css
    assert [c.layout.grid_area for c in w._grid.children] == ["nw", "north", "ne", "west", "centre", "east", "panel",
                                                              "south"]
    assert ".bl-w-seat-west" in w._dynamic_css  # whose turn it is, highlighted


def test_hidden_hands_for_a_quiz_can_be_revealed() -> None:
    w = new(hide="EW")
    assert in_hand_rows(w, E) == set() and in_hand_rows(w, W) == set()
    assert "hidden" in w._hidden_note[E].value
    assert in_hand_rows(w, N) == set(EX1.hand(N).cards)
    w.buttons["reveal"].value = True
    assert in_hand_rows(w, E) == set(EX1.hand(E).cards)


# ----------------------------------------------------------------------------------------------------------
# playing cards
# ----------------------------------------------------------------------------------------------------------

def test_a_whole_deal_played_by_clicking_legal_cards() -> None:
    w = new("da")
    while not w.table.is_complete():
        card = first_legal(w)
        w.card_button(card).click()
        assert w.table.history[-1] == Play(w.table.states[-2].to_act, card)  # type: ignore[arg-type]
        assert w.error is None
    assert len(w.table.tricks) == 13 and len(w.table.history) == 52
    assert all(in_hand_rows(w, s) == set() for s in Seat)
    assert "Spillet er slut" in w._centre.value
    assert w.output.outputs == ()
    assert w.table.replay_matches()


def test_a_legal_click_puts_the_card_in_the_middle_and_moves_the_turn() -> None:
    w = new()
    click(w, "HJ")
    assert C("HJ") not in in_hand_rows(w, W)
    assert ".bl-w-row .bl-w-c-HJ" in w._dynamic_css  # hidden, not rebuilt: the row keeps its buttons
    assert "bl-slot-west bl-lead" in w._centre.value
    assert ".bl-w-seat-north .bl-w-turn-play { display: inline-block; }" in w._dynamic_css
    assert w._centre.value.startswith("<style>") and w._dynamic_css in w._centre.value
    assert "Event 1 of 1: West leads ♥J" in w._history_label.value.replace('<span class="bl-red">♥</span>', "♥")


@pytest.mark.parametrize("lang", ["en", "da", "nb"])
def test_an_illegal_click_changes_nothing_and_says_why_with_the_law(lang: str) -> None:
    law = LawRef.parse("44C").cite(lang)
    w = new(lang)
    click(w, "HJ")
    before = (w.table.state, list(w.table.history), w._centre.value, w.card_button("S2").description)
    click(w, "S2")  # North holds hearts: must follow suit
    assert (w.table.state, list(w.table.history), w._centre.value, w.card_button("S2").description) == before
    assert law in w.message and w.error is not None
    assert "bl-w-error" in w._message.value and 'role="alert"' in w._message.value
    click(w, "HA")  # the next legal action clears the message
    assert w.message == "" and w._message.value == ""


def test_a_click_on_a_hand_not_to_play_is_refused_with_the_law() -> None:
    w = new()
    state = w.table.state
    click(w, "SA")  # East's card; West is on lead
    assert w.table.state is state
    assert w.message == "It is West's turn, not East's (Law 53)"


def test_a_dropped_honour_binds_at_the_next_opportunity() -> None:
    w = new()
    click(w, "HJ", "HA")
    w.mode = "dropped"
    click(w, "SA")  # East drops the ace of spades face up while hearts are led
    assert w.mode == "play"
    assert w.table.history[-1] == Expose(E, C("SA"), how="dropped")
    assert penalty_buttons(w, E) == {C("SA")} and C("SA") not in in_hand_rows(w, E)
    pc_box = w._pc_items[C("SA")][0]
    assert "bl-w-pc-major" in pc_box._dom_classes and "major" in w._pc_items[C("SA")][1].value
    assert w.card_button("SA").tooltip == "East ♠A, major penalty card"
    assert any("major penalty card" in s for s in w.says)
    # 50D1b: East must first follow suit in hearts; the ace waits
    assert w.table.legal_cards() == {C("H7"), C("H6")}
    click(w, "SA")
    assert "Law 44C" in w.message and w.table.history[-1].action == "expose"
    click(w, "H6", "H3")
    # North won the trick and leads a spade: now East's first legal opportunity
    click(w, "S2")
    assert w.table.legal_cards() == {C("SA")}
    assert any("Law 50D1(a)" in s and "♠A" in s for s in w.says)
    state = w.table.state
    click(w, "S6")
    assert w.table.state is state and "Law 50D1(a)" in w.message
    click(w, "SA")
    assert penalty_buttons(w, E) == set() and "bl-slot-east" in w._centre.value
    ended = [ch for ch in w.table.changes() if ch.status == "ended"]
    assert ended and ended[0].constraint.key[0] == "penalty_card"


# ----------------------------------------------------------------------------------------------------------
# decisions
# ----------------------------------------------------------------------------------------------------------

def lead_out_of_turn_by_east(lang: str = "en") -> CardTable:
    w = new(lang)
    w.mode = "lead_out_of_turn"
    click(w, "S6")
    assert w.table.pending is not None and w.table.pending.kind == "opening_lead_out_of_turn"
    return w


def test_a_decision_stops_play_and_shows_exactly_its_options() -> None:
    w = lead_out_of_turn_by_east()
    assert [b.description for b in w.decision_buttons] == [
        "Accept and play from own hand", "Accept and become dummy (spread hand)",
        "Reject the lead (then require, forbid or no restriction)"]
    assert [b.tooltip.rsplit(" (", 1)[1] for b in w.decision_buttons] == ["Law 54B)", "Law 54A)", "Law 54D)"]
    assert w._decision.layout.display == "" and "South must choose" in w._decision_title.value
    state = w.table.state
    for card in ("HJ", "S2", "SA", "S6"):
        click(w, card)
        assert w.table.state is state
    assert "until the decision has been made (Law 54)" in w.message


@pytest.mark.parametrize("option", ["accept_and_play", "accept_and_become_dummy", "reject_require", "reject_forbid",
                                    "reject_no_restriction"])
def test_law_54_each_of_the_five_options(option: str) -> None:
    w = lead_out_of_turn_by_east()
    buttons = w.decision_buttons
    if option == "accept_and_play":
        buttons[0].click()
        assert w.table.history[-1] == AcceptLead(S)
        assert w.table.current_trick == ((E, C("S6")),) and w.table.to_act() is S
        assert w.table.declarer is S
    elif option == "accept_and_become_dummy":
        buttons[1].click()
        assert w.table.history[-1] == SpreadHand(S)
        assert w.table.declarer is N and w.table.dummy is S
        assert "Declarer" in w._heads[N].value and "Dummy" in w._heads[S].value
    else:
        buttons[2].click()
        assert w.table.history[-1] == RejectLead(S)
        assert w.table.pending is not None and w.table.pending.kind == "lead_options"
        assert penalty_buttons(w, E) == {C("S6")}
        assert [b.description for b in w.decision_buttons] == ["Require ♠", "Forbid ♠", "No restriction"]
        label = {"reject_require": "Require ♠", "reject_forbid": "Forbid ♠",
                 "reject_no_restriction": "No restriction"}[option]
        w.decision_button(label).click()
        assert w.table.pending is None and w._decision.layout.display == "none"
        spades = {c for c in EX1.hand(W).cards if c.suit.value == "S"}
        if option == "reject_require":
            assert w.table.history[-1] == Choose(S, option="require", suit=C("S2").suit)
            assert w.table.legal_cards() == spades
        elif option == "reject_forbid":
            assert w.table.legal_cards() == set(EX1.hand(W).cards) - spades
        else:
            assert w.table.legal_cards() == set(EX1.hand(W).cards)
            assert penalty_buttons(w, E) == {C("S6")}
    assert w.table.pending is None and w.decision_buttons == ()
    click(w, str(first_legal(w)))  # play goes on
    assert w.error is None


def test_forbid_with_several_suits_offers_each_combination() -> None:
    w = new()
    click(w, "HJ", "H2")
    for card in ("SA", "DA"):  # East drops two aces face up: two major penalty cards in two suits
        w.mode = "dropped"
        click(w, card)
    click(w, "H7", "H3")  # West's jack wins: West, the offender's partner, is to lead
    assert w.table.pending is not None and w.table.pending.kind == "lead_options"
    assert [b.description for b in w.decision_buttons] == [
        "Require ♠", "Require ♦", "Forbid ♠", "Forbid ♦", "Forbid ♠ and ♦", "No restriction"]
    w.decision_button("Forbid ♠ and ♦").click()
    assert w.table.history[-1] == Choose(S, option="forbid", suits=(C("S2").suit, C("D2").suit))
    assert all(c.suit.value not in "SD" for c in w.table.legal_cards())


def test_every_decision_is_offered_as_buttons_that_the_engine_accepts() -> None:
    """Random playouts with irregularities: whenever play waits for a decision, each button's event is
    accepted by the engine (or, for a revoking 58B2 selection, refused with its law)."""
    kinds: set[str] = set()
    for seed in range(30):
        rng = random.Random(seed)
        table = Table(Deal.random(seed), Contract.parse(["3NT", "4S", "2H"][seed % 3], "NESW"[seed % 4]))
        for _ in range(200):
            st = table.state
            if st.pending is not None:
                kinds.add(st.pending.kind)
                choices = decision_choices(st)
                assert choices, st.pending.kind
                for choice in choices:
                    probe = table.copy()
                    try:
                        probe.push(choice.event)
                    except FailureToFollowSuitError:
                        # 58B2: naming a visible card that does not follow suit would be a revoke; the engine
                        # refuses it with Law 44C, and the widget shows that explanation
                        assert st.pending.kind == "select_card"
                    assert all("{" not in choice.text(lang) for lang in ("da", "nb", "en"))
            ev = next_event(table, rng, 0.3)
            if ev is None:
                break
            try:
                table.push(ev)
            except IllegalPlayError:
                continue  # an injected irregularity the engine refuses leaves the state unchanged
    # Law 54 (opening lead out of turn) only arises at trick 1: see test_law_54_each_of_the_five_options
    assert kinds == {"lead_options", "lead_out_of_turn", "declarer_lead_out_of_turn", "premature_play",
                     "failure_to_play", "designate_penalty_card", "select_card"}


def test_declarer_lead_out_of_turn_is_decided_by_either_defender() -> None:
    w = new()
    click(w, "HJ", "HA", "H6", "H3")  # North wins; North is to lead
    w.mode = "lead_out_of_turn"
    click(w, "D8")  # South (declarer) leads out of turn
    d = w.table.pending
    assert d is not None and d.kind == "declarer_lead_out_of_turn"
    labels = [b.description for b in w.decision_buttons]
    assert labels == [f"{d.by.name.title()} accepts the lead", f"{d.by.name.title()} requires it taken back",
                      f"{d.by.partner.name.title()} accepts the lead",
                      f"{d.by.partner.name.title()} requires it taken back"]
    w.decision_button(f"{d.by.name.title()} requires it taken back").click()
    assert w.table.pending is None and w.table.to_act() is N and C("D8") in w.table.hand(S)


def test_premature_play_offers_the_57A_options() -> None:
    w = new()
    click(w, "HJ")
    w.mode = "premature_play"
    click(w, "H6")  # East plays before his partner... but West has played: refused
    assert w.error is not None and w.mode == "premature_play"
    w.mode = "play"
    click(w, "HA", "H6", "H3", "S2")  # North leads ♠2
    w.mode = "premature_play"
    click(w, "SK")  # West plays before East
    assert w.table.pending is not None and w.table.pending.kind == "premature_play"
    labels = [b.description for b in w.decision_buttons]
    assert labels[:2] == ["Highest of the suit led", "Lowest of the suit led"]
    assert "Require ♥" in labels and "Forbid ♣" in labels and "Require ♠" not in labels
    w.decision_button("Lowest of the suit led").click()
    assert w.table.legal_cards() == {C("S6")}


def test_two_cards_at_once_then_select() -> None:
    w = new()
    w.mode = "simultaneous"
    click(w, "HJ", "HT")
    assert "West: ♥J and ♥10" in w._sim_label.value.replace('<span class="bl-red">♥</span>', "♥")
    w.buttons["sim_play"].click()
    assert w.table.history[-1] == Simultaneous(W, cards=(C("HJ"), C("HT")), visible=(C("HJ"), C("HT")))
    assert w.mode == "play"
    assert [b.description for b in w.decision_buttons] == ["West plays ♥J", "West plays ♥10"]
    w.decision_button("West plays ♥10").click()
    assert w.table.history[-1] == Select(W, card=C("HT"))
    assert w.table.current_trick == ((W, C("HT")),) and penalty_buttons(w, W) == {C("HJ")}


@pytest.mark.parametrize("how", IRREGULAR_MODES)
def test_each_irregularity_mode_pushes_its_expose_event(how: str) -> None:
    w = new()
    click(w, "HJ", "HA", "H6", "H3", "S2")  # North leads a spade; East to play
    card, seat = {"dropped": ("CK", E), "named": ("C7", E), "lead_out_of_turn": ("D8", S),
                  "premature_play": ("SK", W), "revoke_corrected": ("CK", E)}[how]
    if how == "lead_out_of_turn":
        w = new()
        card, seat = "S6", E
    w.mode = how
    click(w, card)
    assert w.error is None, w.message
    assert w.table.history[-1] == Expose(seat, C(card), how=how)
    assert w.mode == "play"


def test_play_anyway_records_a_failure_to_play_a_penalty_card() -> None:
    w = new()
    click(w, "HJ", "HA")
    w.mode = "dropped"
    click(w, "SA")
    click(w, "H6", "H3", "S2")
    w.mode = "anyway"
    click(w, "S6")  # East should have played his penalty card (50D1a): Law 52
    assert w.table.pending is not None and w.table.pending.kind == "failure_to_play"
    assert [b.description for b in w.decision_buttons] == ["Accept ♠6", "Reject it: play ♠A"]
    w.decision_button("Reject it: play ♠A").click()
    assert w.table.current_trick[-1] == (E, C("SA"))


# ----------------------------------------------------------------------------------------------------------
# history, files, language
# ----------------------------------------------------------------------------------------------------------

def test_undo_redo_and_the_history_slider() -> None:
    w = new()
    click(w, "HJ", "HA", "H6")
    states = w.table.states
    w.buttons["undo"].click()
    w.buttons["undo"].click()
    assert len(w.table.history) == 1 and w.table.state == states[1]
    assert [e.card for e in w.future] == [C("HA"), C("H6")]  # type: ignore[attr-defined]
    assert w.buttons["slider"].value == 1 and w.buttons["slider"].max == 3
    assert not w.buttons["redo"].disabled
    w.buttons["redo"].click()
    assert w.table.state == states[2]
    w.buttons["slider"].value = 0
    assert w.table.history == [] and w.table.state == states[0]
    w.buttons["slider"].value = 3
    assert w.table.state == states[3] and w.buttons["redo"].disabled
    w.buttons["first"].click()
    assert w.table.history == [] and w.buttons["undo"].disabled
    w.buttons["last"].click()
    assert len(w.table.history) == 3
    # playing the card Redo would push keeps the redo list; another card discards it
    w.goto(1)
    click(w, "HA")
    assert len(w.future) == 1
    w.undo()
    click(w, "H2")
    assert w.future == () and w.buttons["slider"].max == 2


def test_undo_and_redo_of_irregular_events_and_decisions() -> None:
    w = lead_out_of_turn_by_east()
    w.decision_buttons[2].click()
    w.decision_button("Forbid ♠").click()
    final = w.table.state
    for _ in range(3):
        w.undo()
    assert w.table.state == Table(EX1, Contract.parse("3NT", "S")).state and w.decision_buttons == ()
    w.redo()
    assert w.decision_buttons[0].description == "Accept and play from own hand"
    w.goto(3)
    assert w.table.state == final


@pytest.mark.parametrize("suffix", [".toml", ".json"])
def test_save_and_load_round_trip(tmp_path: Path, suffix: str) -> None:
    w = lead_out_of_turn_by_east("da")
    w.decision_buttons[2].click()
    w.decision_buttons[1].click()  # forbid spades
    click(w, "HJ", "HA", "H6", "H3")
    path = w.save(tmp_path / f"min eksempel{suffix}")
    assert path.exists() and "Gemte 7 hændelser" in w.message
    sc = scn.load(path)
    assert sc.id == "min-eksempel"
    assert scn.replay(sc).state == w.table.state
    opened = CardTable.from_scenario(path, lang="da")
    assert opened.table.history == w.table.history and opened.table.state == w.table.state
    assert opened.buttons["slider"].value == 7
    opened.goto(0)
    assert opened.table.history == [] and len(opened.future) == 7
    # Load in a running widget: the file opens at its last event
    other = new("en")
    other.buttons["path"].value = str(path)
    other.buttons["load"].click()
    assert other.table.state == w.table.state and other.future == ()
    assert "Loaded" in other.message
    # the save button writes the file named in the path field
    other.buttons["path"].value = str(tmp_path / f"again{suffix}")
    other.buttons["save"].click()
    assert scn.replay(scn.load(tmp_path / f"again{suffix}")).state == w.table.state


def test_file_problems_are_shown_not_raised(tmp_path: Path) -> None:
    w = new()
    w.buttons["path"].value = str(tmp_path / "nope.toml")
    w.buttons["load"].click()
    assert w.error is not None and "nope.toml" in w.message
    (tmp_path / "bad.toml").write_text("id = 'x'\n", encoding="utf-8")
    w.buttons["path"].value = str(tmp_path / "bad.toml")
    w.buttons["load"].click()
    assert "bad.toml" in w.message
    w.buttons["path"].value = str(tmp_path / "no-such-dir" / "x.toml")
    w.buttons["save"].click()
    assert "no-such-dir" in w.message and w.error is not None
    assert w.output.outputs == ()
    assert w.table.history == []


def test_the_plain_text_form_is_deterministic() -> None:
    w = new("da")
    bundle = w._repr_mimebundle_()
    assert bundle["text/plain"] == repr(w) == f"CardTable({w.table!r}, lang='da')"
    assert "application/vnd.jupyter.widget-view+json" in bundle


def test_the_language_switch_re_renders_everything_at_once() -> None:
    w = new("en")
    click(w, "HJ")
    click(w, "S2")  # refused
    english = (w.message, w._says.value, w._timeline.value, w._centre.value)
    w.buttons["lang"].value = "nb"
    assert w.lang == "nb"
    assert w.card_button("CJ").description == "♣Kn" and w.card_button("CJ").tooltip == "Vest ♣Kn"
    assert w.message == f"Nord må følge farge og kan ikke spille ♠2 ({LawRef.parse('44C').cite('nb')})"
    assert "Turneringslederen" in w._says.value or "sier" in w._says.value
    assert "Hendelse" in w._timeline.value and "Spill kort" in w.buttons["mode"].options[0]
    assert w.buttons["undo"].description == "◀ Angre"
    assert (w.message, w._says.value, w._timeline.value, w._centre.value) != english
    w.lang = "da"
    assert w.buttons["undo"].description == "◀ Fortryd" and w.card_button("DT").description == "♦10"
    assert 'content: "Vest "' in w._static_style.value  # screen readers hear the seat before each card
    assert w.mode == "play"


def test_every_control_has_a_label_and_a_tooltip_for_keyboard_and_screen_reader_use() -> None:
    w = lead_out_of_turn_by_east("da")
    controls = [b for name, b in w.buttons.items() if name not in ("lang",)]
    for c in controls + list(w.decision_buttons):
        assert c.description, c
        assert getattr(c, "tooltip", None), c
    assert all(w.buttons["lang"].tooltips)
    for b in w._buttons.values():
        assert b.tooltip and b.description


def test_rendering_is_deterministic() -> None:
    a, b = new("da"), new("da")
    for w in (a, b):
        click(w, "HJ", "HA")
        w.mode = "dropped"
        click(w, "SA")
    for name in ("_centre", "_says", "_timeline", "_corner_nw", "_corner_ne", "_static_style"):
        # the only difference: each widget scopes its stylesheet with its own class (two tables on one page)
        assert getattr(a, name).value.replace(a._uid, b._uid) == getattr(b, name).value
    assert not re.search(r"T_[0-9a-f]{5}_", a._timeline.value)


def test_modes_are_offered_in_the_mode_switch() -> None:
    w = new("da")
    assert [v for _, v in w.buttons["mode"].options] == list(MODES)
    with pytest.raises(ValueError):
        w.mode = "cheat"


# ----------------------------------------------------------------------------------------------------------
# the catalogue
# ----------------------------------------------------------------------------------------------------------

def test_widget_catalogue_has_every_key_in_da_and_nb_with_the_same_placeholders() -> None:
    source = read_po(I18N / "widget.pot")
    assert source and all(k.startswith("widget.") for k in source)
    for lang in ("da", "nb"):
        po = read_po(I18N / lang / "widget.po")
        assert set(po) == set(source), lang
        for key, (msgid, msgstr) in po.items():
            assert msgid == source[key][0], (lang, key)
            assert msgstr, (lang, key)
            assert placeholders(msgstr) == placeholders(msgid), (lang, key)


def test_widget_uses_only_keys_that_exist() -> None:
    source = set(read_po(I18N / "widget.pot"))
    code = "".join((I18N.parent / name).read_text(encoding="utf-8") for name in ("widgets.py", "timeline.py"))
    used = set(re.findall(r'_[wt]\("([a-z_.]+)"', code))
    used |= {f"widget.opt.{k}" for k in re.findall(r'_m\("([a-z_0-9]+)"', code)}
    used = {k if k.startswith("widget.") else "widget." + k for k in used}
    assert used and used <= source, used - source
    for mode in MODES:
        assert f"widget.mode.{mode}" in source and f"widget.hint.{mode}" in source


@pytest.mark.parametrize("term", [("da", "spilfører"), ("da", "bord"), ("da", "strafkort"), ("da", "udspil"),
                                  ("da", "kræv"), ("da", "forbyd"), ("nb", "spillefører"), ("nb", "blindemann"),
                                  ("nb", "straffekort"), ("nb", "utspill"), ("nb", "krev"), ("nb", "forby")])
def test_widget_catalogue_uses_the_bridge_terms(term: tuple[str, str]) -> None:
    lang, word = term
    texts = " ".join(msgstr for _, msgstr in read_po(I18N / lang / "widget.po").values()).lower()
    assert word in texts


def test_the_widget_does_not_load_pandas() -> None:
    """The widget shows the timeline as plain HTML; pandas is loaded only for a DataFrame (Voila starts faster)."""
    probe = "import json, sys; import bridgelaws.widgets; print(json.dumps(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", probe], check=True, capture_output=True, text=True, timeout=120)
    loaded = json.loads(out.stdout.strip().splitlines()[-1])
    assert "ipywidgets" in loaded and "pandas" not in loaded
