"""What each option is worth, on the card table: the "What is each option worth?" control of the decision box,
the Law 64C check at the end of a board with an established revoke, and the double-dummy tricks beside a claim.

Nothing is computed while the table is drawn: a click on the control (the ``worth`` action) computes the values
of the position on the table once and keeps them (:attr:`SessionCore.worth_results`, by position); the drawing
only reads what is kept. The numbers come from :mod:`bridgelaws.analysis.worth` (DDS through endplay) where
endplay is installed, else from the values stored for the article's positions (:func:`stored_values`; the
offline site); a position with neither says that the values need the full installation.

In seminar and exam mode the values are held back like the ruling: the control is offered once the ruling is
shown (:attr:`SessionCore.held_back`), and the action refuses while it is held back.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bridgelaws.cards import Seat
from bridgelaws.i18n import text
from bridgelaws.render.html import Button
from bridgelaws.state import PlayState
from bridgelaws.view import decision_choices, same_event

#: seconds the notebooks' values may take (the table's click uses the analysis layer's default)
NOTEBOOK_BUDGET = 300.0

__all__ = ["NOTEBOOK_BUDGET", "Result", "compute", "dds_available", "kinds_here", "position_key", "request",
           "show_values", "stored_values", "values_text", "worth_panel", "worth_text"]


def _side_seats(seat: Seat) -> tuple[Seat, Seat]:
    return (Seat.NORTH, Seat.SOUTH) if seat in (Seat.NORTH, Seat.SOUTH) else (Seat.EAST, Seat.WEST)


@dataclass(frozen=True)
class Result:
    """What a click computed for one position: ``kind`` "decision" (``values``: the analysis layer's
    OptionValue list), "revoke" (``values``: RevokeCheck list), "claim" (``values``: (double-dummy Worth, the
    claim solver's worst line for declarer's side in the whole board or None)), or "missing" (no DDS here
    and the position is not among the stored ones)."""

    kind: str
    values: Any = None


def position_key(s: Any) -> tuple[Any, ...]:
    """The position on the table, as the kept values are filed: the events so far."""
    return tuple(s.history)


def dds_available() -> bool:
    """Whether DDS (endplay) can be loaded here (not on the offline site)."""
    from bridgelaws.analysis.dds import available

    return available()


def stored_values(table: Any, near: Any = None) -> list[Any] | None:
    """The option values stored for the decision pending on ``table`` (the article's positions, computed in
    advance for the offline site: :mod:`bridgelaws.analysis.stored`, pure Python), as the analysis layer's
    OptionValue list, or None when no values file is found or it does not hold this position. ``near``: a
    scenario file, beside which the values file is looked for first."""
    from bridgelaws.analysis import stored
    from bridgelaws.analysis.worth import OptionValue, Worth, option_events

    path = stored.find_values_file(near)
    try:
        found = stored.stored_values(table.state, path) if path is not None else None
    except (ValueError, KeyError, TypeError, OSError):
        found = None       # a values file that cannot be read holds nothing for this position
    if found is None:
        return None
    events = dict(option_events(table))
    if {name for name, _, _ in found.options} != set(events):
        return None        # stored for other options than the engine offers now: not this position's values
    return [OptionValue(name, events[name], Worth(lo, hi)) for name, lo, hi in found.options]


def kinds_here(s: Any) -> tuple[str, ...]:
    """Which values belong to the position on the table: "decision" (a decision is pending), "claim" (a claim or
    concession is in force), "revoke" (the board is over with an established, uncorrected revoke; a claim can
    end the board with one)."""
    st: PlayState = s.table.state
    kinds = []
    if st.pending is not None and st.phase != "over" and st.claim is None:
        kinds.append("decision")
    if st.claim is not None:
        kinds.append("claim")
    if st.phase == "over" and any(r.established and not r.corrected for r in st.revokes):
        kinds.append("revoke")
    return tuple(kinds)


def compute(s: Any, kind: str, budget: float | None = None) -> Result:
    """The values of ``kind`` for the position on the table (see :func:`kinds_here`)."""
    from bridgelaws.analysis import worth as _worth

    budget = _worth.DEFAULT_BUDGET if budget is None else budget
    table = s.table
    if kind == "decision":
        if not dds_available():
            first = s.branches[0].scenario if getattr(s, "branches", None) else None
            values = stored_values(table, first.path if first is not None and first.path else None)
            return Result("decision", values) if values is not None else Result("missing")
        return Result("decision", _worth.option_values(table, budget=budget))
    if not dds_available():
        return Result("missing")
    if kind == "revoke":
        return Result("revoke", _worth.revoke_check(table, budget=budget))
    if kind == "claim":
        i, dd = _worth.claim_value(table, budget=budget)
        return Result("claim", (dd, _worst_line(table, table.states[i])))
    raise ValueError(kind)


def _worst_line(table: Any, state: PlayState) -> int | None:
    """The claim solver's answer for the claim position, as the Director's statements give it: the fewest tricks
    declarer's side takes in the whole board under any legal play (tricks already won included), where the
    position is small enough for an exact answer; None otherwise."""
    from bridgelaws.analysis.claims import computed_min_tricks
    from bridgelaws.rules.revoke import side_of

    side = side_of(state.declarer)
    rest = computed_min_tricks(table, state, side)
    if rest is None:
        return None
    return rest + sum(1 for t in state.tricks if side_of(t.winner) == side)


def request(s: Any, kind: str = "") -> None:
    """The ``worth`` action: compute the values of ``kind`` (default: the first that belongs here) for the
    position on the table and keep them. Refused (a ValueError, the page shows it) while the ruling is held
    back and where the position has no such values."""
    if s.held_back:
        raise ValueError("the values are held back with the ruling")
    kinds = kinds_here(s)
    kind = kind or (kinds[0] if kinds else "")
    if kind not in kinds:
        raise ValueError(f"no {kind or ''} values belong to this position".replace("  ", " "))
    key = (position_key(s), kind)
    if key not in s.worth_results:
        s.worth_results[key] = compute(s, kind)
    s.message = None        # a refusal shown before is no longer what the table says


# ---- the drawing's data ---------------------------------------------------------------------------------

def worth_text(w: Any, lang: str) -> str:
    """A value as the box writes it: ``9``, or ``at least 8`` when the search ran out of time (the words of the
    analysis layer, :func:`bridgelaws.analysis.labels.worth_text`)."""
    from bridgelaws.analysis.labels import worth_text as words

    return words(w.lower, w.upper, lang)


def worth_panel(s: Any) -> tuple[dict[str, Any], ...]:
    """What the table shows about the values at this position, a box for each kind (:func:`kinds_here`), for
    the Panel: () for none."""
    return tuple(_box(s, kind) for kind in kinds_here(s))


def _box(s: Any, kind: str) -> dict[str, Any]:
    lang = s.lang
    st = s.table.state
    box: dict[str, Any] = {"kind": kind, "caveat": text("worth.caveat", lang), "lines": (), "note": ""}
    if kind != "decision":
        box["title"] = text(f"worthbox.{kind}.title", lang)
    if s.held_back:
        box["note"] = text("worthbox.held_back", lang)
        return box
    result = s.worth_results.get((position_key(s), kind))
    if result is None:
        box["button"] = Button(text(f"worthbox.{kind}.button", lang), "worth", kind,
                               tooltip=text("worthbox.button.tooltip", lang), cls="bl-worth-button")
        return box
    if result.kind == "missing":
        box["note"] = text("worth.not_stored", lang)
        return box
    heading = "worthbox.revoke.heading" if kind == "revoke" else "worthbox.heading"
    box["heading"] = text(heading, lang, seats=_side_seats(st.declarer))
    if kind == "decision":
        box["lines"] = _decision_lines(s, result.values, lang)
        box["target"] = _target(s, result.values, lang)
    elif kind == "revoke":
        box["lines"] = _revoke_lines(s, result.values, lang)
    else:
        box["lines"] = _claim_lines(s, result.values, lang)
    return box


def _decision_lines(s: Any, values: list[Any], lang: str) -> tuple[str, ...]:
    """One line per option of the decision box, in its order: the option's label and its value; an option
    followed by a further choice (54D: refuse, then 50D2) lists the values of that choice."""
    st = s.table.state
    lines = []
    for ch in decision_choices(st):
        mine = [v for v in values if v.events and same_event(v.events[0], ch.event)]
        if len(mine) == 1 and len(mine[0].events) == 1:
            lines.append(text("worthbox.line", lang, option=ch.text(lang), value=worth_text(mine[0].worth, lang)))
        elif mine:
            after = s.table.apply(st, ch.event)
            subs = decision_choices(after)
            parts = []
            for v in mine:
                label = next((c.text(lang) for c in subs if same_event(c.event, v.events[1])), None)
                parts.append(text("worthbox.line", lang, option=label or v.option, value=worth_text(v.worth, lang)))
            lines.append(text("worthbox.then", lang, option=ch.text(lang), values="; ".join(parts)))
    return tuple(lines)


def _target(s: Any, values: list[Any], lang: str) -> str:
    """``4♥: 10 tricks needed; 9 is one down``: the exact values in the contract's terms (issue 37)."""
    from bridgelaws.contract_terms import target_line

    exact = [v.worth.lower for v in values if v.worth.lower == v.worth.upper]
    return target_line(s.table.contract, exact, lang)


def _revoke_lines(s: Any, checks: list[Any], lang: str) -> tuple[str, ...]:
    """The 64C box: per revoke, the table's result (labelled as the table's), then double dummy against double
    dummy from the position before the revoke (without it; with it standing and the transfer applied) and what
    the revoke cost by those two numbers; then whose judgement it is."""
    st = s.table.state
    dummy = st.declarer.partner
    lines = []
    for c in checks:
        by_dummy = c.revoker is dummy
        lines.append(text("worthbox.revoke.result_dummy" if by_dummy else "worthbox.revoke.result", lang,
                          seat=c.revoker, trick=c.revoke_trick, played=c.played, after=c.after_transfer))
        lines.append(text("worthbox.revoke.dd_dummy" if by_dummy else "worthbox.revoke.dd", lang, seat=c.revoker,
                          value=worth_text(c.without_revoke, lang)))
        lines.append(text("worthbox.revoke.dd_revoke", lang, value=worth_text(c.with_revoke, lang)))
        short = c.shortfall
        if short is not None and short > 0:
            lines.append(text("worthbox.revoke.short", lang, n=short))
        elif short is not None:
            lines.append(text("worthbox.revoke.not_short", lang))
    lines.append(text("worthbox.revoke.judgement", lang))
    return tuple(lines)


def _claim_lines(s: Any, values: tuple[Any, int | None], lang: str) -> tuple[str, ...]:
    """The claim box: double dummy from the claim position and the claim solver's worst legal line; beside a
    claim or concession the other side has agreed to, the double-dummy number is labelled as information and
    Law 69B named (agreement may be withdrawn within the correction period for a trick the side had in fact
    won or would likely have won)."""
    dd, worst = values
    lines = [text("worthbox.claim.dd", lang, value=worth_text(dd, lang))]
    lines.append(text("worthbox.claim.worst", lang, n=worst) if worst is not None
                 else text("worthbox.claim.no_worst", lang))
    claim = s.table.state.claim
    if claim is not None and claim.status in ("agreed", "acquiesced"):
        lines.append(text("worthbox.claim.agreed", lang))
    return tuple(lines)


def show_values(source: Any, lang: str = "en", after: int | None = None, only: str | None = None) -> None:
    """Print :func:`values_text` (one write, so the notebook's stored output is one stream)."""
    print(values_text(source, lang, after, only))


def values_text(source: Any, lang: str = "en", after: int | None = None, only: str | None = None) -> str:
    """What the card table's worth controls show for a scenario file at its end (or after ``after`` events),
    as text: the decision's options and their double-dummy tricks, the claim's tricks, the Law 64C check, with
    the caveat (``only``: one of these kinds). For the notebooks; the numbers are exact or labelled bounds,
    nothing about time."""
    from bridgelaws.session.core import SessionCore

    s = SessionCore.from_scenario(source, lang=lang, mode="lesson", start="end" if after is None else after)
    kinds = tuple(k for k in kinds_here(s) if only is None or k == only)
    if not kinds:
        raise ValueError(f"{source}: no {only or ''} values belong to this position".replace("  ", " "))
    for kind in kinds:
        # a generous budget: a notebook's stored output must be the exact number, whatever the machine's load
        s.worth_results[(position_key(s), kind)] = compute(s, kind, budget=NOTEBOOK_BUDGET)
    boxes = tuple(b for b in worth_panel(s) if b["kind"] in kinds)
    out: list[str] = []
    for box in boxes:
        out += [box[k] for k in ("title", "note") if box.get(k)]
        if box.get("lines"):
            out.append(box["heading"])
            out += ["  " + line for line in box["lines"]]
    if any(box.get("lines") for box in boxes):
        out.append(boxes[0]["caveat"])
    return "\n".join(out)
