"""The card table widget: place cards, make irregularities happen, and watch the constraints evolve.

``CardTable(table, lang="da")`` is a thin view over a :class:`~bridgelaws.table.Table` (the only module that
imports ipywidgets). All rule logic is in the engine and all sentences come from the catalogues; the widget
turns clicks into events (``table.play`` / ``table.push``), shows the engine's refusals with their law, and
re-renders from the table's state:

- the four hands around a compass as card buttons (hidden hands for quiz mode), the trick in the middle,
  penalty cards face up in front of their owner and marked major or minor, whose turn it is, declarer and
  dummy;
- a mode switch that makes irregularities happen on purpose (drop a card face up, name a card, lead out of
  turn, play before partner, revoke and correct, two cards at once, or play a card regardless of a
  penalty-card obligation or restriction);
- the options of a pending decision as buttons: play waits until one is chosen;
- what the Director says now, each statement with its law;
- undo, redo and a slider over the history; save the history as a scenario file and load one;
- the constraint timeline (:mod:`bridgelaws.timeline`) below the table;
- a language switch (da, nb, en) that re-renders everything.

Test without a browser: build the widget, call ``button.click()`` and look at ``widget.table.state``.

>>> import bridgelaws as bl
>>> deal = bl.Deal.from_pbn("N:T542.AK2.76.AT98 AJ6.76.A954.K765 Q87.Q543.T8.Q432 K93.JT98.KQJ32.J")
>>> w = CardTable(bl.Table(deal, bl.Contract.parse("3NT", "S")), lang="da")
>>> w.card_button("HJ").tooltip
'Vest ♥B'
>>> w.card_button("HJ").click()
>>> w.table.history
[Play(seat=Seat.WEST, card=Card.parse('HJ'), out_of_turn=False)]
"""

from __future__ import annotations

import html as _html
import itertools
import re
import traceback
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import ipywidgets as W  # type: ignore[import-untyped]

from bridgelaws import scenario as _scenario
from bridgelaws import timeline as _timeline
from bridgelaws.cards import ALL_CARDS, Card, Seat, Suit
from bridgelaws.errors import BridgeLawsError
from bridgelaws.events import (
    AcceptLead, Choose, Event, Expose, Play, RejectLead, Select, Simultaneous, SpreadHand,
)
from bridgelaws.i18n import Message, normalize_lang, text
from bridgelaws.laws import LawRef
from bridgelaws.notation import format_card, format_rank, format_seat
from bridgelaws.render import BoardView, contract_text, hidden_seats, label, side_label, table_view
from bridgelaws.render.html import stylesheet
from bridgelaws.state import PlayState
from bridgelaws.table import Table

__all__ = ["IRREGULAR_MODES", "MODES", "CardTable", "Choice", "FileProblem", "decision_choices"]

#: what a click on a card does: play it, or make one of the irregularities happen
MODES: tuple[str, ...] = ("play", "dropped", "named", "lead_out_of_turn", "premature_play", "revoke_corrected",
                          "simultaneous", "anyway")
#: the modes that create an ``Expose(seat, card, how=mode)`` event
IRREGULAR_MODES: tuple[str, ...] = ("dropped", "named", "lead_out_of_turn", "premature_play", "revoke_corrected")
LANG_NAMES = (("Dansk", "da"), ("Norsk", "nb"), ("English", "en"))
_COMPASS = (Seat.NORTH, Seat.WEST, Seat.EAST, Seat.SOUTH)
_RED = "#c8102e"
_BLACK = "#111111"


def _w(key: str, lang: str, **params: Any) -> str:
    """A sentence of the widget's own catalogue (domain ``widget``)."""
    return text("widget." + key, lang, **params)


def _esc(s: str) -> str:
    return _html.escape(s, quote=True)


_RED_SYM = re.compile("([♥♦])")


def _sentence_html(s: str) -> str:
    """Escaped text with the red suit symbols in red (the symbol stays: colour is never the only cue)."""
    return _RED_SYM.sub(r'<span class="bl-red">\1</span>', _esc(s))


def _card_html(card: Card, lang: str) -> str:
    colour = "bl-red" if card.suit.is_red else "bl-black"
    return (f'<span class="bl-card bl-suit-{card.suit.name.lower()} {colour}"><span class="bl-sym {colour}">'
            f'{card.suit.symbol}</span><span class="bl-rank">{_esc(format_rank(card.rank, lang))}</span></span>')


class FileProblem(BridgeLawsError):
    """A scenario file that could not be written or read (shown in the message line like a refusal)."""


# ----------------------------------------------------------------------------------------------------------
# decisions as buttons (pure: testable without widgets)
# ----------------------------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Choice:
    """One button of a pending decision: its label (a ``widget.opt.*`` message), the law, and the event
    it pushes."""

    label: Message
    law: LawRef
    event: Event

    def text(self, lang: str = "en") -> str:
        return self.label.text(lang)

    def tooltip(self, lang: str = "en") -> str:
        return _w("opt.tooltip", lang, label=self.label, law=self.law)


def _m(key: str, **params: Any) -> Message:
    return Message("widget.opt." + key, params)


def _subsets(suits: tuple[Suit, ...]) -> Iterator[tuple[Suit, ...]]:
    for k in range(1, len(suits) + 1):
        yield from itertools.combinations(suits, k)


def decision_choices(state: PlayState) -> list[Choice]:
    """The options of the pending decision as buttons, each with the event it pushes (the same mapping as
    :func:`bridgelaws.simulate.decision_event`); empty when nothing is pending."""
    d = state.pending
    if d is None:
        return []
    decl = state.declarer
    law_of = {o.name: o.law for o in d.options}
    out: list[Choice] = []
    if d.kind == "lead_options":
        for s in d.suits:
            out.append(Choice(_m("require", suit=s), law_of["require"], Choose(decl, option="require", suit=s)))
        for subset in _subsets(d.suits):
            ev = (Choose(decl, option="forbid", suit=subset[0]) if len(subset) == 1
                  else Choose(decl, option="forbid", suits=subset))
            out.append(Choice(_m("forbid", suits=subset), law_of["forbid"], ev))
        out.append(Choice(_m("none"), law_of["none"], Choose(decl, option="none")))
    elif d.kind == "opening_lead_out_of_turn":
        out.append(Choice(_m("accept_and_play"), law_of["accept_and_play"], AcceptLead(decl)))
        out.append(Choice(_m("accept_and_become_dummy"), law_of["accept_and_become_dummy"], SpreadHand(decl)))
        out.append(Choice(_m("reject_54"), law_of["reject_require"], RejectLead(decl)))
    elif d.kind == "lead_out_of_turn":
        out.append(Choice(_m("accept_lead"), law_of["accept_lead"], AcceptLead(decl)))
        out.append(Choice(_m("reject_lead"), law_of["reject_lead"], RejectLead(decl)))
    elif d.kind == "declarer_lead_out_of_turn":
        spoken = {s for s, _ in state.irregular_lead.statements} if state.irregular_lead is not None else set()
        for seat in (d.by, d.by.partner):
            if seat in spoken:
                continue
            out.append(Choice(_m("seat_accepts", seat=seat), law_of["accept_lead"], AcceptLead(seat)))
            out.append(Choice(_m("seat_rejects", seat=seat), law_of["reject_lead"], RejectLead(seat)))
    elif d.kind == "premature_play":
        out.append(Choice(_m("highest"), law_of["highest"], Choose(decl, option="highest")))
        out.append(Choice(_m("lowest"), law_of["lowest"], Choose(decl, option="lowest")))
        others = [s for s in Suit if s is not state.suit_led]
        for s in others:
            out.append(Choice(_m("require_suit", suit=s), law_of["require_suit"],
                              Choose(decl, option="require_suit", suit=s)))
        for s in others:
            out.append(Choice(_m("forbid_suit", suit=s), law_of["forbid_suit"],
                              Choose(decl, option="forbid_suit", suit=s)))
    elif d.kind == "failure_to_play":
        accept = next(o for o in d.options if o.name == "accept_play")
        reject = next(o for o in d.options if o.name == "reject_play")
        out.append(Choice(_m("accept_play", card=accept.cards[0] if accept.cards else d.cards[0]), accept.law,
                          Choose(decl, option="accept_play")))
        out.append(Choice(_m("reject_play", cards=reject.cards), reject.law, Choose(decl, option="reject_play")))
    elif d.kind == "designate_penalty_card":
        for c in d.cards:
            out.append(Choice(_m("designate", card=c), d.law,
                              Choose(decl, option="designate_penalty_card", card=c)))
    elif d.kind == "select_card":
        for c in (o.cards[0] for o in d.options):
            out.append(Choice(_m("select", seat=d.by, card=c), d.law, Select(d.by, card=c)))
    return out


# ----------------------------------------------------------------------------------------------------------
# the stylesheet of the widget (on top of render/style.css)
# ----------------------------------------------------------------------------------------------------------

_WIDGET_CSS = """
.bl-w { font-family: "DejaVu Sans", "Segoe UI", Arial, sans-serif; color: #111; }
.bl-w .bl { padding: 0; background: transparent; }
.bl-w .bl-w-main { gap: 12px; }
.bl-w .bl-w-bar { align-items: center; flex-wrap: wrap; gap: 4px 8px; }
.bl-w .bl-w-grid { background: #fff; padding: 6px; }
.bl-w .bl-w-seat { border: 3px solid transparent; border-radius: 8px; padding: 4px 6px; }
.bl-w .bl-w-head { font-size: 20px; font-weight: bold; white-space: nowrap; }
.bl-w .bl-w-row { align-items: center; flex-wrap: nowrap; min-height: 46px; }
.bl-w .bl-w-row .bl-w-sym { font-size: 24px; min-width: 1.2em; }
.bl-w .jupyter-button.bl-w-card { position: relative; font-size: 22px; font-weight: bold; height: 42px;
  min-width: 2.6em; width: auto; padding: 0 6px; margin: 2px; border: 1px solid #777; border-radius: 6px;
  background: #fff; box-shadow: none; }
.bl-w .jupyter-button.bl-w-card:hover { background: #f3f6fa; }
.bl-w .jupyter-button.bl-w-card:focus-visible { outline: 3px solid #1f5fa8; outline-offset: 2px; }
.bl-w .jupyter-button.bl-w-card::before { position: absolute; width: 1px; height: 1px; overflow: hidden;
  clip: rect(0 0 0 0); clip-path: inset(50%); white-space: nowrap; }
.bl-w .bl-w-pc { align-items: center; margin: 2px 4px; }
.bl-w .bl-w-pc-major .jupyter-button.bl-w-card { border: 4px solid #111; }
.bl-w .bl-w-pc-minor .jupyter-button.bl-w-card { border: 3px dashed #555; }
.bl-w .bl-w-pc-label { font-size: 13px; font-weight: bold; text-transform: uppercase; }
.bl-w .bl-w-pcs { align-items: flex-end; flex-wrap: wrap; }
.bl-w .bl-w-pcs-box { margin-top: 4px; border-top: 1px dashed #bbb; padding-top: 2px; }
.bl-w .bl-w-pcs-title { font-size: 13px; color: #444; text-transform: uppercase; }
.bl-w .bl-w-centre { justify-self: center; }
.bl-w .bl-w-ne { justify-self: end; text-align: right; }
.bl-w .bl-w-centre .bl-centre { min-width: 12em; min-height: 9em; }
.bl-w .bl-w-centre .bl-w-last .bl-card { opacity: 0.55; }
.bl-w .bl-w-turn-lead, .bl-w .bl-w-turn-play, .bl-w .bl-w-decides { display: none; }
.bl-w .bl-w-hidden { font-size: 18px; font-style: italic; color: #555; }
.bl-w .bl-w-says { width: 100%; }
.bl-w .bl-w-says .bl { font-size: 17px; display: block; }
.bl-w .bl-w-says ul { margin: 0.2em 0; padding-left: 1.2em; }
.bl-w .bl-w-says li { margin-bottom: 0.35em; }
.bl-w .bl-w-msg { font-size: 17px; }
.bl-w .bl-w-error { color: #8a1c00; background: #fff1ec; border-left: 5px solid #c8102e; padding: 4px 8px; }
.bl-w .bl-w-info { color: #0f3d1f; background: #eef8f0; border-left: 5px solid #2e8b57; padding: 4px 8px; }
.bl-w .bl-w-decision { border: 3px solid #e07b00; border-radius: 8px; padding: 6px; background: #fff8ee; }
.bl-w .bl-w-decision-title { font-size: 17px; font-weight: bold; }
.bl-w .bl-w-decision-buttons { flex-wrap: wrap; }
.bl-w .jupyter-button.bl-w-option { font-size: 17px; height: auto; min-height: 36px; padding: 2px 10px;
  margin: 3px; white-space: normal; }
.bl-w .bl-w-hint { font-size: 15px; color: #333; }
.bl-w .bl-w-history-label { font-size: 15px; }
.bl-w .bl-w-title { font-size: 22px; font-weight: bold; }
.bl-w .bl-w-timeline-title { font-size: 18px; font-weight: bold; margin-top: 8px; }
.bl-w .bl-red { color: #c8102e; }
.bl-w table.bl-timeline { border-collapse: collapse; font-size: 15px; }
.bl-w table.bl-timeline th { background: #eef4fb; padding: 4px 8px; text-align: left; border: 1px solid #ccd; }
.bl-w table.bl-timeline td { padding: 4px 8px; vertical-align: top; text-align: left; border: 1px solid #ccd;
  min-width: 6em; }
"""


# ----------------------------------------------------------------------------------------------------------
# the widget
# ----------------------------------------------------------------------------------------------------------

class CardTable:
    """The card table widget over a :class:`~bridgelaws.table.Table`.

    ``lang``: ``da``, ``nb`` (``no``) or ``en``; ``hide``: seats whose hands are not shown (quiz mode, e.g.
    ``"EW"``); ``show_legal``: mark the legal cards of the hand to play; ``show_timeline``: the constraint
    timeline below the table; ``path``: the file the Save and Load buttons use.

    Display it as the last expression of a cell, or ``display(w.widget)``.
    """

    _instances = itertools.count(1)

    def __init__(self, table: Table, *, lang: str = "en", hide: Iterable[Seat | str] | Seat | str = (),
                 show_legal: bool = True, show_timeline: bool = True, path: str | Path = "scenario.toml",
                 title: Any = None) -> None:
        self.table = table
        self._lang = normalize_lang(lang)
        self._hidden = hidden_seats(hide)
        self._future: list[Event] = []
        self._mode = "play"
        self._selected: list[Card] = []
        self._error: BridgeLawsError | None = None
        self._info: Message | None = None
        self._title = title
        self._syncing = False
        self._decision_key: Any = None
        self._timeline_rows: dict[int, tuple[Any, str, str]] = {}
        self._static_lang: str | None = None
        self._tips: dict[Card, tuple[str, Seat, str]] = {}
        self._dealt: dict[tuple[Seat, Suit], tuple[Card, ...]] = {}
        self._uid = f"bl-w-i{next(CardTable._instances)}"
        self._build(show_legal, show_timeline, str(path))
        self._render_all()

    # ---- construction ------------------------------------------------------------------------------
    @classmethod
    def from_scenario(cls, source: str | Path | _scenario.Scenario, **kwargs: Any) -> CardTable:
        """Open a scenario file (or a loaded :class:`~bridgelaws.scenario.Scenario`) at its last event; the
        slider steps back through its history."""
        sc = source if isinstance(source, _scenario.Scenario) else _scenario.load(source)
        if not isinstance(source, _scenario.Scenario):
            kwargs.setdefault("path", str(source))
        kwargs.setdefault("title", sc.title)
        return cls(_scenario.replay(sc), **kwargs)

    def _build(self, show_legal: bool, show_timeline: bool, path: str) -> None:
        # the card buttons: one per card, for the whole life of the widget. A button sits in its owner's
        # suit row, or among his penalty cards while it is one; once played, the dynamic stylesheet hides it
        self._red_style = W.ButtonStyle(text_color=_RED, font_weight="bold", font_size="22px")
        self._black_style = W.ButtonStyle(text_color=_BLACK, font_weight="bold", font_size="22px")
        self._card_layout = W.Layout(height="42px", width="auto", min_width="2.6em", padding="0 6px", margin="2px")
        self._buttons: dict[Card, W.Button] = {}
        for suit in Suit:
            for rank_card in sorted((c for c in ALL_CARDS if c.suit is suit), key=lambda c: -int(c.rank)):
                b = W.Button(layout=self._card_layout,
                             style=self._red_style if suit.is_red else self._black_style)
                b.add_class("bl-w-card")
                b.add_class(f"bl-w-c-{rank_card}")
                b.on_click(self._handler(self._on_card, rank_card))
                self._buttons[rank_card] = b
        self._pc_items: dict[Card, tuple[W.VBox, W.HTML]] = {}

        # the four seats
        self._heads: dict[Seat, W.HTML] = {}
        self._rows: dict[tuple[Seat, Suit], W.HBox] = {}
        self._syms: list[W.HTML] = []
        self._hidden_note: dict[Seat, W.HTML] = {}
        self._pcs: dict[Seat, W.HBox] = {}
        self._pcs_box: dict[Seat, W.VBox] = {}
        self._pcs_title: dict[Seat, W.HTML] = {}
        self._seats: dict[Seat, W.VBox] = {}
        for seat in Seat:
            self._heads[seat] = W.HTML()
            for suit in Suit:
                colour = "bl-red" if suit.is_red else "bl-black"
                sym = W.HTML(f'<span class="bl-w-sym {colour}" aria-hidden="true">{suit.symbol}</span>')
                self._syms.append(sym)
                row = W.HBox([sym])
                row.add_class("bl-w-row")
                self._rows[seat, suit] = row
            self._hidden_note[seat] = W.HTML()
            self._pcs_title[seat] = W.HTML()
            self._pcs[seat] = W.HBox()
            self._pcs[seat].add_class("bl-w-pcs")
            # penalty cards lie face up in front of their owner, under a heading
            self._pcs_box[seat] = W.VBox([self._pcs_title[seat], self._pcs[seat]])
            self._pcs_box[seat].add_class("bl-w-pcs-box")
            box = W.VBox([self._heads[seat]], layout=W.Layout(grid_area=seat.name.lower()))
            box.add_class("bl-w-seat")
            box.add_class(f"bl-w-seat-{seat.name.lower()}")
            self._seats[seat] = box
        self._centre = W.HTML(layout=W.Layout(grid_area="centre", align_self="center"))
        self._centre.add_class("bl-w-centre")
        self._corner_nw = W.HTML(layout=W.Layout(grid_area="nw"))
        self._corner_ne = W.HTML(layout=W.Layout(grid_area="ne"))
        self._corner_ne.add_class("bl-w-ne")
        # the panel: the decision, the message, what the Director says
        self._decision_title = W.HTML()
        self._decision_title.add_class("bl-w-decision-title")
        self._decision_buttons = W.HBox()
        self._decision_buttons.add_class("bl-w-decision-buttons")
        self._decision = W.VBox([self._decision_title, self._decision_buttons])
        self._decision.add_class("bl-w-decision")
        self._decision.layout.display = "none"
        self._message = W.HTML()
        self._message.add_class("bl-w-msg")
        self._says = W.HTML()
        self._says.add_class("bl-w-says")
        self._panel = W.VBox([self._decision, self._message, self._says],
                             layout=W.Layout(grid_area="panel", width="340px", align_self="flex-start"))
        self._panel.add_class("bl-w-panel")
        # the compass, with the panel in the corner beside South so that what the Director says and the
        # options of a decision are always in sight together with the cards
        self._seats[Seat.SOUTH].layout.align_self = "flex-start"
        self._grid = W.GridBox(
            [self._corner_nw, self._seats[Seat.NORTH], self._corner_ne, self._seats[Seat.WEST], self._centre,
             self._seats[Seat.EAST], self._panel, self._seats[Seat.SOUTH]],
            layout=W.Layout(grid_template_columns="auto auto auto",
                            grid_template_areas='"nw north ne" "west centre east" "panel south ."',
                            grid_gap="6px 10px", align_items="center", width="auto"))
        self._grid.add_class("bl-w-grid")

        # the toolbar: language, mode, options
        self._lang_buttons = W.ToggleButtons(options=list(LANG_NAMES), value=self._lang,
                                             style={"button_width": "6em"})
        self._lang_buttons.observe(self._handler(self._on_lang), names="value")
        self._mode_select = W.Dropdown(options=[("", m) for m in MODES], value="play",
                                       layout=W.Layout(width="auto"))
        self._mode_select.add_class("bl-w-mode")
        self._mode_select.observe(self._handler(self._on_mode), names="value")
        self._hint = W.HTML()
        self._hint.add_class("bl-w-hint")
        self._reveal = W.Checkbox(value=False, indent=False, layout=W.Layout(width="auto"))
        self._reveal.observe(self._handler(self._on_option), names="value")
        self._legal = W.Checkbox(value=show_legal, indent=False, layout=W.Layout(width="auto"))
        self._legal.observe(self._handler(self._on_option), names="value")
        self._show_tl = W.Checkbox(value=show_timeline, indent=False, layout=W.Layout(width="auto"))
        self._show_tl.observe(self._handler(self._on_option), names="value")

        # two cards at once: the cards picked so far and how many faces were seen
        self._sim_label = W.HTML()
        self._sim_all_seen = W.Checkbox(value=True, indent=False, layout=W.Layout(width="auto"))
        self._sim_play = W.Button()
        self._sim_play.on_click(self._handler(self._on_sim_play))
        self._sim_clear = W.Button()
        self._sim_clear.on_click(self._handler(self._on_sim_clear))
        self._sim_box = W.HBox([self._sim_label, self._sim_all_seen, self._sim_play, self._sim_clear])
        self._sim_box.add_class("bl-w-bar")
        self._sim_box.layout.display = "none"

        # history: first, undo, slider, redo, last
        self._first = W.Button(layout=W.Layout(width="auto"))
        self._undo = W.Button(layout=W.Layout(width="auto"))
        self._redo = W.Button(layout=W.Layout(width="auto"))
        self._last = W.Button(layout=W.Layout(width="auto"))
        self._first.on_click(self._handler(lambda: self.goto(0)))
        self._undo.on_click(self._handler(self.undo))
        self._redo.on_click(self._handler(self.redo))
        self._last.on_click(self._handler(lambda: self.goto(len(self.table.history) + len(self._future))))
        self._slider = W.IntSlider(min=0, max=0, value=0, continuous_update=False,
                                   layout=W.Layout(width="22em"), style={"description_width": "initial"})
        self._slider.observe(self._handler(self._on_slider), names="value")
        self._history_label = W.HTML()
        self._history_label.add_class("bl-w-history-label")

        # files
        self._path = W.Text(value=path, layout=W.Layout(width="22em"), style={"description_width": "initial"})
        self._save = W.Button(layout=W.Layout(width="auto"))
        self._load = W.Button(layout=W.Layout(width="auto"))
        self._save.on_click(self._handler(lambda: self.save()))
        self._load.on_click(self._handler(lambda: self.load()))

        for b in (self._first, self._undo, self._redo, self._last, self._save, self._load, self._sim_play,
                  self._sim_clear):
            b.add_class("bl-w-tool")

        self._title_html = W.HTML()
        self._title_html.add_class("bl-w-title")
        self._static_style = W.HTML(layout=W.Layout(display="none"))
        self._dynamic_css = ""
        self._centre_markup = ""
        self._timeline_title = W.HTML()
        self._timeline_title.add_class("bl-w-timeline-title")
        self._timeline = W.HTML()
        self._timeline.add_class("bl-w-timeline")
        self._timeline_box = W.VBox([self._timeline_title, self._timeline])
        self.output = W.Output()

        bar1 = W.HBox([self._lang_buttons, self._mode_select, self._reveal, self._legal, self._show_tl])
        bar2 = W.HBox([self._first, self._undo, self._slider, self._redo, self._last, self._history_label])
        bar3 = W.HBox([self._path, self._save, self._load])
        for bar in (bar1, bar2, bar3):
            bar.add_class("bl-w-bar")
        if not self._hidden:
            self._reveal.layout.display = "none"  # nothing to reveal
        self.widget = W.VBox([self._static_style, self._title_html, bar1, self._hint,
                              self._sim_box, self._grid, bar2, bar3, self._timeline_box, self.output])
        self.widget.add_class("bl-w")
        self.widget.add_class(self._uid)

    # ---- properties --------------------------------------------------------------------------------
    @property
    def lang(self) -> str:
        return self._lang

    @lang.setter
    def lang(self, value: str) -> None:
        self._lang_buttons.value = normalize_lang(value)

    @property
    def mode(self) -> str:
        return self._mode

    @mode.setter
    def mode(self, value: str) -> None:
        if value not in MODES:
            raise ValueError(f"unknown mode {value!r}: use one of {', '.join(MODES)}")
        self._mode_select.value = value

    @property
    def hidden(self) -> frozenset[Seat]:
        """The seats whose hands are hidden now (empty while "show hidden hands" is ticked)."""
        return frozenset() if self._reveal.value else self._hidden

    @property
    def future(self) -> tuple[Event, ...]:
        """The events that Redo would push, next first."""
        return tuple(reversed(self._future))

    @property
    def message(self) -> str:
        """The text of the message line (an explanation of a refusal, or a confirmation); '' when empty."""
        if self._error is not None:
            return self._error.explain(self._lang)
        if self._info is not None:
            return self._info.text(self._lang)
        return ""

    @property
    def error(self) -> BridgeLawsError | None:
        """The last refusal, shown until the next action succeeds."""
        return self._error

    def card_button(self, card: Card | str) -> W.Button:
        """The button of ``card`` (e.g. ``"SA"``)."""
        return self._buttons[Card.parse(card) if isinstance(card, str) else card]

    @property
    def decision_buttons(self) -> tuple[W.Button, ...]:
        """The buttons of the pending decision (empty when none)."""
        return tuple(self._decision_buttons.children)

    def decision_button(self, label: str) -> W.Button:
        """The decision button whose description is ``label`` (in the widget's language)."""
        for b in self._decision_buttons.children:
            if b.description == label:
                return b
        raise KeyError(f"no decision button {label!r}; there are {[b.description for b in self.decision_buttons]}")

    @property
    def buttons(self) -> dict[str, W.Widget]:
        """The toolbar controls by name: undo, redo, first, last, slider, save, load, path, lang, mode,
        reveal, legal, timeline, sim_play, sim_clear, sim_all_seen."""
        return {"undo": self._undo, "redo": self._redo, "first": self._first, "last": self._last,
                "slider": self._slider, "save": self._save, "load": self._load, "path": self._path,
                "lang": self._lang_buttons, "mode": self._mode_select, "reveal": self._reveal,
                "legal": self._legal, "timeline": self._show_tl, "sim_play": self._sim_play,
                "sim_clear": self._sim_clear, "sim_all_seen": self._sim_all_seen}

    def shown_hand(self, seat: Seat) -> frozenset[Card]:
        """The cards shown in ``seat``'s hand rows (not his penalty cards; nothing while the hand is hidden)."""
        if seat in self.hidden:
            return frozenset()
        in_rows = {c for suit in Suit for c in self._dealt[seat, suit]
                   if self._buttons[c] in self._rows[seat, suit].children}
        return frozenset(c for c in in_rows if c in self.table.state.hand(seat))

    @property
    def says(self) -> list[str]:
        """What the Director says now, in the widget's language."""
        return [s.text(self._lang) for s in self.table.statements()]

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = self.widget._repr_mimebundle_(**kwargs)
        if isinstance(bundle, dict) and "text/plain" in bundle:
            bundle["text/plain"] = repr(self)  # deterministic (nbval compares it); the view is the widget
        return bundle

    def __repr__(self) -> str:
        return f"CardTable({self.table!r}, lang={self._lang!r})"

    # ---- actions -----------------------------------------------------------------------------------
    def play(self, card: Card | str) -> PlayState:
        """Play ``card`` for its owner if it is legal; refuse it with an IllegalPlayError otherwise."""
        c = Card.parse(card) if isinstance(card, str) else card
        st = self._apply(lambda: self.table.play(c, seat=self._owner(c)))
        return st

    def push(self, event: Event) -> PlayState:
        """Push any event (an irregularity, a decision); raises if the engine refuses it."""
        return self._apply(lambda: self.table.push(event))

    def undo(self) -> Event | None:
        """Take back the last event (Redo puts it back)."""
        if not self.table.history:
            return None
        ev = self.table.pop()
        self._future.append(ev)
        self._after_action()
        return ev

    def redo(self) -> Event | None:
        """Push the event that was last undone."""
        if not self._future:
            return None
        ev = self._future.pop()
        self.table.push(ev)
        self._after_action()
        return ev

    def goto(self, n: int) -> None:
        """Step through the history to the state after the first ``n`` events (0: before any event)."""
        total = len(self.table.history) + len(self._future)
        n = max(0, min(int(n), total))
        while len(self.table.history) > n:
            self._future.append(self.table.pop())
        while len(self.table.history) < n:
            self.table.push(self._future.pop())
        self._after_action()

    def save(self, path: str | Path | None = None, id: str | None = None) -> Path:
        """Write the history (up to the current event) as a scenario file (TOML, or JSON for ``.json``)
        that replays to the same state."""
        p = Path(self._path.value if path is None else path)
        sc = _scenario.from_table(self.table, id=id or _slug(p.stem))
        try:
            _scenario.dump(sc, p)
        except OSError as exc:
            raise FileProblem(f"cannot write {p}: {exc}", key="widget.file_error", path=str(p),
                              error=exc.strerror or str(exc)) from exc
        self._path.value = str(p)
        self._error = None
        self._info = Message("widget.saved", {"n": len(self.table.history), "path": str(p)})
        self._render_message()
        return p

    def load(self, path: str | Path | None = None) -> None:
        """Open a scenario file at its last event."""
        p = Path(self._path.value if path is None else path)
        try:
            sc = _scenario.load(p)
        except OSError as exc:
            raise FileProblem(f"cannot read {p}: {exc}", key="widget.file_error", path=str(p),
                              error=exc.strerror or str(exc)) from exc
        table = _scenario.replay(sc)
        self.table = table
        self._future = []
        self._title = sc.title
        self._path.value = str(p)
        self._selected = []
        self._decision_key = None
        self._timeline_rows = {}
        self._tips = {}
        self._error = None
        self._info = Message("widget.loaded", {"n": len(table.history), "path": str(p)})
        self._render_all()

    def click(self, card: Card | str) -> None:
        """What a click on ``card``'s button does in the current mode (refusals are shown, not raised)."""
        self.card_button(card).click()

    # ---- handlers ----------------------------------------------------------------------------------
    def _handler(self, fn: Callable[..., Any], *bound: Any) -> Callable[..., None]:
        """Wrap a callback: a refusal by the engine is shown with its law; anything else is written into
        ``self.output`` (so it is not lost in the kernel log) and re-raised."""

        def run(*_args: Any) -> None:
            if self._syncing:
                return
            try:
                fn(*bound)
            except BridgeLawsError as exc:
                self._error = exc
                self._info = None
                self._render_message()
            except Exception:
                self.output.append_stderr(traceback.format_exc())
                raise

        return run

    def _on_card(self, card: Card) -> None:
        mode = self._mode
        if mode == "play":
            self.play(card)
        elif mode == "simultaneous":
            owner = self._owner(card)
            if self._selected and self._owner(self._selected[0]) is not owner:
                self._selected = []
            if card in self._selected:
                self._selected.remove(card)
            else:
                self._selected.append(card)
            self._error = None
            self._render_sim()
            self._render_dynamic_style()
            self._render_message()
        elif mode == "anyway":
            # a plain play without the widget's legality check: the engine records what the Laws make of it
            # (a failure to play a penalty card, 52; a broken restriction) or refuses what cannot happen
            self.push(Play(self._owner(card), card))
            self.mode = "play"
        else:
            self.push(Expose(self._owner(card), card, how=mode))
            self.mode = "play"

    def _on_sim_play(self) -> None:
        cards = tuple(self._selected)
        if not cards:
            self._error = None
            self._info = Message("widget.sim.pick", {})
            self._render_message()
            return
        visible = cards if self._sim_all_seen.value else cards[:1]
        self.push(Simultaneous(self._owner(cards[0]), cards=cards, visible=visible))
        self._selected = []
        self.mode = "play"

    def _on_sim_clear(self) -> None:
        self._selected = []
        self._render_sim()
        self._render_dynamic_style()

    def _on_lang(self) -> None:
        self._lang = normalize_lang(self._lang_buttons.value)
        self._render_all()

    def _on_mode(self) -> None:
        self._mode = self._mode_select.value
        self._selected = []
        self._render_hint()
        self._render_sim()
        self._render_dynamic_style()

    def _on_option(self) -> None:
        self._render_state()

    def _on_slider(self) -> None:
        self.goto(self._slider.value)

    # ---- the engine --------------------------------------------------------------------------------
    def _owner(self, card: Card) -> Seat:
        st = self.table.state
        for seat in Seat:
            if card in st.holding(seat):
                return seat
        for seat in Seat:
            if card in self.table.deal.hand(seat).cards:
                return seat
        raise KeyError(card)

    def _apply(self, fn: Callable[[], PlayState]) -> PlayState:
        before = len(self.table.history)
        st = fn()
        pushed = self.table.history[before:]
        # an event that is the one Redo would push keeps the rest of the redo list
        if len(pushed) == 1 and self._future and self._future[-1] == pushed[0]:
            self._future.pop()
        else:
            self._future.clear()
        self._after_action()
        return st

    def _after_action(self) -> None:
        self._error = None
        self._info = None
        self._render_state()

    # ---- rendering ---------------------------------------------------------------------------------
    def _render_all(self) -> None:
        deal = self.table.deal
        self._dealt = {(seat, suit): tuple(sorted((c for c in deal.hand(seat).cards if c.suit is suit),
                                                  key=lambda c: -int(c.rank)))
                       for seat in Seat for suit in Suit}
        self._render_static()
        self._render_state()

    def _render_static(self) -> None:
        """Everything that depends on the language only."""
        lang = self._lang
        if self._static_lang == lang:
            return
        self._static_lang = lang
        css = [stylesheet(), _WIDGET_CSS]
        for seat in Seat:
            # the seat's name is read out before each card by screen readers ("West ♦3"), not shown
            name = format_seat(seat, lang).replace('"', "")
            css.append(f'.bl-w .bl-w-seat-{seat.name.lower()} .jupyter-button.bl-w-card::before '
                       f'{{ content: "{name} "; }}')
        self._static_style.value = "<style>" + "\n".join(css) + "</style>"
        with self._sync():
            self._mode_select.options = [(_w(f"mode.{m}", lang), m) for m in MODES]
            self._mode_select.value = self._mode
        self._mode_select.description = _w("mode", lang)
        self._mode_select.tooltip = _w("mode.tooltip", lang)
        self._lang_buttons.tooltips = [_w("lang.tooltip", lang, name=n) for n, _ in LANG_NAMES]
        for box, key in ((self._reveal, "reveal"), (self._legal, "legal"), (self._show_tl, "show_timeline"),
                         (self._sim_all_seen, "sim.all_seen")):
            box.description = _w(key, lang)
            box.tooltip = _w(key + ".tooltip", lang)
        for b, key in ((self._first, "first"), (self._undo, "undo"), (self._redo, "redo"), (self._last, "last"),
                       (self._save, "save"), (self._load, "load"), (self._sim_play, "sim.play"),
                       (self._sim_clear, "sim.clear")):
            b.description = _w(key, lang)
            b.tooltip = _w(key + ".tooltip", lang)
        self._slider.description = _w("history", lang)
        self._slider.tooltip = _w("history.tooltip", lang)
        self._path.description = _w("path", lang)
        self._path.tooltip = _w("path.tooltip", lang)
        self._timeline_title.value = f"<div>{_esc(_w('timeline.title', lang))}</div>"
        for card, b in self._buttons.items():
            with b.hold_sync():
                b.description = format_card(card, lang)
        self._render_hint()

    def _render_state(self) -> None:
        """Everything that follows from the table's state (only changed values reach the browser)."""
        lang = self._lang
        table = self.table
        st = table.state
        view = table_view(table, lang)
        hidden = self.hidden
        self._title_html.value = (f"<div>{_esc(_scenario.localized(self._title, lang) or '')}</div>"
                                  if self._title else "")
        self._title_html.layout.display = "" if self._title else "none"
        # One message updates the table after a card is played: the centre widget carries the trick and a
        # small stylesheet that hides the cards gone from the hands, marks the legal cards and shows whose
        # turn it is. Everything else follows (a browser handles widget messages one after another).
        self._centre_markup = self._centre_html(view, st)
        self._render_dynamic_style()
        for seat in Seat:
            self._render_seat(seat, st, view, seat in hidden)
        self._render_corners(view)
        self._render_decision(st)
        self._render_says(view, st)
        self._render_message()
        self._render_history()
        self._render_sim()
        self._render_timeline()

    def _render_seat(self, seat: Seat, st: PlayState, view: BoardView, hidden: bool) -> None:
        lang = self._lang
        sv = view.seat(seat)
        name = _esc(format_seat(seat, lang))
        badges = [(f"bl-badge-{r}", label(r, lang)) for r in sv.roles]
        # whose turn it is and who must choose: always in the markup, shown by the dynamic stylesheet
        badges += [("bl-badge-turn bl-w-turn-lead", "▶ " + label("to_lead", lang)),
                   ("bl-badge-turn bl-w-turn-play", "▶ " + label("to_play", lang)),
                   ("bl-badge-decides bl-w-decides", label("to_choose", lang))]
        spans = "".join(f' <span class="bl-badge {c}">{_esc(t)}</span>' for c, t in badges)
        self._heads[seat].value = f'<div class="bl bl-w-head">{name}{spans}</div>'
        hand = st.hand(seat)
        pcs = st.penalty_cards_of(seat)
        on_table = {p.card for p in pcs}
        children: list[W.Widget] = [self._heads[seat]]
        if hidden:
            self._hidden_note[seat].value = f'<div class="bl-w-hidden">{_esc(label("hidden", lang))}</div>'
            children.append(self._hidden_note[seat])
        else:
            # a row holds the seat's dealt cards of the suit except his penalty cards; the cards no longer in
            # the hand are hidden by the dynamic stylesheet, so a play does not rebuild the row
            for suit in Suit:
                row = self._rows[seat, suit]
                dealt = self._dealt[seat, suit]
                new = (row.children[0],) + tuple(self._buttons[c] for c in dealt if c not in on_table)
                if row.children != new:
                    row.children = new
                children.append(row)
        for card in hand:
            self._set_tooltip(card, seat, "")
        if pcs:
            items: list[W.Widget] = []
            for p in sorted(pcs, key=lambda p: p.card.sort_key):
                box, kind_label = self._pc_item(p.card)
                kind = "major" if p.is_major else "minor"
                kind_label.value = f'<div class="bl-w-pc-label">{_esc(label(kind, lang))}</div>'
                for k in ("major", "minor"):
                    cls = f"bl-w-pc-{k}"
                    if k == kind and cls not in box._dom_classes:
                        box.add_class(cls)
                    elif k != kind and cls in box._dom_classes:
                        box.remove_class(cls)
                self._set_tooltip(p.card, seat, kind)
                items.append(box)
            self._pcs_title[seat].value = f'<div class="bl-w-pcs-title">{_esc(label("penalty_cards", lang))}</div>'
            new_pcs = tuple(items)
            if self._pcs[seat].children != new_pcs:
                self._pcs[seat].children = new_pcs
            children.append(self._pcs_box[seat])
        new_children = tuple(children)
        if self._seats[seat].children != new_children:
            self._seats[seat].children = new_children

    def _set_tooltip(self, card: Card, seat: Seat, kind: str) -> None:
        """The label a screen reader reads for the card ("West ♦3", "West ♦3, major penalty card")."""
        key = (self._lang, seat, kind)
        if self._tips.get(card) != key:
            self._tips[card] = key
            self._buttons[card].tooltip = _w(f"card.tooltip_{kind}" if kind else "card.tooltip", self._lang,
                                             seat=seat, card=card)

    def _pc_item(self, card: Card) -> tuple[W.VBox, W.HTML]:
        item = self._pc_items.get(card)
        if item is None:
            kind_label = W.HTML()
            box = W.VBox([self._buttons[card], kind_label])
            box.add_class("bl-w-pc")
            item = self._pc_items[card] = (box, kind_label)
        return item

    def _centre_html(self, view: BoardView, st: PlayState) -> str:
        lang = self._lang
        slots: dict[Seat, tuple[Card, str]] = {}
        notes: list[str] = []
        last_label = ""
        for tc in view.trick:
            if tc.how in ("lead", "play"):
                slots[tc.seat] = (tc.card, "bl-lead" if tc.how == "lead" else "bl-play")
            else:
                slots.setdefault(tc.seat, (tc.card, "bl-irregular" if tc.how == "irregular" else "bl-face-down"))
                what = label("lead_out_of_turn" if tc.how == "irregular" else "face_down_lead", lang)
                notes.append(f'<div class="bl-centre-note">{_esc(format_seat(tc.seat, lang))} '
                             f'{_card_html(tc.card, lang)}: {_esc(what)}</div>')
        last = False
        if not slots and st.tricks:
            done = st.tricks[-1]
            slots = {s: (c, "bl-w-last") for s, c in done.plays}
            last = True
            last_label = label("won_by", lang, seat=done.winner)
        parts = [f'<div class="bl" lang="{lang}"><div class="bl-centre"><div class="bl-trick">']
        for seat in _COMPASS:
            cls = f"bl-slot bl-slot-{seat.name.lower()}"
            if seat in slots:
                card, how = slots[seat]
                parts.append(f'<div class="{cls} {how}">{_card_html(card, lang)}</div>')
            else:
                parts.append(f'<div class="{cls} bl-slot-empty">{_esc(format_seat(seat, lang, "letter"))}</div>')
        if view.over:
            trick_label = label("play_over", lang)
        elif last:
            trick_label = label("trick_no", lang, number=len(st.tricks)) + " " + last_label
        else:
            trick_label = label("trick_no", lang, number=view.trick_no or 1)
        parts.append(f'<div class="bl-trick-label">{_esc(trick_label)}</div></div>')
        parts.extend(notes)
        parts.append("</div></div>")
        return "".join(parts)

    def _render_corners(self, view: BoardView) -> None:
        lang = self._lang
        c = self.table.contract
        level, trump, suffix = contract_text(c, lang)
        strain = (f'<span class="bl-sym {"bl-red" if trump.is_red else "bl-black"}">{trump.symbol}</span>'
                  if trump is not None else "")
        declarer = format_seat(self.table.declarer, lang, "letter")
        self._corner_nw.value = (f'<div class="bl"><div class="bl-contract"><span class="bl-info-label">'
                                 f'{_esc(label("contract", lang))} </span><span class="bl-info-value">{level}'
                                 f'{strain}{_esc(suffix)}</span> {_esc(declarer)}</div></div>')
        won = view.tricks_won or (0, 0)
        lines = "".join(f'<div class="bl-tricks-won">{_esc(side_label(seat, lang))} '
                        f'<span class="bl-info-value">{n}</span></div>'
                        for seat, n in zip((Seat.NORTH, Seat.EAST), won))
        self._corner_ne.value = (f'<div class="bl"><div class="bl-info-label">{_esc(label("tricks", lang))}</div>'
                                 f'{lines}</div>')

    def _render_decision(self, st: PlayState) -> None:
        lang = self._lang
        d = st.pending
        if d is None:
            self._decision.layout.display = "none"
            if self._decision_buttons.children:
                self._decision_buttons.children = ()
            self._decision_key = None
            return
        key = (d, st.irregular_lead, lang)
        if key != self._decision_key:
            self._decision_key = key
            buttons = []
            for choice in decision_choices(st):
                b = W.Button(description=choice.text(lang), tooltip=choice.tooltip(lang),
                             layout=W.Layout(width="auto"))
                b.add_class("bl-w-option")
                b.on_click(self._handler(self._choose, choice.event))
                buttons.append(b)
            self._decision_buttons.children = tuple(buttons)
            self._decision_title.value = (f'<div>{_sentence_html(_w("decision.title", lang, seat=d.by, law=d.law))}'
                                          '</div>')
        self._decision.layout.display = ""

    def _choose(self, event: Event) -> None:
        self.push(event)

    def _render_says(self, view: BoardView, st: PlayState) -> None:
        lang = self._lang
        items = "".join(f"<li>{_sentence_html(s)}</li>" for s in view.statements)
        if not items and st.phase == "over":
            items = f"<li>{_esc(label('play_over', lang))}</li>"
        self._says.value = (f'<div class="bl" lang="{lang}"><div class="bl-statements" aria-live="polite">'
                            f'<div class="bl-statements-title">{_esc(label("director_says", lang))}</div>'
                            f"<ul>{items}</ul></div></div>")

    def _render_message(self) -> None:
        msg = self.message
        if not msg:
            self._message.value = ""
        elif self._error is not None:
            self._message.value = f'<div class="bl-w-error" role="alert">{_sentence_html(msg)}</div>'
        else:
            self._message.value = f'<div class="bl-w-info" role="status">{_sentence_html(msg)}</div>'

    def _render_history(self) -> None:
        lang = self._lang
        n = len(self.table.history)
        total = n + len(self._future)
        with self._sync(), self._slider.hold_sync():
            self._slider.max = max(self._slider.max, total)
            self._slider.value = n
            self._slider.max = total
        self._undo.disabled = n == 0
        self._first.disabled = n == 0
        self._redo.disabled = not self._future
        self._last.disabled = not self._future
        if n == 0:
            what = _w("history.start", lang, total=total)
        else:
            ev = self.table.history[-1]
            what = _w("history.at", lang, n=n, total=total,
                      what=_timeline.describe_event(ev, lang, self.table.states[n - 1]))
        self._history_label.value = f"<div>{_sentence_html(what)}</div>"

    def _render_hint(self) -> None:
        self._hint.value = f"<div>{_sentence_html(_w(f'hint.{self._mode}', self._lang))}</div>"

    def _render_sim(self) -> None:
        if self._mode != "simultaneous":
            self._sim_box.layout.display = "none"
            return
        self._sim_box.layout.display = ""
        lang = self._lang
        if self._selected:
            txt = _w("sim.selected", lang, seat=self._owner(self._selected[0]), cards=tuple(self._selected))
        else:
            txt = _w("sim.pick", lang)
        self._sim_label.value = f"<div>{_sentence_html(txt)}</div>"
        self._sim_play.disabled = len(self._selected) < 2

    def _render_dynamic_style(self) -> None:
        """The stylesheet of everything that changes with each card: the cards gone from the hands, whose
        turn it is, the legal cards, who must decide, the cards picked for "two cards at once". It travels
        with the trick in the centre widget, so a played card costs one message."""
        st = self.table.state
        u = f".bl-w.{self._uid}"
        rules = []
        gone = [c for seat in Seat for c in self.table.deal.hand(seat).cards if c not in st.hand(seat)]
        if gone:
            sel = ", ".join(f"{u} .bl-w-row .bl-w-c-{c}" for c in sorted(gone, key=lambda c: c.sort_key))
            rules.append(f"{sel} {{ display: none; }}")
        if st.to_act is not None and st.phase != "over":
            seat = st.to_act.name.lower()
            rules.append(f"{u} .bl-w-seat-{seat} {{ border-color: #1f5fa8; background: #eef4fb; }}")
            if st.pending is None and st.irregular_lead is None:
                turn = "lead" if not st.trick else "play"
                rules.append(f"{u} .bl-w-seat-{seat} .bl-w-turn-{turn} {{ display: inline-block; }}")
        if st.pending is not None:
            seat = st.pending.by.name.lower()
            rules.append(f"{u} .bl-w-seat-{seat} {{ border-color: #e07b00; }}")
            rules.append(f"{u} .bl-w-seat-{seat} .bl-w-decides {{ display: inline-block; }}")
        if self._mode == "play" and self._legal.value and st.to_act is not None and st.to_act not in self.hidden:
            legal = sorted(self.table.legal_cards(), key=lambda c: c.sort_key)
            if legal:
                sel = ", ".join(f"{u} .bl-w-c-{c}" for c in legal)
                rules.append(f"{sel} {{ box-shadow: 0 0 0 3px #2e8b57; background: #f1fbf3; }}")
        if self._mode != "play":
            rules.append(f"{u} .jupyter-button.bl-w-card {{ border-color: #e07b00; }}")
        if self._selected:
            sel = ", ".join(f"{u} .bl-w-c-{c}" for c in self._selected)
            rules.append(f"{sel} {{ background: #ffe3c2; box-shadow: 0 0 0 3px #e07b00; }}")
        self._dynamic_css = "\n".join(rules)
        self._centre.value = f"<style>{self._dynamic_css}</style>{self._centre_markup}"

    def _render_timeline(self) -> None:
        if not self._show_tl.value:
            self._timeline_box.layout.display = "none"
            return
        self._timeline_box.layout.display = ""
        self._timeline.value = _timeline.table_html(self.table, self._lang, cache=self._timeline_rows)

    @contextmanager
    def _sync(self) -> Iterator[None]:
        """Set widget values from Python without running their observers."""
        old = self._syncing
        self._syncing = True
        try:
            yield
        finally:
            self._syncing = old


def _slug(stem: str) -> str:
    s = re.sub(r"[^A-Za-z0-9_.-]+", "-", stem).strip("-.")
    return s if s and s[0].isalnum() else f"scenario-{s}".rstrip("-")

