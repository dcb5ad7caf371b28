"""The auction period in scenario files (SCENARIO_FORMAT.md, "The auction period"): the top-level ``dealer`` and
``vulnerable``, the contract and declarer the legal auction gives (checked against the file's), and the
expectations ``must_pass``, ``forbid_suits``, ``lead_restriction_pending``, ``contract`` and ``declarer``."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from bridgelaws.auction import engine as A
from bridgelaws.auction.calls import Call
from bridgelaws.cards import Seat
from bridgelaws.deal import Contract
from bridgelaws.errors import BridgeLawsError
from bridgelaws.events import AcceptCall, CallEvent, Event, Expose, Play, RejectCall
from bridgelaws.laws import law
from bridgelaws.rules import auction as auction_rules

from bridgelaws.scenario.values import Problem as _Problem, choice as _choice, seat as _seat, \
    short as _short, suit as _suit, table as _table, unique_items

VULNERABLE = ("None", "NS", "EW", "All")
#: the value of ``contract`` (top level or expectation) for a passed-out board (22B)
PASSED_OUT = "passed_out"
AUCTION_TOP_KEYS = ("dealer", "vulnerable")
AUCTION_EXPECTATION_KEYS = ("must_pass", "forbid_suits", "lead_restriction_pending", "contract", "declarer")
_AUCTION_EVENTS = (CallEvent, AcceptCall, RejectCall)


def is_auction_event(e: Event) -> bool:
    return isinstance(e, _AUCTION_EVENTS) or isinstance(e, Expose) and e.period == "auction"


#: PBN's other spellings of the vulnerability (PBN 2.1, section 3.4.6: "Love" and "-" for None, "Both" for All);
#: any case is read
_VULNERABLE_SPELLINGS = {v.lower(): v for v in VULNERABLE} | {"love": "None", "-": "None", "both": "All"}


def vulnerable(value: Any) -> str:
    if isinstance(value, str) and value.strip().lower() in _VULNERABLE_SPELLINGS:
        return _VULNERABLE_SPELLINGS[value.strip().lower()]
    return _choice(value, VULNERABLE, "vulnerable")


def _step(st: A.AuctionState, e: Event) -> A.AuctionState:
    """One auction event (a call, its acceptance or rejection, a card exposed) applied to the auction's fold."""
    if isinstance(e, CallEvent):
        return A.call(st, e.seat, Call.parse(e.call), e.finding)
    if isinstance(e, AcceptCall):
        return A.accept(st, e.seat)
    if isinstance(e, RejectCall):
        return A.reject(st, e.seat)
    return A.expose(st, e.seat, e.card, led=e.how == "lead_out_of_turn")


def clarification_exposures(dealer: Seat, history: tuple[Event, ...]) -> tuple[Event, ...]:
    """The history with each card dropped after the final pass but written ``period = "auction"`` read as
    ``period = "clarification"``: the auction period lasts until an opening lead is faced (17D), and Law 24 covers
    both. A card *led* after the final pass is an opening lead out of turn (54), not Law 24's, and stays as written
    (the checks after this name it). An auction that cannot be replayed is left as it is, for those checks."""
    st = A.start(dealer)
    out = list(history)
    for i, e in enumerate(history):
        if st.ended and not _unintended(e):   # 25A5: an unintended call replaced reopens the auction
            if isinstance(e, Expose) and e.period == "auction" and e.how == "dropped":
                out[i] = replace(e, period="clarification")
            continue
        if not is_auction_event(e):
            break
        try:
            st = _step(st, e)
        except (BridgeLawsError, ValueError):
            break
    return tuple(out)


def _after_the_end(st: A.AuctionState, e: Event, no: int, label: Callable[[int], str], ended_at: int) -> None:
    """An event after the end of the auction other than the replacement of an unintended call (25A5): none after a
    pass-out (22B), and no auction event after another end (17D)."""
    if A.passed_out(st):   # 22B: the hands go back to the board without play
        raise _Problem(f"{label(no)}: the auction was passed out with event {ended_at}: all four players "
                       "passed, there is no play (22B)", no)
    if isinstance(e, Expose) and e.period == "auction" and e.how == "lead_out_of_turn":
        raise _Problem(f"{label(no)}: the auction ended with event {ended_at} (17D): a card "
                       "led face up after the final pass is an opening lead out of turn (54); write it "
                       "without period = \"auction\"", no)
    if is_auction_event(e):
        raise _Problem(f"{label(no)}: the auction ended with event {ended_at} (17D)", no)


def _substitution_after_the_end(no: int, label: Callable[[int], str], ended_at: int, faced: int, other: int) -> None:
    """Law 25A5: no substitution after the end of the auction period, which ends when a defender faces an opening
    lead (17D1); the library models it only when calls alone followed the end of the auction."""
    if faced:
        raise _Problem(f"{label(no)}: the opening lead was faced with event {faced}, so the auction period "
                       "has ended (17D1): no substitution of an unintended call after it (25A5)", no)
    if other:
        raise _Problem(f"{label(no)}: event {other} came after the end of the auction (event {ended_at}); "
                       "this library replaces an unintended call after the end of the auction (25A5) only "
                       "when calls alone followed it", no)


def auction_contract(dealer: Seat, history: tuple[Event, ...], contract: Any, declarer: Any,
                     label: Callable[[int], str]) -> tuple[Contract | None, Seat | None]:
    """Replay the auction at the head of ``history`` and return the contract and declarer it gives, checked
    against the file's ``contract`` and ``declarer`` where given. An impossible auction event, a card event
    before the auction has ended, or an auction event after it are errors naming the event; so is an auction that
    never ends when the file gives no contract."""
    st = A.start(dealer)
    no = 0
    ended_at = faced = other = 0   # the event that ended the auction; since then, the first to face a lead, another
    for no, e in enumerate(history, 1):
        if st.ended and not _unintended(e):
            _after_the_end(st, e, no, label, ended_at)
            if not faced and (isinstance(e, Play) or isinstance(e, Expose) and e.how == "lead_out_of_turn"):
                faced = no
            elif not other:
                other = no
            continue
        if st.ended:   # 25A5: an unintended call replaced until the end of the auction period
            _substitution_after_the_end(no, label, ended_at, faced, other)
        if not is_auction_event(e):
            raise _Problem(f"{label(no)}: the auction has not ended (17D): it ends after three passes in rotation "
                           "follow a call; no card is played before", no)
        try:
            st = _step(st, e)
        except BridgeLawsError as exc:
            raise _Problem(f"{label(no)}: {exc}", no) from None
        ended_at, faced, other = (no if st.ended else 0), 0, 0
    if A.passed_out(st):   # 22B: no contract and no declarer; contract = "passed_out" may say so
        if contract is not None and contract != PASSED_OUT:
            raise _Problem(f"contract: the auction was passed out (22B), not {_short(contract)}; leave contract out "
                           f"or write contract = \"{PASSED_OUT}\"")
        if declarer is not None:
            raise _Problem(f"declarer: the auction was passed out (22B): there is no declarer, not {_short(declarer)}")
        return None, None
    if contract == PASSED_OUT:
        raise _Problem("contract: the auction was not passed out (22B)" if st.ended else
                       f"contract: the auction never ends (its last event is event {no}), so it is not passed out")
    given_decl = _seat(declarer, "declarer") if declarer is not None else None
    res = A.result(st)
    if res is None:
        if contract is None or given_decl is None:
            where = f"{label(no)}: " if no else ""
            raise _Problem(f"{where}the auction never ends: the history stops before three passes in rotation "
                           "follow a call (17D), so it gives no contract; a file that stops in the auction gives "
                           "its contract and declarer", no or None)
        return _contract(contract, given_decl), given_decl
    level, denomination, doubled, decl = res
    got = Contract.parse(f"{level}{denomination}{'X' * doubled}", decl)
    if contract is not None and str(_contract(contract, decl)) != str(got):
        raise _Problem(f"contract: the auction gives {got} by {decl.value}, not {_short(contract)}")
    if given_decl is not None and given_decl is not decl:
        raise _Problem(f"declarer: the auction gives {got} by {decl.value}, not declarer {given_decl.value}")
    return got, decl


def _unintended(e: Event) -> bool:
    """A call found unintended (25A): after the end of the auction, 25A5 may still allow it."""
    return isinstance(e, CallEvent) and e.finding == "unintended"


def _contract(value: Any, declarer: Seat) -> Contract:
    if not isinstance(value, str):
        raise _Problem(f"contract: must be a string like '3NT' or '4SX', not {_short(value)}")
    try:
        return Contract.parse(value, declarer)
    except (ValueError, TypeError) as exc:
        raise _Problem(f"contract: {exc}") from None


# ---- expectations ---------------------------------------------------------------------------------------------

def _must_pass(value: Any, where: str) -> dict[str, str]:
    t = _table(value, where)
    out: dict[Seat, str] = {}
    for k, v in t.items():
        seat = _seat(k, f"{where} (key {_short(k)})")
        out[seat] = _choice(v, ("next_turn", "rest_of_auction"), f"{where}.{k}")
    return {s.value: out[s] for s in Seat if s in out}


def _forbid_suits(value: Any, where: str) -> list[str]:
    return unique_items(value, where, lambda v, w: _suit(v, w).value)


def _pending(value: Any, where: str) -> dict[str, str] | bool:
    if value is False or value is None:
        return False
    t = _table(value, where)
    for k in t:
        if k != "seat":
            raise _Problem(f"{where}: unknown key {_short(k)}; write {{ seat = \"W\" }} or false")
    if "seat" not in t:
        raise _Problem(f"{where}: write {{ seat = \"W\" }} or false")
    return {"seat": _seat(t["seat"], f"{where}.seat").value}


def _contract_key(value: Any, where: str) -> str:
    if value == PASSED_OUT:
        return PASSED_OUT
    if not isinstance(value, str):
        raise _Problem(f"{where}: must be a string like '4H', '3NTX' or '{PASSED_OUT}', not {_short(value)}")
    try:
        return str(Contract.parse(value, Seat.NORTH))
    except (ValueError, TypeError) as exc:
        raise _Problem(f"{where}: {exc}") from None


AUCTION_EXPECTATIONS: dict[str, Callable[[Any, str], Any]] = {
    "must_pass": _must_pass, "forbid_suits": _forbid_suits, "lead_restriction_pending": _pending,
    "contract": _contract_key, "declarer": lambda v, w: _seat(v, w).value,
}


# ---- comparisons ----------------------------------------------------------------------------------------------

def _cmp_must_pass(want: Any, exp: Mapping[str, Any], table: Any, s: Any) -> tuple[bool, Any, Any, str, Any]:
    actual = auction_rules.must_pass(table.state)
    return actual == want, actual, None, "", want


def _cmp_forbid_suits(want: Any, exp: Mapping[str, Any], table: Any, s: Any) -> tuple[bool, Any, Any, str, Any]:
    actual = auction_rules.forbid_suits(table.state)
    return set(actual) == set(want), sorted(actual), law("26B"), "", sorted(want)


def _cmp_pending(want: Any, exp: Mapping[str, Any], table: Any, s: Any) -> tuple[bool, Any, Any, str, Any]:
    actual = auction_rules.lead_restriction_pending(table.state)
    return actual == want, actual, law("26B"), "", want


def _cmp_contract(want: Any, exp: Mapping[str, Any], table: Any, s: Any) -> tuple[bool, Any, Any, str, Any]:
    res = _result(table)
    actual = res[0] if res is not None else "the auction has not ended"
    return actual == want, actual, law("17D"), "", want


def _cmp_declarer(want: Any, exp: Mapping[str, Any], table: Any, s: Any) -> tuple[bool, Any, Any, str, Any]:
    res = _result(table)
    actual = res[1] if res is not None else "the auction has not ended"
    return actual == want, actual, law("17D"), "", want


def _result(table: Any) -> tuple[str, str] | None:
    if table.state.auction is None:   # a table that starts at the opening lead: its own contract
        return str(table.contract), table.contract.declarer.value
    if auction_rules.passed_out(table.state):   # 22B: no contract, no declarer
        return PASSED_OUT, "none: the auction was passed out"
    return auction_rules.auction_result(table.state)


AUCTION_COMPARISONS = {
    "must_pass": _cmp_must_pass, "forbid_suits": _cmp_forbid_suits, "lead_restriction_pending": _cmp_pending,
    "contract": _cmp_contract, "declarer": _cmp_declarer,
}
