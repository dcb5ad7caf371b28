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
(:func:`styled` is a pandas Styler with a fixed uuid). The same constraints as a picture: :func:`svg` draws
one lane per constraint across tricks 1 to 13 (from :func:`lanes`, pure Python), with a column for the auction
before trick 1 when the board has an auction with an irregularity (:mod:`bridgelaws.timeline_auction`: an
obligation to pass, a 26B restriction from its withdrawn call, a penalty card from a card exposed during the
auction), and :func:`figure` adds its text version (:func:`text_html`); neither has an id, a class or a
``<style>``, so both survive every sanitizer.
"""

from __future__ import annotations

import html as _html
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bridgelaws import timeline_auction as _A
from bridgelaws.cards import Seat
from bridgelaws.events import (
    AcceptLead, Agree, Choose, Claim, Concede, CorrectRevoke, Designate, Dispute, DummySeen, EndOfRound, Event, Expose,
    Hold, LeadFaceDown, NextBoardCall, Object, Play, RejectLead, RequestWithdraw, Select, Simultaneous, SpreadHand,
    TdRuling, Touch, Withdraw, CallEvent, AcceptCall, RejectCall,
)
from bridgelaws.i18n import Message, normalize_lang, text
from bridgelaws.notation import format_card, format_seat
from bridgelaws.render.html import FONT as _FONT
from bridgelaws.rules.claims import side_seats
from bridgelaws.timeline_auction import Span, span

if TYPE_CHECKING:
    import pandas as pd  # type: ignore[import-untyped]
    from pandas.io.formats.style import Styler  # type: ignore[import-untyped]

    from bridgelaws.state import Constraint, PlayState
    from bridgelaws.table import Table

__all__ = [
    "STYLER_UUID",
    "Cell",
    "Lane",
    "Row",
    "describe_event",
    "figure",
    "lanes",
    "now_x",
    "place_now",
    "row_html",
    "Span",
    "span",
    "rows",
    "stop_trick",
    "styled",
    "svg",
    "table_html",
    "text_html",
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
    if isinstance(event, (CallEvent, AcceptCall, RejectCall)):   # the auction period (issue 36)
        from bridgelaws.auction.calls import Call

        call = Call.parse(event.call) if isinstance(event, CallEvent) else None
        return text(f"auction.event.{event.action}", lang, seat=seat, call=call)
    if isinstance(event, Withdraw):
        return text("revoke.event.withdraw", lang, seat=seat, card=event.card)
    if isinstance(event, Expose):
        key = f"event.expose_{event.how}"
        if event.period == "auction" and event.how == "lead_out_of_turn":   # 24B: led before the auction ended
            key = "event.expose_lead_during_auction"
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
    if isinstance(event, (Claim, Concede, Agree, Dispute, Object, TdRuling, NextBoardCall, EndOfRound)):
        return _describe_claim_event(event, lang)
    return f"{format_seat(seat, lang)}: {event.action}"


def _describe_claim_event(event: Event, lang: str) -> str:
    """Claims, concessions and the end of the board (Laws 64B4, 64B5, 68-71) in words; the last two have no
    seat but a side, or nothing."""
    if isinstance(event, (Claim, Concede)):
        if event.tricks is None:
            return text(f"claim.event.{event.action}_all", lang, seat=event.seat)
        return text(f"claim.event.{event.action}", lang, seat=event.seat, tricks=event.tricks)
    if isinstance(event, TdRuling):
        return text("claim.event.td_ruling", lang, tricks=event.tricks)
    if isinstance(event, NextBoardCall):
        return text("claim.event.next_board_call", lang, seats=side_seats(event.side))
    if isinstance(event, EndOfRound):
        return text("claim.event.end_of_round", lang)
    return text(f"claim.event.{event.action}", lang, seat=event.seat)


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
        if self.since[0] == 0:   # trick 0: the auction (issue 36)
            when = _t("timeline.when_auction", lang, event=self.since[1])
        else:
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
    """One row of the timeline: event number (1-based), the trick it happened in (0: the auction), the event,
    whether it completed the trick, and the cells by seat."""

    number: int
    trick: int
    event: Event
    before: PlayState
    after: PlayState
    cells: dict[Seat, tuple[Cell, ...]]

    @property
    def completes_trick(self) -> bool:
        return len(self.after.tricks) > len(self.before.tricks)

    def when(self, lang: str) -> int | str:
        """The trick, or the word for the auction in ``lang`` for an event of the auction."""
        return self.trick if self.trick else _t("timeline.auction", lang)

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
        trick = 0 if before.phase == "auction" else min(before.trick_no, 13)
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
    columns = trick (for an event of the auction the word for it, "Auction": the column is then text),
    what happened, and one column per player (North, East, South, West) listing, one per
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
    rs = rows(table, every_event)
    for row in rs:
        index.append(row.number)
        data.append([row.when(lang), row.what(lang)] + ["\n".join(c.text(lang) for c in row.cells[s]) for s in SEATS])
    df = pd.DataFrame(data, columns=cols, index=pd.Index(index, name=_t("timeline.event", lang), dtype="int64"))
    if all(row.trick for row in rs):   # the events of the auction say so in the trick column: then it is text
        df[cols[0]] = df[cols[0]].astype("int64")
    return df


_RED = re.compile("([♥♦])")


def _red_html(value: Any) -> str:
    """A cell as HTML with no class: escaped, lines kept, red suit symbols in red (the symbol stays)."""
    s = _html.escape(str(value), quote=False)
    return _RED.sub(r'<span style="color:#c8102e">\1</span>', s).replace("\n", "<br>")


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
    cells = [str(row.number), _cell_html(row.when(lang)), _cell_html(row.what(lang))]
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
    """The timeline as HTML that leaks nothing onto the page (no id, no ``<style>``, no script): for a table,
    the drawing with its text version (:func:`figure`); for a frame from :func:`timeline`, its rows as a
    plain table. An empty frame is a short note."""
    from bridgelaws.table import Table

    if isinstance(data, Table):
        return figure(data, lang)
    if data.empty:
        return f'<p>{_html.escape(_t("timeline.empty", normalize_lang(lang)))}</p>'
    return str(data.to_html(formatters={c: _red_html for c in data.columns[1:]}, escape=False, border=0))


# ----------------------------------------------------------------------------------------------------------
# lanes: each constraint from where it arises to where it lapses (the picture and its text version)
# ----------------------------------------------------------------------------------------------------------

#: the notes whose Law 16C restriction lasts for the rest of the board (information for one side only)
UI_NOTES = frozenset({"lp.note.53B_in_error_back", "played.note.opponent_may_replay"})


@dataclass(slots=True)
class Lane:
    """One constraint across the tricks. ``kind``: ``major`` / ``minor`` (penalty card), ``lead`` (50D2,
    51B), ``play`` (57A), ``decision`` (a decision point: 50D2, 52, 54 ...), ``revoke`` (with its
    establishment), ``ui`` (16C) or ``pass`` (an obligation to pass in the auction: 24B, 27B2, 30A ...).
    Tricks are 1 to 13, and 0 is the auction: ``start`` is the trick in which it arises, ``end`` the trick in
    which it lapses (None while it is in force); ``*_at`` the same on a scale where trick k runs from k-1 to k
    (a card played adds a quarter) and the auction from -1 to 0, for the drawing; ``start_where`` and
    ``end_where`` name the call or the event of the auction (``("call", seat, call, n)``, ``("event", event)``,
    ``("end",)``: the end of the auction). ``reason`` and ``end_law`` say why it lapsed; a revoke's
    ``established`` is the trick of its establishment (63A). A lane that ``waits`` is drawn dashed until it
    ``binds`` (its trick, 0: when the auction ends): a 26B restriction from the withdrawn call to declarer's
    prohibition at the offender's partner's first turn to lead, a card exposed in the auction until it becomes a
    penalty card (24E). ``offered_at``: where declarer's 26B choice was offered (a decision point)."""

    key: tuple[Any, ...]
    kind: str
    seat: Seat
    law: Any
    message: Any
    start: int
    start_at: float
    start_event: int
    end: int | None = None
    end_at: float | None = None
    end_event: int | None = None
    reason: Any = None
    end_law: Any = None
    established: int | None = None
    established_at: float | None = None
    established_law: Any = None
    start_where: Any = None
    end_where: Any = None
    waits: bool = False
    binds: int | None = None
    binds_at: float | None = None
    binds_law: Any = None
    offered_at: float | None = None

    def label(self, lang: str) -> str:
        """What it is, with its law: "West's ♦3 is a major penalty card (§ 50D1a)"."""
        return _t("timeline.lane", lang, text=self.message.text(lang), law=self.law)

    def arising(self, lang: str) -> str:
        """Where it arises: "arises in trick 3", "arises in the auction at West's 1♥ (call 4)"."""
        where = self.start_where
        if where is None:
            return _t("timeline.arises", lang, trick=self.start)
        if where[0] == "call":
            return _t("timeline.arises_call", lang, seat=where[1], call=where[2], n=where[3])
        return _t("timeline.arises_event", lang, what=describe_event(where[1], lang))

    def binding(self, lang: str) -> str:
        """Where a lane that waited takes effect ("" for one that never waited, or has not yet)."""
        if self.binds is None:
            return ""
        if self.binds == 0:
            return _t("timeline.binds_auction_end", lang, law=self.binds_law)
        return _t("timeline.binds_trick", lang, trick=self.binds, law=self.binds_law)

    def ending(self, lang: str) -> str:
        """When and why it lapsed, or that it is still in force."""
        if self.end is None:
            return _t("timeline.still", lang)
        reason = self.reason.text(lang) if self.reason is not None else ""
        where = self.end_where
        if where is not None:
            if where[0] == "end":
                return _t("timeline.lapses_auction_end", lang)
            if where[0] == "call":
                return _t("timeline.lapses_call", lang, seat=where[1], call=where[2], n=where[3], reason=reason)
            return _t("timeline.lapses_event", lang, what=describe_event(where[1], lang), reason=reason)
        if self.end_law is not None:
            return _t("timeline.lapses_law", lang, trick=self.end, reason=reason, law=self.end_law)
        return _t("timeline.lapses", lang, trick=self.end, reason=reason)


def _at(state: PlayState) -> float:
    """Where a state lies on the drawing's scale: tricks completed plus a quarter per card of this trick."""
    return min(13.0, len(state.tricks) + len(state.trick) / 4)


def _trick(before: PlayState, after: PlayState) -> int:
    """The trick an event belongs to: the one it played to (a card that completes trick k is in trick k),
    or the one it re-opened (a revoke corrected after its trick was complete)."""
    return min(before.trick_no, after.trick_no, 13)


def _start(c: Constraint, kind: str, before: PlayState, after: PlayState) -> int:
    """The trick in which a constraint arises: a decision or a lead restriction concerns the trick about
    to be led; a revoke its own trick; anything else the trick of the event."""
    if kind in ("decision", "lead"):
        return min(after.trick_no, 13)
    if kind == "revoke":
        return int(c.key[3])
    return _trick(before, after)


def _lane_kind(c: Constraint) -> str:
    kind = c.key[0]
    if kind == "must_pass":
        return "pass"
    if kind == "lead_restriction_26B":
        return "lead"
    if kind == "penalty_card":
        return "minor" if c.message.key.endswith("minor") else "major"
    if kind == "restriction":
        return "lead" if c.key[2] in ("require", "forbid") else "play"
    if kind.startswith("revoke"):
        return "revoke"
    return "decision"


def _group(c: Constraint) -> tuple[Any, ...] | None:
    """The lane a constraint belongs to: a revoke, its establishment and its Law 64 item share one lane;
    the total transfer and 64C are said once at the end, not lanes of their own. Law 26B's restriction waiting
    for the offender's partner's first turn to lead and declarer's prohibition then share one lane."""
    key = c.key
    if key[0] == "lead_restriction_26B" or (key[0] == "restriction" and str(c.law) == "26B"):
        return ("26B", key[1])
    if key[0] in ("revoke", "revoke_established", "revoke_adjustment"):
        return ("revoke", *key[1:])
    if key[0] in ("revoke_total", "revoke_64c"):
        return None
    return key


def _revoke_step(lane: Lane, started: list[Any], i: int, before: PlayState, after: PlayState) -> bool:
    """A revoke lane moves on: established (63A; from then on its label says so, no longer that it must be
    corrected), or play is over and Law 64 is applied. True if handled."""
    for ch in started:
        c = ch.constraint
        if c.key[0] == "revoke_established":
            lane.established, lane.established_at, lane.established_law = _trick(before, after), _at(after), c.law
            lane.message, lane.law = c.message, c.law
            return True
        if c.key[0] == "revoke_adjustment":
            lane.end, lane.end_at, lane.end_event = _trick(before, after), _at(after), i + 1
            lane.reason, lane.end_law = c.message, c.law
            return True
    return False


def _ui_lanes(before: PlayState, after: PlayState, i: int) -> list[Lane]:
    """Law 16C: what a card taken back showed is unauthorized information for one side, for the rest of
    the board (where the engine says so in a note)."""
    out = []
    for n in after.notes:
        if n.message.key in UI_NOTES and n.law is not None:
            seat = _ui_seat(n.message.params, after)
            out.append(Lane(("ui", i), "ui", seat, n.law, n.message, _trick(before, after), _at(after), i + 1))
    return out


def _ui_seat(params: Any, state: PlayState) -> Seat:
    """The player a 16C lane restrains: of the seats the note names as unauthorized (rules.information), the one
    who is neither the card's owner nor dummy (the owner's partner, or declarer)."""
    owner = params.get("seat", state.declarer)
    unauthorized = tuple(params.get("unauthorized", ()))
    return next((s for s in unauthorized if s is not owner and s is not state.dummy), owner)


def _open_lane(table: Table, sp: Span, g: tuple[Any, ...], c: Constraint, i: int) -> Lane:
    """A lane for a constraint that starts with event ``i``: in the auction at its call or event; one born
    earlier in the auction (26B, 24E) from where it was born, waiting until now."""
    states = table.states
    before, after = states[i], states[i + 1]
    kind = _lane_kind(c)
    origin = _A.origin(table, c, i)
    if origin is not None:
        k, binds_law = origin
        lane = Lane(g, kind, c.seat, c.law, c.message, 0, sp.at.get(k, 0.0), k + 1,
                    start_where=_A.where(table, sp, k), waits=True)
        if binds_law is not None:   # 24E: a penalty card from the end of the auction
            lane.binds, lane.binds_at, lane.binds_law = 0, sp.at.get(i, 0.0), binds_law
        _offered(lane, c, _at(after))
        return lane
    if i in sp.at and (after.phase == "auction" or kind == "pass"):
        return Lane(g, kind, c.seat, c.law, c.message, 0, sp.at[i], i + 1, start_where=_A.where(table, sp, i))
    # what arises as the auction ends (declarer's decision at the opening lead ...) belongs to trick 1
    return Lane(g, kind, c.seat, c.law, c.message, _start(c, kind, before, after), _at(after), i + 1)


def _offered(lane: Lane, c: Constraint, at: float) -> None:
    """Law 26B: declarer's choice is offered here (the offender's partner's first turn to lead)."""
    if lane.offered_at is None and c.message.key == "auction.dir.26B_options":
        lane.offered_at = at


def _close_lane(table: Table, sp: Span, lane: Lane, i: int, reason: Any) -> None:
    """``lane`` lapses with event ``i`` (in the auction: at its call, or when the auction ends)."""
    before, after = table.states[i], table.states[i + 1]
    lane.end_event, lane.reason = i + 1, reason
    if i in sp.at:
        lane.end, lane.end_at = 0, sp.at[i]
        lane.end_where = ("end",) if after.phase != "auction" else _A.where(table, sp, i)
    else:
        lane.end, lane.end_at = _trick(before, after), _at(after)


def _26b_step(table: Table, lane: Lane, chs: dict[str, list[Any]], i: int) -> bool:
    """Law 26B at the offender's partner's first turn to lead: declarer prohibits a suit (the lane is in force
    from here) or nothing (it lapses here, with the reason). True if handled."""
    if lane.key[0] != "26B" or "ended" not in chs:
        return False
    after = table.states[i + 1]
    if "started" in chs:
        c = chs["started"][0].constraint
        lane.message, lane.law, lane.kind = c.message, c.law, "lead"
        lane.binds, lane.binds_at, lane.binds_law = min(after.trick_no, 13), _at(after), c.law
        return True
    none = next((n.message for n in after.notes if n.message.key == "auction.note.26B_none"), None)
    _close_lane(table, _A.NO_AUCTION, lane, i, none or chs["ended"][0].reason)
    return True


def lanes(table: Table, upto: int | None = None) -> list[Lane]:
    """The lanes of ``table``: every constraint from the trick in which it arises (or its call in the auction)
    to the trick in which it lapses, in the order they arose. ``upto``: only the events up to the end of that
    trick."""
    states = table.states
    sp = span(table, upto)
    open_: dict[tuple[Any, ...], Lane] = {}
    out: list[Lane] = []
    for i in range(len(table.history)):
        before, after = states[i], states[i + 1]
        if upto is not None and before.trick_no > upto:
            break
        by_group: dict[tuple[Any, ...], dict[str, list[Any]]] = {}
        for ch in table.changes(i):
            g = _group(ch.constraint)
            if g is not None:
                by_group.setdefault(g, {}).setdefault(ch.status, []).append(ch)
        for g, chs in by_group.items():
            lane = open_.get(g)
            if lane is not None and lane.kind == "revoke" and _revoke_step(lane, chs.get("started", []), i,
                                                                            before, after):
                if lane.end is not None:
                    del open_[g]
                continue
            if lane is not None and _26b_step(table, lane, chs, i):
                if lane.end is not None:
                    del open_[g]
                continue
            if lane is not None and "ended" in chs:
                _close_lane(table, sp, lane, i, chs["ended"][0].reason)
                del open_[g]
            elif lane is not None and "changed" in chs:  # a minor penalty card that became major (50C, 50B)
                c = chs["changed"][0].constraint
                lane.message, lane.law = c.message, c.law
                if lane.kind != "lead":   # 26B: the restriction offered is still the restriction waiting
                    lane.kind = _lane_kind(c)
                _offered(lane, c, _at(after))
            elif lane is None and "started" in chs:
                lane = _open_lane(table, sp, g, chs["started"][0].constraint, i)
                open_[g] = lane
                out.append(lane)
        new_ui = _ui_lanes(before, after, i)
        out += new_ui
        open_.update((lane.key, lane) for lane in new_ui)
        if after.phase == "over":
            for g, lane in list(open_.items()):  # what lasts for the board lapses with it
                lane.end, lane.end_at, lane.end_event = 13, 13.0, i + 1
                lane.reason = lane.reason or Message("why.play_over")
                del open_[g]
    return out


# ----------------------------------------------------------------------------------------------------------
# the picture: SVG with presentation attributes only (no id, no class, no <style>, no script)
# ----------------------------------------------------------------------------------------------------------

#: the drawing's width, its left edge and the width of one trick's column (13 columns)
SVG_WIDTH, _LEFT, _COL = 780, 12, 58
#: the colour of each kind of lane (the text always says what it is: colour is never the only cue)
COLOURS = {"major": "#b3261e", "minor": "#c06a00", "lead": "#1f5fa8", "play": "#6a3d9a", "decision": "#2e7d32",
           "revoke": "#5d4037", "ui": "#616161", "pass": "#00796b"}
_CHARS = 100  # characters of a line of 13 px text in the drawing's width
_LINE = 17


def _x(at: float) -> float:
    return round(_LEFT + at * _COL, 1)


@dataclass(frozen=True, slots=True)
class _Geo:
    """Where the drawing's columns lie: ``auction`` the width of the auction column before trick 1 (0: none),
    ``col`` the width of one trick's column. The scale: the auction runs from -1 to 0, trick k from k-1 to k."""

    auction: float = 0
    col: float = _COL

    def x(self, at: float) -> float:
        if at < 0:
            return round(_LEFT + self.auction * (1 + at), 1)
        return round(_LEFT + self.auction + at * self.col, 1)


#: the auction column's width; with it, the thirteen tricks share what is left of the same width
_AUCTION_W = 86
_PLAIN = _Geo()
_WITH_AUCTION = _Geo(_AUCTION_W, round((SVG_WIDTH - 2 * _LEFT - 2 - _AUCTION_W) / 13, 2))
#: the auction column's background (the tricks alternate #f3f6fa and white)
_AUCTION_FILL = "#f4f1e6"


def _geo(sp: Span, lane_list: list[Lane]) -> _Geo:
    """An auction column when the board has an auction with an irregularity (or a lane born in it)."""
    return _WITH_AUCTION if sp.column or any(lane.start_at < 0 for lane in lane_list) else _PLAIN


def _svg_text(x: float, y: float, s: str, size: int = 13, fill: str = "#222", halo: str = "", **attrs: str) -> str:
    """A line of text, escaped, red suit symbols in red (the symbol stays); ``halo``: a white edge that
    keeps it readable where the line of the position reached crosses it."""
    body = _RED.sub(r'<tspan fill="#c8102e">\1</tspan>', _html.escape(s, quote=False))
    if halo:
        attrs = {**attrs, "stroke": "#ffffff", "stroke_width": "3", "paint_order": "stroke"}
    extra = "".join(f' {k.replace("_", "-")}="{v}"' for k, v in attrs.items())
    return f'<text x="{x}" y="{y}" font-size="{size}" fill="{fill}"{extra}>{body}</text>'


def _diamond(x: float, y: float, r: float, colour: str) -> str:
    return (f'<polygon points="{x},{y - r} {x + r},{y} {x},{y + r} {x - r},{y}" fill="{colour}" '
            'stroke="#fff" stroke-width="1"/>')


def _svg_axis(height: int, lane_list: list[Lane], lang: str, stop: int | None = None,
              geo: _Geo = _PLAIN) -> list[str]:
    """The thirteen trick columns with their numbers, and a diamond under the number at each decision.
    ``stop``: the live table's columns are keyboard buttons (one tab stop, at trick ``stop``; the others are
    reached with the arrow keys), each named "Trick 5" in ``lang``."""
    out = []
    if geo.auction:   # the auction, before trick 1 (not a button: the table's steps in it are the calls)
        out.append(f'<rect x="{_LEFT}" y="0" width="{geo.auction}" height="{height}" fill="{_AUCTION_FILL}"/>')
        out.append(_svg_text(_LEFT + geo.auction / 2, 15, _t("timeline.auction", lang), 11, "#555",
                             text_anchor="middle"))
        out.append(f'<line x1="{geo.x(0)}" y1="0" x2="{geo.x(0)}" y2="{height}" stroke="#b8c2cc" '
                   'stroke-width="1"/>')
    for k in range(13):
        fill = "#f3f6fa" if k % 2 == 0 else "#ffffff"
        # data-trick: the live table moves to the end of the trick clicked (bridgelaws/static/table.js)
        keys = ""
        if stop is not None:
            name = _html.escape(_t("timeline.trick_button", lang, trick=k + 1))
            keys = f' role="button" tabindex="{0 if k + 1 == stop else -1}" aria-label="{name}"'
        out.append(f'<rect x="{geo.x(k)}" y="0" width="{geo.col}" height="{height}" fill="{fill}" '
                   f'data-trick="{k + 1}"{keys}/>')
        out.append(_svg_text(geo.x(k + 0.5), 15, f"{k + 1}", 12, "#555", text_anchor="middle"))
    out.append(f'<line x1="{geo.x(-1)}" y1="22" x2="{geo.x(13)}" y2="22" stroke="#b8c2cc" stroke-width="1"/>')
    for lane in lane_list:
        if lane.kind == "decision" or lane.offered_at is not None:   # a decision point (50D2, 54 ... 26B)
            at = lane.start_at if lane.offered_at is None else lane.offered_at
            out.append(_diamond(geo.x(at), 29, 5, COLOURS["decision"]))
    return out


def _bar(lane: Lane, y: float, now_at: float, live: bool = False, geo: _Geo = _PLAIN) -> list[str]:
    """The lane's bar: a dot (a diamond for a decision) where it arises, a stop where it lapses, an arrow
    while it is in force; a revoke is dashed until it is established, a lane that waits (26B, 24E) until it
    binds. ``live``: the end of a lane in force is marked to follow the position reached (:func:`place_now`)."""
    colour = COLOURS[lane.kind]
    x0 = geo.x(lane.start_at)
    least = round(x0 + 4, 1)
    x1 = max(geo.x(lane.end_at if lane.end_at is not None else now_at), least)
    # a lane in force ends at the position reached: in the live table its end moves with the play
    follows = f' data-now="x2" data-now-min="{least}"' if live and lane.end_at is None else ""
    out = []
    split = lane.established_at if lane.kind == "revoke" else lane.binds_at if lane.waits else None
    if split is not None:
        xe = geo.x(split)
        if lane.waits:   # a lane that waited binds within its own bar
            xe = min(max(xe, x0), x1)
        out.append(f'<line x1="{x0}" y1="{y}" x2="{xe}" y2="{y}" stroke="{colour}" stroke-width="6" '
                   'stroke-dasharray="5 3"/>')
        out.append(f'<line x1="{xe}" y1="{y}" x2="{x1}" y2="{y}" stroke="{colour}" stroke-width="6"{follows}/>')
        out.append(f'<line x1="{xe}" y1="{y - 9}" x2="{xe}" y2="{y + 9}" stroke="{colour}" stroke-width="2"/>')
    else:
        dash = ' stroke-dasharray="5 3"' if lane.kind in ("revoke", "ui") or lane.waits else ""
        out.append(f'<line x1="{x0}" y1="{y}" x2="{x1}" y2="{y}" stroke="{colour}" stroke-width="6"{dash}'
                   f'{follows}/>')
    out.append(_diamond(x0, y, 7, colour) if lane.kind == "decision"
               else f'<circle cx="{x0}" cy="{y}" r="5" fill="{colour}"/>')
    if lane.end_at is not None:
        out.append(f'<line x1="{x1}" y1="{y - 9}" x2="{x1}" y2="{y + 9}" stroke="{colour}" stroke-width="3"/>')
    elif live:  # the arrow drawn at 0 and moved to the lane's end
        out.append(f'<polygon points="0,{y - 7} 10,{y} 0,{y + 7}" transform="translate({x1})" fill="{colour}"'
                   f' data-now="transform" data-now-min="{least}"/>')
    else:
        out.append(f'<polygon points="{x1},{y - 7} {x1 + 10},{y} {x1},{y + 7}" fill="{colour}"/>')
    return out


def _svg_lane(lane: Lane, y: int, lang: str, now_at: float, live: bool = False,
              geo: _Geo = _PLAIN) -> tuple[list[str], int]:
    """One lane at height ``y``: its label with the law, the bar, and when and why it lapsed."""
    import textwrap

    colour = COLOURS[lane.kind]
    out = [f'<rect x="{_LEFT}" y="{y + 4}" width="10" height="10" fill="{colour}"/>']
    for line in textwrap.wrap(lane.label(lang), _CHARS):
        y += _LINE
        out.append(_svg_text(_LEFT + 16, y - 4, line, halo="1"))
    y += 14
    out += _bar(lane, y, now_at, live, geo)
    y += 8
    notes = []
    if lane.established is not None:
        notes.append(_t("timeline.established", lang, trick=lane.established, law=lane.established_law))
    notes.append(lane.ending(lang))
    if lane.start_where is not None:   # born in the auction: at which call, and where it took effect
        notes = ["; ".join([lane.arising(lang)] + ([lane.binding(lang)] if lane.binds is not None else []) + notes)]
    for line in (w for n in notes for w in textwrap.wrap(n, _CHARS + 6)):
        y += _LINE - 2
        out.append(_svg_text(_LEFT + 16, y, line, 12, "#444"))
    return out, y + 8


def _reached(table: Table, upto: int | None) -> int:
    """The number of events up to the position drawn (``upto``: the end of that trick)."""
    return len(table.history) if upto is None else sum(1 for s in table.states[:-1] if s.trick_no <= upto)


def _now_at(table: Table, sp: Span, n: int) -> float:
    """Where the position reached after ``n`` events lies on the drawing's scale (in the auction: after its last
    call)."""
    return sp.now if sp.now is not None else _at(table.states[n])


def now_x(table: Table, upto: int | None = None, *, drawn: list[Lane] | None = None) -> str:
    """Where the drawing's line of the position reached stands, as the drawing writes it; "" where it has
    none (before the first event, and once play is over). ``drawn``: the lanes, when the caller has them."""
    n = _reached(table, upto)
    state = table.states[n]
    if not n or state.phase == "over":
        return ""
    sp = span(table, upto)
    return str(_geo(sp, drawn or []).x(_now_at(table, sp, n)))


def stop_trick(reached: PlayState) -> int:
    """The trick the position ``reached`` is in (at a trick's end: that trick; trick 1 before the first card):
    the live table's one tab stop among the trick columns."""
    return max(1, min(13, len(reached.tricks) + (1 if reached.trick else 0)))


_NOW_TAG = re.compile(r'<[a-z]+\b[^<>]*\bdata-now="([^"]*)"[^<>]*>')
_NOW_MIN = re.compile(r'\bdata-now-min="([^"]*)"')


def place_now(markup: str, x: str) -> str:
    """The live drawing (``svg(..., keys=True)``) with its line of the position reached and the ends of the
    lanes in force moved to ``x`` (:func:`now_x`): what ``placeNow`` in ``bridgelaws/static/table.js`` does in
    the page, so that the table need not send the whole drawing again for each card."""
    if not x:
        return markup
    at = float(x)

    def one(m: re.Match[str]) -> str:
        tag = m.group(0)
        least = _NOW_MIN.search(tag)
        v = least.group(1) if least is not None and float(least.group(1)) > at else x
        for name in m.group(1).split():
            value = f"translate({v})" if name == "transform" else v
            tag = re.sub(rf'(\s{name}=")[^"]*"', lambda a: a.group(1) + value + '"', tag, count=1)
        return tag

    return _NOW_TAG.sub(one, markup)


def svg(table: Table, lang: str = "en", upto: int | None = None, *, keys: bool = False,
        drawn: list[Lane] | None = None) -> str:
    """The constraint timeline as one SVG drawing in ``lang``: tricks 1 to 13 across, one lane per constraint
    from the trick in which it arises to the trick in which it lapses, with its law and the reason; decision
    points marked with a diamond; a dashed line at the position reached (``upto``: the end of that trick).
    Inline presentation attributes only, so that it survives every sanitizer; a ``<title>`` and an
    ``aria-label`` name it. ``keys=True`` (the live card table): the trick columns are buttons for the keyboard
    and screen readers (``role="button"``, "Trick 5", one tab stop at the trick the position is in) and the
    drawing is a named group rather than one image, whose line of the position reached and lanes in force are
    marked to follow the play (``data-now``, :func:`place_now`). ``drawn``: the lanes, when the caller has
    them already."""
    lang = normalize_lang(lang)
    lane_list = lanes(table, upto) if drawn is None else drawn
    states = table.states
    n = _reached(table, upto)
    sp = span(table, upto)
    geo = _geo(sp, lane_list)
    now_at = _now_at(table, sp, n)
    body: list[str] = []
    y = 34
    for lane in lane_list:
        parts, y = _svg_lane(lane, y, lang, now_at, keys, geo)
        body += parts
    if not lane_list:
        body.append(_svg_text(_LEFT + 4, y + 18, _t("timeline.nothing", lang), 13, "#444"))
        y += 30
    if states[n].phase != "over" and n:
        follows = ' data-now="x1 x2"' if keys else ""
        body.insert(0, f'<line x1="{geo.x(now_at)}" y1="22" x2="{geo.x(now_at)}" y2="{y}" stroke="#333" '
                    f'stroke-width="1.5" stroke-dasharray="3 3"{follows}/>')
        label = {"data_now": "x"} if keys else {}
        body.append(_svg_text(geo.x(now_at), y + 14, _t("timeline.now", lang), 12, "#333", text_anchor="middle",
                              **label))
        y += 20
    title = _html.escape(_t("timeline.picture", lang))
    stop = stop_trick(states[n]) if keys else None
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" role="{"group" if keys else "img"}" aria-label="{title}" '
            f'width="{SVG_WIDTH}" height="{y}" viewBox="0 0 {SVG_WIDTH} {y}" font-family=\'{_FONT}\' '
            'style="max-width:100%;height:auto;display:block">')
    return "".join([head, f"<title>{title}</title>", *_svg_axis(y, lane_list, lang, stop, geo), *body, "</svg>"])


_CELL = 'style="border:1px solid #ccd;padding:3px 8px;text-align:left;vertical-align:top"'


def text_html(table: Table, lang: str = "en", upto: int | None = None, *, drawn: list[Lane] | None = None) -> str:
    """The text version of :func:`svg`: the same lanes as a plain table (what binds and its law, the trick in
    which it arises, when and why it lapses), inline styles only, no id and no class. ``drawn``: the lanes,
    when the caller has them already."""
    lang = normalize_lang(lang)
    heads = [_t(k, lang) for k in ("timeline.col_what", "timeline.col_arises", "timeline.col_lapses")]
    out = ['<table style="border-collapse:collapse;font-size:15px;margin:4px 0">', "<thead><tr>"]
    out += [f'<th scope="col" {_CELL}>{_html.escape(h)}</th>' for h in heads]
    out.append("</tr></thead><tbody>")
    for lane in lanes(table, upto) if drawn is None else drawn:
        ending = lane.ending(lang)
        if lane.established is not None:
            ending = _t("timeline.established", lang, trick=lane.established, law=lane.established_law) + "; " + ending
        if lane.binds is not None:
            ending = lane.binding(lang) + "; " + ending
        cells = [lane.label(lang), lane.arising(lang), ending]
        out.append("<tr>" + "".join(f"<td {_CELL}>{_red_html(c)}</td>" for c in cells) + "</tr>")
    out.append("</tbody></table>")
    return "".join(out)


def figure(table: Table, lang: str = "en", upto: int | None = None) -> str:
    """The drawing with its text version folded under it: what the walk-throughs and handouts show."""
    lang = normalize_lang(lang)
    summary = _html.escape(_t("timeline.as_text", lang))
    return ('<div style="margin:8px 0">' + svg(table, lang, upto)
            + f'<details><summary style="cursor:pointer">{summary}</summary>{text_html(table, lang, upto)}'
            "</details></div>")
