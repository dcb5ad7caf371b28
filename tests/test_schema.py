"""The JSON Schema of the scenario format (docs/scenario.schema.json) agrees with the library's validator.

The library (``bridgelaws.scenario``) stays the authority: it gives the law-aware messages and checks what a
schema cannot (13 different cards in each hand, a checkpoint beyond the history, events the Laws refuse). This
file keeps the two in agreement:

- the schema is a valid draft 2020-12 schema, and every field in it has a description;
- every scenario file of tests/scenarios/ and notebooks/scenarios/ validates against it;
- every file of tests/broken_scenarios/ is classified below: a file that breaks a *structural* rule (a type, a
  key, a closed vocabulary, a written form) fails the schema at the place the library names, and a file that
  breaks a rule of the Laws or a count the schema does not express passes it (so the list stays exact: tighten the
  schema and the test says which file to move);
- event by event, the schema and the library accept and refuse the same fields.

The schema asks for the written forms the format documents (seats ``N E S W``, cards ``SA``, contract
``3NT``); the library also reads a few other spellings (``West``, ``sa``), which an editor will flag.
"""

from __future__ import annotations

import copy
import json
import tomllib
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from bridgelaws import scenario as sc
from bridgelaws.scenario.eventfields import read_event
from bridgelaws.scenario.values import Problem
from bridgelaws.errors import ScenarioError
from bridgelaws import events as ev
from bridgelaws.events import EVENT_TYPES

ROOT = Path(__file__).resolve().parent.parent
SCHEMA_PATH = ROOT / "docs" / "scenario.schema.json"
BROKEN = ROOT / "tests" / "broken_scenarios"
CORPORA = (ROOT / "tests" / "scenarios", ROOT / "notebooks" / "scenarios")
SUFFIXES = (".toml", ".json")


def files_under(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix.lower() in SUFFIXES)


def read(path: Path) -> Any:
    text = path.read_text(encoding="utf-8-sig")
    return tomllib.loads(text) if path.suffix.lower() == ".toml" else json.loads(text)


SCHEMA = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA, format_checker=jsonschema.FormatChecker())


def schema_errors(data: Any) -> list[jsonschema.ValidationError]:
    return sorted(VALIDATOR.iter_errors(data), key=lambda e: list(map(str, e.absolute_path)))


def where(error: jsonschema.ValidationError) -> str:
    return "/".join(map(str, error.absolute_path))


def explain(errors: list[jsonschema.ValidationError]) -> str:
    return "\n".join(f"  at '{where(e)}': {e.message[:200]}" for e in errors[:10])


# ---- the schema itself -------------------------------------------------------------------------------------

def test_the_schema_is_a_valid_2020_12_schema() -> None:
    assert SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


def _described(node: Any, path: str, out: list[str]) -> None:
    """Every field (an entry of ``properties``) and every definition must say what it is. The ``if`` of a
    condition names no field of its own."""
    if isinstance(node, dict):
        for group in ("properties", "$defs"):
            for name, sub in node.get(group, {}).items():
                if isinstance(sub, dict) and "description" not in sub:
                    out.append(f"{path}/{group}/{name}")
        for key, sub in node.items():
            if key != "if":
                _described(sub, f"{path}/{key}", out)
    elif isinstance(node, list):
        for i, sub in enumerate(node):
            _described(sub, f"{path}/{i}", out)


def test_every_field_of_the_schema_has_a_description() -> None:
    missing: list[str] = []
    _described(SCHEMA, "#", missing)
    assert not missing, "fields without a description:\n" + "\n".join(missing)


# ---- the corpus --------------------------------------------------------------------------------------------

CORPUS = [p for folder in CORPORA for p in files_under(folder)]


def test_the_corpus_is_there() -> None:
    assert len(CORPUS) > 200, f"only {len(CORPUS)} scenario files found under {CORPORA}"


@pytest.mark.parametrize("path", CORPUS, ids=[str(p.relative_to(ROOT)) for p in CORPUS])
def test_every_corpus_file_validates_against_the_schema(path: Path) -> None:
    errors = schema_errors(read(path))
    assert not errors, f"{path.relative_to(ROOT)} does not validate against {SCHEMA_PATH.name}:\n{explain(errors)}"


# ---- the broken files --------------------------------------------------------------------------------------

#: Files that break a structural rule, with where (the JSON path, '' for the top level) the schema must find it:
#: the place the library's message names.
STRUCTURAL: dict[str, tuple[str, str]] = {
    "auction_call_does_not_exist.toml": ("history/1/call", "call 8C: the call pattern allows levels 1 to 7"),
    "bad_contract_level.toml": ("contract", "level 8: the schema's contract pattern allows 1 to 7"),
    "bad_contract_strain.toml": ("contract", "strain Z: not S, H, D, C, NT or N"),
    "bad_declarer_seat.toml": ("declarer", "seat Q: not in the seat enum"),
    "bad_event_seat.toml": ("history/0/seat", "seat X: not in the seat enum"),
    "bad_expected_seat.toml": ("expected/penalty_cards", "key V of penalty_cards: propertyNames are seats"),
    "bad_id.toml": ("id", "a space in the id: the id pattern"),
    "bad_rank.toml": ("history/6/card", "card SX: not in the card enum"),
    "card_not_a_string.json": ("history/0/card", "a number where a card is a string"),
    "history_not_a_list.json": ("history", "a table where history is a list"),
    "law_number_out_of_range.toml": ("laws/0", "law 99: the law pattern allows 1 to 93"),
    "malformed_law_ref.toml": ("laws/1", "'Law fifty': not a law reference"),
    "missing_deal.toml": ("", "deal is required"),
    "penalty_card_kind.toml": ("expected/penalty_cards/W/0/kind", "kind 'big': not major or minor"),
    "unknown_action.toml": ("history/0/action", "action 'lead': not in the action enum"),
    "unknown_event_key.toml": ("history/0", "key 'crad' of a play event: additionalProperties false"),
    "unknown_expected_key.toml": ("expected", "key 'legal_card': additionalProperties false"),
    "unknown_expose_how.toml": ("history/2/how", "how 'droped': not in the enum"),
    "unknown_nested_key.toml": ("checkpoints/0/expected/lead_restriction", "key 'untill' in lead_restriction"),
    "unknown_title_language.toml": ("title", "language 'de': the languages are da, nb, en"),
    "unknown_top_level_key.toml": ("", "key 'titel': additionalProperties false"),
    "wrong_bool.toml": ("history/0/out_of_turn", "'yes' where a boolean is"),
}

#: Files whose fault the schema does not express: the library (or the reader) finds it. The schema must accept
#: the ones it can read, so that this list stays exact.
NOT_STRUCTURAL: dict[str, str] = {
    "malformed.json": "not JSON at all: the reader refuses it before any schema",
    "auction_card_before_end.toml": "a card before the auction has ended (17D): only the replay counts the passes",
    "auction_finding_not_asked.toml": "a finding on a call that replaces nothing: only the replay knows",
    "auction_never_ends.toml": "the history stops in the auction and gives no contract: only the replay knows",
    "auction_reject_after_legal_call.toml": "reject_call after a legal call: only the replay knows",
    "malformed.toml": "not TOML at all: the reader refuses it before any schema",
    "duplicate_key.json": "a duplicate JSON key: JSON readers keep the last value; only the library's reader sees it",
    "card_played_twice.toml": "the card is no longer in the hand: a fact of the replay",
    "checkpoint_after_too_far.toml": "after beyond the length of the history: a relation a schema cannot state",
    "choice_not_on_offer.toml": "a choice the Laws do not offer at that point (50D2)",
    "duplicate_card_in_deal.toml": "a card in two hands: the library counts the 52 cards",
    "fourteen_card_hand.toml": "14 cards in a hand: the library counts the cards of each hand",
    "held_card_without_hold.toml": "held_card names no hold event of the history: a cross-reference",
    "play_out_of_turn.toml": "a play from the wrong hand: a fact of the replay",
    "revoke_written_as_play.toml": "a revoke without revoke = true: only the replay knows the player could follow",
    "laws/broken-45c4b-two-different-findings.toml": "two different findings on one designation (45C4b)",
    "laws/broken-47f-withdraw-a-played-card.toml": "a withdrawal the Laws do not allow (47F)",
    "laws/broken-53b-proper-lead-by-wrong-player.toml": "a proper lead by the wrong player (53B)",
    "laws/broken-54c-reject-after-dummy-seen.toml": "rejecting after dummy was seen (54C)",
    "laws/broken-54c-spread-hand-after-dummy-seen.toml": "spreading after dummy was seen (54C)",
    "laws/broken-57-out-of-turn-before-partner-without-57C.toml": "a premature play that 57C does not let stand",
    "penalty/broken-accept-play-without-decision.toml": "accept_play with no decision pending (52)",
    "penalty/broken-choose-without-decision.toml": "a choice with no decision pending (50D2)",
    "penalty/broken-designate-card-not-on-offer.toml": "designating a card that is not on offer (51A)",
    "penalty/broken-forbid-when-offender-on-lead.toml": "forbidding when the offender is on lead (50D1a)",
    "penalty/broken-play-while-57a-choice-pending.toml": "a play while declarer's 57A choice is pending",
    "penalty/broken-premature-after-declarer-played-both-hands.toml": "no 57A after declarer played both hands (57C1)",
    "penalty/broken-require-suit-without-penalty-card.toml": "requiring a suit with no penalty card in it (50D2)",
}

BROKEN_FILES = files_under(BROKEN)
BROKEN_NAMES = [str(p.relative_to(BROKEN)) for p in BROKEN_FILES]


def test_every_broken_file_is_classified_once() -> None:
    unclassified = [n for n in BROKEN_NAMES if n not in STRUCTURAL and n not in NOT_STRUCTURAL]
    assert not unclassified, ("classify each new file of tests/broken_scenarios/ in tests/test_schema.py, as "
                              f"STRUCTURAL (with where the schema must find it) or NOT_STRUCTURAL: {unclassified}")
    assert not set(STRUCTURAL) & set(NOT_STRUCTURAL)
    gone = sorted(set(STRUCTURAL) | set(NOT_STRUCTURAL) - set(BROKEN_NAMES))
    assert not [n for n in gone if n not in BROKEN_NAMES], f"classified but not in tests/broken_scenarios/: {gone}"


@pytest.mark.parametrize("name", [n for n in BROKEN_NAMES if n in STRUCTURAL])
def test_a_structurally_broken_file_fails_the_schema_where_the_library_says(name: str) -> None:
    path = BROKEN / name
    with pytest.raises(ScenarioError):   # the library refuses it when it reads it, before any replay
        sc.from_dict(read(path), path=str(path))
    at, reason = STRUCTURAL[name]
    errors = schema_errors(read(path))
    assert errors, f"{name} breaks a structural rule ({reason}) but validates against the schema"
    assert any(where(e) == at or where(e).startswith(at + "/") or (at and at.startswith(where(e) + "/")
               and e.validator in ("additionalProperties", "anyOf")) for e in errors), \
        f"{name}: the schema must find the fault at '{at}' ({reason}); it found:\n{explain(errors)}"


@pytest.mark.parametrize("name", [n for n in BROKEN_NAMES if n in NOT_STRUCTURAL])
def test_a_file_broken_beyond_structure_passes_the_schema(name: str) -> None:
    path = BROKEN / name
    try:
        data = read(path)
    except (tomllib.TOMLDecodeError, json.JSONDecodeError):
        with pytest.raises(ScenarioError, match="invalid (TOML|JSON)"):
            sc.load(path)
        return
    assert sc.check_file(path).status == "ERROR", f"{name} is in tests/broken_scenarios/ but the checker accepts it"
    errors = schema_errors(data)
    assert not errors, (f"{name} is listed as NOT_STRUCTURAL ({NOT_STRUCTURAL[name]}) but the schema refuses it; "
                        f"move it to STRUCTURAL:\n{explain(errors)}")


# ---- event by event: the schema and the library accept the same fields ------------------------------------

DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def scenario_with(event: dict[str, Any] | None = None, **expected: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"id": "schema-probe", "contract": "3NT", "declarer": "S", "deal": DEAL,
                           "history": [event] if event is not None else []}
    if expected:
        out["expected"] = expected
    return out


def library_accepts(data: dict[str, Any]) -> tuple[bool, str]:
    """Whether the library's validator (not the replay) accepts the file."""
    try:
        sc.from_dict(copy.deepcopy(data))
    except ScenarioError as exc:
        return False, str(exc)
    return True, ""


def _resolve(node: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in node:
        node = SCHEMA["$defs"][node["$ref"].rsplit("/", 1)[1]]
    return node


def sample(prop: dict[str, Any], name: str) -> Any:
    """A value the schema allows for a field."""
    node = _resolve(prop)
    if "anyOf" in node:   # one text or a table of languages (a claim's line): the first form will do
        return sample(node["anyOf"][0], name)
    if "enum" in node:
        return node["enum"][-1] if name != "how" else "lead_out_of_turn"
    kind = node.get("type")
    if kind == "boolean":
        return True
    if kind == "integer":
        return max(node.get("minimum", 0), 1)
    if kind == "array":
        return [sample(node["items"], name)]
    if kind == "string":
        return "a club"
    raise AssertionError(f"no sample for {name}: {node}")


def event_schemas() -> dict[str, dict[str, Any]]:
    return {branch["if"]["properties"]["action"]["const"]: branch["then"]
            for branch in SCHEMA["$defs"]["event"]["allOf"]}


def test_the_schema_has_one_branch_per_action_of_its_enum() -> None:
    assert list(event_schemas()) == SCHEMA["$defs"]["event"]["properties"]["action"]["enum"]


#: Actions of ../shared/SCENARIO_FORMAT.md that the library does not read yet (issue #22 adds them). The test
#: fails when one arrives, so that its fields are then compared too: remove it from this set.
NOT_YET_IN_LIBRARY: set[str] = set()


#: Fields of ../shared/SCENARIO_FORMAT.md on existing actions that the library does not read yet: the comparison
#: above is skipped, loudly, while the library answers "unknown key" for them, and runs as soon as it reads them.
FIELDS_NOT_YET_IN_LIBRARY = {"expose": ("misinformed_by_opponent",)}


def test_the_schema_knows_every_action_of_the_library() -> None:
    schema_actions = set(event_schemas())
    assert set(EVENT_TYPES) <= schema_actions, f"actions missing from the schema: {set(EVENT_TYPES) - schema_actions}"
    arrived = NOT_YET_IN_LIBRARY & set(EVENT_TYPES)
    assert not arrived, f"the library reads {sorted(arrived)} now: remove them from NOT_YET_IN_LIBRARY"
    assert schema_actions - set(EVENT_TYPES) <= NOT_YET_IN_LIBRARY


def test_the_closed_vocabularies_are_the_library_s() -> None:
    """Each enum of an event field is the library's vocabulary, in the library's order (for completion)."""
    events = event_schemas()
    pairs = {("expose", "how"): ev.EXPOSE_HOW, ("choose", "option"): ev.CHOOSE_OPTIONS,
             ("designate", "td_finding"): ev.TD_FINDINGS, ("touch", "purpose"): ev.TOUCH_PURPOSES}
    if hasattr(ev, "TD_RULING_FINDINGS"):   # issue #22
        pairs[("td_ruling", "finding")] = ev.TD_RULING_FINDINGS
    for (action, name), vocabulary in pairs.items():
        assert events[action]["properties"][name]["enum"] == list(vocabulary), (action, name)
    if hasattr(ev, "SIDES"):
        assert SCHEMA["$defs"]["side"]["enum"] == list(ev.SIDES)
    if hasattr(ev, "SEATLESS"):
        seatless = {a for a, then in events.items() if "seat" not in then["properties"]}
        assert seatless == set(ev.SEATLESS)


def test_the_schema_knows_every_expectation_of_the_library() -> None:
    schema_keys = set(SCHEMA["$defs"]["expected"]["properties"])
    assert set(sc.EXPECTATION_KEYS) <= schema_keys, set(sc.EXPECTATION_KEYS) - schema_keys
    not_yet = {"statements_cite", "play_ceased"} - set(sc.EXPECTATION_KEYS)
    assert schema_keys - set(sc.EXPECTATION_KEYS) <= not_yet


def event_cases() -> list[tuple[str, str, dict[str, Any]]]:
    """(action, what, event): each action with its required fields; with each one left out; with each optional
    field added; with an unknown field."""
    cases = []
    for action, then in event_schemas().items():
        props = {k: v for k, v in then["properties"].items() if k != "action"}
        required = then.get("required", [])
        base = {"action": action} | {k: sample(props[k], k) for k in required}
        cases.append((action, "required fields", base))
        for k in required:
            cases.append((action, f"without {k}", {f: v for f, v in base.items() if f != k}))
        for k in props:
            if k not in required:
                extra = {k: sample(props[k], k)}
                needs = then.get("dependentSchemas", {}).get(k)   # a field that goes with another's value
                if needs:
                    # the field's value it goes with: the one value (const), or the first allowed (enum)
                    extra |= {f: needs["properties"][f].get("const", needs["properties"][f].get("enum", [None])[0])
                              for f in needs["required"]}
                cases.append((action, f"with {k}", base | extra))
        cases.append((action, "with an unknown key", base | {"colour": "red"}))
    return cases


EVENT_CASES = event_cases()


@pytest.mark.parametrize("action,what,event", EVENT_CASES, ids=[f"{a}-{w}" for a, w, _ in EVENT_CASES])
def test_the_schema_and_the_library_agree_on_each_field_of_each_event(action: str, what: str,
                                                                     event: dict[str, Any]) -> None:
    if action in NOT_YET_IN_LIBRARY and action not in EVENT_TYPES:
        pytest.skip(f"the library does not read '{action}' yet (issue #22)")
    data = scenario_with(event)
    by_schema = not schema_errors(data)
    by_library, why = library_accepts(data)
    if event.get("action") in ("call", "accept_call", "reject_call") or event.get("period") == "auction":
        # the auction's events are read in the auction's context (its laws run when the file is read, and need a
        # dealer): here the event's own fields are compared
        try:
            read_event(event, 1)
            by_library, why = True, ""
        except Problem as exc:
            by_library, why = False, str(exc)
    new_field = next((f for f in FIELDS_NOT_YET_IN_LIBRARY.get(action, ()) if f in event), None)
    if new_field and not by_library and f"unknown key {new_field!r}" in why:
        pytest.skip(f"the library does not read {action} … {new_field} yet (issue #22)")
    assert by_schema == by_library, (f"{action} {what}: the schema {'accepts' if by_schema else 'refuses'} "
                                     f"{event}, the library {'accepts' if by_library else 'refuses'} it {why}\n"
                                     f"{explain(schema_errors(data))}")


def test_the_new_events_of_the_format_validate() -> None:
    """The events of ../shared/SCENARIO_FORMAT.md for claims, concessions and the end of the board, as a teacher
    would write them, and their typical mistakes."""
    good = [
        {"seat": "S", "action": "claim", "tricks": 3, "line": "drawing trumps, then the clubs"},
        {"seat": "S", "action": "claim"},
        {"seat": "W", "action": "concede", "tricks": 1},
        {"seat": "E", "action": "object"},
        {"seat": "W", "action": "agree"},
        {"seat": "E", "action": "dispute"},
        {"seat": "S", "action": "td_ruling", "tricks": 2, "finding": "outstanding_trump"},
        {"action": "td_ruling", "tricks": 0},
        {"action": "next_board_call", "side": "EW"},
        {"action": "end_of_round"},
        {"seat": "E", "action": "expose", "card": "HQ", "how": "lead_out_of_turn", "misinformed_by_opponent": True},
        {"seat": "E", "action": "expose", "card": "HQ", "how": "premature_play", "misinformed_by_opponent": True},
    ]
    data = scenario_with(None, statements_cite=["16C", "64C"], play_ceased=True, tricks_won={"NS": 9, "EW": 4},
                         statements_cite_exactly=["16C", "64C", "64A2"], statements_not_cite=["50D2"],
                         claim_least_tricks=3)
    data["history"] = good
    assert not schema_errors(data), explain(schema_errors(data))
    bad = [
        ({"seat": "S", "action": "claim", "tricks": 14}, "history/0/tricks"),
        ({"seat": "S", "action": "claim", "trick": 3}, "history/0"),
        ({"seat": "S", "action": "td_ruling"}, "history/0"),
        ({"action": "next_board_call", "side": "N"}, "history/0/side"),
        ({"seat": "N", "action": "next_board_call", "side": "NS"}, "history/0"),
        ({"seat": "N", "action": "end_of_round"}, "history/0"),
        ({"seat": "E", "action": "expose", "card": "HQ", "how": "dropped", "misinformed_by_opponent": True},
         "history/0/how"),
        ({"seat": "E", "action": "concede", "tricks": "all"}, "history/0/tricks"),
    ]
    for event, at in bad:
        errors = schema_errors(scenario_with(event))
        assert any(where(e) == at for e in errors), f"{event} must fail at '{at}':\n{explain(errors)}"
    for expected, at in (({"statements_cite": ["Law sixteen"]}, "expected/statements_cite/0"),
                         ({"play_ceased": "yes"}, "expected/play_ceased"),
                         ({"statements_cite_exactly": ["Law sixteen"]}, "expected/statements_cite_exactly/0"),
                         ({"statements_not_cite": "50D2"}, "expected/statements_not_cite"),
                         ({"claim_least_tricks": 14}, "expected/claim_least_tricks"),
                         ({"claim_least_tricks": "5"}, "expected/claim_least_tricks")):
        errors = schema_errors(scenario_with(None, **expected))
        assert any(where(e) == at for e in errors), f"{expected} must fail at '{at}':\n{explain(errors)}"


def test_a_schema_key_in_a_json_file_is_read_alike_by_the_schema_and_the_library() -> None:
    """docs/scenario-format.md tells JSON writers to point at the schema with the editor's setting; a ``$schema``
    key is accepted by one only if the other accepts it too."""
    data = {"$schema": "../docs/scenario.schema.json"} | scenario_with()
    assert (not schema_errors(data)) == library_accepts(data)[0]
