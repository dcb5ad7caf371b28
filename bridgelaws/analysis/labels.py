"""The values in words: each option's label and the table of options and tricks, in Danish, Norwegian or English,
through the catalogues (the option labels are the card table's own, ``widget.opt.*``). Pure Python: the offline
site shows stored values with it."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from bridgelaws.cards import Card, Seat, Suit
from bridgelaws.i18n import normalize_lang, text
from bridgelaws.state import PlayState

__all__ = ["option_label", "worth_text", "values_lines", "side_seats", "same_in_double_dummy", "check64c_line"]


def side_seats(state: PlayState) -> tuple[Seat, Seat]:
    """Declarer's side, declarer first."""
    return (state.declarer, state.declarer.partner)


def _suits(part: str) -> tuple[Suit, ...]:
    return tuple(Suit.parse(x) for x in part.split(",") if x)


def option_label(state: PlayState, option: str, lang: str = "en") -> str:
    """The option named ``option`` (the scenario vocabulary of :func:`bridgelaws.analysis.option_name`) in
    words, as the card table's decision box writes it."""
    lang = normalize_lang(lang)
    name, _, arg = option.partition(":")
    d = state.pending
    if name in ("require", "require_suit", "forbid_suit"):
        return text(f"widget.opt.{name}", lang, suit=_suits(arg)[0])
    if name == "forbid":
        return text("widget.opt.forbid", lang, suits=_suits(arg))
    if name == "reject_require":
        return text("worth.opt.reject_require", lang, suit=_suits(arg)[0])
    if name == "reject_forbid":
        return text("worth.opt.reject_forbid", lang, suits=_suits(arg))
    if name == "reject_no_restriction":
        return text("worth.opt.reject_no_restriction", lang)
    if name in ("accept_lead", "reject_lead") and d is not None and d.kind == "declarer_lead_out_of_turn":
        return text("widget.opt.seat_accepts" if name == "accept_lead" else "widget.opt.seat_rejects", lang,
                    seat=d.by)
    if name == "accept_play" and d is not None:
        return text("widget.opt.accept_play", lang, card=d.cards[0])
    if name == "reject_play" and d is not None:
        return text("widget.opt.reject_play", lang, cards=d.cards[1:])
    if name == "designate_penalty_card":
        return text("widget.opt.designate", lang, card=Card.parse(arg))
    if name == "select" and d is not None:
        return text("widget.opt.select", lang, seat=d.by, card=Card.parse(arg))
    return text(f"widget.opt.{name}", lang)


def worth_text(lower: int, upper: int, lang: str = "en") -> str:
    """``"9"``, or ``"at least 8"`` for a bound, in words."""
    return str(lower) if lower == upper else text("worth.at_least", normalize_lang(lang), tricks=lower)


def same_in_double_dummy(options: Iterable[str]) -> bool:
    """Whether 54A's two ways of accepting are both among the options (DD cannot tell them apart)."""
    names = set(options)
    return {"accept_and_play", "accept_and_become_dummy"} <= names


def values_lines(state: PlayState, values: Sequence[tuple[str, int, int]], lang: str = "en",
                 budget: float | None = None) -> list[str]:
    """The table of options and tricks as lines of text: a heading, one line per option (``values`` holds
    (option, lower, upper)), and the caveats."""
    lang = normalize_lang(lang)
    labels = [option_label(state, name, lang) for name, _, _ in values]
    tricks = [worth_text(lo, hi, lang) for _, lo, hi in values]
    head_o, head_t = text("worth.option", lang), text("worth.tricks", lang)
    width = max([len(head_o)] + [len(x) for x in labels])
    lines = [text("worth.heading", lang, seats=side_seats(state))]
    if state.pending is not None:
        lines.append(text("worth.decider", lang, seat=state.pending.by))
    lines += ["", f"  {head_o:<{width}}  {head_t}"]
    lines += [f"  {label:<{width}}  {t}" for label, t in zip(labels, tricks)]
    lines += ["", text("worth.caveat", lang)]
    if same_in_double_dummy(name for name, _, _ in values):
        lines.append(text("worth.same_54A", lang))
    if any(lo != hi for _, lo, hi in values) and budget is not None:
        lines.append(text("worth.bound_note", lang, budget=f"{budget:g}"))
    return lines


def check64c_line(state: PlayState, check: Any, lang: str = "en") -> str:
    """One :class:`~bridgelaws.analysis.RevokeCheck` in words: information for the Director's judgement under
    64C (tricks in play and after the transfer; double dummy from the position before the revoke, had the revoker
    played his best legal card instead, and with the revoke standing and the transfer), not a ruling."""
    lang = normalize_lang(lang)
    w, r = check.without_revoke, check.with_revoke
    return text("worth.check64c.line", lang, seats=side_seats(state), played=check.played, after=check.after_transfer,
                revoker=check.revoker, dd=worth_text(w.lower, w.upper, lang), dd_revoke=worth_text(r.lower, r.upper, lang))
