"""Comparing one expectation table with a table's state: one function per key."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from bridgelaws.cards import Card, Seat, Suit
from bridgelaws.errors import IllegalPlayError
from bridgelaws.laws import law, LawRef, within
from bridgelaws.table import binding_restrictions, Table

from bridgelaws.scenario.auction_keys import AUCTION_COMPARISONS
from bridgelaws.scenario.expectations import DESIGNATION_KEYS
from bridgelaws.scenario.model import NOT_IMPLEMENTED, Scenario
from bridgelaws.scenario.statement_comparisons import STATEMENT_COMPARISONS


@dataclass(frozen=True, slots=True)
class Difference:
    """One expectation that does not hold: the key, what the file expects, what the library says, and the
    law the library applied there. ``after`` is the checkpoint's event count (None: after the last event)."""

    key: str
    expected: Any
    actual: Any
    law: LawRef | None = None
    after: int | None = None
    note: str | None = None

    def __str__(self) -> str:
        where = f"after event {self.after}: " if self.after is not None else ""
        if self.actual == NOT_IMPLEMENTED and self.key.startswith("event "):
            line = f"{where}{self.key} ({self.expected}): {NOT_IMPLEMENTED}"
        else:
            line = f"{where}{self.key}: expected {show(self.expected)}, actual {show(self.actual)}"
        extras = [x for x in (self.law.cite("en") if self.law is not None else None, self.note) if x]
        return line + (f" ({'; '.join(extras)})" if extras else "")

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "after": self.after, "expected": self.expected, "actual": self.actual,
                "law": str(self.law) if self.law is not None else None, "note": self.note}


def not_implemented(exc: BaseException) -> bool:
    return isinstance(exc, IllegalPlayError) and exc.key == "error.not_implemented"


# ---- comparing one expectation table with the table's state ------------------------------------------

def compare(expected: Mapping[str, Any], table: Table, scenario: Scenario,
            after: int | None = None) -> list[Difference]:
    """The differences between ``expected`` (canonical form) and the table now."""
    out: list[Difference] = []
    for key, want in expected.items():
        if key == "played_by" or key == "card_is_played":
            continue   # checked with played_card / held_card / touched_card
        try:
            ok, actual, law_ref, shown_key, shown_want = _COMPARE[key](want, expected, table, scenario)
        except NotImplementedError as exc:
            out.append(Difference(key, want, NOT_IMPLEMENTED, after=after, note=str(exc) or None))
            continue
        except (AttributeError, IllegalPlayError) as exc:
            if isinstance(exc, IllegalPlayError) and not not_implemented(exc):
                raise
            out.append(Difference(key, want, NOT_IMPLEMENTED, after=after, note=str(exc)))
            continue
        if not ok:
            out.append(Difference(shown_key or key, shown_want, actual, law_ref, after))
    return out


Comparison = tuple[bool, Any, LawRef | None, str, Any]


def plain(value: Any) -> Any:
    """Engine values in the file's canonical form (sets become sorted lists)."""
    if isinstance(value, (Card, Seat, Suit, LawRef)):
        return str(value)
    if isinstance(value, (set, frozenset)):
        items = [plain(v) for v in value]
        if all(isinstance(v, Card) for v in value):
            return [str(c) for c in sorted(value, key=lambda c: c.sort_key)]
        return sorted(items, key=str)
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, Mapping):
        return {str(plain(k)): plain(v) for k, v in value.items()}
    return value


def turn_law(table: Table, what: str) -> LawRef | None:
    """The law the library applied to who plays next (``what == "turn"``) or to which cards he may play
    (``"cards"``): a pending decision, a restriction, a penalty card, or the ordinary rules of Law 44."""
    st = table.state
    if st.pending is not None:
        return st.pending.law
    seat = st.to_act
    if seat is None:
        return None
    if what == "turn":
        return law("44B") if st.trick else law("44G") if st.tricks else law("41A")
    rs = binding_restrictions(st, seat)
    if rs:
        return rs[0].law
    pcs = st.penalty_cards_of(seat)
    majors = {p.card for p in pcs if p.is_major}
    if majors:
        # 50D1(a): a major penalty card is played at the first legal opportunity; 50D1(b): following suit (or a
        # restriction) comes first, and the card stays on the table until then
        return law("50D1a") if majors & table.legal_cards() else law("50D1b")
    if pcs:
        return law("50C")
    if not st.trick:
        return law("44A")
    return law("44C") if any(c.suit is st.suit_led for c in st.holding(seat)) else law("44D")


def _cmp_to_act(want: Any, exp: Mapping[str, Any], table: Table, s: Scenario) -> Comparison:
    actual = plain(table.to_act())
    return actual == want, actual, turn_law(table, "turn"), "", want


def _cmp_legal_cards(want: Any, exp: Mapping[str, Any], table: Table, s: Scenario) -> Comparison:
    actual = table.legal_cards()
    return {str(c) for c in actual} == set(want), plain(frozenset(actual)), turn_law(table, "cards"), "", want


def _cmp_penalty_cards(want: Any, exp: Mapping[str, Any], table: Table, s: Scenario) -> Comparison:
    pcs = table.penalty_cards()
    actual: dict[str, list[dict[str, str]]] = {}
    for seat in Seat:
        mine = sorted((p for p in pcs if p.seat is seat), key=lambda p: p.card.sort_key)
        if mine:
            actual[seat.value] = [{"card": str(p.card), "kind": p.kind} for p in mine]

    def as_set(d: Mapping[str, list[dict[str, str]]]) -> set[tuple[str, str, str]]:
        return {(seat, e["card"], e["kind"]) for seat, entries in d.items() for e in entries}

    w, a = as_set(want), as_set(actual)
    differing = [p for p in pcs if (p.seat.value, str(p.card), p.kind) in a - w]
    return w == a, actual, differing[0].law if differing else (pcs[0].law if pcs else None), "", want


def _cmp_declarer_options(want: Any, exp: Mapping[str, Any], table: Table, s: Scenario) -> Comparison:
    actual = table.declarer_options()
    p = table.state.pending
    return set(actual) == set(want), sorted(actual), p.law if p is not None else None, "", want


def _cmp_designates_among(want: Any, exp: Mapping[str, Any], table: Table, s: Scenario) -> Comparison:
    actual = table.designates_among()
    p = table.state.pending
    return ({str(c) for c in actual} == set(want), plain(frozenset(actual)), p.law if p is not None else None,
            "", want)


def _suits_of(d: Mapping[str, Any]) -> set[str] | None:
    if "suit" in d:
        return {d["suit"]}
    if "suits" in d:
        return set(d["suits"])
    return None


def _cmp_lead_restriction(want: Any, exp: Mapping[str, Any], table: Table, s: Scenario) -> Comparison:
    r = table.lead_restriction()
    if r is None:
        return want is False, None, None, "", want
    actual = _restriction_dict(r)
    if want is False:
        return False, actual, r.law, "", "none"
    # where two restrictions bind the same lead (a 26B prohibition from the auction and a 50D2 requirement from
    # partner's penalty card, both at the opening lead), the file may name either: each binds the lead now
    same_lead = [x for x in table.state.restrictions if x.is_lead_restriction and x.seat is r.seat]
    for x in [r] + [x for x in same_lead if x is not r]:
        if _restriction_matches(want, _restriction_dict(x)):
            return True, _restriction_dict(x), x.law, "", want
    return False, actual if len(same_lead) < 2 else [_restriction_dict(x) for x in same_lead], r.law, "", want


def _restriction_dict(r: Any) -> dict[str, Any]:
    return {"seat": r.seat.value, "kind": r.kind, "suits": [x.value for x in r.suits], "until": r.until}


def _restriction_matches(want: Mapping[str, Any], actual: Mapping[str, Any]) -> bool:
    ok = all(actual[k] == v for k, v in want.items() if k not in ("suit", "suits"))
    suits = _suits_of(want)
    return ok and (suits is None or suits == set(actual["suits"]))


def _cmp_played_card(want: Any, exp: Mapping[str, Any], table: Table, s: Scenario) -> Comparison:
    card = Card.parse(want)
    seat = Seat.parse(exp["played_by"]) if "played_by" in exp else s.deal.owner(card)
    last = dict(table.state.last_played)
    actual = last.get(seat) if seat is not None else None
    key = f"played_card (played_by {seat.value})" if seat is not None else "played_card"
    return actual == card, plain(actual), None, key, want


def _cmp_card_status(want: Any, exp: Mapping[str, Any], table: Table, s: Scenario, source: str) -> Comparison:
    card = Card.parse(want)
    status = None
    for cs in table.state.card_status:
        if cs.card == card and cs.source == source:
            status = cs
    want_played = exp["card_is_played"]
    key = f"card_is_played ({'held' if source == 'hold' else 'touched'} {want})"
    if status is None:
        return False, "no ruling recorded", None, key, want_played
    actual = status.played if status.played is not None else "undecided (a question for the Director)"
    return status.played is want_played, actual, status.law, key, want_played


def _cmp_held(want: Any, exp: Mapping[str, Any], table: Table, s: Scenario) -> Comparison:
    return _cmp_card_status(want, exp, table, s, "hold")


def _cmp_touched(want: Any, exp: Mapping[str, Any], table: Table, s: Scenario) -> Comparison:
    return _cmp_card_status(want, exp, table, s, "touch")


def _cmp_designation(want: Any, exp: Mapping[str, Any], table: Table, s: Scenario) -> Comparison:
    d = table.state.designation
    law_ref = getattr(d, "law", None) if isinstance(getattr(d, "law", None), LawRef) else None
    if d is None:
        return want is False, None, None, "", want if want is not False else "none"
    actual: dict[str, Any] = {}
    for k in DESIGNATION_KEYS:
        v = getattr(d, k, None)
        actual[k] = plain(frozenset(v)) if k == "candidates" and v is not None else plain(v)
    if want is False:
        return False, actual, law_ref, "", "none"
    ok = True
    for k, v in want.items():
        if k == "candidates":
            ok = ok and set(v) == set(actual[k] or ())
        else:
            ok = ok and actual[k] == v
    return ok, actual, law_ref, "", want


def _cmp_roles(want: Any, exp: Mapping[str, Any], table: Table, s: Scenario) -> Comparison:
    st = table.state
    actual = {"declarer": st.declarer.value, "dummy": st.dummy.value}
    changed = st.declarer is not s.declarer
    return all(actual[k] == v for k, v in want.items()), actual, law("54A") if changed else None, "", want


def _cmp_lead_stands(want: Any, exp: Mapping[str, Any], table: Table, s: Scenario) -> Comparison:
    actual = table.state.lead_stands
    return actual is want, actual, law("53A"), "", want


def _cmp_restored(want: Any, exp: Mapping[str, Any], table: Table, s: Scenario) -> Comparison:
    actual: dict[str, list[str]] = {}
    for seat in Seat:
        cards = frozenset(c for x, c in table.state.restored if x is seat)
        if cards:
            actual[seat.value] = plain(cards)
    w = {(seat, c) for seat, cards in want.items() for c in cards}
    a = {(seat, c) for seat, cards in actual.items() for c in cards}
    return w == a, actual, None, "", want


def _cmp_opening_lead(want: Any, exp: Mapping[str, Any], table: Table, s: Scenario) -> Comparison:
    fd = table.state.opening_lead_face_down
    actual = str(fd[1]) if fd is not None else None
    if want is False:
        return actual is None, actual, law("41A"), "", "none"
    return actual == want, actual, law("41A"), "", want


def _cmp_may_withdraw(want: Any, exp: Mapping[str, Any], table: Table, s: Scenario) -> Comparison:
    actual = table.state.may_withdraw
    return actual is want, actual, law("41A"), "", want


def _partial(want: Any, actual: Any) -> bool:
    """Only the keys given are compared, at every level of nested tables."""
    if isinstance(want, Mapping):
        return isinstance(actual, Mapping) and all(k in actual and _partial(v, actual[k]) for k, v in want.items())
    return bool(want == actual)


def _cmp_information(want: Any, exp: Mapping[str, Any], table: Table, s: Scenario) -> Comparison:
    info = table.information()
    actual = plain(info) if info is not None else None
    if want is False:
        return actual is None, actual, law("50E"), "", "none"
    return actual is not None and _partial(want, actual), actual, law("50E"), "", want


def _cmp_withdrawn_information(want: Any, exp: Mapping[str, Any], table: Table, s: Scenario) -> Comparison:
    from bridgelaws.rules.information import last_withdrawn

    from bridgelaws.rules.auction import withdrawn_information as call_withdrawn

    info = last_withdrawn(table.state)
    # a card withdrawn in the play is later than any call withdrawn in the auction (16C for calls: issue 36)
    actual = info.sides() if info is not None else call_withdrawn(table.state)
    if info is None:
        exposed = _auction_exposure_sides(table, s)
        if exposed is not None:
            actual = exposed
    if actual is None and _call_withdrawn_without_16c(table):
        # a call withdrawn where the Laws say 16C does not apply (27B1, 23B): what it showed is authorized for
        # both sides, and there is no 16C status to report (``false`` says the same)
        if want is False:
            return True, None, law("16C"), "", "none"
        actual = {"NS": "authorized", "EW": "authorized"}
    if want is False:
        return actual is None, actual, law("16C"), "", "none"
    if actual is None or not _partial(want, actual):
        return False, actual, law("16C"), "", want
    # every statement now that names the sides (authorized, unauthorized seats) must name the same ones
    for st in table.statements():
        params = st.message.params
        if "authorized" in params and "unauthorized" in params:
            said = {("NS" if s in (Seat.NORTH, Seat.SOUTH) else "EW"): status
                    for status in ("authorized", "unauthorized") for s in params[status]}
            if not _partial(want, said):
                return False, {st.message.key: said}, law("16C"), "", want
    return True, actual, law("16C"), "", want


def _auction_exposure_sides(table: Table, s: Scenario) -> dict[str, str] | None:
    """Law 24's preamble with 16C for a card exposed during the auction, when that exposure is the most recent
    withdrawal-like event (no call was withdrawn after it): what the card shows is authorized for the
    non-offending side and unauthorized for the offender's side. None when no card was exposed in the auction."""
    from bridgelaws.events import Expose
    from bridgelaws.rules.information import withdrawn_information
    from bridgelaws.scenario.replaying import replay

    auction = getattr(table.state, "auction", None)
    if auction is None or not auction.exposed:
        return None
    done = s.history[:len(table)]
    last = max((i for i, e in enumerate(done) if isinstance(e, Expose) and e.period == "auction"), default=None)
    if last is None:
        return None
    if auction.withdrawn:
        before = replay(s, upto=last + 1).state.auction
        if before is None or len(before.withdrawn) != len(auction.withdrawn):
            return None   # a call was withdrawn after the exposure: that is the most recent
    e = done[last]
    info = withdrawn_information(e.card, e.seat, offender=True)
    return info.sides() if info is not None else None


def _call_withdrawn_without_16c(table: Table) -> bool:
    auction = getattr(table.state, "auction", None)
    withdrawn = getattr(auction, "withdrawn", None) if auction is not None else None
    return bool(withdrawn) and not getattr(withdrawn[-1], "info_16c", True)


def _cmp_revokes(want: Any, exp: Mapping[str, Any], table: Table, s: Scenario) -> Comparison:
    from bridgelaws.rules.revoke import revokes_as_dicts

    actual = revokes_as_dicts(table.state)
    ok = len(actual) == len(want) and all(_partial(w, a) for w, a in zip(want, actual))
    return ok, actual, law("63A") if actual else law("61A"), "", want


def _cmp_tricks_won(want: Any, exp: Mapping[str, Any], table: Table, s: Scenario) -> Comparison:
    from bridgelaws.rules.revoke import tricks_won

    actual = tricks_won(table.state)
    return _partial(want, actual), actual, None, "", want


def _cmp_trick_adjustment(want: Any, exp: Mapping[str, Any], table: Table, s: Scenario) -> Comparison:
    from bridgelaws.rules.revoke import adjustment

    adj = adjustment(table.state)
    if adj is None:
        return False, "play is not over", law("64A"), "", want
    law_ref = next((it.law for it in adj.items if it.tricks), adj.items[0].law if adj.items else law("64"))
    return _partial(want, adj.to_dict()), adj.to_dict(), law_ref, "", want


def _cited(statement: Any) -> set[str]:
    """The laws a statement cites: its own, and any law its message names (``… under § 16C``)."""
    laws = {statement.law} if statement.law is not None else set()
    laws.update(v for v in statement.message.params.values() if isinstance(v, LawRef))
    return {ref.code for ref in laws}


def _cmp_statements_cite(want: Any, exp: Mapping[str, Any], table: Table, s: Scenario) -> Comparison:
    """Each law wanted is cited by at least one statement: the law itself or a paragraph inside it (a
    statement citing 64B4 cites 64B)."""
    cited: set[str] = set()
    for st in table.statements():
        cited |= _cited(st)
    missing = [code for code in want if not any(c == code or (c.startswith(code) and within(c, code))
                                                    for c in cited)]
    return not missing, sorted(cited), None, "statements_cite", want


def _cmp_play_ceased(want: Any, exp: Mapping[str, Any], table: Table, s: Scenario) -> Comparison:
    from bridgelaws.rules.claims import play_ceased

    actual = play_ceased(table.state)
    return actual is want, actual, law("68D"), "", want


#: seconds for a decision's values in the checker (bridgelaws.analysis); past it a value is a bound
OPTION_VALUES_BUDGET = 30.0


def _cmp_option_values(want: Any, exp: Mapping[str, Any], table: Table, s: Scenario) -> Comparison:
    """Each option open now with the double-dummy tricks for declarer's side in the whole board (docs/worth.md):
    the same options, each exact value equal, each bound ``">=n"`` met by the computed lower bound. Computed
    with DDS where endplay is installed, else read from the stored values beside the scenario."""
    actual = _option_values_now(table, s)
    ok = set(actual) == set(want)
    for name, w in want.items():
        lo, hi = actual.get(name, (-1, -1))
        if w.startswith(">="):
            ok = ok and lo >= int(w[2:])
        else:
            ok = ok and lo == hi == int(w)
    shown = {name: str(lo) if lo == hi else f">={lo}" for name, (lo, hi) in actual.items()}
    d = table.state.pending
    return ok, shown, d.law if d is not None else None, "", want


def _option_values_now(table: Table, s: Scenario) -> dict[str, tuple[int, int]]:
    from bridgelaws.analysis import WorthError, option_values
    from bridgelaws.analysis.dds import available
    from bridgelaws.analysis.stored import find_values_file, stored_values

    if available():
        try:
            return {v.option: (v.worth.lower, v.worth.upper) for v in option_values(table,
                                                                                    budget=OPTION_VALUES_BUDGET)}
        except WorthError as exc:
            return {"error": (-1, -1)} if exc.key is None else {exc.key: (-1, -1)}
    got = stored_values(table.state, find_values_file(s.path) if s.path else None)
    if got is None:
        raise NotImplementedError("option_values needs DDS (endplay), and this position's values are not stored")
    return {name: (lo, hi) for name, lo, hi in got.options}


_COMPARE: dict[str, Callable[[Any, Mapping[str, Any], Table, Scenario], Comparison]] = {
    "to_act": _cmp_to_act, "next_to_play": _cmp_to_act, "legal_cards": _cmp_legal_cards,
    "penalty_cards": _cmp_penalty_cards, "declarer_options": _cmp_declarer_options,
    "declarer_designates_among": _cmp_designates_among, "lead_restriction": _cmp_lead_restriction,
    "played_card": _cmp_played_card, "held_card": _cmp_held, "touched_card": _cmp_touched,
    "designation": _cmp_designation, "roles": _cmp_roles, "lead_stands": _cmp_lead_stands,
    "restored_to_hand": _cmp_restored, "opening_lead": _cmp_opening_lead, "may_withdraw": _cmp_may_withdraw,
    "information": _cmp_information, "withdrawn_information": _cmp_withdrawn_information,
    "revokes": _cmp_revokes, "tricks_won": _cmp_tricks_won, "trick_adjustment": _cmp_trick_adjustment,
    "statements_cite": _cmp_statements_cite, "play_ceased": _cmp_play_ceased,
    "option_values": _cmp_option_values,
}
_COMPARE.update(STATEMENT_COMPARISONS)
_COMPARE.update(AUCTION_COMPARISONS)


def show(value: Any) -> str:
    """A value in the checker's text output: ``[SQ S2]``, ``{ seat = W, kind = forbid }``, ``none``."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return "[" + " ".join(show(v) for v in value) + "]"
    if isinstance(value, Mapping):
        if not value:
            return "{}"
        return "{ " + ", ".join(f"{k} = {show(v)}" for k, v in value.items()) + " }"
    return str(value)
