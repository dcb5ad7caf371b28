"""The expectations of a file (``expected`` and each checkpoint), validated into canonical form."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bridgelaws.cards import Seat
from bridgelaws.events import Event
from bridgelaws.laws import within

from bridgelaws.scenario.auction_keys import AUCTION_EXPECTATIONS
from bridgelaws.scenario.model import Checkpoint, EXPECTATION_KEYS
from bridgelaws.scenario.values import (
    boolean, card, choice, items, law_ref, no_unknown_keys, Problem, seat as _seat, short, string, suit,
    table as _table, unique_items,
)


_LEAD_RESTRICTION_KEYS = ("seat", "kind", "suit", "suits", "until")
DESIGNATION_KEYS = ("by", "valid", "candidates")
_ROLE_KEYS = ("declarer", "dummy")
_INFORMATION_KEYS = ("requirement_to_play_penalty_card", "other_information_from_penalty_card")
_INFORMATION_PARTIES = ("N", "E", "S", "W", "declarer", "dummy")


def _cards(value: Any, where: str) -> list[str]:
    return unique_items(value, where, lambda v, w: str(card(v, w)))


def _strings(value: Any, where: str) -> list[str]:
    return unique_items(value, where, string)


def _seat_table(value: Any, where: str, convert: Callable[[Any, str], Any]) -> dict[str, Any]:
    table = _table(value, where)
    by_seat: dict[Seat, Any] = {}
    for k, v in table.items():
        seat = _seat(k, f"{where} (key {short(k)})")
        if seat in by_seat:
            raise Problem(f"{where}: seat {seat.value} given twice")
        by_seat[seat] = convert(v, f"{where}.{k}")
    return {s.value: by_seat[s] for s in Seat if s in by_seat}


def _penalty_list(value: Any, where: str) -> list[dict[str, str]]:
    out = []
    for item in items(value, where):
        entry = _table(item, where)
        no_unknown_keys(entry, ("card", "kind"), where)
        for k in ("card", "kind"):
            if k not in entry:
                raise Problem(f"{where}: each penalty card is {{ card = \"D3\", kind = \"major\" }}; "
                               f"missing {short(k)}")
        out.append({"card": str(card(entry["card"], f"{where}.card")),
                    "kind": choice(entry["kind"], ("major", "minor"), f"{where}.kind")})
    return out


def _none_or_table(value: Any, where: str, allowed: tuple[str, ...]) -> dict[str, Any] | None:
    """``false`` (TOML) or ``null`` (JSON) for none, else a table with only ``allowed`` keys."""
    if value is False or value is None:
        return None
    table = _table(value, where)
    no_unknown_keys(table, allowed, where)
    return table


def read_expected(value: Any, where: str, history: tuple[Event, ...]) -> dict[str, Any]:
    table = _table(value, where)
    no_unknown_keys(table, EXPECTATION_KEYS, where)
    out: dict[str, Any] = {}
    for key in EXPECTATION_KEYS:
        if key not in table:
            continue
        v, w = table[key], f"{where}.{key}"
        if key in ("to_act", "next_to_play", "played_by"):
            out[key] = _seat(v, w).value
        elif key in ("legal_cards", "declarer_designates_among"):
            out[key] = _cards(v, w)
        elif key == "declarer_options":
            out[key] = _strings(v, w)
        elif key == "penalty_cards":
            out[key] = _seat_table(v, w, _penalty_list)
        elif key == "restored_to_hand":
            out[key] = _seat_table(v, w, _cards)
        elif key in ("played_card", "held_card", "touched_card"):
            out[key] = str(card(v, w))
        elif key in ("card_is_played", "lead_stands", "may_withdraw", "play_ceased"):
            out[key] = boolean(v, w)
        elif key == "opening_lead":
            out[key] = False if v is False or v is None else str(card(v, w))
        elif key == "lead_restriction":
            out[key] = _lead_restriction(v, w)
        elif key == "designation":
            out[key] = _designation(v, w)
        elif key == "roles":
            t = _table(v, w)
            no_unknown_keys(t, _ROLE_KEYS, w)
            out[key] = {k: _seat(t[k], f"{w}.{k}").value for k in _ROLE_KEYS if k in t}
        elif key == "information":
            out[key] = _information(v, w)
        elif key == "withdrawn_information":
            out[key] = _withdrawn_information(v, w)
        elif key in _STATEMENT_EXPECTATIONS:
            out[key] = _STATEMENT_EXPECTATIONS[key](v, w)
        elif key in _REVOKE_EXPECTATIONS:
            out[key] = _REVOKE_EXPECTATIONS[key](v, w)
        elif key == "option_values":
            out[key] = _option_values(v, w)
        elif key in AUCTION_EXPECTATIONS:
            out[key] = AUCTION_EXPECTATIONS[key](v, w)
    _check_pairs(out, where, history)
    _check_statement_lists(out, where)
    return out


# -- the revoke expectations (Laws 61 to 64) --

_REVOKE_KEYS = ("seat", "trick", "card", "established", "corrected")
_SIDES = ("NS", "EW")


def _revokes(value: Any, where: str) -> list[dict[str, Any]]:
    out = []
    for i, item in enumerate(items(value, where), 1):
        w = f"{where}[{i}]"
        entry = _table(item, w)
        no_unknown_keys(entry, _REVOKE_KEYS, w)
        one: dict[str, Any] = {}
        for k in _REVOKE_KEYS:
            if k not in entry:
                continue
            if k == "seat":
                one[k] = _seat(entry[k], f"{w}.seat").value
            elif k == "card":
                one[k] = str(card(entry[k], f"{w}.card"))
            elif k == "trick":
                n = entry[k]
                if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 13:
                    raise Problem(f"{w}.trick: must be a trick number 1 to 13, not {n!r}")
                one[k] = n
            else:
                one[k] = boolean(entry[k], f"{w}.{k}")
        out.append(one)
    return out


def _tricks_won(value: Any, where: str) -> dict[str, int]:
    t = _table(value, where)
    no_unknown_keys(t, _SIDES, where)
    out = {}
    for k in _SIDES:
        if k in t:
            n = t[k]
            if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 13:
                raise Problem(f"{where}.{k}: must be a number of tricks 0 to 13, not {n!r}")
            out[k] = n
    return out


def _trick_adjustment(value: Any, where: str) -> dict[str, Any]:
    t = _table(value, where)
    no_unknown_keys(t, ("to", "tricks"), where)
    out: dict[str, Any] = {}
    if "to" in t:
        out["to"] = choice(t["to"], _SIDES, f"{where}.to")
    if "tricks" in t:
        n = t["tricks"]
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 13:
            raise Problem(f"{where}.tricks: must be a number of tricks 0 to 13, not {n!r}")
        out["tricks"] = n
    return out


_REVOKE_EXPECTATIONS: dict[str, Callable[[Any, str], Any]] = {
    "revokes": _revokes, "tricks_won": _tricks_won, "trick_adjustment": _trick_adjustment,
}


#: option_values: each option's name, and what follows its colon (suits, or a card)
_OPTION_ARGS = {
    "require": "suit", "forbid": "suits", "none": None, "accept_and_play": None, "accept_and_become_dummy": None,
    "reject_require": "suit", "reject_forbid": "suits", "reject_no_restriction": None, "accept_lead": None,
    "reject_lead": None, "highest": None, "lowest": None, "require_suit": "suit", "forbid_suit": "suit",
    "accept_play": None, "reject_play": None, "designate_penalty_card": "card", "select": "card",
}


def _option_name(name: Any, where: str) -> str:
    """An option of ``option_values`` in canonical form: ``require:C``, ``forbid:D,C`` (suits in the order
    given), ``designate_penalty_card:SK``."""
    if not isinstance(name, str):
        raise Problem(f"{where}: an option is a name such as \"require:C\" or \"none\", not {short(name)}")
    base, colon, arg = name.partition(":")
    if base not in _OPTION_ARGS:
        raise Problem(f"{where}: unknown option {short(name)}; options are "
                       + ", ".join(k + (":…" if v else "") for k, v in _OPTION_ARGS.items()))
    kind = _OPTION_ARGS[base]
    w = f"{where} (option {short(name)})"
    if kind is None:
        if colon:
            raise Problem(f"{w}: {base} takes no suit or card")
        return base
    if not arg:
        raise Problem(f"{w}: write the {'card' if kind == 'card' else 'suit'} after a colon, e.g. "
                       f"{base}:{'SK' if kind == 'card' else 'C'}")
    if kind == "card":
        return f"{base}:{card(arg, w)}"
    suits = [suit(x.strip(), w).value for x in arg.split(",")]
    if kind == "suit" and len(suits) != 1 or len(set(suits)) != len(suits):
        raise Problem(f"{w}: {'one suit' if kind == 'suit' else 'each suit once'}")
    return f"{base}:{','.join(suits)}"


def _tricks_value(value: Any, where: str) -> str:
    """``9`` (exact) or ``">=8"`` (at least), as the text ``"9"`` / ``">=8"``."""
    text = value
    if isinstance(value, int) and not isinstance(value, bool):
        text = str(value)
    if isinstance(text, str):
        t = text.replace(" ", "")
        digits = t[2:] if t.startswith(">=") else t
        if digits.isdigit() and 0 <= int(digits) <= 13:
            return (">=" if t.startswith(">=") else "") + str(int(digits))
    raise Problem(f"{where}: tricks are a number 0 to 13, or a bound written \">=8\", not {short(value)}")


def _option_values(value: Any, where: str) -> dict[str, str]:
    table = _table(value, where)
    out: dict[str, str] = {}
    for name, v in table.items():
        key = _option_name(name, where)
        if key in out:
            raise Problem(f"{where}: option {key} given twice")
        out[key] = _tricks_value(v, f"{where}.{name}")
    return out


def _lead_restriction(value: Any, where: str) -> dict[str, Any] | bool:
    t = _none_or_table(value, where, _LEAD_RESTRICTION_KEYS)
    if t is None:
        return False
    if "suit" in t and "suits" in t:
        raise Problem(f"{where}: give either suit or suits, not both")
    out: dict[str, Any] = {}
    for k in _LEAD_RESTRICTION_KEYS:
        if k not in t:
            continue
        w = f"{where}.{k}"
        if k == "seat":
            out[k] = _seat(t[k], w).value
        elif k == "kind":
            out[k] = choice(t[k], ("require", "forbid"), w)
        elif k == "suit":
            out[k] = suit(t[k], w).value
        elif k == "suits":
            out[k] = [suit(s, w).value for s in items(t[k], w)]
        else:
            out[k] = choice(t[k], ("this_lead", "loses_lead"), w)
    return out


def _designation(value: Any, where: str) -> dict[str, Any] | bool:
    t = _none_or_table(value, where, DESIGNATION_KEYS)
    if t is None:
        return False
    out: dict[str, Any] = {}
    if "by" in t:
        out["by"] = choice(t["by"], ("either_defender", "declarer"), f"{where}.by")
    if "valid" in t:
        out["valid"] = boolean(t["valid"], f"{where}.valid")
    if "candidates" in t:
        out["candidates"] = _cards(t["candidates"], f"{where}.candidates")
    return out


_WITHDRAWN_STATUS = ("authorized", "unauthorized")


def _withdrawn_information(value: Any, where: str) -> dict[str, str] | bool:
    """Law 16C for the most recent withdrawal: ``{ NS = "authorized", EW = "unauthorized" }`` (only the sides
    given are compared), or ``false`` (TOML) / ``null`` (JSON) for no withdrawal so far."""
    t = _none_or_table(value, where, _SIDES)
    if t is None:
        return False
    if not t:
        raise Problem(f"{where}: name a side, e.g. {{ NS = \"authorized\", EW = \"unauthorized\" }}")
    out = {side: choice(t[side], _WITHDRAWN_STATUS, f"{where}.{side}") for side in _SIDES if side in t}
    if len(out) == 2 and out["NS"] == out["EW"] == "unauthorized":
        # authorized for both is what a withdrawal gives where the Laws say 16C does not apply (27B1(b), 23B)
        raise Problem(f"{where}: Law 16C makes what a withdrawn action shows authorized for the non-offending "
                       "side (16C1); it is never unauthorized for both")
    return out


def _information(value: Any, where: str) -> dict[str, Any] | bool:
    t = _none_or_table(value, where, _INFORMATION_KEYS)
    if t is None:
        return False
    out: dict[str, Any] = {}
    if "requirement_to_play_penalty_card" in t:
        k = "requirement_to_play_penalty_card"
        out[k] = string(t[k], f"{where}.{k}")
    if "other_information_from_penalty_card" in t:
        k = "other_information_from_penalty_card"
        w = f"{where}.{k}"
        other = _table(t[k], w)
        parties: dict[str, str] = {}
        for party, status in other.items():
            name = party.upper() if isinstance(party, str) and party.upper() in "NESW" and len(party) == 1 \
                else party
            if name not in _INFORMATION_PARTIES:
                raise Problem(f"{w}: unknown key {short(party)}; allowed: a seat (N, E, S, W), declarer, dummy")
            parties[name] = string(status, f"{w}.{party}")
        out[k] = {p: parties[p] for p in _INFORMATION_PARTIES if p in parties}
    return out


def _law_codes(value: Any, where: str) -> list[str]:
    """``statements_cite`` (and its exact and negative forms): law references, each in its compact form (``"16C"``), without repeats."""
    return unique_items(value, where, lambda v, w: law_ref(v, w).code)


def _least_tricks(value: Any, where: str) -> int:
    """``claim_least_tricks``: a number of tricks 0 to 13 (the claim solver's answer)."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 13:
        raise Problem(f"{where}: must be a number of tricks 0 to 13, not {short(value)}")
    return value


_STATEMENT_EXPECTATIONS: dict[str, Callable[[Any, str], Any]] = {
    "statements_cite": _law_codes, "statements_cite_exactly": _law_codes, "statements_not_cite": _law_codes,
    "claim_least_tricks": _least_tricks,
}


def _check_statement_lists(out: dict[str, Any], where: str) -> None:
    """A law may not be both wanted (``statements_cite``, ``statements_cite_exactly``) and forbidden
    (``statements_not_cite``); a law ``statements_cite`` wants must be allowed by ``statements_cite_exactly``."""
    forbidden = out.get("statements_not_cite", [])
    for key in ("statements_cite", "statements_cite_exactly"):
        for code in out.get(key, []):
            for bad in forbidden:
                if within(code, bad) or within(bad, code):
                    raise Problem(f"{where}: law {code} is in {key} and {bad} in statements_not_cite")
    exact = out.get("statements_cite_exactly")
    if exact is not None:
        for code in out.get("statements_cite", []):
            if not any(within(code, e) or within(e, code) for e in exact):
                raise Problem(f"{where}: law {code} is in statements_cite but not in statements_cite_exactly")


def _check_pairs(out: dict[str, Any], where: str, history: tuple[Event, ...]) -> None:
    """Keys that only make sense together, and cards that must name a card of the history's events."""
    if "played_by" in out and "played_card" not in out:
        raise Problem(f"{where}: played_by needs played_card")
    if "held_card" in out and "touched_card" in out:
        raise Problem(f"{where}: give either held_card or touched_card, not both")
    named = "held_card" in out or "touched_card" in out
    if named != ("card_is_played" in out):
        raise Problem(f"{where}: held_card / touched_card and card_is_played go together")
    for key, action in (("held_card", "hold"), ("touched_card", "touch")):
        if key in out and not any(e.action == action and str(getattr(e, "card", "")) == out[key]
                                  for e in history):
            raise Problem(f"{where}.{key}: {out[key]} is not the card of any {short(action)} event in the history "
                           "before this point")


def read_checkpoints(value: Any, history: tuple[Event, ...]) -> tuple[Checkpoint, ...]:
    out = []
    for i, raw in enumerate(items(value, "checkpoints"), 1):
        where = f"checkpoint {i}"
        t = _table(raw, where)
        no_unknown_keys(t, ("after", "expected"), where)
        for k in ("after", "expected"):
            if k not in t:
                raise Problem(f"{where}: missing key {short(k)}")
        after = t["after"]
        if isinstance(after, bool) or not isinstance(after, int) or not 0 <= after <= len(history):
            raise Problem(f"{where}: after must be a number of events from 0 to {len(history)}, not {short(after)}")
        out.append(Checkpoint(after, read_expected(t["expected"], f"{where} (after {after}): expected",
                                               history[:after])))
    return tuple(out)
