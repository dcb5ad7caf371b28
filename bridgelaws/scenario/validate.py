"""From parsed data to a :class:`Scenario`: bounds first, then every key (the format's rules)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from bridgelaws.deal import Contract
from bridgelaws.errors import ScenarioError

from bridgelaws.scenario.auction_keys import auction_contract, clarification_exposures, is_auction_event, vulnerable
from bridgelaws.scenario.eventfields import event_label, read_history
from bridgelaws.scenario.expectations import read_checkpoints, read_expected
from bridgelaws.scenario.model import ID_RE, REQUIRED_KEYS, Scenario, TEXT_KEYS, TOP_LEVEL_KEYS
from bridgelaws.scenario.values import (
    deal as _deal, law_ref, items as _list, no_unknown_keys, Problem, seat, short, short_path, string, text, type_name,
)


#: Bounds on the values of a scenario file, checked before anything else is done with them: tables and lists
#: nest at most this deep, a string has at most this many characters, and a number lies within these bounds.
MAX_DEPTH = 12
MAX_STRING = 100_000
MAX_NUMBER = 1_000_000


def out_of_bounds(data: Any) -> str | None:
    """What lies outside what the format allows (too deep, too long, too large), or None. Iterative, so no
    nesting can exhaust the stack; a fast pass first, and the place is worked out only for a problem."""
    return _bounds_walk(data, with_paths=True) if _bounds_walk(data, with_paths=False) else None


def _bounds_walk(data: Any, *, with_paths: bool) -> str | None:
    stack: list[tuple[Any, int, str]] = [(data, 0, "")]
    while stack:
        value, depth, where = stack.pop()
        if isinstance(value, dict):
            items: Iterable[tuple[Any, Any]] = value.items()
        elif isinstance(value, list):
            items = enumerate(value)
        else:
            if isinstance(value, str):
                if len(value) > MAX_STRING:
                    at = f"{where}: " if where else ""
                    return f"{at}a text of {len(value)} characters; at most {MAX_STRING} are allowed"
            elif isinstance(value, (int, float)) and not isinstance(value, bool) \
                    and not -MAX_NUMBER <= value <= MAX_NUMBER:   # NaN fails this comparison too
                at = f"{where}: " if where else ""
                return f"{at}the number {short(value)} is out of range (at most {MAX_NUMBER} either way)"
            continue
        if depth >= MAX_DEPTH:
            at = f"{where}: " if where else ""
            return f"{at}tables and lists are nested more than {MAX_DEPTH} deep"
        for k, v in items:
            if isinstance(k, str) and len(k) > MAX_STRING:
                at = f"{where}: " if where else ""
                return f"{at}a key of {len(k)} characters; at most {MAX_STRING} are allowed"
            if isinstance(v, (dict, list, str, int, float)):
                stack.append((v, depth + 1, short_path(where, k if isinstance(k, str) else f"[{k}]")
                              if with_paths else ""))
    return None


def no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in pairs:
        if k in out:
            raise ValueError(f"duplicate key {k!r}")
        out[k] = v
    return out


_MAX_MESSAGE = 1000


def from_dict(data: Any, *, path: str | None = None) -> Scenario:
    """Validate a parsed scenario (the dict a TOML or JSON reader gives) and build the Scenario."""
    raw_id = data.get("id") if isinstance(data, dict) else None
    scenario_id = raw_id if isinstance(raw_id, str) and ID_RE.fullmatch(raw_id) else None
    problem = out_of_bounds(data)   # before any other work on the values
    if problem:
        raise ScenarioError(f"{path}: {problem}" if path else problem, path=path, scenario_id=scenario_id)
    try:
        return _build(data, path)
    except Problem as exc:
        where = f"{path}: " if path else ""
        message = str(exc)
        if len(message) > _MAX_MESSAGE:   # a value quoted from the file by a parser's message
            message = message[:_MAX_MESSAGE - 1] + "…"
        raise ScenarioError(f"{where}{message}", path=path, event_no=exc.event_no,
                            scenario_id=scenario_id) from None


_AUCTION_ACTIONS = ("call", "accept_call", "reject_call")


def _starts_at_the_lead(history: Any) -> bool:
    """A history with events of which none belongs to the auction (no call, accept_call, reject_call or
    ``expose … period = "auction"``). Malformed events count as auction events here: the event reader names them."""
    if not isinstance(history, list) or not history:
        return False
    for raw in history:
        if not isinstance(raw, dict) or not isinstance(raw.get("action"), str):
            return False
        if raw["action"] in _AUCTION_ACTIONS or raw.get("period") == "auction":
            return False
    return True


def _build(data: Any, path: str | None) -> Scenario:
    if not isinstance(data, dict):
        raise Problem(f"a scenario must be a table of keys, not {type_name(data)}")
    no_unknown_keys(data, TOP_LEVEL_KEYS, "")
    dealer = seat(data["dealer"], "dealer") if "dealer" in data else None
    if dealer is not None and _starts_at_the_lead(data.get("history")):
        # a dealer (and vulnerability) given for a deal whose history has events and no call: the scenario starts
        # at the opening lead as any other, and gives its contract and declarer (SCENARIO_FORMAT.md: the dealer is
        # required when the history starts with the auction; it does not make one)
        if "vulnerable" in data:
            vulnerable(data["vulnerable"])
        data = {k: v for k, v in data.items() if k not in ("dealer", "vulnerable")}
        dealer = None
    required = REQUIRED_KEYS if dealer is None else tuple(k for k in REQUIRED_KEYS if k not in ("contract", "declarer"))
    missing = [k for k in required if k not in data]
    if missing:
        raise Problem(f"missing required key{'s' if len(missing) > 1 else ''} "
                       + ", ".join(repr(k) for k in missing))
    sid = data["id"]
    if not isinstance(sid, str) or not ID_RE.fullmatch(sid):
        raise Problem(f"id: must be an ASCII slug of letters, digits, '-', '_' and '.', e.g. "
                       f"'stort-strafkort-1a', not {short(sid)}")
    if dealer is None:
        declarer = seat(data["declarer"], "declarer")
        if not isinstance(data["contract"], str):
            raise Problem(f"contract: must be a string like '3NT' or '4SX', not {short(data['contract'])}")
        try:
            contract = Contract.parse(data["contract"], declarer)
        except (ValueError, TypeError) as exc:
            raise Problem(f"contract: {exc}") from None
    deal = _deal(data["deal"])
    history = read_history(data["history"])
    if dealer is not None:   # the legal auction gives the contract (SCENARIO_FORMAT.md, "The auction period")
        history = clarification_exposures(dealer, history)
        raw = data["history"]
        contract, declarer = auction_contract(  # type: ignore[assignment]
            dealer, history, data.get("contract"), data.get("declarer"),
            lambda no: f"event {no} ({event_label(raw[no - 1])})")
    elif "vulnerable" in data or any(is_auction_event(e) for e in history):
        no = next((i for i, e in enumerate(history, 1) if is_auction_event(e)), None)
        where = f"event {no} ({event_label(data['history'][no - 1])})" if no else "vulnerable"
        raise Problem(f"{where}: a scenario with an auction names its dealer (dealer = \"N\")", no)
    texts = {k: text(data[k], k) if k in data else None for k in TEXT_KEYS}
    laws = tuple(law_ref(v, "laws") for v in _list(data.get("laws", []), "laws"))
    tags = tuple(string(v, "tags") for v in _list(data.get("tags", []), "tags"))
    expected = read_expected(data.get("expected", {}), "expected", history)
    checkpoints = read_checkpoints(data.get("checkpoints", []), history)
    vul = vulnerable(data["vulnerable"]) if "vulnerable" in data else None
    return Scenario(id=sid, contract=contract, declarer=declarer, deal=deal, history=history,  # type: ignore[arg-type]
                    dealer=dealer, vulnerable=vul,
                    title=texts["title"], laws=laws, summary=texts["summary"], question=texts["question"],
                    reasoning=texts["reasoning"], tags=tags, expected=expected, checkpoints=checkpoints,
                    path=path)
