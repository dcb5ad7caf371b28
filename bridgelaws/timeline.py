"""The constraint timeline: how penalty cards, restrictions and pending decisions start, change and end,
trick by trick, as a pandas DataFrame (the only module that imports pandas, and only when a frame is asked
for: the card table widget shows :func:`table_html`, which needs no pandas).

One row per trick (at the card that completes it) and one row for every event that matters: an irregularity,
a decision, or any event with which a constraint started, changed or ended. For each player, the cell lists
the constraints in force after that event with the law behind each and when it started, and the
constraints that ended with it, with why.

>>> import bridgelaws as bl
>>> from bridgelaws.events import Expose
>>> t = bl.Table(bl.Deal.from_pbn("N:T542.AK2.76.AT98 AJ6.76.A954.K765 Q87.Q543.T8.Q432 K93.JT98.KQJ32.J"),
...              bl.Contract.parse("3NT", "S"))
>>> _ = t.play("HJ"), t.play("HA"), t.push(Expose(bl.EAST, bl.Card.parse("SA"), how="dropped"))
>>> df = timeline(t, "en")
>>> list(df.columns)
['Trick', 'What happened', 'North', 'East', 'South', 'West']
>>> print(df.loc[3, "East"])
+ East's ♠A is a major penalty card (Law 50D1(a)) — new
>>> print(df.loc[3, "What happened"])
East drops ♠A face up

Everything is deterministic: the same table and language give the same frame and the same HTML
(:func:`to_html` uses a pandas Styler with a fixed uuid).
"""

from __future__ import annotations

import html as _html
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bridgelaws.cards import Seat
from bridgelaws.events import (
    AcceptLead, Choose, CorrectRevoke, Designate, DummySeen, Event, Expose, Hold, LeadFaceDown, Play, RejectLead,
    RequestWithdraw, Select, Simultaneous, SpreadHand, Touch, Withdraw,
)
from bridgelaws.i18n import normalize_lang, text
from bridgelaws.notation import format_card, format_seat

if TYPE_CHECKING:
    import pandas as pd  # type: ignore[import-untyped]
    from pandas.io.formats.style import Styler  # type: ignore[import-untyped]

    from bridgelaws.state import Constraint, PlayState
    from bridgelaws.table import Table

__all__ = [
    "STYLER_UUID",
    "Cell",
    "Row",
    "describe_event",
    "row_html",
    "rows",
    "styled",
    "table_html",
    "timeline",
    "to_html",
]

#: the fixed uuid of the Styler, so the HTML has no random ids
STYLER_UUID = "bl-timeline"
#: the seats in the order of the columns
SEATS = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)


def _t(key: str, lang: str, **params: Any) -> str:
    return text("widget." + key, lang, **params)


# ----------------------------------------------------------------------------------------------------------
# events in words
# ----------------------------------------------------------------------------------------------------------

def describe_event(event: Event, lang: str = "en", state: PlayState | None = None) -> str:
    """One event in words in ``lang``: ``"Øst taber ♠E med billedsiden opad"``. ``state`` (the state before
    the event) lets a play be told as a lead."""
    lang = normalize_lang(lang)
    seat = event.seat
    if isinstance(event, Play):
        if event.revoke:
            return text("revoke.event.play", lang, seat=seat, card=event.card)
        if event.out_of_turn:
            return _t("event.play_out_of_turn", lang, seat=seat, card=event.card)
        il = state.irregular_lead if state is not None else None
        if il is not None and state is not None and (event.proper_lead or (
                seat is il.correct_leader and seat is not il.seat.lho
                and state.is_defender(seat) != state.is_defender(il.seat))):
            return text("lp.event.proper_lead", lang, seat=seat, card=event.card)
        leads = state is not None and not state.trick and state.irregular_lead is None and state.pending is None
        return _t("event.lead" if leads else "event.play", lang, seat=seat, card=event.card)
    if isinstance(event, CorrectRevoke):
        return text("revoke.event.correct", lang, seat=seat, card=event.card)
    if isinstance(event, Withdraw):
        return text("revoke.event.withdraw", lang, seat=seat, card=event.card)
    if isinstance(event, Expose):
        key = f"event.expose_{event.how}"
        return _t(key, lang, seat=seat, card=event.card)
    if isinstance(event, DummySeen):
        return text("lp.event.dummy_seen", lang, seat=seat)
    if isinstance(event, AcceptLead):
        return _t("event.accept_lead", lang, seat=seat)
    if isinstance(event, RejectLead):
        return _t("event.reject_lead", lang, seat=seat)
    if isinstance(event, SpreadHand):
        return _t("event.spread_hand", lang, seat=seat)
    if isinstance(event, Choose):
        suits = event.suits or ((event.suit,) if event.suit is not None else ())
        return _t(f"event.choose_{event.option}", lang, seat=seat, suits=suits, card=event.card)
    if isinstance(event, Simultaneous):
        hidden = tuple(c for c in event.cards if c not in event.visible)
        if hidden:
            return _t("event.simultaneous_hidden", lang, seat=seat, cards=event.cards, visible=event.visible)
        return _t("event.simultaneous", lang, seat=seat, cards=event.cards)
    if isinstance(event, Select):
        return _t("event.select", lang, seat=seat, card=event.card)
    if isinstance(event, Hold):
        return _t("event.hold_returned" if event.returned else "event.hold", lang, seat=seat, card=event.card)
    if isinstance(event, Touch):
        return _t(f"event.touch_{event.purpose}", lang, seat=seat, card=event.card)
    if isinstance(event, Designate):
        key = "event.designate_correction" if event.correction else "event.designate"
        return _t(key, lang, seat=seat, words=event.words)
    if isinstance(event, LeadFaceDown):
        return _t("event.lead_face_down", lang, seat=seat, card=event.card)
    if isinstance(event, RequestWithdraw):
        return _t("event.request_withdraw", lang, seat=seat, card=event.new_card)
    return f"{format_seat(seat, lang)}: {event.action}"


# ----------------------------------------------------------------------------------------------------------
# the rows, as plain data
# ----------------------------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Cell:
    """One constraint in one row: ``status`` is started, changed, continued or ended; ``since`` the
    (trick, event number) where it started; ``reason`` why it ended."""

    status: str
    constraint: Constraint
    since: tuple[int, int]
    reason: Any = None

    def text(self, lang: str) -> str:
        c = self.constraint
        what = c.message.text(lang)
        when = _t("timeline.when", lang, trick=self.since[0], event=self.since[1])
        if self.status == "started":
            return _t("timeline.started", lang, text=what, law=c.law)
        if self.status == "changed":
            return _t("timeline.changed", lang, text=what, law=c.law, when=when)
        if self.status == "ended":
            reason = self.reason.text(lang) if self.reason is not None else ""
            return _t("timeline.ended", lang, text=what, law=c.law, when=when, reason=reason)
        return _t("timeline.in_force", lang, text=what, law=c.law, when=when)


@dataclass(frozen=True, slots=True)
class Row:
    """One row of the timeline: event number (1-based), the trick it happened in, the event, whether it
    completed the trick, and the cells by seat."""

    number: int
    trick: int
    event: Event
    before: PlayState
    after: PlayState
    cells: dict[Seat, tuple[Cell, ...]]

    @property
    def completes_trick(self) -> bool:
        return len(self.after.tricks) > len(self.before.tricks)

    def what(self, lang: str) -> str:
        out = describe_event(self.event, lang, self.before)
        if self.completes_trick:
            done = self.after.tricks[-1]
            cards = ", ".join(f"{format_seat(s, lang, 'letter')} {format_card(c, lang)}" for s, c in done.plays)
            out += " — " + _t("timeline.trick_done", lang, trick=len(self.after.tricks), cards=cards,
                               seat=done.winner)
        return out


def rows(table: Table, every_event: bool = False) -> list[Row]:
    """The rows of the timeline (all events when ``every_event``). The last event always has a row."""
    states = table.states
    since: dict[tuple[Any, ...], tuple[int, int]] = {}
    out: list[Row] = []
    n = len(table.history)
    for i, event in enumerate(table.history):
        before, after = states[i], states[i + 1]
        trick = min(before.trick_no, 13)
        changes = table.changes(i)
        by_seat: dict[Seat, list[Cell]] = {s: [] for s in SEATS}
        for ch in changes:
            key = ch.constraint.key
            if ch.status == "started":
                since[key] = (trick, i + 1)
            start = since.get(key, (trick, i + 1))
            by_seat[ch.constraint.seat].append(Cell(ch.status, ch.constraint, start, ch.reason))
            if ch.status == "ended":
                since.pop(key, None)
        matters = (every_event or i == n - 1 or not isinstance(event, Play) or len(after.tricks) > len(before.tricks)
                   or any(ch.status != "continued" for ch in changes))
        if matters:
            order = {"ended": 1}
            cells = {s: tuple(sorted(by_seat[s], key=lambda c: order.get(c.status, 0))) for s in SEATS}
            out.append(Row(i + 1, trick, event, before, after, cells))
    return out


# ----------------------------------------------------------------------------------------------------------
# pandas
# ----------------------------------------------------------------------------------------------------------

def columns(lang: str) -> list[str]:
    """The column headings in ``lang``: trick, what happened, then the four seats N E S W."""
    return [_t("timeline.trick", lang), _t("timeline.what", lang)] + [format_seat(s, lang) for s in SEATS]


def timeline(table: Table, lang: str = "en", *, every_event: bool = False) -> pd.DataFrame | str:
    """The constraint timeline of ``table`` in ``lang`` as a DataFrame: index = event number (1-based),
    columns = trick, what happened, and one column per player (North, East, South, West) listing, one per
    line, the constraints in force after that event (``+`` new, ``~`` changed) with their law and since
    when, and those that ended with it (``×``) and why. ``every_event=True`` gives one row per event.
    Where pandas is not installed (the offline JupyterLite site), the same table as HTML (:func:`table_html`),
    which displays itself in a notebook."""
    lang = normalize_lang(lang)
    try:
        import pandas as pd  # here, so that the widget (which shows table_html) does not load pandas
    except ModuleNotFoundError:  # the offline JupyterLite site has no pandas: the same table without it
        return _Html(table_html(table, lang, every_event=every_event))

    cols = columns(lang)
    data = []
    index = []
    for row in rows(table, every_event):
        index.append(row.number)
        data.append([row.trick, row.what(lang)] + ["\n".join(c.text(lang) for c in row.cells[s]) for s in SEATS])
    df = pd.DataFrame(data, columns=cols, index=pd.Index(index, name=_t("timeline.event", lang), dtype="int64"))
    df[cols[0]] = df[cols[0]].astype("int64")
    return df


_RED = re.compile("([♥♦])")


def _cell_html(value: Any) -> str:
    """A cell as HTML: escaped, lines kept, red suit symbols in red (the symbol stays)."""
    s = _html.escape(str(value), quote=False)
    return _RED.sub(r'<span class="bl-red" style="color:#c8102e">\1</span>', s).replace("\n", "<br>")


_TABLE_STYLES = [
    {"selector": "", "props": [("border-collapse", "collapse"), ("font-size", "15px"),
                               ("font-family", '"DejaVu Sans", "Segoe UI", Arial, sans-serif')]},
    {"selector": "th", "props": [("background", "#eef4fb"), ("padding", "4px 8px"), ("text-align", "left"),
                                 ("border", "1px solid #ccd")]},
    {"selector": "td", "props": [("padding", "4px 8px"), ("vertical-align", "top"), ("text-align", "left"),
                                 ("border", "1px solid #ccd"), ("white-space", "normal"), ("min-width", "6em")]},
]


def _frame(data: Table | pd.DataFrame, lang: str, every_event: bool) -> pd.DataFrame:
    from bridgelaws.table import Table

    return timeline(data, lang, every_event=every_event) if isinstance(data, Table) else data


def styled(data: Table | pd.DataFrame, lang: str = "en", *, every_event: bool = False) -> Styler:
    """A pandas Styler of the timeline with a fixed uuid (deterministic HTML): lines kept, red suits red."""
    df = _frame(data, lang, every_event)
    return (df.style.set_uuid(STYLER_UUID).format(_cell_html, subset=list(df.columns[1:]))
            .set_table_styles(_TABLE_STYLES))


def row_html(row: Row, lang: str) -> str:
    """One row of :func:`table_html`: event number, trick, what happened, and the four players' cells."""
    cells = [str(row.number), str(row.trick), _cell_html(row.what(lang))]
    cells += [_cell_html("\n".join(c.text(lang) for c in row.cells[s])) for s in SEATS]
    head = f'<th class="bl-tl-n" scope="row">{cells[0]}</th>'
    return "<tr>" + head + "".join(f"<td>{c}</td>" for c in cells[1:]) + "</tr>"


def table_html(table: Table, lang: str = "en", *, every_event: bool = False,
               cache: dict[int, tuple[Any, str, str]] | None = None) -> str:
    """The timeline as a plain, deterministic HTML table without pandas (what the card table widget shows).

    ``cache`` (a dict kept by the caller) reuses the HTML of rows whose state is unchanged, so that a
    click only renders the rows it added: a row depends only on the events up to it."""
    lang = normalize_lang(lang)
    rs = rows(table, every_event)
    if not rs:
        return f'<p class="bl-timeline-empty">{_html.escape(_t("timeline.empty", lang))}</p>'
    out = [f'<table class="bl-timeline"><thead><tr><th scope="col">{_html.escape(_t("timeline.event", lang))}</th>']
    out += [f'<th scope="col">{_html.escape(c)}</th>' for c in columns(lang)]
    out.append("</tr></thead><tbody>")
    used: dict[int, tuple[Any, str, str]] = {}
    for row in rs:
        key = id(row.after)
        hit = cache.get(key) if cache is not None else None
        # the cached entry holds the state itself, so its id cannot have been reused by another state
        html = hit[2] if hit is not None and hit[0] is row.after and hit[1] == lang else row_html(row, lang)
        used[key] = (row.after, lang, html)
        out.append(html)
    if cache is not None:
        cache.clear()
        cache.update(used)
    out.append("</tbody></table>")
    return "".join(out)


class _Html(str):
    """HTML that displays itself in Jupyter: the timeline where pandas is not installed."""

    def _repr_html_(self) -> str:
        return str(self)


def _has_pandas() -> bool:
    from importlib.util import find_spec

    return find_spec("pandas") is not None


def to_html(data: Table | pd.DataFrame, lang: str = "en", *, every_event: bool = False) -> str:
    """The timeline as deterministic HTML (a Styler with a fixed uuid); an empty timeline is a short note.
    Without pandas (the offline JupyterLite site), a table is shown by :func:`table_html` instead."""
    if not _has_pandas():
        return table_html(data, lang, every_event=every_event)  # type: ignore[arg-type]
    df = _frame(data, lang, every_event)
    if df.empty:
        return f'<p class="bl-timeline-empty">{_html.escape(_t("timeline.empty", normalize_lang(lang)))}</p>'
    return str(styled(df).to_html())
